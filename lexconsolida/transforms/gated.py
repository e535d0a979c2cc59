"""The one path by which operations are applied without a person: the precision gates before,
the application, the verification after.

:func:`apply_gated` is what the acervo's histories (``history``: site, ``compile``,
consolidation), ``amend`` and the acervo bench call for one amending act on one target. It runs
the gates of :mod:`lexconsolida.amendments.gates` on the operations, applies them only when no
gate, no blocking problem of the recognition and no refusal of the base stops them, verifies the
result, and keeps it only when the verification passes. Whatever stops the act is a blocking
:class:`~lexconsolida.amendments.model.Problem` scoped to the target: the act's result for that
target is "pendente de decisão", with the reason. Problems a recorded decision answers
(``resolved``) do not stop it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from lexconsolida.amendments import gates
from lexconsolida.amendments.model import Operation, Problem
from lexconsolida.errors import AmendmentError
from lexconsolida.model import Event, Norma
from lexconsolida.transforms.amend import attempt


@dataclass(slots=True)
class Gated:
    """What happened to one act on one target."""

    norma: Norma
    """The target with the act applied, or as it was when the act was not."""
    applied: bool
    problems: list[Problem] = field(default_factory=list)
    """The gates' and the verification's problems (blocking ones stopped the act; notices too)."""
    refused: list[tuple[Operation, AmendmentError]] = field(default_factory=list)
    """The operations the base refuses, with the applier's error."""

    @property
    def blocking(self) -> list[Problem]:
        return [p for p in self.problems if p.blocking]


def apply_gated(base: Norma, ops: Sequence[Operation], event: Event, *, target_urn: str | None = None,
                act: Norma | None = None, problems: Sequence[Problem] = (),
                earlier_pending: Sequence[tuple[str, list[Operation]]] = (),
                other_dates: Sequence[str] = (), undated: Sequence[tuple[str, list[Operation]]] = (),
                stopped: bool = False,
                resolved: Callable[[Problem], bool] | None = None,
                strict: bool = False) -> Gated:
    """``ops`` (the act's operations on ``base``) applied when nothing stops them.

    ``problems``: the act's recognition problems (context for the gates); ``stopped``: a
    blocking recognition problem already holds the act back (the gates still run, to say
    everything at once, and nothing is applied); ``earlier_pending``: earlier acts of this
    target left pending (label, their operations on it); ``other_dates``: the dates of the
    target's other amending acts; ``undated``: its other amending acts without a date (label,
    operations); ``resolved``: whether a recorded
    decision answers a problem. ``strict``: an operation the base refuses raises its
    :class:`AmendmentError` (as :func:`apply` does) instead of being returned."""
    ops = list(ops)
    ctx = gates.Context(base, target_urn or base.urn or "", ops, event, act, list(problems), list(earlier_pending),
                        [d for d in other_dates if d and d != event.date], list(undated))
    found = [p for p in gates.check(ctx) if resolved is None or not resolved(p)]
    after, refused = attempt(base, ops, event) if ops else (base, [])
    if refused and strict and not stopped and not any(p.blocking for p in found):
        raise refused[0][1]
    if stopped or refused or not ops or any(p.blocking for p in found):
        return Gated(base, False, found, refused)
    checked = [p for p in gates.verify(ctx, after) if resolved is None or not resolved(p)]
    found += checked
    if any(p.blocking for p in checked):
        return Gated(base, False, found, refused)
    return Gated(after, True, found, refused)
