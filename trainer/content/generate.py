"""Mining puzzles: forced rolls from seeded self-play games, bear-off problems from random bear-offs.

Only positions meeting the shipped criteria are kept, deduplicated by Position ID and dice, and written as a
puzzle file. Forced: a forced roll in a position that looks like a game, not the game's last roll, a higher-die
roll only where the lower die is a real choice, no-play rolls both on the bar and behind a prime, difficulty by
the moves that tempt. Bear-off: the best play clearly better than the next, not found by taking off as many
checkers as possible but by filling a gap or not stacking, and in a race the same as the fewest-rolls play.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sized
from dataclasses import dataclass
from typing import Any

from trainer.content import author_wording, wording
from trainer.content.grading import CLEAR_ROLLS_MARGIN, CLEAR_WIN_MARGIN, bearoff_lesson, best_group, play_text
from trainer.content.models import (
    BestPuzzle,
    CubePuzzle,
    DoublePuzzle,
    PipsPuzzle,
    Puzzle,
    RecognitionPuzzle,
    ShotsPuzzle,
)
from trainer.content.puzzle_lines import puzzle_record
from trainer.content.themes import BEAROFF_THEMES, FORCED_THEMES, forced_theme
from trainer.engine import BAR, OFF, Dice, Game, Play, Position, legal_plays
from trainer.engine.bearoff import home_side, one_sided, rank_plays
from trainer.engine.moves import Move, iter_single_moves
from trainer.engine.rules import apply_step


@dataclass(frozen=True, slots=True)
class Candidate:
    """A mined puzzle before it gets its id."""

    kind: str
    theme: str
    difficulty: int
    position: Position
    dice: tuple[int, int]
    prompt: str
    answers: tuple[str, ...]
    group: str = ""
    variant: str = "standard"

    @property
    def quota_group(self) -> str:
        """The share of a set this puzzle counts against: its theme, or a part of it (no-play on the bar or not)."""
        return self.group or self.theme


# --- forced rolls ---------------------------------------------------------------------------------------------

MIN_CHECKERS = 5
"""A forced puzzle has at least this many of the solver's checkers still on the board (or the bar)."""
TEMPTING_LEVELS = (2, 6)
"""Up to 2 tempting moves is easy, up to 6 medium, more is hard."""


def tempting_moves(position: Position, dice: Dice, play: Play) -> int:
    """Moves a solver might reach for that are not part of the only play: each checker moved by one die, or by
    both together, to a point that does not look closed (fewer than two O checkers, or off the board from the home
    board), whatever subtler rule forbids it (the bar first, bearing off, both dice, the higher die, a closed
    stop on the way)."""
    me, them = position.player, position.opponent
    made = {(move.start, move.end) for move in play.moves}
    distances = set(dice) | (set() if dice.is_double else {dice.first + dice.second})
    tempting = set()
    for start in range(BAR, 0, -1):
        if not me[start]:
            continue
        for distance in distances:
            end = start - distance
            if end > 0 and them[25 - end] >= 2:
                continue
            if end <= 0 and start > 6:
                continue
            move = (start, max(end, OFF))
            if move not in made and not _in_chain(play, move):
                tempting.add(move)
    return len(tempting)


def _in_chain(play: Play, move: tuple[int, int]) -> bool:
    """Whether one checker of ``play`` goes from ``move[0]`` to ``move[1]`` over several of its moves."""
    points = {move.start: move.end for move in play.moves}
    point = move[0]
    while point in points and point != OFF:
        point = points[point]
        if point == move[1]:
            return True
    return False


def forced_difficulty(position: Position, dice: Dice, play: Play) -> int:
    """1 to 3 by how many single moves tempt the solver away from the only play (or from passing)."""
    count = tempting_moves(position, dice, play)
    return 1 + sum(count > level for level in TEMPTING_LEVELS)


def higher_die_is_a_choice(position: Position, dice: Dice, play: Play) -> bool:
    """Whether the lower die, played alone, would leave a different board from the higher die's only play: both
    dice are real choices (not one last checker that either die bears off)."""
    return any(_after(position, move) != play.result.player for move in iter_single_moves(position, dice.low))


def _after(position: Position, move: Move) -> tuple[int, ...]:
    me, them = list(position.player), list(position.opponent)
    apply_step(me, them, move.start, move.start - move.end)
    return tuple(me)


def forced_rejection(position: Position, dice: Dice, theme: str) -> str | None:
    """Why a forced roll does not make a puzzle, if it doesn't: the last roll of the game (or one of the last, with
    fewer than five checkers left), or a higher-die roll where the lower die is no visible choice."""
    (play,) = legal_plays(position, dice)
    if play.result.is_game_over():
        return author_wording.last_roll_of_the_game()
    if sum(position.player[1:26]) < MIN_CHECKERS:
        return author_wording.too_few_checkers(MIN_CHECKERS)
    if theme == "higher-die" and not higher_die_is_a_choice(position, dice, play):
        return author_wording.lower_die_no_choice()
    return None


def sensible_play(plays: tuple[Play, ...], chooser: random.Random) -> Play:
    """A play a club player might choose: hit, make points (home points most), keep blots out of reach, don't
    stack, bring the back checkers out; now and then any play.

    It keeps self-play games looking like real games, so that mined positions look like real ones.
    """
    if chooser.random() < 0.1:
        return chooser.choice(plays)

    def score(play: Play) -> float:
        me, them = play.result.player, play.result.opponent
        value = 3.0 * play.hits + chooser.random()
        for point in range(1, 25):
            count = me[point]
            if count >= 2:
                value += 2.5 if 4 <= point <= 8 else 1.5
                value -= 0.6 * max(0, count - 4)
            elif count == 1:
                # O moves up through the mover's numbering: O checkers below the blot (and on the bar, for a blot
                # at home) can reach it.
                shooters = them[BAR] if point <= 6 else 0
                shooters += sum(them[25 - q] for q in range(max(1, point - 11), point))
                value -= 1.0 + (1.5 if shooters else 0.0)
        value -= 0.8 * sum(me[19:25])  # back checkers still in O's home board
        return value

    return max(plays, key=score)


def realistic(position: Position) -> bool:
    """Whether a position could come from a game between people who know the basics: no point holds more than
    six checkers, and neither side has more than four checkers back in the other's home board."""
    return all(max(side[1:25]) <= 6 and sum(side[19:25]) <= 4 for side in (position.player, position.opponent))


def self_play_rolls(seed: int) -> Iterator[tuple[Position, Dice, tuple[Play, ...]]]:
    """Every roll met in an endless stream of seeded self-play games of sensible plays (:func:`sensible_play`): the
    position, the roll (higher die first) and its legal plays, so mined positions look like real games."""
    chooser = random.Random(seed)
    game_number = 0
    while True:
        game = Game(seed=seed * 100_003 + game_number)
        game_number += 1
        game.roll_opening()
        while game.result is None:
            if game.dice is None:
                game.roll()
            assert game.dice is not None
            position, dice = game.position, game.dice
            plays = legal_plays(position, dice)
            yield position, dice.high_first(), plays
            game.play(sensible_play(plays, chooser))


def forced_candidates(seed: int) -> Iterator[Candidate]:
    """Forced rolls met in an endless stream of seeded self-play games, except the last roll of a game and
    higher-die rolls without a real choice; no-play rolls come in two groups, on the bar and behind a prime."""
    for position, roll, plays in self_play_rolls(seed):
        theme = forced_theme(position, roll) if len(plays) == 1 else None
        if theme is not None and realistic(position) and forced_rejection(position, roll, theme) is None:
            yield forced_candidate(position, roll, plays[0], theme, intro=wording.you_rolled(roll))


def forced_candidate(
    position: Position, roll: Dice, play: Play, theme: str, *, intro: str, variant: str = "standard"
) -> Candidate:
    """A forced puzzle of ``play``, the only legal play of ``roll``: its prompt (``intro`` and the question), its
    difficulty, and its share of the set (no-play rolls on the bar apart from the others)."""
    group = ""
    if theme == "no-play":
        group = "no-play-bar" if position.player[BAR] else "no-play-board" if variant != "standard" else "no-play-prime"
    return Candidate(
        kind="forced",
        variant=variant,
        theme=theme,
        difficulty=forced_difficulty(position, roll, play),
        position=position,
        dice=roll,
        prompt=f"{intro} {wording.forced_question()}",
        answers=(play_text(play),),
        group=group,
    )


# --- bear-offs ------------------------------------------------------------------------------------------------


def _random_home(rng: random.Random, checkers: int) -> dict[int, int]:
    weights = [rng.random() ** 2 for _ in range(6)]
    counts = {point: 0 for point in range(1, 7)}
    for _ in range(checkers):
        point = rng.choices(range(1, 7), weights=weights)[0]
        counts[point] += 1
    return {point: count for point, count in counts.items() if count}


def bearoff_candidates(seed: int) -> Iterator[Candidate]:
    """Bear-off problems from random home boards, alternating fewest-rolls and race themes: each is a choice
    between plays that bear off as many checkers, settled by filling the gaps or not stacking."""
    rng = random.Random(seed)
    database = one_sided()
    themes = list(BEAROFF_THEMES)
    turn = 0
    while True:
        theme = themes[turn % len(themes)]
        turn += 1
        mine = _random_home(rng, rng.randint(2, 15))
        theirs = _random_home(rng, rng.randint(1, 15))
        position = Position.from_points(mine, theirs)
        first, second = rng.randint(1, 6), rng.randint(1, 6)
        dice = Dice(first, second).high_first()
        ranked = rank_plays(position, dice)
        if len(ranked) < 2:
            continue
        group, margin = best_group(ranked, theme)
        if margin == float("inf") or not realistic(position) or isinstance(bearoff_lesson(ranked, theme), str):
            continue
        if theme == "race":
            chance = group[0].win_probability
            if margin < CLEAR_WIN_MARGIN or not 0.1 <= chance <= 0.9:
                continue
            difficulty = 1 if margin >= 0.05 else 2 if margin >= 0.02 else 3
            needs = database.mean(home_side(position.opponent))
            prompt = wording.race_prompt(dice, needs)
        else:
            if margin < CLEAR_ROLLS_MARGIN:
                continue
            difficulty = 1 if margin >= 0.2 else 2 if margin >= 0.1 else 3
            prompt = wording.fewest_rolls_prompt(dice)
        yield Candidate(
            kind="bearoff",
            theme=theme,
            difficulty=difficulty,
            position=position,
            dice=dice,
            prompt=prompt,
            answers=tuple(play_text(entry.play) for entry in group),
        )


Found = Callable[[int], None]
"""Told how many puzzles a miner has kept so far, each time it keeps one (the command line's progress line)."""


def report_kept(found: Found | None, chosen: Mapping[Any, Sized]) -> None:
    """Tell ``found`` (if any) how many puzzles the shares of ``chosen`` hold in all."""
    if found is not None:
        found(sum(len(share) for share in chosen.values()))


def _quotas(kind: str, count: int) -> dict[str, int]:
    """How many puzzles of each group a set of ``count`` takes: the themes share it evenly, and no-play rolls are
    half on the bar, half behind a prime."""
    themes = FORCED_THEMES if kind == "forced" else BEAROFF_THEMES
    quota = -(-count // len(themes))
    quotas = {theme: quota for theme in themes}
    if kind == "forced":
        del quotas["no-play"]
        quotas["no-play-bar"] = quota - quota // 2
        quotas["no-play-prime"] = quota // 2
    return quotas


def mine(
    kind: str,
    count: int,
    seed: int,
    *,
    exclude: Iterable[tuple[str, tuple[int, int]]] = (),
    found: Found | None = None,
) -> list[Candidate]:
    """``count`` distinct puzzles of ``kind``, spread over the themes, and within each over the three
    difficulties, as evenly as the stream allows (``found`` told how many are kept, as they are)."""
    stream = forced_candidates(seed) if kind == "forced" else bearoff_candidates(seed)
    quotas = _quotas(kind, count)
    seen = set(exclude)
    chosen: dict[str, list[Candidate]] = {group: [] for group in quotas}
    reserve: dict[str, list[Candidate]] = {group: [] for group in quotas}
    spare: list[Candidate] = []
    for looked, candidate in enumerate(stream):
        key = (candidate.position.position_id(), (max(candidate.dice), min(candidate.dice)))
        if key in seen:
            continue
        seen.add(key)
        group = candidate.quota_group
        quota = quotas[group]
        level_share = -(-quota // 3)
        same_level = sum(1 for other in chosen[group] if other.difficulty == candidate.difficulty)
        if len(chosen[group]) < quota and same_level < level_share:
            chosen[group].append(candidate)
            report_kept(found, chosen)
        elif len(reserve[group]) < quota:
            reserve[group].append(candidate)
        elif len(spare) < count:
            spare.append(candidate)
        if all(len(chosen[group]) >= quotas[group] for group in quotas):
            break
        fillable = all(len(chosen[group]) + len(reserve[group]) >= quotas[group] for group in quotas)
        if (fillable and looked > 100 * count) or looked > 400 * count:
            break
    for group, quota in quotas.items():  # a difficulty the stream gave too few of: fill up from the same group
        chosen[group].extend(reserve[group][: max(0, quota - len(chosen[group]))])
    themes = FORCED_THEMES if kind == "forced" else BEAROFF_THEMES
    picked = [candidate for theme in themes for candidate in _in_theme(chosen, theme)]
    picked.extend(spare[: max(0, count - len(picked))])
    return picked[:count]


def _in_theme(chosen: dict[str, list[Candidate]], theme: str) -> list[Candidate]:
    return [candidate for group in chosen.values() for candidate in group if candidate.theme == theme]


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _toml_number(value: int | float) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def puzzle_block(fields: Iterable[tuple[str, object]]) -> str:
    """One ``[[puzzles]]`` table: each field that has a value, strings quoted, tuples as arrays, a mapping of
    figures as an inline table (three decimals), and a best play's ``plays`` (pairs of play and equity) one a
    line."""
    lines = ["[[puzzles]]"]
    for name, value in fields:
        if value is None:
            continue
        if isinstance(value, tuple):
            lines.append(f"{name} = [{', '.join(_toml_string(str(item)) for item in value)}]")
        elif isinstance(value, list):
            lines.append(f"{name} = [")
            lines.extend(
                f"  {{ play = {_toml_string(play)}, equity = {_toml_number(equity)} }}," for play, equity in value
            )
            lines.append("]")
        elif isinstance(value, dict):
            table = ", ".join(f"{key} = {_toml_number(number)}" for key, number in value.items())
            lines.append(f"{name} = {{ {table} }}")
        elif isinstance(value, int | float):
            lines.append(f"{name} = {_toml_number(value)}")
        else:
            lines.append(f"{name} = {_toml_string(str(value))}")
    return "\n".join(lines)


def to_toml(candidates: Iterable[Candidate], *, prefix: str) -> str:
    """A puzzle file holding the candidates, ids ``PREFIX-0001`` and up."""
    blocks = [
        puzzle_block(
            [
                ("id", f"{prefix}-{number:04d}"),
                ("kind", candidate.kind),
                ("variant", None if candidate.variant == "standard" else candidate.variant),
                ("theme", candidate.theme),
                ("difficulty", candidate.difficulty),
                ("position", candidate.position.text()),
                ("dice", f"{candidate.dice[0]}{candidate.dice[1]}"),
                ("prompt", candidate.prompt),
                ("answers", candidate.answers),
            ]
        )
        for number, candidate in enumerate(candidates, start=1)
    ]
    return "\n\n".join(blocks) + "\n"


def export_lines(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    """JSON lines: id, kind, theme, position (Position ID, solver on roll), dice, answers (resulting IDs; for the
    recognition drill the answer in words; for shots and pips puzzles the number, with ``side`` for pips and any
    ``targets``). Best-play and cube puzzles are written as a file of JSON lines holds them
    (:func:`~trainer.content.puzzle_lines.puzzle_record`: with their difficulty, rating, figures, verification and
    reason, :func:`why_of`), so that an export's line of one is a mined file's. Acey-deucey puzzles say their variant
    and write positions in the text form, which can hold checkers waiting to enter. Acey-deucey double puzzles give
    their question (``choose`` or ``full``), the double for a ``full`` question as dice, any ``conditions``, and the
    answer in words (``3-3``..., ``yes`` or ``no``)."""
    for puzzle in puzzles:
        yield json.dumps(_exported(puzzle))


def why_of(puzzle: BestPuzzle | CubePuzzle) -> str | None:
    """Why a best-play or cube puzzle's answer is right, in a sentence, for its record: worked out from its figures
    (:func:`trainer.content.mined.puzzle_reason`), else the reason it stores."""
    from trainer.content.mined import puzzle_reason

    return puzzle_reason(puzzle) or puzzle.why


def _exported(puzzle: Puzzle) -> dict[str, object]:
    """One puzzle's record of :func:`export_lines`."""
    position = puzzle.board()
    match puzzle:
        case BestPuzzle() | CubePuzzle():
            return puzzle_record(puzzle, why=why_of(puzzle))
        case DoublePuzzle():
            record: dict[str, object] = {
                "id": puzzle.id,
                "kind": puzzle.kind,
                "variant": puzzle.variant,
                "theme": puzzle.theme,
                "position": position.text(),
                "question": puzzle.question,
            }
            if puzzle.dice is not None:
                record["dice"] = [puzzle.roll()[0], puzzle.roll()[1]]
            if puzzle.conditions:
                record["conditions"] = list(puzzle.conditions)
            return record | {"answers": list(puzzle.answers)}
        case ShotsPuzzle() | PipsPuzzle():
            record = {"id": puzzle.id, "kind": puzzle.kind, "theme": puzzle.theme, "position": position.position_id()}
            if isinstance(puzzle, PipsPuzzle):
                record["side"] = puzzle.side
            elif puzzle.targets:
                record["targets"] = sorted(puzzle.targets)
            return record | {"answers": [int(answer) for answer in puzzle.answers]}
    dice = puzzle.roll()
    acey = puzzle.variant == "acey-deucey"
    if isinstance(puzzle, RecognitionPuzzle):
        answers = list(puzzle.answers)
    else:
        results = {play.result for play in puzzle.accepted_plays()}
        answers = sorted(result.text() if acey else result.position_id() for result in results)
    record = {"id": puzzle.id, "kind": puzzle.kind}
    if acey:
        record["variant"] = puzzle.variant
    return record | {
        "theme": puzzle.theme,
        "position": position.text() if acey else position.position_id(),
        "dice": [dice[0], dice[1]],
        "answers": answers,
    }
