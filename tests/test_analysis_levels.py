"""Computer opponents by level: the plays and cube actions they choose, repeatably from a seed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from trainer.analysis import (
    LEVELS,
    AnalysisError,
    Chances,
    ComputerPlayer,
    CubeDecision,
    CubeOwner,
    Evaluator,
    Level,
    RankedPlay,
    choose_play,
    get_level,
    offers_double,
    takes_double,
)
from trainer.analysis.sage import SageEvaluator
from trainer.engine import Dice, Game, Position, legal_plays

EVEN = Chances(win=0.5, win_gammon=0.1, win_backgammon=0.0, lose_gammon=0.1, lose_backgammon=0.0)


class FakeEvaluator:
    """Ranks the legal plays in Position ID order, each ``step`` worse than the one before; a fixed cube."""

    def __init__(self, step: float = 0.03, cube: tuple[float, float, float] = (0.3, 0.2, 1.0)) -> None:
        self.step = step
        self.cube = cube
        self.calls: list[tuple[str, int, CubeOwner]] = []

    def rank_plays(
        self, position: Position, dice: Dice, plies: int = 1, *, cube: CubeOwner = "centered"
    ) -> list[RankedPlay]:
        self.calls.append(("rank", plies, cube))
        plays = sorted(legal_plays(position, dice), key=lambda play: play.result.position_id())
        return [
            RankedPlay(index + 1, play, -index * self.step, -index * self.step, EVEN, -index * self.step, plies)
            for index, play in enumerate(plays)
        ]

    def cube_decision(self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered") -> CubeDecision:
        self.calls.append(("cube", plies, cube))
        no_double, double_take, double_pass = self.cube
        return CubeDecision(no_double, double_take, double_pass, 0.0, EVEN, plies, cube)


START = Position.start()


def cube(no_double: float, double_take: float, double_pass: float = 1.0) -> CubeDecision:
    return CubeDecision(no_double, double_take, double_pass, 0.0, EVEN, 1)


@pytest.mark.parametrize(("name", "plies"), [("intermediate", 1), ("strong", 2)])
def test_intermediate_and_strong_make_the_best_play_at_their_depth(name: str, plies: int) -> None:
    fake = FakeEvaluator()
    player = ComputerPlayer(fake, name, seed=3)
    for _ in range(20):
        assert player.choose_play(START, (4, 4)).rank == 1
    assert {call[1] for call in fake.calls} == {plies}


def test_ties_for_the_best_do_not_unsettle_an_exact_level() -> None:
    tied = FakeEvaluator(step=0.0)
    count = len(legal_plays(START, (4, 4)))
    rng = random.Random(0)
    state = rng.getstate()
    exact = {choose_play(tied, START, (4, 4), LEVELS["intermediate"], rng).rank for _ in range(20)}
    assert exact == {1} and rng.getstate() == state  # the first of the tied plays, every time, drawing nothing
    # The beginner draws among all the tied plays, evenly.
    ranks = Counter(choose_play(tied, START, (4, 4), LEVELS["beginner"], rng).rank for _ in range(50 * count))
    assert count > 10 and set(ranks) == set(range(1, count + 1)) and max(ranks.values()) < 2 * 50


def test_the_beginner_plays_near_the_best_but_not_always_the_best() -> None:
    fake = FakeEvaluator(step=0.03)
    rng = random.Random(1)
    ranks = Counter(choose_play(fake, START, (4, 4), LEVELS["beginner"], rng).rank for _ in range(400))
    assert set(ranks) <= {1, 2, 3, 4, 5, 6}  # 0.15 from the best at most
    assert ranks[1] == max(ranks.values()) and ranks[1] < 400
    assert len(ranks) >= 4


def test_the_same_seed_replays_the_same_choices() -> None:
    def choices(seed: int) -> list[int]:
        player = ComputerPlayer(FakeEvaluator(), "beginner", seed=seed)
        return [player.choose_play(START, (4, 4)).rank for _ in range(50)]

    assert choices(7) == choices(7)
    assert choices(7) != choices(8)


def test_a_forced_play_uses_no_randomness() -> None:
    position = Position.from_text("X: bar 3x14 / O: 24x2 23x2 22x2 21x2 20x2 12x5")
    rng = random.Random(5)
    state = rng.getstate()
    assert str(choose_play(FakeEvaluator(), position, (6, 5), LEVELS["beginner"], rng).play) == "bar/14"
    assert rng.getstate() == state


def test_exact_levels_follow_the_cube_decision() -> None:
    rng = random.Random(0)
    for level in (LEVELS["intermediate"], LEVELS["strong"]):
        assert not offers_double(cube(0.3, 0.2), level, rng)
        assert offers_double(cube(0.5, 0.6), level, rng)
        assert offers_double(cube(0.8, 1.2), level, rng)
        assert not offers_double(cube(1.3, 1.6), level, rng)  # too good: play on for the gammon
        assert takes_double(cube(0.5, 0.6), level, rng)
        assert not takes_double(cube(0.8, 1.2), level, rng)


def test_the_beginner_gets_clear_cube_decisions_right_and_close_ones_sometimes_wrong() -> None:
    rng = random.Random(2)
    beginner = LEVELS["beginner"]
    assert all(offers_double(cube(0.3, 1.5), beginner, rng) for _ in range(200))
    assert not any(takes_double(cube(0.9, 1.6), beginner, rng) for _ in range(200))
    close = Counter(offers_double(cube(0.50, 0.52), beginner, rng) for _ in range(200))
    assert close[True] > 0 and close[False] > 0


def test_the_computer_never_doubles_with_the_opponent_s_cube() -> None:
    fake = FakeEvaluator(cube=(0.3, 1.5, 1.0))
    player = ComputerPlayer(fake, "strong")
    assert player.offers_double(START)
    assert not player.offers_double(START, cube="opponent")
    assert fake.calls == [("cube", 2, "centered")]
    assert not player.takes_double(START)


def test_levels_by_name_and_their_checks() -> None:
    assert get_level("beginner").plies == 1 and get_level("strong").plies >= 2
    with pytest.raises(AnalysisError, match="unknown level 'expert'"):
        get_level("expert")
    with pytest.raises(AnalysisError, match="plies"):
        Level("deep", plies=5)
    with pytest.raises(AnalysisError, match="temperature"):
        Level("odd", plies=1, window=0.1)
    with pytest.raises(AnalysisError, match="negative"):
        Level("odd", plies=1, cube_noise=-1)


def test_a_seeded_game_between_computer_players_replays_the_same() -> None:
    evaluator: Evaluator = SageEvaluator()

    def play_game() -> list[str]:
        game = Game(seed=11)
        players = {}
        game.roll_opening()
        assert game.turn is not None
        players[game.turn] = ComputerPlayer(evaluator, "beginner", seed=1)
        players[game.turn.other] = ComputerPlayer(evaluator, "intermediate", seed=2)
        moves = []
        while game.result is None:
            if game.dice is None:
                game.roll()
            assert game.dice is not None and game.turn is not None
            chosen = players[game.turn].choose_play(game.position, game.dice).play
            moves.append(str(chosen))
            game.play(chosen)
        return moves

    first = play_game()
    assert len(first) > 20
    assert play_game() == first
