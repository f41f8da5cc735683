"""The training loop's screens as a learner uses them, driven with Pilot on a fake clock: the forced-or-not drill in
each mode (practice with the forced play, Streak to the first miss, Storm against the clock), a rated puzzle attempt
and the "At your level" set, a review session (right moves a card on, a miss brings it back sooner), and the
dashboard on the home screen with Continue and the progress page."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from pilot_support import option_lines, settle, started, type_play
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Button, OptionList, Static
from training_support import DAY, LESSONS, LIBRARY, MEDIUM, MINUTE, T0, FakeClock, run_result, seed_progress

from trainer.content.models import ChooseStep
from trainer.content.paths import content_dir
from trainer.content.puzzles import Puzzle
from trainer.content.recognition import CATEGORIES, OPENING, category, recognise
from trainer.content.themes import THEME_TITLES
from trainer.practice.run import STORM_SECONDS
from trainer.practice.stats import Records, dashboard
from trainer.store import ProgressStore, PuzzleAttempt
from trainer.training.progress import figure_title
from trainer.training.service import (
    answer_lesson_task,
    answer_puzzle,
    current_puzzle_rating,
    current_rating,
    record_run,
)
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen, drill_positions
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.screens.progress import ProgressScreen
from trainer.tui.screens.puzzles import PuzzleMenuScreen, PuzzleScreen
from trainer.tui.widgets.dashboard import DashboardSummary, done_parts, first_try_parts, flow, weakest_part

SIZE = (80, 24)


def drill_position(answer: str, *, simple: bool = False) -> Puzzle:
    """The first shipped drill position with this answer (a forced one whose play is a single move, if ``simple``)."""
    for puzzle in LIBRARY.drills:
        if puzzle.answers == [answer]:
            play = recognise(puzzle.board(), puzzle.roll()).play
            if not simple or (play is not None and " " not in str(play)):
                return puzzle
    raise AssertionError(f"no {answer} drill position shipped")


FORCED = drill_position("forced", simple=True)
NOT_FORCED = drill_position("not forced")
NO_PLAY = drill_position("no play")
CHOOSE = next(
    (lesson, index)
    for lesson in LESSONS.lessons
    for index, step in enumerate(lesson.steps)
    if isinstance(step, ChooseStep)
)


# --- helpers ------------------------------------------------------------------------------------------------


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def text(app: TrainerApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def title(app: TrainerApp) -> str:
    return text(app, "#task-title")


async def open_drill(pilot: Pilot[None], mode: str, positions: list[Puzzle]) -> DrillScreen:
    screen = DrillScreen(mode, positions)  # type: ignore[arg-type]
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


def with_store(folder: Path) -> ProgressStore:
    return ProgressStore(folder)


# --- the drill --------------------------------------------------------------------------------------------


async def test_practice_asks_forced_or_not_then_the_forced_play_rated_and_a_miss_goes_to_review(
    tmp_path: Path,
) -> None:
    """From home (f, then 1): a shipped position near the learner's rating; each answer gets the engine's reason; a
    roll rightly called forced is then played (typed here); the first answer to a shipped position is rated; a miss
    becomes a review card."""
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await press(pilot, "f")
        assert "best 0" in option_lines(app, "#drill-modes")[1]
        await press(pilot, "1")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.mode == "practice"
        assert screen.puzzle is not None and screen.puzzle in LIBRARY.drills
        assert screen.puzzle.difficulty == 2  # rated 1500 to start with, as a new learner
        # Replace the run's positions with known ones, then answer them as a learner does.
        screen.positions = iter([FORCED, NO_PLAY])
        screen.show_next()
        await pilot.pause()
        assert [button.id for button in screen.query(Button) if button.display] == ["forced", "not-forced", "no-play"]
        assert not screen.notation.display and not screen.board.choosing

        await press(pilot, "f")
        verdict = recognise(FORCED.board(), FORCED.roll())
        assert screen.phase == "play" and screen.feedback.has_class("right")
        said = str(screen.feedback.render())
        assert verdict.rule in said and "Now play it" in said
        assert str(verdict.play) not in said  # the rule, not the play, until it is played
        assert screen.board.choosing and screen.notation.display
        await type_play(pilot, "24/23 24/21")  # not legal: said why, no answer, the roll still to play
        assert screen.phase == "play" and screen.feedback.has_class("wrong")
        await type_play(pilot, str(verdict.play))
        assert screen.phase == "done", str(screen.feedback.render())
        assert str(verdict.play) in str(screen.feedback.render())
        assert "1 right of 1" in title(app)
        await press(pilot, "enter")
        assert screen.puzzle == NO_PLAY and screen.phase == "ask"

        await press(pilot, "n")  # wrong: there is no legal play
        shown = str(screen.feedback.render())
        assert screen.phase == "done" and screen.feedback.has_class("wrong")
        assert recognise(NO_PLAY.board(), NO_PLAY.roll()).text in shown
        assert "1 right of 2" in title(app)
    store = with_store(tmp_path)
    assert [(a.question, a.correct) for a in store.puzzles.puzzle_history(FORCED.id)] == [
        ("forced", True),
        ("play", True),
    ]
    assert [entry.puzzle_id for entry in store.ratings.rating_history()][-2:] == [FORCED.id, NO_PLAY.id]
    assert store.reviews.review_card(f"puzzle:{NO_PLAY.id}") is not None
    assert store.reviews.review_card(f"puzzle:{FORCED.id}") is None
    store.close()


def part_of_mix(puzzles: list[Puzzle]) -> Counter[str]:
    return Counter(category(puzzle.theme) for puzzle in puzzles)


def test_streak_and_storm_show_every_kind_from_the_first_positions_easy_ones_first() -> None:
    """The first positions served hold every part of the mix (forced, not forced, no play, partial), so a Storm
    meets partial rolls too; within each part the easy ones come first; every shipped position is served."""
    shipped = LIBRARY.drills
    for mode in ("streak", "storm"):
        for seed in (1, 2):
            served = list(islice(drill_positions(shipped, mode, seed), len(shipped)))
            assert sorted(puzzle.id for puzzle in served) == sorted(puzzle.id for puzzle in shipped)
            assert set(part_of_mix(served[:OPENING])) == set(CATEGORIES)
            for part in CATEGORIES:
                levels = [puzzle.difficulty for puzzle in served if category(puzzle.theme) == part]
                assert levels == sorted(levels), (mode, part)
    other = [puzzle.id for puzzle in islice(drill_positions(shipped, "storm", 2), 30)]
    assert [puzzle.id for puzzle in islice(drill_positions(shipped, "storm", 1), 30)] != other  # shuffled by seed


async def test_practice_serves_the_shipped_positions_near_the_learners_rating(tmp_path: Path) -> None:
    """A learner rated 1850 gets the hard positions of each part of the mix first (the medium ones where a part has
    no hard one), still in the mix; as each answer moves the rating, the next is chosen near the new one; the
    positions already answered are not served again."""
    store = with_store(tmp_path)
    store.ratings.record_rating((1850.0, 60.0, 0.06), at=T0 - DAY)
    store.close()
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await press(pilot, "f", "1")
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.mode == "practice"
        served: list[Puzzle] = []
        for _ in range(OPENING):
            puzzle = screen.puzzle
            assert puzzle is not None and puzzle not in served
            part = [p for p in LIBRARY.drills if category(p.theme) == category(puzzle.theme) and p not in served]
            rating = current_rating(app.store, T0).rating
            distances = {p.id: abs(current_puzzle_rating(app.store, p).rating - rating) for p in part}
            assert distances[puzzle.id] <= max(100.0, min(distances.values())), puzzle.id
            if not served:
                assert puzzle.difficulty == max(p.difficulty for p in part)
            served.append(puzzle)
            verdict = recognise(puzzle.board(), puzzle.roll())
            await press(pilot, {"forced": "f", "not forced": "n", "no play": "p"}[verdict.answer])
            if verdict.play is not None:
                await type_play(pilot, str(verdict.play))
            assert screen.phase == "done"
            await press(pilot, "enter")
        assert set(part_of_mix(served)) == set(CATEGORIES)  # every kind from the first positions
        assert {p.difficulty for p in served} <= {2, 3}
        assert len(app.store.ratings.rating_history()) == 1 + OPENING  # each first answer rated
    # Back later: the answered positions are left out.
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock(T0 + DAY))
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await press(pilot, "f", "1")
        assert isinstance(app.screen, DrillScreen) and app.screen.puzzle not in served


async def test_streak_runs_until_the_first_miss_and_keeps_the_best(tmp_path: Path) -> None:
    store = with_store(tmp_path)
    record_run(store, run_result("streak", 1, mistakes=1, seconds=20.0, at=T0 - DAY))
    store.close()
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_drill(pilot, "streak", [NOT_FORCED, NO_PLAY, FORCED])
        assert "streak 0   best 1" in title(app)
        await press(pilot, "n", "enter", "p")
        assert "streak 2   best 2" in title(app)
        await press(pilot, "enter", "n")  # the third is forced: the streak ends
        assert screen.phase == "over"
        assert "Streak over: 2 right in a row. A new best!" in text(app, "#drill-prompt")
        assert screen.feedback.has_class("wrong")  # the reason of the miss stays in view
        assert [button.id for button in screen.query(Button) if button.display] == ["again"]
        await press(pilot, "a")  # again: a new run against the new best
        assert screen.phase == "ask" and screen.puzzle == NOT_FORCED
        assert "streak 0   best 2" in title(app)
        await press(pilot, "p")  # a miss at once
        assert "Streak over: 0 right in a row. Your best: 2." in text(app, "#drill-prompt")
    store = with_store(tmp_path)
    assert [(run.score, run.mistakes) for run in store.drills.drill_runs("streak")] == [(1, 1), (2, 1), (0, 1)]
    assert store.drills.drill_best("streak") == 2
    assert (
        store.ratings.rating_history() == [] and store.reviews.review_cards() == []
    )  # a Streak is neither rated nor scheduled
    store.close()


async def test_a_forced_roll_in_a_streak_or_a_storm_counts_once_it_is_played(tmp_path: Path) -> None:
    """Called forced, the roll is then played: in a Streak an illegal play gets its rule and another try (the streak
    goes on), the only play scores it; in a Storm the only play scores it and moves straight on."""
    play = str(recognise(FORCED.board(), FORCED.roll()).play)
    clock = FakeClock()
    app = TrainerApp(data_dir=tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_drill(pilot, "streak", [FORCED, NOT_FORCED])
        await press(pilot, "f")
        assert screen.phase == "play" and "streak 0" in title(app)
        await type_play(pilot, "24/11")  # thirteen pips: no roll moves one checker that far
        assert screen.phase == "play" and screen.feedback.has_class("wrong")
        assert "13 pips" in str(screen.feedback.render())
        assert app.focused is screen.notation and screen.notation.value == ""  # emptied for another try
        await type_play(pilot, play, open_box=False)
        assert screen.phase == "done" and "streak 1" in title(app)
        await press(pilot, "enter")
        assert screen.puzzle == NOT_FORCED and screen.phase == "ask"
        await press(pilot, "escape")  # a Streak left before a miss is kept

        storm = await open_drill(pilot, "storm", [FORCED, NO_PLAY])
        await press(pilot, "f")
        assert storm.phase == "play" and storm.puzzle == FORCED
        clock.advance(5)
        await type_play(pilot, play)
        assert storm.puzzle == NO_PLAY and storm.phase == "ask"  # straight on
        assert "2:55 left   1 right" in title(app)
        assert "Previous position: Right" in str(storm.feedback.render())
    store = with_store(tmp_path)
    assert [(run.score, run.mistakes) for run in store.drills.drill_runs("streak")] == [(1, 0)]
    assert [(a.question, a.correct) for a in store.puzzles.puzzle_history(FORCED.id)] == [
        ("forced", True),
        ("play", True),  # the illegal 24/11 was no answer: not kept
        ("forced", True),
        ("play", True),
    ]
    assert store.ratings.rating_history() == [] and store.reviews.review_cards() == []
    store.close()


async def test_storm_runs_three_minutes_on_the_clock_a_miss_costs_ten_seconds(tmp_path: Path) -> None:
    store = with_store(tmp_path)
    record_run(store, run_result("storm", 5, mistakes=0, seconds=STORM_SECONDS, at=T0 - DAY))
    store.close()
    clock = FakeClock()
    app = TrainerApp(data_dir=tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_drill(pilot, "storm", [NOT_FORCED, NO_PLAY, NOT_FORCED, NO_PLAY])
        assert "3:00 left   0 right   best 5" in title(app)
        await press(pilot, "n")  # right: straight on to the next, the reason still shown
        assert screen.puzzle == NO_PLAY and screen.phase == "ask"
        assert "Previous position:" in str(screen.feedback.render()) and screen.feedback.has_class("right")
        clock.advance(30)
        await press(pilot, "f")  # a miss: ten seconds off
        assert screen.feedback.has_class("wrong")
        screen.tick()
        assert "2:20 left   1 right" in title(app)
        clock.advance(139)
        screen.tick()
        assert "0:01 left" in title(app) and screen.phase == "ask"
        clock.advance(1)
        # the screen's own timer reads the clock (every quarter second) and ends the run
        await settle(pilot, lambda: screen.phase == "over", what="the Storm's timer to end the run")
        assert "Time is up: 1 right, 1 missed. Your best: 5." in text(app, "#drill-prompt")
        await press(pilot, "n")  # answers after the time is up don't count
        assert screen.phase == "over"
    store = with_store(tmp_path)
    runs = store.drills.drill_runs("storm")
    assert [(run.score, run.mistakes, run.seconds) for run in runs] == [(5, 0, STORM_SECONDS), (1, 1, 170.0)]
    assert store.drills.drill_best("storm") == 5
    store.close()


# --- ratings ----------------------------------------------------------------------------------------------


async def test_a_rated_puzzle_attempt_moves_the_rating_shown_with_its_deviation(tmp_path: Path) -> None:
    """The puzzle menu shows the rating and an "At your level" set near it; the first answer to a puzzle is rated
    (the rating line shows the change), a retry is not. The rules puzzles alone are loaded: the mined ones' own
    ratings would mix in near 1500."""
    rules = tmp_path / "puzzles"
    rules.mkdir()
    for name in ("forced.toml", "bearoff.toml"):
        shutil.copy(content_dir("puzzles") / name, rules / name)
    app = TrainerApp(data_dir=tmp_path, puzzles_dir=rules, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await press(pilot, "p")
        assert isinstance(app.screen, PuzzleMenuScreen)
        shown = "Your ratings: Rules 1500? ± 350 · Best play 1500? ± 350 · Cube 1500? ± 350"
        assert shown in text(app, "#puzzle-filter")
        assert "At your level  (10 unsolved near your rating)" in option_lines(app, "#puzzle-sets")
        sets = app.screen.query_one("#puzzle-sets", OptionList)
        sets.highlighted = sets.get_option_index("near")
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and len(screen.puzzles) == 10
        assert all(puzzle.difficulty == 2 for puzzle in screen.puzzles)  # rated 1500, as the learner
        puzzle = screen.puzzle
        assert puzzle.kind in ("forced", "bearoff")  # rated in the rules puzzles' rating
        assert text(app, "#rating") == "Rules rating 1500? ± 350   this one is rated"
        await type_play(pilot, puzzle.answers[0])
        assert screen.done and screen.outcome is not None and screen.outcome.rated
        after = screen.outcome.learner_after
        assert after.rating > 1500 and after.rd < 350
        change = round(screen.outcome.rating_change)
        assert text(app, "#rating").startswith(f"Rules rating {after.text()}  (+{change})   puzzle ")
        await press(pilot, "r")  # the same puzzle again: no longer rated
        assert text(app, "#rating") == f"Rules rating {after.text()}"
        await press(pilot, "p")  # wrong (the roll can be played): a review card, but no rating
        assert screen.feedback.has_class("wrong")
        await press(pilot, "escape")
        assert f"Your ratings: Rules {after.text()} · Best play 1500? ± 350" in text(app, "#puzzle-filter")
    store = with_store(tmp_path)
    assert [entry.puzzle_id for entry in store.ratings.rating_history()] == [puzzle.id]
    assert store.ratings.puzzle_rating(puzzle.id) is not None
    assert store.reviews.review_card(f"puzzle:{puzzle.id}") is not None
    store.close()


async def test_review_right_moves_on_a_miss_comes_back_sooner(tmp_path: Path) -> None:
    """A missed lesson task and a missed puzzle come back after ten minutes: "Review (2 due)" on home opens them one
    after the other (the task as its lesson step, the puzzle as a puzzle); right moves a card on by days, a miss
    brings it back in ten minutes."""
    lesson, step = CHOOSE
    store = with_store(tmp_path)
    answer_lesson_task(store, lesson.progress_key, step, correct=False, now=T0)
    answer_puzzle(store, MEDIUM, "pass", correct=False, seconds=3.0, now=T0)
    store.close()
    clock = FakeClock(T0 + 11 * MINUTE)
    app = TrainerApp(data_dir=tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        assert "Review (2 due)  (r)" in option_lines(app, "#home-menu")
        await press(pilot, "r")
        task = app.screen
        assert isinstance(task, LessonScreen) and task.review and task.index == step
        assert title(app).startswith(" Review: lesson")
        choose = lesson.steps[step]
        assert isinstance(choose, ChooseStep)
        right = next(index for index, option in enumerate(choose.options) if option.correct)
        shown = [int(option.id or 0) for option in task.query_one("#options", OptionList)._options]
        await press(pilot, str(shown.index(right) + 1), "enter")  # right, then Continue: the next item due

        puzzle = app.screen
        assert isinstance(puzzle, PuzzleScreen) and puzzle.review and puzzle.puzzle == MEDIUM
        assert title(app).startswith(" Review")
        await press(pilot, "p")  # a miss: the roll can be played
        assert puzzle.feedback.has_class("wrong")
        await pilot.click("#solution")
        await pilot.pause()
        await press(pilot, "n")
        assert isinstance(app.screen, HomeScreen)
        assert "Review (0 due)  (r)" in option_lines(app, "#home-menu")
        clock.advance(10 * MINUTE)
        app.screen.refresh_menu()  # type: ignore[attr-defined]
        assert "Review (1 due)  (r)" in option_lines(app, "#home-menu")
    store = with_store(tmp_path)
    task_card = store.reviews.review_card(f"lesson:{lesson.progress_key}:{step}")
    puzzle_card = store.reviews.review_card(f"puzzle:{MEDIUM.id}")
    assert task_card is not None and task_card.due >= T0 + 11 * MINUTE + DAY
    assert puzzle_card is not None and puzzle_card.due == T0 + 21 * MINUTE
    assert not store.lessons.lesson_progress(
        lesson.progress_key
    ).completed  # a review leaves the lesson's progress as it was
    assert len(store.ratings.rating_history()) == 1  # the puzzle's first miss only: reviews are not rated
    store.close()


def test_a_review_shuffles_a_choice_afresh_each_time_while_the_lesson_keeps_its_order() -> None:
    """A choice step's options: the lesson shows them in one order every time; each showing in review (a new due
    time and count on the card) shuffles them afresh, and reopening the same showing keeps its order."""
    from types import SimpleNamespace

    from trainer.practice.schedule import Card, LessonStepKey
    from trainer.training.service import ReviewItem
    from trainer.tui.screens.review import ReviewRun

    lesson, step = next(
        (lesson, index)
        for lesson in LESSONS.lessons
        for index, task in enumerate(lesson.steps)
        if isinstance(task, ChooseStep) and len(task.options) >= 3
    )

    def order(screen: LessonScreen | None) -> tuple[str, ...]:
        assert isinstance(screen, LessonScreen)
        return tuple(option for option, _ in screen.view.options())

    in_lesson = order(LessonScreen(lesson, start_step=step))
    assert order(LessonScreen(lesson, start_step=step)) == in_lesson
    run = ReviewRun(SimpleNamespace(puzzles=None, lessons=LESSONS))  # type: ignore[arg-type]

    def showing(number: int) -> tuple[str, ...]:
        card = Card(f"lesson:{lesson.progress_key}:{step}", 1, 0, None, None, T0 + number * 10 * MINUTE, None, number)
        return order(run.screen_for(ReviewItem(card, LessonStepKey(lesson.progress_key, step))))

    shown = [showing(number) for number in range(1, 7)]
    assert all(sorted(each) == sorted(in_lesson) for each in shown)
    assert len(set(shown)) > 1  # not the same order every time
    assert showing(3) == shown[2]  # the same showing reopened: the same order


async def test_a_missed_drill_position_comes_back_for_review_on_the_drill_screen(tmp_path: Path) -> None:
    """A forced roll called "not forced" in practice is rated and becomes a review card; ten minutes later "Review
    (1 due)" on home opens it on the drill screen in review mode; answered right (called forced, then played), its
    card moves on by days, the answer is not rated, and enter goes back home with nothing due."""
    clock = FakeClock()
    app = TrainerApp(data_dir=tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await press(pilot, "f", "1")
        practice = app.screen
        assert isinstance(practice, DrillScreen)
        practice.positions = iter([FORCED])
        practice.show_next()
        await pilot.pause()
        await press(pilot, "n")  # a miss: the roll is forced
        assert practice.phase == "done" and practice.feedback.has_class("wrong")
        await press(pilot, "escape", "escape")
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert "Review (0 due)  (r)" in option_lines(app, "#home-menu")
        clock.advance(11 * MINUTE)
        home.refresh_menu()
        assert "Review (1 due)  (r)" in option_lines(app, "#home-menu")

        await press(pilot, "r")
        review = app.screen
        assert isinstance(review, DrillScreen) and review.mode == "review" and review.puzzle == FORCED
        assert title(app).startswith(" Forced or not?   Review")
        await press(pilot, "f")
        assert review.phase == "play"
        await type_play(pilot, str(recognise(FORCED.board(), FORCED.roll()).play))
        assert review.phase == "done" and review.feedback.has_class("right")
        await press(pilot, "enter")
        assert isinstance(app.screen, HomeScreen)
        assert "Review (0 due)  (r)" in option_lines(app, "#home-menu")
    store = with_store(tmp_path)
    card = store.reviews.review_card(f"puzzle:{FORCED.id}")
    assert card is not None and card.due >= T0 + 11 * MINUTE + DAY  # right: moved on by days
    assert [entry.puzzle_id for entry in store.ratings.rating_history()] == [FORCED.id]  # the practice miss only
    history = [(a.question, a.correct, a.attempted_at) for a in store.puzzles.puzzle_history(FORCED.id)]
    assert history == [("forced", False, T0), ("forced", True, T0 + 11 * MINUTE), ("play", True, T0 + 11 * MINUTE)]
    store.close()


# --- the dashboard ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewKindPuzzle:
    """A puzzle of a kind the dashboard has no name for."""

    id: str
    kind: str = "match-play"
    theme: str = "crawford"
    difficulty: int = 2
    variant: str = "standard"


def test_home_figures_name_every_kind_a_new_one_under_its_own_name() -> None:
    catalogue = [*LIBRARY.puzzles, *LIBRARY.drills, NewKindPuzzle("match-1"), NewKindPuzzle("match-2")]
    cube = next(puzzle for puzzle in LIBRARY.puzzles if puzzle.kind == "cube")
    attempts = [
        PuzzleAttempt("pass", False, 5.0, "play", False, T0, MEDIUM.id),
        PuzzleAttempt("take", True, 5.0, "play", False, T0, "match-1"),
        PuzzleAttempt(cube.answers[0], True, 5.0, "play", False, T0, cube.id),
    ]
    board = dashboard(Records(attempts=attempts), LESSONS.lessons, catalogue, now=T0)
    cubes = sum(1 for puzzle in LIBRARY.puzzles if puzzle.kind == "cube")
    assert done_parts(board)[-2:] == ["Forced or not? 0/180", "Match play 1/2"]  # a new kind last, by its name
    assert f"Cube 1/{cubes}" in done_parts(board)
    assert first_try_parts(board) == ["First try: Forced 0%", "Cube 100%", "Match play 100%"]
    assert weakest_part(board, figure_title) == f"Weakest: {THEME_TITLES[MEDIUM.theme]} (Forced) 0%"  # acey-deucey too
    missed = PuzzleAttempt("forced", False, 5.0, "forced", False, T0, NO_PLAY.id)
    no_play = dashboard(Records(attempts=[missed]), LESSONS.lessons, catalogue, now=T0)
    assert weakest_part(no_play, figure_title) == "Weakest: No legal play (Forced or not?) 0%"  # a name two kinds share
    assert first_try_parts(dashboard(Records(), LESSONS.lessons, catalogue, now=T0)) == []


def test_the_home_figures_flow_over_as_many_lines_as_the_width_needs() -> None:
    parts = ["Done: Lessons 1/12", "Forced 3/135", "Bear-off 1/120"]
    assert flow(parts, 80) == ["Done: Lessons 1/12 · Forced 3/135 · Bear-off 1/120"]
    assert flow(parts, 40) == ["Done: Lessons 1/12 · Forced 3/135", "Bear-off 1/120"]
    assert flow(parts, 10) == parts  # a part wider than the line has one to itself
    assert flow(parts[:2], 61, optional=["Weakest: No legal play 0%"]) == [
        "Done: Lessons 1/12 · Forced 3/135 · Weakest: No legal play 0%"
    ]
    assert flow(parts[:2], 40, optional=["Weakest: No legal play 0%"]) == ["Done: Lessons 1/12 · Forced 3/135"]
    assert flow([], 40, optional=["Weakest: No legal play 0%"]) == ["Weakest: No legal play 0%"]


async def test_the_dashboard_on_home_and_continue(tmp_path: Path) -> None:
    seed_progress(tmp_path)
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen) and home.dashboard is not None
        rating = home.dashboard.rating.text
        lines = home.query_one(DashboardSummary).text.splitlines()
        forced, bearoff, cube = (sum(1 for p in LIBRARY.puzzles if p.kind == k) for k in ("forced", "bearoff", "cube"))
        acey_forced = sum(1 for p in LIBRARY.puzzles if p.kind == "forced" and p.variant == "acey-deucey")
        forced -= acey_forced  # a set of its own, as in the Puzzles menu
        drills, doubles = len(LIBRARY.drills), sum(1 for p in LIBRARY.puzzles if p.kind == "double")
        best = sum(1 for p in LIBRARY.puzzles if p.kind == "best")
        shots, pips = (sum(1 for p in LIBRARY.counts if p.kind == k) for k in ("shots", "pips"))
        assert lines == [
            f"Done: Lessons 1/{len(LESSONS.lessons)} · Forced 0/{forced} · Acey-deucey forced 0/{acey_forced}"
            f" · Bear-off 1/{bearoff}",
            f"Cube 0/{cube} · Doubles 0/{doubles} · Best play 0/{best} · Forced or not? 0/{drills}",
            f"Shots 0/{shots} · Pips 0/{pips}",
            "First try: Forced 0% · Bear-off 100%",  # the weakest theme, named with its set, has no room
            f"Rating {rating} · Best streak 7, storm 12 · 2 days in a row",
        ]
        assert home.query_one("#dash-chart").display  # two rated attempts: the sparkline shows
        button = home.query_one("#continue", Button)
        assert str(button.label) == "▶ Review (1 due)  (c)"
        assert "Review (1 due)  (r)" in option_lines(app, "#home-menu")
        await press(pilot, "c")  # Continue: the review
        assert isinstance(app.screen, PuzzleScreen) and app.screen.review
        await press(pilot, "escape")  # leaving an item ends the reviews
        assert isinstance(app.screen, HomeScreen)

        await press(pilot, "s")  # the full page
        page = app.screen
        assert isinstance(page, ProgressScreen)
        overview = text(app, "#overview")
        assert f"Lessons          1 of {len(LESSONS.lessons)} done" in overview
        assert f"Rating           {rating}" in overview
        assert "Best streak      7 (1 run); best storm 12 (1 run)" in overview
        assert "Reviews due      1 of 1 card" in overview
        assert page.query("#rating-chart")  # the rating's history as a chart
        console = Console(width=100, record=True)
        console.print(page.query_one("#figures", Static).content)
        figures = console.export_text()
        assert "Forced moves" in figures and "0%" in figures and "Bear-offs" in figures and "100%" in figures
        await press(pilot, "escape")

    # With nothing due, Continue goes on with the next lesson.
    store = with_store(tmp_path)
    store.reviews.remove_review_card(f"puzzle:{MEDIUM.id}")
    store.close()
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        following = LESSONS.lessons[1]
        assert str(app.screen.query_one("#continue", Button).label).startswith(f"▶ Start lesson 2: {following.title}")
        await press(pilot, "c")
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == following.id
