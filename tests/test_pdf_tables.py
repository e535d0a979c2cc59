"""Ruled tables in a PDF's text layer (readers/pdf/tables.py): read from PDFium's path objects
and character positions, spans and the bold heading kept, handed to the text reader as the grid
it reads; what is not a table (a lone framed box) or not read with confidence stays text."""

from __future__ import annotations

from pathlib import Path

from lexconsolida.readers import read_file
from lexconsolida.readers.pdf.document import Char, PageText
from lexconsolida.readers.pdf.tables import ruled_tables
from tests.pdf_support import _register_fonts, needs_pdftoppm, needs_tesseract, scan


def _law_pdf(out: Path, grid: bool = True) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    _register_fonts()
    st = ParagraphStyle("n", fontName="Serif", fontSize=10, leading=13)
    data = [["CARGO", "ADMINISTRAÇÃO", "", "TOTAL"], ["", "DIRETA", "INDIRETA", ""], ["Advogado", "28", "2", "30"],
            ["Guarda Municipal", "150", "0", "150"]]
    t = Table(data)
    style = [("SPAN", (1, 0), (2, 0)), ("SPAN", (0, 0), (0, 1)), ("SPAN", (3, 0), (3, 1)),
             ("FONTNAME", (0, 0), (-1, 1), "Serif-Bold"), ("FONTNAME", (0, 2), (-1, -1), "Serif")]
    if grid:
        style.append(("GRID", (0, 0), (-1, -1), 0.5, "black"))
    t.setStyle(TableStyle(style))
    SimpleDocTemplate(str(out), pagesize=A4, invariant=1).build([
        Paragraph("LEI Nº 100, DE 10 DE MARÇO DE 2020.", st), Paragraph("Art. 1º Os cargos são os da tabela:", st), t,
        Paragraph("Art. 2º Esta Lei entra em vigor na data de sua publicação.", st),
        Paragraph("Vila Exemplo, 10 de março de 2020.", st)])
    return out


def test_a_ruled_table_is_read_with_its_spans_and_its_bold_heading(tmp_path):
    n = read_file(_law_pdf(tmp_path / "lei.pdf")).norma
    (table,) = n.find("art1_cpt").tabelas
    assert [[(c.text, c.colspan, c.rowspan) for c in r.cells] for r in table.rows] == [
        [("CARGO", 1, 2), ("ADMINISTRAÇÃO", 2, 1), ("TOTAL", 1, 2)], [("DIRETA", 1, 1), ("INDIRETA", 1, 1)],
        [("Advogado", 1, 1), ("28", 1, 1), ("2", 1, 1), ("30", 1, 1)],
        [("Guarda Municipal", 1, 1), ("150", 1, 1), ("0", 1, 1), ("150", 1, 1)]]
    assert [r.header for r in table.rows] == [True, True, False, False]
    assert n.find("art2_cpt").text == "Esta Lei entra em vigor na data de sua publicação."


def test_a_table_without_borders_stays_text(tmp_path):
    n = read_file(_law_pdf(tmp_path / "lei.pdf", grid=False)).norma
    assert not any(d.tabelas for d in n.dispositivos())
    assert "Guarda Municipal" in n.find("art1_cpt").text or any(
        "Guarda Municipal" in (d.text or "") for d in n.dispositivos())


def _chars(text: str, x: float, baseline: float) -> list[Char]:
    return [Char(ch, x + 5 * k, x + 5 * k + 4, baseline, 10.0, False) for k, ch in enumerate(text)]


def test_a_framed_box_is_no_table_and_a_cell_that_is_not_a_rectangle_is_not_read():
    box = [(10, 10, 200, 11), (10, 50, 200, 51), (10, 10, 11, 51), (199, 10, 200, 51)]
    page = PageText(1, 300, 300, _chars("Aviso", 20, 30), False, box)
    assert ruled_tables(page) == []
    # an L-shaped cell: three squares of a 2 × 2 grid with no rule between them, the fourth ruled off
    rules = [(10, 10, 210, 11), (10, 110, 210, 111), (10, 10, 11, 111), (209, 10, 210, 111),
             (110, 60, 111, 111), (110, 60, 210, 61)]
    page = PageText(1, 300, 300, _chars("a", 20, 30) + _chars("b", 120, 90), False, rules)
    (t,) = ruled_tables(page)
    assert t.lines is None and t.why == "célula que não é retangular"


@needs_pdftoppm
@needs_tesseract
def test_a_table_on_a_scanned_page_stays_text_and_is_reported(tmp_path):
    from lexconsolida.readers import get_reader

    scanned = scan(_law_pdf(tmp_path / "lei.pdf"), tmp_path / "scan.pdf", noise=False)
    result = get_reader("pdf")(scanned.read_bytes(), path=str(scanned))
    assert not any(d.tabelas for d in result.norma.dispositivos())
    assert any(d.code == "tabela-incerta" for d in result.diagnostics)
    assert "Guarda" in " ".join(d.text or "" for d in result.norma.dispositivos())
