"""Mining skill puzzles from realistic positions: best plays and contact cube decisions judged by bgsage, shot and
pip counts worked out by the engine.

Positions come from seeded bgsage self-play at 1 ply, each side choosing among the plays close to the best with
some noise (the beginner level's), so that the boards are the ones real games reach, never random ones. From them:

- **best**: rolls with a real choice whose best play is clear at 3 plies (the best play and the plays within 0.02
  accepted, the first play left out at least 0.04 below the best); a cheap 1-ply look picks the candidates first.
  The theme comes from the position and what the best play does; the difficulty from the gap to the first play
  left out and whether the 1-ply look was fooled.
- **cube**: money cube decisions in contact and in races, cube centered, with a margin of at least 0.03 at 3 plies:
  ``double`` questions (double / no double) and ``take`` questions (take / pass), balanced over the four answers.
- **shots**: positions where the side on roll can hit an opponent's blot; the answer is the engine's count.
- **pips**: pip counts of either side.

GNU Backgammon's second opinion is an authoring step on top of this (``tests/data/gnubg_lesson_checks.py
--puzzles``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from trainer.analysis import Evaluator, RankedPlay, get_level, pick
from trainer.content import wording
from trainer.content.best import ACCEPT_WITHIN, CLEAR_GAP, EPSILON
from trainer.content.cube import CLEAR_CONTACT_MARGIN, in_exact_table, right_answer
from trainer.content.generate import Found, puzzle_block, report_kept
from trainer.content.keywords import CUBE_ANSWERS
from trainer.engine import BAR, Dice, Position, blot_points, count_shots
from trainer.engine.bearoff import CubeDecision as TableDecision
from trainer.engine.ideas import PRIME_LENGTH, IdeaKind, longest_block, play_ideas

FIGURE_PLIES = 3
PREFILTER_GAP = 0.03
"""At 1 ply, the first play beyond 0.02 must be at least this far below the best for a 3-ply look."""
LISTED_PLAYS = 5
MOVES_PER_GAME = 200


@dataclass(frozen=True, slots=True)
class Decision:
    """A roll met in self-play: the position (the side on roll to play), the dice and the turn number (from 1)."""

    position: Position
    dice: Dice
    turn: int
    ranked: tuple[RankedPlay, ...]


def self_play(evaluator: Evaluator, seed: int) -> Iterator[Decision]:
    """Every roll with a choice in an endless stream of seeded self-play games (money, no cube), with its 1-ply
    ranking; the position after each play is the next side's."""
    rng = random.Random(seed)
    level = get_level("beginner")
    while True:
        position = Position.start()
        first = rng.randint(1, 6)
        second = rng.choice([die for die in range(1, 7) if die != first])
        dice = Dice(max(first, second), min(first, second))
        for turn in range(1, MOVES_PER_GAME):
            ranked = evaluator.rank_plays(position, dice, 1)
            if len(ranked) > 1:
                yield Decision(position, dice, turn, tuple(ranked))
            chosen = pick(ranked, level, rng)
            after = chosen.play.result
            if after.is_game_over():
                break
            position = after.swap()
            first, second = rng.randint(1, 6), rng.randint(1, 6)
            dice = Dice(max(first, second), min(first, second))


def looks_like_a_game(position: Position) -> bool:
    """No point with more than six checkers and no side with more than four checkers back in the other's home: the
    shipped puzzles' rule for a position a learner recognises."""
    return all(max(side[1:25]) <= 6 and sum(side[19:25]) <= 4 for side in (position.player, position.opponent))


def window_of(ranked: list[RankedPlay] | tuple[RankedPlay, ...]) -> tuple[list[RankedPlay], RankedPlay | None]:
    """The plays within 0.02 of the best, and the first play beyond (``None`` if every play is that close): the
    strict window, never widened as a lesson's (:func:`trainer.content.best.split_accepted`), since a mined puzzle
    must be clear without it."""
    best = ranked[0].equity
    accepted = [item for item in ranked if best - item.equity <= ACCEPT_WITHIN + EPSILON]
    left_out = next((item for item in ranked if best - item.equity > ACCEPT_WITHIN + EPSILON), None)
    return accepted, left_out


# --- themes -----------------------------------------------------------------------------------------------------


def _contact(position: Position) -> bool:
    return not position.is_race()


def best_theme(decision: Decision, best: RankedPlay) -> str:
    """The theme a player recognises in a best-play puzzle (see :data:`trainer.content.themes.BEST_THEMES`)."""
    position = decision.position
    me, them = position.player, position.opponent
    if not _contact(position):
        return "racing"
    if all(me[point] == 0 for point in range(7, 26)):
        return "bear-in-contact"
    if decision.turn <= 3:
        return "opening-reply"
    home_points = sum(1 for point in range(1, 7) if me[point] >= 2)
    if them[BAR] or (home_points >= 3 and any(them[25 - point] == 1 for point in range(1, 7))):
        return "attack-blitz"
    theirs_in_my_numbering = (0, *(them[25 - point] for point in range(1, 25)), 0)
    if longest_block(theirs_in_my_numbering) >= PRIME_LENGTH or longest_block(me) >= PRIME_LENGTH:
        return "prime-escape"
    if any(me[point] >= 2 for point in range(18, 25)) and position.pip_count()[0] > position.pip_count()[1] + 20:
        return "holding-game"
    hits = any(play.play.hits for play in decision.ranked)
    if hits:
        return "hit-or-not"
    ideas = {idea.kind for idea in play_ideas(best.play)}
    if ideas & {IdeaKind.MAKES_POINT, IdeaKind.MAKES_ANCHOR}:
        return "make-a-point"
    return ""


@dataclass
class BestCandidate:
    """A best-play puzzle before it gets its id."""

    decision: Decision
    ranked: list[RankedPlay]
    theme: str
    difficulty: int

    def fields(self, puzzle_id: str) -> dict[str, object]:
        accepted, left_out = window_of(self.ranked)
        assert left_out is not None
        listed = self.ranked[: max(LISTED_PLAYS, len(accepted) + 2)]
        dice = self.decision.dice
        return {
            "id": puzzle_id,
            "kind": "best",
            "theme": self.theme,
            "difficulty": self.difficulty,
            "position": self.decision.position.text(),
            "dice": f"{dice.high}{dice.low}",
            "prompt": wording.best_puzzle_prompt(),
            "answers": tuple(item.play.notation(stops=True) for item in accepted),
            "plies": FIGURE_PLIES,
            "plays": [(item.play.notation(stops=True), round(item.equity, 3)) for item in listed],
        }


def best_candidates(evaluator: Evaluator, seed: int) -> Iterator[BestCandidate]:
    """Clear best-play puzzles from self-play, in the order met."""
    for decision in self_play(evaluator, seed):
        if not looks_like_a_game(decision.position):
            continue
        accepted, left_out = window_of(decision.ranked)
        if left_out is None or decision.ranked[0].equity - left_out.equity < PREFILTER_GAP:
            continue
        ranked = evaluator.rank_plays(decision.position, decision.dice, FIGURE_PLIES)
        accepted, left_out = window_of(ranked)
        if left_out is None:
            continue
        gap = ranked[0].equity - left_out.equity
        if gap < CLEAR_GAP:
            continue
        theme = best_theme(decision, ranked[0])
        if not theme:
            continue
        fooled = decision.ranked[0].play.result not in {item.play.result for item in accepted}
        difficulty = 3 if fooled or gap < 0.07 else 2 if gap < 0.15 else 1
        yield BestCandidate(decision, list(ranked), theme, difficulty)


def mine_best(
    evaluator: Evaluator, count: int, seed: int, themes: tuple[str, ...], *, found: Found | None = None
) -> list[BestCandidate]:
    """``count`` best-play puzzles, spread over ``themes`` as evenly as the stream allows (looking at no more than
    four times ``count`` clear candidates), each position and roll once (``found`` told how many are kept, as they
    are)."""
    stream = best_candidates(evaluator, seed)
    return _spread(stream, count, themes, lambda c: c.theme, _best_key, patience=4, found=found)


def _best_key(candidate: BestCandidate) -> tuple[str, str]:
    dice = candidate.decision.dice
    return candidate.decision.position.position_id(), f"{dice.high}{dice.low}"


def _spread(
    stream: Iterator[BestCandidate] | Iterator[CubeCandidate],
    count: int,
    groups: tuple[str, ...],
    group_of: Callable[..., str],
    key_of: Callable[..., object],
    patience: int = 40,
    found: Found | None = None,
) -> list:  # type: ignore[type-arg]
    """Take from ``stream`` until each group has its share of ``count`` (or the stream has run ``patience`` times
    ``count`` candidates), then fill up from the other groups; each key once. ``found`` is told how many are kept
    in the shares, as they are."""
    quota = -(-count // len(groups))
    chosen: dict[str, list[object]] = {group: [] for group in groups}
    reserve: list[object] = []
    seen: set[object] = set()
    for looked, candidate in enumerate(stream):
        key = key_of(candidate)
        if key in seen:
            continue
        seen.add(key)
        group = group_of(candidate)
        if group in chosen and len(chosen[group]) < quota:
            chosen[group].append(candidate)
            report_kept(found, chosen)
        else:
            reserve.append(candidate)
        if all(len(share) >= quota for share in chosen.values()) or looked > patience * count:
            break
    picked = [candidate for group in groups for candidate in chosen[group]]
    picked.extend(reserve[: max(0, count - len(picked))])
    return picked[:count]


# --- cube decisions ----------------------------------------------------------------------------------------------


@dataclass
class CubeCandidate:
    """A contact (or race) cube puzzle before it gets its id: the doubler on roll."""

    position: Position
    question: str
    answer: str
    theme: str
    difficulty: int
    figures: dict[str, float] = field(default_factory=dict)

    def fields(self, puzzle_id: str) -> dict[str, object]:
        prompt = wording.cube_prompt(self.question, owned=False)
        return {
            "id": puzzle_id,
            "kind": "cube",
            "theme": self.theme,
            "difficulty": self.difficulty,
            "position": self.position.text(),
            "cube_owner": "centered",
            "question": self.question,
            "prompt": prompt,
            "answers": (self.answer,),
            "plies": FIGURE_PLIES,
            "figures": self.figures,
        }


def cube_candidates(evaluator: Evaluator, seed: int) -> Iterator[CubeCandidate]:
    """Cube decisions met in self-play (the side on roll, before its roll) that are clear at 3 plies."""
    rng = random.Random(seed)
    for decision in self_play(evaluator, seed):
        position = decision.position
        if decision.turn < 4 or not looks_like_a_game(position) or in_exact_table(position):
            continue
        quick = evaluator.cube_decision(position, 1)
        if not 0.6 <= quick.chances.win <= 0.97:
            continue
        deep = evaluator.cube_decision(position, FIGURE_PLIES)
        table = TableDecision("centered", deep.chances.win, deep.no_double, deep.double_take, deep.double_pass)
        double_margin = abs(table.double_gain)
        take_margin = abs(table.take_gain)
        figures = {
            "no_double": round(deep.no_double, 3),
            "double_take": round(deep.double_take, 3),
            "double_pass": 1.0,
            "win": round(deep.chances.win, 3),
        }
        contact = _contact(position)
        too_good = deep.no_double > deep.double_pass and not table.should_take
        gammons = deep.chances.win_gammon
        questions = [("double", double_margin), ("take", take_margin)]
        rng.shuffle(questions)
        for question, margin in questions:
            if margin < CLEAR_CONTACT_MARGIN + 0.005:
                continue
            answer = right_answer(table, question)
            if question == "double":
                if not contact:
                    theme = "race-cube"
                elif too_good:
                    theme = "too-good"
                elif table.should_double:
                    theme = "market-loser"
                else:
                    theme = "not-yet"
            else:
                theme = "race-cube" if not contact else "gammonish-take" if gammons >= 0.2 else "take-or-pass"
            difficulty = 1 if margin >= 0.15 else 2 if margin >= 0.07 else 3
            yield CubeCandidate(position, question, answer, theme, difficulty, figures)
            break


def mine_cube(evaluator: Evaluator, count: int, seed: int, *, found: Found | None = None) -> list[CubeCandidate]:
    """``count`` cube puzzles balanced over the four answers, each position and question once (``found`` told how
    many are kept, as they are)."""
    answers = (*CUBE_ANSWERS["double"], *CUBE_ANSWERS["take"])
    return _spread(cube_candidates(evaluator, seed), count, answers, lambda c: c.answer,
                   lambda c: (c.position.position_id(), c.question), found=found)  # fmt: skip


# --- counts --------------------------------------------------------------------------------------------------------


def shots_theme(position: Position) -> str:
    """How the blots stand: ``from-the-bar``, ``two-blots``, ``direct`` (within 6 of a checker) or ``indirect``."""
    blots = blot_points(position)
    if position.player[BAR]:
        return "from-the-bar"
    if len(blots) >= 2:
        return "two-blots"
    point = blots[0]
    near = any(position.player[start] for start in range(point + 1, min(point + 6, 24) + 1))
    return "direct" if near else "indirect"


def counting_positions(evaluator: Evaluator, seed: int) -> Iterator[Position]:
    """The positions of self-play, each before its roll, from the side on roll."""
    for decision in self_play(evaluator, seed):
        if looks_like_a_game(decision.position):
            yield decision.position


def mine_shots(
    evaluator: Evaluator, count: int, seed: int, *, found: Found | None = None
) -> list[tuple[Position, str, int]]:
    """``count`` shot-counting puzzles (position, theme, shots), spread over the themes, each position once
    (``found`` told how many are kept, as they are)."""
    themes = ("direct", "indirect", "two-blots", "from-the-bar")
    quota = -(-count // len(themes))
    chosen: dict[str, list[tuple[Position, str, int]]] = {theme: [] for theme in themes}
    seen: set[Position] = set()
    for looked, position in enumerate(counting_positions(evaluator, seed)):
        if position in seen or not blot_points(position) or position.is_race():
            continue
        seen.add(position)
        total = count_shots(position).total
        if not 0 < total < 36:
            continue
        theme = shots_theme(position)
        if len(chosen[theme]) < quota:
            chosen[theme].append((position, theme, total))
            report_kept(found, chosen)
        if all(len(share) >= quota for share in chosen.values()) or looked > 200 * count:
            break
    return [item for theme in themes for item in chosen[theme]][:count]


def mine_pips(
    evaluator: Evaluator, count: int, seed: int, *, found: Found | None = None
) -> list[tuple[Position, str, str, int]]:
    """``count`` pip-counting puzzles (position, theme, side, count): races and contact positions, each side
    (``found`` told how many are kept, as they are)."""
    rng = random.Random(seed)
    kept: list[tuple[Position, str, str, int]] = []
    seen: set[Position] = set()
    for position in counting_positions(evaluator, seed + 1):
        if position in seen or rng.random() < 0.85:
            continue
        seen.add(position)
        theme = "race-count" if position.is_race() else "contact-count"
        if sum(1 for item in kept if item[1] == theme) >= -(-count // 2):
            continue
        side = "player" if len(kept) % 2 == 0 else "opponent"
        mine, theirs = position.pip_count()
        kept.append((position, theme, side, mine if side == "player" else theirs))
        if found is not None:
            found(len(kept))
        if len(kept) >= count:
            break
    return kept


# --- writing them ---------------------------------------------------------------------------------------------------


def puzzle_toml(records: list[dict[str, object]]) -> str:
    """Puzzle tables (``[[puzzles]]``) for the records, as the other generators write them."""
    return "\n\n".join(puzzle_block(record.items()) for record in records) + "\n"


def mine_skill_toml(kind: str, count: int, seed: int, *, prefix: str, found: Found | None = None) -> str:
    """``bgtrainer puzzles generate --kind best|cube|shots|pips`` (``cube``: in contact positions): ``count`` puzzles
    mined with bgsage from seeded self-play, as a puzzle file (ids ``PREFIX-0001`` and up); ``found`` is told how
    many are kept, as they are. GNU Backgammon's second opinion is a separate authoring step."""
    from trainer.analysis.sage import SageEvaluator
    from trainer.content.themes import BEST_THEMES

    evaluator = SageEvaluator()
    records: list[dict[str, object]] = []
    if kind == "best":
        records = [c.fields("") for c in mine_best(evaluator, count, seed, BEST_THEMES, found=found)]
    elif kind == "cube":
        records = [c.fields("") for c in mine_cube(evaluator, count, seed, found=found)]
    elif kind == "shots":
        records = [
            {"id": "", "kind": "shots", "theme": theme, "difficulty": 1 if total <= 12 else 2 if total <= 20 else 3,
             "position": position.text(), "prompt": wording.shots_puzzle_prompt(), "answers": (str(total),)}
            for position, theme, total in mine_shots(evaluator, count, seed, found=found)
        ]  # fmt: skip
    else:
        records = [
            {"id": "", "kind": "pips", "theme": theme, "difficulty": 1 if theme == "race-count" else 2,
             "position": position.text(), "side": side,
             "prompt": wording.pips_puzzle_prompt(side),
             "answers": (str(total),)}
            for position, theme, side, total in mine_pips(evaluator, count, seed, found=found)
        ]  # fmt: skip
    for number, record in enumerate(records, start=1):
        record["id"] = f"{prefix}-{number:04d}"
    return puzzle_toml(records)
