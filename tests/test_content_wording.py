"""The content layer says everything through the translation function: in the pseudo-language, its problems,
feedback, explanations and titles have no English left outside the values filled in."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest
from language_support import english_left_in_portuguese

from trainer import i18n
from trainer.content import author_wording, models, wording
from trainer.content.cube import grade_cube_step
from trainer.content.grading import grade_pick, grade_roll, grade_setup
from trainer.content.loader import load_lesson_file
from trainer.content.models import CubeStep, PickStep, RollStep
from trainer.content.validate import validate_paths
from trainer.engine import Side
from trainer.i18n import pseudo

ENGLISH_WORD = re.compile(r"\b(the|is|a|of|and|your|field|step|you|not|on|points?|suggestion)\b")


def no_english(text: str) -> bool:
    """Whether ``text`` holds no English: no common English word in the pseudo-language; in Portuguese, no word of
    the app's English that its Portuguese never uses (:mod:`language_support`)."""
    if i18n.language() == "pt":
        unquoted = re.sub(r"'[^']*'", "", text)  # what the file holds is quoted as it is
        return [word for word in english_left_in_portuguese(unquoted) if word not in FIELD_NAMES] == []
    return not ENGLISH_WORD.search(text)


FIELD_NAMES = {
    name
    for model in (models.Lesson, models.Puzzle, *get_args(get_args(models.Step)[0]))
    for name in getattr(model, "model_fields", {})
}
"""The fields of lesson and puzzle files: names a problem quotes as the file writes them, in every language."""


def translated(message: str) -> str:
    """``message`` as the language in use says it: the pseudo-language's look-alike, or the catalog's Portuguese."""
    return i18n._(message) if i18n.language() == "pt" else pseudo(message)


@pytest.mark.usefixtures("other_language")
def test_problems_and_their_places_are_translated(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(
        'id = "broken"\nnumber = 1\ntitle = "T"\nsummary = "s"\ncolour = 1\n'
        '[[steps]]\nkind = "play"\nprompt = "p"\nposition = "start"\ndice = "31"\nexplanation = "e"\n'
    )
    lesson, problems = load_lesson_file(path)
    assert lesson is None and len(problems) == 2
    for problem in problems:
        assert no_english(str(problem).removeprefix(f"{path.name}:")), str(problem)
    said = validate_paths([path]).text().splitlines()[-1]
    if i18n.language() == "pt":
        assert no_english(said) and said.startswith("2 ") and " 1 " in said, said
    else:
        problems, files = pseudo("{count} problems").format(count=2), pseudo("{count} file").format(count=1)
        assert said == pseudo("{problems} in {broken} of {files}.").format(problems=problems, broken=1, files=files)


@pytest.mark.usefixtures("other_language")
def test_feedback_and_explanations_are_translated() -> None:
    roll = RollStep(kind="roll", prompt="Who starts?", throws=[(3, 3), (5, 2)], explanation="Yes.")
    assert grade_roll(roll, 0, Side.X).message == translated("Roll first: each side throws one die.")
    assert grade_roll(roll, 1, Side.X).message == translated(
        "Both dice show {number}: a tie decides nothing. Roll again."
    ).format(number=3)
    pick = PickStep(kind="pick", prompt="Click it.", position="start", target="point:6", explanation="Yes.")
    assert no_english(grade_pick(pick, 7).message.removesuffix("Click it."))
    assert no_english(grade_setup([0] * 26).message)
    double = {"kind": "cube", "prompt": "?", "position": "X: 3 1 / O: 24", "question": "double", "answer": "double"}
    step = CubeStep.model_validate(double | {"explanation": "Why."})
    assert no_english(grade_cube_step(step, "double").message.removesuffix("Why."))
    take = CubeStep.model_validate(
        double | {"position": "X: 1 / O: 21 22", "question": "take", "answer": "take", "explanation": "Why."}
    )
    assert no_english(grade_cube_step(take, "pass").message.removesuffix("Why."))


@pytest.mark.usefixtures("other_language")
def test_titles_are_translated_where_they_are_shown() -> None:
    assert wording.theme_title("race") == translated("Win the bear-off race")
    assert wording.recognition_title("forced") == translated("Forced: the only legal play")
    assert wording.variant_title("acey-deucey") == translated("Acey-deucey")
    assert wording.theme_title("unknown-theme") == "unknown-theme"


def test_english_is_the_messages_themselves() -> None:
    assert wording.theme_title("race") == "Win the bear-off race"
    assert author_wording.step_place(2, "play", "dice") == "step 3 (play), field 'dice'"
    assert author_wording.puzzle_place(0, "forced-0001", None) == "puzzle 1 (forced-0001)"
    assert wording.listed([3, 5, 8]) == "3, 5 and 8"
