""".mat export: a seeded session written as a GNU Backgammon match file and read back gives the same moves, dice,
cube actions and scores; the reader also takes GNU Backgammon's own layout."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_support import CheapEvaluator

from trainer.engine import Game, GameResult, MatchScore, MoneyOptions, Phase, Side, parse_play
from trainer.play import (
    Computer,
    MatMatch,
    MatParseError,
    RecordError,
    Session,
    Waiting,
    export_mat,
    parse_mat,
)
from trainer.play.matfile import (
    MAX_GAME_NUMBER,
    MAX_GAMES,
    MAX_MAT_CUBE,
    MAX_NAME,
    MatAction,
    MatBeaver,
    MatDouble,
    MatDrop,
    MatMove,
    MatTake,
)
from trainer.play.table import Beavered, CubeEvent, Doubled, Event, Passed, Played, Took

PLAYER = {Side.O: 0, Side.X: 1}


def played(length: int, seed: int, *, turns: int = 10_000, erratic: float = 0.05) -> Session:
    """A session between two computers (the learner's side through the learner's API), stopped after ``turns``."""
    evaluator = CheapEvaluator()
    session = Session.new(length, "beginner", seed=seed, evaluator=evaluator, tutor=False, beavers=not length)
    driver = Computer(evaluator, "beginner")
    rng = random.Random(seed)
    for _ in range(turns):
        waiting = session.waiting_for
        state = session.state
        if waiting is Waiting.OVER:
            break
        if waiting is Waiting.COMPUTER:
            session.computer_turn()
        elif waiting is Waiting.NEXT_GAME:
            session.next_game()
        elif waiting is Waiting.ROLL:
            doubles = "double" in session.allowed and (rng.random() < erratic or driver.wants_to_double(state, rng))
            (session.double if doubles else session.roll)()
        elif waiting is Waiting.MOVE:
            session.play(driver.choose_play(state, rng).play)
        elif waiting is Waiting.ANSWER:
            session.take()
    return session


def expected_actions(events: list[Event]) -> list[MatAction]:
    """What the .mat file should hold for a game's events."""
    found: list[MatAction] = []
    for event in events:
        player = PLAYER[event.side]
        if isinstance(event, Played):
            moves = tuple((move.start, move.end, move.hit) for move in event.play.moves)
            found.append(MatMove(player, (event.dice.first, event.dice.second), moves))
        elif isinstance(event, Doubled | Beavered):
            offer = MatDouble if isinstance(event, Doubled) else MatBeaver
            found.append(offer(player, 2 * event.after.cube))
        elif isinstance(event, Took | Passed):
            found.append(MatTake(player) if isinstance(event, Took) else MatDrop(player))
    return found


@pytest.mark.parametrize(("length", "seed"), [(5, 3), (7, 8), (0, 2)])
def test_an_exported_session_reads_back_with_the_same_moves_dice_cube_and_scores(length: int, seed: int) -> None:
    session = played(length, seed)
    text = export_mat(session.record, learner_name="Ada", computer_name="bgtrainer")
    match = parse_mat(text)
    assert match.length == length
    assert any("bgtrainer" in comment for comment in match.comments)
    games = sorted({event.game for event in session.events})
    assert [game.number for game in match.games] == games
    results = session.results
    for game, number in zip(match.games, games, strict=True):
        events = [event for event in session.events if event.game == number]
        before = events[0].before.match
        assert game.names == ("bgtrainer", "Ada")
        assert game.scores == (before.o, before.x)
        assert list(game.actions) == expected_actions(events)
        result = results[number - 1]
        assert (game.winner, game.points) == (PLAYER[result.winner], result.points)
    kinds = {type(action) for game in match.games for action in game.actions}
    assert MatDouble in kinds and MatTake in kinds


def replay(match: MatMatch) -> list[GameResult | None]:
    """Play a .mat file's games through the engine, the file's dice fed in; each game's result."""
    results: list[GameResult | None] = []
    crawford_done = False
    for mat_game in match.games:
        left, right = mat_game.scores
        short = [score for score in (left, right) if match.length and score == match.length - 1]
        crawford = len(short) == 1 and not crawford_done
        crawford_done = crawford_done or crawford
        moves = [action for action in mat_game.actions if isinstance(action, MatMove)]
        first = moves[0]
        high, low = first.dice
        dice = [high, low] if first.player == 1 else [low, high]  # X's die first: the first mover's is higher
        for move in moves[1:]:
            dice += move.dice
        feed = iter(dice)
        score = MatchScore(match.length, right, left, crawford) if match.length else MatchScore()
        options = MoneyOptions(beavers=True) if not match.length else None
        game = Game(roll_die=feed.__next__, match=score, options=options)
        game.roll_opening()
        for index, action in enumerate(mat_game.actions):
            assert game.deciding is (Side.O if action.player == 0 else Side.X), (mat_game.number, index)
            match action:
                case MatMove():
                    if game.dice is None:
                        game.roll()
                    assert game.dice == action.dice
                    play = parse_play(game.position, game.dice, notation(action))
                    assert tuple((m.start, m.end, m.hit) for m in play.moves) == action.moves
                    game.play(play)
                case MatDouble():
                    game.double()
                case MatBeaver():
                    game.beaver()
                case MatTake():
                    game.take()
                case MatDrop():
                    game.drop()
        results.append(game.result)
    return results


@pytest.mark.parametrize(("length", "seed"), [(5, 3), (0, 2)])
def test_the_games_of_a_mat_file_replay_through_the_engine(length: int, seed: int) -> None:
    session = played(length, seed)
    match = parse_mat(export_mat(session.record))
    results = replay(match)
    assert results == list(session.results)
    for mat_game, result in zip(match.games, results, strict=True):
        assert result is not None and mat_game.points == result.points


def test_an_unfinished_session_exports_what_was_played() -> None:
    session = played(5, 3, turns=25)
    assert not session.is_over
    match = parse_mat(export_mat(session.record))
    last = match.games[-1]
    assert last.winner is None and last.points is None
    events = [event for event in session.events if event.game == session.game_number]
    assert list(last.actions) == expected_actions(events)


def test_the_layout_is_gnu_backgammon_s() -> None:
    session = played(5, 3)
    lines = export_mat(session.record).splitlines()
    assert lines[:5] == [
        '; [Site "bgtrainer"]',
        '; [Event "5-point match against the computer (beginner)"]',
        "",
        " 5 point match",
        "",
    ]
    assert lines[5] == " Game 1" and lines[6] == f" {'bgtrainer : 0':<31}Learner : 0"
    numbered = [line for line in lines if line[:5].strip().endswith(")")]
    assert numbered[0].startswith("  1) ")
    for line in numbered:
        right = line[33:]
        assert not right or right[:1].isdigit() or right[:2] in (" D", " T", " B"), line
    assert any(line.strip().startswith("Wins ") for line in lines)


GNUBG_STYLE = """\
; [Site "somewhere"]

 3 point match

 Game 1
 gnubg : 0                      Human : 0
  1) 31: 8/5 6/5                 62: 24/18 13/11
  2) 64: 24/18 13/9*             25: bar/23 13/8
  3)  Doubles => 2                Takes
  4) 66: 13/7(2) 24/18(2)        41:
  5)  Drops                       Wins 2 points

 Game 2
 gnubg : 0                      Human : 2
  1)                             52: 13/11 13/8
  2) 43: 24/20 13/10
      Wins 1 point
"""


def test_gnu_backgammon_s_own_layout_is_read() -> None:
    match = parse_mat(GNUBG_STYLE)
    assert match.length == 3 and match.comments == ('[Site "somewhere"]',)
    first, second = match.games
    assert first.names == ("gnubg", "Human") and first.scores == (0, 0)
    assert first.actions[:3] == (
        MatMove(0, (3, 1), ((8, 5, False), (6, 5, False))),
        MatMove(1, (6, 2), ((24, 18, False), (13, 11, False))),
        MatMove(0, (6, 4), ((24, 18, False), (13, 9, True))),
    )
    assert first.actions[3] == MatMove(1, (2, 5), ((25, 23, False), (13, 8, False)))
    assert first.actions[4:7] == (
        MatDouble(0, 2),
        MatTake(1),
        MatMove(0, (6, 6), ((13, 7, False),) * 2 + ((24, 18, False),) * 2),
    )
    assert first.actions[7] == MatMove(1, (4, 1), ())
    assert first.actions[8] == MatDrop(0) and (first.winner, first.points) == (1, 2)
    assert second.scores == (0, 2) and second.actions[0].player == 1
    assert (second.winner, second.points) == (0, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello\n", "expected 'N point match'"),
        ("", "no 'N point match' line"),
        (" 3 point match\n\n Game 1\n", "players and scores are missing"),
        (" 3 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/x\n", "line 5: cannot read the move"),
        (" 3 point match\n\n Game 1\n a : 0   b : 0\n  1) Doubles\n", "line 5: .*new cube value"),
        (" 3 point match\n\n Gaem 1\n", "line 3: expected ' Game N'"),
    ],
)
def test_a_bad_mat_file_names_its_line(text: str, message: str) -> None:
    with pytest.raises(MatParseError, match=message):
        parse_mat(text)


HOSTILE_FIELDS = ["9" * 5000, "x" * 100_000, "'" * 3000, "\n" * 3000, "[/x]", "\x1b[2J", "/" * 5000, "(" * 5000]


@pytest.mark.parametrize("field", HOSTILE_FIELDS, ids=range(len(HOSTILE_FIELDS)))
@pytest.mark.parametrize(
    "template",
    [
        " {} point match\n",
        " 3 point match\n\n Game {}\n",
        " 3 point match\n\n Game 1\n a : {}   b : 0\n",
        " 3 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/{}\n",
        " 3 point match\n\n Game 1\n a : 0   b : 0\n  1) 66: 13/7({})\n",
        " 3 point match\n\n Game 1\n a : 0   b : 0\n  1) Doubles => {}\n",
        " 3 point match\n\n Game 1\n a : 0   b : 0\n  1) Wins {} points\n",
    ],
    ids=["length", "game", "score", "move", "repeat", "cube", "wins"],
)
def test_a_mat_file_with_hostile_fields_is_refused_in_a_short_message(template: str, field: str) -> None:
    try:
        parse_mat(template.format(field))
    except MatParseError as error:
        assert len(str(error)) <= 200 and "\n" not in str(error), str(error)[:500]


@settings(max_examples=100, deadline=None)
@given(line=st.integers(min_value=0, max_value=25), text=st.text(max_size=60) | st.sampled_from(HOSTILE_FIELDS))
def test_a_mat_file_damaged_anywhere_raises_only_its_own_error(line: int, text: str) -> None:
    lines = GNUBG_STYLE.splitlines()
    lines.insert(line % (len(lines) + 1), text)
    try:
        parse_mat("\n".join(lines))
    except MatParseError as error:
        assert len(str(error)) <= 200 and "\n" not in str(error), str(error)[:500]


def test_names_must_fit_the_format() -> None:
    session = played(1, 1, turns=3)
    with pytest.raises(RecordError, match="colon"):
        export_mat(session.record, learner_name="a:b")


GNUBG_DATA = Path(__file__).parent / "data" / "gnubg_mat"


def notation(action: MatMove) -> str:
    """A .mat move's checker moves as our notation reads them (25 the bar, 0 off)."""
    return " ".join(f"{start}/{end}{'*' if hit else ''}" for start, end, hit in action.moves) or "pass"


@pytest.mark.parametrize(("name", "learner"), [("match", "Ada"), ("money", "Learner")])
def test_gnu_backgammon_reads_our_export_as_the_session_played(name: str, learner: str) -> None:
    """GNU Backgammon 1.07 imported our export of a seeded session against bgsage (``<name>.mat``, written by
    ``bgtrainer game export``) and exported it again (``<name>.gnubg.mat``); see ``tests/data/gnubg_mat/README.md``.
    Its file holds the same games, scores, rolls, plays, cube actions and results as the session."""
    session = Session.resume((GNUBG_DATA / f"{name}.json").read_text())
    assert session.is_over
    ours = (GNUBG_DATA / f"{name}.mat").read_text()
    assert export_mat(session.record, learner_name=learner).rstrip() == ours.rstrip()  # what GNU Backgammon read
    theirs = parse_mat((GNUBG_DATA / f"{name}.gnubg.mat").read_text())
    assert theirs.length == session.settings.match_length
    numbers = sorted({event.game for event in session.events})
    assert [game.number for game in theirs.games] == numbers
    for game, number, result in zip(theirs.games, numbers, session.results, strict=True):
        events = [event for event in session.events if event.game == number]
        before = events[0].before.match
        assert game.names == ("bgtrainer", learner) and game.scores == (before.o, before.x)
        # GNU Backgammon writes no "Takes" after a beaver (the answer is implied when the game goes on), and lists
        # a play's checker moves highest point first: each play is the one its moves make on the board before it.
        decisions = [
            event
            for event in events
            if isinstance(event, Played | CubeEvent)
            and not (isinstance(event, Took) and event.before.phase is Phase.BEAVERED)
        ]
        assert len(game.actions) == len(decisions)
        for action, event, written in zip(game.actions, decisions, expected_actions(decisions), strict=True):
            if isinstance(action, MatMove) and isinstance(written, MatMove):  # the same moves, maybe in another order
                action = replace(action, moves=written.moves)
            assert action == written
            if isinstance(event, Played):
                assert isinstance(action, MatMove)
                assert parse_play(event.before.position, event.dice, notation(action)) == event.play
        assert (game.winner, game.points) == (PLAYER[result.winner], result.points)
    kinds = Counter(type(action) for game in theirs.games for action in game.actions)
    assert kinds[MatDouble] and kinds[MatTake] and kinds[MatDrop]
    assert kinds[MatBeaver] if name == "money" else any(game.scores[0] == theirs.length - 1 for game in theirs.games)
    assert any(isinstance(action, MatMove) and not action.moves for game in theirs.games for action in game.actions)


# --- hostile files: long lines, impossible figures, too many games ---------------------------------------------------

HEADER = " 3 point match\n\n Game 1\n"
MEGABYTE = 1_000_000
LONG_LINES = [
    HEADER + "a" + " " * MEGABYTE + "b\n",  # the score line's old pattern tried every split of the spaces
    HEADER + "a :" + " " * MEGABYTE + "0\n",
    HEADER + "a :" * (MEGABYTE // 3) + "\n",
    HEADER + " a : 0" + " " * MEGABYTE + "b : x\n",
    HEADER + " a : 0   b : 0\n  1) 31:" + " " * MEGABYTE + "x\n",
    HEADER + " a : 0   b : 0\n  1) 31: 8" + "/5" * (MEGABYTE // 2) + "x\n",
    HEADER + " a : 0   b : 0\n  1)" + " Doubles =>" * (MEGABYTE // 11) + "\n",
    " 3 point match\n\n Game " + "1" * MEGABYTE + "x\n",
    " 3" + " " * MEGABYTE + "point match\n",
]


@pytest.mark.parametrize("text", LONG_LINES, ids=range(len(LONG_LINES)))
def test_a_line_of_a_megabyte_is_read_or_refused_in_one_pass(text: str) -> None:
    """Every pattern of the reader runs in time linear in its line (none can backtrack over a long stretch): a line
    of a megabyte that took the old score-line pattern hours is read or refused at once (the benchmark
    ``benchmarks/mat_reading.py`` times it)."""
    try:
        parse_mat(text)
    except MatParseError as error:
        assert len(str(error)) <= 200 and "\n" not in str(error), str(error)[:500]


def test_the_score_line_is_read_by_its_colons() -> None:
    match = parse_mat(HEADER + " Dr: No : 2          Bob: the 2nd : 1\n")
    assert match.games[0].names == ("Dr: No", "Bob: the 2nd") and match.games[0].scores == (2, 1)
    for line in (" a : 0   b 0", " a 0   b : 0", " a : x   b : 0", " a : 0   b : 12345"):
        with pytest.raises(MatParseError, match="line 4: expected 'name : score"):
            parse_mat(HEADER + line + "\n")


@pytest.mark.parametrize("cube", [0, 1, 3, 6, 8192, 99999])
def test_a_cube_is_a_power_of_two_from_2_to_gnu_backgammon_s_limit(cube: int) -> None:
    text = HEADER + f" a : 0   b : 0\n  1) 31: 8/5 6/5                Doubles => {cube}\n"
    with pytest.raises(MatParseError, match=f"line 5: a cube of {cube}: .* power of two from 2 to {MAX_MAT_CUBE}"):
        parse_mat(text)


def test_the_largest_cube_and_game_numbers_past_9999_are_read() -> None:
    text = f" 0 point match\n\n Game 10000\n a : 0   b : 0\n  1) 31: 8/5 6/5   Doubles => {MAX_MAT_CUBE}\n"
    game = parse_mat(text).games[0]
    assert game.number == 10000 and game.actions[-1] == MatDouble(1, MAX_MAT_CUBE)


@pytest.mark.parametrize("number", ["0", str(MAX_GAME_NUMBER + 1), "9" * 50])
def test_a_game_number_past_the_limit_is_refused_saying_it(number: str) -> None:
    with pytest.raises(MatParseError, match=r"line 3: game number '.*': games are numbered from 1 to 999,999"):
        parse_mat(f" 3 point match\n\n Game {number}\n a : 0   b : 0\n")


def test_a_file_of_more_games_than_the_limit_is_refused_at_the_first_game_too_many() -> None:
    game = " Game {number}\n a : 0   b : 0\n  1) 31: 8/5 6/5\n\n"
    text = " 0 point match\n\n" + "".join(game.format(number=number) for number in range(1, MAX_GAMES + 2))
    with pytest.raises(MatParseError, match=f"line {3 + 4 * MAX_GAMES}: more than 1,000 games"):
        parse_mat(text)
    assert len(parse_mat(text[: text.index(f" Game {MAX_GAMES + 1}\n")]).games) == MAX_GAMES


@pytest.mark.parametrize("name", ["n" * (MAX_NAME + 1), "x" * 100_000])
def test_a_player_s_name_longer_than_the_limit_is_refused_saying_it(name: str) -> None:
    with pytest.raises(MatParseError, match=f"line 4: the player's name .* is too long: at most {MAX_NAME} characters"):
        parse_mat(HEADER + f" a : 0   {name} : 0\n")
    assert parse_mat(HEADER + f" a : 0   {name[:MAX_NAME]} : 0\n").games[0].names == ("a", name[:MAX_NAME])
