"""The forced-move recognition drill: a position and a roll, and the question "forced, not forced, or no legal
play?"; when the roll is forced, the learner then plays it (the only legal play is the answer).

Every answer comes from the rules engine (:func:`~trainer.engine.explanation`), whose reason is shown after each answer.
Drill positions are ``recognition`` puzzles (``answers = ["forced"]``, ``["not forced"]`` or ``["no play"]``),
shipped in ``puzzles/recognition.toml`` and checked when they load, or generated without end from seeded self-play
(:func:`drill`), in a realistic mix: in every six, two forced, two not forced, one with no legal play and one
partial (only one die, only part of a double, or only some checkers entering from the bar can be played). Partial
rolls are answered "forced" or "not forced" by whether exactly one play exists, and their theme names the rule.

Themes: ``forced``, ``not-forced``, ``no-play``, and for partial rolls ``one-die``, ``higher-die``,
``partial-double``, ``partial-entry``.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from trainer.content import wording
from trainer.content.generate import Candidate, realistic, self_play_rolls
from trainer.content.grading import Feedback, read_play
from trainer.content.keywords import FORCED, NO_PLAY, NOT_FORCED, RECOGNITION_ANSWERS, RecognitionAnswer
from trainer.content.models import Puzzle
from trainer.content.themes import RECOGNITION_TITLES
from trainer.engine import Constraint, Dice, Explanation, Play, Position, explain
from trainer.engine import wording as engine_wording
from trainer.engine.moves import iter_single_moves

Answer = RecognitionAnswer
ANSWERS: tuple[Answer, ...] = RECOGNITION_ANSWERS
PARTIAL_THEMES = ("one-die", "higher-die", "partial-double", "partial-entry")
RECOGNITION_THEMES = ("forced", "not-forced", "no-play", *PARTIAL_THEMES)
THEME_TITLES = RECOGNITION_TITLES
"""The title of each theme (kept in :mod:`trainer.content.themes`, shown through
:func:`trainer.content.wording.recognition_title`)."""
Category = Literal["forced", "not-forced", "no-play", "partial"]
CATEGORIES: tuple[Category, ...] = get_args(Category)
MIX: tuple[Category, ...] = ("forced", "forced", "not-forced", "not-forced", "no-play", "partial")
"""One cycle of the drill's mix, shuffled each cycle: a third forced, a third not forced, a sixth no legal play and
a sixth partial."""
_BUFFER = 4  # positions of each theme kept ready while the self-play games go on
_TAKEN: dict[Category, float] = {"forced": 0.5, "not-forced": 0.15, "no-play": 0.5, "partial": 1.0}
"""The share of the rolls of each kind taken as they come, so that they spread over many games."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the engine says about a roll: the answer, the theme, the reason in words, and the play when forced."""

    answer: Answer
    theme: str
    text: str
    play: Play | None
    """The only legal play, when the answer is "forced"."""
    play_count: int
    """How many different legal plays there are (1 when forced, 1 with no legal play: the empty play)."""
    rule: str = ""
    """The reason without naming the play (the rule that leaves one play, for a forced roll still to be played);
    the same as ``text`` when there is no play to find."""

    @property
    def category(self) -> Category:
        """The part of the mix the roll belongs to."""
        return category(self.theme)


def category(theme: str) -> Category:
    """``forced``, ``not-forced``, ``no-play`` or ``partial`` for a recognition theme."""
    if theme in PARTIAL_THEMES:
        return "partial"
    if theme in ("forced", "not-forced", "no-play"):
        return theme  # type: ignore[return-value]
    raise ValueError(wording.unknown_theme("recognition", theme))


def verdict_of(explanation: Explanation) -> Verdict:
    """The recognition answer and theme of an explained roll."""
    plays = explanation.plays
    if explanation.no_play:
        return Verdict(NO_PLAY, "no-play", explanation.text, None, 1, explanation.text)
    answer: Answer = FORCED if explanation.forced else NOT_FORCED
    play = plays[0] if explanation.forced else None
    if explanation.dice_used < explanation.dice.move_count:
        constraints = explanation.constraints
        if Constraint.PARTIAL_ENTRY in constraints:
            theme = "partial-entry"
        elif Constraint.PARTIAL_DOUBLE in constraints:
            theme = "partial-double"
        elif Constraint.HIGHER_DIE in constraints:
            theme = "higher-die"
        else:
            theme = "one-die"
    else:
        theme = "forced" if explanation.forced else "not-forced"
    rule = explanation.text
    if play is not None:
        named = engine_wording.forced(play.notation(stops=True))
        rule = " ".join([wording.forced_rule(theme), explanation.text.removeprefix(named).strip()]).strip()
    return Verdict(answer, theme, explanation.text, play, len(plays), rule)


def recognise(position: Position, dice: Dice) -> Verdict:
    """The engine's answer to "forced, not forced, or no legal play?" for a roll, with its reason."""
    return verdict_of(explain(position, dice))


NO_PLAY_PATTERN = re.compile(r"no( legal)? play|pass")
"""The ways of saying "no legal play" that :func:`read_answer` accepts."""


def read_answer(text: str) -> Answer:
    """An answer as typed (any case; dashes or underscores for spaces; ``pass`` for no play).

    :raises ValueError: for anything else.
    """
    words = " ".join(text.strip().lower().replace("-", " ").replace("_", " ").split())
    if NO_PLAY_PATTERN.fullmatch(words):
        return NO_PLAY
    if words == "unforced":
        return NOT_FORCED
    for answer in ANSWERS:
        if words == answer:
            return answer
    raise ValueError(wording.not_an_answer(text))


# --- checking a drill position ---------------------------------------------------------------------------


def check_recognition(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a well-formed recognition puzzle: ``(field, message, suggestion)`` for each problem."""
    position, dice = puzzle.board(), puzzle.roll()
    if position.is_game_over():
        return [("position", wording.game_over(), None)]
    verdict = recognise(position, dice)
    suggestion = f'answers = ["{verdict.answer}"]'
    if len(puzzle.answers) != 1 or puzzle.answers[0] not in ANSWERS:
        given = ", ".join(repr(answer) for answer in puzzle.answers)
        return [("answers", wording.recognition_has_one_answer(given), suggestion)]
    problems: list[tuple[str, str, str | None]] = []
    if puzzle.answers[0] != verdict.answer:
        problems.append(("answers", wording.answer_is(verdict.answer, puzzle.answers[0], verdict.text), suggestion))
    if puzzle.theme not in RECOGNITION_THEMES:
        unknown = wording.unknown_theme("recognition", puzzle.theme)
        problems.append(("theme", unknown, wording.use_one_of(RECOGNITION_THEMES)))
    elif puzzle.theme != verdict.theme:
        problems.append(("theme", wording.theme_shown(verdict.theme, puzzle.theme), f'theme = "{verdict.theme}"'))
    return problems


# --- grading -----------------------------------------------------------------------------------------------


def grade_recognition(puzzle: Puzzle, answer: Answer | str) -> Feedback:
    """Grade an answer to "forced, not forced, or no legal play?", with the engine's reason either way.

    :raises ValueError: for an answer that is none of the three.
    """
    given = read_answer(answer)
    verdict = recognise(puzzle.board(), puzzle.roll())
    if given == verdict.answer:
        # A forced roll is played next: its reason names the rule, not the play, until the play is made.
        return Feedback(True, wording.recognition_right(verdict.rule, play_next=verdict.play is not None))
    return Feedback(False, wording.recognition_wrong(verdict.answer, given, verdict.text))


def grade_recognition_play(puzzle: Puzzle, answer: Play | str | None) -> Feedback:
    """Grade the play of a forced roll (a :class:`Play`, notation, or ``None`` for "no legal play"): the only legal
    play is right; an illegal one gets the rule it breaks.

    :raises ValueError: if the roll is not forced (there is nothing to play out).
    """
    position, dice = puzzle.board(), puzzle.roll()
    verdict = recognise(position, dice)
    if verdict.play is None:
        raise ValueError(wording.nothing_to_play(puzzle.id, verdict.answer))
    play = read_play(position, dice, answer) if isinstance(answer, str) else answer
    if isinstance(play, Feedback):
        return play
    if play is None:
        return Feedback(False, wording.play_the_only_play(verdict.play))
    if play.result == verdict.play.result:
        return Feedback(True, wording.only_play_right(verdict.play))
    return Feedback(False, wording.not_the_only_play(play))  # pragma: no cover - a forced roll has one play


# --- generating drill positions ------------------------------------------------------------------------------


def recognition_difficulty(position: Position, verdict: Verdict, dice: Dice) -> int:
    """1 (easy) to 3 (hard): a forced roll is harder the more single moves tempt (one: easy, two: medium, more:
    hard), a not-forced one the fewer plays it has (two look forced: hard; up to five: medium), a partial roll one
    step harder; no legal play is easy from the bar, medium otherwise."""
    if verdict.answer == NO_PLAY:
        return 1 if position.player_bar else 2
    if verdict.answer == FORCED:
        tempting = {(move.start, move.end) for die in set(dice) for move in iter_single_moves(position, die)}
        level = min(3, len(tempting))
    else:
        level = 3 if verdict.play_count == 2 else 2 if verdict.play_count <= 5 else 1
    if verdict.category == "partial":
        level += 1
    return min(3, level)


def prompt(dice: Dice) -> str:
    """The question of a drill position."""
    return wording.recognition_prompt(dice)


def _rolls(seed: int) -> Iterator[tuple[Position, Dice, Explanation]]:
    """Every roll met in an endless stream of seeded self-play games of sensible plays, explained, in positions that
    look like games (:func:`~trainer.content.generate.realistic`, as the forced-puzzle miner asks)."""
    for position, roll, _ in self_play_rolls(seed):
        if realistic(position):
            yield position, roll, explain(position, roll)


def recognition_candidates(seed: int, *, exclude: Iterable[tuple[str, tuple[int, int]]] = ()) -> Iterator[Candidate]:
    """Drill positions without end, in the mix of :data:`MIX` (each cycle of six shuffled by ``seed``), from
    realistic positions of self-play games (no point above six checkers, at most four checkers back on each side),
    each position and roll once; ``exclude`` holds ``(Position ID, dice)``
    keys never to give (such as the shipped ones).

    Only some of the rolls of each kind are taken (most not-forced rolls are passed over), so that the positions
    come from many games; a partial slot takes the kind of partial roll given least so far among those found.
    """
    rng = random.Random(seed)
    rolls = _rolls(seed)
    seen = set(exclude)
    ready: dict[str, deque[Candidate]] = {theme: deque() for theme in RECOGNITION_THEMES}
    given = dict.fromkeys(RECOGNITION_THEMES, 0)
    while True:
        cycle = list(MIX)
        rng.shuffle(cycle)
        for wanted in cycle:
            themes = PARTIAL_THEMES if wanted == "partial" else (wanted,)
            while not any(ready[theme] for theme in themes):
                position, dice, explanation = next(rolls)
                verdict = verdict_of(explanation)
                found = ready[verdict.theme]
                if len(found) >= _BUFFER or rng.random() > _TAKEN[verdict.category]:
                    continue
                key = (position.position_id(), dice)
                if key in seen:
                    continue
                seen.add(key)
                found.append(
                    Candidate(
                        kind="recognition",
                        theme=verdict.theme,
                        difficulty=recognition_difficulty(position, verdict, dice),
                        position=position,
                        dice=dice,
                        prompt=prompt(dice),
                        answers=(verdict.answer,),
                    )
                )
            theme = min((theme for theme in themes if ready[theme]), key=lambda theme: given[theme])
            given[theme] += 1
            yield ready[theme].popleft()


def mine_recognition(count: int, seed: int, *, exclude: Iterable[tuple[str, tuple[int, int]]] = ()) -> list[Candidate]:
    """The first ``count`` drill positions of the seeded stream (a multiple of six gives the mix exactly)."""
    stream = recognition_candidates(seed, exclude=exclude)
    return [next(stream) for _ in range(count)]


def generated_id(position: Position, dice: Dice) -> str:
    """A stable id for a generated drill position: ``recognition-g`` and ten hex digits of its key."""
    key = f"{position.position_id()}:{dice.high}{dice.low}"
    return "recognition-g" + hashlib.sha1(key.encode("ascii")).hexdigest()[:10]


def to_puzzle(candidate: Candidate, puzzle_id: str | None = None) -> Puzzle:
    """A drill position as a ``recognition`` puzzle (with :func:`generated_id` unless an id is given)."""
    dice = Dice.of(candidate.dice)
    return Puzzle(
        id=puzzle_id or generated_id(candidate.position, dice),
        kind="recognition",
        theme=candidate.theme,
        difficulty=candidate.difficulty,
        position=candidate.position.text(),
        dice=f"{dice.high}{dice.low}",
        prompt=candidate.prompt,
        answers=list(candidate.answers),
    )


def drill(seed: int, *, exclude: Iterable[tuple[str, tuple[int, int]]] = ()) -> Iterator[Puzzle]:
    """Drill positions as puzzles, without end, in the mix (see :func:`recognition_candidates`); the drill screen
    takes as many as it needs."""
    for candidate in recognition_candidates(seed, exclude=exclude):
        yield to_puzzle(candidate)


def in_mix(
    positions: Sequence[Puzzle], seed: int, *, pick: Callable[[Sequence[Puzzle]], Puzzle] | None = None
) -> Iterator[Puzzle]:
    """``positions`` dealt in the drill's mix from the first: cycles of :data:`MIX`, each shuffled by ``seed``, every
    slot taking a position of its part of the mix (a part that has run out is passed over), until all are dealt.

    Within a part the positions keep the order given, unless ``pick`` chooses among those left; it is asked only
    when the next position is wanted, so it can follow what happened since (such as the learner's rating).
    """
    left: dict[Category, list[Puzzle]] = {part: [] for part in CATEGORIES}
    for puzzle in positions:
        left[category(puzzle.theme)].append(puzzle)
    rng = random.Random(seed)
    while any(left.values()):
        cycle = list(MIX)
        rng.shuffle(cycle)
        for part in cycle:
            pool = left[part]
            if pool:
                chosen = pick(pool) if pick is not None else pool[0]
                pool.remove(chosen)
                yield chosen


def position_key(puzzle: Puzzle) -> tuple[str, Dice]:
    """``(Position ID, dice higher first)``: the key that keeps a drill from showing the same roll twice."""
    return puzzle.board().position_id(), puzzle.roll().high_first()
