"""Benchmark: ``lexconsolida build`` of the demo acervo (``statutes/``) with nothing changed.

One first build into a temporary folder (timed, one run), then ≥ 5 reruns as new processes
(median and spread, CPU time, peak RSS; see ``bench/measure.py``). After the reruns every file
of the output tree must have the inode and modification time it had after the first build: a
no-op rebuild rewrites nothing (the site, LexML, reports, DOCX, dossier, consolidations and the
manifests).

Targets (issue 16): rebuild with nothing changed < 1 s; files rewritten = 0.

    python bench/build.py [--runs 5] [--acervo statutes]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from measure import Verdicts, process, process_once  # noqa: E402

TARGET_NOOP_S = 1.0


def stamps(root: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(root).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in root.rglob("*") if p.is_file()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--acervo", default=str(ROOT / "statutes"))
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp(prefix="bench-build-"))
    verdicts = Verdicts("build sem mudanças")
    try:
        # A build exits 1 when the acervo has problems for a human; it still writes everything.
        argv = ["build", "--acervo", args.acervo, "-o", out]
        first = process_once(argv, expect=(0, 1))
        before = stamps(out)
        print(f"primeira construção: {first.wall.median:.2f} s; CPU {first.cpu.median:.2f} s; "
              f"RSS {first.rss_mb:.0f} MB; {len(before)} arquivos")
        again = process(argv, runs=args.runs, expect=(0, 1))
        after = stamps(out)
        rewritten = sorted(p for p in after if after[p] != before.get(p))
        gone = sorted(set(before) - set(after))
        print(f"sem mudanças: {again.wall.fmt()}; CPU {again.cpu.median:.3f} s; "
              f"RSS {again.rss_mb:.0f} MB")
        for p in (rewritten + gone)[:10]:
            print(f"  regravado ou removido: {p}")
        verdicts.check("build sem mudanças (mediana)", again.wall.median, TARGET_NOOP_S, digits=2)
        verdicts.check("arquivos regravados", len(rewritten) + len(gone), 1, "", digits=0)
        verdicts.check("build sem mudanças (CPU, mediana)", again.cpu.median, TARGET_NOOP_S,
                       digits=2)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return verdicts.done()


if __name__ == "__main__":
    raise SystemExit(main())
