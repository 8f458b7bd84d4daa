//! Building the constraint graph of a variant: cells, houses, and "must differ" edges.

use std::collections::{BTreeSet, HashMap};

use petgraph::graph::{NodeIndex, UnGraph};

use crate::symbols::Alphabet;
use crate::variant::{CellsSpec, EdgeSpec, HouseSpec, LoadedVariant, VariantError};

/// Where a cell sits, in the terms of the shape that made it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Coord {
    /// Row and column of a grid, 0-based.
    Grid {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// Sector and ring of a polar shape, 0-based (ring 0 is innermost).
    Polar {
        /// 0-based sector.
        sector: usize,
        /// 0-based ring.
        ring: usize,
    },
    /// A freely placed cell.
    Free {
        /// x coordinate.
        x: f64,
        /// y coordinate.
        y: f64,
    },
}

/// One cell (vertex).
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Stable, unique name: `r1c1`, `s1r1`, or as listed.
    pub name: String,
    /// Position in the shape.
    pub coord: Coord,
}

/// A group of cells that must all differ (a clique of the graph).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// Name for messages: `row 1`, `box 5`, `wedge 3`, `region A`, …
    pub name: String,
    /// Cell indices.
    pub cells: Vec<usize>,
}

/// How the cells are laid out, for text output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// A rectangle (possibly with absent cells); `boxes` when the variant has boxes.
    Grid {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Box height and width, for drawing separators.
        boxes: Option<(usize, usize)>,
    },
    /// Sectors × rings.
    Polar {
        /// Number of sectors.
        sectors: usize,
        /// Number of rings.
        rings: usize,
    },
    /// Explicit cells with no regular arrangement.
    Free,
}

/// A variant compiled to a graph: vertex `i` is `cells[i]`, an edge joins two
/// cells that must hold different symbols, symbols are the colours.
///
/// # Example
/// ```
/// let g = graphdoku::ConstraintGraph::load("sudoku9").unwrap();
/// assert_eq!(g.graph().node_count(), 81);
/// assert_eq!(g.graph().edge_count(), 810);
/// assert!(g.graph().neighbors(0.into()).count() == 20);
/// ```
#[derive(Debug, Clone)]
pub struct ConstraintGraph {
    name: String,
    origin: String,
    alphabet: Alphabet,
    cells: Vec<Cell>,
    houses: Vec<House>,
    layout: Layout,
    /// Per-cell allowed colours (list colouring); `None` = every symbol.
    allowed: Vec<Option<Vec<u8>>>,
    graph: UnGraph<(), ()>,
}

impl ConstraintGraph {
    /// Reads a variant file or built-in name and builds its graph.
    ///
    /// # Errors
    /// Any [`VariantError`], with the file and the offending item.
    pub fn load(name: &str) -> Result<Self, VariantError> {
        Self::build(&crate::variant::load(name)?)
    }

    /// Builds the graph of a parsed variant, checking that it is consistent.
    ///
    /// # Errors
    /// [`VariantError::Invalid`] naming the offending item: an unknown cell name, a
    /// cell twice in a house, a house with more cells than symbols, a region map
    /// or mask of the wrong size, a rule that does not fit the shape.
    pub fn build(variant: &LoadedVariant) -> Result<Self, VariantError> {
        let invalid = |message: String| VariantError::Invalid {
            file: variant.origin.clone(),
            message,
        };
        let spec = &variant.spec;
        let alphabet = Alphabet::new(spec.symbols.expand().map_err(invalid)?).map_err(invalid)?;
        let (cells, layout) = make_cells(&spec.cells).map_err(invalid)?;
        let shape = Shape::new(&cells, layout);
        let mut houses = Vec::new();
        for house in &spec.houses {
            houses.extend(shape.houses(house).map_err(invalid)?);
        }
        let layout = match (layout, spec.houses.iter().find_map(box_size)) {
            (Layout::Grid { rows, cols, .. }, boxes) => Layout::Grid { rows, cols, boxes },
            (other, _) => other,
        };
        for house in &houses {
            check_house(house, &cells, alphabet.len()).map_err(invalid)?;
        }
        let mut pairs = BTreeSet::new();
        for house in &houses {
            for (i, &a) in house.cells.iter().enumerate() {
                for &b in &house.cells[i + 1..] {
                    pairs.insert((a.min(b), a.max(b)));
                }
            }
        }
        for rule in &spec.edges {
            for (a, b) in shape.edges(rule).map_err(invalid)? {
                if a == b {
                    return Err(invalid(format!("edge from {} to itself", cells[a].name)));
                }
                pairs.insert((a.min(b), a.max(b)));
            }
        }
        let mut graph = UnGraph::with_capacity(cells.len(), pairs.len());
        for _ in &cells {
            graph.add_node(());
        }
        graph.extend_with_edges(pairs.iter().map(|&(a, b)| (a as u32, b as u32)));
        Ok(ConstraintGraph {
            name: spec.name.clone(),
            origin: variant.origin.clone(),
            alphabet,
            allowed: vec![None; cells.len()],
            cells,
            houses,
            layout,
            graph,
        })
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file (or `builtin:NAME`) the variant came from.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The symbols.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The cells, in the variant's cell order (= vertex order).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The colours `cell` may take, when the variant restricts it (list
    /// colouring); `None` means any symbol.
    pub fn allowed(&self, cell: usize) -> Option<&[u8]> {
        self.allowed[cell].as_deref()
    }

    /// The houses (all-different groups).
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The layout, for drawing.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The constraint graph itself: node `i` is cell `i`.
    pub fn graph(&self) -> &UnGraph<(), ()> {
        &self.graph
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for a variant without cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Index of the cell with this name.
    pub fn cell_index(&self, name: &str) -> Option<usize> {
        self.cells.iter().position(|c| c.name == name)
    }

    /// The cells that must differ from `cell`.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.graph
            .neighbors(NodeIndex::new(cell))
            .map(|n| n.index())
    }

    /// Whether cells `a` and `b` must differ.
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.graph
            .find_edge(NodeIndex::new(a), NodeIndex::new(b))
            .is_some()
    }

    /// Why `a` and `b` must differ, for messages: the first house holding both,
    /// or "an edge rule".
    pub fn reason(&self, a: usize, b: usize) -> String {
        self.houses
            .iter()
            .find(|h| h.cells.contains(&a) && h.cells.contains(&b))
            .map_or_else(|| "an edge rule".to_string(), |h| h.name.clone())
    }
}

fn box_size(house: &HouseSpec) -> Option<(usize, usize)> {
    match house {
        HouseSpec::Boxes { rows, cols } => Some((*rows, *cols)),
        _ => None,
    }
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

/// The cells a spec describes, and their layout.
fn make_cells(spec: &CellsSpec) -> Result<(Vec<Cell>, Layout), String> {
    match spec {
        CellsSpec::Grid { rows, cols, mask } => {
            let (rows, cols) = (*rows, *cols);
            if rows == 0 || cols == 0 {
                return Err(format!("a grid of {rows}×{cols} has no cells"));
            }
            let present = match mask {
                None => vec![vec![true; cols]; rows],
                Some(mask) => parse_mask(mask, rows, cols)?,
            };
            let cells = (0..rows)
                .flat_map(|row| (0..cols).map(move |col| (row, col)))
                .filter(|&(row, col)| present[row][col])
                .map(|(row, col)| Cell {
                    name: format!("r{}c{}", row + 1, col + 1),
                    coord: Coord::Grid { row, col },
                })
                .collect();
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
            if sectors == 0 || rings == 0 {
                return Err(format!(
                    "a polar shape of {sectors} sectors × {rings} rings has no cells"
                ));
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
            let mut names = BTreeSet::new();
            for cell in list {
                if cell.name.is_empty() || cell.name.chars().any(char::is_whitespace) {
                    return Err(format!("cell name {:?} is empty or has spaces", cell.name));
                }
                if !names.insert(cell.name.as_str()) {
                    return Err(format!("cell {} is listed twice", cell.name));
                }
            }
            if list.is_empty() {
                return Err("the cell list is empty".into());
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

fn parse_mask(mask: &[String], rows: usize, cols: usize) -> Result<Vec<Vec<bool>>, String> {
    if mask.len() != rows {
        return Err(format!("mask has {} rows, the grid {rows}", mask.len()));
    }
    mask.iter()
        .enumerate()
        .map(|(r, line)| {
            let row: Vec<bool> = line
                .chars()
                .map(|ch| match ch {
                    '#' => Ok(true),
                    '.' => Ok(false),
                    other => Err(format!(
                        "mask row {}: {other:?} is neither '#' (cell) nor '.' (no cell)",
                        r + 1
                    )),
                })
                .collect::<Result<_, _>>()?;
            if row.len() != cols {
                return Err(format!(
                    "mask row {} has {} columns, the grid {cols}",
                    r + 1,
                    row.len()
                ));
            }
            Ok(row)
        })
        .collect()
}

/// Index of the cells by name and position, to turn house and edge rules into cell lists.
struct Shape<'a> {
    layout: Layout,
    by_name: HashMap<&'a str, usize>,
    by_grid: HashMap<(usize, usize), usize>,
    by_polar: HashMap<(usize, usize), usize>,
}

impl<'a> Shape<'a> {
    fn new(cells: &'a [Cell], layout: Layout) -> Self {
        let mut shape = Shape {
            layout,
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

    fn named(&self, name: &str) -> Result<usize, String> {
        self.by_name
            .get(name)
            .copied()
            .ok_or_else(|| format!("unknown cell name {name:?}"))
    }

    fn grid(&self, rule: &str) -> Result<(usize, usize), String> {
        match self.layout {
            Layout::Grid { rows, cols, .. } => Ok((rows, cols)),
            _ => Err(format!("{rule} needs a Grid shape")),
        }
    }

    fn polar(&self, rule: &str) -> Result<(usize, usize), String> {
        match self.layout {
            Layout::Polar { sectors, rings } => Ok((sectors, rings)),
            _ => Err(format!("{rule} needs a Polar shape")),
        }
    }

    /// One house per group of grid positions, keeping the cells that exist.
    fn grid_houses(
        &self,
        groups: impl Iterator<Item = (String, Vec<(usize, usize)>)>,
    ) -> Vec<House> {
        groups
            .map(|(name, positions)| House {
                name,
                cells: positions
                    .iter()
                    .filter_map(|p| self.by_grid.get(p).copied())
                    .collect(),
            })
            .filter(|h| h.cells.len() > 1)
            .collect()
    }

    fn houses(&self, spec: &HouseSpec) -> Result<Vec<House>, String> {
        Ok(match spec {
            HouseSpec::Rows => {
                let (rows, cols) = self.grid("Rows")?;
                self.grid_houses((0..rows).map(|r| {
                    (
                        format!("row {}", r + 1),
                        (0..cols).map(|c| (r, c)).collect(),
                    )
                }))
            }
            HouseSpec::Columns => {
                let (rows, cols) = self.grid("Columns")?;
                self.grid_houses((0..cols).map(|c| {
                    (
                        format!("column {}", c + 1),
                        (0..rows).map(|r| (r, c)).collect(),
                    )
                }))
            }
            HouseSpec::Boxes { rows: h, cols: w } => {
                let (rows, cols) = self.grid("Boxes")?;
                if *h == 0 || *w == 0 || rows % h != 0 || cols % w != 0 {
                    return Err(format!("boxes of {h}×{w} do not tile a {rows}×{cols} grid"));
                }
                let across = cols / w;
                self.grid_houses((0..rows / h * across).map(|b| {
                    let (top, left) = (b / across * h, b % across * w);
                    let cells = (top..top + h)
                        .flat_map(|r| (left..left + w).map(move |c| (r, c)))
                        .collect();
                    (format!("box {}", b + 1), cells)
                }))
            }
            HouseSpec::Regions(map) => {
                let (rows, cols) = self.grid("Regions")?;
                if map.len() != rows {
                    return Err(format!(
                        "region map has {} rows, the grid {rows}",
                        map.len()
                    ));
                }
                let mut regions: std::collections::BTreeMap<char, Vec<usize>> = Default::default();
                for (r, line) in map.iter().enumerate() {
                    let letters: Vec<char> = line.chars().collect();
                    if letters.len() != cols {
                        return Err(format!(
                            "region map row {} has {} columns, the grid {cols}",
                            r + 1,
                            letters.len()
                        ));
                    }
                    for (c, &letter) in letters.iter().enumerate() {
                        if letter == '.' {
                            continue;
                        }
                        let Some(&cell) = self.by_grid.get(&(r, c)) else {
                            return Err(format!(
                                "region map puts {letter:?} on r{}c{}, which is not a cell",
                                r + 1,
                                c + 1
                            ));
                        };
                        regions.entry(letter).or_default().push(cell);
                    }
                }
                regions
                    .into_iter()
                    .map(|(letter, cells)| House {
                        name: format!("region {letter}"),
                        cells,
                    })
                    .collect()
            }
            HouseSpec::Diagonals => {
                let (rows, cols) = self.grid("Diagonals")?;
                if rows != cols {
                    return Err(format!("Diagonals need a square grid, not {rows}×{cols}"));
                }
                self.grid_houses(
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
                        cells: (0..sectors).map(|s| self.by_polar[&(s, ring)]).collect(),
                    })
                    .collect()
            }
            HouseSpec::Sectors => self.sector_groups(1, "Sectors", "sector")?,
            HouseSpec::SectorGroups { size } => {
                self.sector_groups(*size, "SectorGroups", "wedge")?
            }
            HouseSpec::House { name, cells } => vec![House {
                name: name.clone(),
                cells: cells
                    .iter()
                    .map(|n| self.named(n).map_err(|e| format!("house {name}: {e}")))
                    .collect::<Result<_, _>>()?,
            }],
        })
    }

    fn sector_groups(&self, size: usize, rule: &str, word: &str) -> Result<Vec<House>, String> {
        let (sectors, rings) = self.polar(rule)?;
        if size == 0 || sectors % size != 0 {
            return Err(format!(
                "{rule}(size: {size}) does not divide {sectors} sectors"
            ));
        }
        Ok((0..sectors / size)
            .map(|g| House {
                name: format!("{word} {}", g + 1),
                cells: (g * size..(g + 1) * size)
                    .flat_map(|s| (0..rings).map(move |r| (s, r)))
                    .map(|p| self.by_polar[&p])
                    .collect(),
            })
            .collect())
    }

    fn edges(&self, spec: &EdgeSpec) -> Result<Vec<(usize, usize)>, String> {
        let (rule, moves): (&str, &[(isize, isize)]) = match spec {
            EdgeSpec::Pairs(pairs) => {
                return pairs
                    .iter()
                    .map(|(a, b)| Ok((self.named(a)?, self.named(b)?)))
                    .collect();
            }
            // Half of each move set: every pair is found once, from its upper or left end.
            EdgeSpec::Knight => ("Knight", &[(1, 2), (2, 1), (2, -1), (1, -2)]),
            EdgeSpec::King => ("King", &[(0, 1), (1, -1), (1, 0), (1, 1)]),
        };
        self.grid(rule)?;
        let mut pairs = Vec::new();
        for (&(row, col), &a) in &self.by_grid {
            for &(dr, dc) in moves {
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
    fn masks_and_regions() {
        let src = r####"Variant(name: "x", symbols: Chars("123"),
            cells: Grid(rows: 2, cols: 3, mask: ["###", "#.#"]),
            houses: [Regions(["AAB", "B.B"])])"####;
        let g = ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap();
        assert_eq!(g.len(), 5);
        assert_eq!(g.houses().len(), 2);
        assert_eq!(g.graph().edge_count(), 1 + 3);
    }
}
