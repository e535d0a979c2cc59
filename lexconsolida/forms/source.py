"""Loading the law a catalog or a form is read from: a file, or an act of the corpus (URN or
folder), taken as in force today with every amendment of the corpus applied — later laws
change fines and deadlines."""

from __future__ import annotations

from pathlib import Path

from lexconsolida import api
from lexconsolida.model import Norma


def load_norma(path: str | Path, acervo: str | Path | None = None, when: str | None = None) -> Norma:
    """The parsed law named by ``path`` (a .txt/.xml/.docx file, or a corpus URN or act folder)."""
    found = api.locate(str(path), acervo)
    if found.act is None:
        return found.norma
    return api.act_at(found, when or api.today()).norma
