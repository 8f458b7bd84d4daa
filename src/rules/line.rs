//! Load-time checks of lines of consecutive values (renban).

/// Whether `values` hold `n` consecutive integers: a renban line of `n` cells
/// needs them.
///
/// # Example
/// ```
/// use graphdoku::rules::line::has_run;
/// assert!(has_run(&[1, 2, 3, 5], 3));
/// assert!(!has_run(&[1, 2, 4, 5], 3));
/// ```
pub fn has_run(values: &[i64], n: usize) -> bool {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut run = 0;
    for (i, &v) in sorted.iter().enumerate() {
        run = if i > 0 && sorted[i - 1] + 1 == v {
            run + 1
        } else {
            1
        };
        if run >= n {
            return true;
        }
    }
    false
}
