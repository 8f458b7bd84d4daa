//! Sudoku Explainer's rating ladder: the producers of SukakuExplainer's
//! `serate` (default options) in its order, each finding what it finds in the
//! order it finds it, over the graph's houses and edges.
//!
//! `serate` asks its producers in a fixed order and applies the first hint
//! the first producer gives; a producer that sorts its hints (strong links,
//! the wings, the chains) gives its easiest. The order is not the order of
//! the ratings: a unique rectangle (4.5) is asked for before a naked quad
//! (5.0), the XY-cycles (from 6.5) before the aligned triple exclusion (7.5).
//! Sources: SukakuExplainer's `diuf/sudoku/solver/Solver.java` (the
//! `revisedRating == 0` list) and the rules it names.
//!
//! Everything here works on a [`Grid`] of candidate masks, where a placed cell
//! has none (as Sudoku Explainer's grid has), so that the forcing chains can
//! run the same producers on the grids their assumptions leave.
//!
//! Attribution and licence: this module and its submodules are a Rust port
//! of the rating algorithms of SukakuExplainer
//! (<https://github.com/SudokuMonster/SukakuExplainer>: @dobrichev, @1to9only,
//! @SudokuMonster, @sudokuwiki), which builds on Nicolas Juillerat's Sudoku
//! Explainer (2006–2019) and gsf's `serate` modification of it. Those are
//! distributed under the GNU Lesser General Public License v2.1; being
//! derived from them (their algorithms, orders and ratings rewritten over
//! houses and edges, no Java source copied), this module is under the
//! LGPL-2.1 too.

mod aligned;
mod basic;
pub(super) mod chaining;
mod links;
mod unique;
mod wings;

use super::{Board, Logic, Step, Technique};
use crate::graph::HouseKind;

/// A set of candidates (bit `v` is symbol `v`): the ladder needs at most 64 symbols.
pub(super) type Mask = u64;

/// Every cell's candidates; a placed cell has none.
pub(super) type Grid = Vec<Mask>;

/// The bit of symbol `v`.
pub(super) fn bit(v: u8) -> Mask {
    1 << v
}

/// The symbols of `mask`, ascending.
pub(super) fn symbols(mut mask: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            v
        })
    })
}

/// The widest alphabet the ladder rates.
pub(super) const MAX_SYMBOLS: usize = 64;

/// What a producer found: the candidates it removes (in the order Sudoku
/// Explainer's map of them is walked, which the nested chains follow), the
/// cell it places, its rating, and the pattern for [`Step`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Hint {
    pub technique: Technique,
    pub se: u16,
    pub place: Option<(usize, u8)>,
    pub removals: Vec<(usize, Mask)>,
    pub cells: Vec<usize>,
    pub houses: Vec<usize>,
    pub colours: Vec<u8>,
}

impl Hint {
    /// A hint that removes `removals`, nothing placed.
    fn removing(
        technique: Technique,
        se: u16,
        removals: Vec<(usize, Mask)>,
        cells: Vec<usize>,
        houses: Vec<usize>,
        colours: Vec<u8>,
    ) -> Self {
        Hint {
            technique,
            se,
            place: None,
            removals,
            cells,
            houses,
            colours,
        }
    }

    /// The number of candidates it removes.
    fn removal_count(&self) -> usize {
        self.removals
            .iter()
            .map(|&(_, m)| m.count_ones() as usize)
            .sum()
    }

    /// The step: removals listed by cell, then symbol.
    pub(super) fn into_step(self) -> Step {
        let mut eliminated: Vec<(usize, u8)> = self
            .removals
            .iter()
            .flat_map(|&(cell, mask)| symbols(mask).map(move |v| (cell, v)))
            .collect();
        eliminated.sort_unstable();
        eliminated.dedup();
        Step {
            technique: self.technique,
            placed: self.place,
            eliminated,
            cells: self.cells,
            houses: self.houses,
            colours: self.colours,
            rule: None,
            se: self.se,
        }
    }
}

/// The houses in the orders Sudoku Explainer walks them, computed once.
#[derive(Debug, Clone, Default)]
pub(super) struct Shape {
    /// Each cell's full houses as its chains visit them: boxes (and other
    /// regions), then rows, columns, the rest.
    pub regions: Vec<Vec<usize>>,
    /// The full houses as the singles and subsets visit them: boxes, columns,
    /// rows, the rest.
    pub scan: Vec<usize>,
    /// Each cell's neighbours, ascending.
    pub peers: Vec<Vec<usize>>,
    /// The locked-candidate pairs in groups visited one after the other:
    /// box and column, box and row, column and box, row and box, the rest.
    pub locking: Vec<Vec<Lock>>,
    /// The fish family pairs (base, cover) in Sudoku Explainer's order:
    /// columns as the base first, then rows, then the rest.
    pub fish: Vec<(usize, usize)>,
    /// Every edge comes from a full house (the uniqueness techniques need it).
    pub plain: bool,
}

/// A full house `a` and another house `b` sharing two cells or more.
#[derive(Debug, Clone)]
pub(super) struct Lock {
    pub a: usize,
    pub b: usize,
    /// The shared cells, as positions in `a`.
    pub shared: u64,
    /// The cells of `b` outside `a`.
    pub outside: Vec<usize>,
    /// The other full houses of `a`'s kind that cross `b` (for the direct
    /// hints), with the cells the hint empties (`b`'s outside `a`) in them
    /// as positions.
    pub crossing: Vec<(usize, u64)>,
}

/// Where a house kind comes in a chain's visit of a cell's houses.
fn chain_rank(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        HouseKind::Diagonal | HouseKind::Listed => 3,
        _ => 0,
    }
}

/// Where a house kind comes in a scan of the houses (boxes, columns, rows).
fn scan_rank(kind: HouseKind) -> u8 {
    match chain_rank(kind) {
        1 => 2,
        2 => 1,
        r => r,
    }
}

impl Shape {
    pub(super) fn new(logic: &Logic) -> Self {
        let houses = logic.graph.houses();
        let kind = |h: usize| houses[h].kind;
        let mut regions = logic.houses_of.clone();
        for list in &mut regions {
            list.sort_by_key(|&h| (chain_rank(kind(h)), h));
        }
        let mut scan: Vec<usize> = (0..houses.len()).filter(|&h| logic.full[h]).collect();
        scan.sort_by_key(|&h| (scan_rank(kind(h)), h));
        let peers = logic
            .neighbours
            .iter()
            .map(|list| {
                let mut sorted = list.clone();
                sorted.sort_unstable();
                sorted
            })
            .collect();
        // Locked candidates, grouped by the kinds of the two houses.
        let group = |a: usize, b: usize| match (chain_rank(kind(a)), chain_rank(kind(b))) {
            (0, 2) => 0,
            (0, 1) => 1,
            (2, 0) => 2,
            (1, 0) => 3,
            _ => 4,
        };
        let mut locking = vec![Vec::new(); 5];
        let within = |h: usize, cells: &[usize]| -> u64 {
            (houses[h].cells.iter().enumerate())
                .filter(|(_, c)| cells.contains(c))
                .fold(0, |m, (i, _)| m | 1 << i)
        };
        for (a, b, shared) in &logic.intersections {
            let (a, b) = (*a, *b);
            let crossing = (0..houses.len())
                .filter(|&h| {
                    h != a
                        && logic.full[h]
                        && chain_rank(kind(h)) == chain_rank(kind(a))
                        && houses[h].cells.iter().any(|c| houses[b].cells.contains(c))
                })
                .map(|h| {
                    // The cells the hint empties: `b`'s, outside `a` (on
                    // some shapes a house of `a`'s kind overlaps `a`).
                    let emptied: Vec<usize> = (houses[b].cells.iter().copied())
                        .filter(|c| !houses[a].cells.contains(c))
                        .collect();
                    (h, within(h, &emptied))
                })
                .collect();
            locking[group(a, b)].push(Lock {
                a,
                b,
                shared: within(a, shared),
                outside: (houses[b].cells.iter().copied())
                    .filter(|c| !houses[a].cells.contains(c))
                    .collect(),
                crossing,
            });
        }
        for list in &mut locking {
            list.sort_by_key(|l| (l.a, l.b));
        }
        let family_rank = |f: usize| {
            let first = logic.families[f].houses[0];
            match chain_rank(kind(first)) {
                2 => 0,
                1 => 1,
                _ => 2,
            }
        };
        let mut fish = logic.fish_pairs.clone();
        fish.sort_by_key(|&(a, b)| (family_rank(a), a, b));
        Shape {
            regions,
            scan,
            peers,
            locking,
            fish,
            plain: unique::plain(logic),
        }
    }
}

/// The board's candidates as the ladder sees them.
pub(super) fn grid_of(board: &Board) -> Grid {
    (0..board.placed.len())
        .map(|c| match board.placed[c] {
            Some(_) => 0,
            None => board.candidates[c].iter().fold(0, |m, v| m | bit(v)),
        })
        .collect()
}

/// Every house's positions of every symbol: `places[h × k + v]`.
pub(super) fn house_places(logic: &Logic, grid: &[Mask]) -> Vec<u64> {
    let k = logic.graph.alphabet().len();
    let houses = logic.graph.houses();
    let mut places = vec![0u64; houses.len() * k];
    for (h, house) in houses.iter().enumerate() {
        let row = &mut places[h * k..(h + 1) * k];
        for (i, &c) in house.cells.iter().enumerate() {
            for v in symbols(grid[c]) {
                row[v as usize] |= 1 << i;
            }
        }
    }
    places
}

/// The positions (bit `i` is the house's `i`th cell) of symbol `v` in `cells`.
pub(super) fn positions(grid: &[Mask], cells: &[usize], v: u8) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| grid[c] & bit(v) != 0)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Calls `each` on every `size`-element subset of `0..items` (a bitmask), in
/// increasing order of the mask (Sudoku Explainer's `Permutations`), while it
/// returns true.
pub(super) fn subsets(items: usize, size: usize, each: &mut dyn FnMut(u64) -> bool) {
    if size == 0 || size > items || items > 64 {
        return;
    }
    let limit: u128 = 1 << items;
    let mut v: u128 = (1 << size) - 1;
    while v < limit {
        if !each(v as u64) {
            return;
        }
        let t = v | (v - 1);
        v = (t + 1) | (((!t & (t + 1)) - 1) >> (v.trailing_zeros() + 1));
    }
}

/// A producer: calls its argument on each hint it finds, while that
/// returns true.
type Producer<'a> = dyn Fn(&mut dyn FnMut(Hint) -> bool) + 'a;

/// The first hint `producer` finds.
fn first(producer: &Producer) -> Option<Hint> {
    let mut found = None;
    producer(&mut |hint| {
        found = Some(hint);
        false
    });
    found
}

impl Logic<'_> {
    /// The step Sudoku Explainer would take next on `board`: the first hint
    /// of the first producer that finds one, in `serate`'s order; `None`
    /// when none does (or the board is solved). Uniqueness techniques
    /// (unique rectangles and loops, BUG) only when `unique` (the puzzle is
    /// known to have one solution). The forcing chain producers whose base
    /// rating is above `ceiling` (tenths) are not asked: `None` then means
    /// that no step rated `ceiling` or less is there.
    pub(super) fn se_step(&self, board: &Board, unique: bool, ceiling: u16) -> Option<Step> {
        let k = self.graph.alphabet().len();
        if k > MAX_SYMBOLS {
            return self.next_step(board);
        }
        let grid = grid_of(board);
        let g = &grid;
        let places = house_places(self, g);
        let p = &places;
        first(&|f| basic::hidden_singles(self, g, p, f))
            .or_else(|| first(&|f| basic::locking(self, g, p, true, f)))
            .or_else(|| first(&|f| basic::hidden_sets(self, g, p, 2, true, f)))
            .or_else(|| basic::naked_single(g))
            .map(Hint::into_step)
            .or_else(|| super::rules::find(self, board))
            .or_else(|| {
                let g = &grid;
                first(&|f| basic::hidden_sets(self, g, p, 3, true, f))
                    .or_else(|| first(&|f| basic::locking(self, g, p, false, f)))
                    .or_else(|| first(&|f| basic::naked_sets(self, g, 2, f)))
                    .or_else(|| first(&|f| basic::fish(self, g, 2, f)))
                    .or_else(|| first(&|f| basic::hidden_sets(self, g, p, 2, false, f)))
                    .or_else(|| first(&|f| basic::naked_sets(self, g, 3, f)))
                    .or_else(|| first(&|f| basic::fish(self, g, 3, f)))
                    .or_else(|| first(&|f| basic::hidden_sets(self, g, p, 3, false, f)))
                    .or_else(|| self.harder_se_hint(g, p, unique, ceiling))
                    .map(Hint::into_step)
            })
    }

    /// The easiest turbot fish (two strong links), for explain's path.
    pub(super) fn turbot_step(&self, board: &Board) -> Option<Step> {
        links::best(self, &grid_of(board), 2).map(Hint::into_step)
    }

    /// Explain's techniques past the quads, easiest first: longer
    /// strong-link chains, ALS-XZ, forcing chains and cycles.
    pub(super) fn beyond_quads_step(&self, board: &Board) -> Option<Step> {
        let g = &grid_of(board);
        links::best(self, g, 3)
            .or_else(|| wings::als(self, g, 3))
            .or_else(|| links::best(self, g, 4))
            .or_else(|| wings::als(self, g, 4))
            .or_else(|| wings::als(self, g, 5))
            .or_else(|| chaining::cycles(self, g))
            .or_else(|| wings::als(self, g, 6))
            .map(Hint::into_step)
    }

    /// The producers after the hidden triples, in `serate`'s order.
    fn harder_se_hint(&self, g: &Grid, p: &[u64], unique: bool, ceiling: u16) -> Option<Hint> {
        links::best(self, g, 2)
            .or_else(|| first(&|f| wings::xy(self, g, false, f)))
            .or_else(|| first(&|f| wings::xy(self, g, true, f)))
            .or_else(|| unique.then(|| unique::loops(self, g)).flatten())
            .or_else(|| first(&|f| basic::naked_sets(self, g, 4, f)))
            .or_else(|| first(&|f| basic::fish(self, g, 4, f)))
            .or_else(|| first(&|f| basic::hidden_sets(self, g, p, 4, false, f)))
            .or_else(|| links::best(self, g, 3))
            .or_else(|| wings::als(self, g, 3))
            .or_else(|| unique.then(|| unique::bug(self, g)).flatten())
            .or_else(|| links::best(self, g, 4))
            .or_else(|| wings::als(self, g, 4))
            .or_else(|| aligned::pairs(self, g))
            .or_else(|| wings::als(self, g, 5))
            .or_else(|| chaining::cycles(self, g))
            .or_else(|| wings::als(self, g, 6))
            .or_else(|| aligned::triples(self, g))
            .or_else(|| chaining::forcing(self, g, ceiling))
    }
}
