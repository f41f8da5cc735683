"""The timed counting drills: count the shots (how many of the 36 rolls hit) or the pips (yours or O's) of a
position, typed as a number. Each answer is timed from the moment its position is shown; the verdict gives the time,
the right number and the working (the hitting rolls, or the pips point by point). A round is :data:`ROUND`
positions of the shipped ones, those never answered (nor shown in this screen) first, easy ones first in the round;
it ends on a summary (right answers, the average time, the averages of ten right answers and whether the best one
improved).

Answers are stored, not rated; the averages of ten (:func:`~trainer.practice.counting.counting_figures`) are worked
out from every stored answer to the drill's positions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Sequence
from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Button, Static

from trainer.content.counting import grade_drill_count, read_number
from trainer.content.models import CountPuzzle, PipsPuzzle, ShotsPuzzle
from trainer.content.puzzles import PuzzleLibrary
from trainer.i18n import N_
from trainer.practice.counting import ROUND, TEN, CountingFigures, CountingRound, counting_figures, is_new_best_ten
from trainer.training.service import answer_puzzle
from trainer.tui.screens.task_screen import SCROLL_PANEL_BINDINGS, TaskScreen
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.scene import BoardScene, TurnCue
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.wording import common as common_words
from trainer.tui.wording import counting as counting_words
from trainer.tui.wording import task as task_words

CountingKind = Literal["shots", "pips"]
COUNTED: dict[CountingKind, type[CountPuzzle]] = {"shots": ShotsPuzzle, "pips": PipsPuzzle}
"""The positions each counting drill takes."""
Phase = Literal["wait", "ask", "done", "over"]
"""``wait``: the positions are loading; ``ask``: a position to count; ``done``: answered, enter goes on; ``over``:
the round's summary, enter or ``a`` starts another."""


def round_positions(
    pool: Sequence[CountPuzzle], seen: Collection[str], seed: int, *, size: int = ROUND, shuffle: bool = True
) -> list[CountPuzzle]:
    """A round's positions out of ``pool``: ``size`` of them (fewer if the pool is smaller), those not ``seen`` yet
    first, drawn at random by ``seed`` (in the pool's order without ``shuffle``), then put easy first."""
    fresh = [puzzle for puzzle in pool if puzzle.id not in seen]
    again = [puzzle for puzzle in pool if puzzle.id in seen]
    if shuffle:
        chance = random.Random(seed)
        chance.shuffle(fresh)
        chance.shuffle(again)
    chosen = (fresh + again)[:size]
    if shuffle:
        chosen.sort(key=lambda puzzle: puzzle.difficulty)
    return chosen


class CountingScreen(TaskScreen, inherit_bindings=False):
    """A counting drill, one round at a time: a position, the number typed and timed, the verdict, the next.

    Its keys are its own (no play is made on the board), the task screen's that apply declared again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", N_("Back")),
        Binding("enter", "next", N_("Next")),
        Binding("enter,a", "again", N_("Another round")),
        Binding("slash", "focus_answer", N_("Type the answer")),
        Binding("b", "focus_board", N_("Board"), show=False),
        *SCROLL_PANEL_BINDINGS,
    ]

    phase: reactive[Phase] = reactive("wait", bindings=True)

    def __init__(self, kind: CountingKind, positions: Sequence[CountPuzzle] | None = None) -> None:
        """A drill of ``kind``; ``positions`` replaces the shipped ones (taken in their order)."""
        super().__init__()
        self.kind: CountingKind = kind
        self.given = list(positions) if positions is not None else None
        self.positions: list[CountPuzzle] = []
        self.puzzle: CountPuzzle | None = None
        self.seen: set[str] = set()
        self.round = CountingRound()
        self.started = time.monotonic()
        self.before = counting_figures(())
        self.figures = counting_figures(())
        self.new_best = False
        self.set_reactive(CountingScreen.phase, "wait")  # so that an early check of the keys runs no watcher yet

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            VerticalScroll(Static(id="counting-prompt", markup=False), classes="step-scroll"),
            Static(id="counting-figures", markup=False),
            FeedbackBar(id="feedback"),
            NotationInput(task_words.type_a_number_placeholder()),
            Horizontal(
                Button(common_words.next_label(), id="next", variant="primary", action="screen.next"),
                Button(counting_words.another_round_button(), id="again", variant="primary", action="screen.again"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    # --- the round ----------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(".step-heading", Static).update(counting_words.counting_title(self.kind))
        self.refresh_controls()
        if self.given is not None:
            self.start_round()
        else:
            self.watch(self.trainer, "puzzles", self.library_loaded)

    def library_loaded(self, library: PuzzleLibrary | None) -> None:
        """Start the first round once the shipped positions are loaded."""
        if library is None:
            self.query_one("#counting-prompt", Static).update(counting_words.counting_loading())
        elif self.phase == "wait":
            self.start_round()

    def pool(self) -> list[CountPuzzle]:
        """The positions the drill takes its rounds from: the given ones, or the shipped ones of its kind."""
        if self.given is not None:
            return self.given
        library = self.trainer.puzzles
        counted = COUNTED[self.kind]
        return [] if library is None else [puzzle for puzzle in library.counts if isinstance(puzzle, counted)]

    def stored_figures(self) -> CountingFigures:
        """The figures of every stored answer to the drill's positions (their count, not revealed)."""
        from trainer.practice.stats import Records, counting_drill_figures

        library = self.trainer.puzzles
        positions = [*self.pool(), *([] if library is None else library.counts)]
        figures = counting_drill_figures(positions, Records(attempts=self.store.puzzles.all_puzzle_attempts()))
        return figures[self.kind]

    def start_round(self) -> None:
        """A new round: its positions, and the figures it is measured against."""
        pool = self.pool()
        answered = {attempt.puzzle_id for attempt in self.store.puzzles.all_puzzle_attempts()}
        self.positions = round_positions(pool, self.seen | answered, int(self.now()), shuffle=self.given is None)
        if not self.positions:
            self.query_one("#counting-prompt", Static).update(counting_words.counting_loading())
            return
        self.round = CountingRound(size=len(self.positions))
        self.figures = self.before = self.stored_figures()
        self.new_best = False
        self.feedback.clear()
        self.show_next()

    def show_next(self) -> None:
        """Put the round's next position on the board and ask."""
        puzzle = self.positions[self.round.answered]
        self.puzzle = puzzle
        self.seen.add(puzzle.id)
        board = self.board
        board.cursor_shown = False
        if isinstance(puzzle, ShotsPuzzle):
            board.scene = BoardScene(
                position=puzzle.board(),
                cue=TurnCue.NONE,
                marked=frozenset(puzzle.targets),
                caption=task_words.shots_caption(len(puzzle.targets)),
            )
            prompt = counting_words.counting_prompt(puzzle.kind, None, len(puzzle.targets))
        else:
            board.scene = BoardScene(
                position=puzzle.board(), cue=TurnCue.NONE, pip_counts=False, caption=task_words.pips_caption()
            )
            prompt = counting_words.counting_prompt(puzzle.kind, puzzle.side, 0)
        self.query_one(".step-heading", Static).update(counting_words.counting_title(self.kind))
        self.query_one("#counting-prompt", Static).update(prompt)
        self.notation.value = ""
        self.phase = "ask"
        self.show_status()
        self.notation.focus()
        self.started = time.monotonic()

    def show_status(self) -> None:
        """The title bar (the position, this round's right answers and average) and the averages of ten."""
        number = min(self.round.answered + (self.phase == "ask"), self.round.size)
        self.task_layout.set_title(
            " "
            + counting_words.counting_title_bar(
                self.kind, number, self.round.size, self.round.right, self.round.average
            )
        )
        figures = self.figures
        self.query_one("#counting-figures", Static).update(
            counting_words.counting_figures_line(figures.last_ten, figures.best_ten, max(1, TEN - figures.right))
        )

    def watch_phase(self) -> None:
        self.refresh_controls()

    def refresh_controls(self) -> None:
        self.refresh_buttons()
        self.notation.display = self.phase == "ask"
        self.query_one("#counting-figures", Static).display = self.phase != "over"  # the summary says them
        self.board.choosing = False

    def accepts_moves(self) -> bool:
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = {
            "next": self.phase == "done",
            "again": self.phase == "over",
            "focus_answer": self.phase == "ask" and self.focused is not self.notation,
        }
        return applicable[action] if action in applicable else super().check_action(action, parameters)

    # --- answering ----------------------------------------------------------------------------------------

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        text = event.value
        if self.phase != "ask" or self.puzzle is None or not text.strip():
            return
        feedback = grade_drill_count(self.puzzle, text)
        number = read_number(text)
        if number is None:  # no number: asked again, not an answer
            self.feedback.show(feedback.message, "info")
            self.notation.value = ""
            return
        seconds = round(time.monotonic() - self.started, 2)
        answer_puzzle(
            self.store,
            self.puzzle,
            str(number),
            correct=feedback.correct,
            seconds=seconds,
            now=self.now(),
            question="play",
            store_only=True,
        )
        self.round = self.round.answer(feedback.correct, seconds)
        self.figures = self.stored_figures()
        self.feedback.show(
            counting_words.timed_answer(seconds, feedback.message), "right" if feedback.correct else "wrong"
        )
        if isinstance(self.puzzle, PipsPuzzle):
            self.board.scene = BoardScene(position=self.puzzle.board(), cue=TurnCue.NONE)  # the counts, shown now
        self.query_one(".step-heading", Static).update(common_words.right_or_missed(feedback.correct))
        self.phase = "done"
        self.show_status()
        self.board.focus()

    def action_next(self) -> None:
        if self.phase != "done":
            return
        if self.round.over:
            self.finish()
        else:
            self.feedback.clear()
            self.show_next()

    def finish(self) -> None:
        """The round's summary: right answers, the average time, the averages of ten and a new best."""
        self.new_best = is_new_best_ten(self.before, self.figures)
        figures = counting_words.counting_figures_line(
            self.figures.last_ten, self.figures.best_ten, max(1, TEN - self.figures.right)
        )
        self.phase = "over"
        self.feedback.clear()
        self.query_one(".step-heading", Static).update(counting_words.round_over())
        self.query_one("#counting-prompt", Static).update(
            counting_words.round_summary(
                self.round.right, self.round.size, self.round.average, figures, new_best=self.new_best
            )
        )
        self.show_status()

    def action_again(self) -> None:
        if self.phase == "over":
            self.start_round()

    def action_focus_answer(self) -> None:
        if self.phase == "ask":
            self.type_in_box()

    def box_open(self) -> bool:
        return self.phase == "ask"

    def action_leave(self) -> None:
        self.app.pop_screen()
