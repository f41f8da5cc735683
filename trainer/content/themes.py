"""The catalogue of puzzle themes: the forced-move themes the engine recognises and the bear-off themes, with the
titles the app shows. Lessons link to them (a lesson's ``practice`` field) and puzzles are filed under them."""

from __future__ import annotations

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
THEMES = (*FORCED_THEMES, *BEAROFF_THEMES, *CUBE_THEMES)
THEME_TITLES = {
    "only-play": "The only legal play",
    "no-play": "No legal play",
    "higher-die": "The higher-die rule",
    "one-die": "Only one die can be played",
    "both-dice": "Both dice must be used",
    "blocked-route": "A combined move with a closed stop",
    "partial-entry": "Partial entry from the bar",
    "partial-double": "Only part of a double",
    "bearoff-higher": "Bearing off with a higher die",
    "fewest-rolls": "Bear off in the fewest rolls",
    "race": "Win the bear-off race",
    "last-roll": "The last roll",
    "two-rolls": "Two rolls to go",
    "longer-bearoff": "Longer bear-offs",
    "redouble": "Redoubling an owned cube",
}
REVEALING_THEMES = frozenset({"no-play"})
"""Themes whose name gives the answer away: never a puzzle set of their own, their puzzles stay in the mix."""
VARIANT_TITLES = {"standard": "Backgammon", "acey-deucey": "Acey-deucey"}
