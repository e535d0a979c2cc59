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


SCRATCH = "passo-a-passo"
"""The folder the walk-through writes into (it says so, and ``.gitignore`` covers it)."""


def test_walkthrough_writes_only_into_its_scratch_folder():
    lines = _walkthrough()[1:]
    block = README.read_text(encoding="utf-8")
    assert f"pasta {SCRATCH}/" in block
    for line in lines:
        argv = shlex.split(line)
        outputs = [argv[i + 1] for i, a in enumerate(argv) if a in ("-o", "--report", "--registro")]
        assert all(o.startswith(f"{SCRATCH}/") for o in outputs), line
    paths = [f"{SCRATCH}/registro.sqlite", f"{SCRATCH}/formularios/AI-2025-000001.html"]
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *paths], cwd=ROOT, capture_output=True)
    assert ignored.stdout.decode().split() == paths, f".gitignore não cobre {SCRATCH}/"


@pytest.mark.slow
def test_every_readme_command_runs_as_written(tmp_path):
    work = tmp_path / "projeto"
    work.mkdir()
    shutil.copytree(ROOT / "statutes", work / "statutes", ignore=shutil.ignore_patterns("registros"))
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
    # Nothing left in the project's root but the scratch folder; nothing written in statutes/.
    assert sorted(p.name for p in work.iterdir()) == [SCRATCH, "statutes"]
    assert not list((work / "statutes").rglob("registros"))
    out = work / SCRATCH
    for name in ("lei846.xml", "leitura.json", "lei100-compilada.html", "consolidacao-taxi/norma.xml",
                 "consolidacao-taxi/correspondencia.csv", "quadro.html", "lei100.docx"):
        assert (out / name).is_file() and (out / name).stat().st_size > 0, name
    issued = sorted(p.name for p in (out / "formularios").glob("AI-*"))
    assert issued == ["AI-2025-000001.docx", "AI-2025-000001.html"]
    # What is published of the fictional municipality says it is fictional.
    assert "Exemplo (município fictício)" in (out / "lei100-compilada.html").read_text(encoding="utf-8")
    # the quadro's titles come from the metadata; its URN names the fictional state
    assert "urn:lex:br;estado.ficticio;exemplo" in (out / "quadro.html").read_text(encoding="utf-8")
    with zipfile.ZipFile(out / "lei100.docx") as z:
        headers = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("word/header"))
    assert "MUNICÍPIO FICTÍCIO" in headers
    form = (out / "formularios" / "AI-2025-000001.html").read_text(encoding="utf-8")
    assert "município fictício" in form and "R$ 400,00" in form  # 80 UFE × R$ 5,00 (2025)
