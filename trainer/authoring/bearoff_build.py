"""Vectorised builders of the bear-off tables shipped in ``trainer/engine/bearoff_data``.

``python -m trainer.authoring.bearoff_build`` rebuilds the three files. The one-sided table is filled pip level by pip
level (every move lowers the pip count): for each roll the best play is found die by die over per-die move
tables. The exact two-sided table (at most six checkers a side) is filled in database order, a row, a column and
the diagonal at a time, each entry the average over the 36 rolls of the best play's chance. The cubeful table
is filled in the same order, three cube states at once, each with its own best play and the opponent's best cube
decision after it.
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


def _after_moves(table: IntArray, span: IntArray, values: FloatArray, ends: IntArray) -> tuple[FloatArray, IntArray]:
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


def _flat_successors(order: tuple[bearoff.HomeBoard, ...]) -> tuple[IntArray, IntArray]:
    """Every position's results for every roll, flat: ``results`` (position by position, roll by roll) and
    ``starts``, where the results of position ``i`` and roll ``r`` begin (``starts[i * 21 + r]``; one more entry
    closes the list)."""
    index = {side: number for number, side in enumerate(order)}
    results: list[int] = []
    starts: list[int] = []
    for side in order:
        for high, low, _ in ROLLS:
            starts.append(len(results))
            results.extend(sorted(index[result] for result in play_results(side, high, low)))
    starts.append(len(results))
    return np.array(results, dtype=np.int64), np.array(starts, dtype=np.int64)


def build_cubeful_array(progress: Progress | None = None) -> FloatArray:
    """Money equities of the side on roll, before rolling, per unit of the cube, for every pair of positions with
    at most six checkers a side: ``[state, on_roll, other]`` with the states centered, owned by the side on roll
    and owned by the opponent. Each is the equity of *not* doubling now (optimal play after), so the cube
    decision is ``max(no double, min(2 x opponent-owns, 1))``.

    For each roll each state takes its own best play; the opponent, on roll after it, then makes its best cube
    decision in its own state (a centered cube stays centered; the player's cube is the opponent's opponent's).
    """
    order = positions(TWO_SIDED_CHECKERS)
    size, rolls = len(order), len(ROLLS)
    results, starts = _flat_successors(order)
    weights = np.array([weight for _, _, weight in ROLLS], dtype=np.float64) / 36.0
    # nd[on roll, other, state]: the no-double equities. reply[on roll, other, state]: what the side that just
    # moved, leaving ``other`` against ``on roll``, gets once the side on roll makes its best cube decision, in
    # the mover's own cube state; ``flipped`` is the same transposed, so a row's replies are read row-wise.
    nd = np.zeros((size, size, 3))
    reply = np.zeros((size, size, 3))
    flipped = np.zeros((size, size, 3))
    reply[:, 0] = flipped[0, :] = 1.0  # the mover has borne off its last checker: it has won

    def settle(rows: slice | int, columns: slice | int) -> None:
        # The side on roll doubles when it may and should: max(ND, min(2 x P, 1)) when centered or owned; P when
        # the opponent owns the cube. Seen (negated) from the mover: its centered cube is centered for the side on
        # roll, its owned cube is that side's opponent-owned cube, and the reverse.
        block = nd[rows, columns]
        take = np.minimum(2.0 * block[..., 2], 1.0)
        values = -np.stack([np.maximum(block[..., 0], take), block[..., 2], np.maximum(block[..., 1], take)], -1)
        reply[rows, columns] = values
        flipped[columns, rows] = values

    def best(replies: FloatArray, first: int, count: int) -> FloatArray:
        # The best reply of each (position, roll) segment, averaged over the rolls: (count, ..., 3).
        segments = starts[first * rolls : (first + count) * rolls] - starts[first * rolls]
        peaks = np.maximum.reduceat(replies, segments, axis=0)
        return np.tensordot(peaks.reshape(count, rolls, *replies.shape[1:]), weights, axes=([1], [0]))

    for k in range(1, size):
        mine = results[starts[k * rolls] : starts[(k + 1) * rolls]]
        # Row k: k on roll against every lower position (each reply position is already settled).
        nd[k, 1:k] = best(flipped[mine, 1:k], k, 1)[0]
        settle(k, slice(1, k))
        # Column k: every lower position on roll against k (their results lie below them, in row k).
        if k > 1:
            nd[1:k, k] = best(reply[k][results[starts[rolls] : starts[k * rolls]]], 1, k - 1)
            settle(slice(1, k), k)
        nd[k, k] = best(reply[k][mine], k, 1)[0]
        settle(k, k)
        if progress is not None and (k % 50 == 0 or k == size - 1):
            progress("cubeful bear-off", k, size - 1)
    nd[0, :] = 1.0  # a side with nothing left has already won
    nd[:, 0] = -1.0
    return np.ascontiguousarray(nd.transpose(2, 0, 1))


def main() -> None:
    """Rebuild the shipped tables, reporting progress and time."""
    bearoff.DATA_DIR.mkdir(exist_ok=True)
    started = time.perf_counter()
    means, distributions = build_one_sided_arrays(_progress_bar)
    bearoff.write_one_sided(bearoff.ONE_SIDED_FILE, means.tolist(), distributions.ravel().tolist())
    print(f"one-sided: {len(means)} positions in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    started = time.perf_counter()
    table = build_two_sided_array(_progress_bar)
    bearoff.write_two_sided(bearoff.TWO_SIDED_FILE, table.ravel().tolist(), table.shape[0])
    print(f"two-sided: {table.size} pairs in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    started = time.perf_counter()
    cubeful = build_cubeful_array(_progress_bar)
    bearoff.write_cubeful(bearoff.CUBEFUL_FILE, quantized(cubeful).ravel().tolist(), cubeful.shape[1])
    print(f"cubeful: {cubeful.size} equities in {time.perf_counter() - started:.1f} s", file=sys.stderr)


def quantized(equities: FloatArray) -> IntArray:
    """Equities in whole numbers of 1/32767, as stored."""
    scale = bearoff.EQUITY_SCALE
    return np.clip(np.rint(equities * scale), -scale, scale).astype(np.int64)


if __name__ == "__main__":
    main()
