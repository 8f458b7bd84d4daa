//! Plain edge lists: `U V` per line, vertices by name or number, `#` comments.

use std::collections::HashMap;
use std::io::BufRead;

use super::InputError;
use super::graph_file::{Edges, column, error_at, for_each_line};
use crate::graph::PlainGraph;

/// Reads an edge list: each line `U V` is an edge, a line with one name is a
/// vertex without edges (or with edges elsewhere), `#` starts a comment (whole
/// line or trailing). Names are any text without blanks, numbers included;
/// vertices are numbered in the order they first appear. Repeated edges count once.
///
/// # Errors
/// With file, line and column: a line of more than two names, a loop.
///
/// # Example
/// ```
/// use graphdoku::read::read_edge_list;
/// let file = "# a path\nparis lyon\nlyon nice # south\nbrest\n";
/// let graph = read_edge_list(file.as_bytes(), "roads.txt").unwrap();
/// assert_eq!(graph.len(), 4);
/// assert_eq!(graph.name(3), "brest");
/// assert_eq!(graph.edges(), &[(0, 1), (1, 2)]);
/// ```
pub fn read_edge_list(input: impl BufRead, path: &str) -> Result<PlainGraph, InputError> {
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut names: Vec<String> = Vec::new();
    let mut edges = Edges::default();
    let mut vertex = |name: &str| -> u32 {
        if let Some(&i) = index.get(name) {
            return i;
        }
        let i = names.len() as u32;
        names.push(name.to_string());
        index.insert(name.to_string(), i);
        i
    };
    for_each_line(input, path, |number, line| {
        let content = line.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = content.split_whitespace().collect();
        match tokens[..] {
            [] => Ok(()),
            [one] => {
                vertex(one);
                Ok(())
            }
            [a, b] => {
                if a == b {
                    return Err(error_at(
                        path,
                        number,
                        column(line, b),
                        format!("edge from {a} to itself: such a vertex can have no colour"),
                    ));
                }
                let (a, b) = (vertex(a), vertex(b));
                edges.push(a, b);
                Ok(())
            }
            [_, _, extra, ..] => Err(error_at(
                path,
                number,
                column(line, extra),
                "expected `U V`: one edge per line (names have no blanks)".into(),
            )),
        }
    })?;
    drop(index);
    PlainGraph::named(names, edges.into_sorted()).map_err(|m| error_at(path, 0, 0, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_names_and_errors_say_where() {
        let g = read_edge_list("3 1\n1 3\n\n  7   3  \n".as_bytes(), "e").unwrap();
        assert_eq!(g.name(0), "3");
        assert_eq!(g.edges(), &[(0, 1), (0, 2)]);
        let err = read_edge_list("a b\na b c\n".as_bytes(), "e").unwrap_err();
        assert_eq!(
            err.to_string(),
            "e:2:5: expected `U V`: one edge per line (names have no blanks)"
        );
        let err = read_edge_list("a  a\n".as_bytes(), "e").unwrap_err();
        assert_eq!(
            err.to_string(),
            "e:1:4: edge from a to itself: such a vertex can have no colour"
        );
    }
}
