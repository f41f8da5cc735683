"""The Play screen's presenter, without the screen: the commands that apply, the status line, what comes next, the
board scenes, what a decision did, the cube's actions, hints, mistakes and the summary, for the main situations of a
game; and a learner's roll searched once from the roll to the play."""

from __future__ import annotations

from dataclasses import replace

import pytest
from play_support import CheapEvaluator, Searches, decide

from trainer.engine import ChosenDouble, Cube, Position, Side, Turn
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
from trainer.play.game import CannotDoubleHint, PlayHint
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
    said = presenter.mistake_said(outcome.verdict)
    assert said.tone == "wrong" and said.text.startswith("Tutor: Very bad play: ") and str(worst) in said.text
    scene = presenter.opened_scene()
    better = presenter.verdict_board(scene, outcome.verdict, better=True)
    chosen = presenter.verdict_board(scene, outcome.verdict, better=False)
    assert better is not None and chosen is not None
    assert str(outcome.verdict.best_play) in better.caption and str(worst) in chosen.caption


def test_a_cube_verdict_leaves_the_board_as_it_is() -> None:
    session = Session.new(seed=2, evaluator=CheapEvaluator())
    while session.waiting_for is not Waiting.ROLL or Command.DOUBLE not in PlayPresenter(session).commands(Picked()):
        decide(session)
    outcome = session.double()
    assert outcome.verdict is not None and outcome.verdict.best_play is None
    presenter = PlayPresenter(session)
    assert presenter.verdict_board(presenter.opened_scene(), outcome.verdict, better=True) is None


def test_a_hint_lists_the_ranked_plays_or_says_the_cube_decision() -> None:
    session = learner_to_move(seed=3)
    presenter = PlayPresenter(session)
    hint = session.hint()
    assert isinstance(hint, PlayHint)
    view = presenter.hint_view(hint)
    assert view.plays == hint.ranked and view.said.tone == "info" and view.said.text.startswith("Hint: ")
    best = presenter.hint_board(presenter.opened_scene(), hint.ranked[0])
    assert str(hint.ranked[0].play) in best.caption
    cube = presenter.hint_view(CannotDoubleHint("The cube is not yours."))
    assert cube.plays == () and "The cube is not yours." in cube.said.text


def test_a_turn_on_the_board_says_its_moves_and_the_whole_play() -> None:
    session = learner_to_move()
    presenter = PlayPresenter(session)
    play = session.legal_plays()[0]
    assert presenter.moves_so_far("") == "You: no move yet."
    assert presenter.moves_so_far("13/8") == "You: 13/8."
    assert str(play) in presenter.play_made(play, "") and "8/3/off" in presenter.play_made(play, "8/3/off")


def test_the_cube_buttons_take_the_game_s_cube_actions_when_they_apply() -> None:
    game = two_players()
    game.play(game.legal_plays()[0])
    presenter = PlayPresenter(game)
    doubler = presenter.deciding()
    assert presenter.cube_act(Command.TAKE, Picked()) is None and presenter.cube_act(Command.ROLL, Picked()) is None
    assert presenter.cube_act(Command.DOUBLE, Picked(busy=True)) is None
    act = presenter.cube_act(Command.DOUBLE, Picked())
    assert act is not None and act.working
    assert isinstance(act.job().event, Doubled) and presenter.deciding() is doubler.other
    passed = presenter.cube_act(Command.PASS, Picked())
    assert passed is not None and passed.job().event.side is doubler.other and game.is_over


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
    summary = presenter.summary_view()
    assert summary.text and summary.mistakes == () and summary.lines == ()


def test_the_summary_lists_the_learner_s_mistakes_each_shown_on_the_board() -> None:
    """(A summary of the game so far: the summary at the end is the same.)"""
    session = learner_to_move(seed=3)
    worst = session.hint().ranked[-1].play
    session.play(worst)
    presenter = PlayPresenter(session)
    summary = presenter.summary_view()
    (mistake,) = summary.mistakes
    assert summary.text.endswith("Your mistakes (choose one to see it on the board):")
    assert len(summary.lines) == 1 and str(worst) in summary.lines[0]
    shown = presenter.mistake_board(presenter.opened_scene(), mistake)
    assert shown.caption.startswith("Better: ") and f"yours: {worst}" in shown.caption


def test_a_learner_s_roll_is_searched_once_from_the_roll_to_the_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """The roll's explanation, the dice to play and their explanation, the turn played on the board, the play typed
    and checked: all from the game's own legal plays."""
    session = Session.new(seed=1, evaluator=CheapEvaluator(), tutor=False)
    while session.waiting_for is not Waiting.ROLL:
        decide(session)
    presenter = PlayPresenter(session)
    searches = Searches(monkeypatch)
    outcome = session.roll()
    start = presenter.move_start()
    assert outcome.explanation is not None and outcome.explanation.plays is start.plays
    turn = Turn.from_plays(start.plays)  # the turn the screen plays on the board
    for move in start.plays[-1].moves:
        turn = turn.move(move.start, move.end)
    assert turn.play is not None and session.parse_play(str(turn.play)) == turn.play
    session.play(turn.play)
    assert searches.rolls == [(start.position, (start.dice.low, start.dice.high))]


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
