"""Review a game in the app: a match file analysed (with the instant evaluator of ``tests/play_support.py``) and its
figures shown, the decisions stepped through, the mistakes put first, the best play shown; the menu's games played
here and a match file opened by its path (a bad one said on the page); a player's mistakes drilled; an analysis that
fails or is left."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pilot_support import board_of, feedback_text, idle, option_lines, settle, static_texts
from play_support import CheapEvaluator, decide
from test_translation_walk import english_words, pseudo_language, screen_text
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from trainer.analysis import CubeDecision, CubeOwner, Evaluator, GameContext, RankedPlay
from trainer.engine import Dice, Position
from trainer.play import Session, Waiting
from trainer.play.analyse import DecisionKind, MatchAnalysis, analyse_match
from trainer.play.match_file import read_match_file
from trainer.play.matfile import MatMatch
from trainer.shared.skill import Skill
from trainer.training.service import PlayedGames
from trainer.tui.app import TrainerApp
from trainer.tui.scenes import seen_by_x
from trainer.tui.screens.game_review import GameReviewMenuScreen, GameReviewScreen

__all__ = ["pseudo_language"]  # a fixture of test_translation_walk's, used here

MATCH_FILE = Path(__file__).parent / "data" / "gnubg_mat" / "match.gnubg.mat"
SIZE = (120, 40)


def make_app(tmp_path: Path, evaluator: Evaluator | None = None) -> TrainerApp:
    """The app with the instant evaluator (or ``evaluator``) and no lessons or puzzles to load."""
    empty = tmp_path / "content"
    empty.mkdir(exist_ok=True)
    chosen = evaluator if evaluator is not None else CheapEvaluator()
    return TrainerApp(data_dir=tmp_path / "data", lessons_dir=empty, puzzles_dir=empty, evaluator=chosen)


def panel(app: TrainerApp) -> str:
    """The review's panel: the figures, the decision's heading and its text."""
    return "\n".join(static_texts(app, "#review-summary", "#review-heading", "#review-decision"))


def title(app: TrainerApp) -> str:
    return static_texts(app, "#task-title")[0]


async def open_review(pilot: Pilot[None], learner: int | None = None) -> GameReviewScreen:
    """The review of the test match file, once analysed."""
    screen = GameReviewScreen(read_match_file(MATCH_FILE), MATCH_FILE.name, learner)
    await pilot.app.push_screen(screen)
    await idle(pilot, lambda: screen.analysed)
    return screen


def expected_analysis() -> MatchAnalysis:
    return analyse_match(read_match_file(MATCH_FILE), CheapEvaluator())


async def test_a_match_file_is_analysed_then_shown_decision_by_decision(tmp_path: Path) -> None:
    expected = expected_analysis()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_review(pilot)
        said = panel(app)
        assert "5-point match, 3 games, analysed at 2 plies" in said
        for column in (0, 1):
            figures = expected.summary(column)
            rate = figures.error_rate
            errors = f"{figures.errors[Skill.DOUBTFUL]} doubtful, {figures.errors[Skill.BAD]} bad"
            assert f"{figures.player}: {figures.rating.word} (error rate {figures.millipoints:.1f} millipoints" in said
            assert f"{rate.decisions} decisions ({rate.play_decisions} checker plays" in said and errors in said
        assert "▸ Ada" in said  # a file's right-hand player is drilled until 1 or 2 chooses

        # In the match's order, from the first decision; the arrows (and h, l) step through them.
        first, second = expected.listed[:2]
        assert screen.current == first and "1 of 147, in order" in title(app)
        heading = "Game 1, move 1: bgtrainer, 6-2\nPoints counted from bgtrainer's side."
        assert f"{heading}\nPlayed: {first.played}" in panel(app)
        assert not screen.check_action("step", (-1,))
        await pilot.press("right")
        assert screen.current == second and "2 of 147" in title(app)
        assert f"Played: {second.played}" in panel(app) and f"Best: {second.best}" in panel(app)
        await pilot.press("h")
        assert screen.current == first

        # m: the mistakes first, the biggest first, and back to the match's order at the decision shown.
        await pilot.press("m")
        worst = expected.worst(1)[0]
        assert screen.current == worst and "1 of 147, mistakes first" in title(app)
        assert f"{worst.loss:.3f} lost (very bad)" in panel(app)
        while screen.current is not None and screen.current.kind is not DecisionKind.MOVE:
            await pilot.press("l")
        move = screen.current
        assert move is not None and move.skill is not Skill.GOOD

        # v: the best play on the board instead of the one made, and back.
        board = board_of(app)
        assert move.point.play is not None and move.verdict.best_play is not None
        side = move.point.side
        assert board.scene.position == seen_by_x(move.point.play.result, side)
        assert board.scene.caption.startswith(f"{move.player}: {move.played}")
        await pilot.press("v")
        assert board.scene.position == seen_by_x(move.verdict.best_play.result, side)
        assert board.scene.caption.startswith(f"Best: {move.best}")
        assert move.why() and move.why() in panel(app)
        await pilot.press("v")
        assert board.scene.position == seen_by_x(move.point.play.result, side)

        await pilot.press("m")
        assert screen.current == move and "in order" in title(app)
        await pilot.press("q")
        assert app.screen is not screen


async def test_the_menu_lists_the_games_played_here_and_opens_a_match_file(tmp_path: Path) -> None:
    session = Session.new(3, "beginner", seed=10, evaluator=CheapEvaluator(), tutor=False)
    while len(session.events) < 30 and session.waiting_for is not Waiting.OVER:
        decide(session)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        PlayedGames(app.store).keep(session.save_info(), 0)
        menu = GameReviewMenuScreen()
        await app.push_screen(menu)
        await idle(pilot)
        lines = option_lines(app, "#review-games")
        assert lines[0].startswith("Game 1: 3-point match against the computer (beginner), started ")
        assert lines[0].endswith(", under way")
        assert lines[-1] == "Open a match file…"

        # A bad path is said on the page, and stays in the box to correct; a good one opens the review.
        await pilot.press("o")
        box = app.screen.query_one("#match-path", Input)
        assert box.has_focus
        missing = tmp_path / "nowhere.mat"
        box.value = str(missing)
        await pilot.press("enter")
        await idle(pilot)  # the file is read in a worker
        problem = static_texts(app, "#review-problem")[0]
        assert problem.startswith("cannot read") and "No such file" in problem
        assert app.screen is menu and box.value == str(missing)
        box.value = str(MATCH_FILE)
        await pilot.press("enter")
        await idle(pilot, lambda: isinstance(app.screen, GameReviewScreen))
        review = app.screen
        assert isinstance(review, GameReviewScreen) and review.learner is None
        await idle(pilot, lambda: review.analysed)
        assert f"Review · {MATCH_FILE.name}" in title(app)
        await pilot.press("q")
        assert app.screen is menu and not app.screen.query_one("#review-problem").display

        # The game played here: the learner is its right-hand player.
        await pilot.press("escape")  # from the box back to the list
        assert app.screen.query_one("#review-games", OptionList).has_focus
        app.screen.query_one("#review-games", OptionList).highlighted = 0
        await pilot.press("enter")
        await idle(pilot, lambda: isinstance(app.screen, GameReviewScreen))
        review = app.screen
        assert isinstance(review, GameReviewScreen) and review.learner == 1
        await idle(pilot, lambda: review.analysed)
        assert "Review · Game 1, 3-point match" in title(app)
        assert "d drills your mistakes" in panel(app) and not review.check_action("choose_player", (0,))
        # Its players named as the game named them, and the points counted from the side of each mover.
        said = panel(app)
        assert "Computer: " in said and "▸ You: " in said and "Learner" not in said and "bgtrainer" not in said
        assert board_of(app).scene.names == ("You", "Computer")
        sides = {"You": "Points counted from your side.", "Computer": "Points counted from Computer's side."}
        seen = set()
        for _step in range(4):
            item = review.current
            assert item is not None and item.player in sides
            assert f": {item.player}, " in panel(app) and sides[item.player] in panel(app)
            seen.add(item.player)
            await pilot.press("right")
        assert seen == set(sides)


async def test_d_makes_the_chosen_players_mistakes_reviews(tmp_path: Path) -> None:
    expected = expected_analysis()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_review(pilot)
        await pilot.press("1")
        assert screen.drilled == 0 and "▸ bgtrainer" in panel(app)
        await pilot.press("d")
        added = len(app.store.personal.personal_puzzles())
        assert added and feedback_text(app) == f"✓ {added} mistakes of bgtrainer added to your reviews."
        mistakes = sum(expected.summary(0).errors.values())
        assert added <= mistakes
        await pilot.press("d")
        assert "Nothing new to add: the mistakes of bgtrainer" in feedback_text(app)
        assert len(app.store.personal.personal_puzzles()) == added


class FailingEvaluator(CheapEvaluator):
    """Fails on its third evaluation."""

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        if self.rank_calls >= 2:
            raise RuntimeError("the evaluator broke")
        return super().rank_plays(position, dice, plies, cube=cube, context=context)


class GatedEvaluator(CheapEvaluator):
    """Says when it starts its first evaluation, and waits until it is let go."""

    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()
        self.gate = threading.Event()

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        self.wait()
        return super().cube_decision(position, plies, cube=cube, context=context)

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        self.wait()
        return super().rank_plays(position, dice, plies, cube=cube, context=context)

    def wait(self) -> None:
        self.started.set()
        assert self.gate.wait(10), "never let go"


async def test_a_failed_analysis_is_said_and_a_review_left_stops_its_analysis(tmp_path: Path) -> None:
    app = make_app(tmp_path, FailingEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        screen = GameReviewScreen(read_match_file(MATCH_FILE), MATCH_FILE.name, None)
        await app.push_screen(screen)
        await settle(pilot, lambda: "The analysis stopped: the evaluator broke" in feedback_text(app))
        assert not screen.analysed and not screen.check_action("step", (1,)) and not screen.check_action("drill", ())

    gated = GatedEvaluator()
    app = make_app(tmp_path, gated)
    async with app.run_test(size=SIZE) as pilot:
        screen = GameReviewScreen(read_match_file(MATCH_FILE), MATCH_FILE.name, None)
        await app.push_screen(screen)
        await settle(pilot, gated.started.is_set)
        await pilot.press("q")
        assert app.screen is not screen and screen.stopped.is_set()
        gated.gate.set()
        await idle(pilot)
        assert gated.rank_calls + gated.cube_calls <= 1  # the decision under way, and no other


async def test_the_review_shows_no_english_in_the_pseudo_language(tmp_path: Path, pseudo_language: None) -> None:
    """Every word the menu and the review write goes through the translation function (the players' names and the
    file's name are the file's)."""
    from_the_file = {"Ada", "match", "gnubg", "mat"}
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:

        def check(where: str) -> None:
            text = screen_text(pilot)
            words = [word for word in english_words(text) if word not in from_the_file]
            assert words == [], f"{where}: English on the screen: {sorted(set(words))}\n{text}"

        await app.push_screen(GameReviewMenuScreen())
        await idle(pilot)
        await pilot.press("o")
        not_a_match = tmp_path / "x1.mat"
        not_a_match.write_text("1 2 3\n")
        app.screen.query_one("#match-path", Input).value = str(not_a_match)
        await pilot.press("enter")
        await idle(pilot)
        assert static_texts(app, "#review-problem")[0]
        check("the menu, a file that is no match")
        screen = GameReviewScreen(read_match_file(MATCH_FILE), MATCH_FILE.name, None)
        await app.push_screen(screen)
        await idle(pilot, lambda: screen.analysed)
        check("the review")
        for keys in (("right", "v"), ("m",), ("right", "right"), ("2", "d")):
            for key in keys:
                await pilot.press(key)
            check(f"the review after {' '.join(keys)}")


async def test_a_match_file_is_read_in_a_worker_while_the_keys_keep_working(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading a file happens off the event loop: while it lasts the page says so and the app still answers (here
    the box is left and the list focused); then the review opens."""
    reading, let_go = threading.Event(), threading.Event()

    def slow_read(path: Path) -> MatMatch:
        reading.set()
        assert let_go.wait(10), "never let go"
        return read_match_file(path)

    monkeypatch.setattr("trainer.tui.screens.game_review.read_match_file", slow_read)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = GameReviewMenuScreen()
        await app.push_screen(menu)
        await idle(pilot)
        await pilot.press("o")
        menu.query_one("#match-path", Input).value = str(MATCH_FILE)
        await pilot.press("enter")
        await settle(pilot, reading.is_set)
        assert static_texts(app, "#review-problem") == ["Reading the match…"]
        await pilot.press("escape")  # the event loop is free: the key is handled at once
        assert menu.query_one("#review-games", OptionList).has_focus and app.screen is menu
        let_go.set()
        await idle(pilot, lambda: isinstance(app.screen, GameReviewScreen))


async def test_the_replay_of_the_games_shows_its_progress_before_the_decisions_are_judged(tmp_path: Path) -> None:
    gated = GatedEvaluator()
    app = make_app(tmp_path, gated)
    async with app.run_test(size=SIZE) as pilot:
        screen = GameReviewScreen(read_match_file(MATCH_FILE), MATCH_FILE.name, None)
        await app.push_screen(screen)
        await settle(pilot, gated.started.is_set)  # every game replayed, the first decision being judged
        await settle(pilot, lambda: "3/3 games replayed" in static_texts(app, "#review-decision")[0])
        gated.gate.set()
        await idle(pilot, lambda: screen.analysed)


def test_a_decision_shows_the_analysis_the_file_carried() -> None:
    """GNU Backgammon's .sgf keeps its own analysis: the panel shows its line under ours, naming the program."""
    from trainer.tui.screens.game_review import decision_text

    analysis = analyse_match(
        read_match_file(Path(__file__).parent / "data" / "analyse" / "gnubg-match3.sgf"), CheapEvaluator()
    )
    carried = [item for item in analysis.decisions if item.file_analysis is not None]
    assert carried and analysis.analysed_by == "GNU Backgammon"
    move = next(item for item in carried if item.kind is DecisionKind.MOVE and item.counts)
    text = decision_text(move, analysis.analysed_by)
    assert text.splitlines()[0].startswith("Played: ")
    assert f"GNU Backgammon's analysis in the file ({move.file_analysis.level}): best " in text.splitlines()[-1]
    assert decision_text(move, "").splitlines()[-1].startswith("The file's own analysis (")
    plain = next(item for item in analysis.decisions if item.file_analysis is None)
    assert "analysis in the file" not in decision_text(plain, analysis.analysed_by)
