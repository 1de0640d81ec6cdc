"""docs/documents.md's "Phrasings each pack reads" is generated from the shipped language packs, so it cannot drift
from what the verifier reads: the table headers, the number words, the statements a document may make in its
own words (`book.document`), the cases a book computes (`book.claims`), and the title and source lines.

    UPDATE_README=1 .venv/bin/python -m pytest tests/test_readme_phrasings.py   # rewrite the section in the page
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from support import DOCS, ROOT

PAGE = DOCS / "documents.md"
PACKS = sorted((ROOT / "compiler" / "documents" / "languages").glob("*.json"))
BEGIN = ("<!-- generated from compiler/documents/languages/*.json: UPDATE_README=1 .venv/bin/python -m pytest "
         "tests/test_readme_phrasings.py -->\n")
END = "<!-- end of the generated phrasings -->\n"
ROLES = {"end_total": "end total", "points": "points", "raw": "raw points", "displayed": "displayed points",
         "players": "players", "tiles_per_player": "tiles per player", "game": "game", "result": "result",
         "match_score": "match score"}


def code(text: str) -> str:
    """Text as inline code in a Markdown table cell."""
    return "`" + text.replace("|", "\\|") + "`"


def pack_section(path: Path) -> list[str]:
    pack: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    book = pack.get("book")
    out = [f"### {pack['name']} (`{pack['language']}`)", ""]
    headers = "; ".join(f"{ROLES.get(role, role)} {', '.join(map(code, names))}"
                        for role, names in pack["columns"].items())
    out += [f"Table headers: {headers}.", ""]
    if book is None:
        return [*out, "This pack words no rule books: its prose is not read.", ""]
    numbers = book["words"].get("numbers", {})
    if numbers:
        words = "; ".join(f"{kind}: " + ", ".join(f"{code(word)} {n}" for word, n in table.items())
                          for kind, table in numbers.items())
        out += [f"Number words (`{{n~kind}}`): {words}.", ""]
    rows = [(key, "document", templates) for key, templates in book.get("document", {}).items()]
    rows += [(key, "book claim", [template]) for key, template in book["claims"].items()]
    rows += [(key, "book line", [book["texts"][key]]) for key in ("title", "source")]
    out += ["| key | from | phrasings |", "|---|---|---|"]
    out += [f"| `{key}` | {where} | {'; '.join(map(code, templates))} |" for key, where, templates in rows]
    out += ["", f"It also reads the {len(book['sentences'])} rule sentences of its book wording "
                f"(`book.sentences`), as `dominospec book SPEC --lang {pack['language']}` writes them.", ""]
    return out


def generated() -> str:
    lines = ["A statement in prose is read where a line says it in one of these phrasings (a slot `{name}`",
             "holds a number, a list, a tile or a free text; `…` is any word ending; a leading `^` stands for",
             "a whole line), in any case, any run of white space, dash or apostrophe standing for another; a",
             "table is read where its headers are among the pack's. A line said otherwise is not read, and its",
             "numbers are reported (see [Numbers nothing checks](#numbers-nothing-checks)).", ""]
    for path in PACKS:
        lines += pack_section(path)
    return BEGIN + "\n" + "\n".join(lines) + END


def test_the_documents_page_lists_the_phrasings_each_shipped_pack_reads() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1, f"{PAGE.name} lacks the markers of the generated section"
    start, end = text.index(BEGIN), text.index(END) + len(END)
    if os.environ.get("UPDATE_README") == "1":
        text = text[:start] + generated() + text[end:]
        PAGE.write_text(text, encoding="utf-8")
    assert text[start:text.index(END) + len(END)] == generated(), \
        f"{PAGE.name}'s phrasings are not the packs': UPDATE_README=1 .venv/bin/python -m pytest " \
        "tests/test_readme_phrasings.py rewrites them"
