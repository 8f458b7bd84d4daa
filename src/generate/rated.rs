//! Generation by Sudoku Explainer rating: random minimal puzzles rated with
//! [`Logic::rated_path_up_to`](crate::logic::Logic::rated_path_up_to) until
//! one falls in the range asked for; one rated above it is brought down into
//! the range by giving back removed clues (each kept unless it takes the
//! rating below the range), so it is then unique but not minimal.

use std::fmt;
use std::str::FromStr;

use crate::logic::Level;

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
        /// `options` ask otherwise (symmetry, clue floor, attempts): a minimal
        /// puzzle when one is found in range, else one rated above the range
        /// with clues given back until it is in it.
        ///
        /// Each attempt makes a random minimal puzzle and rates it; a rating below
        /// the range moves on to the next attempt. The grade returned carries the
        /// ratings ([`Grade::se`]).
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
            let orbits = options.orbits(self.graph)?;
            for attempt in 1..=options.attempts {
                self.in_time()?;
                let solution = self.solution(rng)?;
                let puzzle = self.reduce(rng, &solution, &orbits, options.clues.unwrap_or(0))?;
                let eased = match self.rate(&puzzle, &solution, range)? {
                    Rated::In(grade) => Some((puzzle, grade)),
                    Rated::Below => None,
                    Rated::Above => self.ease(rng, &puzzle, &solution, &orbits, range)?,
                };
                if let Some((puzzle, grade)) = eased {
                    return Ok(made(puzzle, solution, grade, attempt));
                }
            }
            Err(GenerateError::GaveUp {
                wanted: format!("a Sudoku Explainer rating in {range}"),
                attempts: options.attempts,
            })
        }

        /// Where a puzzle whose one solution is `solution` rates against
        /// `range`. Ratings above it are not worked out in full (see
        /// [`Logic::rated_path_up_to`](crate::logic::Logic::rated_path_up_to)),
        /// which saves the deepest forcing chains' searches.
        fn rate(
            &self,
            puzzle: &Puzzle,
            solution: &Solution,
            range: SeRange,
        ) -> Result<Rated, GenerateError> {
            let path = (self.logic.rated_path_up_to(puzzle, solution, range.high))
                .map_err(|_| GenerateError::Internal)?;
            Ok(match path.map(|path| Grade::of(&path)) {
                Some(grade) if grade.se.is_some_and(|se| se.er >= range.low) => Rated::In(grade),
                Some(_) => Rated::Below,
                None => Rated::Above,
            })
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

    fn made(puzzle: Puzzle, solution: Solution, grade: Grade, attempts: usize) -> Generated {
        Generated {
            puzzle,
            solution,
            grade: Some(grade),
            attempts,
        }
    }
}
