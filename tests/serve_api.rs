//! The web API over loopback, without a browser: limits, errors, and answers.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

use std::time::{Duration, Instant};

use graphdoku::Budget;
use graphdoku::serve::{Limits, Server};
use serde_json::{Value, json};

/// A server in this process on a free port, with a short search budget.
fn start() -> SocketAddr {
    let limits = Limits {
        budget: Budget::unlimited()
            .nodes(2_000_000)
            .time(Duration::from_millis(300)),
        ..Limits::default()
    };
    let server = Server::bind(0, limits).expect("a free loopback port");
    let addr = server.addr();
    std::thread::spawn(move || server.run());
    addr
}

/// Sends raw bytes and returns the status and body of the answer.
fn raw(addr: SocketAddr, bytes: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let bytes = bytes.to_vec();
    // Written from another thread: the server may answer before reading it all.
    let sending = std::thread::spawn(move || {
        let _ = writer.write_all(&bytes);
    });
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let _ = sending.join();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP status in {answer:?}"));
    let body = answer
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// A request with a body and `Connection: close`.
fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut bytes = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(body);
    raw(addr, &bytes)
}

/// POSTs `body` to `/api/endpoint`; the status and the JSON answer.
fn post(addr: SocketAddr, endpoint: &str, body: &Value) -> (u16, Value) {
    let (status, text) = request(
        addr,
        "POST",
        &format!("/api/{endpoint}"),
        body.to_string().as_bytes(),
    );
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
    (status, value)
}

/// A 4×4 puzzle as the page sends it: symbols or nulls, one per cell.
fn givens(line: &str) -> Value {
    let cells: Vec<Value> = line
        .chars()
        .map(|c| match c {
            '.' => Value::Null,
            c => json!(c.to_string()),
        })
        .collect();
    json!(cells)
}

#[test]
fn the_page_and_its_scripts_are_served() {
    let addr = start();
    let (status, page) = request(addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>graphdoku"), "{page}");
    assert!(page.contains(r#"src="/page.js""#));
    assert_eq!(request(addr, "GET", "/page.js", b"").0, 200);
    assert_eq!(request(addr, "GET", "/page.css", b"").0, 200);
    let (status, body) = request(addr, "GET", "/nowhere", b"");
    assert_eq!(status, 404);
    assert!(body.contains("\"error\""), "{body}");
    assert_eq!(request(addr, "GET", "/api/check", b"").0, 405);
    let (status, body) = request(addr, "GET", "/api/variants", b"");
    assert_eq!(status, 200);
    assert!(
        body.contains("\"pie\"") && body.contains("\"sudoku9\""),
        "{body}"
    );
}

#[test]
fn bad_json_is_a_400_json_error() {
    let addr = start();
    let (status, body) = request(addr, "POST", "/api/check", b"{not json");
    assert_eq!(status, 400);
    let error: Value = serde_json::from_str(&body).unwrap();
    assert!(
        error["error"].as_str().unwrap().starts_with("bad JSON"),
        "{body}"
    );
    let (status, error) = post(addr, "solve", &json!({"givens": []}));
    assert_eq!(status, 400, "{error}");
    let (status, error) = post(addr, "solve", &json!({"variant": "/etc/passwd"}));
    assert_eq!(status, 400, "a built-in name, never a path: {error}");
    let (status, error) = post(
        addr,
        "check",
        &json!({"variant": "sudoku4", "givens": ["1"]}),
    );
    assert_eq!(status, 400);
    assert!(
        error["error"].as_str().unwrap().contains("16 cells"),
        "{error}"
    );
    let mut wrong = givens("1...............");
    wrong[3] = json!("7");
    let (status, error) = post(
        addr,
        "check",
        &json!({"variant": "sudoku4", "givens": wrong}),
    );
    assert_eq!(status, 400);
    assert!(error["error"].as_str().unwrap().contains("r1c4"), "{error}");
    let (status, _) = post(addr, "nothing", &json!({}));
    assert_eq!(status, 404);
}

#[test]
fn an_oversized_body_is_a_413() {
    let addr = start();
    let big = vec![b' '; (1 << 20) + 10];
    let (status, body) = request(addr, "POST", "/api/check", &big);
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("larger than 1048576 bytes"), "{body}");
    // Chunked, with no length to refuse up front: cut off while reading.
    let mut chunked = format!(
        "POST /api/check HTTP/1.1\r\nHost: {addr}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    .into_bytes();
    for _ in 0..20 {
        chunked.extend_from_slice(format!("{:x}\r\n", 1 << 16).as_bytes());
        chunked.extend(std::iter::repeat_n(b' ', 1 << 16));
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    assert_eq!(raw(addr, &chunked).0, 413);
    assert_eq!(request(addr, "GET", "/api/variants", b"").0, 200);
}

#[test]
fn an_invalid_variant_says_line_and_column() {
    let addr = start();
    let ron = "Sudoku(\n    box_size: 2,\n    colour: 3,\n)";
    let (status, error) = post(addr, "variant", &json!({ "ron": ron }));
    assert_eq!(status, 422, "{error}");
    assert_eq!(error["line"], 3, "{error}");
    assert_eq!(error["column"], 5, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("colour"),
        "{error}"
    );
    let (status, error) = post(addr, "variant", &json!({ "ron": "Sudoku(box_size: 2" }));
    assert_eq!(status, 422);
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(1), Some(18))
    );
}

#[test]
fn a_pasted_pie_is_drawn_with_clickable_cells() {
    let addr = start();
    let pie = std::fs::read_to_string("variants/pie.ron").unwrap();
    let (status, info) = post(addr, "variant", &json!({ "ron": pie }));
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["layout"], "polar");
    let cells = info["cells"].as_array().unwrap().len();
    let svg = info["svg"].as_str().unwrap();
    assert_eq!(svg.matches("data-cell=").count(), cells);
}

#[test]
fn check_solve_count_hint_and_generate_answer() {
    let addr = start();
    let four = |line: &str| json!({"variant": "sudoku4", "givens": givens(line)});
    let (status, answer) = post(addr, "check", &four("12..3...2.1....."));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "unique");
    assert_eq!(answer["record"], "check");
    assert_eq!(answer["version"], 1);
    let (_, answer) = post(addr, "check", &four("1..............."));
    assert_eq!(answer["status"], "multiple");
    assert!(!answer["differing"].as_array().unwrap().is_empty());
    assert_eq!(answer["differences"][0]["cell"], "r1c3");
    let (_, answer) = post(addr, "check", &four("11.............."));
    assert_eq!(answer["status"], "no-solution");
    assert_eq!(answer["clashes"], json!([0, 1]));
    let (_, answer) = post(addr, "solve", &four("12..3...2.1....."));
    assert_eq!(answer["status"], "solved");
    assert_eq!(answer["solution"], "1243342123144132");
    let mut counting = four("................");
    counting["limit"] = json!(1000);
    let (_, answer) = post(addr, "count", &counting);
    assert_eq!(
        (answer["count"].as_u64(), answer["complete"].as_bool()),
        (Some(288), Some(true))
    );
    let (_, answer) = post(addr, "hint", &four("12..3...2.1....."));
    assert_eq!(answer["status"], "unique");
    assert!(
        answer["steps"][0]["text"].as_str().unwrap().contains('='),
        "{answer}"
    );
    let (_, answer) = post(addr, "grade", &four("12..3...2.1....."));
    assert_eq!(answer["level"], "easy");
    let (status, answer) = post(addr, "generate", &json!({"variant": "sudoku4", "seed": 5}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "generated");
    let generated = json!({"variant": "sudoku4", "givens": answer["givens"]});
    assert_eq!(post(addr, "check", &generated).1["status"], "unique");
    let (status, _) = post(
        addr,
        "generate",
        &json!({"variant": "sudoku4", "difficulty": "x"}),
    );
    assert_eq!(status, 400);
    let (status, text) = request(
        addr,
        "POST",
        "/api/puzzle",
        four("1...............").to_string().as_bytes(),
    );
    assert_eq!(status, 200);
    assert!(text.contains("\"1...\","), "{text}");
}

#[test]
fn an_fpuzzles_string_is_imported() {
    let addr = start();
    let fpuzzles = r#"{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}],
        [{}, {}, {}, {}], [{}, {}, {}, {}]], "diagonal+": true}"#;
    let (status, answer) = post(addr, "import", &json!({ "fpuzzles": fpuzzles }));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["givens"][0], "1");
    let (status, info) = post(addr, "variant", &json!({ "ron": answer["ron"] }));
    assert_eq!(status, 200, "{info}");
    let (status, _) = post(addr, "import", &json!({ "fpuzzles": "nonsense" }));
    assert_eq!(status, 422);
}

/// The real binary on a free port, and its address.
fn spawn_binary() -> (common::Killed, SocketAddr) {
    let (child, url) = common::serve();
    let addr = url["http://".len()..]
        .trim_end_matches('/')
        .parse()
        .unwrap();
    (child, addr)
}

#[test]
fn a_hopeless_search_gives_up_within_the_budget_and_the_server_goes_on() {
    let (_child, addr) = spawn_binary();
    let hopeless = json!({"ron": common::HOPELESS, "limit": 1_000_000});
    let started = Instant::now();
    // Two at once: a slow search holds one worker, not the server.
    let other = std::thread::spawn(move || post(addr, "count", &hopeless));
    let (status, answer) = post(
        addr,
        "count",
        &json!({"ron": common::HOPELESS, "limit": 1_000_000}),
    );
    let (other_status, other_answer) = other.join().unwrap();
    let took = started.elapsed();
    assert_eq!((status, other_status), (200, 200));
    assert_eq!(answer["status"], "gave-up", "{answer}");
    assert_eq!(other_answer["status"], "gave-up");
    assert_eq!(answer["complete"], false);
    assert!(took < Duration::from_secs(8), "took {took:?}");
    let (status, answer) = post(
        addr,
        "check",
        &json!({"variant": "sudoku4", "givens": givens("12..3...2.1.....")}),
    );
    assert_eq!((status, answer["status"].as_str()), (200, Some("unique")));
    // Garbage that is not HTTP at all does not stop it either.
    let _ = raw(addr, b"\x00\x01 not http\r\n\r\n");
    assert_eq!(request(addr, "GET", "/api/variants", b"").0, 200);
}

/// The load test, by hand only (about 20 s; loopback, bounded):
/// `cargo test --release --test serve_api -- --ignored --nocapture load`.
/// 1,000 mixed requests from 4 client threads, some malformed, some oversized,
/// some hopeless searches; prints throughput, statuses and latencies, and
/// checks that the server still answers afterwards.
#[test]
#[ignore = "a load test, run by hand"]
fn load_of_a_thousand_mixed_requests() {
    const REQUESTS: usize = 1000;
    const CLIENTS: usize = 4;
    let server = Server::bind(0, Limits::default()).unwrap();
    let addr = server.addr();
    std::thread::spawn(move || server.run());
    let nine = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let nine: Vec<Value> = nine
        .chars()
        .map(|c| {
            if c == '.' {
                Value::Null
            } else {
                json!(c.to_string())
            }
        })
        .collect();
    let big = vec![b'x'; (1 << 20) + 100];
    let one = |i: usize| -> (u16, Duration) {
        let started = Instant::now();
        let status = match i % 50 {
            0 => {
                post(
                    addr,
                    "count",
                    &json!({"ron": common::HOPELESS, "limit": 1000}),
                )
                .0
            }
            1..=3 => request(addr, "POST", "/api/check", b"{\"variant\": ").0,
            4 => request(addr, "POST", "/api/check", &big).0,
            5..=8 => post(addr, "variant", &json!({"ron": "Sudoku(box_size: 2"})).0,
            9..=12 => request(addr, "GET", "/", b"").0,
            13..=16 => {
                post(
                    addr,
                    "solve",
                    &json!({"variant": "sudoku9", "givens": nine}),
                )
                .0
            }
            17..=20 => post(addr, "hint", &json!({"variant": "sudoku9", "givens": nine})).0,
            21..=23 => post(addr, "render", &json!({"variant": "samurai"})).0,
            24 => post(addr, "generate", &json!({"variant": "sudoku9", "seed": i})).0,
            25..=27 => {
                post(
                    addr,
                    "check",
                    &json!({"variant": "sudoku9", "givens": ["1"]}),
                )
                .0
            }
            _ => {
                post(
                    addr,
                    "check",
                    &json!({"variant": "sudoku9", "givens": nine}),
                )
                .0
            }
        };
        (status, started.elapsed())
    };
    let started = Instant::now();
    let results: Vec<(u16, Duration)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..CLIENTS)
            .map(|c| {
                scope.spawn(move || (c..REQUESTS).step_by(CLIENTS).map(one).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let took = started.elapsed();
    let mut by_status = std::collections::BTreeMap::new();
    for (status, _) in &results {
        *by_status.entry(*status).or_insert(0) += 1;
    }
    let mut latencies: Vec<Duration> = results.iter().map(|r| r.1).collect();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{} requests in {:.2} s: {:.0} requests/s; by status {by_status:?}; latency p50 {:?}, p99 {:?}, max {:?}",
        results.len(),
        took.as_secs_f64(),
        results.len() as f64 / took.as_secs_f64(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    assert_eq!(results.len(), REQUESTS);
    assert!(!by_status.contains_key(&500), "{by_status:?}");
    let after = Instant::now();
    assert_eq!(request(addr, "GET", "/api/variants", b"").0, 200);
    println!(
        "the server still answers: GET /api/variants in {:?}",
        after.elapsed()
    );
}
