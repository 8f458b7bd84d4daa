//! The Interactive Sudoku Solver beside us, in the same run: its own solver
//! timed in node by `shared/anchors/iss/time_collections.mjs` on the
//! collections of its `data/collections.js` that our puzzle files were
//! written from (`manifest.json` beside them says which file is which puzzle).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where one of our files comes from in ISS's collections.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Entry {
    /// The file's name, beside the manifest.
    pub file: String,
    /// ISS's collection (`TAREK_ALL`, …).
    pub collection: String,
    /// The puzzle's index in it.
    pub index: usize,
}

/// ISS's answer for one puzzle.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Timed {
    /// Its collection.
    pub collection: String,
    /// The puzzle's index in it.
    pub index: usize,
    /// Parse, build and search to two solutions: the median of its runs.
    pub ms: f64,
    /// Solutions found, up to 2.
    pub solutions: u64,
    /// The first solution, as digits.
    pub solution: String,
}

/// The entries of `dir/manifest.json`, by file path; none without one.
pub fn manifest(dir: &Path) -> HashMap<PathBuf, Entry> {
    let Ok(text) = std::fs::read_to_string(dir.join("manifest.json")) else {
        return HashMap::new();
    };
    let entries: Vec<Entry> = serde_json::from_str(&text).expect("a readable manifest");
    entries
        .into_iter()
        .map(|e| (dir.join(&e.file), e))
        .collect()
}

/// Times ISS (a checkout at `iss`) on `collections` with the script at
/// `script`, in node: every puzzle's answer by (collection, index).
pub fn time(
    iss: &Path,
    script: &Path,
    collections: &BTreeSet<String>,
) -> Result<HashMap<(String, usize), Timed>, String> {
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".into());
    let out = Command::new(&node)
        .arg(script)
        .arg(iss)
        .args(collections)
        .output()
        .map_err(|e| format!("cannot run {node}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "the ISS script failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let mut timed = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let t: Timed = serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
        timed.insert((t.collection.clone(), t.index), t);
    }
    Ok(timed)
}
