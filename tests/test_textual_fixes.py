"""The work-arounds for Textual's known faults: each does its job, changes nothing else, and the app applies it."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import pytest
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style

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


def test_the_app_applies_the_fix_once(tmp_path: Path) -> None:
    """In a fresh interpreter, where nothing else has applied it: making the app applies it, and only once."""
    code = f"""
from pathlib import Path
from textual._styles_cache import StylesCache
assert hasattr(StylesCache.get_inner_outer, "cache_clear")  # Textual's own lru_cache, before the app
from trainer.tui.app import TrainerApp
from trainer.tui.textual_fixes import stop_styles_cache_leak
TrainerApp(data_dir=Path({str(tmp_path)!r})).store.close()
assert not hasattr(StylesCache.get_inner_outer, "cache_clear")
assert stop_styles_cache_leak() is False
print("applied")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["applied"]


def test_a_textual_without_the_private_module_is_left_alone_and_the_app_starts(tmp_path: Path) -> None:
    """In a fresh interpreter: Textual loaded, then its private module made unimportable before the app is."""
    code = f"""
import sys
from pathlib import Path
import textual.widget, textual.widgets._data_table  # Textual's own users of the module, loaded while it is there
styles_cache = sys.modules["textual._styles_cache"]
sys.modules["textual._styles_cache"] = None  # from now on, importing it fails
from trainer.tui.app import TrainerApp
from trainer.tui.textual_fixes import stop_styles_cache_leak
assert stop_styles_cache_leak() is False
TrainerApp(data_dir=Path({str(tmp_path)!r})).store.close()
assert hasattr(styles_cache.StylesCache.get_inner_outer, "cache_clear")  # Textual's own, untouched
print("started")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["started"]


def test_a_textual_whose_module_lost_styles_cache_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "textual._styles_cache", ModuleType("textual._styles_cache"))
    assert stop_styles_cache_leak() is False


class ChangedStylesCache:
    """A StylesCache whose cached method now takes another argument: not the method the fix knows."""

    @lru_cache(maxsize=8)  # noqa: B019
    def get_inner_outer(self, base_background: Color, background: Color, tint: Color) -> tuple[Style, Style]:
        return Style(background=background), Style(background=base_background)


class BareStylesCache:
    """A StylesCache without the method at all."""


@pytest.mark.parametrize("replacement", [ChangedStylesCache, BareStylesCache])
def test_a_textual_whose_styles_cache_changed_is_left_alone(replacement: type, monkeypatch: pytest.MonkeyPatch) -> None:
    module = ModuleType("textual._styles_cache")
    module.StylesCache = replacement  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "textual._styles_cache", module)
    before = dict(vars(replacement))
    assert stop_styles_cache_leak() is False
    assert dict(vars(replacement)) == before
