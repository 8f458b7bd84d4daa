//! Implied sums, found before the search: what the full houses and the sums
//! of a puzzle say together (the Interactive Sudoku Solver's optimizer).
//!
//! A full house holds every colour once, so its values sum to the sum of all
//! values, `S`; a union of `i` disjoint full houses sums to `i·S`. Taking the
//! plain sums (cages, little killers…) that do not overlap:
//!
//! - **innies and outies**: for a union `R` of the first `i` houses of a layer
//!   (rows top down and bottom up, columns both ways, boxes, any kind of
//!   house that tiles the board), with `P` the union of the sums lying mostly
//!   inside it, the cells of `R` outside `P` less those of `P` outside `R` sum
//!   to `i·S` less the sums' totals: Σ(R∖P) − Σ(P∖R) = i·S − Σ totals, kept
//!   when few cells are left over;
//! - **hidden cages**: in one house, the cells no sum inside it covers sum to
//!   `S` less those sums' totals; and a sum sticking out of the house by one
//!   cell ties that cell to the rest of the house (an outie).
//!
//! Every implied sum holds in every solution of the puzzle as written (each
//! is a difference of equations that hold), so the solutions do not change:
//! `tests/optimizer.rs` checks it on random small puzzles against the search
//! without them. Propagation only gets stronger.

use std::collections::HashSet;

use crate::graph::ConstraintGraph;
use crate::rules::primitive::Sum;

/// Implied sums of more cells than this are left out (they prune little and
/// cost a wake each time one of their cells changes), unless a cell of them
/// has no sum at all.
const MAX_CELLS: usize = 6;

/// What the optimizer reads of a puzzle.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Puzzle<'a> {
    /// How many cells.
    pub cells: usize,
    /// The full houses, each with its kind (houses of one kind that tile
    /// part of the board make a layer).
    pub houses: &'a [(u8, Vec<u32>)],
    /// The sum of every colour's value: what a full house sums to.
    pub house_sum: i64,
    /// The puzzle's sums (of any weights; only the plain ones are used).
    pub sums: &'a [Sum],
}

/// The full houses of `graph` (a cell for each of its `colours`), each with
/// its kind: what [`Puzzle::houses`] takes.
pub(crate) fn full_houses(graph: &ConstraintGraph, colours: usize) -> Vec<(u8, Vec<u32>)> {
    (graph.houses().iter())
        .filter(|h| h.cells.len() == colours)
        .map(|h| (h.kind as u8, h.cells.iter().map(|&c| c as u32).collect()))
        .collect()
}

/// The sums implied by `puzzle`'s houses and plain sums, none of them a sum
/// the puzzle has already.
pub(crate) fn implied(puzzle: Puzzle<'_>) -> Vec<Sum> {
    let pieces = disjoint(puzzle.sums, puzzle.cells);
    if pieces.is_empty() {
        return Vec::new();
    }
    let mut in_sum = vec![false; puzzle.cells];
    for p in &pieces {
        for &c in &p.cells {
            in_sum[c] = true;
        }
    }
    let mut out = Vec::new();
    for layer in layers(puzzle.houses, puzzle.cells) {
        innies_and_outies(&puzzle, &layer, &pieces, &in_sum, &mut out);
    }
    for (_, house) in puzzle.houses {
        hidden_cages(&puzzle, house, &pieces, &mut out);
    }
    // Each sum once, and none the puzzle has.
    let key = |s: &Sum| {
        let mut pairs: Vec<(usize, i64)> = s.cells.iter().copied().zip(s.weights.clone()).collect();
        pairs.sort_unstable();
        (pairs, s.total)
    };
    let mut seen: HashSet<_> = puzzle.sums.iter().map(key).collect();
    out.retain(|s| !s.cells.is_empty() && seen.insert(key(s)));
    out
}

/// The plain sums that share no cell, greedily in the puzzle's order, and
/// those of distinct cells (cages) first: the pieces the equations add up.
fn disjoint(sums: &[Sum], cells: usize) -> Vec<Sum> {
    let mut taken = vec![false; cells];
    let mut out = Vec::new();
    let plain = sums.iter().filter(|s| s.is_plain() && !s.cells.is_empty());
    for s in plain {
        if s.cells.iter().all(|&c| !taken[c]) {
            s.cells.iter().for_each(|&c| taken[c] = true);
            out.push(s.clone());
        }
    }
    out
}

/// The layers of the board: for each kind of full house, its houses in
/// order and in reverse, when they are pairwise disjoint and there are at
/// least three of them.
fn layers(houses: &[(u8, Vec<u32>)], cells: usize) -> Vec<Vec<&[u32]>> {
    let mut kinds: Vec<u8> = houses.iter().map(|h| h.0).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let mut out = Vec::new();
    for kind in kinds {
        let layer: Vec<&[u32]> = (houses.iter())
            .filter(|h| h.0 == kind)
            .map(|h| h.1.as_slice())
            .collect();
        let mut seen = vec![false; cells];
        let disjoint = (layer.iter())
            .flat_map(|h| h.iter())
            .all(|&c| !std::mem::replace(&mut seen[c as usize], true));
        if layer.len() < 3 || !disjoint {
            continue;
        }
        let mut reversed = layer.clone();
        reversed.reverse();
        out.push(layer);
        out.push(reversed);
    }
    out
}

/// Innies and outies of the unions of the first houses of `layer`: from two
/// houses to all of them.
fn innies_and_outies(
    puzzle: &Puzzle<'_>,
    layer: &[&[u32]],
    pieces: &[Sum],
    in_sum: &[bool],
    out: &mut Vec<Sum>,
) {
    let n = puzzle.cells;
    let mut region = vec![false; n];
    let mut covered = vec![false; n];
    let mut used = vec![false; pieces.len()];
    let mut total = 0i64;
    for (i, house) in layer.iter().enumerate() {
        house.iter().for_each(|&c| region[c as usize] = true);
        // Pieces lying mostly inside the region join it.
        for (p, piece) in pieces.iter().enumerate() {
            let inside = piece.cells.iter().filter(|&&c| region[c]).count();
            if !used[p] && 2 * inside > piece.cells.len() {
                used[p] = true;
                total += piece.total;
                piece.cells.iter().for_each(|&c| covered[c] = true);
            }
        }
        // The first house alone is the hidden cages' work.
        if i == 0 {
            continue;
        }
        let innies: Vec<usize> = (0..n).filter(|&c| region[c] && !covered[c]).collect();
        let outies: Vec<usize> = (0..n).filter(|&c| covered[c] && !region[c]).collect();
        let (a, b) = (innies.len(), outies.len());
        if a + b == 0 || a + b > layer[0].len() || (a > 2 && b > 2) {
            continue;
        }
        let all_summed = innies.iter().chain(&outies).all(|&c| in_sum[c]);
        if all_summed && a + b > MAX_CELLS {
            continue;
        }
        // Σ innies − Σ outies = (i + 1)·S − Σ totals.
        let mut cells = innies.clone();
        cells.extend(&outies);
        let mut weights = vec![1; a];
        weights.extend(std::iter::repeat_n(-1, b));
        let value = (i as i64 + 1) * puzzle.house_sum - total;
        out.push(Sum::new(&cells, &weights, value));
    }
}

/// A house's hidden cage (its cells outside the sums inside it) and its
/// outies (sums with one cell outside it).
fn hidden_cages(puzzle: &Puzzle<'_>, house: &[u32], pieces: &[Sum], out: &mut Vec<Sum>) {
    let inside = |c: usize| house.contains(&(c as u32));
    let mut constrained: Vec<usize> = Vec::new();
    let mut constrained_sum = 0;
    let mut sticking_out = Vec::new();
    for piece in pieces {
        let within = piece.cells.iter().filter(|&&c| inside(c)).count();
        if within == piece.cells.len() {
            constrained.extend(&piece.cells);
            constrained_sum += piece.total;
        } else if within > 0 && piece.cells.len() - within == 1 {
            sticking_out.push(piece);
        }
    }
    if constrained.is_empty() && sticking_out.is_empty() {
        return;
    }
    let rest: Vec<usize> = (house.iter())
        .map(|&c| c as usize)
        .filter(|c| !constrained.contains(c))
        .collect();
    let rest_sum = puzzle.house_sum - constrained_sum;
    // An outie: the cell outside equals the house's rest inside the piece's
    // complement, offset.
    for piece in sticking_out {
        let remaining: Vec<usize> = (rest.iter())
            .copied()
            .filter(|c| !piece.cells.contains(c))
            .collect();
        if remaining.len() + 1 > MAX_CELLS {
            continue;
        }
        let outside = *piece
            .cells
            .iter()
            .find(|&&c| !inside(c))
            .expect("one outside");
        let mut cells = remaining.clone();
        cells.push(outside);
        let mut weights = vec![1; remaining.len()];
        weights.push(-1);
        out.push(Sum::new(&cells, &weights, rest_sum - piece.total));
    }
    if constrained.len() >= 2 && !rest.is_empty() {
        out.push(Sum::plain(&rest, rest_sum));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of a 4×4 board (cells row by row), as one layer.
    fn rows() -> Vec<(u8, Vec<u32>)> {
        (0..4)
            .map(|r| (0, (0..4).map(|c| r * 4 + c).collect()))
            .collect()
    }

    #[test]
    fn a_house_less_its_cages_is_a_hidden_cage() {
        let houses = rows();
        let sums = vec![Sum::plain(&[0, 1], 3)];
        let puzzle = Puzzle {
            cells: 16,
            houses: &houses,
            house_sum: 10,
            sums: &sums,
        };
        let implied = implied(puzzle);
        assert!(implied.contains(&Sum::plain(&[2, 3], 7)), "{implied:?}");
    }

    #[test]
    fn a_cage_sticking_out_of_two_rows_gives_an_outie() {
        let houses = rows();
        // Rows 1 and 2 (cells 0..8) are covered by cages but one cage takes
        // cell 8 from row 3 and leaves cell 7 out: 7 − 8 = 20 − totals.
        let sums = vec![Sum::plain(&[0, 1, 2, 3], 10), Sum::plain(&[4, 5, 6, 8], 9)];
        let puzzle = Puzzle {
            cells: 16,
            houses: &houses,
            house_sum: 10,
            sums: &sums,
        };
        let implied = implied(puzzle);
        assert!(
            implied.contains(&Sum::new(&[7, 8], &[1, -1], 1)),
            "{implied:?}"
        );
    }
}

/// The solutions of random small rule puzzles, found by the search with the
/// implied sums, the cages' complements and their required colours, are
/// exactly those brute force finds among every grid: nothing the optimizer or
/// the primitives add removes a solution, and nothing lets a wrong one in.
#[cfg(test)]
mod soundness {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    use crate::puzzle::{Puzzle, Solution};
    use crate::{ConstraintGraph, Solver, verify};

    /// A number below `n` (seeded: the same cases every run).
    fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
        (rng.next_u64() % n as u64) as usize
    }

    /// A random rule puzzle of 4×4 around `grid` (values row by row): cages
    /// covering it (their totals now and then off by one), a thermometer, a
    /// renban and a little sum where the grid allows, and a few givens.
    fn random_puzzle(rng: &mut ChaCha8Rng, grid: &[u8]) -> Option<(ConstraintGraph, Puzzle)> {
        let name = |c: usize| format!("\"r{}c{}\"", c / 4 + 1, c % 4 + 1);
        let value = |c: usize| grid[c] as i64 + 1;
        let mut order: Vec<usize> = (0..16).collect();
        for i in (1..16).rev() {
            order.swap(i, below(rng, i + 1));
        }
        let mut rules = Vec::new();
        let mut at = 0;
        while at < 16 {
            let size = (1 + below(rng, 4)).min(16 - at);
            let cells = &order[at..at + size];
            at += size;
            let mut total: i64 = cells.iter().map(|&c| value(c)).sum();
            if below(rng, 6) == 0 {
                total += 1;
            }
            let names: Vec<String> = cells.iter().map(|&c| name(c)).collect();
            let distinct = {
                let mut v: Vec<i64> = cells.iter().map(|&c| value(c)).collect();
                v.sort_unstable();
                v.windows(2).all(|w| w[0] != w[1])
            };
            match (distinct, below(rng, 3)) {
                (true, 0 | 1) => rules.push(format!(
                    "Killer(cells: [{}], total: {total})",
                    names.join(", ")
                )),
                _ => rules.push(format!(
                    "Cage(cells: [{}], total: {total})",
                    names.join(", ")
                )),
            }
        }
        // A thermometer along a row where the grid rises.
        let row = below(rng, 4) * 4;
        if value(row) < value(row + 1) {
            rules.push(format!("Thermometer([{}, {}])", name(row), name(row + 1)));
        }
        // A renban of two neighbours in a row holding consecutive values.
        let c = below(rng, 4) * 4 + below(rng, 3);
        if (value(c) - value(c + 1)).abs() == 1 {
            rules.push(format!("Renban([{}, {}])", name(c), name(c + 1)));
        }
        let source = format!(
            "Variant(name: \"random\", extends: \"sudoku4\", rules: [{}])",
            rules.join(", ")
        );
        // A total off by one may be out of a cage's reach: refused, as it should.
        let variant = crate::variant::parse(&source, "random").ok()?;
        let graph = ConstraintGraph::build(&variant).ok()?;
        let mut givens = vec![None; 16];
        for _ in 0..below(rng, 3) {
            let c = below(rng, 16);
            givens[c] = Some(grid[c]);
        }
        Some((graph, Puzzle::new(givens)))
    }

    #[test]
    fn the_search_finds_exactly_the_solutions_brute_force_finds() {
        let plain = ConstraintGraph::load("sudoku4").unwrap();
        let grids: Vec<Solution> = Solver::new(&plain).search(&Puzzle::empty(16)).collect();
        assert_eq!(grids.len(), 288);
        let rng = &mut ChaCha8Rng::seed_from_u64(0x2545_f491_4f6c_dd1d);
        let (mut none, mut one, mut more) = (0, 0, 0);
        for round in 0..300 {
            let grid = grids[below(rng, grids.len())].colours().to_vec();
            let Some((graph, puzzle)) = random_puzzle(rng, &grid) else {
                continue;
            };
            let mut brute: Vec<Vec<u8>> = (grids.iter())
                .filter(|s| verify(&graph, &puzzle, s).is_ok())
                .map(|s| s.colours().to_vec())
                .collect();
            let mut found: Vec<Vec<u8>> = (Solver::new(&graph).search(&puzzle))
                .map(|s| s.colours().to_vec())
                .collect();
            brute.sort();
            found.sort();
            assert_eq!(found, brute, "round {round}: {:?}", graph.rules());
            match brute.len() {
                0 => none += 1,
                1 => one += 1,
                _ => more += 1,
            }
        }
        // Every outcome was exercised.
        assert!(none > 10 && one > 10 && more > 10, "{none} {one} {more}");
    }
}
