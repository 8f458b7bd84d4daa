//! Difficulty: the hardest technique a solution path needs, as a named level.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::{Path, Technique};

/// A difficulty level, from the hardest technique needed when the easiest one
/// available is always applied first:
///
/// | level | hardest technique needed |
/// |---|---|
/// | `easy` | naked and hidden singles |
/// | `rules` | a rule on values (a killer cage, a thermometer, …) applied alone |
/// | `medium` | locked candidates |
/// | `hard` | naked or hidden pairs |
/// | `fiendish` | naked or hidden triples |
/// | `needs-search` | none of these suffice: at least one guess |
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
    /// Logic alone is not enough.
    NeedsSearch,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 6] = [
        Level::Easy,
        Level::Rules,
        Level::Medium,
        Level::Hard,
        Level::Fiendish,
        Level::NeedsSearch,
    ];

    /// The level's name: `easy`, `rules`, `medium`, `hard`, `fiendish`, `needs-search`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Rules => "rules",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
            Level::NeedsSearch => "needs-search",
        }
    }

    /// The level whose hardest technique is `technique`.
    pub fn of(technique: Technique) -> Level {
        match technique {
            Technique::NakedSingle | Technique::HiddenSingle => Level::Easy,
            Technique::Rule => Level::Rules,
            Technique::LockedCandidates => Level::Medium,
            Technique::NakedPair | Technique::HiddenPair => Level::Hard,
            Technique::NakedTriple | Technique::HiddenTriple => Level::Fiendish,
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

/// How hard a solution path is.
///
/// ```
/// use graphdoku::logic::{Grade, Level, Path, Step, Technique};
/// let step = |technique| Step { technique, placed: None, eliminated: vec![], cells: vec![], houses: vec![], colours: vec![], rule: None };
/// let path = Path { steps: vec![step(Technique::NakedSingle), step(Technique::HiddenPair), step(Technique::NakedSingle)] };
/// let grade = Grade::of(&path);
/// assert_eq!(grade.level, Level::Hard);
/// assert_eq!(grade.uses, vec![(Technique::NakedSingle, 2), (Technique::HiddenPair, 1)]);
/// assert_eq!(grade.guesses, 0);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The level (see [`Level`] for the mapping).
    pub level: Level,
    /// The hardest technique used, if any step was needed.
    pub hardest: Option<Technique>,
    /// How often each technique was used, easiest first, only those used.
    pub uses: Vec<(Technique, usize)>,
    /// The number of guesses.
    pub guesses: usize,
}

impl Grade {
    /// The grade of a path.
    pub fn of(path: &Path) -> Grade {
        let uses: Vec<(Technique, usize)> = Technique::ALL
            .into_iter()
            .map(|t| (t, path.steps.iter().filter(|s| s.technique == t).count()))
            .filter(|&(_, n)| n > 0)
            .collect();
        let hardest = uses.last().map(|&(t, _)| t);
        Grade {
            level: hardest.map_or(Level::Easy, Level::of),
            hardest,
            guesses: uses
                .iter()
                .find(|(t, _)| *t == Technique::Guess)
                .map_or(0, |&(_, n)| n),
            uses,
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
