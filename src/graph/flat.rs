//! The graph as flat arrays for checking colourings fast: the cells of every
//! house, and the edges that lie in no house.
//!
//! A colouring is proper when every house holds each colour at most once and
//! every other edge joins two colours: one bit test per cell of a house and
//! one comparison per loose edge, where walking every edge of a 9×9 board
//! takes 810 comparisons.

use petgraph::visit::EdgeRef;

use super::ConstraintGraph;
use crate::colours::Colours;

/// Flat houses and loose edges of one graph (see the module docs).
#[derive(Debug, Clone)]
pub(crate) struct Flat {
    /// The cells of every house, house after house.
    cells: Vec<u32>,
    /// Where each house ends in `cells`.
    ends: Vec<u32>,
    /// `cells` as bytes, when the graph has at most 256 cells: indices that
    /// need no bounds check into a 256-entry array.
    small_cells: Vec<u8>,
    /// The houses of every cell, cell after cell: a partial colouring is
    /// checked from its set cells only, which are few in a puzzle.
    houses_of: Vec<u32>,
    /// Where each cell's houses start in `houses_of`, and one past the last.
    houses_start: Vec<u32>,
    /// Every cell's neighbours of lower index among cells 0..64, as a set of
    /// cells, when there are at most 128 cells (else empty): a colouring is
    /// then checked colour class by colour class, a few word operations per
    /// set cell, loose edges included. Lower neighbours only: a cell is checked
    /// against the classes built so far, and for cells below 64 one word holds
    /// all of them.
    earlier_low: Vec<u64>,
    /// The same for cells 64.., their neighbours of lower index among 64..128.
    earlier_high: Vec<u64>,
    /// The edges that no house holds both ends of.
    loose: Vec<(u32, u32)>,
    /// Colours in the alphabet.
    colours: usize,
    /// The colours each cell allows, as a set; empty when every cell allows all.
    allowed: Vec<Colours>,
}

impl Flat {
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        let mut cells = Vec::new();
        let mut ends = Vec::new();
        let mut houses_of_cell = vec![Vec::new(); graph.len()];
        for (h, house) in graph.houses().iter().enumerate() {
            cells.extend(house.cells.iter().map(|&c| c as u32));
            ends.push(cells.len() as u32);
            for &c in &house.cells {
                houses_of_cell[c].push(h as u32);
            }
        }
        let mut houses_start = vec![0];
        let mut houses_of = Vec::new();
        for list in houses_of_cell {
            houses_of.extend(list);
            houses_start.push(houses_of.len() as u32);
        }
        // Each cell's houses as a bit set: an edge is loose when its ends' sets
        // are disjoint (a word operation or two per edge; there are many edges).
        let words = graph.houses().len().div_ceil(64).max(1);
        let mut member = vec![0u64; graph.len() * words];
        for (h, house) in graph.houses().iter().enumerate() {
            for &c in &house.cells {
                member[c * words + h / 64] |= 1 << (h % 64);
            }
        }
        let in_houses = |c: usize| &member[c * words..c * words + words];
        let loose = graph
            .graph()
            .edge_references()
            .map(|e| (e.source().index(), e.target().index()))
            .filter(|&(a, b)| {
                in_houses(a)
                    .iter()
                    .zip(in_houses(b))
                    .all(|(x, y)| x & y == 0)
            })
            .map(|(a, b)| (a as u32, b as u32))
            .collect();
        let restricted = (0..graph.len()).any(|c| graph.allowed(c).is_some());
        let allowed = match restricted {
            false => Vec::new(),
            true => (0..graph.len())
                .map(|c| match graph.allowed(c) {
                    Some(list) => list.iter().copied().collect(),
                    None => !Colours::EMPTY,
                })
                .collect(),
        };
        let small_cells = match graph.len() {
            0..=256 => cells.iter().map(|&c| c as u8).collect(),
            _ => Vec::new(),
        };
        let (mut earlier_low, mut earlier_high) = (Vec::new(), Vec::new());
        if graph.len() <= 128 {
            earlier_low = vec![0u64; graph.len()];
            earlier_high = vec![0u64; graph.len().saturating_sub(64)];
            for e in graph.graph().edge_references() {
                let (a, b) = (e.source().index(), e.target().index());
                let (lower, higher) = (a.min(b), a.max(b));
                if lower < 64 {
                    earlier_low[higher] |= 1 << lower;
                } else {
                    earlier_high[higher - 64] |= 1 << (lower - 64);
                }
            }
        }
        Flat {
            cells,
            ends,
            small_cells,
            earlier_low,
            earlier_high,
            houses_of,
            houses_start,
            loose,
            colours: graph.alphabet().len(),
            allowed,
        }
    }

    /// Whether every value set is a colour of the alphabet that its cell allows.
    ///
    /// # Panics
    /// When `values` has fewer entries than the graph has cells.
    pub(crate) fn admits<T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        let k = self.colours;
        // `fold`, not `all`: no early exit, so the common (valid) case is one
        // branch-free pass.
        let in_range = values.iter().fold(true, |ok, &v| {
            ok & v.into().is_none_or(|c| (c as usize) < k)
        });
        if self.allowed.is_empty() {
            return in_range;
        }
        let allows = |(&v, set): (&T, &Colours)| v.into().is_none_or(|c| set.contains(c));
        in_range && values.iter().zip(&self.allowed).all(allows)
    }

    /// [`Flat::admits`] and [`Flat::proper`] of a partial colouring (a
    /// puzzle's givens) in one pass over its set cells, where it can.
    ///
    /// # Panics
    /// When `values` has fewer entries than the graph has cells.
    pub(crate) fn admits_properly(&self, values: &[Option<u8>]) -> bool {
        let houses = self.ends.len();
        if !self.allowed.is_empty() {
            return self.admits(values) && self.proper(values);
        }
        if !self.earlier_low.is_empty() {
            return match self.colours {
                0..=16 => self.givens_independent::<16>(values),
                17..=64 => self.givens_independent::<64>(values),
                _ => self.admits(values) && self.proper(values),
            };
        }
        if self.colours > 64 || houses > SMALL {
            return self.admits(values) && self.proper(values);
        }
        self.set_cells_differ(values, &mut [0u64; SMALL], true) && self.loose_differ(values)
    }

    /// Whether no two adjacent cells hold the same value (`None`: not set).
    ///
    /// Walks the set cells only, each against the houses it lies in: a puzzle's
    /// givens are checked in a few operations each.
    ///
    /// # Panics
    /// When `values` has fewer entries than the graph has cells, or a value is
    /// not below the alphabet's size (see [`Flat::admits`]).
    pub(crate) fn proper<T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        let houses = match (self.colours, self.ends.len()) {
            (0..=64, 0..=SMALL) => self.set_cells_differ(values, &mut [0u64; SMALL], false),
            (0..=64, n) => self.set_cells_differ(values, &mut vec![0u64; n], false),
            (65..=128, _) => self.houses_differ::<u128, T>(values),
            _ => self.houses_differ::<Colours, T>(values),
        };
        houses && self.loose_differ(values)
    }

    /// Whether `colours`, one per cell, is a proper colouring with colours of
    /// the alphabet that their cells allow and that keeps every given of
    /// `givens`: [`Flat::admits`] and [`Flat::proper`] for a full colouring,
    /// cheaper. A house holds each colour at most once exactly when the union
    /// of its colours has as many as it has cells: an OR per cell, no test.
    ///
    /// # Panics
    /// When `colours` or `givens` has fewer entries than the graph has cells.
    pub(crate) fn proper_extension(&self, givens: &[Option<u8>], colours: &[u8]) -> bool {
        let k = self.colours;
        // Every colour below k: the shifts below stay in range.
        let highest = colours.iter().fold(0, |m, &c| m.max(c));
        if !colours.is_empty() && highest as usize >= k {
            return false;
        }
        if !self.allowed.is_empty() && !self.admits(colours) {
            return false;
        }
        if !self.earlier_low.is_empty() {
            match k {
                0..=16 => return self.classes_extend::<16>(givens, colours),
                17..=64 => return self.classes_extend::<64>(givens, colours),
                _ => {}
            }
        }
        if !givens_kept(givens, colours) {
            return false;
        }
        let houses = match k {
            0..=64 => self.full_houses_differ::<u64>(colours),
            65..=128 => self.full_houses_differ::<u128>(colours),
            _ => self.houses_differ::<Colours, u8>(colours),
        };
        houses && self.loose_differ(colours)
    }

    /// Whether no two neighbours hold the same given, from the lower
    /// neighbours, with `N` colour classes (at least as many as colours); also
    /// whether every given is a colour of the alphabet.
    // Not inlined: in a function of its own the loop keeps all in registers.
    #[inline(never)]
    fn givens_independent<const N: usize>(&self, givens: &[Option<u8>]) -> bool {
        let mut classes = Classes::<N>::new();
        // The highest colour given: one compare and move per given.
        let mut highest = 0;
        // Indices, not iterators: a blank cell (most of a puzzle) then costs
        // a test and a step, no more.
        let (earlier_low, earlier_high) = (&self.earlier_low, &self.earlier_high);
        let cells = givens.len().min(earlier_low.len());
        let split = cells.min(64);
        let mut cell = 0;
        let mut step = |cell: usize| {
            if let Some(c) = givens[cell] {
                highest = highest.max(c);
                classes.low(cell, c, earlier_low[cell]);
            }
        };
        // Two cells a step: half the loop's own tests.
        while cell + 1 < split {
            step(cell);
            step(cell + 1);
            cell += 2;
        }
        if cell < split {
            step(cell);
        }
        // Cells 64..: slices of one length, no bounds check per cell.
        let cells = cells.min(64 + earlier_high.len());
        let givens = &givens[split..cells];
        let earlier_low = &earlier_low[split..cells];
        let earlier_high = &earlier_high[..cells - split];
        for cell in 0..givens.len() {
            if let Some(c) = givens[cell] {
                highest = highest.max(c);
                classes.high(cell, c, earlier_low[cell], earlier_high[cell]);
            }
        }
        // With no givens `highest` is 0, below any alphabet's size (at least 1).
        classes.clash == 0 && (highest as usize) < self.colours
    }

    /// Whether no two neighbours hold the same colour of `colours` (every one
    /// below `N`: the caller has checked) and every given is kept, from the
    /// lower neighbours, in one pass.
    // Not inlined: in a function of its own the loop keeps all in registers.
    #[inline(never)]
    fn classes_extend<const N: usize>(&self, givens: &[Option<u8>], colours: &[u8]) -> bool {
        let mut classes = Classes::<N>::new();
        let mut changed = 0;
        let (earlier_low, earlier_high) = (&self.earlier_low, &self.earlier_high);
        let cells = colours.len().min(givens.len()).min(earlier_low.len());
        let split = cells.min(64);
        // Indices, not iterators: a blank given costs a test, no more.
        for cell in 0..split {
            let c = colours[cell];
            if let Some(given) = givens[cell] {
                changed |= given ^ c;
            }
            classes.low(cell, c, earlier_low[cell]);
        }
        // Cells 64..: slices of one length, no bounds check per cell.
        let cells = cells.min(64 + earlier_high.len());
        let colours = &colours[split..cells];
        let givens = &givens[split..cells];
        let earlier_low = &earlier_low[split..cells];
        let earlier_high = &earlier_high[..cells - split];
        for cell in 0..colours.len() {
            let c = colours[cell];
            if let Some(given) = givens[cell] {
                changed |= given ^ c;
            }
            classes.high(cell, c, earlier_low[cell], earlier_high[cell]);
        }
        classes.clash == 0 && changed == 0
    }

    /// [`Flat::proper`]'s house check with at most 64 colours, from the set
    /// cells, with one colour set per house in `seen` (zeroed, one per house);
    /// with `in_range`, also whether every value is a colour of the alphabet.
    fn set_cells_differ<T: Copy + Into<Option<u8>>>(
        &self,
        values: &[T],
        seen: &mut [u64],
        in_range: bool,
    ) -> bool {
        let mut clash = 0;
        let mut out_of_range = false;
        for (cell, &v) in values.iter().enumerate() {
            let Some(c) = v.into() else { continue };
            out_of_range |= in_range && c as usize >= self.colours;
            let bit = 1u64 << (c & 63);
            let (from, to) = (self.houses_start[cell], self.houses_start[cell + 1]);
            for &h in &self.houses_of[from as usize..to as usize] {
                let set = &mut seen[h as usize];
                clash |= *set & bit;
                *set |= bit;
            }
        }
        clash == 0 && !out_of_range
    }

    /// Whether every house of a full colouring (colours below `M`'s width)
    /// holds distinct colours.
    fn full_houses_differ<M: Mask>(&self, colours: &[u8]) -> bool {
        if !self.small_cells.is_empty() {
            // Byte indices into a 256-entry copy: no bounds check per cell.
            let mut local = [0u8; 256];
            let n = colours.len().min(256);
            local[..n].copy_from_slice(&colours[..n]);
            return self.colours_differ::<M, u8>(&self.small_cells, |c| local[c as usize]);
        }
        self.colours_differ::<M, u32>(&self.cells, |c| colours[c as usize])
    }

    /// Whether every house, its cells listed in `cells` house after house,
    /// holds distinct colours, each cell's colour read by `colour`.
    #[inline(always)]
    fn colours_differ<M: Mask, C: Copy>(&self, cells: &[C], colour: impl Fn(C) -> u8) -> bool {
        let mut start = 0;
        let mut ok = true;
        for &end in &self.ends {
            let house = &cells[start as usize..end as usize];
            let union = (house.iter()).fold(M::default(), |set, &c| set | M::bit(colour(c)));
            ok &= self.distinct(union, house.len());
            start = end;
        }
        ok
    }

    /// Whether a house of `cells` cells whose colours make up `union` has
    /// them all different: a full house then has every colour (one compare,
    /// where counting bits is a dozen operations without a popcount instruction).
    fn distinct<M: Mask>(&self, union: M, cells: usize) -> bool {
        match cells == self.colours {
            true => union == M::below(self.colours),
            false => union.count() == cells,
        }
    }

    /// Whether every house holds each value at most once, with colour sets of type `M`.
    fn houses_differ<M: Mask, T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        let mut start = 0;
        for &end in &self.ends {
            let mut seen = M::default();
            for &c in &self.cells[start as usize..end as usize] {
                if let Some(v) = values[c as usize].into() {
                    let bit = M::bit(v);
                    if seen & bit != M::default() {
                        return false;
                    }
                    seen = seen | bit;
                }
            }
            start = end;
        }
        true
    }

    fn loose_differ<T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        self.loose.iter().all(|&(a, b)| {
            let (a, b) = (values[a as usize].into(), values[b as usize].into());
            a.is_none() || a != b
        })
    }
}

/// The cells of each of `N` colour classes so far, below cell 64 and from it
/// on, and whether a cell met an earlier neighbour of its class.
struct Classes<const N: usize> {
    low: [u64; N],
    high: [u64; N],
    clash: u64,
}

impl<const N: usize> Classes<N> {
    fn new() -> Self {
        Classes {
            low: [0; N],
            high: [0; N],
            clash: 0,
        }
    }

    /// Cell `cell` (below 64) of colour `c`, its earlier neighbours `earlier`.
    #[inline(always)]
    fn low(&mut self, cell: usize, c: u8, earlier: u64) {
        let class = c as usize % N;
        self.clash |= self.low[class] & earlier;
        self.low[class] |= 1 << cell;
    }

    /// Cell `64 + cell` of colour `c`, its earlier neighbours below 64 and from 64.
    #[inline(always)]
    fn high(&mut self, cell: usize, c: u8, earlier_low: u64, earlier_high: u64) {
        let class = c as usize % N;
        self.clash |= (self.low[class] & earlier_low) | (self.high[class] & earlier_high);
        self.high[class] |= 1 << cell;
    }
}

/// Whether `colours` holds every given of `givens`.
fn givens_kept(givens: &[Option<u8>], colours: &[u8]) -> bool {
    // Indices, not iterators: a blank cell (most of a puzzle) then costs a
    // test and a step, no more; no early exit.
    let cells = givens.len().min(colours.len());
    let mut changed = 0;
    let mut cell = 0;
    while cell < cells {
        if let Some(given) = givens[cell] {
            changed |= given ^ colours[cell];
        }
        cell += 1;
    }
    changed == 0
}

/// Houses whose colour sets [`Flat::proper`] keeps on the stack.
const SMALL: usize = 64;

/// A set of colours in one integer.
trait Mask:
    Copy + Default + PartialEq + std::ops::BitAnd<Output = Self> + std::ops::BitOr<Output = Self>
{
    /// The set of `colour` alone (colours past the width wrap: callers check the range).
    fn bit(colour: u8) -> Self;
    /// How many colours.
    fn count(self) -> usize;
    /// The colours below `k`.
    fn below(k: usize) -> Self;
}

impl Mask for u64 {
    fn bit(colour: u8) -> Self {
        1 << (colour & 63)
    }
    fn count(self) -> usize {
        self.count_ones() as usize
    }
    fn below(k: usize) -> Self {
        u64::MAX.checked_shr(64 - k.min(64) as u32).unwrap_or(0)
    }
}

impl Mask for u128 {
    fn bit(colour: u8) -> Self {
        1 << (colour & 127)
    }
    fn count(self) -> usize {
        self.count_ones() as usize
    }
    fn below(k: usize) -> Self {
        u128::MAX.checked_shr(128 - k.min(128) as u32).unwrap_or(0)
    }
}

impl Mask for Colours {
    fn bit(colour: u8) -> Self {
        Colours::single(colour)
    }
    fn count(self) -> usize {
        self.len()
    }
    fn below(k: usize) -> Self {
        Colours::first(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Euler example's solution: a proper 9×9 colouring.
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    fn colours(text: &str) -> Vec<u8> {
        text.bytes().map(|b| b - b'1').collect()
    }

    #[test]
    fn houses_and_loose_edges_are_both_checked() {
        let plain = ConstraintGraph::load("sudoku9").unwrap();
        assert!(plain.flat().loose.is_empty());
        assert!(plain.flat().proper(&colours(SOLVED)));
        // Two cells of row 1 swapped: a column clash, found through the houses.
        let swapped = format!("{}{}{}", &SOLVED[1..2], &SOLVED[..1], &SOLVED[2..]);
        assert!(!plain.flat().proper(&colours(&swapped)));
        // Anti-knight: the knight moves lie in no house, and this solution breaks one.
        let knight = ConstraintGraph::load("anti-knight").unwrap();
        assert!(!knight.flat().loose.is_empty());
        assert!(!knight.flat().proper(&colours(SOLVED)));
    }

    #[test]
    fn unset_cells_never_clash() {
        let graph = ConstraintGraph::load("anti-knight").unwrap();
        let mut values = vec![None; 81];
        assert!(graph.flat().proper(&values));
        values[0] = Some(3);
        values[11] = Some(3); // r2c3: a knight's move from r1c1
        assert!(!graph.flat().proper(&values));
        values[11] = Some(4);
        assert!(graph.flat().proper(&values));
    }

    /// A graph from a variant's source.
    fn built(src: &str) -> ConstraintGraph {
        ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap()
    }

    /// 5 rows of 20 cells, 20 colours: more than 64 cells and more than 16
    /// colours, under 128 cells.
    const LATIN_5X20: &str = r#"Variant(name: "L", symbols: Range(1, 20),
        cells: Grid(rows: 5, cols: 20), houses: [Rows, Columns])"#;

    /// sudoku4 with two cells allowed fewer colours.
    const RESTRICTED: &str = r#"Variant(extends: "sudoku4", allowed: [
        Cells(cells: ["r1c1", "r4c4"], symbols: ["2", "4"])])"#;

    /// A proper colouring of `graph`, from the solver.
    fn solved(graph: &ConstraintGraph) -> Vec<u8> {
        let solver = crate::solver::Solver::new(graph);
        let solution = solver.solve(&crate::puzzle::Puzzle::empty(graph.len()));
        solution.expect("solvable").colours().to_vec()
    }

    /// Whether every set value is a colour its cell allows and no edge joins
    /// two equal values: edge by edge, what the fast paths must agree with.
    fn by_edges(graph: &ConstraintGraph, values: &[Option<u8>]) -> bool {
        let k = graph.alphabet().len();
        let allowed = values.iter().enumerate().all(|(cell, v)| {
            v.is_none_or(|c| (c as usize) < k && graph.allowed(cell).is_none_or(|a| a.contains(&c)))
        });
        let edges = graph.graph().edge_references().all(|e| {
            let (a, b) = (values[e.source().index()], values[e.target().index()]);
            a.is_none() || a != b
        });
        allowed && edges
    }

    /// A small random number generator (xorshift): the same cases every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    #[test]
    fn fast_checks_agree_with_the_edges() {
        let graphs = [
            ConstraintGraph::load("sudoku4").unwrap(),
            ConstraintGraph::load("sudoku9").unwrap(),
            ConstraintGraph::load("anti-knight").unwrap(),
            ConstraintGraph::load("pie").unwrap(),
            ConstraintGraph::load("sudoku16").unwrap(),
            built(LATIN_5X20),
            built(RESTRICTED),
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for graph in &graphs {
            let (n, k) = (graph.len(), graph.alphabet().len());
            let flat = graph.flat();
            let base = solved(graph);
            let (mut proper, mut improper) = (0, 0);
            for _ in 0..300 {
                // A solution with up to two cells changed (now and then to a
                // colour out of range), and some of the solution's cells as givens.
                let mut colours = base.clone();
                for _ in 0..rng.below(3) {
                    colours[rng.below(n)] = rng.below(k + 2) as u8;
                }
                let density = 1 + rng.below(4);
                let givens: Vec<Option<u8>> = (base.iter())
                    .map(|&c| (rng.below(8) < density).then_some(c))
                    .collect();
                let full: Vec<Option<u8>> = colours.iter().map(|&c| Some(c)).collect();
                let kept = givens
                    .iter()
                    .zip(&colours)
                    .all(|(g, &c)| g.is_none_or(|g| g == c));
                let expected = kept && by_edges(graph, &full);
                assert_eq!(
                    flat.proper_extension(&givens, &colours),
                    expected,
                    "{colours:?}"
                );
                proper += usize::from(expected);
                improper += usize::from(!expected);
                // The changed colouring's cells, some of them, as givens.
                let partial: Vec<Option<u8>> = (colours.iter())
                    .map(|&c| (rng.below(8) < density).then_some(c))
                    .collect();
                let expected = by_edges(graph, &partial);
                assert_eq!(flat.admits_properly(&partial), expected, "{partial:?}");
                assert_eq!(flat.admits(&partial) && flat.proper(&partial), expected);
            }
            // Both answers came up often: the cases test something.
            assert!(proper > 50 && improper > 50, "{proper} {improper}");
        }
    }

    #[test]
    fn clashes_far_apart_and_past_64_cells_are_found() {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let flat = graph.flat();
        for (a, b) in [(72, 73), (8, 80), (0, 63), (63, 64), (64, 72)] {
            let mut values = vec![None; 81];
            values[a] = Some(4);
            values[b] = Some(4);
            assert!(!flat.admits_properly(&values), "{a} {b}");
            values[b] = Some(5);
            assert!(flat.admits_properly(&values), "{a} {b}");
        }
        // Cell 80 swapped with cell 79 of the same row: columns 8 and 9 clash.
        let mut swapped = colours(SOLVED);
        swapped.swap(79, 80);
        assert!(!flat.proper_extension(&[None; 81], &swapped));
    }

    #[test]
    fn loose_edges_out_of_range_colours_and_changed_givens_fail() {
        let knight = ConstraintGraph::load("anti-knight").unwrap();
        let mut values = vec![None; 81];
        values[2] = Some(3);
        values[13] = Some(3); // r2c5: a knight's move from r1c3, no house shared
        assert!(!knight.flat().admits_properly(&values));
        // The Euler solution breaks a knight's move, in no house.
        let solution = colours(SOLVED);
        assert!(!knight.flat().proper_extension(&[None; 81], &solution));
        let plain = ConstraintGraph::load("sudoku9").unwrap();
        let flat = plain.flat();
        assert!(flat.admits_properly(&values));
        for bad in [9, 16, 64, 255] {
            let mut values = vec![None; 81];
            values[70] = Some(bad);
            assert!(!flat.admits_properly(&values), "{bad}");
            let mut solution = colours(SOLVED);
            solution[70] = bad;
            assert!(!flat.proper_extension(&[None; 81], &solution), "{bad}");
        }
        let solution = colours(SOLVED);
        let mut givens: Vec<Option<u8>> = solution.iter().map(|&c| Some(c)).collect();
        assert!(flat.proper_extension(&givens, &solution));
        givens[77] = Some((solution[77] + 1) % 9);
        assert!(!flat.proper_extension(&givens, &solution));
    }
}
