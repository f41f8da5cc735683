"""GNU Backgammon's .sgf match files (``save match``), read into the same :class:`~trainer.play.matfile.MatMatch` a
.mat file gives, with the analysis the file carries.

The layout (SGF, ``FF[4]``, backgammon being game ``GM[6]``): one game tree ``(...)`` per game, a root node then
one node ``;`` per action, each property an upper-case name and one or more values in brackets (``\\]`` and ``\\\\``
escaped)::

    (;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:0][bs:0]PW[Anna]PB[Bert]
    RU[Crawford]RE[W+2]
    ;W[31lhfe]A[0][lhfe E ver 3 ... 0.012 0C 0 1 0.000000 1]...LU[0.0012]
    ;B[double]DA[E ver 3 0C 1 0.000000 1 ...]
    ;W[take]
    ...)

- the root: ``MI`` the match length (0 for money), the game's number from 0 and the scores of White (``ws``,
  player 0, the .mat file's left column) and Black (``bs``, player 1); ``PW``/``PB`` the names; ``RU`` the rules
  (``Crawford``, ``CrawfordGame``, ``Jacoby``, ``NoCube``; a variant such as ``Nackgammon`` is refused); ``RE`` the
  result, ``W+2`` or ``B+1R`` (resigned); ``CV`` a starting cube (automatic doubles, refused above 1);
- an action: ``W[..]`` or ``B[..]``: ``double`` (a double; from the doubled player while the double waits, a
  beaver, and back from the doubler a raccoon), ``take``, ``drop``, or the dice and the checker moves, two letters a
  move, from and to: ``a``-``x`` the points 1-24 of White's numbering (``a`` is White's 1-point, Black's
  24-point), ``y`` the bar, ``z`` off; nothing after the dice for a roll that cannot be played;
- the analysis (kept, see :class:`~trainer.play.matfile.FileAnalysis`): ``A[i][move E ver 3 p p p p p equity
  plies ...]...`` the candidate plays best first with the index of the play made, ``X``/``R`` for a rollout;
  ``DA[E ver 3 plies ... 7 outputs 7 outputs]`` the cube decision (no double, then double/take, the 7th figure of
  each the cubeful equity; a match's are match winning chances); ``LU`` the luck of the roll;
- a game set up from a position (``AE``/``AB``/``AW``, with ``PL``), or a cube set (``CV``/``CP``) in the middle of
  a game is refused; ``PL``/``DI`` (dice set by hand, the play following) are passed over, as are comments and
  marks.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

from trainer.engine.wording import QUOTE_LIMIT, quoted
from trainer.play import wording
from trainer.play.matfile import (
    MAX_GAME_NUMBER,
    MAX_GAMES,
    MAX_NAME,
    CubeFigures,
    FileAnalysis,
    MatAction,
    MatBeaver,
    MatDouble,
    MatDrop,
    MatGame,
    MatMatch,
    MatMove,
    MatParseError,
    MatTake,
    MoveFigures,
)

MAX_LENGTH: Final = 999
"""The longest match read (a .mat file's match line has at most 4 digits; GNU Backgammon's own limit is lower)."""
SUPPORTED_RULES: Final = frozenset({"Crawford", "CrawfordGame", "Jacoby", "NoCube"})
SET_UP: Final = frozenset({"AE", "AB", "AW", "CP", "CV"})
"""Properties that set a position or a cube up in the middle of a game: refused."""

# No pattern can backtrack over a long stretch: a value runs to the first unescaped bracket.
_TOKEN = re.compile(r"\s*(?:(\()|(\))|(;)|([A-Z]{1,8})|(\[))")
_OPEN = re.compile(r"\s*\[")
_VALUE = re.compile(r"(?:[^\]\\]|\\.)*\]", re.DOTALL)
_MOVE = re.compile(r"([1-6])([1-6])([a-z]{0,8})")
_RESULT = re.compile(r"([BW])\+([0-9]{1,5})(R?)")
_INFO = re.compile(r"(length|game|ws|bs):([0-9]{1,7})")
_NUMBER = re.compile(r"[-+]?[0-9]{1,9}(?:\.[0-9]{1,12})?(?:[eE][-+]?[0-9]{1,3})?")
_PLIES = re.compile(r"([0-9]{1,2})C?")

Node = list[tuple[str, list[str]]]


class SgfParseError(MatParseError):
    """An .sgf file that cannot be read (or uses what the replay does not support); the message says where."""


def parse_sgf(text: str) -> MatMatch:
    """Read GNU Backgammon's .sgf match file (see the module): the games as a :class:`MatMatch`, the rules the file
    states, and the analysis it carries.

    :raises SgfParseError: naming the line or the game and what cannot be read, whatever the text.
    """
    try:
        return _parse_sgf(text)
    except MatParseError:
        raise
    except (ValueError, TypeError, IndexError, RecursionError) as error:  # a case the checks don't foresee
        reason = " ".join(str(error).split())[:QUOTE_LIMIT] or type(error).__name__
        raise SgfParseError(wording.sgf_unreadable(reason)) from None


def looks_like_sgf(text: str) -> bool:
    """Whether ``text`` starts as an SGF file does: an opening bracket, then a node."""
    return re.match(r"\ufeff?\s*\(\s*;", text) is not None


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _unescape(value: str) -> str:
    """A property's value as SGF escapes it: a backslash keeps the next character (two make one)."""
    return re.sub(r"\\(.)", r"\1", value, flags=re.DOTALL)


def _trees(text: str) -> list[list[Node]]:
    """The file's game trees, each a list of nodes (no variations: GNU Backgammon writes none)."""
    trees: list[list[Node]] = []
    tree: list[Node] | None = None
    node: Node | None = None
    position = 0
    while True:
        token = _TOKEN.match(text, position)
        if token is None:
            rest = text[position:].strip()
            if not rest:
                break
            where = _line(text, position + len(text[position:]) - len(text[position:].lstrip()))
            raise SgfParseError(wording.sgf_cannot_read(where, quoted(rest.splitlines()[0])))
        position = token.end()
        opening, closing, semicolon, name, bracket = token.groups()
        where = _line(text, token.start())
        if opening:
            if tree is not None:
                raise SgfParseError(wording.sgf_variation(where))
            tree, node = [], None
        elif closing:
            if tree is None:
                raise SgfParseError(wording.sgf_cannot_read(where, quoted(")")))
            if not tree:
                raise SgfParseError(wording.sgf_empty_game(where))
            trees.append(tree)
            if len(trees) > MAX_GAMES:
                raise SgfParseError(wording.sgf_too_many_games(MAX_GAMES))
            tree = node = None
        elif semicolon:
            if tree is None:
                raise SgfParseError(wording.sgf_cannot_read(where, quoted(";")))
            node = []
            tree.append(node)
        elif name:
            if node is None:
                raise SgfParseError(wording.sgf_cannot_read(where, quoted(name)))
            values: list[str] = []
            while (opened := _OPEN.match(text, position)) is not None:
                value = _VALUE.match(text, opened.end())
                if value is None:
                    raise SgfParseError(wording.sgf_cut_short(_line(text, opened.end())))
                values.append(_unescape(value.group()[:-1]))
                position = value.end()
            if not values:
                raise SgfParseError(wording.sgf_no_value(where, name))
            node.append((name, values))
        else:
            assert bracket
            raise SgfParseError(wording.sgf_cannot_read(where, quoted(text[token.start() : token.start() + 20])))
    if tree is not None:
        raise SgfParseError(wording.sgf_cut_short(_line(text, len(text))))
    return trees


@dataclass
class _Match:
    """What the games say of the match as a whole (the first game's, checked against the others)."""

    length: int | None = None
    crawford: bool = True
    cube_used: bool = True
    jacoby: bool = False
    program: str = ""


def _parse_sgf(text: str) -> MatMatch:
    trees = _trees(text)
    if not trees:
        raise SgfParseError(wording.sgf_no_game())
    match = _Match()
    games: list[MatGame] = []
    analysis: list[FileAnalysis] = []
    for index, tree in enumerate(trees, start=1):
        game, kept = _game(tree, index, match)
        games.append(game)
        analysis += kept
    return MatMatch(
        match.length or 0,
        tuple(games),
        crawford_rule=match.crawford,
        cube_used=match.cube_used,
        jacoby=match.jacoby,
        file_analysis=tuple(analysis),
        analysed_by=(match.program or wording.gnu_backgammon()) if analysis else "",
    )


def _first(node: Node, name: str) -> list[str] | None:
    return next((values for key, values in node if key == name), None)


def _root(
    root: Node, index: int, match: _Match
) -> tuple[int, tuple[str, str], tuple[int, int], int | None, int | None]:
    """The game's number, names, scores and result (winner, points) from its root node."""
    kind = _first(root, "GM")
    if kind is None or kind[0].strip() != "6":
        raise SgfParseError(wording.sgf_not_backgammon(index, quoted(kind[0] if kind else "")))
    info: dict[str, int] = {}
    for item in _first(root, "MI") or []:
        found = _INFO.fullmatch(item.strip())
        if found is None:
            raise SgfParseError(wording.sgf_bad_property(index, "MI", quoted(item)))
        info[found.group(1)] = int(found.group(2))
    length = info.get("length", 0)
    if length > MAX_LENGTH:
        raise SgfParseError(wording.sgf_bad_property(index, "MI", quoted(f"length:{length}")))
    rules = {rule for value in _first(root, "RU") or [] for rule in value.split(":") if rule}
    unsupported = sorted(rules - SUPPORTED_RULES)
    if unsupported:
        raise SgfParseError(wording.sgf_unsupported_rule(index, quoted(unsupported[0])))
    cube = (_first(root, "CV") or ["1"])[0].strip()
    if cube != "1":
        raise SgfParseError(wording.sgf_starting_cube(index, quoted(cube)))
    if match.length is None:
        match.length = length
        match.crawford = "Crawford" in rules or not length
        match.cube_used = "NoCube" not in rules
        match.jacoby = "Jacoby" in rules and not length
        program = (_first(root, "AP") or [""])[0]
        match.program = program.split(":")[0].strip()[:QUOTE_LIMIT]
    elif length != match.length:
        raise SgfParseError(wording.sgf_other_length(index, length, match.length))
    number = info.get("game", index - 1) + 1
    if number > MAX_GAME_NUMBER:
        raise SgfParseError(wording.sgf_bad_property(index, "MI", quoted(f"game:{number - 1}")))
    names = []
    for key, default in (("PW", wording.sgf_white()), ("PB", wording.sgf_black())):
        name = " ".join((_first(root, key) or [default])[0].split()) or default
        if len(name) > MAX_NAME:
            raise SgfParseError(wording.sgf_name_too_long(index, quoted(name), MAX_NAME))
        names.append(name)
    winner: int | None = None
    points: int | None = None
    result = _first(root, "RE")
    if result is not None:
        found = _RESULT.fullmatch(result[0].strip())
        if found is None:
            raise SgfParseError(wording.sgf_bad_property(index, "RE", quoted(result[0])))
        winner, points = (1 if found.group(1) == "B" else 0), int(found.group(2))
    return number, (names[0], names[1]), (info.get("ws", 0), info.get("bs", 0)), winner, points


@dataclass
class _Cube:
    """The cube as the actions turn it: its value, and the value offered and by whom while a double waits."""

    value: int = 1
    offered: int | None = None
    offerer: int | None = None


def _game(tree: list[Node], index: int, match: _Match) -> tuple[MatGame, list[FileAnalysis]]:
    number, names, scores, winner, points = _root(tree[0], index, match)
    cube = _Cube()
    actions: list[MatAction] = []
    kept: list[FileAnalysis] = []
    for place, node in enumerate(tree):
        names_here = {key for key, _ in node}
        set_up = sorted(names_here & SET_UP if place else names_here & (SET_UP - {"CV"}))
        if set_up:
            raise SgfParseError(wording.sgf_set_up(number, set_up[0]))
        moves = [(key, values) for key, values in node if key in ("B", "W")]
        if not moves:
            continue
        if len(moves) > 1:
            raise SgfParseError(wording.sgf_two_actions(number, len(actions) + 1))
        key, values = moves[0]
        player = 0 if key == "W" else 1
        action = _action(player, values[0].strip(), cube, number, len(actions) + 1, match.length or 0)
        actions.append(action)
        kept += _analysis(node, action, number, len(actions), match.length or 0)
    return MatGame(number, names, scores, tuple(actions), winner, points), kept


def _action(player: int, value: str, cube: _Cube, game: int, number: int, length: int) -> MatAction:
    """One action, the cube turned as it says.

    :raises SgfParseError: for an action that cannot be read.
    """
    word = value.lower()
    if word in ("double", "beaver", "raccoon", "redouble"):
        if cube.offered is None:
            if word != "double":
                raise SgfParseError(wording.sgf_bad_action(game, number, quoted(value)))
            cube.offered, cube.offerer = 2 * cube.value, player
            return MatDouble(player, cube.offered)
        if player == cube.offerer:
            raise SgfParseError(wording.sgf_bad_action(game, number, quoted(value)))
        cube.value = cube.offered  # a beaver (or raccoon): the double taken and redoubled at once
        cube.offered, cube.offerer = 2 * cube.value, player
        return MatBeaver(player, cube.offered)
    if word == "take":
        if cube.offered is not None:
            cube.value, cube.offered, cube.offerer = cube.offered, None, None
        return MatTake(player)
    if word == "drop":
        cube.offered = cube.offerer = None
        return MatDrop(player)
    found = _MOVE.fullmatch(value)
    if found is None or len(found.group(3)) % 2:
        raise SgfParseError(wording.sgf_bad_action(game, number, quoted(value)))
    if cube.offered is not None:  # the answer to a beaver is not always written: the play says it was taken
        cube.value, cube.offered, cube.offerer = cube.offered, None, None
    letters = found.group(3)
    steps = tuple(
        (_point(letters[i], player), _point(letters[i + 1], player), False) for i in range(0, len(letters), 2)
    )
    return MatMove(player, (int(found.group(1)), int(found.group(2))), steps)


def _point(letter: str, player: int) -> int:
    """A point letter in the mover's numbering: 25 the bar, 0 off."""
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    return ord(letter) - ord("a") + 1 if player == 0 else ord("x") - ord(letter) + 1


def _float(text: str) -> float:
    if _NUMBER.fullmatch(text) is None:
        raise ValueError(text)
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(text)
    return number


def _analysis(node: Node, action: MatAction, game: int, number: int, length: int) -> list[FileAnalysis]:
    """The analysis ``node`` carries for its action (and for the cube decision before a roll); analysis that
    cannot be read is passed over (the game is still replayed and judged)."""
    kept: list[FileAnalysis] = []
    cube = _first(node, "DA")
    if cube is not None and not isinstance(action, MatBeaver):
        try:
            cube_level, cube_figures = _cube_analysis(cube[0], length)
            before_roll = isinstance(action, MatMove)
            kept.append(FileAnalysis(game, number, before_roll, cube_level, cube=cube_figures))
        except (ValueError, IndexError):
            pass
    moves = _first(node, "A")
    if moves is not None and isinstance(action, MatMove):
        try:
            luck_values = _first(node, "LU")
            luck = _float(luck_values[0].strip()) if luck_values else None
            move_level, move_figures = _move_analysis(moves, action.player, luck)
            kept.append(FileAnalysis(game, number, False, move_level, move=move_figures))
        except (ValueError, IndexError):
            pass
    return kept


def _level(kind: str, plies_word: str) -> str:
    """The evaluation's level: ``rollout``, or the plies of an evaluation (``E``) as GNU Backgammon counts them."""
    if kind in ("X", "R"):
        return "rollout"
    plies = _PLIES.fullmatch(plies_word)
    if plies is None:
        raise ValueError(plies_word)
    return f"{int(plies.group(1))}-ply"


def _move_analysis(values: list[str], player: int, luck: float | None) -> tuple[str, MoveFigures]:
    chosen = int(values[0].strip())
    candidates = values[1:]
    if not 0 <= chosen < len(candidates):
        raise ValueError(chosen)
    scores: list[float] = []
    levels: list[str] = []
    best_moves: tuple[tuple[int, int], ...] = ()
    for place, candidate in enumerate(candidates):
        letters, _, evaluation = candidate.strip().partition(" ")
        words = evaluation.split()
        kind, words = words[0], words[1:]
        plies_word = ""
        if kind in ("X", "R"):
            score = _float(words[words.index("Score") + 1])
        elif kind == "E":
            figures = words[2:] if words[0] == "ver" else words  # 5 chances, the equity, the plies
            score, plies_word = _float(figures[5]), figures[6]
        else:
            raise ValueError(kind)
        scores.append(score)
        levels.append(_level(kind, plies_word))
        if place == 0:
            if len(letters) % 2 or len(letters) > 8 or not re.fullmatch(r"[a-z]*", letters):
                raise ValueError(letters)
            best_moves = tuple(
                (_point(letters[i], player), _point(letters[i + 1], player)) for i in range(0, len(letters), 2)
            )
    return levels[0], MoveFigures(scores[chosen], scores[0], best_moves, luck)


def _cube_analysis(value: str, length: int) -> tuple[str, CubeFigures]:
    words = value.split()
    kind, words = words[0], words[1:]
    plies_word = ""
    if kind in ("X", "R"):
        no_double = _float(words[words.index("NoDouble") + 8])  # "NoDouble Output" then 7 figures
        double_take = _float(words[words.index("DoubleTake") + 8])
    elif kind == "E":
        figures = [_float(word) for word in words[-14:]]  # no double's 7 outputs, then double/take's
        no_double, double_take = figures[6], figures[13]
        plies_word = words[2] if words[0] == "ver" else words[4]  # older files: 4 figures first
    else:
        raise ValueError(kind)
    return _level(kind, plies_word), CubeFigures(no_double, double_take, match_winning_chances=bool(length))
