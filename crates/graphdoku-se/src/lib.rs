// SPDX-License-Identifier: LGPL-2.1-or-later
//
// graphdoku-se: a Rust port of SukakuExplainer's rating algorithms.
// This file is part of graphdoku-se, licensed under the GNU Lesser General
// Public License, version 2.1 or (at your option) any later version; see
// this crate's LICENSE file.

//! Sudoku Explainer's rating ladder: the producers of SukakuExplainer's
//! `serate` (default options) in its order, each finding what it finds in the
//! order it finds it, over a graph's houses and edges.
//!
//! `serate` asks its producers in a fixed order and applies the first hint
//! the first producer gives; a producer that sorts its hints (strong links,
//! the wings, the chains) gives its easiest. The order is not the order of
//! the ratings: a unique rectangle (4.5) is asked for before a naked quad
//! (5.0), the XY-cycles (from 6.5) before the aligned triple exclusion (7.5).
//! Sources: SukakuExplainer's `diuf/sudoku/solver/Solver.java` (the
//! `revisedRating == 0` list) and the rules it names.
//!
//! Everything here works on a [`Grid`] of candidate masks, where a placed cell
//! has none (as Sudoku Explainer's grid has), so that the forcing chains can
//! run the same producers on the grids their assumptions leave. The graph
//! comes in as plain data ([`Shape`]: houses, neighbours, fish families), so
//! this crate depends on nothing of graphdoku's; graphdoku (its `se` feature)
//! builds a [`Ladder`] from its constraint graph and turns each [`Hint`]
//! into a step of its own.
//!
//! ```
//! use graphdoku_se::{House, HouseKind, Ladder, Shape, Technique};
//! // A 2×2 Latin square (rows and columns) whose r1c1 can only be 1 (symbol 0).
//! let house = |cells: Vec<usize>, kind| House { cells, kind };
//! let houses = vec![
//!     house(vec![0, 1], HouseKind::Row),
//!     house(vec![2, 3], HouseKind::Row),
//!     house(vec![0, 2], HouseKind::Column),
//!     house(vec![1, 3], HouseKind::Column),
//! ];
//! let neighbours = vec![vec![1, 2], vec![0, 3], vec![0, 3], vec![1, 2]];
//! let shape = Shape { symbols: 2, houses, neighbours, intersections: vec![], families: vec![], fish_pairs: vec![] };
//! let ladder = Ladder::new(shape);
//! let grid = vec![0b01, 0b11, 0b11, 0b11];
//! let hint = ladder.direct(&grid).unwrap();
//! // Columns are scanned before rows: in column 1, symbol 1 has one place, r2c1.
//! assert_eq!(hint.technique, Technique::HiddenSingle);
//! assert_eq!((hint.place, hint.se), (Some((2, 1)), 15));
//! ```
//!
//! # Attribution and licence
//!
//! This crate is a Rust port of the rating algorithms of SukakuExplainer
//! (<https://github.com/SudokuMonster/SukakuExplainer>: @dobrichev, @1to9only,
//! @SudokuMonster, @sudokuwiki), which builds on Nicolas Juillerat's Sudoku
//! Explainer (2006–2019) and gsf's `serate` modification of it. Those are
//! distributed under the GNU Lesser General Public License v2.1; being
//! derived from them (their algorithms, orders and ratings rewritten over
//! houses and edges, no Java source copied), this crate is under the
//! LGPL-2.1 or later too, unlike the rest of graphdoku (MIT OR Apache-2.0).

mod aligned;
mod basic;
mod chaining;
mod links;
mod unique;
mod wings;

use std::collections::BTreeSet;
use std::ops::Range;

/// A set of candidates (bit `v` is symbol `v`): the ladder needs at most 64 symbols.
pub type Mask = u64;

/// Every cell's candidates; a placed cell has none.
pub type Grid = Vec<Mask>;

/// The bit of symbol `v`.
pub fn bit(v: u8) -> Mask {
    1 << v
}

/// The symbols of `mask`, ascending.
pub(crate) fn symbols(mut mask: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            v
        })
    })
}

/// The widest alphabet the ladder rates.
pub const MAX_SYMBOLS: usize = 64;

/// A technique of the ladder, as Sudoku Explainer names it (graphdoku's
/// `logic::Technique` has one of the same name for each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Technique {
    /// A cell with one candidate left takes it.
    NakedSingle,
    /// A symbol with one place left in a house (or a house with one empty cell).
    HiddenSingle,
    /// A symbol confined within a full house to its intersection with another.
    LockedCandidates,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// A fish of size 2.
    XWing,
    /// Two symbols with the same two places in a full house.
    HiddenPair,
    /// Three cells of a house whose candidates are three symbols between them.
    NakedTriple,
    /// A fish of size 3.
    Swordfish,
    /// Three symbols of a full house confined to three cells.
    HiddenTriple,
    /// Two strong links on one symbol joined by a weak one.
    TurbotFish,
    /// A bivalue pivot and two pincers.
    XyWing,
    /// A trivalue pivot and two pincers.
    XyzWing,
    /// A deadly pattern (rectangle or loop) avoided in a puzzle known unique.
    UniqueRectangle,
    /// Four cells of a house whose candidates are four symbols between them.
    NakedQuad,
    /// A fish of size 4.
    Jellyfish,
    /// Four symbols of a full house confined to four cells.
    HiddenQuad,
    /// Three or four strong links on one symbol joined by weak ones.
    StrongLinks,
    /// An almost locked set and a bivalue cell (WXYZ- to TUVWXYZ-wings).
    AlsXz,
    /// Bivalue universal grave.
    Bug,
    /// Aligned pair exclusion.
    AlignedPairExclusion,
    /// X-cycles and X-chains.
    XChain,
    /// Y- and XY-cycles and chains.
    XyChain,
    /// Aligned triple exclusion.
    AlignedTripletExclusion,
    /// A candidate assumed true leads, by singles on its symbol, to a contradiction.
    Nishio,
    /// Cell and region forcing chains.
    ForcingChain,
    /// Dynamic forcing chains.
    DynamicForcingChain,
    /// Dynamic forcing chains followed with locked candidates, pairs and X-wings too.
    DynamicForcingChainPlus,
    /// Forcing chains whose consequences are found by forcing chains.
    NestedForcingChain,
}

/// What made a house, as far as Sudoku Explainer's orders tell houses apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HouseKind {
    /// A box, a jigsaw region, a ring, a sector or a wedge: boxes come
    /// first in Sudoku Explainer's walks, and their singles rate lower.
    Region,
    /// A row.
    Row,
    /// A column.
    Column,
    /// A diagonal (a line: its singles rate as a row's).
    Diagonal,
    /// A house listed by name (rated as a region, walked last).
    Listed,
}

/// A house: cells that must all differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// Cell indices.
    pub cells: Vec<usize>,
    /// What made it.
    pub kind: HouseKind,
}

/// Pairwise disjoint full houses of one kind, fish are made of (the rows,
/// the columns, …), and which of them holds each cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    /// The houses (indices into [`Shape::houses`]).
    pub houses: Vec<usize>,
    /// The house of the family holding each cell, `usize::MAX` for none.
    pub of_cell: Vec<usize>,
}

/// The graph as the ladder needs it: plain data, computed by the caller.
#[derive(Debug, Clone, Default)]
pub struct Shape {
    /// The number of symbols (at most [`MAX_SYMBOLS`] for [`Ladder`]'s hints).
    pub symbols: usize,
    /// The houses.
    pub houses: Vec<House>,
    /// Each cell's neighbours: every cell it must differ from.
    pub neighbours: Vec<Vec<usize>>,
    /// (a, b, a ∩ b) for a full house `a`, another house `b`, at least two
    /// shared cells, and cells of `b` outside `a`.
    pub intersections: Vec<(usize, usize, Vec<usize>)>,
    /// The fish families.
    pub families: Vec<Family>,
    /// (base, cover) pairs of `families` whose houses meet in one cell at most.
    pub fish_pairs: Vec<(usize, usize)>,
}

/// Sudoku Explainer's ladder prepared for one graph: its [`Shape`] and the
/// orders in which the producers walk it.
#[derive(Debug, Clone, Default)]
pub struct Ladder {
    pub(crate) symbols: usize,
    pub(crate) cells: usize,
    pub(crate) houses: Vec<House>,
    pub(crate) neighbours: Vec<Vec<usize>>,
    pub(crate) intersections: Vec<(usize, usize, Vec<usize>)>,
    pub(crate) families: Vec<Family>,
    pub(crate) fish_pairs: Vec<(usize, usize)>,
    /// Houses with one cell per symbol: every symbol must appear in them.
    pub(crate) full: Vec<bool>,
    /// Houses that are boxes or regions rather than lines.
    box_like: Vec<bool>,
    /// The full houses holding each cell.
    pub(crate) houses_of: Vec<Vec<usize>>,
    /// Every house holding each cell, with the cell's position in it: the
    /// tables are built from membership tests, which a scan of the house's
    /// cells made cubic (half a second on a 64×64 board).
    places: Vec<Vec<(usize, usize)>>,
    pub(crate) orders: Orders,
}

/// What a producer found: the candidates it removes (in the order Sudoku
/// Explainer's map of them is walked, which the nested chains follow), the
/// cell it places, its rating, and the pattern that shows why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The technique.
    pub technique: Technique,
    /// Its rating in tenths (23 for a naked single's 2.3), modifiers included.
    pub se: u16,
    /// The cell it places and the symbol, if any.
    pub place: Option<(usize, u8)>,
    /// The candidates it removes: each cell with a mask of symbols.
    pub removals: Vec<(usize, Mask)>,
    /// The cells of the pattern.
    pub cells: Vec<usize>,
    /// The houses of the pattern (indices into [`Shape::houses`]).
    pub houses: Vec<usize>,
    /// The symbols of the pattern.
    pub colours: Vec<u8>,
}

impl Hint {
    /// A hint that removes `removals`, nothing placed.
    fn removing(
        technique: Technique,
        se: u16,
        removals: Vec<(usize, Mask)>,
        cells: Vec<usize>,
        houses: Vec<usize>,
        colours: Vec<u8>,
    ) -> Self {
        Hint {
            technique,
            se,
            place: None,
            removals,
            cells,
            houses,
            colours,
        }
    }

    /// The number of candidates it removes.
    fn removal_count(&self) -> usize {
        self.removals
            .iter()
            .map(|&(_, m)| m.count_ones() as usize)
            .sum()
    }
}

/// The houses in the orders Sudoku Explainer walks them, computed once.
#[derive(Debug, Clone, Default)]
pub(crate) struct Orders {
    /// Each cell's full houses as its chains visit them: boxes (and other
    /// regions), then rows, columns, the rest.
    pub regions: Vec<Vec<usize>>,
    /// The full houses as the singles and subsets visit them: boxes, columns,
    /// rows, the rest.
    pub scan: Vec<usize>,
    /// Each cell's neighbours, ascending.
    pub peers: Vec<Vec<usize>>,
    /// The position of each cell in each of its `regions`, in that order.
    pub positions: Vec<Vec<u32>>,
    /// Each cell's neighbours as a chain visits them (its `regions`' cells
    /// in order, then its `peers`), each once, with the house it is first
    /// met in (`u32::MAX`: an edge outside the full houses).
    pub links: Vec<Vec<(usize, u32)>>,
    /// [`Orders::links`] as positions, by house of each cell's `regions`
    /// (the cells first met in it), for a chase to take from a house's
    /// places at once.
    pub fresh: Vec<Vec<u64>>,
    /// The rest of [`Orders::links`]: the edges outside the full houses.
    pub edges: Vec<Vec<usize>>,
    /// The locked-candidate pairs in groups visited one after the other:
    /// box and column, box and row, column and box, row and box, the rest.
    pub locking: Vec<Vec<Lock>>,
    /// The fish family pairs (base, cover) in Sudoku Explainer's order:
    /// columns as the base first, then rows, then the rest.
    pub fish: Vec<(usize, usize)>,
    /// Every edge comes from a full house (the uniqueness techniques need it).
    pub plain: bool,
    /// Each candidate (`cell × k + symbol`) as (cell, symbol): the chains
    /// split their facts often, and a division by `k` is slow.
    pub split: Vec<(u32, u8)>,
}

/// A full house `a` and another house `b` sharing two cells or more.
#[derive(Debug, Clone)]
pub(crate) struct Lock {
    pub a: usize,
    pub b: usize,
    /// The shared cells, as positions in `a`.
    pub shared: u64,
    /// The cells of `b` outside `a`.
    pub outside: Vec<usize>,
    /// The other full houses of `a`'s kind that cross `b` (for the direct
    /// hints), with the cells the hint empties (`b`'s outside `a`) in them
    /// as positions.
    pub crossing: Vec<(usize, u64)>,
}

/// Where a house kind comes in a chain's visit of a cell's houses.
fn chain_rank(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        HouseKind::Diagonal | HouseKind::Listed => 3,
        _ => 0,
    }
}

/// Where a house kind comes in a scan of the houses (boxes, columns, rows).
fn scan_rank(kind: HouseKind) -> u8 {
    match chain_rank(kind) {
        1 => 2,
        2 => 1,
        r => r,
    }
}

impl Orders {
    fn new(ladder: &Ladder) -> Self {
        let houses = &ladder.houses;
        let kind = |h: usize| houses[h].kind;
        let mut regions = ladder.houses_of.clone();
        for list in &mut regions {
            list.sort_by_key(|&h| (chain_rank(kind(h)), h));
        }
        let mut scan: Vec<usize> = (0..houses.len()).filter(|&h| ladder.full[h]).collect();
        scan.sort_by_key(|&h| (scan_rank(kind(h)), h));
        let peers = ladder
            .neighbours
            .iter()
            .map(|list| {
                let mut sorted = list.clone();
                sorted.sort_unstable();
                sorted
            })
            .collect();
        // Locked candidates, grouped by the kinds of the two houses.
        let group = |a: usize, b: usize| match (chain_rank(kind(a)), chain_rank(kind(b))) {
            (0, 2) => 0,
            (0, 1) => 1,
            (2, 0) => 2,
            (1, 0) => 3,
            _ => 4,
        };
        let mut locking = vec![Vec::new(); 5];
        let within = |h: usize, cells: &[usize]| -> u64 {
            (cells.iter())
                .filter_map(|&c| ladder.position(h, c))
                .fold(0, |m, i| m | 1 << i)
        };
        for (a, b, shared) in &ladder.intersections {
            let (a, b) = (*a, *b);
            // The cells the hint empties: `b`'s, outside `a` (on some shapes
            // a house of `a`'s kind overlaps `a`).
            let outside: Vec<usize> = (houses[b].cells.iter().copied())
                .filter(|&c| !ladder.holds(a, c))
                .collect();
            let crossing = (houses[b].cells.iter())
                .flat_map(|&c| &ladder.houses_of[c])
                .copied()
                .filter(|&h| h != a && chain_rank(kind(h)) == chain_rank(kind(a)))
                .collect::<BTreeSet<usize>>()
                .into_iter()
                .map(|h| (h, within(h, &outside)))
                .collect();
            locking[group(a, b)].push(Lock {
                a,
                b,
                shared: within(a, shared),
                outside,
                crossing,
            });
        }
        for list in &mut locking {
            list.sort_by_key(|l| (l.a, l.b));
        }
        let family_rank = |f: usize| {
            let first = ladder.families[f].houses[0];
            match chain_rank(kind(first)) {
                2 => 0,
                1 => 1,
                _ => 2,
            }
        };
        let mut fish = ladder.fish_pairs.clone();
        fish.sort_by_key(|&(a, b)| (family_rank(a), a, b));
        let positions = (regions.iter().enumerate())
            .map(|(cell, list)| {
                (list.iter())
                    .map(|&h| ladder.position(h, cell).expect("a cell in its house") as u32)
                    .collect()
            })
            .collect();
        // Which cell last met each cell (one stamp per cell, never cleared).
        let mut met = vec![usize::MAX; ladder.cells];
        let links = (regions.iter().zip(&peers).enumerate())
            .map(
                |(cell, (list, near)): (usize, (&Vec<usize>, &Vec<usize>))| {
                    met[cell] = cell;
                    let mut out = Vec::new();
                    let from_houses = (list.iter())
                        .flat_map(|&h| (houses[h].cells.iter()).map(move |&x| (x, h as u32)));
                    for (x, h) in from_houses.chain(near.iter().map(|&x| (x, u32::MAX))) {
                        if met[x] != cell {
                            met[x] = cell;
                            out.push((x, h));
                        }
                    }
                    out
                },
            )
            .collect::<Vec<Vec<(usize, u32)>>>();
        let fresh = (links.iter().zip(&regions))
            .map(|(list, regions)| {
                let mut fresh = vec![0u64; regions.len()];
                for &(x, h) in list.iter().filter(|&&(_, h)| h != u32::MAX) {
                    let h = h as usize;
                    let i = regions.iter().position(|&r| r == h);
                    let at = ladder.position(h, x);
                    // Past 64 symbols nothing chases (and no bit fits).
                    let bit = 1u64.checked_shl(at.expect("in its house") as u32);
                    fresh[i.expect("a region")] |= bit.unwrap_or(0);
                }
                fresh
            })
            .collect();
        let edges = (links.iter())
            .map(|list| {
                (list.iter())
                    .filter(|&&(_, h)| h == u32::MAX)
                    .map(|&(x, _)| x)
                    .collect()
            })
            .collect();
        Orders {
            regions,
            scan,
            peers,
            positions,
            links,
            fresh,
            edges,
            locking,
            fish,
            plain: unique::plain(ladder),
            split: (0..ladder.cells)
                .flat_map(|c| (0..ladder.symbols).map(move |v| (c as u32, v as u8)))
                .collect(),
        }
    }
}

/// Every house's positions of every symbol: `places[h × k + v]`.
pub(crate) fn house_places(ladder: &Ladder, grid: &[Mask]) -> Vec<u64> {
    let k = ladder.symbols;
    let houses = &ladder.houses;
    let mut places = vec![0u64; houses.len() * k];
    for (h, house) in houses.iter().enumerate() {
        let row = &mut places[h * k..(h + 1) * k];
        for (i, &c) in house.cells.iter().enumerate() {
            for v in symbols(grid[c]) {
                row[v as usize] |= 1 << i;
            }
        }
    }
    places
}

/// The positions (bit `i` is the house's `i`th cell) of symbol `v` in `cells`.
pub(crate) fn positions(grid: &[Mask], cells: &[usize], v: u8) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| grid[c] & bit(v) != 0)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Calls `each` on every `size`-element subset of `0..items` (a bitmask), in
/// increasing order of the mask (Sudoku Explainer's `Permutations`), while it
/// returns true.
pub(crate) fn subsets(items: usize, size: usize, each: &mut dyn FnMut(u64) -> bool) {
    if size == 0 || size > items || items > 64 {
        return;
    }
    let limit: u128 = 1 << items;
    let mut v: u128 = (1 << size) - 1;
    while v < limit {
        if !each(v as u64) {
            return;
        }
        let t = v | (v - 1);
        v = (t + 1) | (((!t & (t + 1)) - 1) >> (v.trailing_zeros() + 1));
    }
}

/// A producer: calls its argument on each hint it finds, while that
/// returns true.
type Producer<'a> = dyn Fn(&mut dyn FnMut(Hint) -> bool) + 'a;

/// The first hint `producer` finds.
fn first(producer: &Producer) -> Option<Hint> {
    let mut found = None;
    producer(&mut |hint| {
        found = Some(hint);
        false
    });
    found
}

/// A producer of [`Ladder::indirect`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Naked subsets of a size (pairs to quads).
    NakedSets(usize),
    /// Hidden subsets of a size, direct (leading to a hidden single) or not.
    HiddenSets(usize, bool),
    /// Locked candidates (pointing and claiming).
    Locking,
    /// Fish of a size.
    Fish(usize),
    /// Chains of two to four strong links.
    StrongLinks(usize),
    /// XY-wings, or XYZ-wings (`true`).
    XyWing(bool),
    /// Unique rectangles and loops.
    Loops,
    /// ALS-XZ of an almost locked set of a size.
    Als(usize),
    /// Bivalue universal grave.
    Bug,
    /// Aligned pair exclusion.
    AlignedPairs,
    /// Forcing chains and cycles.
    Cycles,
    /// Aligned triple exclusion.
    AlignedTriples,
    /// Nishio, multiple, dynamic and nested forcing chains.
    Forcing,
}

/// [`Ladder::indirect`]'s producers in `serate`'s order, with the least
/// rating each gives (tenths).
const STAGES: [(Stage, u16); 26] = [
    (Stage::HiddenSets(3, true), 25),
    (Stage::Locking, 26),
    (Stage::NakedSets(2), 30),
    (Stage::Fish(2), 32),
    (Stage::HiddenSets(2, false), 34),
    (Stage::NakedSets(3), 36),
    (Stage::Fish(3), 38),
    (Stage::HiddenSets(3, false), 40),
    (Stage::StrongLinks(2), 40),
    (Stage::XyWing(false), 42),
    (Stage::XyWing(true), 44),
    (Stage::Loops, 45),
    (Stage::NakedSets(4), 50),
    (Stage::Fish(4), 52),
    (Stage::HiddenSets(4, false), 54),
    (Stage::StrongLinks(3), 54),
    (Stage::Als(3), 54),
    (Stage::Bug, 56),
    (Stage::StrongLinks(4), 58),
    (Stage::Als(4), 60),
    (Stage::AlignedPairs, 62),
    (Stage::Als(5), 66),
    (Stage::Cycles, 65),
    (Stage::Als(6), 75),
    (Stage::AlignedTriples, 75),
    (Stage::Forcing, 75),
];

/// Constraints beyond the houses and edges that the chains follow too: a
/// variant's rules on values (killer cages, thermometers, kropki dots…), as
/// groups of cells whose candidates the caller narrows. A candidate placed
/// or removed in a chain's assumption narrows the other cells of its
/// groups, and the links between candidates that a group implies (two that
/// cannot both hold, two of which one must) join the board's own links.
///
/// The chains are sound as long as [`Rules::narrow`] removes only what no
/// solution of the group allows.
pub trait Rules: Sync {
    /// How many groups there are (numbered from 0).
    fn count(&self) -> u32;
    /// The groups that read `cell`.
    fn groups_of(&self, cell: usize) -> &[u32];
    /// The cells `group` reads, in the order of [`Rules::narrow`]'s domains.
    fn cells(&self, group: u32) -> &[usize];
    /// Narrows `domains` (the candidates of [`Rules::cells`], a placed cell
    /// with its value, see [`Rules::placed`]) to what `group` allows;
    /// `false` when no values satisfy it. Cheap: the chases call it at
    /// every fact.
    fn narrow(&self, group: u32, domains: &mut [Mask]) -> bool;
    /// [`Rules::narrow`] as far as the caller can afford, for the links
    /// between candidates listed once per board (by default the same).
    fn narrow_exact(&self, group: u32, domains: &mut [Mask]) -> bool {
        self.narrow(group, domains)
    }
    /// The value placed in `cell`, which a [`Grid`] shows without candidates.
    fn placed(&self, cell: usize) -> Mask;
}

/// The domains of `group`'s cells on `grid`: a cell's candidates, a placed
/// cell's value.
pub(crate) fn group_domains(rules: &dyn Rules, grid: &[Mask], group: u32, out: &mut Vec<Mask>) {
    out.clear();
    out.extend((rules.cells(group).iter()).map(|&c| match grid[c] {
        0 => rules.placed(c),
        m => m,
    }));
}

/// How a search of the ladder runs ([`Ladder::indirect`]).
#[derive(Clone, Copy)]
pub struct Search<'r> {
    /// The puzzle is known to have one solution: the uniqueness techniques
    /// (unique rectangles and loops, BUG) apply.
    pub unique: bool,
    /// The forcing chain producers whose base rating (tenths) is above this
    /// are not asked.
    pub ceiling: u16,
    /// Rules on values the chains follow besides the houses and edges.
    pub rules: Option<&'r dyn Rules>,
    /// When the chains give up: a producer cut short gives the best of what
    /// it found by then, so a hint is sound but may not be the easiest.
    pub deadline: Option<std::time::Instant>,
    /// Hints the chain producers found on earlier boards of the same
    /// solution path and did not give: see [`Cache`].
    pub cache: Option<&'r Cache>,
}

/// The hints a chain producer found on a board besides the one it gave,
/// kept for the later steps of the same solution path: the next time that
/// producer is asked (the easier ones having found nothing), it gives the
/// first kept hint that still changes the board, trimmed to what it still
/// removes, instead of searching again.
///
/// Once the path has taken a producer's hint of some rating, a kept hint
/// rated no higher is given before the ladder's dearer producers are asked again
/// ([`Cache::within_hardest`]): the path's hardest step, its ER, stays what
/// it was, and a run of forcing chains costs one search, not one per step.
///
/// Sound, as a deduction on a board holds on every board derived from it;
/// not Sudoku Explainer's ratings, which search again each time (a kept
/// hint may rate above what a new search would give). Never share one
/// between two paths: its hints are those of one puzzle.
#[derive(Debug, Default)]
pub struct Cache {
    kept: std::sync::Mutex<Vec<(u8, std::collections::VecDeque<Hint>)>>,
    /// The highest rating of a producer's hint the path took (tenths).
    hardest: std::sync::atomic::AtomicU16,
}

impl Cache {
    /// The first hint kept for `producer` that still changes `grid`,
    /// trimmed; the hints before it, which no longer do, go.
    fn take(&self, producer: u8, grid: &Grid) -> Option<Hint> {
        let mut kept = self.kept.lock().expect("not poisoned");
        let (_, hints) = kept.iter_mut().find(|(p, _)| *p == producer)?;
        while let Some(mut hint) = hints.pop_front() {
            if trim(&mut hint, grid) {
                return Some(hint);
            }
        }
        None
    }

    /// Notes that the path took a producer's hint rated `se` (tenths).
    fn took(&self, se: u16) {
        (self.hardest).fetch_max(se, std::sync::atomic::Ordering::Relaxed);
    }

    /// The easiest kept hint, of any producer, that still changes `grid`
    /// and rates no higher than the hardest hint [`Ladder::stages`] gave on
    /// the path (its other steps, singles and a caller's own, rate below
    /// every kept hint), trimmed; the kept hints that no longer change the
    /// board go.
    pub fn within_hardest(&self, grid: &Grid) -> Option<Hint> {
        let hardest = self.hardest.load(std::sync::atomic::Ordering::Relaxed);
        let mut kept = self.kept.lock().expect("not poisoned");
        let mut best: Option<(u16, usize)> = None;
        for (i, (_, hints)) in kept.iter_mut().enumerate() {
            // Each producer's hints are easiest first: its first that still
            // changes the board is its easiest.
            while let Some(hint) = hints.front_mut() {
                if trim(hint, grid) {
                    if hint.se <= hardest && best.is_none_or(|(se, _)| hint.se < se) {
                        best = Some((hint.se, i));
                    }
                    break;
                }
                hints.pop_front();
            }
        }
        best.and_then(|(_, i)| kept[i].1.pop_front())
    }

    /// Keeps `hints` (in order) for `producer`, instead of those kept.
    fn keep(&self, producer: u8, hints: Vec<Hint>) {
        let mut kept = self.kept.lock().expect("not poisoned");
        kept.retain(|(p, _)| *p != producer);
        kept.push((producer, hints.into()));
    }
}

/// Trims a kept `hint` to what it still removes from `grid`: whether it
/// still changes the board.
fn trim(hint: &mut Hint, grid: &Grid) -> bool {
    if let Some((cell, v)) = hint.place
        && grid[cell] & bit(v) == 0
    {
        return false;
    }
    for (cell, mask) in &mut hint.removals {
        *mask &= grid[*cell];
    }
    hint.removals.retain(|&(_, mask)| mask != 0);
    !hint.removals.is_empty()
}

impl Default for Search<'_> {
    fn default() -> Self {
        Search {
            unique: false,
            ceiling: u16::MAX,
            rules: None,
            deadline: None,
            cache: None,
        }
    }
}

impl std::fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("unique", &self.unique)
            .field("ceiling", &self.ceiling)
            .field("rules", &self.rules.is_some())
            .field("deadline", &self.deadline)
            .finish()
    }
}

impl Ladder {
    /// The ladder of `shape`.
    ///
    /// # Complexity
    /// Linear in the houses' cells and the neighbours, and in the
    /// intersections times the houses (for the direct hints).
    pub fn new(shape: Shape) -> Self {
        let k = shape.symbols;
        let full: Vec<bool> = shape.houses.iter().map(|h| h.cells.len() == k).collect();
        let box_like = (shape.houses.iter())
            .map(|h| {
                !matches!(
                    h.kind,
                    HouseKind::Row | HouseKind::Column | HouseKind::Diagonal
                )
            })
            .collect();
        let mut houses_of = vec![Vec::new(); shape.neighbours.len()];
        let mut places = vec![Vec::new(); shape.neighbours.len()];
        for (h, house) in shape.houses.iter().enumerate() {
            for (at, &c) in house.cells.iter().enumerate() {
                places[c].push((h, at));
                if full[h] {
                    houses_of[c].push(h);
                }
            }
        }
        let mut ladder = Ladder {
            symbols: k,
            cells: shape.neighbours.len(),
            houses: shape.houses,
            neighbours: shape.neighbours,
            intersections: shape.intersections,
            families: shape.families,
            fish_pairs: shape.fish_pairs,
            full,
            box_like,
            houses_of,
            places,
            orders: Orders::default(),
        };
        ladder.orders = Orders::new(&ladder);
        ladder
    }

    /// The position of `cell` in `house`, if it is one of its cells.
    pub(crate) fn position(&self, house: usize, cell: usize) -> Option<usize> {
        (self.places[cell].iter()).find_map(|&(h, at)| (h == house).then_some(at))
    }

    /// True when `house` holds `cell`.
    pub(crate) fn holds(&self, house: usize, cell: usize) -> bool {
        self.position(house, cell).is_some()
    }

    /// True when `a` and `b` are neighbours (they cannot hold the same symbol).
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.neighbours[a].contains(&b)
    }

    /// True for a box or region rather than a line: Sudoku Explainer rates
    /// its hidden singles and locked candidates lower.
    pub(crate) fn is_box_like(&self, house: usize) -> bool {
        self.box_like[house]
    }

    /// The first hint of `serate`'s first producers, the ones that only
    /// place: hidden singles, direct pointing and claiming, direct hidden
    /// pairs, naked singles. `None` when none finds one, or the alphabet is
    /// wider than [`MAX_SYMBOLS`].
    pub fn direct(&self, grid: &Grid) -> Option<Hint> {
        if self.symbols > MAX_SYMBOLS {
            return None;
        }
        let places = house_places(self, grid);
        let (g, p) = (grid, &places);
        first(&|f| basic::hidden_singles(self, g, p, f))
            .or_else(|| first(&|f| basic::locking(self, g, p, true, f)))
            .or_else(|| first(&|f| basic::hidden_sets(self, g, p, 2, true, f)))
            .or_else(|| basic::naked_single(g))
    }

    /// The first hint of the producers after [`Ladder::direct`]'s, in
    /// `serate`'s order: direct hidden triples, locked candidates, subsets,
    /// fish, wings, uniqueness (only when `search.unique`: the puzzle is
    /// known to have one solution), chains and forcing chains (through
    /// `search.rules` too). The forcing chain producers whose base rating
    /// is above `search.ceiling` (tenths) are not asked: `None` then means
    /// that no hint rated `ceiling` or less is there.
    ///
    /// # Complexity
    /// Up to the wings, a scan of the houses per producer; the forcing
    /// chains follow every candidate's consequences, and at their deeper
    /// levels the consequences' own chains (milliseconds to seconds on 9×9),
    /// until `search.deadline`.
    pub fn indirect(&self, grid: &Grid, search: &Search) -> Option<Hint> {
        self.stages(grid, search, 0..STAGES.len())
    }

    /// [`Ladder::indirect`]'s producers `range` only (positions in
    /// [`Ladder::stage_bases`]), in order: so that a caller can ask its own
    /// producers (rules on values) between them, where their ratings put them.
    pub fn stages(&self, grid: &Grid, search: &Search, range: Range<usize>) -> Option<Hint> {
        if self.symbols > MAX_SYMBOLS {
            return None;
        }
        let places = house_places(self, grid);
        let (g, p) = (grid, &places);
        let s = search;
        let hint = STAGES[range].iter().find_map(|(stage, _)| match *stage {
            Stage::HiddenSets(size, direct) => {
                first(&|f| basic::hidden_sets(self, g, p, size, direct, f))
            }
            Stage::Locking => first(&|f| basic::locking(self, g, p, false, f)),
            Stage::NakedSets(size) => first(&|f| basic::naked_sets(self, g, size, f)),
            Stage::Fish(size) => first(&|f| basic::fish(self, g, size, f)),
            Stage::StrongLinks(n) => links::best(self, g, n),
            Stage::XyWing(z) => first(&|f| wings::xy(self, g, z, f)),
            Stage::Loops => s.unique.then(|| unique::loops(self, g)).flatten(),
            Stage::Als(size) => wings::als(self, g, size),
            Stage::Bug => s.unique.then(|| unique::bug(self, g)).flatten(),
            Stage::AlignedPairs => aligned::pairs(self, g),
            Stage::Cycles => chaining::cycles(self, g, s),
            Stage::AlignedTriples => aligned::triples(self, g),
            Stage::Forcing => chaining::forcing(self, g, s),
        });
        if let (Some(cache), Some(hint)) = (search.cache, &hint) {
            cache.took(hint.se);
        }
        hint
    }

    /// The least rating (tenths) each producer of [`Ladder::indirect`]
    /// gives, in its order (not quite ascending: serate asks for a unique
    /// rectangle, 4.5, before a naked quad, 5.0).
    pub fn stage_bases() -> impl Iterator<Item = u16> {
        STAGES.iter().map(|&(_, base)| base)
    }

    /// The easiest turbot fish (two strong links), for a ladder that is not
    /// Sudoku Explainer's (graphdoku's `explain`).
    pub fn turbot(&self, grid: &Grid) -> Option<Hint> {
        links::best(self, grid, 2)
    }

    /// The techniques past the quads, easiest first, for a ladder that is
    /// not Sudoku Explainer's: longer strong-link chains, ALS-XZ, cycles
    /// (through `search.rules` too).
    pub fn beyond_quads(&self, grid: &Grid, search: &Search) -> Option<Hint> {
        links::best(self, grid, 3)
            .or_else(|| wings::als(self, grid, 3))
            .or_else(|| links::best(self, grid, 4))
            .or_else(|| wings::als(self, grid, 4))
            .or_else(|| wings::als(self, grid, 5))
            .or_else(|| chaining::cycles(self, grid, search))
            .or_else(|| wings::als(self, grid, 6))
    }

    /// The forcing chains of Sudoku Explainer's ladder alone (Nishio,
    /// multiple, dynamic, nested; none whose base rating is above
    /// `search.ceiling`), through `search.rules` too: for a ladder that is
    /// not Sudoku Explainer's, past its own techniques.
    ///
    /// # Complexity
    /// Milliseconds for the dynamic chains on 9×9, seconds for the nested
    /// ones, until `search.deadline`.
    pub fn forcing(&self, grid: &Grid, search: &Search) -> Option<Hint> {
        if self.symbols > MAX_SYMBOLS {
            return None;
        }
        chaining::forcing(self, grid, search)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A forcing chain's hint rated `se` that removes `v` from `cell`.
    fn removing(se: u16, cell: usize, v: u8) -> Hint {
        let technique = Technique::DynamicForcingChain;
        Hint::removing(
            technique,
            se,
            vec![(cell, bit(v))],
            vec![cell],
            vec![],
            vec![v],
        )
    }

    #[test]
    fn a_kept_hint_comes_early_only_within_the_hardest_step() {
        let cache = Cache::default();
        let kept = vec![removing(85, 0, 1), removing(85, 1, 2), removing(88, 2, 3)];
        // Two producers' hints, each producer's easiest first.
        cache.keep(2, kept);
        cache.keep(3, vec![removing(87, 3, 3)]);
        let mut grid: Grid = vec![0b1111; 4];
        // No step taken yet: none is early.
        assert!(cache.within_hardest(&grid).is_none());
        cache.took(85);
        let first = cache.within_hardest(&grid).expect("an 8.5 within the 8.5");
        assert_eq!(first.removals, vec![(0, bit(1))]);
        // The next 8.5 no longer changes the board: it goes, and the 8.7 and
        // 8.8 are above the hardest.
        grid[1] &= !bit(2);
        assert!(cache.within_hardest(&grid).is_none());
        cache.took(88);
        let easiest = cache.within_hardest(&grid).expect("the 8.7 then the 8.8");
        assert_eq!((easiest.se, easiest.removals), (87, vec![(3, bit(3))]));
        assert_eq!(cache.within_hardest(&grid).map(|h| h.se), Some(88));
        assert!(cache.within_hardest(&grid).is_none());
    }

    #[test]
    fn a_kept_hint_is_trimmed_to_what_it_still_removes() {
        let cache = Cache::default();
        let two = Hint::removing(
            Technique::ForcingChain,
            82,
            vec![(0, bit(1) | bit(2)), (1, bit(1))],
            vec![0, 1],
            vec![],
            vec![1, 2],
        );
        cache.keep(1, vec![two]);
        cache.took(90);
        let grid: Grid = vec![bit(2) | bit(3), bit(3) | bit(4)];
        let hint = cache
            .within_hardest(&grid)
            .expect("still removes 2 from cell 0");
        assert_eq!(hint.removals, vec![(0, bit(2))]);
    }
}
