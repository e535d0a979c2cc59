"""Benchmark: issue 1,000 autos de infração from one CSV (DOCX + HTML + register), print the time.

Uses the Pedra Preta law from statutes/ when the text reader can parse it, else the hand-built
excerpt of the tests. Target: under 30 s on the project machine.
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.forms_support import csv_cases, pp_context  # noqa: E402

from lexconsolida.forms.cases import load_cases  # noqa: E402
from lexconsolida.forms.infractions import extract  # noqa: E402
from lexconsolida.forms.issue import Context, issue_batch  # noqa: E402
from lexconsolida.forms.register import Register  # noqa: E402
from lexconsolida.forms.settings import load_settings  # noqa: E402

N = 1000


def context() -> tuple[Context, str]:
    settings = load_settings(ROOT / "statutes" / "mt-pedra-preta")
    try:
        from lexconsolida.forms.source import load_norma

        norma = load_norma(settings.norma_path)
        catalog = extract(norma)
        if len(catalog.infracoes) >= 7:
            return Context(settings, norma, catalog), "Lei 846/2015 lida de statutes/"
    except Exception as err:  # the reader may not be available in this checkout
        print(f"(leitor de texto indisponível: {err}; usando o trecho da lei dos testes)")
    return pp_context(), "trecho da Lei 846/2015 (fixture dos testes)"


def main() -> None:
    ctx, source = context()
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = Path(tmp) / "casos.csv"
        csv_path.write_text(csv_cases(N), encoding="utf-8")
        start = time.perf_counter()
        cases = load_cases(csv_path)
        with Register(Path(tmp) / "registro.sqlite") as reg:
            issued = issue_batch("auto-de-infracao", cases, ctx, Path(tmp) / "saida", reg, today=date(2025, 3, 10))
        elapsed = time.perf_counter() - start
    assert len({i.numero for i in issued}) == N
    print(f"forms: {N} autos de infração (DOCX + HTML + registro) em {elapsed:.1f} s "
          f"({elapsed / N * 1000:.1f} ms por caso; meta < 30 s) — {source}")


if __name__ == "__main__":
    main()
