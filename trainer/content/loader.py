"""Loading and validating content files: every problem names the file, the line, the step and field, what is wrong
and, where possible, a suggestion. All problems are reported at once; a broken file is skipped, never fatal."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from trainer.content import author_wording as wording
from trainer.content.best import best_problems
from trainer.content.counting import count_of
from trainer.content.cube import (
    CLEAR_CONTACT_MARGIN,
    CLEAR_CUBE_MARGIN,
    CUBE_ANSWERS,
    answer_margin,
    cube_step_decision,
    in_exact_table,
    right_answer,
)
from trainer.content.files import (
    CheckedFiles,
    ContentFileError,
    Lines,
    each_loaded,
    file_problem,
    read_content_file,
    read_content_text,
)
from trainer.content.files import Problem as Problem  # where the app and the tests have long imported it from
from trainer.content.grading import condition_problem, pick_targets, read_step_board, right_doubles, successful_plays
from trainer.content.library import LessonLibrary as LessonLibrary  # where the app and the tests import it from
from trainer.content.models import (
    GRADED_KINDS,
    BestStep,
    ChooseStep,
    CubeStep,
    DoubleStep,
    Lesson,
    PickStep,
    PipsStep,
    PlayStep,
    ScoreStep,
    ShotsStep,
    Step,
    problem_of,
)
from trainer.content.paths import content_dir
from trainer.content.scoring import ScoreStepError, read_answer, work_out
from trainer.engine import EngineError, Position, blot_points, legal_plays, parse_dice, parse_play
from trainer.engine.bearoff import cube_decision
from trainer.i18n import Language
from trainer.i18n import language as current_language

STEP_FIELDS = {
    "read": ["kind", "title", "text", "position", "dice", "cube", "cube_owner", "length", "score", "crawford"],
    "play": ["kind", "prompt", "position", "dice", "play", "conditions", "forced", "hint", "explanation"],
    "setup": ["kind", "prompt", "explanation", "position", "dice"],
    "choose": [
        "kind",
        "prompt",
        "options",
        "position",
        "dice",
        "cube",
        "cube_owner",
        "length",
        "score",
        "crawford",
    ],
    "pick": ["kind", "prompt", "position", "dice", "target", "hint", "explanation"],
    "roll": ["kind", "prompt", "position", "throws", "explanation"],
    "cube": ["kind", "prompt", "position", "question", "cube", "answer", "explanation", "plies", "figures"],
    "score": [
        "kind",
        "prompt",
        "position",
        "length",
        "games",
        "score",
        "crawford",
        "jacoby",
        "beavers",
        "events",
        "ask",
        "answer",
        "explanation",
    ],
    "double": ["kind", "prompt", "position", "want", "conditions", "hint", "explanation"],
    "shots": ["kind", "prompt", "position", "targets", "answer", "hint", "explanation"],
    "pips": ["kind", "prompt", "position", "side", "answer", "hint", "explanation"],
    "best": ["kind", "prompt", "position", "dice", "plies", "plays", "hint", "explanation"],
}
LESSON_FIELDS = ["id", "number", "title", "summary", "practice", "steps"]
OPTION_FIELDS = ["text", "correct", "explanation"]
_STEP_ADAPTER: TypeAdapter[Step] = TypeAdapter(Step)


def _pydantic_problems(name: str, lines: Lines, raw: dict[str, Any], error: ValidationError) -> list[Problem]:
    problems = []
    for item in error.errors():
        loc = list(item["loc"])
        step: int | None = None
        kind: str | None = None
        if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
            step = loc[1]
            loc = loc[2:]
            steps = raw.get("steps", [])
            if step < len(steps) and isinstance(steps[step], dict):
                kind = steps[step].get("kind")
            if loc and loc[0] == kind:
                loc = loc[1:]
        key = ".".join(str(part) for part in loc) or None
        names = [str(part) for part in loc if isinstance(part, str)]
        line_key = names[-1] if names else None  # the innermost field name is the one written on the line
        message, suggestion = problem_of(item)
        if item["type"] == "extra_forbidden" and line_key:
            if step is None:
                known = LESSON_FIELDS
            elif names[0] == "options" and len(names) > 1:
                known = OPTION_FIELDS
            else:
                known = STEP_FIELDS.get(kind or "", [])
            close = difflib.get_close_matches(line_key, known, n=1)
            message = wording.unknown_field()
            suggestion = wording.did_you_mean(close[0]) if close else wording.known_fields(known)
        elif item["type"] in ("union_tag_invalid", "union_tag_not_found"):
            message = wording.unknown_step_kind(kind)
            suggestion = wording.step_kinds(STEP_FIELDS)
            key = line_key = "kind"
        elif item["type"] == "missing":
            message = wording.field_required()
            line_key = None
        line = lines.of(step, line_key)
        problems.append(Problem(name, line, wording.step_place(step, kind, key), message, suggestion))
    return problems


def _semantic_problems(name: str, lines: Lines, lesson: Lesson) -> list[Problem]:
    """Checks that need the rules engine, for a lesson whose fields are all well-formed."""
    problems = []
    if not lesson.graded_steps:
        problems.append(Problem(name, None, "", wording.no_graded_step(), wording.add_a_graded_step()))
    previous: tuple[int, Step] | None = None
    for index, step in enumerate(lesson.steps):
        problems.extend(_step_problems(name, lines, index, step))
        if step.kind not in GRADED_KINDS:
            continue
        if previous is not None and _same_task_board(previous[1], step):
            problems.append(
                Problem(
                    name,
                    lines.of(index, "position"),
                    wording.step_place(index, step.kind, "position"),
                    wording.repeated_task(previous[0] + 1),
                    wording.give_a_fresh_task(),
                )
            )
        previous = index, step
    return problems


def _same_task_board(first: Step, second: Step) -> bool:
    """Whether two graded steps ask the same thing of the same board: the same position with the same dice, or the
    same cube question on the same position and cube."""
    if isinstance(first, CubeStep) and isinstance(second, CubeStep):
        return (first.board(), first.question, first.cube, first.match_score()) == (
            second.board(),
            second.question,
            second.cube,
            second.match_score(),
        )
    if isinstance(first, DoubleStep) and isinstance(second, DoubleStep):
        return (first.board(), first.want, first.conditions) == (second.board(), second.want, second.conditions)
    if isinstance(first, ShotsStep) and isinstance(second, ShotsStep):
        return (first.board(), sorted(first.targets)) == (second.board(), sorted(second.targets))
    if isinstance(first, BestStep) and isinstance(second, BestStep):
        return (first.board(), sorted(first.roll())) == (second.board(), sorted(second.roll()))
    if isinstance(first, PipsStep) and isinstance(second, PipsStep):
        return (first.board(), first.side) == (second.board(), second.side)
    boards = PlayStep | PickStep | ChooseStep
    if not isinstance(first, boards) or not isinstance(second, boards):
        return False
    if first.dice is None or second.dice is None or first.position is None or second.position is None:
        return False
    return first.board() == second.board() and sorted(parse_dice(first.dice)) == sorted(parse_dice(second.dice))


def _step_problems(name: str, lines: Lines, index: int, step: Step) -> list[Problem]:
    """Rules checks of one well-formed step: the graded answer exists and is right."""
    problems = []

    def add(key: str, message: str, suggestion: str | None = None) -> None:
        problems.append(
            Problem(name, lines.of(index, key), wording.step_place(index, step.kind, key), message, suggestion)
        )

    if isinstance(step, PlayStep):
        position, dice = read_step_board(step)
        plays = legal_plays(position, dice)
        examples = ", ".join(str(play) for play in plays[:4])
        if plays[0].is_pass:
            add("dice", wording.unplayable_roll(step.dice))
        elif step.forced and len(plays) != 1:
            add("forced", wording.not_forced(len(plays), examples), wording.drop_forced())
        elif step.play is None and not step.conditions and not step.forced:
            add("conditions", wording.no_goal(), 'conditions = ["hits"]')
        else:
            found = _answer_problems(step, position, dice, examples)
            for key, message, suggestion in found:
                add(key, message, suggestion)
            if not found and not step.forced and len(successful_plays(step)) == len(plays):
                add(
                    "play" if step.play is not None else "conditions",
                    wording.every_play_passes(len(plays)),
                    wording.ask_for_something_to_miss(),
                )
    elif isinstance(step, PickStep):
        if step.target in ("hittable", "entry", "movable") and step.dice is None:
            add("target", wording.target_needs_dice(step.target), wording.add_dice())
        elif not pick_targets(step):
            add("target", wording.no_point_matches(step.target))
    elif isinstance(step, BestStep):
        for key, message, suggestion in best_problems(step):
            add(key, message, suggestion)
    elif isinstance(step, CubeStep):
        for key, message, suggestion in _cube_problems(step):
            add(key, message, suggestion)
    elif isinstance(step, ScoreStep):
        for key, message, suggestion in _score_problems(step):
            add(key, message, suggestion)
    elif isinstance(step, ShotsStep | PipsStep):
        for key, message, suggestion in _count_problems(step):
            add(key, message, suggestion)
    elif isinstance(step, DoubleStep):
        right = right_doubles(step)
        if not right:
            add("want", wording.no_double_meets(), wording.change_want_or_conditions())
        elif len(right) == 6:
            add("want", wording.every_double_meets(), wording.choose_a_partial_double())
    elif isinstance(step, ChooseStep):
        if not any(option.correct for option in step.options):
            add("options", wording.no_correct_option(), wording.mark_the_right_option())
        shown = _printed_pip_counts(step)
        for option in step.options:
            if option.correct and option.text.strip() in shown:
                add("options", wording.answer_printed(option.text.strip()), wording.ask_what_the_board_hides())
    return problems


def _cube_problems(step: CubeStep) -> list[tuple[str, str, str | None]]:
    """Whether a cube step's position is in the exact table and its answer is the exact figures' by a clear
    margin (the answer is re-computed, never trusted)."""
    accepted = CUBE_ANSWERS[step.question]
    if step.answer not in accepted:
        return [("answer", wording.cube_answers(step.question), None)]
    if step.figures is not None:
        return _contact_cube_problems(step)
    try:
        cube_decision(step.board())  # outside the table either way round: said in the file's own numbering
        decision = cube_step_decision(step)
    except EngineError as error:
        return [("position", str(error), wording.outside_the_cube_table())]
    right = right_answer(decision, step.question)
    if step.answer != right:
        return [("answer", wording.figures_say(right, step.answer), f'answer = "{right}"')]
    margin = answer_margin(decision, step.question)
    if margin < CLEAR_CUBE_MARGIN:
        return [("answer", wording.too_close_to_teach(margin, CLEAR_CUBE_MARGIN), wording.choose_a_clearer_decision())]
    return []


def _contact_cube_problems(step: CubeStep) -> list[tuple[str, str, str | None]]:
    """Whether a contact cube step's answer is its figures' by a clear margin, and the exact table does not cover
    its position (where it would answer instead)."""
    if step.match_score() is None and in_exact_table(step.board()):
        return [("figures", wording.exact_table_covers_it(), wording.drop_the_figures())]
    decision = cube_step_decision(step)
    right = right_answer(decision, step.question)
    if step.answer != right:
        return [("answer", wording.evaluator_figures_say(right, step.answer), f'answer = "{right}"')]
    margin = answer_margin(decision, step.question)
    if margin < CLEAR_CONTACT_MARGIN:
        return [
            ("figures", wording.too_close_to_teach(margin, CLEAR_CONTACT_MARGIN), wording.choose_a_clearer_decision())
        ]
    return []


def _score_problems(step: ScoreStep) -> list[tuple[str, str, str | None]]:
    """Whether a score step follows the rules and its answer is the engine's."""
    try:
        worked = work_out(step)
    except ScoreStepError as error:
        return [(error.field, str(error), None)]
    answer = read_answer(step, step.answer)
    if answer is None:
        return [("answer", wording.unreadable_answer(step.answer, step.ask), None)]
    if answer != worked.answer:
        return [
            ("answer", wording.rules_give(worked.answer, step.answer, worked.working), f'answer = "{worked.answer}"')
        ]
    return []


def _count_problems(step: ShotsStep | PipsStep) -> list[tuple[str, str, str | None]]:
    """Whether a counting step has something to count and its answer is the engine's (re-computed, never
    trusted)."""
    if isinstance(step, ShotsStep):
        blots = blot_points(step.board())
        missing = [point for point in step.targets if point not in blots]
        if missing:
            return [("targets", wording.no_blot_on_target(missing[0]), wording.choose_blots_to_hit())]
        if not blots:
            return [("position", wording.no_blot_to_hit(), wording.choose_blots_to_hit())]
    counted = count_of(step)
    if step.answer != counted.answer:
        return [
            (
                "answer",
                wording.rules_give(str(counted.answer), str(step.answer), counted.working),
                f"answer = {counted.answer}",
            )
        ]
    return []


def _printed_pip_counts(step: ChooseStep) -> set[str]:
    """The pip counts the board prints under a choose step's position."""
    position = step.board()
    return set() if position is None else {str(count) for count in position.pip_count()}


def _answer_problems(
    step: PlayStep, position: Position, dice: tuple[int, int], examples: str
) -> list[tuple[str, str, str | None]]:
    """Whether a play step's ``play`` is legal and meets its conditions, or some legal play meets them."""
    if step.play is not None:
        try:
            expected = parse_play(position, dice, step.play)
        except EngineError as error:
            reason = getattr(error, "reason", str(error))
            return [("play", wording.not_legal_here(step.play, reason), wording.legal_plays_include(examples))]
        missed = [c for c in step.conditions if condition_problem(c, expected) is not None]
        if missed:
            return [("conditions", wording.play_misses_conditions(step.play, missed), wording.drop_or_fix_conditions())]
        return []
    if not successful_plays(step):
        return [("conditions", wording.no_play_meets(step.conditions), wording.legal_plays_include(examples))]
    return []


_CHECKED_LESSONS: CheckedFiles[tuple[Lesson | None, list[Problem]]] = CheckedFiles()


def load_lesson_file(path: Path, display_name: str | None = None) -> tuple[Lesson | None, list[Problem]]:
    """Load one lesson file; the lesson, or ``None`` with the problems that keep it out (checked once while the file
    is unchanged)."""
    name = display_name or path.name
    lesson, problems = _CHECKED_LESSONS.get(path, name, lambda: _load_lesson_file(path, name))
    return lesson, list(problems)


def _load_lesson_file(path: Path, name: str) -> tuple[Lesson | None, list[Problem]]:
    try:
        text, raw = read_content_file(path)
    except ContentFileError as error:
        return None, [Problem(name, error.line, "", error.message, error.suggestion)]
    lines = Lines(text)
    try:
        lesson = Lesson.model_validate(raw)
    except ValidationError as error:
        problems = _pydantic_problems(name, lines, raw, error)
        # Steps that are well-formed still get the rules checks, so that every problem shows at once.
        raw_steps = raw.get("steps")
        for index, raw_step in enumerate(raw_steps if isinstance(raw_steps, list) else []):
            try:
                step = _STEP_ADAPTER.validate_python(raw_step)
            except ValidationError:
                continue
            problems.extend(_step_problems(name, lines, index, step))
        problems.sort(key=lambda problem: problem.line or 0)
        return None, problems
    problems = _semantic_problems(name, lines, lesson)
    return (None if problems else lesson), problems


def load_lessons(directory: Path | None = None, language: Language | None = None) -> LessonLibrary:
    """Every lesson in ``directory`` (default: the shipped lessons), in lesson-number order, with all problems; in
    ``language`` (default: the one in use) where the lesson has a translation that stands for it
    (:mod:`trainer.content.translations`), else in English."""
    from trainer.content.translations import translated_lesson

    chosen = language if language is not None else current_language()
    folder = directory if directory is not None else content_dir("lessons")
    library = LessonLibrary()
    seen_ids: dict[str, str] = {}
    seen_numbers: dict[int, str] = {}
    for path, lesson, problems in each_loaded(folder, load_lesson_file, None, file_problem):
        library.problems.extend(problems)
        if lesson is None:
            library.skipped.append(path.name)
            continue
        clashes = lesson_clashes(path, path.name, lesson, seen_ids, seen_numbers)
        if clashes:
            library.problems.extend(clashes)
            library.skipped.append(path.name)
            continue
        shown, translation_problems = translated_lesson(lesson, path, chosen, load_lesson_file)
        library.problems.extend(translation_problems)
        library.lessons.append(shown)
    library.lessons.sort(key=lambda lesson: lesson.number)
    return library


def lesson_clashes(
    path: Path, name: str, lesson: Lesson, seen_ids: dict[str, str], seen_numbers: dict[int, str]
) -> list[Problem]:
    """Problems if ``lesson`` reuses an id or number of an earlier file; otherwise records them as used."""
    problems = []
    try:
        lines = Lines(read_content_text(path))
    except ContentFileError:
        lines = Lines("")
    if lesson.id in seen_ids:
        problems.append(
            Problem(
                name,
                lines.of(None, "id"),
                wording.field_place("id"),
                wording.lesson_id_used(lesson.id, seen_ids[lesson.id]),
                wording.give_own_id(),
            )
        )
    if lesson.number in seen_numbers:
        problems.append(
            Problem(
                name,
                lines.of(None, "number"),
                wording.field_place("number"),
                wording.lesson_number_used(lesson.number, seen_numbers[lesson.number]),
                wording.give_own_number(),
            )
        )
    if not problems:
        seen_ids[lesson.id] = seen_numbers[lesson.number] = name
    return problems
