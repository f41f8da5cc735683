"""Board scenes built from values, by pure functions (no widget, no app): a turn being played, a play shown from and
to, the tutor's verdict, a hint, a mistake, a cube question, the table of a game.

Each takes what it shows (and, where a scene only changes part of another, the scene it starts from) and returns a
new :class:`~trainer.tui.widgets.scene.BoardScene`; the screens give it to their board.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from trainer.engine import BAR, OFF, WAITING, Cube, Dice, MatchScore, Phase, Play, Position, Side, Turn
from trainer.tui.widgets.scene import BoardScene, LastMove, TurnCue

if TYPE_CHECKING:
    from trainer.analysis import RankedPlay
    from trainer.play import ChoseDouble, CubeEvent, Mistake, PlayableGame, Rolled, Verdict


def board_point(point: int, side: Side) -> int:
    """``side``'s point ``point`` in the board's numbering (X's), and back: the bar, the tray and the waiting
    checkers keep their numbers."""
    return point if side is Side.X or point in (BAR, OFF, WAITING) else 25 - point


def seen_by_x(position: Position, side: Side) -> Position:
    """A position seen by ``side`` (the mover), turned round for the board, which X sees."""
    return position if side is Side.X else position.swap()


def turn_scene(scene: BoardScene, turn: Turn, side: Side = Side.X) -> BoardScene:
    """``turn`` being played by ``side``: the board as its moves so far leave it, its dice with those used dimmed,
    nothing selected."""
    return replace(
        scene,
        position=seen_by_x(turn.current, side),
        on_roll=side,
        dice=turn.dice,
        used_dice=turn.used_dice,
        opening_throw=None,
        selected=None,
        targets=frozenset(),
    )


def selection_scene(scene: BoardScene, point: int, targets: frozenset[int], side: Side = Side.X) -> BoardScene:
    """The checker on ``point`` chosen to move, and the points it can reach lit (all in ``side``'s numbering)."""
    return replace(
        scene,
        selected=board_point(point, side),
        targets=frozenset(board_point(target, side) for target in targets),
    )


def unselected(scene: BoardScene) -> BoardScene:
    """No checker chosen, no point lit."""
    return replace(scene, selected=None, targets=frozenset())


def finished_scene(scene: BoardScene) -> BoardScene:
    """The board once its tasks are over (a lesson finished): the position as the last one left it, with no roll,
    no turn said, nothing marked or chosen and no caption."""
    return replace(
        scene,
        dice=None,
        used_dice=(),
        opening_throw=None,
        cue=TurnCue.NONE,
        selected=None,
        targets=frozenset(),
        marked=frozenset(),
        last_move=None,
        caption="",
    )


def step_scene(scene: BoardScene, turn: Turn, side: Side = Side.X) -> BoardScene:
    """A play shown move by move: the board after the moves of ``turn`` so far, marked from and to."""
    return replace(turn_scene(scene, turn, side), last_move=LastMove(turn.moves, side))


def start_of_play(scene: BoardScene, play: Play, side: Side = Side.X) -> BoardScene:
    """The board before ``play`` is shown move by move: its position and dice, nothing marked."""
    return replace(turn_scene(scene, Turn(play.position, play.dice), side), last_move=None)


def played_scene(scene: BoardScene, play: Play, side: Side = Side.X) -> BoardScene:
    """``play`` made: the board after it, its dice used, its moves marked from and to."""
    return replace(
        scene,
        position=seen_by_x(play.result, side),
        on_roll=side,
        dice=play.dice,
        used_dice=play.dice.moves[: play.dice_used],
        last_move=LastMove.of(play, side),
        selected=None,
        targets=frozenset(),
    )


def verdict_scene(scene: BoardScene, verdict: Verdict, *, better: bool, caption: str) -> BoardScene:
    """A mistake the tutor flagged: the better play (or the learner's, ``better`` false) made on the board."""
    play = verdict.best_play if better else verdict.chosen_play
    if play is None:
        return scene
    return replace(played_scene(scene, play), caption=caption)


def hint_scene(scene: BoardScene, item: RankedPlay, caption: str) -> BoardScene:
    """A play of a hint's ranking made on the board, captioned with its rank and equity."""
    return replace(played_scene(scene, item.play), caption=caption)


def mistake_scene(scene: BoardScene, mistake: Mistake, caption: str) -> BoardScene:
    """A mistake of a finished game: the better play made from the position of the decision (or, for a cube
    decision, that position and its dice), with the cube and the score as they were."""
    shown = replace(scene, cube=mistake.cube, match=mistake.score, caption=caption)
    play = mistake.verdict.best_play
    if play is not None:
        return played_scene(shown, play)
    return replace(shown, position=mistake.board, dice=mistake.dice, used_dice=(), last_move=None)


def cube_question_scene(
    position: Position,
    *,
    question: str,
    cube: int = 1,
    owned: bool = False,
    doubler: Side = Side.O,
    caption: str = "",
    match: MatchScore | None = None,
) -> BoardScene:
    """A cube question before the roll: ``double`` (X on roll; the cube in the middle at ``cube``, or X's when
    ``owned``) or ``take`` (``doubler`` has doubled: the cube turned to twice ``cube``, in the middle until
    answered), at ``match`` if given."""
    if question == "take":
        return BoardScene(
            position=position, cube=Cube(2 * cube), on_roll=doubler, cue=TurnCue.DOUBLES, caption=caption, match=match
        )
    held = Cube(cube, Side.X) if owned else Cube(cube)
    return BoardScene(position=position, cube=held, on_roll=Side.X, cue=TurnCue.ROLL, caption=caption, match=match)


def table_scene(scene: BoardScene, game: PlayableGame, viewer: Side) -> BoardScene:
    """A game as it stands: its position, cube (turned and offered while a double waits) and score, the dice once
    rolled, the point numbers in ``viewer``'s numbering; nothing marked but the last move."""
    setup = game.setup
    state = game.state
    cube: Cube | None = game.cube
    if state.phase is Phase.DOUBLED:  # the cube turned and offered, waiting for the answer
        cube = Cube(2 * game.cube.value, game.cube.owner)
    return replace(
        scene,
        position=game.board,
        cube=cube if setup.cube else None,
        match=game.score if setup.cube or setup.match_length else None,
        caption="",
        numbered_for=viewer,
        on_roll=state.turn or Side.X,
        dice=state.dice,
        used_dice=(),
        opening_throw=None,
        selected=None,
        targets=frozenset(),
    )


def game_scene(game: PlayableGame, names: tuple[str, str], viewer: Side = Side.X) -> BoardScene:
    """A game as it is opened on the board: :func:`table_scene` of it, the players' ``names`` in the pip counts and
    the score, acey-deucey's column of waiting checkers kept, and the last play of a game resumed after its opening
    roll marked from and to."""
    from trainer.play import Played

    start = BoardScene(names=names, waiting_column=game.setup.acey_deucey)
    last = game.events[-1] if game.events else None
    marked = LastMove(last.play.moves, last.side) if isinstance(last, Played) else None
    return replace(table_scene(start, game, viewer), last_move=marked)


def marked_scene(scene: BoardScene, play: Play | None, side: Side = Side.X) -> BoardScene:
    """``play``'s moves marked from and to (``None``: nothing marked), and no caption when the mark is taken away."""
    if play is None:
        return replace(scene, last_move=None)
    return replace(scene, last_move=LastMove(play.moves, side))


def turn_again_scene(scene: BoardScene) -> BoardScene:
    """Back to the turn being played after a hint was shown: no play marked, no caption."""
    return replace(scene, last_move=None, caption="")


def computer_event_scene(scene: BoardScene, event: Rolled | ChoseDouble | CubeEvent) -> BoardScene:
    """A step of the computer's turn on the board: its roll (the board before it, its dice, nothing marked), the
    double it chose (acey-deucey) or its cube action (the cube turned while its double waits for the answer)."""
    from trainer.play import ChoseDouble, Doubled, Rolled

    if isinstance(event, Rolled):
        position = event.board_before(Side.X)
        return replace(scene, position=position, on_roll=event.side, dice=event.dice, used_dice=(), last_move=None)
    if isinstance(event, ChoseDouble):
        return replace(scene, on_roll=event.side, dice=event.dice, used_dice=())
    before = event.before
    cube = Cube(2 * before.cube, before.cube_owner) if isinstance(event, Doubled) else event.after.doubling_cube
    return replace(scene, cube=cube)


def position_scene(position: Position, dice: Dice | None = None, caption: str = "") -> BoardScene:
    """A position to look at, X on roll with ``dice`` to play (``None``: before the roll), nothing marked or chosen:
    what Explore shows of the position and the dice typed."""
    return BoardScene(position=position, dice=dice, caption=caption)
