"""DOCX of a form (python-docx): named styles, A4, letterhead and page numbers; same bytes every run.

The base document (page setup and the forms' styles) is built once per process and each form
starts from a copy of its bytes. A municipality can supply its own base with its letterhead and
style changes: ``statutes/<município>/templates/forms/modelo.docx`` (it must keep the style
names below; missing ones are added).
"""

from __future__ import annotations

import io
import zipfile
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from docx import Document
from docx.enum.section import WD_ORIENT
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.opc.pkgwriter import PackageWriter
from docx.oxml.ns import qn
from docx.shared import Mm, Pt

from lexconsolida.forms.document import FormDoc

FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)

# name → (based on, size pt, bold, italic, alignment, space before, space after, extra)
PARAGRAPH_STYLES = {
    "Timbre": ("Normal", 10, True, False, "center", 0, 0, {"caps": True}),
    "Setor": ("Normal", 10, False, True, "center", 0, 2, {}),
    "Título do Formulário": ("Normal", 15, True, False, "center", 6, 2, {"caps": True, "keep": True}),
    "Número do Formulário": ("Normal", 12, False, False, "center", 0, 6, {}),
    "Seção do Formulário": ("Normal", 11, True, False, "left", 8, 2, {"caps": True, "keep": True, "shade": "E6E6E6"}),
    "Texto do Formulário": ("Normal", 11, False, False, "justify", 0, 3, {}),
    "Campo": ("Normal", 10, False, False, "left", 0, 0, {}),
    "Citação Legal": ("Normal", 9.5, False, False, "justify", 0, 1, {"indent": 6}),
    "Referência Legal": ("Normal", 9.5, True, False, "left", 3, 1, {"indent": 6, "keep": True}),
    "Local e Data": ("Normal", 11, False, False, "right", 12, 24, {}),
    "Assinatura": ("Normal", 9.5, False, False, "center", 24, 0, {"border_top": True}),
    "Rodapé do Formulário": ("Footer", 8.5, False, False, "center", 0, 0, {}),
}
ALIGN = {"center": WD_ALIGN_PARAGRAPH.CENTER, "left": WD_ALIGN_PARAGRAPH.LEFT,
         "right": WD_ALIGN_PARAGRAPH.RIGHT, "justify": WD_ALIGN_PARAGRAPH.JUSTIFY}


def _shade(ppr, fill: str) -> None:
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    ppr.append(shd)


def _border_top(ppr) -> None:
    borders = OxmlElement("w:pBdr")
    top = OxmlElement("w:top")
    for k, v in (("w:val", "single"), ("w:sz", "6"), ("w:space", "1"), ("w:color", "000000")):
        top.set(qn(k), v)
    borders.append(top)
    ppr.append(borders)


def _add_styles(document) -> None:
    styles = document.styles
    normal = styles["Normal"]
    normal.font.name = "Liberation Serif"
    normal.font.size = Pt(11)
    existing = {s.name for s in styles}
    for name, (base, size, bold, italic, align, before, after, extra) in PARAGRAPH_STYLES.items():
        if name in existing:
            continue
        style = styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
        style.base_style = styles[base]
        style.quick_style = True
        font = style.font
        font.size, font.bold, font.italic = Pt(size), bold, italic
        font.all_caps = extra.get("caps", False)
        pf = style.paragraph_format
        pf.alignment = ALIGN[align]
        pf.space_before, pf.space_after = Pt(before), Pt(after)
        pf.keep_with_next = extra.get("keep", False)
        if "indent" in extra:
            pf.left_indent = Mm(extra["indent"])
        ppr = style.element.get_or_add_pPr()
        if "shade" in extra:
            _shade(ppr, extra["shade"])
        if extra.get("border_top"):
            _border_top(ppr)


def _page_setup(document) -> None:
    section = document.sections[0]
    section.orientation = WD_ORIENT.PORTRAIT
    section.page_width, section.page_height = Mm(210), Mm(297)
    section.top_margin, section.bottom_margin = Mm(18), Mm(20)
    section.left_margin, section.right_margin = Mm(16), Mm(16)


KEEP_TABLE_STYLES = {"Table Grid", "Normal Table"}
SLIM_RELATIONSHIPS = ("stylesWithEffects", "metadata/thumbnail")


def _slim(document) -> None:
    """Drop what python-docx's default template carries and forms never use (about 90% of its
    bytes): the Word 2010 stylesWithEffects copy, the thumbnail, and 98 unused table styles."""
    for rels in (document.part.rels, document.part.package.rels):
        for rid, rel in list(rels.items()):
            if rel.reltype.endswith(SLIM_RELATIONSHIPS):
                del rels[rid]
    root = document.styles.element
    for style in root.findall(qn("w:style")):
        if style.get(qn("w:type")) == "table":
            name = style.find(qn("w:name"))
            if name is None or name.get(qn("w:val")) not in KEEP_TABLE_STYLES:
                root.remove(style)


@lru_cache(maxsize=8)
def base_bytes(model: str | None = None) -> bytes:
    """The base document every form starts from (built once per process)."""
    document = Document(model) if model else Document()
    _add_styles(document)
    if not model:
        _page_setup(document)
        _slim(document)
    body = document.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    props = document.core_properties
    props.author = props.last_modified_by = "lexconsolida"
    props.comments = ""
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


@lru_cache(maxsize=8)
def style_ids(model: str | None = None) -> dict[str, str]:
    """Style name → style id in the base document (looked up once: python-docx's lookup is slow)."""
    document = Document(io.BytesIO(base_bytes(model)))
    names = [*PARAGRAPH_STYLES, "Table Grid"]
    return {name: document.styles[name].style_id for name in names}


def _para(container, text: str, style_id: str):
    """A paragraph with ``text`` in the style ``style_id`` (set directly, no name lookup)."""
    paragraph = container.add_paragraph(text)
    paragraph._p.style = style_id
    return paragraph


def _field(paragraph, instruction: str) -> None:
    """A Word field (PAGE, NUMPAGES) in ``paragraph``."""
    run = paragraph.add_run()
    for kind, text in (("begin", None), ("instr", instruction), ("separate", None), ("end", None)):
        if kind == "instr":
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = f" {text} "
        else:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        run._r.append(el)
        if kind == "separate":
            placeholder = OxmlElement("w:t")
            placeholder.text = "1"
            run._r.append(placeholder)


def _header_footer(document, doc: FormDoc, ids: dict[str, str]) -> None:
    section = document.sections[0]
    header = section.header
    lines = list(doc.cabecalho) or [doc.orgao]
    first = header.paragraphs[0]
    first.add_run(lines[0])
    first._p.style = ids["Timbre"]
    for line in lines[1:]:
        _para(header, line, ids["Timbre"])
    if doc.setor:
        _para(header, doc.setor, ids["Setor"])
    foot = section.footer.paragraphs[0]
    foot._p.style = ids["Rodapé do Formulário"]
    address = f" — {doc.endereco}" if doc.endereco else ""
    foot.add_run(f"{doc.orgao}{address}")
    page = _para(section.footer, f"{doc.titulo} nº {doc.numero} — página ", ids["Rodapé do Formulário"])
    _field(page, "PAGE")
    page.add_run(" de ")
    _field(page, "NUMPAGES")


def _fields_table(document, rows, ids: dict[str, str]) -> None:
    table = document.add_table(rows=0, cols=2)
    table._tbl.tblPr.style = ids["Table Grid"]
    for row in rows:
        cells = table.add_row().cells
        cells[0].width, cells[1].width = Mm(66), Mm(112)
        for cell, text in ((cells[0], row.rotulo), (cells[1], row.valor)):
            paragraph = cell.paragraphs[0]
            paragraph.add_run(text)
            paragraph._p.style = ids["Campo"]


def _body(document, doc: FormDoc, ids: dict[str, str]) -> None:
    _para(document, doc.titulo, ids["Título do Formulário"])
    _para(document, f"Nº {doc.numero}", ids["Número do Formulário"])
    _para(document, doc.abertura, ids["Texto do Formulário"])
    for section in doc.secoes:
        _para(document, section.titulo, ids["Seção do Formulário"])
        if section.linhas:
            _fields_table(document, section.linhas, ids)
        for text in section.paragrafos:
            _para(document, text, ids["Texto do Formulário"])
    if doc.avisos:
        _para(document, "Observações", ids["Seção do Formulário"])
        for text in doc.avisos:
            _para(document, text, ids["Texto do Formulário"])
    _para(document, f"Fundamento legal — {doc.norma}", ids["Seção do Formulário"])
    for quote in doc.fundamentos:
        _para(document, quote.citacao, ids["Referência Legal"])
        for line in quote.linhas:
            _para(document, line, ids["Citação Legal"])
    _para(document, doc.local_data, ids["Local e Data"])
    for role in doc.assinaturas:
        _para(document, role, ids["Assinatura"])


class _FixedTimeZip:
    """A zip writer with python-docx's physical-writer interface and fixed entry timestamps."""

    def __init__(self, out: io.BytesIO) -> None:
        self._zip = zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED)

    def write(self, pack_uri, blob: bytes) -> None:
        info = zipfile.ZipInfo(pack_uri.membername, FIXED_ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        self._zip.writestr(info, blob)

    def close(self) -> None:
        self._zip.close()


def save_deterministic(document) -> bytes:
    """Serialise ``document`` as python-docx does, but with fixed zip timestamps (same bytes
    for the same content), in one pass."""
    package = document.part.package
    for part in package.parts:
        part.before_marshal()
    out = io.BytesIO()
    writer = _FixedTimeZip(out)
    PackageWriter._write_content_types_stream(writer, package.parts)
    PackageWriter._write_pkg_rels(writer, package.rels)
    PackageWriter._write_parts(writer, package.parts)
    writer.close()
    return out.getvalue()


def render_docx(doc: FormDoc, issued: datetime, model: str | Path | None = None) -> bytes:
    """The form as DOCX bytes; ``issued`` sets the document's creation date (no clock read)."""
    model_path = str(model) if model and Path(model).is_file() else None
    document = Document(io.BytesIO(base_bytes(model_path)))
    props = document.core_properties
    props.title = f"{doc.titulo} nº {doc.numero}"
    props.subject = doc.norma
    props.created = props.modified = issued
    props.revision = 1
    ids = style_ids(model_path)
    _header_footer(document, doc, ids)
    _body(document, doc, ids)
    return save_deterministic(document)
