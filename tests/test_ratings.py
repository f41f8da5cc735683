"""Glicko-2: Glickman's worked example reproduced, the no-games case, and the learner and puzzle ratings built on
it (both updated after a rated attempt, puzzles starting from their difficulty, selection near a rating)."""

from __future__ import annotations

import math

import pytest

from trainer.practice import ratings
from trainer.practice.ratings import (
    DIFFICULTY_RATINGS,
    Glicko,
    after_idle,
    display_rating,
    glicko2_update,
    learner_rating,
    puzzle_rating,
    puzzle_start,
    rate_attempt,
    rating_pool,
    select_near,
    solve_chance,
)

EXAMPLE_GAMES = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]


def test_glickmans_worked_example_is_reproduced() -> None:
    """Mark Glickman, "Example of the Glicko-2 system": a player rated 1500, RD 200, volatility 0.06 beats a 1400
    (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), with tau 0.5: the paper gives a new rating of
    1464.06, RD 151.52 and volatility 0.05999. (The paper rounds mu' to -0.2069 before converting back; unrounded
    the rating is 1464.051, within 0.01 of the printed figure.)"""
    rating, rd, volatility = glicko2_update(1500.0, 200.0, 0.06, EXAMPLE_GAMES, tau=0.5)
    assert rating == pytest.approx(1464.06, abs=0.01)
    assert rd == pytest.approx(151.52, abs=0.01)
    assert volatility == pytest.approx(0.05999, abs=1e-5)
    # The paper's intermediate figures, on the Glicko-2 scale.
    assert (rating - 1500) / ratings.SCALE == pytest.approx(-0.2069, abs=1e-4)
    assert rd / ratings.SCALE == pytest.approx(0.8722, abs=1e-4)


def test_without_games_the_deviation_grows_and_the_rest_stays() -> None:
    rating, rd, volatility = glicko2_update(1500.0, 200.0, 0.06, [])
    assert (rating, volatility) == (1500.0, 0.06)
    assert rd == pytest.approx(ratings.SCALE * math.sqrt((200 / ratings.SCALE) ** 2 + 0.06**2))
    assert rd == pytest.approx(200.271, abs=1e-3)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="positive"):
        glicko2_update(1500.0, 0.0, 0.06, [])
    with pytest.raises(ValueError, match="score"):
        glicko2_update(1500.0, 200.0, 0.06, [(1500.0, 100.0, 2.0)])
    with pytest.raises(ValueError, match="difficulty"):
        puzzle_start(4)


def test_puzzles_start_from_their_difficulty() -> None:
    assert [puzzle_start(level).rating for level in (1, 2, 3)] == [1200.0, 1500.0, 1800.0]
    assert DIFFICULTY_RATINGS == {1: 1200.0, 2: 1500.0, 3: 1800.0}
    assert all(puzzle_start(level).rd == ratings.PUZZLE_RD for level in (1, 2, 3))
    learner = Glicko()
    assert (learner.rating, learner.rd, learner.volatility) == (1500.0, 350.0, 0.06)
    assert solve_chance(learner, puzzle_start(1)) > 0.5 > solve_chance(learner, puzzle_start(3))


def test_a_rated_attempt_moves_the_learner_and_the_puzzle_in_opposite_directions() -> None:
    learner, puzzle = Glicko(1500.0, 120.0, 0.06), puzzle_start(2)
    solved_learner, solved_puzzle = rate_attempt(learner, puzzle, True)
    missed_learner, missed_puzzle = rate_attempt(learner, puzzle, False)
    assert solved_learner.rating > learner.rating > missed_learner.rating
    assert solved_puzzle.rating < puzzle.rating < missed_puzzle.rating
    assert solved_learner.rd < learner.rd and solved_puzzle.rd < puzzle.rd
    # Each side is the other's opponent in one Glicko-2 game, from the ratings before the attempt.
    expected = glicko2_update(1500.0, 120.0, 0.06, [(1500.0, ratings.PUZZLE_RD, 1.0)])
    assert (solved_learner.rating, solved_learner.rd) == pytest.approx(expected[:2])
    # Beating an easy puzzle gains less than beating a hard one.
    easy, hard = rate_attempt(learner, puzzle_start(1), True)[0], rate_attempt(learner, puzzle_start(3), True)[0]
    assert easy.rating < hard.rating


def test_deviations_stay_in_bounds_and_grow_with_time_away() -> None:
    learner = Glicko()
    for _ in range(200):
        learner, _ = rate_attempt(learner, puzzle_start(2), True)
        learner, _ = rate_attempt(learner, puzzle_start(2), False)
    assert ratings.MIN_RD <= learner.rd < ratings.PROVISIONAL_RD
    assert not learner.provisional
    steady = Glicko(1500.0, 45.0, 0.001)
    assert rate_attempt(steady, steady, True)[0].rd == ratings.MIN_RD  # would fall below 45 unclamped
    month = after_idle(learner, 30)
    assert learner.rd < month.rd < ratings.MAX_RD and month.rating == learner.rating
    assert after_idle(learner, 100_000).rd == ratings.MAX_RD
    assert after_idle(learner, 0) == learner


def test_the_rating_is_shown_with_its_deviation() -> None:
    assert display_rating(1523.4, 64.2) == "1523 ± 64"
    assert display_rating(1500.0, 350.0) == "1500? ± 350"
    assert Glicko(1464.06, 151.52).text() == "1464? ± 152"
    low, high = Glicko(1500.0, 100.0).interval
    assert (low, high) == pytest.approx((1304.0, 1696.0))


def test_puzzles_are_selected_near_the_rating_reproducibly() -> None:
    pool = {f"p{rating}": float(rating) for rating in range(800, 2300, 25)}
    chosen = select_near(pool, 1500.0, count=5, seed=3)
    assert len(chosen) == 5 and all(abs(pool[puzzle] - 1500.0) <= 100 for puzzle in chosen)
    assert select_near(pool, 1500.0, count=5, seed=3) == chosen
    assert select_near(pool, 1500.0, count=5, seed=4) != chosen
    harder = select_near(pool, 1500.0, count=3, offset=300.0)
    assert all(abs(pool[puzzle] - 1800.0) <= 100 for puzzle in harder)
    # When the window holds too few, the nearest others fill up; excluded ones are never chosen.
    far = {"a": 900.0, "b": 2000.0, "c": 1480.0, "d": 1250.0}
    assert select_near(far, 1500.0, count=3, exclude={"c"}) == ["d", "b", "a"]
    assert select_near(far, 1500.0, count=2) == ["c", "d"]
    assert select_near(far, 1500.0, count=1) == ["c"]
    assert sorted(select_near(far, 1500.0, count=9)) == ["a", "b", "c", "d"]
    assert select_near({}, 1500.0) == [] and select_near(far, 1500.0, count=0) == []


class Stored:
    def __init__(self, rating: float, rd: float, volatility: float = 0.06, rated_at: float = 0.0) -> None:
        self.rating, self.rd, self.volatility, self.rated_at = rating, rd, volatility, rated_at


def test_stored_ratings_become_current_ones() -> None:
    day = 86_400.0
    assert learner_rating(None, 5 * day) == Glicko()
    latest = Stored(1620.0, 80.0, rated_at=10 * day)
    assert learner_rating(latest, 10 * day) == Glicko(1620.0, 80.0, 0.06)
    later = learner_rating(latest, 40 * day)
    assert later.rating == 1620.0 and later == after_idle(Glicko(1620.0, 80.0, 0.06), 30)
    assert puzzle_rating(None, 3) == puzzle_start(3)
    assert puzzle_rating(Stored(1710.0, 190.0), 3) == Glicko(1710.0, 190.0, 0.06)
    pool = rating_pool([("a", 1), ("b", 3), ("c", 2)], {"b": Stored(1650.0, 200.0)})
    assert pool == {"a": 1200.0, "b": 1650.0, "c": 1500.0}
