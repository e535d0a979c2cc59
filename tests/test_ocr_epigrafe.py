"""The act's number and date are never misread in silence (issue 33).

- OCR: a scan whose epígrafe digits are faint (strokes thinned by seeded noise, the rest of the
  page clean) is read with a warning naming the doubtful words and their confidence; the same
  page clean has none. Run as a user runs it: ``lexconsolida parse SCAN.pdf``.
- A number in the text that disagrees with the file's name ('lei-100-2020' whose epígrafe says
  'LEI Nº 160') is a warning on the act's report (``lexconsolida check``); agreeing, none.
"""

from __future__ import annotations

import random
import re
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
    # and the act's public page says so, in plain words; the clean scan's page does not
    for name, flagged in (("apagado.pdf", True), ("limpo.pdf", False)):
        page = tmp_path / f"{name}.html"
        run = run_cli("render", tmp_path / name, "--to", "html", "-o", page)
        assert run.returncode == 0, run.stderr.decode()
        html = page.read_text("utf-8")
        assert (NOTICE in html) is flagged and "ocr-epigrafe-incerta" not in html


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


NOTICE = "lidos de uma imagem digitalizada"


def _act_read_with_doubts(words: tuple[str, ...]):
    from lexconsolida.readers.text import read

    norma = read(("\n\n".join(LINES) + "\n").encode("utf-8")).norma
    norma.provenance.reader, norma.provenance.epigrafe_incerta = "pdf", words
    return norma


@pytest.mark.parametrize("words", [("160,", "16"), ()])
def test_the_public_page_says_when_the_number_or_date_was_read_with_low_confidence(tmp_path, words):
    """On the act's page (the standalone HTML and the site's), in plain words with the doubtful
    words as read; never the report's code; nothing on an act read with confidence. Carried
    through the LexML the acervo keeps."""
    from lexconsolida.readers.lexml import read as read_lexml
    from lexconsolida.writers.lexml import write as write_lexml
    from lexconsolida.site.builder import build_site
    from lexconsolida.site.model import SiteAct, SiteCorpus
    from lexconsolida.writers.html import write

    norma = _act_read_with_doubts(words)
    again = read_lexml(write_lexml(norma)).norma
    assert again.provenance.epigrafe_incerta == words
    build_site(SiteCorpus([SiteAct(again, "br/lei-100-2020")]), tmp_path / "site")
    for page in (write(again).decode("utf-8"), (tmp_path / "site" / "br/lei-100-2020/index.html").read_text("utf-8")):
        assert "ocr-epigrafe-incerta" not in page and "epigrafe_incerta" not in page
        if words:
            notice = re.search(r'<p class="aviso-leitura" role="note"><strong>([^<]*)</strong>', page)
            assert notice, page[:3000]
            assert NOTICE in notice.group(1) and "baixa confiança" in notice.group(1)
            assert "(“160”, “16”)" in notice.group(1) and "original" in notice.group(1)
        else:
            assert 'class="aviso-leitura"' not in page and NOTICE not in page
