//! Colourings of general graphs: `vertex colour` lines, JSON, or DOT with fill colours.

use std::io::{self, Write};

use crate::graph::PlainGraph;

/// Writes one `vertex colour` line per vertex, in vertex order, colours from 1.
///
/// # Example
/// ```
/// use graphdoku::PlainGraph;
/// let g = PlainGraph::named(vec!["a".into(), "b".into()], vec![(0, 1)]).unwrap();
/// let mut out = Vec::new();
/// graphdoku::write::colouring::text(&g, &[0, 1], &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "a 1\nb 2\n");
/// ```
pub fn text(graph: &PlainGraph, colouring: &[u32], out: &mut impl Write) -> io::Result<()> {
    for (v, &c) in colouring.iter().enumerate() {
        writeln!(out, "{} {}", graph.name(v), c + 1)?;
    }
    Ok(())
}

/// Writes the colouring as one JSON object: `colours` (how many), `colouring`
/// (name → colour from 1, in vertex order) and `classes` (the vertices of
/// each colour), after `version` and `record` as in every JSON record.
///
/// # Example
/// ```
/// use graphdoku::PlainGraph;
/// let g = PlainGraph::named(vec!["a".into(), "b".into(), "c".into()], vec![(0, 1)]).unwrap();
/// let mut out = Vec::new();
/// graphdoku::write::colouring::json(&g, &[0, 1, 0], &mut out).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     r#"{"version":1,"record":"colouring","colours":2,"colouring":{"a":1,"b":2,"c":1},"classes":[["a","c"],["b"]]}"#
/// );
/// ```
pub fn json(graph: &PlainGraph, colouring: &[u32], out: &mut impl Write) -> io::Result<()> {
    let name = |v: usize| serde_json::to_string(&graph.name(v)).expect("a string");
    let colours = crate::colouring::colours_used(colouring);
    let record = super::json::word(&super::json::Kind::Colouring);
    write!(
        out,
        "{{\"version\":{},\"record\":\"{record}\",\"colours\":{colours},\"colouring\":{{",
        super::json::VERSION
    )?;
    for (v, &c) in colouring.iter().enumerate() {
        let comma = if v == 0 { "" } else { "," };
        write!(out, "{comma}{}:{}", name(v), c + 1)?;
    }
    write!(out, "}},\"classes\":[")?;
    for (c, class) in classes(colouring).iter().enumerate() {
        let comma = if c == 0 { "" } else { "," };
        let names: Vec<String> = class.iter().map(|&v| name(v as usize)).collect();
        write!(out, "{comma}[{}]", names.join(","))?;
    }
    write!(out, "]}}")
}

/// Writes the graph in Graphviz DOT, each vertex filled with its colour's hue
/// and labelled with its name and colour.
///
/// # Example
/// ```
/// use graphdoku::PlainGraph;
/// let g = PlainGraph::new(2, vec![(0, 1)]).unwrap();
/// let mut out = Vec::new();
/// graphdoku::write::colouring::dot(&g, &[0, 1], &mut out).unwrap();
/// let dot = String::from_utf8(out).unwrap();
/// assert!(dot.starts_with("graph colouring {"));
/// assert!(dot.contains("\"1\" -- \"2\";"));
/// ```
pub fn dot(graph: &PlainGraph, colouring: &[u32], out: &mut impl Write) -> io::Result<()> {
    let colours = crate::colouring::colours_used(colouring).max(1);
    writeln!(out, "graph colouring {{")?;
    writeln!(out, "  node [style=filled, fontname=\"Helvetica\"];")?;
    for (v, &c) in colouring.iter().enumerate() {
        // Hues spread evenly round the wheel; light enough for black labels.
        let hue = c as f64 / colours as f64;
        writeln!(
            out,
            "  {} [fillcolor=\"{hue:.3} 0.45 0.95\", label={}];",
            quoted(&graph.name(v)),
            quoted(&format!("{} ({})", graph.name(v), c + 1))
        )?;
    }
    for &(a, b) in graph.edges() {
        writeln!(
            out,
            "  {} -- {};",
            quoted(&graph.name(a as usize)),
            quoted(&graph.name(b as usize))
        )?;
    }
    writeln!(out, "}}")
}

/// The vertices of each colour, in order.
pub fn classes(colouring: &[u32]) -> Vec<Vec<u32>> {
    let mut classes = vec![Vec::new(); crate::colouring::colours_used(colouring)];
    for (v, &c) in colouring.iter().enumerate() {
        classes[c as usize].push(v as u32);
    }
    classes
}

/// A DOT identifier: quoted, with quotes and backslashes escaped.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
}
