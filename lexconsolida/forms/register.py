"""The register of issued forms (SQLite): numbers are sequential, never lost and never reused.

Numbers count per municipality, kind and year ("AI-2025/000123"). The register belongs to the
municipality's acervo (its path comes from ``municipio.toml``, see
:mod:`lexconsolida.forms.settings`), one per issuing body; it records which body and
municipality it serves and refuses to be used by another.

Issuing is crash-safe in three steps (see :mod:`lexconsolida.forms.issue`):

1. one ``BEGIN IMMEDIATE`` transaction takes the numbers, records each case with the hashes of
   its files and keeps the files' bytes in ``arquivos_pendentes`` (a *lote* = one batch);
2. the files are written (each atomically: temporary file, rename) and synced to disk once;
3. a second transaction marks the lote written and drops the pending bytes.

A process killed between 1 and 3 leaves a pending lote; the next run completes it from the
pending bytes (never re-rendering, never taking new numbers) or, when a file in the way has other
content, voids ("inutiliza") the number with the reason. A number is never reissued.

A pending lote whose folder cannot be written (read-only, full, gone) does not block the
register: the next runs say it is still pending and go on; a person completes it into another
folder (:meth:`Register.relocate_batch`, the same bytes under new paths) or voids its numbers
with a reason (:meth:`Register.void_batch`).

Paths are stored relative to the register's own folder (``../../formularios/AI-2025-000001.html``)
and given back absolute, so moving or renaming the project folder moves nothing in the register.
Registers of schema 2 and older, which kept absolute paths, are migrated when opened.

Rows move only along the transitions the ``emissoes_transicoes`` trigger allows (pending →
written; pending → pending elsewhere; talão → recorded; issued → cancelled; pending or unused
talão → voided); nothing is deleted. The counter table only moves up.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Self

from lexconsolida.errors import FormError, LexError
from lexconsolida.io import sqlite_failure

BUSY_TIMEOUT_MS = 120_000
SCHEMA_VERSION = 3
"""1: first release; 2: pending lotes (crash-safe issuing); 3: paths relative to the register's
folder, pending lotes movable to another folder."""
STATES = ("emitido", "talao", "cancelado", "inutilizado")
STATE_TEXT = {"emitido": "emitido", "talao": "em talão (não lançado)", "cancelado": "cancelado",
              "inutilizado": "inutilizado"}

_FROZEN = " AND ".join(f"NEW.{c} IS OLD.{c}" for c in (
    "municipio", "numero", "tipo", "sigla", "ano", "sequencial", "modo", "reservado_em"))
_DATA_KEPT = " AND ".join(f"NEW.{c} IS OLD.{c}" for c in (
    "lote", "data_formulario", "origem", "dados", "arquivos"))
_CASE_KEPT = " AND ".join(f"NEW.{c} IS OLD.{c}" for c in ("lote", "data_formulario", "origem", "dados"))
_REASON = "length(trim(coalesce(NEW.{0}, ''))) > 0 AND NEW.{1} IS NOT NULL"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS registro_info (
    chave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS contadores (
    municipio TEXT NOT NULL,
    tipo TEXT NOT NULL,
    ano INTEGER NOT NULL,
    ultimo INTEGER NOT NULL CHECK (ultimo >= 0),
    PRIMARY KEY (municipio, tipo, ano)
);
CREATE TABLE IF NOT EXISTS lotes (
    id INTEGER PRIMARY KEY,
    criado_em TEXT NOT NULL,
    operacao TEXT NOT NULL CHECK (operacao IN ('emissao', 'talao', 'lancamento', 'migracao')),
    pasta TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS emissoes (
    municipio TEXT NOT NULL,
    numero TEXT NOT NULL,
    tipo TEXT NOT NULL,
    sigla TEXT NOT NULL,
    ano INTEGER NOT NULL,
    sequencial INTEGER NOT NULL,
    modo TEXT NOT NULL CHECK (modo IN ('emissao', 'talao')),
    lote INTEGER NOT NULL REFERENCES lotes(id),
    reservado_em TEXT NOT NULL,
    emitido_em TEXT,
    data_formulario TEXT,
    origem TEXT NOT NULL,
    dados TEXT NOT NULL,
    arquivos TEXT NOT NULL,
    pendente INTEGER NOT NULL CHECK (pendente IN (0, 1)),
    situacao TEXT NOT NULL CHECK (situacao IN {STATES}),
    cancelado_em TEXT,
    motivo_cancelamento TEXT,
    inutilizado_em TEXT,
    motivo_inutilizacao TEXT,
    PRIMARY KEY (municipio, numero),
    UNIQUE (municipio, tipo, ano, sequencial)
);
CREATE INDEX IF NOT EXISTS emissoes_pendentes ON emissoes (pendente, lote);
CREATE TABLE IF NOT EXISTS arquivos_pendentes (
    lote INTEGER NOT NULL REFERENCES lotes(id),
    caminho TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    conteudo BLOB NOT NULL,
    PRIMARY KEY (lote, caminho)
);
CREATE TRIGGER IF NOT EXISTS emissoes_sem_exclusao BEFORE DELETE ON emissoes
BEGIN
    SELECT RAISE(ABORT, 'registro de formulário emitido não pode ser excluído (cancele-o ou inutilize-o com motivo)');
END;
CREATE TRIGGER IF NOT EXISTS emissoes_transicoes BEFORE UPDATE ON emissoes
WHEN NOT ({_FROZEN} AND (
    -- the lote's files were written
    (OLD.pendente = 1 AND NEW.pendente = 0 AND NEW.situacao IS OLD.situacao AND {_DATA_KEPT})
    -- a pending lote is moved to another folder (its files' paths change, nothing else)
    OR (OLD.pendente = 1 AND NEW.pendente = 1 AND NEW.situacao IS OLD.situacao AND {_CASE_KEPT})
    -- a filled talão is recorded against its number (its files are then pending)
    OR (OLD.situacao = 'talao' AND OLD.pendente = 0 AND NEW.situacao = 'emitido' AND NEW.pendente = 1
        AND NEW.modo = 'talao')
    -- an issued form is cancelled, once, with a reason
    OR (OLD.situacao = 'emitido' AND OLD.pendente = 0 AND NEW.situacao = 'cancelado' AND NEW.pendente = 0
        AND {_REASON.format('motivo_cancelamento', 'cancelado_em')} AND {_DATA_KEPT})
    -- a pending number, or an unused talão number, is voided with a reason
    OR ((OLD.pendente = 1 OR OLD.situacao = 'talao') AND OLD.situacao IN ('emitido', 'talao')
        AND NEW.situacao = 'inutilizado' AND NEW.pendente = 0
        AND {_REASON.format('motivo_inutilizacao', 'inutilizado_em')} AND {_DATA_KEPT})
))
BEGIN
    SELECT RAISE(ABORT, 'registro de formulário emitido não pode ser alterado (só concluído, lançado, cancelado ou inutilizado, com motivo)');
END;
CREATE TRIGGER IF NOT EXISTS contadores_sem_retrocesso BEFORE UPDATE ON contadores
WHEN NEW.ultimo < OLD.ultimo OR NEW.municipio IS NOT OLD.municipio OR NEW.tipo IS NOT OLD.tipo
     OR NEW.ano IS NOT OLD.ano
BEGIN
    SELECT RAISE(ABORT, 'a numeração não pode retroceder');
END;
CREATE TRIGGER IF NOT EXISTS contadores_sem_exclusao BEFORE DELETE ON contadores
BEGIN
    SELECT RAISE(ABORT, 'a numeração não pode ser apagada');
END;
"""


FAULT_ENV = "LEXCONSOLIDA_TESTE_INTERROMPER"
"""Fault injection for the crash tests of every numbered register (forms, gazette editions):
with ``LEXCONSOLIDA_TESTE_INTERROMPER=<ponto>[:n]`` the process kills itself (SIGKILL) the n-th
time it reaches ``<ponto>``."""
_reached: dict[str, int] = {}


def fault_point(name: str) -> None:
    """A fault-injection point (see :data:`FAULT_ENV`); does nothing unless the variable names it."""
    wanted = os.environ.get(FAULT_ENV)
    if not wanted:
        return
    point, _, nth = wanted.partition(":")
    if point != name:
        return
    _reached[name] = _reached.get(name, 0) + 1
    if _reached[name] == int(nth or 1):
        os.kill(os.getpid(), signal.SIGKILL)


def statements(script: str) -> Iterator[str]:
    """The statements of an SQL script (triggers included), to run one by one inside a transaction
    (``executescript`` would commit first)."""
    return _statements(script)


def format_number(sigla: str, year: int, seq: int) -> str:
    """'AI-2025/000123'."""
    return f"{sigla}-{year}/{seq:06d}"


def file_stem(numero: str) -> str:
    """The file name of a number: 'AI-2025/000123' → 'AI-2025-000123'."""
    return numero.replace("/", "-")


@dataclass(slots=True, frozen=True)
class Owner:
    """Whom a register serves: the municipality and the issuing body."""

    municipio: str
    orgao: str


@dataclass(slots=True, frozen=True)
class Entry:
    """One number, as the register holds it."""

    municipio: str
    numero: str
    tipo: str
    ano: int
    sequencial: int
    modo: str
    """'emissao' (issued by the program) or 'talao' (pre-printed blank)."""
    lote: int
    reservado_em: str
    emitido_em: str | None
    data_formulario: str | None
    origem: str
    dados: dict
    arquivos: list
    """[{"caminho": absolute path, "sha256": hex}] (stored relative to the register's folder)."""
    pendente: bool
    situacao: str
    cancelado_em: str | None
    motivo_cancelamento: str | None
    inutilizado_em: str | None
    motivo_inutilizacao: str | None

    @property
    def estado(self) -> str:
        """The state as a clerk reads it."""
        if self.pendente:
            return "reservado (arquivos pendentes)"
        return STATE_TEXT[self.situacao]


@dataclass(slots=True, frozen=True)
class PendingFile:
    path: Path
    sha256: str
    content: bytes


@dataclass(slots=True, frozen=True)
class Reserved:
    """What to record for one number (taken by :meth:`Register.allocate` in the same transaction)."""

    municipio: str
    numero: str
    tipo: str
    sigla: str
    ano: int
    sequencial: int
    modo: str
    data_formulario: str | None
    origem: str
    dados: dict
    arquivos: list
    """[{"caminho", "sha256"}] of the files this number's form lives in."""


@dataclass(slots=True)
class IssueLock:
    fd: int
    alone: bool

    def share(self) -> None:
        import fcntl  # POSIX only: imported where the lock is taken, so the module loads anywhere

        if self.alone:
            fcntl.flock(self.fd, fcntl.LOCK_SH)
            self.alone = False


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def check_new_register(path: Path, *, create: bool, first: int | None, reason: str | None,
                       issued: dict[str, int], what: str, error: type[LexError],
                       default_series: list[str]) -> list[str] | None:
    """Before opening a numbering register: the series to start at ``first`` (None: as usual).

    ``issued``: the highest number found on disk per series (the editions in the gazette's
    folder, the forms in the output folder). A register that is missing while numbers were
    issued was **lost**: a loud stop, even with ``--novo-registro`` — restore the backup, or start
    anew with an explicit first number past the issued ones and a reason (both recorded). A
    first number without ``--novo-registro``, or for a register that exists, is a usage error."""
    if first is not None and first < 1:
        raise error(f"--primeiro-numero inválido: {first} (use um inteiro ≥ 1)")
    if first is not None and not create:
        raise error("--primeiro-numero só vale com --novo-registro (para começar um registro novo)")
    if path.exists():
        if first is not None:
            raise error("o registro já existe: --primeiro-numero só vale para começar um registro novo",
                        path=path)
        return None
    if issued:
        last = max(issued.values())
        hint = (f"restaure a cópia de segurança do registro em {path}; ou, para começar um registro novo "
                f"que continue a numeração, use --novo-registro --primeiro-numero {last + 1} "
                '--motivo "por que o registro foi perdido"')
        if first is None or not (reason or "").strip():
            raise error(f"registro perdido: não existe, mas há {what} até o nº {last} — {hint}", path=path)
        if first <= last:
            raise error(f"o nº {first} já foi usado ({what} até o nº {last}): use --primeiro-numero "
                        f"{last + 1} ou maior", path=path)
        return sorted(set(issued) | set(default_series))
    if first is not None:
        if not (reason or "").strip():
            raise error('--primeiro-numero exige --motivo "…" (o motivo fica registrado)')
        return list(default_series)
    return None


class RegisterFile:
    """A numbering register's SQLite file, as every register of the project opens it (forms;
    gazette editions, :mod:`lexconsolida.diario.register`): WAL, full sync, a long busy
    timeout, write transactions taken up front, and an advisory lock for the processes that
    write. A missing file is an error unless ``create``: a mistyped path or another working
    folder never starts a second numbering."""

    error: type[LexError] = FormError
    missing = ("registro de formulários não encontrado; para começar um registro novo (numeração a partir "
               "de 1) use --novo-registro")

    def __init__(self, path: str | Path, *, create: bool = False) -> None:
        self.path = Path(path)
        self.created: list[Path] = []
        """What this opening created (the file, its folder): removed again when the command
        that created it is refused before anything is recorded (:meth:`__exit__`)."""
        if not self.path.exists():
            if not create:
                raise self.error(self.missing, path=self.path)
            missing = [p for p in (self.path.parent, *self.path.parent.parents) if not p.exists()]
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.created = [self.path, *missing]
        elif self.path.is_dir():
            raise self.error("o registro indicado é uma pasta, não um arquivo", path=self.path)
        try:
            self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = FULL")
            self._prepare()
        except sqlite3.DatabaseError as err:
            self._forget()
            raise sqlite_failure(err, self.path) or self.error(f"registro ilegível: {err}", path=self.path) from None
        except BaseException:
            self._forget()
            raise

    def _prepare(self) -> None:
        """Create or migrate the schema (inside the opening)."""

    def is_empty(self) -> bool:
        """True when nothing was ever recorded in it (no number taken)."""
        return False

    def start_at(self, first: int, reason: str, series: list[str]) -> None:
        """A register made anew after one was lost: record the first number and why (both shown
        by every listing), and move ``series``' counters past the numbers already issued."""
        raise NotImplementedError

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is not None and self.created:
            try:
                empty = self.is_empty()
            except sqlite3.Error:
                empty = False
            if empty:  # a refused command that made a register leaves nothing behind
                self.close()
                self._forget()
                return
        self.close()

    def _forget(self) -> None:
        """Remove what this opening created (the file, its WAL, its lock, the folders made)."""
        if not self.created:
            return
        with contextlib.suppress(Exception):
            self.conn.close()
        path, *folders = self.created
        for extra in ("", "-wal", "-shm", "-journal", ".trava"):
            with contextlib.suppress(FileNotFoundError):
                path.with_name(path.name + extra).unlink()
        for folder in folders:
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.created = []

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction taken up front (BEGIN IMMEDIATE): commit on success, else roll back."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    @contextmanager
    def writer_lock(self) -> Iterator[tuple[int, bool]]:
        """(fd, alone): held while writing; ``alone`` is True when no other process holds it, so
        what a killed process left pending can be completed safely (then the caller may share
        it). The lock dies with the process (even on kill -9)."""
        import fcntl  # POSIX only: imported where the lock is taken, so the module loads anywhere

        fd = os.open(self.path.with_name(self.path.name + ".trava"), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                alone = True
            except BlockingIOError:
                fcntl.flock(fd, fcntl.LOCK_SH)
                alone = False
            yield fd, alone
        finally:
            os.close(fd)


class Register(RegisterFile):
    """A connection to a register file.

    ``create``: make the file when it does not exist (the CLI's ``--novo-registro``); otherwise a
    missing file is an error, so a mistyped path or another working folder never starts a
    second numbering. ``owner``: the municipality and issuing body using it; a register made for
    another one is refused.
    """

    def __init__(self, path: str | Path, *, create: bool = False, owner: Owner | None = None) -> None:
        self.base = Path(path).resolve().parent
        """The register's folder: every path is stored relative to it (set before the schema is
        prepared: an older register's absolute paths are migrated against it)."""
        super().__init__(path, create=create)
        if owner is not None:
            self._claim(owner)

    # --- opening --------------------------------------------------------------------------

    def _prepare(self) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise FormError(f"registro de uma versão mais nova do programa (esquema {version}); atualize o "
                            "lexconsolida", path=self.path)
        if version == SCHEMA_VERSION:
            return
        with self.transaction():
            columns = [r[1] for r in self.conn.execute("PRAGMA table_info(emissoes)")]
            legacy = bool(columns) and "pendente" not in columns
            if legacy:
                for trigger in ("emissoes_sem_exclusao", "emissoes_so_cancelamento"):
                    self.conn.execute(f"DROP TRIGGER IF EXISTS {trigger}")
                self.conn.execute("ALTER TABLE emissoes RENAME TO emissoes_v1")
            # the transitions change from one schema to the next: made again below
            self.conn.execute("DROP TRIGGER IF EXISTS emissoes_transicoes")
            for statement in _statements(SCHEMA):
                if "emissoes_transicoes" not in statement:
                    self.conn.execute(statement)
            if legacy:
                _migrate_v1(self.conn)
            if columns:
                self._relative_paths()
            for statement in _statements(SCHEMA):
                self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _relative_paths(self) -> None:
        """Schema 3: the absolute paths an older register kept become relative to its folder."""
        for numero, municipio, files in self.conn.execute(
                "SELECT numero, municipio, arquivos FROM emissoes").fetchall():
            stored = [{**f, "caminho": self._rel(f["caminho"])} for f in json.loads(files)]
            self.conn.execute("UPDATE emissoes SET arquivos=? WHERE numero=? AND municipio=?",
                              (_dumps(stored), numero, municipio))
        for lote, path in self.conn.execute("SELECT lote, caminho FROM arquivos_pendentes").fetchall():
            self.conn.execute("UPDATE arquivos_pendentes SET caminho=? WHERE lote=? AND caminho=?",
                              (self._rel(path), lote, path))
        for lote, folder in self.conn.execute("SELECT id, pasta FROM lotes").fetchall():
            if folder:
                self.conn.execute("UPDATE lotes SET pasta=? WHERE id=?", (self._rel(folder), lote))

    # --- paths: stored relative to the register's folder, given back absolute -----------------

    def _rel(self, path: str | Path) -> str:
        p = Path(path)
        if not p.is_absolute():
            return p.as_posix()  # already relative (to this folder)
        return Path(os.path.relpath(p.resolve(), self.base)).as_posix()

    def _abs(self, stored: str) -> Path:
        p = Path(stored)
        return p if p.is_absolute() else Path(os.path.normpath(self.base / p))

    def _stored_files(self, files: list) -> list:
        return [{**f, "caminho": self._rel(f["caminho"])} for f in files]

    def _entry(self, row) -> Entry:
        entry = _entry(row)
        return replace(entry, arquivos=[{**f, "caminho": str(self._abs(f["caminho"]))} for f in entry.arquivos])

    def _claim(self, owner: Owner) -> None:
        with self.transaction():
            info = dict(self.conn.execute("SELECT chave, valor FROM registro_info"))
            if not info:
                self.conn.executemany("INSERT INTO registro_info VALUES (?, ?)",
                                      [("municipio", owner.municipio), ("orgao", owner.orgao), ("criado_em", _now())])
                return
        if (info.get("municipio"), info.get("orgao")) != (owner.municipio, owner.orgao):
            raise FormError(f"este registro é de {info.get('orgao')} ({info.get('municipio')}), não de "
                            f"{owner.orgao} ({owner.municipio}); cada órgão emissor tem o seu", path=self.path)

    def info(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT chave, valor FROM registro_info"))

    def is_empty(self) -> bool:
        return self.conn.execute("SELECT (SELECT count(*) FROM emissoes) + (SELECT count(*) FROM lotes)"
                                 ).fetchone()[0] == 0

    def start_at(self, first: int, reason: str, series: list[str]) -> None:
        """``series``: the years ('2025') whose numbering goes on from ``first``; a year not
        listed (a new one) starts at 1, as always."""
        with self.transaction():
            self.conn.executemany("INSERT OR REPLACE INTO registro_info VALUES (?, ?)", [
                ("primeiro_numero", str(first)), ("motivo_inicio", reason),
                ("anos_inicio", ",".join(series)), ("iniciado_em", _now())])

    def _first_of(self, ano: int) -> int:
        """The last number before the first of a series (0, or the restart's first number - 1)."""
        info = self.info()
        years = info.get("anos_inicio", "").split(",")
        if "primeiro_numero" in info and str(ano) in years:
            return int(info["primeiro_numero"]) - 1
        return 0

    # --- step 1: numbers, cases and pending bytes (inside one transaction) -----------------

    def new_batch(self, operacao: str, folder: Path) -> int:
        """A new lote (call inside :meth:`transaction`)."""
        cur = self.conn.execute("INSERT INTO lotes (criado_em, operacao, pasta) VALUES (?, ?, ?)",
                                (_now(), operacao, self._rel(folder)))
        assert cur.lastrowid is not None  # an INSERT always sets it
        return cur.lastrowid

    def allocate(self, municipio: str, tipo: str, ano: int, count: int = 1) -> list[int]:
        """``count`` consecutive sequence numbers; call inside :meth:`transaction`, and record every
        one of them (:meth:`reserve`) in the same transaction."""
        row = self.conn.execute("SELECT ultimo FROM contadores WHERE municipio=? AND tipo=? AND ano=?",
                                (municipio, tipo, ano)).fetchone()
        last = row[0] if row else self._first_of(ano)
        if row is None:
            self.conn.execute("INSERT INTO contadores VALUES (?, ?, ?, ?)", (municipio, tipo, ano, last + count))
        else:
            self.conn.execute("UPDATE contadores SET ultimo=? WHERE municipio=? AND tipo=? AND ano=?",
                              (last + count, municipio, tipo, ano))
        return list(range(last + 1, last + count + 1))

    def reserve(self, item: Reserved, lote: int, situacao: str = "emitido") -> None:
        """Record a freshly allocated number as pending in ``lote`` (inside :meth:`transaction`)."""
        self.conn.execute(
            "INSERT INTO emissoes (municipio, numero, tipo, sigla, ano, sequencial, modo, lote, reservado_em,"
            " data_formulario, origem, dados, arquivos, pendente, situacao) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,1,?)",
            (item.municipio, item.numero, item.tipo, item.sigla, item.ano, item.sequencial, item.modo, lote, _now(),
             item.data_formulario, item.origem, _dumps(item.dados), _dumps(self._stored_files(item.arquivos)),
             situacao),
        )

    def record_talao(self, item: Reserved, lote: int) -> None:
        """Record a filled talão against its pre-printed number (inside :meth:`transaction`)."""
        entry = self.find(item.numero, item.municipio)
        if entry is None:
            raise FormError(f"o número {item.numero} não consta do registro (não foi reservado em talão)",
                            path=self.path)
        if entry.tipo != item.tipo:
            raise FormError(f"o número {item.numero} é de um talão de {entry.tipo}, não de {item.tipo}",
                            path=self.path)
        if entry.situacao != "talao" or entry.pendente:
            raise FormError(f"o número {item.numero} não está em talão aguardando lançamento "
                            f"(situação: {entry.estado})", path=self.path)
        self.conn.execute(
            "UPDATE emissoes SET situacao='emitido', pendente=1, lote=?, data_formulario=?, origem=?, dados=?,"
            " arquivos=? WHERE municipio=? AND numero=?",
            (lote, item.data_formulario, item.origem, _dumps(item.dados), _dumps(self._stored_files(item.arquivos)),
             item.municipio, item.numero),
        )

    def add_pending(self, lote: int, files: list[PendingFile]) -> None:
        self.conn.executemany("INSERT INTO arquivos_pendentes VALUES (?, ?, ?, ?)",
                              [(lote, self._rel(f.path), f.sha256, f.content) for f in files])

    # --- step 3: mark written ---------------------------------------------------------------

    def mark_written(self, lote: int) -> int:
        """Mark every pending number of ``lote`` written and drop its pending bytes."""
        with self.transaction():
            cur = self.conn.execute("UPDATE emissoes SET pendente=0, emitido_em=CASE WHEN situacao='emitido'"
                                    " THEN ? ELSE emitido_em END WHERE lote=? AND pendente=1", (_now(), lote))
            self.conn.execute("DELETE FROM arquivos_pendentes WHERE lote=?", (lote,))
            return cur.rowcount

    # --- recovery ---------------------------------------------------------------------------

    def pending_batches(self) -> list[int]:
        return [r[0] for r in self.conn.execute("SELECT DISTINCT lote FROM emissoes WHERE pendente=1 ORDER BY lote")]

    def pending_files(self, lote: int) -> list[PendingFile]:
        return [PendingFile(self._abs(r[0]), r[1], r[2]) for r in self.conn.execute(
            "SELECT caminho, sha256, conteudo FROM arquivos_pendentes WHERE lote=? ORDER BY caminho", (lote,))]

    def batch_entries(self, lote: int) -> list[Entry]:
        return [self._entry(r) for r in self.conn.execute(
            f"SELECT {_COLUMNS} FROM emissoes WHERE lote=? AND pendente=1 ORDER BY tipo, ano, sequencial", (lote,))]

    def void_pending(self, lote: int, numeros: list[str], motivo: str) -> None:
        """Void pending numbers of ``lote`` that cannot be completed, with the reason."""
        with self.transaction():
            for numero in numeros:
                self.conn.execute("UPDATE emissoes SET situacao='inutilizado', pendente=0, inutilizado_em=?,"
                                  " motivo_inutilizacao=? WHERE lote=? AND numero=? AND pendente=1",
                                  (_now(), motivo, lote, numero))
            left = self.conn.execute("SELECT count(*) FROM emissoes WHERE lote=? AND pendente=1", (lote,)).fetchone()[0]
            if not left:
                self.conn.execute("DELETE FROM arquivos_pendentes WHERE lote=?", (lote,))

    # --- cancel and void --------------------------------------------------------------------

    def cancel(self, numero: str, motivo: str, municipio: str | None = None) -> Entry:
        """Cancel an issued form with a reason (it stays in the register)."""
        if not motivo or not motivo.strip():
            raise FormError("informe o motivo do cancelamento (--motivo)")
        with self.transaction():
            entry = self._one(numero, municipio)
            if entry.situacao == "cancelado":
                raise FormError(f"formulário {numero} já foi cancelado em {entry.cancelado_em}", path=self.path)
            if entry.situacao != "emitido" or entry.pendente:
                raise FormError(f"formulário {numero} não pode ser cancelado: está {entry.estado}"
                                + ("; para um número de talão não usado, use --inutilizar" if entry.situacao == "talao"
                                   else ""), path=self.path)
            self.conn.execute("UPDATE emissoes SET situacao='cancelado', cancelado_em=?, motivo_cancelamento=?"
                              " WHERE municipio=? AND numero=?", (_now(), motivo.strip(), entry.municipio, numero))
        return self._one(numero, entry.municipio)

    def void(self, numero: str, motivo: str, municipio: str | None = None) -> Entry:
        """Void an unused talão number (sheet spoiled or lost) with a reason."""
        if not motivo or not motivo.strip():
            raise FormError("informe o motivo da inutilização (--motivo)")
        with self.transaction():
            entry = self._one(numero, municipio)
            if entry.situacao != "talao" or entry.pendente:
                hint = "; um formulário emitido se cancela com --cancelar" if entry.situacao == "emitido" else ""
                raise FormError(f"o número {numero} não pode ser inutilizado: está {entry.estado}{hint}",
                                path=self.path)
            self.conn.execute("UPDATE emissoes SET situacao='inutilizado', inutilizado_em=?, motivo_inutilizacao=?"
                              " WHERE municipio=? AND numero=?", (_now(), motivo.strip(), entry.municipio, numero))
        return self._one(numero, entry.municipio)

    def _one(self, numero: str, municipio: str | None) -> Entry:
        rows = self._find(numero, municipio)
        if not rows:
            raise FormError(f"formulário {numero} não consta do registro", path=self.path)
        if len(rows) > 1:
            names = ", ".join(r.municipio for r in rows)
            raise FormError(f"o número {numero} existe em mais de um município ({names}); informe --municipio",
                            path=self.path)
        return rows[0]

    def find(self, numero: str, municipio: str | None = None) -> Entry | None:
        rows = self._find(numero, municipio)
        return rows[0] if len(rows) == 1 else None

    def _find(self, numero: str, municipio: str | None) -> list[Entry]:
        sql = f"SELECT {_COLUMNS} FROM emissoes WHERE numero=?"
        args: tuple = (numero,)
        if municipio:
            sql += " AND municipio=?"
            args += (municipio,)
        return [self._entry(r) for r in self.conn.execute(sql, args)]

    def entries(self, municipio: str | None = None) -> list[Entry]:
        sql = f"SELECT {_COLUMNS} FROM emissoes"
        args: tuple = ()
        if municipio:
            sql += " WHERE municipio=?"
            args = (municipio,)
        sql += " ORDER BY municipio, tipo, ano, sequencial"
        return [self._entry(r) for r in self.conn.execute(sql, args)]

    def counters(self) -> list[tuple[str, str, int, int]]:
        return list(self.conn.execute("SELECT municipio, tipo, ano, ultimo FROM contadores ORDER BY 1, 2, 3"))

    @contextmanager
    def issue_lock(self) -> Iterator["IssueLock"]:
        """Held while issuing (see :mod:`lexconsolida.forms.issue`). ``lock.alone`` is True when
        no other process is issuing, so pending lotes left by a killed process can be completed
        safely; ``lock.share()`` then lets other processes issue at the same time. The lock dies
        with the process (even on kill -9)."""
        with self.writer_lock() as (fd, alone):
            yield IssueLock(fd, alone)

    def batch_folders(self) -> list[Path]:
        folders = {self._abs(r[0]) for r in self.conn.execute("SELECT DISTINCT pasta FROM lotes") if r[0]}
        return sorted(folders)

    # --- a pending lote that cannot be written where it was meant to ---------------------------

    def relocate_batch(self, lote: int, folder: Path) -> list[PendingFile]:
        """Move the pending ``lote`` to ``folder``: each file keeps its name and bytes, the
        numbers and cases stay as they are; returns the pending files at their new paths."""
        with self.transaction():
            entries = self.batch_entries(lote)
            if not entries:
                raise FormError(f"o lote {lote} não tem números pendentes (nada a concluir)", path=self.path)
            moved: dict[str, str] = {}
            for e in entries:
                files = []
                for f in e.arquivos:
                    target = folder / Path(f["caminho"]).name
                    moved[self._rel(f["caminho"])] = self._rel(target)
                    files.append({**f, "caminho": self._rel(target)})
                self.conn.execute("UPDATE emissoes SET arquivos=? WHERE municipio=? AND numero=? AND pendente=1",
                                  (_dumps(files), e.municipio, e.numero))
            for old, new in moved.items():
                self.conn.execute("UPDATE arquivos_pendentes SET caminho=? WHERE lote=? AND caminho=?",
                                  (new, lote, old))
            self.conn.execute("UPDATE lotes SET pasta=? WHERE id=?", (self._rel(folder), lote))
        return self.pending_files(lote)

    def void_batch(self, lote: int, motivo: str) -> list[str]:
        """Void every pending number of ``lote`` with the reason; returns the numbers."""
        if not motivo or not motivo.strip():
            raise FormError("informe o motivo da inutilização (--motivo)")
        numeros = [e.numero for e in self.batch_entries(lote)]
        if not numeros:
            raise FormError(f"o lote {lote} não tem números pendentes (nada a inutilizar)", path=self.path)
        self.void_pending(lote, numeros, motivo.strip())
        return numeros


_COLUMNS = ("municipio, numero, tipo, ano, sequencial, modo, lote, reservado_em, emitido_em, data_formulario,"
            " origem, dados, arquivos, pendente, situacao, cancelado_em, motivo_cancelamento, inutilizado_em,"
            " motivo_inutilizacao")


def _entry(row) -> Entry:
    return Entry(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], row[10],
                 json.loads(row[11]), json.loads(row[12]), bool(row[13]), row[14], row[15], row[16], row[17],
                 row[18])


def _statements(script: str) -> Iterator[str]:
    """The statements of an SQL script (triggers included), to run one by one inside a transaction
    (``executescript`` would commit first)."""
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            yield buf.strip()
            buf = ""


def _migrate_v1(conn: sqlite3.Connection) -> None:
    """Bring the rows of a first-release register (``emissoes_v1``) into the current schema: each
    issued or cancelled form keeps its number, data, hashes and files, in one 'migracao' lote."""
    now = _now()
    lote = conn.execute("INSERT INTO lotes (criado_em, operacao, pasta) VALUES (?, 'migracao', '')", (now,)).lastrowid
    rows = conn.execute("SELECT municipio, numero, tipo, sigla, ano, sequencial, emitido_em, origem, dados,"
                        " sha256_docx, sha256_html, arquivos, situacao, cancelado_em, motivo_cancelamento"
                        " FROM emissoes_v1").fetchall()
    for r in rows:
        paths = json.loads(r[11])
        hashes = {".docx": r[9], ".html": r[10]}
        files = [{"caminho": str(Path(p).resolve()), "sha256": hashes.get(Path(p).suffix, "")} for p in paths]
        data = json.loads(r[8])
        conn.execute(
            "INSERT INTO emissoes (municipio, numero, tipo, sigla, ano, sequencial, modo, lote, reservado_em,"
            " emitido_em, data_formulario, origem, dados, arquivos, pendente, situacao, cancelado_em,"
            " motivo_cancelamento) VALUES (?,?,?,?,?,?,'emissao',?,?,?,?,?,?,?,0,?,?,?)",
            (r[0], r[1], r[2], r[3], r[4], r[5], lote, r[6], r[6], data.get("data_emissao"), r[7], r[8],
             _dumps(files), r[12], r[13], r[14]))
    conn.execute("DROP TABLE emissoes_v1")


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, then rename. A
    reader (or a killed process) sees no file or the whole file. Durability against power loss
    comes from :func:`flush_to_disk`, called once for a whole lote before it is marked written
    (one sync instead of one fsync per file: 2,000 fsyncs cost more than the rendering)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def flush_to_disk() -> None:
    """Make every file written so far (and the renames) durable before the register says so."""
    os.sync()
