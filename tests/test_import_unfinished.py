"""``importar`` never takes a file that is still being written, nor one cut short.

Run as a clerk runs it, on a folder where a law is being copied: a file cut in the middle of a
sentence (a half-written copy, 379 of 711 bytes), a file that grows while the import reads,
and a file modified a moment ago are refused, listed with the reason, and no act folder is made
for them; the complete files are imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

from tests.conftest import ROOT, STATUTES

LAW = (STATUTES / "xx-municipio-de-exemplo" / "lei-100-2020" / "texto.txt").read_bytes()
OTHER = (STATUTES / "xx-municipio-de-exemplo" / "lei-150-2023" / "texto.txt").read_bytes()


def _importar(src, dest, *extra):
    return subprocess.run([sys.executable, "-m", "lexconsolida", "importar", str(src), "-o", str(dest),
                           "--municipio", "ba-municipio-de-teste", "--processos", "1", *extra],
                          capture_output=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _old(path, seconds=60):
    t = time.time() - seconds
    os.utime(path, (t, t))


def _cut_mid_sentence(data: bytes, fraction: float) -> bytes:
    cut = int(len(data) * fraction)
    while data[cut - 1:cut] in (b".", b";", b":", b"\n", b" "):  # inside a sentence, inside a word
        cut -= 1
    return data[:cut]


def test_a_truncated_file_is_refused_and_listed(tmp_path):
    src = tmp_path / "entrada"
    src.mkdir()
    (src / "lei-150.txt").write_bytes(OTHER)
    (src / "lei-100.txt").write_bytes(_cut_mid_sentence(LAW, 0.55))
    for f in src.iterdir():
        _old(f)
    run = _importar(src, tmp_path / "acervo")
    out = run.stdout.decode() + run.stderr.decode()
    assert run.returncode == 0, out
    assert "recusado: lei-100.txt" in out and "truncad" in out, out
    acts = sorted(p.name for p in (tmp_path / "acervo" / "ba-municipio-de-teste").iterdir() if p.is_dir())
    assert acts == ["lei-150-2023"], acts
    report = (tmp_path / "acervo" / "ba-municipio-de-teste" / "importacao.toml").read_text("utf-8")
    assert "lei-100.txt" in report


def test_a_file_being_written_is_refused_and_listed(tmp_path):
    src = tmp_path / "entrada"
    src.mkdir()
    (src / "lei-150.txt").write_bytes(OTHER)
    _old(src / "lei-150.txt")
    growing = src / "lei-100.txt"
    growing.write_bytes(LAW[:300])
    stop = threading.Event()

    def copy_slowly():  # a copy still going on: a few bytes at a time while the import runs
        with growing.open("ab") as f:
            for i in range(300, len(LAW), 8):
                if stop.is_set():
                    return
                f.write(LAW[i:i + 8])
                f.flush()
                time.sleep(0.05)

    writer = threading.Thread(target=copy_slowly)
    writer.start()
    try:
        run = _importar(src, tmp_path / "acervo")
    finally:
        stop.set()
        writer.join()
    out = run.stdout.decode() + run.stderr.decode()
    assert run.returncode == 0, out
    assert "recusado: lei-100.txt" in out and "sendo gravado" in out, out
    acts = sorted(p.name for p in (tmp_path / "acervo" / "ba-municipio-de-teste").iterdir() if p.is_dir())
    assert acts == ["lei-150-2023"], acts


def test_a_file_written_a_moment_ago_and_complete_is_imported_after_it_settles(tmp_path):
    src = tmp_path / "entrada"
    src.mkdir()
    (src / "lei-100.txt").write_bytes(LAW)  # just now: the import waits for it to settle, then takes it
    run = _importar(src, tmp_path / "acervo")
    assert run.returncode == 0, run.stderr.decode()
    assert (tmp_path / "acervo" / "ba-municipio-de-teste" / "lei-100-2020").is_dir(), run.stdout.decode()
