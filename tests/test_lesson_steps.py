"""The lesson steps made for the cube, match play and acey-deucey: cube decisions graded by the exact table, score
questions worked out by the engine's cube and match rules, the double chosen after a 1-2, and picks and roll steps
on acey-deucey boards; each refused when the file's answer is wrong, each shown on the lesson screen as a learner
meets it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from textual.widgets import Input

from trainer.content.cube import grade_cube_step
from trainer.content.grading import grade_choice, grade_double, grade_pick, pick_targets, right_doubles
from trainer.content.loader import load_lesson_file
from trainer.content.models import (
    ChooseStep,
    CubeStep,
    DoubleStep,
    Lesson,
    PickStep,
    ReadStep,
    RollStep,
    ScoreStep,
)
from trainer.content.scoring import ScoreStepError, grade_score_step, read_answer, work_out
from trainer.engine import WAITING, Cube, MatchScore, Position, Side
from trainer.engine.wording import sentence
from trainer.tui.app import TrainerApp
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.steps import view_for
from trainer.tui.widgets.board import BoardView


def score(**fields: Any) -> ScoreStep:
    values: dict[str, Any] = {"kind": "score", "prompt": "?", "answer": "0", "explanation": "Why."}
    return ScoreStep.model_validate(values | fields)


# --- score questions ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "answer", "working"),
    [
        (
            {"events": ["X doubles", "O takes", "O redoubles", "X takes", "X wins a gammon"], "ask": "points"},
            "8",
            "The cube went 1, 2, 4; a gammon counts the cube twice: X wins 4 x 2 = 8.",
        ),
        (
            {"events": ["X doubles", "O takes", "O redoubles", "X passes"], "ask": "points"},
            "2",
            "The cube went 1, 2; the double was passed, so O wins 2 at that value.",
        ),
        (
            {"events": ["O wins a backgammon"], "jacoby": True, "ask": "points"},
            "1",
            "The cube stayed at 1, never turned: under the Jacoby rule a backgammon counts as a single game, so O "
            "wins 1.",
        ),
        (
            {"length": 5, "games": ["X 2", "O 1"], "events": ["O doubles", "X takes", "X wins"], "ask": "score"},
            "4-1",
            "The cube went 1, 2; a single game counts the cube once: X wins 2 x 1 = 2: 2-1 becomes 4-1, and the next "
            "game is the Crawford game.",
        ),
        (
            {"events": ["X doubles", "O beavers", "X takes", "O wins"], "beavers": True, "ask": "points"},
            "4",
            "The cube went 1, 2, 4; a single game counts the cube once: O wins 4 x 1 = 4.",
        ),
        (
            {"length": 3, "score": "1-0", "events": ["X doubles", "O takes", "X wins a gammon"], "ask": "score"},
            "3-0",
            "The cube went 1, 2; a gammon counts the cube twice: X wins 2 x 2 = 4: 1-0 becomes 3-0, and the 3-point "
            "match is over.",
        ),
    ],
)
def test_the_engine_works_out_points_and_scores(fields: dict[str, Any], answer: str, working: str) -> None:
    worked = work_out(score(**fields))
    assert (worked.answer, worked.working) == (answer, working)


def test_the_crawford_game_is_found_from_the_earlier_games() -> None:
    crawford = work_out(score(length=5, games=["X 2", "O 1", "X 2"], ask="crawford"))
    assert crawford.answer == "yes" and crawford.before == MatchScore(5, 4, 1, crawford=True)
    after = work_out(score(length=5, games=["X 2", "O 1", "X 2", "O 1"], ask="crawford"))
    assert after.answer == "no" and after.working.startswith("No: the Crawford game was played")
    refused = work_out(score(length=5, games=["X 2", "O 1", "X 2"], ask="may double O"))
    assert refused.answer == "no" and "no doubling in the Crawford game" in refused.working
    allowed = work_out(score(length=5, games=["X 2", "O 1", "X 2", "O 1"], ask="may double O"))
    assert allowed.answer == "yes"
    owned = work_out(score(events=["O doubles", "X takes"], ask="may double O"))
    assert owned.answer == "no" and "only its owner may redouble" in owned.working


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"events": ["X doubles", "O takes", "X redoubles"], "ask": "points"}, "events", "X does not own the cube"),
        ({"length": 5, "games": ["X 2", "O 1", "X 2"], "events": ["O doubles"], "ask": "points"}, "events",
         "no doubling in the Crawford game"),
        ({"length": 5, "games": ["X 4", "O 4"], "ask": "crawford"}, "games", "is the Crawford game, where nobody"),
        ({"games": ["X 5"], "length": 7, "ask": "crawford"}, "games", "no game wins 5 points"),
        ({"events": ["X doubles", "O takes"], "ask": "points"}, "ask", "the events don't end it"),
        ({"events": ["X takes"], "ask": "points"}, "events", "there is no double to take"),
        ({"events": ["X doubles", "X takes"], "ask": "points"}, "events", "no double waits for X's answer"),
        ({"length": 5, "score": "3-1", "ask": "crawford"}, "ask", "give the earlier games"),
        ({"length": 5, "jacoby": True, "ask": "may double X"}, "jacoby", "the Jacoby rule applies only to money"),
        ({"events": ["X doubles", "O beavers", "X takes", "O wins"], "ask": "points"}, "events",
         "turn the beaver option on"),
        ({"length": 5, "beavers": True, "events": ["X doubles", "O beavers"], "ask": "may double O"}, "beavers",
         "beaver"),
    ],
)  # fmt: skip
def test_a_score_step_against_the_rules_is_refused_naming_the_field(
    fields: dict[str, Any], field: str, fragment: str
) -> None:
    with pytest.raises(ScoreStepError, match=fragment) as caught:
        work_out(score(**fields))
    assert caught.value.field == field


def test_answers_are_read_in_their_forms_and_graded_without_giving_the_answer_away() -> None:
    points = score(events=["X doubles", "O takes", "X wins a gammon"], ask="points")
    assert [read_answer(points, text) for text in ("4", " 04 ", "four", "4-1")] == ["4", "4", None, None]
    wrong = grade_score_step(points, "2")
    assert not wrong.correct and wrong.message.startswith("Not 2. Count the cube's value") and "4" not in wrong.message
    assert grade_score_step(points, "4").message.endswith(" Why.")
    assert grade_score_step(points, "four").message == "Answer with a number of points, like 4."
    match = score(length=5, score="3-1", events=["X wins"], ask="score")
    assert [read_answer(match, text) for text in ("4-1", "4 1", "4:1", "41")] == ["4-1", "4-1", "4-1", None]
    crawford = score(length=5, games=["X 4"], ask="crawford")
    assert grade_score_step(crawford, "y").correct and not grade_score_step(crawford, "no").correct
    assert grade_score_step(crawford, "no").message.startswith("Look again. The Crawford game is the one game")

    money = score(events=["X doubles", "O takes"], ask="may double X")
    assert "Crawford" not in grade_score_step(money, "yes").message  # no Crawford game in money play
    in_a_match = score(length=5, score="1-1", ask="may double X")
    assert "Crawford" in grade_score_step(in_a_match, "no").message


# --- choose steps: the cube and the score on the board, the reason after a second miss ---------------------------


def choose(**fields: Any) -> ChooseStep:
    options = [
        {"text": "On your side", "explanation": "No: the cube goes to the side that takes."},
        {"text": "On O's side", "correct": True, "explanation": "Right: O took, and the taker owns the cube."},
        {"text": "In the middle", "explanation": "No: a take moves it off the middle."},
    ]
    return ChooseStep.model_validate({"kind": "choose", "prompt": "Where is the cube?", "options": options} | fields)


def test_a_choose_step_shows_its_position_cube_and_score_on_the_board() -> None:
    step = choose(position="start", cube=2, cube_owner="O", length=7, score="3-5")
    scene = view_for(step, key="t/1").scene()
    assert scene.position == Position.start()
    assert scene.cube == Cube(2, Side.O)
    assert scene.match == MatchScore(7, 3, 5)
    middle = view_for(choose(cube=1), key="t/2").scene()
    assert middle.cube == Cube(1) and middle.match is None and middle.position is None
    crawford = view_for(choose(length=5, score="4-2", crawford=True), key="t/3").scene()
    assert crawford.match == MatchScore(5, 4, 2, crawford=True) and crawford.cube is None
    bare = view_for(choose(), key="t/4").scene()
    assert bare.cube is None and bare.match is None
    read = ReadStep(kind="read", text="The cube at the start.", position="start", cube=1)
    assert view_for(read).scene().cube == Cube(1) and view_for(read).scene().position == Position.start()


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"cube": 3}, "the cube shows 1"),
        ({"cube": 128}, "the cube shows 1"),
        ({"cube_owner": "X"}, "a cube with an owner has been turned"),
        ({"cube": 1, "cube_owner": "O"}, "a cube with an owner has been turned"),
        ({"score": "2-1"}, "a score needs the match 'length'"),
        ({"length": 5, "score": "2 to 1"}, "cannot read the score"),
        ({"length": 5, "score": "6-1"}, "5"),
        ({"length": 5, "score": "2-1", "crawford": True}, "Crawford"),
    ],
)
def test_a_choose_steps_cube_and_score_are_checked_when_it_loads(fields: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValidationError, match=fragment):
        choose(**fields)


def test_a_second_miss_adds_the_right_options_reason() -> None:
    view = view_for(choose(), key="t/1")
    first = view.on_option("0")
    assert not first.correct and first.message == "No: the cube goes to the side that takes."
    second = view.on_option("2")
    assert not second.correct
    assert second.message == (
        "No: a take moves it off the middle. The full reason: O took, and the taker owns the cube."
    )
    assert view.on_option("0").message.endswith("The full reason: O took, and the taker owns the cube.")
    right = view.on_option("1")
    assert right.correct and right.message == "Right: O took, and the taker owns the cube."
    fresh = view_for(choose(), key="t/1")  # a new showing starts again
    assert fresh.on_option("2").message == "No: a take moves it off the middle."
    assert grade_choice(choose(), 1, misses=3).message == "Right: O took, and the taker owns the cube."


# --- cube decisions and the double of acey-deucey ---------------------------------------------------------------


def cube_step(**fields: Any) -> CubeStep:
    values: dict[str, Any] = {"kind": "cube", "prompt": "?", "explanation": "Why.", "question": "double"}
    return CubeStep.model_validate(values | fields)


def test_a_cube_step_is_graded_by_the_exact_table_and_the_learner_may_be_the_taker() -> None:
    # You: checkers on your 3- and 1-points, O's last checker off next turn: you win 34 of 36 rolls.
    double = cube_step(position="X: 3 1 / O: 24", answer="double")
    assert grade_cube_step(double, "double").message.startswith("Right: double. Doubling wins the game at once")
    # O on roll (its 4- and 3-points, your last checker on your 1-point), doubling you: O wins 17 of 36.
    take = cube_step(position="X: 1 / O: 21 22", question="take", answer="take")
    right = grade_cube_step(take, "take")
    assert right.correct and right.message.startswith("Right: take. You should take: taking wins 0.11")
    assert "you have 53%, more than that." in right.message and right.message.endswith(" Why.")
    assert not grade_cube_step(take, "pass").correct


def lesson_file(tmp_path: Path, *steps: str) -> Path:
    path = tmp_path / "90-steps.toml"
    body = "\n".join(f"[[steps]]\n{step}\n" for step in steps)
    path.write_text(f'id = "steps"\nnumber = 90\ntitle = "Steps"\nsummary = "x"\n\n{body}', encoding="utf-8")
    return path


def test_a_wrong_or_unclear_cube_answer_and_a_double_step_with_nothing_to_get_wrong_are_refused(
    tmp_path: Path,
) -> None:
    path = lesson_file(
        tmp_path,
        'kind = "cube"\nprompt = "?"\nposition = "X: 3 1 / O: 24"\nquestion = "double"\nanswer = "no double"\n'
        'explanation = "x"',
        'kind = "cube"\nprompt = "?"\nposition = "X: 13 1 / O: 24"\nquestion = "take"\nanswer = "take"\n'
        'explanation = "x"',
        'kind = "double"\nprompt = "?"\nposition = "X: waitx13 24 23 / O: waitx15"\nexplanation = "x"',
        'kind = "roll"\nprompt = "?"\nposition = "X: waitx15 / O: waitx15"\nthrows = [[3, 5]]\nexplanation = "x"',
    )
    lesson, problems = load_lesson_file(path)
    assert lesson is None
    assert [problem.where for problem in problems] == [
        "step 1 (cube), field 'answer'",
        "step 2 (cube), field 'position'",
        "step 3 (double), field 'want'",
    ]  # the roll step on acey-deucey's empty start is right
    messages = [problem.message for problem in problems]
    assert messages[0] == "the exact figures say double, not no double"
    assert messages[1].endswith(": X has a checker on its 13-point: this is not a pure bear-off")  # your numbering
    assert messages[2].startswith("every double meets what this step asks")


def test_the_double_after_a_1_2_is_graded_by_what_its_four_moves_can_do() -> None:
    # All your checkers wait; O holds your 19- to 23-points: only 1-1 can come in (on your 24-point).
    position = "X: waitx15 / O: wait 19x2 20x2 21x2 22x2 23x2 10x2 7x2"
    full = DoubleStep(kind="double", prompt="?", position=position, explanation="It comes in.")
    assert right_doubles(full) == [1]
    wrong = grade_double(full, 6)
    assert not wrong.correct
    assert wrong.message == (
        "6-6 cannot be played in full: none of its four moves can be played here, and a part that can't be played "
        "ends the turn, bonus roll and all."
    )
    assert grade_double(full, 1).message == "1-1: It comes in."
    lost = DoubleStep(kind="double", prompt="?", position=position, want="not full", explanation="x")
    assert right_doubles(lost) == [2, 3, 4, 5, 6]
    assert "can be played in full, so the turn would go on" in grade_double(lost, 1).message
    # Both conditions by one play: with two checkers on your 13-point, 1-1 can make your 24-point (two come in) or
    # your 11-point (13/11(2)), not both; 2-2 makes the 11-point too.
    board = "X: waitx13 13x2 / O: waitx2 19x2 20x2 21x2 22x2 10x2 7x2 9"

    def doubles(*conditions: str) -> list[int]:
        step = DoubleStep(kind="double", prompt="?", position=board, conditions=list(conditions), explanation="x")
        return right_doubles(step)

    assert (doubles("makes_point:24"), doubles("makes_point:11")) == ([1], [1, 2])
    assert doubles("makes_point:24", "makes_point:11") == []


def test_picks_on_an_acey_deucey_board_know_the_waiting_checkers() -> None:
    pick = PickStep(kind="pick", prompt="Which checkers can move?", position="X: waitx13 13x2 / O: waitx15",
                    dice="65", target="movable", explanation="x")  # fmt: skip
    assert pick_targets(pick) == {13, WAITING}
    assert grade_pick(pick, WAITING).correct
    point = PickStep(kind="pick", prompt="Pick your 13-point.", position="X: waitx13 13x2 / O: waitx15",
                     target="point:13", explanation="x")  # fmt: skip
    wrong = grade_pick(point, WAITING)
    assert not wrong.correct and wrong.message.startswith("Not your 13 checkers waiting to enter.")


def test_a_roll_step_shows_its_own_board_and_plays_keep_their_case_in_a_sentence() -> None:
    assert RollStep(kind="roll", prompt="?", throws=[(5, 3)], explanation="x").board() == Position.start()
    acey = RollStep(kind="roll", prompt="?", position="X: waitx15 / O: waitx15", throws=[(5, 3)], explanation="x")
    assert acey.board() == Position.acey_deucey_start()
    assert sentence("in/19 needs the 6") == "in/19 needs the 6."
    assert sentence("the bar comes first") == "The bar comes first."


# --- on the lesson screen ----------------------------------------------------------------------------------------


async def test_a_score_question_keeps_back_what_would_answer_it_until_it_is_answered(tmp_path: Path) -> None:
    lesson = Lesson.model_validate({
        "id": "score", "number": 90, "title": "Score", "summary": "x",
        "steps": [
            {"kind": "score", "prompt": "Is this the Crawford game?", "length": 5, "games": ["X 2", "O 1", "X 2"],
             "ask": "crawford", "answer": "yes", "explanation": "It is."},
            {"kind": "score", "prompt": "How many points?", "events": ["X doubles", "O takes", "X wins"],
             "ask": "points", "answer": "2", "explanation": "Two."},
        ],
    })  # fmt: skip
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()
        screen = LessonScreen(lesson)
        await app.push_screen(screen)
        await pilot.pause()
        board = screen.query_one(BoardView)
        assert board.scene.position is None and board.scene.match == MatchScore(5, 4, 1, crawford=True)
        shown = board.render().plain
        assert "Match to 5 · You 4, O 1" in shown and "Crawford" not in shown and "pips" not in shown
        await pilot.press("1")  # yes
        await pilot.pause()
        assert screen.solved and "Match to 5 · You 4, O 1 · Crawford game" in board.render().plain
        await pilot.press("n")
        await pilot.pause()
        assert board.scene.cube is None and board.scene.match is None  # the cube would give the points away
        box = screen.query_one("#notation", Input)
        assert app.focused is box and box.placeholder == "type the number of points, then enter"
        await pilot.press("2", "enter")
        await pilot.pause()
        assert screen.solved and board.scene.cube == Cube(2, board.scene.cube.owner if board.scene.cube else None)
