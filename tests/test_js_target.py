"""The JavaScript target: every shipped variant's engine compiled to an ES module and its WebAssembly, played in
Node against the Python engines.

For each variant one Node process (tests/data/js_games.mjs) plays JS_GAMES games at every table the variant allows,
random and greedy bots mixed at the table, with moves now and then made and taken back and a save restored and
played on in lockstep; each game's record must replay in the Python engine to the events, scores and winners the
JavaScript game reported, and a view taken along the way must be the Python engine's view at the same point. Where
the variant has match rules, whole matches are played as well (Match), and replay in Python to the same events,
winners and match points. The same process replays records the Python engine played (Game.fromRecord, and
Match.fromRecord for its matches), which must give the Python replay's events. The engines are built once a run
(the WebAssembly is kept in the user's cache folder by its source, so a run after the first builds none again).
Node and the WebAssembly compiler (ziglang, `pip install 'dominospec[web]'`) are required: without them the tests
fail, saying what to install.
"""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import types
from pathlib import Path
from typing import Any

import pytest

from dominospec.engine_api import as_variant, engine_of
from dominospec.language import ir
from dominospec.language.diagnostics import UsageError
from dominospec.language.loader import load
from dominospec.play.replay import replay
from dominospec.targets import TARGETS
from dominospec.targets.codegen import generate
from dominospec.targets.engines import load_engine
from engine_cases import SHIPPED_CASES, Case, engine_for, every_table, spec_path
from support import ROOT

JS = TARGETS["js"]
JS_GAMES = int(os.environ.get("DOMINOSPEC_JS_GAMES", "2"))  # games per table, and Python records replayed per table
HANDS_AT_MOST = 6  # hands of one game: enough to reach most targets, and pool play has none
GAMES_AT_MOST = 12  # games of one match: a match to a few match points is won long before
GREEDY_SHARE = 0.3  # of the seats at a table where the Python engine plays a record
DRIVER = ROOT / "tests" / "data" / "js_games.mjs"
VARIANTS = [case for case in SHIPPED_CASES if isinstance(engine_for(case)[0], ir.Variant)]
FNT = ROOT / "spec" / "fives_and_threes.rules"
INSTALL = "pip install 'dominospec[web]'"


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


@functools.cache
def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("node is not on PATH: the JavaScript target's engines are run in Node.js 18 or later; install it")
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    if int(version.lstrip("v").split(".")[0]) < 18:
        pytest.fail(f"node {version} is too old: the JavaScript engines need Node.js 18 or later")
    return found


@pytest.fixture(scope="session")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This process's engines (the WebAssembly itself is kept in the cache folder, shared by every process)."""
    return tmp_path_factory.mktemp("js")


@functools.cache
def js_engine(case: Case, folder: Path) -> Path:
    """A case's engine as `compile --target js` writes it into folder: the module, its types and its WebAssembly;
    built once a run."""
    variant, _ = engine_for(case)
    name = spec_path(case).name
    assert JS.companions is not None
    try:
        files = {JS.suffix: generate(variant, name, JS), **JS.companions(variant, name)}
    except UsageError as err:
        pytest.fail(f"the JavaScript target cannot build here: {err.render()}\n(CI installs ziglang: {INSTALL})")
    module = JS.module_name(spec_path(case))
    for suffix, data in files.items():
        path = folder / f"{module}{suffix}"
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    return folder / f"{module}{JS.suffix}"


def python_record(module: types.ModuleType, variant: ir.Variant, players: int, partnerships: bool,
                  seed: int) -> dict[str, Any]:
    """A game the Python engine plays: random and greedy bots, claims true, missing or wrong where scores are
    announced."""
    rng = random.Random(seed)
    bots = [module.GreedyBot() if rng.random() < GREEDY_SHARE else module.RandomBot(rng.getrandbits(32))
            for _ in range(players)]
    game = module.Game(players, partnerships, seed=seed)
    while not game.over and not (game.hand_over and game.hand_number >= HANDS_AT_MOST):
        if game.hand_over:
            game.start_hand()
            continue
        move = bots[game.current].choose(game)
        claim = None
        if variant.placement_points is ir.PlacementPoints.ANNOUNCED and move[0] == "play":
            true = game.points_for(move)
            claim = rng.choice([true, true, None, 0, true + 5])
        game.apply(move, claim)
    record: dict[str, Any] = game.record()
    return record


def python_match(module: types.ModuleType, players: int, partnerships: bool, seed: int) -> dict[str, Any]:
    """A whole match the Python engine plays, random and greedy bots mixed."""
    rng = random.Random(seed)
    bots = [module.GreedyBot() if rng.random() < 0.5 else module.RandomBot(rng.getrandbits(32))
            for _ in range(players)]
    match = module.Match(players, partnerships, seed=seed)
    module.play_match(match, bots, max_games=GAMES_AT_MOST)
    record: dict[str, Any] = match.record()
    return record


def run_node(case: Case, folder: Path, records: list[dict[str, Any]]) -> dict[str, Any]:
    variant, _ = engine_for(case)
    engine = js_engine(case, folder)
    given = {"tables": every_table(variant), "seeds": list(range(JS_GAMES)), "handsAtMost": HANDS_AT_MOST,
             "undoShare": 0.1, "gamesAtMost": GAMES_AT_MOST, "records": records}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as file:
        json.dump(given, file)
    try:
        done = subprocess.run([node(), str(DRIVER), str(engine), file.name], capture_output=True, text=True,
                              check=False, timeout=600)
    finally:
        os.unlink(file.name)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def view_of(module: types.ModuleType, record: dict[str, Any], hands: int, moves: int, seat: int) -> dict[str, Any]:
    """The Python engine's view of seat once a record's first hands are dealt and the last of them has had its
    first moves."""
    game = module.Game(record["players"], record["partnerships"], scores=record["scores"], deal=False)
    for number, hand in enumerate(record["hands"][:hands], 1):
        game.start_hand(hand["opener"], [[module.parse_tile(t) for t in h] for h in hand["deal"]],
                        [module.parse_tile(t) for t in hand["boneyard"]])
        for move in hand["moves"][:moves] if number == hands else hand["moves"]:
            game.apply(record_move(module, game, move), move.get("claim"))
    return plain(game.view(seat))  # type: ignore[no-any-return]


def record_move(module: types.ModuleType, game: Any, move: dict[str, Any]) -> Any:
    """A record's move as the Python engine takes it."""
    if "play" not in move:
        return ("muggins", move["seat"]) if "muggins" in move else (("draw",) if "draw" in move else ("pass",))
    tile = module.parse_tile(move["play"])
    if "on" not in move:
        return ("play", tile, None, None)
    placed = ("play", tile, module.parse_tile(move["on"]), move["port"])
    return placed + (move["by"],) if "by" in move else placed


def snake(view: dict[str, Any]) -> dict[str, Any]:
    """A JavaScript view under the Python engine's names."""
    names = {"handSizes": "hand_sizes", "pileSize": "pile_size", "handOver": "hand_over", "legalMoves": "legal_moves"}
    return {names.get(key, key): value for key, value in view.items()}


@pytest.mark.parametrize("case", VARIANTS, ids=[case.id for case in VARIANTS])
def test_js_engine_plays_as_the_python_engine(case: Case, folder: Path) -> None:
    variant, module = engine_for(case)
    engine = as_variant(engine_of(module))
    assert engine is not None
    tables = every_table(variant)
    records = [python_record(module, variant, players, partnerships, seed)
               for players, partnerships in tables for seed in range(JS_GAMES)]
    if variant.match is not None:
        records += [python_match(module, players, partnerships, seed)
                    for players, partnerships in tables for seed in range(JS_GAMES)]
    out = run_node(case, folder, records)
    assert out["errors"] == []
    assert out["imports"] == [], "the WebAssembly imports nothing from its host"
    assert out["variant"]["name"] == variant.name
    assert len(out["games"]) == len(tables) * JS_GAMES
    for game in out["games"]:
        where = f"{game['players']}p{' partnerships' if game['partnerships'] else ''} seed {game['seed']}"
        replayed = replay(engine, game["record"])
        assert replayed.error is None, where
        assert plain(replayed.events) == game["events"], where
        assert (list(replayed.scores), list(replayed.winners)) == (game["scores"], game["winners"]), where
        if game["view"] is not None:
            taken = game["view"]
            seen = view_of(module, game["record"], taken["hand"], taken["moves"], taken["seat"])
            assert snake(taken["view"]) == seen, where
    assert len(out["matches"]) == (len(tables) * JS_GAMES if variant.match is not None else 0)
    for match in out["matches"]:
        where = f"match {match['players']}p{' partnerships' if match['partnerships'] else ''} seed {match['seed']}"
        replayed = replay(engine, match["record"])
        assert replayed.error is None, where
        assert plain(replayed.events) == match["events"], where
        assert (replayed.scores, replayed.winners, replayed.match_points) == (
            match["scores"], match["winners"], match["matchPoints"]), where
        assert match["over"] and match["winners"], f"{where}: the match is played to its end"
    for record, js in zip(records, out["records"], strict=True):
        expected = replay(engine, record)
        assert expected.error is None
        assert js["events"] == plain(expected.events)
        if "games" in record:
            assert js["matchPoints"] == expected.match_points
        assert (js["scores"], js["winners"]) == (list(expected.scores), list(expected.winners))
        if js["refusal"] is not None:
            assert js["refusal"].startswith("hand "), js["refusal"]
    assert all(message is not None for message in out["messages"])


def test_compile_writes_the_module_its_types_and_its_webassembly(tmp_path: Path) -> None:
    spec = ROOT / "spec" / "horse_race.rules"
    command = [sys.executable, "-m", "dominospec", "compile", "--target", "js", str(spec), "-o", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["horse_race.d.ts", "horse_race.js", "horse_race.wasm"]
    header = "/* Generated by dominospec from horse_race.rules. DO NOT EDIT. */"
    assert (tmp_path / "horse_race.js").read_text().startswith(header + "\n")
    assert (tmp_path / "horse_race.d.ts").read_text().startswith(header + "\n")
    assert (tmp_path / "horse_race.wasm").read_bytes()[:4] == b"\0asm"
    check = subprocess.run([*command, "--check"], capture_output=True, text=True, check=False)
    assert check.returncode == 0, check.stderr
    (tmp_path / "horse_race.wasm").write_bytes(b"\0asm\1\0\0\0")
    check = subprocess.run([*command, "--check"], capture_output=True, text=True, check=False)
    assert check.returncode == 1 and "horse_race.wasm: out of date" in check.stderr
    subprocess.run(command, capture_output=True, check=True)  # the .wasm written again
    records = []
    for loading in ("await load()",  # the .wasm beside the module
                    "loadSync(readFileSync('horse_race.wasm'))",
                    "await load(new Response(readFileSync('horse_race.wasm')))"):
        script = ("import { readFileSync } from 'node:fs'; import { load, loadSync, Game } from './horse_race.js'; "
                  f"{loading}; const game = new Game({{players: 3, seed: 1}}); "
                  "while (!game.handOver) game.apply(game.botMove()); console.log(JSON.stringify(game.record()));")
        (tmp_path / "main.mjs").write_text(script)
        played = subprocess.run([node(), "main.mjs"], cwd=tmp_path, capture_output=True, text=True, check=False)
        assert played.returncode == 0, played.stderr
        records.append(json.loads(played.stdout))
    assert records[0]["players"] == 3 and records[0] == records[1] == records[2]


FORMAT_DRIVER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [modulePath, inputPath] = process.argv.slice(2);
const { load, MatchScore, IllegalMove } = await import(pathToFileURL(modulePath).href);
await load();
const out = JSON.parse(readFileSync(inputPath, "utf8")).map(([sides, games]) => {
  const score = new MatchScore(sides);
  return games.map((scores) => {
    try {
      return score.addGame(scores);
    } catch (error) {
      if (!(error instanceof IllegalMove)) throw error;
      return error.message;
    }
  });
});
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "match_formats").glob("*.rules")),
                         ids=lambda path: path.name)
def test_a_match_format_compiles_to_a_module_that_scores_as_the_python_engine(path: Path, tmp_path: Path) -> None:
    """`compile --target js` of a match format writes its module, types and WebAssembly; its MatchScore gives the
    Python engine's results for random matches, and its words where it refuses a game."""
    done = subprocess.run([sys.executable, "-m", "dominospec", "compile", "--target", "js", str(path), "-o",
                           str(tmp_path)], capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    module = tmp_path / f"{path.stem}.js"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{path.stem}{s}" for s in (".d.ts", ".js", ".wasm"))
    spec = load(path)
    assert isinstance(spec, ir.MatchFormat)
    python = load_engine(spec, path)
    rng = random.Random(path.name)
    target = spec.game_target
    matches = []
    for _ in range(40):
        sides = rng.randint(2, 5)
        games = []
        for _ in range(rng.randint(1, 12)):
            scores = [rng.randrange(target) for _ in range(sides)]
            for winner in rng.sample(range(sides), rng.choice([0, 1, 1, 1, 1, 2])):
                scores[winner] = target + rng.randrange(20)
            games.append(scores)
        matches.append([sides, games])
    expected = []
    for sides, games in matches:
        score, results = python.MatchScore(sides), []
        for scores in games:
            try:
                results.append(score.add_game(scores))
            except python.IllegalMove as err:
                results.append(str(err))
        expected.append(results)
    (tmp_path / "driver.mjs").write_text(FORMAT_DRIVER, encoding="utf-8")
    (tmp_path / "matches.json").write_text(json.dumps(matches), encoding="utf-8")
    ran = subprocess.run([node(), str(tmp_path / "driver.mjs"), str(module), str(tmp_path / "matches.json")],
                         capture_output=True, text=True, check=False, timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == plain(expected)
    assert any(isinstance(r, str) for m in expected for r in m) and any(r["match_over"] for m in expected for r in m
                                                                          if isinstance(r, dict))


def without_ziglang(tmp_path: Path) -> dict[str, str]:
    """An environment where `import ziglang` fails and PATH holds no clang."""
    shadow = tmp_path / "shadow" / "ziglang"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('ziglang is not installed here')\n")
    (tmp_path / "bin").mkdir()
    return {**os.environ, "PYTHONPATH": str(shadow.parent), "PATH": str(tmp_path / "bin")}


def test_compile_without_a_webassembly_compiler_says_what_to_install(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "dominospec", "compile", "--target", "js", str(FNT), "-o", str(out)],
                          capture_output=True, text=True, check=False, env=without_ziglang(tmp_path))
    assert done.returncode == 2, done.stderr
    assert "no compiler for WebAssembly found" in done.stderr and INSTALL in done.stderr
    assert not out.exists() or list(out.iterdir()) == []


def test_a_clang_that_builds_for_wasm32_wasi_is_used_without_ziglang(tmp_path: Path) -> None:
    """Where ziglang is missing, a clang on PATH that builds for wasm32-wasi builds the WebAssembly (here Zig's own
    clang, behind a script of that name). A match format's engine is built: the smallest C the target writes, so
    that the build, which the cache cannot serve (another compiler), takes a second."""
    env = without_ziglang(tmp_path)
    clang = tmp_path / "bin" / "clang"
    clang.write_text(f"#!/bin/sh\nPYTHONPATH= exec {sys.executable} -m ziglang cc \"$@\"\n")
    clang.chmod(0o755)
    out = tmp_path / "out"
    spec = ROOT / "examples" / "match_formats" / "free_play.rules"
    done = subprocess.run([sys.executable, "-m", "dominospec", "compile", "--target", "js", str(spec), "-o", str(out)],
                          capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0, done.stderr
    assert (out / "free_play.wasm").read_bytes()[:4] == b"\0asm"


def test_events_longer_than_the_room_given_are_asked_for_again(tmp_path: Path, folder: Path) -> None:
    """A call whose events do not fit is made again, the game's bytes put back, with the room they need: an engine
    given 8 bytes of room at first plays as one given 4096."""
    case = next(case for case in VARIANTS if case.path == FNT)
    engine = js_engine(case, folder)
    source = engine.read_text(encoding="utf-8")
    assert '"eventRoom": 4096' in source
    (tmp_path / "roomy.js").write_text(source, encoding="utf-8")
    (tmp_path / "tight.js").write_text(source.replace('"eventRoom": 4096', '"eventRoom": 8'), encoding="utf-8")
    for name in ("roomy", "tight"):
        shutil.copy(engine.with_suffix(".wasm"), tmp_path / f"{name}.wasm")
    script = ("const records = []; for (const name of ['roomy', 'tight']) { "
              "const { load, Game } = await import(`./${name}.js`); await load(); "
              "const game = new Game({players: 2, seed: 5}); "
              "while (!game.over) { if (game.handOver) game.startHand(); else game.apply(game.botMove('random')); } "
              "records.push(JSON.stringify([game.events, game.record()])); } "
              "console.log(records[0] === records[1] && records[0].length > 1000);")
    (tmp_path / "main.mjs").write_text(script)
    done = subprocess.run([node(), "main.mjs"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "true"
