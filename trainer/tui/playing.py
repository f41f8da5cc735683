"""Playing a roll on the board, one checker at a time: shared by the lesson and puzzle screens.

The controller keeps the engine's :class:`Turn` and puts it on a :class:`BoardView`; each choice of a point
returns what happened, for the screen to grade or explain.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine import OFF, Dice, IllegalPlayError, Play, Position
from trainer.engine.explain import step_problem
from trainer.engine.turn import Turn
from trainer.tui.board import BoardView


@dataclass(frozen=True, slots=True)
class Refused:
    """A choice the rules refuse (``reason`` in words) or that needs another choice first (``illegal`` False)."""

    reason: str
    illegal: bool = True


def sentence(reason: str) -> str:
    """A reason as a sentence: capital first letter, full stop."""
    text = reason[:1].upper() + reason[1:]
    return text if text.endswith(".") else text + "."


def route(turn: Turn, start: int, end: int) -> Turn | None:
    """The turn with one checker moved from ``start`` to ``end`` using one or more dice, if some route allows it."""
    if end in turn.destinations(start):
        return turn.move(start, end)
    for middle in turn.destinations(start):
        if middle != OFF and middle > end:
            onward = route(turn.move(start, middle), middle, end)
            if onward is not None:
                return onward
    return None


def used_dice(turn: Turn) -> tuple[int, ...]:
    """The dice the moves made so far have used."""
    full = [turn.dice[0]] * 4 if turn.dice[0] == turn.dice[1] else list(turn.dice)
    for die in turn.remaining_dice:
        full.remove(die)
    return tuple(full)


def why_stuck(turn: Turn, point: int) -> str:
    """Why the checker on ``point`` cannot move now, from the first die's refusal."""
    if turn.moves_needed == 0:
        current = turn.current
        for die in turn.remaining_dice:
            problem = step_problem(current.player, current.opponent, point, die)
            if problem:
                return f"{problem}; no checker can move with this roll"
        return "no checker can move with this roll"
    if not turn.remaining_dice or len(turn.moves) >= turn.moves_needed:
        return "the roll is used up"
    for die in turn.remaining_dice:
        try:
            turn.move(point, max(point - die, OFF))
        except IllegalPlayError as error:
            return error.reason
    return "this checker cannot move now"


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
        board.used_dice = used_dice(self.turn)
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
        moved = route(turn, selected, point)
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
            return Refused(sentence(why_stuck(turn, point)))
        board.selected = point
        board.targets = reachable(turn, point)
        return None


def reachable(turn: Turn, start: int) -> frozenset[int]:
    """Every point the checker on ``start`` can reach with one or more of the remaining dice (0 = off)."""
    found: set[int] = set()
    for end in turn.destinations(start):
        found.add(end)
        if end != OFF:
            found |= reachable(turn.move(start, end), end)
    return frozenset(found)
