"""Text from a spec or a user is shown as written, wherever it is shown: rich reads no markup in it (a
variant named "[/]" is no crash, "[link=...]" no live link), and a book shows it as text, never as raw HTML
or a link, in Markdown (as CommonMark renders it) and in HTML, and reads back as written."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from dominospec.documents import markdown_text
from support import ROOT, run_cli

HOSTILE_NAMES = [
    "Fives [/] and [bold]threes",
    "[link=https://example.com]click me[/link]",
    "<img src=x onerror=alert(1)> &amp; <script>alert(2)</script>",
    "[click](javascript:alert(3)) \\<b> \\\\",
]
HOSTILE_SOURCE = "</p><iframe src=https://example.com></iframe> [x](https://example.com) &lt;"


def _spec(tmp_path: Path, name: str, stem: str = "hostile") -> Path:
    text = (ROOT / "spec" / "fives_and_threes.rules").read_text(encoding="utf-8")
    lines = [f'variant: "{name}"' if line.startswith("variant:") else
             f'source: "{HOSTILE_SOURCE}"' if line.startswith("source:") else line for line in text.splitlines()]
    path = tmp_path / f"{stem}.rules"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_hostile_name_is_shown_as_written_by_simulate_and_compare(tmp_path: Path, name: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich writes styles and links as it would to a terminal
    monkeypatch.setenv("COLUMNS", "400")  # no line wraps
    spec = _spec(tmp_path, name, "a[red]b[bold]")
    for args in (("simulate", str(spec)), ("compare", str(spec), str(_spec(tmp_path, name + " [/link]", "c")))):
        done = run_cli(*args, "--hands", "20", "--workers", "1", "--target", "python")
        assert done.returncode == 0, done.stderr
        assert "\x1b]8;" not in done.stdout  # no hyperlink escape
        assert name in done.stdout and f"{spec}" in done.stdout


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_hostile_name_and_source_are_text_in_a_markdown_book_and_verify(tmp_path: Path, name: str) -> None:
    spec = _spec(tmp_path, name)
    book = tmp_path / "book.md"
    done = run_cli("book", str(spec), "-o", str(book))
    assert done.returncode == 0, done.stderr
    rendered = MarkdownIt("commonmark").render(book.read_text(encoding="utf-8"))
    for tag in ("<img", "<script", "<iframe", "</p><", "<a "):
        assert tag not in rendered.replace("<p><img src=\"book.", "")  # the book's own pictures are images
    assert html.escape(name, quote=False) in rendered
    assert html.escape(HOSTILE_SOURCE, quote=False) in rendered
    verified = run_cli("verify", str(spec), str(book))
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_a_hostile_name_and_source_are_text_in_an_html_book(tmp_path: Path) -> None:
    spec = _spec(tmp_path, HOSTILE_NAMES[2])
    page = tmp_path / "book.html"
    assert run_cli("book", str(spec), "-o", str(page)).returncode == 0
    text = page.read_text(encoding="utf-8")
    assert "<script>alert" not in text and "<iframe" not in text and "onerror=alert(1)>" not in text
    assert html.escape(HOSTILE_SOURCE, quote=False) in text
    assert run_cli("verify", str(spec), str(page)).returncode == 0


@settings(max_examples=300)
@given(st.text(st.characters(blacklist_categories=["Cs"]), max_size=40))
def test_markdown_escapes_read_back_as_written_and_render_as_written(text: str) -> None:
    written = markdown_text.escape(text)
    assert markdown_text.unescape(written) == text
    line = " ".join(text.split())  # one paragraph's line: CommonMark trims and joins white space
    if line and line[0].isalnum() and line[-1].isalnum():
        rendered = MarkdownIt("commonmark").render(markdown_text.escape(line))
        assert "<a " not in rendered and "<img" not in rendered
        if not any(mark in line for mark in "*_`[]!#>|~=-+0123456789"):  # no emphasis, code, heading or list
            assert rendered == f"<p>{html.escape(line, quote=False)}</p>\n"
