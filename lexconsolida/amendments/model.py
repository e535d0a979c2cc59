"""Problems that stop mechanical application, and the result of reading an amending act.

:class:`Operation` and :class:`OpKind`, the contract between recognising and applying, live in
:mod:`lexconsolida.model.operations` (re-exported here)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lexconsolida.model.instructions import Instruction
from lexconsolida.model.operations import EMENTA, KIND_NAMES, OP_KINDS, ActRef, Operation, OpKind, work_key

__all__ = ["EMENTA", "KIND_NAMES", "OP_KINDS", "ActRef", "OpKind", "Operation", "Problem", "Recognition",
           "work_key"]

@dataclass(slots=True, frozen=True)
class Problem:
    """What cannot be applied mechanically: reported, never guessed."""

    code: str
    """'alvo-inexistente', 'alvo-ambiguo', 'alvo-fora-do-acervo', 'ementa-divergente',
    'alteracao-nao-textual', 'norma-alvo-nao-identificada', 'sem-texto-novo',
    'alvo-sem-texto', 'alvo-ja-existe', 'dispositivo-sem-instrucao' …"""
    message: str
    """Portuguese sentence."""
    source: str = ""
    """The instruction's text, as printed."""
    line: int | None = None
    where: str | None = None
    """Dispositivo of the amending act (None: the ementa or the whole act)."""
    blocking: bool = True
    """True when the act must not be applied until a person decides (``[[decisoes]]``)."""
    target_urn: str | None = None
    """The norm the instruction addresses, when the recogniser knows it (a norm of the acervo,
    or a federal or state act): the problem holds back only the operations on that norm. None:
    unknown (the ementa, a norm not identified, several norms): it holds back every target."""
    instruction: Instruction | None = field(default=None, compare=False, repr=False)
    """The grammar's reading of the sentence the problem is about, when there is one."""

    def concerns(self, urns: Iterable[str | None]) -> bool:
        """Whether this problem bears on an application to the norm(s) ``urns`` (the base's URN,
        the target URNs of the operations on it)."""
        if self.target_urn is None:
            return True
        key = work_key(self.target_urn)
        return any(u and work_key(u) == key for u in urns)

    def describe(self) -> str:
        loc = self.where or "ato"
        if self.line:
            loc += f", linha {self.line}"
        kind = "problema" if self.blocking else "aviso"
        s = f"{loc}: {kind} [{self.code}]: {self.message}"
        if self.source:
            s += f"\n    texto: {self.source}"
        return s


@dataclass(slots=True)
class Recognition:
    """The result of reading an amending act: operations and problems."""

    act_urn: str | None
    act_label: str
    operations: list[Operation] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    instructions: list[Instruction] = field(default_factory=list)
    """What the grammar read in each dispositivo of the act that may order a change, in order
    (:mod:`lexconsolida.model.instructions`): the one representation later stages read."""

    @property
    def blocking(self) -> list[Problem]:
        """Every blocking problem, whatever norm it concerns."""
        return [p for p in self.problems if p.blocking]

    def blocking_for(self, *urns: str | None) -> list[Problem]:
        """The blocking problems that hold back an application to the norm ``urns`` names (its
        URN, and the target URNs of the operations on it): those of that norm and those whose
        norm is unknown. A problem of an instruction to another norm does not."""
        return [p for p in self.problems if p.blocking and p.concerns(urns)]

    def describe(self) -> str:
        lines = [f"Operações de {self.act_label}:"]
        lines += [o.describe() for o in self.operations] or ["(nenhuma)"]
        if self.problems:
            lines.append("Problemas para decisão humana:")
            lines += [p.describe() for p in self.problems]
        return "\n".join(lines) + "\n"
