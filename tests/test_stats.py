"""The dashboard's figures from known records (pure), and ``bgtrainer stats`` on a store filled with known records,
as text and as JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from trainer.cli.main import main
from trainer.cli.stats import stats_command
from trainer.content.loader import load_lessons
from trainer.content.puzzles import load_puzzles
from trainer.content.themes import THEME_TITLES
from trainer.practice.ratings import Glicko, after_idle
from trainer.practice.schedule import after_miss, review
from trainer.practice.stats import (
    KINDS,
    KindName,
    Records,
    dashboard,
    kind_name,
    lesson_figures,
    practice_days,
    puzzle_figures,
    rating_figures,
    weakest_theme,
)
from trainer.store import ProgressStore

DAY = 86_400.0
LESSON_LIBRARY = load_lessons()
PUZZLE_LIBRARY = load_puzzles()
FORCED_PUZZLES = [p for p in PUZZLE_LIBRARY.puzzles if p.kind == "forced" and p.variant == "standard"]
ONLY_PLAY = next(puzzle for puzzle in FORCED_PUZZLES if puzzle.theme == "only-play")
NO_PLAY = next(puzzle for puzzle in FORCED_PUZZLES if puzzle.theme == "no-play")
DRILL = PUZZLE_LIBRARY.drills[0]
NOW = datetime(2026, 3, 14, 15, 0, tzinfo=UTC).timestamp()


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: str
    graded_steps: list[int]
    edition: int = 1
    practice: tuple[str, ...] = ()

    @property
    def progress_key(self) -> str:
        return self.id if self.edition == 1 else f"{self.id}@{self.edition}"


@dataclass(frozen=True)
class Puzzle:
    id: str
    kind: str
    theme: str
    difficulty: int = 2
    variant: str = "standard"
    rating: int | None = None


@dataclass(frozen=True)
class Step:
    lesson_id: str
    step: int
    completed_at: float = NOW


@dataclass(frozen=True)
class Attempt:
    puzzle_id: str
    correct: bool
    question: str = "play"
    revealed: bool = False
    attempted_at: float = NOW
    seconds: float = 5.0


@dataclass(frozen=True)
class Rated:
    rating: float
    rd: float
    volatility: float
    rated_at: float
    kind: str = "rules"


@dataclass(frozen=True)
class Run:
    mode: str
    score: int
    finished_at: float = NOW
    drill: str = "recognition"


@dataclass(frozen=True)
class Reviewed:
    reviewed_at: float


LESSONS = [
    Lesson("board", 1, "The board", [1, 2, 3]),
    Lesson("moving", 2, "Moving", [0, 2]),
    Lesson("hitting", 3, "Hitting", [1]),
]
PUZZLES = [
    Puzzle("f1", "forced", "only-play"),
    Puzzle("f2", "forced", "no-play", 1),
    Puzzle("f3", "forced", "only-play", 3),
    Puzzle("b1", "bearoff", "race"),
    Puzzle("r1", "recognition", "not-forced"),
    Puzzle("r2", "recognition", "forced"),
]


def test_lessons_are_done_started_or_new() -> None:
    records = Records(
        lesson_steps=[Step("board", 1), Step("board", 2), Step("board", 3), Step("board", 0), Step("moving", 2)],
        resume_steps={"hitting": 1},
    )
    figures = lesson_figures(LESSONS, records)
    assert (figures.done, figures.started, figures.total) == (1, 2, 3)
    assert [(line.id, line.status, line.steps_done, line.resume_step) for line in figures.lessons] == [
        ("board", "done", 3, 0),
        ("moving", "started", 1, 0),
        ("hitting", "started", 0, 1),
    ]


def test_puzzles_by_kind_and_theme_count_the_main_question_and_first_tries() -> None:
    attempts = [
        Attempt("f1", False, "forced"),  # "is it forced?" doesn't count for a forced puzzle's play
        Attempt("f1", True),
        Attempt("f2", False),
        Attempt("f2", True),  # solved, but not at the first try
        Attempt("f3", True, revealed=True),  # after the solution: not counted
        Attempt("b1", False),
        Attempt("r1", True, "forced"),  # the recognition answer is the drill's main question
        Attempt("r2", False, "forced"),
        Attempt("r2", True, "play"),  # its play after a wrong recognition doesn't make it solved
        Attempt("gone", True),  # not in the catalogue
    ]
    forced, bearoff, recognition = puzzle_figures(
        PUZZLES, Records(attempts=attempts), {"forced": ["no-play", "only-play"]}
    )
    total = forced.total
    assert (total.kind, total.theme, total.total, total.attempted, total.solved, total.first_try) == (
        "forced",
        None,
        3,
        2,
        2,
        1,
    )
    assert total.accuracy == 0.5
    assert [(t.theme, t.total, t.attempted, t.solved, t.first_try) for t in forced.themes] == [
        ("no-play", 1, 1, 1, 0),
        ("only-play", 2, 1, 1, 1),
    ]
    assert (bearoff.total.attempted, bearoff.total.solved, bearoff.total.accuracy) == (1, 0, 0.0)
    assert (recognition.total.attempted, recognition.total.solved, recognition.total.first_try) == (2, 1, 1)
    assert [t.theme for t in recognition.themes] == ["not-forced", "forced"]  # catalogue order without an order
    untried = puzzle_figures(PUZZLES, Records())[0].total
    assert untried.accuracy is None and untried.total == 3


def test_the_weakest_theme_is_the_lowest_first_try_accuracy_the_most_tried_first() -> None:
    puzzles = [*PUZZLES, Puzzle("b2", "bearoff", "race")]
    attempts = [Attempt("f1", True), Attempt("f2", False), Attempt("b1", False), Attempt("b2", False)]
    weakest = weakest_theme(puzzle_figures(puzzles, Records(attempts=attempts)))
    assert weakest is not None and (weakest.kind, weakest.theme, weakest.attempted) == ("bearoff", "race", 2)
    one_miss = weakest_theme(puzzle_figures(puzzles, Records(attempts=attempts[:2])))
    assert one_miss is not None and one_miss.theme == "no-play"
    assert weakest_theme(puzzle_figures(puzzles, Records(attempts=[Attempt("f1", True)]))) is None  # all right
    assert weakest_theme(puzzle_figures(puzzles, Records())) is None


def test_every_kind_has_a_name_and_a_new_kind_comes_last_under_its_own() -> None:
    assert list(KINDS) == [
        "forced",
        "acey-deucey forced",
        "bearoff",
        "cube",
        "double",
        "best",
        "recognition",
        "shots",
        "pips",
    ]
    assert kind_name("bearoff") == KindName("Bear-offs", "Bear-off")
    assert kind_name("cube") == KindName("Cube decisions", "Cube")
    assert kind_name("match-play") == KindName("Match play", "Match play")
    kinds = puzzle_figures([Puzzle("m1", "match-play", "crawford"), Puzzle("c1", "cube", "take"), *PUZZLES], Records())
    assert [kind.total.kind for kind in kinds] == ["forced", "bearoff", "cube", "recognition", "match-play"]


def test_the_rating_shows_its_deviation_history_and_a_point_a_day() -> None:
    assert rating_figures(Records(), NOW).text == "1500? ± 350"
    history = [
        Rated(1600.0, 300.0, 0.06, NOW - 3 * DAY),
        Rated(1580.0, 250.0, 0.06, NOW - 3 * DAY + 60),
        Rated(1650.0, 90.0, 0.06, NOW - DAY),
    ]
    figures = rating_figures(Records(ratings=history), NOW)
    grown = after_idle(Glicko(1650.0, 90.0, 0.06), 1.0)
    assert (figures.rating, figures.rd) == (1650.0, grown.rd) and figures.rd > 90
    assert figures.text == grown.text() and figures.provisional == grown.provisional
    assert figures.rated_attempts == 3
    assert figures.history == ((NOW - 3 * DAY, 1600.0), (NOW - 3 * DAY + 60, 1580.0), (NOW - DAY, 1650.0))
    assert figures.daily == (("2026-03-11", 1580.0), ("2026-03-13", 1650.0))


def test_days_in_a_row_count_back_from_today_or_yesterday_in_the_learners_time_zone() -> None:
    days = [NOW - n * DAY for n in (0, 1, 2, 5, 6, 7, 8)]
    assert practice_days(days, NOW) == practice_days(days, NOW)
    figures = practice_days(days, NOW)
    assert (figures.in_a_row, figures.today, figures.total, figures.best_run) == (3, True, 7, 4)
    # Not yet today: the run up to yesterday still counts; a whole day missed ends it.
    assert practice_days(days[1:], NOW).in_a_row == 2 and not practice_days(days[1:], NOW).today
    assert practice_days(days[2:], NOW).in_a_row == 0
    assert practice_days([], NOW).in_a_row == 0
    # 23:30 UTC is already tomorrow in UTC+2: the day a moment belongs to depends on the zone.
    late = datetime(2026, 3, 13, 23, 30, tzinfo=UTC).timestamp()
    east = timezone(timedelta(hours=2))
    assert practice_days([late], NOW, UTC).in_a_row == 1
    assert practice_days([late], NOW, east).today and practice_days([late], NOW, east).in_a_row == 1
    assert not practice_days([late], NOW, UTC).today


def test_continue_suggests_reviews_then_a_started_lesson_then_the_next_lesson_then_puzzles_then_the_drill() -> None:
    card = after_miss(None, "puzzle:f1", NOW - DAY)
    all_done = [Step(lesson.id, step) for lesson in LESSONS for step in lesson.graded_steps]
    cases = [
        (Records(cards=[card], lesson_steps=all_done), "review", "Review (1 due)"),
        (Records(lesson_steps=[Step("moving", 0)], resume_steps={"moving": 1}), "lesson", "Continue lesson 2: Moving"),
        (
            Records(lesson_steps=[Step("board", 1), Step("board", 2), Step("board", 3)]),
            "lesson",
            "Start lesson 2: Moving",
        ),
        (Records(lesson_steps=all_done), "puzzles", "Puzzles near your rating (1500? ± 350)"),
    ]
    for records, action, label in cases:
        suggestion = dashboard(records, LESSONS, PUZZLES, now=NOW).continue_with
        assert (suggestion.action, suggestion.label) == (action, label)
    started = dashboard(cases[1][0], LESSONS, PUZZLES, now=NOW).continue_with
    assert (started.lesson_id, started.step) == ("moving", 1)
    near = dashboard(cases[3][0], LESSONS, PUZZLES, now=NOW).continue_with
    assert len(near.puzzle_ids) == 5 and set(near.puzzle_ids) <= {p.id for p in PUZZLES}
    # The four rated 1500 first, then the nearest other (f2 at 1200 and f3 at 1800 tie: by id).
    assert set(near.puzzle_ids[:4]) == {"f1", "b1", "r1", "r2"} and near.puzzle_ids[4] == "f2"
    # A reviewed card no longer due doesn't come first.
    settled = review(card, True, NOW - DAY + 600)
    assert (
        dashboard(Records(cards=[settled], lesson_steps=all_done), LESSONS, PUZZLES, now=NOW).continue_with.action
        == "puzzles"
    )
    solved = [Attempt(p.id, True, "forced" if p.kind == "recognition" else "play") for p in PUZZLES]
    everything = Records(lesson_steps=all_done, attempts=solved, drill_runs=[Run("streak", 9), Run("storm", 30)])
    final = dashboard(everything, LESSONS, PUZZLES, now=NOW)
    assert (final.continue_with.action, final.continue_with.label) == ("drill", "Forced or not? Streak (best 9)")
    assert (final.drills.best_streak, final.drills.best_storm, final.drills.streak_runs) == (9, 30, 1)


def test_the_whole_dashboard_is_json_ready() -> None:
    records = Records(
        lesson_steps=[Step("board", 1, NOW - DAY)],
        attempts=[Attempt("f1", True)],
        ratings=[Rated(1550.0, 200.0, 0.06, NOW - 600)],
        reviews=[Reviewed(NOW - 2 * DAY)],
        cards=[after_miss(None, "puzzle:f2", NOW - 300)],
        drill_runs=[Run("storm", 12, NOW - 3 * DAY)],
    )
    board = dashboard(records, LESSONS, PUZZLES, now=NOW)
    data = json.loads(json.dumps(board.as_dict()))
    assert data["reviews"] == {"due": 0, "cards": 1, "next_due": NOW + 300}
    assert data["days"] == {"in_a_row": 4, "today": True, "total": 4, "best_run": 4}
    assert data["puzzles"][0]["total"]["accuracy"] == 1.0 and data["puzzles"][0]["themes"][0]["accuracy"] == 1.0
    assert data["rating"]["text"] == "1550? ± 200" and data["continue_with"]["action"] == "lesson"


# --- bgtrainer stats on a real store ---------------------------------------------------------------------------


@pytest.fixture
def filled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder with known records: lesson 1 done, lesson 2 started, puzzle answers, two rated attempts, a
    review card due, and drill runs; all within the hour before a fixed moment, which is then the clock's (so that
    the days counted never depend on the hour the test runs)."""
    now = datetime(2026, 3, 14, 12, 0).astimezone().timestamp()  # noon in the machine's time zone
    monkeypatch.setattr("trainer.cli.stats.time.time", lambda: now)
    store = ProgressStore(tmp_path)
    for step in LESSON_LIBRARY.lessons[0].graded_steps:  # lesson 1 done
        store.lessons.complete_step(LESSON_LIBRARY.lessons[0].progress_key, step, first_try=True, at=now - 600)
    store.lessons.complete_step(LESSON_LIBRARY.lessons[1].id, 1, first_try=False, at=now - 500)
    store.lessons.set_resume_step(LESSON_LIBRARY.lessons[1].id, 2)
    store.puzzles.record_puzzle_attempt(ONLY_PLAY.id, ONLY_PLAY.answers[0], correct=True, seconds=4.0, at=now - 400)
    store.puzzles.record_puzzle_attempt(NO_PLAY.id, "24/18", correct=False, seconds=6.0, at=now - 300)
    store.puzzles.record_puzzle_attempt(
        DRILL.id, DRILL.answers[0], correct=True, seconds=2.0, question="forced", at=now - 200
    )
    store.ratings.record_rating(
        (1660.0, 290.0, 0.06), puzzle_id=ONLY_PLAY.id, puzzle=(1400.0, 230.0, 0.06), score=1.0, at=now - 120
    )
    store.ratings.record_rating(
        (1590.0, 260.0, 0.06), puzzle_id=NO_PLAY.id, puzzle=(1300.0, 230.0, 0.06), score=0.0, at=now - 60
    )
    store.reviews.save_review_card(after_miss(None, f"puzzle:{NO_PLAY.id}", now - 3_600), correct=False, at=now - 3_600)
    store.drills.record_drill_run("streak", 11, mistakes=1, seconds=70.0, at=now - 30)
    store.drills.record_drill_run("storm", 23, mistakes=2, seconds=180.0, at=now - 20)
    store.close()
    return tmp_path


def folder_contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_stats_prints_the_figures_of_a_data_folder(filled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = folder_contents(filled)
    assert main(["--data-dir", str(filled), "stats"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Lessons: 1 of ") and lines[0].endswith(" done, 1 started")
    total = len(FORCED_PUZZLES)
    only, none = (sum(1 for p in FORCED_PUZZLES if p.theme == theme) for theme in ("only-play", "no-play"))
    assert f"  Forced moves: 1 of {total} solved, 50% right at the first try (2 tried)" in lines
    assert f"    {THEME_TITLES['only-play']}: 1 of {only} solved, 100% right at the first try (1 tried)" in lines
    assert f"    {THEME_TITLES['no-play']}: 0 of {none} solved, 0% right at the first try (1 tried)" in lines
    drills = len(PUZZLE_LIBRARY.drills)
    assert f"  Forced or not? (drill positions): 1 of {drills} solved, 100% right at the first try (1 tried)" in lines
    assert "Rating: 1590? ± 260 (provisional); 2 rated attempts, from 1660 to 1590" in lines
    assert "Best streak: 11 (1 run); best storm: 23 (1 run)" in lines
    assert "Reviews due: 1 of 1 card" in lines
    assert any(line.startswith("Days practised in a row: 1; 1 day in all") for line in lines)
    assert lines[-1] == "Continue: Review (1 due)"
    # The option may also follow the command; the file is left as it was.
    assert main(["stats", "--data-dir", str(filled)]) == 0
    assert capsys.readouterr().out == out
    assert folder_contents(filled) == before


def test_stats_json_holds_the_same_figures(filled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json", "--data-dir", str(filled)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lessons"]["done"] == 1 and data["lessons"]["started"] == 1
    forced = data["puzzles"][0]
    assert forced["total"] == {
        "kind": "forced",
        "theme": None,
        "total": len(FORCED_PUZZLES),
        "attempted": 2,
        "solved": 1,
        "first_try": 1,
        "accuracy": 0.5,
    }
    kinds = ["forced", "acey-deucey forced", "bearoff", "cube", "double", "best", "recognition", "shots", "pips"]
    assert [kind["total"]["kind"] for kind in data["puzzles"]] == kinds
    assert data["rating"]["rated_attempts"] == 2 and round(data["rating"]["rating"]) == 1590
    assert [point[1] for point in data["rating"]["history"]] == [1660.0, 1590.0]
    assert data["drills"] == {
        "best_streak": 11,
        "best_storm": 23,
        "streak_runs": 1,
        "storm_runs": 1,
        "drill": "recognition",
    }
    assert data["reviews"]["due"] == 1 and data["days"]["in_a_row"] == 1
    assert data["continue_with"]["action"] == "review"


def test_stats_of_an_empty_folder_creates_nothing(tmp_path: Path) -> None:
    report, notice = stats_command(tmp_path / "none", as_json=False, now=NOW, tz=UTC)
    assert notice is not None and "No progress file" in notice
    assert not (tmp_path / "none").exists()
    assert "Rating: 1500? ± 350 (provisional); 0 rated attempts" in report.splitlines()
    assert report.splitlines()[-1] == f"Continue: Start lesson 1: {load_lessons().lessons[0].title}"


def test_the_figures_are_said_in_the_language_in_use_and_their_json_stays_in_english(tmp_path: Path) -> None:
    from trainer import i18n

    i18n.use(i18n.PseudoTranslations())
    try:
        report, notice = stats_command(tmp_path / "none", as_json=False, now=NOW, tz=UTC)
        data = json.loads(stats_command(tmp_path / "none", as_json=True, now=NOW, tz=UTC)[0])
        names = kind_name("forced")
        board = dashboard(Records(cards=[after_miss(None, "puzzle:f1", NOW - 900)]), LESSONS, PUZZLES, now=NOW)
    finally:
        i18n.use(None)
    assert notice is not None and notice.startswith("Ñó ƥŕóĝŕéšš ƒíĺé íñ ")
    lines = report.splitlines()
    assert lines[0] == f"Ĺéššóñš: 0 óƒ {len(load_lessons().lessons)} đóñé" and lines[1] == "Ƥúžžĺéš:"
    assert lines[-1].startswith("Çóñţíñúé: Šţàŕţ ĺéššóñ 1: ")
    assert data["continue_with"]["label"] == f"Start lesson 1: {load_lessons().lessons[0].title}"
    assert (names.title, names.short) == ("Ƒóŕçéđ ɱóʋéš", "Ƒóŕçéđ")
    assert board.continue_with.label == "Ŕéʋíéŵ (1 đúé)"
    assert board.as_dict()["continue_with"]["label"] == "Review (1 due)"


def test_stats_follows_the_language_chosen_in_the_app_unless_one_is_asked_for(
    filled: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer import i18n

    monkeypatch.delenv("BGTRAINER_LANG", raising=False)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    store = ProgressStore(filled)
    store.settings.set_setting("language", "pt")
    store.close()
    try:
        assert main(["--data-dir", str(filled), "stats"]) == 0
        assert capsys.readouterr().out.startswith("Lições: 1 de ")
        assert main(["--data-dir", str(filled), "stats", "--lang", "en"]) == 0
        assert capsys.readouterr().out.startswith("Lessons: 1 of ")
    finally:
        i18n.use_language("en")


def test_the_figures_count_the_sets_the_puzzles_menu_lists() -> None:
    """Acey-deucey's forced moves are a set of their own, as in the Puzzles menu: Forced counts backgammon's only."""
    from trainer.content.catalogue import PuzzleCatalogue
    from trainer.tui.screens.puzzles import SETS

    catalogue = PuzzleCatalogue.of(PUZZLE_LIBRARY)
    figures = {kind.total.kind: kind.total.total for kind in puzzle_figures(catalogue.puzzles, Records())}
    listed = {
        (kind.KIND, variant): sum(isinstance(p, kind) and p.variant == variant for p in PUZZLE_LIBRARY.puzzles)
        for kind, variant in SETS
    }
    assert figures["forced"] == listed[("forced", "standard")] > 0
    assert figures["acey-deucey forced"] == listed[("forced", "acey-deucey")] > 0
    assert figures["double"] == listed[("double", "acey-deucey")] > 0
    assert kind_name("acey-deucey forced").short == "Acey-deucey forced"


def test_a_card_of_a_withdrawn_puzzle_or_an_earlier_lesson_edition_is_kept_but_not_due() -> None:
    withdrawn = after_miss(None, "puzzle:best-0001", NOW - DAY)  # a puzzle no longer shipped
    earlier = after_miss(None, f"lesson:{LESSONS[0].id}@0:{LESSONS[0].graded_steps[0]}", NOW - DAY)
    current = after_miss(None, "puzzle:f1", NOW - DAY)
    board = dashboard(Records(cards=[withdrawn, earlier]), LESSONS, PUZZLES, now=NOW)
    assert board.reviews.due == 0 and board.continue_with.action != "review"
    board = dashboard(Records(cards=[withdrawn, earlier, current]), LESSONS, PUZZLES, now=NOW)
    assert board.reviews.due == 1 and board.continue_with.label == "Review (1 due)"
