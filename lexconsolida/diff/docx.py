"""The diff as a Word document with real tracked changes (``w:ins`` / ``w:del``).

One paragraph per unit of the new text, in reading order. Changed words are tracked runs;
added units are whole inserted paragraphs (runs in ``w:ins`` and the paragraph mark marked
inserted in ``w:pPr/w:rPr/w:ins``), removed units whole deleted ones; a split inserts paragraph
marks, a merge deletes them. "Accept all" in Word or LibreOffice gives exactly the new text,
"Reject all" exactly the old one (labels and editorial notes included).

Nothing but the text and its revisions is in the body (what the document is goes in the page
header, with the letterhead; page numbers in the footer), so "Accept all" gives exactly the new
text. Author and date are options; the date defaults to the new text's date (its latest
amendment for a compiled text) and is never the clock, so the same report always gives the
same bytes. The table form "Redação atual | Redação proposta" is :mod:`lexconsolida.diff.quadro_docx`.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

import docx
from docx.oxml import OxmlElement
from docx.oxml.ns import qn

from lexconsolida.diff.report import DiffReport, Pair
from lexconsolida.diff.tokens import DELETE, EQUAL, INSERT, PARAGRAPH_BREAK
from lexconsolida.diff.units import Unit
from lexconsolida.docx.save import deterministic_zip
from lexconsolida.docx.letterhead import letterhead
from lexconsolida.model import Norma
from lexconsolida.model.nodes import is_feminine
from lexconsolida.lexml.xml_safe import xml_text
from lexconsolida.writers.docx import LABEL_STYLE, default_template

DEFAULT_AUTHOR = "lexconsolida"

STYLE_OF_KIND = {
    "artigo": "Artigo",
    "paragrafo": "Parágrafo",
    "inciso": "Inciso",
    "alinea": "Alínea",
    "item": "Item",
}
"""Paragraph style of each unit kind (the reference template's); agrupadores: 'Agrupador Nome'."""
AGRUPADOR_STYLE = "Agrupador Nome"


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of the tracked stream: text with its change kind; bold for labels."""

    kind: str
    text: str
    bold: bool = False


@dataclass(frozen=True, slots=True)
class _Event:
    at: int
    text: str
    bold: bool


def _events(units: Sequence[Unit]) -> list[_Event]:
    """Labels (at each unit's start) and notes (at their offsets) in joined-body coordinates."""
    out: list[_Event] = []
    start = 0
    for u in units:
        if u.label:
            out.append(_Event(start, u.label, True))
        out.extend(_Event(start + n.at, n.text, False) for n in u.notes)
        start += len(u.body) + len(PARAGRAPH_BREAK)
    return out


def pair_stream(pair: Pair) -> list[Piece]:
    """The tracked pieces of one row; paragraph breaks sit inside '+'/'-' pieces."""
    old_ev, new_ev = _events(pair.old), _events(pair.new)
    out: list[Piece] = []
    if (old_ev and new_ev and old_ev[0].at == new_ev[0].at == 0 and old_ev[0].bold
            and new_ev[0].bold and old_ev[0].text == new_ev[0].text):
        out.append(Piece(EQUAL, new_ev[0].text, True))
        old_ev, new_ev = old_ev[1:], new_ev[1:]
    oi = ni = 0
    opos = npos = 0

    def flush(final: bool = False) -> None:
        nonlocal oi, ni
        while oi < len(old_ev) and (final or old_ev[oi].at <= opos):
            out.append(Piece(DELETE, old_ev[oi].text, old_ev[oi].bold))
            oi += 1
        while ni < len(new_ev) and (final or new_ev[ni].at <= npos):
            out.append(Piece(INSERT, new_ev[ni].text, new_ev[ni].bold))
            ni += 1

    for op in pair.ops:
        text = op.text
        while text:
            flush()
            # the longest prefix before the next event on the side(s) this op advances
            limit = len(text)
            if op.kind != INSERT and oi < len(old_ev):
                limit = min(limit, old_ev[oi].at - opos)
            if op.kind != DELETE and ni < len(new_ev):
                limit = min(limit, new_ev[ni].at - npos)
            limit = max(limit, 1)
            chunk, text = text[:limit], text[limit:]
            out.append(Piece(op.kind, chunk))
            if op.kind != INSERT:
                opos += len(chunk)
            if op.kind != DELETE:
                npos += len(chunk)
    flush(final=True)
    return out


def _end_kind(pair: Pair) -> str:
    if not pair.old:
        return INSERT
    if not pair.new:
        return DELETE
    return EQUAL


def paragraphs(pair: Pair) -> Iterator[tuple[list[Piece], str]]:
    """(pieces, kind of the paragraph mark) for each paragraph of the row."""
    current: list[Piece] = []
    for piece in pair_stream(pair):
        parts = piece.text.split(PARAGRAPH_BREAK)
        for i, part in enumerate(parts):
            if i:
                yield current, piece.kind
                current = []
            if part:
                current.append(Piece(piece.kind, part, piece.bold))
    yield current, _end_kind(pair)


class _Tracker:
    """Makes w:ins / w:del elements with unique ids, one author and one date."""

    def __init__(self, author: str, date: str | None) -> None:
        self.author = author
        self.date = date
        self.next_id = 1

    def mark(self, tag: str):
        el = OxmlElement(tag)
        el.set(qn("w:id"), str(self.next_id))
        self.next_id += 1
        el.set(qn("w:author"), self.author)
        if self.date:
            el.set(qn("w:date"), self.date)
        return el

    def dated(self, date: str | None) -> "_Tracker":
        """The same tracker (ids go on) with another date for the marks that follow."""
        self.date = _iso_datetime(date) or self.date
        return self


def _run(text: str, label: bool, deleted: bool, label_style: str):
    r = OxmlElement("w:r")
    if label:
        rpr = OxmlElement("w:rPr")
        style = OxmlElement("w:rStyle")
        style.set(qn("w:val"), label_style)
        rpr.append(style)
        r.append(rpr)
    t = OxmlElement("w:delText" if deleted else "w:t")
    t.set(qn("xml:space"), "preserve")
    t.text = text
    r.append(t)
    return r


def _fill(p, pieces: Sequence[Piece], mark_kind: str, tracker: _Tracker, label_style: str) -> None:
    for piece in pieces:
        run = _run(piece.text, piece.bold, piece.kind == DELETE, label_style)
        if piece.kind == EQUAL:
            p.append(run)
            continue
        wrapper = tracker.mark("w:del" if piece.kind == DELETE else "w:ins")
        wrapper.append(run)
        p.append(wrapper)
    if mark_kind != EQUAL:
        ppr = p.get_or_add_pPr()
        rpr = OxmlElement("w:rPr")
        rpr.append(tracker.mark("w:del" if mark_kind == DELETE else "w:ins"))
        ppr.append(rpr)


def pair_date(pair: Pair) -> str | None:
    """The date of a row's change: when the amending act that made it took effect (the latest
    among the row's new units), None when the text does not say."""
    dates = [u.changed for u in pair.new if u.changed]
    return max(dates) if dates else None


def _iso_datetime(date: str | None) -> str | None:
    if not date:
        return None
    return date if "T" in date else f"{date}T00:00:00Z"


def build(report: DiffReport, *, author: str = DEFAULT_AUTHOR, date: str | None = None,
          municipio: dict | None = None, orgao: str | None = None,
          municipio_dir=None) -> docx.Document:
    """The tracked-changes document, on the reference template's styles."""
    document = docx.Document(io.BytesIO(default_template()))
    body = document.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    label_style = document.styles[LABEL_STYLE].style_id
    tracker = _Tracker(author, _iso_datetime(date or report.date))
    _header_and_footer(document, report, municipio, orgao, municipio_dir)
    for pair in report.pairs:
        # each change dated by the act that made it (a compiled text's history), unless a
        # date was given; else the new text's date
        tracker.dated(date or pair_date(pair) or report.date)
        unit = (pair.new or pair.old)[0]
        style = AGRUPADOR_STYLE if unit.is_agrupador else STYLE_OF_KIND.get(unit.kind, "Artigo")
        for pieces, mark_kind in paragraphs(pair):
            para = document.add_paragraph(style=style)
            _fill(para._p, pieces, mark_kind, tracker, label_style)
    _settle_properties(document, report, author, date or report.date)
    return document


def _header_and_footer(document, report: DiffReport, municipio, orgao, municipio_dir) -> None:
    """What the redline is, in the page header (the body holds only the text and its
    revisions: 'Aceitar todas' gives exactly the new text); page numbers in the footer."""
    letterhead(document, Norma(tipo="Indicação"), municipio, orgao, municipio_dir)
    header = document.sections[0].header
    what = f"Quadro comparativo (controle de alterações): {report.old_title} → {report.new_title}"
    if report.middle_title:
        what += f", {'pela' if is_feminine(report.middle_title) else 'pelo'} {report.middle_title}"
    p = header.add_paragraph(style="Rodapé órgão")
    p.add_run(xml_text(what))


def _settle_properties(document, report: DiffReport, author: str, date: str | None) -> None:
    props = document.core_properties
    props.author = author
    props.last_modified_by = author
    props.title = f"Quadro comparativo – {report.new_title}"
    props.revision = 1
    when = datetime(2000, 1, 1, tzinfo=timezone.utc)
    if date:
        try:
            when = datetime.fromisoformat(date[:10]).replace(tzinfo=timezone.utc)
        except ValueError:
            pass
    props.created = when
    props.modified = when
    props.last_printed = when


def write(report: DiffReport, *, author: str | None = None, date: str | None = None,
          municipio: dict | None = None, orgao: str | None = None, municipio_dir=None,
          **_options) -> bytes:
    document = build(report, author=author or DEFAULT_AUTHOR, date=date, municipio=municipio,
                     orgao=orgao, municipio_dir=municipio_dir)
    buf = io.BytesIO()
    document.save(buf)
    return deterministic_zip(buf.getvalue())
