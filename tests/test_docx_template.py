"""The reference DOCX: deterministic build, both shipped copies in sync, every style present."""

from __future__ import annotations

import io
import zipfile

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.shared import Cm

from lexconsolida.docx import styles as docx_template
from lexconsolida.docx.save import FIXED_ZIP_TIME
from lexconsolida.writers.docx import default_template
from tests.conftest import ROOT

TEMPLATE = ROOT / "templates" / "reference.docx"
PACKAGED = ROOT / "lexconsolida" / "data" / "reference.docx"


def test_build_is_byte_identical_on_rebuild():
    assert docx_template.build() == docx_template.build()


def test_both_shipped_copies_are_the_current_build():
    """templates/ (adaptable copy) and the package data are what the script builds now.

    If this fails, run ``python -m lexconsolida.docx.styles`` and commit both files.
    """
    built = docx_template.build()
    assert TEMPLATE.read_bytes() == built
    assert PACKAGED.read_bytes() == built
    assert default_template() == built


def test_zip_has_fixed_timestamps_and_sorted_entries():
    z = zipfile.ZipFile(io.BytesIO(docx_template.build()))
    names = z.namelist()
    assert names[0] == "[Content_Types].xml"
    assert names[1:] == sorted(names[1:])
    assert {i.date_time for i in z.infolist()} == {FIXED_ZIP_TIME}
    assert "docProps/thumbnail.jpeg" not in names
    core = z.read("docProps/core.xml")
    assert b"dcterms:created" not in core and b"dcterms:modified" not in core


def test_every_style_is_present_with_its_type():
    doc = Document(io.BytesIO(docx_template.build()))
    by_name = {s.name: s for s in doc.styles}
    for spec in docx_template.PARAGRAPH_STYLES:
        assert by_name[spec.name].type == WD_STYLE_TYPE.PARAGRAPH, spec.name
    assert by_name["Rótulo"].type == WD_STYLE_TYPE.CHARACTER
    for required in ("Epígrafe", "Ementa", "Preâmbulo", "Agrupador Rótulo", "Agrupador Nome",
                     "Artigo", "Parágrafo", "Inciso", "Alínea", "Item", "Fecho", "Assinatura",
                     "Nota de alteração", "Texto revogado", "Cabeçalho órgão"):
        assert required in by_name
    assert by_name["Texto revogado"].font.strike is True
    assert by_name["Epígrafe"].font.bold is True


def test_page_is_a4_with_brazilian_margins():
    sec = Document(io.BytesIO(docx_template.build())).sections[0]
    assert (round(sec.page_width.cm, 1), round(sec.page_height.cm, 1)) == (21.0, 29.7)
    assert abs(sec.left_margin - Cm(3)) < Cm(0.01) and abs(sec.top_margin - Cm(3)) < Cm(0.01)


def test_script_writes_the_given_path(tmp_path):
    out = tmp_path / "modelo.docx"
    assert docx_template.main([str(out)]) == 0
    assert out.read_bytes() == docx_template.build()
