"""DOCX reader: a Word file back to a Norma.

Three paths, best first:

1. **Embedded LexML** (``customXml/item1.xml``, written by :mod:`lexconsolida.writers.docx`):
   read with the LexML reader; lossless.
2. **Our styles** ("Epígrafe", "Artigo", "Inciso" … and the character style "Rótulo"): the
   tree is rebuilt from the styled paragraphs; ids come from the bookmarks the writer leaves on
   every unit, or are derived from the rótulos. Struck-through superseded wordings, notes and
   quoted alteration blocks are skipped (reported), so history is not recovered on this path.
3. **A plain draft** (no styles of ours): the paragraphs' text is joined line by line and read
   by the text reader, as if it were a .txt file.
"""

from __future__ import annotations

import hashlib
import io
import re
import zipfile
from dataclasses import dataclass

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml.ns import qn
from docx.table import Table
from docx.text.paragraph import Paragraph
from lxml import etree

from lexconsolida.docx.styles import STYLE_NAMES
from lexconsolida.errors import InputError
from lexconsolida.lexml.xml_safe import NS_LEXML
from lexconsolida.model import Diagnostic, Documento, Norma, Provenance, Severity, Signature
from lexconsolida.model.dates import parse_date
from lexconsolida.model.urn import Urn
from lexconsolida.readers import ReadResult, get_reader
from lexconsolida.readers.docx_styled import StyledTreeBuilder
from lexconsolida.readers.text.tables import draw_grid, find_blocks

RT_CUSTOM_XML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml"
MARKER_STYLES = STYLE_NAMES - {"Cabeçalho órgão", "Rodapé órgão", "Número de página", "Rótulo"}
"""Paragraph styles whose presence in the body means 'written with our template'."""


@dataclass(slots=True)
class Para:
    """One body paragraph as the styled reader needs it."""

    index: int
    """1-based position among the body's paragraphs (reported as the 'line')."""
    style: str
    text: str
    label: str | None
    """Text of the leading runs in the character style 'Rótulo', when any."""
    bookmark: str | None
    """Name of the first bookmark in the paragraph."""


def read(data: bytes, *, path: str | None = None, **opts) -> ReadResult:
    doc = _open(data, path)
    provenance = Provenance(path=path, sha256=hashlib.sha256(data).hexdigest(), reader="docx")
    embedded = embedded_lexml(doc)
    if embedded is not None and opts.get("use_embedded", True):
        result = get_reader("lexml")(embedded, path=path)
        result.norma.provenance = provenance
        return result
    paras = body_paragraphs(doc)
    if made_with_our_template(doc, paras):
        result = read_styled(paras, path=path)
        if next(iter(result.norma.artigos()), None) is not None or not _has_article_lines(paras):
            _metadata_from_core(doc, result.norma)
            result.norma.provenance = provenance
            return result
        # the styles said "our template", but no article came out of them while the text has
        # 'Art. 1º' lines: the styles were someone else's; the text reader reads it
        fallback = _read_as_text(paras, path=path, provenance=provenance, **opts)
        fallback.diagnostics.insert(1, Diagnostic(
            "docx-sem-modelo", "os estilos do DOCX parecem os do modelo, mas nenhum artigo saiu deles: "
            "lido como texto", Severity.INFO))
        return fallback
    return _read_as_text(paras, path=path, provenance=provenance, **opts)


STRUCTURE_STYLES = frozenset({"Epígrafe", "Ementa", "Artigo", "Parágrafo", "Inciso", "Alínea", "Item",
                              "Agrupador Rótulo", "Seção Rótulo", "Fecho"}) & MARKER_STYLES
"""Styles of the template that carry the structure of an act."""
_ART_LINE = re.compile(r"^\s*[\"“]?\s*Art\.?\s*\d")


def made_with_our_template(doc, paras: list[Para]) -> bool:
    """True when the DOCX was written with the project's template: the document says so (the
    writer's core properties), or its body uses the template's 'Artigo' style and at least one
    other structural style. One paragraph in a style of a common name ('Preâmbulo', 'Ementa')
    is not enough: other templates — the federal ones among them — use the same names."""
    if (doc.core_properties.author or "").strip() == "lexconsolida":
        return True
    used = {p.style for p in paras} & STRUCTURE_STYLES
    return "Artigo" in used and len(used) >= 2


def _has_article_lines(paras: list[Para]) -> bool:
    return any(_ART_LINE.match(p.text) for p in paras)


def _open(data: bytes, path: str | None):
    if not data.startswith(b"PK"):
        raise InputError("o arquivo não é um DOCX (não é um pacote zip)", path=path)
    _refuse_dtd(data, path)
    try:
        return Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError, etree.XMLSyntaxError) as err:
        raise InputError(f"DOCX ilegível ou corrompido ({err})", path=path) from None
    except Exception as err:  # python-docx raises its own types for non-Word packages
        if type(err).__module__.startswith("docx"):
            raise InputError(f"o arquivo não é um documento Word ({err})", path=path) from None
        raise


def _refuse_dtd(data: bytes, path: str | None) -> None:
    """A part of the package that declares a DOCTYPE (and so entities) is refused, as any XML
    the project reads (:func:`lexconsolida.lexml.xml_safe.parse_xml`): Word never writes one, an
    entity is never resolved here, and its text would be lost without a word."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            for info in package.infolist():
                if not info.filename.endswith((".xml", ".rels")):
                    continue
                with package.open(info) as part:
                    head = part.read(1 << 16)
                if b"<!DOCTYPE" in head or b"<!ENTITY" in head:
                    raise InputError(f"DOCX com DOCTYPE/entidades XML em {info.filename}: recusado por "
                                     "segurança (o Word não grava isso; salve o documento de novo no Word "
                                     "ou no LibreOffice)", path=path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, NotImplementedError) as err:
        raise InputError(f"DOCX ilegível ou corrompido ({err})", path=path) from None


def embedded_lexml(doc) -> bytes | None:
    """The LexML custom XML part, when the document carries one."""
    for rel in doc.part.rels.values():
        if rel.reltype != RT_CUSTOM_XML or rel.is_external:
            continue
        blob = rel.target_part.blob
        if NS_LEXML.encode() in blob[:2048]:
            return blob
    return None


TABLE_STYLE = "(tabela)"
"""Pseudo style of a table's text (rows as lines, cells separated by ' | ')."""


def body_paragraphs(doc) -> list[Para]:
    """The body's paragraphs and tables in order, with style name, rótulo runs and bookmark."""

    names = {s.style_id: s.name for s in doc.styles}  # once: python-docx searches per call
    default = doc.styles.default(WD_STYLE_TYPE.PARAGRAPH)
    default_name = default.name if default is not None else "Normal"
    out = []
    for i, el in enumerate(doc.element.body.iterchildren(qn("w:p"), qn("w:tbl")), start=1):
        if el.tag == qn("w:tbl"):
            out.append(Para(i, TABLE_STYLE, _table_text(Table(el, doc)), None, None))
            continue
        p = Paragraph(el, doc)
        style = names.get(el.style, default_name) if el.style else default_name
        label_parts = []
        for run in p.runs:
            if run._r.style and names.get(run._r.style) == "Rótulo":
                label_parts.append(run.text)
            elif run.text:
                break
        bm = el.find(".//" + qn("w:bookmarkStart"))
        name = bm.get(qn("w:name")) if bm is not None else None
        out.append(Para(i, style, p.text, "".join(label_parts) or None, name))
    return out


def _cell_text(tc) -> str:
    return " ".join("".join(t.text or "" for t in tc.iter(qn("w:t"))).split())


def _continues(tc) -> bool:
    """A cell that continues the vertically merged cell above it (``w:vMerge`` without
    ``restart``)."""
    v = tc.tcPr.find(qn("w:vMerge")) if tc.tcPr is not None else None
    return v is not None and v.get(qn("w:val")) != "restart"


def _heading(tr) -> bool:
    """A row of the heading: Word repeats it on each page, or all its text is bold."""
    trpr = tr.trPr
    if trpr is not None and trpr.find(qn("w:tblHeader")) is not None:
        return True
    runs = [r for r in tr.iter(qn("w:r")) if "".join(t.text or "" for t in r.iter(qn("w:t"))).strip()]
    return bool(runs) and all(_bold(r) for r in runs)


def _bold(run) -> bool:
    b = run.find(f"{qn('w:rPr')}/{qn('w:b')}")
    return b is not None and b.get(qn("w:val"), "true") not in ("0", "false", "off")


def _table_text(table) -> str:
    """A Word table as the text reader's grid table (``readers/text/tables.py``), spans kept: a
    cell that spans columns (``w:gridSpan``) has no bar inside it, a cell merged down
    (``w:vMerge``) has no rule under it, and the heading (the first rows, while Word repeats them
    or all their text is bold) sits above a '=' rule — the grid reader rebuilds ``colspan`` and
    ``rowspan`` from that drawing. A table with a '|' in a cell is written as a pipe table
    ('\\|'), spans as empty cells (the grid would read the bar as a column)."""
    trs = list(table._tbl.tr_lst)
    owner: list[list[int]] = []
    texts: dict[int, str] = {}
    for tr in trs:
        row: list[int] = []
        for tc in tr.tc_lst:
            col = len(row)
            if _continues(tc) and owner and col < len(owner[-1]):
                cid = owner[-1][col]
            else:
                cid = len(texts)
                texts[cid] = _cell_text(tc)
            row += [cid] * max(1, tc.grid_span)
        owner.append(row)
    width = max((len(r) for r in owner), default=0)
    if not owner or width == 0:
        return ""
    for r in owner:  # rows shorter than the grid (w:gridAfter): empty cells of their own
        while len(r) < width:
            texts[len(texts)] = ""
            r.append(len(texts) - 1)
    heads = 0
    while heads < len(trs) - 1 and _heading(trs[heads]):
        heads += 1
    return "\n".join(draw_grid(owner, texts, heads))


def _table_rows(grid: str) -> str:
    """A table's grid drawing as its rows, cells joined by ' | ' (for a report)."""
    blocks = find_blocks(grid.split("\n"))
    if len(blocks) != 1 or blocks[0].table is None:
        return grid
    return "\n".join(" | ".join(c.text for c in r.cells) for r in blocks[0].table.rows)


def read_styled(paras: list[Para], *, path: str | None = None) -> ReadResult:
    """A Norma from paragraphs in our styles (path 2)."""
    norma = Norma()
    diags: list[Diagnostic] = []
    builder = StyledTreeBuilder(norma, diags)
    documento = None
    for p in paras:
        style, text = p.style, p.text.strip()
        if style == "Documento Título":
            documento = Documento(tipo=text, text="")
            norma.documentos.append(documento)
        elif style == "Documento" and documento is not None:
            documento.text = f"{documento.text}\n{text}" if documento.text else text
        elif style == "Epígrafe":
            norma.epigrafe = f"{norma.epigrafe} {text}" if norma.epigrafe else text
        elif style == "Ementa":
            norma.ementa = f"{norma.ementa} {text}" if norma.ementa else text
        elif style == "Preâmbulo":
            norma.preambulo.append(text)
        elif style == "Fecho":
            norma.fecho.append(text)
        elif style == "Assinatura":
            name, _, cargo = p.text.partition("\n")
            norma.assinaturas.append(Signature(name.strip(), cargo.strip() or None))
        elif style == "Anexo":
            norma.anexos.append(text)
        elif builder.accepts(style):
            builder.add(p)
        elif style in ("Texto revogado", "Nota de alteração", "Texto alterado"):
            diags.append(Diagnostic(
                "paragrafo-de-historico", f"parágrafo no estilo '{style}' não entra na árvore (só o LexML "
                "embutido guarda o histórico)", Severity.INFO, line=p.index, text=p.text))
        elif style == TABLE_STYLE and text:
            diags.append(Diagnostic(
                "sem-estilo", "tabela fora do estilo do modelo ignorada (o texto dela fica neste aviso)",
                Severity.WARNING, line=p.index, text=_table_rows(p.text)))
        elif text:
            diags.append(Diagnostic(
                "sem-estilo", f"parágrafo sem estilo do modelo ('{style}') ignorado",
                Severity.WARNING, line=p.index, text=p.text))
    if len(norma.anexos) > 1:
        norma.anexos = ["\n".join(norma.anexos)]
    _metadata_from_epigrafe(norma)
    return ReadResult(norma, diags)


EPIGRAFE = re.compile(
    r"^(?P<tipo>[^\d]+?)\s+N[º°o.]*\s*(?P<numero>\d[\d.]*(?:-[A-Z])?)(?:/\d+)?\s*,?\s*(?P<resto>.*)$",
    re.IGNORECASE,
)


def _metadata_from_epigrafe(norma: Norma) -> None:
    if not norma.epigrafe:
        return
    m = EPIGRAFE.match(norma.epigrafe.strip())
    if not m:
        return
    norma.tipo = norma.tipo or m.group("tipo").strip().title().replace(" De ", " de ")
    norma.numero = norma.numero or m.group("numero")
    norma.data = norma.data or parse_date(m.group("resto"))


def _metadata_from_core(doc, norma: Norma) -> None:
    """The URN and type the writer keeps in the core properties (identifier, category)."""
    cp = doc.core_properties
    ident = (cp.identifier or "").strip()
    if ident.startswith("urn:lex:"):
        try:
            norma.urn = str(Urn.parse(ident))
        except ValueError:
            pass
    if cp.category and cp.category.strip():
        norma.tipo = cp.category.strip()


def _read_as_text(paras: list[Para], *, path: str | None, provenance: Provenance, **opts) -> ReadResult:
    text = "\n".join(p.text for p in paras)
    if not text.strip():
        raise InputError("o DOCX não tem texto", path=path)
    result = get_reader("text")(text.encode("utf-8"), path=path, **opts)
    result.norma.provenance = Provenance(
        path=path, sha256=provenance.sha256, encoding=None, reader="docx")
    result.diagnostics.insert(0, Diagnostic(
        "docx-sem-modelo", "DOCX sem os estilos do modelo: lido como texto (linha = parágrafo)",
        Severity.INFO))
    return result
