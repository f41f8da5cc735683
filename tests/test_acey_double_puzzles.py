"""Acey-deucey double puzzles: which double to choose after a 1-2, and whether all of a double can be played. Every
shipped one re-checked here by its own working, the checks that refuse a wrong one, grading through the view, the
export, and one solved on the puzzle screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import puzzle_export
from pilot_support import feedback_text, settle
from textual.widgets import OptionList, Static

from trainer.content import wording
from trainer.content.doubles import DOUBLE_THEMES
from trainer.content.models import DoublePuzzle
from trainer.content.puzzles import check_puzzle, load_puzzle_file, load_puzzles, puzzle_problems
from trainer.engine import Position, legal_plays
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.screens.puzzles import PuzzleScreen
from trainer.tui.steps import DoublePuzzleView, puzzle_view_for

LIBRARY = load_puzzles()
DOUBLES = [puzzle for puzzle in LIBRARY.puzzles if isinstance(puzzle, DoublePuzzle)]
REPO = Path(__file__).resolve().parent.parent

# After the 1-2: X can play 1-1 to 4-4 in full; 5-5 and 6-6 only in part (O's 9- to 14-points block them).
BLOCKED = "X: 22x2 17x3 16x4 15x4 1x2 / O: 19x3 14x2 12x2 11x3 10x2 9x3"


def double_fields(**fields: object) -> dict[str, object]:
    """A hand-made choose puzzle's table, on BLOCKED; ``fields`` replace any of its fields."""
    values: dict[str, object] = {
        "id": "hand-made",
        "kind": "double",
        "variant": "acey-deucey",
        "theme": "choose-double",
        "difficulty": 2,
        "position": BLOCKED,
        "question": "choose",
        "prompt": "Hand-made.",
        "answers": ["1-1", "2-2", "3-3", "4-4"],
    }
    return values | fields


def double_puzzle(**fields: object) -> DoublePuzzle:
    """A hand-made choose puzzle on BLOCKED; ``fields`` replace any of its fields."""
    return DoublePuzzle.model_validate(double_fields(**fields))


def moves_playable(position: Position, number: int) -> int:
    """How many moves of the double ``number`` can be played, worked out here from every legal play."""
    return max(play.dice_used for play in legal_plays(position, (number, number)))


def safe_in_full(position: Position, number: int) -> bool:
    """Whether some full play of the double leaves no blot of the mover's."""
    plays = legal_plays(position, (number, number))
    return any(play.dice_used == 4 and 1 not in play.result.player[1:25] for play in plays)


# --- every shipped double puzzle --------------------------------------------------------------------------------


def test_the_shipped_double_puzzles_ask_both_questions_and_their_answers_are_the_engines() -> None:
    assert len(DOUBLES) >= 12
    assert {puzzle.question for puzzle in DOUBLES} == {"choose", "full"}
    assert {tuple(p.answers) for p in DOUBLES if p.question == "full"} == {("yes",), ("no",)}
    assert any(puzzle.conditions == ["safe"] for puzzle in DOUBLES)
    assert any(puzzle.board().player_waiting for puzzle in DOUBLES)  # checkers still wait to enter
    for puzzle in DOUBLES:
        position = puzzle.board()
        assert puzzle.variant == "acey-deucey" and puzzle.theme == DOUBLE_THEMES[str(puzzle.question)]
        assert max(position.player[1:25]) <= 6 and max(position.opponent[1:25]) <= 6, puzzle.id  # game-like
        if puzzle.question == "full":
            number = puzzle.roll().high
            assert puzzle.answers == ["yes" if moves_playable(position, number) == 4 else "no"], puzzle.id
            continue
        right = [
            f"{n}-{n}"
            for n in range(1, 7)
            if moves_playable(position, n) == 4 and (puzzle.conditions != ["safe"] or safe_in_full(position, n))
        ]
        assert puzzle.answers == right and 0 < len(right) < 6, puzzle.id


# --- checks that refuse a wrong puzzle --------------------------------------------------------------------------


def test_a_right_double_puzzle_passes_and_a_wrong_answer_is_refused_with_the_engines() -> None:
    assert check_puzzle(double_puzzle()) == []
    assert check_puzzle(double_puzzle(conditions=["safe"], answers=["1-1", "2-2", "3-3"])) == []
    full = {"question": "full", "theme": "double-in-full", "dice": "55"}
    assert check_puzzle(double_puzzle(**full, answers=["no"])) == []
    ((field, message, suggestion),) = check_puzzle(double_puzzle(answers=["1-1", "2-2", "3-3", "5-5"]))
    assert field == "answers" and message == "the engine finds these doubles right: 1-1, 2-2, 3-3, 4-4"
    assert suggestion == 'answers = ["1-1", "2-2", "3-3", "4-4"]'
    ((field, message, suggestion),) = check_puzzle(double_puzzle(**full, answers=["yes"]))
    assert (field, message, suggestion) == (
        "answers",
        "not all four moves of 5-5 can be played here",
        'answers = ["no"]',
    )


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"answers": ["3"]}, "answers", 'written like "3-3"'),
        ({"question": "full", "theme": "double-in-full", "answers": ["maybe"], "dice": "44"}, "answers", "yes"),
        ({"dice": "33"}, "dice", "takes no dice"),
        ({"question": "full", "theme": "double-in-full", "answers": ["yes"]}, "dice", "the double chosen"),
        ({"question": "full", "theme": "double-in-full", "answers": ["yes"], "dice": "43"}, "dice", "double chosen"),
        ({"question": "double"}, "question", 'asks "choose"'),
        ({"variant": "standard"}, "variant", "acey-deucey rules"),
        ({"theme": "only-play"}, "theme", "has the theme 'choose-double'"),
        ({"conditions": ["hits"]}, "position", "no double answers"),
        ({"position": "X: 6x2 5x2 4x2 3x3 2x3 1x3 / O: 24x2"}, "position", "every double answers"),
    ],
)
def test_a_malformed_double_puzzle_names_the_field(fields: dict[str, object], field: str, fragment: str) -> None:
    problems = puzzle_problems(double_fields(**fields))
    assert [found for found, _, _ in problems] == [field], problems
    assert fragment in problems[0][1]


def test_conditions_and_the_choose_question_stay_with_their_kinds() -> None:
    forced = puzzle_problems(
        {
            "id": "f",
            "kind": "forced",
            "theme": "only-play",
            "difficulty": 1,
            "position": "X: 6 / O: 24",
            "dice": "65",
            "prompt": "P.",
            "answers": ["6/off"],
            "conditions": ["safe"],
        }
    )
    assert [field for field, _, _ in forced] == ["conditions"]
    cube = puzzle_problems(
        {
            "id": "c",
            "kind": "cube",
            "theme": "last-roll",
            "difficulty": 1,
            "position": "X: 3 1 / O: 24",
            "question": "choose",
            "prompt": "P.",
            "answers": ["double"],
        }
    )
    ((field, message, _),) = cube
    assert field == "question" and "double" in message and "take" in message


def test_a_wrong_stored_answer_is_refused_when_the_file_loads_naming_file_puzzle_and_field(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        "[[puzzles]]\n"
        'id = "mine-0001"\nkind = "double"\nvariant = "acey-deucey"\ntheme = "choose-double"\ndifficulty = 2\n'
        f'position = "{BLOCKED}"\nquestion = "choose"\nprompt = "Which double?"\n'
        'answers = ["1-1", "6-6"]\n'
    )
    puzzles, problems = load_puzzle_file(path)
    assert puzzles == []
    (problem,) = problems
    assert problem.file == "mine.toml" and problem.line == 10
    assert problem.where == "puzzle 1 (mine-0001), field 'answers'"
    assert str(problem).startswith("mine.toml:10: puzzle 1 (mine-0001), field 'answers': the engine finds these")


# --- grading through the view -----------------------------------------------------------------------------------


def test_the_view_offers_the_six_doubles_and_grades_them_in_words() -> None:
    view = puzzle_view_for(double_puzzle(conditions=["safe"], answers=["1-1", "2-2", "3-3"]))
    assert isinstance(view, DoublePuzzleView)
    assert [label for _, label in view.options()] == ["1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]
    assert view.scene().dice is None and view.scene().position.text() == BLOCKED
    right = view.on_option("double:3")
    assert right.correct and right.message.startswith("Right: 3-3 can be played in full leaving no blot, e.g. ")
    assert right.message.endswith("Also right: 1-1, 2-2.")
    blocked = view.on_option("double:6")
    assert not blocked.correct and blocked.solution_offered
    assert blocked.message.startswith("6-6 cannot be played in full: only 2 of its four moves can be played here")
    blot = view.on_option("double:4")
    assert not blot.correct and "every way of playing it misses the goal (it leaves" in blot.message
    assert view.solution().startswith("The doubles that can be played in full leaving no blot: 1-1 (")


def test_the_view_asks_yes_or_no_of_a_full_question_and_says_how_many_moves_play() -> None:
    view = puzzle_view_for(double_puzzle(question="full", theme="double-in-full", dice="55", answers=["no"]))
    assert view.options() == [("answer:yes", "Yes"), ("answer:no", "No")]
    assert view.scene().dice is not None and view.scene().dice.high == 5
    wrong = view.on_option("answer:yes")
    assert not wrong.correct and not wrong.solution_offered
    assert wrong.message.startswith("No: only 2 of the four moves of 5-5 can be played (")
    assert wrong.message.endswith("the rest of the turn, bonus roll and all, is lost.")
    assert view.on_option("answer:no").correct
    yes = puzzle_view_for(double_puzzle(question="full", theme="double-in-full", dice="44", answers=["yes"]))
    assert yes.on_option("answer:yes").message.startswith("Right: all four moves of 4-4 can be played, e.g. ")


def test_a_single_waiting_checker_agrees_with_its_verb() -> None:
    assert "(1 of your checkers still waits to enter)" in wording.acey_deucey_roll("6-4", chosen=False, waiting=1)
    assert "(1 of your checkers still waits to enter)" in wording.acey_deucey_roll("3-3", chosen=True, waiting=1)
    assert "(2 of your checkers still wait to enter)" in wording.acey_deucey_roll("6-4", chosen=False, waiting=2)
    assert not any("checkers still wait to enter" in p.prompt and "(1 of" in p.prompt for p in LIBRARY.puzzles)


# --- the export -------------------------------------------------------------------------------------------------


def test_the_export_gives_a_double_puzzles_question_and_answers_in_words() -> None:
    result = puzzle_export()
    assert result.returncode == 0, result.stderr
    records = {record["id"]: record for record in map(json.loads, result.stdout.splitlines())}
    for puzzle in DOUBLES:
        record = records[puzzle.id]
        fields = {"id", "kind", "variant", "theme", "position", "question", "answers"}
        fields |= {"dice"} if puzzle.question == "full" else set()
        fields |= {"conditions"} if puzzle.conditions else set()
        assert set(record) == fields, puzzle.id
        assert record["kind"] == "double" and record["variant"] == "acey-deucey"
        assert Position.from_text(record["position"]) == puzzle.board()
        assert record["question"] == puzzle.question and record["answers"] == puzzle.answers
        if puzzle.question == "full":
            assert record["dice"] == [puzzle.roll().high] * 2
        if puzzle.conditions:
            assert record["conditions"] == puzzle.conditions


# --- on the puzzle screen ---------------------------------------------------------------------------------------


async def test_a_double_puzzle_is_solved_with_the_number_keys_after_a_miss(tmp_path: Path) -> None:
    puzzle = next(p for p in DOUBLES if p.question == "choose" and p.answers[0] == "1-1" and "6-6" not in p.answers)
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await app.workers.wait_for_complete()
        screen = PuzzleScreen([puzzle])
        await app.push_screen(screen)
        options = screen.query_one("#options", OptionList)
        await settle(pilot, lambda: options.option_count == 6)
        assert options.display and "Acey-deucey: choosing the double" in str(
            screen.query_one("#task-title", Static).render()
        )
        assert not screen.query_one("#notation").display
        await pilot.press("6")  # 6-6: not playable in full here
        await settle(pilot, lambda: feedback_text(app).startswith("✗"))
        assert "6-6 cannot be played in full" in feedback_text(app) and not screen.done
        await pilot.press("1")
        await settle(pilot, lambda: screen.done)
        assert feedback_text(app).startswith("✓ Right: 1-1 can be played in full")
        await pilot.press("2")  # the puzzle is over: no more answers
        await pilot.pause()
        assert feedback_text(app).startswith("✓ Right: 1-1")
    store = ProgressStore(tmp_path)
    try:
        assert [(a.answer, a.correct) for a in store.puzzles.puzzle_history(puzzle.id)] == [
            ("6-6", False),
            ("1-1", True),
        ]
    finally:
        store.close()
