// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! Chains of strong links on one symbol (SukakuExplainer's `StrongLinks`):
//! turbot fish (two links: skyscraper, two-string kite, turbot fish, empty
//! rectangle, their grouped forms the finned and sashimi X-wings) and their
//! longer kin (three or four links), over any houses.
//!
//! A *strong link* is a full house whose places for the symbol split into
//! two ends, one of which must hold it: two single places, or (grouped)
//! places in two of a line's box segments, or in a box's cross (a row and a
//! column through it, an empty rectangle). Links are chained end to start by
//! *weak* links (every cell of one end sees every cell of the next start):
//! then the chain's first start or last end holds the symbol, and it leaves
//! every cell seeing both. When the last end also sees the first start, the
//! chain is a loop and every weak link is strong too.
//!
//! Rating (`StrongLinksHint`): 4.0 for two links, 5.4 for three, 5.8 for
//! four; +0.3 when a link is grouped (or in another kind of house); else
//! +0.1 for a link in a box and +0.1 for links in both rows and columns.

use super::{Grid, Hint, Mask, bit, chain_rank};
use crate::{Ladder, Technique};

/// One strong link: its house, its two ends, and how Sudoku Explainer names
/// the house (0 box, 1 row, 2 column, 3 other).
#[derive(Debug, Clone)]
struct Link {
    house: usize,
    ends: [Vec<usize>; 2],
    code: u8,
    grouped: bool,
}

/// The easiest chain of `links` strong links on `grid`: the lowest rating,
/// then the most removals, then Sudoku Explainer's name for the pattern.
pub(super) fn best(ladder: &Ladder, grid: &Grid, links: usize) -> Option<Hint> {
    let k = ladder.symbols as u8;
    let mut best: Option<(u16, std::cmp::Reverse<usize>, String, Hint)> = None;
    for v in 0..k {
        let all = strong_links(ladder, grid, v);
        let next = followers(ladder, &all);
        let graph = Links {
            all: &all,
            next: &next,
        };
        let mut found = |hint: Hint, suffix: String| {
            let key = (hint.se, std::cmp::Reverse(hint.removal_count()), suffix);
            if best
                .as_ref()
                .is_none_or(|(a, b, c, _)| (key.0, key.1, &key.2) < (*a, *b, c))
            {
                best = Some((key.0, key.1, key.2, hint));
            }
        };
        // Every link, either way round, starts a chain; `extend` grows it.
        let mut chain: Vec<(usize, usize)> = Vec::with_capacity(links);
        for start in (0..all.len()).flat_map(|i| [(i, 0), (i, 1)]) {
            chain.push(start);
            extend(ladder, grid, v, graph, links, &mut chain, &mut found);
            chain.pop();
        }
    }
    best.map(|(_, _, _, hint)| hint)
}

/// The strong links of symbol `v`.
fn strong_links(ladder: &Ladder, grid: &Grid, v: u8) -> Vec<Link> {
    let houses = &ladder.houses;
    let mut out = Vec::new();
    for &h in &ladder.orders.scan {
        let places: Vec<usize> = (houses[h].cells.iter().copied())
            .filter(|&c| grid[c] & bit(v) != 0)
            .collect();
        if !(2..=6).contains(&places.len()) {
            continue;
        }
        let code = match chain_rank(houses[h].kind) {
            0 => 0,
            1 => 1,
            2 => 2,
            _ => 3,
        };
        let lines_of = |c: usize| {
            ladder.houses_of[c]
                .iter()
                .copied()
                .filter(move |&x| matches!(chain_rank(houses[x].kind), 1 | 2))
        };
        let link = |a: Vec<usize>, b: Vec<usize>, grouped| Link {
            house: h,
            ends: [a, b],
            code,
            grouped,
        };
        if places.len() == 2 {
            // Two places of a box in one line are that line's business.
            if code == 0 && lines_of(places[0]).any(|l| lines_of(places[1]).any(|m| m == l)) {
                continue;
            }
            out.push(link(vec![places[0]], vec![places[1]], false));
            continue;
        }
        if code == 0 {
            // An empty rectangle: the places within a row and a column of
            // the box, both arms holding some; the first such cross.
            let cross = houses[h].cells.iter().find_map(|&heart| {
                let lines: Vec<usize> = lines_of(heart).collect();
                let [row, col] = lines[..] else { return None };
                let on = |line: usize, c: usize| houses[line].cells.contains(&c);
                let all = places.iter().all(|&c| on(row, c) || on(col, c));
                let arm = |line: usize| -> Vec<usize> {
                    places
                        .iter()
                        .copied()
                        .filter(|&c| c != heart && on(line, c))
                        .collect()
                };
                let (a, b) = (arm(row), arm(col));
                (all && !a.is_empty() && !b.is_empty()).then(|| {
                    let with_heart = grid[heart] & bit(v) != 0;
                    (a, b, with_heart.then_some(heart))
                })
            });
            if let Some((a, b, heart)) = cross {
                match heart {
                    None => out.push(link(a, b, true)),
                    Some(heart) => {
                        let mut a2 = a.clone();
                        a2.push(heart);
                        let mut b2 = b.clone();
                        b2.push(heart);
                        out.push(link(a2, b, true));
                        out.push(link(a, b2, true));
                    }
                }
            }
            continue;
        }
        // A line: its places in exactly two of its box segments.
        let mut segments: Vec<(usize, Vec<usize>)> = Vec::new();
        for &c in &places {
            let Some(b) = (ladder.houses_of[c].iter().copied())
                .find(|&x| x != h && chain_rank(houses[x].kind) == 0)
            else {
                segments.clear();
                break;
            };
            match segments.iter_mut().find(|(x, _)| *x == b) {
                Some((_, cells)) => cells.push(c),
                None => segments.push((b, vec![c])),
            }
        }
        if let [(_, a), (_, b)] = &segments[..] {
            out.push(link(a.clone(), b.clone(), true));
        }
    }
    out
}

/// Whether every cell of `a` sees every cell of `b` (and none is shared).
fn weakly_linked(ladder: &Ladder, a: &[usize], b: &[usize]) -> bool {
    a.iter()
        .all(|&x| b.iter().all(|&y| x != y && ladder.sees(x, y)))
}

/// One symbol's strong links, and what may follow each end of each.
#[derive(Clone, Copy)]
struct Links<'a> {
    all: &'a [Link],
    /// For end `e` of link `j`, at `2 * j + e`: each (link, side) whose
    /// side that end is weakly linked to, in link order then side order.
    next: &'a [Vec<(usize, usize)>],
}

/// [`Links::next`] of `links`: the weak links between their ends, found
/// once rather than at every step of every chain.
fn followers(ladder: &Ladder, links: &[Link]) -> Vec<Vec<(usize, usize)>> {
    let ends = links.iter().flat_map(|link| &link.ends);
    ends.map(|end| {
        (links.iter().enumerate())
            .flat_map(|(i, link)| (0..2).map(move |side| (i, side, link)))
            .filter(|&(_, side, link)| weakly_linked(ladder, end, &link.ends[side]))
            .map(|(i, side, _)| (i, side))
            .collect()
    })
    .collect()
}

/// Grows `chain` (link index, orientation; one link at least) to `size`
/// links, calling `found` on each chain's hint.
fn extend(
    ladder: &Ladder,
    grid: &Grid,
    v: u8,
    graph: Links,
    size: usize,
    chain: &mut Vec<(usize, usize)>,
    found: &mut dyn FnMut(Hint, String),
) {
    let links = graph.all;
    if chain.len() == size {
        if let Some(found_hint) = hint(ladder, grid, v, links, chain) {
            found(found_hint.0, found_hint.1);
        }
        return;
    }
    let &(j, s) = chain.last().expect("a chain starts with a link");
    for &(i, side) in &graph.next[2 * j + 1 - s] {
        let link = &links[i];
        let used = |c: &usize| {
            chain
                .iter()
                .any(|&(j, _)| links[j].ends.iter().any(|e| e.contains(c)))
        };
        if chain
            .iter()
            .any(|&(j, _)| j == i || links[j].house == link.house)
            || link.ends.iter().flatten().any(used)
        {
            continue;
        }
        chain.push((i, side));
        extend(ladder, grid, v, graph, size, chain, found);
        chain.pop();
    }
}

/// The hint of a complete chain, if it removes anything, with Sudoku
/// Explainer's suffix naming its pattern.
fn hint(
    ladder: &Ladder,
    grid: &Grid,
    v: u8,
    links: &[Link],
    chain: &[(usize, usize)],
) -> Option<(Hint, String)> {
    let houses = &ladder.houses;
    let start = &links[chain[0].0].ends[chain[0].1];
    let (last, side) = *chain.last().expect("a chain");
    let end = &links[last].ends[1 - side];
    let loop_ = weakly_linked(ladder, end, start);
    // Most chains remove nothing: unless a loop, a victim sees both ends.
    let sees_ends = |c: usize| start.iter().chain(end).all(|&x| ladder.sees(x, c));
    if !loop_ && !(0..grid.len()).any(|c| grid[c] & bit(v) != 0 && sees_ends(c)) {
        return None;
    }
    let pattern: Vec<usize> = chain
        .iter()
        .flat_map(|&(i, _)| links[i].ends.iter().flatten().copied())
        .collect();
    let bases: Vec<usize> = chain.iter().map(|&(i, _)| links[i].house).collect();
    // The houses joining one link's end to the next one's start.
    let shares: Vec<usize> = chain
        .windows(2)
        .filter_map(|w| {
            let (a, b) = (&links[w[0].0].ends[1 - w[0].1], &links[w[1].0].ends[w[1].1]);
            ladder
                .orders
                .scan
                .iter()
                .copied()
                .find(|&h| a.iter().chain(b).all(|c| houses[h].cells.contains(c)))
        })
        .collect();
    let in_any = |c: usize, list: &[usize]| list.iter().any(|&h| houses[h].cells.contains(&c));
    let seeing = |a: &[usize], b: &[usize], skip: &[usize]| -> Vec<usize> {
        (0..grid.len())
            .filter(|&c| {
                grid[c] & bit(v) != 0
                    && !pattern.contains(&c)
                    && !in_any(c, skip)
                    && a.iter().chain(b).all(|&x| ladder.sees(x, c))
            })
            .collect()
    };
    let mut victims = if loop_ {
        seeing(start, end, &bases)
    } else {
        let mut skip = bases.clone();
        skip.extend(&shares);
        seeing(start, end, &skip)
    };
    if loop_ {
        for w in chain.windows(2) {
            let (a, b) = (&links[w[0].0].ends[1 - w[0].1], &links[w[1].0].ends[w[1].1]);
            for c in seeing(a, b, &bases) {
                if !victims.contains(&c) {
                    victims.push(c);
                }
            }
        }
    }
    if victims.is_empty() {
        return None;
    }
    victims.sort_unstable();
    let codes: Vec<u8> = chain.iter().map(|&(i, _)| links[i].code).collect();
    let grouped = chain.iter().filter(|&&(i, _)| links[i].grouped).count();
    let base = [40, 54, 58][chain.len() - 2];
    let se = if grouped > 0 || codes.contains(&3) {
        base + 3
    } else {
        let boxes = codes.contains(&0);
        let mixed = codes.contains(&1) && codes.contains(&2);
        base + u16::from(boxes) + u16::from(mixed)
    };
    let removals: Vec<(usize, Mask)> = victims.into_iter().map(|c| (c, bit(v))).collect();
    let mut cells: Vec<usize> = start.clone();
    for &(i, s) in chain {
        for c in links[i].ends[1 - s].iter().chain(&links[i].ends[s]) {
            if !cells.contains(c) {
                cells.push(*c);
            }
        }
    }
    // Keep the first start first and the last end last, for the text.
    cells.retain(|c| !end.contains(c));
    cells.extend(end.iter().copied());
    let technique = if chain.len() == 2 {
        Technique::TurbotFish
    } else {
        Technique::StrongLinks
    };
    let suffix = format!("{grouped}{}", line_name(&codes));
    Some((
        Hint::removing(technique, se, removals, cells, bases, vec![v]),
        suffix,
    ))
}

/// Sudoku Explainer's `rLineName` of the link kinds in chain order (or
/// reversed, whichever reads smaller): a name that stays the same when rows
/// and columns swap.
fn line_name(codes: &[u8]) -> String {
    let digits = |c: &[u8]| c.iter().map(|d| char::from(b'0' + d)).collect::<String>();
    let forward = digits(codes);
    let reversed: Vec<u8> = codes.iter().rev().copied().collect();
    let set = if forward <= digits(&reversed) {
        codes.to_vec()
    } else {
        reversed
    };
    let original = digits(&set);
    if !set.contains(&1) {
        return set
            .iter()
            .map(|&d| if d == 2 { '1' } else { char::from(b'0' + d) })
            .collect();
    }
    let swap = |d: u8| match d {
        1 => 2,
        2 => 1,
        d => d,
    };
    let current: String = set.iter().map(|&d| char::from(b'0' + swap(d))).collect();
    let mut reverse: String = set
        .iter()
        .rev()
        .map(|&d| char::from(b'0' + swap(d)))
        .collect();
    if reverse > current {
        reverse = current;
    }
    if original > reverse {
        reverse
    } else {
        original
    }
}
