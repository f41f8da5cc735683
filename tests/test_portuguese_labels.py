"""Portuguese labels that must fit where English ones do: each footer label at most half again as long as its English
one (the footer shows only the keys that fit whole), and the Play menu's field labels on one line of their field."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pilot_support import settle, started
from textual.binding import Binding
from textual.widgets import Static

import trainer.tui
from trainer import i18n
from trainer.authoring.catalogs import po_path, read_catalog
from trainer.tui.app import TrainerApp
from trainer.tui.screens.play_menu import PlayMenuScreen

GROWTH = 1.5
"""How much longer than its English label a Portuguese footer label may be."""
LONGER_LABELS = {
    "Skill drills": "the same message titles the skill drills' screen, where 'Treinos de habilidade' is its name",
    "Game length": "a match's length is its 'tamanho da partida'; a shorter 'duração' would say how long it lasts",
}
"""Footer labels allowed to grow more, and why."""


def footer_labels() -> Iterator[str]:
    """The labels of every key the app's screens and widgets show in the footer: each shown binding's description
    and its group's (which stands for the group's keys shown together)."""
    for module in pkgutil.walk_packages(trainer.tui.__path__, "trainer.tui."):
        for _name, member in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            for binding in Binding.make_bindings(vars(member).get("BINDINGS", ())):
                if binding.show:
                    yield binding.description
                    if binding.group is not None:
                        yield binding.group.description


def grown_too_much(english: str, portuguese: str) -> bool:
    """Whether ``portuguese`` is more than :data:`GROWTH` times as long as ``english``: a word for a word may be
    longer (there is no shorter way to say it), a phrase may not."""
    one_word = len(english.split()) == 1 and len(portuguese.split()) == 1
    return not one_word and english not in LONGER_LABELS and len(portuguese) > GROWTH * len(english)


def test_no_portuguese_footer_label_grows_more_than_half_again() -> None:
    catalog = {message.id: message.string for message in read_catalog(po_path("pt_BR"), "pt_BR") if message.id}
    labels = {label for label in footer_labels() if label in catalog}
    assert {"Roll", "Retry", "Open a match file", "No legal play", "Money options"} <= labels
    too_long = {label: catalog[label] for label in sorted(labels) if grown_too_much(label, str(catalog[label]))}
    assert too_long == {}
    assert set(LONGER_LABELS) <= labels  # every exception still names a footer label


@pytest.mark.parametrize(
    ("english", "portuguese", "too_long"),
    [
        ("Roll", "Jogar os dados", True),
        ("Open a match file", "Abrir um arquivo de partida", True),
        ("Roll", "Jogar", False),
        ("Undo", "Desfazer", False),  # one word for one word
        ("Skill drills", "Treinos de habilidade", False),  # a listed exception
    ],
)
def test_a_label_that_grew_too_much_is_caught(english: str, portuguese: str, too_long: bool) -> None:
    assert grown_too_much(english, portuguese) is too_long


async def test_the_play_menu_field_labels_fit_their_field_in_portuguese(tmp_path: Path) -> None:
    empty = tmp_path / "content"
    empty.mkdir()
    i18n.use_language("pt")
    try:
        app = TrainerApp(data_dir=tmp_path / "data", lessons_dir=empty, puzzles_dir=empty)
        async with app.run_test(size=(80, 24)) as pilot:
            await started(pilot)
            await pilot.press("g")
            await settle(pilot, lambda: isinstance(app.screen, PlayMenuScreen))
            labels = list(app.screen.query(".field-label").results(Static))
            await settle(pilot, lambda: all(label.size.width > 0 for label in labels))
            texts = [str(label.render()).strip() for label in labels]
            assert [label.size.height for label in labels] == [1, 1, 1], texts
            assert all(len(text) <= label.content_region.width for text, label in zip(texts, labels, strict=True))
            assert texts == ["Jogo (m):", "Nível (l):", "Regras (o):"]
    finally:
        i18n.use_language("en")
