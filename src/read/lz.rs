//! The payload of a shared puzzle link decoded: percent escapes, lz-string base64, with a bound.
//!
//! f-puzzles and SudokuPad both put a puzzle in a link as lz-string's
//! `compressToBase64` of its JSON (SudokuPad's `loadFPuzzle.compressPuzzle`, the
//! same algorithm with `\` instead of `=` as the padding character). This is the
//! inverse, written here rather than taken from the `lz-str` crate because that
//! crate has no bound on its output: lz-string is LZW, where each code can stand
//! for one character more than the longest before it, so `n` codes expand to
//! about `n²/2` characters and a 1 MiB string can ask for tens of gigabytes. Here
//! the output stops at [`MAX_TEXT`] characters and the dictionary is kept as
//! ranges of the output (8 bytes per code, not a copy of each entry).

use std::fmt;

/// Most characters a payload may decompress to: far above any real puzzle
/// (f-puzzles' largest saves are a few hundred kB of JSON).
pub(crate) const MAX_TEXT: usize = 4 << 20;

/// Why a payload does not decode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Undecodable {
    /// A character outside lz-string's base64 alphabet.
    Character(char),
    /// The bits do not make an lz-string stream (or it is cut short).
    Stream,
    /// The text would be longer than [`MAX_TEXT`].
    TooLong,
    /// The text is not UTF-16.
    Text,
}

impl fmt::Display for Undecodable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undecodable::Character(c) => write!(
                f,
                "{c:?} is not a character of lz-string's base64 (A-Z, a-z, 0-9, +, /)"
            ),
            Undecodable::Stream => write!(f, "the lz-string base64 does not decode"),
            Undecodable::TooLong => write!(
                f,
                "it decompresses to more than {} MiB of text, far more than any puzzle",
                MAX_TEXT >> 20
            ),
            Undecodable::Text => write!(f, "it decompresses to something that is not text"),
        }
    }
}

/// `%2B`, `%2F`, `%3D`… as the bytes they stand for, as JavaScript's
/// `decodeURIComponent` does (an escape that is not two hex digits is kept as it
/// is, and so is a result that is not UTF-8). A space, which a query string's
/// `+` becomes when a link passes through a form, is read back as `+`.
pub(crate) fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied(),
            bytes.get(i + 2).copied(),
        ) {
            (b'%', Some(h), Some(l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b' ', _, _) => {
                out.push(b'+');
                i += 1;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.replace(' ', "+"))
}

/// The text of an lz-string base64 payload; when it does not decode and holds
/// single slashes, also the payload with one or two of them doubled, as
/// SudokuPad's `fixFPuzzleSlashes` does for links whose `//` a chat program or
/// proxy collapsed to `/` (at most 400 tries). Decoded text must start with `{`.
pub(crate) fn decompress_payload(payload: &str) -> Result<String, Undecodable> {
    let first = match decompress_json(payload) {
        Ok(text) => return Ok(text),
        Err(e @ (Undecodable::Character(_) | Undecodable::TooLong)) => return Err(e),
        Err(e) => e,
    };
    let mut tries = 0;
    for depth in 1..=2 {
        if let Some(text) = doubled_slashes(payload, depth, &mut tries) {
            return Ok(text);
        }
    }
    Err(first)
}

/// [`decompress_base64`], required to give a JSON object's text.
fn decompress_json(payload: &str) -> Result<String, Undecodable> {
    let text = decompress_base64(payload)?;
    match text.trim_start().starts_with('{') {
        true => Ok(text),
        false => Err(Undecodable::Stream),
    }
}

/// Tries `payload` with `depth` more of its single slashes doubled (a slash not
/// next to another), counting each decoding in `tries` (stops at 400).
fn doubled_slashes(payload: &str, depth: usize, tries: &mut usize) -> Option<String> {
    let bytes = payload.as_bytes();
    let singles = (0..bytes.len()).filter(|&i| {
        bytes[i] == b'/'
            && (i == 0 || bytes[i - 1] != b'/')
            && bytes.get(i + 1).is_none_or(|&b| b != b'/')
    });
    for at in singles.collect::<Vec<_>>() {
        if *tries >= 400 {
            return None;
        }
        let candidate = format!("{}/{}", &payload[..at], &payload[at..]);
        let found = match depth {
            1 => {
                *tries += 1;
                decompress_json(&candidate).ok()
            }
            _ => doubled_slashes(&candidate, depth - 1, tries),
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// lz-string's `decompressFromBase64`, stopping at [`MAX_TEXT`] characters.
/// Trailing `=` or `\` padding is dropped; any other character outside the
/// alphabet is an error (lz-string would read it as zero bits).
pub(crate) fn decompress_base64(payload: &str) -> Result<String, Undecodable> {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    decompress_in(payload.trim_end_matches(['=', '\\']), ALPHABET)
}

/// lz-string's `decompressFromEncodedURIComponent` (base64's alphabet with
/// `-` for `/`, no padding), stopping at [`MAX_TEXT`]
/// characters: what the page's share links hold.
pub(crate) fn decompress_uri(payload: &str) -> Result<String, Undecodable> {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
    // A `+` that went through a form comes back as a space.
    decompress_in(&payload.replace(' ', "+"), ALPHABET)
}

/// The text of `payload`, 6 bits a character of `alphabet`.
fn decompress_in(payload: &str, alphabet: &[u8; 64]) -> Result<String, Undecodable> {
    let values = payload
        .chars()
        .map(|c| {
            u8::try_from(c)
                .ok()
                .and_then(|b| alphabet.iter().position(|&k| k == b))
                .map(|n| n as u32)
                .ok_or(Undecodable::Character(c))
        })
        .collect::<Result<Vec<u32>, _>>()?;
    let wide = decompress(&values)?;
    String::from_utf16(&wide).map_err(|_| Undecodable::Text)
}

/// Reads the bits of 6-bit values, lowest value first, highest bit first,
/// as lz-string's `_decompress` with `resetValue` 32: past the end the bits are
/// zero, and [`Bits::exhausted`] says when every value has been used up.
struct Bits<'a> {
    values: &'a [u32],
    value: u32,
    position: u32,
    /// How many values have been fetched (lz-string's `data.index`).
    index: usize,
}

impl Bits<'_> {
    fn read(&mut self, n: u32) -> u32 {
        let mut bits = 0;
        for power in 0..n {
            let bit = self.value & self.position != 0;
            self.position >>= 1;
            if self.position == 0 {
                self.position = 32;
                self.value = self.values.get(self.index).copied().unwrap_or(0);
                self.index += 1;
            }
            bits |= u32::from(bit) << power;
        }
        bits
    }

    fn exhausted(&self) -> bool {
        self.index > self.values.len()
    }
}

/// lz-string's `_decompress` over 6-bit values. Every dictionary entry is a
/// slice of the output so far (an entry is always the previous one plus the
/// character written right after it), so the dictionary holds ranges.
fn decompress(values: &[u32]) -> Result<Vec<u16>, Undecodable> {
    let Some(&first) = values.first() else {
        return Err(Undecodable::Stream);
    };
    let mut bits = Bits {
        values,
        value: first,
        position: 32,
        index: 1,
    };
    let mut out: Vec<u16> = Vec::new();
    // Codes 0, 1 and 2 are "an 8-bit character", "a 16-bit character" and "the
    // end"; their slots hold nothing.
    let mut dictionary: Vec<(usize, usize)> = vec![(0, 0); 3];
    let literal = |bits: &mut Bits, code: u32| -> Option<u16> {
        match code {
            0 => Some(bits.read(8) as u16),
            1 => Some(bits.read(16) as u16),
            _ => None,
        }
    };
    let kind = bits.read(2);
    let Some(c) = literal(&mut bits, kind) else {
        return Err(Undecodable::Stream);
    };
    out.push(c);
    dictionary.push((0, 1));
    // The previous entry, as a range of `out`.
    let mut w = (0, 1);
    let mut num_bits = 3;
    let mut enlarge_in: u64 = 4;
    loop {
        if bits.exhausted() {
            return Err(Undecodable::Stream);
        }
        let code = bits.read(num_bits) as usize;
        let start = out.len();
        let entry = match code {
            0 | 1 => {
                let c = literal(&mut bits, code as u32).unwrap_or(0);
                if start + 1 > MAX_TEXT {
                    return Err(Undecodable::TooLong);
                }
                out.push(c);
                dictionary.push((start, 1));
                enlarge_in -= 1;
                if enlarge_in == 0 {
                    enlarge_in = 1 << num_bits;
                    num_bits += 1;
                }
                (start, 1)
            }
            2 => return Ok(out),
            _ => match dictionary.get(code) {
                Some(&(from, len)) => {
                    if start + len > MAX_TEXT {
                        return Err(Undecodable::TooLong);
                    }
                    out.extend_from_within(from..from + len);
                    (start, len)
                }
                // The entry being defined: the previous one plus its own first character.
                None if code == dictionary.len() => {
                    if start + w.1 + 1 > MAX_TEXT {
                        return Err(Undecodable::TooLong);
                    }
                    out.extend_from_within(w.0..w.0 + w.1);
                    out.push(out[w.0]);
                    (start, w.1 + 1)
                }
                None => return Err(Undecodable::Stream),
            },
        };
        // The previous entry plus this one's first character, which follows
        // it in the output.
        dictionary.push((w.0, w.1 + 1));
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // The reference is the `lz-str` crate's compressor; any text, including
        // characters beyond 8 and 16 bits, must come back as it went in.
        #[test]
        fn decompresses_what_lz_string_compresses(text in "\\PC{0,300}", json in "[{}\\[\\]\",:a-d0-9 ]{0,400}") {
            for text in [text, format!("{{{json}")] {
                let packed = lz_str::compress_to_base64(text.as_str());
                match decompress_base64(&packed) {
                    Ok(back) => prop_assert_eq!(back, text.clone()),
                    Err(e) => prop_assert!(text.is_empty(), "{e}"),
                }
                let packed = lz_str::compress_to_encoded_uri_component(text.as_str());
                match decompress_uri(&packed) {
                    Ok(back) => prop_assert_eq!(back, text),
                    Err(e) => prop_assert!(text.is_empty(), "{e}"),
                }
            }
        }
    }

    #[test]
    fn a_decompression_bomb_stops_at_the_bound() {
        // One character repeated: each code stands for one more than the last,
        // so a few kB of base64 ask for more than MAX_TEXT characters.
        let bomb = lz_str::compress_to_base64("a".repeat(MAX_TEXT + 1).as_str());
        assert!(bomb.len() < 20_000, "{}", bomb.len());
        assert_eq!(decompress_base64(&bomb), Err(Undecodable::TooLong));
        let fits = lz_str::compress_to_base64("a".repeat(1000).as_str());
        assert_eq!(decompress_base64(&fits).map(|t| t.len()), Ok(1000));
    }

    #[test]
    fn padding_escapes_and_collapsed_slashes() {
        let json = r#"{"size":4,"grid":[[{},{}],[{},{}]],"title":"x/y??>>"}"#;
        let packed = lz_str::compress_to_base64(json);
        // SudokuPad pads with `\`, some tools strip the padding.
        let bare = packed.trim_end_matches('=');
        assert_eq!(decompress_base64(bare).unwrap(), json);
        assert_eq!(decompress_base64(&format!("{bare}\\\\")).unwrap(), json);
        let escaped = packed
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        assert_eq!(percent_decode(&escaped), packed);
        assert_eq!(percent_decode("a b%zz%4"), "a+b%zz%4");
        assert_eq!(decompress_base64("N4Ig!"), Err(Undecodable::Character('!')));
        // A `//` collapsed to `/` is found again.
        let mut slashed = None;
        // A 16-bit literal is sixteen 1 bits: at some offset they fill two
        // base64 characters, `//`.
        for n in 0..60 {
            let text = format!("{{\"size\":9,\"t\":\"{}\u{ffff}\"}}", "a".repeat(n));
            let packed = lz_str::compress_to_base64(text.as_str());
            if packed.contains("//") {
                slashed = Some((text, packed));
                break;
            }
        }
        let (text, packed) = slashed.expect("a payload with a double slash");
        let collapsed = packed.replacen("//", "/", 1);
        assert_ne!(decompress_json(&collapsed).ok(), Some(text.clone()));
        assert_eq!(decompress_payload(&collapsed).unwrap(), text);
    }
}
