//! The designer page in a real headless Chromium, driven over WebDriver.
//!
//! Needs Debian's `chromium` and `chromium-driver`: without them these tests
//! print a note and pass, except under `CI=true`, where they fail. The WebDriver
//! client is a few JSON calls over loopback HTTP (no async runtime needed).
//! With `GRAPHDOKU_SCREENSHOTS=DIR` they save the README's pictures there.

mod common;

use common::Killed;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one condition may take to show on the page.
const WAIT: Duration = Duration::from_secs(15);

/// A program on the `PATH`.
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Chromium and chromedriver, or `None` (after a note) when they are missing
/// outside CI. Under `CI=true` a missing browser is a failure.
fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    let chromium = find("chromium").or_else(|| find("chromium-browser"));
    let driver = find("chromedriver");
    match (chromium, driver) {
        (Some(c), Some(d)) => Some((c, d)),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!(
                "CI=true but chromium or chromedriver is missing: apt-get install chromium chromium-driver"
            )
        }
        _ => {
            eprintln!(
                "note: skipping the browser test: chromium or chromedriver is not installed \
                 (apt-get install chromium chromium-driver)"
            );
            None
        }
    }
}

/// A free loopback port (free when asked; good enough for a test).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// One HTTP/1.1 exchange with a JSON body; the answer's JSON.
fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .map_err(|e| e.to_string())?;
    let body = body.map_or(String::new(), Value::to_string);
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all(format!("{head}{body}").as_bytes())
        .map_err(|e| e.to_string())?;
    // chromedriver keeps the connection open: read by Content-Length.
    let mut answer = Vec::new();
    let mut buffer = [0u8; 1 << 16];
    let body = loop {
        let n = stream.read(&mut buffer).map_err(|e| e.to_string())?;
        answer.extend_from_slice(&buffer[..n]);
        let text = String::from_utf8_lossy(&answer);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse::<usize>().ok())
                    .flatten()
            });
            if length.is_some_and(|l| body.len() >= l) || (n == 0 && length.is_none()) {
                break body.to_string();
            }
        }
        if n == 0 {
            return Err(format!("the connection closed early: {text}"));
        }
    };
    serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))
}

/// A WebDriver session in a fresh headless Chromium.
struct Browser {
    driver: SocketAddr,
    session: String,
    _profile: tempfile::TempDir,
    _chromedriver: Killed,
}

/// The key WebDriver element reference's key.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    fn start(chromium: &Path, chromedriver: &Path) -> Browser {
        let port = free_port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let chromedriver = Killed(child);
        let driver: SocketAddr = ([127, 0, 0, 1], port).into();
        let started = Instant::now();
        while http(driver, "GET", "/status", None).map_or(true, |s| s["value"]["ready"] != true) {
            assert!(started.elapsed() < WAIT, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = tempfile::tempdir().unwrap();
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1280,860",
            &format!("--user-data-dir={}", profile.path().display()),
        ];
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
        }}});
        let answer = http(driver, "POST", "/session", Some(&capabilities)).unwrap();
        let session = answer["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_string();
        Browser {
            driver,
            session,
            _profile: profile,
            _chromedriver: chromedriver,
        }
    }

    /// A WebDriver command; its `value`, or a panic naming the error.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let answer = http(self.driver, method, &path, body.as_ref()).unwrap();
        let value = answer["value"].clone();
        if let Some(error) = value.get("error") {
            panic!("{method} {path}: {error}: {}", value["message"]);
        }
        value
    }

    fn open(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn find(&self, css: &str) -> String {
        let found = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {found}"))
            .to_string()
    }

    /// Clicks `css` once the page is not busy (buttons are disabled while it works).
    fn click(&self, css: &str) {
        self.wait_until("return document.body.dataset.busy === 'no';");
        let element = self.find(css);
        self.call(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    fn keys(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.call(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn script(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    fn text(&self, css: &str) -> String {
        let script = format!("return document.querySelector({css:?})?.textContent ?? '';");
        self.script(&script).as_str().unwrap_or("").to_string()
    }

    /// Waits until the text of `css` contains `wanted`; returns the text.
    fn wait_text(&self, css: &str, wanted: &str) -> String {
        let started = Instant::now();
        loop {
            let text = self.text(css);
            if text.contains(wanted) {
                return text;
            }
            assert!(
                started.elapsed() < WAIT,
                "{css} never said {wanted:?}; it says {text:?}"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Waits until `script` returns true.
    fn wait_until(&self, script: &str) {
        let started = Instant::now();
        while self.script(script) != Value::Bool(true) {
            assert!(started.elapsed() < WAIT, "never true: {script}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Clicks cell `cell` and types `key` into the board; waits for the drawing.
    fn set(&self, cell: usize, key: &str, name_then: &str) {
        self.click(&format!("#board [data-cell=\"{cell}\"]"));
        self.keys("#board", key);
        self.wait_text("#selected-cell", name_then);
    }

    /// Saves a screenshot when `GRAPHDOKU_SCREENSHOTS` names a folder.
    fn screenshot(&self, name: &str) {
        let Some(dir) = std::env::var_os("GRAPHDOKU_SCREENSHOTS") else {
            return;
        };
        let png = self.call("GET", "/screenshot", None);
        let bytes = base64(png.as_str().unwrap());
        assert!(bytes.starts_with(b"\x89PNG"));
        std::fs::write(Path::new(&dir).join(name), bytes).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = http(self.driver, "DELETE", &path, None);
    }
}

/// Standard base64, as WebDriver sends screenshots.
fn base64(text: &str) -> Vec<u8> {
    let digit = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text.bytes().filter(|&c| c != b'=' && c != b'\n').collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= u32::from(digit(c)) << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(base64("aGVsbG8="), b"hello");
    assert_eq!(base64("aGk="), b"hi");
    assert_eq!(base64("YWJj"), b"abc");
}

const ARROW_RIGHT: &str = "\u{E014}";
const BACKSPACE: &str = "\u{E003}";

#[test]
fn a_grid_puzzle_entered_by_clicking_and_typing_is_checked_and_solved() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let (_server, url) = common::serve();
    let browser = Browser::start(&chromium, &chromedriver);
    browser.open(&url);
    browser.wait_text("#status", "Sudoku 9×9: 81 cells");
    browser.click("#variant-select option[value=\"sudoku4\"]");
    browser.wait_text("#status", "Sudoku 4×4: 16 cells");
    // One given: many solutions, and Check shows where two of them differ.
    browser.set(0, "1", "r1c1 = 1");
    browser.click("#check");
    let said = browser.wait_text("#status", "Multiple");
    assert!(said.contains("they differ in"), "{said}");
    browser.wait_until("return document.querySelectorAll('#board .differ').length > 0;");
    // The rest by keyboard: an arrow moves on, digits set, Backspace clears.
    browser.keys("#board", &format!("{ARROW_RIGHT}3"));
    browser.wait_text("#selected-cell", "r1c2 = 3");
    browser.keys("#board", BACKSPACE);
    browser.wait_text("#selected-cell", "r1c2 (empty)");
    browser.keys("#board", "2");
    browser.wait_text("#selected-cell", "r1c2 = 2");
    // 12.. / 3... / 2.1. / ....: unique.
    browser.set(4, "3", "r2c1 = 3");
    browser.set(8, "2", "r3c1 = 2");
    browser.set(10, "1", "r3c3 = 1");
    browser.click("#check");
    browser.wait_text("#status", "Unique: exactly one solution (5 givens)");
    browser.wait_until("return document.querySelectorAll('#board .differ').length === 0;");
    browser.click("#solve");
    browser.wait_text("#status", "Solved");
    // The 11 solved values are drawn in blue: 1243 / 3421 / 2314 / 4132.
    browser.wait_until(
        "return [...document.querySelectorAll('#board svg text[fill=\"#1f5fbf\"]')].map(t => t.textContent).join('') === '43421344132';",
    );
    // A clash is shown as such.
    browser.set(2, "1", "r1c3 = 1");
    browser.click("#check");
    browser.wait_text("#status", "None: givens clash in r1c1, r1c3");
    browser.keys("#board", BACKSPACE);
    browser.wait_text("#selected-cell", "r1c3 (empty)");
    browser.click("#hint");
    browser.wait_text("#status", "Hint (easy puzzle)");
    // A generated 9×9 for the picture, checked unique on the page.
    browser.click("#variant-select option[value=\"sudoku9\"]");
    browser.wait_text("#status", "Sudoku 9×9: 81 cells");
    browser.click("#generate");
    browser.wait_text("#status", "Generated from seed 1");
    browser.click("#check");
    browser.wait_text("#status", "Unique");
    browser.click("#board [data-cell=\"40\"]");
    browser.wait_text("#selected-cell", "r5c5");
    browser.screenshot("serve-grid.png");
}

#[test]
fn a_pasted_pie_is_drawn_and_a_bad_one_shows_line_and_column() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let (_server, url) = common::serve();
    let browser = Browser::start(&chromium, &chromedriver);
    browser.open(&url);
    browser.wait_text("#status", "Sudoku 9×9");
    browser.click("#ron-box summary");
    // The box shows the built-in in use: start from an empty one.
    browser.script("document.getElementById('ron').value = ''; return true;");
    browser.keys("#ron", "Variant(\n  name: \"Pie of 8\",\n  symbols: Range(1, 8)\n  cells: Polar(sectors: 8, rings: 4),\n)");
    browser.click("#load-ron");
    let error = browser.wait_text("#variant-error", "line 4, column 3");
    assert!(error.contains("comma"), "{error}");
    browser.script(
        "document.getElementById('ron').value = 'Variant(\\n  name: \"Pie of 8\",\\n  symbols: Range(1, 8),\\n  cells: Polar(sectors: 8, rings: 4),\\n  houses: [Rings, SectorGroups(size: 2)],\\n)'; return true;",
    );
    browser.click("#load-ron");
    browser.wait_text("#status", "Pie of 8: 32 cells, 8 houses");
    browser.wait_until("return document.querySelectorAll('#board [data-cell]').length === 32;");
    browser.wait_until("return document.getElementById('variant-error').hidden;");
    browser.set(0, "1", "s1r1 = 1");
    browser.set(9, "5", "s3r2 = 5");
    browser.click("#check");
    browser.wait_text("#status", "Multiple");
    browser.click("#solve");
    browser.wait_text("#status", "Solved");
    browser.wait_until(
        "return document.querySelectorAll('#board svg text[fill=\"#1f5fbf\"]').length === 30;",
    );
    assert_eq!(
        browser.script("return document.getElementById('variant-select').value;"),
        ""
    );
    browser.screenshot("serve-pie.png");
}

#[test]
fn the_first_hour_papercuts_stay_fixed() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let (_server, url) = common::serve();
    assert!(url.contains("/?token="), "{url}");
    let browser = Browser::start(&chromium, &chromedriver);
    browser.open(&url);
    browser.wait_text("#status", "Sudoku 9×9: 81 cells");
    // The RON box shows the variant in use: a built-in's own text, not a previous paste.
    browser.click("#ron-box summary");
    browser.script("document.getElementById('ron').value = 'Latin(size: 3)'; return true;");
    browser.click("#load-ron");
    browser.wait_text("#status", "Latin square 3×3");
    browser.click("#variant-select option[value=\"sudoku4\"]");
    browser.wait_text("#status", "Sudoku 4×4: 16 cells");
    let ron = browser.script("return document.getElementById('ron').value;");
    assert!(
        ron.as_str().unwrap().contains("Sudoku(box_size: 2)"),
        "{ron}"
    );
    // A clash on the selected cell keeps its colour under the selection outline.
    browser.set(0, "1", "r1c1 = 1");
    browser.set(1, "1", "r1c2 = 1");
    browser.click("#check");
    browser.wait_text("#status", "None: givens clash in r1c1, r1c2");
    let fill = browser.script(
        "const c = document.querySelector('#board [data-cell=\"1\"]'); \
         return [c.classList.contains('selected'), getComputedStyle(c).fill];",
    );
    assert_eq!(fill, json!([true, "rgb(255, 157, 157)"]));
    // Actions clicked while the page works are queued, not dropped.
    browser.keys("#board", BACKSPACE);
    browser.wait_text("#selected-cell", "r1c2 (empty)");
    browser.wait_until("return document.body.dataset.busy === 'no';");
    let said = browser.script(
        "document.getElementById('check').click(); document.getElementById('solve').click(); \
         return document.getElementById('status').textContent;",
    );
    assert_eq!(said, json!("Working… (1 more queued)"));
    browser.wait_text("#status", "Solved");
    // An untitled f-puzzles import says so.
    browser.click("#import-box summary");
    browser.script(
        "document.getElementById('fpuzzles').value = '{\"size\": 4, \"grid\": [[{\"value\": 1, \"given\": true}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}'; return true;",
    );
    browser.click("#import");
    browser.wait_text("#status", "Imported an untitled f-puzzles puzzle.");
    // Below 600 px the controls stack above the board, with no sideways scrolling.
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 480, "height": 900})),
    );
    browser.wait_until(
        "const a = document.querySelector('aside').getBoundingClientRect(); \
         const w = document.getElementById('work').getBoundingClientRect(); \
         return window.innerWidth < 600 && w.top >= a.bottom - 1 && \
           document.documentElement.scrollWidth <= window.innerWidth;",
    );
    browser.script("document.getElementById('work').scrollIntoView(); return true;");
    browser.screenshot("serve-narrow.png");
}
