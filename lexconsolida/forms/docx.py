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
from xml.sax.saxutils import escape

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import qn
from docx.shared import Mm, Pt

from lexconsolida.docx.page import a4_portrait
from lexconsolida.docx.save import FIXED_ZIP_TIME, save_deterministic
from lexconsolida.forms.document import BLANK_DATE, BLANK_TIME, FormDoc, Signature
from lexconsolida.forms.textnorm import strip_accents
from lexconsolida.lexml.xml_safe import xml_text

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
    "Assinatura": ("Normal", 9.5, False, False, "center", 0, 0, {}),
    "Recorte": ("Normal", 8, False, False, "center", 14, 4, {"keep": True}),
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


def _ascii_id(name: str) -> str:
    """An ASCII style id for a Portuguese style name ('Seção do Formulário' → 'SecaodoFormulario')."""
    return "".join(ch for ch in strip_accents(name) if ch.isalnum())


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
        style.style_id = _ascii_id(name)
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
    a4_portrait(document.sections[0], top=Mm(18), bottom=Mm(20), left=Mm(16), right=Mm(16))


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


def _has_content(part) -> bool:
    """Whether a header/footer already carries text or a drawing (a municipality's letterhead)."""
    element = part._element
    return any((t.text or "").strip() for t in element.iter(qn("w:t"))) or \
        next(element.iter(qn("w:drawing")), None) is not None


def _header_footer(document, doc: FormDoc, ids: dict[str, str]) -> None:
    """Letterhead in the header and address plus 'page N of M' in the footer. A model's own
    letterhead (header with content) is kept as it is; its footer gets the page line added."""
    section = document.sections[0]
    header, footer = section.header, section.footer
    if not _has_content(header):
        lines = list(doc.cabecalho) or [doc.orgao]
        first = header.paragraphs[0]
        first.add_run(lines[0])
        first._p.style = ids["Timbre"]
        for line in lines[1:]:
            _para(header, line, ids["Timbre"])
        if doc.setor:
            _para(header, doc.setor, ids["Setor"])
    if not _has_content(footer):
        foot = footer.paragraphs[0]
        foot._p.style = ids["Rodapé do Formulário"]
        address = f" — {doc.endereco}" if doc.endereco else ""
        foot.add_run(f"{doc.orgao}{address}")
    page = _para(footer, f"{doc.titulo} nº {doc.numero} — página ", ids["Rodapé do Formulário"])
    _field(page, "PAGE")
    page.add_run(" de ")
    _field(page, "NUMPAGES")


W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
CELL_WIDTHS = (Mm(66).twips, Mm(112).twips)




def _p_xml(text: str, style_id: str, keep: bool = False) -> str:
    """One paragraph in a named style, as WordprocessingML (text escaped, spaces kept); ``keep``:
    kept on the page of the next paragraph."""
    text = xml_text(text)
    run = f'<w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r>' if text else ""
    keep_next = "<w:keepNext/>" if keep else ""
    return f'<w:p><w:pPr><w:pStyle w:val="{style_id}"/>{keep_next}</w:pPr>{run}</w:p>'


def _table_xml(rows, ids: dict[str, str]) -> str:
    grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in CELL_WIDTHS)
    out = [f'<w:tbl><w:tblPr><w:tblStyle w:val="{ids["Table Grid"]}"/><w:tblW w:type="auto" w:w="0"/>'
           f'<w:tblLook w:firstColumn="1" w:firstRow="0" w:lastColumn="0" w:lastRow="0" w:noHBand="0" '
           f'w:noVBand="1" w:val="0480"/></w:tblPr><w:tblGrid>{grid}</w:tblGrid>']
    for row in rows:
        out.append("<w:tr>")
        for width, text in zip(CELL_WIDTHS, (row.rotulo, row.valor)):
            out.append(f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{width}"/></w:tcPr>{_p_xml(text, ids["Campo"])}</w:tc>')
        out.append("</w:tr>")
    out.append("</w:tbl>")
    return "".join(out)


MM = 56.7  # twips per millimetre
SIG_WIDTHS = (round(80 * MM), round(18 * MM), round(80 * MM))
"""Two signature columns with a gap: each line is its own cell's top border, so two lines never
merge into one (two paragraphs with the same top border do merge, in Word and LibreOffice)."""
SIG_SPACE = round(13 * MM)
NO_BORDERS = ('<w:tblBorders>' + "".join(f'<w:{side} w:val="nil"/>' for side in
              ("top", "left", "bottom", "right", "insideH", "insideV")) + '</w:tblBorders>')


def _cell(width: int, inner: str, top_line: bool = False) -> str:
    border = '<w:tcBorders><w:top w:val="single" w:sz="6" w:space="0" w:color="000000"/></w:tcBorders>' \
        if top_line else ""
    return f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{width}"/>{border}</w:tcPr>{inner}</w:tc>'


def signatures_xml(sigs, ids: dict[str, str], keep_last: bool = False, space: int = SIG_SPACE) -> str:
    """Signature lines two by two: a blank row to sign in, then the line (the cell's top border)
    with the signer's name and role under it."""
    grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in SIG_WIDTHS)
    out = [f'<w:tbl><w:tblPr><w:tblW w:type="dxa" w:w="{sum(SIG_WIDTHS)}"/>{NO_BORDERS}'
           f'<w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>{grid}</w:tblGrid>']
    pairs = [sigs[i:i + 2] for i in range(0, len(sigs), 2)]
    style = ids["Assinatura"]
    for n, pair in enumerate(pairs):
        keep = keep_last or n < len(pairs) - 1
        blank = "".join(_cell(w, _p_xml("", style, True)) for w in SIG_WIDTHS)
        out.append(f'<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="{space}" w:hRule="atLeast"/></w:trPr>'
                   f'{blank}</w:tr>')
        cells = []
        for col, width in enumerate(SIG_WIDTHS):
            sig = pair[col // 2] if col != 1 and col // 2 < len(pair) else None
            if sig is None:
                cells.append(_cell(width, _p_xml("", style, keep)))
                continue
            inner = (_p_xml(sig.nome, style, True) if sig.nome else "") + _p_xml(sig.papel, style, keep)
            cells.append(_cell(width, inner, top_line=True))
        out.append(f'<w:tr><w:trPr><w:cantSplit/></w:trPr>{"".join(cells)}</w:tr>')
    out.append("</w:tbl>")
    return "".join(out)


def ciencia_xml(doc: FormDoc, ids: dict[str, str]) -> str:
    """'Ciente em … às …' and the refusal to sign, before the signatures."""
    c = doc.ciencia
    assert c is not None, "ciencia_xml is called only for forms with a ciência block"
    text = ids["Texto do Formulário"]
    out = [_p_xml("Ciência do autuado", ids["Seção do Formulário"], True),
           _p_xml(f"Ciente em {c.data_hora or BLANK_DATE + ', às ' + BLANK_TIME}.", text, True),
           _p_xml(f"{'☒' if c.recusa else '☐'} O autuado recusou-se a assinar; a recusa foi presenciada pelas duas "
                   "testemunhas abaixo identificadas.", text, True)]
    return "".join(out)


def witnesses(doc: FormDoc):
    names = doc.ciencia.testemunhas if doc.ciencia else (None, None)
    return [Signature("1ª testemunha da recusa (nome e documento)", names[0]),
            Signature("2ª testemunha da recusa (nome e documento)", names[1])]


def stub_xml(doc: FormDoc, ids: dict[str, str]) -> str:
    """The receipt stub: a cut line, its title and text, and two signature lines."""
    stub = doc.canhoto
    assert stub is not None, "stub_xml is called only for forms with a receipt stub"
    out = [_p_xml("✂ - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -",
                   ids["Recorte"], True),
           _p_xml(stub.titulo, ids["Seção do Formulário"], True)]
    out += [_p_xml(line, ids["Texto do Formulário"], True) for line in stub.linhas]
    out.append(signatures_xml(stub.assinaturas, ids))
    return "".join(out)


def body_xml(doc: FormDoc, ids: dict[str, str]) -> str:
    """The form's body as WordprocessingML, built as text and parsed once (fast, deterministic)."""
    out = [_p_xml(doc.titulo, ids["Título do Formulário"]),
           _p_xml(f"Nº {doc.numero}", ids["Número do Formulário"]),
           _p_xml(doc.abertura, ids["Texto do Formulário"])]
    for section in doc.secoes:
        out.append(_p_xml(section.titulo, ids["Seção do Formulário"]))
        if section.linhas:
            out.append(_table_xml(section.linhas, ids))
        out += [_p_xml(text, ids["Texto do Formulário"]) for text in section.paragrafos]
    if doc.avisos:
        out.append(_p_xml("Observações", ids["Seção do Formulário"]))
        out += [_p_xml(text, ids["Texto do Formulário"]) for text in doc.avisos]
    out.append(_p_xml(f"Fundamento legal — {doc.norma}", ids["Seção do Formulário"]))
    for quote in doc.fundamentos:
        out.append(_p_xml(quote.citacao, ids["Referência Legal"]))
        out += [_p_xml(line, ids["Citação Legal"]) for line in quote.linhas]
    out.append(_p_xml(doc.local_data, ids["Local e Data"], True))
    sigs = list(doc.assinaturas)
    if doc.ciencia is not None:
        out.append(ciencia_xml(doc, ids))
        sigs += witnesses(doc)
    out.append(signatures_xml(sigs, ids))
    if doc.canhoto is not None:
        out.append(stub_xml(doc, ids))
    out.append(_p_xml("", ids["Texto do Formulário"]))
    return "".join(out)


def _body(document, doc: FormDoc, ids: dict[str, str]) -> None:
    wrapper = parse_xml(f'<w:body xmlns:w="{W_NS}">{body_xml(doc, ids)}</w:body>')
    body = document.element.body
    anchor = body.find(qn("w:sectPr"))
    for child in list(wrapper):
        if anchor is not None:
            anchor.addprevious(child)
        else:
            body.append(child)


NUMBER_MARK = "\u2063NUMERO\u2063"
"""Stands for the form's number in the prepared package (invisible separator, never in case data)."""
DATE_MARK = datetime(1901, 1, 1)
"""Stands for the form's date in the prepared package's core properties."""


@lru_cache(maxsize=32)
def _prepared(model_path: str | None, titulo: str, norma: str, orgao: str, setor: str | None,
              cabecalho: tuple[str, ...], endereco: str | None) -> tuple[tuple[str, bytes], ...]:
    """The parts of a form's package with everything but the number, the date and the body
    filled in (letterhead, footer, styles, properties), built once per kind and issuing body:
    python-docx takes ~10 ms to open and save a package, the rest is string work."""
    document = Document(io.BytesIO(base_bytes(model_path)))
    props = document.core_properties
    props.title = f"{titulo} nº {NUMBER_MARK}"
    props.subject = norma
    props.created = props.modified = DATE_MARK
    props.revision = 1
    shell = FormDoc("", titulo, NUMBER_MARK, "", orgao, setor, cabecalho, endereco, norma, "", [], [], [], [], "")
    _header_footer(document, shell, style_ids(model_path))
    with zipfile.ZipFile(io.BytesIO(save_deterministic(document))) as z:
        return tuple((name, z.read(name)) for name in z.namelist())


def _w3c(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def render_docx(doc: FormDoc, issued: datetime, model: str | Path | None = None) -> bytes:
    """The form as DOCX bytes; ``issued`` sets the document's creation date (no clock read)."""
    model_path = str(model) if model and Path(model).is_file() else None
    parts = _prepared(model_path, doc.titulo, doc.norma, doc.orgao, doc.setor, doc.cabecalho, doc.endereco)
    number = escape(doc.numero).encode("utf-8")
    mark = NUMBER_MARK.encode("utf-8")
    body = body_xml(doc, style_ids(model_path)).encode("utf-8")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts:
            if name == "word/document.xml":
                head, sep, tail = data.partition(b"<w:sectPr")
                data = head + body + sep + tail
            elif name == "docProps/core.xml":
                data = data.replace(_w3c(DATE_MARK).encode(), _w3c(issued).encode())
            data = data.replace(mark, number)
            info = zipfile.ZipInfo(name, FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return out.getvalue()
