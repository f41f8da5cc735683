"""A cheap, deterministic evaluator for play tests: instant, plausible enough, with real cube action.

Plays are ranked by a runner's rule: bring the farthest checkers home first (the sum of each checker's distance
squared, smallest best) and leave few blots an opponent checker can hit with one die, so that games end in some
fifty turns. A play's equity is the best play's race equity minus 0.05 per unit of that score it gives up, so
mistakes come in the tutor's sizes. Cube decisions come from a race formula on the pip counts (doubling from
about 68% to win, passing from about 80%), so games see doubles, takes, passes and redoubles. It is no backgammon
player, but it is fast (well under a millisecond a roll) and the same every time, which is what the session tests
need; ``tests/test_play_sage.py`` plays with bgsage itself.
"""

from __future__ import annotations

import math

import pytest

from trainer.analysis import Chances, CubeDecision, CubeOwner, GameContext, RankedPlay
from trainer.engine import BAR, CHECKERS, OFF, Dice, Position, legal_plays, moves
from trainer.play import Session, Waiting

SCALE = 0.05
"""Equity per unit of the runner's score."""


def race_chance(position: Position) -> float:
    """The side on roll's chance to win, by a race formula on the pip counts."""
    if position.player[OFF] == CHECKERS:
        return 1.0
    if position.opponent[OFF] == CHECKERS:
        return 0.0
    mine, theirs = position.pip_count()
    lead = theirs - mine + 8  # being on roll is worth some 8 pips
    return 1.0 / (1.0 + math.exp(-lead / (0.05 * (mine + theirs) + 6)))


def runner_score(result: Position) -> float:
    """How much the runner's rule likes ``result`` (the mover's side after a play): higher is better."""
    me, them = result.player, result.opponent
    if me[OFF] == CHECKERS:
        return 1000.0
    spread = sum(point * point * me[point] for point in range(1, 26)) / 100
    theirs = {25 - point for point in range(1, 25) if them[point]} | ({0} if them[BAR] else set())
    blots = sum(1 for point in range(1, 25) if me[point] == 1 and any(0 < point - source <= 6 for source in theirs))
    return -spread - blots


def _chances(win: float) -> Chances:
    return Chances(win=win, win_gammon=0.0, win_backgammon=0.0, lose_gammon=0.0, lose_backgammon=0.0)


class CheapEvaluator:
    """Implements :class:`trainer.analysis.Evaluator` with :func:`runner_score` and :func:`race_chance`; counts its
    calls."""

    def __init__(self) -> None:
        self.rank_calls = 0
        self.cube_calls = 0

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        self.rank_calls += 1
        scored = sorted(
            ((runner_score(play.result), play.result.position_id(), play) for play in legal_plays(position, dice)),
            key=lambda item: (-item[0], item[1]),
        )
        best_score, _, best_play = scored[0]
        win = 1.0 - race_chance(best_play.result.swap())
        base = 2 * win - 1
        ranked = []
        for rank, (score, _, play) in enumerate(scored, start=1):
            difference = max(SCALE * (score - best_score), -2.0)
            equity = base + difference
            ranked.append(RankedPlay(rank, play, equity, equity, _chances(win), difference, plies))
        return ranked

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        self.cube_calls += 1
        win = race_chance(position)
        equity = 2 * win - 1
        # Doubling gains from an equity of 0.36 (68%); the opponent passes from 0.6 (80%).
        return CubeDecision(equity, 2.6 * equity - 0.576, 1.0, equity, _chances(win), plies, cube)


def decide(session: Session) -> None:
    """Make the next decision of ``session`` plainly: the computer's turn, a roll, the first legal play, a take of
    any double, or the next game of a match."""
    waiting = session.waiting_for
    if waiting is Waiting.COMPUTER:
        session.computer_turn()
    elif waiting is Waiting.ROLL:
        session.roll()
    elif waiting is Waiting.MOVE:
        session.play(session.legal_plays()[0])
    elif waiting is Waiting.ANSWER:
        session.take()
    else:
        session.next_game()


class Searches:
    """Every search of the move generator for the legal plays of a roll, from now on (``monkeypatch`` wraps it):
    :attr:`rolls` lists each searched position with its dice (low first)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rolls: list[tuple[Position, tuple[int, int]]] = []
        search = moves._search

        def counted(position: Position, first: int, second: int, waiting: int) -> moves.Found:
            self.rolls.append((position, (min(first, second), max(first, second))))
            return search(position, first, second, waiting)

        monkeypatch.setattr(moves, "_search", counted)
        moves._legal_plays.cache_clear()  # the plays of rolls asked before are kept: from now on, each search counts

    def of(self, position: Position, dice: Dice) -> int:
        """How many times ``dice`` in ``position`` has been searched."""
        return self.rolls.count((position, (dice.low, dice.high)))
