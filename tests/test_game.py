"""Game flow: the opening roll, turns, errors, the end of the game and what it is worth, and seeded self-play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

import trainer.engine.variants as variants
from trainer.engine import (
    CHECKERS,
    OFF,
    Game,
    GameResult,
    GameStateError,
    IllegalPlayError,
    InvalidNotationError,
    Play,
    Position,
    Side,
    WinKind,
    legal_plays,
    win_kind,
)


def scripted(values: Iterable[int]) -> Callable[[], int]:
    """A die that shows ``values`` in order (a test asking for more fails with StopIteration)."""
    iterator = iter(values)
    return lambda: next(iterator)


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.position, game.turn, game.dice, game.cube, game.result, game.opening, list(game.history))


def assert_conserved(position: Position) -> None:
    """15 checkers a side, counting those borne off and on the bar, and a board that validates."""
    for side in (position.player, position.opponent):
        assert len(side) == 26
        assert sum(side) == CHECKERS
        assert all(count >= 0 for count in side)
    Position(position.player, position.opponent)  # raises if the two sides share a point


# --- the opening roll ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "throws", "winner", "opening"),
    [
        ([3, 1], ((3, 1),), Side.X, (3, 1)),
        ([2, 6], ((2, 6),), Side.O, (6, 2)),
        ([5, 5, 1, 4], ((5, 5), (1, 4)), Side.O, (4, 1)),
        ([6, 6, 2, 2, 1, 1, 5, 3], ((6, 6), (2, 2), (1, 1), (5, 3)), Side.X, (5, 3)),
    ],
)
def test_opening_roll_reroll_ties_and_winner_plays_both_numbers(
    dice: list[int], throws: tuple[tuple[int, int], ...], winner: Side, opening: tuple[int, int]
) -> None:
    game = Game(roll_die=scripted(dice))
    assert game.turn is None and game.dice is None and game.opening is None
    roll = game.roll_opening()
    assert game.opening == roll
    assert roll.throws == throws
    assert roll.winner is winner and game.turn is winner
    # The winner's own die comes first.
    assert roll.dice == opening == game.dice
    assert game.position == Position.start()
    assert {str(play) for play in game.legal_plays()} == {str(play) for play in legal_plays(Position.start(), opening)}
    assert all(play.dice_used == 2 for play in game.legal_plays())


def test_opening_roll_only_once() -> None:
    game = Game(roll_die=scripted([4, 2]))
    game.roll_opening()
    with pytest.raises(GameStateError):
        game.roll_opening()


def test_die_source_must_give_one_to_six() -> None:
    game = Game(roll_die=scripted([7, 1]))
    with pytest.raises(ValueError, match="1 to 6"):
        game.roll_opening()


# --- rolling and playing in order ------------------------------------------------------------------------


def test_roll_and_play_errors_before_the_opening() -> None:
    game = Game(roll_die=scripted([]))
    with pytest.raises(GameStateError):
        game.roll()
    with pytest.raises(GameStateError):
        game.legal_plays()
    with pytest.raises(GameStateError):
        game.play("8/5 6/5")


def test_roll_twice_without_playing() -> None:
    game = Game(roll_die=scripted([3, 1, 6, 5, 4, 4]))
    game.roll_opening()
    # The opening numbers are the first roll: they must be played before rolling again.
    with pytest.raises(GameStateError):
        game.roll()
    game.play("8/5 6/5")
    assert game.dice is None
    with pytest.raises(GameStateError):
        game.legal_plays()
    with pytest.raises(GameStateError):
        game.play("24/13")
    assert game.roll() == (6, 5)
    before = snapshot(game)
    with pytest.raises(GameStateError):
        game.roll()
    assert snapshot(game) == before


def test_turns_alternate_and_the_position_is_swapped() -> None:
    game = Game(roll_die=scripted([3, 1, 6, 5, 2, 1]))
    game.roll_opening()
    assert game.turn is Side.X
    assert game.play("8/5 6/5") is None
    x_after = Position.from_text("X: 24x2 13x5 8x2 6x4 5x2 / O: 19x5 17x3 12x5 1x2")
    assert game.turn is Side.O
    assert game.position == x_after.swap()
    assert game.position.text() == "X: 24x2 13x5 8x3 6x5 / O: 20x2 19x4 17x2 12x5 1x2"
    assert game.history[0][0] is Side.X and game.history[0][1] == (3, 1)
    assert str(game.history[0][2]) == "8/5 6/5"

    assert game.roll() == (6, 5)
    game.play("24/13")
    assert game.turn is Side.X
    assert game.position.player == x_after.player
    assert game.position.text() == "X: 24x2 13x5 8x2 6x4 5x2 / O: 19x5 17x3 12x6 1"
    assert [(side, dice) for side, dice, _ in game.history] == [(Side.X, (3, 1)), (Side.O, (6, 5))]

    assert game.roll() == (2, 1)
    assert game.turn is Side.X


def test_play_by_play_object() -> None:
    game = Game(roll_die=scripted([6, 1]))
    game.roll_opening()
    chosen = next(play for play in game.legal_plays() if str(play) == "13/7 8/7")
    assert game.play(chosen) is None
    assert game.turn is Side.O
    assert game.history[-1] == (Side.X, (6, 1), chosen)
    assert game.position == chosen.result.swap()


def test_the_plays_of_a_roll_are_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asking for the legal plays, then playing one (checked against them), searches the roll once; the next roll
    is searched anew."""
    searched: list[Position] = []

    def counted(position: Position, dice: tuple[int, int]) -> tuple[Play, ...]:
        searched.append(position)
        return legal_plays(position, dice)

    monkeypatch.setattr(variants, "legal_plays", counted)
    game = Game(roll_die=scripted([6, 1, 3, 1]))
    game.roll_opening()
    assert game.legal_plays() == game.legal_plays()
    game.play(next(play for play in game.legal_plays() if str(play) == "13/7 8/7"))
    assert searched == [Position.start()]
    game.roll()
    assert game.legal_plays() and game.legal_plays() and len(searched) == 2


@pytest.mark.parametrize(
    "bad",
    ["6/1", "13/7 8/7", "24/20 24/21 6/5", "8/5 6/5*"],
)
def test_illegal_notation_raises_and_leaves_the_game_unchanged(bad: str) -> None:
    game = Game(roll_die=scripted([3, 1]))
    game.roll_opening()
    before = snapshot(game)
    with pytest.raises(IllegalPlayError) as caught:
        game.play(bad)
    assert caught.value.reason
    assert snapshot(game) == before
    game.play("8/5 6/5")  # the game goes on normally afterwards
    assert game.turn is Side.O


def test_unreadable_notation_leaves_the_game_unchanged() -> None:
    game = Game(roll_die=scripted([3, 1]))
    game.roll_opening()
    before = snapshot(game)
    with pytest.raises(InvalidNotationError):
        game.play("eight to five")
    assert snapshot(game) == before


def test_foreign_play_object_raises_and_leaves_the_game_unchanged() -> None:
    game = Game(roll_die=scripted([3, 1]))
    game.roll_opening()
    before = snapshot(game)
    foreign = legal_plays(Position.start(), (6, 5))[0]
    with pytest.raises(IllegalPlayError):
        game.play(foreign)
    assert snapshot(game) == before


def test_a_roll_with_no_legal_play_passes_the_turn() -> None:
    game = Game(roll_die=scripted([4, 2]))
    game.roll_opening()
    stuck = Position.from_text("X: bar 8x14 / O: 23x2 21x2")
    game.position = stuck
    (only,) = game.legal_plays()
    assert only.is_pass
    with pytest.raises(IllegalPlayError):
        game.play("bar/21 8/6")
    assert game.play("pass") is None
    assert game.turn is Side.O
    assert game.position == stuck.swap()
    assert game.history[-1][2].is_pass


# --- the end of the game ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "kind"),
    [
        ("12x14", WinKind.SINGLE),
        ("12x15", WinKind.GAMMON),
        ("12x14 2", WinKind.BACKGAMMON),
        ("bar 19x14", WinKind.BACKGAMMON),
    ],
)
@pytest.mark.parametrize(("opening", "winner"), [([6, 2], Side.X), ([2, 6], Side.O)])
@pytest.mark.parametrize("cube", [1, 2, 4])
def test_game_end_result_and_points(loser: str, kind: WinKind, opening: list[int], winner: Side, cube: int) -> None:
    game = Game(roll_die=scripted(opening))
    game.roll_opening()
    assert game.turn is winner
    game.position = Position.from_text(f"X: 1 / O: {loser}")
    game.cube = cube
    result = game.play("1/off")
    assert result == GameResult(winner, kind, cube)
    assert game.result == result
    assert result.points == kind.value * cube
    # The final position stays seen from the winner, who keeps the turn.
    assert game.turn is winner
    assert game.position.player_off == CHECKERS
    assert win_kind(game.position) is kind
    assert game.dice is None
    with pytest.raises(GameStateError):
        game.roll()
    with pytest.raises(GameStateError):
        game.play("pass")


def test_result_points() -> None:
    assert GameResult(Side.X, WinKind.SINGLE).points == 1
    assert GameResult(Side.O, WinKind.GAMMON).points == 2
    assert GameResult(Side.X, WinKind.BACKGAMMON).points == 3
    assert GameResult(Side.O, WinKind.GAMMON, cube=8).points == 16
    assert GameResult(Side.X, WinKind.BACKGAMMON, cube=2).points == 6


# --- seeded self-play ------------------------------------------------------------------------------------


def self_play(seed: int, max_turns: int = 2000) -> Game:
    """Play a whole game choosing plays at random (seeded), checking the invariants at every turn.

    Even turns are played by notation, odd turns by Play object."""
    game = Game(seed=seed)
    chooser = random.Random(seed)
    game.roll_opening()
    assert_conserved(game.position)
    for turn in range(max_turns):
        if game.dice is None:
            game.roll()
        assert game.dice is not None
        mover, dice, before = game.turn, game.dice, game.position
        options = game.legal_plays()
        assert options
        used = options[0].dice_used
        assert all(play.dice_used == used for play in options)
        chosen = chooser.choice(options)
        result = game.play(str(chosen) if turn % 2 == 0 else chosen)
        assert game.history[-1][0] is mover and game.history[-1][1] == dice
        assert game.history[-1][2] == chosen
        moved = before.pip_count()[0] - chosen.result.pip_count()[0]
        most = (4 if dice[0] == dice[1] else 1) * sum(dice)
        assert (moved == 0) == chosen.is_pass
        assert 0 <= moved <= most
        assert chosen.result.player_off >= before.player_off
        assert_conserved(game.position)
        if result is not None:
            assert result.winner is mover
            assert game.position == chosen.result
            assert game.position.player[OFF] == CHECKERS
            assert game.position.opponent[OFF] < CHECKERS
            assert result.kind is win_kind(game.position)
            assert result.points == result.kind.value
            return game
        assert game.turn is mover.other
        assert game.position == chosen.result.swap()
    pytest.fail(f"seed {seed}: no result after {max_turns} turns")


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 17, 2024])
def test_seeded_self_play_reaches_an_end(seed: int) -> None:
    game = self_play(seed)
    assert game.result is not None
    assert len(game.history) >= 8  # nobody bears off fifteen checkers in fewer than eight turns


def record(game: Game) -> list[tuple[Side, tuple[int, int], str]]:
    return [(side, dice, str(play)) for side, dice, play in game.history]


def test_same_seed_same_game() -> None:
    first, second = self_play(5), self_play(5)
    assert first.opening == second.opening
    assert record(first) == record(second)
    assert first.result == second.result
    assert first.position == second.position
    # The dice alone depend only on the seed, whatever is played.
    a, b = Game(seed=11), Game(seed=11)
    assert a.roll_opening() == b.roll_opening()
    assert record(self_play(6)) != record(first)
