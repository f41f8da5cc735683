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
from trainer.analysis.sweep import ALL_ROLLS, OPENING_ROLLS, SweepEvaluator, gammon_race
from trainer.engine import Dice, Position, legal_plays, parse_play

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
    sweep: SweepEvaluator, position: Position, cube: str, context: GameContext
) -> None:
    """The same figures as bgsage's batch evaluation with its 2-ply search strategy (whose own search picks each
    roll's play a shade differently: within 0.01)."""
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


@pytest.mark.parametrize("position", [MIDDLE_GAME, HOLDING, SAVING_THE_GAMMON])
def test_luck_averages_zero_over_the_rolls(sweep: SweepEvaluator, position: Position) -> None:
    """Each roll's luck is its best play's equity against the average roll's: the rolls' luck, weighted by their
    chances, sums to nothing (the search's average and each roll's play are judged alike)."""
    total = sum(
        (1 if first == second else 2) * sweep.roll_luck(position, Dice(first, second)) for first, second in ALL_ROLLS
    )
    assert total / 36 == pytest.approx(0.0, abs=1e-4)
    lucky = max(ALL_ROLLS, key=lambda roll: sweep.roll_luck(position, Dice(*roll)))
    assert sweep.roll_luck(position, Dice(*lucky)) > 0.05


def test_the_opening_roll_s_luck_is_against_the_fifteen_opening_rolls(sweep: SweepEvaluator) -> None:
    start = Position.start()
    luck = {roll: sweep.roll_luck(start, Dice(*roll), opening=True) for roll in OPENING_ROLLS}
    assert sum(luck.values()) == pytest.approx(0.0, abs=1e-9)
    assert luck[(1, 3)] > 0.1 > 0 > luck[(1, 2)]  # 3-1 makes the 5-point; 2-1 is among the worst openings


def test_a_race_where_a_gammon_is_being_saved_is_told_apart() -> None:
    assert gammon_race(SAVING_THE_GAMMON) and gammon_race(SAVING_THE_GAMMON.swap())
    both_off = Position.from_position_id("r88BAMAtAAAAAA")
    assert both_off.is_race() and not gammon_race(both_off) and not gammon_race(MIDDLE_GAME)


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
