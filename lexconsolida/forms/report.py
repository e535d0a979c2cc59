"""The register report a clerk opens: numbers issued, cancelled, voided, in talão and pending, by
month and kind (HTML and CSV), and every number with its state (CSV).

A number is counted once, in its current state, in the month of the date the form bears
(``data_emissao``); a number without one (a blank talão, a voided reservation) counts in the month
it was reserved. Same register → same bytes (no clock is read).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from lexconsolida.forms.html import environment
from lexconsolida.forms.kinds import KINDS
from lexconsolida.forms.register import Entry

COLUMNS = ("emitidos", "cancelados", "inutilizados", "em_talao", "pendentes")
HEADINGS = {"emitidos": "Emitidos", "cancelados": "Cancelados", "inutilizados": "Inutilizados",
            "em_talao": "Em talão (não lançados)", "pendentes": "Pendentes"}
MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
          "novembro", "dezembro")


def month_of(e: Entry) -> str:
    return (e.data_formulario or e.reservado_em)[:7]


def column_of(e: Entry) -> str:
    if e.pendente:
        return "pendentes"
    return {"emitido": "emitidos", "cancelado": "cancelados", "inutilizado": "inutilizados",
            "talao": "em_talao"}[e.situacao]


def month_name(ym: str) -> str:
    year, month = ym.split("-")
    return f"{MONTHS[int(month) - 1]} de {year}"


@dataclass(slots=True)
class Line:
    mes: str
    tipo: str
    contagem: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLUMNS, 0))

    @property
    def total(self) -> int:
        return sum(self.contagem.values())


def summary(entries: list[Entry]) -> list[Line]:
    lines: dict[tuple[str, str], Line] = {}
    for e in entries:
        key = (month_of(e), e.tipo)
        lines.setdefault(key, Line(*key)).contagem[column_of(e)] += 1
    return [lines[k] for k in sorted(lines)]


def totals(lines: list[Line]) -> dict[str, int]:
    out = dict.fromkeys(COLUMNS, 0)
    for line in lines:
        for k, v in line.contagem.items():
            out[k] += v
    return out


def _csv(rows: list[list]) -> bytes:
    buf = io.StringIO(newline="")
    csv.writer(buf, lineterminator="\r\n").writerows(rows)
    return buf.getvalue().encode("utf-8")


def summary_csv(entries: list[Entry]) -> bytes:
    lines = summary(entries)
    rows: list[list[str | int]] = [["mes", "tipo", *COLUMNS, "total"]]
    rows += [[ln.mes, ln.tipo, *(ln.contagem[c] for c in COLUMNS), ln.total] for ln in lines]
    tot = totals(lines)
    rows.append(["total", "", *(tot[c] for c in COLUMNS), sum(tot.values())])
    return _csv(rows)


def numbers_csv(entries: list[Entry]) -> bytes:
    rows = [["numero", "tipo", "situacao", "mes", "data_formulario", "modo", "reservado_em", "emitido_em", "origem",
             "cancelado_em", "motivo_cancelamento", "inutilizado_em", "motivo_inutilizacao"]]
    for e in entries:
        rows.append([e.numero, e.tipo, e.estado, month_of(e), e.data_formulario or "", e.modo, e.reservado_em,
                     e.emitido_em or "", e.origem, e.cancelado_em or "", e.motivo_cancelamento or "",
                     e.inutilizado_em or "", e.motivo_inutilizacao or ""])
    return _csv(rows)


def report_html(entries: list[Entry], info: dict[str, str]) -> bytes:

    lines = summary(entries)
    template = environment(None).get_template("registro.html.j2")
    return template.render(
        info=info, lines=lines, totals=totals(lines), columns=COLUMNS, headings=HEADINGS, month_name=month_name,
        titles={k: v.titulo for k, v in KINDS.items()},
        exceptions=[e for e in entries if e.situacao in ("cancelado", "inutilizado") or e.pendente],
    ).encode("utf-8")
