//! f-puzzles puzzles (JSON, or the lz-string base64 of a `?load=` link) read as a shape and givens.
//!
//! What f-puzzles expresses as "these cells differ" is kept: the grid's size,
//! regions (boxes or irregular), `diagonal+`/`diagonal-`, `antiknight`,
//! `antiking`, `extraregion` and `disjointgroups`. Every other constraint (killer
//! cages, thermometers, arrows, kropki dots…) is not a colouring rule and makes
//! the import fail with [`FpuzzlesError::Refused`], naming each one; cosmetic
//! elements (text, lines, shapes) are listed in [`Imported::ignored`].

use serde::Deserialize;
use serde_json::Value;
use thiserror::Error;

use crate::location::Location;

/// Keys that carry no rule at all.
const METADATA: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    // The editor's list of the constraint panels in use: the constraints
    // themselves are the other keys, read (or refused) on their own.
    "activeConstraints",
];
/// Decoration only: drawn by f-puzzles, no constraint on the digits.
const COSMETIC: &[&str] = &["text", "line", "rectangle", "circle", "cage"];
/// The constraints graphdoku reads.
const KEPT: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "extraregion",
    "disjointgroups",
];

/// Why an f-puzzles puzzle could not be imported.
#[derive(Debug, Error)]
pub enum FpuzzlesError {
    /// Not JSON, or not an f-puzzles object; with line and column when known.
    #[error("{location}: {message}")]
    Syntax {
        /// Where.
        location: Location,
        /// What was wrong.
        message: String,
    },
    /// A `?load=` string that does not decompress.
    #[error("{origin}: not an f-puzzles link or compressed puzzle: {reason}")]
    Compressed {
        /// The input's name.
        origin: String,
        /// Why: `the lz-string base64 does not decode`, a character outside
        /// base64, or text too long for a puzzle.
        reason: String,
    },
    /// Constraints that are not "cells differ" rules.
    #[error(
        "{origin}: f-puzzles constraints that are not colouring rules cannot be imported: {}",
        refused.join(", ")
    )]
    Refused {
        /// The input's name.
        origin: String,
        /// Each refused constraint with how many there are: `killercage (2)`.
        refused: Vec<String>,
    },
    /// A well-formed puzzle that does not make a valid shape.
    #[error("{origin}: {message}")]
    Invalid {
        /// The input's name.
        origin: String,
        /// What is wrong.
        message: String,
    },
}

/// One grid cell as f-puzzles writes it.
#[derive(Debug, Default, Deserialize)]
struct FCell {
    #[serde(default)]
    value: Option<Value>,
    #[serde(default)]
    given: bool,
    #[serde(default)]
    region: Option<i64>,
}

/// A list of cells (`extraregion`).
#[derive(Debug, Deserialize)]
struct FCells {
    cells: Vec<String>,
}

/// An f-puzzles puzzle turned into graphdoku terms.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The title, or `f-puzzles import`.
    pub name: String,
    /// Rows and columns.
    pub size: usize,
    /// Box height and width when the regions are the standard boxes.
    pub boxes: Option<(usize, usize)>,
    /// Otherwise the region map: one letter per cell, one string per row.
    pub regions: Option<Vec<String>>,
    /// Houses listed by cell name (`r1c1`): diagonals, extra regions.
    pub houses: Vec<(String, Vec<String>)>,
    /// A disjoint-groups map (letter = position in the box), when asked for.
    pub disjoint: Option<Vec<String>>,
    /// Anti-knight.
    pub knight: bool,
    /// Anti-king.
    pub king: bool,
    /// Givens row by row: the digit, or `None`.
    pub givens: Vec<Vec<Option<u32>>>,
    /// Cosmetic elements left out, with counts: `text (2)`.
    pub ignored: Vec<String>,
}

/// Reads f-puzzles JSON text, or a compressed puzzle (the value of a `?load=`
/// parameter, or a whole link holding one); `origin` names it in messages.
///
/// # Errors
/// [`FpuzzlesError`]: bad JSON (with line and column), an undecodable string,
/// refused constraints (all named), or an invalid grid.
///
/// # Example
/// ```
/// let json = r#"{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}],
///   [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], "antiking": true}"#;
/// let imported = graphdoku::read::fpuzzles::read(json, "x.json").unwrap();
/// assert_eq!(imported.boxes, Some((2, 2)));
/// assert!(imported.king);
/// assert_eq!(imported.givens[0][0], Some(1));
/// let caged = r#"{"size": 4, "grid": [], "killercage": [{"cells": ["R1C1"], "value": "3"}]}"#;
/// let err = graphdoku::read::fpuzzles::read(caged, "x.json").unwrap_err();
/// assert!(err.to_string().ends_with("cannot be imported: killercage (1)"));
/// ```
pub fn read(text: &str, origin: &str) -> Result<Imported, FpuzzlesError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    let json = if trimmed.starts_with('{') {
        trimmed.to_string()
    } else {
        decompress(trimmed).map_err(|e| FpuzzlesError::Compressed {
            origin: origin.to_string(),
            reason: e.to_string(),
        })?
    };
    let syntax = |e: serde_json::Error| FpuzzlesError::Syntax {
        location: Location::new(origin, e.line(), e.column()),
        message: e
            .to_string()
            .split(" at line")
            .next()
            .unwrap_or("")
            .to_string(),
    };
    let value: Value = serde_json::from_str(&json).map_err(syntax)?;
    let Value::Object(map) = value else {
        return Err(FpuzzlesError::Syntax {
            location: Location::new(origin, 1, 1),
            message: "an f-puzzles puzzle is a JSON object".into(),
        });
    };
    let invalid = |message: String| FpuzzlesError::Invalid {
        origin: origin.to_string(),
        message,
    };
    let mut refused = Vec::new();
    let mut ignored = Vec::new();
    for (key, value) in &map {
        let present = match value {
            Value::Null | Value::Bool(false) => false,
            Value::Array(items) => !items.is_empty(),
            _ => true,
        };
        let count = match value {
            Value::Array(items) => items.len(),
            _ => 1,
        };
        if !present || METADATA.contains(&key.as_str()) || KEPT.contains(&key.as_str()) {
            continue;
        }
        if COSMETIC.contains(&key.as_str()) {
            ignored.push(format!("{key} ({count})"));
        } else {
            refused.push(format!("{key} ({count})"));
        }
    }
    if !refused.is_empty() {
        return Err(FpuzzlesError::Refused {
            origin: origin.to_string(),
            refused,
        });
    }
    let field = |key: &str| map.get(key).cloned().unwrap_or(Value::Null);
    let flag = |key: &str| field(key).as_bool().unwrap_or(false);
    let size = field("size")
        .as_u64()
        .ok_or_else(|| invalid("`size` is missing or not a number".into()))?
        as usize;
    if !(1..=crate::symbols::MAX_SYMBOLS).contains(&size) {
        return Err(invalid(format!("size {size} is out of range")));
    }
    let grid: Vec<Vec<FCell>> =
        serde_json::from_value(field("grid")).map_err(|e| invalid(format!("`grid`: {e}")))?;
    if grid.len() != size || grid.iter().any(|row| row.len() != size) {
        return Err(invalid(format!("`grid` is not {size}×{size}")));
    }
    let (h, w) = default_boxes(size);
    let box_of = |r: usize, c: usize| (r / h) * (size / w) + c / w;
    // A cell's region: its own `region`, else its box.
    let mut region = vec![vec![0usize; size]; size];
    let mut givens = vec![vec![None; size]; size];
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            region[r][c] = match cell.region {
                Some(n) if n >= 0 && (n as usize) < size => n as usize,
                Some(n) => {
                    return Err(invalid(format!(
                        "R{}C{}: region {n} is out of range",
                        r + 1,
                        c + 1
                    )));
                }
                None => box_of(r, c),
            };
            if cell.given {
                let digit = cell
                    .value
                    .as_ref()
                    .and_then(digit)
                    .filter(|&d| (1..=size as u32).contains(&d));
                let digit = digit.ok_or_else(|| {
                    invalid(format!(
                        "R{}C{}: the given {} is not a digit from 1 to {size}",
                        r + 1,
                        c + 1,
                        cell.value
                            .as_ref()
                            .map_or("(none)".to_string(), Value::to_string)
                    ))
                })?;
                givens[r][c] = Some(digit);
            }
        }
    }
    let standard = (0..size).all(|r| (0..size).all(|c| region[r][c] == box_of(r, c)));
    let letter =
        |n: usize| char::from_digit(n as u32 + 10, 36).map_or('?', |c| c.to_ascii_uppercase());
    let map_of = |f: &dyn Fn(usize, usize) -> usize| -> Vec<String> {
        (0..size)
            .map(|r| (0..size).map(|c| letter(f(r, c))).collect())
            .collect()
    };
    let name_of = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
    let mut houses = Vec::new();
    if flag("diagonal-") {
        houses.push((
            "diagonal -".to_string(),
            (0..size).map(|i| name_of(i, i)).collect(),
        ));
    }
    if flag("diagonal+") {
        houses.push((
            "diagonal +".to_string(),
            (0..size).map(|i| name_of(size - 1 - i, i)).collect(),
        ));
    }
    let extra: Vec<FCells> = serde_json::from_value(match field("extraregion") {
        Value::Null => Value::Array(vec![]),
        other => other,
    })
    .map_err(|e| invalid(format!("`extraregion`: {e}")))?;
    for (n, group) in extra.iter().enumerate() {
        let cells = group
            .cells
            .iter()
            .map(|cell| {
                parse_cell(cell, size)
                    .map(|(r, c)| name_of(r, c))
                    .ok_or_else(|| {
                        invalid(format!("`extraregion`: {cell:?} is not a cell of the grid"))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        houses.push((format!("extra region {}", n + 1), cells));
    }
    let disjoint = match (flag("disjointgroups"), standard) {
        (false, _) => None,
        (true, true) => Some(map_of(&|r, c| (r % h) * w + c % w)),
        (true, false) => {
            return Err(invalid(
                "disjoint groups over irregular regions have no fixed positions to group".into(),
            ));
        }
    };
    let name = field("title")
        .as_str()
        .filter(|t| !t.trim().is_empty())
        .map_or("f-puzzles import".to_string(), |t| t.trim().to_string());
    Ok(Imported {
        name,
        size,
        boxes: standard.then_some((h, w)),
        regions: (!standard).then(|| map_of(&|r, c| region[r][c])),
        houses,
        disjoint,
        knight: flag("antiknight"),
        king: flag("antiking"),
        givens,
        ignored,
    })
}

/// The digit of a cell value, written as a number or a string.
fn digit(value: &Value) -> Option<u32> {
    match value {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// f-puzzles' default boxes for a size: as tall as the largest divisor not
/// above the square root, as wide as the rest (6 → 2×3, 8 → 2×4, 9 → 3×3).
pub(crate) fn default_boxes(size: usize) -> (usize, usize) {
    let h = (1..=size)
        .take_while(|h| h * h <= size)
        .filter(|h| size.is_multiple_of(*h))
        .last()
        .unwrap_or(1);
    (h, size / h)
}

/// `R3C10` as 0-based (row, column) inside a `size` grid.
fn parse_cell(cell: &str, size: usize) -> Option<(usize, usize)> {
    let upper = cell.to_ascii_uppercase();
    let (r, c) = upper.strip_prefix('R')?.split_once('C')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    ((1..=size).contains(&r) && (1..=size).contains(&c)).then(|| (r - 1, c - 1))
}

/// The JSON of a compressed puzzle: the `load` parameter of a link (or the
/// bare string), percent-decoded, then lz-string base64 (bounded: see
/// [`super::lz`]).
fn decompress(text: &str) -> Result<String, super::lz::Undecodable> {
    let value = match text.split_once("load=") {
        Some((_, rest)) => rest.split('&').next().unwrap_or(rest),
        None => text,
    };
    super::lz::decompress_payload(&super::lz::percent_decode(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_boxes_follow_f_puzzles() {
        assert_eq!(default_boxes(4), (2, 2));
        assert_eq!(default_boxes(6), (2, 3));
        assert_eq!(default_boxes(8), (2, 4));
        assert_eq!(default_boxes(9), (3, 3));
        assert_eq!(default_boxes(12), (3, 4));
        assert_eq!(default_boxes(7), (1, 7));
    }

    #[test]
    fn cells_parse_in_either_case() {
        assert_eq!(parse_cell("R1C1", 9), Some((0, 0)));
        assert_eq!(parse_cell("r9c10", 16), Some((8, 9)));
        assert_eq!(parse_cell("R10C1", 9), None);
        assert_eq!(parse_cell("X1", 9), None);
    }

    #[test]
    fn compressed_links_round_trip() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":2,"given":true}]]}"#;
        let packed = lz_str::compress_to_base64(json);
        let link = format!(
            "https://f-puzzles.com/?load={}&x=1",
            packed.replace('+', "%2B")
        );
        let imported = read(&link, "link").unwrap();
        assert_eq!(imported.givens[3][3], Some(2));
        assert!(matches!(
            read("not base64 !", "s"),
            Err(FpuzzlesError::Compressed { .. })
        ));
    }

    #[test]
    fn bad_json_has_line_and_column() {
        let err = read("{\n  \"size\": 9,\n  \"grid\": [,]\n}", "bad.json").unwrap_err();
        assert!(err.to_string().starts_with("bad.json:3:12: "), "{err}");
    }
}
