"""Benchmark: CF/88 original (1988-10-05) vs compiled 2015 (2015-03-03), whole pipeline to
HTML (read both LexML files, align, word diff, render). Target (issue 6): under 3 seconds.
Also times the two diff-match-patch implementations on the same word-level diffs: PyPI
``diff-match-patch`` (pure Python) and ``fast-diff-match-patch`` (C++ port); the faster one is
``lexconsolida.diff.tokens.DEFAULT_ENGINE``.

Run: python bench/diff.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lexconsolida.diff import compare, write  # noqa: E402
from lexconsolida.diff.report import pair_ops  # noqa: E402
from lexconsolida.diff.tokens import DEFAULT_ENGINE, ENGINES  # noqa: E402
from lexconsolida.readers import read_file  # noqa: E402

SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared"))
CF88 = SHARED / "anchors" / "lexml" / "examples" / "cf1988"


def best_of(n: int, fn):
    best, result = float("inf"), None
    for _ in range(n):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def pipeline(old_path: Path, new_path: Path, engine: str | None = None):
    old, new = read_file(old_path).norma, read_file(new_path).norma
    report = compare(old, new, engine=engine)
    return report, write(report, "html")


def generated_pair():
    """A 2,000-article generated law (about 6,000 units) and a copy after random edits."""
    import random

    from tests.test_diff import edit_law
    from tests.test_diff_support import generated_law, norma

    specs = generated_law(2000, seed=1)
    rng = random.Random(2)
    edited = list(specs)
    for _ in range(40):
        edited = edit_law(edited, rng)
    return norma(*specs), norma(*edited)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    old_path = CF88 / "CON1988--19881005.LexML.xml"
    new_path = CF88 / "CON1988--20150303.LexML.xml"
    if not (old_path.exists() and new_path.exists()):
        sys.exit(f"bench/diff.py: faltam os arquivos da CF/88 em {CF88}")

    total, (report, html) = best_of(args.repeat, lambda: pipeline(old_path, new_path))
    t_read, (old, new) = best_of(args.repeat, lambda: (read_file(old_path).norma, read_file(new_path).norma))
    t_compare, _ = best_of(args.repeat, lambda: compare(old, new))
    t_html, _ = best_of(args.repeat, lambda: write(report, "html"))
    t_docx, docx = best_of(1, lambda: write(report, "docx"))

    diffed = [p for p in report.pairs if p.status not in ("added", "removed", "unchanged")]
    engines = {}
    for name in sorted(ENGINES):
        engines[name], _ = best_of(
            args.repeat, lambda name=name: [pair_ops(p.status, p.old, p.new, name) for p in diffed])

    counts = ", ".join(f"{s} {n}" for s, n in report.counts().items())
    print("bench/diff.py — CF/88 original (1988) × compilada (2015), até o HTML")
    print(f"  unidades (antes / depois):   {sum(len(p.old) for p in report.pairs)} / "
          f"{sum(len(p.new) for p in report.pairs)}")
    print(f"  linhas por situação:         {counts}")
    print(f"  leitura LexML (2 arquivos):  {t_read:.3f} s")
    print(f"  alinhamento + diff:          {t_compare:.3f} s")
    print(f"  HTML:                        {t_html:.3f} s  ({len(html) / 1e6:.1f} MB)")
    print(f"  DOCX (controle de alterações): {t_docx:.3f} s  ({len(docx) / 1e6:.2f} MB)")
    print(f"  total até o HTML:            {total:.3f} s   (meta: < 3 s)")
    print(f"  diff palavra a palavra de {len(diffed)} pares, por implementação:")
    for name, t in sorted(engines.items(), key=lambda x: x[1]):
        lib = {"fast": "fast-diff-match-patch (C++)", "python": "diff-match-patch (Python puro)"}[name]
        mark = "  ← padrão" if name == DEFAULT_ENGINE else ""
        print(f"    {lib:32s} {t:.3f} s{mark}")
    big_old, big_new = generated_pair()
    t_big, big = best_of(1, lambda: compare(big_old, big_new))
    print(f"  lei gerada de 2.000 artigos ({sum(len(p.old) for p in big.pairs)} dispositivos), "
          f"40 rodadas de edições: {t_big:.3f} s")
    fastest = min(engines, key=engines.get)
    if fastest != DEFAULT_ENGINE:
        print(f"  aviso: o motor mais rápido nesta máquina é {fastest!r}, não o padrão")


if __name__ == "__main__":
    main()
