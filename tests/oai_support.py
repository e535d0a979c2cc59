"""Helpers for the LexML provider's tests: acervos in temporary folders, the real server."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXEMPLO = ROOT / "statutes" / "xx-municipio-de-exemplo"

PUBLISHER = """
[site]
url = "https://diario.teste.invalid/"

[lexml]
id_publicador = {pid}
email = "lexml@teste.invalid"
"""


def fictional_acervo(base: Path) -> Path:
    """A copy of the fictional municipality as an acervo of its own."""
    root = base / "acervo"
    shutil.copytree(EXEMPLO, root / EXEMPLO.name)
    return root


def set_up_publisher(municipio_folder: Path, pid: int) -> None:
    """Make a municipality a LexML publisher (as docs/lexml-oai.md tells a clerk to)."""
    toml = municipio_folder / "municipio.toml"
    toml.write_text(toml.read_text("utf-8") + PUBLISHER.format(pid=pid), "utf-8")


class Url(str):
    """The provider's base URL, with the pid of the server process."""

    pid: int = 0


@contextmanager
def served(acervo: Path, *args: str, timeout: float = 180):
    """``lexconsolida provedor servir`` on a free local port; yields the base URL."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "lexconsolida", "provedor", "servir", str(acervo),
                             "--porta", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + timeout
        line = ""
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.startswith("provedor OAI-PMH:") or not line:
                break
        if not line.startswith("provedor OAI-PMH:"):
            proc.kill()
            raise AssertionError(f"o provedor não abriu: {line!r} {proc.stderr.read() if proc.stderr else ''}")
        url = Url(line.split()[2])
        url.pid = proc.pid
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
