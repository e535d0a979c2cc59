"""Killing the review desk during a save loses nothing and leaves no half-written ledger.

Two ways: a process killed (SIGKILL) in the middle of writing the ledger — before, during and
after the new file's bytes and the rename —, and the real server (``lexconsolida mesa``) killed
while it records decisions sent to it, then started again."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import threading
import time
import tomllib
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from lexconsolida.corpus import ledger
from lexconsolida.corpus.records import Decisao
from tests.conftest import ROOT
from tests.mesa_support import ITEM_NO_OPS, ITEM_OUTSIDE, MUN, as_login, configure, make_acervo

ANA = ledger.Actor("ana", "Ana Lima")

CHILD = r"""
import os, signal, sys
from pathlib import Path
import lexconsolida.io as io
from lexconsolida.corpus import ledger
from lexconsolida.corpus.records import Decisao

folder, when = Path(sys.argv[1]), sys.argv[2]
real_write, real_replace = io._write_all, os.replace

def die():
    os.kill(os.getpid(), signal.SIGKILL)

def write(fd, data):
    if when == "meio":
        os.write(fd, data[: len(data) // 2])
        die()
    real_write(fd, data)
    if when == "antes-de-renomear":
        die()

def replace(a, b):
    real_replace(a, b)
    if when == "depois-de-renomear":
        die()

io._write_all = write
io.os.replace = replace
ledger.record(folder, Decisao("alvo-fora-do-acervo", "adiar", "art1", "nova"), ledger.Actor("bruno", "Bruno Reis"),
              expected=None)
"""


@pytest.mark.parametrize("when, kept", [("meio", "antiga"), ("antes-de-renomear", "antiga"),
                                        ("depois-de-renomear", "nova")])
def test_a_process_killed_while_writing_leaves_the_old_ledger_or_the_new_one(tmp_path, when, kept):
    folder = tmp_path / "lei-1-2020"
    folder.mkdir()
    (folder / "norma.toml").write_text('tipo = "Lei"\nurn = "urn:lex:br;x:municipal:lei:2020-01-01;1"\n', encoding="utf-8")
    ledger.record(folder, Decisao("sem-texto-novo", "ignorar", "art2", "antiga"), ANA, rule="uma pessoa", expected=None)
    before = (folder / "decisoes.toml").read_bytes()
    proc = subprocess.run([sys.executable, "-c", CHILD, str(folder), when], cwd=ROOT, capture_output=True)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()
    after = (folder / "decisoes.toml").read_bytes()
    entries = ledger.state(folder).entries  # parses, and the chain holds: never half a file
    notes = [e.nota for e in entries]
    if kept == "antiga":
        assert after == before and notes == ["antiga"]
    else:
        # appended, nothing rewritten (only the last line, the trailer, moves)
        assert notes == ["antiga", "nova"] and after.startswith(before.rsplit(b"# fim do livro", 1)[0])
    # the lock died with the process: the next save goes through, and the stray temporary
    # file of the killed write (if any) is not a ledger
    ledger.record(folder, Decisao("alvo-fora-do-acervo", "adiar", "art1", "depois"), ANA, expected=None)
    assert [e.nota for e in ledger.state(folder).entries][-1] == "depois"


def _start(acervo: Path, port_file: Path):
    with open(port_file, "w") as out:
        proc = subprocess.Popen([*as_login("rita"), "mesa", str(acervo), "--porta", "0",
                                 "--processos", "1", "--sem-cache"], cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", port_file.read_text(encoding="utf-8"))
        if m:
            return proc, f"http://127.0.0.1:{m.group(1)}"
        if proc.poll() is not None:
            raise AssertionError("a mesa não iniciou")
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("a mesa não iniciou em 120 s")


def _opener():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
                                       _NoRedirect())


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _post(opener, url, data):
    try:
        with opener.open(url, urllib.parse.urlencode(data).encode(), timeout=60) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


def _value(html, name):
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


@pytest.mark.slow
def test_killing_the_server_during_saves_loses_no_acknowledged_decision(tmp_path):
    acervo = make_acervo(tmp_path)
    configure(acervo, logins={"rita": "Rita Alves"})
    folders = {ITEM_OUTSIDE: acervo / MUN / "lei-50-2017", ITEM_NO_OPS: acervo / MUN / "lei-80-2020"}
    acknowledged: dict[str, str] = {}
    # killed as the save arrives, a little into it, and right after it was acknowledged
    for round_, (item, delay) in enumerate([(ITEM_OUTSIDE, 0.0), (ITEM_NO_OPS, 0.02), (ITEM_OUTSIDE, None)]):
        proc, base = _start(acervo, tmp_path / f"porta-{round_}.txt")
        try:
            opener = _opener()
            with opener.open(f"{base}/item/{item}", timeout=60) as r:
                page = r.read().decode("utf-8")
            nota = f"rodada {round_}: decisão que precisa sobreviver"
            form = {"csrf": _value(page, "csrf"), "versao": _value(page, "versao"),
                    "acao": "adiar" if round_ != 1 else "rejeitar", "nota": nota}
            status, shown = _post(opener, f"{base}/item/{item}/decidir", form)
            assert status == 200, shown
            form["previa"] = re.search(r'name="previa" value="([0-9a-f]{20})"', shown).group(1)
            result: dict[str, int] = {}

            def save():
                try:
                    result["status"] = _post(opener, f"{base}/item/{item}/decidir", form)[0]
                except OSError:
                    result["status"] = 0  # the server died before answering

            t = threading.Thread(target=save)
            t.start()
            if delay is None:
                t.join(timeout=60)
                assert result.get("status") == 303
            else:
                time.sleep(delay)
            os.kill(proc.pid, signal.SIGKILL)
            t.join(timeout=60)
            proc.wait(timeout=30)
            if result.get("status") == 303:
                acknowledged[item] = nota
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        for it, folder in folders.items():  # after every kill: each ledger whole, every acknowledged save in it
            path = folder / "decisoes.toml"
            if path.exists():
                entries = ledger.state(folder).entries  # whole, and the chain holds
                tomllib.loads(path.read_text(encoding="utf-8"))
                assert entries
            if it in acknowledged:
                assert acknowledged[it] in [e.nota for e in ledger.state(folder).entries]
    assert ITEM_OUTSIDE in acknowledged
    # the desk starts again on what was saved
    proc, base = _start(acervo, tmp_path / "porta-final.txt")
    try:
        with _opener().open(f"{base}/", timeout=60) as r:
            assert r.status == 200
    finally:
        proc.kill()
        proc.wait()
