"""The register of gazette editions (SQLite): numbers never reused, never skipped, even when killed.

It follows the forms register (:mod:`lexconsolida.forms.register`) and shares its primitives
(atomic file writes, one sync per batch, fault injection for the crash tests):

1. one ``BEGIN IMMEDIATE`` transaction takes the next number of the series, renders and signs
   the edition, and records it with the bytes of its files (pending);
2. the files are written (each atomically) and synced to disk;
3. a second transaction marks the edition published and drops the pending bytes.

A process killed before 1 commits took no number (the transaction is rolled back, so the next
edition gets the same number: nothing was skipped, nothing published). Killed after, it left a
pending edition: the next run completes it from the stored bytes — the same signed PDF, byte for
byte — or, when another file is in the way, voids ("inutiliza") the number with the reason. A
number is never taken twice: the counter only moves up (trigger) and an edition row is never
deleted nor changed except along pending → published and pending → voided.

Series: ``continua`` numbering has one series for ever; ``anual`` one per year ('2026').
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from lexconsolida.errors import InputError
from lexconsolida.forms.register import PendingFile, RegisterFile, statements

SCHEMA_VERSION = 1

_FROZEN = " AND ".join(f"NEW.{c} IS OLD.{c}" for c in (
    "serie", "numero", "ano", "tipo", "data", "codigo", "reservado_em", "arquivos", "atos", "descricao"))

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS registro_info (
    chave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS contadores (
    serie TEXT PRIMARY KEY,
    ultimo INTEGER NOT NULL CHECK (ultimo >= 0)
);
CREATE TABLE IF NOT EXISTS edicoes (
    serie TEXT NOT NULL,
    numero INTEGER NOT NULL CHECK (numero >= 1),
    ano INTEGER NOT NULL,
    tipo TEXT NOT NULL CHECK (tipo IN ('ordinaria', 'extra')),
    data TEXT NOT NULL,
    codigo TEXT NOT NULL,
    reservado_em TEXT NOT NULL,
    publicado_em TEXT,
    arquivos TEXT NOT NULL,
    atos TEXT NOT NULL,
    descricao TEXT NOT NULL,
    pendente INTEGER NOT NULL CHECK (pendente IN (0, 1)),
    situacao TEXT NOT NULL CHECK (situacao IN ('publicada', 'inutilizada')),
    inutilizada_em TEXT,
    motivo_inutilizacao TEXT,
    PRIMARY KEY (serie, numero)
);
CREATE TABLE IF NOT EXISTS arquivos_pendentes (
    serie TEXT NOT NULL,
    numero INTEGER NOT NULL,
    caminho TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    conteudo BLOB NOT NULL,
    PRIMARY KEY (serie, numero, caminho)
);
CREATE TRIGGER IF NOT EXISTS edicoes_sem_exclusao BEFORE DELETE ON edicoes
BEGIN
    SELECT RAISE(ABORT, 'edição registrada não pode ser excluída');
END;
CREATE TRIGGER IF NOT EXISTS edicoes_transicoes BEFORE UPDATE ON edicoes
WHEN NOT ({_FROZEN} AND (
    (OLD.pendente = 1 AND NEW.pendente = 0 AND NEW.situacao = 'publicada' AND OLD.situacao = 'publicada')
    OR (OLD.pendente = 1 AND NEW.pendente = 0 AND NEW.situacao = 'inutilizada'
        AND length(trim(coalesce(NEW.motivo_inutilizacao, ''))) > 0 AND NEW.inutilizada_em IS NOT NULL)
))
BEGIN
    SELECT RAISE(ABORT, 'edição registrada não pode ser alterada (só concluída, ou inutilizada com motivo)');
END;
CREATE TRIGGER IF NOT EXISTS contadores_sem_retrocesso BEFORE UPDATE ON contadores
WHEN NEW.ultimo < OLD.ultimo OR NEW.serie IS NOT OLD.serie
BEGIN
    SELECT RAISE(ABORT, 'a numeração das edições não pode retroceder');
END;
CREATE TRIGGER IF NOT EXISTS contadores_sem_exclusao BEFORE DELETE ON contadores
BEGIN
    SELECT RAISE(ABORT, 'a numeração das edições não pode ser apagada');
END;
"""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@dataclass(slots=True, frozen=True)
class EditionEntry:
    serie: str
    numero: int
    ano: int
    tipo: str
    data: str
    codigo: str
    reservado_em: str
    publicado_em: str | None
    arquivos: list
    """[{"caminho": absolute path, "sha256": hex}]."""
    atos: list
    """URNs of the acts, in the edition's order."""
    descricao: dict
    pendente: bool
    situacao: str
    inutilizada_em: str | None
    motivo_inutilizacao: str | None

    @property
    def estado(self) -> str:
        if self.pendente:
            return "reservada (arquivos pendentes)"
        return self.situacao


_COLUMNS = ("serie, numero, ano, tipo, data, codigo, reservado_em, publicado_em, arquivos, atos, descricao,"
            " pendente, situacao, inutilizada_em, motivo_inutilizacao")


def _entry(r) -> EditionEntry:
    return EditionEntry(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], json.loads(r[8]), json.loads(r[9]),
                        json.loads(r[10]), bool(r[11]), r[12], r[13], r[14])


class EditionRegister(RegisterFile):
    """A connection to an edition register (opened as every register is: :class:`RegisterFile`).
    ``create``: make it when missing (``--novo-registro``); ``municipio``: the municipality it
    serves (a register of another one is refused)."""

    error = InputError
    missing = ("registro das edições do diário oficial não encontrado; para começar a numeração (a partir "
               "de 1) use --novo-registro")

    def __init__(self, path: str | Path, municipio: str, *, create: bool = False) -> None:
        self.municipio = municipio
        super().__init__(path, create=create)

    def _prepare(self) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise InputError(f"registro de uma versão mais nova do programa (esquema {version}); atualize o "
                             "lexconsolida", path=self.path)
        with self.transaction():
            if version < SCHEMA_VERSION:
                for statement in statements(SCHEMA):
                    self.conn.execute(statement)
                self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            info = dict(self.conn.execute("SELECT chave, valor FROM registro_info"))
            if not info:
                self.conn.executemany("INSERT INTO registro_info VALUES (?, ?)",
                                      [("municipio", self.municipio), ("criado_em", _now()),
                                       ("conteudo", "edições do diário oficial")])
                return
        if info.get("municipio") != self.municipio:
            raise InputError(f"este registro é das edições de {info.get('municipio')}, não de {self.municipio}",
                             path=self.path)

    def is_empty(self) -> bool:
        return self.conn.execute("SELECT count(*) FROM edicoes").fetchone()[0] == 0

    def start_at(self, first: int, reason: str, series: list[str]) -> None:
        """A register made anew after one was lost: ``series`` go on from ``first``."""
        with self.transaction():
            self.conn.executemany("INSERT OR REPLACE INTO registro_info VALUES (?, ?)", [
                ("primeiro_numero", str(first)), ("motivo_inicio", reason),
                ("series_inicio", ",".join(series)), ("iniciado_em", _now())])
            for serie in series:
                self.conn.execute("INSERT INTO contadores VALUES (?, ?)", (serie, first - 1))

    def info(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT chave, valor FROM registro_info"))

    @contextmanager
    def lock(self) -> Iterator[bool]:
        """Held while publishing; yields True when no other process is publishing (so a pending
        edition left by a killed process can be completed safely). Dies with the process."""
        with self.writer_lock() as (_fd, alone):
            yield alone

    # --- step 1 (inside one transaction) -----------------------------------------------------

    def next_number(self, serie: str) -> int:
        """Take the next number of ``serie`` (inside :meth:`transaction`; record it with
        :meth:`reserve` in the same transaction)."""
        row = self.conn.execute("SELECT ultimo FROM contadores WHERE serie=?", (serie,)).fetchone()
        last = row[0] if row else 0
        if row is None:
            self.conn.execute("INSERT INTO contadores VALUES (?, ?)", (serie, last + 1))
        else:
            self.conn.execute("UPDATE contadores SET ultimo=? WHERE serie=?", (last + 1, serie))
        return last + 1

    def reserve(self, serie: str, numero: int, descricao: dict, files: list[PendingFile]) -> None:
        self.conn.execute(
            f"INSERT INTO edicoes ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,NULL,?,?,?,1,'publicada',NULL,NULL)",
            (serie, numero, descricao["ano"], descricao["tipo"], descricao["data"], descricao["codigo"], _now(),
             _dumps([{"caminho": str(f.path), "sha256": f.sha256} for f in files]),
             _dumps([a["urn"] for a in descricao["atos"]]), _dumps(descricao)))
        self.conn.executemany("INSERT INTO arquivos_pendentes VALUES (?, ?, ?, ?, ?)",
                              [(serie, numero, str(f.path), f.sha256, f.content) for f in files])

    # --- step 3 --------------------------------------------------------------------------------

    def mark_published(self, serie: str, numero: int) -> None:
        with self.transaction():
            self.conn.execute("UPDATE edicoes SET pendente=0, publicado_em=? WHERE serie=? AND numero=? AND pendente=1",
                              (_now(), serie, numero))
            self.conn.execute("DELETE FROM arquivos_pendentes WHERE serie=? AND numero=?", (serie, numero))

    def void(self, serie: str, numero: int, motivo: str) -> None:
        with self.transaction():
            self.conn.execute("UPDATE edicoes SET situacao='inutilizada', pendente=0, inutilizada_em=?,"
                              " motivo_inutilizacao=? WHERE serie=? AND numero=? AND pendente=1",
                              (_now(), motivo, serie, numero))
            self.conn.execute("DELETE FROM arquivos_pendentes WHERE serie=? AND numero=?", (serie, numero))

    # --- reading -------------------------------------------------------------------------------

    def pending(self) -> list[EditionEntry]:
        return [_entry(r) for r in self.conn.execute(
            f"SELECT {_COLUMNS} FROM edicoes WHERE pendente=1 ORDER BY serie, numero")]

    def pending_files(self, serie: str, numero: int) -> list[PendingFile]:
        return [PendingFile(Path(r[0]), r[1], r[2]) for r in self.conn.execute(
            "SELECT caminho, sha256, conteudo FROM arquivos_pendentes WHERE serie=? AND numero=? ORDER BY caminho",
            (serie, numero))]

    def entries(self) -> list[EditionEntry]:
        return [_entry(r) for r in self.conn.execute(
            f"SELECT {_COLUMNS} FROM edicoes ORDER BY reservado_em, serie, numero")]

    def counters(self) -> list[tuple[str, int]]:
        return list(self.conn.execute("SELECT serie, ultimo FROM contadores ORDER BY serie"))

    def published_with(self, urns: list[str]) -> dict[str, EditionEntry]:
        """URN → the (last) published or pending edition that carries it."""
        wanted, out = {u for u in urns if u}, {}
        for e in self.entries():
            if e.situacao != "publicada":
                continue
            for urn in e.atos:
                if urn in wanted:
                    out[urn] = e
        return out

    def last(self) -> EditionEntry | None:
        rows = [e for e in self.entries() if e.situacao == "publicada"]
        return max(rows, key=lambda e: (e.data, e.reservado_em)) if rows else None
