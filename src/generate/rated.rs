//! Generation by grade: a level ([`Options::difficulty`]) or a Sudoku
//! Explainer rating ([`Options::se`]), the same for puzzles with and without
//! rules, since both are read off the path `grade` rates by.
//!
//! By rating, random minimal puzzles are rated with
//! [`Logic::rated_path_up_to`](crate::logic::Logic::rated_path_up_to) until
//! one falls in the range asked for; one rated above it is brought down into
//! the range by giving back removed clues (each kept unless it takes the
//! rating below the range), so it is then unique but not minimal.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use rand_core::Rng;

use super::{GenerateError, Generator, Options};
use crate::logic::{Grade, Level, Logic};
use crate::puzzle::{Puzzle, Solution};

impl<'g> Generator<'g> {
    /// `puzzle` (unique, with `solution` its one solution, reduced in
    /// `orbits`) judged against what `options` ask of its grade: as it is
    /// with no level or rating asked for; with [`Options::se`], rated and,
    /// when above the range, given clues back until it is in it; with
    /// [`Options::difficulty`], kept when its level is the one asked for
    /// (by [`Logic::graded_path`], as `grade` has it). `None` when it
    /// misses.
    ///
    /// # Errors
    /// [`GenerateError::OutOfTime`] when the deadline passes before a
    /// rating is settled, [`GenerateError::Internal`] when the logic
    /// contradicts `solution`.
    pub(super) fn aim<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        puzzle: Puzzle,
        solution: &Solution,
        orbits: &[Vec<usize>],
        options: &Options,
    ) -> Result<Option<(Puzzle, Option<Grade>)>, GenerateError> {
        let (puzzle, grade) = match options.se {
            None => (puzzle, None),
            #[cfg(feature = "se")]
            Some(range) => match self.rated(rng, puzzle, solution, orbits, range)? {
                Some((puzzle, grade)) => (puzzle, Some(grade)),
                None => return Ok(None),
            },
            #[cfg(not(feature = "se"))]
            Some(_) => {
                let _ = (rng, orbits);
                return Err(GenerateError::Unrated);
            }
        };
        let Some(level) = options.difficulty else {
            return Ok(Some((puzzle, grade)));
        };
        let grade = match grade {
            Some(grade) => grade,
            None => Grade::of(
                &(self.grader().graded_path(&puzzle, solution))
                    .map_err(|_| GenerateError::Internal)?,
            ),
        };
        if grade.level != level {
            // A grade cut short by the deadline is no verdict.
            self.in_time()?;
            return Ok(None);
        }
        Ok(Some((puzzle, Some(grade))))
    }

    /// The logic to grade by: this generator's, with its chains through
    /// rules given no more than the time left before the deadline. Those
    /// chains' budget (see [`Logic::with_path_budget`]) is what bounds a
    /// rating of a puzzle with rules; a rating cut short by it ends in a
    /// guess, which the callers take for out of time once the deadline has
    /// passed. Without rules the ratings have no budget: the search is
    /// Sudoku Explainer's, and a 9×9's is quick.
    fn grader(&self) -> Cow<'_, Logic<'g>> {
        let Some(deadline) = self.deadline else {
            return Cow::Borrowed(&self.logic);
        };
        let left = deadline.saturating_duration_since(Instant::now());
        match left < self.logic.path_budget() {
            true => Cow::Owned(self.logic.clone().with_path_budget(left)),
            false => Cow::Borrowed(&self.logic),
        }
    }
}

/// A range of Sudoku Explainer ratings (ER, the hardest step), in tenths,
/// both ends included.
///
/// Written `6.0..7.5`, `6.0..` (at least), `..4.5` (at most), `7.1` (exactly),
/// or a level's name for its range (see [`Level::se_range`]): `easy`,
/// `medium`, `hard`, `fiendish`, `diabolical`, `extreme`.
///
/// ```
/// use graphdoku::generate::SeRange;
/// let range: SeRange = "6.0..7.5".parse().unwrap();
/// assert!(range.contains(60) && range.contains(75) && !range.contains(76));
/// assert_eq!("diabolical".parse::<SeRange>().unwrap().to_string(), "4.2..6.4");
/// assert!("7.5..6.0".parse::<SeRange>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeRange {
    /// The lowest rating, in tenths.
    pub low: u16,
    /// The highest rating, in tenths.
    pub high: u16,
}

impl SeRange {
    /// Whether `se` (in tenths) is in the range.
    pub fn contains(self, se: u16) -> bool {
        (self.low..=self.high).contains(&se)
    }
}

impl FromStr for SeRange {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if let Some(level) = Level::ALL.iter().find(|l| l.name() == text) {
            let (low, high) = level.se_range().ok_or_else(|| {
                format!("level {text} has no Sudoku Explainer rating (it is off that scale)")
            })?;
            return Ok(SeRange { low, high });
        }
        let tenths = |part: &str, default: u16| -> Result<u16, String> {
            if part.is_empty() {
                return Ok(default);
            }
            let value: f64 = part.parse().map_err(|_| {
                format!(
                    "{text:?}: expected a rating like 6.0..7.5, 7.5.., ..4.5, 7.1, or a level name (easy, medium, hard, fiendish, diabolical, extreme)"
                )
            })?;
            if !(0.0..=20.0).contains(&value) {
                return Err(format!("{text:?}: ratings run from 1.0 to 12 or so"));
            }
            Ok((value * 10.0).round() as u16)
        };
        let (low, high) = match text.split_once("..") {
            Some((low, high)) => (tenths(low, 0)?, tenths(high, 200)?),
            None => {
                let exact = tenths(text, 0)?;
                (exact, exact)
            }
        };
        if low > high {
            return Err(format!(
                "{text:?}: the range is empty (its low end is above its high end)"
            ));
        }
        Ok(SeRange { low, high })
    }
}

impl fmt::Display for SeRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = |t: u16| format!("{}.{}", t / 10, t % 10);
        write!(f, "{}..{}", tenths(self.low), tenths(self.high))
    }
}

/// Generation by rating, which needs the ratings (the `se` feature).
#[cfg(feature = "se")]
mod by_rating {
    use rand_core::Rng;

    use super::super::random::shuffle;
    use super::super::{GenerateError, Generated, Generator, Options};
    use super::SeRange;
    use crate::logic::Grade;
    use crate::puzzle::{Puzzle, Solution};

    impl Generator<'_> {
        /// One puzzle whose Sudoku Explainer rating (ER) is in `range`, as
        /// `options` ask otherwise (symmetry, clue floor, attempts): the same
        /// as [`Generator::generate`] with [`Options::se`] set to `range`. A
        /// minimal puzzle when one is found in range, else one rated above
        /// the range with clues given back until it is in it.
        ///
        /// Each attempt makes a random minimal puzzle and rates it as `grade`
        /// does ([`Logic::graded_path`](crate::logic::Logic::graded_path), the
        /// rule steps among the ladder's on a variant with rules); a rating
        /// below the range moves on to the next attempt. The grade returned
        /// carries the ratings ([`Grade::se`]). [`dress`](super::super::dress::dress)
        /// and [`Generator::reduce_puzzle`] aim at [`Options::se`] the same way.
        ///
        /// A rating of a puzzle with rules has a time budget for its chains
        /// through rules (see
        /// [`Logic::with_path_budget`](crate::logic::Logic::with_path_budget)):
        /// one that runs into it ends in a guess, so counts as above the
        /// range; the budget is cut to the time left before the deadline.
        ///
        /// # Errors
        /// [`GenerateError::GaveUp`] when no attempt got into the range,
        /// [`GenerateError::OutOfTime`] past the deadline, an unsupported symmetry.
        ///
        /// # Example
        /// ```
        /// use graphdoku::generate::{Generator, Options, SeRange};
        /// use graphdoku::{ConstraintGraph, Solver};
        /// use rand_chacha::ChaCha8Rng;
        /// use rand_core::SeedableRng;
        ///
        /// let graph = ConstraintGraph::load("sudoku9").unwrap();
        /// let range: SeRange = "2.6..3.4".parse().unwrap();
        /// let generator = Generator::new(&graph);
        /// let made = generator
        ///     .generate_rated(&mut ChaCha8Rng::seed_from_u64(3), &Options::default(), range)
        ///     .unwrap();
        /// assert!(range.contains(made.grade.unwrap().se.unwrap().er));
        /// assert_eq!(Solver::new(&graph).count(&made.puzzle, 2), 1);
        /// ```
        pub fn generate_rated<R: Rng + ?Sized>(
            &self,
            rng: &mut R,
            options: &Options,
            range: SeRange,
        ) -> Result<Generated, GenerateError> {
            let options = Options {
                se: Some(range),
                ..options.clone()
            };
            self.generate(rng, &options)
        }

        /// `puzzle` (unique, minimal in `orbits`, `solution` its one
        /// solution) with its grade when its rating is in `range`, or eased
        /// into it when it is above; `None` when it is below, or cannot be
        /// eased into the range.
        pub(in crate::generate) fn rated<R: Rng + ?Sized>(
            &self,
            rng: &mut R,
            puzzle: Puzzle,
            solution: &Solution,
            orbits: &[Vec<usize>],
            range: SeRange,
        ) -> Result<Option<(Puzzle, Grade)>, GenerateError> {
            match self.rate(&puzzle, solution, range)? {
                Rated::In(grade) => Ok(Some((puzzle, grade))),
                Rated::Below => Ok(None),
                Rated::Above => self.ease(rng, &puzzle, solution, orbits, range),
            }
        }

        /// Where a puzzle whose one solution is `solution` rates against
        /// `range`. Ratings above it are not worked out in full (see
        /// [`Logic::rated_path_up_to`](crate::logic::Logic::rated_path_up_to)),
        /// which saves the deepest forcing chains' searches.
        ///
        /// # Errors
        /// [`GenerateError::OutOfTime`] when a rating other than "in range"
        /// comes after the deadline: it may have been cut short.
        fn rate(
            &self,
            puzzle: &Puzzle,
            solution: &Solution,
            range: SeRange,
        ) -> Result<Rated, GenerateError> {
            let path = (self.grader().rated_path_up_to(puzzle, solution, range.high))
                .map_err(|_| GenerateError::Internal)?;
            let rated = match path.map(|path| Grade::of(&path)) {
                Some(grade) if grade.se.is_some_and(|se| se.er >= range.low) => Rated::In(grade),
                Some(_) => Rated::Below,
                None => Rated::Above,
            };
            if !matches!(rated, Rated::In(_)) {
                self.in_time()?;
            }
            Ok(rated)
        }

        /// `puzzle` (rated above `range`) with removed clues given back, one orbit
        /// at a time in random order, each kept unless it takes the rating below
        /// the range, until the rating is in the range; `None` when the clues
        /// run out first.
        fn ease<R: Rng + ?Sized>(
            &self,
            rng: &mut R,
            puzzle: &Puzzle,
            solution: &Solution,
            orbits: &[Vec<usize>],
            range: SeRange,
        ) -> Result<Option<(Puzzle, Grade)>, GenerateError> {
            let mut removed: Vec<&Vec<usize>> = (orbits.iter())
                .filter(|orbit| orbit.iter().all(|&c| puzzle.givens()[c].is_none()))
                .collect();
            shuffle(rng, &mut removed);
            let mut current = puzzle.clone();
            for orbit in removed {
                self.in_time()?;
                let mut next = current.clone();
                for &cell in orbit {
                    next.givens_mut()[cell] = Some(solution.colours()[cell]);
                }
                match self.rate(&next, solution, range)? {
                    Rated::In(grade) => return Ok(Some((next, grade))),
                    Rated::Above => current = next,
                    Rated::Below => {}
                }
            }
            Ok(None)
        }
    }

    /// Where a rating falls against a range: in it (with the grade), below,
    /// above (or needing a guess).
    enum Rated {
        In(Grade),
        Below,
        Above,
    }
}
