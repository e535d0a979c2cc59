"""Versions of an act by date, for the site's "one page per version" (pure functions).

An act's versions start at its own date (or vigência) and at every date on which one of its
dispositivos got a new wording, was included or revoked (``Version.start``, see
:mod:`lexconsolida.model.history`), or a decision changed its efficacy: a court's decision, a
suspension's end, the date a declaration or a deferred effect takes effect
(:mod:`lexconsolida.model.efficacy`). The text of each version is
:func:`lexconsolida.transforms.pointintime.at`, the same cut ``compile --at`` makes.
"""

from __future__ import annotations

from lexconsolida.model import Norma
from lexconsolida.transforms.pointintime import in_force_from


def change_dates(norma: Norma) -> list[str]:
    """Sorted distinct dates on which a dispositivo of the act (or its ementa) changed."""
    dates = {v.start for _, h in norma.histories() for v in h if v.start}
    for ev in norma.eficacia:
        dates |= {d for d in (ev.known, ev.effective, ev.end) if d}
        if ev.undated and ev.recorded:
            dates.add(ev.recorded)
    start = in_force_from(norma)
    return sorted(d for d in dates if not start or d > start)


def version_dates(norma: Norma) -> list[str]:
    """Dates of the act's versions, oldest first; empty when it was never changed."""
    changes = change_dates(norma)
    if not changes:
        return []
    start = in_force_from(norma)
    return ([start] if start else []) + changes
