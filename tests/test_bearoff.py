"""Bear-off mathematics: the shipped tables against a pure-Python rebuild and GNU Backgammon's figures."""

from __future__ import annotations

from functools import cache

import pytest
from conftest import load_jsonl

from trainer.engine import Position
from trainer.engine.bearoff import (
    MAX_ROLLS,
    HomeBoard,
    NotBearOffError,
    build_one_sided,
    index_of,
    one_sided,
    play_results,
    positions,
    rank_plays,
    win_probability,
)


def test_there_are_54264_one_sided_positions_each_after_everything_it_can_move_to() -> None:
    order = positions()
    assert len(order) == 54_264 and order[0] == (0, 0, 0, 0, 0, 0)
    index = index_of()
    for side in order[1::97]:
        for high, low in ((6, 5), (2, 1), (3, 3)):
            assert all(index[result] < index[side] for result in play_results(side, high, low))


def test_a_pure_python_rebuild_of_the_small_positions_matches_the_shipped_table() -> None:
    rebuilt = build_one_sided(6)
    shipped = one_sided()
    for side in positions(6):
        assert rebuilt.mean(side) == pytest.approx(shipped.mean(side), abs=1e-9)
        assert rebuilt.distribution(side) == pytest.approx(shipped.distribution(side), abs=1e-6)


def test_distributions_are_distributions_with_the_stored_mean() -> None:
    database = one_sided()
    for side in positions()[::271]:
        dist = database.distribution(side)
        assert sum(dist) == pytest.approx(1.0, abs=1e-5)
        assert sum(k * p for k, p in enumerate(dist)) == pytest.approx(database.mean(side), abs=1e-4)
        assert len(dist) == MAX_ROLLS


def test_known_one_sided_figures() -> None:
    database = one_sided()
    assert database.mean((1, 0, 0, 0, 0, 0)) == 1.0
    # Two checkers on the 6-point: off in one roll only with doubles of 3 or more (4 of 36).
    assert database.distribution((0, 0, 0, 0, 0, 2))[1] == pytest.approx(4 / 36, abs=1e-6)
    # Fifteen checkers on the 6-point is the slowest bear-off of all.
    assert database.mean((0, 0, 0, 0, 0, 15)) == max(database.mean(side) for side in positions())


@cache
def exact(on_roll: HomeBoard, other: HomeBoard) -> float:
    """An independent recursion for the exact two-sided chance, for small positions."""
    if not sum(other):
        return 0.0
    total = 0.0
    for high in range(1, 7):
        for low in range(1, 7):
            total += max(1.0 - exact(other, result) for result in play_results(on_roll, max(high, low), min(high, low)))
    return total / 36.0


def test_the_exact_two_sided_table_matches_an_independent_recursion() -> None:
    small = positions(3)
    for on_roll in small[1:]:
        for other in small[1:]:
            assert win_probability(on_roll, other) == pytest.approx(exact(on_roll, other), abs=1e-6)


def test_gnubg_bearoff_figures_are_matched() -> None:
    mean_errors, chance_errors, best_differences = [], [], []
    for answer in load_jsonl("bearoff_answers.jsonl"):
        position = Position.from_position_id(answer["position"])
        ranked = rank_plays(position, tuple(answer["dice"]))
        by_result = {entry.play.result.position_id(): entry for entry in ranked}
        assert set(by_result) == {play["result"] for play in answer["plays"]}
        for play in answer["plays"]:
            entry = by_result[play["result"]]
            if abs(entry.expected_rolls - play["os"]["mean"]) > 0.001:
                mean_errors.append((answer["id"], play["play"]))
            if "ts_equity" in play and abs(entry.win_probability - (play["ts_equity"] + 1) / 2) > 0.0005:
                chance_errors.append((answer["id"], play["play"]))
        ours = {entry.play.result.position_id() for entry in ranked if entry.best}
        if answer["plays"][0]["result"] not in ours:
            best_differences.append(answer["id"])
    assert mean_errors == [] and chance_errors == [] and best_differences == []


def test_rank_plays_orders_best_first_and_marks_ties() -> None:
    # 6-5 with checkers on the 6- and 5-points against a one-checker opponent: taking both off wins outright.
    position = Position.from_points({6: 1, 5: 1}, {1: 1})
    best, other = rank_plays(position, (6, 5))
    assert str(best.play) == "6/off 5/off" and best.win_probability == 1.0 and best.best
    assert str(other.play) == "6/1 5/off" and other.win_probability == 0.0 and not other.best
    # The gnubg example: 2-1 in IwAAMCYAAAAAAA, 6/4 1/off wins more often though 4/2 1/off needs fewer rolls.
    ranked = rank_plays(Position.from_position_id("IwAAMCYAAAAAAA"), (2, 1))
    assert str(ranked[0].play) == "6/4 1/off"
    fewest = min(ranked, key=lambda entry: entry.expected_rolls)
    assert str(fewest.play) == "4/2 1/off" and fewest.win_probability < ranked[0].win_probability
    assert [entry.win_probability for entry in ranked] == sorted((e.win_probability for e in ranked), reverse=True)
    assert all(entry.best == (ranked[0].win_probability - entry.win_probability <= 0.0005) for entry in ranked)


def test_rank_plays_refuses_a_position_with_contact() -> None:
    with pytest.raises(NotBearOffError, match="not a pure bear-off"):
        rank_plays(Position.start(), (6, 5))
