"""Playing a roll on the board, one checker at a time, and showing a play move by move: shared by the lesson and
puzzle screens (and any screen that shows a computer's move).

The controller keeps the engine's :class:`Turn` and puts it on a :class:`BoardView`; each choice of a point
returns what happened, for the screen to grade or explain. :func:`animate_play` steps any play onto a board on a
timer, the checkers moving one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.timer import Timer

from trainer.engine import BAR, OFF, WAITING, Dice, IllegalPlayError, Play, Position, Side, Turn
from trainer.engine.moves import point_name
from trainer.engine.wording import noun, sentence
from trainer.tui.widgets.board import O_MARK, X_MARK, BoardView, LastMove

STEP_SECONDS = 0.4
"""How long each checker move of an animated play stays on the board before the next."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A choice the rules refuse (``reason`` in words) or that needs another choice first (``illegal`` False)."""

    reason: str
    illegal: bool = True


@dataclass(frozen=True, slots=True)
class RouteChoice:
    """The chosen checker can reach the chosen point in ways that end differently (hitting on the way or not):
    the learner picks one of ``routes`` (each the turn after it), described by ``labels``."""

    routes: tuple[Turn, ...]
    labels: tuple[str, ...]


def own_checkers(position: Position, point: int) -> int:
    """How many of the mover's checkers are on ``point`` (25 the bar, 26 waiting to enter, 0 borne off)."""
    return position.player_waiting if point == WAITING else position.player[point]


def play_steps(play: Play) -> list[Turn]:
    """The turn after each checker move of ``play``, in the order played (seen from the mover)."""
    turn = Turn(play.position, play.dice)
    steps = []
    for move in play.moves:
        turn = turn.move(move.start, move.end)
        steps.append(turn)
    return steps


def animate_play(
    board: BoardView,
    play: Play,
    *,
    side: Side = Side.X,
    interval: float = STEP_SECONDS,
    on_step: Callable[[Turn], None] | None = None,
    on_done: Callable[[], None] | None = None,
) -> Timer:
    """Move ``play``'s checkers on ``board`` one at a time, one move every ``interval`` seconds, starting from the
    play's position: after each move the board shows the new position, the dice used so far and the moves so far
    as its last move. ``side`` is the mover (an O play is seen from O and turned round for the board).

    ``on_step`` is called with the turn after each move, ``on_done`` once the play is complete. Stop the returned
    timer to stop the animation; it stops by itself with the board.
    """
    steps = play_steps(play)
    board.position = play.position if side is Side.X else play.position.swap()
    board.on_roll = side
    board.dice = play.dice
    board.used_dice = ()
    board.selected, board.targets = None, frozenset()
    board.last_move = None

    def step() -> None:
        if not steps:
            timer.stop()
            if on_done is not None:
                on_done()
            return
        turn = steps.pop(0)
        board.position = turn.current if side is Side.X else turn.current.swap()
        board.used_dice = turn.used_dice
        board.last_move = LastMove(turn.moves, side)
        if on_step is not None:
            on_step(turn)
        if not steps:
            timer.stop()
            if on_done is not None:
                on_done()

    timer = board.set_interval(interval, step)
    return timer


def board_point(point: int, side: Side) -> int:
    """``side``'s point ``point`` in the board's numbering (X's), and back: the bar, the tray and the waiting
    checkers keep their numbers."""
    return point if side is Side.X or point in (BAR, OFF, WAITING) else 25 - point


class BoardPlay:
    """A turn being played on ``board``: select a checker (on a point, on the bar, or waiting to enter), then one of
    the lit points.

    ``side`` is the mover: the turn is kept in its own numbering, the board shows it in X's (O's moves are turned
    round), and the points chosen on the board are turned back.
    """

    def __init__(self, board: BoardView, position: Position, dice: Dice, side: Side = Side.X) -> None:
        self.board = board
        self.side = side
        self.turn = Turn(position, dice)
        self.show()

    def show(self) -> None:
        """Put the turn on the board."""
        board = self.board
        current = self.turn.current
        board.position = current if self.side is Side.X else current.swap()
        board.on_roll = self.side
        board.dice = self.turn.dice
        board.used_dice = self.turn.used_dice
        board.selected = None
        board.targets = frozenset()

    def reset(self) -> None:
        """Take every move of this turn back."""
        self.turn = Turn(self.turn.position, self.turn.dice)
        self.board.last_move = None
        self.show()

    def undo(self) -> bool:
        """Take the last move back; whether there was one."""
        if not self.turn.moves:
            return False
        self.turn = self.turn.undo()
        self.show()
        return True

    def animate(
        self,
        play: Play,
        *,
        interval: float = STEP_SECONDS,
        on_step: Callable[[Turn], None] | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> Timer:
        """Play ``play`` (a play of this turn) out on the board from the start of the turn, one checker move every
        ``interval`` seconds, keeping :attr:`turn` in step; see :func:`animate_play`."""

        def stepped(turn: Turn) -> None:
            self.turn = turn
            if on_step is not None:
                on_step(turn)

        self.turn = Turn(self.turn.position, self.turn.dice)
        return animate_play(self.board, play, side=self.side, interval=interval, on_step=stepped, on_done=on_done)

    def choose(self, point: int) -> Refused | RouteChoice | Play | None:
        """The player chose ``point`` (in the board's numbering): a complete play, a refusal, a choice of routes to
        make first, or ``None`` (a
        selection changed or a move made)."""
        turn, board = self.turn, self.board
        point = board_point(point, self.side)
        selected = None if board.selected is None else board_point(board.selected, self.side)
        if selected is None:
            return self.select(point)
        if point == selected:
            board.selected, board.targets = None, frozenset()
            return None
        routes = turn.routes(selected, point)
        if len(routes) > 1:
            made = len(turn.moves)
            labels = tuple(_route_label(route, made) for route in routes)
            return RouteChoice(routes, labels)
        moved = routes[0] if routes else None
        if moved is None:
            if own_checkers(turn.current, point) and point in turn.movable_points():
                return self.select(point)
            try:
                turn.move(selected, point)
            except IllegalPlayError as error:
                return Refused(sentence(error.reason))
            return None  # pragma: no cover - a move route() could not find is refused above
        return self.take(moved)

    def take(self, moved: Turn) -> Play | None:
        """Make ``moved`` (one of the turns a choice offered) the turn being played: the play once it is complete."""
        self.turn = moved
        self.show()
        return moved.play if moved.is_complete else None

    def select(self, point: int) -> Refused | None:
        """Select the mover's checker on ``point`` (in the mover's numbering) and light where it can go."""
        turn, board = self.turn, self.board
        if point == OFF or not own_checkers(turn.current, point):
            mark = X_MARK if self.side is Side.X else O_MARK
            return Refused(f"Choose one of your own checkers ({mark}) first.", illegal=False)
        destinations = turn.destinations(point)
        if not destinations:
            return Refused(sentence(turn.why_stuck(point)))
        board.selected = board_point(point, self.side)
        board.targets = frozenset(board_point(target, self.side) for target in turn.reachable(point))
        return None


def _route_label(route: Turn, made: int) -> str:
    """A route's own moves in words: ``13/7*/5, hitting on the way`` or ``13/8/5, without hitting``."""
    moves = route.moves[made:]
    points = [point_name(moves[0].start), *(point_name(move.end) + ("*" if move.hit else "") for move in moves)]
    written = "/".join(points)
    hits = [move.end for move in moves if move.hit]
    if not hits:
        return f"{written}, without hitting"
    return f"{written}, hitting on {noun(len(hits), 'point')} {' and '.join(str(point) for point in hits)}"
