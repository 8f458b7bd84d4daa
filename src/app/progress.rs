//! The progress line on a terminal: throttled, its rate rounded, for batches and `generate`.

use std::fmt;
use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::time::{Duration, Instant};

use graphdoku::generate::{Progress, Reducing};
use indicatif::style::ProgressTracker;
use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Redraws per second, at most: enough to see it move, little enough that a
/// batch of a million puzzles writes a few kilobytes of terminal output.
const HZ: u8 = 4;

/// How long a puzzle's reduction runs before the line shows how far it has
/// come: a 9×9 takes a millisecond, a 25×25 a minute.
const SLOW: Duration = Duration::from_secs(1);

/// What a progress line counts.
pub(crate) enum Counting {
    /// Puzzles of a batch, with no total known in advance.
    Open,
    /// `n` puzzles to make, with the reduction under way once it is slow.
    Of(u64, Arc<Progress>),
}

/// Whether to show progress: only when standard error is a terminal, and
/// standard output is not (output on the terminal shows the progress itself,
/// and would have to interrupt the line for every record).
pub(crate) fn wanted() -> bool {
    io::stderr().is_terminal() && !io::stdout().is_terminal()
}

/// A progress line on standard error, or `None` when none is [`wanted`].
pub(crate) fn bar(counting: Counting) -> Option<ProgressBar> {
    wanted().then(|| on(counting, ProgressDrawTarget::stderr_with_hz(HZ)))
}

/// A progress line on standard error whenever it is a terminal, for work
/// that prints little and may take long (`generate`): drawn above any output
/// sent to the terminal through [`ProgressBar::suspend`].
pub(crate) fn bar_on_terminal(counting: Counting) -> Option<ProgressBar> {
    io::stderr()
        .is_terminal()
        .then(|| on(counting, ProgressDrawTarget::stderr_with_hz(HZ)))
}

/// A progress line drawn on `target` (which sets the redraw rate).
pub(crate) fn on(counting: Counting, target: ProgressDrawTarget) -> ProgressBar {
    let (bar, template) = match counting {
        Counting::Open => (
            ProgressBar::with_draw_target(None, target),
            "{spinner} {human_pos} puzzles, {rate}, {elapsed}",
        ),
        Counting::Of(n, _) => (
            ProgressBar::with_draw_target(Some(n), target),
            "{spinner} {bar:30} {human_pos}/{human_len} puzzles, {rate}, {elapsed}{reduction}",
        ),
    };
    if let Ok(mut style) = ProgressStyle::with_template(template) {
        if let Counting::Of(_, progress) = counting {
            style = style.with_key("reduction", Slow::new(progress));
        }
        let style = style.with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            },
        );
        bar.set_style(style);
    }
    // The spinner turns (and the time moves) even while one puzzle takes long.
    bar.enable_steady_tick(Duration::from_millis(1000 / u64::from(HZ)));
    bar
}

/// The reduction under way, shown once it has run for [`SLOW`].
#[derive(Clone)]
struct Slow {
    progress: Arc<Progress>,
    /// The reduction last seen, and when it was first seen.
    seen: Option<(usize, Instant)>,
    /// What to show, if anything.
    shown: Option<Reducing>,
}

impl Slow {
    fn new(progress: Arc<Progress>) -> Self {
        Slow {
            progress,
            seen: None,
            shown: None,
        }
    }

    /// Looks at the reduction at `now`.
    fn look(&mut self, now: Instant) {
        let at = self.progress.now();
        match self.seen {
            Some((reduction, since)) if reduction == at.reduction => {
                self.shown = (now.duration_since(since) >= SLOW).then_some(at);
            }
            _ => {
                self.seen = Some((at.reduction, now));
                self.shown = None;
            }
        }
    }

    /// What the line shows of the reduction, if anything.
    fn text(&self) -> Option<String> {
        self.shown.map(|at| {
            format!(
                "; this puzzle: {} clues, {} of {} removals tried",
                HumanCount(at.clues as u64),
                HumanCount(at.tried as u64),
                HumanCount(at.removals as u64),
            )
        })
    }
}

impl ProgressTracker for Slow {
    fn clone_box(&self) -> Box<dyn ProgressTracker> {
        Box::new(self.clone())
    }

    fn tick(&mut self, _: &ProgressState, now: Instant) {
        self.look(now);
    }

    fn reset(&mut self, _: &ProgressState, _: Instant) {
        (self.seen, self.shown) = (None, None);
    }

    fn write(&self, _: &ProgressState, w: &mut dyn fmt::Write) {
        if let Some(text) = self.text() {
            let _ = w.write_str(&text);
        }
    }
}

/// A rate for people: whole numbers with thousands separators from 10 a
/// second up, one decimal below.
pub(crate) fn rate(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        "0/s".to_string()
    } else if per_sec < 10.0 {
        format!("{per_sec:.1}/s")
    } else {
        format!("{}/s", HumanCount(per_sec.round() as u64))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use indicatif::TermLike;

    use super::*;

    #[test]
    fn rates_are_rounded() {
        // Issue 10: the line showed "18,177.2186/s".
        assert_eq!(rate(18_177.218_6), "18,177/s");
        assert_eq!(rate(1_234_567.5), "1,234,568/s");
        assert_eq!(rate(10.4), "10/s");
        assert_eq!(rate(3.25), "3.2/s");
        assert_eq!(rate(0.0), "0/s");
        assert_eq!(rate(f64::NAN), "0/s");
    }

    /// A terminal that counts what is written to it.
    #[derive(Debug, Clone, Default)]
    struct Counter(Arc<AtomicUsize>);

    impl TermLike for Counter {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, _: &str) -> io::Result<()> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
        fn write_str(&self, _: &str) -> io::Result<()> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_slow_reduction_shows_how_far_it_has_come() {
        use graphdoku::ConstraintGraph;
        use graphdoku::generate::{Generator, Options};
        use rand_chacha::ChaCha8Rng;
        use rand_core::SeedableRng;

        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let progress = Arc::new(Progress::default());
        let generator = Generator::new(&graph).with_progress(Arc::clone(&progress));
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut slow = Slow::new(Arc::clone(&progress));
        let start = Instant::now();
        slow.look(start);
        assert_eq!(slow.text(), None, "no reduction yet");

        let made = generator.generate(&mut rng, &Options::default()).unwrap();
        slow.look(start);
        assert_eq!(slow.text(), None, "a reduction just seen");
        slow.look(start + SLOW / 2);
        assert_eq!(slow.text(), None, "a reduction seen for less than {SLOW:?}");
        slow.look(start + SLOW);
        let clues = made.puzzle.clue_count();
        let text = format!("; this puzzle: {clues} clues, 81 of 81 removals tried");
        assert_eq!(slow.text(), Some(text));

        // The next puzzle's reduction starts the wait again.
        generator.generate(&mut rng, &Options::default()).unwrap();
        slow.look(start + 2 * SLOW);
        assert_eq!(slow.text(), None, "the next reduction just seen");
        slow.look(start + 3 * SLOW);
        assert!(slow.text().is_some());
    }

    #[test]
    fn redraws_are_throttled() {
        // Issue 10: the line was redrawn for every puzzle (4.3 MB for 49k).
        for counting in [Counting::Open, Counting::Of(100_000, Arc::default())] {
            let terminal = Counter::default();
            let target = ProgressDrawTarget::term_like_with_hz(Box::new(terminal.clone()), HZ);
            let bar = on(counting, target);
            let started = std::time::Instant::now();
            for _ in 0..100_000 {
                bar.inc(1);
            }
            let seconds = started.elapsed().as_secs_f64();
            bar.finish_and_clear();
            let writes = terminal.0.load(Ordering::Relaxed) as f64;
            // A draw is a couple of writes; allow the first draw and the last.
            let most = 4.0 * (seconds * f64::from(HZ) + 3.0);
            assert!(writes <= most, "{writes} writes in {seconds:.2} s");
        }
    }
}
