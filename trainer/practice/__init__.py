"""Practice: ratings (Glicko-2), review schedules (FSRS) and the dashboard's statistics.

Pure functions over plain values: no UI and no storage. Every function that depends on the time takes it as an
argument (seconds since the epoch), so the callers decide the clock and tests use a fake one.
"""
