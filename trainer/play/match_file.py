"""Reading a match to analyse or review: a match file from disk (:func:`read_match_file`: GNU Backgammon's .mat or
.sgf, eXtreme Gammon's .xg, told apart by their content), or a game played here from its stored record
(:func:`game_match`). The command line analyses it; the app reviews it."""

from __future__ import annotations

from pathlib import Path
from typing import Final, Protocol

from trainer.engine import EngineError
from trainer.play import wording
from trainer.play.matfile import MatMatch, MatParseError, export_mat, parse_mat
from trainer.play.sgffile import looks_like_sgf, parse_sgf
from trainer.shared.regular_files import NotRegularFileError, read_regular_file

MAX_MATCH_BYTES = 4_000_000
"""The largest match file read (a long money session is a few hundred kilobytes; an .sgf with its analysis a few
times that)."""
MATCH_FILE_SUFFIXES: Final = (".mat", ".sgf", ".xg", ".txt")
"""The names of the match files read (a .mat file is often saved as .txt)."""
XG_MAGIC: Final = b"RGMH"
"""How a .xg file starts."""


class RecordedGame(Protocol):
    """A game played here as the store keeps it (its :class:`~trainer.store.StoredGame`)."""

    @property
    def id(self) -> str: ...
    @property
    def number(self) -> int: ...
    @property
    def record(self) -> str: ...


def read_match_file(path: Path) -> MatMatch:
    """The match in the match file at ``path``: a .xg file (by its first bytes), an .sgf file (by its first
    characters, or its name), else a .mat file.

    :raises EngineError: in one line naming the file, for a file that cannot be read, is not text (nor a .xg file),
        is not a match file of its kind, or was cut short (naming the line or the game).
    """
    try:
        data = read_regular_file(path, MAX_MATCH_BYTES)
    except NotRegularFileError as error:
        raise EngineError(wording.cannot_read_match_file(path, str(error))) from None
    except OSError as error:
        raise EngineError(wording.cannot_read_match_file(path, str(error.strerror or error))) from None
    if len(data) > MAX_MATCH_BYTES:
        raise EngineError(wording.match_file_too_large(path, MAX_MATCH_BYTES))
    if data.startswith(XG_MAGIC) or path.suffix.lower() == ".xg":
        return _read_xg(path, data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("latin-1")  # older files name players in Latin-1
        except UnicodeDecodeError:  # pragma: no cover - every byte is Latin-1
            raise EngineError(wording.match_file_not_text(path)) from None
    if "\x00" in text:
        raise EngineError(wording.match_file_not_text(path))
    if looks_like_sgf(text) or path.suffix.lower() == ".sgf":
        try:
            match = parse_sgf(text)
        except MatParseError as error:
            raise EngineError(wording.match_file_problem(path, str(error))) from None
        if not match.games:  # pragma: no cover - parse_sgf refuses a file with no game
            raise EngineError(wording.no_games_in_file(path))
        return match
    try:
        match = parse_mat(text)
    except MatParseError as error:
        raise EngineError(wording.match_file_problem(path, str(error))) from None
    if not match.games:
        raise EngineError(wording.no_games_in_file(path))
    if not text.endswith("\n") and match.games[-1].winner is None:
        lines = text.splitlines()  # the last game stops in the middle of a line: the file was cut short
        raise EngineError(wording.match_file_problem(path, wording.cut_short(len(lines), lines[-1].strip())))
    return match


def _read_xg(path: Path, data: bytes) -> MatMatch:
    """The match of a .xg file's bytes.

    :raises EngineError: in one line naming the file, for what bgsage's reader refuses or cannot give.
    """
    from trainer.analysis import XgFileError, read_xg
    from trainer.play.xgfile import xg_match

    try:
        match = xg_match(read_xg(data))
    except (XgFileError, MatParseError) as error:
        raise EngineError(wording.match_file_problem(path, str(error))) from None
    if not match.games:
        raise EngineError(wording.no_games_in_file(path))
    return match


def game_match(game: RecordedGame, *, learner_name: str = "Learner", computer_name: str = "bgtrainer") -> MatMatch:
    """A game played here as a match, its players named ``learner_name`` and ``computer_name`` (as
    :func:`~trainer.play.matfile.export_mat` names them).

    :raises EngineError: if its record cannot be read.
    """
    from trainer.play import RecordError, SessionRecord

    try:
        record = SessionRecord.from_json(game.record)
        return parse_mat(export_mat(record, learner_name=learner_name, computer_name=computer_name))
    except (RecordError, MatParseError) as error:
        raise EngineError(wording.cannot_export(game.number, game.id, error)) from None
