"""Every shipped lesson walked through, driven by the lesson data: for each graded task a wrong or illegal attempt
gets feedback, then a correct one is right.

Every lesson's every step is answered through its step view (:mod:`trainer.tui.steps`, what the screen asks of a
step), without the app; a few lessons that hold every kind of step are also completed end to end in the app: the
first task of each kind answered as a learner does it, with clicks and keys through Pilot, the others through the
screen's own handlers; the lesson ends on its summary (stars, practice sets, the next lesson) and home moves on to
the next lesson."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot_support import (
    click_button,
    click_point,
    feedback_of,
    open_lesson,
    settle,
    type_at_once,
    type_play,
    type_text,
)
from textual.pilot import Pilot
from textual.widgets import Button, Input, Markdown, OptionList, Static

from trainer.content.best import best_figures
from trainer.content.counting import count_of
from trainer.content.cube import CUBE_ANSWERS
from trainer.content.grading import Feedback, echo, pick_targets, read_step_board, right_doubles, successful_plays
from trainer.content.loader import load_lessons
from trainer.content.models import (
    BestStep,
    ChooseStep,
    CubeStep,
    DoubleStep,
    Lesson,
    PickStep,
    PipsStep,
    PlayStep,
    ReadStep,
    RollStep,
    ScoreStep,
    SetupStep,
    ShotsStep,
)
from trainer.content.puzzles import practice_set
from trainer.content.scoring import work_out
from trainer.content.themes import THEME_TITLES
from trainer.engine import Play, Position, legal_plays
from trainer.practice import schedule
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.steps import StepView, Task, view_for
from trainer.tui.widgets.board import BoardView
from trainer.tui.widgets.cube import CUBE_KEYS, CubeAction, CubeActions
from trainer.tui.widgets.scene import TurnCue

LIBRARY = load_lessons()
START = Position.start()


def expect(app: TrainerApp, verdict: str) -> str:
    widget = feedback_of(app)
    assert widget.has_class(verdict), f"expected {verdict} feedback, got {widget.render()!s}"
    return str(widget.render())


# --- a learner's clicks and keys ----------------------------------------------------------------------------


async def select_option(pilot: Pilot[None], options: OptionList, shown: int) -> None:
    options.focus()
    options.highlighted = shown
    await pilot.press("enter")
    await pilot.pause()


# --- the same through the screen's handlers -------------------------------------------------------------------


def choose_point(screen: LessonScreen, point: int, *, secondary: bool = False) -> None:
    """What a click on ``point`` does: Textual calls the task screen's handler and the lesson screen's."""
    event = BoardView.PointChosen(screen.board, point, secondary=secondary)
    TaskScreen.on_board_view_point_chosen(screen, event)
    LessonScreen.on_board_view_point_chosen(screen, event)


def submit(screen: LessonScreen, text: str) -> None:
    screen.notation.value = text
    screen.on_input_submitted(Input.Submitted(screen.notation, text))


def select(screen: LessonScreen, options: OptionList, shown: int) -> None:
    option = options.get_option_at_index(shown)
    screen.on_option_list_option_selected(OptionList.OptionSelected(options, option, shown))


# --- one step of each kind ----------------------------------------------------------------------------------


def wrong_point(step: PickStep) -> int:
    targets = pick_targets(step)
    return next(point for point in [*range(1, 25), 25] if point not in targets)


async def do_pick(pilot: Pilot[None], screen: LessonScreen, step: PickStep, *, real: bool) -> None:
    right = min(pick_targets(step))
    if real:
        await click_point(pilot, wrong_point(step))
    else:
        choose_point(screen, wrong_point(step))
    said = " ".join(expect(pilot.app, "wrong").split())  # type: ignore[arg-type]
    assert said.startswith("✗ Not ") and said.endswith(" ".join((step.hint or step.prompt).split())), said
    if real:
        await click_point(pilot, right)
    else:
        choose_point(screen, right)
    expect(pilot.app, "right")  # type: ignore[arg-type]


async def do_choose(pilot: Pilot[None], screen: LessonScreen, step: ChooseStep, *, real: bool) -> None:
    options = screen.query_one("#options", OptionList)
    shown = [options.get_option_at_index(number).id for number in range(options.option_count)]
    assert sorted(shown, key=str) == sorted((str(index) for index in range(len(step.options))), key=str)
    wrong_index = next(index for index, option in enumerate(step.options) if not option.correct)
    right_index = next(index for index, option in enumerate(step.options) if option.correct)
    for index, verdict in ((wrong_index, "wrong"), (right_index, "right")):
        if real:
            await select_option(pilot, options, shown.index(str(index)))
        else:
            select(screen, options, shown.index(str(index)))
        explanation = " ".join(step.options[index].explanation.split())
        assert explanation in " ".join(expect(pilot.app, verdict).split())  # type: ignore[arg-type]


async def do_play(pilot: Pilot[None], screen: LessonScreen, step: PlayStep, *, real: bool) -> None:
    position = step.board()
    assert position is not None
    empty = next(point for point in range(24, 6, -1) if not position.player[point])
    if real:
        await type_play(pilot, f"{empty}/{empty - 1}")
    else:
        submit(screen, f"{empty}/{empty - 1}")
    assert "Illegal" in expect(pilot.app, "wrong")  # type: ignore[arg-type]
    assert screen.board.scene.position == position  # the checkers are back for another try
    assert not screen.answer_noted  # an illegal play is no answer
    missed = wrong_play(step)
    if missed is not None:
        await play_on_board(pilot, screen, missed, real=real)
        expect(pilot.app, "wrong")  # type: ignore[arg-type]
        assert screen.board.scene.position == position
    play = successful_plays(step)[0]
    await play_on_board(pilot, screen, play, real=real)
    expect(pilot.app, "right")  # type: ignore[arg-type]
    assert screen.board.scene.position == play.result


def wrong_play(step: PlayStep) -> Play | None:
    """A legal play that misses the step's goal, if the roll has one."""
    right = {play.result for play in successful_plays(step)}
    return next((play for play in legal_plays(*read_step_board(step)) if play.result not in right), None)


async def play_on_board(pilot: Pilot[None], screen: LessonScreen, play: Play, *, real: bool) -> None:
    """Play ``play`` on the board checker by checker: by clicks (``real``), else straight to the screen."""
    if real:
        screen.board.focus()
    for move in play.moves:
        if real:
            await click_point(pilot, move.start)
            await click_point(pilot, move.end)
        else:
            choose_point(screen, move.start)
            choose_point(screen, move.end)


async def do_best(pilot: Pilot[None], screen: LessonScreen, step: BestStep, *, real: bool) -> None:
    found = best_figures(step)
    left_out = found.first_left_out
    assert left_out is not None
    if real:
        await type_play(pilot, str(left_out.play))
    else:
        submit(screen, str(left_out.play))
    said = expect(pilot.app, "wrong")  # type: ignore[arg-type]
    assert "gives away" in said and str(found.figures[0].play) not in said.replace(str(left_out.play), "")
    assert screen.board.scene.position == step.board()  # the checkers are back for another try
    play = found.figures[0].play
    await play_on_board(pilot, screen, play, real=real)
    said = expect(pilot.app, "right")  # type: ignore[arg-type]
    assert "the best play" in said and "+" in said  # the figures are shown once answered
    assert screen.board.scene.position == play.result


async def do_setup(pilot: Pilot[None], screen: LessonScreen, *, real: bool) -> None:
    if real:
        await pilot.press("c")
        await pilot.pause()
    else:
        screen.action_check_setup()
    assert "Not yet" in expect(pilot.app, "wrong")  # type: ignore[arg-type]
    for point, count in ((24, 2), (13, 5), (8, 3), (6, 5)):
        for _ in range(count):
            if real:
                await click_point(pilot, point)
            else:
                choose_point(screen, point)
    if real:
        await pilot.press("c")
        await pilot.pause()
    else:
        screen.action_check_setup()
    expect(pilot.app, "right")  # type: ignore[arg-type]


async def do_roll(pilot: Pilot[None], screen: LessonScreen, step: RollStep, *, real: bool) -> None:
    async def key(name: str) -> None:
        if real:
            await pilot.press(name)
            await pilot.pause()
        elif name == "r":
            screen.action_roll()
        else:
            screen.action_starter(name.upper())

    await key("r")
    first_mine, first_theirs = step.throws[0]
    if first_mine == first_theirs:
        await key("x")
        assert "tie" in expect(pilot.app, "wrong")  # type: ignore[arg-type]
    else:
        await key("o" if first_mine > first_theirs else "x")
        expect(pilot.app, "wrong")  # type: ignore[arg-type]
    for _ in step.throws[1:]:
        await key("r")
    mine, theirs = step.throws[-1]
    await key("x" if mine > theirs else "o")
    expect(pilot.app, "right")  # type: ignore[arg-type]


async def do_cube(pilot: Pilot[None], screen: LessonScreen, step: CubeStep, *, real: bool) -> None:
    """The other answer first (wrong: the exact figures decide), then the step's own."""
    wrong = next(answer for answer in CUBE_ANSWERS[step.question] if answer != step.answer)
    for answer, verdict in ((wrong, "wrong"), (step.answer, "right")):
        if real:
            await pilot.press(CUBE_KEYS[answer])
            await pilot.pause()
        else:
            actions = screen.query_one(CubeActions)
            screen.answer_cube(CubeActions.Chosen(actions, CubeAction(answer)))
        said = expect(pilot.app, verdict)  # type: ignore[arg-type]
    assert " ".join(step.explanation.split()) in " ".join(said.split())


async def do_score(pilot: Pilot[None], screen: LessonScreen, step: ScoreStep, *, real: bool) -> None:
    right = work_out(step).answer
    if step.ask in ("points", "score"):
        wrong = str(int(right) + 1) if step.ask == "points" else "-".join(reversed(right.split("-")))
        if wrong == right:
            wrong = right.replace("-", "-1")
        await type_answers(pilot, screen, ((wrong, "wrong"), (right, "right")), real=real)
        return
    options = screen.query_one("#options", OptionList)
    shown = [options.get_option_at_index(number).id for number in range(options.option_count)]
    assert shown == ["answer:yes", "answer:no"]
    wrong = "no" if right == "yes" else "yes"
    for answer, verdict in ((wrong, "wrong"), (right, "right")):
        if real:
            await pilot.press("1" if answer == "yes" else "2")
            await pilot.pause()
        else:
            select(screen, options, shown.index(f"answer:{answer}"))
        expect(pilot.app, verdict)  # type: ignore[arg-type]


async def do_double(pilot: Pilot[None], screen: LessonScreen, step: DoubleStep, *, real: bool) -> None:
    right = right_doubles(step)
    wrong = next(number for number in range(1, 7) if number not in right)
    options = screen.query_one("#options", OptionList)
    for number, verdict in ((wrong, "wrong"), (right[0], "right")):
        if real:
            await pilot.press(str(number))
            await pilot.pause()
        else:
            select(screen, options, number - 1)
        expect(pilot.app, verdict)  # type: ignore[arg-type]


async def do_count(pilot: Pilot[None], screen: LessonScreen, step: ShotsStep | PipsStep, *, real: bool) -> None:
    right = str(count_of(step).answer)
    if real:
        await pilot.pause()  # the step may have been opened without the screen catching up
    await type_answers(pilot, screen, ((str(int(right) + 1), "wrong"), (right, "right")), real=real)


async def type_answers(
    pilot: Pilot[None], screen: LessonScreen, attempts: tuple[tuple[str, str], ...], *, real: bool
) -> None:
    """Answer a typed step with each text in turn, expecting its verdict: by key presses into the box (``real``),
    else straight to the screen."""
    for text, verdict in attempts:
        if real:
            assert pilot.app.focused is screen.notation  # the box takes the answer at once
            for character in text:
                await pilot.press(character)
            await pilot.press("enter")
            await pilot.pause()
        else:
            submit(screen, text)
        expect(pilot.app, verdict)  # type: ignore[arg-type]


async def complete_lesson(pilot: Pilot[None], lesson: Lesson) -> LessonScreen:
    """Answer every step, wrongly first; the first step of each kind with real clicks and keys."""
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen) and screen.lesson.id == lesson.id
    clicked: set[str] = set()
    for index, step in enumerate(lesson.steps):
        assert screen.index == index
        real = step.kind not in clicked
        clicked.add(step.kind)
        if isinstance(step, PickStep):
            await do_pick(pilot, screen, step, real=real)
        elif isinstance(step, ChooseStep):
            await do_choose(pilot, screen, step, real=real)
        elif isinstance(step, PlayStep):
            await do_play(pilot, screen, step, real=real)
        elif isinstance(step, SetupStep):
            await do_setup(pilot, screen, real=real)
        elif isinstance(step, RollStep):
            await do_roll(pilot, screen, step, real=real)
        elif isinstance(step, CubeStep):
            await do_cube(pilot, screen, step, real=real)
        elif isinstance(step, ScoreStep):
            await do_score(pilot, screen, step, real=real)
        elif isinstance(step, DoubleStep):
            await do_double(pilot, screen, step, real=real)
        elif isinstance(step, ShotsStep | PipsStep):
            await do_count(pilot, screen, step, real=real)
        elif isinstance(step, BestStep):
            await do_best(pilot, screen, step, real=real)
        else:
            assert isinstance(step, ReadStep)
        if real:
            await pilot.press("n")
            await pilot.pause()
        else:
            screen.action_next()  # the step's watchers run at once; the screen catches up at the next real step
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    return screen


def test_the_curriculum_numbers_its_lessons_from_one_with_ten_graded_tasks_each() -> None:
    assert LIBRARY.problems == []
    assert [lesson.number for lesson in LIBRARY.lessons] == list(range(1, len(LIBRARY.lessons) + 1))
    for lesson in LIBRARY.lessons:
        assert len(lesson.graded_steps) >= 10, lesson.id


END_TO_END = ("starting-position", "acey-deucey-roll", "cube-options", "counting", "race")
"""Lessons that hold every kind of step between them, walked in the app: the fewest steps that do."""


def test_the_lessons_walked_in_the_app_hold_every_kind_of_step() -> None:
    walked = {step.kind for lesson in LIBRARY.lessons if lesson.id in END_TO_END for step in lesson.steps}
    assert walked == {step.kind for lesson in LIBRARY.lessons for step in lesson.steps}


@pytest.mark.parametrize("lesson", LIBRARY.lessons, ids=[lesson.id for lesson in LIBRARY.lessons])
def test_every_step_of_every_lesson_is_graded_wrong_then_right_through_its_view(lesson: Lesson) -> None:
    for index, step in enumerate(lesson.steps):
        view = view_for(step, key=f"{lesson.id}/{index}")
        wrong, right = answers_through(view, step)
        where = f"{lesson.id} step {index + 1}"
        assert all(not feedback.correct for feedback in wrong), where
        assert right is None or right.correct, f"{where}: {right}"
        assert step.kind == "read" or right is not None, where


def answers_through(view: StepView[Task], step: object) -> tuple[list[Feedback], Feedback | None]:
    """A step answered through its view as the screen would: the wrong answers first, then the right one."""
    wrong: list[Feedback] = []
    right: Feedback | None = None
    if isinstance(step, PickStep):
        said = view.on_point(wrong_point(step))
        assert said is not None and " ".join((step.hint or step.prompt).split()) in " ".join(said.message.split())
        wrong.append(said)
        right = view.on_point(min(pick_targets(step)))
    elif isinstance(step, ChooseStep):
        ids = [option_id for option_id, _label in view.options()]
        assert sorted(ids) == sorted(str(index) for index in range(len(step.options)))
        wrong_index = next(index for index, option in enumerate(step.options) if not option.correct)
        right_index = next(index for index, option in enumerate(step.options) if option.correct)
        wrong.append(view.on_option(str(wrong_index)))  # type: ignore[arg-type]
        right = view.on_option(str(right_index))
    elif isinstance(step, PlayStep):
        position = step.board()
        assert position is not None
        empty = next(point for point in range(24, 6, -1) if not position.player[point])
        said = view.on_text(f"{empty}/{empty - 1}")
        assert isinstance(said, Feedback) and said.illegal
        wrong.append(said)
        play = successful_plays(step)[0]
        right = view.on_play(play, str(play))
    elif isinstance(step, SetupStep):
        wrong.append(view.on_action("check_setup", ()))  # type: ignore[arg-type]
        for point, count in ((24, 2), (13, 5), (8, 3), (6, 5)):
            for _placed in range(count):
                assert view.on_point(point) is None
        right = view.on_action("check_setup", ())
    elif isinstance(step, RollStep):
        for _throw in step.throws:
            assert view.applies("roll", ()) and view.on_action("roll", ()) is None
        mine, theirs = step.throws[-1]
        wrong.append(view.on_action("starter", ("O" if mine > theirs else "X",)))  # type: ignore[arg-type]
        right = view.on_action("starter", ("X" if mine > theirs else "O",))
    elif isinstance(step, CubeStep):
        other = next(answer for answer in CUBE_ANSWERS[step.question] if answer != step.answer)
        wrong.append(view.on_cube(other))  # type: ignore[arg-type]
        right = view.on_cube(step.answer)
        assert right is not None and " ".join(step.explanation.split()) in " ".join(right.message.split())
    elif isinstance(step, ScoreStep):
        answer = work_out(step).answer
        if step.ask in ("points", "score"):
            other = str(int(answer) + 1) if step.ask == "points" else "-".join(reversed(answer.split("-")))
            wrong.append(view.on_text(other if other != answer else answer.replace("-", "-1")))  # type: ignore[arg-type]
            right = view.on_text(answer)  # type: ignore[assignment]
        else:
            wrong.append(view.on_option("answer:" + ("no" if answer == "yes" else "yes")))  # type: ignore[arg-type]
            right = view.on_option(f"answer:{answer}")
    elif isinstance(step, ShotsStep | PipsStep):
        answer = count_of(step).answer
        said = view.on_text(str(answer + 1))
        assert isinstance(said, Feedback) and str(answer) not in said.message.split()
        wrong.append(said)
        right = view.on_text(str(answer))  # type: ignore[assignment]
    elif isinstance(step, BestStep):
        found = best_figures(step)
        left_out = found.first_left_out
        assert left_out is not None
        said = view.on_play(left_out.play, str(left_out.play))
        assert not said.correct and not said.illegal
        wrong.append(said)
        named = view.on_play(left_out.play, str(left_out.play))  # a second miss names the best play
        assert not named.correct and echo(found.figures[0].play, None) in named.message  # as the app writes a play
        wrong.append(named)
        right = view.on_play(found.figures[0].play, str(found.figures[0].play))
        assert " ".join(step.explanation.split()) in " ".join(right.message.split())
    elif isinstance(step, DoubleStep):
        doubles = right_doubles(step)
        other = next(number for number in range(1, 7) if number not in doubles)
        wrong.append(view.on_option(f"double:{other}"))  # type: ignore[arg-type]
        right = view.on_option(f"double:{doubles[0]}")
    else:
        assert isinstance(step, ReadStep) and view.continues
    return wrong, right


@pytest.mark.parametrize(
    "lesson", [lesson for lesson in LIBRARY.lessons if lesson.id in END_TO_END], ids=lambda lesson: lesson.id
)
async def test_complete_lesson_end_to_end(lesson: Lesson, tmp_path: Path) -> None:
    position = LIBRARY.lessons.index(lesson)
    following = LIBRARY.lessons[position + 1] if position + 1 < len(LIBRARY.lessons) else None
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        menu = app.screen.query_one("#home-menu", OptionList)
        menu.highlighted = position
        await pilot.press("enter")
        await pilot.pause()
        screen = await complete_lesson(pilot, lesson)
        # Every task was answered wrongly first, but for a roll with no legal play to miss it with (an illegal one
        # is no answer).
        unmissable = {
            index for index, step in enumerate(lesson.steps) if isinstance(step, PlayStep) and wrong_play(step) is None
        }

        # The summary takes the place of the last step, on the lesson screen: no toast over the text.
        assert app.screen is screen and screen.finished
        assert not app._notifications  # the completion toast is gone
        assert "Lesson complete" in str(screen.query_one(".step-heading", Static).render())
        scene = screen.board.scene  # a finished lesson: no roll of its last task left "to play"
        assert scene.dice is None and scene.cue is TurnCue.NONE and not scene.caption and scene.last_move is None
        summary = screen.query_one("#step-text", Markdown).source
        assert "★☆☆" in summary  # one star, for finishing
        assert f"{len(unmissable)} of {len(lesson.graded_steps)}" in summary
        assert "90%" in summary and "70%" in summary
        options = screen.query_one("#options", OptionList)
        practice = [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]
        sets = [practice_set(app.puzzles.puzzles, key) for key in lesson.practice]  # type: ignore[union-attr]
        assert practice == [f"Practise: {title}  ({len(puzzles)} puzzles)" for title, puzzles in sets]
        for key, (title, puzzles) in zip(lesson.practice, sets, strict=True):
            if key in THEME_TITLES:
                assert any(puzzle.theme == key for puzzle in puzzles)
            if key == "no-play":  # the set's title must not give the answer away: the rolls are mixed
                assert title == "Forced moves, mixed (some rolls can't be played)" and "No legal play" not in title
                assert {puzzle.theme == "no-play" for puzzle in puzzles} == {True, False}
        assert options.display is bool(lesson.practice)
        assert screen.query_one("#next-lesson", Button).display is (following is not None)
        assert not screen.query_one("#continue", Button).display

        await click_button(pilot, "#leave")
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen), what="home after leaving the lesson")
        line = str(menu.get_option_at_index(position).prompt)
        assert "done" in line and "★☆☆" in line
        # Home moves on to the next lesson not done (the first one, after the last lesson).
        assert menu.highlighted == (position + 1 if following is not None else 0)
    store = ProgressStore(tmp_path)
    progress = store.lessons.lesson_progress(lesson.progress_key)
    assert set(lesson.graded_steps) <= progress.completed
    assert progress.first_try == unmissable
    assert progress.stars(lesson.graded_steps) == 1
    store.close()


REPLIES = next(lesson for lesson in LIBRARY.lessons if lesson.id == "replies")
"""Lesson 19, whose step 2 asks for the best play of 6-6 (24/18(2) 13/7(2))."""


async def test_an_illegal_or_unreadable_play_is_no_answer_and_costs_no_star(tmp_path: Path) -> None:
    """A typo (a play the rules refuse, typed or moved on the board, or text that is no play) is said why and
    counts for nothing: the right play after it is right at the first try, and no review is due."""
    step = REPLIES.steps[1]
    assert isinstance(step, BestStep)
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_lesson(pilot, REPLIES, 1)
        submit(screen, "24/18(2) 13/6(2)")
        said = expect(app, "wrong")
        assert "Illegal" in said and "7 pips" in said  # the engine's reason, in plain words
        submit(screen, "24/18(2) 13/")
        expect(app, "wrong")
        choose_point(screen, 24)
        choose_point(screen, 20)  # not a 6 away
        assert "Illegal" in expect(app, "wrong")
        assert not screen.answer_noted and screen.wrong_attempts == 0
        submit(screen, "24/18(2) 13/7(2)")
        expect(app, "right")
    store = ProgressStore(tmp_path)
    assert 1 in store.lessons.lesson_progress(REPLIES.progress_key).first_try
    assert store.reviews.review_card(schedule.lesson_item(REPLIES.progress_key, 1)) is None
    store.close()


OPENING = next(lesson for lesson in LIBRARY.lessons if lesson.id == "opening")
"""Lesson 18, whose step 5 asks for the best opening play of 5-3 (8/3 6/3)."""


async def test_a_play_typed_straight_in_goes_to_the_box(tmp_path: Path) -> None:
    """On a play task, a digit pressed on the board begins the play in the box; keys typed right after ``/`` (or a
    digit), before the box has the focus, are typed there too, not taken by the board."""
    step = OPENING.steps[4]
    assert isinstance(step, BestStep) and str(step.roll()) == "5-3"
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_lesson(pilot, OPENING, 4)
        assert app.focused is screen.board
        await type_text(pilot, "24/23 13/9")  # no / first: the 2 opens the box
        assert app.focused is screen.notation and screen.notation.value == "24/23 13/9"
        await pilot.press("enter")
        await pilot.pause()
        assert "Illegal" in expect(app, "wrong") and not screen.answer_noted  # read as typed: no answer, no miss
        screen.board.focus()
        await pilot.pause()
        await type_at_once(pilot, "/8/3 6/3")  # every key on its way before / moves the focus
        assert "the best play" in expect(app, "right")
        assert screen.board.scene.position == screen.view.played.result  # type: ignore[attr-defined]
        assert screen.board.scene.selected is None  # the board took none of the keys
    store = ProgressStore(tmp_path)
    assert 4 in store.lessons.lesson_progress(OPENING.progress_key).first_try
    store.close()


async def test_next_lesson_opens_the_following_lesson_from_the_summary(tmp_path: Path) -> None:
    """Done right at the first try: three stars, then "Next lesson" goes straight on."""
    lesson, following = LIBRARY.lessons[0], LIBRARY.lessons[1]
    store = ProgressStore(tmp_path)
    for step in lesson.graded_steps:
        store.lessons.complete_step(lesson.progress_key, step, first_try=True)
    store.close()
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()
        screen = LessonScreen(lesson, start_step=len(lesson.steps) - 1)
        await app.push_screen(screen)
        await pilot.pause()
        last = lesson.steps[-1]
        assert isinstance(last, PickStep)
        choose_point(screen, min(pick_targets(last)))
        await pilot.press("n")
        await pilot.pause()
        assert screen.finished
        assert "★★★" in screen.query_one("#step-text", Markdown).source
        assert screen.query_one("#next-lesson", Button).display
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == following.id
        assert app.screen.index == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.screen.query_one("#home-menu", OptionList).highlighted == 1


async def test_a_practice_link_opens_the_puzzles_of_its_theme(tmp_path: Path) -> None:
    from trainer.tui.screens.puzzles import PuzzleScreen

    lesson = next(lesson for lesson in LIBRARY.lessons if lesson.practice)
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()
        screen = LessonScreen(lesson, start_step=len(lesson.steps) - 1)
        await app.push_screen(screen)
        await pilot.pause()
        screen.finish()
        await pilot.pause()
        options = screen.query_one("#options", OptionList)
        await select_option(pilot, options, 0)
        assert isinstance(app.screen, PuzzleScreen)
        assert {puzzle.theme for puzzle in app.screen.puzzles} == {lesson.practice[0]}
