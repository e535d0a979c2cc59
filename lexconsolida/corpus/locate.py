"""What a command line names as a norm: a corpus act (URN or folder) or a file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexconsolida.corpus.records import Act
from lexconsolida.corpus.store import Corpus, load
from lexconsolida.errors import InputError, LexError
from lexconsolida.model import Norma
from lexconsolida.model.urn import Urn


@dataclass(slots=True)
class Located:
    norma: Norma
    act: Act | None
    """The corpus act, when the norm is one."""
    corpus: Corpus | None


def try_corpus(root: str | None = None) -> Corpus | None:
    """The corpus, or None when there is none here (commands then work on files alone)."""
    try:
        return load(root)
    except LexError:
        if root:
            raise
        return None


def locate(spec: str, corpus: Corpus | None) -> Located:
    """The norm named by ``spec``: a URN or folder of the corpus, else a file path."""
    if spec.startswith("urn:"):
        Urn.parse(spec)  # a malformed URN is an InputError naming the expected form
    act = corpus.find(spec) if corpus is not None else None
    p = Path(spec)
    if act is not None and (spec.startswith("urn:") or p.is_dir() or p.name == "norma.toml"):
        return Located(corpus.read(act.urn), act, corpus)
    if spec.startswith("urn:"):
        raise InputError(f"ato fora do acervo: {spec}")
    if p.is_dir():
        raise InputError("pasta sem norma.toml do acervo", path=p)
    from lexconsolida.readers import read_file

    result = read_file(p)
    if act is not None:  # a file inside an act folder: the corpus metadata applies
        return Located(corpus.read(act.urn), act, corpus)
    return Located(result.norma, None, corpus)
