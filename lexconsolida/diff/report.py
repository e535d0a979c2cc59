"""The DiffReport: aligned pairs of units with their word-level operations, in reading order.

:func:`compare` is the whole pipeline: flatten both norms, align them, diff each pair's
note-free text word by word, order the rows as the reader expects (new text order, each
removed unit right after the row of the unit that preceded it in the old text).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from lexconsolida.diff.align import (
    ADDED, REMOVED, STATUSES, UNCHANGED, Match, align,
)
from lexconsolida.diff.tokens import (
    DELETE, EQUAL, INSERT, PARAGRAPH_BREAK, Op, get_engine, word_diff,
)
from lexconsolida.diff.units import Unit, display_label, flatten, normalize
from lexconsolida.gcpause import gc_paused
from lexconsolida.model import Dispositivo, Kind, Norma
from lexconsolida.model.dates import format_long
from lexconsolida.model.status import alterations, missing_phrase, status_of

STATUS_LABELS = {
    "unchanged": "inalterado",
    "changed": "alterado",
    "moved": "renumerado ou movido",
    "split": "desmembrado",
    "merged": "fundido",
    "added": "acrescido",
    "removed": "suprimido",
}
"""How each status is named to the reader (pt-BR)."""


@dataclass(frozen=True, slots=True)
class MiddleText:
    """What an amending act (the middle term) says about a row."""

    source: str
    """Where the act says it ('Lei nº 2.331, de 2002, art. 1º')."""
    text: str
    """The quoted wording, label included."""


@dataclass(frozen=True, slots=True)
class Pair:
    """One row of the report."""

    status: str
    """One of :data:`lexconsolida.diff.align.STATUSES`."""
    old: tuple[Unit, ...]
    """The unit(s) of the old text: none when added, several when merged."""
    new: tuple[Unit, ...]
    """The unit(s) of the new text: none when removed, several when split."""
    ops: tuple[Op, ...]
    """Word-level operations from the old note-free text(s) to the new one(s); several units
    of one side are joined by :data:`PARAGRAPH_BREAK`."""
    middle: tuple[MiddleText, ...] = ()
    """The amending act's wording for this row, when a middle term was given."""

    @property
    def anchor(self) -> str:
        """The row's permalink id: the new unit's id, or 'antigo-' + the old one's."""
        return self.new[0].id if self.new else "antigo-" + self.old[0].id

    @property
    def label_changed(self) -> bool:
        return [normalize(u.label) for u in self.old] != [normalize(u.label) for u in self.new]

    @property
    def text_changed(self) -> bool:
        return any(op.kind != EQUAL and op.text.strip(" " + PARAGRAPH_BREAK) for op in self.ops)

    @property
    def notes_changed(self) -> bool:
        def notes(units):
            return [normalize(n.text) for u in units for n in u.notes]

        return notes(self.old) != notes(self.new)

    @property
    def is_change(self) -> bool:
        return self.status != UNCHANGED or self.notes_changed

    @property
    def kind(self) -> str:
        return (self.new or self.old)[0].kind

    @property
    def depth(self) -> int:
        return (self.new or self.old)[0].depth


@dataclass(slots=True)
class DiffReport:
    """The comparison of two texts of a norm."""

    old_title: str
    new_title: str
    pairs: list[Pair]
    old_urn: str | None = None
    new_urn: str | None = None
    middle_title: str | None = None
    """Title of the amending act shown as the middle column, if any."""
    date: str | None = None
    """ISO date of the new text (used for tracked-change dates)."""
    old_column: str = "Texto anterior"
    """The old side's column title, by what is compared: 'Texto original', 'Texto compilado em
    10 de setembro de 2014', 'Redação atual' (beside a proposal)."""
    new_column: str = "Texto novo"
    """'Texto compilado em …', 'Redação proposta' (a minuta, a consolidation) …"""

    def counts(self) -> dict[str, int]:
        """Rows per status, every status present (0 when none)."""
        c = Counter(p.status for p in self.pairs)
        return {s: c.get(s, 0) for s in STATUSES}

    @property
    def changes(self) -> list[Pair]:
        return [p for p in self.pairs if p.is_change]

    def shown(self, all_rows: bool = False, context: int = 1) -> list[Pair | int]:
        """The rows a quadro prints: every changed row with ``context`` unchanged rows on each
        side (all rows with ``all_rows``); each run of rows left out is its count."""
        if all_rows:
            return list(self.pairs)
        keep: set[int] = set()
        for i, p in enumerate(self.pairs):
            if p.is_change:
                keep.update(range(max(0, i - context), min(len(self.pairs), i + context + 1)))
        out: list[Pair | int] = []
        for i, p in enumerate(self.pairs):
            if i in keep:
                out.append(p)
            elif out and isinstance(out[-1], int):
                out[-1] += 1
            else:
                out.append(1)
        return out

    def by_id(self, unit_id: str, side: str = "new") -> Pair | None:
        for p in self.pairs:
            if any(u.id == unit_id for u in (p.new if side == "new" else p.old)):
                return p
        return None


def pair_ops(status: str, old: Sequence[Unit], new: Sequence[Unit], engine: str | None) -> tuple[Op, ...]:
    a = PARAGRAPH_BREAK.join(u.body for u in old)
    b = PARAGRAPH_BREAK.join(u.body for u in new)
    if status == ADDED:
        return (Op(INSERT, b),) if b else ()
    if status == REMOVED:
        return (Op(DELETE, a),) if a else ()
    return word_diff(a, b, engine)


def order_rows(matches: Sequence[Match]) -> list[Match]:
    """New-text order; a row with only old units goes after the row of its old predecessor."""
    row_of_old: dict[int, Match] = {}
    for m in matches:
        for o in m.old:
            row_of_old[o] = m
    anchored = sorted((m for m in matches if m.new), key=lambda m: m.new[0])
    orphans = sorted((m for m in matches if not m.new), key=lambda m: m.old[0])
    after: dict[int, list[Match]] = {}
    head: list[Match] = []
    for m in orphans:
        prev = m.old[0] - 1
        while prev >= 0 and not row_of_old[prev].new:
            prev -= 1  # a run of removed units hangs from the last kept one
        if prev < 0:
            head.append(m)
        else:
            after.setdefault(id(row_of_old[prev]), []).append(m)
    out = list(head)
    for m in anchored:
        out.append(m)
        out.extend(after.get(id(m), []))
    return out


def compare(
    old: Norma,
    new: Norma,
    *,
    middle: Norma | None = None,
    table: Mapping[str, str] | None = None,
    engine: str | None = None,
    date: str | None = None,
) -> DiffReport:
    """The DiffReport of ``old`` → ``new``.

    ``table`` is a consolidation's correspondence table (old id → new id); ``middle`` an
    amending act whose quoted wordings are shown beside the rows they touch; ``engine`` the
    diff-match-patch implementation ('fast' or 'python'); ``date`` the date of the new text
    (defaults to :func:`version_date` of ``new``, never the clock).
    """
    get_engine(engine)  # an unknown engine is a usage error even when nothing differs
    with gc_paused():  # tens of thousands of units, words and word pairs, none in a cycle
        return _compare(old, new, middle, table, engine, date)


def _compare(old: Norma, new: Norma, middle: Norma | None, table: Mapping[str, str] | None,
             engine: str | None, date: str | None) -> DiffReport:
    old_units, new_units = flatten(old), flatten(new)
    matches = order_rows(align(old_units, new_units, table))
    quoted = middle_texts(middle) if middle is not None else {}
    pairs = []
    for m in matches:
        ou = tuple(old_units[i] for i in m.old)
        nu = tuple(new_units[i] for i in m.new)
        mid = tuple(t for u in (nu or ou) for t in quoted.get(u.id, ()))
        pairs.append(Pair(m.status, ou, nu, pair_ops(m.status, ou, nu, engine), mid))
    old_column, new_column = column_titles(old, new)
    return DiffReport(
        old_title=version_title(old),
        new_title=version_title(new),
        pairs=pairs,
        old_urn=old.urn,
        new_urn=new.urn,
        middle_title=middle.label if middle is not None else None,
        date=date or version_date(new),
        old_column=old_column,
        new_column=new_column,
    )


def compiled_until(norma: Norma) -> str | None:
    """The date a compiled text is compiled up to (its latest amendment); None for a text as
    published."""
    dates = [d for _, d in alterations(norma) if d]
    return max(dates) if dates else None


def column_titles(old: Norma, new: Norma) -> tuple[str, str]:
    """The quadro's column titles by what is compared: 'Redação atual' × 'Redação proposta'
    beside a proposal (a minuta, a consolidation being drafted); 'Texto original' × 'Texto
    compilado em …' for a text and its compilation; 'Texto anterior' × 'Texto novo' otherwise."""
    if not status_of(new).normative:
        return "Redação atual", "Redação proposta"
    until_old, until_new = compiled_until(old), compiled_until(new)
    if until_new:
        left = f"Texto compilado em {format_long(until_old)}" if until_old else "Texto original"
        if until_old == until_new:
            left = "Texto anterior"
        return left, f"Texto compilado em {format_long(until_new)}"
    return "Texto anterior", "Texto novo"


def version_title(norma: Norma) -> str:
    """'Lei nº 2.217, de 5 de janeiro de 2001 (texto compilado até 10 de setembro de 2014)':
    the act as notes name it, and which text of it this is."""
    status = status_of(norma)
    if not status.normative:
        return f"{norma.label} ({status.label})"
    missing = missing_phrase(status)
    until = compiled_until(norma)
    if until:
        return f"{norma.label} (texto compilado até {format_long(until)}{missing})"
    if norma.tipo and (norma.numero or norma.data):
        return f"{norma.label} (texto original{missing})"
    return norma.label


def _history_dates(nodes) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, Dispositivo):
            for v in node.history:
                if v.event.kind != "original":
                    yield from (d for d in (v.start, v.event.date) if d)
            for alt in node.alteracoes:
                yield from _history_dates(alt.children)
        yield from _history_dates(node.children)


def version_date(norma: Norma) -> str | None:
    """The date of this version of a norm: the latest dated change in its dispositivos'
    history (a compiled text is as of its latest amendment), else the act's own date."""
    dates = [d[:10] for d in _history_dates(norma.articulacao)]
    # a text in force without its history keeps the amending acts as whole-act events
    dates += [e.date[:10] for e in norma.events if e.kind in ("alteracao", "revogacao") and e.date]
    if norma.data:
        dates.append(norma.data)
    return max(dates) if dates else None


def middle_texts(act: Norma) -> dict[str, list[MiddleText]]:
    """Target id → the wordings an amending act's quoted blocks give it."""
    out: dict[str, list[MiddleText]] = {}
    for artigo in act.artigos():
        for d in artigo.walk():
            where = [artigo.rotulo or artigo.id]
            if d is not artigo and d.kind is not Kind.CAPUT and d.rotulo:
                where.append(d.rotulo)
            source = ", ".join([act.titulo, *where])
            for alt in d.alteracoes:
                for node in alt.children:
                    for q in node.walk():
                        if not isinstance(q, Dispositivo) or q.kind in (Kind.CAPUT, Kind.OMISSIS):
                            continue
                        label = display_label(str(q.kind), q.rotulo, q.separator)
                        out.setdefault(q.id, []).append(MiddleText(source, label + q.head_text))
    return out


__all__ = ["DiffReport", "MiddleText", "Pair", "STATUS_LABELS", "compare", "version_date"]
