"""Playing strength: computer players and position evaluation, built on the rules engine."""
