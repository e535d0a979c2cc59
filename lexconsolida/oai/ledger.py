"""The provider's ledger: the datestamp of every record and the records deleted.

OAI-PMH harvesters ask for what changed since their last harvest (``from``), so a record's
datestamp must move when the record changes, stay put when it does not, and a removed act
must be answered as a deleted record. None of that can come from the build's clock. It comes
from the acervo's own history, kept in ``<município>/lexml-oai.toml`` beside ``municipio.toml``
and written only by ``lexconsolida provedor registrar`` (a person's act, like a decision):

- ``[[registros]]``: each published record's identifier, datestamp and the SHA-256 of its
  bytes;
- ``[[excluidos]]``: records that were published and whose act left the acervo, with the
  datestamp of the registration that saw them go (served as deleted records, forever:
  ``deletedRecord`` is ``persistent``).

Without a ledger, a record's datestamp is the act's publication date (else its date): stable
across builds, but a harvester that asks only for changes will not see a corrected ementa or
an old act added today — the first ``registrar`` keeps those dates, and every later one dates
what changed by the day it was registered. The provider reads the ledger and never writes it;
what changed since the last registration is said in ``Catalog.ledger_notes``
(:func:`lexconsolida.oai.records.catalog` applies the ledger).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import tomli_w

from lexconsolida.corpus.records import read_toml
from lexconsolida.errors import InputError
from lexconsolida.io import atomic_write

LEDGER = "lexml-oai.toml"
HEADER = ("# Registro do provedor de dados do LexML (OAI-PMH) deste município: a data (datestamp)\n"
          "# de cada registro publicado e os registros excluídos. Escrito por\n"
          "# 'lexconsolida provedor registrar' (docs/lexml-oai.md); não edite à mão.\n\n")


@dataclass(slots=True)
class Ledger:
    registros: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Identifier → (datestamp, sha256)."""
    excluidos: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Identifier → (datestamp of the deletion, setSpec)."""
    exists: bool = False


def _stamp(value, path: Path) -> str:
    text = str(value)
    try:
        datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise InputError(f"datestamp inválido no registro do provedor: {text!r} "
                         "(use AAAA-MM-DDThh:mm:ssZ)", path=path) from None
    return text


def read_ledger(folder: Path) -> Ledger:
    path = folder / LEDGER
    if not path.is_file():
        return Ledger()
    t = read_toml(path)
    out = Ledger(exists=True)
    try:
        for r in t.get("registros", []):
            out.registros[str(r["id"])] = (_stamp(r["datestamp"], path), str(r["sha256"]))
        for r in t.get("excluidos", []):
            out.excluidos[str(r["id"])] = (_stamp(r["datestamp"], path), str(r.get("conjunto", "")))
    except (KeyError, TypeError) as err:
        raise InputError(f"registro do provedor incompleto (falta {err})", path=path) from None
    return out


@dataclass(slots=True)
class Registration:
    municipio: str
    novos: int = 0
    alterados: int = 0
    excluidos: int = 0
    mantidos: int = 0
    arquivo: str = ""
    retidos: int = 0
    """Records missing now but not deleted: the municipality has unreadable acts."""


def now_stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def register(cat: Any, root: Path, when: str | None = None) -> list[Registration]:
    """Write each publisher's ledger: unchanged records keep their datestamp; new and changed
    ones get ``when`` (the registration's moment; on a first registration, new records keep
    the act's publication date); records whose act left the acervo become deleted at ``when``."""
    when = _stamp(when, root) if when else now_stamp()
    out = []
    for mun in sorted(cat.publishers):
        folder = root / mun
        ledger = read_ledger(folder)
        reg = Registration(mun, arquivo=(folder / LEDGER).as_posix())
        registros: dict[str, tuple[str, str]] = {}
        live = [r for r in cat.records if r.municipio == mun and not r.deleted]
        for r in live:
            entry = ledger.registros.get(r.identifier)
            if entry is None:
                registros[r.identifier] = (r.datestamp if not ledger.exists else when, r.digest)
                reg.novos += 1
            elif entry[1] != r.digest:
                registros[r.identifier] = (when, r.digest)
                reg.alterados += 1
            else:
                registros[r.identifier] = entry
                reg.mantidos += 1
        invalid = {r.identifier for r, _ in cat.invalid if r.municipio == mun}
        for ident in invalid:  # invalid now: kept as last registered (never taken for deleted)
            if ident in ledger.registros:
                registros[ident] = ledger.registros[ident]
        excluidos = {i: e for i, e in ledger.excluidos.items() if i not in registros and i not in invalid}
        # A record missing now is deleted only if its act left the acervo on purpose; while any
        # act of the municipality cannot be read, a missing record may be that act's: it is
        # kept as last registered (never announced as deleted) and the command says so.
        unreadable = [f for f, _ in getattr(cat, "unreadable", []) if f.split("/", 1)[0] == mun]
        for ident, (stamp, sha) in ledger.registros.items():
            if ident in registros or ident in excluidos or ident in invalid:
                continue
            if unreadable:
                registros[ident] = (stamp, sha)
                reg.retidos += 1
            else:
                setspec = ident.split(":")[4].split(";")[0] if ident.count(":") >= 4 else ""
                excluidos[ident] = (when, setspec)
                reg.excluidos += 1
        data = {"registros": [{"id": i, "datestamp": d, "sha256": s} for i, (d, s) in sorted(registros.items())],
                "excluidos": [{"id": i, "datestamp": d, "conjunto": c} for i, (d, c) in sorted(excluidos.items())]}
        text = HEADER + tomli_w.dumps(data)
        tomllib.loads(text)  # what is written reads back
        atomic_write(folder / LEDGER, text)
        out.append(reg)
    return out
