"""Shared test fixtures: where the shared material is, schema assertions, golden files.

``--update-golden`` rewrites golden files instead of comparing (then review ``git diff``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED") or ROOT.parent / "shared").resolve()
HAVE_SHARED = SHARED.is_dir()
"""The shared material (``../shared``: seeds, gold, corpus, acervos, anchors) is read, never
copied. Tests that need it carry ``@pytest.mark.shared``; without the folder they are left out
and listed in one line at the end (under ``CI=true`` its absence is an error)."""
if HAVE_SHARED:
    # The corpus reads the Feira de Santana texts from here, also in copies of statutes/ made
    # in tmp_path and in the subprocesses of run_cli.
    os.environ.setdefault("LEXCONSOLIDA_SHARED", str(SHARED))
SEEDS = SHARED / "seeds"
GOLD = SHARED / "gold"
CORPUS = SHARED / "corpus"
ANCHORS = SHARED / "anchors"
CF88_DIR = ANCHORS / "lexml" / "examples" / "cf1988"
GOLDEN = ROOT / "tests" / "golden"
STATUTES = ROOT / "statutes"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files")


def pytest_configure(config):
    if not HAVE_SHARED and os.environ.get("CI") == "true":
        raise pytest.UsageError(
            f"material compartilhado ausente: {SHARED} não existe (CI=true exige ../shared, ou "
            "LEXCONSOLIDA_SHARED apontando para ele)")


def pytest_collection_modifyitems(config, items):
    """Without the shared material, its tests are left out (deselected) and listed once."""
    if HAVE_SHARED:
        return
    left_out = [item for item in items if item.get_closest_marker("shared")]
    if left_out:
        items[:] = [item for item in items if not item.get_closest_marker("shared")]
        config.hook.pytest_deselected(items=left_out)
        config.stash[_LEFT_OUT] = left_out


_LEFT_OUT = pytest.StashKey[list]()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    left_out = config.stash.get(_LEFT_OUT, None)
    if left_out:
        files = sorted({item.path.name for item in left_out})
        terminalreporter.write_line(
            f"material compartilhado ausente ({SHARED} não existe): {len(left_out)} testes pulados, "
            f"de {len(files)} arquivos: {', '.join(files)}")


@pytest.fixture(scope="session")
def statutes_copy(tmp_path_factory) -> Path:
    """The project's ``statutes/`` copied once, without any forms register (``registros/``): a
    test that runs ``build`` on it never issues a number in a register a developer made."""
    copy = tmp_path_factory.mktemp("acervo") / "statutes"
    shutil.copytree(STATUTES, copy, ignore=shutil.ignore_patterns("registros"))
    return copy


@pytest.fixture(scope="session")
def feira_importada(tmp_path_factory) -> tuple[Path, Path]:
    """The shared Feira de Santana acervo imported once per session into a temporary folder (never
    into ../shared), and a cache of its analysis: (acervo, cache). Tests that write (the review
    desk's) copy the acervo first; the cache serves every copy (it is keyed by content)."""
    from lexconsolida.acervo.importer import import_folder  # heavy: only for the tests that use it
    from lexconsolida.acervo.pipeline import build  # with the importer above
    from lexconsolida.acervo.work import default_executor  # with the importer above

    tmp = tmp_path_factory.mktemp("feira-importada")
    executor = default_executor(2)
    try:
        import_folder(SHARED / "acervos" / "feira-de-santana-ba", tmp / "acervo", "ba-feira-de-santana",
                      executor=executor)
        build(tmp / "acervo", executor=executor, cache_dir=tmp / "cache")
    finally:
        if executor is not None:
            executor.shutdown()
    return tmp / "acervo", tmp / "cache"


FEIRA = SHARED / "acervos" / "feira-de-santana-ba"
"""The whole Feira de Santana acervo (5,440 real acts), read by the corpus-wide tests."""
FEIRA_SITE_URL = "https://diario.feira.invalid/"
FEIRA_PUBLISHER = 99998
"""A fictional address and publisher number, so that the acervo's LexML records can be built."""


@pytest.fixture(scope="session")
def feira(tmp_path_factory):
    """The whole Feira acervo imported (twice: the second import changes nothing) and compiled,
    set up as a LexML publisher ([site] url, [lexml] id_publicador; the contact given at the
    import): (import report, :class:`~lexconsolida.acervo.pipeline.Acervo`, work list data).
    Built once per session for every corpus-wide test module."""
    from lexconsolida.acervo import worklist
    from lexconsolida.acervo.importer import import_folder
    from lexconsolida.acervo.pipeline import build
    from lexconsolida.acervo.work import default_executor

    root = tmp_path_factory.mktemp("feira")
    executor = default_executor(2)
    try:
        report = import_folder(FEIRA, root / "acervo", "ba-feira-de-santana", executor=executor,
                               contato="legislativo@feira.invalid")
        again = import_folder(FEIRA, root / "acervo", "ba-feira-de-santana", executor=executor)
        mun = root / "acervo" / "ba-feira-de-santana" / "municipio.toml"
        mun.write_text(mun.read_text("utf-8").replace("[lexml]\n", f"[lexml]\nid_publicador = {FEIRA_PUBLISHER}\n")
                       + f'\n[site]\nurl = "{FEIRA_SITE_URL}"\n', "utf-8")
        ac = build(root / "acervo", executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    assert (again.novos, again.atualizados, again.sem_mudanca) == (0, 0, report.atos)  # idempotent
    return report, ac, worklist.data(ac)


@pytest.fixture(scope="session")
def feira_site(feira, tmp_path_factory):
    """The gazette site of the whole Feira acervo: (Acervo, site folder)."""
    from lexconsolida.acervo.gazette import build_gazette
    from lexconsolida.acervo.work import default_executor

    _, ac, _ = feira
    out = tmp_path_factory.mktemp("feira-site") / "site"
    executor = default_executor(2)
    try:
        build_gazette(ac, out, executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    return ac, out


@pytest.fixture
def update_golden(request) -> bool:
    return bool(request.config.getoption("--update-golden"))


def assert_valid_lexml(data: bytes, profile: str = "lexml-flexivel") -> None:
    from lexconsolida.lexml.schemas import validation_errors

    errors = validation_errors(data, profile)
    assert not errors, "\n".join(errors[:20])


def check_golden(path: Path, actual: bytes | str, update: bool) -> None:
    """Compare ``actual`` with the golden file at ``path`` (or write it with --update-golden)."""
    if isinstance(actual, str):
        actual = actual.encode("utf-8")
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(actual)
        return
    if not path.exists():
        pytest.fail(f"golden file missing: {path} (run pytest --update-golden and review the diff)")
    expected = path.read_bytes()
    if expected != actual:
        import difflib

        diff = "\n".join(
            difflib.unified_diff(
                expected.decode("utf-8", "replace").splitlines(),
                actual.decode("utf-8", "replace").splitlines(),
                "golden", "actual", lineterm="", n=2,
            )
        )
        pytest.fail(f"output differs from {path.relative_to(ROOT)}:\n{diff[:6000]}")


def run_cli(*args: str, cwd: Path | None = None, input: bytes | None = None):
    """Run ``python -m lexconsolida ARGS`` as a user would; returns CompletedProcess."""
    return subprocess.run(
        [sys.executable, "-m", "lexconsolida", *map(str, args)],
        cwd=cwd or ROOT, capture_output=True, input=input, timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
needs_soffice = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) não instalado")


def convert_to_pdf(files: list[Path], outdir: Path) -> list[Path]:
    """Convert DOCX files to PDF with one LibreOffice start (a private profile, removed after);
    assert every file converted to a real PDF and return the PDFs."""
    profile = Path(tempfile.mkdtemp(prefix="lo-profile-"))
    try:
        proc = subprocess.run(
            [SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
             "--outdir", str(outdir), *map(str, files)],
            capture_output=True, timeout=300,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    pdfs = [outdir / f"{Path(f).stem}.pdf" for f in files]
    for f, pdf in zip(files, pdfs):
        assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF"), \
            f"{Path(f).name} não foi convertido: {proc.stdout!r} {proc.stderr!r}"
    return pdfs
