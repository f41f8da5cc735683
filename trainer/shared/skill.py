"""How good a decision was, by the equity it gave away: GNU Backgammon's sizes, below every layer that judges
(the tutor in play, the best-play tasks of lessons).

GNU Backgammon 1.07 calls a decision doubtful from 0.03, bad from 0.06 and very bad from 0.12 of equity (per unit of
the cube), its default analysis thresholds (``show analysis``).
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from trainer.i18n import N_, _

DOUBTFUL: Final = 0.03
BAD: Final = 0.06
VERY_BAD: Final = 0.12

SKILL_NAMES = {"good": N_("good"), "doubtful": N_("doubtful"), "bad": N_("bad"), "very bad": N_("very bad")}


class Skill(Enum):
    """How good a decision was, by its equity loss."""

    GOOD = "good"
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very bad"

    @classmethod
    def of(cls, loss: float) -> Skill:
        """The skill of a decision that lost ``loss`` (to six decimals, as records keep equities)."""
        rounded = round(loss, 6)
        if rounded >= VERY_BAD:
            return cls.VERY_BAD
        if rounded >= BAD:
            return cls.BAD
        if rounded >= DOUBTFUL:
            return cls.DOUBTFUL
        return cls.GOOD

    @property
    def word(self) -> str:
        """``good``, ``doubtful``, ``bad`` or ``very bad`` in the language in use."""
        return _(SKILL_NAMES[self.value])
