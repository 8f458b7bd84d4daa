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
    // A folder where the puzzle's file would go.
    std::fs::create_dir(dir.path().join("back.ron")).unwrap();
    let output = graphdoku()
        .args(["import"])
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
