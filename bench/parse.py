"""Benchmark of ``parse``: text → LexML bytes, in-process and as a whole CLI process.

Run from the repository root::

    python bench/parse.py [--repeat 5] [--no-process] [FILE ...]

Inputs: the CF/88 as plain text (the LexML sample of the Constitution read with the LexML
reader and written with the plain-text writer, ~340,000 characters) and each seed; or the
FILEs given. The shared folder is ``$LEXCONSOLIDA_SHARED`` or ``../shared`` beside the
repository (as in ``tests/conftest.py``).

Figures printed (no assertion; a benchmark reports, tests judge):
- in-process: best wall time of ``--repeat`` runs of text reader + LexML writer, characters
  per second, and the peak of Python allocations (tracemalloc, in a separate run);
- process: wall time of ``python -m lexconsolida parse FILE -o OUT.xml`` and its maximum
  resident set size (``os.wait4`` rusage of that child);
- time per rule of the reader's pipeline on each input, to show where the time goes.
Targets: ≥ 2,000,000 characters/s in-process and < 200 MB of memory.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lexconsolida.readers.text.decode import decode_text  # noqa: E402

SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
CF88_DIR = SHARED / "anchors" / "lexml" / "examples" / "cf1988"
CF88_XMLS = [("CF/88 1988 (texto)", CF88_DIR / "CON1988--19881005.LexML.xml"),
             ("CF/88 2015 (texto)", CF88_DIR / "CON1988--20150303.LexML.xml")]
TARGET_CHARS_PER_S = 2_000_000
TARGET_MB = 200


@dataclass(slots=True)
class Row:
    name: str
    chars: int
    lines: int
    seconds: float | None = None
    peak_mb: float | None = None
    process_seconds: float | None = None
    rss_mb: float | None = None
    error: str | None = None


def cf88_text(xml: Path) -> bytes:
    """The CF/88 as plain text in the official layout: LexML reader, then the text writer."""
    from lexconsolida.readers import get_reader
    from lexconsolida.writers import get_writer

    norma = get_reader("lexml")(xml.read_bytes(), path=str(xml)).norma
    return get_writer("txt")(norma)


def parse_in_process(data: bytes, path: str) -> bytes:
    """What ``lexconsolida parse`` does, without the process: text reader + LexML writer."""
    from lexconsolida.readers import get_reader
    from lexconsolida.writers import get_writer

    result = get_reader("text")(data, path=path)
    return get_writer("xml")(result.norma)


def time_in_process(data: bytes, path: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        parse_in_process(data, path)
        best = min(best, time.perf_counter() - start)
    return best


def peak_in_process(data: bytes, path: str) -> float:
    tracemalloc.start()
    try:
        parse_in_process(data, path)
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def run_process(path: Path, out: Path) -> tuple[float, float]:
    """(wall seconds, max RSS in MB) of one ``python -m lexconsolida parse`` process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "lexconsolida", "parse", str(path), "-o", str(out)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    err = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
    child.stderr and child.stderr.close()
    if child.returncode != 0:
        raise RuntimeError(f"saída {child.returncode}: {err.strip()[:200]}")
    rss = usage.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    return seconds, rss


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


def measure(name: str, data: bytes, path: Path, args) -> Row:
    text, _ = decode_text(data)
    row = Row(name, len(text), len(text.splitlines()))
    try:
        parse_in_process(data, str(path))  # warm-up: imports, compiled patterns, schemas
        row.seconds = time_in_process(data, str(path), args.repeat)
        row.peak_mb = peak_in_process(data, str(path))
        if not args.no_process:
            with tempfile.TemporaryDirectory() as tmp:
                row.process_seconds, row.rss_mb = run_process(path, Path(tmp) / "out.xml")
    except Exception as err:  # a benchmark reports failures, it does not stop at the first
        row.error = f"{type(err).__name__}: {err}"
    return row


def _rate(chars: int, seconds: float | None) -> str:
    return "—" if not seconds else f"{chars / seconds:,.0f}".replace(",", ".")


def _num(value: float | None, fmt: str) -> str:
    return "—" if value is None else format(value, fmt)


def print_table(rows: list[Row]) -> None:
    head = ("entrada", "caracteres", "linhas", "em processo (s)", "caract./s", "pico MB",
            "processo (s)", "caract./s", "RSS máx. MB")
    body = [
        (r.name, f"{r.chars:,}".replace(",", "."), str(r.lines), _num(r.seconds, ".4f"),
         _rate(r.chars, r.seconds), _num(r.peak_mb, ".1f"), _num(r.process_seconds, ".3f"),
         _rate(r.chars, r.process_seconds), _num(r.rss_mb, ".1f"))
        for r in rows
    ]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    line = "  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths)))
    print(line)
    print("-" * len(line))
    for b in body:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(b, widths))))
    for r in rows:
        if r.error:
            print(f"ERRO em {r.name}: {r.error}")
    print()
    print(f"Metas: ≥ {TARGET_CHARS_PER_S:,} caracteres/s em processo; < {TARGET_MB} MB de memória.".replace(",", "."))
    for r in rows:
        verdicts = []
        if r.seconds:
            ok = r.chars / r.seconds >= TARGET_CHARS_PER_S
            verdicts.append(f"velocidade {'OK' if ok else 'ABAIXO DA META'}")
        for label, mb in (("pico", r.peak_mb), ("RSS", r.rss_mb)):
            if mb is not None:
                verdicts.append(f"{label} {'OK' if mb < TARGET_MB else 'ACIMA DA META'}")
        if verdicts:
            print(f"  {r.name}: " + ", ".join(verdicts))


def print_rules(inputs: list[tuple[str, bytes, Path]]) -> None:
    try:
        per_input = [(name, rule_times(data, str(path))) for name, data, path in inputs]
    except Exception as err:
        print(f"\n(tempo por regra indisponível: {type(err).__name__}: {err})")
        return
    print("\nTempo por regra do leitor (ms):")
    names = [rule for rule, _ in per_input[0][1]]
    width = max(len(n) for n in names + ["regra"])
    print("regra".ljust(width) + "".join(f"{name[:16]:>18}" for name, _ in per_input))
    for i, rule in enumerate(names):
        print(rule.ljust(width) + "".join(f"{times[i][1] * 1000:>18.2f}" for _, times in per_input))


def inputs_from(args) -> list[tuple[str, bytes, Path]]:
    if args.files:
        return [(Path(f).name, Path(f).read_bytes(), Path(f)) for f in args.files]
    out = []
    folder = Path(tempfile.mkdtemp(prefix="lexconsolida-bench-"))
    for name, xml in CF88_XMLS:
        cf = cf88_text(xml)
        tmp = folder / f"{xml.stem}.txt"
        tmp.write_bytes(cf)
        out.append((name, cf, tmp))
    for seed in sorted((SHARED / "seeds").glob("*.txt")):
        out.append((seed.name[:20], seed.read_bytes(), seed))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Vazão de 'parse' (texto → LexML).")
    parser.add_argument("files", nargs="*", type=Path, help="arquivos de texto (padrão: CF/88 e sementes)")
    parser.add_argument("--repeat", type=int, default=5, help="execuções em processo (vale a melhor)")
    parser.add_argument("--no-process", action="store_true", help="não medir o processo da CLI")
    args = parser.parse_args(argv)
    inputs = inputs_from(args)
    rows = [measure(name, data, path, args) for name, data, path in inputs]
    print_table(rows)
    print_rules(inputs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
