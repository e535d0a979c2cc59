"""Benchmark: CF/88 original (1988-10-05) vs compiled 2015 (2015-03-03), to the HTML quadro.

Figures (see ``bench/measure.py``: medians and spread of ≥ 5 runs, process RSS):
- the whole ``lexconsolida diff OLD NEW --to html -o OUT`` process, as a user runs it;
- in process: reading both LexML files, alignment + word diff, HTML, DOCX;
- the two diff-match-patch implementations on the same word-level diffs: PyPI
  ``diff-match-patch`` (pure Python) and ``fast-diff-match-patch`` (C++ port); the faster one
  is ``lexconsolida.diff.tokens.DEFAULT_ENGINE``;
- a generated 2,000-article law after 40 rounds of random edits.
Target (issue 16): the whole process under 0.5 s.

Run: python bench/diff.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from measure import SHARED, Verdicts, once, peak_rss_mb, process, repeat  # noqa: E402

from lexconsolida.diff import compare, write  # noqa: E402
from lexconsolida.diff.report import pair_ops  # noqa: E402
from lexconsolida.diff.tokens import DEFAULT_ENGINE, ENGINES  # noqa: E402
from lexconsolida.readers import read_file  # noqa: E402

CF88 = SHARED / "anchors" / "lexml" / "examples" / "cf1988"
TARGET_PROCESS_S = 0.5


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


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    old_path = CF88 / "CON1988--19881005.LexML.xml"
    new_path = CF88 / "CON1988--20150303.LexML.xml"
    if not (old_path.exists() and new_path.exists()):
        sys.exit(f"bench/diff.py: faltam os arquivos da CF/88 em {CF88}")

    with tempfile.TemporaryDirectory() as tmp:
        whole = process(["diff", old_path, new_path, "--to", "html", "-o", Path(tmp) / "q.html"],
                        args.repeat)
    t_read, (old, new) = repeat(lambda: (read_file(old_path).norma, read_file(new_path).norma),
                                args.repeat)
    t_compare, report = repeat(lambda: compare(old, new), args.repeat)
    t_html, html = repeat(lambda: write(report, "html"), args.repeat)
    t_docx, docx = repeat(lambda: write(report, "docx"), args.repeat)

    diffed = [p for p in report.pairs if p.status not in ("added", "removed", "unchanged")]
    engines = {}
    for name in sorted(ENGINES):
        engines[name], _ = repeat(
            lambda name=name: [pair_ops(p.status, p.old, p.new, name) for p in diffed], args.repeat)

    counts = ", ".join(f"{s} {n}" for s, n in report.counts().items())
    print("bench/diff.py — CF/88 original (1988) × compilada (2015), até o HTML")
    print(f"  unidades (antes / depois):     {sum(len(p.old) for p in report.pairs)} / "
          f"{sum(len(p.new) for p in report.pairs)}")
    print(f"  linhas por situação:           {counts}")
    print(f"  processo inteiro (diff → HTML): {whole.wall.fmt()}; CPU {whole.cpu.median:.3f} s; "
          f"RSS {whole.rss_mb:.0f} MB")
    print(f"  leitura LexML (2 arquivos):    {t_read.fmt()}")
    print(f"  alinhamento + diff:            {t_compare.fmt()}")
    print(f"  HTML ({len(html) / 1e6:.1f} MB):               {t_html.fmt()}")
    print(f"  DOCX ({len(docx) / 1e6:.2f} MB, controle de alterações): {t_docx.fmt()}")
    print(f"  diff palavra a palavra de {len(diffed)} pares, por implementação:")
    for name, t in sorted(engines.items(), key=lambda x: x[1].cpu.median):
        lib = {"fast": "fast-diff-match-patch (C++)", "python": "diff-match-patch (Python puro)"}[name]
        mark = "  ← padrão" if name == DEFAULT_ENGINE else ""
        print(f"    {lib:32s} {t.fmt()}{mark}")
    big_old, big_new = generated_pair()
    wall, cpu, big = once(lambda: compare(big_old, big_new))
    print(f"  lei gerada de 2.000 artigos ({sum(len(p.old) for p in big.pairs)} dispositivos), "
          f"40 rodadas de edições: {wall:.3f} s (CPU {cpu:.3f} s)")
    print(f"  RSS máximo deste processo de medida: {peak_rss_mb():.0f} MB")
    fastest = min(engines, key=lambda k: engines[k].cpu.median)
    if fastest != DEFAULT_ENGINE:
        print(f"  aviso: o motor mais rápido nesta máquina é {fastest!r}, não o padrão")
    v = Verdicts("diff da CF/88 (1988 × 2015) até o HTML")
    v.check("processo inteiro, tempo (mediana)", whole.wall.median, TARGET_PROCESS_S)
    return v.done()


if __name__ == "__main__":
    raise SystemExit(main())
