"""An output that cannot be written (read-only folder, full disk, no permission, a folder in the
way) is one Portuguese line naming the path, exit 2, no traceback and no half-written file — in
every command. A bug is a short request to report it (exit 3); the traceback only with --debug.

The read-only folder and the full disk are real when the test can make them (a read-only or
tiny tmpfs when running as root, else a folder without write permission); the full disk is also
simulated (ENOSPC from the write) so the path is covered everywhere."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess

import pytest

from lexconsolida import io as lexio
from lexconsolida.cli import main
from tests.conftest import ROOT, run_cli

EX = "statutes/xx-municipio-de-exemplo"
L100, L120, L150 = f"{EX}/lei-100-2020", f"{EX}/lei-120-2021", f"{EX}/lei-150-2023"
CASE = f"{EX}/casos/auto-de-infracao.toml"


def _mount(target, options: str) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(target)],
                          capture_output=True)
    return proc.returncode == 0


def _umount(target) -> None:
    subprocess.run(["umount", str(target)], capture_output=True)


@pytest.fixture
def readonly_dir(tmp_path):
    """A folder nothing can be written into (a read-only tmpfs, or a folder without write
    permission when not root)."""
    folder = tmp_path / "somente-leitura"
    folder.mkdir()
    if _mount(folder, "ro,size=64k"):
        yield folder
        _umount(folder)
        return
    folder.chmod(0o555)
    if os.access(folder, os.W_OK):
        folder.chmod(0o755)
        pytest.skip("não há como criar uma pasta somente leitura aqui (root sem mount)")
    yield folder
    folder.chmod(0o755)


@pytest.fixture
def full_dir(tmp_path):
    """A real full disk: a 32 KiB tmpfs (root only)."""
    folder = tmp_path / "disco-cheio"
    folder.mkdir()
    if not _mount(folder, "size=32k"):
        pytest.skip("não foi possível montar um tmpfs pequeno (precisa de root); o disco cheio "
                    "é testado também por simulação")
    yield folder
    _umount(folder)


COMMANDS = {
    "parse": lambda out: ["parse", f"{L100}/texto.txt", "-o", out / "l.xml"],
    "parse-report": lambda out: ["parse", f"{L100}/texto.txt", "--report", out / "r.json"],
    "amend": lambda out: ["amend", L100, L120, "-o", out / "a.xml"],
    "compile": lambda out: ["compile", L100, "--to", "html", "-o", out / "c.html"],
    "consolidate": lambda out: ["consolidate", f"{EX}/consolidacoes/taxi.toml", "-o", out / "cons"],
    "diff": lambda out: ["diff", L100, L150, "--to", "html", "-o", out / "q.html"],
    "render": lambda out: ["render", L100, "--to", "docx", "-o", out / "l.docx"],
    "forms": lambda out: ["forms", "auto-de-infracao", "--municipio", EX, "--data", CASE,
                          "-o", out / "formularios", "--registro", out / "registro.sqlite", "--novo-registro"],
    "site": lambda out: ["site", "-o", out / "site"],
    "build": lambda out: ["build", "-o", out / "saida"],
}


def _assert_clean_failure(proc, folder) -> None:
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "não foi possível gravar" in lines[0]
    assert str(folder) in lines[0]
    assert lines[0].startswith("lexconsolida ")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_read_only_output_folder_every_command(name, readonly_dir):
    proc = run_cli(*COMMANDS[name](readonly_dir))
    _assert_clean_failure(proc, readonly_dir)
    assert list(readonly_dir.iterdir()) == []


@pytest.mark.slow
def test_full_disk_for_real(full_dir):
    proc = run_cli("build", "-o", full_dir / "saida")
    _assert_clean_failure(proc, full_dir)
    assert "disco cheio" in proc.stderr.decode()
    leftovers = [p for p in full_dir.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []


def _enospc(fd, data):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("name", ["parse", "amend", "compile", "diff", "render", "consolidate"])
def test_simulated_full_disk_every_command(name, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(lexio, "_write_all", _enospc)
    rc = main([str(a) for a in COMMANDS[name](tmp_path)])
    err = capsys.readouterr().err
    assert rc == 2, err
    lines = err.strip().splitlines()
    assert "disco cheio" in lines[-1] and str(tmp_path) in lines[-1] and "Traceback" not in err
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_atomic_write_leaves_old_file_and_no_temp_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "a.txt"
    target.write_text("antigo", encoding="utf-8")
    monkeypatch.setattr(lexio, "_write_all", _enospc)
    with pytest.raises(lexio.OutputError) as err:
        lexio.atomic_write(target, "novo")
    assert str(err.value) == f"{target}: não foi possível gravar: disco cheio"
    assert target.read_text(encoding="utf-8") == "antigo"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


@pytest.mark.parametrize("code, reason", [(errno.EACCES, "sem permissão para gravar"),
                                          (errno.EROFS, "somente leitura"),
                                          (errno.EDQUOT, "cota de disco")])
def test_each_reason_is_named(tmp_path, monkeypatch, code, reason):
    def fail(src, dst):
        raise OSError(code, os.strerror(code), str(dst))

    monkeypatch.setattr(lexio.os, "replace", fail)
    with pytest.raises(lexio.OutputError, match=reason):
        lexio.atomic_write(tmp_path / "x.txt", "x")
    assert list(tmp_path.iterdir()) == []


def test_output_path_that_is_a_folder(tmp_path):
    proc = run_cli("parse", f"{L100}/texto.txt", "-o", tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.decode().strip() == (f"lexconsolida parse: erro: {tmp_path}: não foi possível "
                                            "gravar: é uma pasta, não um arquivo")


def test_forms_failure_to_write_leaves_the_number_pending_not_lost(tmp_path, readonly_dir):
    """The register keeps the number it reserved, marked pending (``forms --verificar`` finishes
    it later): a number is never issued twice, and nothing half-written is left."""
    register = tmp_path / "registro.sqlite"
    proc = run_cli("forms", "auto-de-infracao", "--municipio", EX, "--data", CASE,
                   "-o", readonly_dir / "formularios", "--registro", register, "--novo-registro")
    _assert_clean_failure(proc, readonly_dir)
    listing = run_cli("forms", "--listar", "--registro", register)
    assert "AI-2025/000001\tauto-de-infracao\t2025-03-10\treservado (arquivos pendentes)" in listing.stdout.decode()
    assert list(readonly_dir.iterdir()) == []


def _crash(args):
    raise ZeroDivisionError("divisão por zero de propósito")


def test_a_bug_asks_for_a_report_and_shows_the_traceback_only_with_debug(monkeypatch, capsys):
    from lexconsolida.commands import check

    monkeypatch.setattr(check, "run", _crash)
    monkeypatch.delenv("LEXCONSOLIDA_DEBUG", raising=False)
    assert main(["check", "x.txt"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.splitlines()[0] == ("lexconsolida check: erro interno: ZeroDivisionError: divisão por "
                                   "zero de propósito")
    assert "relate-o" in err and "--debug" in err
    assert main(["--debug", "check", "x.txt"]) == 3
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "_crash" in err


def test_atomic_write_to_a_pipe_writes_through_and_keeps_it(tmp_path):
    # '-o /dev/null' or a FIFO: the special file is written to, never replaced by a regular
    # file (as root, a rename over /dev/null breaks every program on the machine)
    import os
    import threading

    fifo = tmp_path / "saida.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    lexio.atomic_write(fifo, "conteúdo")
    reader.join(5)
    assert got == ["conteúdo".encode("utf-8")]
    assert fifo.is_fifo()
    assert [p.name for p in tmp_path.iterdir()] == ["saida.fifo"]
