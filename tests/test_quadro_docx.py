"""The quadro comparativo DOCX as a table "Redação atual | Redação proposta" (issue 12).

Built from the small case of the diff tests (every status once) and, for the letterhead, the
Pedra Preta municipality of the demo acervo.
"""

from __future__ import annotations

import io
import re
import zipfile

import docx
import pytest

from lexconsolida.corpus.records import read_toml
from lexconsolida.diff import compare, write
from tests.conftest import STATUTES, convert_to_pdf, needs_soffice
from tests.test_diff_outputs import small_case

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
PEDRA_PRETA = STATUTES / "mt-pedra-preta"


@pytest.fixture(scope="module")
def report():
    old, new = small_case()
    return compare(old, new)


def _parts(data: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n).decode("utf-8", "replace") for n in z.namelist() if n.endswith(".xml")}


def test_a_table_with_current_and_proposed_wording(report):
    data = write(report, "docx", municipio=read_toml(PEDRA_PRETA / "municipio.toml"))
    d = docx.Document(io.BytesIO(data))
    (table,) = d.tables
    assert [c.text for c in table.rows[0].cells] == ["Redação atual", "Redação proposta"]
    assert len(table.rows) == len(report.pairs) + 1
    xml = _parts(data)["word/document.xml"]
    assert "<w:tblHeader" in xml  # the header row repeats on every page
    assert "w:ins" not in xml and "w:del " not in xml  # a table, not a redline
    # what goes is struck in the current wording, what comes marked in the proposed one
    changed = next(i for i, p in enumerate(report.pairs) if p.status == "changed") + 1
    old_cell, new_cell = table.rows[changed].cells
    assert any(r.style.name == "Supressão" for p in old_cell.paragraphs for r in p.runs)
    assert any(r.style.name == "Acréscimo" for p in new_cell.paragraphs for r in p.runs)
    added = next(i for i, p in enumerate(report.pairs) if p.status == "added") + 1
    assert table.rows[added].cells[0].text == "(sem correspondente)"
    removed = next(i for i, p in enumerate(report.pairs) if p.status == "removed") + 1
    assert table.rows[removed].cells[1].text == "(suprimido)"
    # letterhead and page numbers
    parts = _parts(data)
    header = "".join(v for k, v in parts.items() if k.startswith("word/header"))
    footer = "".join(v for k, v in parts.items() if k.startswith("word/footer"))
    assert "PEDRA PRETA" in header.upper()
    assert " PAGE " in footer and " NUMPAGES " in footer


def test_justificativa_column_in_landscape(report):
    d = docx.Document(io.BytesIO(write(report, "docx", justificativa=True)))
    assert [c.text for c in d.tables[0].rows[0].cells] == \
        ["Redação atual", "Redação proposta", "Justificativa"]
    assert d.sections[0].page_width > d.sections[0].page_height


def test_deterministic(report):
    assert write(report, "docx") == write(report, "docx")


@needs_soffice
def test_libreoffice_converts_the_table(report, tmp_path):
    src = tmp_path / "quadro.docx"
    src.write_bytes(write(report, "docx", justificativa=True))
    (pdf,) = convert_to_pdf([src], tmp_path)
    assert re.search(rb"/Count\s+[1-9]", pdf.read_bytes())
