"""The contract between recognising an amending act and applying it: :class:`Operation`.

An operation is one explicit change to one unit of one norm (or to the whole norm); its kind is
an :class:`OpKind`. The recogniser (:mod:`lexconsolida.amendments`) only produces operations, the
applier (:mod:`lexconsolida.transforms.amend`) only consumes them, and nothing else passes
between the two. :class:`ActRef` (an act as a text cites it) lives here because an operation
keeps the citation of its target norm.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum

from lexconsolida.model.nodes import EMENTA_ID
from lexconsolida.model.numbering import format_act_number


class OpKind(StrEnum):
    """What an operation does. A :class:`StrEnum`: ``OpKind.REDACAO == "redacao"``, so code that
    compares kinds with strings (decisions read from ``norma.toml``, snapshots, JSON) keeps
    working. The applier's dispatch covers every member (``transforms.amend``, checked by a
    test and by mypy's ``assert_never``)."""

    REDACAO = "redacao"
    """New wording of a unit (or of the ementa, or an agrupador's name)."""
    INCLUSAO = "inclusao"
    """A unit added."""
    REVOGACAO = "revogacao"
    """A unit revoked (it keeps its number and last wording)."""
    RENUMERACAO = "renumeracao"
    """A unit takes another number."""
    REVOGACAO_TOTAL = "revogacao_total"
    """The whole act revoked."""
    NOTA = "nota"
    """Only from a recorded human decision: a note on a unit, wording unchanged."""
    PENDENTE = "pendente"
    """From ``amend --parcial``: an instruction left for a decision, noted on the unit."""
    SUBSTITUICAO = "substituicao"
    """An expression replaced by another (``expression`` → ``text``) in the unit named and the
    units inside it, or in the whole norm (``target_id`` None): it must occur there, as whole
    words, or the applier refuses."""
    CELULA = "celula"
    """A cell of a table changed (``docs/tabelas.md``): the table (``target_id``: a table, an
    annex with one table, or the unit holding one), the row (``row``: its id or the label the
    text cites) and the column (``column``: its heading as cited) → ``text``; or, with
    ``expression`` ('onde se lê … leia-se …'), the one cell of the table (of the row, when
    given) holding the expression. No such row, column or cell, or more than one: refused,
    for a person to decide."""
    LINHA_INCLUSAO = "linha_inclusao"
    """A row added to a table (``cells``), after the row ``row`` (id or label), or at the end."""
    LINHA_REVOGACAO = "linha_revogacao"
    """A row of a table removed (``row``: id or label); it keeps its id and wording, revoked."""
    TABELA_REDACAO = "tabela_redacao"
    """A whole table replaced (``rows``, the first ``header_rows`` of them the heading): the old
    rows revoked, the new ones included, the caption set from ``text`` when given."""
    ANEXO_REDACAO = "anexo_redacao"
    """A whole annex replaced: by ``blocks`` (passages and tables the recogniser read — an annex
    of the amending act, the tables printed after the instruction) or else by the text quoted
    (``text``, as printed, tables read again); the old passages and rows stay, revoked, for the
    text on earlier dates."""
    ANEXO_REVOGACAO = "anexo_revogacao"
    """A whole annex revoked (its passages and rows stay, revoked)."""
    LINHA_REDACAO = "linha_redacao"
    """A row given a new wording whole (``cells``), found by its label (``row``); ``headers``:
    the column headings the amending act prints above the row, which must name the table's."""


OP_KINDS = tuple(k.value for k in OpKind)

KIND_NAMES: dict[str, str] = {
    "redacao": "nova redação",
    "inclusao": "inclusão",
    "revogacao": "revogação",
    "renumeracao": "renumeração",
    "revogacao_total": "revogação do ato",
    "nota": "anotação",
    "pendente": "alteração pendente de decisão",
    "substituicao": "substituição de expressão",
    "celula": "alteração de célula de tabela",
    "linha_inclusao": "inclusão de linha de tabela",
    "linha_revogacao": "supressão de linha de tabela",
    "tabela_redacao": "nova redação de tabela",
    "anexo_redacao": "nova redação de anexo",
    "anexo_revogacao": "revogação de anexo",
    "linha_redacao": "nova redação de linha de tabela",
}
TABLE_KINDS = ("celula", "linha_inclusao", "linha_revogacao", "linha_redacao", "tabela_redacao", "anexo_redacao",
               "anexo_revogacao")
"""The kinds that change a table or an annex (:mod:`lexconsolida.transforms.tables`)."""

EMENTA = EMENTA_ID
"""``Operation.target_id`` of an operation on the norm's ementa (:data:`EMENTA_ID`)."""


def work_key(urn: str | None) -> str:
    """A URN as a work: lower case, no accents, no version ('@…'), no fragment ('!…')."""
    if not urn:
        return ""
    s = urn.split("!", 1)[0].split("@", 1)[0].strip().lower()
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


@dataclass(slots=True, frozen=True)
class Operation:
    """One explicit change to one dispositivo (or to a whole act)."""

    kind: OpKind
    """What it does (a string of :data:`OP_KINDS` is accepted and made an :class:`OpKind`)."""
    target_urn: str | None
    """URN of the norm changed (work level), when the act is identified."""
    target_label: str
    """How the instruction names the norm ('Lei nº 2.217/2001', 'Constituição Federal')."""
    target_id: str | None
    """LexML id of the dispositivo; None for a whole-act revocation. For an agrupador, its kind
    and number ('cap4'): the applier finds it wherever it sits ('tit2_cap4'). ``EMENTA``
    ('ementa', with ``unit_kind`` 'ementa') for a new wording of the norm's ementa."""
    unit_kind: str | None = None
    """Kind of the dispositivo ('artigo', 'inciso' …)."""
    rotulo: str | None = None
    """The rótulo printed in the quoted text ('c)', 'Art. 5º-A')."""
    text: str | None = None
    """The new wording (own text; an artigo's caput text); None for revocations."""
    new_id: str | None = None
    """Renumbering: the new id."""
    new_rotulo: str | None = None
    """Renumbering: the new rótulo."""
    source: str = ""
    """The instruction's text, as printed."""
    line: int | None = None
    """1-based line of the instruction in the amending act."""
    where: str | None = None
    """The instruction's dispositivo id in the amending act ('art2')."""
    in_corpus: bool = True
    """False when the target norm is not in the corpus ('alvo fora do acervo')."""
    lenient: bool = False
    """True for 'passa a vigorar com as seguintes alterações': redação of a unit that does not
    exist yet is an inclusão."""
    note: str | None = None
    """For operations from a human decision: the decision's note."""
    implicit_renumbering: bool = False
    """Inclusion of a numbered § whose instruction says nothing of the parágrafo único: if the
    artigo has one, it becomes § 1º (implicit renumbering, noted in the history)."""
    keep: tuple[str, ...] | None = None
    """A set replaced whole ('Os parágrafos do art. 11 … ficam revogados, passando a apresentar
    a seguinte redação'): a revocation of the units of ``unit_kind`` directly in ``target_id``
    except these ids, the ones the quoted text brings."""
    complete: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """New wording whose quoted text brings whole lists of the unit's units (no omissis line
    among them): (kind, ids brought) — '' for every kind —; the units of that kind directly in
    the unit that are not brought are revoked."""
    container: bool = False
    """For a unit quoted around the units an instruction adds ('Acrescentem-se ao inciso I …
    as alíneas g e h' quoting 'I - …'): its text is context when it is the base's; a close
    variant is new wording (noted); a different text, or a unit the base lacks (unless
    ``lenient``), is for a person to decide."""
    holds: str | None = None
    """For an agrupador (``unit_kind`` 'capitulo', 'secao' …): the first artigo the quoted text
    puts under it; the agrupador renamed must hold it in the target."""
    target_act: ActRef | None = field(default=None, compare=False)
    """The citation of the target norm, for matching a base outside the corpus."""
    via: str | None = None
    """URN of the amending act the instruction cites, when the unit it names there is text that
    act carried to this norm (``amendments.through``): the operation changes this norm."""
    in_list: bool = False
    """A revocation of one of several units one citation names ('os artigos 217 a 287'): a unit
    an earlier act already revoked is left as it is (that revocation stands), the others are
    revoked; a unit named alone and already revoked is refused (the citation may be wrong)."""
    copy_of: str | None = None
    """An inclusion whose wording is another unit's of the same norm ('Acrescente-se o art. 5º com
    a redação do atual art. 4º'): the id of that unit, as it stands before this act (copies are
    applied before the act's other operations). An artigo is copied whole: its caput and its
    units in force, under the new number."""

    expression: str | None = None
    """Substitution: the words replaced (``text`` is what replaces them)."""
    row: str | None = None
    """Table operations: the row, by id ('anx1_tab1_lin3') or by the label the text cites
    ('Advogado'); for a row added, the row it goes after (None: at the end)."""
    column: str | None = None
    """Table operations: the column, by its heading as the text cites it ('VAGAS')."""
    cells: tuple[str, ...] = ()
    """A row added: its cells' texts."""
    rows: tuple[tuple[str, ...], ...] = ()
    """A table replaced: its rows' cells' texts, the heading first."""
    header_rows: int = 0
    """A table replaced: how many of ``rows`` are the heading."""
    headers: tuple[str, ...] = ()
    """A row given a new wording: the column headings printed above it in the amending act."""
    blocks: tuple = field(default=(), compare=False)
    """An annex replaced: its new passages and tables as read (``model.tables.Passage`` and
    ``Tabela``; typed loosely, as ``Dispositivo.tabelas``); empty when ``text`` is to be read."""
    given: bool = True
    """False for a wording a person wrote in a decision (``[[decisoes]]``) that the amending
    act's text does not carry (it changed the unit without giving it a new wording): the note
    is '(Vide …)', never '(Redação dada pela …)'."""
    instruction: object | None = field(default=None, compare=False, repr=False)
    """The grammar's reading of the sentence that ordered it, a
    :class:`lexconsolida.model.instructions.Instruction` (None for a person's operation): what
    the precision gates, the desk and ``amend --dry-run`` read, never the sentence again. Typed
    ``object`` because that module sits above this one (it reads ``OpKind`` and ``ActRef``):
    read it with :func:`lexconsolida.model.instructions.instruction_of`."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, OpKind):
            object.__setattr__(self, "kind", OpKind(self.kind))  # ValueError for an unknown kind

    def describe(self) -> str:
        """One Portuguese line for review (``amend --dry-run``)."""
        what = KIND_NAMES.get(self.kind, self.kind)
        where = f" (linha {self.line})" if self.line else ""
        alvo = self.target_label if self.target_id is None else f"{self.target_id} — {self.target_label}"
        s = f"{self.where or '?'}{where}: {what} de {alvo}"
        if self.kind == "renumeracao":
            s += f" → {self.new_id} ({self.new_rotulo})"
        if self.keep is not None:
            s += f" (unidades do tipo {self.unit_kind} não trazidas no texto entre aspas)"
        if self.kind in TABLE_KINDS:
            if self.row:
                s += f"\n    linha: {self.row}"
            if self.column:
                s += f"; coluna: {self.column}"
            if self.expression:
                s += f"\n    “{self.expression}” → “{self.text}”"
            elif self.cells:
                s += "\n    | " + " | ".join(self.cells) + " |"
            elif self.rows:
                s += "".join("\n    | " + " | ".join(r) + " |" for r in self.rows)
            elif self.blocks:
                tables = sum(1 for b in self.blocks if hasattr(b, "rows"))
                s += f"\n    {len(self.blocks) - tables} parágrafo(s) e {tables} tabela(s)"
            elif self.text:
                s += f"\n    {self.text}"
            return s
        if self.kind == OpKind.SUBSTITUICAO:
            s += f"\n    “{self.expression}” → “{self.text}”" + ("" if self.target_id else " (em toda a norma)")
        elif self.text:
            sep = " – " if self.unit_kind == "inciso" or (self.rotulo or "").startswith("Par") else " "
            rot = f"{self.rotulo}{sep}" if self.rotulo else ""
            s += f"\n    {rot}{self.text}"
        if self.copy_of:
            s += f"\n    [com a redação de {self.copy_of}, como estava antes deste ato]"
        if self.via:
            s += f"\n    [citado como dispositivo de {self.via}, que o levou a esta norma]"
        if not self.in_corpus:
            s += "\n    [alvo fora do acervo]"
        return s


@dataclass(slots=True, frozen=True)
class ActRef:
    """An act as a text cites it."""

    tipo: str
    """URN form of the type: 'lei', 'lei.complementar', 'decreto', 'decreto.lei' …"""
    numero: str | None = None
    """Digits only ('2217'), typos repaired ('4,100' → '4100')."""
    ano: int | None = None
    """Four-digit year, from '/2001', '/01' or the date."""
    data: str | None = None
    """ISO date when the citation gives one."""
    esfera: str | None = None
    """'municipal', 'federal' or 'estadual' when the text says so."""
    urn: str | None = None
    """Set for acts cited by a well-known name (Constituição Federal, CLT …)."""
    nome: str | None = None
    """The well-known name, when cited by name."""

    @property
    def key(self) -> tuple[str, str | None, int | None]:
        return (self.tipo, self.numero, self.ano)

    def label(self) -> str:
        """Portuguese label: 'Lei nº 2.217/2001', 'Constituição Federal'."""
        if self.nome:
            return self.nome
        name = {"lei.complementar": "Lei Complementar", "decreto.lei": "Decreto-Lei",
                "lei.organica": "Lei Orgânica", "emenda.constitucional": "Emenda Constitucional",
                "medida.provisoria": "Medida Provisória", "resolucao": "Resolução",
                "decreto.legislativo": "Decreto Legislativo",
                "emenda.lei.organica": "Emenda à Lei Orgânica"}.get(
            self.tipo, self.tipo.replace(".", " ").capitalize())
        s = name
        if self.numero:
            s += f" nº {format_act_number(self.numero)}"
        if self.ano:
            s += f"/{self.ano}"
        return s
