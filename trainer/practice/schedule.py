"""Spaced repetition with FSRS: missed puzzles and missed lesson tasks come back for review.

A miss makes a card (or, for a card already under review, counts as a lapse); each review answered right moves the
card on to a longer interval, a miss brings it back sooner. The scheduler is the ``fsrs`` package's, set up as
:data:`SETTINGS` says: FSRS-6 default parameters, 90% desired retention, one learning and one relearning step of ten
minutes (a missed item comes back later in the same session), intervals of at most a year, and no fuzz (the same
answers at the same times always give the same schedule). An answer right is rated Good, a miss Again.

Cards are plain values (:class:`Card`) with the time as seconds since the epoch, as the store keeps them; every
function takes the time as an argument.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeAlias

import fsrs

from trainer.practice import wording
from trainer.shared.review_card import CardRecord as CardRecord  # a card as stored, here as schedule.CardRecord too

LEARNING_STEP = timedelta(minutes=10)
DESIRED_RETENTION = 0.9
MAXIMUM_INTERVAL_DAYS = 365
SETTINGS = {
    "parameters": "FSRS-6 defaults",
    "desired_retention": DESIRED_RETENTION,
    "learning_steps": ["10 minutes"],
    "relearning_steps": ["10 minutes"],
    "maximum_interval_days": MAXIMUM_INTERVAL_DAYS,
    "fuzzing": False,
    "ratings": {"right": "Good", "miss": "Again"},
}
"""The scheduler's settings, in words (for documentation and ``bgtrainer stats --json``)."""

SCHEDULER = fsrs.Scheduler(
    desired_retention=DESIRED_RETENTION,
    learning_steps=(LEARNING_STEP,),
    relearning_steps=(LEARNING_STEP,),
    maximum_interval=MAXIMUM_INTERVAL_DAYS,
    enable_fuzzing=False,
)

LEARNING, REVIEW, RELEARNING = (int(state) for state in (fsrs.State.Learning, fsrs.State.Review, fsrs.State.Relearning))
"""The card states, as stored (FSRS's numbers)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One item under review and its FSRS state; times in seconds since the epoch."""

    item_id: str
    state: int
    step: int | None
    stability: float | None
    difficulty: float | None
    due: float
    last_review: float | None
    reps: int = 0
    """Reviews so far, the miss that made the card included."""
    lapses: int = 0
    """Misses after the card had reached the review state."""

    def is_due(self, now: float) -> bool:
        """Whether the card is due for review at ``now``."""
        return self.due <= now


# --- item ids ----------------------------------------------------------------------------------------------


def puzzle_item(puzzle_id: str) -> str:
    """The review item of a puzzle: ``puzzle:ID``."""
    return f"puzzle:{puzzle_id}"


def lesson_item(lesson_id: str, step: int) -> str:
    """The review item of a lesson task: ``lesson:LESSON:STEP`` (the step's index in the lesson, from 0)."""
    return f"lesson:{lesson_id}:{step}"


@dataclass(frozen=True, slots=True)
class PuzzleKey:
    """What a puzzle's card asks (its id ``puzzle:ID``): the puzzle."""

    puzzle_id: str


@dataclass(frozen=True, slots=True)
class LessonStepKey:
    """What a lesson task's card asks (its id ``lesson:LESSON:STEP``): the step's index in the lesson, from 0."""

    lesson_id: str
    step: int


ItemKey: TypeAlias = PuzzleKey | LessonStepKey
"""What a review item asks, read from its card's id."""


def parse_item(item_id: str) -> ItemKey:
    """The puzzle or the lesson task an item id names.

    :raises ValueError: for an id that names neither.
    """
    kind, _, rest = item_id.partition(":")
    if kind == "puzzle" and rest:
        return PuzzleKey(rest)
    if kind == "lesson":
        lesson_id, _, step = rest.rpartition(":")
        if lesson_id and step.isdigit():
            return LessonStepKey(lesson_id, int(step))
    raise ValueError(wording.not_a_review_item(item_id))


# --- scheduling --------------------------------------------------------------------------------------------


def _moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def _to_fsrs(card: CardRecord) -> fsrs.Card:
    return fsrs.Card(
        card_id=0,  # FSRS's own ids aren't used (making one waits a millisecond)
        state=fsrs.State(card.state),
        step=card.step,
        stability=card.stability,
        difficulty=card.difficulty,
        due=_moment(card.due),
        last_review=None if card.last_review is None else _moment(card.last_review),
    )


def _from_fsrs(item_id: str, card: fsrs.Card, reps: int, lapses: int) -> Card:
    return Card(
        item_id=item_id,
        state=int(card.state),
        step=card.step,
        stability=card.stability,
        difficulty=card.difficulty,
        due=card.due.timestamp(),
        last_review=None if card.last_review is None else card.last_review.timestamp(),
        reps=reps,
        lapses=lapses,
    )


def new_card(item_id: str, now: float) -> Card:
    """A card never reviewed, due at ``now`` (before the miss that makes it is applied)."""
    return Card(item_id, LEARNING, 0, None, None, now, None)


def review(card: CardRecord, correct: bool, now: float) -> Card:
    """The card after a review at ``now``: right moves it on (rated Good), a miss brings it back (rated Again)."""
    rating = fsrs.Rating.Good if correct else fsrs.Rating.Again
    reviewed, _ = SCHEDULER.review_card(_to_fsrs(card), rating, _moment(now))
    lapse = not correct and card.state == REVIEW
    return _from_fsrs(card.item_id, reviewed, card.reps + 1, card.lapses + int(lapse))


def after_miss(card: CardRecord | None, item_id: str, now: float) -> Card:
    """The card of an item missed at ``now`` outside review: a new card, or the existing one with a lapse."""
    return review(card if card is not None else new_card(item_id, now), False, now)


def after_answer(card: CardRecord | None, item_id: str, correct: bool, now: float) -> Card | None:
    """What an answer outside review does to the schedule: a miss makes or updates the card; an answer right
    changes nothing (``None`` when there is no card; the card unchanged otherwise: only a review moves it on)."""
    if not correct:
        return after_miss(card, item_id, now)
    return None if card is None else _copy(card)


def _copy(card: CardRecord) -> Card:
    return Card(
        card.item_id,
        card.state,
        card.step,
        card.stability,
        card.difficulty,
        card.due,
        card.last_review,
        card.reps,
        card.lapses,
    )


def due_cards(cards: Iterable[CardRecord], now: float) -> list[Card]:
    """The cards due at ``now``, longest overdue first."""
    return sorted((_copy(card) for card in cards if card.due <= now), key=lambda card: (card.due, card.item_id))


def due_count(cards: Iterable[CardRecord], now: float) -> int:
    """How many cards are due at ``now`` (the N of "Review (N due)")."""
    return sum(1 for card in cards if card.due <= now)


def next_due(cards: Iterable[CardRecord], now: float) -> float | None:
    """When the next card not yet due becomes due, or ``None``."""
    later = [card.due for card in cards if card.due > now]
    return min(later) if later else None


def retrievability(card: CardRecord, now: float) -> float:
    """FSRS's estimate of the chance the learner gets the item right at ``now`` (0 before the first review)."""
    return float(SCHEDULER.get_card_retrievability(_to_fsrs(card), _moment(now)))


def interval_days(card: CardRecord) -> float:
    """Days from the card's last review to its due time (0 for a card never reviewed)."""
    if card.last_review is None:
        return 0.0
    return (card.due - card.last_review) / 86_400
