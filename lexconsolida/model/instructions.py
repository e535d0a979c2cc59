"""The typed reading of an amending act's sentences: what the instruction grammar says each
dispositivo orders.

One :class:`Instruction` per dispositivo the grammar read (or could not read, or read in two
ways): its :class:`Clause`\\ s — one verb each, with what it acts on — and what the sentence says
besides (the norm shared by its clauses, a lead, misspellings read through). Citations keep
their place in the sentence and their role: a unit or act the clause acts on
(:class:`UnitCitation`, :class:`ActCitation`), the norm a unit is of, and what the sentence says
*about* a cited act (its description, the acts that amended it, the other act it amended —
:class:`Through`).

This tree is the one representation of an instruction: recognition turns it into operations
(:mod:`lexconsolida.amendments.interpret`), the precision gates read it (never the sentence
again), the desk and ``amend --dry-run`` print :meth:`Instruction.describe`. It is built by
:mod:`lexconsolida.amendments.grammar` from ``data/gramatica/instrucoes.lark``; frozen,
picklable, and free of the parser's types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from lexconsolida.model.operations import ActRef, OpKind, Operation


class ClauseKind(StrEnum):
    """What a clause does (or is, for the clauses that change nothing)."""

    REDACAO = "redacao"
    """New wording of the units named ('Dê-se ao art. 5º a seguinte redação')."""
    ALTERACOES = "alteracoes"
    """'… passa a vigorar com as seguintes alterações': each quoted unit that exists takes new
    wording, one that does not is included."""
    INCLUSAO = "inclusao"
    """Units added ('Acrescente-se ao art. 2º o inciso V')."""
    REVOGACAO = "revogacao"
    """Units or acts revoked, suppressed or excluded."""
    RENUMERACAO = "renumeracao"
    """A unit takes another number."""
    SUBSTITUICAO = "substituicao"
    """An expression replaced by another ('Substitua-se …', 'Onde se lê … leia-se …')."""
    SUPRESSAO_EXPRESSAO = "supressao_expressao"
    """Words removed from a unit's text ('Suprima-se, no § 1º, a expressão “…”'): the unit stays."""
    VIGENCIA = "vigencia"
    """When the act's changes count ('Esta Lei entra em vigor …'): no change by itself."""
    REVOGACAO_GENERICA = "revogacao_generica"
    """'Revogam-se as disposições em contrário' (naming nothing), or the contrary provisions of
    acts it names without saying which ('inclusive as constantes da Lei …')."""
    TABELA = "tabela"
    """A change to a table, an annex, a chart or a list of posts of a norm (read; applied by a
    person until tables are modelled)."""
    NAO_TEXTUAL = "nao_textual"
    """A change stated without new wording ('as licenças … serão acrescidas de 200 vagas')."""
    EFEITO = "efeito"
    """When the act's own changes count, said apart from its vigência clause ('… devidas a partir
    de janeiro de 2006, serão calculadas … com a redação dada pelo art. 1º desta Lei'): a person
    records the date or condition."""
    TEXTO = "texto"
    """Not an instruction: the act's own text, citing another norm only as a reference."""

    @property
    def operative(self) -> bool:
        """True when the clause changes the text of a norm by itself (an operation)."""
        return self in _OPERATIVE

    def op_kind(self, whole_act: bool = False) -> OpKind | None:
        """The operation kind of an object of this clause (``whole_act``: the object is an act)."""
        if self is ClauseKind.REVOGACAO:
            return OpKind.REVOGACAO_TOTAL if whole_act else OpKind.REVOGACAO
        return _OP_KIND.get(self)


_OPERATIVE = frozenset({ClauseKind.REDACAO, ClauseKind.ALTERACOES, ClauseKind.INCLUSAO, ClauseKind.REVOGACAO,
                        ClauseKind.RENUMERACAO, ClauseKind.SUBSTITUICAO, ClauseKind.SUPRESSAO_EXPRESSAO})
_OP_KIND = {ClauseKind.REDACAO: OpKind.REDACAO, ClauseKind.ALTERACOES: OpKind.REDACAO,
            ClauseKind.INCLUSAO: OpKind.INCLUSAO, ClauseKind.RENUMERACAO: OpKind.RENUMERACAO,
            ClauseKind.SUBSTITUICAO: OpKind.SUBSTITUICAO, ClauseKind.SUPRESSAO_EXPRESSAO: OpKind.SUBSTITUICAO}


class Reading(StrEnum):
    """How far the grammar read a sentence."""

    READ = "lida"
    AMBIGUOUS = "ambigua"
    """Two readings of different meaning: a person chooses (:attr:`Instruction.readings`)."""
    UNREAD = "nao-lida"
    """No rule of the grammar reads it: a person says what it orders."""


@dataclass(frozen=True, slots=True)
class ActCitation:
    """An act as the sentence cites it."""

    ref: ActRef
    text: str
    start: int
    end: int
    by_name: bool = False
    """Cited by its name only ('o Regimento Interno', 'a Lei Orgânica'), no number."""
    description: str | None = None
    """What the sentence says the act is about (', que dispõe sobre …', '(que …)', a quoted
    ementa): the gates compare it with the norm the citation resolves to."""
    qualifier: str | None = None
    """Words that narrow a name ('o Regimento Interno do CMDCA': 'CMDCA')."""
    amended_by: tuple[ActRef, ...] = ()
    """'alterada pela Lei nº …': acts that amended it (context, never a target)."""

    def label(self) -> str:
        s = self.ref.label()
        return f"{s} ({self.qualifier})" if self.qualifier else s


@dataclass(frozen=True, slots=True)
class Through:
    """A relative clause on a cited unit or act saying it amended another act ('o art. 2º da Lei
    nº 450, que deu nova redação ao art. 3º da Lei nº 500'): the other act's unit is context,
    never an object of the clause."""

    verb: str
    """The verb as printed ('deu nova redação', 'altera')."""
    ids: tuple[str, ...]
    act: ActCitation | None


@dataclass(frozen=True, slots=True)
class UnitCitation:
    """Dispositivos (or agrupadores) as the sentence cites them."""

    ids: tuple[str, ...]
    """LexML ids as cited ('art3_cpt_inc2'); a chain without its artigo is relative ('par1u')."""
    text: str
    start: int
    end: int
    act: ActCitation | None = None
    """The norm printed with them ('do art. 3º da Lei nº 2.217/2001'), or None (the clause's,
    the sentence's, or the act's own context decides)."""
    incomplete: bool = False
    """A chain without its artigo ('o inciso II')."""
    conflict: str | None = None
    """Why the chain names no unit ('o parágrafo primeiro, do inciso II, do art. 4º')."""
    other_numbering: tuple[str, ...] = ()
    """'Art. 6º (ex art. 7º)': another number the text gives the same unit."""
    agrupador: bool = False
    """'o Capítulo V', 'a Seção IV do Capítulo III' ('cap3_sec4')."""
    kind_set: str | None = None
    """'os parágrafos do art. 11': the units of this kind directly in the cited one (the ids
    are of the holder)."""
    with_units: tuple[str, ...] = ()
    """Kinds of units the sentence names with it ('o art. 5º e seus parágrafos', 'com os
    respectivos incisos e alíneas'): the unit with all its units of those kinds."""
    continues: bool = False
    """'do supracitado artigo', 'da Lei supracitada': the artigo or norm of the instruction before."""
    current: bool = False
    """'o atual § 1º': the unit as numbered before this act."""
    through: Through | None = None
    quoted: bool = False
    """Printed between quote marks ('ao “Art. 3º da Lei nº 1.415/91”')."""
    annex: str | None = None
    """A part of an annex, table or list of the norm, not a dispositivo ('os trechos do Anexo IV
    da Lei Complementar nº 1/94', 'o Anexo II da Lei …'): what is printed; ``ids`` are empty
    (or the units of the annex the sentence names). Tables are issue 39's: an instruction on
    one is a question until they are modelled."""

    @property
    def act_ref(self) -> ActRef | None:
        return self.act.ref if self.act is not None else None


Cited = UnitCitation | ActCitation


@dataclass(frozen=True, slots=True)
class Pair:
    """One expression replaced by another, with its own place when it has one."""

    old: str
    new: str
    place: tuple[Cited, ...] = ()
    whole_norm: bool = False
    """'em toda a Lei': the whole norm (``place`` names the norm, or nothing)."""


@dataclass(frozen=True, slots=True)
class Clause:
    """One verb of a sentence, with what it acts on."""

    kind: ClauseKind
    rule: str
    """The grammar rule that read it (``data/gramatica/instrucoes.lark``)."""
    objects: tuple[Cited, ...] = ()
    """What it acts on: units rewritten, added, revoked or renumbered; acts revoked."""
    place: tuple[UnitCitation, ...] = ()
    """Where new units go ('ao art. 5º'); for a rewrite, the unit said to be rewritten with
    units added ('passa a vigorar acrescido do § 3º')."""
    norm: ActCitation | None = None
    """The norm the clause names apart from its units ('Acrescente-se à Lei nº …', 'Fica
    revogado o art. 2º, … da Lei …')."""
    new_numbers: tuple[str, ...] = ()
    """Renumbering: the ids (or bare numbers, '2º') the objects take, in order."""
    rest: bool = False
    """Renumbering of 'os demais' / 'os subsequentes': units not named."""
    pairs: tuple[Pair, ...] = ()
    """Substitution: what replaces what, where."""
    expressions: tuple[str, ...] = ()
    """Suppression of words: the words removed."""
    copy_of: UnitCitation | None = None
    """An inclusion 'com a redação do atual art. 4º': the unit whose wording it copies."""
    text_follows: bool = False
    """The sentence announces new wording ('a seguinte redação', 'com o seguinte teor', ':')."""
    whole: bool = False
    """'na íntegra', 'integralmente', 'em sua totalidade'."""
    set_replaced: bool = False
    """'Os parágrafos do art. 11 … ficam revogados, passando a apresentar a seguinte redação':
    the set the object names is replaced by the quoted one."""
    items_follow: bool = False
    """A list's head ('Ficam revogados os seguintes dispositivos da Lei …:', 'Revogam-se:'): the
    objects are the items below it."""
    deferred: str | None = None
    """A date or condition the clause's effect waits for ('com efeito a partir de …')."""
    restriction: str | None = None
    """Words that make a revocation partial ('…, relativamente ao turismo')."""
    context: tuple[Cited, ...] = ()
    """Acts or units the clause cites as context ('em razão da vigência da Lei …')."""
    note: str | None = None
    """For a clause that changes nothing by itself: what it says (vigência, a table, …)."""

    @property
    def acts(self) -> tuple[ActCitation, ...]:
        return tuple(o for o in self.objects if isinstance(o, ActCitation))

    @property
    def units(self) -> tuple[UnitCitation, ...]:
        return tuple(o for o in self.objects if isinstance(o, UnitCitation))

    def describe(self) -> str:
        """One Portuguese sentence saying what the clause orders."""
        return _describe_clause(self)


@dataclass(frozen=True, slots=True)
class Instruction:
    """What the grammar read in one dispositivo of an amending act."""

    source: str
    """The dispositivo's text, as printed."""
    where: str | None = None
    """The dispositivo in the amending act ('art2', 'art2_par1'); None for the ementa."""
    line: int | None = None
    reading: Reading = Reading.READ
    clauses: tuple[Clause, ...] = ()
    norm: ActCitation | None = None
    """The norm the sentence names for all its clauses ('…; e suprima-se …, todos da Lei nº …')."""
    readings: tuple[str, ...] = ()
    """For an ambiguous sentence: each reading, described."""
    corrections: tuple[tuple[str, str], ...] = ()
    """Misspelt words read as the word they miss ('vi8gorar' → 'vigorar')."""
    condition: str | None = None
    """A date or condition the whole sentence waits for ('Após a implantação do sistema, …',
    '…, quando da instalação do Conselho'): none of its changes takes effect with the act."""
    cited: tuple[Cited, ...] = ()
    """Every citation of another norm the sentence prints (for a sentence not read, the acts
    and units a person is asked about)."""
    items: tuple["Instruction", ...] = field(default=())
    """A list's items (the dispositivos below its head, or the lines of its quoted block)."""

    @property
    def read(self) -> bool:
        return self.reading is Reading.READ

    @property
    def operative(self) -> bool:
        return any(c.kind.operative for c in self.clauses) or any(i.operative for i in self.items)

    def kinds(self) -> tuple[ClauseKind, ...]:
        return tuple(c.kind for c in self.clauses)

    def describe(self) -> str:
        """The reading in plain Portuguese, one clause a line (what a clerk checks the
        operations against)."""
        return _describe_instruction(self)


# --- describing ---------------------------------------------------------------------------------

_VERB = {
    ClauseKind.REDACAO: "nova redação de", ClauseKind.ALTERACOES: "alterações em", ClauseKind.INCLUSAO: "acréscimo de",
    ClauseKind.REVOGACAO: "revogação de", ClauseKind.RENUMERACAO: "renumeração de",
    ClauseKind.SUBSTITUICAO: "substituição de expressão", ClauseKind.SUPRESSAO_EXPRESSAO: "supressão de palavras",
    ClauseKind.VIGENCIA: "vigência", ClauseKind.REVOGACAO_GENERICA: "revogação das disposições em contrário",
    ClauseKind.TABELA: "alteração de tabela, anexo ou quadro", ClauseKind.NAO_TEXTUAL: "alteração sem nova redação",
    ClauseKind.EFEITO: "efeito das alterações deste ato no tempo",
    ClauseKind.TEXTO: "texto do próprio ato (não é instrução de alteração)",
}


def cited_label(c: Cited) -> str:
    """A citation as a clerk reads it: 'art. 3º, inciso II (art3_cpt_inc2) da Lei nº 500/2020'."""
    if isinstance(c, ActCitation):
        return c.label()
    what = " ".join(c.text.split())
    if c.kind_set:
        what = f"os {c.kind_set}s de {what}"
    if c.with_units:
        what += " com seus " + " e ".join(f"{k}s" for k in c.with_units)
    ids = ", ".join(c.ids)
    s = f"{what} ({ids})" if ids and ids not in what else what
    if c.act is not None and c.act.text not in c.text:
        s += f" da {c.act.label()}"
    return s


def _objects(cs: tuple[Cited, ...]) -> str:
    return "; ".join(cited_label(c) for c in cs)


def _describe_clause(c: Clause) -> str:
    parts = [_VERB[c.kind]]
    if c.kind is ClauseKind.SUBSTITUICAO:
        for p in c.pairs:
            where = _objects(p.place) if p.place else ("toda a norma" if p.whole_norm else "lugar não citado")
            parts.append(f"“{p.old}” por “{p.new}” em {where}")
    elif c.kind is ClauseKind.SUPRESSAO_EXPRESSAO:
        parts.append(", ".join(f"“{e}”" for e in c.expressions))
        if c.objects:
            parts.append(f"em {_objects(c.objects)} (o dispositivo fica)")
    elif c.objects:
        parts.append(_objects(c.objects))
    if c.place:
        parts.append(("em" if c.kind is not ClauseKind.INCLUSAO else "a") + f" {_objects(c.place)}")
    if c.norm is not None:
        parts.append(f"da {c.norm.label()}")
    if c.new_numbers:
        parts.append("→ " + ", ".join(c.new_numbers))
    if c.rest:
        parts.append("(os demais dispositivos)")
    if c.copy_of is not None:
        parts.append(f"com a redação de {cited_label(c.copy_of)}")
    if c.set_replaced:
        parts.append("(o conjunto substituído pelo texto entre aspas)")
    if c.whole:
        parts.append("(por inteiro)")
    if c.items_follow:
        parts.append("(os itens seguem)")
    if c.deferred:
        parts.append(f"— com efeito {c.deferred}")
    if c.restriction:
        parts.append(f"— só em parte: “{c.restriction}”")
    if c.note:
        parts.append(f"— {c.note}")
    return " ".join(parts)


def _describe_instruction(i: Instruction) -> str:
    head = f"{i.where or 'ato'}" + (f" (linha {i.line})" if i.line else "")
    if i.reading is Reading.UNREAD:
        acts = _objects(i.cited)
        return f"{head}: a gramática não lê esta frase" + (f" (cita {acts})" if acts else "")
    if i.reading is Reading.AMBIGUOUS:
        return f"{head}: a frase tem mais de uma leitura — " + "; ".join(
            f"({n}) {r}" for n, r in enumerate(i.readings, 1))
    lines = [f"{head}: " + "; ".join(c.describe() for c in i.clauses)]
    if i.norm is not None:
        lines[0] += f" — todos da {i.norm.label()}"
    if i.condition:
        lines[0] += f" — só “{i.condition}”"
    for a, b in i.corrections:
        lines.append(f"    (lido “{a}” como “{b}”)")
    for item in i.items:
        lines.append("    item: " + item.describe().split(": ", 1)[-1])
    return "\n".join(lines)


def instruction_of(op: Operation) -> Instruction | None:
    """The grammar's reading carried by an operation (``Operation.instruction``), typed."""
    r = op.instruction
    return r if isinstance(r, Instruction) else None
