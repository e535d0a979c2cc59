"""Opening a PDF and reading its pages' characters (pypdfium2, the PDFium bindings).

Only this module talks to PDFium. It refuses, with a Portuguese :class:`InputError`, what is not
a readable PDF: not a PDF at all, damaged, password-protected, with no pages. A page's
characters come out with their position, size and weight; what a page is (text layer or an
image to OCR) is decided here from how many characters it has.
"""

from __future__ import annotations

import ctypes
import re
import threading
from dataclasses import dataclass, field

from lexconsolida.errors import InputError

RULE_WIDTH = 2.5
"""Thickest path, in points, read as a ruling line (a table border), not a filled box."""
MIN_TEXT_CHARS = 20
"""Fewest printable characters a page's text layer needs to be read as text (else: OCR)."""

_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demibold|extrabold|negrito", re.IGNORECASE)
_FORCE_BOLD = 1 << 18
_LOCK = threading.Lock()
"""PDFium is not thread-safe: one document call at a time."""


@dataclass(slots=True)
class Char:
    """One character of a page's text layer, in PDF points with the origin at the top left."""

    ch: str
    x0: float
    x1: float
    baseline: float
    """Distance of the character's baseline from the top of the page."""
    size: float
    bold: bool


@dataclass(slots=True)
class PageText:
    """What the text layer of one page holds."""

    number: int
    """1-based page number."""
    width: float
    height: float
    chars: list[Char]
    has_images: bool
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)
    """Thin drawn lines (path objects at most :data:`RULE_WIDTH` thick): (x0, top, x1, bottom),
    top-left origin — the borders of ruled tables (``readers/pdf/tables.py``)."""

    @property
    def printable(self) -> int:
        return sum(1 for c in self.chars if not c.ch.isspace())


def _pdfium():
    # heavy (the PDFium library): loaded only when a PDF is read, not by every command's start
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw  # the same library's C functions (characters, fonts, objects)

    return pdfium, raw


class PdfFile:
    """An open PDF document; use as a context manager."""

    def __init__(self, data: bytes, path: str | None = None) -> None:
        self.path = path
        if not data.lstrip()[:1024].startswith(b"%PDF") and b"%PDF-" not in data[:1024]:
            raise InputError("o arquivo não é um PDF (não começa por %PDF)", path=path)
        pdfium, _ = _pdfium()
        self._data = data
        with _LOCK:
            try:
                self.doc = pdfium.PdfDocument(data)
            except pdfium.PdfiumError as err:
                raise InputError(_open_error(getattr(err, "err_code", None)), path=path) from None
            count = len(self.doc)
        if count == 0:
            self.close()
            raise InputError("o PDF não tem nenhuma página", path=path)
        self.pages = count

    def __enter__(self) -> PdfFile:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        doc = getattr(self, "doc", None)
        if doc is not None:
            with _LOCK:
                doc.close()
            self.doc = None

    def page_text(self, index: int) -> PageText:
        """The characters of page ``index`` (0-based), generated line breaks left out."""
        _, raw = _pdfium()
        with _LOCK:
            page = self.doc[index]
            try:
                width, height = page.get_size()
                textpage = page.get_textpage()
                try:
                    chars = _chars(raw, textpage.raw, height)
                finally:
                    textpage.close()
                has_images = _has_images(raw, page)
                rules = _rules(raw, page, height)
            finally:
                page.close()
        return PageText(index + 1, width, height, chars, has_images, rules)

    def render(self, index: int, dpi: int):
        """Page ``index`` as a grayscale PIL image at ``dpi``."""
        with _LOCK:
            page = self.doc[index]
            try:
                bitmap = page.render(scale=dpi / 72, grayscale=True)
                image = bitmap.to_pil()
            finally:
                page.close()
        return image.convert("L")


_OPEN_ERRORS = {
    1: "o PDF não pôde ser aberto (erro desconhecido do PDFium)",
    2: "o PDF não pôde ser lido (arquivo inacessível ou incompleto)",
    3: "o PDF está corrompido ou incompleto (estrutura inválida) e não pôde ser aberto",
    4: "o PDF é protegido por senha (criptografado): abra-o com a senha e salve uma cópia sem proteção",
    5: "o PDF usa um esquema de proteção (segurança) que não é suportado: salve uma cópia sem proteção",
    6: "o PDF tem uma página inválida e não pôde ser aberto",
}


def _open_error(code: int | None) -> str:
    if code in _OPEN_ERRORS:
        return _OPEN_ERRORS[code]
    # PDFium opened nothing yet reported no error: a PDF whose page tree is empty or broken
    return "o PDF não tem nenhuma página legível (árvore de páginas vazia ou danificada)"


def _chars(raw, textpage, height: float) -> list[Char]:
    count = raw.FPDFText_CountChars(textpage)
    out: list[Char] = []
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    ox, oy = ctypes.c_double(), ctypes.c_double()
    name = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    fonts: dict[int, bool] = {}
    for i in range(count):
        code = raw.FPDFText_GetUnicode(textpage, i)
        if code in (0x0D, 0x0A, 0xFFFE, 0xFFFF) or code == 0:
            continue
        ch = "-" if code == 0x02 else chr(code)  # PDFium reports a hyphen ending a line as 0x02
        if not raw.FPDFText_GetCharBox(textpage, i, left, right, bottom, top):
            continue
        raw.FPDFText_GetCharOrigin(textpage, i, ox, oy)
        size = raw.FPDFText_GetFontSize(textpage, i)
        obj = raw.FPDFText_GetTextObject(textpage, i)
        key = ctypes.cast(obj, ctypes.c_void_p).value or 0
        bold = fonts.get(key)
        if bold is None:
            n = raw.FPDFText_GetFontInfo(textpage, i, name, len(name), flags)
            font = name.raw[: max(0, n - 1)].decode("latin-1", "replace") if n else ""
            weight = raw.FPDFText_GetFontWeight(textpage, i)
            bold = bool(_BOLD_NAME.search(font)) or weight >= 600 or bool(flags.value & _FORCE_BOLD)
            fonts[key] = bold
        x0, x1 = left.value, right.value
        if ch.isspace():
            x1 = max(x0, x1)
        out.append(Char(ch, x0, x1, height - oy.value, float(size or 0.0), bold))
    return out


def _rules(raw, page, height: float) -> list[tuple[float, float, float, float]]:
    """The page's thin path objects — lines and hairline boxes, as word processors and browsers
    draw table borders — top-left origin."""
    out = []
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    for i in range(raw.FPDFPage_CountObjects(page.raw)):
        obj = raw.FPDFPage_GetObject(page.raw, i)
        if raw.FPDFPageObj_GetType(obj) != raw.FPDF_PAGEOBJ_PATH:
            continue
        if not raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
            continue
        w, h = right.value - left.value, top.value - bottom.value
        if min(w, h) <= RULE_WIDTH and max(w, h) > 2 * RULE_WIDTH:
            out.append((left.value, height - top.value, right.value, height - bottom.value))
    return out


def _has_images(raw, page) -> bool:
    for i in range(raw.FPDFPage_CountObjects(page.raw)):
        obj = raw.FPDFPage_GetObject(page.raw, i)
        if raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_IMAGE:
            return True
    return False
