"""Shared test fixtures: where the shared material is, schema assertions, golden files.

``--update-golden`` rewrites golden files instead of comparing (then review ``git diff``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
SEEDS = SHARED / "seeds"
GOLD = SHARED / "gold"
CORPUS = SHARED / "corpus"
ANCHORS = SHARED / "anchors"
CF88_DIR = ANCHORS / "lexml" / "examples" / "cf1988"
GOLDEN = ROOT / "tests" / "golden"
STATUTES = ROOT / "statutes"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files")


@pytest.fixture
def update_golden(request) -> bool:
    return bool(request.config.getoption("--update-golden"))


def assert_valid_lexml(data: bytes, profile: str = "lexml-flexivel") -> None:
    from lexconsolida.xmlutil import validation_errors

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
