"""Mistakes by theme: each decision of a match analysed (:mod:`trainer.play.analyse`) themed by its position with the
rules the puzzle corpus is themed by (:mod:`trainer.content.position_themes`), and each player's equity lost per
theme.

A decision is seen by the side deciding, before it: a checker play by the mover, a double by the doubler, an answer
by the side doubled (an answer to a beaver by the doubler). The two gammon themes take the evaluator's figures the
analysis already has (no evaluation more): a play's, the best play's chances after it; a cube decision's, the
chances before the roll (turned round for the side doubled); a forced play, which is not ranked, has none, and its
themes are read from the board alone. A player's figures per theme (:func:`theme_losses`) sum the decisions that
count for the error rate (as GNU Backgammon counts them): the equity lost, per unit of the cube (EMG in a match),
and how many there were.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Final

from trainer.content.position_themes import THEME_RULES, PositionTheme, position_themes
from trainer.content.wording import theme_title
from trainer.play.analyse import AnalysedDecision, DecisionKind, MatchAnalysis
from trainer.training import wording

THEMES_SHOWN: Final = 5
"""The themes a summary shows per player, at most: those with the most equity lost."""
_ORDER: Final = {theme.value: place for place, theme in enumerate(THEME_RULES)}
"""The rules' order (the most specific first), to order themes of equal figures."""


@dataclass(frozen=True, slots=True)
class ThemeLoss:
    """One player's figures in one theme: the equity lost over the decisions that count in it, and how many."""

    theme: str
    """The theme's name, as the puzzle files name it (:class:`~trainer.content.position_themes.PositionTheme`)."""
    loss: float
    decisions: int

    @property
    def title(self) -> str:
        """The theme's title for the learner, in the language in use."""
        return theme_title(self.theme)


def gammon_figures(item: AnalysedDecision) -> tuple[float | None, float | None]:
    """The deciding side's chances to win and to lose a gammon that the analysis has, ``None`` where it has none."""
    if item.kind is DecisionKind.MOVE:
        chances = item.best_chances
        return (None, None) if chances is None else (chances.win_gammon, chances.lose_gammon)
    if item.cube is None:
        return None, None
    chances = item.cube.chances  # the doubler's, before the roll
    if item.kind is DecisionKind.DOUBLE or item.point.beavered:
        return chances.win_gammon, chances.lose_gammon
    return chances.lose_gammon, chances.win_gammon


def decision_themes(item: AnalysedDecision) -> tuple[PositionTheme, ...]:
    """The themes of a decision's position, seen by the side deciding before it, most specific first."""
    win_gammon, lose_gammon = gammon_figures(item)
    return position_themes(item.position, win_gammon=win_gammon, lose_gammon=lose_gammon)


def theme_names(item: AnalysedDecision) -> list[str]:
    """The names of a decision's themes (``--json``'s ``"themes"``)."""
    return [theme.value for theme in decision_themes(item)]


def theme_losses(analysis: MatchAnalysis, column: int) -> tuple[ThemeLoss, ...]:
    """The figures of the file's player ``column`` (0 left, 1 right) in every theme of its decisions that count,
    the most equity lost first (among equals, the most decisions, then the rules' order)."""
    lost: dict[str, float] = {}
    counted: dict[str, int] = {}
    for item in analysis.decisions:
        if item.point.column != column or not item.counts:
            continue
        for theme in decision_themes(item):
            lost[theme.value] = lost.get(theme.value, 0.0) + item.loss
            counted[theme.value] = counted.get(theme.value, 0) + 1
    figures = (ThemeLoss(theme, lost[theme], counted[theme]) for theme in lost)
    return tuple(sorted(figures, key=lambda figure: (-figure.loss, -figure.decisions, _ORDER[figure.theme])))


def shown_theme_losses(losses: tuple[ThemeLoss, ...], count: int = THEMES_SHOWN) -> tuple[ThemeLoss, ...]:
    """The themes a summary shows: those with a loss that shows in hundredths, the biggest first, at most ``count``."""
    return tuple(figure for figure in losses if round(figure.loss, 2) > 0)[:count]


def theme_loss_lines(analysis: MatchAnalysis, column: int) -> list[str]:
    """A player's equity lost per theme in words: a heading, then a line per theme shown (nothing when no theme
    lost anything)."""
    shown = shown_theme_losses(theme_losses(analysis, column))
    if not shown:
        return []
    lines = [wording.theme_losses_heading()]
    lines += [f"  {wording.theme_loss_said(figure.title, figure.loss, figure.decisions)}" for figure in shown]
    return lines


def review_key(analysis: MatchAnalysis, column: int) -> str:
    """A key for a match reviewed from one player's side: the same for the same decisions, from whichever file."""
    text = "\n".join(
        f"{item.game}|{item.number}|{item.kind.value}|{item.position.position_id()}|{item.played}"
        for item in analysis.decisions
        if item.point.column == column
    )
    return "match:" + hashlib.sha256(f"{column}\n{text}".encode()).hexdigest()[:16]
