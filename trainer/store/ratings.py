"""Ratings: the learner's rating after every rated attempt (its history), and each puzzle's current rating.

The numbers are Glicko-2's (rating, deviation, volatility), worked out by :mod:`trainer.practice.ratings`; the
store only keeps them. The learner has one rating per kind of puzzle (:data:`~trainer.shared.kinds.RATING_KINDS`), each
with its own history.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from trainer.shared.kinds import RATING_KINDS, RatingKind
from trainer.store import wording
from trainer.store.database import Records, Statement, day_number_sql, day_offset

_RATING_SQL = (
    "INSERT INTO rating_history (rating, rd, volatility, puzzle_id, score, rated_at, kind) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_HISTORY_SQL = "SELECT rating, rd, volatility, puzzle_id, score, rated_at, kind FROM rating_history"
_PUZZLE_RATING_SQL = (
    "INSERT INTO puzzle_rating (puzzle_id, rating, rd, volatility, attempts, updated_at) "
    "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating, "
    "rd = excluded.rd, volatility = excluded.volatility, attempts = attempts + 1, "
    "updated_at = excluded.updated_at"
)


@dataclass(frozen=True)
class RatingRecord:
    """The learner's rating after one rated attempt."""

    rating: float
    rd: float
    volatility: float
    puzzle_id: str | None
    """The puzzle of the attempt (``None`` for a rating set otherwise)."""
    score: float | None
    """1 solved, 0 missed."""
    rated_at: float
    """When, in seconds since the epoch."""
    kind: RatingKind = "rules"
    """Which of the learner's ratings this is."""


@dataclass(frozen=True)
class PuzzleRating:
    """A puzzle's current rating and how many rated attempts made it."""

    puzzle_id: str
    rating: float
    rd: float
    volatility: float
    attempts: int
    updated_at: float


class RatingRecords(Records):
    """Recording and reading ratings."""

    def record_rating(
        self,
        learner: tuple[float, float, float],
        *,
        puzzle_id: str | None = None,
        puzzle: tuple[float, float, float] | None = None,
        score: float | None = None,
        at: float | None = None,
        kind: RatingKind = "rules",
    ) -> None:
        """Store the learner's new ``(rating, rd, volatility)`` of ``kind`` and, for a rated attempt, the puzzle's,
        together.

        :raises ValueError: if a puzzle rating is given without its puzzle id, or for an unknown kind.
        """
        if puzzle is not None and puzzle_id is None:
            raise ValueError(wording.rating_without_puzzle())
        if kind not in RATING_KINDS:
            raise ValueError(wording.unknown_rating_kind(kind, RATING_KINDS))
        when = time.time() if at is None else at
        statements: list[Statement] = [(_RATING_SQL, (*learner, puzzle_id, score, when, kind))]
        if puzzle is not None:
            statements.append((_PUZZLE_RATING_SQL, (puzzle_id, *puzzle, when)))
        self._db.execute_write(*statements)

    def learner_rating(self, kind: RatingKind = "rules") -> RatingRecord | None:
        """The learner's latest rating of ``kind``, or ``None`` before the first rated attempt of that kind."""
        rows = self._db.execute_read(f"{_HISTORY_SQL} WHERE kind = ? ORDER BY id DESC LIMIT 1", (kind,))
        return RatingRecord(*rows[0]) if rows else None

    def learner_ratings(self) -> dict[RatingKind, RatingRecord]:
        """The learner's latest rating of each kind rated so far, by kind."""
        rows = self._db.execute_read(f"{_HISTORY_SQL} WHERE id IN (SELECT MAX(id) FROM rating_history GROUP BY kind)")
        return {record.kind: record for record in (RatingRecord(*row) for row in rows)}

    def rating_history(self, kind: RatingKind | None = None) -> list[RatingRecord]:
        """Every stored rating of the learner (of one kind, or all), oldest first."""
        if kind is None:
            rows = self._db.execute_read(f"{_HISTORY_SQL} ORDER BY id")
        else:
            rows = self._db.execute_read(f"{_HISTORY_SQL} WHERE kind = ? ORDER BY id", (kind,))
        return [RatingRecord(*row) for row in rows]

    def rating_points(self, utc_offset: float) -> list[tuple[RatingKind, float, float, int]]:
        """Every stored rating of the learner as ``(kind, when, rating, day)``, oldest first: the day numbered from
        1970-01-01 in a time zone ``utc_offset`` seconds ahead of UTC."""
        return self._db.execute_read(
            f"SELECT kind, rated_at, rating, {day_number_sql('rated_at')} FROM rating_history ORDER BY id",
            (day_offset(utc_offset),),
        )

    def puzzle_rating(self, puzzle_id: str) -> PuzzleRating | None:
        """A puzzle's rating, or ``None`` if it has never been rated (it then starts from its difficulty)."""
        rows = self._db.execute_read(
            "SELECT puzzle_id, rating, rd, volatility, attempts, updated_at FROM puzzle_rating WHERE puzzle_id = ?",
            (puzzle_id,),
        )
        return PuzzleRating(*rows[0]) if rows else None

    def puzzle_ratings(self) -> dict[str, PuzzleRating]:
        """Every rated puzzle's rating, by puzzle id."""
        rows = self._db.execute_read(
            "SELECT puzzle_id, rating, rd, volatility, attempts, updated_at FROM puzzle_rating"
        )
        return {row[0]: PuzzleRating(*row) for row in rows}
