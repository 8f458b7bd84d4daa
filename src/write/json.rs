//! The one versioned JSON schema of graphdoku's output: every record, as serde structs.
//!
//! Every record is one JSON object on one line (JSON Lines for batches) and
//! carries `"version"` ([`VERSION`]) and `"record"` (what it is: `graph`, …).
//! Cells are named as in the variant (`r1c1`), symbols written as in its
//! alphabet, and a puzzle or solution is a line in the format the readers take.

use serde::{Deserialize, Serialize};

use super::{edges, position, why_label};
use crate::graph::ConstraintGraph;

/// The schema version every record carries; raised when a field changes meaning
/// or goes away (new fields may appear without it).
pub const VERSION: u32 = 1;

/// One record as a line of JSON (no newline).
///
/// ```
/// use graphdoku::write::json::{GraphRecord, to_line};
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let line = to_line(&GraphRecord::of(&g));
/// assert!(line.starts_with(r#"{"version":1,"record":"graph""#));
/// ```
pub fn to_line(record: &impl Serialize) -> String {
    serde_json::to_string(record).expect("records serialise")
}

/// `graph --format json`: a variant's constraint graph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GraphRecord {
    /// [`VERSION`].
    pub version: u32,
    /// Always `"graph"`.
    pub record: String,
    /// The variant's name.
    pub name: String,
    /// The file (or `builtin:NAME`) it came from.
    pub origin: String,
    /// The symbols, in colour order.
    pub symbols: Vec<String>,
    /// The cells (vertices), in vertex order.
    pub nodes: Vec<NodeRecord>,
    /// The "must differ" pairs.
    pub edges: Vec<EdgeRecord>,
    /// The houses (all-different groups).
    pub houses: Vec<HouseRecord>,
}

/// A cell of a [`GraphRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeRecord {
    /// The cell's name.
    pub name: String,
    /// Layout position in cell units (x right, y down), when the shape has one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub x: Option<f64>,
    /// See `x`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub y: Option<f64>,
    /// The symbols it may hold, when the variant restricts it.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub allowed: Option<Vec<String>>,
}

/// An edge of a [`GraphRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EdgeRecord {
    /// One cell's name.
    pub a: String,
    /// The other's.
    pub b: String,
    /// The first house holding both, or the rule: `anti-knight`, `anti-king`, `edge rule`.
    pub reason: String,
}

/// A house of a [`GraphRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HouseRecord {
    /// Its name: `row 1`, `box 5`, `wedge 3`.
    pub name: String,
    /// The rule that made it: `row`, `column`, `box`, `region`, …
    pub kind: String,
    /// Its cells' names.
    pub cells: Vec<String>,
}

impl GraphRecord {
    /// The record of `graph`.
    pub fn of(graph: &ConstraintGraph) -> Self {
        let name = |c: usize| graph.cells()[c].name.clone();
        let symbols = |colours: &[u8]| {
            colours
                .iter()
                .map(|&c| graph.alphabet().symbol(c).to_string())
                .collect()
        };
        GraphRecord {
            version: VERSION,
            record: "graph".into(),
            name: graph.name().into(),
            origin: graph.origin().into(),
            symbols: graph.alphabet().symbols().to_vec(),
            nodes: (0..graph.len())
                .map(|c| {
                    let at = position(graph, c);
                    NodeRecord {
                        name: name(c),
                        x: at.map(|p| round(p.0)),
                        y: at.map(|p| round(p.1)),
                        allowed: graph.allowed(c).map(symbols),
                    }
                })
                .collect(),
            edges: edges(graph)
                .into_iter()
                .map(|(a, b, why)| EdgeRecord {
                    a: name(a),
                    b: name(b),
                    reason: why_label(graph, why).into(),
                })
                .collect(),
            houses: graph
                .houses()
                .iter()
                .map(|h| HouseRecord {
                    name: h.name.clone(),
                    kind: h.kind.singular().into(),
                    cells: h.cells.iter().map(|&c| name(c)).collect(),
                })
                .collect(),
        }
    }
}

/// Four decimals are plenty for a drawing and keep the output stable.
fn round(x: f64) -> f64 {
    (x * 1e4).round() / 1e4 + 0.0
}
