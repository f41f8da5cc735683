"""The kinds of practice kept apart, below the store (which keeps them) and the practice layer (which rates them):
the learner's ratings per kind of puzzle, the drills whose runs have bests of their own, the modes of a run, and the
timed knowledge drills."""

from __future__ import annotations

from typing import Literal, get_args

RatingKind = Literal["rules", "best", "cube"]
"""The learner's ratings: the rules puzzles (forced moves, bear-offs, recognition, acey-deucey), best play, the cube."""
RATING_KINDS: tuple[RatingKind, ...] = get_args(RatingKind)
DrillName = Literal["recognition", "best"]
"""What a Streak or Storm drills: forced-move recognition, or best-play puzzles."""
DRILLS: tuple[DrillName, ...] = get_args(DrillName)
DrillMode = Literal["streak", "storm"]
"""A drill's run: a Streak (until the first miss) or a Storm (against the clock)."""
DRILL_MODES: tuple[DrillMode, ...] = get_args(DrillMode)
KnowledgeDrill = Literal["met", "take", "keith"]
"""The timed knowledge drills: match equity at a score, the take point at a score, the Keith count of a race."""
KNOWLEDGE_DRILLS: tuple[KnowledgeDrill, ...] = get_args(KnowledgeDrill)


RATED_APART: dict[str, RatingKind] = {"best": "best", "cube": "cube"}
"""The kinds of puzzle (as the files name them) rated apart from the rules puzzles, and the rating of each."""


def rating_kind(puzzle_kind: str) -> RatingKind:
    """The learner's rating that a puzzle of ``puzzle_kind`` is rated in: best play, the cube (exact or in contact),
    else the rules."""
    return RATED_APART.get(puzzle_kind, "rules")
