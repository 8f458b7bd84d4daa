//! Fish (X-wing, swordfish, jellyfish) over any two families of disjoint houses.
//!
//! A *family* is a set of pairwise disjoint full houses of one kind (the rows,
//! the columns, the boxes, a variant's regions). Take `n` base houses of one
//! family in which a symbol is still open: if all its places there lie in `n`
//! cover houses of another family, each cover house gets its symbol from a
//! base house, so the symbol leaves the cover houses' other cells. Base and
//! cover houses must meet in one cell at most (rows and columns do); families
//! that meet in two cells or more (a row and a box) make locked candidates
//! instead, which come earlier.

use super::subsets::first_combination;
use super::{Board, Logic, Step, Technique};
use crate::graph::ConstraintGraph;

/// Pairwise disjoint full houses of one kind, and which of them holds each cell.
#[derive(Debug, Clone)]
pub(super) struct Family {
    pub(super) houses: Vec<usize>,
    /// The house of the family holding each cell, `usize::MAX` for none.
    pub(super) of_cell: Vec<usize>,
}

/// The families of `graph` (full houses grouped by kind, when disjoint), and
/// the (base, cover) pairs whose houses meet in one cell at most.
pub(super) fn families(
    graph: &ConstraintGraph,
    full: &[bool],
) -> (Vec<Family>, Vec<(usize, usize)>) {
    let houses = graph.houses();
    let mut kinds: Vec<_> = houses.iter().map(|h| h.kind).collect();
    kinds.sort();
    kinds.dedup();
    let mut families = Vec::new();
    for kind in kinds {
        let members: Vec<usize> = (0..houses.len())
            .filter(|&h| houses[h].kind == kind && full[h])
            .collect();
        if members.len() < 2 {
            continue;
        }
        let mut of_cell = vec![usize::MAX; graph.len()];
        let mut disjoint = true;
        for &h in &members {
            for &c in &houses[h].cells {
                disjoint &= of_cell[c] == usize::MAX;
                of_cell[c] = h;
            }
        }
        if disjoint {
            families.push(Family {
                houses: members,
                of_cell,
            });
        }
    }
    let mut pairs = Vec::new();
    for (a, base) in families.iter().enumerate() {
        for (b, cover) in families.iter().enumerate().filter(|&(b, _)| b != a) {
            let thin = base.houses.iter().all(|&h| {
                let mut seen = Vec::new();
                houses[h].cells.iter().all(|&c| {
                    let other = cover.of_cell[c];
                    if other == usize::MAX || !seen.contains(&other) {
                        seen.push(other);
                        true
                    } else {
                        false
                    }
                })
            });
            if thin {
                pairs.push((a, b));
            }
        }
    }
    (families, pairs)
}

/// The first fish of `size` (2 to 4) base houses that removes something: by
/// symbol, then family pair, then base houses in lexicographic order.
pub(super) fn find(logic: &Logic, board: &Board, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let houses = logic.graph.houses();
    let k = logic.graph.alphabet().len() as u8;
    for colour in 0..k {
        // The open cells of `h` that may hold the symbol, or None when it is placed there.
        let places = |h: usize| -> Option<Vec<usize>> {
            let mut cells = Vec::new();
            for &c in &houses[h].cells {
                match board.placed[c] {
                    Some(v) if v == colour => return None,
                    Some(_) => {}
                    None if board.candidates[c].contains(colour) => cells.push(c),
                    None => {}
                }
            }
            Some(cells)
        };
        for &(a, b) in &logic.fish_pairs {
            let (base, cover) = (&logic.families[a], &logic.families[b]);
            let bases: Vec<(usize, Vec<usize>)> = base
                .houses
                .iter()
                .filter_map(|&h| places(h).map(|cells| (h, cells)))
                .filter(|(_, cells)| (2..=size).contains(&cells.len()))
                .collect();
            let found =
                first_combination(&(0..bases.len()).collect::<Vec<_>>(), size, &mut |chosen| {
                    let mut covers: Vec<usize> = Vec::new();
                    for &i in chosen {
                        for &c in &bases[i].1 {
                            let h = cover.of_cell[c];
                            if h == usize::MAX {
                                return None;
                            }
                            if !covers.contains(&h) {
                                covers.push(h);
                                if covers.len() > size {
                                    return None;
                                }
                            }
                        }
                    }
                    if covers.len() != size {
                        return None;
                    }
                    covers.sort_unstable();
                    let inside: Vec<usize> = chosen
                        .iter()
                        .flat_map(|&i| bases[i].1.iter().copied())
                        .collect();
                    let mut eliminated: Vec<(usize, u8)> = covers
                        .iter()
                        .flat_map(|&h| houses[h].cells.iter().copied())
                        .filter(|c| {
                            board.placed[*c].is_none()
                                && board.candidates[*c].contains(colour)
                                && !chosen.iter().any(|&i| bases[i].0 == base.of_cell[*c])
                        })
                        .map(|c| (c, colour))
                        .collect();
                    eliminated.sort_unstable();
                    eliminated.dedup();
                    if eliminated.is_empty() {
                        return None;
                    }
                    let mut cells = inside;
                    cells.sort_unstable();
                    let mut fish_houses: Vec<usize> = chosen.iter().map(|&i| bases[i].0).collect();
                    fish_houses.extend(covers);
                    Some(Step::removing(
                        technique,
                        eliminated,
                        cells,
                        fish_houses,
                        vec![colour],
                    ))
                });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
