"""A lesson, step by step, on a real board: every answer is graded by the rules engine (a cube decision by the
exact cube table, a question about the score by the engine's cube and match rules). At the end a summary shows
the stars earned, the puzzle sets that practise the lesson and the way to the next lesson.

Each step is shown through its view (:mod:`trainer.tui.steps`): the screen asks the view what to show and which
keys apply, and gives it each answer. A task missed at the first try comes back for review
(:func:`trainer.training.service.answer_lesson_task`); in review the screen shows that one step, graded as in the
lesson, and Continue ends it."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Button, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from trainer.content.grading import Feedback
from trainer.content.models import Lesson, Step
from trainer.content.puzzles import practice_set
from trainer.engine import Play
from trainer.i18n import N_
from trainer.store import ProgressStore
from trainer.store.lessons import STAR_THRESHOLDS
from trainer.training.service import (
    answer_lesson_task,
    complete_lesson_step,
    finish_lesson,
    open_lesson_step,
)
from trainer.training.standing import lesson_standing
from trainer.tui.playing import BoardPlay
from trainer.tui.scenes import finished_scene
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.steps import StepView, Task, view_for
from trainer.tui.widgets.board import BoardView
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.widgets.text import SafeMarkdown
from trainer.tui.wording import common as common_words
from trainer.tui.wording import lesson as lesson_words
from trainer.tui.wording import task as task_words

ANSWER_KEYS = Binding.Group(N_("Answer"))
STEP_KEYS = ("roll", "starter", "check_setup", "remove_checker")
"""The keys of steps of their own, which the step's view says apply or not."""


class LessonScreen(TaskScreen):
    """One lesson: the board on the left, the step's text, feedback and answers on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", N_("Continue")),
        Binding("r,enter", "roll", N_("Roll")),
        Binding("r", "cube('no double')", N_("No double")),
        Binding("slash", "focus_notation", N_("Type a play")),
        Binding("slash", "focus_answer", N_("Type the answer")),
        Binding("enter,n", "next_lesson", N_("Next lesson")),
        Binding("enter", "leave", N_("Back to the lessons")),
        Binding("x", "starter('X')", N_("I start")),
        Binding("o", "starter('O')", N_("O starts")),
        Binding("c", "check_setup", N_("Check")),
        Binding("minus,delete", "remove_checker", N_("Remove")),
        *(Binding(str(number), f"option({number})", N_("Answer"), group=ANSWER_KEYS) for number in range(1, 10)),
    ]

    index: reactive[int] = reactive(0, bindings=True)
    solved: reactive[bool] = reactive(False, bindings=True)
    revision: reactive[int] = reactive(0, bindings=True)
    """Counts the changes of the step's own state (a throw, a checker placed): the keys follow it."""
    finished: reactive[bool] = reactive(False, bindings=True)
    """The lesson is over and its summary is shown."""

    def __init__(self, lesson: Lesson, *, start_step: int = 0, review: bool = False, showing: str = "") -> None:
        """``review``: show the task at ``start_step`` alone, for review (the lesson's progress is left as it is);
        ``showing`` names this showing of it (a review's due time and count), so that a view that shuffles its
        options shuffles them afresh each time the review comes round, while a lesson keeps its own order."""
        super().__init__()
        self.lesson = lesson
        self.review = review
        self.showing = showing
        self.wrong_attempts = 0
        self.answer_noted = False
        """Whether this showing of the task has had its first answer (the one the review schedule counts)."""
        self.view: StepView[Task] = view_for(lesson.steps[start_step], key=self.view_key(start_step))
        self.set_reactive(LessonScreen.index, start_step)
        # Set here, so that a check of the keys before the layout is composed (the footer's) runs no watcher yet.
        self.set_reactive(LessonScreen.solved, False)
        self.set_reactive(LessonScreen.revision, 0)
        self.set_reactive(LessonScreen.finished, False)

    @property
    def step(self) -> Step:
        """The step shown."""
        return self.lesson.steps[self.index]

    def applicable(self, action: str, parameters: tuple[object, ...] = ()) -> bool | None:
        """Whether ``action`` does something in the current step: the footer and the buttons both follow it
        (``None`` for an action the lesson leaves to :class:`TaskScreen`)."""
        if self.finished:
            return action in ("next_lesson", "leave") and (action == "leave" or self.next_lesson() is not None)
        view, open_task = self.view, not self.solved
        if action in STEP_KEYS:
            return open_task and view.applies(action, parameters)
        applicable = {
            "next": self.solved or view.continues,
            "undo": open_task and view.undoes,
            "focus_notation": open_task and self.playing is not None,
            "focus_answer": open_task and view.typed and self.playing is None,
            "option": open_task and bool(parameters) and parameters[0] in range(1, len(view.options()) + 1),
            "next_lesson": False,
            "leave": False,
        }
        return applicable.get(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = self.applicable(action, parameters)
        return super().check_action(action, parameters) if applicable is None else applicable

    def accepts_moves(self) -> bool:
        return not self.solved and not self.finished and self.playing is not None

    # --- layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            VerticalScroll(SafeMarkdown(id="step-text"), OptionList(id="options"), classes="step-scroll"),
            FeedbackBar(id="feedback"),
            NotationInput(task_words.type_a_play_placeholder()),
            CubeActions(),
            Horizontal(
                Button(lesson_words.continue_label(), id="continue", variant="primary", action="screen.next"),
                Button(common_words.roll_label(), id="roll", action="screen.roll"),
                Button(lesson_words.i_start_label(), id="start-x", action="screen.starter('X')"),
                Button(lesson_words.o_starts_label(), id="start-o", action="screen.starter('O')"),
                Button(lesson_words.check_label(), id="check", action="screen.check_setup"),
                Button(common_words.undo_label(), id="undo", action="screen.undo"),
                Button(
                    lesson_words.next_lesson_label(), id="next-lesson", variant="primary", action="screen.next_lesson"
                ),
                Button(lesson_words.back_to_lessons_label(), id="leave", action="screen.leave"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_step()

    def watch_index(self) -> None:
        self.show_step()

    def watch_solved(self) -> None:
        self.board.choosing = self.view.answers_on_board and not self.solved
        if self.solved:
            self.board.scene = self.view.scene()
        self.refresh_cube_actions()
        self.refresh_buttons()

    def watch_revision(self) -> None:
        self.refresh_buttons()

    def watch_finished(self) -> None:
        self.refresh_buttons()

    def refresh_cube_actions(self) -> None:
        """Offer the cube answers of an open cube step: double or not, take or pass."""
        asking = not self.solved and not self.finished
        self.query_one(CubeActions).ask(self.view.cube_question if asking else None)

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        if self.applicable("next"):
            finishing = self.is_last_step() and not self.review
            label = lesson_words.finish_lesson_label() if finishing else lesson_words.continue_label()
            self.query_one("#continue", Button).label = label

    # --- showing a step -------------------------------------------------------------------------------

    def view_key(self, index: int) -> str:
        """The key of step ``index``'s view: where it lives in the lesson, and in review which showing this is."""
        key = f"{self.lesson.id}/{index}"
        return f"{key}@{self.showing}" if self.showing else key

    def show_step(self) -> None:
        """Lay out the current step through its view: text, board, the answer widgets it needs."""
        view = self.view = view_for(self.lesson.steps[self.index], key=self.view_key(self.index))
        self.wrong_attempts = 0
        self.answer_noted = False
        self.solved = False
        self.playing = None
        self.task_layout.set_title(
            " "
            + lesson_words.lesson_title(
                self.lesson.number, self.lesson.title, self.index + 1, len(self.lesson.steps), review=self.review
            )
        )
        self.query_one(".step-heading", Static).update(view.heading())
        self.query_one("#step-text", Markdown).update(view.text())
        self.feedback.clear()
        board = self.board
        board.scene = view.scene()  # a step without a board shows an empty one (a roll step, the start)
        board.choosing = view.answers_on_board
        board.cursor_shown = False  # so that an enter meant for Continue cannot answer the new step at once
        roll = view.roll_to_play()
        if roll is not None:
            self.playing = BoardPlay(board, *roll)
        options = self.query_one("#options", OptionList)
        options.clear_options()
        for number, (key, label) in enumerate(view.options(), start=1):
            options.add_option(Option(Text(common_words.numbered(number, label)), id=key))
        options.display = options.option_count > 0
        self.notation.display = view.typed
        self.notation.placeholder = view.placeholder()
        self.notation.value = ""
        self.refresh_cube_actions()
        self.refresh_buttons()
        if not self.review:
            open_lesson_step(self.store, self.lesson, self.index)
        if options.option_count:
            options.focus()
            options.highlighted = 0
        elif view.typed and roll is None:
            self.notation.focus()
        else:
            board.focus()

    def is_last_step(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    def changed(self) -> None:
        """The step's own state changed (a throw, a checker placed or taken off): show it."""
        self.board.scene = self.view.scene()
        self.revision += 1

    # --- grading --------------------------------------------------------------------------------------

    def grade(self, feedback: Feedback, *, play: Play | None = None, point: int | None = None) -> None:
        """Show the verdict; on success, record the step and offer Continue. An attempt that is no answer (a play
        the rules refuse, text that can't be read) is only said why: it is no miss."""
        self.feedback.show_feedback(feedback)
        if not feedback.counts:
            return
        self.note_answer(feedback.correct)
        if not feedback.correct:
            self.wrong_attempts += 1
            return
        if not self.review:
            first_try = self.wrong_attempts == 0
            complete_lesson_step(self.store, self.lesson, self.index, first_try=first_try, now=self.now())
        self.view.answered(play, point)
        self.solved = True
        self.board.focus()  # enter now continues

    def on_board_view_point_chosen(self, event: BoardView.PointChosen) -> None:
        """A point chosen on the board for the step's view (a pick, a checker to place); a roll being played is
        handled by :class:`TaskScreen` (Textual calls both handlers)."""
        if self.solved or self.finished or self.playing is not None:
            return
        feedback = self.view.on_point(event.point, secondary=event.secondary)
        if feedback is None:
            self.feedback.clear()
            self.changed()
        elif self.view.points_answer:
            self.grade(feedback, point=event.point)
        else:  # a checker that can't be placed there: said, not an answer
            self.feedback.show_feedback(feedback)

    def note_answer(self, correct: bool) -> None:
        """The first answer to a task each time it is shown counts for reviews: a miss makes (or lapses) its
        review card; in review, the answer moves the card on or brings it back sooner."""
        if self.answer_noted:
            return
        self.answer_noted = True
        answer_lesson_task(
            self.store, self.lesson.progress_key, self.index, correct=correct, now=self.now(), in_review=self.review
        )

    def played(self, play: Play, written: str) -> None:
        feedback = self.view.on_play(play, written)
        self.grade(feedback, play=play)
        if not feedback.correct:
            self.reset_play()

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        if self.solved or self.finished or not event.value.strip() or not self.view.typed:
            return
        answer = self.view.on_text(event.value)
        if isinstance(answer, Play):
            self.played(answer, event.value)
            return
        self.grade(answer)
        if not self.solved:  # a wrong answer empties the box, which keeps the focus for the next try
            if self.playing is not None:
                self.reset_play()
            else:
                self.notation.value = ""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.finished:
            if event.option.id is not None and event.option.id.startswith("practice:"):
                self.practise(event.option.id.split(":", 1)[1])
            return
        if self.solved or event.option.id is None:
            return
        feedback = self.view.on_option(event.option.id)
        if feedback is not None:
            self.grade(feedback)

    @on(CubeActions.Chosen)
    def answer_cube(self, message: CubeActions.Chosen) -> None:
        """A cube step's answer, by key or button, graded by the exact figures."""
        message.stop()
        if self.solved:
            return
        feedback = self.view.on_cube(message.action.value)
        if feedback is not None:
            self.grade(feedback)

    def action_option(self, number: int) -> None:
        """Answer with the option ``number`` as shown (1 for the first)."""
        if not self.applicable("option", (number,)):
            return
        options = self.query_one("#options", OptionList)
        options.highlighted = number - 1
        options.action_select()

    # --- the step's own keys --------------------------------------------------------------------------

    def step_key(self, action: str, *parameters: object) -> None:
        """A key of the step's own: its view acts, and grades when the key answers."""
        if not self.applicable(action, parameters):
            return
        feedback = self.view.on_action(action, parameters)
        if feedback is not None:
            self.grade(feedback)
            return
        self.feedback.clear()
        self.changed()

    def action_roll(self) -> None:
        self.step_key("roll")

    def action_starter(self, side: str) -> None:
        self.step_key("starter", side)

    def action_check_setup(self) -> None:
        self.step_key("check_setup")

    def action_remove_checker(self) -> None:
        self.step_key("remove_checker", self.board.cursor)

    def action_undo(self) -> None:
        if self.applicable("remove_checker", (self.board.cursor,)):
            self.action_remove_checker()
        else:
            super().action_undo()

    # --- navigation -----------------------------------------------------------------------------------

    def action_next(self) -> None:
        if not self.applicable("next"):
            return
        if self.review:
            self.dismiss()
        elif self.is_last_step():
            self.finish()
        else:
            self.index += 1

    def finish(self) -> None:
        """Show the summary in place of the last step: the stars, the practice sets, the next lesson."""
        finish_lesson(self.store, self.lesson)
        self.finished = True
        self.refresh_cube_actions()
        self.playing = None
        self.board.scene = finished_scene(self.board.scene)  # no roll of the last task left to play
        self.board.choosing = False
        self.feedback.clear()
        self.notation.display = False
        self.task_layout.set_title(" " + lesson_words.lesson_complete_title(self.lesson.number, self.lesson.title))
        self.query_one(".step-heading", Static).update(lesson_words.lesson_complete())
        self.query_one("#step-text", Markdown).update(self.summary_text())
        options = self.query_one("#options", OptionList)
        options.clear_options()
        for key, title, count in self.practice_sets():
            options.add_option(Option(Text(lesson_words.practise_option(title, count)), id=f"practice:{key}"))
        options.display = options.option_count > 0
        self.refresh_buttons()  # enter (or n) takes the next lesson, or goes back when this was the last

    def summary_text(self) -> str:
        """The summary of a finished lesson: stars, tasks right at the first try, the thresholds, what comes next."""
        graded = self.lesson.graded_steps
        progress = self.store.lessons.lesson_progress(self.lesson.progress_key)
        low, high = (round(threshold * 100) for threshold in sorted(STAR_THRESHOLDS))
        return lesson_words.lesson_summary(
            progress.stars(graded),
            progress.first_try_count(graded),
            len(graded),
            low,
            high,
            practice=bool(self.practice_sets()),
        )

    def practice_sets(self) -> list[tuple[str, str, int]]:
        """The lesson's practice sets that have puzzles: ``(key, title, how many)``."""
        library = self.trainer.puzzles
        if library is None:
            return []
        sets = [(key, *practice_set(library.puzzles, key)) for key in self.lesson.practice]
        return [(key, title, len(puzzles)) for key, title, puzzles in sets if puzzles]

    def next_lesson(self) -> Lesson | None:
        """The lesson after this one, if there is one."""
        library = self.trainer.lessons
        if library is None:
            return None
        later = [lesson for lesson in library.lessons if lesson.number > self.lesson.number]
        return later[0] if later else None

    def action_next_lesson(self) -> None:
        following = self.next_lesson()
        if self.finished and following is not None:
            self.app.switch_screen(LessonScreen(following, start_step=resume_step(following, self.store)))

    def action_leave(self) -> None:
        if self.finished:
            self.app.pop_screen()

    def practise(self, key: str) -> None:
        """Open the practice set ``key`` (a theme, or a variant's puzzles), from the first one not solved yet."""
        from trainer.tui.screens.puzzles import PuzzleScreen

        library = self.trainer.puzzles
        puzzles = [] if library is None else practice_set(library.puzzles, key)[1]
        if puzzles:
            solved = self.store.puzzles.solved_puzzles()
            start = next((index for index, puzzle in enumerate(puzzles) if puzzle.id not in solved), 0)
            self.app.push_screen(PuzzleScreen(puzzles, start=start))

    def action_focus_answer(self) -> None:
        if self.applicable("focus_answer"):
            self.type_in_box()

    def box_open(self) -> bool:
        return bool(self.applicable("focus_notation") or self.applicable("focus_answer"))


def resume_step(lesson: Lesson, store: ProgressStore) -> int:
    """The step to open a lesson at: where the learner left it, or the start once it is done."""
    standing = lesson_standing(store, lesson)
    return 0 if standing.status == "done" else standing.progress.resume_at(len(lesson.steps))
