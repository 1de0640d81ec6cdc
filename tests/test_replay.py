"""`dominospec replay`: the documented rules examples as recorded hands, and the error contract.

Each fixture in tests/replays/ is a real hand, replayed through the CLI; the assertions restate the
arithmetic of the rule it illustrates (RULES.md), so a wrong engine cannot pass by agreeing with itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.language import ir
from dominospec.language.loader import load
from dominospec.play.replay import replay as replay_record
from dominospec.targets.engines import load_engine

ROOT = Path(__file__).resolve().parent.parent
REPLAYS = ROOT / "tests" / "replays"
FIVES = "spec/fives_and_threes.rules"
HORSE = "spec/horse_race.rules"
ENGINES = {"fives": load_engine(load(ROOT / FIVES), ROOT / FIVES),
           "horse": load_engine(load(ROOT / HORSE), ROOT / HORSE)}
Record = dict[str, Any]


def replay(spec: str, record: Path | str, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dominospec", "replay", spec, str(record), *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def replay_json(spec: str, record: Path | str) -> tuple[int, Record]:
    done = replay(spec, record, "--json")
    assert "Traceback" not in done.stderr
    return done.returncode, json.loads(done.stdout)


def of_kind(result: Record, kind: str) -> list[Record]:
    return [e for e in result["events"] if e["event"] == kind]


def test_sniff_counts_its_spinner_once_for_each_open_branch() -> None:
    """FAMILY.md Sniff: [4|4] led: 8; [4|6] on lineA: 14; [1|4] on lineB: 15, scores 15; [2|4] on
    branchA: 13; [0|4] on branchB: 9. Then [6|6] at the [4|6]'s six counts 12: 12 + 1 + 2 + 0 = 15."""
    code, result = replay_json("examples/family/sniff.rules", REPLAYS / "sniff_counting_example.json")
    assert code == 0 and result["error"] is None
    plays = of_kind(result, "play")
    assert [(p["total"], p["points"]) for p in plays[:6]] == [(8, 0), (14, 0), (15, 15), (13, 0), (9, 0), (15, 15)]
    end = of_kind(result, "hand_end")[-1]
    # Seat 1 goes out; seat 0's 12 pips round to 10.
    assert end["winners"] == [1] and end["remaining_pips"] == [12, 0] and end["awards"] == [0, 10]


def test_fives_and_threes_59_plus_2_plus_1_is_cancelled_whole_and_the_hand_ends() -> None:
    code, result = replay_json(FIVES, REPLAYS / "fives_and_threes_59_bust.json")
    assert code == 0 and result["error"] is None
    last = of_kind(result, "play")[-1]
    # The last tile makes the ends 6: 2 placement points + 1 for going out = 3; 59 + 3 = 62 > 61.
    assert (last["seat"], last["total"], last["points"], last["bonus"]) == (0, 6, 2, 1)
    assert last["cancelled"] is True
    assert result["scores"][0] == 59
    end = of_kind(result, "hand_end")[-1]
    assert end["blocked"] is False and end["winners"] == [0]
    assert result["winners"] == []  # nobody has won the match; a new hand would start


def test_horse_race_opponent_pips_17_round_to_15_for_3() -> None:
    code, result = replay_json(HORSE, REPLAYS / "horse_race_award_17.json")
    assert code == 0
    end = of_kind(result, "hand_end")[-1]
    winner = end["winners"][0]
    assert sum(p for seat, p in enumerate(end["remaining_pips"]) if seat != winner) == 17
    assert end["awards"][winner] == 3


def test_horse_race_individuals_combine_all_opponents_before_rounding() -> None:
    code, result = replay_json(HORSE, REPLAYS / "horse_race_award_9_and_8_combined.json")
    assert code == 0
    end = of_kind(result, "hand_end")[-1]
    winner = end["winners"][0]
    others = sorted(p for seat, p in enumerate(end["remaining_pips"]) if seat != winner)
    assert others == [8, 9]
    # 9 + 8 = 17 -> 15 -> 3; rounding each hand first would give 10/5 + 10/5 = 4.
    assert end["awards"][winner] == 3


def test_horse_race_winners_partner_is_left_out() -> None:
    code, result = replay_json(HORSE, REPLAYS / "horse_race_award_partner_left_out.json")
    assert code == 0
    end = of_kind(result, "hand_end")[-1]
    out_seat = of_kind(result, "out")[-1]["seat"]
    pips = end["remaining_pips"]
    assert pips[(out_seat + 2) % 4] == 7
    assert sorted(pips[s] for s in range(4) if s % 2 != out_seat % 2) == [8, 9]
    # Partner's 7 is left out: 9 + 8 = 17 -> 15 -> 3 for the partnership.
    assert end["awards"][out_seat % 2] == 3


def test_horse_race_partnerships_tied_at_12_each_score_2() -> None:
    code, result = replay_json(HORSE, REPLAYS / "horse_race_blocked_tie_12_12.json")
    assert code == 0
    end = of_kind(result, "hand_end")[-1]
    pips = end["remaining_pips"]
    assert end["blocked"] is True
    assert pips[0] + pips[2] == 12 and pips[1] + pips[3] == 12
    assert end["winners"] == [0, 1]
    assert end["awards"] == [2, 2]  # each takes the other's 12 -> 10 -> 2


def test_two_partnerships_at_59_scoring_2_each_share_the_win() -> None:
    code, result = replay_json(HORSE, REPLAYS / "horse_race_shared_win_at_61.json")
    assert code == 0
    award = of_kind(result, "award")[-1]
    assert [s - p for s, p in zip(award["scores"], award["points"], strict=True)] == [59, 59]
    assert result["scores"] == [61, 61]
    assert result["winners"] == [0, 1]


def test_horse_race_60_plus_2_wins_at_once() -> None:
    code, result = replay_json(HORSE, REPLAYS / "horse_race_60_plus_2_wins.json")
    assert code == 0
    last = of_kind(result, "play")[-1]
    assert last["raw"] == 10 and last["points"] == 2
    assert result["scores"][0] == 62 and result["winners"] == [0]
    assert result["events"][-1]["event"] == "win"
    assert of_kind(result, "hand_end") == []  # the match ended before any hand-end reckoning


def _edited(tmp_path: Path, source: str, edit: Callable[[Record], None]) -> Path:
    record = json.loads((REPLAYS / source).read_text())
    edit(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return path


def test_muggins_fosters_example_the_highest_double_sets_and_four_placements_make_ten() -> None:
    code, result = replay_json("examples/family/muggins.rules", REPLAYS / "muggins_fosters_example.json")
    assert code == 0 and result["error"] is None
    assert of_kind(result, "hand")[0]["opener"] == 0  # seat 0 holds [5|5], the highest double dealt
    plays = of_kind(result, "play")[:5]
    assert [(p["tile"], p["total"], p["points"]) for p in plays] == [
        ("[5|5]", 10, 10), ("[0|5]", 10, 10), ("[0|0]", 10, 10), ("[5|6]", 6, 0), ("[0|4]", 10, 10)]
    end = of_kind(result, "hand_end")[-1]
    # Seat 1 goes out; seat 0 is left with 26 pips: round5(26) = 25.
    assert (end["winners"], end["remaining_pips"], end["awards"]) == ([1], [26, 0], [0, 25])


def test_seven_toed_pete_seats_without_a_lead_pass_it_on() -> None:
    code, result = replay_json("examples/family/seven_toed_pete.rules", REPLAYS / "seven_toed_pete_passed_lead.json")
    assert code == 0 and result["error"] is None
    first = [(e["event"], e["seat"]) for e in result["events"][1:4]]
    assert first == [("pass", 0), ("pass", 1), ("play", 2)]
    assert of_kind(result, "hand")[0]["opener"] == 0
    end = of_kind(result, "hand_end")[-1]
    # Seat 2 goes out: round5(20 + 36 + 41 = 97) / 5 = 19, from all other hands.
    assert (end["winners"], end["remaining_pips"], end["awards"]) == ([2], [20, 36, 0, 41], [0, 0, 19, 0])


def test_an_illegal_move_names_hand_and_move_and_shows_the_state_before_it(tmp_path: Path) -> None:
    def break_fifth_move(record: Record) -> None:
        moves = record["hands"][0]["moves"]
        moves[4] = dict(moves[4], port="high" if moves[4].get("port") != "high" else "low")

    code, result = replay_json(FIVES, _edited(tmp_path, "fives_and_threes_59_bust.json", break_fifth_move))
    assert code == 1
    assert result["error"].startswith("hand 1, move 5: ")
    assert len(of_kind(result, "play")) == 4  # the four moves before it, and nothing after


def test_moves_after_the_hand_is_over_are_rejected(tmp_path: Path) -> None:
    def add_move(record: Record) -> None:
        record["hands"][0]["moves"].append({"seat": 1, "pass": True})

    code, result = replay_json(FIVES, _edited(tmp_path, "fives_and_threes_59_bust.json", add_move))
    assert code == 1
    assert "the hand is already over" in result["error"]


def test_the_wrong_seat_moving_is_rejected(tmp_path: Path) -> None:
    def wrong_seat(record: Record) -> None:
        record["hands"][0]["moves"][1]["seat"] = 0

    code, result = replay_json(FIVES, _edited(tmp_path, "fives_and_threes_59_bust.json", wrong_seat))
    assert code == 1
    assert result["error"] == "hand 1, move 2: it is seat 1's turn, not seat 0's"


def test_an_opener_against_the_rule_is_rejected(tmp_path: Path) -> None:
    record = json.loads((REPLAYS / "fives_and_threes_59_bust.json").read_text())
    second = json.loads(json.dumps(record["hands"][0]))
    second["opener"] = 0  # the next opener is one seat clockwise: seat 1
    second["moves"] = []
    record["hands"].append(second)
    path = tmp_path / "two_hands.json"
    path.write_text(json.dumps(record))
    code, result = replay_json(FIVES, path)
    assert code == 1
    assert result["error"] == "hand 2: the opener is seat 1 (next seat clockwise), not seat 0"


def test_a_tile_dealt_twice_is_rejected(tmp_path: Path) -> None:
    def duplicate(record: Record) -> None:
        record["hands"][0]["deal"][1][0] = record["hands"][0]["deal"][0][0]

    code, result = replay_json(FIVES, _edited(tmp_path, "fives_and_threes_59_bust.json", duplicate))
    assert code == 1
    assert "dealt twice" in result["error"]


@pytest.mark.parametrize("text, message", [
    ("{\"players\": 2,\n  \"hands\": [}", ":2:13: error: malformed JSON: Expecting value\n      \"hands\": [}\n"
                                         "                ^"),
    ("[1, 2]", ": error: the record must be a JSON object with 'players' and 'hands'"),
])
def test_a_broken_record_file_is_reported_with_its_position(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    done = replay(FIVES, path)
    assert done.returncode == 1
    assert done.stderr == f"{path}{message}\n"
    as_json = replay(FIVES, path, "--json")
    assert as_json.returncode == 1 and as_json.stderr == done.stderr
    assert json.loads(as_json.stdout) == {"events": [], "scores": [], "winners": [],
                                          "error": f"{path}{message.splitlines()[0]}"}


def test_a_missing_record_is_a_usage_error(tmp_path: Path) -> None:
    done = replay(FIVES, tmp_path / "nope.json")
    assert done.returncode == 2
    assert "cannot read" in done.stderr and "Traceback" not in done.stderr


def test_human_output_ends_with_scores_and_winners() -> None:
    done = replay(HORSE, REPLAYS / "horse_race_shared_win_at_61.json")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[-2:] == ["final scores: [61, 61]", "winners: side 0, side 1"]
    opener = json.loads((REPLAYS / "horse_race_shared_win_at_61.json").read_text())["hands"][0]["opener"]
    assert lines[0] == f"hand 1: seat {opener} opens"


def _mutations() -> st.SearchStrategy[Any]:
    """Replace one value anywhere in a record with something of another kind or range."""
    return st.one_of(st.none(), st.booleans(), st.integers(-3, 10**12), st.text(max_size=8),
                     st.just("[9|9]"), st.just("[1|4]"), st.lists(st.integers(0, 6), max_size=3),
                     st.dictionaries(st.sampled_from(["seat", "play", "on", "port", "pass", "draw"]),
                                     st.integers(0, 4), max_size=3))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


@settings(max_examples=150, deadline=None)
@given(data=st.data(),
       name=st.sampled_from(["fives_and_threes_59_bust.json", "horse_race_award_partner_left_out.json"]))
def test_a_mangled_record_gives_an_error_never_a_crash(data: st.DataObject, name: str) -> None:
    record = json.loads((REPLAYS / name).read_text())
    paths = list(_paths(record))
    path = data.draw(st.sampled_from(paths[1:]))
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(_mutations())
    engine = ENGINES[name.split("_")[0]]
    result = replay_record(engine, record)  # a broken record comes back as result.error, never as an exception
    assert result.error is None or result.error.strip()


MATCH_SPEC = "examples/fives_and_threes_match.rules"
MATCH_ENGINE = load_engine(load(ROOT / MATCH_SPEC), ROOT / MATCH_SPEC)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_match_that_fails_part_way_reports_what_was_played_up_to_the_failure(data: st.DataObject) -> None:
    record = json.loads((ROOT / "examples" / "fives_and_threes_match.match.json").read_text())
    game = data.draw(st.integers(0, len(record["games"]) - 1), label="game")
    hand = data.draw(st.integers(0, len(record["games"][game]["hands"]) - 1), label="hand")
    moves = record["games"][game]["hands"][hand]["moves"]
    move = data.draw(st.integers(1, len(moves) - 1), label="move")
    # The record cut just before the move is what the broken record must report, events, scores and all.
    cut = json.loads(json.dumps(record))
    cut["games"] = cut["games"][:game + 1]
    cut["games"][game]["hands"] = cut["games"][game]["hands"][:hand + 1]
    cut["games"][game]["hands"][hand]["moves"] = moves[:move]
    moves[move]["seat"] = (moves[move]["seat"] + 1) % record["players"]  # the wrong seat moves
    broken = replay_record(MATCH_ENGINE, record)
    played = replay_record(MATCH_ENGINE, cut)
    assert played.error is None
    assert broken.error is not None and broken.error.startswith(f"game {game + 1}, hand {hand + 1}, move {move + 1}:")
    assert (broken.events, broken.scores, broken.winners, broken.match_points) == \
        (played.events, played.scores, played.winners, played.match_points)
    assert broken.match_points is not None and len(of_kind(broken.to_json(), "game_end")) == game


def test_a_match_that_fails_in_game_2_keeps_game_1s_result() -> None:
    code, result = replay_json(MATCH_SPEC, ROOT / "tests" / "hostile" / "records" / "match_fails_in_game_2.json")
    assert code == 1
    (first,) = of_kind(result, "game_end")
    assert result["match_points"] == first["match_points"] == [0, 1]
    assert result["winners"] == [] and not first["match_over"]  # nobody has won the match yet
    assert [e["game"] for e in of_kind(result, "game")] == [1, 2]


FOURS = "examples/family/fours.rules"


def test_fours_continuation_plays_the_whole_hand_in_one_turn_and_going_out_comes_first() -> None:
    code, result = replay_json(FOURS, REPLAYS / "fours_continuation_goes_out.json")
    assert code == 0 and result["error"] is None
    assert [e["seat"] for e in of_kind(result, "play")] == [0] * 7
    assert of_kind(result, "pass") == []
    # The opponents' pips: the set's 168 less seat 0's 12 + 11 + 9 + 7 + 5 + 3 + 1 = 48.
    assert of_kind(result, "award")[0]["points"] == [120, 0, 0, 0]
    assert result["winners"] == [0]


def test_fours_declined_continuation_is_a_pass_and_the_turn_goes_on() -> None:
    code, result = replay_json(FOURS, REPLAYS / "fours_declined_continuation.json")
    assert code == 0 and result["error"] is None
    assert [(e["event"], e["seat"]) for e in result["events"] if e["event"] in ("play", "pass")] == [
        ("play", 0), ("play", 0), ("pass", 0), ("play", 1), ("play", 1), ("pass", 1), ("play", 2), ("pass", 2)]
    assert result["scores"] == [0, 0, 0, 0]


def test_fours_pass_on_a_fresh_turn_with_a_legal_tile_is_refused(tmp_path: Path) -> None:
    record = json.loads((REPLAYS / "fours_declined_continuation.json").read_text())
    record["hands"][0]["moves"].append({"seat": 3, "pass": True})  # seat 3 holds [0|4] and [2|5] for the ends
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code, result = replay_json(FOURS, path)
    assert code == 1
    assert result["error"] == "hand 1, move 9: seat 3 can play, so must play"


# --- where an error is in the record's file -----------------------------------------------------

@settings(max_examples=10, deadline=None)
@given(data=st.data(), indent=st.sampled_from([None, 1, 4]))
def test_a_record_error_names_the_line_of_the_move_in_the_json_file(data: st.DataObject, indent: int | None,
                                                                  tmp_path_factory: pytest.TempPathFactory) -> None:
    record = json.loads((ROOT / "examples" / "fives_and_threes_match.match.json").read_text())
    game = data.draw(st.integers(0, len(record["games"]) - 1), label="game")
    hand = data.draw(st.integers(0, len(record["games"][game]["hands"]) - 1), label="hand")
    moves = record["games"][game]["hands"][hand]["moves"]
    move = data.draw(st.integers(1, len(moves) - 1), label="move")
    moves[move]["seat"] = (moves[move]["seat"] + 1) % record["players"]  # the wrong seat moves
    moves[move] = {"marker": True, **moves[move]}  # where the move is in the file, found without the locator
    text = json.dumps(record, indent=indent)
    start = text.rindex("{", 0, text.index('"marker"'))  # the move's object
    expected, column = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
    path = tmp_path_factory.mktemp("record") / "broken.json"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "dominospec", "replay", str(MATCH_SPEC),
                           str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    headline, shown, caret = done.stderr.splitlines()
    assert headline.startswith(f"{path}:{expected}:{column}: error: game {game + 1}, hand {hand + 1}, "
                               f"move {move + 1}: ")
    assert caret.strip() == "^"


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=20),
       st.sampled_from([None, 0, 2]), st.data())
def test_json_position_finds_the_value_a_path_names(value: Any, indent: int | None, data: st.DataObject) -> None:
    from dominospec.language.textfile import json_position
    text = json.dumps(value, indent=indent, ensure_ascii=data.draw(st.booleans()))
    path: list[str | int] = []
    inner = value
    while isinstance(inner, list | dict) and inner and data.draw(st.booleans()):
        step = data.draw(st.sampled_from(sorted(inner) if isinstance(inner, dict) else range(len(inner))))
        path.append(step)
        inner = inner[step]
    found = json_position(text, path)
    assert found is not None
    lines = text.split("\n")
    offset = sum(len(line) + 1 for line in lines[:found.line - 1]) + found.column - 1
    assert json.JSONDecoder().raw_decode(text, offset)[0] == inner
    assert json_position(text, [*path, "no such key" if isinstance(inner, dict) else 10**6]) is None


# --- every event in words -----------------------------------------------------------------------

def _emitted_kinds() -> set[str]:
    """Every event kind the Python target can emit (its templates and runtime), and replay's own."""
    import re
    sources = [*(ROOT / "compiler" / "targets" / "python").rglob("*.j2"),
               *(ROOT / "compiler" / "targets" / "python" / "runtime").glob("*.py"),
               ROOT / "compiler" / "play" / "replay.py"]
    return {kind for source in sources for kind in re.findall(r'"event": "(\w+)"', source.read_text(encoding="utf-8"))}


def test_every_event_kind_the_engines_emit_has_words() -> None:
    from dominospec.play.replay import EVENT_WORDS
    kinds = _emitted_kinds()
    assert {"play", "stake", "pool", "pip_penalty", "game_end"} <= kinds
    assert kinds <= set(EVENT_WORDS), kinds - set(EVENT_WORDS)


def _events_of_every_shipped_game() -> Iterator[tuple[str, dict[str, Any]]]:
    from support import SHIPPED
    for spec in SHIPPED:
        loaded = load(spec)
        if not isinstance(loaded, ir.Variant):  # a match format has no engine of its own
            continue
        engine = load_engine(loaded, spec)
        players = min(engine.DEAL)
        game = engine.Game(players)
        engine.play_game(game, [engine.RandomBot(seed=seat) for seat in range(players)], max_hands=3)
        for event in game.events:
            yield spec.stem, event


def test_every_event_of_every_shipped_game_is_described_in_words() -> None:
    from dominospec.play.replay import EVENT_WORDS, describe
    seen: set[str] = set()
    for spec, event in _events_of_every_shipped_game():
        seen.add(event["event"])
        line = describe(event)
        assert event["event"] in EVENT_WORDS and "{" not in line and "'" not in line, (spec, line)
    assert {"stake", "pool", "pip_penalty"} <= seen


@pytest.mark.parametrize(("event", "line"), [
    ({"event": "stake", "points": [-2, -2, -2], "pool": 7, "scores": [-2, -2, -2]},
     "  every side stakes 2 into the pool, which holds 7; scores [-2, -2, -2]"),
    ({"event": "pool", "points": [0, 6, 0], "pool": 0, "scores": [-1, 5, -1]},
     "  side 1 takes 6 from the pool; scores [-1, 5, -1]"),
    ({"event": "pool", "points": [3, 0, 3], "pool": 1, "scores": [2, -1, 2]},
     "  sides 0 and 2 take 3 each from the pool, 1 carried to the next hand; scores [2, -1, 2]"),
    ({"event": "pool", "points": [0, 0, 0], "pool": 9, "scores": [-3, -3, -3]},
     "  nobody takes the pool, 9 carried to the next hand; scores [-3, -3, -3]"),
    ({"event": "pip_penalty", "points": [-5, 0, -12], "scores": [10, 20, -2]},
     "  for the pips left: side 0 loses 5, side 2 loses 12; scores [10, 20, -2]"),
])
def test_pool_and_penalty_events_in_words(event: dict[str, Any], line: str) -> None:
    from dominospec.play.replay import describe
    assert describe(event) == line
