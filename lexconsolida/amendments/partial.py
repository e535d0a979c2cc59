"""Instructions one by one: which are certain, which wait for a human decision.

An *instruction* is one dispositivo of the amending act (``where``). It is **pendente** when a
blocking problem names it, or when the base refuses one of its operations; a blocking problem
of the whole act (the ementa, ``where`` None) leaves every instruction pending. The others are
**certa**. ``amend --parcial`` applies the certain ones and marks each pending one on the base
(:func:`pending_operations`): a ``pendente`` operation on the nearest existing unit it touches
(or on the act), shown in the history and the compiled view as "alteração pendente de decisão".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexconsolida.amendments.model import Operation, OpKind, Problem, Recognition
from lexconsolida.citations import find


def _base(where: str | None) -> str | None:
    return where[:-4] if where and where.endswith("_cpt") else where


@dataclass(slots=True)
class Instruction:
    where: str
    line: int | None
    source: str
    operations: list[Operation] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    """Messages of the base refusing operations of this instruction."""

    @property
    def certain(self) -> bool:
        return bool(self.operations) and not self.refusals and not any(p.blocking for p in self.problems)

    def describe(self) -> str:
        loc = f"{self.where}" + (f" (linha {self.line})" if self.line else "")
        if self.certain:
            return f"{loc}: certa — {len(self.operations)} operação(ões)"
        why = [p.code for p in self.problems if p.blocking]
        if self.refusals:
            why.append(f"{len(self.refusals)} operação(ões) recusada(s) pela norma base")
        if not self.operations and not why:
            why = ["sem operações"]
        return f"{loc}: pendente de decisão — " + "; ".join(why)


def instructions(rec: Recognition, refused: list[tuple[Operation, str]] | None = None) -> list[Instruction]:
    """The act's instructions in order, with their operations, problems and refusals."""
    out: dict[str, Instruction] = {}

    def get(where: str | None, line, source) -> Instruction:
        key = _base(where) or "ato"
        if key not in out:
            out[key] = Instruction(key, line, source)
        return out[key]

    for op in rec.operations:
        get(op.where, op.line, op.source).operations.append(op)
    for p in rec.problems:
        get(p.where, p.line, p.source).problems.append(p)
    for op, message in refused or []:
        get(op.where, op.line, op.source).refusals.append(message)
    whole = out.get("ato")
    if whole is not None and any(p.blocking for p in whole.problems):
        for i in out.values():
            if i is not whole:
                i.problems.extend(p for p in whole.problems if p.blocking)
    return list(out.values())


def certain_operations(instrs: list[Instruction]) -> list[Operation]:
    return [op for i in instrs if i.certain for op in i.operations]


def pending_operations(instrs: list[Instruction]) -> list[Operation]:
    """One 'pendente' operation per pending instruction, on each distinct unit it touches (the
    act itself when it names none); the applier puts it on the nearest unit that exists."""
    out = []
    for i in instrs:
        if i.certain or i.where == "ato":
            continue
        why = "; ".join([p.message for p in i.problems if p.blocking] + i.refusals) or "instrução sem operações"
        note = f"alteração pendente de decisão ({i.where}): {why}"
        targets = list(dict.fromkeys((op.target_urn, op.target_label, op.target_id, op.target_act)
                                     for op in i.operations))
        if not targets:  # no operation: the units the instruction cites
            targets = [(None, "", t, None) for c in find(i.source) if c.ids and not c.proprio for t in c.ids]
        for urn, label, target_id, act in targets or [(None, "", None, None)]:
            out.append(Operation(kind=OpKind.PENDENTE, target_urn=urn, target_label=label, target_id=target_id,
                                 source=i.source, line=i.line, where=i.where, note=note, target_act=act))
    return out
