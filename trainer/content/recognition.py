"""The forced-move recognition drill: a position and a roll, and the question "forced, not forced, or no legal
play?"; when the roll is forced, the learner then plays it (the only legal play is the answer).

Every answer comes from the rules engine (:func:`~trainer.engine.explanation`), whose reason is shown after each answer.
Drill positions are ``recognition`` puzzles (``answers = ["forced"]``, ``["not forced"]`` or ``["no play"]``),
shipped in ``puzzles/recognition.toml`` and checked when they load, or generated without end from seeded self-play
(:func:`drill`). They are dealt in a mix drawn at random with target shares (:data:`SHARES`: 30% forced, 30% not
forced, 25% with no legal play, 15% partial: only one die, only part of a double, or only some checkers entering
from the bar can be played), never in a fixed cycle, so no answer can be told from the ones before; the first
positions of a run show every kind (:func:`deal`). Partial rolls are answered "forced" or "not forced" by whether
exactly one play exists, and their theme names the rule. A checker on the bar comes with every answer, and most
rolls with no legal play have none (:data:`SLOT_SHARES`), so neither the bar nor the order is a shortcut.

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
from typing import Literal, TypeVar, get_args

from trainer.content import author_wording, wording
from trainer.content.generate import Candidate, Found, realistic, self_play_rolls
from trainer.content.grading import Feedback, read_play
from trainer.content.keywords import FORCED, NO_PLAY, NOT_FORCED, RECOGNITION_ANSWERS, RecognitionAnswer
from trainer.content.models import Puzzle, RecognitionPuzzle
from trainer.content.themes import PARTIAL_THEMES, RECOGNITION_THEMES, RECOGNITION_TITLES
from trainer.engine import Constraint, Dice, Explanation, Play, Position, explain
from trainer.engine import wording as engine_wording
from trainer.engine.moves import iter_single_moves

P = TypeVar("P", bound=Puzzle)
"""A drill position of any kind of puzzle (dealt by its theme)."""
Answer = RecognitionAnswer
ANSWERS: tuple[Answer, ...] = RECOGNITION_ANSWERS
THEME_TITLES = RECOGNITION_TITLES
"""The title of each theme (kept in :mod:`trainer.content.themes`, shown through
:func:`trainer.content.wording.recognition_title`)."""
Category = Literal["forced", "not-forced", "no-play", "partial"]
CATEGORIES: tuple[Category, ...] = get_args(Category)
SHARES: dict[Category, float] = {"forced": 0.3, "not-forced": 0.3, "no-play": 0.25, "partial": 0.15}
"""The drill's target shares: each position dealt is of a part drawn at random with these weights (no fixed cycle,
so no answer follows from the ones before). Partial rolls are half forced, half not, so the answers come about 37.5%
forced, 37.5% not forced and 25% no legal play."""
OPENING = 8
"""The first positions of a run cover every part of the mix that has positions (drawn at random among the orders
that do)."""
Slot = tuple[Category, str]
"""A part of the mix and a finer kind within it: ``bar`` or ``no-bar`` (whether a checker of the solver is on the
bar) for forced, not forced and no play; the answer, ``forced`` or ``not forced``, for partial rolls."""
SLOT_SHARES: dict[Slot, float] = {
    ("forced", "bar"): 0.3 * 0.3,
    ("forced", "no-bar"): 0.3 * 0.7,
    ("not-forced", "bar"): 0.3 * 0.3,
    ("not-forced", "no-bar"): 0.3 * 0.7,
    ("no-play", "bar"): 0.25 * 0.45,
    ("no-play", "no-bar"): 0.25 * 0.55,
    ("partial", FORCED): 0.15 * 0.5,
    ("partial", NOT_FORCED): 0.15 * 0.5,
}
"""The generator's shares: a checker on the bar in about a third of the rolls of every answer (so the bar says
nothing about the answer), more than half of the rolls with no legal play without one (behind a prime, against a
closed board, in a bear-off), and the partial rolls split between forced and not forced."""
NO_PLAY_KINDS = ("entry", "bear-off", "home-board", "prime")
"""The kinds of roll with no legal play: a checker on the bar that cannot enter, a bear-off whose dice cannot move
(points closed in the solver's home board), checkers in the other side's home board against its closed points, and
checkers blocked behind a prime elsewhere."""
_BUFFER = 4  # positions of each kind kept ready while the self-play games go on
_TAKEN: dict[Slot, float] = {
    ("forced", "bar"): 1.0,
    ("forced", "no-bar"): 0.3,
    ("not-forced", "bar"): 0.5,
    ("not-forced", "no-bar"): 0.1,
    ("no-play", "bar"): 0.2,
    ("no-play", "no-bar"): 1.0,
    ("partial", FORCED): 0.5,
    ("partial", NOT_FORCED): 1.0,
}
"""The share of the rolls of each kind taken as they come, so that they spread over many games."""
_KINDS: dict[Slot, tuple[str, ...]] = {
    ("no-play", "no-bar"): ("bear-off", "home-board", "prime"),
    ("partial", FORCED): ("one-die", "higher-die", "partial-double", "partial-entry"),
}
"""The kinds a generated set's slot should show (:func:`mine_recognition`): each is looked for until given once."""
_PATIENCE = 40_000
"""How many more rolls, in all, a generated set plays through to find a kind of a slot not given yet (a bear-off
with no legal play comes about once in 20,000 rolls). The endless stream of the app never waits for a kind."""


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
    raise ValueError(author_wording.unknown_theme("recognition", theme))


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


def check_recognition(puzzle: RecognitionPuzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a well-formed recognition puzzle: ``(field, message, suggestion)`` for each problem."""
    position, dice = puzzle.board(), puzzle.roll()
    if position.is_game_over():
        return [("position", author_wording.game_over(), None)]
    verdict = recognise(position, dice)
    suggestion = f'answers = ["{verdict.answer}"]'
    if len(puzzle.answers) != 1 or puzzle.answers[0] not in ANSWERS:
        given = ", ".join(repr(answer) for answer in puzzle.answers)
        return [("answers", author_wording.recognition_has_one_answer(given), suggestion)]
    problems: list[tuple[str, str, str | None]] = []
    if puzzle.answers[0] != verdict.answer:
        problems.append(
            ("answers", author_wording.answer_is(verdict.answer, puzzle.answers[0], verdict.text), suggestion)
        )
    if puzzle.theme not in RECOGNITION_THEMES:
        unknown = author_wording.unknown_theme("recognition", puzzle.theme)
        problems.append(("theme", unknown, author_wording.use_one_of(RECOGNITION_THEMES)))
    elif puzzle.theme != verdict.theme:
        problems.append(
            ("theme", author_wording.theme_shown(verdict.theme, puzzle.theme), f'theme = "{verdict.theme}"')
        )
    return problems


# --- grading -----------------------------------------------------------------------------------------------


def grade_recognition(puzzle: RecognitionPuzzle, answer: Answer | str) -> Feedback:
    """Grade an answer to "forced, not forced, or no legal play?", with the engine's reason either way.

    :raises ValueError: for an answer that is none of the three.
    """
    given = read_answer(answer)
    verdict = recognise(puzzle.board(), puzzle.roll())
    if given == verdict.answer:
        # A forced roll is played next: its reason names the rule, not the play, until the play is made.
        return Feedback(True, wording.recognition_right(verdict.rule, play_next=verdict.play is not None))
    return Feedback(False, wording.recognition_wrong(verdict.answer, given, verdict.text))


def grade_recognition_play(puzzle: RecognitionPuzzle, answer: Play | str | None) -> Feedback:
    """Grade the play of a forced roll (a :class:`Play`, notation, or ``None`` for "no legal play"): the only legal
    play is right; an illegal one gets the rule it breaks.

    :raises ValueError: if the roll is not forced (there is nothing to play out).
    """
    position, dice = puzzle.board(), puzzle.roll()
    verdict = recognise(position, dice)
    if verdict.play is None:
        raise ValueError(author_wording.nothing_to_play(puzzle.id, verdict.answer))
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
    step harder; no legal play is easy from the bar, medium against a closed home board, hard behind a prime or in
    a bear-off (where every checker's every move must be seen to land on a closed point)."""
    if verdict.answer == NO_PLAY:
        return {"entry": 1, "home-board": 2}.get(no_play_kind(position), 3)
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


def slot(position: Position, verdict: Verdict) -> Slot:
    """The part of the mix and the finer kind of a roll (see :data:`SLOT_SHARES`)."""
    part = verdict.category
    if part == "partial":
        return part, verdict.answer
    return part, "bar" if position.player_bar else "no-bar"


def no_play_kind(position: Position) -> str:
    """Which of :data:`NO_PLAY_KINDS` a roll with no legal play is."""
    if position.player_bar:
        return "entry"
    if position.all_home():
        return "bear-off"
    if not any(position.player[7:19]):
        return "home-board"
    return "prime"


def trivial(position: Position) -> bool:
    """A last checkers' bear-off (fewer than five of the solver's checkers left, all home): any answer is plain."""
    return position.all_home() and sum(position.player[1:]) < 5


def _variety(position: Position, verdict: Verdict) -> str:
    """What a slot spreads its positions over: the kind of no legal play, the theme of a partial roll."""
    return no_play_kind(position) if verdict.answer == NO_PLAY else verdict.theme


def _candidates(
    seed: int,
    wanted: Iterator[Slot],
    *,
    exclude: Iterable[tuple[str, tuple[int, int]]] = (),
    seek: Iterable[Slot] = (),
) -> Iterator[Candidate]:
    """A drill position of each slot ``wanted``, in turn, from realistic positions of self-play games (no point above
    six checkers, at most four checkers back on each side), never a last checkers' bear-off (:func:`trivial`), each
    position and roll once; ``exclude`` holds ``(Position ID, dice)`` keys never to give (such as the shipped ones).

    Only some of the rolls of each kind are taken (most not-forced rolls are passed over), so that the positions
    come from many games; within a slot the kind given least so far is taken among those found (the kinds of no
    legal play, the themes of partial rolls). For the slots to ``seek``, a kind of :data:`_KINDS` not given yet is
    looked for a while longer (up to :data:`_PATIENCE` rolls in all for each), so that even the rare ones (a bear-off
    with no legal play) come."""
    rng = random.Random(seed)
    rolls = _rolls(seed)
    seen = set(exclude)
    ready: dict[Slot, dict[str, deque[Candidate]]] = {kind: {} for kind in SLOT_SHARES}
    given: dict[tuple[Slot, str], int] = {}
    patience = {(kind, name): _PATIENCE for kind in seek for name in _KINDS.get(kind, ())}
    for wanted_slot in wanted:
        waiting = ready[wanted_slot]
        sought = [
            (wanted_slot, name)
            for name in _KINDS.get(wanted_slot, ())
            if patience.get((wanted_slot, name)) and not given.get((wanted_slot, name))
        ]
        while not any(waiting.values()) or any(patience[kind] > 0 and not waiting.get(kind[1]) for kind in sought):
            for kind in sought:
                patience[kind] -= 1
            position, dice, explanation = next(rolls)
            if trivial(position):
                continue
            verdict = verdict_of(explanation)
            found_slot = slot(position, verdict)
            found = ready[found_slot].setdefault(_variety(position, verdict), deque())
            if len(found) >= _BUFFER or rng.random() > _TAKEN[found_slot]:
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
        variety = min(
            (name for name, found in waiting.items() if found), key=lambda name: given.get((wanted_slot, name), 0)
        )
        given[wanted_slot, variety] = given.get((wanted_slot, variety), 0) + 1
        yield waiting[variety].popleft()


def _drawn_slots(rng: random.Random) -> Iterator[Slot]:
    """Slots drawn at random with :data:`SLOT_SHARES`, without end."""
    slots = list(SLOT_SHARES)
    weights = [SLOT_SHARES[kind] for kind in slots]
    while True:
        yield rng.choices(slots, weights)[0]


def quotas(count: int) -> dict[Slot, int]:
    """How many positions of each slot a set of ``count`` holds: :data:`SLOT_SHARES` rounded by largest remainders."""
    exact = {kind: share * count for kind, share in SLOT_SHARES.items()}
    counts = {kind: int(value) for kind, value in exact.items()}
    by_remainder = sorted(exact, key=lambda kind: exact[kind] - counts[kind], reverse=True)
    for kind in by_remainder[: count - sum(counts.values())]:
        counts[kind] += 1
    return counts


def recognition_candidates(seed: int, *, exclude: Iterable[tuple[str, tuple[int, int]]] = ()) -> Iterator[Candidate]:
    """Drill positions without end, each of a slot drawn at random with :data:`SLOT_SHARES` (no fixed cycle), from
    seeded self-play (see :func:`_candidates`)."""
    return _candidates(seed, _drawn_slots(random.Random(seed)), exclude=exclude)


def mine_recognition(
    count: int,
    seed: int,
    *,
    exclude: Iterable[tuple[str, tuple[int, int]]] = (),
    found: Found | None = None,
) -> list[Candidate]:
    """A set of ``count`` drill positions holding :func:`quotas` of each slot exactly, in an order shuffled by
    ``seed`` (the shares of :data:`SLOT_SHARES`, whatever the count); a slot with room for every kind of
    :data:`_KINDS` has each of them (if the games give it within :data:`_PATIENCE` rolls). ``found`` is told how
    many are kept, as they are."""
    counts = quotas(count)
    wanted = [kind for kind, number in counts.items() for _ in range(number)]
    random.Random(seed).shuffle(wanted)
    seek = [kind for kind, names in _KINDS.items() if counts[kind] >= len(names)]
    kept: list[Candidate] = []
    for candidate in _candidates(seed, iter(wanted), exclude=exclude, seek=seek):
        kept.append(candidate)
        if found is not None:
            found(len(kept))
    return kept


def generated_id(position: Position, dice: Dice) -> str:
    """A stable id for a generated drill position: ``recognition-g`` and ten hex digits of its key."""
    key = f"{position.position_id()}:{dice.high}{dice.low}"
    return "recognition-g" + hashlib.sha1(key.encode("ascii")).hexdigest()[:10]


def to_puzzle(candidate: Candidate, puzzle_id: str | None = None) -> RecognitionPuzzle:
    """A drill position as a ``recognition`` puzzle (with :func:`generated_id` unless an id is given)."""
    dice = Dice.of(candidate.dice)
    return RecognitionPuzzle(
        id=puzzle_id or generated_id(candidate.position, dice),
        theme=candidate.theme,
        difficulty=candidate.difficulty,
        position=candidate.position.text(),
        dice=f"{dice.high}{dice.low}",
        prompt=candidate.prompt,
        answers=list(candidate.answers),
    )


def drill(seed: int, *, exclude: Iterable[tuple[str, tuple[int, int]]] = ()) -> Iterator[RecognitionPuzzle]:
    """Drill positions as puzzles, without end, drawn with the shares (see :func:`recognition_candidates`); the drill
    screen takes as many as it needs."""
    for candidate in recognition_candidates(seed, exclude=exclude):
        yield to_puzzle(candidate)


def _opening(rng: random.Random, counts: dict[Category, int]) -> list[Category]:
    """The parts of the first :data:`OPENING` positions: drawn as the rest are, again until they cover every part
    that has positions (so the order is still a random one, among those that show every kind)."""
    length = min(OPENING, sum(counts.values()))
    present = {part for part, number in counts.items() if number}
    while True:
        left = dict(counts)
        drawn: list[Category] = []
        for _ in range(length):
            part = _draw(rng, left)
            left[part] -= 1
            drawn.append(part)
        if len(present) > length or present <= set(drawn):
            return drawn


def _draw(rng: random.Random, counts: dict[Category, int]) -> Category:
    """A part drawn with :data:`SHARES` among those with positions left."""
    parts = [part for part in CATEGORIES if counts[part]]
    return rng.choices(parts, [SHARES[part] for part in parts])[0]


def deal(positions: Sequence[P], seed: int, *, pick: Callable[[Sequence[P]], P] | None = None) -> Iterator[P]:
    """``positions`` dealt in the drill's mix, until all are dealt: each position's part drawn at random by ``seed``
    with :data:`SHARES` among the parts with positions left (no fixed cycle, so no answer follows from the ones
    before), the first :data:`OPENING` covering every part.

    Within a part the positions keep the order given, unless ``pick`` chooses among those left; it is asked only
    when the next position is wanted, so it can follow what happened since (such as the learner's rating).
    """
    left: dict[Category, list[P]] = {part: [] for part in CATEGORIES}
    for puzzle in positions:
        left[category(puzzle.theme)].append(puzzle)
    rng = random.Random(seed)
    opening = _opening(rng, {part: len(pool) for part, pool in left.items()})
    for dealt in range(len(positions)):
        part = opening[dealt] if dealt < len(opening) else _draw(rng, {key: len(pool) for key, pool in left.items()})
        pool = left[part]
        chosen = pick(pool) if pick is not None else pool[0]
        pool.remove(chosen)
        yield chosen


def position_key(puzzle: RecognitionPuzzle) -> tuple[str, Dice]:
    """``(Position ID, dice higher first)``: the key that keeps a drill from showing the same roll twice."""
    return puzzle.board().position_id(), puzzle.roll().high_first()
