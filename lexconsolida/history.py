"""A norm of the corpus with every amending act applied: the whole history, then any date.

The acts applied are those whose ``norma.toml`` declares a relation ``altera`` or ``revoga``
to the norm, in order of vigência. Each is recognised from its text, the decisions recorded
in its ``[[decisoes]]`` are applied, and then its operations on this norm. An act with open
blocking problems is not applied: its problems are returned for a human decision.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from lexconsolida.amendments import Operation, Problem, recognise
from lexconsolida.amendments.codes import known
from lexconsolida.amendments.decisions import LATER_CODES, Decided, Digest, decide, instruction_digest
from lexconsolida.amendments.through import AmendingText, Lookup, redirect
from lexconsolida.corpus.records import Act, DecisionIssue
from lexconsolida.corpus.store import Corpus
from lexconsolida.errors import LexError
from lexconsolida.model import Event, Norma
from lexconsolida.transforms.amend import apply, apply_checked


@dataclass(slots=True)
class ActReport:
    """What happened with one amending act."""

    act: Act
    applied: bool
    operations: list[Operation] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    """Problems still open (blocking ones stopped the act) and warnings."""
    resolved: list[Problem] = field(default_factory=list)
    """Problems answered by a recorded decision."""


@dataclass(slots=True)
class History:
    norma: Norma
    reports: list[ActReport] = field(default_factory=list)

    @property
    def open_problems(self) -> list[tuple[Act, Problem]]:
        return [(r.act, p) for r in self.reports for p in r.problems]


def event_of(act: Act, kind: str = "redacao") -> Event:
    return Event(kind, act.urn, act.label, act.in_force_from)


def recognise_act(corpus: Corpus, act: Act):
    """Recognition of ``act`` with its recorded decisions applied (a Decided). An instruction
    naming a unit of an amending act that is text the act carried to another norm changes that
    norm (:func:`lexconsolida.amendments.through.redirect`)."""
    norma = corpus.read(act.urn)
    rec = recognise(norma, lambda ref: corpus.resolve(ref, act.urn))
    redirect(rec, amending_texts(corpus))
    decided = decide(rec, act.decisoes, digest_of(norma))
    decided.recognition.operations = [_labelled(corpus, o) for o in decided.recognition.operations]
    return decided


def decision_issues(corpus: Corpus, act: Act) -> list[DecisionIssue]:
    """What is wrong with ``act``'s recorded decisions, as its recognition sees it: entries that
    cannot be read, codes that no problem has, decisions that match no problem of its
    instructions (file and line each). Decisions on problems only an acervo's histories
    report (a failed application, a relation without operations) are not judged here."""
    issues = list(act.decisoes_invalidas)
    unused = [d for d in act.decisoes if d.problema not in LATER_CODES]
    seen: set[str] = set()
    if act.texto is not None and act.decisoes:
        try:
            decided = recognise_act(corpus, act)
        except LexError:
            decided = None
        if decided is not None:
            unused = decided.unused
            seen = {p.code for p in decided.recognition.problems} | {p.code for p, _ in decided.resolved}
    for d in unused:
        at = f" (dispositivo {d.dispositivo})" if d.dispositivo else ""
        if not known(d.problema, seen):
            issues.append(DecisionIssue("codigo-desconhecido", f"código de problema desconhecido: {d.problema!r}{at} — "
                                        "confira a grafia; a decisão não foi aplicada", d.arquivo or "", d.linha))
        else:
            issues.append(DecisionIssue("decisao-sem-problema", f"decisão sem problema correspondente: "
                                        f"{d.problema!r}{at}; a decisão não foi aplicada", d.arquivo or "", d.linha))
    return sorted(issues, key=lambda i: (i.arquivo, i.linha or 0))


def digest_of(norma: Norma) -> Digest:
    """The instruction digests of the amending act ``norma`` (memoised per dispositivo)."""
    memo: dict[str | None, str] = {}

    def digest(where: str | None) -> str:
        if where not in memo:
            memo[where] = instruction_digest(norma, where)
        return memo[where]

    return digest


def amending_texts(corpus: Corpus) -> Lookup:
    """The :data:`~lexconsolida.amendments.through.Lookup` of the acts of ``corpus``: the ids
    of an act's units, and its operations recognised (its decisions applied) when asked."""

    def lookup(urn: str) -> AmendingText | None:
        act = corpus.loaded(urn)
        if act is None or act.texto is None:
            return None
        try:
            norma = corpus.read_shared(act.urn)
        except LexError:
            return None

        def operations() -> list[Operation]:
            own = corpus.read(act.urn)
            rec = recognise(own, lambda ref: corpus.resolve(ref, act.urn))
            return decide(rec, act.decisoes, digest_of(own)).recognition.operations

        return AmendingText({d.id for d in norma.dispositivos()}, operations, act.label)

    return lookup


def _labelled(corpus: Corpus, op: Operation) -> Operation:
    """Operations written in a decision name their norm by URN: give them the act's label."""
    if op.target_urn and op.target_label == op.target_urn and op.target_urn in corpus.acts:
        return replace(op, target_label=corpus.acts[op.target_urn].label)
    return op


def _order(a: Act) -> tuple[str, str]:
    return (a.in_force_from or "", a.urn)


def history(corpus: Corpus, urn: str, *, before: Act | None = None,
            amending: list[Act] | None = None, tolerant: bool = False,
            recognised: Callable[[Act], Decided] | None = None) -> History:
    """The norm ``urn`` with all its amending acts applied (only those in force before
    ``before`` and other than it, when given), and a report per act.

    ``amending``: the acts to apply (default: those declaring ``altera``/``revoga`` on it).
    ``tolerant``: an act whose operations cannot all be applied is left out and reported
    (problem ``falha-na-aplicacao``) instead of stopping the whole history.
    ``recognised``: how an amending act is recognised (default :func:`recognise_act`; the
    review desk passes its memo, so a history redone after one decision reads no act twice)."""
    target = corpus.get(urn)
    norma = corpus.read(target.urn)
    out = History(norma)
    if amending is None:
        amending = corpus.related(target.urn, "altera") + corpus.related(target.urn, "revoga")
    # A proposição's relations (a minuta that would revoke acts) are proposals: never applied.
    acts = {a.urn: a for a in amending if a.normative}
    for act in sorted(acts.values(), key=_order):
        if before is not None and (act.urn == before.urn or _order(act) >= _order(before)):
            continue
        report = _one_act(corpus, act, target, recognised)
        if report.applied and tolerant:
            result, errors = apply_checked(out.norma, report.operations, event_of(act))
            if errors:
                report.applied = False
                report.problems += [_failure(e) for e in errors]
            else:
                out.norma = result
        elif report.applied:
            out.norma = apply(out.norma, report.operations, event_of(act))
        out.reports.append(report)
    return out


_FAILURE = re.compile(r"^(?P<where>[\w-]+): (?P<msg>.*?)(?: — instrução: “(?P<src>.*)”)?$", re.S)


def _failure(err) -> Problem:
    """A problem for an operation :func:`apply` refused ('art2: dispositivo … não existe')."""
    m = _FAILURE.match(err.message)
    if m is None:
        return Problem("falha-na-aplicacao", err.message, "", err.line, None)
    where = m.group("where") if m.group("where") != "instrução" else None
    return Problem("falha-na-aplicacao", m.group("msg"), m.group("src") or "", err.line, where)


def act_report(corpus: Corpus, act: Act, target: Act,
               recognised: Callable[[Act], Decided] | None = None) -> ActReport:
    """What ``act`` does to ``target`` (its operations on it and the problems that concern it),
    before any application: ``applied`` False means it waits for a decision."""
    return _one_act(corpus, act, target, recognised)


def _one_act(corpus: Corpus, act: Act, target: Act,
             recognised: Callable[[Act], Decided] | None = None) -> ActReport:
    if act.texto is None:
        return _declared_revocation(act, target)
    decided = recognised(act) if recognised is not None else recognise_act(corpus, act)
    rec = decided.recognition
    ops = [o for o in rec.operations if o.target_urn == target.urn]
    # With no operation on this target, the recogniser's "ementa announces a change, no
    # instruction makes it" is said below about this target (relacao-sem-operacoes).
    # Problems of instructions to other norms belong to their histories (Problem.target_urn).
    urns = [target.urn, *(o.target_urn for o in ops)]
    mine = [p for p in rec.problems if p.concerns(urns) and (ops or p.code != "sem-operacoes")]
    blocking = [p for p in mine if p.blocking]
    declared = _declared_revocation(act, target)
    if not any(o.kind == "revogacao_total" for o in ops) and declared.operations:
        ops += declared.operations
    carried = [o for o in rec.operations if o.via == target.urn]
    if not ops and not blocking and carried:
        names = ", ".join(sorted({o.target_label for o in carried}))
        mine.append(Problem(
            "alteracao-de-ato-alterador",
            f"{act.label} cita dispositivos de {target.label} que são texto que esta levou a {names}: "
            f"as alterações estão no histórico de {names}", "", None, None, blocking=False,
            target_urn=target.urn))
    elif not ops and not blocking:
        mine.append(Problem(
            "relacao-sem-operacoes",
            f"{act.label} declara alterar {target.label} ([[relacoes]]), mas nenhuma instrução "
            "reconhecida no texto a altera", "", None, None, blocking=False))
    return ActReport(act, not blocking and bool(ops), ops, mine, [p for p, _ in decided.resolved])


def _declared_revocation(act: Act, target: Act) -> ActReport:
    """A whole-act revocation declared in ``[[relacoes]]`` (used when the text is absent or
    does not say it)."""
    ops = []
    for rel in act.relacoes:
        if rel.tipo == "revoga" and target.urn in rel.alvos:
            ops.append(Operation("revogacao_total", target.urn, target.label, None,
                                 source=rel.nota or f"[[relacoes]] de {act.label}",
                                 where=rel.dispositivo, note=None))
    return ActReport(act, bool(ops), ops)
