"""The values a game is made of: its phase, the opening roll, a finished game's result, and the whole state of a
game at one moment (:class:`GameState`), which :class:`~trainer.engine.game.Game` steps from one to the next."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from trainer.engine.cube import Cube
from trainer.engine.dice import Dice
from trainer.engine.match import MatchScore, MoneyOptions
from trainer.engine.moves import Play
from trainer.engine.position import BAR, CHECKERS, OFF, Position
from trainer.engine.side import Side
from trainer.i18n import N_


class Phase(Enum):
    """What the game waits for next (in words: :func:`~trainer.engine.wording.phase_name`)."""

    OPENING = N_("opening roll")
    ROLL = N_("roll")  # the side on roll rolls, or doubles first
    DOUBLED = N_("doubled")  # the side on roll has doubled: the other side takes, passes or (if allowed) beavers
    BEAVERED = N_("beavered")  # the doubled side has beavered: the other side takes, passes or (a raccoon) beavers back
    MOVE = N_("move")
    CHOOSE_DOUBLE = N_("choose a double")  # acey-deucey, after a 1-2 played in full
    OVER = N_("over")


class WinKind(Enum):
    """How big a win is: a single game (1), a gammon (2) or a backgammon (3), times the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: who won, how, and the cube value it was played for.

    ``passed``: the loser passed a double (the game is a single game at the value before the double).
    ``jacoby``: the Jacoby rule made a gammon or backgammon count as a single game (the cube was never turned).
    """

    winner: Side
    kind: WinKind
    cube: int = 1
    passed: bool = False
    jacoby: bool = False

    @property
    def points(self) -> int:
        """Points won: the cube value times 1, 2 or 3 (times 1 when the Jacoby rule applies)."""
        return self.cube * (1 if self.jacoby else self.kind.value)


def win_kind(position: Position) -> WinKind | None:
    """How the player on roll's side has won in ``position`` (all its checkers off), or ``None`` if it has not.

    Gammon: the loser has borne off none. Backgammon: a gammon with a loser's checker still on the bar, in the
    winner's home board (the loser's points 19-24) or, in acey-deucey, still waiting to enter (it must come in
    through the winner's home board, like a checker on the bar).
    """
    if position.player[OFF] != CHECKERS:
        return None
    loser = position.opponent
    if loser[OFF]:
        return WinKind.SINGLE
    if loser[BAR] or any(loser[19:25]) or position.opponent_waiting:
        return WinKind.BACKGAMMON
    return WinKind.GAMMON


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """Each side's single die for every throw of the opening roll; ties throw again."""

    throws: tuple[tuple[int, int], ...]  # (X's die, O's die) for each throw, the last one decisive

    @property
    def winner(self) -> Side:
        """The side whose die was higher on the decisive throw: it plays first."""
        x_die, o_die = self.throws[-1]
        return Side.X if x_die > o_die else Side.O

    @property
    def dice(self) -> Dice:
        """The two numbers of the decisive throw, the winner's own die first."""
        x_die, o_die = self.throws[-1]
        return Dice(x_die, o_die) if x_die > o_die else Dice(o_die, x_die)


HistoryEntry = tuple[Side, Dice, Play]
"""One play of a game's history: who played, the dice, the play. In acey-deucey a 1-2 turn takes several
entries by the same side: the 1-2, the chosen double (its dice a :class:`~trainer.engine.dice.ChosenDouble`),
then the bonus roll."""


@dataclass(frozen=True, slots=True)
class GameState:
    """A game at one moment. ``position`` is seen from the side on roll, ``turn`` (after the end: the winner).

    ``phase`` says what comes next: the opening roll, a roll (or a double), an answer to a double, a play of
    ``dice``, or nothing (``result`` set). ``cube`` is the cube's value and ``cube_owner`` the side that may turn
    it next (``None``: in the middle); ``match`` is the score before this game and ``options`` the money-play
    rules.
    """

    position: Position
    phase: Phase = Phase.OPENING
    turn: Side | None = None
    dice: Dice | None = None
    cube: int = 1
    opening: OpeningRoll | None = None
    result: GameResult | None = None
    history: tuple[HistoryEntry, ...] = ()
    cube_owner: Side | None = None
    match: MatchScore = field(default_factory=MatchScore)
    options: MoneyOptions = field(default_factory=MoneyOptions)

    @property
    def doubling_cube(self) -> Cube:
        """The cube as a value (its value and owner)."""
        return Cube(self.cube, self.cube_owner)

    @property
    def deciding(self) -> Side | None:
        """The side that acts next: the side answering a double, else the side on roll (``None`` before the
        opening roll and after the end)."""
        if self.phase is Phase.DOUBLED and self.turn is not None:
            return self.turn.other
        if self.phase is Phase.BEAVERED and self.cube_owner is not None:
            return self.cube_owner.other  # the side a beaver (or a raccoon) redoubled
        if self.phase in (Phase.OPENING, Phase.OVER):
            return None
        return self.turn

    def result_for(self, winner: Side, kind: WinKind) -> GameResult:
        """The result of ``winner`` finishing the game with a win of ``kind`` at the current cube (under the Jacoby
        rule, a gammon or backgammon with the cube never turned counts as a single game)."""
        jacoby = self.match.is_money and self.options.jacoby and self.cube_owner is None and kind is not WinKind.SINGLE
        return GameResult(winner, kind, self.cube, jacoby=jacoby)
