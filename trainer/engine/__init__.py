"""The rules of backgammon: positions, legal plays, explanations and game flow (standard library only).

The board is always seen from the player on roll (X); see :mod:`trainer.engine.position` for the numbering.
"""

from trainer.lazy import attach_stub

# The public names are listed once, in __init__.pyi (which type checkers read); each module is imported when one of
# its names is first asked for.
__getattr__, __dir__, __all__ = attach_stub(__name__, __file__)
