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
from lexconsolida.forms.fields import (  # noqa: F401 (re-exported: the case vocabulary)
    BOOL, DATE, DATE_FIELDS, DATE_OR_TIME, DATETIME, FIELDS, INT, PLATE, TEXT,
)
from lexconsolida.forms.settings import FormSpec
from lexconsolida.forms.textnorm import fold
from lexconsolida.forms.tomlfields import TomlText, type_name
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
    lines: dict | None = None
    """TOML case: field → line where it is written."""

    def where(self) -> str:
        return f"{self.source}, linha {self.row}" if self.row is not None else self.source

    def line(self, name: str | None = None) -> int | None:
        """The line to cite for ``name`` (the CSV row, or the field's line in a TOML file)."""
        if self.row is not None:
            return self.row
        return (self.lines or {}).get(name) if name else None

    def error(self, message: str, name: str | None = None) -> FormError:
        return FormError(message, path=self.source, line=self.line(name))


def _error(case_source: str, row: int | None, message: str) -> FormError:
    return FormError(message, path=case_source, line=row)


_TOML_TYPES = {TEXT: (str,), PLATE: (str,), BOOL: (bool, str), INT: (int, str),
               DATE: (date, str), DATETIME: (datetime, date, str), DATE_OR_TIME: (datetime, date, str)}


def _convert(name: str, value, source: str, row: int | None):
    label, kind = FIELDS[name]
    if not isinstance(value, _TOML_TYPES[kind]) or (isinstance(value, bool) and kind == INT):
        raise _error(source, row, f"tipo errado no campo '{name}' ({label}): esperado {kind}, encontrado "
                     f"{type_name(value)} {value!r}")
    if isinstance(value, str):
        value = value.strip()
        if value == "" and kind != BOOL:
            return None
    try:
        if kind == DATETIME:
            return _datetime(value)
        if kind == DATE:
            return _date(value)
        if kind == DATE_OR_TIME:
            return _date_or_datetime(value)
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


def _date_or_datetime(value) -> date | datetime:
    if isinstance(value, (date, datetime)):
        return value.replace(tzinfo=None) if isinstance(value, datetime) else value
    try:
        return _datetime(value)
    except ValueError:
        return _date(value)


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


def make_case(raw: dict, source: str, row: int | None = None, lines: dict | None = None) -> Case:
    """Convert a raw mapping (from TOML or a CSV row) into a :class:`Case`."""
    data = {}
    lines = lines or {}
    for key, value in raw.items():
        name = str(key).strip()
        line = row if row is not None else lines.get(name)
        if name not in FIELDS:
            known = ", ".join(sorted(FIELDS))
            raise _error(source, line, f"campo desconhecido: '{name}' (campos válidos: {known})")
        data[name] = _convert(name, value, source, line)
    return Case(data, source, row, lines or None)


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
        text = TomlText(raw.decode("utf-8"))
        if "casos" in data:
            if not isinstance(data["casos"], list) or not all(isinstance(c, dict) for c in data["casos"]):
                raise FormError("'casos' deve ser uma lista de tabelas [[casos]]", path=p,
                                line=text.line(None, None, "casos"))
            return [make_case(c, f"{p} [caso {i}]", lines={k: text.line("casos", i - 1, k) for k in c})
                    for i, c in enumerate(data["casos"], 1)]
        return [make_case(data, str(p), lines={k: text.line(None, None, k) for k in data})]
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
    """Raise naming the first required field the case lacks, and the dispositivo requiring it.

    A case with ``flagrante = não`` follows the law's rule for an autuação without flagrante
    (``[formularios.<tipo>.sem_flagrante]``): some fields waived, others added."""
    flagrante = case.data.get("flagrante")
    if flagrante is False and spec.sem_flagrante is None:
        raise case.error(f"autuação sem flagrante não prevista para {spec.kind} no município "
                         f"(falta [formularios.{spec.kind}.sem_flagrante] no municipio.toml)", "flagrante")
    for req in spec.required(flagrante is not False):
        value = case.data.get(req.campo)
        if value is None or value == "":
            label = FIELDS.get(req.campo, (req.campo,))[0]
            how = " (autuação sem flagrante)" if flagrante is False else ""
            raise case.error(f"campo obrigatório ausente: '{req.campo}' ({label}), exigido pelo "
                             f"{citation(req.dispositivo)} para {spec.kind}{how}")
    if case.data.get("recusa_assinatura"):
        missing = [n for n in ("testemunha_1", "testemunha_2") if not case.data.get(n)]
        if missing:
            raise case.error("recusa de assinatura exige duas testemunhas identificadas (nome e documento); "
                             f"falta: {', '.join(repr(m) for m in missing)}", "recusa_assinatura")


def _day(value) -> date | None:
    return value.date() if isinstance(value, datetime) else value


# (earlier field, later field, why): the later one may not come before the earlier one.
DATE_ORDER = (
    ("data_hora", "data_emissao", "o formulário não pode ser datado antes da infração"),
    ("data_hora", "data_auto", "o auto não pode ser lavrado antes da infração"),
    ("data_auto", "data_emissao", "a notificação não pode ser datada antes do auto de infração"),
    ("data_hora", "data_ciencia", "a ciência não pode ser anterior à infração"),
    ("data_emissao", "data_ar", "o aviso de recebimento não pode ser anterior à emissão da notificação"),
    ("data_emissao", "data_publicacao", "o edital não pode ser publicado antes da emissão da notificação"),
    ("data_ciencia", "data_recurso", "o recurso não pode ser protocolado antes da ciência"),
)


def check_dates(case: Case, today: date) -> None:
    """The case's dates in a possible order, none of them in the future (naming the fields)."""
    data = case.data
    for name in DATE_FIELDS:
        when = _day(data.get(name))
        if when is not None and when > today and name != "data_emissao":
            raise case.error(f"data no futuro no campo '{name}' ({FIELDS[name][0]}): {when.strftime('%d/%m/%Y')} "
                             f"(hoje é {today.strftime('%d/%m/%Y')})", name)
    issued = _day(data.get("data_emissao"))
    if issued is not None and issued > today:
        raise case.error(f"data de emissão no futuro: {issued.strftime('%d/%m/%Y')} (hoje é "
                         f"{today.strftime('%d/%m/%Y')}); um formulário só se data no dia em que é emitido ou antes",
                         "data_emissao")
    for first, second, why in DATE_ORDER:
        a, b = _day(data.get(first)), _day(data.get(second))
        if first == "data_emissao" and a is None:
            a = today
        if a is not None and b is not None and b < a:
            raise case.error(f"datas incoerentes: {why} ('{second}' {b.strftime('%d/%m/%Y')} é anterior a "
                             f"'{first}' {a.strftime('%d/%m/%Y')})", second)
