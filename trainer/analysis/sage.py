"""The :class:`Evaluator` backed by bgsage, the Open Sage neural-network engine (MPL-2.0).

Our rules engine decides what is legal; bgsage only puts numbers on it. For a roll, bgsage's ``checker_play``
evaluates every position the roll can leave against the position before the roll (it picks its networks by the
pre-move position, so all candidates of one decision are judged alike); each of its boards is mapped back to our
:class:`~trainer.engine.Position` and matched to the :func:`~trainer.engine.legal_plays` play that leaves it.
If the two sets of positions ever differ, :class:`AnalysisError` is raised instead of guessing
(``tests/test_analysis_mapping.py`` shows they agree on GNU Backgammon's 5,000 reference cases).

Depths follow bgsage: 1 ply is the network's own judgement of each position after the play, every extra ply
looks one roll further (bgsage's 1-ply is GNU Backgammon's 0-ply). Equities are money equities, cubeful by
bgsage's model of the cube (Janowski's formula at 1 ply, a cube-aware search deeper), per unit of the cube.
"""

from __future__ import annotations

import threading
from typing import Any

from bgsage import BgBotAnalyzer, Probabilities

from trainer.analysis.board import from_board, to_board
from trainer.analysis.results import (
    AnalysisError,
    Chances,
    CubeDecision,
    CubeOwner,
    RankedPlay,
    check_cube,
    check_plies,
)
from trainer.engine import CHECKERS, Dice, InvalidPositionError, Position, check_dice, legal_plays


def _chances(probabilities: Probabilities) -> Chances:
    return Chances(
        win=float(probabilities.win),
        win_gammon=float(probabilities.gammon_win),
        win_backgammon=float(probabilities.backgammon_win),
        lose_gammon=float(probabilities.gammon_loss),
        lose_backgammon=float(probabilities.backgammon_loss),
    )


def _check_playing(position: Position) -> None:
    if position.is_game_over():
        winner = "X" if position.player_off == CHECKERS else "O"
        raise AnalysisError(
            f"{position.position_id()}: the game is over ({winner} has borne off all {CHECKERS} checkers)"
        )


class SageEvaluator:
    """Rank plays and judge the cube with bgsage, in a money game.

    ``jacoby`` (gammons count only once the cube is turned) and ``beaver`` (a doubled player may redouble at
    once and keep the cube) are off by default: a :class:`~trainer.engine.Game` scores gammons and backgammons
    whatever the cube and knows no beavers. One bgsage analyzer per depth is built on first use and kept;
    calls may come from several threads.
    """

    def __init__(self, *, jacoby: bool = False, beaver: bool = False) -> None:
        self.jacoby = jacoby
        self.beaver = beaver
        self._analyzers: dict[int, Any] = {}
        self._lock = threading.Lock()

    def _analyzer(self, plies: int) -> Any:
        with self._lock:
            analyzer = self._analyzers.get(plies)
            if analyzer is None:
                analyzer = BgBotAnalyzer(eval_level=f"{plies}ply", cubeful=True)
                self._analyzers[plies] = analyzer
            return analyzer

    def rank_plays(
        self, position: Position, dice: Dice, plies: int = 1, *, cube: CubeOwner = "centered"
    ) -> list[RankedPlay]:
        """Every legal play of ``dice`` (a pass included when nothing can move), best first by cubeful equity,
        ties by cubeless equity, then by the resulting Position ID.

        :raises AnalysisError: for a bad depth or cube owner, a finished game, or if bgsage sees other plays
            than the rules engine.
        :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
        """
        check_plies(plies)
        owner = check_cube(cube)
        first, second = check_dice(dice)
        _check_playing(position)
        plays = legal_plays(position, (first, second))
        by_result = {play.result: play for play in plays}
        analysis = self._analyzer(plies).checker_play(
            to_board(position), first, second, 1, owner, jacoby=self.jacoby, beaver=self.beaver
        )
        scored = []
        for move in analysis.moves:
            try:
                result = from_board([int(count) for count in move.board])
            except InvalidPositionError as error:
                raise AnalysisError(f"bgsage gave an impossible board for {position.position_id()}: {error}") from None
            play = by_result.pop(result, None)
            if play is None:
                raise AnalysisError(
                    f"bgsage found a play with {first}-{second} in {position.position_id()} that the rules "
                    f"engine does not allow: it leaves {result.position_id()}"
                )
            scored.append((play, float(move.equity), float(move.cubeless_equity), _chances(move.probs)))
        if by_result:
            missing = ", ".join(str(play) for play in by_result.values())
            raise AnalysisError(
                f"bgsage did not evaluate every legal play with {first}-{second} in {position.position_id()}: "
                f"{missing} missing"
            )
        scored.sort(key=lambda item: (-item[1], -item[2], item[0].result.position_id()))
        best = scored[0][1]
        return [
            RankedPlay(
                rank=rank,
                play=play,
                equity=equity,
                cubeless_equity=cubeless,
                chances=chances,
                difference=equity - best,
                plies=plies,
            )
            for rank, (play, equity, cubeless, chances) in enumerate(scored, start=1)
        ]

    def cube_decision(self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered") -> CubeDecision:
        """The money cube decision of the player on roll before rolling, the cube centered or theirs.

        :raises AnalysisError: for a bad depth, a cube the opponent owns, or a finished game.
        """
        check_plies(plies)
        owner = check_cube(cube)
        if owner == "opponent":
            raise AnalysisError(f"{position.position_id()}: X cannot double, O owns the cube")
        _check_playing(position)
        result = self._analyzer(plies).cube_action(to_board(position), 1, owner, jacoby=self.jacoby, beaver=self.beaver)
        return CubeDecision(
            no_double=float(result.equity_nd),
            double_take=float(result.equity_dt),
            double_pass=float(result.equity_dp),
            cubeless_equity=float(result.cubeless_equity),
            chances=_chances(result.probs),
            plies=plies,
            cube=owner,
        )
