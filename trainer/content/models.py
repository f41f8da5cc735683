"""Pydantic models of lesson and puzzle files (TOML): a lesson is a list of steps of twelve kinds, a puzzle file a
list of puzzles.

Positions are written as ``start``, a Position ID, an XGID or the text form
(``X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2``, both sides in the learner's numbering); dice like ``31``.
No text field may hold a control character (an escape, a bell, a carriage return...), which a terminal would act
on rather than show; the fields of several lines (:data:`MULTI_LINE_FIELDS`) may hold line breaks and tabs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, TypeAlias, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    TypeAdapter,
    ValidationInfo,
    field_validator,
    model_validator,
)

from trainer.content import author_wording as wording
from trainer.content.keywords import CubeAnswer, DoubleWant, ScoreAsk
from trainer.content.themes import THEMES
from trainer.content.wording import listed
from trainer.engine import (
    Cube,
    Dice,
    MatchError,
    MatchScore,
    Play,
    Position,
    Side,
    parse_dice,
    parse_play,
    read_position,
)
from trainer.engine.bearoff import CubeDecision, RankedPlay, cube_decision, rank_plays
from trainer.engine.cube import CUBE_VALUES

CONDITION_PATTERN = re.compile(r"(hits|no_hit|enters|bears_off|safe|uses_all_dice|makes_point:(\d{1,2}))")
PICK_TARGETS = ("point:N", "blots", "my_blots", "hittable", "closed", "entry", "movable", "home_board")
PICK_TARGET_PATTERN = re.compile(r"(point:(\d{1,2})|bar|blots|my_blots|hittable|closed|entry|movable|home_board)")
MIN_FIGURE_PLIES = 3
"""The shallowest evaluation a lesson's figures may come from (bgsage's plies: 1 is the network alone)."""
MAX_FIGURE_PLIES = 4
MAX_LESSON_NUMBER = 999
"""The highest number a lesson may have (lessons are numbered from 1, in the order the home screen lists them)."""
MULTI_LINE_FIELDS = frozenset({"text", "prompt", "explanation", "hint"})
"""The text fields that may run over several lines (line breaks and tabs allowed); all others are one line."""


def control_characters(text: str, *, multi_line: bool = False) -> list[str]:
    """The control characters of ``text`` (every character ``str.isprintable`` refuses, line breaks and tabs
    apart in ``multi_line`` text), each once, in the order they first appear."""
    if text.isprintable():
        return []
    allowed = "\n\t" if multi_line else ""
    return list(dict.fromkeys(char for char in text if not char.isprintable() and char not in allowed))


class ControlCharacterError(ValueError):
    """A text field holds control characters (``found``, each once)."""

    def __init__(self, text: str, found: list[str]) -> None:
        super().__init__(wording.control_characters(text, found))
        self.found = found


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    @field_validator("*")
    @classmethod
    def _shows_as_text(cls, value: Any, info: ValidationInfo) -> Any:
        """Refuse a text (or a list of texts) holding a control character."""
        texts = value if isinstance(value, list) else [value]
        multi_line = info.field_name in MULTI_LINE_FIELDS
        for text in texts:
            found = control_characters(text, multi_line=multi_line) if isinstance(text, str) else []
            if found:
                raise ControlCharacterError(text, found)
        return value


def problem_of(error: Mapping[str, Any]) -> tuple[str, str | None]:
    """What is wrong and what to do about it (if this module knows), for one error of a model's validation: the
    reason a check of this module gives, or pydantic's own message."""
    if error["type"] == "finite_number":
        return wording.not_a_finite_figure(str(error["input"])), wording.give_a_finite_figure()
    if error["type"] == "int_type":
        return wording.not_a_whole_number(repr(error["input"])), wording.give_a_whole_number()
    reason = error.get("ctx", {}).get("error") if error["type"] == "value_error" else None
    if not isinstance(reason, ValueError):
        return error["msg"], None
    if isinstance(reason, ControlCharacterError):
        return str(reason), wording.remove_control_characters(len(reason.found))
    return str(reason), None


def _check_position(value: str) -> str:
    read_position(value)
    return value


def _check_dice(value: str) -> str:
    parse_dice(value)
    return value


def _check_point(value: str, point: str | None) -> None:
    if point and not 1 <= int(point) <= 24:
        raise ValueError(wording.point_out_of_range(value, point))


def _check_conditions(values: list[str]) -> list[str]:
    for value in values:
        match = CONDITION_PATTERN.fullmatch(value)
        if not match:
            raise ValueError(wording.unknown_condition(value))
        _check_point(value, match.group(2))
    return values


class _BoardStep(_Strict):
    position: str | None = None
    """The board shown: start, Position ID, XGID or text form."""
    dice: str | None = None
    """The dice shown, e.g. 31."""

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str | None) -> str | None:
        return None if value is None else _check_position(value)

    @field_validator("dice")
    @classmethod
    def _dice_read(cls, value: str | None) -> str | None:
        return None if value is None else _check_dice(value)

    def board(self) -> Position | None:
        """The position to show, if any."""
        return None if self.position is None else read_position(self.position)[0]

    def roll(self) -> Dice | None:
        """The dice to show, if any."""
        return None if self.dice is None else parse_dice(self.dice)


SCORE_PATTERN = re.compile(r"(\d{1,2})-(\d{1,2})")


class _AtScore(_Strict):
    """A match score: ``score`` of a ``length``-point match, yours first, and whether this is the ``crawford``
    game; ``length`` 0 (the default) is money play."""

    length: int = Field(default=0, ge=0, le=25)
    """The match length; 0 (the default) is money play."""
    score: str | None = None
    """The score before this game, yours first, e.g. "3-1" (0-0 if left out in a match)."""
    crawford: bool = False
    """With score: this game is the Crawford game."""

    @model_validator(mode="after")
    def _score_reads(self) -> _AtScore:
        if (self.score is not None or self.crawford) and not self.length:
            raise ValueError(wording.score_needs_length())
        if self.score is not None and not SCORE_PATTERN.fullmatch(self.score):
            raise ValueError(wording.unreadable_score(self.score))
        try:
            self.match_score()
        except MatchError as error:
            raise ValueError(str(error)) from None
        return self

    def match_score(self) -> MatchScore | None:
        """The match score, if any (none in money play)."""
        if not self.length:
            return None
        found = SCORE_PATTERN.fullmatch(self.score or "0-0")
        assert found is not None  # checked when the step loads
        return MatchScore(self.length, int(found.group(1)), int(found.group(2)), crawford=self.crawford)


class _TableStep(_BoardStep, _AtScore):
    """A board that may also show the doubling cube (``cube``, and its ``cube_owner`` once turned) and a match
    score (``score`` of a ``length``-point match, yours first, and whether this is the ``crawford`` game)."""

    cube: int | None = None
    """The cube shown: 1 (in the middle, showing 64) to 64; none if left out."""
    cube_owner: Literal["X", "O"] | None = None
    """The side that owns the cube (it has been turned, to 2 or more); left out: the cube is in the middle."""

    @field_validator("cube")
    @classmethod
    def _cube_value(cls, value: int | None) -> int | None:
        if value is not None and value not in CUBE_VALUES:
            raise ValueError(wording.cube_face(value))
        return value

    @model_validator(mode="after")
    def _cube_turned(self) -> _TableStep:
        if self.cube_owner is not None and (self.cube is None or self.cube == 1):
            raise ValueError(wording.owned_cube_turned())
        return self

    def cube_shown(self) -> Cube | None:
        """The cube to show, if any."""
        if self.cube is None:
            return None
        return Cube(self.cube, None if self.cube_owner is None else Side.from_name(self.cube_owner))


class ReadStep(_TableStep):
    """Text to read (Markdown), with an optional board (and cube and score). Not graded."""

    kind: Literal["read"]
    title: str | None = None
    text: str = Field(min_length=1)


class PlayStep(_BoardStep):
    """Play a roll on the board. Success is the given ``play``, or any legal play meeting every condition."""

    kind: Literal["play"]
    prompt: str = Field(min_length=1)
    position: str
    dice: str
    play: str | None = None
    """The expected play, in notation."""
    conditions: list[str] = Field(default_factory=list)
    """hits, no_hit, enters, bears_off, safe, uses_all_dice or makes_point:N."""
    forced: bool = False
    """The roll has exactly one legal play and the prompt says so: finding it is the task."""
    hint: str | None = None
    """Shown after a legal play that misses the goal."""
    explanation: str = Field(min_length=1)
    """Shown on success."""

    @field_validator("conditions")
    @classmethod
    def _conditions_known(cls, values: list[str]) -> list[str]:
        return _check_conditions(values)


class SetupStep(_BoardStep):
    """Place the learner's 15 checkers in the starting position, point by point."""

    kind: Literal["setup"]
    prompt: str = Field(min_length=1)
    explanation: str = Field(min_length=1)


class Option(_Strict):
    """One answer of a multiple-choice step, with the explanation shown when it is chosen."""

    text: str = Field(min_length=1)
    correct: bool = False
    explanation: str = Field(min_length=1)


class ChooseStep(_TableStep):
    """A multiple-choice question, with an explanation for every option; the board may show the cube and the
    score the question is about."""

    kind: Literal["choose"]
    prompt: str = Field(min_length=1)
    options: list[Option] = Field(min_length=2, max_length=6)


class PickStep(_BoardStep):
    """Click a point (or the bar) on the board that the engine identifies from ``target``."""

    kind: Literal["pick"]
    prompt: str = Field(min_length=1)
    position: str
    target: str
    """point:N, bar, blots, my_blots, hittable, closed, entry, movable or home_board."""
    hint: str | None = None
    """Shown after a wrong pick, in place of the prompt."""
    explanation: str = Field(min_length=1)

    @field_validator("target")
    @classmethod
    def _target_known(cls, value: str) -> str:
        match = PICK_TARGET_PATTERN.fullmatch(value)
        if not match:
            raise ValueError(wording.unknown_target(value, PICK_TARGETS))
        _check_point(value, match.group(2))
        return value


class RollStep(_Strict):
    """The opening roll: each side throws one die, ties throw again, the higher die moves first."""

    kind: Literal["roll"]
    prompt: str = Field(min_length=1)
    position: str | None = None
    """The board shown: the starting position unless given (acey-deucey's empty start)."""
    throws: list[tuple[int, int]] = Field(min_length=1)
    """(your die, O's die) for each throw; all but the last are ties."""
    explanation: str = Field(min_length=1)

    @field_validator("throws")
    @classmethod
    def _throws_valid(cls, throws: list[tuple[int, int]]) -> list[tuple[int, int]]:
        for throw in throws:
            for die in throw:
                if not 1 <= die <= 6:
                    raise ValueError(wording.die_out_of_range(die, throw))
        for mine, theirs in throws[:-1]:
            if mine != theirs:
                raise ValueError(wording.throw_not_a_tie(mine, theirs))
        last = throws[-1]
        if last[0] == last[1]:
            raise ValueError(wording.last_throw_a_tie(*last))
        return throws

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str | None) -> str | None:
        return None if value is None else _check_position(value)

    def board(self) -> Position:
        """The board the opening roll is thrown on."""
        return Position.start() if self.position is None else read_position(self.position)[0]


class _PositionStep(_Strict):
    """A task on a position that must be given (both sides in your numbering), read when the lesson loads."""

    prompt: str = Field(min_length=1)
    position: str

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str) -> str:
        return _check_position(value)

    def board(self) -> Position:
        """The position, in your numbering."""
        return read_position(self.position)[0]


Chance = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
"""A probability, 0 to 1."""


class CubeFigures(_Strict):
    """The evaluator's money cube figures of a contact position, for the side that may double (cube centered),
    per unit of the cube: no double, double and take, double and pass (+1), and its chance of winning; a mined
    puzzle's may also give its chances of winning and of losing a gammon, and (rolled out) the standard errors of
    the no-double and double/take equities."""

    no_double: float = Field(ge=-3, le=3, allow_inf_nan=False)
    double_take: float = Field(ge=-6, le=6, allow_inf_nan=False)
    double_pass: float = Field(default=1.0, ge=1, le=1, allow_inf_nan=False)
    win: Chance
    win_gammon: Chance | None = None
    lose_gammon: Chance | None = None
    no_double_se: float | None = Field(default=None, ge=0, le=3, allow_inf_nan=False)
    double_take_se: float | None = Field(default=None, ge=0, le=6, allow_inf_nan=False)

    def decision(self) -> CubeDecision:
        """The figures as a cube decision of the side that may double, the cube centered."""
        return CubeDecision("centered", self.win, self.no_double, self.double_take, self.double_pass)


class CubeStep(_PositionStep, _AtScore):
    """A cube decision: you are on roll and decide whether to double (``question = "double"``), or O is on roll,
    has doubled you, and you decide whether to take. In money play on a bear-off the exact cube table covers (all
    checkers home, at most six a side) ``answer`` is checked against the exact figures when the lesson loads;
    elsewhere (a contact position, or any position at a match score: ``length``, ``score``, ``crawford``) the step
    gives the evaluator's ``figures`` at ``plies``, which the answer must agree with by a clear margin
    (``bgtrainer validate --deep`` evaluates them again)."""

    kind: Literal["cube"]
    question: Literal["double", "take"]
    cube: int = 1
    """The cube's value before the double: 1 in the middle, 2 or more owned by the doubler."""
    answer: CubeAnswer
    explanation: str = Field(min_length=1)
    """Shown after the figures, once answered."""
    plies: int | None = Field(default=None, ge=MIN_FIGURE_PLIES, le=MAX_FIGURE_PLIES)
    """Contact positions and match scores: the depth the figures were evaluated at."""
    figures: CubeFigures | None = None
    """Contact positions and match scores: the evaluator's figures, per unit of the cube (money-equivalent at a
    match score)."""

    @model_validator(mode="after")
    def _figures_complete(self) -> CubeStep:
        if (self.plies is None) != (self.figures is None):
            raise ValueError(wording.figures_need_plies())
        score = self.match_score()
        if score is not None:
            if self.figures is None:
                raise ValueError(wording.match_cube_needs_figures())
            if score.crawford:
                raise ValueError(wording.no_double_in_the_crawford_game())
            doubler_away = score.away(Side.O if self.question == "take" else Side.X)
            if self.cube >= doubler_away:
                raise ValueError(wording.dead_cube(self.cube, doubler_away))
        return self

    @field_validator("cube")
    @classmethod
    def _cube_value(cls, value: int) -> int:
        if value not in (1, 2, 4, 8, 16, 32):
            raise ValueError(wording.cube_value(value))
        return value

    def doubler(self) -> Side:
        """The side that may double: you (X) for ``double``, O for ``take``."""
        return Side.O if self.question == "take" else Side.X

    def cube_before(self) -> Cube:
        """The cube before the double: in the middle at 1, else the doubler's."""
        return Cube(self.cube, self.doubler() if self.cube > 1 else None)


class PlayFigure(_Strict):
    """One play of a best-play step with the evaluator's equity for it (cubeful money equity, cube centered); a mined
    puzzle's also gives the position the play leaves, the standard error of a rolled-out equity, and the chances
    (win, win a gammon, win a backgammon, lose a gammon, lose a backgammon)."""

    play: str = Field(min_length=1)
    equity: float = Field(ge=-3, le=3, allow_inf_nan=False)
    result: str | None = None
    """The Position ID the play leaves (a mined puzzle's answers name plays by it)."""
    se: float | None = Field(default=None, ge=0, le=3, allow_inf_nan=False)
    """The standard error of a rolled-out equity (none for an evaluation at a fixed depth)."""
    chances: tuple[Chance, Chance, Chance, Chance, Chance] | None = None
    """Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon."""


VerificationMethod = Literal["rollout", "3-ply"]


class Verification(_Strict):
    """How a mined puzzle's figures were settled: rolled out (over ``trials`` games, each figure with its standard
    error), or evaluated at 3 plies, which stands in only where the gap is wide (``trials`` and ``se`` then 0).
    ``gap`` is what separates the answer from the first answer refused (a best-play puzzle's best play less its first
    rejected play; a cube puzzle's margin of the answer), ``se`` the combined standard error of that gap."""

    method: VerificationMethod
    trials: int = Field(ge=0)
    gap: float = Field(ge=-6, le=6, allow_inf_nan=False)
    se: float = Field(ge=0, le=6, allow_inf_nan=False)


class BestStep(_PositionStep):
    """Find the best play: you (X) are on roll with ``dice``; ``plays`` are the evaluator's best plays at ``plies``
    with their equities, best first, down past the first play the step rejects. The best play and every play
    within 0.02 of it are accepted (every play less than 0.04 below the best when the next play is closer than
    0.04), so that the best play left out is at least 0.04 below the best. A step with ``trials`` was rolled out
    over that many games and gives each play its standard error ``se``: it accepts the best play and every play
    within 0.02 or two combined standard errors of it, and the best play left out must be more than 0.02 and
    three combined standard errors below the best (:mod:`trainer.content.best`). The plays are checked for
    legality when the lesson loads; ``bgtrainer validate --deep`` evaluates them again (a rolled-out step's
    listing is checked for consistency only)."""

    kind: Literal["best"]
    dice: str
    plies: int = Field(ge=MIN_FIGURE_PLIES, le=MAX_FIGURE_PLIES)
    plays: list[PlayFigure] = Field(min_length=2)
    trials: int | None = Field(default=None, ge=1)
    """The games of the rollout the figures come from (none for an evaluation at ``plies``)."""
    hint: str | None = None
    """Shown after a play the step rejects: the goal or the rule, never the play."""
    explanation: str = Field(min_length=1)
    """Shown once answered, after what the play does and the figures."""

    @field_validator("dice")
    @classmethod
    def _dice_read(cls, value: str) -> str:
        return _check_dice(value)

    @model_validator(mode="after")
    def _errors_with_trials(self) -> BestStep:
        for number, figure in enumerate(self.plays, start=1):
            if self.trials is not None and figure.se is None:
                raise ValueError(wording.rolled_out_play_needs_error(number, figure.play))
            if self.trials is None and figure.se is not None:
                raise ValueError(wording.error_needs_trials(number, figure.play))
        return self

    def roll(self) -> Dice:
        """The dice to play."""
        return parse_dice(self.dice)


EVENT_PATTERN = re.compile(r"(X|O) (doubles|redoubles|takes|passes|beavers|wins(?: a (gammon|backgammon))?)")
GAME_PATTERN = re.compile(r"(X|O) (\d{1,2})")


class ScoreStep(_Strict):
    """A question about the score and the cube, worked out by the engine's rules: the points a game is worth,
    the score after it, whether this is the Crawford game, or whether a side may double now. You are X."""

    kind: Literal["score"]
    prompt: str = Field(min_length=1)
    position: str | None = None
    """A board to show (optional)."""
    length: int = Field(default=0, ge=0, le=25)
    """The match length; 0 for money play."""
    games: list[str] = Field(default_factory=list)
    """The earlier games of the match from 0-0, e.g. ["X 2", "O 1"]."""
    score: str | None = None
    """Or the score before this game, yours first, e.g. "3-1"."""
    crawford: bool = False
    """With score: whether this game is the Crawford game."""
    jacoby: bool = False
    """Money play under the Jacoby rule."""
    beavers: bool = False
    """Money play with beavers allowed."""
    events: list[str] = Field(default_factory=list)
    """This game so far, e.g. ["X doubles", "O takes", "X wins a gammon"]."""
    ask: ScoreAsk
    answer: str = Field(min_length=1)
    """A number of points, a score like 4-2, or yes or no."""
    explanation: str = Field(min_length=1)
    """Shown after the engine's working, once answered."""

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str | None) -> str | None:
        return None if value is None else _check_position(value)

    @field_validator("events")
    @classmethod
    def _events_read(cls, values: list[str]) -> list[str]:
        for value in values:
            if not EVENT_PATTERN.fullmatch(value):
                raise ValueError(wording.unreadable_event(value))
        return values

    @field_validator("games")
    @classmethod
    def _games_read(cls, values: list[str]) -> list[str]:
        for value in values:
            if not GAME_PATTERN.fullmatch(value):
                raise ValueError(wording.unreadable_game(value))
        return values

    def board(self) -> Position | None:
        """The position to show, if any."""
        return None if self.position is None else read_position(self.position)[0]


class DoubleStep(_PositionStep):
    """Acey-deucey: after playing all of a 1-2 (the position; checkers may still wait to enter), choose the double to
    play as if rolled. ``want = "full"`` asks for
    a double that can be played in full (the bonus roll follows; ``conditions`` may ask more of its play),
    ``want = "not full"`` for one that cannot (the rest of the turn would be lost). Graded by the engine."""

    kind: Literal["double"]
    want: DoubleWant = "full"
    conditions: list[str] = Field(default_factory=list)
    """hits, no_hit, enters, bears_off, safe, uses_all_dice or makes_point:N."""
    hint: str | None = None
    """Shown after a double that misses the goal."""
    explanation: str = Field(min_length=1)

    @field_validator("conditions")
    @classmethod
    def _conditions_known(cls, values: list[str]) -> list[str]:
        return _check_conditions(values)


class _CountStep(_PositionStep):
    """A count the learner types, from a position with you (X) on roll, checked by the engine when the lesson
    loads."""

    hint: str | None = None
    """Shown after a wrong count: the rule or the way to count, never the number."""
    explanation: str = Field(min_length=1)


class ShotsStep(_CountStep):
    """Count the shots: how many of the 36 rolls hit O's blot (any of ``targets``, or every O blot if left out),
    played by the rules from the position, you (X) on roll. ``answer`` is checked by the engine when the lesson
    loads; the learner types a number."""

    kind: Literal["shots"]
    targets: list[int] = Field(default_factory=list)
    """The learner's points of the O blots to hit; left out: every O blot."""
    answer: StrictInt = Field(ge=0, le=36)
    """The rolls out of 36 that hit."""

    @field_validator("targets")
    @classmethod
    def _targets_on_the_board(cls, values: list[int]) -> list[int]:
        for value in values:
            _check_point(str(value), str(value))
        return values


class PipsStep(_CountStep):
    """Count the pips: your count (``side = "player"``), O's (``opponent``), or yours minus O's (``difference``).
    ``answer`` is checked by the engine when the lesson loads; the board keeps the pip counts back until it is
    answered."""

    kind: Literal["pips"]
    side: Literal["player", "opponent", "difference"]
    answer: StrictInt


Step = Annotated[
    ReadStep
    | PlayStep
    | SetupStep
    | ChooseStep
    | PickStep
    | RollStep
    | CubeStep
    | ScoreStep
    | DoubleStep
    | ShotsStep
    | PipsStep
    | BestStep,
    Field(discriminator="kind"),
]
GRADED_KINDS = frozenset(
    {"play", "setup", "choose", "pick", "roll", "cube", "score", "double", "shots", "pips", "best"}
)


class Lesson(_Strict):
    """A lesson: an ordered list of steps, most of them graded tasks."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    number: StrictInt
    """Where the lesson comes in the list, from 1 to :data:`MAX_LESSON_NUMBER`."""
    title: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    edition: int = Field(default=1, ge=1)
    """Raised when the steps are rebuilt: progress is kept per edition, by progress_key."""
    practice: list[str] = Field(default_factory=list)
    """Puzzle themes (or a variant's whole set, acey-deucey) that practise this lesson, offered when it is finished."""
    steps: list[Step] = Field(min_length=1)

    @property
    def progress_key(self) -> str:
        """Where the learner's progress in this edition is kept: the id for the first edition, ``id@N`` after, so
        that progress in an earlier edition's steps is never read as this one's (it stays, untouched)."""
        return self.id if self.edition == 1 else f"{self.id}@{self.edition}"

    @field_validator("number")
    @classmethod
    def _number_in_range(cls, value: int) -> int:
        if not 1 <= value <= MAX_LESSON_NUMBER:
            raise ValueError(wording.lesson_number_out_of_range(value, MAX_LESSON_NUMBER))
        return value

    @field_validator("practice")
    @classmethod
    def _practice_known(cls, values: list[str]) -> list[str]:
        for value in values:
            if value not in THEMES and value != "acey-deucey":
                raise ValueError(wording.unknown_practice_theme(value, THEMES))
        if len(set(values)) != len(values):
            raise ValueError(wording.theme_listed_twice())
        return values

    @property
    def graded_steps(self) -> list[int]:
        """Indexes of the steps that are graded tasks."""
        return [index for index, step in enumerate(self.steps) if step.kind in GRADED_KINDS]

    @property
    def step_count(self) -> int:
        return len(self.steps)


PuzzleKind = Literal["forced", "bearoff", "recognition", "cube", "double", "best", "shots", "pips"]
PuzzleVariant = Literal["standard", "acey-deucey"]
Advice = tuple[str, str | None]
"""What is wrong with a field, in words, and what to write instead (``None``: nothing to suggest)."""


class BasePuzzle(_Strict):
    """What every puzzle has: a position (solver on roll), a prompt and the accepted answers. Each kind is a class of
    its own, with only the fields it takes; ``kind`` (the file's field) tells them apart when a puzzle is read."""

    KIND: ClassVar[PuzzleKind]
    """The puzzle's kind as files write it: the value of its ``kind`` (set from the field's literal)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    theme: str
    difficulty: int = Field(ge=1, le=3)
    rating: int | None = Field(default=None, ge=0, le=4000)
    """The puzzle's starting rating (a mined puzzle's); left out: the one its difficulty gives."""
    position: str
    prompt: str = Field(min_length=1)
    answers: list[str] = Field(min_length=1)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        kind = cls.model_fields.get("kind")
        if kind is not None:
            (cls.KIND,) = get_args(kind.annotation)

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str) -> str:
        return _check_position(value)

    def board(self) -> Position:
        """The position, solver on roll (for a cube puzzle: the side that may double)."""
        return read_position(self.position)[0]

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        """Why this kind refuses field ``name`` and what to write instead, for a validation error of type ``error``
        (pydantic's: ``missing``, ``literal_error``, ``extra_forbidden``...); ``None`` where the error's own message
        says it. A field of another kind names the kinds that take it; a standard puzzle's ``variant`` says which
        kinds are played in acey-deucey."""
        if name == "variant":
            return wording.acey_deucey_puzzles_are_forced(), 'kind = "forced" or "double"'
        if error != "extra_forbidden":
            return None
        owners = [kind.KIND for kind in PUZZLE_CLASSES if name in kind.model_fields]
        return (wording.only_kind_takes(listed(owners), name), wording.remove_field(name)) if owners else None


class _RolledPuzzle(BasePuzzle):
    """A puzzle asked after the roll: it has the dice."""

    dice: str
    """The roll, e.g. 31."""

    @field_validator("dice")
    @classmethod
    def _dice_read(cls, value: str) -> str:
        return _check_dice(value)

    def roll(self) -> Dice:
        """The dice."""
        return parse_dice(self.dice)

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        if name == "dice" and error == "missing":
            return wording.puzzle_needs_dice(cls.KIND), 'dice = "65"'
        return super().advice(name, error)


class _PlayPuzzle(_RolledPuzzle):
    """A puzzle answered with a play of the roll: its answers are plays in notation."""

    def accepted_plays(self) -> list[Play]:
        """The legal plays the answers name (the empty play for ``pass``)."""
        position, dice = self.board(), self.roll()
        return [parse_play(position, dice, answer) for answer in self.answers]


class ForcedPuzzle(_PlayPuzzle):
    """Play the roll that has exactly one legal play (or none: the answer is then ``pass``), in standard backgammon
    or acey-deucey."""

    kind: Literal["forced"] = "forced"
    variant: PuzzleVariant = "standard"
    """The rules: standard backgammon or acey-deucey."""

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        return None if name == "variant" else super().advice(name, error)


class BearoffPuzzle(_PlayPuzzle):
    """Find the best bear-off play, by the exact bear-off figures: the answers are every play tied with the best."""

    kind: Literal["bearoff"] = "bearoff"
    variant: Literal["standard"] = "standard"

    def ranking(self) -> list[RankedPlay]:
        """Every play ranked."""
        return rank_plays(self.board(), self.roll())


class RecognitionPuzzle(_RolledPuzzle):
    """The recognition drill's position: is the roll forced, not forced, or without a legal play? Answered in
    words."""

    kind: Literal["recognition"] = "recognition"
    variant: Literal["standard"] = "standard"


class BestPuzzle(_PlayPuzzle):
    """Find the best play, by the evaluator's figures: ``plays`` are its best plays with their equities, best first,
    past the first one left out."""

    kind: Literal["best"] = "best"
    variant: Literal["standard"] = "standard"
    plies: int | None = Field(default=None, ge=1, le=MAX_FIGURE_PLIES)
    """The depth of the figures (a shipped puzzle's at least :data:`MIN_FIGURE_PLIES`; a personal one's the depth
    its game was analysed at); a verified puzzle's ``verified`` says how its figures were settled instead."""
    plays: list[PlayFigure] = Field(min_length=1)
    verified: Verification | None = None
    """How the figures were settled (a mined puzzle's): then its answers are the plays the verification accepts."""
    why: str | None = Field(default=None, min_length=1)
    """Why the best play is best, in a sentence (shown once answered)."""
    personal: bool = False
    """A mistake of the learner's own game (never shipped): it accepts the plays within 0.02 of the best and no more,
    so that the mistake it comes from is never accepted."""

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        if name in ("plies", "plays") and error in ("missing", "too_short"):
            return wording.best_puzzle_needs_figures(), wording.compute_the_figures()
        return super().advice(name, error)


class CubePuzzle(BasePuzzle):
    """A money cube decision, asked before rolling: should the side on roll double (``question = "double"``), or
    should the other side take? Exact in a bear-off the cube table covers; elsewhere the evaluator's ``figures`` at
    ``plies``, the cube centered."""

    kind: Literal["cube"] = "cube"
    variant: Literal["standard"] = "standard"
    cube_owner: Literal["centered", "player"] = "centered"
    """The cube in the middle, or owned by the side on roll."""
    question: Literal["double", "take"]
    plies: int | None = Field(default=None, ge=1, le=MAX_FIGURE_PLIES)
    """Contact positions: the depth of the evaluator's figures (a verified puzzle's ``verified`` says how they were
    settled instead)."""
    figures: CubeFigures | None = None
    """Contact positions: the evaluator's figures of the side that may double, the cube centered."""
    verified: Verification | None = None
    """How the figures were settled (a mined puzzle's): the answer must win by a margin its errors can't explain."""
    why: str | None = Field(default=None, min_length=1)
    """Why the answer is right, in a sentence (shown once answered)."""
    personal: bool = False
    """A mistake of the learner's own game (never shipped)."""

    @property
    def owner(self) -> Literal["centered", "player"]:
        """Where the cube is: in the middle unless the side on roll owns it."""
        return self.cube_owner

    def cube(self) -> CubeDecision:
        """The cube decision of the side on roll, exact or (a contact puzzle) from its figures.

        :raises NotBearOffError: if the position lies outside the exact table and the puzzle has no figures.
        """
        if self.figures is not None:
            return self.figures.decision()
        return cube_decision(self.board(), self.owner)

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        if name == "dice":
            return wording.cube_puzzle_takes_no_dice(), wording.remove_field("dice")
        if name == "variant":
            return wording.no_cube_in_acey_deucey(), 'variant = "standard"'
        if name == "question":
            missing = error == "missing"
            message = wording.cube_puzzle_needs_a_question() if missing else wording.cube_question_is_double_or_take()
            return message, wording.give_a_question()
        return super().advice(name, error)


class DoublePuzzle(BasePuzzle):
    """Acey-deucey: which double to choose after a 1-2 (``question = "choose"``; ``conditions`` may ask more of its
    full play), or can all four moves of the double in ``dice`` be played (``full``)."""

    kind: Literal["double"] = "double"
    variant: Literal["acey-deucey"]
    question: Literal["choose", "full"]
    dice: str | None = None
    """A ``full`` question's double; a ``choose`` question has none."""
    conditions: list[str] = Field(default_factory=list)
    """A ``choose`` question's: what a full play of the double must also do (e.g. ``safe``)."""

    @field_validator("dice")
    @classmethod
    def _dice_read(cls, value: str | None) -> str | None:
        return None if value is None else _check_dice(value)

    @field_validator("conditions")
    @classmethod
    def _conditions_known(cls, values: list[str]) -> list[str]:
        return _check_conditions(values)

    def roll(self) -> Dice:
        """A ``full`` question's double.

        :raises ValueError: for a ``choose`` question, which is asked before a double is chosen.
        """
        if self.dice is None:
            raise ValueError(wording.asked_before_rolling(self.id))
        return parse_dice(self.dice)

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        if name == "variant":
            return wording.double_puzzles_are_acey_deucey(), 'variant = "acey-deucey"'
        if name == "question":
            return wording.double_puzzle_needs_a_question(), wording.give_a_double_question()
        return super().advice(name, error)


class _CountingPuzzle(BasePuzzle):
    """A count the learner types, asked before the roll: the engine's number is the answer."""

    variant: Literal["standard"] = "standard"

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        if name == "dice":
            return wording.count_puzzle_takes_no_dice(), wording.remove_field("dice")
        return super().advice(name, error)


class ShotsPuzzle(_CountingPuzzle):
    """Count the shots: the rolls out of 36 that hit a blot (one of ``targets``, or any if left out)."""

    kind: Literal["shots"] = "shots"
    targets: list[int] = Field(default_factory=list)
    """The points (the side on roll's numbering) of the blots that count; every blot if left out."""


class PipsPuzzle(_CountingPuzzle):
    """Count the pips of a side: the side on roll's (``player``) or the other's."""

    kind: Literal["pips"] = "pips"
    side: Literal["player", "opponent"]

    @classmethod
    def advice(cls, name: str, error: str) -> Advice | None:
        if name == "side":
            return wording.pips_puzzle_needs_a_side(), 'side = "player"'
        return super().advice(name, error)


Puzzle: TypeAlias = (
    ForcedPuzzle | BearoffPuzzle | RecognitionPuzzle | BestPuzzle | CubePuzzle | DoublePuzzle | ShotsPuzzle | PipsPuzzle
)
"""Any puzzle (also for ``isinstance``)."""
PlayPuzzle: TypeAlias = ForcedPuzzle | BearoffPuzzle | BestPuzzle
"""A puzzle answered with a play of its roll."""
CountPuzzle: TypeAlias = ShotsPuzzle | PipsPuzzle
"""A counting drill's position."""
PUZZLE_CLASSES: tuple[type[Puzzle], ...] = get_args(Puzzle)
"""The kinds of puzzle, each a class."""
PUZZLE_KINDS: tuple[PuzzleKind, ...] = tuple(kind.KIND for kind in PUZZLE_CLASSES)
"""The values of ``kind``, in the same order."""
_PUZZLE_ADAPTER: TypeAdapter[Puzzle] = TypeAdapter(Annotated[Puzzle, Field(discriminator="kind")])


def read_puzzle(data: object) -> Puzzle:
    """A puzzle of the class its ``kind`` names, from a table of fields.

    :raises pydantic.ValidationError: for fields its kind does not take, or an unknown ``kind``.
    """
    return _PUZZLE_ADAPTER.validate_python(data)
