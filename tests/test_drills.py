"""Streak and Storm runs on a fake clock: a Streak ends at the first miss; a Storm lasts three minutes, each miss
costing ten seconds, and answers after the end don't count."""

from __future__ import annotations

from trainer.practice.drills import STORM_MISS_PENALTY, STORM_SECONDS, StormRun, StreakRun, is_new_best

T0 = 1_800_000_000.0


def test_a_streak_counts_right_answers_until_the_first_miss() -> None:
    run = StreakRun(started_at=T0)
    for _ in range(7):
        run = run.answer(True)
    assert (run.score, run.over) == (7, False)
    run = run.answer(False)
    assert (run.score, run.over) == (7, True)
    assert run.answer(True) == run  # over is over
    assert is_new_best(run.score, 6) and not is_new_best(run.score, 7)


def test_a_storm_lasts_three_minutes_and_a_miss_costs_ten_seconds() -> None:
    assert (STORM_SECONDS, STORM_MISS_PENALTY) == (180.0, 10.0)
    run = StormRun(started_at=T0)
    assert run.remaining(T0) == 180.0 and not run.is_over(T0)
    run = run.answer(True, T0 + 5).answer(True, T0 + 9).answer(False, T0 + 20)
    assert (run.score, run.mistakes) == (2, 1)
    assert run.remaining(T0 + 20) == 150.0
    assert not run.is_over(T0 + 169.9) and run.is_over(T0 + 170)
    late = run.answer(True, T0 + 171)
    assert late == run  # after the time is up, answers don't count
    assert run.elapsed(T0 + 500) == 170.0 and run.elapsed(T0 + 60) == 60.0
    # Misses can end the run early: eighteen at once use up the three minutes; a nineteenth doesn't count.
    wasted = StormRun(started_at=T0)
    for _ in range(19):
        wasted = wasted.answer(False, T0)
    assert wasted.is_over(T0) and wasted.remaining(T0) == 0.0 and wasted.mistakes == 18
