"""The rules of backgammon: positions, legal plays, explanations and game flow (standard library only)."""
