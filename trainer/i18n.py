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
- **Languages** (:data:`LANGUAGES`): English (the messages themselves) and Brazilian Portuguese (the compiled
  catalog ``locale/pt_BR/LC_MESSAGES/bgtrainer.mo`` in the package, made from its ``.po`` source by
  ``python -m trainer.authoring.catalogs``). :func:`language_from` picks one: the one asked for (``--lang``), else
  ``BGTRAINER_LANG``, else the usual locale variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: any
  ``pt`` locale gives Portuguese), else English; :func:`use_language` puts it in use.
- **Numbers and dates** in the language in use: :func:`decimal` (``0.299``, ``0,299``), :func:`signed` (``+0.123``),
  :func:`grouped` (``1,296``, ``1.296``), :func:`percent` (``51.6%``, ``51,6%``), :func:`month_day` (``04 Dec``,
  ``4 de dez.``), :func:`short_date` (``2026-12-04``, ``04/12/2026``). A message whose figures carry their format
  (``{equity:+.3f}``) is filled with :func:`localized`, whose value formats itself so: the message stays as the
  catalog has it. English is written as Python writes it; another language through Babel's locale data, imported
  only when first needed.
"""

from __future__ import annotations

import datetime
import gettext
import re
import threading
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, get_args

if TYPE_CHECKING:
    from babel import Locale

Language = Literal["en", "pt"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
CATALOG_LOCALES: Final[dict[Language, str]] = {"pt": "pt_BR"}
"""The catalog of each language but English (whose messages are the source)."""
DOMAIN: Final = "bgtrainer"
LOCALE_DIR: Final = Path(__file__).parent / "locale"
LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The locale variables read, in gettext's order (the first one set decides)."""

_lock = threading.Lock()
_translations: gettext.NullTranslations = gettext.NullTranslations()
_language: Language = "en"


def use(translations: gettext.NullTranslations | None) -> None:
    """Translate with ``translations`` from now on (``None``: English, the messages as written)."""
    global _translations
    with _lock:
        _translations = translations if translations is not None else gettext.NullTranslations()


def translations() -> gettext.NullTranslations:
    """The translations in use."""
    return _translations


def _language_of(value: str) -> Language | None:
    """The language a ``--lang`` value or a locale name asks for (``pt``, ``pt_BR.UTF-8``, ``en_US``), if known."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    for language in LANGUAGES:
        if code == language:
            return language
    return None


def language_from(requested: str | None, environ: Mapping[str, str]) -> Language:
    """The language to use: ``requested`` (``--lang``), else ``BGTRAINER_LANG``, else the first locale variable
    set (``LANGUAGE`` may list several, ``pt_BR:en``: the first known wins), else English."""
    for value in (requested, environ.get("BGTRAINER_LANG")):
        if value:
            found = _language_of(value)
            if found is not None:
                return found
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":") if variable == "LANGUAGE" else [value]:
            found = _language_of(part)
            if found is not None:
                return found
        if variable != "LANGUAGE":
            return "en"  # the variable that decides names a language this app doesn't have
    return "en"


def catalog(language: Language) -> gettext.NullTranslations:
    """The translations of ``language`` (English: the messages themselves; a missing catalog: English too)."""
    locale = CATALOG_LOCALES.get(language)
    if locale is None:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[locale], fallback=True)


def use_language(language: Language) -> None:
    """Translate into ``language`` from now on."""
    global _language
    use(catalog(language))
    _language = language


def language() -> Language:
    """The language in use (English while a test's pseudo-language is)."""
    return _language


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` by ``count``, in the language in use."""
    return _translations.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """``message`` itself, marked for translation: translate it with ``_()`` where it is shown."""
    return message


# --- numbers and dates ---------------------------------------------------------------------------------------------


def _locale() -> Locale | None:
    """Babel's locale of the language in use, or ``None`` for English (written as Python writes it)."""
    name = CATALOG_LOCALES.get(_language)
    if name is None:
        return None
    from babel import Locale

    return Locale.parse(name)


def _apply(pattern: str, rounded: Decimal, places: int, locale: Locale) -> str:
    """``rounded`` (a number Python has already rounded, so that every language rounds alike) written by the
    locale's ``pattern`` with exactly ``places`` decimals."""
    from babel.numbers import parse_pattern

    number_pattern = parse_pattern(pattern)
    number_pattern.frac_prec = (places, places)
    written: str = number_pattern.apply(rounded, locale)
    return written


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals: ``0.299`` (English), ``0,299`` (Portuguese)."""
    locale = _locale()
    if locale is None:
        return f"{value:.{places}f}"
    return _apply(locale.decimal_formats[None].pattern, Decimal(f"{value:.{places}f}"), places, locale)


def signed(value: float, places: int = 3) -> str:
    """``value`` with its sign and ``places`` decimals, as an equity is written: ``+0.123``, ``-0,050``."""
    locale = _locale()
    if locale is None:
        return f"{value:+.{places}f}"
    written = decimal(value, places)
    symbols = locale.number_symbols["latn"]
    return written if written.startswith(symbols["minusSign"]) else symbols["plusSign"] + written


def grouped(value: int) -> str:
    """A whole number with its thousands separated: ``1,296`` (English), ``1.296`` (Portuguese)."""
    locale = _locale()
    if locale is None:
        return f"{value:,}"
    return _apply(locale.decimal_formats[None].pattern, Decimal(value), 0, locale)


def percent(share: float, places: int = 0) -> str:
    """``share`` (0 to 1) as a percentage with ``places`` decimals: ``51.6%`` (English), ``51,6%`` (Portuguese)."""
    locale = _locale()
    if locale is None:
        return f"{share:.{places}%}"
    rounded = Decimal(f"{share:.{places}%}".removesuffix("%")).scaleb(-2)
    return _apply(locale.percent_formats[None].pattern, rounded, places, locale)


def month_day(moment: float, tz: datetime.tzinfo | None = None) -> str:
    """The day and month of ``moment`` (seconds since the epoch; local time unless ``tz``): ``04 Dec``,
    ``4 de dez.``."""
    when = datetime.datetime.fromtimestamp(moment, tz)
    locale = _locale()
    if locale is None:
        return when.strftime("%d %b")
    from babel.dates import format_skeleton

    return format_skeleton("MMMd", when, locale=locale)


def short_date(moment: float, tz: datetime.tzinfo | None = None) -> str:
    """The date of ``moment`` (seconds since the epoch; local time unless ``tz``) in figures: ``2026-12-04``,
    ``04/12/2026``."""
    when = datetime.datetime.fromtimestamp(moment, tz)
    locale = _locale()
    if locale is None:
        return when.strftime("%Y-%m-%d")
    from babel.dates import format_date

    return format_date(when.date(), "short", locale=locale)


_NUMBER_SPEC = re.compile(r"(?P<plus>\+?)\.(?P<places>\d+)(?P<kind>[f%])")


class LocalizedNumber:
    """A number for a message that carries its format (``{equity:+.3f}``, ``{chance:.0%}``): it writes itself by
    that format in the language in use (see :func:`decimal`, :func:`signed`, :func:`percent`)."""

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"LocalizedNumber({self.value!r})"

    def __format__(self, spec: str) -> str:
        found = _NUMBER_SPEC.fullmatch(spec)
        if found is None or _locale() is None:
            return format(self.value, spec)
        places = int(found["places"])
        if found["kind"] == "%":
            return percent(self.value, places)
        return signed(self.value, places) if found["plus"] else decimal(self.value, places)


def localized(value: float) -> LocalizedNumber:
    """``value`` to fill a message whose field carries the format: ``_("{loss:.3f} lost").format(loss=localized(x))``
    writes ``0.299 lost`` in English and ``0,299`` in Portuguese."""
    return LocalizedNumber(value)


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
