"""Puzzle files of JSON lines: mined best-play and cube puzzles one a line, each the record ``bgtrainer puzzles export``
writes, checked by their verification's rule (every problem at its file, line, puzzle and field), shown with the
figures that settled them once answered, started from their own rating, and served by Practice, Streak and Storm."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from trainer.content.best import best_figures, best_solution, grade_best
from trainer.content.cache import content_digest
from trainer.content.catalogue import PuzzleEntry
from trainer.content.cube import cube_solution, grade_cube_puzzle
from trainer.content.generate import export_lines
from trainer.content.mined import puzzle_reason
from trainer.content.models import BestPuzzle, CubePuzzle, Puzzle, Verification
from trainer.content.puzzles import load_puzzle_file, load_puzzles
from trainer.content.validate import validate_paths
from trainer.i18n import use_language
from trainer.practice.ratings import puzzle_start
from trainer.practice.run import RUN_START_BELOW, climbing_order
from trainer.store import ProgressStore
from trainer.training.service import answer_puzzle, climbing_run, current_puzzle_rating, puzzles_near_rating

ROOT = Path(__file__).resolve().parent.parent
MINED = Path(__file__).parent / "data" / "mined-puzzles.jsonl"
LINES = MINED.read_text(encoding="utf-8").splitlines()
RECORDS: list[dict[str, Any]] = [json.loads(line) for line in LINES]
T0 = 1_780_000_000.0


def mined() -> list[Puzzle]:
    puzzles, problems = load_puzzle_file(MINED)
    assert problems == []
    return puzzles


def best(index: int = 0) -> BestPuzzle:
    puzzle = mined()[index]
    assert isinstance(puzzle, BestPuzzle)
    return puzzle


def cube(index: int) -> CubePuzzle:
    puzzle = mined()[index]
    assert isinstance(puzzle, CubePuzzle)
    return puzzle


def problems_of(tmp_path: Path, *records: dict[str, Any] | str) -> list[tuple[int | None, str, str, str | None]]:
    """The problems of a file holding ``records`` (a string as the line itself), without its name."""
    path = tmp_path / "mined.jsonl"
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n", encoding="utf-8")
    _puzzles, problems = load_puzzle_file(path)
    assert {problem.file for problem in problems} <= {"mined.jsonl"}
    return [(problem.line, problem.where, problem.message, problem.suggestion) for problem in problems]


def changed(record: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return json.loads(json.dumps(record)) | fields


# --- reading and exporting --------------------------------------------------------------------------------------------


def test_mined_records_read_as_their_puzzles_with_every_figure() -> None:
    first, shallow, double, take = mined()
    assert isinstance(first, BestPuzzle) and isinstance(shallow, BestPuzzle)
    assert first.verified == Verification(method="rollout", trials=1296, gap=0.101, se=0.008)
    assert (first.rating, first.difficulty, first.plies) == (1650, 2, None)
    assert first.why is not None and first.why.startswith("13/9 13/7* wins 55% of the games, while 13/7*/3 wins 52%")
    assert first.answers == ["24/20 13/7*", "13/9 13/7*"]  # the plays whose results the record names
    assert first.plays[0].se == 0.005 and first.plays[0].chances == (0.55, 0.15, 0.01, 0.1, 0.005)
    assert first.prompt == "Find the best play." and first.roll() == (6, 4)
    assert shallow.verified is not None and shallow.verified.method == "3-ply" and shallow.plays[1].se is None
    assert isinstance(double, CubePuzzle) and isinstance(take, CubePuzzle)
    assert double.figures is not None and double.figures.no_double_se == 0.006 and double.figures.win_gammon == 0.2
    assert double.rating == 1350 and double.prompt == "X is about to roll, the cube in the middle. Should X double?"
    assert take.why is not None and take.question == "take"


def test_the_export_of_mined_puzzles_is_their_file_line_for_line(tmp_path: Path) -> None:
    puzzles = mined()
    assert list(export_lines(puzzles)) == LINES
    again = tmp_path / "again.jsonl"
    again.write_text("\n".join(export_lines(puzzles)) + "\n", encoding="utf-8")
    assert load_puzzle_file(again) == (puzzles, [])


def test_every_shipped_best_and_cube_puzzle_exports_as_a_line_that_loads_back(tmp_path: Path) -> None:
    """A TOML puzzle's line gives the depth of its figures in place of a verification, and loads by today's rules:
    every TOML one, and one mined puzzle in twenty (the whole mined corpus loads in test_puzzles)."""
    skill = [puzzle for puzzle in load_puzzles().puzzles if isinstance(puzzle, BestPuzzle | CubePuzzle)]
    shipped = [puzzle for puzzle in skill if puzzle.verified is None] + [p for p in skill if p.verified][::20]
    lines = list(export_lines(shipped))
    assert {json.loads(line)["kind"] for line in lines} == {"best", "cube"}
    path = tmp_path / "shipped.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded, problems = load_puzzle_file(path)
    assert problems == [] and [puzzle.id for puzzle in loaded] == [puzzle.id for puzzle in shipped]
    assert list(export_lines(loaded)) == lines


def test_a_puzzles_folder_loads_its_json_lines_with_its_toml_files(tmp_path: Path) -> None:
    shutil.copy(ROOT / "puzzles" / "forced.toml", tmp_path / "forced.toml")
    shutil.copy(MINED, tmp_path / "mined.jsonl")
    before = content_digest(tmp_path)
    library = load_puzzles(tmp_path)
    assert library.problems == [] and {"best-v2-00001", "cube-v2-00002", "forced-v2-0001"} <= {
        p.id for p in library.puzzles
    }
    (tmp_path / "mined.jsonl").write_text("\n".join(LINES[:2]) + "\n", encoding="utf-8")
    assert content_digest(tmp_path) != before  # the cache knows the file changed
    assert validate_paths([tmp_path]).problems == []


def test_the_wheel_carries_the_puzzles_json_lines() -> None:
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    assert "*.jsonl" in package_data["trainer._content.puzzles"]


# --- problems ---------------------------------------------------------------------------------------------------------


def test_one_bad_line_is_its_own_problems_and_the_other_lines_load(tmp_path: Path) -> None:
    path = tmp_path / "mined.jsonl"
    path.write_text(LINES[0] + '\n{"id": "broken", "kind": \n\n' + LINES[2] + "\n", encoding="utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert [puzzle.id for puzzle in puzzles] == ["best-v2-00001", "cube-v2-00001"]
    ((file, line, where, message, suggestion),) = [(p.file, p.line, p.where, p.message, p.suggestion) for p in problems]
    assert (file, line, where) == ("mined.jsonl", 2, "puzzle 2")
    assert message.startswith("not JSON: ") and suggestion == "write one puzzle a line, as a JSON object"


def test_a_stored_gap_or_error_that_isnt_the_figures_is_named_with_the_right_one(tmp_path: Path) -> None:
    wrong = changed(RECORDS[0], verified={"method": "rollout", "trials": 1296, "gap": 0.052, "se": 0.02})
    assert problems_of(tmp_path, wrong) == [
        (
            1,
            "puzzle 1 (best-v2-00001), field 'verified.gap'",
            "'gap' is 0.052, but the figures give 0.101",
            '"gap": 0.101',
        ),
        (
            1,
            "puzzle 1 (best-v2-00001), field 'verified.se'",
            "'se' is 0.020, but the figures' errors give 0.008",
            '"se": 0.008',
        ),
    ]


def test_answers_the_rule_does_not_accept_are_refused_naming_the_accepted_plays(tmp_path: Path) -> None:
    only_best = changed(RECORDS[0], answers=[RECORDS[0]["plays"][0]["result"]])
    accepted = sorted(RECORDS[0]["answers"], key=lambda result: result != RECORDS[0]["plays"][0]["result"])
    assert problems_of(tmp_path, only_best) == [
        (
            1,
            "puzzle 1 (best-v2-00001), field 'answers'",
            "the answers must be exactly the plays the verification accepts: 13/9 13/7* and 24/20 13/7*",
            f'"answers": {json.dumps(accepted)}',
        )
    ]
    unlisted = changed(RECORDS[1], answers=[RECORDS[1]["position"]])
    ((line, where, message, _suggestion),) = problems_of(tmp_path, unlisted)
    assert line == 1 and where == "puzzle 1 (best-v2-00002), field 'answers'"
    assert message == f"answer {RECORDS[1]['position']} is the result of no listed play"


def test_a_play_neither_within_its_error_nor_clearly_below_is_too_close_to_call(tmp_path: Path) -> None:
    plays = json.loads(json.dumps(RECORDS[0]["plays"]))
    plays[1]["equity"] = 0.09  # 0.022 below: more than its error (0.007), less than 0.04
    record = changed(RECORDS[0], plays=plays, answers=[plays[0]["result"]])
    ((line, where, message, suggestion), *rest) = problems_of(tmp_path, record)
    assert line == 1 and where == "puzzle 1 (best-v2-00001), field 'plays.1.equity'"
    assert [fix_place for _line, fix_place, _message, _fix in rest] == [
        "puzzle 1 (best-v2-00001), field 'verified.gap'",  # 0.022 stored as 0.101
        "puzzle 1 (best-v2-00001), field 'verified.gap'",  # and too small
    ]
    assert message == (
        "listed play 2 (24/20 13/7*) is 0.022 below the best: more than its error (0.007), but less than the 0.040 "
        "a rejected play needs (0.04 and 3 standard errors)"
    )
    assert suggestion == "roll out longer, or choose a clearer position"
    wider = json.loads(json.dumps(plays))
    for play in wider:
        play["se"] = 0.02  # 3 errors of the gap are 0.085: the third play, 0.101 below, is still clearly below
    wider[1]["equity"] = 0.05  # 0.062 below: more than the error of 0.028, less than 0.085
    record = changed(RECORDS[0], plays=wider, answers=[plays[0]["result"]])
    assert "the 0.085 a rejected play needs" in problems_of(tmp_path, record)[0][2]


def test_figures_at_three_plies_stand_in_only_for_a_wide_gap_and_one_answer(tmp_path: Path) -> None:
    plays = json.loads(json.dumps(RECORDS[1]["plays"]))
    plays[1]["equity"] = 0.369
    close = changed(RECORDS[1], plays=plays, verified={"method": "3-ply", "trials": 0, "gap": 0.05, "se": 0.0})
    assert [(where, message) for _line, where, message, _fix in problems_of(tmp_path, close)] == [
        (
            "puzzle 1 (best-v2-00002), field 'plays.1.equity'",
            "listed play 2 (24/20(2) 13/9(2)) is only 0.050 below the best: figures at 3 plies settle a puzzle only "
            "where every other play is at least 0.08 below",
        ),
        (
            "puzzle 1 (best-v2-00002), field 'verified.gap'",
            "the answer wins by only 0.050: figures at 3 plies must show at least 0.08",
        ),
    ]
    rolled = changed(RECORDS[1], verified={"method": "3-ply", "trials": 1296, "gap": 0.195, "se": 0.0})
    assert problems_of(tmp_path, rolled)[0][1:3] == (
        "puzzle 1 (best-v2-00002), field 'verified.trials'",
        "an evaluation at 3 plies is not a rollout: its 'trials' and 'se' are 0",
    )


def test_a_cube_answer_must_win_by_its_methods_margin(tmp_path: Path) -> None:
    figures = RECORDS[2]["figures"] | {"no_double_se": 0.06}  # the margin of 0.155 is less than 3 errors (0.18)
    record = changed(RECORDS[2], figures=figures, verified={"method": "rollout", "trials": 1296, "gap": 0.155,
                                                            "se": 0.06})  # fmt: skip
    assert problems_of(tmp_path, record) == [
        (
            1,
            "puzzle 1 (cube-v2-00001), field 'verified.gap'",
            "the answer wins by only 0.155: a rolled-out one must win by 0.180 (0.04 and 3 standard errors)",
            "roll out longer, or choose a clearer position",
        )
    ]
    no_errors = changed(RECORDS[3], figures=RECORDS[3]["figures"] | {"double_take_se": None})
    assert problems_of(tmp_path, no_errors)[0][1:3] == (
        "puzzle 1 (cube-v2-00002), field 'figures'",
        "rolled-out cube figures need the errors of both equities: 'no_double_se' and 'double_take_se'",
    )
    wrong = changed(RECORDS[3], answers=["pass"])
    assert problems_of(tmp_path, wrong)[0][1:3] == (
        "puzzle 1 (cube-v2-00002), field 'answers'",
        "the figures say take, not pass",
    )


def test_the_form_of_a_record_is_checked_field_by_field(tmp_path: Path) -> None:
    forced = {"id": "forced-x", "kind": "forced", "theme": "only-play"}
    typo = changed(RECORDS[0], verfied=RECORDS[0]["verified"])
    dice = changed(RECORDS[0], dice=[6, 7])
    found = problems_of(tmp_path, forced, typo, dice, "[1, 2]")
    assert found == [
        (
            1,
            "puzzle 1 (forced-x), field 'kind'",
            "a .jsonl puzzle file holds best and cube puzzles, not 'forced'",
            "write puzzles of the other kinds in a .toml puzzle file",
        ),
        (2, "puzzle 2 (best-v2-00001), field 'verfied'", "unknown field", "did you mean 'verified'?"),
        (
            3,
            "puzzle 3 (best-v2-00001), field 'dice'",
            "'dice' is a pair of numbers from 1 to 6, e.g. [6, 2]",
            '"dice": [6, 2]',
        ),
        (
            4,
            "puzzle 4",
            "a line holds one puzzle, a JSON object, not list",
            "write one puzzle a line, as a JSON object",
        ),
    ]


def test_a_stored_result_that_isnt_the_plays_is_named(tmp_path: Path) -> None:
    plays = json.loads(json.dumps(RECORDS[0]["plays"]))
    plays[2]["result"] = RECORDS[0]["position"]
    found = problems_of(tmp_path, changed(RECORDS[0], plays=plays))
    actual = RECORDS[0]["plays"][2]["result"]
    assert found == [
        (
            1,
            "puzzle 1 (best-v2-00001), field 'plays.2.result'",
            f"listed play 3 (13/7*/3) leaves {actual}, not {RECORDS[0]['position']}",
            f'"result": "{actual}"',
        )
    ]


def test_bgtrainer_validate_reports_a_bad_line_of_a_json_lines_file(tmp_path: Path) -> None:
    path = tmp_path / "mined.jsonl"
    path.write_text(LINES[0] + "\nnot json\n", encoding="utf-8")
    report = validate_paths([path], show_full_paths=False)
    assert [(problem.file, problem.line) for problem in report.problems] == [("mined.jsonl", 2)]


# --- the figures shown once answered ---------------------------------------------------------------------------------


def test_the_feedback_shows_the_rollout_and_the_reason_in_english_and_portuguese() -> None:
    puzzle = best()
    found = best_figures(puzzle)
    second = found.figures[1].play
    feedback = grade_best(puzzle, second, explanation="Idea.")
    assert feedback.correct and feedback.message.endswith(f"Idea. {puzzle.why}")
    assert feedback.lines[-1] == (
        "Rolled out over 1,296 games: 13/9 13/7* +0.112 (± 0.005), 24/20 13/7* +0.106 (± 0.005), "
        "13/7*/3 +0.011 (± 0.006)."
    )
    missed = grade_best(puzzle, found.figures[2].play, final=True)
    assert not missed.correct and missed.message.endswith(str(puzzle.why)) and missed.lines[-1].startswith("Rolled")
    assert grade_best(puzzle, found.figures[2].play).lines == ()  # a first miss keeps the answer back
    assert best_solution(puzzle, found.figures[0].play).endswith("13/7*/3 +0.011 (± 0.006).")
    shallow = best(1)
    said = grade_best(shallow, best_figures(shallow).figures[0].play).lines[-1]
    assert said == "Evaluated at 3 plies: 13/5*(2) +0.419, 24/20(2) 13/9(2) +0.224."
    use_language("pt")
    assert grade_best(puzzle, second).lines[-1] == (
        "Simulado (rollout) em 1.296 jogos: 13/9 13/7* +0,112 (± 0,005), 24/20 13/7* +0,106 (± 0,005), "
        "13/7*/3 +0,011 (± 0,006)."
    )
    said = grade_best(shallow, best_figures(shallow).figures[0].play).lines[-1]
    assert said == "Avaliado com 3 níveis de busca: 13/5*(2) +0,419, 24/20(2) 13/9(2) +0,224."


def test_a_cube_puzzles_answer_shows_its_rollout_and_reason_in_english_and_portuguese() -> None:
    double, take = cube(2), cube(3)
    right = grade_cube_puzzle(double, "double")
    assert right.correct and right.message.endswith(
        "Rolled out over 1,296 games: no double +0.845 (± 0.006), double/take +1.128 (± 0.009), double/pass +1.000. "
        f"{double.why}"
    )
    assert "plies" not in right.message
    assert cube_solution(take).endswith(f"double/pass +1.000. {take.why}")
    use_language("pt")
    reason = puzzle_reason(take)  # worked out in the language in use, never the stored English
    assert reason is not None and reason != take.why
    assert grade_cube_puzzle(take, "pass").message.endswith(
        "Simulado (rollout) em 2.592 jogos: sem dobra +0,708 (± 0,007), dobra/aceita +0,751 (± 0,010), "
        f"dobra/recusa +1,000. {reason}"
    )


# --- ratings and the runs ---------------------------------------------------------------------------------------------


def test_a_puzzles_rating_is_its_start_until_the_store_has_one(tmp_path: Path) -> None:
    puzzle, unrated = best(), best(1)
    assert puzzle_start(2, 1650).rating == 1650.0 and puzzle_start(2).rating == 1500.0
    assert PuzzleEntry.of(puzzle).rating == 1650 and PuzzleEntry.of(unrated).rating is None
    store = ProgressStore(tmp_path)
    try:
        assert current_puzzle_rating(store, puzzle).rating == 1650.0
        assert current_puzzle_rating(store, unrated).rating == 1200.0  # difficulty 1
        outcome = answer_puzzle(store, puzzle, "13/9 13/7*", correct=True, seconds=5.0, now=T0)
        assert outcome.rated and outcome.puzzle_before.rating == 1650.0
        assert current_puzzle_rating(store, puzzle) == outcome.puzzle_after != outcome.puzzle_before
    finally:
        store.close()


def test_practice_serves_mined_puzzles_near_the_learners_rating(tmp_path: Path) -> None:
    shipped = [puzzle for puzzle in load_puzzles().puzzles if puzzle.kind == "best"]
    far = best().model_copy(update={"id": "best-v2-far", "rating": 2600})
    near = best().model_copy(update={"id": "best-v2-near", "rating": 1500})
    store = ProgressStore(tmp_path)
    try:
        chosen = puzzles_near_rating(store, [*shipped, far, near], T0, count=len(shipped) + 1, seed=1)
        assert near in chosen and far not in chosen
        order = climbing_run(store, [far, *shipped, near], T0, seed=2)
        assert sorted(p.id for p in order) == sorted(p.id for p in [far, *shipped, near])
        climbing = [p for p in order if (p.rating or 0) >= 1500 - RUN_START_BELOW]  # a new learner is at 1500
        assert climbing[-1] is far and order.index(near) < order.index(far)
    finally:
        store.close()


@pytest.mark.parametrize("level", [1500.0, 1900.0])
def test_a_run_climbs_from_a_little_below_the_learners_level(level: float) -> None:
    puzzles = [best().model_copy(update={"id": f"p{rating}", "rating": rating}) for rating in range(1000, 2300, 50)]
    ratings = {puzzle.id: float(puzzle.rating or 0) for puzzle in puzzles}
    order = climbing_order(puzzles, ratings, level, seed=3)
    start = level - RUN_START_BELOW
    climbing = [ratings[p.id] for p in order if ratings[p.id] >= start]
    easier = [ratings[p.id] for p in order if ratings[p.id] < start]
    assert [ratings[p.id] for p in order] == [*climbing, *easier]
    assert [rating // 100 for rating in climbing] == sorted(rating // 100 for rating in climbing)
    assert [(start - rating) // 100 for rating in easier] == sorted((start - rating) // 100 for rating in easier)
    assert start <= ratings[order[0].id] < start + 100
