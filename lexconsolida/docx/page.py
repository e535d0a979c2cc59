"""Page setup of the documents we write: A4 portrait, with the margins each kind of document
uses (acts: ABNT 3/2 cm; forms: narrower, to fit a table on one page)."""

from __future__ import annotations

from docx.enum.section import WD_ORIENT
from docx.shared import Length, Mm


def a4_portrait(section, *, top: Length, bottom: Length, left: Length, right: Length) -> None:
    """Set ``section`` (python-docx) to A4 portrait with the given margins."""
    section.orientation = WD_ORIENT.PORTRAIT
    section.page_width, section.page_height = Mm(210), Mm(297)
    section.top_margin, section.bottom_margin = top, bottom
    section.left_margin, section.right_margin = left, right
