"""MkDocs hooks: the pages are written for GitHub, which shows them as they are; these make MkDocs build
the same pages into a site that reads alike.

The pages link to ARCHITECTURE.md, the bundled specs and the examples' pictures by relative links
(`../ARCHITECTURE.md`), as GitHub follows them in the checkout. MkDocs knows only the files in
docs/, so each such file joins the site under `repository/` (a Markdown file as a page of its own),
and `mkdocs build --strict` checks those links and their anchors like any other. A link to a file
that is not there is left alone, for MkDocs to report.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel

# The target of a Markdown link or picture that leaves docs/: `](../PATH)`, `](../PATH#anchor)`.
OUTSIDE = re.compile(r"\]\((\.\./[^)#\s]+)")
CODE = re.compile(r"(`+)(.+?)\1")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    docs = Path(config.docs_dir)
    for page in list(files.documentation_pages()):
        if page.abs_src_path is None:
            continue
        for target in OUTSIDE.findall(Path(page.abs_src_path).read_text(encoding="utf-8")):
            uri = posixpath.normpath(posixpath.join(posixpath.dirname(page.src_uri), target))
            path = (docs / uri).resolve()
            if files.get_file_from_path(uri) is None and path.is_file():
                outside = File.generated(config, uri, abs_src_path=str(path), inclusion=InclusionLevel.INCLUDED)
                outside.dest_uri = posixpath.join("repository", posixpath.relpath(outside.dest_uri, ".."))
                files.append(outside)
    return files


def on_page_markdown(markdown: str, **context: object) -> str:
    """A pipe in a table cell's code is written `\\|`, as GitHub needs it; MkDocs' tables read a pipe in
    code as text already, and would show the backslash."""
    return "\n".join(CODE.sub(lambda code: code[0].replace("\\|", "|"), line) if line.startswith("|") else line
                     for line in markdown.split("\n"))
