"""Numbers, percentages and dates in the language in use (``trainer.i18n``): English as Python writes them, Portuguese
through Babel's locale data (``0,299``, ``51,6%``, ``4 de dez.``), which English never loads."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime

import pytest

from trainer import i18n
from trainer.i18n import decimal, localized, month_day, percent, short_date, signed

MOMENT = datetime(2026, 12, 4, 18, 5, tzinfo=UTC).timestamp()


@pytest.fixture(params=["en", "pt"])
def language(request: pytest.FixtureRequest) -> i18n.Language:
    chosen: i18n.Language = request.param
    i18n.use_language(chosen)
    return chosen


def test_a_decimal_has_the_places_asked_for(language: i18n.Language) -> None:
    expected = {"en": ["0.299", "2.5", "0.00", "1234.5"], "pt": ["0,299", "2,5", "0,00", "1.234,5"]}
    assert [decimal(0.2994, 3), decimal(2.5, 1), decimal(0.001, 2), decimal(1234.5, 1)] == expected[language]


def test_a_signed_number_always_shows_its_sign(language: i18n.Language) -> None:
    expected = {"en": ["+0.123", "-0.050", "+0.000", "+0.65"], "pt": ["+0,123", "-0,050", "+0,000", "+0,65"]}
    assert [signed(0.1234), signed(-0.05), signed(0.0), signed(0.648, 2)] == expected[language]


def test_a_percentage_rounds_as_python_does_in_every_language(language: i18n.Language) -> None:
    expected = {"en": ["52%", "51.6%", "5.0%", "100%"], "pt": ["52%", "51,6%", "5,0%", "100%"]}
    assert [percent(0.5163), percent(0.5163, 1), percent(0.05, 1), percent(1.0)] == expected[language]


def test_dates_in_the_language_in_use(language: i18n.Language) -> None:
    expected = {"en": ("04 Dec", "2026-12-04"), "pt": ("4 de dez.", "04/12/2026")}
    assert (month_day(MOMENT, UTC), short_date(MOMENT, UTC)) == expected[language]


def test_a_message_s_own_formats_are_written_in_the_language_in_use(language: i18n.Language) -> None:
    message = "{equity:+.3f} {loss:.3f} {win:.1f}% {chance:.0%} {count}"
    said = message.format(
        equity=localized(-0.1234), loss=localized(0.2994), win=localized(51.63), chance=localized(0.25), count=3
    )
    expected = {"en": "-0.123 0.299 51.6% 25% 3", "pt": "-0,123 0,299 51,6% 25% 3"}
    assert said == expected[language]
    assert f"{localized(2.5)}" == "2.5"  # no format: the number as it is


def test_english_never_loads_babel() -> None:
    code = (
        "import sys; from trainer.i18n import decimal, localized, month_day, percent, short_date, signed; "
        "decimal(1.5, 1); signed(0.1); percent(0.5); month_day(0); short_date(0); format(localized(0.5), '+.3f'); "
        "print('babel' in sys.modules)"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "False"
