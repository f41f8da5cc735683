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
from typing import Any, Final

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
from trainer.play import wording
from trainer.play.game import (
    PLAYERS,
    Action,
    Attempt,
    ComputerTurn,
    GameSetup,
    Hint,
    LocalSaveInfo,
    Outcome,
    Players,
    Role,
    Summary,
    TurnLost,
)
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
from trainer.play.table import AtTable, Event, Played, ReplayError, SessionError, Table, Waiting

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
            raise RecordError(wording.unknown_variant(shown(self.variant), sorted(VARIANTS)))
        if self.players not in PLAYERS:
            raise RecordError(wording.unknown_players(shown(self.players)))
        if self.players == "computer" and self.variant == "standard":
            raise RecordError(wording.standard_against_the_computer())
        if self.match_length not in MATCH_LENGTHS or isinstance(self.match_length, bool):
            raise RecordError(wording.bad_match_length(shown(self.match_length), money=False))
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**63:
            raise RecordError(wording.bad_seed(shown(self.seed)))

    @property
    def cube(self) -> bool:
        """Whether the doubling cube is in play (two players only)."""
        return self.players == "two"

    @property
    def setup(self) -> GameSetup:
        """The game's setup, as the Play screen reads it."""
        return GameSetup(self.variant, self.players, self.match_length, cube=self.cube)


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
        return read_json_record(text, wording.a_local_game_record(), cls._from_document)

    @classmethod
    def _from_document(cls, document: Any) -> LocalRecord:
        what = wording.a_local_game_record()
        if not isinstance(document, dict) or document.get("format") != LOCAL_FORMAT:
            raise RecordError(wording.not_a_local_record(LOCAL_FORMAT))
        if document.get("version") != LOCAL_VERSION:
            raise RecordError(wording.local_record_version(shown(document.get("version")), LOCAL_VERSION))
        record_id = check_record_id(document.get("id"), what)
        raw = document.get("settings")
        if not isinstance(raw, dict):
            raise RecordError(wording.record_needs_settings(what))
        check_types(raw, {"variant": str, "players": str, "match_length": int, "seed": int})
        settings = LocalSettings(raw["variant"], raw["players"], raw["match_length"], raw["seed"])
        return cls(record_id, settings, check_actions(document.get("actions"), what))


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
                raise RecordError(wording.game_cannot_replay(record.id, number, action, error)) from None
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
    def setup(self) -> GameSetup:
        return self._settings.setup

    def role(self, side: Side) -> Role:
        """Who ``side`` is: the learner or the computer, or one of two players."""
        return self.setup.role(side)

    @property
    def may_double(self) -> bool:
        """Whether the side on roll may double now (two players, before rolling, by the cube's rules)."""
        return self._settings.cube and self.waiting_for is Waiting.ROLL and self._table.game.may_double

    def double_problem(self) -> str | None:
        """Why the side on roll may not double now, in words, or ``None``."""
        if not self._settings.cube:
            return wording.no_cube_here()
        if self.waiting_for is not Waiting.ROLL:
            return wording.double_only_before_rolling()
        return self._table.game.double_problem()

    @property
    def allowed(self) -> frozenset[Action]:
        """What the side deciding may do now: roll (or double), play, choose a double, take or pass, start the next
        game (nothing while the computer acts and at the end)."""
        waiting = self.waiting_for
        if waiting is Waiting.ROLL:
            return frozenset({Action.ROLL, Action.DOUBLE} if self.may_double else {Action.ROLL})
        return frozenset(
            {
                Waiting.MOVE: {Action.PLAY},
                Waiting.CHOOSE_DOUBLE: {Action.CHOOSE_DOUBLE},
                Waiting.ANSWER: {Action.TAKE, Action.PASS},
                Waiting.NEXT_GAME: {Action.NEXT_GAME},
            }.get(waiting, set())
        )

    @property
    def tutor(self) -> bool:
        """No tutor watches a local game (bgsage cannot judge acey-deucey, and two players judge for themselves)."""
        return False

    @tutor.setter
    def tutor(self, on: bool) -> None:
        if on:
            raise SessionError(wording.no_tutor_here())

    @property
    def can_take_back(self) -> bool:
        """A local game keeps every decision."""
        return False

    def take_back(self) -> tuple[Event, ...]:
        """:raises SessionError: always: a local game keeps every decision."""
        raise SessionError(wording.no_take_back_here())

    def hint(self) -> Hint:
        """:raises SessionError: always: no evaluator judges a local game."""
        raise SessionError(wording.no_tutor_here())

    def playable_doubles(self) -> dict[int, bool]:
        """For the double to choose after a 1-2: for each number 1 to 6, whether all four moves can be played."""
        self._expect(Waiting.CHOOSE_DOUBLE, Action.CHOOSE_DOUBLE)
        return playable_doubles(self.state.position)

    def legal_plays(self) -> tuple[Play, ...]:
        """Every legal play of the dice to play."""
        self._expect(Waiting.MOVE, Action.PLAY)
        return self._table.game.legal_plays()

    def parse_play(self, text: str) -> Play:
        """The legal play ``text`` names (``in/22 13/11``, ``pass``...).

        :raises PlayError: with the reason, for a play that cannot be read or is not legal.
        """
        self._expect(Waiting.MOVE, Action.PLAY)
        assert self.dice is not None
        return parse_play(self.state.position, self.dice, text, self._table.game.legal_plays())

    def _expect(self, waiting: Waiting, action: Action | Attempt) -> None:
        now = self.waiting_for
        if now is not waiting:
            raise SessionError(wording.game_waits_for(action, now))

    # --- acting ----------------------------------------------------------------------------------------------

    def roll(self) -> Outcome:
        """Roll the dice of the side on roll."""
        self._expect(Waiting.ROLL, Action.ROLL)
        return Outcome(self._table.roll())

    def play(self, play: Play | str) -> Outcome:
        """Play the dice: a legal :class:`~trainer.engine.Play` or its notation. The outcome says when the rest of an
        acey-deucey turn is lost.

        :raises PlayError: with the engine's reason for an illegal or unreadable play.
        """
        self._expect(Waiting.MOVE, Action.PLAY)
        chosen = self.parse_play(play) if isinstance(play, str) else play
        event = self._table.play(chosen)
        return Outcome(event, lost=self.turn_lost(event))

    def choose_double(self, number: int) -> Outcome:
        """Choose the double to play after a 1-2 (``4`` for 4-4).

        :raises InvalidDiceError: unless ``number`` is 1 to 6.
        """
        self._expect(Waiting.CHOOSE_DOUBLE, Action.CHOOSE_DOUBLE)
        return Outcome(self._table.choose(number))

    def double(self) -> Outcome:
        """The side on roll doubles (two players).

        :raises SessionError: if the cube is not used here or it is not the time to double.
        :raises CubeError: with the engine's reason if the rules forbid it (the Crawford game...).
        """
        if not self._settings.cube:
            raise SessionError(wording.no_cube_here())
        self._expect(Waiting.ROLL, Action.DOUBLE)
        return Outcome(self._table.act("double"))

    def take(self) -> Outcome:
        """The doubled side takes."""
        self._expect(Waiting.ANSWER, Action.TAKE)
        return Outcome(self._table.act("take"))

    def drop(self) -> Outcome:
        """The doubled side passes: the game is over."""
        self._expect(Waiting.ANSWER, Action.PASS)
        return Outcome(self._table.act("drop"))

    def beaver(self) -> Outcome:
        """:raises SessionError: always: beavers belong to money play against the computer."""
        raise SessionError(wording.no_beaver_here())

    def next_game(self) -> Outcome:
        """Score the finished game of the match and start the next one with its opening roll."""
        self._expect(Waiting.NEXT_GAME, Action.NEXT_GAME)
        return Outcome(self._table.open())

    def computer_turn(self) -> ComputerTurn:
        """Run the computer's whole turn (acey-deucey): its roll and play, after a 1-2 its chosen double and the
        bonus roll, until the other side is on roll or the game ends.

        :raises SessionError: if it is not the computer's turn.
        """
        self._expect(Waiting.COMPUTER, Attempt.COMPUTER_TURN)
        events: list[Event] = []
        while self.waiting_for is Waiting.COMPUTER:
            game = self._table.game
            if game.phase is Phase.ROLL:
                events.append(self._table.roll())
            elif game.phase is Phase.MOVE:
                events.append(self._table.play(acey.choose_play(game.legal_plays())))
            elif game.phase is Phase.CHOOSE_DOUBLE:
                events.append(self._table.choose(acey.choose_double(game.position)))
            else:  # pragma: no cover - the computer never doubles, so it never answers or waits on a double
                raise AssertionError(f"the computer cannot act in phase {game.phase.value}")
        return ComputerTurn(tuple(events))

    def turn_lost(self, event: Event) -> TurnLost | None:
        """After a play in acey-deucey: what was lost when a 1-2 or a chosen double could not be played in full
        (``None`` otherwise, or when the play won the game)."""
        if self._settings.variant != "acey-deucey" or not isinstance(event, Played):
            return None
        dice, play = event.dice, event.play
        if event.result is not None or play.dice_used >= dice.move_count:
            return None
        if dice.chosen:
            return TurnLost(dice.first, play.dice_used)
        if is_acey_deucey(dice):
            return TurnLost()
        return None

    # --- saving and the end ------------------------------------------------------------------------------------

    def summary(self) -> Summary:
        """The result so far, or at the end (no tutor: no mistakes)."""
        table = self._table
        return Summary(self.setup, table.is_over, table.score, table.results, table.winner)

    def save_info(self) -> LocalSaveInfo:
        """What the store keeps of this game."""
        return LocalSaveInfo(self.id, self.record.to_json(), self.is_over)
