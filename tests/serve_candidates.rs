//! The web API's true candidates (`/api/candidates`) and solution estimates
//! (`/api/count` with `"estimate": true`), over loopback.

mod common;

use std::time::Duration;

use graphdoku::Budget;
use graphdoku::serve::{Limits, Server};
use serde_json::{Value, json};

/// A server in this process on a free port with a short search budget: its
/// address and token.
fn start() -> (std::net::SocketAddr, String) {
    start_with(
        Budget::unlimited()
            .nodes(2_000_000)
            .time(Duration::from_millis(300)),
    )
}

/// A server in this process on a free port with this search budget.
fn start_with(budget: Budget) -> (std::net::SocketAddr, String) {
    let limits = Limits {
        budget,
        ..Limits::default()
    };
    let server = Server::bind(0, limits).expect("a free loopback port");
    let at = (server.addr(), server.token().expect("a token").to_string());
    std::thread::spawn(move || server.run());
    at
}

/// POSTs `body` to `/api/endpoint` as the page does; the status and the JSON answer.
fn post(
    (addr, token): &(std::net::SocketAddr, String),
    endpoint: &str,
    body: &Value,
) -> (u16, Value) {
    common::api_post(*addr, token, endpoint, body)
}

/// A 4×4 puzzle as the page sends it: symbols or nulls.
fn givens(line: &str) -> Value {
    let cell = |c: char| match c {
        '.' => Value::Null,
        c => json!(c.to_string()),
    };
    Value::Array(line.chars().map(cell).collect())
}

#[test]
fn candidates_answer_the_page() {
    let at = start();
    // Two solutions: the open cells take 1 or 3, either one leaves one solution.
    let body = json!({"variant": "sudoku4", "givens": givens(".2.4.4.221434321")});
    let (status, answer) = post(&at, "candidates", &body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["record"], "candidates");
    assert_eq!(answer["status"], "multiple");
    assert_eq!(
        (answer["count"].as_u64(), answer["complete"].as_bool()),
        (Some(2), Some(true))
    );
    let cells = answer["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 16);
    assert_eq!(cells[0]["counts"], json!({"1": 1, "3": 1}));
    assert_eq!(cells[0]["unique_with"], json!(["1", "3"]));
    assert_eq!(cells[1]["counts"], json!({"2": 2}));
    // A cap: every value of the empty board in at least 5 solutions.
    let body = json!({"variant": "sudoku4", "limit": 5});
    let (_, answer) = post(&at, "candidates", &body);
    assert_eq!(answer["complete"], false);
    assert_eq!(answer["cells"][0]["at_least"], json!(["1", "2", "3", "4"]));
}

#[test]
fn candidates_refuse_bad_limits_and_show_clashes() {
    let at = start();
    for limit in [0, 2_000_000] {
        let (status, answer) = post(
            &at,
            "candidates",
            &json!({"variant": "sudoku4", "limit": limit}),
        );
        assert_eq!(status, 400, "{answer}");
    }
    let body = json!({"variant": "sudoku4", "givens": givens("11..............")});
    let (status, answer) = post(&at, "candidates", &body);
    assert_eq!(status, 200);
    assert_eq!(
        (answer["status"].as_str(), &answer["clashes"]),
        (Some("no-solution"), &json!([0, 1]))
    );
}

#[test]
fn candidates_of_a_big_empty_board_stop_at_the_budget_and_say_so() {
    let at = start();
    let (status, answer) = post(&at, "candidates", &json!({"variant": "sudoku25"}));
    assert_eq!(status, 200);
    assert_eq!(answer["status"], "gave-up");
    assert_eq!(answer["complete"], false);
    let first = &answer["cells"][0];
    assert_eq!(first["complete"], false);
    assert!(!first["at_least"].as_array().unwrap().is_empty(), "{first}");
}

#[test]
fn count_estimates_with_an_interval() {
    let at = start();
    let body = json!({"variant": "sudoku6", "estimate": true, "samples": 200, "seed": 5});
    let (status, answer) = post(&at, "count", &body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["status"], "estimated");
    assert_eq!(answer["samples"], 200);
    assert_eq!(answer["confidence"], 0.99);
    let (low, high) = (
        answer["low"].as_f64().unwrap(),
        answer["high"].as_f64().unwrap(),
    );
    assert!(low <= 28_200_960.0 && 28_200_960.0 <= high, "{answer}");
    // The same seed, the same answer.
    assert_eq!(post(&at, "count", &body).1, answer);
    // A unique puzzle is counted exactly.
    let body =
        json!({"variant": "sudoku4", "givens": givens(".1.2.........34."), "estimate": true});
    let (_, answer) = post(&at, "count", &body);
    assert_eq!(
        (answer["status"].as_str(), answer["count"].as_u64()),
        (Some("unique"), Some(1))
    );
    // Without a probe done within the budget (a probe of the 25×25 takes
    // more than 1,000 nodes): gave up, no interval.
    let at = start_with(Budget::unlimited().nodes(1000));
    let (_, answer) = post(
        &at,
        "count",
        &json!({"variant": "sudoku25", "estimate": true}),
    );
    assert_eq!(answer["status"], "gave-up", "{answer}");
    assert_eq!(
        (answer["samples"].as_u64(), &answer["high"]),
        (Some(0), &Value::Null)
    );
}
