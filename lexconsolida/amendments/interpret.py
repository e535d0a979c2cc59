"""The interpreter of the instruction grammar: a typed instruction tree → planned operations.

One case per kind of :data:`~lexconsolida.amendments.grammar.Instruction` (checked exhaustive by
``assert_never``). What comes out is norm-agnostic: each :class:`Planned` names the act its
citation names (or None: the instruction's norm, which the recogniser decides as for every
instruction), and each :class:`Refused` is a problem for a person. The recogniser turns them
into :class:`~lexconsolida.model.operations.Operation` and
:class:`~lexconsolida.amendments.model.Problem`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from lexconsolida.amendments.grammar import Instruction, Place, Revocation, RevocationList, Substitution
from lexconsolida.model.operations import ActRef, OpKind


@dataclass(frozen=True, slots=True)
class Planned:
    kind: OpKind
    act: ActRef | None
    """The norm the citation names; None: the instruction's norm."""
    target_id: str | None
    text: str | None = None
    expression: str | None = None
    in_list: bool = False


@dataclass(frozen=True, slots=True)
class Refused:
    code: str
    message: str


def interpret(instr: Instruction) -> tuple[list[Planned], list[Refused]]:
    """What ``instr`` does. A :class:`RevocationList` does nothing by itself: its items do (the
    recogniser reads each with :func:`~lexconsolida.amendments.grammar.parse_item`)."""
    match instr:
        case Substitution():
            return _substitution(instr)
        case Revocation():
            return _revocation(instr)
        case RevocationList():
            return [], []
        case _:
            assert_never(instr)


def _substitution(s: Substitution) -> tuple[list[Planned], list[Refused]]:
    out: list[Planned] = []
    refused: list[Refused] = []
    for pair in s.pairs:
        place: Place | None = s.place_of(pair)
        if not pair.old.strip() or not pair.new.strip():
            refused.append(Refused("sem-texto-novo", "substituição de expressão sem a expressão substituída ou a "
                                   "nova: decida o que muda"))
            continue
        if place is None:
            refused.append(Refused("alvo-sem-dispositivo", f"a substituição de “{pair.old}” não diz onde (dispositivo, "
                                   "ou a norma inteira): decida onde ela se aplica"))
            continue
        default = place.act.act if place.act is not None else None
        if place.whole:
            out.append(Planned(OpKind.SUBSTITUICAO, default, None, pair.new, pair.old))
            continue
        articles = {i.split("_")[0] for c in place.units for i in c.ids if i.startswith("art")}
        for c in place.units:
            for i in c.ids:
                if not i.startswith("art") and len(articles) == 1:
                    i = _in_article(next(iter(articles)), i)  # 'no art. 2º e no seu parágrafo único'
                out.append(Planned(OpKind.SUBSTITUICAO, c.act or default, i, pair.new, pair.old))
    return out, refused


def _in_article(article: str, rel: str) -> str:
    """A unit cited without its artigo, in the one artigo the instruction names (incisos and
    alíneas sit in its caput)."""
    return f"{article}_cpt_{rel}" if rel.startswith(("inc", "ali")) else f"{article}_{rel}"


def _revocation(r: Revocation) -> tuple[list[Planned], list[Refused]]:
    out: list[Planned] = []
    default = r.act.act if r.act is not None else None
    many = sum(len(c.ids) for c in r.objects) > 1
    for c in r.objects:
        if c.ids:
            out += [Planned(OpKind.REVOGACAO, c.act or default, i, in_list=many) for i in c.ids]
        elif c.act is not None:
            out.append(Planned(OpKind.REVOGACAO_TOTAL, c.act, None))
    refused = []
    if r.deferred:
        refused.append(Refused("revogacao-diferida", f"a revogação não tem efeito com o ato ('{r.deferred}'): "
                               "registre a data ou a condição numa decisão antes de aplicá-la"))
    return out, refused
