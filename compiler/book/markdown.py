"""A rule book as Markdown: one paragraph per line, tables as pipe tables, worked examples as the
verifier's blocks, and pictures as SVG files written beside the book. Every text is escaped
(markdown_text): a spec's name or source is shown as written, never read as HTML or a link."""

from __future__ import annotations

from urllib.parse import quote

from ..documents.markdown_text import escape
from .writer import Book, Example, Paragraph, Picture, Table


def picture_file(stem: str, picture: Picture) -> str:
    """The name of a picture's file beside a book named stem: "horse_race.tr.double_end.svg"."""
    return f"{stem}.{picture.name}.svg"


def book_markdown(book: Book, stem: str | None) -> tuple[str, dict[str, str]]:
    """The Markdown text and the pictures to write beside it (file name -> SVG); without a stem (the book
    goes to standard output) there are no files and the text refers to no pictures."""
    out = [f"# {escape(book.title)}"]
    files: dict[str, str] = {}

    def picture(item: Picture) -> None:
        if stem is not None:
            name = picture_file(stem, item)
            files[name] = item.svg
            out.append(f"![{escape(item.alt)}]({quote(name)})")  # a link target holds no space, bracket or parenthesis

    for section in book.sections:
        out.append(f"## {escape(section.title)}")
        for block in section.blocks:
            if isinstance(block, Paragraph):
                out.append(escape(block.text))
            elif isinstance(block, Table):
                out.append("\n".join([_row(block.header), _row(["---"] * len(block.header)),
                                      *(_row(row) for row in block.rows)]))
            elif isinstance(block, Example):
                if block.text is not None:
                    out.append(escape(block.text))
                picture(block.picture)
                out.extend(map(escape, block.lines))
            else:
                picture(block)
    return "\n\n".join(out) + "\n", files


def _row(cells: tuple[str, ...] | list[str]) -> str:
    return "| " + " | ".join(map(escape, cells)) + " |"
