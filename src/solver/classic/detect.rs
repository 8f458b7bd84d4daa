//! Whether a graph is the classic 9×9, by its structure: whatever its cells are
//! called or in whatever order, the cells of a row-major 9×9 they stand for.

use crate::solver::shape::Shape;

/// Cells of the board.
const CELLS: usize = 81;

/// The row-major cell of every cell of `shape` when the graph is exactly the
/// 9×9 Sudoku's (81 cells, 9 colours, every cell allowing each, and as edges
/// the pairs of cells sharing a row, a column or a box, nothing more), under
/// some numbering of its rows and columns; else `None`.
///
/// The houses are found from the edges alone (a variant may declare them or
/// not): in that graph two neighbours share 7 further neighbours exactly when
/// they share one house only, and then the nine are that house. Rows and
/// columns are the two families of houses meeting each other in one cell, and
/// boxes the houses meeting six others in three. Whatever the steps before
/// find, the numbering is then checked edge by edge.
pub(super) fn classic_cells(shape: &Shape) -> Option<[u8; CELLS]> {
    if shape.colours != 9
        || shape.cells() != CELLS
        || shape.allowed.iter().any(Option::is_some)
        || shape.neighbours.iter().any(|n| n.len() != 20)
    {
        return None;
    }
    let houses = declared(shape).or_else(|| houses(shape))?;
    // Each house as bits of the 81 cells: 27² pairs of houses are compared.
    let bits: Vec<u128> = (houses.iter())
        .map(|h| h.iter().fold(0, |bits, &c| bits | 1 << c))
        .collect();
    let shared = |a: usize, b: usize| (bits[a] & bits[b]).count_ones();
    // Houses by how many others they meet in three cells: boxes six, lines three.
    let (boxes, lines): (Vec<usize>, Vec<usize>) = (0..houses.len())
        .partition(|&h| (0..houses.len()).filter(|&o| shared(h, o) == 3).count() == 6);
    if boxes.len() != 9 || lines.len() != 18 {
        return None;
    }
    // Rows: the first line and the lines it does not meet; columns: the rest.
    let (rows, columns): (Vec<usize>, Vec<usize>) =
        lines.iter().partition(|&&l| shared(l, lines[0]) != 1);
    if rows.len() != 9 {
        return None;
    }
    let rows = ordered(&rows, &boxes, shared)?;
    let columns = ordered(&columns, &boxes, shared)?;
    let mut order = [u8::MAX; CELLS];
    for (r, &row) in rows.iter().enumerate() {
        for (c, &column) in columns.iter().enumerate() {
            let cell = (bits[row] & bits[column]).trailing_zeros() as usize;
            if cell == 128 {
                return None;
            }
            order[cell] = (9 * r + c) as u8;
        }
    }
    let peers = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
    };
    let every_edge_a_peer = shape.neighbours.iter().enumerate().all(|(a, n)| {
        n.iter()
            .all(|&b| peers(order[a] as usize, order[b as usize] as usize))
    });
    // 20 neighbours each, all of them peers and no cell twice: exactly the peers.
    let mut image = order;
    image.sort_unstable();
    let bijective = image.iter().enumerate().all(|(i, &c)| c as usize == i);
    (bijective && every_edge_a_peer).then_some(order)
}

/// The graph's declared full houses when there are 27 of nine cells: in a
/// graph of 81 cells with 20 neighbours each, those can only be the 9×9's
/// houses, and the numbering found from them is checked edge by edge anyway.
/// It spares [`houses`] the common case.
fn declared(shape: &Shape) -> Option<Vec<[usize; 9]>> {
    if shape.houses.len() != 27 {
        return None;
    }
    let mut houses = (shape.houses.iter())
        .map(|house| {
            let mut cells = [0; 9];
            for (slot, &cell) in cells.iter_mut().zip(house) {
                *slot = cell as usize;
            }
            cells.sort_unstable();
            (house.len() == 9).then_some(cells)
        })
        .collect::<Option<Vec<_>>>()?;
    // In the order [`houses`] finds them, so that the numbering is the same.
    houses.sort_unstable();
    Some(houses)
}

/// The 27 houses of a graph shaped like the 9×9's, found from its edges:
/// cliques of nine cells, each cell in three.
fn houses(shape: &Shape) -> Option<Vec<[usize; 9]>> {
    let mut adjacent = [[false; CELLS]; CELLS];
    for (a, peers) in shape.neighbours.iter().enumerate() {
        for &b in peers {
            adjacent[a][b as usize] = true;
        }
    }
    let mut houses: Vec<[usize; 9]> = Vec::new();
    for (a, peers) in shape.neighbours.iter().enumerate() {
        for &b in peers.iter().filter(|&&b| b as usize > a) {
            let b = b as usize;
            let common: Vec<usize> = peers
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| adjacent[b][c])
                .collect();
            if common.len() != 7 {
                continue;
            }
            let mut house = [a; 9];
            house[1] = b;
            house[2..].copy_from_slice(&common);
            house.sort_unstable();
            let clique = house
                .iter()
                .enumerate()
                .all(|(i, &x)| house[i + 1..].iter().all(|&y| adjacent[x][y]));
            if clique {
                houses.push(house);
            }
        }
    }
    houses.sort_unstable();
    houses.dedup();
    let mut houses_of = [0u8; CELLS];
    for cell in houses.iter().flatten() {
        houses_of[*cell] += 1;
    }
    (houses.len() == 27 && houses_of.iter().all(|&n| n == 3)).then_some(houses)
}

/// Nine parallel lines (houses by index) in board order: grouped in threes
/// by the boxes they cross (a band, or a stack), the groups in the order of
/// their first line.
fn ordered(
    lines: &[usize],
    boxes: &[usize],
    shared: impl Fn(usize, usize) -> u32,
) -> Option<Vec<usize>> {
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for &line in lines {
        let key: Vec<usize> = boxes
            .iter()
            .copied()
            .filter(|&b| shared(line, b) == 3)
            .collect();
        if key.len() != 3 {
            return None;
        }
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.push(line),
            None => groups.push((key, vec![line])),
        }
    }
    let ordered: Vec<usize> = groups.into_iter().flat_map(|(_, group)| group).collect();
    (ordered.len() == 9).then_some(ordered)
}
