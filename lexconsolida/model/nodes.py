"""The document model: Norma, Agrupador, Dispositivo, and the history of each dispositivo.

Plain slots dataclasses, no lxml. Every reader returns a :class:`Norma`; every writer accepts
one. Transforms never mutate their input: they build a new tree (``copy.deepcopy`` or
:func:`dataclasses.replace`).

Tree shape (as LexML): ``Norma.articulacao`` holds Agrupadores and Artigos. An Artigo's
children are its Caput (always present, id ``artN_cpt``) followed by its Parágrafos; the Caput
holds the article's head text and its Incisos; Parágrafos hold text and Incisos (or, in the
flexible profile, Alíneas directly); Incisos hold Alíneas; Alíneas hold Itens.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from lexconsolida.model.dates import format_long
from lexconsolida.model.ids import PREFIX_OF_KIND
from lexconsolida.model.numbering import AGRUPADOR_NAMES, KIND_WORDS, Number, format_act_number

if TYPE_CHECKING:
    from lexconsolida.model.efficacy_events import Efficacy

EMENTA_ID = "ementa"
"""The id LexML gives the ``Ementa`` element: where the ementa's wordings are addressed (an
amending operation's target, a LexML ciclo de vida entry); never an id of the articulação."""


class Kind(str, Enum):
    """Kinds of dispositivo (articulação units that carry text)."""

    ARTIGO = "artigo"
    CAPUT = "caput"
    PARAGRAFO = "paragrafo"
    INCISO = "inciso"
    ALINEA = "alinea"
    ITEM = "item"
    OMISSIS = "omissis"
    """A line of dots inside a quoted alteration block: 'the rest stays as it is'."""

    def __str__(self) -> str:  # so f-strings and JSON give the plain value
        return self.value

    @property
    def prefix(self) -> str:
        """The LexML id component: 'art', 'cpt', 'par', 'inc', 'ali', 'ite', 'omi'."""
        return PREFIX_OF_KIND[self.value]

    @property
    def word(self) -> str:
        """The Portuguese name: 'artigo', 'parágrafo', 'alínea' …"""
        return KIND_WORDS[self.value]


class AgrupadorKind(str, Enum):
    PARTE = "parte"
    LIVRO = "livro"
    TITULO = "titulo"
    SUBTITULO = "subtitulo"
    CAPITULO = "capitulo"
    SECAO = "secao"
    SUBSECAO = "subsecao"

    def __str__(self) -> str:
        return self.value

    @property
    def prefix(self) -> str:
        """The LexML id component: 'prt', 'liv', 'tit', 'stt', 'cap', 'sec', 'sub'."""
        return PREFIX_OF_KIND[self.value]

    @property
    def word(self) -> str:
        """The printed word: 'Parte', 'Livro', 'Título', 'Capítulo', 'Seção' …"""
        return AGRUPADOR_NAMES[self.value]

    @property
    def level(self) -> int:
        """0 for parte … 6 for subseção: a heading nests under one of lower level."""
        return _AGRUPADOR_LEVELS[self]


_AGRUPADOR_LEVELS = {kind: i for i, kind in enumerate(AgrupadorKind)}


class Situacao(str, Enum):
    """Whether a dispositivo is in force in a given version of the text."""

    VIGENTE = "vigente"
    REVOGADO = "revogado"
    VETADO = "vetado"
    SUPRIMIDO = "suprimido"

    def __str__(self) -> str:
        return self.value


FEMININE = ("lei", "resolução", "resolucao", "portaria", "emenda", "instrução", "instrucao",
            "medida", "deliberação", "deliberacao", "minuta", "indicação", "indicacao", "proposta",
            "constituição", "constituicao", "consolidação", "consolidacao", "decisão", "decisao",
            "sentença", "sentenca", "liminar", "ação", "acao", "norma")
"""First words of act types that are feminine in Portuguese ('a Lei', 'o Decreto')."""


def is_feminine(name: str | None) -> bool:
    """Whether an act's type (or a label that starts with it) takes 'a' ('a Lei nº …')."""
    return (name or "").strip().lower().startswith(FEMININE)


NOTE_VERBS = {
    "redacao": "Redação dada",
    "inclusao": "Incluído",
    "revogacao": "Revogado",
    "renumeracao": "Renumerado",
}
"""How Planalto's compiled texts note a change made by another act ('(Redação dada pela Lei nº
…)', '(Incluído pelo Decreto nº …)'). A wording the act did not give — written by a person in a
decision for a change the act made without new wording, or a note on a unit — is '(Vide …)'."""


@dataclass(slots=True, frozen=True)
class Event:
    """An act that changed a dispositivo (or the 'redação original'); or, in ``Norma.events``,
    something that happened to the whole act."""

    kind: str
    """'original', 'redacao' (nova redação), 'inclusao', 'revogacao', 'renumeracao', 'decisao'
    (a note a decision put on the unit), 'vide' (a wording decided by a person for a change the
    act made without giving it), 'pendente' (an instruction of the act still waiting for a
    human decision: wording unchanged), 'restabelecida' (the wording an amending act had
    replaced, back because that act was declared unconstitutional or made void),
    'repristinacao' (back because the act that revoked the amending act said so expressly).
    Whole-act events (``Norma.events``): 'publicacao', 'vigencia', 'revogacao', 'alteracao',
    'pendente' (an amending act whose changes are not in the text, pending review), 'sem-texto'
    (an amending act whose text the acervo lacks), 'suspensao', 'texto-indisponivel' (the acervo
    has no text of this act), 'revogacao-parcial' (an act revokes units of this act, whose text
    is unavailable) (see :mod:`lexconsolida.model.status`)."""
    act_urn: str | None = None
    """URN of the act that made the change (None for the original text)."""
    act_label: str | None = None
    """How the note names the act: 'Lei nº 2.331, de 21 de maio de 2002'."""
    date: str | None = None
    """ISO date from which the change is in force."""
    note: str | None = None
    """Free text: the human decision recorded for a non-mechanical change; for a whole-act
    'pendente' event, what is pending ('2 instruções', 'revogação do ato')."""
    dispositivo: str | None = None
    """The unit of the acting act that makes the change ('art9'), when known (a revocation)."""

    def nota(self) -> str:
        """The compiled-text note, as Planalto writes it."""
        if self.kind == "pendente":
            return f"Alteração pendente de decisão: {self.act_label or 'ato alterador'}"
        if self.kind in ("restabelecida", "repristinacao"):  # see lexconsolida.transforms.efficacy
            if self.note:
                return f"Redação restabelecida: {self.note}"
            return f"Redação restabelecida {'pela' if is_feminine(self.act_label) else 'pelo'} {self.act_label}"
        if self.kind == "original" or not self.act_label:
            return "Redação original"
        if self.kind in ("decisao", "vide"):
            return f"Vide {self.act_label}"
        by = "pela" if is_feminine(self.act_label) else "pelo"
        return f"{NOTE_VERBS.get(self.kind, 'Alterado')} {by} {self.act_label}"


@dataclass(slots=True)
class Version:
    """One wording of a dispositivo's own text, with the event that made it."""

    text: str
    """The dispositivo's own text in this version (no label, no children)."""
    event: Event
    """What made this version."""
    start: str | None = None
    """ISO date from which this wording is in force (None: since the act's own vigência)."""
    end: str | None = None
    """ISO date from which it no longer is (None: still in force)."""
    situacao: Situacao = Situacao.VIGENTE
    rotulo: str | None = None
    """The rótulo in this version, when a renumbering changed it."""


def preorder(nodes: list) -> Iterator:
    """``nodes`` and everything below them, in document order (pre-order), with one explicit
    stack: a generator per level (``yield from child.walk()``) made every node cost as many
    resumptions as it is deep, and the reader, the writers and the checks all walk trees."""
    stack = [iter(nodes)]
    while stack:
        for node in stack[-1]:
            yield node
            if node.children:
                stack.append(iter(node.children))
                break
        else:
            stack.pop()


@dataclass(slots=True)
class Dispositivo:
    """An articulação unit that carries text: artigo, caput, parágrafo, inciso, alínea, item."""

    kind: Kind
    """What unit this is."""
    id: str
    """LexML id (``art5_par1``); derived from position where the printed label is wrong."""
    rotulo: str | None = None
    """Normalised label ('Art. 1º', '§ 2º', 'Parágrafo único', 'IV', 'b)', '3.'); None for caput."""
    rotulo_printed: str | None = None
    """The label exactly as printed, OCR damage included ('Art. 10', '& 1º', 'HI', '“b)')."""
    number: Number | None = None
    """Normalised number of the printed label (None for caput and Parágrafo único)."""
    text: str = ""
    """Own text, label and separator excluded; lines joined. Empty for an artigo (see caput)."""
    children: list["Dispositivo"] = field(default_factory=list)
    """Sub-units in document order."""
    lines: tuple[int, int] | None = None
    """1-based first and last source line of this unit's own text."""
    situacao: Situacao = Situacao.VIGENTE
    """Current status in this tree's version."""
    history: list[Version] = field(default_factory=list)
    """Earlier and later wordings, oldest first; empty when never amended."""
    alteracoes: list["Alteracao"] = field(default_factory=list)
    """Quoted blocks this unit introduces (amending acts: 'passa a vigorar com a redação: “…”')."""
    separator: str | None = None
    """What followed the printed label (' - ', ' – ', '. ', ')'), for faithful re-printing."""
    tabelas: list = field(default_factory=list)
    """Tables printed in this unit (``model.tables.Tabela``), after its own text and before its
    children. Typed ``list`` only: ``model.tables`` builds on this module (Situacao, Version),
    and an annotation naming its classes would be an import cycle."""

    @property
    def unico(self) -> bool:
        return self.kind is Kind.PARAGRAFO and self.id.endswith("u")

    @property
    def caput(self) -> "Dispositivo | None":
        if self.kind is Kind.ARTIGO and self.children and self.children[0].kind is Kind.CAPUT:
            return self.children[0]
        return None

    @property
    def head_text(self) -> str:
        """The text printed after the label: caput text for an artigo, own text otherwise."""
        cap = self.caput
        return cap.text if cap is not None else self.text

    def walk(self) -> Iterator["Dispositivo"]:
        """This unit and all below it, in document order."""
        yield self
        yield from preorder(self.children)


@dataclass(slots=True)
class Agrupador:
    """A grouping heading: parte, livro, título, subtítulo, capítulo, seção, subseção."""

    kind: AgrupadorKind
    id: str
    """LexML id ('cap1', 'cap1_sec2', 'tit2_cap1'); by position when no label was printed."""
    rotulo: str | None = None
    """Normalised label ('Capítulo IV'); None when the heading had no label line."""
    rotulo_printed: str | None = None
    """Label as printed ('Capitulo IV', 'CAPÍTULO HII')."""
    number: Number | None = None
    nome: str | None = None
    """The heading's name ('DAS DISPOSIÇÕES FINAIS'); None when none was printed."""
    children: list["Agrupador | Dispositivo"] = field(default_factory=list)
    lines: tuple[int, int] | None = None
    situacao: Situacao = Situacao.VIGENTE
    history: list[Version] = field(default_factory=list)

    def walk(self) -> Iterator["Agrupador | Dispositivo"]:
        yield self
        yield from preorder(self.children)


@dataclass(slots=True)
class Alteracao:
    """A quoted block in an amending act: the text that goes into another norm."""

    id: str
    """LexML id of the block (``art1_cpt_alt1``)."""
    base_urn: str | None = None
    """URN of the norm the block goes into (LexML ``xml:base``), when known."""
    children: list["Agrupador | Dispositivo"] = field(default_factory=list)
    """The quoted units, ids relative to the target norm (``art3_cpt_inc1``); omissis included."""
    nota: str | None = None
    """'NR' (nova redação) or 'AC' (acréscimo) when printed after the closing quote."""
    lines: tuple[int, int] | None = None
    raw: str = ""
    """The quoted text as printed (quotes included), for review and conservation."""


@dataclass(slots=True)
class Signature:
    name: str
    cargo: str | None = None


@dataclass(slots=True)
class Provenance:
    """Where a Norma came from."""

    path: str | None = None
    """Source file as given (relative to the corpus when loaded from statutes/)."""
    sha256: str | None = None
    """Hash of the source bytes."""
    encoding: str | None = None
    """Detected encoding of a text source ('utf-8', 'utf-8-sig', 'cp1252')."""
    reader: str | None = None
    """Which reader built the tree ('text', 'lexml', 'docx', 'markdown', 'pdf')."""
    pages: str | None = None
    """Pages of a PDF the act was read from ('3', '3-5'), when it is one act of an edition."""
    edition: str | None = None
    """The gazette edition the act was printed in, as its pages' header says."""


@dataclass(slots=True)
class Documento:
    """A non-articulated document carried with the norma (an Indicação, a justificativa)."""

    tipo: str
    """'Indicação', 'Justificativa', 'Anexo' …"""
    text: str
    """The document's text, lines joined as paragraphs separated by newlines."""
    metadata: dict = field(default_factory=dict)
    """Structured facts: autor, data, destinatario, normas_citadas …"""
    lines: tuple[int, int] | None = None


@dataclass(slots=True)
class Norma:
    """A legal act: metadata, preamble, articulação, closing."""

    tipo: str | None = None
    """'Lei', 'Lei Complementar', 'Decreto', 'Emenda Constitucional', 'Minuta de Lei' …"""
    numero: str | None = None
    """As normalised ('846', '4.213'); the printed form is in ``epigrafe``."""
    data: str | None = None
    """ISO date of signature ('2015-05-12')."""
    urn: str | None = None
    """LexML URN of the work."""
    localidade: str | None = None
    """Pretty place name ('Pedra Preta-MT'); the URN carries the slug."""
    epigrafe: str | None = None
    ementa: str | None = None
    preambulo: list[str] = field(default_factory=list)
    """Preamble paragraphs: autoria, fórmula de promulgação."""
    articulacao: list[Agrupador | Dispositivo] = field(default_factory=list)
    fecho: list[str] = field(default_factory=list)
    """Closing lines: place and date ('Pedra Preta-MT, 12 de maio de 2015')."""
    assinaturas: list[Signature] = field(default_factory=list)
    documentos: list[Documento] = field(default_factory=list)
    """Accompanying documents (Indicação before a minuta, annexes after)."""
    anexos: list[str] = field(default_factory=list)
    """Text of annexes that are not articulated."""
    provenance: Provenance = field(default_factory=Provenance)
    situacao: Situacao = Situacao.VIGENTE
    """Whole-act status: REVOGADO when an act revoked it (see ``events``)."""
    events: list[Event] = field(default_factory=list)
    """Whole-act events: publication, vigência, revocation by another act."""
    vigencia: str | None = None
    """ISO date the act entered into force, when known."""
    publicacao: str | None = None
    """ISO publication date, when known."""
    estado: str | None = None
    """What the document is: 'norma', 'proposicao' (minuta, projeto, indicação: no normative
    value) or 'consolidacao' (a consolidation being drafted); None: decided by ``tipo``
    (see :mod:`lexconsolida.model.status`)."""
    ementa_history: list[Version] = field(default_factory=list)
    """Wordings of the ementa, oldest first, as ``Dispositivo.history`` (empty when an amending
    act never gave it a new wording; else ``ementa_history[-1].text == ementa``)."""
    eficacia: list["Efficacy"] = field(default_factory=list)
    """Efficacy events (court decisions, suspended execution, voided acts, deferred or
    retroactive effects), the act's own and those of its amending acts carried to the units
    they changed; see :mod:`lexconsolida.model.efficacy`."""
    as_of: str | None = None
    """The date this tree is the text of (set by the point-in-time cut), at which its efficacy
    events are resolved; None: not cut (every event counts, as after all of them)."""
    annexes: list = field(default_factory=list)
    """The annexes read as structure (``model.tables.Annex``: Anexo I, II …, passages and
    tables, with ids and histories; typed ``list`` for the reason ``Dispositivo.tabelas`` is). ``anexos`` keeps the text of annexes read
    before annexes were structured (a LexML file written then)."""

    def walk(self) -> Iterator[Agrupador | Dispositivo]:
        """Every agrupador and dispositivo, in document order."""
        return preorder(self.articulacao)

    def histories(self) -> Iterator[tuple[str, list[Version]]]:
        """(id, history) of everything that has wordings: the ementa (id ``EMENTA_ID``) first,
        then every agrupador and dispositivo in document order."""
        yield EMENTA_ID, self.ementa_history
        for node in self.walk():
            yield node.id, node.history
        for node in self.walk():  # rows of tables (model/tables.py): a row is a table's unit
            for table in getattr(node, "tabelas", ()):
                for row in table.rows:
                    yield row.id, row.history
        for annex in self.annexes:
            yield annex.id, annex.history
            for block in annex.blocks:
                for row in getattr(block, "rows", ()):
                    yield row.id, row.history

    def dispositivos(self) -> Iterator[Dispositivo]:
        """Every dispositivo in document order (caput included)."""
        for node in self.walk():
            if isinstance(node, Dispositivo):
                yield node

    def artigos(self) -> Iterator[Dispositivo]:
        for node in self.walk():
            if isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO:
                yield node

    def agrupadores(self) -> Iterator[Agrupador]:
        for node in self.walk():
            if isinstance(node, Agrupador):
                yield node

    def index(self) -> dict[str, Agrupador | Dispositivo]:
        """id → node, for every node of the articulação."""
        return {n.id: n for n in self.walk()}

    def find(self, node_id: str) -> Agrupador | Dispositivo | None:
        for n in self.walk():
            if n.id == node_id:
                return n
        return None

    @property
    def label(self) -> str:
        """'Lei nº 2.331, de 21 de maio de 2002' from the metadata when it has a type and a number
        or date (epígrafes are often upper case, OCR-damaged or oddly punctuated); else the
        epígrafe, or the type."""
        if self.tipo and (self.numero or self.data):
            return act_label(self.tipo, self.numero, self.data)
        return self.epigrafe or self.tipo or "Norma sem título"

    @property
    def titulo(self) -> str:
        """A short human title: the epígrafe, or 'Lei nº 846, de 12 de maio de 2015'."""
        if self.epigrafe:
            return self.epigrafe
        return act_label(self.tipo or "Norma", self.numero, self.data)


def act_label(tipo: str, numero: str | None, data: str | None) -> str:
    """How notes and citations name an act: 'Lei nº 2.331, de 21 de maio de 2002'."""

    s = tipo
    if numero:
        s += f" nº {format_act_number(numero)}"
    if data:
        s += f", de {format_long(data)}"
    return s
