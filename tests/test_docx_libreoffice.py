"""Every kind of DOCX we write converts to PDF with LibreOffice headless (one soffice start)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from lexconsolida.docx import styles as docx_template
from lexconsolida.writers.docx import write
from tests.conftest import GOLD, convert_to_pdf, needs_soffice
from tests.docx_sample import MUNICIPIO, amending_norma, norma_from_gold, sample_norma, tiny_png
from tests.test_docx_reader import plain_docx

pytestmark = [pytest.mark.libreoffice, needs_soffice]


def produced_docx(tmp_path) -> dict[str, bytes]:
    (tmp_path / "brasao.png").write_bytes(tiny_png(16, 16))
    with_arms = {"orgaos": {"camara": {**MUNICIPIO["orgaos"]["camara"], "brasao": "brasao.png",
                                       "email": "camara@example.org"}}}
    minuta = sample_norma()
    minuta.tipo, minuta.epigrafe = "Minuta de Lei", None
    return {
        "vigente": write(sample_norma(), municipio=MUNICIPIO),
        "compilado": write(sample_norma(), view="compilado", municipio=MUNICIPIO),
        "brasao": write(sample_norma(), municipio=with_arms, municipio_dir=tmp_path),
        "minuta-sem-timbre": write(minuta, embed_source=False),
        "modelo": docx_template.build(),
        "rascunho": plain_docx(["Art. 1º Rascunho sem estilos."]),
        "alteradora": write(amending_norma(), municipio=MUNICIPIO),
        **{f"gold-{p.stem}": write(norma_from_gold(p), municipio=MUNICIPIO) for p in sorted(GOLD.glob("*.json"))},
    }


def test_all_convert_to_pdf(tmp_path):
    files = []
    for name, data in produced_docx(tmp_path).items():
        path = tmp_path / f"{name}.docx"
        path.write_bytes(data)
        files.append(path)
    outdir = tmp_path / "pdf"
    convert_to_pdf(files, outdir)
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", str(outdir / "compilado.pdf"), "-"],
                              capture_output=True, check=True).stdout.decode()
        assert "PREFEITURA MUNICIPAL DE VILA SERENA" in text
        assert "Art. 2º-A" in text and "Redação dada pela Lei nº 130" in text
        assert "Página 1 de 2" in text
