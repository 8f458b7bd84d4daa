//! Shrinking a graph before an exact search: vertices of low degree and
//! dominated vertices come out (and are coloured last), and what is left
//! splits into connected components.

use std::time::Instant;

use super::Adjacency;
use super::adjacency::Matrix;

/// A graph shrunk for colouring with at least `threshold` colours.
#[derive(Debug, Clone)]
pub(crate) struct Reduction {
    /// The connected components of what is left, each sorted.
    pub components: Vec<Vec<u32>>,
    /// What was taken out, in order.
    removed: Vec<Removed>,
}

#[derive(Debug, Clone, Copy)]
enum Removed {
    /// Fewer than `threshold` neighbours left: a colour is always free for it.
    Low(u32),
    /// Not adjacent to the second and its neighbours are a subset of the
    /// second's: it can take the second's colour.
    Dominated(u32, u32),
}

/// Largest kernel searched for dominated vertices (the test is quadratic).
const DOMINATION_VERTICES: usize = 2000;

/// Removes vertices of degree below `threshold` (repeatedly) and dominated
/// vertices, then splits the rest into components. A colouring of the
/// components with k ≥ `threshold` colours extends to the whole graph with
/// k colours by [`Reduction::restore`]. Past `deadline` the (quadratic)
/// search for dominated vertices is skipped; peeling is linear and always done.
pub(crate) fn reduce(adj: &Adjacency, threshold: usize, deadline: Option<Instant>) -> Reduction {
    let n = adj.len();
    let mut alive = vec![true; n];
    let mut degree: Vec<usize> = (0..n).map(|v| adj.degree(v)).collect();
    let mut removed = Vec::new();
    let peel = |alive: &mut Vec<bool>, degree: &mut Vec<usize>, removed: &mut Vec<Removed>| {
        let mut stack: Vec<u32> = (0..n as u32)
            .filter(|&v| alive[v as usize] && degree[v as usize] < threshold)
            .collect();
        let mut any = false;
        while let Some(v) = stack.pop() {
            let v = v as usize;
            if !alive[v] {
                continue;
            }
            alive[v] = false;
            any = true;
            removed.push(Removed::Low(v as u32));
            for &u in adj.neighbours(v) {
                let u = u as usize;
                if alive[u] {
                    degree[u] -= 1;
                    if degree[u] + 1 == threshold {
                        stack.push(u as u32);
                    }
                }
            }
        }
        any
    };
    peel(&mut alive, &mut degree, &mut removed);
    for _ in 0..4 {
        let left = alive.iter().filter(|&&a| a).count();
        if left == 0 || left > DOMINATION_VERTICES || deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        if !dominate(adj, &mut alive, &mut degree, &mut removed) {
            break;
        }
        if !peel(&mut alive, &mut degree, &mut removed) {
            break;
        }
    }
    Reduction {
        components: components(adj, &alive),
        removed,
    }
}

/// Removes dominated vertices among the alive ones; true when any was.
fn dominate(
    adj: &Adjacency,
    alive: &mut [bool],
    degree: &mut [usize],
    removed: &mut Vec<Removed>,
) -> bool {
    let kept: Vec<u32> = (0..adj.len() as u32)
        .filter(|&v| alive[v as usize])
        .collect();
    let index = |v: u32| kept.binary_search(&v).ok();
    let edges: Vec<(u32, u32)> = kept
        .iter()
        .enumerate()
        .flat_map(|(i, &v)| {
            adj.neighbours(v as usize)
                .iter()
                .filter_map(move |&u| index(u).filter(|&j| j > i).map(|j| (i as u32, j as u32)))
        })
        .collect();
    let local = Adjacency::from_edges(kept.len(), &edges);
    let mut matrix = Matrix::new(&local);
    let mut gone = vec![false; kept.len()];
    let mut any = false;
    for u in 0..kept.len() {
        let by = (0..kept.len()).find(|&v| {
            v != u
                && !gone[v]
                && !matrix.adjacent(u, v)
                && local.degree(u) <= local.degree(v)
                && matrix
                    .row(u)
                    .iter()
                    .zip(matrix.row(v))
                    .all(|(a, b)| a & !b == 0)
        });
        if let Some(v) = by {
            gone[u] = true;
            any = true;
            matrix.clear(u, local.neighbours(u));
            let (ou, ov) = (kept[u], kept[v]);
            alive[ou as usize] = false;
            for &w in adj.neighbours(ou as usize) {
                if alive[w as usize] {
                    degree[w as usize] -= 1;
                }
            }
            removed.push(Removed::Dominated(ou, ov));
        }
    }
    any
}

/// The connected components of the alive vertices.
fn components(adj: &Adjacency, alive: &[bool]) -> Vec<Vec<u32>> {
    let mut seen = alive.iter().map(|&a| !a).collect::<Vec<_>>();
    let mut components = Vec::new();
    for start in 0..adj.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut component = vec![start as u32];
        let mut next = 0;
        while next < component.len() {
            let v = component[next] as usize;
            next += 1;
            for &u in adj.neighbours(v) {
                if !seen[u as usize] {
                    seen[u as usize] = true;
                    component.push(u);
                }
            }
        }
        component.sort_unstable();
        components.push(component);
    }
    components
}

impl Reduction {
    /// Colours the removed vertices, last removed first, in `colouring` (where
    /// they are `u32::MAX`): a low vertex takes the smallest colour its coloured
    /// neighbours leave, a dominated one its dominator's.
    pub fn restore(&self, adj: &Adjacency, colouring: &mut [u32]) {
        let mut used = Vec::new();
        for step in self.removed.iter().rev() {
            match *step {
                Removed::Dominated(u, v) => colouring[u as usize] = colouring[v as usize],
                Removed::Low(u) => {
                    used.clear();
                    used.extend(
                        adj.neighbours(u as usize)
                            .iter()
                            .map(|&w| colouring[w as usize])
                            .filter(|&c| c != u32::MAX),
                    );
                    used.sort_unstable();
                    used.dedup();
                    let free = used
                        .iter()
                        .enumerate()
                        .find(|&(i, &c)| c != i as u32)
                        .map_or(used.len(), |(i, _)| i);
                    colouring[u as usize] = free as u32;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 5-wheel on `base..base + 6` (hub `base + 5`): χ = 4, no vertex of degree < 3.
    fn wheel(base: u32) -> Vec<(u32, u32)> {
        let mut edges: Vec<(u32, u32)> = (0..5).map(|i| (base + i, base + (i + 1) % 5)).collect();
        edges.extend((0..5).map(|i| (base + i, base + 5)));
        edges
    }

    #[test]
    fn pendants_and_twins_go_and_come_back() {
        // A wheel, a twin 6 of rim vertex 0 (same neighbours), a pendant 7 on the hub.
        let mut edges = wheel(0);
        edges.extend([(6, 1), (6, 4), (6, 5), (7, 5)]);
        let adj = Adjacency::from_edges(8, &edges);
        let reduction = reduce(&adj, 3, None);
        assert_eq!(reduction.components.len(), 1);
        let kernel = &reduction.components[0];
        assert_eq!(kernel.len(), 6, "{kernel:?}");
        assert!(kernel.contains(&5) && !kernel.contains(&7));
        assert!(kernel.contains(&0) != kernel.contains(&6));
        let mut colouring = super::super::dsatur(&adj, &[], &[]).unwrap();
        for v in 0..8u32 {
            if !kernel.contains(&v) {
                colouring[v as usize] = u32::MAX;
            }
        }
        reduction.restore(&adj, &mut colouring);
        assert!(
            adj.edges()
                .all(|(a, b)| colouring[a as usize] != colouring[b as usize])
        );
        assert!(colouring.iter().all(|&c| c < 4));
    }

    #[test]
    fn components_are_split() {
        let mut edges = wheel(0);
        edges.extend(wheel(6));
        let adj = Adjacency::from_edges(12, &edges);
        let reduction = reduce(&adj, 3, None);
        assert_eq!(
            reduction.components,
            vec![(0..6).collect::<Vec<u32>>(), (6..12).collect()]
        );
        // Below the threshold everything goes.
        assert!(reduce(&adj, 4, None).components.is_empty());
    }
}
