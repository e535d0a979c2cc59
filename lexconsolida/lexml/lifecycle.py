"""LexML ``CicloDeVida``: the act's life cycle in LexML's own vocabulary (for other LexML tools).

Written from the model by :func:`ciclo_de_vida`; our reader does not need it for a round trip
(the extension keeps every fact), but it lets any LexML consumer see:

- ``Publicacao`` (``Norma.publicacao``) and ``EntradaEmVigor`` (``Norma.vigencia``);
- ``RevogacaoTotal`` for a whole-act revocation event (``Norma.events``), ``FonteURN`` = the
  revoking act;
- one ``AlteracaoFragmento`` per amending act and date found in the dispositivos' histories:
  ``ModificacaoTextual`` (new wording, insertion, renumbering) and ``RevogacaoParcial``
  (revocation), each with ``FonteURN`` and ``AlvoLocal`` = the ids of the units it touched;
- an efficacy event in effect on the text's date that annuls (a declaration of
  unconstitutionality, an act made void; :mod:`lexconsolida.model.efficacy`): ``AnulamentoTotal``
  for the whole act, or ``AlteracaoFragmento``/``AnulamentoParcial`` with ``AlvoLocal`` = its
  units, dated when it has effect, ``FonteURN`` = the decision (its URN, else its link). A
  suspension has no LexML event: the unit's ``situacao="suspenso"`` says it.

Only events with a full ISO date are written (``Evento/@data`` is ``xsd:date``). Eventos are
numbered ``evento1``… in date order, so the output is deterministic.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from lxml import etree

from lexconsolida import patterns
from lexconsolida.model import Norma, Version
from lexconsolida.model.efficacy import STRUCK, VOID, resolve
from lexconsolida.lexml.xml_safe import lx

_ISO = patterns.compile(r"^\d{4}-\d{2}-\d{2}$")
_REVOCATION = "revogacao"


def _valid(d: str | None) -> bool:
    if not d or not _ISO.match(d):
        return False
    try:
        date.fromisoformat(d)
    except ValueError:
        return False
    return True


def ciclo_de_vida(norma: Norma, histories: list[tuple[str, list[Version]]],
                  written: set[str] | None = None) -> etree._Element | None:
    """The ``CicloDeVida`` element, or None when there is nothing datable to say.

    ``histories`` pairs each written XML id with the history of its unit, in document order;
    ``written``: every XML id written (the units an annulment names must be among them).
    """
    events: list[tuple[str, int, str, etree._Element]] = []  # (date, order, key, element child)
    if _valid(norma.publicacao):
        events.append((norma.publicacao, 0, "pub", _ref("Publicacao", None)))
    if _valid(norma.vigencia):
        events.append((norma.vigencia, 1, "vig", _ref("EntradaEmVigor", None)))
    for ev in norma.events:
        if ev.kind == _REVOCATION and _valid(ev.date):
            events.append((ev.date, 3, f"rev {ev.act_urn}", _ref("RevogacaoTotal", ev.act_urn)))
    changes: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: {"mod": [], "rev": []})
    for xml_id, history in histories:
        for v in history:
            ev = v.event
            if ev.kind == "original" or not _valid(ev.date):
                continue
            bucket = changes[(ev.date, ev.act_urn or "")]
            target = bucket["rev" if ev.kind == _REVOCATION else "mod"]
            if xml_id not in target:
                target.append(xml_id)
    for (when, urn), bucket in changes.items():
        frag = etree.Element(lx("AlteracaoFragmento"))
        for tag, ids in (("ModificacaoTextual", bucket["mod"]), ("RevogacaoParcial", bucket["rev"])):
            if ids:
                e = _ref(tag, urn or None)
                e.set("AlvoLocal", " ".join(ids))
                frag.append(e)
        events.append((when, 2, f"alt {urn}", frag))
    events += _annulments(norma, written)
    if not events:
        return None
    cdv = etree.Element(lx("CicloDeVida"))
    for i, (when, _order, _key, child) in enumerate(sorted(events, key=lambda t: t[:3]), 1):
        ev_el = etree.SubElement(cdv, lx("Evento"))
        ev_el.set("id", f"evento{i}")
        ev_el.set("data", when)
        ev_el.append(child)
    return cdv


def _annulments(norma: Norma, written: set[str] | None) -> list[tuple[str, int, str, etree._Element]]:
    if not norma.eficacia:
        return []
    resolved = resolve(norma)
    out = []
    for m in resolved.act_marks:
        if m.state in (STRUCK, VOID) and m.event.effective and _valid(m.event.effective):
            d = m.event.decision
            out.append((m.event.effective, 4, f"anu {m.event.id}",
                        _ref("AnulamentoTotal", (d.urn or d.link) if d else None)))
    parcial: dict[tuple[str, str], list[str]] = {}
    sources: dict[tuple[str, str], str | None] = {}
    for uid, u in resolved.units.items():
        for m in u.marks:
            if m.state in (STRUCK, VOID) and _valid(m.event.effective) and (written is None or uid in written):
                d = m.event.decision
                key = (m.event.effective or "", m.event.id or "")
                parcial.setdefault(key, []).append(uid)
                sources[key] = (d.urn or d.link) if d else None
    for key, ids in parcial.items():
        frag = etree.Element(lx("AlteracaoFragmento"))
        e = _ref("AnulamentoParcial", sources[key])
        e.set("AlvoLocal", " ".join(ids))
        frag.append(e)
        out.append((key[0], 5, f"anp {key[1]}", frag))
    return out


def _ref(tag: str, fonte: str | None) -> etree._Element:
    e = etree.Element(lx(tag))
    if fonte:
        e.set("FonteURN", fonte)
    return e


def read_dates(meta: etree._Element | None) -> tuple[str | None, str | None]:
    """(publicação, vigência) ISO dates from a foreign document's ``CicloDeVida``."""
    if meta is None:
        return None, None
    pub = vig = None
    for ev in meta.iterfind(f"{lx('CicloDeVida')}/{lx('Evento')}"):
        if ev.find(lx("Publicacao")) is not None and pub is None:
            pub = ev.get("data")
        if ev.find(lx("EntradaEmVigor")) is not None and vig is None:
            vig = ev.get("data")
    return pub, vig
