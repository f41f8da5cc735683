"""The words of :mod:`trainer.content.reasons`: why the best play beats another play, and why a cube answer is right.

A play's reason is made of phrases, one per fact of the board after a play (``leaves 11 shots``, ``makes your
5-point``), said of both plays in one sentence, and the sentences that join them. Each function takes values and
returns text in the language in use; plays stay in notation, the sides are ``X`` (the side on roll) and ``O``, and
every number is written by :mod:`trainer.i18n`'s helpers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from trainer.engine.wording import capitalized
from trainer.i18n import _, decimal, localized, ngettext, percent

PointChange = Literal["makes", "keeps", "breaks", "misses"]
"""What a play does about a point: makes it (it was not held), keeps it (held before and after), breaks it (held
before, not after) or misses it (neither before nor after: the other play makes it)."""

ANCHOR_FROM = 19
"""A point from here up (O's home board, in the mover's numbering) is an anchor."""


# --- joining -------------------------------------------------------------------------------------------------------


def listed(phrases: Sequence[str]) -> str:
    """Phrases in a sentence: ``a``, ``a and b``, ``a, b and c``."""
    if len(phrases) < 2:
        return "".join(phrases)
    return _("{items} and {last}").format(items=", ".join(phrases[:-1]), last=phrases[-1])


def _loss(loss: float) -> str:
    return decimal(loss, 3)


# --- one play's side of a fact -------------------------------------------------------------------------------------


def shots(count: int, *, back_aside: bool = False) -> str:
    """The opponent's rolls (of 36) that hit a blot after the play; ``back_aside``: said that the back checkers (blots
    in O's home board, which either play leaves) are not counted."""
    if back_aside:
        if count == 0:
            return _("leaves no shot (back checkers aside)")
        return ngettext(
            "leaves {count} shot (back checkers aside)", "leaves {count} shots (back checkers aside)", count
        ).format(count=count)
    if count == 0:
        return _("leaves no shot")
    return ngettext("leaves {count} shot", "leaves {count} shots", count).format(count=count)


def blots(count: int) -> str:
    """The play's blots on the board."""
    if count == 0:
        return _("leaves no blot")
    return ngettext("leaves {count} blot", "leaves {count} blots", count).format(count=count)


def point_name(point: int) -> str:
    """``your 5-point``, ``your bar point``."""
    if point == 7:
        return _("your bar point")
    return _("your {point}-point").format(point=point)


def point(change: PointChange, number: int) -> str:
    """What the play does about the point ``number`` (the mover's numbering): an anchor from 19 up."""
    if number >= ANCHOR_FROM:
        anchors = {
            "makes": _("makes an anchor on your {point}-point"),
            "keeps": _("keeps its anchor on your {point}-point"),
            "breaks": _("gives up its anchor on your {point}-point"),
            "misses": _("does not make an anchor on your {point}-point"),
        }
        return anchors[change].format(point=number)
    points = {
        "makes": _("makes {point}"),
        "keeps": _("keeps {point}"),
        "breaks": _("breaks {point}"),
        "misses": _("does not make {point}"),
    }
    return points[change].format(point=point_name(number))


def hits(count: int, pips: int) -> str:
    """The checkers the play hits and the pips O loses by them (none: it does not hit)."""
    if count == 0:
        return _("does not hit")
    if count == 1:
        return ngettext("hits (O loses {pips} pip)", "hits (O loses {pips} pips)", pips).format(pips=pips)
    return ngettext(
        "hits {count} checkers (O loses {pips} pip)", "hits {count} checkers (O loses {pips} pips)", pips
    ).format(count=count, pips=pips)


def block(length: int, before: int) -> str:
    """The longest run of made points after the play, against ``before`` (the run before the play)."""
    if length < 2:
        return _("has no two points in a row")
    if length > before:
        return _("builds a block of {count} points in a row").format(count=length)
    if length == before:
        return _("keeps a block of {count} points in a row").format(count=length)
    return _("cuts its block to {count} points in a row").format(count=length)


def back(count: int) -> str:
    """The mover's checkers left in O's home board or on the bar after the play."""
    if count == 0:
        return _("has no back checker left")
    return ngettext("keeps {count} back checker", "keeps {count} back checkers", count).format(count=count)


def race(lead: int) -> str:
    """The mover's lead in the race after the play (negative: it trails)."""
    if lead > 0:
        return ngettext("leads the race by {count} pip", "leads the race by {count} pips", lead).format(count=lead)
    if lead < 0:
        return ngettext("trails the race by {count} pip", "trails the race by {count} pips", -lead).format(count=-lead)
    return _("leaves the race even")


def borne_off(count: int) -> str:
    """The checkers the play bears off."""
    if count == 0:
        return _("bears off no checker")
    return ngettext("bears off {count} checker", "bears off {count} checkers", count).format(count=count)


def gaps(count: int) -> str:
    """The empty points of the mover's home board below its highest checker."""
    if count == 0:
        return _("leaves no gap in your home board")
    return ngettext("leaves {count} gap in your home board", "leaves {count} gaps in your home board", count).format(
        count=count
    )


def outside_checkers(count: int) -> str:
    """The mover's checkers still outside its home board in a race."""
    if count == 0:
        return _("brings every checker home")
    return ngettext(
        "leaves {count} checker outside your home board", "leaves {count} checkers outside your home board", count
    ).format(count=count)


def pips_to_bring_home(pips: int) -> str:
    """The pips the mover still has to play to bring every checker home, in a race."""
    return ngettext(
        "leaves {count} pip to bring every checker home", "leaves {count} pips to bring every checker home", pips
    ).format(count=pips)


def rolls_to_bear_off(rolls: float) -> str:
    """The rolls the mover needs on average to bear off (every checker home)."""
    return _("needs {rolls} rolls on average to finish").format(rolls=decimal(rolls, 2))


def timing(pips: int) -> str:
    """The pips the mover can still play outside its home board (its timing)."""
    return ngettext(
        "keeps {count} pip to play outside your home board", "keeps {count} pips to play outside your home board", pips
    ).format(count=pips)


def wins(chance: float) -> str:
    return _("wins {chance:.0%} of the games").format(chance=localized(chance))


def wins_gammons(chance: float) -> str:
    return _("wins a gammon {chance:.0%} of the time").format(chance=localized(chance))


def loses_gammons(chance: float) -> str:
    return _("loses a gammon {chance:.0%} of the time").format(chance=localized(chance))


# --- the sentences of a play's reason ------------------------------------------------------------------------------


def compared(best: str, mine: Sequence[str], other: str, theirs: Sequence[str]) -> str:
    """The best play's side of some facts against the other play's: ``13/5 leaves no shot, while 13/7 8/7 leaves 11
    shots.``"""
    text = _("{best} {mine}, while {other} {theirs}.")
    return capitalized(text.format(best=best, mine=listed(mine), other=other, theirs=listed(theirs)))


def conceded(other: str, theirs: Sequence[str], best: str, mine: Sequence[str], loss: float) -> str:
    """What the other play does better, and what it costs all the same (``loss``: a game, at least 0.001)."""
    text = _("{other} {theirs}, where {best} {mine}, but it still ends {loss} a game behind.")
    said = text.format(other=other, theirs=listed(theirs), best=best, mine=listed(mine), loss=_loss(loss))
    return capitalized(said)


def worth_more(best: str, loss: float) -> str:
    """The best play's edge when every fact said favours the other play."""
    return capitalized(_("Even so, {best} is worth {loss} more a game.").format(best=best, loss=_loss(loss)))


def alike(best: str, shared: Sequence[str], other: str, loss: float) -> str:
    """Two plays that differ in no count: what both leave, and the best one's edge all the same."""
    text = _("{best} {shared}, just as {other} does; it keeps more winning chances all the same: {loss} more a game.")
    return capitalized(text.format(best=best, shared=listed(shared), other=other, loss=_loss(loss)))


def alike_and_equal(best: str, shared: Sequence[str], other: str) -> str:
    """Two plays that differ in no count and are worth the same (to three decimals)."""
    text = _("{best} {shared}, just as {other} does, and the two are worth the same to three decimals.")
    return capitalized(text.format(best=best, shared=listed(shared), other=other))


# --- cube reasons --------------------------------------------------------------------------------------------------


def take_verdict(cost: float) -> str:
    """A right take: what taking costs O (negative: what it wins), against passing's 1.00."""
    if cost < 0:
        return _("Taking even wins O {gain} points a game, where passing gives up 1.00.").format(gain=decimal(-cost, 2))
    return _("Taking costs O {cost} points a game, against the 1.00 that passing gives up.").format(
        cost=decimal(cost, 2)
    )


def pass_verdict(cost: float) -> str:
    """A right pass: what taking would cost O, more than passing's 1.00."""
    return _("Taking would cost O {cost} points a game, more than the 1.00 that passing gives up.").format(
        cost=decimal(cost, 2)
    )


def double_take_verdict(no_double: float, double_take: float) -> str:
    """A right double that O should take: the doubler's equity after a take against waiting."""
    return _(
        "Doubling is worth {double_take:+.2f} a game after a take, against {no_double:+.2f} without doubling: "
        "{gain} more."
    ).format(
        double_take=localized(double_take),
        no_double=localized(no_double),
        gain=decimal(double_take - no_double, 2),
    )


def double_pass_verdict(no_double: float, double_take: float) -> str:
    """A right double that O should pass: cashing 1.00 against waiting, and what a take would cost."""
    return _(
        "Doubling cashes 1.00 a game, more than the {no_double:+.2f} of playing on, and O should pass: taking would "
        "cost {cost}."
    ).format(no_double=localized(no_double), cost=decimal(double_take, 2))


def too_good_verdict(no_double: float) -> str:
    """A right no double because X is too good: playing on is worth more than the 1.00 a pass gives."""
    return _(
        "X is too good to double: playing on is worth {no_double:+.2f} a game, more than the 1.00 that O would give "
        "up by passing."
    ).format(no_double=localized(no_double))


def wait_verdict(no_double: float, double_take: float) -> str:
    """A right no double because waiting is worth more than a double O would take."""
    return _(
        "Waiting is worth {no_double:+.2f} a game, against {double_take:+.2f} after a double and a take: {gain} more."
    ).format(
        no_double=localized(no_double),
        double_take=localized(double_take),
        gain=decimal(no_double - double_take, 2),
    )


def take_need(need: float, doubler_gammons: float | None, taker_gammons: float | None) -> str:
    """What a take needs, as a clause: 25% of the games with the cube dead, moved by the gammons where they are known
    and matter (``need`` then differs from 25%)."""
    if doubler_gammons is None or taker_gammons is None or percent(need) == percent(0.25):
        return _("a take needs 25%")
    return _(
        "with these gammons a take needs {need:.0%} (X wins a gammon {doubler:.0%} of the time, O {taker:.0%}; "
        "without gammons it would be 25%)"
    ).format(need=localized(need), doubler=localized(doubler_gammons), taker=localized(taker_gammons))


def taker_chances(chance: float, need: float, needs: str) -> str:
    """O's winning chances against ``need``, what a take needs (said by ``needs``: :func:`take_need`)."""
    if percent(chance) == percent(need):
        text = _("O wins {chance:.0%} of the games, just about enough: {need}.")
    elif chance > need:
        text = _("O wins {chance:.0%} of the games, enough: {need}.")
    else:
        text = _("O wins only {chance:.0%} of the games, not enough: {need}.")
    return text.format(chance=localized(chance), need=needs)


def doubler_chances(chance: float) -> str:
    return _("X wins {chance:.0%} of the games.").format(chance=localized(chance))


def doubler_gammons(chance: float) -> str:
    """X's gammons, when a too-good position's reason names them."""
    return _("X wins a gammon {chance:.0%} of the time: playing for it is worth more than cashing.").format(
        chance=localized(chance)
    )


def cube_makes_up() -> str:
    """A right take (or a double to take) though O's chances are below what a dead cube needs."""
    return _("Owning the cube after the take makes up the difference.")


def cube_figures_decide() -> str:
    """A right pass though O's chances reach what a dead cube needs: the figures count more than that."""
    return _("The figures count the gammons and the cube's later turns, and they make it a pass all the same.")


def market_lost() -> str:
    """A right double that O should pass: waiting longer would only lose more."""
    return _("X has lost its market: it should cash the game now.")


def before_the_market() -> str:
    """A right double that O should take."""
    return _("So O should take, and X doubles before losing its market.")


def race_standing(mine: int, theirs: int) -> str:
    """The pip counts of a race, when a cube reason names them."""
    if mine < theirs:
        ahead = ngettext(
            "In this race X has {mine} pips to O's {theirs}, {lead} pip ahead.",
            "In this race X has {mine} pips to O's {theirs}, {lead} pips ahead.",
            theirs - mine,
        )
        return ahead.format(mine=mine, theirs=theirs, lead=theirs - mine)
    if mine > theirs:
        behind = ngettext(
            "In this race X has {mine} pips to O's {theirs}, {lead} pip behind.",
            "In this race X has {mine} pips to O's {theirs}, {lead} pips behind.",
            mine - theirs,
        )
        return behind.format(mine=mine, theirs=theirs, lead=mine - theirs)
    return _("In this race both sides have {mine} pips.").format(mine=mine)


# --- errors ----------------------------------------------------------------------------------------------------


def not_a_play_of(play: str, dice: str, position: str) -> str:
    return _("{play} is not a play of {dice} in {position}").format(play=play, dice=dice, position=position)


def same_play(best: str, other: str) -> str:
    return _("{best} and {other} are the same play: a reason compares two plays").format(best=best, other=other)


def figures_answer(question: str, right: str, answer: str) -> str:
    """A cube answer the figures do not give (``question``, ``right`` and ``answer`` are keywords of the file
    format, quoted as they are)."""
    return _("the figures answer {right} to the {question} question, not {answer}").format(
        right=repr(right), question=repr(question), answer=repr(answer)
    )
