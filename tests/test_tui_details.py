"""Smaller promises of the board and the answer boxes: doubles shown as four dice faces, bearing off lit in the tray,
an empty answer ignored, escape leaving the answer box, answers after the solution not counted as solved."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from pilot_support import click_point, settle
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from trainer.content.loader import load_lessons
from trainer.content.models import PlayStep, RollStep
from trainer.content.puzzles import Puzzle, load_puzzles
from trainer.engine import OFF
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.screens.puzzles import PuzzleScreen
from trainer.tui.widgets.board import DIE_FACES, BoardView

LESSONS = load_lessons().lessons
PUZZLES = load_puzzles().puzzles


def play_step(test: object, kind: type = PlayStep) -> tuple[int, int]:
    """The (lesson index, step index) of the first play step (or step of ``kind``) meeting ``test``."""
    for lesson_index, lesson in enumerate(LESSONS):
        for index, step in enumerate(lesson.steps):
            if isinstance(step, kind) and test(step):  # type: ignore[operator]
                return lesson_index, index
    raise AssertionError("no such step")


async def open_step(pilot: Pilot[None], lesson_index: int, index: int) -> LessonScreen:
    """The lesson screen showing that step, once the content has loaded."""
    await pilot.app.workers.wait_for_complete()
    screen = LessonScreen(LESSONS[lesson_index], start_step=index)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


def puzzle_where(test: object) -> Puzzle:
    return next(puzzle for puzzle in PUZZLES if test(puzzle))  # type: ignore[operator]


def dice_styles(board: BoardView) -> list[str]:
    """The dice on the middle line, as "die" or "used" by their style."""
    text = board.render()
    die = board.get_component_rich_style("board--die", partial=True)
    used = board.get_component_rich_style("board--used-die", partial=True)
    shown = []
    for span in text.spans:
        face = text.plain[span.start : span.end].strip()
        if face and face in DIE_FACES:
            style = span.style
            shown.append("die" if style == die else "used" if style == used else "?")
    return shown


async def test_a_tie_on_the_opening_throw_shows_two_single_dice_not_a_double(tmp_path: Path) -> None:
    """Each side throws one die for who starts: a 4 and a 4 are two dice to compare, never a 4-4 to play."""
    lesson_index, index = play_step(lambda step: step.throws[0][0] == step.throws[0][1], RollStep)
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        board = (await open_step(pilot, lesson_index, index)).query_one(BoardView)
        assert dice_styles(board) == []  # nothing thrown yet
        await pilot.press("r")
        await pilot.pause()
        die = LESSONS[lesson_index].steps[index].throws[0][0]  # type: ignore[union-attr]
        assert dice_styles(board) == ["die", "die"]
        assert board.render().plain.count(DIE_FACES[die - 1]) == 2 and f"{die}-{die}" not in board.render().plain


async def test_a_double_shows_four_dice_and_strikes_each_one_used(tmp_path: Path) -> None:
    lesson_index, index = play_step(lambda step: step.roll()[0] == step.roll()[1])
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await open_step(pilot, lesson_index, index)
        board = screen.query_one(BoardView)
        die = board.scene.dice[0]
        assert dice_styles(board) == ["die"] * 4
        assert board.render().plain.count(DIE_FACES[die - 1]) == 4
        assert screen.playing is not None
        first = screen.playing.turn.plays[0].moves[0]
        await pilot.click(BoardView, offset=board.offset_of(first.start))
        await pilot.click(BoardView, offset=board.offset_of(first.end))
        await pilot.pause()
        assert dice_styles(board) == ["used", "die", "die", "die"] and board.scene.used_dice == (die,)


async def test_bearing_off_lights_the_tray_even_when_checkers_are_already_off(tmp_path: Path) -> None:
    def can_bear_off_at_once(p: Puzzle) -> bool:
        position = p.board()
        highest = max(point for point in range(1, 7) if position.player[point])
        return position.player_off > 0 and max(p.roll()) >= highest

    puzzle = puzzle_where(lambda p: p.kind == "bearoff" and can_bear_off_at_once(p))
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await app.workers.wait_for_complete()
        screen = PuzzleScreen([puzzle])
        await app.push_screen(screen)
        board = screen.query_one(BoardView)
        position = puzzle.board()
        highest = max(point for point in range(1, 7) if position.player[point])
        await click_point(pilot, highest)
        assert OFF in board.scene.targets
        assert f"◇{position.player_off}" in board.render().plain


async def test_an_empty_answer_is_ignored_not_graded(tmp_path: Path) -> None:
    puzzle = puzzle_where(lambda p: p.answers == ["pass"])
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await app.workers.wait_for_complete()
        screen = PuzzleScreen([puzzle])
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("slash", "enter")
        await pilot.pause()
        assert not screen.query_one("#feedback", Static).display and not screen.done
    store = ProgressStore(tmp_path)
    assert store.puzzles.puzzle_attempts(puzzle.id) == []
    store.close()


async def test_escape_while_typing_leaves_the_box_not_the_lesson(tmp_path: Path) -> None:
    lesson_index, index = play_step(lambda step: True)
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await open_step(pilot, lesson_index, index)
        await pilot.press("slash")
        assert isinstance(app.focused, Input)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and isinstance(app.focused, BoardView)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


async def test_answers_after_seeing_the_solution_do_not_count_as_solved(tmp_path: Path) -> None:
    puzzle = puzzle_where(lambda p: p.kind == "forced" and p.answers != ["pass"])
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await app.workers.wait_for_complete()
        screen = PuzzleScreen([puzzle])
        screen.solution_step_seconds = 0.01
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot, lambda: screen.replay is None or not screen.playing or screen.playing.turn.is_complete)
        feedback = screen.query_one("#feedback", Static)
        assert feedback.has_class("info") and str(feedback.render()).startswith("Solution: ")
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("slash", *[key if key != " " else "space" for key in puzzle.answers[0]], "enter")
        await pilot.pause()
        assert feedback.has_class("right")
    store = ProgressStore(tmp_path)
    # Asking for the solution before answering counts as a miss (rated, and the puzzle comes back for review).
    shown, attempt = store.puzzles.puzzle_history(puzzle.id)
    assert (shown.answer, shown.correct, shown.revealed) == ("solution", False, False)
    assert attempt.correct and attempt.revealed and attempt.answer == puzzle.answers[0]
    assert puzzle.id not in store.puzzles.solved_puzzles()
    assert store.reviews.review_card(f"puzzle:{puzzle.id}") is not None
    store.close()


async def test_home_highlights_the_first_lesson_not_yet_done(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    for step in LESSONS[0].graded_steps:
        store.lessons.complete_step(LESSONS[0].progress_key, step, first_try=True)
    store.close()
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        menu = app.screen.query_one("#home-menu", OptionList)
        assert menu.highlighted == 1
        assert "done" in str(menu.get_option_at_index(0).prompt)


async def test_the_chosen_theme_is_kept_for_the_next_session(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await app.workers.wait_for_complete()
        assert app.theme == "textual-dark"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"
    again = TrainerApp(data_dir=tmp_path)
    async with again.run_test(size=(110, 34)) as pilot:
        await again.workers.wait_for_complete()
        await pilot.pause()
        assert again.theme == "textual-light"


async def test_the_footer_shows_the_keys_in_the_frame_they_change() -> None:
    """The footer renders the screen's keys as one value, worked out as soon as the keys change: nothing is composed
    or mounted, so it never lags the screen."""
    from textual.app import App, ComposeResult
    from textual.binding import BindingType

    from trainer.tui.widgets.footer import KeysFooter

    class FooterApp(App[None]):
        BINDINGS: ClassVar[list[BindingType]] = [("x", "bell", "Ring"), ("y", "toggle_dark", "Dark")]
        ringing = True

        def compose(self) -> ComposeResult:
            yield KeysFooter()

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            return self.ringing if action == "bell" else True

    app = FooterApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.query_one(KeysFooter)
        assert [hint.description for hint in footer.hints] == ["Ring", "Dark"]
        app.ringing = False
        app.screen.refresh_bindings()
        await pilot.pause()
        assert [hint.description for hint in footer.hints] == ["Dark"]
        assert " x Ring" not in str(footer.render()) and " y Dark" in str(footer.render())
