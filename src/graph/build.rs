//! Building the constraint graph of a variant: cells from its shape, houses and
//! edges from its rules, allowed lists, and the checks that make errors point at
//! the offending item.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::OnceLock;

use petgraph::graph::UnGraph;

use super::{Cell, ConstraintGraph, Coord, House, HouseKind, Layout, symmetry};
use crate::location::Needle;
use crate::symbols::{Alphabet, Token};
use crate::variant::{
    AllowedSpec, CellsSpec, EdgeSpec, HouseSpec, LoadedVariant, Part, SymbolsSpec, VariantError,
};

impl ConstraintGraph {
    /// Builds the graph of a parsed variant, checking that it is consistent.
    ///
    /// The variant it extends is checked first, on its own, so that its mistakes
    /// are reported in its own file; the variants it places are built likewise.
    ///
    /// # Errors
    /// [`VariantError::Invalid`] naming the offending item, and pointing at it in
    /// the file when it can be found: an unknown cell name, a cell twice in a house,
    /// a house with more cells than symbols, a region map or mask of the wrong size,
    /// a region without one cell per symbol, a part outside the canvas, a rule that
    /// does not fit the shape, an allowed list with unknown symbols or none left.
    pub fn build(variant: &LoadedVariant) -> Result<Self, VariantError> {
        Self::build_within(variant, &Capacity::LIBRARY)
    }

    /// Builds the graph of a parsed variant as [`ConstraintGraph::build`] does,
    /// refusing one larger than `capacity`: each bound is checked before anything
    /// of its size is allocated, so a refusal is quick and costs no memory.
    ///
    /// # Errors
    /// As [`ConstraintGraph::build`], and [`VariantError::Invalid`] naming the
    /// bound (cells, edges or symbols) that the variant exceeds.
    ///
    /// # Example
    /// ```
    /// use graphdoku::ConstraintGraph;
    /// use graphdoku::graph::Capacity;
    /// let latin = graphdoku::variant::parse("Latin(size: 255)", "big").unwrap();
    /// let small = Capacity { cells: 4096, ..Capacity::LIBRARY };
    /// let e = ConstraintGraph::build_within(&latin, &small).unwrap_err();
    /// assert!(e.to_string().contains("more than 4096 cells"), "{e}");
    /// ```
    pub fn build_within(
        variant: &LoadedVariant,
        capacity: &Capacity,
    ) -> Result<Self, VariantError> {
        Self::shape_within(variant, capacity)?.with_declared_symmetries(variant)
    }

    /// The graph of `variant` without its declared symmetries: what a base
    /// (built to be checked) and a part (built to be placed) need, neither
    /// of which passes its symmetries on.
    fn shape_within(variant: &LoadedVariant, capacity: &Capacity) -> Result<Self, VariantError> {
        if let Some(base) = &variant.base {
            Self::shape_within(base, capacity)?;
        }
        let spec = &variant.spec;
        let fail = |fault: Fault| fault.error(variant);
        let alphabet = alphabet_within(&variant.spec.symbols, capacity).map_err(fail)?;
        let parts = Self::parts_within(variant, capacity)?;
        let covered =
            covered_by_parts(&spec.cells, &parts, &alphabet, capacity.cells).map_err(fail)?;
        let (cells, layout) = make_cells(&spec.cells, covered, capacity.cells)
            .map_err(|f| fail(f.or_at(Needle::Word("cells"))))?;
        let shape = Shape::new(&cells, layout);
        let mut houses = Vec::new();
        for rule in &spec.houses {
            let made = (shape.houses(rule, alphabet.len()))
                .map_err(|f| fail(f.or_at(house_needle(rule))))?;
            houses.extend(made);
        }
        let mut allowed = vec![None; cells.len()];
        let mut pairs = place_parts(
            &parts,
            &shape,
            &cells,
            (&mut houses, &mut allowed),
            capacity,
        )
        .map_err(fail)?;
        let layout = match (layout, spec.houses.iter().find_map(box_size)) {
            (Layout::Grid { rows, cols, .. }, Some(boxes)) => Layout::Grid {
                rows,
                cols,
                boxes: Some(boxes),
            },
            (Layout::Grid { rows, cols, .. }, None) => Layout::Grid {
                rows,
                cols,
                boxes: parts_boxes(&parts),
            },
            (other, _) => other,
        };
        // Overlapping parts share boxes: one house per set of cells.
        let mut seen = HashSet::new();
        houses.retain(|h| {
            let mut key = h.cells.clone();
            key.sort_unstable();
            seen.insert(key)
        });
        add_edges(&mut pairs, &houses, (&spec.edges, &shape, &cells), capacity).map_err(fail)?;
        sort_edges(&mut pairs, cells.len());
        for rule in &spec.allowed {
            for (cell, colours) in shape
                .allowed(rule, &alphabet)
                .map_err(|f| fail(f.or_at(Needle::Word("allowed"))))?
            {
                restrict(&mut allowed, &cells, cell, &colours)
                    .map_err(|f| fail(f.or_at(Needle::Word("allowed"))))?;
            }
        }
        let values = symbol_values(spec, alphabet.len()).map_err(fail)?;
        let mut rules = Vec::new();
        for (part, graph) in &parts {
            let to_canvas = |cell: usize| shape.placed(part, &graph.cells[cell]);
            rules.extend(graph.rules.iter().map(|r| r.map_cells(to_canvas)));
        }
        let mut graph = UnGraph::with_capacity(cells.len(), pairs.len());
        for _ in &cells {
            graph.add_node(());
        }
        graph.extend_with_edges(pairs.iter().map(|&pair| ((pair >> 32) as u32, pair as u32)));
        let graph = ConstraintGraph {
            name: spec.name.clone(),
            origin: variant.origin.clone(),
            alphabet,
            allowed,
            cells,
            houses,
            layout,
            graph,
            edges_beyond_houses: !spec.edges.is_empty()
                || parts.iter().any(|(_, part)| part.edges_beyond_houses),
            flat: OnceLock::new(),
            values,
            rules,
            symmetries: Vec::new(),
            group: OnceLock::new(),
        };
        // Counted before any is resolved: a pasted variant of 234 KiB holds
        // 15,000 rules.
        if let Some(why) = super::cost::rules_over(graph.rules.len() + spec.rules.len(), capacity) {
            return Err(fail(Fault::new(why, Needle::Word("rules"))));
        }
        let graph = graph.with_rules(&spec.rules).map_err(|f| {
            let at = match f.cell {
                Some(cell) => Needle::Quoted(cell),
                None => Needle::Word(f.word),
            };
            fail(Fault::new(f.message, at))
        })?;
        match graph.rules_over(capacity) {
            Some(why) => Err(fail(Fault::new(why, Needle::Word("rules")))),
            None => Ok(graph),
        }
    }

    /// The graphs of the variants `variant` places as parts, each built on its
    /// own and within `capacity`, and together within its cells.
    fn parts_within<'v>(
        variant: &'v LoadedVariant,
        capacity: &Capacity,
    ) -> Result<Vec<(&'v Part, ConstraintGraph)>, VariantError> {
        let mut parts = Vec::new();
        let mut in_parts = 0;
        for part in &variant.spec.parts {
            let graph = Self::shape_within(&part.variant, capacity)?;
            // Each part is within the capacity; together they must be too.
            in_parts += graph.len();
            if in_parts > capacity.cells {
                let message = format!(
                    "the parts have more than {} cells (counted once per part)",
                    capacity.cells
                );
                return Err(Fault::from(message)
                    .or_at(Needle::Word("parts"))
                    .error(variant));
            }
            parts.push((part, graph));
        }
        Ok(parts)
    }

    /// This graph with the symmetries `variant` declares, each checked to be
    /// an automorphism.
    fn with_declared_symmetries(mut self, variant: &LoadedVariant) -> Result<Self, VariantError> {
        let declared = &variant.spec.symmetries;
        if declared.is_empty() {
            return Ok(self);
        }
        let coords = symmetry::coords(&self);
        for (i, spec) in declared.iter().enumerate() {
            let to = symmetry::resolve(&self, &coords, spec)
                .and_then(|to| symmetry::check(&self, &to).map(|()| to))
                .map_err(|why| {
                    let message = format!("symmetry {} ({spec:?}): {why}", i + 1);
                    Fault::new(message, Needle::Word("symmetries")).error(variant)
                })?;
            self.symmetries.push(to);
        }
        Ok(self)
    }

    /// This graph with `specs` added to its rules (a puzzle file adds rules to
    /// its variant as a designer adds cages to a plain 9×9).
    ///
    /// # Errors
    /// The first rule that cannot be used: an unknown cell, a line of cells
    /// that do not touch, a total out of reach, symbols without values.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, rules::RuleSpec};
    /// let g = ConstraintGraph::load("sudoku4").unwrap();
    /// let cage = RuleSpec::Killer { cells: vec!["r1c1".into(), "r1c2".into()], total: Some(3) };
    /// assert_eq!(g.clone().with_rules(&[cage]).unwrap().rules().len(), 1);
    /// let far = RuleSpec::Killer { cells: vec!["r1c1".into(), "r1c2".into()], total: Some(9) };
    /// assert!(g.with_rules(&[far]).is_err());
    /// ```
    pub fn with_rules(
        mut self,
        specs: &[crate::rules::RuleSpec],
    ) -> Result<Self, crate::rules::RuleFault> {
        if specs.is_empty() {
            return Ok(self);
        }
        let by_name: HashMap<&str, usize> = (self.cells.iter().enumerate())
            .map(|(i, c)| (c.name.as_str(), i))
            .collect();
        let index = |name: &str| by_name.get(name).copied();
        let cx = crate::rules::Context {
            cells: &self.cells,
            values: self.values.as_deref(),
            index: &index,
            houses: &self.houses,
        };
        let mut rules = Vec::new();
        for spec in specs {
            rules.push(spec.resolve(&cx)?);
        }
        drop(by_name);
        self.rules.extend(rules);
        // The symmetries that the new rules break are no longer the graph's.
        let symmetries = std::mem::take(&mut self.symmetries);
        if !symmetries.is_empty() {
            self.symmetries = symmetries
                .into_iter()
                .filter(|to| symmetry::check(&self, to).is_ok())
                .collect();
        }
        self.group = OnceLock::new();
        Ok(self)
    }
}

/// The numeric value of each symbol: given with `values`, or the symbols' own.
fn symbol_values(spec: &crate::variant::VariantSpec, k: usize) -> Result<Option<Vec<i64>>, Fault> {
    match &spec.values {
        Some(values) if values.len() != k => Err(Fault::new(
            format!("{} values for {k} symbols", values.len()),
            Needle::Word("values"),
        )),
        Some(values) => Ok(Some(values.clone())),
        None => Ok(spec.symbols.values()),
    }
}

/// A build error, and what to point at in the file when the caller knows better
/// than the place that found it.
struct Fault {
    message: String,
    at: Option<Needle>,
    /// More problems of the same item, found in the same pass, each with its place.
    also: Vec<Fault>,
}

impl From<String> for Fault {
    fn from(message: String) -> Self {
        Fault {
            message,
            at: None,
            also: Vec::new(),
        }
    }
}

impl Fault {
    fn new(message: String, at: Needle) -> Self {
        Fault {
            message,
            at: Some(at),
            also: Vec::new(),
        }
    }

    /// The first of `faults` carrying the others, or `None` when there are none.
    fn all(mut faults: Vec<Fault>) -> Option<Fault> {
        if faults.is_empty() {
            return None;
        }
        let mut first = faults.remove(0);
        first.also.extend(faults);
        Some(first)
    }

    /// The error in `variant`'s file, every further problem on lines of its own
    /// (each with its place and the offending line).
    fn error(self, variant: &LoadedVariant) -> VariantError {
        let mut error = variant.invalid(self.at, self.message);
        if let VariantError::Invalid { snippet, .. } = &mut error {
            for more in self.also {
                snippet.push_str(&format!("\nerror: {}", more.error(variant)));
            }
        }
        error
    }

    /// Points at `needle` unless it already points somewhere more precise.
    fn or_at(mut self, needle: Needle) -> Self {
        self.at.get_or_insert(needle);
        self
    }
}

/// An edge as one integer, lower cell in the high half: sorting these sorts the
/// edges, and sorts fast.
fn ordered(a: usize, b: usize) -> u64 {
    ((a.min(b) as u64) << 32) | a.max(b) as u64
}

/// Sorts edges made by [`ordered`] on a graph of `cells` cells and drops
/// repeats. Two stable counting passes, by the higher cell and then by the
/// lower one, take linear time: a comparison sort of the 173k edges of a 49×49
/// board was a third of compiling it.
fn sort_edges(pairs: &mut Vec<u64>, cells: usize) {
    let mut sorted = vec![0; pairs.len()];
    for shift in [0, 32] {
        let key = |pair: u64| (pair >> shift) as u32 as usize;
        let mut start = vec![0; cells + 1];
        for &pair in pairs.iter() {
            start[key(pair) + 1] += 1;
        }
        for i in 1..=cells {
            start[i] += start[i - 1];
        }
        for &pair in pairs.iter() {
            sorted[start[key(pair)]] = pair;
            start[key(pair)] += 1;
        }
        std::mem::swap(pairs, &mut sorted);
    }
    pairs.dedup();
}

/// The alphabet of `symbols`, within `capacity`.
fn alphabet_within(symbols: &SymbolsSpec, capacity: &Capacity) -> Result<Alphabet, Fault> {
    let at = Needle::Word("symbols");
    let alphabet =
        (symbols.expand().and_then(Alphabet::new)).map_err(|m| Fault::from(m).or_at(at.clone()))?;
    if alphabet.len() > capacity.symbols {
        let message = format!(
            "{} symbols is more than the limit of {}",
            alphabet.len(),
            capacity.symbols
        );
        return Err(Fault::from(message).or_at(at));
    }
    Ok(alphabet)
}

/// The parts' houses (named after their part), edges and allowed lists,
/// moved onto the canvas of `shape`: the houses and allowed lists added to
/// `houses` and `allowed`, the edges returned as packed pairs.
fn place_parts(
    parts: &[(&Part, ConstraintGraph)],
    shape: &Shape,
    cells: &[Cell],
    (houses, allowed): (&mut Vec<House>, &mut [Option<Vec<u8>>]),
    capacity: &Capacity,
) -> Result<Vec<u64>, Fault> {
    // Collected with repeats, then sorted and deduplicated once (much faster
    // than a set on big boards, where compiling dominated solving).
    let mut pairs = Vec::new();
    for (part, graph) in parts {
        let to_canvas = |cell: usize| shape.placed(part, &graph.cells[cell]);
        houses.extend(graph.houses.iter().map(|h| House {
            name: format!("{} of {}", h.name, part.name),
            kind: h.kind,
            cells: h.cells.iter().map(|&c| to_canvas(c)).collect(),
        }));
        for edge in graph.graph.edge_indices() {
            let (a, b) = (graph.graph.edge_endpoints(edge)).expect("an edge of the graph");
            pairs.push(ordered(to_canvas(a.index()), to_canvas(b.index())));
        }
        edge_count(pairs.len(), 0, capacity.edges).map_err(|f| f.or_at(Needle::Word("parts")))?;
        for (cell, colours) in graph.allowed.iter().enumerate() {
            if let Some(colours) = colours {
                restrict(allowed, cells, to_canvas(cell), colours)?;
            }
        }
    }
    Ok(pairs)
}

/// Adds to `pairs` the edges of every house and of the variant's edge rules,
/// each count checked against `capacity` before the edges are made: a
/// million cells in houses of a hundred make more edges than memory holds.
fn add_edges(
    pairs: &mut Vec<u64>,
    houses: &[House],
    (rules, shape, cells): (&[EdgeSpec], &Shape, &[Cell]),
    capacity: &Capacity,
) -> Result<(), Fault> {
    let in_houses = houses.iter().map(|h| {
        let n = h.cells.len() as u64;
        n * n.saturating_sub(1) / 2
    });
    let in_houses = in_houses.sum();
    edge_count(pairs.len(), in_houses, capacity.edges)
        .map_err(|f| f.or_at(Needle::Word("houses")))?;
    pairs.reserve(in_houses as usize);
    for house in houses {
        for (i, &a) in house.cells.iter().enumerate() {
            for &b in &house.cells[i + 1..] {
                pairs.push(ordered(a, b));
            }
        }
    }
    for rule in rules {
        for (a, b) in shape.edges(rule).map_err(|f| f.or_at(edge_needle(rule)))? {
            if a == b {
                let message = format!("edge from {} to itself", cells[a].name);
                return Err(Fault::from(message).or_at(edge_needle(rule)));
            }
            pairs.push(ordered(a, b));
        }
        edge_count(pairs.len(), 0, capacity.edges).map_err(|f| f.or_at(edge_needle(rule)))?;
    }
    Ok(())
}

fn box_size(house: &HouseSpec) -> Option<(usize, usize)> {
    match house {
        HouseSpec::Boxes { rows, cols } => Some((*rows, *cols)),
        _ => None,
    }
}

/// The boxes to draw on a canvas of parts: the first part's, if every part's
/// offset keeps them aligned.
fn parts_boxes(parts: &[(&Part, ConstraintGraph)]) -> Option<(usize, usize)> {
    let Layout::Grid {
        boxes: Some((h, w)),
        ..
    } = parts.first()?.1.layout
    else {
        return None;
    };
    parts
        .iter()
        .all(|(part, _)| part.offset.0 % h == 0 && part.offset.1 % w == 0)
        .then_some((h, w))
}

/// Where a house rule is written, for messages.
fn house_needle(rule: &HouseSpec) -> Needle {
    match rule {
        HouseSpec::Rows => Needle::Word("Rows"),
        HouseSpec::Columns => Needle::Word("Columns"),
        HouseSpec::Boxes { .. } => Needle::Word("Boxes"),
        HouseSpec::Regions(_) => Needle::Word("Regions"),
        HouseSpec::Diagonals => Needle::Word("Diagonals"),
        HouseSpec::Rings => Needle::Word("Rings"),
        HouseSpec::Sectors => Needle::Word("Sectors"),
        HouseSpec::SectorGroups { .. } => Needle::Word("SectorGroups"),
        HouseSpec::House { name, .. } => Needle::Quoted(name.clone()),
    }
}

/// Where an edge rule is written, for messages.
fn edge_needle(rule: &EdgeSpec) -> Needle {
    Needle::Word(match rule {
        EdgeSpec::Pairs(_) => "Pairs",
        EdgeSpec::Knight => "Knight",
        EdgeSpec::King => "King",
        EdgeSpec::Moves(_) => "Moves",
    })
}

fn check_house(house: &House, cells: &[Cell], symbols: usize) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    for &c in &house.cells {
        if !seen.insert(c) {
            return Err(format!(
                "{}: cell {} is listed twice",
                house.name, cells[c].name
            ));
        }
    }
    if house.cells.len() > symbols {
        return Err(format!(
            "{} has {} cells but there are only {symbols} symbols: it cannot be filled",
            house.name,
            house.cells.len()
        ));
    }
    Ok(())
}

/// Narrows the colours `cell` may take to `colours`.
fn restrict(
    allowed: &mut [Option<Vec<u8>>],
    cells: &[Cell],
    cell: usize,
    colours: &[u8],
) -> Result<(), Fault> {
    let narrowed: Vec<u8> = match &allowed[cell] {
        Some(before) => before
            .iter()
            .copied()
            .filter(|c| colours.contains(c))
            .collect(),
        None => colours.to_vec(),
    };
    if narrowed.is_empty() {
        return Err(Fault::from(format!(
            "{} may hold no symbol: its allowed lists have none in common",
            cells[cell].name
        )));
    }
    allowed[cell] = Some(narrowed);
    Ok(())
}

/// With parts, which positions of the canvas hold a cell (those some part covers);
/// `None` without parts.
fn covered_by_parts(
    canvas: &CellsSpec,
    parts: &[(&Part, ConstraintGraph)],
    alphabet: &Alphabet,
    max_cells: usize,
) -> Result<Option<Vec<Vec<bool>>>, Fault> {
    if parts.is_empty() {
        return Ok(None);
    }
    let at = || Needle::Word("parts");
    let (rows, cols) = match canvas {
        CellsSpec::Grid {
            rows,
            cols,
            mask: None,
        } => (*rows, *cols),
        CellsSpec::Grid { .. } => {
            return Err(Fault::new(
                "a grid with parts has the cells of its parts: drop the mask".into(),
                Needle::Word("mask"),
            ));
        }
        _ => {
            return Err(Fault::new(
                "parts are placed on a Grid canvas: `cells: Grid(rows: …, cols: …)`".into(),
                at(),
            ));
        }
    };
    // The canvas is allocated below: its size is checked first.
    grid_size(rows, cols, max_cells)?;
    let mut covered = vec![vec![false; cols]; rows];
    for (part, graph) in parts {
        let what = format!("part {:?} ({})", part.name, graph.origin);
        if graph.alphabet.symbols() != alphabet.symbols() {
            return Err(Fault::new(
                format!(
                    "{what} has the symbols {}, this variant {}",
                    graph.alphabet.symbols().join(" "),
                    alphabet.symbols().join(" ")
                ),
                at(),
            ));
        }
        let (dr, dc) = part.offset;
        for cell in &graph.cells {
            let Coord::Grid { row, col } = cell.coord else {
                return Err(Fault::new(format!("{what} is not a grid"), at()));
            };
            let (r, c) = (row.saturating_add(dr), col.saturating_add(dc));
            if r >= rows || c >= cols {
                return Err(Fault::new(
                    format!(
                        "{what} at offset ({dr}, {dc}) falls outside the {rows}×{cols} canvas: its {} would be r{}c{}",
                        cell.name,
                        r.saturating_add(1),
                        c.saturating_add(1)
                    ),
                    at(),
                ));
            }
            covered[r][c] = true;
        }
    }
    Ok(Some(covered))
}

/// More cells than this is surely a typo (a 128×128 board has 16,384).
const MAX_CELLS: usize = 1 << 20;

/// More edges than this (counted with repeats, before those of several houses
/// or rules are merged) is far beyond any puzzle: a 128×128 board has about
/// three million.
const MAX_EDGES: u64 = 1 << 24;

/// More cells watched by rules than this (with repeats) is far beyond any
/// puzzle: see [`Capacity::LIBRARY`].
const MAX_RULE_CELLS: u64 = 1 << 22;

/// How large a graph [`ConstraintGraph::build_within`] agrees to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capacity {
    /// Most cells: a grid's rows × columns (a canvas's too), a list's length,
    /// the cells of all parts together.
    pub cells: usize,
    /// Most edges, counted with repeats before those of several houses or rules
    /// are merged.
    pub edges: u64,
    /// Most symbols.
    pub symbols: usize,
    /// Most rules, the variant's own and those added to it, counted before
    /// any is resolved.
    pub rules: usize,
    /// Most cells watched by the rules' propagators, counted with repeats
    /// (see [`ConstraintGraph::rule_work`]): the solver's work per node and
    /// its memory for the rules grow with it.
    pub rule_cells: u64,
}

impl Capacity {
    /// The library's own bounds, far beyond any puzzle: 2^20 cells, 2^24 edges,
    /// [`MAX_SYMBOLS`](crate::symbols::MAX_SYMBOLS) symbols, any number of
    /// rules watching 2^22 cells (a 64×64 with non-consecutive watches 16,128;
    /// 15,000 copies of it, 242 million, would take the solver 8 GB to build).
    pub const LIBRARY: Capacity = Capacity {
        cells: MAX_CELLS,
        edges: MAX_EDGES,
        symbols: crate::symbols::MAX_SYMBOLS,
        rules: usize::MAX,
        rule_cells: MAX_RULE_CELLS,
    };
}

/// Checks that `made` edges and `more` to come stay within `max`.
fn edge_count(made: usize, more: u64, max: u64) -> Result<(), Fault> {
    let total = made as u64 + more;
    if total > max {
        return Err(format!(
            "{total} edges (and counting) is more than {max}: too large a graph to solve"
        )
        .into());
    }
    Ok(())
}

/// Checks a grid's size before anything of that size is allocated.
fn grid_size(rows: usize, cols: usize, max_cells: usize) -> Result<(), Fault> {
    if rows == 0 || cols == 0 {
        return Err(format!("a grid of {rows}×{cols} has no cells").into());
    }
    if rows.checked_mul(cols).is_none_or(|n| n > max_cells) {
        return Err(format!("a grid of {rows}×{cols} has more than {max_cells} cells").into());
    }
    Ok(())
}

/// The cells a spec describes, and their layout; `covered` overrides a grid's cells.
fn make_cells(
    spec: &CellsSpec,
    covered: Option<Vec<Vec<bool>>>,
    max_cells: usize,
) -> Result<(Vec<Cell>, Layout), Fault> {
    match spec {
        CellsSpec::Grid { rows, cols, mask } => {
            let (rows, cols) = (*rows, *cols);
            grid_size(rows, cols, max_cells)?;
            let present = match (covered, mask) {
                (Some(covered), _) => covered,
                (None, None) => vec![vec![true; cols]; rows],
                (None, Some(mask)) => parse_mask(mask, rows, cols)?,
            };
            let cells = (0..rows)
                .flat_map(|row| (0..cols).map(move |col| (row, col)))
                .filter(|&(row, col)| present[row][col])
                .map(|(row, col)| Cell {
                    name: format!("r{}c{}", row + 1, col + 1),
                    coord: Coord::Grid { row, col },
                })
                .collect::<Vec<_>>();
            if cells.is_empty() {
                return Err("the mask has no cells".to_string().into());
            }
            Ok((
                cells,
                Layout::Grid {
                    rows,
                    cols,
                    boxes: None,
                },
            ))
        }
        CellsSpec::Polar { sectors, rings } => {
            let (sectors, rings) = (*sectors, *rings);
            if sectors.checked_mul(rings).is_none_or(|n| n > max_cells) {
                return Err(format!(
                    "a polar shape of {sectors}×{rings} has more than {max_cells} cells"
                )
                .into());
            }
            if sectors == 0 || rings == 0 {
                return Err(format!(
                    "a polar shape of {sectors} sectors × {rings} rings has no cells"
                )
                .into());
            }
            let cells = (0..sectors)
                .flat_map(|sector| (0..rings).map(move |ring| (sector, ring)))
                .map(|(sector, ring)| Cell {
                    name: format!("s{}r{}", sector + 1, ring + 1),
                    coord: Coord::Polar { sector, ring },
                })
                .collect();
            Ok((cells, Layout::Polar { sectors, rings }))
        }
        CellsSpec::List(list) => {
            if list.len() > max_cells {
                let message = format!("{} cells is more than {max_cells}", list.len());
                return Err(message.into());
            }
            let mut names = BTreeSet::new();
            for cell in list {
                let at = Needle::Quoted(cell.name.clone());
                if cell.name.is_empty() || cell.name.chars().any(char::is_whitespace) {
                    let message = format!("cell name {:?} is empty or has spaces", cell.name);
                    return Err(Fault::new(message, at));
                }
                if !names.insert(cell.name.as_str()) {
                    return Err(Fault::new(
                        format!("cell {} is listed twice", cell.name),
                        at,
                    ));
                }
            }
            if list.is_empty() {
                return Err("the cell list is empty".to_string().into());
            }
            let cells = list
                .iter()
                .map(|c| Cell {
                    name: c.name.clone(),
                    coord: Coord::Free { x: c.x, y: c.y },
                })
                .collect();
            Ok((cells, Layout::Free))
        }
    }
}

/// The rows of a letter map over a `rows`×`cols` grid, one `Vec<char>` each;
/// `what` names the map in messages.
fn map_rows(map: &[String], rows: usize, cols: usize, what: &str) -> Result<Vec<Vec<char>>, Fault> {
    if map.len() != rows {
        return Err(format!("{what} has {} rows, the grid {rows}", map.len()).into());
    }
    // Every row of the wrong width is reported, not just the first.
    let mut faults = Vec::new();
    let rows = map
        .iter()
        .enumerate()
        .map(|(r, line)| {
            let letters: Vec<char> = line.chars().collect();
            if letters.len() != cols {
                let message = format!(
                    "{what} row {} has {} columns, the grid {cols}",
                    r + 1,
                    letters.len()
                );
                faults.push(Fault::new(message, Needle::Quoted(line.clone())));
            }
            letters
        })
        .collect();
    match Fault::all(faults) {
        Some(fault) => Err(fault),
        None => Ok(rows),
    }
}

fn parse_mask(mask: &[String], rows: usize, cols: usize) -> Result<Vec<Vec<bool>>, Fault> {
    let letters = map_rows(mask, rows, cols, "mask")?;
    letters
        .iter()
        .zip(mask)
        .enumerate()
        .map(|(r, (row, line))| {
            row.iter()
                .map(|&ch| match ch {
                    '#' => Ok(true),
                    '.' => Ok(false),
                    other => Err(Fault::new(
                        format!(
                            "mask row {}: {other:?} is neither '#' (cell) nor '.' (no cell)",
                            r + 1
                        ),
                        Needle::Quoted(line.clone()),
                    )),
                })
                .collect()
        })
        .collect()
}

/// Index of the cells by name and position, to turn house and edge rules into cell lists.
struct Shape<'a> {
    layout: Layout,
    cells: &'a [Cell],
    by_name: HashMap<&'a str, usize>,
    by_grid: HashMap<(usize, usize), usize>,
    by_polar: HashMap<(usize, usize), usize>,
}

impl<'a> Shape<'a> {
    fn new(cells: &'a [Cell], layout: Layout) -> Self {
        let mut shape = Shape {
            layout,
            cells,
            by_name: HashMap::new(),
            by_grid: HashMap::new(),
            by_polar: HashMap::new(),
        };
        for (i, cell) in cells.iter().enumerate() {
            shape.by_name.insert(&cell.name, i);
            match cell.coord {
                Coord::Grid { row, col } => {
                    shape.by_grid.insert((row, col), i);
                }
                Coord::Polar { sector, ring } => {
                    shape.by_polar.insert((sector, ring), i);
                }
                Coord::Free { .. } => {}
            }
        }
        shape
    }

    fn named(&self, name: &str) -> Result<usize, Fault> {
        self.by_name.get(name).copied().ok_or_else(|| {
            Fault::new(
                format!("unknown cell name {name:?}"),
                Needle::Quoted(name.to_string()),
            )
        })
    }

    /// The cell that `cell` of a placed part lands on (parts are checked to fit).
    fn placed(&self, part: &Part, cell: &Cell) -> usize {
        let Coord::Grid { row, col } = cell.coord else {
            unreachable!("parts are checked to be grids")
        };
        self.by_grid[&(row + part.offset.0, col + part.offset.1)]
    }

    fn grid(&self, rule: &str) -> Result<(usize, usize), Fault> {
        match self.layout {
            Layout::Grid { rows, cols, .. } => Ok((rows, cols)),
            _ => Err(format!("{rule} needs a Grid shape").into()),
        }
    }

    fn polar(&self, rule: &str) -> Result<(usize, usize), Fault> {
        match self.layout {
            Layout::Polar { sectors, rings } => Ok((sectors, rings)),
            _ => Err(format!("{rule} needs a Polar shape").into()),
        }
    }

    /// One house per group of grid positions, keeping the cells that exist.
    fn grid_houses(
        &self,
        kind: HouseKind,
        groups: impl Iterator<Item = (String, Vec<(usize, usize)>)>,
    ) -> Vec<House> {
        groups
            .map(|(name, positions)| House {
                name,
                kind,
                cells: positions
                    .iter()
                    .filter_map(|p| self.by_grid.get(p).copied())
                    .collect(),
            })
            .filter(|h| h.cells.len() > 1)
            .collect()
    }

    /// The cells of each letter of a map over the grid (`.` = none); `what` names
    /// the map in messages.
    fn letter_map(&self, map: &[String], what: &str) -> Result<BTreeMap<char, Vec<usize>>, Fault> {
        let (rows, cols) = self.grid(what)?;
        let letters = map_rows(map, rows, cols, what)?;
        let mut cells: BTreeMap<char, Vec<usize>> = BTreeMap::new();
        let mut faults = Vec::new();
        for (r, (row, line)) in letters.iter().zip(map).enumerate() {
            for (c, &letter) in row.iter().enumerate().filter(|(_, l)| **l != '.') {
                let Some(&cell) = self.by_grid.get(&(r, c)) else {
                    let message = format!(
                        "{what} puts {letter:?} on r{}c{}, which is not a cell",
                        r + 1,
                        c + 1
                    );
                    faults.push(Fault::new(message, Needle::Quoted(line.clone())));
                    continue;
                };
                cells.entry(letter).or_default().push(cell);
            }
        }
        match Fault::all(faults) {
            Some(fault) => Err(fault),
            None => Ok(cells),
        }
    }

    /// The houses of `spec`, checked: no cell twice, no more cells than the `k`
    /// symbols, and a region holds exactly one cell per symbol.
    fn houses(&self, spec: &HouseSpec, k: usize) -> Result<Vec<House>, Fault> {
        let houses = match spec {
            HouseSpec::Rows => {
                let (rows, cols) = self.grid("Rows")?;
                self.grid_houses(
                    HouseKind::Row,
                    (0..rows).map(|r| {
                        (
                            format!("row {}", r + 1),
                            (0..cols).map(|c| (r, c)).collect(),
                        )
                    }),
                )
            }
            HouseSpec::Columns => {
                let (rows, cols) = self.grid("Columns")?;
                self.grid_houses(
                    HouseKind::Column,
                    (0..cols).map(|c| {
                        (
                            format!("column {}", c + 1),
                            (0..rows).map(|r| (r, c)).collect(),
                        )
                    }),
                )
            }
            HouseSpec::Boxes { rows: h, cols: w } => {
                let (rows, cols) = self.grid("Boxes")?;
                if *h == 0 || *w == 0 || rows % h != 0 || cols % w != 0 {
                    return Err(format!("boxes of {h}×{w} do not tile a {rows}×{cols} grid").into());
                }
                let across = cols / w;
                self.grid_houses(
                    HouseKind::Box,
                    (0..rows / h * across).map(|b| {
                        let (top, left) = (b / across * h, b % across * w);
                        let cells = (top..top + h)
                            .flat_map(|r| (left..left + w).map(move |c| (r, c)))
                            .collect();
                        (format!("box {}", b + 1), cells)
                    }),
                )
            }
            HouseSpec::Regions(map) => {
                let mut houses = Vec::new();
                let mut faults = Vec::new();
                let regions = self.letter_map(map, "region map")?;
                // A map over every cell draws a jigsaw: each region must be full. A map
                // that leaves cells out adds extra regions, which may be partial houses.
                let tiling = regions.values().map(Vec::len).sum::<usize>() == self.cells.len();
                for (letter, cells) in regions {
                    if cells.len() > k || (tiling && cells.len() < k) {
                        let message = format!(
                            "region {letter} has {} cells, but a region holds each of the {k} symbols once",
                            cells.len()
                        );
                        // Point at the first row where the region is drawn.
                        let row = map.iter().find(|row| row.contains(letter));
                        faults.push(match row {
                            Some(row) => Fault::new(message, Needle::Quoted(row.clone())),
                            None => Fault::from(message),
                        });
                        continue;
                    }
                    houses.push(House {
                        name: format!("region {letter}"),
                        kind: HouseKind::Region,
                        cells,
                    });
                }
                if let Some(fault) = Fault::all(faults) {
                    return Err(fault);
                }
                houses
            }
            HouseSpec::Diagonals => {
                let (rows, cols) = self.grid("Diagonals")?;
                if rows != cols {
                    return Err(format!("Diagonals need a square grid, not {rows}×{cols}").into());
                }
                self.grid_houses(
                    HouseKind::Diagonal,
                    [
                        ("diagonal".to_string(), (0..rows).map(|i| (i, i)).collect()),
                        (
                            "anti-diagonal".to_string(),
                            (0..rows).map(|i| (i, rows - 1 - i)).collect(),
                        ),
                    ]
                    .into_iter(),
                )
            }
            HouseSpec::Rings => {
                let (sectors, rings) = self.polar("Rings")?;
                (0..rings)
                    .map(|ring| House {
                        name: format!("ring {}", ring + 1),
                        kind: HouseKind::Ring,
                        cells: (0..sectors).map(|s| self.by_polar[&(s, ring)]).collect(),
                    })
                    .collect()
            }
            HouseSpec::Sectors => self.sector_groups(1, 0, "Sectors", HouseKind::Sector)?,
            HouseSpec::SectorGroups { size, offset } => {
                self.sector_groups(*size, *offset, "SectorGroups", HouseKind::Wedge)?
            }
            HouseSpec::House { name, cells } => vec![House {
                name: name.clone(),
                kind: HouseKind::Listed,
                cells: cells
                    .iter()
                    .map(|n| self.named(n))
                    .collect::<Result<_, _>>()
                    .map_err(|f| Fault {
                        message: format!("house {name}: {}", f.message),
                        at: f.at,
                        also: f.also,
                    })?,
            }],
        };
        for house in &houses {
            check_house(house, self.cells, k)?;
        }
        Ok(houses)
    }

    /// Groups of `size` sectors, the first starting `offset` sectors after sector 1
    /// (offset 1 with size 2: sectors 2-3, 4-5, …, 12-1).
    fn sector_groups(
        &self,
        size: usize,
        offset: usize,
        rule: &str,
        kind: HouseKind,
    ) -> Result<Vec<House>, Fault> {
        let (sectors, rings) = self.polar(rule)?;
        if size == 0 || sectors % size != 0 {
            return Err(format!("{rule}(size: {size}) does not divide {sectors} sectors").into());
        }
        let word = if kind == HouseKind::Sector {
            "sector"
        } else {
            "wedge"
        };
        Ok((0..sectors / size)
            .map(|g| House {
                name: format!("{word} {}", g + 1),
                kind,
                cells: (g * size..(g + 1) * size)
                    .map(|s| (s + offset) % sectors)
                    .flat_map(|s| (0..rings).map(move |r| (s, r)))
                    .map(|p| self.by_polar[&p])
                    .collect(),
            })
            .collect())
    }

    fn edges(&self, spec: &EdgeSpec) -> Result<Vec<(usize, usize)>, Fault> {
        const KNIGHT: &[(isize, isize)] = &[(1, 2), (2, 1)];
        const KING: &[(isize, isize)] = &[(0, 1), (1, 0), (1, 1)];
        let (rule, steps): (&str, &[(isize, isize)]) = match spec {
            EdgeSpec::Pairs(pairs) => {
                return pairs
                    .iter()
                    .map(|(a, b)| Ok((self.named(a)?, self.named(b)?)))
                    .collect();
            }
            EdgeSpec::Knight => ("Knight", KNIGHT),
            EdgeSpec::King => ("King", KING),
            EdgeSpec::Moves(steps) => ("Moves", steps),
        };
        self.grid(rule)?;
        if steps.contains(&(0, 0)) {
            return Err(format!("{rule}: a step of (0, 0) joins a cell to itself").into());
        }
        // A step (dr, dc) joins cells (±dr, ±dc) apart: taking it forwards and
        // mirrored finds every pair once from one end or the other.
        let steps: Vec<(isize, isize)> = steps
            .iter()
            .flat_map(|&(dr, dc)| [(dr, dc), (dr, dc.saturating_neg())])
            .collect();
        let mut pairs = Vec::new();
        for (&(row, col), &a) in &self.by_grid {
            for &(dr, dc) in &steps {
                let target = (row.checked_add_signed(dr), col.checked_add_signed(dc));
                if let (Some(r), Some(c)) = target
                    && let Some(&b) = self.by_grid.get(&(r, c))
                {
                    pairs.push((a, b));
                }
            }
        }
        Ok(pairs)
    }

    /// The colours each cell named by `spec` may take.
    fn allowed(
        &self,
        spec: &AllowedSpec,
        alphabet: &Alphabet,
    ) -> Result<Vec<(usize, Vec<u8>)>, Fault> {
        let colours = |symbols: &[String]| -> Result<Vec<u8>, Fault> {
            symbols
                .iter()
                .map(|s| match alphabet.token(s) {
                    Token::Symbol(c) => Ok(c),
                    _ => Err(Fault::from(format!(
                        "allowed: {s:?} is not one of the symbols ({})",
                        alphabet.symbols().join(" ")
                    ))),
                })
                .collect()
        };
        match spec {
            AllowedSpec::Cells { cells, symbols } => {
                let colours = colours(symbols)?;
                cells
                    .iter()
                    .map(|name| Ok((self.named(name)?, colours.clone())))
                    .collect()
            }
            AllowedSpec::Map { map, symbols } => {
                let mut out = Vec::new();
                for (letter, cells) in self.letter_map(map, "allowed map")? {
                    let Some(list) = symbols.get(&letter) else {
                        return Err(format!(
                            "allowed map: letter {letter:?} is not in its `symbols`"
                        )
                        .into());
                    };
                    let colours = colours(list)?;
                    out.extend(cells.into_iter().map(|cell| (cell, colours.clone())));
                }
                Ok(out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(g: &ConstraintGraph) -> Vec<usize> {
        (0..g.len()).map(|c| g.neighbours(c).count()).collect()
    }

    #[test]
    fn standard_sudoku_is_20_regular_with_810_edges() {
        let g = ConstraintGraph::load("sudoku9").unwrap();
        assert_eq!(g.len(), 81);
        assert!(degrees(&g).iter().all(|&d| d == 20));
        assert_eq!(g.graph().edge_count(), 810);
        assert_eq!(g.houses().len(), 27);
        assert_eq!(g.cells()[10].name, "r2c2");
    }

    #[test]
    fn sixteen_by_sixteen_is_39_regular() {
        let g = ConstraintGraph::load("sudoku16").unwrap();
        assert_eq!(g.len(), 256);
        assert!(degrees(&g).iter().all(|&d| d == 39));
    }

    #[test]
    fn pie_has_72_cells_of_degree_21() {
        let g = ConstraintGraph::load("pie").unwrap();
        assert_eq!(g.len(), 72);
        assert!(degrees(&g).iter().all(|&d| d == 21));
        assert_eq!(g.graph().edge_count(), 756);
        // s1r1 shares wedge 1 with s2r*, and ring 1 with every sector's r1.
        let s1r1 = g.cell_index("s1r1").unwrap();
        let s2r1 = g.cell_index("s2r1").unwrap();
        let s3r1 = g.cell_index("s3r1").unwrap();
        let s3r2 = g.cell_index("s3r2").unwrap();
        assert!(g.adjacent(s1r1, s2r1) && g.adjacent(s1r1, s3r1));
        assert!(!g.adjacent(s1r1, s3r2));
    }

    #[test]
    fn knight_rule_adds_the_knight_moves_not_already_peers() {
        let mut v = crate::variant::load("sudoku9").unwrap();
        v.spec.edges.push(EdgeSpec::Knight);
        // The knight's moves break the 9×9's symmetries (swapping rows 1 and 2,
        // for one): declared, they would be refused.
        v.spec.symmetries.clear();
        let g = ConstraintGraph::build(&v).unwrap();
        let centre = g.cell_index("r5c5").unwrap();
        // 8 knight moves from the centre, all outside its row, column and box.
        assert_eq!(g.neighbours(centre).count(), 28);
        let corner = g.cell_index("r1c1").unwrap();
        // r2c3 is already a box-mate, r3c2 too: the knight adds nothing new there.
        assert_eq!(g.neighbours(corner).count(), 20);
    }

    fn invalid(src: &str) -> String {
        let v = crate::variant::parse(src, "t.ron").unwrap();
        ConstraintGraph::build(&v).unwrap_err().to_string()
    }

    #[test]
    fn semantic_errors_name_the_item() {
        let e = invalid(
            r#"Variant(name: "x", symbols: Chars("12"), cells: Grid(rows: 3, cols: 3), houses: [Rows])"#,
        );
        assert!(
            e.contains("row 1 has 3 cells but there are only 2 symbols"),
            "{e}"
        );
        let e = invalid(
            r#"Variant(name: "x", symbols: Chars("1234"), cells: Grid(rows: 4, cols: 4), houses: [Boxes(rows: 3, cols: 2)])"#,
        );
        assert!(e.contains("do not tile"), "{e}");
        let e = invalid(
            r#"Variant(name: "x", symbols: Chars("12"), cells: Grid(rows: 2, cols: 2), edges: [Pairs([("r1c1", "r9c9")])])"#,
        );
        assert!(e.contains("unknown cell name \"r9c9\""), "{e}");
        let e =
            invalid(r#"Variant(name: "x", symbols: Chars("1123"), cells: Grid(rows: 2, cols: 2))"#);
        assert!(e.contains("listed twice"), "{e}");
        let e = invalid(
            r#"Variant(name: "x", symbols: Chars("12"), cells: Polar(sectors: 2, rings: 2), houses: [Rows])"#,
        );
        assert!(e.contains("Rows needs a Grid shape"), "{e}");
        let e = invalid(
            r#"Variant(name: "x", symbols: Chars("123"), cells: Grid(rows: 2, cols: 2), houses: [House(name: "h", cells: ["r1c1", "r1c1"])])"#,
        );
        assert!(e.contains("h: cell r1c1 is listed twice"), "{e}");
    }

    #[test]
    fn parts_share_the_cells_they_overlap() {
        // Two 4×4 Sudokus sharing one 2×2 box on a 6×6 canvas.
        let src = r#"Variant(name: "pair", symbols: Chars("1234"), cells: Grid(rows: 6, cols: 6),
            parts: [Part(variant: "sudoku4", offset: (0, 0)), Part(name: "b", variant: "sudoku4", offset: (2, 2))])"#;
        let g = ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap();
        assert_eq!(g.len(), 16 + 16 - 4);
        assert_eq!(g.cell_index("r1c5"), None);
        // The shared box is one house, not two.
        assert_eq!(g.houses().len(), 12 + 12 - 1);
        assert!(g.houses().iter().any(|h| h.name == "row 1 of b"));
        let shared = g.cell_index("r3c3").unwrap();
        assert_eq!(g.neighbours(shared).count(), 7 + 4);
        let far = g.cell_index("r6c6").unwrap();
        assert!(!g.adjacent(g.cell_index("r1c1").unwrap(), far));
        let huge = src.replace("(2, 2)", "(18446744073709551615, 0)");
        assert!(invalid(&huge).contains("falls outside the 6×6 canvas"));
    }

    #[test]
    fn allowed_lists_intersect_and_moves_go_both_ways() {
        let src = r#"Variant(name: "x", symbols: Chars("1234"), cells: Grid(rows: 3, cols: 3),
            edges: [Moves([(1, 1)])],
            allowed: [Cells(cells: ["r2c2"], symbols: ["1", "2", "3"]),
                      Map(map: ["...", ".a.", "..."], symbols: {'a': ["3", "2"]})])"#;
        let g = ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap();
        let centre = g.cell_index("r2c2").unwrap();
        assert_eq!(g.allowed(centre), Some(&[1u8, 2][..]));
        assert_eq!(g.allowed(0), None);
        // The centre touches the four corners diagonally.
        assert_eq!(g.neighbours(centre).count(), 4);
        assert_eq!(g.graph().edge_count(), 8); // two per 2×2 square
        let e = invalid(&src.replace("Moves([(1, 1)])", "Moves([(0, 0)])"));
        assert!(e.contains("a step of (0, 0)"), "{e}");
    }

    #[test]
    fn extended_variants_report_their_own_mistakes() {
        let e =
            invalid(r#"Variant(extends: "sudoku9", houses: [House(name: "h", cells: ["r0c0"])])"#);
        assert!(
            e.starts_with("t.ron:1:63: house h: unknown cell name \"r0c0\""),
            "{e}"
        );
        let e = invalid(r#"Variant(extends: "sudoku4", symbols: Chars("123"))"#);
        assert!(
            e.contains("row 1 has 4 cells but there are only 3 symbols"),
            "{e}"
        );
        let e = invalid(
            "Variant(name: \"x\", symbols: Chars(\"1\"), cells: Grid(rows: 100000, cols: 100000))",
        );
        assert!(e.contains("more than 1048576 cells"), "{e}");
    }

    #[test]
    fn masks_and_regions() {
        let src = r####"Variant(name: "x", symbols: Chars("12"),
            cells: Grid(rows: 2, cols: 3, mask: ["###", "#.#"]),
            houses: [Regions(["AAB", "B.."])])"####;
        let g = ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap();
        assert_eq!(g.len(), 5);
        assert_eq!(g.houses().len(), 2);
        assert_eq!(g.graph().edge_count(), 2);
        let e = invalid(&src.replace("B..", "B.B"));
        // The caret is on the first row where region B is drawn.
        assert!(e.starts_with("t.ron:3:31: region B has 3 cells"), "{e}");
    }

    #[test]
    fn extra_region_maps_may_hold_partial_regions() {
        // Windoku-like extras of 3 and 2 cells on a 4×4: ordinary houses.
        let src =
            r#"Variant(extends: "sudoku4", houses: [Regions(["A...", "AA..", "....", "..BB"])])"#;
        let g = ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap();
        let extra: Vec<_> = g
            .houses()
            .iter()
            .filter(|h| h.kind == HouseKind::Region)
            .collect();
        assert_eq!(
            extra.iter().map(|h| h.cells.len()).collect::<Vec<_>>(),
            [3, 2]
        );
        assert!(g.adjacent(0, 5), "r1c1 and r2c2 share region A");
        // A jigsaw (every cell in a region) still needs full regions, and no region
        // may outgrow the symbols.
        let jigsaw = r#"Variant(name: "j", symbols: Chars("12"), cells: Grid(rows: 2, cols: 2),
            houses: [Regions(["AB", "BB"])])"#;
        assert!(invalid(jigsaw).contains("region A has 1 cells"));
        let big =
            r#"Variant(extends: "sudoku4", houses: [Regions(["AAA.", "AA..", "....", "...."])])"#;
        assert!(invalid(big).contains("region A has 5 cells"));
    }

    #[test]
    fn sector_groups_take_an_offset() {
        let src = "Variant(name: \"p\", symbols: Range(1, 12), cells: Polar(sectors: 12, rings: 6),
            houses: [Rings, SectorGroups(size: 2, offset: 1)])";
        let g = ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap();
        let wedges: Vec<_> = g
            .houses()
            .iter()
            .filter(|h| h.kind == HouseKind::Wedge)
            .collect();
        let first: Vec<&str> = wedges[0]
            .cells
            .iter()
            .map(|&c| g.cells()[c].name.as_str())
            .collect();
        assert_eq!(first[0], "s2r1");
        assert_eq!(first[6], "s3r1");
        // The last wedge wraps round: sectors 12 and 1.
        let last = &wedges[5];
        assert!(last.cells.contains(&g.cell_index("s12r6").unwrap()));
        assert!(last.cells.contains(&g.cell_index("s1r1").unwrap()));
        assert!(g.adjacent(
            g.cell_index("s12r1").unwrap(),
            g.cell_index("s1r6").unwrap()
        ));
        assert!(!g.adjacent(g.cell_index("s1r1").unwrap(), g.cell_index("s2r6").unwrap()));
    }
}
