//! The page's share links (`…/#p=…`): the puzzle they hold, as a variant, rules, givens and words.
//!
//! `graphdoku serve`'s page shares a puzzle as its own address with the puzzle
//! in the fragment: `#p=` and lz-string's `compressToEncodedURIComponent` of the
//! page's model as JSON (`src/serve/js/storage.js`): `{"v": 1, "shape": …,
//! "rules": […], "givens": […], "title", "author", "rulesText"}`. The shape is a
//! designer's grid (`{"kind": "grid", "size": 9, "boxes": [3, 3], …}`, written
//! here as RON exactly as the page's `gridRon` writes it), a built-in's name, or
//! pasted RON; the rules are the RON schema's rules in JSON, as the page sends
//! them to the server; the givens are symbols by cell, in the variant's order.
//! Nothing of a share link reaches a server, so [`read`] is the only way a
//! program other than the page reads one.

use serde_json::Value;
use thiserror::Error;

use super::VariantRef;
use crate::rules::RuleSpec;

/// The version of the page's model that share links hold.
const VERSION: u64 = 1;

/// Why a share link could not be read.
#[derive(Debug, Error)]
#[error("{origin}: {message}")]
pub struct ShareError {
    /// The input's name.
    pub origin: String,
    /// What was wrong.
    pub message: String,
}

/// The puzzle a share link holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Shared {
    /// The title, or `shared puzzle`.
    pub name: String,
    /// The author, when given.
    pub author: Option<String>,
    /// The rules in words, when given.
    pub rules_text: Option<String>,
    /// The variant: a built-in's name, or its RON text.
    pub variant: VariantRef,
    /// The rules drawn on the page, finished ones only (see [`Shared::unfinished`]).
    pub rules: Vec<RuleSpec>,
    /// Rules drawn but not finished (a clue without its number): the page
    /// keeps them to itself, and so does an import.
    pub unfinished: usize,
    /// The givens: a symbol or `None` by cell, in the variant's order (as
    /// many as the page had; fewer than the cells means the rest are empty).
    pub givens: Vec<Option<String>>,
}

/// Whether `text` holds a share link's fragment (`#p=`).
pub fn recognises(text: &str) -> bool {
    text.contains("#p=")
}

/// Reads the puzzle of a share link (or its fragment, `#p=…`); `origin`
/// names it in messages.
///
/// # Errors
/// [`ShareError`]: no `#p=`, a payload that does not decompress, or JSON
/// that is not the page's puzzle (a shape it cannot have, another version).
///
/// # Example
/// ```
/// let model = r#"{"v":1,"shape":{"kind":"builtin","name":"sudoku4"},"rules":[],"givens":["1",null],"title":"Tiny"}"#;
/// let link = format!("http://127.0.0.1:8787/#p={}", lz_str::compress_to_encoded_uri_component(model));
/// let shared = graphdoku::read::share::read(&link, "link").unwrap();
/// assert_eq!(shared.name, "Tiny");
/// assert_eq!(shared.givens[0].as_deref(), Some("1"));
/// ```
pub fn read(text: &str, origin: &str) -> Result<Shared, ShareError> {
    let fail = |message: String| ShareError {
        origin: origin.to_string(),
        message,
    };
    let Some((_, packed)) = text.trim().split_once("#p=") else {
        return Err(fail("not a share link: no `#p=` in it".into()));
    };
    // A link that went through a chat may come back percent-encoded.
    let packed = super::lz::percent_decode(packed.trim());
    let json = super::lz::decompress_uri(&packed)
        .map_err(|e| fail(format!("the share link is cut short or damaged: {e}")))?;
    let model: Value = serde_json::from_str(&json)
        .map_err(|e| fail(format!("the share link does not hold a puzzle: {e}")))?;
    if model.get("v").and_then(Value::as_u64) != Some(VERSION) {
        return Err(fail(
            "the share link is not a graphdoku puzzle (or from another version)".into(),
        ));
    }
    let words = |key: &str| {
        model
            .get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
    };
    let name = words("title").unwrap_or_else(|| "shared puzzle".to_string());
    let variant = variant(model.get("shape").unwrap_or(&Value::Null)).map_err(fail)?;
    let mut rules = Vec::new();
    let mut unfinished = 0;
    for rule in model
        .get("rules")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match serde_json::from_value::<RuleSpec>(rule.clone()) {
            Ok(rule) => rules.push(rule),
            Err(_) => unfinished += 1,
        }
    }
    let givens = model
        .get("givens")
        .and_then(Value::as_array)
        .map(|cells| {
            cells
                .iter()
                .map(|v| match v {
                    Value::String(s) if !s.trim().is_empty() && s.trim() != "." => {
                        Some(s.trim().to_string())
                    }
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Shared {
        name,
        author: words("author"),
        rules_text: words("rulesText"),
        variant,
        rules,
        unfinished,
        givens,
    })
}

/// The variant of the page's shape: a built-in by name, pasted RON as it
/// is, a designer's grid written as the page writes it.
fn variant(shape: &Value) -> Result<VariantRef, String> {
    let text = |key: &str| shape.get(key).and_then(Value::as_str);
    match text("kind") {
        Some("builtin") => text("name")
            .map(|n| VariantRef::Named(n.to_string()))
            .ok_or_else(|| "the share link's built-in shape has no name".into()),
        Some("ron") => text("text")
            .map(|t| VariantRef::Inline(t.to_string()))
            .ok_or_else(|| "the share link's RON shape has no text".into()),
        Some("grid") => grid_ron(shape).map(VariantRef::Inline),
        _ => Err("the share link's shape is not readable".into()),
    }
}

/// A region's letter, as the page numbers them (its `letter`).
fn letter(i: usize) -> char {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    LETTERS[i % LETTERS.len()] as char
}

/// A JSON string, which RON reads as the same string.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// The variant of a designer's grid, in RON, as the page's `gridRon`
/// (`src/serve/js/model.js`) writes it: rows, columns, boxes or a finished
/// jigsaw, diagonals, disjoint groups, extra houses, knight's and king's moves.
fn grid_ron(shape: &Value) -> Result<String, String> {
    let n = shape
        .get("size")
        .and_then(Value::as_u64)
        .filter(|n| (1..=64).contains(n))
        .ok_or("the share link's grid has no size from 1 to 64")? as usize;
    let flag = |key: &str| shape.get(key).and_then(Value::as_bool).unwrap_or(false);
    let boxes: Option<(usize, usize)> = shape
        .get("boxes")
        .and_then(Value::as_array)
        .and_then(|b| Some((b.first()?.as_u64()? as usize, b.get(1)?.as_u64()? as usize)))
        .filter(|&(h, w)| h * w == n);
    let regions: Option<Vec<String>> = shape.get("regions").and_then(Value::as_array).map(|rows| {
        rows.iter()
            .map(|r| r.as_str().unwrap_or("").to_string())
            .collect()
    });
    let mut houses = vec!["Rows".to_string(), "Columns".to_string()];
    let indent = "\n            ";
    let map = |rows: &[String]| {
        let rows: Vec<String> = rows.iter().map(|r| quoted(r)).collect();
        format!(
            "Regions([{indent}{},\n        ])",
            rows.join(&format!(",{indent}"))
        )
    };
    match (&regions, boxes) {
        // An unfinished jigsaw is drawn by the page and left out until it tiles.
        (Some(rows), _) if tiles(rows, n) => houses.push(map(rows)),
        (Some(_), _) => {}
        (None, Some((h, w))) => houses.push(format!("Boxes(rows: {h}, cols: {w})")),
        (None, None) => {}
    }
    let diagonal = |up: bool| {
        (0..n)
            .map(|i| format!("\"r{}c{}\"", if up { n - i } else { i + 1 }, i + 1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (flag("diagonals"), flag("antidiagonal")) {
        (true, true) => houses.push("Diagonals".into()),
        (true, false) => houses.push(format!(
            "House(name: \"diagonal \\\\\", cells: [{}])",
            diagonal(false)
        )),
        (false, true) => houses.push(format!(
            "House(name: \"diagonal /\", cells: [{}])",
            diagonal(true)
        )),
        (false, false) => {}
    }
    if let (true, Some((h, w))) = (flag("disjoint"), boxes) {
        let rows: Vec<String> = (0..n)
            .map(|r| (0..n).map(|c| letter((r % h) * w + c % w)).collect())
            .collect();
        houses.push(map(&rows));
    }
    for house in shape
        .get("houses")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = house.get("name").and_then(Value::as_str).unwrap_or("house");
        let cells: Vec<String> = (house.get("cells").and_then(Value::as_array).into_iter())
            .flatten()
            .filter_map(Value::as_str)
            .map(quoted)
            .collect();
        houses.push(format!(
            "House(name: {}, cells: [{}])",
            quoted(name),
            cells.join(", ")
        ));
    }
    let kind = match (&regions, boxes) {
        (Some(_), _) => "Jigsaw",
        (None, Some(_)) => "Sudoku",
        (None, None) => "Latin square",
    };
    let symbols = match n {
        ..=9 => format!("Chars(\"{}\")", &"123456789"[..n]),
        _ => format!("Range(1, {n})"),
    };
    let mut out = String::from("Variant(\n");
    out += &format!("    name: {},\n", quoted(&format!("{kind} {n}×{n}")));
    out += &format!("    symbols: {symbols},\n");
    out += &format!("    cells: Grid(rows: {n}, cols: {n}),\n");
    out += &format!(
        "    houses: [\n        {},\n    ],\n",
        houses.join(",\n        ")
    );
    let edges: Vec<&str> = [(flag("knight"), "Knight"), (flag("king"), "King")]
        .into_iter()
        .filter_map(|(on, e)| on.then_some(e))
        .collect();
    if !edges.is_empty() {
        out += &format!("    edges: [{}],\n", edges.join(", "));
    }
    out += ")\n";
    Ok(out)
}

/// Whether a jigsaw map tiles a grid of `n`: `n` regions of `n` cells each
/// (the page's `regionProblem` finds none).
fn tiles(rows: &[String], n: usize) -> bool {
    let mut sizes = std::collections::BTreeMap::new();
    for ch in rows.iter().flat_map(|r| r.chars()).filter(|&c| c != '.') {
        *sizes.entry(ch).or_insert(0usize) += 1;
    }
    sizes.len() == n && sizes.values().all(|&s| s == n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A share link of the page's `model` (JSON), as `storage.js` makes it.
    fn link(model: &str) -> String {
        format!(
            "http://127.0.0.1:8787/#p={}",
            lz_str::compress_to_encoded_uri_component(model)
        )
    }

    #[test]
    fn a_designers_grid_is_written_as_the_page_writes_it() {
        let model = r#"{"v":1,"shape":{"kind":"grid","size":4,"boxes":[2,2],"regions":null,
            "houses":[{"name":"extra","cells":["r1c1","r2c2"]}],"diagonals":true,
            "antidiagonal":false,"knight":false,"king":true,"disjoint":false},
            "rules":[{"Killer":{"cells":["r1c1","r1c2"],"total":3}},"NonConsecutive",{"Sandwich":{"from":"r1c1"}}],
            "givens":["1",null,"",".","2"],"title":" Four ","author":"me","rulesText":""}"#;
        let shared = read(&link(model), "link").unwrap();
        assert_eq!(shared.name, "Four");
        assert_eq!(shared.author.as_deref(), Some("me"));
        assert_eq!(shared.rules_text, None);
        assert_eq!(shared.rules.len(), 2);
        assert_eq!(shared.unfinished, 1);
        assert_eq!(
            shared.givens,
            [Some("1".into()), None, None, None, Some("2".into())]
        );
        let VariantRef::Inline(ron) = &shared.variant else {
            panic!("a grid is written out")
        };
        assert!(ron.contains("Boxes(rows: 2, cols: 2)"), "{ron}");
        assert!(
            ron.contains(r#"House(name: "diagonal \\", cells: ["r1c1", "r2c2", "r3c3", "r4c4"])"#),
            "{ron}"
        );
        assert!(
            ron.contains(r#"House(name: "extra", cells: ["r1c1", "r2c2"])"#),
            "{ron}"
        );
        assert!(ron.contains("edges: [King]"), "{ron}");
        let graph =
            crate::ConstraintGraph::build(&crate::variant::parse(ron, "x").unwrap()).unwrap();
        assert_eq!(graph.len(), 16);
    }

    #[test]
    fn damaged_links_say_so() {
        let err = read("http://x/#p=N4Ig%%%", "link").unwrap_err().to_string();
        assert!(
            err.starts_with("link: the share link is cut short or damaged"),
            "{err}"
        );
        let other = link(r#"{"v":2,"shape":{"kind":"builtin","name":"pie"}}"#);
        let err = read(&other, "link").unwrap_err().to_string();
        assert!(err.contains("another version"), "{err}");
    }
}
