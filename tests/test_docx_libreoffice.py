"""Every kind of DOCX we write converts to PDF with LibreOffice headless (one soffice start)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from lexconsolida.docx import styles as docx_template
from lexconsolida.writers.docx import write
from tests.conftest import GOLD, convert_to_pdf, needs_soffice
from tests.docx_sample import MUNICIPIO, amending_norma, norma_from_gold, sample_norma, tiny_png
from tests.test_docx_reader import plain_docx

pytestmark = pytest.mark.shared  # reads ../shared

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


def _many_headings():
    from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Kind, Norma, Number

    words = "o permissionário deverá manter o veículo em condições de uso e segurança".split()
    chapters, n = [], 0
    for c in range(1, 25):
        sections = []
        for s_ in range(1, 3):
            n += 1
            text = " ".join(words[(n + k) % len(words)] for k in range(7 + (n * 23) % 90)) + "."
            art = Dispositivo(Kind.ARTIGO, f"art{n}", f"Art. {n}", number=Number(n), children=[
                Dispositivo(Kind.CAPUT, f"art{n}_cpt", text=text)])
            sections.append(Agrupador(AgrupadorKind.SECAO, f"cap{c}_sec{s_}", f"Seção {s_}",
                                      number=Number(s_), nome=f"Das condições {c}.{s_}",
                                      children=[art]))
        chapters.append(Agrupador(AgrupadorKind.CAPITULO, f"cap{c}", f"Capítulo {c}",
                                  number=Number(c), nome=f"DO TEMA {c}", children=sections))
    return Norma(tipo="Lei", numero="1", data="2020-01-02", epigrafe="LEI Nº 1, DE 2 DE JANEIRO DE 2020",
                 articulacao=chapters, fecho=["Vila Serena, 2 de janeiro de 2020."])


PDFTOTEXT = shutil.which("pdftotext")
PDFTOPPM = shutil.which("pdftoppm")


def _pages(pdf) -> list[list[str]]:
    """The text lines of each page of ``pdf`` (pdftotext -layout), blank lines dropped."""
    out = subprocess.run([PDFTOTEXT, "-layout", str(pdf), "-"], capture_output=True,
                         check=True).stdout.decode()
    return [[ln.strip() for ln in page.splitlines() if ln.strip()] for page in out.split("\f")
            if page.strip()]


@pytest.mark.skipif(PDFTOTEXT is None or PDFTOPPM is None, reason="poppler-utils não instalado")
def test_no_heading_is_left_alone_at_the_foot_of_a_page(tmp_path):
    """Issue 12: LibreOffice left 'Seção II' at the foot of a page of Lei 846 with its name on
    the next. Every DOCX of the demo acervo is built, converted and rendered to PNG; the last
    body line of every page (the footer taken off) is never an agrupador heading."""
    from lexconsolida.corpus import load
    from lexconsolida.site.source import read_norma
    from tests.conftest import STATUTES

    corpus = load(STATUTES)
    files, headings = [], {}
    for urn, act in sorted(corpus.acts.items()):
        norma, _, _ = read_norma(corpus, urn)
        if norma is None:
            continue
        mun = corpus.municipios[act.municipio]
        path = tmp_path / f"{act.folder.name}.docx"
        path.write_bytes(write(norma, municipio=mun.data, municipio_dir=corpus.root / mun.folder))
        files.append(path)
        headings[path.stem] = {t.strip().upper() for a in norma.agrupadores()
                               for t in (a.rotulo, a.nome) if t}
    # and a long act whose headings fall everywhere on the page: capítulos and seções with
    # articles of every length
    files.append(tmp_path / "muitos-titulos.docx")
    files[-1].write_bytes(write(_many_headings(), municipio=MUNICIPIO))
    headings["muitos-titulos"] = {t.upper() for a in _many_headings().agrupadores()
                                  for t in (a.rotulo, a.nome) if t}
    assert files
    for pdf in convert_to_pdf(files, tmp_path):
        pages = _pages(pdf)
        footer = re.compile(r"^Página \d+ de \d+$")
        for i, lines in enumerate(pages, 1):
            body = [ln for ln in lines if not footer.match(ln)]
            # the contacts line(s) of the footer are the same on every page: drop them
            common_tail = [ln for ln in body[-2:] if all(ln in p for p in pages)]
            body = body[: len(body) - len(common_tail)]
            assert body and body[-1].upper() not in headings[pdf.stem], \
                f"{pdf.stem}, página {i}: termina no título {body[-1]!r}"
        png = tmp_path / pdf.stem
        subprocess.run([PDFTOPPM, "-r", "40", "-png", "-f", "1", "-l", "1", str(pdf), str(png)],
                       check=True, capture_output=True)
        rendered = sorted(tmp_path.glob(f"{pdf.stem}*.png"))
        assert rendered and rendered[0].stat().st_size > 2000  # a page with text, not blank
