"""Where a learner stands in a lesson: new, started, or done with its stars (a lesson finished in an earlier edition
counting as done until its new one is started). Read from the store for one lesson (:func:`lesson_standing`) or for
every lesson at once (:func:`lesson_standings`, two reads whatever the number of lessons: the home screen's menu).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from trainer.store import FinishedLesson, LessonProgress, ProgressStore


class Lesson(Protocol):
    """A lesson as its standing needs it: a :class:`trainer.content.models.Lesson`, or its entry in the catalogue
    (:class:`trainer.content.catalogue.LessonEntry`: the home screen's menu, before the lessons are in)."""

    @property
    def id(self) -> str: ...
    @property
    def edition(self) -> int: ...
    @property
    def progress_key(self) -> str: ...
    @property
    def graded_steps(self) -> list[int]: ...
    @property
    def step_count(self) -> int: ...


@dataclass(frozen=True)
class LessonStanding:
    """Where a learner stands in a lesson: this edition's progress, and whether the lesson counts as done.

    A lesson finished in an earlier edition (before its steps were rebuilt) counts as done, with that edition's
    stars, until the learner starts the new edition.
    """

    progress: LessonProgress
    status: Literal["new", "started", "done"]
    stars: int = 0
    first_try: int = 0
    graded: int = 0
    earlier_edition: bool = False


def standing_of(lesson: Lesson, progress: LessonProgress, finished: Sequence[FinishedLesson]) -> LessonStanding:
    """The standing in ``lesson`` of this edition's ``progress``, with the editions of it ``finished``."""
    graded = lesson.graded_steps
    status = progress.status(graded, lesson.step_count)
    if status == "done":
        return LessonStanding(progress, "done", progress.stars(graded), progress.first_try_count(graded), len(graded))
    earlier = [done for done in finished if done.edition < lesson.edition]
    if status == "new" and earlier:
        best = max(earlier, key=lambda done: (done.stars, done.finished_at))
        return LessonStanding(progress, "done", best.stars, best.first_try, best.graded, earlier_edition=True)
    return LessonStanding(progress, status)


def lesson_standing(store: ProgressStore, lesson: Lesson) -> LessonStanding:
    """The learner's standing in ``lesson``, its current edition first."""
    progress = store.lessons.lesson_progress(lesson.progress_key)
    if progress.status(lesson.graded_steps, lesson.step_count) == "done":
        return standing_of(lesson, progress, ())
    return standing_of(lesson, progress, store.lessons.finished_lessons().get(lesson.id, []))


def lesson_standings(store: ProgressStore, lessons: Iterable[Lesson]) -> dict[str, LessonStanding]:
    """The learner's standing in each of ``lessons``, by lesson id, from one read of the lessons' progress and one
    of the lessons finished."""
    progress = store.lessons.all_lesson_progress()
    finished = store.lessons.finished_lessons()
    return {
        lesson.id: standing_of(lesson, progress.get(lesson.progress_key, LessonProgress()), finished.get(lesson.id, []))
        for lesson in lessons
    }
