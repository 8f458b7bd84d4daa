//! PNG pictures: an SVG from [`super::svg`] rasterised by resvg, with its font built in.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};
use thiserror::Error;

/// DejaVu Sans (Bitstream Vera licence, `assets/fonts/LICENSE-DejaVu.txt`),
/// built in so that text shows on machines with no fonts installed.
const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// Its bold face, for givens and titles.
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Why an SVG could not be rasterised.
#[derive(Debug, Error)]
pub enum PngError {
    /// The SVG did not parse.
    #[error("the SVG does not parse: {0}")]
    Svg(#[from] usvg::Error),
    /// The picture is empty or too large for a pixmap.
    #[error(
        "a picture of {width}×{height} pixels cannot be rasterised (at most {MAX_PIXELS} pixels; try a smaller --scale)"
    )]
    Size {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// The font database, loaded once.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(REGULAR.to_vec());
            db.load_font_data(BOLD.to_vec());
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// Most pixels a picture may have (4 bytes each in memory while it is drawn).
pub const MAX_PIXELS: u64 = 64 << 20;

/// The PNG of an SVG document, at its own size times `scale`.
///
/// # Errors
/// [`PngError`] when the SVG does not parse or is too large.
///
/// # Example
/// ```
/// let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text y="9">1</text></svg>"#;
/// let png = graphdoku::write::png::png(svg, 1.0).unwrap();
/// assert_eq!(&png[1..4], b"PNG");
/// ```
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    let options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size().scale_by(scale);
    let (width, height) = size.map_or((0, 0), |s| (s.width(), s.height()));
    if width as u64 * height as u64 > MAX_PIXELS {
        return Err(PngError::Size { width, height });
    }
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size { width, height })?;
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}
