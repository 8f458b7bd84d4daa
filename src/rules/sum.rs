//! Load-time checks of sums: whether a total can be reached at all.

/// Whether `n` distinct values of `values` can sum to `total`: a cage with a
/// total out of reach, or more cells than values, is an error.
///
/// # Errors
/// A message saying what the cells can sum to.
///
/// # Example
/// ```
/// use graphdoku::rules::sum::check_distinct_total;
/// let digits: Vec<i64> = (1..=9).collect();
/// assert!(check_distinct_total(&digits, 3, 24).is_ok()); // 7 + 8 + 9
/// assert!(check_distinct_total(&digits, 3, 25).is_err());
/// assert!(check_distinct_total(&digits, 2, 3).is_ok());
/// ```
pub fn check_distinct_total(values: &[i64], n: usize, total: i64) -> Result<(), String> {
    let mut distinct = values.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if n > distinct.len() {
        return Err(format!(
            "{n} cells that must differ, but {} values",
            distinct.len()
        ));
    }
    // reach[k] holds the sums of k distinct values, as a sorted set.
    let mut reach: Vec<std::collections::BTreeSet<i64>> = vec![Default::default(); n + 1];
    reach[0].insert(0);
    for &v in &distinct {
        for k in (1..=n).rev() {
            let more: Vec<i64> = reach[k - 1].iter().map(|s| s + v).collect();
            reach[k].extend(more);
        }
    }
    if reach[n].contains(&total) {
        return Ok(());
    }
    let (lo, hi) = (reach[n].first(), reach[n].last());
    Err(format!(
        "no {n} distinct values sum to {total} (they sum to {} at least and {} at most)",
        lo.copied().unwrap_or(0),
        hi.copied().unwrap_or(0)
    ))
}

/// Whether Σ wᵢ·vᵢ = `total` for some values vᵢ of `values` (repeats allowed).
///
/// # Errors
/// A message giving the range the sum can take.
///
/// # Example
/// ```
/// use graphdoku::rules::sum::check_reachable;
/// let digits: Vec<i64> = (1..=9).collect();
/// assert!(check_reachable(&digits, &[1, 1], 18).is_ok());
/// assert!(check_reachable(&digits, &[1, 1], 19).is_err());
/// // A pill of two cells against an arrow of two: 12 = 3 + 9, say.
/// assert!(check_reachable(&digits, &[10, 1, -1, -1], 0).is_ok());
/// assert!(check_reachable(&digits, &[10, 1, -1], 0).is_err());
/// ```
pub fn check_reachable(values: &[i64], weights: &[i64], total: i64) -> Result<(), String> {
    let mut reach = std::collections::BTreeSet::from([0i64]);
    let mut lo = 0i64;
    let mut hi = 0i64;
    let mut exact = true;
    for &w in weights {
        let (a, b) = values
            .iter()
            .map(|v| w * v)
            .fold((i64::MAX, i64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        lo += a;
        hi += b;
        // The exact set while it stays small; bounds alone past that.
        exact &= reach.len() <= 4096;
        if exact {
            reach = reach
                .iter()
                .flat_map(|s| values.iter().map(move |v| s + w * v))
                .collect();
        }
    }
    if (lo..=hi).contains(&total) && (!exact || reach.contains(&total)) {
        return Ok(());
    }
    Err(format!(
        "no values reach a total of {total} (the sum lies between {lo} and {hi})"
    ))
}
