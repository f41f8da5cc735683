"""The move generator against GNU Backgammon's answers for 5,000 positions and rolls."""

from __future__ import annotations

from collections import Counter

from conftest import legal_cases

from trainer.engine import Position, legal_plays


def test_every_reference_case_has_exactly_the_reference_plays() -> None:
    mismatches = []
    for case, answer in legal_cases():
        position = Position.from_position_id(case["position"])
        plays = legal_plays(position, tuple(case["dice"]))
        results = sorted(play.result.position_id() for play in plays)
        if results != sorted(answer["results"]) or plays[0].dice_used != answer["dice_used"]:
            mismatches.append(case["id"])
    assert mismatches == [], f"{len(mismatches)} cases differ from the reference, first: {mismatches[:10]}"


def test_pass_cases_give_one_empty_play_leaving_the_position_unchanged() -> None:
    passes = 0
    for case, answer in legal_cases():
        if not answer["forced_pass"]:
            continue
        passes += 1
        position = Position.from_position_id(case["position"])
        (play,) = legal_plays(position, tuple(case["dice"]))
        assert play.is_pass and play.result == position and str(play) == "pass"
    assert passes == 456


def test_notation_matches_the_reference_notation_for_every_play() -> None:
    differences = []
    for case, answer in legal_cases():
        position = Position.from_position_id(case["position"])
        written = {play.result.position_id(): str(play) for play in legal_plays(position, tuple(case["dice"]))}
        for result, reference in zip(answer["results"], answer["plays"], strict=True):
            if reference and written[result] != reference:
                differences.append((case["id"], reference, written[result]))
    assert differences == []


def test_opening_roll_play_counts_match_the_published_figures() -> None:
    expected = {
        "66": 11, "65": 7, "64": 14, "63": 14, "62": 14, "61": 10, "55": 4, "54": 9, "53": 9, "52": 8, "51": 8,
        "44": 52, "43": 17, "42": 18, "41": 14, "33": 73, "32": 17, "31": 16, "22": 75, "21": 15, "11": 42,
    }  # fmt: skip
    start = Position.start()
    rolls = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]
    counts = {f"{high}{low}": len(legal_plays(start, (high, low))) for high, low in rolls}
    assert counts == expected


def test_the_largest_known_play_count() -> None:
    plays = legal_plays(Position.from_position_id("AAAAUUoppaQAAA"), (1, 1))
    assert len(plays) == 2226
    assert Counter(play.dice_used for play in plays) == {4: 2226}
