"""Wording helpers shared by every message the engine and the app write: plurals, number words, sentences."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.engine.state import WinKind

# --- shared helpers -----------------------------------------------------------------------------------------

NUMBER_WORDS = {0: N_("none"), 1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four")}


def plural(count: int, word: str) -> str:
    """``1 checker``, ``2 checkers`` (English only: for the layers that have not moved to ``ngettext`` yet; the
    engine does not use it)."""
    return f"{count} {noun(count, word)}"


def noun(count: int, word: str) -> str:
    """``word`` for one, ``words`` for any other count, the count itself not written (English only, like
    :func:`plural`)."""
    return word if count == 1 else f"{word}s"


def number_word(count: int) -> str:
    """``one`` to ``four`` (the numbers of moves in a roll) in the language in use, digits beyond."""
    word = NUMBER_WORDS.get(count)
    return str(count) if word is None else _(word)


_PLAY_START = re.compile(r"(bar|in)/", re.IGNORECASE)


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals (the rest untouched), unless it starts with a play written in
    notation, which keeps its case (``bar/22 needs...``, ``in/19 is...``)."""
    if _PLAY_START.match(text):
        return text
    return text[:1].upper() + text[1:]


def sentence(reason: str) -> str:
    """A reason as a sentence: capital first letter, full stop."""
    text = capitalized(reason)
    return text if text.endswith(".") else _("{reason}.").format(reason=text)


QUOTE_LIMIT = 80


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error message, cut to about ``limit`` characters however long it is (counting the
    escapes of characters that can't be shown, which take up to ten each)."""
    shown = repr(text)
    if len(text) <= limit and len(shown) <= limit + 2:
        return shown
    cut = text[:limit]
    while len(repr(cut)) > limit + 2:
        cut = cut[:-1]
    count = len(text)
    message = ngettext("{text}… ({count} character)", "{text}… ({count} characters)", count)
    return message.format(text=repr(cut), count=f"{count:,}")


def win_kind_phrase(kind: WinKind) -> str:
    """How big a win is, as a sentence names it: ``a single game``, ``a gammon``, ``a backgammon``."""
    phrases = {1: _("a single game"), 2: _("a gammon"), 3: _("a backgammon")}
    return phrases[kind.value]


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` safe to show on a terminal: every control character (escapes, bells, carriage returns, C1 codes) that
    a terminal would act on instead of showing, written as a visible sign (``␛`` for escape, ``\\x9b`` for a C1 code).
    ``newlines`` keeps line breaks (and tabs) as they are, for text of several lines."""
    kept = "\n\t" if newlines else ""
    if text.isprintable():
        return text
    shown = []
    for char in text:
        code = ord(char)
        if char in kept or char.isprintable():
            shown.append(char)
        elif code < 0x20:
            shown.append(chr(0x2400 + code))  # the Control Pictures block: ␛ for escape, ␇ for bell
        elif code == 0x7F:
            shown.append("␡")
        elif code < 0xA0:
            shown.append(f"\\x{code:02x}")
        else:
            shown.append(" " if char.isspace() else f"\\u{code:04x}")  # other separators and format characters
    return "".join(shown)
