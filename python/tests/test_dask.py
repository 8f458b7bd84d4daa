"""The Dask example on a LocalCluster: the same answers as the CLI's `solve` and
as the generator's own solutions."""

import subprocess
import sys
from pathlib import Path

import pytest

import graphdoku

from test_graphdoku import cli

pytest.importorskip("dask.distributed")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_solve.py"


def test_dask_example_matches_the_cli(tmp_path):
    made = graphdoku.generate(120, seed=23)
    questions = graphdoku.to_strings(made.puzzles)
    answers = graphdoku.to_strings(made.solutions)
    # Two files of a directory, with the puzzle column second.
    for part, rows in enumerate([range(0, 70), range(70, 120)]):
        lines = ["id,puzzle,solution"] + [f"{i},{questions[i]},{answers[i]}" for i in rows]
        (tmp_path / f"part{part}.csv").write_text("\n".join(lines) + "\n")
    out = tmp_path / "answers.csv"
    subprocess.run(
        [sys.executable, str(EXAMPLE), str(tmp_path / "part*.csv"), str(out), "--blocksize", "2KiB"],
        check=True,
        timeout=300,
    )
    rows = [line.split(",") for line in out.read_text().splitlines()[1:]]
    assert [r[0] for r in rows] == questions
    assert [r[2] for r in rows] == ["solved"] * 120
    assert [r[1] for r in rows] == answers
    binary = cli()
    if binary is None:
        pytest.skip("no graphdoku binary to compare with")
    solved = subprocess.run(
        [binary, "solve", "-f", "line", str(tmp_path / "part0.csv"), str(tmp_path / "part1.csv")],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert solved == [r[1] for r in rows]
