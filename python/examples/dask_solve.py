"""Solve a large dataset with Dask: a bag over partitions of a CSV file (or of a
directory of them), each partition solved by graphdoku in one task.

    python python/examples/dask_solve.py puzzles.csv answers.csv            # a LocalCluster here
    python python/examples/dask_solve.py 'data/*.csv' answers.csv --scheduler tcp://host:8786

The input is a CSV dataset with a header naming its puzzle column (`question`,
`puzzle` or `quizzes`, as `graphdoku generate -f csv` writes it) or plain text,
one puzzle per line. The output is `question,answer,status`, in input order. On a
real cluster the same code runs with `--scheduler ADDRESS` (every worker needs
`pip install graphdoku` and to see the input paths, e.g. on shared storage or S3
through fsspec).
"""

import argparse
import sys

import dask.bag as db
import fsspec
from dask.distributed import Client, LocalCluster

import graphdoku

HEADER_NAMES = ("question", "puzzle", "quizzes", "quiz", "puzzles")


def solve_partition(lines, column=0, header=None, variant="sudoku9"):
    """One task: the puzzles of a partition solved as one array (the GIL released inside).

    `column` is the puzzle column of CSV lines; `header` (each file's first line)
    is skipped wherever it appears.
    """
    puzzles = []
    for line in lines:
        line = line.strip()
        if line and line != header:
            puzzles.append(line.split(",")[column].strip())
    if not puzzles:
        return []
    result = graphdoku.solve(puzzles, variant=variant, threads=1)
    answers = graphdoku.to_strings(result.solutions, variant=variant)
    return [f"{q},{a if s == 'solved' else ''},{s}" for q, a, s in zip(puzzles, answers, result.status)]


def puzzle_column(pattern):
    """The puzzle column and header line of the first file of a CSV dataset (a
    path, a glob, or a URL fsspec opens, as `s3://...`); (0, None) for plain text."""
    with fsspec.open_files(pattern, mode="rt")[0] as f:
        first = f.readline().strip()
    names = [n.strip().lower() for n in first.split(",")]
    found = next((i for i, n in enumerate(names) if n in HEADER_NAMES), None)
    return (0, None) if found is None else (found, first)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input", help="a CSV or text file, or a glob of them")
    parser.add_argument("output", help="the CSV file to write")
    parser.add_argument("--scheduler", help="a Dask scheduler address (default: a LocalCluster here)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster workers")
    parser.add_argument("--blocksize", default="1MiB", help="bytes of input per partition")
    parser.add_argument("--variant", default="sudoku9")
    args = parser.parse_args()

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    with client:
        bag = db.read_text(args.input, blocksize=args.blocksize)
        print(f"{bag.npartitions} partitions on {len(client.scheduler_info()['workers'])} workers", file=sys.stderr)
        column, header = puzzle_column(args.input)
        rows = bag.map_partitions(solve_partition, column=column, header=header, variant=args.variant).compute()
    with open(args.output, "w") as out:
        out.write("question,answer,status\n")
        for row in rows:
            out.write(row + "\n")
    solved = sum(1 for r in rows if r.endswith(",solved"))
    print(f"{len(rows)} puzzles, {solved} solved -> {args.output}", file=sys.stderr)
    return 0 if solved == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
