"""The keywords of lesson and puzzle files that are more than one word (``no double``, ``not forced``, ``may double
X``): identifiers an author writes and the code compares, defined once as the types of the fields that take them.
They are never translated; a learner sees an answer through its word in :mod:`trainer.content.wording`."""

from __future__ import annotations

from typing import Literal, get_args

DoubleAnswer = Literal["double", "no double"]
"""The answers to "should you double?", the one the exact figures give when they say yes first."""
TakeAnswer = Literal["take", "pass"]
"""The answers to "should you take?", yes first."""
CubeAnswer = Literal[DoubleAnswer, TakeAnswer]
CUBE_ANSWERS: dict[str, tuple[CubeAnswer, CubeAnswer]] = {
    "double": get_args(DoubleAnswer),
    "take": get_args(TakeAnswer),
}
"""The two answers of each cube question, the first when the exact figures say yes."""

ScoreAsk = Literal["points", "score", "crawford", "may double X", "may double O"]
"""What a score step asks: the points the game wins, the score after it, whether it is the Crawford game, whether a
side may double now."""
SCORE_ASKS: tuple[ScoreAsk, ...] = get_args(ScoreAsk)

DoubleWant = Literal["full", "not full"]
"""What an acey-deucey double step asks for: a double that can be played in full, or one that cannot."""

RecognitionAnswer = Literal["forced", "not forced", "no play"]
"""The answers of the recognition drill."""
RECOGNITION_ANSWERS: tuple[RecognitionAnswer, ...] = get_args(RecognitionAnswer)
FORCED, NOT_FORCED, NO_PLAY = RECOGNITION_ANSWERS
