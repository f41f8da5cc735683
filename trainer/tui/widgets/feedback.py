"""The feedback bar under a task: right, wrong or for information, hidden when there is nothing to say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rich.text import Text
from textual.widgets import Static

from trainer.tui.wording import app as app_words
from trainer.tui.wording import common as common_words

if TYPE_CHECKING:
    from trainer.content.grading import Feedback

Verdict = Literal["right", "wrong", "info"]
VERDICTS: tuple[Verdict, ...] = ("right", "wrong", "info")
MARKS: dict[Verdict, str] = {"right": "✓ ", "wrong": "✗ ", "info": ""}


class FeedbackBar(Static):
    """One line (or a few) of feedback; its class (``right``, ``wrong``, ``info``) colours it.

    Text is always shown as plain text, never read as markup, and control characters as visible signs.
    """

    DEFAULT_CSS = """
    FeedbackBar {
        height: auto;
        padding: 0 1;
        display: none;
        &.right { background: $success 25%; color: $text; }
        &.wrong { background: $error 25%; color: $text; }
        &.info { background: $primary 25%; color: $text; }
    }
    """

    def show(self, message: str, verdict: Verdict, *, illegal: bool = False, lines: tuple[str, ...] = ()) -> None:
        """Show ``message`` with its verdict's mark, then ``lines`` one a line as they are; ``illegal`` says the rules
        refused the attempt."""
        self.remove_class("right", "wrong", "info")
        self.add_class(verdict)
        flat = common_words.shown(" ".join(message.split()))  # authored text may carry hard line breaks
        shown = MARKS[verdict] + (app_words.illegal(flat) if illegal else flat)
        below = ["", *(common_words.shown(line) for line in lines)] if lines else []
        self.update(Text("\n".join([shown, *below])))
        self.display = True
        self.call_after_refresh(self.scroll_visible)  # in a panel too long for the window, scroll to it

    def show_feedback(self, feedback: Feedback) -> None:
        """Show a grader's verdict."""
        verdict: Verdict = "right" if feedback.correct else "wrong"
        self.show(feedback.message, verdict, illegal=feedback.illegal, lines=feedback.lines)

    def clear(self) -> None:
        """Hide the bar."""
        self.remove_class("right", "wrong", "info")
        self.update("")
        self.display = False

    @property
    def verdict(self) -> Verdict | None:
        """What the bar shows now, if anything."""
        return next((verdict for verdict in VERDICTS if self.has_class(verdict)), None)
