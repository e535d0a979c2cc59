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
from collections import defaultdict

from lexconsolida.diff.align import (CONTAINED, MERGED, MIN_PIECE_WORDS, REMOVED, SPLIT, Match, align,
                                     containers, shingles, words)
from lexconsolida.diff.units import Unit, flatten, normalize
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
    matches = _regroup(old, new, align(old, new))
    new_of: dict[str, str] = {}
    for m in matches:
        if m.new:
            for o in m.old:
                new_of.setdefault(old[o].id, new[m.new[0]].id)
    return Trace(old, new, matches, agrupadores, new_of)


def _regroup(old: list[Unit], new: list[Unit], matches: list[Match]) -> list[Match]:
    """Source units left unpaired whose words sit in a consolidated unit paired with another
    source unit that does not explain all its words: a merge of the two.

    The diff leaves such a unit apart when it shares half its word pairs with the unit already
    paired (right for two versions of one act, where that means a copy); across many sources it
    is the common shape of two similar provisions merged into one."""
    single = {m.new[0]: k for k, m in enumerate(matches) if len(m.old) == 1 and len(m.new) == 1}
    index: dict[str, list[int]] = defaultdict(list)
    new_sh = {}
    for n in single:
        new_sh[n] = shingles(words(new[n].body))
        for s in new_sh[n]:
            index[s].append(n)
    extra: dict[int, list[int]] = defaultdict(list)
    for m in matches:
        if m.status != REMOVED:
            continue
        o = m.old[0]
        ws = words(old[o].body)
        if len(ws) < MIN_PIECE_WORDS:
            continue
        sh = shingles(ws)
        for n, count in containers(sh, index):
            if count / len(sh) < CONTAINED:
                break
            partner = matches[single[n]].old[0]
            if normalize(old[partner].body) == normalize(new[n].body):
                break  # the consolidated unit is its partner word for word: a repetition dropped
            extra[n].append(o)
            break
    if not extra:
        return matches
    taken = {o for os in extra.values() for o in os}
    out = []
    for m in matches:
        if m.status == REMOVED and m.old[0] in taken:
            continue
        if len(m.new) == 1 and m.new[0] in extra and m.status != SPLIT:
            out.append(Match(MERGED, tuple(sorted(set(m.old) | set(extra[m.new[0]]))), m.new))
        else:
            out.append(m)
    return out
