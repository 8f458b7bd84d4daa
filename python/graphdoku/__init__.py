"""graphdoku: Sudoku-like puzzles as graph colouring, batch-first from Python.

Puzzles go in as a list of strings (any one-puzzle text the CLI reads:
``"53..7...."`` lines, grids) or as a NumPy integer array of shape
``(N, cells)`` with 0 for an empty cell and ``k`` for the variant's ``k``-th
symbol (1..9 on a 9x9). Results come back as NumPy arrays, never one Python
object per cell; the work runs on all cores with the GIL released.

>>> import graphdoku
>>> result = graphdoku.solve(["003020600900305001001806400008102900700000008006708200002609500800203009005010300"])
>>> result.status[0], "".join(map(str, result.solutions[0][:9]))
('solved', '483921657')

Statuses use the words of the CLI's JSON output: ``solved``, ``unique``,
``multiple``, ``no-solution``, ``gave-up``, ``invalid``, ``internal-error``. A
puzzle that cannot be read (a bad value, givens that clash, text that does not
parse) is ``invalid``, its message in the result's ``errors``, and the rest of
the batch still runs; a wrong variant or an array of the wrong shape raises.

A puzzle string may also be a RON puzzle file's text (``Puzzle(variant: ...,
givens: ..., rules: [...])``): without ``variant=``, a batch whose first puzzle
is one is read on that puzzle's variant and rules. Every door asks the engine
the CLI asks (the search, then the SAT back end for what it leaves). Errors
follow the CLI's exit classes: bad input is a ``ValueError``
(:class:`InputError`, :class:`VariantError`), giving up a ``TimeoutError``
(:class:`GenerateError`, a colouring out of time), a bug a ``RuntimeError``.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, Optional, Sequence, Union

import numpy as np

from . import _graphdoku
from ._graphdoku import GenerateError, InputError, VariantError

__all__ = [
    "Variant",
    "solve",
    "count",
    "check",
    "grade",
    "generate",
    "candidates",
    "pencil_marks",
    "canon",
    "verify_dataset",
    "explain",
    "hint",
    "colour",
    "chromatic",
    "to_strings",
    "Solved",
    "Counted",
    "Graded",
    "Generated",
    "Candidates",
    "Canonical",
    "Verified",
    "Explained",
    "Chromatic",
    "STATUS",
    "LEVELS",
    "DATASET",
    "VariantError",
    "InputError",
    "GenerateError",
]

#: Status names, indexed by the native code (the CLI's JSON outcome words).
STATUS = np.array(["solved", "unique", "multiple", "no-solution", "gave-up", "internal-error", "invalid"])

#: Grade levels, easiest first (as `graphdoku grade` names them).
LEVELS = np.array(list(_graphdoku.level_names()))

#: What :func:`verify_dataset` finds of a row, indexed by the native code
#: (``graphdoku dataset verify``'s words).
DATASET = np.array(
    ["ok", "wrong-answer", "no-solution", "multiple", "gave-up", "invalid", "duplicate", "equivalent", "internal-error"]
)

Puzzles = Union[Sequence[str], np.ndarray]
VariantLike = Union[str, "Variant", None]


class Variant:
    """A variant: the shape (cells, houses, symbols) and its rules.

    Load one with :meth:`Variant.load` (a built-in name such as ``"sudoku9"``,
    ``"sudoku16"``, ``"jigsaw9"``, or a variant file) or :meth:`Variant.from_ron`.
    Every function that takes ``variant=`` accepts a name or a ``Variant``.
    """

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    @staticmethod
    def load(name_or_path: str) -> "Variant":
        """Loads a built-in variant or a variant file; raises :class:`VariantError`."""
        return Variant(_graphdoku.Variant.load(str(name_or_path)))

    @staticmethod
    def from_ron(text: str, origin: str = "<ron>") -> "Variant":
        """A variant from RON text, e.g. ``'Variant(extends: "sudoku9", houses: [Diagonals])'``.

        Raises :class:`VariantError` with ``origin:line:column`` on a mistake.
        """
        return Variant(_graphdoku.Variant.from_ron(text, origin))

    @staticmethod
    def from_puzzle(text: str, origin: str = "<puzzle>") -> "Variant":
        """The variant of a RON puzzle file's text, with the puzzle's own rules.

        What the puzzle's givens are read on; the functions use it by
        themselves when ``variant=`` is left out and the first puzzle is RON.
        """
        return Variant(_graphdoku.Variant.from_puzzle(text, origin))

    @property
    def name(self) -> str:
        """The variant's name."""
        return self._native.name

    @property
    def cells(self) -> list[str]:
        """Cell names (``r1c1``, ...), in the column order of a puzzle array."""
        return self._native.cells

    @property
    def houses(self) -> list[tuple[str, list[int]]]:
        """Houses (groups of cells that must all differ) as ``(name, cell indices)``."""
        return self._native.houses

    @property
    def symbols(self) -> list[str]:
        """The symbols: value ``k`` in a puzzle array is ``symbols[k - 1]``."""
        return self._native.symbols

    @property
    def rules(self) -> list[dict]:
        """The rules beyond "must differ" (killer cages, thermometers, ...), as dicts."""
        return [json.loads(r) for r in self._native.rules_json]

    @property
    def edges(self) -> np.ndarray:
        """The constraint graph's edges as an ``(E, 2)`` array of cell indices."""
        return np.array(self._native.edges, dtype=np.int64).reshape(-1, 2)

    def __len__(self) -> int:
        return len(self._native)

    def __repr__(self) -> str:
        return repr(self._native)


class Solved(NamedTuple):
    """The result of :func:`solve`."""

    #: ``(N, cells)`` uint8 (uint16 past 255 symbols); 0 where no solution.
    solutions: np.ndarray
    #: ``(N,)`` status names.
    status: np.ndarray
    #: Row index -> message, for each ``invalid`` row (as the CLI says it).
    errors: dict[int, str]


class Counted(NamedTuple):
    """The result of :func:`count`."""

    #: ``(N,)`` uint64: solutions found, at most ``limit``.
    counts: np.ndarray
    #: ``(N,)`` status names: ``unique``, ``multiple``, ``no-solution``, ``gave-up``, ``invalid``.
    status: np.ndarray
    #: Row index -> message, for each ``invalid`` row.
    errors: dict[int, str]


class Graded(NamedTuple):
    """The result of :func:`grade`."""

    #: ``(N,)`` level names (see :data:`LEVELS`); ``""`` where there is no grade.
    level: np.ndarray
    #: ``(N,)`` uint32: guesses the logic path needed.
    guesses: np.ndarray
    #: ``(N,)`` status names: ``unique``, ``multiple``, ``no-solution``, ``gave-up``, ``invalid``.
    status: np.ndarray
    #: Row index -> message, for each ``invalid`` row.
    errors: dict[int, str]
    #: ``(N, 3)`` float32: the Sudoku Explainer ratings ER, EP, ED, as
    #: ``graphdoku grade`` prints them (``ED=ER/EP/ED``); NaN where the path has
    #: none (a guess, no solution, or a build without the ladder).
    se: np.ndarray


class Generated(NamedTuple):
    """The result of :func:`generate`."""

    #: ``(n, cells)`` puzzles, 0 for empty.
    puzzles: np.ndarray
    #: ``(n, cells)`` their solutions.
    solutions: np.ndarray
    #: Each puzzle's rules (with ``rules=``), as dicts like :attr:`Variant.rules`.
    rules: list[list[dict]] = []
    #: Each puzzle as a RON puzzle file (rules and all), which every command reads.
    files: list[str] = []


class Candidates(NamedTuple):
    """The result of :func:`candidates`: the true candidates, as ``graphdoku candidates``."""

    #: ``(N, cells, symbols)`` uint64: solutions of puzzle ``n`` with symbol
    #: ``k + 1`` in cell ``c``, counted up to ``limit`` (0: in none).
    counts: np.ndarray
    #: ``(N, cells, symbols)`` bool: False where the count is a lower bound
    #: (``limit`` reached, or the time ran out: 0 is then "not known yet").
    exact: np.ndarray
    #: ``(N,)`` status names: ``unique``, ``multiple``, ``no-solution``, ``gave-up``, ``invalid``.
    status: np.ndarray
    #: Row index -> message, for each ``invalid`` row.
    errors: dict[int, str]


class Canonical(NamedTuple):
    """The result of :func:`canon`."""

    #: One canonical form per puzzle (``""`` for an ``invalid`` one).
    forms: list[str]
    #: Row index -> message, for each ``invalid`` row.
    errors: dict[int, str]


class Verified(NamedTuple):
    """The result of :func:`verify_dataset`."""

    #: ``(N,)`` what was found of each row (see :data:`DATASET`).
    finding: np.ndarray
    #: Row index -> message, for each row that is not ``ok``.
    messages: dict[int, str]


class Explained(NamedTuple):
    """The result of :func:`explain` and :func:`hint`."""

    #: ``unique``, ``multiple``, ``no-solution`` or ``gave-up``.
    status: str
    #: The steps, as ``graphdoku explain --json`` gives them: dicts with
    #: ``technique``, ``text``, ``placed`` (``{"cell", "symbol"}`` or None)
    #: and ``eliminated`` (a list of them).
    steps: list[dict]


class Chromatic(NamedTuple):
    """The result of :func:`chromatic`."""

    #: The chromatic number is at least this.
    lower: int
    #: ... and at most this: ``colouring`` uses this many colours.
    upper: int
    #: One colour per vertex (an array, or a dict for a networkx graph).
    colouring: Any

    @property
    def proven(self) -> bool:
        """True when the bounds meet: ``upper`` is the chromatic number."""
        return self.lower == self.upper


def _is_ron(text: Any) -> bool:
    """True for a RON puzzle file's text (its first meaningful line starts ``Puzzle``)."""
    if not isinstance(text, str):
        return False
    for line in text.lstrip("\ufeff").splitlines():
        line = line.strip()
        if line and not line.startswith("//"):
            return line.startswith("Puzzle")
    return False


def _variant(variant: VariantLike, puzzles: Any = None) -> Any:
    if variant is None:
        first = puzzles[0] if isinstance(puzzles, (list, tuple)) and puzzles else puzzles
        if _is_ron(first):
            return _graphdoku.Variant.from_puzzle(first)
        variant = "sudoku9"
    if isinstance(variant, Variant):
        return variant._native
    if isinstance(variant, str):
        return _graphdoku.Variant.load(variant)
    raise TypeError(f"variant: expected a name or a graphdoku.Variant, not {type(variant).__name__}")


def _batch(native: Any, puzzles: Puzzles) -> Union[list[str], np.ndarray]:
    """Puzzles as the native module takes them: a list of strings, or a
    C-contiguous ``(N, cells)`` int64 array."""
    if isinstance(puzzles, str):
        raise TypeError("puzzles: expected a list of strings or an array, not one string (wrap it in a list)")
    if isinstance(puzzles, np.ndarray):
        array = puzzles
    else:
        puzzles = list(puzzles)
        if puzzles and all(isinstance(p, str) for p in puzzles):
            return puzzles
        array = np.asarray(puzzles)
        if array.size == 0:
            array = array.reshape(0, len(native))
    if array.ndim == 1:
        raise ValueError(f"puzzles: expected shape (N, {len(native)}), got {array.shape} (one puzzle? use puzzles[None])")
    if array.ndim != 2:
        raise ValueError(f"puzzles: expected shape (N, {len(native)}), got {array.shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"puzzles: expected an integer array, not {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.int64)


def _values(native: Any, array: np.ndarray) -> np.ndarray:
    """Values in the smallest unsigned type that holds every symbol."""
    return array.astype(np.uint8) if len(native.symbols) < 256 else array


def _threads(threads: Optional[int]) -> Optional[int]:
    if threads is not None and threads < 1:
        raise ValueError(f"threads must be at least 1, not {threads}")
    return threads


def solve(
    puzzles: Puzzles,
    variant: VariantLike = None,
    unique: bool = False,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Solved:
    """Solves every puzzle; returns ``Solved(solutions, status, errors)``.

    Args:
        puzzles: a list of strings, or an integer array ``(N, cells)`` with 0
            for empty and ``k`` for the ``k``-th symbol.
        variant: a built-in name, a variant file, or a :class:`Variant`
            (default: ``sudoku9``, or the variant of the first puzzle when it
            is a RON puzzle file's text).
        unique: also settle uniqueness: status ``unique`` or ``multiple``
            instead of ``solved`` (costs a second search).
        threads: worker threads (default: all cores). The GIL is released.
        timeout: seconds allowed per puzzle; past it the status is ``gave-up``.

    Returns:
        ``Solved(solutions, status, errors)``: ``solutions`` ``(N, cells)``
        uint8 (0 rows where there is no solution), ``status`` ``(N,)`` names,
        and ``errors`` a dict from the index of each ``invalid`` puzzle (one
        that cannot be read, or whose givens clash) to its message, with where
        (``puzzles[3]:1:12: ...``) as the CLI says it. Every solution is
        verified independently of the solver (``internal-error`` otherwise).

    Raises:
        InputError: an array whose width is not the variant's cell count.
        VariantError: an unknown variant.
    """
    native = _variant(variant, puzzles)
    batch = _batch(native, puzzles)
    solutions, status, errors = _graphdoku.solve_batch(native, batch, unique, _threads(threads), timeout)
    return Solved(_values(native, solutions), STATUS[status], dict(errors))


def count(
    puzzles: Puzzles,
    limit: int = 2,
    variant: VariantLike = None,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Counted:
    """Counts each puzzle's solutions up to ``limit``; returns ``Counted(counts, status, errors)``.

    ``limit=2`` (the default) settles uniqueness, as ``graphdoku count`` does.
    Status is ``unique`` (1), ``multiple`` (2 or more), ``no-solution``,
    ``gave-up`` (``timeout`` seconds per puzzle ran out) or ``invalid`` (count
    0, the message in ``errors``). Arguments as :func:`solve`.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    native = _variant(variant, puzzles)
    batch = _batch(native, puzzles)
    counts, status, errors = _graphdoku.count_batch(native, batch, limit, _threads(threads), timeout)
    return Counted(counts, STATUS[status], dict(errors))


def check(
    puzzles: Puzzles,
    variant: VariantLike = None,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> np.ndarray:
    """Whether each puzzle has exactly one solution, as ``graphdoku check`` says.

    Returns the ``(N,)`` status names: ``unique``, ``multiple``, ``no-solution``,
    ``gave-up`` or ``invalid`` (:func:`count` gives the messages).
    """
    return count(puzzles, 2, variant, threads, timeout).status


def grade(
    puzzles: Puzzles,
    variant: VariantLike = None,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    logic_budget: Optional[float] = None,
) -> Graded:
    """Grades each puzzle by the hardest technique its logic path needs (as ``graphdoku grade``).

    Returns ``Graded(level, guesses, status, errors, se)``: level names from
    :data:`LEVELS` (``""`` where there is no solution, the time ran out, or the
    puzzle is ``invalid``: its message in ``errors``), and the Sudoku Explainer
    ratings ``se[:, 0]`` ER, ``se[:, 1]`` EP, ``se[:, 2]`` ED (NaN where there are
    none). The path is the one ``graphdoku grade`` and ``explain`` take.
    ``logic_budget`` is ``grade --logic-budget``: the seconds a puzzle with rules
    may spend on chains through rules (8 by default; less grades many faster,
    fewer of them without a guess).
    """
    native = _variant(variant, puzzles)
    batch = _batch(native, puzzles)
    levels, guesses, status, errors, se = _graphdoku.grade_batch(
        native, batch, _threads(threads), timeout, logic_budget
    )
    names = np.append(LEVELS, "")
    return Graded(names[np.minimum(levels, len(LEVELS))], guesses, STATUS[status], dict(errors), se)


def generate(
    n: int,
    variant: VariantLike = None,
    seed: int = 0,
    difficulty: Optional[str] = None,
    clues: Optional[int] = None,
    attempts: int = 1000,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    rules: Optional[Sequence[str]] = None,
    se: Optional[str] = None,
) -> Generated:
    """Generates ``n`` unique, minimal puzzles, reproducibly from ``seed``.

    The same puzzles as ``graphdoku generate --count n --seed seed``.
    ``difficulty`` is a level name (see :data:`LEVELS`), ``clues`` an exact clue
    count; ``attempts`` full grids are tried per puzzle before giving up and
    ``timeout`` seconds are allowed per puzzle. Raises :class:`GenerateError`
    when no puzzle meets them (a ``TimeoutError``, as the CLI's exit 5). A
    big board's hard uniqueness questions (the last removals of a 25×25) are
    asked on ``threads`` threads, all cores by default; the puzzles are the
    same for any number of threads.

    ``rules`` dresses each random solution with rules of these kinds, as
    ``graphdoku generate --rules`` (``"killer"``, ``"thermo"``, ``"arrow"``,
    ``"kropki"``, ``"xv"``, ``"whispers"``, ...): each puzzle's rules come back
    in ``rules`` and the whole puzzle as a RON file in ``files``, which
    :func:`solve` and the others take as a puzzle.

    ``se`` is a range of Sudoku Explainer ratings (ER), as ``graphdoku
    generate --se``: ``"3.0..4.0"``, ``"6.5.."``, ``"..4.5"``, ``"7.1"`` or a
    level name for its band; each puzzle is rated as ``graphdoku grade`` rates
    it (with its rules too), and one rated above the range gets givens back
    until it is in it. Not with ``difficulty``.
    """
    if n < 0:
        raise ValueError(f"n must be at least 0, not {n}")
    native = _variant(variant)
    kinds = None if rules is None else [str(k) for k in rules]
    puzzles, solutions, rules_json, files = _graphdoku.generate_array(
        native, n, seed, difficulty, clues, attempts, _threads(threads), timeout, kinds, se
    )
    parsed = [[json.loads(r) for r in one] for one in rules_json]
    return Generated(_values(native, puzzles), _values(native, solutions), parsed, files)


def candidates(
    puzzles: Union[str, Puzzles],
    variant: VariantLike = None,
    limit: int = 1000,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Candidates:
    """The true candidates of every cell, with how many solutions use each (as ``graphdoku candidates``).

    ``counts[n, c, k - 1]`` solutions of puzzle ``n`` put symbol ``k`` in cell
    ``c``, counted up to ``limit``: a candidate is a value some solution
    takes, not one the first eliminations leave (:func:`pencil_marks`).
    ``timeout`` bounds each puzzle's searches together; past it the counts are
    lower bounds (``exact`` False) and the status ``gave-up``. One string is
    taken as a batch of one. Other arguments as :func:`solve`.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    if isinstance(puzzles, str):
        puzzles = [puzzles]
    native = _variant(variant, puzzles)
    batch = _batch(native, puzzles)
    counts, exact, status, errors = _graphdoku.candidates_batch(native, batch, limit, _threads(threads), timeout)
    return Candidates(counts, exact, STATUS[status], dict(errors))


def pencil_marks(puzzle: Union[str, Sequence[int], np.ndarray], variant: VariantLike = None) -> np.ndarray:
    """The candidates left in each cell of one puzzle after the basic eliminations.

    Returns a ``(cells, symbols)`` bool array: ``[c, k - 1]`` is True when
    symbol ``k`` is not yet ruled out of cell ``c`` (what a solver pencils in,
    not the true candidates of :func:`candidates`). Raises :class:`InputError`
    when the puzzle cannot be read.
    """
    native = _variant(variant, puzzle)
    if isinstance(puzzle, str):
        batch = [puzzle]
    else:
        batch = _batch(native, np.asarray(puzzle).reshape(1, -1))
    return _graphdoku.pencil_marks_array(native, batch)


def canon(puzzles: Puzzles, variant: VariantLike = None, threads: Optional[int] = None) -> Canonical:
    """Each puzzle's canonical form, as ``graphdoku canon`` prints it: equivalent puzzles alike.

    Returns ``Canonical(forms, errors)``: one line per puzzle (``""`` for an
    ``invalid`` one, its message in ``errors``). Arguments as :func:`solve`.
    """
    native = _variant(variant, puzzles)
    forms, errors = _graphdoku.canon_batch(native, _batch(native, puzzles), _threads(threads))
    return Canonical(forms, dict(errors))


def verify_dataset(
    questions: Puzzles,
    answers: Optional[Sequence[str]] = None,
    variant: VariantLike = None,
    canon: bool = False,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Verified:
    """Checks a dataset as ``graphdoku dataset verify`` does.

    Each answer (a full grid, one string per question) must solve its
    question, each question have exactly one solution, and none come twice;
    with ``canon``, none be equivalent to an earlier one. Returns
    ``Verified(finding, messages)``: each row's word from :data:`DATASET`
    (``ok``, ``wrong-answer``, ``no-solution``, ``multiple``, ``gave-up``,
    ``invalid``, ``duplicate``, ``equivalent``) and a message for every row
    that is not ``ok``. An answer that breaks a house is ``wrong-answer``.
    """
    native = _variant(variant, questions)
    batch = _batch(native, questions)
    found, messages = _graphdoku.verify_dataset(
        native, batch, None if answers is None else [str(a) for a in answers], canon, _threads(threads), timeout
    )
    return Verified(DATASET[found], dict(messages))


def _explained(
    variant: VariantLike, puzzle: Any, hint: bool, timeout: Optional[float], logic_budget: Optional[float]
) -> Explained:
    native = _variant(variant, puzzle)
    batch = [puzzle] if isinstance(puzzle, str) else _batch(native, np.asarray(puzzle).reshape(1, -1))
    code, steps = _graphdoku.explain_steps(native, batch, hint, timeout, logic_budget)
    cell = lambda pair: {"cell": pair[0], "symbol": pair[1]}
    records = [
        {
            "technique": technique,
            "text": text,
            "placed": None if placed is None else cell(placed),
            "eliminated": [cell(e) for e in eliminated],
        }
        for technique, text, placed, eliminated in steps
    ]
    return Explained(str(STATUS[code]), records)


def explain(
    puzzle: Any,
    variant: VariantLike = None,
    timeout: Optional[float] = None,
    logic_budget: Optional[float] = None,
) -> Explained:
    """One puzzle's solution step by step, easiest technique first (as ``graphdoku explain``).

    Returns ``Explained(status, steps)``; no steps when there is no solution
    or the time ran out. Raises :class:`InputError` when the puzzle cannot be read.
    ``logic_budget`` as in :func:`grade`.
    """
    return _explained(variant, puzzle, False, timeout, logic_budget)


def hint(
    puzzle: Any,
    variant: VariantLike = None,
    timeout: Optional[float] = None,
    logic_budget: Optional[float] = None,
) -> Explained:
    """The next step only, as :func:`explain` would give it first (``graphdoku hint``)."""
    return _explained(variant, puzzle, True, timeout, logic_budget)


def to_strings(puzzles: np.ndarray, variant: VariantLike = "sudoku9") -> list[str]:
    """Rows of values back as the CLI's one-line text (``.`` for empty)."""
    native = _variant(variant)
    return _graphdoku.format_rows(native, np.ascontiguousarray(np.asarray(puzzles).reshape(-1, len(native)), dtype=np.int64))


def _graph(edges: Any, vertices: Optional[int]) -> tuple[int, np.ndarray, Optional[list]]:
    """``(vertices, (E, 2) int64 edges, node list or None)`` from an edge array or a graph
    with ``.nodes()`` and ``.edges()`` (networkx, duck-typed)."""
    if hasattr(edges, "edges") and hasattr(edges, "nodes") and callable(edges.edges):
        nodes = list(edges.nodes())
        index = {node: i for i, node in enumerate(nodes)}
        pairs = np.array([(index[a], index[b]) for a, b in edges.edges()], dtype=np.int64).reshape(-1, 2)
        return len(nodes), pairs, nodes
    array = np.asarray(edges)
    if array.size == 0:
        array = array.reshape(0, 2)
    if array.ndim != 2 or array.shape[1] != 2:
        raise ValueError(f"edges: expected an (E, 2) array or a graph with .edges(), got shape {array.shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"edges: expected integer vertex numbers, not {array.dtype}")
    array = np.ascontiguousarray(array, dtype=np.int64)
    if vertices is None:
        vertices = int(array.max()) + 1 if array.size else 0
    return vertices, array, None


def _labelled(colours: np.ndarray, nodes: Optional[list], start: int) -> Any:
    colours = colours + np.uint32(start) if start else colours
    return colours if nodes is None else {node: int(c) for node, c in zip(nodes, colours)}


def colour(
    edges: Any,
    k: Optional[int] = None,
    vertices: Optional[int] = None,
    timeout: Optional[float] = None,
    start: int = 1,
) -> Any:
    """A proper colouring of a graph with at most ``k`` colours.

    Args:
        edges: an ``(E, 2)`` integer array of vertex numbers, or a graph with
            ``.nodes()`` and ``.edges()`` such as a ``networkx.Graph``.
        k: colours allowed; ``None``: as few as can be found (see :func:`chromatic`).
        vertices: the number of vertices of an edge array (default: largest + 1).
        timeout: seconds allowed.
        start: the first colour's number: 1, as ``graphdoku colour`` numbers
            them (``1..K``), or 0 for indices.

    Returns:
        One colour per vertex, from ``start``: a uint32 array, or a dict node ->
        colour for a networkx graph; ``None`` when no colouring with ``k``
        colours exists (proven). Raises ``TimeoutError`` when the time ran out
        with neither (the CLI's exit status 5).
    """
    n, array, nodes = _graph(edges, vertices)
    if k is None:
        return chromatic(edges, vertices=vertices, timeout=timeout, start=start).colouring
    colours = _graphdoku.colour_array(n, array, k, timeout)
    return None if colours is None else _labelled(colours, nodes, start)


def chromatic(
    edges: Any, vertices: Optional[int] = None, timeout: Optional[float] = None, start: int = 1
) -> Chromatic:
    """The chromatic number of a graph: ``Chromatic(lower, upper, colouring)``.

    ``lower == upper`` (``.proven``) when the search settled it; with a
    ``timeout`` the bounds may not meet. The colouring's colours are numbered
    from ``start`` (1, as the CLI numbers them). Arguments as :func:`colour`.
    """
    n, array, nodes = _graph(edges, vertices)
    lower, upper, colours = _graphdoku.chromatic_array(n, array, timeout)
    return Chromatic(lower, upper, _labelled(colours, nodes, start))
