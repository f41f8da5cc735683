"""The forced-move recognition drill: a position and a roll, and the question "forced, not forced, or no legal
play?" (keys ``f``, ``n``, ``p``); a roll rightly called forced is then played, on the board or typed. The engine's
reason follows every answer.

Modes (:data:`MODES`):

- **Practice**, untimed: the shipped positions not answered yet, each the one nearest the learner's rating among
  those of its part of the mix, then generated ones without end. The first answer to a shipped position is rated,
  and a miss comes back for review.
- **Streak**: until the first miss; the best streak is kept. Leaving a streak before a miss keeps it too.
- **Storm**: three minutes, as many as you can; a miss costs ten seconds; the best score is kept. A Storm left
  before its time is up is not kept.

Streak and Storm take the shipped positions shuffled, easy ones first within each part of the mix, then generated
ones; their answers are only stored (neither rated nor scheduled), and a Storm climbs from easy to hard. Every run
deals its positions in the mix drawn at random with target shares, no fixed cycle, the first few covering every kind
(:func:`~trainer.content.recognition.deal`). In Storm a right answer moves straight on, the reason staying in view. A
review shows one position due for review and ends (:class:`DrillScreen` with ``mode="review"``).

Streak and Storm run on :class:`~trainer.tui.screens.run_screen.RunScreen`, as the best-play runs do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from trainer.content.grading import Feedback
from trainer.content.models import RecognitionPuzzle
from trainer.content.recognition import (
    Answer,
    deal,
    drill,
    grade_recognition,
    grade_recognition_play,
    position_key,
    recognise,
)
from trainer.engine import Play
from trainer.i18n import N_
from trainer.practice.run import STORM_MISS_PENALTY, STORM_SECONDS, run_order
from trainer.shared.kinds import DRILL_MODES, DrillMode
from trainer.training.service import answer_puzzle, puzzles_near_rating
from trainer.tui.playing import BoardPlay
from trainer.tui.scenes import played_scene
from trainer.tui.screens.base import MenuPageScreen
from trainer.tui.screens.run_screen import RunScreen
from trainer.tui.screens.task_screen import SCROLL_PANEL_BINDINGS
from trainer.tui.widgets.board import BoardScene
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.wording import common as common_words
from trainer.tui.wording import drill as drill_words

Mode = Literal["practice", "review"] | DrillMode
MODES: tuple[Mode, ...] = ("practice", *DRILL_MODES)
Phase = Literal["ask", "play", "done", "over"]
"""``ask``: forced, not forced or no play?; ``play``: play the forced roll; ``done``: answered, enter goes on;
``over``: the Streak or Storm has ended."""
ANSWER_KEYS: dict[Answer, str] = {"forced": "f", "not forced": "n", "no play": "p"}
"""Each answer and the key that gives it (its button says both)."""


def drill_positions(
    shipped: Sequence[RecognitionPuzzle],
    mode: Mode,
    seed: int,
    *,
    answered: frozenset[str] = frozenset(),
    near: Callable[[Sequence[RecognitionPuzzle]], RecognitionPuzzle] | None = None,
) -> Iterator[RecognitionPuzzle]:
    """The positions of a run, dealt in the drill's mix (:func:`~trainer.content.recognition.deal`): practice takes
    the shipped ones not ``answered`` yet, ``near`` choosing each among those of its part of the mix left (in file
    order without it); Streak and Storm all of them shuffled by ``seed``, easy ones first within each part, so that a
    run climbs. Generated positions follow without end."""
    if mode in DRILL_MODES:
        yield from deal(run_order(shipped, seed), seed)
    else:
        yield from deal([puzzle for puzzle in shipped if puzzle.id not in answered], seed, pick=near)
    yield from drill(seed, exclude=[position_key(puzzle) for puzzle in shipped])


def answer_action(answer: Answer) -> str:
    """The screen's action that gives ``answer``."""
    return f"screen.answer({answer!r})"


class DrillMenuScreen(MenuPageScreen):
    """The drill's three modes, with the bests: keys 1-3, or the arrows and enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "start('practice')", N_("Practice")),
        Binding("2", "start('streak')", N_("Streak")),
        Binding("3", "start('storm')", N_("Storm")),
    ]

    MENU_ID = "drill-modes"

    def page_title(self) -> str:
        return drill_words.drill_title()

    def page_subtitle(self) -> str:
        return drill_words.drill_subtitle()

    def add_entries(self, menu: OptionList) -> None:
        streak, storm = self.store.drills.drill_best("streak"), self.store.drills.drill_best("storm")
        minutes = round(STORM_SECONDS / 60)
        menu.add_option(Option(drill_words.practice_mode(), id="practice"))
        menu.add_option(Option(drill_words.streak_mode(streak), id="streak"))
        menu.add_option(Option(drill_words.storm_mode(minutes, round(STORM_MISS_PENALTY), storm), id="storm"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id in MODES:
            self.action_start(event.option.id)

    def action_start(self, mode: Mode) -> None:
        if self.trainer.puzzles is not None:
            self.app.push_screen(DrillScreen(mode))


class DrillScreen(RunScreen[RecognitionPuzzle], inherit_bindings=False):
    """One drill run: a position and a roll at a time; answer, read the reason, go on.

    Its keys are its own (the answers first in the footer), the task screen's that apply declared again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", N_("Back")),
        Binding("f", "answer('forced')", N_("Forced")),
        Binding("n", "answer('not forced')", N_("Not forced")),
        Binding("p", "answer('no play')", N_("No legal play")),
        Binding("enter", "next", N_("Next")),
        Binding("a", "again", N_("Again")),
        Binding("b", "focus_board", N_("Board"), show=False),
        Binding("slash", "focus_notation", N_("Type a play")),
        Binding("u,backspace", "undo", N_("Undo")),
        *SCROLL_PANEL_BINDINGS,
        Binding("tab", "app.focus_next", N_("Next field"), show=False),
        Binding("shift+tab", "app.focus_previous", N_("Previous field"), show=False),
    ]

    phase: reactive[Phase] = reactive("ask", bindings=True)
    drill = "recognition"

    def __init__(self, mode: Mode, positions: Sequence[RecognitionPuzzle] | None = None) -> None:
        """A run of ``mode``; ``positions`` replaces the shipped ones and the generator (a review's one position)."""
        super().__init__()
        self.mode: Mode = mode
        self.given = list(positions) if positions is not None else None
        self.positions: Iterator[RecognitionPuzzle] = iter(())
        self.puzzle: RecognitionPuzzle | None = None
        self.shipped_ids: frozenset[str] = frozenset()
        self.started = time.monotonic()
        self.right = 0
        self.answered = 0
        self.set_reactive(DrillScreen.phase, "ask")  # so that an early check of the keys runs no watcher yet

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            VerticalScroll(Static(id="drill-prompt", markup=False), classes="step-scroll"),
            FeedbackBar(id="feedback"),
            NotationInput(),
            Vertical(
                *(
                    Button(
                        drill_words.answer_button(key, answer),
                        id=answer.replace(" ", "-"),
                        action=f"screen.answer({answer!r})",
                    )
                    for answer, key in ANSWER_KEYS.items()
                ),
                classes="answers",
            ),
            Horizontal(
                Button(common_words.next_label(), id="next", variant="primary", action="screen.next"),
                Button(drill_words.again_button(), id="again", variant="primary", action="screen.again"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    # --- the run ------------------------------------------------------------------------------------------

    @property
    def timed(self) -> bool:
        return self.mode in DRILL_MODES

    @property
    def ended(self) -> bool:
        return self.phase == "over"

    def start_run(self) -> None:
        """A new run: its positions, and in Streak and Storm a fresh score against the best."""
        library = self.trainer.puzzles
        shipped = [] if library is None else library.drills
        self.shipped_ids = frozenset(puzzle.id for puzzle in shipped)
        now = self.now()
        if self.given is not None:
            positions: Iterator[RecognitionPuzzle] = iter(self.given)
        else:
            answered = frozenset(
                attempt.puzzle_id
                for attempt in self.store.puzzles.all_puzzle_attempts()
                if attempt.question == "forced"
            )
            positions = drill_positions(shipped, self.mode, int(now), answered=answered, near=self.nearest)
        self.right = self.answered = 0
        if self.mode in DRILL_MODES:
            self.begin_run(self.mode, positions, now)
        else:
            self.positions = positions
        self.feedback.clear()
        self.show_next()

    def nearest(self, positions: Sequence[RecognitionPuzzle]) -> RecognitionPuzzle:
        """The position nearest the learner's rating now (as the puzzles are served), for practice."""
        return puzzles_near_rating(self.store, positions, self.now(), include_solved=True)[0]

    def show_next(self) -> None:
        """Put the next position on the board and ask."""
        puzzle = next(self.positions, None) if self.run is None else self.run.next_puzzle()
        if puzzle is None:  # only a review's own positions run out
            self.dismiss()
            return
        self.puzzle = puzzle
        self.started = time.monotonic()
        board = self.board
        board.scene = BoardScene(caption=drill_words.is_the_roll_forced())
        board.cursor_shown = False
        self.playing = BoardPlay(board, puzzle.board(), puzzle.roll())
        self.query_one(".step-heading", Static).update(drill_words.drill_question())
        self.query_one("#drill-prompt", Static).update(puzzle.prompt)
        self.notation.value = ""
        self.phase = "ask"
        self.show_title()
        self.refresh_controls()
        board.focus()

    def show_title(self) -> None:
        if self.run is not None:
            self.show_run_status()
        elif self.mode == "practice" and self.answered:
            self.show_status(drill_words.practice_status(self.right, self.answered))
        else:
            self.show_status("")

    def title_bar(self, status: str) -> str:
        return drill_words.drill_title_bar(self.mode, status)

    def watch_phase(self) -> None:
        self.refresh_controls()

    def refresh_controls(self) -> None:
        self.refresh_buttons()
        self.notation.display = self.phase == "play"
        self.board.choosing = self.phase == "play"

    def accepts_moves(self) -> bool:
        return self.phase == "play" and self.playing is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = {
            "answer": self.phase == "ask",
            "next": self.phase == "done",
            "again": self.phase == "over",
        }
        return applicable[action] if action in applicable else super().check_action(action, parameters)

    # --- answering ----------------------------------------------------------------------------------------

    def record(self, answer: str, correct: bool, *, question: Literal["forced", "play"]) -> None:
        """Store an answer: in practice and review, the shipped positions' answers count for the rating and the
        reviews; the rest are only stored."""
        assert self.puzzle is not None
        answer_puzzle(
            self.store,
            self.puzzle,
            answer,
            correct=correct,
            seconds=round(time.monotonic() - self.started, 2),
            now=self.now(),
            question=question,
            in_review=self.mode == "review",
            store_only=self.timed or self.puzzle.id not in self.shipped_ids,
        )

    def action_answer(self, answer: Answer) -> None:
        if self.phase != "ask" or self.puzzle is None or self.time_is_up():
            return
        feedback = grade_recognition(self.puzzle, answer)
        self.record(answer, feedback.correct, question="forced")
        verdict = recognise(self.puzzle.board(), self.puzzle.roll())
        several = verdict.play_count > 1
        caption = drill_words.recognised(verdict.answer, verdict.play_count if several else None)
        self.board.scene = replace(self.board.scene, caption=caption)
        if feedback.correct and verdict.play is not None:
            self.feedback.show_feedback(feedback)
            self.phase = "play"
            self.query_one(".step-heading", Static).update(drill_words.now_play_it())
            self.board.scene = replace(self.board.scene, caption=drill_words.forced_play_it())
            self.board.focus()
            return
        if not feedback.correct and verdict.play is not None and self.mode != "storm":
            self.show_play(verdict.play)
        self.item_done(feedback)

    def show_play(self, play: Play) -> None:
        """Show the only legal play on the board, from and to."""
        self.board.scene = replace(played_scene(self.board.scene, play), caption=drill_words.forced_only_play())

    def played(self, play: Play, written: str) -> None:
        self.grade_play(grade_recognition_play(self.puzzle, play) if self.puzzle else None, written)

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        if not self.accepts_moves() or not event.value.strip() or self.puzzle is None:
            return
        self.grade_play(grade_recognition_play(self.puzzle, event.value), event.value, typed=True)

    def grade_play(self, feedback: Feedback | None, written: str, *, typed: bool = False) -> None:
        """The play of a roll rightly called forced: right ends the item; an illegal one (or text that can't be read)
        gets its rule, is no answer and is not recorded, and the learner tries again."""
        if feedback is None:
            return
        if feedback.counts:
            self.record(written, feedback.correct, question="play")
        if feedback.correct:
            self.item_done(feedback)
            return
        self.feedback.show_feedback(feedback)
        self.reset_play()
        if typed:
            self.notation.focus()

    def item_done(self, feedback: Feedback) -> None:
        """An item is over, right or missed: score it by the mode and show the reason."""
        correct = feedback.correct
        self.answered += 1
        self.right += int(correct)
        run_over = self.run is not None and self.run.answer(correct, self.now()).over
        if self.run is not None and self.run.mode.timed:
            self.say_previous(feedback)
            if run_over:
                self.finish()
            else:
                self.show_next()  # at once, the reason staying in view
            return
        self.feedback.show_feedback(feedback)
        if run_over:
            self.finish()
            return
        self.phase = "done"
        self.query_one(".step-heading", Static).update(common_words.right_or_missed(correct))
        self.show_title()
        self.board.focus()

    def action_next(self) -> None:
        if self.phase != "done":
            return
        if self.mode == "review":
            self.dismiss()
            return
        self.feedback.clear()
        self.show_next()

    # --- Streak and Storm ---------------------------------------------------------------------------------

    def show_run_over(self, result: str) -> None:
        self.phase = "over"
        self.playing = None
        self.board.choosing = False
        self.board.scene = replace(self.board.scene, caption="")
        self.query_one("#drill-prompt", Static).update(result)
