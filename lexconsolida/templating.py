"""Jinja2 environments: one policy for every template of the project (autoescape always on,
undefined names are errors, deterministic rendering), made by :func:`make_environment`.

:func:`environment` is the one of the HTML reports (consolidation, diff): templates shipped with
the package in ``lexconsolida/data/templates/`` (``templates/`` at the repository root links to
them, for a municipality to adapt). The site and the HTML writer
(``writers/html/templates.py``) and the forms (``forms/html.py``) make theirs here too."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

TEMPLATE_DIRS = [Path(__file__).parent / "data" / "templates"]


def make_environment(folders: list[str], *, trim: bool = True) -> jinja2.Environment:
    """An environment over ``folders`` (searched in order). ``trim``: a block tag's line leaves
    no blank line or indentation behind (the forms, written as HTML by hand, keep theirs)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=trim,
        lstrip_blocks=trim,
        keep_trailing_newline=True,
        auto_reload=False,
    )


@cache
def environment() -> jinja2.Environment:
    return make_environment([str(d) for d in TEMPLATE_DIRS if d.is_dir()])


def render(name: str, **context) -> str:
    return environment().get_template(name).render(**context)


def escape_str(value: object) -> str:
    """``str(markupsafe.escape(value))`` — what ``{{ value }}`` prints under autoescape —
    without a ``Markup`` object per call, for markup printed in Python (the lines of an
    articulação, the rows of a quadro comparativo): markup (an object with ``__html__``) as
    it is, anything else as text with ``& < > ' "`` escaped as markupsafe escapes them."""
    if type(value) is not str:
        if hasattr(value, "__html__"):
            return str(value.__html__())  # plain str: Markup + str would escape the str
        value = str(value)
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    if "'" in value:
        value = value.replace("'", "&#39;")
    if '"' in value:
        value = value.replace('"', "&#34;")
    return value
