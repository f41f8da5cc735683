"""Lesson progress: the steps done, those right at the first try, and the step to resume at."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

from trainer.store.database import Records

STAR_THRESHOLDS = (0.9, 0.7)
"""Three stars for at least 90% of a lesson's tasks right at the first try, two for at least 70%, else one."""


@dataclass
class LessonProgress:
    """One lesson's progress: completed steps, steps right at the first try, and the step to resume at."""

    completed: set[int] = field(default_factory=set)
    first_try: set[int] = field(default_factory=set)
    resume_step: int = 0

    def first_try_count(self, graded_steps: list[int]) -> int:
        """How many of these graded steps were right at the first try."""
        return len(self.first_try & set(graded_steps))

    def stars(self, graded_steps: list[int]) -> int:
        """1 to 3 stars for a finished lesson, by the share of its tasks right at the first try (0 if not done)."""
        if not graded_steps or not set(graded_steps) <= self.completed:
            return 0
        share = self.first_try_count(graded_steps) / len(graded_steps)
        return 1 + sum(share >= threshold for threshold in STAR_THRESHOLDS)

    def resume_at(self, step_count: int) -> int:
        """The step to resume at: where the learner left, or past it to the first step not answered yet (a task
        answered and then left is not asked again); at most the last step."""
        step = self.resume_step
        while step in self.completed and step < step_count - 1:
            step += 1
        return min(step, step_count - 1)

    def status(self, graded_steps: list[int], step_count: int) -> Literal["new", "started", "done"]:
        """``new``, ``started`` or ``done`` for a lesson with these graded steps."""
        if graded_steps and set(graded_steps) <= self.completed:
            return "done"
        if self.completed or self.resume_step:
            return "started"
        return "new"


@dataclass(frozen=True)
class FinishedLesson:
    """A lesson finished in one of its editions: how many graded tasks, how many right at the first try."""

    lesson_id: str
    edition: int
    graded: int
    first_try: int
    finished_at: float

    @property
    def stars(self) -> int:
        """1 to 3 stars, as for a lesson finished now (see :data:`STAR_THRESHOLDS`)."""
        share = self.first_try / self.graded if self.graded else 0.0
        return 1 + sum(share >= threshold for threshold in STAR_THRESHOLDS)


@dataclass(frozen=True)
class LessonStepRecord:
    """One lesson step done."""

    lesson_id: str
    step: int
    first_try: bool
    completed_at: float
    """When, in seconds since the epoch."""


class LessonRecords(Records):
    """Reading and recording lesson progress."""

    def lesson_progress(self, lesson_id: str) -> LessonProgress:
        """What the learner has done in a lesson."""
        progress = LessonProgress()
        for step, first_try in self._db.execute_read(
            "SELECT step, first_try FROM lesson_step WHERE lesson_id = ?", (lesson_id,)
        ):
            progress.completed.add(step)
            if first_try:
                progress.first_try.add(step)
        for (step,) in self._db.execute_read("SELECT step FROM lesson_position WHERE lesson_id = ?", (lesson_id,)):
            progress.resume_step = step
        return progress

    def all_lesson_progress(self) -> dict[str, LessonProgress]:
        """What the learner has done in every lesson started, by lesson id (:meth:`lesson_progress` of each, in
        two reads)."""
        found: dict[str, LessonProgress] = {}
        for lesson_id, step, first_try in self._db.execute_read("SELECT lesson_id, step, first_try FROM lesson_step"):
            progress = found.setdefault(lesson_id, LessonProgress())
            progress.completed.add(step)
            if first_try:
                progress.first_try.add(step)
        for lesson_id, step in self._db.execute_read("SELECT lesson_id, step FROM lesson_position"):
            found.setdefault(lesson_id, LessonProgress()).resume_step = step
        return found

    def lesson_steps(self) -> list[LessonStepRecord]:
        """Every lesson step done, in the order they were first done."""
        rows = self._db.execute_read(
            "SELECT lesson_id, step, first_try, completed_at FROM lesson_step ORDER BY completed_at, lesson_id, step"
        )
        return [LessonStepRecord(lesson_id, step, bool(first), at) for lesson_id, step, first, at in rows]

    def resume_steps(self) -> dict[str, int]:
        """The step to resume each started lesson at, by lesson id."""
        return {
            lesson_id: step for lesson_id, step in self._db.execute_read("SELECT lesson_id, step FROM lesson_position")
        }

    def complete_step(self, lesson_id: str, step: int, *, first_try: bool, at: float | None = None) -> None:
        """Record a step as done at ``at`` (seconds since the epoch; default now); a first-try success is kept even if
        the step is done again later."""
        self._db.execute_write(
            (
                "INSERT INTO lesson_step (lesson_id, step, first_try, completed_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (lesson_id, step) DO UPDATE SET first_try = max(first_try, excluded.first_try)",
                (lesson_id, step, int(first_try), time.time() if at is None else at),
            )
        )

    def set_resume_step(self, lesson_id: str, step: int) -> None:
        """Remember the step to resume a lesson at."""
        self._db.execute_write(
            (
                "INSERT INTO lesson_position (lesson_id, step, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (lesson_id) DO UPDATE SET step = excluded.step, updated_at = excluded.updated_at",
                (lesson_id, step, time.time()),
            )
        )

    def record_lesson_finished(
        self, lesson_id: str, edition: int, *, graded: int, first_try: int, at: float | None = None
    ) -> None:
        """Record that a lesson's edition was finished (the best first-try count is kept)."""
        self._db.execute_write(
            (
                "INSERT INTO lesson_finished (lesson_id, edition, graded, first_try, finished_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (lesson_id, edition) "
                "DO UPDATE SET first_try = max(first_try, excluded.first_try), graded = excluded.graded",
                (lesson_id, edition, graded, first_try, time.time() if at is None else at),
            )
        )

    def finished_lessons(self) -> dict[str, list[FinishedLesson]]:
        """Every lesson finished, by lesson id, its editions oldest first."""
        found: dict[str, list[FinishedLesson]] = {}
        for lesson_id, edition, graded, first_try, at in self._db.execute_read(
            "SELECT lesson_id, edition, graded, first_try, finished_at FROM lesson_finished ORDER BY lesson_id, edition"
        ):
            found.setdefault(lesson_id, []).append(FinishedLesson(lesson_id, edition, graded, first_try, at))
        return found

    def reset_lesson(self, lesson_id: str) -> None:
        """Forget a lesson's progress, to take it again from the start."""
        self._db.execute_write(
            ("DELETE FROM lesson_step WHERE lesson_id = ?", (lesson_id,)),
            ("DELETE FROM lesson_position WHERE lesson_id = ?", (lesson_id,)),
        )
