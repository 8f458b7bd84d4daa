//! JSON graphs: `{"nodes": [...], "edges": [[u, v], ...]}`, nodes optionally
//! precoloured or given allowed lists; `graphdoku graph -f json` output reads too.

use std::collections::HashMap;
use std::io::BufRead;

use serde_json::Value;

use super::InputError;
use super::graph_file::error_at;
use crate::graph::{MAX_COLOUR, PlainGraph};
use crate::location::Lines;

/// Reads a JSON graph.
///
/// `nodes` lists the vertices: each a name (string or number) or an object
/// `{"id": NAME, "colour": C, "allowed": [C, ...]}` (`color` is read too),
/// colours counted from 1. `edges` lists pairs of names. Without `nodes`, the
/// vertices are the names the edges use, in order of appearance.
///
/// So that what `graphdoku graph -f json` writes reads back, a node object may
/// say `name` in place of `id`, an edge may be an object `{"a": U, "b": V}`
/// (other keys, such as `reason`, are ignored), and an allowed colour may be a
/// symbol of a top-level `symbols` list (the first symbol is colour 1).
///
/// # Errors
/// With file, line and column: malformed JSON, a node or edge of the wrong
/// shape, an edge naming an unlisted node, a node listed twice, colour 0.
///
/// # Example
/// ```
/// use graphdoku::read::read_json_graph;
/// let file = r#"{"nodes": ["a", {"id": "b", "colour": 2}, {"id": "c", "allowed": [1, 3]}],
///               "edges": [["a", "b"], ["b", "c"]]}"#;
/// let graph = read_json_graph(file.as_bytes(), "g.json").unwrap();
/// assert_eq!(graph.edges(), &[(0, 1), (1, 2)]);
/// assert_eq!(graph.given(1), Some(1)); // colours are 0-based inside
/// assert_eq!(graph.allowed(2), Some(&[0, 2][..]));
/// let bad = read_json_graph(r#"{"nodes": ["a"],
///   "edges": [["a", "z"]]}"#.as_bytes(), "g.json").unwrap_err();
/// assert_eq!(bad.to_string(), "g.json:2:19: edge 1: no node `z` in `nodes`");
/// ```
pub fn read_json_graph(input: impl BufRead, path: &str) -> Result<PlainGraph, InputError> {
    let text = super::read_text(input, path).map_err(|e| e.located(path))?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| error_at(path, e.line(), e.column(), format!("not JSON: {e}")))?;
    // Values carry no positions: find the offending text in the source instead.
    let fail = |section: &str, needle: &str, message: String| {
        let (line, column) = locate(&text, section, needle);
        error_at(path, line, column, message)
    };
    let Value::Object(top) = &value else {
        return Err(fail(
            "",
            "",
            "expected an object `{\"nodes\": [...], \"edges\": [...]}`".into(),
        ));
    };
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut names: Vec<String> = Vec::new();
    let mut precoloured = Vec::new();
    let mut allowed = Vec::new();
    let listed = top.contains_key("nodes");
    // The symbols of a `graph -f json` record, which names allowed colours by symbol.
    let symbols: Vec<&str> = top
        .get("symbols")
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |list| {
            list.iter().filter_map(Value::as_str).collect()
        });
    if let Some(nodes) = top.get("nodes") {
        let Value::Array(nodes) = nodes else {
            return Err(fail("\"nodes\"", "", "`nodes` must be a list".into()));
        };
        for (i, node) in nodes.iter().enumerate() {
            let (id, object) = match node {
                Value::Object(object) => match object.get("id").or_else(|| object.get("name")) {
                    Some(id) => (id, Some(object)),
                    None => {
                        return Err(fail(
                            "\"nodes\"",
                            "{",
                            format!("node {}: no `id` (or `name`)", i + 1),
                        ));
                    }
                },
                other => (other, None),
            };
            let name = name_of(id).ok_or_else(|| {
                fail(
                    "\"nodes\"",
                    &id.to_string(),
                    format!("node {}: a name is a string or a number", i + 1),
                )
            })?;
            let vertex = names.len() as u32;
            if index.insert(name.clone(), vertex).is_some() {
                return Err(fail(
                    "\"nodes\"",
                    &id.to_string(),
                    format!("node `{name}` is listed twice"),
                ));
            }
            names.push(name.clone());
            let Some(object) = object else { continue };
            let colour_of = |value: &Value| -> Result<u32, InputError> {
                if let Some(symbol) = value.as_str()
                    && let Some(at) = symbols.iter().position(|s| *s == symbol)
                {
                    return Ok(at as u32);
                }
                match value.as_u64() {
                    Some(c) if (1..=MAX_COLOUR).contains(&c) => Ok((c - 1) as u32),
                    _ => Err(fail(
                        &format!("{id}"),
                        &value.to_string(),
                        format!(
                            "node `{name}`: colours are numbers from 1 to {MAX_COLOUR}, not {value}"
                        ),
                    )),
                }
            };
            if let Some(colour) = object.get("colour").or_else(|| object.get("color")) {
                precoloured.push((vertex, colour_of(colour)?));
            }
            if let Some(list) = object.get("allowed") {
                let Value::Array(list) = list else {
                    return Err(fail(
                        &format!("{id}"),
                        "\"allowed\"",
                        format!("node `{name}`: `allowed` must be a list of colours"),
                    ));
                };
                if list.is_empty() {
                    return Err(fail(
                        &format!("{id}"),
                        "\"allowed\"",
                        format!("node `{name}`: an empty `allowed` list leaves it no colour"),
                    ));
                }
                let colours: Result<Vec<u32>, _> = list.iter().map(colour_of).collect();
                allowed.push((vertex, colours?));
            }
        }
    }
    let mut edges = Vec::new();
    if let Some(list) = top.get("edges") {
        let Value::Array(list) = list else {
            return Err(fail(
                "\"edges\"",
                "",
                "`edges` must be a list of pairs".into(),
            ));
        };
        for (i, edge) in list.iter().enumerate() {
            let pair = match edge {
                Value::Array(pair) if pair.len() == 2 => [&pair[0], &pair[1]],
                Value::Object(ends) if ends.contains_key("a") && ends.contains_key("b") => {
                    [&ends["a"], &ends["b"]]
                }
                other => {
                    return Err(fail(
                        "\"edges\"",
                        &other.to_string(),
                        format!(
                            "edge {}: expected a pair [U, V] or {{\"a\": U, \"b\": V}}",
                            i + 1
                        ),
                    ));
                }
            };
            let mut ends = [0u32; 2];
            for (end, id) in ends.iter_mut().zip(pair) {
                let name = name_of(id).ok_or_else(|| {
                    fail(
                        "\"edges\"",
                        &id.to_string(),
                        format!("edge {}: a name is a string or a number", i + 1),
                    )
                })?;
                *end = match index.get(&name) {
                    Some(&v) => v,
                    None if listed => {
                        return Err(fail(
                            "\"edges\"",
                            &id.to_string(),
                            format!("edge {}: no node `{name}` in `nodes`", i + 1),
                        ));
                    }
                    None => {
                        let v = names.len() as u32;
                        index.insert(name.clone(), v);
                        names.push(name);
                        v
                    }
                };
            }
            if ends[0] == ends[1] {
                return Err(fail(
                    "\"edges\"",
                    &pair[0].to_string(),
                    format!(
                        "edge {}: from `{}` to itself: such a vertex can have no colour",
                        i + 1,
                        names[ends[0] as usize]
                    ),
                ));
            }
            edges.push((ends[0], ends[1]));
        }
    }
    let mut graph = PlainGraph::named(names, edges).map_err(|m| error_at(path, 0, 0, m))?;
    for (v, c) in precoloured {
        graph = graph.precolour(v as usize, c);
    }
    for (v, list) in allowed {
        graph = graph.allow(v as usize, list);
    }
    Ok(graph)
}

/// A node name: a string as it is, a number as written.
fn name_of(id: &Value) -> Option<String> {
    match id {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Line and column (1-based) of the first `needle` after the first `section`
/// in `text` (the start of the section when the needle is not found).
fn locate(text: &str, section: &str, needle: &str) -> (usize, usize) {
    let start = text.find(section).unwrap_or(0);
    let offset = text[start..].find(needle).map_or(start, |i| start + i);
    let (line, before) = Lines::new(text).position(offset);
    (line, before + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<PlainGraph, String> {
        read_json_graph(text.as_bytes(), "g.json").map_err(|e| e.to_string())
    }

    #[test]
    fn nodes_may_be_left_out_and_numbers_are_names() {
        let g = read(r#"{"edges": [[1, 2], [2, "x"]]}"#).unwrap();
        assert_eq!(g.len(), 3);
        assert_eq!(g.name(2), "x");
        assert_eq!(g.edges(), &[(0, 1), (1, 2)]);
    }

    #[test]
    fn graph_records_read_back() {
        let g = read(
            r#"{"symbols": ["1", "2", "3"], "nodes": [{"name": "r1c1", "x": 0.5},
                {"name": "r1c2", "allowed": ["2", "3"]}],
                "edges": [{"a": "r1c1", "b": "r1c2", "reason": "row 1"}]}"#,
        )
        .unwrap();
        assert_eq!(g.name(1), "r1c2");
        assert_eq!(g.edges(), &[(0, 1)]);
        assert_eq!(g.allowed(1), Some(&[1, 2][..]));
    }

    #[test]
    fn errors_say_where() {
        assert!(
            read("{\"edges\": [[1, 2],\n [3]]}")
                .unwrap_err()
                .starts_with("g.json:2:2: edge 2: expected a pair")
        );
        assert!(
            read("{\"edges\": [[1, 2]\n [3]]}")
                .unwrap_err()
                .starts_with("g.json:2:2: not JSON")
        );
        assert!(
            read(r#"{"nodes": ["a", "a"]}"#)
                .unwrap_err()
                .contains("listed twice")
        );
        assert!(
            read(r#"{"nodes": [{"id": "a", "colour": 0}]}"#)
                .unwrap_err()
                .contains("from 1")
        );
        assert!(
            read(r#"[1]"#)
                .unwrap_err()
                .starts_with("g.json:1:1: expected an object")
        );
        assert!(
            read(r#"{"edges": [["a", "a"]]}"#)
                .unwrap_err()
                .contains("itself")
        );
    }
}
