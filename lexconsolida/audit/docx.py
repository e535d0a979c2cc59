"""The audit report as DOCX for the procuradoria: the body's letterhead and page numbers (the
project's reference template and letterhead helpers), landscape A4 for the wide table, changed
words struck (deleted) and underlined (inserted). Same bytes every run."""

from __future__ import annotations

import io
from datetime import datetime, timezone

import docx
from docx.enum.section import WD_ORIENT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor

from lexconsolida.audit.model import INCISOS, Audit, Row
from lexconsolida.audit.report import findings_text, summary
from lexconsolida.diff.tokens import DELETE, INSERT
from lexconsolida.model import Norma
from lexconsolida.docx.letterhead import letterhead
from lexconsolida.docx.save import deterministic_zip
from lexconsolida.lexml.xml_safe import xml_text as xml_safe
from lexconsolida.writers.docx import default_template

TITLE_STYLE = "Documento Título"
TEXT_STYLE = "Documento"
WIDTHS = (Cm(3.2), Cm(4.0), Cm(10.5), Cm(5.5), Cm(3.5))
HEADERS = ("Dispositivo consolidado", "Origem", "Texto (alterações destacadas)", "Categoria", "Veredito")
RED = RGBColor(0x8A, 0x10, 0x10)
GREEN = RGBColor(0x0D, 0x5A, 0x0D)


def _landscape(section) -> None:
    section.orientation = WD_ORIENT.LANDSCAPE
    w, h = section.page_width, section.page_height
    if w < h:
        section.page_width, section.page_height = h, w
    for side in ("left_margin", "right_margin"):
        setattr(section, side, Cm(1.5))


def _borders(table) -> None:
    tbl_pr = table._tbl.tblPr
    borders = OxmlElement("w:tblBorders")
    for edge in ("top", "left", "bottom", "right", "insideH", "insideV"):
        el = OxmlElement(f"w:{edge}")
        el.set(qn("w:val"), "single")
        el.set(qn("w:sz"), "4")
        el.set(qn("w:color"), "888888")
        borders.append(el)
    tbl_pr.append(borders)


def _repeat_header(row) -> None:
    tr_pr = row._tr.get_or_add_trPr()
    el = OxmlElement("w:tblHeader")
    el.set(qn("w:val"), "true")
    tr_pr.append(el)


def _cell_text(cell, text: str, bold: bool = False) -> None:
    run = cell.paragraphs[0].add_run(xml_safe(text))
    run.bold = bold
    run.font.size = Pt(9)


def _highlight(cell, r: Row) -> None:
    p = cell.paragraphs[0]
    if not r.ops:
        _cell_text(cell, r.texto)
        return
    for op in r.ops:
        run = p.add_run(xml_safe(op.text))
        run.font.size = Pt(9)
        if op.kind == DELETE:
            run.font.strike = True
            run.font.color.rgb = RED
        elif op.kind == INSERT:
            run.font.underline = True
            run.font.color.rgb = GREEN


def to_docx(a: Audit, *, municipio: dict | None = None, municipio_dir=None, orgao: str | None = None,
            **_options) -> bytes:
    document = docx.Document(io.BytesIO(default_template()))
    body = document.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    _landscape(document.sections[0])
    letterhead(document, Norma(tipo="Parecer"), municipio, orgao, municipio_dir)
    r = summary(a)
    document.add_paragraph("Auditoria da consolidação (LC 95/1998, art. 13)", style=TITLE_STYLE)
    document.add_paragraph(f"Consolidação: {a.consolidacao}. Normas de origem, vigentes em {a.data}: "
                           + "; ".join(label for _, label, _ in a.fontes) + ".", style=TEXT_STYLE)
    document.add_paragraph("Documento de trabalho gerado automaticamente para exame da Procuradoria; não "
                           "substitui o parecer jurídico. Órgãos (IV), terminologia (VIII) e índice (VI) "
                           "aceitos são os da tabela declarada.", style=TEXT_STYLE)
    verdict = ("Nenhuma alteração de mérito, perda ou matéria nova encontrada." if r["somente_alteracoes_permitidas"]
               else f"Atenção: {r['merito']} alteração(ões) de mérito, {r['perda']} perda(s), "
                    f"{r['materia_nova']} dispositivo(s) de matéria nova, {r['sem_justificativa']} "
                    "supressão(ões) sem a justificativa do § 3º.")
    document.add_paragraph(f"Resumo: {r['dispositivos_consolidados']} dispositivos consolidados — "
                           f"{r['sem_alteracao']} sem alteração, {r['permitido']} permitidos pelo § 2º ou "
                           f"cláusulas finais. {verdict}", style=TEXT_STYLE)
    if a.not_revoked:
        document.add_paragraph("Revogação formal incompleta (§ 1º): a consolidação não revoga "
                               + "; ".join(a.not_revoked) + ".", style=TEXT_STYLE)
    if r["por_inciso"]:
        document.add_paragraph("Por inciso do § 2º: " + "; ".join(
            f"{inc} ({INCISOS[inc]}): {n}" for inc, n in r["por_inciso"].items()) + ".", style=TEXT_STYLE)
    unjustified = a.unjustified()
    document.add_paragraph("Incisos IX a XI sem a justificativa do § 3º: " + (
        "; ".join(f"{row.dispositivo if row.id else ', '.join(s.norma + ', ' + s.dispositivo for s in row.fontes)}"
                  f" (inciso {f.inciso})" for row, f in unjustified) if unjustified else "nenhum") + ".",
        style=TEXT_STYLE)
    table = document.add_table(rows=len(a.rows) + 1, cols=len(HEADERS))
    table.autofit = False
    _borders(table)
    rows = table.rows
    _repeat_header(rows[0])
    for column, w in zip(table.columns, WIDTHS):
        column.width = w  # the grid LibreOffice lays out by
    for cell, h, w in zip(rows[0].cells, HEADERS, WIDTHS):
        cell.width = w
        _cell_text(cell, h, bold=True)
    for tr, row in zip(rows[1:], a.rows):
        cells = tr.cells
        for cell, w in zip(cells, WIDTHS):
            cell.width = w
        _cell_text(cells[0], row.dispositivo)
        _cell_text(cells[1], "; ".join(f"{s.dispositivo} ({s.norma})" for s in row.fontes) or "sem origem")
        _highlight(cells[2], row)
        _cell_text(cells[3], findings_text(row))
        _cell_text(cells[4], row.verdict_text(), bold=row.verdict in ("merito", "perda", "materia-nova"))
    props = document.core_properties
    props.author = props.last_modified_by = "lexconsolida"
    props.title = f"Auditoria da consolidação – {a.consolidacao}"[:255]
    props.revision = 1
    when = datetime(2000, 1, 1, tzinfo=timezone.utc)
    props.created = props.modified = props.last_printed = when
    buf = io.BytesIO()
    document.save(buf)
    return deterministic_zip(buf.getvalue())
