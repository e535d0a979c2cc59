"""Benchmark of ``parse``: text → LexML bytes, in process and as a whole CLI process.

Run from the repository root::

    python bench/parse.py [--repeat 7] [--no-process] [FILE ...]

Inputs: the CF/88 as plain text (the LexML samples of the Constitution, 1988 and the 2015
compilation, read with the LexML reader and written with the plain-text writer) and each seed
(real OCR of scanned PDFs); or the FILEs given. The shared folder is ``$LEXCONSOLIDA_SHARED`` or
``../shared`` beside the repository.

Figures (see ``bench/measure.py``: medians and spread of ≥ 5 runs, CPU time beside wall time,
resident memory of the process):
- in process: text reader + LexML writer, characters per second from the CPU-time median;
- process: ``python -m lexconsolida parse FILE -o OUT.xml``, wall-time median and peak RSS;
- time per rule of the reader's pipeline on each input.
Targets (issue 16): CF/88 ≥ 5,000,000 characters/s in process; the OCR seed 004 ≥ 2,000,000;
the whole ``parse`` process on the CF/88 under 0.35 s and under 100 MB resident.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from measure import SHARED, Timing, Verdicts, peak_rss_mb, process, repeat  # noqa: E402

from lexconsolida.readers import get_reader  # noqa: E402
from lexconsolida.readers.text.decode import decode_text  # noqa: E402
from lexconsolida.writers import get_writer  # noqa: E402

CF88_DIR = SHARED / "anchors" / "lexml" / "examples" / "cf1988"
CF88_XMLS = [("CF/88 1988 (texto)", CF88_DIR / "CON1988--19881005.LexML.xml"),
             ("CF/88 2015 (texto)", CF88_DIR / "CON1988--20150303.LexML.xml")]
TARGET_CF88 = 5_000_000
TARGET_OCR = 2_000_000
TARGET_PROCESS_S = 0.35
TARGET_RSS_MB = 100


@dataclass(slots=True)
class Row:
    name: str
    path: Path
    data: bytes
    chars: int
    timing: Timing | None = None
    process_wall: float | None = None
    process_rss: float | None = None
    error: str | None = None

    @property
    def rate(self) -> float | None:
        return self.chars / self.timing.cpu.median if self.timing else None


def cf88_text(xml: Path) -> bytes:
    """The CF/88 as plain text in the official layout: LexML reader, then the text writer."""
    norma = get_reader("lexml")(xml.read_bytes(), path=str(xml)).norma
    return get_writer("txt")(norma)


def parse_in_process(data: bytes, path: str) -> bytes:
    """What ``lexconsolida parse`` does, without the process: text reader + LexML writer."""
    return get_writer("xml")(get_reader("text")(data, path=path).norma)


def rule_times(data: bytes, path: str) -> list[tuple[str, float]]:
    """Seconds per rule of the reader's pipeline (one run)."""
    from lexconsolida.readers.text import PIPELINE
    from lexconsolida.readers.text.state import TextState

    state = TextState(path, data)
    times = []
    for entry in PIPELINE:
        name, rule = entry if isinstance(entry, tuple) else (entry.__name__, entry)
        start = time.perf_counter()
        rule(state)
        times.append((name, time.perf_counter() - start))
    return times


def inputs(args, folder: Path) -> list[Row]:
    found: list[tuple[str, Path, bytes]] = []
    if args.files:
        found = [(f.name, f, f.read_bytes()) for f in args.files]
    else:
        for name, xml in CF88_XMLS:
            text = cf88_text(xml)
            path = folder / f"{xml.stem}.txt"
            path.write_bytes(text)
            found.append((name, path, text))
        found += [(seed.name[:20], seed, seed.read_bytes())
                  for seed in sorted((SHARED / "seeds").glob("*.txt"))]
    return [Row(name, path, data, len(decode_text(data)[0])) for name, path, data in found]


def measure(row: Row, args, folder: Path) -> None:
    try:
        row.timing, _ = repeat(lambda: parse_in_process(row.data, str(row.path)), args.repeat)
        if not args.no_process:
            runs = process(["parse", row.path, "-o", folder / "saida.xml"], args.repeat)
            row.process_wall, row.process_rss = runs.wall.median, runs.rss_mb
    except Exception as err:  # a benchmark reports failures, it does not stop at the first
        row.error = f"{type(err).__name__}: {err}"


def _n(value: float | None, fmt: str) -> str:
    return "—" if value is None else format(value, fmt).replace(",", ".")


def print_table(rows: list[Row]) -> None:
    head = ("entrada", "caracteres", "em processo", "(de–a)", "caract./s (CPU)",
            "processo (s)", "RSS MB")
    body = [(r.name, _n(r.chars, ","),
             _n(r.timing and r.timing.wall.median, ".4f"),
             "—" if not r.timing else f"{r.timing.wall.low:.4f}–{r.timing.wall.high:.4f}",
             _n(r.rate, ",.0f"), _n(r.process_wall, ".3f"), _n(r.process_rss, ".1f"))
            for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    line = "  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths)))
    print(line)
    print("-" * len(line))
    for b in body:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(b, widths))))
    for r in rows:
        if r.error:
            print(f"ERRO em {r.name}: {r.error}")


def print_rules(rows: list[Row]) -> None:
    per_input = [(r.name, rule_times(r.data, str(r.path))) for r in rows]
    print("\nTempo por regra do leitor (ms, uma execução):")
    names = [rule for rule, _ in per_input[0][1]]
    width = max(len(n) for n in names + ["regra"])
    print("regra".ljust(width) + "".join(f"{name[:16]:>18}" for name, _ in per_input))
    for i, rule in enumerate(names):
        print(rule.ljust(width) + "".join(f"{times[i][1] * 1000:>18.2f}" for _, times in per_input))


def verdicts(rows: list[Row]) -> Verdicts:
    v = Verdicts("parse (texto → LexML)")
    for r in rows:
        if r.error or r.rate is None:
            v.rows.append((r.name, "erro", "—", False))
            continue
        if r.name.startswith("CF/88"):
            v.check(f"{r.name}, em processo", r.rate, TARGET_CF88, "caract./s", at_least=True, digits=0)
            if r.process_wall is not None:
                v.check(f"{r.name}, processo inteiro", r.process_wall, TARGET_PROCESS_S)
                v.check(f"{r.name}, RSS do processo", r.process_rss, TARGET_RSS_MB, "MB", digits=1)
        elif r.name.startswith("004"):
            v.check(f"{r.name} (OCR), em processo", r.rate, TARGET_OCR, "caract./s", at_least=True, digits=0)
    return v


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Vazão de 'parse' (texto → LexML).")
    parser.add_argument("files", nargs="*", type=Path, help="arquivos de texto (padrão: CF/88 e sementes)")
    parser.add_argument("--repeat", type=int, default=7, help="execuções de cada medida (mínimo 5)")
    parser.add_argument("--no-process", action="store_true", help="não medir o processo da CLI")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="lexconsolida-bench-") as tmp:
        rows = inputs(args, Path(tmp))
        for row in rows:
            measure(row, args, Path(tmp))
        print_table(rows)
        print_rules(rows)
    print(f"\nRSS máximo deste processo de medida: {peak_rss_mb():.0f} MB")
    return verdicts(rows).done()


if __name__ == "__main__":
    sys.exit(main())
