//! The API's imports and exports: f-puzzles and SudokuPad links in and out,
//! the puzzle as a standalone RON file, a PNG picture, and one rule read
//! from RON. Title, author and rules text travel with every export.

use serde_json::{Value, json};

use super::cost;
use super::job::Job;
use super::picture::{fits, picture};
use super::reply::{Failure, Reply};
use super::request::{Body, graph_of, puzzle_of, shape_of, symbols, with_rules};
use crate::read::VariantRef;
use crate::read::fpuzzles::Imported;
use crate::rules::RuleSpec;
use crate::variant;
use crate::write::{fpuzzles, png as raster, ron};
use crate::{ConstraintGraph, PuzzleReader};

/// Where a SudokuPad link to an f-puzzles puzzle starts; the compressed JSON follows.
const SUDOKUPAD_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// Most pixels of a PNG the server draws (4 bytes each while drawing).
const MAX_PNG_PIXELS: f64 = 16.0 * 1024.0 * 1024.0;

/// `import`: an f-puzzles or SudokuPad puzzle (JSON, link or string) in the
/// page's terms: the grid's size, boxes or regions, extra houses, disjoint
/// groups, anti-knight and anti-king; the rules apart from the shape (as the
/// request's `rules` are written); the givens; the title, author and rules
/// text. `ron` is the whole variant as `graphdoku import` writes it.
pub(super) fn import(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let Some(source) = body.fpuzzles.as_deref() else {
        return Err(Failure::bad("paste an \"fpuzzles\" string"));
    };
    // The CLI's reader for every form (JSON, f-puzzles and SudokuPad links, bare
    // strings); it never touches the filesystem.
    let imported: Imported = crate::read::link::read(source, "the pasted puzzle")
        .map_err(|e| Failure::new(422, e.to_string()))?
        .imported;
    let variant_text = ron::variant(&imported);
    let graph = ConstraintGraph::build_within(
        &variant::parse_with(&variant_text, "the pasted puzzle", variant::Files::Off)?,
        &job.limits().capacity,
    )?;
    // The rows read back as the CLI's import reads them: through the text reader.
    let line = ron::rows(&imported).join(if imported.size <= 9 { "" } else { " " });
    let record = PuzzleReader::new(&graph, line.as_bytes(), "the pasted puzzle")
        .next()
        .ok_or_else(|| Failure::new(422, "no puzzle in the f-puzzles string"))?;
    let puzzle = record
        .puzzle
        .map_err(|e| Failure::new(422, e.to_string()))?;
    let houses: Vec<Value> = (imported.houses.iter())
        .map(|(name, cells)| json!({ "name": name, "cells": cells }))
        .collect();
    Ok(Reply::json(
        200,
        &json!({
            "name": imported.name,
            "author": imported.author,
            "rules_text": imported.rules_text,
            "ron": variant_text,
            "givens": symbols(&graph, puzzle.givens()),
            "ignored": imported.ignored,
            "size": imported.size,
            "boxes": imported.boxes,
            "regions": imported.regions,
            "houses": houses,
            "disjoint": imported.disjoint,
            "knight": imported.knight,
            "king": imported.king,
            "rules": imported.rules,
        }),
    ))
}

/// `puzzle`: the puzzle as a RON file that stands alone: a built-in variant
/// by name, any other written out in the file; the request's rules, title,
/// author and rules text with it. Every command reads it back.
pub(super) fn puzzle(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    let variant = match (&body.ron, &body.variant) {
        (Some(text), _) => VariantRef::Inline(text.trim().to_string()),
        (None, Some(name)) => VariantRef::Named(name.clone()),
        (None, None) => return Err(Failure::bad("name a \"variant\" or paste a \"ron\"")),
    };
    let about = ron::PuzzleAbout {
        name: body.title().unwrap_or("designed"),
        author: body.author(),
        rules_text: body.rules_text(),
        variant: &variant,
        rules: body.rules(),
    };
    Ok(Reply::text(
        "text/plain; charset=utf-8",
        &ron::puzzle_file(&graph, &about, puzzle.givens()),
    ))
}

/// `export`: the puzzle as f-puzzles JSON (`json`), an f-puzzles link
/// (`fpuzzles`) and a SudokuPad link (`sudokupad`), with its title, author and
/// rules text; 422 naming every part f-puzzles cannot express.
pub(super) fn export(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    let title = body.title().unwrap_or(graph.name());
    let mut json = fpuzzles::fpuzzles(&graph, puzzle.givens(), title)
        .map_err(|e| Failure::new(422, format!("cannot export to f-puzzles: {e}")))?;
    if let Some(author) = body.author() {
        json["author"] = json!(author);
    }
    if let Some(text) = body.rules_text() {
        json["ruleset"] = json!(text);
    }
    let packed = lz_str::compress_to_base64(json.to_string().as_str());
    Ok(Reply::json(
        200,
        &json!({
            "fpuzzles": format!("{}{packed}", fpuzzles::LINK_PREFIX),
            "sudokupad": format!("{SUDOKUPAD_PREFIX}{packed}"),
            "json": json,
        }),
    ))
}

/// `png`: the download picture ([`picture`]) as a PNG, `scale` (default 2,
/// from 0.5 to 4) pixels per SVG pixel, within [`MAX_PNG_PIXELS`] and the
/// limits of a PNG's elements and text ([`cost::raster`]).
pub(super) fn png(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let scale = body.scale.unwrap_or(2.0);
    if !(0.5..=4.0).contains(&scale) {
        return Err(Failure::bad("\"scale\" must be from 0.5 to 4"));
    }
    let svg = picture(&graph, body, true, job)?;
    let (width, height) = svg_size(&svg);
    // A big board at a big scale: as large as the bound allows.
    let most = (MAX_PNG_PIXELS / (width * height).max(1.0)).sqrt() as f32;
    let scale = scale.min(most);
    let pixels = width * height * f64::from(scale) * f64::from(scale);
    job.need(cost::drawing(&graph, svg.len()) + cost::raster(&svg, scale, pixels)?)?;
    let bytes = raster::png(&svg, scale).map_err(|e| Failure::new(422, format!("no PNG: {e}")))?;
    fits(job, bytes.len())?;
    let title = body.title().unwrap_or(graph.name());
    let words = [
        ("Title", Some(title)),
        ("Author", body.author()),
        ("Description", body.rules_text()),
    ];
    let words: Vec<(&str, &str)> = (words.into_iter())
        .filter_map(|(keyword, text)| Some((keyword, text?)))
        .collect();
    Ok(Reply {
        status: 200,
        content_type: "image/png".to_string(),
        body: with_words(bytes, &words),
        reserved: None,
    })
}

/// `png` with a text chunk (`iTXt`, UTF-8) for each (keyword, text), after
/// its header: the title, author and rules text travel with the picture.
fn with_words(png: Vec<u8>, words: &[(&str, &str)]) -> Vec<u8> {
    // The signature (8 bytes) and the header chunk (length, type, 13 bytes, CRC).
    const HEADER_END: usize = 8 + 4 + 4 + 13 + 4;
    if png.len() < HEADER_END {
        return png;
    }
    let mut out = png[..HEADER_END].to_vec();
    for (keyword, text) in words {
        let mut chunk = b"iTXt".to_vec();
        chunk.extend_from_slice(keyword.as_bytes());
        // The keyword's end, no compression (flag, method), no language tag, no
        // translated keyword.
        chunk.extend_from_slice(&[0, 0, 0, 0, 0]);
        chunk.extend_from_slice(text.as_bytes());
        out.extend_from_slice(&((chunk.len() - 4) as u32).to_be_bytes());
        out.extend_from_slice(&chunk);
        out.extend_from_slice(&crc32(&chunk).to_be_bytes());
    }
    out.extend_from_slice(&png[HEADER_END..]);
    out
}

/// The CRC-32 of a PNG chunk (ISO 3309, as PNG's specification gives it).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = match crc & 1 {
                1 => (crc >> 1) ^ 0xEDB8_8320,
                _ => crc >> 1,
            };
        }
    }
    !crc
}

/// The `width` and `height` of an SVG document this server drew.
fn svg_size(svg: &str) -> (f64, f64) {
    let number = |name: &str| {
        let key = format!(" {name}=\"");
        let at = svg.find(&key)? + key.len();
        svg[at..].split('"').next()?.parse::<f64>().ok()
    };
    (
        number("width").unwrap_or(0.0),
        number("height").unwrap_or(0.0),
    )
}

/// `rule`: one rule written in RON (`text`), checked against the request's
/// variant, as the JSON the other requests take in `rules`.
pub(super) fn rule(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let Some(text) = body.text.as_deref() else {
        return Err(Failure::bad("write a rule in \"text\""));
    };
    let options = ::ron::Options::default()
        .with_default_extension(::ron::extensions::Extensions::IMPLICIT_SOME);
    let rule: RuleSpec = options.from_str(text).map_err(|e| {
        Failure::new(422, crate::ron_error::message(&e, text, "the rule"))
            .at(e.span.start.line, e.span.start.col)
    })?;
    let limits = job.limits();
    with_rules(shape_of(body, limits)?, std::slice::from_ref(&rule), limits)?;
    Ok(Reply::json(
        200,
        &json!({ "rule": rule, "ron": ron::rule(&rule) }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_get_the_crc_png_gives_them() {
        // Every PNG ends with this chunk and this CRC.
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        let png = raster::png(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#,
            1.0,
        )
        .unwrap();
        let marked = with_words(png.clone(), &[("Title", "Ünïcode title")]);
        assert_eq!(marked.len(), png.len() + 12 + 5 + 5 + "Ünïcode title".len());
        // Every chunk of the result, walked from the signature, has a right CRC.
        let mut at = 8;
        let mut kinds = Vec::new();
        while at < marked.len() {
            let length = u32::from_be_bytes(marked[at..at + 4].try_into().unwrap()) as usize;
            let chunk = &marked[at + 4..at + 8 + length];
            let crc = u32::from_be_bytes(
                marked[at + 8 + length..at + 12 + length]
                    .try_into()
                    .unwrap(),
            );
            assert_eq!(crc32(chunk), crc);
            kinds.push(String::from_utf8_lossy(&chunk[..4]).into_owned());
            at += 12 + length;
        }
        assert_eq!(kinds.first().map(String::as_str), Some("IHDR"));
        assert_eq!(kinds[1], "iTXt");
        assert_eq!(kinds.last().map(String::as_str), Some("IEND"));
    }
}
