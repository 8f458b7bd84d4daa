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
  LittleKiller  the linear sum of its diagonal
  Sandwich    positions of the (single) smallest and largest value, a
              Boolean "strictly between them" per cell, the sum of those
  XSum        x0 in 1..len; for each k, x0 = k implies the first k sum up
  Skyscraper  prefix maxima; cell i is seen iff it exceeds the one before it
  Between     the ends' min and max; each middle cell strictly inside
  Lockout     the ends differ by at least d; each middle cell strictly outside
  Quadruple   each listed digit held at least as often as it is listed
  Extremum    smaller (greater) than every orthogonal neighbour
  GreaterThan x[a] > x[b]
  RegionSum   every segment's sum equals the first's
  Palindrome, Clone  equal pairs
  Zipper      mirror pairs sum to the middle cell (odd) or to the ends' sum
  DoubleArrow the two ends sum to the line between them
  Entropic, Modular  cells within two steps on the line in different groups
              (low/middle/high thirds of the values; value mod 3), as tables
  Nabner      every two cells of the line differ by at least 2
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
    "NonConsecutive", "Renban", "Parity", "LittleKiller", "Sandwich", "XSum",
    "Skyscraper", "Between", "Lockout", "Quadruple", "Extremum", "GreaterThan",
    "RegionSum", "Palindrome", "Clone", "Zipper", "DoubleArrow", "Entropic",
    "Modular", "Nabner",
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
        else:
            later(model, x, kind, r, p, dvals, table)
    return model, x, []


def reified(model, holds, otherwise):
    """A Boolean b with holds() enforced if b, otherwise() if not b."""
    b = model.NewBoolVar("")
    holds().OnlyEnforceIf(b)
    otherwise().OnlyEnforceIf(b.Not())
    return b


def later(model, x, kind, r, p, dvals, table):
    """The rules added after the first benchmark (see the module's docstring)."""
    lo_v, hi_v = dvals[0], dvals[-1]
    if kind == "LittleKiller":
        model.Add(sum(x[c] for c in r["cells"]) == r["total"])
    elif kind == "Sandwich":
        cells = r["cells"]
        n = len(cells)
        is_lo = [reified(model, lambda c=c: model.Add(x[c] == lo_v),
                         lambda c=c: model.Add(x[c] != lo_v)) for c in cells]
        is_hi = [reified(model, lambda c=c: model.Add(x[c] == hi_v),
                         lambda c=c: model.Add(x[c] != hi_v)) for c in cells]
        model.AddExactlyOne(is_lo)
        model.AddExactlyOne(is_hi)
        p_lo, p_hi = model.NewIntVar(0, n - 1, ""), model.NewIntVar(0, n - 1, "")
        model.Add(p_lo == sum(i * b for i, b in enumerate(is_lo)))
        model.Add(p_hi == sum(i * b for i, b in enumerate(is_hi)))
        a, b = model.NewIntVar(0, n - 1, ""), model.NewIntVar(0, n - 1, "")
        model.AddMinEquality(a, [p_lo, p_hi])
        model.AddMaxEquality(b, [p_lo, p_hi])
        inside = []
        for i, c in enumerate(cells):
            after = reified(model, lambda: model.Add(a < i), lambda: model.Add(a >= i))
            before = reified(model, lambda: model.Add(b > i), lambda: model.Add(b <= i))
            both = model.NewBoolVar("")
            model.AddMultiplicationEquality(both, [after, before])
            y = model.NewIntVar(min(0, lo_v), max(0, hi_v), "")
            model.Add(y == x[c]).OnlyEnforceIf(both)
            model.Add(y == 0).OnlyEnforceIf(both.Not())
            inside.append(y)
        model.Add(sum(inside) == r["total"])
    elif kind == "XSum":
        cells = r["cells"]
        first = x[cells[0]]
        model.AddLinearExpressionInDomain(first, cp_model.Domain(1, len(cells)))
        for k in range(1, len(cells) + 1):
            if lo_v <= k <= hi_v:
                model.Add(sum(x[c] for c in cells[:k]) == r["total"]).OnlyEnforceIf(
                    reified(model, lambda k=k: model.Add(first == k),
                            lambda k=k: model.Add(first != k)))
    elif kind == "Skyscraper":
        cells = r["cells"]
        seen = [model.NewConstant(1)]
        tallest = x[cells[0]]
        for c in cells[1:]:
            before = tallest
            seen.append(reified(model, lambda c=c, t=before: model.Add(x[c] > t),
                                lambda c=c, t=before: model.Add(x[c] <= t)))
            tallest = model.NewIntVar(lo_v, hi_v, "")
            model.AddMaxEquality(tallest, [before, x[c]])
        model.Add(sum(seen) == r["count"])
    elif kind in ("Between", "Lockout"):
        cells = r if kind == "Between" else r["cells"]
        lo, hi = model.NewIntVar(lo_v, hi_v, ""), model.NewIntVar(lo_v, hi_v, "")
        model.AddMinEquality(lo, [x[cells[0]], x[cells[-1]]])
        model.AddMaxEquality(hi, [x[cells[0]], x[cells[-1]]])
        if kind == "Lockout":
            model.Add(hi - lo >= r["difference"])
        for c in cells[1:-1]:
            if kind == "Between":
                model.Add(x[c] > lo)
                model.Add(x[c] < hi)
            else:
                reified(model, lambda c=c: model.Add(x[c] < lo), lambda c=c: model.Add(x[c] > hi))
    elif kind == "Quadruple":
        for d in set(r["digits"]):
            held = [reified(model, lambda c=c: model.Add(x[c] == d),
                            lambda c=c: model.Add(x[c] != d)) for c in r["cells"]]
            model.Add(sum(held) >= r["digits"].count(d))
    elif kind == "Extremum":
        for c in r["cells"]:
            for a, b in p["orthogonal"]:
                if c in (a, b):
                    d = b if a == c else a
                    model.Add(x[c] < x[d]) if r["minimum"] else model.Add(x[c] > x[d])
    elif kind == "GreaterThan":
        a, b = r["cells"]
        model.Add(x[a] > x[b])
    elif kind == "RegionSum":
        first, *rest = r["segments"]
        for segment in rest:
            model.Add(sum(x[c] for c in segment) == sum(x[c] for c in first))
    elif kind in ("Palindrome", "Clone"):
        pairs = (zip(r, reversed(r)) if kind == "Palindrome" else zip(r[0], r[1]))
        for a, b in pairs:
            model.Add(x[a] == x[b])
    elif kind == "Zipper":
        n = len(r)
        target = x[r[n // 2]] if n % 2 else x[r[0]] + x[r[-1]]
        for i in range(n // 2):
            model.Add(x[r[i]] + x[r[n - 1 - i]] == target)
    elif kind == "DoubleArrow":
        model.Add(x[r[0]] + x[r[-1]] == sum(x[c] for c in r[1:-1]))
    elif kind in ("Entropic", "Modular"):
        if kind == "Entropic":
            group = lambda v: dvals.index(v) * 3 // len(dvals)
        else:
            group = lambda v: v % 3
        reach = 2 if len(r) >= 3 else 1
        pairs = [(r[i], r[j]) for i in range(len(r)) for j in range(i + 1, min(i + reach + 1, len(r)))]
        table(pairs, pair_table(dvals, lambda a, b: group(a) != group(b)))
    elif kind == "Nabner":
        pairs = [(a, b) for i, a in enumerate(r) for b in r[i + 1:]]
        table(pairs, pair_table(dvals, lambda a, b: abs(a - b) >= 2))
    else:
        raise ValueError(f"{kind} is in KNOWN but has no model")


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
