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
    operations: list[Operation] = field(default_factory=list)
    """The operations as the recorded decisions on the gates' problems left them (what was, or
    would be, applied)."""

    @property
    def blocking(self) -> list[Problem]:
        return [p for p in self.problems if p.blocking]


Decide = Callable[[list[Operation], list[Problem]], tuple[list[Operation], list[Problem]]]
"""The decisions recorded for the act, applied to the gates' problems: (operations, problems) →
(the operations as decided, the problems no decision answers). See
:func:`lexconsolida.amendments.decisions.decide_problems`."""


def apply_gated(base: Norma, operations: Sequence[Operation], event: Event, *, target_urn: str | None = None,
                act: Norma | None = None, problems: Sequence[Problem] = (),
                earlier_pending: Sequence[tuple[str, list[Operation]]] = (),
                other_dates: Sequence[str] = (), undated: Sequence[tuple[str, list[Operation]]] = (),
                amended_on: Sequence[str] = (), stopped: bool = False, decide: Decide | None = None,
                resolved: Callable[[Problem], bool] | None = None,
                strict: bool = False) -> Gated:
    """``ops`` (the act's operations on ``base``) applied when nothing stops them.

    ``problems``: the act's recognition problems (context for the gates); ``stopped``: a
    blocking recognition problem already holds the act back (the gates still run, to say
    everything at once, and nothing is applied); ``earlier_pending``: earlier acts of this
    target left pending (label, their operations on it); ``other_dates``: the dates of the
    target's other amending acts; ``undated``: its other amending acts without a date (label,
    operations); ``amended_on``: the dates of its other acts that change its text, not only
    revoke it. ``decide``: the act's recorded decisions on the gates' problems (``aplicar``
    answers one, ``ignorar`` drops its instruction's operations, ``operacoes`` replaces them with
    a person's); ``resolved``: simply whether a decision answers a problem. ``strict``: an
    operation the base refuses raises its :class:`AmendmentError` (as :func:`apply` does)
    instead of being returned."""
    ops: list[Operation] = list(operations)
    ctx = gates.Context(base, target_urn or base.urn or "", ops, event, act, list(problems), list(earlier_pending),
                        [d for d in other_dates if d and d != event.date], list(undated),
                        [d for d in amended_on if d and d != event.date])
    answered: set[tuple[str, str | None]] = set()

    def open_(found: list[Problem]) -> list[Problem]:
        nonlocal ops
        found = [p for p in found if (resolved is None or not resolved(p)) and (p.code, p.where) not in answered]
        if decide is None or not found:
            return found
        decided_ops, left = decide(ops, found)
        answered.update((p.code, p.where) for p in found if p not in left)
        if decided_ops != ops:  # 'ignorar' or 'operacoes': the gates see the operations as decided
            ops = decided_ops
            ctx.ops = ops
            return [p for p in gates.check(ctx) if (p.code, p.where) not in answered]
        return left

    found = open_(gates.check(ctx))
    after, refused = attempt(base, ops, event) if ops else (base, [])
    if refused and strict and not stopped and not any(p.blocking for p in found):
        raise refused[0][1]
    if stopped or refused or not ops or any(p.blocking for p in found):
        return Gated(base, False, found, refused, list(ops))
    applied_ops = ops
    checked = open_(gates.verify(ctx, after))
    if ops != applied_ops:  # a decision on the verification changed the operations: apply them again
        after, refused = attempt(base, ops, event) if ops else (base, [])
        if refused or not ops:
            return Gated(base, False, found + checked, refused, list(ops))
        checked = open_(gates.verify(ctx, after))
    found += checked
    if any(p.blocking for p in checked):
        return Gated(base, False, found, refused, list(ops))
    return Gated(after, True, found, refused, list(ops))
