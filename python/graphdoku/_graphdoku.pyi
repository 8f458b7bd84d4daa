"""Type stubs of the native module (python/src/lib.rs); use the functions of `graphdoku`."""

from typing import Optional, Union

import numpy as np
import numpy.typing as npt

class VariantError(ValueError): ...
class InputError(ValueError): ...
class GenerateError(TimeoutError): ...

class Variant:
    @staticmethod
    def load(name: str) -> Variant: ...
    @staticmethod
    def from_ron(text: str, origin: str = "<ron>") -> Variant: ...
    @staticmethod
    def from_puzzle(text: str, origin: str = "<puzzle>") -> Variant: ...
    @property
    def name(self) -> str: ...
    @property
    def cells(self) -> list[str]: ...
    @property
    def houses(self) -> list[tuple[str, list[int]]]: ...
    @property
    def symbols(self) -> list[str]: ...
    @property
    def rules_json(self) -> list[str]: ...
    @property
    def edges(self) -> list[tuple[int, int]]: ...
    def __len__(self) -> int: ...

# A batch: a list of puzzle strings, or an (N, cells) int64 array (0 = empty).
Batch = Union[list[str], npt.NDArray[np.int64]]
# (row, message) of each invalid row, in row order.
Errors = list[tuple[int, str]]

def solve_batch(
    variant: Variant,
    puzzles: Batch,
    unique: bool = False,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8], Errors]: ...
def count_batch(
    variant: Variant,
    puzzles: Batch,
    limit: int = 2,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8], Errors]: ...
def grade_batch(
    variant: Variant,
    puzzles: Batch,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint32], npt.NDArray[np.uint8], Errors]: ...
def level_names() -> list[str]: ...
def candidates_batch(
    variant: Variant,
    puzzles: Batch,
    limit: int = 1000,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.bool_], npt.NDArray[np.uint8], Errors]: ...
def pencil_marks_array(variant: Variant, puzzle: Batch) -> npt.NDArray[np.bool_]: ...
def canon_batch(variant: Variant, puzzles: Batch, threads: Optional[int] = None) -> tuple[list[str], Errors]: ...
def verify_dataset(
    variant: Variant,
    questions: Batch,
    answers: Optional[list[str]] = None,
    canon: bool = False,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> tuple[npt.NDArray[np.uint8], list[tuple[int, str]]]: ...
def explain_steps(
    variant: Variant, puzzle: Batch, hint: bool = False, timeout: Optional[float] = None
) -> tuple[int, list[tuple[str, str, Optional[tuple[str, str]], list[tuple[str, str]]]]]: ...
def generate_array(
    variant: Variant,
    n: int,
    seed: int,
    difficulty: Optional[str] = None,
    clues: Optional[int] = None,
    attempts: int = 1000,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    rules: Optional[list[str]] = None,
    se: Optional[str] = None,
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16], list[list[str]], list[str]]: ...
def format_rows(variant: Variant, rows: npt.NDArray[np.int64]) -> list[str]: ...
def colour_array(
    vertices: int, edges: npt.NDArray[np.int64], k: int, timeout: Optional[float] = None
) -> Optional[npt.NDArray[np.uint32]]: ...
def chromatic_array(
    vertices: int, edges: npt.NDArray[np.int64], timeout: Optional[float] = None
) -> tuple[int, int, npt.NDArray[np.uint32]]: ...
