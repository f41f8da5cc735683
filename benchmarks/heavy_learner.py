"""A heavy learner's progress file, made through the store's own API (as the app would have written it): a year of
daily practice, every lesson done, tens of thousands of answers, thousands of rated attempts, review cards with
their log, drill runs and a few personal puzzles. ``benchmarks/startup.py --heavy`` starts the app on it.

Run alone to time opening it and working out home's figures: ``python benchmarks/heavy_learner.py``.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from trainer.content.cache import cached_lessons, cached_puzzles
from trainer.practice import schedule
from trainer.store import DATABASE_NAME, ProgressStore, ReviewCard

DAYS = 365
ANSWERS = 30_000
RATINGS = 8_000
CARDS = 1_200
REVIEWS = 6_000
DRILL_RUNS = 600
PERSONAL = 60
DAY = 86_400.0


def make_heavy_progress(data_dir: Path, *, seed: int = 1) -> Path:
    """Write a heavy learner's progress into ``data_dir`` (made in a memory-backed folder where there is one, as
    every write is committed on its own, then copied); the progress file's path."""
    scratch_root = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(dir=scratch_root) as scratch:
        store = ProgressStore(Path(scratch))
        try:
            _fill(store, random.Random(seed))
        finally:
            store.close()
        data_dir.mkdir(parents=True, exist_ok=True)
        target = data_dir / DATABASE_NAME
        shutil.copyfile(Path(scratch) / DATABASE_NAME, target)
    return target


def _fill(store: ProgressStore, chance: random.Random) -> None:
    now = time.time()
    start = now - DAYS * DAY
    lessons = cached_lessons().lessons
    library = cached_puzzles()
    puzzles = [puzzle.id for puzzle in library.puzzles]
    drills = [puzzle.id for puzzle in (*library.drills, *library.counts)]

    def moment() -> float:
        return start + chance.random() * (DAYS - 1) * DAY

    for lesson in lessons:
        when = moment()
        for index in lesson.graded_steps:
            store.lessons.complete_step(lesson.progress_key, index, first_try=chance.random() < 0.8, at=when + index)
        graded = len(lesson.graded_steps)
        store.lessons.record_lesson_finished(lesson.id, lesson.edition, graded=graded, first_try=graded, at=when)
    for when in sorted(moment() for _ in range(ANSWERS)):
        drill = chance.random() < 0.3
        puzzle_id = chance.choice(drills if drill else puzzles)
        question = "forced" if drill and puzzle_id.startswith("rec") else "play"
        store.puzzles.record_puzzle_attempt(
            puzzle_id, "13/7 8/7", correct=chance.random() < 0.7, seconds=chance.uniform(2, 40), question=question,
            at=when,
        )  # fmt: skip
    rating = 1500.0
    for when in sorted(moment() for _ in range(RATINGS)):
        rating += chance.uniform(-12, 14)
        kind = chance.choice(("rules", "rules", "best", "cube"))
        store.ratings.record_rating(
            (rating, 60.0, 0.06), puzzle_id=chance.choice(puzzles), puzzle=(1500.0, 80.0, 0.06), score=1.0,
            at=when, kind=kind,
        )  # fmt: skip
    items = [schedule.puzzle_item(puzzle_id) for puzzle_id in chance.sample(puzzles, min(CARDS, len(puzzles)))]
    for index in range(REVIEWS):
        item = items[index % len(items)]
        when = moment()
        card = ReviewCard(item, 2, None, 12.0, 5.0, when + chance.uniform(-10, 60) * DAY, when, 3, 0, when)
        store.reviews.save_review_card(card, correct=chance.random() < 0.85, at=when)
    for _ in range(DRILL_RUNS):
        store.drills.record_drill_run(
            chance.choice(("streak", "storm")), chance.randrange(40), at=moment(),
            drill=chance.choice(("recognition", "best")),
        )  # fmt: skip
    store.personal.add_personal_puzzles(
        [(f"mine-{index}", '{"position": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"}', "game")
         for index in range(PERSONAL)]
    )  # fmt: skip


def main() -> None:
    from trainer.training.progress import figures_of

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        began = time.perf_counter()
        path = make_heavy_progress(folder)
        print(f"made {path.stat().st_size / 1e6:.1f} MB in {time.perf_counter() - began:.1f} s")
        lessons, puzzles = cached_lessons(), cached_puzzles()
        for _ in range(3):
            began = time.perf_counter()
            store = ProgressStore(folder)
            opened = time.perf_counter()
            board = figures_of(store, lessons, puzzles, now=time.time())
            done = time.perf_counter()
            store.close()
            print(f"open {opened - began:.3f} s, records and figures {done - opened:.3f} s ({board.reviews.due} due)")


if __name__ == "__main__":
    sys.exit(main())
