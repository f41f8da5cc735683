"""Every sentence the content layer says to the authors of lessons and puzzles, through the translation function:
the problems ``bgtrainer validate`` and the loaders find in a file (what is wrong and where: the file, the step or
puzzle, the field) and the fix to make, and the problems of the puzzles and figures the authors' tools compute.
What a learner reads (feedback, explanations, prompts, titles) is :mod:`trainer.content.wording`'s.

Functions take values (numbers, plays, keywords of the file format, sides) and return finished sentences in the
language in use. Keywords of the file format (``no double``, a field's name, the ``answers = ["13/7"]`` of a
suggestion) and notation stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from trainer.content.keywords import RecognitionAnswer
from trainer.content.wording import answer_form, choose_double_answers, listed, recognition_answer
from trainer.engine import Side
from trainer.engine.bearoff import CubeDecision
from trainer.engine.wording import printable, quoted
from trainer.i18n import _, ngettext

# --- where a problem is ----------------------------------------------------------------------------------------


def field_place(field: str) -> str:
    """A top-level field of a file: ``field 'title'``."""
    return _("field '{field}'").format(field=field)


def step_place(step: int | None, kind: object, field: str | None) -> str:
    """Where a problem is in a lesson: ``step 3 (play), field 'dice'``, ``step 3``, ``field 'title'``, or nothing
    for the whole file. ``step`` counts from 0; ``kind`` is the step's, as the file writes it, if it has one."""
    if step is None:
        return field_place(field) if field else ""
    number = step + 1
    if kind and field:
        return _("step {number} ({kind}), field '{field}'").format(number=number, kind=kind, field=field)
    if kind:
        return _("step {number} ({kind})").format(number=number, kind=kind)
    if field:
        return _("step {number}, field '{field}'").format(number=number, field=field)
    return _("step {number}").format(number=number)


def puzzle_place(index: int, puzzle_id: str | None, field: str | None) -> str:
    """Where a problem is in a puzzle file: ``puzzle 2 (forced-0002), field 'dice'``; ``index`` counts from 0."""
    number = index + 1
    if puzzle_id is not None and field:
        return _("puzzle {number} ({id}), field '{field}'").format(number=number, id=puzzle_id, field=field)
    if puzzle_id is not None:
        return _("puzzle {number} ({id})").format(number=number, id=puzzle_id)
    if field:
        return _("puzzle {number}, field '{field}'").format(number=number, field=field)
    return _("puzzle {number}").format(number=number)


def with_suggestion(problem: str, suggestion: str) -> str:
    """A problem's line followed by what to do about it."""
    return _("{problem} (suggestion: {suggestion})").format(problem=problem, suggestion=suggestion)


# --- reading files ---------------------------------------------------------------------------------------------


def not_a_content_file(kind: str) -> str:
    """``kind`` says what the path is instead: ``a folder``, ``a pipe``."""
    return _("this is {kind}, not a content file").format(kind=kind)


def cannot_read_file(reason: object) -> str:
    return _("cannot read the file: {reason}").format(reason=reason)


def file_too_large(limit: int) -> str:
    return _("the file is larger than {limit:,} bytes (1 MB), the most a content file may hold").format(limit=limit)


def data_file_too_large(limit: int) -> str:
    return _("the file is larger than {limit:,} bytes, the most a puzzle file of JSON lines may hold").format(
        limit=limit
    )


def split_the_file() -> str:
    return _("split it into several files")


def not_utf8(byte: int) -> str:
    """``byte`` counts from 1."""
    return _("the file is not UTF-8 text (byte {byte})").format(byte=byte)


def not_toml(error: object) -> str:
    return _("not valid TOML: {error}").format(error=error)


def check_quotes_and_brackets() -> str:
    return _("check quotes and brackets on that line")


def cannot_list_folder(reason: object) -> str:
    return _("cannot list the folder: {reason}").format(reason=reason)


def could_not_be_checked(error: object) -> str:
    """A file whose checks broke unexpectedly."""
    return _("could not be checked: {error}").format(error=error)


def no_such_file() -> str:
    return _("no such file or folder")


def empty_folder() -> str:
    return _("the folder holds no .toml content files")


def validation_summary(problems: int, broken: int, files: int) -> str:
    """The last line of ``bgtrainer validate``."""
    if problems:
        return _("{problems} in {broken} of {files}.").format(
            problems=ngettext("{count} problem", "{count} problems", problems).format(count=problems),
            broken=broken,
            files=ngettext("{count} file", "{count} files", files).format(count=files),
        )
    return ngettext("The file is valid.", "All {count} files are valid.", files).format(count=files)


# --- control characters ------------------------------------------------------------------------------------------


def control_characters(text: str, found: Sequence[str]) -> str:
    """``text`` holds the control characters ``found`` (each once), which a terminal would act on: each shown as a
    visible sign with its code point, and the text around the first quoted with them made visible."""
    characters = ", ".join(f"{printable(char)} (U+{ord(char):04X})" for char in found)
    at = text.index(found[0])
    start, end = max(0, at - 30), at + 30
    around = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
    return ngettext(
        "the text holds a control character, {characters}, which a terminal would act on rather than show: {text}",
        "the text holds {count} control characters, {characters}, which a terminal would act on rather than show: "
        "{text}",
        len(found),
    ).format(count=len(found), characters=characters, text=quoted(printable(around, newlines=True)))


def remove_control_characters(count: int) -> str:
    """What to do about ``count`` control characters in a text."""
    return ngettext(
        "remove it, or write what it stands for as text", "remove them, or write what they stand for as text", count
    )


# --- the fields of lessons and puzzles --------------------------------------------------------------------------


def field_required() -> str:
    return _("this field is required")


def unknown_field() -> str:
    return _("unknown field")


def did_you_mean(field: str) -> str:
    return _("did you mean '{field}'?").format(field=field)


def known_fields(fields: Iterable[str]) -> str:
    return _("known fields: {fields}").format(fields=", ".join(fields))


def unknown_step_kind(kind: object) -> str:
    """A step whose ``kind`` is none of the kinds (``None``: it has none)."""
    if kind:
        return _("unknown step kind {kind}").format(kind=repr(kind))
    return _("the step has no 'kind'")


def unknown_puzzle_kind(kind: object) -> str:
    """A puzzle whose ``kind`` is none of the kinds (``None``: it has none)."""
    if kind:
        return _("unknown puzzle kind {kind}").format(kind=repr(kind))
    return _("the puzzle has no 'kind'")


def step_kinds(kinds: Iterable[str]) -> str:
    return _("kind is one of {kinds}").format(kinds=", ".join(kinds))


def unknown_condition(condition: str) -> str:
    return _(
        "unknown condition {condition}; use hits, no_hit, enters, bears_off, safe, uses_all_dice or makes_point:N"
    ).format(condition=repr(condition))


def point_out_of_range(value: str, point: str) -> str:
    """A condition or a target naming a point that is not on the board."""
    return _("{value} names point {point}; points run 1-24").format(value=repr(value), point=point)


def unknown_target(target: str, targets: Iterable[str]) -> str:
    return _("unknown target {target}; use {targets} or bar").format(target=repr(target), targets=", ".join(targets))


def die_out_of_range(die: int, throw: Sequence[int]) -> str:
    return _("a die shows 1 to 6, not {die} (in the throw {throw})").format(die=die, throw=list(throw))


def throw_not_a_tie(mine: int, theirs: int) -> str:
    return _("throw ({mine}, {theirs}) is not a tie, so the opening roll would end there").format(
        mine=mine, theirs=theirs
    )


def last_throw_a_tie(mine: int, theirs: int) -> str:
    return _("the last throw ({mine}, {theirs}) is a tie; add a throw that decides").format(mine=mine, theirs=theirs)


def cube_value(value: int) -> str:
    return _("the cube shows 1, 2, 4, 8, 16 or 32 before a double, not {value}").format(value=value)


def cube_face(value: int) -> str:
    return _("the cube shows 1 (in the middle, before any double), 2, 4, 8, 16, 32 or 64, not {value}").format(
        value=value
    )


def owned_cube_turned() -> str:
    return _("a cube with an owner has been turned: give 'cube' as 2 or more, or drop 'cube_owner'")


def score_needs_length() -> str:
    return _("a score needs the match 'length'")


def unreadable_event(event: str) -> str:
    return _(
        "cannot read the event {event}: write 'X doubles', 'O redoubles', 'X takes', 'O passes', 'O beavers' or "
        "'X wins' ('X wins a gammon', 'X wins a backgammon')"
    ).format(event=repr(event[:40]))


def unreadable_game(game: str) -> str:
    return _("cannot read the game {game}: write the winner and the points, like 'X 2'").format(game=repr(game[:40]))


def unknown_practice_theme(theme: str, themes: Iterable[str]) -> str:
    return _("unknown puzzle theme {theme}; use acey-deucey or one of {themes}").format(
        theme=repr(theme), themes=", ".join(themes)
    )


def theme_listed_twice() -> str:
    return _("a puzzle theme is listed twice")


def asked_before_rolling(puzzle_id: str) -> str:
    """A cube puzzle asked for its dice."""
    return _("puzzle {id} is asked before rolling: it has no dice").format(id=puzzle_id)


# --- the checks of lessons --------------------------------------------------------------------------------------


def no_graded_step() -> str:
    return _("the lesson has no graded step")


def add_a_graded_step() -> str:
    return _("add a play, pick or choose step")


def repeated_task(earlier_step: int) -> str:
    """``earlier_step`` counts from 1."""
    return _("the same position and roll as step {step}: the task repeats the one before").format(step=earlier_step)


def give_a_fresh_task() -> str:
    return _("give this task a fresh position or roll")


def unplayable_roll(dice: str) -> str:
    return _("{dice} cannot be played in this position: there is nothing to practise").format(dice=dice)


def not_forced(count: int, examples: str) -> str:
    """A step marked forced whose roll has ``count`` legal plays (the first few ``examples``)."""
    return ngettext(
        "forced = true, but the roll has {count} legal play ({examples}...)",
        "forced = true, but the roll has {count} legal plays ({examples}...)",
        count,
    ).format(count=count, examples=examples)


def drop_forced() -> str:
    return _("drop 'forced', or choose a roll with exactly one legal play")


def no_goal() -> str:
    return _("give 'play' or at least one condition")


def every_play_passes(count: int) -> str:
    return ngettext(
        "every legal play ({count} in all) passes this step: there is nothing to get wrong",
        "every legal play ({count} in all) passes this step: there is nothing to get wrong",
        count,
    ).format(count=count)


def ask_for_something_to_miss() -> str:
    return _(
        "ask for a play or conditions that some legal play misses; for a roll with one legal play, set "
        "forced = true and say so in the prompt"
    )


def target_needs_dice(target: str) -> str:
    return _("target '{target}' depends on the roll, but the step has no dice").format(target=target)


def add_dice() -> str:
    return _('add dice = "..."')


def no_point_matches(target: str) -> str:
    return _("no point on this board matches target '{target}'").format(target=target)


def no_double_meets() -> str:
    return _("no double meets what this step asks")


def change_want_or_conditions() -> str:
    return _("change 'want' or 'conditions'")


def every_double_meets() -> str:
    return _("every double meets what this step asks: there is nothing to get wrong")


def choose_a_partial_double() -> str:
    return _("choose a position where some double cannot be played in full")


def no_correct_option() -> str:
    return _("no option is marked correct")


def mark_the_right_option() -> str:
    return _("set correct = true on the right one")


def answer_printed(answer: str) -> str:
    return _("the answer {answer} is printed under the board, as a pip count").format(answer=repr(answer))


def ask_what_the_board_hides() -> str:
    return _("ask about a position or a count the board does not show")


def cube_answers(question: str) -> str:
    """How a cube question (``double`` or ``take``) is answered."""
    if question == "take":
        return _("a take question is answered take or pass")
    return _("a double question is answered double or no double")


def outside_the_cube_table() -> str:
    return _("use a bear-off of at most six checkers a side, every checker home")


def figures_say(right: str, written: str) -> str:
    """The exact figures' answer against the one a file gives (both keywords)."""
    return _("the exact figures say {right}, not {written}").format(right=right, written=written)


def too_close_to_teach(margin: float, needed: float) -> str:
    return _("the decision is too close to teach (margin {margin:.3f}, at least {needed})").format(
        margin=margin, needed=needed
    )


def choose_a_clearer_decision() -> str:
    return _("choose a position with a clearer answer")


def unreadable_answer(answer: str, ask: str) -> str:
    """A score step's answer that does not read as what ``ask`` asks for."""
    return _("cannot read {answer} as {form}").format(answer=repr(answer), form=answer_form(ask))


def rules_give(right: str, written: str, working: str) -> str:
    return _("the rules give {right}, not {written}: {working}").format(right=right, written=written, working=working)


def not_legal_here(play: str, reason: str) -> str:
    return _("{play} is not a legal play here: {reason}").format(play=repr(play), reason=reason)


def legal_plays_include(examples: str) -> str:
    return _("legal plays include {examples}").format(examples=examples)


def play_misses_conditions(play: str, missed: list[str]) -> str:
    return _("the expected play {play} does not meet {missed}").format(play=repr(play), missed=missed)


def drop_or_fix_conditions() -> str:
    return _("drop 'conditions' (the play decides) or fix them")


def no_play_meets(conditions: list[str]) -> str:
    return _("no legal play meets all of {conditions}").format(conditions=conditions)


def lesson_id_used(lesson_id: str, other: str) -> str:
    return _("lesson id '{id}' is already used by {file}").format(id=lesson_id, file=other)


def give_own_id() -> str:
    return _("give every lesson its own id")


def lesson_number_used(number: int, other: str) -> str:
    return _("lesson number {number} is already used by {file}").format(number=number, file=other)


def give_own_number() -> str:
    return _("give every lesson its own number")


# --- the checks of puzzles --------------------------------------------------------------------------------------


def no_puzzle_tables() -> str:
    return _("no [[puzzles]] tables found")


def start_with_puzzles() -> str:
    return _("start each puzzle with [[puzzles]]")


def puzzle_id_used(puzzle_id: str, other: str) -> str:
    return _("puzzle id {id} is also in {file}").format(id=repr(puzzle_id), file=other)


def remove_field(field: str) -> str:
    return _("remove '{field}'").format(field=field)


def cube_puzzle_takes_no_dice() -> str:
    return _("a cube puzzle is asked before rolling: it takes no dice")


def cube_puzzle_needs_a_question() -> str:
    return _("a cube puzzle needs a question")


def give_a_question() -> str:
    return _('question = "double" or "take"')


def no_cube_in_acey_deucey() -> str:
    return _("the cube is not used in acey-deucey here")


def puzzle_needs_dice(kind: str) -> str:
    """A puzzle of ``kind`` (forced, bearoff, recognition or best) without its dice."""
    needs = {
        "forced": _("a forced puzzle needs the dice"),
        "bearoff": _("a bearoff puzzle needs the dice"),
        "recognition": _("a recognition puzzle needs the dice"),
        "best": _("a best-play puzzle needs the dice"),
    }
    return needs[kind]


def acey_deucey_puzzles_are_forced() -> str:
    return _("acey-deucey puzzles are forced-move or double puzzles")


def cube_question_is_double_or_take() -> str:
    return _('a cube puzzle asks "double" or "take"')


# --- acey-deucey double puzzles: the double chosen after a 1-2 ------------------------------------------------------


def double_puzzles_are_acey_deucey() -> str:
    return _("a double puzzle is asked after an acey-deucey 1-2: it needs the acey-deucey rules")


def double_puzzle_needs_a_question() -> str:
    return _(
        'a double puzzle asks "choose" (which double to choose after the 1-2) or "full" (can all four moves of the '
        "double in dice be played?)"
    )


def give_a_double_question() -> str:
    return _('question = "choose" or "full"')


def choose_takes_no_dice() -> str:
    return _("a choose question is asked before a double is chosen: it takes no dice")


def full_needs_a_double() -> str:
    return _("a full question needs the double chosen, in dice")


def only_choose_takes_conditions() -> str:
    return _("only a double puzzle asking choose takes conditions")


def double_answers(question: str) -> str:
    """How a double puzzle's question (``choose`` or ``full``) is answered."""
    if question == "full":
        return _('a full question is answered ["yes"] or ["no"]')
    return choose_double_answers()


def engine_finds_doubles(names: str) -> str:
    return _("the engine finds these doubles right: {names}").format(names=names)


def every_double_is_right() -> str:
    return _("every double answers this question: there is nothing to get wrong")


def no_double_is_right() -> str:
    return _("no double answers this question")


def engine_finds_full(number: int, full: bool) -> str:
    if full:
        return _("all four moves of {number}-{number} can be played here").format(number=number)
    return _("not all four moves of {number}-{number} can be played here").format(number=number)


def double_theme_is(theme: str, question: str) -> str:
    return _("a {question} question has the theme {theme}").format(question=question, theme=repr(theme))


def waiting_only_in_acey_deucey() -> str:
    return _("checkers wait to enter only in acey-deucey")


def set_acey_deucey() -> str:
    return _('variant = "acey-deucey", or no waiting checkers')


def unknown_theme(kind: str, theme: str) -> str:
    """A theme the puzzles of ``kind`` (cube, forced, bearoff, recognition) do not have."""
    unknown = {
        "cube": _("unknown cube theme {theme}"),
        "forced": _("unknown forced theme {theme}"),
        "bearoff": _("unknown bear-off theme {theme}"),
        "recognition": _("unknown recognition theme {theme}"),
        "double": _("unknown double theme {theme}"),
        "best": _("unknown best-play theme {theme}"),
        "shots": _("unknown shots theme {theme}"),
        "pips": _("unknown pips theme {theme}"),
    }
    return unknown[kind].format(theme=repr(theme))


def use_one_of(themes: Iterable[str]) -> str:
    return _("use one of {themes}").format(themes=", ".join(themes))


def theme_shown(found: str | None, written: str) -> str:
    """The theme the engine finds in a position against the one a file gives."""
    return _("this position shows the theme {found}, not {written}").format(found=repr(found), written=repr(written))


def figures_say_with(right: str, figures: str) -> str:
    return _("the exact figures say {right}: {figures}").format(right=right, figures=figures)


def too_close_to_ask(margin: float, needed: float) -> str:
    return _("the decision is too close to ask (margin {margin:.3f}, at least {needed} needed)").format(
        margin=margin, needed=needed
    )


def cube_figures(decision: CubeDecision) -> str:
    """The three equities, for a problem report."""
    return _("no double {no_double:+.3f}, double/take {double_take:+.3f}, double/pass {double_pass:+.3f}").format(
        no_double=decision.no_double, double_take=decision.double_take, double_pass=decision.double_pass
    )


def game_over() -> str:
    return _("the game is over in this position: there is nothing to play")


def roll_not_forced(count: int, examples: str) -> str:
    return ngettext(
        "the roll is not forced: {count} legal play ({examples}, ...)",
        "the roll is not forced: {count} legal plays ({examples}, ...)",
        count,
    ).format(count=count, examples=examples)


def the_only_legal_play(play: object) -> str:
    return _("the only legal play is {play}").format(play=play)


def bearoff_needs_every_checker_home() -> str:
    return _("a bear-off puzzle needs every checker of both sides home")


def best_plays_are(plays: str) -> str:
    return _("the best plays are {plays}").format(plays=plays)


def list_the_best_plays() -> str:
    return _("list every play tied with the best, and only those")


def every_play_ties() -> str:
    return _("every legal play is as good as the best: there is nothing to get wrong")


def best_not_clearly_better(margin: float) -> str:
    return _("the best play is not clearly better than the next (margin {margin:.4f})").format(margin=margin)


def recognition_has_one_answer(given: str) -> str:
    return _("a recognition puzzle has one answer, forced, not forced or no play (not {given})").format(given=given)


def answer_is(right: str, written: str, reason: str) -> str:
    """A recognition puzzle's answer against the engine's (both keywords), with the engine's reason."""
    return _("the answer is {right}, not {written}: {reason}").format(
        right=repr(right), written=repr(written), reason=reason
    )


# --- score steps --------------------------------------------------------------------------------------------------


def impossible_game_points(points: int, game: str) -> str:
    return _("a game is worth the cube times 1, 2 or 3, so no game wins {points} points ({game})").format(
        points=points, game=repr(game)
    )


def games_or_score() -> str:
    return _("give the earlier games or the score, not both")


def money_play_has_no_match_score() -> str:
    return _("money play keeps no match score: set 'length' for a match")


def unreadable_score(score: str) -> str:
    return _("cannot read the score {score}: write yours first, like '3-1'").format(score=repr(score[:20]))


def crawford_found_from_games() -> str:
    return _("with 'games' the engine finds the Crawford game itself: drop 'crawford'")


def double_in_crawford_game(number: int, game: str) -> str:
    return _(
        "game {number} ({game}) is the Crawford game, where nobody may double: it is worth at most 3 points "
        "(a backgammon)"
    ).format(number=number, game=repr(game))


def event_place(number: int, event: str) -> str:
    """An event of a score step, for a problem about it: ``event 2 ('O takes')``."""
    return _("event {number} ({event})").format(number=number, event=repr(event))


def event_after_the_game(event: str) -> str:
    return _("{event} comes after the game is over").format(event=event)


def double_still_waits(event: str) -> str:
    return _("{event}: a double still waits for its answer").format(event=event)


def redouble_without_the_cube(event: str, side: Side) -> str:
    return _("{event}: {side} does not own the cube, so it doubles rather than redoubles, if it may").format(
        event=event, side=side
    )


def double_with_the_cube(event: str, side: Side) -> str:
    return _("{event}: {side} owns the cube, so this is a redouble").format(event=event, side=side)


def no_double_to_answer(event: str, side: Side) -> str:
    return _("{event}: no double waits for {side}'s answer").format(event=event, side=side)


def event_against_the_rules(event: str, error: object) -> str:
    return _("{event} is against the rules: {error}").format(event=event, error=error)


def game_not_over(ask: str) -> str:
    """A question about the points or the score after the game, whose events don't end it."""
    if ask == "score":
        return _(
            "the question is about the score after the game, but the events don't end it: add 'X wins' (or a "
            "gammon, a backgammon) or a pass"
        )
    return _(
        "the question is about the points after the game, but the events don't end it: add 'X wins' (or a "
        "gammon, a backgammon) or a pass"
    )


def money_play_has_no_score() -> str:
    return _("money play keeps no score: ask for the points, or set 'length'")


def game_already_over(ask: str) -> str:
    return _("the question ({ask}) is about the game going on, but the events end it").format(ask=ask)


def no_crawford_in_money_play() -> str:
    return _("there is no Crawford game in money play: set 'length'")


def give_the_earlier_games() -> str:
    return _("give the earlier games, so that the engine finds the Crawford game itself")


def nobody_may_double_now() -> str:
    return _("a double still waits for its answer: nobody may double now")


# --- the recognition drill ----------------------------------------------------------------------------------------


def nothing_to_play(puzzle_id: str, answer: RecognitionAnswer) -> str:
    return _("{id}: the roll is {answer}, so there is no play to make").format(
        id=puzzle_id, answer=recognition_answer(answer)
    )


# --- why a generated puzzle's position is left out ------------------------------------------------------------------


def last_roll_of_the_game() -> str:
    return _("it is the last roll of the game")


def too_few_checkers(least: int) -> str:
    return ngettext(
        "fewer than {count} checker is left: the game is all but over",
        "fewer than {count} checkers are left: the game is all but over",
        least,
    ).format(count=least)


def lower_die_no_choice() -> str:
    return _("the lower die would do the same as the higher")


# --- counting steps: shots and pips -------------------------------------------------------------------------------


def no_blot_on_target(point: int) -> str:
    """A shots step's target where O has no blot."""
    return _("O has no blot on your {point}-point to hit").format(point=point)


def no_blot_to_hit() -> str:
    """A shots step on a board where O has no blot."""
    return _("O has no blot on the board to hit")


def choose_blots_to_hit() -> str:
    return _("give a position with an O blot, or list the blots in targets")


# --- best-play steps ----------------------------------------------------------------------------------------------


def listed_play_illegal(number: int, reason: str) -> str:
    return _("listed play {number} cannot be played: {reason}").format(number=number, reason=reason)


def listed_twice(first: int, second: int) -> str:
    return _("listed plays {first} and {second} leave the same position").format(first=first, second=second)


def list_each_play_once() -> str:
    return _("list each play once")


def listed_out_of_order() -> str:
    return _("the listed plays are not in order of equity")


def list_best_first() -> str:
    return _("list the plays best first, as the evaluator ranks them")


def no_play_left_out() -> str:
    return _("every listed play is accepted, so nothing shows the step can be missed")


def list_a_rejected_play() -> str:
    return _("list the evaluator's plays down past the first one the step rejects")


def best_step_not_clear(loss: float, needed: float) -> str:
    return _("the best play left out is only {loss:.3f} below the best (at least {needed} needed)").format(
        loss=loss, needed=needed
    )


def choose_a_clearer_play() -> str:
    return _("choose a position or a roll with a clearer best play")


def figures_need_plies() -> str:
    return _("'figures' and 'plies' go together: give both for a contact position, or neither for a bear-off")


def contact_cube_centered() -> str:
    return _("the figures of a contact position are for a centered cube: leave 'cube' out")


def match_cube_needs_figures() -> str:
    return _(
        "a cube decision at a match score is graded by the evaluator's figures at that score: give 'plies' and "
        "'figures' (bgtrainer lessons figures POSITION --question ... --length ... --score ...)"
    )


def no_double_in_the_crawford_game() -> str:
    return _(
        "no one may double in the Crawford game: set the score after it (crawford = false) or ask another question"
    )


def dead_cube(cube: int, away: int) -> str:
    return _(
        "the doubler needs {away} to win the match, and a cube already at {cube} wins it: a double there is pointless"
    ).format(away=away, cube=cube)


def exact_table_covers_it() -> str:
    return _("the exact cube table covers this bear-off: it answers, not the figures")


def drop_the_figures() -> str:
    return _("drop 'figures' and 'plies'")


def evaluator_figures_say(right: str, written: str) -> str:
    """The evaluator's figures' answer against the one a file gives (both keywords)."""
    return _("the figures say {right}, not {written}").format(right=right, written=written)


def evaluate_again(plies: int) -> str:
    """The suggestion for figures that no longer stand: compute them again."""
    return _("compute the figures again: bgtrainer lessons figures POSITION DICE --plies {plies}").format(plies=plies)


def stored_equity_differs(what: str, stored: float, fresh: float) -> str:
    return _("{what} is stored as {stored:+.3f}, but evaluates to {fresh:+.3f}").format(
        what=what, stored=stored, fresh=fresh
    )


def accepted_plays_differ(plays: Sequence[str]) -> str:
    return _("evaluated again, the accepted plays are {plays}").format(plays=listed(plays))


def first_rejected_not_listed(play: str) -> str:
    return _("the best play the step rejects, {play}, is not listed").format(play=play)


def only_kind_takes(kind: str, field: str) -> str:
    return _("only {kind} puzzles take '{field}'").format(kind=kind, field=field)


def best_puzzle_needs_figures() -> str:
    return _("a best-play puzzle needs the evaluator's 'plies' and 'plays'")


def not_a_finite_figure(value: str) -> str:
    """A figure (an equity, a chance) written as ``nan`` or ``inf``, which TOML allows."""
    return _("{value} is not a figure: an equity or a chance must be a finite number").format(value=value)


def give_a_finite_figure() -> str:
    return _("write the evaluator's number, e.g. 0.153; bgtrainer lessons figures POSITION DICE computes them")


def not_a_whole_number(value: str) -> str:
    """A field that takes a whole number (a count, a lesson's number) written otherwise: ``"17.0"``, ``17.0``."""
    return _("{value} is not a whole number").format(value=value)


def give_a_whole_number() -> str:
    return _("write a whole number, without quotes or decimals, e.g. 17")


def lesson_number_out_of_range(number: int, most: int) -> str:
    return _("lesson number {number} is out of range: number the lessons from 1 to {most}").format(
        number=number, most=most
    )


def compute_the_figures() -> str:
    return _("compute them with bgtrainer lessons figures POSITION DICE")


def pips_puzzle_needs_a_side() -> str:
    return _("a pips puzzle says whose count it asks: 'side' is player or opponent")


def answers_are_the_accepted_plays() -> str:
    return _("the answers must be exactly the plays the figures accept")


def count_puzzle_takes_no_dice() -> str:
    return _("a counting puzzle is asked before the roll: it takes no dice")


def engine_counts(right: int, written: str) -> str:
    return _("the engine counts {right}, not {written}").format(right=right, written=written)


# --- personal puzzles: the learner's own mistakes ---------------------------------------------------------------------


def too_shallow(plies: int, least: int) -> str:
    return _("the figures were worked out at {plies} plies: a shipped puzzle's need at least {least}").format(
        plies=plies, least=least
    )


# --- translations of the content --------------------------------------------------------------------------------------


def translation_differs() -> str:
    return _("the translation differs from the English lesson beyond its texts")


def keep_the_english_fields() -> str:
    return _(
        "keep every field but the texts (title, summary, text, prompt, hint, explanation) as the English file has it"
    )


def text_not_translated() -> str:
    return _("this text is still the English one")


def translate_the_text() -> str:
    return _("translate it")


def prompt_pair_needed() -> str:
    return _("each prompt needs its English text (en) and its translation (pt)")


# --- verified puzzles: figures settled by a rollout (or at 3 plies, where the gap is wide) ----------------------------


def result_differs(number: int, play: str, given: str, actual: str) -> str:
    """A listed play's stored ``result`` that is not the position the play leaves."""
    return _("listed play {number} ({play}) leaves {actual}, not {given}").format(
        number=number, play=play, actual=actual, given=given
    )


def rollout_needs_trials() -> str:
    return _("a rollout is played over games: 'trials' can't be 0")


def give_the_trials() -> str:
    return _("give the number of games rolled out")


def rolled_out_play_needs_error(number: int, play: str) -> str:
    return _("listed play {number} ({play}) has no standard error: a rolled-out play needs its 'se'").format(
        number=number, play=play
    )


def rolled_out_cube_needs_errors() -> str:
    return _("rolled-out cube figures need the errors of both equities: 'no_double_se' and 'double_take_se'")


def give_the_errors() -> str:
    return _("give the rollout's standard errors")


def evaluation_has_no_error() -> str:
    return _("an evaluation at 3 plies is not a rollout: its 'trials' and 'se' are 0")


def evaluated_play_has_no_error(number: int, play: str) -> str:
    return _("listed play {number} ({play}) has a standard error, which an evaluation at 3 plies has not").format(
        number=number, play=play
    )


def evaluated_cube_has_no_errors() -> str:
    return _("cube figures evaluated at 3 plies have no standard errors")


def too_close_to_call(number: int, play: str, loss: float, error: float, needed: float) -> str:
    """A rolled-out play neither within its error of the best nor clearly below it."""
    return _(
        "listed play {number} ({play}) is {loss:.3f} below the best: more than its error ({error:.3f}), but less than "
        "the {needed:.3f} a rejected play needs (0.04 and 3 standard errors)"
    ).format(number=number, play=play, loss=loss, error=error, needed=needed)


def too_close_at_three_plies(number: int, play: str, loss: float, needed: float) -> str:
    return _(
        "listed play {number} ({play}) is only {loss:.3f} below the best: figures at 3 plies settle a puzzle only "
        "where every other play is at least {needed:.2f} below"
    ).format(number=number, play=play, loss=loss, needed=needed)


def accepted_below_rejected(number: int, play: str) -> str:
    return _("listed play {number} ({play}) is within its error of the best, but below a rejected play").format(
        number=number, play=play
    )


def roll_out_longer() -> str:
    return _("roll out longer, or choose a clearer position")


def verified_gap_differs(given: float, actual: float) -> str:
    return _("'gap' is {given:.3f}, but the figures give {actual:.3f}").format(given=given, actual=actual)


def verified_error_differs(given: float, actual: float) -> str:
    return _("'se' is {given:.3f}, but the figures' errors give {actual:.3f}").format(given=given, actual=actual)


def verified_gap_too_small(gap: float, needed: float, method: str) -> str:
    """A verified answer that doesn't win by the margin its method needs."""
    if method == "rollout":
        return _(
            "the answer wins by only {gap:.3f}: a rolled-out one must win by {needed:.3f} (0.04 and 3 standard errors)"
        ).format(gap=gap, needed=needed)
    return _("the answer wins by only {gap:.3f}: figures at 3 plies must show at least {needed:.2f}").format(
        gap=gap, needed=needed
    )


def verified_needs_figures() -> str:
    return _("'verified' says how a contact position's 'figures' were settled: give them")


def answers_are_the_verified_plays(plays: Sequence[str]) -> str:
    return _("the answers must be exactly the plays the verification accepts: {plays}").format(plays=listed(plays))


# --- JSON-lines puzzle files --------------------------------------------------------------------------------------


def not_json(error: str) -> str:
    return _("not JSON: {error}").format(error=error)


def write_one_json_object() -> str:
    return _("write one puzzle a line, as a JSON object")


def not_a_json_object(found: str) -> str:
    return _("a line holds one puzzle, a JSON object, not {found}").format(found=found)


def jsonl_kinds(kind: object, kinds: Sequence[str]) -> str:
    return _("a .jsonl puzzle file holds {kinds} puzzles, not {kind!r}").format(kinds=listed(kinds), kind=kind)


def write_other_kinds_in_toml() -> str:
    return _("write puzzles of the other kinds in a .toml puzzle file")


def dice_are_a_pair() -> str:
    return _("'dice' is a pair of numbers from 1 to 6, e.g. [6, 2]")


def play_needs_result(number: int) -> str:
    return _("listed play {number} has no 'result': the answers name plays by the Position ID they leave").format(
        number=number
    )


def give_the_result() -> str:
    return _("give the Position ID the play leaves")


def answer_not_listed(answer: str) -> str:
    return _("answer {answer} is the result of no listed play").format(answer=answer)


def list_every_accepted_play() -> str:
    return _("list every accepted play in 'plays', with the Position ID it leaves as its 'result'")


def error_needs_trials(number: int, play: str) -> str:
    """A best-play step's listed play with a standard error, in a step that was not rolled out."""
    return _(
        "listed play {number} ({play}) has an 'se', but the step has no 'trials': give the rollout's games"
    ).format(number=number, play=play)


def rolled_out_too_close(number: int, play: str, loss: float, needed: float) -> str:
    """A rolled-out lesson step's play neither within its error of the best nor clearly below it."""
    return _(
        "listed play {number} ({play}) is {loss:.3f} below the best: not within its error, but less than the "
        "{needed:.3f} a rejected play needs (more than 0.02 and 3 standard errors)"
    ).format(number=number, play=play, loss=loss, needed=needed)
