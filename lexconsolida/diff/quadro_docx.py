"""The quadro comparativo as Brazilian legislative staff expect it: a Word table.

Columns titled by what is compared — "Redação atual | Redação proposta" beside a proposal,
"Texto original | Texto compilado em …" for a compiled text (and "Justificativa", blank to be filled, when asked;
"Alteração" with the amending act's wording when the report has a middle term), one row per
changed dispositivo in reading order with one row of context on each side (every row when
asked), the unchanged rows left out counted in a row of their own, the header row repeated on
every page. In the current wording
what goes is struck through (character style "Supressão"); in the proposed wording what comes
is in bold (character style "Acréscimo"), as câmaras print their quadros. The issuing body's
letterhead and "Página N de M" as in every DOCX of the project; a count of rows by situation
after the table. The redline with tracked changes is the other form (:mod:`lexconsolida.diff.docx`).

Deterministic: no dates anywhere; same report, same bytes.
"""

from __future__ import annotations

import io

import docx
from docx.document import Document as DocxDocument
from docx.enum.section import WD_ORIENT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm

from lexconsolida.diff.report import STATUS_LABELS, DiffReport, Pair
from lexconsolida.diff.tokens import DELETE, INSERT
from lexconsolida.diff.view import blocks
from lexconsolida.model import Norma
from lexconsolida.lexml.xml_safe import xml_text
from lexconsolida.writers.docx import LABEL_STYLE, default_template
from lexconsolida.docx.letterhead import letterhead
from lexconsolida.docx.save import save_deterministic
from lexconsolida.docx.styles import _set_core_properties

TITLE_STYLE = "Documento Título"
TEXT_STYLE = "Documento"
CELL_STYLE = "Quadro Célula"
HEAD_STYLE = "Quadro Cabeçalho"
ADDED_STYLE = "Acréscimo"
REMOVED_STYLE = "Supressão"
NOTE_STYLE = "Nota de alteração"


def _cell_paragraph(cell, first: bool):
    return cell.paragraphs[0] if first else cell.add_paragraph()


def _run(p, text: str, style_id: str | None) -> None:
    run = p.add_run(xml_text(text))
    if style_id:
        run._r.style = style_id


def _side(cell, pair: Pair, side: str, ids: dict[str, str], empty: str) -> None:
    units = blocks(pair, side)
    if not units:
        p = cell.paragraphs[0]
        p._p.style = ids[CELL_STYLE]
        _run(p, empty, None)
        return
    marked = pair.status != "unchanged"
    first = True
    for b in units:
        p = _cell_paragraph(cell, first)
        first = False
        p._p.style = ids[CELL_STYLE]
        if b.label:
            label_style = ids[LABEL_STYLE]
            if marked and b.label_kind == DELETE:
                label_style = ids[REMOVED_STYLE]
            elif marked and b.label_kind == INSERT:
                label_style = ids[ADDED_STYLE]
            _run(p, b.label_text, label_style)
            _run(p, b.label[len(b.label_text):] or " ", None)
        for r in b.runs:
            style: str | None = None
            if marked and r.kind == DELETE:
                style = ids[REMOVED_STYLE]
            elif marked and r.kind == INSERT:
                style = ids[ADDED_STYLE]
            _run(p, r.text, style)
        for note in b.notes:
            n = cell.add_paragraph()
            n._p.style = ids[NOTE_STYLE]
            _run(n, note.strip(), None)


def _repeat_header(row) -> None:
    trpr = row._tr.get_or_add_trPr()
    el = OxmlElement("w:tblHeader")
    el.set(qn("w:val"), "true")
    trpr.append(el)


def _cant_split(row) -> None:
    trpr = row._tr.get_or_add_trPr()
    trpr.append(OxmlElement("w:cantSplit"))


def _omitted(row, count: int, ids: dict[str, str]) -> None:
    """A row standing for ``count`` unchanged rows left out: one cell across the table."""
    cell = row.cells[0].merge(row.cells[-1])
    p = cell.paragraphs[0]
    p._p.style = ids[NOTE_STYLE]
    what = "1 dispositivo sem alteração" if count == 1 else f"{count} dispositivos sem alteração"
    _run(p, f"[… {what} …]", None)


def build(report: DiffReport, *, justificativa: bool = False, municipio: dict | None = None,
          orgao: str | None = None, municipio_dir=None, all_rows: bool = False) -> DocxDocument:
    document = docx.Document(io.BytesIO(default_template()))
    body = document.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    middle = bool(report.middle_title)
    columns = [report.old_column, *(["Alteração"] if middle else []), report.new_column,
               *(["Justificativa"] if justificativa else [])]
    if len(columns) > 2:
        _landscape(document)
    letterhead(document, Norma(tipo="Indicação"), municipio, orgao, municipio_dir)
    document.add_paragraph("Quadro comparativo", style=TITLE_STYLE)
    document.add_paragraph(f"{report.old_column}: {report.old_title}", style=TEXT_STYLE)
    if middle:
        document.add_paragraph(f"Alteração: {report.middle_title}", style=TEXT_STYLE)
    document.add_paragraph(f"{report.new_column}: {report.new_title}", style=TEXT_STYLE)
    if not all_rows and any(not p.is_change for p in report.pairs):
        document.add_paragraph("Só os dispositivos alterados, cada um com o dispositivo vizinho "
                               "de cada lado; os demais, sem alteração, estão indicados entre "
                               "colchetes.", style=TEXT_STYLE)
    add_table(document, report, justificativa=justificativa, all_rows=all_rows)
    _properties(document, report)
    return document


def add_table(document: DocxDocument, report: DiffReport, *, justificativa: bool = False,
              all_rows: bool = False) -> None:
    """The quadro's table and its count of rows by situation, added at the end of
    ``document`` (made from the project's reference.docx): one quadro per report, as many as
    a document needs (the audit of a SAPL's compilations has one per act)."""
    ids = {s.name: s.style_id for s in document.styles}
    middle = bool(report.middle_title)
    columns = [report.old_column, *(["Alteração"] if middle else []), report.new_column,
               *(["Justificativa"] if justificativa else [])]
    table = document.add_table(rows=1, cols=len(columns))
    table.style = document.styles["Quadro"]
    head = table.rows[0]
    _repeat_header(head)
    for cell, name in zip(head.cells, columns):
        cell.paragraphs[0]._p.style = ids[HEAD_STYLE]
        _run(cell.paragraphs[0], name, None)
    for pair in report.shown(all_rows):
        row = table.add_row()
        _cant_split(row)
        if isinstance(pair, int):
            _omitted(row, pair, ids)
            continue
        cells = iter(row.cells)
        _side(next(cells), pair, "old", ids, "(sem correspondente)")
        if middle:
            cell = next(cells)
            cell.paragraphs[0]._p.style = ids[CELL_STYLE]
            for i, m in enumerate(pair.middle):
                p = _cell_paragraph(cell, i == 0)
                p._p.style = ids[CELL_STYLE]
                _run(p, f"{m.text} ({m.source})", None)
        _side(next(cells), pair, "new", ids, "(suprimido)")
        if justificativa:
            next(cells).paragraphs[0]._p.style = ids[CELL_STYLE]
    counts = "; ".join(f"{STATUS_LABELS[s]}: {n}" for s, n in report.counts().items() if n)
    document.add_paragraph(f"Linhas por situação – {counts or 'nenhuma'}.", style=TEXT_STYLE)


def _landscape(document) -> None:
    sec = document.sections[0]
    sec.orientation = WD_ORIENT.LANDSCAPE
    sec.page_width, sec.page_height = Cm(29.7), Cm(21.0)
    sec.left_margin, sec.right_margin = Cm(2.0), Cm(2.0)


def _properties(document, report: DiffReport) -> None:
    _set_core_properties(document, title=f"Quadro comparativo – {report.new_title}"[:255],
                         subject=report.old_title[:255])


def write(report: DiffReport, *, justificativa: bool = False, municipio: dict | None = None,
          orgao: str | None = None, municipio_dir=None, all_rows: bool = False, **_options) -> bytes:
    """The quadro as DOCX: the changed rows with one row of context on each side (every row
    with ``all_rows``)."""
    document = build(report, justificativa=justificativa, municipio=municipio, orgao=orgao,
                     municipio_dir=municipio_dir, all_rows=all_rows)
    return save_deterministic(document)
