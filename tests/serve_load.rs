//! A hostile client against the real `graphdoku serve`, by hand only (about 25 s,
//! loopback, bounded in count and time):
//! `cargo test --test serve_load -- --ignored --nocapture`.
//!
//! At the same time, for [`RUN`]: amplification requests (variants far over the
//! size budget, the largest one allowed, oversized bodies), hopeless searches
//! and generations, and [`SLOW`] connections that trickle their headers a byte
//! at a time; meanwhile `GET /` is timed every 50 ms and the server's resident
//! memory read from `/proc` every 20 ms. Checks that the peak RSS stays under
//! 300 MB and that `GET /` never takes 100 ms, and prints the figures.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

/// How long the attack lasts.
const RUN: Duration = Duration::from_secs(20);
/// Connections that send their headers one byte every half second.
const SLOW: usize = 100;

/// One request with `Connection: close`; the status, or 0 when the connection failed.
fn send(addr: SocketAddr, token: &str, method: &str, path: &str, body: &str) -> u16 {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return 0;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Authorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    if stream.write_all(head.as_bytes()).is_err() || stream.write_all(body.as_bytes()).is_err() {
        return 0;
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// A field of `/proc/PID/status`, in kB.
fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[test]
#[ignore = "a load test, run by hand"]
fn a_hostile_client_cannot_exhaust_memory_or_delay_the_page() {
    let (child, url) = common::serve();
    let pid = child.0.id();
    let (addr, token) = url["http://".len()..].split_once("/?token=").unwrap();
    let addr: SocketAddr = addr.parse().unwrap();
    let token: &'static str = token.to_string().leak();
    let stop = AtomicBool::new(false);
    let statuses = std::sync::Mutex::new(std::collections::BTreeMap::<(String, u16), usize>::new());
    let count = |what: &str, status: u16| {
        *statuses
            .lock()
            .unwrap()
            .entry((what.to_string(), status))
            .or_insert(0) += 1;
    };
    let rss_before = status_kb(pid, "VmRSS:");
    let parts = r#"Variant(name: "three", symbols: Range(1, 49), cells: Grid(rows: 49, cols: 49), parts: [(variant: "sudoku49", offset: (0, 0)), (variant: "sudoku49", offset: (0, 0)), (variant: "sudoku49", offset: (0, 0))])"#;
    let amplifiers: Vec<(&str, &str, String)> = vec![
        ("Latin(size: 255)", "check", json!({"ron": "Latin(size: 255)"}).to_string()),
        ("Sudoku(box_size: 15)", "variant", json!({"ron": "Sudoku(box_size: 15)"}).to_string()),
        ("1000×1000 grid", "check", json!({"ron": "Variant(name: \"w\", symbols: Range(1, 9), cells: Grid(rows: 1000, cols: 1000))"}).to_string()),
        ("3 × sudoku49 parts", "check", json!({ "ron": parts }).to_string()),
        ("64×64 render", "render", json!({"ron": "Sudoku(box_size: 8)"}).to_string()),
        ("64×64 hint", "hint", json!({"ron": "Sudoku(box_size: 8)"}).to_string()),
        ("1 MiB body", "check", format!("{{\"ron\": \"{}\"}}", "x".repeat(1 << 20))),
        ("250 KiB givens", "check", json!({"variant": "sudoku49", "givens": vec!["1"; 60_000]}).to_string()),
    ];
    let hopeless: Vec<(&str, &str, String)> = vec![
        (
            "hopeless count",
            "count",
            json!({"ron": common::HOPELESS, "limit": 1_000_000}).to_string(),
        ),
        (
            "64×64 count",
            "count",
            json!({"ron": "Sudoku(box_size: 8)", "limit": 1_000_000}).to_string(),
        ),
        (
            "sudoku49 check",
            "check",
            json!({"variant": "sudoku49"}).to_string(),
        ),
        (
            "sudoku49 generate",
            "generate",
            json!({"variant": "sudoku49", "seed": 3}).to_string(),
        ),
    ];
    let mut page_ms: Vec<f64> = Vec::new();
    let mut peak_rss = 0;
    let slow_sent = AtomicUsize::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for (i, group) in [
            &amplifiers,
            &amplifiers,
            &hopeless,
            &hopeless,
            &hopeless,
            &hopeless,
        ]
        .into_iter()
        .enumerate()
        {
            let (stop, count) = (&stop, &count);
            scope.spawn(move || {
                let mut n = i;
                while !stop.load(Ordering::Relaxed) {
                    let (what, endpoint, body) = &group[n % group.len()];
                    count(
                        what,
                        send(addr, token, "POST", &format!("/api/{endpoint}"), body),
                    );
                    n += 1;
                }
            });
        }
        // Slow connections: each sends its headers a byte at a time.
        let (stop, slow_sent) = (&stop, &slow_sent);
        scope.spawn(move || {
            let header = format!(
                "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: {}",
                "s".repeat(1000)
            );
            let mut open: Vec<(TcpStream, usize)> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                while open.len() < SLOW {
                    match TcpStream::connect(addr) {
                        Ok(s) => open.push((s, 0)),
                        Err(_) => break,
                    }
                }
                open.retain_mut(|(s, at)| {
                    let ok = s.write_all(&header.as_bytes()[*at..*at + 1]).is_ok();
                    *at = (*at + 1) % header.len();
                    ok
                });
                slow_sent.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(500));
            }
        });
        // The memory, every 20 ms.
        let sampler = scope.spawn(|| {
            let mut peak = 0;
            while !stop.load(Ordering::Relaxed) {
                peak = peak.max(status_kb(pid, "VmRSS:"));
                std::thread::sleep(Duration::from_millis(20));
            }
            peak
        });
        // The page, every 50 ms, on a new connection each time.
        std::thread::sleep(Duration::from_millis(500));
        while started.elapsed() < RUN {
            let asked = Instant::now();
            let status = send(addr, token, "GET", "/", "");
            page_ms.push(asked.elapsed().as_secs_f64() * 1000.0);
            count("GET /", status);
            std::thread::sleep(Duration::from_millis(50));
        }
        stop.store(true, Ordering::Relaxed);
        peak_rss = sampler.join().unwrap();
    });
    let hwm = status_kb(pid, "VmHWM:");
    let threads = status_kb(pid, "Threads:");
    page_ms.sort_by(f64::total_cmp);
    let at = |q: f64| page_ms[((page_ms.len() - 1) as f64 * q) as usize];
    println!(
        "{} s of attack: RSS before {} MB, sampled peak {} MB, VmHWM {} MB, {threads} threads at the end",
        RUN.as_secs(),
        rss_before / 1024,
        peak_rss / 1024,
        hwm / 1024
    );
    println!(
        "GET / ({} probes): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        page_ms.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    for ((what, status), n) in statuses.lock().unwrap().iter() {
        println!("  {what}: {status} × {n}");
    }
    let statuses = statuses.lock().unwrap();
    assert!(
        statuses
            .keys()
            .all(|(what, status)| what != "GET /" || *status == 200),
        "the page was refused: {statuses:?}"
    );
    assert!(hwm < 300 * 1024, "peak RSS {} MB", hwm / 1024);
    assert!(at(1.0) < 100.0, "GET / took {:.1} ms", at(1.0));
}
