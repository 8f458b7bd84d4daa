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
    /// `cell_houses[cell_house_start[c]..cell_house_start[c + 1]]`: the full houses of cell `c`.
    cell_house_start: Vec<u32>,
    cell_houses: Vec<u32>,
    /// Pairs of full houses that share two cells or more, for locked candidates.
    meets: Vec<Meet>,
    /// The cells of every meet: its shared cells, then those only in the first
    /// house, then those only in the second.
    meet_cells: Vec<u32>,
}

/// Where two full houses meet: lengths of the three parts of its cells in `meet_cells`.
#[derive(Debug, Clone, Copy)]
struct Meet {
    start: u32,
    shared: u32,
    only_first: u32,
    only_second: u32,
}

impl<B: Bits> Tables<B> {
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        let k = graph.alphabet().len();
        assert!(k <= B::CAPACITY, "bitset too narrow for {k} symbols");
        let g = graph.graph();
        let mut peer_start = vec![0];
        let mut peers = Vec::with_capacity(2 * g.edge_count());
        for node in g.node_indices() {
            let before = peers.len();
            peers.extend(g.neighbors(node).map(|n| n.index() as u32));
            peers[before..].sort_unstable();
            peer_start.push(peers.len() as u32);
        }
        let mut house_start = vec![0];
        let mut house_cells = Vec::new();
        let mut houses_of = vec![Vec::new(); graph.len()];
        for house in graph.houses().iter().filter(|h| h.cells.len() == k) {
            for &cell in &house.cells {
                houses_of[cell].push((house_start.len() - 1) as u32);
            }
            house_cells.extend(house.cells.iter().map(|&c| c as u32));
            house_start.push(house_cells.len() as u32);
        }
        let full: Vec<&[usize]> = graph
            .houses()
            .iter()
            .filter(|h| h.cells.len() == k)
            .map(|h| h.cells.as_slice())
            .collect();
        let (meets, meet_cells) = meets(&full, graph.len());
        let mut cell_house_start = vec![0];
        let mut cell_houses = Vec::new();
        for houses in houses_of {
            cell_houses.extend(houses);
            cell_house_start.push(cell_houses.len() as u32);
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
            cell_house_start,
            cell_houses,
            meets,
            meet_cells,
        }
    }

    fn houses(&self) -> usize {
        self.house_start.len() - 1
    }

    fn cells(&self) -> usize {
        self.initial.len()
    }

    #[inline(always)]
    fn peers(&self, cell: usize) -> &[u32] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// Decides every queued cell (its candidate set is already a single colour),
    /// removing that colour from its peers; then places hidden singles, then
    /// applies locked candidates; repeats until nothing changes.
    ///
    /// Locked candidates are applied only while more than `locked_above` cells are
    /// undecided: they prune well high in the tree and cost more than they save
    /// near the leaves.
    fn propagate(
        &self,
        state: &mut State<B>,
        queue: &mut Vec<u32>,
        locked_above: usize,
    ) -> Result<(), Contradiction> {
        loop {
            self.decide_queued(state, queue)?;
            if state.undecided == 0 {
                return Ok(());
            }
            if self.hidden_singles(state, queue)? {
                continue;
            }
            if state.undecided <= locked_above || !self.locked_candidates(state, queue)? {
                return Ok(());
            }
        }
    }

    fn decide_queued(
        &self,
        state: &mut State<B>,
        queue: &mut Vec<u32>,
    ) -> Result<(), Contradiction> {
        while let Some(cell) = queue.pop() {
            self.decide(state, cell as usize, queue)?;
        }
        Ok(())
    }

    #[inline(always)]
    fn houses_of(&self, cell: usize) -> &[u32] {
        &self.cell_houses
            [self.cell_house_start[cell] as usize..self.cell_house_start[cell + 1] as usize]
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
        for &house in self.houses_of(cell) {
            state.placed[house as usize] |= colour;
        }
        let candidates = &mut state.candidates[..];
        for &peer in self.peers(cell) {
            let peer = peer as usize;
            debug_assert!(peer < candidates.len());
            // SAFETY: `Tables::new` takes peers from the graph's node indices, all
            // below `cells()`, and every state holds exactly `cells()` entries.
            // (Bounds checks here cost a quarter of the solver's time.)
            let set = unsafe { candidates.get_unchecked_mut(peer) };
            if *set & colour != B::ZERO {
                let left = *set ^ colour;
                if left == B::ZERO {
                    return Err(Contradiction);
                }
                *set = left;
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
        for h in 0..self.houses() {
            found |= self.hidden_singles_in(h, state, queue)?;
        }
        Ok(found)
    }

    /// Hidden singles of house `h`, each decided at once.
    fn hidden_singles_in(
        &self,
        h: usize,
        state: &mut State<B>,
        queue: &mut Vec<u32>,
    ) -> Result<bool, Contradiction> {
        let mut found = false;
        let placed = state.placed[h];
        if placed == self.full {
            return Ok(false);
        }
        let cells =
            &self.house_cells[self.house_start[h] as usize..self.house_start[h + 1] as usize];
        let (mut once, mut twice) = (B::ZERO, B::ZERO);
        for &cell in cells {
            debug_assert!((cell as usize) < state.candidates.len());
            // SAFETY: house cells are cell indices below `cells()` (see `decide`).
            let set = unsafe { *state.candidates.get_unchecked(cell as usize) };
            twice |= once & set;
            once |= set;
        }
        if once != self.full {
            return Err(Contradiction);
        }
        let mut hidden = once & !twice & !placed;
        while hidden != B::ZERO {
            let colour = hidden.lowest();
            hidden ^= colour;
            // None: an earlier hidden single of this sweep took the only cell.
            let cell = cells
                .iter()
                .map(|&c| c as usize)
                .find(|&c| state.candidates[c] & colour != B::ZERO)
                .ok_or(Contradiction)?;
            // A single already (decided by another house in this sweep): queued once.
            if state.candidates[cell].several() {
                state.candidates[cell] = colour;
                // Deciding at once lets the rest of this sweep see the consequences.
                queue.push(cell as u32);
                self.decide_queued(state, queue)?;
                found = true;
            }
        }
        Ok(found)
    }
}

impl<B: Bits> Tables<B> {
    /// The cell to branch on next (see [`select`]).
    fn select(&self, candidates: &[B]) -> Option<usize> {
        select(candidates, |cell| {
            self.peers(cell)
                .iter()
                .filter(|&&p| candidates[p as usize].several())
                .count()
        })
    }

    /// Locked candidates: where two full houses meet, a colour that one house can
    /// only place in the shared cells is removed from the other house's other cells.
    /// Returns whether any candidate was removed.
    fn locked_candidates(
        &self,
        state: &mut State<B>,
        queue: &mut Vec<u32>,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        let candidates = &mut state.candidates[..];
        for meet in &self.meets {
            let start = meet.start as usize;
            let cells = &self.meet_cells[start..];
            let (shared, rest) = cells.split_at(meet.shared as usize);
            let (only_first, rest) = rest.split_at(meet.only_first as usize);
            let only_second = &rest[..meet.only_second as usize];
            let union = |cells: &[u32]| {
                cells
                    .iter()
                    .fold(B::ZERO, |set, &c| set | candidates[c as usize])
            };
            let (inside, first, second) = (union(shared), union(only_first), union(only_second));
            let from_second = inside & !first & second;
            let from_first = inside & !second & first;
            if from_second != B::ZERO {
                self.eliminate(candidates, only_second, from_second, queue)?;
                changed = true;
            }
            if from_first != B::ZERO {
                self.eliminate(candidates, only_first, from_first, queue)?;
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Removes `colours` from `cells`, queueing cells left with one candidate.
    fn eliminate(
        &self,
        candidates: &mut [B],
        cells: &[u32],
        colours: B,
        queue: &mut Vec<u32>,
    ) -> Result<(), Contradiction> {
        for &cell in cells {
            let set = &mut candidates[cell as usize];
            if *set & colours != B::ZERO {
                let left = *set & !colours;
                if left == B::ZERO {
                    return Err(Contradiction);
                }
                *set = left;
                if !left.several() {
                    queue.push(cell);
                }
            }
        }
        Ok(())
    }
}

/// Every pair of `houses` sharing two cells or more, as [`Meet`]s over a flat cell list.
///
/// Pairs are found through the houses of each cell, so the cost grows with the
/// board, not with the square of the number of houses.
fn meets(houses: &[&[usize]], cells: usize) -> (Vec<Meet>, Vec<u32>) {
    let mut houses_of = vec![Vec::new(); cells];
    for (h, house) in houses.iter().enumerate() {
        for &cell in *house {
            houses_of[cell].push(h);
        }
    }
    let mut shared_with = vec![0usize; houses.len()];
    let mut inside = vec![false; cells];
    let mut meets = Vec::new();
    let mut flat = Vec::new();
    for (a, house) in houses.iter().enumerate() {
        shared_with.fill(0);
        for &cell in *house {
            for &b in &houses_of[cell] {
                shared_with[b] += 1;
            }
        }
        for b in (a + 1..houses.len()).filter(|&b| shared_with[b] >= 2) {
            let other = houses[b];
            other.iter().for_each(|&c| inside[c] = true);
            let (shared, only_first): (Vec<usize>, Vec<usize>) =
                house.iter().partition(|&&c| inside[c]);
            other.iter().for_each(|&c| inside[c] = false);
            house.iter().for_each(|&c| inside[c] = true);
            let only_second: Vec<usize> = other.iter().copied().filter(|&c| !inside[c]).collect();
            house.iter().for_each(|&c| inside[c] = false);
            meets.push(Meet {
                start: flat.len() as u32,
                shared: shared.len() as u32,
                only_first: only_first.len() as u32,
                only_second: only_second.len() as u32,
            });
            flat.extend(
                [shared, only_first, only_second]
                    .concat()
                    .iter()
                    .map(|&c| c as u32),
            );
        }
    }
    (meets, flat)
}

/// What the search knows at one depth.
#[derive(Debug, Clone)]
struct State<B> {
    candidates: Vec<B>,
    /// Colours already decided in each full house.
    placed: Vec<B>,
    undecided: usize,
}

impl<B: Bits> State<B> {
    fn copy_from(&mut self, other: &Self) {
        self.candidates.copy_from_slice(&other.candidates);
        self.placed.copy_from_slice(&other.placed);
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
    /// Undecided cells below which locked candidates are skipped.
    locked_above: usize,
    phase: Phase,
    stats: Stats,
}

impl<'t, B: Bits> Search<'t, B> {
    pub(crate) fn new(tables: &'t Tables<B>, puzzle: &Puzzle) -> Self {
        let root = State {
            candidates: tables.initial.clone(),
            placed: vec![B::ZERO; tables.houses()],
            undecided: tables.cells(),
        };
        let mut search = Search {
            tables,
            states: vec![root],
            frames: Vec::new(),
            queue: Vec::with_capacity(tables.cells()),
            locked_above: 0,
            phase: Phase::Done,
            stats: Stats::default(),
        };
        search.restart(puzzle);
        search
    }

    /// Starts over on `puzzle`, reusing the memory of earlier searches.
    pub(crate) fn restart(&mut self, puzzle: &Puzzle) {
        assert_eq!(
            puzzle.givens().len(),
            self.tables.cells(),
            "the puzzle does not fit the graph"
        );
        let root = &mut self.states[0];
        root.candidates.copy_from_slice(&self.tables.initial);
        root.placed.fill(B::ZERO);
        root.undecided = self.tables.cells();
        self.frames.clear();
        self.queue.clear();
        self.phase = Phase::Done;
        self.stats = Stats::default();
        self.start(puzzle);
    }

    /// Applies the givens and propagates; sets the phase.
    fn start(&mut self, puzzle: &Puzzle) {
        let root = &mut self.states[0];
        self.stats.nodes += 1;
        // Half the empty cells (measured against a fixed share of all cells: the
        // same on 17-clue puzzles, top1465 −8% instructions, the pie homework's
        // full count twice as fast; and it keeps working on big boards with many givens).
        self.locked_above = (puzzle.givens().len() - puzzle.clue_count()) / 2;
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
        if self
            .tables
            .propagate(root, &mut self.queue, self.locked_above)
            .is_err()
        {
            self.stats.backtracks += 1;
            return;
        }
        match self.tables.select(&root.candidates) {
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

    /// Advances to the next solution; [`Self::colours`] then reads it.
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
            if self
                .tables
                .propagate(state, &mut self.queue, self.locked_above)
                .is_err()
            {
                self.stats.backtracks += 1;
                continue;
            }
            match self.tables.select(&state.candidates) {
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
