"""The content in another language: each lesson's translation is a parallel file (``lessons/pt/<same name>``) with
the same steps, kinds, positions and answers, only its text fields (:data:`TEXT_FIELDS`) translated; the puzzles'
prompts are translated by one table (``puzzles/pt/prompts.toml``: ``[[prompts]] en = "..." pt = "..."``).

A translation that does not match its English lesson (another step, a changed position or answer) or leaves a text
in English is a problem of its file, and the lesson is shown in English; a prompt with no translation stays in
English. :func:`translation_problems` is what ``bgtrainer validate`` and the tests check.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, TypeVar

from trainer.content import author_wording as wording
from trainer.content.files import ContentFileError, Problem, read_content_text
from trainer.content.models import BasePuzzle, Lesson
from trainer.i18n import Language

TEXT_FIELDS: Final = frozenset({"title", "summary", "text", "prompt", "hint", "explanation"})
"""The fields a translation translates; every other field is the English lesson's."""
FOLDERS: Final[dict[Language, str]] = {"pt": "pt"}
"""The folder of each language's translations, inside the lessons' and the puzzles' folders."""
PROMPTS_FILE: Final = "prompts.toml"
WORDS: Final = re.compile(r"[^\W\d_]{2,}")
P = TypeVar("P", bound=BasePuzzle)


def structure(value: Any) -> Any:
    """A lesson's fields with every text field's value taken out: what a translation must keep."""
    if isinstance(value, dict):
        return {key: ("…" if key in TEXT_FIELDS else structure(item)) for key, item in value.items()}
    if isinstance(value, list):
        return [structure(item) for item in value]
    return value


def placed_texts(value: Any, place: str = "") -> Iterator[tuple[str, str]]:
    """Every text field of a lesson's fields with its place (``steps[3].prompt``)."""
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{place}.{key}" if place else key
            if key in TEXT_FIELDS and isinstance(item, str):
                yield where, item
            else:
                yield from placed_texts(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from placed_texts(item, f"{place}[{index}]")


def _first_difference(english: Any, translated: Any, place: str = "") -> str:
    """Where two structures first differ (a field's place), for the problem's message."""
    if isinstance(english, dict) and isinstance(translated, dict):
        for key in english.keys() | translated.keys():
            if english.get(key) != translated.get(key):
                return _first_difference(english.get(key), translated.get(key), f"{place}.{key}" if place else key)
    if isinstance(english, list) and isinstance(translated, list) and len(english) == len(translated):
        for index, (left, right) in enumerate(zip(english, translated, strict=True)):
            if left != right:
                return _first_difference(left, right, f"{place}[{index}]")
    return place or "lesson"


def translation_problems(english: Lesson, translated: Lesson, name: str) -> list[Problem]:
    """What keeps ``translated`` from standing for ``english``: another structure (steps, kinds, positions,
    answers), or a text of several words left as the English one."""
    ours, theirs = english.model_dump(), translated.model_dump()
    if structure(ours) != structure(theirs):
        place = _first_difference(structure(ours), structure(theirs))
        return [Problem(name, None, place, wording.translation_differs(), wording.keep_the_english_fields())]
    problems = []
    for (place, text), (_, other) in zip(placed_texts(ours), placed_texts(theirs), strict=True):
        if text == other and len(WORDS.findall(text)) >= 3:
            problems.append(Problem(name, None, place, wording.text_not_translated(), wording.translate_the_text()))
    return problems


LoadLesson = Callable[[Path, str], tuple[Lesson | None, list[Problem]]]
"""How a lesson file is read and checked (the loader's ``load_lesson_file``): its path and the name to report."""


def translated_lesson(
    english: Lesson, path: Path, language: Language, load: LoadLesson
) -> tuple[Lesson, list[Problem]]:
    """``english`` in ``language`` from its parallel file next to ``path`` (itself if there is none), read by
    ``load``, with the problems that kept the translation out."""
    folder = FOLDERS.get(language)
    if folder is None:
        return english, []
    parallel = path.parent / folder / path.name
    if not parallel.is_file():
        return english, []
    name = f"{folder}/{path.name}"
    translated, problems = load(parallel, name)
    if translated is None:
        return english, problems
    problems = translation_problems(english, translated, name)
    return (english, problems) if problems else (translated, [])


def prompt_table(folder: Path, language: Language) -> tuple[dict[str, str], list[Problem]]:
    """The puzzles' prompts in ``language`` (English to translated), and the table's problems."""
    sub = FOLDERS.get(language)
    if sub is None:
        return {}, []
    path = folder / sub / PROMPTS_FILE
    if not path.is_file():
        return {}, []
    name = f"{sub}/{PROMPTS_FILE}"
    try:
        document = tomllib.loads(read_content_text(path))
    except (ContentFileError, tomllib.TOMLDecodeError) as error:
        return {}, [Problem(name, None, "", str(error))]
    table: dict[str, str] = {}
    problems = []
    for index, entry in enumerate(document.get("prompts", [])):
        english, translated = (entry.get(key) if isinstance(entry, dict) else None for key in ("en", "pt"))
        if not isinstance(english, str) or not isinstance(translated, str) or not translated.strip():
            problems.append(Problem(name, None, f"prompts[{index}]", wording.prompt_pair_needed(), None))
            continue
        table[english] = translated
    return table, problems


def translated_puzzles(puzzles: list[P], table: dict[str, str]) -> list[P]:
    """``puzzles`` with each prompt the table translates translated (the others as they are)."""
    return [
        puzzle.model_copy(update={"prompt": table[puzzle.prompt]}) if puzzle.prompt in table else puzzle
        for puzzle in puzzles
    ]
