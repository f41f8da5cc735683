"""The words of a game as the learner reads them: a roll with no legal play, each side's plays in its own numbering,
the dice written one way everywhere."""

from __future__ import annotations

from dataclasses import MISSING, fields

from trainer.analysis import Chances, CubeDecision
from trainer.engine import Dice, GameState, Phase, Position, Side, legal_plays
from trainer.play import Played, Role, Rolled
from trainer.play import wording as play_wording
from trainer.play.cube import CubeJudgement
from trainer.play.game import AnswerHint, CannotDoubleHint, DoubleHint, PlayHint
from trainer.play.tutor import answer_equities, judge_answer
from trainer.tui.wording import game as game_words

STATE = GameState(position=Position.start(), turn=Side.O, phase=Phase.MOVE, dice=Dice(4, 5))


def play_event(role_side: Side, position: Position, dice: Dice, notation: str) -> Played:
    plays = {str(play): play for play in legal_plays(position, dice)}
    return Played(3, 1, role_side, STATE, STATE, dice, plays[notation])


def closed_out() -> Position:
    """X to roll with a checker on the bar against a closed board: no roll can be played."""
    return Position.from_points({13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, player_bar=1)


def test_a_roll_with_no_legal_play_is_said_as_such_not_as_a_pass() -> None:
    dice = Dice(5, 4)
    (dance,) = legal_plays(closed_out(), dice)
    assert dance.is_pass
    event = Played(3, 1, Side.O, STATE, STATE, dice, dance)
    for role in (Role.COMPUTER, Role.LEARNER, Role.SECOND_PLAYER):
        line = game_words.event_line(role, event)
        assert "pass" not in line and "cannot move" in line and "5-4" in line, line
    assert game_words.event_line(Role.COMPUTER, event) == "Computer rolled 5-4 and cannot move."
    assert game_words.event_line(Role.LEARNER, event) == "You rolled 5-4 and cannot move."
    assert game_words.computer_plays(Role.COMPUTER, dance) == "Computer cannot move."


def test_each_sides_play_is_written_in_its_own_numbering() -> None:
    """The computer's play as backgammon notation (and the .mat file) writes it: from its own side, its 24-point the
    furthest back, as a person's is from theirs."""
    event = play_event(Side.O, Position.start(), Dice(6, 5), "24/18 13/8")
    assert game_words.event_line(Role.COMPUTER, event) == "Computer played 24/18 13/8 with 6-5."
    assert game_words.computer_plays(Role.COMPUTER, event.play) == "Computer plays 24/18 13/8."  # type: ignore[arg-type]
    assert game_words.event_line(Role.SECOND_PLAYER, event) == "Player 2 played 24/18 13/8 with 6-5."
    assert game_words.event_line(Role.LEARNER, event) == "You played 24/18 13/8 with 6-5."
    hit = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {20: 13, 3: 1, 4: 1})
    entering = Position.from_points({13: 14}, {19: 5, 1: 10}, player_bar=1)
    for position, dice, notation in ((hit, Dice(2, 1), "24/22*/21*"), (entering, Dice(6, 5), "bar/20 13/7")):
        played = play_event(Side.O, position, dice, notation)
        assert game_words.computer_plays(Role.COMPUTER, played.play) == f"Computer plays {notation}."  # type: ignore[arg-type]


def test_a_roll_is_written_the_higher_die_first_everywhere() -> None:
    dice = Dice(1, 5)
    rolled = Rolled(2, 1, Side.X, STATE, STATE, dice)
    assert game_words.event_line(Role.LEARNER, rolled) == "You rolled ⚄⚀ 5-1."
    assert game_words.computer_rolled(Role.COMPUTER, dice, bonus=False) == "Computer rolled ⚄⚀ 5-1."
    assert "5-1" in game_words.move_prompt(Role.LEARNER, Side.X, dice)


def test_the_engines_words_write_a_roll_the_higher_die_first() -> None:
    from trainer.engine import explain, parse_play
    from trainer.engine.errors import EngineError

    assert "5-4" in explain(closed_out(), (4, 5)).text and "4-5" not in explain(closed_out(), (4, 5)).text
    try:
        parse_play(Position.start(), (1, 5), "24/23 24/23")
    except EngineError as error:
        assert "with 5-1" in str(error) and "1-5" not in str(error), str(error)
    else:
        raise AssertionError("24/23 24/23 is not a play of 1-5")
    try:
        parse_play(Position.start(), (1, 5), "13/8 8/3")
    except EngineError as error:
        assert "you rolled 5-1" in str(error), str(error)
    else:
        raise AssertionError("13/8 8/3 is not a play of 1-5")


def cube_hint_decision() -> CubeDecision:
    chances = Chances(win=0.8, win_gammon=0.1, win_backgammon=0.0, lose_gammon=0.02, lose_backgammon=0.0)
    return CubeDecision(
        no_double=0.648, double_take=0.707, double_pass=1.0, cubeless_equity=0.6, chances=chances, plies=1
    )


def test_a_cube_hint_on_a_double_to_answer_gives_every_figure_from_the_learners_side() -> None:
    decision = cube_hint_decision()  # the computer's, as it doubles
    verdict = judge_answer(decision, "take", "1-ply", beaver_allowed=False)
    answers = tuple(answer_equities(decision, beaver_allowed=False).items())
    hint = AnswerHint(CubeJudgement(decision, "1-ply"), verdict, answers)
    said = game_words.hint_cube(play_wording.hint_advice(hint), hint)
    assert said == "Hint: Take (-0.707 for you). Your equity: take -0.707, pass -1.000."
    assert "+0.648" not in said and "+0.707" not in said  # the doubler's figures are not shown as the learner's


def test_a_cube_hint_before_rolling_gives_the_learners_own_figures_and_says_whose() -> None:
    hint = DoubleHint(CubeJudgement(cube_hint_decision(), "1-ply"))
    said = game_words.hint_cube(play_wording.hint_advice(hint), hint)
    assert said.endswith("Your equity: no double +0.648, double/take +0.707, double/pass +1.000.")


def test_each_hint_carries_its_own_fields_every_one_required() -> None:
    """A hint holds exactly what its case has: no field left empty for the others' sake."""
    hints = (PlayHint, CannotDoubleHint, DoubleHint, AnswerHint)
    assert {hint.__name__: tuple(field.name for field in fields(hint)) for hint in hints} == {
        "PlayHint": ("ranked",),
        "CannotDoubleHint": ("problem",),
        "DoubleHint": ("cube",),
        "AnswerHint": ("cube", "verdict", "answers"),
    }
    assert all(field.default is MISSING and field.default_factory is MISSING for h in hints for field in fields(h))


def test_a_players_turn_is_said_without_a_possessive_on_a_bracket_nor_nested_brackets() -> None:
    said = [
        game_words.roll_prompt(Role.FIRST_PLAYER, Side.X, bonus=False, may_double=True),
        game_words.roll_prompt(Role.SECOND_PLAYER, Side.O, bonus=False, may_double=False),
        game_words.roll_prompt(Role.SECOND_PLAYER, Side.O, bonus=True, may_double=False),
        game_words.move_prompt(Role.FIRST_PLAYER, Side.X, Dice(5, 2)),
        game_words.no_play_prompt(Role.SECOND_PLAYER, Side.O, Dice(5, 2)),
        game_words.answer_prompt(Role.FIRST_PLAYER, Side.X, Role.SECOND_PLAYER, Side.O, 2),
    ]
    assert said[0] == "Player 1 ● to play: roll (r or enter) or double (d)."
    for line in said:
        assert ")'s" not in line and "'s turn" not in line, line
        depth = 0
        for character in line:
            depth += {"(": 1, ")": -1}.get(character, 0)
            assert depth <= 1, line


def test_a_bearoff_difference_is_worded_as_its_sign_says() -> None:
    from trainer.content import wording as content_wording

    fewer = content_wording.bearoff_worse("6/off", "you need 6.64 rolls", rolls=6.64 - 6.43)
    assert fewer.endswith("The best play needs 0.21 fewer rolls on average.")
    more = content_wording.bearoff_worse("6/off", "you need 6.44 rolls", rolls=6.44 - 6.65)
    assert "0.21 more rolls" in more and "fewer" not in more and "-0.21" not in more
    same = content_wording.bearoff_worse("6/off", "you need 6.44 rolls", rolls=0.001)
    assert "as many rolls" in same and "fewer" not in same
    assert "2.5 percentage points more often" in content_wording.bearoff_worse("6/off", "f", points=2.5)
    less = content_wording.bearoff_worse("6/off", "f", points=-2.5)
    assert "2.5 percentage points less often" in less and "-2.5" not in less
    assert "as often" in content_wording.bearoff_worse("6/off", "f", points=0.01)


def test_a_match_result_gives_the_learners_score_first_win_or_lose() -> None:
    from trainer.engine import MatchScore
    from trainer.play import GameSetup, Summary

    tutored = GameSetup("standard", "computer", 3, level="beginner")
    lost = Summary(tutored, True, MatchScore(3, 0, 3), (), Side.O, tutored=True, judged=False)
    assert play_wording.headline(lost) == "You lost the 3-point match 0-3."
    won = Summary(tutored, True, MatchScore(3, 3, 1), (), Side.X, tutored=True, judged=False)
    assert play_wording.headline(won) == "You won the 3-point match 3-1."
    acey = GameSetup("acey-deucey", "computer", 3, cube=False)
    lost = Summary(acey, True, MatchScore(3, 1, 3), (), Side.O)
    assert play_wording.headline(lost) == "You lost the 3-point match 1-3."
    two = GameSetup("standard", "two", 3)
    assert play_wording.headline(Summary(two, True, MatchScore(3, 1, 3), (), Side.O)) == (
        "Player 2 won the 3-point match 3-1."
    )


def test_a_double_taken_under_25_percent_says_the_cube_makes_up_the_difference() -> None:
    from trainer.content.cube import CubeTask
    from trainer.content.puzzles import load_puzzles

    puzzle = next(puzzle for puzzle in load_puzzles().puzzles if puzzle.id == "cube-0021")
    words = CubeTask.of_puzzle(puzzle).words()
    assert "X wins 77% of the time and O 23%." in words
    assert "owning the cube after the take makes up the difference, so the double is a take" in words


def test_the_tutor_on_a_roll_with_no_legal_play_does_not_call_it_a_pass() -> None:
    from trainer.analysis import RankedPlay
    from trainer.play.tutor import judge_play

    (dance,) = legal_plays(closed_out(), Dice(5, 4))
    chances = Chances(win=0.3, win_gammon=0.0, win_backgammon=0.0, lose_gammon=0.1, lose_backgammon=0.0)
    verdict = judge_play([RankedPlay(1, dance, -0.5, -0.5, chances, 0.0, 1)], dance, "1-ply")
    said = play_wording.verdict_text(verdict)
    assert said == "No legal play: you cannot move (-0.500)." and "pass" not in said.lower()


def test_a_finished_games_result_is_stored_as_words_of_its_own_and_said_when_shown() -> None:
    from trainer.engine import GameResult, MatchScore, WinKind
    from trainer.play import GameSetup, StoredResult, Summary

    money = GameSetup("standard", "computer", 0, level="beginner")
    passed = GameResult(Side.O, WinKind.SINGLE, cube=1, passed=True)
    summary = Summary(money, True, MatchScore(0, 0, 1), (passed,), Side.O, tutored=True)
    stored = StoredResult.of(summary)
    assert stored == StoredResult(False, WinKind.SINGLE, 1, passed=True) and stored.code() == "lost single 1 passed"
    assert StoredResult.read(stored.code()) == stored
    assert play_wording.stored_result(stored.code(), 0, 0, 1) == play_wording.headline(summary)
    match = GameSetup("standard", "computer", 5, level="strong")
    won = Summary(match, True, MatchScore(5, 5, 3), (), Side.X, tutored=True)
    assert StoredResult.of(won) == StoredResult(True) and StoredResult(True).code() == "won match"
    assert play_wording.stored_result("won match", 5, 5, 3) == play_wording.headline(won)
    assert StoredResult.of(Summary(money, False, MatchScore(0, 0, 0), (), None, tutored=True)) is None


def test_a_result_an_older_release_stored_in_english_is_read_back_and_any_other_text_shown_as_it_is() -> None:
    from trainer.engine import WinKind
    from trainer.play import StoredResult

    old = "You lost a single game for 1 point (the double was passed)."
    assert StoredResult.read(old) == StoredResult(False, WinKind.SINGLE, 1, passed=True)
    assert StoredResult.read("You won a backgammon for 6 points.") == StoredResult(True, WinKind.BACKGAMMON, 6)
    assert StoredResult.read("You won the 5-point match 5-3.") == StoredResult(True)
    assert [StoredResult.read(text) for text in ("won", "won single", "lost gammon 2 twice", "")] == [None] * 4
    assert play_wording.stored_result("Você venceu.", 0, 1, 0) == "Você venceu."
    assert play_wording.stored_result("won\x1b[2J", 0, 1, 0) == "won␛[2J"


def test_the_counts_of_decisions_and_mistakes_agree_with_their_nouns() -> None:
    assert play_wording.decision_counts(1, 0, 1) == "1 decision (0 checker plays, 1 cube decision)"
    assert play_wording.decision_counts(40, 35, 5) == "40 decisions (35 checker plays, 5 cube decisions)"
    assert play_wording.error_counts(1, 0, 2) == "1 doubtful, 0 bad, 2 very bad"
