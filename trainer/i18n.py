"""The translation function every learner-facing sentence goes through: gettext's, with English as the source
language (below every layer, standard library only).

- ``_(message)`` is ``message`` in the language in use; English is the messages themselves. A message with
  parts filled in at run time names them, and the caller fills them after translating:
  ``_("You rolled {dice}.").format(dice=...)``, never an f-string inside ``_()``.
- ``ngettext(singular, plural, count)`` chooses by ``count`` (``"{count} checker"``, ``"{count} checkers"``).
- ``N_(message)`` marks a message where it is defined without translating it there (a class's key descriptions,
  a table of names): the code that shows it passes it through ``_()`` then, so a language chosen later applies.
- :func:`use` sets the translations in use (a catalog's ``gettext.GNUTranslations``), :class:`PseudoTranslations`
  a pseudo-language that turns every letter of a translated message into a look-alike, so that a screen shown in
  it reveals any English that did not go through ``_()``.
"""

from __future__ import annotations

import gettext
import re
import threading
from typing import Final

_lock = threading.Lock()
_translations: gettext.NullTranslations = gettext.NullTranslations()


def use(translations: gettext.NullTranslations | None) -> None:
    """Translate with ``translations`` from now on (``None``: English, the messages as written)."""
    global _translations
    with _lock:
        _translations = translations if translations is not None else gettext.NullTranslations()


def translations() -> gettext.NullTranslations:
    """The translations in use."""
    return _translations


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` by ``count``, in the language in use."""
    return _translations.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """``message`` itself, marked for translation: translate it with ``_()`` where it is shown."""
    return message


PSEUDO_LETTERS: Final = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚƲŴẊÝŽ",
)
"""Each ASCII letter and its pseudo-language look-alike."""
_FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: every letter outside the ``{fields}`` to be filled turned into a
    look-alike (``Roll`` becomes ``Ŕóĺĺ``), so that it reads, and English left untranslated stands out."""
    return "".join(part if _FIELD.fullmatch(part) else part.translate(PSEUDO_LETTERS) for part in _FIELD.split(message))


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language (see :func:`pseudo`): for tests that every learner-facing string is translated."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
