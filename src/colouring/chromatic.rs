//! The chromatic number as two bounds that meet: a clique below, colourings
//! above (DSATUR, tabu search, then the exact search between them).

use std::time::{Duration, Instant};

use super::Decision;
use super::exact::decide;
use super::reduce::{Reduction, reduce};
use super::tabu::{TabuLimits, reduce as tabu_reduce};
use super::{Adjacency, colours_used, dsatur, large_clique_until};
use crate::graph::PlainGraph;
use crate::solver::Budget;

/// How hard [`chromatic`] and [`colour`] try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Stop everything after this long (then report the bounds reached).
    pub timeout: Option<Duration>,
    /// Nodes at most of each exact search (one per number of colours and component).
    pub max_nodes: Option<u64>,
    /// No exact search: clique, DSATUR and tabu search only.
    pub heuristic: bool,
    /// Tabu search moves at most per number of colours tried; `None`: no
    /// limit but the time in heuristic mode with a timeout, otherwise
    /// 100,000 + 200 per vertex and edge, 20 million at most.
    pub tabu_moves: Option<u64>,
    /// The seed of the tabu search.
    pub seed: u64,
    /// Nodes at most of the maximum clique search.
    pub clique_nodes: u64,
}

impl Default for Effort {
    fn default() -> Self {
        Effort {
            timeout: None,
            max_nodes: None,
            heuristic: false,
            tabu_moves: None,
            seed: 1,
            clique_nodes: 200_000,
        }
    }
}

/// Progress of [`chromatic`], reported as it happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A lower bound: a clique of this many vertices (`maximum` when proven so).
    Clique {
        /// Its size.
        size: usize,
        /// Whether no larger clique exists.
        maximum: bool,
    },
    /// A colouring with this many colours, and what found it.
    Upper {
        /// Colours used.
        colours: usize,
        /// `DSATUR`, `tabu search`, `exact search`, `reduction`.
        by: &'static str,
    },
    /// The graph left after preprocessing: vertices and components.
    Reduced {
        /// Vertices left.
        vertices: usize,
        /// Connected components among them.
        components: usize,
    },
    /// No colouring with this many colours, by exhaustive search.
    Impossible {
        /// The number of colours.
        colours: usize,
    },
}

/// The outcome of [`chromatic`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chromatic {
    /// χ is at least this.
    pub lower: usize,
    /// χ is at most this: `colouring` uses this many colours (0 with no
    /// colouring found, possible only with a precolouring or allowed lists).
    pub upper: usize,
    /// A proper colouring with `upper` colours (colours from 0), or none.
    pub colouring: Vec<u32>,
    /// A clique of `clique_size` vertices (the lower bound, unless the
    /// precolouring or the exhaustive search raised it).
    pub clique: Vec<u32>,
    /// Why the bounds do not meet, when they do not.
    pub stopped: Option<String>,
    /// No colouring exists at all: the precolouring and allowed lists forbid
    /// every one (proven by exhaustive search).
    pub impossible: bool,
}

impl Chromatic {
    /// True when the bounds meet: `upper` is the chromatic number.
    pub fn proven(&self) -> bool {
        self.lower == self.upper
    }
}

/// The chromatic number of `graph`, or the best bounds on it within the limits.
///
/// 1. Lower bound: a large clique ([`large_clique`]).
/// 2. Upper bound: DSATUR ([`dsatur`]).
/// 3. Preprocessing: vertices of degree below the lower bound and dominated
///    vertices are set aside (coloured last); the rest splits into components.
/// 4. Tabu search ([`super::tabucol`]) lowers the upper bound on each component.
/// 5. Exact search for k = upper − 1, upper − 2, … down to the lower bound,
///    each component with its largest clique precoloured: a colouring lowers
///    the upper bound, an exhaustive failure proves χ = k + 1.
///
/// `report` hears each bound as it is found. With a precolouring or allowed
/// lists, steps 3 and 4 are skipped and nothing is precoloured.
///
/// # Example
/// ```
/// use graphdoku::PlainGraph;
/// use graphdoku::colouring::{chromatic, Effort};
/// // The 5-wheel: a 5-cycle and a hub; χ = 4 while the largest clique is 3.
/// let mut edges: Vec<(u32, u32)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
/// edges.extend((0..5).map(|i| (i, 5)));
/// let wheel = PlainGraph::new(6, edges).unwrap();
/// let result = chromatic(&wheel, Effort::default(), |_| {});
/// assert!(result.proven());
/// assert_eq!(result.upper, 4);
/// assert!(wheel.check(&result.colouring).is_ok());
/// ```
pub fn chromatic(graph: &PlainGraph, options: Effort, mut report: impl FnMut(&Event)) -> Chromatic {
    let start = Instant::now();
    let deadline = options.timeout.map(|t| start + t);
    let adj = Adjacency::from_plain(graph);
    let n = adj.len();
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let clique = large_clique_until(&adj, options.clique_nodes, deadline);
    report(&Event::Clique {
        size: clique.vertices.len(),
        maximum: clique.maximum,
    });
    let mut lower = clique.vertices.len();
    if let Some(highest) = graph.precoloured().iter().map(|p| p.1 as usize + 1).max() {
        lower = lower.max(highest);
    }
    let mut result = Chromatic {
        lower,
        upper: n,
        colouring: (0..n as u32).collect(),
        clique: clique.vertices.clone(),
        stopped: None,
        impossible: false,
    };
    if graph.is_constrained() {
        return constrained(graph, &adj, result, options, deadline, report);
    }
    let greedy = dsatur(&adj, &[], &[]).expect("DSATUR colours any unconstrained graph");
    result.upper = colours_used(&greedy);
    result.colouring = greedy;
    report(&Event::Upper {
        colours: result.upper,
        by: "DSATUR",
    });
    if result.proven() {
        return result;
    }
    // Every phase below stops at the deadline; DSATUR above is the one kept
    // whatever the time, as the only colouring to report.
    if late() {
        result.stopped = Some("time is up".into());
        return result;
    }
    let reduction = reduce(&adj, lower, deadline);
    report(&Event::Reduced {
        vertices: reduction.components.iter().map(Vec::len).sum(),
        components: reduction.components.len(),
    });
    let mut parts = Parts::new(graph, &adj, reduction, options, deadline);
    parts.raise_clique(&mut result, &mut report);
    parts.improve(&mut result, "reduction", &mut report);
    parts.tabu(&mut result, options, deadline, &mut report);
    if options.heuristic {
        if !result.proven() {
            result.stopped = Some("heuristic mode: no exact search".into());
        }
        return result;
    }
    parts.exact(&mut result, options, deadline, &mut report);
    result
}

/// The components left by the reduction, each searched on its own, and how
/// to put their colourings back together.
struct Parts<'a> {
    parts: Vec<Part>,
    reduction: Reduction,
    /// The whole graph.
    adj: &'a Adjacency,
}

impl<'a> Parts<'a> {
    /// Each component's graph, DSATUR colouring and largest clique found.
    fn new(
        graph: &PlainGraph,
        adj: &'a Adjacency,
        reduction: Reduction,
        options: Effort,
        deadline: Option<Instant>,
    ) -> Self {
        let parts = (reduction.components.iter())
            .map(|vertices| {
                let sub = graph.induced(vertices);
                let adj = Adjacency::from_plain(&sub);
                let colouring = dsatur(&adj, &[], &[]).expect("an unconstrained graph");
                Part {
                    vertices: vertices.clone(),
                    clique: large_clique_until(&adj, options.clique_nodes / 4, deadline).vertices,
                    graph: sub,
                    adj,
                    colouring,
                }
            })
            .collect();
        Parts {
            parts,
            reduction,
            adj,
        }
    }

    /// A component's own clique search may beat the whole graph's: then it
    /// is the lower bound.
    fn raise_clique(&self, result: &mut Chromatic, report: &mut dyn FnMut(&Event)) {
        if let Some(part) = self.parts.iter().max_by_key(|p| p.clique.len())
            && part.clique.len() > result.lower
        {
            result.lower = part.clique.len();
            result.clique = (part.clique.iter())
                .map(|&v| part.vertices[v as usize])
                .collect();
            result.clique.sort_unstable();
            report(&Event::Clique {
                size: result.lower,
                maximum: false,
            });
        }
    }

    /// The whole graph's colouring from the components' (the vertices set
    /// aside coloured last).
    fn assemble(&self) -> Vec<u32> {
        let mut colouring = vec![u32::MAX; self.adj.len()];
        for part in &self.parts {
            for (i, &v) in part.vertices.iter().enumerate() {
                colouring[v as usize] = part.colouring[i];
            }
        }
        self.reduction.restore(self.adj, &mut colouring);
        colouring
    }

    /// Takes the assembled colouring as the upper bound when it uses no
    /// more colours, reporting a new bound.
    fn improve(&self, result: &mut Chromatic, by: &'static str, report: &mut dyn FnMut(&Event)) {
        let colouring = self.assemble();
        let used = colours_used(&colouring);
        // The tabu search may have announced this bound already.
        if used < result.upper {
            report(&Event::Upper { colours: used, by });
        }
        if used <= result.upper {
            result.upper = used;
            result.colouring = colouring;
        }
    }

    /// Tabu search on each component: to the lower bound if it can, briefly
    /// when an exact search follows. Each step down of the whole graph's
    /// bound is reported as it is found.
    fn tabu(
        &mut self,
        result: &mut Chromatic,
        options: Effort,
        deadline: Option<Instant>,
        report: &mut dyn FnMut(&Event),
    ) {
        let lower = result.lower;
        for i in 0..self.parts.len() {
            if result.proven() || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let part = &self.parts[i];
            let limits = TabuLimits {
                deadline,
                max_moves: options.moves(&part.adj),
                seed: options.seed,
            };
            let floor = lower.max(part.clique.len());
            if colours_used(&part.colouring) <= floor {
                continue;
            }
            let others = (self.parts.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .map(|(_, p)| colours_used(&p.colouring))
                .max()
                .unwrap_or(0)
                .max(lower);
            let mut announced = result.upper;
            let best = tabu_reduce(&part.adj, part.colouring.clone(), floor, limits, |c| {
                let colours = colours_used(c).max(others);
                if colours < announced {
                    announced = colours;
                    report(&Event::Upper {
                        colours,
                        by: "tabu search",
                    });
                }
            });
            self.parts[i].colouring = best;
            result.upper = announced;
            self.improve(result, "tabu search", report);
        }
    }

    /// The exact search, down from the upper bound, component by component,
    /// until a number of colours is refuted (the bounds meet) or the budget
    /// runs out (`result.stopped` says why).
    fn exact(
        &mut self,
        result: &mut Chromatic,
        options: Effort,
        deadline: Option<Instant>,
        report: &mut dyn FnMut(&Event),
    ) {
        while !result.proven() {
            let k = result.upper - 1;
            for part in self.parts.iter_mut() {
                if colours_used(&part.colouring) <= k {
                    continue;
                }
                let Some(budget) = budget(options, deadline) else {
                    result.stopped = Some("time is up".into());
                    return;
                };
                match decide(&part.graph, k, &part.clique, budget) {
                    Ok(Decision::Coloured(colouring)) => part.colouring = colouring,
                    Ok(_) => {
                        report(&Event::Impossible { colours: k });
                        result.lower = k + 1;
                        return;
                    }
                    Err(why) => {
                        result.stopped = Some(why);
                        return;
                    }
                }
            }
            let before = result.upper;
            self.improve(result, "exact search", report);
            assert!(result.upper < before, "every component takes k colours");
        }
    }
}

impl Effort {
    /// Tabu moves per number of colours tried on a graph of adjacency `adj`
    /// (see [`Effort::tabu_moves`]).
    pub(crate) fn moves(&self, adj: &Adjacency) -> u64 {
        self.tabu_moves
            .unwrap_or(if self.heuristic && self.timeout.is_some() {
                u64::MAX
            } else {
                default_moves(adj)
            })
    }
}

/// Tabu moves per number of colours when no limit is given: enough for the
/// graphs where local search works, bounded (about 20 s) on big ones.
fn default_moves(adj: &Adjacency) -> u64 {
    (100_000 + 200 * (adj.len() + adj.edge_count()) as u64).min(20_000_000)
}

/// A connected component of the reduced graph.
struct Part {
    /// Its vertices in the whole graph.
    vertices: Vec<u32>,
    graph: PlainGraph,
    adj: Adjacency,
    clique: Vec<u32>,
    colouring: Vec<u32>,
}

/// The budget of one exact search: the time left, the nodes asked for; `None`
/// when the time is up.
fn budget(options: Effort, deadline: Option<Instant>) -> Option<Budget> {
    let mut budget = Budget {
        max_nodes: options.max_nodes,
        ..Budget::default()
    };
    if let Some(deadline) = deadline {
        let left = deadline.checked_duration_since(Instant::now())?;
        budget = budget.time(left);
    }
    Some(budget)
}

/// χ of a graph with a precolouring or allowed lists: colours are not
/// interchangeable, so the exact search runs on the whole graph, downwards from
/// a DSATUR colouring when there is one, upwards from the clique otherwise.
fn constrained(
    graph: &PlainGraph,
    adj: &Adjacency,
    mut result: Chromatic,
    options: Effort,
    deadline: Option<Instant>,
    mut report: impl FnMut(&Event),
) -> Chromatic {
    if let Ok(greedy) = dsatur(adj, graph.precoloured(), graph.allowed_lists()) {
        result.upper = colours_used(&greedy);
        result.colouring = greedy;
        report(&Event::Upper {
            colours: result.upper,
            by: "DSATUR",
        });
    } else {
        // No colouring yet: `upper` is 0 and the colouring empty until one is found.
        result.upper = usize::MAX;
        result.colouring.clear();
    }
    if options.heuristic {
        if result.upper == usize::MAX {
            result.upper = 0;
        }
        if !result.proven() {
            result.stopped = Some("heuristic mode: no exact search".into());
        }
        return result;
    }
    let descending = result.upper != usize::MAX;
    // Past this many colours more cannot help: every list and given is below it.
    let ceiling = graph
        .allowed_lists()
        .iter()
        .flat_map(|(_, list)| list.last())
        .chain(graph.precoloured().iter().map(|p| &p.1))
        .map(|&c| c as usize + 1)
        .max()
        .unwrap_or(0)
        .max(graph.len());
    let mut k = if descending {
        result.upper - 1
    } else {
        result.lower.max(1)
    };
    while !result.proven() {
        let Some(budget) = budget(options, deadline) else {
            result.stopped = Some("time is up".into());
            return result;
        };
        if k > crate::symbols::MAX_SYMBOLS && !descending {
            result.stopped = Some(format!(
                "the exact search handles at most {} colours",
                crate::symbols::MAX_SYMBOLS
            ));
            result.upper = 0;
            return result;
        }
        match decide(graph, k, &[], budget) {
            Ok(Decision::Coloured(colouring)) => {
                result.upper = k;
                result.colouring = colouring;
                report(&Event::Upper {
                    colours: k,
                    by: "exact search",
                });
                k -= 1;
            }
            Ok(_) if !descending && k >= ceiling => {
                result.stopped = Some(
                    "no colouring at all: the precolouring and allowed lists forbid it".into(),
                );
                result.upper = 0;
                result.impossible = true;
                return result;
            }
            Ok(_) => {
                report(&Event::Impossible { colours: k });
                result.lower = k + 1;
                k += 1;
            }
            Err(why) => {
                result.stopped = Some(why);
                if result.upper == usize::MAX {
                    result.upper = 0;
                    result.colouring.clear();
                }
                return result;
            }
        }
    }
    result
}
