"""A lesson, step by step, on a real board: every answer is graded by the rules engine."""

from __future__ import annotations

import random
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Button, Footer, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from trainer.content.grading import (
    Feedback,
    grade_choice,
    grade_pick,
    grade_play,
    grade_roll,
    grade_setup,
    read_play,
    read_step_board,
)
from trainer.content.models import ChooseStep, Lesson, PickStep, PlayStep, ReadStep, RollStep, SetupStep
from trainer.engine import CHECKERS, OFF, Play, Position, Side
from trainer.tui.playing import BoardPlay, Refused
from trainer.tui.screens.base import TaskScreen
from trainer.tui.widgets.board import BoardView, LastMove
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.widgets.text import SafeMarkdown

KIND_NAMES = {"read": "Read", "play": "Play", "pick": "Pick a point", "choose": "Choose", "setup": "Set up",
              "roll": "Opening roll"}  # fmt: skip
LessonStep = ReadStep | PlayStep | SetupStep | ChooseStep | PickStep | RollStep
ANSWER_KEYS = Binding.Group("Answer")


class LessonScreen(TaskScreen):
    """One lesson: the board on the left, the step's text, feedback and answers on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", "Continue"),
        Binding("r,enter", "roll", "Roll"),
        Binding("x", "starter('X')", "I start"),
        Binding("o", "starter('O')", "O starts"),
        Binding("c", "check_setup", "Check"),
        Binding("minus,delete", "remove_checker", "Remove"),
        *(Binding(str(number), f"option({number})", "Answer", group=ANSWER_KEYS) for number in range(1, 10)),
    ]

    index: reactive[int] = reactive(0, bindings=True)
    solved: reactive[bool] = reactive(False, bindings=True)
    throws_seen: reactive[int] = reactive(0, bindings=True)

    def __init__(self, lesson: Lesson, *, start_step: int = 0) -> None:
        super().__init__()
        self.lesson = lesson
        self.wrong_attempts = 0
        self.setup_counts: list[int] = [0] * 26
        self.set_reactive(LessonScreen.index, start_step)

    @property
    def step(self) -> LessonStep:
        return self.lesson.steps[self.index]

    def applicable(self, action: str, parameters: tuple[object, ...] = ()) -> bool | None:
        """Whether ``action`` does something in the current step: the footer and the buttons both follow it
        (``None`` for an action the lesson leaves to :class:`TaskScreen`)."""
        step, open_task = self.step, not self.solved
        applicable = {
            "next": self.solved or isinstance(step, ReadStep),
            "undo": open_task and isinstance(step, PlayStep | SetupStep),
            "focus_notation": open_task and isinstance(step, PlayStep),
            "roll": open_task and isinstance(step, RollStep) and self.throws_seen < len(step.throws),
            "starter": open_task and isinstance(step, RollStep) and self.throws_seen > 0,
            "check_setup": open_task and isinstance(step, SetupStep),
            "remove_checker": open_task and isinstance(step, SetupStep),
            "option": open_task
            and isinstance(step, ChooseStep)
            and bool(parameters)
            and parameters[0] in range(1, len(step.options) + 1),
        }
        return applicable.get(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = self.applicable(action, parameters)
        return super().check_action(action, parameters) if applicable is None else applicable

    def answers_on_board(self) -> bool:
        """Whether the board takes choices now: an open play, pick or setup step."""
        return not self.solved and isinstance(self.step, PlayStep | PickStep | SetupStep)

    def accepts_moves(self) -> bool:
        return isinstance(self.step, PlayStep) and not self.solved and self.playing is not None

    # --- layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            VerticalScroll(SafeMarkdown(id="step-text"), OptionList(id="options"), classes="step-scroll"),
            FeedbackBar(id="feedback"),
            NotationInput(),
            Horizontal(
                Button("Continue", id="continue", variant="primary", action="screen.next"),
                Button("Roll", id="roll", action="screen.roll"),
                Button("I start", id="start-x", action="screen.starter('X')"),
                Button("O starts", id="start-o", action="screen.starter('O')"),
                Button("Check", id="check", action="screen.check_setup"),
                Button("Undo", id="undo", action="screen.undo"),
                classes="buttons",
            ),
        )
        yield Footer()

    def on_mount(self) -> None:
        self.show_step()

    def watch_index(self) -> None:
        self.show_step()

    def watch_solved(self) -> None:
        self.board.choosing = self.answers_on_board()
        self.refresh_buttons()

    def watch_throws_seen(self) -> None:
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        if self.applicable("next"):
            self.query_one("#continue", Button).label = "Finish lesson" if self.is_last_step() else "Continue"

    # --- showing a step -------------------------------------------------------------------------------

    def show_step(self) -> None:
        """Lay out the current step: text, board, the answer widgets it needs."""
        step = self.step
        self.wrong_attempts = 0
        self.solved = False
        self.throws_seen = 0
        self.playing = None
        self.task_layout.set_title(
            f" Lesson {self.lesson.number}: {self.lesson.title}   step {self.index + 1} of {len(self.lesson.steps)}"
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
        position = None if isinstance(step, RollStep) else step.board()
        dice = None if isinstance(step, RollStep) else step.roll()
        board.position = position or Position.start()
        board.dice = dice or ()
        board.turn_label = "" if is_roll else "to play"
        board.doubles_move_four = not is_roll  # an opening tie is two single dice
        if isinstance(step, PlayStep):
            assert position is not None and dice is not None
            self.playing = BoardPlay(board, position, dice)
            board.caption = "your roll"
        elif isinstance(step, SetupStep):
            self.setup_counts = [0] * 26
            self.show_setup()
        elif is_roll:
            board.caption = "press r or enter to roll"
        options = self.query_one("#options", OptionList)
        options.clear_options()
        if isinstance(step, ChooseStep):
            # Shown in an order of their own (the same every time), so the right answer isn't always first.
            order = list(range(len(step.options)))
            random.Random(f"{self.lesson.id}/{self.index}").shuffle(order)
            for number, original in enumerate(order, start=1):
                options.add_option(Option(Text(f"{number}. {step.options[original].text}"), id=str(original)))
        options.display = isinstance(step, ChooseStep)
        self.notation.display = isinstance(step, PlayStep)
        self.notation.value = ""
        self.refresh_buttons()
        self.store.set_resume_step(self.lesson.id, self.index)
        if isinstance(step, ChooseStep):
            options.focus()
            options.highlighted = 0
        else:
            board.focus()

    def is_last_step(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    # --- grading --------------------------------------------------------------------------------------

    def grade(self, feedback: Feedback) -> None:
        """Show the verdict; on success, record the step and offer Continue."""
        self.feedback.show_feedback(feedback)
        if not feedback.correct:
            self.wrong_attempts += 1
            return
        self.store.complete_step(self.lesson.id, self.index, first_try=self.wrong_attempts == 0)
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
        self.wrong_attempts += 1

    def played(self, play: Play, written: str) -> None:
        step = self.step
        assert isinstance(step, PlayStep)
        feedback = grade_play(step, play)
        self.grade(feedback)
        if feedback.correct:
            self.board.position = play.result
            self.board.used_dice = play.dice.moves[: play.dice_used]
            self.board.last_move = LastMove.of(play)
        else:
            self.reset_play()

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        step = self.step
        if not isinstance(step, PlayStep) or self.solved or not event.value.strip():
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
        if isinstance(step, ChooseStep) and not self.solved and event.option.id is not None:
            self.grade(grade_choice(step, int(event.option.id)))

    def action_option(self, number: int) -> None:
        """Answer a choose step with its option ``number`` as shown (1 for the first)."""
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
        self.board.dice = (mine, theirs)
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
        if self.is_last_step():
            self.finish()
        else:
            self.index += 1

    def finish(self) -> None:
        graded = self.lesson.graded_steps
        self.store.set_resume_step(self.lesson.id, 0)
        stars = len(self.store.lesson_progress(self.lesson.id).first_try & set(graded))
        self.app.pop_screen()
        self.app.notify(
            f"Lesson {self.lesson.number} complete: {stars} of {len(graded)} tasks right at the first try.",
            title=self.lesson.title,
            markup=False,
        )

    def action_undo(self) -> None:
        if isinstance(self.step, SetupStep):
            self.action_remove_checker()
        else:
            super().action_undo()

