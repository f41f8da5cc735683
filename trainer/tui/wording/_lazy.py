"""The play layer's wording, imported when one of its names is first read (it brings the game's values,
which the home screen's first frame does without)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__all__ = ["play_wording"]


class _ModuleOnFirstUse:
    """A module imported when one of its names is first read (the play layer's wording brings the game's values,
    which the home screen's first frame does without)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> object:
        return getattr(importlib.import_module(self._name), attribute)


if TYPE_CHECKING:
    from trainer.play import wording as play_wording
else:
    play_wording = _ModuleOnFirstUse("trainer.play.wording")
