"""What loading the content gives: the lessons that loaded and the puzzles that passed their checks, with every
problem found on the way. Kept apart from the loaders (and their checks), so that content read back from the cache
(:mod:`trainer.content.cache`) needs only the models, not the rules checks."""

from __future__ import annotations

from dataclasses import dataclass, field

from trainer.content.files import Problem
from trainer.content.models import Lesson, PipsPuzzle, Puzzle, RecognitionPuzzle, ShotsPuzzle
from trainer.content.themes import KIND_THEME_ORDER, THEMES


@dataclass
class LessonLibrary:
    """The lessons that loaded, in order, and every problem found on the way."""

    lessons: list[Lesson] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


@dataclass
class PuzzleLibrary:
    """The puzzles that passed every check, and every problem found."""

    puzzles: list[Puzzle] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    drills: list[RecognitionPuzzle] = field(default_factory=list)
    """The recognition drill's positions, kept apart from the puzzle sets."""
    counts: list[ShotsPuzzle | PipsPuzzle] = field(default_factory=list)
    """The counting drills' positions (shots and pips), kept apart from the puzzle sets."""

    def themes(self, kind: type[Puzzle] | None = None, variant: str | None = None) -> list[str]:
        """Themes present (of ``kind`` and ``variant`` when given), in the kind's order
        (:data:`~trainer.content.themes.KIND_THEME_ORDER`), else the catalogue's."""
        present = {
            puzzle.theme
            for puzzle in self.puzzles
            if (kind is None or isinstance(puzzle, kind)) and (variant is None or puzzle.variant == variant)
        }
        order = KIND_THEME_ORDER.get(kind.KIND, ()) if kind is not None else ()
        return [theme for theme in dict.fromkeys((*order, *THEMES)) if theme in present]
