"""Answers to the timed knowledge drills (:data:`~trainer.shared.kinds.KNOWLEDGE_DRILLS`: match equity, take points,
the Keith count): their questions are drawn at random, not shipped, so each answer keeps the question it answers
(as the practice layer writes it, e.g. ``3-5``), whether it was right and how long it took."""

from __future__ import annotations

import time
from dataclasses import dataclass

from trainer.shared.kinds import KNOWLEDGE_DRILLS, KnowledgeDrill
from trainer.store import wording
from trainer.store.database import Records

_ANSWERS_SQL = "SELECT drill, question, answer, correct, seconds, answered_at FROM knowledge_answer"


@dataclass(frozen=True)
class KnowledgeAnswer:
    """One stored answer to a knowledge drill."""

    drill: KnowledgeDrill
    question: str
    """The question answered, as the drill names it."""
    answer: str
    correct: bool
    seconds: float
    answered_at: float
    """When, in seconds since the epoch."""


class KnowledgeRecords(Records):
    """Recording and reading the knowledge drills' answers."""

    def record_knowledge_answer(
        self,
        drill: KnowledgeDrill,
        question: str,
        answer: str,
        *,
        correct: bool,
        seconds: float,
        at: float | None = None,
    ) -> None:
        """Store one answer to ``drill``, given at ``at`` (seconds since the epoch; default now).

        :raises ValueError: for an unknown drill.
        """
        if drill not in KNOWLEDGE_DRILLS:
            raise ValueError(wording.unknown_drill(drill, KNOWLEDGE_DRILLS))
        self._db.execute_write(
            (
                "INSERT INTO knowledge_answer (drill, question, answer, correct, seconds, answered_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (drill, question, answer, int(correct), seconds, time.time() if at is None else at),
            )
        )

    def knowledge_answers(self, drill: KnowledgeDrill | None = None) -> list[KnowledgeAnswer]:
        """Every stored answer (to ``drill``, or to every knowledge drill), oldest first."""
        rows = (
            self._db.execute_read(f"{_ANSWERS_SQL} ORDER BY id")
            if drill is None
            else self._db.execute_read(f"{_ANSWERS_SQL} WHERE drill = ? ORDER BY id", (drill,))
        )
        return [
            KnowledgeAnswer(kind, question, answer, bool(correct), seconds, answered_at)
            for kind, question, answer, correct, seconds, answered_at in rows
        ]

    def answer_days(self, utc_offset: float) -> set[int]:
        """The days with answers, numbered from 1970-01-01 in a time zone ``utc_offset`` seconds ahead of UTC."""
        return self._days("knowledge_answer", "answered_at", utc_offset)
