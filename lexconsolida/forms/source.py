"""Loading the law a catalog or a form is read from: a file, or an act of the corpus (URN or
folder), taken as in force today with every amendment of the corpus applied — later laws
change fines and deadlines."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from lexconsolida.model import Norma


def load_norma(path: str | Path, acervo: str | None = None, when: str | None = None) -> Norma:
    """The parsed law named by ``path`` (a .txt/.xml/.docx file, or a corpus URN or act folder)."""
    from lexconsolida.corpus.locate import locate, try_corpus

    corpus = try_corpus(acervo)
    located = locate(str(path), corpus)
    if located.act is None:
        return located.norma
    from lexconsolida.history import history
    from lexconsolida.transforms.pointintime import at

    return at(history(corpus, located.act.urn).norma, when or date.today().isoformat())
