"""The English words a Portuguese text must not show: the words of the app's English texts (its catalog's messages,
the lessons and the puzzles' prompts) that its Portuguese texts never use, worked out once per test process."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from trainer.authoring.catalogs import po_path, read_catalog
from trainer.content.loader import load_lessons
from trainer.content.paths import content_dir
from trainer.content.translations import TEXT_FIELDS, prompt_table

ASCII_WORD = re.compile(r"[A-Za-z]{3,}")
PORTUGUESE_ALLOWED = {
    *("bar", "off", "pass", "start", "bgtrainer", "ctrl", "esc", "tab", "enter", "space", "del"),
    *("gammon", "gammons", "backgammon", "beaver", "beavers", "pip", "pips", "crawford", "jacoby", "acey", "deucey"),
    *("slot", "bgsage", "gnu", "ply", "plies", "emg", "fsrs", "glicko", "json", "mat", "xgid", "id", "ids"),
    *("status", "streak", "storm", "palette", "shift", "backspace", "pageup", "pagedown", "home", "end"),
}
"""Words a Portuguese text may show as English writes them: notation, the game's loanwords, names, keys."""


def _words(texts: Iterator[str]) -> set[str]:
    return {word.lower() for text in texts for word in ASCII_WORD.findall(text)}


def _parts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple | list):
        yield from (part for part in value if isinstance(part, str))


def _lesson_texts(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for name, item in value.items():
            yield from _lesson_texts(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from _lesson_texts(item, key)
    elif isinstance(value, str) and key in TEXT_FIELDS:
        yield value


@cache
def english_only_words() -> frozenset[str]:
    """The app's English words its Portuguese never uses, in lower case (see the module)."""
    catalog = [message for message in read_catalog(po_path("pt_BR"), "pt_BR") if message.id]
    english = _words(text for message in catalog for text in _parts(message.id))
    portuguese = _words(text for message in catalog for text in _parts(message.string))
    for language, found in (("en", english), ("pt", portuguese)):
        for lesson in load_lessons(language=language).lessons:
            found |= _words(_lesson_texts(lesson.model_dump()))
    prompts, _problems = prompt_table(content_dir("puzzles"), "pt")
    english |= _words(iter(prompts))
    portuguese |= _words(iter(prompts.values()))
    return frozenset(english - portuguese - PORTUGUESE_ALLOWED)


def english_left_in_portuguese(text: str) -> list[str]:
    """The English words of ``text`` that a Portuguese text must not show, in order, each once."""
    leftovers = english_only_words()
    return sorted({word for word in ASCII_WORD.findall(text) if word.lower() in leftovers})
