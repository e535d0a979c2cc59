"""Case data for forms: one case from a TOML file, or many from a CSV (one per row).

Every value is checked and converted here (dates, times, yes/no, plate), and every field the
municipality's settings require for the form kind is checked with the dispositivo that requires
it. Errors are Portuguese and name the file, the row (CSV) and the field.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path

from lexconsolida.corpus.records import toml_error
from lexconsolida.errors import FormError
from lexconsolida.forms.cite import citation
from lexconsolida.forms.fields import BOOL, DATE, DATETIME, FIELDS, INT, PLATE
from lexconsolida.forms.settings import FormSpec
from lexconsolida.forms.textnorm import fold
from lexconsolida.io import read_bytes

_PLATE = re.compile(r"^[A-Z]{3}-?\d[A-Z0-9]\d{2}$")
_TRUE = {"sim", "s", "true", "verdadeiro", "1", "x"}
_FALSE = {"nao", "n", "false", "falso", "0", ""}


@dataclass(slots=True)
class Case:
    """One case: converted values by field name, and where it came from."""

    data: dict
    source: str
    row: int | None = None
    """CSV line number (header is line 1), None for a TOML case."""

    def where(self) -> str:
        return f"{self.source}, linha {self.row}" if self.row is not None else self.source


def _error(case_source: str, row: int | None, message: str) -> FormError:
    return FormError(message, path=case_source, line=row)


def _convert(name: str, value, source: str, row: int | None):
    label, kind = FIELDS[name]
    if isinstance(value, str):
        value = value.strip()
        if value == "" and kind != BOOL:
            return None
    try:
        if kind == DATETIME:
            return _datetime(value)
        if kind == DATE:
            return _date(value)
        if kind == BOOL:
            return _bool(value)
        if kind == INT:
            number = int(value)
            if number <= 0:
                raise ValueError
            return number
        if kind == PLATE:
            plate = str(value).upper().replace(" ", "")
            if not _PLATE.match(plate):
                raise ValueError
            return plate
    except (ValueError, TypeError):
        raise _error(source, row, f"valor inválido no campo '{name}' ({label}): {value!r}"
                     f" (esperado: {kind})") from None
    return str(value)


def _datetime(value) -> datetime:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, date):
        return datetime.combine(value, time())
    text = str(value).strip().replace("T", " ")
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%d/%m/%Y %H:%M", "%d/%m/%Y %Hh%M", "%d/%m/%Y %H:%M:%S"):
        try:
            return datetime.strptime(text, fmt)
        except ValueError:
            continue
    raise ValueError(text)


def _date(value) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = str(value).strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError(text)


def _bool(value) -> bool:
    if isinstance(value, bool):
        return value
    folded = fold(str(value))
    if folded in _TRUE:
        return True
    if folded in _FALSE:
        return False
    raise ValueError(value)


def make_case(raw: dict, source: str, row: int | None = None) -> Case:
    """Convert a raw mapping (from TOML or a CSV row) into a :class:`Case`."""
    data = {}
    for key, value in raw.items():
        name = str(key).strip()
        if name not in FIELDS:
            known = ", ".join(sorted(FIELDS))
            raise _error(source, row, f"campo desconhecido: '{name}' (campos válidos: {known})")
        data[name] = _convert(name, value, source, row)
    return Case(data, source, row)


def load_cases(path: str | Path) -> list[Case]:
    """The cases in a .toml (one case, or ``[[casos]]``) or .csv file (one per row)."""
    p = Path(path)
    raw = read_bytes(p)
    if p.suffix.lower() == ".csv":
        return _load_csv(raw, str(p))
    if p.suffix.lower() == ".toml":
        try:
            data = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise FormError("o arquivo de casos deve estar em UTF-8", path=p) from None
        except tomllib.TOMLDecodeError as err:
            raise FormError(toml_error(err, None).message, path=p) from None
        if "casos" in data:
            return [make_case(c, f"{p} [caso {i}]") for i, c in enumerate(data["casos"], 1)]
        return [make_case(data, str(p))]
    raise FormError("formato de caso desconhecido (use .toml ou .csv)", path=p)


def _load_csv(raw: bytes, source: str) -> list[Case]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252")
    sample = text[:2048]
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    if not reader.fieldnames:
        raise FormError("CSV sem cabeçalho", path=source)
    cases = []
    for row in reader:
        line = reader.line_num
        if None in row:
            raise _error(source, line, "linha com mais colunas que o cabeçalho")
        if not any((v or "").strip() for v in row.values()):
            continue
        cases.append(make_case(row, source, line))
    if not cases:
        raise FormError("CSV sem casos", path=source)
    return cases


def check_required(case: Case, spec: FormSpec) -> None:
    """Raise naming the first required field the case lacks, and the dispositivo requiring it."""
    for req in spec.campos_obrigatorios:
        value = case.data.get(req.campo)
        if value is None or value == "":
            label = FIELDS.get(req.campo, (req.campo,))[0]
            raise _error(case.source, case.row,
                         f"campo obrigatório ausente: '{req.campo}' ({label}), exigido pelo "
                         f"{citation(req.dispositivo)} para {spec.kind}")
