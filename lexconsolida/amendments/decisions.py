"""Human decisions recorded for an amending act (``[[decisoes]]`` of its ledger
``decisoes.toml``, or of its ``norma.toml``, the older place).

A decision answers one reported problem (by its code and, optionally, the instruction's
dispositivo): ``aplicar`` accepts the recognised operations, ``ignorar`` drops the
instruction's operations (the act does not apply there), ``operacoes`` replaces them with
operations written by a person, ``nao-textual`` drops them and, when it names a unit, notes the
decision there (no new wording), ``adiar`` leaves the problem open (it was looked at).

A decision counts only when it is in force (approved, or written by hand without ``estado``) and
— when it carries ``texto_hash`` — when the instruction's text is still the one decided: a
changed source text reopens it (:func:`instruction_digest`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from lexconsolida.amendments.model import OP_KINDS, Operation, Problem, Recognition
from lexconsolida.corpus.records import Decisao
from lexconsolida.errors import InputError
from lexconsolida.model import Agrupador, Dispositivo, Norma

APPLY_CODES = ("falha-na-aplicacao",)
"""Problems found when the operations are applied to the base, after recognition: a decision on
one of them (``ignorar``, ``operacoes``, ``nao-textual``) acts on the instruction's operations
beforehand, since there is no problem yet to match."""
LATER_CODES = APPLY_CODES + ("relacao-sem-operacoes", "texto-base-indisponivel", "alvo-fora-do-acervo")
"""Codes of problems the acervo's histories report, not the recogniser: a decision on one is
matched there (:mod:`lexconsolida.acervo.pipeline`), never 'without a problem' here."""
RECORD_ONLY = ("alvo-fora-do-acervo",)
"""Codes whose decision changes nothing here (the norm is not in the acervo: the decision only
records that the change stays unapplied, or why it waits)."""
DIGEST_PREFIX = "sha256:"


@dataclass(slots=True)
class Decided:
    """A recognition after the decisions: what to apply, and what is still open."""

    recognition: Recognition
    resolved: list[tuple[Problem, Decisao]] = field(default_factory=list)
    unused: list[Decisao] = field(default_factory=list)
    """Decisions that matched no problem (stale, or a typo in the code)."""
    waiting: list[tuple[Problem, Decisao]] = field(default_factory=list)
    """Problems with a decision not in force: proposed (two-person rule) or deferred."""
    reopened: list[tuple[Problem, Decisao]] = field(default_factory=list)
    """Problems whose decision was taken on another text of the instruction."""


def base_where(where: str | None) -> str | None:
    """An instruction's dispositivo as decisions name it (an artigo's caput is the artigo)."""
    if where and where.endswith("_cpt"):
        return where[:-4]
    return where


_base_where = base_where


def _words(parts: list[str]) -> str:
    return " ".join(" ".join(p.split()) for p in parts if p and p.strip())


def _texts(node, out: list[str]) -> None:
    if isinstance(node, Dispositivo):
        out.append(node.rotulo or "")
        out.append(node.text)
        for alt in node.alteracoes:
            out.append(alt.raw or "")
            for c in alt.children:
                _texts(c, out)
    elif isinstance(node, Agrupador):
        out.append(node.rotulo or "")
        out.append(node.nome or "")
    for c in getattr(node, "children", ()):
        _texts(c, out)


def _find(nodes, lid: str):
    for n in nodes:
        if isinstance(n, Dispositivo) and n.id == lid:
            return n
        found = _find(getattr(n, "children", ()), lid)
        if found is not None:
            return found
    return None


def instruction_text(norma: Norma, where: str | None) -> str:
    """The text a decision on the instruction ``where`` was taken on: the dispositivo with its
    units and its quoted blocks (whitespace collapsed); for ``where`` None, the whole act
    (ementa and articulação). '' when the act has no such dispositivo."""
    out: list[str] = []
    if where is None:
        out.append(norma.ementa or "")
        for n in norma.articulacao:
            _texts(n, out)
        return _words(out)
    node = _find(norma.articulacao, _base_where(where) or where)
    if node is None:
        return ""
    _texts(node, out)
    return _words(out)


def instruction_digest(norma: Norma, where: str | None) -> str:
    """'sha256:…' (16 hex digits) of :func:`instruction_text`: what a recorded decision keeps
    in ``texto_hash``."""
    digest = hashlib.sha256(instruction_text(norma, where).encode("utf-8")).hexdigest()[:16]
    return DIGEST_PREFIX + digest


Digest = Callable[[str | None], str]
"""The digest of the amending act's instruction at a dispositivo (None: the whole act)."""


def current(d: Decisao, digest: Digest | None) -> bool:
    """Whether ``d`` was taken on the instruction's present text (True without a hash to check)."""
    return d.texto_hash is None or digest is None or digest(d.dispositivo) == d.texto_hash


def _ops_of(decisao: Decisao, rec: Recognition) -> list[Operation]:
    out = []
    for o in decisao.operacoes:
        if o.tipo not in OP_KINDS:
            raise InputError(f"decisão com operação de tipo desconhecido: {o.tipo!r}")
        urn, _, target_id = o.alvo.partition("!")
        out.append(Operation(
            kind=o.tipo, target_urn=urn, target_label=urn, target_id=target_id or None,
            rotulo=o.rotulo, text=o.texto,
            source=f"Decisão registrada ({decisao.problema}): {decisao.nota or ''}".strip(),
            where=decisao.dispositivo, note=decisao.nota))
    if decisao.decisao == "nao-textual" and decisao.alvo and "!" in decisao.alvo:
        urn, _, target_id = decisao.alvo.partition("!")
        out.append(Operation(
            kind="nota", target_urn=urn, target_label=urn, target_id=target_id,
            source=f"Decisão registrada ({decisao.problema}): alteração não textual",
            where=decisao.dispositivo, note=decisao.nota or "alteração não textual"))
    return out


def _drop(ops: list[Operation], where: str | None) -> list[Operation]:
    if where is None:
        return []
    return [o for o in ops if _base_where(o.where) != where]


def decide(rec: Recognition, decisoes: list[Decisao], digest: Digest | None = None) -> Decided:
    """Apply ``decisoes`` to ``rec``: resolved problems go, operations are kept, dropped or
    replaced as decided. ``digest`` gives the instruction's present digest, to reopen a
    decision taken on another text (without it, hashes are not checked)."""
    ops = list(rec.operations)
    problems: list[Problem] = []
    resolved: list[tuple[Problem, Decisao]] = []
    waiting: list[tuple[Problem, Decisao]] = []
    reopened: list[tuple[Problem, Decisao]] = []
    used: set[int] = set()
    drops: list[str | None] = []
    """Instructions whose recognised operations go (None: every operation of the act)."""
    adding: list[int] = []
    """Decisions whose written operations come in."""

    def act_on(i: int, where: str | None) -> None:
        d = decisoes[i]
        if d.decisao in ("ignorar", "nao-textual"):
            drops.append(where)
        elif d.decisao == "operacoes" and d.dispositivo is not None:
            drops.append(d.dispositivo)
        if d.decisao in ("operacoes", "nao-textual") and i not in adding:
            adding.append(i)

    for p in rec.problems:
        where = _base_where(p.where)
        matching = [i for i, d in enumerate(decisoes) if d.matches(p.code, where)]
        used.update(matching)
        match = next((i for i in matching if decisoes[i].in_force and current(decisoes[i], digest)), None)
        if match is None:
            problems.append(p)
            stale = next((i for i in matching if decisoes[i].in_force), None)
            if stale is not None:
                reopened.append((p, decisoes[stale]))
            elif matching:
                waiting.append((p, decisoes[matching[-1]]))
            continue
        resolved.append((p, decisoes[match]))
        if p.code not in RECORD_ONLY:
            act_on(match, where)
    for i, d in enumerate(decisoes):  # decided before the application that would fail
        if d.problema in APPLY_CODES and d.decisao != "aplicar" and d.in_force and current(d, digest):
            if any(_base_where(o.where) == d.dispositivo or d.dispositivo is None for o in ops):
                used.add(i)
                act_on(i, d.dispositivo)
        elif d.problema in LATER_CODES:
            used.add(i)  # matched against the histories' problems by the acervo
            if d.decisao in ("operacoes", "nao-textual") and d.in_force and current(d, digest) \
                    and d.problema not in APPLY_CODES + RECORD_ONLY and i not in adding:
                adding.append(i)  # operations written for a relation the recogniser found none for
    for where in drops:
        ops = _drop(ops, where)
    for i in adding:
        ops.extend(_ops_of(decisoes[i], rec))
    new = replace(rec, operations=ops, problems=problems)
    return Decided(new, resolved, [d for i, d in enumerate(decisoes) if i not in used], waiting, reopened)
