"""HTML of a form: Jinja2 templates (autoescape on) from ``templates/forms/``.

A municipality adapts a form by placing its own copy of a template in
``statutes/<município>/templates/forms/``; that folder is searched first.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from lexconsolida.forms.document import FormDoc
from lexconsolida.templating import make_environment

TEMPLATES = Path(__file__).resolve().parents[1] / "data" / "templates" / "forms"


@lru_cache(maxsize=8)
def environment(override: str | None = None) -> jinja2.Environment:
    """The template environment; ``override`` is a folder searched before the defaults."""
    paths = ([override] if override else []) + [str(TEMPLATES)]
    return make_environment(paths, trim=False)


def render_html(doc: FormDoc, override: str | Path | None = None) -> bytes:
    """The form as a standalone, print-ready HTML page (UTF-8 bytes)."""
    folder = str(override) if override and Path(override).is_dir() else None
    template = environment(folder).get_template(f"{doc.kind}.html.j2")
    return template.render(doc=doc).encode("utf-8")
