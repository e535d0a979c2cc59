"""`lexconsolida build`: every stage, its summary, skipped writers, and a fast rerun.

Most tests run on a small acervo in a temporary folder with a stand-in text reader (so the
build pipeline is tested whatever the state of the real reader); one runs the real command
on the repository's ``statutes/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import lexconsolida.readers as readers
from lexconsolida import writers
from lexconsolida.cli import main
from lexconsolida.model import Dispositivo, Kind, Norma
from lexconsolida.readers import ReadResult
from tests.linkcheck import check_site
from tests.conftest import run_cli

MUNICIPIO = """nome = "Vila Exemplo"
uf = "SP"
uf_nome = "São Paulo"
localidade_urn = "br;sao.paulo;vila.exemplo"

[orgaos.prefeitura]
nome = "Prefeitura Municipal de Vila Exemplo"
cabecalho = ["Estado de São Paulo", "Prefeitura Municipal de Vila Exemplo"]
"""
LEI_100 = """tipo = "Lei"
numero = "100"
data = "2020-05-04"
urn = "urn:lex:br;sao.paulo;vila.exemplo:municipal:lei:2020-05-04;100"
ementa = "Dispõe sobre feiras & mercados."
orgao = "prefeitura"

[[relacoes]]
tipo = "revoga"
dispositivo = "art2"
alvos = ["urn:lex:br;sao.paulo;vila.exemplo:municipal:lei:2019-02-01;90"]
"""
LEI_90 = """tipo = "Lei"
numero = "90"
data = "2019-02-01"
urn = "urn:lex:br;sao.paulo;vila.exemplo:municipal:lei:2019-02-01;90"
texto_disponivel = false
"""
TEXTO = """LEI Nº 100, DE 4 DE MAIO DE 2020
Art. 1º As feiras <script>alert(1)</script> & mercados seguem o art. 2º.
Art. 2º Fica revogada a Lei nº 90, de 1º de fevereiro de 2019.
"""


def stand_in_reader(data: bytes, *, path: str | None = None, **_options) -> ReadResult:
    """One artigo per 'Art. Nº text' line: enough to exercise the build, not a real reader."""
    arts = []
    for line in data.decode("utf-8").splitlines():
        m = re.match(r"Art\. (\d+)º (.*)", line)
        if m:
            n = m.group(1)
            arts.append(Dispositivo(Kind.ARTIGO, f"art{n}", f"Art. {n}º", children=[
                Dispositivo(Kind.CAPUT, f"art{n}_cpt", text=m.group(2))]))
    return ReadResult(Norma(tipo="Lei", articulacao=arts))


@pytest.fixture
def acervo(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "statutes"
    mun = root / "sp-vila-exemplo"
    (mun / "lei-100-2020").mkdir(parents=True)
    (mun / "lei-90-2019").mkdir()
    (mun / "municipio.toml").write_text(MUNICIPIO, "utf-8")
    (mun / "lei-100-2020" / "norma.toml").write_text(LEI_100, "utf-8")
    (mun / "lei-100-2020" / "texto.txt").write_text(TEXTO, "utf-8")
    (mun / "lei-90-2019" / "norma.toml").write_text(LEI_90, "utf-8")
    monkeypatch.setattr(readers, "get_reader", lambda name: stand_in_reader)
    monkeypatch.chdir(tmp_path)
    return root


def build(capsys, out: Path, acervo: Path) -> tuple[int, str]:
    rc = main(["build", "-o", str(out), "--acervo", str(acervo)])
    return rc, capsys.readouterr().out


def _mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def _stamps(root: Path) -> dict[str, tuple[int, int]]:
    """(inode, mtime) of every file under ``root``: a file rewritten, even atomically with the
    same bytes, gets a new inode."""
    return {p.relative_to(root).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in root.rglob("*") if p.is_file()}


def test_build_writes_every_output_and_says_where(acervo, tmp_path, capsys):
    out = tmp_path / "output"
    rc, text = build(capsys, out, acervo)
    assert rc == 0, text
    assert text.splitlines()[0] == "lexconsolida build: 2 atos no acervo statutes/ (1 com texto)"
    assert "  LexML ................. output/lexml/ — 1 atos" in text
    assert "  relatórios ............ output/relatorios/index.html — 1 atos verificados" in text
    assert "  site .................. output/site/index.html — 2 atos" in text
    assert "  DOCX .................. output/docx/ — 1 atos" in text
    assert "dossiê da Indicação ... pulado" in text
    act = "sp-vila-exemplo/lei-100-2020"
    report = json.loads((out / "relatorios" / f"{act}.json").read_text("utf-8"))
    assert report["contagens"]["artigo"] == 2
    # relative to the acervo, never to the checkout: two clones give the same report
    assert report["arquivo"] == "sp-vila-exemplo/lei-100-2020/texto.txt"
    assert (out / "lexml" / f"{act}.xml").read_bytes().startswith(b"<?xml")
    assert "Resultado: 0 erro(s)" in (out / "relatorios" / f"{act}.txt").read_text("utf-8")
    html = (out / "relatorios" / f"{act}.html").read_text("utf-8")
    assert '<html lang="pt-BR">' in html and 'href="../../lexml/sp-vila-exemplo/lei-100-2020.xml"' in html
    assert 'href="sp-vila-exemplo/lei-100-2020.html"' in (out / "relatorios" / "index.html").read_text("utf-8")
    assert (out / "docx" / f"{act}.docx").read_bytes()[:2] == b"PK"
    assert not (out / "docx" / "sp-vila-exemplo/lei-90-2019.docx").exists()
    assert check_site(out / "site") == []
    page = (out / "site" / act / "index.html").read_text("utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; mercados" in page
    assert '<a class="cit" href="../lei-90-2019/index.html">' in page
    assert "Texto não disponível no acervo." in (out / "site/sp-vila-exemplo/lei-90-2019/index.html").read_text("utf-8")


def test_rerun_with_nothing_changed_writes_nothing(acervo, tmp_path, capsys):
    out = tmp_path / "output"
    build(capsys, out, acervo)
    before = _stamps(out)
    rc, text = build(capsys, out, acervo)
    assert rc == 0
    assert "(0 arquivos gravados," in text
    assert _stamps(out) == before  # manifests included


def test_changed_text_is_rebuilt(acervo, tmp_path, capsys):
    out = tmp_path / "output"
    build(capsys, out, acervo)
    texto = acervo / "sp-vila-exemplo/lei-100-2020/texto.txt"
    texto.write_text(TEXTO.replace("mercados", "bazares"), "utf-8")
    rc, _ = build(capsys, out, acervo)
    assert rc == 0
    assert "bazares" in (out / "site/sp-vila-exemplo/lei-100-2020/index.html").read_text("utf-8")
    report = json.loads((out / "relatorios/sp-vila-exemplo/lei-100-2020.json").read_text("utf-8"))
    assert report["erros"] == 0


def test_a_registered_writer_that_is_missing_is_an_internal_error(acervo, tmp_path, capsys,
                                                                   monkeypatch):
    """Every writer ships with the program: one that cannot be loaded is a defect of the
    program (exit 3), never a stage quietly skipped as 'not available in this version'."""
    monkeypatch.setitem(writers.WRITERS, "docx", "lexconsolida.writers.nao_existe:write")
    rc = main(["build", "-o", str(tmp_path / "output"), "--acervo", str(acervo)])
    err = capsys.readouterr().err
    assert rc == 3, err
    assert "erro interno do lexconsolida" in err and "lexconsolida.writers.nao_existe" in err
    assert "nesta versão" not in err


def test_unreadable_text_is_a_problem_not_a_crash(acervo, tmp_path, capsys, monkeypatch):
    from lexconsolida.errors import InputError

    def broken(data, **_):
        raise InputError("nenhum artigo encontrado", path="texto.txt")

    monkeypatch.setattr(readers, "get_reader", lambda name: broken)
    rc, text = build(capsys, tmp_path / "output", acervo)
    assert rc == 1
    assert "Problemas:" in text and "nenhum artigo encontrado" in text
    page = (tmp_path / "output/site/sp-vila-exemplo/lei-100-2020/index.html").read_text("utf-8")
    assert "Texto indisponível." in page and "não pôde ser atualizado" in page


def test_missing_acervo_is_a_usage_error(tmp_path):
    r = run_cli("build", "-o", tmp_path / "out", "--acervo", tmp_path / "nada")
    assert r.returncode == 2
    assert "pasta do acervo não encontrada" in r.stderr.decode()
    assert not (tmp_path / "out").exists()


@pytest.mark.shared
def test_build_on_the_repository_statutes(tmp_path, statutes_copy):
    out = tmp_path / "output"
    r = run_cli("build", "-o", out, "--acervo", statutes_copy)
    text = r.stdout.decode()
    assert r.returncode == 0, text + r.stderr.decode()
    assert "site ................." in text and "index.html" in text
    assert "Problemas:" not in text
    assert check_site(out / "site") == []
    assert (out / "docx/mt-pedra-preta/lei-846-2015.docx").read_bytes()[:2] == b"PK"
    assert (out / "lexml/mt-pedra-preta/lei-846-2015.xml").exists()
    report = json.loads((out / "relatorios/mt-pedra-preta/lei-846-2015.json").read_text("utf-8"))
    assert report["contagens"]["artigo"] == 68
    pages = {p.relative_to(out / "site").as_posix() for p in (out / "site").rglob("index.html")}
    assert "mt-pedra-preta/lei-846-2015/index.html" in pages
    assert "mt-barra-do-garcas/decreto-4213-2019/index.html" in pages
    # The dossier of the Indicação and the consolidation whose texts are all in the corpus.
    assert (out / "dossie-indicacao/indicacao.docx").exists()
    consolidated = out / "consolidacoes/ba-feira-de-santana-transporte"
    assert {p.name for p in consolidated.iterdir()} >= {"norma.xml", "correspondencia.csv", "revisao.html"}
    assert "aguardando textos: transporte-aplicativo" in text
    before = _stamps(out)
    again = run_cli("build", "-o", out, "--acervo", statutes_copy)
    assert "(0 arquivos gravados," in again.stdout.decode()
    # Nothing rewritten anywhere: site, LexML, DOCX, dossier, consolidations, manifests.
    assert _stamps(out) == before


def test_site_command_help_and_output(tmp_path):
    r = run_cli("site", "--help")
    assert r.returncode == 0 and "diário oficial" in r.stdout.decode()
    r = run_cli("site", "-o", tmp_path / "site")
    assert r.returncode == 0, r.stderr.decode()
    assert "páginas em" in r.stdout.decode()
    assert (tmp_path / "site" / "index.html").exists()
    assert (tmp_path / "site" / "sobre.html").exists()


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, s: str) -> None:
        self.text += s

    def flush(self) -> None:
        pass


def test_progress_only_on_a_terminal():
    from lexconsolida.progress import Progress

    quiet, tty = _Stream(False), _Stream(True)
    for stream in (quiet, tty):
        p = Progress("site", stream)
        p(1, 2, "a/b")
        p(2, 2, "a/c")
        p.done()
    assert quiet.text == ""
    assert "site: 2/2 a/c" in tty.text and tty.text.endswith("\r\x1b[2K")


def test_keyed_stage_runs_only_when_its_key_changes_or_a_file_is_gone(tmp_path):
    from lexconsolida.commands.build import _cached_stage
    from lexconsolida.manifest import OutputSet

    runs: list[str] = []

    def stage(files: dict[str, str]):
        def run() -> str:
            runs.append("run")
            for name, text in files.items():
                (tmp_path / "etapa" / name).parent.mkdir(parents=True, exist_ok=True)
                (tmp_path / "etapa" / name).write_text(text, "utf-8")
            return f"{len(files)} arquivos"
        return run

    def build(key: str, files: dict[str, str]) -> tuple[str, bool]:
        output = OutputSet(tmp_path, ".m.json")
        result = _cached_stage(output, "etapa/", key, stage(files))
        output.finish()
        return result

    assert build("k1", {"a.txt": "A", "b/c.txt": "C"}) == ("2 arquivos", True)
    before = _stamps(tmp_path)
    assert build("k1", {"a.txt": "A", "b/c.txt": "C"}) == ("2 arquivos", False)
    assert _stamps(tmp_path) == before and runs == ["run"]
    (tmp_path / "etapa/b/c.txt").unlink()  # a file of the stage is gone: run again
    assert build("k1", {"a.txt": "A", "b/c.txt": "C"})[1] is True
    # The sources changed and the new run makes fewer files: the one it no longer makes goes.
    assert build("k2", {"a.txt": "A2"}) == ("1 arquivos", True)
    assert build("k2", {"a.txt": "A2"})[1] is False
    assert (tmp_path / "etapa/a.txt").read_text("utf-8") == "A2"
    assert not (tmp_path / "etapa/b").exists()
