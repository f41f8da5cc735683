"""Review cards: each missed puzzle or lesson task under spaced repetition, with its scheduler state, and a log of
every review.

The state is FSRS's, kept as plain columns (the store doesn't schedule: :mod:`trainer.practice.schedule` does, and
its cards have these same fields: :class:`trainer.shared.review_card.CardRecord`). Times are seconds since the epoch.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from trainer.shared.review_card import CardRecord
from trainer.store.database import Records, Statement

_COLUMNS_SQL = "item_id, state, step, stability, difficulty, due, last_review, reps, lapses, created_at"
_SAVE_CARD_SQL = (
    f"INSERT INTO review_card ({_COLUMNS_SQL}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (item_id) DO UPDATE SET state = excluded.state, step = excluded.step, "
    "stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due, "
    "last_review = excluded.last_review, reps = excluded.reps, lapses = excluded.lapses"
)
_LOG_SQL = "INSERT INTO review_log (item_id, correct, reviewed_at) VALUES (?, ?, ?)"


@dataclass(frozen=True)
class ReviewCard:
    """A stored review card."""

    item_id: str
    """``puzzle:ID`` or ``lesson:LESSON:STEP``."""
    state: int
    step: int | None
    stability: float | None
    difficulty: float | None
    due: float
    last_review: float | None
    reps: int
    lapses: int
    created_at: float


@dataclass(frozen=True)
class ReviewLogEntry:
    """One answer given in review (or the miss that made or lapsed a card)."""

    item_id: str
    correct: bool
    reviewed_at: float


class ReviewRecords(Records):
    """Recording and reading review cards."""

    def save_review_card(self, card: CardRecord, *, correct: bool | None = None, at: float | None = None) -> None:
        """Store a card's new state and, when ``correct`` is given, log the answer that led to it, together."""
        when = time.time() if at is None else at
        statements: list[Statement] = [
            (
                _SAVE_CARD_SQL,
                (
                    card.item_id,
                    card.state,
                    card.step,
                    card.stability,
                    card.difficulty,
                    card.due,
                    card.last_review,
                    card.reps,
                    card.lapses,
                    when,
                ),
            )
        ]
        if correct is not None:
            statements.append((_LOG_SQL, (card.item_id, int(correct), when)))
        self._db.execute_write(*statements)

    def review_card(self, item_id: str) -> ReviewCard | None:
        """The card of an item, or ``None`` if it isn't under review."""
        rows = self._db.execute_read(f"SELECT {_COLUMNS_SQL} FROM review_card WHERE item_id = ?", (item_id,))
        return ReviewCard(*rows[0]) if rows else None

    def review_cards(self) -> list[ReviewCard]:
        """Every card, soonest due first."""
        return [
            ReviewCard(*row)
            for row in self._db.execute_read(f"SELECT {_COLUMNS_SQL} FROM review_card ORDER BY due, item_id")
        ]

    def due_review_cards(self, now: float) -> list[ReviewCard]:
        """The cards due at ``now``, longest overdue first."""
        rows = self._db.execute_read(
            f"SELECT {_COLUMNS_SQL} FROM review_card WHERE due <= ? ORDER BY due, item_id", (now,)
        )
        return [ReviewCard(*row) for row in rows]

    def remove_review_card(self, item_id: str) -> None:
        """Take an item out of review (its log stays)."""
        self._db.execute_write(("DELETE FROM review_card WHERE item_id = ?", (item_id,)))

    def review_log(self) -> list[ReviewLogEntry]:
        """Every logged review answer, oldest first."""
        rows = self._db.execute_read("SELECT item_id, correct, reviewed_at FROM review_log ORDER BY id")
        return [ReviewLogEntry(item_id, bool(correct), reviewed_at) for item_id, correct, reviewed_at in rows]

    def review_days(self, utc_offset: float) -> set[int]:
        """The days with reviews, numbered from 1970-01-01 in a time zone ``utc_offset`` seconds ahead of UTC."""
        return self._days("review_log", "reviewed_at", utc_offset)
