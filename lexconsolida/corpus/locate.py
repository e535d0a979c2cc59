"""What a command line names as a norm: a corpus act (URN or folder) or a file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida.corpus.records import Act
from lexconsolida.corpus.store import Corpus, load
from lexconsolida.corpus.store import default_root
from lexconsolida.errors import InputError, UsageError
from lexconsolida.model import Diagnostic, Norma
from lexconsolida.model.urn import Urn
from lexconsolida.readers import read_file


@dataclass(slots=True)
class Located:
    norma: Norma
    act: Act | None
    """The corpus act, when the norm is one."""
    corpus: Corpus | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """What the reader said of the text read (furniture, repairs, anomalies)."""
    path: Path | None = None
    """The file read: the one named, or the act's text file (None: an act without text)."""


def try_corpus(root: str | None = None, *, tolerant: bool = False) -> Corpus | None:
    """The corpus, or None when there is no ``statutes/`` here (commands then work on files
    alone). A corpus that exists but cannot be loaded is an error, never silently ignored —
    unless ``tolerant``, for a command about one act: the acts whose norma.toml cannot be read
    are then in ``Corpus.broken``, for the command to say so."""
    if root is None and not default_root().is_dir():
        return None
    return load(root, tolerant=tolerant)


def locate(spec: str, corpus: Corpus | None, *, fmt: str | None = None,
           options: dict | None = None) -> Located:
    """The norm named by ``spec``: a URN or folder of the corpus, else a file path.

    A corpus act is its text as read (not amended) with the metadata of its norma.toml.
    ``fmt`` and reader ``options`` apply to files only; a file read with them is taken as it
    is, even inside an act folder."""
    if spec.startswith("urn:"):
        Urn.parse(spec)  # a malformed URN is an InputError naming the expected form
    act = corpus.find(spec) if corpus is not None else None
    p = Path(spec)
    explicit = bool(fmt or options)
    if act is not None and (spec.startswith("urn:") or p.is_dir() or p.name == "norma.toml"):
        if explicit:
            raise UsageError(f"{spec} é um ato do acervo: formato e opções de leitura valem só "
                             "para arquivos (os metadados do ato vêm do seu norma.toml)")
        return _act(corpus, act)
    if spec.startswith("urn:"):
        raise InputError(f"ato fora do acervo: {spec}")
    if p.is_dir():
        if (p / "norma.toml").is_file():
            raise InputError("pasta de ato fora do acervo carregado (indique o acervo com --acervo PASTA)",
                             path=p)
        raise InputError("é um diretório sem norma.toml: nem arquivo de norma nem ato do acervo", path=p)

    result = read_file(p, fmt, **(options or {}))
    if act is not None and not explicit:  # a file inside an act folder: the corpus metadata applies
        return Located(corpus.read(act.urn), act, corpus, result.diagnostics, p)
    return Located(result.norma, None, corpus, result.diagnostics, p)


def _act(corpus: Corpus, act: Act) -> Located:
    return Located(corpus.read(act.urn), act, corpus, corpus.diagnostics(act.urn), act.texto)


def require_text(found: Located) -> Located:
    """``found``, unless it is a corpus act the corpus has only the metadata of."""
    act = found.act
    if act is not None and act.texto is None:
        if act.texto_ausente:
            raise InputError(f"o texto de {act.label} não está disponível aqui: {act.texto_ausente}",
                             path=act.folder)
        raise InputError(f"o acervo só tem os metadados de {act.label} (sem texto)", path=act.folder)
    return found
