"""A lesson rebuilt in a new edition keeps the learner's standing: finished in an earlier edition, it counts as done
(with that edition's stars) until the new one is started, whose progress is kept apart from the old steps'."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import OptionList

from trainer.content.loader import load_lessons
from trainer.practice.stats import lesson_figures
from trainer.store import DATABASE_NAME, ProgressStore
from trainer.training.progress import records_of
from trainer.training.service import finish_lesson
from trainer.training.standing import lesson_standing, lesson_standings
from trainer.tui.app import TrainerApp

FINISHED_LESSON_FILE = Path(__file__).parent / "data" / "progress-v1-finished-lesson.sqlite3"
LESSONS = {lesson.id: lesson for lesson in load_lessons().lessons}


def upgraded_store(folder: Path) -> ProgressStore:
    folder.mkdir(exist_ok=True)
    shutil.copyfile(FINISHED_LESSON_FILE, folder / DATABASE_NAME)
    return ProgressStore(folder)


def test_the_rebuilt_lessons_are_in_their_second_edition() -> None:
    rebuilt = ("board", "opening-and-moving", "dice-and-doubles", "hitting", "the-bar", "must-use", "bearing-off",
               "winning")  # fmt: skip
    assert all(LESSONS[lesson_id].edition == 2 for lesson_id in rebuilt)
    assert LESSONS["winning"].progress_key == "winning@2" and LESSONS["higher-die"].progress_key == "higher-die"


def test_a_lesson_finished_in_its_first_edition_counts_as_done_until_the_new_one_starts(tmp_path: Path) -> None:
    store = upgraded_store(tmp_path / "data")
    winning, the_bar = LESSONS["winning"], LESSONS["the-bar"]
    standing = lesson_standing(store, winning)
    assert (standing.status, standing.earlier_edition, standing.stars) == ("done", True, 2)
    # The first edition's steps are not this edition's: the lesson it was started in opens at the start.
    assert lesson_standing(store, the_bar).status == "new"
    assert {line.id: line.status for line in lesson_figures([winning, the_bar], records_of(store)).lessons} == {
        "winning": "done",
        "the-bar": "new",
    }
    # Starting the new edition shows it as started; finishing it records the second edition.
    store.lessons.complete_step(winning.progress_key, winning.graded_steps[0], first_try=True)
    assert lesson_standing(store, winning).status == "started"
    for step in winning.graded_steps[1:]:
        store.lessons.complete_step(winning.progress_key, step, first_try=True)
    finished = finish_lesson(store, winning)
    assert (finished.status, finished.earlier_edition, finished.stars) == ("done", False, 3)
    assert [record.edition for record in store.lessons.finished_lessons()["winning"]] == [1, 2]
    store.close()


def test_every_lesson_s_standing_read_at_once_is_each_one_s(tmp_path: Path) -> None:
    """The home screen reads every lesson's standing in one go: the same as reading each (new, started, done in
    this edition, done in an earlier one)."""
    store = upgraded_store(tmp_path / "data")
    board, hitting = LESSONS["board"], LESSONS["hitting"]
    store.lessons.complete_step(board.progress_key, board.graded_steps[0], first_try=False)
    store.lessons.set_resume_step(hitting.progress_key, 2)
    for step in LESSONS["must-use"].graded_steps:
        store.lessons.complete_step(LESSONS["must-use"].progress_key, step, first_try=step % 2 == 0)
    standings = lesson_standings(store, LESSONS.values())
    assert standings == {lesson.id: lesson_standing(store, lesson) for lesson in LESSONS.values()}
    statuses = {standings[name].status for name in ("board", "hitting", "must-use", "winning", "the-bar")}
    assert statuses == {"started", "done", "new"} and standings["winning"].earlier_edition
    store.close()


async def test_home_says_a_lesson_was_done_in_an_earlier_edition(tmp_path: Path) -> None:
    upgraded_store(tmp_path / "data").close()
    app = TrainerApp(data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        menu = app.screen.query_one("#home-menu", OptionList)
        lines = [str(menu.get_option_at_index(index).prompt) for index in range(menu.option_count)]
        winning = next(line for line in lines if LESSONS["winning"].title in line)
        assert "✓ done" in winning and "earlier edition" in winning
        the_bar = next(line for line in lines if LESSONS["the-bar"].title in line)
        assert the_bar.endswith("○ new")
