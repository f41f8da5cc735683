"""Play: the menu of a new game."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from trainer.i18n import N_, _, month_day
from trainer.tui.wording._lazy import play_wording
from trainer.tui.wording.board import listed

if TYPE_CHECKING:
    from trainer.engine import MoneyOptions
    from trainer.play import GameSetup
    from trainer.store import StoredGame


LENGTH_NAMES = {0: N_("Money game"), 1: N_("1 point"), 3: N_("3 points"), 5: N_("5 points"), 7: N_("7 points")}
MONEY_OPTION_NAMES = {"none": N_("Neither"), "jacoby": N_("Jacoby rule"), "beavers": N_("Beavers"), "both": N_("Both")}


def play_title() -> str:
    return _("Play")


def play_subtitle() -> str:
    return _("A game against the computer, or two players at this keyboard.")


def game_length_field() -> str:
    return _("Game (m):")


def level_field() -> str:
    return _("Level (l):")


def money_field() -> str:
    return _("Money (o):")


def length_name(length: int) -> str:
    return _(LENGTH_NAMES[length])


def level_name(level: str) -> str:
    return play_wording.level_name(level)


def money_option(key: str) -> str:
    return _(MONEY_OPTION_NAMES[key])


def saved_at(seconds: float) -> str:
    """When a game was saved, as the menu says it (``05 Dec 14:03``, ``4 de dez. 14:03``); a time that can't be a
    date is said so."""
    try:
        return f"{month_day(seconds)} {time.strftime('%H:%M', time.localtime(seconds))}"
    except (OverflowError, OSError, ValueError):
        return _("at an unknown time")


def resume_line(game: StoredGame) -> str:
    """An unfinished game against the computer in the menu: kind, level, score and when it was saved."""
    kind = play_wording.game_kind(game.match_length)
    if game.match_length:
        score = _("you {learner}, computer {computer}").format(learner=game.learner_score, computer=game.computer_score)
    else:
        score = _("under way")
    return _("Resume: {kind} against the computer ({level}), {score}, saved {saved}").format(
        kind=kind, level=level_name(game.level), score=score, saved=saved_at(game.updated_at)
    )


def resume_local_line(setup: GameSetup, updated_at: float) -> str:
    """An unfinished game without bgsage in the menu: what it is and when it was saved."""
    return _("Resume: {title}, {kind}, saved {saved}").format(
        title=play_wording.local_title(setup),
        kind=play_wording.game_kind(setup.match_length, cube=setup.cube),
        saved=saved_at(updated_at),
    )


def local_game_set_aside(error: str) -> str:
    return _("The unfinished game can't be resumed ({error}); its record is kept aside in the progress file.").format(
        error=error
    )


def money_rules(options: MoneyOptions) -> str:
    """The money options in force, as the menu and the title add them: `` (Jacoby rule and beavers)``."""
    names = [_(name) for name in options.names]
    return _(" ({rules})").format(rules=listed(names)) if names else ""


def new_game_against_sage(length: int, options: MoneyOptions, level: str) -> str:
    return _("Against the computer: backgammon, {kind}{rules}, {level}").format(
        kind=play_wording.game_kind(length), rules=money_rules(options), level=level_name(level)
    )


def new_acey_deucey_game(length: int) -> str:
    """The acey-deucey computer plays without the cube: a single game or a match."""
    return _("Against the computer: acey-deucey, {kind}").format(kind=play_wording.game_kind(length, cube=False))


def new_two_player_game(variant: str, length: int) -> str:
    kind = play_wording.game_kind(length)
    if variant == "standard":
        return _("Two players at this keyboard: backgammon, {kind}").format(kind=kind)
    return _("Two players at this keyboard: acey-deucey, {kind}").format(kind=kind)


def cannot_resume(error: str) -> str:
    return _("This game cannot be resumed: {error}").format(error=error)


def game_moved_on() -> str:
    return _("That game was saved by another bgtrainer meanwhile: the list now shows it as it is.")
