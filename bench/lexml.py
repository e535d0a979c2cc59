"""Benchmark of the LexML reader and writer (and the txt/md writers) on the CF/88 samples.

Run from the repository root::

    python bench/lexml.py [--repeat 5] [FILE.xml ...]

For each LexML file (default: every file in ``anchors/lexml/examples/cf1988/`` of the shared
folder, ``$LEXCONSOLIDA_SHARED`` or ``../shared``) prints the best wall time of ``--repeat``
runs of: LexML bytes → Norma (safe parse included), Norma → LexML bytes, Norma → txt, Norma →
md, and XSD validation of the written bytes, with the number of dispositivos and sizes.
Figures only; tests judge correctness. Target for reading CON1988 (~580 KB): < 0.3 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from measure import Verdicts, peak_rss_mb, repeat  # noqa: E402

from lexconsolida.readers.lexml import read  # noqa: E402
from lexconsolida.writers import get_writer  # noqa: E402
from lexconsolida.lexml.schemas import validation_errors  # noqa: E402

SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
CF88_DIR = SHARED / "anchors" / "lexml" / "examples" / "cf1988"


TARGET_READ_S = 0.3
"""Reading the CF/88 (about 580 KB of LexML) in process."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    files = args.files or sorted(CF88_DIR.glob("*.xml"))
    if not files:
        print(f"nenhum arquivo LexML em {CF88_DIR}", file=sys.stderr)
        return 2
    from lexconsolida.lexml.schemas import schema

    schema("lexml-rigido"), schema("lexml-flexivel")  # compile the XSDs outside the timings
    print("Medianas de tempo de parede (ms) de cada etapa; validação numa execução só.")
    print(f"{'arquivo':32} {'KB':>6} {'disp.':>6} {'ler':>8} {'xml':>8} {'validar':>8} {'txt':>8} {'md':>8}")
    verdicts = Verdicts("LexML (leitura da CF/88)")
    for path in files:
        data = path.read_bytes()
        t_read, result = repeat(lambda: read(data, path=str(path)), args.repeat)
        norma = result.norma
        t_xml, xml = repeat(lambda: get_writer("xml")(norma), args.repeat)
        profile = "lexml-rigido" if b'perfil="lexml-rigido"' in xml else "lexml-flexivel"
        t0 = time.perf_counter()
        errors = validation_errors(xml, profile)
        t_val = time.perf_counter() - t0
        t_txt, _ = repeat(lambda: get_writer("txt")(norma), args.repeat)
        t_md, _ = repeat(lambda: get_writer("md")(norma), args.repeat)
        n = sum(1 for _ in norma.dispositivos())
        ms = lambda s: f"{s * 1000:6.1f}ms"  # noqa: E731
        print(f"{path.name[:32]:32} {len(data) // 1024:6d} {n:6d} {ms(t_read.wall.median)} "
              f"{ms(t_xml.wall.median)} {ms(t_val)} {ms(t_txt.wall.median)} {ms(t_md.wall.median)}"
              + ("" if not errors else f"  INVÁLIDO ({len(errors)})"))
        verdicts.check(f"ler {path.name}", t_read.wall.median, TARGET_READ_S)
    print(f"RSS máximo do processo: {peak_rss_mb():.0f} MB")
    return verdicts.done()


if __name__ == "__main__":
    sys.exit(main())
