"""Mining speed of the skill puzzles (``bgtrainer puzzles generate --kind best|cube|shots|pips``): how many
puzzles a minute each kind yields from seeded bgsage self-play, the 3-ply checks included (GNU Backgammon's second
opinion is a separate authoring step and not timed).

Target: at least 10 best-play and 30 contact cube puzzles a minute on one core, so that the shipped sets (300 and
100) can be mined again within half an hour. Prints the figures and asserts nothing. Run:
``python benchmarks/mining.py [COUNT]`` (default 20 of each kind).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sized

from trainer.analysis.sage import SageEvaluator
from trainer.authoring.skill_mining import mine_best, mine_cube, mine_pips, mine_shots
from trainer.content.themes import BEST_THEMES

TARGETS = {"best": 10.0, "cube": 30.0}
"""Puzzles a minute each kind should reach at least."""


def per_minute(mine: Callable[[], Sized]) -> tuple[int, float]:
    """How many puzzles one call mined, and how many that is a minute."""
    started = time.perf_counter()
    found = len(mine())
    elapsed = time.perf_counter() - started
    return found, found * 60.0 / elapsed


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    evaluator = SageEvaluator()
    kinds: dict[str, Callable[[], Sized]] = {
        "best": lambda: mine_best(evaluator, count, 7, BEST_THEMES),
        "cube": lambda: mine_cube(evaluator, count, 7),
        "shots": lambda: mine_shots(evaluator, count, 7),
        "pips": lambda: mine_pips(evaluator, count, 7),
    }
    for kind, mine in kinds.items():
        found, rate = per_minute(mine)
        target = TARGETS.get(kind)
        verdict = "" if target is None else f"  (target {target:.0f}: {'met' if rate >= target else 'NOT met'})"
        print(f"{kind:13} {found:4d} puzzles, {rate:8.1f} a minute{verdict}")


if __name__ == "__main__":
    main()
