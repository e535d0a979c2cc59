"""The lexconsolida extension inside LexML metadata: the model's facts LexML has no slot for.

LexML's ``Metadado`` ends with ``MetadadoProprietario`` (``xsd:anyType`` plus a required
``fonte`` URI), so elements of our own namespace validate there (processed laxly). One
``lc:norma`` element carries everything a faithful round trip needs and LexML cannot hold:

- on ``lc:norma``: the profile written, ``tipo``, ``numero``, ``data``, ``localidade``,
  ``situacao``, ``vigencia``, ``publicacao``; ``urnAusente="s"`` when the Identificacao URN was
  derived because the Norma had none;
- ``lc:eficacia`` (efficacy events: court decisions and the like, each with its ``lc:decisao``;
  :mod:`lexconsolida.model.efficacy`), and on ``lc:norma`` the date the text is cut at (``corte``);
- ``lc:proveniencia``, ``lc:evento`` (whole-act events), ``lc:documento`` (accompanying documents,
  their structured facts as JSON), ``lc:anexo`` (non-articulated annex text), ``lc:ementa`` (the
  wordings of an ementa an amending act changed, as ``lc:versao``; absent when never changed);
- ``lc:alteracao ref=ID``: nota ('NR'/'AC'), raw quoted text and line span of a quoted block;
- ``lc:no ref=ID``: per node, only what differs from what a reader derives from LexML itself —
  printed rótulo, number (when it differs from the id's), source lines, separator, a situação
  LexML cannot say (``suprimido``), the parent (flat quoted blocks), own text LexML has no place
  for (artigo, omissis), and the history of wordings (``lc:versao``, each with its ``lc:evento``).

``ref`` values are the XML ids written in the document (quoted units carry their block's prefix).
This module only builds and reads those elements; the writer and reader decide where nodes go.
"""

from __future__ import annotations

import json

from lxml import etree

from lexconsolida.lexml.xml_safe import xml_text

from lexconsolida.model import (
    Documento,
    Event,
    Number,
    Provenance,
    Situacao,
    Version,
)
from lexconsolida.model.efficacy_events import Decision, Efficacy

NS_EXT = "urn:lexconsolida:lexml-ext:1"
"""Namespace (and ``fonte`` of ``MetadadoProprietario``) of the extension."""
NSMAP_EXT = {"lc": NS_EXT}


def lc(tag: str) -> str:
    return f"{{{NS_EXT}}}{tag}"


def sub(parent: etree._Element, tag: str, attrs: dict[str, str | None] | None = None,
        text: str | None = None) -> etree._Element:
    """A child ``lc:tag`` with the non-None ``attrs`` (in the given order) and ``text``."""
    e = etree.SubElement(parent, lc(tag))
    for k, v in (attrs or {}).items():
        if v is not None:
            e.set(k, xml_text(v))
    if text:
        e.text = xml_text(text)
    return e


def lines_attr(lines: tuple[int, int] | None) -> str | None:
    return None if lines is None else f"{lines[0]}-{lines[1]}"


def parse_lines(value: str | None) -> tuple[int, int] | None:
    if not value:
        return None
    a, _, b = value.partition("-")
    return (int(a), int(b))


def number_attr(number: Number | None) -> str:
    """'5-1' for 5-A; '' for None (an explicit 'no number')."""
    return "" if number is None else number.id_part


def parse_number(value: str) -> Number | None:
    return Number.from_id_part(value) if value else None


# -- events and versions -------------------------------------------------------------------

def add_event(parent: etree._Element, ev: Event) -> None:
    sub(parent, "evento", {"tipo": ev.kind, "urn": ev.act_urn, "rotulo": ev.act_label,
                           "data": ev.date, "nota": ev.note, "dispositivo": ev.dispositivo})


def read_event(e: etree._Element) -> Event:
    return Event(kind=e.get("tipo", "original"), act_urn=e.get("urn"), act_label=e.get("rotulo"),
                 date=e.get("data"), note=e.get("nota"), dispositivo=e.get("dispositivo"))


def add_versions(parent: etree._Element, history: list[Version]) -> None:
    for v in history:
        ve = sub(parent, "versao", {
            "inicio": v.start, "fim": v.end,
            "situacao": None if v.situacao is Situacao.VIGENTE else v.situacao.value,
            "rotulo": v.rotulo,
        })
        add_event(ve, v.event)
        sub(ve, "texto", None, v.text)


def read_versions(e: etree._Element) -> list[Version]:
    out = []
    for ve in e.iterfind(lc("versao")):
        ev = ve.find(lc("evento"))
        out.append(Version(
            text=text_of(ve.find(lc("texto"))),
            event=read_event(ev) if ev is not None else Event("original"),
            start=ve.get("inicio"), end=ve.get("fim"),
            situacao=Situacao(ve.get("situacao", "vigente")), rotulo=ve.get("rotulo"),
        ))
    return out


def add_ementa(parent: etree._Element, history: list[Version]) -> None:
    """``lc:ementa`` with the wordings of the ementa (``Norma.ementa_history``), when it has any."""
    if history:
        add_versions(sub(parent, "ementa"), history)


def read_ementa(parent: etree._Element) -> list[Version]:
    e = parent.find(lc("ementa"))
    return [] if e is None else read_versions(e)


def text_of(e: etree._Element | None) -> str:
    return "" if e is None or e.text is None else e.text


# -- norma-level facts ---------------------------------------------------------------------

def add_provenance(parent: etree._Element, p: Provenance) -> None:
    if any(v is not None for v in (p.path, p.sha256, p.encoding, p.reader, p.pages, p.edition)) \
            or p.epigrafe_incerta:
        # epigrafe-incerta: the OCR's doubtful words of the epígrafe, separated by spaces
        sub(parent, "proveniencia", {"caminho": p.path, "sha256": p.sha256,
                                     "codificacao": p.encoding, "leitor": p.reader,
                                     "paginas": p.pages, "edicao": p.edition,
                                     "epigrafe-incerta": " ".join(p.epigrafe_incerta) or None})


def read_provenance(e: etree._Element | None) -> Provenance:
    if e is None:
        return Provenance()
    return Provenance(path=e.get("caminho"), sha256=e.get("sha256"),
                      encoding=e.get("codificacao"), reader=e.get("leitor"),
                      pages=e.get("paginas"), edition=e.get("edicao"),
                      epigrafe_incerta=tuple((e.get("epigrafe-incerta") or "").split()))


def add_documento(parent: etree._Element, d: Documento) -> None:
    de = sub(parent, "documento", {"tipo": d.tipo, "linhas": lines_attr(d.lines)})
    sub(de, "texto", None, d.text)
    if d.metadata:
        meta = json.dumps(d.metadata, ensure_ascii=False, sort_keys=True, default=str)
        sub(de, "metadados", None, meta)


def read_documento(e: etree._Element) -> Documento:
    meta = e.find(lc("metadados"))
    return Documento(
        tipo=e.get("tipo", ""), text=text_of(e.find(lc("texto"))),
        metadata=json.loads(meta.text) if meta is not None and meta.text else {},
        lines=parse_lines(e.get("linhas")),
    )


def add_eficacia(parent: etree._Element, ev: Efficacy) -> None:
    """``lc:eficacia`` for one efficacy event, its decision as ``lc:decisao``."""
    e = sub(parent, "eficacia", {
        "id": ev.id, "tipo": ev.kind, "dispositivos": " ".join(ev.units) or None, "inicio": ev.start,
        "fim": ev.end, "nota": ev.note, "fonte": ev.source, "via": ev.via_urn, "viaRotulo": ev.via_label,
        "registrado": ev.recorded, "responsavel": ev.responsavel,
    })
    d = ev.decision
    if d is not None:
        sub(e, "decisao", {"tipo": d.tipo, "numero": d.numero, "orgao": d.orgao, "data": d.data,
                           "relator": d.relator, "link": d.link, "urn": d.urn})


def read_eficacia(e: etree._Element) -> Efficacy:
    de = e.find(lc("decisao"))
    decision = None if de is None else Decision(
        de.get("tipo", ""), de.get("numero"), de.get("orgao"), de.get("data"), de.get("relator"),
        de.get("link"), de.get("urn"))
    return Efficacy(e.get("tipo", ""), decision, tuple((e.get("dispositivos") or "").split()),
                    e.get("inicio"), e.get("fim"), e.get("nota"), e.get("fonte"), e.get("via"),
                    e.get("viaRotulo"), e.get("registrado"), e.get("id"), e.get("responsavel"))
