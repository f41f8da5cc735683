"""The timed knowledge drills, one round of :data:`~trainer.practice.counting.ROUND` questions at a time, like the
counting drills (:mod:`trainer.tui.screens.counting`):

- **Match equity**: your chances of winning the match at a score, typed as a percentage;
- **Take points**: your take point when O doubles you at a score, typed as a percentage;
- **Keith count**: a race on the board (the pip counts shown: the drill is the count's adjustments), you on roll:
  your Keith count typed, then the verdict chosen with the keys 1 to 3.

Each answer is timed from the moment its question is shown (for the Keith count, to the verdict). The verdict gives
the time, the right answer and the working: all of it after a miss, its last step after a right answer. The round
ends on a summary like the counting drills'. The questions are drawn at random
(:mod:`trainer.practice.knowledge`); the answers are stored through the training service, neither rated nor
scheduled, and the figures (the averages of ten right answers) are worked out from every stored answer of the drill.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Button, Static

from trainer.content.models import CubePuzzle
from trainer.content.puzzles import PuzzleLibrary
from trainer.engine.cube import Cube
from trainer.engine.side import Side
from trainer.i18n import N_
from trainer.practice.counting import TEN, CountingFigures, CountingRound, counting_figures, is_new_best_ten
from trainer.practice.knowledge import (
    KeithQuestion,
    KnowledgeQuestion,
    MetQuestion,
    TakeQuestion,
    drill_questions,
    keith_pool,
    read_count,
    read_percent,
)
from trainer.shared.kinds import KnowledgeDrill
from trainer.training.service import answer_knowledge
from trainer.tui.screens.task_screen import SCROLL_PANEL_BINDINGS, TaskScreen
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.scene import BoardScene, TurnCue
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.wording import common as common_words
from trainer.tui.wording import counting as counting_words
from trainer.tui.wording import knowledge as knowledge_words
from trainer.tui.wording import task as task_words

Phase = Literal["wait", "ask", "verdict", "done", "over"]
"""``wait``: the race positions are loading; ``ask``: a question to answer in the box; ``verdict``: the Keith count
typed, its verdict to choose; ``done``: answered, enter goes on; ``over``: the round's summary, enter or ``a`` starts
another."""


def keith_races(library: PuzzleLibrary | None) -> list[KeithQuestion]:
    """The Keith count's questions: the shipped cube puzzles' races (:func:`~trainer.practice.knowledge.keith_pool`),
    the cube the side on roll's where the puzzle gives it."""
    if library is None:
        return []
    positions = (
        (puzzle.id, puzzle.board(), puzzle.cube_owner == "player")
        for puzzle in library.puzzles
        if isinstance(puzzle, CubePuzzle) and not puzzle.personal
    )
    return keith_pool(positions)


class KnowledgeScreen(TaskScreen, inherit_bindings=False):
    """A knowledge drill, one round at a time: a question, the answer typed and timed, the verdict with the working,
    the next. Its keys are its own (no play is made on the board), the task screen's that apply declared again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", N_("Back")),
        Binding("enter", "next", N_("Next")),
        Binding("enter,a", "again", N_("Another round")),
        Binding("slash", "focus_answer", N_("Type the answer")),
        Binding("1", "verdict(1)", N_("Verdict"), show=False),
        Binding("2", "verdict(2)", N_("Verdict"), show=False),
        Binding("3", "verdict(3)", N_("Verdict"), show=False),
        Binding("b", "focus_board", N_("Board"), show=False),
        *SCROLL_PANEL_BINDINGS,
    ]

    phase: reactive[Phase] = reactive("wait", bindings=True)

    def __init__(self, drill: KnowledgeDrill, questions: Sequence[KnowledgeQuestion] | None = None) -> None:
        """A round of ``drill``; ``questions`` replaces the ones drawn at random (each round asks them again)."""
        super().__init__()
        self.drill: KnowledgeDrill = drill
        self.given = list(questions) if questions is not None else None
        self.questions: list[KnowledgeQuestion] = []
        self.question: KnowledgeQuestion | None = None
        self.count: int | None = None
        """The Keith count typed, while its verdict is asked."""
        self.round = CountingRound()
        self.started = time.monotonic()
        self.before = counting_figures(())
        self.figures = counting_figures(())
        self.new_best = False
        self.set_reactive(KnowledgeScreen.phase, "wait")

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            VerticalScroll(Static(id="knowledge-prompt", markup=False), classes="step-scroll"),
            Static(id="knowledge-figures", markup=False),
            FeedbackBar(id="feedback"),
            NotationInput(task_words.type_a_number_placeholder()),
            Vertical(
                *(
                    Button(
                        knowledge_words.verdict_label(number, verdict, redouble=False),
                        id=f"verdict-{number}",
                        action=f"screen.verdict({number})",
                    )
                    for number, verdict in enumerate(knowledge_words.VERDICT_ORDER, start=1)
                ),
                id="verdicts",
                classes="buttons",
            ),
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
        self.heading(knowledge_words.knowledge_title(self.drill))
        self.refresh_controls()
        if self.drill == "keith" and self.given is None:
            self.watch(self.trainer, "puzzles", self.library_loaded)
        else:
            self.start_round()

    def library_loaded(self, library: PuzzleLibrary | None) -> None:
        """Start the first round once the shipped races are loaded."""
        if library is None:
            self.prompt(knowledge_words.knowledge_loading())
        elif self.phase == "wait":
            self.start_round()

    def heading(self, text: str) -> None:
        self.query_one(".step-heading", Static).update(text)

    def prompt(self, text: str) -> None:
        self.query_one("#knowledge-prompt", Static).update(text)

    def stored_figures(self) -> CountingFigures:
        """The figures of every stored answer to the drill."""
        from trainer.practice.stats import knowledge_drill_figures

        return knowledge_drill_figures(self.store.knowledge.knowledge_answers(self.drill))[self.drill]

    def draw(self) -> list[KnowledgeQuestion]:
        """A round's questions: the given ones, or drawn at random (by the time)."""
        if self.given is not None:
            return list(self.given)
        return drill_questions(self.drill, int(self.now()), keith_races(self.trainer.puzzles))

    def start_round(self) -> None:
        """A new round: its questions, and the figures it is measured against."""
        self.questions = self.draw()
        if not self.questions:
            self.prompt(knowledge_words.knowledge_loading())
            return
        self.round = CountingRound(size=len(self.questions))
        self.figures = self.before = self.stored_figures()
        self.new_best = False
        self.feedback.clear()
        self.show_next()

    def show_next(self) -> None:
        """Show the round's next question and ask."""
        question = self.questions[self.round.answered]
        self.question = question
        self.count = None
        board = self.board
        board.cursor_shown = False
        if isinstance(question, KeithQuestion):
            cube = Cube(2, Side.X) if question.redouble else Cube()
            board.scene = BoardScene(position=question.position, cue=TurnCue.NONE, cube=cube)
            text = knowledge_words.keith_prompt(redouble=question.redouble)
        elif isinstance(question, TakeQuestion):
            board.scene = BoardScene(cube=Cube(question.cube, Side.O if question.cube > 1 else None))
            text = knowledge_words.take_prompt(
                question.taker_away, question.doubler_away, question.cube, post_crawford=question.post_crawford
            )
        else:
            board.scene = BoardScene()
            text = knowledge_words.met_prompt(question)
        self.heading(knowledge_words.knowledge_title(self.drill))
        self.prompt(text)
        self.notation.value = ""
        self.phase = "ask"
        self.show_status()
        self.notation.focus()
        self.started = time.monotonic()

    def show_status(self) -> None:
        """The title bar (the question, this round's right answers and average) and the averages of ten."""
        number = min(self.round.answered + (self.phase in ("ask", "verdict")), self.round.size)
        title = knowledge_words.knowledge_title(self.drill)
        self.task_layout.set_title(
            " " + counting_words.title_bar(title, number, self.round.size, self.round.right, self.round.average)
        )
        figures = self.figures
        self.query_one("#knowledge-figures", Static).update(
            counting_words.counting_figures_line(figures.last_ten, figures.best_ten, max(1, TEN - figures.right))
        )

    def watch_phase(self) -> None:
        self.refresh_controls()

    def refresh_controls(self) -> None:
        self.refresh_buttons()
        self.notation.display = self.phase == "ask"
        self.query_one("#verdicts").display = self.phase == "verdict"
        self.query_one("#knowledge-figures", Static).display = self.phase != "over"
        self.board.choosing = False

    def accepts_moves(self) -> bool:
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = {
            "next": self.phase == "done",
            "again": self.phase == "over",
            "focus_answer": self.phase == "ask" and self.focused is not self.notation,
            "verdict": self.phase == "verdict",
        }
        return applicable[action] if action in applicable else super().check_action(action, parameters)

    # --- answering ----------------------------------------------------------------------------------------

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        text = event.value
        question = self.question
        if self.phase != "ask" or question is None or not text.strip():
            return
        if isinstance(question, KeithQuestion):
            count = read_count(text)
            if count is None:
                self.ask_again(knowledge_words.not_a_count())
                return
            self.ask_verdict(question, count)
            return
        percent = read_percent(text)
        if percent is None:
            self.ask_again(knowledge_words.not_a_percentage())
            return
        correct = question.grade(percent)
        if isinstance(question, MetQuestion):
            expected = question.chance
            lines: tuple[str, ...] = (knowledge_words.met_working(question),)
        else:
            take = question.take
            expected = take.point
            working = knowledge_words.take_working(take)
            lines = tuple(working.splitlines()) if not correct else tuple(working.splitlines()[-1:])
        self.answered(
            question, text.strip(), correct, knowledge_words.percent_verdict(correct, percent, expected), lines
        )

    def ask_again(self, message: str) -> None:
        """Text that is no answer: said so, and asked again (not an answer)."""
        self.feedback.show(message, "info")
        self.notation.value = ""

    def ask_verdict(self, question: KeithQuestion, count: int) -> None:
        """The Keith count typed: now its verdict, by the keys 1 to 3 (or the buttons)."""
        self.count = count
        for number, verdict in enumerate(knowledge_words.VERDICT_ORDER, start=1):
            label = knowledge_words.verdict_label(number, verdict, redouble=question.redouble)
            self.query_one(f"#verdict-{number}", Button).label = label
        self.prompt(knowledge_words.keith_verdict_prompt(count))
        self.feedback.clear()
        self.phase = "verdict"
        self.show_status()
        self.board.focus()

    def action_verdict(self, number: int) -> None:
        question, count = self.question, self.count
        if self.phase != "verdict" or not isinstance(question, KeithQuestion) or count is None:
            return
        verdict = knowledge_words.VERDICT_ORDER[number - 1]
        correct = question.grade(count, verdict)
        working = knowledge_words.keith_working(question.count)
        lines = tuple(working.splitlines()) if not correct else tuple(working.splitlines()[-1:])
        said = knowledge_words.keith_verdict(correct, count, verdict, question.count)
        self.prompt(knowledge_words.keith_prompt(redouble=question.redouble))
        self.answered(question, f"{count} {verdict.value}", correct, said, lines)

    def answered(
        self, question: KnowledgeQuestion, answer: str, correct: bool, said: str, lines: tuple[str, ...]
    ) -> None:
        """Store a timed answer and show the verdict with the working."""
        seconds = round(time.monotonic() - self.started, 2)
        answer_knowledge(self.store, self.drill, question.key, answer, correct=correct, seconds=seconds, now=self.now())
        self.round = self.round.answer(correct, seconds)
        self.figures = self.stored_figures()
        self.feedback.show(counting_words.timed_answer(seconds, said), "right" if correct else "wrong", lines=lines)
        self.heading(common_words.right_or_missed(correct))
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
        self.heading(counting_words.round_over())
        self.prompt(
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
