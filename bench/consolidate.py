"""Benchmark: consolidate 20 generated acts of 100 articles each with 200 cross-references,
reports included. Target (issue 4): under 2 seconds on the 2-core CI machine.

Run: python bench/consolidate.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lexconsolida.consolidation import report  # noqa: E402
from lexconsolida.consolidation.engine import consolidate  # noqa: E402
from lexconsolida.consolidation.spec import Spec  # noqa: E402
from tests.consolidation_fixtures import make_act  # noqa: E402


def main() -> None:
    sources = [make_act(seed, 100, numero=1000 + seed, citations=10) for seed in range(20)]
    n_units = sum(1 for s in sources for _ in s.norma.dispositivos())
    spec = Spec("bench.toml", {"tipo": "Lei", "ementa": "Consolidação de teste."}, [], [], [])
    t0 = time.perf_counter()
    result = consolidate(spec, sources)
    t1 = time.perf_counter()
    outputs = [report.correspondence_csv(result), report.correspondence_html(result),
               report.review_html(result), report.review_json(result)]
    t2 = time.perf_counter()
    remissoes = sum(1 for e in result.edits if e.kind == "remissao")
    print("bench/consolidate.py — 20 atos × 100 artigos, 200 remissões")
    print(f"  dispositivos de origem:      {n_units}")
    print(f"  artigos na consolidação:     {sum(1 for _ in result.norma.artigos())}")
    print(f"  remissões renumeradas:       {remissoes}")
    print(f"  quase-duplicados / conflitos: {len(result.findings['near_duplicates'])} / {len(result.findings['conflicts'])}")
    print(f"  consolidação:                {t1 - t0:.3f} s")
    print(f"  relatórios (CSV/HTML/JSON):  {t2 - t1:.3f} s  ({sum(map(len, outputs)) / 1e6:.1f} MB)")
    print(f"  total:                       {t2 - t0:.3f} s   (meta: < 2 s)")


if __name__ == "__main__":
    main()
