"""Mining cube puzzles from the exact bear-off cube table, and acey-deucey forced-move puzzles from seeded
acey-deucey self-play games.

Cube: bear-offs of at most six checkers a side, spread over the themes (the last roll, two rolls to go, longer
bear-offs, an owned cube to redouble), both questions (should X double? X doubles: should O take?) and both
answers of each, every answer better than the other by at least :data:`~trainer.content.cube.CLEAR_CUBE_MARGIN`.
A take question comes from a position where the double is right or close, as it would in a game.

Acey-deucey: forced rolls met in games of sensible plays (the 1-2's chosen double included), the same themes and
checks as the standard forced set, in positions with at least five of the solver's checkers still to bear off.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from trainer.content import wording
from trainer.content.cube import CLEAR_CUBE_MARGIN, CUBE_ANSWERS, answer_margin, cube_theme, right_answer
from trainer.content.generate import (
    Candidate,
    Found,
    forced_candidate,
    forced_rejection,
    puzzle_block,
    report_kept,
    sensible_play,
)
from trainer.content.themes import CUBE_THEMES, forced_theme
from trainer.engine import Dice, Game, Phase, Position, legal_plays, playable_doubles
from trainer.engine.bearoff import HomeBoard, cube_decision, one_sided, positions

# --- cube decisions -------------------------------------------------------------------------------------------

TAKE_QUESTION_DOUBLE_LOSS = 0.03
"""A take question comes from a position where doubling loses at most this much (the double is right or close)."""
DOUBLE_QUESTION_CHANCES = (0.3, 0.96)
"""A double question is asked where the side on roll wins between 30% and 96% without the cube: outside it the
answer is plain."""


@dataclass(frozen=True, slots=True)
class CubeCandidate:
    """A mined cube puzzle before it gets its id."""

    theme: str
    difficulty: int
    position: Position
    owner: str
    question: str
    answer: str

    @property
    def group(self) -> tuple[str, str, str]:
        """The share of a set this puzzle counts against: its theme, question and answer."""
        return self.theme, self.question, self.answer

    @property
    def prompt(self) -> str:
        """The question as the solver reads it (the board shows the position: X on roll, before rolling)."""
        return wording.cube_prompt(self.question, owned=self.owner == "player")

    def fields(self, puzzle_id: str) -> list[tuple[str, str | int | tuple[str, ...] | None]]:
        """The puzzle's fields, in file order."""
        return [
            ("id", puzzle_id),
            ("kind", "cube"),
            ("theme", self.theme),
            ("difficulty", self.difficulty),
            ("position", self.position.text()),
            ("cube_owner", self.owner),
            ("question", self.question),
            ("prompt", self.prompt),
            ("answers", (self.answer,)),
        ]


def cube_difficulty(margin: float) -> int:
    """A clear answer is easy, a close one hard: 0.15 or more easy, 0.05 or more medium, less hard."""
    return 1 if margin >= 0.15 else 2 if margin >= 0.05 else 3


def _sure_within(side: HomeBoard, rolls: int) -> bool:
    return sum(one_sided().distribution(side)[: rolls + 1]) >= 1.0 - 1e-6


def _pools() -> dict[str, tuple[list[HomeBoard], list[HomeBoard]]]:
    """For each cube theme, the boards the side on roll and the other side are drawn from."""
    boards = [side for side in positions(6) if any(side)]
    once = [side for side in boards if _sure_within(side, 1)]
    not_once = [side for side in boards if not _sure_within(side, 1)]
    maybe_once = [side for side in not_once if one_sided().distribution(side)[1] > 0]
    twice = [side for side in not_once if _sure_within(side, 2)]
    longer = [side for side in boards if sum(side) >= 3 and not _sure_within(side, 2)]
    return {
        "last-roll": (maybe_once, once),
        "two-rolls": (twice, twice),
        "longer-bearoff": (longer, longer),
    }


def cube_candidates(seed: int) -> Iterator[CubeCandidate]:
    """Cube puzzles from random bear-offs, the themes and questions in turn: each has a clear right answer."""
    rng = random.Random(seed)
    pools = _pools()
    turn = 0
    while True:
        theme = CUBE_THEMES[turn % len(CUBE_THEMES)]
        question = ("double", "take")[(turn // len(CUBE_THEMES)) % 2]
        turn += 1
        owner = "player" if theme == "redouble" else "centered"
        mine, theirs = pools[rng.choice(list(pools)) if theme == "redouble" else theme]
        position = Position.from_points(_points(rng.choice(mine)), _points(rng.choice(theirs)))
        decision = cube_decision(position, "player" if owner == "player" else "centered")
        if cube_theme(position, owner) != theme or answer_margin(decision, question) < CLEAR_CUBE_MARGIN:
            continue
        if question == "take" and decision.double_gain < -TAKE_QUESTION_DOUBLE_LOSS:
            continue
        low, high = DOUBLE_QUESTION_CHANCES
        if question == "double" and not low <= decision.win_probability <= high:
            continue
        yield CubeCandidate(
            theme=theme,
            difficulty=cube_difficulty(answer_margin(decision, question)),
            position=position,
            owner=owner,
            question=question,
            answer=right_answer(decision, question),
        )


def _points(side: HomeBoard) -> dict[int, int]:
    return {point: count for point, count in enumerate(side, start=1) if count}


def mine_cube(count: int, seed: int, *, found: Found | None = None) -> list[CubeCandidate]:
    """``count`` distinct cube puzzles, shared evenly between the themes, both questions and both answers of each
    (as far as a theme has them), easy to hard within each share (``found`` told how many are kept, as they are)."""
    groups = [(theme, question, answer) for theme in CUBE_THEMES for question, answers in CUBE_ANSWERS.items()
              for answer in answers]  # fmt: skip
    quota = -(-count // len(groups))
    chosen: dict[tuple[str, str, str], list[CubeCandidate]] = {group: [] for group in groups}
    reserve: dict[tuple[str, str, str], list[CubeCandidate]] = {group: [] for group in groups}
    seen: set[tuple[str, str, str]] = set()
    level_share = -(-quota // 3)
    for looked, candidate in enumerate(cube_candidates(seed)):
        key = (candidate.position.position_id(), candidate.owner, candidate.question)
        if key in seen:
            continue
        seen.add(key)
        share = chosen[candidate.group]
        if len(share) < quota and sum(1 for other in share if other.difficulty == candidate.difficulty) < level_share:
            share.append(candidate)
            report_kept(found, chosen)
        elif len(reserve[candidate.group]) < quota:
            reserve[candidate.group].append(candidate)
        if all(len(share) >= quota for share in chosen.values()) or looked > 200 * count:
            break
    for group, share in chosen.items():  # a difficulty too rare in a share: fill it up from the same share
        share.extend(reserve[group][: max(0, quota - len(share))])
    picked = [candidate for group in groups for candidate in sorted(chosen[group], key=lambda c: c.difficulty)]
    return picked[:count]


def cube_toml(candidates: list[CubeCandidate], *, prefix: str) -> str:
    """A puzzle file holding the cube candidates, ids ``PREFIX-0001`` and up."""
    blocks = [puzzle_block(candidate.fields(f"{prefix}-{number:04d}")) for number, candidate in
              enumerate(candidates, start=1)]  # fmt: skip
    return "\n\n".join(blocks) + "\n"


# --- acey-deucey forced rolls -----------------------------------------------------------------------------------


def acey_self_play_rolls(seed: int) -> Iterator[tuple[Position, Dice, bool]]:
    """Every roll (and chosen double) met in an endless stream of seeded acey-deucey games of sensible plays: the
    position, the dice (higher first) and whether the double was chosen after a 1-2."""
    chooser = random.Random(seed)
    game_number = 0
    while True:
        game = Game(seed=seed * 100_019 + game_number, variant="acey-deucey")
        game_number += 1
        game.roll_opening()
        while game.result is None:
            if game.phase is Phase.CHOOSE_DOUBLE:
                full = [number for number, whole in playable_doubles(game.position).items() if whole]
                game.choose_double(chooser.choice(full) if full and chooser.random() < 0.8 else chooser.randint(1, 6))
            elif game.dice is None:
                game.roll()
            assert game.dice is not None
            position, dice = game.position, game.dice
            plays = legal_plays(position, dice)
            yield position, Dice(dice.high, dice.low), dice.chosen
            game.play(sensible_play(plays, chooser))


ACEY_SHARES = {
    "only-play": 4,
    "no-play-bar": 2,
    "no-play-board": 2,
    "partial-entry": 3,
    "partial-double": 4,
    "one-die": 3,
    "both-dice": 3,
    "blocked-route": 2,
    "higher-die": 1,
}
"""How a set of 24 acey-deucey puzzles is shared between the themes (no legal play half on the bar, half with
no checker on the bar); a larger set grows in proportion."""


def acey_forced_candidates(seed: int) -> Iterator[Candidate]:
    """Forced rolls of acey-deucey games where the variant's rules are at work (checkers still wait to enter, or
    the double was chosen after a 1-2), with the standard set's checks (not the last roll, at least five checkers
    left, a higher-die roll only where the lower die is a real choice) and no point stacked above six."""
    for position, roll, chosen in acey_self_play_rolls(seed):
        waiting = position.player_waiting
        if not waiting and not chosen:
            continue
        plays = legal_plays(position, roll)
        theme = forced_theme(position, roll) if len(plays) == 1 else None
        if theme is None or forced_rejection(position, roll, theme) is not None:
            continue
        if max(position.player[1:25]) > 6 or max(position.opponent[1:25]) > 6:
            continue
        intro = wording.acey_deucey_roll(f"{roll[0]}-{roll[1]}", chosen=chosen, waiting=waiting)
        yield forced_candidate(position, roll, plays[0], theme, intro=intro, variant="acey-deucey")


def mine_acey(count: int, seed: int, *, found: Found | None = None) -> list[Candidate]:
    """``count`` distinct acey-deucey forced puzzles, shared between the themes as :data:`ACEY_SHARES` says, easy
    to hard within each share as far as the games give them (``found`` told how many are kept, as they are)."""
    total = sum(ACEY_SHARES.values())
    quotas = {group: max(1, -(-share * count // total)) for group, share in ACEY_SHARES.items()}
    chosen: dict[str, list[Candidate]] = {group: [] for group in quotas}
    reserve: dict[str, list[Candidate]] = {group: [] for group in quotas}
    seen: set[tuple[str, tuple[int, int]]] = set()
    for looked, candidate in enumerate(acey_forced_candidates(seed)):
        key = (candidate.position.text(), candidate.dice)
        if key in seen or candidate.quota_group not in quotas:
            continue
        seen.add(key)
        share, quota = chosen[candidate.quota_group], quotas[candidate.quota_group]
        level_share = -(-quota // 3)
        if len(share) < quota and sum(1 for other in share if other.difficulty == candidate.difficulty) < level_share:
            share.append(candidate)
            report_kept(found, chosen)
        elif len(reserve[candidate.quota_group]) < quota:
            reserve[candidate.quota_group].append(candidate)
        if all(len(chosen[group]) >= quotas[group] for group in quotas) or looked > 2000 * count:
            break
    for group, share in chosen.items():
        share.extend(reserve[group][: max(0, quotas[group] - len(share))])
    picked = [candidate for group in quotas for candidate in sorted(chosen[group], key=lambda c: c.difficulty)]
    return picked[:count]
