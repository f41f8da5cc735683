"""Text from lesson and puzzle files never reaches the terminal with a control character in it: a title holding
``ESC ]0;...BEL`` (which retitles the terminal), or any other character ``str.isprintable`` refuses, is a problem
of the file, reported with its file, field, the characters shown as visible signs and a suggestion; the loader
skips the file as for any other problem. Line breaks and tabs are fine in text of several lines (a step's text, a
prompt, an explanation, a hint), nowhere else."""

from __future__ import annotations

import copy
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from textual.widgets import OptionList, Static

from trainer.cli import main as cli
from trainer.content.loader import load_lesson_file, load_lessons
from trainer.content.models import MULTI_LINE_FIELDS, ControlCharacterError, Lesson, control_characters
from trainer.content.paths import content_dir
from trainer.content.puzzles import PUZZLE_CLASS, load_puzzles
from trainer.tui.app import TrainerApp

RETITLE = "\\u001b]0;pwned\\u0007"
"""ESC ] 0 ; pwned BEL, as a TOML string writes it: the sequence that sets a terminal's title."""
SHOWN = "␛]0;pwned␇"
HOSTILE_LESSON = f'''id = "hostile"
number = 1
title = "Blots{RETITLE}"
summary = "A lesson."

[[steps]]
kind = "read"
text = """
A **blot** is a single checker.
\tLine breaks and tabs are fine in a text of several lines.
Then a bell\\u0007."""

[[steps]]
kind = "choose"
prompt = "Which?"
options = [{{ text = "A", correct = true, explanation = "Right." }}, {{ text = "B", explanation = "Wrong." }}]
'''
GOOD_PUZZLE = """[[puzzles]]
id = "good-1"
kind = "forced"
theme = "both-dice"
difficulty = 1
position = "X: 8 2x14 / O: 20x13 5x2"
dice = "31"
prompt = "Play the 3-1."
answers = ["8/4"]
"""
HOSTILE_PUZZLE = (
    GOOD_PUZZLE.replace('"good-1"', '"hostile-1"')
    .replace('theme = "both-dice"', f'theme = "both-dice{RETITLE}"')
    .replace('"Play the 3-1."', f'"Play the 3-1.\\n{RETITLE}"')
)


def validated(path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What ``bgtrainer validate`` prints for a file holding ``text``, which has problems (exit status 1)."""
    path.write_text(text, "utf-8")
    assert cli.main(["validate", str(path)]) == 1
    return capsys.readouterr().out.splitlines()


def test_validate_reports_control_characters_in_a_lesson_title_and_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hostile.toml"
    lines = validated(path, HOSTILE_LESSON, capsys)
    assert lines == [
        f"{path}:3: field 'title': the text holds 2 control characters, ␛ (U+001B), ␇ (U+0007), which a terminal "
        f"would act on rather than show: 'Blots{SHOWN}' (suggestion: remove them, or write what they stand for as "
        "text)",
        f"{path}:8: step 1 (read), field 'text': the text holds a control character, ␇ (U+0007), which a terminal "
        "would act on rather than show: '… of several lines.\\nThen a bell␇.' (suggestion: remove it, or write what "
        "it stands for as text)",
        "2 problems in 1 of 1 file.",
    ]
    assert all("\x1b" not in line and "\x07" not in line for line in lines)


def test_validate_reports_control_characters_in_a_puzzle_theme_and_prompt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hostile.toml"
    assert validated(path, GOOD_PUZZLE + "\n" + HOSTILE_PUZZLE, capsys) == [
        f"{path}:14: puzzle 2 (hostile-1), field 'theme': the text holds 2 control characters, ␛ (U+001B), ␇ "
        f"(U+0007), which a terminal would act on rather than show: 'both-dice{SHOWN}' (suggestion: remove them, "
        "or write what they stand for as text)",
        f"{path}:18: puzzle 2 (hostile-1), field 'prompt': the text holds 2 control characters, ␛ (U+001B), ␇ "
        f"(U+0007), which a terminal would act on rather than show: 'Play the 3-1.\\n{SHOWN}' (suggestion: remove "
        "them, or write what they stand for as text)",
        "2 problems in 1 of 1 file.",
    ]


def test_the_loaders_skip_a_file_with_control_characters(tmp_path: Path) -> None:
    lessons, puzzles = tmp_path / "lessons", tmp_path / "puzzles"
    lessons.mkdir()
    puzzles.mkdir()
    (lessons / "hostile.toml").write_text(HOSTILE_LESSON, "utf-8")
    (puzzles / "hostile.toml").write_text(GOOD_PUZZLE + "\n" + HOSTILE_PUZZLE, "utf-8")
    lesson_library = load_lessons(lessons)
    assert lesson_library.lessons == [] and lesson_library.skipped == ["hostile.toml"]
    assert [problem.where for problem in lesson_library.problems] == ["field 'title'", "step 1 (read), field 'text'"]
    puzzle_library = load_puzzles(puzzles)
    assert [puzzle.id for puzzle in puzzle_library.puzzles] == ["good-1"]  # the good puzzle of the file stays
    assert puzzle_library.skipped == ["hostile.toml"]
    assert {problem.line for problem in puzzle_library.problems} == {14, 18}


async def test_the_app_skips_the_file_with_its_notice_and_never_shows_its_text(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    shutil.copy(content_dir("lessons") / "01-board.toml", lessons / "01-board.toml")
    (lessons / "02-hostile.toml").write_text(HOSTILE_LESSON.replace("number = 1", "number = 2"), "utf-8")
    app = TrainerApp(data_dir=tmp_path / "data", lessons_dir=lessons)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        notice = str(app.screen.query_one("#home-notice", Static).render())
        options = app.screen.query_one("#home-menu", OptionList)
        listed = [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]
        assert "02-hostile.toml" in notice and listed[0].startswith("1. The board and its numbering")
        assert not any("Blots" in line for line in listed)
        assert "pwned" not in app.export_screenshot()


def test_line_breaks_and_tabs_are_fine_only_in_text_of_several_lines(tmp_path: Path) -> None:
    path = tmp_path / "breaks.toml"
    path.write_text(HOSTILE_LESSON.replace(RETITLE, "").replace("\\u0007", ""), "utf-8")
    lesson, problems = load_lesson_file(path)
    assert problems == [] and lesson is not None and "\n\t" in lesson.steps[0].text  # type: ignore[union-attr]
    path.write_text(path.read_text().replace('title = "Blots"', 'title = "Blots\\tand\\nhits"'))
    lesson, problems = load_lesson_file(path)
    assert lesson is None
    assert [(problem.where, "␉ (U+0009), ␊ (U+000A)" in problem.message) for problem in problems] == [
        ("field 'title'", True)
    ]


@pytest.mark.parametrize(
    ("text", "multi_line", "found"),
    [
        ("Blots and hitting", False, []),
        ("é, ½, 日本, ★", False, []),
        ("a\nb\tc", True, []),
        ("a\nb\tc", False, ["\n", "\t"]),
        ("a\r\nb", True, ["\r"]),
        ("\x1b]0;x\x07\x1b", True, ["\x1b", "\x07"]),
        ("\x9b2J", False, ["\x9b"]),  # a C1 control: CSI on its own
        ("\x7f", False, ["\x7f"]),
        ("a\u200bb\u202e", False, ["\u200b", "\u202e"]),  # a zero-width space, a right-to-left override
        ("a\u2028b", True, ["\u2028"]),
    ],
)
def test_control_characters_are_what_isprintable_refuses(text: str, multi_line: bool, found: list[str]) -> None:
    assert control_characters(text, multi_line=multi_line) == found


def text_places(value: Any, place: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """The place of every string in a file's table (a key, a list index, a key of a table in a list...)."""
    if isinstance(value, str):
        yield place
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from text_places(item, (*place, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from text_places(item, (*place, index))


def with_escape(table: dict[str, Any], place: tuple[str | int, ...]) -> dict[str, Any]:
    changed = copy.deepcopy(table)
    holder: Any = changed
    for part in place[:-1]:
        holder = holder[part]
    holder[place[-1]] += "\x1b"
    return changed


FORMS = {"id", "kind", "question", "answer", "ask", "want", "variant", "cube_owner", "side"}
"""Fields of a strict form (a pattern, a few words), which an escape breaks before it is looked for."""


def refusals(model: type[BaseModel], table: dict[str, Any]) -> list[tuple[tuple[str | int, ...], bool]]:
    """Where the model refuses ``table``, and whether for a control character."""
    with pytest.raises(ValidationError) as refused:
        model.model_validate(table)
    return [
        (item["loc"], isinstance(item.get("ctx", {}).get("error"), ControlCharacterError))
        for item in refused.value.errors()
    ]


def field_of(kind: str, place: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """Where a lesson with one step of ``kind`` is refused for the string at ``place``: at its field (a list of
    texts as a whole), or at the step for its kind."""
    if place[:3] == ("steps", 0, "kind"):
        return ("steps", 0)
    field = place if place[0] != "steps" else ("steps", 0, kind, *place[2:])
    return field[:-1] if isinstance(field[-1], int) else field


def shipped_tables(folder: str, key: str) -> dict[str, dict[str, Any]]:
    """The first table of each kind in the shipped lesson steps or puzzles."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(content_dir(folder).glob("*.toml")):
        for table in tomllib.loads(path.read_text("utf-8")).get(key, []):
            found.setdefault(table["kind"], table)
    return found


def test_every_text_of_every_kind_of_step_and_puzzle_is_checked() -> None:
    """An escape added to any string of a shipped step or puzzle (one of each kind) gets it refused at that field,
    for the control character unless the field has a strict form (a pattern, a few words) that the escape breaks
    first."""
    header = tomllib.loads((content_dir("lessons") / "01-board.toml").read_text("utf-8"))
    steps = shipped_tables("lessons", "steps")
    assert set(steps) == {
        "read",
        "play",
        "setup",
        "choose",
        "pick",
        "roll",
        "cube",
        "score",
        "double",
        "shots",
        "pips",
        "best",
    }
    checked = set()
    for kind, step in steps.items():
        lesson = header | {"steps": [step]}
        for place in text_places(lesson):
            refused = refusals(Lesson, with_escape(lesson, place))
            field = field_of(kind, place)
            assert any(loc[: len(field)] == field for loc, __ in refused), (place, refused)
            if place[-1] not in FORMS:
                assert (field, True) in refused, (place, refused)
            checked.add(place[-1] if isinstance(place[-1], str) else place[-2])
    assert (
        checked >= MULTI_LINE_FIELDS
        and {"title", "summary", "id", "position", "dice", "target", "conditions"} <= checked
    )
    for kind, puzzle in shipped_tables("puzzles", "puzzles").items():
        for place in text_places(puzzle):
            refused = refusals(PUZZLE_CLASS[kind], with_escape(puzzle, place))
            assert any(loc[:1] == place[:1] for loc, __ in refused), (kind, place, refused)
            if place[0] not in FORMS:  # at the field, or inside it (a best play's listed plays)
                assert any(loc[:1] == place[:1] and control for loc, control in refused), (kind, place, refused)
