"""The progress dashboard's figures (and ``bgtrainer stats``'s), worked out from plain records as the store returns
them and the content's catalogue; pure functions, the time given as an argument.

- **Lessons**: done (every graded step completed), started (a step done or a place to resume), of all lessons.
- **Puzzles** by kind and theme: how many there are, attempted, solved, and first-try accuracy. A puzzle's main
  question is its play (forced and bear-off puzzles) or "forced, not forced or no play?" (the recognition drill's
  positions, stored as the ``forced`` question). Answers given after the solution was shown don't count. Solved:
  answered right at least once; accuracy: the share of attempted puzzles whose first answer was right; the weakest
  theme: the lowest accuracy below 100%. Every kind is named in :data:`KINDS` (a kind not there by itself).
- **Ratings**: the learner's Glicko-2 rating of each kind (:data:`~trainer.shared.kinds.RATING_KINDS`: the rules
  puzzles, best play, the cube) now (its deviation grown for time away), shown with its deviation, the number of rated
  attempts, and its history (every rated attempt, and the last rating of each day, for a chart).
- **Drills**: the best Streak and Storm and the number of runs of each, for the recognition drill and for best-play
  puzzles.
- **Counting**: for the shot-count and pip-count drills, the answers, the right ones, and the average time of the
  last ten right answers and the best such average (:func:`~trainer.practice.counting.counting_figures`).
- **Knowledge**: for the match equity, take point and Keith count drills, the same figures of their answers.
- **Mistakes**: the learner's personal puzzles (mistakes of their own games) and how many are due.
- **Reviews**: cards due now, all cards, and when the next one comes due.
- **Days practised in a row**: days with any activity (a lesson step, an answer, a review, a drill run, a knowledge
  drill's answer) in the learner's time zone, counted back from today, or from yesterday while today has none yet
  (the run isn't lost until a whole day is missed).
- **Continue**, the next useful thing, in this order: (1) reviews due; (2) the started lesson with the lowest
  number that isn't done, at its resume step; (3) the weakest theme of the learner's games reviewed
  (:func:`weakest_game_theme`: the most equity lost, over at least :data:`WEAKEST_THEME_DECISIONS` decisions): the
  lesson that practises it (:func:`theme_lesson`) while it isn't done, then that theme's unsolved puzzles near the
  learner's rating; (4) the first lesson not started; (5) unsolved puzzles near the learner's rating of their kind
  (:func:`~trainer.practice.ratings.select_near`, a new choice each day; the counting drills' positions are not
  puzzles to suggest); (6) with every puzzle solved, the recognition drill's Streak, to beat the best.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any, Literal, Protocol

from trainer.practice import schedule, wording
from trainer.practice.counting import CountingFigures, counting_figures
from trainer.practice.ratings import (
    StoredLearnerRating,
    StoredRating,
    learner_rating,
    rating_gaps,
    rating_pool,
    select_near,
)
from trainer.shared.kinds import KNOWLEDGE_DRILLS, RATING_KINDS, DrillName, RatingKind, rating_kind
from trainer.shared.review_card import CardRecord


@dataclass(frozen=True, slots=True)
class KindName:
    """How a kind of puzzle is named: in full (the Progress page, ``bgtrainer stats``) and short (the home screen)."""

    title: str
    short: str


KINDS = {kind: KindName(title, short) for kind, (title, short) in wording.KIND_NAMES.items()}
"""The kinds of puzzles, in the order the figures list them, named in English (:func:`kind_name` names them in the
language in use); any other kind comes after them."""
KIND_ORDER = tuple(KINDS)
MAIN_QUESTION = {"recognition": "forced"}
"""The question whose answers count for a kind (``play`` for the others)."""
SUGGESTED_PUZZLES = 5
WEAKEST_THEME_DECISIONS = 3
"""The decisions a theme of the learner's games needs, at least, to be their weakest."""
COUNTING_KINDS = ("shots", "pips")
"""The counting drills' kinds: timed, neither rated nor suggested as puzzles."""


# --- the records, as protocols the store's values and the content's models meet ---------------------------------


class LessonInfo(Protocol):
    """A lesson of the catalogue."""

    @property
    def id(self) -> str: ...
    @property
    def number(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def graded_steps(self) -> Sequence[int]: ...
    @property
    def edition(self) -> int: ...
    @property
    def progress_key(self) -> str: ...
    @property
    def practice(self) -> Sequence[str]: ...


class FinishedLike(Protocol):
    """A lesson finished in one of its editions."""

    @property
    def edition(self) -> int: ...


class PuzzleInfo(Protocol):
    """A puzzle (or drill position) of the catalogue."""

    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def theme(self) -> str: ...
    @property
    def difficulty(self) -> int: ...
    @property
    def rating(self) -> int | None: ...
    @property
    def variant(self) -> str: ...


class LessonStepLike(Protocol):
    @property
    def lesson_id(self) -> str: ...
    @property
    def step(self) -> int: ...
    @property
    def completed_at(self) -> float: ...


class AttemptLike(Protocol):
    @property
    def puzzle_id(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def question(self) -> str: ...
    @property
    def revealed(self) -> bool: ...
    @property
    def attempted_at(self) -> float: ...
    @property
    def seconds(self) -> float: ...


class RatingPointLike(StoredLearnerRating, Protocol):
    """One entry of the learner's rating history."""

    @property
    def kind(self) -> str: ...


class ReviewLike(Protocol):
    @property
    def reviewed_at(self) -> float: ...


class KnowledgeAnswerLike(Protocol):
    """An answer to a knowledge drill."""

    @property
    def drill(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def seconds(self) -> float: ...
    @property
    def answered_at(self) -> float: ...


class ThemeLossLike(Protocol):
    """The equity the learner lost in one theme of the games reviewed, over the decisions that counted."""

    @property
    def theme(self) -> str: ...
    @property
    def loss(self) -> float: ...
    @property
    def decisions(self) -> int: ...


class DrillRunLike(Protocol):
    @property
    def mode(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def finished_at(self) -> float: ...
    @property
    def drill(self) -> str: ...


@dataclass(frozen=True)
class Records:
    """Everything the figures come from, as the store returns it (oldest first where it is a history)."""

    lesson_steps: Sequence[LessonStepLike] = ()
    resume_steps: Mapping[str, int] = field(default_factory=dict)
    finished_lessons: Mapping[str, Sequence[FinishedLike]] = field(default_factory=dict)
    """Lessons finished, by lesson id: one finished in an earlier edition counts as done until its new one starts."""
    attempts: Sequence[AttemptLike] = ()
    ratings: Sequence[RatingPointLike] = ()
    puzzle_ratings: Mapping[str, StoredRating] = field(default_factory=dict)
    cards: Sequence[CardRecord] = ()
    reviews: Sequence[ReviewLike] = ()
    drill_runs: Sequence[DrillRunLike] = ()
    personal_puzzles: Sequence[str] = ()
    """The ids of the learner's personal puzzles (mistakes of their own games)."""
    knowledge_answers: Sequence[KnowledgeAnswerLike] = ()
    """The answers to the knowledge drills."""
    theme_losses: Sequence[ThemeLossLike] = ()
    """The equity the learner lost per theme of the games reviewed, each theme once (summed over the games)."""


@dataclass(frozen=True, slots=True)
class AnswerTally:
    """The answers to one question of one puzzle, those given after the solution was shown left out."""

    first_right: bool
    """Whether the first was right."""
    ever_right: bool
    """Whether any was."""


@dataclass(frozen=True)
class RatingTrail:
    """One kind of the learner's rating over time."""

    latest: StoredLearnerRating | None = None
    """The rating after the last rated attempt (``None`` before the first)."""
    history: tuple[tuple[float, float], ...] = ()
    """``(when, rating)`` after each rated attempt, oldest first."""
    daily: tuple[tuple[str, float], ...] = ()
    """``(ISO date, rating)``: the last rating of each day with rated attempts, in the order of the days' first."""


@dataclass(frozen=True)
class Digest:
    """What the figures take from the long histories (every answer, rated attempt, review and drill run), worked
    out from the records by :func:`digest`, or counted where they are kept (by the store's queries)."""

    answers: Mapping[tuple[str, str], AnswerTally]
    """The answers to each puzzle and question answered, by ``(puzzle id, question)``."""
    counting: Mapping[str, CountingFigures]
    """The counting drills' figures, by kind (:data:`COUNTING_KINDS`)."""
    days: AbstractSet[date]
    """The days with any activity, in the learner's time zone."""
    ratings: Mapping[RatingKind, RatingTrail]
    """The learner's rating of each kind rated, by kind."""
    knowledge: Mapping[str, CountingFigures] = field(default_factory=dict)
    """The knowledge drills' figures, by drill (:data:`~trainer.shared.kinds.KNOWLEDGE_DRILLS`)."""


# --- the figures ---------------------------------------------------------------------------------------------


LessonStatus = Literal["new", "started", "done"]


@dataclass(frozen=True)
class LessonLine:
    """One lesson's status."""

    id: str
    number: int
    title: str
    status: LessonStatus
    resume_step: int
    steps_done: int
    graded_steps: int


@dataclass(frozen=True)
class LessonFigures:
    done: int
    started: int
    total: int
    lessons: tuple[LessonLine, ...]


@dataclass(frozen=True)
class PuzzleFigures:
    """Counts for a kind (``theme`` None) or one theme of it."""

    kind: str
    theme: str | None
    total: int
    attempted: int
    solved: int
    first_try: int
    """Attempted puzzles whose first answer was right."""

    @property
    def accuracy(self) -> float | None:
        """First-try accuracy, 0 to 1 (``None`` before any attempt)."""
        return self.first_try / self.attempted if self.attempted else None


@dataclass(frozen=True)
class KindFigures:
    total: PuzzleFigures
    themes: tuple[PuzzleFigures, ...]


@dataclass(frozen=True)
class RatingFigures:
    rating: float
    rd: float
    volatility: float
    provisional: bool
    text: str
    """The rating with its deviation, e.g. ``1523 ± 64``."""
    rated_attempts: int
    history: tuple[tuple[float, float], ...]
    """``(when, rating)`` after each rated attempt, oldest first."""
    daily: tuple[tuple[str, float], ...]
    """``(ISO date, rating)``: the last rating of each day with rated attempts, for a chart."""
    kind: RatingKind = "rules"


@dataclass(frozen=True)
class DrillFigures:
    best_streak: int
    best_storm: int
    streak_runs: int
    storm_runs: int
    drill: DrillName = "recognition"


@dataclass(frozen=True)
class ReviewFigures:
    due: int
    cards: int
    next_due: float | None
    """When the next card not yet due comes due (seconds since the epoch)."""


@dataclass(frozen=True)
class MistakeFigures:
    """The learner's personal puzzles: how many, and how many are due for review now."""

    total: int = 0
    due: int = 0


@dataclass(frozen=True)
class PracticeDays:
    in_a_row: int
    today: bool
    """Whether today already counts."""
    total: int
    best_run: int


SuggestionAction = Literal["review", "lesson", "puzzles", "drill"]


@dataclass(frozen=True)
class Suggestion:
    """The "Continue" entry: what to do next, in words (translated) and as a target for the app."""

    action: SuggestionAction
    label: str
    lesson_id: str | None = None
    step: int | None = None
    puzzle_ids: tuple[str, ...] = ()
    due: int = 0
    theme: str | None = None
    """The weakest theme of the learner's games, when the suggestion is its lesson or its puzzles."""
    english: str = field(default="", repr=False, compare=False)
    """The label in English, for machine output (``bgtrainer stats --json``)."""


@dataclass(frozen=True)
class Dashboard:
    """Every figure of the progress dashboard."""

    now: float
    lessons: LessonFigures
    puzzles: tuple[KindFigures, ...]
    rating: RatingFigures
    """The rules puzzles' rating (the first of :attr:`ratings`)."""
    drills: DrillFigures
    """The recognition drill's Streak and Storm."""
    reviews: ReviewFigures
    days: PracticeDays
    continue_with: Suggestion
    ratings: tuple[RatingFigures, ...] = ()
    """The learner's rating of each kind, in :data:`~trainer.shared.kinds.RATING_KINDS`'s order."""
    best_drills: DrillFigures = DrillFigures(0, 0, 0, 0, "best")
    """Streak and Storm of best-play puzzles."""
    counting: Mapping[str, CountingFigures] = field(default_factory=dict)
    """The counting drills' figures, by kind (``shots``, ``pips``)."""
    mistakes: MistakeFigures = MistakeFigures()
    """The learner's own mistakes kept as puzzles to drill."""
    knowledge: Mapping[str, CountingFigures] = field(default_factory=dict)
    """The knowledge drills' figures, by drill (``met``, ``take``, ``keith``)."""

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values (accuracies included)."""
        data = asdict(self)
        english = data["continue_with"].pop("english")
        data["continue_with"]["label"] = english or self.continue_with.label
        for kind, figures in zip(data["puzzles"], self.puzzles, strict=True):
            kind["total"]["accuracy"] = figures.total.accuracy
            for theme, theme_figures in zip(kind["themes"], figures.themes, strict=True):
                theme["accuracy"] = theme_figures.accuracy
        return data


# --- working them out --------------------------------------------------------------------------------------------


def lesson_figures(lessons: Sequence[LessonInfo], records: Records) -> LessonFigures:
    """Each lesson's status, in lesson-number order, and the counts."""
    done_steps: dict[str, set[int]] = {}
    for step in records.lesson_steps:
        done_steps.setdefault(step.lesson_id, set()).add(step.step)
    lines = []
    for lesson in sorted(lessons, key=lambda lesson: lesson.number):
        completed = done_steps.get(lesson.progress_key, set())
        graded = set(lesson.graded_steps)
        resume = records.resume_steps.get(lesson.progress_key, 0)
        earlier = any(done.edition < lesson.edition for done in records.finished_lessons.get(lesson.id, ()))
        status: LessonStatus
        if graded and graded <= completed:
            status = "done"
        elif completed or resume:
            status = "started"
        elif earlier:
            status = "done"
        else:
            status = "new"
        lines.append(
            LessonLine(lesson.id, lesson.number, lesson.title, status, resume, len(completed & graded), len(graded))
        )
    return LessonFigures(
        done=sum(1 for line in lines if line.status == "done"),
        started=sum(1 for line in lines if line.status == "started"),
        total=len(lines),
        lessons=tuple(lines),
    )


def answer_tallies(attempts: Iterable[AttemptLike]) -> dict[tuple[str, str], AnswerTally]:
    """The answers to each puzzle and question answered, by ``(puzzle id, question)``, from every answer (oldest
    first); those given after the solution was shown left out."""
    tallies: dict[tuple[str, str], AnswerTally] = {}
    for attempt in attempts:
        if attempt.revealed:
            continue
        key = (attempt.puzzle_id, attempt.question)
        tally = tallies.get(key)
        if tally is None:
            tallies[key] = AnswerTally(bool(attempt.correct), bool(attempt.correct))
        elif attempt.correct and not tally.ever_right:
            tallies[key] = AnswerTally(tally.first_right, True)
    return tallies


def _main_answers(
    puzzles: Iterable[PuzzleInfo], tallies: Mapping[tuple[str, str], AnswerTally]
) -> dict[str, AnswerTally]:
    """The answers to the main question of each attempted catalogue puzzle, by puzzle id."""
    answers = {}
    for puzzle in puzzles:
        tally = tallies.get((puzzle.id, MAIN_QUESTION.get(puzzle.kind, "play")))
        if tally is not None:
            answers[puzzle.id] = tally
    return answers


def puzzle_figures(
    puzzles: Sequence[PuzzleInfo], records: Records, theme_order: Mapping[str, Sequence[str]] | None = None
) -> tuple[KindFigures, ...]:
    """Counts by kind (forced, bear-off, recognition, then any other) and theme: in ``theme_order[kind]``'s order
    where it is given, then in the catalogue's."""
    return tallied_puzzle_figures(puzzles, answer_tallies(records.attempts), theme_order)


def tallied_puzzle_figures(
    puzzles: Sequence[PuzzleInfo],
    tallies: Mapping[tuple[str, str], AnswerTally],
    theme_order: Mapping[str, Sequence[str]] | None = None,
) -> tuple[KindFigures, ...]:
    """:func:`puzzle_figures` from the answers' tallies (:attr:`Digest.answers`)."""
    answers = _main_answers(puzzles, tallies)

    def figures(kind: str, theme: str | None, chosen: list[PuzzleInfo]) -> PuzzleFigures:
        tried = [answers[p.id] for p in chosen if p.id in answers]
        return PuzzleFigures(
            kind,
            theme,
            len(chosen),
            len(tried),
            sum(1 for a in tried if a.ever_right),
            sum(1 for a in tried if a.first_right),
        )

    kinds = list(dict.fromkeys(puzzle_set(puzzle) for puzzle in puzzles))
    kinds.sort(key=lambda kind: KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER))
    result = []
    for kind in kinds:
        chosen = [puzzle for puzzle in puzzles if puzzle_set(puzzle) == kind]
        themes = list(dict.fromkeys(puzzle.theme for puzzle in chosen))
        order = list((theme_order or {}).get(kind, ()))
        themes.sort(key=lambda theme: order.index(theme) if theme in order else len(order))
        result.append(
            KindFigures(
                figures(kind, None, chosen),
                tuple(figures(kind, theme, [p for p in chosen if p.theme == theme]) for theme in themes),
            )
        )
    return tuple(result)


def puzzle_set(puzzle: PuzzleInfo) -> str:
    """The set a puzzle is counted in: its kind, or ``"{variant} {kind}"`` where that set is named (:data:`KINDS`),
    so that the figures count the sets the Puzzles menu lists (acey-deucey's forced moves apart)."""
    own = f"{puzzle.variant} {puzzle.kind}"
    return own if puzzle.variant != "standard" and own in KINDS else puzzle.kind


def kind_name(kind: str) -> KindName:
    """The names of a kind of puzzle, translated; a kind not in :data:`KINDS` is named after itself
    (``acey-deucey``: "Acey deucey")."""
    names = wording.kind_names(kind)
    if names is None:
        own = kind.replace("-", " ").capitalize()
        return KindName(own, own)
    return KindName(*names)


def weakest_theme(kinds: Iterable[KindFigures]) -> PuzzleFigures | None:
    """The attempted theme with the lowest first-try accuracy, if any is below 100% (the most attempted first among
    equals, then in the order of ``kinds``)."""
    missed = [theme for kind in kinds for theme in kind.themes if theme.first_try < theme.attempted]
    return min(missed, key=lambda theme: (theme.first_try / theme.attempted, -theme.attempted), default=None)


def solved_puzzles(puzzles: Sequence[PuzzleInfo], attempts: Iterable[AttemptLike]) -> set[str]:
    """The catalogue puzzles answered right at least once (their main question, before the solution was shown)."""
    return _solved(puzzles, answer_tallies(attempts))


def _solved(puzzles: Sequence[PuzzleInfo], tallies: Mapping[tuple[str, str], AnswerTally]) -> set[str]:
    return {puzzle_id for puzzle_id, answers in _main_answers(puzzles, tallies).items() if answers.ever_right}


def _local_day(moment: float, tz: tzinfo) -> date:
    return datetime.fromtimestamp(moment, tz).date()


def local_days(moments: Iterable[float], tz: tzinfo = UTC) -> set[date]:
    """The days of ``moments`` (seconds since the epoch) in the time zone ``tz``."""
    return {_local_day(moment, tz) for moment in moments}


def day_numbered(number: int) -> date:
    """The day ``number`` days after 1970-01-01."""
    return date.fromordinal(_EPOCH_ORDINAL + number)


_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()


def rating_trail(ratings: Iterable[RatingPointLike], kind: RatingKind, tz: tzinfo = UTC) -> RatingTrail:
    """The learner's rating of ``kind`` over time, from every rated attempt (oldest first)."""
    history = [point for point in ratings if point.kind == kind]
    daily: dict[str, float] = {}
    for point in history:
        daily[_local_day(point.rated_at, tz).isoformat()] = point.rating
    return RatingTrail(
        history[-1] if history else None,
        tuple((point.rated_at, point.rating) for point in history),
        tuple(daily.items()),
    )


def rating_figures(records: Records, now: float, tz: tzinfo = UTC, kind: RatingKind = "rules") -> RatingFigures:
    """The learner's rating of ``kind`` now, and its history."""
    return trail_figures(rating_trail(records.ratings, kind, tz), now, kind)


def trail_figures(trail: RatingTrail, now: float, kind: RatingKind = "rules") -> RatingFigures:
    """:func:`rating_figures` from the rating's trail (:attr:`Digest.ratings`)."""
    current = learner_rating(trail.latest, now)
    return RatingFigures(
        rating=current.rating,
        rd=current.rd,
        volatility=current.volatility,
        provisional=current.provisional,
        text=current.text(),
        rated_attempts=len(trail.history),
        history=trail.history,
        daily=trail.daily,
        kind=kind,
    )


def drill_figures(records: Records, drill: DrillName = "recognition") -> DrillFigures:
    """Bests and run counts of Streak and Storm of ``drill``."""
    runs = [run for run in records.drill_runs if run.drill == drill]
    streaks = [run.score for run in runs if run.mode == "streak"]
    storms = [run.score for run in runs if run.mode == "storm"]
    return DrillFigures(max(streaks, default=0), max(storms, default=0), len(streaks), len(storms), drill)


def counting_drill_figures(puzzles: Sequence[PuzzleInfo], records: Records) -> dict[str, CountingFigures]:
    """The figures of each counting drill (:data:`COUNTING_KINDS`) from the answers to its positions (their main
    question, before any solution was shown)."""
    answers = (
        (attempt.puzzle_id, attempt.correct, attempt.seconds)
        for attempt in records.attempts
        if attempt.question == "play" and not attempt.revealed
    )
    return counted_figures(puzzles, answers)


def counting_positions(puzzles: Iterable[PuzzleInfo]) -> list[str]:
    """The ids of the counting drills' positions."""
    return [puzzle.id for puzzle in puzzles if puzzle.kind in COUNTING_KINDS]


def counted_figures(
    puzzles: Sequence[PuzzleInfo], answers: Iterable[tuple[str, bool, float]]
) -> dict[str, CountingFigures]:
    """:func:`counting_drill_figures` from the answers to the play of the positions, ``(puzzle id, correct,
    seconds)``, oldest first (those given after the solution was shown left out)."""
    kinds = {puzzle.id: puzzle.kind for puzzle in puzzles if puzzle.kind in COUNTING_KINDS}
    given: dict[str, list[tuple[bool, float]]] = {kind: [] for kind in COUNTING_KINDS}
    for puzzle_id, correct, seconds in answers:
        kind = kinds.get(puzzle_id)
        if kind is not None:
            given[kind].append((bool(correct), float(seconds)))
    return {kind: counting_figures(kind_answers) for kind, kind_answers in given.items()}


def knowledge_drill_figures(answers: Iterable[KnowledgeAnswerLike]) -> dict[str, CountingFigures]:
    """The figures of each knowledge drill (:data:`~trainer.shared.kinds.KNOWLEDGE_DRILLS`, every one listed) from
    its answers, oldest first."""
    given: dict[str, list[tuple[bool, float]]] = {drill: [] for drill in KNOWLEDGE_DRILLS}
    for answer in answers:
        if answer.drill in given:
            given[answer.drill].append((bool(answer.correct), float(answer.seconds)))
    return {drill: counting_figures(drill_answers) for drill, drill_answers in given.items()}


def mistake_figures(records: Records, now: float) -> MistakeFigures:
    """How many personal puzzles there are, and how many of their cards are due at ``now``."""
    items = {schedule.puzzle_item(puzzle_id) for puzzle_id in records.personal_puzzles}
    due = schedule.due_count([card for card in records.cards if card.item_id in items], now)
    return MistakeFigures(len(items), due)


def askable_cards(records: Records, lessons: Sequence[LessonInfo], puzzles: Sequence[PuzzleInfo]) -> list[CardRecord]:
    """The cards a review can ask: those of a puzzle or drill position that loaded, of a personal puzzle, or of a
    graded step of a lesson's current edition. A card of a puzzle withdrawn from the corpus or of a lesson's earlier
    edition stays in the store, with its history, but is not counted as due."""
    known = {schedule.puzzle_item(puzzle.id) for puzzle in puzzles}
    known.update(schedule.puzzle_item(puzzle_id) for puzzle_id in records.personal_puzzles)
    known.update(schedule.lesson_item(lesson.progress_key, step) for lesson in lessons for step in lesson.graded_steps)
    return [card for card in records.cards if card.item_id in known]


def review_figures(records: Records, now: float, cards: Sequence[CardRecord] | None = None) -> ReviewFigures:
    """Cards due at ``now``, all cards, and the next due time: of ``cards`` where given, else of every card."""
    cards = records.cards if cards is None else cards
    return ReviewFigures(schedule.due_count(cards, now), len(cards), schedule.next_due(cards, now))


def activity_times(records: Records) -> list[float]:
    """When the learner did anything: lesson steps, answers, reviews, drill runs, rated attempts and the knowledge
    drills' answers."""
    return [
        *(step.completed_at for step in records.lesson_steps),
        *(attempt.attempted_at for attempt in records.attempts),
        *(review.reviewed_at for review in records.reviews),
        *(run.finished_at for run in records.drill_runs),
        *(point.rated_at for point in records.ratings),
        *(answer.answered_at for answer in records.knowledge_answers),
    ]


def practice_days(times: Iterable[float], now: float, tz: tzinfo = UTC) -> PracticeDays:
    """Days practised in a row up to today (or yesterday, while today has none yet), in the time zone ``tz``."""
    return days_practised(local_days(times, tz), _local_day(now, tz))


def days_practised(days: AbstractSet[date], today: date) -> PracticeDays:
    """:func:`practice_days` from the days with any activity (:attr:`Digest.days`) and today."""
    day = today if today in days else today - timedelta(days=1)
    in_a_row = 0
    while day in days:
        in_a_row += 1
        day -= timedelta(days=1)
    best = run = 0
    previous: date | None = None
    for day in sorted(days):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    return PracticeDays(in_a_row, today in days, len(days), best)


def weakest_game_theme(losses: Iterable[ThemeLossLike], minimum: int = WEAKEST_THEME_DECISIONS) -> ThemeLossLike | None:
    """The theme of the learner's games reviewed with the most equity lost, among those with at least ``minimum``
    decisions (``None`` if none lost anything); among equals, the most decisions, then the first by name."""
    candidates = [figure for figure in losses if figure.decisions >= minimum and figure.loss > 0]
    return min(candidates, key=lambda figure: (-figure.loss, -figure.decisions, figure.theme), default=None)


def theme_lesson(theme: str, lessons: Sequence[LessonInfo], done: AbstractSet[str] = frozenset()) -> str | None:
    """The id of the lesson that practises ``theme`` (its ``practice`` list names it): one not in ``done`` first,
    then the one naming it earliest in the list, then the lowest number; ``None`` if no lesson names it."""
    naming = [lesson for lesson in lessons if theme in lesson.practice]
    chosen = min(
        naming,
        key=lambda lesson: (lesson.id in done, list(lesson.practice).index(theme), lesson.number),
        default=None,
    )
    return None if chosen is None else chosen.id


def _near_rating(
    puzzles: Sequence[PuzzleInfo],
    records: Records,
    answers: Mapping[tuple[str, str], AnswerTally],
    ratings: Sequence[RatingFigures],
    now: float,
) -> list[str]:
    """Up to :data:`SUGGESTED_PUZZLES` unsolved puzzles of ``puzzles`` near the learner's rating of their kind (the
    counting drills' positions left out), a new choice each day."""
    solved = _solved(puzzles, answers)
    open_puzzles = [p for p in puzzles if p.id not in solved and p.kind not in COUNTING_KINDS]
    pool = rating_pool(((p.id, p.difficulty, p.rating) for p in open_puzzles), records.puzzle_ratings)
    learner = {figures.kind: figures.rating for figures in ratings}
    gaps = rating_gaps(pool, {p.id: rating_kind(p.kind) for p in open_puzzles}, learner)
    return select_near(gaps, 0.0, count=SUGGESTED_PUZZLES, seed=int(now // 86_400))


def weakest_theme_suggestion(
    lessons: LessonFigures,
    catalogue: Sequence[LessonInfo],
    puzzles: Sequence[PuzzleInfo],
    records: Records,
    answers: Mapping[tuple[str, str], AnswerTally],
    ratings: Sequence[RatingFigures],
    now: float,
    theme_titles: Mapping[str, str],
) -> Suggestion | None:
    """The weakest theme of the learner's games (:func:`weakest_game_theme`): the lesson that practises it while it
    isn't done, else the theme's unsolved puzzles (backgammon's) near the learner's rating; ``None`` without a
    weakest theme, or once its lesson is done and its puzzles solved. ``theme_titles``: each theme's title, marked
    for translation."""
    weakest = weakest_game_theme(records.theme_losses)
    if weakest is None:
        return None
    theme = weakest.theme
    title = theme_titles.get(theme, theme)
    lines = {line.id: line for line in lessons.lessons}
    done = {line.id for line in lessons.lessons if line.status == "done"}
    lesson_id = theme_lesson(theme, catalogue, done)
    of_theme = [p for p in puzzles if p.theme == theme and p.variant == "standard"]
    chosen = tuple(_near_rating(of_theme, records, answers, ratings, now))
    line = lines.get(lesson_id) if lesson_id is not None else None
    if line is not None and line.status != "done":
        label = wording.weakest_theme_lesson_label(title, line.number, line.title, then_puzzles=bool(chosen))
        english = wording.weakest_theme_lesson_label(
            title, line.number, line.title, then_puzzles=bool(chosen), english=True
        )
        return Suggestion("lesson", label, line.id, line.resume_step, chosen, theme=theme, english=english)
    if chosen:
        label = wording.weakest_theme_puzzles_label(title)
        english = wording.weakest_theme_puzzles_label(title, english=True)
        return Suggestion("puzzles", label, puzzle_ids=chosen, theme=theme, english=english)
    return None


def continue_with(
    lessons: LessonFigures,
    puzzles: Sequence[PuzzleInfo],
    records: Records,
    answers: Mapping[tuple[str, str], AnswerTally],
    ratings: Sequence[RatingFigures],
    reviews: ReviewFigures,
    drills: DrillFigures,
    now: float,
    *,
    catalogue: Sequence[LessonInfo] = (),
    theme_titles: Mapping[str, str] | None = None,
) -> Suggestion:
    """The next useful thing, in the order the module describes (``catalogue``: the lessons, for the one that
    practises the weakest theme of the learner's games; ``theme_titles``: each theme's title, marked for
    translation)."""
    if reviews.due:
        due = reviews.due
        return Suggestion("review", wording.review_label(due), due=due, english=wording.review_label(due, english=True))
    started = [line for line in lessons.lessons if line.status == "started"]
    if started:
        line = started[0]
        label = wording.continue_lesson_label(line.number, line.title)
        english = wording.continue_lesson_label(line.number, line.title, english=True)
        return Suggestion("lesson", label, line.id, line.resume_step, english=english)
    weakest = weakest_theme_suggestion(
        lessons, catalogue, puzzles, records, answers, ratings, now, theme_titles if theme_titles is not None else {}
    )
    if weakest is not None:
        return weakest
    new = [line for line in lessons.lessons if line.status == "new"]
    if new:
        line = new[0]
        label = wording.start_lesson_label(line.number, line.title)
        english = wording.start_lesson_label(line.number, line.title, english=True)
        return Suggestion("lesson", label, line.id, 0, english=english)
    chosen = _near_rating(puzzles, records, answers, ratings, now)
    rating = ratings[0]
    if chosen:
        label = wording.puzzles_near_label(rating.text)
        english = wording.puzzles_near_label(rating.text, english=True)
        return Suggestion("puzzles", label, puzzle_ids=tuple(chosen), english=english)
    best = drills.best_streak
    return Suggestion("drill", wording.streak_label(best), english=wording.streak_label(best, english=True))


def dashboard(
    records: Records,
    lessons: Sequence[LessonInfo],
    puzzles: Sequence[PuzzleInfo],
    *,
    now: float,
    tz: tzinfo = UTC,
    theme_order: Mapping[str, Sequence[str]] | None = None,
    digested: Digest | None = None,
    theme_titles: Mapping[str, str] | None = None,
) -> Dashboard:
    """Every figure of the dashboard at ``now``, days counted in the time zone ``tz``, each kind's themes in
    ``theme_order[kind]``'s order where given. With ``digested`` (the histories already digested, in ``tz``), the
    records' answers, ratings and reviews are not read (nor needed). ``theme_titles``: each theme's title, marked
    for translation, for Continue's weakest theme (its name where not given)."""
    digested = digested if digested is not None else digest(records, puzzles, tz)
    lesson_part = lesson_figures(lessons, records)
    ratings = tuple(trail_figures(digested.ratings.get(kind, RatingTrail()), now, kind) for kind in RATING_KINDS)
    drills = drill_figures(records)
    reviews = review_figures(records, now, askable_cards(records, lessons, puzzles))
    return Dashboard(
        now=now,
        lessons=lesson_part,
        puzzles=tallied_puzzle_figures(puzzles, digested.answers, theme_order),
        rating=ratings[0],
        drills=drills,
        reviews=reviews,
        days=days_practised(digested.days, _local_day(now, tz)),
        continue_with=continue_with(
            lesson_part,
            puzzles,
            records,
            digested.answers,
            ratings,
            reviews,
            drills,
            now,
            catalogue=lessons,
            theme_titles=theme_titles,
        ),
        ratings=ratings,
        best_drills=drill_figures(records, "best"),
        counting=dict(digested.counting),
        mistakes=mistake_figures(records, now),
        knowledge=dict(digested.knowledge),
    )


def digest(records: Records, puzzles: Sequence[PuzzleInfo], tz: tzinfo = UTC) -> Digest:
    """What the figures take from the records' long histories, days counted in the time zone ``tz``."""
    return Digest(
        answers=answer_tallies(records.attempts),
        counting=counting_drill_figures(puzzles, records),
        days=local_days(activity_times(records), tz),
        ratings={kind: rating_trail(records.ratings, kind, tz) for kind in RATING_KINDS},
        knowledge=knowledge_drill_figures(records.knowledge_answers),
    )
