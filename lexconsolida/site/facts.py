"""What the site needs to know of an act across acts, without its tree.

The index page, the resolution of citations (every act's identity and ids), the relations
implied by histories and the version dates are all the site needs of an act *other than the
one whose pages it renders*. :class:`ActFacts` holds exactly that; it is computed once from the
act's tree and memoised in the site's manifest under the act's key, so a rerun on an acervo
whose act did not change never reads (never parses) that act again.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexconsolida.model import Event, Norma, Situacao
from lexconsolida.model.status import Status, revoked_count, status_events, status_of
from lexconsolida.site.versions import version_dates
from lexconsolida.writers.html.view import titulo_ato

FACTS_VERSION = 4
"""Layout of :meth:`ActFacts.to_json`; part of the memo's key."""


@dataclass(slots=True, frozen=True)
class ActFacts:
    urn: str | None
    """``norma.urn`` (None for an act without one)."""
    tipo: str | None
    numero: str | None
    data: str | None
    ementa: str | None
    situacao: str
    """``Situacao`` value of the act as a whole."""
    titulo: str
    ids: frozenset[str]
    """Every node id of the articulação."""
    dates: tuple[str, ...]
    """Dates of the act's versions (empty when the text is unavailable or never changed)."""
    history: tuple[tuple[str, str, tuple[str, ...], str | None], ...]
    """Relations the act's history implies: (kind, source URN, changed ids, source label)."""
    texto_disponivel: bool = True
    motivo: str | None = None
    """Why the text is unavailable (shown on its page)."""
    problem: str | None = None
    """Why the text could not be read (reported to the user), None when it was read."""
    notes: tuple[str, ...] = ()
    """Warnings from reading it (amendments that could not be applied)."""
    estado: str | None = None
    """``Norma.estado`` ('norma', 'proposicao', 'consolidacao' or None)."""
    vigencia: str | None = None
    """``Norma.vigencia``: with the date of the run, whether the act is already in force."""
    events: tuple[tuple, ...] = ()
    """The whole-act events the status reads (revocation, pending review, amended by an act
    without text, suspension), as (kind, urn, label, date, note, dispositivo)."""
    revoked_units: int = 0
    held: tuple[str, ...] = ()
    """The amending acts that kept the act's text from being rebuilt (its last good pages are
    kept, with a notice naming them)."""
    publicacao: str | None = None
    """``Norma.publicacao``: an edition of the gazette that prints the act after it is a
    republication, and says so."""

    def status(self) -> Status:
        """The act's status today (:func:`~lexconsolida.model.status.status_of`): computed on
        each run from the memoised metadata, since it depends on the date."""
        return status_of(Norma(tipo=self.tipo, estado=self.estado, situacao=Situacao(self.situacao),
                               vigencia=self.vigencia, events=[Event(*e) for e in self.events]),
                         revoked_units=self.revoked_units)

    @property
    def search_title(self) -> str:
        """The title in search results, with the status when it is not a norm."""
        status = self.status()
        return self.titulo if status.normative else f"{self.titulo} ({status.label})"

    def to_json(self) -> list:
        return [self.urn, self.tipo, self.numero, self.data, self.ementa, self.situacao,
                self.titulo, sorted(self.ids), list(self.dates),
                [[k, s, list(c), lbl] for k, s, c, lbl in self.history],
                self.texto_disponivel, self.motivo, self.problem, list(self.notes),
                self.estado, self.vigencia, [list(e) for e in self.events], self.revoked_units,
                list(self.held), self.publicacao]

    @classmethod
    def from_json(cls, data: list) -> ActFacts:
        (urn, tipo, numero, data_, ementa, situacao, titulo, ids, dates, history,
         disponivel, motivo, problem, notes, estado, vigencia, events, revoked, held, publicacao) = data
        return cls(urn, tipo, numero, data_, ementa, situacao, titulo, frozenset(ids),
                   tuple(dates), tuple((k, s, tuple(c), lbl) for k, s, c, lbl in history),
                   disponivel, motivo, problem, tuple(notes), estado, vigencia,
                   tuple(tuple(e) for e in events), revoked, tuple(held), publicacao)


def history_links(norma, urn: str) -> tuple[tuple[str, str, tuple[str, ...], str | None], ...]:
    """(kind, source, changed ids, label) of every other act that changed ``norma``.

    Revoking a dispositivo alters the act; only a whole-act revocation revokes it.
    """
    found: dict[tuple[str, str], tuple[set[str], str | None]] = {}
    for node_id, history in norma.histories():
        for v in history:
            ev = v.event
            if not ev.act_urn or ev.act_urn == urn:
                continue
            changed, _ = found.setdefault(("altera", ev.act_urn), (set(), ev.act_label))
            changed.add(node_id)
    for ev in norma.events:
        if ev.act_urn and ev.kind == "revogacao":
            found.setdefault(("revoga", ev.act_urn), (set(), ev.act_label))
    return tuple((k, s, tuple(sorted(c)), lbl) for (k, s), (c, lbl) in found.items())


def facts_of(act) -> ActFacts:
    """The facts of a :class:`~lexconsolida.site.model.SiteAct` (reads its tree)."""
    norma = act.norma
    problem, notes = act.read_notes()
    return ActFacts(
        urn=norma.urn, tipo=norma.tipo, numero=norma.numero, data=norma.data,
        ementa=norma.ementa, situacao=norma.situacao.value, titulo=titulo_ato(norma),
        ids=frozenset(n.id for n in norma.walk()),
        dates=tuple(version_dates(norma)) if act.texto_disponivel else (),
        history=history_links(norma, act.urn),
        texto_disponivel=act.texto_disponivel, motivo=act.motivo_indisponivel,
        problem=problem, notes=tuple(notes), estado=norma.estado, vigencia=norma.vigencia,
        events=tuple((e.kind, e.act_urn, e.act_label, e.date, e.note, e.dispositivo)
                     for e in status_events(norma)),
        revoked_units=revoked_count(norma),
        held=tuple(label for _, label, _ in getattr(problem, "acts", ())),
        publicacao=norma.publicacao,
    )
