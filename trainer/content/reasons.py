"""Reasons in words for the answers of skill puzzles: why the best play beats another play (the learner's, or the
most tempting wrong one), and why a cube answer is right. Every figure is computed from the board and the
arguments; the words are :mod:`trainer.content.reason_wording`'s.

**Plays.** :func:`play_reason` reads the board after each play (the mover still on roll there, in its numbering)
and compares :class:`Board` facts: the opponent's shots at the mover's blots, the blots, the checkers hit, the
points held, the longest block, the back checkers, the race, the checkers borne off and the rolls still needed to
bear off, the checkers still outside the home board in a race, the gaps of a bear-off, the timing (pips still to
play outside the home board), and, when both :class:`PlayOutcome` carry them, the winning and gammon chances. Each
fact that differs enough is a :class:`Difference` with a score in *shots* (one of the opponent's 36 rolls that hits
is worth 1), so that facts of different kinds weigh against each other:

=======  ============================================================  ============================================
fact     differs when                                                  score
=======  ============================================================  ============================================
shots    by 2 or more, or one play leaves none (blots in the           1 a shot, 4 more when one play leaves none
         opponent's home board are not counted: a back checker hit
         loses few pips)
blots    by 1 or more, with contact, when the shots do not differ      2 a blot
hits     by 1 or more checkers                                         7 a checker
race     by 4 pips or more, when the hits do not differ                1 every 2 pips
point    one play holds a point the other does not, with contact       each play's point's worth (:data:`WORTH`)
block    by 1 or more, the longer at least 3 points, with contact      3 a point, 4 more when one is a prime (4+)
back     by 1 or more back checkers, with contact                      5 a checker
timing   by 6 pips or more, with contact and a block of 3 or more      1 every 3 pips
home     by 1 or more checkers outside the home board, bearing in      4 a checker
         (in a race, or no back checker left after either play and
         at most :data:`BEARING_IN` checkers outside)
home     else by 2 pips or more to bring them home, in a race          1 a pip
pips
off      by 1 or more checkers borne off                               6 a checker
rolls    by 0.05 or more, every checker home                           20 a roll
gaps     by 1 or more, every checker home, bearing in                  3 a gap
win      by 3 points of percentage or more                             1 a point of percentage
gammons  by 5 points of percentage or more (won or lost)               1.5 a point of percentage
=======  ============================================================  ============================================

The three highest scores are said, highest first (a tie in the order of :class:`Fact`): those that favour the best
play (or neither) in one sentence that names both plays, those that favour the other play in a second sentence with
the equity the best play still gains. If none of the three favours the best play, the best-scoring one that does
takes the third's place; if none does at all, the first sentence says what favours the other play and the second
the best play's edge in equity. Plays that differ in no fact are said alike, with the equity difference.

**Cubes.** :func:`cube_reason` says why a double, no double, take or pass is right from the doubler's money figures
(per unit of the cube before the double: passing gives up 1.00): the equities that decide, and the taker's chances
against what a take needs with the cube dead: 25% of the games, moved by half the difference of the gammons
(:func:`take_point`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal

from trainer.content import reason_wording as words
from trainer.content.keywords import CUBE_ANSWERS
from trainer.content.reason_wording import PointChange
from trainer.engine import Dice, Play, Position, count_shots
from trainer.engine.bearoff import CubeDecision, home_side, one_sided
from trainer.engine.ideas import PRIME_LENGTH, longest_block
from trainer.engine.position import BAR, OFF

DEAD_CUBE_TAKE: Final = 0.25
"""The share of the games a take needs when the cube is never turned again and there are no gammons."""
WORTH: Final[dict[int, float]] = {
    **{1: 2, 2: 3, 3: 4, 4: 6, 5: 8, 6: 7, 7: 6, 8: 5, 9: 4, 10: 4, 11: 3, 12: 2, 13: 4},
    **{14: 2, 15: 2, 16: 2, 17: 2, 18: 5, 19: 5, 20: 7, 21: 6, 22: 4, 23: 3, 24: 3},
}
"""What holding each point is worth in a reason's score (in shots): the 5-point most, then the 6, the bar point,
the 4-point and the anchors on the opponent's 5- and 4-points (the mover's 20 and 21)."""
BACK_ZONE: Final = range(19, 26)
"""The mover's back checkers: in the opponent's home board (its 19- to 24-points) or on the bar."""
BEARING_IN: Final = 4
"""With contact, the mover bears in once no back checker is left and at most this many checkers are outside its
home board: from then on the checkers still outside count."""
EPSILON: Final = 1e-9


class Fact(Enum):
    """The facts a play's reason compares (see the module), in the order that breaks a tie of scores."""

    HITS = "hits"
    SHOTS = "shots"
    POINT = "point"
    BLOCK = "block"
    BACK = "back"
    OFF = "off"
    ROLLS = "rolls"
    HOME = "home"
    HOME_PIPS = "home pips"
    GAPS = "gaps"
    BLOTS = "blots"
    RACE = "race"
    TIMING = "timing"
    WIN = "win"
    GAMMON_WIN = "gammon win"
    GAMMON_LOSS = "gammon loss"


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """One play and what we know of it: its equity and, when known, its chances after the play (the mover's view,
    0 to 1): winning, winning a gammon, losing a gammon."""

    play: Play
    equity: float
    win: float | None = None
    win_gammon: float | None = None
    lose_gammon: float | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """The facts of the board after one play, seen by the mover (its numbering, still on roll).

    ``shots``: the opponent's rolls (of 36) that hit a blot of the mover's outside the opponent's home board (a
    back checker hit loses few pips); ``back_blots``: whether the mover has a blot there too; ``held``: the
    mover's points of two checkers or more; ``block``: its longest run of them (``block_before``: before the play);
    ``back``: its checkers in the opponent's home board or on the bar; ``lead``: the opponent's pips less the
    mover's; ``off``: checkers the play bears off; ``hits``: checkers it hits; ``hit_pips``: the pips they lose;
    ``gaps``: empty points of the home board below the highest checker; ``outside``: pips the mover can play before
    a checker must move inside its home board (its timing), of ``outside_checkers`` checkers; ``rolls``: with every
    checker home, the rolls it needs on average to bear off (the one-sided bear-off database's mean); ``contact``:
    whether the sides can still hit; ``home``: whether every checker of the mover's is home; ``opponent_block``: the
    opponent's longest run of points."""

    shots: int
    back_blots: bool
    blots: int
    held: frozenset[int]
    block: int
    block_before: int
    back: int
    lead: int
    off: int
    hits: int
    hit_pips: int
    gaps: int
    outside: int
    outside_checkers: int
    rolls: float | None
    contact: bool
    home: bool
    opponent_block: int


def board_after(play: Play) -> Board:
    """The facts of the board ``play`` leaves."""
    before, result = play.position.player, play.result
    mine = result.player
    mover_pips, opponent_pips = result.pip_count()
    home = not any(mine[7:])
    highest = max((point for point in range(1, 7) if mine[point]), default=0)
    exposed = [25 - point for point in range(1, BACK_ZONE.start) if mine[point] == 1]  # in the opponent's numbering
    return Board(
        shots=count_shots(result.swap(), exposed).total if exposed else 0,
        back_blots=any(mine[point] == 1 for point in range(BACK_ZONE.start, BAR)),
        blots=sum(1 for point in range(1, 25) if mine[point] == 1),
        held=frozenset(point for point in range(1, 25) if mine[point] >= 2),
        block=longest_block(mine),
        block_before=longest_block(before),
        back=sum(mine[point] for point in BACK_ZONE),
        lead=opponent_pips - mover_pips,
        off=mine[OFF] - before[OFF],
        hits=play.hits,
        hit_pips=sum(play.hit_points()),
        gaps=sum(1 for point in range(1, highest) if not mine[point]) if home else 0,
        outside=sum((point - 6) * mine[point] for point in range(7, BAR + 1)),
        outside_checkers=sum(mine[7:]),
        rolls=one_sided().mean(home_side(mine)) if home else None,
        contact=not result.is_race(),
        home=home,
        opponent_block=longest_block(result.opponent),
    )


@dataclass(frozen=True, slots=True)
class Measure:
    """One play's side of a difference: its figure (a count, pips, a chance) and, for a point, what the play does
    about it; for a block, its length before the play (``before``); for hits, the pips they cost (``pips``); for
    shots, whether a blot in the opponent's home board is left aside (``aside``)."""

    value: float
    change: PointChange | None = None
    before: int = 0
    pips: int = 0
    aside: bool = False


@dataclass(frozen=True, slots=True)
class Difference:
    """A fact on which two plays differ: its score (see the module), which play it favours (1 the best one, -1 the
    other, 0 neither) and each play's side of it."""

    fact: Fact
    score: float
    favours: int
    best: Measure
    other: Measure


def _sign(value: float) -> int:
    return (value > EPSILON) - (value < -EPSILON)


def _points(best: Board, other: Board, before: frozenset[int]) -> Difference | None:
    """The points one play holds and the other does not: the worthiest of each play's, what each play does about
    it."""
    mine, theirs = best.held - other.held, other.held - best.held
    if not mine and not theirs:
        return None
    top = max(mine, key=lambda point: (WORTH[point], point), default=0)
    their_top = max(theirs, key=lambda point: (WORTH[point], point), default=0)

    def held(point: int) -> Measure:
        return Measure(point, "keeps" if point in before else "makes")

    def lacking(point: int) -> Measure:
        return Measure(point, "breaks" if point in before else "misses")

    best_side = held(top) if top else lacking(their_top)
    other_side = held(their_top) if their_top else lacking(top)
    worth, their_worth = WORTH.get(top, 0), WORTH.get(their_top, 0)
    return Difference(Fact.POINT, worth + their_worth, _sign(worth - their_worth), best_side, other_side)


def _counted(fact: Fact, best: float, other: float, weight: float, *, more_is_better: bool) -> Difference:
    """A difference scored ``weight`` a unit of the figures' difference."""
    favours = _sign(best - other) if more_is_better else _sign(other - best)
    return Difference(fact, weight * abs(best - other), favours, Measure(best), Measure(other))


def differences(position: Position, best: PlayOutcome, other: PlayOutcome) -> list[Difference]:
    """Every fact on which the two plays differ enough (see the module), highest score first."""
    mine, theirs = board_after(best.play), board_after(other.play)
    contact = mine.contact or theirs.contact
    found: list[Difference] = []
    shots, safe = abs(mine.shots - theirs.shots), min(mine.shots, theirs.shots) == 0
    if shots >= 2 or (shots and safe):
        found.append(
            Difference(
                Fact.SHOTS,
                shots + (4 if safe else 0),
                _sign(theirs.shots - mine.shots),
                Measure(mine.shots, aside=mine.back_blots or theirs.back_blots),
                Measure(theirs.shots),
            )
        )
    elif contact and mine.blots != theirs.blots:
        found.append(_counted(Fact.BLOTS, mine.blots, theirs.blots, 2, more_is_better=False))
    if mine.hits != theirs.hits:
        hit = Difference(
            Fact.HITS,
            7 * abs(mine.hits - theirs.hits),
            _sign(mine.hits - theirs.hits),
            Measure(mine.hits, pips=mine.hit_pips),
            Measure(theirs.hits, pips=theirs.hit_pips),
        )
        found.append(hit)
    elif abs(mine.lead - theirs.lead) >= 4:
        found.append(_counted(Fact.RACE, mine.lead, theirs.lead, 0.5, more_is_better=True))
    if contact:
        found.extend(_contact_differences(position, mine, theirs))
    bearing_in = not contact or (
        mine.back == theirs.back == 0 and max(mine.outside_checkers, theirs.outside_checkers) <= BEARING_IN
    )
    if bearing_in and mine.outside_checkers != theirs.outside_checkers:
        found.append(_counted(Fact.HOME, mine.outside_checkers, theirs.outside_checkers, 4, more_is_better=False))
    elif not contact and abs(mine.outside - theirs.outside) >= 2:
        found.append(_counted(Fact.HOME_PIPS, mine.outside, theirs.outside, 1, more_is_better=False))
    if mine.off != theirs.off:
        found.append(_counted(Fact.OFF, mine.off, theirs.off, 6, more_is_better=True))
    if mine.rolls is not None and theirs.rolls is not None and abs(mine.rolls - theirs.rolls) >= 0.05:
        found.append(_counted(Fact.ROLLS, mine.rolls, theirs.rolls, 20, more_is_better=False))
    if bearing_in and mine.home and theirs.home and mine.gaps != theirs.gaps:
        found.append(_counted(Fact.GAPS, mine.gaps, theirs.gaps, 3, more_is_better=False))
    found.extend(_chances(best, other))
    order = list(Fact)
    return sorted(found, key=lambda difference: (-difference.score, order.index(difference.fact)))


def _contact_differences(position: Position, mine: Board, theirs: Board) -> list[Difference]:
    """The differences that count only while the sides can still hit: points, blocks, back checkers, timing."""
    found = []
    point = _points(mine, theirs, frozenset(p for p in range(1, 25) if position.player[p] >= 2))
    if point is not None:
        found.append(point)
    if mine.block != theirs.block and max(mine.block, theirs.block) >= 3:
        primed = (mine.block >= PRIME_LENGTH) != (theirs.block >= PRIME_LENGTH)
        block = Difference(
            Fact.BLOCK,
            3 * abs(mine.block - theirs.block) + (4 if primed else 0),
            _sign(mine.block - theirs.block),
            Measure(mine.block, before=mine.block_before),
            Measure(theirs.block, before=theirs.block_before),
        )
        found.append(block)
    if mine.back != theirs.back:
        found.append(_counted(Fact.BACK, mine.back, theirs.back, 5, more_is_better=False))
    priming = max(mine.block, theirs.block, mine.opponent_block, theirs.opponent_block) >= 3
    if priming and abs(mine.outside - theirs.outside) >= 6:
        found.append(_counted(Fact.TIMING, mine.outside, theirs.outside, 1 / 3, more_is_better=True))
    return found


def _chances(best: PlayOutcome, other: PlayOutcome) -> list[Difference]:
    """The differences of the chances both outcomes carry: winning (3 points of percentage or more), winning and
    losing a gammon (5 or more)."""
    found = []
    for fact, mine, theirs, least, weight, more_is_better in (
        (Fact.WIN, best.win, other.win, 0.03, 100.0, True),
        (Fact.GAMMON_WIN, best.win_gammon, other.win_gammon, 0.05, 150.0, True),
        (Fact.GAMMON_LOSS, best.lose_gammon, other.lose_gammon, 0.05, 150.0, False),
    ):
        if mine is not None and theirs is not None and abs(mine - theirs) >= least - EPSILON:
            found.append(_counted(fact, mine, theirs, weight, more_is_better=more_is_better))
    return found


def _phrase(fact: Fact, measure: Measure) -> str:
    """One play's side of a fact, in words."""
    count = round(measure.value)
    if fact is Fact.SHOTS:
        return words.shots(count, back_aside=measure.aside)
    if fact is Fact.BLOTS:
        return words.blots(count)
    if fact is Fact.HITS:
        return words.hits(count, measure.pips)
    if fact is Fact.POINT:
        assert measure.change is not None
        return words.point(measure.change, count)
    if fact is Fact.BLOCK:
        return words.block(count, measure.before)
    if fact is Fact.BACK:
        return words.back(count)
    if fact is Fact.RACE:
        return words.race(count)
    if fact is Fact.OFF:
        return words.borne_off(count)
    if fact is Fact.GAPS:
        return words.gaps(count)
    if fact is Fact.HOME:
        return words.outside_checkers(count)
    if fact is Fact.HOME_PIPS:
        return words.pips_to_bring_home(count)
    if fact is Fact.ROLLS:
        return words.rolls_to_bear_off(measure.value)
    if fact is Fact.TIMING:
        return words.timing(count)
    if fact is Fact.WIN:
        return words.wins(measure.value)
    if fact is Fact.GAMMON_WIN:
        return words.wins_gammons(measure.value)
    return words.loses_gammons(measure.value)


def chosen_differences(found: list[Difference], most: int = 3) -> list[Difference]:
    """The differences a reason says (``found`` highest score first): the ``most`` highest, with the best-scoring
    one that favours the best play in the last place if none of them does."""
    chosen = found[:most]
    if chosen and all(difference.favours < 0 for difference in chosen):
        favouring = next((difference for difference in found if difference.favours >= 0), None)
        if favouring is not None:
            chosen = [*chosen[: most - 1], favouring]
    return chosen


def _shared(play: Play) -> list[str]:
    """What a play leaves that another play alike in every count leaves too: its shots (its blots in a race), its
    longest block when it has one, else the gaps of its bear-off."""
    board = board_after(play)
    said = [words.shots(board.shots, back_aside=board.back_blots) if board.contact else words.blots(board.blots)]
    if board.block >= 2:
        said.append(words.block(board.block, board.block_before))
    elif not board.contact and board.home:
        said.append(words.gaps(board.gaps))
    return said


def play_reason(position: Position, dice: Dice, best: PlayOutcome, other: PlayOutcome) -> str:
    """One or two sentences: why ``best`` beats ``other``, by the facts of the board on which they differ most
    (see the module), every figure computed.

    :raises ValueError: if the two are the same play, or a play is not of ``position`` and ``dice``.
    """
    for outcome in (best, other):
        if outcome.play.position != position or sorted(outcome.play.dice) != sorted(dice):
            raise ValueError(words.not_a_play_of(str(outcome.play), str(dice), position.identifier()))
    if best.play.result == other.play.result:
        raise ValueError(words.same_play(str(best.play), str(other.play)))
    best_name, other_name = best.play.notation(stops=True), other.play.notation(stops=True)
    loss = best.equity - other.equity
    chosen = chosen_differences(differences(position, best, other))
    if not chosen:
        shared = _shared(best.play)
        if round(loss, 3) <= 0:
            return words.alike_and_equal(best_name, shared, other_name)
        return words.alike(best_name, shared, other_name, loss)
    for_best = [difference for difference in chosen if difference.favours >= 0]
    for_other = [difference for difference in chosen if difference.favours < 0]
    said = for_best or for_other
    sentences = [
        words.compared(
            best_name,
            [_phrase(difference.fact, difference.best) for difference in said],
            other_name,
            [_phrase(difference.fact, difference.other) for difference in said],
        )
    ]
    if for_best and for_other and round(loss, 3) > 0:
        sentences.append(
            words.conceded(
                other_name,
                [_phrase(difference.fact, difference.other) for difference in for_other],
                best_name,
                [_phrase(difference.fact, difference.best) for difference in for_other],
                loss,
            )
        )
    elif not for_best and round(loss, 3) > 0:
        sentences.append(words.worth_more(best_name, loss))
    return " ".join(sentences)


# --- cube ----------------------------------------------------------------------------------------------------------


def take_point(win_gammon: float | None, lose_gammon: float | None) -> float:
    """The share of the games a take needs with the cube dead, from the doubler's gammon chances (``win_gammon``,
    its gammons won, ``lose_gammon``, lost; of all games): the taker's equity, doubled, must be at least the -1 of a
    pass, so its chance ``w`` must meet ``2w - 1 + lose_gammon - win_gammon >= -1/2``: ``w >= 25% + (win_gammon -
    lose_gammon) / 2``; without gammons, 25%."""
    if win_gammon is None or lose_gammon is None:
        return DEAD_CUBE_TAKE
    return min(max(DEAD_CUBE_TAKE + (win_gammon - lose_gammon) / 2, 0.0), 1.0)


def cube_reason(
    position: Position,
    question: Literal["double", "take"],
    answer: str,
    *,
    no_double: float,
    double_take: float,
    win: float,
    win_gammon: float | None,
    lose_gammon: float | None,
) -> str:
    """Why ``answer`` (``double`` or ``no double``, ``take`` or ``pass``) is right for a money cube decision of X,
    on roll in ``position`` with the cube centered: from X's figures per unit of the cube (``no_double``,
    ``double_take``; passing gives up 1.00), X's chance to win ``win`` and its gammons won and lost, when known:
    the equities that decide, O's chances against what a take needs (:func:`take_point`), and what makes the
    difference when the two disagree. In a race the pip counts are said too.

    :raises ValueError: if the figures give another answer than ``answer``.
    """
    decision = CubeDecision("centered", win, no_double, double_take)
    right = _right_answer(decision, question)
    if answer != right:
        raise ValueError(words.figures_answer(question, right, answer))
    taker, need = 1.0 - win, take_point(win_gammon, lose_gammon)
    enough = taker >= need - EPSILON
    need_said = words.take_need(need, win_gammon, lose_gammon)
    sentences: list[str] = []
    if position.is_race():
        sentences.append(words.race_standing(*position.pip_count()))
    if question == "take":
        verdict = words.take_verdict(double_take) if decision.should_take else words.pass_verdict(double_take)
        sentences += [verdict, words.taker_chances(taker, need, need_said)]
        if decision.should_take and not enough:
            sentences.append(words.cube_makes_up())
        elif not decision.should_take and enough:
            sentences.append(words.cube_figures_decide())
    elif decision.should_double and decision.should_take:
        sentences += [words.double_take_verdict(no_double, double_take), words.taker_chances(taker, need, need_said)]
        sentences.append(words.before_the_market() if enough else words.cube_makes_up())
    elif decision.should_double:
        sentences += [words.double_pass_verdict(no_double, double_take), words.taker_chances(taker, need, need_said)]
        sentences.append(words.market_lost() if not enough else words.cube_figures_decide())
    elif not decision.should_take:
        sentences += [words.too_good_verdict(no_double), words.doubler_chances(win)]
        if win_gammon is not None:
            sentences.append(words.doubler_gammons(win_gammon))
    else:
        sentences += [words.wait_verdict(no_double, double_take), words.doubler_chances(win)]
        sentences.append(words.taker_chances(taker, need, need_said))
    return " ".join(sentences)


def _right_answer(decision: CubeDecision, question: Literal["double", "take"]) -> str:
    """The answer the figures give: ``double`` or ``no double``, ``take`` or ``pass``."""
    yes, no = CUBE_ANSWERS[question]
    return yes if (decision.should_take if question == "take" else decision.should_double) else no
