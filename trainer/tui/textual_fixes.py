"""Work-arounds for known faults of Textual, each naming its upstream issue and stepping in only while the fault is
there (a Textual that fixed it is left as it is)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style

STYLE_PAIRS_KEPT = 1024
"""How many background pairs' styles are kept (Textual's own bound)."""


def stop_styles_cache_leak() -> bool:
    """Textual's ``StylesCache.get_inner_outer`` is a method cached with ``functools.lru_cache``, so the cache keeps
    the last 1,024 ``StylesCache`` objects alive, each with every line its widget last drew, after the widget is
    gone (Textualize/textual#6665). A long session's memory then grows, and each full garbage collection walks
    those lines, a pause of a few tenths of a second. Here the styles are cached by the two colours alone, as
    the method means to. Returns whether the fix was applied now."""
    leaking = StylesCache.__dict__.get("get_inner_outer")
    method: Callable[[object, Color, Color], tuple[Style, Style]] | None = getattr(leaking, "__wrapped__", None)
    if method is None or not hasattr(leaking, "cache_clear"):
        return False  # already fixed, here or upstream
    # The method reads neither ``self`` nor its class: its result depends on the two colours only.
    by_colours = lru_cache(STYLE_PAIRS_KEPT)(partial(method, None))

    def get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
        return by_colours(base_background, background)

    get_inner_outer.__doc__ = leaking.__doc__
    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[method-assign,assignment]
    return True
