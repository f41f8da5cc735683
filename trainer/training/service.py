"""The training loop over the store: what an answer does to the learner's rating, the puzzle's rating and the
review schedule, in one place for the drill, review and puzzle screens (and tested without them).

Every function takes the store and the time (seconds since the epoch), so a fake clock drives them in tests.

- An answer to a puzzle's main question (its play; for a recognition drill position, "forced, not forced or no
  play?") is rated when it is the learner's first answer to that puzzle, given outside review and before the
  solution was shown: the learner and the puzzle each take the other as the opponent of one Glicko-2 game. The
  learner has one rating per kind (:func:`~trainer.shared.kinds.rating_kind`: the rules puzzles, best play, the cube).
- The first answer to the main question each time a puzzle is shown counts for the schedule: a miss makes the
  puzzle a review card, or lapses its card; in review, it moves the card (right moves it on, a miss brings it back
  sooner). Retries (``retry=True``) and answers after the solution was shown (``revealed=True``) are only stored;
  a screen that shows the solution before any answer reports that as a miss first.
- Missed lesson tasks become cards the same way (:func:`answer_lesson_task`).
- A game of the learner's reviewed keeps the learner's equity lost per theme (:func:`keep_theme_losses`), for
  Continue to offer the lesson and puzzles of the weakest theme.
- Answers to other questions (the "is it forced?" question of a forced puzzle, the play of a forced drill position)
  are only stored, and so are answers marked ``store_only`` (a Streak or Storm run's, a generated drill
  position's): these are neither rated nor scheduled. So are the knowledge drills' answers (:func:`answer_knowledge`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Literal, TypeVar

from trainer.content import wording as content_wording
from trainer.content.best import ACCEPT_WITHIN, EPSILON
from trainer.content.models import BestPuzzle, CubeFigures, CubePuzzle, Lesson, PlayFigure, read_puzzle
from trainer.content.puzzles import Puzzle
from trainer.content.themes import PERSONAL_THEME
from trainer.play.analyse import AnalysedDecision, DecisionKind, MatchAnalysis
from trainer.practice import ratings, schedule
from trainer.practice.ratings import Glicko
from trainer.practice.run import RunResult, climbing_order
from trainer.practice.schedule import Card
from trainer.practice.stats import MAIN_QUESTION
from trainer.shared.kinds import KnowledgeDrill, RatingKind, rating_kind
from trainer.shared.skill import Skill
from trainer.store import ProgressStore, Question
from trainer.training.mistake_themes import ThemeLoss, review_key, theme_losses
from trainer.training.standing import LessonStanding, lesson_standing

if TYPE_CHECKING:
    from trainer.play.game import LocalSaveInfo, SaveInfo
    from trainer.store import StoredGame, StoredLocalGame

P = TypeVar("P", bound=Puzzle)
"""Puzzles of any kind (or of one), as they are given and served."""


def main_question(puzzle: Puzzle) -> Question:
    """The question whose answers are rated and scheduled: the play, or "forced?" for a recognition position."""
    return "forced" if MAIN_QUESTION.get(puzzle.kind) == "forced" else "play"


@dataclass(frozen=True)
class AnswerOutcome:
    """What an answer changed."""

    rated: bool
    learner_before: Glicko
    learner_after: Glicko
    """The same as before when the answer wasn't rated."""
    puzzle_before: Glicko
    puzzle_after: Glicko
    card: Card | None
    """The item's review card after the answer (``None``: not under review)."""

    @property
    def rating_change(self) -> float:
        """How much the learner's rating moved."""
        return self.learner_after.rating - self.learner_before.rating


def current_rating(store: ProgressStore, now: float, kind: RatingKind = "rules") -> Glicko:
    """The learner's rating of ``kind`` at ``now`` (its deviation grown for the time since its last rated attempt)."""
    return ratings.learner_rating(store.ratings.learner_rating(kind), now)


def rating_for(store: ProgressStore, puzzle: Puzzle, now: float) -> Glicko:
    """The learner's rating that ``puzzle`` is rated in, at ``now``."""
    return current_rating(store, now, rating_kind(puzzle.kind))


def current_puzzle_rating(store: ProgressStore, puzzle: Puzzle) -> Glicko:
    """A puzzle's rating: stored, or its start (its own starting rating, else its difficulty's)."""
    return ratings.puzzle_rating(store.ratings.puzzle_rating(puzzle.id), puzzle.difficulty, puzzle.rating)


def is_rated(store: ProgressStore, puzzle: Puzzle) -> bool:
    """Whether the next answer to the puzzle's main question would be rated: nothing answered to it before."""
    question = main_question(puzzle)
    return not any(attempt.question == question for attempt in store.puzzles.puzzle_history(puzzle.id))


def answer_puzzle(
    store: ProgressStore,
    puzzle: Puzzle,
    answer: str,
    *,
    correct: bool,
    seconds: float,
    now: float,
    question: Question | None = None,
    revealed: bool = False,
    retry: bool = False,
    in_review: bool = False,
    store_only: bool = False,
) -> AnswerOutcome:
    """Store an answer to a puzzle and apply it to the ratings and the review schedule (see the module's rules).

    ``question`` defaults to the puzzle's main question; ``revealed`` marks an answer given after the solution was
    shown, ``retry`` one after an earlier answer to the same showing, ``in_review`` one given in a review session,
    ``store_only`` one that is only stored (a Streak or Storm run's, a generated drill position's).
    """
    asked = question if question is not None else main_question(puzzle)
    counts = asked == main_question(puzzle) and not revealed and not retry and not store_only
    rated = counts and not in_review and is_rated(store, puzzle)
    store.puzzles.record_puzzle_attempt(
        puzzle.id, answer, correct=correct, seconds=seconds, question=asked, revealed=revealed, at=now
    )
    kind = rating_kind(puzzle.kind)
    learner = current_rating(store, now, kind)
    puzzle_rating = current_puzzle_rating(store, puzzle)
    learner_after, puzzle_after = learner, puzzle_rating
    if rated:
        learner_after, puzzle_after = ratings.rate_attempt(learner, puzzle_rating, correct)
        store.ratings.record_rating(
            (learner_after.rating, learner_after.rd, learner_after.volatility),
            puzzle_id=puzzle.id,
            puzzle=(puzzle_after.rating, puzzle_after.rd, puzzle_after.volatility),
            score=1.0 if correct else 0.0,
            at=now,
            kind=kind,
        )
    item = schedule.puzzle_item(puzzle.id)
    card = store.reviews.review_card(item)
    new_card = _schedule(store, item, card, correct, in_review, now) if counts else _unchanged(card)
    return AnswerOutcome(rated, learner, learner_after, puzzle_rating, puzzle_after, new_card)


def answer_knowledge(
    store: ProgressStore,
    drill: KnowledgeDrill,
    question: str,
    answer: str,
    *,
    correct: bool,
    seconds: float,
    now: float,
) -> None:
    """Store an answer to a knowledge drill (match equity, a take point, a Keith count): ``question`` as the drill
    names it. Like the counting drills' answers, it is only stored: neither rated nor scheduled."""
    store.knowledge.record_knowledge_answer(drill, question, answer, correct=correct, seconds=seconds, at=now)


def answer_lesson_task(
    store: ProgressStore, lesson_id: str, step: int, *, correct: bool, now: float, in_review: bool = False
) -> Card | None:
    """Apply an answer to a lesson task to the review schedule: a miss makes (or lapses) its card; in review every
    answer moves the card. The card after it, or ``None`` when the task isn't under review."""
    item = schedule.lesson_item(lesson_id, step)
    return _schedule(store, item, store.reviews.review_card(item), correct, in_review, now)


def _schedule(
    store: ProgressStore,
    item: str,
    card: schedule.CardRecord | None,
    correct: bool,
    in_review: bool,
    now: float,
) -> Card | None:
    if in_review:
        reviewed = schedule.review(card if card is not None else schedule.new_card(item, now), correct, now)
    elif correct:
        return schedule.after_answer(card, item, True, now)  # only a review moves a card on: nothing to store
    else:
        reviewed = schedule.after_miss(card, item, now)
    store.reviews.save_review_card(reviewed, correct=correct, at=now)
    return reviewed


def _unchanged(card: schedule.CardRecord | None) -> Card | None:
    return None if card is None else schedule.after_answer(card, card.item_id, True, 0.0)


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """A card due for review and what it asks (read from its id): a puzzle (a shipped puzzle, a drill position or a
    personal one), or a lesson's step (the step's index in the lesson, by its edition's progress key, from 0)."""

    card: Card
    key: schedule.ItemKey


def due_reviews(store: ProgressStore, now: float) -> list[ReviewItem]:
    """The items due at ``now``, longest overdue first (cards whose id can't be read are left out)."""
    items: list[ReviewItem] = []
    for card in schedule.due_cards(store.reviews.review_cards(), now):
        try:
            items.append(ReviewItem(card, schedule.parse_item(card.item_id)))
        except ValueError:
            continue
    return items


def due_count(store: ProgressStore, now: float) -> int:
    """How many reviews are due at ``now`` (the N of "Review (N due)")."""
    return schedule.due_count(store.reviews.review_cards(), now)


def puzzles_near_rating(
    store: ProgressStore,
    puzzles: Sequence[P],
    now: float,
    *,
    count: int = 1,
    seed: int | None = None,
    offset: float = 0.0,
    include_solved: bool = False,
) -> list[P]:
    """Up to ``count`` puzzles near the learner's rating of their kind (``offset`` easier or harder), unsolved ones
    unless ``include_solved``; ``seed`` defaults to the number of answers stored, so each call after an answer
    differs."""
    solved = set() if include_solved else _solved(store, puzzles)
    stored = store.ratings.puzzle_ratings()
    pool = ratings.rating_pool(((p.id, p.difficulty, p.rating) for p in puzzles if p.id not in solved), stored)
    learner = {kind: current_rating(store, now, kind).rating for kind in {rating_kind(p.kind) for p in puzzles}}
    kinds = {puzzle.id: rating_kind(puzzle.kind) for puzzle in puzzles}
    gaps = ratings.rating_gaps(pool, kinds, learner)
    chosen_seed = seed if seed is not None else len(store.puzzles.all_puzzle_attempts())
    chosen = ratings.select_near(gaps, 0.0, count=count, seed=chosen_seed, offset=offset)
    by_id = {puzzle.id: puzzle for puzzle in puzzles}
    return [by_id[puzzle_id] for puzzle_id in chosen]


def climbing_run(store: ProgressStore, puzzles: Sequence[P], now: float, seed: int) -> list[P]:
    """Every one of ``puzzles`` in the order of a Streak or Storm at the learner's level: climbing from a little below
    the learner's rating of their kind (:func:`~trainer.practice.run.climbing_order`), each puzzle by its rating
    (stored, or its start)."""
    pool = ratings.rating_pool(((p.id, p.difficulty, p.rating) for p in puzzles), store.ratings.puzzle_ratings())
    learner = {kind: current_rating(store, now, kind).rating for kind in {rating_kind(p.kind) for p in puzzles}}
    gaps = ratings.rating_gaps(pool, {puzzle.id: rating_kind(puzzle.kind) for puzzle in puzzles}, learner)
    return climbing_order(puzzles, gaps, 0.0, seed)


def _solved(store: ProgressStore, puzzles: Sequence[Puzzle]) -> set[str]:
    from trainer.practice.stats import solved_puzzles

    return solved_puzzles(puzzles, store.puzzles.all_puzzle_attempts())


def record_run(store: ProgressStore, result: RunResult) -> bool:
    """Store a Streak or Storm run's result (:meth:`~trainer.practice.run.Run.result`); whether it beats the best so
    far."""
    mode = result.mode.key
    best = store.drills.drill_best(mode, result.drill)
    store.drills.record_drill_run(
        mode, result.score, mistakes=result.mistakes, seconds=result.seconds, at=result.finished_at, drill=result.drill
    )
    return result.score > best


# --- lessons -------------------------------------------------------------------------------------------------------


def finish_lesson(store: ProgressStore, lesson: Lesson, *, now: float | None = None) -> LessonStanding:
    """Record that the learner finished this edition of ``lesson`` (its resume step back to the start)."""
    store.lessons.set_resume_step(lesson.progress_key, 0)
    progress = store.lessons.lesson_progress(lesson.progress_key)
    graded = lesson.graded_steps
    store.lessons.record_lesson_finished(
        lesson.id, lesson.edition, graded=len(graded), first_try=progress.first_try_count(graded), at=now
    )
    return lesson_standing(store, lesson)


def open_lesson_step(store: ProgressStore, lesson: Lesson, step: int) -> None:
    """The learner is at ``step`` of ``lesson``: the lesson resumes there."""
    store.lessons.set_resume_step(lesson.progress_key, step)


def complete_lesson_step(store: ProgressStore, lesson: Lesson, step: int, *, first_try: bool, now: float) -> None:
    """A task of ``lesson`` answered right (``first_try``: at the first attempt of this showing): the lesson resumes
    at the step after it, so that a learner who leaves now isn't asked it again (nor its answer counted twice)."""
    store.lessons.complete_step(lesson.progress_key, step, first_try=first_try, at=now)
    store.lessons.set_resume_step(lesson.progress_key, min(step + 1, len(lesson.steps) - 1))


def save_theme(store: ProgressStore, theme: str) -> None:
    """Keep the theme chosen for the next session."""
    store.settings.set_setting("theme", theme)


def save_language(store: ProgressStore, language: str) -> None:
    """Keep the language chosen in the app for the next session."""
    store.settings.set_setting("language", language)


class PlayedGames:
    """The games played in the app as the progress file keeps them: games against the computer (bgsage) and local
    games (acey-deucey against the computer, two players). Lists are read afresh from the file, so a game another
    copy of the app finished or moved on is seen as it is; a save never replaces a newer record (the store raises
    :class:`~trainer.store.GameChangedError`)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    def unfinished(self) -> list[StoredGame]:
        """The games against the computer still under way, the one saved last first."""
        return self.store.games.unfinished_games(fresh=True)

    def unfinished_local(self) -> list[StoredLocalGame]:
        """The local games still under way, the one saved last first."""
        return self.store.local_games.unfinished_local_games(fresh=True)

    def unfinished_game(self, game_id: str) -> StoredGame | None:
        """The game against the computer ``game_id`` as the file has it now, if it is still under way."""
        stored = self.store.games.game(game_id, fresh=True)
        return None if stored is None or stored.finished else stored

    def unfinished_local_game(self, game_id: str) -> StoredLocalGame | None:
        """The local game ``game_id`` as the file has it now, if it is still under way."""
        stored = self.store.local_games.local_game(game_id, fresh=True)
        return None if stored is None or stored.finished else stored

    def keep(self, info: SaveInfo | LocalSaveInfo, version: int) -> int:
        """Save a game as it stands over its save ``version`` (0: not saved yet); the new version.

        :raises GameChangedError: if the file holds a newer save of it (another copy of the app moved it on or
            finished it), which is left as it is.
        """
        from trainer.play.game import LocalSaveInfo

        if isinstance(info, LocalSaveInfo):
            self.store.local_games.save_local_game(
                info.game_id, info.record, finished=info.finished, version=version + 1
            )
        else:
            self.store.games.save_game(**asdict(info), version=version + 1)
        return version + 1

    def set_aside_local(self, game_id: str) -> None:
        """Keep a local game whose record can't be rebuilt aside in the progress file, out of the list."""
        stored = self.store.local_games.local_game(game_id)
        if stored is not None:
            self.store.settings.set_setting(LOCAL_ASIDE, stored.record)
            self.store.settings.set_aside_setting(LOCAL_ASIDE)
            self.store.local_games.delete_local_game(game_id)


LOCAL_ASIDE = "play:local"
"""The setting under which a local game's record that can't be rebuilt is kept aside (as ``play:local:damaged-N``)."""


# --- personal puzzles: the learner's own mistakes -----------------------------------------------------------------


def _personal_id(kind: str, position: str, detail: str) -> str:
    """A personal puzzle's id: the same for the same decision, whichever game it comes from."""
    digest = hashlib.sha1(f"{kind}|{position}|{detail}".encode()).hexdigest()[:12]
    return f"mine-{digest}"


def _difficulty(skill: Skill) -> int:
    """A small mistake is the hardest to see again."""
    return {Skill.VERY_BAD: 1, Skill.BAD: 2}.get(skill, 3)


def mistake_puzzle(item: AnalysedDecision, plies: int, *, money: bool, source: str) -> BestPuzzle | CubePuzzle | None:
    """A personal puzzle made from a mistake: a best-play puzzle from a play (its best plays and the play made, with
    their equities), or a cube puzzle from a money cube decision with the cube in the middle; ``None`` for a decision
    no puzzle asks (a cube decision of a match, with the cube owned, or about a beaver)."""
    point = item.point
    if item.kind is DecisionKind.MOVE:
        played, dice = point.play, point.dice
        if played is None or dice is None or not item.ranked:
            return None
        figures = list(item.ranked)
        if all(play.result != played.result for play, _equity in figures):
            figures.append((played, item.verdict.chosen_equity))
        best = figures[0][1]
        position = point.state.position.position_id()
        rolled = f"{dice.first}{dice.second}"
        return BestPuzzle(
            id=_personal_id("best", position, rolled),
            theme=PERSONAL_THEME,
            difficulty=_difficulty(item.skill),
            position=position,
            dice=rolled,
            prompt=content_wording.personal_best_prompt(source, f"{dice.first}-{dice.second}", str(played)),
            answers=[str(play) for play, equity in figures if best - equity <= ACCEPT_WITHIN + EPSILON],
            plies=plies,
            plays=[PlayFigure(play=str(play), equity=round(equity, 4)) for play, equity in figures],
            personal=True,
        )
    decision = item.cube
    if decision is None or not money or point.state.cube_owner is not None or point.beavered:
        return None
    if point.choice == "beaver" or item.verdict.best == "beaver":
        return None
    question: Literal["double", "take"] = "double" if item.kind is DecisionKind.DOUBLE else "take"
    position = point.state.position.position_id()  # the side that may double, on roll
    if question == "double":
        answer: Literal["double", "no double", "take", "pass"] = (
            "double" if item.verdict.best == "double" else "no double"
        )
        prompt = content_wording.personal_double_prompt(source, point.choice == "double")
    else:
        answer = "take" if item.verdict.best == "take" else "pass"
        prompt = content_wording.personal_take_prompt(source, point.choice == "take")
    return CubePuzzle(
        id=_personal_id("cube", position, question),
        theme=PERSONAL_THEME,
        difficulty=_difficulty(item.skill),
        position=position,
        cube_owner="centered",
        question=question,
        prompt=prompt,
        answers=[answer],
        plies=plies,
        figures=CubeFigures(
            no_double=round(decision.no_double, 4),
            double_take=round(decision.double_take, 4),
            double_pass=1.0,
            win=round(decision.chances.win, 4),
        ),
        personal=True,
    )


def drill_mistakes(
    store: ProgressStore, analysis: MatchAnalysis, column: int, *, now: float, title: str | None = None
) -> int:
    """Make every mistake (at or past doubtful) of the file's player ``column`` a personal puzzle, due for review at
    once; how many were new (a mistake drilled before keeps its puzzle and its card)."""
    shown = title if title is not None else content_wording.players_title(*analysis.players)
    found: list[tuple[str, str, str]] = []
    for item in analysis.decisions:
        if item.point.column != column or not item.counts or item.skill is Skill.GOOD:
            continue
        source = content_wording.mistake_source(item.game, item.number, shown)
        puzzle = mistake_puzzle(item, analysis.plies, money=not analysis.length, source=source)
        if puzzle is not None:
            found.append((puzzle.id, puzzle.model_dump_json(), source))
    added = store.personal.add_personal_puzzles(found, at=now)
    for puzzle_id in added:
        item_id = schedule.puzzle_item(puzzle_id)
        if store.reviews.review_card(item_id) is None:
            store.reviews.save_review_card(schedule.new_card(item_id, now), at=now)
    return len(added)


def keep_theme_losses(
    store: ProgressStore, analysis: MatchAnalysis, column: int, *, now: float, key: str | None = None
) -> tuple[ThemeLoss, ...]:
    """Keep the equity the file's player ``column`` (the learner) lost in each theme of the match reviewed, under
    ``key`` (a game played here: ``game:`` and its id), else :func:`~trainer.training.mistake_themes.review_key`:
    a match reviewed again replaces its figures. The figures kept."""
    figures = theme_losses(analysis, column)
    kept = [(figure.theme, figure.loss, figure.decisions) for figure in figures]
    store.themes.save_theme_losses(key if key is not None else review_key(analysis, column), kept, at=now)
    return figures


def personal_puzzles(store: ProgressStore) -> list[Puzzle]:
    """The learner's personal puzzles, as puzzles (a record that no longer reads is passed over)."""
    found = []
    for stored in store.personal.personal_puzzles():
        try:
            found.append(stored_puzzle(stored.record))
        except ValueError:
            continue
    return found


def stored_puzzle(record: str) -> Puzzle:
    """A puzzle from its stored JSON. A field left empty (null, or an empty list) counts as left out: a record
    stored when every puzzle had every kind's fields holds those its kind does not take so.

    :raises ValueError: for a record that does not read as a puzzle.
    """
    fields = json.loads(record)
    if isinstance(fields, dict):
        fields = {name: value for name, value in fields.items() if value is not None and value != []}
    return read_puzzle(fields)
