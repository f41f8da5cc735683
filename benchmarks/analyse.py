"""``bgtrainer analyse`` at the default depth: how long a 7-point match takes, and how it agrees with GNU Backgammon
2-ply on every checker play of its own noisy self-play.

Targets: the 7-point match (``tests/data/analyse/gnubg-match7.mat``, GNU Backgammon self-play) analysed in under a
minute; of the plays GNU Backgammon finds 0.08 or more below its best, at least 90% lose 0.03 or more here; of those
it puts within 0.01 of its best, at most 5% lose 0.06 or more here (``tests/test_analyse.py`` checks a sample of
each on every run). Prints the figures and asserts nothing. Run: ``python benchmarks/analyse.py``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from trainer.analysis.basics import ANALYSIS_PLIES
from trainer.analysis.sage import SageEvaluator
from trainer.play import parse_mat
from trainer.play.analyse import DecisionKind, DecisionPoint, analyse_match, analyse_point, decision_points
from trainer.play.cube import CubeJudge

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "analyse"
TARGET_SECONDS = 60.0


def main() -> None:
    evaluator = SageEvaluator()
    match = parse_mat((DATA / "gnubg-match7.mat").read_text(encoding="utf-8"))
    started = time.perf_counter()
    analysis = analyse_match(match, evaluator)
    elapsed = time.perf_counter() - started
    met = "met" if elapsed < TARGET_SECONDS else "NOT met"
    print(f"7-point match ({len(match.games)} games, {len(analysis.decisions)} decisions) at {ANALYSIS_PLIES} plies:")
    print(f"  {elapsed:.1f} s  (target: under {TARGET_SECONDS:.0f} s -> {met})")

    rows = {(row["game"], row["move"]): row for row in map(json.loads, (DATA / "gnubg-noisy.gnubg2.jsonl").open())}
    judge = CubeJudge(evaluator)
    big: list[float] = []
    close: list[float] = []
    for point in decision_points(parse_mat((DATA / "gnubg-noisy.mat").read_text(encoding="utf-8"))):
        if not isinstance(point, DecisionPoint) or point.kind is not DecisionKind.MOVE:
            continue
        row = rows[(point.game, point.number)]
        if row["loss"] >= 0.08:
            big.append(analyse_point(point, evaluator, judge, ANALYSIS_PLIES).loss)
        elif row["loss"] <= 0.01 and row["plays"] > 1:
            close.append(analyse_point(point, evaluator, judge, ANALYSIS_PLIES).loss)
    found = sum(loss >= 0.03 for loss in big) / len(big)
    false = sum(loss >= 0.06 for loss in close) / len(close)
    print(f"GNU Backgammon 0.08+ below its best: {len(big)} plays, {found:.0%} lose 0.03+ here (target 90%)")
    print(f"GNU Backgammon within 0.01 of its best: {len(close)} plays, {false:.0%} lose 0.06+ here (target 5%)")


if __name__ == "__main__":
    main()
