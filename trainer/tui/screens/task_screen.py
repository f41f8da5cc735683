"""The task screen: a roll played on the board, with the feedback bar, the box to type a play and the cube's
actions, shared by the lesson, puzzle, drill, Play and Explore screens."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType

from trainer.engine import Play
from trainer.i18n import N_
from trainer.tui.playing import BoardPlay, Refused, RouteChoice
from trainer.tui.screens.base import TrainerScreen
from trainer.tui.widgets.board import BoardView
from trainer.tui.widgets.cube import CubeAction, CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout, TaskPanel

SCROLL_PANEL_BINDINGS: tuple[Binding, ...] = (
    Binding("pageup", "scroll_panel(-1)", N_("Scroll up"), show=False),
    Binding("pagedown", "scroll_panel(1)", N_("Scroll"), key_display="PgUp/PgDn"),
)
"""The keys that scroll the task's panel, shown in the footer (as one) while the panel is too long for the window: a
screen that declares its own keys (``inherit_bindings=False``) adds them."""
DIGITS = "0123456789"
"""The characters that begin a typed answer (a play's first point, a number) from outside the box."""


class TaskScreen(TrainerScreen):
    """A task on the board: the shared layout, a roll played one checker at a time, feedback, a typed play.

    While the box takes an answer (:meth:`box_open`: a play, or a number), typing goes to it wherever the focus is: a
    digit pressed elsewhere starts the answer in the box (unless one of the screen's keys takes it now, such as an
    option's number), and ``/`` gives the box the focus at once, so that keys typed right after it land there too.

    A screen that allows cube actions includes a :class:`CubeActions` in its panel and sets what it allows; the
    keys ``d``, ``t``, ``p`` and ``b`` then double, take, pass and beaver (each only while allowed), and the screen
    handles the widget's :class:`CubeActions.Chosen` message.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "focus_board", N_("Board"), show=False),
        Binding("slash", "focus_notation", N_("Type a play")),
        Binding("u,backspace", "undo", N_("Undo")),
        Binding("d", "cube('double')", N_("Double")),
        Binding("t", "cube('take')", N_("Take")),
        Binding("p", "cube('pass')", N_("Pass")),
        *SCROLL_PANEL_BINDINGS,
    ]

    playing: BoardPlay | None = None
    _cube_actions: tuple[CubeActions | None] | None = None
    """The screen's cube actions or ``(None,)``, once looked up (``None`` before)."""

    def on_mount(self) -> None:
        for footer in self.query(KeysFooter):
            footer.show_command_palette = False  # room for the task's own keys; ctrl+p still opens it
        found = self.query(CubeActions)
        self._cube_actions = (found.first() if found else None,)  # composed once, they stay

    @property
    def cube_actions(self) -> CubeActions | None:
        """The screen's cube actions, if it shows them (asked for each key's availability: looked up once)."""
        if self._cube_actions is not None:
            return self._cube_actions[0]
        found = self.query(CubeActions)
        return found.first() if found else None

    @property
    def task_layout(self) -> TaskLayout:
        return self.query_one(TaskLayout)

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def feedback(self) -> FeedbackBar:
        return self.query_one(FeedbackBar)

    @property
    def notation(self) -> NotationInput:
        return self.query_one(NotationInput)

    def accepts_moves(self) -> bool:
        """Whether a roll is being played now (subclasses narrow it)."""
        return self.playing is not None

    def box_open(self) -> bool:
        """Whether the box takes an answer now: by default, a play while a roll is being played."""
        return self.accepts_moves()

    def type_in_box(self, text: str = "") -> None:
        """Give the box the focus at once (not once the keys already on their way are handled, which would go
        elsewhere), with ``text`` typed at its cursor."""
        box = self.notation
        self.set_focus(box)
        if text:
            box.insert_text_at_cursor(text)

    def on_key(self, event: events.Key) -> None:
        """Typing meant for the open box: a digit pressed outside it begins the answer in it (unless a key of the
        screen takes it), and a key the box would have typed that reaches the screen, sent on its way before the box
        had the focus (typed right after ``/``, or after a digit), is typed there."""
        character = event.character
        if character is None or not self.box_open():
            return
        boxes = self.query(NotationInput)
        box = boxes.first() if boxes else None
        if box is None or not box.display:
            return
        if self.focused is box:
            stray = box.check_consume_key(event.key, character)  # had the box had it, it would have typed it
        else:
            bound = self.active_bindings.get(event.key)
            stray = character in DIGITS and (bound is None or not bound.enabled)
        if stray:
            event.stop()
            event.prevent_default()
            self.type_in_box(character)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "focus_notation"):
            return self.accepts_moves()
        if action == "cube":
            return bool(parameters) and self.cube_allows(str(parameters[0]))
        if action == "scroll_panel":
            return any(panel.show_vertical_scrollbar for panel in self.query(TaskPanel))  # too long for the window
        return True

    def cube_allows(self, name: str) -> bool:
        """Whether this screen shows cube actions and allows the one called ``name`` now."""
        actions = self.cube_actions
        return actions is not None and name in set(CubeAction) and actions.allows(CubeAction(name))

    def action_cube(self, name: str) -> None:
        actions = self.cube_actions
        if actions is not None and self.cube_allows(name):
            actions.choose(CubeAction(name))

    def action_scroll_panel(self, direction: int) -> None:
        panel = self.query_one(TaskPanel)
        if direction < 0:
            panel.scroll_page_up()
        else:
            panel.scroll_page_down()

    def on_board_view_point_chosen(self, event: BoardView.PointChosen) -> None:
        if self.playing is None or not self.accepts_moves():
            return
        outcome = self.playing.choose(event.point)
        if isinstance(outcome, RouteChoice):
            self.ask_route(outcome)
            return
        self.notation.value = self.playing.turn.notation()
        if isinstance(outcome, Refused):  # said why: a move the rules refuse is no answer, as a typo is none
            self.feedback.show(outcome.reason, "wrong", illegal=outcome.illegal)
        else:
            self.moved(outcome)

    def moved(self, outcome: Play | None) -> None:
        """A move was made on the board: a whole play to judge, or a step of one."""
        self.feedback.clear()
        if outcome is not None and self.playing is not None:
            self.played(outcome, self.playing.turn.notation())  # as moved: a checker borne off keeps its stops

    def ask_route(self, choice: RouteChoice) -> None:
        """Ask which way the checker goes (hitting on the way or not), then make that move."""
        from trainer.tui.screens.route import RouteChoiceScreen

        def chosen(index: int | None) -> None:
            if index is None or self.playing is None:
                return
            outcome = self.playing.take(choice.routes[index])
            self.notation.value = self.playing.turn.notation()
            self.moved(outcome)

        self.app.push_screen(RouteChoiceScreen(choice.labels), chosen)

    def played(self, play: Play, written: str) -> None:
        """A whole play was made, on the board or typed as ``written``."""

    def reset_play(self) -> None:
        """Put the checkers back for another try and empty the box."""
        if self.playing is not None:
            self.playing.reset()
        self.notation.value = ""

    def action_undo(self) -> None:
        if self.playing is not None and self.accepts_moves() and self.playing.undo():
            self.notation.value = self.playing.turn.notation()
            self.feedback.clear()

    def action_focus_notation(self) -> None:
        if self.accepts_moves():
            self.type_in_box()

    def action_focus_board(self) -> None:
        self.board.focus()
