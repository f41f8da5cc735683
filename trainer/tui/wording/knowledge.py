"""The knowledge drills: match equity at a score, the take point at a score, the Keith count of a race."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.keith import DOUBLE_WITHIN, REDOUBLE_WITHIN, SEVENTH, TAKE_FROM, KeithCount, KeithSide, KeithVerdict
from trainer.engine.match_equity import TABLE_NAME, Score, TakePoint
from trainer.i18n import N_, _, decimal, percent
from trainer.practice.knowledge import TOLERANCE, MetQuestion

KNOWLEDGE_TITLES = {"met": N_("Match equity"), "take": N_("Take points"), "keith": N_("Keith count")}
VERDICTS = {
    KeithVerdict.NO_DOUBLE: N_("no double"),
    KeithVerdict.DOUBLE_TAKE: N_("double, take"),
    KeithVerdict.DOUBLE_PASS: N_("double, pass"),
}
REDOUBLE_VERDICTS = {
    KeithVerdict.NO_DOUBLE: N_("no redouble"),
    KeithVerdict.DOUBLE_TAKE: N_("redouble, take"),
    KeithVerdict.DOUBLE_PASS: N_("redouble, pass"),
}
VERDICT_ORDER = (KeithVerdict.NO_DOUBLE, KeithVerdict.DOUBLE_TAKE, KeithVerdict.DOUBLE_PASS)
"""The verdicts as the keys 1, 2 and 3 choose them."""


def knowledge_title(drill: str) -> str:
    """The name of a knowledge drill: ``Match equity``, ``Take points``, ``Keith count``."""
    return _(KNOWLEDGE_TITLES[drill])


def chance(share: float) -> str:
    """A match winning chance or a take point as a percentage to a tenth: ``64.8%``."""
    return percent(share, 1)


def standing(player_away: int, opponent_away: int) -> str:
    """Who leads: ``you lead``, ``O leads``, ``level``."""
    if player_away < opponent_away:
        return _("you lead")
    if opponent_away < player_away:
        return _("O leads")
    return _("level")


def score_note(player_away: int, opponent_away: int, *, post_crawford: bool) -> str:
    """``You are 3-away, O is 5-away (you lead).``, the Crawford game or post-Crawford named where a side is at
    1-away."""
    lead = standing(player_away, opponent_away)
    if post_crawford:
        return _("You are {player}-away, O is {opponent}-away ({lead}), post-Crawford.").format(
            player=player_away, opponent=opponent_away, lead=lead
        )
    if 1 in (player_away, opponent_away) and player_away != opponent_away:
        return _("You are {player}-away, O is {opponent}-away ({lead}), in the Crawford game.").format(
            player=player_away, opponent=opponent_away, lead=lead
        )
    return _("You are {player}-away, O is {opponent}-away ({lead}).").format(
        player=player_away, opponent=opponent_away, lead=lead
    )


def met_prompt(question: MetQuestion) -> str:
    """The match equity question, to answer with a percentage."""
    score = score_note(question.player_away, question.opponent_away, post_crawford=question.post_crawford)
    return _(
        "{score} What are your chances of winning the match? Type a percentage (right within {tolerance} points of "
        "the table's)."
    ).format(score=score, tolerance=decimal(TOLERANCE, 0))


def take_prompt(taker_away: int, doubler_away: int, cube: int, *, post_crawford: bool) -> str:
    """The take point question: O doubles (or redoubles) you; your gammonless take point, as a percentage."""
    score = score_note(taker_away, doubler_away, post_crawford=post_crawford)
    if cube == 1:
        double = _("O doubles you to {cube}.").format(cube=2 * cube)
    else:
        double = _("O owns the cube at {cube} and redoubles you to {doubled}.").format(cube=cube, doubled=2 * cube)
    return _(
        "{score} {double} What is your take point (no gammons, the cube dead)? Type a percentage (right within "
        "{tolerance} points)."
    ).format(score=score, double=double, tolerance=decimal(TOLERANCE, 0))


def keith_prompt(*, redouble: bool) -> str:
    """The Keith count's first question: the count, the seventh added."""
    cube = _("You own the cube at 2.") if redouble else _("The cube is in the middle.")
    return _(
        "A race, you on roll. {cube} Type your Keith count, with your seventh added (one seventh of your count, "
        "rounded down)."
    ).format(cube=cube)


def keith_verdict_prompt(count: int) -> str:
    """The Keith count's second question: the verdict, by the keys 1 to 3 (or the buttons)."""
    return _("Your count: {count}. Now the verdict: 1, 2 or 3.").format(count=count)


def verdict_name(verdict: KeithVerdict, *, redouble: bool) -> str:
    """``double, take`` (``redouble, take`` when the roller owns the cube)."""
    return _((REDOUBLE_VERDICTS if redouble else VERDICTS)[verdict])


def verdict_label(number: int, verdict: KeithVerdict, *, redouble: bool) -> str:
    """A verdict's button: ``2  double, take``."""
    return f"{number}  {verdict_name(verdict, redouble=redouble)}"


# --- the verdicts and the working -------------------------------------------------------------------------------


def percent_verdict(correct: bool, given: float, expected: float) -> str:
    """The verdict on a typed percentage: ``Right: 64.8%.`` or ``Not 60%: 64.8%.``."""
    if correct:
        return _("Right: {expected}.").format(expected=chance(expected))
    return _("Not {given}: {expected}.").format(given=chance(given / 100), expected=chance(expected))


def not_a_percentage() -> str:
    return _("Answer with a percentage, like 64.8.")


def not_a_count() -> str:
    return _("Answer with a whole number, like 72.")


def met_working(question: MetQuestion) -> str:
    """Where the answer is in the table: its row and column (the post-Crawford row's entry, for the trailer)."""
    player, opponent, share = question.player_away, question.opponent_away, question.chance
    if question.post_crawford:
        if opponent == 1 and player > 1:
            return _(
                "{table}, post-Crawford: you at {player}-away against O at 1-away: {chance}, from the post-Crawford "
                "row."
            ).format(table=TABLE_NAME, player=player, chance=chance(share))
        if player == 1 and opponent > 1:
            return _(
                "{table}, post-Crawford: O at {opponent}-away against you at 1-away has {other}, from the "
                "post-Crawford row: you have {chance}."
            ).format(table=TABLE_NAME, opponent=opponent, other=chance(1 - share), chance=chance(share))
    return _("{table}: row {player}-away (you), column {opponent}-away (O): {chance}.").format(
        table=TABLE_NAME, player=player, opponent=opponent, chance=chance(share)
    )


def score_after(score: Score) -> str:
    """A score the take point comes from: ``you 4-away, O 1-away (the Crawford game)``, or the match won or lost."""
    if score.player_away <= 0:
        return _("you win the match")
    if score.opponent_away <= 0:
        return _("O wins the match")
    if score.post_crawford:
        return _("you {player}-away, O {opponent}-away, post-Crawford").format(
            player=score.player_away, opponent=score.opponent_away
        )
    if score.crawford:
        return _("you {player}-away, O {opponent}-away, the Crawford game").format(
            player=score.player_away, opponent=score.opponent_away
        )
    return _("you {player}-away, O {opponent}-away").format(player=score.player_away, opponent=score.opponent_away)


def take_working(take: TakePoint) -> str:
    """The three match winning chances with their scores, the risk and the gain, and the division."""
    points = decimal(100 * take.risk, 1), decimal(100 * take.gain, 1)
    lines = [
        _("Pass ({score}): {chance}.").format(score=score_after(take.passed), chance=chance(take.pass_mwc)),
        _("Take and lose ({score}): {chance}.").format(score=score_after(take.lost), chance=chance(take.lose_mwc)),
        _("Take and win ({score}): {chance}.").format(score=score_after(take.won), chance=chance(take.win_mwc)),
        _("Risk: {passed} - {lost} = {risk} points. Gain: {won} - {passed} = {gain} points.").format(
            passed=decimal(100 * take.pass_mwc, 1),
            lost=decimal(100 * take.lose_mwc, 1),
            won=decimal(100 * take.win_mwc, 1),
            risk=points[0],
            gain=points[1],
        ),
        _("Take point: risk / (risk + gain) = {risk} / ({risk} + {gain}) = {point}.").format(
            risk=points[0], gain=points[1], point=chance(take.point)
        ),
    ]
    return "\n".join(lines)


def side_adjustments(side: KeithSide) -> list[str]:
    """Each adjustment of one side's count: ``1-point: 3 beyond one, +6``..."""
    parts = []
    if side.crowded_one:
        parts.append(
            _("1-point: {count} beyond one, +{added}").format(count=side.crowded_one, added=2 * side.crowded_one)
        )
    if side.crowded_two:
        parts.append(_("2-point: {count} beyond one, +{added}").format(count=side.crowded_two, added=side.crowded_two))
    if side.crowded_three:
        parts.append(
            _("3-point: {count} beyond three, +{added}").format(count=side.crowded_three, added=side.crowded_three)
        )
    if side.gaps:
        parts.append(gaps_text(side.gaps))
    return parts


def gaps_text(gaps: tuple[int, ...]) -> str:
    """The empty points among the 4-, 5- and 6-points: ``the 5- and 6-points empty, +2``."""
    if len(gaps) == 1:
        return _("the {point}-point empty, +{count}").format(point=gaps[0], count=1)
    if len(gaps) == 2:
        return _("the {first}- and {second}-points empty, +{count}").format(first=gaps[0], second=gaps[1], count=2)
    return _("the {first}-, {second}- and {third}-points empty, +{count}").format(
        first=gaps[0], second=gaps[1], third=gaps[2], count=len(gaps)
    )


def side_line(name: str, side: KeithSide) -> str:
    """``You: 60 pips; 3-point: 1 beyond three, +1; count 61.``"""
    adjustments: Sequence[str] = side_adjustments(side) or [_("no adjustment")]
    return _("{name}: {pips} pips; {adjustments}; count {count}.").format(
        name=name, pips=side.pips, adjustments="; ".join(adjustments), count=side.count
    )


def keith_working(count: KeithCount) -> str:
    """Each side's pips and adjustments, the seventh, the difference and the rule that gives the verdict."""
    within = REDOUBLE_WITHIN if count.redouble else DOUBLE_WITHIN
    double_rule = (
        _("a redouble while it is at most {within}").format(within=within)
        if count.redouble
        else _("a double while it is at most {within}").format(within=within)
    )
    lines = [
        side_line(_("You"), count.roller),
        _("On roll, you add a seventh, rounded down: {count} / {seventh} = {added}, so {total}.").format(
            count=count.roller.count, seventh=SEVENTH, added=count.seventh, total=count.roller_count
        ),
        side_line(_("O"), count.opponent),
        _("Difference: {roller} - {opponent} = {difference}. Rule: {double}, a take from {take}: {verdict}.").format(
            roller=count.roller_count,
            opponent=count.opponent.count,
            difference=count.difference,
            double=double_rule,
            take=TAKE_FROM,
            verdict=verdict_name(count.verdict, redouble=count.redouble),
        ),
    ]
    return "\n".join(lines)


def keith_verdict(correct: bool, given: int, verdict: KeithVerdict, count: KeithCount) -> str:
    """The verdict on a Keith count and its verdict: right, or what was wrong."""
    redouble = count.redouble
    if correct:
        return _("Right: {count}, {verdict}.").format(
            count=count.roller_count, verdict=verdict_name(count.verdict, redouble=redouble)
        )
    return _("You said {given}, {said}: the count is {count}, {verdict}.").format(
        given=given,
        said=verdict_name(verdict, redouble=redouble),
        count=count.roller_count,
        verdict=verdict_name(count.verdict, redouble=redouble),
    )


def knowledge_loading() -> str:
    """The Keith count drill's panel while the race positions are still loading."""
    return _("The positions are loading…")
