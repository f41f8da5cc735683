"""Luck, as GNU Backgammon shows it: each roll's luck (how much it gained the roller against an average roll, from
the per-roll figures of a 2-ply cube analysis, the opening roll among the 15 it can be), each player's net luck and,
in money play, the luck-adjusted result; in ``analyse``'s text and JSON and in the review's summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from play_support import CheapEvaluator

from trainer.analysis import GameContext, LuckEvaluator
from trainer.analysis.results import CubeOwner
from trainer.analysis.sage import SageEvaluator
from trainer.cli.analyse import analyse_command, analysis_json, report_text
from trainer.engine import Dice, Position, read_position
from trainer.play import parse_mat
from trainer.play.analyse import DecisionKind, MatchAnalysis, analyse_match
from trainer.tui.screens.game_review import summary_text

DATA = Path(__file__).parent / "data"
MONEY = DATA / "gnubg_mat" / "money.gnubg.mat"


class LuckyDoubles(CheapEvaluator):
    """The cheap evaluator, telling +0.5 for a double and -0.1 for any other roll; it keeps what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.openings: list[bool] = []

    def roll_luck(
        self,
        position: Position,
        dice: Dice,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
        opening: bool = False,
    ) -> float:
        self.openings.append(opening)
        return 0.5 if dice.first == dice.second else -0.1


def analysed(evaluator: CheapEvaluator) -> MatchAnalysis:
    return analyse_match(parse_mat(MONEY.read_text()), evaluator)


def test_each_roll_gets_its_luck_and_the_players_luck_is_opposite() -> None:
    evaluator = LuckyDoubles()
    assert isinstance(evaluator, LuckEvaluator) and not isinstance(CheapEvaluator(), LuckEvaluator)
    analysis = analysed(evaluator)
    moves = [item for item in analysis.decisions if item.kind is DecisionKind.MOVE]
    assert all(item.luck in (0.5, -0.1) for item in moves)
    assert evaluator.openings.count(True) == len({item.game for item in moves})  # one opening roll a game
    left, right = analysis.luck(0), analysis.luck(1)
    assert left.net == pytest.approx(-right.net) and left.own == pytest.approx(right.against)
    own = sum(item.luck_points for item in moves if item.point.column == 0)
    assert left.own == pytest.approx(own)
    assert any(item.luck_points != item.luck for item in moves)  # counted at the cube's value


def test_the_luck_adjusted_result_is_the_points_won_less_the_net_luck() -> None:
    analysis = analysed(LuckyDoubles())
    assert analysis.points is not None
    won = analysis.points[0] - analysis.points[1]
    luck = analysis.luck(0)
    assert luck.adjusted == pytest.approx(won - luck.net)
    assert analysis.luck(1).adjusted == pytest.approx(-luck.adjusted)  # type: ignore[operator]


def test_the_text_the_json_and_the_review_say_it() -> None:
    analysis = analysed(LuckyDoubles())
    luck = analysis.luck(1)
    text = report_text(analysis)
    amount = f"{abs(luck.per_game):.2f}"
    assert f"Learner was {amount} points a game {'lucky' if luck.per_game >= 0 else 'unlucky'}." in text
    assert "Luck-adjusted result: " in text
    review = summary_text(analysis, drilled=1)
    assert f"You were {amount} points a game" in review and "bgtrainer was " in review
    entries = analysis_json(analysis)
    totals = [entry for entry in entries if entry["kind"] == "luck"]
    assert [entry["player"] for entry in totals] == ["bgtrainer", "Learner"]
    assert totals[1]["net"] == round(luck.net, 4) and totals[1]["adjusted"] == round(luck.adjusted or 0, 4)
    moves = [entry for entry in entries if entry["kind"] == "move"]
    assert moves and all(entry["luck"] in (0.5, -0.1) for entry in moves)


def test_an_evaluator_that_cannot_tell_luck_says_nothing_of_it() -> None:
    analysis = analysed(CheapEvaluator())
    assert not analysis.luck(0).told and "lucky" not in report_text(analysis)
    assert all(entry.get("luck", None) is None for entry in analysis.as_json())


def test_bgsage_tells_the_opening_rolls_apart_and_shares_the_cube_analysis() -> None:
    evaluator = SageEvaluator()
    start = Position.start()
    three_one = evaluator.roll_luck(start, Dice(3, 1), opening=True)
    two_one = evaluator.roll_luck(start, Dice(2, 1), opening=True)
    assert three_one > 0.1 > 0 > two_one  # 3-1 makes the 5-point; 2-1 is among the worst openings
    position = read_position("X: 24x2 13x4 8x3 6x4 5x2 / O: 19x2 17x3 12x5 2x3 1x2")[0]
    evaluator.cube_decision(position, 2)
    kept = len(evaluator._details)
    evaluator.roll_luck(position, Dice(6, 5))
    assert len(evaluator._details) == kept  # the cube decision's analysis served


def test_analyse_of_a_file_reports_luck_with_bgsage(capsys: pytest.CaptureFixture[str]) -> None:
    text, problems = analyse_command(DATA / "analyse" / "raccoon-pass.mat", None, data_dir=None, plies=1)
    assert problems == [] and "points a game lucky." in text and "points a game unlucky." in text
    records = json.loads(analyse_command(DATA / "analyse" / "raccoon-pass.mat", None, data_dir=None, plies=1,
                                         as_json=True)[0])  # fmt: skip
    assert all(isinstance(record["luck"], float) for record in records if record["kind"] == "move")
