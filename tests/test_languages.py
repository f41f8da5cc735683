"""Languages: which one is chosen (``--lang``, ``BGTRAINER_LANG``, the locale variables), the Portuguese catalog
compiled from its source and holding every message of the code, and the app's setting switching at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from pilot_support import screen_text, settle, started

from trainer import i18n
from trainer.authoring.catalogs import (
    CATALOG_LOCALES,
    PLURAL_FORMS,
    code_messages,
    compiled,
    mo_path,
    po_path,
    read_catalog,
    updated_source,
)
from trainer.cli.main import main
from trainer.i18n import language_from
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.screens.home import HomeScreen


@pytest.mark.parametrize(
    ("requested", "environ", "chosen"),
    [
        (None, {}, "en"),
        ("pt", {"LANG": "en_US.UTF-8"}, "pt"),
        ("en", {"BGTRAINER_LANG": "pt"}, "en"),
        (None, {"BGTRAINER_LANG": "pt", "LANG": "en_US.UTF-8"}, "pt"),
        (None, {"LANG": "pt_BR.UTF-8"}, "pt"),
        (None, {"LANG": "pt_PT"}, "pt"),
        (None, {"LC_ALL": "C.UTF-8", "LANG": "pt_BR.UTF-8"}, "en"),  # LC_ALL outranks LANG
        (None, {"LC_MESSAGES": "pt_BR.utf8", "LANG": "en_GB"}, "pt"),
        (None, {"LANGUAGE": "fr_FR:pt_BR:en", "LANG": "fr_FR.UTF-8"}, "pt"),  # the first known of the list
        (None, {"LANGUAGE": "", "LANG": "de_DE.UTF-8"}, "en"),
        ("", {"BGTRAINER_LANG": "xx", "LANG": "pt_BR"}, "pt"),  # an unknown request falls through
    ],
)
def test_the_language_comes_from_the_request_then_bgtrainer_lang_then_the_locale(
    requested: str | None, environ: dict[str, str], chosen: str
) -> None:
    assert language_from(requested, environ) == chosen


@pytest.mark.parametrize("locale", sorted(CATALOG_LOCALES.values()))
def test_each_compiled_catalog_is_its_source_compiled(locale: str) -> None:
    assert mo_path(locale).read_bytes() == compiled(read_catalog(po_path(locale), locale))


@pytest.mark.parametrize("locale", sorted(CATALOG_LOCALES.values()))
def test_each_catalog_source_holds_every_message_of_the_code_and_no_other(locale: str) -> None:
    """``python -m trainer.authoring.catalogs`` brings the sources up to date when the code's messages change."""
    code = {message.id for message in code_messages() if message.id}
    source = {message.id for message in read_catalog(po_path(locale), locale) if message.id}
    assert sorted(map(str, code - source)) == [] and sorted(map(str, source - code)) == []


def test_portuguese_writes_zero_in_the_plural() -> None:
    assert read_catalog(po_path("pt_BR"), "pt_BR").plural_forms == "nplurals=2; plural=(n != 1);"
    portuguese = i18n.catalog("pt")
    said = {count: portuguese.ngettext("{count} answer", "{count} answers", count) for count in (0, 1, 2, 1000000)}
    assert said == {0: "{count} respostas", 1: "{count} resposta", 2: "{count} respostas", 1000000: "{count} respostas"}


@pytest.mark.parametrize("before", [None, "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n % 1000000 == 0 ? 1 : 2;"])
def test_updating_a_catalog_keeps_zero_in_the_plural(tmp_path: Path, before: str | None) -> None:
    """Babel's own rule for pt_BR makes zero singular: the maintainers' update writes the catalog's own header, for a
    new source and for one that says otherwise."""
    path = tmp_path / "bgtrainer.po"
    if before is not None:
        old = Catalog(locale="pt_BR", domain="bgtrainer")
        old.mime_headers = [("Plural-Forms", before)]
        with path.open("wb") as handle:
            write_po(handle, old)
    template = Catalog(domain="bgtrainer")
    template.add(("{count} answer", "{count} answers"))
    source = updated_source(path, "pt_BR", template)
    assert source.plural_forms == PLURAL_FORMS["pt_BR"] == "nplurals=2; plural=(n != 1);"
    assert source.num_plurals == 2


def test_lang_on_the_command_line_before_or_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--lang", "pt", "moves", "4HPwATDgc/ABMA", "21"], ["moves", "4HPwATDgc/ABMA", "21", "--lang=pt"]):
        assert main(args) == 0
        assert "13/11 6/5" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "xx"])
    assert stopped.value.code == 2 and "invalid choice: 'xx'" in capsys.readouterr().err


async def test_the_app_switches_language_at_once_and_keeps_it(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen) and i18n.language() == "pt")
        await settle(pilot, lambda: "Lições" in screen_text(app) and app.puzzles is not None)  # home built anew
        assert app.screen_stack == [app.screen] and app.screen.focused is app.screen.query_one("#home-menu")
    store = ProgressStore(tmp_path)
    assert store.settings.setting("language") == "pt"
    store.close()
    i18n.use_language("en")
    again = TrainerApp(data_dir=tmp_path)  # the setting is kept for the next session
    assert i18n.language() == "pt"
    told = TrainerApp(data_dir=tmp_path, language="en")  # --lang outranks it
    assert i18n.language() == "en" and again is not told


# --- the content in Portuguese ---------------------------------------------------------------------------------------


def test_every_lesson_has_a_portuguese_edition_that_stands_for_it() -> None:
    """Same steps, kinds, positions and answers, every text translated (checked by the loader: a translation that
    doesn't stand would be a problem, and the lesson shown in English)."""
    from trainer.content.loader import load_lessons
    from trainer.content.translations import TEXT_FIELDS, structure

    english, portuguese = load_lessons(language="en"), load_lessons(language="pt")
    assert portuguese.problems == [] and portuguese.skipped == []
    assert [lesson.id for lesson in portuguese.lessons] == [lesson.id for lesson in english.lessons]
    for ours, theirs in zip(english.lessons, portuguese.lessons, strict=True):
        assert structure(ours.model_dump()) == structure(theirs.model_dump()), ours.id
        assert theirs.title != ours.title or ours.title.startswith("Acey"), ours.id
        for step_en, step_pt in zip(ours.steps, theirs.steps, strict=True):
            for name in TEXT_FIELDS & set(type(step_en).model_fields):
                text = getattr(step_en, name)
                if text and len(text.split()) >= 3:
                    assert getattr(step_pt, name) != text, (ours.id, name, text)


def test_every_puzzle_prompt_is_translated() -> None:
    from trainer.content.puzzles import load_puzzles

    english, portuguese = load_puzzles(language="en"), load_puzzles(language="pt")
    assert portuguese.problems == []
    for kind in ("puzzles", "drills", "counts"):
        for ours, theirs in zip(getattr(english, kind), getattr(portuguese, kind), strict=True):
            assert theirs.id == ours.id and theirs.answers == ours.answers and theirs.prompt != ours.prompt


def test_lessons_export_in_portuguese_gives_the_same_graded_steps(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["lessons", "export"]) == 0
    english = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert main(["--lang", "pt", "lessons", "export"]) == 0
    portuguese = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(english) == len(portuguese)
    texts = {"prompt", "options", "answers"}  # a choice's options are texts too: the right ones by their place
    for ours, theirs in zip(english, portuguese, strict=True):
        assert {key: value for key, value in ours.items() if key not in texts} == {
            key: value for key, value in theirs.items() if key not in texts
        }
        assert theirs["prompt"] != ours["prompt"]
        if "options" in ours:
            right = [ours["options"].index(answer) for answer in ours["answers"]]
            assert [theirs["options"].index(answer) for answer in theirs["answers"]] == right
        else:
            assert theirs.get("answers") == ours.get("answers")


async def test_with_a_portuguese_locale_the_home_screen_reads_licoes(tmp_path: Path) -> None:
    i18n.use_language(language_from(None, {"LANG": "pt_BR.UTF-8"}))
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        await settle(pilot, lambda: app.lessons is not None)
        from pilot_support import option_lines, screen_text

        text = screen_text(app)
        assert "Lições" in text and "Lessons" not in text
        await settle(pilot, lambda: any(line.startswith("1. O tabuleiro") for line in option_lines(app, "#home-menu")))


@pytest.mark.parametrize("locale", sorted(CATALOG_LOCALES.values()))
def test_each_catalog_is_complete(locale: str) -> None:
    """Every message of the code has its translation (plural forms included)."""
    missing = [
        message.id
        for message in read_catalog(po_path(locale), locale)
        if message.id and not (message.string if isinstance(message.string, str) else all(message.string))
    ]
    assert missing == []


def test_the_help_and_argparses_own_words_are_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "pt", "--help"])
    said = capsys.readouterr().out
    assert said.startswith("uso: bgtrainer") and "argumentos posicionais" in said and "mostra esta ajuda" in said
    with pytest.raises(SystemExit):
        main(["moves", "--lang", "pt"])
    assert "os seguintes argumentos são obrigatórios: POSITION" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: bgtrainer")


def test_the_help_says_what_the_app_does_now(capsys: pytest.CaptureFixture[str]) -> None:
    for language, words in (
        ("en", ("lessons", "drills", "against the computer", "analysis", "browser")),
        ("pt", ("lições", "treinos", "contra o computador", "análise", "navegador")),
    ):
        with pytest.raises(SystemExit):
            main(["--lang", language, "--help"])
        said = " ".join(capsys.readouterr().out.split())
        assert all(word in said for word in words), (language, said)
    i18n.use_language("en")
