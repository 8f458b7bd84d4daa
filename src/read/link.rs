//! A shared puzzle link or string recognised and handed to its reader (f-puzzles or SudokuPad).
//!
//! One function, [`read`], serves `graphdoku import` and the page's import box,
//! so a link that imports in one imports in the other. It takes:
//!
//! * f-puzzles JSON (a saved file's text);
//! * an f-puzzles link, `https://www.f-puzzles.com/?load=N4Ig…`, or the bare
//!   lz-string after `load=` (`N4Ig…`);
//! * SudokuPad links (`sudokupad.app`, `app.crackingthecryptic.com`, any
//!   subdomain of sudokupad.app) to an f-puzzles payload — `/fpuzzlesN4Ig…`,
//!   `/fpuzN4Ig…`, `/?puzzle=fpuzN4Ig…` — or to SudokuPad's own format —
//!   `/sclN4Ig…`, `/ctcN4Ig…`, `/?puzzle=scl…`, with or without `/sudoku/`
//!   before the puzzle; the puzzle id alone (`fpuzN4Ig…`, `scl…`) too.
//!
//! * SudokuPad's compact classic format, `/scf…` (givens, windoku, X, title and
//!   author), and links that carry the puzzle id as `?puzzleid=scl…` (or
//!   `fpuz…`, `scf…`), as SudokuPad's own converters write them;
//! * the Interactive Sudoku Solver's constraint strings (`.Cage~16~R1C1~R1C2…`),
//!   its share links (`…/Interactive-Sudoku-Solver/?q=…`), its killer grids of
//!   arrows and totals, and plain grids of givens (`53..7....`), all through
//!   [`super::iss`];
//! * the page's own share links (`…/#p=…`), through [`read_source`] alone: they
//!   hold any shape, not only a grid (see [`super::share`]).
//!
//! Payloads may be percent-encoded (`%2B`, `%2F`, `%3D`) and may have lost
//! their padding or had a `//` collapsed to `/` (see [`super::lz`]). SudokuPad's
//! short links (`sudokupad.app/abc123`, `…/sudoku/m3BfHFrP8D`) name a puzzle
//! stored on SudokuPad's server: graphdoku does not go on the network, so they
//! are refused with a message that says how to get the full link.

use thiserror::Error;

use super::fpuzzles::{self, FpuzzlesError, Imported};
use super::iss::{self, IssError};
use super::lz;
use super::share::{self, ShareError, Shared};
use super::sudokupad::{self, SudokuPadError};

/// The forms [`read`] accepts, for messages.
pub const ACCEPTED: &str = "accepted: an f-puzzles JSON file; an f-puzzles link \
    (f-puzzles.com/?load=N4Ig…) or its lz-string (N4Ig…); a SudokuPad link \
    (sudokupad.app/fpuzzlesN4Ig…, /fpuzN4Ig…, /sclN4Ig…, /scf…, /?puzzle=…, ?puzzleid=…); \
    an Interactive Sudoku Solver link (…?q=…), constraint string (.Cage~16~R1C1~R1C2…) or \
    killer grid; a plain grid of givens (53..7....); a graphdoku share link (…/#p=…)";

/// The name of a puzzle read from a plain grid of givens, which has none.
pub const PLAIN_GRID: &str = "puzzle string";

/// Which format a puzzle came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// f-puzzles JSON, from a file, a link or a SudokuPad `fpuzzles` link.
    Fpuzzles,
    /// SudokuPad's own zipped JSON (`scl`), or its compact classic format (`scf`).
    SudokuPad,
    /// The Interactive Sudoku Solver's constraint strings, killer grids and links.
    Iss,
    /// A plain grid of givens, one character per cell.
    Grid,
    /// The page's share link.
    Share,
}

impl Format {
    /// A short name for files and messages: `fpuzzles`, `sudokupad`, `iss`,
    /// `grid`, `shared`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Fpuzzles => "fpuzzles",
            Format::SudokuPad => "sudokupad",
            Format::Iss => "iss",
            Format::Grid => "grid",
            Format::Share => "shared",
        }
    }
}

/// What [`read_source`] found: a grid in graphdoku terms (every format but
/// the page's), or the page's share link, which may hold any shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// An f-puzzles, SudokuPad or ISS puzzle, or a plain grid.
    Imported(Decoded),
    /// A share link of `graphdoku serve`'s page.
    Shared(Shared),
}

/// A puzzle read from a link or string, and the format it was in.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The format of the payload.
    pub format: Format,
    /// The puzzle in graphdoku terms.
    pub imported: Imported,
}

/// Why a link or string could not be imported.
#[derive(Debug, Error)]
pub enum ImportError {
    /// An f-puzzles puzzle that does not decode or import.
    #[error(transparent)]
    Fpuzzles(#[from] FpuzzlesError),
    /// A SudokuPad puzzle that does not decode or import.
    #[error(transparent)]
    SudokuPad(#[from] SudokuPadError),
    /// A SudokuPad short link: the puzzle is on SudokuPad's server.
    #[error(
        "{origin}: {id:?} is a SudokuPad short link, which names a puzzle stored on \
         SudokuPad's server: a short link must be opened in SudokuPad and its full link \
         (sudokupad.app/scl… or sudokupad.app/fpuzzles…) copied from there, since \
         graphdoku does not go on the network"
    )]
    ShortLink {
        /// The input's name.
        origin: String,
        /// The short id (`m3BfHFrP8D`).
        id: String,
    },
    /// An Interactive Sudoku Solver puzzle that does not read or import.
    #[error(transparent)]
    Iss(#[from] IssError),
    /// The page's share link that does not read.
    #[error(transparent)]
    Share(#[from] ShareError),
    /// The page's share link, given where only grids are read ([`read`]).
    #[error(
        "{origin}: a graphdoku share link (#p=…): open it in the page, or import it with \
         `graphdoku import`, which reads any shape"
    )]
    SharedShape {
        /// The input's name.
        origin: String,
    },
    /// Neither JSON nor a recognisable link or puzzle string.
    #[error("{origin}: not a puzzle link or string ({ACCEPTED})")]
    Unrecognised {
        /// The input's name.
        origin: String,
    },
}

impl ImportError {
    /// True when the text is not a puzzle link or string of any kind (as
    /// opposed to one that was recognised and then failed): a command line
    /// argument that is neither a file nor a link.
    pub fn is_unrecognised(&self) -> bool {
        matches!(self, ImportError::Unrecognised { .. })
    }
}

/// Hosts whose paths are SudokuPad puzzle ids.
fn is_sudokupad_host(host: &str) -> bool {
    let host = host.to_ascii_lowercase();
    host == "sudokupad.app"
        || host.ends_with(".sudokupad.app")
        || host == "app.crackingthecryptic.com"
        || host == "sudokupad.svencodes.com"
}

/// Reads a puzzle from f-puzzles JSON or a shared link or string (see the
/// module documentation for every form); `origin` names it in messages.
///
/// # Errors
/// [`ImportError`]: the reader's error once the format is known, a short link
/// or unread format, or [`ImportError::Unrecognised`].
///
/// # Example
/// ```
/// use graphdoku::read::link::{self, Format};
/// let json = r#"{"size":4,"grid":[[{"value":3,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
/// let packed = lz_str::compress_to_base64(json);
/// for form in [
///     format!("https://www.f-puzzles.com/?load={packed}"),
///     format!("https://sudokupad.app/fpuzzles{}", packed.replace('+', "%2B")),
///     format!("https://sudokupad.app/?puzzle=fpuz{packed}"),
///     packed.clone(),
/// ] {
///     let decoded = link::read(&form, "link").unwrap();
///     assert_eq!(decoded.format, Format::Fpuzzles);
///     assert_eq!(decoded.imported.givens[0][0], Some(3));
/// }
/// let short = link::read("https://sudokupad.app/abc123", "link").unwrap_err();
/// assert!(short.to_string().contains("short link"));
/// assert!(link::read("no-such-puzzle.json", "x").unwrap_err().is_unrecognised());
/// ```
pub fn read(text: &str, origin: &str) -> Result<Decoded, ImportError> {
    match read_source(text, origin)? {
        Source::Imported(decoded) => Ok(decoded),
        Source::Shared(_) => Err(ImportError::SharedShape {
            origin: origin.to_string(),
        }),
    }
}

/// Reads a puzzle in any form [`read`] takes, or the page's share link
/// (`…/#p=…`, any shape); `origin` names it in messages.
///
/// # Errors
/// As [`read`], and [`ImportError::Share`] for a share link that does not read.
///
/// # Example
/// ```
/// use graphdoku::read::link::{self, Source};
/// let model = r#"{"v":1,"shape":{"kind":"builtin","name":"pie"},"rules":[],"givens":[]}"#;
/// let packed = lz_str::compress_to_encoded_uri_component(model);
/// let source = link::read_source(&format!("http://127.0.0.1:8787/#p={packed}"), "link").unwrap();
/// assert!(matches!(source, Source::Shared(_)));
/// let iss = link::read_source(".Cage~3~R1C1~R1C2", "link").unwrap();
/// assert!(matches!(iss, Source::Imported(d) if d.format == link::Format::Iss));
/// ```
pub fn read_source(text: &str, origin: &str) -> Result<Source, ImportError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    let decoded =
        |format: Format, imported: Imported| Ok(Source::Imported(Decoded { format, imported }));
    if text.starts_with('{') {
        return decoded(Format::Fpuzzles, fpuzzles::read(text, origin)?);
    }
    if share::recognises(text) {
        return Ok(Source::Shared(share::read(text, origin)?));
    }
    if let Some((host, path, query)) = split_url(text) {
        let param = |name: &str| {
            query.split('&').find_map(|pair| {
                let (key, value) = pair.split_once('=')?;
                (key == name).then_some(value)
            })
        };
        if let Some(load) = param("load") {
            return fpuzzles_payload(load, origin).map(Source::Imported);
        }
        if let Some(id) = param("puzzle").or_else(|| param("puzzleid")) {
            return puzzle_id(id, origin, true).map(Source::Imported);
        }
        if param("q").is_some() && iss::recognises(text) {
            return decoded(Format::Iss, iss::read(text, origin)?);
        }
        let path = path.trim_matches('/');
        let path = path.strip_prefix("sudoku/").unwrap_or(path);
        if path.is_empty() {
            return Err(ImportError::Unrecognised {
                origin: origin.to_string(),
            });
        }
        return puzzle_id(path, origin, is_sudokupad_host(host)).map(Source::Imported);
    }
    if prefix(text).is_some() {
        return puzzle_id(text, origin, false).map(Source::Imported);
    }
    if iss::recognises(text) {
        let mut imported = iss::read(text, origin)?;
        let format = match iss::is_plain_grid(text) {
            true => {
                imported.name = PLAIN_GRID.to_string();
                Format::Grid
            }
            false => Format::Iss,
        };
        return decoded(format, imported);
    }
    // A bare lz-string: base64 characters (a `+` may have become a space, and
    // the string may be percent-encoded).
    let bare = lz::percent_decode(text);
    let base64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '\\');
    if !bare.is_empty() && bare.chars().all(base64) {
        return match lz::decompress_payload(&bare) {
            Ok(json) => decoded(Format::Fpuzzles, fpuzzles::read(&json, origin)?),
            // lz-string writes the `{` every JSON object starts with as
            // `N4I`: a string that starts so was meant as a puzzle.
            Err(e) if bare.starts_with("N4I") => Err(FpuzzlesError::Compressed {
                origin: origin.to_string(),
                reason: e.to_string(),
            }
            .into()),
            Err(_) => Err(ImportError::Unrecognised {
                origin: origin.to_string(),
            }),
        };
    }
    Err(ImportError::Unrecognised {
        origin: origin.to_string(),
    })
}

/// `scheme://host/path?query` (or `host/path?query` for a known host) as
/// (host, path, query); `None` for text that is not a link.
fn split_url(text: &str) -> Option<(&str, &str, &str)> {
    let rest = match text.split_once("://") {
        Some((scheme, rest)) if scheme.chars().all(|c| c.is_ascii_alphabetic()) => rest,
        Some(_) => return None,
        None => {
            let host = text.split(['/', '?']).next().unwrap_or("");
            let known = is_sudokupad_host(host)
                || host.eq_ignore_ascii_case("f-puzzles.com")
                || host.eq_ignore_ascii_case("www.f-puzzles.com");
            if !known {
                return None;
            }
            text
        }
    };
    let rest = rest.split('#').next().unwrap_or(rest);
    let (before_query, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (host, path) = before_query.split_once('/').unwrap_or((before_query, ""));
    Some((host, path, query))
}

/// How a SudokuPad puzzle id's payload is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Payload {
    /// f-puzzles JSON, lz-string compressed.
    Fpuzzles,
    /// SudokuPad's zipped JSON, lz-string compressed (or plain).
    Scl,
    /// SudokuPad's compact classic format, compressed or not.
    Scf,
}

/// SudokuPad's format prefixes, longest first (`PuzzleLoader`'s formats and their aliases).
const PREFIXES: &[(&str, Payload)] = &[
    ("fpuzzles", Payload::Fpuzzles),
    ("fpuz", Payload::Fpuzzles),
    ("scl", Payload::Scl),
    ("ctc", Payload::Scl),
    ("scf", Payload::Scf),
];

/// The format prefix `id` starts with, and the rest.
fn prefix(id: &str) -> Option<(Payload, &str)> {
    PREFIXES
        .iter()
        .find_map(|&(p, payload)| id.strip_prefix(p).map(|rest| (payload, rest)))
}

/// A SudokuPad puzzle id: a format prefix and its payload, or (on a SudokuPad
/// host) a short link.
fn puzzle_id(id: &str, origin: &str, sudokupad_host: bool) -> Result<Decoded, ImportError> {
    let id = lz::percent_decode(id);
    let syntax = |message: String| SudokuPadError::Syntax {
        origin: origin.to_string(),
        message,
    };
    let sudokupad = |imported: Imported| Decoded {
        format: Format::SudokuPad,
        imported,
    };
    match prefix(&id) {
        Some((Payload::Fpuzzles, payload)) => fpuzzles_payload(payload, origin),
        Some((Payload::Scl, payload)) => {
            let payload = payload.trim();
            // SudokuPad's `saveDecompress`: a payload that is already text is read as it is.
            let text = if payload.starts_with('{') {
                payload.to_string()
            } else {
                lz::decompress_payload(payload)
                    .map_err(|e| syntax(format!("the scl payload does not decompress: {e}")))?
            };
            Ok(sudokupad(sudokupad::read(&text, origin)?))
        }
        Some((Payload::Scf, payload)) => {
            let payload = payload.trim();
            // `saveDecompress` again: compressed text is taken when it
            // decompresses to at least half its length, else the text itself.
            let text = match lz::decompress_base64(payload) {
                Ok(text) if text.len() * 2 >= payload.len() => text,
                _ => payload.to_string(),
            };
            Ok(sudokupad(sudokupad::read_scf(&text, origin)?))
        }
        None if sudokupad_host => Err(ImportError::ShortLink {
            origin: origin.to_string(),
            id: id.to_string(),
        }),
        None => Err(ImportError::Unrecognised {
            origin: origin.to_string(),
        }),
    }
}

/// An f-puzzles lz-string payload, percent-encoded or not.
fn fpuzzles_payload(payload: &str, origin: &str) -> Result<Decoded, ImportError> {
    let json = lz::decompress_payload(&lz::percent_decode(payload)).map_err(|e| {
        FpuzzlesError::Compressed {
            origin: origin.to_string(),
            reason: e.to_string(),
        }
    })?;
    Ok(Decoded {
        format: Format::Fpuzzles,
        imported: fpuzzles::read(&json, origin)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_split_into_host_path_and_query() {
        assert_eq!(
            split_url("https://sudokupad.app/sudoku/abc?setting-x=1#top"),
            Some(("sudokupad.app", "sudoku/abc", "setting-x=1"))
        );
        assert_eq!(
            split_url("sudokupad.app/?puzzle=scl1"),
            Some(("sudokupad.app", "", "puzzle=scl1"))
        );
        assert_eq!(split_url("N4IgzglgXgpiBcBOA/NCA"), None);
        assert_eq!(split_url("no/such/puzzle.json"), None);
    }

    #[test]
    fn short_links_and_other_formats_are_refused_by_name() {
        for link in [
            "https://sudokupad.app/wsj7iunsg6",
            "https://app.crackingthecryptic.com/sudoku/m3BfHFrP8D",
            "sudokupad.app/sven/my-puzzle",
        ] {
            let err = read(link, "l").unwrap_err();
            assert!(
                matches!(err, ImportError::ShortLink { .. }),
                "{link}: {err}"
            );
        }
        let err = read("https://sudokupad.app/scfAAAA", "l").unwrap_err();
        assert!(err.to_string().contains("cells, not 81"), "{err}");
        let err = read("https://example.com/puzzle", "l").unwrap_err();
        assert!(err.is_unrecognised(), "{err}");
    }
}
