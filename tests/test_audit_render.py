"""The audit report as users see it: the DOCX converted by LibreOffice (landscape pages,
letterhead, page numbers, the changed words in the table) and the HTML in Chromium (the
merit rows marked, the table fits the page, a screenshot saved in output/screenshots/)."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from lexconsolida.audit import audit, render
from lexconsolida.corpus import load
from tests.conftest import ROOT, STATUTES, convert_to_pdf, needs_soffice
from tests.test_audit import CLEAN, _consolidated, _sources, _table

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
SCREENSHOTS = ROOT / "output" / "screenshots"
ALTERED = (CLEAN.replace("prazo de 30 (trinta) dias", "prazo de 10 (dez) dias")
           .replace("Art. 5º Esta Lei", "Art. 4º-A Fica criado o cadastro municipal de condutores autônomos.\nArt. 5º Esta Lei"))


@pytest.fixture(scope="module")
def result():
    return audit(_consolidated(ALTERED), _sources(), _table())


def _png_size(path: Path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


@needs_soffice
@pytest.mark.slow
@pytest.mark.libreoffice
def test_docx_converts_landscape_with_letterhead(result, tmp_path):
    mun = load(STATUTES).municipios["ba-feira-de-santana"]
    docx = tmp_path / "auditoria.docx"
    docx.write_bytes(render(result, "docx", municipio=mun.data, municipio_dir=STATUTES / mun.folder))
    pdf = convert_to_pdf([docx], tmp_path)[0]
    if shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils não instalado")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True).stdout.decode()
    assert "PREFEITURA MUNICIPAL DE FEIRA DE SANTANA" in text and "Página 1 de" in text
    assert "AUDITORIA DA CONSOLIDAÇÃO" in text and "alteração de" in text and "matéria nova" in text
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")], check=True)
    png = next(tmp_path.glob("p*.png"))
    w, h = _png_size(png)
    assert w > h  # landscape
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(png, SCREENSHOTS / "auditoria-docx.png")


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="chromium não instalado")
def test_html_in_chromium(result, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    page_file = tmp_path / "auditoria.html"
    page_file.write_bytes(render(result, "html"))
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--headless"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="pt-BR")
            errors = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(page_file.as_uri())
            assert page.title().startswith("Auditoria da consolidação")
            merit = page.locator("tr.v-merito")
            assert merit.count() == 1 and "“30 (trinta)” → “10 (dez)”" in merit.first.inner_text()
            assert page.locator("tr.v-materia-nova").count() == 1
            ins = merit.first.locator("ins")
            assert ins.count() >= 1 and ins.first.evaluate("e => getComputedStyle(e).textDecorationLine") == "underline"
            verdict_bg = merit.first.locator("td.veredito").evaluate("e => getComputedStyle(e).backgroundColor")
            assert verdict_bg != "rgba(0, 0, 0, 0)"
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.className") == "skip"
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shot = SCREENSHOTS / "auditoria-html.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 20_000
            assert not errors
        finally:
            browser.close()
