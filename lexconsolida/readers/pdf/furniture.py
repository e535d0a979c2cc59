"""Page furniture of a PDF found by position and repetition across pages.

A line is a page header or footer when it sits in the top or bottom band of its page and a line
like it (same words, digits aside: 'Página 2 de 9' is 'Página 3 de 9') sits at about the same
height on other pages, or when it is shaped like a page number there. OCR'd pages differ letter
by letter from page to page, so their lines are compared by similarity, not equality.
Label lines ('Art. 5º', '§ 2º', 'I –') are never furniture.

Found lines leave the text and go to the reader's furniture log (``furniture`` diagnostics
holding each line verbatim, at its page and line), as the text reader does for the furniture it
finds in plain text; the text reader still runs its own rule afterwards, for what a layout cannot
tell (a scan's debris).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from difflib import SequenceMatcher

from lexconsolida.readers.pdf.layout import Line

BAND = 0.14
"""Top and bottom share of the page height where headers and footers live."""
BAND_LINES = 6
"""Most lines, from the top or the bottom edge, that can be furniture."""
SAME_HEIGHT = 0.025
"""How far (share of the page height) a repeated line may move from page to page."""
MIN_SHARE = 0.3
"""Share of the pages (at least two) a header or footer must appear on."""
FUZZY = 0.82
"""Similarity above which two OCR'd lines are the same furniture line."""

PAGE_NUMBER = re.compile(
    r"^\s*(?:p[áa]g(?:ina)?\.?\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?\s*(?:(?:de|/)\s*\d{1,4})?\s*$", re.IGNORECASE)
_LABEL = re.compile(r"^\s*(?:Art(?:igo)?\.?\s*\d|§|Par[áa]grafo\s+[úu]nico|[IVXLC]+\s*[-–—)]|[a-z]\)\s)")
REASON_REPEATED = "cabeçalho ou rodapé repetido nas páginas"
REASON_PAGE = "número de página"


def key(text: str) -> str:
    """Letters of a line, lower case and without accents, digits as '#'."""
    s = unicodedata.normalize("NFKD", text.lower())
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = re.sub(r"\d+", "#", s)
    return " ".join(re.sub(r"[^a-z#]+", " ", s).split())


def candidates(lines: list[Line], height: float) -> list[tuple[Line, str]]:
    """Lines in the top or bottom band of one page, with the band they are in ('t' or 'b')."""
    ordered = sorted((ln for ln in lines if not ln.table), key=lambda ln: ln.top)  # a table's grid is text
    out = []
    for ln in ordered[:BAND_LINES]:
        if ln.bottom <= height * BAND:
            out.append((ln, "t"))
    for ln in ordered[::-1][:BAND_LINES]:
        if ln.top >= height * (1 - BAND) and all(ln is not c for c, _ in out):
            out.append((ln, "b"))
    return [(ln, band) for ln, band in out if not _LABEL.match(ln.text)]


def find(pages: list[tuple[list[Line], float]], fuzzy: bool = False) -> dict[int, str]:
    """``id(line)`` → reason for every furniture line of the document.

    ``pages`` holds each page's lines and height; ``fuzzy`` compares lines by similarity (OCR).
    """
    found: dict[int, str] = {}
    groups: dict[tuple[str, str], list[tuple[int, Line, float]]] = defaultdict(list)
    reps: dict[str, list[str]] = defaultdict(list)
    for pno, (lines, height) in enumerate(pages):
        ordered = sorted((ln for ln in lines if not ln.table), key=lambda ln: ln.top)  # a table's grid is text
        edges = {id(ln): rank for rank, ln in enumerate(ordered[:2])}
        edges.update({id(ln): rank for rank, ln in enumerate(ordered[::-1][:2])})
        for ln, band in candidates(lines, height):
            if PAGE_NUMBER.match(ln.text) and _page_number_at(ln, edges):
                found[id(ln)] = REASON_PAGE  # and grouped too: its OCR variants on other pages join it
            k = key(ln.text)
            if len(k) < 3:
                continue
            if fuzzy:
                k = _representative(k, reps[band])
            groups[(band, k)].append((pno, ln, ln.top / height))
    need = max(2, round(MIN_SHARE * len(pages)))
    clusters: list[list[tuple[int, Line, float]]] = []
    for members in groups.values():
        start = len(clusters)
        for m in sorted(members, key=lambda m: m[2]):
            if len(clusters) > start and m[2] - clusters[-1][-1][2] <= SAME_HEIGHT:
                clusters[-1].append(m)
            else:
                clusters.append([m])
    while True:
        marked = {id(ln) for cluster in clusters if _pages(cluster) >= need for _, ln, _ in cluster}
        outer = _outer(pages, marked | set(found))
        pruned = [[m for m in cluster if id(m[1]) in outer] for cluster in clusters]
        if pruned == clusters:
            break
        clusters = pruned
    for cluster in clusters:
        if _pages(cluster) >= need:
            for _, ln, _ in cluster:
                found.setdefault(id(ln), REASON_REPEATED)
    return found


def _pages(cluster: list[tuple[int, Line, float]]) -> int:
    return len({pno for pno, _, _ in cluster})


def _outer(pages: list[tuple[list[Line], float]], marked: set[int]) -> set[int]:
    """The marked lines that are above, or below, every other line of their page.

    A header sits above all the text of its page and a footer below it; a line repeated at the
    top of a column, beside text of the other column (a signature at the top of the right
    column), is text.
    """
    out = set()
    for lines, _ in pages:
        content = [ln for ln in lines if id(ln) not in marked]
        top = min((ln.top for ln in content), default=float("inf"))
        bottom = max((ln.bottom for ln in content), default=float("-inf"))
        for ln in lines:
            if id(ln) in marked and (ln.bottom <= top + 0.2 * ln.size or ln.top >= bottom - 0.2 * ln.size):
                out.add(id(ln))
    return out


def _page_number_at(ln: Line, edges: dict[int, int]) -> bool:
    """A page number is the outermost line of its page ('Página 2 de 9', '- 2 -': one of the two)."""
    rank = edges.get(id(ln))
    if rank is None:
        return False
    return rank == 0 or not ln.text.strip().isdigit()


def _representative(k: str, known: list[str]) -> str:
    for other in known:
        matcher = SequenceMatcher(None, k, other, autojunk=False)
        if matcher.real_quick_ratio() >= FUZZY and matcher.quick_ratio() >= FUZZY and matcher.ratio() >= FUZZY:
            return other
    known.append(k)
    return k
