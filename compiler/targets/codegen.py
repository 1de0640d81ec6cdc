"""Valid IR -> the source of a module for a target, through that target's templates. Byte-for-byte stable."""

from __future__ import annotations

import functools

import jinja2

from ..language import ir
from . import DEFAULT
from .target import Target


@functools.cache
def _environment(package: str) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader(package, "templates"),
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
    refused = target.refusal(spec)
    if refused is not None:  # the CLI reports it before it gets here
        raise ValueError(f"the {target.name} target cannot compile {spec_name}: {refused[0]}")
    if isinstance(spec, ir.MatchFormat):
        assert target.match_format_template is not None and target.match_format_context is not None, "refused above"
        template, context = target.match_format_template, target.match_format_context(spec)
    else:
        template, context = target.variant_template, target.variant_context(spec)
    body = _environment(target.package).get_template(template).render(c=context)
    return target.header(spec_name) + "\n" + body
