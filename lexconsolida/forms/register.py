"""The register of issued forms (SQLite): numbers are sequential and never reused.

Numbers count per municipality, kind and year ("AI-2025/000123"). Allocation happens inside a
``BEGIN IMMEDIATE`` transaction (one writer at a time; others wait up to the busy timeout), in
WAL mode, so two processes issuing at once never get the same number. Rows can be cancelled with
a reason but never deleted or rewritten: triggers refuse it. The counter table only moves up.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from lexconsolida.errors import FormError

DEFAULT_PATH = Path("output") / "registro.sqlite"
BUSY_TIMEOUT_MS = 120_000

SCHEMA = """
CREATE TABLE IF NOT EXISTS contadores (
    municipio TEXT NOT NULL,
    tipo TEXT NOT NULL,
    ano INTEGER NOT NULL,
    ultimo INTEGER NOT NULL CHECK (ultimo >= 0),
    PRIMARY KEY (municipio, tipo, ano)
);
CREATE TABLE IF NOT EXISTS emissoes (
    municipio TEXT NOT NULL,
    numero TEXT NOT NULL,
    tipo TEXT NOT NULL,
    sigla TEXT NOT NULL,
    ano INTEGER NOT NULL,
    sequencial INTEGER NOT NULL,
    emitido_em TEXT NOT NULL,
    origem TEXT NOT NULL,
    dados TEXT NOT NULL,
    sha256_docx TEXT NOT NULL,
    sha256_html TEXT NOT NULL,
    arquivos TEXT NOT NULL,
    situacao TEXT NOT NULL DEFAULT 'emitido' CHECK (situacao IN ('emitido', 'cancelado')),
    cancelado_em TEXT,
    motivo_cancelamento TEXT,
    PRIMARY KEY (municipio, numero),
    UNIQUE (municipio, tipo, ano, sequencial)
);
CREATE TRIGGER IF NOT EXISTS emissoes_sem_exclusao BEFORE DELETE ON emissoes
BEGIN
    SELECT RAISE(ABORT, 'registro de formulário emitido não pode ser excluído (cancele-o com motivo)');
END;
CREATE TRIGGER IF NOT EXISTS emissoes_so_cancelamento BEFORE UPDATE ON emissoes
WHEN NOT (
    OLD.situacao = 'emitido' AND NEW.situacao = 'cancelado'
    AND NEW.motivo_cancelamento IS NOT NULL AND length(trim(NEW.motivo_cancelamento)) > 0
    AND NEW.cancelado_em IS NOT NULL
    AND NEW.municipio IS OLD.municipio AND NEW.numero IS OLD.numero AND NEW.tipo IS OLD.tipo
    AND NEW.sigla IS OLD.sigla AND NEW.ano IS OLD.ano AND NEW.sequencial IS OLD.sequencial
    AND NEW.emitido_em IS OLD.emitido_em AND NEW.origem IS OLD.origem AND NEW.dados IS OLD.dados
    AND NEW.sha256_docx IS OLD.sha256_docx AND NEW.sha256_html IS OLD.sha256_html
    AND NEW.arquivos IS OLD.arquivos
)
BEGIN
    SELECT RAISE(ABORT, 'registro de formulário emitido não pode ser alterado (só cancelado, uma vez, com motivo)');
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


def format_number(sigla: str, year: int, seq: int) -> str:
    """'AI-2025/000123'."""
    return f"{sigla}-{year}/{seq:06d}"


@dataclass(slots=True, frozen=True)
class Entry:
    """One issued form, as the register holds it."""

    municipio: str
    numero: str
    tipo: str
    ano: int
    emitido_em: str
    origem: str
    dados: dict
    sha256_docx: str
    sha256_html: str
    arquivos: list
    situacao: str
    cancelado_em: str | None
    motivo_cancelamento: str | None


@dataclass(slots=True, frozen=True)
class Issue:
    """What to record for one form (the number was allocated by :meth:`Register.allocate`)."""

    municipio: str
    numero: str
    tipo: str
    sigla: str
    ano: int
    sequencial: int
    origem: str
    dados: dict
    sha256_docx: str
    sha256_html: str
    arquivos: list


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Register:
    """A connection to the register file (created on first use)."""

    def __init__(self, path: str | Path = DEFAULT_PATH) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = FULL")
            self.conn.executescript(SCHEMA)
        except sqlite3.DatabaseError as err:
            from lexconsolida.io import sqlite_failure

            raise sqlite_failure(err, self.path) or FormError(f"registro ilegível: {err}", path=self.path) from None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Register":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

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

    def allocate(self, municipio: str, tipo: str, ano: int, count: int = 1) -> list[int]:
        """``count`` consecutive sequence numbers; call inside :meth:`transaction`."""
        row = self.conn.execute("SELECT ultimo FROM contadores WHERE municipio=? AND tipo=? AND ano=?",
                                (municipio, tipo, ano)).fetchone()
        last = row[0] if row else 0
        if row is None:
            self.conn.execute("INSERT INTO contadores VALUES (?, ?, ?, ?)", (municipio, tipo, ano, last + count))
        else:
            self.conn.execute("UPDATE contadores SET ultimo=? WHERE municipio=? AND tipo=? AND ano=?",
                              (last + count, municipio, tipo, ano))
        return list(range(last + 1, last + count + 1))

    def record(self, issue: Issue) -> None:
        """Insert one issued form; call inside :meth:`transaction`."""
        self.conn.execute(
            "INSERT INTO emissoes (municipio, numero, tipo, sigla, ano, sequencial, emitido_em, origem, dados,"
            " sha256_docx, sha256_html, arquivos) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (issue.municipio, issue.numero, issue.tipo, issue.sigla, issue.ano, issue.sequencial, _now(),
             issue.origem, json.dumps(issue.dados, ensure_ascii=False, sort_keys=True, default=str),
             issue.sha256_docx, issue.sha256_html, json.dumps(issue.arquivos, ensure_ascii=False)),
        )

    def cancel(self, numero: str, motivo: str, municipio: str | None = None) -> Entry:
        """Cancel an issued form with a reason (it stays in the register)."""
        if not motivo or not motivo.strip():
            raise FormError("informe o motivo do cancelamento (--motivo)")
        with self.transaction():
            rows = self._find(numero, municipio)
            if not rows:
                raise FormError(f"formulário {numero} não consta do registro", path=self.path)
            if len(rows) > 1:
                names = ", ".join(r.municipio for r in rows)
                raise FormError(f"o número {numero} existe em mais de um município ({names}); informe --municipio",
                                path=self.path)
            entry = rows[0]
            if entry.situacao == "cancelado":
                raise FormError(f"formulário {numero} já foi cancelado em {entry.cancelado_em}", path=self.path)
            self.conn.execute("UPDATE emissoes SET situacao='cancelado', cancelado_em=?, motivo_cancelamento=?"
                              " WHERE municipio=? AND numero=?", (_now(), motivo.strip(), entry.municipio, numero))
        return self._find(numero, entry.municipio)[0]

    def _find(self, numero: str, municipio: str | None) -> list[Entry]:
        sql = f"SELECT {_COLUMNS} FROM emissoes WHERE numero=?"
        args: tuple = (numero,)
        if municipio:
            sql += " AND municipio=?"
            args += (municipio,)
        return [_entry(r) for r in self.conn.execute(sql, args)]

    def entries(self, municipio: str | None = None) -> list[Entry]:
        sql = f"SELECT {_COLUMNS} FROM emissoes"
        args: tuple = ()
        if municipio:
            sql += " WHERE municipio=?"
            args = (municipio,)
        sql += " ORDER BY municipio, tipo, ano, sequencial"
        return [_entry(r) for r in self.conn.execute(sql, args)]


_COLUMNS = ("municipio, numero, tipo, ano, emitido_em, origem, dados, sha256_docx, sha256_html, arquivos,"
            " situacao, cancelado_em, motivo_cancelamento")


def _entry(row) -> Entry:
    return Entry(row[0], row[1], row[2], row[3], row[4], row[5], json.loads(row[6]), row[7], row[8],
                 json.loads(row[9]), row[10], row[11], row[12])
