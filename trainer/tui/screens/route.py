"""Asking which way a checker goes when it can reach the chosen point by routes that end differently (hitting a
blot on the way, or not): a small modal whose answer comes back to the screen that asked."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from trainer.i18n import N_
from trainer.tui.wording import app as app_words
from trainer.tui.wording import common as common_words


class RouteChoiceScreen(ModalScreen[int | None]):
    """Which route? Its result is the index of the route chosen, or ``None`` when the learner backs out."""

    DEFAULT_CSS = """
    RouteChoiceScreen {
        align: center middle;
        & > Vertical { width: auto; max-width: 70; height: auto; padding: 1 2; border: round $primary;
                       background: $surface; }
        & OptionList { height: auto; width: auto; min-width: 30; }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_none", N_("Cancel")),
        *(Binding(str(number), f"pick({number - 1})", show=False) for number in range(1, 10)),
    ]

    def __init__(self, labels: tuple[str, ...]) -> None:
        super().__init__()
        self.labels = labels

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(app_words.which_route(), markup=False)
            yield OptionList(
                *(
                    Option(Text(common_words.numbered(number, label)), id=str(index))
                    for index, (number, label) in enumerate(enumerate(self.labels, start=1))
                )
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.labels):
            self.dismiss(index)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
