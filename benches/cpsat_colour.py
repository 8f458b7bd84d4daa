#!/usr/bin/env python3
"""CP-SAT (OR-Tools) on "colour this DIMACS graph with k colours", for comparison.

Usage: cpsat_colour.py GRAPH.col K [SECONDS]
Prints "STATUS SECONDS": the solver's status (FEASIBLE, INFEASIBLE, UNKNOWN) and the
wall time of Solve() alone (not reading the file or building the model). One worker.
The model: one integer variable per vertex in 0..K-1, x[u] != x[v] per edge, and
the colour-symmetry breaking that costs nothing: vertex i takes a colour <= i.
"""
import sys
import time

from ortools.sat.python import cp_model


def main():
    path, k = sys.argv[1], int(sys.argv[2])
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
    n, edges = 0, []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "p":
                n = int(parts[2])
            elif parts[0] == "e":
                edges.append((int(parts[1]) - 1, int(parts[2]) - 1))
    model = cp_model.CpModel()
    x = [model.NewIntVar(0, min(k - 1, i), f"x{i}") for i in range(n)]
    for a, b in edges:
        model.Add(x[a] != x[b])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = limit
    start = time.perf_counter()
    status = solver.Solve(model)
    took = time.perf_counter() - start
    print(f"{solver.StatusName(status)} {took:.3f}")


if __name__ == "__main__":
    main()
