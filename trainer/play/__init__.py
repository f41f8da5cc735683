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

from trainer.lazy import attach_stub

# The public names are listed once, in __init__.pyi (which type checkers read); each module is imported when one of
# its names is first asked for.
__getattr__, __dir__, __all__ = attach_stub(__name__, __file__)
