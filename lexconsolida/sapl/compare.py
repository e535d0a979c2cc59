"""The text in force of two compilations of one act, unit by unit, at each date either changes.

What is compared is what a reader of the text in force sees (:func:`lexconsolida.diff.units.flatten`
of :func:`lexconsolida.transforms.pointintime.vigente` at the date): each unit's rótulo and text
without editorial notes, a revoked unit as '(Revogado)' without its parts. Two compilations are
the same at a date when every unit is.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexconsolida.diff.units import Unit, flatten, normalize
from lexconsolida.model import Norma
from lexconsolida.transforms.pointintime import at, in_force_from, vigente


@dataclass(frozen=True, slots=True)
class Difference:
    """One unit whose text in force differs on ``date`` (None on a side: the unit is absent)."""

    date: str
    uid: str
    ours: Unit | None
    """lexconsolida's (the amending acts applied)."""
    theirs: Unit | None
    """The SAPL's."""


def change_dates(norma: Norma) -> set[str]:
    """The dates a compiled text changes: its vigência and the start of every later wording."""
    out = {d for d in [in_force_from(norma)] if d}
    for _, history in norma.histories():
        out.update(v.start for v in history if v.start)
    return out


def units_at(norma: Norma, when: str) -> dict[str, Unit]:
    """id → unit of the text in force on ``when`` (none before the act's vigência)."""
    start = in_force_from(norma)
    if start and when < start:
        return {}
    return {u.id: u for u in flatten(vigente(at(norma, when)))}


def same(a: Unit | None, b: Unit | None) -> bool:
    if a is None or b is None:
        return a is b
    return normalize(a.body) == normalize(b.body) and normalize(a.label) == normalize(b.label)


def differences(ours: Norma, theirs: Norma, dates: set[str] | None = None) -> list[Difference]:
    """Every unit whose text in force differs, at every date either text changes (or ``dates``)."""
    when = sorted(dates if dates is not None else change_dates(ours) | change_dates(theirs))
    out = []
    for d in when:
        a, b = units_at(ours, d), units_at(theirs, d)
        order = list(a) + [u for u in b if u not in a]
        for uid in order:
            if not same(a.get(uid), b.get(uid)):
                out.append(Difference(d, uid, a.get(uid), b.get(uid)))
    return out
