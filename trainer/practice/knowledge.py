"""The timed knowledge drills as plain values: their questions, drawn at random, and the grading of an answer.

- **Match equity** (``met``): the learner's chances of winning the match at a score, from the match equity table
  (:mod:`trainer.engine.match_equity`), typed as a percentage; right within :data:`TOLERANCE` points. Scores run
  from 1-away to :data:`FARTHEST`-away each side; a score with one side at 1-away is the Crawford game or, as often,
  post-Crawford.
- **Take point** (``take``): the gammonless dead-cube take point of a double the learner is given, at a score, the
  cube from 1 to 2 or from 2 to 4; right within :data:`TOLERANCE` points. No double is asked in the Crawford game;
  post-Crawford the trailer doubles the learner (at 1-away) from 1 to 2.
- **Keith count** (``keith``): a race position, the learner on roll: the count (:mod:`trainer.engine.keith`), the
  roller's seventh added, typed exactly; then the verdict (no double, double and take, double and pass). Both must be
  right.

The figures of each drill (answers, right ones, the averages of ten right answers) are
:func:`~trainer.practice.counting.counting_figures`' of its stored answers, as for the counting drills.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from trainer.engine.keith import KeithCount, KeithVerdict, keith_count
from trainer.engine.match_equity import TakePoint, match_winning_chance, take_point
from trainer.engine.position import Position
from trainer.practice.counting import ROUND
from trainer.shared.kinds import KnowledgeDrill

TOLERANCE: Final = 2.0
"""How far (in percentage points) a typed percentage may be from the table's and still be right."""
FARTHEST: Final = 9
"""The farthest score the drills ask about, each side (9-away)."""
REDOUBLED: Final = 0.25
"""The share of the Keith count's questions asked as a redouble (the cube yours at 2)."""
MIN_PIPS: Final = 30
"""The shortest race the Keith count drill asks about, each side's pips (a count for races, not for the last rolls
of a bear-off)."""
_PERCENT = re.compile(r"\s*(\d{1,3}(?:[.,]\d+)?)\s*%?\s*")


def read_percent(text: str) -> float | None:
    """A typed percentage: ``64.8``, ``64,8``, ``65 %``; ``None`` for anything else (or beyond 100)."""
    found = _PERCENT.fullmatch(text)
    if found is None:
        return None
    value = float(found.group(1).replace(",", "."))
    return value if value <= 100 else None


def read_count(text: str) -> int | None:
    """A typed whole number (a count); ``None`` for anything else."""
    stripped = text.strip()
    return int(stripped) if stripped.isascii() and stripped.isdigit() and len(stripped) <= 4 else None


def within_tolerance(given: float, expected: float) -> bool:
    """Whether ``given`` (a percentage) is within :data:`TOLERANCE` points of ``expected`` (a chance, 0 to 1)."""
    return abs(given - 100 * expected) <= TOLERANCE + 1e-9


# --- the questions --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MetQuestion:
    """Your chances of winning the match at a score: you at ``player_away``, O at ``opponent_away``."""

    player_away: int
    opponent_away: int
    post_crawford: bool = False

    @property
    def crawford(self) -> bool:
        """Whether this score is the Crawford game: one side (and only one) at 1-away, before post-Crawford."""
        return (
            not self.post_crawford
            and 1 in (self.player_away, self.opponent_away)
            and (self.player_away != self.opponent_away)
        )

    @property
    def chance(self) -> float:
        """The table's match winning chance (0 to 1)."""
        return match_winning_chance(self.player_away, self.opponent_away, post_crawford=self.post_crawford)

    @property
    def key(self) -> str:
        """The question as stored: ``3-5``, ``1-4-post``."""
        return f"{self.player_away}-{self.opponent_away}{'-post' if self.post_crawford else ''}"

    def grade(self, percent: float) -> bool:
        """Whether a typed percentage is right."""
        return within_tolerance(percent, self.chance)


@dataclass(frozen=True, slots=True)
class TakeQuestion:
    """Your take point when O, at ``doubler_away``, doubles you, at ``taker_away``, from ``cube`` to twice it."""

    taker_away: int
    doubler_away: int
    cube: int = 1
    post_crawford: bool = False

    @property
    def take(self) -> TakePoint:
        """The take point with its working."""
        return take_point(self.taker_away, self.doubler_away, self.cube, post_crawford=self.post_crawford)

    @property
    def key(self) -> str:
        """The question as stored: ``4-2-c1``, ``1-4-c1-post``."""
        return f"{self.taker_away}-{self.doubler_away}-c{self.cube}{'-post' if self.post_crawford else ''}"

    def grade(self, percent: float) -> bool:
        """Whether a typed percentage is right."""
        return within_tolerance(percent, self.take.point)


@dataclass(frozen=True, slots=True)
class KeithQuestion:
    """A race, you on roll: your Keith count, then the verdict. ``source`` names where the position comes from (a
    shipped puzzle's id)."""

    position: Position
    redouble: bool = False
    """Whether you own the cube (at 2): a redouble, else the cube is in the middle."""
    source: str = ""

    @property
    def count(self) -> KeithCount:
        """The Keith count with its working."""
        return keith_count(self.position, redouble=self.redouble)

    @property
    def key(self) -> str:
        """The question as stored: the source, else the Position ID, and ``-redouble`` when it is one."""
        return f"{self.source or self.position.position_id()}{'-redouble' if self.redouble else ''}"

    def grade(self, count: int, verdict: KeithVerdict) -> bool:
        """Whether both the typed count and the verdict are right."""
        return count == self.count.roller_count and verdict is self.count.verdict


KnowledgeQuestion = MetQuestion | TakeQuestion | KeithQuestion
"""A question of any knowledge drill."""


def met_questions(seed: int, size: int = ROUND) -> list[MetQuestion]:
    """``size`` match equity questions drawn by ``seed``: scores from 1-away to :data:`FARTHEST`-away each side (not
    1-away each: that is even), a side at 1-away post-Crawford half the time."""
    chance = random.Random(seed)
    questions: list[MetQuestion] = []
    while len(questions) < size:
        player, opponent = chance.randint(1, FARTHEST), chance.randint(1, FARTHEST)
        if player == opponent == 1:
            continue
        post = 1 in (player, opponent) and chance.random() < 0.5
        question = MetQuestion(player, opponent, post)
        if question not in questions:
            questions.append(question)
    return questions


def take_questions(seed: int, size: int = ROUND) -> list[TakeQuestion]:
    """``size`` take point questions drawn by ``seed``: O doubles you from 1 to 2 (a quarter of them from 2 to 4,
    O owning the cube) before the Crawford game at scores from 2-away to :data:`FARTHEST`-away, or (one in eight)
    post-Crawford, you at 1-away and O trailing. Never in the Crawford game, never by an O who wins the match with
    the cube as it is."""
    chance = random.Random(seed)
    questions: list[TakeQuestion] = []
    while len(questions) < size:
        if chance.random() < 0.125:
            question = TakeQuestion(1, chance.randint(2, FARTHEST), 1, post_crawford=True)
        else:
            cube = 2 if chance.random() < 0.25 else 1
            question = TakeQuestion(chance.randint(2, FARTHEST), chance.randint(cube + 1, FARTHEST), cube)
        if question not in questions:
            questions.append(question)
    return questions


def keith_pool(positions: Iterable[tuple[str, Position, bool]]) -> list[KeithQuestion]:
    """The Keith count's questions out of ``(source, position, owned)`` (``owned``: the side on roll owns the cube):
    the races of at least :data:`MIN_PIPS` pips each side."""
    return [
        KeithQuestion(position, owned, source)
        for source, position, owned in positions
        if position.is_race() and min(position.pip_count()) >= MIN_PIPS
    ]


def keith_questions(pool: Sequence[KeithQuestion], seed: int, size: int = ROUND) -> list[KeithQuestion]:
    """``size`` Keith count questions out of ``pool`` (fewer if it is smaller), drawn by ``seed``; a quarter of those
    with the cube in the middle are asked with the cube yours at 2 instead (a redouble)."""
    chance = random.Random(seed)
    chosen = list(pool)
    chance.shuffle(chosen)
    return [
        question if question.redouble or chance.random() >= REDOUBLED else replace(question, redouble=True)
        for question in chosen[:size]
    ]


def drill_questions(
    drill: KnowledgeDrill, seed: int, races: Sequence[KeithQuestion] = (), size: int = ROUND
) -> list[KnowledgeQuestion]:
    """A round of ``drill``'s questions, drawn by ``seed`` (the Keith count's out of ``races``)."""
    if drill == "met":
        return list(met_questions(seed, size))
    if drill == "take":
        return list(take_questions(seed, size))
    return list(keith_questions(races, seed, size))
