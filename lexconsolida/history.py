"""A norm of the corpus with every amending act applied: the whole history, then any date.

The acts applied are those whose ``norma.toml`` declares a relation ``altera`` or ``revoga``
to the norm, in order of vigência. Each is recognised from its text, the decisions recorded
in its ``[[decisoes]]`` are applied, and then its operations on this norm, through the
precision gates and the verification of the result
(:func:`lexconsolida.transforms.gated.apply_gated`). An act with open blocking problems is not
applied: its problems are returned for a human decision.

Then the efficacy of the amending acts reaches the norm (:mod:`lexconsolida.transforms.efficacy`):
an amending act suspended or interpreted by a court marks the units whose wording it gave; one
declared unconstitutional or made void gives them back their earlier wording from the date the
decision has effect; one revoked by another act changes nothing in the norm (LINDB, art. 2º,
§ 3º) unless the revoking act's relation says ``repristina = true`` — and when the revoking
act's text speaks of restoring and its relation says neither, the norm waits for a person
(problem ``repristinacao-a-decidir``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Protocol

from lexconsolida.amendments import Operation, OpKind, Problem, Recognition, recognise
from lexconsolida.amendments.codes import gate_codes, known
from lexconsolida.amendments.decisions import (LATER_CODES, Decided, Digest, decide, decide_problems, instruction_digest,
                                               reopened, stale_on)
from lexconsolida.amendments.through import AmendingText, Lookup, redirect
from lexconsolida.corpus.records import LEDGER, Act, Decisao, DecisionIssue
from lexconsolida.corpus.store import Corpus
from lexconsolida.errors import LexError
from lexconsolida.model import Agrupador, Event, Norma, Situacao
from lexconsolida.model.dates import format_long
from lexconsolida.model.efficacy_events import FALLS, Efficacy, structural_problems
from lexconsolida.model.status import APPLIED, IGNORED, PENDING, WITHOUT_TEXT, Step, mark
from lexconsolida.transforms.efficacy import carry, repristinate
from lexconsolida.transforms.gated import Gated, apply_gated
from lexconsolida.transforms.pointintime import at

NO_OPERATIONS = "relacao-sem-operacoes"
UNREADABLE = "texto-recusado"


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

    def steps(self) -> list[Step]:
        """What each amending act gave (:class:`~lexconsolida.model.status.Step`), for the
        status of the norm (:func:`~lexconsolida.model.status.mark`)."""
        return [step_of(r) for r in self.reports]

    def marked(self) -> Norma:
        """The norm with a whole-act event for every amending act whose changes are not in its
        text (pending review, or without text): what its status says."""
        return mark(self.norma, self.steps())


def step_of(report: ActReport) -> Step:
    """The outcome of one amending act, as the status reads it: applied; without text (the
    acervo knows only its metadata); pending (a blocking problem, an operation that failed, an
    unreadable text, or a declared relation with no instruction that no decision set aside);
    or ignored (nothing on this norm)."""
    act = report.act
    if report.applied:
        return Step(act.urn, act.label, act.in_force_from, APPLIED, len(report.operations))
    if act.texto is None:
        return Step(act.urn, act.label, act.in_force_from, WITHOUT_TEXT)
    blocking = [p for p in report.problems if p.blocking]
    unanswered = any(p.code == NO_OPERATIONS for p in report.problems) and not any(
        d.problema == NO_OPERATIONS and d.decisao == "ignorar" for d in act.decisoes)
    if blocking or unanswered:
        items = len({p.where or p.message for p in blocking}) or 1
        revokes = any(o.kind == "revogacao_total" for o in report.operations) or any(
            r.tipo == "revoga" for r in act.relacoes)
        return Step(act.urn, act.label, act.in_force_from, PENDING, items, revokes)
    return Step(act.urn, act.label, act.in_force_from, IGNORED)


def event_of(act: Act, kind: str = "redacao") -> Event:
    return Event(kind, act.urn, act.label, act.in_force_from)


def recognise_act(corpus: Corpus, act: Act, norma: Norma | None = None, *, raw: Recognition | None = None,
                  decisoes: list[Decisao] | None = None):
    """Recognition of ``act`` with its recorded decisions applied (a Decided). An instruction
    naming a unit of an amending act that is text the act carried to another norm changes that
    norm (:func:`lexconsolida.amendments.through.redirect`). ``norma``: the act as read, when
    the caller has it; ``raw``: its recognition before any decision, when the caller has it
    (redirected already); ``decisoes``: other decisions than those recorded (the review desk's
    candidate, to preview what recording it does)."""
    norma = norma if norma is not None else corpus.read(act.urn)
    if raw is None:
        rec = raw_recognition(corpus, act, norma)
        redirect(rec, amending_texts(corpus))
    else:
        rec = raw
    recognised = {id(o) for o in rec.operations}
    decided = decide(rec, act.decisoes if decisoes is None else decisoes, digest_of(norma))
    carried = _Carried(norma)
    decided.recognition.operations = [
        _labelled(corpus, o if id(o) in recognised or carried(o.text) else replace(o, given=False))
        for o in decided.recognition.operations]
    return decided


class Recognitions(Protocol):
    """Where recognitions are kept between calls and runs (an acervo's cache:
    :class:`lexconsolida.acervo.analysis.Recognitions`): a corpus that has one
    (``corpus.recognitions``) recognises each act once, whoever asks."""

    def raw(self, corpus: Corpus, act: Act, norma: Norma) -> Recognition: ...


def raw_recognition(corpus: Corpus, act: Act, norma: Norma | None = None) -> Recognition:
    """``act``'s recognition (:func:`lexconsolida.amendments.recognise`) before its decisions and
    redirections, a fresh copy the caller may change: kept by the corpus' recognitions when it
    has them (``corpus.recognitions``: an acervo's cache), else computed now. ``norma``: the act
    as read, when the caller has it."""
    norma = norma if norma is not None else corpus.read(act.urn)
    store: Recognitions | None = getattr(corpus, "recognitions", None)
    if store is not None:
        return store.raw(corpus, act, norma)
    return recognise(norma, lambda ref: corpus.resolve(ref, act.urn))


def decision_issues(corpus: Corpus, act: Act) -> list[DecisionIssue]:
    """What is wrong with ``act``'s recorded decisions, as its recognition sees it: entries that
    cannot be read, codes that no problem has, decisions that match no problem of its
    instructions (file and line each). Decisions on problems only an acervo's histories
    report (a failed application, a relation without operations) are not judged here."""
    issues = list(act.decisoes_invalidas)
    later = set(LATER_CODES) | gate_codes()  # matched by the histories, where they are found
    unused = [d for d in act.decisoes if d.problema not in later]
    seen: set[str] = set()
    if act.texto is not None and act.decisoes:
        try:
            decided = recognise_act(corpus, act)
        except LexError:
            decided = None
        if decided is not None:
            unused = [d for d in decided.unused if d.problema not in later]
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


def efficacy_issues(corpus: Corpus, act: Act, events: list[Efficacy] | None = None,
                    norma: Norma | None = None) -> list[DecisionIssue]:
    """What is wrong with ``act``'s efficacy events (``[[eficacia]]`` of its ledger; or
    ``events``, to check one before it is recorded) against its text and among themselves:
    every unit named exists on the date the event has effect; no decision before the act's own
    date; the decisions of one proceeding in order (a lifting after a liminar it lifts, the
    judgment after the liminar); effects declared void never before the act was in force; the
    article a deferred effect cites is the act's. ``norma``: the act with its history (else it
    is compiled here). Code 'eficacia-invalida' (an error); 'eficacia-aviso' (a unit revoked by
    then: the decision may only concern the past)."""
    events = act.eficacia if events is None else events
    if not events:
        return []
    where = f"{act.folder.name}/{LEDGER}"
    out: list[DecisionIssue] = []

    def error(ev: Efficacy, message: str, code: str = "eficacia-invalida") -> None:
        out.append(DecisionIssue(code, f"evento de eficácia {ev.id or ev.kind}: {message}", where, None))

    if norma is None and act.texto is not None:
        try:
            norma = history(corpus, act.urn, tolerant=True).norma
        except LexError as err:
            out.append(DecisionIssue("eficacia-invalida", f"não foi possível compilar o ato para conferir os eventos "
                                     f"de eficácia: {err}", where, None))
            norma = None
    start = act.in_force_from
    for ev in events:
        for problem in structural_problems(ev):
            error(ev, problem)
        d = ev.decision
        if d is not None and d.data and act.data and d.data < act.data:
            error(ev, f"a decisão ({d.data}) é anterior ao próprio ato ({act.data})")
        if ev.kind in FALLS and ev.start and start and ev.start < start:
            error(ev, f"os efeitos ({ev.start}) começam antes da vigência do ato ({start}): use a data da vigência "
                      "para declarar a nulidade desde a origem")
        if ev.kind == "efeitos" and ev.source and norma is not None and norma.find(ev.source) is None:
            error(ev, f"o artigo citado como fonte ({ev.source}) não é dispositivo do ato")
        if ev.kind == "suspensao-revogada":
            lifted = [e for e in events if e.kind == "suspensao" and e.decision is not None and d is not None
                      and e.decision.process == d.process and (e.known or "") <= (ev.known or "9999")]
            if not lifted:
                error(ev, f"não há suspensão liminar anterior no mesmo processo ({d.name if d else '?'}) para revogar")
            elif ev.units and all(e.units and not set(ev.units) <= set(e.units) for e in lifted):
                error(ev, "revoga a suspensão de dispositivos que a liminar não suspendeu")
        if ev.kind in ("inconstitucional", "interpretacao-conforme") and d is not None and d.data:
            for e in events:
                if e.kind == "suspensao" and e.decision is not None and e.decision.process == d.process \
                        and e.decision.data and e.decision.data > d.data:
                    error(ev, f"a liminar do mesmo processo ({e.decision.data}) é posterior ao julgamento ({d.data})")
        if norma is not None and ev.units:
            when = max(x for x in (ev.effective or ev.recorded, start) if x) if (ev.effective or ev.recorded or start) \
                else None
            cut = _cut(norma, when)
            for uid in ev.units:
                node = cut.find(uid) if cut is not None else norma.find(uid)
                if isinstance(node, Agrupador):
                    error(ev, f"{uid} é um agrupador: indique os dispositivos (artigos, parágrafos, incisos …)")
                elif node is None:
                    error(ev, f"o dispositivo {uid} não existe no texto do ato"
                              + (f" em {format_long(when)}" if when else ""))
                elif node.situacao is Situacao.REVOGADO:
                    error(ev, f"o dispositivo {uid} já estava revogado em {format_long(when) if when else 'essa data'}: "
                              "a decisão só alcança o passado", "eficacia-aviso")
    return out


def _cut(norma: Norma, when: str | None) -> Norma | None:
    if when is None:
        return None
    try:
        return at(norma, when)
    except LexError:
        return None  # before the act was in force: its original text


def digest_of(norma: Norma) -> Digest:
    """The instruction digests of the amending act ``norma`` (memoised per dispositivo)."""
    memo: dict[str | None, str] = {}

    def digest(where: str | None) -> str:
        if where not in memo:
            memo[where] = instruction_digest(norma, where)
        return memo[where]

    return digest


class _Carried:
    """Whether a wording is printed in the amending act (in its text or a quoted block),
    spaces, quotes and case aside: a wording a decision wrote that the act does not carry was
    not given by it."""

    _DROP = re.compile(r"[\s“”\"'‘’]+")

    def __init__(self, norma: Norma) -> None:
        self.norma = norma
        self._all: str | None = None

    def __call__(self, text: str | None) -> bool:
        if not text:
            return True
        if self._all is None:
            parts = [self.norma.ementa or ""]
            for d in self.norma.dispositivos():
                parts.append(d.text)
                for alt in d.alteracoes:
                    parts.append(alt.raw)
                    parts.extend(getattr(n, "text", "") or getattr(n, "nome", "") or ""
                                 for c in alt.children for n in c.walk())
            self._all = self._DROP.sub("", " ".join(parts)).casefold()
        return self._DROP.sub("", text).casefold() in self._all


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
            rec = raw_recognition(corpus, act, own)
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
    out = History(corpus.read(target.urn))
    if recognised is None:  # each amending act recognised once here (an undated one is asked twice)
        recognised = recognition_memo(corpus)
    plan = plan_of(corpus, target, amending, recognised)
    if before is not None:
        plan = replace(plan, acts=[a for a in plan.acts if a.urn != before.urn and _order(a) < _order(before)])
    for st in steps(corpus, target, plan, recognised, tolerant=tolerant):
        out.norma = st.after
        out.reports.append(st.report)
    for report in list(out.reports):
        if report.applied:
            _efficacy_of(corpus, out, report)
    return out


@dataclass(slots=True)
class StepDone:
    """One amending act applied (or not) in a history: the target before and after it, and what
    came before it."""

    act: Act
    before: Norma
    pending: list[tuple[str, list[Operation]]]
    """The earlier acts left pending (label, their operations on the target)."""
    report: ActReport
    after: Norma


def steps(corpus: Corpus, target: Act, plan: Plan, recognised: Callable[[Act], Decided] | None, *,
          tolerant: bool = False) -> Iterator[StepDone]:
    """The steps of ``target``'s history, in order (lazily: a caller that wants the target as it
    stands before one act stops there), each by :func:`apply_act`."""
    norma = corpus.read(target.urn)
    pending: list[tuple[str, list[Operation]]] = []
    for act in plan.acts:
        report, gated = apply_act(corpus, norma, act, target, plan, pending, recognised, tolerant=tolerant)
        before, earlier = norma, list(pending)
        if gated is not None and gated.applied:
            norma = gated.norma
        elif report.operations:
            pending.append((act.label, report.operations))
        yield StepDone(act, before, earlier, report, norma)


@dataclass(slots=True)
class Plan:
    """The amending acts of one target, in the order they apply, and what the precision gates
    are told of them (:class:`lexconsolida.amendments.gates.Context`)."""

    acts: list[Act]
    dates: list[str]
    """The dates of every amending act (where one act falls among them)."""
    undated: list[tuple[str, str, list[Operation]]]
    """(URN, label, operations on the target) of the amending acts without a date."""
    amended_on: list[str] = field(default_factory=list)
    """The dates of the acts that declare they change the target's text (``altera``), not only
    revoke it."""


def plan_of(corpus: Corpus, target: Act, amending: list[Act] | None = None,
            recognised: Callable[[Act], Decided] | None = None) -> Plan:
    """The :class:`Plan` of ``target``'s history (``amending``: the acts to apply; default: those
    declaring ``altera``/``revoga`` on it)."""
    if amending is None:
        amending = corpus.related(target.urn, "altera") + corpus.related(target.urn, "revoga")
    # A proposição's relations (a minuta that would revoke acts) are proposals: never applied.
    acts = {a.urn: a for a in amending if a.normative}
    dates = [a.in_force_from for a in acts.values() if a.in_force_from]
    undated = [(a.urn, a.label, _ops_on(corpus, a, target, recognised)) for a in acts.values() if not a.in_force_from]
    amended_on = [a.in_force_from for a in corpus.related(target.urn, "altera") if a.normative and a.in_force_from]
    return Plan(sorted(acts.values(), key=_order), dates, undated, amended_on)


def apply_act(corpus: Corpus, norma: Norma, act: Act, target: Act, plan: Plan,
              pending: list[tuple[str, list[Operation]]], recognised: Callable[[Act], Decided] | None, *,
              tolerant: bool = False, decisoes: list[Decisao] | None = None) -> tuple[ActReport, Gated | None]:
    """One step of a history: ``act`` on ``target`` as it stands (``norma``), through the precision
    gates (:func:`~lexconsolida.transforms.gated.apply_gated`) with what came before it
    (``pending``: earlier acts left pending, (label, operations)). The report, and what the
    gates did (None when the act has no operation on the target). ``decisoes``: the act's
    decisions (default: those recorded; the review desk passes a candidate's, with
    ``recognised`` recognising the act with them, to preview exactly what recording it does).

    A decision taken on another text of the target's units than the one it meets here
    (:func:`~lexconsolida.amendments.decisions.stale_on`) does not count: the act waits, and the
    problem it answered is open again with that reason."""
    decisoes = act.decisoes if decisoes is None else decisoes
    report, act_norma, act_problems = _one_act(corpus, act, target, recognised)
    stale = stale_on(norma, target.urn, decisoes)
    if stale:
        report.problems += [reopened(d, act.label) for d in stale]
        report.applied = False
        decisoes = [d for d in decisoes if d not in stale]
    if not report.operations:
        return report, None
    gated = apply_gated(norma, report.operations, event_of(act), target_urn=target.urn, act=act_norma,
                        problems=act_problems, earlier_pending=pending, other_dates=plan.dates, amended_on=plan.amended_on,
                        undated=[(label, ops) for urn, label, ops in plan.undated if urn != act.urn],
                        stopped=not report.applied, decide=partial(decide_problems, decisoes=decisoes),
                        strict=not tolerant)
    report.problems += gated.problems
    if tolerant and not gated.applied and report.applied:
        report.problems += [_failure(e) for _, e in gated.refused]
    report.applied = gated.applied
    return report, gated


def recognition_memo(corpus: Corpus) -> Callable[[Act], Decided]:
    """:func:`recognise_act` remembered by act, for one history (or every history a change
    redoes: any corpus of the same acervo recognises an act alike)."""
    memo: dict[str, Decided] = {}

    def recognised(act: Act) -> Decided:
        if act.urn not in memo:
            memo[act.urn] = recognise_act(corpus, act)
        return memo[act.urn]

    return recognised


def _ops_on(corpus: Corpus, act: Act, target: Act,
            recognised: Callable[[Act], Decided] | None = None) -> list[Operation]:
    """The operations ``act`` makes on ``target`` (none when its text is not there or refused)."""
    if act.texto is None:
        return []
    try:
        decided = recognised(act) if recognised is not None else recognise_act(corpus, act)
        return [o for o in decided.recognition.operations if o.target_urn == target.urn]
    except LexError:
        return []


REPRISTINATION_WORDS = re.compile(r"repristin|restabelec|restaur|revigor|(?:volta|retorna|voltando|retornando)m?\s+a\s+"
                                  r"(?:vigorar|viger|ter\s+vig[êe]ncia)", re.IGNORECASE)
"""What a revoking act says when it may bring back what the act it revokes had replaced."""


def _efficacy_of(corpus: Corpus, out: History, report: ActReport) -> None:
    """The amending act's efficacy events, and its revocations, reach the norm."""
    act = report.act
    ops = report.operations
    if act.eficacia:
        out.norma = carry(out.norma, act.urn, act.label, ops, act.eficacia)
    for revoking in corpus.related(act.urn, "revoga"):
        if not revoking.normative or revoking.urn == out.norma.urn:
            continue
        rel = next(r for r in revoking.relacoes if r.tipo == "revoga" and act.urn in r.alvos)
        when = revoking.in_force_from
        if rel.repristina is True and when:
            out.norma = repristinate(out.norma, act.urn, revoking.urn, revoking.label, when, act.label)
        elif rel.repristina is None and _speaks_of_restoring(corpus, revoking):
            out.reports.append(ActReport(revoking, False, [], [Problem(
                "repristinacao-a-decidir",
                f"{revoking.label} revoga {act.label}, que alterou {out.norma.label}, e o seu texto fala em "
                "restabelecer ou repristinar: a revogação de um ato alterador não traz de volta as redações "
                "que ele substituiu (LINDB, art. 2º, § 3º), salvo disposição expressa. Declare na relação "
                f"'revoga' de {revoking.label} ([[relacoes]]) repristina = true (as redações anteriores voltam) "
                "ou repristina = false", "", None, rel.dispositivo, target_urn=out.norma.urn)]))


def _speaks_of_restoring(corpus: Corpus, act: Act) -> bool:
    if act.texto is None:
        return False
    try:
        norma = corpus.read_shared(act.urn)
    except LexError:
        return False
    return any(REPRISTINATION_WORDS.search(d.text) for d in norma.dispositivos())


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
    return _one_act(corpus, act, target, recognised)[0]


def _one_act(corpus: Corpus, act: Act, target: Act,
             recognised: Callable[[Act], Decided] | None = None) -> tuple[ActReport, Norma | None, list[Problem]]:
    """The act's operations on ``target`` and the problems that concern it (``applied``: no
    blocking problem of recognition), the act as read, and all its recognition's problems.
    ``recognised``: a memo of :func:`recognise_act` (the act is then read from the corpus' shared
    copy, for the gates to read only)."""
    if act.texto is None:
        return _declared_revocation(act, target), None, []
    try:
        if recognised is not None:
            decided = recognised(act)
            norma = corpus.read_shared(act.urn)
        else:
            norma = corpus.read(act.urn)
            decided = recognise_act(corpus, act, norma)
    except LexError as err:
        # An amending act that cannot be read is pending, never skipped: the norm's text
        # lacks its changes, and the status says so.
        return ActReport(act, False, [], [Problem(
            UNREADABLE, f"o texto de {act.label} não pôde ser lido: {err}", "", None, None)]), None, []
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
            NO_OPERATIONS,
            f"{act.label} declara alterar {target.label} ([[relacoes]]), mas nenhuma instrução "
            "reconhecida no texto a altera", "", None, None, blocking=False))
    return (ActReport(act, not blocking and bool(ops), ops, mine, [p for p, _ in decided.resolved]),
            norma, rec.problems)


def _declared_revocation(act: Act, target: Act) -> ActReport:
    """A whole-act revocation declared in ``[[relacoes]]`` (used when the text is absent or
    does not say it)."""
    ops = []
    for rel in act.relacoes:
        if rel.tipo == "revoga" and target.urn in rel.alvos:
            ops.append(Operation(OpKind.REVOGACAO_TOTAL, target.urn, target.label, None,
                                 source=rel.nota or f"[[relacoes]] de {act.label}",
                                 where=rel.dispositivo, note=None))
    return ActReport(act, bool(ops), ops)
