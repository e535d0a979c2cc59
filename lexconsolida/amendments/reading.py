"""An amending act read sentence by sentence: every dispositivo that may order a change, with
what the grammar read in it, its quoted blocks and what belongs to it.

:func:`sentences` walks the act's artigos. A dispositivo is read by the grammar when its text has
a word of the drafters' lexicon that orders a change or closes the act
(:func:`lexicon.may_instruct`), or when it brings quoted blocks; any other is the act's own text.
Each read one is a :class:`Sentence`: the :class:`~lexconsolida.model.instructions.Instruction`,
the quoted blocks it brings (an artigo's blocks belong to its caput), the items of a list it
announces ('Ficam revogados:' and the incisos below it, or the lines of its quoted block, each
read by the grammar's ``item`` rule), and the new text it brings without quote marks (the
dispositivos that follow it with exactly the labels it names).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from lexconsolida.amendments import lexicon
from lexconsolida.amendments import syntax as grammar
from lexconsolida.amendments.coverage import amending_units
from lexconsolida.amendments.quoted import named_by_citation
from lexconsolida.model import Alteracao, Dispositivo, Kind, Norma
from lexconsolida.model.instructions import ClauseKind, Instruction, Reading


@dataclass(slots=True)
class Sentence:
    """One dispositivo of the amending act that the grammar read."""

    unit: Dispositivo
    article: Dispositivo
    reading: Instruction
    blocks: list[Alteracao] = field(default_factory=list)
    items: list["Sentence"] = field(default_factory=list)
    """A list's items, each read by the grammar's ``item`` rule."""
    unquoted: list[Dispositivo] = field(default_factory=list)
    """New text printed without quote marks (see :func:`_unquoted_text`)."""
    head: "Sentence | None" = None
    """The sentence that announces this one ('A Lei X passa a vigorar com as seguintes
    alterações:' heading its incisos): its norm is this one's when it names none."""
    item_line: int | None = None
    """For an item read from a line of a quoted block: that line."""
    heads: bool = False
    """It announces instructions of its own below it (see :func:`_heads_instructions`): what
    it orders, they say."""

    @property
    def where(self) -> str:
        d = self.unit
        return d.id[:-4] if d.id.endswith("_cpt") else d.id

    @property
    def line(self) -> int | None:
        return self.item_line or (self.unit.lines[0] if self.unit.lines else None)


def sentences(norma: Norma) -> list[Sentence]:
    """Every dispositivo of ``norma`` the grammar reads, in order. A dispositivo the grammar
    cannot read is kept (a question) when it amends by the independent scan of
    :mod:`lexconsolida.amendments.coverage` (a quoted block, or a verb of change next to a unit
    of another norm) or is an item of a list an instruction announces; any other is the act's
    own text that merely shares a word with the lexicon ('terá a seguinte composição:',
    'ficam reajustados') — unless it opens with a verb that orders a change
    (:func:`~lexconsolida.amendments.syntax.opens_with_order`)."""
    amending = {id(d) for d in amending_units(norma)}
    out: list[Sentence] = []
    for art in norma.artigos():
        out += [s for s in _article(art)
                if s.reading.reading is not Reading.UNREAD or s.blocks or id(s.unit) in amending
                or s.head is not None or grammar.opens_with_order(s.unit.text or "")]
    return out


def _article(art: Dispositivo) -> list[Sentence]:
    out: list[Sentence] = []
    consumed: set[int] = set()
    heads: list[Sentence] = []
    for d in art.walk():
        if d.kind is Kind.ARTIGO or id(d) in consumed or not d.text:
            continue
        blocks = list(d.alteracoes) + (list(art.alteracoes) if d.kind is Kind.CAPUT else [])
        if not blocks and not lexicon.may_instruct(d.text):
            continue
        reading = replace(grammar.read(d.text), where=_where(d), line=d.lines[0] if d.lines else None)
        s = Sentence(d, art, reading, blocks)
        s.head = next((h for h in reversed(heads) if d in list(h.unit.walk()) or
                       (h.unit.kind is Kind.CAPUT and d.kind is not Kind.CAPUT)), None)
        if _announces_items(reading):
            s.items = _items(s, consumed)
        elif not blocks and _brings_text(reading) and d.kind is Kind.CAPUT:
            s.unquoted = _unquoted_text(art, d, reading)
            consumed.update(id(n) for u in s.unquoted for n in u.walk())
        if _heads_instructions(s):
            s.heads = True
            heads.append(s)
        out.append(s)
    return out


def _where(d: Dispositivo) -> str:
    return d.id[:-4] if d.id.endswith("_cpt") else d.id


def _announces_items(r: Instruction) -> bool:
    return r.reading is Reading.READ and any(c.items_follow for c in r.clauses)


def _brings_text(r: Instruction) -> bool:
    return r.reading is Reading.READ and any(c.kind in (ClauseKind.REDACAO, ClauseKind.ALTERACOES, ClauseKind.INCLUSAO)
                                             for c in r.clauses)


def _heads_instructions(s: Sentence) -> bool:
    """A sentence whose dispositivos below are instructions of their own ('A Lei X passa a vigorar
    com as seguintes alterações:' with no quoted block): it gives them its norm."""
    return _brings_text(s.reading) and not s.blocks and bool(s.unit.children) and any(
        c.text and lexicon.may_instruct(c.text) for c in s.unit.children)


def _items(s: Sentence, consumed: set[int]) -> list[Sentence]:
    """A list's items: the dispositivos below it (its incisos) or, without them, the lines of its
    quoted blocks; each read by the grammar's ``item`` rule (one it cannot read is unread, for a
    person)."""
    d = s.unit
    out: list[Sentence] = []
    kids = [c for c in d.children if c.kind is not Kind.OMISSIS and c.text]
    if kids:
        for c in kids:
            consumed.update(id(n) for n in c.walk())
            r = replace(grammar.read_item(c.text), where=_where(c), line=c.lines[0] if c.lines else None)
            out.append(Sentence(c, s.article, r, list(c.alteracoes), head=s))
        return out
    for b in s.blocks:
        first = b.lines[0] if b.lines else None
        for i, raw in enumerate(b.raw.splitlines()):
            printed = raw.strip().strip("\"“”").strip()
            if not printed:
                continue
            line = first + i if first is not None else None
            r = replace(grammar.read_item(printed), where=s.where, line=line)
            out.append(Sentence(d, s.article, r, [], head=s, item_line=line))
    return out


_ENDS_SENTENCE = re.compile(r"[:.]\s*$")


def _instructs(d: Dispositivo) -> bool:
    """Whether ``d`` is an instruction of its own (the grammar reads in it a clause that orders
    a change), not new text that merely has a word of the lexicon ('terá a seguinte divisão:')."""
    if not d.text or not lexicon.may_instruct(d.text):
        return False
    r = grammar.read(d.text)
    return r.reading is Reading.READ and r.operative


def _unquoted_text(art: Dispositivo, d: Dispositivo, reading: Instruction) -> list[Dispositivo]:
    """The new text of an instruction printed without quotes: the dispositivos that follow the
    caput ``d`` (its own, then the artigo's paragraphs), when the caput ends with the
    instruction and they carry exactly the labels it names, no more and no less. Empty
    otherwise: the instruction stays without new text, for a person to decide."""
    if not _ENDS_SENTENCE.search(d.text):
        return []
    following = list(d.children) + [c for c in art.children if c.kind is not Kind.CAPUT]
    if not following or any(f.alteracoes or f.kind is Kind.OMISSIS or _instructs(f) for f in following):
        return []
    named = [i for row in named_by_citation([tuple(u.ids) for c in reading.clauses for u in (*c.place, *c.units)])
             for i in row]
    complete = [i for i in named if i.startswith("art")]
    leaves = [n for n in named if not any(o.startswith(n + "_") for o in named)]
    if not complete:
        return []
    if sorted(n.split("_")[-1] for n in leaves) != sorted(f.id.split("_")[-1] for f in following):
        return []
    return following
