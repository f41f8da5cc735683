"""Explore a position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.i18n import N_, _, localized

if TYPE_CHECKING:
    from trainer.analysis import CubeDecision


CUBE_ACTIONS = (N_("no double"), N_("double, take"), N_("double, pass"), N_("too good to double"))
"""The right cube actions, as the evaluator names them (its values are their English names): marked here for the
catalog, translated where shown."""


def explore_title() -> str:
    return _("Explore a position")


def position_field() -> str:
    return _("Position (Position ID, XGID, text form or 'start'):")


def position_placeholder() -> str:
    return _("e.g. 4HPwATDgc/ABMA")


def dice_field() -> str:
    return _("Dice:")


def dice_placeholder() -> str:
    return _("e.g. 31 or 6-5; empty for the cube decision")


def unreadable_position(error: str) -> str:
    """Why a position could not be read, and every form it may be written in."""
    return _(
        "{error}. Write a Position ID (e.g. 4HPwATDgc/ABMA, a Match ID may follow after a colon), an XGID "
        "(XGID=...), the text form (e.g. X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2) or start."
    ).format(error=error)


def position_caption(position_id: str) -> str:
    """Under the board: the position's ID."""
    return _("ID {id}").format(id=position_id)


def no_dice() -> str:
    return _("No dice: the cube decision of X, on roll.")


def not_judged_waiting() -> str:
    return _("bgsage does not judge positions with checkers waiting to enter (acey-deucey).")


def evaluating() -> str:
    return _("Evaluating with bgsage…")


def not_evaluated(error: str) -> str:
    return _("bgsage could not evaluate this: {error}").format(error=error)


def ranked_play(play: str, rank: int, equity: float, win: float, gammon: float) -> str:
    """A play in the list once ranked: its rank (★ the best) and equity, and on a second line its winning (W) and
    gammon (G) chances in percent."""
    place = f"★{rank}" if rank == 1 else f"#{rank}"
    return _("{play}  {rank} {equity:+.3f}\n  W {win:.1f}%  G {gammon:.1f}%").format(
        play=play, rank=place, equity=localized(equity), win=localized(win), gammon=localized(gammon)
    )


def ranked_by(plies: int, best: str) -> str:
    return _(
        "Ranked by bgsage ({plies} ply): money equity with the cube centered, W winning and G gammon chances. "
        "★ the best: {best}."
    ).format(plies=plies, best=best)


def cube_decision(decision: CubeDecision) -> str:
    """The cube decision in a few words, with the three equities."""
    return _(
        "Cube decision of X on roll, the cube centered (bgsage, {plies} ply): {action}. No double {no_double:+.3f}, "
        "double/take {double_take:+.3f}, double/pass {double_pass:+.3f}; X wins {win:.1f}%, a gammon {gammon:.1f}%."
    ).format(
        plies=decision.plies,
        action=_(decision.action),
        no_double=localized(decision.no_double),
        double_take=localized(decision.double_take),
        double_pass=localized(decision.double_pass),
        win=localized(100 * decision.chances.win),
        gammon=localized(100 * decision.chances.win_gammon),
    )
