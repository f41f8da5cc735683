"""Legal-play generation speed over the 5,000 reference cases in tests/data.

Positions are parsed beforehand; every play and its resulting position is built. Prints cases per second
(best of several rounds) for the engine and for a straightforward brute-force generator written from the rules
(every order of the dice, every checker, whole positions copied at each step), and the ratio between them; then
the engine's rate over the 2,000 acey-deucey cases (checkers waiting to enter).
Run: ``python benchmarks/movegen.py``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from trainer.engine import Position, legal_plays
from trainer.engine.position import BAR, OFF

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "legal_cases.jsonl"
ACEY_DATA = DATA.with_name("acey_cases.jsonl")
TARGET_CASES_PER_SECOND = 18_000


Side = tuple[int, ...]


def _brute_step(me: Side, them: Side, source: int, die: int) -> tuple[Side, Side] | None:
    """One checker moved by one die, straight from the rules, or None if illegal."""
    if me[source] == 0 or (me[BAR] and source != BAR):
        return None
    target = source - die
    if target <= 0:
        if any(me[7:]) or (target < 0 and any(me[source + 1 : 7])):
            return None
        target = OFF
    elif them[25 - target] >= 2:
        return None
    mine, theirs = list(me), list(them)
    mine[source] -= 1
    mine[target] += 1
    if target != OFF and theirs[25 - target] == 1:
        theirs[25 - target] = 0
        theirs[BAR] += 1
    return tuple(mine), tuple(theirs)


def brute_force_results(position: Position, dice: tuple[int, int]) -> set[Position]:
    """The distinct results of every legal play, by trying every order of the dice on every checker."""
    orders = [(dice[0],) * 4] if dice[0] == dice[1] else [dice, (dice[1], dice[0])]
    ends: list[tuple[int, int, Side, Side]] = []  # (dice used, first die, me, them)

    def extend(me: Side, them: Side, order: tuple[int, ...], used: int) -> None:
        moved = False
        if used < len(order):
            for source in range(1, 26):
                step = _brute_step(me, them, source, order[used])
                if step is not None:
                    moved = True
                    extend(step[0], step[1], order, used + 1)
        if not moved:
            ends.append((used, order[0], me, them))

    for order in orders:
        extend(position.player, position.opponent, order, 0)
    most = max(end[0] for end in ends)
    kept = [end for end in ends if end[0] == most]
    if most == 1 and dice[0] != dice[1] and any(end[1] == max(dice) for end in kept):
        kept = [end for end in kept if end[1] == max(dice)]
    return {Position(me, them) for _, _, me, them in kept}


def _rate(inputs: list[tuple[Position, tuple[int, int]]], generate: object, rounds: int) -> tuple[float, int]:
    best, count = float("inf"), 0
    for _ in range(rounds):
        count = 0
        started = time.perf_counter()
        for position, dice in inputs:
            count += len(generate(position, dice))  # type: ignore[operator]
        best = min(best, time.perf_counter() - started)
    return len(inputs) / best, count


def main(rounds: int = 7) -> None:
    cases = [json.loads(line) for line in DATA.read_text().splitlines()]
    inputs = [(Position.from_position_id(case["position"]), (case["dice"][0], case["dice"][1])) for case in cases]
    for position, dice in inputs:
        expected = {play.result for play in legal_plays(position, dice)}
        assert brute_force_results(position, dice) == expected, (position, dice)
    rate, plays = _rate(inputs, legal_plays, rounds)
    brute_rate, _ = _rate(inputs, brute_force_results, max(1, rounds // 3))
    print(f"cases: {len(inputs)}  plays built: {plays}")
    print(f"engine:      {rate:>9,.0f} cases/s  (best of {rounds})")
    print(f"brute force: {brute_rate:>9,.0f} cases/s  (the same answers on every case)")
    print(f"engine / brute force: {rate / brute_rate:.1f}x")
    print(f"target: {TARGET_CASES_PER_SECOND:,} cases/s  ->  {'met' if rate >= TARGET_CASES_PER_SECOND else 'NOT met'}")
    acey = [json.loads(line) for line in ACEY_DATA.read_text().splitlines()]
    acey_inputs = [(Position.from_text(case["position"]), (case["dice"][0], case["dice"][1])) for case in acey]
    acey_rate, acey_plays = _rate(acey_inputs, legal_plays, rounds)
    print(f"acey-deucey: {acey_rate:>9,.0f} cases/s  ({len(acey_inputs):,} cases, {acey_plays:,} plays built)")


if __name__ == "__main__":
    main()
