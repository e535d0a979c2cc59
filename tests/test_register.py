"""The register: sequential numbers never reused, cancel-not-delete, concurrency, all-or-nothing CSV."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from tests.forms_support import FIXTURES, TODAY, csv_cases, pp_context
from lexconsolida.errors import FormError
from lexconsolida.forms.cases import load_cases
from lexconsolida.forms.issue import issue_batch
from lexconsolida.forms.register import Issue, Register, format_number


def _issue(reg: Register, kind="AI", year=2025, municipio="Pedra Preta-MT"):
    with reg.transaction():
        seq = reg.allocate(municipio, kind, year)[0]
        numero = format_number(kind, year, seq)
        reg.record(Issue(municipio, numero, kind, kind, year, seq, "teste", {"x": 1}, "a" * 64, "b" * 64, []))
    return numero


def test_numbers_are_sequential_per_municipality_kind_and_year(tmp_path):
    with Register(tmp_path / "r.sqlite") as reg:
        assert [_issue(reg) for _ in range(3)] == ["AI-2025/000001", "AI-2025/000002", "AI-2025/000003"]
        assert _issue(reg, kind="NP") == "NP-2025/000001"
        assert _issue(reg, year=2026) == "AI-2026/000001"
        assert _issue(reg, municipio="Barra do Garças-MT") == "AI-2025/000001"
        assert _issue(reg) == "AI-2025/000004"


def test_rolled_back_allocation_leaves_no_trace_and_numbers_continue(tmp_path):
    with Register(tmp_path / "r.sqlite") as reg:
        _issue(reg)
        with pytest.raises(RuntimeError):
            with reg.transaction():
                reg.allocate("Pedra Preta-MT", "AI", 2025)
                raise RuntimeError("falha no meio")
        assert _issue(reg) == "AI-2025/000002"


def test_issued_form_cannot_be_deleted_or_rewritten(tmp_path):
    with Register(tmp_path / "r.sqlite") as reg:
        numero = _issue(reg)
        with pytest.raises(sqlite3.IntegrityError, match="não pode ser excluído"):
            reg.conn.execute("DELETE FROM emissoes")
        with pytest.raises(sqlite3.IntegrityError, match="não pode ser alterado"):
            reg.conn.execute("UPDATE emissoes SET dados='{}' WHERE numero=?", (numero,))
        with pytest.raises(sqlite3.IntegrityError, match="não pode retroceder"):
            reg.conn.execute("UPDATE contadores SET ultimo=0")
        with pytest.raises(sqlite3.IntegrityError, match="não pode ser apagada"):
            reg.conn.execute("DELETE FROM contadores")
        assert len(reg.entries()) == 1


def test_cancel_keeps_the_entry_with_reason_once(tmp_path):
    with Register(tmp_path / "r.sqlite") as reg:
        numero = _issue(reg)
        with pytest.raises(FormError, match="motivo"):
            reg.cancel(numero, "  ")
        entry = reg.cancel(numero, "Placa anotada errada")
        assert entry.situacao == "cancelado" and entry.motivo_cancelamento == "Placa anotada errada"
        with pytest.raises(FormError, match="já foi cancelado"):
            reg.cancel(numero, "de novo")
        with pytest.raises(sqlite3.IntegrityError):
            reg.conn.execute("UPDATE emissoes SET situacao='emitido' WHERE numero=?", (numero,))
        with pytest.raises(FormError, match="não consta do registro"):
            reg.cancel("AI-2025/999999", "x")
        assert _issue(reg) == "AI-2025/000002"  # a cancelled number is never reused


def test_csv_with_one_bad_row_issues_nothing_and_names_row_and_field(tmp_path):
    csv_path = tmp_path / "casos.csv"
    csv_path.write_text(csv_cases(20, bad_row=13), encoding="utf-8")
    out = tmp_path / "saida"
    with Register(tmp_path / "r.sqlite") as reg:
        with pytest.raises(FormError) as err:
            issue_batch("auto-de-infracao", load_cases(csv_path), pp_context(), out, reg, today=TODAY)
        assert reg.entries() == []
        assert reg.conn.execute("SELECT count(*) FROM contadores").fetchone()[0] == 0
    message = str(err.value)
    assert f"{csv_path}, linha 14" in message  # data row 13 is line 14 (after the header)
    assert "'placa'" in message
    assert not out.exists() or list(out.iterdir()) == []


def test_failure_while_writing_leaves_no_file_and_no_number(tmp_path, monkeypatch):
    import lexconsolida.forms.issue as issue_mod

    csv_path = tmp_path / "casos.csv"
    csv_path.write_text(csv_cases(5), encoding="utf-8")
    out = tmp_path / "saida"
    calls = {"n": 0}
    real = issue_mod.render_html

    def flaky(doc, override=None):
        calls["n"] += 1
        if calls["n"] == 4:
            raise OSError("disco cheio")
        return real(doc, override)

    monkeypatch.setattr(issue_mod, "render_html", flaky)
    with Register(tmp_path / "r.sqlite") as reg:
        with pytest.raises(OSError):
            issue_batch("auto-de-infracao", load_cases(csv_path), pp_context(), out, reg, today=TODAY)
        assert reg.entries() == []
    assert list(out.iterdir()) == []


@pytest.mark.slow
def test_batch_of_1000_cases_from_csv(tmp_path):
    csv_path = tmp_path / "casos.csv"
    csv_path.write_text(csv_cases(1000), encoding="utf-8")
    out = tmp_path / "saida"
    with Register(tmp_path / "r.sqlite") as reg:
        issued = issue_batch("auto-de-infracao", load_cases(csv_path), pp_context(), out, reg, today=TODAY)
        entries = reg.entries()
    numbers = [i.numero for i in issued]
    assert len(numbers) == len(set(numbers)) == 1000
    assert sorted(numbers) == [format_number("AI", 2025, n) for n in range(1, 1001)]
    assert len(entries) == 1000 and len({e.numero for e in entries}) == 1000
    assert len(list(out.glob("*.docx"))) == 1000 and len(list(out.glob("*.html"))) == 1000
    assert not list(out.glob(".emissao-*"))


def test_two_processes_issuing_at_once_never_share_a_number(tmp_path):
    register = tmp_path / "r.sqlite"
    worker = FIXTURES / "issue_worker.py"
    procs = []
    for name in ("a", "b"):
        csv_path = tmp_path / f"{name}.csv"
        csv_path.write_text(csv_cases(25), encoding="utf-8")
        procs.append(subprocess.Popen([sys.executable, str(worker), str(register), str(tmp_path / name), str(csv_path)],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    outputs = []
    for p in procs:
        stdout, stderr = p.communicate(timeout=300)
        assert p.returncode == 0, stderr
        outputs.append(stdout.split())
    a, b = outputs
    assert len(a) == len(b) == 25
    assert not set(a) & set(b)
    assert sorted(a + b) == [format_number("AI", 2025, n) for n in range(1, 51)]
