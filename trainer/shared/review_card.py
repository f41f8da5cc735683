"""The review card's fields: what the store keeps of a card and the practice layer schedules (standard library only,
below both layers)."""

from __future__ import annotations

from typing import Protocol


class CardRecord(Protocol):
    """A review card as stored: FSRS's state as plain values, times in seconds since the epoch (the store's
    :class:`~trainer.store.ReviewCard` and the practice layer's :class:`~trainer.practice.schedule.Card` have these
    fields)."""

    @property
    def item_id(self) -> str: ...
    @property
    def state(self) -> int: ...
    @property
    def step(self) -> int | None: ...
    @property
    def stability(self) -> float | None: ...
    @property
    def difficulty(self) -> float | None: ...
    @property
    def due(self) -> float: ...
    @property
    def last_review(self) -> float | None: ...
    @property
    def reps(self) -> int: ...
    @property
    def lapses(self) -> int: ...
