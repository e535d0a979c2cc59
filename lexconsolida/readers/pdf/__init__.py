"""PDF reader: a digital or scanned PDF → the text reader, with page and line in every message.

1. :mod:`.document` opens the PDF with pypdfium2 (PDFium) and refuses, in Portuguese, what
   cannot be read (not a PDF, damaged, password-protected, no pages);
2. :mod:`.layout` turns each page's text layer into lines in reading order (two columns
   resolved), with indentation, bold, centring; :mod:`.ocr` reads pages with no text layer with
   Tesseract ('por');
3. :mod:`.furniture` removes headers, footers and page numbers found by position and repetition
   across pages, into the furniture log;
4. :mod:`.paragraphs` joins a text layer's wrapped lines into paragraphs (end-of-line hyphenation
   undone); OCR lines go one by one;
5. :mod:`.edition` splits a gazette edition into its acts;
6. each act is read by the text reader (:mod:`lexconsolida.readers.text`), and every diagnostic's
   line is mapped back to its page and line of the PDF.

:func:`read` returns one act (``ato=N`` picks one act of an edition); :func:`read_edition`
returns every act. The reading report has a ``leitura-pagina`` entry per page (text layer or
OCR, with its confidence) and ``ocr-baixa-confianca`` warnings.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace

from lexconsolida.errors import InputError
from lexconsolida.model import Diagnostic, Provenance, Severity
from lexconsolida.model.gaps import END_OF_SOURCE
from lexconsolida.readers import ReadResult
from lexconsolida.readers.pdf.edition import ActSpan, edition_of, outside, split
from lexconsolida.readers.pdf.extract import Extraction, PageReport, extract
from lexconsolida.readers.pdf.paragraphs import TextLine, text_lines
from lexconsolida.readers.text import read as read_text
from lexconsolida.readers.text.parts import EPIGRAFE
from lexconsolida.readers.text.truncation import ACCEPT_OPTION

PDF_OPTIONS = frozenset({"ato", "dpi"})


@dataclass(slots=True)
class Edition:
    """Every act of a PDF (one, for a PDF holding a single act)."""

    acts: list[ReadResult]
    pages: list[PageReport]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """What belongs to no act: the pages' report, furniture, text before the first act."""


def read_edition(data: bytes, /, *, path: str | None = None, **options) -> Edition:
    """Read every act of a PDF (a gazette edition, or a PDF of one act)."""
    extraction, lines = _lines(data, path, options)
    head, spans = split(lines)
    sha = hashlib.sha256(data).hexdigest()
    text_options = {k: v for k, v in options.items() if k not in PDF_OPTIONS}
    # PDFium read every page, so the file is whole: an act whose last sentence does not end is an
    # OCR misreading of its final period or a page missing from the scan, a warning, not a refusal
    text_options.setdefault(ACCEPT_OPTION, True)
    many = len(spans) > 1
    acts = []
    for n, span in enumerate(spans, start=1):
        result = _read_act(span, path, text_options, label=f"ato {n} ({span.epigrafe})" if many else None)
        prov = Provenance(path=path, sha256=sha, reader="pdf")
        if many:
            prov.pages = span.pages
            prov.edition, date = edition_of(extraction.pages[span.lines[0].page - 1])
            if date and not result.norma.publicacao:
                result.norma.publicacao = date
        result.norma.provenance = prov
        result.diagnostics.extend(epigrafe_doubts(span.lines))
        acts.append(result)
        _locate(extraction.diagnostics, span, result)
    shared = extraction.diagnostics + outside(head)
    return Edition(acts, extraction.pages, shared)


def read(data: bytes, /, *, path: str | None = None, **options) -> ReadResult:
    """Read the act in a PDF; of an edition with several acts, the one ``ato=N`` (1-based) names."""
    edition = read_edition(data, path=path, **options)
    chosen = options.get("ato")
    if chosen is None:
        if len(edition.acts) > 1:
            listed = "; ".join(f"{n}: {r.norma.epigrafe or r.norma.titulo} (p. {r.norma.provenance.pages})"
                               for n, r in enumerate(edition.acts, start=1))
            raise InputError(f"o PDF é uma edição com {len(edition.acts)} atos ({listed}): escolha um com "
                             "--ato N, ou grave todos com 'lexconsolida separar'", path=path)
        chosen = 1
    if not 1 <= int(chosen) <= len(edition.acts):
        raise InputError(f"--ato {chosen}: o PDF tem {len(edition.acts)} ato(s)", path=path)
    result = edition.acts[int(chosen) - 1]
    pages = _pages_of(result) if len(edition.acts) > 1 else None
    shared = [d for d in edition.diagnostics if pages is None or d.page is None or d.page in pages]
    result.diagnostics = shared + result.diagnostics
    return result


EPIGRAFE_DIGIT_CONFIDENCE = 90.0
"""Confidence (0-100) under which an OCR'd word with digits in the epígrafe is flagged: the
act's number and date are what every citation of it uses, and Tesseract reads a faint '0' as
'6' or '8' with a confidence in the 60s–80s where clean digits read above 90."""
_DIGITS = re.compile(r"\d")


def epigrafe_doubts(lines: list[TextLine], *, limit: float = EPIGRAFE_DIGIT_CONFIDENCE) -> list[Diagnostic]:
    """Warnings for the digits of the act's epígrafe (number, date) that OCR read with low
    confidence: 'LEI Nº 160, DE 16 DE MARÇO' may be 'LEI Nº 100, DE 10 DE MARÇO'. Only OCR'd
    lines (a text layer has no doubt); the epígrafe is the first line of the act that reads as
    one (``EPIGRAFE``), with the printed lines it spans."""
    for tl in lines[:6]:
        if not EPIGRAFE.match(tl.text):
            continue
        doubtful = [(w, c) for ln in tl.lines for w, c in ln.tokens if _DIGITS.search(w) and 0 <= c < limit]
        if not doubtful:
            return []
        words = ", ".join(f"'{w}' ({c:.0f}%)" for w, c in doubtful)
        return [Diagnostic(
            "ocr-epigrafe-incerta", f"número ou data da epígrafe lidos pelo OCR com baixa confiança: {words}; "
            "confira com o original (o número e a data identificam o ato em toda citação)",
            Severity.WARNING, line=tl.line, page=tl.page, text=tl.text)]
    return []


def _pages_of(result: ReadResult) -> set[int]:
    first, _, last = (result.norma.provenance.pages or "").partition("-")
    return set(range(int(first), int(last or first) + 1)) if first else set()


def _lines(data: bytes, path: str | None, options: dict) -> tuple[Extraction, list[TextLine]]:
    dpi = options.get("dpi")
    extraction = extract(data, path, dpi=int(dpi) if dpi else None)
    lines = [_without_mark(tl, extraction.diagnostics) for tl in text_lines(extraction.lines, extraction.diagnostics)
             if not _our_notice(tl, extraction.diagnostics)]
    if not any(tl.text.strip() for tl in lines):
        raise InputError("o PDF não tem texto legível (nem camada de texto nem texto reconhecível por OCR)",
                         path=path)
    return extraction, lines


_NOTICE = re.compile(r"^\[[^\[\]]{1,60} não consta(?:m)? do texto-fonte\]$")
_MARK_NOTE = re.compile(r"^\[\[\?\] .{1,400}\]$", re.S)
"""What our writers print after a unit to check against its source ('[[?] “GO” no fim do
texto: provável resíduo de OCR; confira o texto-fonte]', :mod:`lexconsolida.model.marks`)."""
_MARK = " [?]"


def _our_notice(tl: TextLine, diagnostics: list[Diagnostic]) -> bool:
    """Is the line a notice our writers print where the source lacks something ('[Art. 18 não
    consta do texto-fonte]', the end-of-source note)? Then it is the publisher's, not the act's:
    it goes to the furniture log, so a PDF of our own DOCX reads back to the act it came from."""
    text = tl.text.strip()
    if text != END_OF_SOURCE and not _NOTICE.match(text) and not _MARK_NOTE.match(text):
        return False
    diagnostics.append(Diagnostic("linha-removida", "linha removida (aviso de lacuna impresso na publicação, não "
                                  "é texto do ato)", Severity.INFO, line=tl.line, page=tl.page, text=text))
    return True


def _without_mark(tl: TextLine, diagnostics: list[Diagnostic]) -> TextLine:
    """The line without the '[?]' our writers print after a doubtful text (the publisher's
    mark, not the act's), the removal logged."""
    stripped = tl.text.rstrip()
    if not stripped.endswith(_MARK):
        return tl
    diagnostics.append(Diagnostic("reparo", "marca “[?]” da publicação removida (não é texto do ato)",
                                  Severity.INFO, line=tl.line, page=tl.page, before=_MARK.strip(), after=""))
    return replace(tl, text=stripped[: -len(_MARK)])


def _read_act(span: ActSpan, path: str | None, options: dict, label: str | None) -> ReadResult:
    lines = span.lines
    text = "\n".join(tl.text for tl in lines) + "\n"
    try:
        result = read_text(text.encode("utf-8"), path=path, **options)
    except InputError as err:
        where = _origin(err.line, lines)
        page, line = where if where else (None, None)
        prefix = f"{label}: " if label else ""
        raise InputError(prefix + err.message, path=f"{path}, página {page}" if page else path,
                         line=line, where=err.where) from None
    result.diagnostics = [_remap(d, lines) for d in result.diagnostics]
    return result


LOCATED = frozenset({"ocr-baixa-confianca", "ocr-rotulo-perdido"})
"""Page warnings that also name the dispositivo their line ended in."""


def _locate(diagnostics: list[Diagnostic], span: ActSpan, result: ReadResult) -> None:
    """Give the OCR warnings on this act's pages the id of the dispositivo holding their line."""
    index: dict[tuple[int | None, int | None], int] = {
        (ln.page, ln.number): n for n, tl in enumerate(span.lines, start=1) for ln in tl.lines}
    nodes = [(node.lines, node.id) for node in result.norma.walk() if node.lines and node.id]
    for i, d in enumerate(diagnostics):
        n = index.get((d.page, d.line)) if d.code in LOCATED and d.where is None else None
        if n is None:
            continue
        holder = None
        for (first, last), node_id in nodes:
            if first <= n:
                holder = node_id  # the last unit starting at or before the line: the deepest
            if first > n:
                break
        if holder is not None:
            diagnostics[i] = replace(d, where=holder)


def _origin(n: int | None, lines: list[TextLine]) -> tuple[int, int] | None:
    if n is None or not 1 <= n <= len(lines):
        return None
    tl = lines[n - 1]
    return tl.page, tl.line


def _remap(d: Diagnostic, lines: list[TextLine]) -> Diagnostic:
    where = _origin(d.line, lines)
    if where is None:
        return d
    return replace(d, page=where[0], line=where[1])
