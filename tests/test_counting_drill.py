"""The timed counting drills: the figures of the answers kept (the averages of ten right answers), a round, the
grading of a typed count with its working, and one round of each drill played with Pilot on a fresh data dir."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pilot_support import feedback_text, settle, started, static_texts, type_play
from textual.pilot import Pilot
from training_support import LIBRARY, FakeClock

from trainer.content.counting import grade_drill_count, puzzle_count, read_number
from trainer.content.puzzles import Puzzle
from trainer.content.skill_puzzles import count_answer
from trainer.engine import count_shots
from trainer.practice.counting import (
    ROUND,
    CountingFigures,
    CountingRound,
    counting_figures,
    is_new_best_ten,
)
from trainer.store import ProgressStore
from trainer.training.service import answer_puzzle
from trainer.tui.app import TrainerApp
from trainer.tui.screens.counting import CountingScreen, round_positions
from trainer.tui.wording.counting import counting_title_bar, round_summary

SIZE = (80, 24)
SHOTS = [puzzle for puzzle in LIBRARY.counts if puzzle.kind == "shots"]
PIPS = [puzzle for puzzle in LIBRARY.counts if puzzle.kind == "pips"]
TIME = re.compile(r"\b\d+\.\d s\b")


# --- the figures and a round ----------------------------------------------------------------------------------


def test_the_figures_average_the_right_answers_only() -> None:
    assert counting_figures([]) == CountingFigures(0, 0, None, None, None)
    nine = [(True, float(seconds)) for seconds in range(1, 10)]
    assert counting_figures(nine) == CountingFigures(9, 9, None, None, 9.0)
    # Twelve right answers taking 1 to 12 seconds, a wrong one of 100 seconds among them and one at the end.
    answers = [(True, float(seconds)) for seconds in range(1, 13)]
    answers.insert(5, (False, 100.0))
    answers.append((False, 0.5))
    figures = counting_figures(answers)
    assert figures == CountingFigures(answered=14, right=12, last_ten=7.5, best_ten=5.5, last=0.5)
    # Slower lately: the best ten is the first ten, the last ten the slowest.
    slower = [(True, 2.0)] * 10 + [(True, 4.0)] * 5
    assert counting_figures(slower) == CountingFigures(15, 15, 3.0, 2.0, 4.0)


def test_a_new_best_ten_is_a_lower_one_the_first_one_included() -> None:
    none = counting_figures([])
    first = counting_figures([(True, 3.0)] * 10)
    faster = counting_figures([(True, 3.0)] * 10 + [(True, 1.0)] * 10)
    assert is_new_best_ten(none, first) and is_new_best_ten(first, faster)
    assert not is_new_best_ten(none, none) and not is_new_best_ten(faster, faster)
    assert not is_new_best_ten(faster, counting_figures([(True, 3.0)] * 10 + [(True, 1.0)] * 10 + [(True, 9.0)]))


def test_a_round_takes_its_answers_until_it_is_over() -> None:
    start = CountingRound()
    assert (start.size, start.answered, start.right, start.average, start.over) == (ROUND, 0, 0, None, False)
    played = start
    for index in range(ROUND):
        played = played.answer(index % 4 != 3, float(index + 1))
    assert start.answers == ()  # immutable: each answer gives the round after it
    assert played.over and played.answered == 10 and played.right == 8
    assert played.average == 43 / 8  # of the right answers only: 1, 2, 3, 5, 6, 7, 9 and 10 seconds
    assert played.answer(True, 1.0) is played  # a finished round doesn't change
    short = CountingRound(size=2).answer(False, 2.0).answer(True, 3.0)
    assert short.over and short.right == 1 and short.average == 3.0


def test_a_wrong_answer_alone_gives_no_average() -> None:
    wrong = CountingRound().answer(False, 6.7)
    assert wrong.right == 0 and wrong.average is None
    assert counting_title_bar("shots", 1, ROUND, wrong.right, wrong.average) == "Count the shots   1 of 10   0 right"
    summary = round_summary(wrong.right, 1, wrong.average, "", new_best=False)
    assert summary.startswith("0 right of 1.\n")
    right = wrong.answer(True, 3.0)
    assert counting_title_bar("pips", 2, ROUND, right.right, right.average).endswith("1 right   average 3.0 s")
    summary = round_summary(right.right, 2, right.average, "", new_best=False)
    assert summary.startswith("1 right of 2. Average time of a right answer: 3.0 s.\n")


def test_a_round_takes_the_positions_not_seen_first_easy_ones_first() -> None:
    first = round_positions(SHOTS, set(), seed=7)
    assert len(first) == ROUND and len({puzzle.id for puzzle in first}) == ROUND
    assert [puzzle.difficulty for puzzle in first] == sorted(puzzle.difficulty for puzzle in first)
    assert first == round_positions(SHOTS, set(), seed=7)  # the same seed, the same round
    second = round_positions(SHOTS, {puzzle.id for puzzle in first}, seed=7)
    assert not {puzzle.id for puzzle in first} & {puzzle.id for puzzle in second}
    # Every position but three seen: those three first, then seen ones; given positions keep their order.
    seen = {puzzle.id for puzzle in PIPS[3:]}
    assert {puzzle.id for puzzle in round_positions(PIPS, seen, seed=1)} >= {puzzle.id for puzzle in PIPS[:3]}
    assert round_positions(PIPS[:12], {PIPS[0].id}, seed=1, shuffle=False) == [*PIPS[1:11]]
    assert round_positions(PIPS[:4], set(), seed=1, shuffle=False) == PIPS[:4]


# --- grading a typed count ------------------------------------------------------------------------------------


def test_every_drill_position_counts_as_the_engine_does() -> None:
    assert len(SHOTS) >= ROUND and len(PIPS) >= ROUND
    for puzzle in [*SHOTS, *PIPS]:
        assert puzzle_count(puzzle).answer == count_answer(puzzle) == int(puzzle.answers[0]), puzzle.id


def test_a_shots_count_right_or_wrong_shows_the_hitting_rolls() -> None:
    puzzle = SHOTS[0]
    shots = count_shots(puzzle.board(), puzzle.targets or None)
    rolls = ", ".join(str(roll) for roll in shots.ordered())
    right = grade_drill_count(puzzle, f" {shots.total} ")
    assert right.correct and right.message == f"Right: {shots.total}. {rolls}: {shots.total} of 36."
    wrong = grade_drill_count(puzzle, str(shots.total + 1))
    assert not wrong.correct
    assert wrong.message == f"Not {shots.total + 1}: the count is {shots.total}. {rolls}: {shots.total} of 36."


def test_a_pips_count_wrong_shows_the_pips_point_by_point() -> None:
    mine = next(puzzle for puzzle in PIPS if puzzle.side == "player")
    position = mine.board()
    total = position.pip_count()[0]
    farthest = max(point for point in range(1, 26) if position.player[point])
    wrong = grade_drill_count(mine, str(total - 3))
    assert not wrong.correct and wrong.message.startswith(f"Not {total - 3}: the count is {total}. ")
    assert f"{position.player[farthest]} = {farthest * position.player[farthest]}" in wrong.message
    assert wrong.message.endswith(f": {total} pips.")
    assert grade_drill_count(mine, str(total)).message.startswith(f"Right: {total}. ")
    theirs = next(puzzle for puzzle in PIPS if puzzle.side == "opponent")
    count = theirs.board().pip_count()[1]
    said = grade_drill_count(theirs, str(count + 10)).message
    assert f"the count is {count}. O counts from its own side" in said and said.endswith(f": {count} pips.")


@pytest.mark.parametrize("text", ["twelve", "", "12 rolls", "1.5"])
def test_text_that_is_no_number_is_asked_again(text: str) -> None:
    assert read_number(text) is None  # what the screen checks: no answer to count
    feedback = grade_drill_count(SHOTS[0], text)
    assert not feedback.correct and feedback.message == "Answer with a whole number, like 12."


# --- a round of each drill on the screen ----------------------------------------------------------------------


def shown(pilot: Pilot[None]) -> str:
    """The title bar and the text of the panel beside the board, each as one line (as the widgets hold it, before
    the panel's narrow width wraps it)."""
    return "\n".join(static_texts(pilot.app, "#task-title", ".step-heading", "#counting-prompt", "#counting-figures"))


async def answer(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` in the box (focused for each position) and submit it."""
    await type_play(pilot, text, open_box=False)


async def play_round(pilot: Pilot[None], screen: CountingScreen, wrong: set[int]) -> list[tuple[Puzzle, bool]]:
    """Answer a whole round, the positions numbered in ``wrong`` (from 1) with a wrong count, and check each
    verdict: the time it took, the right number with the working, the title bar; then enter goes on."""
    app = pilot.app
    played: list[tuple[Puzzle, bool]] = []
    for number in range(1, ROUND + 1):
        await settle(pilot, lambda: screen.phase == "ask" and app.focused is screen.notation)
        puzzle = screen.puzzle
        assert puzzle is not None and puzzle not in [done for done, _right in played]
        assert f"   {number} of 10   " in shown(pilot).splitlines()[0]  # the title bar
        right = puzzle_count(puzzle).answer
        await answer(pilot, str(right + 1 if number in wrong else right))
        await settle(pilot, lambda: screen.phase == "done")
        said = feedback_text(app)
        assert TIME.search(said), said
        if number in wrong:
            assert f"Not {right + 1}: the count is {right}." in said and screen.feedback.has_class("wrong")
        else:
            assert f"Right: {right}." in said and screen.feedback.has_class("right")
        expected = number - len({index for index in wrong if index <= number})
        title = shown(pilot).splitlines()[0]
        assert f"{number} of 10   {expected} right" in title and ("   average " in title) == (expected > 0), title
        played.append((puzzle, number not in wrong))
        await pilot.press("enter")
    await settle(pilot, lambda: screen.phase == "over")
    return played


def stored(folder: Path, puzzles: list[Puzzle]) -> list[tuple[str, bool, float]]:
    store = ProgressStore(folder)
    try:
        ids = {puzzle.id for puzzle in puzzles}
        return [
            (attempt.puzzle_id, attempt.correct, attempt.seconds)
            for attempt in store.puzzles.all_puzzle_attempts()
            if attempt.puzzle_id in ids
        ]
    finally:
        store.close()


async def test_a_round_of_the_shot_count_timed_each_answer_kept(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = CountingScreen("shots")
        await app.push_screen(screen)
        await settle(pilot, lambda: screen.phase == "ask")
        text = shown(pilot)
        assert "Count the shots   1 of 10   0 right" in text and "36 rolls hit an O blot" in text
        assert "Averages of ten right answers: 10 more to go." in text
        await answer(pilot, "many")  # no number: asked again, not an answer
        assert screen.phase == "ask" and screen.round.answered == 0 and screen.feedback.has_class("info")
        assert "whole number" in feedback_text(app) and screen.notation.value == ""

        played = await play_round(pilot, screen, wrong={3, 7})
        text = shown(pilot)
        assert "Round over" in text and "8 right of 10. Average time of a right answer: " in text
        assert "Averages of ten right answers: 2 more to go." in text and "new best" not in text
        first = {puzzle.id for puzzle, _right in played}
        assert all(puzzle in SHOTS for puzzle, _right in played)

        await pilot.press("a")  # another round: positions not seen yet
        await settle(pilot, lambda: screen.phase == "ask")
        assert screen.puzzle is not None and screen.puzzle.id not in first
        assert "1 of 10   0 right" in shown(pilot)
        await pilot.press("escape", "q")  # out of the box, then back
        await settle(pilot, lambda: app.screen is not screen)
    attempts = stored(tmp_path, SHOTS)
    assert [(puzzle_id, correct) for puzzle_id, correct, _seconds in attempts] == [
        (puzzle.id, right) for puzzle, right in played
    ]
    assert all(seconds >= 0 for _id, _correct, seconds in attempts)


async def test_a_round_of_the_pip_count_hides_the_counts_until_answered_and_a_new_best(tmp_path: Path) -> None:
    """Ten slow right answers kept from before: a round's quicker ones make a new best average of ten."""
    store = ProgressStore(tmp_path)
    for puzzle in PIPS[-10:]:
        answer_puzzle(
            store, puzzle, puzzle.answers[0], correct=True, seconds=900.0, now=0.0, question="play", store_only=True
        )
    store.close()
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = CountingScreen("pips")
        await app.push_screen(screen)
        await settle(pilot, lambda: screen.phase == "ask")
        assert not screen.board.scene.pip_counts
        assert "last ten: 900.0 s · best ten: 900.0 s" in shown(pilot)
        first = screen.puzzle
        assert first is not None
        asked = "Count your pips" if first.side == "player" else "Count O's pips"
        assert asked in shown(pilot)
        played = await play_round(pilot, screen, wrong={1, 10})
        text = shown(pilot)
        assert "8 right of 10. Average time of a right answer: " in text and "A new best average!" in text
        assert screen.board.scene.pip_counts  # shown once answered
        assert screen.new_best and screen.figures.answered == 20 and screen.figures.right == 18
        await pilot.press("enter")  # enter starts another round too
        await settle(pilot, lambda: screen.phase == "ask" and screen.round.answered == 0)
    attempts = stored(tmp_path, PIPS)
    assert len(attempts) == 20
    assert [(puzzle_id, correct) for puzzle_id, correct, _seconds in attempts[10:]] == [
        (puzzle.id, right) for puzzle, right in played
    ]
    assert all(seconds >= 0 for _id, _correct, seconds in attempts[10:])
