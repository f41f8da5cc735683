"""Evaluation on top of the rules engine, with bgsage, the Open Sage neural-network engine.

This package is the only place that imports bgsage; :mod:`trainer.analysis.board` maps our positions to its
board form and back.
"""

from trainer.analysis.board import from_board, to_board

__all__ = ["from_board", "to_board"]
