"""The Jinja2 environment of the site and of the HTML writer (autoescape always on).

Templates ship as package data in ``lexconsolida/data/templates/site/`` (so any install has
them); the repository's ``templates/site`` is a link to that folder. Set
``LEXCONSOLIDA_TEMPLATES`` to a folder holding a ``site/`` subfolder to use other templates.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

import jinja2

from lexconsolida.errors import UsageError
from lexconsolida.model.history import ementa_lines
from lexconsolida.templating import make_environment
from lexconsolida.writers.html import view
from lexconsolida.writers.html.blocks import blocos_html
from lexconsolida.writers.html.tables import annex_html

PACKAGED = Path(__file__).resolve().parents[2] / "data" / "templates" / "site"
STATIC_FILES = ("site.css", "busca.js")
"""Files copied as they are to ``static/`` of the site."""


def template_dir() -> Path:
    """The folder of the site templates in use."""
    override = os.environ.get("LEXCONSOLIDA_TEMPLATES")
    folder = Path(override) / "site" if override else PACKAGED
    if not (folder / "base.html").is_file():
        raise UsageError(f"modelos do site não encontrados em {folder} (falta base.html)")
    return folder


@lru_cache(maxsize=4)
def _environment(folder: str) -> jinja2.Environment:
    env = make_environment([folder])
    env.tests["agrupador"] = view.is_agrupador
    env.globals.update(
        blocos_html=blocos_html,
        anexo_html=annex_html,
        separador=view.separador,
        linhas_ementa=ementa_lines,
        sumario_de=view.sumario,
    )
    return env


def environment() -> jinja2.Environment:
    return _environment(str(template_dir()))


def render(name: str, **context) -> str:
    return environment().get_template(name).render(**context)


@lru_cache(maxsize=4)
def _hash(folder: str) -> str:
    h = hashlib.sha256()
    for f in sorted(Path(folder).iterdir()):
        if f.is_file():
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def templates_hash() -> str:
    """Hash of every template and static file: part of every page's content key."""
    return _hash(str(template_dir()))


def static_file(name: str) -> bytes:
    return (template_dir() / name).read_bytes()
