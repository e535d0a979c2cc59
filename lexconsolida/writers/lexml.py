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
- Each dispositivo: ``id``, ``situacao`` (revogado/vetado; ``suspenso`` when an efficacy event —
  a liminar, a declaration of unconstitutionality in effect, a suspended execution, a voided
  act — stops it on the text's date), ``Rotulo`` = the normalised label,
  one ``p`` per line of its text; quoted blocks as ``Alteracao`` (``xml:base`` = target URN,
  children ids prefixed by the block id, rigid: ``abreAspas``/``fechaAspas``/``notaAlteracao``
  on the first/last unit). Several blocks in one dispositivo: each inside its own ``p``
  (``Alteracao`` is also an inline element; DispositivoType allows only one block child).
  Flexible profile: the flexible schema has no Omissis inside quoted artigos, so every quoted
  unit is written flat, as a direct child of ``Alteracao`` in document order, its parent
  recorded in the extension (``lc:no pai``).

Bytes: UTF-8, XML declaration, 2-space indentation, attributes in a fixed order, no timestamps.
Characters XML 1.0 cannot carry (C0 controls but tab/newline/CR) are dropped.

How (speed): the articulação and the per-node extension entries — nearly all of the bytes — are
written in one pass straight as text, byte for byte what lxml gives for the same tree
(``etree.indent`` with two spaces, ``tostring``: '&', '<', '>' and CR escaped in text, also
'"', tab and newline in attributes, ``<x/>`` for an empty element, ``<x></x>`` for an empty
text that was set). The small rest (metadata, CicloDeVida, parts) is an lxml tree with a
placeholder comment where each text goes; no text can hold '<!--', since '<' is escaped.
"""

from __future__ import annotations


from lxml import etree

from lexconsolida import patterns
from lexconsolida.lexml import extension as ext
from lexconsolida.lexml import tables as lexml_tables
from lexconsolida.errors import LexError
from lexconsolida.gcpause import gc_paused
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
    Version,
)
from lexconsolida.model.efficacy import resolve
from lexconsolida.model.tables import Tabela
from lexconsolida.model.nodes import EMENTA_ID
from lexconsolida.lexml.xml_safe import NS_LEXML, NS_XLINK, lx, xml_text

_SubElement = etree.SubElement
_SITUACAO_WRITTEN = (Situacao.REVOGADO, Situacao.VETADO)
_ITEM_UNDER_PARAGRAPH_ALINEA = patterns.compile(r"(_par\d+(?:-\d+)*u?_ali\d+(?:-\d+)*)_ite(?=\d)")
"""An item of an alínea that sits directly under a parágrafo: no LexML schema accepts its id
('art1_par1_ali1_ite1'), so it is written with the generic component ('art1_par1_ali1_dpg1')
and its model id kept in the extension (``lc:no id``)."""
DRAFT_WORDS = ("minuta", "projeto", "anteprojeto", "proposta")
"""A Norma whose ``tipo`` contains one of these is written as ``ProjetoNorma``."""

_NCNAME = patterns.compile(r"^[A-Za-z_][\w.\-]*$")
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


_LEVELS: list[str] = ["\n" + "  " * level for level in range(32)]


def _indent(level: int) -> str:
    """'\n' and two spaces per level: what ``etree.indent(space="  ")`` puts before an element."""
    try:
        return _LEVELS[level]
    except IndexError:
        while len(_LEVELS) <= level:
            _LEVELS.append(_LEVELS[-1] + "  ")
        return _LEVELS[level]


_SPECIAL_TEXT = patterns.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff&<>\r]")
_SPECIAL_ATTR = patterns.compile("[\x00-\x1f\ufffe\uffff\ud800-\udfff&<>\"]")


def _text(text: str) -> str:
    """``text`` as libxml2 serialises element content: :func:`xml_text`, then '&', '<', '>'
    and CR escaped (most texts have none of these: one search tells)."""
    if _SPECIAL_TEXT.search(text) is None:
        return text
    return (xml_text(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("\r", "&#13;"))


def _attr(value: str) -> str:
    """``value`` as libxml2 serialises an attribute value (after :func:`xml_text`)."""
    if _SPECIAL_ATTR.search(value) is None:
        return value
    return (xml_text(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("\t", "&#9;").replace("\n", "&#10;")
            .replace("\r", "&#13;"))


_CHECK = etree.Element("check")


def _raw_attr(value: str) -> str:
    """An attribute value written without :func:`xml_text` (a URN, a note): lxml refuses the
    characters XML cannot carry (``ValueError``), as it did when the writer built a tree."""
    _CHECK.set("v", value)
    return _attr(value)


def _leaf(ind: str, tag: str, text: str | None) -> str:
    """An element holding only ``text``: ``<tag/>`` when there is none, as lxml writes it."""
    return f"{ind}<{tag}>{_text(text)}</{tag}>" if text else f"{ind}<{tag}/>"


def _version(v: Version, level: int) -> str:
    """``lc:versao`` of one wording, with its ``lc:evento`` and ``lc:texto`` (as
    :func:`lexconsolida.lexml.extension.add_versions` builds it)."""
    ind, inner = _indent(level), _indent(level + 1)
    attrs = "".join(f' {k}="{_attr(val)}"' for k, val in (
        ("inicio", v.start), ("fim", v.end),
        ("situacao", None if v.situacao is Situacao.VIGENTE else v.situacao.value),
        ("rotulo", v.rotulo)) if val is not None)
    ev = v.event
    event = "".join(f' {k}="{_attr(val)}"' for k, val in (
        ("tipo", ev.kind), ("urn", ev.act_urn), ("rotulo", ev.act_label), ("data", ev.date),
        ("nota", ev.note)) if val is not None)
    return (f"{ind}<lc:versao{attrs}>{inner}<lc:evento{event}/>{_leaf(inner, 'lc:texto', v.text)}"
            f"{ind}</lc:versao>")


_SLOT_ARTICULACAO = "lc-articulacao"
_SLOT_NOS = "lc-nos"
"""Comments standing, in the lxml document, for the parts written as text (see :func:`write`)."""
_ARTICULACAO_LEVEL = 3
"""Depth of the articulação's top units: LexML/Norma/Articulacao/… (one more in ProjetoNorma)."""
_EXT_LEVEL = 4
"""Depth of the extension's entries: LexML/Metadado/MetadadoProprietario/lc:norma/…"""


class _Writer:
    """Builds one LexML document; collects the extension entries as it goes.

    The articulação and the extension's per-node entries (``lc:alteracao``, ``lc:no``) — nearly
    all of the document — are written straight as text, with the indentation, escaping and
    empty-element forms lxml gives (``etree.indent`` with two spaces, then ``tostring``); the
    rest (metadata, parts) is a small lxml tree, and :func:`write` puts the text where two
    placeholder comments stand in it.
    """

    def __init__(self, profile: str) -> None:
        self.profile = profile
        self.rigid = profile == RIGIDO
        self.nodes: list[str] = []
        self.blocks: list[str] = []
        self._ids: set[str] = set()
        self.histories: list[tuple[str, list]] = []
        self.articulacao: list[str] = []
        """The articulação's LexML, in parts (joined only when encoded: :func:`_encoded`)."""
        self.extension: list[str] = []
        """The extension's entries of the nodes and blocks, in parts."""
        self.tables: list[tuple[str, Tabela]] = []
        """(dispositivo id, table) of the tables units hold: written in the extension
        (``lexml/tables.py``), since a LexML dispositivo holds only paragraphs."""
        self.suspended: set[str] = set()
        """Units of the articulação an efficacy event stops on the text's date (LexML
        ``situacao="suspenso"``; the extension's ``lc:eficacia`` says which event)."""

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
    def paragraphs(out: list[str], ind: str, text: str) -> None:
        """One ``p`` per line of ``text`` (``<p/>`` for an empty line)."""
        if text:
            for line in _text(text).split("\n"):
                out.append(f"{ind}<p>{line}</p>" if line else f"{ind}<p/>")

    def note_node(self, xml_id: str, node, *, pai: str | None = None, texto: str | None = None,
                  model_id: str | None = None) -> None:
        """Record in the extension what LexML cannot hold for ``node``."""
        attrs = ""
        if model_id is not None:
            attrs += f' id="{_attr(model_id)}"'
        if pai is not None:
            attrs += f' pai="{_attr(pai)}"'
        if node.rotulo_printed is not None:
            attrs += f' rotuloImpresso="{_attr(node.rotulo_printed)}"'
        if not _number_is_derived(node, node.kind, node.id,  # a str enum: no .value lookup
                                  isinstance(node, Dispositivo) and node.unico):
            attrs += f' numero="{ext.number_attr(node.number)}"'
        lines = node.lines
        if lines is not None:
            attrs += f' linhas="{lines[0]}-{lines[1]}"'
        separator = getattr(node, "separator", None)
        if separator is not None:
            attrs += f' separador="{_attr(separator)}"'
        if node.situacao is Situacao.SUPRIMIDO:
            attrs += ' situacao="suprimido"'
        history = node.history
        if not attrs and not history and not texto:
            return
        ind = _indent(_EXT_LEVEL)
        head = f'{ind}<lc:no ref="{_attr(xml_id)}"{attrs}'
        if not history and not texto:
            self.nodes.append(head + "/>")
            return
        if history:
            self.histories.append((xml_id, history))
        out = [head + ">"]
        inner = _indent(_EXT_LEVEL + 1)
        if texto:
            out.append(_leaf(inner, "lc:texto", texto))
        for v in history:
            out.append(_version(v, _EXT_LEVEL + 1))
        out.append(f"{ind}</lc:no>")
        self.nodes.append("".join(out))

    # -- articulação -----------------------------------------------------------------------
    def node(self, out: list[str], level: int, node, prefix: str = "", pai: str | None = None,
             nested: bool = True, marks: str = "") -> None:
        if isinstance(node, Agrupador):
            self.agrupador(out, level, node, prefix, pai, nested, marks)
        else:
            self.dispositivo(out, level, node, prefix, pai, nested, marks)

    def agrupador(self, out: list[str], level: int, a: Agrupador, prefix: str, pai: str | None,
                  nested: bool = True, marks: str = "") -> None:
        xml_id = self.claim(prefix + a.id)
        tag = TAG_OF_AGRUPADOR[a.kind.value]
        ind = _indent(level)
        head = f'{ind}<{tag} id="{xml_id}"'
        if a.situacao in _SITUACAO_WRITTEN:
            head += f' situacao="{a.situacao.value}"'
        head += marks
        children = a.children if nested else ()
        if a.rotulo is None and a.nome is None and not children:
            out.append(head + "/>")
            self.note_node(xml_id, a, pai=pai)
            return
        out.append(head + ">")
        inner = _indent(level + 1)
        if a.rotulo is not None:
            out.append(_leaf(inner, "Rotulo", a.rotulo))
        if a.nome is not None:
            out.append(_leaf(inner, "NomeAgrupador", a.nome))
        self.note_node(xml_id, a, pai=pai)
        for c in children:
            self.node(out, level + 1, c, prefix)
        out.append(f"{ind}</{tag}>")

    def dispositivo(self, out: list[str], level: int, d: Dispositivo, prefix: str, pai: str | None,
                    nested: bool = True, marks: str = "") -> None:
        kind = d.kind
        xml_id = prefix + d.id
        model_id = None
        if kind is Kind.ITEM and _ITEM_UNDER_PARAGRAPH_ALINEA.search(xml_id):
            model_id, xml_id = d.id, _ITEM_UNDER_PARAGRAPH_ALINEA.sub(r"\1_dpg", xml_id)
        self.claim(xml_id)
        ind = _indent(level)
        if kind is Kind.OMISSIS:
            out.append(f'{ind}<Omissis id="{xml_id}"{marks}/>')
            self.note_node(xml_id, d, pai=pai, texto=d.text)
            return
        tag = TAG_OF_KIND[kind]
        head = f'{ind}<{tag} id="{xml_id}"'
        if d.situacao in _SITUACAO_WRITTEN:
            head += f' situacao="{d.situacao.value}"'
        elif not prefix and d.situacao is Situacao.VIGENTE and d.id in self.suspended:
            head += ' situacao="suspenso"'
        head += marks
        children = d.children if nested else ()
        inner = _indent(level + 1)
        if kind is Kind.ARTIGO:
            out.append(f"{head}>{inner}<Rotulo>{_text(d.rotulo or '')}</Rotulo>")
            self.note_node(xml_id, d, pai=pai, texto=d.text, model_id=model_id)
        elif d.rotulo is None and not d.text and not d.alteracoes and not children:
            out.append(head + "/>")
            self.note_node(xml_id, d, pai=pai, model_id=model_id)
            return
        else:
            out.append(head + ">")
            if d.rotulo is not None:
                out.append(f"{inner}<Rotulo>{_text(d.rotulo)}</Rotulo>" if d.rotulo
                           else f"{inner}<Rotulo/>")
            self.paragraphs(out, inner, d.text)
            self.note_node(xml_id, d, pai=pai, model_id=model_id)
        if d.alteracoes:
            self.alteracoes(out, level + 1, d)
        if d.tabelas and not prefix:
            for t in d.tabelas:
                self.claim(t.id)
                self.tables.append((d.id, t))
        for c in children:
            self.dispositivo(out, level + 1, c, prefix, None)
        out.append(f"{ind}</{tag}>")

    def alteracoes(self, out: list[str], level: int, d: Dispositivo) -> None:
        if len(d.alteracoes) == 1:
            self.alteracao(out, level, d.alteracoes[0])
            return
        ind = _indent(level)
        for alt in d.alteracoes:  # several blocks: each in its own p
            out.append(f"{ind}<p>")
            self.alteracao(out, level + 1, alt)
            out.append(f"{ind}</p>")

    def alteracao(self, out: list[str], level: int, alt: Alteracao) -> None:
        ind = _indent(level)
        head = f'{ind}<Alteracao id="{self.claim(alt.id)}"'
        if alt.base_urn:
            head += f' xml:base="{_raw_attr(alt.base_urn)}"'
        prefix = alt.id + "_"
        if not alt.children:
            out.append(head + "/>")
        else:
            out.append(head + ">")
            if self.rigid:
                last = len(alt.children) - 1
                for i, c in enumerate(alt.children):
                    marks = ' abreAspas="s"' if i == 0 else ""
                    if i == last:
                        marks += ' fechaAspas="s"'
                        if alt.nota:
                            marks += f' notaAlteracao="{_raw_attr(alt.nota)}"'
                    self.node(out, level + 1, c, prefix, marks=marks)
            else:
                self.flat(out, level + 1, alt.children, prefix, alt.id)
            out.append(f"{ind}</Alteracao>")
        if alt.nota is not None or alt.raw or alt.lines is not None:
            ind = _indent(_EXT_LEVEL)
            head = f'{ind}<lc:alteracao ref="{_attr(alt.id)}"'
            if alt.nota is not None:
                head += f' nota="{_attr(alt.nota)}"'
            if alt.lines is not None:
                head += f' linhas="{ext.lines_attr(alt.lines)}"'
            if alt.raw:
                self.blocks.append(f"{head}>{_leaf(_indent(_EXT_LEVEL + 1), 'lc:bruto', alt.raw)}"
                                   f"{ind}</lc:alteracao>")
            else:
                self.blocks.append(head + "/>")

    def flat(self, out: list[str], level: int, nodes: list, prefix: str, pai: str) -> None:
        """Every unit of ``nodes`` (pre-order) as a direct child of the block."""
        for n in nodes:
            self.node(out, level, n, prefix, pai, nested=False)
            self.flat(out, level, n.children, prefix, prefix + n.id)

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
        lexml_tables.referencias(dg, norma.annexes, identification_urn(norma))

    def norma_ext(self, meta: etree._Element, norma: Norma) -> None:
        mp = self.el(meta, "MetadadoProprietario", fonte=ext.NS_EXT)
        ne = ext.sub(mp, "norma", {
            "perfil": self.profile,
            "tipo": norma.tipo, "numero": norma.numero, "data": norma.data,
            "urnAusente": "s" if norma.urn is None else None,
            "localidade": norma.localidade,
            "situacao": None if norma.situacao is Situacao.VIGENTE else norma.situacao.value,
            "vigencia": norma.vigencia, "publicacao": norma.publicacao,
            "estado": norma.estado, "corte": norma.as_of,
        })
        ext.add_provenance(ne, norma.provenance)
        for ev in norma.events:
            ext.add_event(ne, ev)
        for d in norma.documentos:
            ext.add_documento(ne, d)
        for a in norma.anexos:
            ext.sub(ne, "anexo", None, a)
        if norma.annexes or self.tables:
            for annex in norma.annexes:
                self.claim(annex.id)
                for t in annex.tabelas:
                    self.claim(t.id)
                lexml_tables.annex_ext(ne, annex)
            for host, t in self.tables:
                lexml_tables.table_ext(ne, t, host, with_table=True)
        ext.add_ementa(ne, norma.ementa_history)
        for efficacy in norma.eficacia:
            ext.add_eficacia(ne, efficacy)
        entries = self.blocks + self.nodes
        if entries:
            entries[0] = entries[0][len(_indent(_EXT_LEVEL)):]  # not the joined text: a copy of it
            self.extension = entries
            ne.append(etree.Comment(_SLOT_NOS))

    def document(self, norma: Norma) -> etree._Element:
        if norma.eficacia:
            resolved = resolve(norma)
            self.suspended = {uid for uid, u in resolved.units.items() if any(m.state for m in u.marks)}
        root = etree.Element(lx("LexML"), nsmap=_NSMAP)
        meta = self.el(root, "Metadado")
        self.el(meta, "Identificacao", URN=identification_urn(norma))
        if not norma.articulacao:
            self.generic(root, norma)
        else:
            draft = is_draft(norma)
            holder = self.el(root, "ProjetoNorma") if draft else root
            ne = self.el(holder, "Norma")
            self.parte_inicial(ne, norma)
            art = self.el(ne, "Articulacao")
            level = _ARTICULACAO_LEVEL + draft
            out: list[str] = []
            for node in norma.articulacao:
                self.node(out, level, node)
            out[0] = out[0][len(_indent(level)):]  # not the joined text: a copy of the whole articulação
            self.articulacao = out
            art.append(etree.Comment(_SLOT_ARTICULACAO))
            self.parte_final(ne, norma)
            lexml_tables.referencias(ne, norma.annexes, identification_urn(norma))
        histories = self.histories
        if norma.ementa_history:  # the Ementa element's id, written by parte_inicial
            histories = [(EMENTA_ID, norma.ementa_history), *histories]
        cdv = ciclo_de_vida(norma, histories, self._ids)
        if cdv is not None:
            meta.append(cdv)
        self.norma_ext(meta, norma)
        return root


def write(norma: Norma, *, profile: str = "auto", **_options) -> bytes:
    """LexML bytes of ``norma``; ``profile`` is 'auto', 'rigido' or 'flexivel'."""
    chosen = choose_profile(norma, profile)
    writer = _Writer(chosen)
    with gc_paused():
        root = writer.document(norma)
    etree.indent(root, space="  ")
    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    slots = []
    for slot, text in ((_SLOT_ARTICULACAO, writer.articulacao), (_SLOT_NOS, writer.extension)):
        if text:
            mark = f"<!--{slot}-->".encode()
            at = data.index(mark)  # text never holds '<!--': '<' is always escaped
            slots.append((at, at + len(mark), text))
    if not slots:
        return data
    pieces: list[bytes] = []
    pos = 0
    for start, end, text in sorted(slots):  # one join for both texts: each join copies the document
        pieces.append(data[pos:start])
        pieces += _encoded(text)
        pos = end
    pieces.append(data[pos:])
    return b"".join(pieces)


def _encoded(parts: list[str], step: int = 4096) -> list[bytes]:
    """``"".join(parts).encode("utf-8")`` in pieces of ``step`` parts, each part let go once
    encoded (``parts`` is emptied): the text is never in memory twice, nor whole as a ``str``
    (a 50 MB act's articulação is ~130 MB of LexML)."""
    out: list[bytes] = []
    parts.reverse()
    while parts:
        chunk = parts[-step:]
        del parts[-step:]
        chunk.reverse()
        out.append("".join(chunk).encode("utf-8"))
    return out
