"""Every sentence and label the app's screens and widgets show, through the translation function: one
catalog per screen or widget family (``home``, ``lesson``, ``game`` ...).

Functions take values and return finished text in the language in use; tables of labels are marked with
``N_()`` where they are defined and translated where they are shown. Sentences about a game itself (results,
the tutor's verdicts) come from :mod:`trainer.play.wording`, the engine's reasons from
:mod:`trainer.engine.wording`.
"""
