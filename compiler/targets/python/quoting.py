"""User text (names, sources, file names) written into a Python engine, escaped for where it lands."""

from __future__ import annotations


def escaped(text: str) -> str:
    """text as the inside of a double-quoted Python literal, in printable ASCII alone, so that it is safe
    in a literal, a docstring or a comment whatever it holds: no line breaks, quotes or lone surrogates
    reach the source, and the literal's value is text exactly."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '\\"':
            out.append("\\" + ch)
        elif 0x20 <= code < 0x7F:
            out.append(ch)
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "".join(out)


def literal(text: str) -> str:
    """A str as a Python literal, in double quotes."""
    return f'"{escaped(text)}"'
