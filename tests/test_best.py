"""Best-play and contact cube steps: the figures a lesson stores, what they accept, the feedback, the ideas of a
play in words, the deep check against an evaluator and the export of graded steps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trainer.analysis import CubeDecision as EvaluatedCube
from trainer.analysis import RankedPlay
from trainer.analysis.results import Chances
from trainer.authoring.figures import deep_check
from trainer.cli.main import main
from trainer.content import wording
from trainer.content.best import best_figures, grade_best, what_it_does
from trainer.content.cube import CubeTask
from trainer.content.lesson_export import step_record
from trainer.content.loader import load_lesson_file
from trainer.content.models import BestStep, CubeStep, Lesson
from trainer.engine import Dice, Position, legal_plays, parse_play, read_position
from trainer.engine.ideas import IdeaKind, play_ideas
from trainer.shared.skill import Skill

THREE_ONE = {
    "kind": "best",
    "prompt": "You open with 3-1.",
    "position": "start",
    "dice": "31",
    "hint": "Two checkers landing together make a point.",
    "explanation": "The 5-point blocks O's back checkers.",
    "plies": 3,
    "plays": [
        {"play": "8/5 6/5", "equity": 0.221},
        {"play": "24/23 13/10", "equity": -0.007},
        {"play": "13/10 6/5", "equity": -0.024},
    ],
}
TWO_ONE = THREE_ONE | {
    "dice": "21",
    "plays": [
        {"play": "24/23 13/11", "equity": 0.004},
        {"play": "13/11 6/5", "equity": 0.001},
        {"play": "24/21", "equity": -0.026},
        {"play": "13/10", "equity": -0.035},
        {"play": "24/23 24/22", "equity": -0.052},
    ],
}
"""A roll whose third play is 0.030 below the best: every play less than 0.04 below is accepted."""
CONTACT = "X: 24x2 13x4 8x3 6x5 5x1 / O: 19x5 17x3 12x5 1x2"
NO_DOUBLE = {
    "kind": "cube",
    "prompt": "Double?",
    "position": CONTACT,
    "question": "double",
    "answer": "no double",
    "explanation": "Too early.",
    "plies": 3,
    "figures": {"no_double": 0.324, "double_take": 0.172, "double_pass": 1.0, "win": 0.573},
}


def best(**fields: Any) -> BestStep:
    return BestStep.model_validate(THREE_ONE | fields)


def play_of(text: str, position: str = "start", dice: str = "31") -> Any:
    board = read_position(position)[0]
    return parse_play(board, Dice.of((int(dice[0]), int(dice[1]))), text)


def toml_value(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return json.dumps(value)


def problems_of(tmp_path: Path, step: dict[str, Any]) -> list[str]:
    body = "".join(f"{key} = {toml_value(value)}\n" for key, value in step.items())
    path = tmp_path / "30-skill.toml"
    path.write_text('id = "skill"\nnumber = 30\ntitle = "Skill"\nsummary = "Plays."\n\n[[steps]]\n' + body)
    lesson, problems = load_lesson_file(path)
    assert (lesson is None) == bool(problems)
    return [str(problem) for problem in problems]


# --- what a play does -------------------------------------------------------------------------------------------


def kinds(text: str, position: str = "start", dice: str = "31") -> list[IdeaKind]:
    return [idea.kind for idea in play_ideas(play_of(text, position, dice))]


def test_the_ideas_of_opening_plays() -> None:
    assert kinds("8/5 6/5") == [IdeaKind.MAKES_POINT, IdeaKind.SAFE]
    assert kinds("24/13", dice="65") == [IdeaKind.ESCAPES]
    assert kinds("24/14", dice="64") == [IdeaKind.RUNS]
    assert kinds("24/23 13/11", dice="21") == [IdeaKind.SPLITS, IdeaKind.BUILDER]
    assert kinds("13/11 6/5", dice="21") == [IdeaKind.BUILDER, IdeaKind.SLOTS]


def test_both_back_checkers_moved_up_apart_split_them_and_are_no_quiet_move() -> None:
    assert kinds("24/20 24/21", dice="43") == [IdeaKind.SPLITS]
    assert what_it_does(play_of("24/20 24/21", dice="43")) == "24/21 24/20 splits the back checkers."
    assert IdeaKind.SPLITS not in kinds("24/20(2) 13/9(2)", dice="44")  # together they make an anchor


def test_a_hit_an_anchor_and_a_broken_point_are_named() -> None:
    position = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x3 1x2 21 18"
    assert kinds("24/21* 24/18*", position, "63")[:2] == [IdeaKind.HITS, IdeaKind.RUNS]
    assert play_ideas(play_of("24/21* 24/18*", position, "63"))[0].count == 2
    assert IdeaKind.MAKES_ANCHOR in kinds("24/20(2) 13/9(2)", dice="44")
    assert IdeaKind.BREAKS_POINT in kinds("8/2 8/7", dice="61")


# --- best-play steps --------------------------------------------------------------------------------------------


def test_the_best_play_and_plays_within_two_hundredths_are_accepted() -> None:
    found = best_figures(best())
    assert [str(figure.play) for figure in found.accepted] == ["8/5 6/5"]
    assert found.first_left_out is not None and str(found.first_left_out.play) == "24/23 13/10"
    two_one = best_figures(BestStep.model_validate(TWO_ONE))
    assert two_one.widened  # 24/21 is 0.030 below: every play under 0.04 is accepted, the next is 0.056 below
    assert [str(figure.play) for figure in two_one.accepted] == ["24/23 13/11", "13/11 6/5", "24/21", "13/10"]


def test_a_right_play_is_praised_with_its_idea_the_figures_and_the_explanation() -> None:
    said = grade_best(best(), play_of("8/5 6/5"), explanation=THREE_ONE["explanation"])
    assert said.correct
    assert "the best play" in said.message and "makes your 5-point" in said.message
    assert "The 5-point blocks O's back checkers." in said.message
    assert said.lines[1] == "✓ 1. 8/5 6/5 +0.221 ← you"
    assert said.lines[2].split()[-2:] == ["-0.007", "(-0.228)"]


def test_a_close_play_is_accepted_and_compared_with_the_best() -> None:
    said = grade_best(BestStep.model_validate(TWO_ONE), play_of("24/21", dice="21"))
    assert said.correct and "24/23 13/11" in said.message and "0.030" in said.message


def test_a_rejected_play_says_what_it_gives_away_in_the_tutors_words_and_hides_the_best_at_first() -> None:
    said = grade_best(best(), play_of("24/23 13/10"), hint=THREE_ONE["hint"])
    assert not said.correct and not said.illegal
    assert "0.228" in said.message and "very bad" in said.message
    assert "Two checkers landing together make a point." in said.message and "8/5 6/5" not in said.message
    again = grade_best(best(), play_of("24/23 13/10"), misses=1)
    assert "8/5 6/5" in again.message


def test_a_play_not_listed_gives_away_more_than_the_last_listed() -> None:
    said = grade_best(best(), play_of("24/20"))
    assert not said.correct and "It gives away more than 0.245 against the best play: a very bad play." in said.message


@pytest.mark.parametrize(
    ("loss", "said"),
    [
        (0.253, "It gives away more than 0.253 against the best play: a very bad play."),
        (0.09, "It gives away more than 0.090 against the best play, so it is bad or worse."),
        (0.05, "It gives away more than 0.050 against the best play, so it is doubtful or worse."),
        (0.01, "It gives away more than 0.010 against the best play."),
    ],
)
def test_what_an_unlisted_play_gives_away_reads_as_a_sentence(loss: float, said: str) -> None:
    assert wording.gives_away_more(loss, Skill.of(loss)) == said


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"plays": [{"play": "8/3", "equity": 0.2}, {"play": "13/9", "equity": 0.1}]}, "cannot be played"),
        ({"plays": [{"play": "8/5 6/5", "equity": 0.2}, {"play": "6/5 8/5", "equity": 0.1}]}, "same position"),
        ({"plays": [{"play": "13/9", "equity": 0.1}, {"play": "8/5 6/5", "equity": 0.2}]}, "not in order"),
        ({"plays": [{"play": "8/5 6/5", "equity": 0.2}, {"play": "13/9", "equity": 0.19}]}, "nothing shows"),
        ({"plies": 2}, "greater than or equal to 3"),
    ],
)
def test_a_bad_listing_is_refused_with_its_field(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    problems = problems_of(tmp_path, THREE_ONE | change)
    assert len(problems) == 1 and message in problems[0]
    assert "step 1 (best)" in problems[0] and ("'plies'" in problems[0] or "'plays'" in problems[0])


def test_a_step_that_is_not_clear_cannot_be_made() -> None:
    # A gap of 0.05 to the second play, then 0.03: the widened window takes the second and the third is 0.06.
    plays = [{"play": "8/5 6/5", "equity": 0.2}, {"play": "13/9", "equity": 0.17}, {"play": "13/10 6/5", "equity": 0.1}]
    found = best_figures(best(plays=plays))
    assert found.widened and found.first_left_out is not None and found.first_left_out.loss >= 0.04


# --- contact cube steps -----------------------------------------------------------------------------------------


def test_a_contact_cube_step_is_graded_by_its_figures_in_words(tmp_path: Path) -> None:
    assert problems_of(tmp_path, NO_DOUBLE) == []
    task = CubeTask.of_step(CubeStep.model_validate(NO_DOUBLE))
    right, wrong = task.grade("no double"), task.grade("double")
    assert right.correct and not wrong.correct
    assert "+0.32" in right.message and "3 plies" in right.message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"answer": "double"}, "the figures say no double"),
        ({"figures": NO_DOUBLE["figures"] | {"double_take": 0.31}}, "too close to teach"),
        ({"position": "X: 6x2 5x2 / O: 19x2 20x2", "answer": "double"}, "exact cube table covers"),
        ({"cube": 3}, "the cube shows 1, 2, 4"),
    ],
)
def test_a_wrong_contact_cube_step_is_refused(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    problems = problems_of(tmp_path, NO_DOUBLE | change)
    assert problems and message in problems[0]


def test_figures_without_plies_are_refused(tmp_path: Path) -> None:
    step = {key: value for key, value in NO_DOUBLE.items() if key != "plies"}
    assert "go together" in problems_of(tmp_path, step)[0]


# --- the deep check, with an evaluator that answers from a table -------------------------------------------------


class TableEvaluator:
    """An evaluator whose equities come from a table of plays (notation -> equity); other plays are far below."""

    def __init__(self, equities: dict[str, float], cube: tuple[float, float] = (0.324, 0.172)) -> None:
        self.equities = equities
        self.cube = cube

    def rank_plays(self, position: Position, dice: Any, plies: int = 1, **_: Any) -> list[RankedPlay]:
        chances = Chances(0.5, 0.1, 0.0, 0.1, 0.0)
        scored = sorted(
            ((self.equities.get(str(play), -1.0), play) for play in legal_plays(position, dice)),
            key=lambda item: -item[0],
        )
        top = scored[0][0]
        return [
            RankedPlay(rank, play, equity, equity, chances, equity - top, plies)
            for rank, (equity, play) in enumerate(scored, start=1)
        ]

    def cube_decision(self, position: Position, plies: int = 1, **_: Any) -> EvaluatedCube:
        chances = Chances(0.573, 0.18, 0.0, 0.1, 0.0)
        return EvaluatedCube(self.cube[0], self.cube[1], 1.0, 0.2, chances, plies)


def lesson_of(*steps: dict[str, Any]) -> Lesson:
    return Lesson.model_validate({"id": "skill", "number": 30, "title": "S", "summary": "S", "steps": list(steps)})


def test_the_deep_check_passes_figures_that_stand() -> None:
    table = {"8/5 6/5": 0.221, "24/23 13/10": -0.007, "13/10 6/5": -0.024}
    assert deep_check("30-skill.toml", lesson_of(THREE_ONE, NO_DOUBLE), TableEvaluator(table)) == []


def test_the_deep_check_finds_changed_figures_and_a_better_play_left_out() -> None:
    table = {"8/5 6/5": 0.221, "24/23 13/10": -0.007, "13/10 6/5": -0.024, "13/9": 0.215}
    problems = [str(problem) for problem in deep_check("30-skill.toml", lesson_of(THREE_ONE), TableEvaluator(table))]
    assert any("accepted plays are 13/9 and 8/5 6/5" in problem for problem in problems)
    changed = {"8/5 6/5": 0.15, "24/23 13/10": -0.007, "13/10 6/5": -0.024}
    problems = [str(problem) for problem in deep_check("x.toml", lesson_of(THREE_ONE), TableEvaluator(changed))]
    assert any("8/5 6/5 is stored as +0.221, but evaluates to +0.150" in problem for problem in problems)
    cube = deep_check("x.toml", lesson_of(NO_DOUBLE), TableEvaluator({}, cube=(0.1, 0.172)))
    assert any("the figures say double" in str(problem) for problem in cube)


def test_the_deep_check_of_an_opening_roll_with_bgsage() -> None:
    assert deep_check("30-skill.toml", lesson_of(THREE_ONE)) == []


# --- export -------------------------------------------------------------------------------------------------------


def test_a_best_step_exports_its_accepted_results_as_position_ids() -> None:
    record = step_record(lesson_of(TWO_ONE), 0)
    start = Position.start()
    expected = sorted(
        parse_play(start, Dice.of((2, 1)), text).result.position_id()
        for text in ("24/23 13/11", "13/11 6/5", "24/21", "13/10")
    )
    assert record == {
        "lesson": "skill",
        "step": 1,
        "kind": "best",
        "prompt": "You open with 3-1.",
        "position": start.position_id(),
        "dice": [2, 1],
        "answers": expected,
    }


def test_a_take_step_exports_the_doublers_position() -> None:
    take = NO_DOUBLE | {"question": "take", "answer": "take"}
    record = step_record(lesson_of(take), 0)
    assert record["position"] == read_position(CONTACT)[0].swap().position_id()
    assert (record["cube_owner"], record["question"], record["answers"]) == ("centered", "take", ["take"])


def test_lessons_export_prints_every_graded_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "export"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kinds_seen = {record["kind"] for record in records}
    assert {"shots", "pips", "cube", "play", "choose"} <= kinds_seen
    pips = next(record for record in records if record["kind"] == "pips")
    assert {"position", "side", "answers"} <= set(pips)


def test_the_command_line_computes_figures_and_checks_them_deeply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "figures", "start", "31"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("plies = 3\nplays = [\n") and '{ play = "8/5 6/5", equity = 0.221 }' in printed
    body = "".join(
        f"{key} = {toml_value(value)}\n" for key, value in THREE_ONE.items() if key not in ("plies", "plays")
    )
    path = tmp_path / "30-skill.toml"
    path.write_text('id = "skill"\nnumber = 30\ntitle = "Skill"\nsummary = "Plays."\n\n[[steps]]\n' + body + printed)
    assert main(["validate", "--deep", str(path)]) == 0
    assert "valid" in capsys.readouterr().out
    path.write_text(path.read_text().replace("equity = 0.221", "equity = 0.300"))
    assert main(["validate", "--deep", str(path)]) == 1
    assert "8/5 6/5 is stored as +0.300, but evaluates to +0.221" in capsys.readouterr().out
    assert main(["lessons", "figures", "start", "31", "--question", "double"]) == 2
    assert "not both" in capsys.readouterr().err
