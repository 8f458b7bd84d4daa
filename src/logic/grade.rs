//! Difficulty: the hardest technique a solution path needs, as a named level,
//! and the path's ratings on the Sudoku Explainer scale (ER, EP, ED).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::{Path, Technique};

/// A difficulty level, from the hardest technique needed when the easiest one
/// available is always applied first, with the Sudoku Explainer ratings of
/// those techniques (the band [`Level::se_range`] gives, which
/// `generate --se` takes a level's name for):
///
/// | level | hardest technique needed | SE |
/// |---|---|---|
/// | `easy` | naked and hidden singles | 1.0–2.5 |
/// | `rules` | a rule on values (a killer cage, a thermometer, …) applied alone | – |
/// | `medium` | locked candidates; with rules, rule pointing, innies and outies | 2.6–2.9 |
/// | `hard` | naked or hidden pairs, X-wing; with rules, a rule against its house | 3.0–3.5 |
/// | `fiendish` | naked or hidden triples, swordfish, turbot fish | 3.6–4.1 |
/// | `diabolical` | XY- and XYZ-wings, unique rectangles, quads, jellyfish, strong-link chains, ALS-XZ, BUG, aligned pair exclusion | 4.2–6.4 |
/// | `extreme` | chains and cycles, aligned triple exclusion, forcing chains | 6.5 and up |
/// | `needs-search` | none of these suffice: at least one guess | – |
///
/// A solved (or empty-of-work) puzzle is `easy`. `rules` sits just above the
/// singles: a step of one rule on its own cells (the combinations of one cage,
/// the bounds along one thermometer) is the next thing a solver looks at in a
/// puzzle with rules, before any pattern across houses; only puzzles with rules
/// can have it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Singles only.
    Easy,
    /// Singles and the rules' own deductions.
    Rules,
    /// Locked candidates.
    Medium,
    /// Pairs.
    Hard,
    /// Triples.
    Fiendish,
    /// Wings, quads, jellyfish.
    Diabolical,
    /// Chains and forcing chains.
    Extreme,
    /// Logic alone is not enough.
    NeedsSearch,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 8] = [
        Level::Easy,
        Level::Rules,
        Level::Medium,
        Level::Hard,
        Level::Fiendish,
        Level::Diabolical,
        Level::Extreme,
        Level::NeedsSearch,
    ];

    /// The level's name: `easy`, `rules`, `medium`, `hard`, `fiendish`,
    /// `diabolical`, `extreme`, `needs-search`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Rules => "rules",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
            Level::Diabolical => "diabolical",
            Level::Extreme => "extreme",
            Level::NeedsSearch => "needs-search",
        }
    }

    /// The range of Sudoku Explainer ratings (in tenths, both ends included)
    /// of the techniques of this level; `None` for `rules` and
    /// `needs-search`, which are off that scale.
    pub fn se_range(self) -> Option<(u16, u16)> {
        match self {
            Level::Easy => Some((10, 25)),
            Level::Medium => Some((26, 29)),
            Level::Hard => Some((30, 35)),
            Level::Fiendish => Some((36, 41)),
            Level::Diabolical => Some((42, 64)),
            Level::Extreme => Some((65, 200)),
            Level::Rules | Level::NeedsSearch => None,
        }
    }

    /// The level whose band of Sudoku Explainer ratings holds `tenths`
    /// (below 1.0: easy; above the bands: extreme).
    pub fn of_rating(tenths: u16) -> Level {
        Level::ALL
            .into_iter()
            .find(|l| {
                l.se_range()
                    .is_some_and(|(low, high)| (low..=high).contains(&tenths))
            })
            .unwrap_or(if tenths < 10 {
                Level::Easy
            } else {
                Level::Extreme
            })
    }

    /// The level whose hardest technique is `technique`.
    pub fn of(technique: Technique) -> Level {
        match technique {
            Technique::NakedSingle | Technique::HiddenSingle => Level::Easy,
            Technique::Rule => Level::Rules,
            Technique::LockedCandidates | Technique::RulePointing | Technique::InniesOuties => {
                Level::Medium
            }
            Technique::NakedPair
            | Technique::RuleHouse
            | Technique::XWing
            | Technique::HiddenPair => Level::Hard,
            Technique::NakedTriple
            | Technique::Swordfish
            | Technique::HiddenTriple
            | Technique::TurbotFish => Level::Fiendish,
            Technique::XyWing
            | Technique::XyzWing
            | Technique::UniqueRectangle
            | Technique::NakedQuad
            | Technique::Jellyfish
            | Technique::HiddenQuad
            | Technique::StrongLinks
            | Technique::AlsXz
            | Technique::Bug
            | Technique::AlignedPairExclusion => Level::Diabolical,
            Technique::XChain
            | Technique::XyChain
            | Technique::AlignedTripletExclusion
            | Technique::Nishio
            | Technique::ForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
            | Technique::NestedForcingChain => Level::Extreme,
            Technique::Guess => Level::NeedsSearch,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        crate::names::parse(&Level::ALL, Level::name, text, "level")
    }
}

/// The three ratings Sudoku Explainer's `serate` reports, in tenths: ER the
/// hardest step of the path, EP the hardest step up to the first placement,
/// ED the first step's (the hardest before anything else is known). Shown
/// as `serate` shows them: `ED=7.1/1.2/1.2` (ER/EP/ED).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Se {
    /// The hardest step.
    pub er: u16,
    /// The hardest step up to and including the first placement.
    pub ep: u16,
    /// The first step.
    pub ed: u16,
}

impl Se {
    /// The ratings of a path, `None` when it has a guess (or no step).
    pub fn of(path: &Path) -> Option<Se> {
        if path.steps.iter().any(|s| s.technique == Technique::Guess) {
            return None;
        }
        let first = path.steps.first()?;
        let placing = path
            .steps
            .iter()
            .position(|s| s.placed.is_some())
            .unwrap_or(path.steps.len() - 1);
        let max = |steps: &[super::Step]| steps.iter().map(|s| s.se).max().unwrap_or(0);
        Some(Se {
            er: max(&path.steps),
            ep: max(&path.steps[..=placing]),
            ed: first.se,
        })
    }
}

impl fmt::Display for Se {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = |t: u16| format!("{}.{}", t / 10, t % 10);
        write!(
            f,
            "ED={}/{}/{}",
            tenths(self.er),
            tenths(self.ep),
            tenths(self.ed)
        )
    }
}

/// How hard a solution path is.
///
/// ```
/// use graphdoku::logic::{Grade, Level, Path, Step, Technique};
/// let step = |technique: Technique| Step { technique, placed: None, eliminated: vec![], cells: vec![], houses: vec![], colours: vec![], rule: None, se: technique.se() };
/// let path = Path { steps: vec![step(Technique::NakedSingle), step(Technique::HiddenPair), step(Technique::NakedSingle)] };
/// let grade = Grade::of(&path);
/// assert_eq!(grade.level, Level::Hard);
/// assert_eq!(grade.uses, vec![(Technique::NakedSingle, 2), (Technique::HiddenPair, 1)]);
/// assert_eq!(grade.guesses, 0);
/// assert_eq!(grade.se.unwrap().to_string(), "ED=3.4/3.4/2.3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The level (see [`Level`] for the mapping).
    pub level: Level,
    /// The technique of the hardest step (the one rated highest, see
    /// [`super::Step::se`]), if any step was needed; a guess, if any.
    pub hardest: Option<Technique>,
    /// How often each technique was used, easiest first, only those used.
    pub uses: Vec<(Technique, usize)>,
    /// The number of guesses.
    pub guesses: usize,
    /// The Sudoku Explainer ratings of the path ([`Se::of`]); meaningful on
    /// a path in Sudoku Explainer's order ([`super::Logic::shown_path`] of a
    /// puzzle with one solution), `None` in a build without the `se` feature.
    pub se: Option<Se>,
}

impl Grade {
    /// The grade of a path.
    pub fn of(path: &Path) -> Grade {
        let uses: Vec<(Technique, usize)> = Technique::ALL
            .into_iter()
            .map(|t| (t, path.steps.iter().filter(|s| s.technique == t).count()))
            .filter(|&(_, n)| n > 0)
            .collect();
        // The hardest step is the one rated highest: Sudoku Explainer rates
        // a subset that leads straight to a single (a "direct" hidden
        // triple, 2.5) below claiming (2.8), so a path's level agrees with
        // its ER. A tie goes to the technique of the higher level (a rule
        // step, rated as a naked single, is harder than one), a guess wins.
        let hardest = match uses.last() {
            Some(&(Technique::Guess, _)) => Some(Technique::Guess),
            _ => (path.steps.iter())
                .max_by_key(|s| (s.se, Level::of(s.technique), s.technique))
                .map(|s| s.technique),
        };
        Grade {
            level: hardest.map_or(Level::Easy, Level::of),
            hardest,
            guesses: uses
                .iter()
                .find(|(t, _)| *t == Technique::Guess)
                .map_or(0, |&(_, n)| n),
            uses,
            // Built without Sudoku Explainer's ladder, nothing is rated on
            // its scale.
            se: Se::of(path).filter(|_| cfg!(feature = "se")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_from_their_names() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert!(
            "hardest"
                .parse::<Level>()
                .unwrap_err()
                .contains("needs-search")
        );
    }

    #[test]
    fn every_technique_maps_to_a_level_in_order() {
        let levels: Vec<Level> = Technique::ALL.into_iter().map(Level::of).collect();
        assert!(levels.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(Grade::of(&Path { steps: vec![] }).level, Level::Easy);
    }
}
