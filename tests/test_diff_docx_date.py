"""Regression: the diff DOCX dated its tracked changes with the OLD act's date (2001-01-05 for a
2001 vs 2015 diff). Default: --data, else the new version's date — its latest dated change for a
compiled text, else the act's own date; never the clock."""

from __future__ import annotations

import pytest

import zipfile
from dataclasses import replace

from lexconsolida.diff import compare
from lexconsolida.diff.report import version_date
from lexconsolida.model import Event, Version
from tests.conftest import CORPUS, ROOT, run_cli
from tests.test_diff_support import art, norma

LEI_2217 = ROOT / "statutes" / "ba-feira-de-santana" / "lei-2217-2001"
TEXT_2217 = CORPUS / "feira-de-santana-ba" / "transporte-clandestino" / "lei-2217-2001.txt"


def _amended(n, *changes: tuple[str, str]):
    """``n`` with the caput of art1 carrying a history of changes (date, kind)."""
    caput = n.index()["art1_cpt"]
    versions = [Version("antes", Event("original"))]
    versions += [Version(caput.text, Event(kind, "urn:x", "Lei nº 9", date), start=date) for date, kind in changes]
    caput.history = versions
    return n


def test_version_date_of_an_original_act_is_its_date():
    assert version_date(norma(art(1, "Texto."), data="2001-01-05")) == "2001-01-05"


def test_version_date_of_a_compiled_text_is_its_latest_change():
    n = _amended(norma(art(1, "Texto."), data="2001-01-05"), ("2002-05-21", "redacao"), ("2014-09-10", "redacao"))
    assert version_date(n) == "2014-09-10"


def test_version_date_without_any_date_is_none():
    assert version_date(replace(norma(art(1, "Texto.")), data=None)) is None


def test_report_date_defaults_to_the_new_version_not_the_old_act():
    old = norma(art(1, "Texto."), data="2001-01-05")
    new = _amended(norma(art(1, "Texto novo."), data="2001-01-05"), ("2014-09-10", "redacao"))
    assert compare(old, new).date == "2014-09-10"
    assert compare(old, new, date="2016-03-01").date == "2016-03-01"
    assert compare(new, old).date == "2001-01-05"


def _dates(docx_path) -> set[str]:
    import re

    with zipfile.ZipFile(docx_path) as z:
        xml = z.read("word/document.xml").decode()
    return set(re.findall(r'w:date="([^"]+)"', xml))


@pytest.mark.shared
def test_cli_2001_vs_compiled_2015_is_dated_2014_and_summarised_in_portuguese(tmp_path):
    compiled, docx, dated = tmp_path / "c2015.xml", tmp_path / "quadro.docx", tmp_path / "datado.docx"
    proc = run_cli("compile", LEI_2217, "--at", "2015-01-01", "--view", "compilado", "--to", "xml", "-o", compiled)
    assert proc.returncode == 0, proc.stderr.decode()
    proc = run_cli("diff", TEXT_2217, compiled, "--to", "docx-alteracoes", "-o", docx)
    assert proc.returncode == 0, proc.stderr.decode()
    # each change dated by the act that made it (issue 25): Leis 2.331/2002, 2.421/2003, 3.477/2014
    assert _dates(docx) == {"2002-05-21T00:00:00Z", "2003-06-30T00:00:00Z", "2014-09-10T00:00:00Z"}
    stderr = proc.stderr.decode()
    assert "inalterado: 13; alterado: 8; acrescido: 3" in stderr
    assert "unchanged" not in stderr and "changed" not in stderr
    proc = run_cli("diff", TEXT_2217, compiled, "--to", "docx-alteracoes", "-o", dated,
                   "--data", "2016-03-01")
    assert proc.returncode == 0 and _dates(dated) == {"2016-03-01T00:00:00Z"}
