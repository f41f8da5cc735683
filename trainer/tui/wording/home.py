"""The home screen."""

from __future__ import annotations

from trainer.i18n import _
from trainer.tui.wording.common import shown, stars


def lesson_line(number: int, title: str, status: str) -> str:
    """A lesson in the home menu: ``3. The opening roll and moving  —  ○ new``."""
    return _("{number}. {title}  —  {status}").format(number=number, title=shown(title), status=status)


def lesson_done(earned: int, first_try: int, graded: int) -> str:
    """A lesson done: its stars and the tasks right at the first try."""
    return _("✓ done  {stars}  {first_try}/{graded}").format(stars=stars(earned), first_try=first_try, graded=graded)


def lesson_done_earlier_edition(earned: int) -> str:
    """A lesson done in an earlier edition of it, which has new tasks now."""
    return _("✓ done  {stars}  (an earlier edition: new tasks to try)").format(stars=stars(earned))


def lesson_started(step: int, steps: int) -> str:
    """A lesson started: the step it resumes at."""
    return _("● step {step} of {steps}").format(step=step, steps=steps)


def lesson_new() -> str:
    return _("○ new")


def loading_lessons() -> str:
    return _("Loading lessons…")


def no_lessons() -> str:
    return _("No lessons could be loaded")


def review_entry(due: int | None) -> str:
    """The reviews in the home menu: how many are due (``None`` while the content loads)."""
    if due is None:
        return _("Review  (loading…)")
    return _("Review ({due} due)  (r)").format(due=due)


def puzzles_entry(solved: int | None, total: int) -> str:
    """The puzzles in the home menu: how many are solved (``None`` while they load)."""
    if solved is None:
        return _("Puzzles  (loading…)")
    return _("Puzzles  (p)  —  {solved} of {total} solved").format(solved=solved, total=total)


def drill_entry() -> str:
    return _("Forced or not? Practice, Streak, Storm  (f)")


def play_entry() -> str:
    return _("Play a game  (g)")


def explore_entry() -> str:
    return _("Explore a position  (e)")


def help_entry() -> str:
    return _("Help  (?)")


def progress_button() -> str:
    return _("Progress  (s)")


def skipped_lesson_files(files: list[str]) -> str:
    """Home's notice of the lesson files left out."""
    return _("Skipped broken lesson files: {files} (run 'bgtrainer validate').").format(
        files=", ".join(shown(name) for name in files)
    )


def review_game_entry() -> str:
    return _("Review a game: analyse a game played here or a match file  (a)")


def skill_drills_entry() -> str:
    return _("Skill drills: best-play Streak and Storm, counting shots and pips  (k)")
