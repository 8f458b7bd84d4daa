//! Graphs as flat adjacency arrays (memory linear in vertices + edges), and
//! as bit matrices for the small dense graphs where those are faster.

use crate::graph::PlainGraph;

/// A graph as compressed sparse rows: the sorted neighbours of vertex `v` are
/// `targets[offsets[v]..offsets[v + 1]]`.
///
/// # Example
/// ```
/// use graphdoku::colouring::Adjacency;
/// let path = Adjacency::from_edges(3, &[(0, 1), (1, 2)]);
/// assert_eq!(path.neighbours(1), &[0, 2]);
/// assert!(path.adjacent(2, 1) && !path.adjacent(0, 2));
/// assert_eq!(path.edge_count(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjacency {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Adjacency {
    /// The graph of `vertices` vertices and these edges (each once, either way round).
    ///
    /// # Panics
    /// When an endpoint is out of range.
    pub fn from_edges(vertices: usize, edges: &[(u32, u32)]) -> Self {
        let mut offsets = vec![0usize; vertices + 1];
        for &(a, b) in edges {
            offsets[a as usize + 1] += 1;
            offsets[b as usize + 1] += 1;
        }
        for v in 0..vertices {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; offsets[vertices]];
        for &(a, b) in edges {
            targets[fill[a as usize]] = b;
            fill[a as usize] += 1;
            targets[fill[b as usize]] = a;
            fill[b as usize] += 1;
        }
        for v in 0..vertices {
            targets[offsets[v]..offsets[v + 1]].sort_unstable();
        }
        Adjacency { offsets, targets }
    }

    /// The graph of a [`PlainGraph`].
    pub fn from_plain(graph: &PlainGraph) -> Self {
        Adjacency::from_edges(graph.len(), graph.edges())
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// True for the graph without vertices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The sorted neighbours of `v`.
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    /// Where `v`'s neighbours start in the flat array (for per-edge side arrays).
    pub(crate) fn offset(&self, v: usize) -> usize {
        self.offsets[v]
    }

    /// The degree of `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.offsets[v + 1] - self.offsets[v]
    }

    /// Whether `a` and `b` are adjacent (binary search: O(log degree)).
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours(a).binary_search(&(b as u32)).is_ok()
    }

    /// Every edge once, as `(a, b)` with `a < b`.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.len()).flat_map(move |a| {
            self.neighbours(a)
                .iter()
                .filter(move |&&b| (a as u32) < b)
                .map(move |&b| (a as u32, b))
        })
    }
}

/// A set of vertices as bits.
pub(crate) type Bits = Vec<u64>;

/// The graph as one row of bits per vertex: O(n²) memory, for small graphs.
#[derive(Debug, Clone)]
pub(crate) struct Matrix {
    pub words: usize,
    rows: Vec<u64>,
}

/// Largest graph given a bit matrix (8 MiB of rows at most).
pub(crate) const MATRIX_VERTICES: usize = 8192;

impl Matrix {
    pub fn new(adj: &Adjacency) -> Self {
        let n = adj.len();
        let words = n.div_ceil(64);
        let mut rows = vec![0u64; n * words];
        for v in 0..n {
            for &u in adj.neighbours(v) {
                rows[v * words + u as usize / 64] |= 1 << (u % 64);
            }
        }
        Matrix { words, rows }
    }

    /// The complement of `adj` (no loops): each vertex's row holds the
    /// vertices it is not adjacent to, itself excluded.
    pub fn complement(adj: &Adjacency) -> Self {
        let mut matrix = Matrix::new(adj);
        let (n, words) = (adj.len(), matrix.words);
        for v in 0..n {
            let row = &mut matrix.rows[v * words..(v + 1) * words];
            for (w, word) in row.iter_mut().enumerate() {
                let vertices = match n - 64 * w {
                    r if r >= 64 => u64::MAX,
                    r => (1 << r) - 1,
                };
                *word = !*word & vertices;
            }
            row[v / 64] &= !(1 << (v % 64));
        }
        matrix
    }

    /// The vertices.
    pub fn len(&self) -> usize {
        self.rows.len() / self.words.max(1)
    }

    pub fn row(&self, v: usize) -> &[u64] {
        &self.rows[v * self.words..(v + 1) * self.words]
    }

    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.rows[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Takes `v` out of the rows of its `neighbours` (and theirs out of its row).
    pub fn clear(&mut self, v: usize, neighbours: &[u32]) {
        for &u in neighbours {
            let u = u as usize;
            self.rows[u * self.words + v / 64] &= !(1 << (v % 64));
            self.rows[v * self.words + u / 64] &= !(1 << (u % 64));
        }
    }
}
