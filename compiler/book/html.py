"""A rule book as one self-contained HTML page: pictures inline, a print style sheet for A4 with a page
break before every section, no scripts and nothing fetched.

Every block is written on a line of its own and every table row too, so that the verifier, reading the
page line by line (document_lines.html_lines), finds each sentence, row and example line at the line it
reports.
"""

from __future__ import annotations

from html import escape

from .writer import Book, Example, Paragraph, Picture, Table

STYLE = """
body { font-family: Georgia, 'DejaVu Serif', serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #1b1b1b; }
h1 { font-size: 1.9rem; margin-bottom: 1.5rem; }
h2 { font-size: 1.35rem; border-bottom: 1px solid #bbb; padding-bottom: .2rem; margin-top: 2.2rem; }
table { border-collapse: collapse; margin: .8rem 0; }
th, td { border: 1px solid #999; padding: .2rem .8rem; text-align: right; }
th { background: #eee; }
figure { margin: 1rem 0; break-inside: avoid; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-style: italic; margin-bottom: .4rem; }
p.example { font-family: 'DejaVu Sans Mono', monospace; font-size: .8rem; margin: .2rem 0; }
@page { size: A4; margin: 18mm 16mm; }
@media print {
  body { max-width: none; margin: 0; font-size: 11pt; }
  section { break-before: page; }
  section:first-of-type { break-before: auto; }
  h2 { break-after: avoid; }
  table, figure, .example-block { break-inside: avoid; }
}
""".strip()


def book_html(book: Book) -> str:
    lang = escape(book.language, quote=True)
    out = ["<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
           f"<title>{escape(book.title)}</title>", "<style>", STYLE, "</style>", "</head>", "<body>",
           f"<h1>{escape(book.title)}</h1>"]
    for section in book.sections:
        out.append(f'<section id="{escape(section.key, quote=True)}">')
        out.append(f"<h2>{escape(section.title)}</h2>")
        for block in section.blocks:
            if isinstance(block, Paragraph):
                out.append(f"<p>{escape(block.text)}</p>")
            elif isinstance(block, Table):
                out.append("<table>")
                out.append("<thead><tr>" + "".join(f"<th>{escape(c)}</th>" for c in block.header) + "</tr></thead>")
                out.append("<tbody>")
                out.extend("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in block.rows)
                out.append("</tbody></table>")
            elif isinstance(block, Example):
                out.append('<div class="example-block">')
                out.append(_figure(block.picture, block.text))
                out.extend(f'<p class="example">{escape(line)}</p>' for line in block.lines)
                out.append("</div>")
            else:
                out.append(_figure(block, block.alt))
        out.append("</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _figure(picture: Picture, caption: str | None) -> str:
    """A figure on one line: the SVG's own line breaks are joined, so that the page keeps a line per block."""
    svg = " ".join(line.strip() for line in picture.svg.strip().splitlines())
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2:].strip()
    return f'<figure class="picture" data-picture="{escape(picture.name, quote=True)}">' \
           f"{'' if caption is None else f'<figcaption>{escape(caption)}</figcaption>'}{svg}</figure>"
