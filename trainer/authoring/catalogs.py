"""The message catalogs, for maintainers: ``python -m trainer.authoring.catalogs`` extracts every message the code
passes through ``_()``, ``N_()`` and ``ngettext()`` into ``locale/bgtrainer.pot``, brings each language's ``.po``
source up to date with it (new messages empty, gone ones dropped) and compiles the ``.mo`` catalogs the app reads.

It needs Babel (the test extras install it); the app itself reads the compiled catalogs with the standard
library's gettext. The tests check that the compiled catalogs match their sources and that the sources hold every
message of the code (:func:`code_messages`).
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from trainer.i18n import CATALOG_LOCALES, DOMAIN, LOCALE_DIR

PACKAGE = Path(__file__).parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
"""The translation functions and which of their arguments are messages."""
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
PLURAL_FORMS = {"pt_BR": "nplurals=2; plural=(n != 1);"}
"""Each catalog's ``Plural-Forms`` header where it differs from Babel's default for the locale: Brazilian Portuguese
writes zero in the plural ("0 respostas"), where Babel's CLDR rule would make it singular."""


def po_path(locale: str) -> Path:
    """The ``.po`` source of ``locale`` (``pt_BR``)."""
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(locale: str) -> Path:
    """The compiled catalog of ``locale``, as the app reads it."""
    return po_path(locale).with_suffix(".mo")


def code_messages() -> Catalog:
    """Every message of the code, as a template catalog (sorted, without locations)."""
    template = Catalog(project="bgtrainer", domain=DOMAIN, fuzzy=False)
    for _filename, _line, message, _comments, _context in extract_from_dir(str(PACKAGE), keywords=KEYWORDS):
        template.add(message, flags=("python-brace-format",) if _has_fields(message) else ())
    return template


def _has_fields(message: str | tuple[str, ...]) -> bool:
    texts = (message,) if isinstance(message, str) else message
    return any("{" in text for text in texts)


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as a catalog."""
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    """``catalog`` compiled as gettext reads it (untranslated messages left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def updated_source(path: Path, locale: str, template: Catalog) -> Catalog:
    """The ``.po`` source at ``path`` (a new one if there is none) brought up to date with ``template``: new messages
    empty, gone ones dropped, and the locale's plural forms (:data:`PLURAL_FORMS`) in its header."""
    source = read_catalog(path, locale) if path.exists() else Catalog(locale=locale, domain=DOMAIN)
    if locale in PLURAL_FORMS:
        source.mime_headers = [("Plural-Forms", PLURAL_FORMS[locale])]
    source.update(template, no_fuzzy_matching=True)
    source.obsolete.clear()
    return source


def update() -> None:
    """Write the template, update every language's source from it, and compile them."""
    template = code_messages()
    if TEMPLATE.exists():  # the same messages as before: the template's date stays, and so do the files
        before = read_catalog(TEMPLATE)
        if {message.id for message in before} == {message.id for message in template}:
            template.creation_date = before.creation_date
    with TEMPLATE.open("wb") as handle:
        write_po(handle, template, width=120, omit_header=False, sort_output=True, no_location=True)
    for locale in CATALOG_LOCALES.values():
        path = po_path(locale)
        source = updated_source(path, locale, template)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, source, width=120, sort_output=True, no_location=True, ignore_obsolete=True)
        mo_path(locale).write_bytes(compiled(source))


if __name__ == "__main__":
    update()
