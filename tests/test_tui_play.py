"""The Play screens as a learner uses them, mostly with the instant evaluator of ``tests/play_support.py`` and the
computer's moves stepped at once: a game with a tutor warning, a take-back, a double and a take, then quitting and
resuming it; the same with bgsage itself (and the hint's ranking), resumed in a new app on the same data folder; a
double passed and the end summary; a forced roll announced, the cube hint; the tutor switched off and on;
acey-deucey with a 1-2 (the chosen double, the bonus roll) and with a chosen double that can't be played in full
(the bonus roll lost); two players at one keyboard; and Explore's ranking, and its list of plays for a position with
checkers waiting to enter."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot_support import click_point, play_settled, settle, type_play
from play_support import CheapEvaluator, Searches, decide
from test_play_session import ScriptedCube
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from trainer.analysis import Evaluator, acey
from trainer.engine import Cube, Position, Side, legal_plays
from trainer.play import ChoseDouble, LocalGame, Played, Rolled, Session, SessionRecord, Waiting, wording
from trainer.store import ProgressStore
from trainer.training.service import PlayedGames
from trainer.tui.app import TrainerApp
from trainer.tui.screens.explore import ExploreScreen
from trainer.tui.screens.play import PlayScreen
from trainer.tui.screens.play_menu import PlayMenuScreen
from trainer.tui.widgets.feedback import FeedbackBar

SIZE = (80, 24)


def make_app(tmp_path: Path, evaluator: CheapEvaluator | None = None) -> TrainerApp:
    """The app with an instant evaluator and no lessons or puzzles to load (these tests don't need them)."""
    empty = tmp_path / "content"
    empty.mkdir(exist_ok=True)
    return TrainerApp(data_dir=tmp_path / "data", lessons_dir=empty, puzzles_dir=empty, evaluator=evaluator)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's moves stepped at once."""
    monkeypatch.setattr(PlayScreen, "step_seconds", 0.001)


def text_of(screen: PlayScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def title_of(screen: PlayScreen) -> str:
    return str(screen.task_layout.query_one("#task-title", Static).render())


async def play_until_doubled(pilot: Pilot[None], screen: PlayScreen, session: Session, turns: int = 6) -> None:
    """Play the learner's turns (the first play listed, the tutor's verdicts gone past) until the computer doubles,
    for at most ``turns`` steps."""
    for _ in range(turns):
        if session.waiting_for is Waiting.ANSWER:
            return
        if session.waiting_for is Waiting.ROLL:
            await pilot.press("r")
        else:
            await type_play(pilot, str(session.legal_plays()[0]))
            await pilot.press("enter")
        await play_settled(pilot)
        if screen.paused is not None:
            await pilot.press("enter")
            await play_settled(pilot)


async def open_play_menu(pilot: Pilot[None]) -> PlayMenuScreen:
    await pilot.app.workers.wait_for_complete()
    await pilot.press("g")
    await pilot.pause()
    menu = pilot.app.screen
    assert isinstance(menu, PlayMenuScreen)
    return menu


async def start_from_menu(pilot: Pilot[None], option_id: str, seed: int) -> PlayScreen:
    menu = await open_play_menu(pilot)
    menu.seed = seed
    options = menu.query_one("#play-menu", OptionList)
    options.highlighted = options.get_option_index(option_id)
    await pilot.press("enter")
    await play_settled(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    return screen


async def start_five_three(pilot: Pilot[None]) -> tuple[PlayScreen, Session]:
    """A money game against the computer from the menu, in which the learner starts with 5-3 to play."""
    screen = await start_from_menu(pilot, "new:computer", seed=5)
    session = screen.game
    assert isinstance(session, Session) and session.waiting_for is Waiting.MOVE and str(session.dice) == "5-3"
    return screen, session


async def test_a_game_with_a_tutor_warning_a_take_back_a_double_and_a_resume(tmp_path: Path) -> None:
    evaluator = ScriptedCube()
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=SIZE) as pilot:
        screen, session = await start_five_three(pilot)
        assert "Opening roll" in text_of(screen, "#play-info") and "You play 5-3" in text_of(screen, "#play-status")
        assert title_of(screen).endswith("tutor on (T)")

        # A bad play: the tutor stops on it, shows the better play on the board and both equities.
        before = session.state
        await type_play(pilot, "24/21 8/3")
        assert screen.complete is not None and "Press enter to confirm" in text_of(screen, "#play-status")
        await pilot.press("enter")
        await play_settled(pilot)
        feedback = screen.query_one(FeedbackBar)
        assert feedback.verdict == "wrong" and "Very bad play: 24/21 8/3" in str(feedback.render())
        assert "against 13/10 13/8" in str(feedback.render())
        board = screen.board
        assert board.scene.caption.startswith("Better: 13/10 13/8 (") and "z takes it back" in text_of(
            screen, "#play-status"
        )
        await pilot.press("v")
        assert board.scene.caption.startswith("Yours: 24/21 8/3 (")

        # Take it back: the same dice again; the better play on the board, one checker at a time.
        await pilot.press("z")
        await play_settled(pilot)
        assert session.state == before and screen.playing is not None and board.scene.position == before.position
        for point in (13, 10, 13, 8):
            await click_point(pilot, point)
        assert screen.complete is not None and str(screen.complete) == "13/10 13/8"
        await pilot.press("u")  # undo a move before confirming
        assert screen.complete is None and screen.playing.turn.notation() == "13/10"
        await click_point(pilot, 13)
        await click_point(pilot, 8)
        await pilot.press("enter")
        await play_settled(pilot, lambda: session.waiting_for is Waiting.ROLL)
        assert [type(event) for event in session.events[-3:]] == [Played, Rolled, Played]  # then the computer's turn
        assert screen.board.scene.last_move is not None and screen.board.scene.last_move.side is Side.O

        # A double, right by the scripted cube decision; the computer takes.
        evaluator.cube = (0.3, 0.6, 1.0)
        await pilot.press("d")
        await play_settled(pilot)
        assert session.cube == Cube(2, Side.O) and screen.board.scene.cube == Cube(2, Side.O)
        assert "Computer takes." in text_of(screen, "#play-info")
        assert "Your turn: roll" in text_of(screen, "#play-status") and "Double" in str(feedback.render())
        state = session.state

        # Quit and come back: the menu offers the game, which resumes where it was.
        await pilot.press("q")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PlayMenuScreen)
        options = menu.query_one("#play-menu", OptionList)
        first = str(options.get_option_at_index(0).prompt)
        assert first.startswith("Resume: money game against the computer (intermediate)"), first
        await pilot.press("enter")
        await play_settled(pilot)
        resumed = app.screen
        assert isinstance(resumed, PlayScreen) and resumed is not screen
        assert isinstance(resumed.game, Session) and resumed.game.id == session.id
        assert resumed.game.state == state and resumed.board.scene.cube == Cube(2, Side.O)
        assert "Your turn: roll" in text_of(resumed, "#play-status")


async def test_a_passed_double_ends_the_game_on_a_summary_of_the_mistakes(tmp_path: Path) -> None:
    evaluator = ScriptedCube()
    evaluator.cube = (0.0, 0.5, 1.0)  # the computer doubles at once, and the learner should take
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=SIZE) as pilot:
        screen = PlayScreen(Session.new(0, seed=6, evaluator=evaluator))
        await app.push_screen(screen)
        await play_settled(pilot, lambda: screen.game.waiting_for is not Waiting.COMPUTER)
        session = screen.game
        assert isinstance(session, Session)
        await play_until_doubled(pilot, screen, session)
        assert session.waiting_for is Waiting.ANSWER and screen.board.scene.cube == Cube(2)  # offered, in the middle
        assert "doubled to 2: you, take (t) or pass (p)?" in text_of(screen, "#play-status")
        await pilot.press("p")
        await play_settled(pilot)
        assert screen.paused is not None and "Very bad cube action: pass" in str(screen.feedback.render())
        await pilot.press("enter")
        await play_settled(pilot)
        assert session.waiting_for is Waiting.OVER
        summary = text_of(screen, "#summary")
        assert summary.startswith("You lost a single game for 1 point (the double was passed).")
        assert "Error rate" in summary
        mistakes = screen.query_one("#mistakes", OptionList)
        assert mistakes.display and app.focused is mistakes
        last = str(mistakes.get_option_at_index(mistakes.option_count - 1).prompt)
        assert "very bad, pass" in last and "better take" in last
        mistakes.highlighted = mistakes.option_count - 1
        await pilot.pause()
        assert screen.board.scene.caption.startswith("You chose pass (-1.000); better: take (-0.500)")
        stored = app.store.games.games()
        assert len(stored) == 1 and stored[0].finished and stored[0].result == "lost single 1 passed"
        assert wording.stored_result("lost single 1 passed", 0, 0, 1) == summary.split(".")[0] + "."


async def test_acey_deucey_a_one_two_chooses_a_double_and_rolls_again(tmp_path: Path) -> None:
    app = make_app(tmp_path, CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_from_menu(pilot, "new:acey", seed=685)  # a 1-2 for each side in its first turns
        game = screen.game
        assert isinstance(game, LocalGame) and game.waiting_for is Waiting.ROLL
        board = screen.board
        assert board.geometry().waiting and board.scene.cube is None and screen.board.scene.names == ("You", "Computer")
        await pilot.press("r")
        await play_settled(pilot)
        assert game.dice is not None and sorted(game.dice) == [1, 2]
        await click_point(pilot, 26)  # the waiting checkers
        assert board.scene.selected == 26 and {23, 24} <= board.scene.targets
        await click_point(pilot, 24)
        await click_point(pilot, 26)
        await click_point(pilot, 23)
        assert str(screen.complete) == "in/24 in/23"
        await pilot.press("enter")
        await play_settled(pilot)
        assert game.waiting_for is Waiting.CHOOSE_DOUBLE and "Acey-deucey!" in text_of(screen, "#play-status")
        chooser = screen.query_one("#doubles", OptionList)
        assert chooser.display and chooser.option_count == 6
        assert all("✓ in full" in str(chooser.get_option_at_index(i).prompt) for i in range(6))
        await pilot.press("6")
        await play_settled(pilot)
        assert game.dice is not None and game.dice.chosen and tuple(game.dice) == (6, 6)
        assert "You chose 6-6." in text_of(screen, "#play-info") and not chooser.display
        await type_play(pilot, "in/19(4)")
        await pilot.press("enter")
        await play_settled(pilot)
        assert game.waiting_for is Waiting.ROLL and game.deciding is Side.X
        assert text_of(screen, "#play-status").startswith("Bonus roll: You roll again")
        await pilot.press("r")
        await play_settled(pilot)
        playing = screen.playing
        assert playing is not None
        await type_play(pilot, str(game.legal_plays()[0]))
        await pilot.press("enter")
        await play_settled(pilot, lambda: game.waiting_for is not Waiting.COMPUTER)
        # The computer's 1-2: its play, its chosen double, the double played, the bonus roll and its play.
        turn = game.events[[event.side for event in game.events].index(Side.O, len(game.events) - 6) :]
        assert [type(event) for event in turn] == [Rolled, Played, ChoseDouble, Played, Rolled, Played]
        number = turn[2].dice.first  # type: ignore[union-attr]
        assert f"Acey-deucey: Computer chose {number}-{number}." in screen.happened
        assert board.scene.last_move is not None and board.scene.last_move.side is Side.O
        assert "Computer played" in text_of(screen, "#play-info")
        saved = app.store.local_games.unfinished_local_games()
        assert [local.record for local in saved] == [game.record.to_json()]  # saved after every decision


async def test_acey_deucey_a_double_that_cannot_be_played_in_full_loses_the_bonus_roll(tmp_path: Path) -> None:
    game = LocalGame.new("acey-deucey", "computer", seed=14)
    while not (game.waiting_for is Waiting.CHOOSE_DOUBLE and not all(game.playable_doubles().values())):
        waiting = game.waiting_for  # the learner plays like the computer until a 1-2 leaves a double short
        if waiting is Waiting.COMPUTER:
            game.computer_turn()
        elif waiting is Waiting.ROLL:
            game.roll()
        elif waiting is Waiting.MOVE:
            game.play(acey.choose_play(game.legal_plays()))
        else:
            game.choose_double(acey.choose_double(game.state.position))
    assert game.deciding is Side.X and not game.playable_doubles()[5]
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = PlayScreen(game)
        await app.push_screen(screen)
        await play_settled(pilot)
        chooser = screen.query_one("#doubles", OptionList)
        assert str(chooser.get_option_at_index(4).prompt) == "5-5 ⚄⚄  ✗ not in full"
        await pilot.press("5")
        await play_settled(pilot)
        assert "You chose 5-5. It can't be played in full: the turn ends after it." in text_of(screen, "#play-info")
        plays = game.legal_plays()
        assert plays[0].dice_used < 4
        await type_play(pilot, str(plays[0]))
        await pilot.press("enter")
        await play_settled(pilot, lambda: game.waiting_for is not Waiting.COMPUTER)
        lost = next(event for event in reversed(game.events) if event.side is Side.X and isinstance(event, Played))
        assert lost.play == plays[0] and game.events[lost.index + 1].side is Side.O  # no bonus roll
        cut = game.turn_lost(lost)
        assert cut is not None
        said = wording.turn_lost(cut)
        assert said.endswith("of the four 5s could be played, so the turn ends here: no bonus roll.")
        assert str(screen.feedback.render()).endswith(said)  # said on the screen, and still there on the next turn
        assert game.waiting_for is Waiting.ROLL and game.deciding is Side.X


async def test_two_players_take_turns_at_one_keyboard_each_in_their_own_numbering(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_from_menu(pilot, "new:two-standard", seed=1)  # Player 2 starts with 5-2
        game = screen.game
        assert isinstance(game, LocalGame) and game.deciding is Side.O and game.dice is not None
        board = screen.board
        assert (
            board.scene.names == ("Player 1", "Player 2")
            and board.scene.numbered_for is Side.O
            and board.scene.on_roll is Side.O
        )
        assert text_of(screen, "#play-status").startswith("Player 2 ○ plays 5-2")
        # Player 2's 13/8 is the board's 12 to 17 (Player 1's numbering): the clicks are turned round.
        await click_point(pilot, 12)
        assert board.scene.selected == 12 and 17 in board.scene.targets
        await click_point(pilot, 17)
        await click_point(pilot, 12)
        await click_point(pilot, 14)
        assert str(screen.complete) == "13/11 13/8"
        await pilot.press("enter")
        await play_settled(pilot)
        assert game.deciding is Side.X and game.waiting_for is Waiting.ROLL and board.scene.numbered_for is Side.X
        assert text_of(screen, "#play-status") == "Player 1 ● to play: roll (r or enter) or double (d)."
        await pilot.press("d")
        await pilot.pause()
        assert game.waiting_for is Waiting.ANSWER and "Player 2 ○, take (t) or pass (p)?" in text_of(
            screen, "#play-status"
        )
        await pilot.press("t")
        await pilot.pause()
        assert game.cube == Cube(2, Side.O) and board.scene.cube == Cube(2, Side.O) and game.deciding is Side.X
        await pilot.press("r")
        await pilot.pause()
        assert game.dice is not None and board.scene.on_roll is Side.X
        await type_play(pilot, str(game.legal_plays()[0]))
        await pilot.press("enter")
        await pilot.pause()
        assert game.deciding is Side.O and "double" in game.allowed  # Player 2 owns the cube: it may redouble
        await pilot.press("q")
        await pilot.pause()
        (saved,) = app.store.local_games.unfinished_local_games()
        assert LocalGame.resume(saved.record).state == game.state
        menu = app.screen
        assert isinstance(menu, PlayMenuScreen)
        options = menu.query_one("#play-menu", OptionList)
        assert str(options.get_option_at_index(0).prompt).startswith(
            "Resume: Backgammon, two players, money game, saved"
        )
        await pilot.press("enter")
        await play_settled(pilot)
        resumed = app.screen
        assert isinstance(resumed, PlayScreen) and isinstance(resumed.game, LocalGame)
        assert resumed.game.state == game.state and resumed.board.scene.numbered_for is Side.O


async def test_explore_ranks_the_plays_and_gives_the_cube_decision_without_dice(tmp_path: Path) -> None:
    app = make_app(tmp_path, CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("e")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExploreScreen)
        plays = screen.query_one("#plays", OptionList)
        prompts = [str(plays.get_option_at_index(index).prompt) for index in range(plays.option_count)]
        best = [prompt for prompt in prompts if "★1" in prompt]
        assert len(best) == 1 and all("  W " in prompt and "%  G " in prompt for prompt in prompts)
        assert "Ranked by bgsage" in str(screen.query_one("#evaluation", Static).render())
        index = prompts.index(best[0])
        plays.focus()
        plays.highlighted = index
        await pilot.pause()
        assert screen.board.scene.position == screen.plays[index].result
        assert best[0].startswith(str(screen.plays[index]) + "  ")

        dice = screen.query_one("#dice-input", Input)
        dice.value = ""
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert plays.option_count == 0
        evaluation = str(screen.query_one("#evaluation", Static).render())
        assert evaluation.startswith("Cube decision of X on roll") and "No double" in evaluation

        screen.query_one("#position-input", Input).value = "X: waitx13 24 23 / O: waitx15"
        dice.value = "21"
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert "checkers waiting to enter" in str(screen.query_one("#evaluation", Static).render())
        waiting = Position.from_text("X: waitx13 24 23 / O: waitx15")
        assert screen.board.scene.position == waiting and screen.board.scene.caption == waiting.text()
        listed = {str(plays.get_option_at_index(index).prompt) for index in range(plays.option_count)}
        assert listed == {str(play) for play in legal_plays(waiting, (2, 1))} and "in/24 in/23" in listed
        assert str(screen.query_one("#explanation", Static).render()).startswith("Not forced")


async def test_with_bgsage_a_warning_a_take_back_a_hint_and_a_resume_after_a_restart(
    tmp_path: Path, sage: Evaluator
) -> None:
    """bgsage itself, loaded by the app as a learner's would be; the app closed mid-game and a new one started on
    the same data folder."""
    app = make_app(tmp_path)  # no evaluator given: the app loads bgsage's on first need
    async with app.run_test(size=SIZE) as pilot:
        screen, session = await start_five_three(pilot)
        before = session.state
        ranking = sage.rank_plays(before.position, session.dice)  # type: ignore[arg-type]
        assert [str(item.play) for item in ranking[:2]] == ["8/3 6/3", "24/21 13/8"]

        # h: every play ranked by bgsage, best first; the arrows show each on the board; h again closes.
        await pilot.press("h")
        await play_settled(pilot)
        hints = screen.query_one("#hints", OptionList)
        assert hints.display and hints.option_count == len(ranking)
        lines = [str(hints.get_option_at_index(index).prompt) for index in range(hints.option_count)]
        heads = [line.split("\n")[0] for line in lines]  # "★ 1. 8/3 6/3          +0.053"
        shown = [(head[5:].rsplit(" ", 1)[0].strip(), head.rsplit(" ", 1)[1]) for head in heads]
        assert shown == [(str(item.play), f"{item.equity:+.3f}") for item in ranking]
        assert heads[0].startswith("★ 1. ") and not any("★" in head for head in heads[1:])
        assert "Hint: The best play is 8/3 6/3" in str(screen.feedback.render())
        await pilot.press("down")
        assert screen.board.scene.position == ranking[1].play.result
        assert screen.board.scene.caption == f"Hint 2: 24/21 13/8 ({ranking[1].equity:+.3f})"
        await pilot.press("h")
        await pilot.pause()
        assert not hints.display and screen.board.scene.position == before.position and screen.board.scene.caption == ""

        # A very bad play by bgsage's count: the tutor stops on it with both equities and the better play.
        await type_play(pilot, "24/21 8/3")
        await pilot.press("enter")
        await play_settled(pilot)
        feedback = str(screen.feedback.render())
        loss = ranking[0].equity - next(item.equity for item in ranking if str(item.play) == "24/21 8/3")
        assert loss >= 0.16 and "Very bad play: 24/21 8/3" in feedback and "against 8/3 6/3" in feedback
        assert screen.board.scene.caption == f"Better: 8/3 6/3 ({ranking[0].equity:+.3f})"
        assert isinstance(session.events[-1], Played) and "z takes it back" in text_of(screen, "#play-status")

        # z: the play is taken back, the same 5-3 to play again; the better play passes the tutor.
        await pilot.press("z")
        await play_settled(pilot)
        assert session.state == before and screen.paused is None
        assert "Took back your play 24/21 8/3" in text_of(screen, "#play-info")
        await type_play(pilot, "8/3 6/3")
        await pilot.press("enter")
        await play_settled(pilot, lambda: session.waiting_for is not Waiting.COMPUTER)
        assert session.waiting_for is Waiting.ROLL and screen.paused is None
        assert [type(event) for event in session.events[-3:]] == [Played, Rolled, Played]  # bgsage's reply
        reply = session.events[-1]
        assert reply.side is Side.O and reply.dice is not None
        assert reply.play in legal_plays(reply.before.position, reply.dice)
        state, record = session.state, session.record
        await pilot.press("ctrl+q")  # the app closed in the middle of the game
    assert not app.is_running

    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        menu = await open_play_menu(pilot)
        options = menu.query_one("#play-menu", OptionList)
        assert str(options.get_option_at_index(0).prompt).startswith(
            "Resume: money game against the computer (intermediate)"
        )
        await pilot.press("enter")
        await play_settled(pilot)
        resumed = again.screen
        assert isinstance(resumed, PlayScreen) and isinstance(resumed.game, Session)
        assert resumed.game.id == session.id and resumed.game.state == state and resumed.game.record == record
        assert "Game 1 resumed where it was." in text_of(resumed, "#play-info")
        assert "Your turn: roll" in text_of(resumed, "#play-status")
        await pilot.press("r")  # and the game goes on with bgsage
        await play_settled(pilot)
        assert resumed.game.waiting_for is Waiting.MOVE and resumed.playing is not None


async def test_a_forced_roll_is_announced_and_the_hint_gives_the_cube_decision_before_rolling(tmp_path: Path) -> None:
    evaluator = CheapEvaluator()
    session = Session.new(0, seed=196, evaluator=evaluator)
    session.play(session.legal_plays()[0])  # two turns each; the learner's third roll is a 6-6 that only plays 8/2(2)
    session.computer_turn()
    session.roll()
    session.play(session.legal_plays()[0])
    session.computer_turn()
    assert session.waiting_for is Waiting.ROLL
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=SIZE) as pilot:
        screen = PlayScreen(session)
        await app.push_screen(screen)
        await play_settled(pilot)

        # Before rolling, h gives the cube decision with its three equities.
        decision = evaluator.cube_decision(session.state.position)
        await pilot.press("h")
        await play_settled(pilot)
        hint = str(screen.feedback.render())
        assert "Hint: Don't double: roll." in hint and f"Your equity: no double {decision.no_double:+.3f}" in hint
        assert not screen.query_one("#hints", OptionList).display

        await pilot.press("r")
        await play_settled(pilot)
        assert session.dice is not None and tuple(session.dice) == (6, 6)
        assert screen.feedback.verdict == "info" and (
            "Forced: 8/2(2) is the only legal play. Only two of your four 6s can be played; the rest of the roll is "
            "lost." in str(screen.feedback.render())
        )
        assert text_of(screen, "#play-status").startswith("You play 6-6: move on the board")
        await pilot.press("h")
        await play_settled(pilot)
        hints = screen.query_one("#hints", OptionList)
        assert hints.option_count == 1 and str(hints.get_option_at_index(0).prompt).startswith("★ 1. 8/2(2) ")
        await pilot.press("h")
        await click_point(pilot, 8)
        await click_point(pilot, 2)
        await click_point(pilot, 8)
        await click_point(pilot, 2)
        assert str(screen.complete) == "8/2(2)"
        await pilot.press("enter")
        await play_settled(pilot, lambda: session.waiting_for is not Waiting.COMPUTER)
        assert session.events[-3].play is not None and str(session.events[-3].play) == "8/2(2)"


async def test_a_learner_s_roll_is_searched_once_on_the_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From r to the play confirmed (the roll explained, the turn played on the board, the play checked), the move
    generator searches the learner's roll once: everything starts from the game's own legal plays."""
    evaluator = CheapEvaluator()
    session = Session.new(0, seed=1, evaluator=evaluator, tutor=False)
    while session.waiting_for is not Waiting.ROLL:
        decide(session)
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=SIZE) as pilot:
        screen = PlayScreen(session)
        await app.push_screen(screen)
        await play_settled(pilot)
        searches = Searches(monkeypatch)
        await pilot.press("r")
        await play_settled(pilot)
        position, dice = session.state.position, session.dice
        assert session.waiting_for is Waiting.MOVE and dice is not None and screen.playing is not None
        play = session.legal_plays()[-1]
        for move in play.moves:
            await click_point(pilot, move.start)
            await click_point(pilot, move.end)
        assert screen.complete == play
        await pilot.press("enter")
        await play_settled(pilot, lambda: session.waiting_for is not Waiting.MOVE)
        assert any(isinstance(event, Played) and event.play == play for event in session.events)
        assert searches.of(position, dice) == 1


async def test_the_tutor_switched_off_and_on_with_t(tmp_path: Path) -> None:
    evaluator = CheapEvaluator()
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=SIZE) as pilot:
        screen, session = await start_five_three(pilot)
        assert session.tutor and title_of(screen).endswith("tutor on (T)")

        # Off: the bad play it flags when on goes through unremarked, and the setting is saved with the game.
        await pilot.press("T")
        await pilot.pause()
        assert not session.tutor and title_of(screen).endswith("tutor off (T)")
        stored = app.store.games.game(session.id)
        assert stored is not None and not SessionRecord.from_json(stored.record).settings.tutor
        await type_play(pilot, "24/21 8/3")
        await pilot.press("enter")
        await play_settled(pilot, lambda: session.waiting_for is not Waiting.COMPUTER)
        played = next(event for event in session.events if isinstance(event, Played))
        assert screen.paused is None and session.verdict(played) is None and str(played.play) == "24/21 8/3"
        assert session.waiting_for is Waiting.ROLL

        # On again: the next bad play is stopped on.
        await pilot.press("T")
        await pilot.pause()
        assert session.tutor and title_of(screen).endswith("tutor on (T)")
        await pilot.press("r")
        await play_settled(pilot)
        worst = evaluator.rank_plays(session.state.position, session.dice)[-1]  # type: ignore[arg-type]
        assert worst.difference <= -0.16
        await type_play(pilot, str(worst.play))
        await pilot.press("enter")
        await play_settled(pilot)
        assert screen.paused is not None and screen.paused.chosen_play == worst.play
        assert "Very bad play" in str(screen.feedback.render())
        assert [mistake.verdict.chosen for mistake in session.mistakes()] == [str(worst.play)]


async def test_money_options_are_chosen_in_the_menu_named_in_the_title_and_a_beaver_is_a_key(tmp_path: Path) -> None:
    """o cycles the money game's optional rules (neither, the Jacoby rule, beavers, both), which the menu and the
    game's title name; doubled with beavers on, b beavers: the learner takes and redoubles, keeping the cube."""
    evaluator = ScriptedCube()
    evaluator.cube = (0.0, 0.5, 1.0)  # the computer doubles at once
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=SIZE) as pilot:
        menu_screen = await open_play_menu(pilot)
        menu_screen.seed = 6
        menu = menu_screen.query_one("#play-menu", OptionList)

        def computer_line() -> str:
            return str(menu.get_option("new:computer").prompt)

        assert computer_line() == "Against the computer: backgammon, money game, intermediate"
        await pilot.press("o")
        await pilot.pause()
        assert computer_line() == "Against the computer: backgammon, money game (Jacoby rule), intermediate"
        await pilot.press("o", "o")
        await pilot.pause()
        assert computer_line() == "Against the computer: backgammon, money game (Jacoby rule and beavers), intermediate"
        await pilot.press("m")  # a match: the money options don't apply
        await pilot.pause()
        assert computer_line() == "Against the computer: backgammon, 1-point match, intermediate"
        await pilot.press("m", "m", "m", "m")  # round to the money game again
        await pilot.pause()
        menu.highlighted = menu.get_option_index("new:computer")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        await play_settled(pilot, lambda: screen.game.waiting_for is not Waiting.COMPUTER)
        assert "money game (Jacoby rule and beavers)" in title_of(screen)
        session = screen.game
        assert isinstance(session, Session) and session.settings.jacoby and session.settings.beavers
        await play_until_doubled(pilot, screen, session)
        assert session.waiting_for is Waiting.ANSWER and "beaver" in session.allowed
        assert screen.query_one("#cube-beaver").display
        await pilot.press("b")
        await play_settled(pilot)
        if screen.paused is not None:
            await pilot.press("enter")
            await play_settled(pilot)
        assert "beaver" in session.record.actions


# --- fixes: two copies of the app, local games, stale text ------------------------------------------------------


def finish_elsewhere(data_dir: Path, game_id: str) -> str:
    """Another copy of the app on the same folder plays the stored match on to its end and saves it; its record."""
    store = ProgressStore(data_dir)
    try:
        stored = store.games.game(game_id, fresh=True)
        assert stored is not None and not stored.finished
        session = Session.resume(stored.record, evaluator=CheapEvaluator())
        version = stored.version
        while not session.is_over:
            decide(session)
            version = PlayedGames(store).keep(session.save_info(), version)
        return session.record.to_json()
    finally:
        store.close()


async def test_a_second_copy_never_resumes_or_overwrites_a_match_another_copy_finished(tmp_path: Path) -> None:
    app = make_app(tmp_path, CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_from_menu(pilot, "new:computer", seed=3)
        game_id = screen.game.id
        await pilot.press("q")  # back to the menu, which offers the game
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PlayMenuScreen)
        options = menu.query_one("#play-menu", OptionList)
        assert options.get_option_at_index(0).id == f"resume:{game_id}"

        final = finish_elsewhere(tmp_path / "data", game_id)  # meanwhile, the other copy finishes the game

        await pilot.press("enter")  # the stale entry: read afresh, it is over, so it is not resumed
        await pilot.pause()
        assert app.screen is menu
        assert all(options.get_option_at_index(i).id != f"resume:{game_id}" for i in range(options.option_count))
    stored = ProgressStore(tmp_path / "data").games.game(game_id)
    assert stored is not None and stored.finished and stored.record == final


async def test_a_second_copy_playing_on_a_game_moved_on_elsewhere_keeps_the_newer_record(tmp_path: Path) -> None:
    app = make_app(tmp_path, CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_from_menu(pilot, "new:computer", seed=5)
        session = screen.game
        await type_play(pilot, str(session.legal_plays()[0]))  # the first decision: the game is saved
        await pilot.press("enter")
        await play_settled(pilot)
        final = finish_elsewhere(tmp_path / "data", session.id)  # the other copy plays it to its end meanwhile
        await pilot.press("enter" if screen.paused is not None else "r")  # the game goes on here: a save is due
        await play_settled(pilot)
        assert screen.stale  # told once, and nothing more is saved from here
        assert any("another bgtrainer" in str(notice.message) for notice in app._notifications)
    stored = ProgressStore(tmp_path / "data").games.game(session.id)
    assert stored is not None and stored.finished and stored.record == final


async def test_each_unfinished_local_game_is_kept_and_offered(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        first = await start_from_menu(pilot, "new:two-acey", seed=2)
        await pilot.press("r")  # a decision: the game is saved
        await play_settled(pilot)
        await pilot.press("q")
        await pilot.pause()
        second = await start_from_menu(pilot, "new:acey", seed=3)
        await pilot.press("q")
        await pilot.pause()
        options = app.screen.query_one("#play-menu", OptionList)
        ids = [options.get_option_at_index(index).id for index in range(options.option_count)]
        assert f"local:{first.game.id}" in ids and f"local:{second.game.id}" in ids
        lines = [str(options.get_option_at_index(index).prompt) for index in range(2)]
        assert any("two players" in line for line in lines) and any("against the computer" in line for line in lines)


async def test_closing_the_hints_or_a_cube_hint_leaves_no_stale_words(tmp_path: Path) -> None:
    evaluator = ScriptedCube()
    evaluator.cube = (0.0, 0.5, 1.0)  # the computer doubles at once
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=SIZE) as pilot:
        screen, session = await start_five_three(pilot)
        status = text_of(screen, "#play-status")
        await pilot.press("h")
        await play_settled(pilot)
        assert screen.query_one("#hints", OptionList).display and "Hint:" in str(screen.feedback.render())
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.query_one("#hints", OptionList).display
        assert not screen.feedback.display and text_of(screen, "#play-status") == status
        await play_until_doubled(pilot, screen, session)
        assert session.waiting_for is Waiting.ANSWER
        asked = text_of(screen, "#play-status")
        await pilot.press("h")
        await play_settled(pilot)
        assert "Looking for the best" not in text_of(screen, "#play-status")
        assert text_of(screen, "#play-status") == asked and "Hint:" in str(screen.feedback.render())


async def test_after_the_game_no_take_back_is_offered_and_a_pass_ends_on_the_summary_in_view(tmp_path: Path) -> None:
    """The learner doubles and the computer passes: the money game is over. Its summary is shown and scrolled into
    view, even in the smallest window, and Take back is no longer offered (the double was no mistake)."""
    evaluator = ScriptedCube()
    evaluator.cube = (0.7, 1.4, 1.0)  # double: the computer passes
    app = make_app(tmp_path, evaluator)
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session.new(0, seed=3, evaluator=evaluator)
        while session.waiting_for is not Waiting.ROLL:  # to the learner's first turn to roll
            if session.waiting_for is Waiting.COMPUTER:
                session.computer_turn()
            else:
                session.play(session.legal_plays()[0])
        screen = PlayScreen(session)
        await app.push_screen(screen)
        await play_settled(pilot)
        await pilot.press("d")
        summary = screen.query_one("#summary", Static)
        await play_settled(pilot, lambda: session.is_over and summary.display)
        assert session.results[0].passed and session.can_take_back  # the session itself could take it back
        assert text_of(screen, "#summary").startswith("You won a single game for 1 point")
        panel = screen.query_one(".task-panel")
        await settle(pilot, lambda: panel.region.contains_region(summary.region), what="the summary in view")
        assert not screen.check_action("take_back", ()) and not screen.query_one("#take-back").display


async def test_two_players_a_pass_ends_on_the_summary(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_from_menu(pilot, "new:two-standard", seed=1)
        game = screen.game
        await type_play(pilot, str(game.legal_plays()[0]))  # Player 2's opening roll
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("d")  # Player 1 doubles, Player 2 passes: the game is over
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert game.is_over
        summary = screen.query_one("#summary", Static)
        assert summary.display and text_of(screen, "#summary") == (
            "Player 1 won a single game for 1 point (the double was passed)."
        )
        assert not screen.check_action("take_back", ()) and not screen.query_one("#take-back").display
