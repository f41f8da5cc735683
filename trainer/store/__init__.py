"""Progress storage in SQLite: lesson steps done and where to resume, puzzle answers, preferences.

The file's layout changes only through numbered migrations (:mod:`trainer.store.migrations`), run in place. A file
that can't be read, or belongs to another application, is moved aside (never deleted) and a fresh one started; one
written by a newer bgtrainer is read but left unchanged. :attr:`ProgressStore.notice` says what happened, for the
app to show.
"""

from trainer.store.database import BUSY_TIMEOUT
from trainer.store.lessons import LessonProgress
from trainer.store.opening import DATABASE_NAME, default_data_dir
from trainer.store.progress import ProgressStore
from trainer.store.puzzles import QUESTIONS, PuzzleAttempt, Question

__all__ = [
    "BUSY_TIMEOUT",
    "DATABASE_NAME",
    "QUESTIONS",
    "LessonProgress",
    "ProgressStore",
    "PuzzleAttempt",
    "Question",
    "default_data_dir",
]
