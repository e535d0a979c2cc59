"""Where act texts come from: the act folder, or the shared material through a municipality's
``[fonte_textos]``; paths written in norma.toml never lead out of their folder; and no text of
../shared/corpus or ../shared/acervos is copied into the project."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess

import pytest

from lexconsolida.corpus import load
from lexconsolida.errors import InputError
from tests.conftest import ROOT, SHARED, STATUTES, run_cli

MUNICIPIO = """nome = "Teste"
uf = "XX"
localidade_urn = "br;estado.ficticio;teste"
"""
NORMA = """tipo = "Lei"
numero = "1"
data = "2020-01-02"
urn = "urn:lex:br;estado.ficticio;teste:municipal:lei:2020-01-02;1"
"""
TEXT = "LEI Nº 1, DE 2 DE JANEIRO DE 2020\n\nArt. 1º Texto.\n\nArt. 2º Outro.\n"


def _acervo(tmp_path, municipio_extra="", norma_extra=""):
    root = tmp_path / "projeto" / "statutes"
    act = root / "xx-teste" / "lei-1-2020"
    act.mkdir(parents=True)
    (root / "xx-teste" / "municipio.toml").write_text(MUNICIPIO + municipio_extra, encoding="utf-8")
    (act / "norma.toml").write_text(NORMA + norma_extra, encoding="utf-8")
    return root, act


@pytest.mark.parametrize("texto", ["../../../etc/passwd", "/etc/passwd", "sub/../../x.txt", "..",
                                   "C:/Windows/win.ini"])
def test_norma_toml_path_out_of_the_act_folder_is_refused(tmp_path, texto):
    root, act = _acervo(tmp_path, norma_extra=f'texto = "{texto}"\n')
    with pytest.raises(InputError) as err:
        load(root, shared=tmp_path / "nada")
    message = str(err.value)
    assert str(act / "norma.toml") in message
    assert "'texto' deve ser um caminho relativo" in message and "sem '..' nem caminho absoluto" in message


def test_symbolic_link_out_of_the_act_folder_is_refused(tmp_path):
    root, act = _acervo(tmp_path, norma_extra='texto = "link.txt"\n')
    secret = tmp_path / "fora.txt"
    secret.write_text(TEXT, encoding="utf-8")
    os.symlink(secret, act / "link.txt")
    with pytest.raises(InputError, match="leva para fora"):
        load(root, shared=tmp_path / "nada")


def test_cli_refuses_the_escaping_path_with_exit_2_and_no_traceback(tmp_path):
    root, act = _acervo(tmp_path, norma_extra='texto = "../../fora.txt"\n')
    r = run_cli("compile", act, "--acervo", root, "--to", "txt")
    assert r.returncode == 2
    err = r.stderr.decode()
    assert "Traceback" not in err and "sem '..' nem caminho absoluto" in err and "norma.toml" in err


def test_text_inside_the_act_folder_is_read(tmp_path):
    root, act = _acervo(tmp_path, norma_extra='texto = "sub/original.txt"\n')
    (act / "sub").mkdir()
    (act / "sub" / "original.txt").write_text(TEXT, encoding="utf-8")
    corpus = load(root, shared=tmp_path / "nada")
    (only,) = corpus.acts.values()
    assert only.texto == act / "sub" / "original.txt" and only.texto_ausente is None


FONTE = '\n[fonte_textos]\nraiz = "compartilhado"\npasta = "corpus/teste"\n'


def test_text_from_the_shared_material(tmp_path):
    shared = tmp_path / "shared"
    (shared / "corpus" / "teste" / "leis").mkdir(parents=True)
    (shared / "corpus" / "teste" / "leis" / "lei-1.txt").write_text(TEXT, encoding="utf-8")
    root, act = _acervo(tmp_path, FONTE, 'texto = "leis/lei-1.txt"\n')
    (only,) = load(root, shared=shared).acts.values()
    assert only.texto == shared / "corpus" / "teste" / "leis" / "lei-1.txt"
    assert only.texto_origem == "compartilhado:corpus/teste/leis/lei-1.txt"
    norma = load(root, shared=shared).read(only.urn)
    assert [a.id for a in norma.artigos()] == ["art1", "art2"]


def test_shared_material_found_beside_the_project_or_by_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("LEXCONSOLIDA_SHARED", raising=False)
    beside = tmp_path / "shared" / "corpus" / "teste"
    beside.mkdir(parents=True)
    (beside / "lei-1.txt").write_text(TEXT, encoding="utf-8")
    root, _ = _acervo(tmp_path, FONTE, 'texto = "lei-1.txt"\n')  # tmp/projeto/statutes → tmp/shared
    (only,) = load(root).acts.values()
    assert only.texto == beside / "lei-1.txt"
    elsewhere = tmp_path / "outro"
    (elsewhere / "corpus" / "teste").mkdir(parents=True)
    (elsewhere / "corpus" / "teste" / "lei-1.txt").write_text(TEXT, encoding="utf-8")
    monkeypatch.setenv("LEXCONSOLIDA_SHARED", str(elsewhere))
    (only,) = load(root).acts.values()
    assert only.texto == elsewhere / "corpus" / "teste" / "lei-1.txt"


def test_absent_shared_material_leaves_metadata_and_says_why(tmp_path):
    root, act = _acervo(tmp_path, FONTE, 'texto = "lei-1.txt"\n')
    (only,) = load(root, shared=tmp_path / "nao-existe").acts.values()
    assert only.texto is None
    assert "material compartilhado ausente" in only.texto_ausente
    assert str(tmp_path / "nao-existe") in only.texto_ausente


def test_shared_path_escaping_the_shared_root_is_refused(tmp_path):
    (tmp_path / "shared").mkdir()
    root, _ = _acervo(tmp_path, FONTE.replace("corpus/teste", "../segredos"), 'texto = "lei-1.txt"\n')
    with pytest.raises(InputError, match="fonte_textos.pasta"):
        load(root, shared=tmp_path / "shared")
    root2, _ = _acervo(tmp_path / "b", FONTE, 'texto = "../../../x.txt"\n')
    (tmp_path / "b" / "shared" / "corpus" / "teste").mkdir(parents=True)
    with pytest.raises(InputError, match="sem '..'"):
        load(root2, shared=tmp_path / "b" / "shared")


def test_build_without_shared_material_says_so_and_builds_the_rest(tmp_path, statutes_copy):
    out = tmp_path / "out"  # given relative, as `make demo` does
    r = run_cli("build", "-o", "out", "--acervo", statutes_copy, "--compartilhado", tmp_path / "nao-existe",
                cwd=tmp_path)
    text = r.stdout.decode()
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
    assert "sem textos de ba-feira-de-santana/ (8 atos só com metadados): material compartilhado " \
           f"ausente ({tmp_path / 'nao-existe'} não existe)" in text
    assert (out / "lexml" / "mt-pedra-preta" / "lei-846-2015.xml").is_file()
    assert (out / "lexml" / "xx-municipio-de-exemplo" / "lei-100-2020.xml").is_file()
    assert not (out / "lexml" / "ba-feira-de-santana").exists()
    assert "aguardando textos: transporte" in text
    for made in ("quadros/xx-municipio-de-exemplo/lei-100-2020.html",
                 "consolidacoes/xx-municipio-de-exemplo-taxi/norma.xml",
                 "formularios/xx-municipio-de-exemplo/auto-de-infracao/especime.html",
                 "relatorios/mt-pedra-preta/lei-846-2015.html", "docx/xx-municipio-de-exemplo/lei-100-2020.docx"):
        assert (out / made).is_file(), made
    assert "  - mt-pedra-preta/lei-846-2015: 5 erro(s)" in text  # the act with errors is named
    quadro = (out / "quadros/xx-municipio-de-exemplo/lei-100-2020.html").read_text(encoding="utf-8")
    assert "Lei nº 100, de 10 de março de 2020 (texto original)" in quadro
    assert "Lei nº 100, de 10 de março de 2020 (texto compilado até 21 de junho de 2022)" in quadro
    assert "Texto compilado em 21 de junho de 2022" in quadro  # the column, by what is compared
    # 5º, 6º (2), 7º-A, 8º, III
    assert "Mostrar somente alterações, com um dispositivo vizinho de cada lado (5 de 67 linhas alteradas)" in quadro
    assert "III – (Revogado)" in " ".join(re.sub(r"<[^>]+>", " ", quadro).split())
    # A second run with nothing changed rewrites nothing and spends no form number.
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file() and ".manifest" not in p.name}
    again = run_cli("build", "-o", "out", "--acervo", statutes_copy, "--compartilhado", tmp_path / "nao-existe",
                    cwd=tmp_path)
    assert again.returncode == 0
    assert "1 espécime(s) sem número" in again.stdout.decode()
    after = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file() and ".manifest" not in p.name}
    assert after == before


def _git_files() -> list[str]:
    proc = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if proc.returncode != 0:
        pytest.skip("não é um checkout git")
    return [f for f in proc.stdout.decode().split("\0") if f]


@pytest.mark.shared
def test_no_text_of_the_shared_corpus_or_acervos_is_copied_into_the_project():
    shared = {}
    for folder in ("corpus", "acervos"):
        for path in (SHARED / folder).rglob("*.txt"):
            shared[hashlib.sha256(path.read_bytes()).hexdigest()] = path
    assert len(shared) > 1000  # the whole Feira de Santana acervo is hashed, not a sample
    copies = []
    for name in _git_files():
        path = ROOT / name
        if path.is_file() and not path.is_symlink():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            if digest in shared:
                copies.append(f"{name} = {shared[digest].relative_to(SHARED)}")
    assert not copies, "cópias do material compartilhado no projeto:\n" + "\n".join(copies)


def test_forms_settings_law_path_stays_in_the_municipality(tmp_path):
    import shutil

    mun = tmp_path / "xx-municipio-de-exemplo"
    shutil.copytree(STATUTES / "xx-municipio-de-exemplo", mun)
    toml = mun / "municipio.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('norma = "lei-100-2020"', 'norma = "../../fora"'),
                    encoding="utf-8")
    r = run_cli("forms", "auto-de-infracao", "--municipio", mun, "--data", mun / "casos" / "auto-de-infracao.toml",
                "-o", tmp_path / "f", "--registro", tmp_path / "r.sqlite")
    assert r.returncode == 2
    err = r.stderr.decode()
    assert "'fiscalizacao.norma' deve ser um caminho relativo" in err and "Traceback" not in err
