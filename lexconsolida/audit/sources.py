"""The sources of an audit, each as in force at its date: corpus acts (URN or folder) compiled
with every amending act of the corpus, or files taken with the history they carry (both through
:func:`lexconsolida.api.act_at`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexconsolida import api
from lexconsolida.corpus.store import Corpus
from lexconsolida.model import Norma
from lexconsolida.model.efficacy import struck_units


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
    """Amendment problems left open in the corpus (the text may not be the one in force), and
    the source's efficacy on ``em`` (units suspended or struck by a court)."""
    struck: dict[str, str] = field(default_factory=dict)
    """Units a court declared unconstitutional (or that were made void) with effect on ``em``,
    with their sub-units → the note: a consolidation may only leave them out (LC 95/1998,
    art. 13, § 2º, IX), never carry them as valid."""


def act_key(numero: str | None, data: str | None) -> tuple[str, int | None]:
    return re.sub(r"\D", "", numero or ""), int(data[:4]) if data else None


def _alias_for(norma: Norma, taken: set[str], i: int) -> str:
    tipo = (norma.tipo or "").lower()
    base = (tipo[:1] + re.sub(r"\D", "", norma.numero)) if norma.numero and tipo else f"fonte{i}"
    alias, n = base, 2
    while alias in taken:
        alias, n = f"{base}-{n}", n + 1
    return alias


def load_sources(names: list[str], corpus: Corpus | None, when: str | None, table) -> list[AuditSource]:
    """Each name (URN, act folder or file) as in force at its date: the table's ``em`` for a
    source it names, else ``when``, else today. Aliases come from the table's ``[[fontes]]``
    (matched by URN or by the name given), else from the act's type and number ('l2217')."""
    declared = list(table.fontes)
    if not names:
        names = [_resolve(s.ato, table) for s in declared]
    default = when or api.today()
    out: list[AuditSource] = []
    taken: set[str] = set()
    for i, name in enumerate(names, start=1):
        found = api.locate(name, corpus)
        urn = found.act.urn if found.act is not None else found.norma.urn
        spec = next((s for s in declared if (urn and s.ato == urn) or _resolve(s.ato, table) == name), None)
        em = (spec.em if spec and spec.em else None) or default
        state = api.act_at(found, em)
        related = {act_key(r.act.numero, r.act.data) for r in state.history.reports if r.applied} \
            if state.history is not None else set()
        notes = [f"{a.label}: {p.describe()}" for a, p in state.problems if p.blocking]
        alias = spec.alias if spec else _alias_for(state.norma, taken, i)
        taken.add(alias)
        related.add(act_key(state.norma.numero, state.norma.data))
        struck, efficacy = struck_units(state.norma, api.label_of(found))
        out.append(AuditSource(alias, api.label_of(found), urn, state.norma, em, related, notes + efficacy, struck))
    return out


def _resolve(ato: str, table) -> str:
    """A spec's 'ato': URNs as they are, paths relative to the spec's folder when they exist."""
    if ato.startswith("urn:"):
        return ato
    p = table.base_dir / ato
    return str(p) if p.exists() else ato
