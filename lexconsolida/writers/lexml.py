"""LexML Brasil writer: Norma → LexML XML bytes (deterministic), valid against the chosen XSD.

``write(norma, profile="auto")`` picks ``lexml-br-rigido`` when the structure follows LC 95
(see :mod:`lexconsolida.lexml.profile`) and ``lexml-flexivel`` otherwise. Layout:

- ``LexML/Metadado``: ``Identificacao URN`` (the Norma's URN, or one derived from tipo, data
  and número), ``CicloDeVida`` (see :mod:`lexconsolida.lexml.lifecycle`), then ``MetadadoProprietario`` holding the extension of
  :mod:`lexconsolida.lexml.extension` (everything LexML cannot say, for a lossless round trip).
- ``Norma`` — or ``ProjetoNorma/Norma`` when ``norma.tipo`` names a draft (minuta, projeto,
  anteprojeto, proposta) — with ``ParteInicial`` (Epigrafe, Ementa, Preambulo), ``Articulacao``
  and ``ParteFinal`` (LocalDataFecho, Assinatura). A Norma with an empty articulação is written
  as ``DocumentoGenerico`` (its parts as ``p`` with ``class`` epigrafe/ementa/…), since LexML's
  Articulacao cannot be empty.
- Each dispositivo: ``id``, ``situacao`` (revogado/vetado), ``Rotulo`` = the normalised label,
  one ``p`` per line of its text; quoted blocks as ``Alteracao`` (``xml:base`` = target URN,
  children ids prefixed by the block id, rigid: ``abreAspas``/``fechaAspas``/``notaAlteracao``
  on the first/last unit). Several blocks in one dispositivo: each inside its own ``p``
  (``Alteracao`` is also an inline element; DispositivoType allows only one block child).
  Flexible profile: the flexible schema has no Omissis inside quoted artigos, so every quoted
  unit is written flat, as a direct child of ``Alteracao`` in document order, its parent
  recorded in the extension (``lc:no pai``).

Bytes: UTF-8, XML declaration, 2-space indentation, attributes in a fixed order, no timestamps.
Characters XML 1.0 cannot carry (C0 controls but tab/newline/CR) are dropped.
"""

from __future__ import annotations

import re

from lxml import etree

from lexconsolida.lexml import extension as ext
from lexconsolida.errors import LexError
from lexconsolida.lexml.lifecycle import ciclo_de_vida
from lexconsolida.lexml.profile import RIGIDO, choose_profile
from lexconsolida.lexml.tags import TAG_OF_AGRUPADOR, TAG_OF_KIND, VALID_ID
from lexconsolida.model import (
    Agrupador,
    Alteracao,
    Dispositivo,
    Kind,
    Norma,
    Situacao,
    Urn,
)
from lexconsolida.lexml.xml_safe import NS_LEXML, NS_XLINK, NS_XML, lx, xml_text

_SubElement = etree.SubElement
_LC_NO = ext.lc("no")
_LX_ROTULO = lx("Rotulo")
_SITUACAO_WRITTEN = (Situacao.REVOGADO, Situacao.VETADO)
_ITEM_UNDER_PARAGRAPH_ALINEA = re.compile(r"(_par\d+(?:-\d+)*u?_ali\d+(?:-\d+)*)_ite(?=\d)")
"""An item of an alínea that sits directly under a parágrafo: no LexML schema accepts its id
('art1_par1_ali1_ite1'), so it is written with the generic component ('art1_par1_ali1_dpg1')
and its model id kept in the extension (``lc:no id``)."""
_LX_OF_KIND = {kind: lx(tag) for kind, tag in TAG_OF_KIND.items()}
DRAFT_WORDS = ("minuta", "projeto", "anteprojeto", "proposta")
"""A Norma whose ``tipo`` contains one of these is written as ``ProjetoNorma``."""

_NCNAME = re.compile(r"^[A-Za-z_][\w.\-]*$")
_TAG: dict[str, str] = {}


def _lx(tag: str) -> str:
    """:func:`lx`, memoised: the writer names the same dozen tags thousands of times."""
    try:
        return _TAG[tag]
    except KeyError:
        return _TAG.setdefault(tag, lx(tag))
_NSMAP = {None: NS_LEXML, "xlink": NS_XLINK, **ext.NSMAP_EXT}


def is_draft(norma: Norma) -> bool:
    tipo = (norma.tipo or "").lower()
    return any(w in tipo for w in DRAFT_WORDS)


def _number_is_derived(node, kind: str, node_id: str, unico: bool) -> bool:
    """``node.number == derived_number(kind, node_id, unico)``, without building a LexId: the
    writer asks it once per node, and one match of the whole id tells it."""
    number = node.number
    if kind in ("caput", "omissis") or unico:
        return number is None
    m = VALID_ID.match(node_id)
    if m is None or not m.group(1):
        return number is None
    return number is not None and number.id_part == m.group(1)


def identification_urn(norma: Norma) -> str:
    if norma.urn:
        return norma.urn
    return str(Urn.build(tipo=norma.tipo or "norma", data=norma.data, numero=norma.numero))


class _Writer:
    """Builds one LexML document; collects the extension entries as it goes."""

    def __init__(self, profile: str) -> None:
        self.profile = profile
        self.rigid = profile == RIGIDO
        self.nodes: list[etree._Element] = []
        self.blocks: list[etree._Element] = []
        self._ext_root = etree.Element(ext.lc("tmp"), nsmap=ext.NSMAP_EXT)
        self._ids: set[str] = set()
        self.histories: list[tuple[str, list]] = []

    def claim(self, xml_id: str) -> str:
        """``xml_id``, after checking it is a new, well-formed id (LexML ids are xsd:ID)."""
        if not _NCNAME.match(xml_id):
            raise LexError(f"id inválido para o LexML: {xml_id!r}", where=xml_id or None)
        if xml_id in self._ids:
            raise LexError(f"id repetido na árvore: {xml_id!r} (o LexML exige ids únicos)", where=xml_id)
        self._ids.add(xml_id)
        return xml_id

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def el(parent: etree._Element, tag: str, text: str | None = None, **attrs: str | None):
        e = _SubElement(parent, _lx(tag), {k: v for k, v in attrs.items() if v is not None})
        if text:
            e.text = xml_text(text)
        return e

    @staticmethod
    def paragraphs(parent: etree._Element, text: str) -> None:
        if text:
            p = _lx("p")
            for line in xml_text(text).split("\n"):
                e = _SubElement(parent, p)
                if line:
                    e.text = line

    def note_node(self, xml_id: str, node, *, pai: str | None = None, texto: str | None = None,
                  model_id: str | None = None):
        """Record in the extension what LexML cannot hold for ``node``."""
        attrs = {"ref": xml_id}
        if model_id is not None:
            attrs["id"] = model_id
        if pai is not None:
            attrs["pai"] = pai
        if node.rotulo_printed is not None:
            attrs["rotuloImpresso"] = xml_text(node.rotulo_printed)
        if not _number_is_derived(node, node.kind.value, node.id,
                                  isinstance(node, Dispositivo) and node.unico):
            attrs["numero"] = ext.number_attr(node.number)
        lines = node.lines
        if lines is not None:
            attrs["linhas"] = f"{lines[0]}-{lines[1]}"
        separator = getattr(node, "separator", None)
        if separator is not None:
            attrs["separador"] = xml_text(separator)
        if node.situacao is Situacao.SUPRIMIDO:
            attrs["situacao"] = "suprimido"
        if len(attrs) == 1 and not node.history and not texto:
            return
        if node.history:
            self.histories.append((xml_id, node.history))
        e = _SubElement(self._ext_root, _LC_NO, attrs)
        if texto:
            ext.sub(e, "texto", None, texto)
        ext.add_versions(e, node.history)
        self.nodes.append(e)

    # -- articulação -----------------------------------------------------------------------
    def node(self, parent: etree._Element, node, prefix: str = "", pai: str | None = None):
        if isinstance(node, Agrupador):
            return self.agrupador(parent, node, prefix, pai)
        return self.dispositivo(parent, node, prefix, pai)

    def _situacao(self, node) -> str | None:
        return node.situacao.value if node.situacao in (Situacao.REVOGADO, Situacao.VETADO) else None

    def agrupador(self, parent, a: Agrupador, prefix: str, pai: str | None, nested: bool = True):
        xml_id = self.claim(prefix + a.id)
        e = self.el(parent, TAG_OF_AGRUPADOR[a.kind.value], id=xml_id, situacao=self._situacao(a))
        if a.rotulo is not None:
            self.el(e, "Rotulo", a.rotulo)
        if a.nome is not None:
            self.el(e, "NomeAgrupador", a.nome)
        self.note_node(xml_id, a, pai=pai)
        if nested:
            for c in a.children:
                self.node(e, c, prefix)
        return e

    def dispositivo(self, parent, d: Dispositivo, prefix: str, pai: str | None, nested: bool = True):
        kind = d.kind
        xml_id = prefix + d.id
        model_id = None
        if kind is Kind.ITEM and _ITEM_UNDER_PARAGRAPH_ALINEA.search(xml_id):
            model_id, xml_id = d.id, _ITEM_UNDER_PARAGRAPH_ALINEA.sub(r"\1_dpg", xml_id)
        self.claim(xml_id)
        if kind is Kind.OMISSIS:
            e = _SubElement(parent, _lx("Omissis"), {"id": xml_id})
            self.note_node(xml_id, d, pai=pai, texto=d.text)
            return e
        attrib = {"id": xml_id}
        if d.situacao in _SITUACAO_WRITTEN:
            attrib["situacao"] = d.situacao.value
        e = _SubElement(parent, _LX_OF_KIND[kind], attrib)
        if kind is Kind.ARTIGO:
            _SubElement(e, _LX_ROTULO).text = xml_text(d.rotulo or "")
            self.note_node(xml_id, d, pai=pai, texto=d.text, model_id=model_id)
        else:
            if d.rotulo is not None:
                r = _SubElement(e, _LX_ROTULO)
                if d.rotulo:
                    r.text = xml_text(d.rotulo)
            self.paragraphs(e, d.text)
            self.note_node(xml_id, d, pai=pai, model_id=model_id)
        if d.alteracoes:
            self.alteracoes(e, d)
        if nested:
            for c in d.children:
                self.dispositivo(e, c, prefix, None)
        return e

    def alteracoes(self, host: etree._Element, d: Dispositivo) -> None:
        if not d.alteracoes:
            return
        if len(d.alteracoes) == 1:
            self.alteracao(host, d.alteracoes[0])
            return
        for alt in d.alteracoes:
            self.alteracao(self.el(host, "p"), alt)

    def alteracao(self, parent: etree._Element, alt: Alteracao) -> None:
        e = etree.SubElement(parent, lx("Alteracao"))
        e.set("id", self.claim(alt.id))
        if alt.base_urn:
            e.set(f"{{{NS_XML}}}base", alt.base_urn)
        prefix = alt.id + "_"
        if self.rigid:
            units = [self.node(e, c, prefix) for c in alt.children]
        else:
            units = self.flat(e, alt.children, prefix, alt.id)
        if self.rigid and units:
            units[0].set("abreAspas", "s")
            units[-1].set("fechaAspas", "s")
            if alt.nota:
                units[-1].set("notaAlteracao", alt.nota)
        if alt.nota is not None or alt.raw or alt.lines is not None:
            be = ext.sub(self._ext_root, "alteracao",
                         {"ref": alt.id, "nota": alt.nota, "linhas": ext.lines_attr(alt.lines)})
            if alt.raw:
                ext.sub(be, "bruto", None, alt.raw)
            self.blocks.append(be)

    def flat(self, alt_el: etree._Element, nodes: list, prefix: str, pai: str) -> list:
        """Every unit of ``nodes`` (pre-order) as a direct child of ``alt_el``."""
        out = []
        for n in nodes:
            if isinstance(n, Agrupador):
                out.append(self.agrupador(alt_el, n, prefix, pai, nested=False))
            else:
                out.append(self.dispositivo(alt_el, n, prefix, pai, nested=False))
            out.extend(self.flat(alt_el, n.children, prefix, prefix + n.id))
        return out

    # -- document parts --------------------------------------------------------------------
    def parte_inicial(self, parent: etree._Element, norma: Norma) -> None:
        if norma.epigrafe is None and norma.ementa is None and not norma.preambulo:
            return
        pi = self.el(parent, "ParteInicial")
        if norma.epigrafe is not None:
            self.el(pi, "Epigrafe", norma.epigrafe, id="epigrafe")
        if norma.ementa is not None:
            self.el(pi, "Ementa", norma.ementa, id="ementa")
        if norma.preambulo:
            pre = self.el(pi, "Preambulo", id="preambulo")
            for line in norma.preambulo:
                self.el(pre, "p", line)

    def parte_final(self, parent: etree._Element, norma: Norma) -> None:
        if not norma.fecho and not norma.assinaturas:
            return
        pf = self.el(parent, "ParteFinal")
        if norma.fecho:
            ldf = self.el(pf, "LocalDataFecho")
            for line in norma.fecho:
                self.el(ldf, "p", line)
        for s in norma.assinaturas:
            a = self.el(pf, "Assinatura")
            etree.SubElement(a, lx("NomePessoa")).text = xml_text(s.name)
            if s.cargo is not None:
                etree.SubElement(a, lx("Cargo")).text = xml_text(s.cargo)

    def generic(self, parent: etree._Element, norma: Norma) -> None:
        """A Norma without articulação: its parts as classed paragraphs of DocumentoGenerico."""
        dg = self.el(parent, "DocumentoGenerico")
        items: list[tuple[str, str]] = []
        if norma.epigrafe is not None:
            items.append(("epigrafe", norma.epigrafe))
        if norma.ementa is not None:
            items.append(("ementa", norma.ementa))
        items += [("preambulo", p) for p in norma.preambulo]
        items += [("fecho", p) for p in norma.fecho]
        for s in norma.assinaturas:
            items.append(("assinatura", s.name))
            if s.cargo is not None:
                items.append(("cargo", s.cargo))
        if items:
            pp = self.el(dg, "PartePrincipal")
            for cls, text in items:
                self.el(pp, "p", text, **{"class": cls})

    def norma_ext(self, meta: etree._Element, norma: Norma) -> None:
        mp = self.el(meta, "MetadadoProprietario", fonte=ext.NS_EXT)
        ne = ext.sub(mp, "norma", {
            "perfil": self.profile,
            "tipo": norma.tipo, "numero": norma.numero, "data": norma.data,
            "urnAusente": "s" if norma.urn is None else None,
            "localidade": norma.localidade,
            "situacao": None if norma.situacao is Situacao.VIGENTE else norma.situacao.value,
            "vigencia": norma.vigencia, "publicacao": norma.publicacao,
            "estado": norma.estado,
        })
        ext.add_provenance(ne, norma.provenance)
        for ev in norma.events:
            ext.add_event(ne, ev)
        for d in norma.documentos:
            ext.add_documento(ne, d)
        for a in norma.anexos:
            ext.sub(ne, "anexo", None, a)
        for e in self.blocks + self.nodes:
            ne.append(e)

    def document(self, norma: Norma) -> etree._Element:
        root = etree.Element(lx("LexML"), nsmap=_NSMAP)
        meta = self.el(root, "Metadado")
        self.el(meta, "Identificacao", URN=identification_urn(norma))
        if not norma.articulacao:
            self.generic(root, norma)
        else:
            holder = self.el(root, "ProjetoNorma") if is_draft(norma) else root
            ne = self.el(holder, "Norma")
            self.parte_inicial(ne, norma)
            art = self.el(ne, "Articulacao")
            for node in norma.articulacao:
                self.node(art, node)
            self.parte_final(ne, norma)
        cdv = ciclo_de_vida(norma, self.histories)
        if cdv is not None:
            meta.append(cdv)
        self.norma_ext(meta, norma)
        return root


def write(norma: Norma, *, profile: str = "auto", **_options) -> bytes:
    """LexML bytes of ``norma``; ``profile`` is 'auto', 'rigido' or 'flexivel'."""
    chosen = choose_profile(norma, profile)
    root = _Writer(chosen).document(norma)
    etree.indent(root, space="  ")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")
