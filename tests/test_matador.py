"""Matador's matching and wild tiles (FAMILY.md "Matador" and "Record moves for new choices"), in the
engines: joining by sevens, the matadors placed on any end by the half the player names, the "by" of
the record convention through moves, events, records, saves and replay, and whole random games of
the Matador specs."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from dominospec.language import ir
from engine_cases import HOUSE_CASES, Case, engine_for
from reference_model import Table
from support import ROOT

FAMILY = ROOT / "examples" / "family"
MATADOR = Case(FAMILY / "matador.rules")
HOUSE_OPTIONS = [Case(FAMILY / f"matador_{name}.rules")
                 for name in ("five_tiles", "must_draw_only_when_unable", "partnerships")]
EQUAL_HALVES_WILD = next(case for case in HOUSE_CASES if case.name == "equal_halves_wild_tiles")
RECORD = ROOT / "tests" / "replays" / "matador_sevens_and_matadors.json"
# FAMILY.md's record convention: the 3 of [3|4] touches the 5 of [1|5], the 4 is the new end.
CONVENTION = {"seat": 1, "play": "[3|4]", "on": "[1|5]", "port": "high", "by": "low"}


def engine(case: Case = MATADOR) -> types.ModuleType:
    return engine_for(case)[1]


def ports(layout: Any) -> list[tuple[tuple[int, int], str, int]]:
    return sorted(layout.open_ports())


def sevens_layout() -> Any:
    """[4|4] led; [3|5] on its lineA by the 3 (showing 5); [2|6] on the 5 by the 2; [1|5] on the 6 by the 1."""
    layout = engine().Layout()
    layout.place((4, 4))
    layout.place((3, 5), (4, 4), "lineA")
    layout.place((2, 6), (3, 5), "high")
    layout.place((1, 5), (2, 6), "high")
    return layout


def test_a_double_joins_a_four_by_sevens_and_shows_three() -> None:
    layout = engine().Layout()
    layout.place((4, 4))
    assert sorted(layout.placements_for((3, 3))) == [((4, 4), "lineA"), ((4, 4), "lineB")]
    assert layout.placements_for((4, 5)) == []  # a 4 takes a 3, not a 4
    layout.place((3, 3), (4, 4), "lineB")
    assert ports(layout) == [((3, 3), "lineB", 3), ((4, 4), "lineA", 4)]
    assert layout.connections()[-1] == (((4, 4), "lineB"), ((3, 3), "lineA"))


def test_a_tile_joins_by_the_half_adding_up_to_seven_and_shows_the_other() -> None:
    layout = sevens_layout()
    assert layout.connections() == [(((4, 4), "lineA"), ((3, 5), "low")), (((3, 5), "high"), ((2, 6), "low")),
                                    (((2, 6), "high"), ((1, 5), "low"))]
    assert ports(layout) == [((1, 5), "high", 5), ((4, 4), "lineB", 4)]
    with pytest.raises(engine().IllegalMove, match="does not join"):
        layout.place((0, 5), (1, 5), "high")  # a 5 takes a 2


def test_a_blank_end_takes_only_a_wild_tile() -> None:
    matador = engine()
    layout = matador.Layout()
    layout.place((3, 3))
    layout.place((0, 4), (3, 3), "lineA")  # the 4 touches the 3: a blank end
    blank = ((0, 4), "low")
    ordinary = [t for t in matador.TILES if t not in ((0, 0), (1, 6), (2, 5), (3, 4), (3, 3), (0, 4))]
    assert all(blank not in layout.placements_for(t) for t in ordinary)
    assert all(blank in layout.placements_for(t) for t in [(0, 0), (1, 6), (2, 5), (3, 4)])
    with pytest.raises(matador.IllegalMove, match="does not join"):
        layout.place((0, 6), (0, 4), "low")


@pytest.mark.parametrize(("by", "touching", "shown"), [("low", 2, 5), ("high", 5, 2)])
def test_a_wild_two_five_goes_on_a_blank_by_either_half(by: str, touching: int, shown: int) -> None:
    layout = engine().Layout()
    layout.place((3, 3))
    layout.place((0, 4), (3, 3), "lineA")
    layout.place((2, 5), (0, 4), "low", by=by)
    assert layout.connections()[-1] == (((0, 4), "low"), ((2, 5), by))
    other = "high" if by == "low" else "low"
    assert ((2, 5), other, shown) in layout.open_ports()
    assert touching + shown == 7


def test_the_double_blank_is_wild_and_shows_zero() -> None:
    layout = sevens_layout()
    layout.place((0, 0), (1, 5), "high")
    assert ports(layout) == [((0, 0), "lineB", 0), ((4, 4), "lineB", 4)]
    assert layout.connections()[-1] == (((1, 5), "high"), ((0, 0), "lineA"))


def test_a_wild_tile_names_the_half_that_touches_in_place() -> None:
    matador = engine()
    layout = sevens_layout()
    with pytest.raises(matador.IllegalMove, match="name the half that touches"):
        layout.place((3, 4), (1, 5), "high")
    with pytest.raises(matador.IllegalMove, match="'low' or 'high'"):
        layout.place((3, 4), (1, 5), "high", by="middle")
    with pytest.raises(matador.IllegalMove, match="only a wild tile"):
        layout.place((2, 4), (4, 4), "lineB", by="low")
    with pytest.raises(matador.IllegalMove, match="only a wild tile"):
        layout.place((0, 0), (1, 5), "high", by="low")  # a double joins by its lineA


def deal_of(record: dict[str, Any]) -> tuple[list[list[tuple[int, int]]], list[tuple[int, int]]]:
    matador = engine()
    hand = record["hands"][0]
    return ([[matador.parse_tile(t) for t in seat] for seat in hand["deal"]],
            [matador.parse_tile(t) for t in hand["boneyard"]])


def game_before_the_matador() -> Any:
    """The recorded hand up to the move of FAMILY.md's record convention."""
    matador = engine()
    record = json.loads(RECORD.read_text())
    hands, pile = deal_of(record)
    game = matador.Game(2, deal=False)
    game.start_hand(opener=0, hands=hands, pile=pile)
    for move in [("play", (4, 4), None, None), ("play", (3, 5), (4, 4), "lineA"), ("play", (3, 3), (4, 4), "lineB"),
                 ("play", (2, 6), (3, 5), "high"), ("play", (1, 5), (2, 6), "high")]:
        game.apply(move)
    return game


def test_the_legal_moves_list_each_half_of_a_wild_tile() -> None:
    game = game_before_the_matador()
    legal = game.legal_moves()
    for on, port in [((1, 5), "high"), ((3, 3), "lineB")]:
        for tile in [(3, 4), (2, 5)]:
            assert ("play", tile, on, port, "low") in legal and ("play", tile, on, port, "high") in legal
            assert ("play", tile, on, port) not in legal
    assert ("play", (0, 3), (3, 3), "lineB") not in legal  # a 3 takes a 4
    assert ("play", (1, 4), (3, 3), "lineB") in legal
    assert ("draw",) in legal  # Matador: a seat able to place may draw instead


def test_the_record_convention_three_touches_the_five_and_four_is_the_new_end() -> None:
    game = game_before_the_matador()
    [event] = game.apply(("play", (3, 4), (1, 5), "high", "low"))
    assert (event["tile"], event["on"], event["port"], event["by"]) == ("[3|4]", "[1|5]", "high", "low")
    assert ((3, 4), "high", 4) in game.layout.open_ports()
    assert game.layout.connections()[-1] == (((1, 5), "high"), ((3, 4), "low"))
    assert game.record()["hands"][0]["moves"][-1] == CONVENTION


def test_by_is_written_on_every_non_double_wild_placement_and_on_no_other() -> None:
    game = game_before_the_matador()
    game.apply(("play", (3, 4), (3, 3), "lineB", "high"))  # sevens alone would fix the half here: the 4 on a 3
    game.apply(("play", (0, 4), (3, 4), "low"))  # the 4 touches the [3|4]'s 3
    moves = game.record()["hands"][0]["moves"]
    assert moves[5] == {"seat": 1, "play": "[3|4]", "on": "[3|3]", "port": "lineB", "by": "high"}
    assert all("by" not in move for move in moves[:5] + moves[6:])


@pytest.mark.parametrize(("move", "message"), [
    (("play", (3, 4), (1, 5), "high"), r"\[3\|4\] is wild: name the half that touches"),
    (("play", (3, 4), (1, 5), "high", "middle"), "'middle' is not a half"),
    (("play", (3, 4), (1, 5), "high", None), "None is not a half"),
    (("play", (1, 4), (3, 3), "lineB", "high"), r"\[1\|4\] takes no 'by' on \[3\|3\] lineB: only a wild tile"),
])
def test_a_wrong_or_missing_by_is_refused_with_a_reason(move: tuple[Any, ...], message: str) -> None:
    game = game_before_the_matador()
    with pytest.raises(engine().IllegalMove, match=message):
        game.apply(move)


def test_saves_and_records_keep_the_half_that_touched() -> None:
    game = game_before_the_matador()
    game.apply(("play", (3, 4), (1, 5), "high", "low"))
    game.apply(("play", (0, 4), (3, 3), "lineB"))
    game.apply(("play", (2, 5), (0, 4), "low", "high"))
    matador = engine()
    again = matador.Game.from_json(game.to_json())
    assert again.events == game.events
    assert again.layout.connections() == game.layout.connections()
    assert again.record() == game.record()
    saved = json.loads(game.to_json())
    wrong = next(e for e in saved["events"] if e.get("by") == "high")
    wrong["by"] = "low"  # the 5 would touch the blank's end: the layout is no longer the save's
    with pytest.raises(matador.IllegalMove, match="do not follow"):
        matador.Game.from_json(json.dumps(saved))


def replay(record: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dominospec", "replay", "examples/family/matador.rules", str(record),
                           *extra], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_recorded_hand_replays_with_its_matadors() -> None:
    done = replay(RECORD, "--json")
    assert "Traceback" not in done.stderr
    result = json.loads(done.stdout)
    assert done.returncode == 0 and result["error"] is None
    plays = [e for e in result["events"] if e["event"] == "play"]
    assert [e.get("by") for e in plays] == [None] * 5 + ["low", None, "high"]
    assert {k: plays[5][k] for k in ("seat", "tile", "on", "port", "by")} == {
        "seat": 1, "tile": "[3|4]", "on": "[1|5]", "port": "high", "by": "low"}


@pytest.mark.parametrize(("change", "message"), [
    ({"by": "middle"}, "hand 1, move 6: 'by' names the half of a wild tile that touches: \"low\" or \"high\", "
                       "not 'middle'"),
    ({"by": None}, "hand 1, move 6: [3|4] is wild: name the half that touches"),
])
def test_a_record_with_a_wrong_or_missing_by_gets_a_clear_message(change: dict[str, Any], message: str,
                                                                  tmp_path: Path) -> None:
    record = json.loads(RECORD.read_text())
    move = record["hands"][0]["moves"][5]
    move.update(change)
    if move["by"] is None:
        del move["by"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = replay(path, "--json")
    assert "Traceback" not in done.stderr
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"].startswith(message)


def test_a_record_gives_by_only_on_a_placement_on_the_table(tmp_path: Path) -> None:
    record = json.loads(RECORD.read_text())
    record["hands"][0]["moves"][0]["by"] = "low"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = replay(path, "--json")
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"] == "hand 1, move 1: only a placement on a tile of the table carries 'by'"


def test_equal_halves_with_wild_tiles() -> None:
    """A wild [2|5] goes on any end by either half; other tiles join by equal halves as before."""
    variant, wild = engine_for(EQUAL_HALVES_WILD)
    layout, table = wild.Layout(), Table(variant)
    for tile, on, port, by in [((1, 4), None, None, None), ((4, 6), (1, 4), "high", None),
                               ((2, 5), (4, 6), "high", "high"), ((0, 0), (1, 4), "low", None)]:
        layout.place(tile, on, port, by=by)
        table.place(tile, on, port, by)
        assert sorted(layout.open_ports()) == sorted(table.open_ports())
    assert sorted(layout.open_ports()) == [((0, 0), "lineB", 0), ((2, 5), "low", 2)]
    assert layout.placements_for((2, 3)) == [((2, 5), "low")]


def test_an_engine_without_wild_tiles_refuses_by() -> None:
    sevens = Case(ROOT / "spec" / "horse_race.rules", "sevens", (("matching", 7), ("spinners", ir.Spinners.NONE)))
    layout = engine(sevens).Layout()
    layout.place((2, 3))
    assert layout.placements_for((4, 6)) == [((2, 3), "high")]  # a 3 takes a 4
    with pytest.raises(engine(sevens).IllegalMove, match="has none"):
        layout.place((4, 6), (2, 3), "high", by="low")


@pytest.mark.parametrize(("case", "players", "partnerships"), [
    *[(MATADOR, n, False) for n in (2, 3, 4)], *[(case, n, False) for case in HOUSE_OPTIONS[:2] for n in (2, 3, 4)],
    (HOUSE_OPTIONS[2], 4, True)], ids=lambda value: value.path.stem if isinstance(value, Case) else str(value))
def test_random_games_of_matador_keep_the_invariants(case: Case, players: int, partnerships: bool) -> None:
    """Whole games with random legal moves: every tile is always somewhere exactly once, every move played
    is one the engine offered, every game ends, and the winners reached the target."""
    matador = engine(case)
    whole_set = sorted(matador.TILES)
    for seed in range(400):
        rng = random.Random(seed)
        game = matador.Game(players, partnerships, seed=seed)
        moves = 0
        while not game.over:
            if game.hand_over:
                game.start_hand()
            legal = game.legal_moves()
            assert legal, "a hand in play always offers a move"
            move = rng.choice(legal)
            assert move in legal
            game.apply(move)
            moves += 1
            assert moves < 20000, "the game never ended"
            held = [t for hand in game.hands for t in hand] + list(game.pile) + list(game.layout.tiles)
            assert sorted(held) == whole_set
        assert game.winners and all(game.scores[side] >= 100 for side in game.winners)


def test_the_bots_play_whole_games_of_matador() -> None:
    """The greedy bot tries each wild placement by the half it names, on a copy of the layout."""
    matador = engine()
    for seed in range(20):
        game = matador.Game(3, seed=seed)
        matador.play_game(game, [matador.GreedyBot(), matador.RandomBot(seed), matador.GreedyBot()])
        assert game.over and all(game.scores[side] >= 100 for side in game.winners)
        assert any("by" in event for event in game.events if event["event"] == "play")
