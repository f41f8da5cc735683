"""Grading lesson steps and puzzles with the rules engine and the exact bear-off figures: every answer is checked
against the rules, never by string."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.content import author_wording, wording
from trainer.content.models import (
    CONDITION_PATTERN,
    BearoffPuzzle,
    ChooseStep,
    DoubleStep,
    ForcedPuzzle,
    PickStep,
    PlayStep,
    RollStep,
)
from trainer.engine import (
    BAR,
    OFF,
    WAITING,
    Dice,
    IllegalPlayError,
    Play,
    PlayError,
    Position,
    Side,
    Turn,
    explain,
    legal_plays,
    parse_play,
)
from trainer.engine.bearoff import TIE_TOLERANCE, RankedPlay
from trainer.engine.wording import sentence
from trainer.i18n import N_

START_LAYOUT = Position.start().player
RIGHT_OPENING = re.compile(r"^\s*(?:Right|Correct)\b[:.!,]?\s*")
"""The "Right:" a right option's explanation opens with, left out when it is shown as the reason after a miss."""
CLEAR_WIN_MARGIN = 0.01
"""How much better (in winning chances) the best play of a race puzzle must be than the next."""
CLEAR_ROLLS_MARGIN = 0.05
"""How many fewer rolls on average the best play of a fewest-rolls puzzle must need than the next."""


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one attempt: right or not, what to tell the learner, whether the rules forbade it, whether it
    counts as an answer, and whether another try or the solution is worth offering (the screen names its keys)."""

    correct: bool
    message: str
    illegal: bool = False
    solution_offered: bool = False
    counts: bool = True
    """Whether the attempt is an answer (``False``: a play the rules refuse or text that can't be read, a typo more
    than a mistake; the message says why, the task stays open and nothing is counted)."""
    lines: tuple[str, ...] = ()
    """Lines shown under the message as they are, one a line (the best plays with their equities)."""


# --- play steps --------------------------------------------------------------------------------------------


def _blots(side: Sequence[int]) -> list[int]:
    return [point for point in range(1, 25) if side[point] == 1]


def condition_problem(condition: str, play: Play) -> str | None:
    """Why ``play`` misses ``condition`` (in words), or ``None`` if it meets it."""
    before, after = play.position, play.result
    match = CONDITION_PATTERN.fullmatch(condition)
    if match is None:  # pragma: no cover - conditions are validated when the lesson loads
        raise ValueError(author_wording.unknown_condition(condition))
    if condition == "hits":
        return None if play.hits else wording.doesnt_hit()
    if condition == "no_hit":
        return wording.hits_against_the_task() if play.hits else None
    if condition == "enters":
        entered = after.player_bar < before.player_bar or after.player_waiting < before.player_waiting
        return None if entered else wording.doesnt_enter()
    if condition == "bears_off":
        return None if after.player_off > before.player_off else wording.doesnt_bear_off()
    if condition == "safe":
        blots = _blots(after.player)
        return wording.leaves_blots(blots) if blots else None
    if condition == "uses_all_dice":
        return None if play.dice_used == play.dice.move_count else wording.doesnt_use_all_dice()
    point = int(match.group(2))
    if after.player[point] >= 2:
        return None
    return wording.gives_up_point(point) if before.player[point] >= 2 else wording.doesnt_make_point(point)


def successful_plays(step: PlayStep) -> list[Play]:
    """The legal plays that complete ``step``."""
    position, dice = read_step_board(step)
    plays = legal_plays(position, dice)
    if step.play is not None:
        expected = parse_play(position, dice, step.play)
        return [play for play in plays if play.result == expected.result]
    return [play for play in plays if all(condition_problem(c, play) is None for c in step.conditions)]


def read_step_board(step: PlayStep) -> tuple[Position, Dice]:
    """The position and dice of a play step."""
    position, dice = step.board(), step.roll()
    assert position is not None and dice is not None  # both are required fields of a play step
    return position, dice


def grade_play(step: PlayStep, answer: Play | str, written: str | None = None) -> Feedback:
    """Grade a play (a :class:`Play` or notation) for ``step``; feedback quotes the play as ``written`` (by
    default the text typed, or the play with a borne-off checker's stops)."""
    position, dice = read_step_board(step)
    play = read_play(position, dice, answer) if isinstance(answer, str) else answer
    if isinstance(play, Feedback):
        return play
    shown = echo(play, answer if written is None and isinstance(answer, str) else written)
    if step.play is not None:
        expected = parse_play(position, dice, step.play)
        if play.result == expected.result:
            return Feedback(True, step.explanation)
        return Feedback(False, wording.missed(wording.not_the_play_asked(shown), step.hint))
    for condition in step.conditions:
        problem = condition_problem(condition, play)
        if problem:
            return Feedback(False, wording.missed(wording.legal_but(shown, problem), step.hint))
    return Feedback(True, step.explanation)


def play_text(play: Play) -> str:
    """A play as a beginner reads it: standard notation, a checker borne off with several dice shown with its
    stops (``6/5/off``)."""
    return play.notation(stops=True)


def echo(play: Play, written: str | None) -> str:
    """The play as the learner wrote it (spacing tidied), or as :func:`play_text` writes it."""
    text = " ".join(written.split()) if written else ""
    return text or play_text(play)


def read_play(position: Position, dice: Sequence[int], text: str) -> Play | Feedback:
    """The legal play ``text`` names, or the feedback that refuses it (the rule it breaks, in words): no answer."""
    try:
        return parse_play(position, dice, text)
    except PlayError as error:
        return Feedback(False, sentence(error.reason), illegal=isinstance(error, IllegalPlayError), counts=False)


# --- pick steps --------------------------------------------------------------------------------------------


def pick_targets(step: PickStep) -> frozenset[int]:
    """The points (learner's numbering, 25 for the bar) that answer a pick step."""
    position = step.board()
    assert position is not None  # required for a pick step
    me, them = position.player, position.opponent
    target = step.target
    if target.startswith("point:"):
        return frozenset({int(target.split(":")[1])})
    if target == "bar":
        return frozenset({BAR})
    if target == "blots":
        return frozenset(point for point in range(1, 25) if them[25 - point] == 1)
    if target == "my_blots":
        return frozenset(_blots(me))
    if target == "closed":
        return frozenset(point for point in range(1, 25) if them[25 - point] >= 2)
    if target == "home_board":
        return frozenset(range(1, 7))
    dice = step.roll()
    if dice is None:
        return frozenset()
    if target == "entry":
        return frozenset(25 - die for die in dice if them[die] < 2)
    if target == "hittable":
        return frozenset(point for play in legal_plays(position, dice) for point in play.hit_points())
    # movable: every point whose checkers move in some legal play (not points a checker only passes through), the
    # waiting checkers' column (acey-deucey) when one of them enters
    return frozenset(
        move.start
        for play in legal_plays(position, dice)
        for move in play.moves
        if move.start == WAITING or me[move.start]
    )


def grade_pick(step: PickStep, point: int) -> Feedback:
    """Grade a click on ``point`` (25 for the bar, 0 for the borne-off tray); a wrong one says what is there and
    the rule the target follows."""
    if point in pick_targets(step):
        return Feedback(True, step.explanation)
    return Feedback(
        False, wording.wrong_pick(describe_point(step, point), target_rule(step, point), step.hint or step.prompt)
    )


def target_rule(step: PickStep, point: int) -> str | None:
    """The rule that decides a pick step's target, said for a wrong ``point`` (``None`` for a named point)."""
    if step.target == "movable":
        position, dice = step.board(), step.roll()
        assert position is not None and dice is not None  # validated when the lesson loads
        stands = position.player_waiting if point == WAITING else 1 <= point <= BAR and position.player[point]
        if not stands:
            return wording.choose_your_checker()
        return Turn(position, dice).why_stuck(point)
    return wording.target_rule(step.target)


def describe_point(step: PickStep, point: int) -> str:
    """A point, what stands on it and its quarter, for the feedback on a wrong pick:
    "point 20 (2 O checkers: closed to you), in O's home board"."""
    position = step.board()
    assert position is not None
    if point == BAR:
        return wording.the_bar()
    if point == OFF:
        return wording.the_tray()
    if point == WAITING:
        return wording.waiting_checkers(position.player_waiting)
    mine, theirs = position.checkers_at(point)
    return wording.point_holding(point, mine, theirs, wording.board_region(point))


# --- choose, roll and setup steps ----------------------------------------------------------------------------


def grade_choice(step: ChooseStep, index: int, *, misses: int = 0) -> Feedback:
    """Grade the choice of option ``index`` (0-based), after ``misses`` wrong choices. A wrong choice is answered
    with that option's explanation; from the second miss on, the right option's explanation (the full reason)
    follows it."""
    option = step.options[index]
    if option.correct or misses < 1:
        return Feedback(option.correct, option.explanation)
    reason = next(choice for choice in step.options if choice.correct).explanation
    reason = RIGHT_OPENING.sub("", reason, count=1)
    return Feedback(False, wording.full_reason(option.explanation, reason[:1].upper() + reason[1:]))


def grade_roll(step: RollStep, throws_seen: int, starter: Side) -> Feedback:
    """Grade the answer "``starter`` moves first" given after ``throws_seen`` throws of the opening roll."""
    mine, theirs = step.throws[throws_seen - 1] if throws_seen else (0, 0)
    if throws_seen == 0:
        return Feedback(False, wording.roll_first())
    if mine == theirs:
        return Feedback(False, wording.tie(mine))
    winner = Side.X if mine > theirs else Side.O
    if starter is winner:
        return Feedback(True, step.explanation)
    return Feedback(False, wording.higher_die_starts(winner, max(mine, theirs), min(mine, theirs)))


def grade_setup(layout: Sequence[int]) -> Feedback:
    """Grade the learner's checkers on points 1-24 (``layout[point]``) against the starting position."""
    wrong = [point for point in range(24, 0, -1) if layout[point] != START_LAYOUT[point]]
    if not wrong:
        return Feedback(True, wording.starting_position_right())
    details = [(point, START_LAYOUT[point], layout[point]) for point in wrong[:3]]
    return Feedback(False, wording.setup_wrong(details, max(0, len(wrong) - 3)))


# --- puzzles ---------------------------------------------------------------------------------------------------


def best_group(ranked: list[RankedPlay], theme: str) -> tuple[list[RankedPlay], float]:
    """The plays tied with the best by the theme's measure (winning chances in a race, expected rolls otherwise),
    and the margin by which they beat the next play (infinite when every play ties)."""
    if theme == "race":
        top = ranked[0].win_probability
        group = [entry for entry in ranked if top - entry.win_probability <= TIE_TOLERANCE]
        rest = [entry.win_probability for entry in ranked if top - entry.win_probability > TIE_TOLERANCE]
        return group, (top - max(rest)) if rest else float("inf")
    ordered = sorted(ranked, key=lambda entry: entry.expected_rolls)
    fewest = ordered[0].expected_rolls
    group = [entry for entry in ordered if entry.expected_rolls - fewest <= TIE_TOLERANCE]
    rest = [entry.expected_rolls for entry in ordered if entry.expected_rolls - fewest > TIE_TOLERANCE]
    return group, (min(rest) - fewest) if rest else float("inf")


def grade_puzzle(
    puzzle: ForcedPuzzle | BearoffPuzzle, answer: Play | str | None, written: str | None = None
) -> Feedback:
    """Grade an answer to a puzzle: a play, notation, or ``None`` for "no legal play"; say why in words and figures.

    A wrong answer gets the rule it breaks, never the solution; the feedback quotes the play as ``written``.
    """
    position, dice = puzzle.board(), puzzle.roll()
    play = read_play(position, dice, answer) if isinstance(answer, str) else answer
    if isinstance(play, Feedback):
        return play
    shown = None if play is None else echo(play, answer if written is None and isinstance(answer, str) else written)
    accepted = {accepted.result for accepted in puzzle.accepted_plays()}
    correct = (position if play is None else play.result) in accepted
    if isinstance(puzzle, BearoffPuzzle):
        message = bearoff_feedback(puzzle, play, correct=correct, written=shown)
        return Feedback(correct, message, solution_offered=not correct and play is not None)
    if correct:
        return Feedback(True, explain(position, dice).text)
    if play is None:
        return Feedback(False, wording.roll_can_be_played())
    return Feedback(False, wording.legal_but_not_the_answer(f"{shown}"))  # pragma: no cover - forced: one play


TAKE_OFF = N_("Take a checker off when you can: every checker off is one fewer to bear off.")
FILL_GAPS = N_("Fill the gaps: with a checker on every point below your highest, more numbers bear a checker off.")
SMOOTH = N_("Don't stack: spread your checkers over more points, so that fewer of your numbers are wasted.")
"""The rules of thumb that tell a better bear-off play from a worse one (marked for translation: shown through
:func:`trainer.content.wording.bearoff_tip`)."""


def _gaps(side: Sequence[int]) -> int:
    """Empty home points below the highest point holding a checker."""
    highest = max((point for point in range(1, 7) if side[point]), default=0)
    return sum(1 for point in range(1, highest) if not side[point])


def bearoff_rule(better: Play, worse: Play) -> str | None:
    """The rule of thumb that tells a better bear-off play from a worse one, if one does: take a checker off,
    fill the gaps, or don't stack."""
    good, bad = better.result.player, worse.result.player
    if good[OFF] != bad[OFF]:
        return TAKE_OFF if good[OFF] > bad[OFF] else None
    if _gaps(good) < _gaps(bad):
        return FILL_GAPS
    if max(good[1:7]) < max(bad[1:7]):
        return SMOOTH
    return None


def bearoff_lesson(ranked: list[RankedPlay], theme: str) -> tuple[RankedPlay, RankedPlay, str] | str:
    """The best play, the most tempting wrong play that bears off as many checkers as any play can, and the rule
    of thumb (fill the gaps, don't stack) that tells them apart; or why the position makes no puzzle: "take off
    as many as you can" already finds the answer, the race is not won by the fewest-rolls play, or no rule of
    thumb tells the best from the tempting play."""
    group, _ = best_group(ranked, theme)
    best_results = {entry.play.result for entry in group}
    if theme == "race":
        fewest, _ = best_group(ranked, "fewest-rolls")
        if {entry.play.result for entry in fewest} != best_results:
            return wording.race_not_fewest_rolls()
    most_off = max(entry.play.result.player[OFF] for entry in ranked)
    takers = [entry for entry in ranked if entry.play.result.player[OFF] == most_off]
    wrong = [entry for entry in takers if entry.play.result not in best_results]
    if not wrong:
        return wording.taking_off_finds_it()
    measure = (lambda e: -e.win_probability) if theme == "race" else (lambda e: e.expected_rolls)
    tempting = min(wrong, key=measure)
    best = group[0]
    rule = bearoff_rule(best.play, tempting.play)
    if rule not in (FILL_GAPS, SMOOTH):
        return wording.no_rule_of_thumb()
    return best, tempting, rule


def bearoff_figures(entry: RankedPlay, theme: str) -> str:
    """A play's figures in words: the chance to win (a race) and the rolls still needed on average."""
    return wording.bearoff_figures(entry.expected_rolls, entry.win_probability if theme == "race" else None)


def bearoff_solution(puzzle: BearoffPuzzle) -> str:
    """The best play of a bear-off puzzle with its figures, for when the solution is shown."""
    group, _ = best_group(puzzle.ranking(), puzzle.theme)
    best = group[0]
    others = [play_text(entry.play) for entry in group[1:]]
    return wording.bearoff_solution(play_text(best.play), others, bearoff_figures(best, puzzle.theme))


def bearoff_feedback(puzzle: BearoffPuzzle, play: Play | None, *, correct: bool, written: str | None = None) -> str:
    """A bear-off answer against the best play, in the theme's figures (chances in percent, differences in
    percentage points, rolls to two decimals), with the rule of thumb that tells them apart where one does."""
    if play is None:
        return wording.bearoff_can_be_played()
    ranking = puzzle.ranking()
    group, _ = best_group(ranking, puzzle.theme)
    best = group[0]
    mine = next(entry for entry in ranking if entry.play.result == play.result)
    race = puzzle.theme == "race"
    shown = written or play_text(play)
    if correct:
        others = [entry for entry in ranking if entry not in group]
        text = wording.bearoff_best(shown, bearoff_figures(mine, puzzle.theme))
        if others:
            runner = others[0] if race else min(others, key=lambda entry: entry.expected_rolls)
            text += " " + wording.bearoff_next_best(play_text(runner.play), bearoff_figures(runner, puzzle.theme))
        lesson = bearoff_lesson(ranking, puzzle.theme)
        rule = lesson[2] if not isinstance(lesson, str) else bearoff_rule(play, others[0].play) if others else None
        return f"{text} {wording.bearoff_tip(rule)}" if rule else text
    figures = bearoff_figures(mine, puzzle.theme)
    if race:
        text = wording.bearoff_worse(shown, figures, points=(best.win_probability - mine.win_probability) * 100)
    else:
        text = wording.bearoff_worse(shown, figures, rolls=mine.expected_rolls - best.expected_rolls)
    rule = bearoff_rule(best.play, play)
    return f"{text} {wording.bearoff_tip(rule)}" if rule else text


# --- acey-deucey: the double chosen after a 1-2 ----------------------------------------------------------------


def double_meets(step: DoubleStep, number: int) -> str | None:
    """Why the double ``number`` misses what the step asks (in words), or ``None`` if it is a right choice."""
    position = step.board()
    plays = legal_plays(position, (number, number))
    full = [play for play in plays if play.dice_used == 4]
    if step.want != "full":
        return wording.double_goes_on(number) if full else None
    if not full:
        return wording.double_not_in_full(number, plays[0].dice_used)
    if step.conditions and not any(all(condition_problem(c, play) is None for c in step.conditions) for play in full):
        missed = next(problem for c in step.conditions if (problem := condition_problem(c, full[0])) is not None)
        return wording.double_misses_goal(number, missed)
    return None


def right_doubles(step: DoubleStep) -> list[int]:
    """The doubles that answer the step."""
    return [number for number in range(1, 7) if double_meets(step, number) is None]


def grade_double(step: DoubleStep, number: int) -> Feedback:
    """Grade the double chosen after a 1-2 by what the engine says of its four moves."""
    problem = double_meets(step, number)
    if problem is None:
        return Feedback(True, f"{number}-{number}: {step.explanation}")
    message = sentence(problem)
    return Feedback(False, f"{message} {step.hint}" if step.hint else message)
