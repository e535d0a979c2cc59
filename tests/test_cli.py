"""The CLI contract: every command exists, has Portuguese help, is documented in the README,
and unknown commands or formats are usage errors (exit 2)."""

import importlib

import pytest

from lexconsolida.cli import COMMANDS, build_parser
from tests.conftest import ROOT, run_cli

CONTRACT = ["parse", "check", "amend", "compile", "consolidate", "diff", "render", "infracoes",
            "forms", "site", "build", "auditar"]


def test_every_command_of_the_design_contract_is_there():
    assert list(COMMANDS)[: len(CONTRACT)] == CONTRACT


@pytest.mark.parametrize("name", list(COMMANDS))
def test_command_has_help_and_docs(name):
    module = importlib.import_module(f"lexconsolida.commands.{name}")
    assert COMMANDS[name] and module.DESCRIPTION and module.DESCRIPTION != COMMANDS[name]
    assert "em construção" not in COMMANDS[name] and not hasattr(module, "HELP")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`{name}" in readme
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    help_text = sub.choices[name].format_help()
    assert help_text.startswith("uso: ") and len(help_text) > 200


def test_help_runs_as_a_process():
    r = run_cli("--help")
    assert r.returncode == 0 and "consolida" in r.stdout.decode()


def test_unknown_command_and_format_are_usage_errors(tmp_path):
    r = run_cli("publicar")
    assert r.returncode == 2 and "erro de uso" in r.stderr.decode()
    src = tmp_path / "lei.txt"
    src.write_text("LEI Nº 1, DE 2 DE JANEIRO DE 2020\nArt. 1º Teste.\n", encoding="utf-8")
    r = run_cli("render", src, "--to", "pdf")
    assert r.returncode == 2


def test_output_dash_is_the_standard_output_never_a_file_named_dash(tmp_path):
    src = tmp_path / "lei.txt"
    src.write_text("LEI Nº 1, DE 2 DE JANEIRO DE 2020\n\nArt. 1º Teste de saída.\n", encoding="utf-8")
    r = run_cli("render", src, "--to", "txt", "-o", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr.decode()
    assert "Art. 1º Teste de saída." in r.stdout.decode()
    r = run_cli("parse", src, "-o", "-", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith(b"<?xml")
    assert not (tmp_path / "-").exists()
    r = run_cli("acervo", tmp_path, "-o", "-", cwd=tmp_path)
    assert r.returncode == 2 and "grava uma pasta" in r.stderr.decode()
    assert not (tmp_path / "-").exists()


def _modules_loaded_by(argv: list[str]) -> set[str]:
    import subprocess
    import sys

    code = ("import sys, lexconsolida.cli as c\n"
            "try:\n    c.main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, cwd=ROOT)
    return set(r.stderr.decode().split())


def test_help_and_version_load_no_command_module():
    """Start-up stays light: ``--help`` lists every command from the table without importing one."""
    for argv in (["--help"], ["--version"]):
        loaded = _modules_loaded_by(argv)
        assert not {m for m in loaded if m.startswith("lexconsolida.commands.")}, argv
        assert not loaded & {"lxml", "docx", "jinja2", "markdown_it"}, argv


def test_a_command_loads_only_its_own_module(tmp_path):
    loaded = _modules_loaded_by(["check", "--help"])
    commands = {m for m in loaded if m.startswith("lexconsolida.commands.")}
    assert commands == {"lexconsolida.commands.check"}
