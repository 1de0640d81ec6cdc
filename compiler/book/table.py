"""A variant's table as one self-contained HTML page: a person plays the engine's bots in the browser, from a
file:// page that fetches nothing. The page carries the variant's JavaScript engine (the JavaScript target's ES
module, its text inlined in the page's one module script, together with the page's own code) and its WebAssembly
(base64, compiled with the module's loadSync), the words of a language pack's "table" section
(documents/table_words.py) for its labels and its event log, and the measures and colours of the book's layout
pictures (book/pictures.py), whose geometry the page's code draws the table with.

Every rule is the engine's: the page asks it for the legal moves, applies them, takes them back, and draws what
its layout says (tiles, connections, open ends, counted ends, spinners). The page's code and style are fixed files
beside the template (templates/table.js, templates/table.css); templates/table.html.j2 puts them together.

It lives with the book (a later stage than the targets, whose builder it calls, and the documents, whose packs
it reads), as the rule book's HTML page does.
"""

from __future__ import annotations

import base64
import functools
import json
import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..documents.language_pack import Pack, language_packs, pack_for
from ..language import ir
from ..language.loader import load_variant
from ..language.writing import write_file
from . import pictures

if TYPE_CHECKING:
    import jinja2

COMMAND = "play"
_PACKAGE = __name__.rpartition(".")[0]  # dominospec.book: the templates folder beside this module
# Text that would end an inline script, or open a comment that changes how the HTML parser reads the rest of it
# (the "double escaped" state): broken with a backslash, which JavaScript's strings, templates and comments read
# as before. Nothing in the page's own code or the engine's fixed code says either; a variant's name might.
_SCRIPT_END = re.compile(r"<(/script|!--)", re.IGNORECASE)


def table_html(spec_path: Path, lang: str = "en", lang_packs: Sequence[Path] = ()) -> str:
    """The page for the variant of spec_path, in the words of the pack of lang. UsageError for an unknown
    language, a pack without table words, a match format or no WebAssembly compiler; SpecError for a spec at
    fault."""
    pack = pack_for(language_packs(list(lang_packs)), lang)
    words = pack.table_words()
    spec = load_variant(spec_path, COMMAND)
    engine, wasm = _engine(spec, spec_path)
    data = _page_data(spec, spec_path, pack, words)
    title = _filled(words["labels"]["title"], name=spec.name)
    return _template().render(
        lang=pack.code, title=title, data=_json_in_script(data), wasm=base64.b64encode(wasm).decode("ascii"),
        style=_fixed("table.css"), script=_in_script(engine + "\n" + _fixed("table.js")),
    )


def write_table(spec_path: Path, output: Path, lang: str = "en", lang_packs: Sequence[Path] = ()) -> None:
    """table_html written to output, whole or not at all (UsageError where it cannot be written)."""
    write_file(output, table_html(spec_path, lang, lang_packs))


def _engine(spec: ir.Variant, spec_path: Path) -> tuple[str, bytes]:
    """The variant's JavaScript module (its text) and its WebAssembly, as `compile --target js` writes them."""
    from ..targets.codegen import generate  # jinja2 and the C target: only the page's command pays for them
    from ..targets.js import JS

    assert JS.companions is not None, "the JavaScript target builds its WebAssembly beside the module"
    wasm = JS.companions(spec, spec_path.name)[".wasm"]
    assert isinstance(wasm, bytes)
    return generate(spec, spec_path.name, JS), wasm


def _page_data(spec: ir.Variant, spec_path: Path, pack: Pack, words: dict[str, Any]) -> dict[str, Any]:
    """What the page's code reads: the variant's name, the pack's words and plural rules, the book's picture."""
    legend = None
    if pack.book is not None:
        counted, continuation, spinner = pack.legend()
        legend = {"counted": counted, "continuation": continuation, "spinner": spinner}
    return {
        "variant": spec.name,
        "file": re.sub(r"[^A-Za-z0-9_.-]+", "_", spec_path.stem) or "game",  # the download's name
        "match": None if spec.match is None else _boards(spec, pack),
        "drawPile": spec.undealt is ir.Undealt.DRAW_PILE,  # else the tiles left undealt are out of play
        "targetless": spec.target.kind is ir.TargetKind.NONE,  # pool play: the game never ends by score
        "lang": pack.code,
        "words": words,
        "ports": pack.ports,
        "plural": [{"form": form, "when": [{"mod": c.mod, "values": sorted(c.values), "negate": c.negate}
                                           for c in conditions]} for form, conditions in pack.plural],
        "legend": legend,
        "picture": {"unit": pictures.UNIT, "pip": pictures.PIP, "marker": pictures.MARKER,
                    "margin": pictures.MARGIN, "font": pictures.FONT, "orange": pictures.ORANGE,
                    "ink": pictures.INK, "faces": {str(n): [list(p) for p in face]
                                                    for n, face in pictures.PIP_FACES.items()}},
    }


def _boards(spec: ir.Variant, pack: Pack) -> dict[str, Any]:
    """The cribbage board for a match, as the book draws it, one for each number of sides a table may have (the
    page moves its pegs to the holes of the scores); none where the pack has no words for pictures."""
    assert spec.match is not None
    if pack.book is None:
        return {"boards": {}}
    target = spec.target.points
    lines, words = pictures.board_lines(spec.match, target), pictures.board_words(pack.book, target)
    sides = range(2, max(spec.player_counts) + 1)
    return {"boards": {str(n): pictures.board_picture([(0, 0)] * n, target, lines, "ABCDEFGH"[:n], words)
                       for n in sides}}


def _filled(template: str, **values: str) -> str:
    for name, value in values.items():
        template = template.replace("{" + name + "}", value)
    return template


def _json_in_script(data: object) -> str:
    """JSON for a <script type="application/json">: no '<', '>' or '&' that HTML could read as markup."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _in_script(code: str) -> str:
    """JavaScript for an inline <script>: nothing in it can end the element early."""
    safe = _SCRIPT_END.sub(lambda found: "<\\" + found.group(1), code)
    assert not _SCRIPT_END.search(safe)
    return safe


def _fixed(name: str) -> str:
    return resources.files(_PACKAGE).joinpath("templates", name).read_text(encoding="utf-8")


@functools.cache
def _template() -> jinja2.Template:
    import jinja2  # only the page's command loads jinja2

    environment = jinja2.Environment(loader=jinja2.PackageLoader(_PACKAGE, "templates"), autoescape=True,
                                     undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    return environment.get_template("table.html.j2")
