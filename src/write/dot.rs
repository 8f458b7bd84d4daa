//! Graphviz DOT export of a constraint graph, through petgraph's `Dot`.

use petgraph::dot::{Config, Dot};
use petgraph::graph::{EdgeReference, NodeIndex, UnGraph};
use petgraph::visit::NodeRef;

use super::{edges, position, why_label};
use crate::graph::ConstraintGraph;

/// Points per cell unit in `pos` attributes.
const SPACING: f64 = 54.0;

/// Most edges a graph may have for `graphdoku graph` to label them unasked:
/// past a few hundred, Graphviz piles the labels on top of each other (the
/// pie's 792 edges, a 9×9's 810) and the drawing cannot be read.
pub const LABEL_LIMIT: usize = 300;

/// The graph in DOT: one node per cell labelled by its name (with a pinned
/// `pos` where the layout has one, for `neato -n`), one edge per "must
/// differ" pair, labelled when `labels` is true by the first house holding
/// both, or by its rule (`anti-knight`, `anti-king`, `edge rule`).
///
/// ```
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let dot = graphdoku::write::dot::dot(&g, true);
/// assert!(dot.starts_with("graph {"));
/// assert!(dot.contains(r#"label = "r1c1""#));
/// assert!(dot.contains(r#"label = "box 1""#));
/// let bare = graphdoku::write::dot::dot(&g, false);
/// assert!(bare.contains(r#"label = "r1c1""#));
/// assert!(!bare.contains(r#"label = "box 1""#));
/// ```
pub fn dot(graph: &ConstraintGraph, labels: bool) -> String {
    let mut labelled: UnGraph<String, String> = UnGraph::with_capacity(graph.len(), 0);
    for cell in graph.cells() {
        labelled.add_node(cell.name.clone());
    }
    if labels {
        for (a, b, why) in edges(graph) {
            labelled.add_edge(
                NodeIndex::new(a),
                NodeIndex::new(b),
                why_label(graph, why).to_string(),
            );
        }
    } else {
        // No reasons to find: the edges as they are, in the same order.
        for edge in graph.graph().edge_indices() {
            let (a, b) = graph.graph().edge_endpoints(edge).expect("an edge");
            let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
            labelled.add_edge(NodeIndex::new(a), NodeIndex::new(b), String::new());
        }
    }
    let mut config = vec![Config::GraphContentOnly];
    if !labels {
        config.push(Config::EdgeNoLabel);
    }
    let edge = |_, _: EdgeReference<'_, String>| String::new();
    let node = |_, node: (NodeIndex, &String)| {
        position(graph, node.id().index()).map_or(String::new(), |(x, y)| {
            format!("pos = \"{:.1},{:.1}!\"", x * SPACING, -y * SPACING)
        })
    };
    let content = Dot::with_attr_getters(&labelled, &config, &edge, &node);
    // With positions, neato keeps them (read in points): `dot -Tsvg` then draws the
    // shape as laid out, in a second, where dot's own layering of hundreds of
    // labelled edges takes a minute.
    let placed = (0..graph.len()).any(|c| position(graph, c).is_some());
    let layout = if placed {
        "    layout = neato\n    inputscale = 72\n"
    } else {
        "    layout = circo\n"
    };
    format!(
        "graph {{\n    label = \"{}\"\n{layout}    node [shape = circle, fontsize = 10]\n    edge [fontsize = 8, fontcolor = \"#555555\"]\n{content}}}\n",
        graph.name().replace('\\', "\\\\").replace('"', "\\\"")
    )
}
