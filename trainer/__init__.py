"""bgtrainer: learn backgammon from zero in the terminal, then drill it."""

__version__ = "0.1.0"
