"""An app that calls an engine wrongly gets IllegalMove (a ValueError) with a message, never another
exception, and the game is left as it was; saves are checked whole; what the engine hands out is the
caller's to keep."""

from __future__ import annotations

import json
import re
import types
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dominospec.language.diagnostics import Problems
from engine_cases import SHIPPED_CASES, engine_for
from support import ROOT, native_engine

ENGINES = {case.id: engine_for(case)[1] for case in SHIPPED_CASES}
ENGINE_IDS = sorted(ENGINES)
FIVES = ENGINES["spec/fives_and_threes.rules"]  # exactly 61, no drawing
HORSE = ENGINES["spec/horse_race.rules"]  # at least 121, drawing
MATCH = ENGINES["examples/fives_and_threes_match.rules"]

# Anything a caller might pass: numbers, text, tiles right and wrong, and containers of them.
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=True), st.text(max_size=6),
                    st.sampled_from(["play", "draw", "pass", "low", "high", "lineA", "[1|2]", "[2|1]", "[9|9]"]))
ANYTHING = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                         st.lists(inner, max_size=5).map(tuple),
                                                         st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                        max_leaves=12)


def _played(engine: types.ModuleType, seed: int, moves: int) -> Any:
    """A game some moves into its first hands, played by a random bot."""
    game = engine.Game(engine.MIN_PLAYERS, seed=seed)
    bot = engine.RandomBot(seed)
    for _ in range(moves):
        if game.over:
            break
        if game.hand_over:
            game.start_hand()
        game.play(bot.choose(game))
    return game


@st.composite
def moves(draw: st.DrawFn, game: Any) -> object:
    """A move as a careless app writes it: a legal one bent (high half first, lists, extra parts), or anything."""
    legal = game.legal_moves()
    if not legal or draw(st.booleans()):
        return draw(ANYTHING)
    move = list(draw(st.sampled_from(legal)))
    bend = draw(st.sampled_from(["none", "flip", "list", "short", "long", "part"]))
    if bend == "flip" and move[0] == "play":
        move[1] = move[1][::-1]
    elif bend == "short":
        move = move[:-1]
    elif bend == "long":
        move.append(draw(ANYTHING))
    elif bend == "part" and len(move) > 1:
        move[draw(st.integers(1, len(move) - 1))] = draw(ANYTHING)
    return move if bend == "list" else tuple(move)


CALLS: dict[str, Callable[[st.DrawFn, Any], Callable[[], object]]] = {
    "play": lambda draw, game: lambda: game.play(draw(moves(game))),
    "apply": lambda draw, game: lambda: game.apply(draw(moves(game))),
    "view": lambda draw, game: (lambda seat: lambda: game.view(seat))(draw(ANYTHING)),
    "side_of": lambda draw, game: (lambda seat: lambda: game.side_of(seat))(draw(ANYTHING)),
    "start_hand": lambda draw, game: (lambda o, h, p: lambda: game.start_hand(o, h, p))(
        draw(ANYTHING), draw(st.one_of(st.none(), ANYTHING)), draw(st.one_of(st.none(), ANYTHING))),
    "legal_moves": lambda draw, game: game.legal_moves,
    "record": lambda draw, game: game.record,
    "to_json": lambda draw, game: game.to_json,
    "events": lambda draw, game: lambda: game.events,
}


@settings(max_examples=300)
@given(data=st.data(), engine_id=st.sampled_from(ENGINE_IDS), seed=st.integers(0, 50), moves_in=st.integers(0, 40),
       method=st.sampled_from(sorted(CALLS)))
def test_every_public_method_called_with_anything_raises_only_illegal_move_and_keeps_the_state(
        data: st.DataObject, engine_id: str, seed: int, moves_in: int, method: str) -> None:
    engine = ENGINES[engine_id]
    game = _played(engine, seed, moves_in)
    call = CALLS[method](data.draw, game)
    before = game.to_json()
    try:
        call()
    except engine.IllegalMove as err:
        assert str(err)
        assert game.to_json() == before
    else:
        if method not in ("play", "apply", "start_hand"):
            assert game.to_json() == before


@settings(max_examples=150)
@given(engine_id=st.sampled_from(ENGINE_IDS), args=st.lists(ANYTHING, max_size=6),
       kwargs=st.dictionaries(st.sampled_from(["players", "partnerships", "seed", "scores", "opener", "deal"]),
                              ANYTHING, max_size=4))
def test_a_game_built_from_anything_is_built_or_refused_with_illegal_move(
        engine_id: str, args: list[Any], kwargs: dict[str, Any]) -> None:
    engine = ENGINES[engine_id]
    try:
        game = engine.Game(*args, **kwargs)
    except engine.IllegalMove as err:
        assert str(err)
    except TypeError as err:  # Python's own: too many arguments, or one given twice
        assert "argument" in str(err)
    else:
        assert engine.Game.from_json(game.to_json()).to_json() == game.to_json()


@settings(max_examples=150)
@given(engine_id=st.sampled_from(ENGINE_IDS), value=ANYTHING)
def test_the_helpers_take_anything(engine_id: str, value: Any) -> None:
    engine = ENGINES[engine_id]
    calls = [lambda: engine.parse_tile(value), lambda: engine.Layout().place(value),
             lambda: engine.Layout().place((1, 1), value, value), lambda: engine.placement_points(value),
             lambda: engine.reckon_hand(value, [0, 0], None), lambda: engine.reckon_hand((0, 1), value, None),
             lambda: engine.reckon_hand((0, 1), [3, 4], value)]
    if engine.HAS_MATCH_PLAY:
        calls += [lambda: engine.MatchScore(value), lambda: engine.MatchScore(2).add_game(value)]
    for call in calls:
        try:
            call()
        except engine.IllegalMove as err:
            assert str(err)


def _bent(save: dict[str, Any], draw: st.DrawFn) -> dict[str, Any]:
    key = draw(st.sampled_from(sorted(save)))
    return {**save, key: draw(st.one_of(ANYTHING, st.integers(-5, 200)))}


@settings(max_examples=200)
@given(data=st.data(), engine_id=st.sampled_from(ENGINE_IDS), seed=st.integers(0, 50), moves_in=st.integers(0, 60))
def test_a_damaged_save_is_refused_with_a_message_and_a_sound_one_loads_equal(
        data: st.DataObject, engine_id: str, seed: int, moves_in: int) -> None:
    engine = ENGINES[engine_id]
    game = _played(engine, seed, moves_in)
    saved = game.to_json()
    loaded = engine.Game.from_json(saved)
    assert loaded.to_json() == saved
    assert loaded.events == game.events
    bent = json.loads(json.dumps(_bent(json.loads(saved), data.draw)))  # as a save file holds it
    try:
        engine.Game.from_json(json.dumps(bent))
    except engine.IllegalMove as err:
        assert str(err)
    else:
        assert bent == json.loads(saved) or json.loads(engine.Game.from_json(json.dumps(bent)).to_json()) == bent


@pytest.mark.parametrize("move", [("play",), ("play", (1, 2)), (), "play", None, 5, ("play", "x", None, None),
                                  ("play", (1, 2), None, 7), ("draw", "now"), ("jump",), [["play"]],
                                  ("play", (True, 2), None, None), ("play", [1, 2, 3], None, None)])
def test_a_malformed_move_is_illegal_and_says_what_a_move_is(move: object) -> None:
    game = FIVES.Game(2, seed=1)
    before = game.to_json()
    with pytest.raises(FIVES.IllegalMove, match=r"not a move|is not a tile|is not a port|does not hold"):
        game.play(move)  # type: ignore[arg-type]
    assert game.to_json() == before


def test_a_tile_written_high_half_first_is_the_same_tile() -> None:
    game = FIVES.Game(2, seed=1)
    tile = game.legal_moves()[0][1]
    events = game.apply(("play", (tile[1], tile[0]), None, None))
    assert events[0]["tile"] == FIVES.format_tile(tile)
    assert game.layout.tiles == [tile]


@pytest.mark.parametrize("seat", [5, -1, 2, "0", 0.0, None, True])
def test_a_seat_that_is_not_there_is_illegal(seat: object) -> None:
    game = FIVES.Game(2, seed=1)
    for call in (game.view, game.side_of):
        with pytest.raises(FIVES.IllegalMove, match=r"there is no seat .*: the seats are 0 to 1"):
            call(seat)  # type: ignore[arg-type]


def test_hands_without_a_pile_leave_the_rest_undealt_in_the_set_order() -> None:
    tiles = list(HORSE.TILES)
    game = HORSE.Game(2, deal=False)
    game.start_hand(opener=None, hands=[[t[::-1] for t in tiles[:7]], tiles[7:14]])
    assert game.hands == [tiles[:7], tiles[7:14]]
    assert game.pile == tiles[14:]
    with pytest.raises(HORSE.IllegalMove, match=r"\[0\|0\] is dealt twice"):
        HORSE.Game(2, deal=False).start_hand(hands=[tiles[:7], tiles[:7]])
    with pytest.raises(HORSE.IllegalMove, match="a pile is given together with the hands"):
        HORSE.Game(2, deal=False).start_hand(pile=tiles)


@pytest.mark.parametrize("engine, scores", [(FIVES, [61, 0]), (FIVES, [62, 0]), (HORSE, [0, 121]), (FIVES, [-1, 0]),
                                            (FIVES, [1.5, 0]), (FIVES, ["3", 0]), (FIVES, [0]), (FIVES, 7)])
def test_starting_scores_must_be_below_the_target(engine: types.ModuleType, scores: object) -> None:
    with pytest.raises(engine.IllegalMove, match="starting scores are 2 whole numbers from 0 to"):
        engine.Game(2, scores=scores)


def test_a_starting_score_just_below_the_target_is_allowed() -> None:
    assert FIVES.Game(2, scores=[60, 0]).scores == [60, 0]


@pytest.mark.parametrize("hands", [1, 2, 5])
def test_play_game_plays_at_most_max_hands(hands: int) -> None:
    game = HORSE.Game(2, seed=3)
    HORSE.play_game(game, [HORSE.RandomBot(1), HORSE.RandomBot(2)], max_hands=hands)
    assert game.hand_number == hands and not game.over


@pytest.mark.parametrize("games", [1, 2])
def test_play_match_plays_at_most_max_games(games: int) -> None:
    match = MATCH.Match(2, seed=3)
    MATCH.play_match(match, [MATCH.GreedyBot(), MATCH.GreedyBot()], max_games=games)
    assert len(match.games) == games and len(match.score.results) == games


def _save(**changes: Any) -> str:
    game = _played(FIVES, 4, 9)
    return json.dumps({**json.loads(game.to_json()), **changes})


@pytest.mark.parametrize("text, message", [
    (_save(current=7), "the save's current do not follow from its deals and moves"),
    (_save(scores=[60, 0]), "the save's scores do not follow"),
    (_save(deals=[[0, [["[0|0]"] * 7, ["[1|1]"] * 7], []]]), r"\[0\|0\] is dealt twice"),
    (json.dumps([1, 2]), "a saved game is a JSON object, not list"),
    ("{", "not a saved game: "),
    (b"\xff", "not a saved game: "),
    (None, "not a saved game: "),
    (_save(variant="Threes"), "this save is for 'Threes'"),
    (_save(extra_key=1), "unknown 'extra_key'"),
    (_save(events=[{"event": "play", "tile": 5}]), "a save writes a tile as text"),
    (_save(rng=[3, [1, 2], None]), "the save's random state is damaged"),
])
def test_a_save_is_checked_whole(text: Any, message: str) -> None:
    with pytest.raises(FIVES.IllegalMove, match=message):
        FIVES.Game.from_json(text)


def test_what_a_view_and_the_events_hand_out_is_the_callers_own() -> None:
    game = _played(HORSE, 5, 12)
    saved = game.to_json()
    view = game.view(0)
    for event in [*view["events"], *game.events]:
        for value in event.values():
            if isinstance(value, list):
                value.append(99)
        event.clear()
    view["hand"].append("[9|9]")
    game.events.clear()
    assert game.to_json() == saved
    assert HORSE.Game.from_json(saved).events == game.events


@settings(max_examples=100)
@given(args=st.lists(ANYTHING, max_size=5), next_args=st.lists(ANYTHING, max_size=3), seed=st.integers(0, 20))
def test_a_match_called_with_anything_raises_only_illegal_move_and_keeps_its_games(
        args: list[Any], next_args: list[Any], seed: int) -> None:
    try:
        match = MATCH.Match(*args)
    except MATCH.IllegalMove as err:
        assert str(err)
        match = MATCH.Match(2, seed=seed)
    except TypeError as err:  # Python's own: too many arguments
        assert "argument" in str(err)
        match = MATCH.Match(2, seed=seed)
    MATCH.play_game(match.game, [MATCH.RandomBot(seed) for _ in range(match.players)], max_hands=3)
    for call in (match.finish_game, lambda: match.next_game(*next_args[:2]), match.finish_game):
        games, results = len(match.games), len(match.score.results)
        try:
            call()
        except MATCH.IllegalMove as err:
            assert str(err)
            assert (len(match.games), len(match.score.results)) == (games, results)


# --- wrong types and shapes everywhere the API takes them ---------------------------------------------


@settings(max_examples=60)
@given(engine_id=st.sampled_from(ENGINE_IDS), depth=st.integers(1, 200_000), opener=st.sampled_from(['[', '{"a":']))
def test_a_save_nested_to_any_depth_is_refused_with_illegal_move(engine_id: str, depth: int, opener: str) -> None:
    engine = ENGINES[engine_id]
    closer = "]" if opener == "[" else "}"
    with pytest.raises(engine.IllegalMove):
        engine.Game.from_json(opener * depth + ("" if opener == "[" else "1") + closer * depth)


BOTS = st.one_of(ANYTHING, st.lists(st.one_of(ANYTHING, st.builds(object)), max_size=5))


@settings(max_examples=200)
@given(engine_id=st.sampled_from(ENGINE_IDS), game=st.one_of(ANYTHING, st.just("the game")), bots=BOTS,
       limit=st.one_of(st.just(1000), ANYTHING), seed=st.integers(0, 20))
def test_the_bot_loops_take_only_a_game_bots_and_a_limit_they_can_play(engine_id: str, game: Any, bots: Any,
                                                                       limit: Any, seed: int) -> None:
    """play_hand, play_game and play_match with anything for the game, the bots (a list of one bot per seat,
    each with choose(game)) or the limit: they play, or raise IllegalMove having played nothing."""
    engine = ENGINES[engine_id]
    if game == "the game":
        game = engine.Game(engine.MIN_PLAYERS, seed=seed)
    calls: list[Callable[[], object]] = [lambda: engine.play_hand(game, bots),
                                         lambda: engine.play_game(game, bots, limit)]
    if engine.HAS_MATCH_PLAY:
        calls.append(lambda: engine.play_match(game, bots, limit))
    for call in calls:
        before = game.to_json() if isinstance(game, engine.Game) else None
        try:
            call()
        except engine.IllegalMove:
            assert before is None or game.to_json() == before
    good = [engine.RandomBot(seat) for seat in range(engine.MIN_PLAYERS)]
    for wrong in ([], good[:-1], [*good, engine.RandomBot(9)], [*good[:-1], 1], None, "bots"):
        fresh = engine.Game(engine.MIN_PLAYERS, seed=seed)
        with pytest.raises(engine.IllegalMove):
            engine.play_game(fresh, wrong)
        with pytest.raises(engine.IllegalMove):
            engine.play_hand(fresh, wrong)


_TILE_TEXT = re.compile(r"\s*\[\s*([0-9]+)\s*\|\s*([0-9]+)\s*\]\s*")


@settings(max_examples=400)
@given(engine_id=st.sampled_from(ENGINE_IDS), text=st.one_of(
    ANYTHING, st.from_regex(_TILE_TEXT, fullmatch=True),
    st.builds("[{}|{}]".format, st.integers(-2, 20), st.integers(-2, 20)),
    st.text(alphabet="[]|0123456789 \t\n١٢+-", max_size=10),
    st.builds("[1|{}]".format, st.integers(5, 6000).map(lambda digits: "9" * digits))))
def test_parse_tile_takes_exactly_a_tile_of_the_set_as_its_docstring_says(engine_id: str, text: Any) -> None:
    engine = ENGINES[engine_id]
    found = _TILE_TEXT.fullmatch(text) if isinstance(text, str) else None
    halves = sorted(int(half) if len(half) < 4000 else 10**9 for half in found.groups()) if found else None
    if halves is not None and halves[1] <= engine.MAX_PIP:
        assert engine.parse_tile(text) == tuple(halves)
    else:
        with pytest.raises(engine.IllegalMove):
            engine.parse_tile(text)


@settings(max_examples=400)
@given(engine_id=st.sampled_from(ENGINE_IDS), value=st.one_of(
    ANYTHING, st.tuples(st.integers(-2, 20), st.integers(-2, 20)), st.lists(st.integers(-2, 20), max_size=3),
    st.tuples(st.booleans(), st.booleans()), st.tuples(st.floats(0, 6), st.integers(0, 6))))
def test_format_tile_takes_exactly_a_tile_of_the_set_as_its_docstring_says(engine_id: str, value: Any) -> None:
    engine = ENGINES[engine_id]
    pips = (list(value) if isinstance(value, tuple | list) and len(value) == 2
            and all(type(half) is int for half in value) else None)
    if pips is not None and 0 <= min(pips) and max(pips) <= engine.MAX_PIP:
        low, high = sorted(pips)
        assert engine.format_tile(value) == f"[{low}|{high}]"
        assert engine.parse_tile(engine.format_tile(value)) == (low, high)
    else:
        with pytest.raises(engine.IllegalMove):
            engine.format_tile(value)


@settings(max_examples=50, deadline=None)
@given(progress=ANYTHING)
def test_simulate_takes_a_progress_function_or_none(progress: Any) -> None:
    import dominospec
    from dominospec.language.diagnostics import UsageError
    assume(progress is not None)
    for run in (dominospec.simulate, lambda spec, **how: dominospec.compare(spec, spec, **how)):
        with pytest.raises(UsageError, match="progress is a function"):
            run(ROOT / "spec" / "fives_and_threes.rules", hands=5, workers=1, progress=progress)


@settings(max_examples=100)
@given(record=ANYTHING)
def test_a_record_of_any_shape_is_replayed_or_said_wrong_by_both_engines(record: Any) -> None:
    from dominospec.play.replay import replay
    path = ROOT / "spec" / "fives_and_threes.rules"
    assert replay(FIVES, record).error is not None
    native = native_engine(path)
    if not isinstance(native, Problems):  # no C compiler here: the Python replay above still runs
        assert native.replay(record).error is not None


@pytest.mark.parametrize("condition", [{"mod": True, "in": [1]}, {"in": [True]}, {"not_in": [False, 1]},
                                       {"mod": 10, "in": [1.0]}])
def test_a_packs_numbers_are_numbers_not_booleans(condition: dict[str, Any]) -> None:
    from dominospec.documents.language_pack import parse_pack
    from dominospec.language.diagnostics import InputError
    data = json.loads((ROOT / "compiler" / "documents" / "languages" / "en.json").read_text(encoding="utf-8"))
    data["plural"] = [{"form": "one", "when": [condition]}]
    with pytest.raises(InputError, match="whole number"):
        parse_pack(json.dumps(data), "en.json")
