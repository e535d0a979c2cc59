"""What every benchmark of ``bench/`` measures and prints, in one place.

- **Repeated runs**: each figure is the median of at least five runs, printed with its spread
  (lowest–highest), wall time and CPU time side by side (CPU time shows the cost when the
  machine is busy with something else). Never the best of N: a shared machine flatters it.
- **Resident memory of the process**, as the operating system counts it (peak RSS from
  ``getrusage``), not Python allocations (tracemalloc misses lxml, C extensions and the
  interpreter itself).
- **Whole processes** are timed as a user runs them (``python -m lexconsolida …``), each run a
  new process, after the package's bytecode is compiled (as after an install).
- **Verdicts**: every target is printed beside its figure with OK or FALHOU; :meth:`Verdicts.done`
  gives the exit status (1 when a target failed), so ``make bench`` reports failures.
"""

from __future__ import annotations

import compileall
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
MIN_RUNS = 5


@dataclass(frozen=True, slots=True)
class Stats:
    """Median and spread of repeated measurements (seconds, or any unit)."""

    values: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def low(self) -> float:
        return min(self.values)

    @property
    def high(self) -> float:
        return max(self.values)

    def fmt(self, digits: int = 3, unit: str = "s") -> str:
        return (f"{self.median:.{digits}f} {unit} (de {self.low:.{digits}f} a "
                f"{self.high:.{digits}f}, {len(self.values)} execuções)")


@dataclass(frozen=True, slots=True)
class Timing:
    wall: Stats
    cpu: Stats

    def fmt(self, digits: int = 3) -> str:
        return f"{self.wall.fmt(digits)}; CPU {self.cpu.median:.{digits}f} s"


def repeat(fn: Callable[[], object], runs: int = MIN_RUNS, warmup: int = 1) -> tuple[Timing, object]:
    """Timing of ``runs`` calls of ``fn`` after ``warmup`` calls; the last result."""
    runs = max(runs, MIN_RUNS)
    result = None
    for _ in range(warmup):
        result = fn()
    walls, cpus = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        cpus.append(time.process_time() - c)
        walls.append(time.perf_counter() - w)
    return Timing(Stats(tuple(walls)), Stats(tuple(cpus))), result


def once(fn: Callable[[], object]) -> tuple[float, float, object]:
    """(wall, CPU, result) of a single call, for steps that cannot be repeated (first build)."""
    w, c = time.perf_counter(), time.process_time()
    result = fn()
    return time.perf_counter() - w, time.process_time() - c, result


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (2**20 if sys.platform == "darwin" else 2**10)


_PRIMED = False


def compile_package() -> None:
    """Bytecode for the package and its compiled-pattern cache (``lexconsolida.patterns``), as an
    install and a first run leave them: process timings then measure runs, not compilation."""
    global _PRIMED
    compileall.compile_dir(str(ROOT / "lexconsolida"), quiet=1)
    if _PRIMED:
        return
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the cache is written when bytecode would be
    sample = ROOT / "statutes" / "xx-municipio-de-exemplo" / "lei-100-2020" / "texto.txt"
    subprocess.run([sys.executable, "-m", "lexconsolida", "parse", str(sample), "-o", os.devnull],
                   cwd=ROOT, env=env, capture_output=True, check=False)
    _PRIMED = True


@dataclass(slots=True)
class ProcessRuns:
    wall: Stats
    cpu: Stats
    rss_mb: float
    """The largest peak RSS over the runs."""


def process(argv: Sequence[str], runs: int = MIN_RUNS, cwd: Path | None = None,
            expect: Sequence[int] = (0,), before: Callable[[int], None] | None = None,
            warmup: int = 1) -> ProcessRuns:
    """``python -m lexconsolida ARGV`` run ``runs`` times as a new process each time (plus
    ``warmup`` runs), with wall time, CPU time (user + system of the child) and peak RSS.

    ``before(i)``, when given, runs (untimed) before run ``i`` (warm-up runs included), e.g.
    to change an input between runs."""
    compile_package()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "lexconsolida", *map(str, argv)]
    walls, cpus, rss = [], [], 0.0
    for i in range(max(runs, MIN_RUNS) + warmup):
        if before is not None:
            before(i)
        start = time.perf_counter()
        child = subprocess.Popen(cmd, cwd=cwd or ROOT, env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        # Read stderr to its end first: a child that writes more than a pipe holds would
        # otherwise wait for us while we wait for it.
        err = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
        if child.stderr:
            child.stderr.close()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code not in expect:
            raise RuntimeError(f"{' '.join(cmd[2:])}: saída {code}: {err.strip()[:300]}")
        if i < warmup:
            continue  # warm-up: file-system caches, bytecode
        walls.append(wall)
        cpus.append(usage.ru_utime + usage.ru_stime)
        rss = max(rss, usage.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10))
    return ProcessRuns(Stats(tuple(walls)), Stats(tuple(cpus)), rss)


def process_once(argv: Sequence[str], cwd: Path | None = None,
                 expect: Sequence[int] = (0,)) -> ProcessRuns:
    """One run of ``python -m lexconsolida ARGV`` (for a step that cannot be repeated cheaply,
    such as a first build): its wall time, CPU time and peak RSS, printed as one run."""
    compile_package()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "lexconsolida", *map(str, argv)]
    start = time.perf_counter()
    child = subprocess.Popen(cmd, cwd=cwd or ROOT, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    err = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in expect:
        raise RuntimeError(f"{' '.join(cmd[2:])}: saída {code}: {err.strip()[:300]}")
    rss = usage.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    return ProcessRuns(Stats((wall,)), Stats((usage.ru_utime + usage.ru_stime,)), rss)


@dataclass(slots=True)
class Verdicts:
    """Targets and whether they were met; printed as 'OK' or 'FALHOU'."""

    title: str
    rows: list[tuple[str, str, str, bool]] = field(default_factory=list)

    def check(self, label: str, value: float, target: float, unit: str = "s", *,
              at_least: bool = False, at_most: bool = False, digits: int = 3) -> bool:
        """``value`` < ``target`` (``at_least``: ≥; ``at_most``: ≤)."""
        ok = value >= target if at_least else value <= target if at_most else value < target
        sign = "≥" if at_least else "≤" if at_most else "<"
        self.rows.append((label, f"{value:,.{digits}f} {unit}".replace(",", "."),
                          f"{sign} {target:,.{digits}f} {unit}".replace(",", "."), ok))
        return ok

    def done(self) -> int:
        """Print the verdicts; 0 when every target was met, else 1."""
        print(f"\nMetas — {self.title}:")
        width = max((len(r[0]) for r in self.rows), default=0)
        for label, value, target, ok in self.rows:
            print(f"  {label.ljust(width)}  {value:>16}  meta {target:<16} {'OK' if ok else 'FALHOU'}")
        return 0 if all(r[3] for r in self.rows) else 1
