//! A line under an automaton (regular-expression lines): each cell keeps the
//! colours some accepted word gives it, over the words the cells' candidates
//! spell (the Interactive Sudoku Solver's NFA handler).
//!
//! The states an automaton may be in before each cell are found from the
//! start forward, then, from the accepting states back, only the states and
//! the colours that lead on to one are kept: exact supports for the line
//! alone, in O(cells × moves).

use std::sync::Arc;

use super::Propagator;
use crate::rules::primitive::Automaton;
use crate::solver::search::Contradiction;

/// One line.
#[derive(Debug)]
pub(crate) struct Line {
    cells: Vec<u32>,
    automaton: Arc<Automaton>,
    /// 64-bit words per set of states.
    words: usize,
}

impl Line {
    pub(crate) fn new(cells: &[usize], automaton: Arc<Automaton>) -> Self {
        Line {
            cells: cells.iter().map(|&c| c as u32).collect(),
            words: automaton.states().div_ceil(64),
            automaton,
        }
    }
}

/// The states of a set, lowest first.
fn states(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros();
                word &= word - 1;
                w as u32 * 64 + bit
            })
        })
    })
}

impl Propagator for Line {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let (n, w, a) = (domains.len(), self.words, &self.automaton);
        // at[i * w..]: the states the automaton may be in before cell i.
        let mut at = vec![0u64; (n + 1) * w];
        for &s in a.start() {
            at[s as usize / 64] |= 1 << (s % 64);
        }
        for (i, &d) in domains.iter().enumerate() {
            let (now, next) = at[i * w..(i + 2) * w].split_at_mut(w);
            for s in states(now) {
                for &(t, colours) in a.moves(s) {
                    if d & colours != 0 {
                        next[t as usize / 64] |= 1 << (t % 64);
                    }
                }
            }
            if next.iter().all(|&x| x == 0) {
                return Err(Contradiction);
            }
        }
        // Back from the accepting states: keep what leads to one.
        let last = &mut at[n * w..];
        for s in 0..a.states() as u32 {
            if !a.accepts(s) {
                last[s as usize / 64] &= !(1 << (s % 64));
            }
        }
        if last.iter().all(|&x| x == 0) {
            return Err(Contradiction);
        }
        for i in (0..n).rev() {
            let (now, next) = at[i * w..(i + 2) * w].split_at_mut(w);
            let mut supported = 0u128;
            let mut kept = vec![0u64; w];
            for s in states(now) {
                for &(t, colours) in a.moves(s) {
                    let on = domains[i] & colours;
                    if on != 0 && next[t as usize / 64] >> (t % 64) & 1 == 1 {
                        supported |= on;
                        kept[s as usize / 64] |= 1 << (s % 64);
                    }
                }
            }
            if supported == 0 {
                return Err(Contradiction);
            }
            domains[i] = supported;
            now.copy_from_slice(&kept);
        }
        Ok(())
    }

    fn symmetric(&self) -> bool {
        false
    }

    /// Its supports are exact: a second pass finds the same.
    fn idempotent(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::colours_of;
    use super::*;

    /// On random candidates, the line keeps exactly the colours some
    /// accepted word over them gives each cell.
    #[test]
    fn a_line_keeps_exactly_what_accepted_words_use() {
        let values: Vec<i64> = (1..=9).collect();
        let mut state = 0xfeed_beef_u64;
        let mut next = |m: u64| {
            state = crate::solver::search::mix(state);
            state % m
        };
        let mut narrowed = 0;
        for pattern in ["[1-3]*9", "(12|21)+.", "1?[2468]{2,3}[13579]", ".*5.*5.*"] {
            let automaton = Arc::new(Automaton::from_regex(pattern, &values).unwrap());
            for _ in 0..300 {
                let n = 2 + next(4) as usize;
                let line = Line::new(&(0..n).collect::<Vec<_>>(), automaton.clone());
                let domains: Vec<u128> = (0..n).map(|_| next(511) as u128 + 1).collect();
                let mut supported = vec![0u128; n];
                let mut word = vec![0u8; n];
                let mut walk = |word: &mut Vec<u8>| {
                    if automaton.matches(word) {
                        for (s, &c) in supported.iter_mut().zip(word.iter()) {
                            *s |= 1 << c;
                        }
                    }
                };
                fn each(i: usize, d: &[u128], w: &mut Vec<u8>, f: &mut dyn FnMut(&mut Vec<u8>)) {
                    if i == d.len() {
                        return f(w);
                    }
                    for c in colours_of(d[i]) {
                        w[i] = c as u8;
                        each(i + 1, d, w, f);
                    }
                }
                each(0, &domains, &mut word, &mut walk);
                let mut d = domains.clone();
                match line.propagate(&mut d) {
                    Ok(()) => assert_eq!(d, supported, "{pattern} on {domains:?}"),
                    Err(_) => assert!(supported.contains(&0), "{pattern} on {domains:?}"),
                }
                narrowed += (d != domains) as usize;
            }
        }
        assert!(narrowed > 100, "{narrowed}");
    }
}
