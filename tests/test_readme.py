"""The README and the language reference, docs/language.md. The README's first spec is a valid spec in
the canonical layout, and every command of its tour runs and prints what the README shows. The
reference's tables document exactly the clauses of the table of clauses (each under the heading its
row names, in canonical order, with what makes it required or its default), it shows every phrase the
grammar accepts, and each of its rules that cannot go together is a refusal of the checks, said once.
docs/games.md lists every game of the family."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dominospec.language import checks, clauses, ir
from dominospec.language.checks import check
from dominospec.language.clauses import CLAUSES, Clause, Scope
from dominospec.language.diagnostics import SpecError
from dominospec.language.grammar import PHRASE_TERMINALS
from dominospec.language.parser import parse
from dominospec.language.printer import format_spec
from support import FAMILY, ROOT, doc_page, section

README = (ROOT / "README.md").read_text(encoding="utf-8")
REFERENCE = doc_page("language.md")


def _tables() -> list[tuple[str, str, str]]:
    """(heading, key, default) for every clause row of the reference's tables, in order."""
    rows = []
    for table in re.split(r"^### ", section(REFERENCE, "## The clauses"), flags=re.M)[1:]:
        heading = table.split("\n", 1)[0]
        found = re.findall(r"^\| `([^`]+):` \|.*\| (.*) \|$", table, re.M)
        rows += [(heading, key, default) for key, default in found]
    return rows


TABLES = _tables()
DEFAULTS = {key: default for _, key, default in TABLES}
REQUIRED_WORDS = {Scope.GAME: "required", Scope.FORMAT: "required in a match format",
                  Scope.MATCH: "required for match play"}


def first_spec() -> str:
    example = re.search(r"### A first spec\n\n```\n(.*?)```", README, re.S)
    assert example
    return example.group(1)


def test_the_first_spec_is_valid_and_canonical() -> None:
    assert format_spec(check(parse(first_spec()))) == first_spec()


def tour() -> list[tuple[str, str]]:
    """Every command of the README's tour (its `console` blocks), with the output shown under it."""
    commands: list[tuple[str, str]] = []
    for block in re.findall(r"^```console\n(.*?)^```$", section(README, "## A short tour"), re.M | re.S):
        for command, shown in re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n)*)", block, re.M):
            commands.append((command, shown))
    return commands


def test_every_command_of_the_tour_runs_and_prints_what_the_readme_shows(tmp_path: Path) -> None:
    """In a folder of one's own, as a user of the checkout runs them: the first spec saved as club.rules, the
    bundled specs and examples beside it."""
    (tmp_path / "club.rules").write_text(first_spec(), encoding="utf-8")
    for folder in ("spec", "examples"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    commands = tour()
    assert {command.split()[1] for command, _ in commands} == {
        "check", "fmt", "compile", "replay", "verify", "example", "book", "simulate", "compare", "play"}
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "PYTHONUTF8": "1"}
    for command, shown in commands:
        assert command.startswith("dominospec ")
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
                              encoding="utf-8", timeout=300, check=False)
        assert done.returncode == 0, f"{command}: {done.stderr}"
        if shown:
            assert done.stdout == shown, command


def test_the_javascript_example_plays_a_game_of_the_first_spec_in_node(tmp_path: Path) -> None:
    """The tour's JavaScript, run as written beside the engine `compile --target js` writes for club.rules; the
    record it prints replays to the winners it printed."""
    example = re.search(r"^```js\n(.*?)^```$", section(README, "## A short tour"), re.M | re.S)
    assert example
    (tmp_path / "club.rules").write_text(first_spec(), encoding="utf-8")
    compiled = subprocess.run([sys.executable, "-m", "dominospec", "compile", "--target", "js", "club.rules", "-o",
                               "engines"], cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
    assert compiled.returncode == 0, compiled.stderr
    (tmp_path / "example.mjs").write_text(example.group(1).replace("console.log(game.winners, game.record());",
                                                                   "console.log(JSON.stringify([game.winners, "
                                                                   "game.record()]));"), encoding="utf-8")
    node = shutil.which("node")
    assert node is not None, "node is not on PATH: install Node.js 18 or later"
    done = subprocess.run([node, "example.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    winners, record = json.loads(done.stdout)
    (tmp_path / "record.json").write_text(json.dumps(record), encoding="utf-8")
    replayed = subprocess.run([sys.executable, "-m", "dominospec", "replay", "club.rules", "record.json", "--json"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["winners"] == winners != []


def test_the_tables_hold_every_clause_under_its_heading_in_canonical_order() -> None:
    assert [(heading, key) for heading, key, _ in TABLES] == [(clause.table, clause.key) for clause in CLAUSES]


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.key)
def test_every_clause_says_when_it_is_required_or_what_its_default_is(clause: Clause) -> None:
    said = DEFAULTS[clause.key]
    if clause.required:
        assert said == REQUIRED_WORDS[clause.scope]
    elif clause.required_when:
        assert said.endswith(f"required {clause.required_when}")
    else:
        written = clause.write(clause.default)
        # A default the printer writes is shown as it writes it; one it leaves out, in plain words.
        assert said == f"`{written}`" if written is not None else "`" not in said and "required" not in said


def test_the_required_clauses_are_listed_before_the_tables() -> None:
    listing = re.search(r"^Eight clauses are required in every variant: (.*?)\. \w+ more are required in some "
                        r"variants: (.*?)\. ", REFERENCE, re.M | re.S)
    assert listing
    always, sometimes = ([" ".join(key.split()) for key in re.findall(r"`([^`]+)`", part)] for part in listing.groups())
    assert always == [clause.key for clause in clauses.in_scope(Scope.GAME) if clause.required]
    assert sorted(sometimes) == sorted(clause.key for clause in CLAUSES if clause.required_when)


@pytest.mark.parametrize("phrase", sorted({m.value for choice in PHRASE_TERMINALS.values() for m in choice}))
def test_every_phrase_is_documented(phrase: str) -> None:
    assert f"`{phrase}`" in REFERENCE


def test_the_table_of_the_family_lists_every_spec_in_examples_family_once() -> None:
    table = doc_page("games.md")
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| game ")]
    named = [name for row in rows for name in re.findall(r"`([a-z0-9_]+)(?:\.rules)?`", row)]
    assert sorted(named) == sorted(path.stem for path in FAMILY)


# --- "Rules that cannot go together" ---------------------------------------------------------------
# Each line of the section, by its opening words, with specs the checks refuse for what it says: edits of
# Fives and Threes ("key: value" sets the clause, "-key" takes it out).

_TOGETHER = section(REFERENCE, "## Rules that cannot go together")
_BULLETS = [" ".join(bullet.split()) for bullet in re.findall(r"^- (.*?)(?=^- |^\n|\Z)", _TOGETHER, re.M | re.S)]
_ALONE = ("partnerships: none", "-partnership goes out")
_DRAWING = ("undealt tiles: draw pile", "cannot play: draw until playable")
# A lead that names its tile, with what it needs and nothing it cannot go with.
_NAMED = ("lead: [6|6]", "-first opener", "-next opener", "if nobody holds it: the heaviest tile leads")
# A lead that names the first hand's tile, with what it needs.
_FIRST = ("first hand lead: [6|6]", "-first opener", "if nobody holds it: the heaviest tile leads")
# Kozel's scoring on Fives and Threes: penalty points recorded by the losing side of a hand.
_KOZEL = ("players: 4", "partnerships: fixed at 4 players", "deal: 4 players get 5 tiles", "placement score: 0",
          "going out scores: 0 points", "pip award: opponents' pips", "hand points go to: the losing side",
          "target: at least 101 at the end of a hand")
# A game of rounds on Fives and Threes: each seat's own pips left in hand against it, the lowest total winning.
_TRAINS = (*_ALONE, "rounds: one for each double, highest first", "placement score: 0", "going out scores: 0 points",
           "pips left in hand: added to the holder's score", "target: lowest total after the last round")
# That game with trains from the round's engine, drawn for in turn: a hub to try the layout's other clauses on.
_HUB = (*_TRAINS, "lead: the round's double", "-first opener", "-next opener", *_DRAWING,
        "if nobody holds it: the seats draw in turn until it appears", "trains: one for each seat")
_MATCH = ("match points for a win: 1", "match target: first to 3 match points")
_BRUK = "both go back to 0, one all playing for two"
_PAYS = "scores 2 match points"
_EXAMPLES: dict[str, list[tuple[str, ...]]] = {
    "`undealt tiles: draw pile` with `cannot": [("undealt tiles: draw pile",), ("cannot play: draw until playable",)],
    "`reserve`, `draw limit` or `drawn tile`": [
        ("reserve: 2 tiles",), ("draw limit: 3 tiles per turn",), ("drawn tile: joins the hand",),
        (*_DRAWING, "draw limit: 0 tiles per turn")],
    "More tiles dealt (with the reserve) than": [
        ("deal: 2 players get 15 tiles, 3 or 4 players get 5 tiles",),
        (*_DRAWING, "reserve: 10 tiles", "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles"),
        ("deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles, 5 players get 4 tiles",),
        ("deal: 2 players get 7 tiles, 3 players get 5 tiles",),
        ("deal: 2 or 3 players get 7 tiles, 3 or 4 players get 5 tiles",)],
    "`partnerships` other than `none` when `p": [
        ("players: 2 or 3", "deal: 2 players get 7 tiles, 3 players get 5 tiles"),
        ("partnerships: fixed at 6 players",)],
    "`partnerships` without `partnership goes": [("-partnership goes out",), ("partnerships: none",)],
    "`first opener: next seat clockwise` or `": [
        ("first opener: next seat clockwise",), ("first opener: player of the last tile",),
        ("after a blocked hand: player of the last tile", "lead: a double", "leader without one: passes the lead")],
    "`next opener: player of the last tile` w": [("next opener: player of the last tile",)],
    "`first opener: winner of the last hand` o": [
        ("first opener: winner of the last hand",), ("first opener: chosen by the winning side",),
        ("next opener: chosen by the winning side", "blocked hand: lowest pips win"),
        ("next opener: winner of the last hand",),
        ("blocked hand: lowest pips win", "after a blocked hand: winner of the last hand")],
    "`blocked hand: the blocker against the ne": [
        ("blocked hand: the blocker against the next seat", "tied lowest: no winner"),
        ("blocked hand: the blocker against the next seat", "lead: a double", "leader without one: passes the lead")],
    "`going out on either end scores` or `goi": [
        ("going out on either end scores: 25 points",),
        ("going out with double blank on a single blank end scores: 100 points", "target: at least 61",
         "spinners: first double"),
        ("going out on either end scores: 25 points", "target: at least 61", "spinners: first double"),
        ("going out on either end scores: 25 points", "target: at least 61", "matching: halves adding up to 7"),
        ("going out on either end scores: 25 points", "target: at least 61", "wild tiles: [3|4]"),
        ("an opponent's pass scores: 25 points",),
        ("an opponent's pass scores: 25 points", "target: at least 61", "first score: at least 10"),
        ("a pass all round scores: 25 points",),
        ("a pass all round scores: 25 points", "target: at least 61", "first score: at least 10"),
        ("a pass right after the lead scores: 50 points, 25 after a double",),
        ("a pass all round scores: 25 points", "target: at least 61", "players: 4", "partnerships: fixed at 4 players",
         "deal: 4 players get 5 tiles", "partnership goes out: when both partners are out")],
    "A `lead` tile that is not in the set; `f": [
        (*_NAMED, "lead: [6|7]"), (*_NAMED, "first opener: by lot"), (*_NAMED, "next opener: next seat clockwise"),
        (*_NAMED, "after a blocked hand: by lot"), (*_NAMED, *_MATCH, "next game opener: loser of the previous game")],
    "A `first hand lead` or `level lead` tile": [
        ("first hand lead: [6|7]", *_FIRST[1:]), ("first hand lead: [6|6]", *_FIRST[2:]),
        (*_FIRST, "lead: [5|5]", "-next opener"), (*_FIRST, *_MATCH, "next game opener: loser of the previous game"),
        ("level lead: [6|7] at 0-0, at 1-1 and after a drawn hand", *_FIRST[1:]),
        ("level lead: [6|6] at 0-0, at 1-1 and after a drawn hand", *_FIRST[2:]),
        (*_FIRST, "level lead: [6|6] at 0-0, at 1-1 and after a drawn hand")],
    "A lead that names its tile without `if n": [
        ("lead: [6|6]", "-first opener", "-next opener"),
        ("lead: the highest double", "-first opener", "-next opener", "deal: 2 players get 14 tiles, 3 players get 9 "
         "tiles, 4 players get 7 tiles", "if nobody holds it: the heaviest tile leads"),
        ("if nobody holds it: the heaviest tile leads",)],
    "`lead: a double` or `a double or a scorin": [
        ("lead: a double",), ("leader without one: passes the lead",),
        ("lead: a double", "leader without one: draws until one comes")],
    "`lead: a double or a scoring tile` where": [
        ("lead: a double or a scoring tile", "leader without one: passes the lead",
         "placement score: total if score > 3"),
        ("lead: a double or a scoring tile", "leader without one: passes the lead", "players: 2 or 4",
         "deal: 2 players get 7 tiles, 4 players get 5 tiles", "target: exactly 61 with 2 players, 31 with 4 players",
         "placement score: total if total == target"),
        ("lead: a double or a scoring tile", "leader without one: passes the lead", "placement score: 0")],
    "`branches open`, `spinner sides`, `spinn": [
        ("branches open: at once",), ("spinner sides: covered before other ends",),
        ("spinner counts: its value for each open branch",), ("arms of the cross: a double on each first",)],
    "`arms of the cross: a double on each fir": [
        ("spinners: every double", "spinner sides: covered before other ends",
         "arms of the cross: a double on each first"),
        ("spinners: first double", "arms of the cross: a double on each first")],
    "`matching: halves adding up to N` with N": [("matching: halves adding up to 13",), ("wild tiles: [0|7]",)],
    "A placement score that names an unknown": [
        ("placement score: total if totl > 0",), ("placement score: 10 / total",), ("placement score: total - 5",),
        ("raw points per displayed point: 5",), ("raw points per displayed point: 0",)],
    "A placement score with a value past 2^6": [
        ("placement score: total * 1000000 * 1000000 * 1000000 if total is a positive multiple of 5",),
        ("placement score: total * 1000000 * total", "target: at least 61")],
    "A target nothing in the rules scores tow": [
        ("placement score: 5 if total > 200", "going out scores: 0 points"),
        ("placement score: total if total is a positive multiple of 5", "going out scores: 10 points")],
    "`tied lowest`, `blocked hand award` or `": [
        ("tied lowest: no winner",), ("blocked hand award: none",), ("winning a blocked hand scores: 100 points",),
        ("blocked hand: lowest pips win, hands without a double first",)],
    "`tied lowest: the side that led the hand": [
        ("blocked hand: lowest pips win", "tied lowest: the side that led the hand wins"),
        ("blocked hand: lowest pips win", "tied lowest: the blocker's side wins"),
        (*_KOZEL, "blocked hand: lowest combined pips win", "tied lowest: the blocker's side wins", "lead: a double",
         "leader without one: passes the lead")],
    "A pip award or a blocked hand award roun": [
        ("pip award: opponents' pips, rounded to the nearest 0",), ("pip award: opponents' pips, divided by 0",),
        ("blocked hand: lowest pips win", "blocked hand award: opponents' pips, rounded to the nearest 0")],
    "`extra turn without a legal tile` with n": [("extra turn without a legal tile: the turn ends",)],
    "`extra turn is` with no extra turns, and": [
        ("extra turn is: optional",),
        ("extra turn after: a double", "extra turn is: optional", "extra turn without a legal tile: the turn ends")],
    "`extra turn after: any placement` togeth": [("extra turn after: a double, any placement",)],
    "`extra turn for the lead: none` with no": [
        ("extra turn for the lead: none",),
        (*_TRAINS, "lead: the round's double, set aside", "next opener: next seat clockwise",
         "extra turn after: a double", "extra turn for the lead: none")],
    "`when able to play: may draw` with `undea": [
        ("when able to play: may draw",), (*_DRAWING, "when able to play: may draw", "drawn tile: played at once")],
    "`placement points: announced by the play": [
        ("placement points: announced by the player",),
        ("placement points: announced by the player", "target: at least 61 at the end of a hand"),
        ("placement points: announced by the player", "target: at least 61", "first score: at least 10")],
    "A target of 0; `target: none` with match": [
        ("target: exactly 0",), ("target: none", *_MATCH),
        ("target: exactly 61 with 2 players, 31 with 3 or 4 players", *_MATCH)],
    "A target per player count that leaves ou": [
        ("target: exactly 61 with 2 players, 31 with 3 players",),
        ("target: exactly 61 with 2 players, 31 with 3 or 4 players, 21 with 5 players",),
        ("target: exactly 61 with 2 or 3 players, 31 with 3 or 4 players",)],
    "A `pip penalty` with `scores below zero:": [
        ("target: at least 61", "pip penalty: own pips",), ("scores below zero: allowed", "pip penalty: own pips"),
        ("target: at least 61", "scores below zero: allowed", "pip penalty: own pips, rounded to the nearest 0")],
    "`target: exactly N at the end of a hand`": [
        ("target: exactly 61 at the end of a hand",), ("target: at least 61", "first score: at least 0"),
        ("target: at least 61", "first score: at least 70"), ("first score: at least 10",),
        ("target: at least 61", "winning points on the lead: cancelled")],
    "A `pool stake` with partnerships, with `": [
        ("target: none", "scores below zero: allowed", "pool stake: 1 point from each player every hand"),
        (*_ALONE, "target: none", "pool stake: 1 point from each player every hand"),
        (*_ALONE, "scores below zero: allowed", "pool stake: 1 point from each player every hand"),
        (*_ALONE, "target: none", "scores below zero: allowed", "pool stake: 0 points from each player every hand"),
        ("pool ties: carried whole",)],
    "`hand points go to: the losing side` at": [
        (*_KOZEL, "players: 2 to 4", "partnerships: optional at 4 players",
         "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles"),
        (*_KOZEL, "target: at least 101"), (*_KOZEL, "placement score: total"),
        (*_KOZEL, "going out scores: 10 points"), (*_KOZEL, "pip penalty: own pips", "scores below zero: allowed"),
        (*_KOZEL, "going out on either end scores: 25 points"), (*_KOZEL, "an opponent's pass scores: 25 points"),
        (*_KOZEL, "going out with double blank on a single blank end scores: 100 points"),
        (*_KOZEL, "hand bonus: 100 points in hand 1")],
    "`when both sides have points: both go ba": [
        (*_KOZEL, "hand points go to: the winning side", "players: 2 to 4", "partnerships: optional at 4 players",
         "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles", "when both sides have points: " + _BRUK),
        (*_KOZEL, "hand points go to: the winning side", "target: at least 6",
         "when both sides have points: " + _BRUK)],
    "`tied hand points: carried to the next d": [
        ("tied hand points: carried to the next decided hand",),
        ("blocked hand: lowest combined pips win", "tied lowest: no winner",
         "tied hand points: carried to the next decided hand")],
    "`rounds` without `target: lowest total a": [
        ("rounds: one for each double, highest first",),
        (*_ALONE, "placement score: 0", "going out scores: 0 points", "target: lowest total after the last round",
         "pips left in hand: added to the holder's score"),
        ("lead: the round's double", "-first opener", "-next opener", "if nobody holds it: the heaviest tile leads"),
        (*_NAMED[:3], "if nobody holds it: the seats draw in turn until it appears"),
        ("lead: the highest double", *_NAMED[1:3], "if nobody holds it: the seats draw in turn until it appears",
         *_DRAWING),
        (*_NAMED[:3], "if nobody holds it: the seats draw in turn until it appears", *_DRAWING, "reserve: 2 tiles"),
        (*_TRAINS, "lead: the round's double", "-first opener", "-next opener", *_DRAWING,
         "if nobody holds it: the heaviest tile leads"),
        (*_TRAINS, "blocked hand: lowest pips win", "tied lowest: the hand is played again"),
        ("lead: the round's double, set aside",),
        (*_TRAINS, "lead: the round's double, set aside", "next opener: next seat clockwise",
         "after a blocked hand: player of the last tile"),
        ("pips left in hand: added to the holder's score",), ("tile values: [0|0] counts 50",),
        (*_TRAINS, "tile values: [7|7] counts 50"),
        (*_TRAINS, "partnerships: fixed at 4 players", "partnership goes out: when both partners are out"),
        (*_TRAINS, "going out scores: 10 points"), (*_TRAINS, "pip award: opponents' pips"),
        (*_TRAINS, "placement score: total")],
    "`lone tile values` where nothing counts": [
        ("lone tile values: [0|0] counts 25",),
        ("pip award: opponents' pips", "lone tile values: [7|7] counts 25"),
        (*_ALONE, "blocked hand: lowest pips win, hands without a double first", "lone tile values: [6|6] counts 50")],
    "`later doubles: chicken feet` with spinn": [
        ("later doubles: chicken feet",),
        ("spinners: every double", "spinner sides: covered before other ends", "later doubles: chicken feet"),
        ("spinners: first double", "later doubles: chicken feet"),
        ("spinners: first double", "spinner sides: covered before other ends", "later doubles: chicken feet")],
    "`trains` with a lead other than `the rou": [
        ("trains: one for each seat",), (*_TRAINS, "trains: one for each seat and a public train"),
        (*_HUB, "spinners: every double"),
        (*_HUB, "spinners: first double", "spinner sides: covered before other ends", "later doubles: chicken feet"),
        (*_HUB, "spinners: first double", "spinner sides: covered before other ends",
         "arms of the cross: a double on each first"),
        (*_HUB, "matching: halves adding up to 9"), (*_HUB, "wild tiles: [3|4]"),
        ("doubles in trains: satisfied before any other play",)],
    "Match play where a game won scores no ma": [
        ("match points for a win: 0", "match target: first to 3 match points"),
        ("match points for a win: 1", "match target: first to 0 match points"),
        (*_MATCH, "lurch line: below 3/2 of the target scores 2 match points"),
        (*_MATCH, "lurch line: below 70 scores 2 match points"),
        (*_MATCH, f"lurch line: below 1/2 of the target {_PAYS}", "skunk line: below 31 scores 2 match points"),
        ("match points for a win: 2", "match target: first to 3 match points",
         "skunk line: below 31 scores 1 match points"),
        (*_MATCH, "lurch line: below 1/2 of the target scores 3 match points", f"skunk line: below 20 {_PAYS}"),
        (*_MATCH, "lurch line: below 1/2 of the target wins the match", f"skunk line: below 20 {_PAYS}"),
        (*_MATCH, "first opener: holder of the highest double", "next game opener: loser of the previous game")],
}
# Passes that judge one clause on its own: the clause tables say what each clause takes.
_ONE_CLAUSE = {"check_tile_set", "check_players"}
_PASSES = checks.BASE_PASSES + checks.BASED_PASSES + checks.OTHER_PASSES


def _edited(edits: tuple[str, ...]) -> str:
    lines = {line.split(":", 1)[0]: line for line in (ROOT / "spec" / "fives_and_threes.rules").read_text(
        encoding="utf-8").splitlines() if line and not line.startswith("#")}
    for edit in edits:
        if edit.startswith("-"):
            del lines[edit[1:]]
        else:
            lines[edit.split(":", 1)[0]] = edit
    return "".join(line + "\n" for line in lines.values())


def _refusals(edits: tuple[str, ...]) -> dict[str, set[str]]:
    """The passes that refuse the edited spec, each with its messages (their numbers as N)."""
    variant = parse(_edited(edits))
    assert isinstance(variant, ir.Variant)
    found = {check_pass.__name__: {re.sub(r"\d+", "N", problem.message)
                                   for problem in check_pass(variant)} for check_pass in _PASSES}
    return {name: messages for name, messages in found.items() if messages}


def test_each_rule_that_cannot_go_together_is_one_line_held_to_its_examples() -> None:
    assert len(_BULLETS) == len(_EXAMPLES)
    for bullet, opening in zip(_BULLETS, _EXAMPLES, strict=True):
        assert bullet.startswith(opening)
    assert len(set(_BULLETS)) == len(_BULLETS)


@pytest.mark.parametrize("opening", list(_EXAMPLES))
def test_the_checks_refuse_each_example_of_a_rule_that_cannot_go_together(opening: str) -> None:
    for edits in _EXAMPLES[opening]:
        with pytest.raises(SpecError):
            check(parse(_edited(edits)))
        assert len(_refusals(edits)) == 1, f"{edits}: refused by more than one check, or for more than this line"


def test_no_two_lines_say_the_same_rule_and_every_check_has_its_line() -> None:
    said: dict[str, str] = {}
    passes: set[str] = set()
    for opening, examples in _EXAMPLES.items():
        for edits in examples:
            for name, messages in _refusals(edits).items():
                passes.add(name)
                for message in messages:
                    assert said.setdefault(message, opening) == opening, f"'{opening}' repeats '{said[message]}'"
    assert passes == {check_pass.__name__ for check_pass in _PASSES} - _ONE_CLAUSE


@pytest.mark.parametrize("number", range(3))
def test_each_example_of_the_research_tools_runs(number: int, tmp_path: Path) -> None:
    """The README's ten-line examples of PettingZoo, Gymnasium and OpenSpiel, each run as written from the root."""
    blocks = re.findall(r"^```python\n(.*?)^```$", section(README, "## Using a variant in RL and game-theory tools"),
                        re.M | re.S)
    assert len(blocks) == 3
    script = tmp_path / "example.py"
    script.write_text(blocks[number], encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
