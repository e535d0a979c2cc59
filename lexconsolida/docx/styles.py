"""Build the reference DOCX (``templates/reference.docx``): the styles every DOCX we write uses.

Run ``python -m lexconsolida.docx.styles [OUT.docx ...]``; without arguments it
rebuilds both copies, ``templates/reference.docx`` (the one municipalities adapt) and
``lexconsolida/data/reference.docx`` (the package data the writer loads). The build is
deterministic: the same code gives byte-identical files (fixed core properties, no dates, zip
entries sorted with fixed timestamps).

Styles carry all formatting; the writer only names them. Names are in Portuguese; ids are
their ASCII forms, so Word and LibreOffice both show the Portuguese names.
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass, field
from pathlib import Path

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml.ns import qn
from docx.shared import Cm, Pt

from lexconsolida.docx.page import a4_portrait
from lexconsolida.docx.save import CORE_DROP, deterministic_zip
from lexconsolida.io import atomic_write

FONT = "Times New Roman"
"""Word's standard serif; LibreOffice on Debian maps it to the metric-compatible Liberation Serif."""

RT_THUMBNAIL = "http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail"
RT_CUSTOM_XML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml"
RT_STYLES_WITH_EFFECTS = "http://schemas.microsoft.com/office/2007/relationships/stylesWithEffects"
RT_NUMBERING = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering"
RT_EXTENDED = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties"
APP_XML = (
    "<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n"
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
    'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
    "<Template>reference.docx</Template><Application>lexconsolida</Application>"
    "<DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate>"
    "<SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged></Properties>"
).encode("utf-8")

KEEP_BUILTIN = {"Normal", "DefaultParagraphFont", "TableNormal", "NoList", "Header", "Footer"}
"""Built-in styles the template keeps; every other style of python-docx's default is dropped."""


@dataclass(slots=True, frozen=True)
class StyleSpec:
    """One named style of the template."""

    name: str
    """Portuguese name shown in Word/LibreOffice, and the name the writer uses."""
    style_id: str
    """ASCII id stored in the XML."""
    base: str | None = "Normal"
    align: str = "justify"
    """'left', 'center', 'right' or 'justify'."""
    first_indent_cm: float = 0.0
    left_indent_cm: float = 0.0
    before_pt: float = 0.0
    after_pt: float = 6.0
    size_pt: float | None = None
    bold: bool = False
    italic: bool = False
    caps: bool = False
    strike: bool = False
    keep_with_next: bool = False
    keep_together: bool = False
    next_style: str | None = None
    extra: dict = field(default_factory=dict)


_ALIGN = {
    "left": WD_ALIGN_PARAGRAPH.LEFT,
    "center": WD_ALIGN_PARAGRAPH.CENTER,
    "right": WD_ALIGN_PARAGRAPH.RIGHT,
    "justify": WD_ALIGN_PARAGRAPH.JUSTIFY,
}

DISPOSITIVO_INDENT_CM = 2.0

PARAGRAPH_STYLES: tuple[StyleSpec, ...] = (
    StyleSpec("Cabeçalho órgão", "CabecalhoOrgao", align="center", after_pt=0, size_pt=11, bold=True),
    StyleSpec("Cabeçalho órgão final", "CabecalhoOrgaoFinal", base="Cabeçalho órgão", align="center", after_pt=12,
              extra={"border_bottom": True}),
    StyleSpec("Rodapé órgão", "RodapeOrgao", align="center", after_pt=0, size_pt=8),
    StyleSpec("Número de página", "NumeroPagina", align="right", after_pt=0, size_pt=9),
    StyleSpec("Situação do texto", "SituacaoTexto", align="center", before_pt=0, after_pt=12,
              size_pt=10, italic=True, keep_with_next=True, extra={"border_box": True}),
    StyleSpec("Epígrafe", "Epigrafe", align="center", before_pt=12, after_pt=18, bold=True,
              caps=True, keep_with_next=True, next_style="Ementa"),
    StyleSpec("Ementa", "Ementa", left_indent_cm=8.0, after_pt=18, keep_with_next=True,
              next_style="Preâmbulo"),
    StyleSpec("Preâmbulo", "Preambulo", first_indent_cm=DISPOSITIVO_INDENT_CM, after_pt=12),
    StyleSpec("Agrupador Rótulo", "AgrupadorRotulo", align="center", before_pt=12, after_pt=12,
              bold=True, caps=True, keep_with_next=True, keep_together=True,
              next_style="Agrupador Nome"),
    StyleSpec("Agrupador Nome", "AgrupadorNome", align="center", after_pt=12, bold=True,
              caps=True, keep_with_next=True, next_style="Artigo"),
    StyleSpec("Seção Rótulo", "SecaoRotulo", base="Agrupador Rótulo", align="center", before_pt=12,
              after_pt=12, bold=True, keep_with_next=True, keep_together=True,
              next_style="Seção Nome", extra={"no_caps": True}),
    StyleSpec("Seção Nome", "SecaoNome", base="Agrupador Nome", align="center", after_pt=12,
              bold=True, keep_with_next=True, next_style="Artigo", extra={"no_caps": True}),
    StyleSpec("Artigo", "Artigo", first_indent_cm=DISPOSITIVO_INDENT_CM, after_pt=6),
    StyleSpec("Parágrafo", "Paragrafo", base="Artigo"),
    StyleSpec("Inciso", "Inciso", base="Artigo"),
    StyleSpec("Alínea", "Alinea", base="Artigo"),
    StyleSpec("Item", "Item", base="Artigo"),
    StyleSpec("Texto revogado", "TextoRevogado", base="Artigo", strike=True),
    StyleSpec("Nota de alteração", "NotaAlteracao", base="Artigo", align="right", after_pt=6,
              size_pt=10, italic=True),
    StyleSpec("Texto alterado", "TextoAlterado", base="Artigo", left_indent_cm=2.0),
    StyleSpec("Lacuna", "Lacuna", base="Artigo", italic=True),
    StyleSpec("Fecho", "Fecho", first_indent_cm=DISPOSITIVO_INDENT_CM, before_pt=12, after_pt=24,
              keep_with_next=True),
    StyleSpec("Assinatura", "Assinatura", align="center", before_pt=36, after_pt=12,
              keep_together=True),
    StyleSpec("Documento Título", "DocumentoTitulo", align="center", before_pt=12, after_pt=12,
              bold=True, caps=True, keep_with_next=True),
    StyleSpec("Documento", "Documento", first_indent_cm=DISPOSITIVO_INDENT_CM, after_pt=6),
    StyleSpec("Documento Autoria", "DocumentoAutoria", align="left", after_pt=12, bold=True),
    StyleSpec("Documento Destinatário", "DocumentoDestinatario", align="left", after_pt=0,
              keep_with_next=True),
    StyleSpec("Documento Data", "DocumentoData", align="right", before_pt=12, after_pt=12,
              keep_with_next=True),
    StyleSpec("Anexo", "Anexo", after_pt=6),
    StyleSpec("Quadro Cabeçalho", "QuadroCabecalho", align="center", after_pt=0, size_pt=10,
              bold=True),
    StyleSpec("Quadro Célula", "QuadroCelula", align="left", after_pt=3, size_pt=10),
)

CHARACTER_STYLES: tuple[StyleSpec, ...] = (
    StyleSpec("Rótulo", "Rotulo", base=None, bold=True),
    StyleSpec("Acréscimo", "Acrescimo", base=None, bold=True, extra={"underline": True}),
    StyleSpec("Supressão", "Supressao", base=None, strike=True),
)
TABLE_STYLES = ("Quadro",)
"""Table styles: 'Quadro' (the quadro comparativo: thin borders on every cell)."""

STYLE_NAMES = {s.name for s in PARAGRAPH_STYLES + CHARACTER_STYLES} | set(TABLE_STYLES)


def build() -> bytes:
    """The reference DOCX as deterministic bytes."""
    doc = Document()
    _drop_extra_parts(doc)
    _prune_styles(doc)
    _set_defaults(doc)
    for spec in PARAGRAPH_STYLES:
        _add_style(doc, spec, WD_STYLE_TYPE.PARAGRAPH)
    for spec in CHARACTER_STYLES:
        _add_style(doc, spec, WD_STYLE_TYPE.CHARACTER)
    _add_table_style(doc, "Quadro", "Quadro")
    _link_next_styles(doc)
    _set_page(doc)
    _set_core_properties(doc, title="Modelo de referência do lexconsolida",
                         subject="Estilos dos atos normativos (LC 95/1998)")
    body = doc.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    buf = io.BytesIO()
    doc.save(buf)
    return deterministic_zip(buf.getvalue())


def _drop_extra_parts(doc) -> None:
    """Drop the default template's thumbnail, bibliography part, stylesWithEffects, numbering."""
    pkg_rels = doc.part.package.rels
    for rid, rel in list(pkg_rels.items()):
        if rel.reltype == RT_THUMBNAIL:
            del pkg_rels[rid]
        elif rel.reltype == RT_EXTENDED:
            rel.target_part._blob = APP_XML  # no page/word counts, no "Microsoft Macintosh Word"
    rels = doc.part.rels
    for rid, rel in list(rels.items()):
        if rel.reltype in (RT_CUSTOM_XML, RT_STYLES_WITH_EFFECTS, RT_NUMBERING):
            del rels[rid]
    settings = doc.settings.element
    for tag in ("w:rsids", "w:savePreviewPicture", "w:proofState"):
        for el in settings.findall(qn(tag)):
            settings.remove(el)
    docid = settings.find(qn("w14:docId"))
    if docid is not None:
        settings.remove(docid)
    lang = settings.find(qn("w:themeFontLang"))
    if lang is not None:
        lang.set(qn("w:val"), "pt-BR")


def _prune_styles(doc) -> None:
    root = doc.styles.element
    latent = root.find(qn("w:latentStyles"))
    if latent is not None:
        root.remove(latent)
    for st in root.findall(qn("w:style")):
        if st.get(qn("w:styleId")) not in KEEP_BUILTIN:
            root.remove(st)
            continue
        for tag in ("w:link", "w:rsid"):
            for el in st.findall(qn(tag)):
                st.remove(el)


def _set_defaults(doc) -> None:
    """Document defaults and Normal: the serif font, 12 pt, Portuguese (Brazil), single lines."""
    root = doc.styles.element
    rpr = root.find(qn("w:docDefaults")).find(qn("w:rPrDefault")).find(qn("w:rPr"))
    fonts = rpr.find(qn("w:rFonts"))
    for attr in list(fonts.attrib):
        del fonts.attrib[attr]
    for attr in ("w:ascii", "w:hAnsi", "w:cs", "w:eastAsia"):
        fonts.set(qn(attr), FONT)
    rpr.find(qn("w:sz")).set(qn("w:val"), "24")
    rpr.find(qn("w:szCs")).set(qn("w:val"), "24")
    lang = rpr.find(qn("w:lang"))
    lang.set(qn("w:val"), "pt-BR")
    lang.set(qn("w:eastAsia"), "pt-BR")
    ppr = root.find(qn("w:docDefaults")).find(qn("w:pPrDefault")).find(qn("w:pPr"))
    spacing = ppr.find(qn("w:spacing"))
    spacing.set(qn("w:after"), "0")
    spacing.set(qn("w:line"), "240")
    normal = doc.styles["Normal"]
    normal.font.name = FONT
    normal.font.size = Pt(12)
    normal.paragraph_format.space_after = Pt(0)


def _add_style(doc, spec: StyleSpec, kind) -> None:
    style = doc.styles.add_style(spec.name, kind)
    style.style_id = spec.style_id
    style.hidden = False
    style.quick_style = True
    style.unhide_when_used = False
    style.priority = 1
    if spec.base:
        style.base_style = doc.styles[spec.base]
    font = style.font
    if spec.size_pt:
        font.size = Pt(spec.size_pt)
    font.bold = spec.bold or None
    font.italic = spec.italic or None
    font.all_caps = False if spec.extra.get("no_caps") else (spec.caps or None)
    font.strike = spec.strike or None
    font.underline = True if spec.extra.get("underline") else None
    if kind != WD_STYLE_TYPE.PARAGRAPH:
        return
    pf = style.paragraph_format
    pf.alignment = _ALIGN[spec.align]
    pf.first_line_indent = Cm(spec.first_indent_cm) if spec.first_indent_cm else None
    pf.left_indent = Cm(spec.left_indent_cm) if spec.left_indent_cm else None
    pf.space_before = Pt(spec.before_pt)
    pf.space_after = Pt(spec.after_pt)
    pf.keep_with_next = spec.keep_with_next or None
    pf.keep_together = spec.keep_together or None
    pf.widow_control = True
    if spec.extra.get("border_bottom"):
        _border_bottom(style)
    if spec.extra.get("border_box"):
        _border_bottom(style, sides=("top", "left", "bottom", "right"))


def _add_table_style(doc, name: str, style_id: str) -> None:
    """A table style with thin single borders on every edge and cell margins of 0.1 cm."""
    style = doc.styles.add_style(name, WD_STYLE_TYPE.TABLE)
    style.style_id = style_id
    style.hidden = False
    style.priority = 1
    el = style.element
    tblpr = el.makeelement(qn("w:tblPr"), {})
    borders = tblpr.makeelement(qn("w:tblBorders"), {})
    for side in ("top", "left", "bottom", "right", "insideH", "insideV"):
        borders.append(borders.makeelement(qn(f"w:{side}"), {
            qn("w:val"): "single", qn("w:sz"): "4", qn("w:space"): "0", qn("w:color"): "auto"}))
    tblpr.append(borders)
    margins = tblpr.makeelement(qn("w:tblCellMar"), {})
    for side in ("left", "right"):
        margins.append(margins.makeelement(qn(f"w:{side}"), {qn("w:w"): "57", qn("w:type"): "dxa"}))
    tblpr.append(margins)
    el.append(tblpr)


def _border_bottom(style, sides=("bottom",)) -> None:
    """A thin rule under the paragraph (the letterhead's last line), or a box (``sides``)."""
    ppr = style.element.get_or_add_pPr()
    bdr = ppr.makeelement(qn("w:pBdr"), {})
    for side in sides:
        bdr.append(bdr.makeelement(qn(f"w:{side}"), {
            qn("w:val"): "single", qn("w:sz"): "6", qn("w:space"): "4", qn("w:color"): "auto"}))
    # CT_PPr's schema order: pBdr comes after keepNext/keepLines/pageBreakBefore/widowControl…
    anchor = ppr.find(qn("w:spacing"))
    if anchor is not None:
        anchor.addprevious(bdr)
    else:
        ppr.append(bdr)


def _link_next_styles(doc) -> None:
    """'Next style' (what Enter gives in Word): epígrafe → ementa → preâmbulo, etc."""
    for spec in PARAGRAPH_STYLES:
        if spec.next_style:
            doc.styles[spec.name].next_paragraph_style = doc.styles[spec.next_style]


def _set_page(doc) -> None:
    """A4 portrait; margins as Brazilian official documents use (ABNT: 3 cm top/left, 2 cm bottom/right)."""
    sec = doc.sections[0]
    a4_portrait(sec, top=Cm(3.0), bottom=Cm(2.0), left=Cm(3.0), right=Cm(2.0))
    sec.header_distance, sec.footer_distance = Cm(1.0), Cm(1.0)
    sect = sec._sectPr
    for attr in ("w:rsidR", "w:rsidRPr", "w:rsidSect"):
        sect.attrib.pop(qn(attr), None)


def _set_core_properties(doc, *, title: str, subject: str) -> None:
    """Title and subject set; creator fixed; every date and 'last modified by' removed."""
    cp = doc.core_properties
    cp.title = title
    cp.subject = subject
    cp.author = "lexconsolida"
    cp.comments = ""
    cp.keywords = ""
    cp.category = ""
    cp.revision = 1
    el = cp._element
    for tag in CORE_DROP:
        for child in el.findall(qn(tag)):
            el.remove(child)


ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUTPUTS = (ROOT / "templates" / "reference.docx", Path(__file__).resolve().parents[1] / "data" / "reference.docx")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    outputs = [Path(a) for a in args] or list(DEFAULT_OUTPUTS)
    data = build()
    for out in outputs:
        atomic_write(out, data)
        print(f"modelo gravado: {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
