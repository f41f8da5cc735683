"""Progress storage in SQLite: lesson steps done and where to resume, puzzle answers, preferences, games against the
computer and local games.

A learner's progress is never lost. The file's layout changes only through numbered migrations
(:mod:`trainer.store.migrations`), run in place. A file that can't be read as a database, or that belongs to another
application, is moved aside (never deleted) and a fresh one started; one that can be read but not written (read-only,
another user's, from a newer bgtrainer) is read and left unchanged; writes that a lock keeps out are kept and saved
later. :attr:`ProgressStore.notice` says what happened, for the app to show.

Layout: :mod:`~trainer.store.opening` (finding and opening the file), :mod:`~trainer.store.migrations`,
:mod:`~trainer.store.database` (the in-memory copy and the writes to the file), :mod:`~trainer.store.kept` (writes
kept past closing for the next start), and one module per kind of record, each a part of :class:`ProgressStore`
holding its one database (:mod:`~trainer.store.lessons` as ``store.lessons``, :mod:`~trainer.store.puzzles`,
:mod:`~trainer.store.settings`, :mod:`~trainer.store.ratings`, :mod:`~trainer.store.reviews`,
:mod:`~trainer.store.drills`, :mod:`~trainer.store.knowledge`, :mod:`~trainer.store.games`,
:mod:`~trainer.store.local_games`, :mod:`~trainer.store.personal`, :mod:`~trainer.store.themes`, likewise; the games'
versioned saves in :mod:`~trainer.store.saves`); every sentence it says is in :mod:`~trainer.store.wording`. The store
keeps numbers; ratings and schedules are worked out in :mod:`trainer.practice`.
"""

from trainer.store.database import BUSY_TIMEOUT
from trainer.store.drills import DrillRun
from trainer.store.games import StoredGame, find_game
from trainer.store.knowledge import KnowledgeAnswer
from trainer.store.lessons import FinishedLesson, LessonProgress, LessonStepRecord
from trainer.store.local_games import StoredLocalGame
from trainer.store.opening import DATABASE_NAME, default_data_dir
from trainer.store.personal import PersonalPuzzle
from trainer.store.progress import ProgressStore
from trainer.store.puzzles import QUESTIONS, PuzzleAttempt, Question
from trainer.store.ratings import PuzzleRating, RatingRecord
from trainer.store.reviews import ReviewCard, ReviewLogEntry
from trainer.store.saves import GameChangedError
from trainer.store.themes import ThemeLossTotal

__all__ = [
    "BUSY_TIMEOUT",
    "DATABASE_NAME",
    "QUESTIONS",
    "DrillRun",
    "FinishedLesson",
    "GameChangedError",
    "KnowledgeAnswer",
    "LessonProgress",
    "LessonStepRecord",
    "PersonalPuzzle",
    "ProgressStore",
    "PuzzleAttempt",
    "PuzzleRating",
    "Question",
    "RatingRecord",
    "ReviewCard",
    "ReviewLogEntry",
    "StoredGame",
    "StoredLocalGame",
    "ThemeLossTotal",
    "default_data_dir",
    "find_game",
]
