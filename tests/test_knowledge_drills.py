"""The timed knowledge drills (match equity, take points, the Keith count): their questions drawn at random, the
grading of a typed answer, the working shown after it (the hard scores among them), their figures kept like the
counting drills', and one round's miss seen with Pilot from the Skill drills menu."""

from __future__ import annotations

import json
from datetime import UTC
from pathlib import Path
from types import SimpleNamespace

import pytest
from pilot_support import feedback_text, option_lines, settle, started, static_texts, type_play
from training_support import LIBRARY, T0, FakeClock

from trainer.cli.main import main
from trainer.engine.keith import KeithVerdict
from trainer.engine.match_equity import match_winning_chance, take_point
from trainer.engine.position import Position
from trainer.i18n import use
from trainer.practice.counting import ROUND, CountingFigures
from trainer.practice.knowledge import (
    FARTHEST,
    MIN_PIPS,
    KeithQuestion,
    MetQuestion,
    TakeQuestion,
    drill_questions,
    keith_pool,
    keith_questions,
    met_questions,
    read_count,
    read_percent,
    take_questions,
)
from trainer.practice.stats import Records, knowledge_drill_figures
from trainer.store import ProgressStore
from trainer.training.progress import figures_of, gather, records_of
from trainer.training.service import answer_knowledge
from trainer.tui.app import TrainerApp
from trainer.tui.screens.knowledge import KnowledgeScreen, keith_races
from trainer.tui.screens.skill_drills import SkillDrillMenuScreen
from trainer.tui.wording import dashboard as dashboard_words
from trainer.tui.wording import knowledge as words
from trainer.tui.wording import progress as progress_words

SIZE = (100, 30)
NO_LESSONS = SimpleNamespace(lessons=[])
SMOOTH = {6: 3, 5: 3, 4: 3, 3: 4, 2: 1, 1: 1}
"""A count of 61, 69 on roll (see tests/test_keith_count.py)."""


@pytest.fixture(autouse=True)
def english() -> None:
    use(None)


# --- the questions ----------------------------------------------------------------------------------------------


def test_match_equity_questions_cover_the_scores_crawford_and_post_crawford() -> None:
    asked = [question for seed in range(40) for question in met_questions(seed)]
    assert all(len(met_questions(seed)) == ROUND == len(set(met_questions(seed))) for seed in range(5))
    assert met_questions(7) == met_questions(7) and met_questions(7) != met_questions(8)
    assert {q.player_away for q in asked} == {q.opponent_away for q in asked} == set(range(1, FARTHEST + 1))
    assert not any(q.player_away == q.opponent_away == 1 for q in asked)
    crawford = [q for q in asked if q.crawford]
    post = [q for q in asked if q.post_crawford]
    assert crawford and post and all(1 in (q.player_away, q.opponent_away) for q in crawford + post)
    assert all(not q.crawford for q in post)


def test_take_point_questions_never_double_in_the_crawford_game() -> None:
    asked = [question for seed in range(60) for question in take_questions(seed)]
    assert {q.cube for q in asked} == {1, 2}
    post = [q for q in asked if q.post_crawford]
    assert post and all(q.taker_away == 1 and q.doubler_away > 1 and q.cube == 1 for q in post)
    before = [q for q in asked if not q.post_crawford]
    assert all(q.taker_away > 1 and q.doubler_away > q.cube for q in before)
    for question in asked:
        take = question.take  # a double that can be: no error
        assert 0 <= take.point <= 1


def test_the_keith_count_asks_the_shipped_races_some_as_redoubles() -> None:
    pool = keith_races(LIBRARY)
    assert len(pool) >= 50
    assert all(q.position.is_race() and min(q.position.pip_count()) >= MIN_PIPS for q in pool)
    assert all(q.source.startswith("cube") for q in pool)
    asked = [question for seed in range(20) for question in keith_questions(pool, seed)]
    assert all(len(keith_questions(pool, seed)) == ROUND for seed in range(3))
    assert any(q.redouble for q in asked) and any(not q.redouble for q in asked)
    assert {q.count.verdict for q in asked} == set(KeithVerdict)
    contact = keith_pool([("start", Position.start(), False), ("short", Position.from_points({1: 2}, {1: 2}), False)])
    assert contact == []  # neither a contact position nor the last rolls of a bear-off
    assert [type(q) for q in drill_questions("met", 1)] == [MetQuestion] * ROUND
    assert [type(q) for q in drill_questions("take", 1)] == [TakeQuestion] * ROUND
    assert drill_questions("keith", 1, pool) == keith_questions(pool, 1)


# --- grading and the working ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"), [("64.8", 64.8), ("64,8", 64.8), (" 65 % ", 65.0), ("100", 100.0), ("0", 0.0)]
)
def test_a_percentage_is_read_with_a_point_or_a_comma(text: str, value: float) -> None:
    assert read_percent(text) == value


@pytest.mark.parametrize("text", ["", "sixty", "101", "64.8.1", "-3", "0.65x"])
def test_text_that_is_no_percentage_is_asked_again(text: str) -> None:
    assert read_percent(text) is None


def test_a_count_is_a_whole_number() -> None:
    assert read_count(" 72 ") == 72 and read_count("72.5") is None and read_count("seventy") is None


def test_match_equity_is_right_within_two_points_and_its_working_names_the_row_and_column() -> None:
    question = MetQuestion(3, 5)
    assert question.chance == match_winning_chance(3, 5) == 0.64795
    assert question.grade(64.8) and question.grade(62.8) and question.grade(66.79)
    assert not question.grade(62.7) and not question.grade(67.0)
    assert words.met_prompt(question).startswith("You are 3-away, O is 5-away (you lead). What are your chances")
    assert words.met_working(question) == "Kazaross-XG2: row 3-away (you), column 5-away (O): 64.8%."
    assert words.percent_verdict(False, 60.0, question.chance) == "Not 60.0%: 64.8%."


def test_match_equity_at_the_crawford_game_and_post_crawford() -> None:
    crawford = MetQuestion(1, 4)
    assert crawford.crawford and "(you lead), in the Crawford game." in words.met_prompt(crawford)
    assert words.met_working(crawford) == "Kazaross-XG2: row 1-away (you), column 4-away (O): 81.4%."
    trailer = MetQuestion(4, 1, post_crawford=True)
    assert "You are 4-away, O is 1-away (O leads), post-Crawford." in words.met_prompt(trailer)
    assert trailer.chance == match_winning_chance(4, 1, post_crawford=True) == 0.31002
    assert "you at 4-away against O at 1-away: 31.0%, from the post-Crawford row" in words.met_working(trailer)
    leader = MetQuestion(1, 4, post_crawford=True)
    assert leader.chance == pytest.approx(1 - 0.31002)
    assert "O at 4-away against you at 1-away has 31.0%" in words.met_working(leader)
    assert "you have 69.0%" in words.met_working(leader)
    assert leader.key == "1-4-post" and crawford.key == "1-4"


def test_a_take_point_is_graded_and_worked_from_the_table() -> None:
    question = TakeQuestion(4, 2, 1)
    assert question.take == take_point(4, 2, 1)
    assert question.grade(37.1) and question.grade(39.0) and not question.grade(40.0)
    prompt = words.take_prompt(4, 2, 1, post_crawford=False)
    assert prompt.startswith("You are 4-away, O is 2-away (O leads). O doubles you to 2. What is your take point")
    working = words.take_working(question.take).splitlines()
    assert working == [
        "Pass (you 4-away, O 1-away, the Crawford game): 18.6%.",
        "Take and lose (O wins the match): 0.0%.",
        "Take and win (you 2-away, O 2-away): 50.0%.",
        "Risk: 18.6 - 0.0 = 18.6 points. Gain: 50.0 - 18.6 = 31.4 points.",
        "Take point: risk / (risk + gain) = 18.6 / (18.6 + 31.4) = 37.1%.",
    ]


def test_a_redouble_and_a_post_crawford_take_point() -> None:
    redouble = TakeQuestion(5, 5, 2)
    assert "O owns the cube at 2 and redoubles you to 4." in words.take_prompt(5, 5, 2, post_crawford=False)
    lines = words.take_working(redouble.take).splitlines()
    assert lines[1] == "Take and lose (you 5-away, O 1-away, the Crawford game): 15.8%."
    assert lines[2] == "Take and win (you 1-away, O 5-away, the Crawford game): 84.2%."
    post = TakeQuestion(1, 4, 1, post_crawford=True)
    lines = words.take_working(post.take).splitlines()
    assert lines[0] == "Pass (you 1-away, O 3-away, post-Crawford): 67.7%."
    assert lines[1] == "Take and lose (you 1-away, O 2-away, post-Crawford): 51.2%."
    assert lines[2] == "Take and win (you win the match): 100.0%."
    assert post.key == "1-4-c1-post" and redouble.key == "5-5-c2"


def test_the_keith_count_needs_the_count_and_the_verdict() -> None:
    position = Position.from_points({4: 2, 3: 5, 2: 4, 1: 4}, SMOOTH)
    question = KeithQuestion(position, source="hand")
    assert question.count.roller_count == 54 and question.count.verdict is KeithVerdict.DOUBLE_PASS
    assert question.grade(54, KeithVerdict.DOUBLE_PASS)
    assert not question.grade(54, KeithVerdict.DOUBLE_TAKE) and not question.grade(48, KeithVerdict.DOUBLE_PASS)
    assert question.key == "hand" and KeithQuestion(position, redouble=True).key.endswith("-redouble")
    working = words.keith_working(question.count).splitlines()
    assert working == [
        "You: 35 pips; 1-point: 3 beyond one, +6; 2-point: 3 beyond one, +3; 3-point: 2 beyond three, +2; the 5- and "
        "6-points empty, +2; count 48.",
        "On roll, you add a seventh, rounded down: 48 / 7 = 6, so 54.",
        "O: 60 pips; 3-point: 1 beyond three, +1; count 61.",
        "Difference: 54 - 61 = -7. Rule: a double while it is at most 4, a take from 2: double, pass.",
    ]
    assert words.gaps_text((5,)) == "the 5-point empty, +1"
    assert words.gaps_text((4, 5, 6)) == "the 4-, 5- and 6-points empty, +3"
    said = words.keith_verdict(False, 50, KeithVerdict.NO_DOUBLE, question.count)
    assert said == "You said 50, no double: the count is 54, double, pass."
    redouble = KeithQuestion(Position.from_points(SMOOTH, {6: 5, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1}), redouble=True)
    assert redouble.count.verdict is KeithVerdict.NO_DOUBLE
    assert words.keith_working(redouble.count).endswith("a redouble while it is at most 3, a take from 2: no redouble.")


# --- the figures ------------------------------------------------------------------------------------------------


def test_the_figures_of_each_drill_are_kept_like_the_counting_drills(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    try:
        for number in range(11):
            right = number != 3
            answer_knowledge(
                store, "take", f"4-2-c1-{number}", "37", correct=right, seconds=2.0 + number, now=T0 + number
            )
        answer_knowledge(store, "met", "3-5", "50", correct=False, seconds=9.0, now=T0 + 20)
        assert store.ratings.rating_history() == [] and store.reviews.review_cards() == []  # only stored
        answers = store.knowledge.knowledge_answers()
        figures = knowledge_drill_figures(answers)
        assert list(figures) == ["met", "take", "keith"]
        assert figures["met"] == CountingFigures(1, 0, None, None, 9.0)
        assert figures["keith"] == CountingFigures(0, 0, None, None, None)
        take = figures["take"]
        assert (take.answered, take.right, take.last) == (11, 10, 12.0)
        assert take.best_ten == take.last_ten == pytest.approx((2 + 3 + 4 + 6 + 7 + 8 + 9 + 10 + 11 + 12) / 10)
        # The dashboard's figures, by the store's queries and from every record alike; the answers' day counts.
        board = figures_of(store, NO_LESSONS, LIBRARY, now=T0 + 30, tz=UTC)
        assert board.knowledge == figures and board.days.today
        assert gather(records_of(store), NO_LESSONS, LIBRARY, now=T0 + 30, tz=UTC).knowledge == figures
        assert knowledge_drill_figures(Records().knowledge_answers) == knowledge_drill_figures([])
    finally:
        store.close()


def test_the_progress_figures_show_the_knowledge_drills_beside_the_counting_drills(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = ProgressStore(tmp_path)
    try:
        for number in range(12):
            answer_knowledge(store, "met", f"{number}", "50", correct=number != 0, seconds=3.0, now=T0 + number)
        answer_knowledge(store, "keith", "cube-race-0001", "72 double-take", correct=False, seconds=30.0, now=T0)
    finally:
        store.close()
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["knowledge"]["met"]["answered"] == 12 and data["knowledge"]["met"]["best_ten"] == 3.0
    assert data["knowledge"]["keith"]["right"] == 0 and data["knowledge"]["take"]["answered"] == 0
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    report = capsys.readouterr().out
    assert "Pip counts: none answered yet" in report
    assert "Match equity: 11 right of 12; last ten 3.0 s, best ten 3.0 s" in report
    assert "Take points: none answered yet" in report
    assert "Keith counts: 0 right of 1; averages after ten right answers" in report
    assert progress_words.counting_line("take", 2, 1, None, None) == "Take points      1 right of 2"
    assert dashboard_words.counting_best("keith", None, 1) == "Keith count: 1 answer"
    assert dashboard_words.counting_best("met", 3.0, 12) == "Match equity: best ten 3.0 s"


# --- a round on the screen --------------------------------------------------------------------------------------


def shown(app: TrainerApp) -> str:
    return "\n".join(static_texts(app, "#task-title", ".step-heading", "#knowledge-prompt", "#knowledge-figures"))


async def test_a_missed_take_point_shows_the_working_from_the_skill_drills_menu(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("k")
        await settle(pilot, lambda: isinstance(app.screen, SkillDrillMenuScreen), what="the skill drills menu")
        lines = option_lines(app, "#skill-drills")
        assert [line[:3] for line in lines] == ["1. ", "2. ", "3. ", "4. ", "5. ", "6. ", "7. "]
        assert lines[4].startswith("5. Match equity") and lines[5].startswith("6. Take points")
        assert lines[6].startswith("7. Keith count")
        await pilot.press("6")
        await settle(pilot, lambda: isinstance(app.screen, KnowledgeScreen), what="the take point drill")
        screen = app.screen
        assert isinstance(screen, KnowledgeScreen)
        await settle(pilot, lambda: screen.phase == "ask" and app.focused is screen.notation)
        question = screen.question
        assert isinstance(question, TakeQuestion)
        assert "Take points   1 of 10   0 right" in shown(app) and "What is your take point" in shown(app)
        await type_play(pilot, "lots", open_box=False)  # no percentage: asked again, not an answer
        assert screen.phase == "ask" and screen.round.answered == 0 and "percentage" in feedback_text(app)
        take = question.take
        wrong = 100 * take.point + (10 if take.point < 0.5 else -10)
        await type_play(pilot, f"{wrong:.1f}", open_box=False)
        await settle(pilot, lambda: screen.phase == "done")
        said = feedback_text(app)
        assert said.startswith("✗ ") and screen.feedback.has_class("wrong")
        for line in words.take_working(take).splitlines():
            assert line in said
        assert "Missed" in shown(app) and "1 of 10   0 right" in shown(app)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.phase == "ask" and screen.question is not question)
        assert "2 of 10" in shown(app)
        await pilot.press("escape", "q")
        await settle(pilot, lambda: isinstance(app.screen, SkillDrillMenuScreen), what="back to the menu")
    store = ProgressStore(tmp_path)
    try:
        (stored,) = store.knowledge.knowledge_answers()
        assert (stored.drill, stored.question, stored.answer, stored.correct) == (
            "take",
            question.key,
            f"{wrong:.1f}",
            False,
        )
        assert stored.seconds >= 0 and stored.answered_at == T0
    finally:
        store.close()


async def test_a_keith_count_is_typed_then_its_verdict_chosen(tmp_path: Path) -> None:
    position = Position.from_points(SMOOTH, {8: 1, 6: 4, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1})
    questions = [KeithQuestion(position, source="hand"), KeithQuestion(position, redouble=True, source="hand")]
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = KnowledgeScreen("keith", questions)
        await app.push_screen(screen)
        await settle(pilot, lambda: screen.phase == "ask" and app.focused is screen.notation)
        assert "Keith count   1 of 2   0 right" in shown(app) and "The cube is in the middle." in shown(app)
        await type_play(pilot, "69", open_box=False)
        await settle(pilot, lambda: screen.phase == "verdict")
        assert "Your count: 69. Now the verdict: 1, 2 or 3." in shown(app)
        await pilot.press("2")
        await settle(pilot, lambda: screen.phase == "done")
        said = feedback_text(app)
        assert said.startswith("✓ ") and "Right: 69, double, take." in said
        assert "Difference: 69 - 67 = 2." in said  # the working's last step, after a right answer
        assert "You: 60 pips" not in said
        await pilot.press("enter")
        await settle(pilot, lambda: screen.phase == "ask" and app.focused is screen.notation)
        assert "You own the cube at 2." in shown(app)
        await type_play(pilot, "69", open_box=False)
        await settle(pilot, lambda: screen.phase == "verdict")
        await pilot.press("1")  # a redouble at a difference of 2 is right: no redouble is a miss
        await settle(pilot, lambda: screen.phase == "done")
        said = feedback_text(app)
        assert "You said 69, no redouble: the count is 69, redouble, take." in said and "You: 60 pips" in said
        await pilot.press("enter")
        await settle(pilot, lambda: screen.phase == "over")
        assert "1 right of 2." in shown(app)
    store = ProgressStore(tmp_path)
    try:
        answers = store.knowledge.knowledge_answers("keith")
        assert [(a.question, a.answer, a.correct) for a in answers] == [
            ("hand", "69 double-take", True),
            ("hand-redouble", "69 no-double", False),
        ]
    finally:
        store.close()
