"""`lexconsolida parse`: LexML out, JSON report, Portuguese summary, clean failures (exit 2)."""

import json
import re

import pytest

from tests.conftest import ROOT, SEEDS, assert_valid_lexml, run_cli

SEED_004 = SEEDS / "004_5063f6b2d0019a9f.txt"
DECRETO = ROOT / "tests" / "fixtures" / "reader" / "decreto-ficticio.txt"


def _profile(xml: bytes) -> str:
    m = re.search(rb'perfil="(lexml-[a-z]+)"', xml)
    return m.group(1).decode() if m else "lexml-flexivel"


@pytest.mark.shared
def test_parse_seed_to_file_with_report(tmp_path):
    out, rep = tmp_path / "lei.xml", tmp_path / "relatorio.json"
    proc = run_cli("parse", SEED_004, "-o", out, "--report", rep)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout == b""
    xml = out.read_bytes()
    assert b"urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846" in xml
    assert_valid_lexml(xml, _profile(xml))
    report = json.loads(rep.read_text(encoding="utf-8"))
    assert report["norma"]["numero"] == "846" and report["norma"]["data"] == "2015-05-12"
    assert report["contagens"]["artigo"] == 68 and report["contagens"]["alinea"] == 122
    codes = report["diagnosticos_por_codigo"]
    assert codes["linha-removida"] == 166 and codes["reparo"] > 60 and codes["lacuna"] >= 3
    assert all("linha" in d for d in report["diagnosticos"] if d["codigo"] in ("linha-removida", "reparo", "lacuna"))
    stderr = proc.stderr.decode()
    assert "68 artigos" in stderr and "linhas de cabeçalho/rodapé removidas" in stderr
    assert "rótulo repetido" in stderr


def test_parse_to_stdout_with_options(tmp_path):
    proc = run_cli("parse", DECRETO, "--tipo", "decreto", "--numero", "77", "--data", "2021-05-01",
                   "--local", "alagoas;santa.luzia.norte")
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.startswith(b"<?xml")
    assert b"urn:lex:br;alagoas;santa.luzia.norte:municipal:decreto:2021-05-01;77" in proc.stdout
    assert_valid_lexml(proc.stdout, _profile(proc.stdout))


def test_output_is_deterministic(tmp_path):
    a, b = tmp_path / "a.xml", tmp_path / "b.xml"
    assert run_cli("parse", DECRETO, "-o", a).returncode == 0
    assert run_cli("parse", DECRETO, "-o", b).returncode == 0
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.shared
def test_switching_a_rule_off(tmp_path):
    rep = tmp_path / "r.json"
    proc = run_cli("parse", SEED_004, "-o", tmp_path / "x.xml", "--report", rep, "--desligar", "repair_markers")
    assert proc.returncode == 0, proc.stderr.decode()
    report = json.loads(rep.read_text(encoding="utf-8"))
    assert "reparo" not in report["diagnosticos_por_codigo"]
    assert report["contagens"]["artigo"] < 68  # 'Art,' and 'rt.' are no longer read as articles


PEDRA_PRETA = ROOT / "statutes" / "mt-pedra-preta" / "lei-846-2015" / "texto.txt"


def _cut_in_character() -> bytes:
    """Pedra Preta's law cut after the first byte of a two-byte UTF-8 character."""
    data = PEDRA_PRETA.read_bytes()
    i = data.index("ã".encode(), 2000)
    return data[: i + 1]


@pytest.mark.parametrize("make,message", [
    (lambda d: d / "vazio.txt", "arquivo vazio"),
    (lambda d: d / "binario.txt", "arquivo binário"),
    (lambda d: d / "receita.txt", "nenhum artigo"),
    (lambda d: d / "truncado.txt", "termina no meio de uma frase (linha 66)"),
    (lambda d: d / "truncado-utf8.txt", "termina no meio de um caractere UTF-8"),
    (lambda d: d / "truncado.md", "termina no meio de uma frase"),
    (lambda d: d, "diretório"),
    (lambda d: d / "nao-existe.txt", "não encontrado"),
])
def test_bad_input_exits_2_and_writes_nothing(tmp_path, make, message):
    (tmp_path / "vazio.txt").write_bytes(b"")
    (tmp_path / "binario.txt").write_bytes(b"%PDF-1.4\x00\x01\x02" * 50)
    (tmp_path / "receita.txt").write_text("Bolo de fubá.\nMisture tudo e asse.\n", encoding="utf-8")
    (tmp_path / "truncado.txt").write_bytes(PEDRA_PRETA.read_bytes()[:3000])
    (tmp_path / "truncado-utf8.txt").write_bytes(_cut_in_character())
    (tmp_path / "truncado.md").write_text("# LEI Nº 1, DE 2 DE JANEIRO DE 2024\n\n**Art. 1º** Fica criada a\n",
                                          encoding="utf-8")
    target = make(tmp_path)
    out, rep = tmp_path / "saida" / "lei.xml", tmp_path / "saida" / "rel.json"
    proc = run_cli("parse", target, "-o", out, "--report", rep)
    assert proc.returncode == 2
    stderr = proc.stderr.decode()
    assert message in stderr and str(target) in stderr
    assert "Traceback" not in stderr
    assert not out.exists() and not rep.exists()


def test_bad_date_option():
    proc = run_cli("parse", DECRETO, "--data", "12/05/2015")
    assert proc.returncode == 2 and "AAAA-MM-DD" in proc.stderr.decode()


def test_help_in_portuguese():
    proc = run_cli("parse", "--help")
    assert proc.returncode == 0 and "LexML" in proc.stdout.decode() and "--report" in proc.stdout.decode()


@pytest.mark.shared
def test_lexml_written_by_parse_reads_back_to_the_same_bytes(tmp_path):
    first, second = tmp_path / "a.xml", tmp_path / "b.xml"
    assert run_cli("parse", SEED_004, "-o", first).returncode == 0
    proc = run_cli("parse", first, "-o", second)
    assert proc.returncode == 0, proc.stderr.decode()
    assert first.read_bytes() == second.read_bytes()


def test_truncated_file_read_with_aceitar_truncado(tmp_path):
    source, out = tmp_path / "truncado.txt", tmp_path / "t.xml"
    source.write_bytes(PEDRA_PRETA.read_bytes()[:3000])
    proc = run_cli("parse", source, "-o", out, "--aceitar-truncado")
    assert proc.returncode == 0, proc.stderr.decode()
    assert "termina no meio de uma frase (linha 66); lido assim mesmo" in proc.stderr.decode()
    assert b'id="art6_cpt_inc8"' in out.read_bytes()


def test_truncated_utf8_is_not_read_as_cp1252(tmp_path):
    """Regression: a file cut inside 'ã' fell back to cp1252 and turned every accent to mojibake."""
    source, out = tmp_path / "truncado.txt", tmp_path / "t.xml"
    source.write_bytes(_cut_in_character())
    proc = run_cli("parse", source, "-o", out, "--aceitar-truncado", "--report", tmp_path / "r.json")
    assert proc.returncode == 0, proc.stderr.decode()
    xml = out.read_bytes().decode("utf-8")
    assert "Ã§" not in xml and "ção" in xml
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["norma"]["codificacao"] == "utf-8"


@pytest.mark.shared
def test_act_ending_after_a_complete_article_still_parses(tmp_path):
    """Seed 004 ends after a complete Art. 69 with no fecho: a warning, not a truncation error."""
    proc = run_cli("parse", SEED_004, "-o", tmp_path / "x.xml")
    assert proc.returncode == 0, proc.stderr.decode()
    assert "sem local e data nem assinatura" in proc.stderr.decode()
    assert "no meio de uma frase" not in proc.stderr.decode()
