"""The act's number and date are never misread in silence (issue 33).

- OCR: a scan whose epígrafe digits are faint (strokes thinned by seeded noise, the rest of the
  page clean) is read with a warning naming the doubtful words and their confidence; the same
  page clean has none. Run as a user runs it: ``lexconsolida parse SCAN.pdf``.
- A number in the text that disagrees with the file's name ('lei-100-2020' whose epígrafe says
  'LEI Nº 160') is a warning on the act's report (``lexconsolida check``); agreeing, none.
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.pdf_support import PDFTOPPM, needs_pdftoppm, needs_tesseract, text_pdf

LINES = ["LEI Nº 100, DE 10 DE MARÇO DE 2020", "", "Dispõe sobre as feiras livres do Município.", "",
         "O PREFEITO MUNICIPAL DE VILA SERENA faz saber que a Câmara aprovou e ele sanciona a seguinte Lei:", "",
         "Art. 1º As feiras livres funcionam aos domingos.",
         "Art. 2º Esta Lei entra em vigor na data de sua publicação.", "",
         "Vila Serena, 10 de março de 2020.", "", "FULANO DE TAL", "Prefeito Municipal"]
BAND = (120, 175)
"""Rows of the epígrafe at 200 dpi (the first line of text_pdf's page, 11 pt)."""


def _scan(tmp: Path, name: str, thin: float) -> Path:
    from PIL import Image

    pdf = text_pdf(LINES, tmp / "origem.pdf", size=11)
    subprocess.run([PDFTOPPM, "-r", "200", "-gray", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp / "p")],
                   check=True)
    png = next(tmp.glob("p-*.png"))
    with Image.open(png) as im:
        page = im.convert("L")
    if thin:
        rng = random.Random(5)
        px = page.load()
        for y in range(*BAND):
            for x in range(page.size[0] // 2):
                if px[x, y] < 128 and rng.random() < thin:
                    px[x, y] = 255
    out = tmp / name
    page.save(out, "PDF", resolution=200)
    return out


def _tesseract() -> str:
    run = subprocess.run(["tesseract", "--version"], capture_output=True, text=True)
    return (run.stdout or run.stderr).splitlines()[0]


@pytest.mark.slow
@pytest.mark.ocr
@needs_tesseract
@needs_pdftoppm
def test_faint_epigrafe_digits_are_flagged_and_clean_ones_are_not(tmp_path):
    clean = run_cli("parse", _scan(tmp_path, "limpo.pdf", 0.0), "--local", "br", "-o", tmp_path / "limpo.xml")
    assert clean.returncode == 0, clean.stderr.decode()
    assert "LEI Nº 100, DE 10 DE MARÇO DE 2020" in clean.stderr.decode()
    assert "epígrafe lidos pelo OCR" not in clean.stderr.decode()
    faint = run_cli("parse", _scan(tmp_path, "apagado.pdf", 0.45), "--local", "br", "-o", tmp_path / "a.xml")
    err = faint.stderr.decode()
    assert faint.returncode == 0, err
    assert "número ou data da epígrafe lidos pelo OCR com baixa confiança" in err, f"{_tesseract()}: {err}"


def _law(path: Path, number: str) -> Path:
    text = "\n\n".join(LINES).replace("Nº 100", f"Nº {number}") + "\n"
    path.write_text(text, "utf-8")
    return path


def test_a_number_that_disagrees_with_the_file_name_is_a_warning(tmp_path):
    run = run_cli("check", _law(tmp_path / "lei-100-2020.txt", "160"))
    out = run.stdout.decode()
    assert "a epígrafe numera o ato 160 e o nome do arquivo (lei-100-2020), 100" in out, out
    agrees = run_cli("check", _law(tmp_path / "lei-160-2020.txt", "160"))
    assert "nome do arquivo" not in agrees.stdout.decode()
