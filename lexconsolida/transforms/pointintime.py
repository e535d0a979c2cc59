"""The text of a norm as in force on a date ("multivigente" view), from its history.

``at(norma, date)`` keeps, for every dispositivo, the wordings in force up to ``date`` (so the
compiled view shows the notes up to then), drops units included later and restores units
revoked later. It keeps the efficacy events decided by then and records the date
(``Norma.as_of``), at which every output resolves them (:mod:`lexconsolida.model.efficacy`:
suspended, struck or not yet effective units keep their text and get their mark). ``vigente(norma)`` drops the history (the clean text in force): revoked units keep
their number, their children go.
"""

from __future__ import annotations

from datetime import date as _date

import re

from lexconsolida.errors import InputError
from lexconsolida.model import Agrupador, Dispositivo, Event, Kind, Norma, Number, Situacao
from lexconsolida.model.efficacy import known_on, settled
from lexconsolida.model.numbering import letter_to_int, roman_to_int
from lexconsolida.model.status import alterations
from lexconsolida.transforms.amend import clone
from lexconsolida.transforms.tables import tables_on, without_table_history


def _check(iso: str) -> str:
    try:
        return _date.fromisoformat(iso).isoformat()
    except (TypeError, ValueError):
        raise InputError(f"data inválida: {iso!r} (use AAAA-MM-DD)") from None


def in_force_from(norma: Norma) -> str | None:
    """The first date the norm was in force: its vigência, else publication, else its date."""
    return norma.vigencia or norma.publicacao or norma.data


def at(norma: Norma, when: str) -> Norma:
    """A new Norma: ``norma`` as it stood on ``when`` (ISO date)."""
    when = _check(when)
    start = in_force_from(norma)
    if start and when < start:
        raise InputError(f"em {when} a {norma.titulo} ainda não estava em vigor (vigência: {start})")
    out = clone(norma)
    out.articulacao = _nodes(out.articulacao, when)
    tables_on(out, when)
    _ementa(out, when)
    out.eficacia = known_on(norma.eficacia, when)
    out.as_of = when
    out.events = [e for e in out.events if not e.date or e.date <= when]
    revoked = False
    for e in sorted(out.events, key=lambda e: e.date or ""):
        if e.kind == "revogacao":
            revoked = True
        elif e.kind in ("restabelecida", "repristinacao"):  # the act that revoked it fell
            revoked = False
    out.situacao = Situacao.REVOGADO if revoked else (
        norma.situacao if norma.situacao is not Situacao.REVOGADO else Situacao.VIGENTE)
    return out


def _ementa(norma: Norma, when: str) -> None:
    """The ementa in force on ``when``, with its history up to then (none when that is the
    original wording)."""
    kept = [v for v in norma.ementa_history if not v.start or v.start <= when]
    if not kept:
        return
    kept[-1].end = None
    wording = [v for v in kept if v.event.kind != "pendente"]
    if wording:
        norma.ementa = wording[-1].text
    norma.ementa_history = [] if len(kept) == 1 and kept[0].event.kind == "original" else kept


def _nodes(nodes: list, when: str) -> list:
    out = []
    for n in nodes:
        if isinstance(n, Agrupador):
            if _agrupador_name(n, when):
                n.children = _nodes(n.children, when)
                out.append(n)
            continue
        if _unit(n, when):
            out.append(n)
    return out


def _agrupador_name(a: Agrupador, when: str) -> bool:
    """An agrupador renamed by an amending act: its name on ``when``; False when an amending
    act included it after ``when``."""
    kept = [v for v in a.history if not v.start or v.start <= when]
    if not kept:
        return not a.history or a.history[0].event.kind != "inclusao"
    kept[-1].end = None
    a.nome = kept[-1].text or None
    a.history = [] if len(kept) == 1 and kept[0].event.kind == "original" else kept
    return True


def _unit(d: Dispositivo, when: str) -> bool:
    """Cut ``d``'s history at ``when``; False when ``d`` did not exist yet."""
    if d.history:
        kept = [v for v in d.history if not v.start or v.start <= when]
        if not kept:
            return False
        last = kept[-1]
        last.end = None
        renumbered = any(v.event.kind == "renumeracao" for v in d.history[len(kept):])
        d.text, d.situacao = last.text, last.situacao
        if last.rotulo and d.kind is not Kind.CAPUT:
            d.rotulo = last.rotulo
        if renumbered:
            _restore_id(d if d.kind is not Kind.CAPUT else None, last.rotulo)
        d.history = [] if len(kept) == 1 and kept[0].event.kind == "original" else kept
    had_caput = any(c.kind is Kind.CAPUT for c in d.children)
    d.children = [c for c in d.children if _unit(c, when)]
    cap = d.caput
    if d.kind is Kind.ARTIGO:
        if cap is None and had_caput:
            return False  # included after the date: its caput went with its history
        if cap is not None and cap.history:
            d.situacao = cap.situacao
            if cap.history[-1].rotulo and cap.history[-1].rotulo != d.rotulo:
                d.rotulo = cap.history[-1].rotulo
                _restore_id(d, d.rotulo)
    return True


def _restore_id(d: Dispositivo | None, rotulo: str | None) -> None:
    """Before a renumbering the unit had the id of its old rótulo ('Parágrafo único' →
    ``…_par1u``): give it and its descendants that id back."""
    if d is None or not rotulo:
        return
    comp = _component(d.kind, rotulo)
    if comp is None:
        return
    old = d.id
    head = old.rsplit("_", 1)[0] + "_" if "_" in old else ""
    new = head + comp
    for n in d.walk():
        n.id = new + n.id[len(old):]


def _component(kind: Kind, rotulo: str) -> str | None:
    text = rotulo.strip()
    try:
        if kind is Kind.PARAGRAFO and text.lower().startswith("parágrafo único"):
            return "par1u"
        if kind in (Kind.ARTIGO, Kind.PARAGRAFO, Kind.ITEM):
            m = re.search(r"\d+\s*[º°o]?(?:\s*-\s*[A-Z])*", text)
            return kind.prefix + Number.parse_arabic(m.group(0)).id_part if m else None
        if kind is Kind.INCISO:
            head, _, suf = text.partition("-")
            return "inc" + Number(roman_to_int(head.strip()), (suf,) if suf else ()).id_part
        if kind is Kind.ALINEA:
            return "ali" + str(letter_to_int(text.rstrip(")")[0]))
    except ValueError:
        return None
    return None


def vigente(norma: Norma) -> Norma:
    """A new Norma without history: the text in force only. The acts whose changes it carries
    stay as whole-act events ('alteracao'), so outputs can still say 'Texto compilado até …,
    com as alterações da Lei nº …'."""
    out = clone(norma)
    known = {(e.kind, e.act_label) for e in out.events}
    for label, date in alterations(norma):
        if ("alteracao", label) not in known and ("revogacao", label) not in known:
            urn = next((v.event.act_urn for _, h in norma.histories() for v in h
                        if v.event.act_label == label), None)
            out.events.append(Event("alteracao", urn, label, date))
    out.ementa_history = []
    out.eficacia = settled(out)  # before the histories that tie an amending act's events go
    for n in out.walk():
        if isinstance(n, Dispositivo):
            n.history = []
            if n.situacao is not Situacao.VIGENTE and n.kind is not Kind.CAPUT:
                n.children = [c for c in n.children if c.kind is Kind.CAPUT]
    without_table_history(out)
    return out
