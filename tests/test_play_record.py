"""A session's record: compact JSON that reads back to the same record, and says what is wrong with a bad one."""

from __future__ import annotations

import json

import pytest

from trainer.play import RecordError, SessionRecord, Settings, StoredVerdict, wording
from trainer.play.record import RECORD_FORMAT, RECORD_VERSION

RECORD = SessionRecord(
    "5f0c2a9e41d7",
    Settings(match_length=3, level="strong", tutor=False, seed=2718281),
    ("open 52", "play 13/11 13/8", "roll 6-4", "play 24/18 13/9", "double", "take", "roll 3-3", "play pass"),
    (StoredVerdict(3, "play", "24/18 13/9", 0.012, "24/14", 0.041, "2-ply", True),),
)


def test_a_record_reads_back_the_same() -> None:
    text = RECORD.to_json()
    assert "\n" not in text and SessionRecord.from_json(text) == RECORD
    document = json.loads(text)
    assert (document["format"], document["version"]) == (RECORD_FORMAT, RECORD_VERSION)
    assert document["verdicts"] == [[3, "play", "24/18 13/9", 0.012, "24/14", 0.041, "2-ply", 1]]
    assert wording.game_kind(Settings().match_length) == "money game"
    assert wording.game_kind(RECORD.settings.match_length) == "3-point match"


def edited(**changes: object) -> str:
    document = json.loads(RECORD.to_json())
    for key, value in changes.items():
        if key.startswith("settings_"):
            document["settings"][key.removeprefix("settings_")] = value
        else:
            document[key] = value
    return json.dumps(document)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "a session record is JSON text"),
        ("[]", "not a bgtrainer session record"),
        (edited(version=2), "version 2: this bgtrainer reads version 1"),
        (edited(id=""), "needs an id"),
        (edited(settings=None), "needs its settings"),
        (edited(settings_match_length=2), "match length must be 0 .* 1, 3, 5 or 7"),
        (edited(settings_match_length="3"), "'match_length' must be int"),
        (edited(settings_level="expert"), "unknown level 'expert'"),
        (edited(settings_jacoby=True), "Jacoby rule and beavers belong to money play"),
        (edited(settings_seed=-1), "seed must be a whole number"),
        (edited(actions="open 52"), "a list of texts"),
        (edited(actions=["open 55"]), "action 1: .*every throw but the last must be a tie"),
        (edited(actions=["open 52", "roll 65"]), "action 2: .*'roll 6-5'"),
        (edited(actions=["open 52", "play"]), "action 2: .*needs its notation"),
        (edited(actions=["open 52", "take it"]), "action 2: .*takes nothing after it"),
        (edited(actions=["open 52", "resign"]), "action 2: unknown action 'resign'"),
        (edited(verdicts=[[9, "play", "a", 0, "b", 0, "1-ply", 1]]), "a verdict is"),
        (edited(verdicts=[[0, "hope", "a", 0, "b", 0, "1-ply", 1]]), "a verdict is"),
    ],
)
def test_a_bad_record_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        SessionRecord.from_json(text)
