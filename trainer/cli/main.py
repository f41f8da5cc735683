"""The ``bgtrainer`` command line."""

from __future__ import annotations

import argparse
import gc
import importlib.util
import io
import json
import os
import re
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import trainer.cli.wording as wording
from trainer import __version__
from trainer.analysis.basics import (
    ANALYSIS_PLIES,
    CUBE_OWNERS,
    DEFAULT_LEVEL,
    LEVEL_PLIES,
    MAX_PLIES,
    MIN_PLIES,
    AnalysisError,
)
from trainer.engine.errors import EngineError
from trainer.engine.wording import printable
from trainer.i18n import LANGUAGES, Language, language_from, short_date, use_language

if TYPE_CHECKING:
    from trainer.content.generate import Found
    from trainer.engine import MatchScore
    from trainer.store import StoredGame

EXIT_USAGE = 2
MAX_COUNT = 1000
"""The most puzzles ``bgtrainer puzzles generate`` mines in one run (a thousand forced puzzles take minutes)."""


def _one_line(text: str) -> str:
    """``text`` as one short line (see :func:`trainer.content.files.one_line`)."""
    from trainer.content.files import one_line

    return one_line(text)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one short line (whatever the arguments) and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, wording.parser_error(self.prog, _one_line(message)) + "\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse's own message quotes the value in full.
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(repr(choice) for choice in action.choices)
            raise argparse.ArgumentError(action, wording.invalid_choice(str(value), choices))


def moves_command(position_text: str, dice_text: str | None) -> str:
    """The report of ``bgtrainer moves``: every legal play, one a line, then whether the roll is forced and why.

    :raises EngineError: for a bad position or dice.
    """
    from trainer.engine import explain, parse_dice, read_position, sorted_plays

    position, xgid_dice = read_position(position_text, allow_finished=False)
    if dice_text is not None:
        dice = parse_dice(dice_text)
    elif xgid_dice is not None:
        dice = xgid_dice
    else:
        raise EngineError(wording.no_dice_given())
    explanation = explain(position, dice)
    lines = [] if explanation.no_play else [str(play) for play in sorted_plays(explanation.plays)]
    lines.append(explanation.text)
    return "\n".join(lines)


def _refuse_waiting_checkers(position_text: str) -> None:
    """Refuse a position with checkers waiting to enter (acey-deucey), which bgsage can't evaluate.

    :raises EngineError: for it, or for a position that can't be read.
    """
    from trainer.engine import read_position

    position = read_position(position_text, allow_finished=False)[0]
    if position.has_waiting():
        raise EngineError(wording.cannot_evaluate_waiting(position_text))


def _int(text: str) -> int:
    """A whole number from the command line, of at most 19 digits (argparse reports the error on one line)."""
    if not re.fullmatch(r"\s*[-+]?[0-9]{1,19}\s*", text):
        raise argparse.ArgumentTypeError(wording.invalid_int(text))
    return int(text)


def _plies(text: str) -> int:
    """An evaluation depth from the command line (argparse reports the error on one line)."""
    if not re.fullmatch(r"\s*[0-9]{1,3}\s*", text) or not MIN_PLIES <= int(text) <= MAX_PLIES:
        raise argparse.ArgumentTypeError(wording.invalid_plies(MIN_PLIES, MAX_PLIES, text))
    return int(text)


def _every_parser(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every parser of its commands and their actions, at any depth."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                yield from _every_parser(command)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``bgtrainer`` (argparse's own words, "usage:" and the like, in the language in use)."""
    argparse._ = wording.argparse_text  # type: ignore[attr-defined]  # argparse looks its words up at each call
    text = wording.help_text
    parser = _Parser(prog="bgtrainer", description=text("bgtrainer"))
    parser.add_argument("--version", action="version", version=f"bgtrainer {__version__}")
    parser.add_argument("--data-dir", type=Path, metavar="DIR", help=text("data-dir"))
    parser.add_argument("--lang", choices=LANGUAGES, help=text("lang"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    moves = commands.add_parser("moves", help=text("moves"), description=text("moves.description"))
    moves.add_argument("position", metavar="POSITION", help=text("moves.position"))
    moves.add_argument("dice", metavar="DICE", nargs="?", help=text("moves.dice"))
    cube = commands.add_parser("cube", help=text("cube"), description=text("cube.description"))
    cube.add_argument("position", metavar="POSITION", help=text("cube.position"))
    cube.add_argument("--owner", choices=("centered", "player"), help=text("cube.owner"))
    hint = commands.add_parser("hint", help=text("hint"), description=text("hint.description"))
    hint.add_argument("position", metavar="POSITION", help=text("hint.position"))
    hint.add_argument("dice", metavar="DICE", nargs="?", help=text("hint.dice"))
    hint.add_argument("--json", action="store_true", help=text("json"))
    default_plies = LEVEL_PLIES[DEFAULT_LEVEL]
    hint.add_argument(
        "--plies",
        type=_plies,
        default=default_plies,
        metavar="N",
        help=text("hint.plies", least=MIN_PLIES, most=MAX_PLIES, level=DEFAULT_LEVEL, plies=default_plies),
    )
    hint.add_argument("--cube", choices=CUBE_OWNERS, default="centered", help=text("hint.cube"))
    validate = commands.add_parser("validate", help=text("validate"), description=text("validate.description"))
    validate.add_argument("paths", metavar="PATH", nargs="*", type=Path, help=text("validate.paths"))
    validate.add_argument("--deep", action="store_true", help=text("validate.deep"))
    lessons = commands.add_parser("lessons", help=text("lessons"), description=text("lessons.description"))
    lesson_commands = lessons.add_subparsers(dest="lesson_command", metavar="ACTION", required=True)
    lesson_commands.add_parser("export", help=text("export-lessons"), description=text("export-lessons.description"))
    figures = lesson_commands.add_parser("figures", help=text("figures"), description=text("figures.description"))
    figures.add_argument("position", metavar="POSITION", help=text("moves.position"))
    figures.add_argument("dice", metavar="DICE", nargs="?", help=text("figures.dice"))
    figures.add_argument("--question", choices=("double", "take"), help=text("figures.question"))
    figures.add_argument("--plies", type=_plies, default=MAX_PLIES, metavar="N", help=text("figures.plies"))
    figures.add_argument("--length", type=int, default=0, metavar="N", help=text("figures.length"))
    figures.add_argument("--score", metavar="A-B", help=text("figures.score"))
    figures.add_argument("--crawford", action="store_true", help=text("figures.crawford"))
    figures.add_argument("--cube", type=int, default=1, metavar="V", help=text("figures.cube"))
    figures.add_argument("--rollout", type=_int, metavar="N", help=text("figures.rollout"))
    figures.add_argument("--seed", type=_int, default=1, metavar="S", help=text("figures.seed"))
    stats = commands.add_parser("stats", help=text("stats"), description=text("stats.description"))
    stats.add_argument("--json", action="store_true", help=text("json"))
    stats.add_argument("--data-dir", type=Path, metavar="DIR", default=argparse.SUPPRESS, help=text("stats.data-dir"))
    puzzles = commands.add_parser("puzzles", help=text("puzzles"), description=text("puzzles.description"))
    puzzle_commands = puzzles.add_subparsers(dest="puzzle_command", metavar="ACTION", required=True)
    generate = puzzle_commands.add_parser("generate", help=text("generate"), description=text("generate.description"))
    kinds = ("forced", "bearoff", "recognition", "bearoff-cube", "acey-deucey", "best", "cube", "shots", "pips")
    generate.add_argument("--kind", choices=kinds, required=True)
    generate.add_argument("--count", type=_int, default=20, help=text("generate.count", most=f"{MAX_COUNT:,}"))
    generate.add_argument("--seed", type=_int, default=1, help=text("generate.seed"))
    generate.add_argument("--output", type=Path, help=text("generate.output"))
    generate.add_argument("--prefix", help=text("generate.prefix"))
    mine = puzzle_commands.add_parser("mine", help=text("mine"), description=text("mine.description"))
    mine.add_argument("--kind", choices=("best", "cube"), required=True)
    mine.add_argument("--count", type=_int, default=20, help=text("mine.count"))
    mine.add_argument("--seed", type=_int, default=1, help=text("generate.seed"))
    mine.add_argument("--workers", type=_int, default=1, help=text("mine.workers"))
    mine.add_argument("--cluster", metavar="ADDRESS", help=text("mine.cluster"))
    mine.add_argument("--output", type=Path, help=text("generate.output"))
    mine.add_argument("--mat", type=Path, action="append", metavar="FILE.mat", help=text("mine.mat"))
    puzzle_commands.add_parser("export", help=text("export-puzzles"), description=text("export-puzzles.description"))
    analyse = commands.add_parser(
        "analyse", help=text("analyse"), description=text("analyse.description"), epilog=text("analyse.epilog")
    )
    analyse.add_argument("file", metavar="FILE.mat", nargs="?", type=Path, help=text("analyse.file"))
    analyse.add_argument("--game", metavar="ID", help=text("analyse.game"))
    analyse.add_argument("--json", action="store_true", help=text("json"))
    analyse.add_argument(
        "--plies",
        type=_plies,
        default=ANALYSIS_PLIES,
        metavar="N",
        help=text("analyse.plies", least=MIN_PLIES, most=MAX_PLIES, plies=ANALYSIS_PLIES),
    )
    serve = commands.add_parser("serve", help=text("serve"), description=text("serve.description"))
    serve.add_argument("--host", default="127.0.0.1", help=text("serve.host"))
    serve.add_argument("--port", type=_int, default=8000, help=text("serve.port"))
    given_token = serve.add_mutually_exclusive_group()
    given_token.add_argument("--token", help=text("serve.token"))
    given_token.add_argument("--token-file", type=Path, metavar="PATH", help=text("serve.token-file"))
    serve.add_argument("--data-dir", type=Path, metavar="DIR", default=argparse.SUPPRESS, help=text("data-dir"))
    game = commands.add_parser("game", help=text("game"), description=text("game.description"))
    game_commands = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    game_commands.add_parser("list", help=text("game-list"), description=text("game-list.description"))
    export = game_commands.add_parser("export", help=text("game-export"), description=text("game-export.description"))
    export.add_argument("game", metavar="GAME", nargs="?", help=text("game-export.game"))
    export.add_argument("--name", default="Learner", help=text("game-export.name"))
    for command in _every_parser(parser):
        if command is not parser:  # "--lang" after any command too, e.g. "bgtrainer stats --lang pt"
            command.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=text("lang"))
    return parser


def puzzles_command(arguments: argparse.Namespace) -> tuple[str, int]:
    """Run ``bgtrainer puzzles generate|export``; its output and exit status."""
    if arguments.puzzle_command == "export":
        from trainer.content.generate import export_lines
        from trainer.content.puzzles import load_puzzles

        library = load_puzzles()
        if library.problems:
            raise EngineError(wording.shipped_puzzle_problems(len(library.problems), library.problems[0]))
        return "\n".join(export_lines([*library.puzzles, *library.drills, *library.counts])), 0
    if arguments.count < 1:
        raise EngineError(wording.count_too_small(arguments.count))
    if arguments.puzzle_command == "mine":
        return mine_command(arguments)
    if arguments.count > MAX_COUNT:
        raise EngineError(wording.count_too_large(MAX_COUNT, arguments.count))
    prefix = arguments.prefix or f"{arguments.kind}-s{arguments.seed}"
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", prefix):
        raise EngineError(wording.bad_prefix(prefix))
    if arguments.output is not None:
        _refuse_unwritable(arguments.output)  # before the mining, which may take hours
    from trainer.cli.progress import MiningProgress

    with MiningProgress(arguments.kind, arguments.count) as found:
        text = _mined_toml(arguments.kind, arguments.count, arguments.seed, prefix, found)
    if arguments.output is not None:
        from trainer.shared.regular_files import write_regular_file

        try:
            write_regular_file(arguments.output, text.encode("utf-8"))
        except OSError as error:
            raise EngineError(wording.cannot_write(arguments.output, str(error.strerror or error))) from None
        return wording.puzzles_written(arguments.count, arguments.kind, arguments.output), 0
    return text.rstrip("\n"), 0


def mine_command(arguments: argparse.Namespace) -> tuple[str, int]:
    """Run ``bgtrainer puzzles mine``: JSON lines on standard output, or written to ``--output`` (with its
    checkpoint beside it, kept: the corpus build reads it, and a larger ``--count`` goes on from it)."""
    if arguments.workers < 1:
        raise EngineError(wording.workers_too_few(arguments.workers))
    if arguments.seed < 0:
        raise EngineError(wording.seed_negative(arguments.seed))
    if arguments.cluster is not None and importlib.util.find_spec("distributed") is None:
        raise EngineError(wording.cluster_missing())
    checkpoint = None
    if arguments.output is not None:
        _refuse_unwritable(arguments.output)
        checkpoint = arguments.output.with_name(arguments.output.name + ".checkpoint")
    from trainer.authoring.mine_job import CheckpointError, MiningRun, mine
    from trainer.authoring.mine_records import finish
    from trainer.cli.progress import MiningProgress

    sources: tuple[tuple[str, int], ...] = ()
    if arguments.mat:
        from trainer.play.match_file import read_match_file

        sources = tuple((str(path.resolve()), len(read_match_file(path).games)) for path in arguments.mat)
    run = MiningRun(arguments.kind, arguments.count, arguments.seed, sources)
    try:
        with MiningProgress(arguments.kind, arguments.count) as progress:
            records = mine(
                run,
                workers=arguments.workers,
                cluster=arguments.cluster,
                checkpoint=checkpoint,
                found=progress,
                resumed=progress.resume,
                failed=lambda index, error: print(wording.mining_task_failed(index, error), file=sys.stderr),
            )
    except CheckpointError:
        raise EngineError(wording.not_this_checkpoint(checkpoint or Path(), arguments.kind, arguments.seed)) from None
    except OSError as error:
        if arguments.cluster is None:
            raise
        raise EngineError(wording.cluster_unreachable(arguments.cluster, str(error))) from None
    prefix = f"{arguments.kind}-s{arguments.seed}"
    lines = [json.dumps(finish(record, f"{prefix}-{number:05d}")) for number, record in enumerate(records, start=1)]
    text = "\n".join(lines)
    if arguments.output is None:
        return text, 0
    from trainer.shared.regular_files import write_regular_file

    try:
        write_regular_file(arguments.output, (text + "\n").encode("utf-8"))
    except OSError as error:
        raise EngineError(wording.cannot_write(arguments.output, str(error.strerror or error))) from None
    return wording.puzzles_written(len(records), arguments.kind, arguments.output), 0


def _refuse_unwritable(path: Path) -> None:
    """Refuse an ``--output`` that is not a regular file or a new one, without opening it (a pipe would wait).

    :raises EngineError: saying what the path is, or why it can't be written.
    """
    from trainer.shared.regular_files import check_writable

    try:
        check_writable(path)
    except OSError as error:
        raise EngineError(wording.cannot_write(path, str(error.strerror or error))) from None


def _mined_toml(kind: str, count: int, seed: int, prefix: str, found: Found) -> str:
    """``count`` puzzles of ``kind`` mined from ``seed``, as a puzzle file (ids ``PREFIX-0001`` and up); ``found``
    is told how many are kept, as they are."""
    from trainer.content.generate import mine, to_toml

    if kind in ("best", "cube", "shots", "pips"):
        from trainer.authoring.skill_mining import mine_skill_toml

        return mine_skill_toml(kind, count, seed, prefix=prefix, found=found)
    if kind == "bearoff-cube":
        from trainer.authoring.mining import cube_toml, mine_cube

        return cube_toml(mine_cube(count, seed, found=found), prefix=prefix)
    if kind == "acey-deucey":
        from trainer.authoring.mining import mine_acey

        return to_toml(mine_acey(count, seed, found=found), prefix=prefix)
    if kind == "recognition":
        from trainer.content.recognition import mine_recognition

        return to_toml(mine_recognition(count, seed, found=found), prefix=prefix)
    return to_toml(mine(kind, count, seed, found=found), prefix=prefix)


def _stored_game_text(game: StoredGame) -> str:
    """A line of ``bgtrainer game list``: the stored texts shown with their control characters as visible signs."""
    from trainer.play import wording as play_wording

    started = f"{short_date(game.started_at)} {time.strftime('%H:%M', time.localtime(game.started_at))}"
    if game.finished and game.result:
        status = play_wording.stored_result(game.result, game.match_length, game.learner_score, game.computer_score)
    else:
        status = wording.game_status(game.finished)
    score = wording.game_score(game.learner_score, game.computer_score)
    level = play_wording.level_name(game.level)
    return wording.game_line(game.number, printable(game.id), started, printable(game.kind), level, score, status)


def _check_player_name(name: str) -> None:
    """Refuse a name for a .mat file that the file can't carry as it is.

    :raises EngineError: for a name that is empty, too long, or holds a control character or a colon.
    """
    from trainer.play.matfile import MAX_NAME

    if len(name) > MAX_NAME:
        raise EngineError(wording.name_too_long(len(name), MAX_NAME))
    if not name.isprintable():
        raise EngineError(wording.name_with_control_characters(name))
    if ":" in name:
        raise EngineError(wording.name_with_colon(name))
    if not name.strip():
        raise EngineError(wording.empty_name())


def game_command(arguments: argparse.Namespace) -> str:
    """Run ``bgtrainer game list|export``; its output.

    :raises EngineError: for a game that is not there, or whose record cannot be read or replayed.
    """
    from trainer.play import RecordError, SessionRecord, export_mat
    from trainer.play import wording as play_wording
    from trainer.store import ProgressStore, find_game

    if arguments.game_command == "export":
        _check_player_name(arguments.name)
    store = ProgressStore(arguments.data_dir)
    try:
        games = store.games.games()
        if store.notice:
            print(wording.notice_line(store.notice), file=sys.stderr)
    finally:
        store.close()
    if arguments.game_command == "list":
        if not games:
            return wording.no_games_yet()
        return "\n".join(_stored_game_text(game) for game in games)
    if not games:
        raise EngineError(wording.nothing_to_export())
    key: str | None = arguments.game
    found = max(games, key=lambda game: game.updated_at) if key is None else find_game(games, key)
    if found is None:
        raise EngineError(wording.no_such_game(key or ""))
    chosen = found
    try:
        return export_mat(SessionRecord.from_json(chosen.record), learner_name=arguments.name).rstrip("\n")
    except RecordError as error:
        raise EngineError(play_wording.cannot_export(chosen.number, chosen.id, error)) from None


def validate_command(paths: Sequence[Path], *, deep: bool = False) -> tuple[str, int]:
    """The report of ``bgtrainer validate`` (``--deep``: with the lessons' figures evaluated again) and its exit
    status (1 if any problem was found)."""
    from trainer.content.validate import validate_paths

    if deep:
        from trainer.authoring.figures import deep_check

        report = validate_paths(paths, deep=deep_check)
    else:
        report = validate_paths(paths)
    return report.text(), 1 if report.problems else 0


def lessons_command(arguments: argparse.Namespace) -> tuple[str, int]:
    """Run ``bgtrainer lessons export|figures``; its output and exit status."""
    if arguments.lesson_command == "export":
        from trainer.content.lesson_export import export_lessons
        from trainer.content.loader import load_lessons

        library = load_lessons()
        if library.problems:
            raise EngineError(wording.shipped_lesson_problems(len(library.problems), library.problems[0]))
        return "\n".join(export_lessons(library.lessons)), 0
    from trainer.authoring.figures import best_play_lines, cube_lines, rollout_play_lines
    from trainer.engine import parse_dice, read_position

    position = read_position(arguments.position)[0]
    if arguments.question is not None:
        if arguments.dice is not None or arguments.rollout is not None:
            raise EngineError(wording.figures_dice_or_question())
        match = _figures_score(arguments)
        return cube_lines(position, arguments.question, arguments.plies, match=match, cube=arguments.cube), 0
    if arguments.dice is None:
        raise EngineError(wording.figures_dice_or_question())
    if arguments.rollout is not None:
        if arguments.rollout < 1:
            raise EngineError(wording.rollout_trials_positive(arguments.rollout))
        if arguments.seed < 0:
            raise EngineError(wording.seed_negative(arguments.seed))
        return rollout_play_lines(position, parse_dice(arguments.dice), arguments.rollout, arguments.seed), 0
    return best_play_lines(position, parse_dice(arguments.dice), arguments.plies), 0


def _figures_score(arguments: argparse.Namespace) -> MatchScore | None:
    """The match score of ``lessons figures`` (``--length``, ``--score`` yours first, ``--crawford``), if any.

    :raises EngineError: for a score without a length or one that cannot be.
    """
    from trainer.engine import MatchScore

    if not arguments.length:
        if arguments.score is not None or arguments.crawford:
            raise EngineError(wording.figures_score_needs_length())
        return None
    found = re.fullmatch(r"(\d{1,2})-(\d{1,2})", arguments.score or "0-0")
    if found is None:
        raise EngineError(wording.figures_unreadable_score(arguments.score))
    return MatchScore(arguments.length, int(found.group(1)), int(found.group(2)), crawford=arguments.crawford)


def run_app(data_dir: Path | None, language: Language | None = None) -> int:
    """Start the app (imported here so that the other commands never load the UI); its exit status.

    An unexpected error ends the app with status 1 and a crash report in the data folder, which the message names.
    """
    gc.disable()  # the start makes objects that live all session: none is collected before the app resumes it
    from concurrent.futures import ThreadPoolExecutor

    from trainer.store import ProgressStore, default_data_dir

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="progress") as opener:
        # The progress file is opened and checked (SQLite's work, which lets the interpreter go on) while the UI's
        # modules are imported.
        opening = opener.submit(ProgressStore, data_dir)
        from trainer.tui.app import TrainerApp
        from trainer.tui.crash_report import write_crash_report

    folder = data_dir if data_dir is not None else default_data_dir()
    app: TrainerApp | None = None
    report: Path | None = None
    try:
        app = TrainerApp(data_dir=data_dir, language=language, resume_garbage_collection=True, store=opening.result())
        app.run()
        report = app.crash_report
    except KeyboardInterrupt:
        raise
    except Exception as error:
        report = write_crash_report(folder, error)
    finally:
        gc.enable()  # in case the app stopped before its content was in
        if app is not None:
            app.store.close()  # the app closes it when it stops; not so if it never started
            if app.store.closing_notice:
                print(wording.notice_line(app.store.closing_notice), file=sys.stderr)
    if report is not None:
        print(wording.crashed(report), file=sys.stderr)
        return 1
    return (app.return_code if app is not None else None) or 0


def requested_language(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` of ``argv`` (``--lang pt`` or ``--lang=pt``), looked for before the parser
    is built so that its help is in that language; ``None`` if there is none."""
    found = None
    for index, argument in enumerate(argv):
        if argument == "--lang" and index + 1 < len(argv):
            found = argv[index + 1]
        elif argument.startswith("--lang="):
            found = argument.partition("=")[2]
    return found


def explicit_language(argv: Sequence[str]) -> Language | None:
    """The language asked for on the command line or in ``BGTRAINER_LANG`` (which outrank the app's setting)."""
    asked = requested_language(argv) or os.environ.get("BGTRAINER_LANG")
    return language_from(asked, {}) if asked and asked.strip() else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _tolerate_the_terminal_encoding()
    given = list(sys.argv[1:] if argv is None else argv)
    use_language(language_from(requested_language(given), os.environ))
    parser = build_parser()
    arguments = parser.parse_args(given)
    if arguments.command is None:
        try:
            return run_app(arguments.data_dir, explicit_language(given))
        except KeyboardInterrupt:
            return 130
    try:
        if arguments.command == "moves":
            print(moves_command(arguments.position, arguments.dice))
            return 0
        if arguments.command == "cube":
            from trainer.cli.cube import cube_command

            print(cube_command(arguments.position, arguments.owner))
            return 0
        if arguments.command == "hint":
            from trainer.analysis.hint import hint_command

            _refuse_waiting_checkers(arguments.position)
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
            from trainer.cli.stats import stats_command

            report, notice = stats_command(
                arguments.data_dir, as_json=arguments.json, language=explicit_language(given)
            )
            if notice:
                print(wording.notice_line(notice), file=sys.stderr)
            print(report)
            return 0
        if arguments.command == "game":
            print(game_command(arguments))
            return 0
        if arguments.command == "serve":
            from trainer.cli.serve import TokenFileError, given_token, serve_command

            try:
                token = given_token(arguments.token, arguments.token_file, os.environ)
            except TokenFileError as error:
                print(wording.error_line(str(error)), file=sys.stderr)
                return EXIT_USAGE
            serve_command(arguments.host, arguments.port, arguments.data_dir, token)
            return 0
        if arguments.command == "analyse":
            from trainer.cli.analyse import analyse_command

            report, problems = analyse_command(
                arguments.file,
                arguments.game,
                data_dir=arguments.data_dir,
                plies=arguments.plies,
                as_json=arguments.json,
            )
            for line in problems:
                print(wording.error_line(_one_line(line)), file=sys.stderr)
            print(report)
            return 0
        if arguments.command == "validate":
            text, status = validate_command(arguments.paths, deep=arguments.deep)
            print(text)
            return status
        if arguments.command == "lessons":
            text, status = lessons_command(arguments)
            print(text)
            return status
        parser.error(wording.unknown_command(arguments.command))  # pragma: no cover - argparse refuses it first
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as command-line tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (EngineError, AnalysisError) as error:
        print(wording.error_line(_one_line(str(error))), file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # what a bad argument can raise beyond the documented errors: still one line
        message = wording.unexpected_error(type(error).__name__, str(error))
        print(wording.error_line(_one_line(message)), file=sys.stderr)
        return EXIT_USAGE


def _tolerate_the_terminal_encoding() -> None:
    """Never fail on a character the terminal can't show (e.g. under ``LC_ALL=C``): it is replaced instead."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def run() -> NoReturn:
    """Console-script entry point."""
    sys.exit(main())
