"""OCR of the pages that have no text layer: Tesseract with its Portuguese data, via pytesseract.

A page is rendered by PDFium (:meth:`PdfFile.render`) and read by ``tesseract -l por`` (layout
analysis on, so columns come out in reading order); its TSV output gives each word with its box
and confidence, from which come the page's lines (:class:`~lexconsolida.readers.pdf.layout.Line`)
and the confidence the reading report shows. Tesseract is a Debian package
(``tesseract-ocr``, ``tesseract-ocr-por``), not a Python one: without it, or without its
Portuguese data, reading a scanned page is refused with a message saying what to install.
"""

from __future__ import annotations

import os
import re
import shutil
from contextlib import contextmanager
from statistics import median

from lexconsolida.errors import InputError
from lexconsolida.readers.pdf.layout import Line

DPI = 300
"""Resolution pages are rendered at for OCR. Tesseract reads best at about 300 dpi: a 200 dpi
scan rendered at 300 reads better than at its own resolution (a bold 'Art. 6º' survives)."""
LANG = "por"
INSTALL = ("instale o Tesseract e seus dados de português — no Debian/Ubuntu: "
           "apt-get install tesseract-ocr tesseract-ocr-por")


def tesseract_command() -> str | None:
    """The tesseract program to run (``LEXCONSOLIDA_TESSERACT`` or ``tesseract`` on the PATH)."""
    return shutil.which(os.environ.get("LEXCONSOLIDA_TESSERACT", "tesseract"))


def require_tesseract(path: str | None, pages: list[int]) -> str:
    """The tesseract command, or an InputError naming the pages that need it and what to install."""
    listed = ", ".join(str(p) for p in pages[:10]) + (" …" if len(pages) > 10 else "")
    which = "a página" if len(pages) == 1 else "as páginas"
    cmd = tesseract_command()
    if cmd is None:
        raise InputError(f"{which} {listed} do PDF não têm camada de texto (são imagens digitalizadas) e "
                         f"o Tesseract, que faz o OCR, não está instalado: {INSTALL}", path=path)
    import pytesseract  # only a scanned page needs the OCR driver

    pytesseract.pytesseract.tesseract_cmd = cmd
    try:
        langs = pytesseract.get_languages(config="")
    except Exception as err:  # pytesseract wraps a broken install in several types
        raise InputError(f"o Tesseract ({cmd}) não funciona ({err}): {INSTALL}", path=path) from None
    if LANG not in langs:
        raise InputError(f"{which} {listed} do PDF precisam de OCR, mas o Tesseract não tem os dados de "
                         f"português ('{LANG}'): {INSTALL}", path=path)
    return cmd


@contextmanager
def one_thread_each():
    """Tesseract runs one page per core (``OMP_THREAD_LIMIT=1``): its own threads only slow that."""
    before = os.environ.get("OMP_THREAD_LIMIT")
    os.environ["OMP_THREAD_LIMIT"] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("OMP_THREAD_LIMIT", None)
        else:
            os.environ["OMP_THREAD_LIMIT"] = before


SPECK_CONFIDENCE = 80.0
"""A token of punctuation only at a line's edge is a speck of the scan below this confidence."""
DEBRIS_CONFIDENCE = 70.0
GLUED_CONFIDENCE = 60.0
"""Below this confidence, a quote or dash glued to a line's first word is a speck (a quote read
with confidence opens a quoted alteration block and stays)."""
_LABEL = re.compile(r"^(?:Art(?:igo)?\.?\s*\d|§|Par[áa]grafo\s+[úu]nico|[IVXLC]+\s*[-–—]\s|[a-z]\)\s)")
_SPECK_CHARS = set("“”\"'‘’«»|.,:;-–—_~`*^°•")
_SECTION = re.compile(r"^(?:[§$&S8s5]{2,3}-?|[§$&S8s5]-|g)$")
"""What the OCR makes of a '§' printed in bold: 'S$', '$8', '$-', 'g' ('$', '8', 'S' alone are the
text reader's to repair, in the context of the numbering)."""
_GLUED_SECTION = re.compile(r"^[§$&S8g](?:([1-9][º°])|([1-9]\d\.))$")
"""'82º', '821.': a '§' read as '8' glued to its number (ordinals go only to 9º, and no list of
items reaches 821: '82º' and '821.' are no numbers of their own)."""
_ART_PUNCT = re.compile(r"^Art[.,:;]{1,3}$")
_NUMBER_THEN_O = re.compile(r"^\d{1,3}\.0$")


def _lost_label(tokens: list[tuple[str, float]]) -> bool:
    """Does the line open with the dash that separates a label from its text, and no label?

    ('— Infração: grave' where 'I — Infração: grave' was printed.) The dash must be read with
    confidence (an en or em dash; a hyphen only with high confidence: specks read as hyphens),
    and what follows must be a word, not a label."""
    words = [(t, c) for t, c in tokens if t and not all(ch in _QUOTES for ch in t)]
    if len(words) < 2:
        return False
    (dash, conf), (word, _) = words[0], words[1]
    dashed = (dash in ("–", "—") and conf >= 60) or (dash == "-" and conf >= 90)
    rest = " ".join(t for t, _ in words[1:]) + " "
    return dashed and word[:1].isalpha() and not _LABEL.match(rest)


_QUOTES = set("“”\"'‘’«»|")
_ACCENTED_A = {"à)", "á)", "â)", "ã)"}
_ORDINAL = re.compile(r"^\d{1,3}(?:[º°o]|\.)?$")


def clean(tokens: list[tuple[str, float, int]]) -> tuple[list[int], dict[int, str]]:
    """Which of a line's tokens (text, confidence, height) to keep, and the repaired text of some.

    Scan debris is what a speck of dirt reads as: a token of punctuation only ('“', '.', '|')
    at either edge of the line, read with low confidence or much smaller than the line's
    letters; a quote or dash glued with low confidence to the first word ('“TI', '-Art.'); one
    or two short tokens read with low confidence before a label ('e = Art. 1º'). A first token
    made of the shapes a bold '§' takes ('S$', '$8') before a number is one '§' ('$', '8', 'S'
    alone are left to the text reader, which knows them).
    """
    heights = [h for t, _, h in tokens if any(c.isalnum() for c in t)]
    usual = median(heights) if heights else 0
    repaired: dict[int, str] = {}

    def speck(k: int) -> bool:
        t, conf, h = tokens[k]
        return all(c in _SPECK_CHARS for c in t) and (conf < SPECK_CONFIDENCE or h < 0.5 * usual)

    start, end = 0, len(tokens)
    while start < end and speck(start):
        start += 1
    while end > start and speck(end - 1):
        end -= 1
    if start < end:
        t, conf, _ = tokens[start]
        stripped = t.lstrip("".join(_SPECK_CHARS))
        if stripped and stripped != t and conf < GLUED_CONFIDENCE:
            repaired[start] = stripped
    for k in range(start + 1, min(start + 3, end)):
        before = tokens[start:k]
        if (all(len(t) <= 2 and (conf < DEBRIS_CONFIDENCE or not any(c.isalnum() for c in t)) for t, conf, _ in before)
                and _LABEL.match(" ".join(t for t, _, _ in tokens[k:end]) + " ")):
            start = k
            break
    first = repaired.get(start, tokens[start][0]) if start < end else ""
    if _ART_PUNCT.match(first) and first != "Art.":
        repaired[start] = first = "Art."  # 'Art..', 'Art,', 'Art:' (the article number follows)
    if first == "Art." and start + 1 < end and _NUMBER_THEN_O.match(tokens[start + 1][0]):
        repaired[start + 1] = tokens[start + 1][0][:-1] + " O"  # 'Art. 34.0 requerimento': 'O' read as '0'

    if start + 1 < end and _SECTION.match(first) and _ORDINAL.match(tokens[start + 1][0]):
        repaired[start] = "§"
    elif first in _ACCENTED_A:
        repaired[start] = "a)"  # 'à) Infração': the OCR put an accent on the alínea's letter
    elif glued := _GLUED_SECTION.match(first):
        repaired[start] = "§ " + (glued.group(1) or glued.group(2))
    return list(range(start, end)), repaired


CONFIG = "--psm 3 -c tessedit_do_invert=0"
"""Automatic page segmentation (columns in reading order); no search for white-on-black text
(acts are printed dark on light), which saves a pass over every line."""


def binarize(image):
    """The grey page in black and white at Otsu's threshold (the grey level that best splits the
    histogram in two): the scan's grain goes, and Tesseract reads the page about twice as fast
    with the same labels right."""
    hist = image.histogram()[:256]
    total = sum(hist)
    sum_all = sum(i * h for i, h in enumerate(hist))
    best, threshold, weight, sum_b = -1.0, 127, 0, 0.0
    for t in range(256):
        weight += hist[t]
        if weight == 0 or weight == total:
            continue
        sum_b += t * hist[t]
        mean_b, mean_f = sum_b / weight, (sum_all - sum_b) / (total - weight)
        between = weight * (total - weight) * (mean_b - mean_f) ** 2
        if between > best:
            best, threshold = between, t
    return image.point(lambda v: 255 if v > threshold else 0)


def ocr_page(image, page: int, dpi: int = DPI) -> list[Line]:
    """The lines Tesseract reads on ``image`` (page number ``page``), in reading order."""
    import pytesseract  # only a scanned page needs the OCR driver

    try:
        data = pytesseract.image_to_data(binarize(image), lang=LANG, config=CONFIG,
                                         output_type=pytesseract.Output.DICT)
    except pytesseract.TesseractError as err:
        raise InputError(f"o Tesseract falhou na página {page} ({err.message})") from None
    scale = 72.0 / dpi
    rows: dict[tuple[int, int, int], list[int]] = {}
    for i, word in enumerate(data["text"]):
        if not word or not word.strip():
            continue
        rows.setdefault((data["block_num"][i], data["par_num"][i], data["line_num"][i]), []).append(i)
    lines: list[Line] = []
    for idx in rows.values():
        rows_idx = idx
        kept, repaired = clean([(data["text"][i].strip(), float(data["conf"][i]), data["height"][i]) for i in idx])
        raw = " ".join(data["text"][i].strip() for i in idx)
        words = [repaired.get(k, data["text"][idx[k]].strip()) for k in kept]
        idx = [idx[k] for k in kept]
        if not idx:
            continue
        confs = [float(data["conf"][i]) for i in idx if float(data["conf"][i]) >= 0]
        left = min(data["left"][i] for i in idx)
        right = max(data["left"][i] + data["width"][i] for i in idx)
        top = min(data["top"][i] for i in idx)
        bottom = max(data["top"][i] + data["height"][i] for i in idx)
        height = median(data["height"][i] for i in idx)
        text = " ".join(words)
        lines.append(Line(
            page=page, text=text, x0=left * scale, x1=right * scale, top=top * scale,
            bottom=bottom * scale, size=height * scale, first_word=data["width"][idx[0]] * scale,
            confidence=sum(confs) / len(confs) if confs else 0.0, words=confs,
            original=raw if raw != text else None,
            lost_label=_lost_label([(data["text"][i].strip(), float(data["conf"][i])) for i in rows_idx]),
            tokens=[(w, float(data["conf"][i])) for w, i in zip(words, idx)],
        ))
    if lines:
        edges = (min(ln.x0 for ln in lines), max(ln.x1 for ln in lines))
        for ln in lines:
            ln.column = edges
        for box in ruled_boxes(image, dpi):
            for ln in lines:
                if box[0] - 2 <= ln.x0 and ln.x1 <= box[2] + 2 and box[1] - 2 <= ln.top and ln.bottom <= box[3] + 2:
                    ln.in_ruled_table = True
    return lines


RULE_DPI = 75
"""Resolution at which a scanned page is searched for table borders."""


def ruled_boxes(image, dpi: int = DPI) -> list[tuple[float, float, float, float]]:
    """The boxes (x0, top, x1, bottom, in points) of the ruled tables of a scanned page: where
    three or more long horizontal lines and three or more long vertical lines cross. OCR reads
    their words, not their cells: the lines inside are kept as text and reported
    (``tabela-incerta``), never taken for a table read with confidence."""
    small = image.convert("L").resize((max(1, image.width * RULE_DPI // dpi), max(1, image.height * RULE_DPI // dpi)))
    bw = small.point(lambda v: 0 if v < 200 else 255)  # a hairline border is grey once scaled down
    long_h, long_v = max(30, small.width // 8), max(15, small.height // 60)
    scale = 72.0 / RULE_DPI

    def runs(img, min_run: int) -> list[tuple[int, int, int]]:
        data, w = img.tobytes(), img.width
        out = []
        for y in range(img.height):
            row = data[y * w:(y + 1) * w]
            for m in re.finditer(rb"\x00{%d,}" % min_run, row):
                out.append((y, m.start(), m.end()))
        return out

    horizontal = runs(bw, long_h)
    # turned a quarter counter-clockwise, a column x of the page is row width - 1 - x, its height the run
    vertical = [(bw.width - 1 - y, s, e) for y, s, e in runs(bw.rotate(90, expand=True), long_v)]
    boxes: list[tuple[float, float, float, float]] = []
    for y, x0, x1 in horizontal:
        crossing = [v for v in vertical if x0 - 2 <= v[0] <= x1 + 2 and v[1] - 2 <= y <= v[2] + 2]
        if len(crossing) < 3:
            continue
        top = min(v[1] for v in crossing)
        bottom = max(v[2] for v in crossing)
        inside = {h[0] // 3 for h in horizontal if top - 2 <= h[0] <= bottom + 2 and h[1] <= x0 + 4 and h[2] >= x1 - 4}
        if len(inside) < 3:
            continue
        box = (x0 * scale, top * scale, x1 * scale, bottom * scale)
        if not any(b[0] <= box[0] + 3 and box[2] <= b[2] + 3 and b[1] <= box[1] + 3 and box[3] <= b[3] + 3
                   for b in boxes):
            boxes.append(box)
    return boxes
