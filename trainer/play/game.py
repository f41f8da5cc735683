"""One protocol for every game the Play screen drives: :class:`PlayableGame`, which a game against bgsage
(:class:`~trainer.play.session.Session`) and a game without it (:class:`~trainer.play.local.LocalGame`) both implement.

The values it speaks in: what may be done now (:class:`Action`), who each side is to the people at the keyboard
(:class:`Role`), what an action did (:class:`Outcome`, the same type whatever the game), how the game is set up
(:class:`GameSetup`), a turn cut short in acey-deucey (:class:`TurnLost`) and the result so far (:class:`Summary`).
Words for all of them are in :mod:`trainer.play.wording`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

from trainer.engine import (
    Cube,
    Dice,
    Explanation,
    GameResult,
    GameState,
    MatchId,
    MatchScore,
    MoneyOptions,
    Play,
    Position,
    Side,
    WinKind,
    gnubg_id,
)

if TYPE_CHECKING:
    from trainer.play.table import CubeEvent, Event, Waiting
    from trainer.play.tutor import ErrorRate, Verdict


class Action(StrEnum):
    """Something the side deciding may do now."""

    ROLL = "roll"
    DOUBLE = "double"
    PLAY = "play"
    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"
    CHOOSE_DOUBLE = "choose"
    NEXT_GAME = "next game"


class Attempt(StrEnum):
    """Something tried at the wrong time that is not one of the :class:`Action` values (a refusal names it)."""

    MOVE_A_CHECKER = "move a checker"
    COMPUTER_TURN = "let the computer play"


class Role(Enum):
    """Who a side of the board is, to the people at the keyboard."""

    LEARNER = "learner"
    """You, against the computer."""
    COMPUTER = "computer"
    FIRST_PLAYER = "first player"
    """Of two players at one keyboard, the one playing X."""
    SECOND_PLAYER = "second player"

    @property
    def is_learner(self) -> bool:
        """Whether this is the learner playing the computer (addressed as "you")."""
        return self is Role.LEARNER


Players = Literal["computer", "two"]
PLAYERS: tuple[Players, ...] = ("computer", "two")


@dataclass(frozen=True, slots=True)
class GameSetup:
    """How a game is set up: the rules (``variant``), against the computer or two players at one keyboard
    (``players``), a money game or single game (``match_length`` 0) or a match, the computer's ``level`` when bgsage
    plays it (``None`` otherwise), the money ``options`` in force and whether the doubling ``cube`` is used."""

    variant: str
    players: Players
    match_length: int
    level: str | None = None
    options: MoneyOptions = field(default_factory=MoneyOptions)
    cube: bool = True

    @property
    def roles(self) -> tuple[Role, Role]:
        """Who X and O are."""
        if self.players == "two":
            return (Role.FIRST_PLAYER, Role.SECOND_PLAYER)
        return (Role.LEARNER, Role.COMPUTER)

    def role(self, side: Side) -> Role:
        """Who ``side`` is."""
        return self.roles[0] if side is Side.X else self.roles[1]

    @property
    def evaluated(self) -> bool:
        """Whether bgsage plays and judges this game (its actions take evaluations: run them off the event loop)."""
        return self.level is not None

    @property
    def two_players(self) -> bool:
        return self.players == "two"

    @property
    def acey_deucey(self) -> bool:
        return self.variant == "acey-deucey"


@dataclass(frozen=True, slots=True)
class TurnLost:
    """In acey-deucey, the rest of a turn lost because a part of it could not be played in full: the 1-2
    (``double`` ``None``), or the chosen double ``double`` of which only ``played`` moves could be played."""

    double: int | None = None
    played: int = 0


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one action did: the ``event``; the tutor's ``verdict`` (``None`` without a tutor or nothing to judge);
    after a roll, the ``explanation`` of the roll (forced or not, and why); after a play that ended a turn early in
    acey-deucey, what was ``lost``."""

    event: Event
    verdict: Verdict | None = None
    explanation: Explanation | None = None
    lost: TurnLost | None = None

    @property
    def result(self) -> GameResult | None:
        """How the game ended, if this action ended it."""
        return self.event.result


@dataclass(frozen=True, slots=True)
class ComputerTurn:
    """The computer's actions until someone else must decide, in order: a double, a roll and a play, an answer to
    a double, a chosen double... each an :class:`~trainer.play.table.Event` (``play.moves`` checker by checker, in
    the computer's numbering)."""

    events: tuple[Event, ...]

    @property
    def dice(self) -> Dice | None:
        """The dice the computer rolled, if it rolled."""
        from trainer.play.table import Rolled

        return next((event.dice for event in self.events if isinstance(event, Rolled)), None)

    @property
    def play(self) -> Play | None:
        """The play the computer made, if it played."""
        from trainer.play.table import Played

        return next((event.play for event in self.events if isinstance(event, Played)), None)

    @property
    def cube_actions(self) -> tuple[CubeEvent, ...]:
        """Its doubles, takes, passes and beavers."""
        from trainer.play.table import CubeEvent

        return tuple(event for event in self.events if isinstance(event, CubeEvent))

    @property
    def result(self) -> GameResult | None:
        """How the game ended, if the computer's turn ended it."""
        return self.events[-1].result if self.events else None


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision of the learner the tutor flagged: where (game, the learner's board before it, dice, cube, score)
    and the verdict, with the better play or action."""

    game: int
    index: int
    board: Position
    dice: Dice | None
    cube: Cube
    score: MatchScore
    verdict: Verdict
    state: GameState

    @property
    def gnubg_id(self) -> str:
        """``POSID:MATCHID`` of the decision, the learner on roll (for Explore, or GNU Backgammon)."""
        from dataclasses import replace

        match_id = replace(MatchId.from_state(self.state), on_roll=Side.X)
        return gnubg_id(self.board, match_id)


@dataclass(frozen=True, slots=True)
class Summary:
    """A game so far or at its end: how it is set up, the score, each game's result, the winner once over, and,
    where a tutor watches (``tutored``), the learner's mistakes in order and the error rate per decision
    (``judged`` is false when the tutor never judged)."""

    setup: GameSetup
    finished: bool
    score: MatchScore
    results: tuple[GameResult, ...]
    winner: Side | None
    mistakes: tuple[Mistake, ...] = ()
    error_rate: ErrorRate | None = None
    judged: bool = False
    tutored: bool = False


_WIN_KIND_CODES = {WinKind.SINGLE: "single", WinKind.GAMMON: "gammon", WinKind.BACKGAMMON: "backgammon"}
_OLD_MONEY_RESULT = re.compile(
    r"You (?P<won>won|lost) a (?P<kind>single game|gammon|backgammon) for (?P<points>\d+) points?"
    r"(?P<passed> \(the double was passed\))?\."
)
_OLD_MATCH_RESULT = re.compile(r"You (?P<won>won|lost) the \d+-point match \d+-\d+\.")


@dataclass(frozen=True, slots=True)
class StoredResult:
    """How a finished game against the computer ended, from the learner's side, as the store keeps it: words of its
    own (:meth:`code`: ``won gammon 2``, ``lost single 1 passed``, ``won match``), never a sentence, so that it is
    said in the language in use when shown. A match (``kind`` ``None``) is said with the score the store keeps
    beside it; a money game by its ``kind`` of win, its ``points`` and whether a double was ``passed``."""

    learner_won: bool
    kind: WinKind | None = None
    points: int = 0
    passed: bool = False

    @classmethod
    def of(cls, summary: Summary) -> StoredResult | None:
        """The result of a finished game (``None`` while it is under way)."""
        if summary.setup.match_length:
            return None if summary.winner is None else cls(summary.winner is Side.X)
        if not summary.results:
            return None
        result = summary.results[0]
        return cls(result.winner is Side.X, result.kind, result.points, result.passed)

    def code(self) -> str:
        """The words the store keeps (see the class)."""
        won = "won" if self.learner_won else "lost"
        if self.kind is None:
            return f"{won} match"
        return f"{won} {_WIN_KIND_CODES[self.kind]} {self.points}{' passed' if self.passed else ''}"

    @classmethod
    def read(cls, text: str) -> StoredResult | None:
        """The result a stored text gives: the words of :meth:`code`, or the English sentence that releases before
        them stored (``You lost a single game for 1 point (the double was passed).``); ``None`` for any other
        text (a sentence in another language, shown as it is)."""
        words = text.split()
        kinds = {code: kind for kind, code in _WIN_KIND_CODES.items()}
        if words in (["won", "match"], ["lost", "match"]):
            return cls(words[0] == "won")
        money = len(words) >= 3 and words[0] in ("won", "lost") and words[1] in kinds and words[2].isdigit()
        if money and words[3:] in ([], ["passed"]):
            return cls(words[0] == "won", kinds[words[1]], int(words[2]), words[3:] == ["passed"])
        if found := _OLD_MATCH_RESULT.fullmatch(text):
            return cls(found["won"] == "won")
        if found := _OLD_MONEY_RESULT.fullmatch(text):
            kind = {"single game": WinKind.SINGLE, "gammon": WinKind.GAMMON, "backgammon": WinKind.BACKGAMMON}
            return cls(found["won"] == "won", kind[found["kind"]], int(found["points"]), bool(found["passed"]))
        return None


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """A game against the computer (bgsage) as the store saves it: its id, its record (JSON text) and what a list of
    games shows."""

    game_id: str
    record: str
    match_length: int
    level: str
    learner_score: int
    computer_score: int
    finished: bool
    result: str | None
    """The :meth:`StoredResult.code` of a finished game."""


@dataclass(frozen=True, slots=True)
class LocalSaveInfo:
    """A game without bgsage (acey-deucey against the computer, two players) as the store saves it."""

    game_id: str
    record: str
    finished: bool


class PlayableGame(Protocol):
    """A game the Play screen drives: what it waits for, what the side deciding may do, the actions (each returning an
    :class:`Outcome`), the computer's turns, and what the tutor says where there is one.

    :class:`~trainer.play.session.Session` (against bgsage, with the cube and the tutor) and
    :class:`~trainer.play.local.LocalGame` (acey-deucey against the computer, two players at one keyboard) implement
    it; an action the game does not offer (a hint without a tutor) raises :class:`~trainer.play.session.SessionError`
    with the reason, and :attr:`allowed` never offers it.
    """

    @property
    def id(self) -> str: ...
    @property
    def setup(self) -> GameSetup: ...
    @property
    def waiting_for(self) -> Waiting: ...
    @property
    def allowed(self) -> frozenset[Action]: ...
    @property
    def deciding(self) -> Side | None: ...
    @property
    def state(self) -> GameState: ...
    @property
    def board(self) -> Position: ...
    @property
    def dice(self) -> Dice | None: ...
    @property
    def cube(self) -> Cube: ...
    @property
    def score(self) -> MatchScore: ...
    @property
    def game_number(self) -> int: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def results(self) -> tuple[GameResult, ...]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def tutor(self) -> bool: ...
    @tutor.setter
    def tutor(self, on: bool) -> None: ...
    @property
    def can_take_back(self) -> bool: ...

    def role(self, side: Side) -> Role: ...
    def roll(self) -> Outcome: ...
    def double(self) -> Outcome: ...
    def take(self) -> Outcome: ...
    def drop(self) -> Outcome: ...
    def beaver(self) -> Outcome: ...
    def play(self, play: Play | str) -> Outcome: ...
    def choose_double(self, number: int) -> Outcome: ...
    def next_game(self) -> Outcome: ...
    def legal_plays(self) -> tuple[Play, ...]: ...
    def parse_play(self, text: str) -> Play: ...
    def playable_doubles(self) -> dict[int, bool]: ...
    def computer_turn(self) -> ComputerTurn: ...
    def take_back(self) -> tuple[Event, ...]: ...
    def hint(self) -> Hint: ...
    def turn_lost(self, event: Event) -> TurnLost | None: ...
    def summary(self) -> Summary: ...
    def save_info(self) -> SaveInfo | LocalSaveInfo: ...


@dataclass(frozen=True, slots=True)
class PlayHint:
    """The evaluator's view of the learner's checker play now: every legal play ranked, best first."""

    ranked: tuple[RankedPlay, ...]


@dataclass(frozen=True, slots=True)
class CannotDoubleHint:
    """Before rolling, when the learner may not double: ``problem`` says why."""

    problem: str


@dataclass(frozen=True, slots=True)
class DoubleHint:
    """Before rolling: the evaluator's judgement of the learner's own cube decision."""

    cube: CubeJudgement


@dataclass(frozen=True, slots=True)
class AnswerHint:
    """A double to answer: the evaluator's judgement of the doubler's decision, the learner's ``verdict`` on taking,
    and ``answers``, the learner's equity for each answer."""

    cube: CubeJudgement
    verdict: Verdict
    answers: tuple[tuple[str, float], ...]


CubeHint: TypeAlias = CannotDoubleHint | DoubleHint | AnswerHint
"""The evaluator's view of the learner's cube decision now: doubling (or why not), or answering a double."""
Hint: TypeAlias = PlayHint | CubeHint
"""The evaluator's view of the learner's decision now: the plays ranked, or the cube decision."""


if TYPE_CHECKING:
    from trainer.analysis import RankedPlay
    from trainer.play.cube import CubeJudgement
