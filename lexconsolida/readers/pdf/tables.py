"""Ruled tables in a PDF's text layer, from PDFium's positions (``docs/tabelas.md``,
``docs/arquitetura.md`` for the choice against a table library).

A word processor or a browser draws a table's borders as thin path objects; PDFium gives their
boxes (:attr:`PageText.rules`) and every character's position. The borders that touch one
another make a table; the distinct positions of its vertical and horizontal rules make a grid
of squares; two neighbouring squares are one cell where no rule separates them (a cell spanning
columns or rows); every group must be a rectangle, or the table is not read with confidence.
Each character goes to the cell it falls in; a cell's lines are joined as the text reader joins
a grid cell's; leading rows all in bold are the heading.

The table is handed to the text reader as the grid drawing it already reads with its spans
(:func:`lexconsolida.readers.text.tables.draw_grid`), in the place of the characters it took:
one reader of tables for text, DOCX and PDF. A ruled frame that does not make a table of
rectangles, or a single framed box, leaves its characters as text; the first is reported
(``tabela-incerta``). A table without borders (columns aligned by spaces) stays text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexconsolida.model.residue import portuguese_words
from lexconsolida.readers.pdf.document import RULE_WIDTH, Char, PageText
from lexconsolida.readers.text.tables import draw_grid, join_cell_lines

TOLERANCE = 2.0
"""Points within which two rules meet or two rule positions are the same."""


@dataclass(slots=True)
class RuledTable:
    """A table found on a page: its box, and its grid drawing (None when it could not be read
    with confidence, ``why`` says why)."""

    x0: float
    top: float
    x1: float
    bottom: float
    lines: list[str] | None
    why: str | None = None
    size: float = 10.0

    def holds(self, c: Char) -> bool:
        mid = (c.x0 + c.x1) / 2
        y = c.baseline - 0.3 * c.size
        return self.x0 - TOLERANCE <= mid <= self.x1 + TOLERANCE and self.top - TOLERANCE <= y <= self.bottom + TOLERANCE


def _split(rules: list[tuple[float, float, float, float]]):
    horizontal, vertical = [], []
    for x0, top, x1, bottom in rules:
        if bottom - top <= RULE_WIDTH and x1 - x0 > bottom - top:
            horizontal.append(((top + bottom) / 2, x0, x1))
        elif x1 - x0 <= RULE_WIDTH:
            vertical.append(((x0 + x1) / 2, top, bottom))
    return horizontal, vertical


def _positions(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if out and v - out[-1] <= TOLERANCE:
            continue
        out.append(v)
    return out


def _components(horizontal, vertical) -> list[tuple[list, list]]:
    """Rules that touch one another, grouped (each a table's borders)."""
    parent = list(range(len(horizontal) + len(vertical)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def touch_hh(a, b) -> bool:  # collinear and overlapping pieces of one rule
        return abs(a[0] - b[0]) <= TOLERANCE and a[1] <= b[2] + TOLERANCE and b[1] <= a[2] + TOLERANCE

    def touch_vv(a, b) -> bool:
        return abs(a[0] - b[0]) <= TOLERANCE and a[1] <= b[2] + TOLERANCE and b[1] <= a[2] + TOLERANCE

    n = len(horizontal)
    for i, h in enumerate(horizontal):
        for j, v in enumerate(vertical):
            if h[1] - TOLERANCE <= v[0] <= h[2] + TOLERANCE and v[1] - TOLERANCE <= h[0] <= v[2] + TOLERANCE:
                parent[find(i)] = find(n + j)
        for k in range(i + 1, len(horizontal)):
            if touch_hh(h, horizontal[k]):
                parent[find(i)] = find(k)
    for j, v in enumerate(vertical):
        for k in range(j + 1, len(vertical)):
            if touch_vv(v, vertical[k]):
                parent[find(n + j)] = find(n + k)
    groups: dict[int, tuple[list, list]] = {}
    for i, h in enumerate(horizontal):
        groups.setdefault(find(i), ([], []))[0].append(h)
    for j, v in enumerate(vertical):
        groups.setdefault(find(n + j), ([], []))[1].append(v)
    return list(groups.values())


_NUMBER = re.compile(r"^[\d.,/-]+$")


def _cell_text(chars: list[Char], right: float, vocabulary: frozenset[str]) -> str:
    """A cell's characters as text: lines by baseline, each left to right, joined. A word the
    cell was too narrow for is broken by the word processor without a hyphen ('PROGRAMÁTI' /
    'CA', '10.305.028.20' / '68'): a line that is one token filling the cell up to its right
    edge is joined to the next without a space when the whole is a number, a word the document
    prints elsewhere or a Portuguese word (pyspellchecker's dictionary, as the text reader's
    residue check uses): 'PROGRAMÁTICA' / 'ESPECIAL', a word that just filled the line, stays two."""
    lines: list[list[Char]] = []
    for c in sorted(chars, key=lambda c: (c.baseline, c.x0)):
        if lines and abs(lines[-1][0].baseline - c.baseline) <= 0.35 * max(c.size, lines[-1][0].size, 1.0):
            lines[-1].append(c)
        else:
            lines.append([c])
    out: list[str] = []
    full: list[bool] = []
    for line in lines:
        text = ""
        last: Char | None = None
        for c in sorted(line, key=lambda c: c.x0):
            if last is not None and not c.ch.isspace() and not text.endswith(" ") \
                    and c.x0 - last.x1 > 0.45 * max(c.size, 1.0):
                text += " "
            text += c.ch
            last = c
        ink = [c for c in line if not c.ch.isspace()]
        full.append(bool(ink) and right - max(c.x1 for c in ink) < 0.8 * max(c.size for c in ink))
        out.append(" ".join(text.split()))
    merged: list[str] = []
    for k, text in enumerate(out):
        if merged and full[k - 1] and " " not in out[k - 1] and text:
            head, _, rest = text.partition(" ")
            whole = merged[-1].split(" ")[-1] + head
            if _NUMBER.match(whole) or whole.casefold() in vocabulary or whole.casefold() in portuguese_words():
                merged[-1] += head + (" " + rest if rest else "")
                continue
        merged.append(text)
    return join_cell_lines(merged)


def words(pages: list[PageText]) -> frozenset[str]:
    """The words the document prints (case folded), for re-joining words a cell broke."""
    out: set[str] = set()
    for page in pages:
        text = "".join(c.ch for c in page.chars)
        out.update(w.casefold() for w in re.findall(r"[^\W\d_]{4,}", text))
    return frozenset(out)


def ruled_tables(page: PageText, vocabulary: frozenset[str] = frozenset()) -> list[RuledTable]:
    """The ruled tables of ``page`` (read, or found and not read with confidence);
    ``vocabulary``: the document's words (:func:`words`)."""
    horizontal, vertical = _split(page.rules)
    out = []
    for hs, vs in _components(horizontal, vertical):
        xs = _positions([v[0] for v in vs])
        ys = _positions([h[0] for h in hs])
        if len(xs) < 2 or len(ys) < 2 or (len(xs) - 1) * (len(ys) - 1) < 2:
            continue  # a lone line, or one framed box: not a table
        table = RuledTable(xs[0], ys[0], xs[-1], ys[-1], None)
        _read(table, page, xs, ys, hs, vs, vocabulary)
        out.append(table)
    return out


def _read(table: RuledTable, page: PageText, xs: list[float], ys: list[float], hs, vs,
          vocabulary: frozenset[str]) -> None:
    rows, cols = len(ys) - 1, len(xs) - 1

    def v_at(x: float, y: float) -> bool:  # a vertical rule at x crosses height y
        return any(abs(v[0] - x) <= TOLERANCE and v[1] - TOLERANCE <= y <= v[2] + TOLERANCE for v in vs)

    def h_at(y: float, x: float) -> bool:
        return any(abs(h[0] - y) <= TOLERANCE and h[1] - TOLERANCE <= x <= h[2] + TOLERANCE for h in hs)

    parent = list(range(rows * cols))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(rows):
        ymid = (ys[i] + ys[i + 1]) / 2
        for j in range(cols):
            xmid = (xs[j] + xs[j + 1]) / 2
            if j + 1 < cols and not v_at(xs[j + 1], ymid):
                parent[find(i * cols + j)] = find(i * cols + j + 1)
            if i + 1 < rows and not h_at(ys[i + 1], xmid):
                parent[find(i * cols + j)] = find((i + 1) * cols + j)
    squares: dict[int, list[tuple[int, int]]] = {}
    for i in range(rows):
        for j in range(cols):
            squares.setdefault(find(i * cols + j), []).append((i, j))
    for members in squares.values():
        rs = sorted({m[0] for m in members})
        cs = sorted({m[1] for m in members})
        if len(members) != len(rs) * len(cs) or rs != list(range(rs[0], rs[-1] + 1)) \
                or cs != list(range(cs[0], cs[-1] + 1)):
            table.why = "célula que não é retangular"
            return
    owner = [[find(i * cols + j) for j in range(cols)] for i in range(rows)]
    inside: dict[int, list[Char]] = {g: [] for g in squares}
    sizes = []
    for c in page.chars:
        if not table.holds(c):
            continue
        mid, y = (c.x0 + c.x1) / 2, c.baseline - 0.3 * c.size
        col = next((k for k in range(cols) if xs[k] - TOLERANCE <= mid <= xs[k + 1] + TOLERANCE), None)
        row = next((k for k in range(rows) if ys[k] - TOLERANCE <= y <= ys[k + 1] + TOLERANCE), None)
        if row is None or col is None:
            continue
        inside[owner[row][col]].append(c)
        if not c.ch.isspace():
            sizes.append(c.size)
    right = {g: xs[max(j for _, j in members) + 1] for g, members in squares.items()}
    texts = {g: _cell_text(chars, right[g], vocabulary) for g, chars in inside.items()}
    if not any(texts.values()):
        table.why = "tabela sem texto"
        return
    heads = 0
    while heads < rows - 1:
        ink = [c for j in range(cols) for c in inside[owner[heads][j]] if not c.ch.isspace()]
        if not ink or not all(c.bold for c in ink):
            break
        heads += 1
    table.size = sorted(sizes)[len(sizes) // 2] if sizes else 10.0
    table.lines = draw_grid(owner, texts, heads)
