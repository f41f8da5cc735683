"""Raccoons, as GNU Backgammon allows them in money play: the beavered doubler beavers back, keeping the cube at
twice the beaver's value; the rules engine plays them with the option on and refuses them without it, and the
analysis of a .mat file replays and judges them. A game with a cube action the rules refuse is reported and the
rest of the file still analysed."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import CheapEvaluator

from trainer.analysis import CubeDecision
from trainer.analysis.results import Chances
from trainer.cli.main import main
from trainer.engine import CubeError, Game, GameState, MatchScore, MoneyOptions, Phase, Position, Side
from trainer.engine.matchid import MatchId
from trainer.play import parse_mat
from trainer.play.analyse import DecisionKind, ReplayProblem, analyse_match, cube_is_dead, decision_points
from trainer.play.tutor import beaver_answer_equities

DATA = Path(__file__).parent / "data" / "analyse"


def doubled_and_beavered(*, raccoons: bool) -> Game:
    game = Game(seed=3, options=MoneyOptions(beavers=True, raccoons=raccoons))
    game.roll_opening()
    while game.dice is not None:  # play the opening roll's turn, to reach a turn that starts before a roll
        game.play(game.legal_plays()[0])
    game.double()
    game.beaver()
    return game


def test_a_raccoon_redoubles_the_beaver_and_keeps_the_cube_with_the_doubler() -> None:
    game = doubled_and_beavered(raccoons=True)
    doubler = game.state.turn
    assert doubler is not None and game.deciding is doubler and game.cube == 2
    game.beaver()  # the raccoon
    assert game.state.phase is Phase.BEAVERED and game.cube == 4 and game.state.cube_owner is doubler
    assert game.deciding is doubler.other
    assert MatchId.from_state(game.state).decider is doubler.other
    game.take()
    assert (game.cube, game.state.cube_owner, game.state.phase, game.state.turn) == (8, doubler, Phase.ROLL, doubler)


def test_a_raccoon_passed_gives_the_doubler_the_beavered_cube() -> None:
    game = doubled_and_beavered(raccoons=True)
    doubler = game.state.turn
    game.beaver()
    game.drop()
    assert game.result is not None and game.result.winner is doubler and game.result.points == 4


def test_a_beaver_passed_still_gives_the_beaverer_the_doubled_cube() -> None:
    game = doubled_and_beavered(raccoons=True)
    doubler = game.state.turn
    assert doubler is not None
    game.drop()
    assert game.result is not None and game.result.winner is doubler.other and game.result.points == 2


def test_without_the_raccoon_option_a_beaver_cannot_be_beavered_back() -> None:
    game = doubled_and_beavered(raccoons=False)
    with pytest.raises(CubeError):
        game.beaver()
    game.take()
    assert game.cube == 4 and game.state.cube_owner is not game.state.turn


def test_a_raccoon_is_worth_four_times_the_double_take_unless_passed() -> None:
    decision = CubeDecision(-0.1, -0.4, 1.0, -0.2, Chances(0.4, 0.1, 0.0, 0.1, 0.0), 1)
    assert beaver_answer_equities(decision) == {"take": -0.8, "pass": -2.0}
    assert beaver_answer_equities(decision, raccoon_allowed=True)["beaver"] == pytest.approx(-1.6)


def test_a_mat_file_with_a_raccoon_is_replayed_and_the_raccoon_judged() -> None:
    for name, ending in (("raccoon-pass.mat", "pass"), ("raccoon-take.mat", None)):
        match = parse_mat((DATA / name).read_text())
        found = list(decision_points(match))
        assert not [item for item in found if isinstance(item, ReplayProblem)], name
        cube = [item for item in found if not isinstance(item, ReplayProblem) and item.kind is DecisionKind.TAKE]
        choices = [(item.choice, item.beavered) for item in cube]
        assert ("beaver", False) in choices and ("beaver", True) in choices, name  # the beaver, then the raccoon
        assert len(analyse_match(match, CheapEvaluator()).decisions) == len(found), name
        assert ending is None or (ending, True) not in choices  # the answer to a raccoon is replayed, not judged


def test_a_game_with_a_refused_double_is_reported_and_the_others_analysed(capsys: pytest.CaptureFixture[str]) -> None:
    match = parse_mat((DATA / "bad-double.mat").read_text())
    analysis = analyse_match(match, CheapEvaluator())
    (problem,) = analysis.problems
    assert problem.game == 1 and "only its owner may redouble" in problem.reason
    assert {decision.point.game for decision in analysis.decisions} == {1, 2}
    assert main(["analyse", str(DATA / "bad-double.mat"), "--plies", "1"]) == 0
    captured = capsys.readouterr()
    assert "game 1, move 16 cannot be replayed" in captured.err and "2 games" in captured.out


def test_a_dead_cube_is_no_decision_and_the_post_crawford_leader_is_never_asked_to_double() -> None:
    post_crawford = MatchScore(5, 4, 2)
    start = Position.start()
    leader = GameState(start, Phase.ROLL, Side.X, match=post_crawford)
    trailer = GameState(start, Phase.ROLL, Side.O, match=post_crawford)
    assert cube_is_dead(leader) and not cube_is_dead(trailer)
    assert cube_is_dead(GameState(start, Phase.ROLL, Side.O, cube=2, match=MatchScore(5, 1, 3)))  # O 2-away
    assert not cube_is_dead(GameState(start, Phase.ROLL, Side.X, cube=4))  # money play
    match = parse_mat((Path(__file__).parent / "data" / "analyse" / "gnubg-match.mat").read_text())
    points = [item for item in decision_points(match) if not isinstance(item, ReplayProblem)]
    post = [item for item in points if item.state.match.is_post_crawford and item.kind is DecisionKind.DOUBLE]
    assert post and all(item.state.match.away(item.side) > 1 for item in post)
