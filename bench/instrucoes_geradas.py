"""Benchmark and survey: many generated amending sentences over generated laws (issue 34, item 5).

The strategies of ``tests/generators/instrucoes.py`` draw a small law and an amending act of one
to three sentences (every instruction family of LC 95/1998, art. 12, with its noise: markers,
ordinals, quotes, accents, misspelt verbs, other acts, parts of units, dated and conditional
effects); ``tests/generators/oraculo.py`` recognises the act, applies it through the gated path
and judges every sentence. The CI test (``tests/test_instrucoes_geradas.py``) runs 2,000
derandomized cases; this runs as many as asked, with a seed, and prints:

- cases per second, as the median (and spread) of the run's blocks (at least five, at most 2,000
  cases each, each its own seeded hypothesis run), CPU and wall; the time
  of CPU per case (median, p10–p90, highest); the process's peak resident memory;
- the verdicts (certa, retida, retida-por-outra, pergunta-desnecessaria, leitura-errada-retida,
  errada, perdida) over all sentences;
- the failures by class — a known one (``tests/generators/falhas_conhecidas.toml``) by its
  name, a new one by (verdict | family | verb | unit | list) — each with its count and its
  smallest example; the needless questions by class (recall); the readings that were wrong but
  held (by a gate, or by another sentence's question); the known shapes that passed;
- the targets: no wrong text and no lost sentence outside the known list, no known shape that
  passed, and the speed.

    .venv/bin/python bench/instrucoes_geradas.py [--casos 50000] [--semente 0] [--familias redacao,acrescimo]
        [--exemplos 1]

``--casos 50000`` takes about 20 minutes of CPU on the development machine (2 cores, shared); use
``nice``. Exit status 1 when a target fails.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from measure import Stats, Verdicts, peak_rss_mb  # noqa: E402

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from tests.generators.instrucoes import FAMILIAS, casos  # noqa: E402
from tests.generators.oraculo import VERDICTS, Resumo, load_known, run  # noqa: E402

BLOCKS = 5
MAX_BLOCK = 2000
MIN_RATE = 20.0
"""Cases per second of CPU (median of the blocks): the CI's 2,000 in under two minutes of CPU."""


def survey(n: int, semente: int, familias: tuple[str, ...] | None, exemplos: int) -> tuple[Resumo, list]:
    """The run's summary and its blocks (wall s, CPU s, cases). Each block is its own hypothesis
    run with its own seed (``semente`` and the block's number): hypothesis keeps a tree of what it
    has drawn, which would grow with the whole run."""
    resumo = Resumo(load_known(), exemplos)
    count = max(BLOCKS, -(-n // MAX_BLOCK))
    sizes = [n // count + (1 if k < n % count else 0) for k in range(count)]
    blocks: list[tuple[float, float, int]] = []
    for k, size in enumerate(sizes):
        if not size:
            continue

        @seed(semente * 100_003 + k)
        @settings(max_examples=size, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(casos(familias=familias))
        def one(caso):
            resumo.add(run(caso))

        w, c, before = time.perf_counter(), time.process_time(), resumo.cases
        one()
        blocks.append((time.perf_counter() - w, time.process_time() - c, resumo.cases - before))
    return resumo, blocks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Instruções de alteração geradas: velocidade e falhas por classe.")
    ap.add_argument("--casos", type=int, default=5000)
    ap.add_argument("--semente", type=int, default=0)
    ap.add_argument("--familias", default="", help="só estas famílias, separadas por vírgula")
    ap.add_argument("--exemplos", type=int, default=1, help="exemplos mínimos por classe")
    args = ap.parse_args(argv)
    familias = tuple(f for f in args.familias.split(",") if f) or None
    bad = [f for f in familias or () if f not in FAMILIAS]
    if bad:
        print(f"erro: famílias desconhecidas: {bad} (conhecidas: {', '.join(FAMILIAS)})", file=sys.stderr)
        return 2
    t0, c0 = time.perf_counter(), time.process_time()
    s, blocks = survey(args.casos, args.semente, familias, args.exemplos)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    rates = Stats(tuple(n / w for w, _, n in blocks if w > 0))
    cpu_rates = Stats(tuple(n / c for _, c, n in blocks if c > 0))
    per_case = sorted(s.times)
    print(f"Instruções geradas: {s.cases} casos, {s.sentences} frases (semente {args.semente}); "
          f"{wall:.1f} s, CPU {cpu:.1f} s")
    print(f"  casos/s por bloco (CPU): {cpu_rates.fmt(1, 'casos/s')}; relógio {rates.median:.1f} casos/s")
    if per_case:
        q = statistics.quantiles(per_case, n=10) if len(per_case) >= 10 else [per_case[0]] * 9
        print(f"  tempo de CPU por caso: mediana {statistics.median(per_case) * 1000:.1f} ms "
              f"(p10 {q[0] * 1000:.1f}, p90 {q[-1] * 1000:.1f}, máximo {per_case[-1] * 1000:.1f} ms)")
    print(f"  RSS máximo do processo: {peak_rss_mb():.0f} MB")
    print("\nVereditos das frases: " + ", ".join(f"{v} {s.verdicts[v]}" for v in VERDICTS if s.verdicts[v])
          + (f", base-mal-lida {s.verdicts['base-mal-lida']}" if s.verdicts["base-mal-lida"] else ""))
    print("Frases por família: " + ", ".join(f"{f} {n}" for f, n in sorted(s.families.items())))
    print(s.report())
    stale = [e.classe for e in s.known if not s.exercised(e.classe)]
    if stale:
        print(f"\nEntradas da lista que nenhum caso exerceu: {', '.join(stale)}")
    v = Verdicts(f"instruções geradas ({s.cases} casos)")
    v.check("frases erradas ou perdidas fora da lista", s.count("NOVA"), 0, "frases", at_most=True, digits=0)
    v.check("formas conhecidas que passaram", s.count("passou"), 0, "frases", at_most=True, digits=0)
    v.check("casos/s (CPU, mediana dos blocos)", cpu_rates.median if cpu_rates.values else 0.0, MIN_RATE,
            "casos/s", at_least=True, digits=1)
    return v.done()


if __name__ == "__main__":
    raise SystemExit(main())
