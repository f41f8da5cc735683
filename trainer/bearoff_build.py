"""Vectorised builders of the bear-off tables shipped in ``trainer/engine/bearoff_data``.

``python -m trainer.bearoff_build`` rebuilds both files. The one-sided table is filled pip level by pip level
(every move lowers the pip count): for each roll the best play is found die by die over per-die move tables.
The exact two-sided table (at most six checkers a side) is filled in database order, a row, a column and the
diagonal at a time, each entry the average over the 36 rolls of the best play's chance.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from trainer.engine import bearoff
from trainer.engine.bearoff import MAX_ROLLS, ROLLS, TWO_SIDED_CHECKERS, index_of, play_results, positions, single_moves

Progress = Callable[[str, int, int], None]
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def _progress_bar(label: str, done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    end = "\n" if done >= total else ""
    print(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end=end, file=sys.stderr, flush=True)


def _move_table(order: tuple[bearoff.HomeBoard, ...], die: int) -> IntArray:
    """For each position, the indexes after moving one checker by ``die`` (padded with the sentinel ``len(order)``)."""
    index = {side: number for number, side in enumerate(order)}
    table = np.full((len(order), 6), len(order), dtype=np.int64)
    for number, side in enumerate(order):
        for slot, result in enumerate(single_moves(side, die)):
            table[number, slot] = index[result]
    return table


def build_one_sided_arrays(progress: Progress | None = None) -> tuple[FloatArray, FloatArray]:
    """Means and distributions (``positions() x 32``) of the full one-sided database."""
    order = positions()
    count = len(order)
    moves = {die: _move_table(order, die) for die in range(1, 7)}
    levels = np.array([bearoff.pips(side) for side in order])
    inf = np.inf
    # value[k][die]: best expected rolls after k more moves of ``die`` from a position, and where that ends.
    expected = np.full(count + 1, inf)
    expected[0] = 0.0
    best_after = {k: {die: np.full(count + 1, inf) for die in range(1, 7)} for k in range(1, 4)}
    ends_after = {k: {die: np.full(count + 1, count, dtype=np.int64) for die in range(1, 7)} for k in range(1, 4)}
    for k in range(1, 4):
        for die in range(1, 7):
            best_after[k][die][0] = 0.0
            ends_after[k][die][0] = 0
    distributions = np.zeros((count + 1, MAX_ROLLS))
    distributions[0, 0] = 1.0
    bounds = np.searchsorted(levels, np.arange(levels[-1] + 2))
    top = int(levels[-1])
    for level in range(1, top + 1):
        low, high = int(bounds[level]), int(bounds[level + 1])
        if low == high:
            continue
        span = np.arange(low, high)
        total = np.zeros(high - low)
        dist = np.zeros((high - low, MAX_ROLLS))
        for first, second, weight in ROLLS:
            if first == second:
                values, ends = _after_moves(moves[first], span, best_after[3][first], ends_after[3][first])
            else:
                values_a, ends_a = _after_moves(moves[first], span, best_after[1][second], ends_after[1][second])
                values_b, ends_b = _after_moves(moves[second], span, best_after[1][first], ends_after[1][first])
                take_b = (values_b < values_a) | ((values_b == values_a) & (ends_b < ends_a))
                values, ends = np.where(take_b, values_b, values_a), np.where(take_b, ends_b, ends_a)
            total += weight * values
            dist[:, 1:] += weight * distributions[ends, :-1]
        expected[low:high] = 1.0 + total / 36.0
        distributions[low:high] = dist / 36.0
        for die in range(1, 7):
            previous_values, previous_ends = expected, np.arange(count + 1)
            for k in range(1, 4):
                values, ends = _after_moves(moves[die], span, previous_values, previous_ends)
                best_after[k][die][low:high] = values
                ends_after[k][die][low:high] = ends
                previous_values, previous_ends = best_after[k][die], ends_after[k][die]
        if progress is not None:
            progress("one-sided bear-off", level, top)
    return expected[:count], distributions[:count]


def _after_moves(
    table: IntArray, span: IntArray, values: FloatArray, ends: IntArray
) -> tuple[FloatArray, IntArray]:
    """For positions ``span``: the best of ``values`` over one move (ties to the lowest end index), and its end."""
    targets = table[span]
    candidate_values = values[targets]
    candidate_ends = ends[targets]
    best = candidate_values.min(axis=1)
    tied = np.where(candidate_values == best[:, None], candidate_ends, np.iinfo(np.int64).max)
    return best, tied.min(axis=1)


def build_two_sided_array(progress: Progress | None = None) -> FloatArray:
    """P(side on roll wins) for every pair of positions with at most six checkers, optimal play by both sides."""
    order = positions(TWO_SIDED_CHECKERS)
    index = index_of(TWO_SIDED_CHECKERS)
    size = len(order)
    successors: list[IntArray] = []  # per roll: (size, widest) indexes, padded by repeating the first result
    for high, low, _ in ROLLS:
        lists = [sorted(index[result] for result in play_results(side, high, low)) for side in order]
        widest = max(len(found) for found in lists)
        table = np.array([found + [found[0]] * (widest - len(found)) for found in lists], dtype=np.int64)
        successors.append(table)
    weights = np.array([weight for _, _, weight in ROLLS], dtype=np.float64)
    chance = np.zeros((size, size))
    chance[0, :] = 1.0  # a side with nothing left has already won
    chance[:, 0] = 0.0
    for k in range(1, size):
        # Row k: k on roll against every lower position (each reply position is already known).
        row = np.zeros(k)
        for table, weight in zip(successors, weights, strict=True):
            results = table[k]
            row += weight * (1.0 - chance[:k][:, results].T).max(axis=0)
        chance[k, :k] = row / 36.0
        chance[k, 0] = 0.0
        # Column k: every lower position on roll against k (their results lie below them, in row k).
        if k > 1:
            column = np.zeros(k - 1)
            for table, weight in zip(successors, weights, strict=True):
                results = table[1:k]
                column += weight * (1.0 - chance[k, results]).max(axis=1)
            chance[1:k, k] = column / 36.0
        diagonal = 0.0
        for table, weight in zip(successors, weights, strict=True):
            diagonal += weight * float((1.0 - chance[k, table[k]]).max())
        chance[k, k] = diagonal / 36.0
        if progress is not None and (k % 50 == 0 or k == size - 1):
            progress("two-sided bear-off", k, size - 1)
    return chance


def main() -> None:
    """Rebuild both shipped tables, reporting progress and time."""
    bearoff.DATA_DIR.mkdir(exist_ok=True)
    started = time.perf_counter()
    means, distributions = build_one_sided_arrays(_progress_bar)
    bearoff.write_one_sided(bearoff.ONE_SIDED_FILE, means.tolist(), distributions.ravel().tolist())
    print(f"one-sided: {len(means)} positions in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    started = time.perf_counter()
    table = build_two_sided_array(_progress_bar)
    bearoff.write_two_sided(bearoff.TWO_SIDED_FILE, table.ravel().tolist(), table.shape[0])
    print(f"two-sided: {table.size} pairs in {time.perf_counter() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
