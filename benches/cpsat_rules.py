#!/usr/bin/env python3
"""CP-SAT (OR-Tools) on "solve this puzzle with rules and prove it unique", for comparison.

Usage: cpsat_rules.py < PUZZLES.jsonl   (as benches/rules.rs runs it)

Reads every line of stdin first (one puzzle per line, as benches/rules.rs writes
it), then answers one JSON line per puzzle, in order:
  {"status": "unique" | "multiple" | "infeasible" | "unknown" | "not-modelled",
   "seconds": S, "solution": [colour per cell], "why": "..."}
"seconds" is the median over three proofs of the wall time of the two Solve()
calls (solve; forbid that solution; solve again), not building the model. One
worker.

The model: one integer variable per cell whose domain is the values of the
symbols it may hold; AddAllDifferent per house; != per edge outside the houses;
givens fixed; and each rule (as graphdoku's Rule serialises: {"Kind": ...}):
  Killer      AllDifferent, and the linear sum when it has a total
  Cage, Sum   the linear sum (weights for Sum)
  Arrow       the circle read as a number (10^k weights) = the sum of the line
  Thermometer x[i] < x[i+1];  SlowThermometer x[i] <= x[i+1]
  Difference, Ratio, Xv, Whispers, Relation
              AddAllowedAssignments over the allowed value pairs
  Negative    AddAllowedAssignments forbidding the mark's pairs on every
              orthogonal pair without such a mark
  NonConsecutive  the same for |a - b| = 1 on every orthogonal pair
  Renban      AllDifferent and max - min = len - 1
  Parity      each cell's value in the odd (even) values
A rule kind not listed makes the puzzle "not-modelled" (named in "why"),
never silently dropped.
"""
import json
import statistics
import sys
import time

from ortools.sat.python import cp_model

KNOWN = {
    "Killer", "Cage", "Sum", "Arrow", "Thermometer", "SlowThermometer",
    "Difference", "Ratio", "Xv", "Whispers", "Relation", "Negative",
    "NonConsecutive", "Renban", "Parity",
}


def kind_of(rule):
    """The rule's kind and its fields: {"Killer": {...}} or "NonConsecutive"."""
    if isinstance(rule, str):
        return rule, None
    (kind, body), = rule.items()
    return kind, body


def pair_table(values, keep):
    return [(a, b) for a in values for b in values if keep(a, b)]


def build(p):
    """The model, its cell variables, and the names of rule kinds not modelled."""
    values = p["values"]
    model = cp_model.CpModel()
    x = []
    for c, allowed in enumerate(p["allowed"]):
        vals = sorted({values[k] for k in (allowed if allowed is not None else range(len(values)))})
        x.append(model.NewIntVarFromDomain(cp_model.Domain.FromValues(vals), f"x{c}"))
    for house in p["houses"]:
        model.AddAllDifferent([x[c] for c in house])
    for a, b in p["edges"]:
        model.Add(x[a] != x[b])
    for c, g in enumerate(p["givens"]):
        if g is not None:
            model.Add(x[c] == values[g])
    rules = [kind_of(r) for r in p["rules"]]
    unknown = sorted({k for k, _ in rules if k not in KNOWN})
    if len(set(values)) != len(values):
        unknown.append("symbols sharing a value")
    if unknown:
        return None, None, unknown
    dvals = sorted(set(values))

    def table(pairs, allowed):
        for a, b in pairs:
            model.AddAllowedAssignments([x[a], x[b]], allowed)

    marks = {"Difference": set(), "Ratio": set(), "XV": set()}
    for kind, r in rules:
        if kind in ("Difference", "Ratio", "Xv"):
            a, b = r["cells"]
            marks["XV" if kind == "Xv" else kind].add((min(a, b), max(a, b)))
    for kind, r in rules:
        if kind == "Killer":
            model.AddAllDifferent([x[c] for c in r["cells"]])
            if r["total"] is not None:
                model.Add(sum(x[c] for c in r["cells"]) == r["total"])
        elif kind == "Cage":
            model.Add(sum(x[c] for c in r["cells"]) == r["total"])
        elif kind == "Sum":
            model.Add(sum(w * x[c] for w, c in zip(r["weights"], r["cells"])) == r["total"])
        elif kind == "Arrow":
            n = len(r["circle"])
            circle = sum(10 ** (n - 1 - i) * x[c] for i, c in enumerate(r["circle"]))
            model.Add(circle == sum(x[c] for c in r["line"]))
        elif kind in ("Thermometer", "SlowThermometer"):
            for a, b in zip(r, r[1:]):
                if kind == "Thermometer":
                    model.Add(x[a] < x[b])
                else:
                    model.Add(x[a] <= x[b])
        elif kind == "Difference":
            d = r["value"]
            table([r["cells"]], pair_table(dvals, lambda a, b: abs(a - b) == d))
        elif kind == "Ratio":
            k = r["value"]
            table([r["cells"]], pair_table(dvals, lambda a, b: a == k * b or b == k * a))
        elif kind == "Xv":
            s = r["sum"]
            table([r["cells"]], pair_table(dvals, lambda a, b: a + b == s))
        elif kind == "Whispers":
            d = r["difference"]
            cells = r["cells"]
            table(list(zip(cells, cells[1:])), pair_table(dvals, lambda a, b: abs(a - b) >= d))
        elif kind == "Relation":
            table(r["pairs"], [tuple(t) for t in r["allowed"]])
        elif kind == "Negative":
            unmarked = [tuple(q) for q in p["orthogonal"] if tuple(q) not in marks[r]]
            if r == "Difference":
                keep = lambda a, b: abs(a - b) != 1
            elif r == "Ratio":
                keep = lambda a, b: a != 2 * b and b != 2 * a
            else:
                keep = lambda a, b: a + b not in (5, 10)
            table(unmarked, pair_table(dvals, keep))
        elif kind == "NonConsecutive":
            table([tuple(q) for q in p["orthogonal"]], pair_table(dvals, lambda a, b: abs(a - b) != 1))
        elif kind == "Renban":
            cells = [x[c] for c in r]
            model.AddAllDifferent(cells)
            hi = model.NewIntVar(dvals[0], dvals[-1], "")
            lo = model.NewIntVar(dvals[0], dvals[-1], "")
            model.AddMaxEquality(hi, cells)
            model.AddMinEquality(lo, cells)
            model.Add(hi - lo == len(cells) - 1)
        elif kind == "Parity":
            want = 1 if r["odd"] else 0
            dom = cp_model.Domain.FromValues([v for v in dvals if v % 2 == want])
            for c in r["cells"]:
                model.AddLinearExpressionInDomain(x[c], dom)
    return model, x, []


def prove(p):
    """One proof: (status, seconds of the two solves, first solution in values)."""
    model, x, unknown = build(p)
    if unknown:
        return "not-modelled", None, None, ", ".join(unknown)
    limit = float(p.get("timeout", 60))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = limit
    start = time.perf_counter()
    status = solver.Solve(model)
    took = time.perf_counter() - start
    if status == cp_model.INFEASIBLE:
        return "infeasible", took, None, None
    if status not in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        return "unknown", took, None, None
    first = [solver.Value(v) for v in x]
    # Forbid that solution: some cell differs.
    differs = []
    for v, s in zip(x, first):
        b = model.NewBoolVar("")
        model.Add(v != s).OnlyEnforceIf(b)
        differs.append(b)
    model.AddBoolOr(differs)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = limit
    start = time.perf_counter()
    status = solver.Solve(model)
    took += time.perf_counter() - start
    if status == cp_model.INFEASIBLE:
        return "unique", took, first, None
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        return "multiple", took, first, None
    return "unknown", took, first, None


def main():
    puzzles = [json.loads(line) for line in sys.stdin.read().splitlines() if line.strip()]
    for p in puzzles:
        runs = [prove(p) for _ in range(3)]
        status, _, first, why = runs[0]
        answer = {"status": status}
        if why:
            answer["why"] = why
        if status not in ("not-modelled",):
            answer["seconds"] = statistics.median(r[1] for r in runs)
        if first is not None:
            colour = {v: k for k, v in enumerate(p["values"])}
            answer["solution"] = [colour[v] for v in first]
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
