//! Clauses, and the encodings that build them: at-most-one and linear sums over direct encodings.

use std::collections::BTreeMap;

/// A literal as DIMACS writes it: variable `v` is `v`, its negation `-v`.
pub(crate) type Lit = i32;

/// Groups up to this size get pairwise at-most-one clauses; bigger ones the
/// sequential counter (3n clauses and n − 1 fresh variables instead of n²/2 clauses).
const PAIRWISE: usize = 12;

/// A formula in conjunctive normal form, built clause by clause.
#[derive(Debug, Clone, Default)]
pub(crate) struct Cnf {
    vars: i32,
    clauses: Vec<Vec<Lit>>,
    /// Clauses at most (see [`Cnf::limited`]).
    limit: Option<usize>,
    /// A clause was left out at the limit.
    over: bool,
    /// A selector every clause added now holds under (see [`Cnf::guard`]).
    guard: Option<Lit>,
}

impl Cnf {
    /// A formula whose variables 1 to `vars` are already taken.
    pub fn with_vars(vars: i32) -> Self {
        Cnf {
            vars,
            ..Cnf::default()
        }
    }

    /// An empty formula that keeps at most `clauses` clauses: past them a
    /// clause is left out and [`Cnf::over`] says so, so that a formula too
    /// large for its budget stops growing while it is built.
    pub fn limited(clauses: usize) -> Self {
        Cnf {
            limit: Some(clauses),
            ..Cnf::default()
        }
    }

    /// Whether a clause was left out at the limit of [`Cnf::limited`]: the
    /// formula is incomplete.
    pub fn over(&self) -> bool {
        self.over
    }

    /// A new variable.
    pub fn fresh(&mut self) -> Lit {
        self.vars += 1;
        self.vars
    }

    /// Variables made so far (the highest is this number).
    pub fn vars(&self) -> i32 {
        self.vars
    }

    /// The clauses.
    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    /// Adds the clause "one of `lits`" (the empty clause when there is none),
    /// switched off when a [guard](Cnf::guard) is set and false.
    pub fn clause(&mut self, lits: impl IntoIterator<Item = Lit>) {
        if self.limit.is_some_and(|limit| self.clauses.len() >= limit) {
            self.over = true;
            return;
        }
        let off = self.guard.map(|g| -g);
        self.clauses.push(lits.into_iter().chain(off).collect());
    }

    /// Clauses added from now on hold only when `selector` is true (`None`:
    /// always): a part of the formula that assumptions switch on and off.
    pub fn guard(&mut self, selector: Option<Lit>) {
        self.guard = selector;
    }

    /// At most one of `lits` is true: pairwise for small groups, Sinz's
    /// sequential counter for bigger ones.
    pub fn at_most_one(&mut self, lits: &[Lit]) {
        if lits.len() <= PAIRWISE {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.clause([-a, -b]);
                }
            }
            return;
        }
        // s_i: one of lits[..=i] is true.
        let mut prev = lits[0];
        for &lit in &lits[1..lits.len() - 1] {
            let s = self.fresh();
            self.clause([-prev, s]);
            self.clause([-lit, s]);
            self.clause([-prev, -lit]);
            prev = s;
        }
        self.clause([-prev, -lits[lits.len() - 1]]);
    }

    /// At least `k` of `lits` are true: every choice of `n − k + 1` of them
    /// holds a true one (for the handful of cells of a quadruple).
    pub fn at_least(&mut self, k: usize, lits: &[Lit]) {
        if k == 0 {
            return;
        }
        if k > lits.len() {
            self.clause([]);
            return;
        }
        let size = lits.len() - k + 1;
        let mut chosen = Vec::with_capacity(size);
        self.subsets(lits, size, 0, &mut chosen);
    }

    fn subsets(&mut self, lits: &[Lit], size: usize, from: usize, chosen: &mut Vec<Lit>) {
        if chosen.len() == size {
            self.clause(chosen.iter().copied());
            return;
        }
        for i in from..lits.len() {
            chosen.push(lits[i]);
            self.subsets(lits, size, i + 1, chosen);
            chosen.pop();
        }
    }

    /// `Σ weightᵢ · valueᵢ = total` over terms whose value is chosen among
    /// (literal, value) options, exactly one true per term (a direct
    /// encoding), when `guard` holds (always, without one).
    ///
    /// A layered decision diagram of the partial sums: one variable per sum
    /// reachable after i terms that can still reach the total; choosing an
    /// option implies the next partial sum, and an option that leads to no
    /// such sum is forbidden outright. A forward proof: the partial sums of
    /// any assignment are forced true, and the last must be the total.
    pub fn linear(&mut self, terms: &[(Vec<(Lit, i64)>, i64)], total: i64, guard: Option<Lit>) {
        let off: Vec<Lit> = guard.map(|g| -g).into_iter().collect();
        let n = terms.len();
        // Reachable partial sums, forwards.
        let mut reach: Vec<Vec<i64>> = vec![vec![0]];
        for (options, weight) in terms {
            let mut next: Vec<i64> = reach[reach.len() - 1]
                .iter()
                .flat_map(|&s| options.iter().map(move |&(_, v)| s + weight * v))
                .collect();
            next.sort_unstable();
            next.dedup();
            reach.push(next);
        }
        // Kept: reachable sums from which the total can still be made, backwards.
        let mut keep: Vec<Vec<i64>> = vec![Vec::new(); n + 1];
        keep[n] = reach[n].iter().copied().filter(|&s| s == total).collect();
        for i in (0..n).rev() {
            let (options, weight) = &terms[i];
            keep[i] = reach[i]
                .iter()
                .copied()
                .filter(|&s| {
                    options
                        .iter()
                        .any(|&(_, v)| keep[i + 1].binary_search(&(s + weight * v)).is_ok())
                })
                .collect();
        }
        if keep[0].is_empty() {
            self.clause(off);
            return;
        }
        // The variable of each kept partial sum of the layers between the first and the last.
        let mut layer: Vec<BTreeMap<i64, Lit>> = vec![BTreeMap::new(); n + 1];
        for (i, sums) in keep.iter().enumerate().take(n).skip(1) {
            for &s in sums {
                let v = self.fresh();
                layer[i].insert(s, v);
            }
        }
        for (i, (options, weight)) in terms.iter().enumerate() {
            for &s in &keep[i] {
                let here = layer[i].get(&s).map(|&v| -v);
                for &(lit, value) in options {
                    let t = s + weight * value;
                    let mut clause: Vec<Lit> = off.iter().copied().chain(here).collect();
                    clause.push(-lit);
                    match keep[i + 1].binary_search(&t) {
                        // The last layer is the total itself: nothing to imply.
                        Ok(_) if i + 1 == n => continue,
                        Ok(_) => clause.push(layer[i + 1][&t]),
                        Err(_) => {}
                    }
                    self.clause(clause);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of the first `vars` variables that extends to a
    /// model of `cnf` (CaDiCaL under assumptions, one call per assignment).
    fn models(cnf: &Cnf, vars: i32) -> Vec<Vec<bool>> {
        let mut sat: cadical::Solver = cadical::Solver::new();
        for clause in cnf.clauses() {
            sat.add_clause(clause.iter().copied());
        }
        let mut found = Vec::new();
        for bits in 0u32..1 << vars {
            let shown: Vec<bool> = (0..vars).map(|i| (bits >> i) & 1 == 1).collect();
            let assumptions = (1..=vars).map(|v| if shown[v as usize - 1] { v } else { -v });
            if sat.solve_with(assumptions) == Some(true) {
                found.push(shown);
            }
        }
        found.sort();
        found
    }

    #[test]
    fn the_sequential_counter_allows_exactly_the_sets_of_at_most_one() {
        let mut cnf = Cnf::default();
        let lits: Vec<Lit> = (0..14).map(|_| cnf.fresh()).collect();
        cnf.at_most_one(&lits);
        let found = models(&cnf, 14);
        // The empty set and the 14 singletons.
        assert_eq!(found.len(), 15);
        assert!(found.iter().all(|m| m.iter().filter(|&&b| b).count() <= 1));
    }

    #[test]
    fn at_least_two_of_four() {
        let mut cnf = Cnf::default();
        let lits: Vec<Lit> = (0..4).map(|_| cnf.fresh()).collect();
        cnf.at_least(2, &lits);
        let found = models(&cnf, 4);
        // 16 sets less the empty one and the four singletons.
        assert_eq!(found.len(), 11);
    }

    #[test]
    fn a_linear_sum_keeps_exactly_the_assignments_that_make_the_total() {
        // Three cells of values 1..=3, one-hot, with weights 1, 2, −1 and total 4.
        let mut cnf = Cnf::default();
        let cells: Vec<Vec<(Lit, i64)>> = (0..3)
            .map(|_| (1..=3).map(|v| (cnf.fresh(), v)).collect())
            .collect();
        for cell in &cells {
            let lits: Vec<Lit> = cell.iter().map(|&(l, _)| l).collect();
            cnf.clause(lits.iter().copied());
            cnf.at_most_one(&lits);
        }
        let terms: Vec<(Vec<(Lit, i64)>, i64)> = cells.iter().cloned().zip([1, 2, -1]).collect();
        cnf.linear(&terms, 4, None);
        let found = models(&cnf, 9);
        let mut expected = Vec::new();
        for a in 1..=3i64 {
            for b in 1..=3i64 {
                for c in 1..=3i64 {
                    if a + 2 * b - c == 4 {
                        let mut m = vec![false; 9];
                        for (i, v) in [a, b, c].into_iter().enumerate() {
                            m[i * 3 + v as usize - 1] = true;
                        }
                        expected.push(m);
                    }
                }
            }
        }
        expected.sort();
        assert_eq!(found, expected);
    }
}
