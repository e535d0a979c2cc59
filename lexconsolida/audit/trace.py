"""Trace: every dispositivo of the consolidation to the source dispositivo(s) it comes from,
across all sources at once, with the diff's alignment (moves, renumbering, splits, merges).

The sources' units are flattened as the diff flattens a norm (an artigo and its caput are one
unit) with their ids prefixed by the source's alias ('l2244/art16_par1'), so one alignment sees
every source; agrupadores are left out on both sides (new divisions are § 2º, I, and are
counted apart) and so are the source units no longer in force.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lexconsolida.audit.sources import AuditSource
from lexconsolida.diff.align import Match, align
from lexconsolida.diff.units import Unit, flatten
from lexconsolida.model import Norma, Situacao

SEP = "/"


@dataclass(slots=True)
class Trace:
    old: list[Unit]
    """Source units (ids 'alias/id'), in source order."""
    new: list[Unit]
    """Consolidation units, in document order."""
    matches: list[Match]
    agrupadores: int
    new_of: dict[str, str]
    """'alias/id' → new id, for every source unit carried (the first piece of a split)."""

    @staticmethod
    def split(uid: str) -> tuple[str, str]:
        alias, _, rest = uid.partition(SEP)
        return alias, rest


def _not_in_force(norma: Norma) -> set[str]:
    out: set[str] = set()

    def visit(node, dead: bool) -> None:
        dead = dead or getattr(node, "situacao", Situacao.VIGENTE) is not Situacao.VIGENTE
        if dead:
            out.add(node.id)
        for c in node.children:
            visit(c, dead)

    for n in norma.articulacao:
        visit(n, False)
    return out


def source_units(src: AuditSource) -> list[Unit]:
    dead = _not_in_force(src.norma)
    out = []
    for u in flatten(src.norma):
        if u.is_agrupador or u.id in dead:
            continue
        parent = f"{src.alias}{SEP}{u.parent}" if u.parent else None
        out.append(replace(u, id=f"{src.alias}{SEP}{u.id}", parent=parent))
    return out


def trace(consolidated: Norma, sources: list[AuditSource]) -> Trace:
    old: list[Unit] = []
    for s in sources:
        old.extend(replace(u, order=len(old) + i) for i, u in enumerate(source_units(s)))
    units = flatten(consolidated)
    new = [u for u in units if not u.is_agrupador]
    agrupadores = len(units) - len(new)
    matches = align(old, new)
    new_of: dict[str, str] = {}
    for m in matches:
        if m.new:
            for o in m.old:
                new_of.setdefault(old[o].id, new[m.new[0]].id)
    return Trace(old, new, matches, agrupadores, new_of)
