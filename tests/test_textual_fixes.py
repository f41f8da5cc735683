"""The work-arounds for Textual's known faults: each does its job, changes nothing else, and the app applies it."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style

from trainer.tui.app import TrainerApp
from trainer.tui.textual_fixes import stop_styles_cache_leak


def test_a_widget_s_styles_cache_is_freed_with_it_and_the_background_styles_are_textual_s_own() -> None:
    stop_styles_cache_leak()
    base, background = Color(10, 20, 30), Color(200, 100, 0, 0.5)
    cache = StylesCache()
    gone = weakref.ref(cache)
    inner, outer = cache.get_inner_outer(base, background)
    assert (inner, outer) == (Style(background=base + background), Style(background=base))
    assert StylesCache().get_inner_outer(base, background)[0] is inner  # still cached, by the colours
    del cache
    gc.collect()
    assert gone() is None, "the styles cache outlived its last use"


def test_the_fix_is_applied_once_by_the_app(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    app.store.close()
    assert not hasattr(StylesCache.get_inner_outer, "cache_clear")
    assert stop_styles_cache_leak() is False
