"""Games and matches against the computer: each session's record (JSON text, written and read by
:mod:`trainer.play`, opaque here), with what a list shows without reading it: the kind, the level, the score, the
result, and when it started, was last saved and finished.

A session is saved under its own id after every decision, so an unfinished one resumes where it was; games are
numbered 1, 2, 3... in the order they started (``bgtrainer game list``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from trainer.store.database import Records

_COLUMNS_SQL = (
    "id, record, match_length, level, learner_score, computer_score, result, started_at, updated_at, finished_at"
)


@dataclass(frozen=True)
class StoredGame:
    """One saved game or match. ``number`` counts from 1 in the order the games started."""

    id: str
    number: int
    record: str
    match_length: int
    level: str
    learner_score: int
    computer_score: int
    result: str | None
    started_at: float
    updated_at: float
    finished_at: float | None

    @property
    def finished(self) -> bool:
        """Whether the game or match is over."""
        return self.finished_at is not None

    @property
    def kind(self) -> str:
        """``"money game"`` or ``"N-point match"``."""
        return "money game" if not self.match_length else f"{self.match_length}-point match"


class GameRecords(Records):
    """Saving and reading games against the computer."""

    def save_game(
        self,
        game_id: str,
        record: str,
        *,
        match_length: int,
        level: str,
        learner_score: int = 0,
        computer_score: int = 0,
        finished: bool = False,
        result: str | None = None,
    ) -> None:
        """Save a game's record under ``game_id`` (new, or replacing the last save). ``finished`` marks it over
        (keeping the first time it was marked); saving it unfinished again (after a take-back) clears the mark.

        :raises ValueError: for an empty id or record.
        """
        if not game_id or not record:
            raise ValueError("a saved game needs its id and its record")
        now = time.time()
        self._db.execute_write(
            (
                f"INSERT INTO game ({_COLUMNS_SQL}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET record = excluded.record, match_length = excluded.match_length, "
                "level = excluded.level, learner_score = excluded.learner_score, "
                "computer_score = excluded.computer_score, result = excluded.result, "
                "updated_at = excluded.updated_at, "
                "finished_at = CASE WHEN excluded.finished_at IS NULL THEN NULL "
                "ELSE coalesce(game.finished_at, excluded.finished_at) END",
                (
                    game_id,
                    record,
                    match_length,
                    level,
                    learner_score,
                    computer_score,
                    result,
                    now,
                    now,
                    now if finished else None,
                ),
            )
        )

    def mark_finished(self, game_id: str, result: str | None = None) -> None:
        """Mark a saved game as over (with ``result`` in words, if given)."""
        self._db.execute_write(
            (
                "UPDATE game SET finished_at = coalesce(finished_at, ?), result = coalesce(?, result), "
                "updated_at = ? WHERE id = ?",
                (time.time(), result, time.time(), game_id),
            )
        )

    def delete_game(self, game_id: str) -> None:
        """Forget a saved game (an abandoned one)."""
        self._db.execute_write(("DELETE FROM game WHERE id = ?", (game_id,)))

    def games(self) -> list[StoredGame]:
        """Every saved game, in the order they started (numbered from 1)."""
        rows = self._db.execute_read(f"SELECT {_COLUMNS_SQL} FROM game ORDER BY started_at, id")
        return [
            StoredGame(
                id=row[0],
                number=number,
                record=row[1],
                match_length=row[2],
                level=row[3],
                learner_score=row[4],
                computer_score=row[5],
                result=row[6],
                started_at=row[7],
                updated_at=row[8],
                finished_at=row[9],
            )
            for number, row in enumerate(rows, start=1)
        ]

    def game(self, key: str | int) -> StoredGame | None:
        """The saved game with this id, or this number in :meth:`games`; ``None`` if there is none."""
        for stored in self.games():
            if stored.id == key or stored.number == key:
                return stored
        return None

    def unfinished_games(self) -> list[StoredGame]:
        """The games still under way, the one saved last first (the one to resume)."""
        return sorted((game for game in self.games() if not game.finished), key=lambda game: -game.updated_at)

    def finished_games(self) -> list[StoredGame]:
        """The games that are over, the one finished last first."""
        finished = [game for game in self.games() if game.finished_at is not None]
        return sorted(finished, key=lambda game: -(game.finished_at or 0.0))
