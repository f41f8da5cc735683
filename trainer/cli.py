"""The ``bgtrainer`` command line."""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from trainer import __version__
from trainer.analysis.levels import DEFAULT_LEVEL, LEVELS
from trainer.analysis.results import CUBE_OWNERS, MAX_PLIES, MIN_PLIES, AnalysisError
from trainer.content.files import one_line
from trainer.engine import EngineError, explain, parse_dice, read_position, sorted_plays
from trainer.engine.wording import quoted

if TYPE_CHECKING:
    from trainer.store import StoredGame

EXIT_USAGE = 2
MAX_COUNT = 1000
"""The most puzzles ``bgtrainer puzzles generate`` mines in one run (a thousand forced puzzles take minutes)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one short line (whatever the arguments) and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {one_line(message)}\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse's own message quotes the value in full.
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(repr(choice) for choice in action.choices)
            raise argparse.ArgumentError(action, f"invalid choice: {quoted(str(value))} (choose from {choices})")


def moves_command(position_text: str, dice_text: str | None) -> str:
    """The report of ``bgtrainer moves``: every legal play, one a line, then whether the roll is forced and why.

    :raises EngineError: for a bad position or dice.
    """
    position, xgid_dice = read_position(position_text, allow_finished=False)
    if dice_text is not None:
        dice = parse_dice(dice_text)
    elif xgid_dice is not None:
        dice = xgid_dice
    else:
        raise EngineError("no dice given: add them after the position, e.g. 65 or 6-5")
    explanation = explain(position, dice)
    lines = [] if explanation.no_play else [str(play) for play in sorted_plays(explanation.plays)]
    lines.append(explanation.text)
    return "\n".join(lines)


def _int(text: str) -> int:
    """A whole number from the command line, of at most 19 digits (argparse reports the error on one line)."""
    if not re.fullmatch(r"\s*[-+]?[0-9]{1,19}\s*", text):
        raise argparse.ArgumentTypeError(f"invalid int value: {quoted(text)}")
    return int(text)


def _plies(text: str) -> int:
    """An evaluation depth from the command line (argparse reports the error on one line)."""
    if not re.fullmatch(r"\s*[0-9]{1,3}\s*", text) or not MIN_PLIES <= int(text) <= MAX_PLIES:
        raise argparse.ArgumentTypeError(f"must be a whole number from {MIN_PLIES} to {MAX_PLIES}, not {quoted(text)}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``bgtrainer``."""
    parser = _Parser(
        prog="bgtrainer",
        description="Learn backgammon in the terminal: interactive lessons, puzzles and a rules explorer. "
        "Without a command, the app starts.",
    )
    parser.add_argument("--version", action="version", version=f"bgtrainer {__version__}")
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="where progress is kept (default: $BGTRAINER_DATA_DIR, else your user data folder)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    moves = commands.add_parser(
        "moves",
        help="list every legal play of a roll and say whether it is forced",
        description="List every legal play of a roll in standard notation and say whether the roll is forced, and why.",
    )
    moves.add_argument(
        "position",
        metavar="POSITION",
        help="a GNU Backgammon Position ID (e.g. 4HPwATDgc/ABMA), an XGID, the text form (acey-deucey checkers "
        "waiting to enter as 'waitxN') or 'start'",
    )
    moves.add_argument(
        "dice", metavar="DICE", nargs="?", help="the roll, e.g. 65 or 6-5 (optional when the XGID holds dice)"
    )
    cube = commands.add_parser(
        "cube",
        help="the exact money cube decision of a bear-off (up to six checkers a side)",
        description="Print the money equities of not doubling, doubling and being taken, and doubling and being "
        "passed for the player on roll (X) in a bear-off of up to six checkers a side, exact with optimal play, "
        "then the right action and whether O should take.",
    )
    cube.add_argument(
        "position",
        metavar="POSITION",
        help="a Position ID (optionally POSID:MATCHID), an XGID, or the text form, with X on roll before rolling",
    )
    cube.add_argument(
        "--owner",
        choices=("centered", "player"),
        help="the cube in the middle or owned by the player on roll (default: as the position says, else centered)",
    )
    hint = commands.add_parser(
        "hint",
        help="rank every play of a roll, or judge the cube, with the bgsage engine",
        description="With dice: every legal play ranked best first with its equity, its difference from the best "
        "and the mover's winning, gammon and backgammon chances. Without dice: the money cube decision of the "
        "player on roll (no double, double/take and double/pass equities and the right action).",
    )
    hint.add_argument(
        "position",
        metavar="POSITION",
        help="a GNU Backgammon Position ID (e.g. 4HPwATDgc/ABMA), an XGID, the text form or 'start'",
    )
    hint.add_argument(
        "dice", metavar="DICE", nargs="?", help="the roll, e.g. 65 or 6-5 (leave out for the cube decision)"
    )
    hint.add_argument("--json", action="store_true", help="print JSON instead of text")
    hint.add_argument(
        "--plies",
        type=_plies,
        default=LEVELS[DEFAULT_LEVEL].plies,
        metavar="N",
        help=f"evaluation depth from {MIN_PLIES} (the network alone) to {MAX_PLIES}, every ply one roll further "
        f"(default: the {DEFAULT_LEVEL} level's, {LEVELS[DEFAULT_LEVEL].plies})",
    )
    hint.add_argument(
        "--cube",
        choices=CUBE_OWNERS,
        default="centered",
        help="who owns the cube: nobody (default), the player on roll (X) or the opponent (O)",
    )
    validate = commands.add_parser(
        "validate",
        help="check every lesson and puzzle file and report all problems",
        description="Check content files (default: the shipped lessons and puzzles) and report every problem, "
        "each naming the file, the line, the step or field, what is wrong and a suggestion. Exit status 1 on any.",
    )
    validate.add_argument(
        "paths", metavar="PATH", nargs="*", type=Path, help="lesson or puzzle files, or folders of them"
    )
    stats = commands.add_parser(
        "stats",
        help="print the progress dashboard's figures for a data folder",
        description="Print the progress figures: lessons done, puzzles solved by kind and theme with first-try "
        "accuracy, the rating with its deviation and history, the best streak and storm, reviews due, days "
        "practised in a row, and what to do next. Reads the data folder of --data-dir (default: "
        "$BGTRAINER_DATA_DIR, else your user data folder).",
    )
    stats.add_argument("--json", action="store_true", help="print JSON instead of text")
    stats.add_argument(
        "--data-dir", type=Path, metavar="DIR", default=argparse.SUPPRESS, help="the data folder to read"
    )
    puzzles = commands.add_parser(
        "puzzles", help="generate or export puzzles", description="Generate new puzzles or export the shipped ones."
    )
    puzzle_commands = puzzles.add_subparsers(dest="puzzle_command", metavar="ACTION", required=True)
    generate = puzzle_commands.add_parser(
        "generate",
        help="mine new puzzles and write them as a puzzle file",
        description="Mine puzzles from seeded self-play games (forced, recognition) or random bear-offs (bearoff), "
        "keeping only positions that meet the puzzle criteria, deduplicated by Position ID and dice. Recognition "
        "drill positions come in the drill's mix: in every six, two forced, two not forced, one with no legal play "
        "and one partial.",
    )
    generate.add_argument("--kind", choices=("forced", "bearoff", "recognition", "cube", "acey-deucey"), required=True)
    generate.add_argument(
        "--count", type=_int, default=20, help=f"how many puzzles, at most {MAX_COUNT:,} (default 20)"
    )
    generate.add_argument("--seed", type=_int, default=1, help="random seed (default 1)")
    generate.add_argument("--output", type=Path, help="write to this file instead of standard output")
    generate.add_argument("--prefix", help="id prefix (default: the kind and the seed)")
    puzzle_commands.add_parser(
        "export",
        help="print every shipped puzzle as JSON lines",
        description="Print every shipped puzzle as a JSON line: id, kind, theme, position (Position ID, solver on "
        "roll), dice, answers (accepted resulting positions as Position IDs; for the recognition drill's positions, "
        "kind 'recognition', the answer: 'forced', 'not forced' or 'no play'). Cube puzzles (kind 'cube') give "
        "cube_owner and question instead of dice, the answer in words; acey-deucey puzzles carry variant "
        "'acey-deucey' and positions in the text form.",
    )
    game = commands.add_parser(
        "game",
        help="list your games against the computer, or export one as a .mat match file",
        description="List the games and matches played against the computer (kept with your progress, see "
        "--data-dir), or print one as a GNU Backgammon .mat match file, finished or not.",
    )
    game_commands = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    game_commands.add_parser(
        "list",
        help="every saved game: number, id, when it started, kind, level, score and result",
        description="Print every saved game against the computer, numbered in the order they started.",
    )
    export = game_commands.add_parser(
        "export",
        help="print a game as a .mat match file (for GNU Backgammon or eXtreme Gammon)",
        description="Print a saved game or match as a .mat match file: the computer is the first player, you the "
        "second. Example: bgtrainer game export > match.mat",
    )
    export.add_argument(
        "game",
        metavar="GAME",
        nargs="?",
        help="an id or a number from 'bgtrainer game list' (default: the game saved last)",
    )
    export.add_argument("--name", default="Learner", help="your name in the file (default: Learner)")
    return parser


def puzzles_command(arguments: argparse.Namespace) -> tuple[str, int]:
    """Run ``bgtrainer puzzles generate|export``; its output and exit status."""
    if arguments.puzzle_command == "export":
        from trainer.content.generate import export_lines
        from trainer.content.puzzles import load_puzzles

        library = load_puzzles()
        if library.problems:
            count, first = len(library.problems), library.problems[0]
            raise EngineError(f"the shipped puzzles have {count} problem(s) (run 'bgtrainer validate'), first: {first}")
        return "\n".join(export_lines([*library.puzzles, *library.drills])), 0
    from trainer.content.generate import mine, to_toml

    if arguments.count < 1:
        raise EngineError(f"--count must be at least 1, not {arguments.count}")
    if arguments.count > MAX_COUNT:
        raise EngineError(
            f"--count must be at most {MAX_COUNT:,}, not {arguments.count:,}: run it again with other seeds for more"
        )
    prefix = arguments.prefix or f"{arguments.kind}-s{arguments.seed}"
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", prefix):
        raise EngineError(
            f"--prefix {quoted(prefix)}: use up to 40 lower-case letters, digits and dashes (ids are PREFIX-0001)"
        )
    if arguments.kind == "cube":
        from trainer.content.mining import cube_toml, mine_cube

        text = cube_toml(mine_cube(arguments.count, arguments.seed), prefix=prefix)
    elif arguments.kind == "acey-deucey":
        from trainer.content.mining import mine_acey

        text = to_toml(mine_acey(arguments.count, arguments.seed), prefix=prefix)
    elif arguments.kind == "recognition":
        from trainer.content.recognition import mine_recognition

        text = to_toml(mine_recognition(arguments.count, arguments.seed), prefix=prefix)
    else:
        text = to_toml(mine(arguments.kind, arguments.count, arguments.seed), prefix=prefix)
    if arguments.output is not None:
        try:
            arguments.output.write_text(text, encoding="utf-8")
        except OSError as error:
            raise EngineError(f"cannot write {arguments.output}: {error.strerror or error}") from None
        return f"wrote {arguments.count} {arguments.kind} puzzles to {arguments.output}", 0
    return text.rstrip("\n"), 0


def _stored_game_text(game: StoredGame) -> str:
    started = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.started_at))
    status = game.result if game.finished and game.result else "finished" if game.finished else "under way"
    score = f"you {game.learner_score}, computer {game.computer_score}"
    return f"{game.number:>3}  {game.id}  {started}  {game.kind}, {game.level}  {score}  {status}"


def game_command(arguments: argparse.Namespace) -> str:
    """Run ``bgtrainer game list|export``; its output.

    :raises EngineError: for a game that is not there, or whose record cannot be read or replayed.
    """
    from trainer.play import RecordError, SessionRecord, export_mat
    from trainer.store import ProgressStore

    store = ProgressStore(arguments.data_dir)
    try:
        games = store.games()
        if store.notice:
            print(f"bgtrainer: {store.notice}", file=sys.stderr)
    finally:
        store.close()
    if arguments.game_command == "list":
        if not games:
            return "No games against the computer yet."
        return "\n".join(_stored_game_text(game) for game in games)
    if not games:
        raise EngineError("there is no saved game to export: play one first")
    key: str | None = arguments.game
    if key is None:
        chosen = max(games, key=lambda game: game.updated_at)
    else:
        matches = [game for game in games if game.id == key.strip() or str(game.number) == key.strip()]
        if not matches:
            raise EngineError(f"no saved game {quoted(key)}: use an id or a number from 'bgtrainer game list'")
        chosen = matches[0]
    try:
        return export_mat(SessionRecord.from_json(chosen.record), learner_name=arguments.name).rstrip("\n")
    except RecordError as error:
        raise EngineError(f"game {chosen.number} ({chosen.id}) cannot be exported: {error}") from None


def validate_command(paths: Sequence[Path]) -> tuple[str, int]:
    """The report of ``bgtrainer validate`` and its exit status (1 if any problem was found)."""
    from trainer.content.validate import validate_paths

    report = validate_paths(paths)
    return report.text(), 1 if report.problems else 0


def run_app(data_dir: Path | None) -> int:
    """Start the app (imported here so that the other commands never load the UI); its exit status.

    An unexpected error ends the app with status 1 and a crash report in the data folder, which the message names.
    """
    from trainer.reports import write_crash_report
    from trainer.store import default_data_dir
    from trainer.tui.app import TrainerApp

    folder = data_dir if data_dir is not None else default_data_dir()
    app: TrainerApp | None = None
    report: Path | None = None
    try:
        app = TrainerApp(data_dir=data_dir)
        app.run()
        report = app.crash_report
    except KeyboardInterrupt:
        raise
    except Exception as error:
        report = write_crash_report(folder, error)
    finally:
        if app is not None:
            app.store.close()  # the app closes it when it stops; not so if it never started
            if app.store.closing_notice:
                print(f"bgtrainer: {app.store.closing_notice}", file=sys.stderr)
    if report is not None:
        print(f"bgtrainer stopped on an unexpected error; a report is in {report}", file=sys.stderr)
        return 1
    return (app.return_code if app is not None else None) or 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _tolerate_the_terminal_encoding()
    parser = build_parser()
    arguments = parser.parse_args(argv)
    if arguments.command is None:
        try:
            return run_app(arguments.data_dir)
        except KeyboardInterrupt:
            return 130
    try:
        if arguments.command == "moves":
            print(moves_command(arguments.position, arguments.dice))
            return 0
        if arguments.command == "cube":
            from trainer.cube_report import cube_command

            print(cube_command(arguments.position, arguments.owner))
            return 0
        if arguments.command == "hint":
            from trainer.analysis.hint import hint_command

            print(
                hint_command(
                    arguments.position,
                    arguments.dice,
                    plies=arguments.plies,
                    as_json=arguments.json,
                    cube=arguments.cube,
                )
            )
            return 0
        if arguments.command == "puzzles":
            text, status = puzzles_command(arguments)
            print(text)
            return status
        if arguments.command == "stats":
            from trainer.stats_report import stats_command

            report, notice = stats_command(arguments.data_dir, as_json=arguments.json)
            if notice:
                print(f"bgtrainer: {notice}", file=sys.stderr)
            print(report)
            return 0
        if arguments.command == "game":
            print(game_command(arguments))
            return 0
        if arguments.command == "validate":
            text, status = validate_command(arguments.paths)
            print(text)
            return status
        parser.error(f"unknown command {arguments.command!r}")  # pragma: no cover - argparse refuses it first
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as command-line tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (EngineError, AnalysisError) as error:
        print(f"bgtrainer: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # what a bad argument can raise beyond the documented errors: still one line
        print(f"bgtrainer: error: {one_line(f'{type(error).__name__}: {error}')}", file=sys.stderr)
        return EXIT_USAGE


def _tolerate_the_terminal_encoding() -> None:
    """Never fail on a character the terminal can't show (e.g. under ``LC_ALL=C``): it is replaced instead."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def run() -> NoReturn:
    """Console-script entry point."""
    sys.exit(main())
