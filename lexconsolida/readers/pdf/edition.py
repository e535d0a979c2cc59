"""A gazette edition with many acts → one stretch of text lines per act.

An act begins at its epígrafe ('LEI Nº 101, DE 2 DE MARÇO DE 2020', 'DECRETO Nº 55 …') opening a
paragraph in capitals, bold or centred, and it must have at least one article before the next
act begins (a summary listing 'LEI Nº 101 …' has none, and is not an act). What comes before the
first act (the masthead, a summary, a section title) belongs to no act: it is logged, verbatim,
as ``fora-dos-atos``. Each act records the pages it was printed on and the edition its first
page's header names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexconsolida.model import Diagnostic, Severity
from lexconsolida.model.dates import parse_date
from lexconsolida.readers.pdf.extract import PageReport
from lexconsolida.readers.pdf.furniture import PAGE_NUMBER
from lexconsolida.readers.pdf.paragraphs import TextLine
from lexconsolida.readers.text.parts import EPIGRAFE

_ARTICLE = re.compile(r"^\s*Art(?:igo)?\.?\s*\d", re.IGNORECASE)


@dataclass(slots=True)
class ActSpan:
    """The text lines of one act and where it was printed."""

    lines: list[TextLine]
    epigrafe: str

    @property
    def pages(self) -> str:
        first, last = self.lines[0].page, self.lines[-1].page
        return str(first) if first == last else f"{first}-{last}"


def _opens_act(tl: TextLine) -> bool:
    m = EPIGRAFE.match(tl.text)
    if not m:
        return False
    first = tl.lines[0] if tl.lines else None
    typed = m.group("tipo")
    return typed.isupper() or (first is not None and (first.bold or first.centred))


def split(lines: list[TextLine]) -> tuple[list[TextLine], list[ActSpan]]:
    """(lines before the first act, the acts). A document with one act gives one span."""
    starts = [i for i, tl in enumerate(lines) if _opens_act(tl)]
    kept: list[int] = []
    for n, i in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        if any(_ARTICLE.match(tl.text) for tl in lines[i + 1:end]):
            kept.append(i)
    if len(kept) < 2:
        return [], [ActSpan(lines, lines[kept[0]].text if kept else "")]
    head = lines[:kept[0]]
    acts = [ActSpan(lines[i:j], lines[i].text) for i, j in zip(kept, kept[1:] + [len(lines)])]
    return head, acts


def outside(head: list[TextLine]) -> list[Diagnostic]:
    """The log of what precedes the first act of an edition."""
    return [Diagnostic("fora-dos-atos", "texto da edição fora dos atos (cabeçalho, sumário, seção)",
                       Severity.INFO, line=ln.number, page=ln.page, text=ln.text)
            for tl in head for ln in tl.lines]


def edition_of(report: PageReport) -> tuple[str | None, str | None]:
    """(the edition's header text, its ISO date) from a page's header lines."""
    header = [h for h in report.header if not PAGE_NUMBER.match(h)]
    if not header:
        return None, None
    text = " — ".join(header)
    return text, parse_date(text)
