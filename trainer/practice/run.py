"""A Streak or a Storm of a drill, on the caller's clock: its puzzles one at a time, each answer's effect, its end and
the result to keep.

- **Streak** (:class:`Streak`): answers until the first miss; the score is the number right before it. Left before a
  miss, the run is kept (its answers were all right).
- **Storm** (:class:`Storm`): three minutes, as many right answers as possible; each miss costs ten seconds, so
  eighteen misses use the time up. Answers after the time is up don't count, and a Storm left early is not kept.

Either run also ends once its last puzzle is answered. A :class:`Run` is the one run in progress (its puzzles are
drawn as it goes); what it reports (:class:`AnswerEffect`, :class:`RunResult`) are plain values. Every method that
depends on the time takes it as an argument, so tests need no real clock. The store keeps finished runs and their
bests, per drill (:data:`~trainer.shared.kinds.DrillName`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Generic, Literal, Protocol, TypeVar

from trainer.shared.kinds import DrillMode, DrillName

STORM_SECONDS = 180.0
STORM_MISS_PENALTY = 10.0
RUN_START_BELOW = 300.0
"""A run at the learner's level starts this far below the learner's rating, so that its first puzzles are easy."""
RUN_BAND = 100.0
"""Such a run climbs band by band of puzzle ratings this wide, in a shuffled order within each band."""


@dataclass(frozen=True, slots=True)
class Streak:
    """Right answers until the first miss."""

    key: ClassVar[Literal["streak"]] = "streak"
    """The mode's name in the store."""
    timed: ClassVar[bool] = False
    ends_on_miss: ClassVar[bool] = True
    kept_when_left: ClassVar[bool] = True
    """Whether a run left before its end is kept (a Streak's answers so far were all right)."""

    def ends_at(self, started_at: float, misses: int) -> float | None:
        """When the run's time is up: never."""
        return None


@dataclass(frozen=True, slots=True)
class Storm:
    """As many right answers as possible in ``seconds``, each miss taking ``penalty`` seconds off."""

    seconds: float = STORM_SECONDS
    penalty: float = STORM_MISS_PENALTY
    key: ClassVar[Literal["storm"]] = "storm"
    """The mode's name in the store."""
    timed: ClassVar[bool] = True
    ends_on_miss: ClassVar[bool] = False
    kept_when_left: ClassVar[bool] = False
    """Whether a run left before its end is kept (a Storm must run its time)."""

    def ends_at(self, started_at: float, misses: int) -> float:
        """When the time is up for a run started at ``started_at`` with ``misses`` so far."""
        return started_at + self.seconds - misses * self.penalty


RunMode = Streak | Storm
_MODES: tuple[RunMode, ...] = (Streak(), Storm())
RUN_MODES: dict[DrillMode, RunMode] = {mode.key: mode for mode in _MODES}
"""Each mode by its name in the store."""


class Ending(Enum):
    """Why a run is over."""

    MISSED = "missed"
    """A Streak's first miss."""
    TIME_UP = "time up"
    """A Storm's time ran out (on the clock, or used up by misses)."""
    ALL_ANSWERED = "all answered"
    """The last puzzle is answered."""


@dataclass(frozen=True, slots=True)
class AnswerEffect:
    """What an answer did to its run."""

    counted: bool
    """Whether it counted (no answer, or one after the run is over, changes nothing)."""
    score: int
    misses: int
    ending: Ending | None
    """Why the run is over after it (``None`` while it goes on)."""

    @property
    def over(self) -> bool:
        return self.ending is not None


@dataclass(frozen=True, slots=True)
class RunResult:
    """A run to keep: the mode and drill it is of, its score, its misses and how long it lasted."""

    mode: RunMode
    drill: DrillName
    score: int
    mistakes: int
    seconds: float
    finished_at: float


class Difficult(Protocol):
    """Anything with a difficulty (1 easy to 3 hard), such as a puzzle."""

    @property
    def difficulty(self) -> int: ...


Item = TypeVar("Item")
Ordered = TypeVar("Ordered", bound=Difficult)


def run_order(puzzles: Iterable[Ordered], seed: int) -> list[Ordered]:
    """The puzzles of a run: shuffled by ``seed``, then easy ones first (the shuffle kept within a difficulty), so
    that a run climbs."""
    chosen = list(puzzles)
    random.Random(seed).shuffle(chosen)
    chosen.sort(key=lambda puzzle: puzzle.difficulty)
    return chosen


class Identified(Protocol):
    """Anything with an id, such as a puzzle."""

    @property
    def id(self) -> str: ...


Climbing = TypeVar("Climbing", bound=Identified)


def climbing_order(
    puzzles: Iterable[Climbing], ratings: Mapping[str, float], level: float, seed: int
) -> list[Climbing]:
    """The puzzles of a run at the learner's ``level`` (each puzzle's rating in ``ratings``, on the same scale):
    from :data:`RUN_START_BELOW` below the level upward, band by band of :data:`RUN_BAND` (shuffled by ``seed``
    within a band), so that a run climbs from easy for the learner; the puzzles easier than its start come last,
    the hardest of them first, for a run that outlasts the others."""
    start = level - RUN_START_BELOW
    chosen = list(puzzles)
    random.Random(seed).shuffle(chosen)

    def band(puzzle: Climbing) -> tuple[bool, float]:
        rating = ratings[puzzle.id]
        return rating < start, abs(rating - start) // RUN_BAND

    chosen.sort(key=band)
    return chosen


class Run(Generic[Item]):
    """One Streak or Storm of ``drill`` over ``puzzles``, started at ``started_at``.

    :meth:`next_puzzle` puts the next puzzle up (the run looks one ahead, so that answering the last one ends it);
    :meth:`answer` scores the puzzle up; :meth:`ending` says whether and why the run is over at a given time.
    """

    def __init__(self, mode: RunMode, puzzles: Iterable[Item], *, started_at: float, drill: DrillName) -> None:
        self.mode: RunMode = mode
        self.drill: DrillName = drill
        self.started_at = started_at
        self.score = 0
        self.misses = 0
        self.puzzle: Item | None = None
        """The puzzle up (``None`` before the first and once none is left)."""
        self._puzzles = iter(puzzles)
        self._upcoming: Item | None = next(self._puzzles, None)
        self._ended: Ending | None = None

    def next_puzzle(self) -> Item | None:
        """Put the next puzzle up and return it (``None`` once none is left)."""
        self.puzzle = self._upcoming
        self._upcoming = None if self.puzzle is None else next(self._puzzles, None)
        return self.puzzle

    def time_left(self, now: float) -> float | None:
        """A Storm's seconds left at ``now`` (never below 0); ``None`` for an untimed run."""
        ends_at = self.mode.ends_at(self.started_at, self.misses)
        return None if ends_at is None else max(0.0, ends_at - now)

    def ending(self, now: float) -> Ending | None:
        """Why the run is over at ``now`` (``None`` while it goes on)."""
        if self._ended is not None:
            return self._ended
        left = self.time_left(now)
        return Ending.TIME_UP if left is not None and left <= 0.0 else None

    def is_over(self, now: float) -> bool:
        return self.ending(now) is not None

    def answer(self, correct: bool | None, now: float) -> AnswerEffect:
        """Score the puzzle up, answered at ``now`` right or wrong; ``None`` is no answer (a play that can't be read
        or that the rules refuse). Neither no answer nor one after the run is over changes anything."""
        counted = correct is not None and not self.is_over(now)
        if counted and correct:
            self.score += 1
        elif counted:
            self.misses += 1
            if self.mode.ends_on_miss:
                self._ended = Ending.MISSED
        if counted and self._ended is None and self._upcoming is None:
            self._ended = Ending.ALL_ANSWERED
        return AnswerEffect(counted=counted, score=self.score, misses=self.misses, ending=self.ending(now))

    def result(self, now: float) -> RunResult:
        """The run to keep when it is over at ``now``: its time counts up to its end (a Storm's time up)."""
        ends_at = self.mode.ends_at(self.started_at, self.misses)
        end = now if ends_at is None else min(now, ends_at)
        return RunResult(
            mode=self.mode,
            drill=self.drill,
            score=self.score,
            mistakes=self.misses,
            seconds=max(0.0, end - self.started_at),
            finished_at=now,
        )

    def left(self, now: float) -> RunResult | None:
        """What to keep of a run the learner leaves at ``now``: a Streak not over yet with a score; nothing else (a
        run over was kept when it ended, a Storm must run its time)."""
        if self.mode.kept_when_left and self.score and not self.is_over(now):
            return self.result(now)
        return None
