//! The batch driver: every record of every input through one command, on
//! `-j` threads, its output in input order, a progress line on a terminal and
//! a closing summary.
//!
//! A text input of one puzzle per line is cut into pieces between records
//! ([`PuzzleReader::split_point`]); each piece is read, solved and written on a
//! worker thread into buffers, and the main thread only cuts the input and
//! copies the buffers out in order, so that the reading and writing of easy
//! puzzles grows with the threads as their solving does. Other inputs (grid
//! blocks, CSV, RON) are read on the main thread and solved in parallel.
//!
//! Work goes out in pieces (or chunks of records) sized by the time an item
//! takes, measured as the run goes ([`Pace`]): the first ones are a few
//! records, so that the first results and the progress line show within a
//! moment even when each puzzle takes a tenth of a second (`grade`), and they
//! grow until each takes about [`PIECE_TIME`], so that easy puzzles by the
//! million still go out in pieces large enough to cost nothing to hand out.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Read, Write};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Result;
use graphdoku::prove::{self, Answerer};
use graphdoku::read::{self, looks_like_ron};
use graphdoku::{Budget, ConstraintGraph, InputError, PuzzleReader, Record, Solver};
use indicatif::ProgressBar;
use rayon::prelude::*;

use super::{
    DEFAULT_VARIANT, Output, Report, Status, head, input_files, open, progress, variant_hint,
    variant_ignored,
};
use crate::cli::InputArgs;

/// How a command treats its records.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Mode {
    /// Several solutions make the exit status [`Status::Multiple`] (else 0).
    pub(super) several_is_error: bool,
    /// Records print straight to standard output, one at a time.
    pub(super) stream: bool,
    /// What stops every search of the run (Ctrl-C), besides its budget.
    pub(super) stop: Option<graphdoku::solver::Stop>,
    /// No closing "N puzzles: N solved, …" line (commands that do not solve).
    pub(super) no_summary: bool,
    /// The search runs under [`prove::hand_off_nodes`] nodes and leaves what
    /// it does not settle to the SAT back end (unless `--max-nodes` asks for
    /// the search alone).
    pub(super) hand_off: bool,
}

impl Mode {
    /// For commands whose question is uniqueness, answered as `check`
    /// answers it: the search, then SAT.
    pub(super) fn answering() -> Self {
        Mode {
            several_is_error: true,
            hand_off: true,
            ..Mode::default()
        }
    }
}

/// The signature of a command's work on one record, with the searches (and
/// SAT formula) of the thread it runs on: it prints into the report and
/// returns the record's status ([`Status::Multiple`] for several solutions).
pub(super) trait Visit:
    Fn(&ConstraintGraph, &mut Answerer, &Record, &mut Report) -> Result<Status> + Sync
{
}
impl<F> Visit for F where
    F: Fn(&ConstraintGraph, &mut Answerer, &Record, &mut Report) -> Result<Status> + Sync
{
}

/// The most worker threads `-j` gives: four per core, and never above 256.
fn max_jobs() -> usize {
    (super::cores() * 4).min(256)
}

/// Calls `visit` on every record of every input file, with the graph and solver
/// it belongs to, on `args.jobs` threads; prints the reports in input order, a
/// progress line while only stderr is a terminal (see [`progress::wanted`]), and a
/// summary of batches. An input
/// with no puzzle at all is an error ("no puzzles found"). Returns the worst
/// status.
pub(super) fn for_each_record(args: &InputArgs, mode: Mode, visit: impl Visit) -> Result<Status> {
    let variant = args.variant.as_deref().unwrap_or(DEFAULT_VARIANT);
    let graph = ConstraintGraph::load(variant)?;
    let budget = match mode.stop {
        Some(stop) => args.budget().stopped_by(stop),
        None => args.budget(),
    };
    // The SAT back end's budget, and the search's: capped in nodes where SAT takes over.
    let sat = prove::handed_off(budget).filter(|_| mode.hand_off);
    let searching = |graph: &ConstraintGraph| match sat {
        Some(_) => prove::searching(graph, budget),
        None => budget,
    };
    let solver = Solver::new(&graph).with_budget(searching(&graph));
    let jobs = match (mode.stream, args.jobs) {
        (true, _) => 1,
        (false, Some(n)) if n as usize > max_jobs() => {
            eprintln!(
                "warning: -j {n} is more threads than useful here: using {}",
                max_jobs()
            );
            max_jobs()
        }
        (false, Some(n)) => n as usize,
        (false, None) => super::cores(),
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut batch = Batch::new(mode);
    // The searches of the main thread, kept from one record to the next.
    let mut checker = Answerer::new(&graph, &solver, sat);
    let one =
        |batch: &mut Batch, graph: &ConstraintGraph, checker: &mut Answerer, record: &Record| {
            let mut report = batch.report()?;
            let status = visit(graph, checker, record, &mut report);
            batch.print(report, status)
        };
    for path in input_files(&args.files)?.iter() {
        let name = path.display().to_string();
        let mut reader = match open(path) {
            Ok(reader) => reader,
            Err(source) => {
                let error = read::Error::Io {
                    path: name.clone(),
                    source,
                }
                .located(&name);
                one(
                    &mut batch,
                    &graph,
                    &mut checker,
                    &invalid_record(&name, error),
                )?;
                continue;
            }
        };
        if reader.fill_buf().map(looks_like_ron).unwrap_or(false) {
            if let Some(warning) = variant_ignored(args.variant.as_deref(), &name) {
                batch.message(warning.as_bytes())?;
            }
            let puzzles = read::read_text(reader, &name)
                .and_then(|source| read::read_ron_puzzles(&source, &name));
            match puzzles {
                Ok(puzzles) => {
                    let solvers: Vec<Solver> = puzzles
                        .graphs
                        .iter()
                        .map(|g| Solver::new(g).with_budget(searching(g)))
                        .collect();
                    for (index, record) in &puzzles.records {
                        match index {
                            Some(i) => {
                                let mut own = Answerer::new(&puzzles.graphs[*i], &solvers[*i], sat);
                                one(&mut batch, &puzzles.graphs[*i], &mut own, record)?
                            }
                            None => one(&mut batch, &graph, &mut checker, record)?,
                        }
                    }
                }
                Err(e) => one(
                    &mut batch,
                    &graph,
                    &mut checker,
                    &invalid_record(&name, e.located(&name)),
                )?,
            }
            continue;
        }
        if reader.fill_buf().ok().and_then(read::csv::sniff).is_some() {
            // A CSV dataset: its question column, row by row.
            let before = batch.total();
            match read::csv::Reader::new(&graph, reader, &name) {
                Ok(rows) => {
                    let mut records = rows.map(|row| row.question);
                    let mut pace = Pace::new(jobs);
                    loop {
                        let chunk: Vec<Record> = records.by_ref().take(pace.records()).collect();
                        if chunk.is_empty() {
                            break;
                        }
                        let started = Instant::now();
                        if jobs == 1 {
                            for record in &chunk {
                                one(&mut batch, &graph, &mut checker, record)?;
                            }
                        } else {
                            in_parallel(&pool, (&solver, sat), &graph, &visit, &mut batch, &chunk)?;
                        }
                        pace.took(chunk.len(), started.elapsed());
                    }
                    if batch.total() == before {
                        batch.no_puzzles(&name)?;
                    }
                }
                Err(e) => one(&mut batch, &graph, &mut checker, &invalid_record(&name, e))?,
            }
            continue;
        }
        let head = head(args.variant.as_deref(), &mut reader);
        let before = batch.total();
        let mut records = PuzzleReader::new(&graph, &mut reader, &name);
        // One record, read into again and again: no allocation per puzzle.
        let Some(mut record) = records.next() else {
            batch.no_puzzles(&name)?;
            continue;
        };
        if let Some(hint) = variant_hint(&head, Some(&record), &name) {
            batch.message(hint.as_bytes())?;
        }
        match (jobs, records.resume_point()) {
            (1, _) => loop {
                one(&mut batch, &graph, &mut checker, &record)?;
                if !records.read_into(&mut record) {
                    break;
                }
            },
            // Lines that can be cut between records: read in pieces on the pool.
            (_, Some(lines)) => {
                one(&mut batch, &graph, &mut checker, &record)?;
                drop(records);
                let pieces = Pieces::new(&graph, &mut reader, lines, piece_size(path, jobs));
                let rest = in_pieces(
                    &pool,
                    (&solver, sat),
                    &graph,
                    &visit,
                    &mut batch,
                    &name,
                    pieces,
                )?;
                // An input that failed part way: read on as usual, which reports it.
                if let Some(lines) = rest {
                    let mut rest = PuzzleReader::continuing(&graph, &mut reader, &name, lines);
                    while rest.read_into(&mut record) {
                        one(&mut batch, &graph, &mut checker, &record)?;
                    }
                }
            }
            (_, None) => {
                let mut chunk = vec![record];
                let mut pace = Pace::new(jobs);
                loop {
                    // A bounded chunk at a time keeps memory flat on files of any size.
                    let more = pace.records().saturating_sub(chunk.len());
                    chunk.extend(records.by_ref().take(more));
                    if chunk.is_empty() {
                        break;
                    }
                    let started = Instant::now();
                    in_parallel(&pool, (&solver, sat), &graph, &visit, &mut batch, &chunk)?;
                    pace.took(chunk.len(), started.elapsed());
                    chunk.clear();
                }
            }
        }
        if batch.total() == before {
            batch.no_puzzles(&name)?;
        }
    }
    batch.finish()
}

/// Bytes of text per piece at the most: enough lines that a piece's set-up
/// (a reader, a search's memory) is nothing beside its puzzles.
const PIECE: usize = 1 << 16;

/// Bytes of text per piece at the least: a line or two of puzzles.
const SMALL_PIECE: usize = 1 << 7;

/// The work a piece (or a chunk's share of a thread) is sized to take, once
/// the time per item is known: long enough that handing it out costs nothing,
/// short enough that results and the progress line move several times a
/// second.
const PIECE_TIME: Duration = Duration::from_millis(100);

/// The largest pieces of `path` for `jobs` threads: [`PIECE`], or less
/// when the file would not give every thread several pieces.
fn piece_size(path: &std::path::Path, jobs: usize) -> usize {
    let length = std::fs::metadata(path).map_or(u64::MAX, |m| m.len());
    let share = (length / (8 * jobs as u64)).min(PIECE as u64) as usize;
    share.max(SMALL_PIECE)
}

/// The time items take, measured as they are done, and the size of the next
/// piece or chunk that it gives: [`PIECE_TIME`] of work, between a few items
/// and the bound of memory. Starts small, since nothing is known yet.
struct Pace {
    jobs: usize,
    /// Items done and the time they took (per thread), so far.
    items: f64,
    seconds: f64,
}

impl Pace {
    fn new(jobs: usize) -> Self {
        Pace {
            jobs,
            items: 0.0,
            seconds: 0.0,
        }
    }

    /// Records `items` done in `elapsed` by every thread together.
    fn took(&mut self, items: usize, elapsed: Duration) {
        self.items += items as f64;
        self.seconds += elapsed.as_secs_f64() * self.jobs as f64;
    }

    /// Items of [`PIECE_TIME`] for one thread (`None` until something was timed).
    fn per_thread(&self) -> Option<f64> {
        (self.items > 0.0 && self.seconds > 0.0)
            .then(|| PIECE_TIME.as_secs_f64() * self.items / self.seconds)
    }

    /// Records for the next chunk: every thread's [`PIECE_TIME`], at least
    /// one record a thread, at most [`CHUNK`] a thread.
    fn records(&self) -> usize {
        let per_thread = self
            .per_thread()
            .map_or(1, |n| n.clamp(1.0, CHUNK as f64) as usize);
        per_thread * self.jobs
    }

    /// Bytes of the next piece of text whose items average `bytes_per_item`:
    /// [`PIECE_TIME`] of work, between [`SMALL_PIECE`] and `most`.
    fn bytes(&self, bytes_per_item: f64, most: usize) -> usize {
        let want = self
            .per_thread()
            .map_or(SMALL_PIECE as f64, |n| n * bytes_per_item);
        (want as usize).clamp(SMALL_PIECE, most.max(SMALL_PIECE))
    }
}

/// Lines of a text input looked at, from a piece's end back, for a place to
/// cut it (see [`PuzzleReader::split_point`]).
const LOOK_BACK: usize = 64;

/// A text input cut into pieces between records, each with the lines before it.
struct Pieces<'g, R> {
    /// A reader of nothing, which knows where its variant's text may be cut.
    cutter: PuzzleReader<'g, &'static [u8]>,
    input: R,
    /// Bytes read past the last piece's end.
    carry: Vec<u8>,
    /// Lines before the next piece.
    lines: usize,
    size: usize,
    /// The input failed to read: the lines before the bytes it could not give.
    failed: Option<usize>,
}

impl<'g, R: BufRead> Pieces<'g, R> {
    fn new(graph: &'g ConstraintGraph, input: R, lines: usize, size: usize) -> Self {
        Pieces {
            cutter: PuzzleReader::new(graph, &[], ""),
            input,
            carry: Vec::new(),
            lines,
            size,
            failed: None,
        }
    }

    /// Reads until `carry` holds `want` bytes or the input ends; false at its
    /// end (or when it failed: see [`Pieces::failed`]).
    fn fill(&mut self, want: usize) -> bool {
        let missing = want.saturating_sub(self.carry.len());
        match (&mut self.input)
            .take(missing as u64)
            .read_to_end(&mut self.carry)
        {
            Ok(n) => n == missing,
            Err(_) => {
                // What was read before the error is still read; the rest is
                // left to a reader that says what went wrong.
                self.failed = Some(self.lines);
                false
            }
        }
    }
}

impl<R: BufRead> Iterator for Pieces<'_, R> {
    /// The lines before the piece, and its text.
    type Item = (usize, Vec<u8>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed.is_some() {
            return None;
        }
        let mut want = self.size;
        let cut = loop {
            if !self.fill(want) {
                break self.carry.len();
            }
            // Whole lines, cut after a record.
            let lines = match self.carry.iter().rposition(|&b| b == b'\n') {
                Some(end) => &self.carry[..=end],
                None => &[][..],
            };
            if let Some(cut) = self.cutter.split_point(lines, LOOK_BACK) {
                break cut;
            }
            // No place to cut yet (long lines, grid blocks): read more.
            want = self.carry.len() + self.size;
        };
        if cut == 0 {
            return None;
        }
        let rest = self.carry.split_off(cut);
        let piece = std::mem::replace(&mut self.carry, rest);
        let lines = self.lines;
        self.lines += lines_in(&piece);
        if self.failed.is_some() {
            self.failed = Some(self.lines);
        }
        Some((lines, piece))
    }
}

/// The newlines in `bytes`, counted a block of bytes at a time (vectorised).
fn lines_in(bytes: &[u8]) -> usize {
    let mut blocks = bytes.chunks_exact(64);
    let mut lines = 0;
    for block in &mut blocks {
        let newlines: u8 = block.iter().map(|&b| (b == b'\n') as u8).sum();
        lines += newlines as usize;
    }
    lines + blocks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// What a piece printed: its standard output and messages, with where each
/// record's part ends and its status.
struct PieceReport {
    out: Vec<u8>,
    err: Vec<u8>,
    records: Vec<(usize, usize, Result<Status>)>,
    /// The piece's bytes of text, and the time its records took.
    bytes: usize,
    elapsed: Duration,
}

/// Reads and runs `visit` on every record of a piece.
fn piece_report(
    graph: &ConstraintGraph,
    checker: &mut Answerer,
    visit: &impl Visit,
    name: &str,
    (lines, text): (usize, Vec<u8>),
) -> PieceReport {
    let started = Instant::now();
    let mut report = Report {
        out: Output::Buffer(Vec::with_capacity(text.len() + text.len() / 8)),
        err: Vec::new(),
    };
    let mut records = Vec::new();
    let mut reader = PuzzleReader::continuing(graph, &text[..], name, lines);
    if let Some(mut record) = reader.next() {
        loop {
            let status = visit(graph, checker, &record, &mut report);
            let Output::Buffer(out) = &report.out else {
                unreachable!("a piece prints into a buffer");
            };
            records.push((out.len(), report.err.len(), status));
            if !reader.read_into(&mut record) {
                break;
            }
        }
    }
    let Report {
        out: Output::Buffer(out),
        err,
    } = report
    else {
        unreachable!("a piece prints into a buffer");
    };
    PieceReport {
        out,
        err,
        records,
        bytes: text.len(),
        elapsed: started.elapsed(),
    }
}

/// Runs `visit` on every record of `pieces` on the pool's threads, a piece a
/// task, while this thread cuts the next pieces and prints the reports in
/// input order. At most a few pieces per thread are read ahead, so memory
/// stays flat on inputs of any size. Returns the lines before what the input
/// failed to give, if it failed.
fn in_pieces<R: BufRead>(
    pool: &rayon::ThreadPool,
    (solver, sat): (&Solver, Option<Budget>),
    graph: &ConstraintGraph,
    visit: &impl Visit,
    batch: &mut Batch,
    name: &str,
    mut pieces: Pieces<'_, R>,
) -> Result<Option<usize>> {
    let ahead = 2 * pool.current_num_threads();
    // The largest pieces; the first ones a few records, then sized by time.
    let most = pieces.size;
    let mut pace = Pace::new(1);
    let mut bytes_per_item = 0.0;
    pieces.size = SMALL_PIECE;
    // The searches of the pool's threads, handed from one piece to the next.
    let checkers = Mutex::new(Vec::new());
    let (done, reports) = mpsc::channel();
    pool.in_place_scope(|scope| -> Result<()> {
        let mut waiting = BTreeMap::new();
        let (mut sent, mut printed) = (0, 0);
        let mut next = pieces.next();
        while next.is_some() || printed < sent {
            match next.take() {
                Some(piece) if sent - printed < ahead => {
                    let (done, checkers) = (done.clone(), &checkers);
                    let index = sent;
                    scope.spawn(move |_| {
                        let kept = checkers.lock().expect("no panic holds it").pop();
                        let mut checker = kept.unwrap_or_else(|| Answerer::new(graph, solver, sat));
                        let report = piece_report(graph, &mut checker, visit, name, piece);
                        let _ = done.send((index, report));
                        checkers.lock().expect("no panic holds it").push(checker);
                    });
                    sent += 1;
                    next = pieces.next();
                }
                held => {
                    next = held;
                    let (index, report) = reports.recv().expect("a task per piece sends");
                    // Time a thread took per record, and text per record.
                    let items = report.records.len();
                    if items > 0 {
                        pace.took(items, report.elapsed);
                        bytes_per_item = pace_bytes(bytes_per_item, report.bytes, items);
                        pieces.size = pace.bytes(bytes_per_item, most);
                    }
                    waiting.insert(index, report);
                    while let Some(report) = waiting.remove(&printed) {
                        batch.print_piece(report)?;
                        printed += 1;
                    }
                }
            }
        }
        Ok(())
    })?;
    Ok(pieces.failed)
}

/// The mean bytes of text per record so far, with a piece of `bytes` and
/// `items` records added to it.
fn pace_bytes(mean: f64, bytes: usize, items: usize) -> f64 {
    let piece = bytes as f64 / items as f64;
    if mean > 0.0 {
        (mean + piece) / 2.0
    } else {
        piece
    }
}

/// Runs `visit` on a chunk of records on the pool's threads and prints the
/// reports in input order.
fn in_parallel(
    pool: &rayon::ThreadPool,
    (solver, sat): (&Solver, Option<Budget>),
    graph: &ConstraintGraph,
    visit: &impl Visit,
    batch: &mut Batch,
    chunk: &[Record],
) -> Result<()> {
    let reports: Vec<_> = pool.install(|| {
        chunk
            .par_iter()
            .map_init(
                || Answerer::new(graph, solver, sat),
                |checker, record| {
                    let mut report = Report::buffered();
                    let status = visit(graph, checker, record, &mut report);
                    (report, status)
                },
            )
            .collect()
    });
    for (report, status) in reports {
        batch.print(report, status)?;
    }
    Ok(())
}

/// Records per thread handed out at once.
const CHUNK: usize = 256;

/// The record of an input that could not be read at all.
fn invalid_record(name: &str, error: InputError) -> Record {
    Record {
        label: name.to_string(),
        location: error.location.clone(),
        puzzle: Err(error),
    }
}

/// Printing a run's reports in order, with its progress bar and closing summary.
struct Batch {
    mode: Mode,
    out: io::BufWriter<io::StdoutLock<'static>>,
    /// Records by status: ok, no solution, invalid, internal error, several,
    /// gave up, unreadable.
    counts: [u64; 7],
    status: Status,
    started: Instant,
    progress: Option<ProgressBar>,
    /// Messages for standard error not yet written (while the progress line shows).
    pending: Vec<u8>,
    /// When standard output was last flushed.
    printed: Instant,
    /// When a result was last written.
    written: Instant,
    /// When messages were last written.
    flushed: Instant,
    /// The buffers of the last report, emptied, for the next.
    spare: Option<Report>,
}

/// How often held-back messages go out while the progress line shows.
const MESSAGE_INTERVAL: std::time::Duration = std::time::Duration::from_millis(250);

/// A result this long after the one before is slow: shown at once.
const SLOW_RESULT: std::time::Duration = std::time::Duration::from_millis(20);

impl Batch {
    fn new(mode: Mode) -> Self {
        let progress = progress::bar(progress::Counting::Open);
        Batch {
            mode,
            out: io::BufWriter::new(io::stdout().lock()),
            counts: [0; 7],
            status: Status::Ok,
            started: Instant::now(),
            progress,
            pending: Vec::new(),
            flushed: Instant::now(),
            printed: Instant::now(),
            written: Instant::now(),
            spare: None,
        }
    }

    /// Records printed so far.
    fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Prints a message to standard error, after what is already printed.
    fn message(&mut self, text: &[u8]) -> Result<()> {
        self.out.flush()?;
        self.pending.extend_from_slice(text);
        self.flush_messages()
    }

    /// Writes the messages held back while the progress line shows.
    fn flush_messages(&mut self) -> Result<()> {
        let pending = std::mem::take(&mut self.pending);
        // A message that cannot be written (`2>/dev/full`) is lost: the exit
        // status still says what happened.
        let write = || {
            let _ = io::stderr().lock().write_all(&pending);
        };
        match &self.progress {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
        self.flushed = Instant::now();
        Ok(())
    }

    /// Reports an input that held no puzzle: an error, like an unreadable one.
    fn no_puzzles(&mut self, name: &str) -> Result<()> {
        self.message(format!("error: {name}: no puzzles found\n").as_bytes())?;
        self.status = self.status.max(Status::Invalid);
        Ok(())
    }

    /// A report for the next record, streaming when the mode says so.
    fn report(&mut self) -> io::Result<Report> {
        if !self.mode.stream {
            return Ok(self.spare.take().unwrap_or_else(Report::buffered));
        }
        // What this batch printed so far comes first.
        self.out.flush()?;
        Ok(Report {
            out: Output::Stream(io::BufWriter::new(io::stdout())),
            err: Vec::new(),
        })
    }

    fn print(&mut self, report: Report, status: Result<Status>) -> Result<()> {
        let status = status?;
        let Report {
            out: output,
            mut err,
        } = report;
        let emptied = match output {
            Output::Buffer(mut bytes) => {
                self.out.write_all(&bytes)?;
                self.keep_moving()?;
                bytes.clear();
                Some(bytes)
            }
            Output::Stream(mut stream) => {
                stream.flush()?;
                None
            }
        };
        self.settle(status, &err)?;
        if let Some(bytes) = emptied {
            err.clear();
            self.spare = Some(Report {
                out: Output::Buffer(bytes),
                err,
            });
        }
        Ok(())
    }

    /// Prints the records of a piece, as [`Batch::print`] does each.
    fn print_piece(&mut self, piece: PieceReport) -> Result<()> {
        let (mut out, mut err) = (0, 0);
        for (out_end, err_end, status) in piece.records {
            let status = status?;
            self.out.write_all(&piece.out[out..out_end])?;
            self.settle(status, &piece.err[err..err_end])?;
            (out, err) = (out_end, err_end);
        }
        self.keep_moving()
    }

    /// Flushes standard output after a slow result (one that came
    /// [`SLOW_RESULT`] or more after the one before), or when it has not been
    /// for [`MESSAGE_INTERVAL`]: results of slow puzzles show as they come,
    /// not a buffer's worth later, and fast ones still go out in blocks.
    fn keep_moving(&mut self) -> Result<()> {
        let now = Instant::now();
        let slow = now.duration_since(self.written) >= SLOW_RESULT;
        self.written = now;
        if slow || now.duration_since(self.printed) >= MESSAGE_INTERVAL {
            self.out.flush()?;
            self.printed = now;
        }
        Ok(())
    }

    /// A record's messages and status, once its output is printed.
    fn settle(&mut self, status: Status, err: &[u8]) -> Result<()> {
        match self.progress.clone() {
            // Standard output is not the terminal then: only messages need the
            // line cleared, and they go out a few times a second, not per record.
            Some(bar) => {
                self.pending.extend_from_slice(err);
                if !self.pending.is_empty() && self.flushed.elapsed() >= MESSAGE_INTERVAL {
                    self.flush_messages()?;
                }
                bar.inc(1);
            }
            None if !err.is_empty() => {
                self.out.flush()?; // keep a record and its message together on a terminal
                let _ = io::stderr().lock().write_all(err); // lost, as above
            }
            None => {}
        }
        if status == Status::Interrupted {
            // The record said how far it got; the rest of the run is not wanted.
            self.out.flush()?;
            self.flush_messages()?;
            if let Some(bar) = &self.progress {
                bar.finish_and_clear();
            }
            std::process::exit(Status::Interrupted as i32);
        }
        self.counts[status as usize] += 1;
        let status = match status {
            Status::Multiple if !self.mode.several_is_error => Status::Ok,
            other => other,
        };
        self.status = self.status.max(status);
        Ok(())
    }

    /// Clears the bar and, for more than one puzzle, prints the summary.
    fn finish(mut self) -> Result<Status> {
        self.out.flush()?;
        self.flush_messages()?;
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        let total: u64 = self.counts.iter().sum();
        if total > 1 && !self.mode.no_summary {
            let seconds = self.started.elapsed().as_secs_f64();
            let [
                solved,
                none,
                invalid,
                internal,
                several,
                gave_up,
                unreadable,
            ] = self.counts;
            let mut line = format!(
                "{total} puzzles: {solved} solved, {several} with several solutions, \
                 {none} with no solution, {invalid} invalid"
            );
            if gave_up > 0 {
                line += &format!(", {gave_up} gave up");
            }
            if unreadable > 0 {
                line += &format!(", {unreadable} unreadable");
            }
            if internal > 0 {
                line += &format!(", {internal} INTERNAL ERRORS");
            }
            eprintln!(
                "{line}; {seconds:.2} s, {:.0} puzzles/s",
                total as f64 / seconds
            );
        }
        Ok(self.status)
    }
}
