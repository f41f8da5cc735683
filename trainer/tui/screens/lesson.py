"""A lesson, step by step, on a real board: every answer is graded by the rules engine (a cube decision by the
exact cube table, a question about the score by the engine's cube and match rules). At the end a summary shows
the stars earned, the puzzle sets that practise the lesson and the way to the next lesson.

A task missed at the first try comes back for review (:func:`trainer.training.answer_lesson_task`); in review the
screen shows that one step, graded as in the lesson, and Continue ends it."""

from __future__ import annotations

import random
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Button, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from trainer.content.cube import grade_cube_step
from trainer.content.grading import (
    Feedback,
    grade_choice,
    grade_double,
    grade_pick,
    grade_play,
    grade_roll,
    grade_setup,
    read_play,
    read_step_board,
)
from trainer.content.models import (
    ChooseStep,
    CubeStep,
    DoubleStep,
    Lesson,
    PickStep,
    PlayStep,
    ReadStep,
    RollStep,
    ScoreStep,
    SetupStep,
)
from trainer.content.puzzles import practice_set
from trainer.content.scoring import Worked, grade_score_step, work_out
from trainer.engine import CHECKERS, OFF, Cube, Play, Position, Side
from trainer.store import ProgressStore
from trainer.store.lessons import STAR_THRESHOLDS
from trainer.training import answer_lesson_task, finish_lesson, lesson_standing
from trainer.tui.playing import BoardPlay, Refused
from trainer.tui.screens.base import TaskScreen
from trainer.tui.widgets.board import BoardView, LastMove
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.widgets.text import SafeMarkdown

KIND_NAMES = {"read": "Read", "play": "Play", "pick": "Pick a point", "choose": "Choose", "setup": "Set up",
              "roll": "Opening roll", "cube": "Cube decision", "score": "The score",
              "double": "Choose the double"}  # fmt: skip
LessonStep = ReadStep | PlayStep | SetupStep | ChooseStep | PickStep | RollStep | CubeStep | ScoreStep | DoubleStep
TYPED_ASKS = {"points": "type the number of points, then enter", "score": "type the score, yours first: 3-1"}
"""The score questions answered in the box, with what the box says while empty; the others are yes or no."""
ANSWER_KEYS = Binding.Group("Answer")


class LessonScreen(TaskScreen):
    """One lesson: the board on the left, the step's text, feedback and answers on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", "Continue"),
        Binding("r,enter", "roll", "Roll"),
        Binding("r", "cube('no double')", "No double"),
        Binding("slash", "focus_notation", "Type a play"),
        Binding("slash", "focus_answer", "Type the answer"),
        Binding("enter,n", "next_lesson", "Next lesson"),
        Binding("enter", "leave", "Back to the lessons"),
        Binding("x", "starter('X')", "I start"),
        Binding("o", "starter('O')", "O starts"),
        Binding("c", "check_setup", "Check"),
        Binding("minus,delete", "remove_checker", "Remove"),
        *(Binding(str(number), f"option({number})", "Answer", group=ANSWER_KEYS) for number in range(1, 10)),
    ]

    score_worked: Worked | None = None
    """The engine's working of the score step shown, if it is one (the board reveals from it once answered)."""

    index: reactive[int] = reactive(0, bindings=True)
    solved: reactive[bool] = reactive(False, bindings=True)
    throws_seen: reactive[int] = reactive(0, bindings=True)
    finished: reactive[bool] = reactive(False, bindings=True)
    """The lesson is over and its summary is shown."""

    def __init__(self, lesson: Lesson, *, start_step: int = 0, review: bool = False) -> None:
        """``review``: show the task at ``start_step`` alone, for review (the lesson's progress is left as it is)."""
        super().__init__()
        self.lesson = lesson
        self.review = review
        self.wrong_attempts = 0
        self.answer_noted = False
        """Whether this showing of the task has had its first answer (the one the review schedule counts)."""
        self.setup_counts: list[int] = [0] * 26
        self.set_reactive(LessonScreen.index, start_step)
        # Set here, so that a check of the keys before the layout is composed (the footer's) runs no watcher yet.
        self.set_reactive(LessonScreen.solved, False)
        self.set_reactive(LessonScreen.throws_seen, 0)
        self.set_reactive(LessonScreen.finished, False)

    @property
    def step(self) -> LessonStep:
        return self.lesson.steps[self.index]

    def applicable(self, action: str, parameters: tuple[object, ...] = ()) -> bool | None:
        """Whether ``action`` does something in the current step: the footer and the buttons both follow it
        (``None`` for an action the lesson leaves to :class:`TaskScreen`)."""
        if self.finished:
            return action in ("next_lesson", "leave") and (action == "leave" or self.next_lesson() is not None)
        step, open_task = self.step, not self.solved
        applicable = {
            "next": self.solved or isinstance(step, ReadStep),
            "undo": open_task and isinstance(step, PlayStep | SetupStep),
            "focus_notation": open_task and isinstance(step, PlayStep),
            "focus_answer": open_task and isinstance(step, ScoreStep) and self.typed_answer(),
            "roll": open_task and isinstance(step, RollStep) and self.throws_seen < len(step.throws),
            "starter": open_task and isinstance(step, RollStep) and self.throws_seen > 0,
            "check_setup": open_task and isinstance(step, SetupStep),
            "remove_checker": open_task and isinstance(step, SetupStep),
            "option": open_task and bool(parameters) and parameters[0] in range(1, self.option_count() + 1),
            "next_lesson": False,
            "leave": False,
        }
        return applicable.get(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = self.applicable(action, parameters)
        return super().check_action(action, parameters) if applicable is None else applicable

    def option_count(self) -> int:
        """How many numbered options the current step shows."""
        return len(self.step_options())

    def typed_answer(self) -> bool:
        """Whether the current step is answered by typing in the box (a play, a number of points, a score)."""
        step = self.step
        return isinstance(step, PlayStep) or (isinstance(step, ScoreStep) and step.ask in TYPED_ASKS)

    def answers_on_board(self) -> bool:
        """Whether the board takes choices now: an open play, pick or setup step."""
        return not self.solved and isinstance(self.step, PlayStep | PickStep | SetupStep)

    def accepts_moves(self) -> bool:
        return isinstance(self.step, PlayStep) and not self.solved and not self.finished and self.playing is not None

    # --- layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            VerticalScroll(SafeMarkdown(id="step-text"), OptionList(id="options"), classes="step-scroll"),
            FeedbackBar(id="feedback"),
            NotationInput(),
            CubeActions(),
            Horizontal(
                Button("Continue", id="continue", variant="primary", action="screen.next"),
                Button("Roll", id="roll", action="screen.roll"),
                Button("I start", id="start-x", action="screen.starter('X')"),
                Button("O starts", id="start-o", action="screen.starter('O')"),
                Button("Check", id="check", action="screen.check_setup"),
                Button("Undo", id="undo", action="screen.undo"),
                Button("Next lesson", id="next-lesson", variant="primary", action="screen.next_lesson"),
                Button("Back to lessons", id="leave", action="screen.leave"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_step()

    def watch_index(self) -> None:
        self.show_step()

    def watch_solved(self) -> None:
        self.board.choosing = self.answers_on_board()
        step = self.step
        if isinstance(step, ScoreStep) and self.solved:
            self.reveal_score_step(step, answered=True)
        self.refresh_cube_actions()
        self.refresh_buttons()

    def refresh_cube_actions(self) -> None:
        """Offer the cube answers of an open cube step: double or not, take or pass."""
        step = self.step
        asking = isinstance(step, CubeStep) and not self.solved and not self.finished
        self.query_one(CubeActions).ask(step.question if asking and isinstance(step, CubeStep) else None)

    def watch_throws_seen(self) -> None:
        self.refresh_buttons()

    def watch_finished(self) -> None:
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        if self.applicable("next"):
            finishing = self.is_last_step() and not self.review
            self.query_one("#continue", Button).label = "Finish lesson" if finishing else "Continue"

    # --- showing a step -------------------------------------------------------------------------------

    def show_step(self) -> None:
        """Lay out the current step: text, board, the answer widgets it needs."""
        step = self.step
        self.wrong_attempts = 0
        self.answer_noted = False
        self.solved = False
        self.throws_seen = 0
        self.playing = None
        where = "Review: lesson" if self.review else "Lesson"
        self.task_layout.set_title(
            f" {where} {self.lesson.number}: {self.lesson.title}   step {self.index + 1} of {len(self.lesson.steps)}"
        )
        heading = step.title if isinstance(step, ReadStep) and step.title else KIND_NAMES[step.kind]
        self.query_one(".step-heading", Static).update(heading)
        self.query_one("#step-text", Markdown).update(step.text if isinstance(step, ReadStep) else step.prompt)
        self.feedback.clear()
        board = self.board
        board.selected, board.targets, board.marked = None, frozenset(), frozenset()
        board.used_dice, board.caption, board.last_move = (), "", None
        board.choosing = self.answers_on_board()
        board.cursor_shown = False  # so that an enter meant for Continue cannot answer the new step at once
        is_roll = isinstance(step, RollStep)
        position = step.board()
        dice = step.roll() if isinstance(step, ReadStep | PlayStep | SetupStep | ChooseStep | PickStep) else None
        board.position = position  # a step without a board shows an empty one (a roll step, the start)
        board.dice = dice
        board.turn_label = "" if is_roll else "to play"
        board.opening_throw = None
        board.cube, board.match, board.on_roll, board.match_labels = None, None, Side.X, True
        if isinstance(step, PlayStep):
            assert position is not None and dice is not None
            self.playing = BoardPlay(board, position, dice)
            board.caption = "your roll"
        elif isinstance(step, SetupStep):
            self.setup_counts = [0] * 26
            self.show_setup()
        elif is_roll:
            board.caption = "press r or enter to roll"
        elif isinstance(step, CubeStep):
            self.show_cube_step(step)
        elif isinstance(step, ScoreStep):
            self.show_score_step(step)
        elif isinstance(step, DoubleStep):
            board.caption = "you played the 1-2: now choose a double"
        options = self.query_one("#options", OptionList)
        options.clear_options()
        for number, (key, label) in enumerate(self.step_options(), start=1):
            options.add_option(Option(Text(f"{number}. {label}"), id=key))
        options.display = options.option_count > 0
        self.notation.display = self.typed_answer()
        self.notation.placeholder = (
            TYPED_ASKS[step.ask] if isinstance(step, ScoreStep) and step.ask in TYPED_ASKS
            else "type a play, e.g. 24/18 13/8"
        )  # fmt: skip
        self.notation.value = ""
        self.refresh_cube_actions()
        self.refresh_buttons()
        if not self.review:
            self.store.set_resume_step(self.lesson.progress_key, self.index)
        if options.option_count:
            options.focus()
            options.highlighted = 0
        elif isinstance(step, ScoreStep):
            self.notation.focus()
        else:
            board.focus()

    def step_options(self) -> list[tuple[str, str]]:
        """The numbered options of the current step, as ``(id, label)``: a choose step's (in an order of their own,
        the same every time, so the right answer isn't always first), the six doubles, or yes and no."""
        step = self.step
        if isinstance(step, ChooseStep):
            order = list(range(len(step.options)))
            random.Random(f"{self.lesson.id}/{self.index}").shuffle(order)
            return [(str(original), step.options[original].text) for original in order]
        if isinstance(step, DoubleStep):
            return [(f"double:{number}", f"{number}-{number}") for number in range(1, 7)]
        if isinstance(step, ScoreStep) and step.ask not in TYPED_ASKS:
            return [("answer:yes", "Yes"), ("answer:no", "No")]
        return []

    def show_cube_step(self, step: CubeStep) -> None:
        """A cube decision: no dice; you on roll with the cube in the middle (or yours), or O on roll having
        doubled you (the cube turned, in the middle until you answer)."""
        board = self.board
        if step.question == "take":
            board.cube, board.on_roll, board.turn_label = Cube(step.cube * 2), Side.O, "doubles"
            board.caption = "take (t) or pass (p)?"
        else:
            board.cube = Cube(step.cube, Side.X) if step.cube > 1 else Cube()
            board.on_roll, board.turn_label = Side.X, "to roll"
            board.caption = "double (d) or no double (r)?"

    def show_score_step(self, step: ScoreStep) -> None:
        """A question about the score: in a match the board shows the score before this game; while the question
        is open it keeps back what would answer it (whether this is the Crawford game; the cube, when the question
        is the points it makes), and shows it once answered."""
        self.score_worked = work_out(step)
        board = self.board
        board.match = self.score_worked.before if step.length else None
        board.turn_label = ""
        self.reveal_score_step(step, answered=False)

    def reveal_score_step(self, step: ScoreStep, *, answered: bool) -> None:
        """Show on the board what a score step's question keeps back until it is answered."""
        assert self.score_worked is not None  # worked out when the step was shown
        state = self.score_worked.state
        counts_points = step.ask in ("points", "score")
        self.board.cube = None if counts_points and not answered else Cube(state.cube, state.cube_owner)
        self.board.match_labels = answered or counts_points

    def is_last_step(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    # --- grading --------------------------------------------------------------------------------------

    def grade(self, feedback: Feedback) -> None:
        """Show the verdict; on success, record the step and offer Continue."""
        self.feedback.show_feedback(feedback)
        self.note_answer(feedback.correct)
        if not feedback.correct:
            self.wrong_attempts += 1
            return
        if not self.review:
            first_try = self.wrong_attempts == 0
            self.store.complete_step(self.lesson.progress_key, self.index, first_try=first_try, at=self.now())
        self.board.selected, self.board.targets = None, frozenset()
        self.solved = True
        self.board.focus()  # enter now continues

    def on_board_view_point_chosen(self, event: BoardView.PointChosen) -> None:
        """Pick and setup steps answer on the board here; a play step's moves are handled by :class:`TaskScreen`
        (Textual calls both handlers)."""
        step = self.step
        if self.solved:
            return
        if isinstance(step, PickStep):
            feedback = grade_pick(step, event.point)
            if feedback.correct:
                self.board.marked = frozenset({event.point})
            self.grade(feedback)
        elif isinstance(step, SetupStep):
            if event.secondary:
                self.remove_checker(event.point)
            else:
                self.add_checker(event.point)

    def refused(self, refusal: Refused, point: int) -> None:
        self.note_answer(False)
        self.wrong_attempts += 1

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
        step = self.step
        assert isinstance(step, PlayStep)
        feedback = grade_play(step, play, written)
        self.grade(feedback)
        if feedback.correct:
            self.board.position = play.result
            self.board.used_dice = play.dice.moves[: play.dice_used]
            self.board.last_move = LastMove.of(play)
        else:
            self.reset_play()

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        step = self.step
        if self.solved or not event.value.strip():
            return
        if isinstance(step, ScoreStep):
            self.grade(grade_score_step(step, event.value))
            if not self.solved:
                self.notation.value = ""  # a wrong answer empties the box, which keeps the focus
            return
        if not isinstance(step, PlayStep):
            return
        position, dice = read_step_board(step)
        answer = read_play(position, dice, event.value)
        if isinstance(answer, Play):
            self.played(answer, event.value)
        else:
            self.grade(answer)
            self.reset_play()  # a wrong answer empties the box, which keeps the focus for the next try

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        step = self.step
        if self.finished:
            if event.option.id is not None and event.option.id.startswith("practice:"):
                self.practise(event.option.id.split(":", 1)[1])
            return
        if self.solved or event.option.id is None:
            return
        if isinstance(step, ChooseStep):
            self.grade(grade_choice(step, int(event.option.id)))
        elif isinstance(step, DoubleStep):
            self.grade(grade_double(step, int(event.option.id.removeprefix("double:"))))
        elif isinstance(step, ScoreStep):
            self.grade(grade_score_step(step, event.option.id.removeprefix("answer:")))

    @on(CubeActions.Chosen)
    def answer_cube(self, message: CubeActions.Chosen) -> None:
        """A cube step's answer, by key or button, graded by the exact figures."""
        message.stop()
        step = self.step
        if isinstance(step, CubeStep) and not self.solved:
            self.grade(grade_cube_step(step, message.action))

    def action_option(self, number: int) -> None:
        """Answer with the option ``number`` as shown (1 for the first)."""
        if not self.applicable("option", (number,)):
            return
        options = self.query_one("#options", OptionList)
        options.highlighted = number - 1
        options.action_select()

    # --- setup and roll steps -------------------------------------------------------------------------

    def show_setup(self) -> None:
        placed = sum(self.setup_counts[1:25])
        player = list(self.setup_counts)
        player[OFF] = CHECKERS - placed
        self.board.position = Position(player, Position.start().opponent)
        self.board.caption = (
            f"to place: {CHECKERS - placed} · enter or click adds a checker, minus or right-click takes one off"
        )

    def add_checker(self, point: int) -> None:
        if not 1 <= point <= 24:
            self.feedback.show("Checkers go on the points 1 to 24.", "wrong", illegal=True)
            return
        if Position.start().opponent[25 - point]:
            self.feedback.show(f"O's checkers stand on point {point}: it's not yours.", "wrong", illegal=True)
            return
        if sum(self.setup_counts[1:25]) >= CHECKERS:
            self.feedback.show("All 15 checkers are placed: remove one first (right-click or -).", "wrong")
            return
        self.setup_counts[point] += 1
        self.feedback.clear()
        self.show_setup()

    def remove_checker(self, point: int) -> None:
        if 1 <= point <= 24 and self.setup_counts[point]:
            self.setup_counts[point] -= 1
            self.feedback.clear()
            self.show_setup()

    def action_remove_checker(self) -> None:
        if self.applicable("remove_checker"):
            self.remove_checker(self.board.cursor)

    def action_check_setup(self) -> None:
        step = self.step
        if isinstance(step, SetupStep) and not self.solved:
            feedback = grade_setup(self.setup_counts)
            self.grade(Feedback(True, step.explanation) if feedback.correct else feedback)

    def action_roll(self) -> None:
        step = self.step
        if not isinstance(step, RollStep) or not self.applicable("roll"):
            return
        mine, theirs = step.throws[self.throws_seen]
        self.board.opening_throw = (mine, theirs)  # two single dice, a tie too
        tie = "  tie: roll again" if mine == theirs else ""
        self.board.caption = f"you threw {mine}, O threw {theirs}{tie}"
        self.feedback.clear()
        self.throws_seen += 1

    def action_starter(self, side: str) -> None:
        step = self.step
        if isinstance(step, RollStep) and not self.solved:
            self.grade(grade_roll(step, self.throws_seen, Side.from_name(side)))

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
        self.feedback.clear()
        self.notation.display = False
        self.task_layout.set_title(f" Lesson {self.lesson.number}: {self.lesson.title}   complete")
        self.query_one(".step-heading", Static).update("Lesson complete")
        self.query_one("#step-text", Markdown).update(self.summary_text())
        options = self.query_one("#options", OptionList)
        options.clear_options()
        for key, title, count in self.practice_sets():
            options.add_option(Option(Text(f"Practise: {title}  ({count} puzzles)"), id=f"practice:{key}"))
        options.display = options.option_count > 0
        self.refresh_buttons()  # enter (or n) takes the next lesson, or goes back when this was the last

    def summary_text(self) -> str:
        """The summary of a finished lesson: stars, tasks right at the first try, the thresholds, what comes next."""
        graded = self.lesson.graded_steps
        progress = self.store.lesson_progress(self.lesson.progress_key)
        stars = progress.stars(graded)
        right = progress.first_try_count(graded)
        low, high = (round(threshold * 100) for threshold in sorted(STAR_THRESHOLDS))
        lines = [
            f"## {'★' * stars}{'☆' * (3 - stars)}",
            "",
            f"You got **{right} of {len(graded)}** tasks right at the first try.",
            "",
            f"Stars count first tries: ★★★ for {high}% or more, ★★ for {low}% or more, ★ for finishing. Take the "
            "lesson again any time to earn more.",
        ]
        if self.practice_sets():
            lines += ["", "Practise what you learned with these puzzles:"]
        return "\n".join(lines)

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
            solved = self.store.solved_puzzles()
            start = next((index for index, puzzle in enumerate(puzzles) if puzzle.id not in solved), 0)
            self.app.push_screen(PuzzleScreen(puzzles, start=start))

    def action_focus_answer(self) -> None:
        if self.applicable("focus_answer"):
            self.notation.focus()

    def action_undo(self) -> None:
        if isinstance(self.step, SetupStep):
            self.action_remove_checker()
        else:
            super().action_undo()


def resume_step(lesson: Lesson, store: ProgressStore) -> int:
    """The step to open a lesson at: where the learner left it, or the start once it is done."""
    standing = lesson_standing(store, lesson)
    return 0 if standing.status == "done" else min(standing.progress.resume_step, len(lesson.steps) - 1)
