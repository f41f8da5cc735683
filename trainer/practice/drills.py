"""The recognition drill's timed and untimed runs as plain values, on the caller's clock.

- **Practice**: untimed, one position after another; nothing to keep but the answers.
- **Streak**: answers until the first miss; the score is the number right before it.
- **Storm**: three minutes, as many right answers as possible; each miss costs ten seconds.

A drill position answered "forced" is right only once its play is made too; the screen decides when an item is
done and reports it with :meth:`StreakRun.answer` or :meth:`StormRun.answer`. Runs are immutable: each answer gives
the run after it. The store keeps finished runs (``record_drill_run``) and their bests.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

STORM_SECONDS = 180.0
STORM_MISS_PENALTY = 10.0


@dataclass(frozen=True, slots=True)
class StreakRun:
    """A Streak: right answers until the first miss."""

    score: int = 0
    over: bool = False
    started_at: float = 0.0

    def answer(self, correct: bool) -> StreakRun:
        """The run after one more answer (a finished run doesn't change)."""
        if self.over:
            return self
        return replace(self, score=self.score + 1) if correct else replace(self, over=True)


@dataclass(frozen=True, slots=True)
class StormRun:
    """A Storm: three minutes from ``started_at``, a miss taking ten seconds off."""

    started_at: float
    score: int = 0
    mistakes: int = 0
    seconds: float = STORM_SECONDS
    penalty: float = STORM_MISS_PENALTY

    def remaining(self, now: float) -> float:
        """Seconds left at ``now`` (never below 0)."""
        return max(0.0, self.started_at + self.seconds - self.mistakes * self.penalty - now)

    def is_over(self, now: float) -> bool:
        """Whether the time is up at ``now``."""
        return self.remaining(now) <= 0.0

    def answer(self, correct: bool, now: float) -> StormRun:
        """The run after an answer given at ``now``; answers after the time is up don't count."""
        if self.is_over(now):
            return self
        if correct:
            return replace(self, score=self.score + 1)
        return replace(self, mistakes=self.mistakes + 1)

    def elapsed(self, now: float) -> float:
        """Seconds played at ``now``, up to the end of the run."""
        end = self.started_at + self.seconds - self.mistakes * self.penalty
        return max(0.0, min(now, end) - self.started_at)


def is_new_best(score: int, best: int) -> bool:
    """Whether a finished run beats the stored best (a first run scoring at least 1 does)."""
    return score > best
