"""The app's Portuguese texts next to their English ones (its catalog's messages, the lessons and the puzzles'
prompts), and the English words a Portuguese text must not show: the words of the English texts that the Portuguese
ones never use, worked out once per test process."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from trainer.authoring.catalogs import po_path, read_catalog
from trainer.content.loader import load_lessons
from trainer.content.paths import content_dir
from trainer.content.translations import placed_texts, prompt_table

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


@dataclass(frozen=True, slots=True)
class TextPair:
    """One text in both languages, and where it comes from (``catalog``, ``lesson hitting steps[3].prompt``)."""

    place: str
    english: str
    portuguese: str


@cache
def portuguese_pairs() -> tuple[TextPair, ...]:
    """Every Portuguese text with its English one: each catalog message (each plural form with the English form it
    stands for), each text field of each lesson, each puzzle prompt."""
    pairs = []
    for message in read_catalog(po_path("pt_BR"), "pt_BR"):
        if not message.id:
            continue
        english, portuguese = list(_parts(message.id)), list(_parts(message.string))
        for index, text in enumerate(portuguese):
            pairs.append(TextPair("catalog", english[min(index, len(english) - 1)], text))
    english_lessons, portuguese_lessons = load_lessons(language="en").lessons, load_lessons(language="pt").lessons
    for ours, theirs in zip(english_lessons, portuguese_lessons, strict=True):
        translated = dict(placed_texts(theirs.model_dump()))
        for place, text in placed_texts(ours.model_dump()):
            pairs.append(TextPair(f"lesson {ours.id} {place}", text, translated[place]))
    prompts, _problems = prompt_table(content_dir("puzzles"), "pt")
    pairs.extend(TextPair("puzzle prompt", english, portuguese) for english, portuguese in prompts.items())
    return tuple(pairs)


@cache
def english_only_words() -> frozenset[str]:
    """The app's English words its Portuguese never uses, in lower case (see the module)."""
    catalog = [message for message in read_catalog(po_path("pt_BR"), "pt_BR") if message.id]
    english = _words(text for message in catalog for text in _parts(message.id))
    portuguese = _words(text for message in catalog for text in _parts(message.string))
    for language, found in (("en", english), ("pt", portuguese)):
        for lesson in load_lessons(language=language).lessons:
            found |= _words(text for _place, text in placed_texts(lesson.model_dump()))
    prompts, _problems = prompt_table(content_dir("puzzles"), "pt")
    english |= _words(iter(prompts))
    portuguese |= _words(iter(prompts.values()))
    return frozenset(english - portuguese - PORTUGUESE_ALLOWED)


def english_left_in_portuguese(text: str) -> list[str]:
    """The English words of ``text`` that a Portuguese text must not show, in order, each once."""
    leftovers = english_only_words()
    return sorted({word for word in ASCII_WORD.findall(text) if word.lower() in leftovers})
