"""The drafter's own correspondence table, checked against the audit's trace.

The audit never aligns by the table it is auditing; when the consolidation comes with one (the
``correspondencia.csv`` that ``consolidate`` writes: columns ``fonte``, ``dispositivo_origem_id``,
``situacao``, ``dispositivo_novo_id``), each row that says a source unit went to a consolidated
unit is compared with where the trace found it, and every disagreement is reported.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes

COLUMNS = ("fonte", "dispositivo_origem_id", "dispositivo_novo_id")


@dataclass(slots=True)
class TableCheck:
    checked: int = 0
    mismatches: list[dict] = field(default_factory=list)
    """{'fonte', 'origem', 'declarado', 'rastreado'} for each disagreement."""


def read(path: str | Path) -> dict[tuple[str, str], str]:
    """(alias, source id) → consolidated id, from a consolidation's correspondence CSV."""
    data = read_bytes(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("a tabela de correspondência deve estar em UTF-8", path=path) from None
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or not all(c in reader.fieldnames for c in COLUMNS):
        raise InputError("a tabela de correspondência deve ter as colunas " + ", ".join(COLUMNS)
                         + " (a correspondencia.csv que consolidate grava)", path=path, line=1)
    out = {}
    for row in reader:
        new = (row.get("dispositivo_novo_id") or "").strip()
        if new and (row.get("situacao") or "incluido").strip() == "incluido":
            out[(row["fonte"].strip(), row["dispositivo_origem_id"].strip())] = new
    return out


def check(declared: dict[tuple[str, str], str], new_of: dict[str, str], new_ids: set[str]) -> TableCheck:
    """Compare ``declared`` with the trace (``new_of``: 'alias/id' → new id)."""
    out = TableCheck()
    for (alias, old), new in sorted(declared.items()):
        if old.endswith("_cpt"):
            old, new = old[: -len("_cpt")], new.removesuffix("_cpt")  # the trace reads artigo + caput as one
            if (alias, old) in declared:
                continue
        out.checked += 1
        found = new_of.get(f"{alias}/{old}")
        if found != new:
            out.mismatches.append({"fonte": alias, "origem": old, "declarado": new,
                                   "rastreado": found if found else ("não levado" if new in new_ids else None)})
    return out
