"""Forms and registers as a real office meets them (issue 29), each run as a user runs the CLI,
in a subprocess:

- ``make clean`` + ``make demo`` never issue a number again: ``build`` numbers in the
  municipality's own register (``statutes/<município>/registros/``) or issues nothing real, and
  never deletes an issued form's files (a changed case is a new number);
- a moved (or renamed) project folder verifies clean: the register keeps paths relative to its
  own folder;
- a failed write does not block the register: the batch is completed into another folder or
  voided with a reason, and issuing, verifying, cancelling go on meanwhile;
- ``forms`` and ``infracoes`` run from another folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from lexconsolida.forms.register import Register
from lexconsolida.writers import write
from tests.forms_support import ROOT, STATUTES, pedra_preta

EXAMPLE = "xx-municipio-de-exemplo"
PP_CASE = ROOT / "tests" / "fixtures" / "forms" / "casos" / "pp-auto-de-infracao.toml"


def cli(*args, cwd: Path, env: dict | None = None):
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    environ.pop("LEXCONSOLIDA_STATUTES", None)
    environ.pop("LEXCONSOLIDA_TESTE_INTERROMPER", None)
    return subprocess.run([sys.executable, "-m", "lexconsolida", *map(str, args)], cwd=cwd, capture_output=True,
                          timeout=600, env=environ)


def _ok(proc, allowed=(0,)) -> str:
    out = proc.stdout.decode() + proc.stderr.decode()
    assert proc.returncode in allowed, out
    assert "Traceback" not in out, out
    return out


@pytest.fixture(scope="module")
def law_xml(tmp_path_factory):
    path = tmp_path_factory.mktemp("lei") / "lei-846.xml"
    path.write_bytes(write(pedra_preta(), "xml"))
    return path


@pytest.fixture
def project(tmp_path):
    """A fresh clone as far as the demo goes: the Makefile, output/README.md and the fictional
    municipality (its law, amendments, settings and ready case)."""
    root = tmp_path / "projeto"
    shutil.copytree(STATUTES / EXAMPLE, root / "statutes" / EXAMPLE, ignore=shutil.ignore_patterns("registros"))
    shutil.copy(ROOT / "Makefile", root)
    (root / "output").mkdir()
    shutil.copy(ROOT / "output" / "README.md", root / "output")
    return root


def _build(project: Path) -> str:
    # `make demo` is `lexconsolida build` from the project's root
    return _ok(cli("build", "--acervo", "statutes", "-o", "output", cwd=project), (0, 1))


def _make_clean(project: Path) -> None:
    proc = subprocess.run(["make", "clean", "VENV=.venv-inexistente"], cwd=project, capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()


def _rows(project: Path) -> list[dict]:
    proc = cli("forms", "--listar", "--json", "--municipio", f"statutes/{EXAMPLE}", cwd=project)
    _ok(proc)
    return json.loads(proc.stdout)


def _files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.endswith((".trava", "-wal", "-shm"))}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("make") is None, reason="make não instalado")
def test_make_clean_and_demo_keep_the_numbering(project):
    municipio = project / "statutes" / EXAMPLE
    registros = municipio / "registros"
    # A fresh clone has no register: the demo issues nothing real (a specimen, no number).
    first = _build(project)
    assert "AI-2025/000001" not in first
    assert "espécime" in first.lower()
    assert not registros.exists()
    assert not list((project / "output").rglob("*.sqlite"))
    specimens = [p for p in (project / "output").rglob("*.html") if "formularios" in p.parts]
    assert specimens and all("ESPÉCIME" in p.read_text(encoding="utf-8") for p in specimens)
    _make_clean(project)
    assert "AI-2025/000001" not in _build(project)

    # The office creates its register: from then on the demo numbers in it.
    _ok(cli("forms", "--listar", "--municipio", f"statutes/{EXAMPLE}", "--novo-registro", cwd=project))
    second = _build(project)
    assert "AI-2025/000001" in second
    rows = _rows(project)
    assert [(r["numero"], r["situacao"]) for r in rows] == [("AI-2025/000001", "emitido")]
    issued = _files(registros)
    assert any(name.endswith("AI-2025-000001.html") for name in issued)

    # make clean + make demo: the same case is never issued again, its files are kept.
    _make_clean(project)
    third = _build(project)
    assert "AI-2025/000002" not in third
    assert [r["numero"] for r in _rows(project)] == ["AI-2025/000001"]
    assert {k: v for k, v in _files(registros).items() if not k.endswith(".sqlite")} == \
        {k: v for k, v in issued.items() if not k.endswith(".sqlite")}

    # A changed case is a new number; the earlier form's files stay, and the summary says so.
    case = municipio / "casos" / "auto-de-infracao.toml"
    case.write_text(case.read_text(encoding="utf-8").replace("XEX1A23", "XEX1A24"), encoding="utf-8")
    fourth = _build(project)
    assert "AI-2025/000002" in fourth and "AI-2025/000001" in fourth
    rows = _rows(project)
    assert [(r["numero"], r["situacao"]) for r in rows] == [("AI-2025/000001", "emitido"),
                                                           ("AI-2025/000002", "emitido")]
    after = _files(registros)
    for name, sha in issued.items():
        if not name.endswith(".sqlite"):
            assert after.get(name) == sha, name
    assert _ok(cli("forms", "--verificar", "--municipio", f"statutes/{EXAMPLE}", cwd=project))
    # and a rerun with nothing changed issues nothing
    assert "AI-2025/000003" not in _build(project)
    assert len(_rows(project)) == 2


def test_a_moved_project_folder_verifies_clean(tmp_path, law_xml):
    project = tmp_path / "prefeitura"
    municipio = project / "statutes" / "mt-pedra-preta"
    municipio.mkdir(parents=True)
    shutil.copy(STATUTES / "mt-pedra-preta" / "municipio.toml", municipio)
    issued = cli("forms", "auto-de-infracao", "--data", PP_CASE, "--municipio", "statutes/mt-pedra-preta",
                 "--norma", law_xml, "-o", "formularios", "--novo-registro", cwd=project)
    _ok(issued)
    _ok(cli("forms", "--verificar", "--municipio", "statutes/mt-pedra-preta", cwd=project))
    moved = tmp_path / "servidor" / "prefeitura-2026"
    moved.parent.mkdir()
    project.rename(moved)
    verified = cli("forms", "--verificar", "--municipio", "statutes/mt-pedra-preta", cwd=moved)
    assert "registro e arquivos conferem" in _ok(verified)
    listed = json.loads(cli("forms", "--listar", "--json", "--municipio", "statutes/mt-pedra-preta",
                            cwd=moved).stdout)
    for f in listed[0]["arquivos"]:
        assert Path(f["caminho"]).is_file()
        assert str(moved) in f["caminho"]
    # Stored relative to the register's folder, never absolute.
    db = moved / "statutes" / "mt-pedra-preta" / "registros" / "fiscalizacao-mototaxi.sqlite"
    with sqlite3.connect(db) as conn:
        stored = [json.loads(r[0]) for r in conn.execute("SELECT arquivos FROM emissoes")]
        folders = [r[0] for r in conn.execute("SELECT pasta FROM lotes")]
    assert all(not f["caminho"].startswith("/") for files in stored for f in files), stored
    assert all(not p.startswith("/") for p in folders), folders


def test_a_register_with_absolute_paths_is_migrated(tmp_path, law_xml):
    """Registers written before paths were relative (schema 2) keep working after the move."""
    project = tmp_path / "antes"
    municipio = project / "statutes" / "mt-pedra-preta"
    municipio.mkdir(parents=True)
    shutil.copy(STATUTES / "mt-pedra-preta" / "municipio.toml", municipio)
    _ok(cli("forms", "auto-de-infracao", "--data", PP_CASE, "--municipio", municipio, "--norma", law_xml,
            "-o", project / "formularios", "--novo-registro", cwd=tmp_path))
    db = municipio / "registros" / "fiscalizacao-mototaxi.sqlite"
    folder = db.parent
    # Make it what an older release wrote: absolute paths, schema 2.
    with sqlite3.connect(db) as conn:
        for name in ("emissoes_transicoes", "emissoes_sem_exclusao"):
            conn.execute(f"DROP TRIGGER IF EXISTS {name}")
        for numero, files in list(conn.execute("SELECT numero, arquivos FROM emissoes")):
            absolute = [{**f, "caminho": str((folder / f["caminho"]).resolve())} for f in json.loads(files)]
            conn.execute("UPDATE emissoes SET arquivos=? WHERE numero=?", (json.dumps(absolute), numero))
        conn.execute("UPDATE lotes SET pasta=?", (str((project / "formularios").resolve()),))
        conn.execute("PRAGMA user_version = 2")
    with Register(db) as reg:  # opening migrates
        entry = reg.entries()[0]
        assert all(Path(f["caminho"]).is_file() for f in entry.arquivos)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 3
        stored = json.loads(conn.execute("SELECT arquivos FROM emissoes").fetchone()[0])
    assert all(not f["caminho"].startswith("/") for f in stored)
    moved = tmp_path / "depois"
    project.rename(moved)
    assert "registro e arquivos conferem" in _ok(cli("forms", "--verificar", "--municipio",
                                                     moved / "statutes" / "mt-pedra-preta", cwd=tmp_path))


def test_a_failed_write_does_not_block_the_register(tmp_path, law_xml):
    project = tmp_path / "prefeitura"
    municipio = project / "statutes" / "mt-pedra-preta"
    municipio.mkdir(parents=True)
    shutil.copy(STATUTES / "mt-pedra-preta" / "municipio.toml", municipio)
    m = ["--municipio", "statutes/mt-pedra-preta"]
    issue = ["forms", "auto-de-infracao", "--data", PP_CASE, *m, "--norma", law_xml]
    _ok(cli(*issue, "-o", "boa", "--novo-registro", cwd=project))  # AI-2025/000001
    # A folder that cannot be made (a file is in its way: works even as root), as a full disk,
    # a read-only share or a folder gone would.
    (project / "pendrive").write_text("não é uma pasta\n", encoding="utf-8")
    again = ["--reemitir", "--motivo", "segunda via"]
    failed = cli(*issue, *again, "-o", "pendrive/formularios", cwd=project)
    assert failed.returncode == 2, failed.stderr.decode()
    err = failed.stderr.decode()
    assert "não foi possível gravar" in err and "--concluir-lote" in err and "--inutilizar-lote" in err
    # Everything else goes on meanwhile: another issue elsewhere, verify, cancel, a talão.
    later = cli(*issue, *again, "-o", "outra", cwd=project)
    out = _ok(later)
    assert "AI-2025/000003" in out and "AI-2025/000002" in out  # the note names the pending number
    verified = cli("forms", "--verificar", *m, cwd=project)
    assert verified.returncode == 1 and "AI-2025/000002" in verified.stdout.decode()
    assert "pendente" in verified.stdout.decode()
    _ok(cli("forms", "--cancelar", "AI-2025/000001", "--motivo", "placa errada", *m, cwd=project))
    _ok(cli("forms", "talao", "--quantidade", "2", *m, "--norma", law_xml, "-o", "talao", cwd=project))
    # The pending batch is completed into another folder: the same bytes, under the new paths.
    rows = {r["numero"]: r for r in json.loads(cli("forms", "--listar", "--json", *m, cwd=project).stdout)}
    lote = rows["AI-2025/000002"]["lote"]
    done = cli("forms", "--concluir-lote", str(lote), "-o", "recuperado", *m, cwd=project)
    assert "AI-2025/000002" in _ok(done)
    assert sorted(p.name for p in (project / "recuperado").iterdir()) == ["AI-2025-000002.docx",
                                                                          "AI-2025-000002.html"]
    rows = {r["numero"]: r for r in json.loads(cli("forms", "--listar", "--json", *m, cwd=project).stdout)}
    assert rows["AI-2025/000002"]["situacao"] == "emitido" and not rows["AI-2025/000002"]["pendente"]
    for f in rows["AI-2025/000002"]["arquivos"]:
        assert Path(f["caminho"]).parent == (project / "recuperado").resolve()
        assert hashlib.sha256(Path(f["caminho"]).read_bytes()).hexdigest() == f["sha256"]
    assert "registro e arquivos conferem" in _ok(cli("forms", "--verificar", *m, cwd=project))
    # Or voided with a reason: another failed batch, given up.
    failed = cli(*issue, *again, "-o", "pendrive/x", cwd=project)
    assert failed.returncode == 2
    rows = {r["numero"]: r for r in json.loads(cli("forms", "--listar", "--json", *m, cwd=project).stdout)}
    pending = [r for r in rows.values() if r["pendente"]]
    assert [r["numero"] for r in pending] == ["AI-2025/000004"]  # the talão numbered AI-2026 (today)
    refused = cli("forms", "--inutilizar-lote", str(pending[0]["lote"]), *m, cwd=project)
    assert refused.returncode == 2 and "--motivo" in refused.stderr.decode()
    _ok(cli("forms", "--inutilizar-lote", str(pending[0]["lote"]), "--motivo", "pendrive perdido", *m, cwd=project))
    rows = {r["numero"]: r for r in json.loads(cli("forms", "--listar", "--json", *m, cwd=project).stdout)}
    assert rows["AI-2025/000004"]["situacao"] == "inutilizado"
    assert rows["AI-2025/000004"]["motivo_inutilizacao"] == "pendrive perdido"
    assert "registro e arquivos conferem" in _ok(cli("forms", "--verificar", *m, cwd=project))


def test_forms_and_infracoes_run_from_another_folder(tmp_path):
    project = tmp_path / "projeto"
    shutil.copytree(STATUTES / EXAMPLE, project / "statutes" / EXAMPLE, ignore=shutil.ignore_patterns("registros"))
    elsewhere = tmp_path / "outra-pasta"
    elsewhere.mkdir()
    municipio = project / "statutes" / EXAMPLE
    law = municipio / "lei-100-2020"
    # the act folder says which acervo it belongs to
    catalog = cli("infracoes", law, cwd=elsewhere)
    assert "art. 9" in _ok(catalog).lower()
    # and so does --municipio
    issued = cli("forms", "auto-de-infracao", "--municipio", municipio, "--data", municipio / "casos" /
                 "auto-de-infracao.toml", "-o", elsewhere / "formularios", "--novo-registro", cwd=elsewhere)
    assert "AI-2025/000001" in _ok(issued)
    # --acervo names it explicitly
    explicit = cli("infracoes", "--acervo", project / "statutes", law, "--json", cwd=elsewhere)
    _ok(explicit)
    assert json.loads(explicit.stdout)
    # The documented environment variable works too.
    by_env = cli("infracoes", law, cwd=elsewhere, env={"LEXCONSOLIDA_STATUTES": str(project / "statutes")})
    _ok(by_env)
    # A folder that is not an act of any acervo still says so, in Portuguese.
    stray = tmp_path / "solto"
    stray.mkdir()
    (stray / "norma.toml").write_text('tipo = "Lei"\n', encoding="utf-8")
    refused = cli("infracoes", stray, cwd=elsewhere)
    assert refused.returncode == 2 and "acervo" in refused.stderr.decode()
