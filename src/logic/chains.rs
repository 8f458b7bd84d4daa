//! Chains and forcing chains: what follows from assuming one candidate true or
//! false, over the graph's edges and full houses (so knight-move edges and
//! irregular regions take part like rows and boxes).
//!
//! A *fact* is a candidate on or off. From an assumed fact, [`Chase`] derives
//! others: a candidate on turns off the cell's other candidates and the
//! symbol in every neighbour; a candidate off turns another on when it leaves
//! a cell one candidate or a symbol one place in a full house. When a fact
//! and its opposite both follow, the assumption is false: the candidate
//! assumed on goes, the one assumed off is placed.
//!
//! How far the consequences go sets the technique, as in Sudoku Explainer:
//! *static* links (the board as it stands: a bivalue cell, a symbol with two
//! places in a house) make X-chains and XY-chains; *dynamic* singles (the
//! board as the assumption changes it) make Nishio and dynamic forcing
//! chains; a fact that follows from every candidate of a cell, or from every
//! place of a symbol in a house, makes a cell or region forcing chain; level 1 adds locked candidates, subsets and fish to the singles
//! (dynamic forcing chains +), and level n ≥ 2 adds the contradictions found
//! at level n − 2 (nested forcing chains). Each step is rated by its level and
//! by its *complexity*, the number of facts the contradiction rests on
//! (nested chains' own complexities added), with Sudoku Explainer's length
//! modifier ([`length_bonus`]).

use std::cell::Cell;
use std::collections::VecDeque;

use super::{Board, Logic, Step, Technique, fish, locked, subsets};
use crate::colours::Colours;

/// A link within a house (one symbol, two cells).
const X: u8 = 1;
/// A link within a cell (one cell, two symbols).
const Y: u8 = 2;

/// The deepest level of nested forcing chains tried before giving up (and
/// guessing); level 4 rates from 11.0, the top of the published ratings.
pub(super) const MAX_LEVEL: u8 = 4;

/// The most chases (one assumption followed, nested ones included) that one
/// search for a chain step makes before giving up: it bounds the time spent
/// where no chain exists (a puzzle with several solutions) to seconds, and
/// keeps ratings the same on every machine.
const BUDGET: usize = 60_000;

/// How far the consequences of an assumption are followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Depth {
    /// The board's own links only.
    Static,
    /// Singles on the changing board, plus more at higher levels (see the module doc).
    Dynamic(u8),
}

/// A contradiction: the complexity of the chains that reach it and the kinds
/// of links they use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Found {
    complexity: usize,
    links: u8,
}

/// The consequences of one assumption on one board.
struct Chase<'l, 'g> {
    logic: &'l Logic<'g>,
    /// Chases left to the search (shared by nested chases).
    budget: &'l Cell<usize>,
    board: &'l Board,
    depth: Depth,
    k: usize,
    words: usize,
    /// The candidates as the facts so far leave them (dynamic chases).
    cand: Vec<Colours>,
    /// For each fact (`2 × (cell × k + colour) + on`), its entry in the
    /// arena plus one, or 0 when not derived.
    entry: Vec<u32>,
    /// The derived facts' ancestor sets (each `words` long), one after another.
    ancestors: Vec<u64>,
    /// The link kinds each derived fact rests on.
    links: Vec<u8>,
    /// Complexity of the nested chain behind a fact, by fact.
    extra: Vec<u32>,
    queue: VecDeque<usize>,
}

impl<'l, 'g> Chase<'l, 'g> {
    fn new(logic: &'l Logic<'g>, budget: &'l Cell<usize>, board: &'l Board, depth: Depth) -> Self {
        budget.set(budget.get().saturating_sub(1));
        let k = logic.graph.alphabet().len();
        let facts = 2 * board.placed.len() * k;
        Chase {
            logic,
            budget,
            board,
            depth,
            k,
            words: facts.div_ceil(64),
            cand: board.candidates.clone(),
            entry: vec![0; facts],
            ancestors: Vec::new(),
            links: Vec::new(),
            extra: Vec::new(),
            queue: VecDeque::new(),
        }
    }

    fn fact(&self, cell: usize, colour: u8, on: bool) -> usize {
        2 * (cell * self.k + colour as usize) + usize::from(on)
    }

    fn ancestors_of(&self, entry: usize) -> &[u64] {
        &self.ancestors[entry * self.words..(entry + 1) * self.words]
    }

    /// The number of facts behind `set`, nested chains included.
    fn complexity(&self, set: &[u64]) -> usize {
        let mut total = 0;
        for (w, &word) in set.iter().enumerate() {
            total += word.count_ones() as usize;
            if !self.extra.is_empty() {
                let mut rest = word;
                while rest != 0 {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    total += self.extra[64 * w + bit] as usize;
                }
            }
        }
        total
    }

    /// The union of the ancestor sets of `parents` (arena entries), and their links.
    fn union(&self, parents: &[usize]) -> (Vec<u64>, u8) {
        let mut set = vec![0u64; self.words];
        let mut links = 0;
        for &p in parents {
            for (s, a) in set.iter_mut().zip(self.ancestors_of(p)) {
                *s |= a;
            }
            links |= self.links[p];
        }
        (set, links)
    }

    /// Records `fact` as following from `parents` by a `link`; a contradiction
    /// when its opposite is known.
    fn derive(&mut self, fact: usize, parents: &[usize], link: u8) -> Result<(), Found> {
        if self.entry[fact] != 0 {
            return Ok(());
        }
        let (mut set, links) = self.union(parents);
        set[fact / 64] |= 1 << (fact % 64);
        let links = links | link;
        let opposite = self.entry[fact ^ 1];
        if opposite != 0 {
            let other = opposite as usize - 1;
            return Err(Found {
                complexity: self.complexity(&set) + self.complexity(self.ancestors_of(other)),
                links: links | self.links[other],
            });
        }
        self.ancestors.extend_from_slice(&set);
        self.links.push(links);
        self.entry[fact] = self.links.len() as u32;
        self.queue.push_back(fact);
        Ok(())
    }

    /// The arena entries of the derived facts `colour` off in `cells`.
    fn offs(&self, cells: impl Iterator<Item = usize>, colour: u8) -> Vec<usize> {
        cells
            .filter_map(|c| {
                let e = self.entry[self.fact(c, colour, false)];
                (e != 0).then(|| e as usize - 1)
            })
            .collect()
    }

    /// The arena entries of the derived facts that turn off candidates of `cell`.
    fn cell_offs(&self, cell: usize) -> Vec<usize> {
        self.board.candidates[cell]
            .iter()
            .filter_map(|v| {
                let e = self.entry[self.fact(cell, v, false)];
                (e != 0).then(|| e as usize - 1)
            })
            .collect()
    }

    /// A contradiction resting on the facts of `parents`.
    fn contradiction(&self, parents: &[usize]) -> Found {
        let (set, links) = self.union(parents);
        Found {
            complexity: self.complexity(&set) + 1,
            links,
        }
    }

    /// Assumes `fact` and follows it; `Err` when it leads to a contradiction.
    fn assume(&mut self, fact: usize) -> Result<(), Found> {
        self.derive(fact, &[], 0)?;
        self.run()
    }

    fn run(&mut self) -> Result<(), Found> {
        loop {
            while let Some(fact) = self.queue.pop_front() {
                self.follow(fact)?;
            }
            let level = match self.depth {
                Depth::Static | Depth::Dynamic(0) => return Ok(()),
                Depth::Dynamic(level) => level,
            };
            if !self.basic()? && (level < 2 || !self.nested(level - 2)?) {
                return Ok(());
            }
        }
    }

    /// Derives what follows directly from `fact`.
    fn follow(&mut self, fact: usize) -> Result<(), Found> {
        let me = self.entry[fact] as usize - 1;
        let (cell, colour, on) = (
            (fact / 2) / self.k,
            ((fact / 2) % self.k) as u8,
            fact % 2 == 1,
        );
        let logic = self.logic;
        if on {
            for other in self.cand[cell].iter().filter(|&w| w != colour) {
                self.derive(self.fact(cell, other, false), &[me], Y)?;
            }
            for &n in &logic.neighbours[cell] {
                if self.cand[n].contains(colour) {
                    self.derive(self.fact(n, colour, false), &[me], X)?;
                }
            }
            return Ok(());
        }
        let houses = &logic.houses_of[cell];
        if self.depth == Depth::Static {
            let set = self.board.candidates[cell];
            if self.board.placed[cell].is_none() && set.len() == 2 {
                let other = set.iter().find(|&w| w != colour).expect("two candidates");
                self.derive(self.fact(cell, other, true), &[me], Y)?;
            }
            for &h in houses {
                let places: Vec<usize> = self.places(h, colour, &self.board.candidates);
                if places.len() == 2 && places.iter().all(|&c| self.board.placed[c].is_none()) {
                    let other = if places[0] == cell {
                        places[1]
                    } else {
                        places[0]
                    };
                    self.derive(self.fact(other, colour, true), &[me], X)?;
                }
            }
            return Ok(());
        }
        if !self.cand[cell].contains(colour) {
            return Ok(());
        }
        self.cand[cell].remove(colour);
        let left = self.cand[cell];
        if left.is_empty() {
            return Err(self.contradiction(&self.cell_offs(cell)));
        }
        if left.len() == 1 && self.board.placed[cell].is_none() {
            let only = left.min().expect("one candidate");
            let parents = self.cell_offs(cell);
            self.derive(self.fact(cell, only, true), &parents, Y)?;
        }
        for &h in houses {
            let places = self.places(h, colour, &self.cand);
            let cells = logic.graph.houses()[h].cells.iter().copied();
            match places.as_slice() {
                [] => return Err(self.contradiction(&self.offs(cells, colour))),
                [only] if self.board.placed[*only].is_none() => {
                    let parents = self.offs(cells, colour);
                    self.derive(self.fact(*only, colour, true), &parents, X)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The cells of house `h` where `colour` is a candidate in `cand`.
    fn places(&self, h: usize, colour: u8, cand: &[Colours]) -> Vec<usize> {
        self.logic.graph.houses()[h]
            .cells
            .iter()
            .copied()
            .filter(|&c| cand[c].contains(colour))
            .collect()
    }

    /// The board as the facts so far leave it.
    fn current(&self) -> Board {
        let placed = (0..self.cand.len())
            .map(|c| {
                self.board.placed[c].or_else(|| {
                    let only = self.cand[c].min().filter(|_| self.cand[c].len() == 1)?;
                    (self.entry[self.fact(c, only, true)] != 0).then_some(only)
                })
            })
            .collect();
        Board {
            candidates: self.cand.clone(),
            placed,
        }
    }

    /// Applies the first of locked candidates, subsets and fish (pairs and
    /// triples) that removes something; false when none does.
    fn basic(&mut self) -> Result<bool, Found> {
        let board = self.current();
        let logic = self.logic;
        let step = locked::find(logic, &board)
            .or_else(|| subsets::naked(logic, &board, 2))
            .or_else(|| subsets::hidden(logic, &board, 2))
            .or_else(|| fish::find(logic, &board, 2))
            .or_else(|| subsets::naked(logic, &board, 3))
            .or_else(|| subsets::hidden(logic, &board, 3))
            .or_else(|| fish::find(logic, &board, 3));
        let Some(step) = step else {
            return Ok(false);
        };
        // The step rests on the candidates already gone from its cells and houses.
        let mut parents = Vec::new();
        for &c in &step.cells {
            parents.extend(self.cell_offs(c));
        }
        for &h in &step.houses {
            for &colour in &step.colours {
                parents.extend(self.offs(logic.graph.houses()[h].cells.iter().copied(), colour));
            }
        }
        parents.sort_unstable();
        parents.dedup();
        for &(cell, colour) in &step.eliminated {
            self.derive(self.fact(cell, colour, false), &parents, X | Y)?;
        }
        Ok(true)
    }

    /// Removes the first candidate whose assumption leads to a contradiction
    /// at `inner` level; false when none does.
    fn nested(&mut self, inner: u8) -> Result<bool, Found> {
        let board = self.current();
        let logic = self.logic;
        for cell in (0..board.placed.len()).filter(|&c| board.placed[c].is_none()) {
            for colour in board.candidates[cell].iter() {
                if self.budget.get() == 0 {
                    return Ok(false);
                }
                let mut chase = Chase::new(logic, self.budget, &board, Depth::Dynamic(inner));
                let fact = chase.fact(cell, colour, true);
                if let Err(found) = chase.assume(fact) {
                    if self.extra.is_empty() {
                        self.extra = vec![0; self.entry.len()];
                    }
                    let off = self.fact(cell, colour, false);
                    self.extra[off] = found.complexity as u32;
                    // Every chase starts from its assumption, arena entry 0.
                    self.derive(off, &[0], X | Y)?;
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

/// Sudoku Explainer's length modifier, in tenths: 0.1 for each threshold
/// (4, 6, 8, 12, 16, 24, 32, …, alternately ×3/2 and ×4/3) that
/// `complexity − 2` exceeds.
///
/// ```text
/// complexity:  ≤6  7–8  9–10  11–14  15–18  19–26  27–34
/// bonus:        0   .1    .2     .3     .4     .5     .6
/// ```
pub(super) fn length_bonus(complexity: usize) -> u16 {
    let length = complexity.saturating_sub(2);
    let (mut ceiling, mut odd, mut bonus) = (4, false, 0);
    while length > ceiling {
        bonus += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    bonus
}

/// The easiest static chain (X-chain, XY-chain) on `board`, if any.
pub(super) fn static_chain(logic: &Logic, board: &Board) -> Option<Step> {
    at(logic, &Cell::new(BUDGET), board, Stage::Chains)
}

/// Which chain steps a pass over the candidates looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Static contradictions: X-chains (6.6), XY-chains (7.0).
    Chains,
    /// Dynamic contradictions of a candidate assumed true, along one symbol (7.5).
    Nishio,
    /// Static cell and region forcing chains (8.0).
    Forcing,
    /// Dynamic contradictions and cell and region forcing chains at a level
    /// (8.5, 9.0, then 10.0, 10.5, … nested).
    Dynamic(u8),
}

/// The easiest chain step on `board`, stage by stage (static chains, Nishio,
/// static forcing chains, then dynamic levels up to [`MAX_LEVEL`]); within a
/// stage the lowest rating (the shortest chain), except from level 2 on,
/// where the first found is taken (a full scan costs seconds there). `None`
/// when no stage finds anything within [`BUDGET`] chases.
pub(super) fn find(logic: &Logic, board: &Board) -> Option<Step> {
    let budget = Cell::new(BUDGET);
    [Stage::Chains, Stage::Nishio, Stage::Forcing]
        .into_iter()
        .chain((0..=MAX_LEVEL).map(Stage::Dynamic))
        .take_while(|_| budget.get() > 0)
        .find_map(|stage| at(logic, &budget, board, stage))
}

/// The best step of a stage: (rating, complexity, step).
#[derive(Default)]
struct Best(Option<(u16, usize, Step)>);

impl Best {
    /// Keeps the step if it rates lower (or is shorter at the same rating).
    fn offer(&mut self, se: u16, complexity: usize, step: impl FnOnce() -> Step) {
        if self
            .0
            .as_ref()
            .is_none_or(|(s, c, _)| (se, complexity) < (*s, *c))
        {
            let mut step = step();
            step.se = se;
            self.0 = Some((se, complexity, step));
        }
    }
}

fn chain_step(technique: Technique, cell: usize, colour: u8, on: bool) -> Step {
    Step {
        technique,
        placed: on.then_some((cell, colour)),
        eliminated: if on { Vec::new() } else { vec![(cell, colour)] },
        cells: vec![cell],
        houses: Vec::new(),
        colours: vec![colour],
        rule: None,
        se: 0,
    }
}

/// The easiest step of `stage` on `board`.
fn at(logic: &Logic, budget: &Cell<usize>, board: &Board, stage: Stage) -> Option<Step> {
    let depth = match stage {
        Stage::Chains | Stage::Forcing => Depth::Static,
        Stage::Nishio => Depth::Dynamic(0),
        Stage::Dynamic(level) => Depth::Dynamic(level),
    };
    let first_only = matches!(stage, Stage::Dynamic(level) if level >= 2);
    let (technique, base) = match stage {
        Stage::Chains => (Technique::XChain, 66),
        Stage::Nishio => (Technique::Nishio, 75),
        Stage::Forcing => (Technique::ForcingChain, 80),
        Stage::Dynamic(0) => (Technique::DynamicForcingChain, 85),
        Stage::Dynamic(1) => (Technique::DynamicForcingChainPlus, 90),
        Stage::Dynamic(level) => (Technique::NestedForcingChain, 95 + 5 * u16::from(level - 1)),
    };
    let k = logic.graph.alphabet().len();
    let contradictions = stage != Stage::Forcing;
    let forcing = matches!(stage, Stage::Forcing | Stage::Dynamic(_));
    let sides: &[bool] = if matches!(stage, Stage::Dynamic(_)) {
        &[true, false]
    } else {
        &[true]
    };
    let mut best = Best::default();
    // The chase of each candidate assumed true, kept for the forcing chains.
    let mut kept: Vec<Option<Chase>> = Vec::new();
    if forcing {
        kept.resize_with(board.placed.len() * k, || None);
    }
    let open: Vec<usize> = (0..board.placed.len())
        .filter(|&c| board.placed[c].is_none())
        .collect();
    for &cell in &open {
        for colour in board.candidates[cell].iter() {
            for &on in sides {
                if budget.get() == 0 {
                    return best.0.map(|(_, _, step)| step);
                }
                let mut chase = Chase::new(logic, budget, board, depth);
                let fact = chase.fact(cell, colour, on);
                match chase.assume(fact) {
                    Ok(()) => {
                        if forcing && on {
                            kept[cell * k + colour as usize] = Some(chase);
                        }
                    }
                    Err(found) if contradictions => {
                        let (technique, base) = match stage {
                            Stage::Chains if found.links == X | Y => (Technique::XyChain, 70),
                            Stage::Chains if found.links == Y => (Technique::XyChain, 66),
                            Stage::Nishio if found.links & Y != 0 => continue,
                            _ => (technique, base),
                        };
                        let se = base + length_bonus(found.complexity);
                        best.offer(se, found.complexity, || {
                            chain_step(technique, cell, colour, !on)
                        });
                        if first_only {
                            return best.0.map(|(_, _, step)| step);
                        }
                    }
                    Err(_) => {}
                }
            }
        }
    }
    if forcing {
        // Cell forcing: every candidate of a cell; region forcing: every
        // place of a symbol in a full house.
        let mut groups: Vec<Vec<usize>> = open
            .iter()
            .filter(|&&c| board.candidates[c].len() >= 2)
            .map(|&c| {
                board.candidates[c]
                    .iter()
                    .map(|v| c * k + v as usize)
                    .collect()
            })
            .collect();
        for (h, house) in logic.graph.houses().iter().enumerate() {
            if !logic.is_full(h) {
                continue;
            }
            for colour in 0..k as u8 {
                let places: Vec<usize> = house
                    .cells
                    .iter()
                    .filter(|&&c| board.candidates[c].contains(colour))
                    .map(|&c| c * k + colour as usize)
                    .collect();
                if places.len() >= 2 && places.iter().all(|&p| board.placed[p / k].is_none()) {
                    groups.push(places);
                }
            }
        }
        for group in groups {
            let Some(chases) = group
                .iter()
                .map(|&i| kept[i].as_ref())
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let first = chases[0];
            for (fact, &e) in first.entry.iter().enumerate() {
                if e == 0 {
                    continue;
                }
                let (cell, colour, on) = ((fact / 2) / k, ((fact / 2) % k) as u8, fact % 2 == 1);
                let useful = board.placed[cell].is_none()
                    && board.candidates[cell].contains(colour)
                    && (on || board.candidates[cell].len() > 1);
                if !useful || chases.iter().any(|c| c.entry[fact] == 0) {
                    continue;
                }
                let complexity: usize = chases
                    .iter()
                    .map(|c| c.complexity(c.ancestors_of(c.entry[fact] as usize - 1)))
                    .sum();
                let se = base + length_bonus(complexity);
                best.offer(se, complexity, || chain_step(technique, cell, colour, on));
                if first_only {
                    return best.0.map(|(_, _, step)| step);
                }
            }
        }
    }
    best.0.map(|(_, _, step)| step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_follows_sudoku_explainer() {
        let bonus: Vec<u16> = [2, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35]
            .into_iter()
            .map(length_bonus)
            .collect();
        assert_eq!(bonus, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    }
}
