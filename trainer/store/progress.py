"""The progress store the app uses: lessons, puzzles, settings, ratings, reviews, drills, games (against the
computer, and local ones), personal puzzles and the equity lost per theme of the games reviewed, over one
:class:`Database`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from trainer.store.database import BUSY_TIMEOUT, Database
from trainer.store.drills import DrillRecords
from trainer.store.games import GameRecords
from trainer.store.knowledge import KnowledgeRecords
from trainer.store.lessons import LessonRecords
from trainer.store.local_games import LocalGameRecords
from trainer.store.opening import DATABASE_NAME, default_data_dir
from trainer.store.personal import PersonalRecords
from trainer.store.puzzles import PuzzleRecords
from trainer.store.ratings import RatingRecords
from trainer.store.reviews import ReviewRecords
from trainer.store.settings import SettingRecords
from trainer.store.themes import ThemeLossRecords


class ProgressStore:
    """Lesson and puzzle progress, preferences, ratings, review cards, drill bests, knowledge drill answers, games
    against the computer and local games in a SQLite database in ``data_dir``, each kind of record read and written
    through its part (``store.lessons.complete_step(...)``, ``store.games.games()``...).

    Reads are answered from an in-memory copy; each change is committed to the file before the call returns, or
    kept and committed later if the file is locked for longer than ``busy_timeout`` seconds. Opening never fails:
    whatever kept the file from being read or written is said in :attr:`notice`, and the session goes on.
    """

    lessons: LessonRecords
    """Lesson steps done, where to resume, lessons finished."""
    puzzles: PuzzleRecords
    """Puzzle answers."""
    ratings: RatingRecords
    """The learner's ratings and the puzzles'."""
    reviews: ReviewRecords
    """Review cards and the review log."""
    drills: DrillRecords
    """Drill runs and bests."""
    knowledge: KnowledgeRecords
    """Answers to the knowledge drills."""
    games: GameRecords
    """Games and matches against the computer."""
    local_games: LocalGameRecords
    """Local games (acey-deucey, two players at one keyboard)."""
    personal: PersonalRecords
    """The learner's personal puzzles."""
    settings: SettingRecords
    """Preferences."""
    themes: ThemeLossRecords
    """The equity lost per theme of the games reviewed."""

    def __init__(self, data_dir: Path | None = None, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.data_dir = data_dir if data_dir is not None else default_data_dir()
        self.path = self.data_dir / DATABASE_NAME
        self._db = Database(self.path, busy_timeout=busy_timeout)
        self.lessons = LessonRecords(self._db)
        self.puzzles = PuzzleRecords(self._db)
        self.ratings = RatingRecords(self._db)
        self.reviews = ReviewRecords(self._db)
        self.drills = DrillRecords(self._db)
        self.knowledge = KnowledgeRecords(self._db)
        self.games = GameRecords(self._db)
        self.local_games = LocalGameRecords(self._db)
        self.personal = PersonalRecords(self._db)
        self.settings = SettingRecords(self._db)
        self.themes = ThemeLossRecords(self._db)

    @property
    def notice(self) -> str | None:
        """What the learner should know about the progress file (it was moved aside, can't be saved...), or None."""
        return self._db.notice

    def on_notice(self, listener: Callable[[str], None]) -> None:
        """Call ``listener`` with every sentence about the progress file said from now on (each once)."""
        self._db.listeners.append(listener)

    @property
    def persistent(self) -> bool:
        """Whether changes still reach the file."""
        return self._db.persistent

    @property
    def closing_notice(self) -> str | None:
        """What closing had to do with changes the file couldn't take (kept in a file for the next start to save,
        or, if even that failed, lost), for the learner; ``None`` if everything was saved."""
        return self._db.closing_notice

    def close(self) -> None:
        """Save what is still waiting (for up to the busy timeout) and close the database; changes the file still
        can't take are kept for the next start (see :attr:`closing_notice`)."""
        self._db.close()
