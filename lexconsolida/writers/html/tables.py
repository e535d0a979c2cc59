"""Tables and annexes as HTML (``docs/tabelas.md``): real ``<table>``s, header cells ``<th
scope>``, spans kept; in the compiled view a removed row struck (``<del>``) and every changed
row followed by its Planalto-style note ('(Redação dada pela Lei nº …)') in a row of its own,
the earlier wording of its cells in the note. Every text is escaped."""

from __future__ import annotations

from markupsafe import Markup

from lexconsolida.model import Situacao
from lexconsolida.model.tables import Annex, Tabela, block_note, covered_by_annex, row_cells, row_notes, shown_blocks, shown_rows, table_note
from lexconsolida.templating import escape_str as _esc


def table_html(table: Tabela, view: str, highlight: set[tuple[str, int]] | None = None,
               notes: bool = True) -> Markup:
    """``table`` as a ``<table class="tabela">``; ``highlight`` = (row id, cell index) pairs to mark
    (``<mark>``: the desk and the quadro show the cell a change touches); ``notes`` False: the
    compiled view's notes are said elsewhere (the annex's own note)."""
    out = [f'<div class="tabela-envoltorio"><table class="tabela" id="{_esc(table.id)}">']
    if table.titulo:
        out.append(f"<caption>{_esc(table.titulo)}</caption>")
    width = table.columns
    head = [r for r in shown_rows(table, view) if r.header]
    body = [r for r in shown_rows(table, view) if not r.header]
    per_row = row_notes(table) if view == "compilado" and notes else {}
    if head:
        out.append("<thead>")
        for r in head:
            out.append(_row(r, view, width, highlight, per_row.get(r.id)))
        out.append("</thead>")
    out.append("<tbody>")
    for r in body:
        out.append(_row(r, view, width, highlight, per_row.get(r.id)))
    shared = table_note(table) if view == "compilado" and notes else None
    if shared:
        out.append(f'<tr class="nota-linha"><td colspan="{max(width, 1)}"><span class="nota">({_esc(shared)})'
                   "</span></td></tr>")
    out.append("</tbody></table></div>")
    return Markup("".join(out))


def _row(row, view: str, width: int, highlight, note: str | None) -> str:
    struck = row.situacao is not Situacao.VIGENTE
    cls = ' class="linha-revogada"' if struck else (' class="linha-alterada"' if row.history and view == "compilado"
                                                     else "")
    cells = []
    for k, c in enumerate(row.cells):
        tag = "th" if c.header else "td"
        attrs = ' scope="col"' if c.header else ""
        if c.colspan != 1:
            attrs += f' colspan="{c.colspan}"'
        if c.rowspan != 1:
            attrs += f' rowspan="{c.rowspan}"'
        text = _esc(c.text)
        if highlight and (row.id, k) in highlight:
            text = f'<mark class="celula-alterada">{text}</mark>'
        if struck:
            text = f'<del><span class="sr-only">Linha sem vigor: </span>{text}</del>'
        cells.append(f"<{tag}{attrs}>{text}</{tag}>")
    html = f'<tr id="{_esc(row.id)}"{cls}>' + "".join(cells) + "</tr>"
    if note:
        older = [v.text for v in row.history[:-1] if v.text != row.history[-1].text]
        was = f" — antes: {' | '.join(row_cells(older[-1]))}" if older else ""
        html += (f'<tr class="nota-linha"><td colspan="{max(width, 1)}"><span class="nota">({_esc(note)})'
                 f"</span>{_esc(was)}</td></tr>")
    return html


def annex_html(annex: Annex, view: str) -> Markup:
    """An annex as ``<section class="anexo" id="anx1">`` with its heading, passages and tables;
    a revoked annex says so; in the compiled view a replaced passage is struck and followed by
    its note, as a removed row."""
    revoked = annex.situacao is not Situacao.VIGENTE
    out = [f'<section class="anexo{" anexo-revogado" if revoked else ""}" id="{_esc(annex.id)}">']
    state = '<span class="situacao"> (Revogado)</span>' if revoked and view != "compilado" else ""
    if annex.rotulo_printed or annex.rotulo:
        out.append(f'<h3><a class="rotulo" href="#{_esc(annex.id)}">{_esc(annex.rotulo_printed or annex.rotulo)}</a>'
                   + (f'<span class="sep-anexo"> – </span><span class="nome">{_esc(annex.titulo)}</span>'
                      if annex.titulo else "") + state + "</h3>")
    elif annex.titulo:
        out.append(f"<h3>{_esc(annex.titulo)}{state}</h3>")
    note = block_note(annex) if view == "compilado" else None
    if note:
        out.append(f'<p class="nota-anexo"><span class="nota">({_esc(note)})</span></p>')
    for b in shown_blocks(annex, view):
        covered = covered_by_annex(annex, b)
        if isinstance(b, Tabela):
            out.append(table_html(b, view, notes=not covered))
            continue
        classes = ["tabela-incerta"] if b.flag else []
        text = _esc(b.text)
        if b.situacao is not Situacao.VIGENTE:
            classes.append("texto-revogado")
            text = f'<del><span class="sr-only">Texto sem vigor: </span>{text}</del>'
        cls = f' class="{" ".join(classes)}"' if classes else ""
        pnote = block_note(b) if view == "compilado" and not covered else None
        out.append(f"<p{cls}>{text}" + (f' <span class="nota">({_esc(pnote)})</span>' if pnote else "") + "</p>")
    out.append("</section>")
    return Markup("\n".join(out))
