"""LexML Brasil reader: LexML XML bytes → Norma (our own output losslessly, others sensibly).

Our own documents carry the extension of :mod:`lexconsolida.lexml.extension`; reading one back gives
a Norma equal to the one written (texts exactly as stored). Other LexML (the Senado's parser
output, the CF/88 samples) is read as follows:

- ids are kept as written (inside a quoted block, without the block's prefix);
- ``Rotulo`` is the printed label: ``rotulo_printed`` holds it without the separator that
  follows it ('I -' → 'I' and separator ' -'); ``rotulo`` is normalised from the id's number
  (LC 95 style: 'Art. 1º', '§ 2º', 'IV', 'b)', '3.');
- text: every ``p`` of the unit, inline elements flattened (Remissao, span, b, i … keep their
  text), comments dropped, whitespace collapsed, paragraphs joined by one space; ``Pena`` is
  appended to its unit's text;
- situação: the ``situacao`` attribute (revogado, vetado); a text that is only a note such as
  '(Revogado).' or '(Vetado).' keeps the text and sets the situação too (CF/88 compiled texts
  mark revocations only that way).

Unknown elements are skipped with a warning diagnostic.
"""

from __future__ import annotations

import hashlib
import re

from lxml import etree

from lexconsolida.lexml import extension as ext
from lexconsolida.lexml import tables as lexml_tables
from lexconsolida.errors import InputError
from lexconsolida.gcpause import gc_paused
from lexconsolida.lexml.lifecycle import read_dates
from lexconsolida.lexml.tags import TAG_OF_AGRUPADOR, TAG_OF_KIND, derived_number
from lexconsolida.model import (
    Agrupador,
    AgrupadorKind,
    Alteracao,
    Diagnostic,
    Dispositivo,
    Kind,
    Norma,
    Provenance,
    Severity,
    Signature,
    Situacao,
    Urn,
)
from lexconsolida.model.numbering import AGRUPADOR_NAMES, int_to_roman, label_for
from lexconsolida.readers import ReadResult
from lexconsolida.lexml.xml_safe import NS_LEXML, NS_XML, lx, parse_xml

_KIND_OF_TAG = {lx(t): k for k, t in TAG_OF_KIND.items()}
_AGRUPADOR_OF_TAG = {lx(t): AgrupadorKind(k) for k, t in TAG_OF_AGRUPADOR.items()}
_P, _ROTULO, _NOME, _ALTERACAO, _PENA = lx("p"), lx("Rotulo"), lx("NomeAgrupador"), lx("Alteracao"), lx("Pena")
_AGRUPAMENTO = lx("AgrupamentoHierarquico")
_TITULO_DISPOSITIVO = lx("TituloDispositivo")
_XML_BASE = f"{{{NS_XML}}}base"
_ALT_PREFIX = re.compile(r"^.*?_alt\d*_")
"""The quoted-block prefix of a quoted unit's id, when it differs from the block's own id."""
_ALT_ID = re.compile(r"^(?P<id>.*?_alt\d+)_")
_LABEL = re.compile(r"^(?P<label>.*?[^\s\-–—.:])(?P<sep>\s*[-–—.:]*\s*)$", re.S)
_STATUS_NOTE = re.compile(r"^\(\s*(?P<what>revogad|vetad)[oa]s?\b[^()]*(?:\([^()]*\)[^()]*)*\)\.?$", re.I)
_LOOSE_URN = re.compile(
    r"^urn:lex:[^:]+:[^:]+:(?P<tipo>[a-z0-9.]+)(?:;[^:]*)?:(?P<data>\d{4}(?:-\d\d-\d\d)?)?[^;@!]*(?:;(?P<numero>[^@!]+))?"
)
"""URNs the model's strict parser refuses, e.g. with a subtipo ('projeto.lei;pls')."""
_SITUACAO_ATTR = {"revogado": Situacao.REVOGADO, "vetado": Situacao.VETADO}
_TIPO_NAMES = {
    "lei": "Lei", "lei.complementar": "Lei Complementar", "lei.delegada": "Lei Delegada",
    "decreto": "Decreto", "decreto.lei": "Decreto-Lei", "constituicao": "Constituição",
    "emenda.constitucional": "Emenda Constitucional", "medida.provisoria": "Medida Provisória",
    "resolucao": "Resolução", "portaria": "Portaria", "lei.organica": "Lei Orgânica",
    "emenda.lei.organica": "Emenda à Lei Orgânica", "decreto.legislativo": "Decreto Legislativo",
    "projeto.lei": "Projeto de Lei", "ato.disposicoes.constitucionais.transitorias":
    "Ato das Disposições Constitucionais Transitórias",
}


def _is_element(e) -> bool:
    return isinstance(e.tag, str)


def inline_text(e: etree._Element) -> str:
    """Text of an inline container: its text and its inline children's, comments dropped."""
    parts = [e.text or ""]
    for c in e:
        if _is_element(c) and c.tag != _ALTERACAO:
            parts.append(inline_text(c))
        parts.append(c.tail or "")
    return "".join(parts)


class _Reader:
    def __init__(self, root: etree._Element, path: str | None, data: bytes) -> None:
        self.root, self.path, self.data = root, path, data
        self.diagnostics: list[Diagnostic] = []
        self.ext_norma = self._find_ext()
        self.own = self.ext_norma is not None
        self.ext_nodes: dict[str, etree._Element] = {}
        self.ext_blocks: dict[str, etree._Element] = {}
        if self.own:
            for e in self.ext_norma.iterfind(ext.lc("no")):
                self.ext_nodes[e.get("ref")] = e
            for e in self.ext_norma.iterfind(ext.lc("alteracao")):
                self.ext_blocks[e.get("ref")] = e
        self.by_xml_id: dict[str, Agrupador | Dispositivo] = {}

    # -- helpers ---------------------------------------------------------------------------
    def _find_ext(self) -> etree._Element | None:
        meta = self.root.find(lx("Metadado"))
        if meta is None:
            return None
        for mp in meta.iterfind(lx("MetadadoProprietario")):
            found = mp.find(ext.lc("norma"))
            if found is not None:
                return found
        return None

    def warn(self, message: str, where: str | None = None) -> None:
        self.diagnostics.append(Diagnostic("lexml-irregular", message, Severity.WARNING, where=where))

    def text(self, e: etree._Element | None) -> str:
        if e is None:
            return ""
        t = inline_text(e)
        # str.split() splits on exactly the characters ``\s`` matches: whitespace collapsed
        return t if self.own else " ".join(t.split())

    def paragraphs(self, e: etree._Element, ps=None) -> tuple[list[str], list[etree._Element]]:
        """The ``p`` texts of a unit and the Alteracao elements found inside them (``ps``: its
        ``p`` children, when the caller has them already)."""
        texts, alts = [], []
        for p in e.iterchildren(_P) if ps is None else ps:
            inner = [c for c in p if _is_element(c) and c.tag == _ALTERACAO]
            alts.extend(inner)
            t = self.text(p)
            if inner and not t.strip():
                continue
            texts.append(t)
        return texts, alts

    def join(self, texts: list[str]) -> str:
        return "\n".join(texts) if self.own else " ".join(t for t in texts if t)

    # -- articulação -----------------------------------------------------------------------
    def children(self, e: etree._Element, prefix: str, elements=None) -> list:
        """The units of ``e``'s children (``elements``: those children, when the caller has
        sorted them out already)."""
        out = []
        for c in e if elements is None else elements:
            if not _is_element(c):
                continue
            node = self.node(c, prefix)
            if isinstance(node, list):
                out.extend(node)
            elif node is not None:
                out.append(node)
        return out

    def node(self, e: etree._Element, prefix: str):
        tag = e.tag
        if tag in _KIND_OF_TAG:
            return self.dispositivo(e, _KIND_OF_TAG[tag], prefix)
        if tag in _AGRUPADOR_OF_TAG:
            return self.agrupador(e, _AGRUPADOR_OF_TAG[tag], prefix)
        if tag == _AGRUPAMENTO:
            return self.children(e, prefix)
        if tag == _TITULO_DISPOSITIVO:
            self.warn(f"título de dispositivo ignorado (o modelo não o guarda): {self.text(e)!r}",
                      e.getparent().get("id"))
            return None
        if tag in (_ROTULO, _NOME, _P, _ALTERACAO, _PENA):
            return None
        self.warn(f"elemento LexML ignorado: {etree.QName(tag).localname}", e.get("id"))
        return None

    def _ids(self, e: etree._Element, prefix: str) -> tuple[str, str]:
        xml_id = e.get("id", "")
        if not prefix:
            return xml_id, xml_id
        if xml_id.startswith(prefix):
            return xml_id, xml_id[len(prefix):]
        m = None if self.own else _ALT_PREFIX.match(xml_id)
        return xml_id, xml_id[m.end():] if m else xml_id

    def _apply_ext(self, node, xml_id: str) -> str | None:
        """Overrides from our extension; returns the unit's extension text, if any."""
        x = self.ext_nodes.get(xml_id)
        if x is None:
            return None
        if "rotuloImpresso" in x.attrib:
            node.rotulo_printed = x.get("rotuloImpresso")
        if "numero" in x.attrib:
            node.number = ext.parse_number(x.get("numero"))
        node.lines = ext.parse_lines(x.get("linhas"))
        if isinstance(node, Dispositivo):
            node.separator = x.get("separador")
        if x.get("situacao"):
            node.situacao = Situacao(x.get("situacao"))
        node.history = ext.read_versions(x)
        t = x.find(ext.lc("texto"))
        return None if t is None else ext.text_of(t)

    def _label(self, node, rotulo_el: etree._Element | None, kind: str) -> None:
        if rotulo_el is None:
            return
        printed = rotulo_el.text or ""
        if self.own:
            node.rotulo = printed if (printed or kind != "artigo") else None
            return
        printed = printed.strip()
        m = _LABEL.match(printed)
        label, sep = (m.group("label"), m.group("sep")) if m else (printed, "")
        node.rotulo_printed = label or None
        if isinstance(node, Dispositivo):
            node.separator = sep or None
        node.rotulo = _normalised_label(node, kind) or label or None

    def agrupador(self, e: etree._Element, kind: AgrupadorKind, prefix: str) -> Agrupador:
        xml_id, node_id = self._ids(e, prefix)
        a = Agrupador(kind, node_id, number=derived_number(kind.value, node_id))
        a.situacao = _SITUACAO_ATTR.get(e.get("situacao", ""), Situacao.VIGENTE)
        self._label(a, e.find(_ROTULO), kind.value)
        nome = e.find(_NOME)
        if nome is not None:
            a.nome = self.text(nome)
        self._apply_ext(a, xml_id)
        self.by_xml_id[xml_id] = a
        a.children = self.children(e, prefix)
        return a

    def dispositivo(self, e: etree._Element, kind: Kind, prefix: str) -> Dispositivo:
        xml_id, node_id = self._ids(e, prefix)
        x = self.ext_nodes.get(xml_id)
        if x is not None and x.get("id"):
            node_id = x.get("id")  # an id no LexML schema accepts (see writers.lexml)
        d = Dispositivo(kind, node_id)
        self.by_xml_id[xml_id] = d
        if kind is Kind.OMISSIS:
            d.text = self._apply_ext(d, xml_id) or ""
            return d
        unico = kind is Kind.PARAGRAFO and node_id.endswith("u")
        d.number = derived_number(kind.value, node_id, unico)
        d.situacao = _SITUACAO_ATTR.get(e.get("situacao", ""), Situacao.VIGENTE)
        # The children sorted out in one pass (each lxml child visited, and its proxy made,
        # once): the first Rotulo, the p, Alteracao and Pena elements, the rest (units).
        rotulo = None
        ps: list[etree._Element] = []
        blocks: list[etree._Element] = []
        penas: list[etree._Element] = []
        rest: list[etree._Element] = []
        for c in e:
            tag = c.tag
            if tag == _P:
                ps.append(c)
            elif tag == _ROTULO:
                if rotulo is None:
                    rotulo = c
            elif tag == _ALTERACAO:
                blocks.append(c)
            elif tag == _PENA:
                penas.append(c)
            elif tag != _NOME and isinstance(tag, str):
                rest.append(c)  # what node() makes something of (or warns about)
        self._label(d, rotulo, kind.value)
        texts, alt_els = self.paragraphs(e, ps)
        alt_els += blocks
        if not self.own:
            texts += self._pena(e, penas)
        d.text = self.join(texts)
        if not self.own:
            _letter_out_of_text(d)
        own_text = self._apply_ext(d, xml_id)
        if own_text is not None:
            d.text = own_text
        if not self.own and d.situacao is Situacao.VIGENTE:
            d.situacao = _situacao_of_note(d.text)
        d.alteracoes = [self.alteracao(a) for a in alt_els]
        d.children = [c for c in self.children(e, prefix, rest) if isinstance(c, Dispositivo)]
        if not self.own and kind is Kind.ARTIGO and d.situacao is Situacao.VIGENTE:
            d.situacao = _situacao_of_children(d)
        return d

    def _pena(self, e: etree._Element, penas=None) -> list[str]:
        out = []
        for pena in e.iterchildren(_PENA) if penas is None else penas:
            parts = [self.text(pena.find(_ROTULO))] + [self.text(p) for p in pena.iterchildren(_P)]
            out.append(" ".join(p for p in parts if p))
        return out

    def alteracao(self, e: etree._Element) -> Alteracao:
        alt_id = e.get("id", "")
        if not self.own and not re.search(r"_alt\d+$", alt_id):
            alt_id = self._repair_alt_id(e, alt_id)
        alt = Alteracao(alt_id, base_urn=e.get(_XML_BASE))
        prefix = alt_id + "_"
        for c in e:
            if not _is_element(c):
                continue
            node = self.node(c, prefix)
            for n in node if isinstance(node, list) else [node]:
                if n is not None:
                    self._attach(alt, n, prefix + n.id)
        x = self.ext_blocks.get(alt_id)
        if x is not None:
            alt.nota = x.get("nota")
            alt.lines = ext.parse_lines(x.get("linhas"))
            alt.raw = ext.text_of(x.find(ext.lc("bruto")))
        elif not self.own:
            notes = [n.get("notaAlteracao") for n in e.iter() if _is_element(n) and n.get("notaAlteracao")]
            alt.nota = notes[-1] if notes else None
            # Bare paragraphs in a block (invalid LexML, but seen): keep their text as printed.
            alt.raw = " ".join(t for t in (self.text(p) for p in e.iterchildren(_P)) if t)
        return alt

    def _repair_alt_id(self, e: etree._Element, alt_id: str) -> str:
        """A block id without its number ('art62_cpt_alt'): take the one its units use."""
        for c in e.iter():
            m = _ALT_ID.match(c.get("id", "")) if _is_element(c) and c is not e else None
            if m:
                self.warn(f"id de bloco de alteração {alt_id!r} corrigido para {m.group('id')!r}", alt_id)
                return m.group("id")
        return alt_id

    def _attach(self, alt: Alteracao, node, xml_id: str) -> None:
        """Nest a unit of a flat quoted block under the parent the extension names."""
        x = self.ext_nodes.get(xml_id)
        pai = x.get("pai") if x is not None else None
        parent = self.by_xml_id.get(pai) if pai and pai != alt.id else None
        (parent.children if parent is not None else alt.children).append(node)

    # -- document --------------------------------------------------------------------------
    def body(self) -> etree._Element | None:
        for path in ("Norma", "ProjetoNorma/Norma", "Anexo/DocumentoArticulado", "DocumentoGenerico"):
            found = self.root.find("/".join(lx(p) for p in path.split("/")))
            if found is not None:
                return found
        return None

    def norma(self) -> Norma:
        if self.root.tag != lx("LexML"):
            raise InputError(
                f"o XML não é um documento LexML (elemento raiz {etree.QName(self.root).localname!r}, "
                f"esperado LexML no espaço de nomes {NS_LEXML})", path=self.path)
        ident = self.root.find(f"{lx('Metadado')}/{lx('Identificacao')}")
        n = Norma(urn=ident.get("URN") if ident is not None else None)
        self._metadata_from_urn(n)
        body = self.body()
        if body is None:
            raise InputError("documento LexML sem Norma nem DocumentoGenerico", path=self.path)
        if body.tag == lx("DocumentoGenerico"):
            self._generic(n, body)
        else:
            self._parte_inicial(n, body.find(lx("ParteInicial")))
            art = body.find(lx("Articulacao"))
            n.articulacao = self.children(art, "") if art is not None else []
            self._parte_final(n, body.find(lx("ParteFinal")))
        if self.own:
            self._norma_ext(n)
        else:
            n.publicacao, n.vigencia = read_dates(self.root.find(lx("Metadado")))
            n.provenance = Provenance(path=self.path, sha256=hashlib.sha256(self.data).hexdigest(),
                                      encoding="utf-8", reader="lexml")
        return n

    def _metadata_from_urn(self, n: Norma) -> None:
        if not n.urn:
            return
        try:
            u = Urn.parse(n.urn)
            tipo, numero, data = u.tipo, u.numero, u.data
        except ValueError:
            m = _LOOSE_URN.match(n.urn)
            if not m:
                self.warn(f"URN LexML não reconhecida: {n.urn}")
                return
            tipo, numero, data = m.group("tipo"), m.group("numero"), m.group("data")
        n.tipo = _TIPO_NAMES.get(tipo, tipo.replace(".", " ").capitalize())
        n.numero, n.data = numero, data

    def _parte_inicial(self, n: Norma, pi: etree._Element | None) -> None:
        if pi is None:
            return
        epi, eme, pre = pi.find(lx("Epigrafe")), pi.find(lx("Ementa")), pi.find(lx("Preambulo"))
        n.epigrafe = self.text(epi) if epi is not None else None
        n.ementa = self.text(eme) if eme is not None else None
        if pre is not None:
            n.preambulo = [self.text(p) for p in pre.iterchildren(_P)]

    def _parte_final(self, n: Norma, pf: etree._Element | None) -> None:
        if pf is None:
            return
        ldf = pf.find(lx("LocalDataFecho"))
        if ldf is not None:
            n.fecho = [self.text(p) for p in ldf.iterchildren(_P)]
        for e in pf.iter(lx("Assinatura"), lx("AssinaturaTexto")):
            if e.tag == lx("AssinaturaTexto"):
                n.assinaturas.append(Signature(" ".join(self.text(p) for p in e.iterchildren(_P))))
                continue
            names = [self.text(x) for x in e.iterchildren(lx("NomePessoa"))]
            cargos = [self.text(x) for x in e.iterchildren(lx("Cargo"))]
            n.assinaturas.append(Signature(" ".join(names), "; ".join(cargos) if cargos else None))

    def _generic(self, n: Norma, dg: etree._Element) -> None:
        for p in dg.iter(_P):
            cls, t = p.get("class"), self.text(p)
            if cls == "epigrafe":
                n.epigrafe = t
            elif cls == "ementa":
                n.ementa = t
            elif cls == "preambulo":
                n.preambulo.append(t)
            elif cls == "fecho":
                n.fecho.append(t)
            elif cls == "assinatura":
                n.assinaturas.append(Signature(t))
            elif cls == "cargo" and n.assinaturas:
                n.assinaturas[-1].cargo = t
            else:
                n.anexos.append(t)

    def _norma_ext(self, n: Norma) -> None:
        x = self.ext_norma
        n.tipo, n.numero, n.data = x.get("tipo"), x.get("numero"), x.get("data")
        if x.get("urnAusente") == "s":
            n.urn = None
        n.localidade = x.get("localidade")
        n.situacao = Situacao(x.get("situacao", "vigente"))
        n.vigencia, n.publicacao = x.get("vigencia"), x.get("publicacao")
        n.estado = x.get("estado")
        n.provenance = ext.read_provenance(x.find(ext.lc("proveniencia")))
        n.events = [ext.read_event(e) for e in x.iterfind(ext.lc("evento"))]
        n.documentos = [ext.read_documento(e) for e in x.iterfind(ext.lc("documento"))]
        n.anexos = [ext.text_of(e) for e in x.iterfind(ext.lc("anexo"))]
        n.annexes, hosted = lexml_tables.read_annexes(x, self.text)
        if hosted:
            for d in n.dispositivos():
                d.tabelas = hosted.get(d.id, [])
        n.ementa_history = ext.read_ementa(x)
        n.eficacia = [ext.read_eficacia(e) for e in x.iterfind(ext.lc("eficacia"))]
        n.as_of = x.get("corte")


def _letter_out_of_text(d: Dispositivo) -> None:
    """The official CF/88 prints an inciso added between I and II as 'I- A - o Conselho …'
    (Rotulo 'I-', text 'A - o Conselho …'): the letter belongs to the label, not the text."""
    n = d.number
    if n is None or not n.suffixes or not d.text:
        return
    printed = d.rotulo_printed or ""
    if printed.replace(" ", "").endswith("-".join(("",) + tuple(n.suffixes))):
        return  # the label already carries the letter ('I-A')
    m = re.match(rf"\s*{re.escape(n.suffixes[-1])}\s*[-–—]\s+", d.text)
    if m:
        d.text = d.text[m.end():]


def _normalised_label(node, kind: str) -> str | None:
    """The LC 95 label of ``node`` from its number (None when it has none)."""
    if isinstance(node, Agrupador):
        if node.number is None:
            return None
        return f"{AGRUPADOR_NAMES[kind]} {int_to_roman(node.number.value)}{node.number.suffix_text}"
    if kind in ("caput", "omissis"):
        return None
    try:
        return label_for(kind, node.number, unico=node.unico)
    except ValueError:
        return None


def _situacao_of_children(artigo: Dispositivo) -> Situacao:
    """An artigo whose caput and parágrafos are all revoked (or vetoed) is itself."""
    states = {c.situacao for c in artigo.children if c.kind is not Kind.OMISSIS}
    return states.pop() if len(states) == 1 and artigo.children else Situacao.VIGENTE


def _situacao_of_note(text: str) -> Situacao:
    m = _STATUS_NOTE.match(text.strip())
    if not m:
        return Situacao.VIGENTE
    return Situacao.REVOGADO if m.group("what").lower() == "revogad" else Situacao.VETADO


def read(data: bytes, *, path: str | None = None, **_options) -> ReadResult:
    """Read LexML ``data`` (bytes) into a :class:`ReadResult`; DTDs and entities are refused."""
    with gc_paused():  # thousands of nodes and elements, none in a cycle
        root = parse_xml(data, path=path)
        reader = _Reader(root, path, data)
        return ReadResult(reader.norma(), reader.diagnostics)
