//! Colouring a plain graph with k colours by SAT, incrementally: one formula
//! for every k up to a bound, the colours from k up switched off by assumptions,
//! so that refuting k, k + 1, … bottom-up keeps what was learnt.

use std::fmt;

use super::cnf::{Cnf, Lit};
use crate::colouring::bounds::{self, Bound};
use crate::colouring::{Chromatic, Clock, Covers, Decision, colours_used};
use crate::graph::PlainGraph;
use crate::solver::Budget;

/// A graph's colourings with up to `colours` colours as one incremental formula.
///
/// Variables: vertex v has colour c, for the colours v allows; each vertex has
/// exactly one; an edge never joins two vertices of one colour; a clique of s
/// vertices holds every colour when there are s; colour c is switched off by
/// assuming its literal. Without a precolouring or allowed lists, a clique's
/// vertices are fixed to the colours 0, 1, … (symmetry).
///
/// # Example
/// ```
/// use graphdoku::{Budget, PlainGraph};
/// use graphdoku::colouring::Decision;
/// use graphdoku::prove::Colouring;
/// // The 5-wheel: χ = 4.
/// let mut edges: Vec<(u32, u32)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
/// edges.extend((0..5).map(|i| (i, 5)));
/// let wheel = PlainGraph::new(6, edges).unwrap();
/// let mut sat = Colouring::new(&wheel, 4, &[0, 1, 5]);
/// assert_eq!(sat.colour(3, Budget::unlimited()), Decision::Impossible);
/// let Decision::Coloured(colouring) = sat.colour(4, Budget::unlimited()) else { panic!() };
/// assert!(wheel.check(&colouring).is_ok());
/// ```
pub struct Colouring {
    solver: cadical::Solver<Clock>,
    /// Per vertex, per colour below `colours`: its variable, if allowed.
    vars: Vec<Vec<Option<Lit>>>,
    /// Per colour: the literal that, assumed, switches it off.
    off: Vec<Lit>,
}

impl fmt::Debug for Colouring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Colouring")
            .field("vertices", &self.vars.len())
            .field("colours", &self.off.len())
            .finish()
    }
}

impl Colouring {
    /// The formula of `graph` with at most `colours` colours; `clique` (pairwise
    /// adjacent vertices) is fixed to the first colours when the graph has no
    /// precolouring or allowed lists.
    pub fn new(graph: &PlainGraph, colours: usize, clique: &[u32]) -> Self {
        Colouring::within(graph, colours, clique, Budget::unlimited()).expect("no limit")
    }

    /// [`Colouring::new`], or `None` when `budget` runs out first: a dense
    /// graph's formula takes a while and much memory to build (a clause per
    /// edge and colour: 8 million, 3 s and 900 MB for 500 vertices at density
    /// 0.75 and 88 colours).
    pub fn within(
        graph: &PlainGraph,
        colours: usize,
        clique: &[u32],
        budget: Budget,
    ) -> Option<Self> {
        let clock = Clock::new(budget);
        if clock.over() {
            return None;
        }
        let mut solver: cadical::Solver<Clock> = cadical::Solver::new();
        let mut next: Lit = 0;
        let mut fresh = || {
            next += 1;
            next
        };
        let vars: Vec<Vec<Option<Lit>>> = (0..graph.len())
            .map(|v| {
                (0..colours as u32)
                    .map(|c| {
                        let allowed = match (graph.given(v), graph.allowed(v)) {
                            (Some(g), _) => g == c,
                            (None, Some(list)) => list.contains(&c),
                            (None, None) => true,
                        };
                        allowed.then(&mut fresh)
                    })
                    .collect()
            })
            .collect();
        let off: Vec<Lit> = (0..colours).map(|_| fresh()).collect();
        let mut cnf = Cnf::with_vars(next);
        for cell in &vars {
            // Exactly one colour (the empty clause when none is allowed): the
            // at-most-one makes "every colour in a full clique" propagate.
            let lits: Vec<Lit> = cell.iter().flatten().copied().collect();
            cnf.clause(lits.iter().copied());
            cnf.at_most_one(&lits);
            for (c, lit) in cell.iter().enumerate() {
                if let Some(lit) = lit {
                    cnf.clause([-off[c], -lit]);
                }
            }
        }
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().copied());
        }
        for (i, &(a, b)) in graph.edges().iter().enumerate() {
            if i % EDGES_BETWEEN_CHECKS == 0 && clock.over() {
                return None;
            }
            let pairs = vars[a as usize].iter().zip(&vars[b as usize]);
            for (&x, &y) in pairs {
                if let (Some(x), Some(y)) = (x, y) {
                    solver.add_clause([-x, -y]);
                }
            }
        }
        // A clique of s vertices holds every colour below s when there are s
        // colours: guarded by "colour s is off" (assumed exactly when k ≤ s;
        // below s the clique alone refutes k).
        for full in full_cliques(graph, colours) {
            let s = full.len();
            let guard = off.get(s).map(|&o| -o);
            let clauses = (0..s).map(|c| {
                let holds = full.iter().filter_map(|&v| vars[v as usize][c]);
                holds.chain(guard).collect::<Vec<Lit>>()
            });
            for clause in clauses {
                solver.add_clause(clause);
            }
        }
        if !graph.is_constrained() {
            for (c, &v) in clique.iter().enumerate().take(colours) {
                if let Some(lit) = vars[v as usize][c] {
                    solver.add_clause([lit]);
                }
            }
        }
        Some(Colouring { solver, vars, off })
    }

    /// A colouring with at most `k` colours (not yet checked: check it with
    /// [`PlainGraph::check`]), or the proof there is none, within `budget`
    /// (its deadline and stop flag).
    ///
    /// # Panics
    /// When `k` is above the formula's number of colours.
    pub fn colour(&mut self, k: usize, budget: Budget) -> Decision {
        assert!(
            k <= self.off.len(),
            "the formula has {} colours",
            self.off.len()
        );
        let clock = Clock::new(budget);
        if clock.over() {
            return Decision::GaveUp;
        }
        self.solver.set_callbacks(Some(clock));
        let assumptions: Vec<Lit> = self.off[k..].to_vec();
        match self.solver.solve_with(assumptions) {
            None => Decision::GaveUp,
            Some(false) => Decision::Impossible,
            Some(true) => Decision::Coloured(
                self.vars
                    .iter()
                    .map(|cell| {
                        cell.iter()
                            .position(|lit| lit.is_some_and(|l| self.solver.value(l) == Some(true)))
                            .map_or(u32::MAX, |c| c as u32)
                    })
                    .collect(),
            ),
        }
    }
}

/// Edges encoded between two looks at the clock while a formula is built.
const EDGES_BETWEEN_CHECKS: usize = 4096;

/// Largest graph searched for full cliques (one greedy clique per edge).
const FULL_CLIQUE_EDGES: usize = 50_000;

/// Maximal cliques of 3 to `colours` vertices, grown greedily from each edge
/// not yet inside one (the rows and columns of a queen graph, for instance).
fn full_cliques(graph: &PlainGraph, colours: usize) -> Vec<Vec<u32>> {
    let n = graph.len();
    if graph.edges().len() > FULL_CLIQUE_EDGES {
        return Vec::new();
    }
    let mut adjacent = vec![vec![false; n]; n];
    let mut neighbours = vec![Vec::new(); n];
    for &(a, b) in graph.edges() {
        let (a, b) = (a as usize, b as usize);
        if a != b && !adjacent[a][b] {
            adjacent[a][b] = true;
            adjacent[b][a] = true;
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
    }
    let mut found: Vec<Vec<u32>> = Vec::new();
    let mut holding: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in graph.edges() {
        let (a, b) = (a as usize, b as usize);
        if a == b || holding[a].iter().any(|c| holding[b].contains(c)) {
            continue;
        }
        let mut clique = vec![a, b];
        let mut candidates: Vec<usize> = neighbours[a]
            .iter()
            .copied()
            .filter(|&c| adjacent[b][c])
            .collect();
        // Grow by the candidate adjacent to most other candidates.
        while let Some(v) = candidates.iter().copied().max_by_key(|&c| {
            (
                candidates.iter().filter(|&&d| adjacent[c][d]).count(),
                std::cmp::Reverse(c),
            )
        }) {
            clique.push(v);
            candidates.retain(|&c| c != v && adjacent[v][c]);
        }
        if (3..=colours).contains(&clique.len()) {
            clique.sort_unstable();
            if !found
                .iter()
                .any(|f| f.iter().map(|&v| v as usize).eq(clique.iter().copied()))
            {
                for &v in &clique {
                    holding[v].push(found.len());
                }
                found.push(clique.iter().map(|&v| v as u32).collect());
            }
        }
    }
    found
}

/// One step of [`close`].
#[derive(Debug, Clone, PartialEq)]
pub enum Closing {
    /// A lower bound beyond the clique, with its kind.
    Bound(Bound),
    /// No colouring with this many colours: the lower bound is one more.
    Refuted(usize, Method),
    /// A colouring (checked) with this many colours: the chromatic number.
    Coloured(usize, Method),
}

/// What settled a [`Closing::Refuted`] or [`Closing::Coloured`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The colouring formula, bottom-up.
    Sat,
    /// The classes as an exact cover by largest stable sets ([`cover`](super::cover)).
    Cover,
    /// Branch and bound over covers by the maximal stable sets, with the
    /// fractional bound at every node.
    Branch,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Sat => "SAT",
            Method::Cover => "SAT on the exact cover by largest stable sets",
            Method::Branch => "branch and bound over the maximal stable sets",
        })
    }
}

/// Closes the gap a [`chromatic`](crate::colouring::chromatic) run left,
/// cheapest first, until the bounds meet or `budget` runs out (then
/// `result.stopped` says so):
///
/// 1. the lower bounds of [`bounds`]: a Mycielski tower, the stable-set
///    count ⌈n / α⌉;
/// 2. where n = k·α for k the lower bound, the exact cover by largest
///    stable sets ([`cover`](super::cover)): a colouring, or k refuted;
/// 3. the fractional bound;
/// 4. on a graph with few maximal stable sets (a dense one), branch and
///    bound over covers by them (`colouring/branch.rs`), top-down, with
///    half the time left;
/// 5. SAT, bottom-up: k colours refuted raise the lower bound to k + 1,
///    until a colouring with k is found. One incremental formula serves
///    every k, with the run's clique fixed to the first colours.
///
/// `report` hears each step.
///
/// # Errors
/// The fault of a SAT colouring that fails [`PlainGraph::check`] (a bug).
///
/// # Example
/// ```
/// use graphdoku::{Budget, colouring};
/// use graphdoku::prove::{Closing, close};
/// let m4 = colouring::mycielski(4); // χ = 5, largest clique 2
/// let options = colouring::Effort { heuristic: true, ..Default::default() };
/// let mut result = colouring::chromatic(&m4, options, |_| {});
/// let mut steps = Vec::new();
/// close(&m4, &mut result, Budget::unlimited(), |step| steps.push(step)).unwrap();
/// assert!(result.proven() && result.upper == 5);
/// let Closing::Bound(bound) = &steps[0] else { panic!("{steps:?}") };
/// assert_eq!(bound.to_string(), "Mycielski: 3 steps over a clique of 2");
/// ```
pub fn close(
    graph: &PlainGraph,
    result: &mut Chromatic,
    budget: Budget,
    mut report: impl FnMut(Closing),
) -> Result<(), String> {
    if result.proven() || result.impossible || result.colouring.is_empty() {
        return Ok(());
    }
    // One deadline for every question.
    let budget = super::since(budget, std::time::Instant::now());
    settle(graph, result, budget, &mut report)?;
    if result.proven() {
        result.stopped = None;
    }
    Ok(())
}

/// The steps of [`close`], each skipped once the bounds meet.
fn settle(
    graph: &PlainGraph,
    result: &mut Chromatic,
    budget: Budget,
    report: &mut impl FnMut(Closing),
) -> Result<(), String> {
    let deadline = budget.deadline;
    raise(result, bounds::mycielski_tower(graph, deadline), report);
    if result.proven() {
        return Ok(());
    }
    let stable = bounds::stable_sets(graph, deadline);
    let alpha = stable.as_ref().map(|(_, alpha)| *alpha);
    raise(result, stable.map(|(bound, _)| bound), report);
    if result.proven() {
        return Ok(());
    }
    if let Some(alpha) = alpha {
        match super::cover::with_alpha(graph, result.lower, alpha, budget) {
            Some(Decision::Coloured(colouring)) => {
                report(found(graph, result, colouring, Method::Cover)?);
            }
            Some(Decision::Impossible) => {
                result.lower += 1;
                report(Closing::Refuted(result.lower - 1, Method::Cover));
            }
            Some(Decision::GaveUp) | None => {}
        }
        if result.proven() {
            return Ok(());
        }
    }
    let classes = bounds::classes(&result.colouring);
    raise(
        result,
        bounds::fractional(graph, &classes, deadline),
        report,
    );
    if result.proven() {
        return Ok(());
    }
    let half = Budget {
        deadline: deadline.map(|d| {
            let now = std::time::Instant::now();
            now + d.saturating_duration_since(now) / 2
        }),
        ..budget
    };
    if let Some(covers) = Covers::new(graph, half) {
        while !result.proven() {
            match covers.colour(result.upper - 1, half) {
                Decision::Coloured(colouring) => {
                    report(found(graph, result, colouring, Method::Branch)?);
                }
                Decision::Impossible => {
                    result.lower = result.upper;
                    report(Closing::Refuted(result.upper - 1, Method::Branch));
                }
                Decision::GaveUp => break,
            }
        }
        if result.proven() {
            return Ok(());
        }
    }
    let Some(mut sat) = Colouring::within(graph, result.upper - 1, &result.clique, budget) else {
        result.stopped = Some("time is up (SAT)".into());
        return Ok(());
    };
    for k in result.lower..result.upper {
        match sat.colour(k, budget) {
            Decision::Impossible => {
                result.lower = k + 1;
                report(Closing::Refuted(k, Method::Sat));
            }
            Decision::Coloured(colouring) => {
                report(found(graph, result, colouring, Method::Sat)?);
            }
            Decision::GaveUp => {
                result.stopped = Some("time is up (SAT)".into());
                return Ok(());
            }
        }
        if result.proven() {
            return Ok(());
        }
    }
    Ok(())
}

/// Raises `result`'s lower bound to `bound`, if higher, and reports it.
fn raise(result: &mut Chromatic, bound: Option<Bound>, report: &mut impl FnMut(Closing)) {
    if let Some(bound) = bound.filter(|b| b.colours > result.lower) {
        result.lower = bound.colours.min(result.upper);
        report(Closing::Bound(bound));
    }
}

/// Takes `colouring` (checked) as `result`'s upper bound.
fn found(
    graph: &PlainGraph,
    result: &mut Chromatic,
    colouring: Vec<u32>,
    method: Method,
) -> Result<Closing, String> {
    graph.check(&colouring)?;
    result.upper = colours_used(&colouring);
    result.colouring = colouring;
    Ok(Closing::Coloured(result.upper, method))
}
