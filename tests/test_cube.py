"""The doubling cube and match play: the cube and score values, doubling, taking and passing in a game, the
Jacoby rule and beavers in money play, and whole matches with the Crawford game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from trainer.engine import (
    Cube,
    CubeError,
    EngineError,
    Game,
    GameResult,
    GameStateError,
    Match,
    MatchError,
    MatchScore,
    MoneyOptions,
    Phase,
    Position,
    Side,
    WinKind,
)


def scripted(values: Iterable[int]) -> Callable[[], int]:
    iterator = iter(values)
    return lambda: next(iterator)


def game_after_opening(
    dice: Iterable[int] = (3, 1, 6, 5, 4, 2, 5, 3, 2, 1, 6, 6),
    *,
    match: MatchScore | None = None,
    options: MoneyOptions | None = None,
) -> Game:
    """X wins the opening with 3-1 and plays 8/5 6/5: O is on roll, before rolling."""
    game = Game(roll_die=scripted(dice), match=match, options=options)
    game.roll_opening()
    game.play("8/5 6/5")
    assert game.phase is Phase.ROLL and game.turn is Side.O
    return game


def snapshot(game: Game) -> object:
    return game.state


# --- the cube as a value ---------------------------------------------------------------------------------------


def test_a_cube_starts_in_the_middle_at_one_and_either_side_may_turn_it() -> None:
    cube = Cube()
    assert (cube.value, cube.owner, cube.is_centered, cube.is_turned) == (1, None, True, False)
    assert cube.may_double(Side.X) and cube.may_double(Side.O)
    taken = cube.doubled(Side.O)
    assert taken == Cube(2, Side.O) and not taken.is_centered and taken.is_turned
    assert taken.may_double(Side.O)
    assert taken.double_problem(Side.X) == "X cannot double: O owns the cube, and only its owner may redouble"
    assert taken.doubled(Side.X) == Cube(4, Side.X)
    assert str(Cube()) == "cube 1, in the middle" and str(Cube(8, Side.X)) == "cube 8, X's"


@pytest.mark.parametrize("value", [0, 3, 6, 128, -2, True])
def test_a_cube_shows_only_powers_of_two_up_to_64(value: int) -> None:
    with pytest.raises(CubeError, match="1, 2, 4, 8, 16, 32 or 64"):
        Cube(value)


def test_the_cube_stops_at_64() -> None:
    top = Cube(64, Side.X)
    assert top.double_problem(Side.X) == "the cube is at 64, its highest value: it cannot be turned again"
    with pytest.raises(CubeError, match="highest value"):
        top.doubled(Side.O)
    assert isinstance(CubeError("x"), EngineError)


# --- the score as a value --------------------------------------------------------------------------------------


def test_money_play_has_no_length_and_never_ends() -> None:
    money = MatchScore.money()
    assert money.is_money and not money.is_over and money.winner is None
    assert money.after(GameResult(Side.X, WinKind.GAMMON, 4)) == MatchScore(0, 8, 0)
    assert str(money) == "money play"
    with pytest.raises(MatchError, match="no match length"):
        money.away(Side.X)


def test_a_score_is_added_up_to_the_length_and_the_match_ends_there() -> None:
    score = MatchScore.match(5)
    assert (score.away(Side.X), score.away(Side.O)) == (5, 5)
    score = score.after(GameResult(Side.O, WinKind.SINGLE, 2))
    assert (score.x, score.o, score.crawford) == (0, 2, False)
    score = score.after(GameResult(Side.O, WinKind.BACKGAMMON, 2))  # 6 more points: the score stops at 5
    assert (score.x, score.o) == (0, 5) and score.is_over and score.winner is Side.O
    with pytest.raises(MatchError, match="the match is over: O has won 0-5"):
        score.after(GameResult(Side.X, WinKind.SINGLE))


def test_the_crawford_game_follows_the_first_reaching_of_one_point_short() -> None:
    score = MatchScore(7, 4, 2).after(GameResult(Side.X, WinKind.GAMMON))  # X reaches 6
    assert score == MatchScore(7, 6, 2, crawford=True)
    assert str(score) == "X 6, O 2 in a 7-point match (Crawford game)"
    assert "no doubling in the Crawford game: X is one point from winning" in (score.doubling_problem() or "")
    # O wins the Crawford game: the next games are post-Crawford, with the cube back.
    after = score.after(GameResult(Side.O, WinKind.SINGLE, 1))
    assert after == MatchScore(7, 6, 3) and after.is_post_crawford and after.doubling_problem() is None
    # O reaching 6 later starts no second Crawford game.
    assert after.after(GameResult(Side.O, WinKind.SINGLE, 1)) == MatchScore(7, 6, 4)
    assert after.after(GameResult(Side.O, WinKind.GAMMON, 1)).crawford is False
    # Jumping straight past 6 to the end leaves no Crawford game either.
    assert MatchScore(7, 3, 0).after(GameResult(Side.X, WinKind.SINGLE, 4)) == MatchScore(7, 7, 0)


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: MatchScore(-1), "the match length cannot be negative"),
        (lambda: MatchScore(7, x=-2), "X's score cannot be negative"),
        (lambda: MatchScore(7, o=8), "O's score 8 is beyond the 7-point match"),
        (lambda: MatchScore(0, crawford=True), "no Crawford game in money play"),
        (lambda: MatchScore(7, 3, 2, crawford=True), "at 3-2 in a 7-point match this cannot be the Crawford game"),
        (lambda: MatchScore(7, 6, 6, crawford=True), "this cannot be the Crawford game"),
        (lambda: MatchScore.match(0), "at least 1 point"),
    ],
)
def test_impossible_scores_are_refused_in_words(make: Callable[[], MatchScore], fragment: str) -> None:
    with pytest.raises(MatchError, match=fragment):
        make()


def test_money_options_are_named_and_belong_to_money_play() -> None:
    assert MoneyOptions().names == () and str(MoneyOptions()) == "no Jacoby rule, no beavers"
    assert str(MoneyOptions(jacoby=True, beavers=True)) == "Jacoby rule and beavers"
    assert MatchScore().options_problem(MoneyOptions(jacoby=True)) is None
    assert MatchScore(7).options_problem(MoneyOptions(jacoby=True)) == (
        "the Jacoby rule applies only to money play, not to a 7-point match"
    )
    for options in (MoneyOptions(jacoby=True), MoneyOptions(beavers=True)):
        with pytest.raises(CubeError, match="only to money play, not to a 5-point match"):
            Game(match=MatchScore(5), options=options)


# --- doubling in a game ----------------------------------------------------------------------------------------


def test_double_take_gives_the_taker_the_cube_at_twice_the_value_and_the_doubler_rolls() -> None:
    game = game_after_opening()
    assert game.may_double and game.deciding is Side.O
    game.double()
    assert game.phase is Phase.DOUBLED and game.turn is Side.O and game.deciding is Side.X
    assert game.cube == 1  # nothing changes until the answer
    game.take()
    assert game.phase is Phase.ROLL and game.turn is Side.O
    assert game.doubling_cube == Cube(2, Side.X) and game.cube == 2 and game.cube_owner is Side.X
    # The doubler has given the cube away: it rolls now, and may not double again.
    assert game.double_problem() == "O cannot double: X owns the cube, and only its owner may redouble"
    with pytest.raises(CubeError, match="only its owner may redouble"):
        game.double()
    assert game.roll() == (6, 5)
    game.play("24/13")
    # X, the owner, may redouble at the start of its turn.
    assert game.turn is Side.X and game.may_double
    game.double()
    game.take()
    assert game.doubling_cube == Cube(4, Side.O)


def test_a_pass_ends_the_game_at_the_value_before_the_double() -> None:
    game = game_after_opening()
    game.doubling_cube = Cube(2, Side.O)  # O owns a 2-cube and redoubles
    game.double()
    result = game.drop()
    assert result == GameResult(Side.O, WinKind.SINGLE, 2, passed=True)
    assert result.points == 2
    assert game.phase is Phase.OVER and game.result == result and game.turn is Side.O
    with pytest.raises(GameStateError, match="the game is over"):
        game.roll()
    with pytest.raises(CubeError, match="the game is over"):
        game.double()
    with pytest.raises(CubeError, match="the game is over: there is no double to take"):
        game.take()


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        ("opening", "nobody may double before the game starts"),
        ("rolled", "O may double only at the start of the turn, before rolling: the dice are already rolled"),
        ("opening numbers", "X may double only at the start of the turn, before rolling"),
        ("doubled", "O has already doubled: X must take or pass first"),
        ("owned", "O cannot double: X owns the cube"),
        ("64", "the cube is at 64"),
        ("crawford", "no doubling in the Crawford game: X is one point from winning the 5-point match (4-2)"),
    ],
)
def test_refused_doubles_say_which_rule_and_leave_the_game_unchanged(setup: str, fragment: str) -> None:
    dice = (3, 1, 6, 5, 4, 2)
    if setup == "opening":
        game = Game(roll_die=scripted(dice))
    elif setup == "opening numbers":
        game = Game(roll_die=scripted(dice))
        game.roll_opening()
    elif setup == "crawford":
        game = game_after_opening(dice, match=MatchScore(5, 4, 2, crawford=True))
    else:
        game = game_after_opening(dice)
        if setup == "rolled":
            game.roll()
        elif setup == "doubled":
            game.double()
        elif setup == "owned":
            game.doubling_cube = Cube(2, Side.X)
        elif setup == "64":
            game.doubling_cube = Cube(64, Side.O)
    before = snapshot(game)
    assert not game.may_double
    assert fragment in (game.double_problem() or "")
    with pytest.raises(CubeError) as caught:
        game.double()
    assert fragment in str(caught.value)
    assert snapshot(game) == before


def test_a_double_must_be_answered_before_anything_else() -> None:
    game = game_after_opening()
    game.double()
    before = snapshot(game)
    with pytest.raises(GameStateError, match="O has doubled: X must take or pass first"):
        game.roll()
    with pytest.raises(GameStateError, match="X must take or pass"):
        game.legal_plays()
    with pytest.raises(GameStateError, match="X must take or pass"):
        game.play("24/18 13/8")
    assert snapshot(game) == before


@pytest.mark.parametrize("action", ["take", "drop", "beaver"])
def test_take_pass_and_beaver_need_a_double_on_offer(action: str) -> None:
    game = game_after_opening(options=MoneyOptions(beavers=True))
    before = snapshot(game)
    with pytest.raises(CubeError, match="no double"):
        getattr(game, action)()
    assert snapshot(game) == before


def test_post_crawford_games_allow_doubling() -> None:
    game = game_after_opening(match=MatchScore(5, 4, 2))
    assert game.match.is_post_crawford and game.may_double
    game.double()
    assert game.drop() == GameResult(Side.O, WinKind.SINGLE, 1, passed=True)


# --- what a game is worth ----------------------------------------------------------------------------------------


def finish(game: Game, loser: str) -> GameResult:
    """Let the side on roll bear off its last checker against ``loser`` (in the winner's numbering)."""
    game.position = Position.from_text(f"X: 1 / O: {loser}")
    game.roll()
    result = game.play("1/off")
    assert result is not None
    return result


@pytest.mark.parametrize(
    ("loser", "kind"), [("12x14", WinKind.SINGLE), ("12x15", WinKind.GAMMON), ("bar 19x14", WinKind.BACKGAMMON)]
)
def test_a_game_is_worth_the_cube_times_one_two_or_three(loser: str, kind: WinKind) -> None:
    game = game_after_opening()
    game.double()
    game.take()
    result = finish(game, loser)
    assert result == GameResult(Side.O, kind, 2) and result.points == 2 * kind.value


@pytest.mark.parametrize("jacoby", [False, True])
def test_the_jacoby_rule_counts_gammons_only_once_the_cube_is_turned(jacoby: bool) -> None:
    options = MoneyOptions(jacoby=jacoby)
    untouched = finish(game_after_opening(options=options), "12x15")
    assert untouched.kind is WinKind.GAMMON and untouched.jacoby is jacoby
    assert untouched.points == (1 if jacoby else 2)
    turned = game_after_opening(options=options)
    turned.double()
    turned.take()
    result = finish(turned, "bar 19x14")
    assert result == GameResult(Side.O, WinKind.BACKGAMMON, 2) and result.points == 6
    single = finish(game_after_opening(options=options), "12x14")
    assert single.points == 1 and not single.jacoby


def test_in_a_match_gammons_always_count() -> None:
    result = finish(game_after_opening(match=MatchScore(7)), "12x15")
    assert result.points == 2 and not result.jacoby


# --- beavers -----------------------------------------------------------------------------------------------------


def test_a_beaver_redoubles_at_once_and_keeps_the_cube() -> None:
    game = game_after_opening(options=MoneyOptions(beavers=True))
    game.double()
    game.beaver()
    assert game.phase is Phase.BEAVERED and game.deciding is Side.O
    assert game.doubling_cube == Cube(2, Side.X)
    with pytest.raises(GameStateError, match="X has beavered: O must take or pass first"):
        game.roll()
    with pytest.raises(CubeError, match="X has beavered: O must take or pass first"):
        game.double()
    game.take()
    assert game.phase is Phase.ROLL and game.turn is Side.O and game.doubling_cube == Cube(4, Side.X)
    game.roll()


def test_passing_a_beaver_loses_the_doubled_value() -> None:
    game = game_after_opening(options=MoneyOptions(beavers=True))
    game.double()
    game.beaver()
    result = game.drop()
    assert result == GameResult(Side.X, WinKind.SINGLE, 2, passed=True) and result.points == 2
    # The final position is seen from the winner, who holds the turn.
    assert game.turn is Side.X and game.position.player[8] == 2


@pytest.mark.parametrize(
    ("match", "options", "cube", "fragment"),
    [
        (None, None, Cube(), "beavers are not allowed in this game"),
        (MatchScore(7), None, Cube(), "beavers belong to money play, not to a 7-point match"),
        (None, MoneyOptions(beavers=True), Cube(32, Side.O), "a redouble would take it beyond 64"),
    ],
)
def test_refused_beavers_say_why(
    match: MatchScore | None, options: MoneyOptions | None, cube: Cube, fragment: str
) -> None:
    game = game_after_opening(match=match, options=options)
    game.doubling_cube = cube
    game.double()
    before = snapshot(game)
    with pytest.raises(CubeError, match=fragment):
        game.beaver()
    assert snapshot(game) == before
    game.take()  # a plain take is still there
    assert game.cube == cube.value * 2


# --- whole matches ------------------------------------------------------------------------------------------------


def play_match(match: Match, chooser: random.Random) -> list[tuple[MatchScore, bool]]:
    """Play ``match`` to the end with random plays and cube actions; check the cube rules at every turn.

    Returns, for each game, the score before it and whether anyone doubled in it."""
    games = []
    while True:
        game = match.game
        doubled = False
        game.roll_opening()
        for _ in range(3000):
            if game.phase is Phase.OVER:
                break
            if game.phase is Phase.ROLL:
                if game.match.crawford:
                    assert not game.may_double
                    with pytest.raises(CubeError, match="Crawford"):
                        game.double()
                if game.may_double and chooser.random() < 0.15:
                    game.double()
                    doubled = True
                    if chooser.random() < 0.3:
                        game.drop()
                        break
                    game.take()
                game.roll()
            game.play(chooser.choice(game.legal_plays()))
        assert game.result is not None
        games.append((game.match, doubled))
        before, result = game.match, game.result
        assert match.results[-1] == result
        assert match.score == before.after(result)
        if match.is_over:
            assert match.winner is result.winner
            assert match.score.score(result.winner) == match.length
            with pytest.raises(MatchError, match="the match is over"):
                match.next_game()
            return games
        match.next_game()
        assert match.game is not game and match.game.match == match.score


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_seeded_matches_run_to_the_end_with_the_crawford_game_in_its_place(seed: int) -> None:
    match = Match(5, seed=seed)
    assert match.score == MatchScore(5) and not match.is_over and match.winner is None
    with pytest.raises(MatchError, match="the current game is not over"):
        match.next_game()
    games = play_match(match, random.Random(seed))
    scores = [score for score, _ in games]
    assert [score.crawford for score in scores].count(True) <= 1
    for score, doubled in games:
        if score.crawford:
            assert not doubled
    crawford = [index for index, score in enumerate(scores) if score.crawford]
    for index, score in enumerate(scores):
        reached = any(4 in (earlier.x, earlier.o) for earlier in scores[: index + 1])
        first_time = reached and not any(4 in (earlier.x, earlier.o) for earlier in scores[:index])
        assert score.crawford == first_time
        if index > (crawford[0] if crawford else len(scores)):
            assert score.is_post_crawford or 4 not in (score.x, score.o)
    assert len(match.results) == len(games)
    total = sum(result.points for result in match.results)
    assert match.score.x + match.score.o <= total


def test_the_same_seed_gives_the_same_match() -> None:
    first, second = Match(3, seed=9), Match(3, seed=9)
    play_match(first, random.Random(0))
    play_match(second, random.Random(0))
    assert first.results == second.results and first.score == second.score


def test_a_match_can_start_from_a_score() -> None:
    match = Match(7, score=MatchScore(7, 6, 5), roll_die=scripted([5, 2]))
    assert match.game.match.is_post_crawford
    with pytest.raises(MatchError, match="for a 7-point match, not a 9-point one"):
        Match(9, score=MatchScore(7))
    with pytest.raises(MatchError, match="at least 1 point"):
        Match(0)
    with pytest.raises(MatchError, match="the match is over"):
        Match(3, score=MatchScore(3, 3, 1))


def test_a_match_reaches_a_crawford_game_and_doubles_again_after_it() -> None:
    games = play_match(Match(5, seed=4), random.Random(4))
    assert any(score.crawford and not doubled for score, doubled in games)
    assert any(score.is_post_crawford and doubled for score, doubled in games)


def test_a_one_point_match_has_no_crawford_game_and_is_not_post_crawford() -> None:
    """Both sides start one point short of a 1-point match: no side reaches it, so there is no Crawford game, and
    no label says the games are post-Crawford."""
    score = MatchScore.match(1)
    assert not score.crawford and not score.is_post_crawford
    assert str(score) == "X 0, O 0 in a 1-point match"
    assert MatchScore.match(3).after(GameResult(Side.X, WinKind.GAMMON)).crawford  # 2-0 in a 3-point match
    assert MatchScore(3, 2, 1).is_post_crawford
