//! The progress line on a terminal: throttled, its rate rounded, for batches and `generate`.

use std::io::{self, IsTerminal};
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Redraws per second, at most: enough to see it move, little enough that a
/// batch of a million puzzles writes a few kilobytes of terminal output.
const HZ: u8 = 4;

/// What a progress line counts.
pub(crate) enum Counting {
    /// Puzzles of a batch, with no total known in advance.
    Open,
    /// `n` puzzles to make.
    Of(u64),
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
        Counting::Of(n) => (
            ProgressBar::with_draw_target(Some(n), target),
            "{spinner} {bar:30} {human_pos}/{human_len} puzzles, {rate}, {elapsed}",
        ),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
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
    fn redraws_are_throttled() {
        // Issue 10: the line was redrawn for every puzzle (4.3 MB for 49k).
        for counting in [Counting::Open, Counting::Of(100_000)] {
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
