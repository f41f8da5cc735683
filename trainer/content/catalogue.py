"""What the home screen shows of the content, as plain values: each lesson's number, title, steps, edition and the
themes it practises, each puzzle's kind, theme, difficulty and starting rating, and the files left out. Made from
the checked content (:meth:`LessonCatalogue.of`, :meth:`PuzzleCatalogue.of`) and kept in the cache beside it
(:mod:`trainer.content.cache`), so that home's menu and figures are read back without importing the content models
(nor pydantic): the lessons and puzzles themselves load after them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.content.library import LessonLibrary, PuzzleLibrary
    from trainer.content.models import Lesson, Puzzle


@dataclass(frozen=True)
class LessonEntry:
    """A lesson as the home screen lists it and the dashboard counts it."""

    id: str
    number: int
    title: str
    step_count: int
    graded_steps: list[int]
    """Indexes of the steps that are graded tasks."""
    edition: int
    progress_key: str
    """Where the learner's progress in this edition is kept (:attr:`trainer.content.models.Lesson.progress_key`)."""
    practice: tuple[str, ...] = ()
    """The puzzle themes the lesson practises (:attr:`trainer.content.models.Lesson.practice`)."""

    @classmethod
    def of(cls, lesson: Lesson) -> LessonEntry:
        return cls(
            lesson.id,
            lesson.number,
            lesson.title,
            lesson.step_count,
            lesson.graded_steps,
            lesson.edition,
            lesson.progress_key,
            tuple(lesson.practice),
        )


@dataclass(frozen=True)
class PuzzleEntry:
    """A puzzle (or a drill's position) as the dashboard counts it."""

    id: str
    kind: str
    theme: str
    difficulty: int
    variant: str = "standard"
    rating: int | None = None
    """The puzzle's starting rating, if it has one of its own (a mined puzzle's)."""

    @classmethod
    def of(cls, puzzle: Puzzle) -> PuzzleEntry:
        return cls(puzzle.id, puzzle.kind, puzzle.theme, puzzle.difficulty, puzzle.variant, puzzle.rating)


@dataclass(frozen=True)
class LessonCatalogue:
    """The lessons that loaded, in order, and the files left out (:class:`~trainer.content.library.LessonLibrary`'s
    ``skipped``)."""

    lessons: tuple[LessonEntry, ...] = ()
    skipped: tuple[str, ...] = ()

    @classmethod
    def of(cls, library: LessonLibrary) -> LessonCatalogue:
        return cls(tuple(LessonEntry.of(lesson) for lesson in library.lessons), tuple(library.skipped))


@dataclass(frozen=True)
class PuzzleCatalogue:
    """The puzzles that passed their checks, the drills' positions (recognition, then counting) and the files left
    out, as in :class:`~trainer.content.library.PuzzleLibrary`."""

    puzzles: tuple[PuzzleEntry, ...] = ()
    drills: tuple[PuzzleEntry, ...] = ()
    counts: tuple[PuzzleEntry, ...] = ()
    skipped: tuple[str, ...] = ()

    @classmethod
    def of(cls, library: PuzzleLibrary) -> PuzzleCatalogue:
        return cls(
            _entries(library.puzzles), _entries(library.drills), _entries(library.counts), tuple(library.skipped)
        )


@dataclass(frozen=True)
class Catalogue:
    """What home shows of the content: the lessons' catalogue and the puzzles', each ``None`` until it is in."""

    lessons: LessonCatalogue | None = None
    puzzles: PuzzleCatalogue | None = None


def _entries(puzzles: Iterable[Puzzle]) -> tuple[PuzzleEntry, ...]:
    return tuple(PuzzleEntry.of(puzzle) for puzzle in puzzles)


def catalogue_of(library: LessonLibrary | PuzzleLibrary) -> LessonCatalogue | PuzzleCatalogue:
    """The catalogue of a library of either kind."""
    from trainer.content.library import LessonLibrary

    return LessonCatalogue.of(library) if isinstance(library, LessonLibrary) else PuzzleCatalogue.of(library)
