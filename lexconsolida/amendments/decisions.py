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

from lexconsolida.amendments.model import OP_KINDS, Operation, OpKind, Problem, Recognition, work_key
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
            kind=OpKind(o.tipo), target_urn=urn, target_label=urn, target_id=target_id or None,
            rotulo=o.rotulo, text=o.texto, new_id=o.novo, new_rotulo=o.novo_rotulo,
            source=f"Decisão registrada ({decisao.problema}): {decisao.nota or ''}".strip(),
            where=decisao.dispositivo, note=decisao.nota))
    if decisao.decisao == "nao-textual" and decisao.alvo and "!" in decisao.alvo:
        urn, _, target_id = decisao.alvo.partition("!")
        out.append(Operation(
            kind=OpKind.NOTA, target_urn=urn, target_label=urn, target_id=target_id,
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

    replaced: set[str] = set()
    """Norms whose operations of the whole act a decision on the whole act replaces with its own."""

    def act_on(i: int, where: str | None) -> None:
        d = decisoes[i]
        if d.decisao in ("ignorar", "nao-textual"):
            drops.append(where)
        elif d.decisao == "operacoes" and d.dispositivo is not None:
            drops.append(d.dispositivo)
        elif d.decisao == "operacoes":  # the whole act: its operations on the norms the decision writes for
            replaced.update(work_key(o.alvo) for o in d.operacoes)
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
    if replaced:
        ops = [o for o in ops if work_key(o.target_urn) not in replaced]
    for i in adding:
        ops.extend(_ops_of(decisoes[i], rec))
    new = replace(rec, operations=ops, problems=problems)
    return Decided(new, resolved, [d for i, d in enumerate(decisoes) if i not in used], waiting, reopened)


def decide_problems(ops: list[Operation], problems: list[Problem],
                    decisoes: list[Decisao]) -> tuple[list[Operation], list[Problem]]:
    """The decisions ``decisoes`` applied to problems found after recognition (the precision
    gates of :mod:`lexconsolida.amendments.gates`), as :func:`decide` applies them to
    recognition's: the operations as decided, and the problems no decision answers."""
    if not decisoes or not problems:
        return ops, problems
    d = decide(Recognition(None, "", list(ops), list(problems)), decisoes)
    return d.recognition.operations, d.recognition.problems



def target_text(norma: Norma, ids: list[str] | tuple[str, ...]) -> str:
    """The text a decision was taken on in its target: each unit of ``ids`` with its units and
    its situation (in force, revoked), in order; a unit the text does not have counts as
    absent. What :func:`target_digest` summarises."""
    out: list[str] = []
    for uid in sorted(ids):
        node = _find(norma.articulacao, uid) or _find(norma.articulacao, uid + "_cpt")
        if node is None:
            out.append(f"[{uid}: ausente]")
            continue
        parts: list[str] = []
        _texts(node, parts)
        out.append(f"[{uid}: {node.situacao.value}] {_words(parts)}")
    return "\n".join(out)


def target_digest(norma: Norma, ids: list[str] | tuple[str, ...]) -> str:
    """'sha256:…' (16 hex digits) of :func:`target_text`: what a decision keeps in
    ``alvo_hash``, with the units in ``alvo_unidades``."""
    return DIGEST_PREFIX + hashlib.sha256(target_text(norma, ids).encode("utf-8")).hexdigest()[:16]


def stale_on(norma: Norma, target_urn: str, decisoes: list[Decisao]) -> list[Decisao]:
    """The decisions in force taken on another text of ``target_urn``'s units than ``norma``
    (the target as it stands when the act applies) has: their units changed since (an earlier
    amending act decided or applied otherwise, a corrected text)."""
    key = work_key(target_urn)
    return [d for d in decisoes if d.in_force and d.alvo_hash and d.alvo_norma and work_key(d.alvo_norma) == key
            and target_digest(norma, d.alvo_unidades) != d.alvo_hash]


def reopened(d: Decisao, act_label: str) -> Problem:
    """The problem a stale decision answered, open again with the reason."""
    units = ", ".join(d.alvo_unidades) or "a norma"
    return Problem(d.problema, f"a decisão registrada ({d.decisao}, de {d.responsavel or 'autor não informado'}) foi "
                               f"tomada sobre outro texto de {units} na norma alterada: o texto mudou depois dela "
                               f"(outra alteração aplicada ou decidida antes de {act_label}, ou um texto corrigido). "
                               "Confira e decida de novo", "", None, d.dispositivo, target_urn=d.alvo_norma)
