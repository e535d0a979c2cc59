"""One item of the review desk: what a person needs to decide it, and the preview of a choice.

- :func:`article_lines` — the amending act's article as printed, the instruction's lines marked;
- :func:`quoted_units` — the units the instruction brings between quotes (the texts a person may
  pick for "another reading");
- :func:`unit_options` — the target's units as they stand on the act's date (the only ones a
  person may name);
- :func:`preview` — operations applied to that text: the quadro (before/after, word level, with
  the project's diff code) of the units that change, and what the application refused;
- :func:`alternatives` — readings the tool can offer besides its own (an inclusion of a unit
  that already exists read as its new wording, and the reverse), each only when it applies.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from markupsafe import Markup

from lexconsolida.amendments import gates
from lexconsolida.amendments.blocks import QuotedUnit, block_units
from lexconsolida.amendments.model import EMENTA, KIND_NAMES, Operation, OpKind
from lexconsolida.corpus.records import DecisaoOperacao
from lexconsolida.corpus.store import decode_text_bytes
from lexconsolida.diff.html import make_row, rows_html
from lexconsolida.diff.report import compare
from lexconsolida.diff.tokens import DELETE, INSERT, word_diff
from lexconsolida.diff.units import flatten
from lexconsolida.io import read_bytes
from lexconsolida.model import Dispositivo, Event, Kind, Norma, Situacao
from lexconsolida.model.ids import LexId, citation_parts
from lexconsolida.model.numbering import label_for
from lexconsolida.templating import escape_str
from lexconsolida.transforms.amend import apply_checked, refused_operations

@dataclass(slots=True)
class Line:
    number: int
    text: str
    mark: str = ""
    """'' (context), 'instrucao' (the instruction's own lines) or 'aspas' (its quoted text)."""


def _subtree_lines(d: Dispositivo) -> tuple[int, int] | None:
    lows, highs = [], []
    for n in d.walk():
        if n.lines:
            lows.append(n.lines[0])
            highs.append(n.lines[1])
        for alt in n.alteracoes:
            if alt.lines:
                lows.append(alt.lines[0])
                highs.append(alt.lines[1])
    return (min(lows), max(highs)) if lows else None


def article_lines(norma: Norma, text_file, where: str | None, line: int | None,
                  limit: int = 120, ementa: bool = False) -> list[Line]:
    """The lines of the amending act's article that holds the instruction ``where`` (for the
    whole act, its first lines), as printed in its text file; the instruction's own lines
    marked 'instrucao', its quoted blocks 'aspas'. ``ementa``: the item is about the act's
    ementa, whose line is marked."""
    if text_file is None:
        return []
    raw = decode_text_bytes(read_bytes(text_file)).splitlines()
    node = None
    if where:
        try:
            art = LexId.parse(where).article
        except ValueError:
            art = None
        node = norma.find(str(art)) if art is not None else None
        target = norma.find(where) or norma.find(where + "_cpt")
    span = _subtree_lines(node) if isinstance(node, Dispositivo) else None
    if span is None:
        if line:
            span = (max(1, line - 3), min(len(raw), line + 8))
        else:
            span = (1, min(len(raw), 40))
    first, last = span[0], min(span[1], span[0] + limit - 1)
    own: set[int] = set()
    quoted: set[int] = set()
    holders = [node, target] if where else list(norma.artigos())
    for holder in holders:
        if isinstance(holder, Dispositivo):
            for n in holder.walk():
                for alt in n.alteracoes:
                    if alt.lines:
                        quoted.update(range(alt.lines[0], alt.lines[1] + 1))
    if where and isinstance(target, Dispositivo):
        for n in target.walk():
            if n.lines:
                own.update(range(n.lines[0], n.lines[1] + 1))
    elif line:
        own.add(line)
    elif ementa and norma.ementa:
        head = " ".join(norma.ementa.split())[:40]
        own.update(i for i, text in enumerate(raw, 1) if head and head in " ".join(text.split()))
    own -= quoted
    out = []
    for i in range(first, last + 1):
        if i - 1 < len(raw):
            out.append(Line(i, raw[i - 1], "aspas" if i in quoted else "instrucao" if i in own else ""))
    return out


@dataclass(slots=True)
class Quoted:
    """A unit the instruction brings between quotes."""

    index: int
    kind: str
    rotulo: str
    text: str
    depth: int
    full: str = ""
    """The unit with its units, one per line as printed ('Art. 50. …:', 'I - …;'): what a person
    copies into an own reading of the whole unit."""
    children: int = 0
    """How many units it holds."""


def printed_line(u: QuotedUnit) -> str:
    """A quoted unit as one printed line ('Art. 50. …', '§ 1º …', 'I - …', 'a) …')."""
    try:
        label = label_for(u.kind, u.number, unico=u.unico)
    except ValueError:
        return u.text
    sep = {"artigo": ". ", "inciso": " - ", "paragrafo": " " if not u.unico else ". "}.get(u.kind, " ")
    return f"{label}{sep}{u.text}".strip()


def _lines_of(u: QuotedUnit) -> list[str]:
    if u.kind in ("omissis", "texto"):
        return ["......."] if u.kind == "omissis" else [u.text]
    return [printed_line(u)] + [line for c in u.children for line in _lines_of(c)]


def _count(u: QuotedUnit) -> int:
    return sum(1 + _count(c) for c in u.children if c.kind not in ("omissis", "texto"))


def quoted_units(norma: Norma, where: str | None) -> list[Quoted]:
    """The units of the quoted blocks of the instruction ``where`` (all of the act's, for None),
    flattened in order, each with its whole text (the unit and its units)."""
    nodes: list[Dispositivo] = []
    if where:
        d = norma.find(where) or norma.find(where + "_cpt")
        if isinstance(d, Dispositivo):
            nodes = list(d.walk())
    else:
        nodes = list(norma.dispositivos())
    out: list[Quoted] = []

    def add(u: QuotedUnit, depth: int) -> None:
        if u.kind in ("omissis", "texto") and not u.text:
            return
        out.append(Quoted(len(out), u.kind, u.rotulo or "", u.text, depth, "\n".join(_lines_of(u)), _count(u)))
        for c in u.children:
            add(c, depth + 1)

    for n in nodes:
        for alt in n.alteracoes:
            for u in block_units(alt):
                add(u, 0)
    if where and not out:  # no quoted text: the instruction's own units (a paragraph outside the quotes)
        for n in nodes:
            if n.text and n.kind.value not in ("caput", "omissis"):
                text = " ".join(n.text.split())
                out.append(Quoted(len(out), n.kind.value, n.rotulo or "", text, 0, text))
    return out


@dataclass(slots=True)
class UnitOption:
    id: str
    cite: str
    text: str
    depth: int
    kind: str


def unit_options(base: Norma) -> list[UnitOption]:
    """The dispositivos of ``base`` (the target as it stands on the date), in order, for the
    controls: a person can only name a unit that exists."""
    out = []
    if base.ementa:
        out.append(UnitOption(EMENTA, "Ementa", base.ementa, 0, "ementa"))
    for u in flatten(base):
        if u.is_agrupador:
            continue
        out.append(UnitOption(u.id, u.cite, u.body, u.depth, u.kind))
    return out


@dataclass(slots=True)
class Preview:
    operations: list[str]
    """Each operation in one Portuguese line."""
    rows: Markup
    """The quadro's rows (``<tr>``) of the units that change."""
    ementa: Markup | None
    """The ementa before and after, word level, when it changes."""
    refused: list[str]
    """Why operations were refused by the text on that date."""
    changed: int
    revoked: bool = False
    """The whole norm is revoked by these operations."""
    gates: list[tuple[str, str, bool]] = field(default_factory=list)
    """What the precision gates (:mod:`lexconsolida.amendments.gates`) say of this reading, before
    and after it is applied: (code, message, blocking). Operations a person writes are not
    gated; the tool's own reading is."""
    applies_now: bool | None = None
    """Whether the act's step on this target is applied once the decision is in force (the
    history, as recording it recompiles it); None when not simulated."""
    held: list[str] = field(default_factory=list)
    """Why the step still waits (the act's other open items, a gate): Portuguese sentences."""
    after: Norma | None = None
    """The target after the operations (what the quadro shows)."""
    warnings: list[str] = field(default_factory=list)
    """Structural warnings of a person's reading (shown, not blocking)."""
    left_behind: list[str] = field(default_factory=list)
    """Units in force a person's new wording does not bring (kept or revoked, as chosen)."""

    @property
    def applies(self) -> bool:
        return not self.refused and (self.changed > 0 or not self.operations)


def _ementa_diff(old: str, new: str) -> Markup:
    parts = []
    for op in word_diff(old, new):
        if op.kind == DELETE:
            parts.append(f"<del>{escape_str(op.text)}</del>")
        elif op.kind == INSERT:
            parts.append(f"<ins>{escape_str(op.text)}</ins>")
        else:
            parts.append(escape_str(op.text))
    return Markup("".join(parts))


def compared(base: Norma, after: Norma, ops: list[Operation], event: Event, anchor: str = "previa",
             refused: list[str] | None = None, found: list[tuple[str, str, bool]] | None = None) -> Preview:
    """The quadro of ``base`` → ``after`` (the units that change), with ``ops`` described."""
    same = {u.id for u in flatten(base)} & {u.id for u in flatten(after)}
    report = compare(base, after, table={i: i for i in same}, date=event.date)
    rows = [replace(r, anchor=f"{anchor}-{r.anchor}") for r in (make_row(p) for p in report.pairs if p.is_change)]
    ementa = None
    if (base.ementa or "") != (after.ementa or ""):
        ementa = _ementa_diff(base.ementa or "", after.ementa or "")
    revoked = after.situacao is Situacao.REVOGADO and base.situacao is not Situacao.REVOGADO
    return Preview([_describe(o, base) for o in ops], rows_html(rows, False), ementa, list(refused or []),
                   len(rows) + (1 if ementa is not None else 0) + int(revoked), revoked, list(found or []), after=after)


def preview(base: Norma, ops: list[Operation], event: Event, anchor: str = "previa",
            context: gates.Context | None = None) -> Preview:
    """``ops`` applied to ``base``: the rows of the quadro that change, and what was refused.
    ``anchor`` prefixes the rows' ids (a page shows several previews). ``context``: the
    act's gate context (its text and recognition problems), to say what the gates find."""
    after, errors = apply_checked(base, ops, event)
    found: list[tuple[str, str, bool]] = []
    if context is not None:
        ctx = replace(context, base=base, ops=list(ops), event=event)
        problems = gates.check(ctx) + (gates.verify(ctx, after) if not errors and ops else [])
        found = [(p.code, p.message, p.blocking) for p in problems]
    return compared(base, after, ops, event, anchor, [e.message for e in errors], found)


def _describe(o: Operation, base: Norma | None = None) -> str:
    """One operation in Portuguese, with the units as the law cites them ('nova redação do art.
    5º, § 1º: “…”'), never internal ids."""
    if o.kind == "revogacao_total":
        return f"revogação de {o.target_label} (o ato inteiro)"
    what = KIND_NAMES.get(o.kind, o.kind)
    alvo = "a ementa" if o.target_id == EMENTA else (cite_unit(o.target_id) if o.target_id else "o ato inteiro")
    s = f"{what} de {alvo}"
    if o.kind == "renumeracao" and (o.new_rotulo or o.new_id):
        s += f" → {cite_unit(o.new_id) if o.new_id else o.new_rotulo}"
    if o.text:
        rot = f"{o.rotulo} " if o.rotulo and o.kind == "inclusao" else ""
        s += f": “{rot}{o.text}”"
    return s


def cite_unit(uid: str | None) -> str:
    """'art5_par1' as the law cites it: 'art. 5º, § 1º' ('ementa', 'o ato inteiro')."""
    if not uid:
        return "o ato inteiro"
    if uid == EMENTA:
        return "a ementa"
    try:
        return ", ".join(citation_parts(uid)) or uid
    except (ValueError, KeyError, AssertionError):
        return uid


@dataclass(slots=True)
class Reading:
    key: str
    title: str
    operations: list[Operation]
    default: bool = False
    """The tool's own reading: approving it needs no justification."""
    preview: Preview | None = None
    written: list[DecisaoOperacao] = field(default_factory=list)
    """How the reading is recorded when it is not the tool's own (``decisao = "operacoes"``)."""


def as_written(ops: list[Operation]) -> list[DecisaoOperacao]:
    """Operations as a ledger entry writes them (``[[decisoes.operacoes]]``)."""
    return [DecisaoOperacao(o.kind, f"{o.target_urn}!{o.target_id}" if o.target_id else (o.target_urn or ""),
                            o.text, o.rotulo if o.kind == "inclusao" else None, o.new_id, o.new_rotulo) for o in ops]


_SWAP = {OpKind.INCLUSAO: OpKind.REDACAO, OpKind.REDACAO: OpKind.INCLUSAO}


def alternatives(base: Norma, ops: list[Operation], event: Event) -> list[Reading]:
    """Readings besides the tool's, when the text on that date refuses some of its operations:

    - each refused inclusion of a unit that exists read as its new wording, each refused new
      wording of a unit that does not exist read as an inclusion — when the whole set then
      applies;
    - the operations that apply, without the refused ones (the person says why in the
      justification) — when some apply."""
    refused = refused_operations(base, ops, event)
    if not refused or not ops:
        return []
    out = []
    existing = {u.id for u in flatten(base)}
    swapped = []
    changed = False
    for o in ops:
        if o.kind in _SWAP and o.target_id and (o.target_id in existing) == (o.kind == "inclusao"):
            swapped.append(replace(o, kind=_SWAP[o.kind], lenient=False, container=False))
            changed = True
        else:
            swapped.append(o)
    if changed and not apply_checked(base, swapped, event)[1]:
        kinds = sorted({KIND_NAMES[_SWAP[o.kind]] for o in ops if o.kind in _SWAP})
        out.append(Reading("trocada", f"Ler como {' e '.join(kinds)} (os dispositivos "
                                      f"{'já existem' if 'nova redação' in kinds else 'não existem'} no texto dessa data)",
                           swapped, False, None, as_written(swapped)))
    bad = {id(o) for o, _ in refused}
    good = [o for o in ops if id(o) not in bad]
    if good and len(good) < len(ops) and not apply_checked(base, good, event)[1]:
        left = ", ".join(o.target_id or "ato" for o, _ in refused)
        out.append(Reading("parcial", f"Só as operações que o texto aceita (sem: {left})", good, False, None,
                           as_written(good)))
    return out


def whole_rewrite(base: Norma, ops: list[Operation], event: Event) -> Reading | None:
    """The other reading of a new wording of a whole unit that does not bring some of its units
    in force (the gate ``subunidades-nao-trazidas``): the new wording replaces the unit whole,
    so the units it does not bring are revoked (LC 95/1998, art. 12, III: the line of dots is
    what keeps units not rewritten). The tool's own reading keeps them. None when no unit is
    left behind."""
    after, errors = apply_checked(base, ops, event)
    if errors:
        return None
    touched = [o.target_id for o in ops if o.target_id]
    extra: list[Operation] = []
    for o in ops:
        if o.kind != OpKind.REDACAO or not o.target_id or o.target_id == EMENTA or o.target_id.endswith("_cpt") \
                or o.container:
            continue
        unit = after.find(o.target_id)
        if not isinstance(unit, Dispositivo):
            continue
        children = [g for c in unit.children for g in (c.children if c.kind is Kind.CAPUT else [c])]
        for child in children:  # an artigo's incisos hang from its caput
            if child.situacao is not Situacao.VIGENTE or any(t == child.id or t.startswith(child.id + "_")
                                                             for t in touched):
                continue
            # the instruction's own operation, made a revocation of the unit: same norm (and the
            # citation that names it), same instruction
            extra.append(replace(o, kind=OpKind.REVOGACAO, target_id=child.id, unit_kind=child.kind.value,
                                 rotulo=None, text=None, keep=None, complete=(), lenient=False, copy_of=None,
                                 implicit_renumbering=False, holds=None, expression=None))
    if not extra or apply_checked(base, ops + extra, event)[1]:
        return None
    cite = {u.id: u.cite for u in flatten(base)}
    names = ", ".join(cite.get(x.target_id or "", x.target_id or "") for x in extra[:5]) + ("…" if len(extra) > 5 else "")
    return Reading("inteira", f"A nova redação substitui o dispositivo inteiro: {names} ficam revogados",
                   ops + extra, False, None, as_written(ops + extra))
