//! DIMACS `.col` graphs: `c` comments, one `p edge N M` line, `e U V` edges.

use std::io::BufRead;

use super::InputError;
use super::graph_file::{Edges, column, error_at, for_each_line};
use crate::graph::{MAX_VERTICES, PlainGraph};

/// Reads a DIMACS graph (vertices numbered 1..N).
///
/// Tolerates what real files do: edges listed twice (or both ways), an edge
/// count in the header that is not the number of `e` lines (some give twice
/// it), trailing blanks, `%` comments, CRLF line ends, and `n` (vertex weight)
/// lines, which are ignored. `p col N M` is read as `p edge N M`.
///
/// # Errors
/// With file, line and column: no or a second `p` line, an edge before it, a
/// vertex out of 1..N, a loop, a line of another kind.
///
/// # Example
/// ```
/// use graphdoku::read::read_dimacs;
/// let file = "c a triangle\np edge 3 6\ne 1 2\ne 2 3 \ne 3 1\ne 2 1\n";
/// let graph = read_dimacs(file.as_bytes(), "triangle.col").unwrap();
/// assert_eq!(graph.edges(), &[(0, 1), (0, 2), (1, 2)]);
/// let bad = read_dimacs("p edge 2 1\ne 1 3\n".as_bytes(), "bad.col").unwrap_err();
/// assert_eq!(bad.to_string(), "bad.col:2:5: vertex 3 is not in 1..2");
/// ```
pub fn read_dimacs(input: impl BufRead, path: &str) -> Result<PlainGraph, InputError> {
    let mut vertices: Option<usize> = None;
    let mut edges = Edges::default();
    let mut last = 0;
    for_each_line(input, path, |number, line| {
        last = number;
        let mut tokens = line.split_whitespace();
        let Some(kind) = tokens.next() else {
            return Ok(());
        };
        let at =
            |token: &str, message: String| error_at(path, number, column(line, token), message);
        match kind {
            "c" | "%" => Ok(()),
            _ if kind.starts_with('%') => Ok(()),
            "p" => {
                if vertices.is_some() {
                    return Err(at(kind, "a second `p` line (one per file)".into()));
                }
                let format = tokens.next();
                if !matches!(format, Some("edge" | "edges" | "col")) {
                    return Err(at(
                        format.unwrap_or(kind),
                        "expected `p edge VERTICES EDGES`".into(),
                    ));
                }
                let n = tokens.next().ok_or_else(|| {
                    at(
                        kind,
                        "expected `p edge VERTICES EDGES`: no vertex count".into(),
                    )
                })?;
                let count = n
                    .parse::<u32>()
                    .map_err(|_| at(n, format!("`{n}` is not a vertex count")))?;
                if count as usize > MAX_VERTICES {
                    return Err(at(
                        n,
                        format!("{count} vertices: at most {MAX_VERTICES} are supported"),
                    ));
                }
                vertices = Some(count as usize);
                // The edge count is a hint at best: real files get it wrong.
                // (Nothing is reserved from it: a header may claim any number.)
                if let Some(m) = tokens.next()
                    && m.parse::<u64>().is_err()
                {
                    return Err(at(m, format!("`{m}` is not an edge count")));
                }
                Ok(())
            }
            "e" => {
                let Some(n) = vertices else {
                    return Err(at(kind, "an edge before the `p edge N M` line".into()));
                };
                let mut endpoint = || -> Result<u32, InputError> {
                    let token = tokens
                        .next()
                        .ok_or_else(|| at(kind, "expected `e U V`: two vertices".into()))?;
                    match token.parse::<u64>() {
                        Ok(v) if (1..=n as u64).contains(&v) => Ok((v - 1) as u32),
                        Ok(v) => Err(at(token, format!("vertex {v} is not in 1..{n}"))),
                        Err(_) => Err(at(token, format!("`{token}` is not a vertex number"))),
                    }
                };
                let (a, b) = (endpoint()?, endpoint()?);
                if a == b {
                    return Err(at(
                        kind,
                        format!(
                            "edge from {} to itself: such a vertex can have no colour",
                            a + 1
                        ),
                    ));
                }
                if let Some(extra) = tokens.next() {
                    return Err(at(extra, "expected `e U V`: more than two vertices".into()));
                }
                edges.push(a, b);
                Ok(())
            }
            "n" => Ok(()),
            other => Err(at(
                other,
                format!("`{other}`: expected a `c` comment, `p edge N M` or `e U V` line"),
            )),
        }
    })?;
    let Some(n) = vertices else {
        return Err(error_at(
            path,
            last,
            0,
            "no `p edge N M` line: not a DIMACS graph".into(),
        ));
    };
    PlainGraph::new(n, edges.into_sorted()).map_err(|m| error_at(path, 0, 0, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<PlainGraph, String> {
        read_dimacs(text.as_bytes(), "g.col").map_err(|e| e.to_string())
    }

    #[test]
    fn quirks_of_real_files_are_tolerated() {
        let g = read("c x\r\n\r\np edge 4 8  \r\ne 1 2\r\ne 2 1\r\ne 1 2 \r\ne 3 4\r\nn 1 5\r\n")
            .unwrap();
        assert_eq!(g.edges(), &[(0, 1), (2, 3)]);
        assert_eq!(g.len(), 4);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            read("e 1 2\n").unwrap_err(),
            "g.col:1:1: an edge before the `p edge N M` line"
        );
        assert_eq!(
            read("p edge 3 1\ne 2 2\n").unwrap_err(),
            "g.col:2:1: edge from 2 to itself: such a vertex can have no colour"
        );
        assert_eq!(
            read("p edge 3 1\ne 1 x\n").unwrap_err(),
            "g.col:2:5: `x` is not a vertex number"
        );
        assert_eq!(
            read("p edge 3 1\nq\n").unwrap_err(),
            "g.col:2:1: `q`: expected a `c` comment, `p edge N M` or `e U V` line"
        );
        assert_eq!(
            read("c only\n").unwrap_err(),
            "g.col:1: no `p edge N M` line: not a DIMACS graph"
        );
        assert_eq!(
            read("p edge 3 1\np edge 3 1\n").unwrap_err(),
            "g.col:2:1: a second `p` line (one per file)"
        );
        assert!(
            read("p edge 3 1\ne 1 2 3\n")
                .unwrap_err()
                .starts_with("g.col:2:7:")
        );
        assert!(read_dimacs(&b"p edge 2 1\ne 1 \xff\n"[..], "g.col").is_err());
        let endless = format!("p edge 2 1\nc {}", "x".repeat(1 << 17));
        assert_eq!(
            read(&endless).unwrap_err(),
            "g.col:2: a line longer than 65536 bytes: not a graph file's line"
        );
    }

    #[test]
    fn a_headers_edge_count_reserves_nothing() {
        let g = read("p edge 3 4000000000000\ne 1 2\ne 2 1\n").unwrap();
        assert_eq!(g.edges(), &[(0, 1)]);
    }
}
