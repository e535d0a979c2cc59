"""The decision ledger of an amending act: ``decisoes.toml`` beside its ``norma.toml``.

One file per amending act, written whole by the review desk (``lexconsolida mesa``) and by
``lexconsolida decisoes``: entries sorted by instruction and problem, one key per line, so a
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

from lexconsolida.corpus.records import LEDGER, Decisao, read_decisions, toml_error
from lexconsolida.errors import InputError
from lexconsolida.io import OutputError, atomic_write, read_bytes

HEADER = (
    "# Decisões sobre as instruções deste ato (registro da mesa de revisão).\n"
    "# Gravado por 'lexconsolida mesa' e 'lexconsolida decisoes'; veja docs/revisao.md.\n"
    "# Cada decisão diz quem (responsavel), quando (data), por quê (nota) e sobre que texto\n"
    "# (texto_hash: se o texto da instrução mudar, a decisão deixa de valer e o item reabre).\n"
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


def dumps(decisoes: list[Decisao]) -> str:
    """The whole ledger: the header, then the entries by instruction and problem."""
    entries = sorted(decisoes, key=lambda d: (_natural(d.dispositivo), d.problema))
    return HEADER + "".join("\n" + entry_text(d) for d in entries)


def read(folder: Path) -> list[Decisao]:
    """The entries of ``folder``'s ledger ([] when it has none); InputError when unreadable."""
    path = folder / LEDGER
    if not path.is_file():
        return []
    raw = read_bytes(path).decode("utf-8")
    try:
        table = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as err:
        raise toml_error(err, path) from None
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


def _write(folder: Path, entries: list[Decisao]) -> None:
    atomic_write(folder / LEDGER, dumps(entries), durable=True)


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
