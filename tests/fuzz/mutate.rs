//! Structure-aware mutations of real inputs: what a careless editor, a bad
//! download or a hostile file does to a puzzle or a variant.

/// A small seedable generator (SplitMix64): the same seed gives the same inputs.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One element of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Longest input a mutation makes (a few blow-ups reach it, to test the caps).
pub const MAX_INPUT: usize = 1 << 20;

/// Bytes that mean something to one of the readers.
const BYTES: &[u8] = b"\0\n\r\t .0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz#|-+*=()[]{}<>\"',:;/\\_!?@$%^&~`\x7f\x80\xbf\xc0\xff";

/// Tokens worth inserting: numbers that overflow, words of the RON formats,
/// and Unicode that looks like something else.
const TOKENS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999",
    "1e308",
    "1e309",
    "-1e309",
    "NaN",
    "inf",
    "-inf",
    "0.5",
    "1_000_000",
    "0x7fffffff",
    "0b1",
    "\r\n",
    "\r",
    "\n\n",
    "\t",
    "#",
    "//",
    "/*",
    "*/",
    "Grid 01\n",
    "Grid",
    "Grid 99999999999999999999\n",
    "|",
    "+---+",
    "------+-------+------",
    "Puzzle(",
    "Variant(",
    "Sudoku(",
    "Latin(",
    "extends:",
    "parts:",
    "name:",
    "variant:",
    "givens:",
    "Rows([",
    "Cells({",
    "symbols:",
    "cells:",
    "houses:",
    "edges:",
    "allowed:",
    "Range(",
    "List([",
    "Grid(rows: 100000, cols: 1000000)",
    "Grid(rows: 4294967296, cols: 4294967296)",
    "Polar(sectors: 4294967295, rings: 4294967295)",
    "box_size: 255",
    "box_size: 65536",
    "Rows",
    "Columns",
    "Boxes",
    "Diagonals",
    "Regions([",
    "Knight",
    "King",
    "Some(",
    "None",
    "true",
    "false",
    "()",
    "[]",
    "{}",
    "\"\"",
    "r#\"",
    "\"#",
    "\\u{0}",
    "\\u{110000}",
    "\\",
    "\"sudoku9\"",
    "\"pie\"",
    "\"samurai\"",
    "\"../variants/pie.ron\"",
    "\"fuzz.ron\"",
    "\"/\"",
    "\".\"",
    "\"..\"",
];

/// Characters that look like others, or like nothing (BOM, zero-width space).
const ODD: &[&str] = &[
    "\u{feff}", "\u{200b}", "\u{00a0}", "\u{3000}", "é", "e\u{301}", "\u{202e}", "𝟗", "٩", "９",
    "Ⅸ", "😀", "\u{fffd}",
];

/// Digits as a large number could replace them with.
const HUGE: &[&str] = &[
    "0",
    "-1",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e309",
    "65536",
    "256",
    "1000000",
    "100000",
];

/// Applies one to four mutations to `input`, some of them taking material
/// from `other` (another real input).
pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut bytes = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        once(rng, &mut bytes, other);
    }
    bytes.truncate(MAX_INPUT);
    bytes
}

/// A position in `bytes`, ends included.
fn at(rng: &mut Rng, bytes: &[u8]) -> usize {
    rng.below(bytes.len() + 1)
}

/// A range of `bytes`, mostly short.
fn range(rng: &mut Rng, bytes: &[u8]) -> (usize, usize) {
    let start = at(rng, bytes);
    let longest = if rng.one_in(8) { 4096 } else { 32 };
    let end = (start + rng.below(longest + 1)).min(bytes.len());
    (start, end)
}

/// The `(start, end)` of every line of `bytes`, newline excluded.
fn lines(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            out.push((start, i));
            start = i + 1;
        }
    }
    out.push((start, bytes.len()));
    out
}

fn once(rng: &mut Rng, bytes: &mut Vec<u8>, other: &[u8]) {
    match rng.below(17) {
        0 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            bytes[i] ^= 1 << rng.below(8);
        }
        1 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            bytes[i] = *rng.pick(BYTES);
        }
        2 | 3 => {
            let token = if rng.one_in(4) {
                rng.pick(ODD)
            } else {
                rng.pick(TOKENS)
            }
            .as_bytes();
            let i = at(rng, bytes);
            bytes.splice(i..i, token.iter().copied());
        }
        4 => {
            let (a, b) = range(rng, bytes);
            bytes.drain(a..b);
        }
        5 => {
            let (a, b) = range(rng, bytes);
            let copy = bytes[a..b].to_vec();
            let i = at(rng, bytes);
            bytes.splice(i..i, copy);
        }
        6 => {
            let i = at(rng, bytes);
            bytes.truncate(i);
        }
        7 => {
            // Splice: this input's head, another's tail.
            let i = at(rng, bytes);
            let j = rng.below(other.len() + 1);
            bytes.truncate(i);
            bytes.extend_from_slice(&other[j..]);
        }
        8 => {
            let crlf = bytes.iter().fold(Vec::new(), |mut out, &b| {
                if b == b'\n' {
                    out.push(b'\r');
                }
                out.push(b);
                out
            });
            *bytes = crlf;
        }
        9 => {
            bytes.splice(0..0, *b"\xEF\xBB\xBF");
        }
        10 => {
            // A run of digits becomes a huge (or negative, or fractional) number.
            let starts: Vec<usize> = (0..bytes.len())
                .filter(|&i| {
                    bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit())
                })
                .collect();
            if !starts.is_empty() {
                let a = *rng.pick(&starts);
                let b = (a..bytes.len())
                    .find(|&i| !bytes[i].is_ascii_digit())
                    .unwrap_or(bytes.len());
                bytes.splice(a..b, rng.pick(HUGE).bytes());
            }
        }
        11 => {
            // Lines: swap, duplicate or drop one.
            let all = lines(bytes);
            let (a0, a1) = *rng.pick(&all);
            let (b0, b1) = *rng.pick(&all);
            let line_a = bytes[a0..a1].to_vec();
            match rng.below(3) {
                0 if a1 <= b0 => {
                    let line_b = bytes[b0..b1].to_vec();
                    bytes.splice(b0..b1, line_a);
                    bytes.splice(a0..a1, line_b);
                }
                1 => {
                    let mut copy = line_a;
                    copy.push(b'\n');
                    bytes.splice(b0..b0, copy);
                }
                _ => {
                    let end = (a1 + 1).min(bytes.len());
                    bytes.drain(a0..end);
                }
            }
        }
        12 if rng.one_in(64) => {
            // A blow-up: one range repeated up to the size cap.
            let (a, b) = range(rng, bytes);
            let piece = if a < b {
                bytes[a..b].to_vec()
            } else {
                b"9".to_vec()
            };
            let mut grown = bytes[..a].to_vec();
            while grown.len() < MAX_INPUT {
                grown.extend_from_slice(&piece);
            }
            grown.extend_from_slice(&bytes[a..]);
            *bytes = grown;
        }
        13 => {
            // Another input's line put in this one.
            let all = lines(other);
            let (a, b) = *rng.pick(&all);
            let mut line = other[a..b].to_vec();
            line.push(b'\n');
            let starts = lines(bytes);
            let i = rng.pick(&starts).0;
            bytes.splice(i..i, line);
        }
        14 if !bytes.is_empty() => {
            // One character replaced by a look-alike or an invisible one.
            let i = rng.below(bytes.len());
            let token = rng.pick(ODD).as_bytes();
            bytes.splice(i..i + 1, token.iter().copied());
        }
        15 => {
            let i = at(rng, bytes);
            let b = *rng.pick(BYTES);
            let most = if rng.one_in(4) { 300 } else { 8 };
            let n = 1 + rng.below(most);
            bytes.splice(i..i, std::iter::repeat_n(b, n));
        }
        _ => {
            // Whitespace changes: the commonest edit of all.
            if let Some(i) = (0..8).map(|_| at(rng, bytes)).find(|&i| i < bytes.len()) {
                const SPACES: [&[u8]; 5] = [b" ", b"\t", b"  ", b"\n", b""];
                let ws = *rng.pick(&SPACES);
                if bytes[i].is_ascii_whitespace() {
                    bytes.splice(i..i + 1, ws.iter().copied());
                } else {
                    bytes.splice(i..i, ws.iter().copied());
                }
            }
        }
    }
}
