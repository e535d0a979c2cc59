"""The Indicação dossier for seed 000, built from the corpus as `lexconsolida build` does."""

import csv
import io
import json
import zipfile

import pytest

from lexconsolida.consolidation.dossier import build_dossier
from lexconsolida.corpus import load
from tests.conftest import STATUTES, assert_valid_lexml

SPEC = STATUTES / "mt-barra-do-garcas" / "consolidacoes" / "transporte-aplicativo.toml"
SEVEN = ["4092", "4100", "4120", "4121", "4213", "4264", "4436"]


@pytest.fixture(scope="module")
def dossier(tmp_path_factory):
    out = tmp_path_factory.mktemp("dossie")
    files = build_dossier(load(STATUTES), SPEC, out)
    return out, {p.name for p in files}


def test_every_output_is_there(dossier):
    out, names = dossier
    assert names == {
        "verificacao.json", "verificacao.txt", "minuta.xml", "minuta.docx", "minuta.html",
        "minuta.txt", "efeitos-revogacao.json", "efeitos-revogacao.html", "atos-substituidos.csv",
        "consolidacao.toml", "indicacao.docx", "index.html", "auditoria.json",
    }
    assert_valid_lexml((out / "minuta.xml").read_bytes())
    report = json.loads((out / "verificacao.json").read_text(encoding="utf-8"))
    assert report["contagens"]["artigo"] == 31 and report["erros"] == 0


def test_article_31_revokes_the_seven_acts(dossier):
    out, _ = dossier
    effects = json.loads((out / "efeitos-revogacao.json").read_text(encoding="utf-8"))
    assert [e["dispositivo"] for e in effects] == ["art31"] * 7
    assert sorted(e["urn"].rsplit(";", 1)[1] for e in effects) == SEVEN
    assert not any(e["texto_disponivel"] for e in effects)
    rows = list(csv.DictReader(io.StringIO((out / "atos-substituidos.csv").read_text(encoding="utf-8"))))
    assert [r["numero"].replace(".", "") for r in rows] == SEVEN  # chronological order
    assert {r["revogado_pela_minuta_em"] for r in rows} == {"art31"}


def _paragraphs(docx_bytes: bytes) -> list[str]:
    from docx import Document

    return [p.text for p in Document(io.BytesIO(docx_bytes)).paragraphs if p.text.strip()]


def test_indicacao_docx_in_the_seed_layout(dossier):
    out, _ = dossier
    data = (out / "indicacao.docx").read_bytes()
    paras = _paragraphs(data)
    text = "\n".join(paras)
    assert paras[0] == "Indicação"
    assert "Autoria: Jairo Gehm – PRTB" in paras
    assert "Mesa Diretora" in paras
    request = next(p for p in paras if p.startswith("Indica ao Chefe do Poder Executivo"))
    # The acts, numbers and dates in chronological order.
    expected = ["Lei nº 4.092, de 6 de junho de 2019", "Lei nº 4.100, de 7 de agosto de 2019",
                "Lei nº 4.120, de 12 de outubro de 2019", "Lei nº 4.121, de 12 de outubro de 2019",
                "Decreto nº 4.213, de 4 de novembro de 2019", "Decreto nº 4.264, de 14 de janeiro de 2020",
                "Decreto nº 4.436, de 26 de agosto de 2020"]
    positions = [request.index(e) for e in expected]
    assert positions == sorted(positions)
    assert "Câmara Municipal de Barra do Garças-MT, 23 de novembro de 2023." in paras
    assert "JAIRO GEHM" in text
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        headers = "".join(z.read(n).decode() for n in z.namelist() if n.startswith("word/header"))
    assert "Câmara Municipal de Barra do Garças" in headers


def test_dossier_is_deterministic(dossier, tmp_path):
    out, names = dossier
    build_dossier(load(STATUTES), SPEC, tmp_path)
    for name in names:
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes(), name


def test_signature_block_one_line_per_cargo(dossier):
    """Regression: the signer's cargos ran together on one line in the Indicação DOCX."""
    from docx import Document

    out, _ = dossier
    doc = Document(io.BytesIO((out / "indicacao.docx").read_bytes()))
    (sig,) = [p for p in doc.paragraphs if p.text.startswith("JAIRO GEHM")]
    assert sig.text.split("\n") == ["JAIRO GEHM", "Vereador-PRTB", "Primeiro Secretário da Mesa Diretora",
                                    "Presidente da Comissão de Constituição, Justiça e Redação"]
