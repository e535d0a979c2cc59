"""Benchmark: the gazette site for a generated corpus of 1,000 acts (~50 articles each).

Prints the time of a first build, of a rerun with nothing changed, and of a rerun after one
act changed. Targets on the project machine: first build < 60 s, unchanged rerun < 5 s.

    python bench/site.py [--acts 1000] [--articles 50] [--out DIR]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lexconsolida.site import build_site  # noqa: E402
from tests.site_sample import generated_corpus  # noqa: E402


def timed(label: str, fn):
    """Run ``fn``; print wall-clock and CPU time (CPU shows the cost when the machine is busy)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    elapsed = time.perf_counter() - start
    print(f"{label}: {elapsed:.2f} s (CPU {time.process_time() - cpu:.2f} s)", flush=True)
    return result, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=1000)
    parser.add_argument("--articles", type=int, default=50)
    parser.add_argument("--out", help="pasta do site (padrão: temporária, apagada no fim)")
    args = parser.parse_args()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="bench-site-"))
    try:
        corpus, _ = timed(f"gerar {args.acts} atos × {args.articles} artigos (em memória)",
                          lambda: generated_corpus(args.acts, args.articles))
        amended = sum(1 for a in corpus.acts if any(n.history for n in a.norma.walk()))
        disps = sum(1 for a in corpus.acts for _ in a.norma.dispositivos())
        print(f"corpus: {len(corpus.acts)} atos, {disps} dispositivos, {amended} atos alterados")
        first, t1 = timed("site, primeira construção", lambda: build_site(corpus, out))
        print(f"  {first.pages} páginas, {first.written} arquivos gravados")
        same = generated_corpus(args.acts, args.articles)  # a fresh load, as a new run would do
        again, t2 = timed("site, nova construção sem mudanças", lambda: build_site(same, out))
        print(f"  {again.written} arquivos gravados, {again.skipped} sem mudança")
        changed = generated_corpus(args.acts, args.articles)
        changed.acts[0].norma.ementa = "Ementa alterada."
        one, t3 = timed("site, nova construção com um ato alterado",
                        lambda: build_site(changed, out))
        print(f"  {one.written} arquivos gravados, {one.skipped} sem mudança")
        print(f"alvos: primeira < 60 s ({'ok' if t1 < 60 else 'ACIMA'}), "
              f"sem mudanças < 5 s ({'ok' if t2 < 5 else 'ACIMA'})")
    finally:
        if not args.out:
            shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
