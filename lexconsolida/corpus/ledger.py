"""Writing an act's decision ledger (``decisoes.toml`` beside its ``norma.toml``): entries
appended to its journal (:mod:`.journal`), never rewritten.

One file per act, written by the review desk (``lexconsolida mesa``), by ``lexconsolida
decisoes`` and by ``lexconsolida eficacia``: decisions on an amending act's instructions,
withdrawals, approvals, discarded proposals, and the act's efficacy events (court decisions,
suspended execution, voided act, deferred or retroactive effects). Two people deciding on
different acts never touch the same file, and a change is an addition at the end of one: a
small diff in git.

**The two-person rule.** Every change to what is applied or published — a decision added or
replaced, a decision withdrawn, an efficacy event recorded or removed — is a *proposal* until a
second person approves it; a deferral that replaces nothing in force takes effect at once (it
applies nothing). A municipality that chooses the one-person mode says so in its config
(``duas_pessoas = false`` in its ``revisao.toml``): each entry then records ``regra = "uma pessoa"``. The
rule is checked here, on write, and again by the fold on every read (:func:`.journal.fold`).

**Safety.** A write holds the act folder's lock (``flock`` on the folder itself: nothing is
left behind), reads the journal again, checks that the item is still as the person saw it (its
:meth:`.journal.Folded.version`; else :class:`Conflict`, with what is recorded now: nobody's
decision is overwritten unseen), folds the new entries to check them, and replaces the file
atomically and durably (:func:`lexconsolida.io.atomic_write`) with the old text and the new
entries after it: a process killed during a save leaves the old ledger or the new one, never
half of one.

**Earlier formats.** A ledger written whole (``[[decisoes]]`` and ``[[eficacia]]``, before the
journal) and decisions written by hand in ``norma.toml`` (the older place) are still read; the
first write moves them into the journal (:func:`migrate`, each entry marked ``via =
"migração"``, with its author and date as recorded), and ``lexconsolida decisoes --migrar``
moves them all at once.
"""

from __future__ import annotations

import fcntl
import os
import re
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from lexconsolida.corpus import journal
from lexconsolida.corpus.journal import IN_FORCE, ONE, PROPOSED, TWO, Entry, Folded
from lexconsolida.corpus.records import (LEDGER, Decisao, journal_decisions, read_decisions, read_entries,
                                         read_ledger, toml_error, with_id)
from lexconsolida.errors import InputError, InternalError, LexError
from lexconsolida.io import OutputError, atomic_write, read_bytes
from lexconsolida.model.efficacy_events import Efficacy, structural_problems

LOCK_TIMEOUT = 10.0
DESK, CLI = "mesa", "linha de comando"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who records an entry, as identified: the login and full name of the users file (with the
    password) or of the municipality's declared system logins."""

    login: str
    nome: str
    via: str = DESK
    """'mesa' or 'linha de comando'."""
    identificacao: str = "senha"
    """'senha' (users file) or 'login do sistema' (``[logins]`` of the municipality's revisao.toml)."""

    @property
    def shown(self) -> str:
        return f"{self.nome} ({self.login})" if self.nome != self.login else self.login


class Conflict(Exception):
    """The item changed since the person looked at it: ``current`` is its last entry now."""

    def __init__(self, current: Entry | None) -> None:
        self.current = current
        super().__init__("conflito: o registro deste item mudou desde que a página foi aberta")


class Refused(LexError):
    """What the ledger's rule does not allow (Portuguese message for the person)."""


def key_of(d: Decisao) -> tuple[str, str | None]:
    """A decision's item in its ledger: the problem's code and the instruction."""
    return (d.problema, d.dispositivo)


def now() -> str:
    """The moment, in local time with its offset, to the second ('2026-12-02T10:31:05-03:00')."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


# --- reading ---------------------------------------------------------------------------------

def _legacy_norma(folder: Path) -> list[Decisao]:
    path = folder / "norma.toml"
    raw = read_bytes(path).decode("utf-8")
    try:
        table = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, path) from None
    entries, _ = read_decisions(table, raw, f"{folder.name}/norma.toml")
    return entries


def _legacy_ledger(folder: Path) -> tuple[list[Decisao], list[Efficacy]] | None:
    """The decisions and events of a ledger of the earlier format (None: none, or a journal)."""
    found = read_ledger(folder)
    if found is None or journal.is_journal(found[0]):
        return None
    table, raw, path = found
    entries, issues = read_decisions(table, raw, f"{folder.name}/{LEDGER}")
    if issues:
        raise InputError("; ".join(i.mensagem for i in issues), path=path, line=issues[0].linha)
    return entries, read_entries(table, raw, path)


def _journal(folder: Path) -> tuple[list[dict], Folded]:
    """The journal's entries (tables) and its fold; an earlier format is migrated in memory
    (entries marked 'migração'), so that every caller sees one model."""
    found = read_ledger(folder)
    if found is not None and journal.is_journal(found[0]):
        table, raw, path = found
        entries = journal.parse(table, raw, path)
        return [e.table for e in entries], journal.fold(entries, path)
    tables = journal.chained(_migrated(folder))
    path = folder / LEDGER
    entries = [Entry(t) for t in tables]
    return tables, journal.fold(entries, path)


def state(folder: Path) -> Folded:
    """What ``folder``'s ledger says now (empty when it has none); InputError (file and line)
    when it is damaged."""
    return _journal(folder)[1]


def read(folder: Path) -> list[Decisao]:
    """The decisions of ``folder``'s ledger: in force, then the proposals that wait."""
    return journal_decisions(state(folder), f"{folder.name}/{LEDGER}", folder / LEDGER)


# --- the earlier formats, as journal entries -------------------------------------------------

def _earlier_meta(who: str | None, when: str | None) -> dict:
    quando = when or "1970-01-01"
    try:
        datetime.fromisoformat(quando)
    except ValueError:
        quando = "1970-01-01"
    return {"nome": who or "não informado", "quando": quando, "via": "migração",
            "identificacao": "sem identificação", "regra": journal.EARLIER}


def decision_content(d: Decisao) -> dict:
    """``[registro.decisao]`` of a decision."""
    out: dict = {"decisao": d.decisao, "alvo": d.alvo, "texto_hash": d.texto_hash, "alvo_norma": d.alvo_norma,
                 "alvo_unidades": list(d.alvo_unidades) or None, "alvo_hash": d.alvo_hash}
    ops = [{"tipo": o.tipo, "alvo": o.alvo, "rotulo": o.rotulo, "texto": o.texto, "novo": o.novo,
            "novo_rotulo": o.novo_rotulo} for o in d.operacoes]
    if ops:
        out["operacoes"] = [{k: v for k, v in o.items() if v is not None} for o in ops]
    return {k: v for k, v in out.items() if v is not None}


def efficacy_content(ev: Efficacy) -> dict:
    """``[registro.eficacia]`` of an efficacy event."""
    out: dict = {"tipo": ev.kind, "dispositivos": list(ev.units) or None, "inicio": ev.start, "fim": ev.end,
                 "nota": ev.note, "fonte": ev.source}
    d = ev.decision
    if d is not None:
        court = {"tipo": d.tipo, "numero": d.numero, "orgao": d.orgao, "data": d.data, "relator": d.relator,
                 "link": d.link, "urn": d.urn}
        out["decisao"] = {k: v for k, v in court.items() if v is not None}
    return {k: v for k, v in out.items() if v is not None}


def _decision_entry(d: Decisao, meta: dict, estado: str) -> dict:
    return {"evento": "decisao", "estado": estado, "problema": d.problema, "dispositivo": d.dispositivo,
            **meta, "nota": d.nota, "decisao": decision_content(d)}


def _migrated(folder: Path) -> list[dict]:
    """The decisions of norma.toml (older place) and of a ledger of the earlier format, as
    journal entries, numbered (no hashes yet)."""
    legacy = _legacy_ledger(folder)
    decisions = _legacy_norma(folder) + (legacy[0] if legacy else [])
    events = legacy[1] if legacy else []
    out: list[dict] = []
    for d in decisions:
        meta = _earlier_meta(d.responsavel, d.data)
        if d.estado == "proposta" or d.aprovada_por:
            out.append(_decision_entry(d, meta, PROPOSED))
            if d.aprovada_por:
                out.append({"evento": "aprovacao", "aprova": len(out), **_earlier_meta(d.aprovada_por, d.aprovada_em)})
        else:
            out.append(_decision_entry(d, meta, IN_FORCE))
    for ev in events:
        ev = ev if ev.id else with_id(ev)
        out.append({"evento": "eficacia", "estado": IN_FORCE, "eficacia_id": ev.id,
                    **_earlier_meta(ev.responsavel, ev.recorded), "eficacia": efficacy_content(ev)})
    for i, t in enumerate(out, 1):
        t["n"] = i
    return [{k: v for k, v in t.items() if v is not None} for t in out]


# --- writing ---------------------------------------------------------------------------------

@contextmanager
def locked(folder: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the act folder's lock (``flock`` on the folder: shared with every process that
    records decisions for this act, released when the process dies)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise OutputError("o registro de decisões deste ato está ocupado por outra gravação; "
                                      "tente de novo", path=folder / LEDGER) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)  # releases the lock


_DECISOES = re.compile(r"^\s*\[\[\s*decisoes\s*\]\]")
_DECISOES_SUB = re.compile(r"^\s*\[\[?\s*decisoes\.")


def without_decisions(text: str) -> str:
    """A norma.toml's text without its ``[[decisoes]]`` entries (and the comment block right
    above each); everything else as it was."""
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if _DECISOES.match(line):
            skipping = True
            while out and out[-1].lstrip().startswith("#"):
                out.pop()
            continue
        if skipping:
            if stripped.startswith("[") and not _DECISOES_SUB.match(line):
                skipping = False
            else:
                continue
        out.append(line)
    return "".join(out).rstrip() + "\n"


def _norma_rest(folder: Path) -> str | None:
    """norma.toml without its decisions, checked (the rest read back equals the old table less
    them); None when it has none."""
    path = folder / "norma.toml"
    raw = read_bytes(path).decode("utf-8")
    table = tomllib.loads(raw)
    if "decisoes" not in table:
        return None
    _, issues = read_decisions(table, raw, f"{folder.name}/norma.toml")
    if issues:
        raise InputError("decisões inválidas no norma.toml: corrija-as antes de migrá-las ("
                         + "; ".join(i.describe() for i in issues) + ")", path=path)
    rest = without_decisions(raw)
    if tomllib.loads(rest) != {k: v for k, v in table.items() if k != "decisoes"}:
        raise InputError("não foi possível separar as decisões do resto do norma.toml; mova-as à mão "
                         f"para {LEDGER}", path=path)
    return rest


def _write(folder: Path, tables: list[dict]) -> None:
    """Write the journal ``tables`` (inside the lock), after checking it reads back to the same
    fold: a defect here is an InternalError, never a ledger that a later read refuses."""
    text = journal.dumps(tables)
    path = folder / LEDGER
    try:
        back = journal.parse(tomllib.loads(text), text, path)
        journal.fold(back, path)
    except (tomllib.TOMLDecodeError, InputError) as err:
        raise InternalError(f"o livro de registro gerado não se relê: {err}") from None
    atomic_write(path, text, durable=True)


@dataclass(frozen=True, slots=True)
class Migrated:
    folder: Path
    entries: int


def migrate(folder: Path, *, lock: bool = True) -> Migrated:
    """Move the decisions of ``folder``'s norma.toml and of a ledger of the earlier format into
    its journal. The rest of norma.toml is kept byte for byte (checked before anything is
    written), and the ledger is written first: an interruption leaves the decisions in both
    files, never in none."""
    if lock:
        with locked(folder):
            return migrate(folder, lock=False)
    found = read_ledger(folder)
    rest = _norma_rest(folder)
    if rest is None and (found is None or journal.is_journal(found[0])):
        return Migrated(folder, 0)
    if found is not None and journal.is_journal(found[0]):
        raise InputError("o norma.toml tem [[decisoes]] e o ato já tem livro de registro: registre-as pela mesa "
                         "ou por 'lexconsolida decisoes' e apague-as do norma.toml", path=folder / "norma.toml")
    tables = journal.chained(_migrated(folder))
    _write(folder, tables)
    if rest is not None:
        atomic_write(folder / "norma.toml", rest, durable=True)
    return Migrated(folder, len(tables))


def append(folder: Path, make: Callable[[Folded], list[dict]]) -> list[Entry]:
    """Append the entries ``make`` builds from the ledger as it is now (inside the lock, after
    the earlier formats are migrated): numbered, dated by the caller, chained, checked by the
    fold, written. Returns the new entries."""
    with locked(folder):
        migrate(folder, lock=False)
        tables, folded = _journal(folder)
        new = make(folded)
        if not new:
            return []
        prev = tables[-1]["hash"] if tables else ""
        numbered = [{**t, "n": len(tables) + i} for i, t in enumerate(new, 1)]
        numbered = [{k: v for k, v in t.items() if v is not None} for t in numbered]
        added = journal.chained(numbered, prev)
        path = folder / LEDGER
        entries = [Entry(t) for t in tables + added]
        journal.fold(entries, path)  # the rule, checked before anything is written
        _write(folder, tables + added)
        return entries[len(tables):]


def _meta(actor: Actor, rule: str) -> dict:
    return {"login": actor.login, "nome": actor.nome, "quando": now(), "via": actor.via,
            "identificacao": actor.identificacao, "regra": rule}


def _check(folded: Folded, key, expected: str | None) -> None:
    if expected is not None and folded.version(key) != expected:
        history = folded.history(key)
        raise Conflict(history[-1] if history else None)


def _in_force_change(folded: Folded, d: Decisao) -> bool:
    """Whether recording ``d`` changes what is applied (a deferral where nothing is in force
    does not)."""
    current = folded.decisions.get(key_of(d))
    current_applies = current is not None and (current.entry.get("decisao") or {}).get("decisao") != "adiar"
    return d.decisao != "adiar" or current_applies


def _supersedes(folded: Folded, key) -> int | None:
    pending = folded.pending(key)
    if pending is not None:
        return pending.n
    current = folded.decisions.get(key)
    return current.entry.n if current is not None else None


def record(folder: Path, decisao: Decisao, actor: Actor, *, rule: str = TWO, expected: str | None,
           reverts: int | None = None) -> Entry:
    """Record ``decisao`` on its item: in force at once under the one-person mode (or for a
    deferral that replaces nothing in force), else a proposal for a second person. ``expected``:
    the item's version the person saw (:meth:`.journal.Folded.version`; '' for none); another
    now → :class:`Conflict`, nothing written."""
    key = key_of(decisao)

    def make(folded: Folded) -> list[dict]:
        _check(folded, key, expected)
        estado = IN_FORCE if rule == ONE or not _in_force_change(folded, decisao) else PROPOSED
        meta = _meta(actor, rule)
        return [{**_decision_entry(decisao, meta, estado), "substitui": _supersedes(folded, key), "reverte": reverts}]

    return append(folder, make)[0]


def withdraw(folder: Path, key: tuple[str, str | None], actor: Actor, nota: str, *, rule: str = TWO,
             expected: str | None, reverts: int | None = None) -> Entry:
    """Withdraw the decision in force on the item ``key`` (a proposal under the two-person rule):
    the item is open again once it takes effect."""

    def make(folded: Folded) -> list[dict]:
        _check(folded, key, expected)
        current = folded.decisions.get(key)
        if current is None:
            raise Refused("não há decisão em vigor neste item para retirar")
        return [{"evento": "retirada", "estado": IN_FORCE if rule == ONE else PROPOSED, "problema": key[0],
                 "dispositivo": key[1], **_meta(actor, rule), "nota": nota, "substitui": current.entry.n,
                 "reverte": reverts}]

    return append(folder, make)[0]


def approve(folder: Path, n: int, actor: Actor, *, expected: str | None, nota: str | None = None) -> Entry:
    """Approve the proposal ``n``: refused to the person who proposed it."""

    def make(folded: Folded) -> list[dict]:
        proposal = folded.proposals.get(n)
        if proposal is None:
            raise Refused("esta proposta não está mais pendente (foi aprovada, descartada ou substituída): "
                          "recarregue a página")
        if proposal.key is not None:
            _check(folded, proposal.key, expected)
        elif expected is not None and folded.efficacy_version() != expected:
            raise Conflict(None)
        if proposal.same_person == actor.login:
            raise Refused("regra de duas pessoas: quem propôs não pode aprovar; peça a outra pessoa que a aprove")
        return [{"evento": "aprovacao", "aprova": n, **_meta(actor, proposal.regra), "nota": nota}]

    return append(folder, make)[0]


def discard(folder: Path, n: int, actor: Actor, nota: str, *, expected: str | None) -> Entry:
    """Discard the proposal ``n`` (its author withdraws it, or another person refuses it):
    nothing applied changes."""

    def make(folded: Folded) -> list[dict]:
        proposal = folded.proposals.get(n)
        if proposal is None:
            raise Refused("esta proposta não está mais pendente: recarregue a página")
        if proposal.key is not None:
            _check(folded, proposal.key, expected)
        return [{"evento": "descarte", "descarta": n, **_meta(actor, proposal.regra), "nota": nota}]

    return append(folder, make)[0]


def _before(folded: Folded, n: int) -> Folded:
    """The fold of the entries before the one that put entry ``n`` in force."""
    since = n
    for m, closing in folded.closed.items():
        if m == n and closing.evento == "aprovacao":
            since = closing.n
    return journal.fold(folded.entries[:since - 1], "")


def revert(folder: Path, n: int, actor: Actor, nota: str, *, rule: str = TWO, expected: str | None) -> Entry:
    """A new entry that brings back what was in force before entry ``n`` took effect (a decision
    or a withdrawal of one, an efficacy event or its removal): the earlier decision again, or a
    withdrawal when there was none. Under the two-person rule it is a proposal."""
    folded = state(folder)
    if n < 1 or n > len(folded.entries):
        raise Refused(f"não há entrada {n} no registro deste ato")
    target = folded.of(n)
    if target.evento in ("aprovacao", "descarte") and target.get("aprova"):
        target = folded.of(target.get("aprova"))
    if target.evento not in journal.CHANGES or target.n in folded.proposals:
        raise Refused("só se reverte uma decisão, retirada ou evento de eficácia que entrou em vigor")
    before = _before(folded, target.n)
    if target.key is not None:
        key = target.key
        earlier = before.decisions.get(key)
        if earlier is None:
            return withdraw(folder, key, actor, nota, rule=rule, expected=expected, reverts=target.n)
        (old,) = journal_decisions(Folded(before.entries, {key: earlier}), "", folder / LEDGER)
        old = replace(old, nota=nota, responsavel=None, data=None, estado=None, aprovada_por=None, aprovada_em=None,
                      arquivo=None, linha=None, registro=None)
        return record(folder, old, actor, rule=rule, expected=expected, reverts=target.n)
    event_id = target.get("eficacia_id")
    earlier_ev = before.efficacy.get(event_id)

    def make(now_folded: Folded) -> list[dict]:
        if expected is not None and now_folded.efficacy_version() != expected:
            raise Conflict(None)
        estado = IN_FORCE if rule == ONE else PROPOSED
        meta = {**_meta(actor, rule), "nota": nota, "reverte": target.n}
        if earlier_ev is None:
            if event_id not in now_folded.efficacy:
                raise Refused("o evento de eficácia já não está em vigor")
            return [{"evento": "eficacia-retirada", "estado": estado, "eficacia_id": event_id, **meta}]
        return [{"evento": "eficacia", "estado": estado, "eficacia_id": event_id, **meta,
                 "eficacia": earlier_ev.entry.get("eficacia")}]

    return append(folder, make)[0]


def record_eficacia(folder: Path, ev: Efficacy, actor: Actor, *, rule: str = TWO, replace_id: str | None = None,
                    nota: str | None = None, expected: str | None = None) -> Entry:
    """Record the efficacy event ``ev`` (a proposal under the two-person rule). A new event's id
    must be new (InputError naming it); ``replace_id`` replaces that event."""
    ev = ev if ev.id else with_id(ev)
    problems = structural_problems(ev)
    if problems:
        raise InputError("evento de eficácia inválido: " + "; ".join(problems), path=folder / LEDGER)

    def make(folded: Folded) -> list[dict]:
        if expected is not None and folded.efficacy_version() != expected:
            raise Conflict(None)
        estado = IN_FORCE if rule == ONE else PROPOSED
        meta = {**_meta(actor, rule), "nota": nota}
        out = []
        if replace_id is not None:
            if replace_id not in folded.efficacy:
                raise InputError(f"não há evento de eficácia com id {replace_id!r} para substituir",
                                 path=folder / LEDGER)
            if replace_id != ev.id:
                out.append({"evento": "eficacia-retirada", "estado": estado, "eficacia_id": replace_id, **meta})
        elif ev.id in folded.efficacy:
            raise InputError(f"já há um evento de eficácia com id {ev.id!r}: use --substituir {ev.id} "
                             "para trocá-lo", path=folder / LEDGER)
        substitui = folded.efficacy[ev.id].entry.n if ev.id in folded.efficacy else None
        out.append({"evento": "eficacia", "estado": estado, "eficacia_id": ev.id, **meta, "substitui": substitui,
                    "eficacia": efficacy_content(ev)})
        return out

    return append(folder, make)[-1]


def remove_eficacia(folder: Path, event_id: str, actor: Actor, nota: str, *, rule: str = TWO,
                    expected: str | None = None) -> Entry:
    """Withdraw the efficacy event ``event_id`` (a proposal under the two-person rule)."""

    def make(folded: Folded) -> list[dict]:
        if expected is not None and folded.efficacy_version() != expected:
            raise Conflict(None)
        if event_id not in folded.efficacy:
            raise InputError(f"não há evento de eficácia em vigor com id {event_id!r}", path=folder / LEDGER)
        return [{"evento": "eficacia-retirada", "estado": IN_FORCE if rule == ONE else PROPOSED,
                 "eficacia_id": event_id, **_meta(actor, rule), "nota": nota,
                 "substitui": folded.efficacy[event_id].entry.n}]

    return append(folder, make)[0]


__all__ = ["CLI", "DESK", "Actor", "Conflict", "Migrated", "Refused", "append", "approve", "decision_content",
           "discard", "efficacy_content", "key_of", "locked", "migrate", "now", "read", "record", "record_eficacia",
           "remove_eficacia", "revert", "state", "withdraw", "without_decisions"]
