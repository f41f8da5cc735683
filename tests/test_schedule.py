"""Spaced repetition with FSRS, on a fake clock: a miss makes a card that comes back soon, each review answered
right moves it further out, a miss brings it back sooner; "N due" at a given time."""

from __future__ import annotations

from itertools import pairwise

from trainer.practice import schedule
from trainer.practice.schedule import (
    LEARNING,
    RELEARNING,
    REVIEW,
    Card,
    LessonStepKey,
    PuzzleKey,
    after_answer,
    after_miss,
    due_cards,
    due_count,
    interval_days,
    lesson_item,
    next_due,
    parse_item,
    puzzle_item,
    retrievability,
    review,
)

DAY = 86_400.0
MINUTE = 60.0


class FakeClock:
    """Seconds since the epoch, moved on by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def test_a_miss_makes_a_card_that_comes_back_in_ten_minutes() -> None:
    clock = FakeClock()
    card = after_miss(None, puzzle_item("forced-0001"), clock.now)
    assert card.item_id == "puzzle:forced-0001"
    assert (card.state, card.step, card.reps, card.lapses) == (LEARNING, 0, 1, 0)
    assert card.due == clock.now + 10 * MINUTE
    assert due_count([card], clock.now) == 0 and not card.is_due(clock.now)
    assert next_due([card], clock.now) == card.due
    assert due_count([card], clock.advance(10 * MINUTE)) == 1


def test_reviews_answered_right_move_on_and_a_miss_comes_back_sooner() -> None:
    clock = FakeClock()
    card = after_miss(None, puzzle_item("p"), clock.now)
    intervals = []
    for _ in range(4):
        clock.now = card.due
        card = review(card, True, clock.now)
        assert card.state == REVIEW and card.last_review == clock.now
        intervals.append(interval_days(card))
    assert intervals[0] >= 1
    assert all(later > earlier for earlier, later in pairwise(intervals))
    assert card.reps == 5 and card.lapses == 0
    # A miss in review: relearning, back in ten minutes, far sooner than the last interval.
    clock.now = card.due
    lapsed = review(card, False, clock.now)
    assert (lapsed.state, lapsed.lapses) == (RELEARNING, 1)
    assert lapsed.due - clock.now == 10 * MINUTE < intervals[-1] * DAY
    assert lapsed.stability is not None and card.stability is not None and lapsed.stability < card.stability
    # Right again: back to review, with a shorter interval than before the lapse.
    clock.now = lapsed.due
    relearned = review(lapsed, True, clock.now)
    assert relearned.state == REVIEW and interval_days(relearned) < intervals[-1]


def test_the_schedule_is_the_same_for_the_same_answers_at_the_same_times() -> None:
    def run() -> list[Card]:
        clock = FakeClock()
        card = after_miss(None, lesson_item("board", 3), clock.now)
        cards = [card]
        for correct in (True, True, False, True, True):
            clock.now = card.due + 3_600
            card = review(card, correct, clock.now)
            cards.append(card)
        return cards

    assert run() == run()


def test_answers_outside_review_make_a_card_only_for_a_miss() -> None:
    clock = FakeClock()
    assert after_answer(None, "puzzle:x", True, clock.now) is None
    made = after_answer(None, "puzzle:x", False, clock.now)
    assert made is not None and made.state == LEARNING
    clock.advance(DAY)
    assert after_answer(made, "puzzle:x", True, clock.now) == made  # only a review moves a card on
    again = after_answer(made, "puzzle:x", False, clock.now)
    assert again is not None and again.reps == 2 and again.due == clock.now + 10 * MINUTE


def test_due_cards_and_their_count_at_a_given_time() -> None:
    start = FakeClock().now
    first = after_miss(None, "puzzle:a", start)  # due at start + 10 minutes
    second = after_miss(None, "lesson:moving:2", start + 5 * MINUTE)  # due at start + 15 minutes
    settled = review(after_miss(None, "puzzle:c", start), True, start + 10 * MINUTE)  # due a day later
    cards = [settled, second, first]
    assert due_count(cards, start + 12 * MINUTE) == 1
    assert [card.item_id for card in due_cards(cards, start + 12 * MINUTE)] == ["puzzle:a"]
    assert [card.item_id for card in due_cards(cards, start + 15 * MINUTE)] == ["puzzle:a", "lesson:moving:2"]
    assert next_due(cards, start + 15 * MINUTE) == settled.due == start + 10 * MINUTE + DAY
    assert due_count(cards, settled.due) == 3
    assert 0 < retrievability(settled, settled.due + 30 * DAY) < retrievability(settled, settled.due) <= 1
    assert retrievability(schedule.new_card("puzzle:z", start), start) == 0


def test_item_ids_name_a_puzzle_or_a_lesson_task() -> None:
    assert parse_item(puzzle_item("forced-0001")) == PuzzleKey("forced-0001")
    assert parse_item(lesson_item("board", 3)) == LessonStepKey("board", 3)
    for bad in ("puzzle:", "lesson:board", "lesson:board:x", "drill:1", ""):
        try:
            parse_item(bad)
        except ValueError as error:
            assert repr(bad) in str(error)
        else:
            raise AssertionError(bad)
