"""The app: its title, keys and messages."""

from __future__ import annotations

from trainer.engine.wording import printable
from trainer.i18n import _, ngettext
from trainer.tui.wording.common import shown


def shown_lines(text: str) -> str:
    """Text of several lines from a file (Markdown), its line breaks and tabs kept, its other control characters
    shown as visible signs."""
    return printable(text, newlines=True)


def progress_notice_title() -> str:
    """The title of a notice about the progress file."""
    return _("Progress")


def lessons_notice_title() -> str:
    """The title of a notice about the lesson files."""
    return _("Lessons")


def skipped_lessons(files: list[str]) -> str:
    """The notice that lesson files were left out, naming them."""
    return ngettext(
        "Skipped {count} broken lesson file: {files}. Run 'bgtrainer validate' for details.",
        "Skipped {count} broken lesson files: {files}. Run 'bgtrainer validate' for details.",
        len(files),
    ).format(count=len(files), files=", ".join(shown(name) for name in files))


def skipped_puzzles(files: list[str]) -> str:
    """The notice that puzzle files were (in part) left out, naming them."""
    return _(
        "Puzzles that failed their checks were left out of: {files}. Run 'bgtrainer validate' for details."
    ).format(files=", ".join(shown(name) for name in files))


def window_too_small(width: int, height: int, least_width: int, least_height: int) -> str:
    """The too-small screen: how large the window must be, and how large it is."""
    return _(
        "Make the window larger.\n\nbgtrainer needs at least {least_width} x {least_height}; this one is {width} x "
        "{height}.\n\nctrl+q quits."
    ).format(width=width, height=height, least_width=least_width, least_height=least_height)


def which_route() -> str:
    """The question of the route-choice modal."""
    return _("This checker can get there in more than one way. Which?")


def only_web_links() -> str:
    """Said when a link in a lesson is not a web address."""
    return _("Only web links (http and https) open from here.")


def illegal(message: str) -> str:
    """Feedback on an attempt the rules refuse."""
    return _("Illegal: {message}").format(message=message)
