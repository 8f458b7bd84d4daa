//! The layers of `src/` have no circle: reading every file's paths into the
//! crate (`crate::…`, `super::…` past the top, and the names `lib.rs`
//! re-exports), no top-level module of `src/` reaches itself through the
//! others. `ARCHITECTURE.md` draws the layers; this keeps them true.
//!
//! Code under `#[cfg(test)] mod … { … }` is left out (a module's tests may use
//! any layer to build their cases), and so are comments.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Circles known and accepted, each a sorted list of modules, with why. None
/// today: keep it that way.
const KNOWN_CIRCLES: &[&[&str]] = &[];

/// A module's imports: the top-level modules it names, each with a file
/// that names it.
type Imports = BTreeMap<String, BTreeMap<String, PathBuf>>;

/// The top-level modules of `src/` (files and folders, without `lib.rs` and
/// `main.rs`).
fn top_levels(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "lib.rs" && name != "main.rs")
        .filter_map(|name| match name.strip_suffix(".rs") {
            Some(stem) => Some(stem.to_string()),
            None => (!name.contains('.')).then_some(name),
        })
        .collect()
}

/// The `.rs` files of a top-level module.
fn files(src: &Path, module: &str) -> Vec<PathBuf> {
    let file = src.join(format!("{module}.rs"));
    if file.is_file() {
        return vec![file];
    }
    common::files_with_extension(&src.join(module), "rs")
}

/// The file's module path below the crate root (`src/a/b.rs` and
/// `src/a/b/mod.rs` are `["a", "b"]`).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    path
}

/// `text` without comment lines and without `#[cfg(test)]` modules (which
/// rustfmt closes with a `}` at the start of a line).
fn code(text: &str) -> String {
    let mut kept = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines.peek().is_some_and(|next| {
                let next = next.trim_start();
                next.starts_with("mod ") || next.starts_with("pub(crate) mod ")
            })
        {
            let indent = line.len() - trimmed.len();
            let close = format!("{}}}", " ".repeat(indent));
            for skipped in lines.by_ref() {
                if skipped == close {
                    break;
                }
            }
            continue;
        }
        if !trimmed.starts_with("//") {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// The text after `at` up to the brace that closes the one at `at`.
fn braced(text: &str) -> &str {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &text[1..i];
                }
            }
            _ => {}
        }
    }
    &text[1..]
}

/// The first segment of each path of a `use` group's inside (`a::X, b::{Y, Z}`).
fn group_heads(inside: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in inside.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(inside[start..i].to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    heads.push(inside[start..].to_string());
    heads
        .iter()
        .map(|h| h.trim().split("::").next().unwrap_or("").trim().to_string())
        .filter(|h| !h.is_empty())
        .collect()
}

/// The first segment after the crate root of every path in `code` that
/// reaches the root: `crate::x`, `crate::{x, y}`, and `super::…` chains that
/// climb past `module` (the file's module path).
fn root_names(code: &str, module: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let before_ok = rest[..at]
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '$'));
        if before_ok {
            if after.starts_with('{') {
                names.extend(group_heads(braced(after)));
            } else {
                names.extend(identifier(after));
            }
        }
        rest = after;
    }
    let mut rest = code;
    while let Some(at) = rest.find("super::") {
        let before_ok = rest[..at]
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
        let mut after = &rest[at..];
        let mut climbs = 0;
        while let Some(next) = after.strip_prefix("super::") {
            climbs += 1;
            after = next;
        }
        // From `a/b.rs` (module a::b), `super::` is `a` and `super::super::`
        // the root; past the root it is not a path into this crate.
        if before_ok && climbs == module.len() {
            if after.starts_with('{') {
                names.extend(group_heads(braced(after)));
            } else {
                names.extend(identifier(after));
            }
        }
        rest = &rest[at + "super::".len()..];
    }
    names
}

/// The identifier at the start of `text`.
fn identifier(text: &str) -> Option<String> {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    (end > 0).then(|| text[..end].to_string())
}

/// The names `root` re-exports (`pub use module::{A, B}`), each with its module.
fn reexports(root: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for line in code(root).lines() {
        let Some(path) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = path.trim_end_matches(';').split_once("::") else {
            continue;
        };
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let name = item.rsplit(" as ").next().unwrap_or("").trim();
            let name = name.rsplit("::").next().unwrap_or("");
            if !name.is_empty() {
                names.insert(name.to_string(), module.to_string());
            }
        }
    }
    names
}

/// Every top-level module's imports of the others.
fn imports(src: &Path) -> Imports {
    let modules = top_levels(src);
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let reexported = reexports(&lib);
    let mut imports = Imports::new();
    for module in &modules {
        let entry = imports.entry(module.clone()).or_default();
        for file in files(src, module) {
            let text = std::fs::read_to_string(&file).unwrap();
            for name in root_names(&code(&text), &module_path(src, &file)) {
                let target = match reexported.get(&name) {
                    Some(target) => target.clone(),
                    None => name,
                };
                if &target != module && modules.contains(&target) {
                    entry.entry(target).or_insert_with(|| file.clone());
                }
            }
        }
    }
    imports
}

/// The strongly connected components of more than one module (Tarjan),
/// each sorted.
fn circles(imports: &Imports) -> Vec<Vec<String>> {
    struct Walk<'a> {
        imports: &'a Imports,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.imports[v].keys() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        imports,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in imports.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found.sort();
    walk.found
}

/// A circle, with the file that makes each of its imports.
fn describe(circle: &[String], imports: &Imports) -> String {
    let mut lines = vec![circle.join(" ↔ ")];
    for a in circle {
        for (b, file) in &imports[a] {
            if circle.contains(b) {
                lines.push(format!("  {a} → {b} ({})", file.display()));
            }
        }
    }
    lines.join("\n")
}

#[test]
fn no_module_of_src_imports_itself_through_others() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let imports = imports(&src);
    let known: Vec<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| c.iter().map(|m| m.to_string()).collect())
        .collect();
    let new: Vec<String> = circles(&imports)
        .iter()
        .filter(|c| !known.contains(c))
        .map(|c| describe(c, &imports))
        .collect();
    assert!(
        new.is_empty(),
        "import circles among the modules of src/:\n{}",
        new.join("\n")
    );
}

#[test]
fn the_imports_read_are_the_real_ones() {
    // Edges that exist (a reading that found none would pass the test above).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let imports = imports(&src);
    for (a, b) in [
        ("graph", "rules"),
        ("graph", "variant"),
        ("solver", "graph"),
    ] {
        assert!(imports[a].contains_key(b), "{a} → {b} not found");
    }
    // The rule schema sits below the graph: it names cells, not the graph.
    assert!(!imports["rules"].contains_key("graph"));
    // The binary's modules read the library through `graphdoku::`, not `crate::`.
    assert!(imports["app"].keys().all(|m| m == "cli"));
}

#[test]
fn the_reading_finds_paths_groups_and_circles() {
    let module = ["a".to_string(), "b".to_string()];
    let text = "use crate::{x::{One, Two}, y};\nuse super::super::z::W;\n\
                // crate::comment\nfn f() { crate::w::go(); super::sibling(); }\n\
                #[cfg(test)]\nmod tests {\n    use crate::t;\n}\n";
    let mut names = root_names(&code(text), &module);
    names.sort();
    assert_eq!(names, ["w", "x", "y", "z"]);
    let reexported =
        reexports("pub use graph::{ConstraintGraph, PlainGraph};\npub use x::Y as Z;\n");
    assert_eq!(reexported["PlainGraph"], "graph");
    assert_eq!(reexported["Z"], "x");
    let mut imports = Imports::new();
    for (a, b) in [("p", "q"), ("q", "r"), ("r", "p"), ("r", "s"), ("s", "s2")] {
        imports
            .entry(a.into())
            .or_default()
            .insert(b.into(), PathBuf::new());
        imports.entry(b.into()).or_default();
    }
    assert_eq!(circles(&imports), vec![vec!["p", "q", "r"]]);
    imports.get_mut("r").unwrap().remove("p");
    assert!(circles(&imports).is_empty());
}
