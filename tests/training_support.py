"""Shared by the training screens' tests and their snapshots: a fake clock, and two days of a learner's progress."""

from __future__ import annotations

from pathlib import Path

from trainer.content.loader import load_lessons
from trainer.content.puzzles import load_puzzles
from trainer.practice.run import RUN_MODES, STORM_SECONDS, RunResult
from trainer.shared.kinds import DrillMode, DrillName
from trainer.store import ProgressStore
from trainer.training.service import answer_puzzle, record_run

T0 = 1_800_000_000.0
"""The fake clock's start (January 2027)."""
MINUTE, DAY = 60.0, 86_400.0
LIBRARY = load_puzzles()
LESSONS = load_lessons()
MEDIUM = next(
    puzzle
    for puzzle in LIBRARY.puzzles
    if puzzle.kind == "forced" and puzzle.variant == "standard" and puzzle.difficulty == 2
)


class FakeClock:
    """The app's clock in tests: it moves only when told."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def run_result(
    mode: DrillMode, score: int, *, mistakes: int, seconds: float, at: float, drill: DrillName = "recognition"
) -> RunResult:
    """A finished run of ``drill`` to keep (:func:`~trainer.training.service.record_run`), as a run reports it."""
    return RunResult(RUN_MODES[mode], drill, score, mistakes, seconds, finished_at=at)


def seed_progress(folder: Path) -> None:
    """Two days of practice up to :data:`T0`: lesson 1 done, a bear-off right and a forced puzzle missed (both rated;
    the miss due for review), a Streak of 7 and a Storm of 12."""
    first = LESSONS.lessons[0]
    store = ProgressStore(folder)
    try:
        for step in first.graded_steps:
            store.lessons.complete_step(first.progress_key, step, first_try=True, at=T0 - DAY)
        right = next(p for p in LIBRARY.puzzles if p.kind == "bearoff" and p.difficulty == 2)
        answer_puzzle(store, right, right.answers[0], correct=True, seconds=8.0, now=T0 - DAY)
        answer_puzzle(store, MEDIUM, "pass", correct=False, seconds=5.0, now=T0 - 30 * MINUTE)
        record_run(store, run_result("streak", 7, mistakes=1, seconds=60.0, at=T0 - DAY))
        record_run(store, run_result("storm", 12, mistakes=3, seconds=STORM_SECONDS, at=T0 - 40 * MINUTE))
    finally:
        store.close()
