"""The quadro comparativo as one self-contained HTML page (Jinja2, autoescaped).

Columns titled by what is compared ("Texto original | Texto compilado em …", "Redação atual |
Redação proposta" …; "Alteração" between them when an amending act is the middle term); deletions in ``<del>``, insertions in ``<ins>``, each announced to screen
readers by visually-hidden text; a summary of counts; a "somente alterações" filter in plain
CSS (a checkbox, no script); every row has an ``id`` and a permalink.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from lexconsolida.diff.report import STATUS_LABELS, DiffReport, MiddleText, Pair
from lexconsolida.diff.tokens import DELETE, INSERT
from lexconsolida.diff.view import Block, blocks
from lexconsolida.gcpause import gc_paused
from lexconsolida.templating import escape_str as _esc
from lexconsolida.templating import render as render_template

_MARKS = {
    DELETE: ('<del><span class="visually-hidden">início do trecho removido: </span>',
             '<span class="visually-hidden"> fim do trecho removido</span></del>'),
    INSERT: ('<ins><span class="visually-hidden">início do trecho acrescido: </span>',
             '<span class="visually-hidden"> fim do trecho acrescido</span></ins>'),
}
"""How a deleted or inserted stretch is wrapped: the mark, and words for screen readers."""


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
    old: Markup
    """The old side's blocks as HTML paragraphs (see :func:`side_html`)."""
    new: Markup
    middle: tuple[MiddleText, ...]
    context: bool = False
    """An unchanged row shown beside a change (kept by the 'somente alterações' filter)."""


def row_name(pair: Pair) -> str:
    olds = "; ".join(u.cite for u in pair.old)
    news = "; ".join(u.cite for u in pair.new)
    if not olds or not news or olds == news:
        return news or olds
    return f"{olds} → {news}"


def _marked(kind: str, text: str, marked: bool) -> str:
    if marked and kind in _MARKS:
        opening, closing = _MARKS[kind]
        return f"{opening}{_esc(text)}{closing}"
    return _esc(text)


def side_html(side: list[Block], marked: bool) -> Markup:
    """One side of a row: a ``<p>`` per block, its label and runs marked when ``marked``.

    Rendered here rather than by a template macro: the quadro of a constitution has thousands
    of rows, and a macro call per row was most of the time of writing it.
    """
    out = []
    for b in side:
        out.append("<p>")
        if b.label:
            out.append(f'<span class="rotulo">{_marked(b.label_kind, b.label_text, marked)}</span>'
                       f"{_esc(b.label_space)}")
        out.extend(_marked(r.kind, r.text, marked) for r in b.runs)
        out.extend(f' <span class="nota">{_esc(n)}</span>' for n in b.notes)
        out.append("</p>")
    return Markup("".join(out))


def make_row(pair: Pair, context: bool = False) -> Row:
    unit = (pair.new or pair.old)[0]
    marked = pair.status != "unchanged"
    return Row(
        anchor=pair.anchor,
        status=pair.status,
        status_label=STATUS_LABELS[pair.status],
        name=row_name(pair),
        depth=pair.depth,
        agrupador=unit.is_agrupador,
        is_change=pair.is_change,
        marked=marked,
        old=side_html(blocks(pair, "old"), marked),
        new=side_html(blocks(pair, "new"), marked),
        middle=pair.middle,
        context=context,
    )


def rows_html(rows: list[Row], middle: bool) -> Markup:
    """The table's rows, ``<tr>`` … ``</tr>`` each on its lines: the dispositivo cell (name
    and permalink, situação), the old text, the amending act's wordings when ``middle``, the
    new text. Printed here rather than by a loop of the template: a quadro of a
    constitution has thousands of rows, a dozen escaped fields each."""
    out = []
    for r in rows:
        anchor = _esc(r.anchor)
        out.append(f'<tr id="{anchor}" class="{_esc(r.status)}'
                   f'{" alteracao" if r.is_change else ""}{" contexto" if r.context else ""}'
                   f'{" agrupador" if r.agrupador else ""}'
                   f' nivel-{_esc(r.depth)}">\n'
                   f'<th scope="row" class="dispositivo"><a href="#{anchor}" title="Link permanente '
                   f'desta linha">{_esc(r.name)}</a> <span class="situacao">{_esc(r.status_label)}'
                   f'</span></th>\n<td class="anterior">{_esc(r.old)}</td>\n')
        if middle:
            out.append('<td class="alteracao-texto">')
            out.extend(f'<p><span class="fonte">{_esc(m.source)}:</span> {_esc(m.text)}</p>'
                       for m in r.middle)
            out.append("</td>\n")
        out.append(f'<td class="novo">{_esc(r.new)}</td>\n</tr>\n')
    return Markup("".join(out))


def render(report: DiffReport, all_rows: bool = False) -> str:
    """The page; the filter 'somente alterações' (each change with one row of context on
    each side) comes checked unless ``all_rows``."""
    with gc_paused():  # a row and its markup per unit, none in a cycle
        return _render(report, all_rows)


def _render(report: DiffReport, all_rows: bool = False) -> str:
    shown = {id(p) for p in report.shown() if not isinstance(p, int)}
    rows = [make_row(p, id(p) in shown and not p.is_change) for p in report.pairs]
    return render_template(
        "diff/quadro.html.j2",
        report=report,
        rows=rows,
        rows_html=rows_html(rows, bool(report.middle_title)),
        counts=report.counts(),
        labels=STATUS_LABELS,
        changes=sum(1 for r in rows if r.is_change),
        only_changes=not all_rows,
    )


def write(report: DiffReport, all_rows: bool = False, **_options) -> bytes:
    return render(report, all_rows).encode("utf-8")
