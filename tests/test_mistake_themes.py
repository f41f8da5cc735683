"""Mistakes by theme: each analysed decision themed by its position with the corpus' rules (hand-picked boards: a
priming battle, a bear-in against an anchor, a race; a cube decision seen by the side deciding), each player's
equity lost per theme in ``analyse``'s text and JSON and in the review's summary (in English and Portuguese), the
figures kept for a game of the learner's, and Continue offering the weakest theme's lesson, then its puzzles."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pytest
from pilot_support import settle, started
from play_support import CheapEvaluator
from textual.widgets import Button
from training_support import LESSONS, LIBRARY, FakeClock

from trainer import i18n
from trainer.analysis import Chances, CubeDecision
from trainer.cli.analyse import analysis_json, report_text
from trainer.content.catalogue import LessonCatalogue, PuzzleCatalogue
from trainer.content.position_themes import PositionTheme, position_themes
from trainer.content.themes import THEME_TITLES
from trainer.engine import Dice, GameState, Phase, Position, legal_plays
from trainer.play.analyse import (
    SIDE_OF_COLUMN,
    AnalysedDecision,
    DecisionKind,
    DecisionPoint,
    MatchAnalysis,
    analyse_point,
)
from trainer.play.cube import CubeJudge
from trainer.play.tutor import Verdict
from trainer.practice.schedule import after_miss
from trainer.practice.stats import Records, dashboard, theme_lesson, weakest_game_theme
from trainer.store import ProgressStore, ThemeLossTotal
from trainer.training.mistake_themes import (
    ThemeLoss,
    decision_themes,
    review_key,
    shown_theme_losses,
    theme_loss_lines,
    theme_losses,
)
from trainer.training.progress import figures_of
from trainer.training.service import keep_theme_losses
from trainer.tui.app import TrainerApp
from trainer.tui.screens.game_review import summary_text
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.lesson import LessonScreen

PRIMING_BATTLE = "X: 24x2 13x2 9x2 8x2 7x2 6x3 5x2 / O: 21x2 20x2 19x2 18x2 14x2 12x3 2x2"
"""X's two back checkers behind O's four-point prime, O's checker behind X's block, X ahead in the race."""
BEAR_IN = "X: 9x2 8x3 6x4 4x3 3x3 / O: 22x3 21x3 20x3 19x4 5x2"
"""X brings its last checkers home against O's anchor on X's 5-point."""
RACE = "X: 12x2 10x2 8x2 6x3 5x3 4x3 / O: 20x3 19x3 15x3 14x3 13x3"
PLAYERS = ("Ann", "Bob")
NOT_ONE_GAMMON = Chances(0.6, 0.0, 0.0, 0.0, 0.0)


def board(text: str) -> Position:
    return Position.from_text(text)


def move(text: str, column: int, loss: float, *, number: int = 1, counts: bool = True) -> AnalysedDecision:
    """A checker play of player ``column`` in the board ``text`` (X on roll), ``loss`` short of the best."""
    position, dice = board(text), Dice(3, 1)
    state = GameState(position, Phase.MOVE, turn=SIDE_OF_COLUMN[column], dice=dice)
    plays = legal_plays(position, dice)
    best, played = plays[0], plays[-1]
    verdict = Verdict("play", str(played), str(best), -loss, 0.0, "2-ply", counts, played, best)
    point = DecisionPoint(1, number, column, PLAYERS[column], DecisionKind.MOVE, state, dice=dice, play=played)
    return AnalysedDecision(point, verdict, ((best, 0.0), (played, -loss)), best_chances=NOT_ONE_GAMMON)


def cube(text: str, column: int, kind: DecisionKind, chances: Chances, loss: float = 0.0) -> AnalysedDecision:
    """A double by player ``column`` (X, on roll, in ``text``), or its opponent's answer (``kind`` TAKE)."""
    doubler = column if kind is DecisionKind.DOUBLE else 1 - column
    phase = Phase.ROLL if kind is DecisionKind.DOUBLE else Phase.DOUBLED
    state = GameState(board(text), phase, turn=SIDE_OF_COLUMN[doubler])
    choice = "double" if kind is DecisionKind.DOUBLE else "take"
    point = DecisionPoint(1, 2, column, PLAYERS[column], kind, state, choice=choice)
    verdict = Verdict(choice, choice, choice, -loss, 0.0, "2-ply")
    figures = CubeDecision(0.5, 0.6, 1.0, 0.5, chances, 2)
    return AnalysedDecision(point, verdict, cube=figures)


def analysis_of(*decisions: AnalysedDecision) -> MatchAnalysis:
    return MatchAnalysis(0, PLAYERS, 2, decisions, points=(0, 0))


# --- theming the decisions ------------------------------------------------------------------------------------------


def test_a_checker_play_is_themed_by_its_position_before_it_as_the_corpus_is() -> None:
    assert decision_themes(move(PRIMING_BATTLE, 1, 0.1)) == (PositionTheme.TIMING, PositionTheme.PRIME_ESCAPE)
    assert decision_themes(move(BEAR_IN, 1, 0.1)) == (PositionTheme.BEAR_IN_CONTACT,)
    assert decision_themes(move(RACE, 0, 0.1)) == (PositionTheme.RACING,)
    # The best play's gammon chances are the gammon themes' figures: 30% to win one makes it a gammon-go play.
    gammonish = move(BEAR_IN, 1, 0.1)
    gammonish = AnalysedDecision(gammonish.point, gammonish.verdict, best_chances=Chances(0.8, 0.3, 0.0, 0.0, 0.0))
    assert decision_themes(gammonish) == (PositionTheme.GAMMON_GO, PositionTheme.BEAR_IN_CONTACT)


def test_the_analysis_keeps_the_best_plays_chances_without_evaluating_more() -> None:
    evaluator = CheapEvaluator()
    position, dice = board(BEAR_IN), Dice(6, 2)
    state = GameState(position, Phase.MOVE, turn=SIDE_OF_COLUMN[1], dice=dice)
    played = legal_plays(position, dice)[-1]
    point = DecisionPoint(1, 1, 1, "Bob", DecisionKind.MOVE, state, dice=dice, play=played)
    item = analyse_point(point, evaluator, CubeJudge(evaluator, window=math.inf), 2)
    ranked = evaluator.rank_plays(position, dice, 2)
    assert item.best_chances == ranked[0].chances and evaluator.rank_calls == 2  # once by the analysis, once here
    expected = position_themes(position, win_gammon=ranked[0].chances.win_gammon, lose_gammon=0.0)
    assert decision_themes(item) == expected == (PositionTheme.BEAR_IN_CONTACT,)


def test_a_cube_decision_is_seen_by_the_side_deciding_with_the_cubes_chances_turned_round_for_the_taker() -> None:
    # The doubler (X, on roll in the race) may win a gammon 30% of the time, and lose one 25% (no gammon to save:
    # it has no checker back and does not trail).
    chances = Chances(0.6, 0.3, 0.0, 0.25, 0.0)
    doubled = cube(RACE, 1, DecisionKind.DOUBLE, chances)
    assert decision_themes(doubled) == (PositionTheme.RACING, PositionTheme.GAMMON_GO)
    # Doubled in the priming battle: the taker (X there) is the side behind the prime, and its gammon chances are
    # the doubler's turned round (it loses a gammon 30% of the time, with checkers back: saving it is a theme).
    doubler_view = GameState(board(PRIMING_BATTLE).swap(), Phase.DOUBLED, turn=SIDE_OF_COLUMN[0])
    point = DecisionPoint(1, 3, 1, "Bob", DecisionKind.TAKE, doubler_view, choice="take")
    figures = CubeDecision(0.5, 0.6, 1.0, 0.5, Chances(0.7, 0.3, 0.0, 0.1, 0.0), 2)
    answer = AnalysedDecision(point, Verdict("take", "take", "take", 0.0, 0.0, "2-ply"), cube=figures)
    assert answer.position == board(PRIMING_BATTLE)
    assert decision_themes(answer) == (PositionTheme.GAMMON_SAVE, PositionTheme.TIMING, PositionTheme.PRIME_ESCAPE)


# --- the sums, the text and the JSON --------------------------------------------------------------------------------


def sample() -> MatchAnalysis:
    """Bob (the right-hand player) loses 0.31 in three decisions of the priming battle, 0.12 in a counted race play
    (another race play does not count: a forced one) and 0.05 bearing in; Ann 0.2 in the race."""
    return analysis_of(
        move(RACE, 0, 0.2, number=1),
        move(PRIMING_BATTLE, 1, 0.2, number=2),
        move(PRIMING_BATTLE, 1, 0.11, number=4),
        move(PRIMING_BATTLE, 1, 0.0, number=6),
        move(RACE, 1, 0.4, number=8, counts=False),
        move(RACE, 1, 0.12, number=10),
        move(BEAR_IN, 1, 0.05, number=12),
    )


def test_each_players_equity_lost_is_summed_per_theme_biggest_first() -> None:
    analysis = sample()
    bob = theme_losses(analysis, 1)
    assert [(figure.theme, figure.decisions) for figure in bob] == [
        ("timing", 3),  # the rules' order between equal figures: timing is the more specific
        ("prime-escape", 3),
        ("racing", 1),
        ("bear-in-contact", 1),
    ]
    assert [figure.loss for figure in bob] == pytest.approx([0.31, 0.31, 0.12, 0.05])
    assert [(figure.theme, figure.decisions) for figure in theme_losses(analysis, 0)] == [("racing", 1)]
    many = tuple(ThemeLoss(theme.value, 0.1 * (place + 1), 1) for place, theme in enumerate(PositionTheme))
    assert len(shown_theme_losses(many)) == 5
    assert shown_theme_losses((ThemeLoss("racing", 0.004, 2), ThemeLoss("timing", 0.006, 3))) == (
        ThemeLoss("timing", 0.006, 3),
    )  # a loss that shows as 0.00 is left out


def test_analyse_says_each_players_losses_by_theme_and_its_json_names_each_decisions_themes() -> None:
    analysis = sample()
    text = report_text(analysis)
    bob = text[text.index("Bob:") : text.index("The worst mistakes")]
    assert bob.splitlines()[1:] == [
        "  Equity lost by theme:",
        "    Timing in priming battles: 0.31 lost in 3 decisions",
        "    Primes and escapes: 0.31 lost in 3 decisions",
        "    Racing: 0.12 lost in 1 decision",
        "    Bearing in and off against contact: 0.05 lost in 1 decision",
        "",
    ]
    assert "  Equity lost by theme:\n    Racing: 0.20 lost in 1 decision\nBob:" in text
    entries = analysis_json(analysis)
    assert [entry.get("themes") for entry in entries] == [
        ["racing"],
        ["timing", "prime-escape"],
        ["timing", "prime-escape"],
        ["timing", "prime-escape"],
        ["racing"],
        ["racing"],
        ["bear-in-contact"],
        None,
        None,
    ]
    assert [entry["kind"] for entry in entries[-2:]] == ["luck", "luck"]
    assert set(entries[-1]) == {"kind", "player", "own", "against", "net", "per_game", "adjusted"}
    assert set(entries[0]) == {
        *("game", "player", "kind", "position", "dice", "played", "result", "best", "loss", "skill", "luck"),
        "themes",
    }


def test_the_reviews_summary_says_it_too_and_nothing_when_nothing_was_lost() -> None:
    analysis = sample()
    said = summary_text(analysis, drilled=1)
    assert "Timing in priming battles: 0.31 lost in 3 decisions" in said
    assert said.index("Ann") < said.index("Racing: 0.20 lost in 1 decision") < said.index("Bob")
    assert theme_loss_lines(analysis_of(move(RACE, 0, 0.0)), 0) == []


def test_in_portuguese_the_themes_are_named_and_the_figures_written_with_commas() -> None:
    i18n.use_language("pt")
    lines = theme_loss_lines(sample(), 1)
    assert lines[0] == "Equidade perdida por tema:"
    assert lines[1] == "  Timing nas batalhas de bloqueio: 0,31 perdidos em 3 decisões"
    assert lines[3] == "  Corrida: 0,12 perdidos em 1 decisão"


# --- kept, and Continue ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: str
    graded_steps: list[int]
    practice: tuple[str, ...]
    edition: int = 1

    @property
    def progress_key(self) -> str:
        return self.id


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
    completed_at: float = 0.0


@dataclass(frozen=True)
class Attempt:
    puzzle_id: str
    correct: bool = True
    question: str = "play"
    revealed: bool = False
    attempted_at: float = 0.0
    seconds: float = 5.0


NOW = 1_800_000_000.0
THEMED_LESSONS = [
    Lesson("race", 21, "The race", [1], ("racing", "bear-in-contact")),
    Lesson("primes", 23, "Primes and anchors", [1], ("prime-escape", "holding-game", "timing")),
    Lesson("priming", 25, "Priming battles", [1], ("timing", "prime-escape")),
    Lesson("checkers", 29, "Checker-play ideas", [1], ("make-a-point",)),
]
THEMED_PUZZLES = [
    Puzzle("t1", "best", "timing"),
    Puzzle("t2", "cube", "timing"),
    Puzzle("t3", "best", "timing", variant="acey-deucey"),
    Puzzle("r1", "best", "racing"),
]
LOSSES = [ThemeLossTotal("racing", 0.9, 2), ThemeLossTotal("timing", 0.5, 4), ThemeLossTotal("prime-escape", 0.3, 5)]


def suggested(records: Records) -> tuple[str, str, str | None, tuple[str, ...], str | None]:
    chosen = dashboard(records, THEMED_LESSONS, THEMED_PUZZLES, now=NOW, theme_titles=THEME_TITLES).continue_with
    return chosen.action, chosen.label, chosen.lesson_id, tuple(sorted(chosen.puzzle_ids)), chosen.theme


def test_the_weakest_theme_is_the_most_equity_lost_over_three_decisions_or_more() -> None:
    weakest = weakest_game_theme(LOSSES)
    assert weakest is not None and weakest.theme == "timing"  # racing lost more, but in two decisions only
    assert weakest_game_theme([ThemeLossTotal("timing", 0.0, 9)]) is None
    assert theme_lesson("timing", THEMED_LESSONS) == "priming"  # named first in its list
    assert theme_lesson("timing", THEMED_LESSONS, done={"priming"}) == "primes"
    assert theme_lesson("back-game", THEMED_LESSONS) is None


def test_continue_offers_the_weakest_themes_lesson_then_its_puzzles_after_what_is_more_urgent() -> None:
    title = "Weakest theme of your games (Timing in priming battles)"
    assert suggested(Records(theme_losses=LOSSES)) == (
        "lesson",
        f"{title}: lesson 25, Priming battles, then its puzzles",
        "priming",
        ("t1", "t2"),  # backgammon's puzzles of the theme, near the rating
        "timing",
    )
    # Reviews due, and a lesson in progress, come first.
    due = after_miss(None, "puzzle:r1", NOW - 86_400)
    assert suggested(Records(theme_losses=LOSSES, cards=[due]))[0] == "review"
    started = suggested(Records(theme_losses=LOSSES, lesson_steps=[Step("checkers", 0)], resume_steps={"checkers": 1}))
    assert started[:3] == ("lesson", "Continue lesson 29: Checker-play ideas", "checkers")
    # Its lesson done, another that practises it; both done, the theme's puzzles; those solved, what came before.
    one_done = Records(theme_losses=LOSSES, lesson_steps=[Step("priming", 1)])
    assert suggested(one_done)[1:3] == (f"{title}: lesson 23, Primes and anchors, then its puzzles", "primes")
    both_done = Records(theme_losses=LOSSES, lesson_steps=[Step("priming", 1), Step("primes", 1)])
    assert suggested(both_done) == ("puzzles", f"{title}: its puzzles", None, ("t1", "t2"), "timing")
    solved = Records(
        theme_losses=LOSSES,
        lesson_steps=[Step("priming", 1), Step("primes", 1)],
        attempts=[Attempt("t1"), Attempt("t2")],
    )
    assert suggested(solved)[:3] == ("lesson", "Start lesson 21: The race", "race")
    without = suggested(Records(theme_losses=[ThemeLossTotal("timing", 0.5, 2)]))
    assert without[:3] == ("lesson", "Start lesson 21: The race", "race")


def test_a_reviewed_game_keeps_the_learners_figures_and_continue_offers_the_real_lesson(tmp_path: Path) -> None:
    analysis = sample()
    store = ProgressStore(tmp_path)
    kept = keep_theme_losses(store, analysis, 1, now=NOW, key="game:g1")
    assert kept == theme_losses(analysis, 1)
    keep_theme_losses(store, analysis, 1, now=NOW, key="game:g1")  # reviewed again: the same figures, not twice
    keep_theme_losses(store, analysis, 0, now=NOW)  # a file: kept under its decisions' key
    totals = {total.theme: (round(total.loss, 4), total.decisions) for total in store.themes.theme_loss_totals()}
    assert totals == {"timing": (0.31, 3), "prime-escape": (0.31, 3), "racing": (0.32, 2), "bear-in-contact": (0.05, 1)}
    assert review_key(analysis, 0) == review_key(sample(), 0) != review_key(analysis, 1)
    board = figures_of(store, LessonCatalogue.of(LESSONS), PuzzleCatalogue.of(LIBRARY), now=NOW)
    store.close()
    suggestion = board.continue_with
    # Racing lost 0.32, but in two decisions; primes and escapes and timing tie (kept by name: the first wins).
    assert (suggestion.action, suggestion.lesson_id, suggestion.theme) == (
        "lesson",
        "primes-and-anchors",
        "prime-escape",
    )
    assert suggestion.label.startswith("Weakest theme of your games (Primes and escapes): lesson 23, ")


async def test_home_continue_shows_the_weakest_theme_and_opens_its_lesson(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    bearing_in = analysis_of(*(move(BEAR_IN, 1, 0.1, number=number) for number in (2, 4, 6)))
    keep_theme_losses(store, bearing_in, 1, now=NOW, key="game:g1")
    store.close()
    lesson = next(lesson for lesson in LESSONS.lessons if lesson.number == 30)
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock(NOW))
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        label = str(home.query_one("#continue", Button).label)
        theme = "Bearing in and off against contact"
        assert label.startswith(f"▶ Weakest theme of your games ({theme}): lesson 30, {lesson.title}, then its puzzles")
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert (
            isinstance(app.screen, LessonScreen) and app.screen.lesson.id == lesson.id == "bearing-in-against-anchors"
        )
