"""A settled record (:mod:`trainer.authoring.mine_tasks`) made into a puzzle: its theme, computed from the position
and the figures by the rules of :mod:`trainer.content.position_themes`; its rating, from how hard the answer is to
find; its reason in words. Each is worked out here from the record alone, so a run's output and the shipped files
can be rebuilt from a checkpoint without evaluating anything again.

**Rating** (the puzzle's initial Glicko-2 rating, :func:`puzzle_rating`): a best-play puzzle starts at
:data:`BASE_RATING` and gains :data:`PER_DEPTH` for each depth beyond 1 ply that the answer needs before an
engine finds it (2 plies, 3 plies, the rollout), :data:`PER_PLAUSIBLE` for each plausible play beyond two (at
most eight), and up to :data:`FOR_SMALL_GAP` as the gap to the first play left out shrinks from the obvious 0.30
to the 0.04 of the rule. A cube puzzle's rating comes from its margin alone (the take question a little harder).
The difficulty (1 to 3) is read from the rating.
"""

from __future__ import annotations

from typing import Any, Final

from trainer.content.position_themes import PositionTheme, position_themes
from trainer.engine import Dice, Position

BASE_RATING: Final = 1100
PER_DEPTH: Final = 220
PER_PLAUSIBLE: Final = 35
FOR_SMALL_GAP: Final = 500
OBVIOUS: Final = 0.30
MIN_GAP: Final = 0.04
EASY_BELOW: Final = 1450
MEDIUM_BELOW: Final = 1800
MARKET_LOSER_SHARE: Final = 0.15
"""A double/take is a market loser when at least this share of the next two rolls would lose the market."""
OPENING_PIPS: Final = 145
"""Both sides this many pips from home or more (the start is 167): the opening's moves and replies."""
GAMMONISH: Final = 0.20
"""A take is gammonish when the doubler wins this share of gammons or more."""


def _closeness(gap: float) -> float:
    return min(1.0, max(0.0, (OBVIOUS - gap) / (OBVIOUS - MIN_GAP)))


def puzzle_rating(record: dict[str, Any]) -> int:
    """The initial rating of a settled record (see the module)."""
    gap = float(record["verified"]["gap"])
    if record["kind"] == "best":
        depth = int(record.get("found_at", 1))
        plausible = int(record.get("plausible", 2))
        rating: float = BASE_RATING + PER_DEPTH * (depth - 1) + PER_PLAUSIBLE * min(max(plausible - 2, 0), 8)
        rating += FOR_SMALL_GAP * _closeness(gap)
    else:
        rating = 1200.0 + 650 * _closeness(gap) + (100 if record["question"] == "take" else 0)
    return int(round(min(2500, max(800, rating)) / 10) * 10)


def difficulty_of(rating: int) -> int:
    """1 (easy), 2 or 3 (hard), by the rating."""
    return 1 if rating < EASY_BELOW else 2 if rating < MEDIUM_BELOW else 3


def _best_chances(record: dict[str, Any]) -> tuple[float | None, float | None]:
    chances = record["plays"][0].get("chances") or []
    return (chances[1], chances[3]) if len(chances) == 5 else (None, None)


def best_themes(record: dict[str, Any]) -> tuple[str, ...]:
    """Every theme a best-play record illustrates, most specific first: the position's (with the best play's
    gammon chances), then what the plays do (``hit-or-not``: the three best plays hit and don't; ``make-a-point``:
    the best makes a point or an anchor), then the opening (both sides still :data:`OPENING_PIPS` pips or more from
    home)."""
    position = Position.from_position_id(record["position"])
    win_gammon, lose_gammon = _best_chances(record)
    themes = [theme.value for theme in position_themes(position, win_gammon=win_gammon, lose_gammon=lose_gammon)]
    if not position.is_race():
        from trainer.engine import parse_play
        from trainer.engine.ideas import IdeaKind, play_ideas

        dice = Dice(*record["dice"])
        plays = [parse_play(position, dice, figure["play"]) for figure in record["plays"][:3]]
        if len({bool(play.hits) for play in plays}) == 2:
            themes.append("hit-or-not")
        if {idea.kind for idea in play_ideas(plays[0])} & {IdeaKind.MAKES_POINT, IdeaKind.MAKES_ANCHOR}:
            themes.append("make-a-point")
        if min(position.pip_count()) >= OPENING_PIPS:
            themes.append("opening-reply")
    return tuple(themes)


def cube_themes(record: dict[str, Any]) -> tuple[str, ...]:
    """Every theme a cube record illustrates, the cube's own first (as lesson 24 names them): ``race-cube`` in a
    race; ``too-good`` (no double because playing on wins more than the point), ``market-loser`` (a double/take
    with many market-losing sequences), ``gammonish-take`` (a take against many gammons); then the position's,
    seen by the side that answers (the doubler for a double question, the taker for a take question); then
    ``not-yet`` (no double, not too good) or ``take-or-pass``."""
    figures = record["figures"]
    position = Position.from_position_id(record["position"])
    if position.is_race():
        return ("race-cube",)
    themes: list[str] = []
    no_double, double_take = float(figures["no_double"]), float(figures["double_take"])
    doubled = min(double_take, 1.0)
    question, answer = record["question"], record["answers"][0]
    too_good = question == "double" and answer == "no double" and no_double > 1.0 and double_take > 1.0
    if too_good:
        themes.append("too-good")
    if doubled > no_double and double_take <= 1.0 and record.get("market_losers", 0.0) >= MARKET_LOSER_SHARE:
        themes.append("market-loser")
    if question == "take" and answer == "take" and (figures.get("win_gammon") or 0.0) >= GAMMONISH:
        themes.append("gammonish-take")
    seen, win_gammon, lose_gammon = position, figures.get("win_gammon"), figures.get("lose_gammon")
    if question == "take":
        seen, win_gammon, lose_gammon = position.swap(), lose_gammon, win_gammon
    themes.extend(
        theme.value
        for theme in position_themes(seen, win_gammon=win_gammon, lose_gammon=lose_gammon)
        if theme is not PositionTheme.RACING
    )
    if question == "take":
        themes.append("take-or-pass")
    elif answer == "double":
        themes.append("double-now")
    elif not too_good:
        themes.append("not-yet")
    return tuple(themes)


def themes_of(record: dict[str, Any]) -> tuple[str, ...]:
    """Every theme of a settled record, most specific first (the first is its theme unless a share is full)."""
    return best_themes(record) if record["kind"] == "best" else cube_themes(record)


def finish(record: dict[str, Any], puzzle_id: str, theme: str | None = None) -> dict[str, Any]:
    """The puzzle a settled record makes, as ``puzzles export`` writes it (and a puzzle file of JSON lines reads
    it): ``theme`` (else its first), difficulty, rating and reason added; the mining's own facts (where it was
    found, how plausible its plays looked, the market losers) are left out, having served the theme and rating."""
    from trainer.content.mined import record_reason
    from trainer.content.puzzle_lines import BEST_FIELDS, CUBE_FIELDS, FIGURE_FIELDS

    rating = puzzle_rating(record)
    themes = themes_of(record)
    chosen = theme if theme is not None else (themes[0] if themes else "")
    facts = record | {"id": puzzle_id, "theme": chosen, "difficulty": difficulty_of(rating), "rating": rating}
    if "figures" in facts:
        facts["figures"] = {name: facts["figures"][name] for name in FIGURE_FIELDS}
    if "plays" in facts:  # a rollout's share of a rare result can come out a hair below 0
        facts["plays"] = [play | {"chances": [max(0.0, share) for share in play["chances"]]} for play in facts["plays"]]
    fields = BEST_FIELDS if record["kind"] == "best" else CUBE_FIELDS
    finished = {name: facts[name] for name in fields if name in facts}
    finished["why"] = record_reason(record | finished)
    return finished
