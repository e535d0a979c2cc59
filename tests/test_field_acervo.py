"""The acervo commands meet real folders (issue 29): ``acervo`` on a folder never imported says
to run ``importar`` first; ``importar`` never follows a symbolic link out of its folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

ACT = """LEI Nº {n}, DE 10 DE MARÇO DE 2020

Dispõe sobre o assunto {n}.

O PREFEITO MUNICIPAL DE VILA TESTE, Estado de Minas Gerais, faz saber que a Câmara Municipal aprovou e ele sanciona a seguinte Lei:

Art. 1º Esta Lei trata do assunto {n}.

Art. 2º Esta Lei entra em vigor na data de sua publicação.

Vila Teste, 10 de março de 2020.

FULANO DE TAL
Prefeito Municipal
"""


def cli(*args, cwd: Path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "lexconsolida", *map(str, args)], cwd=cwd, capture_output=True,
                          timeout=600, env=env)


def test_acervo_on_a_folder_never_imported_says_to_import_first(tmp_path):
    raw = tmp_path / "atos"
    raw.mkdir()
    for n in (1, 2):
        (raw / f"lei-{n}.txt").write_text(ACT.format(n=n), encoding="utf-8")
    proc = cli("acervo", raw, "-o", tmp_path / "lista", "--processos", "1", cwd=tmp_path)
    err = proc.stderr.decode()
    assert proc.returncode == 2, proc.stdout.decode() + err
    assert "lexconsolida importar" in err and str(raw) in err and "Traceback" not in err
    assert not (tmp_path / "lista").exists()
    # an empty folder, or one with no act at all, is not an acervo either
    empty = tmp_path / "vazia"
    empty.mkdir()
    proc = cli("acervo", empty, "-o", tmp_path / "lista", "--processos", "1", cwd=tmp_path)
    assert proc.returncode == 2 and "importar" in proc.stderr.decode()
    # once imported, it runs
    imported = cli("importar", raw, "-o", tmp_path / "acervo", "--municipio", "mg-vila-teste", "--processos", "1",
                   cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr.decode()
    proc = cli("acervo", tmp_path / "acervo", "-o", tmp_path / "lista", "--processos", "1", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "acervo: 2 atos" in proc.stdout.decode()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="sem links simbólicos")
def test_importar_never_follows_a_symlink_out_of_its_folder(tmp_path):
    outside = tmp_path / "fora"
    outside.mkdir()
    secret = outside / "segredo.txt"
    secret.write_text(ACT.format(n=99).replace("assunto 99", "assunto secreto"), encoding="utf-8")
    (outside / "sub").mkdir()
    (outside / "sub" / "lei-98.txt").write_text(ACT.format(n=98), encoding="utf-8")
    src = tmp_path / "atos"
    src.mkdir()
    (src / "lei-1.txt").write_text(ACT.format(n=1), encoding="utf-8")
    (src / "lei-99.txt").symlink_to(secret)  # a file link pointing out
    (src / "pasta").symlink_to(outside / "sub", target_is_directory=True)  # a folder link pointing out
    (src / "lei-1-copia.txt").symlink_to(src / "lei-1.txt")  # inside: harmless, but not a second act
    proc = cli("importar", src, "-o", tmp_path / "acervo", "--municipio", "mg-vila-teste", "--processos", "1",
               cwd=tmp_path)
    out = proc.stdout.decode() + proc.stderr.decode()
    assert proc.returncode == 0, out
    assert "lei-99.txt" in out and "link simbólico" in out
    copied = b"".join(p.read_bytes() for p in (tmp_path / "acervo").rglob("*") if p.is_file())
    assert "assunto secreto".encode() not in copied
    assert "assunto 98".encode() not in copied
    report = (tmp_path / "acervo" / "mg-vila-teste" / "importacao.toml").read_text(encoding="utf-8")
    assert "lei-99.txt" in report and "link simbólico" in report
    assert sorted(p.name for p in (tmp_path / "acervo" / "mg-vila-teste").iterdir() if p.is_dir()) == \
        ["lei-1-2020"]
    shutil.rmtree(tmp_path / "acervo")
