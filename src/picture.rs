//! What a picture will cost to rasterize, read from its SVG before resvg
//! sees it: its elements, the length of its strokes, its text; and the
//! limits a PNG is drawn within, for the CLI's `render` and the server alike.
//! (resvg cannot be stopped once it starts: a title of 200 KiB took it a
//! minute, the 32,000 edges of a free layout drawn across a circle 5.7 s at
//! the smallest scale and a minute at 0.2.)

/// The most elements of a picture drawn as a PNG (a 64×64 Sudoku has about 4,100).
pub const MAX_ELEMENTS: usize = 100_000;

/// The most characters of one text of a picture drawn as a PNG (a title).
pub const MAX_TEXT: usize = 1_000;

/// The most characters of all the texts of a picture drawn as a PNG.
pub const MAX_TEXTS: usize = 100_000;

/// The most pixels of strokes (lines, and the straight segments of paths) of
/// a picture drawn as a PNG: resvg draws about two million a second (a
/// 64×64 Sudoku's grid has about a million at its largest).
pub const MAX_STROKES: f64 = 2_000_000.0;

/// The size of a picture, from its SVG.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Picture {
    /// Elements (tags).
    pub elements: usize,
    /// The length of its strokes at its own size, in pixels.
    pub strokes: f64,
    /// The characters of its longest text.
    pub longest_text: usize,
    /// The characters of all its texts.
    pub text: usize,
}

impl Picture {
    /// The size of `svg` (as this crate's SVG writer draws: lines, paths of
    /// absolute `M` and `L`, texts).
    ///
    /// # Complexity
    /// Linear in the SVG's length.
    ///
    /// # Example
    /// ```
    /// use graphdoku::picture::Picture;
    /// let svg = r#"<svg><line x1="1" y1="1" x2="4" y2="5"/><text x="0">Sudoku</text></svg>"#;
    /// let size = Picture::of(svg);
    /// assert_eq!((size.elements, size.strokes, size.longest_text), (3, 5.0, 6));
    /// assert!(size.check(2.0).is_ok());
    /// ```
    pub fn of(svg: &str) -> Picture {
        // The text between each `<text …>` and its `</text>`.
        let texts = svg
            .split("</text>")
            .filter_map(|part| part.rsplit_once("<text").map(|(_, t)| t))
            .map(|t| {
                t.split_once('>')
                    .map_or(0, |(_, text)| text.chars().count())
            });
        let (mut longest_text, mut text) = (0, 0);
        for length in texts {
            (longest_text, text) = (longest_text.max(length), text + length);
        }
        Picture {
            elements: svg.matches('<').count() - svg.matches("</").count(),
            strokes: strokes(svg),
            longest_text,
            text,
        }
    }

    /// Why this picture is more than a PNG at `scale` may be, if it is: more
    /// than [`MAX_ELEMENTS`] elements, [`MAX_STROKES`] pixels of strokes,
    /// or texts longer than [`MAX_TEXT`] characters ([`MAX_TEXTS`] in all).
    ///
    /// # Errors
    /// The limit it is over, in words.
    pub fn check(&self, scale: f32) -> Result<(), String> {
        if self.elements > MAX_ELEMENTS {
            return Err(format!(
                "the picture has {} elements, more than the {MAX_ELEMENTS} a PNG may have",
                self.elements
            ));
        }
        let strokes = self.strokes * f64::from(scale);
        if strokes > MAX_STROKES {
            return Err(format!(
                "the picture has {strokes:.0} pixels of lines, more than the {MAX_STROKES:.0} a PNG \
                 may have (a free layout's cells drawn on a circle show every edge; try a smaller scale)"
            ));
        }
        if self.longest_text > MAX_TEXT || self.text > MAX_TEXTS {
            return Err(format!(
                "the picture has a text of {} characters ({} in all): a PNG may have texts of \
                 {MAX_TEXT} characters, {MAX_TEXTS} in all",
                self.longest_text, self.text
            ));
        }
        Ok(())
    }
}

/// The length of the strokes of `svg` at its own scale: its lines, and the
/// straight segments of its paths.
fn strokes(svg: &str) -> f64 {
    let number = |tag: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        (tag.find(&key))
            .and_then(|at| tag[at + key.len()..].split('"').next()?.parse().ok())
            .unwrap_or(0.0)
    };
    let mut length = 0.0;
    for tag in svg.split('<').skip(1) {
        let tag = tag.split('>').next().unwrap_or("");
        if tag.starts_with("line ") {
            let (dx, dy) = (
                number(tag, "x2") - number(tag, "x1"),
                number(tag, "y2") - number(tag, "y1"),
            );
            length += dx.hypot(dy);
        } else if tag.starts_with("path ") {
            let d = tag.split(" d=\"").nth(1).and_then(|d| d.split('"').next());
            length += path_length(d.unwrap_or(""));
        }
    }
    length
}

/// The length of the straight segments of a path's data (`M`, `L`, absolute).
fn path_length(d: &str) -> f64 {
    let mut at = (0.0, 0.0);
    let mut length = 0.0;
    let spaced = d.replace('M', " M ").replace('L', " L ");
    let mut words = spaced.split_whitespace();
    while let Some(command) = words.next() {
        let mut point = || -> Option<(f64, f64)> {
            Some((words.next()?.parse().ok()?, words.next()?.parse().ok()?))
        };
        match (command, point()) {
            ("M", Some(p)) => at = p,
            ("L", Some(p)) => {
                length += (p.0 - at.0).hypot(p.1 - at.1);
                at = p;
            }
            _ => {}
        }
    }
    length
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_too_big_for_a_png_are_refused_by_name() {
        let title = format!("<svg><text x=\"1\">{}</text></svg>", "T".repeat(200 << 10));
        let why = Picture::of(&title).check(1.0).unwrap_err();
        assert!(why.starts_with("the picture has a text of 204800"), "{why}");
        let lines = format!("<svg>{}</svg>", "<rect/>".repeat(MAX_ELEMENTS));
        assert!(Picture::of(&lines).check(1.0).is_err());
        // 2,500 lines across a 1,000-pixel circle: too long at scale 1, fine at 0.5.
        let across = r#"<line x1="0.0" y1="0.0" x2="600.0" y2="800.0"/>"#.repeat(2_500);
        let why = Picture::of(&across).check(1.0).unwrap_err();
        assert!(why.contains("has 2500000 pixels of lines"), "{why}");
        assert!(Picture::of(&across).check(0.5).is_ok());
    }

    #[test]
    fn strokes_are_lines_and_path_segments() {
        let svg = r#"<svg><line x1="1" y1="1" x2="4" y2="5"/><path d="M0.0 0.0L3.0 4.0M10 10L10 20" fill="none"/><rect x="0"/></svg>"#;
        assert_eq!(strokes(svg), 5.0 + 5.0 + 10.0);
        assert_eq!(Picture::of(svg).elements, 4);
    }
}
