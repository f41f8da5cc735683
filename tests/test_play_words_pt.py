"""The words of a game in Portuguese keep what ``test_play_words`` checks in English: a roll with no legal play is no
pass, each side's plays in its own numbering, the dice written the higher die first everywhere, the cube
hint from the learner's side, no nested brackets, a bear-off difference worded by its sign, the learner's score
first, and the take under 25% explained."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_play_words import STATE, closed_out, cube_hint_decision, play_event
from textual.binding import Binding

from trainer import i18n
from trainer.analysis import Chances, RankedPlay
from trainer.content import wording as content_wording
from trainer.engine import Dice, EngineError, MatchScore, Position, Side, explain, legal_plays, parse_play
from trainer.play import GameSetup, Played, Role, Rolled, Summary
from trainer.play import wording as play_wording
from trainer.play.cube import CubeJudgement
from trainer.play.game import AnswerHint, DoubleHint
from trainer.play.tutor import answer_equities, judge_answer, judge_play
from trainer.tui.wording import game as game_words


@pytest.fixture(autouse=True)
def portuguese() -> Iterator[None]:
    i18n.use_language("pt")
    yield
    i18n.use_language("en")


def test_a_roll_with_no_legal_play_is_no_pass() -> None:
    dice = Dice(5, 4)
    (dance,) = legal_plays(closed_out(), dice)
    event = Played(3, 1, Side.O, STATE, STATE, dice, dance)
    assert game_words.event_line(Role.LEARNER, event) == "Você tirou 5-4 e não pode mover."
    assert game_words.event_line(Role.SECOND_PLAYER, event) == "Jogador 2 tirou 5-4 e não pode mover."
    ranked = [RankedPlay(1, dance, -0.5, -0.5, Chances(0.3, 0.0, 0.0, 0.1, 0.0), 0.0, 1)]
    assert play_wording.verdict_text(judge_play(ranked, dance, "1-ply")) == (
        "Nenhuma jogada legal: você não pode mover (-0,500)."
    )


def test_each_sides_play_is_in_its_own_numbering() -> None:
    event = play_event(Side.O, Position.start(), Dice(6, 5), "24/18 13/8")
    assert game_words.event_line(Role.COMPUTER, event).endswith("jogou 24/18 13/8 com 6-5.")
    assert game_words.event_line(Role.SECOND_PLAYER, event) == "Jogador 2 jogou 24/18 13/8 com 6-5."
    assert game_words.event_line(Role.LEARNER, event) == "Você jogou 24/18 13/8 com 6-5."


def test_a_roll_is_written_the_higher_die_first_everywhere() -> None:
    dice = Dice(1, 5)
    rolled = Rolled(2, 1, Side.X, STATE, STATE, dice)
    assert game_words.event_line(Role.LEARNER, rolled) == "Você tirou ⚄⚀ 5-1."
    assert "5-1" in game_words.move_prompt(Role.LEARNER, Side.X, dice)
    assert "5-4" in explain(closed_out(), (4, 5)).text and "4-5" not in explain(closed_out(), (4, 5)).text
    with pytest.raises(EngineError) as refused:
        parse_play(Position.start(), (1, 5), "13/8 8/3")
    assert "você tirou 5-1" in str(refused.value) and "1-5" not in str(refused.value)


def test_the_cube_hint_gives_the_learners_own_figures() -> None:
    decision = cube_hint_decision()
    verdict = judge_answer(decision, "take", "1-ply", beaver_allowed=False)
    answers = tuple(answer_equities(decision, beaver_allowed=False).items())
    hint = AnswerHint(CubeJudgement(decision, "1-ply"), verdict, answers)
    said = game_words.hint_cube(play_wording.hint_advice(hint), hint)
    assert said == "Dica: Aceitar (-0,707 para você). Sua equidade: aceitar -0,707, recusar -1,000."
    before = DoubleHint(CubeJudgement(decision, "1-ply"))
    assert game_words.hint_cube(play_wording.hint_advice(before), before).endswith(
        "Sua equidade: sem dobra +0,648, dobra/aceita +0,707, dobra/recusa +1,000."
    )


def test_a_players_turn_has_no_nested_brackets() -> None:
    said = game_words.roll_prompt(Role.FIRST_PLAYER, Side.X, bonus=False, may_double=True)
    assert said == "Vez de Jogador 1 ●: jogue os dados (r ou enter) ou dobre (d)."
    depth = 0
    for character in said:
        depth += {"(": 1, ")": -1}.get(character, 0)
        assert depth <= 1, said


def test_a_bearoff_difference_is_worded_as_its_sign_says() -> None:
    fewer = content_wording.bearoff_worse("6/off", "x", rolls=0.21)
    more = content_wording.bearoff_worse("6/off", "x", rolls=-0.21)
    assert "0,21 lances a menos" in fewer and "0,21 lances a mais" in more and "-0,21" not in more
    assert "mesmo número de lances" in content_wording.bearoff_worse("6/off", "x", rolls=0.001)
    less = content_wording.bearoff_worse("6/off", "f", points=-2.5)
    assert "2,5 pontos percentuais a menos" in less and "-2,5" not in less
    assert "2,5 pontos percentuais a mais" in content_wording.bearoff_worse("6/off", "f", points=2.5)


def test_a_match_result_gives_the_learners_score_first() -> None:
    tutored = GameSetup("standard", "computer", 3, level="beginner")
    lost = Summary(tutored, True, MatchScore(3, 0, 3), (), Side.O, tutored=True, judged=False)
    assert play_wording.headline(lost) == "Você perdeu a partida de 3 pontos por 0-3."
    won = Summary(tutored, True, MatchScore(3, 3, 1), (), Side.X, tutored=True, judged=False)
    assert play_wording.headline(won) == "Você venceu a partida de 3 pontos por 3-1."
    two = GameSetup("standard", "two", 3)
    assert play_wording.headline(Summary(two, True, MatchScore(3, 1, 3), (), Side.O)) == (
        "Jogador 2 venceu a partida de 3 pontos por 3-1."
    )


def test_a_take_under_25_percent_says_the_cube_makes_up_the_difference() -> None:
    from trainer.content.cube import CubeTask
    from trainer.content.puzzles import load_puzzles

    puzzle = next(puzzle for puzzle in load_puzzles().puzzles if puzzle.id == "cube-0021")
    words = CubeTask.of_puzzle(puzzle).words()
    assert "X vence 77% das vezes, e O 23%." in words
    assert "ser dono do cubo depois de aceitar compensa a diferença, então a dobra é para aceitar" in words


def test_a_stored_result_is_said_in_portuguese_even_one_an_older_release_stored_in_english() -> None:
    from trainer.engine import GameResult, WinKind

    money = GameSetup("standard", "computer", 0, level="beginner")
    passed = GameResult(Side.O, WinKind.SINGLE, cube=1, passed=True)
    said = play_wording.headline(Summary(money, True, MatchScore(0, 0, 1), (passed,), Side.O, tutored=True))
    old = "You lost a single game for 1 point (the double was passed)."
    assert said != old and "1 ponto" in said and "dobra" in said
    assert play_wording.stored_result(old, 0, 0, 1) == play_wording.stored_result("lost single 1 passed", 0, 0, 1)
    assert play_wording.stored_result("lost single 1 passed", 0, 0, 1) == said
    match = GameSetup("standard", "computer", 5, level="strong")
    won = play_wording.headline(Summary(match, True, MatchScore(5, 5, 3), (), Side.X, tutored=True))
    assert play_wording.stored_result("You won the 5-point match 5-3.", 5, 5, 3) == won
    assert play_wording.level_name("intermediate") == "intermediário"


def test_the_review_menu_says_a_game_played_here_in_portuguese() -> None:
    from datetime import datetime

    from trainer.store import StoredGame
    from trainer.tui.wording.game_review import game_to_review

    started = datetime(2026, 12, 4, 18, 5).timestamp()
    old = "You lost a single game for 1 point (the double was passed)."
    game = StoredGame("a", 1, "{}", 0, "intermediate", 0, 1, old, started, started, started, 1)
    line = game_to_review(game)
    assert "intermediário" in line and "4 de dez. 18:05" in line
    assert line.endswith(play_wording.stored_result(old, 0, 0, 1)) and "You " not in line


def test_a_hints_ranking_writes_its_figures_and_chance_labels_in_portuguese() -> None:
    assert game_words.ranked_hint(1, "8/5 6/5", 0.1234, 51.63, 12.3) == (
        "★ 1. 8/5 6/5         +0,123\n     V 51,6%  G 12,3%"
    )


def test_the_footer_names_the_arrow_keys_in_portuguese() -> None:
    from trainer.tui.widgets.board import BoardView

    moves = {
        i18n._(binding.description) for binding in BoardView.BINDINGS if isinstance(binding, Binding) and binding.show
    }
    assert moves == {"Mover", "Escolher"}


def test_the_counts_of_decisions_and_mistakes_agree_with_their_nouns_zero_in_the_plural() -> None:
    assert play_wording.decision_counts(1, 0, 1) == "1 decisão (0 jogadas de pedras, 1 decisão de cubo)"
    assert play_wording.error_counts(1, 0, 2) == "1 duvidosa, 0 ruins, 2 muito ruins"
