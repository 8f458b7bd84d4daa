//! The alphabet of a variant: which symbols (colours) exist and how they are written.

use std::collections::HashMap;

/// Largest number of symbols a variant may have (the solver's widest bitset).
pub const MAX_SYMBOLS: usize = 128;

/// The symbols of a variant, in colour order: colour `i` is written `symbols[i]`.
///
/// When every symbol is a single character, puzzles may be written one character
/// per cell; otherwise cells are whitespace-separated tokens.
///
/// Blanks: `.` always means an empty cell; `0` means empty unless `0` is itself
/// a symbol (as in a `0123456789ABCDEF` alphabet).
///
/// ```
/// use graphdoku::{Alphabet, Token};
/// let digits = Alphabet::new(["1", "2", "3", "4"].map(String::from).to_vec()).unwrap();
/// assert_eq!(digits.token("3"), Token::Symbol(2));
/// assert_eq!(digits.token("0"), Token::Empty);
/// assert_eq!(digits.token("7"), Token::Unknown);
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
        } else if text == "." || text == "0" {
            Token::Empty
        } else {
            Token::Unknown
        }
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
        let zero = if self.index.contains_key("0") {
            ""
        } else {
            " or '0'"
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
        assert!(Alphabet::new((0..200).map(|i| i.to_string()).collect()).is_err());
    }
}
