"""`lexconsolida render`: formats, stdout vs -o, letterhead from the corpus folder, errors."""

from __future__ import annotations

import io

import pytest
from docx import Document

from lexconsolida.readers.docx import read as read_docx
from lexconsolida.writers import get_writer
from lexconsolida.lexml.schemas import validation_errors
from tests.conftest import run_cli
from tests.docx_sample import sample_norma

MUNICIPIO_TOML = """nome = "Vila Serena"
uf = "MT"
[orgaos.prefeitura]
nome = "Prefeitura Municipal de Vila Serena"
cabecalho = ["ESTADO DE MATO GROSSO", "PREFEITURA MUNICIPAL DE VILA SERENA"]
[orgaos.camara]
nome = "Câmara Municipal de Vila Serena"
cabecalho = ["ESTADO DE MATO GROSSO", "CÂMARA MUNICIPAL DE VILA SERENA"]
"""


@pytest.fixture
def corpus(tmp_path):
    """statutes-like layout: <mun>/municipio.toml and <mun>/lei-123-2020/texto.xml (LexML)."""
    act = tmp_path / "mt-vila-serena" / "lei-123-2020"
    act.mkdir(parents=True)
    (tmp_path / "mt-vila-serena" / "municipio.toml").write_text(MUNICIPIO_TOML, encoding="utf-8")
    xml = act / "texto.xml"
    xml.write_bytes(get_writer("xml")(sample_norma()))
    return xml


def test_docx_with_letterhead_from_the_nearest_municipio_toml(corpus, tmp_path):
    out = tmp_path / "saida" / "lei.docx"
    proc = run_cli("render", corpus, "--to", "docx", "--view", "compilado", "-o", out)
    assert proc.returncode == 0, proc.stderr.decode()
    data = out.read_bytes()
    header = [p.text for p in Document(io.BytesIO(data)).sections[0].header.paragraphs]
    assert header == ["ESTADO DE MATO GROSSO", "PREFEITURA MUNICIPAL DE VILA SERENA"]
    norma = read_docx(data).norma
    assert [n.id for n in norma.walk()] == [n.id for n in sample_norma().walk()]
    styles = {p.style.name for p in Document(io.BytesIO(data)).paragraphs}
    assert "Texto revogado" in styles


def test_orgao_and_format_from_the_output_suffix(corpus, tmp_path):
    out = tmp_path / "lei.docx"
    assert run_cli("render", corpus, "--orgao", "camara", "-o", out).returncode == 0
    header = [p.text for p in Document(io.BytesIO(out.read_bytes())).sections[0].header.paragraphs]
    assert header[1] == "CÂMARA MUNICIPAL DE VILA SERENA"


def test_akn_to_stdout_validates(corpus):
    proc = run_cli("render", corpus, "--to", "akn")
    assert proc.returncode == 0, proc.stderr.decode()
    assert validation_errors(proc.stdout, "akn") == []


def test_docx_needs_an_output_file(corpus):
    proc = run_cli("render", corpus, "--to", "docx")
    assert proc.returncode == 2
    assert "indique o arquivo de saída com -o" in proc.stderr.decode()


def test_docx_input_renders_to_akn(corpus, tmp_path):
    docx = tmp_path / "lei.docx"
    assert run_cli("render", corpus, "-o", docx).returncode == 0
    proc = run_cli("render", docx, "--to", "akn")
    assert proc.returncode == 0 and validation_errors(proc.stdout, "akn") == []


@pytest.mark.parametrize("fmt", ["html", "md", "txt"])
def test_text_formats_go_to_stdout(corpus, fmt):
    proc = run_cli("render", corpus, "--to", fmt)
    assert proc.returncode == 0 and proc.stdout.strip(), proc.stderr.decode()


def test_missing_input_and_bad_suffix(tmp_path):
    proc = run_cli("render", tmp_path / "nada.xml", "--to", "akn")
    assert proc.returncode == 2 and "arquivo não encontrado" in proc.stderr.decode()
    proc = run_cli("render", tmp_path / "nada.xml", "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2 and "use --to" in proc.stderr.decode()


def test_no_partial_output_on_error(corpus, tmp_path):
    out = tmp_path / "lei.docx"
    proc = run_cli("render", corpus, "--orgao", "camara", "--modelo", tmp_path / "falta.docx", "-o", out)
    assert proc.returncode == 2 and "falta.docx" in proc.stderr.decode()
    assert not out.exists() and list(tmp_path.glob(".lei.docx*")) == []


def test_help_text():
    proc = run_cli("render", "--help")
    assert proc.returncode == 0 and "Akoma Ntoso" in " ".join(proc.stdout.decode().split())


def test_corpus_act_without_text_is_a_clear_error(tmp_path):
    """An act of a statutes/-like corpus: metadata from norma.toml, body and letterhead of the
    municipality; a metadata-only act is a clear error."""
    mun = tmp_path / "statutes" / "mt-vila-serena"
    act = mun / "lei-123-2020"
    act.mkdir(parents=True)
    (mun / "municipio.toml").write_text(
        MUNICIPIO_TOML.replace('uf = "MT"', 'uf = "MT"\nuf_nome = "Mato Grosso"\n'
                               'localidade_urn = "br;mato.grosso;vila.serena"'), encoding="utf-8")
    (act / "norma.toml").write_text(
        'tipo = "Lei"\nnumero = "123"\ndata = "2020-03-10"\n'
        'urn = "urn:lex:br;mato.grosso;vila.serena:municipal:lei:2020-03-10;123"\n'
        'orgao = "camara"\n', encoding="utf-8")
    out = tmp_path / "lei.docx"
    proc = run_cli("render", act, "-o", out)
    assert proc.returncode == 2 and "só tem os metadados" in proc.stderr.decode()
    assert not out.exists()


@pytest.mark.shared
def test_corpus_act_renders_with_its_amendment_history(tmp_path):
    """statutes/ba-feira-de-santana/lei-2217-2001 was amended by three later laws."""
    from tests.conftest import STATUTES

    folder = STATUTES / "ba-feira-de-santana" / "lei-2217-2001"
    out = tmp_path / "lei-2217.docx"
    proc = run_cli("render", folder, "--view", "compilado", "-o", out)
    assert proc.returncode == 0, proc.stderr.decode()
    doc = Document(io.BytesIO(out.read_bytes()))
    assert "PREFEITURA MUNICIPAL DE FEIRA DE SANTANA" in [p.text for p in doc.sections[0].header.paragraphs]
    styles = [p.style.name for p in doc.paragraphs]
    assert styles.count("Texto revogado") >= 3 and styles.count("Nota de alteração") >= 3
    urn = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"
    proc = run_cli("render", urn, "--to", "akn", "--view", "compilado")
    assert proc.returncode == 0 and validation_errors(proc.stdout, "akn") == []
    assert b"Lei n\xc2\xba 3.477" in proc.stdout
