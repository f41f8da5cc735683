"""The board widget on its own: its geometry (clicks map to points and back), the triangles, the last move marked
from and to, the cube and the score, a play animated one checker at a time, and the cube actions a screen can
include. Pilot tests here use a bare app or a minimal task screen, so they stay quick."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Button, Footer

from trainer.engine import BAR, OFF, Cube, Dice, MatchScore, Position, Side, Turn, legal_plays
from trainer.tui.app import TrainerApp
from trainer.tui.playing import BoardPlay, animate_play
from trainer.tui.screens.base import TaskScreen
from trainer.tui.widgets.board import GHOST, BoardGeometry, BoardView, LastMove, score_text
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.task import NotationInput, TaskLayout

GEOMETRIES = [
    BoardGeometry(point_width, rows)
    for point_width in range(BoardGeometry.MIN_POINT_WIDTH, BoardGeometry.MAX_POINT_WIDTH + 1, 2)
    for rows in range(BoardGeometry.MIN_ROWS, BoardGeometry.MAX_ROWS + 1)
]
POINTS = [*range(1, 25), BAR, OFF]


def play_of(position: Position, dice: tuple[int, int], notation: str):  # type: ignore[no-untyped-def]
    return next(play for play in legal_plays(position, Dice.of(dice)) if str(play) == notation)


async def settle(pilot: Pilot[None], done: Callable[[], bool], timeout: float = 10) -> None:
    """Wait until ``done()`` holds (an animation on a timer has run to its end), for at most ``timeout`` seconds."""
    for _ in range(int(timeout / 0.05)):
        if done():
            return
        await pilot.pause(0.05)


# --- geometry ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: f"{g.point_width}x{g.rows}")
def test_point_at_and_cell_of_are_inverse_and_every_cell_of_a_point_maps_to_it(geometry: BoardGeometry) -> None:
    for point in POINTS:
        assert geometry.point_at(*geometry.cell_of(point)) == point
    seen: dict[int, int] = {}
    for y in range(geometry.height):
        for x in range(geometry.width):
            point = geometry.point_at(x, y)
            if point is not None:
                seen[point] = seen.get(point, 0) + 1
    assert set(seen) == set(POINTS)
    for point in range(1, 25):  # a whole column: the number, the frame line and every checker line of its half
        assert seen[point] == geometry.point_width * (geometry.rows + 2)


@pytest.mark.parametrize(("width", "height"), [(48, 23), (49, 22), (74, 38), (86, 30), (200, 80), (10, 5)])
def test_fit_gives_the_largest_board_that_fits_with_odd_points(width: int, height: int) -> None:
    geometry = BoardGeometry.fit(width, height)
    assert geometry.point_width % 2 == 1
    assert BoardGeometry.MIN_POINT_WIDTH <= geometry.point_width <= BoardGeometry.MAX_POINT_WIDTH
    assert BoardGeometry.MIN_ROWS <= geometry.rows <= BoardGeometry.MAX_ROWS
    if width >= 48 and height >= 18:
        assert geometry.width <= width and geometry.height + 3 <= height
        wider = BoardGeometry(geometry.point_width + 2, geometry.rows)
        taller = BoardGeometry(geometry.point_width, geometry.rows + 1)
        assert wider.point_width > BoardGeometry.MAX_POINT_WIDTH or wider.width > width
        assert taller.rows > BoardGeometry.MAX_ROWS or taller.height + 3 > height


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: f"{g.point_width}x{g.rows}")
def test_a_point_is_a_triangle_wide_at_the_edge_narrowing_to_a_tip(geometry: BoardGeometry) -> None:
    def width(shape: str) -> float:
        return sum(1 if char == "█" else 0.5 for char in shape if char in "█▌▐")

    shapes = [geometry.triangle(level, top=True) for level in range(geometry.rows)]
    assert all(len(shape) == geometry.point_width for shape in shapes)
    assert shapes[0] == "█" * geometry.point_width
    widths = [width(shape) for shape in shapes]
    assert widths == sorted(widths, reverse=True) and widths[-1] <= 1
    for shape in shapes:  # centred: the same on both sides
        assert shape.translate(str.maketrans("▌▐", "▐▌"))[::-1] == shape
    assert "▼" in shapes[-1] and "▲" in geometry.triangle(geometry.rows - 1, top=False)


# --- values ------------------------------------------------------------------------------------------------


def test_last_move_changes_in_board_numbering_for_either_side() -> None:
    play = play_of(Position.start(), (6, 5), "24/13")
    assert LastMove.of(play).changes() == {(Side.X, 24): -1, (Side.X, 13): 1}  # 24/18/13: 18 only passed
    # The same play made by O: O's 24-point is the board's 1-point, its 13-point the board's 12-point.
    assert LastMove.of(play, Side.O).changes() == {(Side.O, 1): -1, (Side.O, 12): 1}
    bearoff = LastMove((play.moves[0]._replace(start=BAR, end=20), play.moves[1]._replace(start=3, end=OFF)), Side.O)
    assert bearoff.changes() == {(Side.O, BAR): -1, (Side.O, 5): 1, (Side.O, 22): -1, (Side.O, OFF): 1}


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
    assert score_text(match) == text


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
        shown = lines(board)
        geometry = board.geometry()
        middle = 2 + geometry.rows
        inside = range(2, 3 + 2 * geometry.rows)  # the lines between the frame's top and bottom
        assert all(tray(board, shown[index]).strip() == "" for index in inside)
        assert not any("Match to" in line for line in shown)

        board.cube = Cube(1)
        await pilot.pause()
        assert tray(board, lines(board)[middle]).strip() == "1"
        board.cube = Cube(4, Side.O)
        await pilot.pause()
        shown = lines(board)
        owned = [index for index, line in enumerate(shown[: geometry.height]) if tray(board, line).strip() == "4"]
        assert len(owned) == 1 and owned[0] < middle and tray(board, shown[middle]).strip() == ""
        board.cube = Cube(64, Side.X)
        await pilot.pause()
        shown = lines(board)
        owned = [index for index, line in enumerate(shown[: geometry.height]) if tray(board, line).strip() == "64"]
        assert len(owned) == 1 and owned[0] > middle

        board.match = MatchScore(5, 4, 2, crawford=True)
        await pilot.pause()
        shown = lines(board)
        geometry = board.geometry()  # the score line takes a line from the board when the window is short
        assert shown[geometry.height + 1].strip() == "Match to 5 · You 4, O 2 · Crawford game"
        assert "pips" in shown[geometry.height]
        board.cube = board.match = None
        await pilot.pause()
        shown = lines(board)
        assert not any("Match to" in line for line in shown)
        assert all(tray(board, shown[index]).strip() == "" for index in inside)


async def test_the_last_move_leaves_a_ghost_where_checkers_left_and_rims_the_ones_that_arrived() -> None:
    app = BoardApp()
    async with app.run_test(size=(60, 30)) as pilot:
        board = app.query_one(BoardView)
        play = play_of(Position.start(), (6, 5), "24/18 13/8")
        board.position = play.result
        await pilot.pause()
        assert GHOST not in board.render().plain
        board.last_move = LastMove.of(play)
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
        board.position = play.result.swap()
        board.last_move = LastMove.of(play, Side.O)
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
        assert board.position == play.position and board.last_move is None and board.used_dice == ()
        await settle(pilot, lambda: bool(done))
        assert done == [True] and len(seen) == 4 and len(set(seen)) == 4
        assert board.position == play.result and seen[-1] == play.result
        assert board.last_move == LastMove(play.moves) and board.used_dice == (4, 4, 4, 4)

        animate_play(board, play, side=Side.O, interval=0.01, on_done=lambda: done.append(True))
        assert board.position == play.position.swap() and board.on_roll is Side.O
        await settle(pilot, lambda: len(done) == 2)
        assert board.position == play.result.swap() and board.last_move == LastMove(play.moves, Side.O)


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
        assert playing.turn.is_complete and playing.turn.play == play and board.position == play.result


# --- cube actions on a minimal task screen -----------------------------------------------------------------


class CubeScreen(TaskScreen):
    """The least a screen needs to offer cube actions: the task layout with a CubeActions widget in its panel."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[tuple[str, object]] = []

    def compose(self) -> ComposeResult:
        yield TaskLayout(CubeActions(), FeedbackBar(id="feedback"), NotationInput())
        yield Footer()

    def accepts_moves(self) -> bool:
        return False

    def on_cube_actions_double_offered(self, message: CubeActions.DoubleOffered) -> None:
        self.chosen.append(("double", message.control))

    def on_cube_actions_take_chosen(self, message: CubeActions.TakeChosen) -> None:
        self.chosen.append(("take", message.control))

    def on_cube_actions_pass_chosen(self, message: CubeActions.PassChosen) -> None:
        self.chosen.append(("pass", message.control))


async def test_cube_actions_answer_their_keys_and_buttons_only_while_the_screen_allows_them(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = CubeScreen()
        await app.push_screen(screen)
        await pilot.pause()
        actions = screen.query_one(CubeActions)
        shown = {key for key, active in screen.active_bindings.items() if active.enabled}
        assert not actions.display and not {"d", "t", "p"} & shown
        await pilot.press("d", "t", "p")
        await pilot.pause()
        assert screen.chosen == []

        actions.can_double = True
        await pilot.pause()
        assert actions.display and screen.query_one("#cube-double", Button).display
        assert not screen.query_one("#cube-take", Button).display
        assert screen.active_bindings["d"].binding.description == "Double" and "t" not in screen.active_bindings
        await pilot.press("d", "t")
        await pilot.pause()
        assert screen.chosen == [("double", actions)]

        actions.can_double, actions.can_take, actions.can_pass = False, True, True
        await pilot.pause()
        await pilot.click("#cube-take")
        await pilot.press("p")
        await pilot.pause()
        assert [name for name, _ in screen.chosen] == ["double", "take", "pass"]
        assert all(control is actions for _, control in screen.chosen)
        assert not any(button.can_focus for button in screen.query(Button))
