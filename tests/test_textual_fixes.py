"""The work-arounds for Textual's known faults: each does its job, changes nothing else, and the app applies it."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import pytest
from pilot_support import settle, started, type_text
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.command import CommandList, CommandPalette
from textual.style import Style
from textual.widgets import OptionList

from trainer.tui.app import TrainerApp
from trainer.tui.textual_fixes import guard_option_list_paging, stop_styles_cache_leak


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


def test_the_app_applies_the_fixes_once(tmp_path: Path) -> None:
    """In a fresh interpreter, where nothing else has applied them: making the app applies the fixes, and only once."""
    code = f"""
from pathlib import Path
from textual._styles_cache import StylesCache
assert hasattr(StylesCache.get_inner_outer, "cache_clear")  # Textual's own lru_cache, before the app
from trainer.tui.app import TrainerApp
from trainer.tui.textual_fixes import stop_styles_cache_leak
TrainerApp(data_dir=Path({str(tmp_path)!r})).store.close()
assert not hasattr(StylesCache.get_inner_outer, "cache_clear")
assert stop_styles_cache_leak() is False
from textual.widgets import OptionList
from trainer.tui.textual_fixes import guard_option_list_paging
assert hasattr(OptionList._move_page, "__wrapped__") and guard_option_list_paging() is False
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


async def test_page_keys_in_the_command_palette_s_empty_list_leave_the_app_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search that matches nothing leaves the palette's list empty, laid out with no room for a line; the next
    search's results come into it highlighted before the next layout, and a page key then found no line for the
    highlighted option (KeyError: 0 in Textual's OptionList._move_page, which ended the app)."""
    monkeypatch.setattr(CommandPalette, "_NO_MATCHES_COUNTDOWN", 3600.0)  # keep the list empty, no "No matches" line
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        commands = app.screen.query_one(CommandList)
        await type_text(pilot, "zqxzqx")
        await settle(pilot, lambda: commands.option_count == 0 and not commands.scrollable_content_region)
        for key in ("pagedown", "pageup", "end", "home"):
            await pilot.press(key)
            assert app.is_running, key
        for key in ("pagedown", "pageup"):
            commands.clear_options().add_options(["Quit", "Help"])  # as the palette shows a search's results
            commands.highlighted = 0
            assert 0 not in commands._index_to_line  # no room yet: the highlighted option has no line
            await pilot.press(key)
            assert app.is_running and isinstance(app.screen, CommandPalette), key
        await pilot.press("escape")
        await settle(pilot, lambda: not isinstance(app.screen, CommandPalette))
        assert app.is_running and app.return_code is None


def test_the_page_guard_is_put_in_place_once() -> None:
    guard_option_list_paging()
    guarded = OptionList._move_page
    assert getattr(guarded, "__wrapped__", None) is not None
    assert guard_option_list_paging() is False
    assert OptionList._move_page is guarded


class ChangedOptionList:
    """An OptionList whose page move now takes another argument: not the method the guard knows."""

    @property
    def _index_to_line(self) -> dict[int, int]:
        return {}

    def _move_page(self, direction: int, lines: int) -> None:
        """Textual's own."""


class OptionListWithoutLines:
    """An OptionList whose page move no longer reads the table of lines."""

    def _move_page(self, direction: int) -> None:
        """Textual's own."""


class BareOptionList:
    """An OptionList without the page move at all."""


CHANGED_TEXTUALS = [
    ("textual._styles_cache", "StylesCache", ChangedStylesCache, stop_styles_cache_leak),
    ("textual._styles_cache", "StylesCache", BareStylesCache, stop_styles_cache_leak),
    ("textual.widgets", "OptionList", ChangedOptionList, guard_option_list_paging),
    ("textual.widgets", "OptionList", OptionListWithoutLines, guard_option_list_paging),
    ("textual.widgets", "OptionList", BareOptionList, guard_option_list_paging),
]


@pytest.mark.parametrize(
    ("module_name", "class_name", "replacement", "fix"),
    CHANGED_TEXTUALS,
    ids=[replacement.__name__ for _, _, replacement, _ in CHANGED_TEXTUALS],
)
def test_a_textual_whose_class_changed_is_left_alone(
    module_name: str, class_name: str, replacement: type, fix: Callable[[], bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = ModuleType(module_name)
    setattr(module, class_name, replacement)
    monkeypatch.setitem(sys.modules, module_name, module)
    before = dict(vars(replacement))
    assert fix() is False
    assert dict(vars(replacement)) == before
