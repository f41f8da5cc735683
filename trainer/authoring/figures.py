"""The evaluator's figures behind lessons' best-play and contact cube steps: computed for an author
(``bgtrainer lessons figures``) and evaluated again to check a lesson (``bgtrainer validate --deep``).

The content layer reads the figures a lesson file stores and never evaluates; this module, above both the content
and the analysis layers, is where the two meet.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from trainer.analysis import Evaluator, GameContext
from trainer.content import author_wording as wording
from trainer.content.best import CLEAR_GAP, EPSILON, best_figures, best_problems, split_accepted, split_rolled_out
from trainer.content.cube import CLEAR_CONTACT_MARGIN, answer_margin, cube_step_view, owner_of, right_answer
from trainer.content.files import Problem
from trainer.content.models import BestStep, CubeStep, Lesson
from trainer.engine import Dice, MatchScore, Position, Side
from trainer.engine.bearoff import CubeDecision

if TYPE_CHECKING:
    from trainer.analysis.sage import SageEvaluator

FIGURE_TOLERANCE = 0.005
"""How far a stored equity may be from the one evaluated again (the evaluator is deterministic; files round)."""
LISTED_PAST = 2
"""How many plays past the first rejected one an author's listing shows."""
FORCED_WITHIN = 0.10
"""A rolled-out listing rolls out every play this close to the best at 3 plies (and the best two), so that every
play it lists has a standard error."""


def _sage() -> Evaluator:
    return _sage_evaluator()


def _sage_evaluator() -> SageEvaluator:
    from trainer.analysis.sage import SageEvaluator

    return SageEvaluator()


def best_play_lines(position: Position, dice: Dice, plies: int, evaluator: Evaluator | None = None) -> str:
    """The ``plies`` and ``plays`` lines of a best-play step for ``position`` (you on roll) and ``dice``: the plays
    the step accepts and the next ones, best first."""
    ranked = (evaluator or _sage()).rank_plays(position, dice, plies)
    accepted, _left_out = split_accepted(ranked)
    listed = ranked[: len(accepted) + LISTED_PAST]
    plays = "\n".join(f'  {{ play = "{item.play}", equity = {item.equity:.3f} }},' for item in listed)
    return f"plies = {plies}\nplays = [\n{plays}\n]"


def rollout_play_lines(
    position: Position, dice: Dice, trials: int, seed: int = 1, evaluator: SageEvaluator | None = None
) -> str:
    """The ``plies``, ``trials`` and ``plays`` lines of a rolled-out best-play step for ``position`` (you on roll)
    and ``dice``: a rollout of ``trials`` games (``seed`` for its dice, two threads) of every play within
    :data:`FORCED_WITHIN` of the best at 3 plies and of the best two, each listed play with its standard error, the
    accepted ones, the first left out and the next ones (while no play the rollout left out ranks above them), best
    first."""
    from trainer.analysis.sage import ROLLOUT_PLIES

    sage = evaluator or _sage_evaluator()
    shallow = sage.rank_plays(position, dice, ROLLOUT_PLIES)
    force = [
        item.play.result
        for rank, item in enumerate(shallow)
        if rank < 2 or shallow[0].equity - item.equity <= FORCED_WITHIN + EPSILON
    ]
    ranked = sage.rollout_plays(position, dice, trials=trials, seed=seed, threads=2, force=force)
    accepted, left_out = split_rolled_out(ranked)
    listed = [*accepted, *([] if left_out is None else [left_out])]
    for item in ranked[ranked.index(listed[-1]) + 1 :]:  # then the next ones, while none the rollout left out is above
        if item.std_error is None or len(listed) >= len(accepted) + LISTED_PAST:
            break
        listed.append(item)
    plays = "\n".join(
        f'  {{ play = "{item.play}", equity = {item.equity:.3f}, se = {item.std_error:.3f} }},' for item in listed
    )
    return f"plies = {ROLLOUT_PLIES}\ntrials = {trials}\nplays = [\n{plays}\n]"


def cube_lines(
    position: Position,
    question: str,
    plies: int,
    evaluator: Evaluator | None = None,
    *,
    match: MatchScore | None = None,
    cube: int = 1,
) -> str:
    """The ``answer``, ``plies`` and ``figures`` lines of a cube step (``question`` ``double``: you on roll;
    ``take``: O on roll has doubled you) in money play or at ``match`` (your score first), the cube at ``cube``
    before the double (in the middle at 1, else the doubler's)."""
    doubler = Side.O if question == "take" else Side.X
    view = position.swap() if question == "take" else position
    decision = (evaluator or _sage()).cube_decision(
        view, plies, cube=owner_of(cube > 1), context=doubler_context(match, doubler, cube)
    )
    figured = CubeDecision(
        "centered", decision.chances.win, decision.no_double, decision.double_take, decision.double_pass
    )
    answer = right_answer(figured, question)
    figures = (
        f"no_double = {decision.no_double:.3f}, double_take = {decision.double_take:.3f}, double_pass = 1.000, "
        f"win = {decision.chances.win:.3f}"
    )
    return f'answer = "{answer}"\nplies = {plies}\nfigures = {{ {figures} }}'


def doubler_context(match: MatchScore | None, doubler: Side, cube: int) -> GameContext | None:
    """What the doubler's evaluation depends on besides the board: the score and the cube's value (money play
    at a centered cube: nothing, the evaluator's default)."""
    if match is None:
        return None if cube == 1 else GameContext(cube)
    return GameContext.of(match, doubler, cube_value=cube)


def deep_check(name: str, lesson: Lesson, evaluator: Evaluator | None = None) -> list[Problem]:
    """Every best-play and contact cube step of ``lesson`` evaluated again at its depth: the stored figures, the
    plays accepted and the margins must stand (a rolled-out best-play step's listing is checked as it stands)."""
    judge = evaluator or _sage()
    problems: list[Problem] = []
    for index, step in enumerate(lesson.steps):
        if isinstance(step, BestStep):
            found = list(_best_problems(step, judge))
        elif isinstance(step, CubeStep) and step.figures is not None:
            found = list(_cube_problems(step, judge))
        else:
            continue
        problems.extend(
            Problem(name, None, wording.step_place(index, step.kind, field), message, suggestion)
            for field, message, suggestion in found
        )
    return problems


def _best_problems(step: BestStep, judge: Evaluator) -> Iterator[tuple[str, str, str | None]]:
    if step.trials is not None:  # a rollout is too slow to repeat here: its listing is checked as it stands
        yield from best_problems(step)
        return
    found = best_figures(step)
    ranked = judge.rank_plays(found.position, found.dice, step.plies)
    fresh = {item.play.result: item.equity for item in ranked}
    redo = wording.evaluate_again(step.plies)
    for figure in found.figures:
        equity = fresh[figure.play.result]
        if abs(equity - figure.equity) > FIGURE_TOLERANCE:
            yield "plays", wording.stored_equity_differs(str(figure.play), figure.equity, equity), redo
    accepted, left_out = split_accepted(ranked)
    if {item.play.result for item in accepted} != {figure.play.result for figure in found.accepted}:
        yield "plays", wording.accepted_plays_differ(sorted(str(item.play) for item in accepted)), redo
    best = ranked[0].equity
    if left_out is not None and best - left_out.equity < CLEAR_GAP - EPSILON:
        yield "plays", wording.best_step_not_clear(best - left_out.equity, CLEAR_GAP), wording.choose_a_clearer_play()
    listed = {figure.play.result for figure in found.figures}
    if left_out is not None and left_out.play.result not in listed:
        yield "plays", wording.first_rejected_not_listed(str(left_out.play)), redo


def _cube_problems(step: CubeStep, judge: Evaluator) -> Iterator[tuple[str, str, str | None]]:
    assert step.figures is not None and step.plies is not None  # only contact cube steps come here
    view, _doubler, _taker = cube_step_view(step)
    context = doubler_context(step.match_score(), step.doubler(), step.cube)
    decision = judge.cube_decision(view, step.plies, cube=owner_of(step.cube > 1), context=context)
    redo = wording.evaluate_again(step.plies)
    stored = step.figures
    for field, was, now in (
        ("no_double", stored.no_double, decision.no_double),
        ("double_take", stored.double_take, decision.double_take),
    ):
        if abs(was - now) > FIGURE_TOLERANCE:
            yield "figures", wording.stored_equity_differs(field, was, now), redo
    fresh = CubeDecision("centered", stored.win, decision.no_double, decision.double_take, decision.double_pass)
    right = right_answer(fresh, step.question)
    if right != step.answer:
        yield "answer", wording.evaluator_figures_say(right, step.answer), f'answer = "{right}"'
    elif answer_margin(fresh, step.question) < CLEAR_CONTACT_MARGIN:
        margin = answer_margin(fresh, step.question)
        yield "figures", wording.too_close_to_teach(margin, CLEAR_CONTACT_MARGIN), wording.choose_a_clearer_decision()
