"""A lesson, step by step, on a real board: every answer is graded by the rules engine."""

from __future__ import annotations

import random
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from trainer.content.grading import Feedback, grade_choice, grade_pick, grade_play, grade_roll, grade_setup
from trainer.content.models import ChooseStep, Lesson, PickStep, PlayStep, ReadStep, RollStep, SetupStep
from trainer.engine import CHECKERS, OFF, Position, Side, parse_play
from trainer.store import ProgressStore
from trainer.tui.board import BoardView
from trainer.tui.playing import BoardPlay, Refused

KIND_NAMES = {"read": "Read", "play": "Play", "pick": "Pick a point", "choose": "Choose", "setup": "Set up",
              "roll": "Opening roll"}  # fmt: skip


class LessonScreen(Screen[None]):
    """One lesson: the board on the left, the step's text, feedback and answers on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "back", "Back"),
        Binding("n", "next", "Next"),
        Binding("u,backspace", "undo", "Undo"),
        Binding("slash", "focus_notation", "Type a play"),
        Binding("b", "focus_board", "Board"),
        Binding("r", "roll", "Roll"),
        Binding("x", "starter('X')", "I start"),
        Binding("o", "starter('O')", "O starts"),
        Binding("c", "check_setup", "Check"),
        Binding("minus,delete", "remove_checker", "Remove"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer only the keys that do something in the current step."""
        step = self.step
        open_task = not self.solved
        applicable = {
            "next": self.solved or isinstance(step, ReadStep),
            "undo": open_task and isinstance(step, PlayStep | SetupStep),
            "focus_notation": open_task and isinstance(step, PlayStep),
            "roll": open_task and isinstance(step, RollStep) and self.throws_seen < len(step.throws),
            "starter": open_task and isinstance(step, RollStep) and self.throws_seen > 0,
            "check_setup": open_task and isinstance(step, SetupStep),
            "remove_checker": open_task and isinstance(step, SetupStep),
        }
        return applicable.get(action, True)

    def __init__(self, lesson: Lesson, *, start_step: int = 0) -> None:
        super().__init__()
        self.lesson = lesson
        self.index = start_step
        self.wrong_attempts = 0
        self.solved = False
        self.finished = False
        self.playing: BoardPlay | None = None
        self.setup_counts: list[int] = [0] * 26
        self.throws_seen = 0

    # --- layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-title")
        with Horizontal(id="lesson-body"):
            yield BoardView(id="board")
            with Vertical(id="panel"):
                yield Static(id="step-heading")
                with VerticalScroll(id="step-scroll"):
                    yield Markdown(id="step-text")
                    yield OptionList(id="options")
                yield Static(id="feedback")
                yield Input(id="notation", placeholder="type a play, e.g. 24/18 13/8", select_on_focus=False)
                with Horizontal(id="buttons"):
                    yield Button("Continue", id="continue", variant="primary", action="screen.next")
                    yield Button("Roll", id="roll", action="screen.roll")
                    yield Button("I start", id="start-x", action="screen.starter('X')")
                    yield Button("O starts", id="start-o", action="screen.starter('O')")
                    yield Button("Check", id="check", action="screen.check_setup")
                    yield Button("Undo", id="undo", action="screen.undo")
        yield Footer()

    def on_mount(self) -> None:
        self.show_step()

    @property
    def store(self) -> ProgressStore | None:
        store = getattr(self.app, "store", None)
        return store if isinstance(store, ProgressStore) else None

    @property
    def step(self) -> ReadStep | PlayStep | SetupStep | ChooseStep | PickStep | RollStep:
        return self.lesson.steps[self.index]

    # --- showing a step -------------------------------------------------------------------------------

    def show_step(self) -> None:
        """Lay out the current step: text, board, the answer widgets it needs."""
        step = self.step
        self.wrong_attempts = 0
        self.solved = False
        self.playing = None
        self.throws_seen = 0
        self.query_one("#lesson-title", Static).update(
            f" Lesson {self.lesson.number}: {self.lesson.title}   step {self.index + 1} of {len(self.lesson.steps)}"
        )
        heading = KIND_NAMES[step.kind] if not isinstance(step, ReadStep) or not step.title else step.title
        self.query_one("#step-heading", Static).update(heading)
        text = step.text if isinstance(step, ReadStep) else step.prompt
        self.query_one("#step-text", Markdown).update(text)
        self.set_feedback(None)
        board = self.query_one(BoardView)
        board.selected = None
        board.targets = frozenset()
        board.marked = frozenset()
        board.used_dice = ()
        board.caption = ""
        position = step.board() if not isinstance(step, RollStep) else None
        dice = step.roll() if not isinstance(step, RollStep) else None
        board.position = position or Position.start()
        board.dice = dice or ()
        board.turn_label = "" if isinstance(step, RollStep) else "to play"
        board.doubles_move_four = not isinstance(step, RollStep)  # an opening tie is two single dice
        if isinstance(step, PlayStep):
            assert position is not None and dice is not None
            self.playing = BoardPlay(board, position, dice)
            board.caption = "your roll"
        elif isinstance(step, SetupStep):
            self.setup_counts = [0] * 26
            self.show_setup()
        elif isinstance(step, RollStep):
            board.position = Position.start()
            board.caption = "press r to roll"
        options = self.query_one("#options", OptionList)
        options.clear_options()
        if isinstance(step, ChooseStep):
            # Shown in an order of their own (the same every time), so the right answer isn't always first.
            order = list(range(len(step.options)))
            random.Random(f"{self.lesson.id}/{self.index}").shuffle(order)
            for number, original in enumerate(order, start=1):
                options.add_option(Option(f"{number}. {step.options[original].text}", id=str(original)))
        options.display = isinstance(step, ChooseStep)
        self.query_one("#notation", Input).display = isinstance(step, PlayStep)
        self.query_one("#notation", Input).value = ""
        self.show_buttons()
        store = self.store
        if store is not None:
            store.set_resume_step(self.lesson.id, self.index)
        if isinstance(step, ChooseStep):
            options.focus()
            options.highlighted = 0
        elif isinstance(step, ReadStep):
            self.query_one("#continue", Button).focus()
        elif isinstance(step, RollStep):
            self.query_one("#roll", Button).focus()
        else:
            board.focus()

    def show_buttons(self) -> None:
        self.refresh_bindings()
        step = self.step
        done = self.solved or isinstance(step, ReadStep)
        visible = {
            "continue": done,
            "roll": isinstance(step, RollStep) and not self.solved,
            "start-x": isinstance(step, RollStep) and not self.solved and self.throws_seen > 0,
            "start-o": isinstance(step, RollStep) and not self.solved and self.throws_seen > 0,
            "check": isinstance(step, SetupStep) and not self.solved,
            "undo": isinstance(step, PlayStep | SetupStep) and not self.solved,
        }
        for button_id, shown in visible.items():
            self.query_one(f"#{button_id}", Button).display = shown
        if done:
            self.query_one("#continue", Button).label = "Finish lesson" if self.is_last_step() else "Continue"

    def is_last_step(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    def set_feedback(self, feedback: Feedback | None, *, prefix: str = "") -> None:
        widget = self.query_one("#feedback", Static)
        widget.remove_class("right", "wrong")
        if feedback is None:
            widget.update("")
            widget.display = False
            return
        widget.display = True
        message = " ".join(feedback.message.split())  # authored text may carry hard line breaks
        if feedback.correct:
            widget.add_class("right")
            widget.update(f"✓ {message}")
        else:
            widget.add_class("wrong")
            label = "✗ Illegal: " if feedback.illegal else "✗ "
            widget.update(prefix + label + message)

    # --- grading --------------------------------------------------------------------------------------

    def grade(self, feedback: Feedback) -> None:
        """Show the verdict; on success, record the step and offer Continue."""
        self.set_feedback(feedback)
        if not feedback.correct:
            self.wrong_attempts += 1
            return
        self.solved = True
        store = self.store
        if store is not None:
            store.complete_step(self.lesson.id, self.index, first_try=self.wrong_attempts == 0)
        board = self.query_one(BoardView)
        board.selected = None
        board.targets = frozenset()
        self.show_buttons()
        self.query_one("#continue", Button).focus()

    def on_board_view_point_chosen(self, event: BoardView.PointChosen) -> None:
        step = self.step
        if self.solved:
            return
        if isinstance(step, PickStep):
            feedback = grade_pick(step, event.point)
            if feedback.correct:
                self.query_one(BoardView).marked = frozenset({event.point})
            self.grade(feedback)
        elif isinstance(step, PlayStep):
            self.board_move(event.point)
        elif isinstance(step, SetupStep):
            if event.secondary:
                self.remove_checker(event.point)
            else:
                self.add_checker(event.point)

    def board_move(self, point: int) -> None:
        """A click during a play step: select a checker, move it, and grade the play once it is complete."""
        if self.playing is None:
            return
        outcome = self.playing.choose(point)
        self.query_one("#notation", Input).value = self.playing.turn.notation()
        if isinstance(outcome, Refused):
            self.set_feedback(Feedback(False, outcome.reason, illegal=outcome.illegal))
            if outcome.illegal:
                self.wrong_attempts += 1
        elif outcome is not None:
            self.set_feedback(None)
            step = self.step
            assert isinstance(step, PlayStep)
            feedback = grade_play(step, outcome)
            self.grade(feedback)
            if not feedback.correct:
                self.set_turn_back()
        else:
            self.set_feedback(None)

    def set_turn_back(self) -> None:
        """After a legal play that misses the goal, put the checkers back for another try."""
        if self.playing is not None:
            self.playing.reset()
        self.query_one("#notation", Input).value = ""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        step = self.step
        if not isinstance(step, PlayStep) or self.solved or not event.value.strip():
            return
        feedback = grade_play(step, event.value)
        self.grade(feedback)
        if feedback.correct:
            position, dice = step.board(), step.roll()
            assert position is not None and dice is not None
            play = parse_play(position, dice, event.value)
            board = self.query_one(BoardView)
            board.position = play.result
            board.used_dice = dice.moves[: play.dice_used]
        else:
            self.set_turn_back()
            notation = self.query_one("#notation", Input)
            notation.value = event.value
            notation.cursor_position = len(event.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        step = self.step
        if isinstance(step, ChooseStep) and not self.solved and event.option.id is not None:
            self.grade(grade_choice(step, int(event.option.id)))

    # --- setup and roll steps -------------------------------------------------------------------------

    def show_setup(self) -> None:
        board = self.query_one(BoardView)
        placed = sum(self.setup_counts[1:25])
        player = list(self.setup_counts)
        player[OFF] = CHECKERS - placed
        board.position = Position(player, Position.start().opponent)
        board.caption = f"to place: {CHECKERS - placed}"

    def add_checker(self, point: int) -> None:
        if not 1 <= point <= 24:
            self.set_feedback(Feedback(False, "Checkers go on the points 1 to 24.", illegal=True))
            return
        if Position.start().opponent[25 - point]:
            self.set_feedback(Feedback(False, f"O's checkers stand on point {point}: it's not yours.", illegal=True))
            return
        if sum(self.setup_counts[1:25]) >= CHECKERS:
            self.set_feedback(Feedback(False, "All 15 checkers are placed: remove one first (right-click or -)."))
            return
        self.setup_counts[point] += 1
        self.set_feedback(None)
        self.show_setup()

    def remove_checker(self, point: int) -> None:
        if 1 <= point <= 24 and self.setup_counts[point]:
            self.setup_counts[point] -= 1
            self.set_feedback(None)
            self.show_setup()

    def action_remove_checker(self) -> None:
        if isinstance(self.step, SetupStep) and not self.solved:
            self.remove_checker(self.query_one(BoardView).cursor)

    def action_check_setup(self) -> None:
        step = self.step
        if isinstance(step, SetupStep) and not self.solved:
            feedback = grade_setup(self.setup_counts)
            self.grade(Feedback(True, step.explanation) if feedback.correct else feedback)

    def action_roll(self) -> None:
        step = self.step
        if not isinstance(step, RollStep) or self.solved or self.throws_seen >= len(step.throws):
            return
        self.throws_seen += 1
        mine, theirs = step.throws[self.throws_seen - 1]
        board = self.query_one(BoardView)
        board.dice = (mine, theirs)
        tie = "  tie: roll again" if mine == theirs else ""
        board.caption = f"you threw {mine}, O threw {theirs}{tie}"
        self.set_feedback(None)
        self.show_buttons()
        self.query_one("#roll", Button).display = self.throws_seen < len(step.throws)

    def action_starter(self, side: str) -> None:
        step = self.step
        if isinstance(step, RollStep) and not self.solved:
            self.grade(grade_roll(step, self.throws_seen, Side.from_name(side)))

    # --- navigation -----------------------------------------------------------------------------------

    def action_next(self) -> None:
        if not (self.solved or isinstance(self.step, ReadStep)):
            return
        if self.is_last_step():
            self.finish()
            return
        self.index += 1
        self.show_step()

    def finish(self) -> None:
        store = self.store
        graded = self.lesson.graded_steps
        if store is not None:
            store.set_resume_step(self.lesson.id, 0)
            progress = store.lesson_progress(self.lesson.id)
            stars = len(progress.first_try & set(graded))
        else:
            stars = 0
        self.app.pop_screen()
        self.app.notify(
            f"Lesson {self.lesson.number} complete: {stars} of {len(graded)} tasks right at the first try.",
            title=self.lesson.title,
        )

    def action_undo(self) -> None:
        if self.solved:
            return
        if isinstance(self.step, PlayStep) and self.playing is not None and self.playing.undo():
            self.query_one("#notation", Input).value = self.playing.turn.notation()
            self.set_feedback(None)
        elif isinstance(self.step, SetupStep):
            self.remove_checker(self.query_one(BoardView).cursor)

    def action_focus_notation(self) -> None:
        if isinstance(self.step, PlayStep):
            self.query_one("#notation", Input).focus()

    def action_focus_board(self) -> None:
        self.query_one(BoardView).focus()

    def action_back(self) -> None:
        if isinstance(self.focused, Input):  # escape while typing leaves the box, not the lesson
            self.query_one(BoardView).focus()
            return
        self.app.pop_screen()
