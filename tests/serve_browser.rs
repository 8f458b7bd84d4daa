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
        self.try_call(method, path, body)
            .unwrap_or_else(|error| panic!("{method} {path}: {error}"))
    }

    /// A WebDriver command; its `value`, or the error and its message.
    fn try_call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let path = format!("/session/{}{path}", self.session);
        let answer = http(self.driver, method, &path, body.as_ref()).unwrap();
        let value = answer["value"].clone();
        match value.get("error") {
            Some(error) => Err(format!("{error}: {}", value["message"])),
            None => Ok(value),
        }
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

    /// Clicks `css` once the page is not busy and its picture drawn (a cell
    /// found in a picture about to be replaced would be gone when clicked).
    fn click(&self, css: &str) {
        for _ in 0..5 {
            self.idle();
            let element = self.find(css);
            match self.try_call(
                "POST",
                &format!("/element/{element}/click"),
                Some(json!({})),
            ) {
                Err(e) if e.contains("stale element") => continue,
                Err(e) => panic!("click {css}: {e}"),
                Ok(_) => return,
            }
        }
        panic!("click {css}: the element kept going stale");
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

    /// Runs `script` as an async WebDriver script: it ends by calling
    /// `done(value)` (the last argument); its value.
    fn script_async(&self, script: &str) -> Value {
        let script = format!("const done = arguments[arguments.length - 1]; {script}");
        self.call(
            "POST",
            "/execute/async",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Waits until the page is not busy and its picture is drawn.
    fn idle(&self) {
        self.wait_until(
            "return document.body.dataset.busy === 'no' && document.getElementById('board').dataset.pending !== 'yes';",
        );
    }

    /// Where cell `cell` of the board is in the window: its centre and side.
    fn cell(&self, cell: usize) -> (f64, f64, f64) {
        let script = format!(
            "const r = document.querySelector('#board [data-cell=\"{cell}\"]').getBoundingClientRect(); \
             return [r.x + r.width / 2, r.y + r.height / 2, r.width];"
        );
        let at = self.script(&script);
        let n = |i: usize| at[i].as_f64().unwrap();
        (n(0), n(1), n(2))
    }

    /// Presses the mouse at the first point, moves through the others and
    /// lets go at the last: a click when there is one point.
    fn drag(&self, points: &[(f64, f64)]) {
        let at = |&(x, y): &(f64, f64)| json!({"type": "pointerMove", "origin": "viewport", "x": x.round() as i64, "y": y.round() as i64, "duration": 20});
        let mut actions = vec![at(&points[0]), json!({"type": "pointerDown", "button": 0})];
        actions.extend(points[1..].iter().map(at));
        actions.push(json!({"type": "pointerUp", "button": 0}));
        let mouse = json!({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions});
        self.call("POST", "/actions", Some(json!({ "actions": [mouse] })));
        self.call("DELETE", "/actions", None);
    }

    /// Drags through the centres of `cells`, in order.
    fn drag_cells(&self, cells: &[usize]) {
        let points: Vec<(f64, f64)> = cells
            .iter()
            .map(|&c| {
                let (x, y, _) = self.cell(c);
                (x, y)
            })
            .collect();
        self.drag(&points);
    }

    /// Presses `key` with `modifiers` held (WebDriver key codes).
    fn chord(&self, modifiers: &[&str], key: &str) {
        let mut actions: Vec<Value> = modifiers
            .iter()
            .map(|m| json!({"type": "keyDown", "value": m}))
            .collect();
        actions.push(json!({"type": "keyDown", "value": key}));
        actions.push(json!({"type": "keyUp", "value": key}));
        actions.extend(
            modifiers
                .iter()
                .map(|m| json!({"type": "keyUp", "value": m})),
        );
        let keys = json!({"type": "key", "id": "keyboard", "actions": actions});
        self.call("POST", "/actions", Some(json!({ "actions": [keys] })));
        self.call("DELETE", "/actions", None);
    }

    /// Types `text` with the keyboard, into whatever has the focus.
    fn type_keys(&self, text: &str) {
        let actions: Vec<Value> = text
            .chars()
            .flat_map(|c| {
                let c = c.to_string();
                [
                    json!({"type": "keyDown", "value": c}),
                    json!({"type": "keyUp", "value": c}),
                ]
            })
            .collect();
        let keys = json!({"type": "key", "id": "keyboard", "actions": actions});
        self.call("POST", "/actions", Some(json!({ "actions": [keys] })));
        self.call("DELETE", "/actions", None);
    }

    /// Picks a drawing tool.
    fn tool(&self, id: &str) {
        self.click(&format!("[data-tool=\"{id}\"]"));
    }

    /// Sets a text field's value as typing would.
    fn fill(&self, id: &str, text: &str) {
        let script = format!(
            "const f = document.getElementById({id:?}); f.value = {text:?}; \
             f.dispatchEvent(new Event('input')); f.dispatchEvent(new Event('change')); return true;"
        );
        self.script(&script);
    }

    /// Picks the shape `value` (`grid:9`, `sudoku4`…) and waits for it.
    fn shape(&self, value: &str, said: &str) {
        self.idle();
        self.script(&format!(
            "const s = document.getElementById('variant-select'); s.value = {value:?}; \
             s.dispatchEvent(new Event('change')); return true;"
        ));
        self.wait_text("#status", said);
        self.idle();
    }

    /// The number of groups of `class` (a rule's kind) in the server's picture.
    fn drawn(&self, class: &str) -> usize {
        let script = format!("return document.querySelectorAll('#board svg g.{class}').length;");
        self.script(&script).as_u64().unwrap() as usize
    }

    /// Waits until the picture has `n` groups of `class`.
    fn wait_drawn(&self, class: &str, n: usize) {
        self.wait_until(&format!(
            "return document.querySelectorAll('#board svg g.{class}').length === {n};"
        ));
    }

    /// The rules list, one line per rule (without the delete buttons).
    fn rules(&self) -> Vec<String> {
        let script =
            "return [...document.querySelectorAll('#rules li > span')].map(s => s.textContent);";
        let list = self.script(script);
        list.as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
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

const ARROW_LEFT: &str = "\u{E012}";
const ARROW_RIGHT: &str = "\u{E014}";
const BACKSPACE: &str = "\u{E003}";
const CONTROL: &str = "\u{E009}";
const SHIFT: &str = "\u{E008}";

/// A running server, and the programs to open browsers on it.
struct Site {
    _server: Killed,
    url: String,
    chromium: PathBuf,
    chromedriver: PathBuf,
}

impl Site {
    /// A server, or `None` when there is no browser to test with.
    fn new() -> Option<Site> {
        let (chromium, chromedriver) = browser_programs()?;
        let (server, url) = common::serve();
        Some(Site {
            _server: server,
            url,
            chromium,
            chromedriver,
        })
    }

    /// A browser with a fresh profile, nothing opened yet.
    fn browser(&self) -> Browser {
        Browser::start(&self.chromium, &self.chromedriver)
    }

    /// A browser with a fresh profile on the page, once it has started.
    fn page(&self) -> Browser {
        let browser = self.browser();
        browser.open(&self.url);
        browser.wait_text("#status", "81 cells");
        browser.idle();
        browser
    }
}

/// A server and a browser on its page, once the page has started.
fn open_page() -> Option<(Site, Browser)> {
    let site = Site::new()?;
    let browser = site.page();
    Some((site, browser))
}

#[test]
fn a_grid_puzzle_entered_by_clicking_and_typing_is_checked_and_solved() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.click("#variant-select option[value=\"sudoku4\"]");
    browser.wait_text("#status", "Sudoku 4×4: 16 cells");
    // One given: many solutions, and Check shows where two of them differ.
    browser.set(0, "1", "r1c1 = 1");
    browser.click("#check");
    let said = browser.wait_text("#status", "Multiple");
    assert!(said.contains("they differ in"), "{said}");
    browser.wait_until("return document.querySelectorAll('#board .differ').length > 0;");
    // The rest by keyboard: typing moved on to r1c2, the arrows move, digits
    // set, Backspace on the cell typing moved to takes back the one before.
    browser.keys("#board", &format!("{ARROW_LEFT}{ARROW_RIGHT}3"));
    browser.wait_text("#selected-cell", "Typed: r1c2 = 3; next: r1c3 (empty)");
    browser.keys("#board", BACKSPACE);
    browser.wait_text("#selected-cell", "Selected: r1c2 (empty)");
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
    // Counting: the 4×4 with these five givens has one solution, the empty one 288.
    browser.click("#count");
    browser.wait_text("#status", "Exactly one solution.");
    browser.click("#clear");
    browser.click("#count");
    browser.wait_text("#status", "Exactly 288 solutions.");
    // A generated 9×9 for the picture, checked unique on the page.
    browser.shape("grid:9", "Sudoku 9×9: 81 cells");
    browser.click("#generate");
    browser.wait_text("#status", "Generated from seed 1");
    browser.click("#check");
    browser.wait_text("#status", "Unique");
    browser.click("#board [data-cell=\"40\"]");
    browser.wait_text("#selected-cell", "r5c5");
    browser.screenshot("serve-grid.png");
}

#[test]
fn a_pie_is_set_and_a_bad_one_shows_line_and_column() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.click("#ron-box summary");
    // The box shows the variant in use: start from an empty one.
    browser.script("document.getElementById('ron').value = ''; return true;");
    browser.keys("#ron", "Variant(\n  name: \"Pie of 8\",\n  symbols: Range(1, 8)\n  cells: Polar(sectors: 8, rings: 4),\n)");
    browser.click("#load-ron");
    let error = browser.wait_text("#variant-error", "line 4, column 3");
    assert!(error.contains("comma"), "{error}");
    let pie = std::fs::read_to_string("variants/pie.ron").unwrap();
    browser.script(&format!(
        "document.getElementById('ron').value = {pie:?}; return true;"
    ));
    browser.click("#load-ron");
    browser.wait_text("#status", "Sudoku pie: 72 cells");
    browser.wait_until("return document.querySelectorAll('#board [data-cell]').length === 72;");
    browser.wait_until("return document.getElementById('variant-error').hidden;");
    assert_eq!(
        browser.script("return document.getElementById('variant-select').value;"),
        ""
    );
    // The pie homework's givens, typed in as a designer would (numbers of two digits too).
    browser.fill("title", "Pie homework");
    let homework = [
        "5 . . . 7 4",
        "1 12 . . . .",
        "9 6 2 . . .",
        ". . 4 10 . .",
        ". . 3 9 12 .",
        ". . . . 5 1",
        "3 . . . 9 11",
        "2 7 . . . .",
        "4 1 11 . . .",
        ". . 6 12 . .",
        ". . 1 4 8 .",
        ". . . . 6 9",
    ];
    let mut typed = 0;
    for (sector, row) in homework.iter().enumerate() {
        for (ring, value) in row.split(' ').enumerate() {
            if value == "." {
                continue;
            }
            let cell = sector * 6 + ring;
            browser.click(&format!("#board [data-cell=\"{cell}\"]"));
            browser.type_keys(value);
            browser.wait_text("#selected-cell", &format!("= {value}"));
            typed += 1;
        }
    }
    browser.click("#check");
    let said = browser.wait_text("#status", "Multiple");
    assert!(said.contains("they differ in 2 cells"), "{said}");
    // Pencil marks where the two solutions differ, as a setter notes them.
    browser.wait_until("return document.querySelectorAll('#board .differ').length === 2;");
    let differ: Vec<u64> = browser
        .script("return [...document.querySelectorAll('#board .differ')].map(c => Number(c.dataset.cell));")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    browser.click("[data-mode=\"centre\"]");
    for cell in &differ {
        browser.click(&format!("#board [data-cell=\"{cell}\"]"));
        browser.type_keys("23");
    }
    browser.wait_until("return [...document.querySelectorAll('#overlay text.centre')].map(t => t.textContent).join() === '2 3,2 3';");
    let givens = browser.script(
        "return document.querySelectorAll('#board svg text[font-weight=\"bold\"]').length;",
    );
    assert_eq!(
        givens,
        json!(typed + 1),
        "the title and {typed} givens in bold"
    );
    browser.screenshot("serve-pie.png");
}

#[test]
fn the_first_hour_papercuts_stay_fixed() {
    let Some(site) = Site::new() else {
        return;
    };
    assert!(site.url.contains("/?token="), "{}", site.url);
    let browser = site.page();
    browser.wait_text("#status", "Sudoku 9×9: 81 cells");
    // The token leaves the address bar, so that no link copied from it carries it.
    let address = browser.script("return location.href;");
    assert!(!address.as_str().unwrap().contains("token"), "{address}");
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
    browser.click("#board [data-cell=\"1\"]");
    let fill = browser.script(
        "const c = document.querySelector('#board [data-cell=\"1\"]'); \
         return [c.classList.contains('selected'), getComputedStyle(c).fill];",
    );
    assert_eq!(fill, json!([true, "rgb(255, 157, 157)"]));
    // Actions clicked while the page works are queued, not dropped.
    browser.keys("#board", BACKSPACE);
    browser.wait_text("#selected-cell", "r1c2 (empty)");
    browser.idle();
    let said = browser.script(
        "document.getElementById('check').click(); document.getElementById('solve').click(); \
         return document.getElementById('spinner-label').textContent;",
    );
    assert_eq!(said, json!("Checking… (1 more queued)"));
    browser.wait_text("#status", "Solved");
    // An untitled f-puzzles import says so.
    browser.click("#import-box summary");
    browser.script(
        "document.getElementById('fpuzzles').value = '{\"size\": 4, \"grid\": [[{\"value\": 1, \"given\": true}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}'; return true;",
    );
    browser.click("#import");
    browser.wait_text("#status", "Imported an untitled puzzle.");
    // Below 600 px the board comes first, as wide as the window, with no sideways scrolling.
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 480, "height": 900})),
    );
    browser.wait_until(
        "const a = document.querySelector('aside').getBoundingClientRect(); \
         const w = document.getElementById('work').getBoundingClientRect(); \
         return window.innerWidth < 600 && a.top >= w.bottom - 1 && \
           document.documentElement.scrollWidth <= window.innerWidth;",
    );
    browser.screenshot("serve-narrow.png");
}

#[test]
fn a_killer_cage_and_a_thermometer_are_drawn_by_mouse_undone_and_redone() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    // A cage: drag over three cells, type its total.
    browser.tool("killer");
    browser.drag_cells(&[0, 1, 10]);
    browser.wait_text("#selected-cell", "Rule: killer cage: r1c1, r1c2, r2c2");
    browser.type_keys("17");
    browser.wait_drawn("killer", 1);
    browser.wait_until("return [...document.querySelectorAll('#board svg g.killer text')].some(t => t.textContent === '17');");
    // A thermometer: from the bulb, cell to neighbouring cell (a diagonal step too).
    browser.tool("thermo");
    browser.drag_cells(&[40, 41, 51, 60]);
    browser.wait_drawn("thermometer", 1);
    assert_eq!(
        browser.rules(),
        [
            "killer cage 17: r1c1, r1c2, r2c2",
            "thermometer: r5c5, r5c6, r6c7, r7c7"
        ]
    );
    // Dragging back along a line takes the cells back; a jump is not drawn.
    browser.drag_cells(&[70, 71, 72, 71]);
    browser.wait_until("return document.getElementById('rules').children.length === 3;");
    assert_eq!(browser.rules()[2], "thermometer: r8c8, r8c9");
    browser.chord(&[CONTROL], "z");
    browser.wait_drawn("thermometer", 1);
    // Undo, one edit at a time (the total's two digits are one edit), then redo.
    browser.chord(&[CONTROL], "z");
    browser.wait_drawn("thermometer", 0);
    browser.chord(&[CONTROL], "z");
    browser.wait_until(
        "return [...document.querySelectorAll('#board svg g.killer text')].length === 0;",
    );
    assert_eq!(browser.drawn("killer"), 1, "the cage, without its total");
    browser.click("#undo");
    browser.wait_drawn("killer", 0);
    assert!(browser.rules().is_empty());
    browser.chord(&[CONTROL, SHIFT], "z");
    browser.wait_drawn("killer", 1);
    browser.chord(&[CONTROL], "y");
    browser.wait_until("return [...document.querySelectorAll('#board svg g.killer text')].some(t => t.textContent === '17');");
    browser.click("#redo");
    browser.wait_drawn("thermometer", 1);
    assert_eq!(
        browser.rules(),
        [
            "killer cage 17: r1c1, r1c2, r2c2",
            "thermometer: r5c5, r5c6, r6c7, r7c7"
        ]
    );
    // Picked again by a click on one of its cells, the cage goes with Delete.
    browser.tool("killer");
    browser.drag_cells(&[10]);
    browser.wait_text("#selected-cell", "Rule: killer cage 17");
    browser.chord(&[], "\u{E017}");
    browser.wait_drawn("killer", 0);
    // The puzzle is kept in the browser after every edit.
    browser.wait_until("return (localStorage.getItem('graphdoku.puzzle') || '').includes('Thermometer') && !localStorage.getItem('graphdoku.puzzle').includes('Killer');");
    // Cells selected first, then the cage's tool: the selection is the cage.
    browser.tool("select");
    browser.drag_cells(&[72, 73]);
    browser.wait_text("#selected-cell", "Selected: 2 cells (r9c1, r9c2)");
    browser.tool("killer");
    browser.type_keys("9");
    browser.wait_drawn("killer", 1);
    assert_eq!(browser.rules()[1], "killer cage 9: r9c1, r9c2");
}

#[test]
fn each_tool_draws_its_rule_where_it_was_clicked() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    // Where a click goes: `(dx, dy)` sides from the centre of `cell`, as the
    // board is now (a clue outside makes the picture grow).
    let near = |cell: usize, dx: f64, dy: f64| {
        browser.idle();
        let (x, y, side) = browser.cell(cell);
        (x + dx * side, y + dy * side)
    };
    // Marks between two cells, on the edge nearest the click.
    browser.tool("white-dot");
    browser.drag(&[near(0, 0.45, 0.0)]);
    browser.tool("black-dot");
    browser.drag(&[near(9, 0.0, 0.45)]);
    browser.tool("x");
    browser.drag(&[near(30, 0.45, 0.0)]);
    browser.tool("greater");
    browser.drag(&[near(50, 0.4, 0.0)]);
    // A quadruple where four cells meet, with its digits.
    browser.tool("quadruple");
    browser.drag(&[near(60, 0.5, 0.5)]);
    browser.type_keys("12");
    // Outside the grid: a little killer at the top-left corner, a sandwich left of row 2.
    browser.tool("little-killer");
    browser.drag(&[near(0, -0.8, -0.8)]);
    browser.type_keys("45");
    browser.tool("sandwich");
    browser.drag(&[near(9, -0.8, 0.0)]);
    browser.type_keys("12");
    // Cell marks and lines.
    browser.tool("odd");
    browser.drag_cells(&[80]);
    browser.tool("arrow");
    browser.drag_cells(&[72, 64, 56]);
    browser.tool("whispers");
    browser.drag_cells(&[8, 17, 26]);
    browser.tool("renban");
    browser.drag_cells(&[5, 6]);
    for class in [
        "difference",
        "ratio",
        "x",
        "greater-than",
        "quadruple",
        "little-killer",
        "sandwich",
        "odd",
        "arrow",
        "whispers",
        "renban",
    ] {
        browser.wait_drawn(class, 1);
    }
    assert_eq!(
        browser.rules(),
        [
            "white dot: r1c1, r1c2",
            "black dot: r2c1, r3c1",
            "X: r4c4, r4c5",
            "greater-than sign: r6c6, r6c7",
            "quadruple 12: r7c7, r7c8, r8c7, r8c8",
            "little killer 45: r1c1 DownRight",
            "sandwich 12: r2c1 Right",
            "odd cell: r9c9",
            "arrow: r9c1, r8c2, r7c3",
            "whispers line: r1c9, r2c9, r3c9",
            "renban line: r1c6, r1c7",
        ]
    );
    // A second click on a dot's edge takes it away; on a greater-than, turns it.
    browser.tool("white-dot");
    browser.drag(&[near(0, 0.45, 0.0)]);
    browser.wait_drawn("difference", 0);
    browser.tool("greater");
    browser.drag(&[near(50, 0.4, 0.0)]);
    browser.wait_until("return [...document.querySelectorAll('#rules li > span')].some(s => s.textContent === 'greater-than sign: r6c7, r6c6');");
    // Regions change the shape: a jigsaw is drawn by the page until its
    // regions are whole, then it is the variant's.
    browser.shape("grid:4", "4×4: 16 cells");
    browser.tool("region");
    browser.drag_cells(&[0, 1, 2, 3]);
    browser.wait_until("return document.getElementById('overlay').querySelector('path') !== null;");
    browser.drag_cells(&[4, 5, 6, 7]);
    browser.wait_until("return document.getElementById('overlay').querySelector('path') === null;");
    browser.wait_until(
        "return JSON.stringify(JSON.parse(localStorage.getItem('graphdoku.puzzle')).shape.regions) === '[\"EEEE\",\"AAAA\",\"CCDD\",\"CCDD\"]';",
    );
    browser.click("#count");
    browser.wait_text("#status", "solutions");
    // An extra region: its cells must differ (two givens alike there clash).
    browser.tool("house");
    browser.drag_cells(&[0, 5]);
    browser.wait_text("#status", "extra region");
    browser.tool("select");
    browser.set(0, "1", "r1c1 = 1");
    browser.set(5, "1", "r2c2 = 1");
    browser.click("#check");
    browser.wait_text("#status", "None: givens clash in r1c1, r2c2");
}

#[test]
fn pencil_marks_and_a_solvers_digits_stay_apart_from_the_givens() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.set(0, "5", "r1c1 = 5");
    // Centre marks (C), corner marks (X, or Shift with a digit), a solver's digit (V).
    browser.click("#board [data-cell=\"1\"]");
    browser.type_keys("c123");
    browser.click("#board [data-cell=\"2\"]");
    browser.type_keys("x4");
    browser.chord(&[SHIFT], "6");
    browser.click("#board [data-cell=\"3\"]");
    browser.type_keys("v7");
    browser.wait_until("return [...document.querySelectorAll('#overlay text.centre')].map(t => t.textContent).join() === '123';");
    browser.wait_until("return [...document.querySelectorAll('#overlay text.corner')].map(t => t.textContent).join() === '4,6';");
    browser.wait_until("return [...document.querySelectorAll('#overlay text.digit')].map(t => t.textContent).join() === '7';");
    assert_eq!(
        browser.text("[data-mode].on"),
        "Digit",
        "the mode stays what was picked"
    );
    // Typing a mark again takes it away; Delete clears a cell's digit, then its marks.
    browser.click("#board [data-cell=\"1\"]");
    browser.type_keys("c2");
    browser.wait_until("return [...document.querySelectorAll('#overlay text.centre')].map(t => t.textContent).join() === '13';");
    // None of it is a given: Check still sees the one given, and undo takes each back.
    browser.click("#check");
    browser.wait_text("#status", "Multiple");
    browser.chord(&[CONTROL], "z");
    browser.wait_until("return [...document.querySelectorAll('#overlay text.centre')].map(t => t.textContent).join() === '123';");
    // Shift-click adds cells to the selection; a digit then goes in all of them.
    browser.click("[data-mode=\"given\"]");
    browser.click("#board [data-cell=\"40\"]");
    let (x, y, _) = browser.cell(80);
    let shift_click = json!({"actions": [
        {"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": SHIFT}, {"type": "pause", "duration": 0}, {"type": "pause", "duration": 0}, {"type": "keyUp", "value": SHIFT}]},
        {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "origin": "viewport", "x": x as i64, "y": y as i64},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]},
    ]});
    browser.call("POST", "/actions", Some(shift_click));
    browser.call("DELETE", "/actions", None);
    browser.wait_text("#selected-cell", "Selected: 2 cells (r5c5, r9c9)");
    browser.type_keys("9");
    browser.wait_until("return [...document.querySelectorAll('#board svg text[font-weight=\"bold\"]')].filter(t => t.textContent === '9').length === 2;");
}

#[test]
fn hints_step_through_and_logic_up_to_here() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.shape("sudoku4", "Sudoku 4×4: 16 cells");
    for (cell, value) in [(0, "1"), (1, "2"), (4, "3"), (8, "2"), (10, "1")] {
        browser.set(cell, value, &format!("= {value}"));
    }
    browser.click("#hint");
    let first = browser.wait_text("#status", "Next: ");
    browser.wait_until("return document.querySelectorAll('#board .hinted').length > 0;");
    browser.click("#apply-step");
    let second = browser.wait_text("#status", "1 step applied. Next: ");
    assert_ne!(first, second);
    // The step's value is drawn by the page, in green, apart from the givens.
    browser.wait_until("return document.querySelectorAll('#overlay text.logic').length === 1;");
    browser.click("#back-step");
    browser.wait_text("#status", first.as_str());
    browser.wait_until("return document.querySelectorAll('#overlay text.logic').length === 0;");
    // The candidates overlay: the logic board's candidates in every open cell.
    browser.click("input[name=\"overlay\"][value=\"candidates\"]");
    browser.wait_until("return document.querySelectorAll('#overlay text.candidate').length > 11;");
    browser.click("#logic");
    browser.wait_text("#status", "11 steps applied. Solved by logic.");
    browser.wait_until("return [...document.querySelectorAll('#overlay text.logic')].map(t => t.textContent).join('') === '43421344132';");
    // A new given starts the path again from the givens.
    browser.set(15, "2", "r4c4 = 2");
    browser.wait_until("return document.querySelectorAll('#overlay text.logic').length === 0;");
}

#[test]
fn a_share_link_opens_the_same_puzzle_in_a_fresh_profile() {
    let Some(site) = Site::new() else {
        return;
    };
    let url = &site.url;
    let setter = site.page();
    setter.fill("title", "Shared");
    setter.fill("author", "A. Setter");
    setter.tool("killer");
    setter.drag_cells(&[0, 1]);
    setter.type_keys("3");
    setter.tool("thermo");
    setter.drag_cells(&[40, 41, 42]);
    setter.tool("select");
    setter.set(80, "9", "r9c9 = 9");
    setter.click("#share");
    setter.wait_text("#status", "Share link");
    let link = setter.script("return document.getElementById('link').value;");
    let link = link.as_str().unwrap().to_string();
    assert!(link.contains("/#p="), "{link}");
    assert!(!link.contains("token"), "{link}");
    let rules = setter.rules();
    drop(setter);
    // A fresh profile: the link alone cannot reach the API, so the page says
    // what to open, and keeps the puzzle for when it is opened.
    let friend = site.browser();
    friend.open(&link);
    friend.wait_text("#status", "needs the address");
    friend.open(url);
    friend.wait_until("return document.getElementById('rules').children.length === 2;");
    assert_eq!(friend.rules(), rules);
    assert_eq!(
        friend.script("return document.getElementById('title').value;"),
        json!("Shared")
    );
    assert_eq!(
        friend.script("return document.getElementById('author').value;"),
        json!("A. Setter")
    );
    friend.wait_until("return [...document.querySelectorAll('#board svg text[font-weight=\"bold\"]')].some(t => t.textContent === '9');");
    // Once the page has its token, a share link opens at once.
    friend.shape("grid:6", "6×6");
    friend.open(&link);
    friend.wait_text("#status", "Opened the shared puzzle “Shared”");
    friend.wait_until("return document.getElementById('rules').children.length === 2;");
}

#[test]
fn an_fpuzzles_link_is_exported_and_imported_back() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.fill("title", "Round trip");
    browser.fill("author", "A. Setter");
    browser.fill("rules-text", "Normal sudoku rules apply.");
    browser.tool("killer");
    browser.drag_cells(&[0, 1, 9]);
    browser.type_keys("20");
    browser.tool("whispers");
    browser.drag_cells(&[30, 31, 32]);
    browser.tool("little-killer");
    let (x, y, side) = browser.cell(8);
    browser.drag(&[(x + side * 0.8, y - side * 0.8)]);
    browser.type_keys("30");
    browser.click("#globals [data-flag=\"knight\"]");
    browser.tool("select");
    browser.set(40, "5", "r5c5 = 5");
    browser.wait_drawn("little-killer", 1);
    let rules = browser.rules();
    for (button, start) in [
        ("#export-fpuzzles", "https://www.f-puzzles.com/?load="),
        ("#export-sudokupad", "https://sudokupad.app/fpuzzles"),
    ] {
        browser.click(button);
        browser.wait_text("#status", "link");
        let link = browser.script("return document.getElementById('link').value;");
        let link = link.as_str().unwrap().to_string();
        assert!(link.starts_with(start), "{link}");
        // A new, empty puzzle, then the link imported into it.
        browser.shape("grid:9", "81 cells");
        assert!(browser.rules().is_empty());
        browser.script(&format!(
            "document.getElementById('import-box').open = true; \
             document.getElementById('fpuzzles').value = {link:?}; return true;"
        ));
        browser.click("#import");
        browser.wait_text("#status", "Imported “Round trip”");
        assert_eq!(browser.rules(), rules);
        assert_eq!(
            browser.script("return document.getElementById('author').value;"),
            json!("A. Setter")
        );
        assert_eq!(
            browser.script("return document.getElementById('rules-text').value;"),
            json!("Normal sudoku rules apply.")
        );
        assert_eq!(
            browser.script(
                "return document.querySelector('#globals [data-flag=\"knight\"]').checked;"
            ),
            json!(true)
        );
        browser.wait_until("return [...document.querySelectorAll('#board svg text[font-weight=\"bold\"]')].some(t => t.textContent === '5');");
    }
}

#[test]
fn the_pages_lz_string_and_the_crate_agree() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    let texts = [
        String::new(),
        "hello".to_string(),
        r#"{"v":1,"shape":{"kind":"grid","size":9},"rules":[{"Killer":{"cells":["r1c1","r1c2"],"total":3}}]}"#.to_string(),
        "Sudoku 9×9 — ÄÖ 数独 🙂, \"quoted\" & <tagged>".to_string(),
        "abcabcabc".repeat(500),
        (0..3000).map(|i| char::from_u32(32 + (i * 7919) % 5000).unwrap_or('x')).collect(),
    ];
    for text in &texts {
        // The page's packing, read by the crate.
        let script = format!(
            "import('/js/lz.js').then(lz => done([lz.compressToEncodedURIComponent({text:?}), lz.compressToBase64({text:?})]));"
        );
        let packed = browser.script_async(&script);
        let uri = packed[0].as_str().unwrap();
        let base64 = packed[1].as_str().unwrap();
        let wide: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(
            lz_str::decompress_from_encoded_uri_component(uri),
            Some(wide.clone()),
            "{text:?}"
        );
        assert_eq!(
            lz_str::decompress_from_base64(base64),
            Some(wide),
            "{text:?}"
        );
        // The crate's packing, read by the page.
        let uri = lz_str::compress_to_encoded_uri_component(text.as_str());
        let base64 = lz_str::compress_to_base64(text.as_str());
        let script = format!(
            "import('/js/lz.js').then(lz => done([lz.decompressFromEncodedURIComponent({uri:?}), lz.decompressFromBase64({base64:?})]));"
        );
        let unpacked = browser.script_async(&script);
        if !text.is_empty() {
            assert_eq!(unpacked, json!([text, text]), "{text:?}");
        }
    }
    // Damaged links give nothing, not a hang or a page error.
    let bad = browser.script_async(
        "import('/js/lz.js').then(lz => done([lz.decompressFromEncodedURIComponent('N4Ig'), lz.decompressFromBase64('////'), lz.decompressFromEncodedURIComponent('$$$$$$$$$$$$')]));",
    );
    for value in bad.as_array().unwrap() {
        assert!(
            value.is_null() || value.as_str().is_some_and(|s| s.len() < 100),
            "{bad}"
        );
    }
}

#[test]
fn long_work_shows_a_spinner_and_cancel_stops_it() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    // A jigsaw with no solution that the search cannot see: a count of it runs
    // until its 2 s budget; Check waits behind it.
    browser.click("#ron-box summary");
    browser.script(&format!(
        "document.getElementById('ron').value = {:?}; return true;",
        common::HOPELESS
    ));
    browser.click("#load-ron");
    browser.wait_text("#status", "jigsaw: 81 cells");
    browser.idle();
    browser.fill("limit", "1000000");
    browser.script("document.getElementById('count').click(); document.getElementById('check').click(); return true;");
    browser.wait_until("return !document.getElementById('spinner').hidden;");
    assert_eq!(browser.text("#spinner-label"), "Counting… (1 more queued)");
    // Editing goes on meanwhile: the page is not frozen.
    browser.drag_cells(&[0]);
    browser.type_keys("1");
    browser.wait_text("#selected-cell", "r1c1 = 1");
    let started = Instant::now();
    browser.script("document.getElementById('cancel').click(); return true;");
    browser.wait_until("return document.body.dataset.busy === 'no';");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    browser.wait_text("#status", "Cancelled counting and 1 queued.");
    assert!(browser.script("return document.getElementById('spinner').hidden;") == json!(true));
    // The next action runs as usual (and gives up on this one, in its time).
    browser.click("#check");
    browser.wait_text("#status", "Gave up");
}

/// The cages of `data/killer.ron` (33 cages; with its 2 givens, unique), by cell index.
fn killer_cages() -> Vec<(Vec<usize>, i64)> {
    let text = std::fs::read_to_string("data/killer.ron").unwrap();
    let (graph, _) = graphdoku::read::read_ron_puzzle(&text, "data/killer.ron").unwrap();
    graph
        .rules()
        .iter()
        .map(|rule| match rule {
            graphdoku::rules::Rule::Killer { cells, total } => (cells.clone(), total.unwrap()),
            other => panic!("not a cage: {other:?}"),
        })
        .collect()
}

/// The order to drag through a cage's cells: each next to one before it.
fn walk(cells: &[usize]) -> Vec<usize> {
    let at = |c: usize| ((c / 9) as i64, (c % 9) as i64);
    let mut order = vec![cells[0]];
    let mut left: Vec<usize> = cells[1..].to_vec();
    while !left.is_empty() {
        let (last_r, last_c) = at(*order.last().unwrap());
        let next = left
            .iter()
            .position(|&c| {
                let (r, k) = at(c);
                (r - last_r).abs() + (k - last_c).abs() == 1
            })
            .unwrap_or(0);
        order.push(left.remove(next));
    }
    order
}

#[test]
fn a_killer_is_set_from_an_empty_grid_to_a_unique_minimal_shared_puzzle() {
    let Some(site) = Site::new() else {
        return;
    };
    let browser = site.page();
    browser.fill("title", "Killer walk");
    browser.fill("author", "graphdoku");
    browser.fill(
        "rules-text",
        "Normal sudoku rules apply. Digits in a cage do not repeat and sum to its total.",
    );
    // Every cage drawn by mouse, its total typed.
    let cages = killer_cages();
    browser.tool("killer");
    for (n, (cells, total)) in cages.iter().enumerate() {
        browser.drag_cells(&walk(cells));
        browser.wait_until(&format!(
            "return document.getElementById('rules').children.length === {};",
            n + 1
        ));
        browser.type_keys(&total.to_string());
    }
    browser.wait_drawn("killer", cages.len());
    browser.tool("select");
    // Without givens: several solutions.
    browser.click("#check");
    browser.wait_text("#status", "Multiple");
    // The true candidates say how many, and where a given would cut them down.
    browser.click("input[name=\"overlay\"][value=\"true\"]");
    browser.wait_text("#overlay-state", "4 solutions.");
    let place = |script: &str| {
        let pick = browser.script(script);
        let (cell, symbol) = (
            pick[0].as_u64().unwrap() as usize,
            pick[1].as_str().unwrap().to_string(),
        );
        browser.set(cell, &symbol, &format!("= {symbol}"));
    };
    // A cell with two values, each in two of the four: a given there halves them…
    place(
        "const seen = new Map(); \
         for (const t of document.querySelectorAll('#overlay text.true-candidate')) { \
           const at = Number(t.dataset.at); seen.set(at, [...(seen.get(at) || []), t.dataset.symbol]); } \
         const [cell, values] = [...seen].find(([, v]) => v.length > 1); return [cell, values[0]];",
    );
    browser.wait_text(
        "#overlay-state",
        "2 solutions. Green: a given of that value there leaves exactly one solution.",
    );
    browser.screenshot("serve-killer-candidates.png");
    // …and a green value leaves one.
    place(
        "const t = document.querySelector('#overlay text.true-candidate[font-weight=\"bold\"]'); \
         return [Number(t.dataset.at), t.dataset.symbol];",
    );
    browser.wait_text("#overlay-state", "One solution");
    browser.click("#check");
    browser.wait_text("#status", "Unique: exactly one solution (2 givens)");
    browser.click("input[name=\"overlay\"][value=\"none\"]");
    // The setter tools: what could go, and the minimal puzzle, used.
    browser.click("#analyse");
    let said = browser.wait_text("#status", "Setter tools:");
    assert!(said.contains("minimal puzzle has"), "{said}");
    browser.screenshot("serve-killer.png");
    if browser.script("return document.getElementById('use-minimal').disabled;") == json!(false) {
        browser.click("#use-minimal");
        browser.wait_text("#status", "The minimal puzzle");
    }
    browser.click("#check");
    browser.wait_text("#status", "Unique");
    browser.click("#analyse");
    browser.wait_text("#status", "every given is needed");
    // Shared: the link opens the same puzzle in a fresh profile.
    browser.click("#share");
    browser.wait_text("#status", "Share link");
    let link = browser.script("return document.getElementById('link').value;");
    let rules = browser.rules();
    let friend = site.page();
    friend.open(link.as_str().unwrap());
    friend.wait_text("#status", "Opened the shared puzzle “Killer walk”");
    friend.wait_until(&format!(
        "return document.getElementById('rules').children.length === {};",
        rules.len()
    ));
    assert_eq!(friend.rules(), rules);
    friend.click("#check");
    friend.wait_text("#status", "Unique");
}

#[test]
fn downloads_carry_the_puzzle_and_its_words() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.fill("title", "Little cage");
    browser.fill("author", "A. Setter");
    browser.fill("rules-text", "Normal sudoku rules apply.");
    browser.tool("killer");
    browser.drag_cells(&[0, 1]);
    browser.type_keys("3");
    browser.tool("arrow");
    browser.drag_cells(&[20, 21, 22, 23]);
    browser.type_keys("2");
    browser.wait_until("return [...document.querySelectorAll('#rules li > span')].some(s => s.textContent.startsWith('arrow from a pill of 2'));");
    browser.tool("select");
    browser.set(80, "7", "r9c9 = 7");
    browser.wait_drawn("arrow", 1);
    // What the page saves, caught as it is saved.
    browser.script(
        "window.saved = []; HTMLAnchorElement.prototype.click = function () { \
           const a = this; fetch(a.href).then(r => r.arrayBuffer()) \
             .then(b => window.saved.push([a.download, Array.from(new Uint8Array(b))])); }; return true;",
    );
    let saved = |n: usize| -> (String, Vec<u8>) {
        browser.wait_until(&format!("return window.saved.length === {n};"));
        let file = browser.script(&format!("return window.saved[{}];", n - 1));
        let bytes = file[1]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap() as u8)
            .collect();
        (file[0].as_str().unwrap().to_string(), bytes)
    };
    browser.click("#download-ron");
    let (name, ron) = saved(1);
    assert_eq!(name, "Little-cage.ron");
    let ron = String::from_utf8(ron).unwrap();
    // The designer's grid written out: the file stands alone.
    assert!(ron.contains("variant: Variant("), "{ron}");
    assert!(ron.contains("author: \"A. Setter\""), "{ron}");
    let (graph, record) = graphdoku::read::read_ron_puzzle(&ron, "Little-cage.ron").unwrap();
    assert_eq!(record.label, "Little cage");
    assert_eq!(graph.rules().len(), 2);
    assert!(
        matches!(&graph.rules()[1], graphdoku::rules::Rule::Arrow { circle, .. } if circle.len() == 2)
    );
    assert_eq!(record.puzzle.unwrap().clue_count(), 1);
    browser.click("#download-svg");
    let (name, svg) = saved(2);
    assert_eq!(name, "Little-cage.svg");
    let svg = String::from_utf8(svg).unwrap();
    assert!(
        svg.contains("<title>Little cage by A. Setter</title>"),
        "{svg}"
    );
    assert!(
        svg.contains("<desc>Normal sudoku rules apply.</desc>"),
        "{svg}"
    );
    assert!(svg.contains("class=\"killer\""), "{svg}");
    browser.click("#download-png");
    let (name, png) = saved(3);
    assert_eq!(name, "Little-cage.png");
    assert!(png.starts_with(b"\x89PNG"), "{:?}", &png[..8]);
}

#[test]
fn true_candidates_change_after_a_given() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.shape("sudoku4", "Sudoku 4×4: 16 cells");
    browser.click("input[name=\"overlay\"][value=\"true\"]");
    // The empty 4×4: 288 solutions, every value in every cell (72 solutions each).
    browser.wait_text("#overlay-state", "288 solutions.");
    let shown = |cell: usize| {
        browser
            .script(&format!(
                "return [...document.querySelectorAll('#overlay text.true-candidate[data-at=\"{cell}\"]')].map(t => t.dataset.symbol).join('');"
            ))
            .as_str()
            .unwrap()
            .to_string()
    };
    browser.wait_until(
        "return document.querySelectorAll('#overlay text.true-candidate').length === 64;",
    );
    assert_eq!(shown(1), "1234");
    let title = browser.script(
        "return document.querySelector('#overlay text.true-candidate[data-at=\"1\"] title').textContent;",
    );
    assert_eq!(title, json!("1: 72 solutions"));
    // A given: its row, column and box lose the value, and the counts follow.
    browser.set(0, "1", "r1c1 = 1");
    browser.wait_text("#overlay-state", "72 solutions.");
    browser.wait_until(
        "return document.querySelectorAll('#overlay text.true-candidate').length < 64;",
    );
    assert_eq!(shown(1), "234");
    assert_eq!(shown(0), "", "a given shows no candidates");
    // Down to two solutions: the values of either one are green, a given there
    // leaving exactly one.
    for (cell, value) in [(1, "2"), (8, "2"), (10, "1")] {
        browser.set(cell, value, &format!("= {value}"));
    }
    browser.wait_text("#overlay-state", "2 solutions. Green");
    let green = browser.script(
        "return [...document.querySelectorAll('#overlay text.true-candidate[font-weight=\"bold\"]')].length;",
    );
    assert!(green.as_u64().unwrap() >= 2, "{green}");
    // Unique: each cell shows its one value.
    browser.set(4, "3", "r2c1 = 3");
    browser.wait_text("#overlay-state", "One solution");
    assert_eq!(shown(2), "4");
}

/// Entering a puzzle as a reader types it: a digit moves on to the next cell,
/// Backspace takes the last one back, a clash is marked as it is typed; a
/// puzzle string pasted into the import box gives the givens (on the shape in
/// use, a pie's too, or a new grid of its size); Grade says the level; the
/// digit pad types on a narrow screen.
#[test]
fn a_puzzle_is_typed_pasted_graded_and_entered_on_a_pad() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    // 5 then 3 typed from r1c1: they land in r1c1 and r1c2, typing is at r1c3.
    browser.click("#board [data-cell=\"0\"]");
    browser.type_keys("53");
    browser.wait_text("#selected-cell", "Typed: r1c2 = 3; next: r1c3 (empty)");
    // A 5 in r1c3 clashes with r1c1: marked red at once, with no Check.
    browser.type_keys("5");
    browser.wait_until("return document.querySelectorAll('#board .clash').length === 2;");
    browser.keys("#board", BACKSPACE);
    browser.wait_text("#selected-cell", "Selected: r1c3 (empty)");
    browser.wait_until("return document.querySelectorAll('#board .clash').length === 0;");
    // A puzzle string pasted in the import box: the Euler example, then graded.
    browser.click("#import-box summary");
    browser.fill(
        "fpuzzles",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    );
    browser.click("#import");
    browser.wait_text("#status", "Imported 32 givens onto Sudoku 9×9.");
    browser.click("#grade");
    browser.wait_text("#status", "Level: easy");
    // A 4×4 string on the 9×9: a new grid of its size, from the server's reader.
    browser.fill("fpuzzles", "1..4.4...3..2..1");
    browser.click("#import");
    browser.wait_text("#status", "Imported an untitled puzzle.");
    browser.wait_until("return document.querySelectorAll('#board [data-cell]').length === 16;");
    // The pad: on a narrow screen, a button per symbol types into the cell.
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 480, "height": 900})),
    );
    browser
        .wait_until("return getComputedStyle(document.getElementById('pad')).display !== 'none';");
    assert_eq!(
        browser.script(
            "return [...document.querySelectorAll('#pad button')].map(b => b.textContent).join('');"
        ),
        json!("1234⌫")
    );
    browser.click("#board [data-cell=\"1\"]");
    browser.click("#pad button[data-key=\"2\"]");
    browser.wait_text("#selected-cell", "Typed: r1c2 = 2");
}

/// On a pie the page draws the rules the server's picture leaves out, each
/// on its own cells, and the tools that need rows and columns are off; a
/// picked rule is outlined on its cells' own wedges.
#[test]
fn rules_are_drawn_on_a_pie_and_grid_only_tools_are_off() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.shape("pie", "Sudoku pie");
    for id in ["white-dot", "sandwich", "quadruple", "minimum"] {
        assert_eq!(
            browser.script(&format!(
                "return document.querySelector('[data-tool=\"{id}\"]').disabled;"
            )),
            json!(true),
            "{id}"
        );
    }
    assert_eq!(
        browser.script("return document.querySelector('[data-tool=\"killer\"]').disabled;"),
        json!(false)
    );
    browser.click("#rule-box summary");
    for rule in [
        r#"Killer(cells: ["s1r1", "s1r2"], total: 5)"#,
        r#"Thermometer(["s3r1", "s3r2", "s3r3"])"#,
    ] {
        browser.fill("rule-ron", rule);
        browser.click("#add-rule");
        browser.wait_text("#status", "Added");
    }
    // The cage's total and the thermometer's line and bulb, on the page's layer.
    browser.wait_until(
        "return [...document.querySelectorAll('#overlay text.rule-drawn')].map(t => t.textContent).join() === '5' \
         && document.querySelectorAll('#overlay polyline.rule-drawn').length === 1 \
         && document.querySelectorAll('#overlay circle.rule-drawn').length === 1;",
    );
    // The cage picked in the list: outlined on the wedges, not their boxes.
    browser.click("#rules li:first-child > span");
    browser.wait_until(
        "return document.querySelectorAll('#overlay path[stroke=\"#e08a00\"]').length === 2;",
    );
}

/// Words: "an X", "an arrow"; the estimate's interval as the server gives it
/// (99 %); the share link says how a reader opens it and offers the SudokuPad
/// link for those without graphdoku.
#[test]
fn the_words_and_the_share_links_note() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    assert_eq!(
        browser.script("return document.querySelector('[data-tool=\"x\"]').title;"),
        json!("Click the edge between two cells for an X.")
    );
    let estimate =
        browser.script("return document.getElementById('estimate').parentElement.title;");
    assert!(estimate.as_str().unwrap().contains("99%"), "{estimate}");
    browser.tool("arrow");
    browser.drag_cells(&[0, 1, 2]);
    browser.wait_text("#status", "Drew an arrow");
    browser.tool("select");
    browser.click("#share");
    let note = browser.wait_text(
        "#link-note",
        "SudokuPad link: https://sudokupad.app/fpuzzles",
    );
    assert!(note.contains("graphdoku serve"), "{note}");
}

/// Pencil marks keep clear of the rules' drawings: corner marks leave a
/// cage's total its corner, centre marks go below a thermometer's bulb.
#[test]
fn pencil_marks_keep_clear_of_cage_totals_and_bulbs() {
    let Some((_site, browser)) = open_page() else {
        return;
    };
    browser.tool("killer");
    browser.drag_cells(&[0, 1]);
    browser.type_keys("17");
    browser.tool("thermo");
    browser.drag_cells(&[40, 41, 42]);
    browser.tool("select");
    browser.click("#board [data-cell=\"0\"]");
    browser.type_keys("x12345");
    browser.click("#board [data-cell=\"40\"]");
    browser.type_keys("c89");
    browser.wait_until("return document.querySelectorAll('#overlay text.corner').length === 5 && document.querySelectorAll('#overlay text.centre').length === 1;");
    // Where the marks sit within their cells, as fractions of the cell.
    let at = |cell: usize, class: &str| -> Vec<(f64, f64)> {
        let script = format!(
            "const c = document.querySelector('#board [data-cell=\"{cell}\"]').getBoundingClientRect(); \
             return [...document.querySelectorAll('#overlay text.{class}')].map(t => {{ const r = t.getBoundingClientRect(); \
               return [(r.x + r.width / 2 - c.x) / c.width, (r.y + r.height / 2 - c.y) / c.height]; }});"
        );
        let list = browser.script(&script);
        list.as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
            .collect()
    };
    for (x, y) in at(0, "corner") {
        assert!(
            !(x < 0.35 && y < 0.35),
            "a corner mark on the cage's total: ({x:.2}, {y:.2})"
        );
    }
    let [(_, y)] = at(40, "centre")[..] else {
        panic!("one centre mark")
    };
    assert!(y > 0.7, "the centre marks over the bulb: {y:.2}");
}
