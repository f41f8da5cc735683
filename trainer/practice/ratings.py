"""Glicko-2 ratings for the learner and for every puzzle, the way lichess rates puzzles.

Each rated attempt is a game between the learner and the puzzle: the learner scores 1 for solving it and 0 for
missing it, the puzzle the opposite, and both ratings are updated at once (:func:`rate_attempt`). A rated attempt is
the learner's first answer to a puzzle; replays, reviews, Streak and Storm are not rated.

- The learner starts at 1500 with a deviation (RD) of 350 and a volatility of 0.06 (Glickman's defaults); tau is 0.5.
- A puzzle starts from its own starting rating where it has one (a mined puzzle's), else from its difficulty
  (:data:`DIFFICULTY_RATINGS`): easy 1200, medium 1500, hard 1800; with an RD of 250 (either is a guess, so the
  puzzle's rating moves too) and a volatility of 0.06. The store keeps a puzzle's rating once it has been rated.
- Time away makes the learner's RD grow again: one Glicko-2 rating period a day without games
  (:func:`after_idle`). RDs stay between 45 and 350.
- A rating with an RD above 110 is provisional (shown with a question mark), as on lichess.
- Puzzles are served near the learner's rating (:func:`select_near`).

Reference: Mark E. Glickman, "Example of the Glicko-2 system" (2022), whose worked example the tests reproduce.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from trainer.practice import wording
from trainer.shared.kinds import RatingKind

SCALE = 173.7178
"""Glicko-2's conversion factor between the Glicko scale and its own."""
INITIAL_RATING = 1500.0
INITIAL_RD = 350.0
INITIAL_VOLATILITY = 0.06
TAU = 0.5
"""The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2; lower is steadier)."""
MIN_RD = 45.0
MAX_RD = 350.0
PROVISIONAL_RD = 110.0
RATING_PERIOD_DAYS = 1.0
"""Length of the rating period used to grow a deviation over time away."""
DIFFICULTY_RATINGS = {1: 1200.0, 2: 1500.0, 3: 1800.0}
"""A puzzle's starting rating by its difficulty (1 easy, 2 medium, 3 hard)."""
PUZZLE_RD = 250.0
"""A puzzle's starting deviation."""
CONVERGENCE = 1e-6
"""Glickman's epsilon for the volatility iteration."""

Game = tuple[float, float, float]
"""One game of a rating period: ``(opponent rating, opponent RD, score)`` with score 1, 0.5 or 0."""


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def glicko2_update(
    rating: float, rd: float, volatility: float, games: Sequence[Game], tau: float = TAU
) -> tuple[float, float, float]:
    """The new ``(rating, rd, volatility)`` of a player after one rating period of ``games``.

    Follows Glickman's steps 1-8 exactly (the volatility found by the Illinois algorithm, epsilon 1e-6). With no
    games the rating and volatility stay and the deviation grows: ``phi' = sqrt(phi^2 + sigma^2)``.

    :raises ValueError: for a deviation or volatility that is not positive, or a score outside 0-1.
    """
    if rd <= 0 or volatility <= 0 or tau <= 0:
        raise ValueError(wording.not_positive(rd, volatility, tau))
    mu = (rating - INITIAL_RATING) / SCALE
    phi = rd / SCALE
    if not games:
        return rating, SCALE * math.sqrt(phi * phi + volatility * volatility), volatility
    opponents = []
    for opponent_rating, opponent_rd, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(wording.bad_score(score))
        if opponent_rd <= 0:
            raise ValueError(wording.bad_opponent_rd(opponent_rd))
        opponents.append(((opponent_rating - INITIAL_RATING) / SCALE, opponent_rd / SCALE, score))
    # Step 3: the estimated variance of the rating from the game outcomes alone.
    variance_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        variance_inverse += g * g * expected * (1.0 - expected)
        improvement += g * (score - expected)
    v = 1.0 / variance_inverse
    # Step 4: the estimated improvement.
    delta = v * improvement
    # Step 5: the new volatility.
    sigma = _new_volatility(phi, volatility, v, delta, tau)
    # Steps 6-8: the new deviation and rating, back on the Glicko scale.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return SCALE * new_mu + INITIAL_RATING, SCALE * new_phi, sigma


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of Glicko-2: the root of f by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    delta2, phi2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


@dataclass(frozen=True, slots=True)
class Glicko:
    """A Glicko-2 rating: the rating, its deviation (RD) and its volatility."""

    rating: float = INITIAL_RATING
    rd: float = INITIAL_RD
    volatility: float = INITIAL_VOLATILITY

    @property
    def provisional(self) -> bool:
        """Whether the rating is still uncertain (RD above 110), shown with a question mark."""
        return self.rd > PROVISIONAL_RD

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the true rating: rating ± 1.96 RD."""
        return self.rating - 1.96 * self.rd, self.rating + 1.96 * self.rd

    def text(self) -> str:
        """The rating with its deviation, e.g. ``1523 ± 64`` or ``1500? ± 350`` while provisional."""
        return display_rating(self.rating, self.rd)

    def as_game(self, score: float) -> Game:
        """This rating as the opponent of a game in which the other side scored ``score``."""
        return (self.rating, self.rd, score)


def display_rating(rating: float, rd: float) -> str:
    """A rating shown with its deviation: ``1523 ± 64``; a question mark after a provisional one."""
    mark = "?" if rd > PROVISIONAL_RD else ""
    return f"{round(rating)}{mark} ± {round(rd)}"


def _clamped(rating: float, rd: float, volatility: float) -> Glicko:
    return Glicko(rating, min(MAX_RD, max(MIN_RD, rd)), volatility)


def puzzle_start(difficulty: int, rating: float | None = None) -> Glicko:
    """A puzzle's rating before anyone has tried it: its own starting ``rating`` if it has one (a mined puzzle's),
    else the one its difficulty (1-3) gives.

    :raises ValueError: for a difficulty outside 1-3.
    """
    if difficulty not in DIFFICULTY_RATINGS:
        raise ValueError(wording.bad_difficulty(difficulty))
    start = DIFFICULTY_RATINGS[difficulty] if rating is None else float(rating)
    return Glicko(start, PUZZLE_RD, INITIAL_VOLATILITY)


def after_idle(player: Glicko, days: float) -> Glicko:
    """The rating after ``days`` without rated games: the deviation grows by one rating period a day (at most to
    350), as Glicko-2's step 6 does for a period without games."""
    if days <= 0:
        return player
    periods = days / RATING_PERIOD_DAYS
    phi = player.rd / SCALE
    rd = SCALE * math.sqrt(phi * phi + periods * player.volatility * player.volatility)
    return Glicko(player.rating, min(MAX_RD, max(player.rd, rd)), player.volatility)


def rate_attempt(learner: Glicko, puzzle: Glicko, solved: bool, *, tau: float = TAU) -> tuple[Glicko, Glicko]:
    """The learner's and the puzzle's ratings after one rated attempt (each the other's opponent, both updated from
    the ratings before the attempt). RDs are kept between 45 and 350."""
    score = 1.0 if solved else 0.0
    new_learner = glicko2_update(learner.rating, learner.rd, learner.volatility, [puzzle.as_game(score)], tau)
    new_puzzle = glicko2_update(puzzle.rating, puzzle.rd, puzzle.volatility, [learner.as_game(1.0 - score)], tau)
    return _clamped(*new_learner), _clamped(*new_puzzle)


class StoredRating(Protocol):
    """A rating as the store keeps it (the learner's latest also says when it was set)."""

    @property
    def rating(self) -> float: ...
    @property
    def rd(self) -> float: ...
    @property
    def volatility(self) -> float: ...


class StoredLearnerRating(StoredRating, Protocol):
    """The learner's latest stored rating, with when it was set (seconds since the epoch)."""

    @property
    def rated_at(self) -> float: ...


def learner_rating(latest: StoredLearnerRating | None, now: float) -> Glicko:
    """The learner's rating at ``now``: the initial one before any rated attempt, else the latest with its deviation
    grown for the days since (:func:`after_idle`)."""
    if latest is None:
        return Glicko()
    stored = Glicko(latest.rating, latest.rd, latest.volatility)
    return after_idle(stored, (now - latest.rated_at) / 86_400)


def puzzle_rating(stored: StoredRating | None, difficulty: int, rating: float | None = None) -> Glicko:
    """A puzzle's rating: the stored one, or its start (:func:`puzzle_start`: its own starting ``rating``, else its
    difficulty's) if it has never been rated."""
    if stored is None:
        return puzzle_start(difficulty, rating)
    return Glicko(stored.rating, stored.rd, stored.volatility)


PoolEntry = tuple[str, int] | tuple[str, int, float | None]
"""A puzzle as :func:`rating_pool` takes it: its id, its difficulty and (if it has one) its starting rating."""


def rating_pool(puzzles: Iterable[PoolEntry], stored: Mapping[str, StoredRating]) -> dict[str, float]:
    """The rating of each puzzle ``(id, difficulty)`` or ``(id, difficulty, starting rating)``: stored, or its start
    (:func:`puzzle_start`), for :func:`select_near`."""
    pool = {}
    for puzzle_id, difficulty, *start in puzzles:
        pool[puzzle_id] = puzzle_rating(stored.get(puzzle_id), difficulty, start[0] if start else None).rating
    return pool


def rating_gaps(
    pool: Mapping[str, float], kinds: Mapping[str, RatingKind], learner: Mapping[RatingKind, float]
) -> dict[str, float]:
    """Each puzzle's rating in ``pool`` less the learner's rating of its kind (``kinds[id]``, rated as
    ``learner[kind]``): puzzles of every kind near 0 are near the learner's level, for :func:`select_near` with a
    target of 0."""
    return {puzzle_id: rating - learner[kinds[puzzle_id]] for puzzle_id, rating in pool.items()}


def solve_chance(learner: Glicko, puzzle: Glicko) -> float:
    """The chance the learner solves the puzzle, by Glicko-2's expected score (the puzzle's RD widens it)."""
    return _expected((learner.rating - puzzle.rating) / SCALE, 0.0, puzzle.rd / SCALE)


def select_near(
    ratings: Mapping[str, float],
    target: float,
    *,
    count: int = 1,
    seed: int = 0,
    exclude: Iterable[str] = (),
    window: float = 100.0,
    offset: float = 0.0,
) -> list[str]:
    """Up to ``count`` puzzle ids whose rating is near ``target + offset``.

    The puzzles within ± ``window`` of it come in an order shuffled by ``seed`` (the same call gives the same
    choice); if they are fewer than ``count``, the nearest others fill up, nearest first. ``offset`` asks for easier
    (negative) or harder (positive) puzzles, as lichess's difficulty setting does. Ids in ``exclude`` (solved, just
    seen) are never chosen.
    """
    if count < 1:
        return []
    left = set(exclude)
    centre = target + offset
    pool = sorted((abs(rating - centre), puzzle_id) for puzzle_id, rating in ratings.items() if puzzle_id not in left)
    near = [puzzle_id for distance, puzzle_id in pool if distance <= window]
    random.Random(seed).shuffle(near)
    near.extend(puzzle_id for distance, puzzle_id in pool[len(near) : len(near) + max(0, count - len(near))])
    return near[:count]
