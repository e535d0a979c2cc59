"""What an amending act changes, for callers that build relations across an acervo.

:func:`amendment_targets` is the one call: given an amending act's :class:`Norma` (and, when
known, a resolver of act citations), the acts it changes and the operations and problems of
its instructions. :func:`same_work` compares two URNs as works: accents, case and the version
after '@' do not matter ('…;1988@1988-10-05;publicacao' is '…;1988'; 'resolução' is 'resolucao').
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexconsolida.amendments.model import Operation, Problem, Recognition, work_key
from lexconsolida.amendments.recognition import Resolver, recognise
from lexconsolida.citations import ActRef
from lexconsolida.model import Norma


def same_work(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and work_key(a) == work_key(b)


@dataclass(slots=True, frozen=True)
class Target:
    """One act an amending act changes."""

    urn: str
    """The URN the resolver gave (in the acervo), else one built from the citation."""
    label: str
    """How the instruction names it ('Lei nº 2.217/2001', 'Lei Orgânica do Município')."""
    in_corpus: bool
    ref: ActRef | None
    """The citation (None when the target is the BASE given by the caller)."""
    kinds: tuple[str, ...]
    """Operation kinds on it ('redacao', 'inclusao', 'revogacao', 'revogacao_total' …)."""


@dataclass(slots=True)
class AmendmentTargets:
    targets: list[Target] = field(default_factory=list)
    operations: list[Operation] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    recognition: Recognition | None = None

    @property
    def revokes_whole(self) -> list[Target]:
        """Targets revoked as a whole act ('Revoga-se a Lei nº …')."""
        return [t for t in self.targets if "revogacao_total" in t.kinds]


def amendment_targets(norma: Norma, resolve: Resolver | None = None, *,
                      base: tuple[str, str] | None = None) -> AmendmentTargets:
    """The acts ``norma`` amends or revokes, with its operations and problems.

    ``resolve(ref: ActRef) -> str | None`` maps a citation to a URN of the acervo (None:
    outside it); a norm cited by name has ``ref.nome`` and no ``ref.numero``. ``base`` =
    (URN, label) when the caller knows the norm amended (command line). Never raises for an
    act that amends nothing: the result is then empty (an ementa that says it amends yields
    the problem ``sem-operacoes``)."""
    rec = recognise(norma, resolve, base=base)
    order: list[str] = []
    info: dict[str, tuple[Operation, list[str]]] = {}
    for op in rec.operations:
        if not op.target_urn:
            continue
        key = work_key(op.target_urn)
        if key not in info:
            order.append(key)
            info[key] = (op, [])
        if op.kind not in info[key][1]:
            info[key][1].append(op.kind)
    targets = [Target(info[k][0].target_urn or "", info[k][0].target_label, info[k][0].in_corpus,
                      info[k][0].target_act, tuple(info[k][1])) for k in order]
    return AmendmentTargets(targets, rec.operations, rec.problems, rec)
