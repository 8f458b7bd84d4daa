"""Throughput: graphdoku.solve from Python on a file of puzzles as a NumPy array,
against the CLI's `graphdoku count -j N` on the same file.

    python python/bench/throughput.py data/17-clue.txt --jobs 2 [--cli target/release/graphdoku]

Prints puzzles per second of each and the ratio (Python / CLI). The array is
built before the clock starts: the figure is the solving, as `count` measures it
from reading to printing. Not a test: run it by hand, on a quiet machine.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import graphdoku


def load(path: Path) -> np.ndarray:
    """The file's puzzles (one 81-character line each, `.` or `0` empty) as an (N, 81) array."""
    lines = [line.strip() for line in path.read_text().splitlines()]
    lines = [line for line in lines if len(line) == 81 and not line.startswith("#")]
    raw = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)
    return np.where((raw >= ord("1")) & (raw <= ord("9")), raw - ord("0"), 0).astype(np.int64)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path)
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count())
    parser.add_argument("--cli", default=None, help="the graphdoku binary (default: target/release/graphdoku, then PATH)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best is kept")
    args = parser.parse_args()

    root = Path(__file__).resolve().parents[2]
    binary = args.cli or next(
        (str(p) for p in [root / "target/release/graphdoku"] if p.exists()), shutil.which("graphdoku")
    )
    puzzles = load(args.file)
    n = len(puzzles)
    print(f"{n} puzzles from {args.file}, {args.jobs} threads")

    command = [binary, "count", "-j", str(args.jobs), str(args.file)] if binary else None
    runs = {
        "python count(limit=2)": lambda: graphdoku.count(puzzles, limit=2, threads=args.jobs),
        "python solve": lambda: graphdoku.solve(puzzles, threads=args.jobs),
    }
    if command:
        runs[f"cli {' '.join(command[1:])}"] = lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # One run of each in turn, `repeat` times, the best of each kept: a machine
    # whose load changes during the benchmark weighs on every side alike.
    best = {name: float("inf") for name in runs}
    for _ in range(args.repeat):
        for name, work in runs.items():
            best[name] = min(best[name], timed(work))
    counted = graphdoku.count(puzzles, limit=2, threads=args.jobs)
    print(f"statuses: {dict(zip(*np.unique(counted.status, return_counts=True)))}")
    for name, seconds in best.items():
        print(f"{name}: {seconds:.3f} s, {n / seconds:,.0f} puzzles/s")
    if binary is None:
        print("no graphdoku binary: build it with `cargo build --release`")
        return 0
    best_py, best_solve, best_cli = best.values()
    print(f"ratio python count / cli count: {best_cli / best_py:.2f}x")
    print(f"ratio python solve / cli count: {best_cli / best_solve:.2f}x")
    return 0


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
