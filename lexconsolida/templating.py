"""Jinja2 environment for the HTML reports (consolidation, diff): templates shipped with the
package in ``lexconsolida/data/templates/`` (``templates/`` at the repository root links to
them, for a municipality to adapt), autoescape always on, deterministic rendering."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

TEMPLATE_DIRS = [Path(__file__).parent / "data" / "templates"]


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in TEMPLATE_DIRS if d.is_dir()]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env


def render(name: str, **context) -> str:
    return environment().get_template(name).render(**context)
