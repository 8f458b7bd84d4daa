//! f-puzzles puzzles (JSON, or the lz-string base64 of a `?load=` link) read as a shape and givens.
//!
//! What f-puzzles expresses as "these cells differ" is kept: the grid's size,
//! regions (boxes or irregular), `diagonal+`/`diagonal-`, `antiknight`,
//! `antiking`, `extraregion` and `disjointgroups`. Constraints on the values
//! become rules ([`crate::rules::RuleSpec`], in [`Imported::rules`]): see
//! [`RULES`] for the fields and what each becomes. A constraint the rules cannot
//! express (`clock` lines, `sumdot(intersection)`, kinds of `negative` no rule has…)
//! makes the import fail with [`FpuzzlesError::Refused`], naming each one;
//! cosmetic elements (text, lines, shapes, cosmetic cages) are listed in
//! [`Imported::ignored`].

use serde::Deserialize;
use serde_json::Value;
use thiserror::Error;

use crate::location::Location;
use crate::rules::{Direction, Mark, RuleSpec};

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

/// The f-puzzles fields read as rules on the values, and what each becomes.
///
/// | field | rule |
/// |---|---|
/// | `killercage` | `Killer` (no total when the value is empty) |
/// | `thermometer`, `slowthermometer` | one `Thermometer` or `SlowThermometer` per line, from the bulb |
/// | `arrow` | one `Arrow` per line, the circle (or pill) read in reading order |
/// | `difference`, `ratio` | `Difference` (1 unless given), `Ratio` (2 unless given) |
/// | `xv` | `X` or `V` |
/// | `negative` | `Negative(Difference)`, `Negative(Ratio)`, `Negative(XV)` |
/// | `whispers`, `renban` | one `Whispers` (difference 5 unless given) or `Renban` per line |
/// | `odd`, `even` | `Odd`, `Even` |
/// | `nonconsecutive` | `NonConsecutive` |
/// | `littlekillersum` | `LittleKiller` from the clue's first cell, in its direction |
/// | `sandwichsum`, `xsum`, `skyscraper` | `Sandwich`, `XSum`, `Skyscraper` from the clue's side |
/// | `betweenline` | one `Between` per line |
/// | `quadruple` | `Quadruple` |
/// | `regionsumline` | one `RegionSum` per line that crosses a region's border |
/// | `palindrome`, `clone` | one `Palindrome` per line, `Clone` |
/// | `minimum`, `maximum` | `Minimum`, `Maximum` |
/// | `zipperline`, `doublearrow` | one `Zipper` or `DoubleArrow` per line |
/// | `entropicline`, `modularline`, `nabner` | one `Entropic`, `Modular` or `Nabner` per line |
///
/// A line that passes a cell twice (a whispers line crossing itself, a loop)
/// is read as the line it is when its rule binds only neighbours along it:
/// thermometers and whispers are cut into lines that each pass a cell once,
/// sharing the cell at each cut, and entropic and modular lines likewise,
/// sharing two cells (the window of three). Any other line through a cell
/// twice is refused, naming the line's rule and the cell.
pub const RULES: &[&str] = &[
    "killercage",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "negative",
    "whispers",
    "renban",
    "odd",
    "even",
    "nonconsecutive",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "betweenline",
    "quadruple",
    "regionsumline",
    "palindrome",
    "clone",
    "minimum",
    "maximum",
    "slowthermometer",
    "zipperline",
    "doublearrow",
    "entropicline",
    "modularline",
    "nabner",
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
    /// Constraints that graphdoku's rules cannot express.
    #[error(
        "{origin}: f-puzzles constraints beyond graphdoku's rules cannot be imported: {}",
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
    /// The author, when given.
    pub author: Option<String>,
    /// The rules as the setter wrote them for solvers (f-puzzles' `ruleset`,
    /// SudokuPad's `rules`), when given.
    pub rules_text: Option<String>,
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
    /// Rules on the values (cages, thermometers, dots…), cells named `r1c1`.
    pub rules: Vec<RuleSpec>,
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
/// let clocked = r#"{"size": 4, "grid": [], "clock": [{"lines": [["R1C1", "R1C2"]]}]}"#;
/// let err = graphdoku::read::fpuzzles::read(clocked, "x.json").unwrap_err();
/// assert!(err.to_string().ends_with("cannot be imported: clock (1)"));
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
        if !present
            || METADATA.contains(&key.as_str())
            || KEPT.contains(&key.as_str())
            || RULES.contains(&key.as_str())
        {
            continue;
        }
        if COSMETIC.contains(&key.as_str()) {
            ignored.push(format!("{key} ({count})"));
        } else {
            refused.push(format!("{key} ({count})"));
        }
    }
    // Kinds of negative constraint no rule expresses are refused by name too.
    if let Some(Value::Array(kinds)) = map.get("negative") {
        for kind in kinds {
            if negative_mark(kind).is_none() {
                refused.push(format!("negative {kind}"));
            }
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
    let rules = rules(&map, size, &region).map_err(invalid)?;
    let name = field("title")
        .as_str()
        .filter(|t| !t.trim().is_empty())
        .map_or("f-puzzles import".to_string(), |t| t.trim().to_string());
    let text = |key: &str| {
        field(key)
            .as_str()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
    };
    Ok(Imported {
        name,
        author: text("author"),
        rules_text: text("ruleset"),
        size,
        boxes: standard.then_some((h, w)),
        regions: (!standard).then(|| map_of(&|r, c| region[r][c])),
        houses,
        disjoint,
        knight: flag("antiknight"),
        king: flag("antiking"),
        givens,
        rules,
        ignored,
    })
}

/// The kind of mark a `negative` entry names, if a rule expresses it.
fn negative_mark(kind: &Value) -> Option<Mark> {
    match kind.as_str()? {
        "difference" => Some(Mark::Difference),
        "ratio" => Some(Mark::Ratio),
        "xv" => Some(Mark::XV),
        _ => None,
    }
}

/// One constraint with its cells (`killercage`, `difference`, `ratio`, `xv`,
/// `clone`), and its value when it has one.
#[derive(Debug, Deserialize)]
struct FMarked {
    #[serde(default)]
    cells: Vec<String>,
    #[serde(default)]
    value: Option<Value>,
    #[serde(default, rename = "cloneCells")]
    clone_cells: Vec<String>,
}

/// One constraint made of lines (`thermometer`, `arrow`, `whispers`…), with
/// its circle (`arrow`) and value (`whispers`).
#[derive(Debug, Deserialize)]
struct FLines {
    #[serde(default)]
    lines: Vec<Vec<String>>,
    #[serde(default)]
    cells: Vec<String>,
    #[serde(default)]
    value: Option<Value>,
}

/// A `quadruple`: four cells and the digits in its circle.
#[derive(Debug, Deserialize)]
struct FQuadruple {
    cells: Vec<String>,
    #[serde(default)]
    values: Vec<Value>,
}

/// One constraint on one cell (`odd`, `even`, `minimum`, `maximum`, and the
/// outside clue of `littlekillersum`).
#[derive(Debug, Deserialize)]
struct FOne {
    cell: String,
    #[serde(default)]
    direction: Option<String>,
    #[serde(default)]
    value: Option<Value>,
}

/// A constraint's value as a whole number: `None` when absent or empty.
fn number(value: &Option<Value>, what: &str) -> Result<Option<i64>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .map(Some)
            .ok_or_else(|| format!("{what}: the value {n} is not a whole number")),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("{what}: the value {s:?} is not a whole number")),
        Some(other) => Err(format!("{what}: the value {other} is not a number")),
    }
}

/// A line's cells by name, and the value of the constraint it belongs to.
type NamedLine = (Vec<String>, Option<Value>);

/// The rules of an f-puzzles puzzle of `size` whose cells lie in `region`
/// (row by row): every field of [`RULES`] present in `map`, in that order.
fn rules(
    map: &serde_json::Map<String, Value>,
    size: usize,
    region: &[Vec<usize>],
) -> Result<Vec<RuleSpec>, String> {
    fn list<T: serde::de::DeserializeOwned>(
        map: &serde_json::Map<String, Value>,
        key: &str,
    ) -> Result<Vec<T>, String> {
        match map.get(key) {
            None | Some(Value::Null) => Ok(vec![]),
            Some(value) => {
                serde_json::from_value(value.clone()).map_err(|e| format!("`{key}`: {e}"))
            }
        }
    }
    let at = |key: &str, cell: &str| {
        parse_cell(cell, size).ok_or_else(|| format!("`{key}`: {cell:?} is not a cell of the grid"))
    };
    let name = |(r, c): (usize, usize)| format!("r{}c{}", r + 1, c + 1);
    let names = |key: &str, cells: &[String]| -> Result<Vec<String>, String> {
        cells.iter().map(|c| at(key, c).map(name)).collect()
    };
    let pair = |key: &str, cells: &[String]| -> Result<(String, String), String> {
        match names(key, cells)?.as_slice() {
            [a, b] => Ok((a.clone(), b.clone())),
            other => Err(format!("`{key}`: {} cells, not 2", other.len())),
        }
    };
    let mut rules = Vec::new();
    for cage in list::<FMarked>(map, "killercage")? {
        rules.push(RuleSpec::Killer {
            cells: names("killercage", &cage.cells)?,
            total: number(&cage.value, "`killercage`")?,
        });
    }
    // Lines whose rule binds neighbours along them: cut where they cross
    // themselves (see [`untangled`]), `overlap` cells shared at each cut.
    let crossing = |key: &str, overlap: usize| -> Result<Vec<NamedLine>, String> {
        let mut out = Vec::new();
        for lines in list::<FLines>(map, key)? {
            for line in &lines.lines {
                let cells: Vec<(usize, usize)> =
                    line.iter().map(|c| at(key, c)).collect::<Result<_, _>>()?;
                for piece in untangled(&cells, overlap) {
                    out.push((piece.into_iter().map(name).collect(), lines.value.clone()));
                }
            }
        }
        Ok(out)
    };
    // Lines read whole: a cell passed twice is refused by name.
    let whole = |key: &str, least: usize| -> Result<Vec<Vec<String>>, String> {
        let mut out = Vec::new();
        for lines in list::<FLines>(map, key)? {
            for line in lines.lines.iter().filter(|l| l.len() >= least) {
                let cells: Vec<(usize, usize)> =
                    line.iter().map(|c| at(key, c)).collect::<Result<_, _>>()?;
                let cells = without_repeats(&cells);
                if let Some(twice) = passed_twice(&cells) {
                    return Err(format!(
                        "`{key}`: the line passes {} twice, and only lines whose rule binds \
                         neighbours along them (thermometers, whispers, entropic and modular \
                         lines) are read through a crossing",
                        name(twice)
                    ));
                }
                out.push(cells.into_iter().map(name).collect());
            }
        }
        Ok(out)
    };
    for (line, _) in crossing("thermometer", 1)? {
        rules.push(RuleSpec::Thermometer(line));
    }
    for (line, _) in crossing("slowthermometer", 1)? {
        rules.push(RuleSpec::SlowThermometer(line));
    }
    for arrow in list::<FLines>(map, "arrow")? {
        let mut circle: Vec<(usize, usize)> = (arrow.cells.iter())
            .map(|c| at("arrow", c))
            .collect::<Result<_, _>>()?;
        circle.sort_unstable();
        if circle.is_empty() {
            return Err("`arrow`: an arrow without a circle".into());
        }
        for line in &arrow.lines {
            let line: Vec<(usize, usize)> = (line.iter())
                .map(|c| at("arrow", c))
                .collect::<Result<_, _>>()?;
            // The line starts inside the circle: the arrow is what follows.
            let start = line.iter().take_while(|c| circle.contains(c)).count();
            if start < line.len() {
                rules.push(RuleSpec::Arrow {
                    circle: circle.iter().copied().map(name).collect(),
                    line: line[start..].iter().copied().map(name).collect(),
                });
            }
        }
    }
    for dot in list::<FMarked>(map, "difference")? {
        rules.push(RuleSpec::Difference {
            cells: pair("difference", &dot.cells)?,
            value: number(&dot.value, "`difference`")?,
        });
    }
    for dot in list::<FMarked>(map, "ratio")? {
        rules.push(RuleSpec::Ratio {
            cells: pair("ratio", &dot.cells)?,
            value: number(&dot.value, "`ratio`")?,
        });
    }
    for mark in list::<FMarked>(map, "xv")? {
        let (a, b) = pair("xv", &mark.cells)?;
        match mark.value.as_ref().and_then(Value::as_str).map(str::trim) {
            Some("X" | "x") => rules.push(RuleSpec::X(a, b)),
            Some("V" | "v") => rules.push(RuleSpec::V(a, b)),
            other => {
                return Err(format!(
                    "`xv`: the value {} is neither \"X\" nor \"V\"",
                    other.map_or("(none)".to_string(), |s| format!("{s:?}"))
                ));
            }
        }
    }
    for kind in list::<Value>(map, "negative")? {
        if let Some(mark) = negative_mark(&kind) {
            rules.push(RuleSpec::Negative(mark));
        }
    }
    for (cells, value) in crossing("whispers", 1)? {
        rules.push(RuleSpec::Whispers {
            cells,
            difference: number(&value, "`whispers`")?,
        });
    }
    for line in whole("renban", 2)? {
        rules.push(RuleSpec::Renban(line));
    }
    for (key, odd) in [("odd", true), ("even", false)] {
        let cells: Vec<String> = list::<FOne>(map, key)?
            .iter()
            .map(|one| at(key, &one.cell).map(name))
            .collect::<Result<_, _>>()?;
        match (cells.is_empty(), odd) {
            (true, _) => {}
            (false, true) => rules.push(RuleSpec::Odd(cells)),
            (false, false) => rules.push(RuleSpec::Even(cells)),
        }
    }
    if map.get("nonconsecutive").and_then(Value::as_bool) == Some(true) {
        rules.push(RuleSpec::NonConsecutive);
    }
    for clue in list::<FOne>(map, "littlekillersum")? {
        let Some(total) = number(&clue.value, "`littlekillersum`")? else {
            continue;
        };
        let (cells, towards) = little_killer(&clue, size)?;
        rules.push(RuleSpec::LittleKiller {
            from: name(cells[0]),
            towards,
            total,
        });
    }
    for key in ["sandwichsum", "xsum", "skyscraper"] {
        for clue in list::<FOne>(map, key)? {
            let Some(value) = number(&clue.value, &format!("`{key}`"))? else {
                continue;
            };
            let (from, towards) = beside(key, &clue.cell, size)?;
            let from = name(from);
            rules.push(match key {
                "sandwichsum" => RuleSpec::Sandwich {
                    from,
                    towards,
                    total: value,
                },
                "xsum" => RuleSpec::XSum {
                    from,
                    towards,
                    total: value,
                },
                _ => RuleSpec::Skyscraper {
                    from,
                    towards,
                    count: value,
                },
            });
        }
    }
    for line in whole("betweenline", 3)? {
        rules.push(RuleSpec::Between(line));
    }
    for quad in list::<FQuadruple>(map, "quadruple")? {
        let digits = (quad.values.iter())
            .map(|v| number(&Some(v.clone()), "`quadruple`"))
            .filter_map(Result::transpose)
            .collect::<Result<Vec<i64>, _>>()?;
        rules.push(RuleSpec::Quadruple {
            cells: names("quadruple", &quad.cells)?,
            digits,
        });
    }
    for line in list::<FLines>(map, "regionsumline")? {
        for line in line.lines.iter().filter(|l| l.len() > 1) {
            let cells: Vec<(usize, usize)> = (line.iter())
                .map(|c| at("regionsumline", c))
                .collect::<Result<_, _>>()?;
            // A line inside one region says nothing: f-puzzles draws it anyway.
            if cells
                .chunk_by(|a, b| region[a.0][a.1] == region[b.0][b.1])
                .count()
                > 1
            {
                rules.push(RuleSpec::RegionSum(cells.into_iter().map(name).collect()));
            }
        }
    }
    for line in whole("palindrome", 2)? {
        rules.push(RuleSpec::Palindrome(line));
    }
    for line in whole("zipperline", 3)? {
        rules.push(RuleSpec::Zipper(line));
    }
    for line in whole("doublearrow", 3)? {
        rules.push(RuleSpec::DoubleArrow(line));
    }
    for (line, _) in crossing("entropicline", 2)? {
        rules.push(RuleSpec::Entropic(line));
    }
    for (line, _) in crossing("modularline", 2)? {
        rules.push(RuleSpec::Modular(line));
    }
    for line in whole("nabner", 2)? {
        rules.push(RuleSpec::Nabner(line));
    }
    for clone in list::<FMarked>(map, "clone")? {
        let (a, b) = (
            names("clone", &clone.cells)?,
            names("clone", &clone.clone_cells)?,
        );
        if a.len() != b.len() {
            return Err(format!(
                "`clone`: {} cells cloned to {} cells",
                a.len(),
                b.len()
            ));
        }
        if !a.is_empty() {
            rules.push(RuleSpec::Clone(a, b));
        }
    }
    for (key, minimum) in [("minimum", true), ("maximum", false)] {
        let cells: Vec<String> = list::<FOne>(map, key)?
            .iter()
            .map(|one| at(key, &one.cell).map(name))
            .collect::<Result<_, _>>()?;
        match (cells.is_empty(), minimum) {
            (true, _) => {}
            (false, true) => rules.push(RuleSpec::Minimum(cells)),
            (false, false) => rules.push(RuleSpec::Maximum(cells)),
        }
    }
    Ok(rules)
}

/// `line` with a cell that follows itself (a doubled click) kept once.
pub(crate) fn without_repeats(line: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(line.len());
    for &cell in line {
        if out.last() != Some(&cell) {
            out.push(cell);
        }
    }
    out
}

/// The first cell `line` passes a second time, if any.
fn passed_twice(line: &[(usize, usize)]) -> Option<(usize, usize)> {
    (1..line.len())
        .find(|&i| line[..i].contains(&line[i]))
        .map(|i| line[i])
}

/// A line that may pass a cell twice, as lines that each pass a cell once:
/// a new line starts where the next cell is already on the current one, and
/// takes the current one's last `overlap` cells with it, so that every pair
/// (`overlap` 1) or window of three (`overlap` 2) of neighbours along the
/// line is on one of them. Lines of `overlap` cells or fewer are dropped.
///
/// A whispers line through r2c2 twice, `a b X c d X e`, becomes `a b X c d`
/// and `d X e`: the same six neighbouring pairs.
pub(crate) fn untangled(line: &[(usize, usize)], overlap: usize) -> Vec<Vec<(usize, usize)>> {
    let mut lines = Vec::new();
    let mut current: Vec<(usize, usize)> = Vec::new();
    for cell in without_repeats(line) {
        if current.contains(&cell) {
            let kept = current[current.len().saturating_sub(overlap)..].to_vec();
            lines.push(std::mem::replace(&mut current, kept));
            // A window that holds the cell still (a line that goes back on
            // itself): the rule's own check says what is wrong with it.
            if current.contains(&cell) {
                current.clear();
            }
        }
        current.push(cell);
    }
    lines.push(current);
    lines.retain(|l| l.len() > overlap);
    lines
}

/// The cells of a little killer clue: the diagonal from its outside cell in its
/// direction (`UL`, `UR`, `DL`, `DR`), while inside the grid.
fn little_killer(clue: &FOne, size: usize) -> Result<(Vec<(usize, usize)>, Direction), String> {
    let bad = || {
        format!(
            "`littlekillersum`: {:?} is not a cell beside the grid",
            clue.cell
        )
    };
    let upper = clue.cell.to_ascii_uppercase();
    let (r, c) = upper
        .strip_prefix('R')
        .and_then(|s| s.split_once('C'))
        .ok_or_else(bad)?;
    let (r, c): (i64, i64) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    let towards = match clue.direction.as_deref() {
        Some("UL") => Direction::UpLeft,
        Some("UR") => Direction::UpRight,
        Some("DL") => Direction::DownLeft,
        Some("DR") => Direction::DownRight,
        other => {
            return Err(format!(
                "`littlekillersum`: the direction {other:?} is not UL, UR, DL or DR"
            ));
        }
    };
    let n = size as i64;
    let inside = |r: i64, c: i64| (1..=n).contains(&r) && (1..=n).contains(&c);
    if !(0..=n + 1).contains(&r) || !(0..=n + 1).contains(&c) || inside(r, c) {
        return Err(bad());
    }
    let mut cells = Vec::new();
    let (dr, dc) = towards.step();
    let (mut r, mut c) = (r + dr, c + dc);
    while inside(r, c) {
        cells.push((r as usize - 1, c as usize - 1));
        (r, c) = (r + dr, c + dc);
    }
    if cells.is_empty() {
        return Err(format!(
            "`littlekillersum`: the clue at {} points at no cell",
            clue.cell
        ));
    }
    Ok((cells, towards))
}

/// The first cell and the direction of the row or column an outside clue
/// (`sandwichsum`, `xsum`, `skyscraper`) at `cell` looks along.
fn beside(key: &str, cell: &str, size: usize) -> Result<((usize, usize), Direction), String> {
    let bad = || format!("`{key}`: {cell:?} is not a cell beside the grid");
    let upper = cell.to_ascii_uppercase();
    let (r, c) = upper
        .strip_prefix('R')
        .and_then(|s| s.split_once('C'))
        .ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    let n = size;
    let inside = |x: usize| (1..=n).contains(&x);
    match (r, c) {
        (0, c) if inside(c) => Ok(((0, c - 1), Direction::Down)),
        (r, c) if r == n + 1 && inside(c) => Ok(((n - 1, c - 1), Direction::Up)),
        (r, 0) if inside(r) => Ok(((r - 1, 0), Direction::Right)),
        (r, c) if c == n + 1 && inside(r) => Ok(((r - 1, n - 1), Direction::Left)),
        _ => Err(bad()),
    }
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

    /// The message of importing an empty 4×4 with `field` set to `value`.
    fn fault(field: &str, value: &str) -> String {
        let row = "[{}, {}, {}, {}]";
        let json =
            format!(r#"{{"size": 4, "grid": [{row}, {row}, {row}, {row}], "{field}": {value}}}"#);
        read(&json, "x.json").unwrap_err().to_string()
    }

    #[test]
    fn malformed_rules_are_clear_errors() {
        assert_eq!(
            fault("xv", r#"[{"cells": ["R1C1", "R1C2"], "value": "W"}]"#),
            r#"x.json: `xv`: the value "W" is neither "X" nor "V""#
        );
        assert_eq!(
            fault(
                "killercage",
                r#"[{"cells": ["R1C1", "R5C1"], "value": "3"}]"#
            ),
            r#"x.json: `killercage`: "R5C1" is not a cell of the grid"#
        );
        assert_eq!(
            fault("killercage", r#"[{"cells": ["R1C1"], "value": "three"}]"#),
            r#"x.json: `killercage`: the value "three" is not a whole number"#
        );
        assert_eq!(
            fault("difference", r#"[{"cells": ["R1C1"]}]"#),
            "x.json: `difference`: 1 cells, not 2"
        );
        assert_eq!(
            fault(
                "littlekillersum",
                r#"[{"cell": "R2C2", "direction": "DR", "value": "5"}]"#
            ),
            r#"x.json: `littlekillersum`: "R2C2" is not a cell beside the grid"#
        );
        assert_eq!(
            fault("clone", r#"[{"cells": ["R1C1"], "cloneCells": []}]"#),
            "x.json: `clone`: 1 cells cloned to 0 cells"
        );
        assert!(fault("thermometer", "3").starts_with("x.json: `thermometer`: invalid type"));
    }

    #[test]
    fn arrows_start_after_their_circle_and_pills_read_in_order() {
        let row = "[{}, {}, {}, {}]";
        let json = format!(
            r#"{{"size": 4, "grid": [{row}, {row}, {row}, {row}],
            "arrow": [{{"cells": ["R1C2", "R1C1"], "lines": [["R1C2", "R2C3", "R3C3"]]}}]}}"#
        );
        let imported = read(&json, "x.json").unwrap();
        assert_eq!(
            imported.rules,
            [RuleSpec::Arrow {
                circle: vec!["r1c1".into(), "r1c2".into()],
                line: vec!["r2c3".into(), "r3c3".into()],
            }]
        );
    }

    #[test]
    fn crossing_lines_keep_every_neighbouring_pair() {
        let (a, b, x, c, d, e) = ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 1));
        // Through x twice, then on: every pair of neighbours along it kept.
        let line = [a, b, x, c, d, x, e];
        let pieces = untangled(&line, 1);
        assert_eq!(pieces, [vec![a, b, x, c, d], vec![d, x, e]]);
        let pairs = |ls: &[Vec<(usize, usize)>]| -> Vec<((usize, usize), (usize, usize))> {
            ls.iter()
                .flat_map(|l| l.windows(2).map(|w| (w[0], w[1])))
                .collect()
        };
        assert_eq!(pairs(&pieces), pairs(&[line.to_vec()]));
        // Windows of three: two cells shared.
        assert_eq!(untangled(&line, 2), [vec![a, b, x, c, d], vec![c, d, x, e]]);
        // A loop back to its start; a doubled click.
        assert_eq!(untangled(&[a, b, x, a], 1), [vec![a, b, x], vec![x, a]]);
        assert_eq!(untangled(&[a, a, b], 1), [vec![a, b]]);
        assert_eq!(passed_twice(&[a, b, x, a]), Some(a));
        assert_eq!(passed_twice(&[a, b]), None);
    }

    #[test]
    fn a_renban_through_a_cell_twice_is_refused_by_name() {
        let message = fault(
            "renban",
            r#"[{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]]}]"#,
        );
        assert!(
            message.starts_with("x.json: `renban`: the line passes r1c1 twice"),
            "{message}"
        );
    }

    #[test]
    fn bad_json_has_line_and_column() {
        let err = read("{\n  \"size\": 9,\n  \"grid\": [,]\n}", "bad.json").unwrap_err();
        assert!(err.to_string().starts_with("bad.json:3:12: "), "{err}");
    }
}
