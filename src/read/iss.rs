//! The Interactive Sudoku Solver's puzzles: constraint strings, killer grids, plain and pencil-mark grids and share links, read as a shape and givens.
//!
//! The Interactive Sudoku Solver (ISS, `sigh.github.io/Interactive-Sudoku-Solver`,
//! MIT) writes a puzzle as a constraint string, `.Type~arg~…` items one after
//! another: `.~R1C1_5~R2C3_7` for givens, `.Cage~16~R1C1~R1C2`, `.Thermo~R1C1~R1C2~R1C3`,
//! `.Shape~6x6`… (its `js/sudoku_parser.js` reads them, `js/sudoku_constraint.js`
//! says what each means). Its share links carry the string in `?q=`. It also
//! reads a killer puzzle as a grid of 81 characters (a cage's total as a digit or
//! letter in one cell, `<`, `>`, `^`, `v` and the diagonal arrows pointing the
//! other cells to it), the SudoCue killer format (`3x3::k:…`), a plain grid of
//! givens (`53..7....`) and a grid of pencil marks (nine characters a cell, each
//! digit a value the cell may hold, `.` for the others). [`read`] takes all of them.
//!
//! Each ISS type becomes the rule that means the same, or a house; a type
//! graphdoku has no rule for (a look-and-say cage, an NFA line, a chaos
//! construction, an `Or`…) is refused by name with how many there are
//! ([`IssError::Refused`]), never dropped. A given of several values (ISS's
//! candidates) is read as an odd or even cell when its values are exactly the
//! odd or the even ones, and as a `Candidates` rule otherwise. Cell names are ISS's (`R1C1`,
//! rows and columns `1`…`9`, `a`…`g`); puzzles are square grids whose values run
//! from 1.

use std::collections::BTreeMap;

use thiserror::Error;

use super::fpuzzles::{Imported, default_boxes, untangled};
use crate::rules::{Direction, Mark, RuleSpec};

/// Why an Interactive Sudoku Solver puzzle could not be imported.
#[derive(Debug, Error)]
pub enum IssError {
    /// Not a constraint string, or one that does not read: what and where.
    #[error("{origin}: not an Interactive Sudoku Solver puzzle: {message}")]
    Syntax {
        /// The input's name.
        origin: String,
        /// What was wrong.
        message: String,
    },
    /// Constraint types graphdoku's rules cannot express.
    #[error(
        "{origin}: Interactive Sudoku Solver constraints beyond graphdoku's rules cannot be imported: {}",
        refused.join(", ")
    )]
    Refused {
        /// The input's name.
        origin: String,
        /// Each refused type with how many there are: `RellikCage (2)`.
        refused: Vec<String>,
    },
}

/// The name an import takes when the puzzle has none.
const UNTITLED: &str = "Interactive Sudoku Solver import";

/// Whether `text` is one of ISS's forms: a constraint string (`.` then a
/// type or `~`), an 81-character killer grid, a SudoCue killer, a plain grid
/// of givens (4×4 to 9×9, one character per cell), or an ISS share link
/// (`…?q=…` with one of these).
///
/// ```
/// use graphdoku::read::iss::recognises;
/// assert!(recognises(".Cage~3~R1C1~R1C2"));
/// assert!(recognises("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"));
/// assert!(!recognises("N4IgzglgXgpiBcBOA/NCA"));
/// ```
pub fn recognises(text: &str) -> bool {
    if let Some(q) = share_query(text) {
        return recognises(&q);
    }
    let text = uncommented(text);
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    constraint_string(&compact)
        || killer_grid(&compact)
        || compact.starts_with("3x3:")
        || plain_size(&compact).is_some()
        || jigsaw_size(&compact).is_some()
        || pencilmarks(&compact).is_some()
}

/// Whether `text` is a plain grid of givens (and nothing of ISS's own).
pub(crate) fn is_plain_grid(text: &str) -> bool {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    share_query(text).is_none() && plain_size(&compact).is_some()
}

/// The `q` parameter of an ISS share link, decoded as a query string is
/// (`+` a space, `%XX` a byte); `None` when `text` is no such link.
fn share_query(text: &str) -> Option<String> {
    let text = text.trim();
    if !text.contains("://") && !text.starts_with("sigh.github.io") {
        return None;
    }
    let query = text.split_once('?')?.1;
    let query = query.split('#').next().unwrap_or(query);
    let value = query.split('&').find_map(|pair| pair.strip_prefix("q="))?;
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// `text` without its `#` comment lines.
fn uncommented(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A constraint string: `.` then a type name or `~` (givens).
fn constraint_string(compact: &str) -> bool {
    compact == "."
        || compact.strip_prefix('.').is_some_and(|rest| {
            rest.starts_with(['~', '.']) || rest.starts_with(|c: char| c.is_ascii_uppercase())
        })
}

/// ISS's short killer format: 81 characters, some of them arrows.
fn killer_grid(compact: &str) -> bool {
    compact.len() == 81
        && compact.contains(['<', 'v', '>', '^', '`', '\'', ','])
        && compact
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, 'A'..='Z' | 'a'..='j' | '^' | '<' | 'v' | '>' | '`' | '\'' | ',' | '.'))
}

/// The size of a plain grid of givens: `n²` characters (4 ≤ n ≤ 9), the
/// digits 1…n givens and every other character one and the same blank.
fn plain_size(compact: &str) -> Option<usize> {
    let len = compact.chars().count();
    let n = (4..=16).find(|n| n * n == len)?;
    let mut blanks = compact.chars().filter(|&c| plain_value(c, n).is_none());
    let first = blanks.next();
    let blank_ok = first.is_none_or(|b| !b.is_alphabetic() && blanks.all(|c| c == b));
    blank_ok.then_some(n)
}

/// The value of a plain grid's character: `1`…`9` up to 9×9, `A`… beyond
/// (ISS's `shortCharToValue`).
fn plain_value(c: char, n: usize) -> Option<u32> {
    let value = match n {
        ..=9 => c.to_digit(10)?,
        _ if c.is_ascii_uppercase() => c as u32 - 'A' as u32 + 1,
        _ => return None,
    };
    (1..=n as u32).contains(&value).then_some(value)
}

/// The size of ISS's jigsaw form: a plain grid of givens, then the layout,
/// one character per cell, `n` regions of `n` cells.
fn jigsaw_size(compact: &str) -> Option<usize> {
    let chars: Vec<char> = compact.chars().collect();
    let half = chars.len() / 2;
    if !chars.len().is_multiple_of(2) || half == 0 {
        return None;
    }
    let givens: String = chars[..half].iter().collect();
    let n = plain_size(&givens)?;
    let mut sizes = BTreeMap::new();
    for &c in &chars[half..] {
        *sizes.entry(c).or_insert(0usize) += 1;
    }
    (sizes.len() == n && sizes.values().all(|&s| s == n)).then_some(n)
}

/// ISS's pencilmark form: `n` characters per cell, a digit for each value
/// still possible and `.` for the others.
fn pencilmarks(compact: &str) -> Option<usize> {
    let len = compact.len();
    (4..=9usize)
        .find(|n| n * n * n == len)
        .filter(|_| compact.chars().all(|c| c == '.' || c.is_ascii_digit()))
}

/// A grid of pencil marks, `n` characters a cell (see [`pencilmarks`]): each
/// cell given the digits it shows, as ISS's `_parsePencilmarksToAst` does.
fn pencil_marks(compact: &str, n: usize) -> Vec<Item> {
    let chars: Vec<char> = compact.chars().collect();
    let givens = (chars.chunks(n).enumerate())
        .map(|(i, marks)| {
            let values = marks.iter().filter(|&&c| c != '.').map(|c| format!("_{c}"));
            cell_id(i / n, i % n) + &values.collect::<String>()
        })
        .collect();
    vec![
        Item::new("Shape", vec![format!("{n}x{n}")]),
        Item::new("Given", givens),
    ]
}

/// Reads an ISS puzzle in any of its forms (see [`recognises`]); `origin`
/// names it in messages.
///
/// # Errors
/// [`IssError`]: a constraint string that does not read (naming the item), or
/// types graphdoku cannot express (all named).
///
/// # Example
/// ```
/// let text = ".~R1C1_1~R2C3_4.Cage~3~R1C2~R1C3.Thermo~R4C1~R4C2.Shape~4x4";
/// let imported = graphdoku::read::iss::read(text, "x").unwrap();
/// assert_eq!((imported.size, imported.givens[0][0], imported.givens[1][2]), (4, Some(1), Some(4)));
/// assert_eq!(imported.rules.len(), 2);
/// let err = graphdoku::read::iss::read(".LookAndSay~5~R1C1~R1C2", "x").unwrap_err();
/// assert!(err.to_string().ends_with("cannot be imported: LookAndSay (1)"));
/// ```
pub fn read(text: &str, origin: &str) -> Result<Imported, IssError> {
    let text = share_query(text).unwrap_or_else(|| text.to_string());
    let text = uncommented(&text);
    let syntax = |message: String| IssError::Syntax {
        origin: origin.to_string(),
        message,
    };
    let mut items = Vec::new();
    // Parts apart from each other by a blank line are read alone and merged,
    // as ISS's `_parseTextToAst` does.
    for part in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        let compact: String = part.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.starts_with('=') {
            // A solution, written after the puzzle: not part of it.
            continue;
        }
        if killer_grid(&compact) {
            items.extend(short_killer(&compact).map_err(syntax)?);
        } else if compact.starts_with("3x3:") {
            items.extend(long_killer(&compact).map_err(syntax)?);
        } else if let Some(n) = plain_size(&compact) {
            items.extend(plain(&compact, n));
        } else if let Some(n) = jigsaw_size(&compact) {
            let chars: Vec<char> = compact.chars().collect();
            let givens: String = chars[..n * n].iter().collect();
            let layout: String = chars[n * n..].iter().collect();
            items.extend(plain(&givens, n));
            items.push(Item::new("Jigsaw", vec![layout]));
            items.push(Item::new("NoBoxes", Vec::new()));
        } else if let Some(n) = pencilmarks(&compact) {
            items.extend(pencil_marks(&compact, n));
        } else {
            items.extend(constraints(&compact).map_err(syntax)?);
        }
    }
    Builder::new(origin).build(&items)
}

/// One ISS item: its type and its arguments.
#[derive(Debug, Clone, PartialEq)]
struct Item {
    kind: String,
    args: Vec<String>,
}

impl Item {
    fn new(kind: &str, args: Vec<String>) -> Self {
        Item {
            kind: kind.to_string(),
            args,
        }
    }
}

/// A `Regex` line's pattern: base64 with the URL-safe alphabet, padded or
/// not (ISS's `Base64Codec.encodeString`), or percent-encoded (its older
/// links); whitespace is no part of a pattern.
fn regex_pattern(encoded: &str) -> Option<String> {
    use base64::Engine;
    use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
    const URL_SAFE: GeneralPurpose = GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    let text = match encoded.contains('%') {
        true => super::lz::percent_decode(encoded),
        false => String::from_utf8(URL_SAFE.decode(encoded).ok()?).ok()?,
    };
    Some(text.chars().filter(|c| !c.is_whitespace()).collect())
}

/// The items of a constraint string (whitespace already removed).
fn constraints(compact: &str) -> Result<Vec<Item>, String> {
    let Some(rest) = compact.strip_prefix('.') else {
        return Err(format!(
            "a constraint string starts with \".\" (found {:?})",
            compact.chars().take(12).collect::<String>()
        ));
    };
    let mut items = Vec::new();
    let mut depth = 0usize;
    for item in rest.split('.') {
        let mut parts = item.split('~');
        let kind = parts.next().unwrap_or("");
        let args: Vec<String> = parts.map(str::to_string).collect();
        match kind {
            "" => items.push(Item::new("Given", args)),
            "End" if depth == 0 => return Err("`.End` closes nothing".into()),
            "End" => depth -= 1,
            "Or" | "And" | "Replicate" => {
                depth += 1;
                items.push(Item::new(kind, args));
            }
            _ if kind.chars().all(|c| c.is_ascii_alphanumeric()) => {
                items.push(Item::new(kind, args))
            }
            _ => return Err(format!("{kind:?} is not a constraint type")),
        }
    }
    if depth > 0 {
        return Err("a composite constraint (`.Or`, `.And`) is not closed by `.End`".into());
    }
    Ok(items)
}

/// A plain grid of givens: `Shape` and one `Given` per digit.
fn plain(compact: &str, n: usize) -> Vec<Item> {
    let mut givens = Vec::new();
    for (i, c) in compact.chars().enumerate() {
        if let Some(d) = plain_value(c, n) {
            givens.push(format!("{}_{d}", cell_id(i / n, i % n)));
        }
    }
    vec![
        Item::new("Shape", vec![format!("{n}x{n}")]),
        Item::new("Given", givens),
    ]
}

/// ISS's cell id of (row, column) from 0: `R1C1`, base 17 beyond 9.
fn cell_id(row: usize, col: usize) -> String {
    let digit = |n: usize| char::from_digit(n as u32 + 1, 17).unwrap_or('?');
    format!("R{}C{}", digit(row), digit(col))
}

/// The cages of ISS's short killer format (see its `_parseShortKillerFormatToAst`).
fn short_killer(text: &str) -> Result<Vec<Item>, String> {
    let chars: Vec<char> = text.chars().collect();
    let step = |i: usize| -> Option<usize> {
        let i = i as isize;
        let to = match chars[i as usize] {
            'v' => i + 9,
            '^' => i - 9,
            '<' => i - 1,
            '>' => i + 1,
            '`' => i - 10,
            '\'' => i - 8,
            ',' => i + 8,
            '.' => i + 10,
            _ => return None,
        };
        (0..81).contains(&to).then_some(to as usize)
    };
    let mut cages: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for start in 0..81 {
        let mut at = start;
        let mut steps = 0;
        while let Some(next) = step(at) {
            at = next;
            steps += 1;
            if steps > 9 {
                return Err(format!(
                    "the killer grid's arrows from {} go round in a loop",
                    cell_id(start / 9, start % 9)
                ));
            }
        }
        cages
            .entry(at)
            .or_default()
            .push(cell_id(start / 9, start % 9));
    }
    let mut items = Vec::new();
    for (head, cells) in cages {
        let c = chars[head];
        let total = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32 + 10,
            'a'..='j' => c as u32 - 'a' as u32 + 36,
            _ => continue,
        };
        let mut args = vec![total.to_string()];
        args.extend(cells);
        items.push(Item::new("Cage", args));
    }
    Ok(items)
}

/// The cages of the SudoCue killer format: `3x3:d:k:` (`d` for the diagonals)
/// and 81 numbers, each a cage's total × 256 + the cage's number.
fn long_killer(text: &str) -> Result<Vec<Item>, String> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() != 81 + 4 || parts[2] != "k" {
        return Err("a SudoCue killer is `3x3:d:k:` and 81 numbers, `:` between them".into());
    }
    let mut items = Vec::new();
    if parts[1] == "d" {
        items.push(Item::new("Diagonal", vec!["1".into()]));
        items.push(Item::new("Diagonal", vec!["-1".into()]));
    }
    let mut cages: BTreeMap<u64, (u64, Vec<String>)> = BTreeMap::new();
    for (i, part) in parts[3..3 + 81].iter().enumerate() {
        let value: u64 = part
            .parse()
            .map_err(|_| format!("{part:?} is not a number (cell {})", i + 1))?;
        let (total, id) = (value / 256, value % 256);
        if total == 0 {
            continue;
        }
        let cage = cages.entry(id).or_insert((total, Vec::new()));
        cage.1.push(cell_id(i / 9, i % 9));
    }
    for (total, cells) in cages.into_values() {
        let mut args = vec![total.to_string()];
        args.extend(cells);
        items.push(Item::new("Cage", args));
    }
    Ok(items)
}

/// Types that say nothing of the digits: kept out with a note.
const IGNORED: &[&str] = &["SearchPriority"];

/// The puzzle being put together from the items.
struct Builder<'a> {
    origin: &'a str,
    size: usize,
    /// ISS's default boxes, unless `NoBoxes`.
    boxes: bool,
    jigsaw: Option<Vec<usize>>,
    houses: Vec<(String, Vec<String>)>,
    disjoint: bool,
    knight: bool,
    king: bool,
    /// Values allowed by givens, by cell (intersected, as ISS merges them).
    givens: BTreeMap<(usize, usize), Vec<u32>>,
    rules: Vec<RuleSpec>,
    /// Region-sum lines, kept until the regions are known.
    region_sums: Vec<Vec<(usize, usize)>>,
    /// The last cell read was not of the grid (ISS's variable cells, `VA1`).
    outside: std::cell::Cell<bool>,
    anti_consecutive: bool,
    refused: BTreeMap<String, usize>,
    ignored: BTreeMap<String, usize>,
}

impl<'a> Builder<'a> {
    fn new(origin: &'a str) -> Self {
        Builder {
            origin,
            size: 9,
            boxes: true,
            jigsaw: None,
            houses: Vec::new(),
            disjoint: false,
            knight: false,
            king: false,
            givens: BTreeMap::new(),
            rules: Vec::new(),
            region_sums: Vec::new(),
            outside: std::cell::Cell::new(false),
            anti_consecutive: false,
            refused: BTreeMap::new(),
            ignored: BTreeMap::new(),
        }
    }

    fn syntax(&self, message: String) -> IssError {
        IssError::Syntax {
            origin: self.origin.to_string(),
            message,
        }
    }

    fn refuse(&mut self, what: &str) {
        *self.refused.entry(what.to_string()).or_default() += 1;
    }

    /// ISS's cell id as (row, column) from 0.
    fn cell(&self, kind: &str, id: &str) -> Result<(usize, usize), IssError> {
        let chars: Vec<char> = id.chars().collect();
        let digit = |c: char| c.to_digit(17).filter(|&d| d >= 1).map(|d| d as usize - 1);
        match chars.as_slice() {
            &[r, row, c, col] if r.eq_ignore_ascii_case(&'r') && c.eq_ignore_ascii_case(&'c') => {
                match (digit(row), digit(col)) {
                    (Some(row), Some(col)) if row < self.size && col < self.size => Ok((row, col)),
                    _ => Err(self.syntax(format!(
                        "`{kind}`: {id} is not a cell of the {n}×{n} grid",
                        n = self.size
                    ))),
                }
            }
            _ => {
                self.outside.set(true);
                Err(self.syntax(format!("`{kind}`: {id:?} is not a cell (R1C1)")))
            }
        }
    }

    fn cells(&self, kind: &str, ids: &[String]) -> Result<Vec<(usize, usize)>, IssError> {
        ids.iter().map(|id| self.cell(kind, id)).collect()
    }

    fn names(&self, kind: &str, ids: &[String]) -> Result<Vec<String>, IssError> {
        Ok(self.cells(kind, ids)?.into_iter().map(name).collect())
    }

    /// A line whose rule binds neighbours along it, as lines that each pass
    /// a cell once (see [`untangled`]): a loop is read as the line it is.
    fn lines(
        &self,
        kind: &str,
        ids: &[String],
        overlap: usize,
    ) -> Result<Vec<Vec<String>>, IssError> {
        let cells = self.cells(kind, ids)?;
        Ok(untangled(&cells, overlap)
            .into_iter()
            .map(|line| line.into_iter().map(name).collect())
            .collect())
    }

    fn number(&self, kind: &str, text: &str) -> Result<i64, IssError> {
        text.trim()
            .parse()
            .map_err(|_| self.syntax(format!("`{kind}`: {text:?} is not a whole number")))
    }

    /// Pairs of orthogonal neighbours among `ids`, each cell with the later
    /// ones (ISS's `_adjacentCellPairs`).
    fn pairs(&self, kind: &str, ids: &[String]) -> Result<Vec<(String, String)>, IssError> {
        let cells = self.cells(kind, ids)?;
        let mut pairs = Vec::new();
        for (i, &(r, c)) in cells.iter().enumerate() {
            for &(r2, c2) in &cells[i + 1..] {
                if r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    pairs.push((name((r, c)), name((r2, c2))));
                }
            }
        }
        Ok(pairs)
    }

    fn build(mut self, items: &[Item]) -> Result<Imported, IssError> {
        // The shape first: every cell is read within it.
        for item in items.iter().filter(|i| i.kind == "Shape") {
            self.shape(item)?;
        }
        // A shape graphdoku does not have: nothing else can be read on it.
        if !self.refused.is_empty() {
            return Err(IssError::Refused {
                origin: self.origin.to_string(),
                refused: self.refused.keys().map(|k| format!("{k} (1)")).collect(),
            });
        }
        for item in items.iter().filter(|i| i.kind != "Shape") {
            self.outside.set(false);
            match self.item(item) {
                // ISS's variable cells (outside the grid) are beyond graphdoku's rules.
                Err(_) if self.outside.get() => {
                    self.refuse(&format!("{} on cells outside the grid", item.kind))
                }
                other => other?,
            }
        }
        if self.anti_consecutive {
            let dotted = self
                .rules
                .iter()
                .any(|r| matches!(r, RuleSpec::Difference { .. } | RuleSpec::Ratio { .. }));
            match dotted {
                // ISS makes no exception for pairs under a dot, graphdoku's
                // NonConsecutive does: the same only without dots.
                true => self.refuse("AntiConsecutive with kropki dots"),
                false => self.rules.push(RuleSpec::NonConsecutive),
            }
        }
        if !self.refused.is_empty() {
            return Err(IssError::Refused {
                origin: self.origin.to_string(),
                refused: (self.refused.iter())
                    .map(|(kind, n)| format!("{kind} ({n})"))
                    .collect(),
            });
        }
        let n = self.size;
        let (h, w) = default_boxes(n);
        let region_of = |(r, c): (usize, usize)| -> Option<usize> {
            match (&self.jigsaw, self.boxes) {
                (Some(map), _) => Some(map[r * n + c]),
                (None, true) => Some((r / h) * (n / w) + c / w),
                (None, false) => None,
            }
        };
        for line in std::mem::take(&mut self.region_sums) {
            let regions: Vec<Option<usize>> = line.iter().map(|&c| region_of(c)).collect();
            // A line in one region says nothing; without regions, ISS reads none.
            if regions.iter().all(Option::is_some) && regions.windows(2).any(|w| w[0] != w[1]) {
                self.rules
                    .push(RuleSpec::RegionSum(line.into_iter().map(name).collect()));
            }
        }
        let letter =
            |i: usize| char::from_digit(i as u32 + 10, 36).map_or('?', |c| c.to_ascii_uppercase());
        let map = |f: &dyn Fn(usize, usize) -> usize| -> Vec<String> {
            (0..n)
                .map(|r| (0..n).map(|c| letter(f(r, c))).collect())
                .collect()
        };
        let regions = self.jigsaw.as_ref().map(|m| map(&|r, c| m[r * n + c]));
        let disjoint = self
            .disjoint
            .then(|| map(&|r, c| (r % h) * w + c % w))
            .filter(|_| self.boxes && h > 1);
        if self.disjoint && disjoint.is_none() {
            return Err(IssError::Refused {
                origin: self.origin.to_string(),
                refused: vec!["DisjointSets without boxes (1)".into()],
            });
        }
        let mut givens = vec![vec![None; n]; n];
        let (mut odd, mut even) = (Vec::new(), Vec::new());
        let odds: Vec<u32> = (1..=n as u32).filter(|d| d % 2 == 1).collect();
        let evens: Vec<u32> = (1..=n as u32).filter(|d| d % 2 == 0).collect();
        let mut candidates: BTreeMap<&[u32], Vec<String>> = BTreeMap::new();
        for (&(r, c), values) in &self.givens {
            match values.as_slice() {
                [] => {
                    return Err(self.syntax(format!(
                        "{} is given values that exclude each other",
                        name((r, c))
                    )));
                }
                [one] => givens[r][c] = Some(*one),
                // Every value (a pencil-mark cell left open): no restriction.
                all if all.len() == n => {}
                many if many == odds => odd.push(name((r, c))),
                many if many == evens => even.push(name((r, c))),
                many => candidates.entry(many).or_default().push(name((r, c))),
            }
        }
        if !odd.is_empty() {
            self.rules.push(RuleSpec::Odd(odd));
        }
        if !even.is_empty() {
            self.rules.push(RuleSpec::Even(even));
        }
        for (values, cells) in candidates {
            let values = values.iter().map(|&v| i64::from(v)).collect();
            self.rules.push(RuleSpec::Candidates { cells, values });
        }
        let boxes = (self.boxes && h > 1 && w > 1).then_some((h, w));
        Ok(Imported {
            name: UNTITLED.to_string(),
            author: None,
            rules_text: None,
            size: n,
            boxes,
            regions,
            houses: self.houses,
            disjoint,
            knight: self.knight,
            king: self.king,
            givens,
            rules: self.rules,
            ignored: (self.ignored.iter())
                .map(|(kind, n)| format!("{kind} ({n})"))
                .collect(),
        })
    }

    /// `Shape~9x9[~1-9]`: a square grid whose values are 1 to its size.
    fn shape(&mut self, item: &Item) -> Result<(), IssError> {
        let spec = item.args.join("~");
        let mut parts = spec.split('~');
        let dims = parts.next().unwrap_or("");
        let Some((rows, cols)) = dims.split_once('x') else {
            return Err(self.syntax(format!("`Shape`: {spec:?} is not a shape (9x9)")));
        };
        let (rows, cols): (usize, usize) = match (rows.parse(), cols.parse()) {
            (Ok(r), Ok(c)) => (r, c),
            _ => return Err(self.syntax(format!("`Shape`: {spec:?} is not a shape (9x9)"))),
        };
        if rows != cols || !(1..=16).contains(&rows) {
            self.refuse("Shape of a grid not square (or above 16×16)");
            return Ok(());
        }
        let range = parts.next().unwrap_or("");
        let whole = [String::new(), rows.to_string(), format!("1-{rows}")];
        if !whole.iter().any(|r| r == range) || parts.next().is_some() {
            self.refuse("Shape with values other than 1 to its size");
        }
        self.size = rows;
        Ok(())
    }

    fn item(&mut self, item: &Item) -> Result<(), IssError> {
        let kind = item.kind.as_str();
        let args = &item.args;
        // The cells after `skip` leading arguments.
        let after = |skip: usize| -> &[String] { args.get(skip..).unwrap_or(&[]) };
        match kind {
            "Given" => {
                for value_id in args {
                    let mut parts = value_id.split('_');
                    let cell = self.cell("Given", parts.next().unwrap_or(""))?;
                    let values = parts
                        .map(|v| {
                            v.parse::<u32>()
                                .ok()
                                .filter(|d| (1..=self.size as u32).contains(d))
                                .ok_or_else(|| {
                                    self.syntax(format!(
                                        "`Given`: {value_id}: {v:?} is not a value from 1 to {}",
                                        self.size
                                    ))
                                })
                        })
                        .collect::<Result<Vec<u32>, _>>()?;
                    let mut values = values;
                    values.sort_unstable();
                    values.dedup();
                    self.givens
                        .entry(cell)
                        .and_modify(|old| old.retain(|v| values.contains(v)))
                        .or_insert(values);
                }
            }
            "NoBoxes" => self.boxes = false,
            "RegionSize" => {
                if args.first().map(String::as_str) != Some(&self.size.to_string()) {
                    self.refuse("RegionSize other than the grid's size");
                }
            }
            "Jigsaw" => {
                let layout = args.last().map(String::as_str).unwrap_or("");
                let n = self.size;
                if layout.chars().count() != n * n {
                    return Err(self.syntax(format!(
                        "`Jigsaw`: a layout of {} characters, not {}",
                        layout.chars().count(),
                        n * n
                    )));
                }
                let mut seen: Vec<char> = Vec::new();
                let map: Vec<usize> = layout
                    .chars()
                    .map(|ch| match seen.iter().position(|&s| s == ch) {
                        Some(i) => i,
                        None => {
                            seen.push(ch);
                            seen.len() - 1
                        }
                    })
                    .collect();
                // One region for the whole grid: no constraint.
                if seen.len() > 1 {
                    self.jigsaw = Some(map);
                }
            }
            "Diagonal" => {
                let n = self.size;
                let (label, cells): (&str, Vec<String>) = match args.first().map(String::as_str) {
                    Some("1") => ("diagonal +", (0..n).map(|i| name((n - 1 - i, i))).collect()),
                    Some("-1") => ("diagonal -", (0..n).map(|i| name((i, i))).collect()),
                    other => {
                        return Err(self.syntax(format!(
                            "`Diagonal`: the direction {other:?} is neither 1 nor -1"
                        )));
                    }
                };
                if !self.houses.iter().any(|(l, _)| l == label) {
                    self.houses.push((label.to_string(), cells));
                }
            }
            "Windoku" if self.size == 9 => {
                for (i, (r0, c0)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                    let cells = (0..9).map(|k| name((r0 + k / 3, c0 + k % 3))).collect();
                    self.houses.push((format!("window {}", i + 1), cells));
                }
            }
            "AllDifferent" => {
                let cells = self.names(kind, args)?;
                let n = self
                    .houses
                    .iter()
                    .filter(|(l, _)| l.starts_with("all different"))
                    .count();
                self.houses
                    .push((format!("all different {}", n + 1), cells));
            }
            "DisjointSets" => self.disjoint = true,
            "AntiKnight" => self.knight = true,
            "AntiKing" => self.king = true,
            "AntiConsecutive" => self.anti_consecutive = true,
            "StrictKropki" => {
                self.rules.push(RuleSpec::Negative(Mark::Difference));
                self.rules.push(RuleSpec::Negative(Mark::Ratio));
            }
            "StrictXV" => self.rules.push(RuleSpec::Negative(Mark::XV)),
            "Thermo" => {
                for line in self.lines(kind, args, 1)? {
                    self.rules.push(RuleSpec::Thermometer(line));
                }
            }
            "Whisper" => {
                // German whispers leave the difference out.
                let (difference, cells) = match args.first() {
                    Some(first) if first.parse::<i64>().is_ok() => {
                        (Some(self.number(kind, first)?), after(1))
                    }
                    _ => (None, &args[..]),
                };
                for cells in self.lines(kind, cells, 1)? {
                    self.rules.push(RuleSpec::Whispers { cells, difference });
                }
            }
            "Renban" => self.rules.push(RuleSpec::Renban(self.names(kind, args)?)),
            "Modular" => match args.first().map(String::as_str) {
                Some("3") => {
                    for line in self.lines(kind, after(1), 2)? {
                        self.rules.push(RuleSpec::Modular(line));
                    }
                }
                _ => self.refuse("Modular other than mod 3"),
            },
            "Entropic" => {
                for line in self.lines(kind, args, 2)? {
                    self.rules.push(RuleSpec::Entropic(line));
                }
            }
            "RegionSumLine" => {
                let cells = self.cells(kind, args)?;
                self.region_sums.push(cells);
            }
            "Regex" => {
                let encoded = args.first().map(String::as_str).unwrap_or("");
                let pattern = regex_pattern(encoded).ok_or_else(|| {
                    self.syntax(format!(
                        "`Regex`: the pattern {encoded:?} is not base64 (URL-safe) text"
                    ))
                })?;
                for cells in named_groups(after(1)) {
                    let cells = self.names(kind, &cells)?;
                    let pattern = pattern.clone();
                    self.rules.push(RuleSpec::Regex { cells, pattern });
                }
            }
            "Pair" | "PairX" | "Binary" | "BinaryX" => {
                let key = args.first().map(String::as_str).unwrap_or("");
                // The legacy `Binary` keys swap base64url's `-` and `_`.
                let key: String = match kind.starts_with("Binary") {
                    true => (key.chars())
                        .map(|c| match c {
                            '-' => '_',
                            '_' => '-',
                            c => c,
                        })
                        .collect(),
                    false => key.to_string(),
                };
                let allowed = pair_key(&key, self.size).ok_or_else(|| {
                    self.syntax(format!(
                        "`{kind}`: the key {key:?} is not a table of value pairs"
                    ))
                })?;
                for cells in named_groups(after(1)) {
                    let cells = self.names(kind, &cells)?;
                    // Pair: each cell with the next; PairX: every two cells.
                    let pairs: Vec<(String, String)> = match kind {
                        "Pair" | "Binary" => cells
                            .windows(2)
                            .map(|w| (w[0].clone(), w[1].clone()))
                            .collect(),
                        _ => (0..cells.len())
                            .flat_map(|i| (i + 1..cells.len()).map(move |j| (i, j)))
                            .map(|(i, j)| (cells[i].clone(), cells[j].clone()))
                            .collect(),
                    };
                    if !pairs.is_empty() {
                        let allowed = allowed.clone();
                        self.rules.push(RuleSpec::Relation { pairs, allowed });
                    }
                }
            }
            "SameValues" => {
                let sets = self.number(kind, args.first().map(String::as_str).unwrap_or(""))?;
                let cells = self.names(kind, after(1))?;
                // Sets of one cell each: each cell a clone of the first.
                if sets < 2 || cells.len() as i64 != sets {
                    self.refuse("SameValues with sets of more than one cell");
                }
                for other in cells.iter().skip(1) {
                    let (a, b) = (vec![cells[0].clone()], vec![other.clone()]);
                    self.rules.push(RuleSpec::Clone(a, b));
                }
            }
            "SumLine" => {
                let total = self.number(kind, args.first().map(String::as_str).unwrap_or(""))?;
                let closed = args.last().is_some_and(|a| a == "LOOP");
                let ids = &after(1)[..after(1).len() - usize::from(closed)];
                let cells = self.names(kind, ids)?;
                self.rules.push(RuleSpec::SumLine {
                    cells,
                    total,
                    closed,
                });
            }
            "Lunchbox" | "RellikCage" => {
                let total = self.number(kind, args.first().map(String::as_str).unwrap_or(""))?;
                let cells = self.names(kind, after(1))?;
                self.rules.push(match kind {
                    "Lunchbox" => RuleSpec::Lunchbox { cells, total },
                    _ => RuleSpec::RellikCage { cells, total },
                });
            }
            "ValueIndexing" => self
                .rules
                .push(RuleSpec::ValueIndexing(self.names(kind, args)?)),
            "EqualityCage" => self
                .rules
                .push(RuleSpec::EqualityCage(self.names(kind, args)?)),
            "GlobalEntropy" => self.rules.push(RuleSpec::GlobalEntropy),
            "GlobalMod" => self.rules.push(RuleSpec::GlobalModular),
            "AntiTaxicab" => self.rules.push(RuleSpec::AntiTaxicab),
            "Indexing" => {
                let cells = self.names(kind, after(1))?;
                match args.first().map(String::as_str) {
                    Some("C") => self.rules.push(RuleSpec::ColumnIndexing(cells)),
                    Some("R") => self.rules.push(RuleSpec::RowIndexing(cells)),
                    other => {
                        return Err(self.syntax(format!(
                            "`Indexing`: {other:?} is neither C (columns) nor R (rows)"
                        )));
                    }
                }
            }
            "EqualSum" => {
                // Groups are parted by a `-` item.
                let groups = args
                    .split(|a| a == "-")
                    .map(|ids| self.names(kind, ids))
                    .collect::<Result<Vec<_>, _>>()?;
                self.rules.push(RuleSpec::EqualSum(groups));
            }
            "Between" => self.rules.push(RuleSpec::Between(self.names(kind, args)?)),
            "Lockout" => {
                let difference = match args.first() {
                    Some(d) if !d.is_empty() => Some(self.number(kind, d)?),
                    _ => None,
                };
                let cells = self.names(kind, after(1))?;
                self.rules.push(RuleSpec::Lockout { cells, difference });
            }
            "Palindrome" => self
                .rules
                .push(RuleSpec::Palindrome(self.names(kind, args)?)),
            "Zipper" => self.rules.push(RuleSpec::Zipper(self.names(kind, args)?)),
            "DoubleArrow" => self
                .rules
                .push(RuleSpec::DoubleArrow(self.names(kind, args)?)),
            "Arrow" => {
                let cells = self.names(kind, args)?;
                if cells.len() < 2 {
                    return Err(self.syntax("`Arrow`: a circle and at least one cell".into()));
                }
                self.rules.push(RuleSpec::Arrow {
                    circle: cells[..1].to_vec(),
                    line: cells[1..].to_vec(),
                });
            }
            "PillArrow" => {
                let size = args.first().and_then(|s| s.parse::<usize>().ok());
                let cells = self.cells(kind, after(1))?;
                let Some(size) = size.filter(|&s| (1..cells.len()).contains(&s)) else {
                    return Err(
                        self.syntax("`PillArrow`: a pill of 2 or 3 cells and a line".into())
                    );
                };
                // The pill reads left to right, top to bottom.
                let mut pill = cells[..size].to_vec();
                pill.sort_unstable();
                self.rules.push(RuleSpec::Arrow {
                    circle: pill.into_iter().map(name).collect(),
                    line: cells[size..].iter().copied().map(name).collect(),
                });
            }
            "Cage" => {
                let total = match args.first().map(|s| s.trim()) {
                    // A total of 0 is no total (ISS: "any sum").
                    Some("") | Some("0") | None => None,
                    Some(total) => Some(self.number(kind, total)?),
                };
                let cells = self.names(kind, after(1))?;
                // ISS counts a repeated cell twice in the sum: no killer cage.
                let mut distinct = cells.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() < cells.len() {
                    self.refuse("Cage with a cell listed twice");
                    return Ok(());
                }
                self.rules.push(RuleSpec::Killer { cells, total });
            }
            "Sum" => {
                let spec = args.first().map(String::as_str).unwrap_or("");
                let mut parts = spec.split('_');
                let total = self.number(kind, parts.next().unwrap_or(""))?;
                let cells = self.names(kind, after(1))?;
                match parts.next() {
                    Some("=") => {
                        let weights = parts
                            .map(|w| self.number(kind, w))
                            .collect::<Result<Vec<i64>, _>>()?;
                        self.rules.push(RuleSpec::Sum {
                            cells,
                            weights: Some(weights),
                            total,
                        });
                    }
                    _ => self.rules.push(RuleSpec::Cage { cells, total }),
                }
            }
            "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => {
                for (a, b) in self.pairs(kind, args)? {
                    self.rules.push(match kind {
                        "WhiteDot" => RuleSpec::Difference {
                            cells: (a, b),
                            value: None,
                        },
                        "BlackDot" => RuleSpec::Ratio {
                            cells: (a, b),
                            value: None,
                        },
                        "X" => RuleSpec::X(a, b),
                        "V" => RuleSpec::V(a, b),
                        _ => RuleSpec::GreaterThan(a, b),
                    });
                }
            }
            "Quad" => {
                let (r, c) = self.cell(kind, args.first().map(String::as_str).unwrap_or(""))?;
                if r + 1 >= self.size || c + 1 >= self.size {
                    return Err(self.syntax(format!(
                        "`Quad`: {} has no 2×2 square below and right of it",
                        name((r, c))
                    )));
                }
                let digits = after(1)
                    .iter()
                    .map(|d| self.number(kind, d))
                    .collect::<Result<Vec<i64>, _>>()?;
                let cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
                self.rules.push(RuleSpec::Quadruple {
                    cells: cells.into_iter().map(name).collect(),
                    digits,
                });
            }
            "LittleKiller" => {
                let total = self.number(kind, args.first().map(String::as_str).unwrap_or(""))?;
                let start = self.cell(kind, args.get(1).map(String::as_str).unwrap_or(""))?;
                let Some(towards) = little_killer_direction(self.size, start) else {
                    return Err(self.syntax(format!(
                        "`LittleKiller`: no diagonal of the grid's edge starts at {}",
                        name(start)
                    )));
                };
                self.rules.push(RuleSpec::LittleKiller {
                    from: name(start),
                    towards,
                    total,
                });
            }
            "Sandwich" => {
                let total = self.number(kind, args.first().map(String::as_str).unwrap_or(""))?;
                let line = args.get(1).map(String::as_str).unwrap_or("");
                let (from, towards) = self.line_start(kind, line, true)?;
                self.rules.push(RuleSpec::Sandwich {
                    from,
                    towards,
                    total,
                });
            }
            "XSum" | "Skyscraper" | "NumberedRoom" => {
                let line = args.first().map(String::as_str).unwrap_or("");
                for (i, forwards) in [(1, true), (2, false)] {
                    let Some(value) = args.get(i).filter(|v| !v.is_empty()) else {
                        continue;
                    };
                    let value = self.number(kind, value)?;
                    let (from, towards) = self.line_start(kind, line, forwards)?;
                    self.rules.push(match kind {
                        "XSum" => RuleSpec::XSum {
                            from,
                            towards,
                            total: value,
                        },
                        "Skyscraper" => RuleSpec::Skyscraper {
                            from,
                            towards,
                            count: value,
                        },
                        _ => RuleSpec::NumberedRoom {
                            from,
                            towards,
                            value,
                        },
                    });
                }
            }
            _ if IGNORED.contains(&kind) => {
                *self.ignored.entry(kind.to_string()).or_default() += 1;
            }
            // Everything else, composites (`Or`, `And`) included, is refused by name.
            _ => self.refuse(kind),
        }
        Ok(())
    }

    /// The first cell and direction of an outside clue's row (`R3`) or column
    /// (`C5`), read forwards (from the left or top) or backwards.
    fn line_start(
        &self,
        kind: &str,
        line: &str,
        forwards: bool,
    ) -> Result<(String, Direction), IssError> {
        let n = self.size;
        let index = line
            .get(1..)
            .and_then(|i| i.parse::<usize>().ok())
            .filter(|i| (1..=n).contains(i))
            .map(|i| i - 1);
        let last = n - 1;
        match (line.chars().next(), index, forwards) {
            (Some('R'), Some(r), true) => Ok((name((r, 0)), Direction::Right)),
            (Some('R'), Some(r), false) => Ok((name((r, last)), Direction::Left)),
            (Some('C'), Some(c), true) => Ok((name((0, c)), Direction::Down)),
            (Some('C'), Some(c), false) => Ok((name((last, c)), Direction::Up)),
            _ => Err(self.syntax(format!(
                "`{kind}`: {line:?} is not a row (R1) or column (C1)"
            ))),
        }
    }
}

/// The direction of ISS's little killer diagonal that starts at `start`
/// (its `cellMap`: down-right from the left edge, up-left from the right
/// edge, down-left from the top, up-right from the bottom).
fn little_killer_direction(n: usize, (r, c): (usize, usize)) -> Option<Direction> {
    if c == 0 && r + 1 < n {
        Some(Direction::DownRight)
    } else if c + 1 == n && r >= 1 && r + 1 < n {
        Some(Direction::UpLeft)
    } else if r == 0 && c >= 1 {
        Some(Direction::DownLeft)
    } else if r + 1 == n && c >= 1 && c + 1 < n {
        Some(Direction::UpRight)
    } else {
        None
    }
}

/// The groups of cells of an item that lists several (ISS's named cell
/// groups): parted by an empty item, a `_name` item starting a group.
fn named_groups(items: &[String]) -> Vec<Vec<String>> {
    let mut groups = vec![Vec::new()];
    for item in items {
        if item.is_empty() || item.starts_with('_') {
            groups.push(Vec::new());
        } else {
            groups
                .last_mut()
                .expect("one group at least")
                .push(item.clone());
        }
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// The value pairs a `Pair` key allows: base64url characters of six bits
/// each, least significant first, one bit per (first, second) value from
/// (1, 1), (1, 2), … to (n, n) (ISS's `fnToBinaryKey`).
fn pair_key(key: &str, n: usize) -> Option<Vec<(i64, i64)>> {
    const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let bits: Vec<u8> = key
        .bytes()
        .map(|b| DIGITS.iter().position(|&d| d == b).map(|p| p as u8))
        .collect::<Option<_>>()?;
    let allowed: Vec<(i64, i64)> = (0..n * n)
        .filter(|&k| bits.get(k / 6).is_some_and(|b| b >> (k % 6) & 1 == 1))
        .map(|k| ((k / n) as i64 + 1, (k % n) as i64 + 1))
        .collect();
    (!allowed.is_empty()).then_some(allowed)
}

/// graphdoku's name of (row, column) from 0: `r1c1`.
fn name((r, c): (usize, usize)) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_links_carry_the_string_in_q() {
        let link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Cage~3~R1C1~R1C2%2E~R9C9_4&mode=all";
        assert_eq!(
            share_query(link).as_deref(),
            Some(".Cage~3~R1C1~R1C2.~R9C9_4")
        );
        let imported = read(link, "link").unwrap();
        assert_eq!(imported.givens[8][8], Some(4));
        assert!(share_query(".Cage~3~R1C1~R1C2").is_none());
    }

    #[test]
    fn killer_grids_point_their_cells_to_the_total() {
        // Two cages in the first row (3 and 17), then cells each a cage of
        // their own with a total of 0 (no total).
        let mut grid = String::from("3<H<<<<<<");
        grid.push_str(&"0".repeat(72));
        let items = short_killer(&grid).unwrap();
        assert_eq!(
            items[0],
            Item::new("Cage", vec!["3".into(), "R1C1".into(), "R1C2".into()])
        );
        assert_eq!(items[1].args[..3], ["17", "R1C3", "R1C4"]);
        assert_eq!(items[1].args.len(), 1 + 7);
    }

    #[test]
    fn little_killers_start_at_an_edge() {
        assert_eq!(
            little_killer_direction(9, (0, 0)),
            Some(Direction::DownRight)
        );
        assert_eq!(
            little_killer_direction(9, (0, 8)),
            Some(Direction::DownLeft)
        );
        assert_eq!(little_killer_direction(9, (4, 8)), Some(Direction::UpLeft));
        assert_eq!(little_killer_direction(9, (8, 4)), Some(Direction::UpRight));
        assert_eq!(little_killer_direction(9, (4, 4)), None);
    }

    #[test]
    fn candidates_read_as_odd_or_even_cells_and_nothing_else() {
        let imported = read(".~R1C1_1_3_5_7_9~R1C2_2_4_6_8", "x").unwrap();
        assert_eq!(
            imported.rules,
            [
                RuleSpec::Odd(vec!["r1c1".into()]),
                RuleSpec::Even(vec!["r1c2".into()])
            ]
        );
        // Other candidates, cells of the same ones together.
        let imported = read(".~R1C1_1_2~R2C2_2_1~R3C3_4_5_6", "x").unwrap();
        let candidates = |cells: &[&str], values: Vec<i64>| RuleSpec::Candidates {
            cells: cells.iter().map(|c| c.to_string()).collect(),
            values,
        };
        assert_eq!(
            imported.rules,
            [
                candidates(&["r1c1", "r2c2"], vec![1, 2]),
                candidates(&["r3c3"], vec![4, 5, 6])
            ]
        );
        // Givens of one cell are intersected, as ISS merges them.
        let imported = read(".~R1C1_1_2.~R1C1_2_3", "x").unwrap();
        assert_eq!(imported.givens[0][0], Some(2));
    }

    #[test]
    fn regex_lines_read_their_pattern_in_base64() {
        // From ISS's example "Regex line": padded or not, and one pattern
        // for two lines parted by an empty item.
        let imported = read(
            ".Regex~KFteMS0zXVs0N11bNjldfFs0N10xMjNbNjldKSo~R1C1~R1C2~~R3C1~R3C2\
             .Regex~KFteMjU4XS5bMTM0Nl0uWzE0Nl18WzEzNF0uLjUuLlszNDZdKSouPw=~R9C9~R9C8",
            "x",
        )
        .unwrap();
        let regex = |cells: [&str; 2], pattern: &str| RuleSpec::Regex {
            cells: cells.map(String::from).to_vec(),
            pattern: pattern.into(),
        };
        assert_eq!(
            imported.rules,
            [
                regex(["r1c1", "r1c2"], "([^1-3][47][69]|[47]123[69])*"),
                regex(["r3c1", "r3c2"], "([^1-3][47][69]|[47]123[69])*"),
                regex(["r9c9", "r9c8"], "([^258].[1346].[146]|[134]..5..[346])*.?"),
            ]
        );
        // Links of old wrote the pattern percent-encoded.
        let imported = read(".Regex~1%7C2*~R1C1~R1C2", "x").unwrap();
        assert_eq!(imported.rules, [regex(["r1c1", "r1c2"], "1|2*")]);
        let err = read(".Regex~a*b~R1C1", "x").unwrap_err().to_string();
        assert!(err.ends_with("is not base64 (URL-safe) text"), "{err}");
    }

    #[test]
    fn pair_keys_read_as_tables_of_values() {
        // ISS's "Odd/Even Thermo Sudoku": named groups of cells, each cell
        // with the next, under one key: rising by an even step.
        let imported = read(
            ".Pair~UFVQFUAFQAE~_Odd-Even%20Thermo~r1c2~r1c3~~r3c4~r3c3",
            "x",
        )
        .unwrap();
        let RuleSpec::Relation { pairs, allowed } = &imported.rules[0] else {
            panic!("{:?}", imported.rules);
        };
        assert_eq!(pairs, &[("r1c2".to_string(), "r1c3".to_string())]);
        assert_eq!(allowed.len(), 16);
        assert!(allowed.iter().all(|&(a, b)| a < b && (b - a) % 2 == 0));
        assert_eq!(imported.rules.len(), 2);
        // PairX binds every two cells: nabner's "not equal, not consecutive".
        let imported = read(".PairX~8H_xf8H_xf8H_B~_Nabner~R1C1~R2C2~R3C3", "x").unwrap();
        let RuleSpec::Relation { pairs, allowed } = &imported.rules[0] else {
            panic!("{:?}", imported.rules);
        };
        assert_eq!(pairs.len(), 3);
        assert_eq!(allowed.len(), 56);
        assert!(allowed.iter().all(|&(a, b)| (a - b).abs() >= 2));
    }

    #[test]
    fn legacy_binary_keys_swap_two_characters_of_base64url() {
        let binary = read(".BinaryX~8H-xf8H-xf8H-B~_Nabner~R1C1~R2C2~R3C3", "x").unwrap();
        let pair = read(".PairX~8H_xf8H_xf8H_B~_Nabner~R1C1~R2C2~R3C3", "x").unwrap();
        assert_eq!(binary.rules, pair.rules);
        // A cage counting a cell twice is no killer cage: refused, by name.
        let err = read(".Cage~20~R4C2~R4C3~R4C4~R4C4", "x").unwrap_err();
        assert!(
            err.to_string()
                .ends_with("Cage with a cell listed twice (1)"),
            "{err}"
        );
    }

    #[test]
    fn a_grid_of_pencil_marks_reads_as_givens_of_several_values() {
        // Nine characters a cell: r1c1 holds 1, r1c2 an even value, r1c3 an
        // odd one, r2c1 1 or 2; every other cell anything.
        let mut marks = vec!["123456789"; 81];
        marks[..3].copy_from_slice(&["1........", ".2.4.6.8.", "1.3.5.7.9"]);
        marks[9] = "12.......";
        let imported = read(&marks.concat(), "x").unwrap();
        assert_eq!((imported.size, imported.givens[0][0]), (9, Some(1)));
        let cells = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            imported.rules,
            [
                RuleSpec::Odd(cells(&["r1c3"])),
                RuleSpec::Even(cells(&["r1c2"])),
                RuleSpec::Candidates {
                    cells: cells(&["r2c1"]),
                    values: vec![1, 2]
                },
            ]
        );
    }

    #[test]
    fn the_later_kinds_read_their_arguments() {
        let imported = read(
            ".SumLine~10~R4C5~R5C6~R6C5~R5C4~LOOP.SumLine~10~R1C1~R1C2\
             .NumberedRoom~C1~1~6.Indexing~C~R1C1~R1C5.EqualSum~R1C1~-~R2C2~R3C3\
             .SameValues~3~R1C1~R2C8~R3C4.GlobalMod.GlobalEntropy.AntiTaxicab",
            "x",
        )
        .unwrap();
        let names = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            imported.rules[..2],
            [
                RuleSpec::SumLine {
                    cells: names(&["r4c5", "r5c6", "r6c5", "r5c4"]),
                    total: 10,
                    closed: true,
                },
                RuleSpec::SumLine {
                    cells: names(&["r1c1", "r1c2"]),
                    total: 10,
                    closed: false,
                },
            ]
        );
        let words: Vec<&str> = imported.rules[2..].iter().map(RuleSpec::word).collect();
        assert_eq!(
            words,
            [
                "NumberedRoom",
                "NumberedRoom",
                "ColumnIndexing",
                "EqualSum",
                "Clone",
                "Clone",
                "GlobalModular",
                "GlobalEntropy",
                "AntiTaxicab"
            ]
        );
        // The room from below reads up column 1, its clue 6.
        assert!(imported.rules.contains(&RuleSpec::NumberedRoom {
            from: "r9c1".into(),
            towards: Direction::Up,
            value: 6,
        }));
    }

    #[test]
    fn bad_items_say_which() {
        let err = read(".Thermo~R1C1~R0C2", "x").unwrap_err().to_string();
        assert!(
            err.ends_with("`Thermo`: R0C2 is not a cell of the 9×9 grid"),
            "{err}"
        );
        let err = read(".Cage~x~R1C1", "x").unwrap_err().to_string();
        assert!(
            err.ends_with("`Cage`: \"x\" is not a whole number"),
            "{err}"
        );
        let err = read(".Or.Cage~3~R1C1~R1C2", "x").unwrap_err().to_string();
        assert!(err.contains("not closed by `.End`"), "{err}");
        let err = read(".Or.Cage~3~R1C1~R1C2.End.LookAndSay~5~R1C1~R1C2", "x")
            .unwrap_err()
            .to_string();
        assert!(
            err.ends_with("cannot be imported: LookAndSay (1), Or (1)"),
            "{err}"
        );
    }
}
