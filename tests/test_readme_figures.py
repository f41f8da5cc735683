"""The READMEs say what the code and the content hold: the best-play acceptance (0.02, widened to under 0.04) and
the tutor's scale (doubtful, bad, very bad) as the constants say, in English and in Portuguese, and the puzzle
library's counts as the puzzle files hold them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.content.best import ACCEPT_WITHIN, CLEAR_GAP
from trainer.content.puzzles import load_puzzles
from trainer.shared.skill import BAD, DOUBTFUL, VERY_BAD

ROOT = Path(__file__).parent.parent
READMES = ("README.md", "README.pt.md", "lessons/README.md")


def text_of(name: str) -> str:
    return " ".join((ROOT / name).read_text("utf-8").split())


@pytest.mark.parametrize("name", READMES)
def test_every_acceptance_of_a_best_play_is_the_codes(name: str) -> None:
    text = text_of(name)
    written = f"{ACCEPT_WITHIN:.2f}"
    accepted = list(re.finditer(rf"(?:within|a até) \**{re.escape(written)}\** (?:of it\b|dela\b|da melhor)", text))
    assert accepted
    for found in accepted:
        after = text[found.end() : found.end() + 200]
        assert f"{CLEAR_GAP:.2f}" in after, after  # the widened acceptance is said too


@pytest.mark.parametrize("name", READMES)
def test_the_tutors_scale_is_the_codes(name: str) -> None:
    text = text_of(name)
    figure = r"(0[.,]\d+)"
    scale = rf"(?:doubtful|duvidos[ao]) (?:from|a partir de) {figure}, (?:bad|ruim)(?: a partir de| from)? {figure}"
    scales = re.findall(scale, text)
    expected = (f"{DOUBTFUL:.2f}", f"{BAD:.2f}")
    assert scales and all(scale == expected for scale in scales), scales
    assert f"{VERY_BAD:.2f}" in text


def test_the_puzzle_library_counts_are_the_contents() -> None:
    text = text_of("README.md")
    puzzles = load_puzzles().puzzles
    forced = sum(1 for p in puzzles if p.kind == "forced" and p.variant == "standard")
    acey = [p for p in puzzles if p.variant == "acey-deucey"]
    acey_forced = sum(1 for p in acey if p.kind == "forced")
    assert f"holds {forced} forced-move puzzles" in text
    assert f"{len(acey)} acey-deucey puzzles" in text
    assert f"{acey_forced} forced moves and {len(acey) - acey_forced} on choosing the double" in text


@pytest.mark.parametrize(("name", "mark"), [("README.md", ","), ("README.pt.md", ".")])
def test_the_mined_corpus_counts_are_the_contents(name: str, mark: str) -> None:
    text = text_of(name)
    puzzles = load_puzzles().puzzles
    best = sum(1 for p in puzzles if p.kind == "best")
    mined_cube = [p for p in puzzles if p.kind == "cube" and p.verified is not None]
    contact = [p for p in mined_cube if not p.board().is_race()]
    takes = sum(1 for p in contact if p.question == "take")

    def written(count: int) -> str:
        return f"{count:,}".replace(",", mark)

    assert re.search(rf"\((?:são )?{re.escape(written(best))}\b", text)
    assert f"({written(len(contact))}, {takes} " in text
    assert f"({len(mined_cube) - len(contact)})" in text
