"""Explore a position: paste a Position ID, XGID or text form (or start from the opening), set the dice, and
see every legal play and whether the roll is forced and why, each play with bgsage's evaluation (equity, winning
and gammon chances, the best marked); without dice, the cube decision. The evaluations run in a worker thread
(the first one loads bgsage), so typing never waits for them."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from trainer.engine import (
    Dice,
    EngineError,
    Play,
    Position,
    explain,
    parse_dice,
    read_position,
    sorted_plays,
)
from trainer.i18n import N_
from trainer.tui.playing import STEP_SECONDS, animate_play
from trainer.tui.scenes import played_scene, position_scene
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import TaskLayout
from trainer.tui.wording import common as common_words
from trainer.tui.wording import explore as explore_words

if TYPE_CHECKING:
    from trainer.analysis import CubeDecision, RankedPlay

RANK_PLIES = 1
"""The depth of Explore's evaluations: bgsage's network alone, a fraction of a second."""


def ranked_prompt(play: Play, item: RankedPlay | None) -> Text:
    """A play in the list: its notation, then (once evaluated) its rank (★ the best) and equity, and on a second line
    its winning (W) and gammon (G) chances."""
    if item is None:
        return Text(str(play))
    chances = item.chances
    return Text(
        explore_words.ranked_play(str(play), item.rank, item.equity, 100 * chances.win, 100 * chances.win_gammon)
    )


def caption_of(position: Position) -> str:
    """Under the board: the position's ID, or its text form where no ID can hold it (checkers waiting to enter)."""
    return position.text() if position.has_waiting() else explore_words.position_caption(position.position_id())


class ExploreScreen(TaskScreen):
    """A position, a roll, every legal play (in the order ``bgtrainer moves`` lists them, best first once ranked),
    each with bgsage's equity and chances once evaluated; highlight a play to see where it leaves the checkers, from
    and to, or choose it (enter) to see its checkers move one at a time. Without dice: the cube decision."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "swap", N_("Other side to roll"))]

    step_seconds = STEP_SECONDS
    """How long each checker move of a chosen play stays on the board before the next."""

    def __init__(self) -> None:
        super().__init__()
        self.position = Position.start()
        self.plays: tuple[Play, ...] = ()
        self.replay: Timer | None = None
        self.asked: tuple[Position, Dice | None] | None = None
        """What the evaluation under way is for (a later question makes its answer stale)."""

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(explore_words.position_field(), classes="field-label", markup=False),
            Input("start", id="position-input", placeholder=explore_words.position_placeholder()),
            Static(explore_words.dice_field(), classes="field-label", markup=False),
            Input("31", id="dice-input", placeholder=explore_words.dice_placeholder()),
            FeedbackBar(id="feedback"),
            Static(id="explanation", classes="explanation", markup=False),
            Static(id="evaluation", markup=False),
            OptionList(id="plays"),
            title=" " + explore_words.explore_title(),
        )
        yield KeysFooter()

    def accepts_moves(self) -> bool:
        return False

    def on_mount(self) -> None:
        self.board.choosing = False  # the board only shows here
        self.board.cursor_shown = False
        self.update_view()
        self.query_one("#position-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.update_view()
        if event.input.id == "position-input":
            self.query_one("#dice-input", Input).focus()
        else:
            self.query_one("#plays", OptionList).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Keep the plays in step with what is typed (a half-typed entry just shows what is wrong with it)."""
        self.update_view()

    def update_view(self) -> None:
        """Read both inputs; show the board and the plays, or say what is wrong with the input."""
        plays_list = self.query_one("#plays", OptionList)
        explanation_box = self.query_one("#explanation", Static)
        self.stop_replay()
        try:
            try:
                position, xgid_dice = read_position(
                    self.query_one("#position-input", Input).value, allow_finished=False
                )
            except EngineError as error:
                raise EngineError(explore_words.unreadable_position(str(error))) from error
            dice_text = self.query_one("#dice-input", Input).value.strip()
            dice = parse_dice(dice_text) if dice_text else xgid_dice
        except EngineError as error:
            self.feedback.show(str(error), "wrong")
            self.plays = ()
            plays_list.clear_options()
            explanation_box.update("")
            self.evaluate(None, None)
            return
        self.feedback.clear()
        self.position = position
        self.board.scene = position_scene(position, dice, caption_of(position))
        plays_list.clear_options()
        if dice is None:
            self.plays = ()
            explanation_box.update(explore_words.no_dice())
            self.evaluate(position, None)
            return
        explanation = explain(position, dice)
        self.plays = () if explanation.no_play else sorted_plays(explanation.plays)
        explanation_box.update(explanation.text)
        for index, play in enumerate(self.plays):
            plays_list.add_option(Option(Text(str(play)), id=str(index)))
        self.evaluate(position, dice)

    # --- the evaluation -------------------------------------------------------------------------------------

    def evaluate(self, position: Position | None, dice: Dice | None) -> None:
        """Ask bgsage for the ranking of the plays (or, without dice, the cube decision) in a worker."""
        note = self.query_one("#evaluation", Static)
        self.asked = None
        if position is None or (dice is not None and not self.plays):
            note.update("")  # nothing to evaluate: bad input, or no legal play
            return
        if position.has_waiting():
            note.update(explore_words.not_judged_waiting())
            return
        self.asked = (position, dice)
        note.update(explore_words.evaluating())
        self._evaluate(position, dice)

    @work(thread=True, exclusive=True, group="explore-evaluation", exit_on_error=False)
    def _evaluate(self, position: Position, dice: Dice | None) -> None:
        try:
            evaluator = self.trainer.load_evaluator()
            result: list[RankedPlay] | CubeDecision = (
                evaluator.rank_plays(position, dice, RANK_PLIES)
                if dice is not None
                else evaluator.cube_decision(position, RANK_PLIES)
            )
        except Exception as error:  # the evaluator's refusal, in its words
            self.app.call_from_thread(self._evaluated, (position, dice), error)
            return
        self.app.call_from_thread(self._evaluated, (position, dice), result)

    def _evaluated(
        self, asked: tuple[Position, Dice | None], result: list[RankedPlay] | CubeDecision | Exception
    ) -> None:
        if asked != self.asked or not self.is_mounted:
            return  # the position or the dice have changed since
        note = self.query_one("#evaluation", Static)
        if isinstance(result, Exception):
            note.update(explore_words.not_evaluated(common_words.shown(str(result))))
            return
        if not isinstance(result, list):
            note.update(explore_words.cube_decision(result))
            return
        by_result = {item.play.result: item for item in result}
        plays_list = self.query_one("#plays", OptionList)
        highlighted = plays_list.highlighted
        kept = self.plays[highlighted] if highlighted is not None and highlighted < len(self.plays) else None
        unranked = len(result) + 1
        self.plays = tuple(
            sorted(self.plays, key=lambda play: by_result[play.result].rank if play.result in by_result else unranked)
        )
        plays_list.clear_options()
        for index, play in enumerate(self.plays):
            plays_list.add_option(Option(ranked_prompt(play, by_result.get(play.result)), id=str(index)))
        if kept is not None:
            plays_list.highlighted = self.plays.index(kept)
        note.update(explore_words.ranked_by(RANK_PLIES, str(result[0].play)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show where the highlighted play leaves the checkers, its moves marked from and to."""
        if event.option.id is None:
            return
        self.stop_replay()
        self.board.scene = played_scene(self.board.scene, self.plays[int(event.option.id)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Play the chosen play out on the board, one checker at a time."""
        if event.option.id is None:
            return
        self.stop_replay()
        self.replay = animate_play(self.board, self.plays[int(event.option.id)], interval=self.step_seconds)

    def stop_replay(self) -> None:
        if self.replay is not None:
            self.replay.stop()
            self.replay = None

    def action_swap(self) -> None:
        self.query_one("#position-input", Input).value = self.position.swap().identifier()
        self.update_view()
