"""The main screens walked in the pseudo-language (:class:`trainer.i18n.PseudoTranslations`), in which every
translated letter becomes a look-alike: any plain English word left on the screen is text that bypassed the
translation function. Content (lesson and puzzle text, which the content files hold in English) is turned into the
pseudo-language too, so that only what code writes is checked.

Walked: home, a lesson's steps with a wrong and a right answer, the puzzle menu and a puzzle answered, the
forced-or-not drill, the Play menu and a game of two players, Explore. What may stay in ASCII: notation (``bar``,
``off``, ``in``, ``pass``), ``start``, the program's name, identifiers of positions and puzzles, and the keys the
footer shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from language_support import english_left_in_portuguese
from pilot_support import idle, type_play
from play_support import CheapEvaluator
from textual.pilot import Pilot
from textual.widgets import OptionList

from trainer import i18n
from trainer.content.best import best_figures
from trainer.content.loader import LessonLibrary, load_lessons
from trainer.content.models import Lesson, Puzzle
from trainer.content.puzzles import PuzzleLibrary, load_puzzles
from trainer.i18n import PseudoTranslations, pseudo
from trainer.tui.app import TrainerApp
from trainer.tui.screens.counting import CountingScreen
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.explore import ExploreScreen
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.screens.play import PlayScreen
from trainer.tui.screens.play_menu import PlayMenuScreen
from trainer.tui.screens.puzzles import PuzzleMenuScreen, PuzzleScreen
from trainer.tui.screens.skill_drills import BestRunScreen, SkillDrillMenuScreen

P = TypeVar("P", bound=Puzzle)
SIZE = (120, 40)
TEXT_FIELDS = {"title", "summary", "text", "prompt", "hint", "explanation"}
"""The fields of lessons and puzzles that hold prose (an option's text is one too)."""
ALLOWED = {"bar", "off", "in", "pass", "start", "bgtrainer", "ctrl", "esc", "tab", "enter", "space", "del"}
"""ASCII words that may stay on a screen in any language: notation, a keyword the position box takes, the
program's name, the names of keys."""
IDENTIFIER = re.compile(r"[A-Za-z0-9+/=_-]*[0-9][A-Za-z0-9+/=_-]*|[A-Za-z0-9+/]{14}")
"""A position's or a puzzle's identifier (letters mixed with digits), which is no word."""


def pseudo_fields(value: Any, key: str = "") -> Any:
    """A lesson's or puzzle's data with its prose in the pseudo-language."""
    if isinstance(value, dict):
        return {name: pseudo_fields(item, name) for name, item in value.items()}
    if isinstance(value, list):
        return [pseudo_fields(item, key) for item in value]
    if isinstance(value, str) and key in TEXT_FIELDS:
        return pseudo(value)
    return value


def pseudo_lesson(lesson: Lesson) -> Lesson:
    data = lesson.model_dump()
    for step in data["steps"]:
        for option in step.get("options") or []:
            option["text"] = pseudo(option["text"])
    return Lesson.model_validate(pseudo_fields(data))


def pseudo_puzzle(puzzle: P) -> P:
    return type(puzzle).model_validate(pseudo_fields(puzzle.model_dump()))


def english_words(text: str) -> list[str]:
    """The words of ``text`` written in plain ASCII letters that no language keeps as they are."""
    words = []
    for token in re.findall(r"[A-Za-z0-9+/=_-]+", text):
        if IDENTIFIER.fullmatch(token) and re.search(r"[0-9]", token):
            continue
        for word in re.findall(r"[A-Za-z]{2,}", token):
            if word.lower() not in ALLOWED and not IDENTIFIER.fullmatch(token):
                words.append(word)
    return words


def screen_text(pilot: Pilot[None]) -> str:
    """Everything on the screen now, line by line, as a terminal shows it."""
    strips = pilot.app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def check(pilot: Pilot[None], where: str) -> None:
    text = screen_text(pilot)
    words = english_words(text)
    assert words == [], f"{where}: English on the screen: {sorted(set(words))}\n{text}"


@pytest.fixture
def pseudo_language() -> Iterator[None]:
    i18n.use(PseudoTranslations())
    try:
        yield
    finally:
        i18n.use(None)


def libraries() -> tuple[LessonLibrary, PuzzleLibrary]:
    lessons = load_lessons()
    puzzles = load_puzzles()
    return (
        LessonLibrary(lessons=[pseudo_lesson(lesson) for lesson in lessons.lessons[:3]]),
        PuzzleLibrary(
            puzzles=[pseudo_puzzle(puzzle) for puzzle in puzzles.puzzles if puzzle.variant == "standard"][::20],
            drills=[pseudo_puzzle(puzzle) for puzzle in puzzles.drills[:12]],
        ),
    )


async def test_the_main_screens_show_no_english_in_the_pseudo_language(tmp_path: Path, pseudo_language: None) -> None:
    await walk(tmp_path, *libraries(), check)


async def walk(
    tmp_path: Path, lessons: LessonLibrary, puzzles: PuzzleLibrary, check: Callable[[Pilot[None], str], None]
) -> None:
    """Walk the main screens with ``lessons`` and ``puzzles`` loaded, ``check`` looking at each."""
    empty = tmp_path / "content"
    empty.mkdir()
    app = TrainerApp(data_dir=tmp_path / "data", lessons_dir=empty, puzzles_dir=empty, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        app.lessons, app.puzzles = lessons, puzzles
        await idle(pilot)
        check(pilot, "home")

        # A lesson: its steps, answered wrong then right where they ask something.
        lesson = lessons.lessons[0]
        await app.push_screen(LessonScreen(lesson))
        await idle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        for _number in range(6):
            check(pilot, f"lesson step {screen.index + 1}")
            options = screen.query_one("#options", OptionList)
            if options.option_count:
                await pilot.press("1")
                await idle(pilot)
                check(pilot, f"lesson step {screen.index + 1}, answered")
            if not screen.solved and screen.view.answers_on_board:
                await pilot.click("#board", offset=screen.board.offset_of(1))
                await idle(pilot)
                check(pilot, f"lesson step {screen.index + 1}, a point chosen")
            if screen.check_action("next", ()):
                await pilot.press("n")
                await idle(pilot)
            else:
                screen.index += 1
                await idle(pilot)
        await pilot.press("q")
        await idle(pilot)

        # Puzzles: the menu, a forced puzzle answered wrong, its solution.
        await app.push_screen(PuzzleMenuScreen())
        await idle(pilot)
        check(pilot, "the puzzle menu")
        forced = next(puzzle for puzzle in puzzles.puzzles if puzzle.kind == "forced")
        await app.push_screen(PuzzleScreen([forced]))
        await idle(pilot)
        check(pilot, "a puzzle")
        await type_play(pilot, "24/23")
        await idle(pilot)
        check(pilot, "a puzzle answered wrong")
        await pilot.press("s")
        await idle(pilot, lambda: isinstance(app.screen, PuzzleScreen) and app.screen.done)
        check(pilot, "a puzzle's solution")
        await pilot.press("q", "q")
        await idle(pilot)

        # The drill.
        await app.push_screen(DrillScreen("practice", puzzles.drills[:2]))
        await idle(pilot)
        check(pilot, "the drill")
        await pilot.press("n")
        await idle(pilot)
        check(pilot, "the drill answered")
        await pilot.press("q")
        await idle(pilot)

        # The skill drills: the menu, a best-play Streak missed, a count answered wrong.
        await app.push_screen(SkillDrillMenuScreen())
        await idle(pilot)
        check(pilot, "the skill drills")
        best = next(
            puzzle for puzzle in puzzles.puzzles if puzzle.kind == "best" and best_figures(puzzle).first_left_out
        )
        missed = best_figures(best).first_left_out
        assert missed is not None
        await app.push_screen(BestRunScreen("streak", [best]))
        await idle(pilot)
        check(pilot, "a best-play Streak")
        await type_play(pilot, str(missed.play))
        await idle(pilot, lambda: isinstance(app.screen, BestRunScreen) and app.screen.over)
        check(pilot, "a best-play Streak missed")
        await pilot.press("q")
        await idle(pilot)
        for kind in ("shots", "pips"):
            counted = pseudo_puzzle(next(puzzle for puzzle in load_puzzles().counts if puzzle.kind == kind))
            await app.push_screen(CountingScreen(kind, [counted]))
            await idle(pilot)
            check(pilot, f"the {kind} drill")
            await type_play(pilot, "999", open_box=False)
            await idle(pilot)
            check(pilot, f"the {kind} drill answered wrong")
            await pilot.press("enter")
            await idle(pilot)
            check(pilot, f"the {kind} drill's round over")
            await pilot.press("q")
            await idle(pilot)
        await pilot.press("q")  # the skill drills' menu
        await idle(pilot)

        # Play: the menu, then two players at this keyboard.
        await app.push_screen(PlayMenuScreen())
        await idle(pilot)
        check(pilot, "the Play menu")
        menu = app.screen.query_one("#play-menu", OptionList)
        menu.highlighted = menu.get_option_index("new:two-standard")
        await pilot.press("enter")
        await idle(pilot, lambda: isinstance(app.screen, PlayScreen))
        check(pilot, "a game of two players")
        play = app.screen
        assert isinstance(play, PlayScreen)
        for _turn in range(3):
            if play.check_action("roll", ()):
                await pilot.press("r")
            elif play.game.waiting_for.value == "move":
                await type_play(pilot, play_first(play))
                await pilot.press("enter")
            await idle(pilot)
            check(pilot, "a game of two players, played on")
        await pilot.press("q", "q")
        await idle(pilot)

        # Explore.
        await app.push_screen(ExploreScreen())
        await idle(pilot)
        check(pilot, "Explore")


def play_first(screen: PlayScreen) -> str:
    """The first legal play of the dice to play, in notation."""
    from trainer.engine import legal_plays

    state = screen.game.state
    assert state.dice is not None
    return str(legal_plays(state.position, state.dice)[0])


# --- the same walk in Portuguese ------------------------------------------------------------------------------------


async def test_the_main_screens_show_no_english_in_portuguese(tmp_path: Path) -> None:
    i18n.use_language("pt")

    def check_portuguese(pilot: Pilot[None], where: str) -> None:
        text = screen_text(pilot)
        found = english_left_in_portuguese(text)
        assert found == [], f"{where}: English on the screen: {found}\n{text}"

    lessons = load_lessons(language="pt")
    puzzles = load_puzzles(language="pt")
    shown = PuzzleLibrary(
        puzzles=[puzzle for puzzle in puzzles.puzzles if puzzle.variant == "standard"][::20],
        drills=puzzles.drills[:12],
        counts=puzzles.counts,
    )
    await walk(tmp_path, LessonLibrary(lessons=lessons.lessons[:3]), shown, check_portuguese)
