"""The evaluator a whole match is analysed with (:mod:`trainer.analysis.sweep`): bgsage's own figures, each position
searched once, luck that averages zero over the rolls."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import bgbot_cpp
import pytest
from bgsage import Probabilities
from bgsage.analyzer import resolve_owner
from bgsage.weights import default_weights

from trainer.analysis import GameContext
from trainer.analysis.board import to_board
from trainer.analysis.sage import SageEvaluator, _Move, _ranked
from trainer.analysis.sweep import SweepEvaluator
from trainer.engine import Dice, Position, legal_plays, parse_play
from trainer.engine.shots import ROLLS

MIDDLE_GAME = Position.from_position_id("4PPgASLgc/BBBA")
HOLDING = Position.from_position_id("sGvwAyDgOfgBYA")
SAVING_THE_GAMMON = Position.from_position_id("AQAAtHUPQQAAAA")


@pytest.fixture(scope="module")
def sweep() -> SweepEvaluator:
    return SweepEvaluator()


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Each call of bgsage's cube-aware search, as it is made."""
    made: list[object] = []
    search = bgbot_cpp.cubeful_probs_and_equity_nply

    def counted(*arguments: Any, **keywords: Any) -> Any:
        made.append(arguments[0])
        return search(*arguments, **keywords)

    monkeypatch.setattr(bgbot_cpp, "cubeful_probs_and_equity_nply", counted)
    yield made


@pytest.mark.parametrize(
    ("position", "cube", "context"),
    [
        (MIDDLE_GAME, "centered", GameContext()),
        (HOLDING, "player", GameContext(cube_value=2)),
        (MIDDLE_GAME, "centered", GameContext(player_away=3, opponent_away=5)),
        (HOLDING, "centered", GameContext(player_away=1, opponent_away=4, crawford=True)),
    ],
)
def test_a_cube_decision_is_bgsage_s_janowski_model_on_its_2_ply_chances(
    position: Position, cube: str, context: GameContext
) -> None:
    """The same figures as bgsage's batch evaluation with its 2-ply search strategy (whose own search picks each
    roll's play a shade differently: within 0.01). A fresh evaluator: nothing searched at other stakes."""
    sweep = SweepEvaluator()
    weights = default_weights()
    two_ply = bgbot_cpp.create_multipy(
        weights.strategy_type, weights.weight_paths_list, weights.hidden_sizes_list, n_plies=2
    )
    item: tuple[Any, ...] = (to_board(position), context.cube_value, resolve_owner(cube))
    if not context.is_money:
        item += (context.player_away, context.opponent_away, context.crawford)
    (expected,) = bgbot_cpp.batch_evaluate_positions([item], two_ply, 1, jacoby=False, beaver=False)
    found = sweep.cube_decision(position, 2, cube=cube, context=context)  # type: ignore[arg-type]
    assert found.plies == 2
    assert found.no_double == pytest.approx(expected["equity_nd"], abs=0.01)
    assert found.double_take == pytest.approx(expected["equity_dt"], abs=0.01)
    assert found.double_pass == pytest.approx(expected["equity_dp"], abs=0.01)


def test_the_plays_searched_carry_bgsage_s_cube_aware_2_ply_figures(sweep: SweepEvaluator) -> None:
    """The best plays at 1 ply get exactly the figures bgsage's analyzer gives them at 2 plies; the others keep
    their 1-ply figures, ranked after them."""
    dice = Dice(4, 2)
    ranked = sweep.rank_plays(MIDDLE_GAME, dice, 2)
    reference = {item.play: item.equity for item in SageEvaluator().rank_plays(MIDDLE_GAME, dice, 2)}
    assert len(ranked) == len(legal_plays(MIDDLE_GAME, dice)) > 3
    assert ranked[0].equity == pytest.approx(reference[ranked[0].play], abs=1e-6)
    assert ranked[0].plies == 2
    assert sum(item.equity == pytest.approx(reference[item.play], abs=1e-6) for item in ranked) >= 2


def test_the_play_made_is_searched_however_it_looked_and_ranks_among_the_searched(sweep: SweepEvaluator) -> None:
    dice = Dice(6, 5)
    worst = sweep.rank_plays(MIDDLE_GAME, dice, 2)[-1].play
    ranked = sweep.rank_choice(MIDDLE_GAME, dice, worst, 2)
    after = to_board(worst.result)
    deep = bgbot_cpp.cubeful_probs_and_equity_nply(
        bgbot_cpp.flip_board(after),
        resolve_owner("centered"),
        sweep._one_ply_network(),
        2,
        n_threads=1,
        jacoby=False,
        beaver=False,
        bearoff_db=None,
        root_board=to_board(MIDDLE_GAME),
    )
    made = next(item for item in ranked if item.play == worst)
    assert made.equity == pytest.approx(-deep["equity"], abs=1e-6)
    assert made.rank <= 3  # among the searched: the best two at 1 ply and the play made


def test_plays_judged_at_a_lesser_depth_rank_after_the_others() -> None:
    dice = (3, 1)
    plays = legal_plays(MIDDLE_GAME, dice)
    boards = [to_board(play.result) for play in plays]
    chances = bgbot_cpp.batch_evaluate_post_move(
        [(board, bgbot_cpp.CubeOwner.CENTERED) for board in boards], SweepEvaluator()._one_ply_network(), 1
    )
    moves = [
        _Move(board, float(index), 0.0, Probabilities.from_list(list(found["probs"])))
        for index, (board, found) in enumerate(zip(boards, chances, strict=True))
    ]
    shallow = frozenset(tuple(board) for board in boards[-2:])  # the two best by equity, judged shallowly
    ranked = _ranked(MIDDLE_GAME, dice, moves, 2, shallow=shallow)
    assert [item.play for item in ranked[-2:]] == [plays[-1], plays[-2]]
    assert ranked[0].play == plays[-3]


def test_the_next_turn_reads_the_search_of_the_play_made(sweep: SweepEvaluator, searches: list[object]) -> None:
    """The cube decision and the luck of the turn after a play cost no search: the play's own served."""
    dice = Dice(4, 2)
    played = parse_play(MIDDLE_GAME, dice, "8/4 6/4")
    sweep.rank_choice(MIDDLE_GAME, dice, played, 2)
    searched = len(searches)
    assert searched >= 1
    following = played.result.swap()
    sweep.cube_decision(following, 2)
    sweep.roll_luck(following, Dice(6, 6))
    assert len(searches) == searched


@pytest.mark.parametrize(
    ("position", "cube", "context", "expanded"),
    [
        (MIDDLE_GAME, "centered", GameContext(), False),
        (HOLDING, "player", GameContext(cube_value=2), False),
        (Position.from_position_id("3t0NAADjNoNgIA"), "opponent", GameContext(2, 7, 3), False),
        (Position.from_position_id("nHcOBgBjNxFwEA"), "opponent", GameContext(2, 7, 3), False),
        (SAVING_THE_GAMMON, "centered", GameContext(), False),
        (Position.from_position_id("1FYw4DBsvgMxAA"), "centered", GameContext(), True),  # near a double
    ],
)
def test_luck_averages_zero_over_the_rolls(
    monkeypatch: pytest.MonkeyPatch, position: Position, cube: str, context: GameContext, expanded: bool
) -> None:
    """Each roll's luck is its best play's equity against the average roll's: the rolls' luck, weighted by their
    chances, sums to nothing. Unless the side on roll is near a double, the average is the search's (one look at the
    roll's own plays per roll), which picks and judges each roll's play as the roll's luck does."""
    sweep = SweepEvaluator()
    looked: list[tuple[int, int]] = []
    best_after = sweep._best_after

    def counted(board: list[int], roll: tuple[int, int], stakes: object) -> float:
        looked.append(roll)
        return best_after(board, roll, stakes)  # type: ignore[arg-type]

    monkeypatch.setattr(sweep, "_best_after", counted)
    luck = {roll: sweep.roll_luck(position, roll, cube=cube, context=context) for roll in ROLLS}  # type: ignore[arg-type]
    assert len(looked) == len(ROLLS) * (22 if expanded else 1)
    assert sum((1 if roll.is_double else 2) * luck[roll] for roll in ROLLS) / 36 == pytest.approx(0.0, abs=5e-3)
    assert max(luck.values()) > 0 > min(luck.values()) and max(luck.values()) - min(luck.values()) > 0.01


def test_no_roll_is_lucky_when_every_roll_ends_the_same() -> None:
    """O bears its last checker off next roll whatever X rolls, and X, none off and a checker out, is gammoned at
    3-away each with the cube at 2: GNU Backgammon calls every roll's luck 0 (bgsage's 1-ply network alone saw
    0.69 gammons, and once charged this roll 0.68 of bad luck)."""
    position = Position.from_position_id("AgAAvKqfAAAAAA")
    context = GameContext(cube_value=2, player_away=3, opponent_away=3)
    sweep = SweepEvaluator()
    for roll in ROLLS:
        assert sweep.roll_luck(position, roll, cube="player", context=context) == pytest.approx(0.0, abs=1e-6)


def test_the_opening_roll_s_luck_is_against_the_fifteen_opening_rolls(sweep: SweepEvaluator) -> None:
    """As bgsage's own luck of the opening rolls (its 2-ply cube analysis's per-roll figures), within 0.03."""
    start = Position.start()
    reference = SageEvaluator()
    for roll in ((1, 3), (1, 2), (5, 6), (2, 4)):
        found = sweep.roll_luck(start, Dice(*roll), opening=True)
        assert found == pytest.approx(reference.roll_luck(start, Dice(*roll), opening=True), abs=0.03)
    assert sweep.roll_luck(start, Dice(1, 3), opening=True) > 0.1 > 0 > sweep.roll_luck(start, Dice(1, 2), opening=True)


def test_a_pure_bear_off_is_judged_from_the_exact_database(sweep: SweepEvaluator) -> None:
    """bgsage's network puts the side on roll's chances here near 0.32; the one-sided database's exact 0.2226 decides,
    as it did through bgsage's analyzer."""
    position = Position.from_position_id("FwAAYA8AAAAAAA")
    context = GameContext(cube_value=2, player_away=5, opponent_away=7)
    decision = sweep.cube_decision(position, 2, cube="player", context=context)
    assert decision.chances.win == pytest.approx(0.2226, abs=1e-3)
    assert decision.no_double == pytest.approx(
        SageEvaluator().cube_decision(position, 2, cube="player", context=context).no_double, abs=0.02
    )


def test_a_side_that_has_borne_off_loses_no_gammon_at_1_ply_either() -> None:
    """The network's raw output gives 0.6 gammons in this race in which both sides have borne off checkers."""
    position = Position.from_position_id("bBsABGwBAAAAAA")
    assert position.player_off and position.opponent_off
    for item in SweepEvaluator().rank_plays(position, Dice(2, 1), 2):
        assert item.chances.win_gammon == item.chances.lose_gammon == 0.0


def test_no_play_left_at_1_ply_looks_better_than_the_best_searched(sweep: SweepEvaluator) -> None:
    """The best two plays at 1 ply fall once searched; the play that then looks best, 7/4 6/1, is searched too (and
    is the best), and the plays left at 1 ply say so and rank below."""
    position = Position.from_position_id("Uc+DGQCZtoPBAA")
    ranked = sweep.rank_plays(position, Dice(5, 3), 2)
    assert str(ranked[0].play) == "7/4 6/1" and ranked[0].plies == 2
    assert all(item.difference <= 1e-9 for item in ranked)
    depths = [item.plies for item in ranked]
    assert depths == sorted(depths, reverse=True) and depths[-1] == 1


@pytest.mark.parametrize(
    ("position", "dice", "best", "worse", "least"),
    [
        ("PwEAALuAkAoeAA", (3, 3), "23/17(2)", "23/20(4)", 0.05),
        ("HgAAYLvBAAoGAA", (5, 2), "24/17", "24/22 24/19", 0.08),
    ],
)
def test_with_a_backgammon_at_stake_the_plays_are_ranked_at_1_ply(
    sweep: SweepEvaluator, position: str, dice: tuple[int, int], best: str, worse: str, least: float
) -> None:
    """bgsage's 1-ply network, unlike its 2-ply search's race leaves, ranks these as GNU Backgammon does."""
    board = Position.from_position_id(position)
    ranked = sweep.rank_plays(board, Dice(*dice), 2)
    equity = {item.play: item.equity for item in ranked}
    assert ranked[0].plies == 1
    assert ranked[0].play == parse_play(board, Dice(*dice), best)
    assert equity[ranked[0].play] - equity[parse_play(board, Dice(*dice), worse)] >= least
