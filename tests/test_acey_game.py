"""Acey-deucey game flow: the start, the opening, the 1-2 turn (the double chosen, the bonus roll, what is lost
when a part cannot be played) and the end of the game."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from trainer.engine import (
    AceyDeucey,
    ChosenDouble,
    CubeError,
    EngineError,
    Game,
    GameResult,
    GameStateError,
    InvalidDiceError,
    Phase,
    Position,
    Side,
    WinKind,
    playable_doubles,
    win_kind,
)
from trainer.engine.variants import variant_named


def scripted(values: Iterable[int]) -> Callable[[], int]:
    """A die that shows ``values`` in order (a test asking for more fails with StopIteration)."""
    iterator = iter(values)
    return lambda: next(iterator)


def acey(dice: Iterable[int]) -> Game:
    return Game(variant="acey-deucey", roll_die=scripted(dice))


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.state, list(game.history))


# --- the start and the opening ------------------------------------------------------------------------------


def test_the_variant_is_registered_by_name() -> None:
    game = Game(variant="acey-deucey")
    assert isinstance(game.variant, AceyDeucey) and variant_named("acey-deucey") is game.variant
    assert game.position == Position.acey_deucey_start() and game.phase is Phase.OPENING
    with pytest.raises(EngineError, match="unknown variant 'acey': use acey-deucey, standard"):
        Game(variant="acey")


def test_the_opening_winner_rolls_both_dice_instead_of_playing_the_opening_numbers() -> None:
    game = acey([3, 3, 2, 5, 6, 4])
    opening = game.roll_opening()
    assert opening.throws == ((3, 3), (2, 5)) and game.turn is Side.O
    assert game.phase is Phase.ROLL and game.dice is None
    with pytest.raises(GameStateError, match="roll the dice first"):
        game.legal_plays()
    assert game.roll() == (6, 4)
    assert {str(play) for play in game.legal_plays()} == {"in/21 in/19", "in/15"}


# --- the acey-deucey roll --------------------------------------------------------------------------------


def test_a_1_2_played_in_full_is_followed_by_a_chosen_double_and_another_roll() -> None:
    game = acey([5, 2, 1, 2, 6, 4])
    game.roll_opening()
    assert game.roll() == (1, 2)
    game.play("in/24 in/23")
    assert game.phase is Phase.CHOOSE_DOUBLE and game.turn is Side.X and game.dice is None
    assert game.position == Position.from_text("X: waitx13 24 23 / O: waitx15")  # still from X's side
    before = snapshot(game)
    for action in (game.roll, game.legal_plays, lambda: game.play("pass")):
        with pytest.raises(GameStateError, match="choose the double to play after your 1-2 first"):
            action()
    for bad in (0, 7, True):
        with pytest.raises(InvalidDiceError, match="a double is chosen by a number from 1 to 6"):
            game.choose_double(bad)
    assert snapshot(game) == before

    assert game.choose_double(5) == (5, 5)
    assert isinstance(game.dice, ChosenDouble) and game.dice.chosen and game.phase is Phase.MOVE
    with pytest.raises(GameStateError, match="there is no double to choose now"):
        game.choose_double(6)
    game.play("in/20(4)")
    assert game.phase is Phase.ROLL and game.turn is Side.X  # the bonus roll
    assert game.roll() == (6, 4)
    game.play("in/15")
    assert game.turn is Side.O and game.phase is Phase.ROLL
    assert game.position == Position.from_text("X: waitx8 24 23 20x4 15 / O: waitx15").swap()
    parts = [(side, tuple(dice), dice.chosen, str(play)) for side, dice, play in game.history]
    assert parts == [
        (Side.X, (1, 2), False, "in/24 in/23"),
        (Side.X, (5, 5), True, "in/20(4)"),
        (Side.X, (6, 4), False, "in/15"),
    ]


def test_a_bonus_roll_can_be_another_1_2() -> None:
    game = acey([5, 2, 2, 1, 2, 1])
    game.roll_opening()
    game.roll()
    game.play("in/24 in/23")
    game.choose_double(6)
    game.play("in/19(4)")
    assert game.roll() == (2, 1)
    game.play("in/24 in/23")
    assert game.phase is Phase.CHOOSE_DOUBLE and game.turn is Side.X


def test_a_1_2_that_cannot_be_played_in_full_ends_the_turn() -> None:
    game = acey([5, 2, 1, 2])
    game.roll_opening()
    game.position = Position.from_text("X: waitx15 / O: waitx11 23x2 22x2")  # the 2 can't enter nor follow the 1
    game.roll()
    (only,) = game.legal_plays()
    assert str(only) == "in/24" and only.dice_used == 1
    game.play(only)
    assert game.turn is Side.O and game.phase is Phase.ROLL and game.dice is None
    assert game.position == only.result.swap()


def test_a_chosen_double_that_cannot_be_played_in_full_ends_the_turn_without_a_bonus_roll() -> None:
    game = acey([5, 2, 1, 2])
    game.roll_opening()
    game.position = Position.from_text("X: waitx15 / O: waitx9 19x2 18x2 13x2")
    game.roll()
    game.play("in/24 in/23")
    assert playable_doubles(game.position) == {1: True, 2: True, 3: True, 4: True, 5: True, 6: False}
    game.choose_double(6)
    (partial,) = game.legal_plays()
    assert str(partial) == "23/5" and partial.dice_used == 3  # 19 and 18 are closed: the fourth 6 is lost
    game.play(partial)
    assert game.turn is Side.O and game.phase is Phase.ROLL
    assert [dice.chosen for _, dice, _ in game.history] == [False, True]


@pytest.mark.parametrize(
    ("loser", "kind"),
    [("waitx15", WinKind.BACKGAMMON), ("waitx3 12x12", WinKind.BACKGAMMON), ("12x15", WinKind.GAMMON),
     ("12x14", WinKind.SINGLE)],
)  # fmt: skip
def test_a_game_can_end_within_a_1_2_turn_and_waiting_checkers_make_a_backgammon(loser: str, kind: WinKind) -> None:
    game = acey([5, 2, 1, 2])
    game.roll_opening()
    game.position = Position.from_text(f"X: 2 1 / O: {loser}")
    game.roll()
    assert game.play("2/off 1/off") == GameResult(Side.X, kind)
    assert game.phase is Phase.OVER and win_kind(game.position) is kind
    with pytest.raises(GameStateError, match="there is no double to choose now"):
        game.choose_double(3)


def test_a_game_can_end_with_the_chosen_double() -> None:
    game = acey([5, 2, 1, 2])
    game.roll_opening()
    game.position = Position.from_text("X: 6x2 / O: 12x15")
    game.roll()
    game.play("6/5 6/4")
    game.choose_double(6)
    assert game.play("5/off 4/off") == GameResult(Side.X, WinKind.GAMMON)


def test_standard_backgammon_has_no_double_to_choose() -> None:
    game = Game(roll_die=scripted([3, 1]))
    with pytest.raises(GameStateError, match="Backgammon has no double to choose"):
        game.choose_double(4)
    game.roll_opening()
    with pytest.raises(GameStateError, match="Backgammon has no double to choose"):
        game.choose_double(4)
    assert game.phase is Phase.MOVE and game.dice == (3, 1)


def test_playable_doubles_says_which_doubles_can_be_played_in_full() -> None:
    assert playable_doubles(Position.acey_deucey_start()) == dict.fromkeys(range(1, 7), True)
    blocked = Position.from_text("X: waitx15 / O: 24x2 23x2 22x2 21x2 20x2 19x2 1x3")
    assert playable_doubles(blocked) == dict.fromkeys(range(1, 7), False)


def test_nobody_doubles_in_the_middle_of_an_acey_deucey_turn() -> None:
    """A double comes at the start of a turn, before rolling: not while the double after a 1-2 is being chosen,
    nor before the bonus roll that follows it (the same turn goes on); the next turn may start with one."""
    game = acey([5, 2, 1, 2, 6, 4])
    game.roll_opening()
    assert game.may_double  # the start of X's first turn
    game.roll()
    game.play("in/24 in/23")
    assert game.phase is Phase.CHOOSE_DOUBLE
    problem = "X is in the middle of an acey-deucey turn: a double comes only at the start of a turn"
    assert game.double_problem() == problem
    with pytest.raises(CubeError, match="in the middle of an acey-deucey turn"):
        game.double()
    game.choose_double(5)
    game.play("in/20(4)")
    assert game.phase is Phase.ROLL and game.turn is Side.X
    assert not game.may_double
    with pytest.raises(CubeError, match="about to take an acey-deucey bonus roll, which goes on the same turn"):
        game.double()
    game.roll()
    game.play("in/15")
    assert game.turn is Side.O and game.may_double
