"""Games and matches against the computer: each session's record (JSON text, written and read by
:mod:`trainer.play`, opaque here), with what a list shows without reading it: the kind, the level, the score, the
result, and when it started, was last saved and finished.

A session is saved under its own id after every decision, so an unfinished one resumes where it was; games are
numbered 1, 2, 3... in the order they started (``bgtrainer game list``). Each save has a version (see
:mod:`~trainer.store.saves`): a save never replaces a newer one made by another bgtrainer. A row whose times or scores
can't be (damaged) is skipped, and said once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.store import wording
from trainer.store.database import Records
from trainer.store.saves import Finishable, GameTable, check_version, sane_time, save_versioned

_COLUMNS_SQL = (
    "id, record, match_length, level, learner_score, computer_score, result, started_at, updated_at, finished_at, "
    "version"
)
_INSERT_SQL = f"INSERT INTO game ({_COLUMNS_SQL}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"
_UPDATE_SQL = (
    "UPDATE game SET record = ?, match_length = ?, level = ?, learner_score = ?, computer_score = ?, result = ?, "
    "updated_at = ?, finished_at = CASE WHEN ? THEN coalesce(finished_at, ?) ELSE NULL END, version = ? "
    "WHERE id = ? AND version = ? AND updated_at = ?"
)
MAX_LENGTH = 32_767
"""The longest match (as the engine's), and the most points a side can have in a money game."""
_TABLE: GameTable = "game"


@dataclass(frozen=True)
class StoredGame(Finishable):
    """One saved game or match. ``number`` counts from 1 in the order the games started; ``version`` is the number
    of its last save (1 for the first)."""

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
    version: int

    @property
    def kind(self) -> str:
        """``"money game"`` or ``"N-point match"``."""
        return wording.game_kind(self.match_length)


def find_game(games: Sequence[StoredGame], key: str) -> StoredGame | None:
    """The game that ``key`` names, by id or by number (as ``bgtrainer game list`` shows them), if any."""
    wanted = key.strip()
    return next((game for game in games if game.id == wanted or str(game.number) == wanted), None)


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
        version: int,
    ) -> None:
        """Save a game's record under ``game_id`` as its save number ``version`` (1 for its first), counted from the
        save the caller resumed. ``finished`` marks it over (keeping the first time it was marked); saving it
        unfinished again (after a take-back) clears the mark.

        :raises GameChangedError: if another bgtrainer saved, finished or deleted the game since this save's
            previous one (see :mod:`~trainer.store.saves`); nothing is written then.
        :raises ValueError: for an empty id or record, or a version that is not a whole number from 1.
        """
        if not game_id or not record:
            raise ValueError(wording.game_without_id_or_record())
        check_version(version)
        now = time.time()
        values = (record, match_length, level, learner_score, computer_score, result)
        save_versioned(
            self._db,
            _TABLE,
            game_id,
            version,
            insert=(_INSERT_SQL, (game_id, *values, now, now, now if finished else None, version)),
            update=(_UPDATE_SQL, (*values, now, finished, now, version, game_id)),
            now=now,
        )

    def mark_finished(self, game_id: str, result: str | None = None) -> None:
        """Mark a saved game as over (with ``result`` in words, if given), as a save of its own."""
        self._db.execute_write(
            (
                "UPDATE game SET finished_at = coalesce(finished_at, ?), result = coalesce(?, result), "
                "updated_at = ?, version = version + 1 WHERE id = ?",
                (time.time(), result, time.time(), game_id),
            )
        )

    def delete_game(self, game_id: str) -> None:
        """Forget a saved game (an abandoned one)."""
        self._db.execute_write(("DELETE FROM game WHERE id = ?", (game_id,)))

    def games(self, *, fresh: bool = False) -> list[StoredGame]:
        """Every saved game, in the order they started (numbered from 1). ``fresh``: as the file has them now (another
        bgtrainer may have saved since), where it can be read; damaged ones are skipped, and said once."""
        if fresh:
            self._db.refresh(_TABLE)
        rows = self._db.execute_read(f"SELECT {_COLUMNS_SQL} FROM game ORDER BY started_at, id")
        damaged = [row[0] for row in rows if not _sane(row)]
        if damaged:
            self._db.report_damaged_games(f"{_TABLE}:{game_id}" for game_id in damaged)
        kept = [row for row in rows if _sane(row)]
        return [StoredGame(row[0], number, *row[1:]) for number, row in enumerate(kept, start=1)]

    def game(self, key: str | int, *, fresh: bool = False) -> StoredGame | None:
        """The saved game with this id, or this number in :meth:`games`; ``None`` if there is none. ``fresh``: as
        the file has it now."""
        for stored in self.games(fresh=fresh):
            if stored.id == key or stored.number == key:
                return stored
        return None

    def unfinished_games(self, *, fresh: bool = False) -> list[StoredGame]:
        """The games still under way, the one saved last first (the one to resume). ``fresh``: as the file has
        them now."""
        return sorted(
            (game for game in self.games(fresh=fresh) if not game.finished), key=lambda game: -game.updated_at
        )

    def finished_games(self) -> list[StoredGame]:
        """The games that are over, the one finished last first."""
        finished = [game for game in self.games() if game.finished_at is not None]
        return sorted(finished, key=lambda game: -(game.finished_at or 0.0))


def _sane(row: tuple[object, ...]) -> bool:
    """Whether a row of ``game`` can be: its times from 1970 to the year 9999, its length and scores possible."""
    _, _, length, _, learner, computer, _, started, updated, finished, version = row
    if not (
        isinstance(length, int) and isinstance(learner, int) and isinstance(computer, int) and isinstance(version, int)
    ):
        return False
    most = length or MAX_LENGTH  # a side's score stops at the match length
    times = sane_time(started) and sane_time(updated) and (finished is None or sane_time(finished))
    return times and 0 <= length <= MAX_LENGTH and 0 <= learner <= most and 0 <= computer <= most and version >= 1
