"""The sources of an audit, each as in force at its date: corpus acts (URN or folder) compiled
with every amending act of the corpus, or files taken with the history they carry."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date as _date

from lexconsolida.model import Norma


@dataclass(slots=True)
class AuditSource:
    alias: str
    label: str
    urn: str | None
    norma: Norma
    """As in force on ``em``."""
    em: str
    related: set[tuple[str, int | None]] = field(default_factory=set)
    """(number digits, year) of this act and of the acts that amended it: what the
    consolidation's revocation clause may name."""
    notes: list[str] = field(default_factory=list)
    """Amendment problems left open in the corpus (the text may not be the one in force)."""


def act_key(numero: str | None, data: str | None) -> tuple[str, int | None]:
    return re.sub(r"\D", "", numero or ""), int(data[:4]) if data else None


def _alias_for(norma: Norma, taken: set[str], i: int) -> str:
    tipo = (norma.tipo or "").lower()
    base = (tipo[:1] + re.sub(r"\D", "", norma.numero)) if norma.numero and tipo else f"fonte{i}"
    alias, n = base, 2
    while alias in taken:
        alias, n = f"{base}-{n}", n + 1
    return alias


def load_sources(names: list[str], corpus, when: str | None, table) -> list[AuditSource]:
    """Each name (URN, act folder or file) as in force at its date: the table's ``em`` for a
    source it names, else ``when``, else today. Aliases come from the table's ``[[fontes]]``
    (matched by URN or by the name given), else from the act's type and number ('l2217')."""
    from lexconsolida.corpus.history import history
    from lexconsolida.corpus.locate import locate, require_text
    from lexconsolida.transforms.pointintime import at

    declared = list(table.fontes)
    if not names:
        names = [_resolve(s.ato, table) for s in declared]
    default = when or _date.today().isoformat()
    out: list[AuditSource] = []
    taken: set[str] = set()
    for i, name in enumerate(names, start=1):
        found = require_text(locate(name, corpus))
        norma, notes, related = found.norma, [], set()
        urn = found.act.urn if found.act is not None else norma.urn
        if found.act is not None:
            h = history(found.corpus, found.act.urn)
            norma = h.norma
            notes = [f"{a.label}: {p.describe()}" for a, p in h.open_problems if p.blocking]
            related = {act_key(r.act.numero, r.act.data) for r in h.reports if r.applied}
        spec = next((s for s in declared if (urn and s.ato == urn) or _resolve(s.ato, table) == name), None)
        em = (spec.em if spec and spec.em else None) or default
        alias = spec.alias if spec else _alias_for(norma, taken, i)
        taken.add(alias)
        related.add(act_key(norma.numero, norma.data))
        label = found.act.label if found.act is not None else norma.label
        out.append(AuditSource(alias, label, urn, at(norma, em), em, related, notes))
    return out


def _resolve(ato: str, table) -> str:
    """A spec's 'ato': URNs as they are, paths relative to the spec's folder when they exist."""
    if ato.startswith("urn:"):
        return ato
    p = table.base_dir / ato
    return str(p) if p.exists() else ato
