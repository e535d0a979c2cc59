"""What recognition knows while it reads one amending act: the norms its instructions address
and how each becomes an operation's target.

:class:`Context` carries the act, the resolver of citations, the BASE of the command line (when
there is one) and the :class:`~lexconsolida.amendments.model.Recognition` being built;
:func:`target` turns a citation of an act into the norm an operation changes (a norm of the
acervo, an act outside it with a URN built from its citation, or the BASE for a norm named by
nobody); :func:`operation` builds an operation on it; :func:`scope` gives the problems of an
instruction the norm they hold back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from lexconsolida.amendments.model import Operation, Problem, Recognition, work_key
from lexconsolida.model import Dispositivo, Norma
from lexconsolida.model.operations import ActRef
from lexconsolida.model.urn import Urn

Resolver = Callable[[ActRef], str | None]
"""A citation of an act → its URN in the acervo (None: outside it)."""


@dataclass(slots=True)
class Target:
    """The norm an instruction changes."""

    urn: str
    label: str
    in_corpus: bool
    ref: ActRef | None
    """The citation (None when the norm is the BASE given by the caller)."""
    by_name: bool = False
    """Named only ('o Regimento Interno'), resolved by name (:func:`target`)."""


@dataclass(slots=True)
class Context:
    """One amending act being read."""

    norma: Norma
    resolve: Resolver | None
    rec: Recognition
    base: tuple[str, str] | None = None
    """(URN, label) of the BASE given on the command line."""
    base_noticed: bool = False
    last_article: str | None = None
    """The artigo the previous instruction named ('do supracitado artigo' continues it)."""
    last_target: Target | None = None
    targets_seen: set[str] = field(default_factory=set)
    out_of_corpus_reported: set[str] = field(default_factory=set)
    instruction_targets: list[Target] = field(default_factory=list)
    """The norms the instruction being read addresses (its problems are scoped to them)."""
    single_ref: ActRef | None = None
    """The one norm the act's instructions that name one change: the norm of a renumbering that
    names none ('Remunere-se os demais artigos.', the law named only in a sibling article)."""


def act_label(norma: Norma) -> str:
    """'Lei nº 2.331, de 21 de maio de 2002' from the metadata (else the epígrafe)."""
    return norma.label if norma.tipo and norma.numero else norma.titulo


def where_of(d: Dispositivo) -> str:
    """The instruction's place in the amending act: an artigo's id for its caput."""
    return d.id[:-4] if d.id.endswith("_cpt") else d.id


def line_of(d: Dispositivo) -> int | None:
    return d.lines[0] if d.lines else None


def label_of(d: Dispositivo) -> str:
    return d.rotulo or d.id


def virtual_urn(ctx: Context, ref: ActRef) -> str:
    """A URN for an act outside the corpus, built from the citation."""
    if ref.urn:
        return ref.urn
    own = Urn.parse(ctx.norma.urn) if ctx.norma.urn else None
    federal = ref.esfera == "federal" or (own is not None and own.autoridade == "federal") or own is None
    if ref.esfera == "municipal" and own is not None:
        federal = False
    loc, aut = ("br", "federal") if federal else (own.localidade, "municipal")  # type: ignore[union-attr]
    if ref.esfera == "estadual" and own is not None:
        loc, aut = ";".join(own.localidade.split(";")[:2]), "estadual"
    date = ref.data or (str(ref.ano) if ref.ano else None)
    desc = ";".join(p for p in (date, ref.numero) if p) or "s.n"
    return str(Urn(loc, aut, ref.tipo, desc))


def target(ctx: Context, ref: ActRef, d: Dispositivo | None = None) -> Target:
    """The norm a citation names: the resolver's, else (a norm named by name only, with a BASE
    given) the BASE with a notice, else an act outside the corpus."""
    urn = ctx.resolve(ref) if ctx.resolve else None
    named = bool(ref.nome) and not ref.numero and not ref.urn
    if urn:
        return Target(urn, ref.label(), True, ref, by_name=named)
    if named and ctx.base is not None:
        return base_target(ctx, d, f"a instrução cita {ref.nome}, sem número")
    return Target(virtual_urn(ctx, ref), ref.label(), False, ref, by_name=named)


def base_target(ctx: Context, d: Dispositivo | None, why: str) -> Target:
    assert ctx.base is not None
    urn, label = ctx.base
    if not ctx.base_noticed:
        ctx.base_noticed = True
        ctx.rec.problems.append(Problem(
            "alvo-pela-base", f"{why}: entendida como a norma BASE indicada na linha de comando ({label})",
            d.text if d is not None else "", line_of(d) if d is not None else None,
            where_of(d) if d is not None else None, blocking=False))
    return Target(urn, label, True, None)


def note_target(ctx: Context, t: Target, d: Dispositivo) -> None:
    """``t`` is a norm of the instruction being read (and, outside the corpus, said once)."""
    ctx.targets_seen.add(t.urn)
    ctx.instruction_targets.append(t)
    if not t.in_corpus and t.urn not in ctx.out_of_corpus_reported:
        ctx.out_of_corpus_reported.add(t.urn)
        ctx.rec.problems.append(Problem(
            "alvo-fora-do-acervo", f"alvo fora do acervo: {t.label} ({t.urn})",
            d.text, line_of(d), where_of(d), blocking=False))


def operation(d: Dispositivo, t: Target, kind: str, target_id: str | None, *, line: int | None = None,
              **kw) -> Operation:
    return Operation(kind=kind, target_urn=t.urn, target_label=t.label, target_id=target_id,  # type: ignore[arg-type]
                     source=d.text, line=line or line_of(d), where=where_of(d), in_corpus=t.in_corpus,
                     target_act=t.ref, **kw)


def problem(d: Dispositivo, code: str, message: str, *, line: int | None = None, blocking: bool = True,
            target_urn: str | None = None) -> Problem:
    return Problem(code, message, d.text, line or line_of(d), where_of(d), blocking=blocking, target_urn=target_urn)


def known(t: Target) -> bool:
    """A target the problems can be scoped to: a norm of the acervo (or the BASE), or an act
    identified by its citation (type and number, or a URN)."""
    return t.in_corpus or (t.ref is not None and bool(t.ref.numero or t.ref.urn))


def scope(ctx: Context, start: int, targets: Iterable[Target]) -> None:
    """Give the problems reported since ``start`` the norm their instruction addresses, when it
    addresses exactly one known norm: they then hold back only the operations on that norm."""
    targets = list(targets)
    keys = {work_key(t.urn) for t in targets}
    if len(keys) != 1 or not all(known(t) for t in targets):
        return
    urn = targets[0].urn
    probs = ctx.rec.problems
    for i in range(start, len(probs)):
        if probs[i].target_urn is None:
            probs[i] = replace(probs[i], target_urn=urn)
