"""Benchmark: consolidate 20 generated acts of 100 articles each with 200 cross-references,
reports included. Target (issue 4): under 2 seconds on the 2-core CI machine.

Run: python bench/consolidate.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Verdicts, peak_rss_mb, repeat  # noqa: E402

from lexconsolida.consolidation import report  # noqa: E402
from lexconsolida.consolidation.engine import consolidate  # noqa: E402
from lexconsolida.consolidation.spec import Spec  # noqa: E402
from tests.consolidation_fixtures import make_act  # noqa: E402


def main() -> int:
    sources = [make_act(seed, 100, numero=1000 + seed, citations=10) for seed in range(20)]
    n_units = sum(1 for s in sources for _ in s.norma.dispositivos())
    spec = Spec("bench.toml", {"tipo": "Lei", "ementa": "Consolidação de teste."}, [], [], [])
    t_cons, result = repeat(lambda: consolidate(spec, sources))
    t_rep, outputs = repeat(lambda: [report.correspondence_csv(result), report.correspondence_html(result),
                                     report.review_html(result), report.review_json(result)])
    remissoes = sum(1 for e in result.edits if e.kind == "remissao")
    print("bench/consolidate.py — 20 atos × 100 artigos, 200 remissões")
    print(f"  dispositivos de origem:      {n_units}")
    print(f"  artigos na consolidação:     {sum(1 for _ in result.norma.artigos())}")
    print(f"  remissões renumeradas:       {remissoes}")
    print(f"  quase-duplicados / conflitos: {len(result.findings['near_duplicates'])} / {len(result.findings['conflicts'])}")
    print(f"  consolidação:                {t_cons.fmt()}")
    print(f"  relatórios (CSV/HTML/JSON):  {t_rep.fmt()}  ({sum(map(len, outputs)) / 1e6:.1f} MB)")
    print(f"  RSS máximo do processo:      {peak_rss_mb():.0f} MB")
    v = Verdicts("consolidação de 20 atos")
    v.check("consolidação + relatórios (medianas)", t_cons.wall.median + t_rep.wall.median, 2.0)
    return v.done()


if __name__ == "__main__":
    raise SystemExit(main())
