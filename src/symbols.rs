//! The alphabet of a variant: which symbols (colours) exist and how they are written.

use std::collections::HashMap;

/// Largest number of symbols a variant may have: a colour is stored in a byte.
pub const MAX_SYMBOLS: usize = 255;

/// Largest alphabet in which `0` is read as a blank (when it is not a symbol).
pub const ZERO_BLANK_MAX: usize = 9;

/// The symbols of a variant, in colour order: colour `i` is written `symbols[i]`.
///
/// When every symbol is a single character, puzzles may be written one character
/// per cell; otherwise cells are whitespace-separated tokens.
///
/// Blanks: `.` always means an empty cell. `0` means empty only in alphabets of
/// at most [`ZERO_BLANK_MAX`] symbols that lack it (the `0` of a 9×9 puzzle line);
/// in larger alphabets `0` is a symbol if listed (as in `0123456789ABCDEF`) and
/// an unknown symbol otherwise, so a puzzle written in another alphabet is an
/// error rather than silently read with its `0`s as blanks.
///
/// ```
/// use graphdoku::{Alphabet, Token};
/// let digits = Alphabet::new(["1", "2", "3", "4"].map(String::from).to_vec()).unwrap();
/// assert_eq!(digits.token("3"), Token::Symbol(2));
/// assert_eq!(digits.token("0"), Token::Empty);
/// assert_eq!(digits.token("7"), Token::Unknown);
/// let twelve = Alphabet::new("123456789ABC".chars().map(String::from).collect()).unwrap();
/// assert_eq!(twelve.token("0"), Token::Unknown);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<String>,
    index: HashMap<String, u8>,
    single_chars: bool,
}

/// What one written token means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// A blank cell.
    Empty,
    /// The colour with this index.
    Symbol(u8),
    /// Neither a blank nor a symbol of the alphabet.
    Unknown,
}

impl Alphabet {
    /// An alphabet of these symbols.
    ///
    /// # Errors
    /// A message when the list is empty, longer than [`MAX_SYMBOLS`], has a
    /// duplicate, or contains a symbol that is empty, has whitespace, or is `.`.
    pub fn new(symbols: Vec<String>) -> Result<Self, String> {
        if symbols.is_empty() {
            return Err("a variant needs at least one symbol".into());
        }
        if symbols.len() > MAX_SYMBOLS {
            return Err(format!(
                "{} symbols: at most {MAX_SYMBOLS} are supported",
                symbols.len()
            ));
        }
        let mut index = HashMap::new();
        for (i, s) in symbols.iter().enumerate() {
            if s.is_empty() || s == "." || s.chars().any(char::is_whitespace) {
                return Err(format!(
                    "symbol {s:?} is not allowed (symbols are non-empty, without whitespace, and not '.')"
                ));
            }
            if index.insert(s.clone(), i as u8).is_some() {
                return Err(format!("symbol {s:?} is listed twice"));
            }
        }
        let single_chars = symbols.iter().all(|s| s.chars().count() == 1);
        Ok(Alphabet {
            symbols,
            index,
            single_chars,
        })
    }

    /// Number of symbols (colours).
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Always false: an alphabet has at least one symbol.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// True when every symbol is one character, so cells can be written unseparated.
    pub fn single_chars(&self) -> bool {
        self.single_chars
    }

    /// The written form of colour `colour`.
    ///
    /// # Panics
    /// When `colour` is not below [`Alphabet::len`].
    pub fn symbol(&self, colour: u8) -> &str {
        &self.symbols[colour as usize]
    }

    /// All symbols in colour order.
    pub fn symbols(&self) -> &[String] {
        &self.symbols
    }

    /// Width in characters of the widest symbol (for aligned output).
    pub fn width(&self) -> usize {
        self.symbols
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1)
    }

    /// What `text` means as a cell: a symbol, a blank, or neither.
    pub fn token(&self, text: &str) -> Token {
        if let Some(&i) = self.index.get(text) {
            Token::Symbol(i)
        } else if text == "." || (text == "0" && self.zero_is_blank()) {
            Token::Empty
        } else {
            Token::Unknown
        }
    }

    /// True when `0` is written for an empty cell: not a symbol, and at most
    /// [`ZERO_BLANK_MAX`] symbols.
    pub fn zero_is_blank(&self) -> bool {
        self.symbols.len() <= ZERO_BLANK_MAX && !self.index.contains_key("0")
    }

    /// A short description of what a cell may hold, for error messages.
    pub fn expected(&self) -> String {
        let list = if self.single_chars {
            self.symbols.concat()
        } else if self.symbols.len() > 6 {
            format!(
                "{} … {}",
                self.symbols[..3].join(" "),
                self.symbols[self.symbols.len() - 1]
            )
        } else {
            self.symbols.join(" ")
        };
        let zero = if self.zero_is_blank() {
            " or '0'"
        } else if self.index.contains_key("0") {
            ""
        } else {
            // Say why a `0` that would be a blank in a 9×9 puzzle is refused here.
            " ('0' is a blank only with at most nine symbols)"
        };
        format!("a symbol ({list}) or '.'{zero} for an empty cell")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alphabet(s: &str) -> Alphabet {
        Alphabet::new(s.chars().map(String::from).collect()).unwrap()
    }

    #[test]
    fn zero_is_blank_unless_it_is_a_symbol() {
        assert_eq!(alphabet("123456789").token("0"), Token::Empty);
        assert_eq!(alphabet("0123456789ABCDEF").token("0"), Token::Symbol(0));
        assert_eq!(alphabet("0123456789ABCDEF").token("."), Token::Empty);
    }

    #[test]
    fn zero_is_not_a_blank_in_larger_alphabets() {
        // Issue 10: a `0`-for-blank puzzle in a 0-F alphabet read by a 1-G
        // variant had its `0`s silently taken as blanks.
        let hex_from_one = alphabet("123456789ABCDEFG");
        assert_eq!(hex_from_one.token("0"), Token::Unknown);
        assert_eq!(
            hex_from_one.expected(),
            "a symbol (123456789ABCDEFG) or '.' ('0' is a blank only with at most nine symbols) for an empty cell"
        );
        assert_eq!(alphabet("123456789A").token("0"), Token::Unknown);
        assert_eq!(alphabet("123456789").token("0"), Token::Empty);
        assert_eq!(
            alphabet("123456789").expected(),
            "a symbol (123456789) or '.' or '0' for an empty cell"
        );
        let pie = Alphabet::new((1..=12).map(|i| i.to_string()).collect()).unwrap();
        assert_eq!(pie.token("0"), Token::Unknown);
    }

    #[test]
    fn multi_character_symbols() {
        let a = Alphabet::new((1..=12).map(|i| i.to_string()).collect()).unwrap();
        assert!(!a.single_chars());
        assert_eq!(a.width(), 2);
        assert_eq!(a.token("12"), Token::Symbol(11));
        assert_eq!(a.token("13"), Token::Unknown);
        assert_eq!(a.symbol(9), "10");
    }

    #[test]
    fn rejects_bad_alphabets() {
        assert!(Alphabet::new(vec![]).is_err());
        assert!(Alphabet::new(vec!["1".into(), "1".into()]).is_err());
        assert!(Alphabet::new(vec![".".into()]).is_err());
        assert!(Alphabet::new(vec!["a b".into()]).is_err());
        assert!(Alphabet::new((0..256).map(|i| i.to_string()).collect()).is_err());
        assert!(Alphabet::new((0..255).map(|i| i.to_string()).collect()).is_ok());
    }
}
