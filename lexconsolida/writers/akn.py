"""Akoma Ntoso 3.0 writer: a Norma as an AKN ``act`` that validates against akomantoso30.xsd.

- FRBR metadata from the LexML URN: work ``/akn/br-mt-pedra.preta/act/lei/2015-05-12/846``,
  expression ``…/por@`` (or ``…/por@2021-04-05`` when the text carries later wordings),
  manifestation ``…/por@/!main.xml``; the URN itself is kept as an ``FRBRalias``.
- preface (epígrafe as ``docTitle``, ementa as ``longTitle``), preamble (``formula``),
  body (part/book/title/subtitle/chapter/section/subsection, article, ``hcontainer
  name="caput"``, paragraph, point), conclusions (fecho and signatures).
- ``eId``\\ s derived one-to-one from LexML ids: ``art5-1_cpt_inc2`` → ``art_5-1__cpt__inc_2``,
  ``cap1_sec2`` → ``chp_1__sec_2``.
- ``view="compilado"`` adds each change's note as an ``authorialNote``.
- Efficacy (:mod:`lexconsolida.model.efficacy`), in both views: each note of a decision as an
  ``authorialNote`` ("Suspenso por decisão liminar na ADI nº …"); a unit an event stops on the
  text's date gets ``status="temporarilyRemoved"`` (suspended by a liminar, execution
  suspended, effects not started) or ``status="removed"`` (declared unconstitutional, made void:
  annulled ex tunc, in AKN's own words); ``meta/analysis/passiveModifications`` says why —
  ``forceMod type="unconstitutionality"``, ``efficacyMod type="inapplication"``,
  ``"postponementOfEfficacy"`` or ``"retroactivity"`` — with ``source`` = the decision (a
  ``TLCReference`` in ``references``, its link or URN when known) and ``destination`` = the unit.

Deterministic: same tree, same bytes.
"""

from __future__ import annotations

import copy
import re

from lxml import etree

from lexconsolida.errors import UsageError
from lexconsolida.model import Agrupador, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.efficacy import (EXECUTION_SUSPENDED, NOT_YET, STRUCK, SUSPENDED, VOID, Efficacy, Mark,
                                         Resolved, resolve)
from lexconsolida.model.history import entries_for
from lexconsolida.model.status import which_text
from lexconsolida.model.tables import row_notes, shown_blocks, table_note
from lexconsolida.model.urn import UF_OF_SLUG, Urn, slug
from lexconsolida.lexml.xml_safe import NS_AKN

AKN = "{%s}" % NS_AKN
AUTHOR = "#lexconsolida"

EID_PREFIX = {
    "art": "art", "cpt": "cpt", "par": "para", "inc": "inc", "ali": "ali", "ite": "item",
    "omi": "omis", "prt": "part", "liv": "book", "tit": "title", "stt": "subtitle",
    "cap": "chp", "sec": "sec", "sub": "subsec", "alt": "mod",
}
ELEMENT_OF_AGRUPADOR = {
    "parte": "part", "livro": "book", "titulo": "title", "subtitulo": "subtitle",
    "capitulo": "chapter", "secao": "section", "subsecao": "subsection",
}
ELEMENT_OF_KIND = {
    Kind.ARTIGO: "article", Kind.PARAGRAFO: "paragraph", Kind.INCISO: "point",
    Kind.ALINEA: "point", Kind.ITEM: "point",
}
_COMPONENT = re.compile(r"^([a-z]{3})(\d+(?:-\d+)*)?(u)?$")


def eid(lexml_id: str) -> str:
    """AKN eId of a LexML id: 'art1_cpt_inc2' → 'art_1__cpt__inc_2'; 'art3_par1u' → 'art_3__para_1u'."""
    parts = []
    for comp in lexml_id.split("_"):
        m = _COMPONENT.match(comp)
        if not m:
            parts.append(comp)
            continue
        prefix, num, unico = m.groups()
        name = EID_PREFIX.get(prefix, prefix)
        parts.append(f"{name}_{num}{unico or ''}" if num else name)
    return "__".join(parts)


def frbr_work_uri(norma: Norma) -> str:
    """'/akn/br-mt-pedra.preta/act/lei/2015-05-12/846' from the Norma's URN (or its metadata)."""
    urn = _urn(norma)
    places = urn.localidade.split(";")
    country = places[0]
    if len(places) > 1:
        country += "-" + UF_OF_SLUG.get(places[1], places[1]).lower()
    if len(places) > 2:
        country += "-" + places[2]
    date = urn.data or norma.data or "0000-00-00"
    number = urn.numero or "nn"
    return f"/akn/{country}/act/{urn.tipo}/{date}/{number}"


def _urn(norma: Norma) -> Urn:
    if norma.urn:
        try:
            return Urn.parse(norma.urn).work
        except ValueError:
            pass
    return Urn.build(tipo=norma.tipo or "norma", data=norma.data, numero=norma.numero)


def expression_date(norma: Norma) -> str | None:
    """The latest date a change took effect, when any dispositivo carries history."""
    dates = [
        v.start or v.event.date
        for node in norma.walk()
        for v in node.history
        if v.event.kind != "original" and (v.start or v.event.date)
    ]
    return max(dates) if dates else None


def write(norma: Norma, *, view: str = "vigente", **_options) -> bytes:
    if view not in ("vigente", "compilado"):
        raise UsageError(f"visão desconhecida: {view!r} (use 'vigente' ou 'compilado')")
    root = etree.Element(AKN + "akomaNtoso", nsmap={None: NS_AKN})
    act = _sub(root, "act", name=slug(norma.tipo or "norma") or "norma")
    efficacy = resolve(norma) if norma.eficacia else None
    _meta(act, norma, view, efficacy)
    _preface(act, norma, efficacy)
    if norma.preambulo:
        pre = _sub(act, "preamble")
        formula = _sub(pre, "formula", name="enactingFormula")
        for line in norma.preambulo:
            _p(formula, line)
    body = _sub(act, "body")
    writer = _BodyWriter(view, efficacy)
    for node in norma.articulacao:
        writer.node(body, node)
    if len(body) == 0:
        _sub(body, "hcontainer", name="vazio", eId="hcontainer_1").append(_content("(sem articulação)"))
    _conclusions(act, norma)
    _attachments(act, norma, view)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _sub(parent, tag: str, text: str | None = None, **attrs) -> etree._Element:
    el = etree.SubElement(parent, AKN + tag, {k: v for k, v in attrs.items() if v is not None})
    if text is not None:
        el.text = text
    return el


def _p(parent, text: str, **attrs) -> etree._Element:
    return _sub(parent, "p", text, **attrs)


def _content(text: str) -> etree._Element:
    content = etree.Element(AKN + "content")
    _p(content, text)
    return content


def _meta(act, norma: Norma, view: str = "vigente", efficacy: Resolved | None = None) -> None:
    urn = _urn(norma)
    work = frbr_work_uri(norma)
    date = urn.data or norma.data or "0001-01-01"
    if len(date) == 4:
        date += "-01-01"
    expr_date = expression_date(norma)
    expression = f"{work}/por@{expr_date or ''}"
    meta = _sub(act, "meta")
    ident = _sub(meta, "identification", source=AUTHOR)
    w = _sub(ident, "FRBRWork")
    _sub(w, "FRBRthis", value=f"{work}/!main")
    _sub(w, "FRBRuri", value=work)
    _sub(w, "FRBRalias", name="urn:lex", value=str(urn))
    _sub(w, "FRBRdate", date=date, name="assinatura")
    _sub(w, "FRBRauthor", href="#autoridade")
    _sub(w, "FRBRcountry", value="br")
    _sub(w, "FRBRsubtype", value=urn.tipo)
    if norma.numero or urn.numero:
        _sub(w, "FRBRnumber", value=norma.numero or urn.numero)
    _sub(w, "FRBRname", value=norma.titulo)
    e = _sub(ident, "FRBRExpression")
    _sub(e, "FRBRthis", value=f"{expression}/!main")
    _sub(e, "FRBRuri", value=expression)
    _sub(e, "FRBRdate", date=expr_date or date, name="versao" if expr_date else "assinatura")
    _sub(e, "FRBRauthor", href="#autoridade")
    _sub(e, "FRBRlanguage", language="por")
    m = _sub(ident, "FRBRManifestation")
    _sub(m, "FRBRthis", value=f"{expression}/!main.xml")
    _sub(m, "FRBRuri", value=f"{expression}.akn")
    _sub(m, "FRBRdate", date=expr_date or date, name="geracao")
    _sub(m, "FRBRauthor", href=AUTHOR)
    decisions = _analysis(meta, efficacy) if efficacy is not None else []
    refs = _sub(meta, "references", source=AUTHOR)
    _sub(refs, "TLCOrganization", eId="lexconsolida", href="/ontology/organization/lexconsolida",
         showAs="lexconsolida")
    place = urn.localidade.replace(";", ".")
    _sub(refs, "TLCOrganization", eId="autoridade",
         href=f"/ontology/organization/{place}.{urn.autoridade}",
         showAs=norma.localidade or urn.localidade)
    for i, ev in enumerate(decisions, 1):
        d = ev.decision
        assert d is not None
        _sub(refs, "TLCReference", eId=f"decisao_{i}", name="decisao",
             href=d.link or d.urn or f"/ontology/judgment/{slug(d.orgao or 'orgao')}/{slug(d.tipo)}/{slug(d.numero or 'sn')}",
             showAs=d.named)
    said = which_text(norma, view) if norma.articulacao else []
    if said:  # what the document is and which text it prints, as every output says it
        notes = _sub(meta, "notes", source=AUTHOR)
        note = _sub(notes, "note", eId="nota_situacao", **{"class": "situacao"})
        for sentence in said:
            _p(note, sentence)


_MODS = {STRUCK: ("forceMod", "unconstitutionality"), SUSPENDED: ("efficacyMod", "inapplication"),
         EXECUTION_SUSPENDED: ("efficacyMod", "inapplication"), NOT_YET: ("efficacyMod", "postponementOfEfficacy")}
"""AKN's modification for each efficacy state (a voided act has none: ``status="removed"`` says it)."""
_STATUS = {STRUCK: "removed", VOID: "removed", SUSPENDED: "temporarilyRemoved",
           EXECUTION_SUSPENDED: "temporarilyRemoved", NOT_YET: "temporarilyRemoved"}


def _analysis(meta, efficacy: Resolved) -> list[Efficacy]:
    """``analysis/passiveModifications`` for the units (or the act) an efficacy event stops on
    the text's date; returns the decisions referred to, in order."""
    marks: list[tuple[str, Mark]] = [("", m) for m in efficacy.act_marks]
    marks += [(uid, m) for uid, u in efficacy.units.items() for m in u.marks]
    decisions: list[Efficacy] = []
    mods = []
    for uid, m in marks:
        kind = _MODS.get(m.state or "") or (("efficacyMod", "retroactivity") if m.event.kind == "efeitos"
                                              and m.note.startswith("Efeitos retroativos") else None)
        if kind is None:
            continue
        source = None
        if m.event.decision is not None:
            if m.event not in decisions:
                decisions.append(m.event)
            source = f"#decisao_{decisions.index(m.event) + 1}"
        mods.append((uid, kind, source))
    if mods:
        analysis = _sub(meta, "analysis", source=AUTHOR)
        passive = _sub(analysis, "passiveModifications")
        for i, (uid, (tag, mod_type), source) in enumerate(mods, 1):
            mod = _sub(passive, tag, type=mod_type, eId=f"pmod_{i}")
            _sub(mod, "source", href=source or "#autoridade")
            _sub(mod, "destination", href=f"#{eid(uid)}" if uid else "#")
    return decisions


def _preface(act, norma: Norma, efficacy: Resolved | None = None) -> None:
    notes = [m.note for m in efficacy.act_marks] if efficacy is not None else []
    if not (norma.epigrafe or norma.ementa or notes):
        return
    preface = _sub(act, "preface")
    if norma.epigrafe:
        p = _p(preface, None, **{"class": "epigrafe"})
        _sub(p, "docTitle", norma.epigrafe)
    if norma.ementa:
        lt = _sub(preface, "longTitle")
        _p(lt, norma.ementa, **{"class": "ementa"})
    for note in notes:  # the whole act's efficacy: "(Declarada inconstitucional na ADI nº …)"
        _p(preface, f"({note})", **{"class": "eficacia"})


def _conclusions(act, norma: Norma) -> None:
    if not (norma.fecho or norma.assinaturas):
        return
    concl = _sub(act, "conclusions")
    for line in norma.fecho:
        _p(concl, line, **{"class": "fecho"})
    for sig in norma.assinaturas:
        box = _sub(concl, "blockContainer", **{"class": "assinatura"})
        _p(box, sig.name)
        if sig.cargo:
            _p(box, sig.cargo)


def _table(parent, t, host_eid: str, view: str) -> None:
    """AKN ``table`` (eId ``<host>__table_<n>``, caption, ``tr`` with eId ``…__tr_<n>``, ``th``/``td``
    with ``rowspan``/``colspan``); a revoked row keeps its cells, ``status="removed"``; in the
    compiled view each changed row's note follows the table as an ``authorialNote`` paragraph."""
    n = t.id.rsplit("_tab", 1)[-1]
    te = _sub(parent, "table", eId=f"{host_eid}__table_{n}", status="removed" if t.situacao is Situacao.REVOGADO else None)
    if t.titulo:
        _sub(te, "caption", t.titulo)
    for row in t.rows:
        r = row.id.rsplit("_lin", 1)[-1]
        tr = _sub(te, "tr", eId=f"{host_eid}__table_{n}__tr_{r}",
                  status="removed" if row.situacao is Situacao.REVOGADO else None)
        for cell in row.cells:
            c = _sub(tr, "th" if cell.header else "td", rowspan=str(cell.rowspan) if cell.rowspan != 1 else None,
                     colspan=str(cell.colspan) if cell.colspan != 1 else None)
            _p(c, cell.text)
    if view == "compilado":
        notes = row_notes(t)
        for row in t.rows:
            if row.id in notes:
                _p(parent, f"{row.label}: ({notes[row.id]})", **{"class": "nota-linha"})
        shared = table_note(t)
        if shared:
            _p(parent, f"{t.titulo or 'Tabela'}: ({shared})", **{"class": "nota-linha"})


def _attachments(act, norma: Norma, view: str) -> None:
    """Each annex as an ``attachment`` holding a ``doc name="anexo"`` (eId ``att_<n>``), with the
    act's identification (FRBRthis ``…/!anx1``), the title as ``docTitle`` and the passages and
    tables in ``mainBody``."""
    if not norma.annexes:
        return
    atts = _sub(act, "attachments")
    for a in norma.annexes:
        n = a.id.removeprefix("anx")
        att = _sub(atts, "attachment", eId=f"att_{n}")
        doc = _sub(att, "doc", name="anexo")
        meta = _sub(doc, "meta")
        meta.append(copy.deepcopy(act.find(f"{AKN}meta/{AKN}identification")))
        for frbr in doc.iter(AKN + "FRBRthis"):
            frbr.set("value", frbr.get("value").replace("/!main", f"/!{a.id}"))
        if a.rotulo or a.titulo:
            pre = _sub(doc, "preface")
            if a.rotulo or a.rotulo_printed:
                _p(pre, a.rotulo or a.rotulo_printed, **{"class": "rotulo"})
            if a.titulo:
                _sub(_p(pre, ""), "docTitle", a.titulo)
        body = _sub(doc, "mainBody")
        for b in shown_blocks(a, view):
            if hasattr(b, "rows"):
                _table(body, b, f"att_{n}", view)
            else:
                attrs = {"class": b.flag} if b.flag else {}
                if b.situacao is Situacao.REVOGADO:
                    attrs["status"] = "removed"
                _p(body, b.text, **attrs)
        if len(body) == 0:
            _p(body, "")


class _BodyWriter:
    def __init__(self, view: str, efficacy: Resolved | None = None) -> None:
        self.view = view
        self.notes = 0
        self.efficacy = efficacy

    def node(self, parent, node: Agrupador | Dispositivo) -> None:
        if isinstance(node, Agrupador):
            self.agrupador(parent, node)
        elif node.kind is Kind.OMISSIS:
            return
        else:
            self.dispositivo(parent, node)

    def agrupador(self, parent, a: Agrupador) -> None:
        el = _sub(parent, ELEMENT_OF_AGRUPADOR[a.kind.value], eId=eid(a.id))
        if a.rotulo or a.rotulo_printed:
            _sub(el, "num", a.rotulo or a.rotulo_printed)
        if a.nome:
            _sub(el, "heading", a.nome)
        for child in a.children:
            self.node(el, child)
        if not any(c.tag != AKN + "num" and c.tag != AKN + "heading" for c in el):
            el.append(_content(""))

    def dispositivo(self, parent, d: Dispositivo, owner: Dispositivo | None = None) -> None:
        if d.kind is Kind.CAPUT:
            el = _sub(parent, "hcontainer", name="caput", eId=eid(d.id), status=self._status(d))
            self._body(el, d, owner or d)
            return
        el = _sub(parent, ELEMENT_OF_KIND[d.kind], eId=eid(d.id), status=self._status(d))
        label = d.rotulo or d.rotulo_printed
        if label:
            _sub(el, "num", label)
        if d.kind is Kind.ARTIGO:
            for child in d.children:
                self.dispositivo(el, child, owner=d)
            if len(el) == (1 if label else 0):
                el.append(_content(""))
            return
        self._body(el, d, d)

    def _body(self, el, d: Dispositivo, owner: Dispositivo) -> None:
        """Own text (content, or intro before sub-units), with status and notes.

        ``owner`` is the artigo when ``d`` is its caput: its status and history count too.
        """
        children = d.children
        situacao = d.situacao if d.situacao is not Situacao.VIGENTE else owner.situacao
        shown = f"({_status(owner, situacao)})." if situacao is not Situacao.VIGENTE else d.text
        if children:
            block = _sub(el, "intro")
        else:
            block = _sub(el, "content")
        p = _p(block, shown)
        for alt in d.alteracoes + (owner.alteracoes if owner is not d else []):
            if alt.raw:
                _p(block, alt.raw, **{"class": "alteracao"})
        for t in d.tabelas:
            _table(block, t, eid(d.id), self.view)
        if self.view == "compilado":
            self._notes(p, owner)
        if self.efficacy is not None:
            for note in self.efficacy.line_notes(owner) if owner is not d else self.efficacy.notes(d.id):
                self._note(p, d, note)
        for child in children:
            self.node(el, child)

    def _status(self, d: Dispositivo) -> str | None:
        """AKN ``status`` of a unit an efficacy event names and stops on the text's date."""
        if self.efficacy is None or d.situacao is not Situacao.VIGENTE:
            return None
        found = self.efficacy.units.get(d.id)
        states = [m.state for m in found.marks if m.state] if found is not None else []
        return _STATUS.get(min(states, key=_rank)) if states else None

    def _note(self, p, d: Dispositivo, text: str) -> None:
        self.notes += 1
        note = _sub(p, "authorialNote", marker=str(self.notes), placement="bottom",
                    eId=f"{eid(d.id)}__note_{self.notes}")
        _p(note, f"({text})")

    def _notes(self, p, d: Dispositivo) -> None:
        for entry in entries_for(d):
            if entry.note and not entry.struck:
                self.notes += 1
                note = _sub(p, "authorialNote", marker=str(self.notes), placement="bottom",
                            eId=f"{eid(d.id)}__note_{self.notes}")
                _p(note, f"({entry.note})")


def _rank(state: str) -> int:
    return (VOID, STRUCK, EXECUTION_SUSPENDED, SUSPENDED, NOT_YET).index(state)


def _status(d: Dispositivo, situacao: Situacao) -> str:
    word = {Situacao.REVOGADO: "Revogado", Situacao.VETADO: "Vetado",
            Situacao.SUPRIMIDO: "Suprimido"}.get(situacao, "Revogado")
    return word[:-1] + "a" if d.kind is Kind.ALINEA else word
