"""``bgtrainer analyse`` against GNU Backgammon's own analysis of held-out matches (tests/data/analysis_match: gnubg
self-play with a weaker side, 5- and 7-point matches with Crawford and post-Crawford games, money sessions with
beavers; gnubg's 1-ply verdicts, made by ``make_gnubg_verdicts.py`` there): every game replayed, gnubg's clear cube
decisions given the same action, its big checker errors flagged. Only the decisions the measure needs are judged, at
the default depth; and the plays where bgsage's 2-ply search misjudges backgammons get the right best play."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import pytest

from trainer.analysis import CubeDecision
from trainer.analysis.basics import ANALYSIS_PLIES
from trainer.engine import Dice, Position, parse_play
from trainer.play import parse_mat
from trainer.play.analyse import DecisionKind, DecisionPoint, ReplayProblem, analyse_point, replayed_games
from trainer.play.cube import CubeJudge
from trainer.play.tutor import DOUBTFUL, OPTIONAL, is_optional_double, judge_double

DATA = Path(__file__).parent / "data" / "analysis_match"
FILES = ("match5", "match5t", "match7", "match7b", "money", "money_noisy")
CLEAR_CUBE = 0.02
"""A cube decision is clear when gnubg's right action beats the other by this much."""
BIG_ERROR = 0.08
"""A checker play is a big error when gnubg finds it this much below its best."""
CUBE_AGREEMENT = 0.97
ERRORS_FLAGGED = 0.95


@dataclass(frozen=True)
class Needed:
    """gnubg's verdict on one decision the measure needs: what it says is right (a cube action) or that the play
    made is a big error."""

    row: dict[str, object]
    best: str


def gnubg_rows(name: str) -> list[dict[str, object]]:
    with (DATA / f"{name}.gnubg1.jsonl").open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def cube_key(game: int, position: str, question: str) -> tuple[int, str, str]:
    return game, position, question


def needed_decisions(rows: list[dict[str, object]]) -> dict[tuple[object, ...], Needed]:
    """gnubg's clear cube decisions and big checker errors, keyed as the replay finds them."""
    needed: dict[tuple[object, ...], Needed] = {}
    for row in rows:
        game, position = row["game"], row["position"]
        if row["kind"] == "move":
            if float(row["loss"]) >= BIG_ERROR:  # type: ignore[arg-type]
                dice = tuple(row["dice"])  # type: ignore[arg-type]
                needed[("move", game, position, dice)] = Needed(row, str(row["best"]))
            continue
        no_double, take, cash = (float(row[key]) for key in ("no_double", "double_take", "double_pass"))  # type: ignore[arg-type]
        if row["action"] in ("take", "pass"):
            margin, best, question = abs(take - cash), ("take" if take <= cash else "pass"), "answer"
        else:
            double = min(take, cash)
            margin, best, question = (
                abs(double - no_double),
                ("double" if double > no_double else "no double"),
                "double",
            )
        if margin >= CLEAR_CUBE:
            needed[("cube", game, position, question)] = Needed(row, best)
    return needed


def key_of(point: DecisionPoint) -> tuple[object, ...] | None:
    """The key of a decision point as :func:`needed_decisions` keys gnubg's (``None``: an answer to a beaver)."""
    position = point.state.position.position_id()
    if point.kind is DecisionKind.MOVE:
        assert point.dice is not None
        return ("move", point.game, position, tuple(sorted((point.dice.first, point.dice.second), reverse=True)))
    if point.beavered:
        return None
    return ("cube", point.game, position, "answer" if point.kind is DecisionKind.TAKE else "double")


@pytest.fixture(scope="module")
def measure() -> dict[str, list[tuple[Needed, str, float]]]:
    """For every file: each decision gnubg's measure needs, with bgtrainer's best action (or play) and loss."""
    from trainer.analysis.sweep import SweepEvaluator

    evaluator = SweepEvaluator()  # the evaluator ``bgtrainer analyse`` and the review screen use
    judge = CubeJudge(evaluator, window=math.inf)  # every cube decision at the analysis depth, as analyse does
    found: dict[str, list[tuple[Needed, str, float]]] = {}
    for name in FILES:
        match = parse_mat((DATA / f"{name}.mat").read_text(encoding="utf-8"))
        needed = needed_decisions(gnubg_rows(name))
        judged: list[tuple[Needed, str, float]] = []
        for number, game in enumerate(replayed_games(match), start=1):
            problems = [item for item in game if isinstance(item, ReplayProblem)]
            assert not problems, (name, number, [problem.text() for problem in problems])
            assert any(isinstance(item, DecisionPoint) for item in game), (name, number)
            for point in game:
                assert isinstance(point, DecisionPoint)
                key = key_of(point)
                if key is None or key not in needed:
                    continue
                verdict = analyse_point(point, evaluator, judge, ANALYSIS_PLIES).verdict
                best = "take" if verdict.best == "beaver" else verdict.best
                judged.append((needed.pop(key), best, verdict.loss))
        assert not needed, (name, "gnubg's decisions the replay never reached", list(needed)[:5])
        found[name] = judged
    return found


def test_gnu_backgammon_s_clear_cube_decisions_get_its_action(measure: dict[str, list[tuple[Needed, str, float]]]):
    cubes = [
        (needed, best) for judged in measure.values() for needed, best, _ in judged if needed.row["kind"] == "cube"
    ]
    differ = [(needed.row["position"], needed.row["match_id"], needed.best, best) for needed, best in cubes
              if best != needed.best]  # fmt: skip
    assert len(cubes) >= 400
    assert len(cubes) - len(differ) >= CUBE_AGREEMENT * len(cubes), differ


def test_gnu_backgammon_s_big_checker_errors_are_flagged(measure: dict[str, list[tuple[Needed, str, float]]]):
    errors = [
        (needed, loss) for judged in measure.values() for needed, _, loss in judged if needed.row["kind"] == "move"
    ]
    missed = [(needed.row["position"], needed.row["dice"], needed.row["loss"], round(loss, 3))
              for needed, loss in errors if loss < DOUBTFUL]  # fmt: skip
    assert len(errors) >= 40
    assert len(errors) - len(missed) >= ERRORS_FLAGGED * len(errors), missed


@pytest.mark.parametrize(
    ("position", "dice", "best", "worse", "least"),
    [
        ("PwEAALuAkAoeAA", (3, 3), "23/17(2)", "23/20(4)", 0.05),
        ("HgAAYLvBAAoGAA", (5, 2), "24/17", "24/22 24/19", 0.08),
    ],
)
def test_with_a_backgammon_at_stake_the_play_that_breaks_contact_is_not_taken_for_the_best(
    position: str, dice: tuple[int, int], best: str, worse: str, least: float
) -> None:
    """GNU Backgammon (0-, 1- and 2-ply alike) puts ``best`` first and ``worse`` 0.1 or more below it; bgsage's
    2-ply search, its leaves judged by its race network, put ``worse`` first by 0.12 to 0.2."""
    from trainer.analysis.sage import SageEvaluator, backgammon_at_stake

    board = Position.from_position_id(position)
    assert backgammon_at_stake(board)
    ranked = SageEvaluator().rank_plays(board, Dice(*dice), ANALYSIS_PLIES)
    equity = {item.play: item.equity for item in ranked}
    assert ranked[0].play == parse_play(board, Dice(*dice), best)
    assert equity[ranked[0].play] - equity[parse_play(board, Dice(*dice), worse)] >= least


def test_backgammon_at_stake_needs_contact_a_checker_back_and_the_opponent_bearing_off() -> None:
    from trainer.analysis.sage import backgammon_at_stake

    assert not backgammon_at_stake(Position.start())
    trapped = Position.from_position_id("PwEAALuAkAoeAA")
    assert backgammon_at_stake(trapped) and not backgammon_at_stake(trapped.swap())
    assert not backgammon_at_stake(parse_play(trapped, Dice(3, 3), "23/20(4)").result)  # a race
    assert not backgammon_at_stake(parse_play(trapped, Dice(3, 3), "23/17(2)").result.swap())  # none off yet


def decision(no_double: float, double_take: float, double_pass: float = 1.0) -> CubeDecision:
    from trainer.analysis import Chances

    chances = Chances(win=0.6, win_gammon=0.1, win_backgammon=0.0, lose_gammon=0.05, lose_backgammon=0.0)
    return CubeDecision(no_double, double_take, double_pass, 0.2, chances, 2)


def test_an_optional_double_is_right_either_way_as_gnu_backgammon_says() -> None:
    optional = decision(0.5, 0.5 + OPTIONAL / 2)
    assert is_optional_double(optional)
    for doubled in (True, False):
        verdict = judge_double(optional, doubled, "2-ply")
        assert verdict.loss == 0 and verdict.best == verdict.chosen
    clear = decision(0.5, 0.52)
    assert not is_optional_double(clear)
    assert judge_double(clear, False, "2-ply").loss == pytest.approx(0.02)
    assert judge_double(clear, True, "2-ply").best == "double"
