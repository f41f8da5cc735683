"""Legal-play generation speed over the 5,000 reference cases in tests/data.

Positions are parsed beforehand; every play and its resulting position is built. Prints cases per second
(best of several rounds) and the plays generated. Run: ``python benchmarks/movegen.py``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from trainer.engine import Position, legal_plays

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "legal_cases.jsonl"
TARGET_CASES_PER_SECOND = 18_000


def main(rounds: int = 7) -> None:
    cases = [json.loads(line) for line in DATA.read_text().splitlines()]
    inputs = [(Position.from_position_id(case["position"]), (case["dice"][0], case["dice"][1])) for case in cases]
    best = float("inf")
    plays = 0
    for _ in range(rounds):
        plays = 0
        started = time.perf_counter()
        for position, dice in inputs:
            plays += len(legal_plays(position, dice))
        best = min(best, time.perf_counter() - started)
    rate = len(inputs) / best
    print(f"cases: {len(inputs)}  plays built: {plays}")
    print(f"best of {rounds}: {best:.3f} s  ->  {rate:,.0f} cases/s  ({plays / best:,.0f} plays/s)")
    print(f"target: {TARGET_CASES_PER_SECOND:,} cases/s  ->  {'met' if rate >= TARGET_CASES_PER_SECOND else 'NOT met'}")


if __name__ == "__main__":
    main()
