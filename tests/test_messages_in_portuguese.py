"""Regression: user-facing messages came out in English — argparse's own messages ('usage:',
'the following arguments are required', 'invalid choice', …) and the parsers' details of bad
XML and TOML ("Couldn't find end of Start Tag", 'Invalid value')."""

from __future__ import annotations

import argparse
import gettext

import pytest

from lexconsolida import cli
from lexconsolida.consolidation.spec import load_spec
from lexconsolida.corpus.records import read_toml
from lexconsolida.errors import InputError
from lexconsolida.lexml.xml_safe import parse_xml
from tests.conftest import run_cli

ENGLISH = ("usage:", "the following arguments", "invalid choice", "unrecognized arguments",
           "show this help", "positional arguments", "options:", "expected one argument", "error:")


def _no_english(text: str) -> None:
    found = [w for w in ENGLISH if w in text]
    assert not found, text


def test_check_without_argument():
    proc = run_cli("check")
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert err.startswith("uso: lexconsolida check")
    assert "erro de uso: faltam os argumentos obrigatórios: ARQUIVO" in err
    _no_english(err)


def test_render_to_an_unknown_format():
    proc = run_cli("render", "x", "--to", "pdf")
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert "argumento --to: valor inválido: 'pdf' (escolha entre 'docx', 'html', 'md', 'txt', 'akn')" in err
    _no_english(err)


@pytest.mark.parametrize("argv, message", [
    (["parse", "x.txt", "--inventada"], "argumentos não reconhecidos: --inventada"),
    (["parse", "x.txt", "--tipo"], "argumento --tipo: esperava um valor"),
    (["comando-que-nao-existe"], "argumento COMANDO: valor inválido"),
])
def test_usage_errors(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and message in err
    _no_english(err)


@pytest.mark.parametrize("command", [[]] + [[c] for c in cli.COMMANDS])
def test_help_is_portuguese(capsys, command):
    with pytest.raises(SystemExit):
        cli.main([*command, "--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: lexconsolida") and "mostra esta ajuda e sai" in out and "opções:" in out
    _no_english(out)


def test_argparse_is_left_as_it_was():
    """The catalogue is installed only while lexconsolida builds and parses its command line."""
    cli.build_parser().parse_args(["check", "x"])
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext
    assert cli.CATALOGUE.ngettext("expected %s argument", "expected %s arguments", 2) == "esperava %s valores"


def test_malformed_xml_keeps_line_and_column():
    with pytest.raises(InputError) as err:
        parse_xml(b"<LexML>\n  <Norma>\n    <Artigo\n", path="ruim.xml")
    message = str(err.value)
    assert message.startswith("ruim.xml: XML malformado na linha 4, coluna 1 (detalhe do analisador: ")


def test_malformed_xml_through_the_cli(tmp_path):
    bad = tmp_path / "ruim.xml"
    bad.write_bytes(b"<LexML>\n<a>\n<b\n")
    proc = run_cli("parse", bad, "-o", tmp_path / "x.xml")
    err = proc.stderr.decode()
    assert proc.returncode == 2 and f"{bad}: XML malformado na linha 4, coluna 1 (detalhe do analisador:" in err
    assert not (tmp_path / "x.xml").exists()


@pytest.mark.parametrize("text, where", [
    ('tipo = "Lei"\nurn = \n', "na linha 2, coluna 7"),
    ('tipo = "Lei"\nx = "\\q"\n', "na linha 2, coluna 8"),
    ('tipo = "Lei"\nurn = ', "no fim do arquivo"),
])
def test_bad_toml_in_the_corpus(tmp_path, text, where):
    path = tmp_path / "norma.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_toml(path)
    assert str(err.value).startswith(f"{path}: TOML inválido {where}: ")
    assert "detalhe do analisador" not in str(err.value)  # the parser's English detail, said in Portuguese


def test_bad_toml_in_a_consolidation_spec(tmp_path):
    path = tmp_path / "spec.toml"
    path.write_text('[norma]\ntipo = "Lei"\nementa = \n', encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_spec(path)
    assert str(err.value) == (f"{path}: TOML inválido na linha 3, coluna 10: valor inválido (texto precisa de "
                              "aspas; datas AAAA-MM-DD)")
