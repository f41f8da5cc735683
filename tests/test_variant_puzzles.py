"""Cube puzzles and acey-deucey puzzles: every shipped one re-verified (cube answers against an independent
recursion and the last roll's closed form), the checks that refuse bad ones, grading in words, the export, the
miners, and both kinds solved on the puzzle screen."""

from __future__ import annotations

import json
from collections import Counter
from itertools import islice
from pathlib import Path

import pytest
from conftest import puzzle_export
from pilot_support import feedback_text, open_puzzles
from test_cube_bearoff import no_double
from textual.widgets import Input, OptionList, Static

from trainer.authoring.mining import acey_forced_candidates, cube_toml, mine_cube
from trainer.content.cube import CUBE_ANSWERS, cube_theme, grade_cube_puzzle
from trainer.content.models import CubePuzzle, ForcedPuzzle
from trainer.content.puzzles import check_puzzle, load_puzzle_file, load_puzzles, practice_set, puzzle_problems
from trainer.content.themes import CUBE_THEMES
from trainer.engine import WAITING, Cube, Position, Side, legal_plays, parse_play, read_position
from trainer.engine.bearoff import cube_decision, home_side, one_sided
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.screens.puzzles import PuzzleMenuScreen, PuzzleScreen
from trainer.tui.widgets.board import BoardView
from trainer.tui.widgets.cube import CubeAction, CubeActions

LIBRARY = load_puzzles()
CUBES = [puzzle for puzzle in LIBRARY.puzzles if isinstance(puzzle, CubePuzzle) and puzzle.figures is None]
"""The cube puzzles the exact bear-off table answers (the contact ones are checked in test_skill_puzzles.py)."""
ACEY = [puzzle for puzzle in LIBRARY.puzzles if puzzle.variant == "acey-deucey" and isinstance(puzzle, ForcedPuzzle)]
REPO = Path(__file__).resolve().parent.parent
SIZE = (80, 24)


def cube_fields(position: str, question: str, answers: list[str], **fields: object) -> dict[str, object]:
    """A hand-made cube puzzle's table; ``fields`` replace any of its fields (``None`` leaves one out)."""
    values: dict[str, object] = {
        "id": "hand-made",
        "kind": "cube",
        "theme": "last-roll",
        "difficulty": 2,
        "position": position,
        "question": question,
        "prompt": "Hand-made.",
        "answers": answers,
    }
    return {name: value for name, value in (values | fields).items() if value is not None}


def cube_puzzle(position: str, question: str, answers: list[str], **fields: object) -> CubePuzzle:
    """A hand-made cube puzzle; ``fields`` replace any of its fields."""
    return CubePuzzle.model_validate(cube_fields(position, question, answers, **fields))


def sure_double(**fields: object) -> dict[str, object]:
    """The sure double below, as a double question answered double; ``fields`` replace any of its fields."""
    values: dict[str, object] = {"position": SURE_DOUBLE, "question": "double", "answers": ["double"]}
    return cube_fields(**(values | fields))  # type: ignore[arg-type]


# --- every shipped cube puzzle ----------------------------------------------------------------------------------


def test_the_cube_set_covers_every_theme_both_questions_and_both_answers() -> None:
    assert len(CUBES) >= 60
    shares = Counter((puzzle.theme, puzzle.question, puzzle.answers[0]) for puzzle in CUBES)
    for theme in CUBE_THEMES:
        for question, answers in CUBE_ANSWERS.items():
            for answer in answers:
                assert shares[(theme, question, answer)] >= 3, (theme, question, answer)
    assert {puzzle.difficulty for puzzle in CUBES} == {1, 2, 3}
    assert all((puzzle.owner == "player") == (puzzle.theme == "redouble") for puzzle in CUBES)


def test_every_cube_answer_is_the_exact_one_by_a_clear_margin() -> None:
    for puzzle in CUBES:
        decision = cube_decision(puzzle.board(), puzzle.owner)
        if puzzle.question == "take":
            gain, right = decision.double_pass - decision.double_take, "take"
        else:
            gain, right = min(decision.double_take, decision.double_pass) - decision.no_double, "double"
        assert abs(gain) >= 0.01, puzzle.id
        assert puzzle.answers == [right if gain > 0 else CUBE_ANSWERS[puzzle.question or ""][1]], puzzle.id


def test_small_cube_puzzles_agree_with_an_independent_recursion() -> None:
    """Written from the rules alone (each roll's best play for each cube state, then the other side's best cube
    action), for every shipped cube puzzle of up to four checkers a side."""
    checked = 0
    for puzzle in CUBES:
        position = puzzle.board()
        mine, theirs = home_side(position.player), home_side(position.opponent)
        if sum(mine) > 4 or sum(theirs) > 4:
            continue
        state = "owned" if puzzle.owner == "player" else "centered"
        stay, take = no_double(mine, theirs, state), 2 * no_double(mine, theirs, "opponent owns")
        if puzzle.question == "take":
            right = "take" if take < 1.0 else "pass"
        else:
            right = "double" if min(take, 1.0) >= stay else "no double"
        assert puzzle.answers == [right], puzzle.id
        checked += 1
    assert checked >= 30


def test_last_roll_puzzles_follow_the_closed_form() -> None:
    """On the last roll the cube is dead: without a double X gets 2p - 1, after a take 2(2p - 1), after a pass 1;
    a take is right with more than 25%, a double with more than 50%."""
    last = [puzzle for puzzle in CUBES if puzzle.theme == "last-roll"]
    assert len(last) >= 15
    for puzzle in last:
        position = puzzle.board()
        distribution = one_sided().distribution(home_side(position.player))
        p = distribution[1]  # X bears off with this roll, or O (sure to finish next) wins
        assert one_sided().distribution(home_side(position.opponent))[1] == pytest.approx(1.0)
        decision = cube_decision(position)
        assert decision.no_double == pytest.approx(2 * p - 1, abs=1e-3)
        assert decision.double_take == pytest.approx(2 * (2 * p - 1), abs=1e-3)
        if puzzle.question == "take":
            assert puzzle.answers == ["take" if 1 - p > 0.25 else "pass"], puzzle.id
        else:
            assert puzzle.answers == ["double" if p > 0.5 else "no double"], puzzle.id


def test_each_theme_is_the_one_its_position_shows() -> None:
    for puzzle in CUBES:
        position = puzzle.board()
        theirs = one_sided().distribution(home_side(position.opponent))
        mine = one_sided().distribution(home_side(position.player))
        if puzzle.owner == "player":
            expected = "redouble"
        elif theirs[1] == pytest.approx(1.0) and mine[1] < 1:
            expected = "last-roll"
        elif sum(mine[:3]) == pytest.approx(1.0) and sum(theirs[:3]) == pytest.approx(1.0):
            expected = "two-rolls"
        else:
            expected = "longer-bearoff"
        assert puzzle.theme == expected == cube_theme(position, puzzle.owner), puzzle.id


# --- the checks that refuse a bad cube puzzle -------------------------------------------------------------------

# X has a checker on each of its 3- and 1-points, O's last checker will be off next turn: X wins 34 of 36 rolls
# (all but 2-1).
SURE_DOUBLE = "X: 3 1 / O: 24"


def test_a_right_cube_puzzle_passes_and_a_wrong_answer_is_refused_with_the_figures() -> None:
    assert check_puzzle(cube_puzzle(SURE_DOUBLE, "double", ["double"])) == []
    assert check_puzzle(cube_puzzle(SURE_DOUBLE, "take", ["pass"])) == []
    ((field, message, suggestion),) = check_puzzle(cube_puzzle(SURE_DOUBLE, "double", ["no double"]))
    assert field == "answers" and message.startswith("the exact figures say double: no double +")
    assert suggestion == 'answers = ["double"]'


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"answers": ["yes"]}, "answers", "a double question is answered double or no double"),
        ({"dice": "61"}, "dice", "asked before rolling"),
        ({"question": None}, "question", "needs a question"),
        ({"theme": "race"}, "theme", "unknown cube theme 'race'"),
        ({"theme": "two-rolls"}, "theme", "shows the theme 'last-roll', not 'two-rolls'"),
        ({"variant": "acey-deucey"}, "variant", "not used in acey-deucey"),
    ],
)
def test_a_malformed_cube_puzzle_names_the_field(fields: dict[str, object], field: str, fragment: str) -> None:
    problems = puzzle_problems(sure_double(**fields))
    assert [found for found, _, _ in problems] == [field], problems
    assert fragment in problems[0][1]


def test_a_cube_puzzle_outside_the_table_or_too_close_is_refused(tmp_path: Path) -> None:
    # A checker still on the 13-point is not a bear-off; X: 4 3 against O's last checker is a no double by 0.06,
    # but as a take (O doubling from 47%) the answer is plain; 6-5 against 24 with the cube owned: far from close.
    path = tmp_path / "cube.toml"
    path.write_text(
        '[[puzzles]]\nid = "outside"\nkind = "cube"\ntheme = "last-roll"\ndifficulty = 1\n'
        'position = "X: 13 2 / O: 24"\nquestion = "double"\nprompt = "?"\nanswers = ["double"]\n\n'
        '[[puzzles]]\nid = "cards"\nkind = "forced"\ntheme = "only-play"\ndifficulty = 1\n'
        'position = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"\ndice = "61"\nquestion = "take"\n'
        'prompt = "?"\nanswers = ["13/7 8/7"]\n',
        encoding="utf-8",
    )
    puzzles, problems = load_puzzle_file(path)
    assert puzzles == []
    assert [(problem.line, problem.where) for problem in problems] == [
        (6, "puzzle 1 (outside), field 'position'"),
        (18, "puzzle 2 (cards), field 'question'"),
    ]
    assert "checker on its 13-point" in problems[0].message
    assert "only cube and double puzzles take 'question'" in problems[1].message
    # A decision within 0.01 of its boundary is refused: found by search among the two-checker bear-offs.
    pairs = [f"X: {a} {b} / O: {c} {d}" for a in range(1, 7) for b in range(1, a + 1) for c in range(19, 25)
             for d in range(c, 25)]  # fmt: skip
    close = next(text for text in pairs if 0 < abs(cube_decision(read_position(text)[0]).double_gain) < 0.01)
    theme = cube_theme(read_position(close)[0], "centered")
    decision = cube_decision(read_position(close)[0])
    answer = "double" if decision.should_double else "no double"
    problems = check_puzzle(cube_puzzle(close, "double", [answer], theme=theme))
    assert [(field, message.split(" (")[0]) for field, message, _ in problems] == [
        ("answers", "the decision is too close to ask")
    ]


# --- grading in words ------------------------------------------------------------------------------------------


def test_cube_feedback_compares_the_equities_in_words() -> None:
    take = cube_puzzle("X: 6 5x2 4 2 / O: 24x2 22x2 21 20", "double", ["double"], theme="longer-bearoff")
    right = grade_cube_puzzle(take, "double")
    assert right.correct
    assert right.message == (
        "Right: double. Doubling wins 0.03 points a game more than waiting (+0.44 against +0.41). Taking costs O "
        "0.44 against 1.00 for passing, so O should take. X wins 64% of the time and O 36%. A take needs about 25% "
        "of the wins (a little less, as the taker then owns the cube), so the double is a take: it comes before the "
        "market is lost and is worth more than waiting, and with no gammons to play for it is never too good to "
        "double."
    )
    wrong = grade_cube_puzzle(take, "no double")
    assert not wrong.correct and wrong.message.startswith("No double is wrong here. Doubling wins 0.03 points")
    assert "Not no double" not in wrong.message
    last = grade_cube_puzzle(cube_puzzle(SURE_DOUBLE, "take", ["pass"]), "take")
    assert not last.correct and last.message.startswith("Take is wrong here. ")
    assert "so a take needs 25% of the wins: O has 6%, less than that." in last.message, last.message
    cash = grade_cube_puzzle(cube_puzzle(SURE_DOUBLE, "double", ["double"]), "double")
    assert cash.correct and "X wins 94% of the time and O 6%. On the last roll a take needs 25% of the wins, so " in (
        cash.message
    )
    assert "the double is a pass and cashes the game" in cash.message


# --- acey-deucey puzzles ----------------------------------------------------------------------------------------


def test_acey_deucey_puzzles_are_forced_rolls_where_the_variant_is_at_work() -> None:
    assert len(ACEY) >= 20
    themes = Counter(puzzle.theme for puzzle in ACEY)
    assert len(themes) >= 6 and max(themes.values()) <= len(ACEY) // 4
    for puzzle in ACEY:
        position, dice = puzzle.board(), puzzle.roll()
        assert puzzle.kind == "forced" and check_puzzle(puzzle) == []
        assert position.player_waiting or "you chose" in puzzle.prompt, puzzle.id
        assert puzzle.prompt.startswith("Acey-deucey.")
        plays = legal_plays(position, dice)
        assert len(plays) == 1 and {parse_play(position, dice, answer).result for answer in puzzle.answers} == {
            plays[0].result
        }
    assert any(position.player_waiting for position in (puzzle.board() for puzzle in ACEY))
    assert any(answer.startswith("in/") for puzzle in ACEY for answer in puzzle.answers)  # entering from off the board
    assert any("you chose" in puzzle.prompt and puzzle.theme == "partial-double" for puzzle in ACEY)


def test_waiting_checkers_need_the_acey_deucey_variant() -> None:
    puzzle = ForcedPuzzle(
        id="waits", theme="only-play", difficulty=1, position="X: waitx13 24 23 / O: waitx15",
        dice="21", prompt="?", answers=["in/24 in/23"],
    )  # fmt: skip
    assert check_puzzle(puzzle) == [
        ("variant", "checkers wait to enter only in acey-deucey", 'variant = "acey-deucey", or no waiting checkers')
    ]
    bearoff = {
        "id": "b", "kind": "bearoff", "variant": "acey-deucey", "theme": "race", "difficulty": 1,
        "position": "X: 6 4 / O: 24 19", "dice": "31", "prompt": "?", "answers": ["4/off"],
    }  # fmt: skip
    assert [field for field, _, _ in puzzle_problems(bearoff)] == ["variant"]


def test_practice_links_open_a_variant_or_a_mixed_set_whose_title_gives_nothing_away() -> None:
    title, puzzles = practice_set(LIBRARY.puzzles, "acey-deucey")
    assert title == "Acey-deucey puzzles" and puzzles == [p for p in LIBRARY.puzzles if p.variant == "acey-deucey"]
    assert {puzzle.kind for puzzle in puzzles} == {"forced", "double"}
    title, mixed = practice_set(LIBRARY.puzzles, "no-play")
    assert "No legal play" not in title
    no_play = [puzzle for puzzle in mixed if puzzle.theme == "no-play"]
    assert len(no_play) == len(mixed) - len(no_play) >= 10  # one for one with other forced moves
    assert all(puzzle.variant == "standard" and puzzle.kind == "forced" for puzzle in mixed)
    assert [puzzle.theme for puzzle in practice_set(LIBRARY.puzzles, "redouble")[1]] == ["redouble"] * sum(
        1 for puzzle in CUBES if puzzle.theme == "redouble"
    )


# --- the export and the miners ---------------------------------------------------------------------------------


def test_the_export_writes_cube_and_acey_deucey_puzzles_in_their_own_fields() -> None:
    result = puzzle_export()
    assert result.returncode == 0, result.stderr
    records = {record["id"]: record for record in map(json.loads, result.stdout.splitlines())}
    for puzzle in CUBES:
        record = records[puzzle.id]
        assert set(record) == {"id", "kind", "theme", "difficulty", "position", "cube_owner", "question", "answers"}
        assert record["kind"] == "cube" and record["question"] == puzzle.question
        assert record["difficulty"] == puzzle.difficulty
        assert record["cube_owner"] in ("centered", "player") and record["cube_owner"] == puzzle.owner
        assert Position.from_position_id(record["position"]) == puzzle.board()  # the doubler on roll
        assert record["answers"] == puzzle.answers and record["answers"][0] in CUBE_ANSWERS[record["question"]]
    for puzzle in ACEY:
        record = records[puzzle.id]
        assert record["variant"] == "acey-deucey" and record["kind"] == "forced"
        assert Position.from_text(record["position"]) == puzzle.board()
        results = {Position.from_text(text) for text in record["answers"]}
        assert results == {play.result for play in puzzle.accepted_plays()}


def test_the_cube_miner_makes_puzzles_that_pass_every_check(tmp_path: Path) -> None:
    mined = mine_cube(16, seed=7)
    assert len(mined) == 16 and len({(c.position, c.owner, c.question) for c in mined}) == 16
    assert {(c.theme, c.question, c.answer) for c in mined} == {
        (theme, question, answer) for theme in CUBE_THEMES for question, answers in CUBE_ANSWERS.items()
        for answer in answers
    }  # fmt: skip
    path = tmp_path / "cube.toml"
    path.write_text(cube_toml(mined, prefix="mined"), encoding="utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert problems == [] and len(puzzles) == 16


def test_the_acey_deucey_miner_makes_forced_puzzles_that_pass_every_check() -> None:
    mined = list(islice(acey_forced_candidates(3), 6))
    assert len({(candidate.position, candidate.dice) for candidate in mined}) == 6
    for candidate in mined:
        assert candidate.variant == "acey-deucey"
        puzzle = ForcedPuzzle(
            id="mined", variant="acey-deucey", theme=candidate.theme, difficulty=candidate.difficulty,
            position=candidate.position.text(), dice=f"{candidate.dice[0]}{candidate.dice[1]}",
            prompt=candidate.prompt, answers=list(candidate.answers),
        )  # fmt: skip
        assert check_puzzle(puzzle) == []


# --- on the puzzle screen --------------------------------------------------------------------------------------


async def test_a_cube_puzzle_is_answered_by_key_and_explained_with_the_equities(tmp_path: Path) -> None:
    double = next(p for p in CUBES if p.question == "double" and p.owner == "centered" and p.answers == ["double"])
    take = next(p for p in CUBES if p.question == "take" and p.owner == "player" and p.answers == ["pass"])
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        screen = await open_puzzles(pilot, [double, take])
        board = screen.query_one(BoardView)
        assert board.scene.position == double.board() and board.scene.dice is None and board.scene.cube == Cube()
        assert not screen.query_one("#notation", Input).display and not screen.query_one("#no-play").display
        actions = screen.query_one(CubeActions)
        assert actions.allowed == {CubeAction.DOUBLE, CubeAction.NO_DOUBLE}
        await pilot.press("r")  # no double: wrong here
        await pilot.pause()
        said = feedback_text(app)
        assert said.startswith("✗ No double is wrong here. ") and "points a game" in said
        assert screen.done and not actions.display  # the explanation names the answer: the puzzle is over
        await pilot.press("n")
        await pilot.pause()
        assert screen.puzzle is take
        assert board.scene.cube == Cube(4) and board.scene.on_roll is Side.X  # X, owning the cube at 2, redoubles to 4
        await pilot.press("d")  # not an answer to a take question
        await pilot.pause()
        assert not screen.done
        await pilot.press("p")
        await pilot.pause()
        assert feedback_text(app).startswith("✓ Right: pass. O should pass: taking would lose ")
        assert "each counts twice" in feedback_text(app)
    store = ProgressStore(tmp_path)
    try:
        assert [(a.answer, a.correct) for a in store.puzzles.puzzle_history(double.id)] == [("no double", False)]
        assert [(a.answer, a.correct) for a in store.puzzles.puzzle_history(take.id)] == [("pass", True)]
    finally:
        store.close()


async def test_the_menu_lists_the_cube_and_acey_deucey_sets_and_an_acey_deucey_puzzle_enters_from_in(
    tmp_path: Path,
) -> None:
    puzzle = next(p for p in ACEY if any(answer.startswith("in/") and " " not in answer for answer in p.answers))
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleMenuScreen)
        sets = app.screen.query_one("#puzzle-sets", OptionList)
        sets.highlighted = sets.get_option_index("kind:forced:acey-deucey")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and all(p.variant == "acey-deucey" for p in screen.puzzles)
        screen.index = screen.puzzles.index(puzzle)
        await pilot.pause()
        title = str(screen.query_one("#task-title", Static).render())
        assert "Acey-deucey: forced move" in title
        board = screen.query_one(BoardView)
        assert board.shows_waiting()
        (play,) = puzzle.accepted_plays()
        assert play.moves[0].start == WAITING
        board.focus()
        for move in play.moves:
            for point in (move.start, move.end):
                await pilot.click(BoardView, offset=board.offset_of(point))
                await pilot.pause()
        assert feedback_text(app).startswith("✓ Forced: "), feedback_text(app)
        assert screen.done
