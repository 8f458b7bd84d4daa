//! Colourings whose every class must be a largest stable set: with n
//! vertices, k colours and stable sets of at most α vertices, k·α < n leaves
//! no colouring at all, and k·α = n leaves only exact covers of the vertices
//! by k largest stable sets. Listed, those sets are the variables of a small
//! formula (each vertex in exactly one chosen set), which SAT settles where
//! the colouring formula is lost in the colours' symmetry: queen11_11's
//! 11-colourings are covers by 11 of its 2,680 sets of 11 non-attacking
//! queens, and queen10_10 has no cover by its 724.

use super::cnf::{Cnf, Lit};
use crate::colouring::bounds::stable::{self, Complement};
use crate::colouring::{Adjacency, Clock, Decision};
use crate::graph::PlainGraph;
use crate::solver::Budget;

/// Nodes of the search for α (see [`stable::largest`]).
const STABLE_NODES: u64 = 5_000_000;

/// Largest stable sets listed at most: past this many the cover formula
/// would be too big to help.
const MAX_SETS: usize = 200_000;

/// A colouring of `graph` with `k` colours seen as a cover by largest stable
/// sets, within `budget`: [`Decision::Impossible`] when k·α < n, the cover's
/// answer when k·α = n, and `None` when neither applies (k·α > n, a
/// precoloured or list-coloured graph, too many sets), or when `budget` ran
/// out before α or the sets were known.
///
/// # Example
/// ```
/// use graphdoku::Budget;
/// use graphdoku::colouring::queen;
/// use graphdoku::colouring::Decision;
/// use graphdoku::prove;
/// // The 5×5 queen graph: five 5-queen solutions tile the board.
/// let Some(Decision::Coloured(colouring)) = prove::cover(&queen(5), 5, Budget::unlimited()) else {
///     panic!("queen5_5 is 5-colourable")
/// };
/// assert!(queen(5).check(&colouring).is_ok());
/// // Four colours: 25 > 4 × 5.
/// assert_eq!(prove::cover(&queen(5), 4, Budget::unlimited()), Some(Decision::Impossible));
/// ```
pub fn cover(graph: &PlainGraph, k: usize, budget: Budget) -> Option<Decision> {
    if graph.is_constrained() || graph.len() > stable::MAX_VERTICES {
        return None;
    }
    let deadline = Clock::new(budget).deadline;
    let adj = Adjacency::from_plain(graph);
    let alpha = stable::largest(&adj, STABLE_NODES, deadline)?.len();
    with_alpha(graph, k, alpha, budget)
}

/// [`cover`] with α (the size of a largest stable set of `graph`) known.
pub(crate) fn with_alpha(
    graph: &PlainGraph,
    k: usize,
    alpha: usize,
    budget: Budget,
) -> Option<Decision> {
    let n = graph.len();
    if graph.is_constrained() || n > stable::MAX_VERTICES {
        return None;
    }
    let clock = Clock::new(budget);
    let adj = Adjacency::from_plain(graph);
    match (k * alpha).cmp(&n) {
        std::cmp::Ordering::Less => return Some(Decision::Impossible),
        std::cmp::Ordering::Greater => return None,
        std::cmp::Ordering::Equal => {}
    }
    let sets = stable::all_largest(&Complement::new(&adj), alpha, MAX_SETS, clock.deadline)?;
    // Variable i + 1: set i is a colour class.
    let mut cnf = Cnf::with_vars(sets.len() as Lit);
    let mut holding: Vec<Vec<Lit>> = vec![Vec::new(); n];
    for (i, set) in sets.iter().enumerate() {
        for &v in set {
            holding[v as usize].push(i as Lit + 1);
        }
    }
    for lits in &holding {
        cnf.clause(lits.iter().copied());
        cnf.at_most_one(lits);
    }
    let mut solver: cadical::Solver<Clock> = cadical::Solver::new();
    for clause in cnf.clauses() {
        solver.add_clause(clause.iter().copied());
    }
    if clock.over() {
        return None;
    }
    solver.set_callbacks(Some(clock));
    Some(match solver.solve() {
        None => Decision::GaveUp,
        Some(false) => Decision::Impossible,
        Some(true) => {
            let mut colouring = vec![u32::MAX; n];
            let chosen = (0..sets.len()).filter(|&i| solver.value(i as Lit + 1) == Some(true));
            for (colour, i) in chosen.enumerate() {
                for &v in &sets[i] {
                    colouring[v as usize] = colour as u32;
                }
            }
            Decision::Coloured(colouring)
        }
    })
}
