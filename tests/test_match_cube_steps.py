"""Cube steps at a match score: graded by the evaluator's figures at that score, refused where no double can be
(the Crawford game, a cube that already wins the match), exported with GNU Backgammon's Match ID of the moment
before the roll, evaluated at the score by ``lessons figures``, and shown with the score on the board."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from trainer.analysis import GameContext
from trainer.analysis.results import Chances
from trainer.authoring.figures import cube_lines, doubler_context
from trainer.cli.main import main
from trainer.content.cube import cube_step_match_id, grade_cube_step
from trainer.content.lesson_export import step_record
from trainer.content.loader import load_lesson_file
from trainer.content.models import CubeStep, Lesson
from trainer.engine import Cube, MatchScore, Position, Side, read_position
from trainer.engine.bearoff import CubeDecision as TableDecision
from trainer.engine.matchid import MatchId
from trainer.tui.steps import view_for

POSITION = "X: 24x2 13x4 8x3 6x4 5x2 / O: 19x2 17x3 12x5 2x3 1x2"
FIGURES = "{ no_double = 0.509, double_take = 0.308, double_pass = 1.000, win = 0.606 }"


def cube_step(**fields: Any) -> CubeStep:
    values: dict[str, Any] = {
        "kind": "cube",
        "prompt": "?",
        "position": POSITION,
        "question": "double",
        "answer": "no double",
        "explanation": "Why.",
        "plies": 3,
        "figures": {"no_double": 0.509, "double_take": 0.308, "win": 0.606},
        "length": 5,
        "score": "2-0",
    }
    return CubeStep.model_validate(values | fields)


def lesson_file(tmp_path: Path, *steps: str) -> Path:
    path = tmp_path / "90-steps.toml"
    body = "\n".join(f"[[steps]]\n{step}\n" for step in steps)
    path.write_text(f'id = "steps"\nnumber = 90\ntitle = "Steps"\nsummary = "x"\n\n{body}', encoding="utf-8")
    return path


def test_a_match_cube_step_is_graded_by_its_figures_and_says_the_score() -> None:
    step = cube_step()
    assert step.match_score() == MatchScore(5, 2, 0)
    right = grade_cube_step(step, "no double")
    assert right.correct
    assert "Score: you are 3-away, O is 5-away." in right.message and right.message.endswith("Why.")
    assert "per unit of the cube" not in right.message
    assert not grade_cube_step(step, "double").correct


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"figures": None, "plies": None}, "graded by the evaluator's figures at that score"),
        ({"score": "4-0", "crawford": True}, "no one may double in the Crawford game"),
        ({"score": "3-0", "cube": 2}, "a cube already at 2 wins it"),
        ({"score": "4-2"}, "a cube already at 1 wins it"),  # the leader after the Crawford game
        ({"score": "2-0", "length": 0}, "needs"),
    ],
)
def test_a_match_cube_step_that_cannot_be_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError) as raised:
        cube_step(**fields)
    assert message in str(raised.value)


def test_the_take_question_at_a_score_is_about_the_doubler_o() -> None:
    step = cube_step(question="take", answer="take", score="0-3")  # O (the doubler) is 2-away
    assert step.doubler() is Side.O and step.cube_before() == Cube(1)
    with pytest.raises(ValidationError, match="the doubler needs 1"):
        cube_step(question="take", answer="take", score="0-4")
    owned = cube_step(question="take", answer="take", score="0-0", cube=2)
    assert owned.cube_before() == Cube(2, Side.O)


def test_a_bear_off_at_a_match_score_keeps_its_figures_and_loads(tmp_path: Path) -> None:
    """The exact table is money play's: at a score the figures answer, even on a bear-off it covers."""
    path = lesson_file(
        tmp_path,
        'kind = "cube"\nprompt = "?"\nposition = "X: 3 1 / O: 24"\nquestion = "double"\nanswer = "double"\n'
        'explanation = "x"\nlength = 3\nscore = "0-1"\nplies = 3\n'
        "figures = { no_double = 0.600, double_take = 1.200, double_pass = 1.000, win = 0.800 }",
        'kind = "cube"\nprompt = "?"\nposition = "X: 3 1 / O: 24"\nquestion = "double"\nanswer = "double"\n'
        'explanation = "x"\nplies = 3\n'
        "figures = { no_double = 0.600, double_take = 1.200, double_pass = 1.000, win = 0.800 }",
    )
    lesson, problems = load_lesson_file(path)
    assert lesson is None
    assert [problem.where for problem in problems] == ["step 2 (cube), field 'figures'"]  # money: the table's


def test_the_export_gives_the_match_id_of_the_moment_before_the_roll() -> None:
    take_step = cube_step(question="take", answer="take", score="1-1", cube=2)
    lesson = Lesson(id="match", number=90, title="t", summary="s", steps=[cube_step(), take_step])
    double, take = step_record(lesson, 0), step_record(lesson, 1)
    first = MatchId.from_match_id(str(double["match_id"]))
    assert (first.match, first.cube, first.on_roll, first.dice, first.doubled) == (
        MatchScore(5, 2, 0),
        Cube(1),
        Side.X,
        None,
        False,
    )
    second = MatchId.from_match_id(str(take["match_id"]))
    assert (second.match, second.cube, second.on_roll) == (MatchScore(5, 1, 1), Cube(2, Side.O), Side.O)
    assert take["position"] == read_position(POSITION)[0].swap().position_id()  # the doubler's view, on roll


def test_a_money_cube_step_exports_a_money_match_id_with_the_jacoby_rule_off() -> None:
    step = cube_step(length=0, score=None)
    read = MatchId.from_match_id(cube_step_match_id(step))
    assert read.match.is_money and not read.jacoby and read.cube == Cube(1)


@dataclass
class Recorder:
    """An evaluator that records what it is asked and answers with fixed figures."""

    asked: list[tuple[Position, int, str, GameContext | None]] = field(default_factory=list)

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: str = "centered", context: GameContext | None = None
    ) -> Any:
        self.asked.append((position, plies, cube, context))
        return _Decision(0.2, 0.5, 1.0, Chances(0.7, 0.1, 0.0, 0.05, 0.0))


@dataclass(frozen=True)
class _Decision:
    no_double: float
    double_take: float
    double_pass: float
    chances: Chances


def test_lessons_figures_evaluates_the_doubler_at_the_score_and_cube() -> None:
    position = read_position(POSITION)[0]
    recorder = Recorder()
    lines = cube_lines(position, "take", 3, recorder, match=MatchScore(7, 2, 4), cube=2)  # type: ignore[arg-type]
    ((asked, plies, owner, context),) = recorder.asked
    assert asked == position.swap() and plies == 3 and owner == "player"
    assert context == GameContext(2, player_away=3, opponent_away=5)  # O, the doubler, needs 3; you need 5
    assert lines.startswith('answer = "take"')
    assert doubler_context(None, Side.X, 1) is None and doubler_context(None, Side.X, 2) == GameContext(2)


def test_lessons_figures_refuses_a_score_without_a_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "figures", POSITION, "--question", "double", "--score", "2-0"]) == 2
    assert "--score and --crawford need --length" in capsys.readouterr().err
    assert main(["lessons", "figures", POSITION, "--question", "double", "--length", "5", "--score", "2:0"]) == 2
    assert "is not a score" in capsys.readouterr().err


def test_the_board_of_a_match_cube_step_shows_the_score_and_the_cube() -> None:
    scene = view_for(cube_step()).scene()
    assert scene.match == MatchScore(5, 2, 0) and scene.cube == Cube(1)
    taken = view_for(cube_step(question="take", answer="take", score="1-1", cube=2)).scene()
    assert taken.match == MatchScore(5, 1, 1) and taken.cube == Cube(4)


def test_the_table_decision_behind_the_figures_keeps_its_meaning() -> None:
    decision = cube_step().figures.decision()  # type: ignore[union-attr]
    assert isinstance(decision, TableDecision) and not decision.should_double
