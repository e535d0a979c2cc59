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
    data = write(report, "docx", municipio=read_toml(PEDRA_PRETA / "municipio.toml"), all_rows=True)
    d = docx.Document(io.BytesIO(data))
    (table,) = d.tables
    # two texts of acts as read (neither compiled nor a proposal): titled as such (issue 25)
    assert [c.text for c in table.rows[0].cells] == ["Texto anterior", "Texto novo"]
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
        ["Texto anterior", "Texto novo", "Justificativa"]
    assert d.sections[0].page_width > d.sections[0].page_height


# -- issue 25: column titles by what is compared; changed rows with context by default ------

def test_a_proposal_is_titled_current_and_proposed_wording():
    old, new = small_case()
    new.tipo, new.estado = "Minuta de Lei", "proposicao"
    d = docx.Document(io.BytesIO(write(compare(old, new), "docx")))
    assert [c.text for c in d.tables[0].rows[0].cells] == ["Redação atual", "Redação proposta"]


def test_a_compiled_text_is_titled_original_and_compiled_on_its_last_change():
    """On the project's own (fictitious) acervo, so it runs without ../shared: Lei 100/2020 is
    amended by Lei 120/2021 (in force 6/8/2021) and Lei 135/2022 (21/6/2022); a date past the
    last change is titled by that change, not by the date asked for."""
    from lexconsolida import api

    folder = STATUTES / "xx-municipio-de-exemplo" / "lei-100-2020"
    original = api.locate(str(folder), STATUTES).norma
    for asked, compiled_on in (("2021-12-31", "6 de agosto de 2021"), ("2024-01-01", "21 de junho de 2022")):
        compiled = api.act_at(str(folder), asked, view="compilado", acervo=STATUTES).norma
        report = compare(original, compiled)
        assert (report.old_column, report.new_column) == ("Texto original", f"Texto compilado em {compiled_on}")
        assert report.old_title == "Lei nº 100, de 10 de março de 2020 (texto original)"
        assert report.new_title == f"Lei nº 100, de 10 de março de 2020 (texto compilado até {compiled_on})"


@pytest.mark.shared  # the Feira de Santana text is read from ../shared
def test_a_compiled_text_is_titled_original_and_compiled_on_its_date():
    from lexconsolida import api

    folder = STATUTES / "ba-feira-de-santana" / "lei-2217-2001"
    compiled = api.act_at(str(folder), "2015-01-01", view="compilado", acervo=STATUTES).norma
    report = compare(api.locate(str(folder), STATUTES).norma, compiled)
    assert (report.old_column, report.new_column) == ("Texto original", "Texto compilado em 10 de setembro de 2014")
    assert report.new_title == "Lei nº 2.217, de 5 de janeiro de 2001 (texto compilado até 10 de setembro de 2014)"
    assert "6/1/2001" not in report.old_title + report.new_title  # never the website's epígrafe


def test_by_default_only_changed_rows_with_one_row_of_context():
    from lexconsolida.diff.report import Pair

    old, new = small_case()
    report = compare(old, new)
    shown = report.shown()
    rows = [p for p in shown if isinstance(p, Pair)]
    assert all(p.is_change for p in report.pairs if p in rows) or len(rows) < len(report.pairs)
    # every change is there, each unchanged row shown is next to a change
    index = {id(p): i for i, p in enumerate(report.pairs)}
    assert {id(p) for p in report.changes} <= {id(p) for p in rows}
    for p in rows:
        if not p.is_change:
            i = index[id(p)]
            near = report.pairs[max(0, i - 1):i + 2]
            assert any(q.is_change for q in near)
    assert sum(p for p in shown if isinstance(p, int)) + len(rows) == len(report.pairs)
    d = docx.Document(io.BytesIO(write(report, "docx")))
    assert len(d.tables[0].rows) == len(shown) + 1
    gaps = [r.cells[0].text for r in d.tables[0].rows if r.cells[0].text.startswith("[…")]
    assert len(gaps) == sum(1 for p in shown if isinstance(p, int))
    full = docx.Document(io.BytesIO(write(report, "docx", all_rows=True)))
    assert len(full.tables[0].rows) == len(report.pairs) + 1


def test_deterministic(report):
    assert write(report, "docx") == write(report, "docx")


@needs_soffice
def test_libreoffice_converts_the_table(report, tmp_path):
    src = tmp_path / "quadro.docx"
    src.write_bytes(write(report, "docx", justificativa=True))
    (pdf,) = convert_to_pdf([src], tmp_path)
    assert re.search(rb"/Count\s+[1-9]", pdf.read_bytes())
