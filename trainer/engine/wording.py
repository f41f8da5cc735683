"""Every sentence the engine writes for a learner, in one place and through the translation function, and the
wording helpers the app's layers share: sentences, quoting, number words, the size of a win.

Each function takes values and returns the finished text in the language in use. A reason (why a move, a play or
an action is refused) is a clause without a capital or a full stop, ``point 5 is closed: O has 3 checkers
there``, which :func:`sentence` makes a sentence; explanations are whole sentences. Plays, points and dice stay in
notation (``24/18``, ``bar/22``, ``6-5``), and the sides are ``X`` and ``O``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import reduce
from typing import TYPE_CHECKING, Literal

from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.engine.bearoff import CubeAction
    from trainer.engine.explanation import Constraint
    from trainer.engine.ideas import Idea
    from trainer.engine.side import Side
    from trainer.engine.state import Phase, WinKind

# --- shared helpers -----------------------------------------------------------------------------------------

NUMBER_WORDS = {0: N_("none"), 1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four")}


def plural(count: int, word: str) -> str:
    """``1 checker``, ``2 checkers`` (English only: for the layers that have not moved to ``ngettext`` yet; the
    engine does not use it)."""
    return f"{count} {noun(count, word)}"


def noun(count: int, word: str) -> str:
    """``word`` for one, ``words`` for any other count, the count itself not written (English only, like
    :func:`plural`)."""
    return word if count == 1 else f"{word}s"


def number_word(count: int) -> str:
    """``one`` to ``four`` (the numbers of moves in a roll) in the language in use, digits beyond."""
    word = NUMBER_WORDS.get(count)
    return str(count) if word is None else _(word)


_PLAY_START = re.compile(r"(bar|in)/", re.IGNORECASE)


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals (the rest untouched), unless it starts with a play written in
    notation, which keeps its case (``bar/22 needs...``, ``in/19 is...``)."""
    if _PLAY_START.match(text):
        return text
    return text[:1].upper() + text[1:]


def sentence(reason: str) -> str:
    """A reason as a sentence: capital first letter, full stop."""
    text = capitalized(reason)
    return text if text.endswith(".") else _("{reason}.").format(reason=text)


QUOTE_LIMIT = 80


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error message, cut to about ``limit`` characters however long it is (counting the
    escapes of characters that can't be shown, which take up to ten each)."""
    shown = repr(text)
    if len(text) <= limit and len(shown) <= limit + 2:
        return shown
    cut = text[:limit]
    while len(repr(cut)) > limit + 2:
        cut = cut[:-1]
    count = len(text)
    message = ngettext("{text}… ({count} character)", "{text}… ({count} characters)", count)
    return message.format(text=repr(cut), count=f"{count:,}")


def win_kind_phrase(kind: WinKind) -> str:
    """How big a win is, as a sentence names it: ``a single game``, ``a gammon``, ``a backgammon``."""
    phrases = {1: _("a single game"), 2: _("a gammon"), 3: _("a backgammon")}
    return phrases[kind.value]


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` safe to show on a terminal: every control character (escapes, bells, carriage returns, C1 codes) that
    a terminal would act on instead of showing, written as a visible sign (``␛`` for escape, ``\\x9b`` for a C1 code).
    ``newlines`` keeps line breaks (and tabs) as they are, for text of several lines."""
    kept = "\n\t" if newlines else ""
    if text.isprintable():
        return text
    shown = []
    for char in text:
        code = ord(char)
        if char in kept or char.isprintable():
            shown.append(char)
        elif code < 0x20:
            shown.append(chr(0x2400 + code))  # the Control Pictures block: ␛ for escape, ␇ for bell
        elif code == 0x7F:
            shown.append("␡")
        elif code < 0xA0:
            shown.append(f"\\x{code:02x}")
        else:
            shown.append(" " if char.isspace() else f"\\u{code:04x}")  # other separators and format characters
    return "".join(shown)


def _and(items: Iterable[object]) -> str:
    """``a``, ``a and b``, ``a and b and c``."""
    return reduce(lambda first, second: _("{first} and {second}").format(first=first, second=second), map(str, items))


def _or(items: Iterable[object]) -> str:
    """``a``, ``a or b``, ``a or b or c``."""
    return reduce(lambda first, second: _("{first} or {second}").format(first=first, second=second), map(str, items))


def in_subject(subject: str, reason: str) -> str:
    """``reason`` about ``subject`` (a quoted text, a Position ID): ``'X: 24 / O: 1': O has ...``."""
    return _("{subject}: {reason}").format(subject=subject, reason=reason)


# --- errors about plays -------------------------------------------------------------------------------------


def play_error(text: str, dice: Sequence[int], position: str, reason: str) -> str:
    """The message of an error about a play written in notation: the text, the dice, the position, the reason."""
    return _("{play} with {dice} in {position}: {reason}").format(
        play=quoted(text), dice=f"{max(dice)}-{min(dice)}", position=position, reason=reason
    )


def with_example(text: str, example: str) -> str:
    """A reason or message followed by a legal play that shows the rule."""
    return _("{text} (for example {example})").format(text=text, example=example)


# --- one checker move: the rules ----------------------------------------------------------------------------


def enter_first(count: int) -> str:
    """A checker other than the bar's was moved while ``count`` wait on the bar."""
    return ngettext(
        "you have a checker on the bar: enter it first",
        "you have {count} checkers on the bar: enter them first",
        count,
    ).format(count=count)


def no_checker_on_point(point: int) -> str:
    return _("you have no checker on point {point}").format(point=point)


def no_checker_on_bar() -> str:
    return _("you have no checker on the bar")


def no_checker_waiting() -> str:
    return _("you have no checker waiting to enter")


def none_left_on_point(point: int, moves: str) -> str:
    """The point had checkers, but the earlier ``moves`` of the same play took them all."""
    return _("you have no checker left on point {point} after {moves}").format(point=point, moves=moves)


def none_left_on_bar(moves: str) -> str:
    """The bar had checkers, but the earlier ``moves`` of the same play entered them all."""
    return _("you have no checker left on the bar after {moves}").format(moves=moves)


def none_left_waiting(moves: str) -> str:
    """Checkers waited to enter, but the earlier ``moves`` of the same play entered them all."""
    return _("you have no checker left waiting to enter after {moves}").format(moves=moves)


def point_closed(point: int, count: int) -> str:
    """The mover's ``point`` holds ``count`` (two or more) of O's checkers."""
    return ngettext(
        "point {point} is closed: O has {count} checker there",
        "point {point} is closed: O has {count} checkers there",
        count,
    ).format(point=point, count=count)


def no_bear_off_from_the_bar() -> str:
    return _("you can't bear off while a checker is on the bar")


def no_bear_off_while_waiting(count: int) -> str:
    return ngettext(
        "you can't bear off while a checker still waits to enter",
        "you can't bear off while checkers still wait to enter",
        count,
    )


def no_bear_off_from_outside(point: int) -> str:
    """The mover still has a checker outside its home board, the highest on ``point``."""
    return _("you can't bear off while a checker is on your {point}-point").format(point=point)


def bear_off_from_the_highest(point: int, die: int, higher: int) -> str:
    """A die higher than ``point`` bears off only when no checker stands higher (it does, on ``higher``)."""
    return _(
        "you can't bear off from your {point}-point with a {die} while a checker is on your {higher}-point: "
        "a higher number bears off only from the highest point"
    ).format(point=point, die=die, higher=higher)


# --- why a roll is forced -----------------------------------------------------------------------------------


def constraint_name(constraint: Constraint) -> str:
    """What the rules force about a roll (a :class:`~trainer.engine.explanation.Constraint`), in words."""
    return _(constraint.value)


def turn_passes() -> str:
    return _("The turn passes.")


def shut_out(count: int, dice: str, closed: Sequence[tuple[int, int]]) -> str:
    """No legal play: ``count`` checkers on the bar, and every entry point of ``dice`` closed (``closed``: each
    entry point with O's checkers on it, one for a double, two for other rolls)."""
    if len(closed) == 1:
        ((point, checkers),) = closed
        first = ngettext(
            "No legal play: you have {count} checker on the bar and the entry point for {dice} is closed: "
            "point {point} (O has {checkers}).",
            "No legal play: you have {count} checkers on the bar and the entry point for {dice} is closed: "
            "point {point} (O has {checkers}).",
            count,
        ).format(count=count, dice=dice, point=point, checkers=checkers)
    else:
        (first_point, first_checkers), (second_point, second_checkers) = closed
        first = ngettext(
            "No legal play: you have {count} checker on the bar and both entry points for {dice} are closed: "
            "point {first} (O has {first_checkers}) and point {second} (O has {second_checkers}).",
            "No legal play: you have {count} checkers on the bar and both entry points for {dice} are closed: "
            "point {first} (O has {first_checkers}) and point {second} (O has {second_checkers}).",
            count,
        ).format(
            count=count,
            dice=dice,
            first=first_point,
            first_checkers=first_checkers,
            second=second_point,
            second_checkers=second_checkers,
        )
    rest = _("Nothing else may move until the bar is empty, so the turn passes.")
    return f"{first} {rest}"


def every_move_closed(dice: Sequence[int]) -> str:
    """No legal play: every move of the different numbers ``dice`` (one or two) lands on a closed point."""
    if len(dice) == 1:
        first = _(
            "No legal play: every checker that could move a {die} would land on a closed point "
            "(two or more O checkers)."
        ).format(die=dice[0])
    else:
        first = _(
            "No legal play: every checker that could move a {high} or a {low} would land on a closed point "
            "(two or more O checkers)."
        ).format(high=dice[0], low=dice[1])
    return f"{first} {turn_passes()}"


def no_play_because(dice: Sequence[int], reason: str, *, others_closed: bool) -> str:
    """No legal play with the different numbers ``dice`` (one or two): the first ``reason`` a move breaks, and
    whether every other move lands on a closed point."""
    because = capitalized(reason)
    if len(dice) == 1:
        first = _("No legal play with a {die}: {reason}.").format(die=dice[0], reason=because)
    else:
        first = _("No legal play with a {high} or a {low}: {reason}.").format(high=dice[0], low=dice[1], reason=because)
    parts = [first, _("Every other move lands on a closed point.")] if others_closed else [first]
    return " ".join([*parts, turn_passes()])


def partial_entry(entered: int, count: int, open_points: Sequence[int]) -> str:
    """Only ``entered`` of ``count`` checkers on the bar can enter, on the ``open_points`` (one or two)."""
    staying = count - entered
    if len(open_points) == 1:
        message = ngettext(
            "Only {entered} of your {count} checkers on the bar can enter (point {point} open); the other stays on "
            "the bar, and the rest of the roll is lost.",
            "Only {entered} of your {count} checkers on the bar can enter (point {point} open); the others stay on "
            "the bar, and the rest of the roll is lost.",
            staying,
        )
        return message.format(entered=entered, count=count, point=open_points[0])
    message = ngettext(
        "Only {entered} of your {count} checkers on the bar can enter (point {first} and point {second} open); the "
        "other stays on the bar, and the rest of the roll is lost.",
        "Only {entered} of your {count} checkers on the bar can enter (point {first} and point {second} open); the "
        "others stay on the bar, and the rest of the roll is lost.",
        staying,
    )
    return message.format(entered=entered, count=count, first=open_points[0], second=open_points[1])


def partial_double(used: int, die: int) -> str:
    """Only ``used`` of the four moves of a double of ``die`` can be played."""
    return ngettext(
        "Only {count} of your four {die}s can be played; the rest of the roll is lost.",
        "Only {count} of your four {die}s can be played; the rest of the roll is lost.",
        used,
    ).format(count=number_word(used), die=die)


def higher_die_only(high: int, low: int) -> str:
    return _("You can play the {high} or the {low}, but not both, so you must play the higher one ({high}).").format(
        high=high, low=low
    )


def one_die_only(die: int, other: int) -> str:
    """Only ``die`` can be played; ``other`` cannot, before it or after."""
    return _(
        "Only the {die} can be played: no checker can move {other}, not even after playing the {die}; "
        "the {other} is lost."
    ).format(die=die, other=other)


def forced(play: str) -> str:
    return _("Forced: {play} is the only legal play.").format(play=play)


def not_forced(count: int) -> str:
    """``count`` (two or more) different legal plays."""
    return ngettext(
        "Not forced: there is {count} different legal play.",
        "Not forced: there are {count} different legal plays.",
        count,
    ).format(count=count)


# --- plays in notation --------------------------------------------------------------------------------------


def play_too_long(length: int) -> str:
    return ngettext(
        "a play is at most four moves, but this text has {count} character",
        "a play is at most four moves, but this text has {count} characters",
        length,
    ).format(count=f"{length:,}")


def unreadable_move(token: str) -> str:
    return _(
        "cannot read {text}: write moves like {moves} or {last} ({entering} enters a checker waiting to enter)"
    ).format(text=quoted(token), moves="24/18, 13/7*/5, bar/22, 6/off", last="8/5(2)", entering="in/22")


def too_many_repeats(token: str, count: int) -> str:
    """``token`` repeats its move ``count`` times, not 1 to 4."""
    return ngettext(
        "{text} repeats a move {count} time; a roll moves at most 4 checkers",
        "{text} repeats a move {count} times; a roll moves at most 4 checkers",
        count,
    ).format(text=quoted(token), count=count)


def no_such_point(token: str, point: int) -> str:
    return _("{text} names point {point}: points run 1-24, with 25 or {bar} for the bar and 0 or {off}").format(
        text=quoted(token), point=point, bar="'bar'", off="'off'"
    )


def bar_only_at_start(token: str) -> str:
    return _("{text}: the bar can only be where a move starts").format(text=quoted(token))


def waiting_only_at_start(token: str) -> str:
    return _("{text}: {waiting} (entering a waiting checker) can only be where a move starts").format(
        text=quoted(token), waiting="'in'"
    )


def off_only_at_end(token: str) -> str:
    return _("{text}: {off} can only be where a move ends").format(text=quoted(token), off="'off'")


def hit_at_start(token: str) -> str:
    return _("{text}: {hit} marks a hit where a checker lands, not where it starts").format(
        text=quoted(token), hit="'*'"
    )


def hit_off_the_board(token: str) -> str:
    return _("{text}: nothing can be hit off the board; {hit} marks a hit on a point").format(
        text=quoted(token), hit="'*'"
    )


def must_play() -> str:
    return _("you must play when you can, and this roll can be played")


def write_a_play() -> str:
    return _("write a play such as {play}, or {word} when the roll can't be played").format(
        play="24/18 13/8", word="'pass'"
    )


def no_blot_to_hit(point: int) -> str:
    return _("there is no O blot to hit on point {point}").format(point=point)


def which_hit(plays: Sequence[str]) -> str:
    """The text matches each of ``plays``, which differ in what they hit."""
    return _("this could mean {plays}: mark the hit you mean with {hit}").format(plays=_or(plays), hit="'*'")


def _reach(high: int, low: int) -> str:
    """What the dice allow one checker: every distance it can go."""
    if high == low:
        return ngettext(
            "with {dice} every move is {count} pip (one checker can go {one}, {two}, {three} or {four})",
            "with {dice} every move is {count} pips (one checker can go {one}, {two}, {three} or {four})",
            high,
        ).format(dice=f"{high}-{high}", count=high, one=high, two=high * 2, three=high * 3, four=high * 4)
    return _("your dice are {high} and {low} ({total} for one checker with both)").format(
        high=high, low=low, total=high + low
    )


def distance_fits_no_dice(move: str, pips: int, high: int, low: int) -> str:
    """``move`` goes ``pips``, which no die of the roll (nor a sum of them) makes."""
    return ngettext("{move} moves {count} pip, but {reach}", "{move} moves {count} pips, but {reach}", pips).format(
        move=move, count=pips, reach=_reach(high, low)
    )


def roll_used_up_before(move: str, dice: str) -> str:
    return _("{move} needs another die, but the roll {dice} is used up").format(move=move, dice=dice)


def backwards(move: str) -> str:
    return _("checkers move from higher to lower points: {move} goes backwards").format(move=move)


def double_moves_left(move: str, needed: int, die: int, left: int) -> str:
    """``move`` takes ``needed`` moves of the double of ``die``; only ``left`` remain."""
    dice = ngettext("{count} {die}", "{count} {die}s", needed).format(count=needed, die=die)
    return ngettext(
        "{move} needs {dice} but only {count} of your four {die}s is left",
        "{move} needs {dice} but only {count} of your four {die}s are left",
        left,
    ).format(move=move, dice=dice, count=left, die=die)


def both_dice_needed(move: str) -> str:
    return _("{move} needs both dice, but one of them is already used").format(move=move)


def die_used_by_another_move(move: str, die: int, dice: str) -> str:
    return _("{move} needs the {die}, but the {die} is already used (you rolled {dice})").format(
        move=move, die=die, dice=dice
    )


def detour_refused(move: str, route: str, reason: str) -> str:
    """``move`` takes several dice, so it goes by ``route``, and one of its steps breaks ``reason``."""
    return _("{move} would have to go {route}, and {reason}").format(move=move, route=route, reason=reason)


def no_stop_on_the_way(move: str, reasons: Sequence[str]) -> str:
    """Every way of ``move`` by several dice stops on a closed point: ``reasons``, one per way."""
    return _("{move} needs an open point to stop on along the way, but {reasons}").format(
        move=move, reasons=_and(reasons)
    )


def plays_too_little_of_double(used: int, most: int, die: int) -> str:
    return ngettext(
        "this plays {used} of your four {die}s, but {most} of them can be played: you must play as many as you can",
        "this plays {used} of your four {die}s, but {most} of them can be played: you must play as many as you can",
        used,
    ).format(used=number_word(used), most=number_word(most), die=die)


def must_use_both_dice() -> str:
    return _("this uses only one die, but a play that uses both dice exists: you must use both dice when you can")


def must_use_higher_die(high: int) -> str:
    return _("only one die can be played, so it must be the higher one ({high})").format(high=high)


def not_a_legal_play() -> str:
    return _("this is not a legal play")


# --- a turn played one checker at a time --------------------------------------------------------------------


def nothing_can_move(reason: str | None = None) -> str:
    """No checker can move with the roll; ``reason``: what stops the checker asked about."""
    if reason is None:
        return _("no checker can move with this roll")
    return _("{reason}; no checker can move with this roll").format(reason=reason)


def roll_used_up() -> str:
    return _("the roll is used up")


def checker_cannot_move() -> str:
    return _("this checker cannot move now")


def by_die(reasons: Sequence[tuple[int, str]]) -> str:
    """Why each die (``(die, reason)``) cannot move a checker."""
    parts = (_("with the {die}, {reason}").format(die=die, reason=reason) for die, reason in reasons)
    return reduce(lambda first, second: _("{first}; {second}").format(first=first, second=second), parts)


def after_move_too_little_of_double(move: str, played: int, most: int, die: int) -> str:
    return ngettext(
        "after {move} only {played} of your four {die}s could be played, but {most} can: you must play as many as "
        "you can",
        "after {move} only {played} of your four {die}s could be played, but {most} can: you must play as many as "
        "you can",
        played,
    ).format(move=move, played=number_word(played), most=number_word(most), die=die)


def either_die_the_higher(high: int) -> str:
    return _("either die can be played but not both, so it must be the higher one ({high})").format(high=high)


def after_move_other_die_lost(move: str, other: int) -> str:
    return _(
        "after {move} the {other} could not be played, but a play that uses both dice exists: you must use both "
        "dice when you can"
    ).format(move=move, other=other)


def play_complete() -> str:
    return _("the roll is used up: this play is complete")


def die_already_used(move: str, die: int) -> str:
    return _("{move} needs the {die}, and it is already used").format(move=move, die=die)


def one_die_a_move(move: str, pips: int, left: Sequence[int]) -> str:
    """``move`` goes ``pips``, more than any single die of those ``left``."""
    return ngettext(
        "{move} is {count} pip, but a move uses one die: you have {dice} left",
        "{move} is {count} pips, but a move uses one die: you have {dice} left",
        pips,
    ).format(move=move, count=pips, dice=_and(left))


def move_not_allowed() -> str:
    return _("this move is not allowed")


# --- the game's phases --------------------------------------------------------------------------------------


def phase_name(phase: Phase) -> str:
    """What a game waits for (a :class:`~trainer.engine.state.Phase`), in words: ``opening roll``, ``move``."""
    return _(phase.value)


def must_answer_double(doubler: Side, other: Side) -> str:
    return _("{doubler} has doubled: {other} must take or pass first").format(doubler=doubler, other=other)


def must_answer_beaver(beaverer: Side, doubler: Side) -> str:
    return _("{beaverer} has beavered: {doubler} must take or pass first").format(beaverer=beaverer, doubler=doubler)


def opening_roll_first() -> str:
    return _("make the opening roll first")


def roll_first() -> str:
    return _("roll the dice first")


def dice_rolled_play_first() -> str:
    return _("the dice are already rolled: play them first")


def choose_double_first() -> str:
    return _("choose the double to play after your 1-2 first")


def game_over() -> str:
    return _("the game is over")


def no_game_left(score: str) -> str:
    return _("the match is over ({score}): no game is left to play").format(score=score)


def bad_die(value: object) -> str:
    """The dice source gave ``value``, which is no die."""
    return _("a die must show 1 to 6, the dice source gave {value}").format(value=repr(value))


def opening_roll_made() -> str:
    return _("the opening roll has already been made")


def not_a_play_of_this_roll() -> str:
    return _("this is not one of the legal plays of this roll")


def score_of_another_length(score_length: int, length: int) -> str:
    return _("the starting score is for a {score_length}-point match, not a {length}-point one").format(
        score_length=score_length, length=length
    )


def game_not_over() -> str:
    return _("the current game is not over: finish it before starting the next")


def match_won(winner: Side | None, x: int, o: int) -> str:
    return _("the match is over: {winner} won {x}-{o}").format(winner=winner, x=x, o=o)


# --- the cube -----------------------------------------------------------------------------------------------

CUBE_ACTIONS = (N_("no double"), N_("double, take"), N_("double, pass"))
"""The values of :attr:`~trainer.engine.bearoff.CubeDecision.action`, marked for translation."""


def cube_action(action: CubeAction) -> str:
    """A cube decision's action (which stays as it is in machine output) in words: ``double, take``."""
    return _(action)


def no_double_before_the_start() -> str:
    return _("nobody may double before the game starts: make the opening roll first")


def nothing_to_double() -> str:
    return _("the game is over: there is nothing to double")


def double_before_rolling(side: Side) -> str:
    return _("{side} may double only at the start of the turn, before rolling: the dice are already rolled").format(
        side=side
    )


def already_doubled(doubler: Side, other: Side) -> str:
    return _("{doubler} has already doubled: {other} must take or pass first").format(doubler=doubler, other=other)


def double_amid_acey_deucey_turn(side: Side) -> str:
    return _("{side} is in the middle of an acey-deucey turn: a double comes only at the start of a turn").format(
        side=side
    )


def double_before_bonus_roll(side: Side) -> str:
    return _(
        "{side} is about to take an acey-deucey bonus roll, which goes on the same turn: a double comes only at the "
        "start of a turn"
    ).format(side=side)


def no_double_to_answer_game_over(*, take: bool) -> str:
    """A take (or, ``take`` false, a pass) after the game is over."""
    if take:
        return _("the game is over: there is no double to take")
    return _("the game is over: there is no double to pass")


def no_double_to_answer_before_start(*, take: bool) -> str:
    if take:
        return _("there is no double to take: the game has not started")
    return _("there is no double to pass: the game has not started")


def no_double_to_answer(on_roll: Side, *, take: bool) -> str:
    """A take (or a pass) while ``on_roll`` has not doubled."""
    if take:
        return _("there is no double to take: {side} is on roll and has not doubled").format(side=on_roll)
    return _("there is no double to pass: {side} is on roll and has not doubled").format(side=on_roll)


def beaver_without_double() -> str:
    return _("a beaver answers a double, and no double waits for an answer")


def beavers_in_a_match(length: int) -> str:
    return _("beavers belong to money play, not to a {length}-point match").format(length=length)


def beavers_off() -> str:
    return _("beavers are not allowed in this game: turn the beaver option on to use them")


def beaver_beyond_the_cube(side: Side, cube: int, highest: int) -> str:
    return _(
        "{side} cannot beaver: the double makes the cube {cube}, and a redouble would take it beyond {highest}, "
        "where the cube stops"
    ).format(side=side, cube=cube, highest=highest)


def no_such_cube(value: object, highest: int) -> str:
    return _("a cube shows 1, 2, 4, 8, 16, 32 or 64 (it stops at {highest}), not {value}").format(
        highest=highest, value=repr(value)
    )


def no_such_cube_owner(owner: object) -> str:
    return _("the cube's owner is X, O or nobody (in the middle), not {owner}").format(owner=repr(owner))


def opponent_owns_the_cube(side: Side) -> str:
    return _("{side} cannot double: {owner} owns the cube, and only its owner may redouble").format(
        side=side, owner=side.other
    )


def cube_at_its_highest(highest: int) -> str:
    return _("the cube is at {highest}, its highest value: it cannot be turned again").format(highest=highest)


def cube_text(value: int, owner: Side | None) -> str:
    """The cube as text: ``cube 2, in the middle``, ``cube 4, X's``."""
    if owner is None:
        return _("cube {value}, in the middle").format(value=value)
    return _("cube {value}, {owner}'s").format(value=value, owner=owner)


# --- dice ---------------------------------------------------------------------------------------------------


def unreadable_dice(text: str) -> str:
    shown = text if len(text) <= 20 else text[:20] + "…"
    return _("cannot read the dice {dice}: write two numbers from 1 to 6, like 65 or 6-5").format(dice=repr(shown))


def no_such_dice(dice: Sequence[object]) -> str:
    return _("dice must be two numbers from 1 to 6, got {dice}").format(dice=repr(tuple(dice)))


def no_such_chosen_double(number: object) -> str:
    return _("a double is chosen by a number from 1 to 6 (4 for 4-4), not {number}").format(number=repr(number))


# --- the score and money options ----------------------------------------------------------------------------

JACOBY_RULE = N_("Jacoby rule")
BEAVERS = N_("beavers")


def money_option_names(*, jacoby: bool, beavers: bool) -> tuple[str, ...]:
    """The money-play options in force, in words: ``("Jacoby rule", "beavers")``, ``()`` for none."""
    return tuple(_(name) for name, on in ((JACOBY_RULE, jacoby), (BEAVERS, beavers)) if on)


def money_options(*, jacoby: bool, beavers: bool) -> str:
    """The money-play options in force: ``Jacoby rule and beavers`` ... ``no Jacoby rule, no beavers``."""
    names = money_option_names(jacoby=jacoby, beavers=beavers)
    return _and(names) if names else _("no Jacoby rule, no beavers")


def money_options_in_a_match(length: int, *, jacoby: bool, beavers: bool) -> str:
    """The money-play options asked for (at least one) cannot be used in a ``length``-point match."""
    if jacoby and beavers:
        message = _("the Jacoby rule and beavers apply only to money play, not to a {length}-point match")
    elif jacoby:
        message = _("the Jacoby rule applies only to money play, not to a {length}-point match")
    else:
        message = _("beavers apply only to money play, not to a {length}-point match")
    return message.format(length=length)


ScoreField = Literal["length", "X", "O"]


def score_not_whole(field: ScoreField, value: object) -> str:
    """The match length (or X's or O's score) is ``value``, no whole number."""
    messages = {
        "length": _("the match length must be a whole number, not {value}"),
        "X": _("the X's score must be a whole number, not {value}"),
        "O": _("the O's score must be a whole number, not {value}"),
    }
    return messages[field].format(value=repr(value))


def score_negative(field: ScoreField, number: int) -> str:
    """The match length (or X's or O's score) is ``number``, below 0."""
    messages = {
        "length": _("the match length cannot be negative ({number})"),
        "X": _("the X's score cannot be negative ({number})"),
        "O": _("the O's score cannot be negative ({number})"),
    }
    return messages[field].format(number=number)


def match_too_long(length: int, longest: int) -> str:
    return _("a match is at most {longest} points long, not {length}").format(longest=longest, length=length)


def score_beyond_the_match(side: Side, score: int, length: int) -> str:
    return _("{side}'s score {score} is beyond the {length}-point match: a score stops at the match length").format(
        side=side, score=score, length=length
    )


def crawford_in_money_play() -> str:
    return _("there is no Crawford game in money play, only in a match")


def not_the_crawford_game(x: int, o: int, length: int) -> str:
    return _(
        "at {x}-{o} in a {length}-point match this cannot be the Crawford game: it is the first game after one side "
        "(and only one) reaches {short}"
    ).format(x=x, o=o, length=length, short=length - 1)


def match_too_short(length: object) -> str:
    return _("a match is played to at least 1 point, not {length}; for money play use length 0").format(
        length=repr(length)
    )


def money_play_has_no_length() -> str:
    return _("money play has no match length: nobody is any number of points away")


def crawford_no_double(leader: Side, length: int, x: int, o: int) -> str:
    return _(
        "no doubling in the Crawford game: {leader} is one point from winning the {length}-point match ({x}-{o}), "
        "and the cube stays out of play for this one game"
    ).format(leader=leader, length=length, x=x, o=o)


def match_over_no_game_added(winner: Side | None, x: int, o: int) -> str:
    return _("the match is over: {winner} has won {x}-{o}, no game can be added").format(winner=winner, x=x, o=o)


def score_text(length: int, x: int, o: int, *, crawford: bool = False, post_crawford: bool = False) -> str:
    """The score as text: ``money play``, ``money play, X 2 O 1``, ``X 1, O 2 in a 5-point match`` with
    ``(Crawford game)`` or ``(post-Crawford)``."""
    if not length:
        if x or o:
            return _("money play, X {x} O {o}").format(x=x, o=o)
        return _("money play")
    if crawford:
        return _("X {x}, O {o} in a {length}-point match (Crawford game)").format(x=x, o=o, length=length)
    if post_crawford:
        return _("X {x}, O {o} in a {length}-point match (post-Crawford)").format(x=x, o=o, length=length)
    return _("X {x}, O {o} in a {length}-point match").format(x=x, o=o, length=length)


# --- Match IDs ----------------------------------------------------------------------------------------------


def jacoby_in_a_match(length: int) -> str:
    return _("the Jacoby rule belongs to money play, not to a {length}-point match").format(length=length)


def double_with_dice() -> str:
    return _("a double is offered before rolling: a Match ID cannot show both a double and dice")


def not_a_match_id(text: str, reason: str | None = None) -> str:
    if reason is None:
        return _("{text} is not a Match ID: it must be 12 characters of A-Z, a-z, 0-9, + and /").format(
            text=quoted(text)
        )
    return _("{text} is not a Match ID: {reason}").format(text=quoted(text), reason=reason)


def match_id_stray_bits(text: str) -> str:
    return _("Match ID {text} has stray bits after the scores and the Jacoby bit").format(text=quoted(text))


def in_match_id(text: str, reason: str) -> str:
    return _("Match ID {text}: {reason}").format(text=quoted(text), reason=reason)


def match_id_owner_bits() -> str:
    return _("the cube owner bits must be 00 (player 0, O), 01 (player 1, X) or 11 (in the middle), not 10")


def match_id_game_state(stage: int) -> str:
    return _("the game state must be 0-4 (none, playing, over, resigned, passed), not {stage}").format(stage=stage)


def match_id_dice(first: int, second: int) -> str:
    return _("the dice must be two numbers 1-6, or 0-0 before rolling, not {first}-{second}").format(
        first=first, second=second
    )


def match_id_cube(cube: int, highest: int) -> str:
    return _("the cube is {cube}, but it stops at {highest}").format(cube=cube, highest=highest)


# --- XGIDs --------------------------------------------------------------------------------------------------

XgidField = Literal["cube", "owner", "turn", "bottom", "top", "rules", "length", "maximum"]
XGID_FIELDS: dict[XgidField, str] = {
    "cube": N_("cube"),
    "owner": N_("cube owner"),
    "turn": N_("turn"),
    "bottom": N_("bottom score"),
    "top": N_("top score"),
    "rules": N_("Crawford or Jacoby"),
    "length": N_("match length"),
    "maximum": N_("maximum cube"),
}
"""The names of an XGID's number fields."""


def xgid_turn(turn: object) -> str:
    return _("the turn must be 1 (X, bottom) or -1 (O, top), not {turn}").format(turn=repr(turn))


def xgid_cube_owner(owner: object) -> str:
    return _("the cube owner must be 1, 0 or -1, not {owner}").format(owner=repr(owner))


def xgid_cube_not_a_power(cube: int, *, maximum: bool) -> str:
    """The cube value (or the maximum cube) is not a power of two from 1 to 32768."""
    if maximum:
        return _("the maximum cube must be a power of two from 1 to 32768, not {cube}").format(cube=cube)
    return _("the cube value must be a power of two from 1 to 32768, not {cube}").format(cube=cube)


def xgid_negative(field: Literal["bottom", "top", "length"], number: int) -> str:
    """The bottom or top score (or the match length) of an XGID is ``number``, below 0."""
    if field == "bottom":
        return _("the bottom score cannot be negative ({number})").format(number=number)
    if field == "top":
        return _("the top score cannot be negative ({number})").format(number=number)
    return score_negative("length", number)


def xgid_dice(dice: object) -> str:
    return _("dice show 1 to 6, not {dice}").format(dice=dice)


def xgid_crawford_in_money_play() -> str:
    return _("there is no Crawford game in money play (match length 0)")


def xgid_money_options_in_a_match() -> str:
    return _("the Jacoby rule and beavers belong to money play, not to a match")


def not_an_xgid(text: str) -> str:
    return _("{text} is not an XGID: its board must be 26 characters of '-', A-P and a-p").format(text=quoted(text))


def in_xgid(text: str, reason: str) -> str:
    return _("XGID {text}: {reason}").format(text=quoted(text), reason=reason)


def xgid_o_bar_uppercase(text: str) -> str:
    return _("XGID {text}: the first character is O's bar, so it is lowercase").format(text=quoted(text))


def xgid_x_bar_lowercase(text: str) -> str:
    return _("XGID {text}: the last character is X's bar, so it is uppercase").format(text=quoted(text))


def xgid_too_many_checkers(text: str, side: str, count: int, most: int) -> str:
    return _("XGID {text} gives {side} {count} checkers; a side has only {most}").format(
        text=quoted(text), side=side, count=count, most=most
    )


def xgid_field_not_whole(text: str, field: XgidField, value: str) -> str:
    """The XGID's number field ``field`` holds ``value``, which is no whole number."""
    return _("XGID {text}: the {field} field must be a whole number, not {value}").format(
        text=quoted(text), field=_(XGID_FIELDS[field]), value=quoted(value)
    )


def xgid_cube_owner_field(text: str, owner: int) -> str:
    return _("XGID {text}: the cube owner must be 1, 0 or -1, not {owner}").format(text=quoted(text), owner=owner)


def xgid_turn_field(text: str, turn: int) -> str:
    return _("XGID {text}: the turn must be 1 (X) or -1 (O), not {turn}").format(text=quoted(text), turn=turn)


def xgid_cube_field(text: str, value: int) -> str:
    return _("XGID {text}: the cube field must be 0-15 (log2 of the cube), not {value}").format(
        text=quoted(text), value=value
    )


def xgid_dice_field(text: str, value: str) -> str:
    return _("XGID {text}: the dice field must be two digits 1-6, not {value}").format(
        text=quoted(text), value=quoted(value)
    )


def xgid_maximum_cube_field(text: str, value: int) -> str:
    return _("XGID {text}: the maximum cube field must be 0-15 (log2), not {value}").format(
        text=quoted(text), value=value
    )


def xgid_crawford_field(text: str, value: int) -> str:
    return _("XGID {text}: in a match the Crawford field must be 0 or 1 (1: the Crawford game), not {value}").format(
        text=quoted(text), value=value
    )


def xgid_rules_field(text: str, value: int) -> str:
    return _(
        "XGID {text}: in money play the rules field must be 0-3 (1 Jacoby rule, 2 beavers, 3 both), not {value}"
    ).format(text=quoted(text), value=value)


# --- positions ----------------------------------------------------------------------------------------------


def waiting_not_whole(side: str, value: object) -> str:
    return _("{side}'s count of checkers waiting to enter is not a whole number: {value}").format(
        side=side, value=repr(value)
    )


def negative_waiting(side: str, count: int) -> str:
    return _("{side} has a negative number of checkers ({count}) waiting to enter").format(side=side, count=count)


def side_needs_26_counts(side: str, count: int) -> str:
    return _("{side}'s side needs 26 counts (off, points 1-24, bar), got {count}").format(side=side, count=count)


def count_not_whole(side: str, index: int, value: object) -> str:
    return _("{side}'s count at index {index} is not a whole number: {value}").format(
        side=side, index=index, value=repr(value)
    )


def negative_on_bar(side: str, count: int) -> str:
    return _("{side} has a negative number of checkers ({count}) on the bar").format(side=side, count=count)


def negative_on_point(side: str, count: int, point: int) -> str:
    return _("{side} has a negative number of checkers ({count}) on point {point}").format(
        side=side, count=count, point=point
    )


def negative_borne_off(side: str, count: int) -> str:
    return _("{side} has a negative number of checkers ({count}) borne off").format(side=side, count=count)


def too_many_in_play(side: str, count: int, waiting: int, most: int) -> str:
    """``side`` has ``count`` checkers on the board and bar, and ``waiting`` waiting to enter: more than ``most``."""
    if waiting:
        return _(
            "{side} has {count} checkers on the board and bar and {waiting} waiting to enter; a side has only {most}"
        ).format(side=side, count=count, waiting=waiting, most=most)
    return _("{side} has {count} checkers on the board and bar; a side has only {most}").format(
        side=side, count=count, most=most
    )


def counts_do_not_add_up(side: str, in_play: int, waiting: int, off: int, total: int) -> str:
    if waiting:
        return _(
            "{side} has {in_play} checkers in play, {waiting} waiting to enter and {off} borne off; together they "
            "must make {total}"
        ).format(side=side, in_play=in_play, waiting=waiting, off=off, total=total)
    return _("{side} has {in_play} checkers in play and {off} borne off; together they must make {total}").format(
        side=side, in_play=in_play, off=off, total=total
    )


def both_sides_on_point(point: int, x: int, o: int) -> str:
    return _("both sides have checkers on point {point} (X's numbering): X has {x}, O has {o}").format(
        point=point, x=x, o=o
    )


def both_borne_off() -> str:
    return _("both sides have borne off all their checkers; only one side can win")


def point_out_of_range(side: str, point: object) -> str:
    return _("{side} has checkers on point {point}; points run from 1 to 24").format(side=side, point=repr(point))


def not_a_position_id(text: str, reason: str | None = None) -> str:
    if reason is None:
        return _("{text} is not a Position ID: it must be 14 characters of A-Z, a-z, 0-9, + and /").format(
            text=quoted(text)
        )
    return _("{text} is not a Position ID: {reason}").format(text=quoted(text), reason=reason)


def position_id_out_of_bits(text: str) -> str:
    return _("Position ID {text} holds too many checkers: its bits run out before both sides").format(text=quoted(text))


def position_id_too_many_checkers(text: str, side: str, count: int, most: int) -> str:
    return _("Position ID {text} gives {side} {count} checkers; a side has only {most}").format(
        text=quoted(text), side=side, count=count, most=most
    )


def position_id_stray_bits(text: str) -> str:
    return _("Position ID {text} has stray bits after both sides").format(text=quoted(text))


def in_position_id(text: str, reason: str) -> str:
    return _("Position ID {text}: {reason}").format(text=quoted(text), reason=reason)


def cannot_hold_waiting(form: Literal["position_id", "xgid"], text: str) -> str:
    """A Position ID (or an XGID) cannot hold the checkers waiting to enter of the position ``text``."""
    if form == "xgid":
        message = _("an XGID cannot hold checkers waiting to enter, as in {text}: write the text form instead")
    else:
        message = _("a Position ID cannot hold checkers waiting to enter, as in {text}: write the text form instead")
    return message.format(text=repr(text))


def in_text(text: str, reason: str) -> str:
    """``reason`` about the written position ``text`` (quoted)."""
    return in_subject(quoted(text), reason)


def text_needs_both_sides(text: str) -> str:
    reason = _("write both sides separated by {slash}, e.g. {example}").format(
        slash="'/'", example="'X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2'"
    )
    return in_text(text, reason)


def text_side_label(text: str, half: str) -> str:
    reason = _("each side starts with {x} or {o}, not {half}").format(x="'X:'", o="'O:'", half=quoted(half))
    return in_text(text, reason)


def text_side_twice(text: str, side: str) -> str:
    return in_text(text, _("side {side} is given twice").format(side=side))


def text_unreadable_token(text: str, token: str) -> str:
    reason = _(
        "cannot read {token}; write a point and a count like {point}, {bar}, or {waiting} for checkers waiting to enter"
    ).format(token=quoted(token), point="'13x5'", bar="'bar'", waiting="'waitx15'")
    return in_text(text, reason)


def text_no_such_point(text: str, token: str, point: int) -> str:
    return in_text(text, _("{token} names point {point}; points run 1-24").format(token=quoted(token), point=point))


def text_too_many_checkers(text: str, side: str, count: int, most: int, *, waiting: bool) -> str:
    if waiting:
        reason = _("{side} has {count} checkers on the board, on the bar and waiting; a side has only {most}")
    else:
        reason = _("{side} has {count} checkers on the board and bar; a side has only {most}")
    return in_text(text, reason.format(side=side, count=count, most=most))


def game_over_borne_off(side: str, count: int) -> str:
    """``side`` has borne off all its ``count`` checkers."""
    return _("the game is over: {side} has borne off all {count} checkers").format(side=side, count=count)


def diagram_bar() -> str:
    """The label of the bar in a board drawn in text (three characters)."""
    label = _("BAR")
    return f"{label:^3.3}"


def diagram_waiting(side: str, count: int) -> str:
    """Beside a board drawn in text: ``side`` has ``count`` checkers waiting to enter."""
    return _("{side}: {count} waiting").format(side=side, count=count)


def diagram_summary(o_pips: int, o_off: int, x_pips: int, x_off: int) -> str:
    """Under a board drawn in text: each side's pip count and checkers borne off."""
    return _("O: {o_pips} pips, {o_off} off    X (on roll): {x_pips} pips, {x_off} off").format(
        o_pips=o_pips, o_off=o_off, x_pips=x_pips, x_off=x_off
    )


# --- bear-off tables ----------------------------------------------------------------------------------------


def table_unreadable(path: object, error: object) -> str:
    return _("cannot read the bear-off table {path}: {error}").format(path=path, error=error)


def table_damaged(path: object, error: object) -> str:
    return _("the bear-off table {path} is damaged: {error}").format(path=path, error=error)


def not_a_bearoff_database(path: object) -> str:
    return _("{path} is not a bear-off database").format(path=path)


def not_a_two_sided_table(path: object) -> str:
    return _("{path} is not a two-sided bear-off table").format(path=path)


def not_a_cubeful_table(path: object) -> str:
    return _("{path} is not a cubeful bear-off table").format(path=path)


def table_does_not_match(path: object) -> str:
    return _("{path} does not match the position list").format(path=path)


def not_a_pure_bearoff(position: str) -> str:
    return _("{position} is not a pure bear-off: every checker of both sides must be home").format(position=position)


def checker_on_the_bar_not_bearoff(side: str) -> str:
    return _("{side} has a checker on the bar: this is not a pure bear-off").format(side=side)


def checker_outside_not_bearoff(side: str, point: int) -> str:
    return _("{side} has a checker on its {point}-point: this is not a pure bear-off").format(side=side, point=point)


def beyond_the_cube_table(side: str, left: int, most: int) -> str:
    return _(
        "{side} has {left} checkers left; the exact cube table covers bear-offs of at most {most} checkers a side"
    ).format(side=side, left=left, most=most)


def no_such_cube_state(owner: object) -> str:
    return _("the cube owner is {centered} or {player}, not {owner}: only then may the side on roll double").format(
        centered="'centered'", player="'player'", owner=repr(owner)
    )


# --- sides and variants -------------------------------------------------------------------------------------


def no_such_side(name: str) -> str:
    return _("a side is 'X' or 'O', not {name}").format(name=repr(name))


def no_double_to_choose_in(title: str) -> str:
    """The rules titled ``title`` (marked with ``N_()``) have no double to choose."""
    return _("{game} has no double to choose: only in acey-deucey, after playing a 1-2, do you choose one").format(
        game=_(title)
    )


def no_double_to_choose_now() -> str:
    return _("there is no double to choose now: you choose one after playing all of a 1-2")


def unknown_variant(name: str, known: Iterable[str]) -> str:
    return _("unknown variant {name}: use {known}").format(name=repr(name), known=", ".join(sorted(known)))


# --- what a play does (trainer.engine.ideas) ------------------------------------------------------------------


def _your_point(point: int) -> str:
    """``your 5-point``, with the names players give the 5-point and the bar point."""
    if point == 5:
        return _("your 5-point (the golden point)")
    if point == 7:
        return _("your bar point")
    return _("your {point}-point").format(point=point)


def idea_phrase(idea: Idea) -> str:
    """One idea of a play as a phrase: ``hits two checkers``, ``makes your 5-point``, ``escapes a back checker``."""
    from trainer.engine.ideas import IdeaKind

    kind, point, count = idea.kind, idea.point, idea.count
    if kind is IdeaKind.HITS:
        return _("hits") if count == 1 else _("hits {count} checkers").format(count=number_word(count))
    if kind is IdeaKind.MAKES_POINT:
        return _("makes {point}").format(point=_your_point(point))
    if kind is IdeaKind.MAKES_ANCHOR:
        return _("makes an anchor on your {point}-point").format(point=point)
    if kind is IdeaKind.PRIME:
        return _("builds a block of {count} points in a row").format(count=count)
    if kind is IdeaKind.ESCAPES:
        return ngettext("escapes a back checker", "escapes {count} back checkers", count).format(count=count)
    if kind is IdeaKind.RUNS:
        return ngettext("runs a back checker", "runs {count} back checkers", count).format(count=count)
    if kind is IdeaKind.SPLITS:
        return _("splits the back checkers")
    if kind is IdeaKind.ENTERS:
        return ngettext("enters from the bar", "enters {count} checkers from the bar", count).format(count=count)
    if kind is IdeaKind.BUILDER:
        return ngettext("brings a builder down", "brings {count} builders down", count).format(count=count)
    if kind is IdeaKind.SLOTS:
        return _("slots {point}").format(point=_your_point(point))
    if kind is IdeaKind.BEARS_OFF:
        return ngettext("bears off a checker", "bears off {count} checkers", count).format(count=count)
    if kind is IdeaKind.SAFE:
        return _("leaves no blot")
    return _("breaks {point}").format(point=_your_point(point))


def play_ideas_sentence(play_text: str, ideas: Sequence[Idea]) -> str:
    """What a play does in a sentence: ``8/5 6/5 makes your 5-point (the golden point) and leaves no blot.``;
    ``24/21: a quiet move.`` for a play with no idea to name."""
    if not ideas:
        return _("{play}: a quiet move.").format(play=play_text)
    return _("{play} {ideas}.").format(play=play_text, ideas=_listed([idea_phrase(idea) for idea in ideas]))


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 3:
        return _and(items)
    head = reduce(lambda first, second: _("{first}, {second}").format(first=first, second=second), items[:-1])
    return _and([head, items[-1]])


# --- the match equity table ------------------------------------------------------------------------------------


def beyond_the_equity_table(away: int, longest: int) -> str:
    return _("the match equity table goes up to {longest}-away, not {away}-away").format(longest=longest, away=away)


def both_sides_won() -> str:
    return _("both sides cannot have won the match")


def match_already_won(away: int) -> str:
    return _("a side at {away}-away has already won the match: nobody doubles").format(away=away)


def post_crawford_without_one_away(player: int, opponent: int) -> str:
    return _("a score is post-Crawford only with a side at 1-away, not at {player}-away, {opponent}-away").format(
        player=player, opponent=opponent
    )


def no_double_in_the_crawford_game() -> str:
    return _("nobody may double in the Crawford game")


def doubler_wins_with_the_cube(away: int, cube: int) -> str:
    return _("at {away}-away, winning with the cube at {cube} already wins the match: nobody doubles").format(
        away=away, cube=cube
    )
