"""What the Play screen shows and allows, decided without the screen: :class:`PlayPresenter` reads a
:class:`~trainer.play.PlayableGame` (and what the screen has picked so far, :class:`Picked`) and returns values: the
commands that apply now (:class:`Command`), the status line, what to do next (:class:`Next`: the computer's turn to
run in a worker, the dice to play, a double to choose, the summary), the board scenes, each step of the computer's
turn (:class:`ComputerStep`), what a decision did (:class:`Reaction`), the cube's actions to take (:class:`GameAct`),
a hint (:class:`HintView`), a mistake's boards and the summary at the end (:class:`SummaryView`). The screen (no
decision of its own) shows them, and runs the workers they ask for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from trainer.analysis import RankedPlay
from trainer.engine import Dice, Play, Position, Side, explain
from trainer.play import (
    Action,
    ChoseDouble,
    Event,
    Hint,
    Mistake,
    Opened,
    Outcome,
    PlayableGame,
    Played,
    Rolled,
    Verdict,
    Waiting,
)
from trainer.play import wording as play_wording
from trainer.play.game import PlayHint
from trainer.tui.scenes import (
    computer_event_scene,
    game_scene,
    hint_scene,
    mistake_scene,
    table_scene,
    verdict_scene,
)
from trainer.tui.widgets.scene import BoardScene
from trainer.tui.wording import game as game_words


class Command(Enum):
    """Something the player may ask of the Play screen (a key or a button), when it applies."""

    CONFIRM = "confirm"
    GO_ON = "go on"
    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"
    TAKE_BACK = "take back"
    HINT = "hint"
    TOGGLE_VIEW = "toggle view"
    TOGGLE_TUTOR = "toggle tutor"
    NEXT_GAME = "next game"
    CHOOSE_DOUBLE = "choose double"
    UNDO = "undo"
    TYPE_PLAY = "type a play"


CUBE_ACTIONS: dict[Command, Action] = {
    Command.DOUBLE: Action.DOUBLE,
    Command.TAKE: Action.TAKE,
    Command.PASS: Action.PASS,
    Command.BEAVER: Action.BEAVER,
}
"""The cube's commands and the game's actions they take."""


class Next(Enum):
    """What the game waits for once the board shows it as it stands."""

    COMPUTER_TURN = "computer turn"  # run the computer's turn in a worker, then play it out
    MOVE = "move"  # the dice to play, on the board or typed
    CHOOSE_DOUBLE = "choose double"  # the six doubles to choose from (acey-deucey)
    SUMMARY = "summary"  # the game or match is over
    DECIDE = "decide"  # roll or double, answer a double, start the next game: the status says which


Tone = Literal["right", "wrong", "info"]


@dataclass(frozen=True, slots=True)
class Said:
    """A message of the feedback bar, and how it reads (right, wrong, or for information)."""

    text: str
    tone: Tone


@dataclass(frozen=True, slots=True)
class Picked:
    """What the screen has picked so far: an evaluation or animation under way (``busy``), the tutor's mistake it
    stopped on (``paused``), a whole play waiting to be confirmed (``complete``), a turn being played on the board
    (``playing``) and whether a checker of it has moved (``moved``)."""

    busy: bool = False
    paused: Verdict | None = None
    complete: Play | None = None
    playing: bool = False
    moved: bool = False

    @property
    def idle(self) -> bool:
        """Nothing under way, no mistake shown: the player's decisions apply."""
        return not self.busy and self.paused is None


@dataclass(frozen=True, slots=True)
class MoveStart:
    """The dice to play by ``side`` from ``position``: their legal plays (``plays``, the game's own, for the turn on
    the board), the status line, what the feedback bar says (``None``: it is cleared), and whether the roll cannot be
    played (``no_play``: the empty play waits to be confirmed)."""

    side: Side
    position: Position
    dice: Dice
    plays: tuple[Play, ...]
    status: str
    said: Said | None
    no_play: bool


@dataclass(frozen=True, slots=True)
class ComputerStep:
    """A step of the computer's turn: the board after it (``None``: a play, animated checker by checker from
    ``play``), the status line, the line for what happened (``None``: none)."""

    scene: BoardScene | None
    status: str
    line: str | None
    play: Play | None = None
    side: Side = Side.O


@dataclass(frozen=True, slots=True)
class Reaction:
    """What a decision did: the ``line`` for what happened (empty: none), the mistake to stop on (``pause``), what
    the feedback bar says (``said``; ``clear`` empties it; neither: it stays) and whether that is said once the
    board shows what comes next (``said_after``, overriding what the next turn says)."""

    line: str
    pause: Verdict | None = None
    said: Said | None = None
    clear: bool = False
    said_after: bool = False


@dataclass(frozen=True, slots=True)
class GameAct:
    """An action of the game to take: ``job`` takes it and returns what it did; ``working`` is the status line while
    it evaluates."""

    job: Callable[[], Outcome]
    working: str


@dataclass(frozen=True, slots=True)
class HintView:
    """A hint: what the feedback bar says, and the plays to list (every legal play ranked, best first; empty for a
    hint on the cube)."""

    said: Said
    plays: tuple[RankedPlay, ...]


@dataclass(frozen=True, slots=True)
class SummaryView:
    """The end of the game or match: the summary's ``text``, the learner's ``mistakes`` and the line listing each."""

    text: str
    mistakes: tuple[Mistake, ...]
    lines: tuple[str, ...]


class PlayPresenter:
    """The Play screen's decisions about ``game``, as values (see the module)."""

    def __init__(self, game: PlayableGame) -> None:
        self.game = game
        self.setup = game.setup

    # --- who is who ----------------------------------------------------------------------------------------------

    def deciding(self) -> Side:
        """The side whose decision the screen takes now (X between decisions)."""
        return self.game.deciding or Side.X

    def names(self) -> tuple[str, str]:
        """What X and O are called on the board."""
        return play_wording.role_name(self.game.role(Side.X)), play_wording.role_name(self.game.role(Side.O))

    def viewer(self) -> Side:
        """Whose numbering the board's points show: the side deciding between two players, else X."""
        return self.deciding() if self.setup.two_players else Side.X

    # --- what applies now ------------------------------------------------------------------------------------------

    def commands(self, picked: Picked) -> frozenset[Command]:
        """The commands that apply now, given what the screen has picked."""
        game = self.game
        waiting = game.waiting_for
        allowed = game.allowed if picked.idle else frozenset()
        paused = picked.paused
        tutored = self.setup.evaluated
        applies = {
            Command.CONFIRM: picked.idle and picked.complete is not None,
            Command.GO_ON: not picked.busy and paused is not None,
            Command.ROLL: Action.ROLL in allowed,
            # Once the game or match is over, only a mistake the tutor stopped on can still be taken back.
            Command.TAKE_BACK: not picked.busy
            and game.can_take_back
            and picked.complete is None
            and (not game.is_over or paused is not None),
            Command.HINT: picked.idle and tutored and waiting in (Waiting.ROLL, Waiting.MOVE, Waiting.ANSWER),
            Command.TOGGLE_VIEW: not picked.busy and paused is not None and paused.best_play is not None,
            Command.TOGGLE_TUTOR: tutored,
            Command.NEXT_GAME: Action.NEXT_GAME in allowed,
            Command.CHOOSE_DOUBLE: Action.CHOOSE_DOUBLE in allowed,
            Command.UNDO: picked.idle and picked.playing and picked.moved,
            Command.TYPE_PLAY: picked.idle and waiting is Waiting.MOVE,
            **{command: act in allowed for command, act in CUBE_ACTIONS.items()},
        }
        return frozenset(command for command, applied in applies.items() if applied)

    def accepts_moves(self, picked: Picked) -> bool:
        """Whether checkers may be moved on the board now."""
        return picked.idle and picked.playing and picked.complete is None

    def shows_notation(self, picked: Picked) -> bool:
        """Whether the box to type a play is shown."""
        return picked.idle and self.game.waiting_for is Waiting.MOVE and picked.playing

    def next(self) -> Next:
        """What the game waits for now."""
        waiting = self.game.waiting_for
        steps = {
            Waiting.COMPUTER: Next.COMPUTER_TURN,
            Waiting.MOVE: Next.MOVE,
            Waiting.CHOOSE_DOUBLE: Next.CHOOSE_DOUBLE,
            Waiting.OVER: Next.SUMMARY,
        }
        return steps.get(waiting, Next.DECIDE)

    def status(self) -> str:
        """The status line for what the game waits for now (after an action, or once a hint is closed)."""
        game, side = self.game, self.deciding()
        waiting = game.waiting_for
        role = game.role(side)
        if waiting is Waiting.ROLL:
            may_double = Action.DOUBLE in game.allowed
            return game_words.roll_prompt(role, side, bonus=self.is_bonus_roll(side), may_double=may_double)
        if waiting is Waiting.MOVE and game.dice is not None:
            return game_words.move_prompt(role, side, game.dice)
        if waiting is Waiting.ANSWER:
            doubler = game.role(side.other)
            return game_words.answer_prompt(doubler, side.other, role, side, 2 * game.cube.value)
        if waiting is Waiting.CHOOSE_DOUBLE:
            return game_words.choose_double_prompt(role, side)
        if waiting is Waiting.NEXT_GAME:
            result = game.results[-1] if game.results else None
            said = play_wording.game_result(result, self.setup) if result is not None else ""
            return game_words.next_game_prompt(said)
        if waiting is Waiting.OVER:
            return game_words.game_over(match=bool(self.setup.match_length))
        return ""

    def is_bonus_roll(self, side: Side, index: int | None = None) -> bool:
        """Whether ``side`` rolls again (now, or at event ``index``) after a chosen double played in full
        (acey-deucey)."""
        events = self.game.events[:index]
        if not events:
            return False
        last = events[-1]
        return isinstance(last, Played) and last.side is side and last.dice.chosen

    # --- the board -------------------------------------------------------------------------------------------------

    def opened_scene(self) -> BoardScene:
        """The board as the game is opened (see :func:`~trainer.tui.scenes.game_scene`)."""
        return game_scene(self.game, self.names(), self.viewer())

    def table_scene(self, scene: BoardScene) -> BoardScene:
        """The board as the game stands (the last move still marked)."""
        return table_scene(scene, self.game, self.viewer())

    # --- lines for what happened -------------------------------------------------------------------------------

    def opening_line(self) -> str | None:
        """Who won the opening roll of the game under way, when nothing else has happened in it yet."""
        events = self.game.events
        event = events[-1] if events else None
        if not isinstance(event, Opened):
            return None
        roles = (self.game.role(Side.X), self.game.role(Side.O))
        return game_words.opening(event, roles, self.game.game_number, acey_deucey=self.setup.acey_deucey)

    def resumed_line(self) -> str | None:
        """That the game was resumed where it was (``None`` for a game that has just started)."""
        events = self.game.events
        if not events or isinstance(events[-1], Opened):
            return None
        return game_words.game_resumed(self.game.game_number)

    # --- the player's turn -----------------------------------------------------------------------------------------

    def move_start(self) -> MoveStart:
        """The dice to play now: forced rolls and rolls that cannot be played are explained."""
        state = self.game.state
        dice = state.dice
        assert dice is not None
        side = self.deciding()
        role = self.game.role(side)
        plays = self.game.legal_plays()
        explanation = explain(state.position, dice, plays)
        said = Said(explanation.text, "info") if explanation.forced or explanation.no_play else None
        no_play = explanation.no_play
        prompt = game_words.no_play_prompt if no_play else game_words.move_prompt
        return MoveStart(side, state.position, dice, plays, prompt(role, side, dice), said, no_play=no_play)

    def moves_so_far(self, notation: str) -> str:
        """The status line while a turn is played on the board: the moves made so far (``notation``)."""
        side = self.deciding()
        return game_words.moves_so_far(self.game.role(side), side, notation)

    def play_made(self, play: Play, written: str) -> str:
        """The status line once a whole play is made (``written`` as moved or typed), waiting to be confirmed."""
        side = self.deciding()
        return game_words.play_made(self.game.role(side), side, written or str(play))

    def cube_act(self, command: Command, picked: Picked) -> GameAct | None:
        """The cube's action ``command`` gives (double, take, pass or beaver), if it applies now."""
        action = CUBE_ACTIONS.get(command)
        if action is None or command not in self.commands(picked):
            return None
        game = self.game
        jobs: dict[Action, Callable[[], Outcome]] = {
            Action.DOUBLE: game.double,
            Action.TAKE: game.take,
            Action.PASS: game.drop,
            Action.BEAVER: game.beaver,
        }
        return GameAct(jobs[action], game_words.cube_working(action.value))

    def after(self, outcome: Outcome, *, note: str | None = None) -> Reaction:
        """What a decision did: say so, and stop on a mistake (a missed double is said, the dice being out)."""
        event, verdict = outcome.event, outcome.verdict
        line = game_words.event_line(self.game.role(event.side), event, note=note)
        if outcome.lost is not None:
            return Reaction(line, said=Said(play_wording.turn_lost(outcome.lost), "info"), said_after=True)
        rolled = isinstance(event, Rolled)
        if verdict is not None and verdict.is_mistake:
            if not rolled:
                return Reaction(line, pause=verdict)
            explanation = outcome.explanation
            forced = explanation.text if explanation and (explanation.forced or explanation.no_play) else None
            return Reaction(line, said=tutor_said(verdict, "wrong", forced), said_after=True)
        if rolled:
            return Reaction(line)
        if verdict is not None:
            return Reaction(line, said=tutor_said(verdict, "right"))
        return Reaction(line, clear=True)

    # --- a mistake shown ---------------------------------------------------------------------------------------

    def mistake_prompt(self, verdict: Verdict) -> str:
        """The status line while a mistake is shown."""
        can_view = verdict.best_play is not None
        return game_words.mistake_prompt(verdict, take_back=self.game.can_take_back, view=can_view)

    def mistake_said(self, verdict: Verdict) -> Said:
        """What the feedback bar says while a mistake is shown."""
        return tutor_said(verdict, "wrong")

    def verdict_board(self, scene: BoardScene, verdict: Verdict, *, better: bool) -> BoardScene | None:
        """The board showing the better play (``better``) or the one chosen, with its equity; ``None`` when the
        verdict has no such play (a cube decision): the board stays as it is."""
        play = verdict.best_play if better else verdict.chosen_play
        if play is None:
            return None
        equity = verdict.best_equity if better else verdict.chosen_equity
        caption = game_words.verdict_caption(str(play), equity, better=better)
        return verdict_scene(scene, verdict, better=better, caption=caption)

    # --- hints -------------------------------------------------------------------------------------------------

    def hint_view(self, hint: Hint) -> HintView:
        """What a hint shows: the ranked plays to list and the advice, or the advice on the cube."""
        advice = play_wording.hint_advice(hint)
        if isinstance(hint, PlayHint):
            return HintView(Said(game_words.hint_plays(advice), "info"), hint.ranked)
        return HintView(Said(game_words.hint_cube(advice, hint), "info"), ())

    def hint_board(self, scene: BoardScene, item: RankedPlay) -> BoardScene:
        """The board showing a play of the hint's ranking, with its rank and equity."""
        return hint_scene(scene, item, game_words.hint_caption(item.rank, str(item.play), item.equity))

    # --- the end -----------------------------------------------------------------------------------------------

    def summary_view(self) -> SummaryView:
        """The end: the result and error rate, the learner's mistakes and their lines."""
        report = self.game.summary()
        lines = [play_wording.summary_text(report)]
        if report.mistakes:
            lines.append(game_words.your_mistakes())
        mistake_lines = tuple(game_words.mistake_line(mistake) for mistake in report.mistakes)
        return SummaryView("\n".join(lines), report.mistakes, mistake_lines)

    def mistake_board(self, scene: BoardScene, mistake: Mistake) -> BoardScene:
        """A mistake from the summary on the board: the position before it and the better play."""
        return mistake_scene(scene, mistake, game_words.mistake_caption(mistake))

    # --- the computer's turn -----------------------------------------------------------------------------------

    def computer_step(self, scene: BoardScene, event: Event) -> ComputerStep:
        """A step of the computer's turn on the board ``scene`` shows: its roll, its chosen double, its play (to
        animate) or its cube action."""
        role = self.game.role(event.side)
        if isinstance(event, Played):
            line = game_words.event_line(role, event, lost=self.game.turn_lost(event))
            return ComputerStep(None, game_words.computer_plays(role, event.play), line, event.play, event.side)
        if isinstance(event, Opened):
            raise AssertionError("the opening roll is never the computer's turn")  # pragma: no cover
        shown = computer_event_scene(scene, event)
        if isinstance(event, Rolled):
            bonus = self.is_bonus_roll(event.side, event.index)
            return ComputerStep(shown, game_words.computer_rolled(role, event.dice, bonus=bonus), None)
        if isinstance(event, ChoseDouble):
            said = game_words.computer_chose(role, event.dice.first)
            return ComputerStep(shown, said, said)
        status, line = game_words.computer_cube(role, event)
        return ComputerStep(shown, status, line)


def tutor_said(verdict: Verdict, tone: Tone, forced: str | None = None) -> Said:
    """What the tutor says of ``verdict`` on the feedback bar (after it, why the roll was forced: ``forced``)."""
    return Said(game_words.tutor_says(play_wording.verdict_text(verdict), forced), tone)
