//! f-puzzles export: a puzzle on a square grid, with its rules, as f-puzzles JSON or a `?load=` link.
//!
//! The writer works from the graph, not from how the variant was written: rows
//! and columns are implied by f-puzzles; one set of houses that tiles the grid
//! becomes its regions (`region` of each cell, left out where it is f-puzzles'
//! default box); the two long diagonals become `diagonal-` / `diagonal+`; the
//! houses of a disjoint-groups map become `disjointgroups`; any other house an
//! `extraregion`; knight's and king's moves that are all edges become
//! `antiknight` / `antiking`. What is left over — an edge no house or move
//! explains, cells restricted to some symbols, more or fewer than N symbols —
//! cannot be written. f-puzzles writes the digits 1 to N: the k-th symbol goes
//! out as k (a 16×16's `0`…`F` come back as `1`…`16`), and a puzzle with rules
//! needs symbols whose values are 1 to N. The rules map onto the fields
//! [`crate::read::fpuzzles`] reads, so that importing an export gives back the
//! same graph, givens and rules:
//!
//! | rule | field |
//! |---|---|
//! | `Killer` | `killercage` (`value` the total, when given) |
//! | `Arrow` | `arrow`: the circle (in reading order) and one line from it |
//! | `Sum` of a whole diagonal from the grid's edge | `littlekillersum` |
//! | `Thermometer` | `thermometer` |
//! | `Difference`, `Ratio`, `X`, `V` | `difference`, `ratio`, `xv` |
//! | `Negative` | `negative` |
//! | `Whispers`, `Renban` | `whispers`, `renban` |
//! | `NonConsecutive` | `nonconsecutive` |
//! | `Odd`, `Even` | `odd`, `even` |
//! | `Relation` of equal values | `clone` |
//! | `Relation` "less (greater) than every orthogonal neighbour" | `minimum` (`maximum`) |
//!
//! f-puzzles has no sum cage with repeats, slow thermometer, weighted sum or
//! other relation: those are refused, each by name, with every other thing
//! that cannot be written ([`Unexpressible`]).

use std::collections::{BTreeSet, HashSet};

use serde_json::{Map, Value, json};
use thiserror::Error;

use crate::graph::{ConstraintGraph, Coord, Layout};
use crate::read::fpuzzles::default_boxes;
use crate::rules::{Direction, Mark, Rule};

/// The largest grid f-puzzles edits: 16×16.
pub const MAX_SIZE: usize = 16;

/// Where an f-puzzles link loads from: the compressed JSON follows.
pub const LINK_PREFIX: &str = "https://www.f-puzzles.com/?load=";

/// Where a SudokuPad link to an f-puzzles puzzle starts: the same
/// compressed JSON follows.
pub const SUDOKUPAD_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// What f-puzzles cannot express of a puzzle, every part named.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("f-puzzles cannot express {}", what.join("; "))]
pub struct Unexpressible {
    /// Each part that cannot be written, in words: `a sum cage (r1c1 …)`.
    pub what: Vec<String>,
}

/// The f-puzzles JSON object of `graph` with `givens` (one per cell, a colour
/// or `None`), titled `title`.
///
/// # Errors
/// [`Unexpressible`] naming every part f-puzzles cannot express: a shape that
/// is not an N×N grid of at most [`MAX_SIZE`], other than N symbols (or, with
/// rules, symbols whose values are not 1 to N), no
/// set of houses tiling the grid into regions, an edge no house or move
/// explains, a rule f-puzzles has no field for.
///
/// # Example
/// ```
/// let graph = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let mut givens = vec![None; 16];
/// givens[0] = Some(2);
/// let json = graphdoku::write::fpuzzles::fpuzzles(&graph, &givens, "tiny").unwrap();
/// assert_eq!(json["size"], 4);
/// assert_eq!(json["grid"][0][0]["value"], 3);
/// let samurai = graphdoku::ConstraintGraph::load("samurai").unwrap();
/// let err = graphdoku::write::fpuzzles::fpuzzles(&samurai, &vec![None; samurai.len()], "s");
/// assert!(err.unwrap_err().to_string().contains("not a square grid"));
/// ```
pub fn fpuzzles(
    graph: &ConstraintGraph,
    givens: &[Option<u8>],
    title: &str,
) -> Result<Value, Unexpressible> {
    let grid = Grid::of(graph)?;
    let n = grid.n;
    let mut what = Vec::new();
    let name = |c: usize| graph.cells()[c].name.clone();
    // f-puzzles writes the digits 1 to N: the k-th symbol goes out as k. Rules
    // speak of values, which must then be those digits.
    if graph.alphabet().len() != n {
        what.push(format!(
            "{} symbols on a {n}×{n} grid: f-puzzles has the digits 1 to {n}",
            graph.alphabet().len()
        ));
    } else if !graph.rules().is_empty()
        && graph.values() != Some(&(1..=n as i64).collect::<Vec<_>>()[..])
    {
        what.push(format!(
            "rules on the symbols {}: f-puzzles rules speak of the digits 1 to {n}",
            graph.alphabet().symbols().join(" ")
        ));
    }
    let restricted: Vec<String> = (0..graph.len())
        .filter(|&c| graph.allowed(c).is_some())
        .map(name)
        .collect();
    if !restricted.is_empty() {
        what.push(format!(
            "cells restricted to some symbols ({})",
            few(&restricted)
        ));
    }

    // Houses: rows and columns are implied; the rest sorted out below.
    let f = Fields::of(graph, &grid, &mut what);
    let rules = rules(graph, &grid, &mut what);
    if !what.is_empty() {
        return Err(Unexpressible { what });
    }

    let cells: Vec<Value> = (0..n)
        .map(|r| {
            let row: Vec<Value> = (0..n)
                .map(|c| {
                    let cell = grid.at[r][c];
                    let mut out = Map::new();
                    if let Some(colour) = givens.get(cell).copied().flatten() {
                        out.insert("value".into(), json!(colour as usize + 1));
                        out.insert("given".into(), json!(true));
                    }
                    if let Some(regions) = &f.regions {
                        out.insert("region".into(), json!(regions[r][c]));
                    }
                    Value::Object(out)
                })
                .collect();
            Value::Array(row)
        })
        .collect();
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    out.insert("title".into(), json!(title));
    out.insert("grid".into(), Value::Array(cells));
    for (key, on) in [
        ("diagonal-", f.diagonal_down),
        ("diagonal+", f.diagonal_up),
        ("antiknight", f.knight),
        ("antiking", f.king),
        ("disjointgroups", f.disjoint),
    ] {
        if on {
            out.insert(key.into(), json!(true));
        }
    }
    if !f.extra.is_empty() {
        let extra: Vec<Value> = (f.extra.iter())
            .map(|cells| json!({ "cells": cells.iter().map(|&c| grid.f(c)).collect::<Vec<_>>() }))
            .collect();
        out.insert("extraregion".into(), Value::Array(extra));
    }
    for (key, value) in rules {
        out.insert(key, value);
    }
    Ok(Value::Object(out))
}

/// [`fpuzzles`] as one line of JSON.
///
/// # Errors
/// As [`fpuzzles`].
pub fn json(
    graph: &ConstraintGraph,
    givens: &[Option<u8>],
    title: &str,
) -> Result<String, Unexpressible> {
    Ok(fpuzzles(graph, givens, title)?.to_string())
}

/// An f-puzzles link: [`LINK_PREFIX`] and the JSON of [`fpuzzles`],
/// lz-string-compressed to base64 as f-puzzles writes its links.
///
/// # Errors
/// As [`fpuzzles`].
///
/// # Example
/// ```
/// let graph = graphdoku::ConstraintGraph::load("sudoku9").unwrap();
/// let link = graphdoku::write::fpuzzles::link(&graph, &vec![None; 81], "empty").unwrap();
/// assert!(link.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
/// let back = graphdoku::read::fpuzzles::read(&link, "link").unwrap();
/// assert_eq!((back.size, back.boxes), (9, Some((3, 3))));
/// ```
pub fn link(
    graph: &ConstraintGraph,
    givens: &[Option<u8>],
    title: &str,
) -> Result<String, Unexpressible> {
    compressed(LINK_PREFIX, graph, givens, title)
}

/// A SudokuPad link to the puzzle: [`SUDOKUPAD_PREFIX`] and the compressed
/// JSON of [`fpuzzles`], which SudokuPad opens as it opens f-puzzles' own
/// links (the page's export gives the same link).
///
/// # Errors
/// As [`fpuzzles`].
///
/// # Example
/// ```
/// let graph = graphdoku::ConstraintGraph::load("sudoku9").unwrap();
/// let link = graphdoku::write::fpuzzles::sudokupad_link(&graph, &vec![None; 81], "empty").unwrap();
/// assert!(link.starts_with("https://sudokupad.app/fpuzzlesN4Ig"));
/// let back = graphdoku::read::link::read(&link, "link").unwrap();
/// assert_eq!(back.imported.size, 9);
/// ```
pub fn sudokupad_link(
    graph: &ConstraintGraph,
    givens: &[Option<u8>],
    title: &str,
) -> Result<String, Unexpressible> {
    compressed(SUDOKUPAD_PREFIX, graph, givens, title)
}

/// `prefix` and the compressed JSON of [`fpuzzles`]: both links' form.
fn compressed(
    prefix: &str,
    graph: &ConstraintGraph,
    givens: &[Option<u8>],
    title: &str,
) -> Result<String, Unexpressible> {
    let json = json(graph, givens, title)?;
    Ok(format!(
        "{prefix}{}",
        lz_str::compress_to_base64(json.as_str())
    ))
}

/// The first few of `names`, and how many more.
fn few(names: &[String]) -> String {
    match names.len() {
        0..=4 => names.join(", "),
        n => format!("{} and {} more", names[..3].join(", "), n - 3),
    }
}

/// The square grid under a graph: the cell at each place.
struct Grid {
    n: usize,
    /// `at[row][col]` is the cell there.
    at: Vec<Vec<usize>>,
    /// Each cell's (row, column).
    place: Vec<(usize, usize)>,
}

impl Grid {
    fn of(graph: &ConstraintGraph) -> Result<Self, Unexpressible> {
        let refuse = |why: String| Unexpressible { what: vec![why] };
        let (rows, cols) = match graph.layout() {
            Layout::Grid { rows, cols, .. } => (rows, cols),
            Layout::Polar { .. } => return Err(refuse("a polar shape: not a square grid".into())),
            Layout::Free => return Err(refuse("freely placed cells: not a square grid".into())),
        };
        let n = rows;
        if rows != cols || graph.len() != n * n {
            return Err(refuse(format!(
                "a {rows}×{cols} shape of {} cells: not a square grid",
                graph.len()
            )));
        }
        if n > MAX_SIZE {
            return Err(refuse(format!(
                "a {n}×{n} grid: f-puzzles grids are {MAX_SIZE}×{MAX_SIZE} at most"
            )));
        }
        let mut at = vec![vec![usize::MAX; n]; n];
        let mut place = Vec::with_capacity(n * n);
        for (c, cell) in graph.cells().iter().enumerate() {
            match cell.coord {
                Coord::Grid { row, col } if row < n && col < n && at[row][col] == usize::MAX => {
                    at[row][col] = c;
                    place.push((row, col));
                }
                _ => {
                    return Err(refuse(format!(
                        "{}: not a cell of a square grid",
                        cell.name
                    )));
                }
            }
        }
        Ok(Grid { n, at, place })
    }

    /// The cell's f-puzzles name: `R1C1`.
    fn f(&self, cell: usize) -> String {
        let (r, c) = self.place[cell];
        format!("R{}C{}", r + 1, c + 1)
    }

    /// The cell at (row, col) counted from 0, if inside.
    fn get(&self, row: i64, col: i64) -> Option<usize> {
        let n = self.n as i64;
        ((0..n).contains(&row) && (0..n).contains(&col))
            .then(|| self.at[row as usize][col as usize])
    }
}

/// The shape's fields: regions, diagonals, extra regions, disjoint groups, moves.
struct Fields {
    /// Each cell's region number, when not f-puzzles' default boxes.
    regions: Option<Vec<Vec<usize>>>,
    diagonal_down: bool,
    diagonal_up: bool,
    disjoint: bool,
    extra: Vec<Vec<usize>>,
    knight: bool,
    king: bool,
}

impl Fields {
    fn of(graph: &ConstraintGraph, grid: &Grid, what: &mut Vec<String>) -> Self {
        let n = grid.n;
        let set = |cells: &[usize]| cells.iter().copied().collect::<BTreeSet<usize>>();
        let line = |f: &dyn Fn(usize) -> usize| (0..n).map(f).collect::<BTreeSet<usize>>();
        let (h, w) = default_boxes(n);
        let box_of = |r: usize, c: usize| (r / h) * (n / w) + c / w;
        let group = |cells: &dyn Fn(usize, usize) -> usize| {
            let mut groups = vec![BTreeSet::new(); n];
            for r in 0..n {
                for c in 0..n {
                    groups[cells(r, c)].insert(grid.at[r][c]);
                }
            }
            groups
        };
        let rows: Vec<_> = (0..n).map(|r| line(&|c| grid.at[r][c])).collect();
        let cols: Vec<_> = (0..n).map(|c| line(&|r| grid.at[r][c])).collect();
        let down = line(&|i| grid.at[i][i]);
        let up = line(&|i| grid.at[n - 1 - i][i]);
        let boxes = group(&box_of);
        let disjoint_groups = group(&|r, c| (r % h) * w + c % w);
        let houses: Vec<BTreeSet<usize>> = graph.houses().iter().map(|h| set(&h.cells)).collect();
        let has = |s: &BTreeSet<usize>| houses.contains(s);
        let standard = boxes.iter().all(has);
        let disjoint = standard && n > 1 && disjoint_groups.iter().all(has);
        let mut used: HashSet<&BTreeSet<usize>> = rows.iter().chain(&cols).collect();
        if standard {
            used.extend(&boxes);
        }
        if disjoint {
            used.extend(&disjoint_groups);
        }
        let diagonal_down = n > 1 && has(&down);
        let diagonal_up = n > 1 && has(&up);
        if diagonal_down {
            used.insert(&down);
        }
        if diagonal_up {
            used.insert(&up);
        }
        // Irregular regions: the first houses (in the variant's order) of N
        // cells that tile the grid.
        let mut regions = None;
        if !standard {
            let mut region = vec![vec![usize::MAX; n]; n];
            let mut tiles = Vec::new();
            for house in &houses {
                let free = house.iter().all(|&c| {
                    let (r, c) = grid.place[c];
                    region[r][c] == usize::MAX
                });
                if house.len() == n && !used.contains(house) && free {
                    for &c in house {
                        let (r, c) = grid.place[c];
                        region[r][c] = tiles.len();
                    }
                    tiles.push(house);
                }
            }
            if tiles.len() == n {
                used.extend(tiles);
                regions = Some(region);
            } else {
                what.push(
                    "a grid whose houses do not tile it into regions (f-puzzles gives every cell a region)"
                        .into(),
                );
            }
        }
        // Any other house: an extra region (each once).
        let mut extra: Vec<Vec<usize>> = Vec::new();
        let mut seen = HashSet::new();
        for (house, original) in houses.iter().zip(graph.houses()) {
            if !used.contains(house) && seen.insert(house) {
                extra.push(original.cells.clone());
            }
        }
        // Edges: every one must come from a house or a move.
        let mut implied: HashSet<(usize, usize)> = HashSet::new();
        for house in graph.houses() {
            for (i, &a) in house.cells.iter().enumerate() {
                for &b in &house.cells[i + 1..] {
                    implied.insert((a.min(b), a.max(b)));
                }
            }
        }
        let g = graph.graph();
        let edges: HashSet<(usize, usize)> = (g.edge_indices())
            .filter_map(|e| g.edge_endpoints(e))
            .map(|(a, b)| (a.index().min(b.index()), a.index().max(b.index())))
            .collect();
        let moves = |steps: &[(i64, i64)]| -> Vec<(usize, usize)> {
            let mut pairs = Vec::new();
            for (cell, &(r, c)) in grid.place.iter().enumerate() {
                for &(dr, dc) in steps {
                    if let Some(other) = grid.get(r as i64 + dr, c as i64 + dc) {
                        pairs.push((cell.min(other), cell.max(other)));
                    }
                }
            }
            pairs
        };
        let knight_moves = moves(&[(1, 2), (2, 1), (1, -2), (2, -1)]);
        let king_moves = moves(&[(1, 1), (1, -1)]);
        // A move is on when all its pairs are edges and some are not from houses.
        let on = |pairs: &[(usize, usize)]| {
            !pairs.is_empty()
                && pairs.iter().all(|p| edges.contains(p))
                && pairs.iter().any(|p| !implied.contains(p))
        };
        let (knight, king) = (on(&knight_moves), on(&king_moves));
        for (flag, pairs) in [(knight, &knight_moves), (king, &king_moves)] {
            if flag {
                implied.extend(pairs.iter().copied());
            }
        }
        let mut stray: Vec<String> = (edges.iter())
            .filter(|p| !implied.contains(p))
            .map(|&(a, b)| {
                format!(
                    "{}–{}",
                    graph.cells()[a].name.as_str(),
                    graph.cells()[b].name.as_str()
                )
            })
            .collect();
        stray.sort();
        if !stray.is_empty() {
            what.push(format!(
                "edges that no house, knight's or king's move explains ({})",
                few(&stray)
            ));
        }
        Fields {
            regions,
            diagonal_down,
            diagonal_up,
            disjoint,
            extra,
            knight,
            king,
        }
    }
}

/// The rules as f-puzzles fields, in the order the fields first appear; what
/// cannot be written goes to `what`.
fn rules(graph: &ConstraintGraph, grid: &Grid, what: &mut Vec<String>) -> Vec<(String, Value)> {
    let mut fields: Vec<(String, Vec<Value>)> = Vec::new();
    let mut flags: Vec<&str> = Vec::new();
    let mut push = |key: &str, value: Value| match fields.iter_mut().find(|(k, _)| k == key) {
        Some((_, list)) => list.push(value),
        None => fields.push((key.to_string(), vec![value])),
    };
    let names = |cells: &[usize]| cells.iter().map(|&c| grid.f(c)).collect::<Vec<_>>();
    let shown = |rule: &Rule, cells: &[usize]| {
        let names: Vec<String> = (cells.iter())
            .map(|&c| graph.cells()[c].name.clone())
            .collect();
        let article = match rule.name().starts_with(['a', 'e', 'i', 'o', 'u']) {
            true => "an",
            false => "a",
        };
        format!("{article} {} ({})", rule.name(), few(&names))
    };
    let n = grid.n as i64;
    for rule in graph.rules() {
        // Every rule is written here or refused (a rule f-puzzles has no
        // field for falls to the last arm).
        match rule {
            Rule::Killer { cells, total } => {
                let mut cage = json!({ "cells": names(cells) });
                if let Some(total) = total {
                    cage["value"] = json!(total.to_string());
                }
                push("killercage", cage);
            }
            Rule::Cage { cells, .. } => what.push(format!(
                "{}: f-puzzles cages do not let digits repeat",
                shown(rule, cells)
            )),
            Rule::Arrow { circle, line } => {
                // The importer reads a pill in reading order: only that order
                // comes back.
                let mut sorted = circle.clone();
                sorted.sort_by_key(|&c| grid.place[c]);
                if sorted != *circle {
                    what.push(format!(
                        "{}: a pill whose digits are not in reading order",
                        shown(rule, circle)
                    ));
                    continue;
                }
                let (lr, lc) = grid.place[line[0]];
                let touches = |&&c: &&usize| {
                    let (r, k) = grid.place[c];
                    r.abs_diff(lr) <= 1 && k.abs_diff(lc) <= 1
                };
                let start = circle.iter().find(touches).unwrap_or(&circle[0]);
                let mut path = vec![grid.f(*start)];
                path.extend(names(line));
                push("arrow", json!({ "cells": names(circle), "lines": [path] }));
            }
            Rule::Sum {
                cells,
                weights,
                total,
            } => match little_killer(grid, cells, weights) {
                Some((clue, direction)) => push(
                    "littlekillersum",
                    json!({ "cell": clue, "direction": direction, "value": total.to_string() }),
                ),
                None => what.push(format!(
                    "{}: f-puzzles writes a sum only as a little killer (a whole diagonal from the grid's edge)",
                    shown(rule, cells)
                )),
            },
            Rule::Thermometer(cells) => push("thermometer", json!({ "lines": [names(cells)] })),
            Rule::SlowThermometer(cells) => what.push(format!(
                "{}: f-puzzles thermometers strictly increase",
                shown(rule, cells)
            )),
            Rule::Difference { cells, value } | Rule::Ratio { cells, value } => {
                let (key, default) = match rule {
                    Rule::Difference { .. } => ("difference", 1),
                    _ => ("ratio", 2),
                };
                let mut dot = json!({ "cells": names(&[cells.0, cells.1]) });
                if *value != default {
                    dot["value"] = json!(value.to_string());
                }
                push(key, dot);
            }
            Rule::Xv { cells, sum } => match sum {
                10 | 5 => push(
                    "xv",
                    json!({ "cells": names(&[cells.0, cells.1]), "value": if *sum == 10 { "X" } else { "V" } }),
                ),
                _ => what.push(format!(
                    "{}: a sum of {sum} between two cells",
                    shown(rule, &[cells.0, cells.1])
                )),
            },
            Rule::Negative(mark) => push(
                "negative",
                json!(match mark {
                    Mark::Difference => "difference",
                    Mark::Ratio => "ratio",
                    Mark::XV => "xv",
                }),
            ),
            Rule::Whispers { cells, difference } => {
                let mut line = json!({ "lines": [names(cells)] });
                if *difference != 5 {
                    line["value"] = json!(difference.to_string());
                }
                push("whispers", line);
            }
            Rule::Renban(cells) => push("renban", json!({ "lines": [names(cells)] })),
            Rule::NonConsecutive => flags.push("nonconsecutive"),
            Rule::Parity { cells, odd } => {
                for &c in cells {
                    push(
                        if *odd { "odd" } else { "even" },
                        json!({ "cell": grid.f(c) }),
                    );
                }
            }
            Rule::Relation { pairs, allowed } => {
                let values = 1..=n;
                let wanted = |keep: &dyn Fn(i64, i64) -> bool| -> Vec<(i64, i64)> {
                    (values.clone())
                        .flat_map(|a| values.clone().map(move |b| (a, b)))
                        .filter(|&(a, b)| keep(a, b))
                        .collect()
                };
                let mut allowed = allowed.clone();
                allowed.sort_unstable();
                allowed.dedup();
                if allowed == wanted(&|a, b| a == b) {
                    let (a, b): (Vec<usize>, Vec<usize>) = pairs.iter().copied().unzip();
                    push(
                        "clone",
                        json!({ "cells": names(&a), "cloneCells": names(&b) }),
                    );
                } else if let Some(centres) = extremes(grid, pairs)
                    && (allowed == wanted(&|a, b| a < b) || allowed == wanted(&|a, b| a > b))
                {
                    let key = match allowed == wanted(&|a, b| a < b) {
                        true => "minimum",
                        false => "maximum",
                    };
                    for c in centres {
                        push(key, json!({ "cell": grid.f(c) }));
                    }
                } else {
                    let cells: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
                    what.push(format!(
                        "{}: f-puzzles writes a relation only as clones (equal values) or minimum/maximum cells",
                        shown(rule, &cells)
                    ));
                }
            }
            Rule::LittleKiller {
                cells,
                towards,
                total,
            } => {
                let direction = match towards {
                    Direction::UpLeft => "UL",
                    Direction::UpRight => "UR",
                    Direction::DownLeft => "DL",
                    _ => "DR",
                };
                push(
                    "littlekillersum",
                    json!({ "cell": clue(grid, cells[0], *towards), "direction": direction, "value": total.to_string() }),
                );
            }
            Rule::Sandwich {
                cells,
                towards,
                total: value,
            }
            | Rule::XSum {
                cells,
                towards,
                total: value,
            }
            | Rule::Skyscraper {
                cells,
                towards,
                count: value,
            } => {
                let key = match rule {
                    Rule::Sandwich { .. } => "sandwichsum",
                    Rule::XSum { .. } => "xsum",
                    _ => "skyscraper",
                };
                push(
                    key,
                    json!({ "cell": clue(grid, cells[0], *towards), "value": value.to_string() }),
                );
            }
            Rule::Between(cells) => push("betweenline", json!({ "lines": [names(cells)] })),
            Rule::Palindrome(cells) => push("palindrome", json!({ "lines": [names(cells)] })),
            Rule::RegionSum { segments } => {
                let line: Vec<usize> = segments.concat();
                push("regionsumline", json!({ "lines": [names(&line)] }));
            }
            Rule::Quadruple { cells, digits } => push(
                "quadruple",
                json!({ "cells": names(cells), "values": digits }),
            ),
            Rule::Extremum { cells, minimum } => {
                for &c in cells {
                    push(
                        if *minimum { "minimum" } else { "maximum" },
                        json!({ "cell": grid.f(c) }),
                    );
                }
            }
            Rule::Clone(a, b) => push(
                "clone",
                json!({ "cells": names(a), "cloneCells": names(b) }),
            ),
            _ => what.push(format!(
                "{}: f-puzzles has no such constraint",
                shown(rule, &rule.cells())
            )),
        }
    }
    let mut out: Vec<(String, Value)> = fields
        .into_iter()
        .map(|(key, list)| (key, Value::Array(list)))
        .collect();
    for flag in flags {
        out.push((flag.to_string(), json!(true)));
    }
    out
}

/// The f-puzzles name of the square outside the grid from which a clue looks
/// `towards` its first cell `first`.
fn clue(grid: &Grid, first: usize, towards: Direction) -> String {
    let (r, c) = grid.place[first];
    let (dr, dc) = towards.step();
    format!("R{}C{}", r as i64 - dr + 1, c as i64 - dc + 1)
}

/// The clue and direction of a little killer whose sum is `cells` with
/// `weights`: all weights 1, the cells a whole diagonal from outside the grid
/// to its edge, in order.
fn little_killer(grid: &Grid, cells: &[usize], weights: &[i64]) -> Option<(String, &'static str)> {
    if weights.iter().any(|&w| w != 1) {
        return None;
    }
    let at = |i: usize| {
        let (r, c) = grid.place[cells[i]];
        (r as i64, c as i64)
    };
    let (r0, c0) = at(0);
    let (rl, cl) = at(cells.len() - 1);
    // One cell: a corner, on the diagonal that leaves the grid both ways.
    let steps = match cells.len() {
        1 => vec![(-1, -1), (-1, 1), (1, -1), (1, 1)],
        _ => {
            let (r1, c1) = at(1);
            vec![(r1 - r0, c1 - c0)]
        }
    };
    let (dr, dc) = steps.into_iter().find(|&(dr, dc)| {
        let diagonal = dr.abs() == 1
            && dc.abs() == 1
            && (0..cells.len()).all(|i| at(i) == (r0 + dr * i as i64, c0 + dc * i as i64));
        let whole = grid.get(r0 - dr, c0 - dc).is_none() && grid.get(rl + dr, cl + dc).is_none();
        diagonal && whole
    })?;
    let direction = match (dr, dc) {
        (-1, -1) => "UL",
        (-1, 1) => "UR",
        (1, -1) => "DL",
        _ => "DR",
    };
    Some((format!("R{}C{}", r0 - dr + 1, c0 - dc + 1), direction))
}

/// The cells whose pairs these are, when `pairs` is exactly each such cell with
/// each of its orthogonal neighbours (above, below, left, right), cell by cell,
/// as an f-puzzles minimum or maximum reads.
fn extremes(grid: &Grid, pairs: &[(usize, usize)]) -> Option<Vec<usize>> {
    let mut centres = Vec::new();
    let mut expected = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let centre = pairs[i].0;
        let (r, c) = grid.place[centre];
        let (r, c) = (r as i64, c as i64);
        for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if let Some(other) = grid.get(nr, nc) {
                expected.push((centre, other));
            }
        }
        centres.push(centre);
        if expected.len() == i
            || expected.len() > pairs.len()
            || expected[..] != pairs[..expected.len()]
        {
            return None;
        }
        i = expected.len();
    }
    let unique: HashSet<usize> = centres.iter().copied().collect();
    (unique.len() == centres.len() && !centres.is_empty()).then_some(centres)
}
