"""Puzzle attempts: every answer, whether it was right, how long it took, and what was asked."""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal, get_args

from trainer.store import wording
from trainer.store.database import Records

Question = Literal["play", "forced"]
"""What an answer answers: the puzzle's play, or "is this roll forced?" (answered ``yes`` or ``no``)."""
QUESTIONS: tuple[Question, ...] = get_args(Question)


@dataclass(frozen=True)
class PuzzleAttempt:
    """One stored answer to a puzzle."""

    answer: str
    correct: bool
    seconds: float
    question: Question
    revealed: bool
    """Given after the solution was shown (so it doesn't count as solving the puzzle)."""
    attempted_at: float
    """When, in seconds since the epoch."""
    puzzle_id: str = ""
    """The puzzle answered."""


class PuzzleRecords(Records):
    """Recording and reading puzzle attempts."""

    def record_puzzle_attempt(
        self,
        puzzle_id: str,
        answer: str,
        *,
        correct: bool,
        seconds: float,
        question: Question = "play",
        revealed: bool = False,
        at: float | None = None,
    ) -> None:
        """Store one answer to a puzzle, given at ``at`` (seconds since the epoch; default now).

        :raises ValueError: if ``question`` is not one of :data:`QUESTIONS`.
        """
        if question not in QUESTIONS:
            raise ValueError(wording.unknown_question(question, QUESTIONS))
        self._db.execute_write(
            (
                "INSERT INTO puzzle_attempt (puzzle_id, answer, correct, seconds, attempted_at, question, revealed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (puzzle_id, answer, int(correct), seconds, time.time() if at is None else at, question, int(revealed)),
            )
        )

    def solved_puzzles(self) -> set[str]:
        """Ids of the puzzles whose play was answered right at least once before the solution was shown."""
        rows = self._db.execute_read(
            "SELECT DISTINCT puzzle_id FROM puzzle_attempt WHERE question = 'play' AND revealed = 0 AND correct = 1"
        )
        return {puzzle_id for (puzzle_id,) in rows}

    def puzzle_attempts(self, puzzle_id: str) -> list[tuple[str, bool, float]]:
        """Every stored answer to a puzzle: ``(answer, correct, seconds)``, oldest first."""
        return [(attempt.answer, attempt.correct, attempt.seconds) for attempt in self.puzzle_history(puzzle_id)]

    def puzzle_history(self, puzzle_id: str) -> list[PuzzleAttempt]:
        """Every stored answer to a puzzle with what was asked and when, oldest first."""
        rows = self._db.execute_read(
            "SELECT answer, correct, seconds, question, revealed, attempted_at FROM puzzle_attempt "
            "WHERE puzzle_id = ? ORDER BY id",
            (puzzle_id,),
        )
        return [
            PuzzleAttempt(answer, bool(correct), seconds, question, bool(revealed), attempted_at, puzzle_id)
            for answer, correct, seconds, question, revealed, attempted_at in rows
        ]

    def all_puzzle_attempts(self) -> list[PuzzleAttempt]:
        """Every stored answer to every puzzle, oldest first."""
        rows = self._db.execute_read(
            "SELECT answer, correct, seconds, question, revealed, attempted_at, puzzle_id FROM puzzle_attempt "
            "ORDER BY id"
        )
        return [
            PuzzleAttempt(answer, bool(correct), seconds, question, bool(revealed), attempted_at, puzzle_id)
            for answer, correct, seconds, question, revealed, attempted_at, puzzle_id in rows
        ]

    def answer_tallies(self) -> list[tuple[str, str, bool, bool]]:
        """For each puzzle and question answered (answers given after the solution was shown left out): ``(puzzle
        id, question, whether its first answer was right, whether any was)``, in no particular order."""
        rows = self._db.execute_read(
            "SELECT puzzle_id, question, MIN(id * 2 + (correct != 0)) % 2, MAX(correct != 0) FROM puzzle_attempt "
            "WHERE revealed = 0 GROUP BY puzzle_id, question"
        )  # the lowest id * 2 + right is the first answer's, and its parity whether that answer was right
        return [(puzzle_id, question, bool(first), bool(right)) for puzzle_id, question, first, right in rows]

    def play_answers(self, puzzle_ids: Collection[str]) -> list[tuple[str, bool, float]]:
        """The answers to the play of these puzzles (those given after the solution was shown left out): ``(puzzle
        id, correct, seconds)``, oldest first."""
        wanted = tuple(puzzle_ids)
        rows = self._db.execute_read(
            "SELECT puzzle_id, correct, seconds FROM puzzle_attempt WHERE question = 'play' AND revealed = 0 "
            f"AND puzzle_id IN ({', '.join('?' * len(wanted))}) ORDER BY id",
            wanted,
        )
        return [(puzzle_id, bool(correct), seconds) for puzzle_id, correct, seconds in rows]

    def answer_days(self, utc_offset: float) -> set[int]:
        """The days with answers, numbered from 1970-01-01 in a time zone ``utc_offset`` seconds ahead of UTC."""
        return self._days("puzzle_attempt", "attempted_at", utc_offset)
