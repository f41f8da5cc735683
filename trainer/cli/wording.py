"""Every sentence of the command line (:mod:`trainer.cli.main`) and its reports (:mod:`trainer.cli.cube`,
:mod:`trainer.cli.stats`, :mod:`trainer.cli.analyse`, :mod:`trainer.cli.serve`), translated through
:mod:`trainer.i18n`.

The help of the commands is a table (:data:`HELP`), each text marked with ``N_()`` and translated when the parser is
built (:func:`help_text`). Machine output (``--json``, .mat files, puzzle files, notation) is not here: it stays as
it is whatever the language.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from trainer.engine.wording import cube_action, printable, quoted

if TYPE_CHECKING:
    from trainer.engine.bearoff import CubeAction
from trainer.i18n import N_, _, localized, ngettext, translations

# --- the commands' help --------------------------------------------------------------------------------------------

HELP: dict[str, str] = {
    "bgtrainer": N_(
        "Learn backgammon in the terminal: lessons, puzzles and drills, games against the computer with a tutor, "
        "analysis of your games and of match files, a position explorer, your progress and reviews, and the same "
        "app served to a browser (bgtrainer serve). Without a command, the app starts."
    ),
    "data-dir": N_("where progress is kept (default: $BGTRAINER_DATA_DIR, else your user data folder)"),
    "moves": N_("list every legal play of a roll and say whether it is forced"),
    "moves.description": N_(
        "List every legal play of a roll in standard notation and say whether the roll is forced, and why."
    ),
    "moves.position": N_(
        "a GNU Backgammon Position ID (e.g. 4HPwATDgc/ABMA), an XGID, the text form (acey-deucey checkers waiting to "
        "enter as 'waitxN') or 'start'"
    ),
    "moves.dice": N_("the roll, e.g. 65 or 6-5 (optional when the XGID holds dice)"),
    "cube": N_("the exact money cube decision of a bear-off (up to six checkers a side)"),
    "cube.description": N_(
        "Print the money equities of not doubling, doubling and being taken, and doubling and being passed for the "
        "player on roll (X) in a bear-off of up to six checkers a side, exact with optimal play, then the right "
        "action and whether O should take."
    ),
    "cube.position": N_(
        "a Position ID (optionally POSID:MATCHID), an XGID, or the text form, with X on roll before rolling"
    ),
    "cube.owner": N_(
        "the cube in the middle or owned by the player on roll (default: as the position says, else centered)"
    ),
    "hint": N_("rank every play of a roll, or judge the cube, with the bgsage engine"),
    "hint.description": N_(
        "With dice: every legal play ranked best first with its equity, its difference from the best and the "
        "mover's winning, gammon and backgammon chances. Without dice: the money cube decision of the player on "
        "roll (no double, double/take and double/pass equities and the right action)."
    ),
    "hint.position": N_("a GNU Backgammon Position ID (e.g. 4HPwATDgc/ABMA), an XGID, the text form or 'start'"),
    "hint.dice": N_("the roll, e.g. 65 or 6-5 (leave out for the cube decision)"),
    "json": N_("print JSON instead of text"),
    "hint.plies": N_(
        "evaluation depth from {least} (the network alone) to {most}, every ply one roll further (default: the "
        "{level} level's, {plies})"
    ),
    "hint.cube": N_("who owns the cube: nobody (default), the player on roll (X) or the opponent (O)"),
    "validate": N_("check every lesson and puzzle file and report all problems"),
    "validate.description": N_(
        "Check content files (default: the shipped lessons and puzzles) and report every problem, each naming the "
        "file, the line, the step or field, what is wrong and a suggestion. Exit status 1 on any."
    ),
    "validate.paths": N_("lesson or puzzle files, or folders of them"),
    "stats": N_("print the progress dashboard's figures for a data folder"),
    "stats.description": N_(
        "Print the progress figures: lessons done, puzzles solved by kind and theme with first-try accuracy, the "
        "rating with its deviation and history, the best streak and storm, reviews due, days practised in a row, "
        "and what to do next. Reads the data folder of --data-dir (default: $BGTRAINER_DATA_DIR, else your user "
        "data folder)."
    ),
    "stats.data-dir": N_("the data folder to read"),
    "puzzles": N_("generate or export puzzles"),
    "puzzles.description": N_("Generate new puzzles or export the shipped ones."),
    "generate": N_("mine new puzzles and write them as a puzzle file"),
    "generate.description": N_(
        "Mine puzzles from seeded self-play games (forced, recognition) or random bear-offs (bearoff), keeping only "
        "positions that meet the puzzle criteria, deduplicated by Position ID and dice. Recognition drill positions "
        "come in the drill's shares: 30% forced, 30% not forced, 25% with no legal play (most without a checker on "
        "the bar) and 15% partial, in a shuffled order."
    ),
    "generate.count": N_("how many puzzles, at most {most} (default 20)"),
    "generate.seed": N_("random seed (default 1)"),
    "generate.output": N_("write to this file instead of standard output"),
    "generate.prefix": N_("id prefix (default: the kind and the seed)"),
    "mine": N_("mine rollout-settled best-play or cube puzzles as a batch job, locally or on a Dask cluster"),
    "mine.description": N_(
        "Mine best-play or contact cube puzzles from seeded self-play games between players of different "
        "strengths, each answer settled by bgsage (a rollout where 3 plies do not settle it), as JSON lines with "
        "the fields of 'puzzles export'. The same seed gives the same puzzles whatever the number of workers. "
        "With --output the run keeps a checkpoint beside the file (FILE.checkpoint): run the same command again "
        "after a stop to go on from it, or with a larger --count to mine more; the corpus build reads it too."
    ),
    "mine.workers": N_("how many local worker processes (default 1)"),
    "mine.cluster": N_(
        "the address of a Dask distributed scheduler to run on instead (needs: pip install 'bgtrainer[cluster]')"
    ),
    "mine.count": N_("how many puzzles (default 20)"),
    "mine.mat": N_("mine the games of this .mat file instead of self-play (may be given several times)"),
    "validate.deep": N_(
        "also evaluate the best-play and contact cube figures of lessons again (takes a minute or two)"
    ),
    "lessons": N_("export the lessons' graded steps, or compute figures for a lesson's author"),
    "lessons.description": N_(
        "'export' prints every graded step of the shipped lessons; 'figures' computes the evaluated lines of a "
        "best-play or contact cube step for a lesson file."
    ),
    "export-lessons": N_("print every graded step of every lesson as JSON lines"),
    "export-lessons.description": N_(
        "Print every graded step of every shipped lesson as a JSON line: lesson (id), step (its number in the "
        "lesson), kind and prompt, and for the kinds that have them the fields of 'bgtrainer puzzles export': "
        "position (Position ID, solver on roll), dice, answers (best-play and play steps: the accepted resulting "
        "positions as Position IDs; shots and pips: the number; cube: the answer in words), side for pips, "
        "cube_owner and question for cube steps. See the lessons README."
    ),
    "figures": N_("compute the figures of a best-play or contact cube step"),
    "figures.description": N_(
        "Evaluate a position with bgsage and print the lines a lesson step stores: with DICE, the 'plies' and "
        "'plays' of a best-play step (you on roll); with --question, the 'answer', 'plies' and 'figures' of a "
        "contact cube step, the cube centered."
    ),
    "figures.dice": N_("the roll of a best-play step, e.g. 31"),
    "figures.question": N_("a cube step's question: double (you on roll) or take (O on roll has doubled you)"),
    "figures.plies": N_("the depth in bgsage's plies (default and most: 3)"),
    "figures.length": N_("a cube step's match length (leave out for money play)"),
    "figures.score": N_("a cube step's score before the game, yours first, e.g. 2-3"),
    "figures.crawford": N_("the game is the Crawford game"),
    "figures.cube": N_("a cube step's cube before the double: 1 in the middle, 2 or more the doubler's"),
    "figures.rollout": N_(
        "roll the best plays out over N games instead (a best-play step; about 30 s for 1296 on two threads) and "
        "print 'plies', 'trials' and the 'plays' with their standard errors"
    ),
    "figures.seed": N_("the rollout's random seed (default 1)"),
    "export-puzzles": N_("print every shipped puzzle as JSON lines"),
    "export-puzzles.description": N_(
        "Print every shipped puzzle as a JSON line: id, kind, theme, position (Position ID, solver on roll), dice, "
        "answers (accepted resulting positions as Position IDs; for the recognition drill's positions, kind "
        "'recognition', the answer: 'forced', 'not forced' or 'no play'). Cube puzzles (kind 'cube') give cube_owner "
        "and question instead of dice, the answer in words; acey-deucey puzzles carry variant 'acey-deucey' and "
        "positions in the text form."
    ),
    "game": N_("list your games against the computer, or export one as a .mat match file"),
    "game.description": N_(
        "List the games and matches played against the computer (kept with your progress, see --data-dir), or print "
        "one as a GNU Backgammon .mat match file, finished or not."
    ),
    "game-list": N_("every saved game: number, id, when it started, kind, level, score and result"),
    "game-list.description": N_("Print every saved game against the computer, numbered in the order they started."),
    "game-export": N_("print a game as a .mat match file (for GNU Backgammon or eXtreme Gammon)"),
    "game-export.description": N_(
        "Print a saved game or match as a .mat match file: the computer is the first player, you the second. "
        "Example: bgtrainer game export > match.mat"
    ),
    "game-export.game": N_("an id or a number from 'bgtrainer game list' (default: the game saved last)"),
    "game-export.name": N_("your name in the file (default: Learner)"),
    "lang": N_("the language: en (English) or pt (Portuguese); default: BGTRAINER_LANG, then the locale"),
    "serve": N_("serve the app to a browser, private by default"),
    "serve.description": N_(
        "Serve the app to a web browser through textual-serve: each tab runs its own app on the same data folder. "
        "It listens on 127.0.0.1 and prints a URL holding a secret token; every request needs it."
    ),
    "serve.host": N_(
        "the address to listen on (default 127.0.0.1; 0.0.0.0 opens it to your network, token still needed)"
    ),
    "serve.port": N_("the port (default 8000)"),
    "serve.token": N_(
        "the secret token (default: $BGTRAINER_TOKEN, else a new random one); any user can read it in the process "
        "list: prefer --token-file or BGTRAINER_TOKEN"
    ),
    "serve.token-file": N_("a file whose first line is the secret token"),
    "analyse": N_("analyse every decision of a match file or of a game played here"),
    "analyse.description": N_(
        "Replay a .mat match file (as GNU Backgammon, eXtreme Gammon or Backgammon Galaxy write it), or a game "
        "played here (--game), and judge every checker play and cube decision of both players with bgsage: the "
        "equity each lost and GNU Backgammon's verdict (doubtful from 0.03, bad from 0.06, very bad from 0.12). "
        "Prints each player's error rate and rating and the worst mistakes, or with --json every decision."
    ),
    "analyse.epilog": N_(
        "A file holds at most 1,000 games and 4,000,000 bytes. Exit status: 0 when the match was analysed (a game "
        "that cannot be replayed, or whose end disagrees with the file, is reported on standard error and the rest "
        "analysed); 2 for a file that cannot be read (named with its line) or of which nothing could be analysed."
    ),
    "analyse.file": N_("the .mat file to analyse"),
    "analyse.game": N_("a game played here instead: an id or a number from 'bgtrainer game list'"),
    "analyse.plies": N_("the depth in bgsage's plies ({least}-{most}; default {plies})"),
}
"""The help and description of each command and argument, by key, in English (translated by :func:`help_text`)."""


def help_text(key: str, **fields: object) -> str:
    """The help of ``key`` in :data:`HELP`, translated, its ``{fields}`` filled in."""
    text = translations().gettext(HELP[key])
    return text.format(**fields) if fields else text


# --- command-line errors ---------------------------------------------------------------------------------------------


def parser_error(program: str, message: str) -> str:
    """A one-line error about the arguments of ``program`` (``bgtrainer``, ``bgtrainer game export``...)."""
    return _("{program}: error: {message}").format(program=program, message=message)


def error_line(message: str) -> str:
    """A one-line error on standard error."""
    return _("bgtrainer: error: {message}").format(message=message)


def notice_line(notice: str) -> str:
    """What the store or a report has to say, on standard error."""
    return _("bgtrainer: {notice}").format(notice=notice)


def unexpected_error(kind: str, message: str) -> str:
    """An error beyond the documented ones (its type's name and its message)."""
    return _("{kind}: {message}").format(kind=kind, message=message)


def invalid_choice(value: str, choices: str) -> str:
    return _("invalid choice: {value} (choose from {choices})").format(value=quoted(value), choices=choices)


def invalid_int(text: str) -> str:
    return _("invalid int value: {text}").format(text=quoted(text))


def invalid_plies(least: int, most: int, text: str) -> str:
    return _("must be a whole number from {least} to {most}, not {text}").format(
        least=least, most=most, text=quoted(text)
    )


def unknown_command(command: str) -> str:
    return _("unknown command {command}").format(command=repr(command))


def no_dice_given() -> str:
    return _("no dice given: add them after the position, e.g. 65 or 6-5")


def cannot_evaluate_waiting(position_text: str) -> str:
    """``bgtrainer hint`` on a position with checkers waiting to enter (acey-deucey)."""
    return _(
        "bgsage evaluates standard backgammon only, and {position} has checkers waiting to enter (acey-deucey): "
        "'bgtrainer moves' lists its legal plays"
    ).format(position=quoted(position_text))


def not_in_cube_table(position_text: str, problem: str) -> str:
    """``bgtrainer cube`` on a position outside the exact table: what was typed, and why."""
    return _("{position}: {problem}").format(position=quoted(position_text), problem=problem)


def cube_waiting(position_text: str) -> str:
    """``bgtrainer cube`` on a position with checkers waiting to enter (acey-deucey)."""
    return _(
        "{position}: checkers wait to enter (acey-deucey), so this is not a pure bear-off; the exact cube table "
        "covers bear-offs of standard backgammon"
    ).format(position=quoted(position_text))


# --- bgtrainer puzzles ----------------------------------------------------------------------------------------------


def shipped_lesson_problems(count: int, first: object) -> str:
    return ngettext(
        "the shipped lessons have {count} problem (run 'bgtrainer validate'), first: {first}",
        "the shipped lessons have {count} problems (run 'bgtrainer validate'), first: {first}",
        count,
    ).format(count=count, first=first)


def figures_dice_or_question() -> str:
    return _("give the dice of a best-play step or --question for a cube step, not both")


def figures_score_needs_length() -> str:
    return _("--score and --crawford need --length, the match length")


def figures_unreadable_score(score: str) -> str:
    return _("'{score}' is not a score: write yours first, then O's, e.g. 2-3").format(score=printable(score))


def shipped_puzzle_problems(count: int, first: object) -> str:
    return ngettext(
        "the shipped puzzles have {count} problem (run 'bgtrainer validate'): {first}",
        "the shipped puzzles have {count} problems (run 'bgtrainer validate'), the first: {first}",
        count,
    ).format(count=count, first=first)


def count_too_small(count: int) -> str:
    return _("--count must be at least 1, not {count}").format(count=count)


def count_too_large(most: int, count: int) -> str:
    return _("--count must be at most {most}, not {count}: run it again with other seeds for more").format(
        most=f"{most:,}", count=f"{count:,}"
    )


def bad_prefix(prefix: str) -> str:
    return _("--prefix {prefix}: use up to 40 lower-case letters, digits and dashes (ids are PREFIX-0001)").format(
        prefix=quoted(prefix)
    )


def cannot_write(path: Path, reason: str) -> str:
    return _("cannot write {path}: {reason}").format(path=path, reason=reason)


def cluster_missing() -> str:
    return _("--cluster needs Dask's distributed package: pip install 'bgtrainer[cluster]'")


def cluster_unreachable(address: str, reason: str) -> str:
    return _("cannot reach the Dask scheduler at {address}: {reason}").format(address=address, reason=reason)


def workers_too_few(workers: int) -> str:
    return _("--workers must be at least 1, not {workers}").format(workers=workers)


def mining_task_failed(index: int, error: str) -> str:
    return _(
        "game {index} failed and gave no puzzles ({error}); the run goes on (with --output, the same command run "
        "again mines that game again)"
    ).format(index=index, error=error)


def rollout_trials_positive(trials: int) -> str:
    return _("--rollout must be 1 or more, not {trials}").format(trials=trials)


def seed_negative(seed: int) -> str:
    return _("--seed must be 0 or more, not {seed}").format(seed=seed)


def not_this_checkpoint(path: Path, kind: str, seed: int) -> str:
    return _(
        "{path} is not the checkpoint of a run of {kind} puzzles from seed {seed}: remove it or choose another --output"
    ).format(path=path, kind=kind, seed=seed)


def puzzles_written(count: int, kind: str, path: Path) -> str:
    return ngettext("wrote {count} {kind} puzzle to {path}", "wrote {count} {kind} puzzles to {path}", count).format(
        count=count, kind=kind, path=path
    )


def mining_progress(kind: str, kept: int, count: int, left: str) -> str:
    """How far ``bgtrainer puzzles generate`` has come, on standard error (``left``: :func:`time_left`)."""
    return ngettext(
        "{kind}: {kept} of {count} puzzle found, {left}", "{kind}: {kept} of {count} puzzles found, {left}", count
    ).format(kind=kind, kept=f"{kept:,}", count=f"{count:,}", left=left)


def time_left(seconds: float | None) -> str:
    """The time a run still needs, roughly (``None``: not known yet, nothing found so far)."""
    if seconds is None:
        return _("estimating the time left")
    if seconds < 60:
        return _("less than a minute left")
    minutes = round(seconds / 60)
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return ngettext("about {minutes} minute left", "about {minutes} minutes left", minutes).format(minutes=minutes)
    return _("about {hours} h {minutes:02d} min left").format(hours=f"{hours:,}", minutes=minutes)


def mining_stopped(kept: int, count: int) -> str:
    """``bgtrainer puzzles generate`` stopped by Ctrl+C: what it had found, which it does not write."""
    return ngettext(
        "stopped after {kept} of {count} puzzle: nothing written",
        "stopped after {kept} of {count} puzzles: nothing written",
        count,
    ).format(kept=f"{kept:,}", count=f"{count:,}")


# --- bgtrainer game ---------------------------------------------------------------------------------------------------


def game_status(finished: bool) -> str:
    """A saved game's status when its result isn't known."""
    return _("finished") if finished else _("under way")


def game_score(learner: int, computer: int) -> str:
    return _("you {learner}, computer {computer}").format(learner=learner, computer=computer)


def game_line(number: int, game_id: str, started: str, kind: str, level: str, score: str, status: str) -> str:
    """One line of ``bgtrainer game list``."""
    return _("{number:>3}  {id}  {started}  {kind}, {level}  {score}  {status}").format(
        number=number, id=game_id, started=started, kind=kind, level=level, score=score, status=status
    )


def no_games_yet() -> str:
    return _("No games against the computer yet.")


def nothing_to_export() -> str:
    return _("there is no saved game to export: play one first")


def no_such_game(key: str) -> str:
    return _("no saved game {key}: use an id or a number from 'bgtrainer game list'").format(key=quoted(key))


def name_too_long(length: int, most: int) -> str:
    return _("--name must be at most {most} characters, not {length:,}").format(most=most, length=length)


def name_with_control_characters(name: str) -> str:
    return _(
        "--name {name}: a name can't hold control characters (an escape, a tab, a line break...), which the .mat "
        "file would carry"
    ).format(name=quoted(name))


def name_with_colon(name: str) -> str:
    return _("--name {name}: a name can't hold a colon, which ends the name in a .mat file").format(name=quoted(name))


def empty_name() -> str:
    return _("--name can't be empty")


# --- the app ---------------------------------------------------------------------------------------------------------


def crashed(report: Path) -> str:
    return _("bgtrainer stopped on an unexpected error; a report is in {report}").format(report=report)


# --- bgtrainer cube -------------------------------------------------------------------------------------------------


def bad_owner(owner: str) -> str:
    return _("--owner is 'centered' or 'player', not {owner}").format(owner=repr(owner))


def game_over(name: str, checkers: int) -> str:
    return _("the game is over: {name} has borne off all {checkers} checkers").format(name=name, checkers=checkers)


def dice_rolled(dice: str) -> str:
    return _("the dice are already rolled ({dice}): a cube decision comes before rolling").format(dice=dice)


def opponent_owns_cube() -> str:
    return _(
        "the opponent owns the cube in this position, so the player on roll has no cube decision (use --owner to "
        "ask about another cube)"
    )


def outcome(equity: float) -> str:
    """What an equity means for the side that gets it: ``loses 0.684``, ``wins 0.424``."""
    if equity < 0:
        return _("loses {amount:.3f}").format(amount=localized(-equity))
    if equity > 0:
        return _("wins {amount:.3f}").format(amount=localized(equity))
    return _("breaks even")


def take_answer(taker: str, *, doubling: bool, take: bool, taking: str, passing: str) -> str:
    """The doubled side's answer, comparing what taking and passing give it (``doubling``: the double is right)."""
    if doubling and take:
        message = _("{taker} should take: passing {passing}, taking {taking}.")
    elif doubling:
        message = _("{taker} should pass: taking {taking}, passing {passing}.")
    elif take:
        message = _("Doubled, {taker} should take: passing {passing}, taking {taking}.")
    else:
        message = _("Doubled, {taker} should pass: taking {taking}, passing {passing}.")
    return message.format(taker=taker, taking=taking, passing=passing)


def take_point(taker: str, chance: float, *, last_roll: bool) -> str:
    """The take point: the share of the wins a take needs, against the taker's."""
    if last_roll:
        message = _(
            "Take point: on this last roll the cube is never turned again, so a take needs 25% of the wins; {taker} "
            "has {chance:.1%}."
        )
    else:
        message = _(
            "Take point: 25% of the wins with the cube dead, less here, since owning the cube after a take is worth "
            "something. {taker} has {chance:.1%}."
        )
    return message.format(taker=taker, chance=localized(chance))


def cube_heading(mover: str, *, centered: bool, chance: float, equity: str) -> str:
    """The first line of ``bgtrainer cube``: who is on roll, where the cube is, the cubeless chances."""
    if centered:
        message = _(
            "{mover} on roll, the cube in the middle. Without the cube {mover} wins {chance:.1%} (equity {equity})."
        )
    else:
        message = _(
            "{mover} on roll, {mover} owning the cube. Without the cube {mover} wins {chance:.1%} (equity {equity})."
        )
    return message.format(mover=mover, chance=localized(chance), equity=equity)


def money_equities(mover: str) -> str:
    return _("Money equities for {mover}, per unit of the cube:").format(mover=mover)


CUBE_ROWS = (N_("No double"), N_("Double, take"), N_("Double, pass"))
"""The three equities of ``bgtrainer cube``, in order (translated by :func:`cube_rows`)."""


def cube_rows() -> tuple[str, ...]:
    return tuple(translations().gettext(label) for label in CUBE_ROWS)


def right_action(action: CubeAction, margin: float) -> str:
    return _("Right action: {action} (margin {margin:.3f}).").format(
        action=cube_action(action), margin=localized(margin)
    )


def money_figures_only(match: object) -> str:
    return _("These are money figures: the score in the position ({match}) is not used.").format(match=match)


# --- bgtrainer stats ----------------------------------------------------------------------------------------------


def solved_counts(solved: int, total: int) -> str:
    return _("{solved} of {total} solved").format(solved=solved, total=total)


def solved_counts_with_accuracy(solved: int, total: int, accuracy: float, attempted: int) -> str:
    return _("{solved} of {total} solved, {accuracy:.0%} right at the first try ({attempted} tried)").format(
        solved=solved, total=total, accuracy=localized(accuracy), attempted=attempted
    )


def lessons_line(done: int, total: int, started: int) -> str:
    if started:
        return _("Lessons: {done} of {total} done, {started} started").format(done=done, total=total, started=started)
    return _("Lessons: {done} of {total} done").format(done=done, total=total)


def puzzles_heading() -> str:
    return _("Puzzles:")


def figures_line(title: str, counts: str) -> str:
    """A kind's (or, indented by the caller, a theme's) figures."""
    return _("{title}: {counts}").format(title=title, counts=counts)


RATING_TITLES = {"rules": N_("Rating"), "best": N_("Best-play rating"), "cube": N_("Cube rating")}
"""Each of the learner's ratings as ``bgtrainer stats`` names it (the rules puzzles' first, as "Rating")."""


def rating_line(
    text: str, provisional: bool, attempts: int, first: int | None, last: int | None, kind: str = "rules"
) -> str:
    """The rating of ``kind``, its deviation and how it moved over the rated attempts (``first``, ``last``: ``None``
    before any)."""
    rated = ngettext("{count} rated attempt", "{count} rated attempts", attempts).format(count=attempts)
    if first is not None and last is not None:
        rated = _("{attempts}, from {first} to {last}").format(attempts=rated, first=first, last=last)
    name = _(RATING_TITLES[kind])
    if provisional:
        return _("{name}: {rating} (provisional); {attempts}").format(name=name, rating=text, attempts=rated)
    return _("{name}: {rating}; {attempts}").format(name=name, rating=text, attempts=rated)


def rating_by_day(days: str) -> str:
    return _("  By day: {days}").format(days=days)


def drills_line(best_streak: int, streak_runs: int, best_storm: int, storm_runs: int) -> str:
    streaks = ngettext("{count} run", "{count} runs", streak_runs).format(count=streak_runs)
    storms = ngettext("{count} run", "{count} runs", storm_runs).format(count=storm_runs)
    return _("Best streak: {streak} ({streaks}); best storm: {storm} ({storms})").format(
        streak=best_streak, streaks=streaks, storm=best_storm, storms=storms
    )


def best_drills_line(best_streak: int, streak_runs: int, best_storm: int, storm_runs: int) -> str:
    streaks = ngettext("{count} run", "{count} runs", streak_runs).format(count=streak_runs)
    storms = ngettext("{count} run", "{count} runs", storm_runs).format(count=storm_runs)
    return _("Best-play drill: best streak {streak} ({streaks}), best storm {storm} ({storms})").format(
        streak=best_streak, streaks=streaks, storm=best_storm, storms=storms
    )


COUNTING_TITLES = {
    "shots": N_("Shot counts"),
    "pips": N_("Pip counts"),
    "met": N_("Match equity"),
    "take": N_("Take points"),
    "keith": N_("Keith counts"),
}
"""The timed drills (the counting drills, the knowledge drills) as the figures name them."""


def counting_line(kind: str, answered: int, right: int, last_ten: float | None, best_ten: float | None) -> str:
    """A timed drill's answers (a counting drill's, a knowledge drill's) and its average times over ten right answers
    (the last ten, the best ten)."""
    name = _(COUNTING_TITLES[kind])
    if not answered:
        return _("{name}: none answered yet").format(name=name)
    counts = _("{name}: {right} right of {answered}").format(name=name, right=right, answered=answered)
    if last_ten is None or best_ten is None:
        return _("{counts}; averages after ten right answers").format(counts=counts)
    return _("{counts}; last ten {last:.1f} s, best ten {best:.1f} s").format(
        counts=counts, last=localized(last_ten), best=localized(best_ten)
    )


def reviews_line(due: int, cards: int, next_due: str | None) -> str:
    line = ngettext("Reviews due: {due} of {cards} card", "Reviews due: {due} of {cards} cards", cards).format(
        due=due, cards=cards
    )
    if next_due is None:
        return line
    return _("{reviews}; next at {when}").format(reviews=line, when=next_due)


def days_line(in_a_row: int, not_yet_today: bool, total: int, best_run: int) -> str:
    days = ngettext("{count} day in all", "{count} days in all", total).format(count=total)
    if not_yet_today:
        message = _("Days practised in a row: {in_a_row} (not yet today); {days}, best run {best}")
    else:
        message = _("Days practised in a row: {in_a_row}; {days}, best run {best}")
    return message.format(in_a_row=in_a_row, days=days, best=best_run)


def continue_line(label: str) -> str:
    return _("Continue: {label}").format(label=label)


def no_progress_file(folder: Path) -> str:
    return _("No progress file in {folder} yet.").format(folder=folder)


# --- bgtrainer analyse ------------------------------------------------------------------------------------------------


def analyse_file_or_game() -> str:
    return _("give a .mat file to analyse, or --game ID for a game played here (not both)")


def analysing(done: int, total: int, left: str) -> str:
    """How far ``bgtrainer analyse`` has come (``left``: :func:`seconds_left`)."""
    return ngettext(
        "analysing: {done}/{total} decision, {left}", "analysing: {done}/{total} decisions, {left}", total
    ).format(done=done, total=total, left=left)


def seconds_left(seconds: float | None) -> str:
    """The time a short run still needs, to the second under a minute (``None``: not known yet)."""
    if seconds is None or seconds >= 60:
        return time_left(seconds)
    if seconds < 1:
        return _("less than a second left")
    whole = round(seconds)
    return ngettext("about {seconds} second left", "about {seconds} seconds left", whole).format(seconds=whole)


def replaying(done: int, total: int) -> str:
    return ngettext("replaying: {done}/{total} game", "replaying: {done}/{total} games", total).format(
        done=done, total=total
    )


def nothing_analysed(games: int, first_problem: str | None) -> str:
    if first_problem is None:
        return ngettext(
            "nothing to analyse: the match's {count} game has no roll",
            "nothing to analyse: none of the match's {count} games has a roll",
            games,
        ).format(count=games)
    return ngettext(
        "nothing to analyse: the match's {count} game cannot be replayed ({problem})",
        "nothing to analyse: none of the match's {count} games can be replayed (the first: {problem})",
        games,
    ).format(count=games, problem=first_problem)


def analysis_heading(kind: str, games: int, plies: int) -> str:
    counted = ngettext("{count} game", "{count} games", games).format(count=games)
    return _("{kind}, {games}, analysed by bgsage at {plies} plies").format(kind=kind, games=counted, plies=plies)


def money_session() -> str:
    return _("Money session")


def match_of(length: int) -> str:
    return _("{length}-point match").format(length=length)


def player_summary(
    name: str, decisions: int, plays: int, cubes: int, doubtful: int, bad: int, very_bad: int, rate: float, rating: str
) -> str:
    from trainer.play import wording as play_wording  # the game's values, for the analyse command alone

    return _("{name}: {decisions}; {errors}; error rate {rate:.1f} millipoints (EMG) per decision: {rating}").format(
        name=name,
        decisions=play_wording.decision_counts(decisions, plays, cubes),
        errors=play_wording.error_counts(doubtful, bad, very_bad),
        rate=localized(rate),
        rating=rating,
    )


def worst_heading() -> str:
    return _("The worst mistakes:")


def no_mistakes() -> str:
    return _("No mistake at or past doubtful (0.03).")


def file_analysis_kept(program: str, count: int) -> str:
    return ngettext(
        "The file's own analysis ({program}) was kept: {count} decision has its figures beside bgtrainer's.",
        "The file's own analysis ({program}) was kept: {count} decisions have its figures beside bgtrainer's.",
        count,
    ).format(program=program, count=count)


def file_analysis_note(program: str, level: str, best: str, loss: float) -> str:
    return _("{program}'s analysis in the file: {level}, best {best}: {loss:.3f} lost").format(
        program=program, level=level, best=best, loss=localized(loss)
    )


def worst_move(game: int, number: int, player: str, dice: str, played: str, best: str, loss: float, skill: str) -> str:
    return _(
        "game {game}, move {number}, {player} ({dice}): played {played}, best {best}: {loss:.3f} lost ({skill})"
    ).format(
        game=game, number=number, player=player, dice=dice, played=played, best=best, loss=localized(loss), skill=skill
    )


def worst_cube(game: int, number: int, player: str, played: str, best: str, loss: float, skill: str) -> str:
    return _("game {game}, move {number}, {player}: {played}, best {best}: {loss:.3f} lost ({skill})").format(
        game=game, number=number, player=player, played=played, best=best, loss=localized(loss), skill=skill
    )


def no_legal_play() -> str:
    return _("no legal play")


def mistakes_line(total: int, due: int) -> str:
    counted = ngettext("{count} personal puzzle", "{count} personal puzzles", total).format(count=total)
    return _("Your mistakes to drill: {puzzles}, {due} due").format(puzzles=counted, due=due)


ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
)
"""The words argparse writes in a command's help and errors: translated by the app's catalog (argparse's own gettext
domain has no catalog here)."""


def argparse_text(message: str) -> str:
    """One of argparse's messages in the language in use (its own words for any other)."""
    return _(message) if message in ARGPARSE_MESSAGES else message


# --- bgtrainer serve --------------------------------------------------------------------------------------------------


def serve_listening(url: str) -> str:
    return _("bgtrainer is served at {url}").format(url=url)


def serve_open_to_the_network(host: str) -> str:
    return _("It listens on {host}: other devices can reach it, with the token in the URL.").format(host=host)


def serve_how_to_stop() -> str:
    return _("Press Ctrl+C to stop.")


def serve_forbidden() -> str:
    return _("Forbidden: this address needs its token (open the URL bgtrainer serve printed).")


def serve_not_its_page() -> str:
    return _("Forbidden: bgtrainer serve answers its own page only, at the address it was opened with.")


def serve_not_a_websocket() -> str:
    return _("Refused a request to the websocket's address that was not a websocket.")


def serve_not_the_page() -> str:
    return _("Closed a websocket that sent what the page never sends.")


def serve_token_file_unreadable(path: str, reason: str) -> str:
    return _("can't read the token file {path}: {reason}").format(path=path, reason=reason)


def serve_token_file_empty(path: str) -> str:
    return _("the token file {path} holds no token (its first line is empty)").format(path=path)


def serve_page_start() -> str:
    return _("Start")


def serve_page_session_ended() -> str:
    return _("The session ended.")


def serve_page_start_again() -> str:
    return _("Start again")
