"""Benchmark: audit a 20-source consolidation of at least 2,000 dispositivos (generated acts,
as bench/consolidate.py), the consolidation being the tool's own output with its citations
renumbered. Target (issue 18): the audit under 5 s on the 2-core CI machine.

Prints the median and spread of 5 runs, the reports' time apart, the process's resident memory,
the target and OK/FALHOU. Run: python bench/auditar.py [--runs N]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lexconsolida.audit import audit, render  # noqa: E402
from lexconsolida.audit.sources import AuditSource, act_key  # noqa: E402
from lexconsolida.audit.table import builtin  # noqa: E402
from lexconsolida.consolidation.engine import consolidate  # noqa: E402
from lexconsolida.consolidation.spec import Spec  # noqa: E402
from lexconsolida.diff.units import flatten  # noqa: E402
from tests.consolidation_fixtures import make_act  # noqa: E402

TARGET_S = 5.0
MIN_UNITS = 2000
SOURCES = 20


def build(articles: int):
    acts = [make_act(seed, articles, numero=1000 + seed, citations=articles // 10) for seed in range(SOURCES)]
    spec = Spec("bench.toml", {"tipo": "Lei", "ementa": "Consolidação de teste."}, [], [], [])
    result = consolidate(spec, acts)
    sources = [AuditSource(a.alias, a.label, a.urn, a.norma, "2026-01-01", {act_key(a.norma.numero, a.norma.data)})
               for a in acts]
    return result.norma, sources


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    articles = 15
    while True:
        norma, sources = build(articles)
        units = sum(1 for u in flatten(norma) if not u.is_agrupador)
        if units >= MIN_UNITS:
            break
        articles += 2
    table = builtin()
    times, report_times = [], []
    result = None
    for _ in range(max(args.runs, 5)):
        t0 = time.perf_counter()
        result = audit(norma, sources, table, date="2026-01-01")
        t1 = time.perf_counter()
        render(result, "json")
        render(result, "html")
        report_times.append(time.perf_counter() - t1)
        times.append(t1 - t0)
    t2 = time.perf_counter()
    render(result, "docx")
    docx_s = time.perf_counter() - t2
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    med = statistics.median(times)
    c = result.counts()
    ok = med < TARGET_S and result.only_allowed
    print(f"bench/auditar.py — {SOURCES} fontes × {articles} artigos, consolidação com {units} dispositivos")
    print(f"  linhas do relatório:        {len(result.rows)} ({c['sem-alteracao']} sem alteração, "
          f"{c['permitido']} permitidas, {c['merito']} de mérito, {c['perda']} perdas, "
          f"{c['materia-nova']} de matéria nova)")
    print(f"  auditoria (mediana de {len(times)}):  {med:.3f} s  (mín. {min(times):.3f}, máx. {max(times):.3f}, "
          f"desvio {statistics.pstdev(times):.3f})")
    print(f"  relatórios JSON + HTML:     {statistics.median(report_times):.3f} s (mediana)")
    print(f"  relatório DOCX:             {docx_s:.3f} s")
    print(f"  memória residente (pico):   {rss:.0f} MB")
    print(f"  meta: auditoria < {TARGET_S:.0f} s e só alterações do § 2º — {'OK' if ok else 'FALHOU'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
