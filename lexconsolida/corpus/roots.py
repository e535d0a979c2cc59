"""Where an acervo and the shared material are: light functions, no loading.

Kept apart from :mod:`lexconsolida.corpus.store` so that a command that only needs to know
whether a path belongs to an acervo (``parse`` of a plain file) does not import the loader and
the citation patterns it brings.
"""

from __future__ import annotations

import os
from pathlib import Path


def default_root() -> Path:
    """``$LEXCONSOLIDA_STATUTES``, else ``./statutes``, else the repository's ``statutes/``."""
    env = os.environ.get("LEXCONSOLIDA_STATUTES")
    if env:
        return Path(env)
    here = Path.cwd() / "statutes"
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "statutes"


def acervo_of(path: str | Path) -> Path | None:
    """The acervo an act folder (or a file inside one) belongs to: the folder above its
    municipality's (the one with ``municipio.toml``); None when ``path`` is not in one. So a
    command given ``/outro/projeto/statutes/mt-x/lei-1-2020`` works on that acervo from any
    folder, without --acervo."""
    p = Path(path)
    try:
        folder = p if p.is_dir() else p.parent
        if not (folder / "norma.toml").is_file() or not (folder.parent / "municipio.toml").is_file():
            return None
    except OSError:
        return None
    return folder.parent.parent


SHARED_ENV = "LEXCONSOLIDA_SHARED"


def shared_root(corpus_root: str | Path | None = None) -> Path:
    """Where the shared material is looked for: ``$LEXCONSOLIDA_SHARED``, else ``shared/``
    beside the project that holds ``corpus_root`` (``statutes/../../shared``). It may not exist:
    the caller says so."""
    env = os.environ.get(SHARED_ENV)
    if env:
        return Path(env)
    base = Path(corpus_root) if corpus_root else default_root()
    return base.resolve().parent.parent / "shared"


