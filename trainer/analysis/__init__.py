"""Evaluation on top of the rules engine: ranked plays, cube decisions and computer opponents by level.

The app talks to the :class:`Evaluator` protocol; :class:`trainer.analysis.sage.SageEvaluator` implements it
with bgsage, the Open Sage neural-network engine, and :class:`trainer.analysis.sweep.SweepEvaluator` is the same with
2-ply answers worked out for a whole match's analysis. This package is the only place that imports bgsage, and only
``trainer.analysis.sage`` and ``trainer.analysis.sweep`` do, so importing this package does not load it::

    from trainer.analysis.sage import SageEvaluator
    from trainer.engine import Position

    ranked = SageEvaluator().rank_plays(Position.start(), (3, 1))   # best first
    print(ranked[0].play, ranked[0].equity, ranked[0].chances.win)
"""

from trainer.lazy import attach_stub

# The public names are listed once, in __init__.pyi (which type checkers read); each module is imported when one of
# its names is first asked for.
__getattr__, __dir__, __all__ = attach_stub(__name__, __file__)
