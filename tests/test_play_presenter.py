"""The Play screen's presenter, without the screen: the commands that apply, the status line, what comes next, the
board scenes and what a decision did, for the main situations of a game."""

from __future__ import annotations

from dataclasses import replace

from play_support import CheapEvaluator

from trainer.engine import ChosenDouble, Cube, Position, Side
from trainer.play import (
    ChoseDouble,
    Doubled,
    LocalGame,
    LocalRecord,
    LocalSettings,
    Opened,
    Played,
    Session,
    Table,
    Waiting,
)
from trainer.tui.play_presenter import Command, Next, Picked, PlayPresenter
from trainer.tui.widgets.scene import BoardScene, LastMove


def two_players(seed: int = 1) -> LocalGame:
    """A money game of backgammon between two players at one keyboard, its opening roll made."""
    return LocalGame.new("standard", "two", 0, seed=seed)


def learner_to_move(seed: int = 1) -> Session:
    """A game against the computer (the cheap evaluator), advanced until the learner has dice to play."""
    session = Session.new(seed=seed, evaluator=CheapEvaluator())
    while session.waiting_for is not Waiting.MOVE:
        if session.waiting_for is Waiting.COMPUTER:
            session.computer_turn()
        else:
            session.roll()
    return session


def test_the_opening_roll_is_said_and_its_winner_plays_the_dice() -> None:
    game = two_players()
    presenter = PlayPresenter(game)
    (opening,) = game.events
    assert isinstance(opening, Opened)
    line = presenter.opening_line()
    assert line is not None and line.startswith("Opening roll") and presenter.resumed_line() is None
    assert presenter.next() is Next.MOVE and presenter.deciding() is opening.side
    start = presenter.move_start()
    assert (start.side, start.dice, start.no_play) == (opening.side, opening.dice, False)
    assert start.position == game.state.position and start.status == presenter.status()
    scene = presenter.opened_scene()
    assert scene.names == ("Player 1", "Player 2") and scene.position == Position.start()
    assert scene.last_move is None and scene.numbered_for is opening.side and scene.cube == Cube()


def test_the_learner_to_play_may_move_type_ask_a_hint_and_confirm_a_whole_play() -> None:
    session = learner_to_move()
    presenter = PlayPresenter(session)
    idle = presenter.commands(Picked(playing=True))
    assert idle == {Command.HINT, Command.TYPE_PLAY, Command.TOGGLE_TUTOR}
    assert presenter.accepts_moves(Picked(playing=True)) and presenter.shows_notation(Picked(playing=True))
    play = session.legal_plays()[0]
    chosen = Picked(playing=True, moved=True, complete=play)
    assert Command.CONFIRM in presenter.commands(chosen) and Command.UNDO in presenter.commands(chosen)
    assert not presenter.accepts_moves(chosen)
    assert presenter.commands(Picked(busy=True, playing=True)) == {Command.TOGGLE_TUTOR}
    assert presenter.status().startswith("You play ")


def test_a_mistake_stops_the_game_until_the_learner_goes_on_or_takes_it_back() -> None:
    session = learner_to_move(seed=3)
    presenter = PlayPresenter(session)
    worst = session.hint().ranked[-1].play
    outcome = session.play(worst)
    assert outcome.verdict is not None and outcome.verdict.is_mistake
    reaction = presenter.after(outcome)
    assert reaction.pause is outcome.verdict and reaction.line.startswith("You played")
    paused = presenter.commands(Picked(paused=outcome.verdict))
    assert {Command.GO_ON, Command.TAKE_BACK, Command.TOGGLE_VIEW} <= paused and Command.HINT not in paused
    assert "z takes it back" in presenter.mistake_prompt(outcome.verdict)


def test_a_double_offered_waits_for_the_answer_with_the_cube_turned() -> None:
    game = two_players()
    game.play(game.legal_plays()[0])
    presenter = PlayPresenter(game)
    assert game.waiting_for is Waiting.ROLL and Command.DOUBLE in presenter.commands(Picked())
    doubler = presenter.deciding()
    outcome = game.double()
    assert isinstance(outcome.event, Doubled)
    reaction = presenter.after(outcome)
    name = "Player 1" if doubler is Side.X else "Player 2"
    assert reaction.pause is None and reaction.clear and reaction.line == f"{name} doubled."
    assert presenter.next() is Next.DECIDE and presenter.deciding() is doubler.other
    assert presenter.commands(Picked()) == {Command.TAKE, Command.PASS}
    assert "double" in presenter.status().lower()
    scene = presenter.table_scene(presenter.opened_scene())
    assert scene.cube == Cube(2) and scene.numbered_for is doubler.other


def test_the_game_over_shows_the_summary_and_allows_nothing_more() -> None:
    game = two_players()
    game.play(game.legal_plays()[0])
    game.double()
    game.drop()
    presenter = PlayPresenter(game)
    assert presenter.next() is Next.SUMMARY and presenter.status() == "Game over."
    assert presenter.commands(Picked()) == frozenset()


def test_acey_deucey_a_chosen_double_and_the_bonus_roll() -> None:
    table = Table(0, 1, variant="acey-deucey")
    for action in ("open 31", "roll 1-2", "play in/24 in/23"):
        table.apply(action)
    game = LocalGame(LocalRecord("t", LocalSettings(players="two", seed=1), tuple(table.actions)))
    presenter = PlayPresenter(game)
    assert presenter.next() is Next.CHOOSE_DOUBLE and presenter.commands(Picked()) == {Command.CHOOSE_DOUBLE}
    assert "choose" in presenter.status().lower()
    outcome = game.choose_double(6)
    assert isinstance(outcome.event, ChoseDouble) and outcome.event.dice == ChosenDouble.of_number(6)
    assert presenter.after(outcome, note="Note.").line == "Player 1 chose 6-6. Note."
    assert presenter.next() is Next.MOVE
    game.play("in/19(4)")
    assert presenter.is_bonus_roll(Side.X) and presenter.status().startswith("Bonus roll")
    assert presenter.opened_scene().waiting_column


def test_the_computer_s_turn_is_played_out_step_by_step() -> None:
    game = LocalGame.new("acey-deucey", "computer", seed=44)
    presenter = PlayPresenter(game)
    while presenter.next() is not Next.COMPUTER_TURN:
        if game.waiting_for is Waiting.ROLL:
            game.roll()
        else:
            game.play(game.legal_plays()[0])
    scene = replace(presenter.opened_scene(), last_move=LastMove((), Side.X))
    for event in game.computer_turn().events:
        step = presenter.computer_step(scene, event)
        assert step.status
        if isinstance(event, Played):
            assert step.scene is None and step.play is event.play and step.side is Side.O and step.line
        else:
            assert isinstance(step.scene, BoardScene) and step.scene.dice == getattr(event, "dice", None)
        scene = step.scene or scene
