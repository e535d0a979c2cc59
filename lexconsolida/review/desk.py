"""The review desk's state: the acervo in memory, items, previews, decisions recorded and applied.

:class:`Desk` builds the acervo once (:func:`lexconsolida.acervo.pipeline.build`, with the work
list's cache when given) and keeps it. A decision is written to the act's ledger
(:func:`lexconsolida.corpus.ledger.record`: locked, atomic, conflict-checked) and then applied
incrementally (:func:`lexconsolida.acervo.pipeline.update`): the act is analysed again and the
history of every act it amends compiled again, with the other amending acts' recognitions taken
from a memo. Every method holds one lock: the web server calls them from several threads.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from pathlib import Path

from lexconsolida.acervo.analysis import act_corpus
from lexconsolida.acervo.pipeline import Acervo, build, update
from lexconsolida.amendments import gates, recognise
from lexconsolida.amendments.decisions import Decided, base_where, decide, instruction_digest
from lexconsolida.amendments.model import Operation, Recognition, work_key
from lexconsolida.amendments.through import redirect
from lexconsolida.corpus import ledger
from lexconsolida.corpus.records import Act, Decisao, read_toml, with_id
from lexconsolida.errors import InputError, LexError
from lexconsolida.history import amending_texts, efficacy_issues, event_of, recognise_act
from lexconsolida.model import Norma
from lexconsolida.model.efficacy_events import Efficacy
from lexconsolida.review import queue
from lexconsolida.review.queue import Item
from lexconsolida.review.readings import (
    Line, Preview, Quoted, Reading, UnitOption, alternatives, article_lines, preview,
    quoted_units, unit_options, whole_rewrite,
)
from lexconsolida.transforms.pointintime import at


class DeskError(LexError):
    """A decision the desk refuses (Portuguese message for the person)."""


def now() -> str:
    """The moment, with its offset, to the second ('2026-12-02T10:31:05-03:00')."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


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
    """The day the act's changes count from; the units are the target's on the day before."""
    units: list[UnitOption] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    findings: list[tuple[str, str]] = field(default_factory=list)
    """(code, message) of every problem reported for this instruction."""
    others_open: int = 0
    """Other open items of the same act and target (the act applies when all are decided)."""
    version: str = ""
    """:func:`lexconsolida.corpus.ledger.version` of the entry on record."""
    step: str | None = None
    """How the target's history has this act now: 'aplicada', 'pendente', 'ignorada'."""
    step_reason: str | None = None
    target_pasta: str | None = None


class Desk:
    def __init__(self, root: str | Path, *, cache_dir: str | Path | None = None, executor=None,
                 acervo: Acervo | None = None) -> None:
        """The desk of the acervo in ``root`` (built now, or ``acervo`` already built there)."""
        self.root = Path(root)
        self.lock = threading.RLock()
        self.ac: Acervo = acervo if acervo is not None else build(self.root, executor=executor, cache_dir=cache_dir)
        self._raw: dict[str, tuple[Recognition, Norma]] = {}
        self._decided: dict[str, Decided] = {}
        self._bases: dict[tuple[str, str], Norma] = {}
        self._stamps: dict[str, int] = {}
        """How many times each act's files changed here (a recognition made before is stale)."""
        self.generation = 0
        self._index()

    # --- the queue --------------------------------------------------------------------------
    def _index(self) -> None:
        self.items = queue.build(self.ac)
        self.by_id = {i.id: i for i in self.items}

    def item(self, item_id: str) -> Item | None:
        with self.lock:
            return self.by_id.get(item_id)

    def neighbours(self, item: Item, items: list[Item]) -> tuple[Item | None, Item | None]:
        ids = [i.id for i in items]
        if item.id not in ids:
            return None, None
        k = ids.index(item.id)
        return (items[k - 1] if k else None, items[k + 1] if k + 1 < len(items) else None)

    def municipio(self, act: Act) -> dict:
        return self.ac.corpus.municipios[act.municipio].data

    def two_person(self, act: Act) -> bool:
        """``[revisao] duas_pessoas = true`` in the act's municipio.toml (read at each decision: a
        change counts without restarting the desk): whoever proposes a reading cannot approve it."""
        rev = read_toml(self.root / act.municipio / "municipio.toml").get("revisao") or {}
        return bool(rev.get("duas_pessoas", False)) if isinstance(rev, dict) else False

    # --- recognition, memoised ----------------------------------------------------------------
    def raw(self, urn: str) -> tuple[Recognition, Norma]:
        """The act's recognition before any decision, and its text (memoised)."""
        hit = self._raw.get(urn)
        if hit is None:
            corpus = self.ac.corpus
            act = corpus.acts[urn]
            norma = corpus.read(urn)
            rec = recognise(norma, lambda ref: corpus.resolve(ref, act.urn))
            redirect(rec, amending_texts(corpus))
            hit = self._raw[urn] = (rec, norma)
        return hit

    def gate_context(self, urn: str, target: str, base: Norma, ops: list[Operation]) -> gates.Context:
        """What the precision gates see of the act ``urn`` on ``target`` (its text and its
        recognition's problems), for the previews to say what they find."""
        rec, norma = self.raw(urn)
        act = self.ac.corpus.acts[urn]
        return gates.Context(base, target, list(ops), event_of(act), norma, list(rec.problems))

    def recognised(self, act: Act) -> Decided:
        """The act recognised with its recorded decisions (the histories' memo)."""
        hit = self._decided.get(act.urn)
        if hit is None:
            hit = self._decided[act.urn] = recognise_act(self.ac.corpus, self.ac.corpus.acts.get(act.urn, act))
        return hit

    def _forget(self, urns: set[str]) -> None:
        folders = {str(self.ac.corpus.acts[u].folder) for u in urns if u in self.ac.corpus.acts}
        deps = {u for u, r in self.ac.acts.items() if any(str(Path(f).parent) in folders for f, _ in r.depende_de)}
        for u in urns | deps:
            self._raw.pop(u, None)
            self._decided.pop(u, None)
            self._stamps[u] = self._stamps.get(u, 0) + 1
            self.ac.corpus.forget(u)
        self._bases.clear()

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

        thread = threading.Thread(target=run, name="mesa-memoria", daemon=True)
        thread.start()
        return thread

    # --- one item ---------------------------------------------------------------------------
    def base_for(self, target: str, act: Act) -> tuple[Norma, str | None]:
        """The target as it stood the day before ``act`` counts (its history in the acervo cut
        there; its original text when the act counts from the target's first day)."""
        key = (target, act.urn)
        day = act.in_force_from
        if key not in self._bases:
            h = self.ac.histories.get(target)
            full = h.norma if h is not None and h.norma is not None else self.ac.corpus.read(target)
            base = full
            if day:
                before = (date.fromisoformat(day) - timedelta(days=1)).isoformat()
                try:
                    base = at(full, before)
                except InputError:
                    base = self.ac.corpus.read(target)
            self._bases[key] = base
        return self._bases[key], day

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

    def ops_with(self, item: Item, target: str, decisao: Decisao | None) -> tuple[list[Operation], Decided]:
        """The operations of the item's instruction on ``target`` as they would be with
        ``decisao`` recorded for the item (None: with no decision for it — the tool's reading)."""
        act = self.ac.corpus.acts[item.act]
        rec, norma = self.raw(item.act)
        others = [d for d in act.decisoes if ledger.key_of(d) != item.key]
        if decisao is not None:
            others.append(decisao)
        decided = decide(rec, others, lambda where: instruction_digest(norma, where))
        ops = [o for o in decided.recognition.operations
               if o.target_urn and work_key(o.target_urn) == work_key(target)
               and (item.where is None or base_where(o.where) == item.where)]
        return ops, decided

    def preview(self, item: Item, target: str, decisao: Decisao | None) -> Preview:
        with self.lock:
            act = self.ac.corpus.acts[item.act]
            base, _ = self.base_for(target, act)
            ops, _ = self.ops_with(item, target, decisao)
            # a person's operations are not gated (amendments.gates.decided): the gates speak only
            # of the tool's readings, on the item's page
            return preview(base, ops, event_of(act))

    def detail(self, item: Item, chosen_target: str | None = None) -> Detail:
        with self.lock:
            corpus = self.ac.corpus
            act = corpus.acts[item.act]
            rec, norma = self.raw(item.act)
            out = Detail(item, act, instruction_digest(norma, item.where),
                         article_lines(norma, act.texto, item.where, item.line, ementa="ementa" in item.code),
                         quoted_units(norma, item.where),
                         None, None, act.in_force_from)
            out.findings = [(p.code, p.message) for p in rec.problems
                            if item.where is None or base_where(p.where) == item.where]
            for m in item.messages:
                if (item.code, m) not in out.findings:
                    out.findings.append((item.code, m))
            current = queue.entry_for(act.decisoes, item.code, item.where)
            out.version = ledger.version(current) if current is not None and ledger.key_of(current) == item.key else ""
            target = self.target_of(item, chosen_target)
            if target is None:
                return out
            out.target, out.target_label = target, corpus.acts[target].label
            out.target_pasta = self.ac.acts[target].pasta if target in self.ac.acts else None
            if corpus.acts[target].texto is None:
                return out
            base, _ = self.base_for(target, act)
            out.units = unit_options(base)
            event = event_of(act)
            ops, _ = self.ops_with(item, target, None)
            if ops:
                ctx = self.gate_context(item.act, target, base, ops)
                out.readings.append(Reading("proposta", "Leitura da ferramenta", ops, True,
                                            preview(base, ops, event, "proposta", ctx)))
                alts = alternatives(base, ops, event)
                tool = out.readings[-1].preview
                if tool is not None and any(code == "subunidades-nao-trazidas" for code, _, _ in tool.gates):
                    whole = whole_rewrite(base, ops, event)
                    if whole is not None:
                        alts.append(whole)
                for alt in alts:
                    alt.preview = preview(base, alt.operations, event, alt.key, ctx)
                    out.readings.append(alt)
            h = self.ac.histories.get(target)
            step = next((s for s in h.steps if s.ato == item.act), None) if h is not None else None
            if step is not None:
                out.step, out.step_reason = step.situacao, step.motivo
            out.others_open = sum(1 for i in self.items if i.act == item.act and i.id != item.id
                                  and i.status != "decidida" and (not i.targets or target in i.targets))
            return out

    # --- decisions ---------------------------------------------------------------------------
    def record(self, item: Item, decisao: Decisao, *, expected: str | None) -> Decisao:
        """Write ``decisao`` for ``item`` in the act's ledger (:class:`ledger.Conflict` when the
        entry changed since ``expected``) and apply it."""
        with self.lock:
            act = self.ac.corpus.acts[item.act]
            saved = ledger.record(act.folder, decisao, expected=expected)
            self.refresh([item.act])
            return saved

    def approve(self, item: Item, user: str, *, expected: str | None) -> Decisao:
        """Approve the proposal on record for ``item`` (two-person rule): refused to the person
        who proposed it."""
        with self.lock:
            act = self.ac.corpus.acts[item.act]
            current = ledger.current_entry(act.folder, item.key)
            if current is None or current.estado != "proposta":
                raise DeskError("não há proposta a aprovar neste item")
            if current.responsavel == user:
                raise DeskError("regra de duas pessoas: quem propôs a decisão não pode aprová-la; "
                                "peça a outra pessoa que a aprove")
            approved = replace(current, estado="aprovada", aprovada_por=user, aprovada_em=now())
            return self.record(item, approved, expected=expected)

    def record_efficacy(self, urn: str, ev: Efficacy, *, replace_id: str | None = None) -> Efficacy:
        """Check the efficacy event ``ev`` against the act's text and its other events
        (:func:`lexconsolida.history.efficacy_issues`; DeskError with every problem), write it in
        the act's ledger and apply it (the act's own compiled text, and the texts of the acts it
        amends, which carry its events)."""
        with self.lock:
            act = self.ac.corpus.acts[urn]
            ev = ev if ev.id else with_id(ev)
            existing = [e for e in act.eficacia if e.id != replace_id]
            issues = [i for i in efficacy_issues(self.ac.corpus, act, existing + [ev])
                      if f"evento de eficácia {ev.id}:" in i.mensagem and i.codigo != "eficacia-aviso"]
            if issues:
                raise DeskError("; ".join(i.mensagem.split(": ", 1)[-1] for i in issues))
            saved = ledger.record_eficacia(act.folder, ev, replace_id=replace_id)
            self._efficacy_changed(urn)
            return saved

    def remove_efficacy(self, urn: str, event_id: str) -> Efficacy:
        with self.lock:
            removed = ledger.remove_eficacia(self.ac.corpus.acts[urn].folder, event_id)
            self._efficacy_changed(urn)
            return removed

    def _efficacy_changed(self, urn: str) -> None:
        """The act's events changed: the act reloaded (and the acts it amends compiled again, by
        :meth:`refresh`); its own compiled history takes its new events (the events its amending
        acts carried to it stay)."""
        self.refresh([urn])
        h = self.ac.histories.get(urn)
        if h is not None and h.norma is not None:
            own = self.ac.corpus.acts[urn].eficacia
            h.norma.eficacia = list(own) + [e for e in h.norma.eficacia if e.via_urn is not None]

    def refresh(self, urns: list[str]) -> None:
        """Apply what changed in the files of ``urns`` (the acts and their targets)."""
        with self.lock:
            self._forget(set(urns))
            update(self.ac, urns, recognised=self.recognised)
            self.generation += 1
            self._index()

