"""Personal puzzles: the learner's own mistakes, from a game analysed, kept as puzzles to drill (each a record the
content layer reads, with where it came from)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.store.database import Records, Statement

_INSERT_SQL = "INSERT OR IGNORE INTO personal_puzzle (id, record, source, created_at) VALUES (?, ?, ?, ?)"


@dataclass(frozen=True)
class PersonalPuzzle:
    """One personal puzzle as stored: its id, its record (a puzzle's fields as JSON text) and its source (the game or
    file it came from, in words)."""

    id: str
    record: str
    source: str
    created_at: float


class PersonalRecords(Records):
    """Keeping the learner's personal puzzles."""

    def add_personal_puzzles(self, puzzles: Sequence[tuple[str, str, str]], *, at: float | None = None) -> list[str]:
        """Store ``(id, record, source)`` puzzles, together; the ids of those that were not stored before."""
        when = time.time() if at is None else at
        known = {puzzle.id for puzzle in self.personal_puzzles()}
        fresh = []
        statements: list[Statement] = []
        for puzzle_id, record, source in puzzles:
            if puzzle_id in known or puzzle_id in fresh:
                continue
            fresh.append(puzzle_id)
            statements.append((_INSERT_SQL, (puzzle_id, record, source, when)))
        if statements:
            self._db.execute_write(*statements)
        return fresh

    def personal_puzzles(self) -> list[PersonalPuzzle]:
        """Every personal puzzle, oldest first."""
        rows = self._db.execute_read(
            "SELECT id, record, source, created_at FROM personal_puzzle ORDER BY created_at, id"
        )
        return [PersonalPuzzle(*row) for row in rows]
