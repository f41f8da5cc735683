"""Mining puzzles: forced rolls from seeded self-play games, bear-off problems from random bear-offs.

Only positions meeting the shipped criteria are kept (a forced roll; a bear-off whose best play is clearly
better than the next), deduplicated by Position ID and dice, and written as a puzzle file.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from trainer.content.grading import best_group
from trainer.content.puzzles import (
    BEAROFF_THEMES,
    CLEAR_ROLLS_MARGIN,
    CLEAR_WIN_MARGIN,
    FORCED_THEMES,
    Puzzle,
    forced_theme,
)
from trainer.engine import Game, Play, Position, legal_plays
from trainer.engine.bearoff import home_side, one_sided, rank_plays
from trainer.engine.moves import iter_single_moves


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
    ask_forced: bool = False


_THEME_TIERS = {
    "no-play": 1, "only-play": 1, "partial-entry": 1,
    "one-die": 2, "both-dice": 2, "bearoff-higher": 2,
    "higher-die": 3, "partial-double": 3, "blocked-route": 3,
}  # fmt: skip


def _forced_difficulty(position: Position, dice: tuple[int, int], theme: str) -> int:
    """The theme's tier, one harder when many single moves tempt the solver away from the only play."""
    tempting = {(move.start, move.end) for die in set(dice) for move in iter_single_moves(position, die)}
    return min(3, _THEME_TIERS[theme] + (1 if len(tempting) > 8 else 0))


def sensible_play(plays: tuple[Play, ...], chooser: random.Random) -> Play:
    """A play a beginner might choose: hitting and making points are good, blots bad; sometimes any play.

    It keeps self-play games looking like games, so that mined positions look like real ones.
    """
    if chooser.random() < 0.2:
        return chooser.choice(plays)

    def score(play: Play) -> float:
        before, after = play.position.player, play.result.player
        made = sum(1 for point in range(1, 25) if after[point] >= 2 and before[point] < 2)
        blots = sum(1 for point in range(1, 25) if after[point] == 1)
        return 3 * play.hits + 2 * made - blots + chooser.random()

    return max(plays, key=score)


def forced_candidates(seed: int) -> Iterator[Candidate]:
    """Forced rolls met in an endless stream of seeded random self-play games."""
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
            theme = forced_theme(position, dice) if len(plays) == 1 else None
            if theme is not None:
                difficulty = _forced_difficulty(position, dice, theme)
                yield Candidate(
                    kind="forced",
                    theme=theme,
                    difficulty=difficulty,
                    position=position,
                    dice=(max(dice), min(dice)),
                    prompt=f"You rolled {max(dice)}-{min(dice)}. Play the roll, or answer \"No legal play\" if it "
                    "can't be played.",
                    answers=(str(plays[0]),),
                    ask_forced=difficulty >= 2,
                )
            game.play(sensible_play(plays, chooser))


def _random_home(rng: random.Random, checkers: int) -> dict[int, int]:
    weights = [rng.random() ** 2 for _ in range(6)]
    counts = {point: 0 for point in range(1, 7)}
    for _ in range(checkers):
        point = rng.choices(range(1, 7), weights=weights)[0]
        counts[point] += 1
    return {point: count for point, count in counts.items() if count}


def bearoff_candidates(seed: int) -> Iterator[Candidate]:
    """Bear-off problems from random home boards, alternating fewest-rolls and race themes."""
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
        dice = (max(first, second), min(first, second))
        ranked = rank_plays(position, dice)
        if len(ranked) < 2:
            continue
        group, margin = best_group(ranked, theme)
        if margin == float("inf"):  # every play is tied with the best: nothing to get wrong
            continue
        if theme == "race":
            chance = group[0].win_probability
            if margin < CLEAR_WIN_MARGIN or not 0.1 <= chance <= 0.9:
                continue
            difficulty = 1 if margin >= 0.05 else 2 if margin >= 0.02 else 3
            needs = database.mean(home_side(position.opponent))
            prompt = (f"You rolled {dice[0]}-{dice[1]}. O needs about {needs:.1f} rolls to finish. "
                      "Play to win the race.")
        else:
            if margin < CLEAR_ROLLS_MARGIN:
                continue
            difficulty = 1 if margin >= 0.2 else 2 if margin >= 0.1 else 3
            prompt = f"You rolled {dice[0]}-{dice[1]}. Bear off so that you need the fewest rolls on average."
        yield Candidate(
            kind="bearoff",
            theme=theme,
            difficulty=difficulty,
            position=position,
            dice=dice,
            prompt=prompt,
            answers=tuple(str(entry.play) for entry in group),
        )


def mine(kind: str, count: int, seed: int, *, exclude: Iterable[tuple[str, tuple[int, int]]] = ()) -> list[Candidate]:
    """``count`` distinct puzzles of ``kind``, spread over the themes as evenly as the stream allows."""
    stream = forced_candidates(seed) if kind == "forced" else bearoff_candidates(seed)
    themes = FORCED_THEMES if kind == "forced" else BEAROFF_THEMES
    quota = -(-count // len(themes))
    seen = set(exclude)
    chosen: dict[str, list[Candidate]] = {theme: [] for theme in themes}
    spare: list[Candidate] = []
    for looked, candidate in enumerate(stream):
        key = (candidate.position.position_id(), (max(candidate.dice), min(candidate.dice)))
        if key in seen:
            continue
        seen.add(key)
        if len(chosen[candidate.theme]) < quota:
            chosen[candidate.theme].append(candidate)
        elif len(spare) < count:
            spare.append(candidate)
        total = sum(len(found) for found in chosen.values())
        if total >= count or (looked > 400 * count and total + len(spare) >= count):
            break
    picked = [candidate for theme in themes for candidate in chosen[theme]]
    picked.extend(spare[: max(0, count - len(picked))])
    return picked[:count]


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def to_toml(candidates: list[Candidate], *, prefix: str) -> str:
    """A puzzle file holding the candidates, ids ``PREFIX-0001`` and up."""
    blocks = []
    for number, candidate in enumerate(candidates, start=1):
        answers = ", ".join(_toml_string(answer) for answer in candidate.answers)
        lines = [
            "[[puzzles]]",
            f"id = {_toml_string(f'{prefix}-{number:04d}')}",
            f"kind = {_toml_string(candidate.kind)}",
            f"theme = {_toml_string(candidate.theme)}",
            f"difficulty = {candidate.difficulty}",
            f"position = {_toml_string(candidate.position.text())}",
            f"dice = \"{candidate.dice[0]}{candidate.dice[1]}\"",
            f"prompt = {_toml_string(candidate.prompt)}",
            f"answers = [{answers}]",
        ]
        if candidate.ask_forced:
            lines.append("ask_forced = true")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def export_lines(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    """JSON lines: id, kind, theme, position (Position ID, solver on roll), dice, answers (resulting IDs; for the
    recognition drill the answer in words)."""
    for puzzle in puzzles:
        position = puzzle.board()
        dice = puzzle.roll()
        if puzzle.kind == "recognition":
            answers = list(puzzle.answers)
        else:
            answers = sorted({play.result.position_id() for play in puzzle.accepted_plays()})
        record = {
            "id": puzzle.id,
            "kind": puzzle.kind,
            "theme": puzzle.theme,
            "position": position.position_id(),
            "dice": [dice[0], dice[1]],
            "answers": answers,
        }
        yield json.dumps(record)
