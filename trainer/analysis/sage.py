"""The :class:`Evaluator` backed by bgsage, the Open Sage neural-network engine (MPL-2.0).

Our rules engine decides what is legal; bgsage only puts numbers on it. For a roll, bgsage's ``checker_play``
evaluates every position the roll can leave against the position before the roll (it picks its networks by the
pre-move position, so all candidates of one decision are judged alike); each of its boards is mapped back to our
:class:`~trainer.engine.Position` and matched to the :func:`~trainer.engine.legal_plays` play that leaves it.
If the two sets of positions ever differ, :class:`AnalysisError` is raised instead of guessing
(``tests/test_analysis_mapping.py`` shows they agree on GNU Backgammon's 5,000 reference cases).

Depths follow bgsage: 1 ply is the network's own judgement of each position after the play, every extra ply
looks one roll further (bgsage's 1-ply is GNU Backgammon's 0-ply). Equities are money equities (or, given a match
:class:`~trainer.analysis.results.GameContext`, bgsage's normalised match equities), cubeful by bgsage's model of
the cube (Janowski's formula at 1 ply, a cube-aware search deeper), per unit of the cube.

A 1-ply cube decision through bgsage's ``cube_action`` loads the network's weights again on every call (some 40 ms);
outside pure bear-offs the same decision comes from one network kept for the evaluator's lifetime, through
bgsage's batch evaluation, in well under a millisecond (``tests/test_analysis.py`` checks the two agree). In pure
bear-offs bgsage's ``cube_action`` consults its bear-off database, so those still go through it.

bgsage's ``checker_play`` works out each play's cubeful equity in a thread pool it builds on every call. Deeper
than 1 ply each of those is a search, and the threads pay; at 1 ply each is a formula, and starting the threads
takes three times as long as the ranking itself. So a 1-ply ranking runs them in the calling thread (the same
numbers, in the same order).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, Final, NamedTuple, ParamSpec, TypeVar

import bgbot_cpp
import bgsage.analyzer
from bgsage import BgBotAnalyzer, Probabilities, roll_luck
from bgsage.analyzer import _FLIP_OWNER, resolve_owner
from bgsage.weights import default_weights

from trainer.analysis import wording
from trainer.analysis.board import from_board, to_board
from trainer.analysis.results import (
    AnalysisError,
    Chances,
    CubeDecision,
    CubeOwner,
    GameContext,
    RankedPlay,
    check_cube,
    check_plies,
)
from trainer.engine import CHECKERS, Dice, InvalidPositionError, Play, Position, check_dice, legal_plays

Arguments = ParamSpec("Arguments")
Result = TypeVar("Result")


class _InlineExecutor(Executor):
    """An executor that runs each task at once in the calling thread."""

    def submit(
        self, fn: Callable[Arguments, Result], /, *args: Arguments.args, **kwargs: Arguments.kwargs
    ) -> Future[Result]:
        future: Future[Result] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


_one_ply = threading.local()
"""``active`` while this thread ranks plays at 1 ply."""


def _thread_pool(max_workers: int | None = None) -> Executor:
    """The pool bgsage's ``checker_play`` asks for: none during a 1-ply ranking (see the module), else its own."""
    if getattr(_one_ply, "active", False):
        return _InlineExecutor()
    return ThreadPoolExecutor(max_workers=max_workers)


bgsage.analyzer.ThreadPoolExecutor = _thread_pool


class _Move(NamedTuple):
    """A play's board and figures, as bgsage's analyzer gives a move."""

    board: list[int]
    equity: float
    cubeless_equity: float
    probs: Probabilities


Key = TypeVar("Key")
Kept = TypeVar("Kept")


def _keep(cache: dict[Key, Kept], key: Key, value: Kept, limit: int) -> None:
    """Put ``value`` in ``cache`` under ``key``, the oldest entries dropped beyond ``limit`` (hold the lock)."""
    cache[key] = value
    while len(cache) > limit:
        cache.pop(next(iter(cache)))


def _invert(probs: Sequence[float]) -> list[float]:
    """Chances (win, win gammon, win backgammon, lose gammon, lose backgammon) seen from the other side."""
    return [1.0 - probs[0], probs[3], probs[4], probs[1], probs[2]]


def _cube_aware_search(
    network: Any,
    board: list[int],
    owner: Any,
    stakes: GameContext,
    before: list[int] | None = None,
    bearoff: Any = None,
) -> tuple[list[float], float]:
    """bgsage's cube-aware 2-ply search of ``board`` before the roll (the cube ``owner`` in bgsage's terms and
    ``stakes`` seen from the side on roll; ``before``, the board the opponent moved from, for its networks): the side
    on roll's chances, and its cubeful equity with its best cube action taken."""
    deep = bgbot_cpp.cubeful_probs_and_equity_nply(
        board,
        owner,
        network,
        SCREENED_PLIES,
        n_threads=1,
        cube_value=stakes.cube_value,
        away1=stakes.player_away,
        away2=stakes.opponent_away,
        is_crawford=stakes.crawford,
        jacoby=stakes.jacoby,
        beaver=stakes.beavers,
        bearoff_db=bearoff,
        root_board=before or [],
    )
    return list(deep["probs"]), float(deep["equity"])


Scored = tuple[Play, float, float, Chances]
"""A play with its cubeful and cubeless equities and its chances."""


def _best_first(scored: list[Scored]) -> list[Scored]:
    """Best cubeful equity first, ties by cubeless equity, then by the resulting Position ID (worked out for tied
    plays only: it is the slow part of the key)."""
    scored = sorted(scored, key=lambda item: (-item[1], -item[2]))
    ordered: list[Scored] = []
    for _equities, group in itertools.groupby(scored, key=lambda item: (item[1], item[2])):
        tied = list(group)
        if len(tied) > 1:
            tied.sort(key=lambda item: item[0].result.position_id())
        ordered.extend(tied)
    return ordered


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
        raise AnalysisError(wording.game_over(position.position_id(), winner, CHECKERS))


def _is_pure_bearoff(position: Position) -> bool:
    return position.all_home() and position.all_home(opponent=True)


OPPONENT_HOME: Final = slice(19, 26)
"""The player's points 19-24 (the opponent's home board) and the bar, in a :class:`Position`'s tuples."""


def backgammon_at_stake(position: Position) -> bool:
    """Whether the side on roll, still in contact, has a checker in the opponent's home board (or on the bar) while
    the opponent bears off: a backgammon is at stake.

    There bgsage's 2-ply search misjudges plays: its leaves, a roll later, are mostly races, and its race network
    puts the backgammons of a side with checkers left in the bearing-off side's home board far off (in
    ``PwEAALuAkAoeAA`` with 3-3, 40% after 23/17(2), 12% after 23/20(4), both nearer 5%), so the play that breaks
    contact at once looks best by 0.1 to 0.3 (GNU Backgammon, at every depth, and bgsage at 1 and 3 plies rank it
    far lower). A roll deeper the leaves are past that question.
    """
    return not position.is_race() and position.opponent_off > 0 and any(position.player[OPPONENT_HOME])


ROLLOUT_TRIALS = 288
"""The games of a rollout by default: a multiple of 36, so that the first roll is exactly stratified."""
ROLLOUT_TRUNCATION = 5
"""How many rolls deep a rollout game is played before the network judges it."""
ROLLOUT_PLIES = 3
"""The depth a rollout's figures are reported at (they are at least as deep as a 3-ply evaluation)."""
DETAILS_KEPT = 64
"""How many 2-ply cube analyses with per-roll figures are kept (a roll's luck follows its cube decision)."""
BACKGAMMON_PLIES: Final = 3
"""The depth plays are ranked at instead of 2 plies where a backgammon is at stake (:func:`backgammon_at_stake`)."""
SCREENED_PLIES: Final = 2
"""The depth at which plays are screened as GNU Backgammon's analysis screens them (:data:`SCREEN_KEPT`,
:data:`SCREEN_WITHIN`) rather than each searched to the depth."""
SCREEN_KEPT: Final = 8
"""How many plays, the best at 1 ply, are searched to :data:`SCREENED_PLIES` (GNU Backgammon's normal filter)."""
SCREEN_WITHIN: Final = 0.16
"""How far below the best at 1 ply a play may be and still be searched deeper (GNU Backgammon's normal filter)."""
MARKET_LOST_AT = 0.99
"""A sequence loses the market when the side on roll's cubeful equity after it reaches this (a cash)."""


SEED_MASK: Final = 0xFFFF_FFFF
"""bgsage's rollout seed is an unsigned 32-bit number: any other seed is folded into it."""


def _rollout_analyzer(trials: int, seed: int, threads: int) -> Any:
    """bgsage's truncated rollout of ``trials`` games, played at 1 ply and cut :data:`ROLLOUT_TRUNCATION` rolls
    deep, with ``seed`` for its dice (any integer: its low 32 bits are used)."""
    return BgBotAnalyzer(
        eval_level="rollout",
        cubeful=True,
        n_trials=trials,
        truncation_depth=ROLLOUT_TRUNCATION,
        decision_ply=1,
        parallel_threads=threads,
        seed=seed & SEED_MASK,
    )


def _float_or_none(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]


def _ranked(
    position: Position,
    dice: tuple[int, int],
    moves: Any,
    plies: int,
    trials: int = 0,
    shallow: frozenset[tuple[int, ...]] = frozenset(),
) -> list[RankedPlay]:
    """bgsage's moves matched to the rules engine's legal plays, best first (see :func:`_best_first`); the moves
    leaving a board of ``shallow`` (judged at 1 ply, the others at ``plies``) after all the others.

    :raises AnalysisError: if bgsage sees other plays than the rules engine.
    """
    first, second = dice
    by_board = {tuple(to_board(play.result)): play for play in legal_plays(position, dice)}  # seen from the mover
    scored: list[Scored] = []
    errors: dict[Play, float | None] = {}
    last: set[Play] = set()
    for move in moves:
        board = tuple(map(int, move.board))
        play = by_board.pop(board, None)
        if play is None:  # a board no legal play leaves: say what it is
            try:
                result = from_board(board)
            except InvalidPositionError as error:
                raise AnalysisError(wording.impossible_board(position.position_id(), error)) from None
            raise AnalysisError(wording.unknown_play(f"{first}-{second}", position.position_id(), result.position_id()))
        scored.append((play, float(move.equity), float(move.cubeless_equity), _chances(move.probs)))
        errors[play] = _float_or_none(getattr(move, "std_error", None))
        if board in shallow:
            last.add(play)
    if by_board:
        missing = ", ".join(str(play) for play in by_board.values())
        raise AnalysisError(wording.missing_plays(f"{first}-{second}", position.position_id(), missing))
    scored = _best_first(scored)
    if last:
        scored = [item for item in scored if item[0] not in last] + [item for item in scored if item[0] in last]
    best = scored[0][1]
    return [
        RankedPlay(
            rank=rank,
            play=play,
            equity=equity,
            cubeless_equity=cubeless,
            chances=chances,
            difference=equity - best,
            plies=1 if play in last else plies,
            std_error=errors[play],
            trials=trials if errors[play] is not None else 0,
        )
        for rank, (play, equity, cubeless, chances) in enumerate(scored, start=1)
    ]


class SageEvaluator:
    """Rank plays and judge the cube with bgsage, in a money game unless a call gives a match context.

    ``jacoby`` (gammons count only once the cube is turned) and ``beaver`` (a doubled player may redouble at
    once and keep the cube) are the money-play rules used when a call gives no context; both are off by default,
    as in a default :class:`~trainer.engine.Game`. One bgsage analyzer per depth is built on first use and kept;
    calls may come from several threads.
    """

    def __init__(self, *, jacoby: bool = False, beaver: bool = False) -> None:
        self.jacoby = jacoby
        self.beaver = beaver
        self._analyzers: dict[int, Any] = {}
        self._network: Any = None
        self._details: dict[tuple[tuple[int, ...], CubeOwner, GameContext], Any] = {}
        self._lock = threading.Lock()

    def _context(self, context: GameContext | None) -> GameContext:
        return GameContext(jacoby=self.jacoby, beavers=self.beaver) if context is None else context

    @staticmethod
    def _match_arguments(context: GameContext) -> dict[str, Any]:
        return {
            "away1": context.player_away,
            "away2": context.opponent_away,
            "is_crawford": context.crawford,
            "jacoby": context.jacoby,
            "beaver": context.beavers,
        }

    def _one_ply_network(self) -> Any:
        """bgsage's 1-ply network, loaded once (the strategy its batch evaluation builds on every call)."""
        with self._lock:
            if self._network is None:
                weights = default_weights()
                self._network = bgbot_cpp.create_strategy(
                    weights.strategy_type, weights.weight_paths_list, weights.hidden_sizes_list
                )
            return self._network

    def _analyzer(self, plies: int) -> Any:
        with self._lock:
            analyzer = self._analyzers.get(plies)
            if analyzer is None:
                analyzer = BgBotAnalyzer(eval_level=f"{plies}ply", cubeful=True)
                self._analyzers[plies] = analyzer
            return analyzer

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        """Every legal play of ``dice`` (a pass included when nothing can move), best first by cubeful equity,
        ties by cubeless equity, then by the resulting Position ID. At 2 plies, where a backgammon is at stake for
        the side on roll (:func:`backgammon_at_stake`), the plays are ranked a ply deeper (their ``plies`` say so).

        :raises AnalysisError: for a bad depth or cube owner, a finished game, or if bgsage sees other plays
            than the rules engine.
        :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
        """
        check_plies(plies)
        owner = check_cube(cube)
        first, second = check_dice(dice)
        _check_playing(position)
        stakes = self._context(context)
        if plies == BACKGAMMON_PLIES - 1 and backgammon_at_stake(position):
            plies = BACKGAMMON_PLIES  # see backgammon_at_stake: cheap there, few checkers are left in play
        elif plies == SCREENED_PLIES:
            return _ranked(position, (first, second), self._screened(position, first, second, owner, stakes), plies)
        _one_ply.active = plies == 1
        try:
            analysis = self._analyzer(plies).checker_play(
                to_board(position), first, second, stakes.cube_value, owner, **self._match_arguments(stakes)
            )
        finally:
            _one_ply.active = False
        return _ranked(position, (first, second), analysis.moves, plies)

    def _screened(self, position: Position, first: int, second: int, owner: CubeOwner, stakes: GameContext) -> Any:
        """Every play ranked at 1 ply, then the best :data:`SCREEN_KEPT` within :data:`SCREEN_WITHIN` of the best
        searched :data:`SCREENED_PLIES` deep, each through the same cube-aware search bgsage's analyzer gives every
        play (so their figures are its figures); the others keep their 1-ply figures, as in GNU Backgammon."""
        board = to_board(position)
        item: dict[str, Any] = {
            "board": board,
            "die1": first,
            "die2": second,
            "cube_value": stakes.cube_value,
            "cube_owner": resolve_owner(owner),
        }
        if not stakes.is_money:
            item |= {"away1": stakes.player_away, "away2": stakes.opponent_away, "is_crawford": stakes.crawford}
        jacoby = stakes.jacoby and stakes.is_money
        (found,) = bgbot_cpp.batch_checker_play([item], self._one_ply_network(), 5, 0.08, 1, jacoby=jacoby)
        moves = [dict(move) for move in found["moves"]]
        best = moves[0]["equity"]
        kept = [move for move in moves if best - move["equity"] <= SCREEN_WITHIN][:SCREEN_KEPT]
        opponent_owner = _FLIP_OWNER[resolve_owner(owner)]
        theirs = stakes.swap()
        for move in kept if len(moves) > 1 else ():
            chances, equity = _cube_aware_search(
                self._one_ply_network(), bgbot_cpp.flip_board(move["board"]), opponent_owner, theirs, board
            )
            move["probs"] = _invert(chances)  # the opponent's, on roll: turned to the mover's
            move["equity"] = -equity
            move["cubeless_equity"] = Probabilities.from_list(move["probs"]).equity
        return [
            _Move(move["board"], move["equity"], move["cubeless_equity"], Probabilities.from_list(list(move["probs"])))
            for move in moves
        ]

    def rollout_plays(
        self,
        position: Position,
        dice: Dice,
        *,
        trials: int = ROLLOUT_TRIALS,
        seed: int = 1,
        threads: int = 1,
        force: Sequence[Position] = (),
    ) -> list[RankedPlay]:
        """Every legal play of ``dice``, money game, cube centered, ranked by a truncated rollout of ``trials`` games
        (played at 1 ply, cut :data:`ROLLOUT_TRUNCATION` rolls deep and judged there by the network) for the plays
        within 0.08 of the best at 1 and 2 plies (at most five) and the plays leaving the positions of ``force``;
        the others keep those figures, with no standard error. The same seed serves every play, so that luck cancels
        between them. bgsage's standard errors are those of the cubeless equities.

        :raises AnalysisError: as :meth:`rank_plays`.
        """
        first, second = check_dice(dice)
        _check_playing(position)
        analyzer = _rollout_analyzer(trials, seed, threads)
        forced = [to_board(result) for result in force] or None
        analysis = analyzer.checker_play(
            to_board(position), first, second, 1, "centered", jacoby=False, beaver=False, force_boards=forced
        )
        return _ranked(position, (first, second), analysis.moves, ROLLOUT_PLIES, trials)

    def rollout_cube(
        self, position: Position, *, trials: int = ROLLOUT_TRIALS, seed: int = 1, threads: int = 1
    ) -> CubeDecision:
        """The money cube decision of the side on roll, cube centered, by a truncated rollout (as
        :meth:`rollout_plays`), with the standard errors of no double and double/take.

        :raises AnalysisError: for a finished game.
        """
        _check_playing(position)
        analyzer = _rollout_analyzer(trials, seed, threads)
        result = analyzer.cube_action(to_board(position), 1, "centered", jacoby=False, beaver=False)
        return CubeDecision(
            no_double=float(result.equity_nd),
            double_take=float(result.equity_dt),
            double_pass=float(result.equity_dp),
            cubeless_equity=float(result.cubeless_equity),
            chances=_chances(result.probs),
            plies=ROLLOUT_PLIES,
            no_double_se=_float_or_none(result.equity_nd_se),
            double_take_se=_float_or_none(result.equity_dt_se),
            trials=trials,
        )

    def market_losers(self, position: Position) -> float:
        """The share of the next two rolls (the side on roll's, then the other side's reply, each played as bgsage
        plays it at 1 ply) after which the side on roll, cube centered, would be too strong for a take: the
        sequences that lose the market if it does not double now (bgsage's 3-ply cube details)."""
        _check_playing(position)
        result = self._analyzer(3).cube_action(
            to_board(position), 1, "centered", jacoby=False, beaver=False, incl_2ply_details=True
        )
        lost = 0.0
        for roll in (result.details or {}).get("nd", []):
            weight = 1 if roll["die1"] == roll["die2"] else 2
            for reply in roll.get("opponent_rolls", []):
                reply_weight = 1 if reply["die1"] == reply["die2"] else 2
                if float(reply["cubeful_equity"]) >= MARKET_LOST_AT:
                    lost += weight * reply_weight
        return lost / 1296

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        """The cube decision of the player on roll before rolling, the cube centered or theirs.

        :raises AnalysisError: for a bad depth, a cube the opponent owns, or a finished game.
        """
        check_plies(plies)
        owner = check_cube(cube)
        if owner == "opponent":
            raise AnalysisError(wording.cannot_double(position.position_id()))
        _check_playing(position)
        stakes = self._context(context)
        board = to_board(position)
        if plies == 1 and not _is_pure_bearoff(position):
            return self._one_ply_cube(board, owner, stakes)
        if plies == 2:  # the analysis a roll's luck needs too: kept for it
            result = self._detailed(board, owner, stakes)
        else:
            result = self._analyzer(plies).cube_action(board, stakes.cube_value, owner, **self._match_arguments(stakes))
        return CubeDecision(
            no_double=float(result.equity_nd),
            double_take=float(result.equity_dt),
            double_pass=float(result.equity_dp),
            cubeless_equity=float(result.cubeless_equity),
            chances=_chances(result.probs),
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
        """How much ``dice`` gained the side on roll against an average roll, from bgsage's 2-ply cube analysis of
        the position before the roll, whose per-roll figures are 1-ply (GNU Backgammon's 0-ply, the depth of its
        luck); the analysis is kept, so that a cube decision at 2 plies of the same moment costs nothing more.

        :raises AnalysisError: for a bad cube owner, a finished game, or a roll bgsage gives no figure for.
        """
        owner = check_cube(cube)
        first, second = check_dice(dice)
        _check_playing(position)
        details = self._detailed(to_board(position), owner, self._context(context))
        found = roll_luck(details, first, second, is_opening_roll=opening)
        if found is None:
            raise AnalysisError(wording.no_luck_figure(f"{first}-{second}", position.position_id()))
        return float(found.luck)

    def _detailed(self, board: list[int], owner: CubeOwner, context: GameContext) -> Any:
        """bgsage's 2-ply cube analysis with its per-roll figures, kept for the last positions asked."""
        key = (tuple(board), owner, context)
        with self._lock:
            known = self._details.get(key)
        if known is None:
            known = self._analyzer(2).cube_action(
                board, context.cube_value, owner, incl_2ply_details=True, **self._match_arguments(context)
            )
            with self._lock:
                _keep(self._details, key, known, DETAILS_KEPT)
        return known

    def _one_ply_cube(self, board: list[int], owner: CubeOwner, context: GameContext) -> CubeDecision:
        """bgsage's 1-ply cube decision from the network kept in memory (the same numbers as ``cube_action``)."""
        item: tuple[Any, ...] = (board, context.cube_value, resolve_owner(owner))
        if not context.is_money:
            item += (context.player_away, context.opponent_away, context.crawford)
        (result,) = bgbot_cpp.batch_evaluate_positions(
            [item], self._one_ply_network(), 1, jacoby=context.jacoby, beaver=context.beavers
        )
        return CubeDecision(
            no_double=float(result["equity_nd"]),
            double_take=float(result["equity_dt"]),
            double_pass=float(result["equity_dp"]),
            cubeless_equity=float(result["cubeless_equity"]),
            chances=_chances(Probabilities.from_list(list(result["probs"]))),
            plies=1,
            cube=owner,
        )
