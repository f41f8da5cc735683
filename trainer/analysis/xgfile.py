"""eXtreme Gammon's .xg match files, read by bgsage's reader (``bgsage.xg_compare.parse_xg_match``) into plain
values: the players, the match length, and each game's turns with the boards before and after each play.

What bgsage's reader gives, and so what is read: the match length (0 for money), the Jacoby rule, the players'
names; each game's number and scores before it; each turn's mover, dice, the board before and after the play, and
its cube action (no double, double/take, double/pass). What it does not give: a game's result (a .xg game is
replayed to its end without a check of the points won), a beaver (bgsage reads any answer but a take as a pass,
so a game with a beaver stops where the replay refuses the next play), and the play's checker moves (found as the
legal play from one board to the other).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis import wording
from trainer.analysis.board import from_board
from trainer.engine import InvalidPositionError, Position


class XgFileError(ValueError):
    """A .xg file bgsage's reader refuses, or whose content cannot be turned into positions."""


@dataclass(frozen=True, slots=True)
class XgTurn:
    """One turn: the mover (0 for XG's first player, 1 for the second), its cube action (``no double``,
    ``double/take``, ``double/pass`` or ``None``), and for a roll the dice and the boards before and after the play,
    both seen from the mover."""

    player: int
    cube_action: str | None
    dice: tuple[int, int] | None = None
    before: Position | None = None
    after: Position | None = None


@dataclass(frozen=True, slots=True)
class XgGame:
    """One game: its number, the players' scores before it and its turns."""

    number: int
    scores: tuple[int, int]
    turns: tuple[XgTurn, ...]


@dataclass(frozen=True, slots=True)
class XgMatch:
    """A .xg file: the match length (0 for money play), the players' names, the Jacoby rule and the games."""

    length: int
    names: tuple[str, str]
    jacoby: bool
    games: tuple[XgGame, ...]


def _mover_board(board: Sequence[int], player: int) -> Position:
    """A board of bgsage's reader (XG's first player's view, a bar's count possibly signed) seen from the mover."""
    cells = [int(cell) for cell in board]
    if len(cells) != 26:
        raise XgFileError(wording.xg_bad_board())
    if player:
        cells = [cells[25], *(-cells[25 - point] for point in range(1, 25)), cells[0]]
    cells[0], cells[25] = abs(cells[0]), abs(cells[25])
    return from_board(cells)


def read_xg(data: bytes) -> XgMatch:
    """The match in the .xg file whose bytes are ``data``.

    :raises XgFileError: saying why bgsage's reader refuses the file, or what in it cannot be read.
    """
    from bgsage.xg_compare import parse_xg_match

    try:
        parsed = parse_xg_match(data)
    except Exception as error:  # bgsage's reader of hostile bytes may fail in any way
        reason = " ".join(str(error).split())[:200] or type(error).__name__
        raise XgFileError(wording.xg_refused(reason)) from None
    try:
        games = []
        for game in parsed["games"]:
            turns = []
            for turn in game["turns"]:
                player = 1 if turn["player"] == "bot" else 0
                dice = turn.get("dice")
                before, after = turn.get("board_before"), turn.get("board_after")
                if dice is not None and before is not None and after is not None:
                    roll = (int(dice[0]), int(dice[1]))
                    turns.append(
                        XgTurn(
                            player,
                            turn.get("cube_action"),
                            roll,
                            _mover_board(before, player),
                            _mover_board(after, player),
                        )
                    )
                else:
                    turns.append(XgTurn(player, turn.get("cube_action")))
            scores = (int(game["score1_start"]), int(game["score2_start"]))
            games.append(XgGame(int(game["game_number"]), scores, tuple(turns)))
        names = (str(parsed["player1"]), str(parsed["player2"]))
        return XgMatch(int(parsed["match_length"]), names, bool(parsed["jacoby"]), tuple(games))
    except (KeyError, TypeError, ValueError, IndexError, InvalidPositionError) as error:
        reason = " ".join(str(error).split())[:200] or type(error).__name__
        raise XgFileError(wording.xg_refused(reason)) from None
