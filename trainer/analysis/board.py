"""Our :class:`~trainer.engine.Position` in bgsage's board form and back (plain lists: bgsage is not imported).

bgsage's board is 26 signed counts seen from the player on roll, like our positions: index 1-24 is the point in
that player's numbering, positive for its own checkers and negative for the opponent's; index 25 is the
player's bar and index 0 the opponent's bar, both as counts of zero or more. Borne-off checkers are not stored:
each side has 15 minus what is on the board and the bar. After a play, bgsage's board is still seen from the
mover, just as :attr:`~trainer.engine.Play.result` is.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from trainer.analysis import wording
from trainer.engine import BAR, CHECKERS, OFF, InvalidPositionError, Position

Board = list[int]


def to_board(position: Position) -> Board:
    """bgsage's board for ``position``, seen from the player on roll."""
    player, opponent = position.player, position.opponent
    return [opponent[BAR], *map(operator.sub, player[1:25], opponent[24:0:-1]), player[BAR]]


def from_board(board: Sequence[int]) -> Position:
    """Our position for a bgsage board, seen from the same player.

    :raises InvalidPositionError: if the board does not hold 26 whole numbers or describes no legal position.
    """
    if len(board) != 26 or not all(isinstance(count, int) and not isinstance(count, bool) for count in board):
        raise InvalidPositionError(wording.board_size(list(board)))
    if board[0] < 0 or board[25] < 0:
        raise InvalidPositionError(wording.board_bars(list(board)))
    player = [0] * 26
    opponent = [0] * 26
    for point in range(1, 25):
        count = board[point]
        if count > 0:
            player[point] = count
        elif count < 0:
            opponent[25 - point] = -count
    player[BAR] = board[25]
    opponent[BAR] = board[0]
    player[OFF] = CHECKERS - sum(player)
    opponent[OFF] = CHECKERS - sum(opponent)
    try:
        return Position(player, opponent)
    except InvalidPositionError as error:
        raise InvalidPositionError(wording.board_problem(list(board), error)) from None
