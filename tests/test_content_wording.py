"""The content layer says everything through the translation function: in the pseudo-language, its problems,
feedback, explanations and titles have no English left outside the values filled in."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer import i18n
from trainer.content import wording
from trainer.content.cube import grade_cube_step
from trainer.content.grading import grade_pick, grade_roll, grade_setup
from trainer.content.loader import load_lesson_file
from trainer.content.models import CubeStep, PickStep, RollStep
from trainer.content.validate import validate_paths
from trainer.engine import Side
from trainer.i18n import PseudoTranslations, pseudo

ENGLISH_WORD = re.compile(r"\b(the|is|a|of|and|your|field|step|you|not|on|points?|suggestion)\b")


@pytest.fixture
def pseudo_language() -> Iterator[None]:
    i18n.use(PseudoTranslations())
    try:
        yield
    finally:
        i18n.use(None)


@pytest.mark.usefixtures("pseudo_language")
def test_problems_and_their_places_are_translated(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(
        'id = "broken"\nnumber = 1\ntitle = "T"\nsummary = "s"\ncolour = 1\n'
        '[[steps]]\nkind = "play"\nprompt = "p"\nposition = "start"\ndice = "31"\nexplanation = "e"\n'
    )
    lesson, problems = load_lesson_file(path)
    assert lesson is None and len(problems) == 2
    for problem in problems:
        assert not ENGLISH_WORD.search(str(problem).removeprefix(f"{path.name}:")), str(problem)
    assert validate_paths([path]).text().splitlines()[-1] == pseudo(
        "{problems} problem(s) in {broken} of {files} file(s)."
    ).format(problems=2, broken=1, files=1)


@pytest.mark.usefixtures("pseudo_language")
def test_feedback_and_explanations_are_translated() -> None:
    roll = RollStep(kind="roll", prompt="Who starts?", throws=[(3, 3), (5, 2)], explanation="Yes.")
    assert grade_roll(roll, 0, Side.X).message == pseudo("Roll first: each side throws one die.")
    assert grade_roll(roll, 1, Side.X).message == pseudo(
        "Both dice show {number}: a tie decides nothing. Roll again."
    ).format(number=3)
    pick = PickStep(kind="pick", prompt="Click it.", position="start", target="point:6", explanation="Yes.")
    assert not ENGLISH_WORD.search(grade_pick(pick, 7).message.removesuffix("Click it."))
    assert not ENGLISH_WORD.search(grade_setup([0] * 26).message)
    double = {"kind": "cube", "prompt": "?", "position": "X: 3 1 / O: 24", "question": "double", "answer": "double"}
    step = CubeStep.model_validate(double | {"explanation": "Why."})
    assert not ENGLISH_WORD.search(grade_cube_step(step, "double").message)
    take = CubeStep.model_validate(
        double | {"position": "X: 1 / O: 21 22", "question": "take", "answer": "take", "explanation": "Why."}
    )
    assert not ENGLISH_WORD.search(grade_cube_step(take, "pass").message)


@pytest.mark.usefixtures("pseudo_language")
def test_titles_are_translated_where_they_are_shown() -> None:
    assert wording.theme_title("race") == pseudo("Win the bear-off race")
    assert wording.recognition_title("forced") == pseudo("Forced: the only legal play")
    assert wording.variant_title("acey-deucey") == pseudo("Acey-deucey")
    assert wording.theme_title("unknown-theme") == "unknown-theme"


def test_english_is_the_messages_themselves() -> None:
    assert wording.theme_title("race") == "Win the bear-off race"
    assert wording.step_place(2, "play", "dice") == "step 3 (play), field 'dice'"
    assert wording.puzzle_place(0, "forced-0001", None) == "puzzle 1 (forced-0001)"
    assert wording.listed([3, 5, 8]) == "3, 5 and 8"
