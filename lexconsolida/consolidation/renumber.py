"""Sequential renumbering of dispositivos for a consolidated act (LC 95/1998, art. 13, § 2º, I).

Units no longer in force are left out; what remains is numbered 1, 2, 3 … per kind within its
parent (articles across the whole act), labels rebuilt in LC 95 style, a lone paragraph becomes
"Parágrafo único" and a "Parágrafo único" joined by others becomes "§ 1º". Every unit's old id
maps to its new id, so citations can follow. A unit's tables go with it, their rows in force
only, ids from the unit's new id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexconsolida.model import Dispositivo, Kind, Number, Situacao, label_for
from lexconsolida.model.ids import LexId
from lexconsolida.model.tables import in_force_copy

NUMBERED = (Kind.PARAGRAFO, Kind.INCISO, Kind.ALINEA, Kind.ITEM)


@dataclass(slots=True)
class Dropped:
    """A source unit left out of the consolidation, and why."""

    id: str
    rotulo: str | None
    reason: str


@dataclass(slots=True)
class Renumbering:
    """Old id → new id for every unit kept, and the units left out."""

    mapping: dict[str, str] = field(default_factory=dict)
    dropped: list[Dropped] = field(default_factory=list)


def in_force(d: Dispositivo) -> bool:
    return d.situacao is Situacao.VIGENTE


def _drop_reason(d: Dispositivo) -> str:
    if d.history and d.history[-1].event.act_label:
        return f"{d.situacao} ({d.history[-1].event.nota()})"
    return str(d.situacao)


@dataclass(slots=True)
class Moves:
    """Units moved between articles by the spec (``[[deslocamentos]]``), as renumbering sees
    them: ids to leave out where they are, and units to append under a destination."""

    out_of: set[tuple[str, str]] = field(default_factory=set)
    """(alias, unit id) taken out of their place."""
    into: dict[tuple[str, str], list[tuple[str, Dispositivo]]] = field(default_factory=dict)
    """(alias, destination id) → [(source alias, unit)] appended there, in spec order."""


def renumber_article(article: Dispositivo, number: int, out: Renumbering,
                     alias: str = "", moves: Moves | None = None,
                     renums: dict[str, Renumbering] | None = None,
                     struck: dict[str, dict[str, str]] | None = None) -> Dispositivo:
    """A new artigo numbered ``number`` built from ``article`` (which is not changed). Units
    moved in from other sources are recorded in their own source's ``renums`` entry. ``struck``:
    per source alias, units a court struck (→ why): left out like units no longer in force."""
    num = Number(number)
    new_id = LexId("art" + num.id_part)
    label = label_for("artigo", num)
    out.mapping[article.id] = str(new_id)
    new = Dispositivo(Kind.ARTIGO, str(new_id), rotulo=label, rotulo_printed=label, number=num)
    ctx = _Context(moves or Moves(), renums or {alias: out}, struck or {})
    new.children = ctx.children(alias, article, new_id, out)
    return new


@dataclass(slots=True)
class _Context:
    moves: Moves
    renums: dict[str, Renumbering]
    struck: dict[str, dict[str, str]] = field(default_factory=dict)

    def children(self, alias: str, parent: Dispositivo, new_parent: LexId,
                 out: Renumbering) -> list[Dispositivo]:
        kept: list[tuple[str, Dispositivo, Renumbering]] = []
        for c in parent.children:
            if c.kind is Kind.OMISSIS or (alias, c.id) in self.moves.out_of:
                continue
            if not in_force(c):
                _drop_all(c, out)
                continue
            why = self.struck.get(alias, {}).get(c.id)
            if why is not None:  # declared unconstitutional (or void): never carried as valid
                _drop_all(c, out, why)
                continue
            kept.append((alias, c, out))
        for src, unit in self.moves.into.get((alias, parent.id), []):
            kept.append((src, unit, self.renums[src]))
        kept = _caput_first(kept)
        paragraphs = [c for _, c, _ in kept if c.kind is Kind.PARAGRAFO]
        counters: dict[Kind, int] = {}
        result = []
        for src, c, ren in kept:
            if c.kind is Kind.CAPUT:
                cid = new_parent.child("caput", None)
                new = Dispositivo(Kind.CAPUT, str(cid), text=c.text)
            else:
                counters[c.kind] = counters.get(c.kind, 0) + 1
                n = Number(counters[c.kind])
                unico = c.kind is Kind.PARAGRAFO and len(paragraphs) == 1
                cid = new_parent.child(str(c.kind), n, unico=unico)
                new = Dispositivo(
                    c.kind, str(cid), rotulo=label_for(str(c.kind), n, unico=unico),
                    number=None if unico else n, text=c.text,
                )
                new.rotulo_printed = new.rotulo
            ren.mapping[c.id] = str(cid)
            carried = [in_force_copy(t, f"{cid}_tab{k}") for k, t in enumerate(c.tabelas, 1)]
            new.tabelas = [t for t in carried if t is not None]
            for k, t in enumerate(new.tabelas, 1):  # numbered again among those in force
                t.id = f"{cid}_tab{k}"
                for n_row, row in enumerate(t.rows, 1):
                    row.id = f"{t.id}_lin{n_row}"
            new.children = self.children(src, c, cid, ren)
            result.append(new)
        return result


def _caput_first(kept: list) -> list:
    """Caput, then the units in LC 95 order (incisos of a caput before paragraphs)."""
    order = {Kind.CAPUT: 0, Kind.INCISO: 1, Kind.ALINEA: 1, Kind.ITEM: 1, Kind.PARAGRAFO: 2}
    return sorted(kept, key=lambda t: order.get(t[1].kind, 1))


def _drop_all(d: Dispositivo, out: Renumbering, reason: str | None = None) -> None:
    reason = reason or _drop_reason(d)
    for u in d.walk():
        out.dropped.append(Dropped(u.id, u.rotulo, reason if u is d else f"dentro de {d.id}: {reason}"))


def reverse_mapping(renum: dict[str, Renumbering]) -> dict[str, tuple[str, str]]:
    """new id → (alias, old id), from each source's renumbering."""
    out = {}
    for alias, ren in renum.items():
        for old, new in ren.mapping.items():
            out[new] = (alias, old)
    return out
