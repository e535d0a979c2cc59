"""A numbering register never starts again by accident (editions of the gazette, forms).

Run as a clerk runs the commands: a register that is lost while its editions (or issued forms)
are still on disk is a loud stop, ``--novo-registro`` alone does not start it again, starting anew
takes an explicit first number past the ones issued and a reason (both recorded), and a refused
command leaves no register file behind.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.diario_support import SLUG, Keys, cli, make_acervo

CASE = Path(__file__).resolve().parents[1] / "statutes" / SLUG / "casos" / "auto-de-infracao.toml"


def _register_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.sqlite*")) if folder.exists() else []


def _lose(folder: Path) -> None:
    for p in folder.iterdir():
        p.unlink()


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    return Keys(tmp_path_factory.mktemp("chaves"))


@pytest.mark.slow
def test_a_lost_edition_register_never_restarts_the_numbering(tmp_path, keys):
    acervo = make_acervo(tmp_path)
    mun, registros = acervo / SLUG, acervo / SLUG / "registros"

    def publish(act: str, day: str, *extra):
        return cli("edicao", "--municipio", mun, "--acervo", acervo, mun / act, "--data", day,
                   "--certificado", keys.p12, "--senha-arquivo", keys.password_file, *extra)

    assert publish("lei-150-2023", "2026-12-01", "--novo-registro").returncode == 0
    assert publish("portaria-7-2026", "2026-12-02").returncode == 0
    _lose(registros)
    # without the register: a loud stop naming what is on disk
    stop = publish("lei-135-2022", "2026-12-03")
    assert stop.returncode == 2 and "perdido" in stop.stderr.decode() and "nº 2" in stop.stderr.decode()
    # --novo-registro alone does not start a second numbering, and leaves nothing behind
    alone = publish("lei-135-2022", "2026-12-03", "--novo-registro")
    err = alone.stderr.decode()
    assert alone.returncode == 2 and "--primeiro-numero 3" in err and "--motivo" in err, err
    assert _register_files(registros) == []
    # a first number among the ones published is refused
    low = publish("lei-135-2022", "2026-12-03", "--novo-registro", "--primeiro-numero", "2", "--motivo", "disco")
    assert low.returncode == 2 and "já" in low.stderr.decode() and _register_files(registros) == []
    # a command refused for another reason after the register was opened leaves nothing either
    bad = publish("nao-existe", "2026-12-03", "--novo-registro", "--primeiro-numero", "3", "--motivo", "disco")
    assert bad.returncode == 2 and _register_files(registros) == [], bad.stderr.decode()
    # starting anew: explicit first number and reason, both recorded
    again = publish("lei-135-2022", "2026-12-03", "--novo-registro", "--primeiro-numero", "3",
                    "--motivo", "registro perdido com o disco; cópia de segurança ilegível")
    assert again.returncode == 0, again.stderr.decode()
    assert "edição 3" in again.stdout.decode() or "nº 3" in again.stdout.decode(), again.stdout.decode()
    listing = cli("edicao", "--municipio", mun, "--listar", "--json")
    data = json.loads(listing.stdout)
    assert [e["numero"] for e in data["edicoes"]] == [3]
    assert data["inicio"]["primeiro_numero"] == 3
    assert "disco" in data["inicio"]["motivo"]
    assert sorted(p.name for p in (mun / "diario-oficial").glob("*.pdf")) == [
        "edicao-2026-0001.pdf", "edicao-2026-0002.pdf", "edicao-2026-0003.pdf"]


def test_a_refused_edition_with_a_new_register_leaves_nothing(tmp_path, keys):
    acervo = make_acervo(tmp_path)
    mun = acervo / SLUG
    run = cli("edicao", "--municipio", mun, "--acervo", acervo, mun / "nao-existe", "--data", "2026-12-01",
              "--certificado", keys.p12, "--senha-arquivo", keys.password_file, "--novo-registro")
    assert run.returncode == 2, run.stderr.decode()
    assert _register_files(mun / "registros") == []


def test_a_lost_forms_register_never_restarts_the_numbering(tmp_path):
    acervo = make_acervo(tmp_path)
    mun, out = acervo / SLUG, tmp_path / "formularios"
    registros = mun / "registros"

    def issue(*extra, data: Path = CASE):
        return cli("forms", "auto-de-infracao", "--data", data, "--municipio", mun, "-o", out, *extra)

    first = issue("--novo-registro")
    assert first.returncode == 0, first.stderr.decode()
    numbers = sorted(p.name for p in out.glob("*.docx"))
    assert len(numbers) == 1
    _lose(registros)
    alone = issue("--novo-registro")
    err = alone.stderr.decode()
    assert alone.returncode == 2 and "perdido" in err and "--primeiro-numero" in err and "--motivo" in err, err
    assert _register_files(registros) == []
    again = issue("--novo-registro", "--primeiro-numero", "2", "--motivo", "registro apagado por engano",
                  )
    assert again.returncode == 0, again.stderr.decode()
    assert sorted(p.name for p in out.glob("*.docx"))[-1].endswith("000002.docx")
    listing = cli("forms", "--listar", "--json", "--municipio", mun)
    assert [e["numero"].rsplit("/", 1)[1] for e in json.loads(listing.stdout)] == ["000002"]
    info = cli("forms", "--listar", "--municipio", mun).stdout.decode()
    assert "registro apagado por engano" in info and "2" in info


def test_a_refused_forms_command_with_a_new_register_leaves_nothing(tmp_path):
    acervo = make_acervo(tmp_path)
    mun = acervo / SLUG
    bad = tmp_path / "caso.toml"
    bad.write_text('placa = "sem aspas\n', "utf-8")
    run = cli("forms", "auto-de-infracao", "--data", bad, "--municipio", mun, "-o", tmp_path / "f", "--novo-registro")
    assert run.returncode == 2, run.stderr.decode()
    assert _register_files(mun / "registros") == []


def test_issuing_the_same_case_again_is_refused_unless_asked_and_both_are_recorded(tmp_path):
    acervo = make_acervo(tmp_path)
    mun, out = acervo / SLUG, tmp_path / "formularios"

    def issue(*extra):
        return cli("forms", "auto-de-infracao", "--data", CASE, "--municipio", mun, "-o", out, *extra)

    assert issue("--novo-registro").returncode == 0
    again = issue()
    err = again.stderr.decode()
    assert again.returncode == 2 and "AI-2025/000001" in err and "--reemitir" in err, err
    assert "auto-de-infracao.toml" in err  # the case named
    assert sorted(p.name for p in out.glob("*.docx")) == ["AI-2025-000001.docx"]
    # an explicit re-issue needs its reason; then both are in the register, the second saying so
    assert issue("--reemitir").returncode == 2
    done = issue("--reemitir", "--motivo", "o infrator não recebeu a primeira via")
    assert done.returncode == 0, done.stderr.decode()
    rows = json.loads(cli("forms", "--listar", "--json", "--municipio", mun).stdout)
    assert [r["numero"] for r in rows] == ["AI-2025/000001", "AI-2025/000002"]
    assert rows[1]["dados"]["reemissao_de"] == "AI-2025/000001"
    assert "primeira via" in rows[1]["dados"]["motivo_reemissao"]
    assert "reemissao_de" not in rows[0]["dados"]
    assert "AI-2025/000001" in (out / "AI-2025-000002.html").read_text("utf-8")
