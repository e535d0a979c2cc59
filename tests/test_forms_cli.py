"""The `infracoes` and `forms` commands, run as a user runs them."""

from __future__ import annotations

import json

import pytest

from lexconsolida.writers import write
from tests.conftest import run_cli
from tests.forms_support import CASES, STATUTES, csv_cases, pedra_preta


@pytest.fixture
def law_xml(tmp_path):
    path = tmp_path / "lei-846.xml"
    path.write_bytes(write(pedra_preta(), "xml"))
    return path


def test_help_texts():
    for command in ("infracoes", "forms"):
        result = run_cli(command, "--help")
        assert result.returncode == 0 and result.stdout.decode().startswith("uso: ")


def test_infracoes_json(law_xml):
    result = run_cli("infracoes", law_xml, "--json")
    assert result.returncode == 0, result.stderr.decode()
    data = json.loads(result.stdout)
    assert len(data["infracoes"]) == 7
    assert data["infracoes"][2]["citacao"] == "art. 55, § 13" and data["infracoes"][2]["unidades"] == "120"


def test_infracoes_unreadable_input(tmp_path):
    result = run_cli("infracoes", tmp_path / "nada.xml")
    assert result.returncode == 2 and "arquivo não encontrado" in result.stderr.decode()


def test_issue_list_and_cancel(tmp_path, law_xml):
    out, reg = tmp_path / "saida", tmp_path / "registro.sqlite"
    common = ["--municipio", STATUTES / "mt-pedra-preta", "--norma", law_xml, "--registro", reg]
    result = run_cli("forms", "auto-de-infracao", "--data", CASES / "pp-auto-de-infracao.toml", "-o", out, *common,
                     "--novo-registro")
    assert result.returncode == 0, result.stderr.decode()
    assert "AI-2025/000001" in result.stdout.decode()
    assert sorted(p.name for p in out.iterdir()) == ["AI-2025-000001.docx", "AI-2025-000001.html"]

    listed = run_cli("forms", "--listar", "--json", "--registro", reg)
    rows = json.loads(listed.stdout)
    assert [(r["numero"], r["situacao"]) for r in rows] == [("AI-2025/000001", "emitido")]
    assert rows[0]["dados"]["placa"] == "QBC1D23" and [len(f["sha256"]) for f in rows[0]["arquivos"]] == [64, 64]

    no_reason = run_cli("forms", "--cancelar", "AI-2025/000001", "--registro", reg)
    assert no_reason.returncode == 2 and "--motivo" in no_reason.stderr.decode()
    cancelled = run_cli("forms", "--cancelar", "AI-2025/000001", "--motivo", "placa errada", "--registro", reg)
    assert cancelled.returncode == 0, cancelled.stderr.decode()
    text = run_cli("forms", "--listar", "--registro", reg).stdout.decode()
    assert "CANCELADO" in text and "placa errada" in text

    again = run_cli("forms", "auto-de-infracao", "--data", CASES / "pp-auto-de-infracao.toml", "-o", out, *common)
    assert "AI-2025/000002" in again.stdout.decode()


def test_bad_csv_row_exits_2_and_names_row_and_field(tmp_path, law_xml):
    csv_path = tmp_path / "casos.csv"
    csv_path.write_text(csv_cases(10, bad_row=4), encoding="utf-8")
    out, reg = tmp_path / "saida", tmp_path / "registro.sqlite"
    result = run_cli("forms", "auto-de-infracao", "--data", csv_path, "-o", out, "--registro", reg,
                     "--municipio", STATUTES / "mt-pedra-preta", "--norma", law_xml, "--novo-registro")
    assert result.returncode == 2
    err = result.stderr.decode()
    assert "linha 5" in err and "'placa'" in err and "art. 56, inciso II" in err
    assert not out.exists() or not any(out.iterdir())
    assert not reg.exists()  # a refused command leaves no register behind (issue 33)


def test_usage_errors(tmp_path):
    assert run_cli("forms", "auto-de-infracao", "--registro", tmp_path / "r.sqlite").returncode == 2
    result = run_cli("forms", "auto-de-infracao", "--data", CASES / "pp-auto-de-infracao.toml",
                     "--registro", tmp_path / "r.sqlite")
    assert result.returncode == 2 and "--municipio" in result.stderr.decode()
