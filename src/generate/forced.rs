//! Cheap tests for removing givens, before any search.
//!
//! * A cell whose colour the other givens force (a naked or a hidden single)
//!   can go: every solution of the smaller puzzle has that colour there, so it
//!   has the solutions of the puzzle before, still exactly one.
//! * A cell can not go when it is the last given of a Kempe chain of the
//!   solution: the cells of two colours a and b joined by edges. Swapping a
//!   and b on such a chain gives another proper colouring (when its cells
//!   allow both), equal to the solution outside the chain, so a puzzle with no
//!   given on the chain has two solutions. Sudoku's "deadly rectangle" is the
//!   smallest such chain.
//!
//! When neither test decides, the caller searches.

use crate::graph::ConstraintGraph;

/// The givens of a puzzle being reduced, with, for each cell and colour, how
/// many of the cell's neighbours are given that colour.
#[derive(Debug, Clone)]
pub(crate) struct Givens {
    /// Colours in the alphabet.
    colours: usize,
    /// Every cell's neighbours, cell after cell.
    neighbours: Vec<u32>,
    /// Where each cell's neighbours start in `neighbours`, and one past the last.
    starts: Vec<u32>,
    /// The cells of every house with one cell per colour (where each colour
    /// must go somewhere: hidden singles), house after house.
    house_cells: Vec<u32>,
    /// Where each such house ends in `house_cells`.
    house_ends: Vec<u32>,
    /// The houses of that kind of each cell, cell after cell.
    houses_of: Vec<u32>,
    /// Where each cell's houses start in `houses_of`, and one past the last.
    houses_start: Vec<u32>,
    /// Whether cell `c` allows colour `k`, at `c * colours + k`.
    allows: Vec<bool>,
    /// The given colour of each cell.
    given: Vec<Option<u8>>,
    /// Given neighbours of cell `c` with colour `k`, at `c * colours + k`.
    counts: Vec<u16>,
    /// The Kempe chain of cell `c` for its colour and colour `k`, at
    /// `c * colours + k`; [`NO_CHAIN`] for its own colour and for chains whose
    /// cells do not all allow both colours.
    chain_of: Vec<u32>,
    /// Givens left on each chain.
    chain_givens: Vec<u32>,
    /// Cells met by the chain search, marked with the colour pair's number.
    marks: Vec<u32>,
    /// The chain search's stack.
    stack: Vec<u32>,
    /// The cells of each colour of the solution, colour after colour.
    by_colour: Vec<u32>,
    /// Every cell's neighbours as a set, when there are at most 128 cells
    /// (else empty): chains are then found a word operation per cell, and
    /// singles propagated (see [`Givens::determined`]).
    peers: Vec<u128>,
    /// The cells of each full house as a set (with `peers` only).
    house_sets: Vec<u128>,
    /// The cells allowing each colour as a set (with `peers` only).
    allowing: Vec<u128>,
}

/// Most colours [`Givens::determined`] propagates.
const PROPAGATED: usize = 64;

/// No chain (see [`Givens::chain_of`]).
const NO_CHAIN: u32 = u32::MAX;

impl Givens {
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        let (cells, colours) = (graph.len(), graph.alphabet().len());
        let mut neighbours = Vec::new();
        let mut starts = vec![0];
        for cell in 0..cells {
            neighbours.extend(graph.neighbours(cell).map(|n| n as u32));
            starts.push(neighbours.len() as u32);
        }
        let mut house_cells = Vec::new();
        let mut house_ends = Vec::new();
        let mut by_cell = vec![Vec::new(); cells];
        for house in graph.houses().iter().filter(|h| h.cells.len() == colours) {
            for &c in &house.cells {
                by_cell[c].push(house_ends.len() as u32);
            }
            house_cells.extend(house.cells.iter().map(|&c| c as u32));
            house_ends.push(house_cells.len() as u32);
        }
        let mut houses_of = Vec::new();
        let mut houses_start = vec![0];
        for list in by_cell {
            houses_of.extend(list);
            houses_start.push(houses_of.len() as u32);
        }
        let mut peers = Vec::new();
        if cells <= 128 {
            peers = (0..cells)
                .map(|c| {
                    let of = &neighbours[starts[c] as usize..starts[c + 1] as usize];
                    of.iter().fold(0u128, |set, &n| set | 1 << n)
                })
                .collect();
        }
        let mut allows = vec![true; cells * colours];
        for cell in 0..cells {
            if let Some(list) = graph.allowed(cell) {
                for k in 0..colours {
                    allows[cell * colours + k] = list.contains(&(k as u8));
                }
            }
        }
        let mut house_sets = Vec::new();
        let mut allowing = Vec::new();
        if !peers.is_empty() {
            let mut from = 0;
            for &end in &house_ends {
                let house = &house_cells[from as usize..end as usize];
                house_sets.push(house.iter().fold(0u128, |set, &c| set | 1 << c));
                from = end;
            }
            allowing = (0..colours)
                .map(|k| {
                    (0..cells)
                        .filter(|&c| allows[c * colours + k])
                        .fold(0u128, |set, c| set | 1 << c)
                })
                .collect();
        }
        Givens {
            colours,
            neighbours,
            starts,
            house_cells,
            house_ends,
            houses_of,
            houses_start,
            allows,
            given: vec![None; cells],
            counts: vec![0; cells * colours],
            chain_of: vec![NO_CHAIN; cells * colours],
            chain_givens: Vec::new(),
            marks: vec![u32::MAX; cells],
            stack: Vec::new(),
            by_colour: Vec::new(),
            house_sets,
            allowing,
            peers,
        }
    }

    /// Every cell given its colour in `solution`, and the Kempe chains of
    /// `solution` found.
    pub(crate) fn fill(&mut self, solution: &[u8]) {
        self.counts.fill(0);
        for (cell, &colour) in solution.iter().enumerate() {
            self.given[cell] = Some(colour);
            self.add(cell, colour, 1);
        }
        self.chains(solution);
    }

    /// Labels the Kempe chains of `solution` (see the module docs), each with
    /// all its cells given.
    fn chains(&mut self, solution: &[u8]) {
        let k = self.colours;
        self.chain_of.fill(NO_CHAIN);
        self.chain_givens.clear();
        if !self.peers.is_empty() {
            return self.small_chains(solution);
        }
        self.marks.fill(u32::MAX);
        // The cells of each colour, colour after colour.
        let mut by_colour = std::mem::take(&mut self.by_colour);
        by_colour.clear();
        for a in 0..k as u8 {
            let of_a = solution.iter().enumerate().filter(|&(_, &c)| c == a);
            by_colour.extend(of_a.map(|(cell, _)| cell as u32));
        }
        // Where each colour's cells start in `by_colour`, and one past the last.
        let mut first = vec![0; k + 1];
        for &c in solution {
            first[c as usize + 1] += 1;
        }
        for c in 0..k {
            first[c + 1] += first[c];
        }
        let mut pair = 0;
        for a in 0..k as u8 {
            for b in a + 1..k as u8 {
                let of = |c: u8| first[c as usize]..first[c as usize + 1];
                let starts = by_colour[of(a)].iter().chain(&by_colour[of(b)]);
                for &start in starts {
                    let start = start as usize;
                    if self.marks[start] == pair {
                        continue;
                    }
                    // One chain: the a/b cells reached from `start`.
                    let id = self.chain_givens.len() as u32;
                    let mut size = 0;
                    let mut swappable = true;
                    self.marks[start] = pair;
                    self.stack.push(start as u32);
                    while let Some(cell) = self.stack.pop() {
                        let cell = cell as usize;
                        let other = a + b - solution[cell];
                        swappable &= self.allows[cell * k + other as usize];
                        self.chain_of[cell * k + other as usize] = id;
                        size += 1;
                        let (from, to) =
                            (self.starts[cell] as usize, self.starts[cell + 1] as usize);
                        for &n in &self.neighbours[from..to] {
                            let n = n as usize;
                            if solution[n] == other && self.marks[n] != pair {
                                self.marks[n] = pair;
                                self.stack.push(n as u32);
                            }
                        }
                    }
                    // A chain that cannot swap is no chain; count its
                    // givens as never running out.
                    self.chain_givens
                        .push(if swappable { size } else { u32::MAX });
                }
                pair += 1;
            }
        }
        self.by_colour = by_colour;
    }

    /// [`Givens::chains`] with cell sets in words, for at most 128 cells.
    fn small_chains(&mut self, solution: &[u8]) {
        let k = self.colours;
        let mut of_colour = vec![0u128; k];
        for (cell, &c) in solution.iter().enumerate() {
            of_colour[c as usize] |= 1 << cell;
        }
        for a in 0..k {
            for b in a + 1..k {
                let mut left = of_colour[a] | of_colour[b];
                while left != 0 {
                    // One chain: the a/b cells reached from the lowest left.
                    let mut chain = left & left.wrapping_neg();
                    let mut frontier = chain;
                    while frontier != 0 {
                        let mut reach = 0;
                        for cell in Cells(frontier) {
                            reach |= self.peers[cell];
                        }
                        frontier = reach & left & !chain;
                        chain |= frontier;
                    }
                    left &= !chain;
                    let id = self.chain_givens.len() as u32;
                    let mut swappable = true;
                    for cell in Cells(chain) {
                        let other = a + b - solution[cell] as usize;
                        swappable &= self.allows[cell * k + other];
                        self.chain_of[cell * k + other] = id;
                    }
                    let size = chain.count_ones();
                    self.chain_givens
                        .push(if swappable { size } else { u32::MAX });
                }
            }
        }
    }

    /// Whether some Kempe chain through `cell` has no given left: the puzzle
    /// then has another solution (see the module docs).
    pub(crate) fn unguarded(&self, cell: usize) -> bool {
        let row = &self.chain_of[cell * self.colours..(cell + 1) * self.colours];
        row.iter()
            .any(|&id| id != NO_CHAIN && self.chain_givens[id as usize] == 0)
    }

    /// Adds `delta` to the count of `colour` of every neighbour of `cell`.
    fn add(&mut self, cell: usize, colour: u8, delta: i16) {
        let (from, to) = (self.starts[cell] as usize, self.starts[cell + 1] as usize);
        for &n in &self.neighbours[from..to] {
            let count = &mut self.counts[n as usize * self.colours + colour as usize];
            *count = count.wrapping_add_signed(delta);
        }
    }

    /// Takes the given of `cell` away (no-op if it has none).
    pub(crate) fn remove(&mut self, cell: usize) {
        if let Some(colour) = self.given[cell].take() {
            self.add(cell, colour, -1);
            self.count_on_chains(cell, false);
        }
    }

    /// Gives `cell` the colour `colour` (again), the colour it has in the
    /// solution given to [`Givens::fill`].
    pub(crate) fn restore(&mut self, cell: usize, colour: u8) {
        self.remove(cell);
        self.given[cell] = Some(colour);
        self.add(cell, colour, 1);
        self.count_on_chains(cell, true);
    }

    /// One given more (or less) on every chain through `cell`.
    fn count_on_chains(&mut self, cell: usize, more: bool) {
        let row = &self.chain_of[cell * self.colours..(cell + 1) * self.colours];
        for &id in row.iter().filter(|&&id| id != NO_CHAIN) {
            let givens = &mut self.chain_givens[id as usize];
            if *givens != u32::MAX {
                *givens = if more { *givens + 1 } else { *givens - 1 };
            }
        }
    }

    /// Whether `colour` is still possible in the empty `cell`: allowed there
    /// and given to none of its neighbours.
    pub(crate) fn open(&self, cell: usize, colour: u8) -> bool {
        let at = cell * self.colours + colour as usize;
        self.allows[at] && self.counts[at] == 0
    }

    /// Whether naked singles, repeated from the givens left (with hidden
    /// singles in `cell`'s own houses when they stall), place `colour` in the
    /// empty `cell`: a stronger [`Givens::forced`], in word operations on sets
    /// of cells. False means unknown; always false past 128 cells or
    /// [`PROPAGATED`] colours.
    pub(crate) fn determined(&self, cell: usize, colour: u8) -> bool {
        let k = self.colours;
        if self.peers.is_empty() || k > PROPAGATED {
            return false;
        }
        let target = 1u128 << cell;
        let mut empty = 0u128;
        let mut covered = [0u128; PROPAGATED];
        for (c, given) in self.given.iter().enumerate() {
            match given {
                Some(g) => covered[*g as usize] |= self.peers[c],
                None => empty |= 1 << c,
            }
        }
        // Where each colour may still go.
        let mut places = [0u128; PROPAGATED];
        for w in 0..k {
            places[w] = empty & self.allowing[w] & !covered[w];
        }
        // Placing w in c: filled cells stay in `places` (read through `empty`).
        let place = |places: &mut [u128; PROPAGATED], empty: &mut u128, c: usize, w: usize| {
            *empty &= !(1u128 << c);
            places[w] &= !self.peers[c];
        };
        loop {
            // Cells with exactly one colour left: in `ones` but not `twos`.
            let (mut ones, mut twos) = (0u128, 0u128);
            for &set in &places[..k] {
                twos |= ones & set;
                ones |= set;
            }
            let naked = empty & ones & !twos;
            if naked & target != 0 {
                return places[colour as usize] & target != 0;
            }
            let mut progress = false;
            for c in Cells(naked) {
                if let Some(w) = (0..k).find(|&w| places[w] & (1 << c) != 0) {
                    place(&mut places, &mut empty, c, w);
                    progress = true;
                }
            }
            if progress {
                continue;
            }
            // Hidden singles in the target's own houses only: the full scan
            // costs more than the searches it saves.
            let own = &self.houses_of
                [self.houses_start[cell] as usize..self.houses_start[cell + 1] as usize];
            for house in own.iter().map(|&h| self.house_sets[h as usize]) {
                if house & empty == 0 {
                    continue;
                }
                for w in 0..k {
                    let only = places[w] & house & empty;
                    if only != 0 && only & (only - 1) == 0 {
                        if only == target {
                            return w == colour as usize;
                        }
                        place(&mut places, &mut empty, only.trailing_zeros() as usize, w);
                        progress = true;
                    }
                }
            }
            if !progress || places[colour as usize] & empty & target == 0 {
                return false;
            }
        }
    }

    /// Whether the givens force `colour` in the empty `cell`: no other colour
    /// is possible there (naked single), or no other cell of one of its full
    /// houses can take it (hidden single).
    pub(crate) fn forced(&self, cell: usize, colour: u8) -> bool {
        let naked = (0..self.colours as u8).all(|k| k == colour || !self.open(cell, k));
        naked
            || self.houses_of
                [self.houses_start[cell] as usize..self.houses_start[cell + 1] as usize]
                .iter()
                .any(|&h| {
                    let from = if h == 0 {
                        0
                    } else {
                        self.house_ends[h as usize - 1]
                    };
                    let house =
                        &self.house_cells[from as usize..self.house_ends[h as usize] as usize];
                    house.iter().all(|&d| {
                        let d = d as usize;
                        d == cell || self.given[d].is_some() || !self.open(d, colour)
                    })
                })
    }
}

/// The cells of a set, lowest first.
struct Cells(u128);

impl Iterator for Cells {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let cell = self.0.trailing_zeros() as usize;
        self.0 &= self.0.wrapping_sub(1);
        (cell < 128).then_some(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Euler example's solution.
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    /// The 9×9 graph, the Euler example's solution, and every cell given.
    fn solved_sudoku() -> (ConstraintGraph, Vec<u8>, Givens) {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let solution: Vec<u8> = SOLVED.bytes().map(|b| b - b'1').collect();
        let mut givens = Givens::new(&graph);
        givens.fill(&solution);
        (graph, solution, givens)
    }

    #[test]
    fn singles_are_forced_and_open_cells_are_not() {
        let (graph, solution, mut givens) = solved_sudoku();
        // One cell missing: its peers hold the 8 other digits.
        givens.remove(0);
        assert!(givens.forced(0, solution[0]));
        assert!(givens.determined(0, solution[0]));
        assert!(!givens.determined(0, (solution[0] + 1) % 9));
        // Row 1 empty: each cell still sees its column and box, so each is
        // still forced (naked singles from the other rows).
        for cell in 1..9 {
            givens.remove(cell);
        }
        assert!((0..9).all(|c| givens.forced(c, solution[c])));
        // Box 1 empty too: r1c1 is still a hidden single in row 1 (4 is in
        // boxes 2 and 3, and in columns 2 and 3 below the box).
        for cell in [9, 10, 11, 18, 19, 20] {
            givens.remove(cell);
        }
        assert!(givens.forced(0, solution[0]));
        // Two whole boxes empty: no cell of them is a single at once, but
        // singles elsewhere in their rows and columns settle them in turn.
        for cell in [3, 4, 5, 12, 13, 14, 21, 22, 23] {
            givens.remove(cell);
        }
        assert!(!givens.forced(3, solution[3]) && givens.determined(3, solution[3]));
        // With no givens at all nothing is forced.
        for cell in 0..81 {
            givens.remove(cell);
        }
        assert!((0..81).all(|c| !givens.forced(c, solution[c])));
        assert!(!givens.determined(40, solution[40]));
        // Restoring puts the counts back.
        for (cell, &colour) in solution.iter().enumerate() {
            givens.restore(cell, colour);
        }
        let mut fresh = Givens::new(&graph);
        fresh.fill(&solution);
        assert_eq!(givens.counts, fresh.counts);
        assert_eq!(givens.chain_givens, fresh.chain_givens);
    }

    /// The size of the chain of each cell and colour (0 for none).
    fn chain_sizes(givens: &Givens) -> Vec<u32> {
        let sizes = |id: &u32| match *id {
            NO_CHAIN => 0,
            id => givens.chain_givens[id as usize],
        };
        givens.chain_of.iter().map(sizes).collect()
    }

    #[test]
    fn chains_by_words_and_by_lists_agree() {
        for variant in ["sudoku9", "anti-knight", "pie"] {
            let graph = ConstraintGraph::load(variant).unwrap();
            let solver = crate::Solver::new(&graph);
            let empty = crate::Puzzle::empty(graph.len());
            let solution = solver.solve(&empty).unwrap();
            let mut words = Givens::new(&graph);
            words.fill(solution.colours());
            let mut lists = Givens::new(&graph);
            lists.peers.clear();
            lists.fill(solution.colours());
            assert_eq!(chain_sizes(&words), chain_sizes(&lists), "{variant}");
            assert!(chain_sizes(&words).iter().any(|&n| n > 0), "{variant}");
        }
    }

    #[test]
    fn an_empty_kempe_chain_means_a_second_solution() {
        let (graph, solution, mut givens) = solved_sudoku();
        // Find a chain of 4 cells (a deadly rectangle) if the grid has one,
        // else any chain: empty it but for one cell.
        let k = 9;
        let id = (0..givens.chain_givens.len())
            .min_by_key(|&id| givens.chain_givens[id])
            .unwrap() as u32;
        let cells: Vec<usize> = (0..81)
            .filter(|&c| givens.chain_of[c * k..(c + 1) * k].contains(&id))
            .collect();
        assert_eq!(cells.len() as u32, givens.chain_givens[id as usize]);
        for &c in &cells[1..] {
            givens.remove(c);
            assert!(!givens.unguarded(cells[0]));
        }
        givens.remove(cells[0]);
        assert!(cells.iter().all(|&c| givens.unguarded(c)));
        // And the swap on it is indeed another solution: the solver agrees
        // that the puzzle without the chain's cells is not unique.
        let mut puzzle: Vec<Option<u8>> = solution.iter().map(|&c| Some(c)).collect();
        for &c in &cells {
            puzzle[c] = None;
        }
        let solver = crate::Solver::new(&graph);
        assert_eq!(solver.count(&crate::Puzzle::new(puzzle), 2), 2);
        // One given back guards it again.
        givens.restore(cells[0], solution[cells[0]]);
        assert!(!givens.unguarded(cells[0]));
    }
}
