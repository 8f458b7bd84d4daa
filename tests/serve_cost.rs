//! The server's estimates hold: for each kind of work (a search, the rules'
//! trail, probes, true candidates, logic's steps, a generation, the setter's
//! tools, pictures), the heap a request grows by while it runs stays within
//! the memory it reserved (its `X-Memory-Reserved`), measured by a counting
//! allocator around a server in this process, one request at a time. (The
//! SAT solver's own memory is CaDiCaL's, outside this allocator: the clause
//! budget bounds it.)

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use graphdoku::serve::{Limits, Server};
use serde_json::{Value, json};

/// The system's allocator, counting the bytes held and their peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

impl Counting {
    fn grew(by: usize) {
        let held = HELD.fetch_add(by, Ordering::Relaxed) + by;
        PEAK.fetch_max(held, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed on to the system's allocator unchanged; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            Counting::grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, size) };
        if !q.is_null() {
            match size > layout.size() {
                true => Counting::grew(size - layout.size()),
                false => drop(HELD.fetch_sub(layout.size() - size, Ordering::Relaxed)),
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Heap the server's own side of a request takes beside its estimate: the
/// connection's buffers, the body read, the answer being sent.
const SLACK: usize = 2 << 20;

/// Sends `body` to `/api/endpoint` and reads the whole answer: its status,
/// the reservation it reports, and how far the heap grew meanwhile.
fn measured(addr: SocketAddr, token: &str, endpoint: &str, body: &Value) -> (u16, usize, usize) {
    let body = body.to_string();
    let request = format!(
        "POST /api/{endpoint} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Authorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let base = HELD.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let grew = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    let head = String::from_utf8_lossy(&answer[..answer.len().min(1024)]).to_ascii_lowercase();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap();
    let reserved = (head.lines())
        .find_map(|l| l.strip_prefix("x-memory-reserved: "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no reservation in {head}"));
    (status, reserved, grew)
}

#[test]
fn each_request_stays_within_the_memory_it_reserved() {
    // Memory is measured here, not time: a loaded machine gets more of it, so
    // that no request ends in a 503 (which reserves nothing to compare).
    let limits = Limits {
        budget: graphdoku::Budget::unlimited()
            .nodes(2_000_000)
            .time(Duration::from_secs(8)),
        ..Limits::default()
    };
    let server = Server::bind(0, limits).expect("a free loopback port");
    let (addr, token) = (server.addr(), server.token().unwrap().to_string());
    std::thread::spawn(move || server.run());
    let s64 = "Sudoku(box_size: 8)";
    let four = json!({
        "variant": "sudoku4",
        "givens": ["1", null, null, null, null, null, null, null,
                   null, null, null, null, null, null, null, null],
        "rules": [{"Killer": {"cells": ["r2c1", "r2c2"], "total": 7}},
                  {"Thermometer": ["r3c2", "r3c1", "r4c2"]}],
    });
    let requests: Vec<(&str, &str, Value)> = vec![
        (
            "empty 49×49: check",
            "check",
            json!({"variant": "sudoku49"}),
        ),
        (
            "64×64 with NonConsecutive: check",
            "check",
            json!({"ron": s64, "rules": ["NonConsecutive"]}),
        ),
        (
            "hopeless jigsaw: count",
            "count",
            json!({"ron": common::HOPELESS, "limit": 1_000_000}),
        ),
        (
            "empty 36×36: estimate",
            "count",
            json!({"variant": "sudoku36", "estimate": true}),
        ),
        (
            "empty 36×36: candidates",
            "candidates",
            json!({"variant": "sudoku36"}),
        ),
        (
            "empty 25×25: steps",
            "steps",
            json!({"variant": "sudoku25"}),
        ),
        ("empty 9×9: hint", "hint", json!({"variant": "sudoku9"})),
        (
            "empty 16×16: generate",
            "generate",
            json!({"variant": "sudoku16", "seed": 1}),
        ),
        ("4×4 with rules: setter", "setter", four),
        ("64×64: variant", "variant", json!({"ron": s64})),
        ("64×64: render", "render", json!({"ron": s64})),
        ("64×64: png", "png", json!({"ron": s64})),
    ];
    let mut over = Vec::new();
    for (what, endpoint, body) in &requests {
        let (status, reserved, grew) = measured(addr, &token, endpoint, body);
        println!(
            "{what}: {status}, heap grew {:.1} MB, reserved {:.1} MB",
            grew as f64 / 1e6,
            reserved as f64 / 1e6
        );
        assert_eq!(status, 200, "{what}");
        if grew > reserved + SLACK {
            over.push((what, grew, reserved));
        }
    }
    assert!(over.is_empty(), "over their estimate: {over:?}");
}
