//! The page's files, built into the binary (no CDN: the page works offline),
//! each under a fixed path: no request names a file.

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page: its path, content type and text.
const FILES: &[(&str, &str, &str)] = &[
    ("/", HTML, include_str!("page.html")),
    ("/page.css", CSS, include_str!("page.css")),
    ("/js/main.js", JS, include_str!("js/main.js")),
    ("/js/actions.js", JS, include_str!("js/actions.js")),
    ("/js/panels.js", JS, include_str!("js/panels.js")),
    ("/js/api.js", JS, include_str!("js/api.js")),
    ("/js/model.js", JS, include_str!("js/model.js")),
    ("/js/history.js", JS, include_str!("js/history.js")),
    ("/js/lz.js", JS, include_str!("js/lz.js")),
    ("/js/storage.js", JS, include_str!("js/storage.js")),
    ("/js/board.js", JS, include_str!("js/board.js")),
    ("/js/edit.js", JS, include_str!("js/edit.js")),
    ("/js/tools.js", JS, include_str!("js/tools.js")),
    ("/js/overlays.js", JS, include_str!("js/overlays.js")),
];

/// The content type and text of the page's file at `path`, if it is one.
pub(super) fn find(path: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(at, _, _)| *at == path)
        .map(|&(_, kind, text)| (kind, text))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_script_the_page_loads_is_served() {
        // Each module's imports name files that are here.
        for (path, _, text) in super::FILES.iter().filter(|f| f.0.ends_with(".js")) {
            for line in text.lines().filter(|l| l.starts_with("import ")) {
                let from = line
                    .split('"')
                    .nth(1)
                    .unwrap_or_else(|| panic!("{path}: {line}"));
                let file = format!("/js/{}", from.trim_start_matches("./"));
                assert!(
                    super::find(&file).is_some(),
                    "{path} imports {from}, not served"
                );
            }
        }
        assert!(super::find("/../Cargo.toml").is_none());
    }
}
