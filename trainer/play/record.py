"""A session as a compact record: its settings, every action in order, and the tutor's verdicts, as JSON text.

A record rebuilds its session exactly by replaying the actions through the engine
(:class:`~trainer.play.table.Table`): no evaluation is needed, the computer's choices are in it. Example::

    {"format": "bgtrainer-session", "version": 1, "id": "5f0c2a9e41d7",
     "settings": {"match_length": 3, "level": "intermediate", "tutor": true, "jacoby": false,
                  "beavers": false, "seed": 2718281},
     "actions": ["open 52", "play 13/11 13/8", "roll 6-4", "play 24/18 13/9", "double", "take", ...],
     "verdicts": [[3, "play", "24/18 13/9", 0.012, "24/14", 0.041, "1-ply", 1], ...]}

A verdict is ``[action index, decision, chosen, chosen equity, best, best equity, source, counts]`` for the
learner's decision at that action (see :mod:`trainer.play.tutor`).
"""

from __future__ import annotations

import json
import re
import reprlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar, get_args

from trainer.analysis import DEFAULT_LEVEL, LEVELS
from trainer.engine import MoneyOptions
from trainer.engine.wording import QUOTE_LIMIT, quoted
from trainer.play import wording
from trainer.play.table import ReplayError, check_action
from trainer.play.tutor import Decision

RECORD_FORMAT: Final = "bgtrainer-session"
RECORD_VERSION: Final = 1
MATCH_LENGTHS: Final = (0, 1, 3, 5, 7)
"""0 is a money game; otherwise the points a side needs to win the match."""
DECISIONS: Final = get_args(Decision)
RECORD_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a record's id may be (:func:`new_id` makes 12 hexadecimal digits)."""
MAX_ACTION = 120
"""The most characters an action may have (the longest play, four moves with hits from the bar, is about 40)."""
_T = TypeVar("_T")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


def shown(value: object) -> str:
    """``value`` as an error message quotes it: text cut to about 80 characters (see
    :func:`~trainer.engine.wording.quoted`), anything else abridged (long or deeply nested lists elided)."""
    if isinstance(value, str):
        return quoted(value)
    text = _ABRIDGED.repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


_ABRIDGED = reprlib.Repr()
_ABRIDGED.maxlevel, _ABRIDGED.maxstring, _ABRIDGED.maxlong, _ABRIDGED.maxother = 3, 40, 40, 40


def read_json_record(text: str, what: str, read: Callable[[Any], _T]) -> _T:
    """``read(document)`` for the JSON ``text`` of a record; whatever damage the text holds (not JSON, nested
    thousands deep, numbers of thousands of digits, values of the wrong kind) ends in a :class:`RecordError`.

    :raises RecordError: saying what is wrong with ``what`` (e.g. "a session record").
    """
    try:
        return read(json.loads(text))
    except RecordError:
        raise
    except json.JSONDecodeError as error:
        raise RecordError(wording.record_not_json(what, error)) from None
    except RecursionError:
        raise RecordError(wording.record_nested_too_deeply(what)) from None
    except (ValueError, TypeError, OverflowError) as error:  # e.g. a number of thousands of digits
        reason = " ".join(str(error).split())
        raise RecordError(wording.record_unreadable(what, reason[:QUOTE_LIMIT] or type(error).__name__)) from None


def check_record_id(record_id: object, what: str) -> str:
    """A record's id, checked.

    :raises RecordError: if it is not 1 to 64 letters, digits, ``-`` or ``_``.
    """
    if not isinstance(record_id, str) or not RECORD_ID.fullmatch(record_id):
        raise RecordError(wording.record_needs_id(what, shown(record_id)))
    return record_id


def check_actions(actions: object, what: str) -> tuple[str, ...]:
    """A record's actions, checked for form.

    :raises RecordError: if they are not a list of well-formed actions of at most :data:`MAX_ACTION` characters
        (saying which is not, and why).
    """
    if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
        raise RecordError(wording.record_actions_not_texts(what))
    for number, action in enumerate(actions, start=1):
        if len(action) > MAX_ACTION:
            raise RecordError(wording.action_too_long(number, shown(action), MAX_ACTION))
        try:
            check_action(action)
        except ReplayError as error:
            raise RecordError(wording.action_problem(number, error)) from None
    return tuple(actions)


def check_types(raw: dict[str, Any], expected: dict[str, type]) -> None:
    """Check that each setting in ``expected`` is in ``raw`` with its type (a ``bool`` is not an ``int``).

    :raises RecordError: naming the first that is not.
    """
    for name, kind in expected.items():
        value = raw.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RecordError(wording.setting_type(name, kind.__name__, shown(value)))


@dataclass(frozen=True, slots=True)
class Settings:
    """How a session is played: a money game (``match_length`` 0, with the Jacoby rule and beavers if asked) or a
    match of 1, 3, 5 or 7 points, the computer's level, whether the tutor speaks, and the dice seed.

    :raises RecordError: for a match length, level or option that cannot be.
    """

    match_length: int = 0
    level: str = DEFAULT_LEVEL
    tutor: bool = True
    jacoby: bool = False
    beavers: bool = False
    seed: int = 0

    def __post_init__(self) -> None:
        if self.match_length not in MATCH_LENGTHS or isinstance(self.match_length, bool):
            raise RecordError(wording.bad_match_length(shown(self.match_length), money=True))
        if self.level not in LEVELS:
            raise RecordError(wording.unknown_level(shown(self.level), list(LEVELS)))
        if self.match_length and (self.jacoby or self.beavers):
            raise RecordError(wording.money_options_in_a_match())
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**63:
            raise RecordError(wording.bad_seed(shown(self.seed)))

    @property
    def options(self) -> MoneyOptions:
        """The money-play options in force."""
        return MoneyOptions(jacoby=self.jacoby, beavers=self.beavers)


@dataclass(frozen=True, slots=True)
class StoredVerdict:
    """A verdict's figures, as the record keeps them (the plays themselves are found again on replay)."""

    index: int
    decision: Decision
    chosen: str
    chosen_equity: float
    best: str
    best_equity: float
    source: str
    counts: bool = True

    def as_list(self) -> list[Any]:
        return [
            self.index,
            self.decision,
            self.chosen,
            self.chosen_equity,
            self.best,
            self.best_equity,
            self.source,
            int(self.counts),
        ]


def new_id() -> str:
    """A new session id: 12 hexadecimal digits."""
    return secrets.token_hex(6)


def new_seed() -> int:
    """A new dice seed."""
    return secrets.randbits(48)


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """Everything needed to rebuild a session: ``id``, ``settings``, the ``actions`` in order and the tutor's
    ``verdicts``."""

    id: str
    settings: Settings
    actions: tuple[str, ...] = ()
    verdicts: tuple[StoredVerdict, ...] = field(default=())

    def to_json(self) -> str:
        """The record as one line of JSON."""
        settings = self.settings
        document = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "id": self.id,
            "settings": {
                "match_length": settings.match_length,
                "level": settings.level,
                "tutor": settings.tutor,
                "jacoby": settings.jacoby,
                "beavers": settings.beavers,
                "seed": settings.seed,
            },
            "actions": list(self.actions),
            "verdicts": [verdict.as_list() for verdict in self.verdicts],
        }
        return json.dumps(document, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> SessionRecord:
        """Read a record written by :meth:`to_json` (the actions are checked for form, not yet replayed).

        :raises RecordError: saying what is wrong, whatever the text (a message quoting at most a short part of it).
        """
        return read_json_record(text, wording.a_session_record(), cls._from_document)

    @classmethod
    def _from_document(cls, document: Any) -> SessionRecord:
        if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
            raise RecordError(wording.not_a_session_record(RECORD_FORMAT))
        version = document.get("version")
        if version != RECORD_VERSION:
            raise RecordError(wording.session_record_version(shown(version), RECORD_VERSION))
        record_id = check_record_id(document.get("id"), wording.a_session_record())
        raw = document.get("settings")
        if not isinstance(raw, dict):
            raise RecordError(wording.record_needs_settings(wording.a_session_record()))
        expected = {"match_length": int, "level": str, "tutor": bool, "jacoby": bool, "beavers": bool, "seed": int}
        check_types(raw, expected)
        settings = Settings(**{name: raw[name] for name in expected})
        actions = check_actions(document.get("actions"), wording.a_session_record())
        verdicts = document.get("verdicts", [])
        if not isinstance(verdicts, list):
            raise RecordError(wording.verdicts_not_a_list())
        return cls(record_id, settings, actions, tuple(_verdict(item, len(actions)) for item in verdicts))


def _verdict(item: object, action_count: int) -> StoredVerdict:
    if (
        not isinstance(item, list)
        or len(item) != 8
        or not isinstance(item[0], int)
        or not 0 <= item[0] < action_count
        or item[1] not in DECISIONS
        or not isinstance(item[2], str)
        or not _is_equity(item[3])
        or not isinstance(item[4], str)
        or not _is_equity(item[5])
        or not isinstance(item[6], str)
        or item[7] not in (0, 1)
    ):
        raise RecordError(wording.bad_verdict(shown(item)))
    return StoredVerdict(item[0], item[1], item[2], float(item[3]), item[4], float(item[5]), item[6], bool(item[7]))


def _is_equity(value: object) -> bool:
    """Whether ``value`` can be an equity: a number of a sane size (not infinite, not NaN: at most a few points)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= 1e6
