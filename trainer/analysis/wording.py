"""Every sentence and label the analysis layer writes, through the translation function: ``bgtrainer hint``'s
report and the reasons an evaluation is refused."""

from __future__ import annotations

from trainer.i18n import N_, _, localized, ngettext

CHANCE_HEADINGS = (N_("Win"), N_("W(g)"), N_("W(bg)"), N_("Lose"), N_("L(g)"), N_("L(bg)"))
"""The chances of a play or a position, as the hint's columns name them."""
CUBE_OWNERS = {"centered": N_("centered"), "player": N_("owned by X"), "opponent": N_("owned by O")}
CUBE_ROWS = (N_("No double"), N_("Double, take"), N_("Double, pass"))
"""The three equities of a cube decision, in the order the hint lists them."""
CUBE_ACTIONS = {
    "no double": N_("no double"),
    "double, take": N_("double, take"),
    "double, pass": N_("double, pass"),
    "too good to double": N_("too good to double"),
}


def chance_headings() -> tuple[str, ...]:
    return tuple(_(heading) for heading in CHANCE_HEADINGS)


def cube_owner(owner: str) -> str:
    """Where the cube is: ``centered``, ``owned by X``, ``owned by O``."""
    return _(CUBE_OWNERS[owner])


def cube_rows() -> tuple[str, ...]:
    return tuple(_(row) for row in CUBE_ROWS)


def cube_action(action: str) -> str:
    """The right cube action in words."""
    return _(CUBE_ACTIONS[action])


def plays_heading(dice: str, position_id: str, count: int, plies: int, cube: str) -> str:
    """The first line of a ranking of plays."""
    return ngettext(
        "X to play {dice} in {position}: {count} legal play, ranked by {plies}-ply cubeful money equity (cube "
        "{cube}); chances in %",
        "X to play {dice} in {position}: {count} legal plays, ranked by {plies}-ply cubeful money equity (cube "
        "{cube}); chances in %",
        count,
    ).format(dice=dice, position=position_id, count=count, plies=plies, cube=cube_owner(cube))


def play_column() -> str:
    return _("Play")


def equity_column() -> str:
    return _("Equity")


def difference_column() -> str:
    return _("Diff")


def cube_heading(position_id: str, cube: str, plies: int) -> str:
    """The first line of a cube decision."""
    return _("X on roll in {position}, before rolling (cube {cube}): {plies}-ply cubeful money equities").format(
        position=position_id, cube=cube_owner(cube), plies=plies
    )


def right_action(action: str) -> str:
    return _("Right action: {action}").format(action=cube_action(action))


def chances_line(cubeless: float, chances: str) -> str:
    return _("Chances in % (cubeless equity {equity:+.3f}): {chances}").format(
        equity=localized(cubeless), chances=chances
    )


# --- refusals -----------------------------------------------------------------------------------------------------


def bad_plies(least: int, most: int, given: object) -> str:
    return _("plies must be a whole number from {least} to {most}, not {given}").format(
        least=least, most=most, given=repr(given)
    )


def bad_cube_owner(owners: tuple[str, ...], given: str) -> str:
    return _("the cube owner must be one of {owners}, not {given}").format(owners=", ".join(owners), given=repr(given))


def bad_cube_value(given: object) -> str:
    return _("the cube value must be 1, 2, 4 ... 64, not {given}").format(given=repr(given))


def bad_aways(aways: tuple[object, ...]) -> str:
    return _("points away must be whole numbers from 0, not {aways}").format(aways=repr(aways))


def one_side_money(aways: tuple[object, ...]) -> str:
    return _("either both sides are 0 away (money play) or neither is, not {aways}").format(aways=repr(aways))


def no_crawford_in_money() -> str:
    return _("there is no Crawford game in money play")


def crawford_needs_one_away(aways: tuple[object, ...]) -> str:
    return _("a Crawford game needs a side 1 point away, not {aways}").format(aways=repr(aways))


def money_options_in_a_match() -> str:
    return _("the Jacoby rule and beavers belong to money play, not to a match")


def match_over(score: object) -> str:
    return _("the match is over ({score}): there is nothing left to decide").format(score=score)


def bad_level_numbers(name: str) -> str:
    return _("level {name}: window, temperature and cube noise cannot be negative").format(name=repr(name))


def level_needs_temperature(name: str) -> str:
    return _("level {name}: a window of plays to draw from needs a temperature above 0").format(name=repr(name))


def unknown_level(name: str, levels: list[str]) -> str:
    return _("unknown level {name}: choose one of {levels}").format(name=repr(name), levels=", ".join(levels))


def no_play_to_choose() -> str:
    return _("there is no play to choose from")


def no_play_at_all() -> str:
    return _("there is no play to choose from: a roll always has at least the empty play")


def game_over(position_id: str, winner: str, checkers: int) -> str:
    return _("{position}: the game is over ({winner} has borne off all {checkers} checkers)").format(
        position=position_id, winner=winner, checkers=checkers
    )


def impossible_board(position_id: str, error: object) -> str:
    return _("bgsage gave an impossible board for {position}: {error}").format(position=position_id, error=error)


def unknown_play(roll: str, position_id: str, result_id: str) -> str:
    return _(
        "bgsage found a play with {roll} in {position} that the rules engine does not allow: it leaves {result}"
    ).format(roll=roll, position=position_id, result=result_id)


def missing_plays(roll: str, position_id: str, missing: str) -> str:
    return _("bgsage did not evaluate every legal play with {roll} in {position}: {missing} missing").format(
        roll=roll, position=position_id, missing=missing
    )


def cannot_double(position_id: str) -> str:
    return _("{position}: X cannot double, O owns the cube").format(position=position_id)


def board_size(board: list[int]) -> str:
    return _("a bgsage board is 26 whole numbers, got {board}").format(board=repr(board))


def board_bars(board: list[int]) -> str:
    return _("bgsage board {board}: the bars (indexes 0 and 25) hold counts >= 0").format(board=repr(board))


def board_problem(board: list[int], error: object) -> str:
    return _("bgsage board {board}: {error}").format(board=repr(board), error=error)


def money_stakes(cube: int) -> str:
    """The stakes line of a hint in money play with the cube turned."""
    return _("Money play, the cube at {cube}: equities per unit of the cube.").format(cube=cube)


def match_stakes(player_away: int, opponent_away: int, crawford: bool, cube: int) -> str:
    """The stakes line of a hint at a match score."""
    if crawford:
        text = _("Match: the player on roll is {player}-away, the opponent {opponent}-away, the Crawford game.")
    else:
        text = _("Match: the player on roll is {player}-away, the opponent {opponent}-away.")
    stakes = text.format(player=player_away, opponent=opponent_away)
    return stakes + " " + _("The cube at {cube}; equities in money-equivalent points (EMG).").format(cube=cube)


def no_luck_figure(dice: str, position_id: str) -> str:
    return _("bgsage gives no figure for the roll {dice} in {position}: its luck cannot be told").format(
        dice=dice, position=position_id
    )


def xg_bad_board() -> str:
    return _("a board that is not 26 numbers")


def xg_refused(reason: str) -> str:
    return _("not a .xg file that can be read: {reason}").format(reason=reason)
