"""GNU Backgammon's .mat match files (the plain-text match format GNU Backgammon and eXtreme Gammon import):
writing a session as one, and reading one back.

The layout, as GNU Backgammon writes and reads it::

    ; [Site "bgtrainer"]

     3 point match

     Game 1
     bgtrainer : 0                  Learner : 0
      1)                             52: 13/11 13/8
      2) 64: 24/18 13/9              Doubles => 2
      3)  Takes                      31: 8/5 6/5
      ...
                                      Wins 2 points

- optional comment lines starting with ``;`` or ``#`` (``[Site "..."]``, ``[Event "..."]``...) come first;
- ``N point match`` (0 for money play), then each game: `` Game n``, the two players' names and scores before the
  game (player 0 on the left, player 1 on the right), and numbered lines of two columns, one action each: player
  0's from the 6th character, player 1's from the 34th;
- an action is a roll and its play, ``65: 24/18 13/8`` (each checker move by one die, in the mover's own
  numbering: 25 is the bar, 0 off; ``*`` marks a hit; nothing after the colon when the roll can't be played), or
  `` Doubles => 2``, `` Takes``, `` Drops``, `` Beavers => 4``; the winner's ``Wins N point(s)`` ends a game (on a
  line of its own, or after a pass in the other column).

Here player 0 is the computer (O) and player 1 the learner (X).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, TypeAlias

from trainer.engine import Side
from trainer.engine.wording import QUOTE_LIMIT, quoted
from trainer.play import wording
from trainer.play.record import RecordError, SessionRecord
from trainer.play.table import Beavered, Doubled, Event, Passed, Played, ReplayError, Table, Took

PLAYER_OF: Final = {Side.O: 0, Side.X: 1}
RIGHT_COLUMN: Final = 33
"""Where player 1's column starts (0-based); player 0's starts at 5, after ``nnn) ``."""
LEFT_WIDTH: Final = 27
MAT_EVENT: Final = '; [Event "{kind} against the computer ({level})"]'
"""The file's header line naming the game; a .mat file's words are GNU Backgammon's, in English."""
MAT_MONEY_GAME: Final = "money game"
MAT_MATCH: Final = "{length}-point match"
MAT_MATCH_LINE: Final = " {length} point match"
MAT_WINS: Final = "Wins {count} {unit}"
MAT_WINS_MATCH: Final = "Wins {count} {unit} and the match"
MAT_POINT, MAT_POINTS = "point", "points"
MAX_NAME: Final = 40
"""A player's name: at most this many characters (printable, no colon when written; longer is refused when read)."""
MAX_GAMES: Final = 1000
"""The most games a .mat file read may hold (a long money session is a few hundred; each takes seconds to analyse)."""
MAX_GAME_NUMBER: Final = 999_999
"""The largest game number read (GNU Backgammon numbers a file's games from 1; an excerpt may start later)."""
MAX_MAT_CUBE: Final = 4096
"""The largest cube value read, GNU Backgammon's own limit (``MAX_CUBE``, 2 to the 12th); the replay stops past the
rules engine's (64)."""


class MatParseError(ValueError):
    """A .mat file that cannot be read; the message names the line."""


@dataclass(frozen=True, slots=True)
class MatActionBase:
    """What every action of a game in a .mat file has: the ``player`` who took it, 0 (left) or 1 (right). Each kind
    of action is a subclass (see :data:`MatAction`)."""

    player: int


@dataclass(frozen=True, slots=True)
class MatMove(MatActionBase):
    """A roll and its play: the ``dice`` (as written) and ``moves`` (``(from, to, hit)`` in the mover's numbering,
    25 the bar, 0 off; empty when the roll could not be played)."""

    dice: tuple[int, int]
    moves: tuple[tuple[int, int, bool], ...]


@dataclass(frozen=True, slots=True)
class MatDouble(MatActionBase):
    """A double, offering the ``cube`` value written."""

    cube: int


@dataclass(frozen=True, slots=True)
class MatBeaver(MatActionBase):
    """A beaver (or a raccoon), offering the ``cube`` value written."""

    cube: int


@dataclass(frozen=True, slots=True)
class MatTake(MatActionBase):
    """The double (or the beaver of one's own double) taken."""


@dataclass(frozen=True, slots=True)
class MatDrop(MatActionBase):
    """The double (or the beaver of one's own double) dropped: the game is over."""


MatAction: TypeAlias = MatMove | MatDouble | MatBeaver | MatTake | MatDrop
"""One action of a game in a .mat file: one class for each kind of action."""


@dataclass(frozen=True, slots=True)
class MatGame:
    """One game: its number, the players' ``names`` and ``scores`` before it (left, right), its actions, and the
    winner (0 or 1) with the points won, once finished."""

    number: int
    names: tuple[str, str]
    scores: tuple[int, int]
    actions: tuple[MatAction, ...]
    winner: int | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class MoveFigures:
    """A file's own analysis of a checker play: the equity of the play made and of the best one (per unit of the
    cube, GNU Backgammon's scale: money equity, or EMG in a match), and the best play's moves (``(from, to)`` in
    the mover's numbering, 25 the bar, 0 off)."""

    played: float
    best: float
    best_moves: tuple[tuple[int, int], ...]
    luck: float | None = None


@dataclass(frozen=True, slots=True)
class CubeFigures:
    """A file's own analysis of a cube decision, the doubler's cubeful figures before the double: no double and
    double/take, as money equity per unit of the cube, or in a match as match winning chances
    (``match_winning_chances``) that the replay turns into EMG with the cube and the score it knows."""

    no_double: float
    double_take: float
    match_winning_chances: bool = False


@dataclass(frozen=True, slots=True)
class FileAnalysis:
    """The analysis a file already carries for one decision: the action ``number`` of game ``game`` (as in
    :class:`MatGame`), ``before_roll`` for the cube decision taken before that action's roll, the ``level`` as the
    analysing program names it (``0-ply``, ``rollout``), and the figures."""

    game: int
    number: int
    before_roll: bool
    level: str
    move: MoveFigures | None = None
    cube: CubeFigures | None = None


@dataclass(frozen=True, slots=True)
class MatMatch:
    """A match file: the match length (0 for money play), its games and its comment lines; the rules when the file
    says them (GNU Backgammon's .sgf does; a .mat file does not: the Crawford rule, the cube in use, no Jacoby
    rule); and the analysis the file carries, if any."""

    length: int
    games: tuple[MatGame, ...]
    comments: tuple[str, ...] = ()
    crawford_rule: bool = True
    cube_used: bool = True
    jacoby: bool = False
    file_analysis: tuple[FileAnalysis, ...] = ()
    analysed_by: str = ""
    """The program whose analysis ``file_analysis`` holds (``GNU Backgammon``), empty when there is none."""


# --- writing ------------------------------------------------------------------------------------------------------


def _move_text(event: Played) -> str:
    moves = " ".join(f"{move.start}/{move.end}{'*' if move.hit else ''}" for move in event.play.moves)
    return f"{event.dice.first}{event.dice.second}: {moves}".rstrip()


def export_mat(record: SessionRecord, *, learner_name: str = "Learner", computer_name: str = "bgtrainer") -> str:
    """The session of ``record`` (finished or not) as a .mat file: the computer is player 0, the learner player 1.

    :raises RecordError: if the record cannot be replayed, or a name is not 1 to 40 printable characters, no colon.
    """
    for name in (learner_name, computer_name):
        if not name.strip() or ":" in name or not name.isprintable() or len(name) > MAX_NAME:
            raise RecordError(wording.bad_player_name(MAX_NAME, quoted(name)))
    settings = record.settings
    table = Table(settings.match_length, settings.seed, settings.options)
    for number, action in enumerate(record.actions, start=1):
        try:
            table.apply(action)
        except (ReplayError, ValueError) as error:
            raise RecordError(wording.mat_cannot_replay(number, quoted(action), error)) from None
    names = (computer_name.strip(), learner_name.strip())
    lines = [
        '; [Site "bgtrainer"]',
        MAT_EVENT.format(kind=mat_kind(settings.match_length), level=settings.level),
        "",
        MAT_MATCH_LINE.format(length=settings.match_length),
        "",
    ]
    for game in sorted({event.game for event in table.events}):
        events = [event for event in table.events if event.game == game]
        lines += _game_lines(game, events, names, settings.match_length)
    return "\n".join(lines) + "\n"


def mat_kind(match_length: int) -> str:
    """What a .mat file's header calls the game: ``money game`` or ``N-point match`` (in English, as GNU Backgammon
    writes its files, whatever the language of the app)."""
    return MAT_MONEY_GAME if not match_length else MAT_MATCH.format(length=match_length)


def _game_lines(number: int, events: list[Event], names: tuple[str, str], length: int) -> list[str]:
    score = events[0].before.match
    scores = (score.o, score.x)
    lines = [f" Game {number}", f" {f'{names[0]} : {scores[0]}':<31}{names[1]} : {scores[1]}"]
    row = 0
    left: str | None = None  # player 0's action waiting for player 1's on the same line

    def emit(left_text: str, right_text: str | None) -> None:
        if right_text is None:
            lines.append(f"{row:3d}) {left_text}".rstrip())
        else:
            gap = " " if len(left_text) < LEFT_WIDTH else "  "
            lines.append(f"{row:3d}) {left_text:<{LEFT_WIDTH}}{gap}{right_text}")

    for event in events:
        match event:
            case Played():
                text = _move_text(event)
            case Doubled() | Beavered():
                word = "Doubles" if isinstance(event, Doubled) else "Beavers"
                text = f" {word} => {2 * event.after.cube}"  # a beaver has already doubled the cube once
            case Took():
                text = " Takes"
            case Passed():
                text = " Drops"
            case _:  # the opening roll, a roll (written with the play), a chosen double (never in a session)
                continue
        if PLAYER_OF[event.side] == 0:
            if left is not None:
                emit(left, None)
            row += 1
            left = text
        else:
            if left is None:
                row += 1
                left = ""
            emit(left, text)
            left = None
        result = event.result
        if result is not None:
            if left is not None:
                emit(left, None)
                left = None
            after = score.after(result)
            wins = MAT_WINS_MATCH if length and after.is_over else MAT_WINS
            unit = MAT_POINT if result.points == 1 else MAT_POINTS
            column = 6 if PLAYER_OF[result.winner] == 0 else RIGHT_COLUMN + 1
            lines.append(" " * column + wins.format(count=result.points, unit=unit))
    if left is not None:
        emit(left, None)
    lines.append("")
    return lines


# --- reading ------------------------------------------------------------------------------------------------------

# Every number read has at most a few digits, so that a field of thousands is refused like any other bad line.
# No pattern may backtrack over a long stretch (each runs in time linear in its line, however long and hostile):
# the score line is split at its colons rather than matched, and no two unbounded parts of a pattern can match the
# same characters.
_MATCH_LINE = re.compile(r"\s*([0-9]{1,4})\s+point\s+match\s*$", re.IGNORECASE)
_GAME_LINE = re.compile(r"\s*Game\s+([0-9]+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"[0-9]{1,4}")
_LEFT_SCORE = re.compile(r"\s*([0-9]{1,4})\s+")
_NUMBERED = re.compile(r"\s*\d+\)")
_SLOT = re.compile(r"(?:(?<=\s)|^)(?:[1-6][1-6]:|Doubles\b|Takes\b|Drops\b|Beavers\b|Raccoons\b|Wins\b)", re.IGNORECASE)
_MOVE = re.compile(r"(bar|off|[0-9]{1,2})((?:/(?:bar|off|[0-9]{1,2})\*?)+)(?:\(([1-4])\))?$", re.IGNORECASE)


def _point(text: str) -> int:
    word = text.lower()
    if word == "bar":
        return 25
    if word == "off":
        return 0
    number = int(text)
    if not 0 <= number <= 25:
        raise ValueError(wording.mat_bad_point(number))
    return number


def _moves(text: str) -> tuple[tuple[int, int, bool], ...]:
    found: list[tuple[int, int, bool]] = []
    for token in text.split():
        match = _MOVE.fullmatch(token)
        if match is None:
            raise ValueError(wording.mat_bad_move(quoted(token)))
        start = _point(match.group(1))
        hops = []
        for part in match.group(2).split("/")[1:]:
            hit = part.endswith("*")
            end = _point(part.rstrip("*"))
            hops.append((start, end, hit))
            start = end
        found += hops * int(match.group(3) or 1)
    return tuple(found)


def _slot(player: int, text: str) -> MatAction | tuple[int, int]:
    """One column's action, or ``(player, points)`` for a win."""
    text = text.strip()
    word = text.split()[0].lower()
    if word[:2].isdigit() and word.endswith(":"):
        return MatMove(player, (int(text[0]), int(text[1])), _moves(text[3:]))
    if word in ("doubles", "beavers", "raccoons"):
        value = re.search(r"=>\s*([0-9]{1,5})\b", text)
        if value is None:
            raise ValueError(wording.mat_bad_double(quoted(text)))
        cube = int(value.group(1))
        if not 2 <= cube <= MAX_MAT_CUBE or cube & (cube - 1):
            raise ValueError(wording.mat_bad_cube(cube, MAX_MAT_CUBE))
        return (MatDouble if word == "doubles" else MatBeaver)(player, cube)
    if word == "takes":
        return MatTake(player)
    if word == "drops":
        return MatDrop(player)
    points = re.match(r"wins\s+([0-9]{1,5})\s+points?", text, re.IGNORECASE)
    if points is None:
        raise ValueError(wording.mat_cannot_read(quoted(text)))
    return (player, int(points.group(1)))


def parse_mat(text: str) -> MatMatch:
    """Read a .mat file (as :func:`export_mat` writes it, or GNU Backgammon's own export).

    :raises MatParseError: naming the line that cannot be read (quoting at most a short part of it), whatever the
        text.
    """
    try:
        return _parse_mat(text)
    except MatParseError:
        raise
    except (ValueError, TypeError, RecursionError) as error:  # a case the checks below don't foresee
        reason = " ".join(str(error).split())[:QUOTE_LIMIT] or type(error).__name__
        raise MatParseError(wording.mat_unreadable(reason)) from None


def _parse_mat(text: str) -> MatMatch:
    lines = text.splitlines()
    comments: list[str] = []
    length: int | None = None
    index = 0
    while index < len(lines):
        line = lines[index].lstrip("\ufeff")
        index += 1
        if line.lstrip().startswith((";", "#")):
            comments.append(line.lstrip()[1:].strip())
            continue
        match = _MATCH_LINE.match(line)
        if match:
            length = int(match.group(1))
            break
        if line.strip():
            raise MatParseError(wording.mat_expected_match(index, quoted(line.strip())))
    if length is None:
        raise MatParseError(wording.mat_no_match_line())
    games: list[MatGame] = []
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip():
            continue
        game = _GAME_LINE.match(line)
        if game is None:
            raise MatParseError(wording.mat_expected_game(index, quoted(line.strip())))
        digits = game.group(1)
        if len(digits) > len(str(MAX_GAME_NUMBER)) or not 1 <= int(digits) <= MAX_GAME_NUMBER:
            raise MatParseError(wording.mat_bad_game_number(index, quoted(digits), MAX_GAME_NUMBER))
        if len(games) == MAX_GAMES:
            raise MatParseError(wording.mat_too_many_games(index, MAX_GAMES))
        index, parsed = _parse_game(lines, index, int(digits))
        games.append(parsed)
    return MatMatch(length, tuple(games), tuple(comments))


def _parse_game(lines: list[str], index: int, number: int) -> tuple[int, MatGame]:
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index >= len(lines):
        raise MatParseError(wording.mat_no_scores(number))
    players = _score_line(lines[index])
    if players is None:
        found = quoted(lines[index].strip())
        raise MatParseError(wording.mat_expected_scores(index + 1, found))
    names, scores = players
    for name in names:
        if len(name) > MAX_NAME:
            raise MatParseError(wording.mat_name_too_long(index + 1, quoted(name), MAX_NAME))
    index += 1
    actions: list[MatAction] = []
    winner: int | None = None
    points: int | None = None
    while index < len(lines) and not _GAME_LINE.match(lines[index]):
        line = lines[index].rstrip()
        index += 1
        if not line.strip():
            continue
        try:
            for column, slot_text in _columns(line):
                slot = _slot(column, slot_text)
                if isinstance(slot, tuple):
                    winner, points = slot
                else:
                    actions.append(slot)
        except ValueError as error:
            raise MatParseError(wording.mat_line_problem(index, error)) from None
    return index, MatGame(number, names, scores, tuple(actions), winner, points)


def _score_line(line: str) -> tuple[tuple[str, str], tuple[int, int]] | None:
    """The players' names and scores of a line ``name : score   name : score``, or ``None`` if it is not one: the
    left score follows the first colon followed by a number and a space, the right one the last colon. Found by
    looking at each colon once, not by a pattern that could backtrack, so that a long line takes no longer than its
    length."""
    middle, last_colon, right_score = line.rpartition(":")
    right_score = right_score.strip()
    if not last_colon or not _SCORE.fullmatch(right_score):
        return None
    colon = middle.find(":")
    while colon >= 0:
        left = _LEFT_SCORE.match(middle, colon + 1)
        if left is not None:
            names = (middle[:colon].strip(), middle[left.end() :].strip())
            return names, (int(left.group(1)), int(right_score))
        colon = middle.find(":", colon + 1)
    return None


def _columns(line: str) -> list[tuple[int, str]]:
    """The actions of one line with the column (player) of each."""
    numbered = _NUMBERED.match(line)
    start = numbered.end() if numbered else 0
    content = line[start:]
    starts = [match.start() for match in _SLOT.finditer(content)]
    if not starts:
        if content.strip():
            raise ValueError(wording.mat_cannot_read(quoted(content.strip())))
        return []
    if len(starts) > 2:
        raise ValueError(wording.mat_two_many_actions(quoted(content.strip())))
    if content[: starts[0]].strip():
        raise ValueError(wording.mat_cannot_read(quoted(content[: starts[0]].strip())))
    if len(starts) == 2:
        return [(0, content[starts[0] : starts[1]]), (1, content[starts[1] :])]
    column = 1 if start + starts[0] >= RIGHT_COLUMN - 3 else 0
    return [(column, content[starts[0] :])]
