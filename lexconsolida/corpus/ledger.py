"""The decision ledger of an act: ``decisoes.toml`` beside its ``norma.toml``.

One file per act, written whole by the review desk (``lexconsolida mesa``), by ``lexconsolida
decisoes`` (``[[decisoes]]``: decisions on an amending act's instructions) and by
``lexconsolida eficacia`` (``[[eficacia]]``: the act's efficacy events — court decisions,
suspended execution, voided act, deferred or retroactive effects; :mod:`lexconsolida.model.efficacy`):
decisions sorted by instruction and problem, then efficacy events by date, one key per line, so a
change is a small diff in git and two people deciding on different acts never touch the same
file. A write holds the act folder's lock (``flock`` on the folder itself: nothing is left
behind), reads the ledger again, checks that the entry is still the one the person saw (else
:class:`Conflict`, with the entry now recorded: nobody's decision is overwritten unseen) and
replaces the file atomically and durably (:func:`lexconsolida.io.atomic_write`): a process killed
during a save leaves the old ledger or the new one, never half of one.

Decisions written by hand in ``norma.toml`` (the older place) are still read; :func:`migrate`
moves them into the ledger (the desk does it for an act before it records there).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import tomli_w

from lexconsolida.corpus.records import (DECISAO_KEYS, EFICACIA_KEYS, LEDGER, Decisao, read_decisions, read_eficacia,
                                         read_ledger,
                                         with_id)
from lexconsolida.errors import InputError, InternalError
from lexconsolida.io import OutputError, atomic_write, read_bytes
from lexconsolida.model.efficacy_events import Efficacy, structural_problems

HEADER = (
    "# Decisões sobre este ato (registro da mesa de revisão).\n"
    "# [[decisoes]]: decisões sobre as instruções do ato, gravadas por 'lexconsolida mesa' e\n"
    "# 'lexconsolida decisoes' (docs/revisao.md). Cada decisão diz quem (responsavel), quando (data),\n"
    "# por quê (nota) e sobre que texto (texto_hash: se o texto da instrução mudar, a decisão deixa\n"
    "# de valer e o item reabre).\n"
    "# [[eficacia]]: decisões judiciais e outros eventos de eficácia do ato (suspensão, declaração\n"
    "# de inconstitucionalidade, execução suspensa, ato sem efeito, efeitos diferidos ou\n"
    "# retroativos), gravados por 'lexconsolida eficacia' (docs/eficacia.md).\n"
)
_KEYS = ("problema", "dispositivo", "decisao", "estado", "nota", "alvo", "responsavel", "data",
         "aprovada_por", "aprovada_em", "texto_hash")
_OP_KEYS = ("tipo", "alvo", "rotulo", "texto")
LOCK_TIMEOUT = 10.0


class Conflict(Exception):
    """The entry changed since the person looked at it: ``current`` is what is recorded now."""

    def __init__(self, current: Decisao | None) -> None:
        self.current = current
        super().__init__("conflito: a decisão deste item mudou desde que a página foi aberta")


def key_of(d: Decisao) -> tuple[str, str | None]:
    """An entry's identity in its ledger: the problem's code and the instruction."""
    return (d.problema, d.dispositivo)


def _natural(text: str | None) -> tuple:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text or ""))


def _line(key: str, value) -> str:
    return tomli_w.dumps({key: value}).rstrip("\n")


def entry_text(d: Decisao) -> str:
    """One ``[[decisoes]]`` entry as the ledger writes it."""
    out = ["[[decisoes]]"]
    for key in _KEYS:
        value = getattr(d, key)
        if value is not None:
            out.append(_line(key, value))
    for o in d.operacoes:
        out += ["", "[[decisoes.operacoes]]"]
        for key in _OP_KEYS:
            value = getattr(o, key)
            if value is not None:
                out.append(_line(key, value))
    return "\n".join(out) + "\n"


def version(d: Decisao | None) -> str:
    """A short token of an entry as recorded ('' for none): what a form carries, to find out at
    save time whether someone else decided the item meanwhile."""
    if d is None:
        return ""
    return hashlib.sha256(entry_text(d).encode("utf-8")).hexdigest()[:16]


def eficacia_text(ev: Efficacy) -> str:
    """One ``[[eficacia]]`` entry as the ledger writes it (its ``[eficacia.decisao]`` after it)."""
    values = {"id": ev.id, "tipo": ev.kind, "dispositivos": list(ev.units) or None,
              "inicio": ev.start, "fim": ev.end, "nota": ev.note, "fonte": ev.source,
              "responsavel": ev.responsavel, "data": ev.recorded}
    out = ["[[eficacia]]"] + [_line(k, values[k]) for k in EFICACIA_KEYS if values[k] is not None]
    d = ev.decision
    if d is not None:
        dv = {"tipo": d.tipo, "numero": d.numero, "orgao": d.orgao, "data": d.data, "relator": d.relator,
              "link": d.link, "urn": d.urn}
        out += ["", "[eficacia.decisao]"] + [_line(k, dv[k]) for k in DECISAO_KEYS if dv[k] is not None]
    return "\n".join(out) + "\n"


def _eficacia_order(ev: Efficacy) -> tuple:
    return (ev.known or ev.start or ev.recorded or "", ev.effective or "", ev.id or "")


def dumps(decisoes: list[Decisao], eficacia: list[Efficacy] | tuple = ()) -> str:
    """The whole ledger: the header, the decisions by instruction and problem, then the
    efficacy events by date."""
    entries = sorted(decisoes, key=lambda d: (_natural(d.dispositivo), d.problema))
    events = sorted(eficacia, key=_eficacia_order)
    return (HEADER + "".join("\n" + entry_text(d) for d in entries)
            + "".join("\n" + eficacia_text(ev) for ev in events))


def read(folder: Path) -> list[Decisao]:
    """The entries of ``folder``'s ledger ([] when it has none); InputError when unreadable."""
    ledger = read_ledger(folder)
    if ledger is None:
        return []
    table, raw, path = ledger
    entries, issues = read_decisions(table, raw, f"{folder.name}/{LEDGER}")
    if issues:
        raise InputError("; ".join(i.mensagem for i in issues), path=path, line=issues[0].linha)
    return entries


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


def _write(folder: Path, entries: list[Decisao], eficacia: list[Efficacy] | None = None) -> None:
    """Write the ledger (inside the lock); ``eficacia`` None keeps the efficacy events it has."""
    if eficacia is None:
        eficacia = read_eficacia(folder)
    text = dumps(entries, eficacia)
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:  # a defect of this module, never the user's input
        raise InternalError(f"o registro de decisões gerado não é TOML válido: {err}") from None
    atomic_write(folder / LEDGER, text, durable=True)


def record_eficacia(folder: Path, ev: Efficacy, *, replace_id: str | None = None) -> Efficacy:
    """Record the efficacy event ``ev`` in ``folder``'s ledger (its decisions kept). A new
    event's id must be new (InputError naming it); ``replace_id`` replaces that entry."""
    ev = ev if ev.id else with_id(ev)
    problems = structural_problems(ev)
    if problems:
        raise InputError("evento de eficácia inválido: " + "; ".join(problems), path=folder / LEDGER)
    with locked(folder):
        events = read_eficacia(folder)
        if replace_id is not None:
            if not any(e.id == replace_id for e in events):
                raise InputError(f"não há evento de eficácia com id {replace_id!r} para substituir",
                                 path=folder / LEDGER)
            events = [e for e in events if e.id != replace_id]
        if any(e.id == ev.id for e in events):
            raise InputError(f"já há um evento de eficácia com id {ev.id!r}: use --substituir {ev.id} "
                             "para trocá-lo", path=folder / LEDGER)
        _write(folder, read(folder), events + [ev])
    return ev


def remove_eficacia(folder: Path, event_id: str) -> Efficacy:
    """Remove the efficacy event ``event_id`` from ``folder``'s ledger; InputError when none."""
    with locked(folder):
        events = read_eficacia(folder)
        found = next((e for e in events if e.id == event_id), None)
        if found is None:
            raise InputError(f"não há evento de eficácia com id {event_id!r}", path=folder / LEDGER)
        _write(folder, read(folder), [e for e in events if e.id != event_id])
    return found


def _legacy(folder: Path) -> list[Decisao]:
    path = folder / "norma.toml"
    raw = read_bytes(path).decode("utf-8")
    entries, _ = read_decisions(tomllib.loads(raw), raw, f"{folder.name}/norma.toml")
    return entries


def current_entry(folder: Path, key: tuple[str, str | None]) -> Decisao | None:
    """The entry recorded for ``key`` (the ledger's; else one still in norma.toml)."""
    for d in read(folder) + _legacy(folder):
        if key_of(d) == key:
            return d
    return None


def record(folder: Path, decisao: Decisao, *, expected: str | None) -> Decisao:
    """Record ``decisao`` in ``folder``'s ledger, replacing the entry of the same item.

    ``expected``: :func:`version` of the entry the person saw ('' for none); when the entry is
    another now, :class:`Conflict` and nothing is written. None: no check (the CLI, on
    purpose). Entries still in norma.toml are moved into the ledger first (:func:`migrate`)."""
    decisao = replace(decisao, arquivo=None, linha=None)
    with locked(folder):
        migrate(folder, lock=False)
        entries = read(folder)
        key = key_of(decisao)
        now = next((d for d in entries if key_of(d) == key), None)
        if expected is not None and version(now) != expected:
            raise Conflict(now)
        entries = [d for d in entries if key_of(d) != key] + [decisao]
        _write(folder, entries)
    return decisao


@dataclass(frozen=True, slots=True)
class Migrated:
    folder: Path
    entries: int


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


def migrate(folder: Path, *, lock: bool = True) -> Migrated:
    """Move the ``[[decisoes]]`` of ``folder``'s norma.toml into its ledger. The rest of
    norma.toml is kept byte for byte; the move is checked (norma.toml read again equals the
    old table less its decisions) before anything is written, and the ledger is written first:
    an interruption leaves the decisions in both files, never in none."""
    if lock:
        with locked(folder):
            return migrate(folder, lock=False)
    path = folder / "norma.toml"
    raw = read_bytes(path).decode("utf-8")
    table = tomllib.loads(raw)
    if "decisoes" not in table:
        return Migrated(folder, 0)
    old, issues = read_decisions(table, raw, f"{folder.name}/norma.toml")
    if issues:
        raise InputError("decisões inválidas no norma.toml: corrija-as antes de migrá-las ("
                         + "; ".join(i.describe() for i in issues) + ")", path=path)
    rest = without_decisions(raw)
    expected = {k: v for k, v in table.items() if k != "decisoes"}
    if tomllib.loads(rest) != expected:
        raise InputError("não foi possível separar as decisões do resto do norma.toml; mova-as à mão "
                         f"para {LEDGER}", path=path)
    mine = read(folder)
    keys = {key_of(d) for d in mine}
    moved = [replace(d, arquivo=None, linha=None) for d in old if key_of(d) not in keys]
    _write(folder, mine + moved)
    atomic_write(path, rest, durable=True)
    return Migrated(folder, len(old))
