"""eXtreme Gammon's .xg files as the :class:`~trainer.play.matfile.MatMatch` a .mat file gives (bgsage reads the
file: :func:`trainer.analysis.read_xg`, which says what it can and cannot give). XG's first player is the .mat
file's left player (0), its second the right one (1); each play is the legal play of its roll from the board
before it to the board after it."""

from __future__ import annotations

from trainer.analysis import XgMatch, XgTurn
from trainer.engine import Dice, legal_plays
from trainer.play import wording
from trainer.play.matfile import MatAction, MatDouble, MatDrop, MatGame, MatMatch, MatMove, MatParseError, MatTake


class XgConversionError(MatParseError):
    """A .xg file whose turns cannot be made into a match's actions; the message names the game and move."""


def _move(turn: XgTurn, game: int, number: int) -> MatMove:
    assert turn.dice is not None and turn.before is not None and turn.after is not None
    try:
        plays = legal_plays(turn.before, Dice.of(turn.dice))
    except ValueError as error:
        raise XgConversionError(wording.xg_no_play(game, number, str(error))) from None
    for play in plays:
        if play.result == turn.after:
            moves = tuple((move.start, move.end, move.hit) for move in play.moves)
            return MatMove(turn.player, turn.dice, moves)
    raise XgConversionError(wording.xg_no_play(game, number, wording.xg_no_such_play(turn.dice)))


def xg_match(xg: XgMatch) -> MatMatch:
    """The games of ``xg`` as a match.

    :raises XgConversionError: for a turn whose boards no legal play of its roll joins.
    """
    games: list[MatGame] = []
    for xg_game in xg.games:
        actions: list[MatAction] = []
        cube = 1
        for turn in xg_game.turns:
            if turn.cube_action in ("double/take", "double/pass"):
                actions.append(MatDouble(turn.player, 2 * cube))
                if turn.cube_action == "double/take":
                    actions.append(MatTake(1 - turn.player))
                    cube *= 2
                else:
                    actions.append(MatDrop(1 - turn.player))
            if turn.dice is not None:
                actions.append(_move(turn, xg_game.number, len(actions) + 1))
        games.append(MatGame(xg_game.number, xg.names, xg_game.scores, tuple(actions)))
    return MatMatch(xg.length, tuple(games), jacoby=xg.jacoby)
