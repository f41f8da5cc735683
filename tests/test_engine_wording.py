"""The engine's words go through the translation function: in the pseudo-language and in Portuguese no English word
is left in what it writes for a learner, apart from notation (``bar/22``, ``6/off``, ``in/22``) and the sides X and
O (in Portuguese: no word of the app's English that its Portuguese never uses, :mod:`language_support`)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from language_support import english_left_in_portuguese

from trainer import i18n
from trainer.engine import (
    Constraint,
    Cube,
    EngineError,
    Game,
    MatchScore,
    MoneyOptions,
    Phase,
    PlayError,
    Position,
    Side,
    Turn,
    explain,
    parse_play,
    wording,
)
from trainer.i18n import pseudo

NOTATION_WORDS = {"bar", "off", "in", "X", "O"}
VARIANT_NAMES = {"standard", "acey", "deucey"}
"""The names a variant is asked for by (identifiers, as the user types them)."""


def english_words(text: str) -> list[str]:
    """The English left in ``text``: in the pseudo-language, the runs of ASCII letters that are not notation; in
    Portuguese, the words of the app's English that its Portuguese never uses."""
    if i18n.language() == "pt":
        return english_left_in_portuguese(text)
    return [word for word in re.findall(r"[A-Za-z]+", text) if word not in NOTATION_WORDS]


START = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
EXPLAINED = [
    (START, (6, 5)),  # not forced
    ("X: 24 / O: 19x5 17x3", (6, 5)),  # forced
    ("X: bar 13x5 8x3 6x4 / O: 19x2 20x2 21x2 22x2 23x2 24x2", (6, 5)),  # shut out
    ("X: 13 / O: 19x5 2x2", (6, 5)),  # the higher die
    ("X: bar bar 13x5 8x3 6x3 / O: 19x2 20x2 21x2 22x2 23x2", (6, 1)),  # partial entry
    ("X: 24x2 13x5 8x3 6x5 / O: 20x2 16x2 12x5 1x6", (4, 4)),  # part of a double
    ("X: 6x2 / O: 19x2 18x2 17x2 16x2 15x2 14x5", (6, 5)),  # bearing off
]


@pytest.mark.parametrize(("position", "dice"), EXPLAINED)
def test_an_explanation_is_all_translated(other_language: None, position: str, dice: tuple[int, int]) -> None:
    text = explain(Position.from_text(position), dice).text
    assert english_words(text) == [], text


ILLEGAL = [
    (START, (6, 5), "24/18"),
    (START, (6, 6), "24/18(2)"),
    (START, (6, 5), "6/8 13/8"),
    (START, (6, 5), "13/10 24/18"),
    (START, (3, 3), "24/22 13/10"),
    (START, (6, 5), "24/18 13/7"),
    (START, (6, 5), "24/19"),
    (START, (6, 5), "pass"),
    (START, (6, 5), "24/18 13/8*"),
    ("X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", (5, 4), "18/13 18/14"),
    ("X: 24x2 13x5 8x3 6x5 / O: 19x5 18x2 17x3 12x3 1x2", (6, 5), "24/13"),
    ("X: 6x2 3 / O: 19x5", (5, 1), "3/off 6/5"),
    ("X: 13 / O: 19x5 2x2", (6, 5), "13/8"),
    (START, (6, 5), "24/18 13/99"),
    (START, (6, 5), "bar"),
]


@pytest.mark.parametrize(("position", "dice", "text"), ILLEGAL)
def test_a_refused_play_says_why_in_the_language_in_use(
    other_language: None, position: str, dice: tuple[int, int], text: str
) -> None:
    with pytest.raises(PlayError) as caught:
        parse_play(Position.from_text(position), dice, text)
    assert english_words(caught.value.reason) == [], caught.value.reason


def test_a_turn_says_why_a_checker_is_stuck_in_the_language_in_use(other_language: None) -> None:
    turn = Turn(Position.from_text(START), (6, 5))
    reasons = [turn.why_stuck(point) for point in (24, 13, 8, 6)] + [turn.move(24, 18).why_stuck(18)]
    for reason in reasons:
        assert english_words(reason) == [], reason


ERRORS: list[Callable[[], object]] = [
    lambda: Position.from_text("X: 24x16 / O: 1"),
    lambda: Position.from_text("X: 24 / O: 24"),
    lambda: Position.from_text("X: 24 30 / O: 1"),
    lambda: Position.from_points({25: 1}, {}),
    lambda: MatchScore(5, 6, 0),
    lambda: MatchScore(0, crawford=True),
    lambda: MatchScore.match(0),
    lambda: Cube(3),
    lambda: Side.from_name("Z"),
    lambda: Game(match=MatchScore.match(5), options=MoneyOptions(beavers=True)),
    lambda: Game().roll(),
    lambda: Game().double(),
    lambda: Game().take(),
    lambda: Game(variant="nothing"),
    lambda: Game().choose_double(4),
]


@pytest.mark.parametrize("action", ERRORS)
def test_an_engine_error_is_in_the_language_in_use(other_language: None, action: Callable[[], object]) -> None:
    with pytest.raises(EngineError) as caught:
        action()
    message = str(caught.value)
    shown = re.sub(r"'[^']*'", "", message)  # what the user typed stays as typed
    assert [word for word in english_words(shown) if word not in VARIANT_NAMES] == [], message


def test_names_and_texts_of_values_are_in_the_language_in_use(other_language: None) -> None:
    texts = [
        str(MatchScore(5, 4, 2, crawford=True)),
        str(MatchScore(5, 4, 2)),
        str(MatchScore()),
        str(MoneyOptions()),
        str(MoneyOptions(jacoby=True, beavers=True)),
        str(Cube(2, Side.O)),
        str(Cube()),
        wording.number_word(3),
        wording.phase_name(Phase.CHOOSE_DOUBLE),
        wording.constraint_name(Constraint.HIGHER_DIE),
        wording.cube_action("double, take"),
        wording.sentence(wording.point_closed(5, 3)),
        Position.from_text("X: waitx2 24 / O: waitx15").diagram().splitlines()[-1],
    ]
    for text in texts:
        assert english_words(text) == [], text
    two = "dois" if i18n.language() == "pt" else pseudo("two")
    assert wording.number_word(2) == two and wording.number_word(7) == "7"


def test_english_is_the_messages_themselves() -> None:
    """With no translation in use, the wording is the English the engine has always written."""
    assert wording.number_word(2) == "two"
    assert wording.cube_action("no double") == "no double"
    assert wording.phase_name(Phase.OPENING) == "opening roll"
    assert wording.constraint_name(Constraint.NO_PLAY) == "no legal play"
    assert MoneyOptions(jacoby=True).names == ("Jacoby rule",)
    assert wording.quoted("x" * 100).endswith("… (100 characters)")


def test_notation_in_a_message_stays_as_the_learner_writes_it(other_language: None) -> None:
    """Points, plays and keywords that the learner types are filled into a message, never translated with it."""
    with pytest.raises(PlayError) as caught:
        parse_play(Position.start(), (6, 5), "24/18 13/99")
    assert "'bar'" in caught.value.reason and "'off'" in caught.value.reason
    with pytest.raises(PlayError) as caught:
        parse_play(Position.start(), (6, 5), "24/18 13/7xx")
    assert "24/18, 13/7*/5, bar/22, 6/off" in caught.value.reason and "in/22" in caught.value.reason
    with pytest.raises(EngineError) as unreadable:
        Position.from_text("X: 24 13q / O: 1")
    assert "'13x5', 'bar'" in str(unreadable.value) and "'waitx15'" in str(unreadable.value)
