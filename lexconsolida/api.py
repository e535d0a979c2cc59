"""lexconsolida's Python API: "this act on this date", for every command and product.

The commands (``lexconsolida/commands``) and the products (consolidation, forms, site) all do
the same few things with a norm, and do them here:

- :func:`locate` — what a user names as a norm (URN or folder of the corpus, or a file);
- :func:`act_at` — the act with every amending act of the corpus applied (its
  :class:`~lexconsolida.history.History`), cut at a date, with the problems still open and its
  publishing context (:class:`Publishing`: municipality, issuing body, letterhead folder);
- :func:`plan` — one amending act recognised, its recorded decisions applied, and its
  operations on the base as the base stood before it;
- :func:`render` — a Norma in an output format with the options that writer accepts.

A norm read from a file carries its own history (LexML written by ``amend``); a corpus act gets
its history from the corpus. Errors are :class:`~lexconsolida.errors.LexError` in Portuguese.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from lexconsolida.amendments import recognise
from lexconsolida.amendments.decisions import Decided, decide
from lexconsolida.amendments.model import Operation, Problem
from lexconsolida.corpus import Act, Corpus, acervo_of
from lexconsolida.corpus.locate import Located, require_text, try_corpus
from lexconsolida.corpus.locate import locate as _locate
from lexconsolida.history import History, history, recognise_act
from lexconsolida.model import Event, Norma
from lexconsolida.model.dates import format_long
from lexconsolida.amendments.targets import work_key
from lexconsolida.transforms.amend import ops_for
from lexconsolida.transforms.pointintime import at, vigente
from lexconsolida.writers import get_writer

__all__ = [
    "ActAtDate", "Located", "Plan", "Publishing", "accepted", "act_at", "amended", "at",
    "corpus", "describe", "event_for", "is_corpus_act", "label_of", "locate", "plan",
    "publishing", "render", "today", "vigente",
]


def today() -> str:
    """Today's date, ISO (the default 'date' of every command)."""
    return date.today().isoformat()


def corpus(root: str | Path | None = None) -> Corpus | None:
    """The corpus at ``root`` (default ``statutes/``), or None when there is none here."""
    return try_corpus(None if root is None else str(root))


def locate(spec: str, acervo: str | Path | Corpus | None = None, *, fmt: str | None = None,
           options: dict | None = None) -> Located:
    """The norm named by ``spec`` (URN, act folder or file), in the corpus ``acervo`` (a
    loaded :class:`Corpus`, a folder, or None: the acervo the act folder ``spec`` belongs to,
    else ``$LEXCONSOLIDA_STATUTES`` or ``statutes/`` when it exists)."""
    if acervo is None and not spec.startswith("urn:"):
        acervo = acervo_of(spec)
    c = acervo if isinstance(acervo, Corpus) else corpus(acervo)
    return _locate(spec, c, fmt=fmt, options=options)


@dataclass(slots=True)
class Publishing:
    """Where an act is published from: its municipality (``municipio.toml`` data and folder,
    for the DOCX letterhead) and its issuing body (``camara``/``prefeitura``)."""

    municipio: dict | None = None
    municipio_dir: Path | None = None
    orgao: str | None = None

    def options(self) -> dict:
        """The letterhead options of the writers (``render`` keeps those a writer accepts)."""
        return {"municipio": self.municipio, "municipio_dir": self.municipio_dir,
                "orgao": self.orgao}


def publishing(c: Corpus | None, act: Act | None) -> Publishing:
    """The publishing context of a corpus act (empty for a norm read from a file)."""
    if c is None or act is None:
        return Publishing()
    mun = c.municipios[act.municipio]
    return Publishing(mun.data, c.root / mun.folder, act.orgao)


def amended(c: Corpus, act: Act) -> History:
    """The corpus act with every amending act of the corpus applied, and a report per act."""
    return history(c, act.urn)


@dataclass(slots=True)
class ActAtDate:
    """A norm as in force on a date, and what a reader of it must know."""

    norma: Norma
    located: Located
    history: History | None = None
    """The amending acts applied (None: a file, taken with the history it carries)."""
    publishing: Publishing = field(default_factory=Publishing)

    @property
    def problems(self) -> list[tuple[Act, Problem]]:
        """Problems of the amending acts still waiting for a human decision."""
        return self.history.open_problems if self.history is not None else []

    @property
    def act(self) -> Act | None:
        return self.located.act


def act_at(found: Located | str, when: str | None = None, *, view: str | None = None,
           acervo: str | Path | Corpus | None = None) -> ActAtDate:
    """The norm ``found`` (or the spec to locate) with its whole history, as in force on
    ``when`` (ISO date; None keeps every wording, future ones included), its status marked
    (:func:`~lexconsolida.model.status.mark`: the amending acts whose changes it lacks). ``view='vigente'``
    drops the history (the clean text in force); ``'compilado'`` or None keeps it."""
    if isinstance(found, str):
        found = locate(found, acervo)
    h = None
    norma = found.norma
    if found.act is not None and found.corpus is not None:
        require_text(found)
        h = amended(found.corpus, found.act)
        norma = h.marked()  # amending acts left out (pending, without text) are on the status
    if when is not None:
        norma = at(norma, when)
    if view == "vigente":
        norma = vigente(norma)
    return ActAtDate(norma, found, h, publishing(found.corpus, found.act))


def label_of(found: Located) -> str:
    """The act's name ('Lei nº 2.331, de 21 de maio de 2002'). Never 'Norma, de …': an act whose
    type the text does not give is named by its epígrafe, else by its file."""
    if found.act is not None:
        return found.act.label
    n = found.norma
    if n.tipo:
        return Norma(tipo=n.tipo, numero=n.numero, data=n.data).titulo
    if n.epigrafe:
        return " ".join(n.epigrafe.split())
    name = found.path.name if found.path is not None else "sem identificação"
    return f"norma do arquivo {name}" + (f", de {format_long(n.data)}" if n.data else "")


def event_for(found: Located) -> Event:
    """The event of applying ``found`` as an amending act (its label and vigência)."""
    n = found.norma
    when = found.act.in_force_from if found.act else (n.vigencia or n.publicacao or n.data)
    return Event("redacao", n.urn, label_of(found), when)


@dataclass(slots=True)
class Plan:
    """One amending act ready to apply: the base as it stood before it, the recognition with
    the recorded decisions applied, the operations on the base."""

    base: Norma
    decided: Decided
    operations: list[Operation]
    amending: Located

    @property
    def event(self) -> Event:
        return event_for(self.amending)


def _resolver_with_base(c: Corpus | None, base: Norma):
    """The acervo's resolver, and the BASE of the command line for a citation of it (same type
    and number): an act given as a file is not 'outside the acervo' when it is the BASE."""
    numero = (base.numero or "").replace(".", "").lstrip("0")
    tipo = work_key((base.tipo or "").replace(" ", "."))

    def resolve(ref):
        urn = c.resolve(ref, None) if c is not None else None
        if urn is None and base.urn and ref.numero and ref.numero == numero and tipo == work_key(ref.tipo):
            return base.urn
        return urn

    return resolve


def plan(base_spec: str, amending_spec: str, acervo: str | Path | Corpus | None = None) -> Plan:
    """Recognise ``amending_spec``'s instructions and find its operations on ``base_spec``."""
    c = acervo if isinstance(acervo, Corpus) else corpus(acervo)
    amending = _locate(amending_spec, c)
    base = _locate(base_spec, c)
    if amending.act is not None and c is not None:
        decided = recognise_act(c, amending.act)
    else:
        given = (base.norma.urn, label_of(base)) if base.norma.urn else None  # BASE names the target
        decided = decide(recognise(amending.norma, _resolver_with_base(c, base.norma), base=given), [])
    decided.recognition.act_label = label_of(amending)
    norma = base.norma
    if base.act is not None and c is not None:
        norma = history(c, base.act.urn, before=amending.act).norma
    return Plan(norma, decided, ops_for(norma, decided.recognition.operations), amending)


def accepted(writer, options: dict) -> dict:
    """Only the options ``writer`` declares (the writers of the registry differ)."""
    params = inspect.signature(writer).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return options
    return {k: v for k, v in options.items() if k in params}


def render(norma: Norma, fmt: str, *, publishing: Publishing | None = None, **options) -> bytes:
    """``norma`` in the output format ``fmt`` (xml, txt, md, html, docx, akn); options the
    writer does not take are left out, so one set of options serves every format. The
    ``publishing`` context (letterhead) goes to the writers that name its options."""
    writer = get_writer(fmt)
    if "published" in inspect.signature(writer).parameters:
        options = {"published": True} | options  # text and Markdown say what they are, as the others
    if publishing is not None:
        params = inspect.signature(writer).parameters
        options = {k: v for k, v in publishing.options().items() if k in params} | options
    return writer(norma, **accepted(writer, options))


def describe(problems: list[tuple[Act, Problem]]) -> list[str]:
    """One line per open problem, naming the amending act."""
    return [f"{a.label}: {p.describe()}" for a, p in problems]


def is_corpus_act(ref: str) -> bool:
    """Whether ``ref`` names a corpus act by itself (URN or folder with norma.toml), as
    opposed to a file."""
    p = Path(ref)
    return ref.startswith("urn:") or (p.is_dir() and (p / "norma.toml").is_file())

