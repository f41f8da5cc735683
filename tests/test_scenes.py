"""Board scenes built from values, without a board or an app: what Explore shows of a position and dice, a play
highlighted in its list, and the start of a play played out move by move."""

from __future__ import annotations

from trainer.engine import Dice, Position, Side, legal_plays
from trainer.tui.playing import play_steps
from trainer.tui.scenes import played_scene, position_scene, start_of_play, step_scene
from trainer.tui.widgets.scene import BoardScene, LastMove, TurnCue


def test_a_position_scene_shows_the_position_and_the_dice_to_play_and_nothing_else() -> None:
    position = Position.start()
    scene = position_scene(position, Dice.of((3, 1)), "ID 4HPwATDgc/ABMA")
    assert scene == BoardScene(position=position, dice=Dice.of((3, 1)), caption="ID 4HPwATDgc/ABMA")
    assert scene.on_roll is Side.X and scene.cue is TurnCue.PLAY and scene.used_dice == ()
    assert scene.last_move is None and scene.selected is None and not scene.targets and not scene.marked
    assert scene.cube is None and scene.match is None and not scene.shows_waiting


def test_without_dice_the_position_scene_has_none_and_waiting_checkers_bring_their_column() -> None:
    position = Position.from_text("X: waitx13 24 23 / O: waitx15")
    scene = position_scene(position)
    assert scene.dice is None and scene.caption == ""
    assert scene.shows_waiting and scene.shape() == (True, scene.info_lines)


def test_a_play_highlighted_after_the_position_leaves_its_checkers_marked_from_and_to() -> None:
    position, dice = Position.start(), Dice.of((6, 5))
    play = next(play for play in legal_plays(position, dice) if str(play) == "24/13")
    shown = played_scene(position_scene(position, dice, "ID"), play)
    assert shown.position == play.result and shown.last_move == LastMove.of(play)
    assert shown.used_dice == (6, 5) and shown.dice == dice and shown.caption == "ID"


def test_a_play_played_out_starts_from_its_position_and_ends_where_it_leaves_the_checkers() -> None:
    position, dice = Position.start(), Dice.of((6, 5))
    play = next(play for play in legal_plays(position, dice) if str(play) == "24/18 13/8")
    highlighted = played_scene(position_scene(position, dice), play)
    start = start_of_play(highlighted, play)
    assert start.position == position and start.last_move is None and start.used_dice == ()
    scene = start
    for turn in play_steps(play):
        scene = step_scene(scene, turn)
    assert scene.position == play.result and scene.last_move == LastMove(play.moves)
    assert sorted(scene.used_dice) == [5, 6]
