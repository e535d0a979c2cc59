"""Benchmark: issue 1,000 autos de infração from one CSV (DOCX + HTML + crash-safe register: numbers,
cases and file bytes in one transaction, files written and synced, lote marked written).

Each run starts from an empty register and an empty output folder; the time covers reading the
CSV, validating, rendering, recording and writing. Prints the median and spread of 5 runs, the
process's peak resident memory, the target and OK/FALHOU.

Uses the Pedra Preta law from statutes/ when the text reader can parse it, else the hand-built
excerpt of the tests. Target: under 30 s per 1,000 autos on the project machine.
"""

from __future__ import annotations

import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.forms_support import TODAY, csv_cases, pp_context  # noqa: E402

from lexconsolida.forms.cases import load_cases  # noqa: E402
from lexconsolida.forms.infractions import extract  # noqa: E402
from lexconsolida.forms.issue import Context, issue_batch  # noqa: E402
from lexconsolida.forms.register import Register  # noqa: E402
from lexconsolida.forms.settings import load_settings  # noqa: E402

N = 1000
RUNS = 5
TARGET_S = 30.0


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


def one_run(ctx: Context) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = Path(tmp) / "casos.csv"
        csv_path.write_text(csv_cases(N), encoding="utf-8")
        start = time.perf_counter()
        cases = load_cases(csv_path)
        with Register(Path(tmp) / "registro.sqlite", create=True) as reg:
            issued = issue_batch("auto-de-infracao", cases, ctx, Path(tmp) / "saida", reg, today=TODAY)
            pending = sum(e.pendente for e in reg.entries())
        elapsed = time.perf_counter() - start
        written = len(list((Path(tmp) / "saida").iterdir()))
    if len({i.numero for i in issued}) != N or pending or written != 2 * N:
        raise SystemExit(f"forms: resultado errado ({len(issued)} números, {pending} pendentes, {written} arquivos)")
    return elapsed


def main() -> None:
    ctx, source = context()
    times = [one_run(ctx) for _ in range(RUNS)]
    median = statistics.median(times)
    spread = max(times) - min(times)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    verdict = "OK" if median < TARGET_S else "FALHOU"
    print(f"forms: {N} autos de infração (DOCX + HTML + registro) — {source}")
    print(f"  {RUNS} execuções: mediana {median:.1f} s, dispersão {spread:.1f} s "
          f"(mín. {min(times):.1f} s, máx. {max(times):.1f} s); {median / N * 1000:.1f} ms por auto")
    print(f"  RSS máx. do processo: {rss_mb:.0f} MB")
    print(f"  meta: < {TARGET_S:.0f} s por {N} autos — {verdict}")
    if verdict != "OK":
        raise SystemExit(1)


if __name__ == "__main__":
    main()
