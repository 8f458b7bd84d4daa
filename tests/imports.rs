//! Imports of the links people share: every f-puzzles and SudokuPad link form, one test each.
//!
//! Links are built as the tools build them: f-puzzles and SudokuPad compress
//! the puzzle JSON with lz-string's `compressToBase64` (here the `lz-str`
//! crate); SudokuPad's own `scl` links compress its puzzle JSON after its
//! `PuzzleZipper.zip`, ported below ([`zip`]) from `puzzlezipper.js`, and that
//! puzzle JSON is what SudokuPad's f-puzzles converter (`fpuzzlesdecoder.js`,
//! [`sudokupad_of`]) makes of an f-puzzles file. One link is real: Marty
//! Sears' "Parity Fish" as SudokuPad shares it (from the README of
//! SakanaAI/Sudoku-Bench).

mod common;

use std::path::PathBuf;

use common::graphdoku;
use graphdoku::read::fpuzzles::Imported;
use graphdoku::read::link::{self, Format, ImportError};
use graphdoku::{ConstraintGraph, PuzzleReader, Solver, variant};
use predicates::str::contains;
use serde_json::{Map, Value, json};

/// A file of `tests/fpuzzles/`.
fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fpuzzles")
        .join(name)
}

/// The JSON of an f-puzzles fixture.
fn fpuzzle(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

/// The lz-string payload f-puzzles puts after `?load=`.
fn packed(puzzle: &Value) -> String {
    lz_str::compress_to_base64(puzzle.to_string().as_str())
}

/// Builds an import's variant and counts its puzzle's solutions (up to 2).
fn build(imported: &Imported) -> (ConstraintGraph, u64) {
    let ron = graphdoku::write::ron::variant(imported);
    let graph = ConstraintGraph::build(&variant::parse(&ron, "import").unwrap()).unwrap();
    let separator = if imported.size <= 9 { "" } else { " " };
    let line = graphdoku::write::ron::rows(imported).join(separator);
    let record = PuzzleReader::new(&graph, line.as_bytes(), "import")
        .next()
        .unwrap();
    let count = Solver::new(&graph).count(&record.puzzle.unwrap(), 2);
    (graph, count)
}

/// Reads `link` and checks it is the f-puzzles fixture `name`: same format,
/// same puzzle as the file itself gives.
fn same_as_file(link: &str, name: &str) {
    let expected = graphdoku::read::fpuzzles::read(&fpuzzle(name).to_string(), name).unwrap();
    let decoded = link::read(link, "link").unwrap_or_else(|e| panic!("{link}: {e}"));
    assert_eq!(decoded.format, Format::Fpuzzles, "{link}");
    assert_eq!(decoded.imported, expected, "{link}");
}

#[test]
fn f_puzzles_links_and_bare_strings_import() {
    // A bare string holding `/` was opened as a file ("File name too long").
    let (name, payload) = ["crossing-lines.json", "jigsaw.json", "six-windows.json"]
        .into_iter()
        .map(|name| (name, packed(&fpuzzle(name))))
        .find(|(_, payload)| payload.contains('/'))
        .expect("a fixture whose lz-string holds a slash");
    let expected = graphdoku::read::fpuzzles::read(&fpuzzle(name).to_string(), name).unwrap();
    let solved = format!("{}: solved\n", expected.name);
    graphdoku()
        .args(["import", "--solve", &payload])
        .assert()
        .success()
        .stdout(predicates::str::starts_with(solved.clone()));
    same_as_file(&payload, name);
    let link = format!("https://www.f-puzzles.com/?load={payload}");
    graphdoku()
        .args(["import", "--solve", &link])
        .assert()
        .success()
        .stdout(predicates::str::starts_with(solved));
    same_as_file(&link, name);
    // Written to files named after the format.
    let dir = tempfile::tempdir().unwrap();
    graphdoku()
        .current_dir(dir.path())
        .args(["import", &payload])
        .assert()
        .success()
        .stdout(contains("wrote fpuzzles.variant.ron"));
    assert!(dir.path().join("fpuzzles.ron").is_file());
}

#[test]
fn sudokupad_links_to_f_puzzles_payloads_import() {
    let payload = packed(&fpuzzle("six-windows.json"));
    for link in [
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/fpuz{payload}"),
        format!("https://sudokupad.app/?puzzle=fpuz{payload}"),
        format!("https://sudokupad.app/?puzzle=fpuzzles{payload}&setting-nogrid=1"),
        format!("https://beta.sudokupad.app/fpuzzles{payload}"),
        format!("https://app.crackingthecryptic.com/fpuzzles{payload}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{payload}"),
        format!("sudokupad.app/fpuzzles{payload}"),
        format!("fpuzzles{payload}"),
    ] {
        same_as_file(&link, "six-windows.json");
    }
    graphdoku()
        .args([
            "import",
            "--solve",
            &format!("https://sudokupad.app/?puzzle=fpuz{payload}"),
        ])
        .assert()
        .success()
        .stdout(predicates::str::starts_with("Six Windows: solved\n"));
}

#[test]
fn url_encoded_payloads_import() {
    // Find a fixture whose payload holds every character that gets escaped.
    let payloads: Vec<(&str, String)> = ["crossing-lines.json", "jigsaw.json", "six-windows.json"]
        .into_iter()
        .map(|name| (name, packed(&fpuzzle(name))))
        .collect();
    let mut escaped_any = [false; 3];
    for (name, payload) in &payloads {
        let escaped = payload
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        for (i, c) in ['+', '/', '='].into_iter().enumerate() {
            escaped_any[i] |= payload.contains(c);
        }
        for link in [
            format!("https://www.f-puzzles.com/?load={escaped}"),
            format!("https://sudokupad.app/fpuzzles{escaped}"),
            format!("https://sudokupad.app/?puzzle=fpuz{escaped}"),
            // A `+` read back as a space by a form decoder.
            format!(
                "https://www.f-puzzles.com/?load={}",
                payload.replace('+', " ")
            ),
            escaped.clone(),
        ] {
            same_as_file(&link, name);
        }
    }
    assert_eq!(escaped_any, [true; 3], "+, / and = all escaped somewhere");
}

/// SudokuPad's f-puzzles converter (`loadFPuzzle.parseFPuzzle`) for the parts
/// the fixtures use: givens, regions (by cell, else the default boxes), title
/// as a metadata cage, killer cages, extra regions, disjoint groups, global
/// anti-king and anti-knight; diagonals and thermometers become lines and
/// underlays, text becomes overlays, f-puzzles' cosmetic lines become lines.
fn sudokupad_of(fp: &Value) -> Value {
    let size = fp["size"].as_u64().unwrap() as usize;
    let (h, w) = match size {
        6 => (2, 3),
        4 => (2, 2),
        _ => (3, 3),
    };
    let rc = |name: &Value| -> Value {
        let name = name.as_str().unwrap().to_ascii_uppercase();
        let (r, c) = name[1..].split_once('C').unwrap();
        json!([
            r.parse::<usize>().unwrap() - 1,
            c.parse::<usize>().unwrap() - 1
        ])
    };
    let mut cells = Vec::new();
    let mut regions: Vec<(i64, Vec<Value>)> = Vec::new();
    for (r, row) in fp["grid"].as_array().unwrap().iter().enumerate() {
        let mut out = Vec::new();
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            let mut new = Map::new();
            if cell["given"] == true {
                new.insert("value".into(), cell["value"].clone());
            }
            out.push(Value::Object(new));
            let region = cell["region"]
                .as_i64()
                .unwrap_or(((r / h) * h + c / w) as i64);
            match regions.iter_mut().find(|(n, _)| *n == region) {
                Some((_, list)) => list.push(json!([r, c])),
                None => regions.push((region, vec![json!([r, c])])),
            }
        }
        cells.push(Value::Array(out));
    }
    let mut cages = vec![json!({"value": format!("title: {}", fp["title"].as_str().unwrap())})];
    let mut lines = Vec::new();
    let mut underlays = Vec::new();
    let mut overlays = Vec::new();
    let mut global = Vec::new();
    for cage in fp["killercage"].as_array().into_iter().flatten() {
        let value = cage["value"].as_str().unwrap();
        cages.push(
            json!({"unique": true, "value": value, "sum": value.parse::<u32>().unwrap(),
            "cells": cage["cells"].as_array().unwrap().iter().map(rc).collect::<Vec<_>>()}),
        );
    }
    for region in fp["extraregion"].as_array().into_iter().flatten() {
        let cells: Vec<Value> = region["cells"].as_array().unwrap().iter().map(rc).collect();
        let n = cells.len();
        cages.push(
            json!({"style": "extraregion", "unique": true, "sum": n * (n + 1) / 2, "cells": cells}),
        );
    }
    if fp["disjointgroups"] == true {
        for i in 0..size {
            let cells: Vec<Value> = regions.iter().map(|(_, list)| list[i].clone()).collect();
            cages.push(json!({"cells": cells, "unique": true, "type": "disjoint", "style": null}));
        }
        global.push("disjoint");
    }
    for rule in ["antiking", "antiknight"] {
        if fp[rule] == true {
            global.push(rule);
        }
    }
    if fp["diagonal+"] == true {
        lines
            .push(json!({"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, size], [size, 0]]}));
    }
    if fp["diagonal-"] == true {
        lines
            .push(json!({"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [size, size]]}));
    }
    let centre = |cell: &Value| -> Value {
        let at = rc(cell);
        json!([at[0].as_f64().unwrap() + 0.5, at[1].as_f64().unwrap() + 0.5])
    };
    for thermo in fp["thermometer"].as_array().into_iter().flatten() {
        for line in thermo["lines"].as_array().unwrap() {
            let points: Vec<Value> = line.as_array().unwrap().iter().map(centre).collect();
            underlays.push(
                json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF",
                "center": points[0], "rounded": true, "width": 0.85, "height": 0.85}),
            );
            lines.push(json!({"color": "#CFCFCF", "thickness": 21, "wayPoints": points}));
        }
    }
    for line in fp["line"].as_array().into_iter().flatten() {
        for points in line["lines"].as_array().unwrap() {
            let points: Vec<Value> = points.as_array().unwrap().iter().map(centre).collect();
            lines.push(json!({"color": line["outlineC"], "thickness": 32.0 * line["width"].as_f64().unwrap(), "wayPoints": points}));
        }
    }
    for text in fp["text"].as_array().into_iter().flatten() {
        overlays.push(json!({"color": text["fontC"], "center": centre(&text["cells"][0]),
            "fontSize": 32, "rounded": false, "width": 0.25, "height": 0.25, "text": text["value"]}));
    }
    json!({
        "id": "fpuzzle0123456789abcdef",
        "cellSize": 50,
        "cells": cells,
        "regions": regions.into_iter().map(|(_, list)| list).collect::<Vec<_>>(),
        "cages": cages,
        "lines": lines,
        "underlays": underlays,
        "overlays": overlays,
        "global": global,
    })
}

/// SudokuPad's `PuzzleZipper.zip`, step for step.
fn zip(puzzle: &Value) -> String {
    const MAP: &[(&str, &str)] = &[
        ("color", "c"),
        ("cages", "ca"),
        ("center", "ct"),
        ("borderColor", "c1"),
        ("backgroundColor", "c2"),
        ("cells", "ce"),
        ("cellSize", "cs"),
        ("arrows", "a"),
        ("overlays", "o"),
        ("underlays", "u"),
        ("width", "w"),
        ("height", "h"),
        ("value", "v"),
        ("videos", "vd"),
        ("lines", "l"),
        ("rounded", "r"),
        ("regions", "re"),
        ("fontSize", "fs"),
        ("thickness", "th"),
        ("headLength", "hl"),
        ("wayPoints", "wp"),
        ("title", "t"),
        ("text", "te"),
        ("duration", "d"),
        ("d", "d2"),
    ];
    // clearEmptyArrays, mapProps, and mapValues (integer strings to numbers).
    fn shorten(value: &Value) -> Value {
        match value {
            Value::Array(items) => Value::Array(items.iter().map(shorten).collect()),
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(_, v)| v.as_array().is_none_or(|a| !a.is_empty()))
                    .map(|(k, v)| {
                        let key = MAP
                            .iter()
                            .find(|(long, _)| long == k)
                            .map_or(k.as_str(), |(_, s)| s);
                        (key.to_string(), shorten(v))
                    })
                    .collect(),
            ),
            Value::String(s) => match s.parse::<i64>() {
                Ok(n) if n.to_string() == *s => json!(n),
                _ => value.clone(),
            },
            _ => value.clone(),
        }
    }
    let text = shorten(puzzle).to_string();
    let chars: Vec<char> = text.chars().collect();
    let opens = |c: char| matches!(c, ',' | '{' | '[');
    let closes = |c: char| matches!(c, ',' | '}' | ']');
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // `([,{[])"([a-zA-Z0-9]+)":` → `$1$2:`
        if opens(c) && chars.get(i + 1) == Some(&'"') {
            let key = chars[i + 2..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            if key > 0
                && chars.get(i + 2 + key) == Some(&'"')
                && chars.get(i + 3 + key) == Some(&':')
            {
                out.push(c);
                out.extend(&chars[i + 2..i + 2 + key]);
                out.push(':');
                i += key + 4;
                continue;
            }
        }
        // `([,{[]){}(?=[,}\]])` → `$1`
        if opens(c)
            && chars.get(i + 1) == Some(&'{')
            && chars.get(i + 2) == Some(&'}')
            && chars.get(i + 3).is_some_and(|&n| closes(n))
        {
            out.push(c);
            i += 3;
            continue;
        }
        out.push(c);
        i += 1;
    }
    // false, true and colours after `:`.
    for (long, short) in [
        ("false", "f"),
        ("true", "t"),
        ("\"#000000\"", "#0"),
        ("\"#FFFFFF\"", "#F"),
    ] {
        for end in [',', '}', ']'] {
            out = out.replace(&format!(":{long}{end}"), &format!(":{short}{end}"));
        }
    }
    let mut colours = String::new();
    let mut rest = out.as_str();
    while let Some(at) = rest.find(":\"#") {
        colours.push_str(&rest[..at + 1]);
        let hex = &rest[at + 3..];
        if hex.len() > 7
            && hex[..6].chars().all(|c| c.is_ascii_hexdigit())
            && hex[6..].starts_with('"')
            && hex[7..].starts_with([',', '}', ']'])
        {
            colours.push_str(&hex[..6]);
            rest = &hex[7..];
        } else {
            colours.push_str("\"#");
            rest = hex;
        }
    }
    colours.push_str(rest);
    // zipQuotes
    colours.replace('\'', "\\'").replace('"', "'")
}

/// An `scl` link's puzzle id for a SudokuPad puzzle.
fn scl(puzzle: &Value) -> String {
    format!("scl{}", lz_str::compress_to_base64(zip(puzzle).as_str()))
}

#[test]
fn the_zip_port_matches_sudokupad_on_a_real_link() {
    // The real link's payload, zipped by SudokuPad, unzips and zips back the same.
    let link = std::fs::read_to_string(fixture("parity-fish.scl.txt")).unwrap();
    let payload = link.trim().split_once("/scl").unwrap().1;
    let zipped = String::from_utf16(&lz_str::decompress_from_base64(payload).unwrap()).unwrap();
    assert!(
        zipped.starts_with("{id:'sxsm_MartySears_"),
        "{}",
        &zipped[..40]
    );
    let puzzle = graphdoku::read::sudokupad::unzip(&zipped).unwrap();
    assert_eq!(puzzle["metadata"]["title"], "Parity Fish");
    assert_eq!(puzzle["regions"].as_array().unwrap().len(), 9);
    assert_eq!(
        graphdoku::read::sudokupad::unzip(&zip(&puzzle)).unwrap(),
        puzzle
    );
}

#[test]
fn sudokupad_scl_links_import_their_rules() {
    for (name, houses) in [
        // Rows, columns, boxes, six disjoint groups, one extra region.
        ("six-windows.json", 6 * 4 + 1),
        // Rows, columns and the nine jigsaw regions.
        ("jigsaw.json", 27),
    ] {
        let fp = fpuzzle(name);
        let from_file = graphdoku::read::fpuzzles::read(&fp.to_string(), name).unwrap();
        let mut puzzle = sudokupad_of(&fp);
        // Cosmetic f-puzzles lines become SudokuPad lines, which are refused:
        // the scl form of this puzzle is the one without them.
        puzzle.as_object_mut().unwrap().remove("lines");
        let id = scl(&puzzle);
        for link in [
            format!("https://sudokupad.app/{id}"),
            format!("https://sudokupad.app/?puzzle={id}"),
            format!(
                "https://app.crackingthecryptic.com/{}",
                id.replacen("scl", "ctc", 1)
            ),
            format!(
                "https://sudokupad.app/sudoku/{}",
                id.replace('+', "%2B").replace('/', "%2F")
            ),
        ] {
            let decoded = link::read(&link, "link").unwrap_or_else(|e| panic!("{link}: {e}"));
            assert_eq!(decoded.format, Format::SudokuPad);
            let imported = decoded.imported;
            assert_eq!(imported.name, from_file.name);
            assert_eq!(imported.givens, from_file.givens);
            assert_eq!(
                (imported.knight, imported.king),
                (from_file.knight, from_file.king)
            );
            let (graph, count) = build(&imported);
            let (file_graph, _) = build(&from_file);
            assert_eq!(count, 1, "{name}: unique, as from the file");
            assert_eq!(graph.houses().len(), houses, "{name}");
            assert_eq!(
                graph.graph().edge_count(),
                file_graph.graph().edge_count(),
                "{name}"
            );
        }
    }
    // On the command line, named `sudokupad.*` by default.
    let id = scl(&sudokupad_of(&fpuzzle("six-windows.json")));
    graphdoku()
        .args(["import", "--solve", &format!("https://sudokupad.app/{id}")])
        .assert()
        .success()
        .stdout(predicates::str::starts_with("Six Windows: solved\n"));
    let dir = tempfile::tempdir().unwrap();
    graphdoku()
        .current_dir(dir.path())
        .args(["import", &format!("https://sudokupad.app/?puzzle={id}")])
        .assert()
        .success()
        .stdout(contains("Six Windows: wrote sudokupad.variant.ron"));
    graphdoku()
        .current_dir(dir.path())
        .args(["check", "sudokupad.ron"])
        .assert()
        .success()
        .stdout("Six Windows: unique\n");
}

#[test]
fn scl_killer_cages_import_and_solve_as_the_f_puzzles_file() {
    let dir = tempfile::tempdir().unwrap();
    let id = scl(&sudokupad_of(&fpuzzle("killer.json")));
    let link = format!("https://sudokupad.app/{id}");
    let decoded = link::read(&link, "link").unwrap();
    assert_eq!(decoded.imported.rules.len(), 33);
    graphdoku()
        .current_dir(dir.path())
        .args(["import", &link])
        .assert()
        .success();
    graphdoku()
        .current_dir(dir.path())
        .args(["check", "sudokupad.ron"])
        .assert()
        .success()
        .stdout("killer 1: unique\n");
    let from_scl = graphdoku()
        .args(["import", "--solve", &link])
        .output()
        .unwrap();
    let from_json = graphdoku()
        .args(["import", "--solve"])
        .arg(fixture("killer.json"))
        .output()
        .unwrap();
    assert!(from_scl.status.success());
    assert_eq!(from_scl.stdout, from_json.stdout);
}

#[test]
fn scl_drawings_and_unnumbered_cages_are_refused_by_name() {
    let id = scl(&sudokupad_of(&fpuzzle("killer-thermo.json")));
    let link = format!("https://sudokupad.app/{id}");
    match link::read(&link, "link") {
        Err(ImportError::SudokuPad(graphdoku::read::sudokupad::SudokuPadError::Refused {
            refused,
            ..
        })) => assert_eq!(refused, ["lines (1)", "underlays (1)"]),
        other => panic!("{other:?}"),
    }
    graphdoku()
        .args(["import", &link])
        .assert()
        .code(2)
        .stderr(contains(
            "cannot be imported: lines (1), underlays (1) (lines, arrows",
        ));
    // A cage whose clue is not a number is a killer cage graphdoku cannot read.
    let mut unknown = sudokupad_of(&fpuzzle("killer.json"));
    unknown["cages"][1]["value"] = json!("?");
    unknown["cages"][1]["sum"] = Value::Null;
    match link::read(&scl(&unknown), "link") {
        Err(ImportError::SudokuPad(graphdoku::read::sudokupad::SudokuPadError::Refused {
            refused,
            ..
        })) => assert_eq!(refused, ["killer cage (1)"]),
        other => panic!("{other:?}"),
    }
    // Crossing Lines' diagonals are drawn as lines in SudokuPad: refused, not guessed.
    let id = scl(&sudokupad_of(&fpuzzle("crossing-lines.json")));
    let err = link::read(&id, "link").unwrap_err().to_string();
    assert!(
        err.contains("cannot be imported: lines (2), overlays (1)"),
        "{err}"
    );
    // A real link: Parity Fish's dots are overlays, its red lines a background image.
    let real = std::fs::read_to_string(fixture("parity-fish.scl.txt")).unwrap();
    graphdoku()
        .args(["import", "--solve", real.trim()])
        .assert()
        .code(2)
        .stderr(contains(
            "the link: SudokuPad parts beyond graphdoku's rules cannot be imported: \
             background image (1), overlays (21)",
        ));
}

#[test]
fn short_links_say_how_to_get_the_full_link() {
    for link in [
        "https://sudokupad.app/wsj7iunsg6",
        "https://app.crackingthecryptic.com/sudoku/m3BfHFrP8D",
        "https://app.crackingthecryptic.com/817bobvnn5",
    ] {
        graphdoku()
            .args(["import", link])
            .assert()
            .code(2)
            .stderr(contains("is a SudokuPad short link"))
            .stderr(contains(
                "a short link must be opened in SudokuPad and its full link",
            ));
    }
}

#[test]
fn active_constraints_is_metadata() {
    let saved = fpuzzle("six-windows-saved.json");
    assert!(
        saved["activeConstraints"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
    );
    graphdoku()
        .args(["import", "--solve"])
        .arg(fixture("six-windows-saved.json"))
        .assert()
        .success()
        .stdout(predicates::str::starts_with(
            "Six Windows (saved by the editor): solved\n",
        ));
    // The same save as a link.
    let link = format!("https://www.f-puzzles.com/?load={}", packed(&saved));
    let (_, count) = build(&link::read(&link, "link").unwrap().imported);
    assert_eq!(count, 1);
}

#[test]
fn neither_a_file_nor_a_link_says_so_once() {
    for (source, code) in [
        ("no/such/puzzle.json", 6),
        ("puzzle", 6),
        ("https://example.com/puzzle", 6),
    ] {
        let output = graphdoku().args(["import", source]).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(code), "{source}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!("error: cannot read {source}: No such file")),
            "{stderr}"
        );
        assert!(
            stderr.contains("nor is it a puzzle link or string (accepted: "),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
    }
    // A string that is meant as a puzzle (lz-string's opening brace) but is cut short.
    graphdoku()
        .args(["import", "N4IgzglgXgpiBcBOANCA"])
        .assert()
        .code(2)
        .stderr(contains(
            "the puzzle string: not an f-puzzles link or compressed puzzle",
        ));
    // A long string is quoted cut short.
    let long = "x".repeat(5000);
    graphdoku()
        .args(["import", &long])
        .assert()
        .code(6)
        .stderr(contains(format!("cannot read {}…: ", "x".repeat(60))));
}

#[test]
fn an_import_that_cannot_write_its_puzzle_leaves_no_variant_behind() {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("back");
    // A folder where the puzzle's file would go (--force: past the check
    // that refuses to overwrite, to the write itself).
    std::fs::create_dir(dir.path().join("back.ron")).unwrap();
    let output = graphdoku()
        .args(["import", "--force"])
        .arg(fixture("killer.json"))
        .arg("-o")
        .arg(&prefix)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_ne!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert!(!dir.path().join("back.variant.ron").exists());
    // Where both can be written, both are.
    std::fs::remove_dir(dir.path().join("back.ron")).unwrap();
    graphdoku()
        .args(["import"])
        .arg(fixture("killer.json"))
        .arg("-o")
        .arg(&prefix)
        .assert()
        .success();
    assert!(dir.path().join("back.variant.ron").is_file());
    assert!(dir.path().join("back.ron").is_file());
}

/// A strict kropki puzzle as f-puzzles writes one (`nonconsecutive`, negative
/// black dots, no givens): its only solution puts 1 and 2 under the black dots
/// of r1c1–r1c2 and r2c3–r2c4, which the format allows, since a dot of either
/// colour exempts its pair from both negative rules. Read as "never
/// consecutive" everywhere, it had no solution.
#[test]
fn a_black_dot_exempts_its_pair_from_non_consecutive() {
    let name = "strict-kropki.json";
    let imported = graphdoku::read::fpuzzles::read(&fpuzzle(name).to_string(), name).unwrap();
    assert_eq!(build(&imported).1, 1);
    graphdoku()
        .args(["import", "--solve"])
        .arg(fixture(name))
        .assert()
        .success()
        .stdout(contains("1 2 | 3 4\n3 4 | 1 2\n"));
}

/// A file of `tests/iss/` (Interactive Sudoku Solver examples, MIT: see its README).
fn iss(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/iss")
        .join(name)
}

/// The 81 digits of an `import --solve` drawing.
fn solved_digits(stdout: &[u8]) -> String {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    text.lines()
        .skip(1)
        .flat_map(|l| l.chars().filter(char::is_ascii_digit))
        .collect()
}

/// An empty f-puzzles grid of `size` with `fields` added.
fn empty_fpuzzle(size: usize, fields: Value) -> Value {
    let row: Vec<Value> = (0..size).map(|_| json!({})).collect();
    let mut puzzle = json!({ "size": size, "grid": vec![row; size] });
    for (key, value) in fields.as_object().unwrap() {
        puzzle[key] = value.clone();
    }
    puzzle
}

/// f-puzzles' fields for the lines the engine has (as Rangsk's solver and
/// SudokuPad read them), each onto its own rule; a whispers line that crosses
/// itself is read as the line it is, not refused as "cell listed twice".
#[test]
fn f_puzzles_lines_the_engine_has_import_as_their_rules() {
    let line = |cells: &[&str]| json!([{ "lines": [cells] }]);
    let puzzle = empty_fpuzzle(
        9,
        json!({
            "slowthermometer": line(&["R1C1", "R1C2", "R1C3"]),
            "zipperline": line(&["R2C1", "R2C2", "R2C3"]),
            "doublearrow": line(&["R3C1", "R3C2", "R3C3", "R3C4"]),
            "entropicline": line(&["R4C1", "R4C2", "R4C3"]),
            "modularline": line(&["R5C1", "R5C2", "R5C3"]),
            "nabner": line(&["R6C1", "R6C2"]),
            // Through r8c2 twice: a loop round the box's corner and on.
            "whispers": line(&["R7C1", "R8C1", "R8C2", "R7C2", "R7C3", "R8C3", "R8C2", "R9C2"]),
        }),
    );
    let imported = graphdoku::read::fpuzzles::read(&puzzle.to_string(), "lines.json").unwrap();
    let words: Vec<String> = imported
        .rules
        .iter()
        .map(|r| {
            graphdoku::write::ron::rule(r)
                .split('(')
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        words,
        [
            "SlowThermometer",
            "Whispers",
            "Whispers",
            "Zipper",
            "DoubleArrow",
            "Entropic",
            "Modular",
            "Nabner"
        ]
    );
    // The two whispers lines hold every neighbouring pair of the one drawn.
    let whispers: Vec<String> = imported.rules[1..3]
        .iter()
        .map(graphdoku::write::ron::rule)
        .collect();
    assert!(
        whispers[0].contains(r#"["r7c1", "r8c1", "r8c2", "r7c2", "r7c3", "r8c3"]"#),
        "{whispers:?}"
    );
    assert!(
        whispers[1].contains(r#"["r8c3", "r8c2", "r9c2"]"#),
        "{whispers:?}"
    );
    let (_, count) = build(&imported);
    assert_eq!(
        count, 2,
        "an empty grid with a few lines has many solutions"
    );
    // A renban through a cell twice has no such reading: refused by name.
    let renban = empty_fpuzzle(
        9,
        json!({ "renban": line(&["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]) }),
    );
    let err = graphdoku::read::fpuzzles::read(&renban.to_string(), "r.json").unwrap_err();
    assert!(
        err.to_string()
            .contains("`renban`: the line passes r1c1 twice"),
        "{err}"
    );
}

/// SudokuPad's `codoku` (`puzzletools.js`): a digit and the zeros after it
/// (up to five) as one character.
fn codoku(givens: &str) -> String {
    let digits: Vec<u32> = givens
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0))
        .collect();
    let mut out = String::new();
    let mut i = 0;
    while i < digits.len() {
        let zeros = digits[i + 1..]
            .iter()
            .take(5)
            .take_while(|&&d| d == 0)
            .count();
        let code = digits[i] + 10 * (zeros as u32 + 1);
        let offset = match code {
            ..20 => 38,
            20..46 => 45,
            _ => 51,
        };
        out.push(char::from_u32(code + offset).unwrap());
        i += zeros + 1;
    }
    out
}

/// SudokuPad's compact classic links (`scf`), and links that carry their
/// puzzle id in `?puzzleid=`, read as SudokuPad reads them.
#[test]
fn sudokupad_scf_and_puzzleid_links_import() {
    let givens =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
    // Spaces are `%20` in a link, as `encodeURIComponent` writes them.
    let scf = format!("scf{}*xtTwo%20diagonals*aA%20setter", codoku(givens));
    for link in [
        format!("https://sudokupad.app/{scf}"),
        format!("https://sudokupad.app/sudoku.html?puzzleid={scf}"),
    ] {
        let decoded = link::read(&link, "link").unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(decoded.format, Format::SudokuPad);
        let imported = decoded.imported;
        assert_eq!(
            (imported.name.as_str(), imported.author.as_deref()),
            ("Two diagonals", Some("A setter"))
        );
        let line: String = graphdoku::write::ron::rows(&imported).concat();
        assert_eq!(line, givens.replace('0', "."));
        assert_eq!(imported.houses.len(), 2, "x: both diagonals");
    }
    // Without `*`: the constraints follow the 81st cell (`w`: windoku).
    let windoku = link::read(&format!("scf{}w", codoku(&"0".repeat(81))), "s").unwrap();
    assert_eq!(windoku.imported.houses.len(), 4);
    // `?puzzleid=` with an f-puzzles payload, as SudokuPad's converters write it.
    let payload = packed(&fpuzzle("six-windows.json"));
    same_as_file(
        &format!("https://sudokupad.app/scf?puzzleid=fpuz{payload}"),
        "six-windows.json",
    );
}

/// The Interactive Sudoku Solver's own forms import and solve to the
/// solutions ISS gives: a constraint string, one over several lines with
/// `#` comments ("A kind of magic": 19 thermometers, no givens, which the
/// search alone gave up on after 55 s), the SudoCue killer format; its
/// compact killer grid reads as cages covering the grid.
#[test]
fn interactive_sudoku_solver_puzzles_import_and_solve() {
    for (file, solution) in [
        (
            "thermo.txt",
            "847632519295471386631598247129743865486259173753816924368924751974185632512367498",
        ),
        (
            "magic.txt",
            "953218746816374529274956381621749835385162497749835162132687954497523618568491273",
        ),
        (
            "sudocue-killer.txt",
            "821376945795481362634529718183654297956712834247893156519267483478135629362948571",
        ),
    ] {
        let out = graphdoku()
            .args(["import", "--solve", "--timeout", "60"])
            .arg(iss(file))
            .output()
            .unwrap();
        assert!(out.status.success(), "{file}: {out:?}");
        assert_eq!(solved_digits(&out.stdout), solution, "{file}");
    }
    let text = std::fs::read_to_string(iss("killer-grid.txt")).unwrap();
    let decoded = link::read(&text, "killer").unwrap();
    assert_eq!(decoded.format, Format::Iss);
    let (mut cells, mut total) = (0, 0);
    for rule in &decoded.imported.rules {
        let graphdoku::rules::RuleSpec::Killer { cells: c, total: t } = rule else {
            panic!("only cages: {rule:?}")
        };
        cells += c.len();
        total += t.unwrap();
    }
    // 17 totals, one a cage, covering the grid: 45 a row, 405 in all.
    assert_eq!((decoded.imported.rules.len(), cells, total), (17, 81, 405));
    // ISS's share link, `?q=` percent-encoded as URLSearchParams writes it.
    let q = std::fs::read_to_string(iss("thermo.txt")).unwrap();
    let escaped = q.trim().replace('~', "%7E");
    let share = format!(
        "https://sigh.github.io/Interactive-Sudoku-Solver/?q={escaped}&mode=all-possibilities"
    );
    let out = graphdoku()
        .args(["import", "--solve", &share])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(solved_digits(&out.stdout).starts_with("847632519"));
}

/// ISS types without a rule are refused by name with their counts, never dropped.
#[test]
fn interactive_sudoku_solver_types_without_a_rule_are_refused_by_name() {
    graphdoku()
        .args([
            "import",
            ".LookAndSay~5~R1C1~R1C2.CountingCircles~R2C1~R2C2~R2C3.CountingCircles~R3C1~R3C2.Cage~3~R4C1~R4C2",
        ])
        .assert()
        .code(2)
        .stderr(contains(
            "Interactive Sudoku Solver constraints beyond graphdoku's rules cannot be imported: \
             CountingCircles (2), LookAndSay (1)",
        ));
    // A 0-based shape: its values are not graphdoku's 1 to 9.
    graphdoku()
        .args(["import", ".Shape~9x9~0-8.~R1C1_0"])
        .assert()
        .code(2)
        .stderr(contains("Shape with values other than 1 to its size (1)"));
}

/// A plain grid of givens, as pasted from anywhere, imports on its own.
#[test]
fn a_plain_grid_string_imports() {
    let givens =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let out = graphdoku()
        .args(["import", "--solve", givens])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(solved_digits(&out.stdout).starts_with("534678912"));
    assert_eq!(link::read(givens, "s").unwrap().format, Format::Grid);
}

/// The page's share link (`#p=`, lz-string's URI-safe form of the page's
/// model) imports on the command line: a designer's grid with its rules,
/// givens, title, author and rules text; a built-in shape by name.
#[test]
fn the_pages_share_link_imports() {
    let link_of = |model: Value| {
        format!(
            "http://127.0.0.1:8787/#p={}",
            lz_str::compress_to_encoded_uri_component(model.to_string().as_str())
        )
    };
    let grid = json!({
        "v": 1,
        "shape": {"kind": "grid", "size": 4, "boxes": [2, 2], "regions": null, "houses": [],
                  "diagonals": false, "antidiagonal": false, "knight": false, "king": false, "disjoint": false},
        "rules": [{"Killer": {"cells": ["r1c1", "r1c2"], "total": 3}}],
        "givens": [null, null, "3", null],
        "title": "Shared four", "author": "a setter", "rulesText": "Normal rules; a cage.",
    });
    let dir = tempfile::tempdir().unwrap();
    graphdoku()
        .current_dir(dir.path())
        .args(["import", &link_of(grid.clone())])
        .assert()
        .success()
        .stdout(contains("Shared four: wrote shared.variant.ron"));
    let written = std::fs::read_to_string(dir.path().join("shared.ron")).unwrap();
    for expected in [
        r#"name: "Shared four""#,
        r#"author: "a setter""#,
        r#"rules_text: "Normal rules; a cage.""#,
        r#"Killer(cells: ["r1c1", "r1c2"], total: 3)"#,
    ] {
        assert!(written.contains(expected), "{expected}\n{written}");
    }
    graphdoku()
        .current_dir(dir.path())
        .args(["check", "shared.ron"])
        .assert()
        .code(4);
    // A built-in shape: the puzzle file names it.
    let pie =
        json!({"v": 1, "shape": {"kind": "builtin", "name": "pie"}, "rules": [], "givens": ["1"]});
    graphdoku()
        .current_dir(dir.path())
        .args(["import", "-o", "pie", &link_of(pie)])
        .assert()
        .success()
        .stdout(contains("on the built-in pie"));
    let pie = std::fs::read_to_string(dir.path().join("pie.ron")).unwrap();
    assert!(pie.contains(r#"variant: "pie""#), "{pie}");
}

/// `import` keeps the title, author and rules text as fields of the puzzle
/// file, and does not overwrite files without `--force`.
#[test]
fn import_keeps_the_words_and_overwrites_only_when_forced() {
    let dir = tempfile::tempdir().unwrap();
    let source = fixture("crossing-lines.json");
    let import = |force: bool| {
        let mut cmd = graphdoku();
        cmd.current_dir(dir.path())
            .args(["import", "-o", "x"])
            .arg(&source);
        if force {
            cmd.arg("--force");
        }
        cmd.output().unwrap()
    };
    assert!(import(false).status.success());
    let written = std::fs::read_to_string(dir.path().join("x.ron")).unwrap();
    assert!(written.contains(r#"name: "Crossing Lines""#), "{written}");
    assert!(
        written.contains(r#"author: "graphdoku tests""#),
        "{written}"
    );
    assert!(
        written.contains("rules_text: \"Normal sudoku rules apply."),
        "{written}"
    );
    std::fs::write(dir.path().join("x.ron"), "kept").unwrap();
    let again = import(false);
    assert_eq!(again.status.code(), Some(2));
    let stderr = String::from_utf8(again.stderr).unwrap();
    assert!(
        stderr.contains("x.variant.ron exists: pass --force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("x.ron")).unwrap(),
        "kept"
    );
    assert!(import(true).status.success());
    assert_ne!(
        std::fs::read_to_string(dir.path().join("x.ron")).unwrap(),
        "kept"
    );
}

/// `export -f sudokupad` gives the SudokuPad link the page gives, which reads
/// back to the same puzzle; `--json` is `-f json`.
#[test]
fn export_writes_sudokupad_links() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/killer.ron");
    let out = graphdoku()
        .args(["export", "-f", "sudokupad"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let link = String::from_utf8(out.stdout).unwrap();
    assert!(
        link.starts_with("https://sudokupad.app/fpuzzlesN4Ig"),
        "{link}"
    );
    let fpuzzles = graphdoku().args(["export"]).arg(&data).output().unwrap();
    let fpuzzles = String::from_utf8(fpuzzles.stdout).unwrap();
    assert_eq!(
        link::read(link.trim(), "l").unwrap().imported,
        link::read(fpuzzles.trim(), "l").unwrap().imported
    );
    let json = graphdoku()
        .args(["export", "--json"])
        .arg(&data)
        .output()
        .unwrap();
    let f_json = graphdoku()
        .args(["export", "-f", "json"])
        .arg(&data)
        .output()
        .unwrap();
    assert_eq!(json.stdout, f_json.stdout);
}
