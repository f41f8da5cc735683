"""Playing a roll on the board, one checker at a time, and showing a play move by move: shared by the lesson and
puzzle screens (and any screen that shows a computer's move).

The controller keeps the engine's :class:`Turn` and puts it on a :class:`BoardView`; each choice of a point
returns what happened, for the screen to grade or explain. :func:`animate_play` steps any play onto a board on a
timer, the checkers moving one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from textual.timer import Timer

from trainer.engine import OFF, WAITING, Dice, IllegalPlayError, Play, Position, Side, Turn
from trainer.engine.moves import point_name
from trainer.engine.wording import sentence
from trainer.tui.scenes import board_point, selection_scene, start_of_play, step_scene, turn_scene, unselected
from trainer.tui.widgets.board import BoardView
from trainer.tui.wording import board as board_words

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
    board.scene = start_of_play(board.scene, play, side)

    def step() -> None:
        if not steps:
            timer.stop()
            if on_done is not None:
                on_done()
            return
        turn = steps.pop(0)
        board.scene = step_scene(board.scene, turn, side)
        if on_step is not None:
            on_step(turn)
        if not steps:
            timer.stop()
            if on_done is not None:
                on_done()

    timer = board.set_interval(interval, step)
    return timer


class BoardPlay:
    """A turn being played on ``board``: select a checker (on a point, on the bar, or waiting to enter), then one of
    the lit points.

    ``side`` is the mover: the turn is kept in its own numbering, the board shows it in X's (O's moves are turned
    round), and the points chosen on the board are turned back. ``plays``: the roll's legal plays when a game has
    them already (see :meth:`Turn.from_plays`), so that the roll is not searched again.
    """

    def __init__(
        self,
        board: BoardView,
        position: Position,
        dice: Dice,
        side: Side = Side.X,
        *,
        plays: tuple[Play, ...] | None = None,
    ) -> None:
        self.board = board
        self.side = side
        self.turn = Turn(position, dice) if plays is None else Turn.from_plays(plays)
        self.show()

    def show(self) -> None:
        """Put the turn on the board."""
        self.board.scene = turn_scene(self.board.scene, self.turn, self.side)

    def reset(self) -> None:
        """Take every move of this turn back."""
        self.turn = self.turn.with_moves(())
        self.board.scene = replace(self.board.scene, last_move=None)
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

        self.turn = self.turn.with_moves(())
        return animate_play(self.board, play, side=self.side, interval=interval, on_step=stepped, on_done=on_done)

    def choose(self, point: int) -> Refused | RouteChoice | Play | None:
        """The player chose ``point`` (in the board's numbering): a complete play, a refusal, a choice of routes to
        make first, or ``None`` (a
        selection changed or a move made)."""
        turn, board = self.turn, self.board
        point = board_point(point, self.side)
        selected = None if board.scene.selected is None else board_point(board.scene.selected, self.side)
        if selected is None:
            return self.select(point)
        if point == selected:
            board.scene = unselected(board.scene)
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
            return Refused(board_words.choose_own_checker(self.side), illegal=False)
        destinations = turn.destinations(point)
        if not destinations:
            return Refused(sentence(turn.why_stuck(point)))
        board.scene = selection_scene(board.scene, point, frozenset(turn.reachable(point)), self.side)
        return None


def _route_label(route: Turn, made: int) -> str:
    """A route's own moves in words: ``13/7*/5, hitting on the way`` or ``13/8/5, without hitting``."""
    moves = route.moves[made:]
    points = [point_name(moves[0].start), *(point_name(move.end) + ("*" if move.hit else "") for move in moves)]
    return board_words.route("/".join(points), [move.end for move in moves if move.hit])
