"""When the chosen checker can reach the chosen point by routes that end differently (hitting a blot on the way or
not), the board asks which instead of picking one."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.widgets import Footer

from trainer.engine import Play, Position, Turn
from trainer.tui.app import TrainerApp
from trainer.tui.playing import BoardPlay
from trainer.tui.screens.route import RouteChoiceScreen
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.widgets.board import BoardView
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.task import NotationInput, TaskLayout

# X's checker on 13 with 6-2 reaches 5 by 13/7/5 (hitting O's blot on X's 7-point) or 13/11/5 (not hitting).
POSITION = Position.from_text("X: 13 6x14 / O: 7 24x14")


def test_turn_routes_lists_each_different_way_to_a_point() -> None:
    turn = Turn(POSITION, (6, 2))
    routes = turn.routes(13, 5)
    assert sorted(str(route.play) for route in routes) == ["13/5", "13/7*/5"]
    assert sorted(len(route.moves) for route in routes) == [2, 2]
    assert len(turn.routes(13, 7)) == 1  # one die, one way
    assert turn.routes(13, 12) == ()


class PlayOnBoard(TaskScreen):
    def __init__(self) -> None:
        super().__init__()
        self.plays: list[Play] = []

    def compose(self) -> ComposeResult:
        yield TaskLayout(FeedbackBar(id="feedback"), NotationInput())
        yield Footer()

    def on_mount(self) -> None:
        self.playing = BoardPlay(self.board, POSITION, (6, 2))

    def played(self, play: Play, written: str) -> None:
        self.plays.append(play)


async def test_the_board_asks_whether_to_hit_on_the_way(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = PlayOnBoard()
        await app.push_screen(screen)
        await pilot.pause()
        for point in (13, 5):
            await pilot.click(BoardView, offset=screen.board.offset_of(point))
            await pilot.pause()
        assert isinstance(app.screen, RouteChoiceScreen)
        assert any("hitting on point 7" in label for label in app.screen.labels)
        assert "13/11/5, without hitting" in app.screen.labels and "13/7*/5, hitting on point 7" in app.screen.labels
        hitting = next(index for index, label in enumerate(app.screen.labels) if "hitting on" in label)
        await pilot.press(str(hitting + 1))
        await pilot.pause()
        assert app.screen is screen
        (play,) = screen.plays
        assert str(play) == "13/7*/5" and play.hits == 1
        assert screen.board.scene.position == play.result
