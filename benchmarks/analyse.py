"""``bgtrainer analyse`` at the default depth: how long a 7-point match takes, its CPU time beside GNU Backgammon's
1-ply on the same files (measured in the same run when ``gnubg`` is installed), and how it agrees with GNU Backgammon
2-ply on every checker play of its own noisy self-play.

Target (issue 34): the default analysis of a match in no more CPU time than GNU Backgammon 1-ply (bgtrainer's 2 plies)
takes on the same file, luck included on both sides.

Targets: the 7-point match (``tests/data/analyse/gnubg-match7.mat``, GNU Backgammon self-play) analysed in under a
minute; of the plays GNU Backgammon finds 0.08 or more below its best, at least 90% lose 0.03 or more here; of those
it puts within 0.01 of its best, at most 5% lose 0.06 or more here (``tests/test_analyse.py`` checks a sample of
each on every run). Prints the figures and asserts nothing. Run: ``python benchmarks/analyse.py``.
"""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from trainer.analysis.basics import ANALYSIS_PLIES
from trainer.analysis.sweep import SweepEvaluator
from trainer.play import parse_mat
from trainer.play.analyse import DecisionKind, DecisionPoint, analyse_match, analyse_point, decision_points
from trainer.play.cube import CubeJudge

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "analyse"
TARGET_SECONDS = 60.0
GNUBG_PLIES = ANALYSIS_PLIES - 1
"""GNU Backgammon's depth for the same search (its N-ply is bgtrainer's N+1 plies)."""
SPEED_FILES = ("gnubg-match.mat", "gnubg-match7.mat")


def gnubg_cpu_seconds(path: Path, plies: int = GNUBG_PLIES) -> float | None:
    """The CPU time GNU Backgammon (one thread, luck on, as it analyses by default) takes to import and analyse
    ``path`` at ``plies``, less its start-up (``None`` without ``gnubg``)."""
    gnubg = shutil.which("gnubg") or ("/usr/games/gnubg" if Path("/usr/games/gnubg").exists() else None)
    if gnubg is None:
        return None

    def run(commands: list[str]) -> float:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as script:
            script.write("\n".join([*commands, "quit", "y", ""]))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(script.name, encoding="utf-8") as commands_in:
            subprocess.run([gnubg, "-t", "-q"], stdin=commands_in, capture_output=True, check=False, timeout=3600)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        Path(script.name).unlink()
        return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)

    setup = ["set threads 1"] + [
        f"set analysis {kind} evaluation {setting}"
        for kind in ("chequerplay", "cubedecision")
        for setting in (f"plies {plies}", "cubeful on", "deterministic on", "noise 0")
    ]
    start_up = run(setup)
    return run([*setup, f"import mat {path}", "analyse match"]) - start_up


def speed_beside_gnubg() -> None:
    """bgtrainer's CPU time for each file of :data:`SPEED_FILES` beside GNU Backgammon's."""
    evaluator = SweepEvaluator()
    print(f"CPU time of the analysis at {ANALYSIS_PLIES} plies, beside GNU Backgammon {GNUBG_PLIES}-ply:")
    for name in SPEED_FILES:
        match = parse_mat((DATA / name).read_text(encoding="utf-8"))
        started = time.process_time()
        analyse_match(match, evaluator)
        ours = time.process_time() - started
        theirs = gnubg_cpu_seconds(DATA / name)
        if theirs is None:
            print(f"  {name}: {ours:.1f} s (gnubg is not installed: no figure beside it)")
            continue
        met = "met" if ours <= theirs else "NOT met"
        print(f"  {name}: {ours:.1f} s against gnubg's {theirs:.1f} s, {ours / theirs:.1f} times (target 1.0 -> {met})")


def main() -> None:
    evaluator = SweepEvaluator()
    match = parse_mat((DATA / "gnubg-match7.mat").read_text(encoding="utf-8"))
    started = time.perf_counter()
    analysis = analyse_match(match, evaluator)
    elapsed = time.perf_counter() - started
    met = "met" if elapsed < TARGET_SECONDS else "NOT met"
    print(f"7-point match ({len(match.games)} games, {len(analysis.decisions)} decisions) at {ANALYSIS_PLIES} plies:")
    print(f"  {elapsed:.1f} s  (target: under {TARGET_SECONDS:.0f} s -> {met})")
    speed_beside_gnubg()

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
