"""The register never loses or repeats a number: the three ways the first release reused numbers
(another working folder, `make clean`, `kill -9` during the final file moves) and a kill at every
step of issuing, each run as a user runs the CLI, in a subprocess killed with SIGKILL."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lexconsolida.forms.issue import CHECKPOINTS, FAULT_ENV
from lexconsolida.writers import write
from tests.forms_support import ROOT, STATUTES, csv_cases, pedra_preta


@pytest.fixture(scope="module")
def law_xml(tmp_path_factory):
    path = tmp_path_factory.mktemp("lei") / "lei-846.xml"
    path.write_bytes(write(pedra_preta(), "xml"))
    return path


@pytest.fixture
def acervo(tmp_path):
    """A municipality folder of its own (the register lives in it)."""
    folder = tmp_path / "statutes" / "mt-pedra-preta"
    folder.mkdir(parents=True)
    shutil.copy(STATUTES / "mt-pedra-preta" / "municipio.toml", folder)
    return folder


def cli(*args, cwd: Path = ROOT, kill_at: str | None = None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(FAULT_ENV, None)
    if kill_at:
        env[FAULT_ENV] = kill_at
    return subprocess.run([sys.executable, "-m", "lexconsolida", *map(str, args)], cwd=cwd, capture_output=True,
                          timeout=300, env=env)


def _csv(tmp_path: Path, name: str, n: int, start: int = 1) -> Path:
    path = tmp_path / name
    path.write_text(csv_cases(n, start=start), encoding="utf-8")
    return path


def _entries(acervo: Path) -> list[dict]:
    result = cli("forms", "--listar", "--json", "--municipio", acervo)
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)


def _assert_register_sound(acervo: Path, out: Path, expected: int) -> list[dict]:
    """Numbers 1..expected, each once, written, its files on disk with the recorded hashes; no
    other form file in the folder; --verificar agrees."""
    check = cli("forms", "--verificar", "--municipio", acervo)
    assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
    rows = _entries(acervo)
    numbers = [r["numero"] for r in rows]
    assert numbers == [f"AI-2025/{n:06d}" for n in range(1, expected + 1)]
    assert all(r["situacao"] == "emitido" and not r["pendente"] for r in rows)
    on_disk = sorted(p.name for p in out.iterdir())
    assert on_disk == sorted(f"{r['numero'].replace('/', '-')}{s}" for r in rows for s in (".docx", ".html"))
    for r in rows:
        for f in r["arquivos"]:
            assert hashlib.sha256(Path(f["caminho"]).read_bytes()).hexdigest() == f["sha256"]
    people = [r["dados"]["condutor"] for r in rows]
    assert len(people) == len(set(people)) or expected > 5  # each case issued once
    return rows


STEPS = ["antes-do-commit", "depois-do-commit", "entre-arquivos:1", "entre-arquivos:5", "antes-de-marcar",
         "depois-de-marcar"]


def test_every_checkpoint_is_exercised():
    assert {s.split(":")[0] for s in STEPS} == set(CHECKPOINTS)


@pytest.mark.parametrize("step", STEPS)
def test_kill_at_each_step_loses_and_repeats_no_number(tmp_path, acervo, law_xml, step):
    out = tmp_path / "saida"
    common = ["--municipio", acervo, "--norma", law_xml, "-o", out]
    first = cli("forms", "auto-de-infracao", "--data", _csv(tmp_path, "a.csv", 4), *common, "--novo-registro",
                kill_at=step)
    assert first.returncode == -9, first.stderr.decode()
    second = cli("forms", "auto-de-infracao", "--data", _csv(tmp_path, "b.csv", 3, start=101), *common)
    assert second.returncode == 0, second.stderr.decode()
    committed = step != "antes-do-commit"
    issued_now = [line.split("\t")[0] for line in second.stdout.decode().splitlines() if "\t" in line]
    if committed:
        # the interrupted batch kept its numbers 1-4 (completed from the register); the new one got 5-7
        assert issued_now == ["AI-2025/000005", "AI-2025/000006", "AI-2025/000007"]
        if step != "depois-de-marcar":
            assert "emissão interrompida concluída" in second.stderr.decode()
        rows = _assert_register_sound(acervo, out, 7)
        assert [r["origem"].split(", ")[0] for r in rows] == [str(tmp_path / "a.csv")] * 4 + [str(tmp_path / "b.csv")] * 3
    else:
        assert issued_now == ["AI-2025/000001", "AI-2025/000002", "AI-2025/000003"]
        _assert_register_sound(acervo, out, 3)


def test_kill_during_the_final_moves_of_a_big_batch_then_verify_completes_it(tmp_path, acervo, law_xml):
    """Scenario (c) of issue 13: a kill -9 while the files of a batch were being put in place."""
    out = tmp_path / "saida"
    common = ["--municipio", acervo, "--norma", law_xml, "-o", out]
    killed = cli("forms", "auto-de-infracao", "--data", _csv(tmp_path, "a.csv", 30), *common, "--novo-registro",
                 kill_at="entre-arquivos:23")
    assert killed.returncode == -9
    assert len(list(out.glob("*.docx"))) + len(list(out.glob("*.html"))) == 23
    verified = cli("forms", "--verificar", "--municipio", acervo)
    assert verified.returncode == 0, verified.stdout.decode()
    assert verified.stdout.decode().count("emissão interrompida concluída") == 30
    again = cli("forms", "auto-de-infracao", "--data", _csv(tmp_path, "b.csv", 2, start=101), *common)
    assert again.returncode == 0, again.stderr.decode()
    _assert_register_sound(acervo, out, 32)


def test_a_file_put_in_the_way_of_a_pending_number_voids_it_with_the_reason(tmp_path, acervo, law_xml):
    out = tmp_path / "saida"
    common = ["--municipio", acervo, "--norma", law_xml, "-o", out]
    assert cli("forms", "auto-de-infracao", "--data", _csv(tmp_path, "a.csv", 3), *common, "--novo-registro",
               kill_at="depois-do-commit").returncode == -9
    out.mkdir(exist_ok=True)
    (out / "AI-2025-000002.docx").write_bytes(b"outro documento")
    verified = cli("forms", "--verificar", "--municipio", acervo)
    text = verified.stdout.decode()
    assert "AI-2025/000002: emissão interrompida; número inutilizado (o arquivo" in text
    assert "arquivo no disco de número inutilizado" in text and verified.returncode == 1
    rows = {r["numero"]: r for r in _entries(acervo)}
    assert rows["AI-2025/000002"]["situacao"] == "inutilizado"
    assert "já existe com outro conteúdo" in rows["AI-2025/000002"]["motivo_inutilizacao"]
    assert rows["AI-2025/000001"]["situacao"] == rows["AI-2025/000003"]["situacao"] == "emitido"
    assert not (out / "AI-2025-000002.html").exists()  # the voided number's own file is not left behind
    nxt = cli("forms", "auto-de-infracao", "--data", _csv(tmp_path, "b.csv", 1, start=101), *common)
    assert "AI-2025/000004" in nxt.stdout.decode()  # the voided number is not reissued


def test_talao_killed_between_files_is_completed(tmp_path, acervo, law_xml):
    out = tmp_path / "saida"
    common = ["--municipio", acervo, "--norma", law_xml, "-o", out]
    assert cli("forms", "talao", "--quantidade", 5, *common, "--novo-registro",
               kill_at="entre-arquivos:1").returncode == -9
    verified = cli("forms", "--verificar", "--municipio", acervo)
    assert verified.returncode == 0, verified.stdout.decode()
    rows = _entries(acervo)
    assert [r["situacao"] for r in rows] == ["talao"] * 5 and len({r["numero"] for r in rows}) == 5
    assert len(list(out.glob("talao-*.docx"))) == len(list(out.glob("talao-*.html"))) == 1


def test_other_working_folder_uses_the_same_register(tmp_path, acervo, law_xml):
    """Scenario (a): the register is the municipality's, wherever the command runs from."""
    one, two = tmp_path / "um", tmp_path / "dois" / "fundo"
    one.mkdir()
    two.mkdir(parents=True)
    case = ROOT / "tests" / "fixtures" / "forms" / "casos" / "pp-auto-de-infracao.toml"
    first = cli("forms", "auto-de-infracao", "--data", case, "--municipio", acervo, "--norma", law_xml,
                "--novo-registro", cwd=one)
    assert first.returncode == 0 and "AI-2025/000001" in first.stdout.decode()
    relative = os.path.relpath(acervo, two)
    second = cli("forms", "auto-de-infracao", "--data", case, "--municipio", relative, "--norma", law_xml,
                 "--reemitir", "--motivo", "segunda via", cwd=two)
    assert second.returncode == 0, second.stderr.decode()
    assert "AI-2025/000002" in second.stdout.decode()
    assert (acervo / "registros" / "fiscalizacao-mototaxi.sqlite").is_file()
    assert not (one / "output" / "registro.sqlite").exists() and not (two / "output" / "registro.sqlite").exists()
    # without --novo-registro, a register that is not there is never silently started again
    other = tmp_path / "outro" / "statutes" / "mt-pedra-preta"
    other.mkdir(parents=True)
    shutil.copy(acervo / "municipio.toml", other)
    refused = cli("forms", "auto-de-infracao", "--data", case, "--municipio", other, "--norma", law_xml, cwd=one)
    assert refused.returncode == 2 and "--novo-registro" in refused.stderr.decode()
    assert not (other / "registros").exists()


@pytest.mark.skipif(shutil.which("make") is None, reason="make não instalado")
def test_make_clean_and_build_never_touch_the_register(tmp_path, law_xml):
    """Scenario (b): `make clean` (the project's own Makefile) and `build` leave the register alone."""
    project = tmp_path / "projeto"
    shutil.copytree(STATUTES / "mt-pedra-preta", project / "statutes" / "mt-pedra-preta",
                    ignore=shutil.ignore_patterns("registros"))
    shutil.copy(ROOT / "Makefile", project)
    (project / "output").mkdir()
    (project / "output" / "README.md").write_text("saída\n", encoding="utf-8")
    (project / "output" / "registro.sqlite").write_bytes(b"registro antigo")  # an older version's register
    (project / "output" / "formularios").mkdir()
    (project / "output" / "formularios" / "velho.html").write_text("x", encoding="utf-8")
    acervo = project / "statutes" / "mt-pedra-preta"
    case = ROOT / "tests" / "fixtures" / "forms" / "casos" / "pp-auto-de-infracao.toml"
    args = ["forms", "auto-de-infracao", "--data", case, "--municipio", acervo, "--norma", law_xml]
    legacy = cli(*args, "--novo-registro", cwd=project)  # an older register here: never start a second numbering
    assert legacy.returncode == 2 and "há um registro da versão anterior em output/registro.sqlite" in \
        legacy.stderr.decode()
    (project / "output" / "registro.sqlite").rename(project / "output" / "registro-antigo.sqlite")
    assert "AI-2025/000001" in cli(*args, "--novo-registro", cwd=project).stdout.decode()
    register = acervo / "registros" / "fiscalizacao-mototaxi.sqlite"
    before = register.read_bytes()

    clean = subprocess.run(["make", "clean", "VENV=.venv-inexistente"], cwd=project, capture_output=True, timeout=60)
    assert clean.returncode == 0, clean.stderr.decode()
    assert sorted(p.name for p in (project / "output").iterdir()) == ["README.md", "registro-antigo.sqlite"]
    assert register.read_bytes() == before

    build = cli("build", "--acervo", project / "statutes", "-o", project / "output", cwd=project)
    assert build.returncode in (0, 1), build.stderr.decode()  # 1: the law's own check findings
    assert register.read_bytes() == before
    assert sorted(p.name for p in register.parent.iterdir() if not p.name.endswith(".trava")) == [register.name]

    again = cli(*args, "--reemitir", "--motivo", "segunda via", cwd=project)
    assert again.returncode == 0, again.stderr.decode()
    assert "AI-2025/000002" in again.stdout.decode()


def test_verificar_reports_missing_changed_and_unregistered_files(tmp_path, acervo, law_xml):
    out = tmp_path / "saida"
    common = ["--municipio", acervo, "--norma", law_xml, "-o", out]
    assert cli("forms", "auto-de-infracao", "--data", _csv(tmp_path, "a.csv", 3), *common,
               "--novo-registro").returncode == 0
    assert cli("forms", "--verificar", "--municipio", acervo).returncode == 0
    (out / "AI-2025-000001.html").unlink()
    (out / "AI-2025-000002.docx").write_bytes(b"alterado")
    (out / "AI-2025-000099.docx").write_bytes(b"sem registro")
    (out / ".AI-2025-000003.docx.4242.tmp").write_bytes(b"meio arquivo")
    result = cli("forms", "--verificar", "--municipio", acervo)
    text = result.stdout.decode()
    assert result.returncode == 1
    assert "AI-2025/000001, " in text and "arquivo do registro ausente do disco" in text
    assert "AI-2025/000002, " in text and "SHA-256 diferente do registro" in text
    assert "AI-2025-000099.docx: formulário no disco que não consta do registro" in text
    assert "arquivo temporário de uma gravação interrompida" in text
    assert "4 diferença(s)" in text
