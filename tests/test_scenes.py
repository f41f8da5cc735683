"""Board scenes built from values, without a board or an app: what Explore shows of a position and dice, a play
highlighted in its list, the start of a play played out move by move, a turn and a selection, the tutor's verdict,
a mistake of a finished game, a cube question and a game's table."""

from __future__ import annotations

from dataclasses import replace

from trainer.engine import Cube, Dice, Position, Side, legal_plays
from trainer.play import ChoseDouble, Doubled, LocalGame, Played, Rolled, Table
from trainer.tui.playing import play_steps
from trainer.tui.scenes import (
    computer_event_scene,
    finished_scene,
    game_scene,
    marked_scene,
    played_scene,
    position_scene,
    start_of_play,
    step_scene,
    turn_again_scene,
)
from trainer.tui.widgets.scene import BoardScene, LastMove, TurnCue


def test_a_finished_scene_keeps_the_position_and_drops_the_roll_the_marks_and_the_caption() -> None:
    """A lesson finished on a play step: the board after the play, without "● to play 6-2" or its marks."""
    start = Position.start()
    play = legal_plays(start, Dice(6, 2))[0]
    played = replace(played_scene(BoardScene(position=start, caption="your roll"), play), marked=frozenset({7}))
    done = finished_scene(played)
    assert done.position == play.result and done.cube == played.cube and done.pip_counts
    assert (done.dice, done.used_dice, done.cue, done.caption) == (None, (), TurnCue.NONE, "")
    assert (done.last_move, done.marked, done.selected, done.targets) == (None, frozenset(), None, frozenset())


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


def test_a_turn_of_o_is_turned_round_for_the_board_and_a_selection_lights_its_targets() -> None:
    from trainer.engine import Turn
    from trainer.tui.scenes import selection_scene, turn_scene, unselected

    position, dice = Position.start(), Dice.of((6, 5))
    turn = Turn(position, dice).move(13, 8)  # O's 13/8, in O's own numbering
    scene = turn_scene(BoardScene(caption="kept"), turn, Side.O)
    assert scene.position == turn.current.swap() and scene.on_roll is Side.O and scene.caption == "kept"
    assert scene.used_dice == (5,) and scene.selected is None
    lit = selection_scene(scene, 24, frozenset({18, 13}), Side.O)
    assert lit.selected == 1 and lit.targets == {7, 12}  # O's points 24, 18 and 13 are the board's 1, 7 and 12
    assert unselected(lit) == scene


def test_a_verdict_shows_the_better_play_or_the_learners_with_its_caption() -> None:
    from trainer.play import Verdict
    from trainer.tui.scenes import verdict_scene

    position, dice = Position.start(), Dice.of((5, 3))
    plays = {str(play): play for play in legal_plays(position, dice)}
    better, chosen = plays["8/3 6/3"], plays["24/21 8/3"]
    verdict = Verdict("play", str(chosen), str(better), -0.1, 0.05, "1-ply", chosen_play=chosen, best_play=better)
    shown = verdict_scene(BoardScene(position=position, dice=dice), verdict, better=True, caption="Better")
    assert shown.position == better.result and shown.last_move == LastMove.of(better) and shown.caption == "Better"
    mine = verdict_scene(shown, verdict, better=False, caption="Yours")
    assert mine.position == chosen.result and mine.caption == "Yours"
    cube = Verdict("take", "take", "pass", -1.2, -1.0, "1-ply")
    assert verdict_scene(mine, cube, better=True, caption="x") == mine  # nothing to show of a cube action


def test_a_mistake_shows_the_cube_and_score_of_its_decision_and_the_better_play() -> None:
    from trainer.engine import Cube, GameState, MatchScore, Phase
    from trainer.play import Mistake, Verdict
    from trainer.tui.scenes import mistake_scene

    position, dice = Position.start(), Dice.of((5, 3))
    plays = {str(play): play for play in legal_plays(position, dice)}
    better = plays["8/3 6/3"]
    state = GameState(position=position, turn=Side.X, phase=Phase.MOVE, dice=dice)
    score = MatchScore(5, 2, 1)
    verdict = Verdict("play", "24/21 8/3", "8/3 6/3", -0.1, 0.05, "1-ply", best_play=better)
    mistake = Mistake(1, 3, position, dice, Cube(2, Side.O), score, verdict, state)
    shown = mistake_scene(BoardScene(), mistake, "caption")
    assert shown.position == better.result and shown.cube == Cube(2, Side.O) and shown.match == score
    assert shown.caption == "caption" and shown.last_move == LastMove.of(better)
    cube_mistake = Mistake(
        1, 4, position, None, Cube(), score, Verdict("pass", "pass", "take", -1, -0.5, "1-ply"), state
    )
    plain = mistake_scene(shown, cube_mistake, "c")
    assert plain.position == position and plain.dice is None and plain.last_move is None


def test_a_cube_question_turns_the_cube_for_a_take_and_leaves_it_for_a_double() -> None:
    from trainer.engine import Cube
    from trainer.tui.scenes import cube_question_scene

    position = Position.from_text("X: 6 5x2 / O: 24x2")
    take = cube_question_scene(position, question="take", cube=2, caption="take?")
    assert take.cube == Cube(4) and take.on_roll is Side.O and take.cue is TurnCue.DOUBLES and take.dice is None
    assert cube_question_scene(position, question="take", doubler=Side.X).on_roll is Side.X
    double = cube_question_scene(position, question="double", cube=2, owned=True)
    assert double.cube == Cube(2, Side.X) and double.on_roll is Side.X and double.cue is TurnCue.ROLL
    assert cube_question_scene(position, question="double").cube == Cube()


def test_a_games_table_shows_its_board_cube_and_score_and_an_offered_cube_turned() -> None:
    from trainer.engine import Cube
    from trainer.play import LocalGame
    from trainer.tui.scenes import table_scene

    game = LocalGame.new("standard", "two", 3, seed=1)  # Player 2 starts with 5-2
    shown = table_scene(BoardScene(caption="old", selected=5), game, Side.O)
    assert shown.position == game.board and shown.numbered_for is Side.O and shown.on_roll is Side.O
    assert shown.cube == Cube() and shown.match == game.score and shown.caption == "" and shown.selected is None
    game.play(game.legal_plays()[0])
    game.double()
    offered = table_scene(shown, game, Side.X)
    assert offered.cube == Cube(2) and offered.dice is None  # turned, in the middle until answered
    acey = LocalGame.new("acey-deucey", "computer", 0, seed=1)
    assert table_scene(BoardScene(), acey, Side.X).cube is None  # no cube against the acey-deucey computer


def test_a_game_resumed_after_a_play_shows_it_marked_and_the_players_names() -> None:
    game = LocalGame.new("standard", "two", 0, seed=1)
    fresh = game_scene(game, ("A", "B"))
    assert fresh.names == ("A", "B") and fresh.last_move is None and not fresh.waiting_column
    game.play(game.legal_plays()[0])
    last = game.events[-1]
    assert isinstance(last, Played)
    resumed = game_scene(game, ("A", "B"), Side.O)
    assert resumed.last_move == LastMove(last.play.moves, last.side) and resumed.numbered_for is Side.O
    assert marked_scene(resumed, None).last_move is None
    assert turn_again_scene(replace(resumed, caption="hint")) == replace(resumed, last_move=None, caption="")


def test_the_computers_roll_chosen_double_and_double_show_on_the_board() -> None:
    table = Table(0, 1, variant="acey-deucey")
    table.apply("open 31")
    rolled = table.apply("roll 1-2")
    assert isinstance(rolled, Rolled)
    marked = BoardScene(last_move=LastMove((), Side.X))
    scene = computer_event_scene(marked, rolled)
    assert (scene.dice, scene.on_roll, scene.last_move) == (rolled.dice, rolled.side, None)
    assert scene.position == rolled.board_before(Side.X)
    table.apply("play in/24 in/23")
    chosen = table.apply("choose 4")
    assert isinstance(chosen, ChoseDouble)
    scene = computer_event_scene(marked, chosen)
    assert scene.dice == chosen.dice and scene.last_move == marked.last_move
    game = LocalGame.new("standard", "two", 0, seed=1)
    game.play(game.legal_plays()[0])
    doubled = game.double().event
    assert isinstance(doubled, Doubled)
    assert computer_event_scene(marked, doubled).cube == Cube(2)
