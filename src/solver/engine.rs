//! The search: flat tables compiled from the graph, propagation to a fixed point,
//! and a depth-first walk over DSATUR-chosen branches that yields solutions one by one.

use super::Stats;
use super::bits::Bits;
use super::dsatur::select;
use crate::graph::ConstraintGraph;
use crate::puzzle::Puzzle;

/// Propagation found a cell with no candidate, or a symbol with no place in a house.
#[derive(Debug)]
pub(crate) struct Contradiction;

/// The graph flattened for the search: peers and full houses as index arrays.
#[derive(Debug, Clone)]
pub(crate) struct Tables<B> {
    /// Every colour.
    full: B,
    /// The candidates of each cell before any given: its allowed colours.
    initial: Vec<B>,
    /// `peers[peer_start[c]..peer_start[c + 1]]` are the neighbours of cell `c`.
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    /// Houses with one cell per symbol, where every symbol must appear (hidden singles).
    house_start: Vec<u32>,
    house_cells: Vec<u32>,
    /// Number of neighbours of each cell, capped to fit.
    degree: Vec<u16>,
}

impl<B: Bits> Tables<B> {
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        let k = graph.alphabet().len();
        assert!(k <= B::CAPACITY, "bitset too narrow for {k} symbols");
        let g = graph.graph();
        let mut peer_start = vec![0];
        let mut peers = Vec::with_capacity(2 * g.edge_count());
        let mut degree = Vec::with_capacity(g.node_count());
        for node in g.node_indices() {
            let before = peers.len();
            peers.extend(g.neighbors(node).map(|n| n.index() as u32));
            peers[before..].sort_unstable();
            degree.push((peers.len() - before).min(u16::MAX as usize) as u16);
            peer_start.push(peers.len() as u32);
        }
        let mut house_start = vec![0];
        let mut house_cells = Vec::new();
        for house in graph.houses().iter().filter(|h| h.cells.len() == k) {
            house_cells.extend(house.cells.iter().map(|&c| c as u32));
            house_start.push(house_cells.len() as u32);
        }
        let initial = (0..graph.len())
            .map(|cell| match graph.allowed(cell) {
                None => B::first(k),
                Some(colours) => colours
                    .iter()
                    .fold(B::ZERO, |set, &c| set | B::bit(c as usize)),
            })
            .collect();
        Tables {
            full: B::first(k),
            initial,
            peer_start,
            peers,
            house_start,
            house_cells,
            degree,
        }
    }

    fn cells(&self) -> usize {
        self.degree.len()
    }

    #[inline(always)]
    fn peers(&self, cell: usize) -> &[u32] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// Decides every queued cell (its candidate set is already a single colour),
    /// removing that colour from its peers; then places hidden singles; repeats
    /// until nothing changes.
    fn propagate(&self, state: &mut State<B>, queue: &mut Vec<u32>) -> Result<(), Contradiction> {
        loop {
            while let Some(cell) = queue.pop() {
                self.decide(state, cell as usize, queue)?;
            }
            if state.undecided == 0 || !self.hidden_singles(state, queue)? {
                return Ok(());
            }
        }
    }

    /// Naked singles: `cell` holds one colour, which its peers lose.
    #[inline(always)]
    fn decide(
        &self,
        state: &mut State<B>,
        cell: usize,
        queue: &mut Vec<u32>,
    ) -> Result<(), Contradiction> {
        let colour = state.candidates[cell];
        state.undecided -= 1;
        for &peer in self.peers(cell) {
            let peer = peer as usize;
            state.free_degree[peer] = state.free_degree[peer].saturating_sub(1);
            let set = state.candidates[peer];
            if set & colour != B::ZERO {
                let left = set ^ colour;
                if left == B::ZERO {
                    return Err(Contradiction);
                }
                state.candidates[peer] = left;
                if !left.several() {
                    queue.push(peer as u32);
                }
            }
        }
        Ok(())
    }

    /// Hidden singles: in a full house, a colour with one possible cell goes there.
    /// Returns whether any cell was decided (and queued).
    fn hidden_singles(
        &self,
        state: &mut State<B>,
        queue: &mut Vec<u32>,
    ) -> Result<bool, Contradiction> {
        let mut found = false;
        for h in 0..self.house_start.len() - 1 {
            let cells =
                &self.house_cells[self.house_start[h] as usize..self.house_start[h + 1] as usize];
            let (mut once, mut twice, mut decided) = (B::ZERO, B::ZERO, B::ZERO);
            for &cell in cells {
                let set = state.candidates[cell as usize];
                twice |= once & set;
                once |= set;
                if !set.several() {
                    decided |= set;
                }
            }
            if once != self.full {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice & !decided;
            while hidden != B::ZERO {
                let colour = hidden.lowest();
                hidden ^= colour;
                // None: an earlier hidden single of this house took the only cell.
                let cell = cells
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| state.candidates[c] & colour != B::ZERO)
                    .ok_or(Contradiction)?;
                state.candidates[cell] = colour;
                queue.push(cell as u32);
                found = true;
            }
        }
        Ok(found)
    }
}

/// What the search knows at one depth.
#[derive(Debug, Clone)]
struct State<B> {
    candidates: Vec<B>,
    /// Undecided neighbours per cell (the DSATUR tie-break).
    free_degree: Vec<u16>,
    undecided: usize,
}

impl<B: Bits> State<B> {
    fn copy_from(&mut self, other: &Self) {
        self.candidates.copy_from_slice(&other.candidates);
        self.free_degree.copy_from_slice(&other.free_degree);
        self.undecided = other.undecided;
    }
}

/// A branch point: the cell chosen at this depth and the colours not yet tried.
#[derive(Debug, Clone, Copy)]
struct Frame<B> {
    cell: usize,
    untried: B,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Propagating the givens decided every cell: one solution, not yet reported.
    SolvedAtRoot,
    /// Walking the tree.
    Branching,
    /// Nothing left.
    Done,
}

/// A depth-first search over one puzzle that yields its solutions in turn.
#[derive(Debug, Clone)]
pub(crate) struct Search<'t, B> {
    tables: &'t Tables<B>,
    /// `states[d]` is the propagated state at depth `d`; kept to reuse its memory.
    states: Vec<State<B>>,
    /// `frames[d]` branches on a cell of `states[d]`.
    frames: Vec<Frame<B>>,
    queue: Vec<u32>,
    phase: Phase,
    stats: Stats,
}

impl<'t, B: Bits> Search<'t, B> {
    pub(crate) fn new(tables: &'t Tables<B>, puzzle: &Puzzle) -> Self {
        let n = tables.cells();
        assert_eq!(
            puzzle.givens().len(),
            n,
            "the puzzle does not fit the graph"
        );
        let root = State {
            candidates: tables.initial.clone(),
            free_degree: tables.degree.clone(),
            undecided: n,
        };
        let mut search = Search {
            tables,
            states: vec![root],
            frames: Vec::new(),
            queue: Vec::with_capacity(n),
            phase: Phase::Done,
            stats: Stats::default(),
        };
        search.start(puzzle);
        search
    }

    /// Applies the givens and propagates; sets the phase.
    fn start(&mut self, puzzle: &Puzzle) {
        let root = &mut self.states[0];
        self.stats.nodes += 1;
        for (cell, given) in puzzle.givens().iter().enumerate() {
            if let Some(colour) = *given {
                let colour = colour as usize;
                if colour >= B::CAPACITY || B::bit(colour) & root.candidates[cell] == B::ZERO {
                    self.stats.backtracks += 1; // not a symbol, or not allowed here
                    return;
                }
                root.candidates[cell] = B::bit(colour);
            }
        }
        for (cell, &set) in root.candidates.iter().enumerate() {
            if set == B::ZERO {
                self.stats.backtracks += 1;
                return;
            }
            if !set.several() {
                self.queue.push(cell as u32);
            }
        }
        if self.tables.propagate(root, &mut self.queue).is_err() {
            self.stats.backtracks += 1;
            return;
        }
        match select(&root.candidates, &root.free_degree) {
            None => self.phase = Phase::SolvedAtRoot,
            Some(cell) => {
                self.frames.push(Frame {
                    cell,
                    untried: root.candidates[cell],
                });
                self.phase = Phase::Branching;
            }
        }
    }

    /// Advances to the next solution; its colours are then in [`Self::candidates`].
    /// Returns false when there are no more.
    pub(crate) fn advance(&mut self) -> bool {
        match self.phase {
            Phase::Done => return false,
            Phase::SolvedAtRoot => {
                self.phase = Phase::Done;
                self.frames.clear();
                return true;
            }
            Phase::Branching => {}
        }
        while let Some(frame) = self.frames.last_mut() {
            if frame.untried == B::ZERO {
                self.frames.pop();
                continue;
            }
            let colour = frame.untried.lowest();
            frame.untried ^= colour;
            let cell = frame.cell;
            let depth = self.frames.len();
            if self.states.len() == depth {
                let copy = self.states[depth - 1].clone();
                self.states.push(copy);
            } else {
                let (parents, children) = self.states.split_at_mut(depth);
                children[0].copy_from(&parents[depth - 1]);
            }
            self.stats.nodes += 1;
            let state = &mut self.states[depth];
            state.candidates[cell] = colour;
            self.queue.clear();
            self.queue.push(cell as u32);
            if self.tables.propagate(state, &mut self.queue).is_err() {
                self.stats.backtracks += 1;
                continue;
            }
            match select(&state.candidates, &state.free_degree) {
                None => return true,
                Some(next) => self.frames.push(Frame {
                    cell: next,
                    untried: state.candidates[next],
                }),
            }
        }
        self.phase = Phase::Done;
        false
    }

    /// The colours of the solution [`Self::advance`] just found.
    pub(crate) fn colours(&self) -> Vec<u8> {
        self.states[self.frames.len()]
            .candidates
            .iter()
            .map(|set| set.index() as u8)
            .collect()
    }

    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }
}
