"""The ``bgtrainer`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from trainer import __version__
from trainer.engine import EngineError, Play, explain, parse_dice, read_position

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _play_order(play: Play) -> list[tuple[int, int]]:
    return sorted((-move.start, -move.end) for move in play.moves)


def moves_command(position_text: str, dice_text: str | None) -> str:
    """The report of ``bgtrainer moves``: every legal play, one a line, then whether the roll is forced and why.

    :raises EngineError: for a bad position or dice.
    """
    position, xgid_dice = read_position(position_text)
    if dice_text is not None:
        dice = parse_dice(dice_text)
    elif xgid_dice is not None:
        dice = xgid_dice
    else:
        raise EngineError("no dice given: add them after the position, e.g. 65 or 6-5")
    explanation = explain(position, dice)
    lines = [] if explanation.no_play else [str(play) for play in sorted(explanation.plays, key=_play_order)]
    lines.append(explanation.text)
    return "\n".join(lines)


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
        help="a GNU Backgammon Position ID (e.g. 4HPwATDgc/ABMA), an XGID, the text form or 'start'",
    )
    moves.add_argument(
        "dice", metavar="DICE", nargs="?", help="the roll, e.g. 65 or 6-5 (optional when the XGID holds dice)"
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
    return parser


def validate_command(paths: Sequence[Path]) -> tuple[str, int]:
    """The report of ``bgtrainer validate`` and its exit status (1 if any problem was found)."""
    from trainer.content.validate import validate_paths

    report = validate_paths(paths)
    return report.text(), 1 if report.problems else 0


def run_app(data_dir: Path | None) -> int:
    """Start the app (imported here so that the other commands never load the UI)."""
    from trainer.tui.app import TrainerApp

    TrainerApp(data_dir=data_dir).run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        if arguments.command == "moves":
            print(moves_command(arguments.position, arguments.dice))
            return 0
        if arguments.command == "validate":
            text, status = validate_command(arguments.paths)
            print(text)
            return status
        return run_app(arguments.data_dir)
    except EngineError as error:
        print(f"bgtrainer: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def run() -> NoReturn:
    """Console-script entry point."""
    sys.exit(main())
