//! Skyscraper: the clue counts the cells seen from it, a cell being seen when
//! it is taller than every cell before it. A pass forward records which
//! (tallest so far, seen so far) states each prefix can reach, a pass backward
//! which states can still end on the clue's count; a value stays in a cell
//! when it leads from a reachable state to one that can finish. This is exact
//! for the clue alone.

use std::sync::Arc;

use super::{Propagator, colours_of, narrow};
use crate::solver::search::Contradiction;

/// A skyscraper clue on a row or column.
#[derive(Debug)]
pub(crate) struct Skyscraper {
    cells: Vec<u32>,
    count: usize,
    /// Each colour's height: the rank of its value among the distinct values,
    /// from 1.
    height: Vec<usize>,
    /// The number of distinct heights.
    heights: usize,
}

impl Skyscraper {
    pub(crate) fn new(cells: &[usize], count: usize, values: Arc<[i64]>) -> Self {
        let mut distinct = values.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let height = (values.iter())
            .map(|v| distinct.binary_search(v).expect("a value of the list") + 1)
            .collect();
        Skyscraper {
            cells: cells.iter().map(|&c| c as u32).collect(),
            count,
            height,
            heights: distinct.len(),
        }
    }

    /// The state's index: tallest so far (0: none yet) and seen so far.
    fn at(&self, tallest: usize, seen: usize) -> usize {
        tallest * (self.count + 1) + seen
    }

    /// The state after a cell of colour `c`, if it does not see too many.
    fn step(&self, tallest: usize, seen: usize, c: usize) -> Option<(usize, usize)> {
        let h = self.height[c];
        match h > tallest {
            true => (seen < self.count).then_some((h, seen + 1)),
            false => Some((tallest, seen)),
        }
    }
}

impl Propagator for Skyscraper {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let n = domains.len();
        let states = (self.heights + 1) * (self.count + 1);
        let all = |f: &dyn Fn(usize, usize) -> bool| -> Vec<bool> {
            let mut v = vec![false; states];
            for t in 0..=self.heights {
                for s in 0..=self.count {
                    v[self.at(t, s)] = f(t, s);
                }
            }
            v
        };
        // forward[i]: the states reachable before cell i.
        let mut forward = vec![all(&|t, s| t == 0 && s == 0)];
        for &d in domains.iter() {
            let before = forward.last().expect("starts with one");
            let mut next = vec![false; states];
            for t in 0..=self.heights {
                for s in 0..=self.count {
                    if !before[self.at(t, s)] {
                        continue;
                    }
                    for c in colours_of(d) {
                        if let Some((t2, s2)) = self.step(t, s, c) {
                            next[self.at(t2, s2)] = true;
                        }
                    }
                }
            }
            forward.push(next);
        }
        // backward: the states after cell i from which the clue can be met.
        let mut after = all(&|_, s| s == self.count);
        let mut keep = vec![0u128; n];
        for i in (0..n).rev() {
            let mut before = vec![false; states];
            for t in 0..=self.heights {
                for s in 0..=self.count {
                    for c in colours_of(domains[i]) {
                        let ok = self
                            .step(t, s, c)
                            .is_some_and(|(t2, s2)| after[self.at(t2, s2)]);
                        if ok {
                            before[self.at(t, s)] = true;
                            if forward[i][self.at(t, s)] {
                                keep[i] |= 1 << c;
                            }
                        }
                    }
                }
            }
            after = before;
        }
        narrow(domains, &keep)
    }

    fn symmetric(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seen_puts_the_tallest_first() {
        let values: Arc<[i64]> = (1..=4).collect::<Vec<i64>>().into();
        let one = Skyscraper::new(&[0, 1, 2, 3], 1, values.clone());
        let all = 0b1111;
        // A 4 in the second cell is seen unless the first is a 4 too.
        let mut d = [all, 0b1000, all, all];
        one.propagate(&mut d).unwrap();
        assert_eq!(d[0], 0b1000);
        // Four seen: strictly increasing, 1 2 3 4 (repeats never help).
        let four = Skyscraper::new(&[0, 1, 2, 3], 4, values);
        let mut d = [all, all, all, all];
        four.propagate(&mut d).unwrap();
        assert_eq!(d, [0b0001, 0b0010, 0b0100, 0b1000]);
        let mut none = [0b1000, all, all, all];
        assert!(four.propagate(&mut none).is_err());
    }
}
