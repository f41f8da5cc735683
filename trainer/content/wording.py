"""Every sentence the content layer says to a learner, in one place and through the translation function: the
feedback on answers, the explanations of cube decisions and scores, the prompts of generated puzzles and the titles
of themes. What it says to the authors of lessons and puzzles (the problems found in their files) is
:mod:`trainer.content.author_wording`'s.

Functions take values (numbers, plays, keywords of the file format, sides) and return finished sentences in the
language in use. The text of lessons and puzzles itself (their titles, prompts and explanations) is content, written
in the files: it is not translated here. Keywords of the file format (``no double``, a field's name) and notation
stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.content.keywords import CUBE_ANSWERS, FORCED, NO_PLAY, NOT_FORCED, CubeAnswer, RecognitionAnswer
from trainer.content.themes import RECOGNITION_TITLES, THEME_TITLES, VARIANT_TITLES
from trainer.engine import Side, WinKind
from trainer.engine.bearoff import CubeDecision
from trainer.engine.wording import capitalized, win_kind_phrase
from trainer.i18n import N_, _, decimal, grouped, localized, ngettext, signed
from trainer.shared.skill import Skill


def listed(items: Sequence[object]) -> str:
    """Items in a sentence: ``3``, ``3 and 5``, ``3, 5 and 8``."""
    if len(items) < 2:
        return "".join(str(item) for item in items)
    return _("{items} and {last}").format(items=", ".join(str(item) for item in items[:-1]), last=items[-1])


# --- acey-deucey double puzzles: the right doubles and their plays --------------------------------------------------


def right_double(number: int, play: str, *, safe: bool, goal: bool) -> str:
    """A right double after a 1-2, with one full play of it (``safe``: one that leaves no blot; ``goal``: one that
    meets the puzzle's goal)."""
    if safe:
        text = _("Right: {number}-{number} can be played in full leaving no blot, e.g. {play}; then you roll again.")
    elif goal:
        text = _("Right: {number}-{number} can be played in full as the puzzle asks, e.g. {play}; then you roll again.")
    else:
        text = _("Right: {number}-{number} can be played in full, e.g. {play}; then you roll again.")
    return text.format(number=number, play=play)


def also_right(names: str) -> str:
    return _("Also right: {names}.").format(names=names)


def choose_double_answers() -> str:
    """How a double puzzle asking to choose a double is answered (said to a learner whose answer is no double)."""
    return _('a choose question is answered with the doubles, written like "3-3"')


def full_verdict(number: int, play: str | None, used: int, *, right: bool | None) -> str:
    """Whether all four moves of the double ``number`` can be played (``used`` of them can, as ``play`` plays
    them), said after a right or a wrong answer (``right``), or as the solution (``None``)."""
    if used == 4:
        text = _("all four moves of {number}-{number} can be played, e.g. {play}: the bonus roll follows.")
    elif used:
        text = ngettext(
            "only {used} of the four moves of {number}-{number} can be played ({play}): the rest of the turn, "
            "bonus roll and all, is lost.",
            "only {used} of the four moves of {number}-{number} can be played ({play}): the rest of the turn, "
            "bonus roll and all, is lost.",
            used,
        )
    else:
        text = _(
            "none of the four moves of {number}-{number} can be played: the rest of the turn, bonus roll and all, "
            "is lost."
        )
    said = text.format(number=number, play=play, used=used)
    if right is None:
        return capitalized(said)
    return (_("Right: {said}") if right else _("No: {said}")).format(said=said)


def doubles_solution(names: str, *, safe: bool, goal: bool) -> str:
    """The right doubles of a choose question, each with a full play."""
    if safe:
        return _("The doubles that can be played in full leaving no blot: {names}.").format(names=names)
    if goal:
        return _("The doubles that can be played in full as the puzzle asks: {names}.").format(names=names)
    return _("The doubles that can be played in full: {names}.").format(names=names)


def double_with_play(number: int, play: str) -> str:
    return _("{number}-{number} ({play})").format(number=number, play=play)


# --- titles -----------------------------------------------------------------------------------------------------


def theme_title(theme: str) -> str:
    """A puzzle theme's title (the theme itself for one the catalogue does not have)."""
    return _(THEME_TITLES[theme]) if theme in THEME_TITLES else theme


def recognition_title(theme: str) -> str:
    """A recognition theme's title (the theme itself for one the drill does not have)."""
    return _(RECOGNITION_TITLES[theme]) if theme in RECOGNITION_TITLES else theme


def variant_title(variant: str) -> str:
    """The rules' name: ``Backgammon``, ``Acey-deucey``."""
    return _(VARIANT_TITLES[variant]) if variant in VARIANT_TITLES else variant


def variant_puzzles(variant: str) -> str:
    """The title of a variant's whole puzzle set."""
    if variant == "acey-deucey":
        return _("Acey-deucey puzzles")
    if variant == "standard":
        return _("Backgammon puzzles")
    return _("{variant} puzzles").format(variant=variant_title(variant))


def mixed_forced_moves() -> str:
    """The title of a set that mixes a revealing theme (no legal play) with other forced moves."""
    return _("Forced moves, mixed (some rolls can't be played)")


# --- feedback on plays ------------------------------------------------------------------------------------------


def doesnt_hit() -> str:
    return _("it doesn't hit")


def hits_against_the_task() -> str:
    return _("it hits, and this task asks you not to")


def doesnt_enter() -> str:
    return _("it doesn't bring a checker in (from the bar, or one waiting to enter)")


def doesnt_bear_off() -> str:
    return _("it doesn't bear a checker off")


def leaves_blots(points: Sequence[int]) -> str:
    """Why a play misses "safe": the blots it leaves (at least one)."""
    if len(points) == 1:
        return _("it leaves a blot on point {point}").format(point=points[0])
    return ngettext(
        "it leaves {count} blot, on points {points}", "it leaves {count} blots, on points {points}", len(points)
    ).format(count=len(points), points=listed(points))


def doesnt_use_all_dice() -> str:
    return _("it doesn't use all the dice")


def gives_up_point(point: int) -> str:
    return _("it gives up your {point}-point").format(point=point)


def doesnt_make_point(point: int) -> str:
    return _("it doesn't make your {point}-point (two or more checkers on it)").format(point=point)


def not_the_play_asked(play: str) -> str:
    return _("{play} is legal, but it isn't the play this task asks for").format(play=play)


def legal_but(play: str, problem: str) -> str:
    """A legal play that misses a condition: ``problem`` says how (``it doesn't hit``)."""
    return _("{play} is legal, but {problem}").format(play=play, problem=problem)


def full_reason(chosen: str, reason: str) -> str:
    """A second wrong choice: why it is wrong, then the reason behind the right answer."""
    return _("{chosen} The full reason: {reason}").format(chosen=chosen, reason=reason)


def missed(reason: str, hint: str | None) -> str:
    """Why an answer missed, as a sentence, and the step's hint after it."""
    if hint:
        return _("{reason}. {hint}").format(reason=reason, hint=hint)
    return _("{reason}.").format(reason=reason)


# --- feedback on picks ------------------------------------------------------------------------------------------


def board_region(point: int) -> str:
    """The quarter of the board a point (the learner's numbering, 1-24) lies in."""
    if point <= 6:
        return _("your home board")
    if point <= 12:
        return _("your outer board")
    if point <= 18:
        return _("O's outer board")
    return _("O's home board")


def target_rule(target: str) -> str | None:
    """The rule behind a pick step's target, said for a wrong pick (``None`` for a target without one)."""
    rules = {
        "bar": _("the bar is the strip in the middle of the board, where hit checkers wait"),
        "blots": _("an O blot is a point with a single O checker on it"),
        "my_blots": _("a blot of yours is a point with just one of your checkers on it"),
        "closed": _("a point is closed to you when O has two or more checkers on it"),
        "home_board": _("your home board is points 1-6"),
        "entry": _(
            "a checker on the bar enters on your point 25 minus a die (a 2 on point 23), and only if it is open"
        ),
        "hittable": _("you hit by landing exactly on a single O checker, with one die or with both (every stop open)"),
    }
    return rules.get(target)


def choose_your_checker() -> str:
    return _("choose a point where one of your checkers stands")


def the_bar() -> str:
    return _("the bar")


def the_tray() -> str:
    return _("the tray of borne-off checkers")


def waiting_checkers(count: int) -> str:
    """The column of checkers waiting to enter (acey-deucey), with how many of yours wait there."""
    if not count:
        return _("the column of waiting checkers")
    return ngettext("your {count} checker waiting to enter", "your {count} checkers waiting to enter", count).format(
        count=count
    )


def point_holding(point: int, mine: int, theirs: int, region: str) -> str:
    """A point, what stands on it and its quarter: ``point 20 (2 O checkers: closed to you), in O's home board``."""
    if mine == 1:
        what = _("your blot")
    elif mine:
        what = ngettext("your {count} checker", "your {count} checkers", mine).format(count=mine)
    elif theirs == 1:
        what = _("an O blot")
    elif theirs:
        what = ngettext("{count} O checker: closed to you", "{count} O checkers: closed to you", theirs).format(
            count=theirs
        )
    else:
        what = _("empty")
    return _("point {point} ({what}), in {region}").format(point=point, what=what, region=region)


def wrong_pick(place: str, rule: str | None, then: str) -> str:
    """A wrong pick: what was picked, the rule the target follows if there is one, and what to do next."""
    if rule:
        return _("Not {place}: {rule}. {then}").format(place=place, rule=rule, then=then)
    return _("Not {place}. {then}").format(place=place, then=then)


# --- feedback on the opening roll and the setup ------------------------------------------------------------------


def roll_first() -> str:
    return _("Roll first: each side throws one die.")


def tie(number: int) -> str:
    return _("Both dice show {number}: a tie decides nothing. Roll again.").format(number=number)


def higher_die_starts(winner: Side, high: int, low: int) -> str:
    """Who threw the higher die, and so moves first (X is the learner)."""
    if winner is Side.X:
        return _("You threw the higher die ({high} against {low}), so you move first.").format(high=high, low=low)
    return _("O threw the higher die ({high} against {low}), so O moves first.").format(high=high, low=low)


def starting_position_right() -> str:
    return _("That's the starting position: 2 on your 24-point, 5 on 13, 3 on 8 and 5 on 6.")


def setup_wrong(points: Sequence[tuple[int, int, int]], more: int) -> str:
    """The first points set up wrong, each as ``(point, checkers wanted, checkers there)``, and how many more."""
    details = "; ".join(
        _("your {point}-point should hold {want} (it has {have})").format(point=point, want=want, have=have)
        for point, want, have in points
    )
    if more:
        return ngettext("Not yet: {details} and {count} more.", "Not yet: {details} and {count} more.", more).format(
            details=details, count=more
        )
    return _("Not yet: {details}.").format(details=details)


# --- feedback on puzzles ----------------------------------------------------------------------------------------


def roll_can_be_played() -> str:
    return _("This roll can be played: look again at every checker and both dice.")


def legal_but_not_the_answer(play: str) -> str:
    return _("{play} is legal, but not the answer.").format(play=play)


def bearoff_can_be_played() -> str:
    return _("This roll can be played: every bear-off roll can.")


def bearoff_tip(rule: str) -> str:
    """A bear-off rule of thumb of :mod:`trainer.content.grading` (marked there), in the language in use."""
    return _(rule)


def race_not_fewest_rolls() -> str:
    return _("the play that wins most often is not the one that needs the fewest rolls")


def taking_off_finds_it() -> str:
    return _("taking off as many checkers as possible already finds the answer")


def no_rule_of_thumb() -> str:
    return _("no rule of thumb tells the best play from the tempting one")


def bearoff_figures(rolls: float, chance: float | None) -> str:
    """A bear-off play's figures: the rolls still needed on average, and the chance to win in a race."""
    if chance is None:
        return _("you need {rolls:.2f} rolls on average to finish").format(rolls=localized(rolls))
    return _("you win {chance:.1f}% of the time and you need {rolls:.2f} rolls on average to finish").format(
        chance=localized(chance * 100), rolls=localized(rolls)
    )


def bearoff_solution(play: str, others: Sequence[str], figures: str) -> str:
    """The best play of a bear-off puzzle (with the plays tied with it) and its figures."""
    if others:
        return _("{play} (or {others}): after it {figures}.").format(
            play=play, others=", ".join(others), figures=figures
        )
    return _("{play}: after it {figures}.").format(play=play, figures=figures)


def bearoff_best(play: str, figures: str) -> str:
    return _("{play} is best: after it {figures}.").format(play=play, figures=figures)


def bearoff_next_best(play: str, figures: str) -> str:
    return _("Next best, {play}: {figures}.").format(play=play, figures=figures)


def bearoff_worse(play: str, figures: str, *, points: float | None = None, rolls: float | None = None) -> str:
    """A worse bear-off play's figures, and how the best compares, worded as the sign says: ``points`` is the best
    play's winning chances minus this one's, in percentage points (a race), ``rolls`` this play's rolls on average
    minus the best's (fewer for the best when positive, more when negative, as many when they round to equal)."""
    if points is not None:
        if round(points, 1) > 0:
            said = _("The best play wins {points:.1f} percentage points more often.")
        elif round(points, 1) < 0:
            said = _("The best play wins {points:.1f} percentage points less often, but is right for the puzzle.")
        else:
            said = _("The best play wins as often, to a tenth of a percentage point.")
        return _("After {play} {figures}. {comparison}").format(
            play=play, figures=figures, comparison=said.format(points=localized(abs(points)))
        )
    assert rolls is not None
    if round(rolls, 2) > 0:
        said = _("The best play needs {rolls:.2f} fewer rolls on average.")
    elif round(rolls, 2) < 0:
        said = _("The best play needs {rolls:.2f} more rolls on average, but is right for the puzzle.")
    else:
        said = _("The best play needs as many rolls on average, to two decimals.")
    return _("After {play} {figures}. {comparison}").format(
        play=play, figures=figures, comparison=said.format(rolls=localized(abs(rolls)))
    )


# --- acey-deucey: the double chosen after a 1-2 -------------------------------------------------------------------


def double_goes_on(number: int) -> str:
    return _("{number}-{number} can be played in full, so the turn would go on to the bonus roll").format(number=number)


def double_not_in_full(number: int, used: int) -> str:
    """A double of which only ``used`` moves can be played."""
    if not used:
        return _(
            "{number}-{number} cannot be played in full: none of its four moves can be played here, and a part "
            "that can't be played ends the turn, bonus roll and all"
        ).format(number=number)
    return ngettext(
        "{number}-{number} cannot be played in full: only {used} of its four moves can be played here, and a part "
        "that can't be played ends the turn, bonus roll and all",
        "{number}-{number} cannot be played in full: only {used} of its four moves can be played here, and a part "
        "that can't be played ends the turn, bonus roll and all",
        used,
    ).format(number=number, used=used)


def double_misses_goal(number: int, missed: str) -> str:
    return _("{number}-{number} can be played in full, but every way of playing it misses the goal ({missed})").format(
        number=number, missed=missed
    )


# --- cube decisions ---------------------------------------------------------------------------------------------
# A side is X or O (its symbol, never translated), or ``None`` for the learner: "you", with its own sentences.


def cube_answer(answer: str) -> str:
    """A cube answer (a keyword of the file format) as a word: ``double``, ``no double``, ``take``, ``pass``."""
    (double, no_double), (take, pass_) = CUBE_ANSWERS["double"], CUBE_ANSWERS["take"]
    words: dict[str, str] = {double: _("double"), no_double: _("no double"), take: _("take"), pass_: _("pass")}
    return words.get(answer, answer)


def cube_answer_sentence(answer: CubeAnswer) -> str:
    """A cube answer said on its own: ``Double.``, ``No double.``, ``Take.``, ``Pass.``."""
    (double, no_double), (take, pass_) = CUBE_ANSWERS["double"], CUBE_ANSWERS["take"]
    sentences = {double: _("Double."), no_double: _("No double."), take: _("Take."), pass_: _("Pass.")}
    return sentences[answer]


def _said(side: Side | None, yours: str, theirs: str, **fields: object) -> str:
    """``yours`` (a translated message) for the learner, ``theirs`` for the side ``side``, filled in."""
    return (yours if side is None else theirs).format(side=side, **fields)


def _points(equity: float) -> str:
    return decimal(abs(equity), 2)


def take_words(decision: CubeDecision, taker: Side | None, *, last_roll: bool) -> str:
    """Whether the doubled side should take, in words and figures."""
    cost, chance = _points(decision.double_take), 1.0 - decision.win_probability
    if decision.should_take and decision.double_take >= 0:
        verdict = _said(
            taker,
            _("You should take: taking loses {cost} points a game, passing gives up 1.00."),
            _("{side} should take: taking loses {cost} points a game, passing gives up 1.00."),
            cost=cost,
        )
    elif decision.should_take:
        verdict = _said(
            taker,
            _("You should take: taking wins {cost} points a game, passing gives up 1.00."),
            _("{side} should take: taking wins {cost} points a game, passing gives up 1.00."),
            cost=cost,
        )
    else:
        verdict = _said(
            taker,
            _("You should pass: taking would lose {cost} points a game, more than the 1.00 that passing gives up."),
            _("{side} should pass: taking would lose {cost} points a game, more than the 1.00 that passing gives up."),
            cost=cost,
        )
    return f"{verdict} {_take_reason(decision, taker, chance, last_roll=last_roll)}"


def _take_reason(decision: CubeDecision, taker: Side | None, chance: float, *, last_roll: bool) -> str:
    """Why the doubled side should take or pass: its chances, against what a take needs on the last roll."""
    if last_roll and decision.should_take:
        return _said(
            taker,
            _(
                "On the last roll the cube is never turned again, so a take needs 25% of the wins: you have "
                "{chance:.0%}, more than that."
            ),
            _(
                "On the last roll the cube is never turned again, so a take needs 25% of the wins: {side} has "
                "{chance:.0%}, more than that."
            ),
            chance=localized(chance),
        )
    if last_roll:
        return _said(
            taker,
            _(
                "On the last roll the cube is never turned again, so a take needs 25% of the wins: you have "
                "{chance:.0%}, less than that."
            ),
            _(
                "On the last roll the cube is never turned again, so a take needs 25% of the wins: {side} has "
                "{chance:.0%}, less than that."
            ),
            chance=localized(chance),
        )
    if decision.should_take:
        return _said(
            taker,
            _(
                "Without the cube you win {chance:.0%} of the time, and owning the cube after a take is worth "
                "something too."
            ),
            _(
                "Without the cube {side} wins {chance:.0%} of the time, and owning the cube after a take is worth "
                "something too."
            ),
            chance=localized(chance),
        )
    return _said(
        taker,
        _("Without the cube you win {chance:.0%} of the time."),
        _("Without the cube {side} wins {chance:.0%} of the time."),
        chance=localized(chance),
    )


def double_words(decision: CubeDecision, doubler: Side | None, taker: Side | None, *, last_roll: bool) -> str:
    """Whether the side on roll should double, in words and figures."""
    gain, cost = _points(decision.double_gain), _points(decision.double_take)
    figures = {"no_double": localized(decision.no_double), "double_take": localized(decision.double_take)}
    if not decision.should_double:
        waiting = _said(
            taker,
            _(
                "Waiting is better by {gain} points a game: {no_double:+.2f} without doubling against "
                "{double_take:+.2f} after a double you would take, owning the cube."
            ),
            _(
                "Waiting is better by {gain} points a game: {no_double:+.2f} without doubling against "
                "{double_take:+.2f} after a double {side} would take, owning the cube."
            ),
            gain=gain,
            **figures,
        )
        return f"{waiting} {_double_reason(decision, doubler, last_roll=last_roll)}"
    if decision.should_take:
        figured = _said(
            taker,
            _(
                "Doubling wins {gain} points a game more than waiting ({double_take:+.2f} against {no_double:+.2f}). "
                "Taking costs you {cost} against 1.00 for passing, so you should take."
            ),
            _(
                "Doubling wins {gain} points a game more than waiting ({double_take:+.2f} against {no_double:+.2f}). "
                "Taking costs {side} {cost} against 1.00 for passing, so {side} should take."
            ),
            gain=gain,
            cost=cost,
            **figures,
        )
    else:
        figured = _said(
            taker,
            _(
                "Doubling wins the game at once: you should pass, since taking would lose {cost}, more than 1.00. "
                "That is {gain} points a game more than waiting ({no_double:+.2f})."
            ),
            _(
                "Doubling wins the game at once: {side} should pass, since taking would lose {cost}, more than 1.00. "
                "That is {gain} points a game more than waiting ({no_double:+.2f})."
            ),
            gain=gain,
            cost=cost,
            **figures,
        )
    return f"{figured} {_double_idea(decision, doubler, taker, last_roll=last_roll)}"


TAKE_POINT = 0.25
"""The share of the wins a take needs when the cube is never turned again (the last roll)."""


def _double_idea(decision: CubeDecision, doubler: Side | None, taker: Side | None, *, last_roll: bool) -> str:
    """Why a double is right, as the take questions say it: the winning chances of both sides against the 25% a
    take needs (the market), and why the double is not too good to make (a bear-off has no gammons to play for)."""
    win, other = decision.win_probability, 1.0 - decision.win_probability
    if doubler is None:
        chances = _("You win {win:.0%} of the time and {taker} {other:.0%}.")
    elif taker is None:
        chances = _("{doubler} wins {win:.0%} of the time and you {other:.0%}.")
    else:
        chances = _("{doubler} wins {win:.0%} of the time and {taker} {other:.0%}.")
    said = chances.format(doubler=doubler, taker=taker, win=localized(win), other=localized(other))
    if last_roll:
        need = _("On the last roll a take needs 25% of the wins")
    else:
        need = _("A take needs about 25% of the wins (a little less, as the taker then owns the cube)")
    if decision.should_take and other < TAKE_POINT:
        idea = _(
            "{need}: here owning the cube after the take makes up the difference, so the double is a take; it comes "
            "before the market is lost, and with no gammons to play for it is never too good to double."
        )
    elif not decision.should_take and other >= TAKE_POINT:
        idea = _(
            "{need}, yet here the figures above make the double a pass: it cashes the game, and with no gammons to "
            "play for, playing on cannot win more than the point the pass gives."
        )
    elif decision.should_take:
        idea = _(
            "{need}, so the double is a take: it comes before the market is lost and is worth more than waiting, and "
            "with no gammons to play for it is never too good to double."
        )
    else:
        idea = _(
            "{need}, so the double is a pass and cashes the game: with no gammons to play for, playing on cannot win "
            "more than the point the pass gives."
        )
    return f"{said} {idea.format(need=need)}"


def _double_reason(decision: CubeDecision, doubler: Side | None, *, last_roll: bool) -> str:
    """Why the side on roll should wait: its chances, not enough for a double."""
    if last_roll:
        return _said(
            doubler,
            _("You win {chance:.0%} of the time: on the last roll a double needs more than 50%."),
            _("{side} wins {chance:.0%} of the time: on the last roll a double needs more than 50%."),
            chance=localized(decision.win_probability),
        )
    return _said(
        doubler,
        _("You win {chance:.0%} of the time without the cube: not enough yet."),
        _("{side} wins {chance:.0%} of the time without the cube: not enough yet."),
        chance=localized(decision.win_probability),
    )


def at_the_match_score(you_away: int, opponent_away: int) -> str:
    """The note after the figures of a cube decision at a match score (the learner is X)."""
    return _(
        "(Score: you are {you}-away, O is {they}-away. The figures are money-equivalent, worked out from the match "
        "equity table: a pass gives up 1.00.)"
    ).format(you=you_away, they=opponent_away)


def per_unit_of_the_cube(cube: int) -> str:
    """The note after the figures of a cube at ``cube`` (2 or more) before the double."""
    if cube == 2:
        return _("(Figures per unit of the cube: at 2, each counts twice.)")
    return _("(Figures per unit of the cube: at {cube}, each counts {cube} times.)").format(cube=cube)


def cube_right(answer: str, why: str) -> str:
    return _("Right: {answer}. {why}").format(answer=cube_answer(answer), why=why)


def cube_wrong(answer: str, why: str) -> str:
    """A wrong cube answer named without a double negation (``No double is wrong here.``, not ``Not no double.``)."""
    return _("{answer} is wrong here. {why}").format(answer=capitalized(cube_answer(answer)), why=why)


# --- score steps --------------------------------------------------------------------------------------------------


def cube_story(values: Sequence[int]) -> str:
    """How the cube got to its value: ``the cube went 1, 2, 4``."""
    if len(values) == 1:
        return _("the cube stayed at 1")
    return _("the cube went {values}").format(values=", ".join(map(str, values)))


def passed_result(story: str, winner: Side, points: int) -> str:
    return _("{story}; the double was passed, so {winner} wins {points} at that value").format(
        story=story, winner=winner, points=points
    )


def jacoby_result(story: str, kind: WinKind, winner: Side, points: int) -> str:
    return _(
        "{story}, never turned: under the Jacoby rule {kind} counts as a single game, so {winner} wins {points}"
    ).format(story=story, kind=win_kind_phrase(kind), winner=winner, points=points)


def counted_result(story: str, kind: WinKind, winner: Side, cube: int, points: int) -> str:
    """A game won at a cube value: ``...; a gammon counts the cube twice: X wins 2 x 2 = 4``."""
    times = {WinKind.SINGLE: _("once"), WinKind.GAMMON: _("twice"), WinKind.BACKGAMMON: _("three times")}[kind]
    return _("{story}; {kind} counts the cube {times}: {winner} wins {cube} x {value} = {points}").format(
        story=story, kind=win_kind_phrase(kind), times=times, winner=winner, cube=cube, value=kind.value, points=points
    )


def score_after(result: str, before: str, after: str, *, match_over: int = 0, crawford_next: bool = False) -> str:
    """The working of a score question: the game's result and the score it makes (``match_over``: the length of
    the match it ends)."""
    if match_over:
        text = _("{result}: {before} becomes {after}, and the {length}-point match is over")
    elif crawford_next:
        text = _("{result}: {before} becomes {after}, and the next game is the Crawford game")
    else:
        text = _("{result}: {before} becomes {after}")
    return text.format(result=result, before=before, after=after, length=match_over)


def cube_in_the_middle() -> str:
    return _("the cube is in the middle")


def cube_owned(owner: Side, value: int) -> str:
    return _("{owner} owns the cube at {value}").format(owner=owner, value=value)


def may_double(side: Side, cube: str) -> str:
    return _("Yes: {side} may double at the start of {side}'s turn, before rolling ({cube}).").format(
        side=side, cube=cube
    )


def may_not_double(reason: str) -> str:
    return _("No: {reason}.").format(reason=reason)


def crawford_game(leader: Side, short: int, length: int) -> str:
    return _(
        "Yes: {leader} reached {short}, one point short of {length}, in the game before: this game is the "
        "Crawford game, and nobody may double in it."
    ).format(leader=leader, short=short, length=length)


def post_crawford(short: int) -> str:
    return _(
        "No: the Crawford game was played when a side first reached {short}; this game is post-Crawford, and the "
        "cube is back in play."
    ).format(short=short)


def crawford_to_come(short: int, length: int) -> str:
    return _("No: nobody is at {short} yet, one point short of {length}: the Crawford game is still to come.").format(
        short=short, length=length
    )


def answer_form(ask: str) -> str:
    """What the answer to a score question looks like."""
    if ask == "points":
        return _("a number of points, like 4")
    if ask == "score":
        return _("the score after the game, yours first, like 3-1")
    return _("yes or no")


def answer_with(ask: str) -> str:
    return _("Answer with {form}.").format(form=answer_form(ask))


def score_hint(ask: str, *, match: bool = True) -> str:
    """The rule to look at again after a wrong answer to a score question (``match``: in a match, where the
    Crawford game can matter; in money play there is none)."""
    if ask == "points":
        return _("Count the cube's value after every double that was taken, then times 1, 2 or 3 for the win.")
    if ask == "score":
        return _("Add the points of this game to the winner's score (a score stops at the match length).")
    if ask == "crawford":
        return _("The Crawford game is the one game right after a side first reaches one point short of the match.")
    if not match:
        return _("Look at who owns the cube: in the middle, either side may double; once turned, only its owner.")
    return _("Look at who owns the cube, and whether this is the Crawford game.")


def wrong_score_answer(ask: str, answer: str, *, match: bool = True) -> str:
    """A wrong answer to a score question, and the rule to look at again (never the right answer)."""
    if ask in ("points", "score"):
        return _("Not {answer}. {hint}").format(answer=answer, hint=score_hint(ask, match=match))
    return _("Look again. {hint}").format(hint=score_hint(ask, match=match))


# --- the recognition drill ----------------------------------------------------------------------------------------


def recognition_answer(answer: RecognitionAnswer) -> str:
    """A drill answer as words: ``forced``, ``not forced``, ``no play``."""
    words = {FORCED: _("forced"), NOT_FORCED: _("not forced"), NO_PLAY: _("no play")}
    return words[answer]


def not_an_answer(text: str) -> str:
    return _("{text} is not an answer: say forced, not forced or no play").format(text=repr(text))


def recognition_right(reason: str, *, play_next: bool) -> str:
    """A right answer, with the engine's reason; ``play_next``: the roll is forced, and is played next."""
    if play_next:
        return _("Right. {reason} Now play it.").format(reason=reason)
    return _("Right. {reason}").format(reason=reason)


def forced_rule(theme: str) -> str:
    """Why a roll is forced, without naming its play (the learner finds it next): ``theme`` is ``forced`` (every die
    can be played, in one way only) or a partial roll's theme (whose own sentence follows)."""
    if theme == "forced":
        return _(
            "Forced: the whole roll must be played, and every other way of playing it lands on a closed point or "
            "breaks a rule, so exactly one legal play is left."
        )
    return _("Forced: the rules leave exactly one legal play.")


def recognition_wrong(right: RecognitionAnswer, given: RecognitionAnswer, reason: str) -> str:
    return _("It is \u201c{right}\u201d, not \u201c{given}\u201d. {reason}").format(
        right=recognition_answer(right), given=recognition_answer(given), reason=reason
    )


def play_the_only_play(play: object) -> str:
    return _("This roll can be played: {play} is the only legal play. Play it.").format(play=play)


def only_play_right(play: object) -> str:
    return _("Right: {play} is the only legal play.").format(play=play)


def not_the_only_play(play: object) -> str:
    return _("{play} isn't the only legal play.").format(play=play)


# --- the prompts of generated puzzles -------------------------------------------------------------------------------


def recognition_prompt(dice: object) -> str:
    return _("You rolled {dice}. Is the roll forced, not forced, or is there no legal play?").format(dice=dice)


def you_rolled(dice: object) -> str:
    return _("You rolled {dice}.").format(dice=dice)


def forced_question() -> str:
    """The question of a forced puzzle, after the sentence that gives the roll."""
    return _('The rules leave at most one way to play it: find it, or answer "No legal play".')


def acey_deucey_roll(dice: str, *, chosen: bool, waiting: int) -> str:
    """The roll of an acey-deucey forced puzzle (or the double ``chosen`` after a 1-2), with the checkers still
    ``waiting`` to enter."""
    if chosen and waiting:
        text = ngettext(
            "Acey-deucey. After your 1-2 you chose {dice} ({count} of your checkers still waits to enter).",
            "Acey-deucey. After your 1-2 you chose {dice} ({count} of your checkers still wait to enter).",
            waiting,
        )
    elif chosen:
        text = _("Acey-deucey. After your 1-2 you chose {dice}.")
    elif waiting:
        text = ngettext(
            "Acey-deucey. You rolled {dice} ({count} of your checkers still waits to enter).",
            "Acey-deucey. You rolled {dice} ({count} of your checkers still wait to enter).",
            waiting,
        )
    else:
        text = _("Acey-deucey. You rolled {dice}.")
    return text.format(dice=dice, count=waiting)


def race_prompt(dice: object, needs: float) -> str:
    return _("You rolled {dice}. O needs about {needs:.1f} rolls to finish. Play to win the race.").format(
        dice=dice, needs=localized(needs)
    )


def fewest_rolls_prompt(dice: object) -> str:
    return _("You rolled {dice}. Bear off so that you need the fewest rolls on average.").format(dice=dice)


CUBE_PROMPTS: dict[tuple[str, bool], str] = {
    ("double", True): N_("X owns the cube at 2 and is about to roll. Should X redouble to 4?"),
    ("double", False): N_("X is about to roll, the cube in the middle. Should X double?"),
    ("take", True): N_("X owns the cube at 2 and redoubles to 4. Should O take, or pass and give up 2 points?"),
    ("take", False): N_("X doubles to 2. Should O take (and own the cube), or pass and give up 1 point?"),
}
"""The question of a cube puzzle in English, by its question and whether X owns the cube (the prompt a puzzle file
stores, which the prompts' table translates)."""


def cube_prompt(question: str, *, owned: bool) -> str:
    """The question of a cube puzzle (the board shows X on roll, before rolling; ``owned``: X owns the cube at 2)."""
    return _(CUBE_PROMPTS[("double" if question == "double" else "take", owned)])


# --- counting steps: shots and pips -------------------------------------------------------------------------------


def shots_working(rolls: Sequence[str], total: int) -> str:
    """The rolls that hit, as the dice can fall, and how many of the 36 they are."""
    if not rolls:
        return _("No roll hits: 0 of 36.")
    return _("{rolls}: {total} of 36.").format(rolls=", ".join(rolls), total=total)


def pips_working(parts: Sequence[str], total: int) -> str:
    """Your pip count point by point (``24x2 = 48``), and the total."""
    return _("{parts}: {total} pips.").format(parts=", ".join(parts), total=total)


def opponent_pips_working(parts: Sequence[str], total: int) -> str:
    """O's pip count point by point, in O's own numbering, and the total."""
    return _("O counts from its own side (your 24-point is O's 1-point): {parts}: {total} pips.").format(
        parts=", ".join(parts), total=total
    )


def pips_difference_working(mine: int, theirs: int) -> str:
    """The two pip counts and yours minus O's."""
    return _("You {mine}, O {theirs}: {mine} - {theirs} = {difference}.").format(
        mine=mine, theirs=theirs, difference=mine - theirs
    )


def shots_hint() -> str:
    """How to count shots, after a wrong count of a step without a hint of its own."""
    return _(
        "A double falls one way and any other roll two (6-5 and 5-6), 36 in all; a roll counts once however many "
        "ways it hits, and a combination needs an open point to touch down on."
    )


def pips_hint(side: str) -> str:
    """How to count pips, after a wrong count of a step without a hint of its own."""
    if side == "difference":
        return _("Count both sides, each from its own side of the board, then take O's count from yours.")
    return _("Multiply the checkers on each point by the pips they have to go (the bar is 25), then add them up.")


def wrong_count(answer: int, hint: str) -> str:
    """A wrong number, and the way to count (never the right number)."""
    return _("Not {answer}. {hint}").format(answer=answer, hint=hint)


def wrong_sign(answer: int) -> str:
    """A pip difference of the right size with the wrong sign, and how the sign goes."""
    return _(
        "Not {answer}: the size is right, but the sign is not. Yours minus O's is below zero when your count is the "
        "lower one (you lead), above zero when it is the higher one (you trail)."
    ).format(answer=answer)


def answer_with_a_number() -> str:
    """A typed answer that is not a whole number."""
    return _("Answer with a whole number, like 12.")


# --- best-play steps ----------------------------------------------------------------------------------------------


def figure_line(number: int, mark: str, play: str, equity: float, loss: float, *, mine: bool) -> str:
    """One play of the figures, short enough for the narrow panel: ``✓ 1. 8/5 6/5 +0.221``,
    ``  3. 13/9 -0.025 (-0.246)``; the learner's marked ``← you``."""
    place = f"{number}." if number else "  "
    behind = _(" ({loss:+.3f})").format(loss=localized(-loss)) if loss > 1e-9 else ""
    line = f"{mark} {place} {play} {signed(equity)}{behind}"
    return _("{line} ← you").format(line=line) if mine else line


def play_figure(play: str, equity: float) -> str:
    """A play with its equity: ``24/18 13/11 +0.123``."""
    return f"{play} {signed(equity)}"


def cube_figures_said(no_double: float, double_take: float, double_pass: float) -> tuple[str, str, str]:
    """A cube decision's three equities, each named: ``no double +0.612``, ``double/take +0.701``,
    ``double/pass +1.000``."""
    return (
        _("no double {equity}").format(equity=signed(no_double)),
        _("double/take {equity}").format(equity=signed(double_take)),
        _("double/pass {equity}").format(equity=signed(double_pass)),
    )


def with_error(figure: str, error: float | None) -> str:
    """A figure with its standard error, if it has one: ``24/18 13/11 +0.123 (± 0.004)``."""
    if error is None:
        return figure
    return _("{figure} (± {error})").format(figure=figure, error=decimal(error, 3))


def verification(method: str, trials: int, figures: Sequence[str]) -> str:
    """How a puzzle's answer was settled, with the figures that settle it: ``Rolled out over 1,296 games: ...`` or
    ``Evaluated at 3 plies: ...`` (``method`` ``rollout`` or ``3-ply``)."""
    shown = ", ".join(figures)
    if method == "rollout":
        return ngettext(
            "Rolled out over {games} game: {figures}.", "Rolled out over {games} games: {figures}.", trials
        ).format(games=grouped(trials), figures=shown)
    return _("Evaluated at 3 plies: {figures}.").format(figures=shown)


def best_plays_heading() -> str:
    """The heading of the figures shown once a best-play task is answered."""
    return _("The best plays (equity, and how far below the best):")


def best_play_found(doing: str) -> str:
    """The learner found the best play: what it does."""
    return _("Right: the best play. {doing}").format(doing=doing)


def close_play_found(doing: str, best: str, loss: float, *, widened: bool) -> str:
    """An accepted play that is not the first: what it does, and how close it is to the best."""
    if widened:
        return _(
            "Right: {doing} The best play is {best}, only {loss:.3f} better: the plays this close are all good "
            "choices here."
        ).format(doing=doing, best=best, loss=localized(loss))
    return _("Right: {doing} It is as good as the best play, {best}, within {loss:.3f}.").format(
        doing=doing, best=best, loss=localized(loss)
    )


def gives_away(loss: float, size: str) -> str:
    """What a rejected play gives away, with the tutor's size for it."""
    return _("It gives away {loss:.3f} against the best play: {size}.").format(loss=localized(loss), size=size)


def gives_away_more(loss: float, skill: Skill) -> str:
    """What a rejected play that is not among the listed ones gives away: more than ``loss``, the last listed play's,
    so it is that play's ``skill`` or worse (very bad, there is none worse)."""
    if skill is Skill.VERY_BAD:
        return _("It gives away more than {loss:.3f} against the best play: a very bad play.").format(
            loss=localized(loss)
        )
    if skill is Skill.GOOD:
        return _("It gives away more than {loss:.3f} against the best play.").format(loss=localized(loss))
    return _("It gives away more than {loss:.3f} against the best play, so it is {size} or worse.").format(
        loss=localized(loss), size=skill.word
    )


def best_missed(doing: str, gives: str, hint: str | None) -> str:
    """A rejected play: what it does, what it gives away, and the step's hint (never the best play)."""
    if hint:
        return _("{doing} {gives} {hint} Try again.").format(doing=doing, gives=gives, hint=hint)
    return _("{doing} {gives} Look for a better play.").format(doing=doing, gives=gives)


def best_missed_final(doing: str, gives: str, best: str) -> str:
    """A rejected play that was the only answer (a timed run's): the best play is named."""
    return _("{doing} {gives} The best play: {best}").format(doing=doing, gives=gives, best=best)


def best_after_misses(doing: str, gives: str, best: str) -> str:
    """A rejected play after an earlier miss: the best play is named, to play it and go on."""
    return _("{doing} {gives} The best play: {best} Play it to go on.").format(doing=doing, gives=gives, best=best)


def contact_cube_words(
    decision: CubeDecision,
    question: str,
    doubler: Side | None,
    taker: Side | None,
    plies: int,
    *,
    source: str | None = None,
) -> str:
    """A contact cube decision in words, by the evaluator's figures (gammons counted): whether to double, too good
    to double, or whether to take; then where the figures come from (``source``, e.g. a rollout's figures in a
    sentence; else the evaluation at ``plies``)."""
    values = {
        "no_double": localized(decision.no_double),
        "double_take": localized(decision.double_take),
        "cost": _points(decision.double_take),
        "gain": _points(decision.double_gain),
        "win": localized(decision.win_probability),
        "other": localized(1.0 - decision.win_probability),
        "plies": plies,
    }
    if source is None:
        source = _("(The computer's evaluation at {plies} plies, gammons counted.)").format(plies=plies)
    if question == "take":
        if decision.should_take:
            text = _said(
                taker,
                _("You should take: taking costs {cost} points a game, passing gives up 1.00. You win {other:.0%}."),
                _("{side} should take: taking costs {cost} points a game, passing gives up 1.00."),
                **values,
            )
        else:
            text = _said(
                taker,
                _(
                    "You should pass: taking would cost {cost} points a game, more than the 1.00 that passing gives "
                    "up. You win only {other:.0%}, and many of your losses are gammons."
                ),
                _("{side} should pass: taking would cost {cost} points a game, more than 1.00."),
                **values,
            )
        return f"{text} {source}"
    if decision.should_double and decision.should_take:
        text = _said(
            doubler,
            _(
                "Double: {double_take:+.2f} after a take against {no_double:+.2f} waiting, {gain} points a game more; "
                "the take is right, as taking costs {cost}, less than 1.00."
            ),
            _("{side} should double: {double_take:+.2f} after a take against {no_double:+.2f} waiting."),
            **values,
        )
    elif decision.should_double:
        text = _said(
            doubler,
            _(
                "Double: the take would cost {cost}, more than 1.00, so the double should be passed, and cashing the "
                "game is {gain} points a game better than waiting ({no_double:+.2f})."
            ),
            _("{side} should double, and the double should be passed."),
            **values,
        )
    elif decision.no_double > decision.double_pass:
        text = _said(
            doubler,
            _(
                "Too good to double: playing on is worth {no_double:+.2f} a game, more than the 1.00 a pass would "
                "give you; your gammons are worth more than cashing the game."
            ),
            _("{side} is too good to double: playing on is worth {no_double:+.2f}, more than 1.00."),
            **values,
        )
    else:
        text = _said(
            doubler,
            _(
                "No double: waiting is worth {no_double:+.2f}, more than the {double_take:+.2f} after a double that "
                "would be taken. You win {win:.0%}: not strong enough yet."
            ),
            _("{side} should not double yet: {no_double:+.2f} waiting against {double_take:+.2f} after a take."),
            **values,
        )
    return f"{text} {source}"


BEST_PROMPT = N_("Find the best play.")
"""The prompt of a mined best-play puzzle in English (as a puzzle file stores it)."""


def best_puzzle_prompt() -> str:
    """The prompt of a mined best-play puzzle."""
    return _(BEST_PROMPT)


def shots_puzzle_prompt() -> str:
    """The prompt of a mined shot-counting position."""
    return _("How many of the 36 rolls hit?")


def pips_puzzle_prompt(side: str) -> str:
    """The prompt of a mined pip-counting position: the side on roll's count, or O's."""
    return _("What is your pip count?") if side == "player" else _("What is O's pip count?")


# --- the counting drills ---------------------------------------------------------------------------------------


def drill_count_right(answer: int, working: str) -> str:
    """A right count of a drill position, with the working."""
    return _("Right: {answer}. {working}").format(answer=answer, working=working)


def drill_count_wrong(given: int, answer: int, working: str) -> str:
    """A wrong count of a drill position: the learner's number, the right one and the working."""
    return _("Not {given}: the count is {answer}. {working}").format(given=given, answer=answer, working=working)


# --- personal puzzles: the learner's own mistakes ---------------------------------------------------------------------


def personal_best_prompt(source: str, dice: str, played: str) -> str:
    """A personal best-play puzzle's prompt: where the mistake was made and the play made."""
    return _("From {source}: you rolled {dice} and played {played}. Find the best play.").format(
        source=source, dice=dice, played=played
    )


def personal_double_prompt(source: str, doubled: bool) -> str:
    if doubled:
        return _("From {source}: you doubled here. Should you have?").format(source=source)
    return _("From {source}: you did not double here. Should you have?").format(source=source)


def personal_take_prompt(source: str, took: bool) -> str:
    if took:
        return _("From {source}: you were doubled here and took. Take or pass?").format(source=source)
    return _("From {source}: you were doubled here and passed. Take or pass?").format(source=source)


def mistake_source(game: int, number: int, title: str) -> str:
    """Where a personal puzzle comes from: ``game 2, move 14 of Ada vs bgtrainer``."""
    return _("game {game}, move {number} of {title}").format(game=game, number=number, title=title)


def players_title(first: str, second: str) -> str:
    """A game named by its players: ``bgtrainer against Ada``."""
    return _("{first} against {second}").format(first=first, second=second)
