"""The equity the learner lost in each theme of the games reviewed: per game (or match file) reviewed and theme, the
equity lost and the decisions that counted, so that the weakest theme can be found; a game reviewed again replaces
its figures."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.store import wording
from trainer.store.database import Records, Statement

_FORGET_SQL = "DELETE FROM theme_loss WHERE review = ?"
_KEEP_SQL = "INSERT INTO theme_loss (review, theme, loss, decisions, reviewed_at) VALUES (?, ?, ?, ?, ?)"


@dataclass(frozen=True)
class ThemeLossTotal:
    """One theme's figures over every game reviewed: the equity lost and the decisions that counted."""

    theme: str
    loss: float
    decisions: int


class ThemeLossRecords(Records):
    """Keeping the equity lost per theme of each game reviewed."""

    def save_theme_losses(
        self, review: str, figures: Sequence[tuple[str, float, int]], *, at: float | None = None
    ) -> None:
        """Keep a game's ``(theme, loss, decisions)`` figures under ``review`` (its key), replacing together any
        kept for it before.

        :raises ValueError: for a negative loss or count of decisions.
        """
        if any(loss < 0 or decisions < 0 for _theme, loss, decisions in figures):
            raise ValueError(wording.negative_theme_figures(review))
        when = time.time() if at is None else at
        statements: list[Statement] = [(_FORGET_SQL, (review,))]
        statements += [(_KEEP_SQL, (review, theme, float(loss), decisions, when)) for theme, loss, decisions in figures]
        self._db.execute_write(*statements)

    def theme_loss_totals(self) -> list[ThemeLossTotal]:
        """Each theme's figures summed over every game reviewed, by theme name."""
        rows = self._db.execute_read(
            "SELECT theme, sum(loss), sum(decisions) FROM theme_loss GROUP BY theme ORDER BY theme"
        )
        return [ThemeLossTotal(theme, float(loss), int(decisions)) for theme, loss, decisions in rows]
