"""The quadro comparativo as one self-contained HTML page (Jinja2, autoescaped).

Columns "Texto anterior | Texto novo" ("Alteração" between them when an amending act is the
middle term); deletions in ``<del>``, insertions in ``<ins>``, each announced to screen
readers by visually-hidden text; a summary of counts; a "somente alterações" filter in plain
CSS (a checkbox, no script); every row has an ``id`` and a permalink.
"""

from __future__ import annotations

from dataclasses import dataclass
from lexconsolida.diff.report import STATUS_LABELS, DiffReport, MiddleText, Pair
from lexconsolida.diff.view import Block, blocks
from lexconsolida.templating import render as render_template


@dataclass(frozen=True, slots=True)
class Row:
    anchor: str
    status: str
    status_label: str
    name: str
    """How the first column names the row ('art5_par1', or 'art5 → art6')."""
    depth: int
    agrupador: bool
    is_change: bool
    marked: bool
    """Whether to show deletions and insertions (False for unchanged rows)."""
    old: list[Block]
    new: list[Block]
    middle: tuple[MiddleText, ...]


def row_name(pair: Pair) -> str:
    olds = "; ".join(u.cite for u in pair.old)
    news = "; ".join(u.cite for u in pair.new)
    if not olds or not news or olds == news:
        return news or olds
    return f"{olds} → {news}"


def make_row(pair: Pair) -> Row:
    unit = (pair.new or pair.old)[0]
    return Row(
        anchor=pair.anchor,
        status=pair.status,
        status_label=STATUS_LABELS[pair.status],
        name=row_name(pair),
        depth=pair.depth,
        agrupador=unit.is_agrupador,
        is_change=pair.is_change,
        marked=pair.status != "unchanged",
        old=blocks(pair, "old"),
        new=blocks(pair, "new"),
        middle=pair.middle,
    )


def render(report: DiffReport) -> str:
    rows = [make_row(p) for p in report.pairs]
    return render_template(
        "diff/quadro.html.j2",
        report=report,
        rows=rows,
        counts=report.counts(),
        labels=STATUS_LABELS,
        changes=sum(1 for r in rows if r.is_change),
    )


def write(report: DiffReport, **_options) -> bytes:
    return render(report).encode("utf-8")
