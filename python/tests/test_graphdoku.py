"""Tests of the graphdoku Python package: every public function, checked against
independent facts (Sudoku rules checked in NumPy, known counts, the CLI)."""

import json
import os
import shutil
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import graphdoku

PUZZLE = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
ANSWER = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def digits(text):
    return np.array([[int(c) if c not in ".0" else 0 for c in text]])


def is_sudoku(grid):
    """True when a 9x9 grid (81 values 1..9) has every digit once per row, column and box."""
    g = np.asarray(grid).reshape(9, 9)
    boxes = g.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
    return all(sorted(line) == list(range(1, 10)) for part in (g, g.T, boxes) for line in part)


def cli():
    """The graphdoku binary: $GRAPHDOKU, on PATH, or the workspace's build; None without one."""
    found = os.environ.get("GRAPHDOKU") or shutil.which("graphdoku")
    if found:
        return found
    root = Path(__file__).resolve().parents[2]
    for build in ("debug", "release"):
        candidate = root / "target" / build / "graphdoku"
        if candidate.exists():
            return str(candidate)
    return None


# Variant


def test_variant_load_gives_the_shape():
    v = graphdoku.Variant.load("sudoku9")
    assert len(v) == 81
    assert v.cells[0] == "r1c1" and v.cells[80] == "r9c9"
    assert v.symbols == [str(d) for d in range(1, 10)]
    assert len(v.houses) == 27
    name, cells = v.houses[0]
    assert len(cells) == 9 and isinstance(name, str)
    assert v.rules == []
    # 81 cells, 20 neighbours each.
    assert v.edges.shape == (810, 2)
    assert "81 cells" in repr(v)


def test_variant_errors_carry_the_cli_message():
    with pytest.raises(graphdoku.VariantError, match="nope"):
        graphdoku.Variant.load("nope")
    with pytest.raises(graphdoku.VariantError, match=r"<ron>:1:"):
        graphdoku.Variant.from_ron("Variant(extends: ")
    # A VariantError is a ValueError.
    with pytest.raises(ValueError):
        graphdoku.solve([PUZZLE], variant="no-such-variant")


def test_variant_from_ron_with_houses_and_rules():
    x = graphdoku.Variant.from_ron('Variant(extends: "sudoku9", houses: [Diagonals])')
    assert len(x.houses) == 29
    killer = graphdoku.Variant.from_ron(
        'Variant(extends: "sudoku4", rules: [Killer(cells: ["r1c1", "r1c2"], total: 3)])'
    )
    assert len(killer.rules) == 1 and "Killer" in killer.rules[0]
    result = graphdoku.solve(np.zeros((1, 16), dtype=np.int64), variant=killer)
    assert result.status[0] == "solved"
    assert result.solutions[0, 0] + result.solutions[0, 1] == 3


# solve


def test_solve_strings():
    result = graphdoku.solve([PUZZLE, PUZZLE.replace("0", ".")])
    assert result.solutions.shape == (2, 81)
    assert result.solutions.dtype == np.uint8
    assert list(result.status) == ["solved", "solved"]
    assert "".join(map(str, result.solutions[0])) == ANSWER
    assert (result.solutions[0] == result.solutions[1]).all()


def test_solve_array_keeps_givens_and_follows_the_rules():
    made = graphdoku.generate(12, seed=3)
    result = graphdoku.solve(made.puzzles, unique=True)
    assert (result.status == "unique").all()
    given = made.puzzles > 0
    assert (result.solutions[given] == made.puzzles[given]).all()
    assert all(is_sudoku(row) for row in result.solutions)
    # Unique, so the generator's own solutions.
    assert (result.solutions == made.solutions).all()
    # Any integer dtype, and a list of lists.
    again = graphdoku.solve(made.puzzles.astype(np.int32).tolist())
    assert (again.solutions == made.solutions).all()


def test_solve_statuses():
    empty = np.zeros((1, 81), dtype=np.int64)
    assert graphdoku.solve(empty, unique=True).status[0] == "multiple"
    assert graphdoku.solve(empty).status[0] == "solved"
    # Row 1 holds 1..8, so r1c9 must be 9; but column 9 already has a 9.
    stuck = np.zeros((1, 81), dtype=np.int64)
    stuck[0, :8] = np.arange(1, 9)
    stuck[0, 9 + 8] = 9
    result = graphdoku.solve(stuck)
    assert result.status[0] == "no-solution"
    assert (result.solutions[0] == 0).all()


def test_bad_puzzles_are_invalid_and_the_rest_still_run():
    clash = "11" + PUZZLE[2:]
    result = graphdoku.solve([PUZZLE, clash, "12x" + PUZZLE[3:], PUZZLE])
    assert list(result.status) == ["solved", "invalid", "invalid", "solved"]
    assert sorted(result.errors) == [1, 2]
    # The CLI's messages, placed in the batch: the row, then line and column.
    assert result.errors[1].startswith("puzzles[1]:1: givens clash: r1c1 and r1c2")
    assert result.errors[2].startswith("puzzles[2]:1:3: unknown symbol")
    assert (result.solutions[[1, 2]] == 0).all()
    assert "".join(map(str, result.solutions[3])) == ANSWER
    # An array: a value out of range and a clash, each in its own row.
    bad = np.repeat(digits(PUZZLE), 3, axis=0)
    bad[0, 5] = 10
    bad[2, 1] = bad[2, 2] = 5
    result = graphdoku.solve(bad, unique=True)
    assert list(result.status) == ["invalid", "unique", "invalid"]
    assert result.errors[0] == "puzzles[0][5] (r1c6): 10 is not 0 (empty) or a symbol 1..=9"
    assert result.errors[2].startswith("puzzles[2]: givens clash")
    # count and grade say the same of the same rows.
    counted = graphdoku.count(bad)
    assert list(counted.status) == ["invalid", "unique", "invalid"]
    assert list(counted.counts) == [0, 1, 0]
    assert counted.errors == result.errors
    graded = graphdoku.grade(bad)
    assert list(graded.level) == ["", "easy", ""]
    assert list(graded.status) == ["invalid", "unique", "invalid"]
    assert list(graphdoku.check(bad)) == ["invalid", "unique", "invalid"]
    # No error, no entry.
    assert graphdoku.solve([PUZZLE]).errors == {}


def test_what_no_row_could_survive_still_raises():
    with pytest.raises(graphdoku.InputError, match="80 columns"):
        graphdoku.solve(np.zeros((1, 80), dtype=np.int64))
    with pytest.raises(ValueError, match=r"shape \(N, 81\)"):
        graphdoku.solve(np.zeros((2, 9, 9), dtype=np.int64))
    with pytest.raises(TypeError):
        graphdoku.solve(PUZZLE)
    with pytest.raises(TypeError):
        graphdoku.solve(np.zeros((1, 81)))
    with pytest.raises(ValueError):
        graphdoku.solve([PUZZLE], threads=0)
    with pytest.raises(graphdoku.VariantError):
        graphdoku.solve([PUZZLE], variant="no-such-variant")
    # One puzzle asked for alone: pencil_marks and explain raise on it.
    with pytest.raises(graphdoku.InputError, match=r"puzzles\[0\]:1:3"):
        graphdoku.pencil_marks("12x" + PUZZLE[3:])
    with pytest.raises(graphdoku.InputError, match=r"puzzles\[0\]:1:3"):
        graphdoku.explain("12x" + PUZZLE[3:])


def test_solve_other_variants_and_wide_alphabets():
    v = graphdoku.Variant.load("sudoku16")
    result = graphdoku.solve(np.zeros((2, 256), dtype=np.int64), variant=v)
    assert result.solutions.shape == (2, 256)
    assert (result.status == "solved").all()
    assert set(np.unique(result.solutions)) == set(range(1, 17))


def test_threads_and_concurrent_callers_agree():
    made = graphdoku.generate(8, seed=11)
    one = graphdoku.solve(made.puzzles, threads=1)
    two = graphdoku.solve(made.puzzles, threads=2, timeout=30.0)
    assert (one.solutions == two.solutions).all()
    # Python threads calling at once (the GIL is released inside).
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: graphdoku.solve(made.puzzles).solutions, range(4)))
    assert all((r == one.solutions).all() for r in results)


def test_the_gil_is_released_while_solving():
    # A Python thread keeps counting while a batch is solved.
    made = graphdoku.generate(4, seed=5)
    batch = np.repeat(made.puzzles, 3000, axis=0)
    ticks = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    before = ticks[0]
    graphdoku.solve(batch, threads=1)
    during = ticks[0] - before
    done.set()
    counter.join()
    assert during > 1000


# count, check


def test_count():
    empty4 = np.zeros((1, 16), dtype=np.int64)
    counted = graphdoku.count(empty4, limit=1000, variant="sudoku4")
    assert counted.counts.dtype == np.uint64
    assert counted.counts[0] == 288
    assert counted.status[0] == "multiple"
    assert graphdoku.count(empty4, limit=5, variant="sudoku4").counts[0] == 5
    one = graphdoku.count([PUZZLE])
    assert (one.counts[0], one.status[0]) == (1, "unique")
    with pytest.raises(ValueError):
        graphdoku.count([PUZZLE], limit=0)


def test_check():
    empty = "0" * 81
    assert list(graphdoku.check([PUZZLE, empty])) == ["unique", "multiple"]


# grade


def test_grade():
    graded = graphdoku.grade([PUZZLE, "0" * 81])
    assert graded.level[0] == "easy"
    assert graded.guesses[0] == 0
    assert list(graded.status) == ["unique", "multiple"]
    # The ratings `graphdoku grade` prints: ED=1.2/1.2/1.2 for this one; none
    # for the empty grid, whose path guesses.
    assert graded.se.shape == (2, 3) and graded.se.dtype == np.float32
    assert np.allclose(graded.se[0], [1.2, 1.2, 1.2])
    assert np.isnan(graded.se[1]).all()
    assert set(graded.level) <= set(graphdoku.LEVELS) | {""}
    assert list(graphdoku.LEVELS)[:2] == ["easy", "rules"]


def test_logic_budget_is_the_clis():
    # data/thermo.ron needs forcing chains through its thermometers, as
    # `graphdoku grade --logic-budget 0` and the default show.
    thermo = (Path(__file__).parents[2] / "data" / "thermo.ron").read_text()
    none = graphdoku.grade([thermo], logic_budget=0)
    assert none.level[0] == "needs-search" and none.guesses[0] > 0
    plenty = graphdoku.grade([thermo], logic_budget=60)
    assert plenty.level[0] == "extreme" and plenty.guesses[0] == 0
    assert np.isclose(plenty.se[0, 0], 8.8)
    guessed = graphdoku.explain(thermo, logic_budget=0)
    assert "guess" in {step["technique"] for step in guessed.steps}
    with pytest.raises(ValueError, match="logic_budget"):
        graphdoku.grade([thermo], logic_budget=-1)


# generate


def test_generate_is_reproducible_unique_and_minimal():
    a = graphdoku.generate(5, seed=7)
    b = graphdoku.generate(5, seed=7)
    assert a.puzzles.shape == (5, 81) and a.solutions.shape == (5, 81)
    assert (a.puzzles == b.puzzles).all()
    assert (graphdoku.check(a.puzzles) == "unique").all()
    assert all(is_sudoku(s) for s in a.solutions)
    # Minimal: removing any one given of the first puzzle leaves several solutions.
    first = a.puzzles[0]
    fewer = np.repeat(first[None], int((first > 0).sum()), axis=0).astype(np.int64)
    for row, cell in enumerate(np.flatnonzero(first)):
        fewer[row, cell] = 0
    assert (graphdoku.check(fewer) == "multiple").all()


def test_generate_options():
    easy = graphdoku.generate(2, seed=1, difficulty="easy")
    assert (graphdoku.grade(easy.puzzles).level == "easy").all()
    with pytest.raises(ValueError, match="not one of"):
        graphdoku.generate(1, difficulty="impossible")
    # More clues than cells is bad input (the CLI's exit 2), not giving up.
    with pytest.raises(ValueError, match="200 clues"):
        graphdoku.generate(1, variant="sudoku4", clues=200)
    four = graphdoku.generate(3, variant="sudoku4", seed=2)
    assert four.puzzles.shape == (3, 16)


def test_generate_threads():
    # These 16×16s send a few questions to SAT, so to the threads (two are started):
    # the thread count changes who answers them, never the puzzles.
    one = graphdoku.generate(2, variant="sudoku16", seed=4, threads=1)
    two = graphdoku.generate(2, variant="sudoku16", seed=4, threads=2)
    assert (one.puzzles == two.puzzles).all()
    assert (graphdoku.check(two.puzzles, variant="sudoku16") == "unique").all()
    with pytest.raises(ValueError, match="threads must be at least 1"):
        graphdoku.generate(1, threads=0)


def test_generate_matches_the_cli():
    binary = cli()
    if binary is None:
        pytest.skip("no graphdoku binary (cargo build)")
    out = subprocess.run(
        [binary, "generate", "--count", "3", "--seed", "7", "-f", "line"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    made = graphdoku.generate(3, seed=7)
    assert graphdoku.to_strings(made.puzzles) == out


# candidates, to_strings


def test_candidates_are_the_true_ones_with_counts_as_the_cli_gives_them():
    # The Euler example is unique: each empty cell's one true candidate is the answer's digit.
    found = graphdoku.candidates([PUZZLE, "." * 80 + "1"], limit=3)
    assert found.counts.shape == (2, 81, 9) and found.counts.dtype == np.uint64
    answer = digits(ANSWER)[0]
    assert list(found.status) == ["unique", "multiple"]
    # Counted up to the limit: a lower bound there.
    assert found.counts[1].max() == 3 and not found.exact[1, 0, 0]
    for cell in range(81):
        row = found.counts[0, cell]
        assert row[answer[cell] - 1] == 1 and row.sum() == 1
    assert found.exact[0].all()
    # The same counts as `graphdoku candidates --json` on a puzzle of several solutions.
    binary = cli()
    if binary:
        out = subprocess.run(
            [binary, "candidates", "--json", "-v", "sudoku4", "-"], input="1...\n....\n....\n...2\n",
            capture_output=True, text=True,
        )
        record = __import__("json").loads(out.stdout)
        four = graphdoku.candidates("1...\n....\n....\n...2", variant="sudoku4")
        for cell, entry in enumerate(record["cells"]):
            for symbol, count in entry["counts"].items():
                assert four.counts[0, cell, int(symbol) - 1] == count
    # A string alone is a batch of one; a bad row is invalid, the rest still run.
    bad = graphdoku.candidates(["11" + PUZZLE[2:], PUZZLE])
    assert list(bad.status) == ["invalid", "unique"] and 0 in bad.errors


def test_pencil_marks():
    table = graphdoku.pencil_marks(PUZZLE)
    assert table.shape == (81, 9) and table.dtype == bool
    givens = digits(PUZZLE)[0]
    answer = digits(ANSWER)[0]
    for cell in range(81):
        # The answer's digit is always left, and a given is the only one.
        assert table[cell, answer[cell] - 1]
        if givens[cell]:
            assert table[cell].sum() == 1
    # r1c1 sees 3, 2, 6 in its row, 9 in its column, 1 in its box.
    assert not table[0, 2] and not table[0, 8] and not table[0, 0]
    assert (graphdoku.pencil_marks(givens) == table).all()


RON_KILLER = """Puzzle(
    variant: "sudoku4",
    givens: Rows(["....", "....", "....", "...."]),
    rules: [Killer(cells: ["r1c1", "r1c2"], total: 3), Killer(cells: ["r2c1", "r2c2"], total: 7),
            Killer(cells: ["r1c3", "r1c4"], total: 7)],
)"""


def test_ron_puzzle_text_is_a_puzzle_everywhere():
    # Its own variant and rules, without variant=.
    solved = graphdoku.solve([RON_KILLER])
    assert solved.status[0] == "solved"
    grid = solved.solutions[0]
    assert sorted(grid[:2]) == [1, 2] and sorted(grid[4:6]) == [3, 4] and grid[2] + grid[3] == 7
    assert graphdoku.check([RON_KILLER])[0] in ("unique", "multiple")
    assert graphdoku.count([RON_KILLER], limit=100).counts[0] >= 1
    assert graphdoku.candidates(RON_KILLER).status[0] in ("unique", "multiple")
    # On another variant it is refused by row, as a bad puzzle is.
    wrong = graphdoku.solve([RON_KILLER], variant="sudoku4")
    assert wrong.status[0] == "invalid" and "Variant.from_puzzle" in wrong.errors[0]
    v = graphdoku.Variant.from_puzzle(RON_KILLER)
    assert len(v.rules) == 3 and graphdoku.solve([RON_KILLER], variant=v).status[0] == "solved"


def test_canon_matches_the_cli():
    transposed = "".join(PUZZLE[(i % 9) * 9 + i // 9] for i in range(81))
    forms = graphdoku.canon([PUZZLE, transposed, "11" + PUZZLE[2:]])
    assert forms.forms[0] == forms.forms[1] and forms.forms[2] == "" and 2 in forms.errors
    binary = cli()
    if binary:
        out = subprocess.run([binary, "canon", "-"], input=PUZZLE + "\n", capture_output=True, text=True)
        assert out.stdout.strip() == forms.forms[0]


def test_verify_dataset_says_what_the_cli_says():
    other = graphdoku.generate(1, seed=9)
    other_q = graphdoku.to_strings(other.puzzles)[0]
    other_a = graphdoku.to_strings(other.solutions)[0]
    wrong = ANSWER[1] + ANSWER[1:]  # two equal digits in row 1: wrong, not unreadable
    questions = [PUZZLE, PUZZLE, other_q, PUZZLE, "." * 81, "11" + PUZZLE[2:]]
    answers = [ANSWER, ANSWER, other_a, wrong, ANSWER, ANSWER]
    found = graphdoku.verify_dataset(questions, answers)
    assert list(found.finding) == ["ok", "duplicate", "ok", "wrong-answer", "multiple", "invalid"]
    assert "does not solve the question" in found.messages[3]
    assert "duplicate of row 0" in found.messages[1]
    unanswered = graphdoku.verify_dataset(["." * 81])
    assert list(unanswered.finding) == ["multiple"]


def test_explain_and_hint_give_the_cli_steps():
    explained = graphdoku.explain(PUZZLE)
    assert explained.status == "unique"
    placed = [s["placed"] for s in explained.steps if s["placed"]]
    assert len(placed) == 81 - sum(c != "0" for c in PUZZLE)
    hint = graphdoku.hint(PUZZLE)
    assert hint.steps == explained.steps[:1]
    binary = cli()
    if binary:
        out = subprocess.run([binary, "hint", "--json", "-"], input=PUZZLE + "\n", capture_output=True, text=True)
        record = __import__("json").loads(out.stdout)
        step = dict(record["steps"][0])
        step.pop("rule", None)
        assert step == hint.steps[0]
    assert graphdoku.explain("." * 80 + "1").status == "multiple"


def test_generate_with_rules():
    made = graphdoku.generate(2, variant="sudoku4", seed=3, rules=["killer"])
    assert len(made.rules) == 2 and all(r and all("Killer" in rule for rule in r) for r in made.rules)
    # Each file is a puzzle every function takes, unique under its rules.
    for text, solution in zip(made.files, made.solutions):
        checked = graphdoku.solve([text], unique=True)
        assert checked.status[0] == "unique"
        assert (checked.solutions[0] == solution).all()
    with pytest.raises(ValueError, match="kind of rule"):
        graphdoku.generate(1, rules=["no-such-rule"])


def test_generate_by_rating_with_rules():
    # The CLI's puzzles: rated as `graphdoku grade` rates them, rules and all.
    made = graphdoku.generate(2, seed=1, rules=["killer"], se="3.0..4.0")
    for text, solution in zip(made.files, made.solutions):
        checked = graphdoku.solve([text], unique=True)
        assert checked.status[0] == "unique"
        assert (checked.solutions[0] == solution).all()
    binary = cli()
    if binary is not None:
        out = subprocess.run(
            [binary, "generate", "--rules", "killer", "--se", "3.0..4.0", "-n", "2", "-s", "1", "-f", "json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.splitlines()
        records = [json.loads(line) for line in out]
        assert graphdoku.to_strings(made.puzzles) == [r["puzzle"] for r in records]
        assert all(3.0 <= r["se"]["er"] <= 4.0 for r in records)
    # Out of reach: given up (the CLI's exit 5), with the range in the reason.
    with pytest.raises(graphdoku.GenerateError, match="rating in 0.0..0.5"):
        graphdoku.generate(1, seed=1, rules=["killer"], se="..0.5", attempts=2)
    with pytest.raises(ValueError, match="expected a rating"):
        graphdoku.generate(1, se="hard-ish")
    with pytest.raises(ValueError, match="one or the other"):
        graphdoku.generate(1, se="hard", difficulty="hard")


def test_errors_follow_the_cli_exit_classes():
    # Gave up (exit 5): a TimeoutError.
    assert issubclass(graphdoku.GenerateError, TimeoutError)
    with pytest.raises(TimeoutError):
        graphdoku.generate(1, variant="sudoku4", seed=1, clues=1, attempts=2)
    # Bad input (exit 2): a ValueError.
    assert issubclass(graphdoku.InputError, ValueError) and issubclass(graphdoku.VariantError, ValueError)


def test_to_strings_round_trips():
    made = graphdoku.generate(3, seed=4)
    lines = graphdoku.to_strings(made.puzzles)
    assert all(len(line) == 81 for line in lines)
    assert (graphdoku.solve(lines).solutions == made.solutions).all()


# colour, chromatic


K4 = np.array([(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)])
WHEEL = np.array([(i, (i + 1) % 5) for i in range(5)] + [(i, 5) for i in range(5)])


def proper(edges, colours):
    return all(colours[a] != colours[b] for a, b in edges)


def test_colour():
    assert graphdoku.colour(K4, k=3) is None
    four = graphdoku.colour(K4, k=4)
    assert proper(K4, four) and len(set(four.tolist())) == 4
    # Numbered 1..K as the CLI prints them; start=0 for indices.
    assert sorted(four.tolist()) == [1, 2, 3, 4]
    assert sorted(graphdoku.colour(K4, k=4, start=0).tolist()) == [0, 1, 2, 3]
    binary = cli()
    if binary:
        text = "".join(f"{a} {b}\n" for a, b in K4)
        out = subprocess.run([binary, "colour", "-k", "4", "-"], input=text, capture_output=True, text=True)
        printed = sorted(int(line.split()[1]) for line in out.stdout.splitlines() if line and line[0].isdigit())
        assert printed == [1, 2, 3, 4]
    fewest = graphdoku.colour(WHEEL)
    assert proper(WHEEL, fewest) and len(set(fewest.tolist())) == 4
    # Isolated vertices past the largest in an edge.
    assert len(graphdoku.colour(K4, k=4, vertices=6)) == 6
    with pytest.raises(ValueError):
        graphdoku.colour(np.array([(0, 1, 2)]), k=2)
    with pytest.raises(ValueError, match="vertex"):
        graphdoku.colour(np.array([(0, 5)]), k=2, vertices=3)


class Graph:
    """A networkx-like graph (nodes(), edges()), to show duck typing."""

    def __init__(self, edges):
        self._edges = edges

    def nodes(self):
        return sorted({v for e in self._edges for v in e})

    def edges(self):
        return list(self._edges)


def test_chromatic():
    wheel = graphdoku.chromatic(WHEEL)
    assert (wheel.lower, wheel.upper, wheel.proven) == (4, 4, True)
    assert proper(WHEEL, wheel.colouring)
    # The Petersen graph has chromatic number 3.
    petersen = [(i, (i + 1) % 5) for i in range(5)]
    petersen += [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    petersen += [(i, i + 5) for i in range(5)]
    assert graphdoku.chromatic(np.array(petersen)).upper == 3
    # A graph object with named nodes: a dict back.
    named = Graph([("a", "b"), ("b", "c"), ("c", "a")])
    result = graphdoku.chromatic(named)
    assert result.upper == 3 and set(result.colouring) == {"a", "b", "c"}
    colours = graphdoku.colour(named, k=3)
    assert len(set(colours.values())) == 3


def test_networkx_when_installed():
    nx = pytest.importorskip("networkx")
    g = nx.petersen_graph()
    assert graphdoku.chromatic(g).upper == 3


def test_help_reads_well():
    assert "Solves every puzzle" in graphdoku.solve.__doc__
    assert "Raises" in graphdoku.solve.__doc__
    assert graphdoku.Variant.load.__doc__
