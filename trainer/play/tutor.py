"""The tutor's verdicts: how much equity a decision gave away, named by GNU Backgammon's thresholds.

Every figure is the learner's equity per unit of the cube before the decision (money equity, or normalised match
equity at a match score), as the evaluator gives it:

- a play is worth its cubeful equity after the play; the best play is the first of the ranking;
- doubling is worth the double/take or double/pass equity, whichever is worse for the doubler (the opponent is
  assumed to answer right), not doubling the no-double equity;
- taking a double is worth minus the doubler's double/take equity, passing minus its double/pass equity (-1);
  a beaver twice the take (the doubler then takes or passes the redouble of two, whichever is better for it).

The loss is the best option's equity minus the chosen one's; GNU Backgammon 1.07 calls a decision doubtful from
0.03, bad from 0.06 and very bad from 0.12 (:mod:`trainer.shared.skill`). A cube decision counts towards the error rate
when it was acted on (a double, take, pass or beaver) or close (doubling would have cost less than 0.16), as GNU
Backgammon counts them; a play counts unless it was forced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from trainer.analysis import CubeDecision, RankedPlay
from trainer.engine import Play
from trainer.play.wording import not_ranked
from trainer.shared.skill import BAD, DOUBTFUL, VERY_BAD, Skill

__all__ = ["BAD", "DOUBTFUL", "VERY_BAD", "Skill"]  # at home in trainer.shared.skill, kept here

CLOSE_CUBE: Final = 0.16
"""A no-double decision counts as a decision when doubling would have cost less than this (GNU Backgammon's)."""

CubeChoice = Literal["no double", "double", "take", "pass", "beaver"]
NOT_DOUBLED: Final[CubeChoice] = "no double"
"""The choice of a side that rolls without doubling."""
Decision = Literal["play", "no double", "double", "take", "pass", "beaver"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The tutor's judgement of one decision of the learner.

    ``chosen`` and ``best`` name the decision made and the best one (a play in notation, or a cube action), with
    their equities for the learner; ``source`` says what judged it (``"1-ply"``, ``"2-ply"``, ``"exact bear-off"``).
    For plays, ``chosen_play`` and ``best_play`` are the plays themselves (to show on the board) and ``counts`` is
    false for a forced play; for cube actions ``counts`` is false for a no-double far from doubling.
    """

    decision: Decision
    chosen: str
    best: str
    chosen_equity: float
    best_equity: float
    source: str
    counts: bool = True
    chosen_play: Play | None = None
    best_play: Play | None = None

    @property
    def loss(self) -> float:
        """The equity given away (0 for the best decision)."""
        return max(0.0, self.best_equity - self.chosen_equity)

    @property
    def skill(self) -> Skill:
        """Good, doubtful, bad or very bad."""
        return Skill.of(self.loss)

    @property
    def is_mistake(self) -> bool:
        """Whether the decision lost at least the doubtful threshold (0.03)."""
        return self.skill is not Skill.GOOD


def judge_play(ranked: list[RankedPlay], chosen: Play, source: str) -> Verdict:
    """The verdict on ``chosen`` among ``ranked`` (every legal play, best first).

    :raises ValueError: if ``chosen`` is not one of the ranked plays.
    """
    for item in ranked:
        if item.play == chosen:
            best = ranked[0]
            return Verdict(
                decision="play",
                chosen=str(item.play),
                best=str(best.play),
                chosen_equity=item.equity,
                best_equity=best.equity,
                source=source,
                counts=len(ranked) > 1,
                chosen_play=item.play,
                best_play=best.play,
            )
    raise ValueError(not_ranked(str(chosen)))


def doubling_equity(decision: CubeDecision) -> float:
    """The doubler's equity for doubling: the opponent's better answer."""
    return min(decision.double_take, decision.double_pass)


OPTIONAL: Final = 1e-5
"""GNU Backgammon's ``isOptional``: a double worth no more and no less than not doubling, within this, is optional."""


def is_optional_double(decision: CubeDecision) -> bool:
    """Whether doubling and not doubling are worth the same (GNU Backgammon's optional double): neither is an
    error."""
    return abs(doubling_equity(decision) - decision.no_double) <= OPTIONAL


def judge_double(decision: CubeDecision, doubled: bool, source: str) -> Verdict:
    """The verdict on doubling (or not) with ``decision`` the learner's own, before rolling; an optional double
    (:func:`is_optional_double`) is right either way."""
    no_double = decision.no_double
    double = doubling_equity(decision)
    chosen: CubeChoice = "double" if doubled else "no double"
    best: CubeChoice = "double" if double > no_double else "no double"
    if is_optional_double(decision):
        best = chosen
        double = no_double = max(double, no_double)
    close = max(no_double, double) - min(decision.double_take, 1.0) < CLOSE_CUBE
    return Verdict(
        decision=chosen,
        chosen=chosen,
        best=best,
        chosen_equity=double if doubled else no_double,
        best_equity=max(no_double, double),
        source=source,
        counts=doubled or close,
    )


def answer_equities(decision: CubeDecision, *, beaver_allowed: bool) -> dict[CubeChoice, float]:
    """The doubled side's equity for each answer; ``decision`` is the doubler's, before its roll."""
    equities: dict[CubeChoice, float] = {"take": -decision.double_take, "pass": -decision.double_pass}
    if beaver_allowed:
        equities["beaver"] = min(-2 * decision.double_take, 2 * decision.double_pass)
    return equities


def judge_answer(decision: CubeDecision, answer: CubeChoice, source: str, *, beaver_allowed: bool) -> Verdict:
    """The verdict on the learner's answer to a double; ``decision`` is the doubler's, before its roll."""
    equities = answer_equities(decision, beaver_allowed=beaver_allowed)
    best = max(equities, key=lambda choice: (equities[choice], choice == "take"))
    return Verdict(
        decision=answer,
        chosen=answer,
        best=best,
        chosen_equity=equities[answer],
        best_equity=equities[best],
        source=source,
    )


def beaver_answer_equities(decision: CubeDecision, *, raccoon_allowed: bool = False) -> dict[CubeChoice, float]:
    """The doubler's equity for each answer to a beaver; ``decision`` is the doubler's, before rolling. Per unit of
    the cube before the double: taking is worth twice the double/take equity, passing -2. A raccoon (taking and
    redoubling at once) is worth four times the double/take equity, unless the redouble is passed (+4); the cube's
    moving to the raccoon's side is not counted, which errs against the raccoon."""
    equities: dict[CubeChoice, float] = {"take": 2 * decision.double_take, "pass": -2 * decision.double_pass}
    if raccoon_allowed:
        equities["beaver"] = min(4 * decision.double_take, 4 * decision.double_pass)
    return equities


def judge_beaver_answer(
    decision: CubeDecision, answer: CubeChoice, source: str, *, raccoon_allowed: bool = False
) -> Verdict:
    """The verdict on the answer to a beaver of one's own double (a raccoon is ``beaver``); ``decision`` is the
    doubler's, before rolling (see :func:`beaver_answer_equities`)."""
    equities = beaver_answer_equities(decision, raccoon_allowed=raccoon_allowed or answer == "beaver")
    best = max(equities, key=lambda choice: (equities[choice], choice == "take"))
    return Verdict(
        decision=answer,
        chosen=answer,
        best=best,
        chosen_equity=equities[answer],
        best_equity=equities[best],
        source=source,
    )


@dataclass(frozen=True, slots=True)
class ErrorRate:
    """The learner's decisions that count and the equity they gave away, like GNU Backgammon's error rate."""

    decisions: int
    loss: float
    play_decisions: int = 0
    play_loss: float = 0.0
    cube_decisions: int = 0
    cube_loss: float = 0.0

    @property
    def per_decision(self) -> float:
        """Average equity loss per decision, in millipoints (thousandths of a point per unit of the cube)."""
        return 1000 * self.loss / self.decisions if self.decisions else 0.0

    @classmethod
    def of(cls, verdicts: list[Verdict]) -> ErrorRate:
        """The error rate of ``verdicts`` (those that count)."""
        plays = [verdict for verdict in verdicts if verdict.counts and verdict.decision == "play"]
        cubes = [verdict for verdict in verdicts if verdict.counts and verdict.decision != "play"]
        play_loss = sum(verdict.loss for verdict in plays)
        cube_loss = sum(verdict.loss for verdict in cubes)
        return cls(len(plays) + len(cubes), play_loss + cube_loss, len(plays), play_loss, len(cubes), cube_loss)
