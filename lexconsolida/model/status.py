"""What a document is, as every output must say it — decided here, once, from the whole acervo.

A norm is **em vigor**; **revogada** (by which act and article, since when); **parcialmente
revogada** (units revoked); **com alterações pendentes** (amending acts whose changes wait for a
person's review and are not in the text); **alterada por ato sem texto disponível** (an
amending act the acervo knows only by its metadata: its changes are unknown); **texto não
disponível** (the acervo knows the act only by its data: what it says of it comes from the
other acts — revoked if one revokes it, partly revoked if one revokes its units —, never "em
vigor" over a text nobody has read); **vigência futura**; **suspensa** (a court decision — see
below); or, for a proposição (minuta, projeto, indicação) or a consolidation being drafted,
**sem valor normativo**. And which text of it is printed: the original as published, or a text
compiled up to a date with the alterations of named acts — and without those still pending.

The facts come from the tree: ``Norma.situacao`` and the whole-act events in ``Norma.events``
('revogacao', 'pendente', 'sem-texto', 'suspensao', 'texto-indisponivel', 'revogacao-parcial'),
which the producers of a compiled text put there from what applying the acervo's amending acts
gave (:func:`mark`, fed with :class:`Step` s by :mod:`lexconsolida.history` and by the acervo's
pipeline; :func:`mark_unavailable` by whoever found the text missing); a unit's own 'pendente'
version (``amend --parcial``) counts as a pending act too. So every output of a Norma — site,
HTML, DOCX, text, Markdown, LexML, AKN, quadros, forms — shows the same status, and a page never
says "em vigor" over a text known to be stale, revoked or missing.

**Suspensa** (court decisions, issue 26): a whole-act event of kind ``suspensao`` in force on
the reference date (its ``date`` on or before it) makes the act "suspensa"; the event's label
names the decision. Nothing produces such events yet: the court-decisions work adds the
producer (and, if needed, the end of a suspension) without touching the outputs.

>>> status_of(Norma(tipo="Minuta de Lei", data="2023-11-23")).label
'minuta de lei — sem valor normativo'
>>> status_of(Norma(tipo="Lei", vigencia="2015-05-12"), on="2020-01-01").label
'em vigor'
>>> status_of(Norma(tipo="Lei", vigencia="2030-01-01"), on="2020-01-01").label
'vigência futura (a partir de 1º de janeiro de 2030)'
>>> pending = Event(PENDING, "urn:x", "Lei nº 20, de 5 de abril de 2021", "2021-04-05", "1 instrução")
>>> status_of(Norma(tipo="Lei", vigencia="2020-01-01", events=[pending]), on="2022-01-01").label
'com alterações pendentes'
>>> status_of(mark_unavailable(Norma(tipo="Lei", vigencia="2015-05-12"), "o texto-fonte traz só a ementa"),
...           on="2020-01-01").label
'texto não disponível'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timezone

from lexconsolida.model.dates import format_long
from lexconsolida.model.efficacy import act_status
from lexconsolida.model.ids import citation_parts
from lexconsolida.model.nodes import Event, Kind, Norma, Situacao, is_feminine


PROPOSICAO_PREFIXES = ("minuta", "projeto", "anteprojeto", "indicação", "indicacao",
                       "substitutivo", "requerimento", "proposta")
"""Types whose documents are proposals, not norms ('Minuta de Lei', 'Projeto de Lei' …)."""

ESTADOS = ("norma", "proposicao", "consolidacao")
"""Values of ``Norma.estado`` (None: decided by the type)."""

REVOCATION, PENDING, WITHOUT_TEXT, SUSPENSION = "revogacao", "pendente", "sem-texto", "suspensao"
"""Kinds of the whole-act events (``Norma.events``) the status reads."""
UNAVAILABLE = "texto-indisponivel"
"""Whole-act event: the acervo has no text of this act (``Event.note``: why)."""
PARTIAL = "revogacao-parcial"
"""Whole-act event: an act revokes units of this act, which its text here does not show (the
text is unavailable): what is known of the units from the relations."""

REVOKES = "revogação do ato"
"""``Event.note`` of a pending event whose act revokes the whole norm (not yet reviewed)."""

APPLIED, IGNORED = "aplicada", "ignorada"
"""States of a :class:`Step` besides PENDING and WITHOUT_TEXT."""

LABELS = {
    "vigente": "em vigor",
    "revogada": "revogada",
    "parcialmente-revogada": "parcialmente revogada",
    "pendente": "com alterações pendentes",
    "sem-texto": "alterada por ato sem texto disponível",
    "texto-indisponivel": "texto não disponível",
    "vigencia-futura": "vigência futura",
    "suspensa": "suspensa",
    "inconstitucional": "declarada inconstitucional",
    "sem-efeito": "tornada sem efeito",
    "efeitos-futuros": "ainda sem produzir efeitos",
    "proposicao": "sem valor normativo",
    "consolidacao": "consolidação em elaboração",
}
"""Every status code and how a filter names it (the search page's choices)."""

ORDER = ("proposicao", "consolidacao", "revogada", "inconstitucional", "sem-efeito", "suspensa",
         "efeitos-futuros", "vigencia-futura", "pendente", "texto-indisponivel", "sem-texto",
         "parcialmente-revogada", "vigente")
"""Which code is the document's main one when several apply: a partition of the acts (every
act has exactly one main code), which the index counts."""


def feminine(tipo: str | None) -> bool:
    return is_feminine(tipo)


def reference_date() -> str:
    """The date statuses are computed for: ``SOURCE_DATE_EPOCH`` (reproducible builds) when
    set, else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc).date().isoformat()
    return date.today().isoformat()


@dataclass(slots=True, frozen=True)
class Status:
    """The status of a document."""

    code: str
    """The main code (see :data:`LABELS`): 'vigente', 'revogada', 'pendente', 'proposicao' …; from
    an efficacy event of the whole act (:func:`lexconsolida.model.efficacy.act_status`):
    'suspensa', 'inconstitucional', 'sem-efeito', 'efeitos-futuros'."""
    label: str
    """How the metadata block says it: 'em vigor', 'revogada', 'com alterações pendentes',
    'minuta de lei — sem valor normativo'."""
    normative: bool
    """False for proposições and consolidations in preparation: never listed among acts."""
    notice: str | None = None
    """A sentence for a banner at the top of the document (None for a norm in force)."""
    codes: tuple[str, ...] = ()
    """Every code that applies, main one first (the search filters)."""
    revocation: Event | None = None
    """The whole-act revocation, when known."""
    pending: tuple[Event, ...] = ()
    """One event per amending act whose changes are pending review (not in the text)."""
    without_text: tuple[Event, ...] = ()
    """One event per amending act the acervo has no text of."""
    suspension: Event | None = None
    revoked_units: int = 0
    """Units revoked (a partial revocation)."""
    detail: str | None = None
    """The label with its facts, for the metadata block: 'revogada pela Lei nº …, de … (art.
    9º), desde …', 'com alterações pendentes (Lei nº …)' (None: the label says it all)."""
    unavailable: Event | None = None
    """Why the acervo has no text of the act (None: it has one)."""
    partial: tuple[Event, ...] = ()
    """Acts that revoke units of this act whose text is unavailable (known from relations)."""


def estado_of(norma: Norma) -> str:
    """'norma', 'proposicao' or 'consolidacao': ``Norma.estado`` or, when unset, by the type."""
    if norma.estado in ESTADOS:
        return norma.estado
    return "proposicao" if is_proposicao_tipo(norma.tipo) else "norma"


def is_proposicao_tipo(tipo: str | None) -> bool:
    return (tipo or "").strip().lower().startswith(PROPOSICAO_PREFIXES)


_STATUS_TEXT = re.compile(r"^\(?\s*revogad[oa]s?\b", re.IGNORECASE)
"""A unit whose printed text is a revocation note ('(Revogado).', 'Revogado pela Lei …')."""


def _revoked_units(norma: Norma) -> int:
    return sum(1 for d in norma.dispositivos()
               if d.kind is not Kind.CAPUT and (d.situacao is Situacao.REVOGADO
                                               or (d.text and _STATUS_TEXT.match(d.text.strip()))))


def pending_events(norma: Norma) -> tuple[Event, ...]:
    """The amending acts whose changes are pending review, one event each (oldest first): the
    whole-act 'pendente' events, and the acts of units' 'pendente' versions (``amend
    --parcial``) counted as instructions."""
    found: dict[str, Event] = {}
    for ev in norma.events:
        if ev.kind == PENDING:
            found[ev.act_urn or ev.act_label or ""] = ev
    units: dict[str, tuple[Event, int]] = {}
    for _, history in norma.histories():
        for v in history:
            if v.event.kind == PENDING:
                key = v.event.act_urn or v.event.act_label or ""
                ev, n = units.get(key, (v.event, 0))
                units[key] = (ev, n + 1)
    for key, (ev, n) in units.items():
        if key not in found:
            found[key] = Event(PENDING, ev.act_urn, ev.act_label, ev.date, _items(n))
    return tuple(sorted(found.values(), key=lambda e: (e.date or "", e.act_label or "")))


STATUS_EVENTS = (REVOCATION, PENDING, WITHOUT_TEXT, SUSPENSION, UNAVAILABLE, PARTIAL)


def status_events(norma: Norma) -> tuple[Event, ...]:
    """The whole-act events the status reads (the units' pending versions folded in): with
    the metadata and :func:`revoked_count`, all :func:`status_of` needs of a tree."""
    pending = pending_events(norma)
    return tuple(e for e in norma.events if e.kind in STATUS_EVENTS and e.kind != PENDING) + pending


def revoked_count(norma: Norma) -> int:
    """Units of the text revoked (a partial revocation)."""
    return _revoked_units(norma)


def _items(n: int) -> str:
    return "1 instrução" if n == 1 else f"{n} instruções"


def _names(events: Iterable[Event]) -> str:
    """'da Lei nº 1, de … e do Decreto nº 2, de …' (after 'alterações')."""
    return acts_phrase([e.act_label or "ato alterador" for e in events])


def _subjects(events: Iterable[Event]) -> str:
    """'a Lei nº 1, de …' / 'a Lei nº 1, de … e o Decreto nº 2, de …' (as a subject)."""
    names = [f"{'a' if is_feminine(e.act_label) else 'o'} {e.act_label or 'ato alterador'}" for e in events]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " e " + names[-1]


def status_of(norma: Norma, on: str | None = None, *, revoked_units: int | None = None) -> Status:
    """The document's status on ``on`` (ISO date; default :func:`reference_date`): one
    function for every output. ``revoked_units``: the count of revoked units when ``norma``
    is only the act's metadata and events (the site's memoised facts)."""
    estado = estado_of(norma)
    kind = (norma.tipo or "documento").strip()
    if estado == "proposicao":
        return Status("proposicao", f"{kind.lower()} — sem valor normativo", False,
                      f"{kind} sem valor normativo: texto proposto, que não foi aprovado nem "
                      "publicado como norma. Não o aplique nem o cite como lei.", ("proposicao",))
    if estado == "consolidacao":
        return Status("consolidacao", "consolidação em elaboração — sem valor normativo", False,
                      "Consolidação em elaboração, sem valor normativo: proposta de texto "
                      "consolidado (LC 95/1998, art. 13) que ainda depende de aprovação. "
                      "Enquanto não for aprovada, valem os atos que ela consolida.",
                      ("consolidacao",))
    today = on or reference_date()
    a = "a" if feminine(norma.tipo) else "o"
    revocation = next((e for e in reversed(norma.events) if e.kind == REVOCATION), None)
    suspension = next((e for e in reversed(norma.events)
                       if e.kind == SUSPENSION and (not e.date or e.date <= today)), None)
    pending = pending_events(norma)
    without_text = tuple(e for e in norma.events if e.kind == WITHOUT_TEXT)
    unavailable = next((e for e in reversed(norma.events) if e.kind == UNAVAILABLE), None)
    # units revoked of a text the acervo does not have: known from the relations only
    partial = tuple(e for e in norma.events if e.kind == PARTIAL) if unavailable is not None else ()
    if revoked_units is None:
        revoked_units = _revoked_units(norma)
    codes: list[str] = []
    labels: list[str] = []
    notices: list[str] = []
    efficacy = act_status(norma, on or norma.as_of or today) if norma.situacao is Situacao.VIGENTE else None
    if norma.situacao is not Situacao.VIGENTE:
        word = {Situacao.REVOGADO: "revogad", Situacao.VETADO: "vetad",
                Situacao.SUPRIMIDO: "suprimid"}.get(norma.situacao, "revogad") + a
        codes.append("revogada")
        labels.append(word)
        notices.append(f"{kind} {word}{_by(revocation)}: não está em vigor.")
    if efficacy is not None:  # a court's decision, a voided act … (the act as a whole)
        code, label, notice = efficacy
        codes.append(code)
        labels.append(label)
        notices.append(notice)
    if suspension is not None and "suspensa" not in codes:
        codes.append("suspensa")
        labels.append(f"suspens{a}")
        notices.append(f"{kind} suspens{a} por {suspension.act_label or 'decisão judicial'}"
                       + (f", desde {_long(suspension.date)}" if suspension.date else "")
                       + ": o texto abaixo não se aplica enquanto durar a suspensão.")
    start = norma.vigencia
    if start and start > today:
        when = _long(start)
        codes.append("vigencia-futura")
        labels.append(f"vigência futura (a partir de {when})")
        notices.append(f"{kind} com vigência futura: entra em vigor em {when}.")
    if pending:
        codes.append("pendente")
        labels.append(LABELS["pendente"])
        revoking = [e for e in pending if e.note == REVOKES]
        if revoking:
            notices.append(f"Revogação pendente de revisão: {_subjects(revoking)} "
                           f"{'declara' if len(revoking) == 1 else 'declaram'} revogar est{a} "
                           f"{kind.lower()}; até a revisão, o texto abaixo é publicado como estava.")
        others = [e for e in pending if e.note != REVOKES]
        if others:
            notices.append(f"Alterações pendentes de revisão: {_pending_list(others)}. Essas "
                           "alterações ainda não estão no texto abaixo.")
    if unavailable is not None:
        codes.append("texto-indisponivel")
        labels.append(LABELS["texto-indisponivel"])
        notices.append(f"Texto não disponível: {unavailable.note or 'o acervo só tem os dados deste ato'}. "
                       f"O que se sabe d{'esta' if a == 'a' else 'este'} {kind.lower()} vem dos seus dados e "
                       "do que os outros atos do acervo dizem del" + a + ".")
    if partial:
        notices.append(f"Dispositivos revogados: {_subjects(partial)} "
                       f"{'revoga' if len(partial) == 1 else 'revogam'} dispositivos dest{a} "
                       f"{kind.lower()}" + (", cujo texto não está no acervo." if unavailable else "."))
    if without_text:
        codes.append("sem-texto")
        labels.append(LABELS["sem-texto"])
        notices.append(f"Alterad{a} por ato sem texto disponível: {_subjects(without_text)} "
                       f"{'altera' if len(without_text) == 1 else 'alteram'} est{a} "
                       f"{kind.lower()}, mas o texto "
                       f"{'desse ato' if len(without_text) == 1 else 'desses atos'} não está no "
                       "acervo: as suas alterações não estão no texto abaixo.")
    if (revoked_units or partial) and "revogada" not in codes:
        codes.append("parcialmente-revogada")
        labels.append(f"parcialmente revogad{a}")
    if not codes:
        return Status("vigente", "em vigor", True)
    order = sorted(range(len(codes)), key=lambda i: ORDER.index(codes[i]))
    codes, labels = [codes[i] for i in order], [labels[i] for i in order]
    main = codes[0]
    label = "; ".join(labels)
    details = []
    for code, lbl in zip(codes, labels):
        if code == "revogada":
            # the text published for the revoked act (as it stood) still lacks what is pending:
            # the pending and textless acts are said after the revocation
            details.append(lbl + _by(revocation))
            continue
        if code == "pendente":
            what = "com revogação pendente" if all(e.note == REVOKES for e in pending) else lbl
            lbl = f"{what} de revisão ({'; '.join(e.act_label or 'ato alterador' for e in pending)})"
        elif code == "sem-texto":
            lbl += f" ({'; '.join(e.act_label or 'ato alterador' for e in without_text)})"
        elif code == "parcialmente-revogada":
            parts = [f"{revoked_units} {'dispositivo revogado' if revoked_units == 1 else 'dispositivos revogados'}"] \
                if revoked_units else []
            parts += [f"dispositivos revogados {'pela' if is_feminine(e.act_label) else 'pelo'} "
                      f"{e.act_label or 'ato revogador'}" for e in partial]
            lbl += f" ({'; '.join(parts)})"
        details.append(lbl)
    return Status(main, label, True, " ".join(notices) or None, tuple(codes), revocation,
                  pending, without_text, suspension, revoked_units, "; ".join(details),
                  unavailable, partial)


def _by(revocation: Event | None) -> str:
    """' pelo art. 9º da Lei nº 3.888, de 9 de outubro de 2018, desde 9 de outubro de 2018' —
    the article named as part of the act ('art. 9º da Lei …'), so that a page that links
    citations links it to that act, never to the revoked act's own art. 9º."""
    if revocation is None or not revocation.act_label:
        return ""
    if revocation.dispositivo:
        out = f" pelo {_cite(revocation.dispositivo)} {'da' if is_feminine(revocation.act_label) else 'do'} " \
              f"{revocation.act_label}"
    else:
        out = f" {'pela' if is_feminine(revocation.act_label) else 'pelo'} {revocation.act_label}"
    if revocation.date:
        out += f", desde {_long(revocation.date)}"
    return out


def _cite(node_id: str) -> str:
    try:
        return ", ".join(citation_parts(node_id)) or node_id
    except (ValueError, KeyError, AssertionError):
        return node_id


def _pending_list(events: list[Event]) -> str:
    """'Lei nº 20, de 5 de abril de 2021 (1 instrução); Lei nº 30 …'."""
    return "; ".join(f"{e.act_label or 'ato alterador'}" + (f" ({e.note})" if e.note else "")
                     for e in events)


@dataclass(slots=True, frozen=True)
class Step:
    """What applying one amending act to a norm gave, as the history (:mod:`lexconsolida.history`)
    or the acervo's pipeline report it: the input of :func:`mark`."""

    act_urn: str
    act_label: str
    date: str | None
    state: str
    """APPLIED, PENDING (waits for a person), WITHOUT_TEXT (the acervo lacks its text) or IGNORED."""
    items: int = 0
    """Instructions pending (PENDING)."""
    revokes: bool = False
    """The act revokes the whole norm (its step is pending: the revocation is not applied)."""
    revokes_units: bool = False
    """The act revokes units of the norm (a relation 'revoga-dispositivos'): on a norm whose text
    is unavailable, its step is ignored and the status says the units are revoked."""


def mark(norma: Norma, steps: Iterable[Step]) -> Norma:
    """Put on ``norma`` (in place; also returned) a whole-act event for every step that left
    changes out of its text: 'pendente' (with what is pending) or 'sem-texto'; and, on a norm
    without any text (only its data), 'revogacao-parcial' for every act that revokes units of it
    (its step is ignored: there is no text to apply it to). Events of the same acts from an
    earlier marking are replaced."""
    steps = list(steps)
    textless = not norma.articulacao and not norma.anexos
    partial = [s for s in steps if textless and s.revokes_units and s.state == IGNORED]
    steps = [s for s in steps if s.state in (PENDING, WITHOUT_TEXT)]
    acts = {s.act_urn for s in steps} | {s.act_urn for s in partial}
    norma.events = [e for e in norma.events
                    if not (e.kind in (PENDING, WITHOUT_TEXT, PARTIAL) and e.act_urn in acts)]
    for s in steps:
        if s.state == PENDING:
            note = REVOKES if s.revokes else (_items(s.items) if s.items else None)
            norma.events.append(Event(PENDING, s.act_urn, s.act_label, s.date, note))
        else:
            norma.events.append(Event(WITHOUT_TEXT, s.act_urn, s.act_label, s.date))
    for s in partial:
        norma.events.append(Event(PARTIAL, s.act_urn, s.act_label, s.date))
    return norma


def mark_unavailable(norma: Norma, why: str | None) -> Norma:
    """Put on ``norma`` (in place; also returned) that the acervo has no text of it, and why
    ('o texto-fonte traz só a epígrafe e a ementa'): its status is then "texto não disponível",
    never "em vigor". Replaces an earlier such mark."""
    norma.events = [e for e in norma.events if e.kind != UNAVAILABLE]
    norma.events.append(Event(UNAVAILABLE, note=why))
    return norma


def _long(iso: str) -> str:
    try:
        return format_long(iso)
    except ValueError:
        return iso


def _tipo_of_label(label: str) -> tuple[str, str]:
    """('Lei', 'nº 2.331, de 21 de maio de 2002') from 'Lei nº 2.331, de 21 de maio de 2002'."""
    head, sep, rest = label.partition(" nº ")
    return (head, "nº " + rest) if sep else (label, "")


def _plural(tipo: str) -> str:
    words = tipo.split(" ")
    first = words[0]
    if first.endswith("ão"):
        first = first[:-2] + "ões"
    elif first[-1] in "rz":
        first += "es"
    else:
        first += "s"
    if len(words) > 1 and words[1].lower() == "complementar":
        words[1] = words[1] + "es"
    return " ".join([first, *words[1:]])


def _contracted_article(tipo: str, plural: bool) -> str:
    art = "as" if plural else "a"
    if not feminine(tipo):
        art = "os" if plural else "o"
    return "d" + art


def acts_phrase(labels: list[str]) -> str:
    """'da Lei nº 1, de …' / 'das Leis nº 1, de …, e nº 2, de …' / 'da Lei nº 1, de … e do
    Decreto nº 2, de …': the acts, grouped by type in the order given.

    >>> acts_phrase(["Lei nº 1, de 2 de maio de 2001", "Lei nº 5, de 3 de maio de 2002"])
    'das Leis nº 1, de 2 de maio de 2001 e nº 5, de 3 de maio de 2002'
    """
    groups: dict[str, list[str]] = {}
    for label in labels:
        tipo, rest = _tipo_of_label(label)
        groups.setdefault(tipo, []).append(rest)
    parts = []
    for tipo, rests in groups.items():
        if len(rests) == 1:
            parts.append(f"{_contracted_article(tipo, False)} {tipo}{' ' + rests[0] if rests[0] else ''}")
        else:
            listed = (rests[0] + " e " + rests[1]) if len(rests) == 2 else \
                ", ".join(rests[:-1]) + ", e " + rests[-1]
            parts.append(f"{_contracted_article(tipo, True)} {_plural(tipo)} {listed}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " e " + parts[-1]


def alterations(norma: Norma) -> list[tuple[str, str | None]]:
    """(label, date) of every other act whose changes the tree carries, oldest first."""
    found: dict[str, str | None] = {}
    for _, history in norma.histories():
        for v in history:
            ev = v.event
            if ev.kind in ("original", PENDING, "restabelecida") or not ev.act_label \
                    or (ev.act_urn and ev.act_urn == norma.urn):
                continue  # a wording a court's decision gave back is not an alteration by an act
            date = v.start or ev.date
            if ev.act_label not in found or (date and (found[ev.act_label] or "") < date):
                found[ev.act_label] = date
    for ev in norma.events:  # a revocation; or the changes of a text whose history was dropped
        if ev.kind in ("revogacao", "alteracao") and ev.act_label and (
                not ev.act_urn or ev.act_urn != norma.urn):
            found.setdefault(ev.act_label, ev.date)
    return sorted(found.items(), key=lambda kv: (kv[1] or "", kv[0]))


def is_incomplete(norma: Norma) -> bool:
    """A norm whose source text has articles but ends without fecho or signatures."""
    return (estado_of(norma) == "norma" and any(True for _ in norma.artigos())
            and not norma.fecho and not norma.assinaturas)


def _has_notes(norma: Norma) -> bool:
    """Whether the text keeps the notes of its changes ('Redação dada pela …'): a history with
    more than the original wording. A text in force cut at a date keeps none."""
    return any(v.event.kind != "original" for _, history in norma.histories() for v in history)


def missing_phrase(status: Status) -> str:
    """', sem as alterações da Lei nº 20, …, pendentes de revisão, nem as da Lei nº 30, …,
    cujo texto não está disponível no acervo' — what a text lacks ('' when nothing)."""
    parts = []
    changes = [e for e in status.pending if e.note != REVOKES]  # a revocation changes no wording
    if changes:
        parts.append(f"sem as alterações {_names(changes)}, pendentes de revisão")
    if status.without_text:
        lead = "nem as" if parts else "sem as alterações"
        parts.append(f"{lead} {_names(status.without_text)}, cujo texto não está disponível no acervo")
    return (", " + ", ".join(parts)) if parts else ""


def which_text(norma: Norma, view: str = "vigente") -> list[str]:
    """The sentences that say which text a document prints, for the top of every output:
    the status notice (drafts, revoked, future, pending review, amended by an act without
    text), 'Texto compilado até …, com as alterações das Leis …' or 'Texto original, como
    publicado.' — each followed by what the text lacks ('sem as alterações da Lei nº …,
    pendentes de revisão') — and 'Texto incompleto …' when the source ends without fecho."""
    status = status_of(norma)
    out = [status.notice] if status.notice else []
    if status.normative:
        missing = missing_phrase(status)
        # the acts whose changes the text carries: the act that revoked it is said by the status
        # notice, and changed nothing in the text printed (its last text in force)
        wordings = {v.event.act_label for _, history in norma.histories() for v in history} | {
            e.act_label for e in norma.events if e.kind == "alteracao"}
        changes = [(label, d) for label, d in alterations(norma) if label in wordings]
        if changes:
            last = max((d for _, d in changes if d), default=None)
            until = f" até {_long(last)}" if last else ""
            how = ("As redações superadas aparecem riscadas" if view == "compilado"
                   else "As redações alteradas trazem a nota do ato que as alterou" if _has_notes(norma)
                   else "Só as redações em vigor aparecem, sem as notas de alteração")
            out.append(f"Texto compilado{until}, com as alterações {acts_phrase([l for l, _ in changes])}"
                       f"{missing}. {how}; a epígrafe, o fecho e as assinaturas são os do texto original.")
        else:
            out.append(f"Texto original, como publicado{missing}.")
    if is_incomplete(norma):
        artigos = list(norma.artigos())
        where = f" no {artigos[-1].rotulo}" if artigos and artigos[-1].rotulo else ""
        out.append(f"Texto incompleto: o texto-fonte termina{where}, sem fecho nem assinaturas.")
    return out
