"""Correspondence tables (old id → new id) given to the alignment.

Accepted files: the CSV a consolidation writes (columns ``dispositivo_origem_id`` and
``dispositivo_novo_id``), any two-column CSV ``old,new`` (a header line is skipped when its
cells are not ids), or a JSON object ``{"art1": "art3", …}``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from lexconsolida.errors import InputError
from lexconsolida.io import read_bytes
from lexconsolida.model.ids import LexId

CONSOLIDATION_COLUMNS = ("dispositivo_origem_id", "dispositivo_novo_id")


def _is_id(text: str) -> bool:
    try:
        LexId.parse(text.strip())
        return True
    except ValueError:
        return False


def parse_table(data: str, *, path: str | None = None) -> dict[str, str]:
    stripped = data.lstrip()
    if stripped.startswith("{"):
        try:
            obj = json.loads(stripped)
        except json.JSONDecodeError as err:
            raise InputError(f"tabela de correspondência JSON inválida: {err.msg}", path=path,
                             line=err.lineno) from None
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in obj.items()):
            raise InputError("a tabela JSON deve mapear ids a ids (texto → texto)", path=path)
        return dict(obj)
    rows = list(csv.reader(io.StringIO(data)))
    if not rows:
        return {}
    head = [c.strip() for c in rows[0]]
    if all(c in head for c in CONSOLIDATION_COLUMNS):
        a, b = (head.index(c) for c in CONSOLIDATION_COLUMNS)
        body = rows[1:]
        first_line = 2
    else:
        a, b = 0, 1
        body = rows if len(head) >= 2 and _is_id(head[0]) and _is_id(head[1]) else rows[1:]
        first_line = 1 if body is rows else 2
    out: dict[str, str] = {}
    for n, row in enumerate(body, start=first_line):
        if len(row) <= max(a, b):
            if any(c.strip() for c in row):
                raise InputError("linha com menos colunas que o esperado", path=path, line=n)
            continue
        old, new = row[a].strip(), row[b].strip()
        if not old or not new:
            continue  # a unit discarded or merged away: nothing to pair
        if not (_is_id(old) and _is_id(new)):
            raise InputError(f"id LexML inválido na tabela: {old!r} → {new!r}", path=path, line=n)
        out[old] = new
    return out


def read_table(path: str | Path) -> dict[str, str]:
    data = read_bytes(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("a tabela de correspondência deve estar em UTF-8", path=path) from None
    return parse_table(text, path=str(path))
