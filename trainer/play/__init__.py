"""Playing against the computer: games and matches with the tutor, their records, and .mat export.

Engine and analysis only (no UI, no storage): a screen drives a :class:`Session`, and saves its
:attr:`Session.record` (JSON text) wherever it likes; :func:`export_mat` writes it as a GNU Backgammon match file::

    from trainer.play import Session, Waiting

    session = Session.new(match_length=3, level="intermediate")
    while not session.is_over:
        if session.waiting_for is Waiting.COMPUTER:
            turn = session.computer_turn()          # events to animate
        elif session.waiting_for is Waiting.ROLL:
            outcome = session.roll()                # dice, forced or not, the tutor's verdict on not doubling
        elif session.waiting_for is Waiting.MOVE:
            outcome = session.play("13/11 13/8")    # the tutor's verdict: outcome.verdict
        ...
    print(session.summary().text)

:class:`LocalGame` plays acey-deucey against the computer's heuristic player, and either variant between two players
at one keyboard, in the same way (no evaluator, no tutor).
"""

from trainer.play.computer import Computer
from trainer.play.cube import WINDOW, CubeJudge, CubeJudgement
from trainer.play.local import PLAYERS, LocalGame, LocalRecord, LocalSettings, Players
from trainer.play.matfile import MatAction, MatGame, MatMatch, MatParseError, export_mat, parse_mat
from trainer.play.record import MATCH_LENGTHS, RecordError, SessionRecord, Settings, StoredVerdict
from trainer.play.session import (
    COMPUTER,
    LEARNER,
    ComputerTurn,
    Hint,
    Mistake,
    Outcome,
    SaveInfo,
    Session,
    SessionError,
    Summary,
)
from trainer.play.table import Event, ReplayError, Table, Waiting
from trainer.play.tutor import BAD, DOUBTFUL, VERY_BAD, ErrorRate, Skill, Verdict

__all__ = [
    "BAD",
    "COMPUTER",
    "DOUBTFUL",
    "LEARNER",
    "MATCH_LENGTHS",
    "PLAYERS",
    "VERY_BAD",
    "WINDOW",
    "Computer",
    "ComputerTurn",
    "CubeJudge",
    "CubeJudgement",
    "ErrorRate",
    "Event",
    "Hint",
    "LocalGame",
    "LocalRecord",
    "LocalSettings",
    "MatAction",
    "MatGame",
    "MatMatch",
    "MatParseError",
    "Mistake",
    "Outcome",
    "Players",
    "RecordError",
    "ReplayError",
    "SaveInfo",
    "Session",
    "SessionError",
    "SessionRecord",
    "Settings",
    "Skill",
    "StoredVerdict",
    "Summary",
    "Table",
    "Verdict",
    "Waiting",
    "export_mat",
    "parse_mat",
]
