"""Playing a roll on the board, one checker at a time: shared by the lesson and puzzle screens.

The controller keeps the engine's :class:`Turn` and puts it on a :class:`BoardView`; each choice of a point
returns what happened, for the screen to grade or explain.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine import OFF, Dice, IllegalPlayError, Play, Position, Turn
from trainer.engine.wording import sentence
from trainer.tui.widgets.board import BoardView


@dataclass(frozen=True, slots=True)
class Refused:
    """A choice the rules refuse (``reason`` in words) or that needs another choice first (``illegal`` False)."""

    reason: str
    illegal: bool = True


class BoardPlay:
    """A turn being played on ``board``: select a checker, then one of the lit points."""

    def __init__(self, board: BoardView, position: Position, dice: Dice) -> None:
        self.board = board
        self.turn = Turn(position, dice)
        self.show()

    def show(self) -> None:
        """Put the turn on the board."""
        board = self.board
        board.position = self.turn.current
        board.dice = self.turn.dice
        board.used_dice = self.turn.used_dice
        board.selected = None
        board.targets = frozenset()

    def reset(self) -> None:
        """Take every move of this turn back."""
        self.turn = Turn(self.turn.position, self.turn.dice)
        self.show()

    def undo(self) -> bool:
        """Take the last move back; whether there was one."""
        if not self.turn.moves:
            return False
        self.turn = self.turn.undo()
        self.show()
        return True

    def choose(self, point: int) -> Refused | Play | None:
        """The learner chose ``point``: a complete play, a refusal, or ``None`` (a selection changed or a move made)."""
        turn, board = self.turn, self.board
        selected = board.selected
        if selected is None:
            return self.select(point)
        if point == selected:
            board.selected, board.targets = None, frozenset()
            return None
        moved = turn.route(selected, point)
        if moved is None:
            if turn.current.player[point] and point in turn.movable_points():
                return self.select(point)
            try:
                turn.move(selected, point)
            except IllegalPlayError as error:
                return Refused(sentence(error.reason))
            return None  # pragma: no cover - a move route() could not find is refused above
        self.turn = moved
        self.show()
        return moved.play if moved.is_complete else None

    def select(self, point: int) -> Refused | None:
        turn, board = self.turn, self.board
        if point == OFF or not turn.current.player[point]:
            return Refused("Choose one of your own checkers (●) first.", illegal=False)
        destinations = turn.destinations(point)
        if not destinations:
            return Refused(sentence(turn.why_stuck(point)))
        board.selected = point
        board.targets = turn.reachable(point)
        return None
