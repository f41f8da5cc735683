"""The bgsage evaluator: ranked plays and cube decisions for our positions, and the values they come in."""

from __future__ import annotations

import itertools
import math
import re
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import bgsage.analyzer
import pytest
from bgsage import BgBotAnalyzer
from conftest import load_jsonl

from trainer.analysis import AnalysisError, Chances, CubeDecision, CubeOwner, GameContext, to_board
from trainer.analysis.sage import SageEvaluator
from trainer.engine import (
    Dice,
    Game,
    InvalidDiceError,
    MatchScore,
    MoneyOptions,
    Position,
    Side,
    legal_plays,
    parse_play,
)


@pytest.fixture(scope="module")
def evaluator() -> SageEvaluator:
    return SageEvaluator()


def decision(no_double: float, double_take: float, double_pass: float = 1.0) -> CubeDecision:
    chances = Chances(win=0.5, win_gammon=0.1, win_backgammon=0.0, lose_gammon=0.1, lose_backgammon=0.0)
    return CubeDecision(no_double, double_take, double_pass, cubeless_equity=0.0, chances=chances, plies=1)


@pytest.mark.parametrize("plies", [1, 2])
def test_every_legal_play_is_ranked_once_best_first(evaluator: SageEvaluator, plies: int) -> None:
    position = Position.from_position_id("4HPwATDgc/ABMA")
    ranked = evaluator.rank_plays(position, (4, 4), plies)
    assert sorted(item.play.result.position_id() for item in ranked) == sorted(
        play.result.position_id() for play in legal_plays(position, (4, 4))
    )
    assert [item.rank for item in ranked] == list(range(1, len(ranked) + 1))
    assert all(earlier.equity >= later.equity for earlier, later in itertools.pairwise(ranked))
    best = ranked[0].equity
    assert all(math.isclose(item.difference, item.equity - best) for item in ranked)
    assert ranked[0].difference == 0 and all(item.plies == plies for item in ranked)


@pytest.mark.parametrize(("dice", "best"), [((3, 1), "8/5 6/5"), ((4, 2), "8/4 6/4"), ((6, 1), "13/7 8/7")])
def test_the_known_best_opening_plays_come_first(evaluator: SageEvaluator, dice: tuple[int, int], best: str) -> None:
    start = Position.start()
    for plies in (1, 2):
        assert evaluator.rank_plays(start, dice, plies)[0].play == parse_play(start, dice, best)


def test_chances_are_the_mover_s_after_the_play(evaluator: SageEvaluator) -> None:
    # X is bearing off with three checkers left; O has fifteen far from home: X wins, often a gammon.
    ahead = Position.from_text("X: 3 2 1 / O: 24x5 23x5 13x5")
    for item in evaluator.rank_plays(ahead, (2, 1)):
        assert item.chances.win > 0.99 and item.chances.lose_gammon == 0 and item.equity > 1
    # The same board with O on roll: O is the one losing.
    for item in evaluator.rank_plays(ahead.swap(), (6, 5)):
        assert item.chances.win < 0.01 and item.chances.lose > 0.99 and item.equity < -1


def test_a_play_that_ends_the_game_is_worth_its_points(evaluator: SageEvaluator) -> None:
    gammon = Position.from_text("X: 2 1 / O: 24x15")  # O has borne off nothing, all in its home board
    best = evaluator.rank_plays(gammon, (2, 1))[0]
    assert str(best.play) == "2/off 1/off"
    assert best.equity == 2.0 and best.chances.win == 1.0 and best.chances.win_gammon == 1.0
    backgammon = Position.from_text("X: 2 1 / O: 3x15")  # and in X's home board too
    assert evaluator.rank_plays(backgammon, (2, 1))[0].equity == pytest.approx(3.0)


def test_a_roll_that_cannot_be_played_ranks_the_pass(evaluator: SageEvaluator) -> None:
    position = Position.from_text("X: bar 6x5 8x3 13x5 / O: 24x2 23x2 22x2 21x2 20x2 19x2 12x3")
    (only,) = evaluator.rank_plays(position, (5, 3))
    assert only.play.is_pass and only.rank == 1 and only.difference == 0
    assert only.chances.win < 0.1


def test_owning_the_cube_is_worth_something_to_its_owner(evaluator: SageEvaluator) -> None:
    start = Position.start()
    equities = [
        evaluator.rank_plays(start, (3, 1), cube=owner)[0].equity for owner in ("player", "centered", "opponent")
    ]
    assert equities[0] > equities[1] > equities[2]
    assert evaluator.cube_decision(start, cube="player").no_double > evaluator.cube_decision(start).no_double


def test_cube_decisions_for_clear_positions(evaluator: SageEvaluator) -> None:
    assert evaluator.cube_decision(Position.start()).action == "no double"
    gammonish = Position.from_text("X: 6x3 5x3 4x3 3x3 2x3 / O: barx3 24x3 23x3 13x3 12x3")
    assert evaluator.cube_decision(gammonish).action == "too good to double"
    race = Position.from_text("X: 5x2 / O: 24x2 22")  # exactly a double and a pass (GNU Backgammon's database)
    verdict = evaluator.cube_decision(race)
    assert verdict.action == "double, pass" and verdict.double_pass == 1.0
    assert verdict.double_take > verdict.double_pass and verdict.no_double < verdict.double_pass


def test_cube_decisions_agree_with_the_exact_bear_off_answers(evaluator: SageEvaluator) -> None:
    # tests/data/cube_cases.jsonl: GNU Backgammon's exact money cube decisions for two-sided bear-offs.
    cases = load_jsonl("cube_cases.jsonl")
    for case in cases[::16]:
        position = Position.from_position_id(case["position_id"])
        assert evaluator.cube_decision(position).cubeless_equity == pytest.approx(case["cubeless"], abs=0.02)
    # bgsage's 1-ply cube misjudges many takable doubles in short bear-offs; at 3 plies the clear ones are right.
    clear = [case for case in cases if case["centered_margin"] > 0.2 and case["owned_margin"] > 0.2]
    for action in ("no double", "double, take", "double, pass"):
        sample = [case for case in clear if case["centered_action"] == action][:4]
        assert len(sample) == 4
        for case in sample:
            position = Position.from_position_id(case["position_id"])
            assert evaluator.cube_decision(position, 3).action == action, case["text"]
            assert evaluator.cube_decision(position, 3, cube="player").action == case["owned_action"], case["text"]


def test_the_action_follows_the_three_equities() -> None:
    assert decision(0.3, 0.2).action == "no double"
    assert decision(0.5, 0.6).action == "double, take"
    assert decision(0.8, 1.2).action == "double, pass"
    assert decision(1.3, 1.6).action == "too good to double"
    assert decision(1.3, 0.9).action == "no double"  # too good only when the opponent would pass
    assert decision(0.5, 0.6).should_double and decision(0.5, 0.6).should_take
    assert not decision(0.8, 1.2).should_take


def test_chances_include_losing() -> None:
    chances = Chances(win=0.7, win_gammon=0.2, win_backgammon=0.01, lose_gammon=0.05, lose_backgammon=0.0)
    assert chances.lose == pytest.approx(0.3)
    assert list(chances.as_dict()) == ["win", "win_gammon", "win_backgammon", "lose", "lose_gammon", "lose_backgammon"]


@pytest.mark.parametrize("plies", [0, 4, -1, True, 1.5])
def test_a_depth_outside_one_to_three_is_refused(evaluator: SageEvaluator, plies: object) -> None:
    with pytest.raises(AnalysisError, match="plies must be a whole number from 1 to 3"):
        evaluator.rank_plays(Position.start(), (3, 1), plies)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="plies"):
        evaluator.cube_decision(Position.start(), plies)  # type: ignore[arg-type]


def test_bad_requests_are_refused_with_their_reason(evaluator: SageEvaluator) -> None:
    start = Position.start()
    with pytest.raises(AnalysisError, match="O owns the cube"):
        evaluator.cube_decision(start, cube="opponent")
    with pytest.raises(AnalysisError, match="'sideways'"):
        evaluator.rank_plays(start, (3, 1), cube="sideways")  # type: ignore[arg-type]
    with pytest.raises(InvalidDiceError):
        evaluator.rank_plays(start, (7, 1))
    finished = Position.from_text("X: - / O: 24x15")
    with pytest.raises(AnalysisError, match="the game is over"):
        evaluator.rank_plays(finished, (3, 1))
    with pytest.raises(AnalysisError, match="the game is over"):
        evaluator.cube_decision(finished)
    assert issubclass(AnalysisError, ValueError)


def sample_positions(evaluator: SageEvaluator, count: int) -> list[Position]:
    """Positions of a seeded game between best-play players, every third turn, none a pure bear-off."""
    game = Game(seed=7)
    game.roll_opening()
    found: list[Position] = []
    while game.result is None and len(found) < count:
        if game.dice is None:
            game.roll()
        assert game.dice is not None
        if len(game.history) % 3 == 0 and not (game.position.all_home() and game.position.all_home(opponent=True)):
            found.append(game.position)
        game.play(evaluator.rank_plays(game.position, game.dice)[0].play)
    return found


def test_the_fast_one_ply_cube_decision_is_bgsage_s_own(evaluator: SageEvaluator) -> None:
    """The network kept in memory gives the very numbers of bgsage's ``cube_action`` (which reloads it each call),
    in money play and at match scores, with the cube centered or owned."""
    analyzer = BgBotAnalyzer(eval_level="1ply", cubeful=True)
    contexts = [GameContext(), GameContext(2, 3, 2), GameContext(1, 4, 1, crawford=False), GameContext(1, 1, 1)]
    for index, position in enumerate(sample_positions(evaluator, 12)):
        context = contexts[index % len(contexts)]
        owner: CubeOwner = "player" if index % 3 == 0 else "centered"
        fast = evaluator.cube_decision(position, cube=owner, context=context)
        slow = analyzer.cube_action(
            to_board(position),
            context.cube_value,
            owner,
            away1=context.player_away,
            away2=context.opponent_away,
            is_crawford=context.crawford,
            jacoby=False,
            beaver=False,
        )
        assert (fast.no_double, fast.double_take, fast.double_pass, fast.cubeless_equity) == pytest.approx(
            (slow.equity_nd, slow.equity_dt, slow.equity_dp, slow.cubeless_equity), abs=1e-6
        )


def test_a_one_ply_ranking_starts_no_threads_and_gives_bgsage_s_own_numbers(
    evaluator: SageEvaluator, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bgsage's per-call thread pool is left out at 1 ply (it costs more than the ranking) and only there."""
    started: list[int] = []
    original = threading.Thread.start

    def counted(thread: threading.Thread) -> None:
        started.append(1)
        original(thread)

    positions = sample_positions(evaluator, 6)
    rolls = [(6, 5), (3, 1), (4, 4), (2, 1), (6, 6), (5, 2)]
    monkeypatch.setattr(threading.Thread, "start", counted)
    inline = [evaluator.rank_plays(position, dice) for position, dice in zip(positions, rolls, strict=True)]
    assert started == []
    evaluator.rank_plays(positions[0], rolls[0], 3)
    assert started  # deeper than the screened 2 plies, the searches run in bgsage's threads
    monkeypatch.setattr(bgsage.analyzer, "ThreadPoolExecutor", ThreadPoolExecutor)  # bgsage as it comes
    pooled = [evaluator.rank_plays(position, dice) for position, dice in zip(positions, rolls, strict=True)]
    assert inline == pooled


class EditedAnalyzer:
    """bgsage's analyzer with its ranking edited: the plays bgsage saw as the rules engine does not."""

    def __init__(self, analyzer: object, edit: Callable[[list[Any]], list[Any]]) -> None:
        self.analyzer, self.edit = analyzer, edit

    def checker_play(self, *arguments: Any, **options: Any) -> SimpleNamespace:
        analysis = self.analyzer.checker_play(*arguments, **options)  # type: ignore[attr-defined]
        return SimpleNamespace(moves=self.edit(list(analysis.moves)))


def with_board(move: Any, board: list[int]) -> SimpleNamespace:
    return SimpleNamespace(board=board, equity=move.equity, cubeless_equity=move.cubeless_equity, probs=move.probs)


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda moves: [with_board(moves[0], [0, 16] + [0] * 24), *moves[1:]], "bgsage gave an impossible board"),
        (
            lambda moves: [with_board(moves[0], to_board(Position.start())), *moves[1:]],
            "does not allow: it leaves 4HPwATDgc/ABMA",
        ),
        (lambda moves: moves[1:], "bgsage did not evaluate every legal play with 3-1"),
    ],
    ids=["impossible-board", "no-legal-play-leaves-it", "a-play-left-out"],
)
def test_a_ranking_that_disagrees_with_the_rules_engine_is_refused_saying_how(
    evaluator: SageEvaluator, monkeypatch: pytest.MonkeyPatch, edit: Callable[[list[Any]], list[Any]], reason: str
) -> None:
    monkeypatch.setitem(evaluator._analyzers, 1, EditedAnalyzer(evaluator._analyzer(1), edit))
    with pytest.raises(AnalysisError, match=re.escape(reason)):
        evaluator.rank_plays(Position.start(), (3, 1))


def test_match_scores_change_the_cube_decision(evaluator: SageEvaluator) -> None:
    start = Position.start()
    # Double match point: the cube is worth nothing, doubling gains nothing.
    dmp = evaluator.cube_decision(start, context=GameContext(1, 1, 1))
    assert dmp.no_double == pytest.approx(dmp.double_take) and not dmp.should_double
    # Post-Crawford, the trailer doubles at once; the leader has nothing to double for.
    assert evaluator.cube_decision(start, context=GameContext(1, 3, 1)).should_double
    assert not evaluator.cube_decision(start, context=GameContext(1, 1, 3)).should_double
    # Equities stay per unit of the cube: a 2-cube at 2-away 2-away is double match point again.
    dead = evaluator.cube_decision(start, cube="player", context=GameContext(2, 2, 2))
    assert dead.no_double == pytest.approx(dmp.no_double, abs=1e-6)
    ranked = evaluator.rank_plays(start, (3, 1), context=GameContext(1, 5, 5))
    assert str(ranked[0].play) == "8/5 6/5"


def test_a_game_context_says_where_a_decision_is_taken() -> None:
    assert GameContext().is_money and not GameContext(1, 3, 5).is_money
    assert GameContext.of(MatchScore(5, 4, 1, crawford=True), Side.O, cube_value=1) == GameContext(1, 4, 1, True)
    assert GameContext.of(MatchScore(), Side.X, options=MoneyOptions(jacoby=True)) == GameContext(jacoby=True)
    assert GameContext(4, 3, 2).swap() == GameContext(4, 2, 3)
    for bad in (
        lambda: GameContext(3),
        lambda: GameContext(1, 0, 2),
        lambda: GameContext(crawford=True),
        lambda: GameContext(1, 3, 3, crawford=True),
        lambda: GameContext(1, 3, 3, jacoby=True),
    ):
        with pytest.raises(AnalysisError):
            bad()
    with pytest.raises(AnalysisError, match="the match is over"):
        GameContext.of(MatchScore(3, 3, 1), Side.X)


def test_at_two_plies_the_plays_kept_by_the_screen_get_bgsage_s_own_figures(evaluator: SageEvaluator) -> None:
    """The screened 2-ply ranking searches the best plays at 1 ply (at most :data:`SCREEN_KEPT`) as bgsage's
    analyzer searches every play, so their figures are its figures; the others keep their 1-ply figures."""
    from bgsage import BgBotAnalyzer

    from trainer.analysis.board import to_board
    from trainer.analysis.sage import SCREEN_KEPT

    position, dice = Position.start(), Dice(4, 3)
    screened = evaluator.rank_plays(position, dice, 2)
    one_ply = {item.play: item.equity for item in evaluator.rank_plays(position, dice, 1)}
    analysis = BgBotAnalyzer(eval_level="2ply", cubeful=True).checker_play(
        to_board(position), 4, 3, 1, "centered", jacoby=False, beaver=False
    )
    searched = {tuple(int(count) for count in move.board): float(move.equity) for move in analysis.moves}
    deep = [item for item in screened if item.equity != pytest.approx(one_ply[item.play], abs=1e-9)]
    assert 2 <= len(deep) <= SCREEN_KEPT and screened[0] in deep
    for item in deep:
        assert item.equity == pytest.approx(searched[tuple(to_board(item.play.result))], abs=1e-6)
