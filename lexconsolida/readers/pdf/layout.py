"""A page's characters → its lines in reading order, with the layout facts the reader uses.

1. *Fragments*: characters that follow one another on one baseline, with no wide gap.
2. *Columns*: a vertical gutter near the middle of the page that almost no fragment crosses,
   with plenty of text on both sides, makes a two-column page. Fragments that cross it (a
   masthead, a title over both columns) cut the page into bands; each band is read left column
   first, then right column.
3. *Lines*: the fragments of one column on one baseline, left to right.

Each :class:`Line` keeps its box, font size, whether it is all bold, and its column's edges, so
the next steps can tell indentation, centred headings, the end of a paragraph and page furniture
apart. OCR lines (:mod:`~lexconsolida.readers.pdf.ocr`) are :class:`Line` objects too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import median

from lexconsolida.readers.pdf.document import Char, PageText
from lexconsolida.readers.pdf.tables import ruled_tables

GAP_BREAK = 1.6
"""A horizontal gap wider than this many font sizes ends a fragment (a gutter, a tab stop)."""
GUTTER_ZONE = (0.28, 0.72)
"""Where, as a share of the page width, a column gutter may be."""
MIN_GUTTER = 8.0
"""Narrowest gutter, in points."""
MIN_COLUMN_FRAGMENTS = 6
"""Fewest fragments on each side of a gutter for a page to have two columns."""


@dataclass(slots=True)
class Line:
    """One printed line of a page."""

    page: int
    text: str
    x0: float
    x1: float
    top: float
    """Top of the line, from the top of the page (points)."""
    bottom: float
    """Baseline (text layer) or bottom of the box (OCR), from the top of the page."""
    size: float
    bold: bool = False
    column: tuple[float, float] = (0.0, 0.0)
    """Left and right edges of the column (or band) the line is in."""
    first_word: float = 0.0
    """Width of the line's first word (a paragraph's last line leaves room for it or not)."""
    confidence: float | None = None
    """OCR confidence of the line (0-100), None for a text layer."""
    number: int = 0
    """1-based position of the line on its page, in reading order (set by :func:`number_lines`)."""
    words: list[float] = field(default_factory=list)
    """OCR word confidences, for the page report."""
    original: str | None = None
    """The line as the OCR read it, when scan debris was taken off its edges."""
    lost_label: bool = False
    """OCR: the line opens with a separator dash and no label before it ('— Infração: grave')."""
    tokens: list[tuple[str, float]] = field(default_factory=list)
    """OCR: the line's words as read, with the confidence of each (the epígrafe's digits are
    checked one by one: :func:`lexconsolida.readers.pdf.epigrafe_doubts`)."""
    table: bool = False
    """A line of the grid drawing of a ruled table (``tables.py``): never joined to another line,
    never page furniture."""
    in_ruled_table: bool = False
    """OCR: the line lies inside the borders of a table drawn on the scan (``ocr.ruled_boxes``):
    read as text, reported as a table not read with confidence."""

    @property
    def centred(self) -> bool:
        left, right = self.column
        width = right - left
        if width <= 0 or self.x1 - self.x0 > 0.9 * width:
            return False
        lm, rm = self.x0 - left, right - self.x1
        return lm > 0.08 * width and abs(lm - rm) < max(0.06 * width, 2 * self.size)


@dataclass(slots=True)
class _Fragment:
    chars: list[Char]
    x0: float
    x1: float
    baseline: float
    size: float

    @property
    def text(self) -> str:
        return "".join(c.ch for c in self.chars)


def fragments(chars: list[Char]) -> list[_Fragment]:
    """Runs of characters on one baseline with no wide gap, in the text layer's order."""
    out: list[_Fragment] = []
    cur: list[Char] = []
    for c in chars:
        if cur:
            prev = cur[-1]
            size = max(prev.size, c.size, 1.0)
            same_line = abs(c.baseline - prev.baseline) <= 0.45 * size
            last_x1 = max(x.x1 for x in cur[-3:] if not x.ch.isspace()) if any(
                not x.ch.isspace() for x in cur[-3:]) else prev.x1
            gap = c.x0 - last_x1
            if not same_line or gap > GAP_BREAK * size or gap < -size:
                if not c.ch.isspace():
                    out.append(_make(cur))
                    cur = []
                else:
                    continue
        if not cur and c.ch.isspace():
            continue
        cur.append(c)
    if cur:
        out.append(_make(cur))
    return [f for f in out if f.text.strip()]


def _make(chars: list[Char]) -> _Fragment:
    while chars and chars[-1].ch.isspace():
        chars = chars[:-1]
    ink = [c for c in chars if not c.ch.isspace()] or chars
    sizes = [c.size for c in ink if c.size > 0] or [10.0]
    return _Fragment(chars, min(c.x0 for c in ink), max(c.x1 for c in ink),
                     median(c.baseline for c in ink), median(sizes))


def gutter(frags: list[_Fragment], width: float) -> tuple[float, float] | None:
    """The (left, right) of a column gutter, or None for a one-column page."""
    lo, hi = int(width * GUTTER_ZONE[0]), int(width * GUTTER_ZONE[1])
    if hi <= lo or len(frags) < 2 * MIN_COLUMN_FRAGMENTS:
        return None
    cover = [0] * (hi - lo + 1)
    for f in frags:
        a, b = max(lo, int(f.x0)), min(hi, int(f.x1) + 1)
        for x in range(a, b + 1):
            if lo <= x <= hi:
                cover[x - lo] += 1
    least = min(cover)
    allowed = max(least, len(frags) // 20)
    best: tuple[int, int] | None = None
    start = None
    for i, n in enumerate(cover + [len(frags) + 1]):
        if n <= allowed and start is None:
            start = i
        elif n > allowed and start is not None:
            if best is None or i - start > best[1] - best[0]:
                best = (start, i)
            start = None
    if best is None or best[1] - best[0] < MIN_GUTTER:
        return None
    left, right = lo + best[0], lo + best[1] - 1
    n_left = sum(1 for f in frags if f.x1 <= left + 1)
    n_right = sum(1 for f in frags if f.x0 >= right - 1)
    if min(n_left, n_right) < MIN_COLUMN_FRAGMENTS or min(n_left, n_right) < 0.2 * len(frags):
        return None
    return float(left), float(right)


def page_lines(page: PageText, found: list | None = None) -> list[Line]:
    """The lines of a text-layer page in reading order (columns resolved); a ruled table read
    with confidence takes its characters and stands in their place as the lines of its grid
    drawing (``tables.py``; ``found``: the page's ruled tables, when the caller has them)."""
    tables = [t for t in (ruled_tables(page) if found is None else found) if t.lines is not None]
    if tables:
        page = PageText(page.number, page.width, page.height,
                        [c for c in page.chars if not any(t.holds(c) for t in tables)], page.has_images, [])
    lines = _text_lines(page)
    for t in tables:
        at = next((k for k, ln in enumerate(lines) if ln.top >= t.top and ln.x1 > t.x0 and ln.x0 < t.x1), len(lines))
        assert t.lines is not None  # kept above
        step = (t.bottom - t.top) / max(len(t.lines), 1)
        lines[at:at] = [Line(page.number, text, t.x0, t.x1, t.top + k * step, t.top + (k + 1) * step, t.size,
                             column=(t.x0, t.x1), table=True) for k, text in enumerate(t.lines)]
    return lines


def _text_lines(page: PageText) -> list[Line]:
    frags = fragments(page.chars)
    if not frags:
        return []
    gut = gutter(frags, page.width)
    if gut is None:
        return _lines_of(page.number, frags, None)
    left, right = gut
    bands: list[list[_Fragment]] = []
    spanning: list[_Fragment] = []
    out: list[Line] = []
    ordered = sorted(frags, key=lambda f: f.baseline)
    band: list[_Fragment] = []
    for f in ordered:
        if f.x0 < left and f.x1 > right:
            if band:
                bands.append(band)
                band = []
            spanning.append(f)
            bands.append([f])
        else:
            band.append(f)
    if band:
        bands.append(band)
    lefts = [f for f in frags if f.x1 <= right and f not in spanning]
    rights = [f for f in frags if f.x1 > right and f not in spanning]
    ledges = (min((f.x0 for f in lefts), default=0.0), max((f.x1 for f in lefts), default=left))
    redges = (min((f.x0 for f in rights), default=right), max((f.x1 for f in rights), default=page.width))
    whole = (min(f.x0 for f in frags), max(f.x1 for f in frags))
    for b in bands:
        if len(b) == 1 and b[0] in spanning:
            out.extend(_lines_of(page.number, b, whole))
            continue
        out.extend(_lines_of(page.number, [f for f in b if f.x1 <= right], ledges))
        out.extend(_lines_of(page.number, [f for f in b if f.x1 > right], redges))
    return out


def _lines_of(page: int, frags: list[_Fragment], column: tuple[float, float] | None) -> list[Line]:
    """Fragments of one column (or band) grouped by baseline into lines, top to bottom."""
    if not frags:
        return []
    rows: list[list[_Fragment]] = []
    for f in sorted(frags, key=lambda f: (f.baseline, f.x0)):
        if rows and abs(rows[-1][0].baseline - f.baseline) <= 0.35 * max(f.size, rows[-1][0].size, 1.0):
            rows[-1].append(f)
        else:
            rows.append([f])
    edges = column or (min(f.x0 for f in frags), max(f.x1 for f in frags))
    lines = []
    for row in rows:
        row.sort(key=lambda f: f.x0)
        text = ""
        chars: list[Char] = []
        for f in row:
            piece = f.text.strip()
            if text and not text.endswith(" "):
                text += " "
            text += piece
            chars.extend(f.chars)
        ink = [c for c in chars if not c.ch.isspace()]
        size = median(f.size for f in row)
        lines.append(Line(
            page=page, text=" ".join(text.split()), x0=row[0].x0, x1=max(f.x1 for f in row),
            top=min(f.baseline for f in row) - size, bottom=max(f.baseline for f in row), size=size,
            bold=bool(ink) and sum(c.bold for c in ink) >= 0.9 * len(ink), column=edges,
            first_word=_first_word_width(row[0]),
        ))
    return lines


def _first_word_width(f: _Fragment) -> float:
    word: list[Char] = []
    for c in f.chars:
        if c.ch.isspace():
            if word:
                break
            continue
        word.append(c)
    return (word[-1].x1 - word[0].x0) if word else 0.0


def number_lines(lines: list[Line]) -> None:
    for i, line in enumerate(lines, start=1):
        line.number = i
