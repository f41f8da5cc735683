"""What the board shows, as one value: :class:`BoardScene`. A screen builds a scene (with the pure functions of
:mod:`trainer.tui.scenes`, or :func:`dataclasses.replace` of the scene shown) and gives it to the board, which draws
it and nothing else.

Point 25 is the bar, point 0 the borne-off tray and point 26 (:data:`~trainer.engine.WAITING`) the checkers waiting
to enter (acey-deucey); points are numbered from X's side.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.engine import BAR, OFF, WAITING, Cube, Dice, MatchScore, Move, Play, Position, Side

OUTSIDE = (BAR, OFF, WAITING)
"""The places off the points."""


class TurnCue(Enum):
    """What the middle line says after the mark of the side whose dice are shown."""

    PLAY = "to play"
    ROLL = "to roll"
    DOUBLES = "doubles"
    NONE = ""


@dataclass(frozen=True, slots=True)
class LastMove:
    """A play to mark on the board, from and to: ``moves`` in the mover's own numbering (``side`` O's moves are turned
    round to the board's numbering when drawn)."""

    moves: tuple[Move, ...]
    side: Side = Side.X

    @classmethod
    def of(cls, play: Play, side: Side = Side.X) -> LastMove:
        """The moves of ``play``, made by ``side``."""
        return cls(play.moves, side)

    def changes(self) -> dict[tuple[Side, int], int]:
        """For each (side, board point) the checkers the moves left (negative) or brought (positive) there."""
        change: dict[tuple[Side, int], int] = {}
        for move in self.moves:
            start, end = self._board_point(move.start), self._board_point(move.end)
            change[(self.side, start)] = change.get((self.side, start), 0) - 1
            change[(self.side, end)] = change.get((self.side, end), 0) + 1
        return {key: count for key, count in change.items() if count}

    def _board_point(self, point: int) -> int:
        if self.side is Side.X or point in OUTSIDE:
            return point
        return 25 - point


@dataclass(frozen=True, slots=True)
class BoardScene:
    """Everything the board shows.

    - ``position`` (``None``: an empty board, no pip counts), seen from X;
    - the roll: ``dice`` to play (a double shown as four dice) with the ``used_dice`` dimmed, or an
      ``opening_throw`` of one die each (X's, O's); ``on_roll`` whose dice they are (X's right of the bar, O's left),
      and the ``cue`` said after that side's mark;
    - highlights: the ``selected`` checker's point and the ``targets`` it can reach, ``marked`` points, the
      ``last_move`` (a ghost where each checker left, a rim on those that arrived);
    - the doubling ``cube`` (``None``: no cube) and the ``match`` score (``None``: no score line), the score's
      ``match_labels`` (Crawford game, post-Crawford) shown or held back;
    - ``pip_counts`` shown under the board, or held back (a question about them);
    - labels: the ``names`` of X and O in the pip counts and the score (``None``: you and O), the ``caption`` under
      them, whose numbering
      the point numbers show (``numbered_for``), and the ``waiting_column`` of acey-deucey kept while none wait.
    """

    position: Position | None = None
    dice: Dice | None = None
    used_dice: tuple[int, ...] = ()
    opening_throw: tuple[int, int] | None = None
    on_roll: Side = Side.X
    cue: TurnCue = TurnCue.PLAY
    selected: int | None = None
    targets: frozenset[int] = frozenset()
    marked: frozenset[int] = frozenset()
    last_move: LastMove | None = None
    cube: Cube | None = None
    match: MatchScore | None = None
    match_labels: bool = True
    names: tuple[str, str] | None = None
    caption: str = ""
    numbered_for: Side = Side.X
    waiting_column: bool = False
    pip_counts: bool = True

    @property
    def shows_waiting(self) -> bool:
        """Whether the board has the column of checkers waiting to enter: kept for a game of acey-deucey, else while
        the position has checkers waiting."""
        return self.waiting_column or (self.position is not None and self.position.has_waiting())

    @property
    def info_lines(self) -> int:
        """The lines under the board proper: the pip counts, the score (in a match) and the caption."""
        return 1 + (self.match is not None) + CAPTION_LINES

    def shape(self) -> tuple[bool, int]:
        """What decides the board's size besides the window: the waiting column and the lines under the board."""
        return self.shows_waiting, self.info_lines


CAPTION_LINES = 2
"""Lines kept under the pip counts for the caption (a longer one is cut)."""
