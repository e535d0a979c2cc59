"""Efficacy events of an act as people record them: ``[[eficacia]]`` in the act's ledger.

The ledger is the act folder's ``decisoes.toml`` — the file the review desk writes its
decisions to (``[[decisoes]]``). An efficacy event is a decision about the act too (a court's,
a legislative resolution's, the act's own clause read by a person), so it lives in the same
file, under its own table, one entry per event::

    [[eficacia]]
    id = "suspensao-adi-1234-2026-03-03"
    tipo = "suspensao"                 # see lexconsolida.model.efficacy.KINDS
    dispositivos = ["art3", "art4"]    # absent: the whole act
    inicio = "2026-03-03"              # optional: effects from (modulation, deferred effects)
    fim = "2026-09-01"                 # optional, suspensao only: the liminar's term
    nota = "…"
    fonte = "art10"                    # efeitos: the act's own article that says it
    responsavel = "maria"
    data = "2026-12-02"                # when it was recorded

    [eficacia.decisao]
    tipo = "ADI"
    numero = "1234"
    orgao = "TJXX"
    data = "2026-03-03"
    relator = "Des. Fulano"            # optional
    link = "https://…"                 # optional

Reading checks each entry alone (:func:`lexconsolida.model.efficacy.structural_problems`) and
refuses the file with its line; what needs the act's text (the units exist on that date, the
proceeding's decisions in order) is :func:`lexconsolida.efficacy.validate` (the ``eficacia``
command and ``check``). Writing (:func:`record`, :func:`remove`) holds the act folder's lock
(``flock`` on the folder, as the desk's ledger does), reads the file again, changes only the
``[[eficacia]]`` entries — every other byte of the ledger is kept — and replaces the file
atomically.
"""

from __future__ import annotations

import fcntl
import os
import re
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import tomli_w

from lexconsolida.corpus.records import (DECISAO_KEYS, EFICACIA_HEAD, EFICACIA_KEYS, LEDGER, default_id,
                                         read_eficacia, with_id)
from lexconsolida.errors import InputError, InternalError
from lexconsolida.io import OutputError, atomic_write, read_bytes
from lexconsolida.model.efficacy import Efficacy, structural_problems

read = read_eficacia
HEADER = (
    "# Decisões sobre este ato (registro de decisões; veja docs/revisao.md e docs/eficacia.md).\n"
    "# [[eficacia]]: decisões judiciais e outros eventos de eficácia (suspensão, inconstitucionalidade,\n"
    "# execução suspensa, ato sem efeito, efeitos diferidos ou retroativos), gravados por\n"
    "# 'lexconsolida eficacia' ou pela mesa de revisão.\n"
)
_SUB = re.compile(r"^\s*\[\[?\s*eficacia\s*\.")
_TABLE = re.compile(r"^\s*\[")
LOCK_TIMEOUT = 10.0


def _line(key: str, value) -> str:
    return tomli_w.dumps({key: value}).rstrip("\n")


def entry_text(ev: Efficacy) -> str:
    """One ``[[eficacia]]`` entry as the ledger writes it (fixed key order, one key a line)."""
    values = {"id": ev.id or default_id(ev), "tipo": ev.kind, "dispositivos": list(ev.units) or None,
              "inicio": ev.start, "fim": ev.end, "nota": ev.note, "fonte": ev.source,
              "responsavel": ev.responsavel, "data": ev.recorded}
    out = ["[[eficacia]]"] + [_line(k, values[k]) for k in EFICACIA_KEYS if values[k] is not None]
    d = ev.decision
    if d is not None:
        out += ["", "[eficacia.decisao]"]
        dv = {"tipo": d.tipo, "numero": d.numero, "orgao": d.orgao, "data": d.data, "relator": d.relator,
              "link": d.link, "urn": d.urn}
        out += [_line(k, dv[k]) for k in DECISAO_KEYS if dv[k] is not None]
    return "\n".join(out) + "\n"


def _order(ev: Efficacy) -> tuple:
    return (ev.known or ev.start or "", ev.effective or "", ev.id or "")


def without_entries(raw: str) -> str:
    """The ledger's text without its ``[[eficacia]]`` entries (and the comment block right
    above each); every other line as it was."""
    out: list[str] = []
    skipping = False
    for line in raw.splitlines(keepends=True):
        if EFICACIA_HEAD.match(line):
            skipping = True
            while out and out[-1].lstrip().startswith("#") and not _is_header_comment(out):
                out.pop()
            continue
        if skipping:
            if _TABLE.match(line) and not _SUB.match(line):
                skipping = False
            else:
                continue
        out.append(line)
    return "".join(out).rstrip() + "\n" if "".join(out).strip() else ""


def _is_header_comment(out: list[str]) -> bool:
    """The file's leading comment block (before any table) is kept."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in out)


def dumps(rest: str, events: list[Efficacy]) -> str:
    """The ledger: what it had besides efficacy (or the header), then the events in date order."""
    head = rest if rest.strip() else HEADER
    body = "".join("\n" + entry_text(ev) for ev in sorted(events, key=_order))
    return head.rstrip("\n") + "\n" + body


@contextmanager
def locked(folder: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the act folder's lock (``flock`` on the folder itself, the lock the desk's ledger
    takes; released when the process dies)."""
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
        os.close(fd)


def _rewrite(folder: Path, change) -> list[Efficacy]:
    path = folder / LEDGER
    with locked(folder):
        raw = read_bytes(path).decode("utf-8") if path.is_file() else ""
        events = read(folder) if raw else []
        events = change(events)
        text = dumps(without_entries(raw), events)
        try:
            tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:  # a bug of this module, never the user's
            raise InternalError(f"o registro gerado não é TOML válido: {err}") from None
        atomic_write(path, text)
    return events


def record(folder: Path, ev: Efficacy, *, replace_id: str | None = None) -> Efficacy:
    """Record ``ev`` in ``folder``'s ledger. A new event's id must be new (InputError naming
    the one recorded); ``replace_id`` replaces that entry instead."""
    ev = ev if ev.id else with_id(ev)
    problems = structural_problems(ev)
    if problems:
        raise InputError("evento de eficácia inválido: " + "; ".join(problems), path=folder / LEDGER)

    def change(events: list[Efficacy]) -> list[Efficacy]:
        if replace_id is not None:
            if not any(e.id == replace_id for e in events):
                raise InputError(f"não há evento de eficácia com id {replace_id!r} para substituir",
                                 path=folder / LEDGER)
            events = [e for e in events if e.id != replace_id]
        if any(e.id == ev.id for e in events):
            raise InputError(f"já há um evento de eficácia com id {ev.id!r}: use --substituir {ev.id} "
                             "para trocá-lo", path=folder / LEDGER)
        return events + [ev]

    _rewrite(folder, change)
    return ev


def remove(folder: Path, event_id: str) -> Efficacy:
    """Remove the entry ``event_id`` from ``folder``'s ledger; InputError when there is none."""
    removed: list[Efficacy] = []

    def change(events: list[Efficacy]) -> list[Efficacy]:
        found = [e for e in events if e.id == event_id]
        if not found:
            raise InputError(f"não há evento de eficácia com id {event_id!r}", path=folder / LEDGER)
        removed.extend(found)
        return [e for e in events if e.id != event_id]

    _rewrite(folder, change)
    return removed[0]
