"""Printed lines → the text lines the text reader reads, each knowing its page and line.

A text layer knows where a paragraph ends, so its wrapped lines are joined into one text line
(a word hyphenated at a line end re-joined, reported as a repair, as the text reader does):
the text reader then never mistakes a wrapped 'II do art. 5º' for an inciso. A line starts a
new paragraph when it is centred or bold unlike the line before, after a wider gap than the
page's leading, when the line before left room for its first word (it ended there), or when it
opens with a label ('Art.', '§', 'I –') right after a sentence ended.

OCR'd lines are handed over one by one, as a plain-text extraction of a scan would be: the text
reader's OCR rules (furniture, debris, repaired markers) work on such lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexconsolida.model import Diagnostic, Severity
from lexconsolida.readers.pdf.layout import Line
from lexconsolida.readers.text.join import join_lines

LABEL = re.compile(
    r"^\s*(?:Art(?:igo)?\.?\s*\d|§|Par[áa]grafo\s+[úu]nico|[IVXLC]+\s*[-–—.)]\s|[a-z]\)\s|\d{1,2}\s*[-–—.)]\s"
    r"|(?:CAP[ÍI]TULO|T[ÍI]TULO|SE[ÇC][ÃA]O|Se[çc][ãa]o|Cap[íi]tulo|LIVRO|PARTE)\s)")
TERMINAL = (".", ";", ":", "!", "?")


@dataclass(slots=True)
class TextLine:
    """One line handed to the text reader."""

    text: str
    page: int
    line: int
    """Line on the page (1-based, reading order) where the text starts."""
    lines: list[Line] = field(default_factory=list)
    """The printed lines it was made of."""

    @property
    def first(self) -> Line:
        return self.lines[0]


def leading(lines: list[Line]) -> float:
    """The distance between the lines of one paragraph (the tightest usual baseline gap)."""
    gaps = [b.bottom - a.bottom for a, b in zip(lines, lines[1:])
            if a.page == b.page and a.column == b.column and abs(a.size - b.size) < 0.5
            and 0 < b.bottom - a.bottom < 3 * max(a.size, 1.0)]
    if not gaps:
        return 14.0
    gaps.sort()
    return gaps[len(gaps) // 4]  # the lower quartile: most gaps may be between paragraphs


def _centred_like(line: Line) -> bool:
    """Centred, or as wide as the column with its middle on the column's (a full centred line)."""
    left, right = line.column
    return line.centred or abs((line.x0 + line.x1) / 2 - (left + right) / 2) < 2 * line.size


def starts_paragraph(prev: Line, cur: Line, lead: float) -> bool:
    """Does ``cur`` begin a new paragraph after ``prev`` (both from a text layer)?"""
    if cur.table or prev.table:
        return True  # a ruled table's grid lines go to the text reader one by one
    if cur.bold != prev.bold or abs(cur.size - prev.size) > 1.0:
        return True
    same_flow = cur.page == prev.page and cur.column == prev.column and cur.top > prev.top
    if same_flow and cur.bottom - prev.bottom > 1.35 * lead:
        return True
    if cur.centred or prev.centred:
        # a centred title goes on in the next line only when the next word did not fit
        free = (prev.column[1] - prev.column[0]) - (prev.x1 - prev.x0)
        return not (_centred_like(cur) and _centred_like(prev) and same_flow
                    and free < cur.first_word + 0.6 * prev.size)
    room = prev.column[1] - prev.x1
    if room > cur.first_word + 0.6 * prev.size:
        return True  # the line before had room for this line's first word: it ended there
    if prev.text.rstrip().endswith(TERMINAL) and LABEL.match(cur.text):
        return True
    indented = same_flow and cur.x0 > prev.x0 + prev.size and prev.x0 <= prev.column[0] + 2
    return indented and (prev.text.rstrip().endswith(TERMINAL) or bool(LABEL.match(cur.text)))


_WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:-[A-Za-zÀ-ÿ]+)*")
_END_HYPHEN = re.compile(r"([A-Za-zÀ-ÿ]+)-$")
_START_WORD = re.compile(r"^([A-Za-zÀ-ÿ]+(?:-[A-Za-zÀ-ÿ]+)*)")


def vocabulary(lines: list[Line]) -> set[str]:
    """Words printed inside lines (not at their ends), lower case, compounds whole and split."""
    vocab: set[str] = set()
    for ln in lines:
        words = _WORD.findall(ln.text)
        for w in words[1:-1]:
            w = w.lower()
            vocab.add(w)
            if "-" in w:
                vocab.update(w.split("-"))
    return vocab


def hyphenates(lines: list[Line], vocab: set[str]) -> bool:
    """Does the producer of this text layer hyphenate words at line ends?

    Word processors do not unless told to, and then a line ends in a hyphen only where the
    word has one ('vale-' / 'transporte'). A line-end hyphen whose joined word the document
    prints elsewhere ('regulamen-' / 'tação', 'regulamentação') shows that it does.
    """
    for a, b in zip(lines, lines[1:]):
        left, right = _END_HYPHEN.search(a.text), _START_WORD.match(b.text)
        if left and right and (left.group(1) + right.group(1).split("-")[0]).lower() in vocab:
            return True
    return False


def join(group: list[str], vocab: set[str], hyphenated: bool = True) -> tuple[str, list[tuple[int, str, str]]]:
    """A paragraph's lines as one text; a hyphen ending a line stays when the document prints
    the compound whole elsewhere (or both its parts as words, never the joined word), and goes
    when it prints the joined word. Otherwise, in a text layer that never hyphenates words it
    stays, and elsewhere the text reader's rule decides (``join_lines``)."""
    out = group[0].strip()
    repairs = []
    for i, frag in enumerate(group[1:], start=1):
        frag = frag.strip()
        left, right = _END_HYPHEN.search(out), _START_WORD.match(frag)
        if left and right:
            a, b = left.group(1).lower(), right.group(1).lower()
            whole = a + b.split("-")[0]
            if f"{a}-{b}" in vocab or (whole not in vocab and a in vocab and b.split("-")[0] in vocab):
                out += frag
                continue
            if whole in vocab:
                out = out[:-1] + frag
                repairs.append((i, f"{left.group(1)}-\n{right.group(1)}", left.group(1) + right.group(1)))
                continue
            if not hyphenated:
                out += frag
                continue
        joined, rep = join_lines([out, frag])
        out = joined
        repairs.extend((i, before, after) for _, before, after in rep)
    return out, repairs


def text_lines(lines: list[Line], diagnostics: list[Diagnostic]) -> list[TextLine]:
    """The reader's lines: text-layer paragraphs joined, OCR lines one by one."""
    lead = leading([ln for ln in lines if ln.confidence is None])
    vocab = vocabulary(lines)
    hyphenated = hyphenates([ln for ln in lines if ln.confidence is None], vocab)
    groups: list[list[Line]] = []
    for ln in lines:
        prev = groups[-1][-1] if groups else None
        if (prev is not None and ln.confidence is None and prev.confidence is None
                and not starts_paragraph(prev, ln, lead)):
            groups[-1].append(ln)
        else:
            groups.append([ln])
    out = []
    for group in groups:
        text, repairs = join([ln.text for ln in group], vocab, hyphenated)
        for index, before, after in repairs:
            at = group[index]
            diagnostics.append(Diagnostic(
                "reparo", "hifenização de fim de linha desfeita: '" + before.replace("\n", "' + '") + f"' → '{after}'",
                Severity.INFO, line=at.number, page=at.page, before=before, after=after))
        out.append(TextLine(text, group[0].page, group[0].number, group))
    return out
