//! SudokuPad's own puzzles (`scl…` links): the zipped JSON unzipped and read as a shape and givens.
//!
//! SudokuPad (sudokupad.app, app.crackingthecryptic.com) shares a puzzle as
//! `scl` + lz-string base64 of its puzzle JSON "zipped" by its `PuzzleZipper`
//! (`puzzlezipper.js`, read in the copy kept by the public repository
//! `marktekfan/sudokupad-penpa-import`, `src/sudokupad/puzzlezipper.js`, with the
//! loader in `puzzleloader.js` and the f-puzzles converter in
//! `fpuzzlesdecoder.js`). Zipping shortens the property names (`cells` → `ce`,
//! `value` → `v`, `regions` → `re`, `cages` → `ca`, `lines` → `l` …), drops empty
//! arrays, unquotes keys, writes `{}` between separators as nothing, `false` and
//! `true` as `f` and `t`, colours `"#000000"`, `"#FFFFFF"` and `"#RRGGBB"` as
//! `#0`, `#F` and `RRGGBB`, and swaps the quote characters. [`unzip`] is the
//! inverse, step for step as `PuzzleZipper.unzip` does it; text that already
//! parses as JSON is read as it is, as SudokuPad's `saveJsonUnzip` does.
//!
//! What is read: the grid (`cells`, square), the givens (`cells[r][c].value`), the
//! regions, and the cages that are "cells differ" rules: `unique: true` with no
//! clue — extra regions (`style: "extraregion"`), disjoint groups
//! (`type: "disjoint"`), and cages marked unique without a total — become houses.
//! A cage whose value is `title: …`, `author: …`, `rules: …` or `solution: …` is
//! SudokuPad's metadata. `global` may ask for `antiknight` and `antiking`.
//! A cage whose value (or `sum`) is a whole number is a killer cage
//! ([`RuleSpec::Killer`], in [`Imported::rules`]).
//! Refused, each named with its count ([`SudokuPadError::Refused`]): cages with a
//! clue that is not a number, any other global rule, fog, and the drawings `lines`, `arrows`, `overlays` and `underlays` —
//! SudokuPad records only how they look, so a thermometer, an arrow, a kropki dot
//! or a diagonal cannot be told from decoration (Sudoku Maker's background
//! image, `metadata.bgimage`, likewise). Cages that are only outlines
//! (neither unique nor with a value) are left out, listed in [`Imported::ignored`].

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use thiserror::Error;

use super::fpuzzles::{Imported, default_boxes};
use crate::rules::RuleSpec;

/// Why a SudokuPad puzzle could not be imported.
#[derive(Debug, Error)]
pub enum SudokuPadError {
    /// The unzipped text is not a JSON object.
    #[error("{origin}: not a SudokuPad puzzle: {message}")]
    Syntax {
        /// The input's name.
        origin: String,
        /// What was wrong.
        message: String,
    },
    /// Parts that are not "cells differ" rules, or drawings whose rule is unknown.
    #[error(
        "{origin}: SudokuPad parts beyond graphdoku's rules cannot be imported: {}{}",
        refused.join(", "),
        if refused.iter().any(|r| DRAWINGS.iter().any(|d| r.starts_with(d))) {
            " (lines, arrows, overlays, underlays and background images are drawings: \
             SudokuPad does not record the rule they stand for, so they cannot be told \
             from decoration)"
        } else {
            ""
        }
    )]
    Refused {
        /// The input's name.
        origin: String,
        /// Each refused part with how many there are: `killer cage (2)`, `lines (3)`.
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

/// SudokuPad's short property names (`PuzzleZipper`'s `propMap`, reversed).
const SHORT_NAMES: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Top-level keys that carry no rule.
const METADATA: &[&str] = &[
    "id", "cellSize", "metadata", "settings", "title", "author", "rules", "solution", "videos",
];
/// Drawings: how a rule looks, never which rule.
const DRAWINGS: &[&str] = &[
    "lines",
    "arrows",
    "overlays",
    "underlays",
    "background image",
];

/// SudokuPad's `PuzzleZipper.unzip`: zipped puzzle text back to JSON, with the
/// long property names.
///
/// # Errors
/// The JSON error when the text, once unzipped, still does not parse.
///
/// # Example
/// ```
/// let puzzle = graphdoku::read::sudokupad::unzip("{ce:[[{v:1},],[,]],ca:[{v:'title: Tiny'}]}").unwrap();
/// assert_eq!(puzzle["cells"][0][0]["value"], 1);
/// assert_eq!(puzzle["cells"][1][1], serde_json::json!({}));
/// assert_eq!(puzzle["cages"][0]["value"], "title: Tiny");
/// ```
pub fn unzip(zipped: &str) -> Result<Value, serde_json::Error> {
    let text = unzip_quotes(zipped);
    // Strings are set aside (`extractStrings`) and the rest rewritten, one
    // pattern after another as `unzipPuzzle` applies them; no pattern reaches
    // across a string, so each stretch between strings is rewritten alone.
    let mut json = String::with_capacity(text.len() + text.len() / 4);
    let mut rest = text.as_str();
    while !rest.is_empty() {
        let (plain, string) = match rest.find('"') {
            Some(open) => match rest[open + 1..].find('"') {
                Some(close) => (&rest[..open], &rest[open..open + close + 2]),
                None => (rest, ""),
            },
            None => (rest, ""),
        };
        json.push_str(&expand(plain));
        json.push_str(string);
        rest = &rest[plain.len() + string.len()..];
    }
    let mut value: Value = serde_json::from_str(&json)?;
    lengthen_names(&mut value);
    Ok(value)
}

/// `unzipQuotes`: text without `"` had its quotes swapped: `'` back to `"` and
/// `\'` back to `'`.
fn unzip_quotes(text: &str) -> String {
    if text.contains('"') {
        return text.to_string();
    }
    text.replace("\\'", "\u{2019}")
        .replace('\'', "\"")
        .replace('\u{2019}', "'")
}

/// The rewriting of `unzipPuzzle` on a stretch of text outside strings.
fn expand(plain: &str) -> String {
    let opens = |c: char| matches!(c, ',' | '{' | '[');
    let closes = |c: char| matches!(c, ',' | '}' | ']');
    let chars: Vec<char> = plain.chars().collect();
    // `([,{[])([a-zA-Z0-9]+):` → `$1"$2":`
    let mut out = String::with_capacity(plain.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        out.push(chars[i]);
        if opens(chars[i]) {
            let key = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            if key > 0 && chars.get(i + 1 + key) == Some(&':') {
                out.push('"');
                out.extend(&chars[i + 1..i + 1 + key]);
                out.push_str("\":");
                i += key + 2;
                continue;
            }
        }
        i += 1;
    }
    // `([,{[])(?=[,}\]])` → `$1_`, then `{_}` → `{}`, then `([,{[])_` → `$1{}`.
    let chars: Vec<char> = out.chars().collect();
    let mut marked = String::with_capacity(out.len() * 2);
    for (i, &c) in chars.iter().enumerate() {
        marked.push(c);
        if opens(c) && chars.get(i + 1).is_some_and(|&n| closes(n)) {
            marked.push('_');
        }
    }
    let marked = marked.replace("{_}", "{}");
    let chars: Vec<char> = marked.chars().collect();
    let mut filled = String::with_capacity(marked.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        filled.push(chars[i]);
        if opens(chars[i]) && chars.get(i + 1) == Some(&'_') {
            filled.push_str("{}");
            i += 2;
            continue;
        }
        i += 1;
    }
    // `:f`, `:t`, `:#0`, `:#F` and `:RRGGBB` before a separator.
    let mut text = filled;
    for (short, long) in [
        ("f", "false"),
        ("t", "true"),
        ("#0", "\"#000000\""),
        ("#F", "\"#FFFFFF\""),
    ] {
        text = after_colon(&text, |s| {
            s.strip_prefix(short).map(|r| (long.to_string(), r))
        });
    }
    after_colon(&text, |s| {
        let hex = s.get(..6)?;
        hex.chars()
            .all(|c| c.is_ascii_hexdigit())
            .then(|| (format!("\"#{hex}\""), &s[6..]))
    })
}

/// Replaces what follows each `:` when `take` recognises it and a separator
/// (`,`, `}` or `]`) comes right after: `take` gives the replacement and the rest.
fn after_colon(text: &str, take: impl Fn(&str) -> Option<(String, &str)>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find(':') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        if let Some((long, after)) = take(rest)
            && after.starts_with([',', '}', ']'])
        {
            out.push_str(&long);
            // The separator is part of the match: it is copied, not scanned again.
            out.push_str(&after[..1]);
            rest = &after[1..];
        }
    }
    out.push_str(rest);
    out
}

/// `mapProps` with the reversed `propMap`: every short property name, at any
/// depth, back to its long name. (`unzip` then also turns six-hex-digit strings
/// into `#` colours; no part read here is a colour, so that step is left out.)
fn lengthen_names(value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(lengthen_names),
        Value::Object(map) => {
            let old = std::mem::take(map);
            let mut renamed = Map::new();
            for (key, mut item) in old {
                lengthen_names(&mut item);
                let long = SHORT_NAMES
                    .iter()
                    .find(|(short, _)| *short == key)
                    .map_or(key.clone(), |(_, long)| long.to_string());
                renamed.insert(long, item);
            }
            *map = renamed;
        }
        _ => {}
    }
}

/// Reads a SudokuPad puzzle: the text of an `scl` link's payload once
/// decompressed (zipped, or plain JSON); `origin` names it in messages.
///
/// # Errors
/// [`SudokuPadError`]: text that is not a puzzle, refused parts (all named), or
/// an invalid grid.
///
/// # Example
/// ```
/// let zipped = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],ca:[{v:'title: Four'}],global:['antiking']}";
/// let imported = graphdoku::read::sudokupad::read(zipped, "link").unwrap();
/// assert_eq!((imported.name.as_str(), imported.size, imported.king), ("Four", 4, true));
/// assert_eq!(imported.givens[0][0], Some(1));
/// let killer = "{ce:[[,],[,]],ca:[{ce:[[0,0],[0,1]],v:3,unique:t}]}";
/// let imported = graphdoku::read::sudokupad::read(killer, "link").unwrap();
/// assert_eq!(imported.rules.len(), 1);
/// let unknown = "{ce:[[,],[,]],ca:[{ce:[[0,0],[0,1]],v:'?'}],l:[{wp:[[0,0],[2,2]]}]}";
/// let err = graphdoku::read::sudokupad::read(unknown, "link").unwrap_err();
/// assert!(err.to_string().contains("cannot be imported: killer cage (1), lines (1)"));
/// ```
pub fn read(text: &str, origin: &str) -> Result<Imported, SudokuPadError> {
    let text = text.trim();
    let syntax = |message: String| SudokuPadError::Syntax {
        origin: origin.to_string(),
        message,
    };
    let value = match serde_json::from_str::<Value>(text) {
        Ok(value) => value,
        Err(_) => {
            unzip(text).map_err(|e| syntax(format!("its unzipped JSON does not parse ({e})")))?
        }
    };
    let Value::Object(puzzle) = value else {
        return Err(syntax("a SudokuPad puzzle is a JSON object".into()));
    };
    Reader {
        origin,
        size: 0,
        refused: BTreeMap::new(),
    }
    .read(&puzzle)
}

/// Reads SudokuPad's `scf` format (the part after `scf`, decompressed when it
/// was compressed), as its `PuzzleTools.decodeSCF` does: a classic 9×9 whose
/// givens are run-length coded (a digit and the zeros after it in one
/// character: `0`…`9`, `A`…`Z`, `a`…`x`), then, after `*` or straight after the
/// 81st cell, `w` (windoku), `x` (both diagonals), `t` and a title, `a` and an
/// author (`*` ends a text, `**` is a `*` in it).
///
/// # Errors
/// [`SudokuPadError::Syntax`] for a character outside the code or fewer than
/// 81 cells; [`SudokuPadError::Refused`] for a constraint letter SudokuPad
/// does not read either.
///
/// # Example
/// ```
/// // 5, then 80 empty cells: `5` is the digit alone, `x` a digit and five zeros…
/// let givens = format!("{}{}", "5", "0".repeat(80));
/// let imported = graphdoku::read::sudokupad::read_scf(&format!("{givens}*xtDiagonal"), "link").unwrap();
/// assert_eq!((imported.givens[0][0], imported.houses.len()), (Some(5), 2));
/// assert_eq!(imported.name, "Diagonal");
/// ```
pub fn read_scf(text: &str, origin: &str) -> Result<Imported, SudokuPadError> {
    let syntax = |message: String| SudokuPadError::Syntax {
        origin: origin.to_string(),
        message,
    };
    let text = text.trim();
    let (data, explicit) = match text.split_once('*') {
        Some((data, rest)) => (data, Some(rest)),
        None => (text, None),
    };
    // `dedoku`: each character a digit and the zeros that follow it.
    let mut digits = String::new();
    let mut used = 0;
    for c in data.chars() {
        if explicit.is_none() && digits.len() >= 81 {
            break;
        }
        let code = match c {
            '0'..='9' => c as u32 - 48,
            'A'..='Z' => c as u32 - 55,
            'a'..='z' => c as u32 - 61,
            _ => return Err(syntax(format!("{c:?} is not a character of the scf code"))),
        };
        digits.push(char::from_digit(code % 10, 10).unwrap_or('0'));
        digits.extend(std::iter::repeat_n('0', (code / 10) as usize));
        used += c.len_utf8();
    }
    if digits.len() < 81 {
        return Err(syntax(format!(
            "its givens code {} cells, not 81",
            digits.len()
        )));
    }
    let constraints = explicit.unwrap_or(&data[used..]);
    let mut givens = vec![vec![None; 9]; 9];
    for (i, d) in digits.chars().take(81).enumerate() {
        givens[i / 9][i % 9] = d.to_digit(10).filter(|&d| d > 0);
    }
    let (mut houses, mut title, mut author) = (Vec::new(), None, None);
    let mut refused = Vec::new();
    let chars: Vec<char> = constraints.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        i += 1;
        match letter {
            'w' => {
                for (n, (r0, c0)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                    let cells = (0..9)
                        .map(|k| cell_name((r0 + k / 3, c0 + k % 3)))
                        .collect();
                    houses.push((format!("window {}", n + 1), cells));
                }
            }
            'x' => {
                houses.push((
                    "diagonal -".to_string(),
                    (0..9).map(|k| cell_name((k, k))).collect(),
                ));
                houses.push((
                    "diagonal +".to_string(),
                    (0..9).map(|k| cell_name((8 - k, k))).collect(),
                ));
            }
            't' | 'a' => {
                // To the next lone `*`; `**` is a `*` in the text.
                let mut value = String::new();
                while i < chars.len() {
                    match (chars[i], chars.get(i + 1)) {
                        ('*', Some('*')) => {
                            value.push('*');
                            i += 2;
                        }
                        ('*', _) => {
                            i += 1;
                            break;
                        }
                        (c, _) => {
                            value.push(c);
                            i += 1;
                        }
                    }
                }
                let value = Some(value.trim().to_string()).filter(|v| !v.is_empty());
                match letter {
                    't' => title = value,
                    _ => author = value,
                }
            }
            other => refused.push(format!("scf constraint {other:?}")),
        }
    }
    if !refused.is_empty() {
        return Err(SudokuPadError::Refused {
            origin: origin.to_string(),
            refused,
        });
    }
    Ok(Imported {
        name: title.unwrap_or_else(|| "SudokuPad import".to_string()),
        author,
        rules_text: None,
        size: 9,
        boxes: Some((3, 3)),
        regions: None,
        houses,
        disjoint: None,
        knight: false,
        king: false,
        givens,
        rules: Vec::new(),
        ignored: Vec::new(),
    })
}

/// How the regions are written: standard boxes (height, width), or a map of
/// letters (`.` for a cell in no region); neither when there are no regions.
type Layout = (Option<(usize, usize)>, Option<Vec<String>>);

/// The state of one [`read`]: the grid's size once known, and what is refused.
struct Reader<'a> {
    origin: &'a str,
    size: usize,
    /// Refused parts by name, with their counts.
    refused: BTreeMap<String, usize>,
}

impl Reader<'_> {
    fn invalid(&self, message: String) -> SudokuPadError {
        SudokuPadError::Invalid {
            origin: self.origin.to_string(),
            message,
        }
    }

    fn refuse(&mut self, what: &str, count: usize) {
        *self.refused.entry(what.to_string()).or_default() += count;
    }

    fn read(mut self, puzzle: &Map<String, Value>) -> Result<Imported, SudokuPadError> {
        let rows = match puzzle.get("cells") {
            Some(Value::Array(rows)) if !rows.is_empty() => rows,
            _ => return Err(self.invalid("the puzzle has no `cells` grid".into())),
        };
        let size = rows.len();
        if size > crate::symbols::MAX_SYMBOLS {
            return Err(self.invalid(format!("a grid of {size} rows is too large")));
        }
        self.size = size;
        let mut givens = vec![vec![None; size]; size];
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_array().map_or(&[][..], Vec::as_slice);
            if row.len() != size {
                return Err(self.invalid(format!(
                    "row {} has {} cells in a grid of {size} rows: graphdoku imports square grids",
                    r + 1,
                    row.len()
                )));
            }
            for (c, cell) in row.iter().enumerate() {
                let Some(value) = cell.get("value").filter(|v| !is_blank(v)) else {
                    continue;
                };
                let digit = digit(value).filter(|d| (1..=size as u32).contains(d));
                givens[r][c] = Some(digit.ok_or_else(|| {
                    self.invalid(format!(
                        "r{}c{}: the given {value} is not a digit from 1 to {size}",
                        r + 1,
                        c + 1
                    ))
                })?);
            }
        }
        let mut name = None;
        let mut meta: Vec<(String, String)> = Vec::new();
        let mut houses = Vec::new();
        let mut outlines = 0;
        let mut rules = Vec::new();
        let mut disjoint_cages = false;
        let no_cages = Vec::new();
        let cages = match puzzle.get("cages") {
            Some(Value::Array(cages)) => cages,
            _ => &no_cages,
        };
        for cage in cages {
            let value = cage.get("value").filter(|v| !is_blank(v));
            if let Some((key, text)) = value.and_then(Value::as_str).and_then(meta_tag) {
                if key == "title" {
                    name = Some(text.to_string());
                }
                meta.push((key.to_string(), text.to_string()));
                continue;
            }
            let cells = self.cells(cage.get("cells"), "a cage")?;
            let unique = cage.get("unique") == Some(&Value::Bool(true));
            let style = cage.get("style").and_then(Value::as_str);
            let kind = cage.get("type").and_then(Value::as_str);
            let total = cage.get("sum").is_some_and(|s| !s.is_null());
            if value.is_some() || (total && style != Some("extraregion")) {
                // A killer cage: its total is its clue, else its `sum`.
                let number = value.or_else(|| cage.get("sum")).and_then(whole_number);
                match number {
                    Some(total) if !cells.is_empty() => rules.push(RuleSpec::Killer {
                        cells: cells.iter().map(|&rc| cell_name(rc)).collect(),
                        total: Some(total),
                    }),
                    _ => self.refuse("killer cage", 1),
                }
            } else if cells.is_empty() {
                continue;
            } else if unique {
                let label = match (style, kind) {
                    (Some("extraregion"), _) => "extra region",
                    (_, Some("disjoint")) => {
                        disjoint_cages = true;
                        "disjoint group"
                    }
                    _ => "cage",
                };
                let n = houses
                    .iter()
                    .filter(|(name, _): &&(String, _)| name.starts_with(label))
                    .count();
                houses.push((
                    format!("{label} {}", n + 1),
                    cells.iter().map(|&rc| cell_name(rc)).collect(),
                ));
            } else {
                outlines += 1;
            }
        }
        let (mut knight, mut king) = (false, false);
        if let Some(Value::Array(rules)) = puzzle.get("global") {
            for rule in rules {
                match rule.as_str() {
                    Some("antiknight") => knight = true,
                    Some("antiking") => king = true,
                    Some("disjoint") if disjoint_cages => {}
                    Some(other) => self.refuse(other, 1),
                    None => self.refuse(&format!("global {rule}"), 1),
                }
            }
        }
        // Sudoku Maker's background image may carry rules (lines drawn in it).
        let image = puzzle.get("metadata").and_then(|m| m.get("bgimage"));
        if image.is_some_and(|i| !is_blank(i)) {
            self.refuse("background image", 1);
        }
        for (key, value) in puzzle {
            let count = match value {
                Value::Array(items) => items.len(),
                Value::Null | Value::Bool(false) => 0,
                _ => 1,
            };
            let known = METADATA.contains(&key.as_str())
                || ["cells", "regions", "cages", "global"].contains(&key.as_str());
            if count > 0 && !known {
                self.refuse(key, count);
            }
        }
        if !self.refused.is_empty() {
            let mut refused: Vec<(String, usize)> =
                std::mem::take(&mut self.refused).into_iter().collect();
            // Rules first, then drawings, each alphabetically.
            refused.sort_by_key(|(name, _)| (DRAWINGS.contains(&name.as_str()), name.clone()));
            return Err(SudokuPadError::Refused {
                origin: self.origin.to_string(),
                refused: refused
                    .into_iter()
                    .map(|(name, n)| format!("{name} ({n})"))
                    .collect(),
            });
        }
        let (boxes, regions) = self.regions(puzzle.get("regions"))?;
        let title = |v: Option<&Value>| {
            v.and_then(Value::as_str)
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(String::from)
        };
        let name = title(puzzle.get("metadata").and_then(|m| m.get("title")))
            .or_else(|| title(puzzle.get("title")))
            .or(name.filter(|t| !t.trim().is_empty()))
            .unwrap_or_else(|| "SudokuPad import".to_string());
        // The metadata object first, then the metadata cages.
        let about = |key: &str| {
            title(puzzle.get("metadata").and_then(|m| m.get(key))).or_else(|| {
                (meta.iter())
                    .find(|(k, t)| k == key && !t.is_empty())
                    .map(|(_, t)| t.clone())
            })
        };
        Ok(Imported {
            name,
            author: about("author"),
            rules_text: about("rules"),
            size,
            boxes,
            regions,
            houses,
            disjoint: None,
            knight,
            king,
            givens,
            rules,
            ignored: match outlines {
                0 => vec![],
                n => vec![format!("cage ({n})")],
            },
        })
    }

    /// A list of cells: `[row, column]` pairs from 0, or `r1c1` names.
    fn cells(
        &self,
        list: Option<&Value>,
        what: &str,
    ) -> Result<Vec<(usize, usize)>, SudokuPadError> {
        let Some(Value::Array(items)) = list else {
            return Ok(vec![]);
        };
        items
            .iter()
            .map(|item| {
                let at = match item {
                    Value::Array(pair) if pair.len() == 2 => pair[0]
                        .as_u64()
                        .zip(pair[1].as_u64())
                        .map(|(r, c)| (r as usize, c as usize)),
                    Value::String(name) => parse_name(name),
                    _ => None,
                };
                at.filter(|&(r, c)| r < self.size && c < self.size)
                    .ok_or_else(|| {
                        self.invalid(format!(
                            "{what} lists {item}, which is not a cell of the {0}×{0} grid",
                            self.size
                        ))
                    })
            })
            .collect()
    }

    /// Boxes when the regions are the standard ones, else a region map.
    fn regions(&self, list: Option<&Value>) -> Result<Layout, SudokuPadError> {
        let size = self.size;
        let Some(Value::Array(regions)) = list else {
            return Ok((None, None));
        };
        const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        if regions.len() > LETTERS.len() {
            return Err(self.invalid(format!(
                "{} regions: at most {} can be imported",
                regions.len(),
                LETTERS.len()
            )));
        }
        let mut region = vec![vec![None; size]; size];
        for (n, cells) in regions.iter().enumerate() {
            for (r, c) in self.cells(Some(cells), &format!("region {}", n + 1))? {
                if let Some(other) = region[r][c].replace(n) {
                    return Err(self.invalid(format!(
                        "{} is in regions {} and {}",
                        cell_name((r, c)),
                        other + 1,
                        n + 1
                    )));
                }
            }
        }
        let (h, w) = default_boxes(size);
        let box_of = |r: usize, c: usize| (r / h) * (size / w) + c / w;
        let mut box_region = vec![None; size];
        let standard = regions.len() == size
            && (0..size).all(|r| {
                (0..size).all(|c| {
                    region[r][c].is_some_and(|n| *box_region[box_of(r, c)].get_or_insert(n) == n)
                })
            });
        if standard {
            return Ok((Some((h, w)), None));
        }
        let map = region
            .iter()
            .map(|row| {
                row.iter()
                    .map(|n| n.map_or('.', |n| LETTERS[n] as char))
                    .collect()
            })
            .collect();
        Ok((None, Some(map)))
    }
}

/// SudokuPad's metadata cages: `title: …` (`^[a-z]+: `) as the key and the text.
fn meta_tag(value: &str) -> Option<(&str, &str)> {
    let (key, text) = value.split_once(": ")?;
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase())).then_some((key, text.trim()))
}

/// An empty value: null or a blank string.
/// A killer cage's total, written as a number or a string of one.
fn whole_number(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

/// The digit of a value written as a number or a string.
fn digit(value: &Value) -> Option<u32> {
    match value {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// `r3c10` (any case) as 0-based (row, column).
fn parse_name(name: &str) -> Option<(usize, usize)> {
    let upper = name.to_ascii_uppercase();
    let (r, c) = upper.strip_prefix('R')?.split_once('C')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
}

/// A cell's name in the written variant: `r1c1`.
fn cell_name((r, c): (usize, usize)) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unzip_follows_puzzle_zipper() {
        // Unquoted keys, `{}` written as nothing, t/f, colours, swapped quotes.
        let zipped = "{ce:[[{v:1},,{}],[,,]],l:[{c:#0,c2:FFA0A0,r:t,wp:[[0,0],[1,1]]}],\
                      ca:[{v:'title: It\\'s \\'x\\'',r:f}],cs:50}";
        let value = unzip(zipped).unwrap();
        assert_eq!(value["cells"][0].as_array().unwrap().len(), 3);
        assert_eq!(value["cells"][0][1], serde_json::json!({}));
        assert_eq!(value["cells"][1][2], serde_json::json!({}));
        assert_eq!(value["lines"][0]["color"], "#000000");
        assert_eq!(value["lines"][0]["backgroundColor"], "#FFA0A0");
        assert_eq!(value["lines"][0]["rounded"], true);
        assert_eq!(value["cages"][0]["rounded"], false);
        assert_eq!(value["cellSize"], 50);
        // A `"` inside a string comes back as `'`, as in SudokuPad.
        assert_eq!(value["cages"][0]["value"], "title: It's 'x'");
        // Text that holds a `"` kept its quotes as they were.
        assert_eq!(unzip_quotes("{a:\"it's\"}"), "{a:\"it's\"}");
        assert_eq!(unzip_quotes("{t:'it\\'s'}"), "{t:\"it's\"}");
    }

    #[test]
    fn standard_boxes_and_irregular_regions() {
        let boxes: Vec<Value> = (0..4)
            .map(|b| {
                let (r0, c0) = (b / 2 * 2, b % 2 * 2);
                serde_json::json!([[r0, c0], [r0, c0 + 1], [r0 + 1, c0], [r0 + 1, c0 + 1]])
            })
            .collect();
        let grid = serde_json::json!([
            [{}, {}, {}, {}],
            [{}, {}, {}, {}],
            [{}, {}, {}, {}],
            [{}, {}, {}, {}]
        ]);
        let puzzle = serde_json::json!({"cells": grid, "regions": boxes}).to_string();
        let imported = read(&puzzle, "p").unwrap();
        assert_eq!((imported.boxes, imported.regions), (Some((2, 2)), None));
        let rows: Vec<Value> = (0..4)
            .map(|r| serde_json::json!([[r, 0], [r, 1], [r, 2], [r, 3]]))
            .collect();
        let puzzle = serde_json::json!({"cells": grid, "regions": rows}).to_string();
        let imported = read(&puzzle, "p").unwrap();
        assert_eq!(imported.regions.unwrap(), ["AAAA", "BBBB", "CCCC", "DDDD"]);
        let twice = serde_json::json!({"cells": grid, "regions": [[[0, 0]], [[0, 0]]]}).to_string();
        assert!(
            read(&twice, "p")
                .unwrap_err()
                .to_string()
                .contains("r1c1 is in regions 1 and 2")
        );
    }
}
