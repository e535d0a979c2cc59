"""What a command line may name as a norm (DESIGN.md's CLI contract): a file, a corpus URN or
act folder — and a malformed URN is a Portuguese input error (exit 2), never a traceback."""

import json
import shutil

import pytest

from lexconsolida.cli import main
from lexconsolida.errors import InputError
from lexconsolida.model.urn import Urn
from tests.conftest import CORPUS, STATUTES, run_cli

BAD_URNS = ["urn:lex:br:nada", "urn:nada"]


def test_malformed_urn_parse_is_an_input_error_and_still_a_value_error():
    with pytest.raises(InputError, match="URN LexML inválida") as info:
        Urn.parse("urn:lex:br:nada")
    assert isinstance(info.value, ValueError) and info.value.exit_code == 2


@pytest.mark.parametrize("bad", BAD_URNS)
@pytest.mark.parametrize("argv", [["compile", "{}"], ["render", "{}"], ["amend", "{}", "{}"]],
                         ids=lambda a: a[0] if isinstance(a, list) else a)
def test_malformed_urn_exits_2_with_portuguese_error(argv, bad, capsys):
    code = main([a.format(bad) for a in argv])
    err = capsys.readouterr().err
    assert code == 2
    assert "URN LexML inválida" in err and bad in err and "Traceback" not in err


# --- parse, check and diff take a corpus URN or act folder, as compile and render do --------

PEDRA = STATUTES / "mt-pedra-preta" / "lei-846-2015"
PEDRA_URN = "urn:lex:br;mato.grosso;pedra.preta:municipal:lei:2015-05-12;846"
FSA = STATUTES / "ba-feira-de-santana"
L2217 = "urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217"


def _body(stdout: bytes) -> str:
    """The check report without its first line (which names the spec as given)."""
    return stdout.decode().split("\n", 1)[1]


@pytest.mark.parametrize("spec", [str(PEDRA), PEDRA_URN], ids=["pasta", "urn"])
def test_check_accepts_corpus_folder_and_urn_with_reader_diagnostics(spec):
    by_file = run_cli("check", PEDRA / "texto.txt")
    r = run_cli("check", spec)
    assert r.returncode == by_file.returncode == 1, r.stderr.decode()
    assert "166 linha(s) de cabeçalho/rodapé/ruído removida(s)" in r.stdout.decode()
    assert "Anomalias da leitura" in r.stdout.decode() or "Verificações" in r.stdout.decode()
    assert _body(r.stdout) == _body(by_file.stdout)


def test_check_json_of_corpus_act_reports_the_act_urn_and_reading_log():
    r = run_cli("check", PEDRA_URN, "--json")
    data = json.loads(r.stdout)
    assert data["norma"]["urn"] == PEDRA_URN
    assert data["registro_da_leitura"]["linhas_removidas"] == 166
    assert data["registro_da_leitura"]["reparos"] > 0


def test_parse_corpus_urn_keeps_reader_diagnostics_and_corpus_metadata(tmp_path):
    out, rep = tmp_path / "846.xml", tmp_path / "846.json"
    r = run_cli("parse", PEDRA_URN, "-o", out, "--report", rep)
    assert r.returncode == 0, r.stderr.decode()
    assert "166 linhas de cabeçalho/rodapé removidas" in r.stderr.decode()
    report = json.loads(rep.read_text(encoding="utf-8"))
    assert report["norma"]["urn"] == PEDRA_URN and report["formato"] == "text"
    assert report["diagnosticos_por_codigo"]["linha-removida"] == 166
    assert f'URN="{PEDRA_URN}"'.encode() in out.read_bytes()


@pytest.mark.shared
def test_parse_corpus_folder_with_acervo_option(tmp_path):
    root = tmp_path / "acervo"
    shutil.copytree(FSA, root / "ba-feira-de-santana")
    act = root / "ba-feira-de-santana" / "lei-2217-2001"
    out = tmp_path / "2217.xml"
    r = run_cli("parse", act, "--acervo", root, "-o", out)
    assert r.returncode == 0, r.stderr.decode()
    assert f'URN="{L2217}"'.encode() in out.read_bytes()


def test_parse_rejects_reader_options_for_a_corpus_act():
    r = run_cli("parse", L2217, "--tipo", "decreto")
    assert r.returncode == 2 and "ato do acervo" in r.stderr.decode()


def test_check_of_corpus_act_without_text_is_an_input_error():
    r = run_cli("check", STATUTES / "mt-barra-do-garcas" / "lei-4092-2019")
    assert r.returncode == 2 and "sem texto" in r.stderr.decode()


def test_check_of_urn_outside_the_corpus_says_so():
    r = run_cli("check", "urn:lex:br:federal:lei:1999-01-01;1")
    assert r.returncode == 2 and "ato fora do acervo" in r.stderr.decode()


@pytest.mark.shared
def test_diff_accepts_corpus_urn_and_folder():
    texts = CORPUS / "feira-de-santana-ba" / "transporte-clandestino"
    by_files = run_cli("diff", texts / "lei-2217-2001.txt", texts / "lei-3477-2014.txt", "--to", "json")
    r = run_cli("diff", L2217, FSA / "lei-3477-2014", "--to", "json")
    assert r.returncode == 0, r.stderr.decode()
    data, expected = json.loads(r.stdout), json.loads(by_files.stdout)
    assert data["pairs"] == expected["pairs"] and data["counts"] == expected["counts"]
    assert data["counts"]["changed"] > 0 and data["old"]["urn"] == L2217


@pytest.mark.parametrize("argv", [["parse", "{}"], ["check", "{}"], ["diff", "{}", "{}"],
                                  pytest.param(["diff", L2217, "{}"], marks=pytest.mark.shared)],
                         ids=lambda a: "-".join(a[:2])[:20])
def test_malformed_urn_exits_2_in_parse_check_diff(argv):
    r = run_cli(*[a.format("urn:lex:br:nada") for a in argv])
    assert r.returncode == 2 and "URN LexML inválida" in r.stderr.decode()
    assert b"Traceback" not in r.stderr


def test_located_keeps_its_three_field_constructor():
    from lexconsolida.corpus.locate import Located
    from lexconsolida.model import Norma

    found = Located(Norma(), None, None)
    assert found.diagnostics == [] and found.path is None
