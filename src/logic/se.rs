//! The bridge to Sudoku Explainer's ladder (the `graphdoku-se` crate,
//! LGPL-2.1-or-later, behind the `se` feature): the graph handed over as the
//! ladder's [`Shape`], its hints brought back as [`Step`]s. Without the
//! feature, `explain` and `hint` stop after the quads (no turbot fish, ALS or
//! cycles) and nothing is rated on Sudoku Explainer's scale.

use std::time::Instant;

use super::{Board, Logic, Step};

#[cfg(feature = "se")]
use graphdoku_se::{Family, Grid, Hint, House, HouseKind, Ladder, Search, Shape};

#[cfg(feature = "se")]
use super::Technique;

/// The ladder of `logic`'s graph.
#[cfg(feature = "se")]
pub(super) fn ladder(logic: &Logic) -> Ladder {
    use crate::graph::HouseKind as Kind;
    let houses = (logic.graph.houses().iter())
        .map(|house| House {
            cells: house.cells.clone(),
            kind: match house.kind {
                Kind::Row => HouseKind::Row,
                Kind::Column => HouseKind::Column,
                Kind::Diagonal => HouseKind::Diagonal,
                Kind::Listed => HouseKind::Listed,
                Kind::Box | Kind::Region | Kind::Ring | Kind::Sector | Kind::Wedge => {
                    HouseKind::Region
                }
            },
        })
        .collect();
    let families = (logic.families.iter())
        .map(|family| Family {
            houses: family.houses.clone(),
            of_cell: family.of_cell.clone(),
        })
        .collect();
    Ladder::new(Shape {
        symbols: logic.graph.alphabet().len(),
        houses,
        neighbours: logic.neighbours.clone(),
        intersections: logic.intersections.clone(),
        families,
        fish_pairs: logic.fish_pairs.clone(),
    })
}

/// The board's candidates as the ladder sees them: a placed cell has none.
#[cfg(feature = "se")]
fn grid_of(board: &Board) -> Grid {
    (0..board.placed.len())
        .map(|c| match board.placed[c] {
            Some(_) => 0,
            None => (board.candidates[c].iter()).fold(0, |m, v| m | graphdoku_se::bit(v)),
        })
        .collect()
}

/// A hint as a step: removals listed by cell, then symbol.
#[cfg(feature = "se")]
fn step(hint: Hint) -> Step {
    use graphdoku_se::Technique as Se;
    let mut eliminated: Vec<(usize, u8)> = (hint.removals.iter())
        .flat_map(|&(cell, mask)| {
            (0..64u8)
                .filter(move |v| mask >> v & 1 == 1)
                .map(move |v| (cell, v))
        })
        .collect();
    eliminated.sort_unstable();
    eliminated.dedup();
    let technique = match hint.technique {
        Se::NakedSingle => Technique::NakedSingle,
        Se::HiddenSingle => Technique::HiddenSingle,
        Se::LockedCandidates => Technique::LockedCandidates,
        Se::NakedPair => Technique::NakedPair,
        Se::XWing => Technique::XWing,
        Se::HiddenPair => Technique::HiddenPair,
        Se::NakedTriple => Technique::NakedTriple,
        Se::Swordfish => Technique::Swordfish,
        Se::HiddenTriple => Technique::HiddenTriple,
        Se::TurbotFish => Technique::TurbotFish,
        Se::XyWing => Technique::XyWing,
        Se::XyzWing => Technique::XyzWing,
        Se::UniqueRectangle => Technique::UniqueRectangle,
        Se::NakedQuad => Technique::NakedQuad,
        Se::Jellyfish => Technique::Jellyfish,
        Se::HiddenQuad => Technique::HiddenQuad,
        Se::StrongLinks => Technique::StrongLinks,
        Se::AlsXz => Technique::AlsXz,
        Se::Bug => Technique::Bug,
        Se::AlignedPairExclusion => Technique::AlignedPairExclusion,
        Se::XChain => Technique::XChain,
        Se::XyChain => Technique::XyChain,
        Se::AlignedTripletExclusion => Technique::AlignedTripletExclusion,
        Se::Nishio => Technique::Nishio,
        Se::ForcingChain => Technique::ForcingChain,
        Se::DynamicForcingChain => Technique::DynamicForcingChain,
        Se::DynamicForcingChainPlus => Technique::DynamicForcingChainPlus,
        Se::NestedForcingChain => Technique::NestedForcingChain,
    };
    Step {
        technique,
        placed: hint.place,
        eliminated,
        cells: hint.cells,
        houses: hint.houses,
        colours: hint.colours,
        rule: None,
        se: hint.se,
    }
}

/// The least rating (tenths) of the chain producers (cycles, forcing chains,
/// the larger ALS): those a deadline cuts short.
#[cfg(feature = "se")]
const CHAINS: u16 = 65;

/// The least rating (tenths) of the producers that a hint kept from an
/// earlier step may come before (see `graphdoku_se::Cache`): from the naked
/// quads up, the producers that cost milliseconds a step; those below, the
/// subsets, fish, turbot fish and wings a reader looks for first, are asked.
#[cfg(feature = "se")]
const KEPT_BEFORE: u16 = 50;

#[cfg(feature = "se")]
impl Logic<'_> {
    /// The step Sudoku Explainer would take next on `board`: the first hint
    /// of the first producer that finds one, in `serate`'s order (a rule's
    /// step after the direct hints); `None` when none does (or the board is
    /// solved). Uniqueness techniques (unique rectangles and loops, BUG)
    /// only when `unique` (the puzzle is known to have one solution). The
    /// forcing chain producers whose base rating is above `ceiling` (tenths)
    /// are not asked: `None` then means that no step rated `ceiling` or less
    /// is there. With rules, the chains (through the rules) search until
    /// `deadline`, and past it are not asked. Past the ladder's 64 symbols,
    /// [`Logic::next_step`].
    pub(super) fn se_step(
        &self,
        board: &Board,
        unique: bool,
        ceiling: u16,
        cache: Option<&graphdoku_se::Cache>,
        deadline: Instant,
    ) -> Option<Step> {
        if self.graph.alphabet().len() > graphdoku_se::MAX_SYMBOLS {
            return self.next_step(board);
        }
        let grid = grid_of(board);
        let bound = (!self.groups.is_empty()).then(|| self.bound(board));
        let search = Search {
            // A deadly pattern is deadly only when swapping its two symbols
            // keeps every rule: without rules, then.
            unique: unique && self.graph.rules().is_empty(),
            ceiling,
            rules: bound.as_ref().map(|b| b as &dyn graphdoku_se::Rules),
            // Without rules, serate's ratings: no deadline.
            deadline: bound.as_ref().map(|_| deadline),
            cache,
        };
        if let Some(hint) = self.se.direct(&grid) {
            return Some(step(hint));
        }
        let Some(bound) = bound.as_ref() else {
            return self.se.indirect(&grid, &search).map(step);
        };
        if let Some(step) = super::rules::find(self, board) {
            return Some(step);
        }
        // The rules' steps with houses, each before the first of the
        // ladder's producers whose least rating is above its own.
        type Family<'f> = (u16, &'f dyn Fn() -> Option<Step>);
        let families: [Family; 3] = [
            (Technique::RulePointing.se(), &|| {
                super::house::pointing(self, board, bound)
            }),
            (Technique::InniesOuties.se(), &|| {
                super::innies::find(self, board, bound)
            }),
            (Technique::RuleHouse.se(), &|| {
                super::house::find(self, board, bound)
            }),
        ];
        let mut from = 0;
        let mut families = families.iter().peekable();
        for (i, base) in Ladder::stage_bases().enumerate() {
            while let Some((_, family)) = families.next_if(|(rating, _)| *rating < base) {
                if let Some(hint) = self.se.stages(&grid, &search, from..i) {
                    return Some(step(hint));
                }
                from = i;
                if let Some(step) = family() {
                    return Some(step);
                }
            }
        }
        // A hint kept from an earlier step, rated no higher than the path's
        // hardest step, before the dearer producers search again.
        let cheap = (Ladder::stage_bases().position(|base| base >= KEPT_BEFORE))
            .unwrap_or(0)
            .max(from);
        if let Some(hint) = self.se.stages(&grid, &search, from..cheap) {
            return Some(step(hint));
        }
        from = cheap;
        if let Some(hint) = cache.and_then(|c| c.within_hardest(&grid)) {
            return Some(step(hint));
        }
        // Past the deadline the chains would give up at once, after building
        // their tables: the producers from the first chain on are not asked.
        let stages = match Instant::now() >= deadline {
            true => Ladder::stage_bases()
                .position(|base| base >= CHAINS)
                .unwrap_or(0),
            false => Ladder::stage_bases().count(),
        };
        self.se
            .stages(&grid, &search, from..stages.max(from))
            .map(step)
    }

    /// The easiest turbot fish (two strong links), for explain's path.
    pub(super) fn turbot_step(&self, board: &Board) -> Option<Step> {
        self.se.turbot(&grid_of(board)).map(step)
    }

    /// Explain's techniques past the quads, easiest first: longer
    /// strong-link chains, ALS-XZ, forcing chains and cycles (through the
    /// rules too).
    pub(super) fn beyond_quads_step(&self, board: &Board, deadline: Instant) -> Option<Step> {
        let bound = (!self.groups.is_empty()).then(|| self.bound(board));
        if bound.is_some() && Instant::now() >= deadline {
            // The chains through rules are out of time (see `se_step`).
            return None;
        }
        let search = Search {
            rules: bound.as_ref().map(|b| b as &dyn graphdoku_se::Rules),
            // Without rules, the classic ladder as it always was.
            deadline: bound.as_ref().map(|_| deadline),
            ..Search::default()
        };
        let grid = grid_of(board);
        self.se.beyond_quads(&grid, &search).map(step).or_else(|| {
            // With rules, the forcing chains through them too: a rule
            // puzzle's break-in is often one (cycles alone leave guesses).
            bound.as_ref()?;
            self.se.forcing(&grid, &search).map(step)
        })
    }
}

/// Without Sudoku Explainer's ladder, explain's path has none of its
/// techniques.
#[cfg(not(feature = "se"))]
impl Logic<'_> {
    pub(super) fn turbot_step(&self, _: &Board) -> Option<Step> {
        None
    }

    pub(super) fn beyond_quads_step(&self, _: &Board, _: Instant) -> Option<Step> {
        None
    }
}
