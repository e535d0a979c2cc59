"""Tables and annexes in LexML (``docs/lexml.md``, "Tabelas e anexos"): what the writer and the
reader agree on.

The LexML schema has ``table``/``tr``/``th``/``td`` (``rowspan``, ``colspan``; ``table`` has a
required ``id``) but no place for a table inside a dispositivo (``DispositivoType`` holds only
``p``, inline) and keeps each annex as its own document (root ``Anexo``), the norm pointing to it
with ``Norma/Anexos/ReferenciaAnexo``. A norm written as one file therefore carries:

- ``Anexos/ReferenciaAnexo id="anx1" AlvoURN="<urn da norma>!anx1"`` after ``ParteFinal``;
- in the extension, per annex, ``lc:anexoEstruturado id rotulo rotuloImpresso titulo linhas
  situacao`` holding its history (``lc:versao``) and the annex in LexML's own vocabulary:
  ``Anexo/DocumentoGenerico/PartePrincipal`` with a ``p`` per passage (``class="tabela-incerta"``
  for a flagged one) and a ``table`` per table — valid, since LexML elements inside
  ``MetadadoProprietario`` are checked against their declarations;
- per table of a dispositivo, ``lc:tabela ref="<id da tabela>" dispositivo="<id>"`` holding the
  LexML ``table``; and for every table, annex or not, ``lc:tabela`` also carries the caption
  (``titulo``), the source lines, the whole-table history and, per row whose id is not the
  positional one or that has a history or a situação, ``lc:linha ref id situacao linhas`` with
  its ``lc:versao``s; likewise, per passage of an annex with a history (an annex replaced keeps
  its old paragraphs, revoked), ``lc:paragrafo ref id situacao`` in ``lc:anexoEstruturado``.

In ``table``: one ``tr`` per row, ``th`` for header cells, ``td`` otherwise, ``colspan`` and
``rowspan`` only when not 1. A row's id is positional (``<table>_lin<n>``) unless ``lc:linha``
says otherwise (a row added between others, ``lin3-1``).
"""

from __future__ import annotations

from lxml import etree

from lexconsolida.lexml import extension as ext
from lexconsolida.lexml.xml_safe import lx, xml_text
from lexconsolida.model import Situacao
from lexconsolida.model.tables import Annex, Cell, Passage, Row, Tabela

UNCERTAIN_CLASS = "tabela-incerta"


def _situacao(value: Situacao) -> str | None:
    return None if value is Situacao.VIGENTE else value.value


def table_element(parent: etree._Element, table: Tabela) -> etree._Element:
    """``table`` (LexML) under ``parent``."""
    te = etree.SubElement(parent, lx("table"), {"id": table.id})
    for row in table.rows:
        tr = etree.SubElement(te, lx("tr"))
        for cell in row.cells:
            c = etree.SubElement(tr, lx("th" if cell.header else "td"))
            if cell.rowspan != 1:
                c.set("rowspan", str(cell.rowspan))
            if cell.colspan != 1:
                c.set("colspan", str(cell.colspan))
            if cell.text:
                c.text = xml_text(cell.text)
    return te


def table_ext(parent: etree._Element, table: Tabela, host: str | None, with_table: bool) -> None:
    """``lc:tabela`` of ``table`` (with the LexML ``table`` when ``with_table``)."""
    te = ext.sub(parent, "tabela", {"ref": table.id, "dispositivo": host, "titulo": table.titulo,
                                     "linhas": ext.lines_attr(table.lines),
                                     "situacao": _situacao(table.situacao)})
    ext.add_versions(te, table.history)
    for k, row in enumerate(table.rows, 1):
        positional = f"{table.id}_lin{k}"
        if row.id == positional and not row.history and row.situacao is Situacao.VIGENTE and row.lines is None:
            continue
        le = ext.sub(te, "linha", {"ref": positional, "id": row.id if row.id != positional else None,
                                   "situacao": _situacao(row.situacao), "linhas": ext.lines_attr(row.lines)})
        ext.add_versions(le, row.history)
    if with_table:
        table_element(te, table)


def annex_ext(parent: etree._Element, annex: Annex) -> None:
    """``lc:anexoEstruturado`` with the annex as LexML ``Anexo``, and ``lc:tabela`` for its tables."""
    ae = ext.sub(parent, "anexoEstruturado", {
        "id": annex.id, "rotulo": annex.rotulo, "rotuloImpresso": annex.rotulo_printed,
        "titulo": annex.titulo, "linhas": ext.lines_attr(annex.lines), "situacao": _situacao(annex.situacao)})
    ext.add_versions(ae, annex.history)
    pp = etree.SubElement(etree.SubElement(etree.SubElement(ae, lx("Anexo")), lx("DocumentoGenerico")),
                          lx("PartePrincipal"))
    k = 0
    for b in annex.blocks:
        if isinstance(b, Tabela):
            table_element(pp, b)
        else:
            k += 1
            p = etree.SubElement(pp, lx("p"))
            if b.flag:
                p.set("class", b.flag)
            if b.text:
                p.text = xml_text(b.text)
            if b.lines is not None:
                p.set("title", f"linhas {ext.lines_attr(b.lines)}")
            positional = f"{annex.id}_txt{k}"
            if b.id != positional or b.history or b.situacao is not Situacao.VIGENTE:
                pe = ext.sub(ae, "paragrafo", {"ref": positional, "id": b.id if b.id != positional else None,
                                               "situacao": _situacao(b.situacao)})
                ext.add_versions(pe, b.history)
    if not annex.blocks:
        etree.SubElement(pp, lx("p"))
    for t in annex.tabelas:
        table_ext(parent, t, annex.id, with_table=False)


def referencias(parent: etree._Element, annexes: list[Annex], urn: str) -> None:
    """``Anexos/ReferenciaAnexo`` of the norm's annexes."""
    if not annexes:
        return
    ae = etree.SubElement(parent, lx("Anexos"))
    for a in annexes:
        etree.SubElement(ae, lx("ReferenciaAnexo"), {"id": f"ref_{a.id}", "AlvoURN": f"{urn}!{a.id}"})


# -- reading ----------------------------------------------------------------------------------

def read_table(te: etree._Element, text_of) -> Tabela:
    """A :class:`Tabela` from a LexML ``table`` (rows positional; :func:`apply_table_ext` adds the rest)."""
    table = Tabela(te.get("id", ""))
    for k, tr in enumerate(te.iterchildren(lx("tr")), 1):
        cells = []
        for c in tr.iterchildren(lx("th"), lx("td")):
            cells.append(Cell(text_of(c), colspan=int(c.get("colspan", "1")), rowspan=int(c.get("rowspan", "1")),
                              header=c.tag == lx("th")))
        table.rows.append(Row(f"{table.id}_lin{k}", cells, header=bool(cells) and all(c.header for c in cells)))
    return table


def apply_table_ext(table: Tabela, xe: etree._Element) -> None:
    """What ``lc:tabela`` adds to a table read from LexML: caption, lines, histories, row ids."""
    table.titulo = xe.get("titulo")
    table.lines = ext.parse_lines(xe.get("linhas"))
    table.situacao = Situacao(xe.get("situacao", "vigente"))
    table.history = ext.read_versions(xe)
    rows = {r.id: r for r in table.rows}
    for le in xe.iterfind(ext.lc("linha")):
        row = rows.get(le.get("ref", ""))
        if row is None:
            continue
        if le.get("id"):
            row.id = le.get("id")
        row.situacao = Situacao(le.get("situacao", "vigente"))
        row.lines = ext.parse_lines(le.get("linhas"))
        row.history = ext.read_versions(le)


def read_annexes(x: etree._Element, text_of) -> tuple[list[Annex], dict[str, list[Tabela]]]:
    """The annexes of ``lc:norma`` and the tables of dispositivos (dispositivo id → tables)."""
    table_ext_of = {e.get("ref"): e for e in x.iterfind(ext.lc("tabela"))}
    annexes = []
    for ae in x.iterfind(ext.lc("anexoEstruturado")):
        a = Annex(ae.get("id", ""), rotulo=ae.get("rotulo"), rotulo_printed=ae.get("rotuloImpresso"),
                  titulo=ae.get("titulo"), lines=ext.parse_lines(ae.get("linhas")),
                  situacao=Situacao(ae.get("situacao", "vigente")), history=ext.read_versions(ae))
        pp = ae.find(f"{lx('Anexo')}/{lx('DocumentoGenerico')}/{lx('PartePrincipal')}")
        for b in pp if pp is not None else ():
            if b.tag == lx("table"):
                t = read_table(b, text_of)
                if t.id in table_ext_of:
                    apply_table_ext(t, table_ext_of[t.id])
                a.blocks.append(t)
            elif b.tag == lx("p") and (b.text or b.get("title")):
                title = b.get("title") or ""
                lines = ext.parse_lines(title.removeprefix("linhas ")) if title.startswith("linhas ") else None
                a.blocks.append(Passage(text_of(b), lines=lines, flag=b.get("class"),
                                        id=f"{a.id}_txt{len(a.passages) + 1}"))
        passages = {p.id: p for p in a.passages}
        for pe in ae.iterfind(ext.lc("paragrafo")):
            p = passages.get(pe.get("ref", ""))
            if p is None:
                continue
            p.id = pe.get("id") or p.id
            p.situacao = Situacao(pe.get("situacao", "vigente"))
            p.history = ext.read_versions(pe)
        annexes.append(a)
    hosted: dict[str, list[Tabela]] = {}
    for ref, xe in table_ext_of.items():
        te = xe.find(lx("table"))
        if te is None or not xe.get("dispositivo"):
            continue
        t = read_table(te, text_of)
        apply_table_ext(t, xe)
        hosted.setdefault(xe.get("dispositivo"), []).append(t)
    return annexes, hosted
