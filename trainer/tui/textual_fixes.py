"""Work-arounds for known faults of Textual, each naming its upstream issue (if any) and stepping in only while the
fault is there (a Textual that fixed it is left as it is, and so is one whose private parts the fix relies on have
moved)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import lru_cache, partial, wraps
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.color import Color
    from textual.style import Style

STYLE_PAIRS_KEPT = 1024
"""How many background pairs' styles are kept (Textual's own bound)."""

_COLOUR_PARAMETERS = ("base_background", "background")
"""The parameters of the leaking method the fix replaces, after its first (the instance, which it does not read):
another shape is another method, left alone."""


def stop_styles_cache_leak() -> bool:
    """Textual's ``StylesCache.get_inner_outer`` is a method cached with ``functools.lru_cache``, so the cache keeps
    the last 1,024 ``StylesCache`` objects alive, each with every line its widget last drew, after the widget is
    gone (Textualize/textual#6665). A long session's memory then grows, and each full garbage collection walks
    those lines, a pause of a few tenths of a second. Here the styles are cached by the two colours alone, as
    the method means to. Returns whether the fix was applied now.

    ``StylesCache`` lives in a private module of Textual: a Textual that moved or removed it, or changed the
    method, is left as it is (the app runs, with the fault if it is still there)."""
    try:
        from textual._styles_cache import StylesCache
    except ImportError:
        return False
    leaking = getattr(StylesCache, "__dict__", {}).get("get_inner_outer")
    method: Callable[[object, Color, Color], tuple[Style, Style]] | None = getattr(leaking, "__wrapped__", None)
    if method is None or not hasattr(leaking, "cache_clear"):
        return False  # already fixed, here or upstream
    try:
        parameters = tuple(inspect.signature(method).parameters)
    except (TypeError, ValueError):
        return False
    if parameters[1:] != _COLOUR_PARAMETERS:
        return False
    # The method reads neither ``self`` nor its class: its result depends on the two colours only.
    by_colours = lru_cache(STYLE_PAIRS_KEPT)(partial(method, None))

    def get_inner_outer(self: object, base_background: Color, background: Color) -> tuple[Style, Style]:
        return by_colours(base_background, background)

    get_inner_outer.__doc__ = leaking.__doc__
    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[method-assign,assignment]
    return True


_PAGE_MOVE_PARAMETERS = ("self", "direction")
"""The parameters of the page move the guard wraps: another shape is another method, left alone."""


def guard_option_list_paging() -> bool:
    """Textual's ``OptionList._move_page`` (pageup and pagedown) reads the line of the highlighted option from a
    table it fills only while the list has room on screen. Options given to a list that has none yet (the command
    palette's list refilled after a search that matched nothing, before the next layout) are highlighted with no
    line, and a page key then ends the app with ``KeyError`` (seen in Textual 8.2.8, not reported upstream). Here a
    page move waits until the highlighted option has its line: until then the key does nothing, as it would with
    nothing to move to. Returns whether the guard was put in place now.

    A Textual whose ``OptionList`` has no such method, or no such table, is left as it is."""
    from textual.widgets import OptionList

    move_page: Callable[[OptionList, int], None] | None = vars(OptionList).get("_move_page")
    if move_page is None or getattr(move_page, "__wrapped__", None) is not None:
        return False  # gone upstream, or already guarded
    if not isinstance(vars(OptionList).get("_index_to_line"), property):
        return False
    try:
        parameters = tuple(inspect.signature(move_page).parameters)
    except (TypeError, ValueError):
        return False
    if parameters != _PAGE_MOVE_PARAMETERS:
        return False

    @wraps(move_page)
    def guarded_move_page(self: OptionList, direction: int) -> None:
        if self.option_count and (self.highlighted or 0) not in self._index_to_line:
            return  # the highlighted option has no line yet: no page to move by
        move_page(self, direction)

    OptionList._move_page = guarded_move_page  # type: ignore[method-assign]
    return True
