"""Word fields in a paragraph (page number, page count), as Word and LibreOffice update them."""

from __future__ import annotations

from docx.oxml import OxmlElement
from docx.oxml.ns import qn


def page_field(paragraph, instruction: str) -> None:
    """A complex field (PAGE, NUMPAGES) whose cached result is '1'."""
    def fld_char(kind: str):
        run = paragraph.add_run()
        el = OxmlElement("w:fldChar")
        el.set(qn("w:fldCharType"), kind)
        run._r.append(el)

    fld_char("begin")
    run = paragraph.add_run()
    instr = OxmlElement("w:instrText")
    instr.set(qn("xml:space"), "preserve")
    instr.text = f" {instruction} "
    run._r.append(instr)
    fld_char("separate")
    paragraph.add_run("1")
    fld_char("end")
