"""Skill puzzles: best plays and contact cube decisions mined from self-play and confirmed by GNU Backgammon (its
answers in tests/data/gnubg_puzzle_checks.jsonl), shot and pip counts worked out by the engine; their checks on
load, their export, and a best-play and a contact cube puzzle solved on the puzzle screen."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import puzzle_export
from pilot_support import feedback_text, open_puzzles, screen_text, settle, type_play
from textual.widget import Widget

from trainer.cli.main import main
from trainer.content.best import ACCEPT_WITHIN, best_figures
from trainer.content.puzzles import Puzzle, check_puzzle, load_puzzle_file, load_puzzles
from trainer.content.skill_puzzles import count_answer
from trainer.content.themes import BEST_THEMES, CONTACT_CUBE_THEMES
from trainer.engine import count_shots
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.task import TaskPanel

LIBRARY = load_puzzles()
BEST = [puzzle for puzzle in LIBRARY.puzzles if puzzle.kind == "best"]
CONTACT = [puzzle for puzzle in LIBRARY.puzzles if puzzle.kind == "cube" and puzzle.figures is not None]
SHOTS = [puzzle for puzzle in LIBRARY.counts if puzzle.kind == "shots"]
PIPS = [puzzle for puzzle in LIBRARY.counts if puzzle.kind == "pips"]
CHECKS = {
    record["id"]: record
    for record in map(json.loads, (Path(__file__).parent / "data" / "gnubg_puzzle_checks.jsonl").open())
}
SIZE = (80, 24)


def test_the_counts_the_themes_and_the_answers_are_spread() -> None:
    assert LIBRARY.problems == []
    assert len(BEST) >= 300 and len(CONTACT) >= 100 and len(SHOTS) >= 100 and len(PIPS) >= 50
    assert {puzzle.theme for puzzle in BEST} <= set(BEST_THEMES)
    assert sum(count >= 30 for count in Counter(puzzle.theme for puzzle in BEST).values()) >= 8
    assert {puzzle.difficulty for puzzle in BEST} == {1, 2, 3}
    answers = Counter((puzzle.question, puzzle.answers[0]) for puzzle in CONTACT)
    assert set(answers) == {("double", "double"), ("double", "no double"), ("take", "take"), ("take", "pass")}
    assert min(answers.values()) >= 25
    assert {puzzle.side for puzzle in PIPS} == {"player", "opponent"}


def test_no_position_is_asked_twice_with_the_same_dice_and_kind() -> None:
    asked = ("dice", "question", "side")
    keys = [
        (p.kind, p.board().position_id(), *(getattr(p, name, None) for name in asked))
        for p in [*BEST, *CONTACT, *SHOTS, *PIPS]
    ]
    assert len(keys) == len(set(keys))


def test_gnubg_agrees_with_every_best_play_and_contact_cube_puzzle() -> None:
    assert set(CHECKS) == {puzzle.id for puzzle in [*BEST, *CONTACT]}, "refresh gnubg_puzzle_checks.jsonl"
    for puzzle in BEST:
        record = CHECKS[puzzle.id]
        assert record["position"] == puzzle.board().position_id()
        accepted = {figure.play.result.position_id() for figure in best_figures(puzzle).accepted}
        plays = record["plays"]
        assert plays[0]["result"] in accepted, puzzle.id
        close = [play for play in plays if plays[0]["equity"] - play["equity"] <= ACCEPT_WITHIN]
        assert all(play["result"] in accepted for play in close), puzzle.id
    for puzzle in CONTACT:
        record = CHECKS[puzzle.id]
        no_double, take, cash = record["no_double"], record["double_take"], record["double_pass"]
        if puzzle.question == "take":
            answer, margin = ("take" if take < cash else "pass"), abs(cash - take)
        else:
            answer, margin = (
                ("double" if min(take, cash) > no_double else "no double"),
                abs(min(take, cash) - no_double),
            )
        assert (answer, margin >= 0.02) == (puzzle.answers[0], True), puzzle.id


def test_every_count_is_the_engines() -> None:
    for puzzle in [*SHOTS, *PIPS]:
        assert puzzle.answers == [str(count_answer(puzzle))], puzzle.id
    assert all(0 < count_shots(puzzle.board()).total < 36 for puzzle in SHOTS)


def changed(puzzle: Puzzle, **fields: Any) -> list[str]:
    return [message for _field, message, _suggestion in check_puzzle(puzzle.model_copy(update=fields))]


def test_a_wrong_skill_puzzle_is_refused_with_the_reason() -> None:
    best = BEST[0]
    assert check_puzzle(best) == []
    left_out = best_figures(best).first_left_out
    assert left_out is not None
    assert changed(best, answers=[str(left_out.play)]) == [
        f"the answers must be exactly the plays the verification accepts: {best_figures(best).figures[0].play}"
    ]
    assert changed(best, theme="no-such-theme") == ["unknown best-play theme 'no-such-theme'"]
    shots = SHOTS[0]
    wrong = str(int(shots.answers[0]) + 1)
    assert changed(shots, answers=[wrong]) == [f"the engine counts {shots.answers[0]}, not {wrong}"]
    cube = CONTACT[0]
    other = "no double" if cube.answers[0] == "double" else "double"
    assert cube.question == "double" and changed(cube, answers=[other])[0].startswith("the figures say")


def test_the_export_holds_the_skill_kinds() -> None:
    exported = puzzle_export()
    assert exported.returncode == 0, exported.stderr
    records = {record["id"]: record for record in map(json.loads, exported.stdout.splitlines())}
    best = records[BEST[0].id]
    assert best["dice"] and best["answers"] == sorted(
        figure.play.result.position_id() for figure in best_figures(BEST[0]).accepted
    )
    assert records[PIPS[0].id]["side"] == PIPS[0].side and records[PIPS[0].id]["answers"] == [int(PIPS[0].answers[0])]
    assert records[SHOTS[0].id]["answers"] == [int(SHOTS[0].answers[0])]


def test_generate_cube_mines_contact_cube_puzzles_and_bearoff_cube_the_exact_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    contact, exact = tmp_path / "contact.toml", tmp_path / "exact.toml"
    assert main(["puzzles", "generate", "--kind", "cube", "--count", "2", "--seed", "3", "--output", str(contact)]) == 0
    assert main(["puzzles", "generate", "--kind", "bearoff-cube", "--count", "2", "--output", str(exact)]) == 0
    assert "wrote 2 cube puzzles" in capsys.readouterr().out
    mined, problems = load_puzzle_file(contact)
    assert problems == [] and len(mined) == 2
    assert all(p.kind == "cube" and p.figures is not None and p.plies == 3 for p in mined)
    assert {p.theme for p in mined} <= set(CONTACT_CUBE_THEMES)
    table, problems = load_puzzle_file(exact)
    assert problems == [] and [p.figures for p in table] == [None, None]


async def test_a_best_play_puzzle_wrong_then_right_and_a_contact_cube_puzzle(tmp_path: Path) -> None:
    best = next(puzzle for puzzle in BEST if best_figures(puzzle).first_left_out is not None)
    found = best_figures(best)
    assert found.first_left_out is not None
    cube = next(puzzle for puzzle in CONTACT if puzzle.question == "take")
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        screen = await open_puzzles(pilot, [best, cube])
        await type_play(pilot, str(found.first_left_out.play))
        said = feedback_text(app)
        assert said.startswith("✗ ") and "gives away" in said
        await type_play(pilot, str(found.figures[0].play))
        said = feedback_text(app)
        assert said.startswith("✓ Right: the best play.") and "The theme:" in said and "The best plays" in said
        assert screen.done
        await pilot.press("n")
        await pilot.pause()
        assert screen.puzzle is cube and screen.query_one(CubeActions).display
        await pilot.press("t" if cube.answers == ["take"] else "p")
        await pilot.pause()
        said = feedback_text(app)
        assert said.startswith(f"✓ Right: {cube.answers[0]}.") and "3 plies" in said
    store = ProgressStore(tmp_path)
    try:
        history = [(attempt.correct) for attempt in store.puzzles.puzzle_history(best.id)]
        assert history == [False, True]
        assert [attempt.correct for attempt in store.puzzles.puzzle_history(cube.id)] == [True]
    finally:
        store.close()


async def test_at_80x24_the_answered_panel_scrolls_by_keys_the_footer_shows_to_the_prompt_and_the_table(
    tmp_path: Path,
) -> None:
    best = BEST[0]
    found = best_figures(best)
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        screen = await open_puzzles(pilot, [best])
        await type_play(pilot, str(found.figures[0].play))
        assert screen.done and "The best plays" in feedback_text(app)
        panel = screen.query_one(TaskPanel)
        await settle(pilot, lambda: panel.show_vertical_scrollbar, what="the answered panel longer than the window")
        await settle(pilot, lambda: "PgUp/PgDn" in screen_text(app), what="the scroll keys in the footer")

        def shown(widget: Widget) -> bool:
            return panel.region.contains_region(widget.region)

        feedback = screen.query_one("#feedback")
        await pilot.press("pageup", "pageup", "pageup")
        await settle(pilot, lambda: shown(screen.query_one("#step-text")), what="the prompt in view")
        await pilot.press("pagedown", "pagedown", "pagedown")
        await settle(pilot, lambda: panel.scroll_y == panel.max_scroll_y, what="the panel at its end")
        await settle(pilot, lambda: feedback.region.bottom <= panel.region.bottom, what="the table's end in view")
