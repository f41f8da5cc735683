"""Writes kept for later: when the progress file can't take a session's last writes (another program holds it
locked past the wait on closing), they are written to a file of their own next to it, private to the user, and
the next start commits them to the progress file, once (the commit marks them done in the same transaction).

A kept file is JSON, named ``progress.sqlite3.kept-<nanoseconds>-<random>.json`` so that kept files sort in the
order they were written::

    {"format": "bgtrainer-kept-writes", "version": 1, "layout": 9,
     "transactions": [[["INSERT INTO lesson_step (...) VALUES (?, ?, ?, ?)", ["board", 3, 1, 1700000000.0]]]]}

``layout`` is the layout of the progress file the statements were made for
(:data:`~trainer.store.migrations.LATEST_VERSION`).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from pathlib import Path
from typing import Any, Final

from trainer.shared.regular_files import NotRegularFileError, read_regular_file
from trainer.store import wording

KEPT_FORMAT: Final = "bgtrainer-kept-writes"
KEPT_VERSION: Final = 1
MAX_KEPT_BYTES: Final = 50_000_000
"""The most a kept file may hold (a session's writes are a few kilobytes)."""
_STATEMENT = re.compile(r"\s*(INSERT|UPDATE|DELETE)\s", re.IGNORECASE)

Statement = tuple[str, tuple[object, ...]]
Transaction = tuple[Statement, ...]


class KeptWritesError(Exception):
    """A kept file that can't be read, or that holds what the store never writes."""


def kept_files(database: Path) -> list[Path]:
    """The kept files next to the progress file at ``database``, oldest first (none if the folder can't be read)."""
    prefix = f"{database.name}.kept-"
    try:
        return sorted(
            path for path in database.parent.iterdir() if path.name.startswith(prefix) and path.name.endswith(".json")
        )
    except OSError:
        return []


def write_kept(database: Path, transactions: list[Transaction], layout: int) -> Path:
    """Write ``transactions`` to a new kept file next to ``database`` (mode 0600, on disk before this returns); its
    path.

    :raises OSError: if it can't be written (nothing is left behind then).
    """
    document = {
        "format": KEPT_FORMAT,
        "version": KEPT_VERSION,
        "layout": layout,
        "transactions": [[[sql, list(parameters)] for sql, parameters in statements] for statements in transactions],
    }
    data = json.dumps(document, separators=(",", ":")).encode("utf-8")
    name = f"{database.name}.kept-{time.time_ns():020d}-{secrets.token_hex(4)}.json"
    final = database.with_name(name)
    partial = database.with_name(f".{name}.partial")  # never listed as a kept file until it is whole
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.fchmod(descriptor, 0o600)  # whatever the umask
        with os.fdopen(descriptor, "wb", closefd=False) as handle:
            handle.write(data)
            handle.flush()
            os.fsync(descriptor)
        os.close(descriptor)
        descriptor = -1
        partial.rename(final)
        _sync_folder(final.parent)
    except BaseException:
        if descriptor >= 0:
            os.close(descriptor)
        partial.unlink(missing_ok=True)
        raise
    return final


def read_kept(path: Path) -> tuple[int, list[Transaction]]:
    """The layout and transactions of a kept file.

    :raises KeptWritesError: if it can't be read, isn't a kept file, or holds a statement the store never writes.
    """
    try:
        data = read_regular_file(path, MAX_KEPT_BYTES)
    except NotRegularFileError:
        raise KeptWritesError(wording.kept_not_a_file()) from None
    except OSError as error:
        raise KeptWritesError(wording.kept_unreadable(error)) from None
    if len(data) > MAX_KEPT_BYTES:
        raise KeptWritesError(wording.kept_too_large())
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        raise KeptWritesError(wording.kept_not_json()) from None
    if not isinstance(document, dict) or document.get("format") != KEPT_FORMAT:
        raise KeptWritesError(wording.kept_not_kept_writes())
    if document.get("version") != KEPT_VERSION or not _is_count(document.get("layout")):
        raise KeptWritesError(wording.kept_by_another_bgtrainer())
    transactions = document.get("transactions")
    if not isinstance(transactions, list):
        raise KeptWritesError(wording.kept_without_transactions())
    return document["layout"], [_transaction(item) for item in transactions]


def _transaction(item: Any) -> Transaction:
    if not isinstance(item, list):
        raise KeptWritesError(wording.kept_transaction_not_a_list())
    statements = []
    for statement in item:
        if not (isinstance(statement, list) and len(statement) == 2 and isinstance(statement[0], str)):
            raise KeptWritesError(wording.kept_statement_malformed())
        sql, parameters = statement
        if not _STATEMENT.match(sql) or not isinstance(parameters, list):
            raise KeptWritesError(wording.kept_statement_unknown())
        if not all(value is None or isinstance(value, str | int | float) for value in parameters):
            raise KeptWritesError(wording.kept_parameters_malformed())
        statements.append((sql, tuple(parameters)))
    return tuple(statements)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10_000


def _sync_folder(folder: Path) -> None:
    """Make a new name in ``folder`` durable (where the system allows opening a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
