//! Cells, where they sit, and houses: the value types that the rule schema
//! ([`crate::rules`]) and the constraint graph ([`crate::graph`]) are both
//! written in, kept below both so that neither imports the other for them.
//! Their public path is [`crate::graph`], which re-exports them.

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
    /// The rule that made it.
    pub kind: HouseKind,
    /// Cell indices.
    pub cells: Vec<usize>,
}

/// Which rule made a house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HouseKind {
    /// `Rows`.
    Row,
    /// `Columns`.
    Column,
    /// `Boxes`.
    Box,
    /// `Regions`.
    Region,
    /// `Diagonals`.
    Diagonal,
    /// `Rings`.
    Ring,
    /// `Sectors`.
    Sector,
    /// `SectorGroups`.
    Wedge,
    /// `House`: listed by name.
    Listed,
}

impl HouseKind {
    /// The kind in the singular, for counts of one: `row`, `box`, …
    pub fn singular(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Ring => "ring",
            HouseKind::Sector => "sector",
            HouseKind::Wedge => "wedge",
            HouseKind::Listed => "listed house",
        }
    }

    /// The kind in the plural, for summaries: `rows`, `boxes`, …
    pub fn plural(self) -> &'static str {
        match self {
            HouseKind::Row => "rows",
            HouseKind::Column => "columns",
            HouseKind::Box => "boxes",
            HouseKind::Region => "regions",
            HouseKind::Diagonal => "diagonals",
            HouseKind::Ring => "rings",
            HouseKind::Sector => "sectors",
            HouseKind::Wedge => "wedges",
            HouseKind::Listed => "listed houses",
        }
    }
}
