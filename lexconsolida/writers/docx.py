"""DOCX writer: a Norma as a Word document in the issuing body's format.

python-docx over the reference template (``lexconsolida/data/reference.docx``, rebuilt by
:mod:`lexconsolida.docx.styles`). Every paragraph names a style of the template and
carries no formatting of its own; rótulos are literal text in the character style "Rótulo"
(LC 95 labels are identifiers, not list counters). Each dispositivo and agrupador is marked by
a bookmark named after its LexML id, and the source LexML travels inside the file as a custom
XML part (``customXml/item1.xml``) so :mod:`lexconsolida.readers.docx` reads it back losslessly.

Views: ``vigente`` prints the text in force (revoked units keep their number: "Art. 5º
(Revogado)."); ``compilado`` prints the compiled text, superseded wordings struck through
(style "Texto revogado") and each change noted (style "Nota de alteração").

Same input, same bytes: no dates in the core properties, fixed zip timestamps.
"""

from __future__ import annotations

import io
import uuid
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path

from docx import Document
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import OxmlElement
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK
from docx.oxml.ns import qn

from lexconsolida.docx.letterhead import letterhead
from lexconsolida.docx.save import CORE_DROP, deterministic_zip
from lexconsolida.docx.styles import PARAGRAPH_STYLES, STYLE_NAMES
from lexconsolida.errors import InputError, UsageError
from lexconsolida.io import read_bytes
from lexconsolida.lexml.xml_safe import NS_LEXML, xml_text
from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Kind, Norma, Situacao
from lexconsolida.model.dates import parse_date
from lexconsolida.model.tables import Tabela, block_note, covered_by_annex, grid_cells, row_notes, shown_blocks, shown_rows, table_note
from lexconsolida.model.epigrafe import printed as printed_epigrafe
from lexconsolida.model.formal import with_formal_parts
from lexconsolida.model.marks import QUESTION, mark_notes, source_marks
from lexconsolida.model.gaps import END_OF_SOURCE, gap_lines, gaps
from lexconsolida.model.efficacy import Resolved, resolve
from lexconsolida.model.history import ementa_lines, entries_for
from lexconsolida.model.rotulos import label_and_separator
from lexconsolida.model.status import is_incomplete, which_text
from lexconsolida.writers.lexml import write as lexml_write

VIEWS = ("vigente", "compilado")

STYLE_OF_KIND = {
    Kind.ARTIGO: "Artigo",
    Kind.PARAGRAFO: "Parágrafo",
    Kind.INCISO: "Inciso",
    Kind.ALINEA: "Alínea",
    Kind.ITEM: "Item",
    Kind.OMISSIS: "Texto alterado",
}
LABEL_STYLE = "Rótulo"
OMISSIS_TEXT = "." * 40

RT_CUSTOM_XML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml"
RT_CUSTOM_XML_PROPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXmlProps"
CT_CUSTOM_XML_PROPS = "application/vnd.openxmlformats-officedocument.customXmlProperties+xml"
CUSTOM_XML_PART = "/customXml/item1.xml"
CUSTOM_XML_PROPS_PART = "/customXml/itemProps1.xml"
_UUID_NS = uuid.UUID("6f1f4c1e-2a52-5d3c-9b7e-6c65786c6d6c")


@cache
def default_template() -> bytes:
    """The reference DOCX shipped as package data."""
    return resources.files("lexconsolida").joinpath("data", "reference.docx").read_bytes()


def write(
    norma: Norma,
    *,
    view: str = "vigente",
    municipio: dict | None = None,
    orgao: str | None = None,
    municipio_dir: str | Path | None = None,
    template: bytes | str | Path | None = None,
    embed_source: bool = True,
) -> bytes:
    """The DOCX bytes of ``norma``.

    ``municipio`` is the municipality's settings (``statutes/<uf>-<mun>/municipio.toml`` as a
    dict); ``orgao`` picks ``[orgaos.camara]`` or ``[orgaos.prefeitura]`` for the letterhead
    (default: by the act's type); ``municipio_dir`` resolves a relative ``brasao`` path;
    ``template`` replaces the reference DOCX (bytes or a path) with a municipality's own.
    """
    if view not in VIEWS:
        raise UsageError(f"visão desconhecida: {view!r} (use 'vigente' ou 'compilado')")
    doc = Document(io.BytesIO(_template_bytes(template)))
    _check_styles(doc, template)
    body = doc.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    _BodyWriter(doc, view).norma(with_formal_parts(norma))
    letterhead(doc, norma, municipio, orgao, municipio_dir)
    _core_properties(doc, norma)
    if embed_source:
        _embed_lexml(doc, norma)
    buf = io.BytesIO()
    doc.save(buf)
    return deterministic_zip(buf.getvalue())


def _template_bytes(template: bytes | str | Path | None) -> bytes:
    if template is None:
        return default_template()
    if isinstance(template, bytes):
        return template
    return read_bytes(template)


def _check_styles(doc, template) -> None:
    have = {s.name for s in doc.styles}
    missing = sorted(STYLE_NAMES - have)
    if missing:
        where = template if isinstance(template, (str, Path)) else None
        raise InputError(
            "o modelo DOCX não tem os estilos: " + ", ".join(missing)
            + " (gere um com 'python -m lexconsolida.docx.styles')",
            path=where,
        )


def separator(d: Dispositivo, rotulo: str) -> str:
    """What follows a rótulo, per LC 95: 'Art. 1º ', 'Art. 10. ', 'Parágrafo único. ', 'I – '."""
    return label_and_separator(str(d.kind), rotulo)[1]


def bookmark_name(node_id: str) -> str | None:
    """A Word bookmark name for a LexML id ('art5-1' → 'art5x1'); None when too long."""
    name = node_id.replace("-", "x")
    return name if len(name) <= 40 else None


class _BodyWriter:
    """Appends the paragraphs of a Norma to a document body, in document order."""

    def __init__(self, doc, view: str) -> None:
        self.doc = doc
        self.view = view
        self.style_ids = {s.name: s.style_id for s in doc.styles}
        """Name → id, looked up once (python-docx searches the styles part on every call)."""
        self.bookmark_id = 0
        self.bookmarks: set[str] = set()
        self.gaps: dict[str, list[str]] = {}
        self.marks: dict[str, list] = {}
        self.efficacy: Resolved | None = None

    # -- paragraphs -------------------------------------------------------------------------

    def para(self, style: str, text: str = "", *, label: str | None = None, sep: str = "",
             anchor: str | None = None):
        p = self.doc.add_paragraph()
        p._p.style = self.style_ids[style]
        text, label = xml_text(text), xml_text(label) if label else label
        if label:
            run = p.add_run(label)
            run._r.style = self.style_ids[LABEL_STYLE]
            if anchor:
                self._bookmark(p, run, anchor)
        elif anchor:
            self._bookmark(p, None, anchor)
        if sep or text:
            p.add_run(sep + text)
        return p

    def _bookmark(self, p, run, node_id: str) -> None:
        name = bookmark_name(node_id)
        if name is None or name in self.bookmarks:  # Word drops duplicate names
            return
        self.bookmarks.add(name)
        start = OxmlElement("w:bookmarkStart")
        start.set(qn("w:id"), str(self.bookmark_id))
        start.set(qn("w:name"), name)
        end = OxmlElement("w:bookmarkEnd")
        end.set(qn("w:id"), str(self.bookmark_id))
        self.bookmark_id += 1
        if run is None:
            p._p.append(start)
            p._p.append(end)
        else:
            run._r.addprevious(start)
            run._r.addnext(end)

    # -- the act ------------------------------------------------------------------------------

    def norma(self, norma: Norma) -> None:
        self.gaps = gaps(norma)
        self.marks = source_marks(norma)
        self.efficacy = resolve(norma) if norma.eficacia else None
        for documento in norma.documentos:
            self.documento(documento)
        if norma.documentos and norma.articulacao:
            self._page_break()  # the act after its accompanying documents: a new page
        if norma.articulacao:  # which text this is: draft, compiled or original, incomplete
            for sentence in which_text(norma, self.view):
                self.para("Situação do texto", sentence)
        epigrafe = printed_epigrafe(norma)
        if epigrafe:
            self.para("Epígrafe", epigrafe)
        for mark in self.efficacy.act_marks if self.efficacy is not None else ():
            self._efficacy_note("Situação do texto", mark.note)  # a court's decision on the whole act
        if norma.ementa:
            self._ementa(norma)
        for line in norma.preambulo:
            self.para("Preâmbulo", line)
        for node in norma.articulacao:
            self.node(node)
        if is_incomplete(norma):
            self.para("Lacuna", END_OF_SOURCE)
        for line in norma.fecho:
            self.para("Fecho", line)
        for sig in norma.assinaturas:
            p = self.para("Assinatura", sig.name)
            for line in (sig.cargo or "").split("\n"):
                if line.strip():  # one line per cargo ('Vereador', 'Presidente da Comissão …')
                    run = p.add_run()
                    run.add_break()
                    run.add_text(line)
        for anexo in norma.anexos:
            for line in anexo.split("\n"):
                if line.strip():
                    self.para("Anexo", line)
        for annex in norma.annexes:
            self._page_break()
            revoked = annex.situacao is not Situacao.VIGENTE
            for k, heading in enumerate((annex.rotulo_printed or annex.rotulo, annex.titulo)):
                if heading:
                    self.para("Anexo", heading + (" (Revogado)" if revoked and k == 0 and self.view != "compilado" else ""))
            note = block_note(annex) if self.view == "compilado" else None
            if note:
                self.para("Nota de alteração", f"({note})")
            for b in shown_blocks(annex, self.view):
                covered = covered_by_annex(annex, b)
                if isinstance(b, Tabela):
                    self.tabela(b, notes=not covered)
                    continue
                self.para("Anexo" if b.situacao is Situacao.VIGENTE else "Texto revogado", b.text)
                pnote = block_note(b) if self.view == "compilado" and not covered else None
                if pnote:
                    self.para("Nota de alteração", f"({pnote})")

    def documento(self, documento) -> None:
        """An accompanying document (an Indicação): title once, authorship, addressee, the
        request, place and date, and the signature block, each in its style."""
        self.para("Documento Título", documento.tipo)
        for style, lines in document_parts(documento):
            if style == "Assinatura":
                p = self.para(style, lines[0])
                for line in lines[1:]:
                    run = p.add_run()
                    run.add_break()
                    run.add_text(xml_text(line))
            else:
                for line in lines:
                    self.para(style, line)

    def _page_break(self) -> None:
        last = self.doc.paragraphs[-1]
        last.add_run().add_break(WD_BREAK.PAGE)

    def node(self, node: Agrupador | Dispositivo) -> None:
        if isinstance(node, Agrupador):
            self.agrupador(node)
        else:
            self.dispositivo(node)

    def agrupador(self, a: Agrupador) -> None:
        label_style, name_style = agrupador_styles(a.kind)
        if a.rotulo or a.rotulo_printed:
            # Label and name in ONE paragraph (a line break between them): LibreOffice does not
            # keep a chain of 'keep with next' headings together, and left 'Seção II' alone at
            # the foot of a page with its name on the next.
            p = self.para(label_style, a.rotulo or a.rotulo_printed or "", anchor=a.id)
            if a.nome:
                run = p.add_run()
                run.add_break()
                run.add_text(xml_text(a.nome))
        else:
            self.para(name_style, a.nome or "", anchor=a.id)
        for child in a.children:
            self.node(child)

    def tabela(self, t: Tabela, notes: bool = True) -> None:
        """A real Word table (style 'Quadro'): header rows repeated on each page, spans merged;
        in the compiled view removed rows in 'Texto revogado' and each changed row's note after
        the table ('Nota de alteração')."""
        rows = shown_rows(t, self.view)
        if not rows:
            return
        if t.titulo:
            self.para("Anexo", t.titulo)
        width = max(1, max(sum(c.colspan for c in r.cells) for r in rows))
        table = self.doc.add_table(rows=len(rows), cols=width)
        table.style = self.doc.styles["Quadro"]
        for ri, col, cell in grid_cells(rows):
            if col >= width:
                continue
            target = table.cell(ri, col)
            last_r, last_c = min(ri + cell.rowspan, len(rows)) - 1, min(col + cell.colspan, width) - 1
            if (last_r, last_c) != (ri, col):
                target = target.merge(table.cell(last_r, last_c))
            para = target.paragraphs[0]
            revoked = rows[ri].situacao is not Situacao.VIGENTE
            para._p.style = self.style_ids["Texto revogado" if revoked else "Normal"]
            # a cell is no body paragraph: no first-line indent, not justified (the styles' are)
            fmt = para.paragraph_format
            fmt.first_line_indent = fmt.left_indent = 0
            fmt.alignment = WD_ALIGN_PARAGRAPH.LEFT
            if cell.text:
                para.add_run(xml_text(cell.text))
        for ri, row in enumerate(rows):
            if row.header:
                tr_pr = table.rows[ri]._tr.get_or_add_trPr()
                mark = OxmlElement("w:tblHeader")
                tr_pr.append(mark)
        if self.view == "compilado" and notes:
            per_row = row_notes(t)
            for row in rows:
                if row.id in per_row:
                    self.para("Nota de alteração", f"({row.label}: {per_row[row.id]})")
            shared = table_note(t)
            if shared:
                self.para("Nota de alteração", f"({t.titulo or 'Tabela'}: {shared})")

    def dispositivo(self, d: Dispositivo) -> None:
        if d.kind is Kind.CAPUT:  # its text is printed with the artigo's rótulo
            for alt in d.alteracoes:
                self._alteracao(alt)
            for t in d.tabelas:
                self.tabela(t)
            for child in d.children:
                self.dispositivo(child)
            return
        if d.kind is Kind.OMISSIS:
            self.para("Texto alterado", OMISSIS_TEXT)
            return
        style = STYLE_OF_KIND[d.kind]
        for line in gap_lines(self.gaps.get(d.id, [])):  # never jump silently over a gap
            self.para("Lacuna", line)
        if self.view == "compilado":
            self._compiled(d, style)
        else:
            self._vigente(d, style)
        marks = self.marks.get(d.id) or (self.marks.get(d.caput.id) if d.caput is not None else None)
        if marks:  # never clean law text: '[?]' after it, and what to check, in the gap style
            last = self.doc.paragraphs[-1]
            if last.style is not None and last.style.name == "Nota de alteração" and len(self.doc.paragraphs) > 1:
                last = self.doc.paragraphs[-2]
            last.add_run(" " + QUESTION)
            self.para("Lacuna", f"[{mark_notes(marks)}]")
        if self.efficacy is not None:  # the wording stays; the decision is noted under it
            for note in self.efficacy.line_notes(d):
                self._efficacy_note("Nota de alteração", note)
        for alt in d.alteracoes:
            self._alteracao(alt)
        for t in d.tabelas:
            self.tabela(t)
        for child in d.children:
            self.dispositivo(child)

    def _efficacy_note(self, style: str, note: str) -> None:
        """A court's decision (or another efficacy event), in the paragraph style of the notes
        (styles only, never direct formatting: a municipality's template restyles them all)."""
        self.para(style, f"({note})")

    def _ementa(self, norma: Norma) -> None:
        """The ementa in force; one an amending act changed is noted as a dispositivo is (in
        the compiled view, its earlier wordings struck first)."""
        for entry in ementa_lines(norma, self.view):
            if entry.struck:  # struck in the ementa's own place and style
                for run in self.para("Ementa", entry.text).runs:
                    run.font.strike = True
            elif entry.text:
                self.para("Ementa", entry.text)
            if entry.note:
                self.para("Nota de alteração", f"({entry.note})")

    def _vigente(self, d: Dispositivo, style: str) -> None:
        label = _label(d)
        if d.situacao is not Situacao.VIGENTE:
            text = f"({_status_word(d)})."
        else:
            text = d.head_text
        self.para(style, text, label=label, sep=separator(d, label) if label else "", anchor=d.id)
        note = vigente_note(d)
        if note:  # the text in force says which act gave each changed wording
            self.para("Nota de alteração", f"({note})")

    def _compiled(self, d: Dispositivo, style: str) -> None:
        for entry in entries_for(d):
            label = entry.rotulo or _label(d)
            sep = separator(d, label) if label else ""
            if entry.struck:
                self.para("Texto revogado", entry.text, label=label, sep=sep)
            elif not entry.text and entry.note:
                self.para(style, f"({entry.note})", label=label, sep=sep, anchor=d.id)
                continue
            else:
                self.para(style, entry.text, label=label, sep=sep, anchor=d.id)
            if entry.note:
                self.para("Nota de alteração", f"({entry.note})")

    def _alteracao(self, alt) -> None:
        lines: list[tuple[str | None, str]] = []
        for child in alt.children:
            for node in child.walk():
                lines.extend(_quoted_lines(node))
        if not lines:
            return
        first_label, first_text = lines[0]
        lines[0] = ("“" + first_label, first_text) if first_label else (None, "“" + first_text)
        label, text = lines[-1]
        lines[-1] = (label, text + "”" + (f" ({alt.nota})" if alt.nota else ""))
        for label, text in lines:
            self.para("Texto alterado", text, label=label, sep=" " if label and text else "")


def document_parts(documento) -> list[tuple[str, list[str]]]:
    """The lines of an accompanying document by role: (style, lines). The first line that
    repeats the document's type (the printed title) is dropped; 'Autoria: …' is the
    authorship; short lines before the first long one are the addressee; the line dated by
    the document ('…, 23 de novembro de 2023.') is its place and date, and what follows it the
    signature block."""
    lines = [ln.strip() for ln in documento.text.split("\n") if ln.strip()]
    if lines and lines[0].casefold() == (documento.tipo or "").casefold():
        lines = lines[1:]
    date = documento.metadata.get("data")
    dated = next((i for i, ln in enumerate(lines) if len(ln) < 160 and parse_date(ln)
                  and (date is None or parse_date(ln) == date) and i > 0), None)
    body_end = dated if dated is not None else len(lines)
    out: list[tuple[str, list[str]]] = []
    i = 0
    if lines and lines[0].lower().startswith("autoria"):
        out.append(("Documento Autoria", [lines[0]]))
        i = 1
    head = []
    while i < body_end and _addressee(lines[i]):
        head.append(lines[i])
        i += 1
    if head and i < body_end:
        out.append(("Documento Destinatário", head))
    else:
        i -= len(head)
    out.append(("Documento", lines[i:body_end]))
    if dated is not None:
        out.append(("Documento Data", [lines[dated]]))
        if dated + 1 < len(lines):
            out.append(("Assinatura", lines[dated + 1:]))
    return [(s, ls) for s, ls in out if ls]


def _addressee(line: str) -> bool:
    """A line of the addressee block ('À Exma.', 'Mesa Diretora'): a salutation, or a short
    line that does not end a sentence."""
    return line.startswith(("À Exm", "Ao Exm", "Exm", "A Sua Excel", "Ao Senhor", "À Senhora")) \
        or (len(line) < 70 and not line.endswith((".", ":", ";")))


def agrupador_styles(kind: AgrupadorKind) -> tuple[str, str]:
    """Label and name styles: capitals for parte … capítulo, as printed for seção/subseção."""
    if kind in (AgrupadorKind.SECAO, AgrupadorKind.SUBSECAO):
        return "Seção Rótulo", "Seção Nome"
    return "Agrupador Rótulo", "Agrupador Nome"


def _quoted_lines(node) -> list[tuple[str | None, str]]:
    if isinstance(node, Agrupador):
        out = [(node.rotulo or node.rotulo_printed, "")] if (node.rotulo or node.rotulo_printed) else []
        return out + ([(None, node.nome)] if node.nome else [])
    if node.kind is Kind.CAPUT:
        return []
    if node.kind is Kind.OMISSIS:
        return [(None, OMISSIS_TEXT)]
    label = _label(node)
    return [(label, node.head_text)]


def _label(d: Dispositivo) -> str | None:
    return d.rotulo or d.rotulo_printed


def _status_word(d: Dispositivo) -> str:
    feminine = d.kind in (Kind.ALINEA,)
    word = {
        Situacao.REVOGADO: "Revogado",
        Situacao.VETADO: "Vetado",
        Situacao.SUPRIMIDO: "Suprimido",
    }.get(d.situacao, "Revogado")
    return word[:-1] + "a" if feminine else word


def vigente_note(d: Dispositivo) -> str | None:
    """'Redação dada pela Lei nº …' for a unit whose wording in force another act gave."""
    cap = d.caput
    for unit in (d, cap) if cap is not None else (d,):
        if unit.history and unit.history[-1].event.kind != "original":
            return unit.history[-1].event.nota()
    return None


def _fit(text: str | None, limit: int = 255) -> str:
    """Core properties hold at most 255 characters (OPC); longer text ends in '…'."""
    text = text or ""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _core_properties(doc, norma: Norma) -> None:
    cp = doc.core_properties
    cp.title = _fit(norma.titulo)
    cp.subject = _fit(norma.ementa)
    cp.author = "lexconsolida"
    cp.identifier = _fit(norma.urn)
    cp.language = "pt-BR"
    cp.keywords = ""
    cp.comments = ""
    cp.category = _fit(norma.tipo)
    cp.revision = 1
    el = cp._element
    for tag in CORE_DROP:
        for child in el.findall(qn(tag)):
            el.remove(child)


def _embed_lexml(doc, norma: Norma) -> None:
    """The source LexML as ``customXml/item1.xml`` (+ its properties part), from the document."""
    # A published document names no file of the acervo: the source's hash stays, its path not.
    xml = lexml_write(replace(norma, provenance=replace(norma.provenance, path=None)))
    package = doc.part.package
    item = Part(PackURI(CUSTOM_XML_PART), "application/xml", xml, package)
    item_id = "{" + str(uuid.uuid5(_UUID_NS, norma.urn or norma.titulo)).upper() + "}"
    props_xml = (
        "<?xml version='1.0' encoding='UTF-8' standalone='no'?>\n"
        '<ds:datastoreItem xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml" '
        f'ds:itemID="{item_id}"><ds:schemaRefs><ds:schemaRef ds:uri="{NS_LEXML}"/>'
        "</ds:schemaRefs></ds:datastoreItem>"
    ).encode("utf-8")
    props = Part(PackURI(CUSTOM_XML_PROPS_PART), CT_CUSTOM_XML_PROPS, props_xml, package)
    item.relate_to(props, RT_CUSTOM_XML_PROPS)
    doc.part.relate_to(item, RT_CUSTOM_XML)


__all__ = ["write", "default_template", "entries_for", "separator", "bookmark_name",
           "STYLE_OF_KIND", "PARAGRAPH_STYLES", "VIEWS"]


KEPT_NOTICE_START = "Atenção: este texto pode estar desatualizado"


def kept_notice_of(data: bytes) -> str | None:
    """The notice a kept DOCX carries (:func:`with_kept_notice`), None when it has none."""
    document = Document(io.BytesIO(data))
    return next((p.text for p in document.paragraphs if p.text.startswith(KEPT_NOTICE_START)), None)


def kept_text(data: bytes) -> str:
    """The text of a kept DOCX without its kept notice, paragraph by paragraph (what the
    notice must describe)."""
    document = Document(io.BytesIO(data))
    return "\n".join(p.text for p in document.paragraphs if not p.text.startswith(KEPT_NOTICE_START))


def with_kept_notice(data: bytes, notice: str) -> bytes:
    """A kept DOCX (the last good one of an act whose text could not be rebuilt) with
    ``notice`` at the top of its body, in the style that says which text a document is; an
    earlier notice of the kind is replaced. The embedded LexML is left as it was."""
    document = Document(io.BytesIO(data))
    for p in list(document.paragraphs):
        if p.text.startswith(KEPT_NOTICE_START):
            p._p.getparent().remove(p._p)
    first = document.paragraphs[0] if document.paragraphs else document.add_paragraph()
    first.insert_paragraph_before(xml_text(notice), style="Situação do texto")
    buf = io.BytesIO()
    document.save(buf)
    return deterministic_zip(buf.getvalue())
