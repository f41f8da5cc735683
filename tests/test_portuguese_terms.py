"""One Portuguese word for each idea of the game, in the catalog, the lessons and the puzzles' prompts alike.

Each rule reads a Portuguese text next to its English one (:func:`language_support.portuguese_pairs`):

- a roll of the dice is a **lance**, a play of the checkers a **jogada**: a text never says *jogada* more often than
  its English names a play (``play``, ``played``, ``move``...), so *jogada* never stands for a roll, and where the
  English names a roll (``the roll``, ``36 rolls``) the Portuguese says *lance* (or *os dados*, or *tirar*);
- where the English names one of the ideas of :data:`TERMS`, the Portuguese uses its one word, and never one of the
  other words for it (*acertar* means answering right, so a hit is always *bater*).

Each rule is also shown to catch a bad text, so that none of them passes whatever the texts say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from language_support import TextPair, portuguese_pairs

JOGADA = re.compile(r"\bjogadas?\b", re.IGNORECASE)
"""*jogada* the noun (and the participle, which translates *played*)."""
PLAYS_NAMED = re.compile(r"\b(play|plays|played|playing|replay|move|moves|moved|forced)\b", re.IGNORECASE)
"""The English words a *jogada* may translate: a play, and what is forced when a roll is (its one legal play: the
forced-or-not drill answers *Forçada*, a *jogada forçada*)."""


@dataclass(frozen=True, slots=True)
class Term:
    """An idea of the game: where the English names it, the Portuguese word for it, and the other words that must
    not stand for it (anywhere, or only where the English names it when they also mean something else)."""

    idea: str
    english: re.Pattern[str]
    portuguese: re.Pattern[str]
    others: re.Pattern[str] | None = None
    others_anywhere: bool = True


def words(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled to match in either case."""
    return re.compile(pattern, re.IGNORECASE)


TERMS = (
    Term(
        "a roll of the dice",
        words(
            r"\b(a|the|this|that|each|every|any|some|your|its|no|one|last|whole|next|other|same|first|many|more|fewer"
            r"|fewest|good|\d+|\{\w+\})\s+rolls?\b(?! (again|both|the|them|it|for)\b)"
        ),
        words(r"\blances?\b|\bdados?\b|\btir(a|am|ar|ou|aram|e|em|ando)\b"),  # a lance, the dice, or what you roll
    ),
    Term(
        "a hit",
        words(r"(?<!use )\bhit(s|ting)?\b"),  # not the lesson condition named ``hits``
        words(
            r"\b(re)?bat(e|em|er|endo|eu|eram|eria|eriam|erá|erão|ia|iam|a|am|as|o|ida|idas|ido|idos|ê-las?|ê-los?)\b"
        ),
        words(r"\bacert\w*"),
        others_anywhere=False,  # acertar is answering right
    ),
    Term(
        "a prime or wall",
        words(r"\bprimes?\b|\bwalls?\b|\b(a|your|its|tighter|strong)\s+block\b"),
        words(r"\bbloqueios?\b"),
        words(r"\b(muralhas?|muros?|barreiras?)\b"),
    ),
    Term(
        "a bonus roll",
        words(r"\bbonus rolls?\b"),
        words(r"\blances? extras?\b"),
        words(r"\b(jogadas?|rolagens?) (extras?|bônus)\b|\blances? bônus\b"),
    ),
    Term(
        "the opening roll",
        words(r"\bopening (roll|throw)s?\b"),
        words(r"\blances? inicia(l|is)\b"),
        words(r"\bjogadas? (inicial|iniciais|de abertura)\b|\blances? de abertura\b"),
        others_anywhere=False,  # the opening moves are "jogadas de abertura"
    ),
    Term("the midpoint", words(r"\bmid-?points?\b"), words(r"\bcasas? do meio\b"), words(r"\bmeio-campo\b")),
    Term(
        "a spare checker",
        words(r"(?<!to )\bspares?\b(?! (you|dice))"),
        words(r"\bextras?\b"),
        words(r"\bsobressalentes?\b|\b(pedras?|construtoras?|uma|umas) de sobra\b"),
    ),
)
"""The ideas with one Portuguese word each."""


def term_problems(pair: TextPair) -> list[str]:
    """What keeps ``pair``'s Portuguese from using the one word of each idea its English names."""
    problems = []
    plays, jogadas = len(PLAYS_NAMED.findall(pair.english)), len(JOGADA.findall(pair.portuguese))
    if jogadas > plays:
        problems.append(f"'jogada' {jogadas} times for {plays} plays: a roll of the dice is a 'lance'")
    for term in TERMS:
        named = term.english.search(pair.english) is not None
        if named and term.portuguese.search(pair.portuguese) is None:
            problems.append(f"{term.idea}: not '{term.portuguese.pattern}'")
        other = term.others.search(pair.portuguese) if term.others is not None else None
        if other is not None and (named or term.others_anywhere):
            problems.append(f"{term.idea}: '{other.group()}'")
    return problems


def test_every_portuguese_text_uses_one_word_for_each_idea() -> None:
    found = [
        f"{pair.place}: {problem}\n  {pair.english}\n  {pair.portuguese}"
        for pair in portuguese_pairs()
        for problem in term_problems(pair)
    ]
    assert found == [], "\n".join(found)


def test_the_texts_checked_are_the_catalog_the_lessons_and_the_prompts() -> None:
    places = {pair.place.split(" ")[0] for pair in portuguese_pairs()}
    assert places == {"catalog", "lesson", "puzzle"}
    assert any("você bate" in pair.portuguese.lower() for pair in portuguese_pairs())


@pytest.mark.parametrize(
    ("english", "portuguese", "problem"),
    [
        ("How many of the 36 rolls hit?", "Quantas das 36 jogadas batem?", "'jogada' 1 times for 0 plays"),
        ("This roll can be played.", "Esta jogada pode ser feita.", "a roll of the dice: not"),
        ("No roll hits: 0 of 36.", "Nenhum lance acerta: 0 de 36.", "a hit: 'acerta'"),
        ("No roll hits: 0 of 36.", "Nenhum lance pega: 0 de 36.", "a hit: not"),
        ("O's wall has one gap.", "A muralha de O tem uma brecha.", "a prime or wall: not"),
        ("Run before it closes.", "Corra antes que a barreira se feche.", "a prime or wall: 'barreira'"),
        ("It earns a bonus roll.", "Ela dá direito a uma jogada extra.", "a bonus roll: 'jogada extra'"),
        ("Opening roll", "Jogada inicial", "the opening roll: not"),
        ("All the way to your midpoint.", "Até a sua casa 13.", "the midpoint: not"),
        ("O used its spares.", "O usou as sobressalentes.", "a spare checker: not"),
        ("A spare on 8.", "Uma pedra extra na 8, uma de sobra na 6.", "a spare checker: 'uma de sobra'"),
    ],
)
def test_a_text_with_another_word_for_an_idea_is_caught(english: str, portuguese: str, problem: str) -> None:
    assert any(found.startswith(problem) for found in term_problems(TextPair("test", english, portuguese)))


@pytest.mark.parametrize(
    ("english", "portuguese"),
    [
        ("How many of the 36 rolls hit?", "Quantos dos 36 lances batem?"),
        ("Find the best play.", "Encontre a melhor jogada."),
        ("Can all of the double be played?", "A dupla pode ser jogada por inteiro?"),
        ("You got {right} of {graded} right.", "Você acertou {right} de {graded}."),
        ("with one 1 to spare", "com um 1 de sobra"),
        ("A bonus roll: you roll again.", "Lance extra: você joga os dados de novo."),
    ],
)
def test_a_text_with_the_one_word_of_each_idea_passes(english: str, portuguese: str) -> None:
    assert term_problems(TextPair("test", english, portuguese)) == []
