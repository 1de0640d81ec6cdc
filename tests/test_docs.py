"""The documentation as a reader finds it: a README short enough to read, every page of docs/ in the
site's nav, every relative link of README.md and docs/*.md leading to a file that is there (and, with an
`#anchor`, to a heading of it, as GitHub names headings), every Python example running, and the site
building with MkDocs, strict."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from support import DOCS, ROOT

PAGES = sorted(DOCS.glob("*.md"))
WRITTEN = [ROOT / "README.md", *PAGES]
README_LINES = 300


def prose(text: str) -> str:
    """Markdown without what holds no links: fenced code, inline code and HTML comments."""
    text = re.sub(r"^```.*?^```$", "", text, flags=re.M | re.S)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return re.sub(r"(`+)(?!`).+?(?<!`)\1(?!`)", "", text)


def links(path: Path) -> list[str]:
    """The targets of the links and pictures of a Markdown file, `[text](target)` and `![alt](target)`."""
    return re.findall(r"\]\(([^)\s]+)\)", prose(path.read_text(encoding="utf-8")))


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings: the heading's text in lower case, without
    punctuation but `-` and `_`, spaces made `-`; a repeated one gets `-1`, `-2`, ..."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", re.sub(r"^```.*?^```$", "", path.read_text(encoding="utf-8"),
                                                       flags=re.M | re.S), re.M):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
        slug = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
        anchor, n = slug, 0
        while anchor in found:
            n += 1
            anchor = f"{slug}-{n}"
        found.add(anchor)
    return found


def test_the_readme_is_at_most_300_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_LINES, f"README.md has {lines} lines; move a topic into docs/"


def nav_targets(entries: list[object]) -> list[str]:
    """The page of every entry of MkDocs' nav, sections included (`{title: page}` or `{title: [...]}`)."""
    found: list[str] = []
    for entry in entries:
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            found += nav_targets(value) if isinstance(value, list) else [str(value)]
    return found


def test_every_page_is_in_the_nav_and_every_entry_of_the_nav_is_there() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    targets = nav_targets(config["nav"])
    assert sorted(target for target in targets if "/" not in target) == [page.name for page in PAGES]
    missing = [target for target in targets if not (DOCS / target).is_file()]
    assert not missing, f"mkdocs.yml's nav names pages that are not there: {missing}"
    assert len(set(targets)) == len(targets)


def broken_links(path: Path) -> list[str]:
    """Each relative link of a Markdown file whose file is not there, or whose heading is not in it."""
    broken = []
    for target in links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not a file of the repository
            continue
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    return broken


@pytest.mark.parametrize("path", WRITTEN, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_a_heading_that_are_there(path: Path) -> None:
    assert not broken_links(path)


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# A page\n\n## `--json` output\n\n## Two\n\n## Two\n\nSee [here](#--json-output), "
                    "[again](page.md#two-1), [there](#json-output), [a file](missing.md), [out](https://x.org/y), "
                    "`[code](missing.md)`.\n\n```\n[fenced](missing.md)\n```\n", encoding="utf-8")
    assert anchors(page) == {"a-page", "--json-output", "two", "two-1"}
    assert broken_links(page) == ["#json-output: no heading #json-output in page.md", "missing.md: no such file"]


PYTHON_EXAMPLES = [(page, n, code) for page in PAGES
                   for n, code in enumerate(re.findall(r"^```python\n(.*?)^```$", page.read_text(encoding="utf-8"),
                                                       re.M | re.S))]


@pytest.mark.parametrize(("page", "n", "code"), PYTHON_EXAMPLES,
                         ids=[f"{page.stem}-{n}" for page, n, _ in PYTHON_EXAMPLES])
def test_every_python_example_of_the_docs_runs(page: Path, n: int, code: str, tmp_path: Path) -> None:
    """As a script from the checkout, where the examples' paths (`spec/...`) lead."""
    script = tmp_path / f"{page.stem}_{n}.py"
    script.write_text(code, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=300, check=False)
    assert done.returncode == 0, done.stderr


def test_the_site_builds_with_mkdocs_strict(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                           str(ROOT / "mkdocs.yml"), "--site-dir", str(site)], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    built = {path.relative_to(site).as_posix() for path in site.rglob("index.html")}
    assert {f"{page.stem}/index.html" for page in PAGES if page.stem != "index"} | {"index.html"} <= built
    # The files the pages link to outside docs/ are in the site too.
    assert (site / "repository" / "ARCHITECTURE" / "index.html").is_file()
    assert (site / "repository" / "examples" / "fives_and_threes.tr.page.png").is_file()
