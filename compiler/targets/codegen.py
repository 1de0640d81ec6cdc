"""Valid IR -> the source of a module for a target, through that target's templates. Byte-for-byte stable."""

from __future__ import annotations

import contextlib
import functools
import os

import jinja2
from jinja2.bccache import Bucket

from ..language import ir
from ..language.grammar import cache_folder
from . import DEFAULT
from .target import Target


class _TemplateCache(jinja2.FileSystemBytecodeCache):
    """Compiled templates in the user's cache folder: compiling a target's templates costs more than
    rendering them, and every command that makes an engine would pay for it. Jinja checks each entry
    against its template's source and writes it by renaming into place; a folder that cannot be
    written or an entry that cannot be read only means compiling again."""

    def load_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(Exception):  # unreadable or damaged (pickle and marshal raise many kinds)
            super().load_bytecode(bucket)

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)


def _template_cache() -> jinja2.BytecodeCache | None:
    folder = cache_folder()
    return None if folder is None else _TemplateCache(str(folder / "templates"))


@functools.cache
def _environment(package: str) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader(package, "templates"),
        bytecode_cache=_template_cache(),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )


def generate(spec: ir.Variant | ir.MatchFormat, spec_name: str, target: Target = DEFAULT) -> str:
    """The module for a checked spec; spec_name is the spec's file name, shown in the header (never its
    folder, so that the output is the same wherever it is made).

    A variant gives a whole engine; a match format on its own gives just its match scoring.
    """
    if isinstance(spec, ir.MatchFormat):
        template, context = target.match_format_template, target.match_format_context(spec)
    else:
        template, context = target.variant_template, target.variant_context(spec)
    body = _environment(target.package).get_template(template).render(c=context)
    return target.header(spec_name) + "\n" + body
