"""Local games without a screen: acey-deucey against the heuristic computer (the 1-2, the chosen double, the bonus
roll, a part that can't be played in full), two players at one keyboard with the cube, and the record that
rebuilds them."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from trainer.analysis import acey
from trainer.engine import ChosenDouble, Dice, Phase, Position, Side
from trainer.play import Action, LocalGame, LocalRecord, LocalSettings, RecordError, SessionError, Waiting, wording
from trainer.play.table import ChoseDouble, Event, Table


def lost_text(game: LocalGame, event: Event) -> str:
    """What the screen says when a part of an acey-deucey turn could not be played (empty otherwise)."""
    lost = game.turn_lost(event)
    return "" if lost is None else wording.turn_lost(lost)


def play_out(game: LocalGame) -> list[str]:
    """Play ``game`` to its end, the learner (or both players) playing like the heuristic computer; the turn-lost
    messages said on the way."""
    said = []
    for _ in range(2000):
        waiting = game.waiting_for
        if waiting is Waiting.OVER:
            return said
        if waiting is Waiting.COMPUTER:
            for event in game.computer_turn().events:
                said.append(lost_text(game, event))
        elif waiting is Waiting.ROLL:
            game.roll()
        elif waiting is Waiting.MOVE:
            outcome = game.play(acey.choose_play(game.legal_plays()))
            said.append("" if outcome.lost is None else wording.turn_lost(outcome.lost))
        elif waiting is Waiting.CHOOSE_DOUBLE:
            game.choose_double(acey.choose_double(game.state.position))
        elif waiting is Waiting.NEXT_GAME:
            game.next_game()
        else:  # pragma: no cover - nobody doubles in these games
            raise AssertionError(waiting)
    raise AssertionError("the game never ended")


@pytest.mark.parametrize(("players", "length"), [("computer", 0), ("two", 3)])
def test_acey_deucey_games_run_to_the_end_and_their_record_rebuilds_them(players: str, length: int) -> None:
    game = LocalGame.new("acey-deucey", players, length, seed=4)  # type: ignore[arg-type]
    assert game.board == Position.acey_deucey_start() and game.waiting_for in (Waiting.ROLL, Waiting.COMPUTER)
    play_out(game)
    assert game.is_over and game.winner is not None
    # A 1-2 was rolled, played in full, and a double chosen.
    assert any(isinstance(event, ChoseDouble) for event in game.events)
    rebuilt = LocalGame.resume(game.record.to_json())
    assert rebuilt.state == game.state and rebuilt.events[-1].after == game.events[-1].after
    headline = wording.headline(game.summary())
    assert rebuilt.record == game.record and wording.headline(rebuilt.summary()) == headline
    if length:
        high, low = max(game.score.x, game.score.o), min(game.score.x, game.score.o)
        assert high >= 3 and headline.endswith(f"won the 3-point match {high}-{low}.")


def test_a_one_two_is_followed_by_the_chosen_double_and_a_bonus_roll_for_the_same_side() -> None:
    table = Table(0, 1, variant="acey-deucey")
    table.apply("open 31")  # X starts, rolling both dice
    table.apply("roll 1-2")
    table.apply("play in/24 in/23")
    game = LocalGame(LocalRecord("t", LocalSettings(seed=1), tuple(table.actions)))
    assert game.waiting_for is Waiting.CHOOSE_DOUBLE and game.allowed == {Action.CHOOSE_DOUBLE}
    assert game.playable_doubles() == {number: True for number in range(1, 7)}
    event = game.choose_double(6).event
    assert isinstance(event, ChoseDouble) and event.dice == ChosenDouble.of_number(6) and event.side is Side.X
    assert game.waiting_for is Waiting.MOVE and game.dice is not None and game.dice.chosen
    played = game.play("in/19(4)")
    assert played.lost is None and game.turn_lost(played.event) is None
    assert game.waiting_for is Waiting.ROLL and game.deciding is Side.X  # the bonus roll
    with pytest.raises(SessionError, match="choose a double"):
        game.choose_double(3)


def set_up(game: LocalGame, position: Position, dice: Dice) -> None:
    """Put ``position`` and ``dice`` to play before X, as lessons set up a game."""
    engine_game = game._table.game
    engine_game.state = replace(engine_game.state, position=position, turn=Side.X, dice=dice, phase=Phase.MOVE)


@pytest.mark.parametrize(
    ("text", "number", "said"),
    [
        ("X: waitx13 24x2 / O: 20x2 14x2 waitx11", 5, "Only two of the four 5s could be played"),  # 24/19(2)
        ("X: waitx15 / O: 20x2 waitx13", 5, "None of the four 5s could be played"),
    ],
)
def test_a_chosen_double_not_played_in_full_ends_the_turn_without_the_bonus_roll(
    text: str, number: int, said: str
) -> None:
    game = LocalGame.new("acey-deucey", "two", seed=1)
    set_up(game, Position.from_text(text), ChosenDouble.of_number(number))
    outcome = game.play(game.legal_plays()[0])
    assert outcome.lost is not None and outcome.lost.double == number
    assert wording.turn_lost(outcome.lost) == f"{said}, so the turn ends here: no bonus roll."
    assert game.deciding is Side.O and game.waiting_for is Waiting.ROLL


def test_a_one_two_not_played_in_full_ends_the_turn_without_the_double() -> None:
    game = LocalGame.new("acey-deucey", "two", seed=1)
    set_up(game, Position.from_text("X: waitx15 / O: 24x2 23x2 waitx11"), Dice(1, 2))  # 24 and 23 are closed
    outcome = game.play("pass")
    assert outcome.lost is not None and wording.turn_lost(outcome.lost) == (
        "The 1-2 could not be played in full, so the turn ends here: no double to choose, no bonus roll."
    )
    assert game.deciding is Side.O
    standard = LocalGame.new("standard", "two", seed=1)  # in the standard game a 1-2 is a roll like any other
    set_up(standard, Position.from_text("X: 24x15 / O: 23x2 22x2 1x11"), Dice(1, 2))
    assert standard.play(standard.legal_plays()[0]).lost is None


def test_two_players_use_the_cube_and_the_acey_deucey_computer_does_not() -> None:
    game = LocalGame.new("standard", "two", seed=3)
    while game.waiting_for is not Waiting.ROLL:
        game.play(game.legal_plays()[0])
    assert "double" in game.allowed and game.may_double
    side = game.deciding
    game.double()
    assert game.waiting_for is Waiting.ANSWER and game.deciding is not side and game.allowed == {"take", "pass"}
    game.take()
    assert game.cube.value == 2 and game.cube.owner is not side and game.deciding is side
    game.roll()
    game.play(game.legal_plays()[0])
    assert game.deciding is not side and "double" in game.allowed  # the taker owns the cube now
    game.double()
    game.drop()
    assert game.is_over and game.results[0].passed and game.results[0].points == 2
    winner = "Player 1" if side is Side.O else "Player 2"  # the first doubler was passed by the other
    assert wording.headline(game.summary()) == f"{winner} won a single game for 2 points (the double was passed)."

    against = LocalGame.new("acey-deucey", "computer", seed=3)
    assert not against.settings.cube and "double" not in against.allowed
    with pytest.raises(SessionError, match="cube is not used"):
        against.double()
    assert against.double_problem() == "the cube is not used in this game"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other"}, "not a bgtrainer local game record"),
        ({"version": 9}, "version 9"),
        ({"settings": {"variant": "nack", "players": "two", "match_length": 0, "seed": 1}}, "unknown variant"),
        ({"settings": {"variant": "standard", "players": "computer", "match_length": 0, "seed": 1}}, "Session"),
        ({"settings": {"variant": "standard", "players": "two", "match_length": 2, "seed": 1}}, "match length"),
        ({"actions": ["open 31", "choose 7"]}, "action 2"),
        ({"actions": ["open 31", "play 24/18"]}, "cannot be replayed"),
    ],
)
def test_a_bad_record_is_refused_saying_why(change: dict[str, object], message: str) -> None:
    document = json.loads(LocalGame.new(seed=1).record.to_json())
    document.update(change)
    with pytest.raises(RecordError, match=message):
        LocalGame.resume(json.dumps(document))
