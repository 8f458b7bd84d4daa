//! Wings: a pivot cell and two pincers that it sees, over the graph's edges.
//!
//! XY-wing: a pivot with candidates {x, y} sees a pincer {x, z} and a pincer
//! {y, z}; whichever the pivot takes, one pincer is z, so z leaves every cell
//! that sees both pincers. XYZ-wing: the pivot is {x, y, z}, so it may be z
//! itself, and z leaves the cells that see all three.

use super::{Board, Logic, Step, Technique};

/// The first XY-wing that removes something, by pivot cell.
pub(super) fn xy(logic: &Logic, board: &Board) -> Option<Step> {
    wing(logic, board, 2)
}

/// The first XYZ-wing that removes something, by pivot cell.
pub(super) fn xyz(logic: &Logic, board: &Board) -> Option<Step> {
    wing(logic, board, 3)
}

/// A wing whose pivot has `pivot_size` candidates (2: XY-wing, 3: XYZ-wing).
fn wing(logic: &Logic, board: &Board, pivot_size: usize) -> Option<Step> {
    let technique = if pivot_size == 2 {
        Technique::XyWing
    } else {
        Technique::XyzWing
    };
    let open = |c: usize| board.placed[c].is_none();
    for pivot in (0..board.placed.len()).filter(|&c| open(c)) {
        let set = board.candidates[pivot];
        if set.len() != pivot_size {
            continue;
        }
        // Bivalue neighbours sharing exactly one candidate with an XY pivot,
        // or two with an XYZ pivot.
        let pincers: Vec<usize> = logic.neighbours[pivot]
            .iter()
            .copied()
            .filter(|&c| {
                open(c)
                    && board.candidates[c].len() == 2
                    && board.candidates[c].and(set).len() == pivot_size - 1
            })
            .collect();
        for (i, &p) in pincers.iter().enumerate() {
            for &q in &pincers[i + 1..] {
                let (sp, sq) = (board.candidates[p], board.candidates[q]);
                let common = sp.and(sq);
                if common.len() != 1 || sp.union(sq).union(set).len() != 3 || sp == sq {
                    continue;
                }
                let z = common.min().expect("one common candidate");
                if pivot_size == 2 && set.contains(z) {
                    continue;
                }
                if pivot_size == 3 && !set.contains(z) {
                    continue;
                }
                let eliminated: Vec<(usize, u8)> = logic.neighbours[p]
                    .iter()
                    .copied()
                    .filter(|&c| {
                        c != q
                            && c != pivot
                            && open(c)
                            && board.candidates[c].contains(z)
                            && logic.sees(q, c)
                            && (pivot_size == 2 || logic.sees(pivot, c))
                    })
                    .map(|c| (c, z))
                    .collect();
                if eliminated.is_empty() {
                    continue;
                }
                let mut eliminated = eliminated;
                eliminated.sort_unstable();
                return Some(Step::removing(
                    technique,
                    eliminated,
                    vec![pivot, p, q],
                    Vec::new(),
                    vec![z],
                ));
            }
        }
    }
    None
}
