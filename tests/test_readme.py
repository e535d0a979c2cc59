"""Every command of the README's walk-through runs as written, in order, from a copy of the
project's statutes/ (nothing of ../shared needed), and writes what the README says."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import zipfile

import pytest

from tests.conftest import ROOT

README = ROOT / "README.md"


def _walkthrough() -> list[str]:
    """The lines of the README's fenced ``sh`` block that starts with the venv activation."""
    blocks = re.findall(r"^```sh\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
    (block,) = [b for b in blocks if b.startswith(". .venv/bin/activate")]
    return [ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def test_walkthrough_only_uses_the_project_acervo():
    lines = _walkthrough()
    assert lines[0] == ". .venv/bin/activate"
    assert all(ln.startswith("lexconsolida ") for ln in lines[1:]), lines
    used = {m for ln in lines for m in re.findall(r"statutes/([^/\s]+)", ln)}
    assert used == {"mt-pedra-preta", "xx-municipio-de-exemplo"}
    assert len(lines) >= 10


@pytest.mark.slow
def test_every_readme_command_runs_as_written(tmp_path):
    work = tmp_path / "projeto"
    work.mkdir()
    shutil.copytree(ROOT / "statutes", work / "statutes")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LEXCONSOLIDA_STATUTES", None)
    for line in _walkthrough()[1:]:
        argv = shlex.split(line)
        proc = subprocess.run([sys.executable, "-m", "lexconsolida", *argv[1:]], cwd=work,
                              capture_output=True, env=env, timeout=600)
        err = proc.stderr.decode()
        # `check` documents exit 1 when it finds errors (the README says so in step 2).
        allowed = (0, 1) if argv[1] == "check" else (0,)
        assert proc.returncode in allowed, f"{line}\n{err}"
        assert "Traceback" not in err, f"{line}\n{err}"
        if argv[1] == "check":
            assert "Resultado:" in proc.stdout.decode()
    for name in ("lei846.xml", "leitura.json", "lei100-compilada.html", "consolidacao-taxi/norma.xml",
                 "consolidacao-taxi/correspondencia.csv", "quadro.html", "lei100.docx"):
        assert (work / name).is_file() and (work / name).stat().st_size > 0, name
    issued = sorted(p.name for p in (work / "formularios").glob("AI-*"))
    assert issued == ["AI-2025-000001.docx", "AI-2025-000001.html"]
    # What is published of the fictional municipality says it is fictional.
    assert "Exemplo (município fictício)" in (work / "lei100-compilada.html").read_text(encoding="utf-8")
    # the quadro's titles come from the metadata; its URN names the fictional state
    assert "urn:lex:br;estado.ficticio;exemplo" in (work / "quadro.html").read_text(encoding="utf-8")
    with zipfile.ZipFile(work / "lei100.docx") as z:
        headers = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("word/header"))
    assert "MUNICÍPIO FICTÍCIO" in headers
    form = (work / "formularios" / "AI-2025-000001.html").read_text(encoding="utf-8")
    assert "município fictício" in form and "R$ 400,00" in form  # 80 UFE × R$ 5,00 (2025)
