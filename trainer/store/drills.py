"""Drill runs: each finished Streak (answers right until the first miss) and Storm (as many as possible in three
minutes) of a drill (:data:`~trainer.shared.kinds.DRILLS`: the forced-move recognition drill, best-play puzzles), with
its score, so the bests are kept per drill."""

from __future__ import annotations

import time
from dataclasses import dataclass

from trainer.shared.kinds import DRILL_MODES, DRILLS, DrillMode, DrillName
from trainer.store import wording
from trainer.store.database import Records

_RUNS_SQL = "SELECT mode, score, mistakes, seconds, finished_at, drill FROM drill_run"


@dataclass(frozen=True)
class DrillRun:
    """One finished run of a drill."""

    mode: DrillMode
    score: int
    """Streak: answers right before the miss; Storm: answers right in the time."""
    mistakes: int
    seconds: float
    finished_at: float
    drill: DrillName = "recognition"


class DrillRecords(Records):
    """Recording drill runs and reading the bests."""

    def record_drill_run(
        self,
        mode: DrillMode,
        score: int,
        *,
        mistakes: int = 0,
        seconds: float = 0.0,
        at: float | None = None,
        drill: DrillName = "recognition",
    ) -> None:
        """Store a finished run of ``drill``.

        :raises ValueError: for an unknown mode or drill, or a negative score or mistake count.
        """
        if mode not in DRILL_MODES:
            raise ValueError(wording.unknown_drill_mode(mode, DRILL_MODES))
        if drill not in DRILLS:
            raise ValueError(wording.unknown_drill(drill, DRILLS))
        if score < 0 or mistakes < 0:
            raise ValueError(wording.negative_score(score, mistakes))
        when = time.time() if at is None else at
        self._db.execute_write(
            (
                "INSERT INTO drill_run (mode, score, mistakes, seconds, finished_at, drill) VALUES (?, ?, ?, ?, ?, ?)",
                (mode, score, mistakes, seconds, when, drill),
            )
        )

    def drill_best(self, mode: DrillMode, drill: DrillName = "recognition") -> int:
        """The best score of a mode of ``drill`` (0 before the first run)."""
        rows = self._db.execute_read("SELECT max(score) FROM drill_run WHERE mode = ? AND drill = ?", (mode, drill))
        return int(rows[0][0] or 0)

    def drill_runs(self, mode: DrillMode | None = None) -> list[DrillRun]:
        """Every finished run (of one mode, or all), oldest first."""
        rows = (
            self._db.execute_read(f"{_RUNS_SQL} ORDER BY id")
            if mode is None
            else self._db.execute_read(f"{_RUNS_SQL} WHERE mode = ? ORDER BY id", (mode,))
        )
        return [DrillRun(*row) for row in rows]
