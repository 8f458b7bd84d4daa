//! Values looked up by the names the command line and messages use.

/// The value among `all` whose `name` is `text`; else a message that lists the names.
pub(crate) fn parse<T: Copy>(
    all: &[T],
    name: impl Fn(T) -> &'static str,
    text: &str,
    what: &str,
) -> Result<T, String> {
    all.iter()
        .copied()
        .find(|&v| name(v) == text)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|&v| name(v)).collect();
            format!(
                "unknown {what} {text:?} (expected one of {})",
                names.join(", ")
            )
        })
}

/// `n` and the noun, singular for one: "1 cell", "2 cells".
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
