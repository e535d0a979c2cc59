"""The register: sequential numbers never lost or reused, allowed transitions only, owner, migration,
all-or-nothing CSV, concurrency."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from tests.forms_support import FIXTURES, TODAY, csv_cases, pp_context
from lexconsolida.errors import FormError
from lexconsolida.forms.cases import load_cases
from lexconsolida.forms.issue import issue_batch
from lexconsolida.forms.register import Owner, Register, Reserved, format_number

MUN = "Pedra Preta-MT"


def _issue(reg: Register, kind="AI", year=2025, municipio=MUN, *, written=True, situacao="emitido", tipo=None):
    tipo = tipo or kind
    with reg.transaction():
        lote = reg.new_batch("emissao", reg.path.parent)
        seq = reg.allocate(municipio, tipo, year)[0]
        numero = format_number(kind, year, seq)
        reg.reserve(Reserved(municipio, numero, tipo, kind, year, seq, "talao" if situacao == "talao" else "emissao",
                             f"{year}-03-10", "teste", {"x": 1}, []), lote, situacao=situacao)
    if written:
        reg.mark_written(lote)
    return numero


def _new(tmp_path, name="r.sqlite", **kw) -> Register:
    return Register(tmp_path / name, create=True, **kw)


def test_numbers_are_sequential_per_municipality_kind_and_year(tmp_path):
    with _new(tmp_path) as reg:
        assert [_issue(reg) for _ in range(3)] == ["AI-2025/000001", "AI-2025/000002", "AI-2025/000003"]
        assert _issue(reg, kind="NP") == "NP-2025/000001"
        assert _issue(reg, year=2026) == "AI-2026/000001"
        assert _issue(reg, municipio="Barra do Garças-MT") == "AI-2025/000001"
        assert _issue(reg) == "AI-2025/000004"


def test_a_missing_register_is_refused_unless_asked_to_create(tmp_path):
    with pytest.raises(FormError, match="não encontrado.*--novo-registro"):
        Register(tmp_path / "r.sqlite")
    assert not (tmp_path / "r.sqlite").exists()
    with Register(tmp_path / "r.sqlite", create=True) as reg:
        _issue(reg)
    with Register(tmp_path / "r.sqlite") as reg:
        assert _issue(reg) == "AI-2025/000002"


def test_a_register_serves_one_issuing_body(tmp_path):
    owner = Owner(MUN, "Prefeitura Municipal de Pedra Preta — Fiscalização do Serviço de Mototáxi")
    with _new(tmp_path, owner=owner):
        pass
    with Register(tmp_path / "r.sqlite", owner=owner) as reg:
        assert reg.info()["orgao"] == owner.orgao
    with pytest.raises(FormError, match="este registro é de Prefeitura Municipal de Pedra Preta"):
        Register(tmp_path / "r.sqlite", owner=Owner("Barra do Garças-MT", "Secretaria de Finanças"))


def test_rolled_back_allocation_leaves_no_trace_and_numbers_continue(tmp_path):
    with _new(tmp_path) as reg:
        _issue(reg)
        with pytest.raises(RuntimeError):
            with reg.transaction():
                reg.allocate(MUN, "AI", 2025)
                raise RuntimeError("falha no meio")
        assert _issue(reg) == "AI-2025/000002"


def test_rows_move_only_along_allowed_transitions(tmp_path):
    with _new(tmp_path) as reg:
        numero = _issue(reg)
        with pytest.raises(sqlite3.IntegrityError, match="não pode ser excluído"):
            reg.conn.execute("DELETE FROM emissoes")
        for sql in ("UPDATE emissoes SET dados='{}'", "UPDATE emissoes SET pendente=1",
                    "UPDATE emissoes SET situacao='inutilizado', motivo_inutilizacao='x', inutilizado_em='y'",
                    "UPDATE emissoes SET situacao='talao'", "UPDATE emissoes SET numero='AI-2025/000009'",
                    "UPDATE emissoes SET situacao='cancelado', cancelado_em='x', motivo_cancelamento=' '"):
            with pytest.raises(sqlite3.IntegrityError, match="não pode ser alterado"):
                reg.conn.execute(sql + " WHERE numero=?", (numero,))
        with pytest.raises(sqlite3.IntegrityError, match="não pode retroceder"):
            reg.conn.execute("UPDATE contadores SET ultimo=0")
        with pytest.raises(sqlite3.IntegrityError, match="não pode ser apagada"):
            reg.conn.execute("DELETE FROM contadores")
        pending = _issue(reg, written=False)
        with pytest.raises(FormError, match="não pode ser cancelado: está reservado"):
            reg.cancel(pending, "engano")
        assert len(reg.entries()) == 2


def test_cancel_keeps_the_entry_with_reason_once(tmp_path):
    with _new(tmp_path) as reg:
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


def test_talao_numbers_are_voided_not_cancelled(tmp_path):
    with _new(tmp_path) as reg:
        numero = _issue(reg, situacao="talao")
        with pytest.raises(FormError, match="use --inutilizar"):
            reg.cancel(numero, "x")
        entry = reg.void(numero, "folha rasgada")
        assert entry.situacao == "inutilizado" and entry.motivo_inutilizacao == "folha rasgada"
        with pytest.raises(FormError, match="não pode ser inutilizado"):
            reg.void(numero, "de novo")
        issued = _issue(reg)
        with pytest.raises(FormError, match="se cancela com --cancelar"):
            reg.void(issued, "x")


def test_a_first_release_register_is_migrated_keeping_every_number(tmp_path):
    path = tmp_path / "registro.sqlite"
    (tmp_path / "saida").mkdir()
    conn = sqlite3.connect(path)
    conn.executescript((FIXTURES / "registro_v1.sql").read_text(encoding="utf-8"))
    conn.close()
    with Register(path) as reg:
        entries = reg.entries()
        assert [(e.numero, e.situacao, e.pendente) for e in entries] == [
            ("AI-2025/000001", "emitido", False), ("AI-2025/000002", "cancelado", False)]
        assert entries[1].motivo_cancelamento == "placa errada" and entries[0].dados["placa"] == "QBC1D23"
        assert [f["sha256"] for f in entries[0].arquivos] == ["a" * 64, "b" * 64]
        assert _issue(reg, tipo="auto-de-infracao") == "AI-2025/000003"
        with pytest.raises(sqlite3.IntegrityError, match="não pode ser excluído"):
            reg.conn.execute("DELETE FROM emissoes")
    with Register(path) as reg:  # opening again does not migrate twice
        assert len(reg.entries()) == 3


def test_csv_with_one_bad_row_issues_nothing_and_names_row_and_field(tmp_path):
    csv_path = tmp_path / "casos.csv"
    csv_path.write_text(csv_cases(20, bad_row=13), encoding="utf-8")
    out = tmp_path / "saida"
    with _new(tmp_path) as reg:
        with pytest.raises(FormError) as err:
            issue_batch("auto-de-infracao", load_cases(csv_path), pp_context(), out, reg, today=TODAY)
        assert reg.entries() == []
        assert reg.conn.execute("SELECT count(*) FROM contadores").fetchone()[0] == 0
    message = str(err.value)
    assert f"{csv_path}, linha 14" in message  # data row 13 is line 14 (after the header)
    assert "'placa'" in message
    assert not out.exists() or list(out.iterdir()) == []


def test_failure_while_rendering_leaves_no_file_and_no_number(tmp_path, monkeypatch):
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
    with _new(tmp_path) as reg:
        with pytest.raises(OSError):
            issue_batch("auto-de-infracao", load_cases(csv_path), pp_context(), out, reg, today=TODAY)
        assert reg.entries() == []
    assert not out.exists() or list(out.iterdir()) == []


def test_a_file_in_the_way_aborts_before_any_number_is_taken(tmp_path):
    out = tmp_path / "saida"
    out.mkdir()
    (out / "AI-2025-000002.html").write_text("de outra pessoa", encoding="utf-8")
    csv_path = tmp_path / "casos.csv"
    csv_path.write_text(csv_cases(3), encoding="utf-8")
    with _new(tmp_path) as reg:
        with pytest.raises(FormError, match="arquivo já existe"):
            issue_batch("auto-de-infracao", load_cases(csv_path), pp_context(), out, reg, today=TODAY)
        assert reg.entries() == [] and reg.counters() == []
    assert sorted(p.name for p in out.iterdir()) == ["AI-2025-000002.html"]


@pytest.mark.slow
def test_batch_of_1000_cases_from_csv(tmp_path):
    csv_path = tmp_path / "casos.csv"
    csv_path.write_text(csv_cases(1000), encoding="utf-8")
    out = tmp_path / "saida"
    with _new(tmp_path) as reg:
        issued = issue_batch("auto-de-infracao", load_cases(csv_path), pp_context(), out, reg, today=TODAY)
        entries = reg.entries()
        pending = reg.conn.execute("SELECT count(*) FROM arquivos_pendentes").fetchone()[0]
    numbers = [i.numero for i in issued]
    assert len(numbers) == len(set(numbers)) == 1000
    assert sorted(numbers) == [format_number("AI", 2025, n) for n in range(1, 1001)]
    assert len(entries) == 1000 and not any(e.pendente for e in entries) and pending == 0
    assert len(list(out.glob("*.docx"))) == 1000 and len(list(out.glob("*.html"))) == 1000
    assert not list(out.glob(".*"))


def test_two_processes_issuing_at_once_never_share_a_number(tmp_path):
    register = tmp_path / "r.sqlite"
    Register(register, create=True).close()
    worker = FIXTURES / "issue_worker.py"
    procs = []
    for name in ("a", "b"):
        csv_path = tmp_path / f"{name}.csv"
        csv_path.write_text(csv_cases(25, start=1 if name == "a" else 101), encoding="utf-8")
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
    with Register(register) as reg:
        assert not any(e.pendente for e in reg.entries())
        assert reg.conn.execute("SELECT count(*) FROM arquivos_pendentes").fetchone()[0] == 0
