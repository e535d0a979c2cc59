"""A PDF → its printed lines in reading order, furniture removed, with the per-page reading report.

Each page is read from its text layer when it has one (:mod:`.layout`), else rendered and OCR'd
(:mod:`.ocr`; refused with what to install when Tesseract is missing). Headers, footers and page
numbers found across pages (:mod:`.furniture`) go to the furniture log. The report has one
``leitura-pagina`` entry per page (method, OCR confidence) and an ``ocr-baixa-confianca`` warning
for each page or line OCR'd with low confidence, and an ``ocr-rotulo-perdido`` warning where a
line opens with a label's dash but no label.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from lexconsolida.model import Diagnostic, Severity
from lexconsolida.readers.pdf import furniture, ocr
from lexconsolida.readers.pdf.document import MIN_TEXT_CHARS, PdfFile
from lexconsolida.readers.pdf.layout import Line, number_lines, page_lines
from lexconsolida.readers.pdf.tables import ruled_tables, words

LOW_PAGE_CONFIDENCE = 75.0
"""Mean word confidence (0-100) under which an OCR'd page is a warning."""
LOW_LINE_CONFIDENCE = 45.0
"""Mean word confidence under which an OCR'd line is a warning."""
OCR_WORKERS = 2


@dataclass(slots=True)
class PageReport:
    number: int
    method: str
    """'texto' (text layer), 'ocr' or 'vazia'."""
    confidence: float | None = None
    header: list[str] = field(default_factory=list)
    """Furniture lines at the top of the page (an edition's masthead)."""


@dataclass(slots=True)
class Extraction:
    lines: list[Line]
    """Content lines of every page, in reading order."""
    pages: list[PageReport]
    diagnostics: list[Diagnostic]


def extract(data: bytes, path: str | None = None, *, dpi: int | None = None) -> Extraction:
    with PdfFile(data, path) as pdf:
        texts = [pdf.page_text(i) for i in range(pdf.pages)]
        vocabulary = words(texts)
        ruled = [ruled_tables(t, vocabulary) if t.printable >= MIN_TEXT_CHARS else [] for t in texts]
        per_page: list[list[Line]] = [page_lines(t, r) if t.printable >= MIN_TEXT_CHARS else []
                                      for t, r in zip(texts, ruled)]
        scanned = [t.number for t, lines in zip(texts, per_page) if not lines and (t.has_images or t.printable)]
        if scanned:
            ocr.require_tesseract(path, scanned)
            resolution = dpi or ocr.DPI

            def read_page(n: int) -> list[Line]:  # rendered one at a time: a page at 300 dpi is ~9 MB
                return ocr.ocr_page(pdf.render(n - 1, resolution), n, resolution)

            with ocr.one_thread_each(), ThreadPoolExecutor(max_workers=OCR_WORKERS) as pool:
                for n, lines in zip(scanned, pool.map(read_page, scanned)):
                    per_page[n - 1] = lines
    for lines in per_page:
        number_lines(lines)
        for ln in lines:
            if ln.confidence is not None:
                ln.original = ln.original or ln.text
    found = furniture.find([(lines, t.height) for lines, t in zip(per_page, texts)],
                           fuzzy=bool(scanned))
    diagnostics: list[Diagnostic] = [
        Diagnostic("tabela-incerta", f"a página {t.number} tem uma tabela com bordas que não pôde ser lida com "
                   f"segurança ({table.why}): o seu texto fica como linhas, na ordem da página", Severity.WARNING,
                   page=t.number)
        for t, found in zip(texts, ruled) for table in found if table.lines is None and table.why != "tabela sem texto"]
    for t, lines in zip(texts, per_page):
        boxed = [ln for ln in lines if ln.in_ruled_table]
        if boxed:
            diagnostics.append(Diagnostic(
                "tabela-incerta", f"a página {t.number}, digitalizada, tem uma tabela com bordas: o OCR lê as suas "
                f"palavras, não as células; as linhas {boxed[0].number} a {boxed[-1].number} ficam como texto",
                Severity.WARNING, line=boxed[0].number, page=t.number))
    reports: list[PageReport] = []
    content: list[Line] = []
    for t, lines in zip(texts, per_page):
        report = _report(t.number, lines, set(scanned))
        reports.append(report)
        kept = []
        for ln in lines:
            reason = found.get(id(ln))
            if reason is None:
                kept.append(ln)
                continue
            if ln.top < t.height / 2:
                report.header.append(ln.text)
            diagnostics.append(Diagnostic("linha-removida", f"linha removida ({reason})", Severity.INFO,
                                          line=ln.number, page=ln.page, text=ln.text))
        diagnostics.append(_page_diagnostic(report))
        diagnostics.extend(_low_confidence(report, kept))
        content.extend(kept)
    _stray_quotes(content)
    diagnostics.extend(
        Diagnostic("reparo", "linha do OCR limpa (resíduo de digitalização nas bordas, '§' em negrito mal lido): "
                   f"'{ln.original}' → '{ln.text}'", Severity.INFO, line=ln.number, page=ln.page,
                   before=ln.original, after=ln.text)
        for ln in content if ln.original is not None and ln.original != ln.text)
    return Extraction(content, reports, diagnostics)


_QUOTED_LABEL = re.compile(r"^[“\"'‘«]+\s*(?=Art(?:igo)?\.?\s*\d|§|[IVXLC]+\s*[-–—]|[a-z]\)|CAP[ÍI]TULO|SE[ÇC][ÃA]O|Se[çc][ãa]o)")


CLOSING_WITHIN = 40
"""Lines within which a quoted alteration block must close (with '”' or '"')."""


def _stray_quotes(lines: list[Line]) -> None:
    """Take an OCR'd quote off a label when no quoted alteration block opens there.

    A quoted 'Art. 5º' opens an alteration block only after the instruction that announces it
    ('… passa a vigorar com a seguinte redação:') and the block closes with a quote a few lines
    on; a quote before a label after a line that does not end in ':', or that nothing closes,
    is a speck of the scan read as a quote.
    """
    for i, ln in enumerate(lines):
        if ln.confidence is None or i == 0:
            continue
        m = _QUOTED_LABEL.match(ln.text)
        if not m:
            continue
        announced = lines[i - 1].text.rstrip().endswith(":")
        closed = any(("”" in later.text or later.text.rstrip().endswith('"')) for later in lines[i:i + CLOSING_WITHIN])
        if not (announced and closed):
            ln.text = ln.text[m.end():]


def _report(number: int, lines: list[Line], scanned: set[int]) -> PageReport:
    if not lines:
        return PageReport(number, "vazia")
    if number not in scanned:
        return PageReport(number, "texto")
    words = [c for ln in lines for c in ln.words]
    return PageReport(number, "ocr", sum(words) / len(words) if words else 0.0)


def _page_diagnostic(report: PageReport) -> Diagnostic:
    if report.method == "texto":
        message = f"página {report.number} lida pela camada de texto do PDF"
    elif report.method == "ocr":
        message = (f"página {report.number} lida por OCR (Tesseract, português), "
                   f"confiança média {report.confidence:.0f}%")
    else:
        message = f"página {report.number} sem texto (em branco)"
    return Diagnostic("leitura-pagina", message, Severity.INFO, page=report.number)


def _low_confidence(report: PageReport, kept: list[Line]) -> list[Diagnostic]:
    if report.method != "ocr" or not kept:
        return []
    out = []
    if report.confidence is not None and report.confidence < LOW_PAGE_CONFIDENCE:
        out.append(Diagnostic(
            "ocr-baixa-confianca", f"OCR de baixa confiança nesta página ({report.confidence:.0f}%): "
            "confira o texto com o original", Severity.WARNING, line=kept[0].number, page=report.number))
    for ln in kept:
        if ln.lost_label:
            out.append(Diagnostic(
                "ocr-rotulo-perdido", "a linha começa com o travessão que separa rótulo e texto, sem "
                "rótulo antes: o OCR pode ter perdido o rótulo (um inciso?); confira com o original",
                Severity.WARNING, line=ln.number, page=ln.page, text=ln.text))
        if ln.confidence is not None and ln.confidence < LOW_LINE_CONFIDENCE and any(c.isalnum() for c in ln.text):
            out.append(Diagnostic(
                "ocr-baixa-confianca", f"linha lida por OCR com baixa confiança ({ln.confidence:.0f}%): "
                "confira com o original", Severity.WARNING, line=ln.number, page=ln.page, text=ln.text))
    return out
