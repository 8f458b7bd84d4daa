//! General graphs: chromatic numbers of graphs with known values, colourings
//! against brute force on small random graphs, and the readers' round trips.

use std::time::{Duration, Instant};

use graphdoku::colouring::bounds::{self, Bound, BoundKind};
use graphdoku::colouring::{
    self, Decision, Effort, Outcome, chromatic, k_colourable, leighton, mycielski, planted, queen,
};
use graphdoku::prove::{self, Closing, Method, close};
use graphdoku::read::{read_dimacs, read_edge_list, read_json_graph};
use graphdoku::{Budget, PlainGraph};
use proptest::prelude::*;

/// χ by brute force: the least k for which a backtracking search (written
/// here, sharing nothing with the library) finds a proper colouring.
fn brute_chromatic(graph: &PlainGraph) -> usize {
    (0..=graph.len())
        .find(|&k| brute_colourable(graph, k))
        .expect("n colours always do")
}

fn brute_colourable(graph: &PlainGraph, k: usize) -> bool {
    fn extend(v: usize, colours: &mut Vec<usize>, graph: &PlainGraph, k: usize) -> bool {
        if v == graph.len() {
            return true;
        }
        for c in 0..k {
            let clash = graph
                .edges()
                .iter()
                .any(|&(a, b)| b as usize == v && colours[a as usize] == c);
            if !clash {
                colours.push(c);
                if extend(v + 1, colours, graph, k) {
                    return true;
                }
                colours.pop();
            }
        }
        false
    }
    extend(0, &mut Vec::new(), graph, k)
}

/// Proves χ within `seconds` and checks the colouring and the value.
fn proves(graph: &PlainGraph, chi: usize, seconds: u64, what: &str) {
    let start = Instant::now();
    let options = Effort {
        timeout: Some(Duration::from_secs(seconds)),
        ..Effort::default()
    };
    let result = chromatic(graph, options, |_| {});
    let took = start.elapsed();
    assert!(result.proven(), "{what}: {result:?}");
    assert_eq!(result.upper, chi, "{what}");
    graph.check(&result.colouring).unwrap();
    assert_eq!(colouring::colours_used(&result.colouring), chi, "{what}");
    eprintln!("{what}: χ = {chi} proven in {:.3} s", took.as_secs_f64());
}

#[test]
fn queen_graphs() {
    for (n, chi) in [(5, 5), (6, 7), (7, 7), (8, 9), (9, 10)] {
        proves(&queen(n), chi, 30, &format!("queen{n}_{n}"));
    }
}

#[test]
fn mycielski_graphs() {
    for k in 3..=5 {
        proves(&mycielski(k), k + 1, 30, &format!("myciel{k}"));
    }
    // M6 (χ = 7) is beyond the exact search in seconds: the bounds still hold.
    let m6 = mycielski(6);
    let options = Effort {
        timeout: Some(Duration::from_millis(500)),
        ..Effort::default()
    };
    let result = chromatic(&m6, options, |_| {});
    assert!(result.lower <= 7 && result.upper >= 7, "{result:?}");
    m6.check(&result.colouring).unwrap();
}

/// `graph`'s run left open on purpose (one node of exact search), then
/// [`close`]d within `seconds`: the steps it took, the run proven.
fn closed(graph: &PlainGraph, chi: usize, seconds: u64, what: &str) -> Vec<Closing> {
    let options = Effort {
        max_nodes: Some(1),
        heuristic: true,
        ..Effort::default()
    };
    let mut result = chromatic(graph, options, |_| {});
    let budget = Budget::unlimited().until(Instant::now() + Duration::from_secs(seconds));
    let mut steps = Vec::new();
    close(graph, &mut result, budget, |step| steps.push(step)).unwrap();
    assert!(result.proven(), "{what}: {result:?} after {steps:?}");
    assert_eq!(result.upper, chi, "{what}");
    graph.check(&result.colouring).unwrap();
    assert_eq!(colouring::colours_used(&result.colouring), chi, "{what}");
    steps
}

/// The lower bounds `close` raised, in order.
fn bound_kinds(steps: &[Closing]) -> Vec<(usize, BoundKind)> {
    steps
        .iter()
        .filter_map(|step| match step {
            Closing::Bound(bound) => Some((bound.colours, bound.kind.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn mycielski_graphs_are_proven_by_the_mycielski_bound() {
    for k in 4..=6 {
        let steps = closed(&mycielski(k), k + 1, 60, &format!("myciel{k}"));
        let kinds = bound_kinds(&steps);
        // M_k: k − 1 steps over an edge, χ = k + 1, no SAT needed.
        assert_eq!(
            kinds.first(),
            Some(&(
                k + 1,
                BoundKind::Mycielski {
                    steps: k - 1,
                    clique: 2
                }
            )),
            "myciel{k}: {steps:?}"
        );
        assert!(
            !steps.iter().any(|s| matches!(s, Closing::Refuted(..))),
            "myciel{k}"
        );
    }
}

/// The cycle on `n` vertices.
fn cycle(n: u32) -> PlainGraph {
    PlainGraph::new(n as usize, (0..n).map(|v| (v, (v + 1) % n)).collect()).unwrap()
}

/// The Kneser graph K(n, 2): the pairs of 0..n, adjacent when disjoint.
/// χ = n − 2, χ_f = n / 2, largest clique ⌊n / 2⌋.
fn kneser2(n: u32) -> PlainGraph {
    let pairs: Vec<(u32, u32)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let mut edges = Vec::new();
    for (i, p) in pairs.iter().enumerate() {
        for (j, q) in pairs.iter().enumerate().skip(i + 1) {
            if p.0 != q.0 && p.0 != q.1 && p.1 != q.0 && p.1 != q.1 {
                edges.push((i as u32, j as u32));
            }
        }
    }
    PlainGraph::new(pairs.len(), edges).unwrap()
}

/// The fractional bound of `graph` from a colouring's classes.
fn fractional(graph: &PlainGraph) -> Bound {
    let result = chromatic(graph, Effort::default(), |_| {});
    bounds::fractional(graph, &bounds::classes(&result.colouring), None).unwrap()
}

#[test]
fn fractional_bounds_of_odd_cycles_and_kneser_graphs() {
    for n in [5u32, 7, 9, 11] {
        let bound = fractional(&cycle(n));
        let BoundKind::Fractional(f) = bound.kind else {
            panic!("{bound:?}")
        };
        // χ_f(C_n) = 2 + 1 / ((n − 1) / 2) for odd n.
        let exact = n as f64 / ((n - 1) / 2) as f64;
        assert!(f.optimal && (f.value - exact).abs() < 1e-4, "C{n}: {f:?}");
        assert_eq!(bound.colours, 3, "C{n}");
    }
    for (n, chi) in [(5u32, 3), (6, 4), (7, 5)] {
        let graph = kneser2(n);
        let bound = fractional(&graph);
        let BoundKind::Fractional(f) = bound.kind else {
            panic!("{bound:?}")
        };
        assert!(
            f.optimal && (f.value - n as f64 / 2.0).abs() < 1e-4,
            "K({n}, 2): {f:?}"
        );
        assert_eq!(bound.colours, (n as usize).div_ceil(2), "K({n}, 2)");
        // Lovász: the rest is SAT's (K(7, 2): fractional 4, χ = 5).
        closed(&graph, chi, 60, &format!("K({n}, 2)"));
    }
}

#[test]
fn queen_graphs_are_settled_by_the_cover_of_largest_stable_sets() {
    // n queens at most on an n×n board: χ ≥ n, and n colours are an exact
    // cover by n-queen solutions: found for 5, 7 and 11 (n prime to 6) …
    for n in [5, 7, 11] {
        let graph = queen(n);
        let Some(Decision::Coloured(colouring)) = prove::cover(&graph, n, Budget::unlimited())
        else {
            panic!("queen{n}_{n} is {n}-colourable")
        };
        graph.check(&colouring).unwrap();
        assert_eq!(colouring::colours_used(&colouring), n);
    }
    // … and refuted for 6, 8, 9 (χ = n + 1), which `close` takes up.
    for (n, chi) in [(6, 7), (8, 9), (9, 10)] {
        let steps = closed(&queen(n), chi, 60, &format!("queen{n}_{n}"));
        assert!(
            steps.contains(&Closing::Refuted(n, Method::Cover)),
            "queen{n}_{n}: {steps:?}"
        );
    }
}

#[test]
fn planted_graphs_whose_chromatic_number_is_their_clique_number() {
    // Hidden k-colourings with a k-clique across the classes.
    for (n, k, p) in [
        (200, 8, 0.3),
        (500, 12, 0.2),
        (1000, 5, 0.2),
        (1000, 10, 0.3),
    ] {
        let graph = planted(n, k, p, true, 1000 + k as u64);
        proves(&graph, k, 30, &format!("planted n={n} k={k} p={p}"));
    }
    // Leighton-style: cliques consistent with k classes (like le450_15a, le450_25a).
    for (n, k, m) in [(450, 15, 8168), (450, 25, 8260), (1000, 20, 30000)] {
        proves(
            &leighton(n, k, m, 3),
            k,
            30,
            &format!("leighton n={n} k={k} m={m}"),
        );
    }
}

#[test]
fn precoloured_and_list_coloured_graphs() {
    // A path a - b - c: with a and c precoloured differently, b needs a third colour.
    let path = PlainGraph::named(
        ["a", "b", "c"].map(String::from).to_vec(),
        vec![(0, 1), (1, 2)],
    )
    .unwrap()
    .precolour(0, 0)
    .precolour(2, 1);
    let result = chromatic(&path, Effort::default(), |_| {});
    assert_eq!((result.lower, result.upper), (3, 3));
    path.check(&result.colouring).unwrap();
    assert_eq!(
        colouring::colour(&path, 2, Effort::default()),
        Outcome::Impossible(colouring::Proof::Search)
    );
    // Lists: b may only take colour 1, like a.
    let listed = PlainGraph::named(["a", "b"].map(String::from).to_vec(), vec![(0, 1)])
        .unwrap()
        .allow(0, vec![0])
        .allow(1, vec![0, 2]);
    let Outcome::Coloured { colouring, .. } = colouring::colour(&listed, 3, Effort::default())
    else {
        panic!("colourable with 3");
    };
    assert_eq!(colouring, vec![0, 2]);
    assert_eq!(
        colouring::colour(&listed, 2, Effort::default()),
        Outcome::Impossible(colouring::Proof::Search)
    );
    // Lists that forbid every colouring: said so, with no colouring.
    let forbidden = PlainGraph::new(2, vec![(0, 1)])
        .unwrap()
        .allow(0, vec![0])
        .allow(1, vec![0]);
    let result = chromatic(&forbidden, Effort::default(), |_| {});
    assert!(result.colouring.is_empty() && !result.proven());
    assert!(result.stopped.unwrap().contains("forbid"));
}

/// Every phase stops at the timeout, preprocessing included: with no node
/// limit the maximum clique search alone would run for hours on this graph.
#[test]
fn preprocessing_stops_at_the_timeout() {
    let graph = colouring::random(1000, 0.9, 3);
    let limit = Duration::from_millis(300);
    // The deadline plus building the adjacency and DSATUR, on a loaded machine.
    let slack = Duration::from_secs(2);
    for heuristic in [false, true] {
        let options = Effort {
            timeout: Some(limit),
            clique_nodes: u64::MAX,
            heuristic,
            ..Effort::default()
        };
        let start = Instant::now();
        let result = chromatic(&graph, options, |_| {});
        let took = start.elapsed();
        assert!(took < limit + slack, "heuristic {heuristic}: {took:?}");
        assert!(!result.proven(), "{result:?}");
        assert!(result.stopped.is_some());
        graph.check(&result.colouring).unwrap();
    }
    let options = Effort {
        timeout: Some(limit),
        clique_nodes: u64::MAX,
        ..Effort::default()
    };
    let start = Instant::now();
    // More colours than any clique the greedy start finds, fewer than DSATUR uses.
    let outcome = colouring::colour(&graph, 100, options);
    let took = start.elapsed();
    assert!(took < limit + slack, "{took:?}");
    assert!(matches!(outcome, Outcome::GaveUp(_)), "{outcome:?}");
}

#[test]
fn heuristic_mode_reaches_planted_colourings() {
    // Like flat300_20_0: 300 vertices, 20 hidden classes, half the cross pairs.
    let graph = planted(300, 20, 0.5, false, 7);
    let options = Effort {
        heuristic: true,
        timeout: Some(Duration::from_secs(30)),
        // Once at 20, the search for 19 colours stops after these moves.
        tabu_moves: Some(300_000),
        ..Effort::default()
    };
    let result = chromatic(&graph, options, |_| {});
    graph.check(&result.colouring).unwrap();
    assert_eq!(result.upper, 20, "{result:?}");
}

/// A random graph on `n` vertices, each pair adjacent with probability `p`/8.
fn arbitrary_graph() -> impl Strategy<Value = PlainGraph> {
    (1usize..9, 0u32..9, any::<u64>())
        .prop_map(|(n, p, seed)| colouring::random(n, p as f64 / 8.0, seed))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn chromatic_number_matches_brute_force(graph in arbitrary_graph()) {
        let result = chromatic(&graph, Effort::default(), |_| {});
        prop_assert!(result.proven());
        prop_assert_eq!(result.upper, brute_chromatic(&graph));
        prop_assert!(graph.check(&result.colouring).is_ok());
    }

    #[test]
    fn every_lower_bound_is_at_most_the_chromatic_number(graph in arbitrary_graph()) {
        let chi = brute_chromatic(&graph);
        let result = chromatic(&graph, Effort::default(), |_| {});
        let found = [
            bounds::mycielski_tower(&graph, None),
            bounds::stable_sets(&graph, None).map(|(bound, _)| bound),
            bounds::fractional(&graph, &bounds::classes(&result.colouring), None),
        ];
        for bound in found.into_iter().flatten() {
            prop_assert!(bound.colours <= chi, "{} > χ = {}", bound, chi);
        }
    }

    #[test]
    fn k_colourings_match_brute_force(graph in arbitrary_graph(), k in 1usize..5) {
        let expected = brute_colourable(&graph, k);
        match colouring::colour(&graph, k, Effort::default()) {
            Outcome::Coloured { colouring, .. } => {
                prop_assert!(expected);
                prop_assert!(graph.check(&colouring).is_ok());
                prop_assert!(colouring.iter().all(|&c| (c as usize) < k));
            }
            Outcome::Impossible(_) => prop_assert!(!expected),
            Outcome::GaveUp(why) => prop_assert!(false, "gave up: {}", why),
        }
        // The engine alone, with no clique precoloured, agrees.
        let (decision, _) = k_colourable(&graph, k, &[], graphdoku::Budget::unlimited()).unwrap();
        prop_assert_eq!(matches!(decision, Decision::Coloured(_)), expected);
    }

    #[test]
    fn the_three_formats_read_the_same_graph(graph in arbitrary_graph()) {
        let mut dimacs = format!("c random\np edge {} {}\n", graph.len(), 2 * graph.edges().len());
        let mut list = String::new();
        let mut json = String::from("{\"nodes\": [");
        let names: Vec<String> = (1..=graph.len()).map(|v| v.to_string()).collect();
        json.push_str(&names.join(", "));
        json.push_str("], \"edges\": [");
        let mut pairs = Vec::new();
        for &(a, b) in graph.edges() {
            // Both ways round, as real DIMACS files do.
            dimacs.push_str(&format!("e {} {} \ne {} {}\n", a + 1, b + 1, b + 1, a + 1));
            pairs.push(format!("[{}, {}]", a + 1, b + 1));
        }
        for v in 0..graph.len() {
            list.push_str(&format!("{}\n", v + 1));
        }
        for &(a, b) in graph.edges() {
            list.push_str(&format!("{} {} # an edge\n", a + 1, b + 1));
        }
        json.push_str(&pairs.join(", "));
        json.push_str("]}");
        let read = [
            read_dimacs(dimacs.as_bytes(), "g.col").unwrap(),
            read_edge_list(list.as_bytes(), "g.txt").unwrap(),
            read_json_graph(json.as_bytes(), "g.json").unwrap(),
        ];
        for other in read {
            prop_assert_eq!(other.edges(), graph.edges());
            prop_assert_eq!(other.len(), graph.len());
        }
    }
}

#[test]
fn more_colours_than_128_in_the_exact_search() {
    // A planted 140-colouring with a 140-clique across the classes, so every
    // colouring uses colours past the 128 of the widest machine word: the exact
    // search finds one, and the heuristics agree.
    let graph = planted(280, 140, 0.5, true, 5);
    let (decision, _) = k_colourable(&graph, 140, &[], graphdoku::Budget::unlimited()).unwrap();
    let Decision::Coloured(colouring) = decision else {
        panic!("{decision:?}");
    };
    graph.check(&colouring).unwrap();
    assert!(colouring.iter().any(|&c| c >= 128));
    let adj = colouring::Adjacency::from_plain(&graph);
    let start = colouring::dsatur(&adj, &[], &[]).unwrap();
    let tabu = colouring::tabucol(&adj, 140, &start, colouring::TabuLimits::default()).unwrap();
    graph.check(&tabu).unwrap();
    assert!(colouring::colours_used(&tabu) <= 140);
    // Past a byte's worth of colours the exact search says plainly that it stops.
    assert_eq!(
        k_colourable(&graph, 256, &[], graphdoku::Budget::unlimited()),
        Err("256 colours: the exact search handles at most 255".into())
    );
}

/// K130 joined to a 5-cycle: χ = 130 + 3, one more than its largest clique
/// (130 + 2), so proving 132 colours too few takes the exact search, with
/// colours past 128.
#[test]
fn chromatic_number_past_128_colours_is_proven() {
    let (clique, cycle) = (130u32, 5u32);
    let mut edges = Vec::new();
    for a in 0..clique + cycle {
        for b in a + 1..clique + cycle {
            let in_cycle = a >= clique && (b - a == 1 || b - a == cycle - 1);
            if a < clique || in_cycle {
                edges.push((a, b));
            }
        }
    }
    let graph = PlainGraph::new((clique + cycle) as usize, edges).unwrap();
    let (decision, _) = k_colourable(&graph, 132, &[], graphdoku::Budget::unlimited()).unwrap();
    assert_eq!(decision, Decision::Impossible);
    // (Few tabu moves: with 132 colours tried they would take seconds, in vain.)
    let options = Effort {
        tabu_moves: Some(10_000),
        ..Effort::default()
    };
    let result = chromatic(&graph, options, |_| {});
    assert!(result.proven(), "{result:?}");
    assert_eq!((result.lower, result.upper), (133, 133));
    graph.check(&result.colouring).unwrap();
}
