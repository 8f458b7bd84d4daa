//! Running inputs one at a time: panics caught, slow inputs timed, runaway
//! allocations and hangs stopped with the input saved, findings kept.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::{Cell, RefCell};
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use crate::mutate::{Rng, mutate};

/// The largest single allocation an input may cause: every reader caps its
/// sizes far below (a variant has at most 2^20 cells).
const MAX_ONE: usize = 1 << 30;
/// The most memory live at once in this test binary.
const MAX_LIVE: usize = 6 << 30;
/// An input that takes longer than this is a finding. The readers and a
/// budgeted search take microseconds to milliseconds; the largest variant
/// allowed (2^20 cells, 2^24 edges) takes seconds to build, on a busy machine more.
pub const SLOW: Duration = Duration::from_secs(10);
/// An input that takes longer than this is a hang: the watchdog saves it and aborts.
const HANG: Duration = Duration::from_secs(60);

/// The global allocator of the fuzz binary: the system's, counting live bytes
/// and stopping the process (input saved) on an allocation without bound.
pub struct Capped;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only counted.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        admit(layout.size(), 0);
        // SAFETY: as the caller promised for `layout`.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        admit(layout.size(), 0);
        // SAFETY: as the caller promised for `layout`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as the caller promised for `ptr` and `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        admit(new_size, layout.size());
        // SAFETY: as the caller promised for `ptr`, `layout` and `new_size`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            LIVE.fetch_add(new_size, Ordering::Relaxed);
        }
        p
    }
}

/// Stops the process when `size` bytes (replacing `old`) is beyond reason.
fn admit(size: usize, old: usize) {
    let live = LIVE.load(Ordering::Relaxed).saturating_sub(old);
    if size > MAX_ONE || live + size > MAX_LIVE {
        stop(&format!(
            "an allocation of {size} bytes with {live} live: allocation without bound"
        ));
    }
}

/// What is running now, for the watchdog and the allocator to report.
struct Current {
    target: &'static str,
    input: Vec<u8>,
    started: Option<Instant>,
}

static CURRENT: Mutex<Current> = Mutex::new(Current {
    target: "",
    input: Vec::new(),
    started: None,
});

/// Saves the running input, says why, and aborts: a hang or a runaway
/// allocation cannot be unwound.
fn stop(why: &str) -> ! {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "\nfuzz: {why}");
    if let Ok(current) = CURRENT.try_lock() {
        let path = save(current.target, &current.input);
        let _ = writeln!(
            err,
            "fuzz: target {}, input saved to {}",
            current.target,
            path.display()
        );
    }
    std::process::abort();
}

/// Where findings are written.
pub fn findings_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-findings")
}

/// Writes `input` under [`findings_dir`], named by target and content.
fn save(target: &str, input: &[u8]) -> PathBuf {
    let dir = findings_dir();
    let _ = std::fs::create_dir_all(&dir);
    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    let path = dir.join(format!("{target}-{hash:016x}.bin"));
    let _ = std::fs::write(&path, input);
    path
}

thread_local! {
    /// True while this thread runs fuzz inputs: its panics are findings, not noise.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// The message and place of this thread's last panic.
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Installs (once) the panic hook that records the fuzzing thread's panics
/// quietly and passes every other thread's to the default hook, and the watchdog.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.get() {
                let message = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                let place = info.location().map(|l| l.to_string()).unwrap_or_default();
                LAST_PANIC.with_borrow_mut(|p| *p = format!("panic at {place}: {message}"));
            } else {
                previous(info);
            }
        }));
        std::thread::spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(500));
                let stuck = CURRENT
                    .lock()
                    .map(|c| c.started.is_some_and(|s| s.elapsed() > HANG))
                    .unwrap_or(false);
                if stuck {
                    stop(&format!("an input ran longer than {HANG:?}: a hang"));
                }
            }
        });
    });
}

/// The outcome of one input that broke no rule.
pub enum Outcome {
    /// The input was read (and everything checked of it held).
    Accepted,
    /// The input was refused with an error, as it should be.
    Refused,
}

/// The run of one input: `Err` says which property broke.
pub type Run = dyn Fn(&[u8]) -> Result<Outcome, String>;

/// A fuzz target: real inputs to start from, and the run of one input, which
/// returns `Err` when a property that must hold does not.
pub struct Target {
    /// Short name, used in reports and file names.
    pub name: &'static str,
    /// Real inputs that mutations start from.
    pub seeds: Vec<Vec<u8>>,
    /// Runs one input.
    pub run: Box<Run>,
}

/// A rule broken by one input.
#[derive(Debug)]
pub struct Finding {
    /// The target.
    pub target: &'static str,
    /// What went wrong: a panic, a slow input, a property.
    pub what: String,
    /// Where the input was saved.
    pub saved: PathBuf,
}

/// What running one target did.
#[derive(Debug)]
pub struct Tally {
    /// The target.
    pub target: &'static str,
    /// Inputs run.
    pub inputs: u64,
    /// Inputs read without error.
    pub accepted: u64,
    /// Time taken.
    pub time: Duration,
    /// The slowest input's time.
    pub slowest: Duration,
    /// Rules broken.
    pub findings: Vec<Finding>,
}

impl Tally {
    /// Inputs per second.
    pub fn rate(&self) -> f64 {
        self.inputs as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Runs one input of `target` under the watchdog, catching a panic.
pub fn run_one(target: &Target, input: &[u8]) -> (Result<Outcome, String>, Duration) {
    install();
    {
        let mut current = CURRENT.lock().unwrap();
        current.target = target.name;
        current.input.clear();
        current.input.extend_from_slice(input);
        current.started = Some(Instant::now());
    }
    QUIET.set(true);
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| (target.run)(input)));
    let took = started.elapsed();
    QUIET.set(false);
    CURRENT.lock().unwrap().started = None;
    let result = match result {
        Ok(Ok(_)) if took > SLOW => Err(format!("took more than {SLOW:?}")),
        Ok(result) => result,
        Err(_) => Err(LAST_PANIC.with_borrow(|p| p.clone())),
    };
    (result, took)
}

/// Inputs between progress lines.
const PROGRESS: u64 = 100_000;

/// Runs `inputs` inputs of `target`: a seed as it is now and then, otherwise one
/// mutated (once or twice over, with another seed to splice from); with
/// `progress`, a line on stderr every [`PROGRESS`] inputs.
pub fn fuzz(target: &Target, inputs: u64, seed: u64, progress: bool) -> Tally {
    let mut rng = Rng::new(
        seed ^ target
            .name
            .bytes()
            .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64)),
    );
    let mut tally = Tally {
        target: target.name,
        inputs: 0,
        accepted: 0,
        time: Duration::ZERO,
        slowest: Duration::ZERO,
        findings: Vec::new(),
    };
    let started = Instant::now();
    for _ in 0..inputs {
        let base = rng.pick(&target.seeds);
        let other = rng.pick(&target.seeds);
        let input = match rng.below(32) {
            0 => base.clone(),
            1..=7 => {
                let once = mutate(&mut rng, base, other);
                mutate(&mut rng, &once, other)
            }
            _ => mutate(&mut rng, base, other),
        };
        let (result, took) = run_one(target, &input);
        tally.inputs += 1;
        if progress && tally.inputs.is_multiple_of(PROGRESS) {
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "fuzz: {}: {} inputs, {:.0} s, {:.0}/s, {} findings",
                target.name,
                tally.inputs,
                seconds,
                tally.inputs as f64 / seconds,
                tally.findings.len()
            );
        }
        tally.slowest = tally.slowest.max(took);
        match result {
            Ok(Outcome::Accepted) => tally.accepted += 1,
            Ok(Outcome::Refused) => {}
            Err(what) => {
                // The same message again is the same bug: keep a few.
                let seen = tally.findings.iter().filter(|f| f.what == what).count();
                if seen < 3 {
                    let saved = save(target.name, &input);
                    eprintln!(
                        "fuzz: {}: {what} ({took:?}; input saved to {})",
                        target.name,
                        saved.display()
                    );
                    tally.findings.push(Finding {
                        target: target.name,
                        what,
                        saved,
                    });
                }
            }
        }
    }
    tally.time = started.elapsed();
    tally
}
