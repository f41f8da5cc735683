"""The catalogue of puzzle themes: the forced-move themes the engine recognises and the bear-off themes, with the
titles the app shows, and the forced-move theme a position and roll illustrate. Lessons link to the themes (a
lesson's ``practice`` field) and puzzles are filed under them."""

from __future__ import annotations

from trainer.engine import OFF, Constraint, Dice, Play, Position, explain
from trainer.engine.moves import iter_single_moves
from trainer.i18n import N_

FORCED_THEMES = (
    "only-play",
    "no-play",
    "higher-die",
    "one-die",
    "both-dice",
    "blocked-route",
    "partial-entry",
    "partial-double",
    "bearoff-higher",
)
BEAROFF_THEMES = ("fewest-rolls", "race")
CUBE_THEMES = ("last-roll", "two-rolls", "longer-bearoff", "redouble")
DOUBLE_PUZZLE_THEMES = ("choose-double", "double-in-full")
"""The themes of acey-deucey double puzzles: which double to choose after a 1-2, can all of a double be played."""
PLAY_THEMES = ("opening-reply", "hit-or-not", "make-a-point")
"""Themes of best-play puzzles named by the play asked for (the opening, a hit, a point made)."""
POSITION_THEMES = (
    "prime-escape",
    "attack-blitz",
    "holding-game",
    "bear-in-contact",
    "racing",
    "gammon-save",
    "gammon-go",
    "back-game",
    "ace-point",
    "timing",
)
"""Themes read from the position by the rules of :mod:`trainer.content.position_themes`."""
BEST_THEMES = (*PLAY_THEMES, *POSITION_THEMES)
"""The themes of best-play puzzles, as a player recognises them."""
CONTACT_CUBE_THEMES = (
    "market-loser",
    "double-now",
    "too-good",
    "not-yet",
    "gammonish-take",
    "take-or-pass",
    "race-cube",
    *POSITION_THEMES,
)
"""The themes of cube puzzles judged by the evaluator's figures (contact positions and races): by the answer, or
by the position."""
SHOTS_THEMES = ("direct", "indirect", "two-blots", "from-the-bar")
PIPS_THEMES = ("race-count", "contact-count")
THEMES = tuple(
    dict.fromkeys(
        (
            *FORCED_THEMES,
            *BEAROFF_THEMES,
            *CUBE_THEMES,
            *DOUBLE_PUZZLE_THEMES,
            *BEST_THEMES,
            *CONTACT_CUBE_THEMES,
            *SHOTS_THEMES,
            *PIPS_THEMES,
        )
    )
)
"""Every theme once, in the catalogue's order (the position themes serve both best-play and cube puzzles)."""
THEME_TITLES = {
    "only-play": N_("The only legal play"),
    "no-play": N_("No legal play"),
    "higher-die": N_("The higher-die rule"),
    "one-die": N_("Only one die can be played"),
    "both-dice": N_("Both dice must be used"),
    "blocked-route": N_("A combined move with a closed stop"),
    "partial-entry": N_("Partial entry from the bar"),
    "partial-double": N_("Only part of a double"),
    "bearoff-higher": N_("Bearing off with a higher die"),
    "fewest-rolls": N_("Bear off in the fewest rolls"),
    "race": N_("Win the bear-off race"),
    "last-roll": N_("The last roll"),
    "two-rolls": N_("Two rolls to go"),
    "longer-bearoff": N_("Longer bear-offs"),
    "redouble": N_("Redoubling an owned cube"),
    "choose-double": N_("Which double after a 1-2"),
    "double-in-full": N_("Can all of the double be played?"),
    "opening-reply": N_("Opening replies"),
    "hit-or-not": N_("Hit or not"),
    "make-a-point": N_("Make a point"),
    "prime-escape": N_("Primes and escapes"),
    "attack-blitz": N_("Attack and blitz"),
    "holding-game": N_("Anchors and holding games"),
    "bear-in-contact": N_("Bearing in and off against contact"),
    "racing": N_("Racing"),
    "gammon-save": N_("Saving the gammon"),
    "gammon-go": N_("Playing for the gammon"),
    "back-game": N_("Back games"),
    "ace-point": N_("Ace-point games"),
    "timing": N_("Timing in priming battles"),
    "market-loser": N_("Market losers"),
    "double-now": N_("Double now"),
    "too-good": N_("Too good to double"),
    "not-yet": N_("Not strong enough yet"),
    "gammonish-take": N_("Takes with gammons against you"),
    "take-or-pass": N_("Take or pass"),
    "race-cube": N_("The cube in a race"),
    "direct": N_("Direct shots"),
    "indirect": N_("Indirect shots"),
    "two-blots": N_("Shots at two blots"),
    "from-the-bar": N_("Shots from the bar"),
    "race-count": N_("Pip counts in a race"),
    "contact-count": N_("Pip counts with contact"),
    "mistake": N_("A mistake of your own game"),
}
"""The title of each theme, marked for translation: shown through :func:`trainer.content.wording.theme_title`."""
PERSONAL_THEME = "mistake"
"""The theme of a personal puzzle: a mistake of the learner's own game, to drill."""
REVEALING_THEMES = frozenset({"no-play"})
"""Themes whose name gives the answer away: never a puzzle set of their own, their puzzles stay in the mix."""
VARIANT_TITLES = {"standard": N_("Backgammon"), "acey-deucey": N_("Acey-deucey")}
"""The name of each set of rules (shown through :func:`trainer.content.wording.variant_title`)."""
PARTIAL_THEMES = ("one-die", "higher-die", "partial-double", "partial-entry")
RECOGNITION_THEMES = ("forced", "not-forced", "no-play", *PARTIAL_THEMES)
"""The recognition drill's themes (:mod:`trainer.content.recognition`)."""
RECOGNITION_TITLES = {
    "forced": N_("Forced: the only legal play"),
    "not-forced": N_("Not forced: several plays"),
    "no-play": N_("No legal play"),
    "one-die": N_("Partial: only one die can be played"),
    "higher-die": N_("Partial: the higher die"),
    "partial-double": N_("Partial: part of a double"),
    "partial-entry": N_("Partial: entering from the bar"),
}
"""The titles of the recognition drill's themes."""
KIND_THEME_ORDER: dict[str, tuple[str, ...]] = {
    "forced": FORCED_THEMES,
    "bearoff": BEAROFF_THEMES,
    "cube": (*CUBE_THEMES, *CONTACT_CUBE_THEMES),
    "double": DOUBLE_PUZZLE_THEMES,
    "best": BEST_THEMES,
    "recognition": RECOGNITION_THEMES,
    "shots": SHOTS_THEMES,
    "pips": PIPS_THEMES,
}
"""Each kind's themes in the order the menus and the dashboard show them (a cube puzzle's own themes before the
position's)."""


def forced_theme(position: Position, dice: Dice) -> str | None:
    """The forced-move theme a position and roll illustrate, or ``None`` if the roll is not forced."""
    explanation = explain(position, dice)
    if not explanation.forced:
        return None
    if explanation.no_play:
        return "no-play"
    constraints = explanation.constraints
    (play,) = explanation.plays
    if Constraint.PARTIAL_ENTRY in constraints:
        return "partial-entry"
    if Constraint.PARTIAL_DOUBLE in constraints:
        return "partial-double"
    if Constraint.HIGHER_DIE in constraints:
        return "higher-die"
    if Constraint.ONE_DIE in constraints:
        return "one-die"
    if _bears_off_with_a_higher_die(play):
        return "bearoff-higher"
    if _has_blocked_route(position, dice):
        return "blocked-route"
    if _single_die_temptation(position, dice, play):
        return "both-dice"
    return "only-play"


def _bears_off_with_a_higher_die(play: Play) -> bool:
    """Whether a die of the play bears a checker off from a point lower than its number (no die matches the
    distance exactly once the exact ones are given out)."""
    left = list(play.dice.moves)
    unmatched = []
    for move in play.moves:
        distance = move.start - move.end
        if distance in left:
            left.remove(distance)
        else:
            unmatched.append(move)
    return any(move.end == OFF for move in unmatched)


def _has_blocked_route(position: Position, dice: Dice) -> bool:
    """Whether some checker could reach a point with both dice except that both stops on the way are closed."""
    high, low = dice.high, dice.low
    me, them = position.player, position.opponent
    if high == low or me[25]:
        return False
    for start in range(24, high + low, -1):
        if not me[start]:
            continue
        end = start - high - low
        first, second = start - high, start - low
        if them[25 - end] < 2 and them[25 - first] >= 2 and them[25 - second] >= 2:
            return True
    return False


def _single_die_temptation(position: Position, dice: Dice, play: Play) -> bool:
    """Whether a checker could legally move by one die alone in a way that is not part of the only play."""
    first_moves = {(move.start, move.end) for move in play.moves}
    return any(
        (move.start, move.end) not in first_moves for die in set(dice) for move in iter_single_moves(position, die)
    )
