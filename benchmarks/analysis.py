"""Evaluation speed with bgsage: a computer's turn and a tutor check at each level, over 200 fixed positions.

The positions come from seeded games between two intermediate computer players (every turn with a legal move,
until 200 are collected), so they look like real play. For each level it times:

- a tutor check: ranking every legal play of the roll at the level's depth (what ``bgtrainer hint`` does);
- a computer turn: the cube decision before rolling plus choosing the play (``ComputerPlayer``).

Prints the mean, median, 95th percentile and maximum, and whether the intermediate level's turn meets the
target. A few 3-ply tutor checks (``bgtrainer hint --plies 3``) are timed too. Run:
``python benchmarks/analysis.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from trainer.analysis import LEVELS, ComputerPlayer
from trainer.analysis.sage import SageEvaluator
from trainer.engine import Dice, Game, Position

TARGET_SECONDS = 0.300
POSITIONS = 200
DEEP_SAMPLE = 20


def collect_positions(evaluator: SageEvaluator, count: int = POSITIONS) -> list[tuple[Position, Dice]]:
    """``count`` positions and rolls from seeded games between intermediate players (no forced passes)."""
    found: list[tuple[Position, Dice]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = Game(seed=seed)
        game.roll_opening()
        player = ComputerPlayer(evaluator, "intermediate", seed=seed)
        while game.result is None and len(found) < count:
            if game.dice is None:
                game.roll()
            assert game.dice is not None
            if not game.legal_plays()[0].is_pass:
                found.append((game.position, game.dice))
            game.play(player.choose_play(game.position, game.dice).play)
    return found


def timings(items: list[tuple[Position, Dice]], action: Callable[[Position, Dice], object]) -> list[float]:
    """Seconds each call of ``action`` took, one per item."""
    seconds = []
    for position, dice in items:
        started = time.perf_counter()
        action(position, dice)
        seconds.append(time.perf_counter() - started)
    return seconds


def summary(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)))]
    return (
        f"mean {1000 * statistics.mean(ordered):7.1f} ms  median {1000 * statistics.median(ordered):7.1f} ms  "
        f"p95 {1000 * p95:7.1f} ms  max {1000 * ordered[-1]:7.1f} ms"
    )


def main() -> None:
    evaluator = SageEvaluator()
    started = time.perf_counter()
    items = collect_positions(evaluator)
    plays = sum(len(evaluator.rank_plays(position, dice)) for position, dice in items)
    print(
        f"{len(items)} positions from seeded games ({plays} legal plays), collected in "
        f"{time.perf_counter() - started:.1f} s"
    )
    for level in LEVELS.values():  # warm up: build each depth's analyzer before timing
        evaluator.rank_plays(*items[0], level.plies)
        evaluator.cube_decision(items[0][0], level.plies)
    turn_means = {}
    for name, level in LEVELS.items():
        player = ComputerPlayer(evaluator, level, seed=1)

        def turn(position: Position, dice: Dice, player: ComputerPlayer = player) -> None:
            player.offers_double(position)
            player.choose_play(position, dice)

        check = timings(items, lambda position, dice, plies=level.plies: evaluator.rank_plays(position, dice, plies))
        cube = timings(items, lambda position, _dice, plies=level.plies: evaluator.cube_decision(position, plies))
        whole = timings(items, turn)
        turn_means[name] = statistics.mean(whole)
        print(f"{name} ({level.plies}-ply)")
        print(f"  tutor check (rank every play)  {summary(check)}")
        print(f"  cube decision                  {summary(cube)}")
        print(f"  computer turn (cube + play)    {summary(whole)}")
    deep = timings(items[:DEEP_SAMPLE], lambda position, dice: evaluator.rank_plays(position, dice, 3))
    print(f"3-ply tutor check, first {DEEP_SAMPLE} positions: {summary(deep)}")
    mean = turn_means["intermediate"]
    verdict = "met" if mean <= TARGET_SECONDS else "NOT met"
    print(f"target: intermediate computer turn <= {1000 * TARGET_SECONDS:.0f} ms  ->  {1000 * mean:.1f} ms, {verdict}")


if __name__ == "__main__":
    main()
