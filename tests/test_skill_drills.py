"""The skill drills and the ratings per kind: best-play Streak and Storm from the home screen on a fake clock, a
best-play puzzle rated in the best-play rating (the rules rating left alone), and the figures of every new kind in
``bgtrainer stats`` and on the dashboard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pilot_support import feedback_text, option_lines, screen_text, settle, started, type_play
from textual.widgets import Static
from training_support import DAY, T0, FakeClock, run_result

from trainer.cli.main import main
from trainer.content.best import best_figures
from trainer.content.puzzles import Puzzle, load_puzzles
from trainer.practice.run import STORM_SECONDS, run_order
from trainer.shared.kinds import rating_kind
from trainer.store import ProgressStore
from trainer.training.service import answer_puzzle, current_rating, due_reviews, puzzles_near_rating, record_run
from trainer.tui.app import TrainerApp
from trainer.tui.screens.skill_drills import BestRunScreen, SkillDrillMenuScreen

LIBRARY = load_puzzles()
BEST = [puzzle for puzzle in LIBRARY.puzzles if puzzle.kind == "best"]
SIZE = (100, 32)


def best_play(puzzle: Puzzle) -> str:
    return str(best_figures(puzzle).figures[0].play)


def missed_play(puzzle: Puzzle) -> str:
    left_out = best_figures(puzzle).first_left_out
    assert left_out is not None
    return str(left_out.play)


def title(screen: BestRunScreen) -> str:
    return str(screen.query_one("#task-title", Static).render())


def test_a_run_climbs_from_easy_to_hard_in_an_order_its_seed_chooses() -> None:
    first, again, other = run_order(BEST, 1), run_order(BEST, 1), run_order(BEST, 2)
    assert first == again and first != other and sorted(p.id for p in first) == sorted(p.id for p in BEST)
    assert [p.difficulty for p in first] == sorted(p.difficulty for p in BEST)


def test_each_kind_of_puzzle_is_rated_in_its_own_rating_and_served_near_it(tmp_path: Path) -> None:
    assert [rating_kind(kind) for kind in ("forced", "bearoff", "recognition", "double", "best", "cube")] == [
        "rules",
        "rules",
        "rules",
        "rules",
        "best",
        "cube",
    ]
    store = ProgressStore(tmp_path)
    try:
        outcome = answer_puzzle(store, BEST[0], best_play(BEST[0]), correct=True, seconds=9.0, now=T0)
        assert outcome.rated and outcome.learner_after.rating > 1500
        assert current_rating(store, T0, "best").rating == outcome.learner_after.rating
        assert current_rating(store, T0, "rules").rating == current_rating(store, T0, "cube").rating == 1500
        assert [record.kind for record in store.ratings.rating_history()] == ["best"]
        # A strong best-play rating serves harder best-play puzzles, and leaves the rules puzzles at 1500.
        for puzzle in BEST[1:8]:
            answer_puzzle(store, puzzle, best_play(puzzle), correct=True, seconds=9.0, now=T0)
        strong = current_rating(store, T0, "best").rating
        assert strong > 1700
        rules = [puzzle for puzzle in LIBRARY.puzzles if puzzle.kind == "forced"]
        harder = puzzles_near_rating(store, BEST, T0, count=10, seed=3)
        assert len(harder) == 10 and all((p.rating or 0) >= 1600 for p in harder)
        chosen = puzzles_near_rating(store, [*BEST, *rules], T0, count=20, seed=3)
        assert all(p.difficulty == 2 for p in chosen if p.kind == "forced")
        # A missed best-play or cube puzzle comes back for review.
        cube = next(p for p in LIBRARY.puzzles if p.kind == "cube" and p.figures is not None)
        wrong = "pass" if cube.answers == ["take"] else "take" if cube.answers == ["pass"] else "double"
        wrong = "no double" if cube.answers == ["double"] else wrong
        for puzzle, answer in ((BEST[9], missed_play(BEST[9])), (cube, wrong)):
            missed = answer_puzzle(store, puzzle, answer, correct=False, seconds=20.0, now=T0)
            assert missed.rated and missed.card is not None
        assert current_rating(store, T0, "cube").rating < 1500
        due = {item.key.puzzle_id for item in due_reviews(store, T0 + 2 * DAY)}
        assert {BEST[9].id, cube.id} <= due
    finally:
        store.close()


async def test_a_best_play_streak_from_home_ends_at_the_first_miss_showing_the_best_play(tmp_path: Path) -> None:
    """Home, k, 1: a right play scores and waits for enter; an unreadable one is no answer; the first miss ends the
    Streak with the best play on the board and the figures, and the run is kept as the best-play drill's."""
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("k")
        await settle(pilot, lambda: isinstance(app.screen, SkillDrillMenuScreen), what="the skill drills menu")
        lines = option_lines(app, "#skill-drills")
        assert lines[0] == "1. Best play: Streak  —  until the first miss  (best 0)"
        assert lines[2].startswith("3. Count the shots") and lines[3].startswith("4. Count the pips")
        await pilot.press("1")
        await settle(pilot, lambda: isinstance(app.screen, BestRunScreen), what="the Streak")
        screen = app.screen
        assert isinstance(screen, BestRunScreen) and screen.puzzle.difficulty == 1
        assert "Best play   Streak   streak 0" in title(screen)
        first = screen.puzzle
        await type_play(pilot, "24/99")
        assert not screen.done and screen.puzzle is first  # not a play: no answer yet
        await type_play(pilot, best_play(first))
        assert screen.done and not screen.over and "streak 1" in title(screen)
        assert feedback_text(app).startswith("✓ Right")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.puzzle is not first, what="the next puzzle")
        second = screen.puzzle
        await type_play(pilot, missed_play(second))
        assert screen.over
        said = feedback_text(app)
        assert said.startswith("✗ ") and "The best plays" in said and f"✓ 1. {best_play(second)} " in said
        assert screen.board.scene.caption == "the best play"
        await settle(pilot, lambda: "Streak over: 1 right in a row. A new best!" in screen_text(app), what="the result")
        await pilot.press("q")
        await settle(pilot, lambda: isinstance(app.screen, SkillDrillMenuScreen), what="back to the menu")
        assert option_lines(app, "#skill-drills")[0].endswith("(best 1)")
    store = ProgressStore(tmp_path)
    try:
        assert [(run.mode, run.score, run.drill) for run in store.drills.drill_runs()] == [("streak", 1, "best")]
        assert store.drills.drill_best("streak") == 0 and store.drills.drill_best("streak", "best") == 1
        assert [a.correct for a in store.puzzles.puzzle_history(first.id)] == [True]
        assert [a.correct for a in store.puzzles.puzzle_history(second.id)] == [False]
        assert (
            store.ratings.rating_history() == [] and store.reviews.review_cards() == []
        )  # a run is neither rated nor scheduled
    finally:
        store.close()


async def test_a_best_play_storm_moves_on_at_once_and_a_miss_costs_ten_seconds(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    record_run(store, run_result("storm", 4, mistakes=0, seconds=STORM_SECONDS, at=T0 - 60, drill="best"))
    store.close()
    clock = FakeClock()
    app = TrainerApp(data_dir=tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = BestRunScreen("storm", BEST[:3], seed=5)
        await app.push_screen(screen)
        await pilot.pause()
        assert "Best play   Storm   3:00 left   0 right   best 4" in title(screen)
        first = screen.puzzle
        await type_play(pilot, best_play(first))
        assert screen.puzzle is not first and not screen.done  # straight on
        assert feedback_text(app).startswith("✓ Previous position: Right")
        second = screen.puzzle
        clock.advance(20)
        await type_play(pilot, missed_play(second))
        assert screen.puzzle is not second and "Previous position:" in feedback_text(app)
        screen.tick()
        assert "2:30 left   1 right" in title(screen)
        clock.advance(150)
        await settle(pilot, lambda: screen.over, what="the Storm's timer to end the run")
        score = "Time is up: 1 right, 1 missed. Your best: 4."
        await settle(pilot, lambda: score in screen_text(app), what="the score")
    store = ProgressStore(tmp_path)
    try:
        runs = store.drills.drill_runs("storm")
        assert [(run.score, run.mistakes, run.drill) for run in runs] == [(4, 0, "best"), (1, 1, "best")]
    finally:
        store.close()


def test_stats_show_every_rating_the_best_play_drill_and_the_counting_drills(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shots = [puzzle for puzzle in LIBRARY.counts if puzzle.kind == "shots"]
    store = ProgressStore(tmp_path)
    try:
        answer_puzzle(store, BEST[0], best_play(BEST[0]), correct=True, seconds=9.0, now=T0)
        record_run(store, run_result("streak", 6, mistakes=1, seconds=80.0, at=T0, drill="best"))
        for number, puzzle in enumerate(shots[:11]):
            right = number != 3
            answer = puzzle.answers[0] if right else "0"
            answer_puzzle(store, puzzle, answer, correct=right, seconds=4.0 + number, now=T0 + number, store_only=True)
    finally:
        store.close()
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [rating["kind"] for rating in data["ratings"]] == ["rules", "best", "cube"]
    assert data["ratings"][1]["rated_attempts"] == 1 and data["rating"]["rated_attempts"] == 0
    assert data["best_drills"]["best_streak"] == 6 and data["drills"]["best_streak"] == 0
    shots_figures = data["counting"]["shots"]
    assert (shots_figures["answered"], shots_figures["right"]) == (11, 10)
    assert shots_figures["best_ten"] == pytest.approx((4 + 5 + 6 + 8 + 9 + 10 + 11 + 12 + 13 + 14) / 10)
    assert data["counting"]["pips"]["answered"] == 0
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    report = capsys.readouterr().out
    assert "Best-play rating:" in report and "Cube rating: 1500? ± 350" in report
    assert "Best-play drill: best streak 6 (1 run), best storm 0 (0 runs)" in report
    assert "Shot counts: 10 right of 11; last ten 9.2 s, best ten 9.2 s" in report
    assert "Pip counts: none answered yet" in report
