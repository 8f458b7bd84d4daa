//! Rating on the Sudoku Explainer scale: the step finder in `serate`'s order.
//!
//! Sudoku Explainer (and SukakuExplainer's `serate`) always applies the step
//! with the lowest rating available, and the puzzle's rating is the hardest
//! step of that path. [`Logic::rate_step`] tries the techniques in the order
//! of their ratings, with Sudoku Explainer's finer grades of the easy ones: a
//! hidden single in a box (1.2) before one in a line (1.5); locked candidates
//! and hidden pairs that lead straight to a hidden single ("direct", 1.7 to
//! 2.0) before a naked single (2.3); a direct hidden triple (2.5); pointing
//! (2.6) before claiming (2.8). Sources: `diuf/sudoku/solver/Solver.java` and
//! the `*Hint.java` files of SukakuExplainer (github.com/SudokuMonster/SukakuExplainer)
//! for the values, `chaining/Chaining.java` and `ChainingHint.java` for the chains'.

use super::{
    Board, Contradiction, Logic, Path, Step, chains, fish, locked, singles, subsets, wings,
};
use crate::puzzle::{Puzzle, Solution};

impl Logic<'_> {
    /// The step Sudoku Explainer would rate next on `board`: the technique
    /// with the lowest rating that finds something, `None` when none does
    /// (or the board is solved). Never a guess.
    ///
    /// # Complexity
    /// As [`Logic::next_step`]; the forcing chains, tried last, follow every
    /// candidate's consequences, and at their deeper levels the consequences'
    /// own forcing chains (milliseconds to seconds on 9×9).
    pub fn rate_step(&self, board: &Board) -> Option<Step> {
        let boxed = |h: usize| self.is_box_like(h);
        let last = |h: usize| {
            let houses = self.graph.houses();
            houses[h]
                .cells
                .iter()
                .filter(|&&c| board.placed[c].is_none())
                .count()
                == 1
        };
        singles::hidden_in(self, board, &last)
            .map(|mut step| {
                step.se = 10;
                step
            })
            .or_else(|| singles::hidden_in(self, board, &boxed))
            .or_else(|| singles::hidden_in(self, board, &|h| !boxed(h)))
            .or_else(|| self.direct_locked(board, 26, 17))
            .or_else(|| self.direct_locked(board, 28, 19))
            .or_else(|| self.direct(board, subsets::hidden_all(self, board, 2), 34, 20))
            .or_else(|| singles::naked(board))
            .or_else(|| super::rules::find(self, board))
            .or_else(|| self.direct(board, subsets::hidden_all(self, board, 3), 40, 25))
            .or_else(|| {
                let all = locked::all(self, board);
                all.into_iter().min_by_key(|s| s.se)
            })
            .or_else(|| subsets::naked(self, board, 2))
            .or_else(|| fish::find(self, board, 2))
            .or_else(|| subsets::hidden(self, board, 2))
            .or_else(|| subsets::naked(self, board, 3))
            .or_else(|| fish::find(self, board, 3))
            .or_else(|| subsets::hidden(self, board, 3))
            .or_else(|| wings::xy(self, board))
            .or_else(|| wings::xyz(self, board))
            .or_else(|| subsets::naked(self, board, 4))
            .or_else(|| fish::find(self, board, 4))
            .or_else(|| subsets::hidden(self, board, 4))
            .or_else(|| chains::find(self, board))
    }

    /// The first locked candidates rated `se` (pointing or claiming) whose
    /// removals leave a hidden single of its symbol in another house of the
    /// confining house's kind that meets the other house (Sudoku Explainer's
    /// "direct" pointing and claiming), rated `direct` instead.
    fn direct_locked(&self, board: &Board, se: u16, direct: u16) -> Option<Step> {
        let houses = self.graph.houses();
        locked::all(self, board)
            .into_iter()
            .filter(|s| s.se == se)
            .find_map(|mut step| {
                let (a, b, colour) = (step.houses[0], step.houses[1], step.colours[0]);
                let gone = |c: usize| step.eliminated.iter().any(|&(e, _)| e == c);
                let single = (0..houses.len()).any(|h| {
                    if h == a || houses[h].kind != houses[a].kind || !self.is_full(h) {
                        return false;
                    }
                    if !houses[h].cells.iter().any(|c| houses[b].cells.contains(c)) {
                        return false;
                    }
                    let places = houses[h].cells.iter().filter(|&&c| {
                        board.placed[c].is_none() && board.candidates[c].contains(colour)
                    });
                    let (before, after) =
                        places.fold((0, 0), |(n, m), &c| (n + 1, m + usize::from(!gone(c))));
                    before > 1 && after == 1
                });
                single.then(|| {
                    step.se = direct;
                    step
                })
            })
    }

    /// The first of `steps` rated `se` whose removals leave a hidden single,
    /// rated `direct` instead (only called when no hidden single is there yet).
    fn direct(&self, board: &Board, steps: Vec<Step>, se: u16, direct: u16) -> Option<Step> {
        steps
            .into_iter()
            .filter(|s| s.se == se)
            .find_map(|mut step| {
                let mut after = board.clone();
                self.apply(&mut after, &step).ok()?;
                singles::hidden(self, &after)?;
                step.se = direct;
                Some(step)
            })
    }

    /// Solves `puzzle` as Sudoku Explainer rates it: the lowest-rated step
    /// each time ([`Logic::rate_step`]), and a guess from `solution` when
    /// logic runs out. [`super::Grade::of`] the path gives the ER/EP/ED ratings.
    ///
    /// # Errors
    /// A [`Contradiction`] when `solution` is not a solution of `puzzle`.
    pub fn rated_path(&self, puzzle: &Puzzle, solution: &Solution) -> Result<Path, Contradiction> {
        self.walk(puzzle, solution, &|board| self.rate_step(board))
    }
}
