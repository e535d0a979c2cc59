"""A damaged decision ledger (``decisoes.toml`` cut short, or random bytes) is a loud error that
names the file and the line in every view — the review desk, ``lexconsolida decisoes``,
``lexconsolida acervo`` —, never an empty queue (issue 33). Subprocesses, as a clerk runs them."""

from __future__ import annotations

import os
import re
import subprocess
import time
import urllib.request

import pytest

from lexconsolida.corpus import ledger
from lexconsolida.corpus.records import Decisao
from tests.conftest import ROOT
from tests.mesa_support import MUN, as_login, configure, make_acervo

FILE = f"{MUN}/lei-50-2017/decisoes.toml"


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _cli(*args):
    return subprocess.run([*as_login("ana"), *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=600, env=_env())


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    root = make_acervo(tmp_path_factory.mktemp("livro-danificado"))
    configure(root, logins={"ana": "Ana Lima"})
    ledger.record(root / MUN / "lei-50-2017", Decisao("alvo-fora-do-acervo", "adiar", "art1", "Pedir o texto."),
                  ledger.Actor("ana", "Ana Lima"), expected="")
    return root


DAMAGE = {
    "cortado": lambda data: data[: len(data) * 2 // 3],
    "bytes": lambda data: data[:200] + bytes(range(128, 256)) + data[200:],
}


@pytest.fixture(params=sorted(DAMAGE))
def acervo(template, tmp_path, request):
    import shutil

    root = tmp_path / "acervo"
    shutil.copytree(template, root)
    path = root / FILE
    path.write_bytes(DAMAGE[request.param](path.read_bytes()))
    return root


def _names_file_and_line(text: str) -> bool:
    return FILE in text and re.search(r"linha \d+", text) is not None


def test_decisoes_refuses_to_list_an_incomplete_queue(acervo):
    proc = _cli("decisoes", acervo, "--processos", "1")
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "registro de decisões danificado" in err and _names_file_and_line(err), err
    assert proc.stdout.decode() == ""  # no list without that act's items


def test_acervo_stops_loud_and_writes_nothing(acervo, tmp_path):
    out = tmp_path / "lista"
    proc = _cli("acervo", acervo, "-o", out, "--processos", "1", "--sem-cache")
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert _names_file_and_line(err), err
    assert not (out / "lista.json").exists()


def test_the_desk_says_it_on_every_page(acervo, tmp_path):
    port_file = tmp_path / "porta.txt"
    with open(port_file, "w") as out:
        proc = subprocess.Popen([*as_login("ana"), "mesa", str(acervo), "--porta", "0",
                                 "--processos", "1", "--sem-cache"], cwd=ROOT, stdout=out, stderr=subprocess.PIPE,
                                env=_env())
    try:
        deadline = time.monotonic() + 120
        base = None
        while time.monotonic() < deadline and proc.poll() is None:
            m = re.search(r"(http://127\.0\.0\.1:\d+)/", port_file.read_text(encoding="utf-8"))
            if m:
                base = m.group(1)
                break
            time.sleep(0.2)
        assert base, "a mesa não iniciou"
        for path in ("/", "/?estado=decidida"):
            with urllib.request.urlopen(base + path, timeout=60) as r:
                page = r.read().decode("utf-8")
            assert "Registro de decisões danificado" in page and _names_file_and_line(page)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "registro de decisões danificado" in err.decode() and _names_file_and_line(err.decode())
