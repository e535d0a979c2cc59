"""The review desk's state: the acervo in memory, its items, the exact preview of a decision, and
the ledgers watched for changes made elsewhere.

:class:`Desk` builds the acervo once (:func:`lexconsolida.acervo.pipeline.build`, with a cache:
the next start takes seconds) and keeps it. What a decision would do is simulated by the very
function the history uses for one step (:func:`lexconsolida.history.apply_act`): the target as
the history has it right before the act, the earlier acts left pending, the gates' whole
context, the act recognised with the candidate decision — so the preview is what recording the
decision and compiling the history again gives (:meth:`Desk.simulate`). Recording is
:mod:`lexconsolida.review.service`'s; after it the act is analysed again and the history of
every act it amends compiled again (:func:`lexconsolida.acervo.pipeline.update`), with the
other acts' recognitions from a memo.

A ledger changed by another process (``lexconsolida decisoes`` on the same acervo, say) is seen
within seconds (:meth:`Desk.watch`); one that cannot be read is a loud error on every page,
with its file and line (:attr:`Desk.damaged`), never an empty queue.

Threads: the web server serves requests concurrently. Pages read the queue (a list replaced
whole on each refresh) and cached item details without waiting; work on the acervo (a
detail computed, a refresh) holds :attr:`Desk.lock`.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path

from lexconsolida.acervo.analysis import act_corpus
from lexconsolida.acervo.items import Item
from lexconsolida.acervo.pipeline import Acervo, amending_acts, build, update
from lexconsolida.amendments.codes import gate_codes
from lexconsolida.amendments.decisions import Decided, base_where, instruction_digest, target_digest
from lexconsolida.amendments.model import Operation, Recognition, work_key
from lexconsolida.amendments.through import redirect
from lexconsolida.amendments import recognise
from lexconsolida.corpus import journal, ledger
from lexconsolida.corpus.records import LEDGER, Act, Decisao, load_act
from lexconsolida.corpus.store import resolve_relations
from lexconsolida.errors import InputError, LexError
from lexconsolida.history import Plan, amending_texts, apply_act, event_of, plan_of, recognise_act, steps
from lexconsolida.model import Norma
from lexconsolida.review import queue
from lexconsolida.review.identity import rule_for
from lexconsolida.review.readings import (
    Line, Preview, Quoted, Reading, UnitOption, alternatives, article_lines, compared, quoted_units, unit_options,
    whole_rewrite,
)
from lexconsolida.transforms.amend import attempt


class DeskError(LexError):
    """A decision the desk refuses (Portuguese message for the person)."""


@dataclass(slots=True)
class Detail:
    """What the item page shows."""

    item: Item
    act: Act
    digest: str
    """The instruction's digest now (recorded with the decision: a changed text reopens it)."""
    lines: list[Line]
    quoted: list[Quoted]
    target: str | None
    target_label: str | None
    date: str | None
    """The day the act's changes count from; the units are the target's as its history has
    them right before the act."""
    units: list[UnitOption] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    findings: list[tuple[str, str]] = field(default_factory=list)
    """(code, message) of every problem reported for this instruction."""
    others_open: int = 0
    """Other open items of the same act and target (the act applies when all are decided)."""
    version: str = ""
    """The item's version in its ledger (:meth:`lexconsolida.corpus.journal.Folded.version`)."""
    step: str | None = None
    """How the target's history has this act now: 'aplicada', 'pendente', 'ignorada'."""
    step_reason: str | None = None
    target_pasta: str | None = None
    history: list[journal.Entry] = field(default_factory=list)
    """Every ledger entry about this item, in order."""
    in_force: journal.Effective | None = None
    pending: journal.Entry | None = None
    """The proposal waiting on this item."""
    rule: str = journal.TWO
    effective: set[int] = field(default_factory=set)
    """Numbers of this item's entries that took effect (recorded in force, or approved): the
    ones a person may revert."""
    tool_ops: list[Operation] = field(default_factory=list)
    """The tool's operations of this instruction on the target (no decision for the item)."""


@dataclass(slots=True)
class Before:
    """The target as its history has it right before one act, and what came before."""

    norma: Norma
    pending: list[tuple[str, list[Operation]]]
    plan: Plan


class Desk:
    def __init__(self, root: str | Path, *, cache_dir: str | Path | None = None, executor=None,
                 acervo: Acervo | None = None) -> None:
        """The desk of the acervo in ``root`` (built now, or ``acervo`` already built there)."""
        self.root = Path(root)
        self.lock = threading.RLock()
        self.ac: Acervo = acervo if acervo is not None else build(self.root, executor=executor, cache_dir=cache_dir)
        self._raw: dict[str, tuple[Recognition, Norma]] = {}
        self._decided: dict[str, Decided] = {}
        self._before: dict[tuple[str, str], Before] = {}
        self._details: dict[tuple[str, str | None], tuple[int, Detail]] = {}
        self._simulated: dict[tuple, tuple[int, Preview]] = {}
        self._stamps: dict[str, int] = {}
        """How many times each act's files changed here (a recognition made before is stale)."""
        self.generation = 0
        self.damaged: dict[str, str] = {}
        """Act folder (relative) → why its ledger cannot be read (file and line): shown on every
        page; the act's items are not decided until it is restored."""
        for folder, message in self.ac.broken:
            if LEDGER in message:
                self.damaged[folder] = message
        self.left_out = [(f, m) for f, m in self.ac.broken if f not in self.damaged]
        """Act folders the acervo left out for another reason (their norma.toml)."""
        self._seen: dict[str, tuple] = {}
        self._stamp_ledgers()
        self._index()

    # --- the queue --------------------------------------------------------------------------
    def _index(self) -> None:
        items = queue.build(self.ac)
        self.by_id = {i.id: i for i in items}
        self.items = items  # replaced whole: readers never see half of it

    @property
    def open_items(self) -> list[Item]:
        return queue.open_items(self.items)

    def item(self, item_id: str) -> Item | None:
        return self.by_id.get(item_id)

    def neighbours(self, item: Item, items: list[Item]) -> tuple[Item | None, Item | None]:
        ids = [i.id for i in items]
        if item.id not in ids:
            return None, None
        k = ids.index(item.id)
        return (items[k - 1] if k else None, items[k + 1] if k + 1 < len(items) else None)

    def rule(self, act: Act) -> str:
        """The act's municipality's rule, read now ('duas pessoas' unless its config chooses one)."""
        return rule_for(self.root, act.municipio)

    def ledger(self, act: Act) -> journal.Folded:
        return ledger.state(act.folder)

    def damaged_of(self, act: Act) -> str | None:
        return self.damaged.get(act.folder.relative_to(self.root).as_posix())

    # --- recognitions, memoised ---------------------------------------------------------------
    def raw(self, urn: str) -> tuple[Recognition, Norma]:
        """The act's recognition before any decision (redirected), and its text (memoised)."""
        with self.lock:
            hit = self._raw.get(urn)
            if hit is None:
                corpus = self.ac.corpus
                act = corpus.acts[urn]
                norma = corpus.read(urn)
                rec = recognise(norma, lambda ref: corpus.resolve(ref, act.urn))
                redirect(rec, amending_texts(corpus))
                hit = self._raw[urn] = (rec, norma)
            return hit

    def recognised(self, act: Act) -> Decided:
        """The act recognised with its recorded decisions (the histories' memo)."""
        with self.lock:
            hit = self._decided.get(act.urn)
            if hit is None:
                hit = self._decided[act.urn] = recognise_act(self.ac.corpus, self.ac.corpus.acts.get(act.urn, act))
            return hit

    def recognised_with(self, act: Act, decisoes: list[Decisao]) -> Decided:
        """The act recognised with ``decisoes`` instead of those recorded (not memoised)."""
        rec, norma = self.raw(act.urn)
        fresh = Recognition(rec.act_urn, rec.act_label, list(rec.operations), list(rec.problems))
        return recognise_act(self.ac.corpus, act, norma, raw=fresh, decisoes=decisoes)

    def _forget(self, urns: set[str]) -> set[str]:
        """The memos of the acts ``urns`` (and of the acts whose recognition read them) dropped;
        returns them all."""
        folders = {str(self.ac.corpus.acts[u].folder) for u in urns if u in self.ac.corpus.acts}
        deps = {u for u, r in self.ac.acts.items() if any(str(Path(f).parent) in folders for f, _ in r.depende_de)}
        for u in urns | deps:
            self._raw.pop(u, None)
            self._decided.pop(u, None)
            self._stamps[u] = self._stamps.get(u, 0) + 1
            self.ac.corpus.forget(u)
        self._details.clear()
        return urns | deps

    def _plan_key(self, target: str) -> list[tuple[str, str | None]]:
        corpus = self.ac.corpus
        return [(u, corpus.acts[u].in_force_from) for u in amending_acts(self.ac, target) if u in corpus.acts]

    def _keep_before(self, changed: set[str], targets: list[str], plans: dict[str, list]) -> None:
        """After a refresh: the states memoised before each act stay for the targets not compiled
        again, and, for those compiled again, before the acts up to the first one that changed
        (the history is the same until there) — unless the target's acts or their dates changed,
        or an undated act changed (it is compared with every other)."""
        corpus = self.ac.corpus
        again = set(targets)

        def order(u: str) -> tuple[str, str]:
            return (corpus.acts[u].in_force_from or "", u) if u in corpus.acts else ("", u)

        keep: dict[tuple[str, str], Before] = {}
        for (t, a), b in self._before.items():
            if t not in again:
                keep[(t, a)] = b
                continue
            mine = [u for u in changed if u in dict(plans.get(t, []))]
            if plans.get(t) != self._plan_key(t) or any(corpus.acts[u].in_force_from is None for u in mine
                                                          if u in corpus.acts):
                continue
            if mine and order(a) <= min(order(u) for u in mine):
                keep[(t, a)] = b
        self._before = keep

    def warm(self) -> threading.Thread:
        """Recognise, in a background thread, every amending act of the acervo's histories
        (those of the most amended acts first), so that the first decision on an act amended
        many times does not wait for them all. Each is read apart from the desk's corpus (no
        lock held while it works) and kept only if its files did not change meanwhile."""
        order: dict[str, int] = {}
        for h in self.ac.histories.values():
            for st in h.steps:
                order[st.ato] = max(order.get(st.ato, 0), len(h.steps))
        urns = sorted(order, key=lambda u: (-order[u], u))

        def run() -> None:
            index = self.ac.corpus.index
            for urn in urns:
                with self.lock:
                    act = self.ac.corpus.acts.get(urn)
                    if act is None or urn in self._decided or act.texto is None:
                        continue
                    stamp = self._stamps.get(urn, 0)
                    pasta = self.ac.acts[urn].pasta
                try:
                    corpus, (fresh,) = act_corpus(self.root, [pasta], index)
                    decided = recognise_act(corpus, fresh)
                except LexError:
                    continue  # computed (and reported) when a page needs it
                with self.lock:
                    if self._stamps.get(urn, 0) == stamp and urn not in self._decided:
                        self._decided[urn] = decided
            # then each open item's target as it stands right before the act, in the queue's order:
            # the item pages (and the previews) start from there
            for item in list(self.open_items):
                for target in item.targets[:1]:
                    act = self.ac.corpus.acts.get(item.act)
                    tact = self.ac.corpus.acts.get(target)
                    if act is None or tact is None or tact.texto is None:
                        continue
                    try:
                        self.before(target, act)
                    except LexError:
                        continue

        thread = threading.Thread(target=run, name="mesa-memoria", daemon=True)
        thread.start()
        return thread

    # --- the history around one act, and the exact preview ---------------------------------------
    def before(self, target: str, act: Act) -> Before:
        """``target`` as its history has it right before ``act`` (the same steps, with the same
        recognitions, as the history the acervo compiles), memoised until the target's history
        is compiled again."""
        with self.lock:
            key = (target, act.urn)
            hit = self._before.get(key)
            if hit is None:
                corpus = self.ac.corpus
                tact = corpus.acts[target]
                plan = self.plan(target, act)
                norma, pending = corpus.read(target), []
                upto = replace(plan, acts=[a for a in plan.acts if a.urn != act.urn
                                           and (a.in_force_from or "", a.urn) < (act.in_force_from or "", act.urn)])
                for st in steps(corpus, tact, upto, self.recognised, tolerant=True):
                    norma = st.after
                    pending = [*st.pending, *([(st.act.label, st.report.operations)]
                                              if not st.report.applied and st.report.operations else [])]
                hit = self._before[key] = Before(norma, pending, plan)
            return hit

    def plan(self, target: str, act: Act | None = None) -> Plan:
        """The plan of ``target``'s history as the acervo compiles it now (its amending acts, as
        loaded now; ``act`` among them even when the acervo did not relate it)."""
        with self.lock:
            corpus = self.ac.corpus
            amending = [corpus.acts[u] for u in amending_acts(self.ac, target) if u in corpus.acts]
            if act is not None and act.urn not in {a.urn for a in amending}:
                amending.append(corpus.acts.get(act.urn, act))
            return plan_of(corpus, corpus.acts[target], amending, self.recognised)

    def item_decisions(self, item: Item, decisao: Decisao | None) -> list[Decisao]:
        """The act's decisions with ``decisao`` in force for ``item`` (None: with none for it)."""
        act = self.ac.corpus.acts[item.act]
        others = [d for d in act.decisoes if ledger.key_of(d) != item.key]
        if decisao is None:
            return others
        return others + [replace(decisao, estado="aprovada", aprovada_por=None, aprovada_em=None)]

    def tool_ops(self, item: Item, target: str) -> list[Operation]:
        """The tool's operations of the item's instruction on ``target``, with no decision on the
        item (the other decisions of the act applied)."""
        act = self.ac.corpus.acts[item.act]
        decided = self.recognised_with(act, self.item_decisions(item, None))
        return [o for o in decided.recognition.operations
                if o.target_urn and work_key(o.target_urn) == work_key(target)
                and (item.where is None or base_where(o.where) == item.where)]

    def simulate(self, item: Item, target: str, decisao: Decisao | None, anchor: str = "previa") -> Preview:
        """What recording ``decisao`` (in force) on ``item`` does to ``target``: the act's step as
        its history will compile it — applied or still waiting (and why) —, the quadro of what
        changes, what the text refuses and what the gates say. Remembered until the acervo
        changes (the page's readings, the live preview and the decision ask for the same one)."""
        key = (item.id, target, anchor, repr(ledger.decision_content(decisao)) if decisao is not None else "",
               decisao.problema if decisao is not None else "", decisao.dispositivo if decisao is not None else "")
        hit = self._simulated.get(key)
        if hit is not None and hit[0] == self.generation:
            return replace(hit[1], gates=list(hit[1].gates), held=list(hit[1].held))
        with self.lock:
            generation = self.generation
            out = self._simulate(item, target, decisao, anchor)
            self._simulated[key] = (generation, out)
            return replace(out, gates=list(out.gates), held=list(out.held))

    def _simulate(self, item: Item, target: str, decisao: Decisao | None, anchor: str) -> Preview:
        with self.lock:
            corpus = self.ac.corpus
            act, tact = corpus.acts[item.act], corpus.acts[target]
            decisions = self.item_decisions(item, decisao)
            with_candidate = self.recognised_with(act, decisions)

            def recognised(a: Act) -> Decided:
                return with_candidate if a.urn == act.urn else self.recognised(a)

            b = self.before(target, act)
            report, gated = apply_act(corpus, b.norma, act, tact, b.plan, b.pending, recognised, tolerant=True,
                                      decisoes=decisions)
            event = event_of(act)
            ops = gated.operations if gated is not None else report.operations  # as the decisions left them
            if gated is not None and gated.applied:
                after, refused = gated.norma, []
            else:
                after, refusals = attempt(b.norma, ops, event) if ops else (b.norma, [])
                refused = [e.message for _, e in refusals]
            found = [(p.code, p.message, p.blocking) for p in (gated.problems if gated is not None else [])]
            out = compared(b.norma, after, ops, event, anchor, refused, found)
            out.applies_now = report.applied
            out.held = list(dict.fromkeys(p.message for p in report.problems if p.blocking))
            return out

    def target_content(self, item: Item, target: str, decisao: Decisao) -> Decisao:
        """``decisao`` tied to the target's text it was taken on: the units its instruction and its
        operations touch there, and their digest as the history has them right before the act
        (:func:`lexconsolida.amendments.decisions.target_digest`)."""
        act = self.ac.corpus.acts[item.act]
        base = self.before(target, act).norma
        ids: set[str] = set()
        for o in self.tool_ops(item, target):
            if o.target_id:
                ids.add(o.target_id)
        for w in decisao.operacoes:
            if "!" in w.alvo and work_key(w.alvo) == work_key(target):
                ids.add(w.alvo.split("!", 1)[1])
        if decisao.alvo and "!" in decisao.alvo:
            ids.add(decisao.alvo.split("!", 1)[1])
        ids = {i if base.find(i) is not None or "_" not in i else i.rsplit("_", 1)[0] for i in ids}
        units = tuple(sorted(i.removesuffix("_cpt") for i in ids))
        if not units:
            return decisao
        return replace(decisao, alvo_norma=target, alvo_unidades=units, alvo_hash=target_digest(base, units))

    # --- one item ---------------------------------------------------------------------------
    def target_of(self, item: Item, chosen: str | None) -> str | None:
        """The target norm the page shows: the one asked for (URN, folder or citation, when the
        item has none), else the item's first."""
        corpus = self.ac.corpus
        if chosen:
            if chosen in item.targets or chosen in corpus.acts:
                return chosen if chosen in corpus.acts else None
            found = corpus.find(self.root / chosen) if "/" in chosen else None
            if found is not None:
                return found.urn
            urns = [u for u in corpus.resolve_text(chosen, item.act) if u]
            if len(urns) == 1:
                return urns[0]
            return None
        return item.targets[0] if item.targets else None

    def detail(self, item: Item, chosen_target: str | None = None) -> Detail:
        key = (item.id, chosen_target)
        hit = self._details.get(key)
        if hit is not None and hit[0] == self.generation:
            return hit[1]
        with self.lock:
            generation = self.generation
            out = self._detail(item, chosen_target)
            self._details[key] = (generation, out)
            return out

    def _detail(self, item: Item, chosen_target: str | None) -> Detail:
        corpus = self.ac.corpus
        act = corpus.acts[item.act]
        rec, norma = self.raw(item.act)
        out = Detail(item, act, instruction_digest(norma, item.where),
                     article_lines(norma, act.texto, item.where, item.line, ementa="ementa" in item.code),
                     quoted_units(norma, item.where), None, None, act.in_force_from)
        out.findings = [(p.code, p.message) for p in rec.problems
                        if item.where is None or base_where(p.where) == item.where]
        for m in item.messages:
            if (item.code, m) not in out.findings:
                out.findings.append((item.code, m))
        folded = self.ledger(act)
        out.version = folded.version(item.key)
        out.history = folded.history(item.key)
        out.in_force = folded.decisions.get(item.key)
        out.pending = folded.pending(item.key)
        out.effective = {e.n for e in out.history if e.evento in ("decisao", "retirada") and (
            e.estado == journal.IN_FORCE or (e.n in folded.closed and folded.closed[e.n].evento == "aprovacao"))}
        out.rule = self.rule(act)
        target = self.target_of(item, chosen_target)
        if target is None:
            return out
        out.target, out.target_label = target, corpus.acts[target].label
        out.target_pasta = self.ac.acts[target].pasta if target in self.ac.acts else None
        h = self.ac.histories.get(target)
        step = next((s for s in h.steps if s.ato == item.act), None) if h is not None else None
        if step is not None:
            out.step, out.step_reason = step.situacao, step.motivo
        out.others_open = sum(1 for i in self.items if i.act == item.act and i.id != item.id and i.open
                              and (not i.targets or target in i.targets))
        if corpus.acts[target].texto is None:
            return out
        base = self.before(target, act).norma
        out.units = unit_options(base)
        ops = out.tool_ops = self.tool_ops(item, target)
        if ops:
            # what the gates say of the tool's reading: as the history has the act now, and once the
            # item's own problem is answered (the gates after the application run only then)
            gates_now = [(p.tipo, p.mensagem, p.bloqueia) for p in (step.problemas if step is not None else [])
                         if p.tipo in gate_codes() and (item.where is None or base_where(p.dispositivo) == item.where)]
            tool = Reading("proposta", "Leitura da ferramenta", ops, True)
            tool.preview = self.simulate(item, target, Decisao(item.code, "aplicar", item.where), "proposta")
            tool.preview.gates = list(dict.fromkeys(gates_now + tool.preview.gates))
            out.readings.append(tool)
            event = event_of(act)
            alts = alternatives(base, ops, event)
            if any(code == "subunidades-nao-trazidas" for code, _, _ in tool.preview.gates):
                whole = whole_rewrite(base, ops, event)
                if whole is not None:
                    alts.append(whole)
            for alt in alts:
                alt.preview = self.simulate(item, target, Decisao(item.code, "operacoes", item.where, "",
                                                                  operacoes=alt.written), alt.key)
                out.readings.append(alt)
        return out

    # --- changes ----------------------------------------------------------------------------
    def refresh(self, urns: list[str]) -> None:
        """Apply what changed in the files of ``urns`` (the acts and their targets). An act whose
        files can no longer be read keeps its last good state and is listed as damaged."""
        with self.lock:
            good = []
            for urn in urns:
                act = self.ac.corpus.acts.get(urn)
                if act is None:
                    continue
                rel = act.folder.relative_to(self.root).as_posix()
                try:
                    load_act(act.folder, act.municipio, self.ac.corpus.municipios[act.municipio].textos)
                except InputError as err:
                    self.damaged[rel] = str(err)
                    continue
                self.damaged.pop(rel, None)
                good.append(urn)
            if good:
                touched = {t for t, _ in self._before}
                plans = {t: self._plan_key(t) for t in touched}
                changed = self._forget(set(good))
                _, targets = update(self.ac, good, recognised=self.recognised)
                self._keep_before(changed, targets, plans)
            self.generation += 1
            self._simulated.clear()
            self._index()

    # --- ledgers changed elsewhere ----------------------------------------------------------------
    def _ledger_stamp(self, folder: Path) -> tuple:
        try:
            st = os.stat(folder / LEDGER)
        except FileNotFoundError:
            return ()
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def _stamp_ledgers(self) -> None:
        self._seen = {urn: self._ledger_stamp(a.folder) for urn, a in self.ac.corpus.acts.items()}

    def changed_ledgers(self) -> list[str]:
        """The acts whose ledger changed on disk since the desk last looked (by anyone)."""
        out = []
        for urn, a in list(self.ac.corpus.acts.items()):
            stamp = self._ledger_stamp(a.folder)
            if self._seen.get(urn) != stamp:
                self._seen[urn] = stamp
                out.append(urn)
        return out

    def check_changes(self) -> list[str]:
        """Bring in the ledgers changed elsewhere (another desk, ``lexconsolida decisoes``)."""
        with self.lock:
            changed = self.changed_ledgers()
            if changed:
                self.refresh(changed)
            return changed

    @staticmethod
    def _applied(act: Act) -> tuple:
        """What of ``act``'s ledger is applied: its decisions in force (a deferral applies nothing)
        and its efficacy events."""
        return (tuple(sorted((d.problema, d.dispositivo or "", d.registro or 0) for d in act.decisoes
                             if d.in_force)), tuple(sorted(e.id or "" for e in act.eficacia)))

    def after_write(self, urn: str) -> None:
        """A ledger this desk wrote: applied, and not seen again as a change from elsewhere. When
        the entry changed nothing applied — a proposal, a discarded one, a deferral of an open
        item — only the act's record and the queue are read again (no history is compiled)."""
        with self.lock:
            act = self.ac.corpus.acts.get(urn)
            if act is None:
                return
            try:
                fresh = load_act(act.folder, act.municipio, self.ac.corpus.municipios[act.municipio].textos)
            except InputError:
                fresh = None
            if fresh is not None and self._applied(fresh) == self._applied(act):
                resolve_relations(self.ac.corpus, fresh)
                self.ac.corpus.acts[urn] = fresh
                self._decided.pop(urn, None)
                self._details.clear()
                self.generation += 1
                self._simulated.clear()
                self._index()
            else:
                self.refresh([urn])
            self._seen[urn] = self._ledger_stamp(act.folder)

    def watch(self, interval: float = 2.0) -> threading.Thread:
        """Look for ledgers changed elsewhere every ``interval`` seconds, in a background thread."""
        stop = threading.Event()

        def run() -> None:
            while not stop.wait(interval):
                try:
                    self.check_changes()
                except LexError:
                    continue  # a ledger being written: seen on the next look

        thread = threading.Thread(target=run, name="mesa-registros", daemon=True)
        thread.stop = stop  # type: ignore[attr-defined]
        thread.start()
        return thread


__all__ = ["Before", "Desk", "DeskError", "Detail"]
