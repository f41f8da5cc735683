"""The forced-move recognition drill: every shipped position re-checked by the engine, the mix, located problems
for a wrong answer in the file, grading of each answer with the engine's reason, the endless seeded generator,
and the command line (generate, export, validate)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import islice
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.content.generate import realistic, to_toml
from trainer.content.puzzles import Puzzle, check_puzzle, load_puzzle_file, load_puzzles
from trainer.content.recognition import (
    ANSWERS,
    MIX,
    PARTIAL_THEMES,
    RECOGNITION_THEMES,
    category,
    drill,
    generated_id,
    grade_recognition,
    grade_recognition_play,
    in_mix,
    mine_recognition,
    position_key,
    read_answer,
    recognise,
)
from trainer.engine import Position, explain, legal_plays

LIBRARY = load_puzzles()
DRILLS = LIBRARY.drills


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``bgtrainer ARGS`` in this process: its exit status and output."""
    status = main(list(args))
    return status, capsys.readouterr().out


def expected_answer(position: Position, dice: tuple[int, int]) -> str:
    """Worked out from the legal plays alone, independently of the drill's code."""
    plays = legal_plays(position, dice)
    if plays[0].is_pass:
        return "no play"
    return "forced" if len(plays) == 1 else "not forced"


def make(position: str, dice: str, answer: str, theme: str) -> Puzzle:
    return Puzzle(
        id="hand-made",
        kind="recognition",
        theme=theme,
        difficulty=1,
        position=position,
        dice=dice,
        prompt="Forced?",
        answers=[answer],
    )


# Hand-made positions of each kind.
FORCED = make("X: 6x2 / O: 24x2 23x2 1x11", "61", "forced", "forced")  # 6/5 6/off: point 1 is closed
ONE_DIE = make("X: 6x2 / O: 1x15", "65", "forced", "one-die")  # 6/off; no checker can move 5
NOT_FORCED = make("start", "31", "not forced", "not-forced")
NO_PLAY = make("X: bar 6x14 / O: 24x2 23x2 22x2 21x2 20x2 19x2 1x3", "66", "no play", "no-play")


# --- the shipped set -------------------------------------------------------------------------------------------


def test_the_shipped_drill_positions_load_apart_from_the_puzzle_sets_in_the_mix() -> None:
    assert LIBRARY.problems == []
    assert len(DRILLS) >= 150
    assert all(puzzle.kind == "recognition" for puzzle in DRILLS)
    assert not any(puzzle.kind == "recognition" for puzzle in LIBRARY.puzzles)
    mix = Counter(category(puzzle.theme) for puzzle in DRILLS)
    total = len(DRILLS)
    assert mix["forced"] == mix["not-forced"] == total // 3
    assert mix["no-play"] == mix["partial"] == total // 6
    assert {puzzle.theme for puzzle in DRILLS} == set(RECOGNITION_THEMES)  # every kind of partial roll is there
    assert {puzzle.difficulty for puzzle in DRILLS} == {1, 2, 3}
    assert len({position_key(puzzle) for puzzle in DRILLS}) == total


def test_every_shipped_drill_position_looks_like_a_game() -> None:
    """As the forced-puzzle miner asks: no point above six checkers, at most four checkers back on either side."""
    assert [puzzle.id for puzzle in DRILLS if not realistic(puzzle.board())] == []


def test_every_shipped_drill_position_has_the_engines_answer_and_theme() -> None:
    for puzzle in DRILLS:
        position, dice = puzzle.board(), puzzle.roll()
        answer = expected_answer(position, (dice[0], dice[1]))
        assert puzzle.answers == [answer], puzzle.id
        plays = legal_plays(position, dice)
        partial = not plays[0].is_pass and plays[0].dice_used < dice.move_count
        assert (puzzle.theme in PARTIAL_THEMES) == partial, puzzle.id
        assert check_puzzle(puzzle) == [], puzzle.id


# --- checks and located problems -----------------------------------------------------------------------------


def test_hand_made_positions_of_each_kind_are_accepted() -> None:
    for puzzle in (FORCED, ONE_DIE, NOT_FORCED, NO_PLAY):
        assert check_puzzle(puzzle) == [], puzzle


def test_a_wrong_answer_in_the_file_is_a_located_problem_and_the_good_positions_stay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = mine_recognition(6, 11)
    lines = to_toml(good, prefix="mine").splitlines()
    right = good[2].answers[0]
    wrong = {"forced": "not forced", "not forced": "no play", "no play": "forced"}[right]
    start = lines.index('id = "mine-0003"')
    line = lines.index(f'answers = ["{right}"]', start) + 1
    lines[line - 1] = f'answers = ["{wrong}"]'
    text = "\n".join(lines) + "\n"
    path = tmp_path / "drill.toml"
    path.write_text(text, encoding="utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert [puzzle.id for puzzle in puzzles] == ["mine-0001", "mine-0002", "mine-0004", "mine-0005", "mine-0006"]
    (problem,) = problems
    assert (problem.file, problem.line, problem.where) == ("drill.toml", line, "puzzle 3 (mine-0003), field 'answers'")
    assert f"the answer is {right!r}, not {wrong!r}" in problem.message
    assert problem.suggestion == f'answers = ["{right}"]'
    # bgtrainer validate reports the same problem on its line.
    status, report = run(capsys, "validate", str(path))
    assert status == 1
    assert f"{path}:{line}: puzzle 3 (mine-0003), field 'answers'" in report


@pytest.mark.parametrize(
    ("puzzle", "field", "fragment"),
    [
        (make("start", "31", "forced", "not-forced"), "answers", "the answer is 'not forced', not 'forced'"),
        (make("start", "31", "yes", "not-forced"), "answers", "one answer, forced, not forced or no play"),
        (make("start", "31", "not forced", "forced"), "theme", "shows the theme 'not-forced', not 'forced'"),
        (make("start", "31", "not forced", "tricky"), "theme", "unknown recognition theme 'tricky'"),
        (make("X: 6 / O: 1x15", "65", "forced", "forced"), "theme", "shows the theme 'one-die', not 'forced'"),
    ],
)
def test_wrong_answers_and_themes_are_refused(puzzle: Puzzle, field: str, fragment: str) -> None:
    problems = check_puzzle(puzzle)
    assert [problem[0] for problem in problems] == [field]
    assert fragment in problems[0][1]


# --- grading ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "puzzle", [FORCED, ONE_DIE, NOT_FORCED, NO_PLAY], ids=["forced", "one-die", "not-forced", "no-play"]
)
def test_each_answer_is_graded_by_the_engine_with_its_reason(puzzle: Puzzle) -> None:
    reason = explain(puzzle.board(), puzzle.roll()).text
    right = puzzle.answers[0]
    feedback = grade_recognition(puzzle, right)
    rule = recognise(puzzle.board(), puzzle.roll()).rule
    assert feedback.correct and rule in feedback.message and feedback.message.startswith("Right.")
    assert (rule == reason) == (right != "forced")  # a forced roll's play is not named before it is played
    assert ("Now play it." in feedback.message) == (right == "forced")
    for wrong in ANSWERS:
        if wrong != right:
            missed = grade_recognition(puzzle, wrong)
            assert not missed.correct and not missed.illegal
            assert reason in missed.message and f"\u201c{right}\u201d, not \u201c{wrong}\u201d" in missed.message


def test_a_forced_verdict_names_the_rule_not_the_play_until_the_play_is_made() -> None:
    """Rightly called forced, a roll is then played: the verdict says why it is forced (and for a partial roll what
    the rules cut), never the play; once played, the play is named."""
    forced = [puzzle for puzzle in DRILLS if puzzle.answers == ["forced"]]
    assert {puzzle.theme for puzzle in forced} >= {"forced", "one-die", "partial-entry", "partial-double"}
    for puzzle in forced:
        (only,) = legal_plays(puzzle.board(), puzzle.roll())
        message = grade_recognition(puzzle, "forced").message
        assert message.startswith("Right. Forced: ") and message.endswith("Now play it."), puzzle.id
        for written in {str(only), only.notation(stops=True), *(str(move) for move in only.moves)}:
            assert written not in message, (puzzle.id, written, message)
        assert only.notation(stops=True) in explain(puzzle.board(), puzzle.roll()).text  # the reason after a miss
        assert str(only) in grade_recognition_play(puzzle, only).message


def test_a_forced_roll_is_then_played_and_only_its_legal_play_is_right() -> None:
    (only,) = legal_plays(FORCED.board(), FORCED.roll())
    assert grade_recognition_play(FORCED, str(only)).correct
    assert grade_recognition_play(FORCED, only).correct
    assert grade_recognition_play(FORCED, "6/off 6/off").correct is False
    illegal = grade_recognition_play(FORCED, "6/3 6/1")
    assert not illegal.correct and illegal.illegal
    passed = grade_recognition_play(FORCED, None)
    assert not passed.correct and str(only) in passed.message
    with pytest.raises(ValueError, match="no play to make"):
        grade_recognition_play(NOT_FORCED, "24/21 6/5")


def test_answers_are_read_leniently_and_anything_else_is_refused() -> None:
    assert read_answer(" Not-Forced ") == "not forced"
    assert read_answer("no_play") == read_answer("pass") == read_answer("No legal play") == "no play"
    assert read_answer("FORCED") == "forced"
    with pytest.raises(ValueError, match="'maybe' is not an answer"):
        read_answer("maybe")
    with pytest.raises(ValueError):
        grade_recognition(FORCED, "yes")


# --- the generator ---------------------------------------------------------------------------------------------


def test_the_generator_goes_on_in_the_mix_and_every_position_passes_the_checks() -> None:
    puzzles = list(islice(drill(7), 120))
    assert len({puzzle.id for puzzle in puzzles}) == len({position_key(p) for p in puzzles}) == 120
    for start in range(0, 120, len(MIX)):
        cycle = Counter(category(puzzle.theme) for puzzle in puzzles[start : start + len(MIX)])
        assert cycle == Counter(MIX)
    for puzzle in puzzles:
        assert puzzle.id == generated_id(puzzle.board(), puzzle.roll().high_first())
        assert puzzle.answers == [expected_answer(puzzle.board(), (puzzle.roll()[0], puzzle.roll()[1]))]
        assert check_puzzle(puzzle) == []
        assert realistic(puzzle.board()), puzzle.position
        assert recognise(puzzle.board(), puzzle.roll()).text == explain(puzzle.board(), puzzle.roll()).text


def test_positions_are_dealt_in_the_mix_each_part_in_its_order_or_by_the_pick() -> None:
    dealt = list(in_mix(DRILLS, 5))
    assert sorted(p.id for p in dealt) == sorted(p.id for p in DRILLS)
    for start in range(0, len(dealt), len(MIX)):
        assert Counter(category(p.theme) for p in dealt[start : start + len(MIX)]) == Counter(MIX)
    for part in ("forced", "partial"):
        assert [p for p in dealt if category(p.theme) == part] == [p for p in DRILLS if category(p.theme) == part]
    # A part that runs out is passed over; the pick chooses among the positions left of the part wanted.
    few = [p for p in DRILLS if category(p.theme) == "forced"][:3] + [p for p in DRILLS if p.theme == "no-play"][:1]
    last_first = list(in_mix(few, 5, pick=lambda pool: pool[-1]))
    assert sorted(p.id for p in last_first) == sorted(p.id for p in few)
    assert [p for p in last_first if p.theme == "forced"] == few[2::-1]


def test_the_generator_is_reproducible_by_seed_and_skips_excluded_positions() -> None:
    first = [position_key(puzzle) for puzzle in islice(drill(3), 30)]
    assert [position_key(puzzle) for puzzle in islice(drill(3), 30)] == first
    assert [position_key(puzzle) for puzzle in islice(drill(4), 30)] != first
    shipped = {position_key(puzzle) for puzzle in DRILLS}
    fresh = [position_key(puzzle) for puzzle in islice(drill(2026, exclude=shipped), 30)]
    assert not shipped & set(fresh)


def test_generate_writes_a_drill_file_that_validates_and_export_prints_the_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "more.toml"
    status, made = run(
        capsys, "puzzles", "generate", "--kind", "recognition", "--count", "12", "--seed", "5", "--output", str(output)
    )
    assert status == 0
    assert made.strip() == f"wrote 12 recognition puzzles to {output}"
    assert run(capsys, "validate", str(output)) == (0, "All 1 file(s) are valid.\n")
    puzzles, problems = load_puzzle_file(output)
    assert problems == [] and Counter(category(puzzle.theme) for puzzle in puzzles) == Counter(MIX * 2)

    status, exported = run(capsys, "puzzles", "export")
    assert status == 0
    records = [json.loads(line) for line in exported.splitlines()]
    drills = [record for record in records if record["kind"] == "recognition"]
    assert [record["id"] for record in drills] == [puzzle.id for puzzle in DRILLS]
    for record, puzzle in zip(drills, DRILLS, strict=True):
        assert set(record) == {"id", "kind", "theme", "position", "dice", "answers"}
        position = Position.from_position_id(record["position"])
        assert position == puzzle.board() and sorted(record["dice"]) == sorted(puzzle.roll())
        assert record["answers"] in (["forced"], ["not forced"], ["no play"])
        assert record["answers"] == [expected_answer(position, (record["dice"][0], record["dice"][1]))]
