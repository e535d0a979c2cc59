"""Write a consolidation's files: the norm (LexML with the correspondence table in its
metadata, text, DOCX, HTML), the correspondence table and the review report.

All bytes are built first and only then written, each file atomically: an error leaves no
output behind.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from lexconsolida.consolidation import report
from lexconsolida.consolidation.model import Consolidation
from lexconsolida.io import atomic_write
from lexconsolida.lexml.extension import NS_EXT
from lexconsolida.lexml.xml_safe import NS_LEXML, parse_xml
from lexconsolida.writers import get_writer

CORRESPONDENCE_SOURCE = "urn:lexconsolida:correspondencia:1"


def lexml_with_table(c: Consolidation) -> bytes:
    """The consolidated norm as LexML, the correspondence table in a MetadadoProprietario."""
    root = parse_xml(get_writer("xml")(c.norma))
    meta = root.find(f"{{{NS_LEXML}}}Metadado")
    mp = etree.SubElement(meta, f"{{{NS_LEXML}}}MetadadoProprietario", fonte=CORRESPONDENCE_SOURCE)
    table = etree.SubElement(mp, f"{{{NS_EXT}}}correspondencia", nsmap={"lc": NS_EXT})
    urns = {s.alias: s.urn or "" for s in c.sources}
    for r in c.rows:
        attrs = {"fonte": urns[r.alias], "origem": r.source_id, "situacao": r.status}
        if r.new_id:
            attrs["novo"] = r.new_id
        if r.reason:
            attrs["motivo"] = r.reason
        etree.SubElement(table, f"{{{NS_EXT}}}linha", attrs)
    etree.indent(root, space="  ")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8") + b"\n"


def render_all(c: Consolidation, municipio: dict | None = None, municipio_dir=None) -> dict[str, bytes]:
    files = {
        "norma.xml": lexml_with_table(c),
        "norma.txt": get_writer("txt")(c.norma),
        "norma.html": get_writer("html")(c.norma),
        "norma.docx": get_writer("docx")(c.norma, municipio=municipio, municipio_dir=municipio_dir),
        "correspondencia.csv": report.correspondence_csv(c),
        "correspondencia.html": report.correspondence_html(c),
        "revisao.html": report.review_html(c),
        "revisao.json": report.review_json(c),
    }
    return files


def write_all(files: dict[str, bytes], out_dir: str | Path) -> list[Path]:
    out = Path(out_dir)
    return [atomic_write(out / name, data) for name, data in sorted(files.items())]
