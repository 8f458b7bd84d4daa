//! Steps in words, with the variant's own cell, house and symbol names.

use super::{Step, Technique};
use crate::graph::ConstraintGraph;

/// `effect: technique, reason`, e.g. `r3c5 = 7: hidden single, the only place for 7 in box 2`.
pub(super) fn describe(graph: &ConstraintGraph, step: &Step) -> String {
    let cells = |list: &[usize]| cell_names(graph, list);
    let symbols = |list: &[u8]| symbol_names(graph, list);
    let house = |i: usize| graph.houses()[step.houses[i]].name.as_str();
    let name = step.technique.name();
    let reason = match step.technique {
        Technique::NakedSingle => {
            format!("{name}, the only candidate left in {}", cells(&step.cells))
        }
        Technique::HiddenSingle => format!(
            "{name}, the only place for {} in {}",
            symbols(&step.colours),
            house(0)
        ),
        Technique::LockedCandidates => format!(
            "{name}, in {} the {} can only be in {} ({})",
            house(0),
            symbols(&step.colours),
            house(1),
            cells(&step.cells)
        ),
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "{name} in {}: {} can only hold {}",
            house(0),
            cells(&step.cells),
            symbols(&step.colours)
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "{name} in {}: {} fit only {}",
            house(0),
            symbols(&step.colours),
            cells(&step.cells)
        ),
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let n = step.houses.len() / 2;
            let names =
                |range: std::ops::Range<usize>| range.map(house).collect::<Vec<_>>().join(", ");
            format!(
                "{name} on {}: in {} it can only be in {}",
                symbols(&step.colours),
                names(0..n),
                names(n..2 * n)
            )
        }
        Technique::XyWing | Technique::XyzWing => {
            let with = |c: usize| cells(&[c]);
            format!(
                "{name}, pivot {} and pincers {}, {}: one of them is {}",
                with(step.cells[0]),
                with(step.cells[1]),
                with(step.cells[2]),
                symbols(&step.colours)
            )
        }
        Technique::TurbotFish | Technique::StrongLinks => format!(
            "{name} on {} (rated {}): its strong links in {} chain {} to {}, one of which holds it",
            symbols(&step.colours),
            rating(step),
            step.houses
                .iter()
                .map(|&h| graph.houses()[h].name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            cells(&step.cells[..1]),
            cells(&step.cells[step.cells.len() - 1..]),
        ),
        Technique::AlsXz => {
            let (set, pair) = step.cells.split_at(step.cells.len() - 1);
            format!(
                "{name} (rated {}): {} hold {} symbols between them, one more than cells; {} is {}, and every {} of the set sees it, so {} is in one of them",
                rating(step),
                cells(set),
                set.len() + 1,
                cells(pair),
                symbols(&step.colours),
                symbols(&step.colours[..1]),
                symbols(&step.colours[1..]),
            )
        }
        Technique::UniqueRectangle | Technique::Bug => format!(
            "{name} (rated {}; the puzzle has one solution): {} would otherwise hold {} in two ways",
            rating(step),
            cells(&step.cells),
            symbols(&step.colours),
        ),
        Technique::AlignedPairExclusion | Technique::AlignedTripletExclusion => format!(
            "{name} (rated {}): of the combinations of {} that their neighbours allow, none keeps it",
            rating(step),
            cells(&step.cells),
        ),
        Technique::XChain | Technique::XyChain if step.cells.len() > 1 => format!(
            "{name} (rated {}): a cycle through {}, each weak link strong too",
            rating(step),
            cells(&step.cells),
        ),
        Technique::XChain
        | Technique::XyChain
        | Technique::Nishio
        | Technique::ForcingChain
        | Technique::DynamicForcingChain
        | Technique::DynamicForcingChainPlus
        | Technique::NestedForcingChain => {
            let how = match (step.cells.len(), step.colours.len(), step.houses.is_empty()) {
                (_, _, false) => format!(
                    "every place of {} in {} leads to it",
                    symbols(&step.colours[..1]),
                    graph.houses()[step.houses[0]].name
                ),
                (2, 2, _) => format!(
                    "{} = {} and {} ≠ {} both lead to it",
                    cells(&step.cells[..1]),
                    symbols(&step.colours[..1]),
                    cells(&step.cells[..1]),
                    symbols(&step.colours[..1]),
                ),
                (2, _, _) => format!("every candidate of {} leads to it", cells(&step.cells[..1])),
                _ => format!(
                    "the other way, {} {} {} leads to a contradiction",
                    cells(&step.cells),
                    if step.placed.is_some() { "≠" } else { "=" },
                    symbols(&step.colours),
                ),
            };
            format!("{name} (rated {}): {how}", rating(step))
        }
        Technique::Rule
        | Technique::RulePointing
        | Technique::InniesOuties
        | Technique::RuleHouse => step
            .rule
            .as_ref()
            .map_or_else(|| name.to_string(), |r| r.reason.clone()),
        Technique::Guess => {
            let value = step.placed.map_or(String::new(), |(_, c)| symbols(&[c]));
            format!(
                "{name}: logic runs out here (candidates {}); {value} is the value in the solution found by search",
                symbols(&step.colours)
            )
        }
    };
    format!("{}: {reason}", effect(graph, step))
}

/// `r3c5 = 7`, eliminations grouped by the symbols they remove: `r1c3, r1c9 ≠ 4, 7; r2c1 ≠ 4`,
/// or both (a rule step that places a cell and narrows others): `r3c5 = 7; r3c6 ≠ 7, 9`.
fn effect(graph: &ConstraintGraph, step: &Step) -> String {
    let placed = step.placed.map(|(cell, colour)| {
        format!(
            "{} = {}",
            cell_names(graph, &[cell]),
            symbol_names(graph, &[colour])
        )
    });
    // (cell, its removed colours), in order of first appearance.
    let mut per_cell: Vec<(usize, Vec<u8>)> = Vec::new();
    for &(cell, colour) in &step.eliminated {
        match per_cell.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, colours)) => colours.push(colour),
            None => per_cell.push((cell, vec![colour])),
        }
    }
    // Cells losing the same symbols, together.
    let mut groups: Vec<(Vec<usize>, Vec<u8>)> = Vec::new();
    for (cell, colours) in per_cell {
        match groups.iter_mut().find(|(_, c)| *c == colours) {
            Some((cells, _)) => cells.push(cell),
            None => groups.push((vec![cell], colours)),
        }
    }
    (placed.into_iter())
        .chain(groups.iter().map(|(cells, colours)| {
            format!(
                "{} ≠ {}",
                cell_names(graph, cells),
                symbol_names(graph, colours)
            )
        }))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A step's rating, `8.7`.
fn rating(step: &Step) -> String {
    format!("{}.{}", step.se / 10, step.se % 10)
}

pub(super) fn cell_names(graph: &ConstraintGraph, cells: &[usize]) -> String {
    let names: Vec<&str> = cells
        .iter()
        .map(|&c| graph.cells()[c].name.as_str())
        .collect();
    names.join(", ")
}

fn symbol_names(graph: &ConstraintGraph, colours: &[u8]) -> String {
    let names: Vec<&str> = colours
        .iter()
        .map(|&c| graph.alphabet().symbol(c))
        .collect();
    names.join(", ")
}
