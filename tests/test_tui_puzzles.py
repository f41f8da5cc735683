"""The puzzle screens as a learner uses them, driven with Pilot: the home line and the menu of sets with their
difficulty filter, answering forced puzzles in notation, on the board and with "No legal play", the theme kept
hidden until the answer, and bear-off feedback, solution replay, retry and next. Every attempt is stored."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot_support import (
    board_of,
    click_point,
    feedback_of,
    feedback_text,
    open_puzzles,
    option_lines,
    settle,
    started,
    type_play,
)
from textual.widgets import Input, OptionList, Static

from trainer.content.grading import bearoff_figures, bearoff_solution, best_group
from trainer.content.puzzles import Puzzle, load_puzzles
from trainer.content.themes import (
    BEAROFF_THEMES,
    BEST_THEMES,
    CONTACT_CUBE_THEMES,
    CUBE_THEMES,
    DOUBLE_PUZZLE_THEMES,
    FORCED_THEMES,
    THEME_TITLES,
)
from trainer.engine import IllegalPlayError, PlayError, explain, parse_play
from trainer.engine.bearoff import RankedPlay
from trainer.engine.wording import sentence
from trainer.store import ProgressStore, PuzzleAttempt
from trainer.tui.app import TrainerApp
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.puzzles import PuzzleMenuScreen, PuzzleScreen
from trainer.tui.widgets.board import LastMove

LIBRARY = load_puzzles()
PUZZLES = {puzzle.id: puzzle for puzzle in LIBRARY.puzzles}
TOTAL = len(LIBRARY.puzzles)
SIZE = (80, 24)


def first(*, theme: str | None = None, kind: str | None = None, variant: str = "standard") -> Puzzle:
    """The first shipped puzzle with these properties."""
    return next(
        puzzle
        for puzzle in LIBRARY.puzzles
        if (theme is None or puzzle.theme == theme)
        and (kind is None or puzzle.kind == kind)
        and puzzle.variant == variant
    )


PLAY_PUZZLE = first(theme="only-play")
NO_PLAY_PUZZLE = first(theme="no-play")


def clear_bearoff() -> tuple[Puzzle, RankedPlay, RankedPlay]:
    """A race puzzle with one best play of several checker moves, and a play that both wins less and needs more
    rolls (so the feedback's "more often" and "fewer rolls" are both positive)."""
    for puzzle in LIBRARY.puzzles:
        if puzzle.theme != "race":
            continue
        ranking = puzzle.ranking()
        group, _ = best_group(ranking, puzzle.theme)
        best = group[0]
        if len(group) != 1 or len(best.play.moves) < 2:
            continue
        for entry in ranking:
            wins_less = entry.win_probability < best.win_probability - 0.01
            if entry is not best and wins_less and entry.expected_rolls > best.expected_rolls + 0.01:
                return puzzle, best, entry
    raise AssertionError("no suitable bear-off puzzle shipped")


BEAROFF_PUZZLE, BEST, WORSE = clear_bearoff()


# --- helpers ------------------------------------------------------------------------------------------------


def puzzle_line(app: TrainerApp) -> str:
    return next(line for line in option_lines(app, "#home-menu") if line.startswith("Puzzles"))


def attempts(data_dir: Path, puzzle_id: str) -> list[tuple[str, bool, float]]:
    store = ProgressStore(data_dir)
    try:
        return store.puzzles.puzzle_attempts(puzzle_id)
    finally:
        store.close()


def history(data_dir: Path, puzzle_id: str) -> list[PuzzleAttempt]:
    store = ProgressStore(data_dir)
    try:
        return store.puzzles.puzzle_history(puzzle_id)
    finally:
        store.close()


def set_lines(app: TrainerApp) -> list[str]:
    """The menu of sets, each theme line checked to be indented under its kind and then shown without its indent."""
    lines = option_lines(app, "#puzzle-sets")
    titles = tuple(THEME_TITLES.values())
    for line in lines:
        assert line.startswith(" ") == line.lstrip(" ·").startswith(titles), line
    return [line.lstrip(" ·") for line in lines]


def expected_sets(difficulty: int) -> list[str]:
    """The menu lines (without the indent) for a difficulty (0 = all), none solved, worked out from the library."""
    chosen = [puzzle for puzzle in LIBRARY.puzzles if not difficulty or puzzle.difficulty == difficulty]
    lines = [f"All puzzles  (0/{len(chosen)} solved)", "At your level  (10 unsolved near your rating)"]
    sets = (
        ("forced", "standard", "Forced moves", FORCED_THEMES),
        ("bearoff", "standard", "Bear-offs", BEAROFF_THEMES),
        ("cube", "standard", "Cube decisions", (*CUBE_THEMES, *CONTACT_CUBE_THEMES)),
        ("best", "standard", "Best plays", BEST_THEMES),
        ("forced", "acey-deucey", "Acey-deucey: forced moves", FORCED_THEMES),
        ("double", "acey-deucey", "Acey-deucey: choosing the double", DOUBLE_PUZZLE_THEMES),
    )
    for kind, variant, title, themes in sets:
        of_kind = [puzzle for puzzle in chosen if puzzle.kind == kind and puzzle.variant == variant]
        lines.append(f"{title}  (0/{len(of_kind)} solved)")
        for theme in themes:
            count = sum(1 for puzzle in of_kind if puzzle.theme == theme)
            if count and theme != "no-play":  # an empty theme is not listed, nor one whose name gives the answer
                lines.append(f"{THEME_TITLES[theme]}  (0/{count} solved)")
    return lines


# --- home and the menu of sets ------------------------------------------------------------------------------


async def test_home_shows_the_puzzle_count_and_p_opens_the_menu_of_sets(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        assert isinstance(app.screen, HomeScreen)
        line = puzzle_line(app)
        assert line.startswith("Puzzles") and line.endswith(f"0 of {TOTAL} solved"), line
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleMenuScreen)
        lines = set_lines(app)
        assert lines == expected_sets(0)
        assert lines[0] == f"All puzzles  (0/{TOTAL} solved)"
        assert "Forced moves  (0/135 solved)" in lines and "Bear-offs  (0/120 solved)" in lines
        cube = sum(1 for puzzle in LIBRARY.puzzles if puzzle.kind == "cube")
        best = sum(1 for puzzle in LIBRARY.puzzles if puzzle.kind == "best")
        assert cube > 1000 and best > 2000
        assert f"Cube decisions  (0/{cube} solved)" in lines and f"Best plays  (0/{best} solved)" in lines
        assert "Acey-deucey: forced moves  (0/24 solved)" in lines
        assert not any(line.startswith("No legal play") for line in lines)  # its name would give the answer away
        assert "Difficulty: all" in str(app.screen.query_one("#puzzle-filter", Static).render())
        seen = {0: lines}
        for key, name in (("1", "easy"), ("2", "medium"), ("3", "hard"), ("0", "all")):
            await pilot.press(key)
            await pilot.pause()
            shown = set_lines(app)
            assert shown == expected_sets(int(key)), key
            assert f"Difficulty: {name}" in str(app.screen.query_one("#puzzle-filter", Static).render())
            seen[int(key)] = shown
        assert len({tuple(lines) for lines in seen.values()}) == 4  # every level changes the counts
        totals = [int(seen[level][0].split("/")[1].split()[0]) for level in (1, 2, 3)]
        assert sum(totals) == TOTAL and all(totals)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


# --- forced puzzles -----------------------------------------------------------------------------------------


async def test_solving_a_forced_puzzle_in_notation_from_its_theme_set(tmp_path: Path) -> None:
    puzzle = PLAY_PUZZLE
    assert puzzle.answers != ["pass"]
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("p")
        await pilot.pause()
        sets = app.screen.query_one("#puzzle-sets", OptionList)
        sets.highlighted = sets.get_option_index(f"theme:{puzzle.kind}:{puzzle.theme}:standard")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        assert screen.puzzle.id == puzzle.id
        assert all(item.theme == puzzle.theme for item in screen.puzzles)
        assert board_of(app).scene.position == puzzle.board()
        assert not feedback_of(app).display

        await type_play(pilot, puzzle.answers[0])
        shown = feedback_text(app)
        assert feedback_of(app).has_class("right"), shown
        assert shown == "✓ " + explain(puzzle.board(), puzzle.roll()).text
        assert "Forced:" in shown
        assert screen.done

        stored = attempts(tmp_path, puzzle.id)
        assert [(answer, correct) for answer, correct, _ in stored] == [(puzzle.answers[0], True)]
        assert stored[0][2] >= 0

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleMenuScreen)
        lines = set_lines(app)
        assert lines[0] == f"All puzzles  (1/{TOTAL} solved)"
        assert f"{THEME_TITLES[puzzle.theme]}  (1/15 solved)" in lines
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert puzzle_line(app).endswith(f"1 of {TOTAL} solved"), puzzle_line(app)


async def test_the_no_play_answer_to_a_playable_roll_is_wrong_and_stored(tmp_path: Path) -> None:
    puzzle = PLAY_PUZZLE
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_puzzles(pilot, [puzzle])
        await pilot.press("p")
        await pilot.pause()
        assert feedback_of(app).has_class("wrong")
        assert "This roll can be played" in feedback_text(app)
        assert not screen.done
        assert board_of(app).scene.position == puzzle.board()
        assert [(answer, correct) for answer, correct, _ in attempts(tmp_path, puzzle.id)] == [("pass", False)]
        await pilot.press("escape")
        await pilot.pause()
        assert puzzle_line(app).endswith(f"0 of {TOTAL} solved")


async def test_an_illegal_play_on_a_no_play_puzzle_says_why_then_no_legal_play_is_right(tmp_path: Path) -> None:
    puzzle = NO_PLAY_PUZZLE
    position, dice = puzzle.board(), puzzle.roll()
    reason = None
    for typed in ("bar/20", "bar/22", "24/18", "13/8", "8/4", "6/off", "6/5"):
        try:
            parse_play(position, dice, typed)
        except IllegalPlayError as error:
            reason = error.reason
            break
        except PlayError:
            continue
    assert reason is not None
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_puzzles(pilot, [puzzle])
        await type_play(pilot, typed)
        assert feedback_of(app).has_class("wrong")
        assert feedback_text(app) == f"✗ Illegal: {sentence(reason)}"
        assert not screen.done
        notation = screen.query_one("#notation", Input)
        assert notation.value == "" and app.focused is notation  # emptied for the next try, still typing
        await pilot.press("escape")  # leaves the box, not the puzzle
        await pilot.pause()
        assert app.screen is screen and app.focused is board_of(app)
        await pilot.press("slash")
        await pilot.pause()
        assert app.focused is notation
        await pilot.press("p")  # from the empty box, p is the "No legal play" key, not a letter typed
        await pilot.pause()
        assert feedback_of(app).has_class("right"), feedback_text(app)
        assert "No legal play" in feedback_text(app)
    stored = [(answer, correct) for answer, correct, _ in attempts(tmp_path, puzzle.id)]
    assert stored == [("pass", True)]  # the illegal play was no answer: "no legal play" is right at the first try


async def test_the_title_keeps_the_theme_hidden_until_the_puzzle_is_answered(tmp_path: Path) -> None:
    """The title shows the kind and the difficulty; a set's theme ("No legal play") would give the answer away, so
    it is named only once the puzzle is answered. No "is this roll forced?" question comes first."""
    puzzle = NO_PLAY_PUZZLE
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_puzzles(pilot, [puzzle])
        title = str(screen.query_one("#task-title", Static).render())
        assert "Forced move" in title and "★" * puzzle.difficulty in title
        assert THEME_TITLES[puzzle.theme] not in title
        assert not screen.query("#yes") and not screen.query("#no")
        assert screen.query_one("#notation", Input).display
        await pilot.click("#no-play")
        await pilot.pause()
        assert feedback_of(app).has_class("right")
        assert THEME_TITLES[puzzle.theme] in str(screen.query_one("#task-title", Static).render())
    stored = [(attempt.question, attempt.answer, attempt.correct) for attempt in history(tmp_path, puzzle.id)]
    assert stored == [("play", "pass", True)]


@pytest.mark.parametrize(
    "puzzle", [PLAY_PUZZLE, first(theme="blocked-route"), first(theme="bearoff-higher")], ids=lambda p: p.id
)
async def test_playing_a_forced_puzzle_on_the_board_by_clicks(tmp_path: Path, puzzle: Puzzle) -> None:
    (play,) = puzzle.accepted_plays()
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_puzzles(pilot, [puzzle])
        for move in play.moves:
            assert not screen.done
            await click_point(pilot, move.start)
            assert board_of(app).scene.selected == move.start, feedback_text(app)
            await click_point(pilot, move.end)
        assert feedback_of(app).has_class("right"), feedback_text(app)
        assert explain(puzzle.board(), puzzle.roll()).text in feedback_text(app)
        assert board_of(app).scene.position == play.result
        assert screen.done
    stored = attempts(tmp_path, puzzle.id)
    assert stored[-1][:2] == (str(play), True)


# --- bear-off puzzles ---------------------------------------------------------------------------------------


async def test_a_bearoff_puzzle_wrong_play_solution_retry_and_next(tmp_path: Path) -> None:
    puzzle, best, worse = BEAROFF_PUZZLE, BEST, WORSE
    following = next(item for item in LIBRARY.puzzles if item.kind == "bearoff" and item.id != puzzle.id)
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_puzzles(pilot, [puzzle, following])
        screen.solution_step_seconds = 0.01
        assert "Puzzle 1 of 2" in str(screen.query_one("#task-title", Static).render())

        await type_play(pilot, str(worse.play))
        shown = feedback_text(app)
        assert feedback_of(app).has_class("wrong"), shown
        assert f"After {worse.play} {bearoff_figures(worse, 'race')}." in shown
        points = (best.win_probability - worse.win_probability) * 100
        assert f"The best play wins {points:.1f} percentage points more often." in shown  # a race: winning chances
        assert "fewer rolls" not in shown
        assert board_of(app).scene.position == puzzle.board()
        assert not screen.done
        assert attempts(tmp_path, puzzle.id)[0][:2] == (str(worse.play), False)

        board_of(app).focus()  # see the next test: with the focus left in the notation box, s is typed there
        await pilot.press("s")
        await pilot.pause()
        assert feedback_of(app).has_class("info")  # showing the solution is not a right answer
        assert feedback_text(app) == f"Solution: {bearoff_solution(puzzle)}"
        assert screen.done
        await settle(pilot, lambda: board_of(app).scene.position == best.play.result)
        assert board_of(app).scene.position == best.play.result
        assert board_of(app).scene.last_move == LastMove.of(best.play)  # the solution's moves are marked, from and to
        assert screen.query_one("#notation", Input).value == screen.playing.turn.notation()

        await pilot.press("r")
        await pilot.pause()
        assert not screen.done
        assert not feedback_of(app).display
        assert board_of(app).scene.position == puzzle.board()
        assert screen.query_one("#notation", Input).value == ""

        await type_play(pilot, puzzle.answers[0])
        assert feedback_of(app).has_class("right"), feedback_text(app)
        assert f"{puzzle.answers[0]} is best" in feedback_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert screen.index == 1 and screen.puzzle.id == following.id
        assert "Puzzle 2 of 2" in str(screen.query_one("#task-title", Static).render())
        assert board_of(app).scene.position == following.board()
        assert not feedback_of(app).display
    stored = [(attempt.answer, attempt.correct, attempt.revealed) for attempt in history(tmp_path, puzzle.id)]
    # The right answer came after the solution was shown: kept, but marked, so it doesn't count as solved.
    assert stored == [(str(worse.play), False, False), (puzzle.answers[0], True, True)]


async def test_s_right_after_a_wrong_typed_bearoff_play_shows_the_solution(tmp_path: Path) -> None:
    """The feedback to a wrong play says "Try again, or press s for the solution": pressing s must do that, not
    type an s into the notation box that still has the focus."""
    puzzle, worse = BEAROFF_PUZZLE, WORSE
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_puzzles(pilot, [puzzle])
        await type_play(pilot, str(worse.play))
        assert "press s for the solution" in feedback_text(app)
        await pilot.press("s")
        await pilot.pause()
        notation = screen.query_one("#notation", Input).value
        assert feedback_text(app).startswith("Solution: "), f"{feedback_text(app)!r}; notation box: {notation!r}"
