"""Playing against the computer: games and matches with the tutor, their records, and .mat export.

Engine and analysis only (no UI, no storage). Every game implements :class:`PlayableGame`: what it waits for, what
the side deciding may do (:class:`Action`), the actions, each returning an :class:`Outcome`, and the computer's
turns as events to animate. A screen drives one and saves its record wherever it likes::

    from trainer.play import Action, Session, Waiting, wording

    session = Session.new(match_length=3, level="intermediate")
    while not session.is_over:
        if session.waiting_for is Waiting.COMPUTER:
            turn = session.computer_turn()          # events to animate
        elif session.waiting_for is Waiting.ROLL:
            outcome = session.roll()                # dice, forced or not, the tutor's verdict on not doubling
        elif session.waiting_for is Waiting.MOVE:
            outcome = session.play("13/11 13/8")    # the tutor's verdict: outcome.verdict
        ...
    print(wording.summary_text(session.summary()))

:class:`Session` plays against bgsage, with the cube and the tutor; :class:`LocalGame` plays acey-deucey against the
computer's heuristic player, and either variant between two players at one keyboard, in the same way (no evaluator,
no tutor). :mod:`trainer.play.wording` says everything in words.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trainer.play.computer import Computer
    from trainer.play.cube import WINDOW, CubeJudge, CubeJudgement
    from trainer.play.game import (
        PLAYERS,
        Action,
        ComputerTurn,
        GameSetup,
        Hint,
        LocalSaveInfo,
        Mistake,
        Outcome,
        PlayableGame,
        Players,
        Role,
        SaveInfo,
        Summary,
        TurnLost,
    )
    from trainer.play.local import LocalGame, LocalRecord, LocalSettings
    from trainer.play.matfile import MatAction, MatGame, MatMatch, MatParseError, export_mat, parse_mat
    from trainer.play.record import MATCH_LENGTHS, RecordError, SessionRecord, Settings, StoredVerdict
    from trainer.play.session import COMPUTER, LEARNER, Session
    from trainer.play.table import (
        Beavered,
        ChoseDouble,
        CubeEvent,
        Doubled,
        Event,
        Opened,
        Passed,
        Played,
        ReplayError,
        Rolled,
        SessionError,
        Table,
        Took,
        Waiting,
    )
    from trainer.play.tutor import BAD, DOUBTFUL, VERY_BAD, ErrorRate, Skill, Verdict

_HOMES = {
    "Action": "trainer.play.game",
    "BAD": "trainer.play.tutor",
    "Beavered": "trainer.play.table",
    "COMPUTER": "trainer.play.session",
    "ChoseDouble": "trainer.play.table",
    "Computer": "trainer.play.computer",
    "ComputerTurn": "trainer.play.game",
    "CubeEvent": "trainer.play.table",
    "CubeJudge": "trainer.play.cube",
    "CubeJudgement": "trainer.play.cube",
    "DOUBTFUL": "trainer.play.tutor",
    "Doubled": "trainer.play.table",
    "ErrorRate": "trainer.play.tutor",
    "Event": "trainer.play.table",
    "GameSetup": "trainer.play.game",
    "Hint": "trainer.play.game",
    "LEARNER": "trainer.play.session",
    "LocalGame": "trainer.play.local",
    "LocalRecord": "trainer.play.local",
    "LocalSaveInfo": "trainer.play.game",
    "LocalSettings": "trainer.play.local",
    "MATCH_LENGTHS": "trainer.play.record",
    "MatAction": "trainer.play.matfile",
    "MatGame": "trainer.play.matfile",
    "MatMatch": "trainer.play.matfile",
    "MatParseError": "trainer.play.matfile",
    "Mistake": "trainer.play.game",
    "Opened": "trainer.play.table",
    "Outcome": "trainer.play.game",
    "PLAYERS": "trainer.play.game",
    "Passed": "trainer.play.table",
    "PlayableGame": "trainer.play.game",
    "Played": "trainer.play.table",
    "Players": "trainer.play.game",
    "RecordError": "trainer.play.record",
    "ReplayError": "trainer.play.table",
    "Role": "trainer.play.game",
    "Rolled": "trainer.play.table",
    "SaveInfo": "trainer.play.game",
    "Session": "trainer.play.session",
    "SessionError": "trainer.play.table",
    "SessionRecord": "trainer.play.record",
    "Settings": "trainer.play.record",
    "Skill": "trainer.play.tutor",
    "StoredVerdict": "trainer.play.record",
    "Summary": "trainer.play.game",
    "Table": "trainer.play.table",
    "Took": "trainer.play.table",
    "TurnLost": "trainer.play.game",
    "VERY_BAD": "trainer.play.tutor",
    "Verdict": "trainer.play.tutor",
    "WINDOW": "trainer.play.cube",
    "Waiting": "trainer.play.table",
    "export_mat": "trainer.play.matfile",
    "parse_mat": "trainer.play.matfile",
}
"""Where each name of the package lives: a module is imported when one of its names is first asked for, so that
importing one module of the package (its wording, say) does not load the computer player and its evaluator."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(name)
    return getattr(import_module(home), name)


__all__ = [
    "BAD",
    "COMPUTER",
    "DOUBTFUL",
    "LEARNER",
    "MATCH_LENGTHS",
    "PLAYERS",
    "VERY_BAD",
    "WINDOW",
    "Action",
    "Beavered",
    "ChoseDouble",
    "Computer",
    "ComputerTurn",
    "CubeEvent",
    "CubeJudge",
    "CubeJudgement",
    "Doubled",
    "ErrorRate",
    "Event",
    "GameSetup",
    "Hint",
    "LocalGame",
    "LocalRecord",
    "LocalSaveInfo",
    "LocalSettings",
    "MatAction",
    "MatGame",
    "MatMatch",
    "MatParseError",
    "Mistake",
    "Opened",
    "Outcome",
    "Passed",
    "PlayableGame",
    "Played",
    "Players",
    "RecordError",
    "ReplayError",
    "Role",
    "Rolled",
    "SaveInfo",
    "Session",
    "SessionError",
    "SessionRecord",
    "Settings",
    "Skill",
    "StoredVerdict",
    "Summary",
    "Table",
    "Took",
    "TurnLost",
    "Verdict",
    "Waiting",
    "export_mat",
    "parse_mat",
]
