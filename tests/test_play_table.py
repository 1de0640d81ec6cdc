"""The table page (dominospec.book.table): one self-contained HTML page per variant, with the variant's JavaScript
engine and its WebAssembly inlined, on which a person plays the engine's bots.

The pages are opened from file:// in Debian's Chromium, driven by Playwright's Python package, and played by
clicking alone: a legal tile's button, then one of the end buttons it fits, or the pass and draw buttons when those
are the moves. Each game's record must replay (`dominospec replay --json`, the Python engine) to the scores and
winners the page reports; no request may leave the page and nothing may be written to the console as an error.
The record viewer steps a shipped record to its final scores, and a screenshot shows tiles and a spinner.

Playwright drives the browser it finds at /usr/bin/chromium (never a browser of its own: `playwright install` is
not needed); without Chromium or the playwright package the browser tests fail, saying what to install (.ci/run
installs Chromium; playwright comes with the test extra)."""

from __future__ import annotations

import base64
import functools
import json
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from dominospec.book.table import table_html, write_table
from dominospec.documents.language_pack import parse_pack, shipped_packs
from dominospec.documents.table_words import LABELS, LOG
from dominospec.language.diagnostics import InputError, UsageError
from dominospec.language.loader import load_variant
from support import EN_PACK, ROOT, pack_changed, read_png

FNT = ROOT / "spec" / "fives_and_threes.rules"
MATCH = ROOT / "examples" / "fives_and_threes_match.rules"
HORSE_RACE = ROOT / "spec" / "horse_race.rules"  # every double a spinner
FNT_RECORD = ROOT / "examples" / "fives_and_threes.match.json"  # one game of spec/fives_and_threes.rules
MATCH_RECORD = ROOT / "examples" / "fives_and_threes_match.match.json"  # a match of examples/..._match.rules
CHICKEN_FOOT = ROOT / "examples" / "family" / "chicken_foot.rules"  # rounds, chicken feet, own pips against
CHICKEN_FOOT_RECORD = ROOT / "tests" / "replays" / "chicken_foot_whole_game.json"
MEXICAN_TRAIN = ROOT / "examples" / "family" / "mexican_train.rules"  # the hub: a train per seat and a public train
DOMINOSPEC = Path(sys.executable).parent / "dominospec"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
HOSTILE = "</script><script>alert(1)</script> <!-- & 'x' </title> <b>"
ORANGE = (0xE8, 0x77, 0x0E)  # the book's spinner frame


@functools.cache
def page_text(spec: Path, lang: str = "en") -> str:
    return table_html(spec, lang)


def replayed(spec: Path, record: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """`dominospec replay SPEC RECORD --json` of a record."""
    path = tmp_path / f"record-{time.monotonic_ns()}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run([str(DOMINOSPEC), "replay", str(spec), str(path), "--json"], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    assert result["error"] is None
    return result


# --- the page as text ---------------------------------------------------------------------------------------------

class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def parsed(text: str) -> Tags:
    tags = Tags()
    tags.feed(text)
    return tags


def test_the_page_holds_its_engine_and_fetches_nothing() -> None:
    from dominospec.targets.codegen import generate
    from dominospec.targets.js import JS

    text = page_text(FNT)
    tags = parsed(text)
    scripts = [attrs for tag, attrs in tags.tags if tag == "script"]
    assert [s.get("type") for s in scripts] == ["application/json", "application/octet-stream", "module"]
    assert not any("src" in s for s in scripts)
    assert all(attrs.get("href", "data:").startswith("data:") for _, attrs in tags.tags)  # the icon: data:
    assert "Content-Security-Policy" in text and "default-src 'none'" in text
    # the module's text and the WebAssembly, as the JavaScript target builds them
    spec = load_variant(FNT, "play")
    assert generate(spec, FNT.name, JS) in text
    assert JS.companions is not None
    wasm = re.search(r'<script type="application/octet-stream" id="dominospec-wasm">([^<]*)</script>', text)
    assert wasm is not None and base64.b64decode(wasm.group(1)) == JS.companions(spec, FNT.name)[".wasm"]
    assert tags.title == "Fives and Threes: a table"
    assert page_text(FNT) == table_html(FNT), "the same page for the same spec"


def test_a_hostile_variant_name_is_text_wherever_it_lands(tmp_path: Path) -> None:
    spec = tmp_path / "hostile.rules"
    spec.write_text(FNT.read_text(encoding="utf-8").replace('variant: "Fives and Threes"', f'variant: "{HOSTILE}"'),
                    encoding="utf-8")
    text = table_html(spec)
    tags = parsed(text)
    assert [tag for tag, _ in tags.tags].count("script") == 3 and "b" not in [tag for tag, _ in tags.tags]
    assert tags.title == f"{HOSTILE}: a table"
    assert len(re.findall(r"</script", text, re.IGNORECASE)) == 3 and "<!--" not in text


def test_write_table_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "table.html"
    write_table(FNT, out)
    assert out.read_text(encoding="utf-8") == page_text(FNT)


def test_what_the_page_cannot_be_made_from_is_said(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="unknown language 'xx'"):
        table_html(FNT, "xx")
    with pytest.raises(UsageError, match="is a match format; play needs a variant's spec"):
        table_html(ROOT / "examples" / "match_formats" / "free_play.rules")
    bare = json.loads(EN_PACK)
    del bare["table"]
    pack = tmp_path / "bare.json"
    pack.write_text(json.dumps({**bare, "language": "en-x"}), encoding="utf-8")
    with pytest.raises(UsageError, match="has no words for the table page"):
        table_html(FNT, "en-x", [pack])


# --- the packs' table words ---------------------------------------------------------------------------------------

def test_every_shipped_pack_words_the_table_and_each_page_is_in_its_language() -> None:
    for code, pack in shipped_packs().items():
        words = pack.table_words()
        assert sorted(words["labels"]) == sorted(LABELS) and sorted(words["log"]) == sorted(LOG), code
        text = page_text(FNT, code)
        assert f'<html lang="{code}">' in text
        assert parsed(text).title == words["labels"]["title"].replace("{name}", "Fives and Threes")
    english = shipped_packs()["en"].table_words()["log"]
    for code in ("fi", "tr", "uz"):  # translated, not copied
        assert shipped_packs()[code].table_words()["log"]["hand"] != english["hand"]



@pytest.mark.parametrize("path, value, message", [
    ("table.log.hand", None, "table.log: 'hand' is missing"),
    ("table.log.hand", "Hand {hand} begins.", "table.log.hand: takes {hand}, {seat}, not {hand}"),
    ("table.log.pass", "Seat {seat} passes with {tile}.", "table.log.pass: takes {seat}, not {seat}, {tile}"),
    ("table.labels.undo", "", "table.labels.undo: expected a non-empty string"),
    ("table.labels.shout", "Hey", "table.labels.shout: unknown key"),
    ("table.log.points", "{points} {points@pip}.", "the word 'pip' is not in table.units"),
    ("table.log.scores", "Scores: {scores} {scores@point}.", "{scores} is not a number a word agrees with"),
    ("table.units.point", {"few": "points", "other": "points"}, "table.units.point.few: unknown plural form"),
    ("table.units.tile", None, "table.units: 'tile' is missing"),
    ("table.list", 3, "table.list: expected a string"),
])
def test_a_malformed_table_section_says_where_and_what(path: str, value: object, message: str) -> None:
    text = pack_changed(path, value)
    with pytest.raises(InputError) as raised:
        parse_pack(text, "pack.json")
    rendered = raised.value.diagnostics[0].render()
    assert message in rendered, rendered
    assert re.match(r"pack\.json:\d+:\d+: error: ", rendered)


# --- in the browser -----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright import sync_api
    except ImportError:
        pytest.fail("the playwright package is not installed (pip install -e '.[test]'): the table page cannot be "
                    "opened in a browser")
    executable = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
    if executable is None:
        pytest.fail("Chromium is not installed (Debian: apt-get install chromium, as .ci/run does): the table page "
                    "cannot be opened in a browser")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Table:
    """A table page open in the browser, with every request and console error it makes kept."""

    def __init__(self, browser: Any, path: Path, seed: int) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.context.route(re.compile(r"^(?!file:|data:|blob:)"), self._refuse)
        self.page = self.context.new_page()
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", lambda dialog: (self.errors.append(f"dialog: {dialog.message}"), dialog.dismiss()))
        self.page.goto(f"{path.as_uri()}#seed={seed}")
        self.page.wait_for_selector("#table[aria-busy=false]")

    def _refuse(self, route: Any) -> None:
        self.requests.append(route.request.url)
        route.abort()

    def js(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.js("window.dominospec.state()")
        return state

    def wait_for_the_person(self) -> bool:
        """Wait until the person has a move to click (or a match's next game to start), or the game (the match)
        is over; True for something to click."""
        self.page.wait_for_function("() => window.dominospec.state().over || document.querySelector("
                                    "'button[data-tile]:not([disabled]), button[data-move]:not([disabled]), "
                                    "button[data-action=next-game]')")
        return not self.state()["over"]

    def click_a_move(self, rng: random.Random) -> str:
        """A legal move of the person's, by clicking: a tile, then an end; else pass or draw; or, once a match's
        game is over, its next game. What was clicked."""
        if self.page.locator("button[data-action=next-game]").count():
            self.page.click("button[data-action=next-game]")
            return "next game"
        tiles = self.page.locator("button[data-tile]:not([disabled])")
        if tiles.count():
            tile = tiles.nth(rng.randrange(tiles.count()))
            name = str(tile.get_attribute("data-tile"))
            tile.click()
            ends = self.page.locator("button[data-on]")
            assert ends.count() >= 1, f"no end to put {name} on"
            end = ends.nth(rng.randrange(ends.count()))
            on, port = end.get_attribute("data-on"), end.get_attribute("data-port")
            end.click()
            return f"{name} on {on or '-'} {port or '-'}"
        moves = self.page.locator("button[data-move]:not([disabled])")
        kind = str(moves.first.get_attribute("data-move"))
        moves.first.click()
        return kind

    def play_to_the_end(self, rng: random.Random, limit: int = 2000) -> list[str]:
        clicked: list[str] = []
        while self.wait_for_the_person():
            clicked.append(self.click_a_move(rng))
            assert len(clicked) < limit, "the game does not end"
        return clicked

    def clean(self) -> None:
        """Nothing fetched from anywhere but the page's own file, data: and blob: URLs; no error on the console."""
        assert [url for url in self.requests if not url.startswith(("file:", "data:", "blob:"))] == []
        assert self.errors == []

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def table(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Table]]:
    opened: list[Table] = []

    def open_page(spec: Path, seed: int = 1, lang: str = "en") -> Table:
        path = tmp_path / f"{spec.stem}.{lang}.html"
        path.write_text(page_text(spec, lang), encoding="utf-8")
        made = Table(browser, path, seed)
        opened.append(made)
        return made

    yield open_page
    for made in opened:
        made.close()


def test_the_page_opens_on_the_smallest_table_with_the_person_at_seat_0(table: Callable[..., Table]) -> None:
    t = table(FNT)
    page = t.page
    assert page.input_value("#players") == "2"
    assert [page.input_value(f"#seat-{seat}") for seat in (0, 1)] == ["person", "greedy"]
    assert page.locator("#seat-2").count() == 0
    state = t.state()
    assert state["over"] is False and len(state["scores"]) == 2
    assert page.locator("button[data-tile]").count() == 7  # two players get 7 tiles
    assert page.locator("button[data-move=draw]").count() == 0  # the undealt tiles are out of play
    # at 4 the partnerships are fixed: the box is ticked and cannot be changed
    page.select_option("#players", "4")
    assert page.is_checked("#partnerships") and page.is_disabled("#partnerships")
    assert page.input_value("#seat-3") == "greedy"
    t.clean()
    # what the checks would see: the page's own policy refuses a request out, saying so on the console, and a
    # request that got past it would be counted (and stopped) on its way out
    t.js("fetch('https://example.com/x').catch(() => null)")
    page.wait_for_timeout(200)
    assert any("Content Security Policy" in error for error in t.errors) and "https://example.com/x" not in t.requests
    t.context.new_page().evaluate("fetch('https://example.com/y').catch(() => null)")
    assert "https://example.com/y" in t.requests


@pytest.mark.parametrize("spec, seed", [(FNT, 3), (MATCH, 5)], ids=["fives_and_threes", "match_variant"])
def test_whole_games_played_by_clicking_replay_to_the_pages_scores(table: Callable[..., Table], spec: Path, seed: int,
                                                                   tmp_path: Path) -> None:
    t = table(spec, seed=seed)
    page = t.page
    page.select_option("#speed", "at once")
    rng = random.Random(seed)
    clicked = t.play_to_the_end(rng)
    state, record = t.state(), t.js("window.dominospec.record()")
    assert state["over"] is True and state["winners"]
    result = replayed(spec, record, tmp_path)
    assert (result["scores"], result["winners"]) == (state["scores"], state["winners"])
    assert state["over"] == any(event["event"] == "win" for event in result["events"])
    games = record.get("games", [record])
    person = sum(1 for game in games for hand in game["hands"] for move in hand["moves"] if move["seat"] == 0)
    moves = [c for c in clicked if c != "next game"]
    assert person == len(moves) and any(" on " in c for c in clicked)
    assert page.locator("#log li").count() > 2 * person / len(games)
    if spec == MATCH:  # a whole match: every game scored by the engine, the next started by a click
        assert len(games) > 1 and clicked.count("next game") == len(games) - 1
        assert result["match_points"] == state["match_points"] and max(state["match_points"]) >= 3
        assert page.locator("#status").inner_text().startswith("Match over. Won by:")
        points = page.locator("#scores li[data-match-points]")
        assert [int(str(points.nth(i).get_attribute("data-match-points"))) for i in range(points.count())] == \
            state["match_points"]
        fronts = page.locator("figure.board circle.peg.front")
        assert [int(str(fronts.nth(i).get_attribute("data-hole"))) for i in range(fronts.count())] == state["scores"]
        t.clean()
        return
    assert page.locator("#status").inner_text().startswith("Game over. Won by:")
    assert page.locator("#summary").is_visible()
    # the record downloads as it is
    with page.expect_download() as download:
        page.click("button[data-action=download]")
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8")) == record
    # a second game at four, two partnerships, played on to its end as well
    page.select_option("#players", "4")
    page.click("button[data-action=new-game]")
    t.play_to_the_end(rng)
    state, record = t.state(), t.js("window.dominospec.record()")
    assert record["players"] == 4 and record["partnerships"] is True and len(state["scores"]) == 2
    result = replayed(spec, record, tmp_path)
    assert (result["scores"], result["winners"], state["over"]) == (state["scores"], state["winners"], True)
    t.clean()


def test_where_scores_are_announced_the_bots_claim_their_points(table: Callable[..., Table], tmp_path: Path) -> None:
    """The engine's bots claim a placement's true points; the person claims what the claim box says (0 here)."""
    spec = ROOT / "examples" / "family" / "muggins_announced.rules"
    t = table(spec, seed=2)
    t.page.select_option("#speed", "at once")
    assert t.page.locator("#claim").input_value() == "0"
    t.play_to_the_end(random.Random(2))
    state, record = t.state(), t.js("window.dominospec.record()")
    result = replayed(spec, record, tmp_path)
    assert (result["scores"], result["winners"], state["over"]) == (state["scores"], state["winners"], True)
    plays = [event for event in result["events"] if event["event"] == "play" and event["points"]]
    assert all(event["claim"] == event["points"] for event in plays if event["seat"] != 0)
    assert any(event["seat"] != 0 for event in plays)
    t.clean()


def test_undo_takes_back_the_persons_move_and_the_bots_replies(table: Callable[..., Table]) -> None:
    t = table(FNT, seed=11)
    page = t.page
    page.select_option("#speed", "at once")
    rng = random.Random(2)
    assert t.wait_for_the_person()
    assert page.is_disabled("button[data-action=undo]")
    before = t.js("window.dominospec.record()")
    hand = page.locator("button[data-tile]").evaluate_all("buttons => buttons.map(b => b.dataset.tile)")
    t.click_a_move(rng)
    assert t.wait_for_the_person()
    after = t.js("window.dominospec.record()")
    if len(after["hands"]) != len(before["hands"]):
        pytest.fail("the hand ended on the first move: choose another seed")
    assert len(after["hands"][-1]["moves"]) >= len(before["hands"][-1]["moves"]) + 2  # the bot replied
    page.click("button[data-action=undo]")
    assert t.js("window.dominospec.record()") == before
    assert page.locator("button[data-tile]").evaluate_all("buttons => buttons.map(b => b.dataset.tile)") == hand
    assert page.is_disabled("button[data-action=undo]")
    t.clean()


def test_the_keyboard_plays_a_move(table: Callable[..., Table]) -> None:
    t = table(FNT, seed=4)
    page = t.page
    page.select_option("#speed", "at once")
    assert t.wait_for_the_person()
    before = len(t.js("window.dominospec.record()")["hands"][-1]["moves"])
    first = page.locator("button[data-tile]:not([disabled])").first
    tile = first.get_attribute("data-tile")
    first.focus()
    page.keyboard.press("Enter")
    assert page.get_attribute(f'button[data-tile="{tile}"]', "aria-pressed") == "true"
    assert t.js("document.activeElement.hasAttribute('data-on')")
    page.keyboard.press("Escape")
    assert page.locator("button[data-on]").count() == 0
    assert t.js("document.activeElement.dataset.tile") == tile
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    t.wait_for_the_person()
    moves = t.js("window.dominospec.record()")["hands"][-1]["moves"]
    assert len(moves) > before and moves[before]["seat"] == 0 and moves[before]["play"] == tile
    t.clean()


def test_the_viewer_steps_a_shipped_record_to_its_final_scores(table: Callable[..., Table], tmp_path: Path) -> None:
    t = table(FNT)
    page = t.page
    record = json.loads(FNT_RECORD.read_text(encoding="utf-8"))
    final = replayed(FNT, record, tmp_path)
    page.set_input_files("input[data-action=open]", str(FNT_RECORD))
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.is_disabled("button[data-step=back]")
    moves = sum(len(hand["moves"]) for hand in record["hands"])
    positions = t.js("window.dominospec.viewer().positions")
    assert positions == moves + len(record["hands"])  # each hand dealt, then after each of its moves
    steps = 0
    while not page.is_disabled("button[data-step=forward]"):
        page.click("button[data-step=forward]")
        steps += 1
    assert steps == positions - 1
    shown = [int(str(score)) for score in
             page.locator("#viewer-scores li[data-side]").evaluate_all("items => items.map(i => i.dataset.score)")]
    assert shown == final["scores"] and t.js("window.dominospec.viewer().winners") == final["winners"]
    page.click("button[data-step=back]")
    assert t.js("window.dominospec.viewer().over") is False
    page.keyboard.press("End")
    assert t.js("window.dominospec.viewer().scores") == final["scores"]
    page.click("button[data-action=close-record]")
    assert page.is_hidden("#viewer") and t.state()["over"] is False
    t.clean()


def test_the_viewer_draws_chicken_feet_and_adds_the_pips_left_to_the_lowest_total(table: Callable[..., Table],
                                                                                 tmp_path: Path) -> None:
    t = table(CHICKEN_FOOT)
    page = t.page
    record = json.loads(CHICKEN_FOOT_RECORD.read_text(encoding="utf-8"))
    final = replayed(CHICKEN_FOOT, record, tmp_path)
    page.set_input_files("input[data-action=open]", str(CHICKEN_FOOT_RECORD))
    page.wait_for_selector("#viewer:not([hidden])")
    # The most open toes marked at any step: the page steps forward button by button, as a reader's clicks do,
    # counting after each (one call, not a round trip a step: the record is ten hands long).
    toes = page.evaluate("""() => {
        let most = 0;
        for (let forward; !(forward = document.querySelector("button[data-step=forward]")).disabled;) {
            forward.click();
            most = Math.max(most, document.querySelectorAll('#viewer-layout svg [data-port^="toe"]').length);
        }
        return most;
    }""")
    # every tile of the last hand is drawn, those on a chicken foot's toes too
    placed = sum("play" in move for move in record["hands"][-1]["moves"])
    assert page.locator("#viewer-layout svg g.tile").count() == placed
    assert t.js("window.dominospec.viewer().scores") == final["scores"]
    assert t.js("window.dominospec.viewer().winners") == final["winners"]
    assert page.locator("#viewer-log li", has_text="Pips left in hand, added to each score").count() == 10
    assert toes > 0  # an open toe was marked at some step
    t.clean()


def mexican_train_hand(players: int, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A hand of Mexican Train played by the Python engine's random bots, move by move: its record, and the layout
    (Layout.to_dict()) after each move, the first before any."""
    from dominospec.engine_api import engine_of
    from dominospec.targets.engines import load_engine

    engine: Any = engine_of(load_engine(load_variant(MEXICAN_TRAIN, "play"), MEXICAN_TRAIN))
    game = engine.Game(players, seed=seed)
    bots = [engine.RandomBot(seat) for seat in range(players)]
    layouts = [game.layout.to_dict()]
    while not game.hand_over:
        game.apply(bots[game.current].choose(game))
        layouts.append(game.layout.to_dict())
    record: dict[str, Any] = game.record()
    assert len(record["hands"]) == 1 and len(record["hands"][0]["moves"]) == len(layouts) - 1
    return record, layouts


def train_chains(layout: dict[str, Any]) -> dict[str, str]:
    """Each started train of a layout (to_dict), by its port on the engine: its tiles from the hub out."""
    engine = layout["tiles"][0]
    after = {on: tile for on, _, tile, _ in layout["connections"] if on != engine}
    chains = {}
    for on, port, tile, _ in layout["connections"]:
        if on == engine:
            tiles = [tile]
            while tiles[-1] in after:
                tiles.append(after[tiles[-1]])
            chains[port] = " ".join(tiles)
    return chains


def test_the_viewer_draws_the_mexican_train_hub_its_trains_and_markers(table: Callable[..., Table],
                                                                        tmp_path: Path) -> None:
    players = 4
    record, layouts = mexican_train_hand(players, seed=3)
    path = tmp_path / "mexican_train.record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    t = table(MEXICAN_TRAIN)
    page = t.page
    page.set_input_files("input[data-action=open]", str(path))
    page.wait_for_selector("#viewer:not([hidden])")
    assert t.js("window.dominospec.viewer().positions") == len(layouts)
    svg = page.locator("#viewer-layout svg")
    shown_markers = 0
    for at, layout in enumerate(layouts):
        if at:
            page.click("button[data-step=forward]")
        assert t.js("window.dominospec.viewer().at") == at
        assert svg.locator("g.tile").count() == len(layout["tiles"])
        if not layout["tiles"]:
            assert svg.locator("circle.hub").count() == 0
            continue
        assert svg.locator("circle.hub").get_attribute("data-tile") == layout["tiles"][0]
        trains = svg.locator("g.train").evaluate_all("gs => gs.map(g => [g.dataset.port, g.dataset.seat ?? null, "
                                                     "g.dataset.tiles, g.querySelector('text').textContent])")
        # a train for each seat, labelled with its owner, then the public train, each drawn with its tiles
        assert [port for port, _, _, _ in trains] == [f"train{seat}" for seat in range(players)] + ["public"]
        assert [(seat, words) for _, seat, _, words in trains] == \
            [(str(seat), f"Seat {seat}") for seat in range(players)] + [(None, "public train")]
        chains = train_chains(layout)
        assert {port: tiles for port, _, tiles, _ in trains} == {port: chains.get(port, "") for port, _, _, _ in trains}
        marked = svg.locator("g.marker").evaluate_all("gs => gs.map(g => Number(g.dataset.seat))")
        assert sorted(marked) == layout["markers"], at
        shown_markers += bool(marked)
        ends = svg.locator("g.end").evaluate_all("gs => gs.map(g => [g.dataset.tile, g.dataset.port])")
        assert sorted(ends) == sorted([tile, port] for tile, port, _ in layout["open_ports"])
    assert shown_markers > 0  # a marker went on at some move and was drawn
    assert page.is_disabled("button[data-step=forward]")
    legend = page.locator("#viewer-layout figcaption.legend span").evaluate_all("spans => spans.map(s => s.className)")
    assert legend == ["open"]  # the hub's ends count nothing
    # A double waiting to be covered hides every other end, the empty public train's too: its lane stays where it was.
    page.click("button[data-action=close-record]")
    path.write_text(json.dumps(double_waiting_record()), encoding="utf-8")
    page.set_input_files("input[data-action=open]", str(path))
    page.wait_for_selector("#viewer:not([hidden])")
    page.click("button[data-step=end]")
    page.click("button[data-step=back]")
    rails = "gs => gs.map(g => [g.dataset.port, g.querySelector('polyline').getAttribute('points')])"
    before = svg.locator("g.train").evaluate_all(rails)
    page.click("button[data-step=forward]")
    assert svg.locator("g.end").evaluate_all("gs => gs.map(g => [g.dataset.tile, g.dataset.port])") == \
        [["[5|5]", "lineB"]]
    assert svg.locator("g.train").evaluate_all(rails) == before and [port for port, _ in before][-1] == "public"
    t.clean()


def double_waiting_record() -> dict[str, Any]:
    """Two seats of Mexican Train: seat 0 sets [12|12] and starts its train with [5|12], seat 1 its own with [1|12],
    then seat 0 places [5|5] on its train, which every seat must cover before any other play."""
    from dominospec.engine_api import engine_of
    from dominospec.targets.engines import load_engine

    engine: Any = engine_of(load_engine(load_variant(MEXICAN_TRAIN, "play"), MEXICAN_TRAIN))
    held = [[(12, 12), (5, 12), (5, 5)], [(1, 12)]]
    rest = [tile for tile in engine.TILES if tile not in held[0] + held[1]]
    game = engine.Game(2, seed=1, deal=False)
    game.start_hand(opener=0, hands=[held[0] + rest[:12], held[1] + rest[12:26]], pile=rest[26:])
    for move in [("play", (12, 12), None, None), ("play", (5, 12), (12, 12), "train0"),
                 ("play", (1, 12), (12, 12), "train1"), ("play", (5, 5), (5, 12), "low")]:
        game.apply(move)
    assert game.layout.to_dict()["open_ports"] == [["[5|5]", "lineB", 5]]
    record: dict[str, Any] = game.record()
    return record


def test_the_viewer_steps_a_match_record_game_by_game(table: Callable[..., Table], tmp_path: Path) -> None:
    t = table(MATCH)
    page = t.page
    final = replayed(MATCH, json.loads(MATCH_RECORD.read_text(encoding="utf-8")), tmp_path)
    page.set_input_files("input[data-action=open]", str(MATCH_RECORD))
    page.wait_for_selector("#viewer:not([hidden])")
    page.click("button[data-step=end]")
    assert t.js("window.dominospec.viewer().scores") == final["scores"]  # the last game's
    assert page.locator("#status").inner_text().startswith("Game 3, hand ")
    # a record of another variant is refused, saying why
    page.click("button[data-action=close-record]")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"players": 9, "hands": []}), encoding="utf-8")
    page.set_input_files("input[data-action=open]", str(other))
    from playwright.sync_api import expect  # the table fixture has said what to install where it is missing

    # the page reads the file asynchronously: wait for the message rather than read it at once
    refused = re.compile("^This file is not a record of Fives and Threes club match:")
    expect(page.locator("#message")).to_have_text(refused)
    assert page.is_hidden("#viewer")
    t.clean()


def test_a_screenshot_shows_tiles_and_a_spinner(table: Callable[..., Table], tmp_path: Path) -> None:
    t = table(HORSE_RACE, seed=7)
    page = t.page
    page.select_option("#speed", "at once")
    rng = random.Random(7)
    while not page.locator("#layout svg rect.spinner").count():
        assert t.wait_for_the_person(), "the game ended without a spinner on the table"
        t.click_a_move(rng)
    assert page.locator("#layout svg g.tile").count() >= 2
    spinner = page.locator("#layout svg rect.spinner").first.get_attribute("data-tile")
    assert spinner is not None and spinner[1] == spinner[3]  # a double
    assert page.locator(f'#layout svg g.tile[data-tile="{spinner}"]').count() == 1
    shot = tmp_path / "table.png"
    page.screenshot(path=str(shot), full_page=True)
    width, height, rows = read_png(shot.read_bytes())
    orange = sum(1 for line in rows for x in range(width)
                 if all(abs(line[3 * x + i] - ORANGE[i]) < 30 for i in range(3)))
    assert width >= 1000 and orange > 50, f"{shot}: {orange} orange pixels"
    t.clean()


def test_the_log_is_in_the_packs_language(table: Callable[..., Table]) -> None:
    t = table(FNT, lang="fi")
    page = t.page
    assert page.locator("#log li").first.inner_text().startswith("Kierros 1: paikka ")
    assert page.locator("button[data-action=new-game]").inner_text() == "Uusi peli"
    assert page.locator("#status").inner_text() in ("Sinun vuorosi: valitse laatta ja sitten pää.",
                                                    "Vuorossa on paikka 1.")
    t.clean()


def test_a_hostile_name_shows_as_text_in_the_browser(table: Callable[..., Table], tmp_path: Path) -> None:
    spec = tmp_path / "hostile.rules"
    spec.write_text(FNT.read_text(encoding="utf-8").replace('variant: "Fives and Threes"', f'variant: "{HOSTILE}"'),
                    encoding="utf-8")
    t = table(spec)
    page = t.page
    assert page.title() == f"{HOSTILE}: a table"
    assert page.locator("#title").inner_text() == f"{HOSTILE}: a table"
    assert page.locator("script").count() == 3
    t.clean()
