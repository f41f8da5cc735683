"""A whole match analysed at 2 plies in about the CPU time GNU Backgammon's 1-ply analysis takes.

:class:`SweepEvaluator` answers the three questions a match's analysis asks at every turn, the cube decision before
the roll, the roll's luck and the ranking of the plays, from bgsage's cube-aware 2-ply search, each position
searched once:

- **Plays** are screened as GNU Backgammon screens them, tighter: every play at 1 ply, then the best
  :data:`SWEEP_KEPT` within :data:`SWEEP_WITHIN`, and the play that was made, through the same cube-aware search
  bgsage's analyzer gives every play (the opponent's 21 rolls, each answered by its best reply at 1 ply, the cube
  judged at every leaf). If one of the other plays still looks better at 1 ply than every searched play does, the
  best-looking is searched too (:data:`PROMOTED`). The plays searched rank before the others, which keep their 1-ply
  figures and say so.
- **One search per position.** The search of the play made is the search of the next turn's position before the
  roll: its chances and its cubeful equity are kept, and the next cube decision and luck read them.
- **Cube decisions** are bgsage's 1-ply model (Janowski's formula, its cube-life index) applied to those 2-ply
  chances: the same numbers as bgsage's ``batch_evaluate_positions`` at 2 plies (``tests/test_sweep.py``).
- **Luck** is GNU Backgammon's, from 1-ply figures: the cubeful equity after the roll's best play against the
  average over every roll of the same. That average is the kept search's equity when the side on roll had no
  double to make (the search picks each roll's play and judges its leaf just as the roll's play is judged here,
  its chances made exact the same way: from the bear-off database, and with no gammon that can no longer happen);
  otherwise, and for the opening roll, each roll is looked at.

Where a backgammon is at stake (:func:`~trainer.analysis.sage.backgammon_at_stake`) the plays are ranked at 1 ply,
which bgsage's race network does not mislead there; at any depth but 2 plies, it answers as
:class:`~trainer.analysis.sage.SageEvaluator` does. ``tests/test_analysis_match.py`` measures it against GNU
Backgammon's own analysis of held-out matches, and ``benchmarks/analyse.py`` times it beside GNU Backgammon.
"""

from __future__ import annotations

import functools
from typing import Any, Final, NamedTuple

import bgbot_cpp
from bgsage import Probabilities
from bgsage.analyzer import _FLIP_OWNER, resolve_owner
from bgsage.weights import bearoff_db_path

from trainer.analysis import wording
from trainer.analysis.board import to_board
from trainer.analysis.results import AnalysisError, CubeDecision, CubeOwner, GameContext, RankedPlay, check_cube
from trainer.analysis.sage import (
    SCREENED_PLIES,
    SageEvaluator,
    _chances,
    _check_playing,
    _cube_aware_search,
    _invert,
    _keep,
    _Move,
    _ranked,
    backgammon_at_stake,
)
from trainer.engine import CHECKERS, Dice, Play, Position, check_dice
from trainer.engine.shots import ROLLS

SWEEP_KEPT: Final = 2
"""How many plays, the best at 1 ply, are searched to 2 plies besides the play made."""
SWEEP_WITHIN: Final = 0.08
"""How far below the best at 1 ply a play may be and still be searched to 2 plies."""
PROMOTED: Final = 1
"""How many times the play a ply short that looks best is searched too when it beats every searched play. A 1-ply
figure is not a 2-ply one: chasing every such play cost a tenth more time on the benchmark's matches, and no
measure moved."""
BACKGAMMON_PLIES: Final = 1
"""The depth plays are ranked at where a backgammon is at stake (see the module)."""
LUCK_MARGIN: Final = 0.05
"""How far short of a double the side on roll must be for the kept search's equity to be its no-double equity."""
KNOWN_KEPT: Final = 256
"""How many searches are kept for the turns after them."""
MAX_MOVES: Final = 4
"""The most moves a roll gives (a double)."""
SCREENS_KEPT: Final = 64
"""How many rolls' plays, with their 1-ply chances, are kept (the opening position's 15 among them)."""
OPENING_ROLLS: Final = tuple(roll for roll in ROLLS if not roll.is_double)


@functools.cache
def _contact_cube_life() -> float:
    """bgsage's cube-life index (Janowski's x) in contact, where it depends on nothing else."""
    return float(bgbot_cpp.cube_efficiency([0.5, 0.0, 0.0, 0.0, 0.0], False, 0, 0))


def _bearoff_database() -> Any:
    """bgsage's exact one-sided bear-off database (``None`` if it cannot be read: the network judges instead)."""
    path = bearoff_db_path()
    database = bgbot_cpp.BearoffDB()
    return database if path and database.load(path) else None


def _borne_off(board: list[int], *, mover: bool) -> bool:
    """Whether the mover (or the opponent) of a bgsage ``board`` has borne off a checker."""
    if mover:
        return sum(count for count in board[1:] if count > 0) < CHECKERS
    return board[0] + sum(-count for count in board[1:25] if count < 0) < CHECKERS


def _cubeless(probs: Any) -> float:
    return float(2.0 * probs[0] - 1.0 + probs[1] - probs[3] + probs[2] - probs[4])


class _Stakes(NamedTuple):
    """The cube's owner in bgsage's terms and the stakes, seen from the side on roll."""

    owner: Any
    context: GameContext

    @classmethod
    def of(cls, owner: CubeOwner, context: GameContext) -> _Stakes:
        return cls(resolve_owner(owner), context)

    @property
    def may_double(self) -> bool:
        """Whether the side on roll has the cube's access (the Crawford game gives nobody any)."""
        return self.owner != bgbot_cpp.CubeOwner.OPPONENT and not self.context.crawford

    def far_from_double(self, pre_roll: list[float], board: list[int]) -> bool:
        """Whether doubling is more than :data:`LUCK_MARGIN` worse than not for the side on roll in ``board``."""
        decision = self.cube(pre_roll, board)
        return bool(min(decision.equity_dt, decision.equity_dp) < decision.equity_nd - LUCK_MARGIN)

    def turned(self) -> _Stakes:
        """The same stakes seen by the other side."""
        return _Stakes(_FLIP_OWNER[self.owner], self.context.swap())

    def cube(self, pre_roll: list[float], board: list[int]) -> Any:
        """bgsage's 1-ply cube decision (Janowski's formula, its cube-life index) for the side on roll in
        ``board`` with ``pre_roll`` chances."""
        if bgbot_cpp.is_race(board):
            pips = bgbot_cpp.pip_counts(board)
            life = bgbot_cpp.cube_efficiency(pre_roll, True, pips[0], pips[1])
        else:
            life = _contact_cube_life()
        return bgbot_cpp.cube_decision_1ply(
            pre_roll,
            self.context.cube_value,
            self.owner,
            life,
            away1=self.context.player_away,
            away2=self.context.opponent_away,
            is_crawford=self.context.crawford,
            jacoby=self.context.jacoby,
        )

    def equity_against(self, after: list[int], probs: list[float]) -> float:
        """The cubeful equity of the side that moved to ``after`` with ``probs`` (its chances), these stakes being
        its opponent's, now on roll with the right to double where it has it: the opponent's, turned round."""
        return -float(self.cube(_invert(probs), bgbot_cpp.flip_board(after)).optimal_equity)


class _Screen(NamedTuple):
    """A roll's plays at 1 ply: the boards they leave, the mover's chances and cubeful equities."""

    boards: list[list[int]]
    chances: list[list[float]]
    equities: list[float]


class _Search(NamedTuple):
    """bgsage's cube-aware 2-ply search of a position before the roll: the side on roll's chances and cubeful
    equity (its best cube action taken) at the stakes searched."""

    chances: list[float]
    equity: float
    stakes: _Stakes


class SweepEvaluator(SageEvaluator):
    """:class:`~trainer.analysis.sage.SageEvaluator` with 2-ply answers worked out for a whole match's analysis
    (see the module). Calls may come from several threads."""

    def __init__(self, *, jacoby: bool = False, beaver: bool = False) -> None:
        super().__init__(jacoby=jacoby, beaver=beaver)
        self._one_ply_network()  # loaded now, as GNU Backgammon loads its networks before it analyses
        self._bearoff = _bearoff_database()
        self._known: dict[tuple[int, ...], _Search] = {}
        self._screens: dict[tuple[tuple[int, ...], tuple[int, int], _Stakes], _Screen] = {}

    # --- the searches -------------------------------------------------------------------------------------------

    def _screen(self, board: list[int], roll: tuple[int, int], stakes: _Stakes) -> _Screen:
        """Every board ``roll`` can leave (the board itself when nothing moves) with its 1-ply chances, the mover's,
        as bgsage's search judges the plays it picks from, and the mover's cubeful equity at ``stakes``; kept for
        the last rolls (a roll's luck and its plays ask alike). The lists are fresh copies."""
        key = (tuple(board), roll, stakes)
        with self._lock:
            known = self._screens.get(key)
        if known is None:
            boards = bgbot_cpp.possible_moves(board, *roll) or [board]
            found = bgbot_cpp.batch_evaluate_post_move(
                [(after, bgbot_cpp.CubeOwner.CENTERED) for after in boards], self._one_ply_network(), 1
            )
            chances = self._exact(board, boards, [list(item["probs"]) for item in found])
            theirs = stakes.turned()
            equities = [theirs.equity_against(after, probs) for after, probs in zip(boards, chances, strict=True)]
            known = _Screen(boards, chances, equities)
            with self._lock:
                _keep(self._screens, key, known, SCREENS_KEPT)
        return _Screen(list(known.boards), [list(probs) for probs in known.chances], list(known.equities))

    def _exact(self, board: list[int], boards: list[list[int]], chances: list[list[float]]) -> list[list[float]]:
        """The mover's 1-ply chances after the plays from ``board`` leaving ``boards``, made exact where they can be,
        as bgsage's search makes them: from the bear-off database in a pure bear-off, and with no gammon a side that
        has borne off a checker can lose (the network's output, alone, may give one)."""
        opponent_off = _borne_off(board, mover=False)  # a play sends checkers back, never brings any in
        mover_off = _borne_off(board, mover=True)
        outside = sum(count for count in board[7:] if count > 0)  # the mover's, its bar included
        may_bear_off = not mover_off and outside < MAX_MOVES  # each move brings one in, one is left to bear off
        for after, probs in zip(boards, chances, strict=True):
            if self._bearoff is not None and self._bearoff.is_bearoff(after):
                probs[:] = self._bearoff.lookup_probs(after, post_move=True)
                continue
            if opponent_off:
                probs[1] = probs[2] = 0.0
            if mover_off or (may_bear_off and _borne_off(after, mover=True)):
                probs[3] = probs[4] = 0.0
        return chances

    def _search(self, board: list[int], stakes: _Stakes, before: list[int] | None = None) -> _Search:
        """The search of ``board`` before the roll, the side on roll's (kept for the turns after it); ``before``,
        the board the opponent moved from, if known."""
        found = _Search(
            *_cube_aware_search(self._one_ply_network(), board, stakes.owner, stakes.context, before, self._bearoff),
            stakes,
        )
        with self._lock:
            _keep(self._known, tuple(board), found, KNOWN_KEPT)
        return found

    def _before_roll(self, board: list[int], stakes: _Stakes) -> _Search:
        """The search of ``board`` before the roll at ``stakes``: the one kept from the last turn, if it was made at
        these stakes (the search picks its plays by cubeful equity at the score: its chances depend on them too)."""
        with self._lock:
            known = self._known.get(tuple(board))
        return known if known is not None and known.stakes == stakes else self._search(board, stakes)

    # --- the evaluator's questions ------------------------------------------------------------------------------

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        """As :meth:`SageEvaluator.rank_plays`; at 2 plies every play at 1 ply, the best :data:`SWEEP_KEPT`
        within :data:`SWEEP_WITHIN` through bgsage's cube-aware 2-ply search (see the module)."""
        return self._rank(position, dice, plies, cube, context, None)

    def rank_choice(
        self,
        position: Position,
        dice: Dice,
        played: Play,
        plies: int,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        """As :meth:`rank_plays`, with ``played`` searched to the depth too (its search serves the next turn)."""
        return self._rank(position, dice, plies, cube, context, played)

    def _rank(
        self,
        position: Position,
        dice: Dice,
        plies: int,
        cube: CubeOwner,
        context: GameContext | None,
        played: Play | None,
    ) -> list[RankedPlay]:
        if plies != SCREENED_PLIES:
            return super().rank_plays(position, dice, plies, cube=cube, context=context)
        owner = check_cube(cube)
        first, second = check_dice(dice)
        _check_playing(position)
        stakes = _Stakes.of(owner, self._context(context))
        board = to_board(position)
        boards, chances, equities = self._screen(board, (first, second), stakes)
        best = max(equities)
        order = sorted(range(len(boards)), key=lambda index: -equities[index])
        kept = [index for index in order if best - equities[index] <= SWEEP_WITHIN][:SWEEP_KEPT]
        at_stake = backgammon_at_stake(position)
        if at_stake:  # see the module: the plays ranked at 1 ply
            kept = []
        elif played is not None:
            made = to_board(played.result)
            kept += [index for index in order if boards[index] == made and index not in kept]
        if len(boards) == 1:
            kept = []
        searched: list[int] = []
        for _round in range(1 + PROMOTED):  # then, as bgsage's analyzer does, the play a ply short that still looks
            for index in kept:  # better than them all
                search = self._search(bgbot_cpp.flip_board(boards[index]), stakes.turned(), board)
                chances[index], equities[index] = _invert(search.chances), -search.equity
            searched += kept
            if not searched:
                break
            deepest = max(equities[index] for index in searched)
            kept = [index for index in order if index not in searched and equities[index] > deepest][:1]
        moves = [
            _Move(after, equity, _cubeless(probs), Probabilities.from_list(probs))
            for after, equity, probs in zip(boards, equities, chances, strict=True)
        ]
        shallow = frozenset(tuple(boards[index]) for index in range(len(boards)) if searched and index not in searched)
        return _ranked(position, (first, second), moves, BACKGAMMON_PLIES if at_stake else plies, shallow=shallow)

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        """As :meth:`SageEvaluator.cube_decision`; at 2 plies Janowski's formula on the 2-ply chances."""
        if plies != SCREENED_PLIES:
            return super().cube_decision(position, plies, cube=cube, context=context)
        owner = check_cube(cube)
        if owner == "opponent":
            raise AnalysisError(wording.cannot_double(position.position_id()))
        _check_playing(position)
        stakes = _Stakes.of(owner, self._context(context))
        board = to_board(position)
        chances = self._before_roll(board, stakes).chances
        found = stakes.cube(chances, board)
        double_take = float(found.equity_dt)
        if stakes.context.beavers and stakes.context.is_money and double_take < 0:
            double_take *= 2  # beavered: the taker redoubles at once and keeps the cube
        return CubeDecision(
            no_double=float(found.equity_nd),
            double_take=double_take,
            double_pass=float(found.equity_dp),
            cubeless_equity=_cubeless(chances),
            chances=_chances(Probabilities.from_list(chances)),
            plies=plies,
            cube=owner,
        )

    def roll_luck(
        self,
        position: Position,
        dice: Dice,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
        opening: bool = False,
    ) -> float:
        """How much ``dice`` gained the side on roll against an average roll (see the module), per unit of the cube
        (EMG in a match)."""
        first, second = check_dice(dice)
        _check_playing(position)
        stakes = _Stakes.of(check_cube(cube), self._context(context))
        board = to_board(position)
        rolled = self._best_after(board, (first, second), stakes)
        if opening:
            return rolled - sum(self._best_after(board, roll, stakes) for roll in OPENING_ROLLS) / len(OPENING_ROLLS)
        search = self._before_roll(board, stakes)
        if not stakes.may_double or stakes.far_from_double(search.chances, board):
            return rolled - search.equity
        average = sum((1 if roll.is_double else 2) * self._best_after(board, roll, stakes) for roll in ROLLS) / 36
        return rolled - average

    def _best_after(self, board: list[int], roll: tuple[int, int], stakes: _Stakes) -> float:
        """The cubeful equity after ``roll``'s best play at 1 ply (best by that equity, as bgsage's search picks its
        plays)."""
        return max(self._screen(board, roll, stakes).equities)
