"""Games at one table without the evaluator: acey-deucey against the computer's heuristic player
(:mod:`trainer.analysis.acey`), and two players at one keyboard, in standard backgammon or acey-deucey.

:class:`LocalGame` is to these games what :class:`~trainer.play.session.Session` is to games against bgsage, with
the same flow (:attr:`~LocalGame.waiting_for`, :attr:`~LocalGame.allowed`, actions through the engine, the
computer's turn as events to animate, a record that rebuilds it) but no tutor: bgsage cannot judge positions with
checkers waiting to enter, and two players judge for themselves.

- X is the learner (or the first player), O the computer (or the second player); :attr:`LocalGame.deciding` says
  who acts.
- Acey-deucey: after a 1-2 played in full the side on roll chooses a double (``Waiting.CHOOSE_DOUBLE``,
  :meth:`~LocalGame.choose_double`; :meth:`~LocalGame.playable_doubles` says which can be played in full), plays it
  and rolls again (``Waiting.ROLL`` for the same side). A part that can't be played in full ends the turn:
  :meth:`~LocalGame.turn_lost` says so in words.
- The cube: two players may use it (the engine's rules: a money game, or a match with the Crawford game). The
  acey-deucey computer has no cube judgement, so games against it are played without the cube; in a match each
  game then scores 1, 2 or 3 points.
- The record (:class:`LocalRecord`, JSON) holds the settings, the dice seed and the actions, in the session
  record's action language (:mod:`trainer.play.table`, with ``choose 4`` for a chosen double).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from trainer.analysis import acey
from trainer.engine import (
    EngineError,
    Phase,
    Play,
    Side,
    parse_play,
    playable_doubles,
)
from trainer.engine.variants import VARIANTS
from trainer.engine.variants.acey_deucey import is_acey_deucey
from trainer.engine.wording import number_word, plural
from trainer.play.record import (
    MATCH_LENGTHS,
    RecordError,
    check_actions,
    check_record_id,
    check_types,
    new_id,
    new_seed,
    read_json_record,
    shown,
)
from trainer.play.session import ComputerTurn, SessionError
from trainer.play.table import AtTable, Event, ReplayError, Table, Waiting

Players = Literal["computer", "two"]
PLAYERS: Final[tuple[Players, ...]] = ("computer", "two")
LOCAL_FORMAT: Final = "bgtrainer-local"
LOCAL_VERSION: Final = 1


@dataclass(frozen=True, slots=True)
class LocalSettings:
    """How a local game is played: the rules (``variant``), against the computer or two players (``players``), a
    single game (``match_length`` 0) or a match of 1, 3, 5 or 7 points, and the dice seed.

    :raises RecordError: for a variant, players, length or seed that cannot be, or standard backgammon against the
        computer (that is a :class:`~trainer.play.session.Session`, with bgsage and the tutor).
    """

    variant: str = "acey-deucey"
    players: Players = "computer"
    match_length: int = 0
    seed: int = 0

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise RecordError(f"unknown variant {shown(self.variant)}: choose one of {', '.join(sorted(VARIANTS))}")
        if self.players not in PLAYERS:
            raise RecordError(f"players must be 'computer' or 'two', not {shown(self.players)}")
        if self.players == "computer" and self.variant == "standard":
            raise RecordError("standard backgammon against the computer is a Session (bgsage and the tutor)")
        if self.match_length not in MATCH_LENGTHS or isinstance(self.match_length, bool):
            raise RecordError(f"the match length must be 0 (one game), 1, 3, 5 or 7, not {shown(self.match_length)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**63:
            raise RecordError(f"the seed must be a whole number from 0 to 2**63 - 1, not {shown(self.seed)}")

    @property
    def cube(self) -> bool:
        """Whether the doubling cube is in play (two players only)."""
        return self.players == "two"

    @property
    def kind(self) -> str:
        """``"money game"`` (or ``"one game"`` without the cube) or ``"N-point match"``."""
        if self.match_length:
            return f"{self.match_length}-point match"
        return "money game" if self.cube else "one game"

    @property
    def title(self) -> str:
        """The game in a few words, e.g. ``Acey-deucey against the computer``."""
        rules = VARIANTS[self.variant].title
        if self.players == "two":
            return f"{rules}, two players"
        return f"{rules} against the computer"

    @property
    def names(self) -> tuple[str, str]:
        """What X and O are called."""
        return ("You", "Computer") if self.players == "computer" else ("Player 1", "Player 2")


@dataclass(frozen=True, slots=True)
class LocalRecord:
    """Everything that rebuilds a local game: ``id``, ``settings`` and the ``actions`` in order."""

    id: str
    settings: LocalSettings
    actions: tuple[str, ...] = field(default=())

    def to_json(self) -> str:
        """The record as one line of JSON."""
        settings = self.settings
        return json.dumps(
            {
                "format": LOCAL_FORMAT,
                "version": LOCAL_VERSION,
                "id": self.id,
                "settings": {
                    "variant": settings.variant,
                    "players": settings.players,
                    "match_length": settings.match_length,
                    "seed": settings.seed,
                },
                "actions": list(self.actions),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> LocalRecord:
        """Read a record written by :meth:`to_json` (the actions are checked for form, not yet replayed).

        :raises RecordError: saying what is wrong, whatever the text (a message quoting at most a short part of it).
        """
        return read_json_record(text, "a local game record", cls._from_document)

    @classmethod
    def _from_document(cls, document: Any) -> LocalRecord:
        if not isinstance(document, dict) or document.get("format") != LOCAL_FORMAT:
            raise RecordError(f"not a bgtrainer local game record (its format must be {LOCAL_FORMAT!r})")
        if document.get("version") != LOCAL_VERSION:
            raise RecordError(f"local game record version {shown(document.get('version'))}: this bgtrainer reads 1")
        record_id = check_record_id(document.get("id"), "a local game record")
        raw = document.get("settings")
        if not isinstance(raw, dict):
            raise RecordError("a local game record needs its settings (an object)")
        check_types(raw, {"variant": str, "players": str, "match_length": int, "seed": int})
        settings = LocalSettings(raw["variant"], raw["players"], raw["match_length"], raw["seed"])
        return cls(record_id, settings, check_actions(document.get("actions"), "a local game record"))


class LocalGame(AtTable):
    """A game or match of acey-deucey against the computer, or of either variant between two players at one
    keyboard. Build one with :meth:`new` or :meth:`resume`."""

    def __init__(self, record: LocalRecord) -> None:
        self.id = record.id
        self._settings = record.settings
        self._computer_side = Side.O if record.settings.players == "computer" else None
        self._table = self._replay(record)
        if not self._table.actions:
            self._table.open()

    @classmethod
    def new(
        cls,
        variant: str = "acey-deucey",
        players: Players = "computer",
        match_length: int = 0,
        *,
        seed: int | None = None,
    ) -> LocalGame:
        """A new game, its opening roll made.

        :raises RecordError: for settings that cannot be (see :class:`LocalSettings`).
        """
        settings = LocalSettings(variant, players, match_length, new_seed() if seed is None else seed)
        return cls(LocalRecord(new_id(), settings))

    @classmethod
    def resume(cls, record: LocalRecord | str) -> LocalGame:
        """The game a record (or its JSON text) describes, rebuilt through the engine.

        :raises RecordError: if the record cannot be read or an action cannot be replayed (saying which and why).
        """
        return cls(LocalRecord.from_json(record) if isinstance(record, str) else record)

    @staticmethod
    def _replay(record: LocalRecord) -> Table:
        settings = record.settings
        table = Table(settings.match_length, settings.seed, variant=settings.variant)
        for number, action in enumerate(record.actions, start=1):
            try:
                table.apply(action)
            except (ReplayError, EngineError) as error:
                raise RecordError(
                    f"game {record.id}: action {number} ({action!r}) cannot be replayed: {error}"
                ) from None
        return table

    @property
    def record(self) -> LocalRecord:
        """The record that rebuilds this game."""
        return LocalRecord(self.id, self._settings, tuple(self._table.actions))

    # --- the state -------------------------------------------------------------------------------------------

    @property
    def settings(self) -> LocalSettings:
        return self._settings

    @property
    def winner(self) -> Side | None:
        return self._table.winner

    @property
    def deciding(self) -> Side | None:
        """The side that acts next (``None`` between games and at the end)."""
        state = self.state
        return None if state.result is not None else state.deciding

    @property
    def may_double(self) -> bool:
        """Whether the side on roll may double now (two players, before rolling, by the cube's rules)."""
        return self._settings.cube and self.waiting_for is Waiting.ROLL and self._table.game.may_double

    def double_problem(self) -> str | None:
        """Why the side on roll may not double now, in words, or ``None``."""
        if not self._settings.cube:
            return "the cube is not used in this game"
        if self.waiting_for is not Waiting.ROLL:
            return "you may double only at the start of your turn, before rolling"
        return self._table.game.double_problem()

    @property
    def allowed(self) -> frozenset[str]:
        """What the side deciding may do now: ``roll``, ``double``, ``play``, ``choose``, ``take``, ``pass``,
        ``next game`` (empty while the computer acts and at the end)."""
        waiting = self.waiting_for
        if waiting is Waiting.ROLL:
            return frozenset({"roll", "double"} if self.may_double else {"roll"})
        return frozenset(
            {
                Waiting.MOVE: {"play"},
                Waiting.CHOOSE_DOUBLE: {"choose"},
                Waiting.ANSWER: {"take", "pass"},
                Waiting.NEXT_GAME: {"next game"},
            }.get(waiting, set())
        )

    def playable_doubles(self) -> dict[int, bool]:
        """For the double to choose after a 1-2: for each number 1 to 6, whether all four moves can be played."""
        self._expect(Waiting.CHOOSE_DOUBLE, "choose a double")
        return playable_doubles(self.state.position)

    def legal_plays(self) -> tuple[Play, ...]:
        """Every legal play of the dice to play."""
        self._expect(Waiting.MOVE, "play")
        return self._table.game.legal_plays()

    def parse_play(self, text: str) -> Play:
        """The legal play ``text`` names (``in/22 13/11``, ``pass``...).

        :raises PlayError: with the reason, for a play that cannot be read or is not legal.
        """
        self._expect(Waiting.MOVE, "play")
        assert self.dice is not None
        return parse_play(self.state.position, self.dice, text)

    def _expect(self, waiting: Waiting, action: str) -> None:
        now = self.waiting_for
        if now is not waiting:
            raise SessionError(f"you cannot {action} now: the game waits for {now.value}")

    # --- acting ----------------------------------------------------------------------------------------------

    def roll(self) -> Event:
        """Roll the dice of the side on roll."""
        self._expect(Waiting.ROLL, "roll")
        return self._table.act("roll")

    def play(self, play: Play | str) -> Event:
        """Play the dice: a legal :class:`~trainer.engine.Play` or its notation.

        :raises PlayError: with the engine's reason for an illegal or unreadable play.
        """
        self._expect(Waiting.MOVE, "play")
        chosen = self.parse_play(play) if isinstance(play, str) else play
        return self._table.act("play", chosen)

    def choose_double(self, number: int) -> Event:
        """Choose the double to play after a 1-2 (``4`` for 4-4).

        :raises InvalidDiceError: unless ``number`` is 1 to 6.
        """
        self._expect(Waiting.CHOOSE_DOUBLE, "choose a double")
        return self._table.choose(number)

    def double(self) -> Event:
        """The side on roll doubles (two players).

        :raises SessionError: if the cube is not used here or it is not the time to double.
        :raises CubeError: with the engine's reason if the rules forbid it (the Crawford game...).
        """
        if not self._settings.cube:
            raise SessionError("the cube is not used in this game")
        self._expect(Waiting.ROLL, "double")
        return self._table.act("double")

    def take(self) -> Event:
        """The doubled side takes."""
        self._expect(Waiting.ANSWER, "take")
        return self._table.act("take")

    def drop(self) -> Event:
        """The doubled side passes: the game is over."""
        self._expect(Waiting.ANSWER, "pass")
        return self._table.act("drop")

    def next_game(self) -> Event:
        """Score the finished game of the match and start the next one with its opening roll."""
        self._expect(Waiting.NEXT_GAME, "start the next game")
        return self._table.open()

    def computer_turn(self) -> ComputerTurn:
        """Run the computer's whole turn (acey-deucey): its roll and play, after a 1-2 its chosen double and the
        bonus roll, until the other side is on roll or the game ends.

        :raises SessionError: if it is not the computer's turn.
        """
        self._expect(Waiting.COMPUTER, "let the computer play")
        events: list[Event] = []
        while self.waiting_for is Waiting.COMPUTER:
            game = self._table.game
            if game.phase is Phase.ROLL:
                events.append(self._table.act("roll"))
            elif game.phase is Phase.MOVE:
                events.append(self._table.act("play", acey.choose_play(game.legal_plays())))
            elif game.phase is Phase.CHOOSE_DOUBLE:
                events.append(self._table.choose(acey.choose_double(game.position)))
            else:  # pragma: no cover - the computer never doubles, so it never answers or waits on a double
                raise SessionError(f"the computer cannot act in phase {game.phase.value}")
        return ComputerTurn(tuple(events))

    def turn_lost(self, event: Event) -> str | None:
        """After a play in acey-deucey: why the rest of the turn is lost, in words, when a 1-2 or a chosen double
        could not be played in full (``None`` otherwise, or when the play won the game)."""
        dice, play = event.dice, event.play
        if self._settings.variant != "acey-deucey" or event.kind != "play" or dice is None or play is None:
            return None
        if event.result is not None or play.dice_used >= dice.move_count:
            return None
        if dice.chosen:
            played = f"Only {number_word(play.dice_used)} of the four" if play.dice_used else "None of the four"
            return f"{played} {dice.first}s could be played, so the turn ends here: no bonus roll."
        if is_acey_deucey(dice):
            return "The 1-2 could not be played in full, so the turn ends here: no double to choose, no bonus roll."
        return None

    # --- the end -----------------------------------------------------------------------------------------------

    def headline(self) -> str:
        """The result (or the score so far) in a sentence, with the players' names."""
        names = dict(zip((Side.X, Side.O), self._settings.names, strict=True))
        score = self.score
        first, second = self._settings.names
        if self._settings.match_length:
            x, o = score.score(Side.X), score.score(Side.O)
            winner = self.winner
            if winner is None:
                return f"{self._settings.kind.capitalize()}: {first} {x}, {second} {o}."
            return f"{_won(names[winner])} the {self._settings.kind} {max(x, o)}-{min(x, o)}."
        if not self.results:
            return "The game is under way."
        result = self.results[0]
        kind = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[result.kind.value]
        how = " (the double was passed)" if result.passed else ""
        return f"{_won(names[result.winner])} {kind} for {plural(result.points, 'point')}{how}."


def _won(name: str) -> str:
    return "You won" if name == "You" else f"{name} won"
