"""The board widget on its own: its geometry (clicks map to points and back), the triangles, the last move marked
from and to, the cube and the score, a play animated one checker at a time, and the cube actions a screen can
include. Pilot tests here use a bare app or a minimal task screen, so they stay quick."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pilot_support import settle
from textual.app import App, ComposeResult
from textual.widgets import Button, Footer

from trainer.engine import BAR, OFF, WAITING, Cube, Dice, MatchScore, Position, Side, Turn, legal_plays
from trainer.tui.app import TrainerApp
from trainer.tui.playing import BoardPlay, animate_play
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.widgets.board import GHOST, BoardGeometry, BoardScene, BoardView, LastMove
from trainer.tui.widgets.cube import CubeAction, CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.wording.board import default_names, score_line

GEOMETRIES = [
    *(
        BoardGeometry(point_width, rows, waiting)
        for point_width in range(BoardGeometry.MIN_POINT_WIDTH, BoardGeometry.MAX_POINT_WIDTH + 1, 2)
        for rows in range(BoardGeometry.MIN_ROWS, BoardGeometry.MAX_ROWS + 1)
        for waiting in (False, True)
    ),
    *(  # a large window: checkers two lines tall
        BoardGeometry(point_width, rows, waiting, scale=2)
        for point_width in range(BoardGeometry.LARGE_MIN_POINT_WIDTH, BoardGeometry.LARGE_MAX_POINT_WIDTH + 1, 2)
        for rows in range(BoardGeometry.LARGE_MIN_ROWS, BoardGeometry.MAX_ROWS + 1, 2)
        for waiting in (False, True)
    ),
]
POINTS = [*range(1, 25), BAR, OFF]
ACEY_START = Position.acey_deucey_start()


def play_of(position: Position, dice: tuple[int, int], notation: str):  # type: ignore[no-untyped-def]
    return next(play for play in legal_plays(position, Dice.of(dice)) if str(play) == notation)


def show(board: BoardView, **changes: object) -> None:
    """Give the board the scene it shows with ``changes`` made."""
    board.scene = replace(board.scene, **changes)  # type: ignore[arg-type]


# --- geometry ----------------------------------------------------------------------------------------------


def geometry_id(geometry: BoardGeometry) -> str:
    scale = f"x{geometry.scale}" if geometry.scale > 1 else ""
    return f"{geometry.point_width}x{geometry.rows}{scale}{'+waiting' if geometry.waiting else ''}"


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=geometry_id)
def test_point_at_and_cell_of_are_inverse_and_every_cell_of_a_point_maps_to_it(geometry: BoardGeometry) -> None:
    points = [*POINTS, WAITING] if geometry.waiting else POINTS
    for point in points:
        assert geometry.point_at(*geometry.cell_of(point)) == point
    seen: dict[int, int] = {}
    for y in range(geometry.height):
        for x in range(geometry.width):
            point = geometry.point_at(x, y)
            if point is not None:
                seen[point] = seen.get(point, 0) + 1
    assert set(seen) == set(points)
    for point in range(1, 25):  # a whole column: the number, the frame line and every checker line of its half
        assert seen[point] == geometry.point_width * (geometry.half + 2)
    if geometry.waiting:  # the column right of the tray, as wide as the bar, from top to bottom
        assert seen[WAITING] == 3 * geometry.height and geometry.waiting_x + 4 == geometry.width
        assert geometry.cell_of(WAITING)[1] == geometry.cell_of(1)[1]  # the learner's stack, from the bottom edge
    else:
        with pytest.raises(ValueError, match="waiting"):
            geometry.cell_of(WAITING)


@pytest.mark.parametrize(
    ("width", "height"), [(48, 23), (49, 22), (74, 38), (86, 30), (120, 51), (120, 52), (60, 80), (200, 80), (10, 5)]
)
def test_fit_gives_the_largest_board_that_fits_with_odd_points(width: int, height: int) -> None:
    geometry = BoardGeometry.fit(width, height)
    large = geometry.scale == 2
    widest = BoardGeometry.LARGE_MAX_POINT_WIDTH if large else BoardGeometry.MAX_POINT_WIDTH
    assert geometry.point_width % 2 == 1
    assert BoardGeometry.MIN_POINT_WIDTH <= geometry.point_width <= widest
    assert BoardGeometry.MIN_ROWS <= geometry.rows <= BoardGeometry.MAX_ROWS
    if width >= 48 and height >= 18:
        assert geometry.width <= width and geometry.height + 3 <= height
        wider = BoardGeometry(geometry.point_width + 2, geometry.rows, scale=geometry.scale)
        taller = BoardGeometry(geometry.point_width, geometry.rows + 1, scale=geometry.scale)
        assert wider.point_width > widest or wider.width > width
        assert taller.rows > BoardGeometry.MAX_ROWS or taller.height + 3 > height
    # Checkers two lines tall once a half holds at least as many of them as before, on points wide enough.
    two_lines = BoardGeometry(BoardGeometry.LARGE_MIN_POINT_WIDTH, BoardGeometry.LARGE_MIN_ROWS, scale=2)
    assert large == (two_lines.width <= width and two_lines.height + 3 <= height)


def test_a_larger_window_never_gives_a_smaller_board() -> None:
    sizes = [BoardGeometry.fit(150, height) for height in range(20, 90)]
    heights = [geometry.height for geometry in sizes]
    assert heights == sorted(heights) and sizes[-1].scale == 2 and sizes[0].scale == 1
    assert BoardGeometry.fit(150, 60) == BoardGeometry(9, 13, scale=2)


def test_the_waiting_column_takes_its_width_from_the_points_only_when_the_board_must_shrink() -> None:
    assert BoardGeometry.fit(86, 30, waiting=True) == BoardGeometry(5, BoardGeometry.fit(86, 30).rows, True)
    assert BoardGeometry.fit(72, 30).point_width == 5 and BoardGeometry.fit(72, 30, waiting=True).point_width == 3
    assert BoardGeometry.fit(72, 30, waiting=True).width == 52


@pytest.mark.parametrize("geometry", GEOMETRIES[::2], ids=geometry_id)
def test_a_point_is_a_triangle_wide_at_the_edge_narrowing_to_a_tip(geometry: BoardGeometry) -> None:
    def width(shape: str) -> float:
        return sum(1 if char == "█" else 0.5 for char in shape if char in "█▌▐")

    shapes = [geometry.triangle(line, top=True) for line in range(geometry.half)]
    assert all(len(shape) == geometry.point_width for shape in shapes)
    assert shapes[0] == "█" * geometry.point_width
    widths = [width(shape) for shape in shapes]
    assert widths == sorted(widths, reverse=True) and widths[-1] <= 1
    for shape in shapes:  # centred: the same on both sides
        assert shape.translate(str.maketrans("▌▐", "▐▌"))[::-1] == shape
    assert "▼" in shapes[-1] and "▲" in geometry.triangle(geometry.half - 1, top=False)


# --- values ------------------------------------------------------------------------------------------------


def test_last_move_changes_in_board_numbering_for_either_side() -> None:
    play = play_of(Position.start(), (6, 5), "24/13")
    assert LastMove.of(play).changes() == {(Side.X, 24): -1, (Side.X, 13): 1}  # 24/18/13: 18 only passed
    # The same play made by O: O's 24-point is the board's 1-point, its 13-point the board's 12-point.
    assert LastMove.of(play, Side.O).changes() == {(Side.O, 1): -1, (Side.O, 12): 1}
    bearoff = LastMove((play.moves[0]._replace(start=BAR, end=20), play.moves[1]._replace(start=3, end=OFF)), Side.O)
    assert bearoff.changes() == {(Side.O, BAR): -1, (Side.O, 5): 1, (Side.O, 22): -1, (Side.O, OFF): 1}
    entering = play_of(ACEY_START, (6, 5), "in/20 in/19")  # waiting checkers stay waiting for either side
    assert LastMove.of(entering, Side.O).changes() == {(Side.O, WAITING): -2, (Side.O, 5): 1, (Side.O, 6): 1}


@pytest.mark.parametrize(
    ("match", "text"),
    [
        (MatchScore(7, 3, 5), "Match to 7 · You 3, O 5"),
        (MatchScore(7, 6, 2, crawford=True), "Match to 7 · You 6, O 2 · Crawford game"),
        (MatchScore(7, 6, 4), "Match to 7 · You 6, O 4 · post-Crawford"),
        (MatchScore.money(), "Money play"),
    ],
)
def test_the_score_line_names_the_length_both_scores_and_crawford(match: MatchScore, text: str) -> None:
    assert score_line(match, default_names()) == text


# --- drawing -----------------------------------------------------------------------------------------------


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield BoardView()


def lines(board: BoardView) -> list[str]:
    return board.render().plain.splitlines()


def tray(board: BoardView, line: str) -> str:
    """The four cells inside the tray on ``line``."""
    geometry = board.geometry()
    left = (board.size.width - geometry.width) // 2
    return line[left + geometry.tray_x : left + geometry.tray_x + 4]


async def test_the_cube_sits_in_the_middle_or_on_its_owners_side_and_the_score_under_the_pips() -> None:
    app = BoardApp()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(BoardView)
        assert not any("pips" in line for line in lines(board))  # an empty board has no pips to count
        board.scene = BoardScene(position=Position.start())
        await pilot.pause()
        shown = lines(board)
        geometry = board.geometry()
        middle = 2 + geometry.rows
        inside = range(2, 3 + 2 * geometry.rows)  # the lines between the frame's top and bottom
        assert all(tray(board, shown[index]).strip() == "" for index in inside)
        assert not any("Match to" in line for line in shown)

        show(board, cube=Cube(1))
        await pilot.pause()
        assert tray(board, lines(board)[middle]).strip() == "64"  # a cube never turned shows 64, as a real one does
        show(board, cube=Cube(4, Side.O))
        await pilot.pause()
        shown = lines(board)
        owned = [index for index, line in enumerate(shown[: geometry.height]) if tray(board, line).strip() == "4"]
        assert len(owned) == 1 and owned[0] < middle and tray(board, shown[middle]).strip() == ""
        show(board, cube=Cube(64, Side.X))
        await pilot.pause()
        shown = lines(board)
        owned = [index for index, line in enumerate(shown[: geometry.height]) if tray(board, line).strip() == "64"]
        assert len(owned) == 1 and owned[0] > middle

        show(board, match=MatchScore(5, 4, 2, crawford=True))
        await pilot.pause()
        shown = lines(board)
        geometry = board.geometry()  # the score line takes a line from the board when the window is short
        assert shown[geometry.height + 1].strip() == "Match to 5 · You 4, O 2 · Crawford game"
        assert "pips" in shown[geometry.height]
        show(board, cube=None, match=None)
        await pilot.pause()
        shown = lines(board)
        assert not any("Match to" in line for line in shown)
        assert all(tray(board, shown[index]).strip() == "" for index in inside)


async def test_the_last_move_leaves_a_ghost_where_checkers_left_and_rims_the_ones_that_arrived() -> None:
    app = BoardApp()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(BoardView)
        play = play_of(Position.start(), (6, 5), "24/18 13/8")
        board.scene = BoardScene(position=play.result)
        await pilot.pause()
        assert GHOST not in board.render().plain
        show(board, last_move=LastMove.of(play))
        await pilot.pause()
        text = board.render()
        assert text.plain.count(GHOST) == 2
        geometry, left = board.geometry(), (board.size.width - board.geometry().width) // 2
        rows = text.plain.splitlines()

        def cell(point: int, level: int) -> str:
            x, _ = geometry.cell_of(point)
            y = 2 + level if point >= 13 else 2 + 2 * geometry.rows - level
            return rows[y][left + x]

        assert cell(24, 1) == GHOST and cell(24, 0) == "●"  # one of the two back checkers left
        assert cell(13, 4) == GHOST and cell(13, 3) == "●"
        rim = board.get_component_rich_style("board--last-to", partial=True).color
        rimmed = {
            span.start
            for span in text.spans
            if span.end > span.start and text.plain[span.start] in "▐▌" and span.style.color == rim  # type: ignore[union-attr]
        }
        assert len(rimmed) == 4  # both sides of the two checkers that arrived, on 18 and 8
        # O's move is turned round: O's 24/18 leaves the board's 1-point.
        board.scene = BoardScene(position=play.result.swap(), last_move=LastMove.of(play, Side.O))
        await pilot.pause()
        rows = board.render().plain.splitlines()
        assert cell(1, 1) == GHOST and cell(1, 0) == "○"


async def test_a_play_is_animated_one_checker_at_a_time_for_either_side() -> None:
    app = BoardApp()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(BoardView)
        play = play_of(Position.start(), (4, 4), "24/20(2) 13/9(2)")
        seen: list[Position] = []
        done: list[bool] = []

        def stepped(turn: Turn) -> None:
            seen.append(turn.current)

        animate_play(board, play, interval=0.01, on_step=stepped, on_done=lambda: done.append(True))
        scene = board.scene
        assert scene.position == play.position and scene.last_move is None and scene.used_dice == ()
        await settle(pilot, lambda: bool(done))
        assert done == [True] and len(seen) == 4 and len(set(seen)) == 4
        scene = board.scene
        assert scene.position == play.result and seen[-1] == play.result
        assert scene.last_move == LastMove(play.moves) and scene.used_dice == (4, 4, 4, 4)

        animate_play(board, play, side=Side.O, interval=0.01, on_done=lambda: done.append(True))
        assert board.scene.position == play.position.swap() and board.scene.on_roll is Side.O
        await settle(pilot, lambda: len(done) == 2)
        assert board.scene.position == play.result.swap() and board.scene.last_move == LastMove(play.moves, Side.O)


async def test_board_play_animates_a_solution_keeping_its_turn_in_step() -> None:
    app = BoardApp()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(BoardView)
        position, dice = Position.start(), Dice.of((6, 5))
        playing = BoardPlay(board, position, dice)
        playing.choose(24)
        playing.choose(18)  # a move of another play first: the animation starts from the turn's start
        play = play_of(position, (6, 5), "13/8 13/7")
        notations: list[str] = []
        playing.animate(play, interval=0.01, on_step=lambda turn: notations.append(turn.notation()))
        await settle(pilot, lambda: len(notations) == 2)
        assert notations == ["13/7", "13/8 13/7"] or notations == ["13/8", "13/8 13/7"]
        assert playing.turn.is_complete and playing.turn.play == play and board.scene.position == play.result


# --- checkers waiting to enter (acey-deucey) ----------------------------------------------------------------


def waiting_column(board: BoardView) -> list[str]:
    """What the waiting column shows on each line of the board proper (a checker's mark without its rim), and its
    label above and below."""
    geometry = board.geometry()
    left = (board.size.width - geometry.width) // 2 + geometry.waiting_x
    return [line[left : left + 3].strip(" ▐▌") for line in lines(board)[: geometry.height]]


async def test_waiting_checkers_stand_in_their_own_column_labelled_in_for_each_side() -> None:
    app = BoardApp()
    async with app.run_test(size=(70, 30)) as pilot:
        board = app.query_one(BoardView)
        board.scene = BoardScene(position=Position.start())
        await pilot.pause()
        assert not board.geometry().waiting and not board.shows_waiting()
        show(board, position=Position.from_text("X: waitx13 24 23 / O: waitx3 20x2 19 18x9"))
        await pilot.pause()
        geometry = board.geometry()
        assert geometry.waiting and geometry.width + 2 <= board.size.width
        column = waiting_column(board)
        rows, middle = geometry.rows, 2 + geometry.rows
        assert column[0] == column[-1] == "in"
        assert column[2 : 2 + rows] == ["○"] * 3 + [""] * (rows - 3)  # O's, from the top
        bottom = column[middle + 1 : middle + 1 + rows][::-1]  # from the bottom edge
        assert bottom == ["●"] * (rows - 1) + ["13"]  # more than fit: the count on the last line
        assert column[middle] == ""
        show(board, position=Position.start(), waiting_column=True)  # kept for acey-deucey once every one entered
        await pilot.pause()
        assert board.geometry().waiting and all(cell == "" for cell in waiting_column(board)[2:-2])


class PlayingApp(BoardApp):
    """A board whose choices (clicks, enter) go to a :class:`BoardPlay`, as on a task screen."""

    playing: BoardPlay | None = None
    chosen: list[int]

    def on_board_view_point_chosen(self, message: BoardView.PointChosen) -> None:
        self.chosen.append(message.point)
        if self.playing is not None:
            self.playing.choose(message.point)


async def test_a_click_on_the_waiting_stack_lights_the_entry_points_and_one_enters_a_checker() -> None:
    app = PlayingApp()
    app.chosen = []
    async with app.run_test(size=(70, 30)) as pilot:
        board = app.query_one(BoardView)
        position = Position.from_text("X: waitx14 20 / O: waitx13 19x2")  # O holds the 19 point, X's entry with a 6
        app.playing = BoardPlay(board, position, Dice.of((6, 3)))
        await pilot.pause()
        await pilot.click(BoardView, offset=board.offset_of(WAITING))
        await pilot.pause()
        assert app.chosen == [WAITING] and board.scene.selected == WAITING
        assert board.scene.targets == {22, 16}  # in/22 with the 3, on to 16 with the 6; 19 is closed
        await pilot.click(BoardView, offset=board.offset_of(22))
        await pilot.pause()
        position = board.scene.position
        assert app.playing.turn.notation() == "in/22" and position is not None
        assert position.player_waiting == 13 and position.player[22] == 1
        await pilot.click(BoardView, offset=board.offset_of(WAITING))
        await pilot.click(BoardView, offset=board.offset_of(16))  # in/19 is closed: the 6 can't enter a second one
        await pilot.pause()
        assert app.playing.turn.notation() == "in/22" and board.scene.selected is None


async def test_the_keyboard_cursor_reaches_the_waiting_column_right_of_the_tray() -> None:
    app = PlayingApp()
    app.chosen = picked = []
    async with app.run_test(size=(70, 30)) as pilot:
        board = app.query_one(BoardView)
        playing = BoardPlay(board, ACEY_START, Dice.of((5, 2)))
        board.focus()
        board.cursor = 1
        await pilot.pause()
        await pilot.press("right", "right")  # 1 -> the tray -> the waiting column
        assert board.cursor == WAITING
        await pilot.press("up")
        assert board.cursor == WAITING  # the same column in the top row
        await pilot.press("enter")
        await pilot.pause()
        assert picked == [WAITING]
        assert playing.choose(WAITING) is None and board.scene.targets == {23, 20, 18}
        assert playing.choose(20) is None and playing.turn.notation() == "in/20"
        await pilot.press("right")
        assert board.cursor == 13  # round to the first point of the row
        show(board, position=Position.start(), waiting_column=False)
        board.cursor = WAITING
        await pilot.pause()
        await pilot.press("left")
        assert board.cursor == 24  # the column has gone: back from the tray


async def test_an_entering_play_is_animated_from_the_waiting_stack_with_ghosts_there() -> None:
    app = BoardApp()
    async with app.run_test(size=(70, 30)) as pilot:
        board = app.query_one(BoardView)
        play = play_of(Position.from_text("X: waitx4 13x5 8x3 6x3 / O: waitx15"), (6, 5), "in/20 in/19")
        done: list[bool] = []
        animate_play(board, play, side=Side.O, interval=0.01, on_done=lambda: done.append(True))
        assert board.scene.position is not None and board.scene.position.opponent_waiting == 4
        await settle(pilot, lambda: bool(done))
        position = board.scene.position
        assert position == play.result.swap() and position.opponent_waiting == 2
        assert board.scene.last_move == LastMove(play.moves, Side.O)
        column = waiting_column(board)
        assert column[2:6] == ["○", "○", GHOST, GHOST]  # O's two left, and where the other two stood
        assert board.render().plain.count(GHOST) == 2


# --- cube actions on a minimal task screen -----------------------------------------------------------------


class CubeScreen(TaskScreen):
    """The least a screen needs to offer cube actions: the task layout with a CubeActions widget in its panel."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[tuple[CubeAction, object]] = []

    def compose(self) -> ComposeResult:
        yield TaskLayout(CubeActions(), FeedbackBar(id="feedback"), NotationInput())
        yield Footer()

    def accepts_moves(self) -> bool:
        return False

    def on_cube_actions_chosen(self, message: CubeActions.Chosen) -> None:
        self.chosen.append((message.action, message.control))


async def test_cube_actions_answer_their_keys_and_buttons_only_while_the_screen_allows_them(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = CubeScreen()
        await app.push_screen(screen)
        await pilot.pause()
        actions = screen.query_one(CubeActions)
        shown = {key for key, active in screen.active_bindings.items() if active.enabled}
        assert not any(button.display for button in actions.query(Button)) and not {"d", "t", "p"} & shown
        await pilot.press("d", "t", "p")
        await pilot.pause()
        assert screen.chosen == []

        actions.ask("double")
        await pilot.pause()
        assert actions.display and screen.query_one("#cube-double", Button).display
        assert not screen.query_one("#cube-take", Button).display
        assert screen.active_bindings["d"].binding.description == "Double" and "t" not in screen.active_bindings
        await pilot.press("d", "t")
        await pilot.pause()
        assert screen.chosen == [(CubeAction.DOUBLE, actions)]

        actions.ask("take")
        await pilot.pause()
        await pilot.click("#cube-take")
        await pilot.press("p")
        await pilot.pause()
        assert [name for name, control in screen.chosen] == ["double", "take", "pass"]
        assert all(control is actions for name, control in screen.chosen)
        assert not any(button.can_focus for button in screen.query(Button))
