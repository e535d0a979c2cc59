"""Human decisions recorded in an amending act's ``norma.toml`` (``[[decisoes]]``).

A decision answers one reported problem (by its code and, optionally, the instruction's
dispositivo): ``aplicar`` accepts the recognised operations, ``ignorar`` drops the
instruction's operations, ``operacoes`` replaces them with operations written by a person
(for a non-textual alteration, e.g. a note on the unit whose content changed).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from lexconsolida.amendments.model import OP_KINDS, Operation, OpKind, Problem, Recognition
from lexconsolida.corpus.records import Decisao
from lexconsolida.errors import InputError


@dataclass(slots=True)
class Decided:
    """A recognition after the decisions: what to apply, and what is still open."""

    recognition: Recognition
    resolved: list[tuple[Problem, Decisao]] = field(default_factory=list)
    unused: list[Decisao] = field(default_factory=list)
    """Decisions that matched no problem (stale, or a typo in the code)."""


def _base_where(where: str | None) -> str | None:
    if where and where.endswith("_cpt"):
        return where[:-4]
    return where


def _ops_of(decisao: Decisao, rec: Recognition) -> list[Operation]:
    out = []
    for o in decisao.operacoes:
        if o.tipo not in OP_KINDS:
            raise InputError(f"decisão com operação de tipo desconhecido: {o.tipo!r}")
        urn, _, target_id = o.alvo.partition("!")
        out.append(Operation(
            kind=OpKind(o.tipo), target_urn=urn, target_label=urn, target_id=target_id or None,
            rotulo=o.rotulo, text=o.texto,
            source=f"Decisão registrada ({decisao.problema}): {decisao.nota or ''}".strip(),
            where=decisao.dispositivo, note=decisao.nota))
    return out


def decide(rec: Recognition, decisoes: list[Decisao]) -> Decided:
    """Apply ``decisoes`` to ``rec``: resolved problems go, operations are kept, dropped or
    replaced as decided."""
    ops = list(rec.operations)
    problems: list[Problem] = []
    resolved: list[tuple[Problem, Decisao]] = []
    used: set[int] = set()
    for p in rec.problems:
        where = _base_where(p.where)
        match = next((i for i, d in enumerate(decisoes) if d.matches(p.code, where)), None)
        if match is None:
            problems.append(p)
            continue
        d = decisoes[match]
        used.add(match)
        resolved.append((p, d))
        if d.decisao == "ignorar" and p.where is not None:
            ops = [o for o in ops if _base_where(o.where) != where]
        elif d.decisao == "ignorar":
            ops = []
    for i, d in enumerate(decisoes):
        if d.decisao == "operacoes" and i in used:
            where = d.dispositivo
            if where:
                ops = [o for o in ops if _base_where(o.where) != where]
            ops.extend(_ops_of(d, rec))
    new = replace(rec, operations=ops, problems=problems)
    return Decided(new, resolved, [d for i, d in enumerate(decisoes) if i not in used])
