"""Streak and Storm runs (:class:`~trainer.practice.run.Run`) on a fake clock: a Streak ends at the first miss; a
Storm lasts three minutes, each miss costing ten seconds, and answers after the end don't count; either ends once
its last puzzle is answered; no answer changes nothing; the result to keep."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.practice.run import (
    RUN_MODES,
    STORM_MISS_PENALTY,
    STORM_SECONDS,
    Ending,
    Run,
    RunResult,
    Storm,
    Streak,
    run_order,
)
from trainer.shared.kinds import DRILL_MODES

T0 = 1_800_000_000.0


@dataclass(frozen=True)
class Item:
    name: str
    difficulty: int = 1


def endless(name: str = "p") -> list[Item]:
    return [Item(f"{name}{number}") for number in range(100)]


def test_the_modes_by_their_names_in_the_store() -> None:
    assert RUN_MODES["streak"] == Streak() and RUN_MODES["storm"] == Storm() and len(RUN_MODES) == 2
    assert tuple(RUN_MODES) == DRILL_MODES == ("streak", "storm")  # one run mode for each mode the store keeps
    assert (Streak.key, Storm.key) == ("streak", "storm")
    assert (STORM_SECONDS, STORM_MISS_PENALTY) == (180.0, 10.0) == (Storm().seconds, Storm().penalty)


def test_a_streak_counts_right_answers_until_the_first_miss() -> None:
    run = Run(Streak(), endless(), started_at=T0, drill="recognition")
    assert run.puzzle is None and run.next_puzzle() == Item("p0") == run.puzzle
    for second in range(7):
        effect = run.answer(True, T0 + second)
        assert effect.counted and effect.score == second + 1 and not effect.over
        run.next_puzzle()
    assert run.time_left(T0 + 10_000) is None and not run.is_over(T0 + 10_000)  # a Streak has no clock
    effect = run.answer(False, T0 + 40)
    assert (effect.score, effect.misses, effect.ending) == (7, 1, Ending.MISSED)
    late = run.answer(True, T0 + 41)
    assert not late.counted and (late.score, late.ending) == (7, Ending.MISSED)  # over is over
    assert run.result(T0 + 50) == RunResult(Streak(), "recognition", 7, 1, 50.0, T0 + 50)
    assert run.left(T0 + 60) is None  # kept when it ended, not again on leaving


def test_a_streak_left_before_a_miss_is_kept_and_an_empty_one_is_not() -> None:
    run = Run(Streak(), endless(), started_at=T0, drill="best")
    run.next_puzzle()
    assert run.left(T0 + 5) is None  # nothing right yet
    run.answer(True, T0 + 5)
    assert run.left(T0 + 9) == RunResult(Streak(), "best", 1, 0, 9.0, T0 + 9)


def test_a_storm_lasts_three_minutes_and_a_miss_costs_ten_seconds() -> None:
    run = Run(Storm(), endless(), started_at=T0, drill="recognition")
    run.next_puzzle()
    assert run.time_left(T0) == 180.0 and not run.is_over(T0)
    for correct, second in ((True, 5), (True, 9), (False, 20)):
        effect = run.answer(correct, T0 + second)
        assert effect.counted and not effect.over
        run.next_puzzle()
    assert (run.score, run.misses) == (2, 1) and run.time_left(T0 + 20) == 150.0
    assert run.ending(T0 + 169.9) is None and run.ending(T0 + 170) is Ending.TIME_UP
    late = run.answer(True, T0 + 171)
    assert not late.counted and (late.score, late.misses, late.ending) == (2, 1, Ending.TIME_UP)
    assert run.result(T0 + 500) == RunResult(Storm(), "recognition", 2, 1, 170.0, T0 + 500)  # up to its end
    assert run.result(T0 + 60).seconds == 60.0
    assert run.left(T0 + 60) is None  # a Storm left early is not kept


def test_misses_can_use_a_storms_time_up() -> None:
    run = Run(Storm(), endless(), started_at=T0, drill="best")
    effects = []
    for _ in range(19):
        run.next_puzzle()
        effects.append(run.answer(False, T0))
    assert not effects[16].over and effects[17].ending is Ending.TIME_UP
    assert not effects[18].counted and run.misses == 18 and run.time_left(T0) == 0.0


def test_a_storms_own_length_and_penalty() -> None:
    run = Run(Storm(seconds=60.0, penalty=30.0), endless(), started_at=T0, drill="recognition")
    run.next_puzzle()
    run.answer(False, T0 + 1)
    assert run.time_left(T0 + 1) == 29.0 and run.is_over(T0 + 30)


def test_no_answer_changes_nothing() -> None:
    for mode in (Streak(), Storm()):
        run = Run(mode, endless(), started_at=T0, drill="best")
        first = run.next_puzzle()
        effect = run.answer(None, T0 + 3)  # a play that can't be read, or that the rules refuse
        assert not effect.counted and (effect.score, effect.misses, effect.ending) == (0, 0, None)
        assert run.puzzle == first and run.time_left(T0 + 3) in (None, 177.0)


def test_a_run_ends_once_its_last_puzzle_is_answered() -> None:
    for mode in (Streak(), Storm()):
        run = Run(mode, [Item("a"), Item("b")], started_at=T0, drill="best")
        run.next_puzzle()
        assert not run.answer(True, T0 + 1).over
        assert run.next_puzzle() == Item("b")
        assert run.answer(True, T0 + 2).ending is Ending.ALL_ANSWERED
        assert run.next_puzzle() is None and run.result(T0 + 2).mistakes == 0
    streak = Run(Streak(), [Item("a")], started_at=T0, drill="best")
    streak.next_puzzle()
    assert streak.answer(False, T0).ending is Ending.MISSED  # the miss says why, not the end of the puzzles


def test_a_run_climbs_from_easy_to_hard_in_an_order_its_seed_chooses() -> None:
    items = [Item(f"{difficulty}-{number}", difficulty) for number in range(6) for difficulty in (3, 1, 2)]
    first, again, other = run_order(items, 1), run_order(items, 1), run_order(items, 2)
    assert first == again and first != other and sorted(first, key=str) == sorted(items, key=str)
    assert [item.difficulty for item in first] == sorted(item.difficulty for item in items)
