//! Cell-major candidates for big graphs: a colour set per cell, peers as
//! adjacency lists, and a trail of changes instead of a copy per depth, so memory
//! stays linear in the graph (the dense bitboards cost cells² bits, and their
//! hidden singles colours × houses × words per sweep). The house techniques
//! are in `propagate/`, each with a kernel for this store beside the bitboards'.

use super::bits::Bits;
use super::search::{Choice, Contradiction, Store, rank};
use super::shape::Shape;

/// The graph flattened for the search: peers and full houses as index arrays.
#[derive(Debug, Clone)]
pub(crate) struct Tables<B> {
    /// Every colour.
    pub(in crate::solver) full: B,
    /// The candidates of each cell before any given: its allowed colours.
    initial: Vec<B>,
    /// `peers[peer_start[c]..peer_start[c + 1]]` are the neighbours of cell `c`.
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    /// Houses with one cell per colour, where every colour must appear.
    house_start: Vec<u32>,
    house_cells: Vec<u32>,
    /// `cell_houses[cell_house_start[c]..cell_house_start[c + 1]]`: the full houses of cell `c`.
    cell_house_start: Vec<u32>,
    cell_houses: Vec<u32>,
    /// Where two full houses meet: `meet_cells[meets[m]..]` holds its shared
    /// cells, those only in the first house, then those only in the second,
    /// `meet_parts[m]` long each.
    pub(in crate::solver) meets: Vec<u32>,
    pub(in crate::solver) meet_parts: Vec<[u32; 3]>,
    pub(in crate::solver) meet_cells: Vec<u32>,
}

/// Flattens `lists` into one array and the start of each list in it.
fn flatten(lists: impl IntoIterator<Item = impl IntoIterator<Item = u32>>) -> (Vec<u32>, Vec<u32>) {
    let (mut start, mut flat) = (vec![0], Vec::new());
    for list in lists {
        flat.extend(list);
        start.push(flat.len() as u32);
    }
    (start, flat)
}

impl<B: Bits> Tables<B> {
    pub(crate) fn new(shape: &Shape) -> Self {
        let k = shape.colours;
        assert!(k <= B::CAPACITY, "bitset too narrow for {k} colours");
        let (peer_start, peers) = flatten(shape.neighbours.iter().map(|n| n.iter().copied()));
        let (house_start, house_cells) = flatten(shape.houses.iter().map(|h| h.iter().copied()));
        let mut houses_of = vec![Vec::new(); shape.cells()];
        for (h, house) in shape.houses.iter().enumerate() {
            for &cell in house {
                houses_of[cell as usize].push(h as u32);
            }
        }
        let (cell_house_start, cell_houses) = flatten(houses_of);
        let (mut meets, mut meet_parts, mut meet_cells) = (Vec::new(), Vec::new(), Vec::new());
        for meet in &shape.meets() {
            meets.push(meet_cells.len() as u32);
            let parts = [&meet.shared, &meet.only_first, &meet.only_second];
            meet_parts.push(parts.map(|p| p.len() as u32));
            meet_cells.extend(parts.iter().flat_map(|p| p.iter().copied()));
        }
        let initial = (0..shape.cells())
            .map(|cell| match &shape.allowed[cell] {
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
            meet_parts,
            meet_cells,
        }
    }

    fn houses(&self) -> usize {
        self.house_start.len() - 1
    }

    pub(in crate::solver) fn cells(&self) -> usize {
        self.initial.len()
    }

    #[inline(always)]
    pub(in crate::solver) fn peers(&self, cell: usize) -> &[u32] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    #[inline(always)]
    pub(in crate::solver) fn houses_of(&self, cell: usize) -> &[u32] {
        &self.cell_houses
            [self.cell_house_start[cell] as usize..self.cell_house_start[cell + 1] as usize]
    }

    pub(in crate::solver) fn house(&self, h: usize) -> &[u32] {
        &self.house_cells[self.house_start[h] as usize..self.house_start[h + 1] as usize]
    }
}

/// One search's state, with the trail that undoes it.
#[derive(Debug, Clone)]
pub(crate) struct Cells<'t, B> {
    pub(in crate::solver) t: &'t Tables<B>,
    pub(in crate::solver) candidates: Vec<B>,
    /// Colours already decided in each full house.
    pub(in crate::solver) placed: Vec<B>,
    pub(in crate::solver) undecided: usize,
    /// Cells left with one candidate, not yet decided.
    pub(in crate::solver) queue: Vec<u32>,
    /// Old values: of `candidates[i]` for `i` below the cell count, else of
    /// `placed[i - cells]`.
    pub(in crate::solver) trail: Vec<(u32, B)>,
    /// Trail length and undecided count at each save.
    saves: Vec<(usize, usize)>,
    /// An exclusion emptied a cell.
    pub(in crate::solver) failed: bool,
    /// The full houses where a cell changed since hidden singles last looked
    /// (a bit per house), and the ones they are looking at.
    pub(in crate::solver) changed: Vec<u64>,
    pub(in crate::solver) sweep: Vec<u64>,
    /// The length of the trail at the last [`Store::mark`]: the changes since
    /// are the trail's entries from there (`usize::MAX`: none since a reset).
    marked: usize,
    /// Locked candidates are applied only while more cells than this are
    /// undecided (see [`Store::locked_above`]).
    locked_above: usize,
    /// The DSATUR order kept as candidates change, on graphs of more than
    /// [`QUEUE_CELLS`] cells (smaller ones scan every cell instead).
    order: Option<Order>,
}

/// Graphs of more cells than this choose the branching cell from [`Order`]:
/// keeping it costs a heap update per change, which a scan of every cell beats
/// on boards, and which is cheap beside a scan of 20,000. Measured: from
/// 2,048 cells the empty 64×64 took 11% fewer instructions, but the 49×49
/// puzzle with 55% givens 14% more time.
const QUEUE_CELLS: usize = 4096;

/// A cell in no heap.
const NONE: u32 = u32::MAX;

/// The undecided cells in DSATUR order: an indexed binary heap on
/// (candidates, −undecided neighbours, tie-break), the tie-break being the
/// cell's [`rank`]. A change only marks its cell (and, when
/// the cell is decided or undecided again, its neighbours); the heap catches up
/// with the marked cells when asked for the first one, so the many changes a
/// probe makes and undoes cost no heap work.
#[derive(Debug, Clone)]
struct Order {
    /// Undecided neighbours of every cell (kept for decided ones too, for
    /// when a restore brings them back).
    free: Vec<u32>,
    /// The key of each cell in the heap: the least is chosen.
    key: Vec<u128>,
    heap: Vec<u32>,
    /// Where each cell is in `heap`, [`NONE`] when decided.
    pos: Vec<u32>,
    /// Cells changed since the heap last caught up, each once.
    dirty: Vec<u32>,
    marked: Vec<bool>,
    salt: u64,
}

impl Order {
    fn new(cells: usize) -> Self {
        Order {
            free: vec![0; cells],
            key: vec![0; cells],
            heap: Vec::with_capacity(cells),
            pos: vec![NONE; cells],
            dirty: Vec::new(),
            marked: vec![false; cells],
            salt: 0,
        }
    }

    #[inline(always)]
    fn key(&self, cell: usize, count: u32) -> u128 {
        let tie = rank(cell, self.salt);
        (count as u128) << 96 | ((u32::MAX - self.free[cell]) as u128) << 64 | tie as u128
    }

    /// Every undecided cell, its neighbours counted afresh.
    fn build<B: Bits>(&mut self, t: &Tables<B>, candidates: &[B]) {
        self.heap.clear();
        self.pos.fill(NONE);
        for (cell, set) in candidates.iter().enumerate() {
            let peers = t.peers(cell).iter();
            self.free[cell] = peers.filter(|&&p| candidates[p as usize].several()).count() as u32;
            if set.several() {
                self.pos[cell] = self.heap.len() as u32;
                self.heap.push(cell as u32);
            }
        }
        self.rekey_all(candidates);
    }

    /// Every key made afresh (for a new salt, or after a build).
    fn rekey_all<B: Bits>(&mut self, candidates: &[B]) {
        for i in 0..self.heap.len() {
            let cell = self.heap[i] as usize;
            self.key[cell] = self.key(cell, candidates[cell].count());
        }
        for i in (0..self.heap.len() / 2).rev() {
            self.down(i);
        }
        for &cell in &self.dirty {
            self.marked[cell as usize] = false;
        }
        self.dirty.clear();
    }

    #[inline(always)]
    fn place(&mut self, i: usize, cell: u32) {
        self.heap[i] = cell;
        self.pos[cell as usize] = i as u32;
    }

    fn up(&mut self, mut i: usize) {
        let cell = self.heap[i];
        let key = self.key[cell as usize];
        while i > 0 {
            let parent = (i - 1) / 2;
            let above = self.heap[parent];
            if self.key[above as usize] <= key {
                break;
            }
            self.place(i, above);
            i = parent;
        }
        self.place(i, cell);
    }

    fn down(&mut self, mut i: usize) {
        let cell = self.heap[i];
        let key = self.key[cell as usize];
        let len = self.heap.len();
        loop {
            let mut child = 2 * i + 1;
            if child >= len {
                break;
            }
            if child + 1 < len
                && self.key[self.heap[child + 1] as usize] < self.key[self.heap[child] as usize]
            {
                child += 1;
            }
            let below = self.heap[child];
            if self.key[below as usize] >= key {
                break;
            }
            self.place(i, below);
            i = child;
        }
        self.place(i, cell);
    }

    #[inline(always)]
    fn mark(&mut self, cell: usize) {
        if !self.marked[cell] {
            self.marked[cell] = true;
            self.dirty.push(cell as u32);
        }
    }

    /// Notes that `cell` went from `old` to `new` candidates.
    #[inline(always)]
    fn changed<B: Bits>(&mut self, t: &Tables<B>, cell: usize, old: B, new: B) {
        self.mark(cell);
        if old.several() != new.several() {
            for &p in t.peers(cell) {
                let p = p as usize;
                if new.several() {
                    self.free[p] += 1;
                } else {
                    self.free[p] -= 1;
                }
                self.mark(p);
            }
        }
    }

    /// Puts a marked cell where its candidates and neighbours now place it.
    fn settle<B: Bits>(&mut self, cell: usize, set: B) {
        let i = self.pos[cell];
        if set.several() {
            let key = self.key(cell, set.count());
            if i == NONE {
                self.key[cell] = key;
                self.pos[cell] = self.heap.len() as u32;
                self.heap.push(cell as u32);
                self.up(self.heap.len() - 1);
            } else if key != self.key[cell] {
                let old = std::mem::replace(&mut self.key[cell], key);
                if key < old {
                    self.up(i as usize);
                } else {
                    self.down(i as usize);
                }
            }
        } else if i != NONE {
            self.pos[cell] = NONE;
            let last = self.heap.pop().expect("an undecided cell is in the heap");
            let i = i as usize;
            if i < self.heap.len() {
                self.place(i, last);
                self.up(i);
                self.down(self.pos[last as usize] as usize);
            }
        }
    }

    /// The first cell, once the heap has caught up, with keys made for `salt`.
    fn first<B: Bits>(&mut self, salt: u64, candidates: &[B]) -> Option<usize> {
        while let Some(cell) = self.dirty.pop() {
            let cell = cell as usize;
            self.marked[cell] = false;
            self.settle(cell, candidates[cell]);
        }
        if salt != self.salt {
            self.salt = salt;
            self.rekey_all(candidates);
        }
        self.heap.first().map(|&c| c as usize)
    }
}

impl<'t, B: Bits> Cells<'t, B> {
    pub(crate) fn new(t: &'t Tables<B>) -> Self {
        Cells {
            t,
            candidates: t.initial.clone(),
            placed: vec![B::ZERO; t.houses()],
            undecided: t.cells(),
            queue: Vec::new(),
            trail: Vec::new(),
            saves: Vec::new(),
            failed: false,
            changed: vec![0; t.houses().div_ceil(64)],
            sweep: vec![0; t.houses().div_ceil(64)],
            locked_above: 0,
            marked: 0,
            order: (t.cells() > QUEUE_CELLS).then(|| Order::new(t.cells())),
        }
    }

    /// A store that keeps the DSATUR order in a heap (`queue`) or scans for it.
    #[cfg(test)]
    fn with_queue(t: &'t Tables<B>, queue: bool) -> Self {
        let mut cells = Cells::new(t);
        cells.order = queue.then(|| Order::new(t.cells()));
        cells
    }

    #[inline(always)]
    pub(in crate::solver) fn set(&mut self, cell: usize, value: B) {
        let old = self.candidates[cell];
        self.trail.push((cell as u32, old));
        self.candidates[cell] = value;
        for &h in self.t.houses_of(cell) {
            self.changed[h as usize / 64] |= 1 << (h % 64);
        }
        if let Some(order) = &mut self.order {
            order.changed(self.t, cell, old, value);
        }
    }

    /// Removes `colours` from `cell`, queueing it when one candidate is left.
    #[inline(always)]
    pub(in crate::solver) fn remove(
        &mut self,
        cell: usize,
        colours: B,
    ) -> Result<(), Contradiction> {
        let set = self.candidates[cell];
        if set & colours != B::ZERO {
            let left = set & !colours;
            if left == B::ZERO {
                return Err(Contradiction);
            }
            self.set(cell, left);
            if !left.several() {
                self.queue.push(cell as u32);
            }
        }
        Ok(())
    }

    /// DSATUR: the undecided cell with the fewest candidates, ties broken by the
    /// most undecided neighbours (counted for the tied cells only), then the
    /// lowest index (or [`mix`]ed index, for a salt other than 0). From the
    /// heap when there is one, else by a scan of every cell.
    fn select(&mut self, salt: u64) -> Option<(usize, u32)> {
        if let Some(order) = &mut self.order {
            let cell = order.first(salt, &self.candidates)?;
            return Some((cell, self.candidates[cell].count()));
        }
        self.scan(salt)
    }

    /// [`Cells::select`] by looking at every cell.
    fn scan(&self, salt: u64) -> Option<(usize, u32)> {
        let fewest = self
            .candidates
            .iter()
            .filter(|s| s.several())
            .map(|s| s.count())
            .min()?;
        let free = |cell: usize| {
            let peers = self.t.peers(cell).iter();
            peers
                .filter(|&&p| self.candidates[p as usize].several())
                .count()
        };
        let mut best: Option<(usize, (usize, u64))> = None;
        for (cell, set) in self.candidates.iter().enumerate() {
            if set.several() && set.count() == fewest {
                let free = free(cell);
                let key = (free, u64::MAX - rank(cell, salt));
                if best.is_none_or(|(_, most)| key > most) {
                    best = Some((cell, key));
                }
            }
        }
        best.map(|(cell, _)| (cell, fewest))
    }

    /// The candidate of `cell` that the fewest undecided neighbours may still
    /// take (see the dense store's); ties go to the lowest [`rank`].
    fn least_constraining(&self, cell: usize, salt: u64) -> usize {
        let peers = self.t.peers(cell);
        let mut best = (usize::MAX, u64::MAX, 0);
        let mut set = self.candidates[cell];
        while set != B::ZERO {
            let s = set.index();
            set ^= set.lowest();
            let bit = B::bit(s);
            let takers = peers.iter();
            let takers = takers.filter(|&&p| self.candidates[p as usize] & bit != B::ZERO);
            let key = (takers.count(), rank(s, salt));
            if key < (best.0, best.1) {
                best = (key.0, key.1, s);
            }
        }
        best.2
    }

    /// The colour with the fewest places (2 or more, below `below`, at most
    /// [`PLACE_LEVELS`]) in a full house it is not placed in yet, and its
    /// first place there: a tighter choice than any cell's, as exact cover
    /// branches on the constraint with the fewest options.
    fn tightest_place(&self, below: u32) -> Option<(usize, usize)> {
        let t = self.t;
        let most = (below as usize - 1).min(PLACE_LEVELS);
        let mut best: Option<(usize, usize, B)> = None;
        for h in 0..t.houses() {
            let placed = self.placed[h];
            if placed == t.full {
                continue;
            }
            // `more[i]`: the colours with more than `i` places in the house.
            let mut more = [B::ZERO; PLACE_LEVELS + 1];
            for &cell in t.house(h) {
                let set = self.candidates[cell as usize];
                if set.several() {
                    for i in (1..=most).rev() {
                        more[i] |= more[i - 1] & set;
                    }
                    more[0] |= set;
                }
            }
            let limit = best.map_or(most, |(n, ..)| n - 1);
            if let Some(n) = (2..=limit).find(|&n| more[n - 1] & !more[n] & !placed != B::ZERO) {
                best = Some((n, h, (more[n - 1] & !more[n] & !placed).lowest()));
                if n == 2 {
                    break;
                }
            }
        }
        let (_, h, colour) = best?;
        let cell = t.house(h).iter().map(|&c| c as usize);
        let cell = cell
            .filter(|&c| self.candidates[c].several())
            .find(|&c| self.candidates[c] & colour != B::ZERO)?;
        Some((colour.index(), cell))
    }
}

/// The most places a colour may have in a house to be branched on there.
const PLACE_LEVELS: usize = 8;

impl<B: Bits> Store for Cells<'_, B> {
    type Set = B;

    fn reset(&mut self, givens: &[Option<u8>]) -> Result<(), Contradiction> {
        let t = self.t;
        assert_eq!(givens.len(), t.cells(), "the puzzle does not fit the graph");
        self.candidates.copy_from_slice(&t.initial);
        self.placed.fill(B::ZERO);
        self.undecided = t.cells();
        self.queue.clear();
        self.trail.clear();
        // Not marked since: every cell is new.
        self.marked = usize::MAX;
        self.saves.clear();
        self.failed = false;
        // Every house is to be looked at.
        self.changed.fill(0);
        for h in 0..t.houses() {
            self.changed[h / 64] |= 1 << (h % 64);
        }
        for (cell, given) in givens.iter().enumerate() {
            if let Some(colour) = *given {
                let colour = colour as usize;
                if colour >= B::CAPACITY || B::bit(colour) & self.candidates[cell] == B::ZERO {
                    return Err(Contradiction); // not a colour, or not allowed here
                }
                self.candidates[cell] = B::bit(colour);
            }
        }
        // Half the empty cells (measured: the same on 17-clue puzzles, top1465
        // −8% instructions, the pie homework's full count twice as fast).
        self.locked_above = givens.iter().filter(|g| g.is_none()).count() / 2;
        for (cell, &set) in self.candidates.iter().enumerate() {
            if set == B::ZERO {
                return Err(Contradiction);
            }
            if !set.several() {
                self.queue.push(cell as u32);
            }
        }
        if let Some(order) = &mut self.order {
            order.build(t, &self.candidates);
        }
        Ok(())
    }

    fn choose(&mut self, salt: u64, seeking: bool) -> Choice {
        let Some((cell, fewest)) = self.select(salt) else {
            return Choice::Solved;
        };
        // After propagation a colour has two places or more in each open
        // house, so with two candidates in some cell no place can be tighter.
        if fewest > 2
            && let Some((colour, cell)) = self.tightest_place(fewest)
        {
            return Choice::Branch { cell, colour };
        }
        let colour = match seeking {
            true => self.least_constraining(cell, salt),
            false => self.candidates[cell].index(),
        };
        Choice::Branch { cell, colour }
    }

    fn save(&mut self) {
        self.saves.push((self.trail.len(), self.undecided));
    }

    fn restore(&mut self) {
        let (length, undecided) = self.saves.pop().expect("a saved state");
        let cells = self.t.cells();
        let t = self.t;
        for (i, old) in self.trail.drain(length..).rev() {
            match (i as usize).checked_sub(cells) {
                None => {
                    let cell = i as usize;
                    let now = self.candidates[cell];
                    self.candidates[cell] = old;
                    if let Some(order) = &mut self.order {
                        order.changed(t, cell, now, old);
                    }
                }
                Some(h) => self.placed[h] = old,
            }
        }
        self.undecided = undecided;
        self.queue.clear();
        self.failed = false;
        // A saved state is propagated: only what changes from here is new.
        self.changed.fill(0);
    }

    fn assign(&mut self, cell: usize, colour: usize) {
        self.set(cell, B::bit(colour));
        self.queue.push(cell as u32);
    }

    fn exclude(&mut self, cell: usize, colours: B) {
        if self.remove(cell, colours).is_err() {
            self.failed = true;
        }
    }

    fn exclude_seen_by_all(&mut self, cells: &[u32], colour: usize) -> Result<bool, Contradiction> {
        let t = self.t;
        let Some((&first, rest)) = cells.split_first() else {
            return Ok(false);
        };
        let bit = B::bit(colour);
        let mut removed = false;
        for &p in t.peers(first as usize) {
            let seen = rest
                .iter()
                .all(|&c| c != p && t.peers(c as usize).binary_search(&p).is_ok());
            if seen && !cells.contains(&p) && self.candidates[p as usize] & bit != B::ZERO {
                self.remove(p as usize, bit)?;
                removed = true;
            }
        }
        Ok(removed)
    }

    fn solution(&self) -> Vec<u8> {
        self.candidates.iter().map(|s| s.index() as u8).collect()
    }

    fn cell_candidates(&self, cell: usize) -> B {
        self.candidates[cell]
    }

    fn pairs(&self, out: &mut Vec<(u32, B)>) {
        let pairs = self.candidates.iter().enumerate();
        let pairs = pairs.filter(|(_, set)| set.count() == 2);
        out.extend(pairs.map(|(cell, &set)| (cell as u32, set)));
    }

    fn undecided_cells(&self, out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.candidates.len().div_ceil(64), 0);
        for (cell, set) in self.candidates.iter().enumerate() {
            out[cell / 64] |= ((set.count() > 1) as u64) << (cell % 64);
        }
    }

    fn undecided(&self) -> usize {
        self.undecided
    }

    fn locked_above(&self) -> usize {
        self.locked_above
    }

    fn mark(&mut self) {
        self.marked = self.trail.len();
    }

    /// From the trail: every change of a cell's candidates is on it (the
    /// givens of a reset are not: after a reset every cell is new).
    fn changed(&mut self, out: &mut Vec<u32>) {
        let cells = self.t.cells() as u32;
        match self.marked {
            usize::MAX => out.extend(0..cells),
            // A restore may have cut the trail below the mark.
            from => {
                let trail = &self.trail[from.min(self.trail.len())..];
                out.extend(trail.iter().map(|&(i, _)| i).filter(|&i| i < cells));
            }
        }
        self.marked = self.trail.len();
    }
}

#[cfg(test)]
mod tests {
    use super::super::propagate::{Depth, houses};
    use super::*;

    /// A random graph on `n` cells with `k` colours, each pair adjacent with
    /// probability `percent`/100 (xorshift, so the test needs no generator).
    fn shape(n: usize, k: usize, percent: u64, mut seed: u64) -> Shape {
        let mut neighbours = vec![Vec::new(); n];
        for a in 0..n {
            for b in a + 1..n {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 100 < percent {
                    neighbours[a].push(b as u32);
                    neighbours[b].push(a as u32);
                }
            }
        }
        Shape {
            colours: k,
            neighbours,
            houses: Vec::new(),
            allowed: vec![None; n],
        }
    }

    /// The heap picks what the scan picks, for every salt, along a random walk
    /// of assignments, exclusions and restores.
    #[test]
    fn the_queue_chooses_as_the_scan_does() {
        for seed in 1..=20u64 {
            let shape = shape(
                40 + seed as usize,
                4 + seed as usize % 3,
                6 + seed % 5,
                seed,
            );
            let t: Tables<u32> = Tables::new(&shape);
            let (mut queue, mut scan) = (Cells::with_queue(&t, true), Cells::with_queue(&t, false));
            let givens = vec![None; shape.cells()];
            assert!(queue.reset(&givens).is_ok() && scan.reset(&givens).is_ok());
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut checked = 0;
            for step in 0..400 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let ok = (
                    houses(&mut queue, Depth::Locked),
                    houses(&mut scan, Depth::Locked),
                );
                assert_eq!(ok.0.is_ok(), ok.1.is_ok(), "seed {seed} step {step}");
                assert_eq!(queue.candidates, scan.candidates);
                if ok.0.is_ok() {
                    // Odd seeds change the salt at every step (the keys are made
                    // afresh), even ones keep it (the heap only catches up).
                    let salts = if seed % 2 == 0 {
                        vec![0]
                    } else {
                        vec![0, rng | 1]
                    };
                    for salt in salts {
                        assert_eq!(
                            queue.select(salt),
                            scan.scan(salt),
                            "seed {seed} step {step}"
                        );
                        checked += 1;
                    }
                }
                let picked = queue.select(0);
                match (ok.0.is_ok(), picked) {
                    // Go down: a colour for the chosen cell, or one taken from it.
                    (true, Some((cell, _))) if rng % 3 != 0 || queue.saves.is_empty() => {
                        let colour = queue.candidates[cell].lowest().index();
                        for store in [&mut queue, &mut scan] {
                            store.save();
                            if rng % 2 == 0 {
                                store.assign(cell, colour);
                            } else {
                                store.exclude(cell, u32::bit(colour));
                            }
                        }
                    }
                    _ if !queue.saves.is_empty() => {
                        queue.restore();
                        scan.restore();
                    }
                    _ => break,
                }
            }
            assert!(checked > 20, "seed {seed}: only {checked} choices compared");
        }
    }
}
