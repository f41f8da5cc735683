"""The timed counting drills (shots and pips) as plain values: the figures of every answer kept, and a round.

Each answer is a ``(correct, seconds)`` pair, oldest first. The averages are of right answers only: a wrong count
is answered (it counts in :attr:`CountingFigures.answered`) but its time says nothing about counting speed. A round
is immutable, like the recognition drill's runs: each answer gives the round after it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

TEN = 10
"""How many right answers an average is taken over."""
ROUND = 10
"""Positions in a round."""


@dataclass(frozen=True, slots=True)
class CountingFigures:
    """The figures of every answer to one counting drill."""

    answered: int
    right: int
    last_ten: float | None
    """The average seconds of the last ten right answers (``None`` with fewer than ten)."""
    best_ten: float | None
    """The lowest average seconds over any ten consecutive right answers (``None`` with fewer than ten)."""
    last: float | None
    """The seconds of the most recent answer, right or wrong (``None`` before any)."""


def counting_figures(answers: Iterable[tuple[bool, float]]) -> CountingFigures:
    """The figures of ``(correct, seconds)`` answers, oldest first. Wrong answers count in ``answered`` (and as
    ``last``) but not in the averages, which take the right answers' times only."""
    given = list(answers)
    times = [seconds for correct, seconds in given if correct]
    windows = [sum(times[start : start + TEN]) / TEN for start in range(len(times) - TEN + 1)]
    return CountingFigures(
        answered=len(given),
        right=len(times),
        last_ten=windows[-1] if windows else None,
        best_ten=min(windows) if windows else None,
        last=given[-1][1] if given else None,
    )


def is_new_best_ten(before: CountingFigures, after: CountingFigures) -> bool:
    """Whether ``after`` has a better (lower) best ten than ``before``; the first best ten is a new best."""
    if after.best_ten is None:
        return False
    return before.best_ten is None or after.best_ten < before.best_ten


@dataclass(frozen=True, slots=True)
class CountingRound:
    """A round of ``size`` positions: its answers so far as ``(correct, seconds)``, oldest first."""

    answers: tuple[tuple[bool, float], ...] = ()
    size: int = ROUND

    def answer(self, correct: bool, seconds: float) -> CountingRound:
        """The round after one more answer (a finished round doesn't change)."""
        if self.over:
            return self
        return replace(self, answers=(*self.answers, (correct, seconds)))

    @property
    def answered(self) -> int:
        """Positions answered so far."""
        return len(self.answers)

    @property
    def over(self) -> bool:
        """Whether every position of the round is answered."""
        return len(self.answers) >= self.size

    @property
    def right(self) -> int:
        """Right answers so far."""
        return sum(1 for correct, _seconds in self.answers if correct)

    @property
    def average(self) -> float | None:
        """The mean seconds of this round's right answers (``None`` before any): like the averages of ten, a wrong
        count's time says nothing about counting speed."""
        times = [seconds for correct, seconds in self.answers if correct]
        return sum(times) / len(times) if times else None
