"""What every benchmark of ``bench/`` measures and prints, in one place.

- **Repeated runs**: each figure is the median of at least five runs, printed with its spread
  (lowest–highest), wall time and CPU time side by side (CPU time shows the cost when the
  machine is busy with something else). Never the best of N: a shared machine flatters it.
- **Resident memory of the process**, as the operating system counts it (peak RSS from
  ``getrusage``), not Python allocations (tracemalloc misses lxml, C extensions and the
  interpreter itself).
- **Whole processes** are timed as a user runs them (``python -m lexconsolida …``), each run a
  new process, after the package's bytecode is compiled (as after an install). Their CPU time
  is that of the whole process tree (:func:`tree_run`): the worker processes of a pool, the
  forkserver that starts them and a Dask cluster's nannies and workers included — getrusage
  of the child alone misses the pool's workers, which are not its children.
- **Verdicts**: every target is printed beside its figure with OK or FALHOU; :meth:`Verdicts.done`
  gives the exit status (1 when a target failed), so ``make bench`` reports failures.
"""

from __future__ import annotations

import compileall
import ctypes
import os
import threading
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


@dataclass(frozen=True, slots=True)
class TreeRun:
    """One whole process tree: the command and every process it started."""

    wall: float
    cpu: float
    """User + system seconds of every process of the tree (reaped ones through the kernel's
    accounting, the command's forkserver and its workers included)."""
    rss_mb: float
    """Peak resident memory of the largest process of the tree."""
    rss_tree_mb: float
    """Sum of the peak resident memory of every process of the tree (sampled every 0.1 s from
    /proc; an upper bound of what the tree held at once)."""
    returncode: int
    stderr: str
    rss_root_mb: float = 0.0
    """Peak resident memory of the command's own process (a Dask client, with the scheduler of a
    local cluster)."""
    rss_others_mb: float = 0.0
    """The largest peak among the other processes of the tree (a pool's or a cluster's workers)."""


_SUBREAPER = False


def _become_subreaper() -> None:
    """Orphans of the command (a pool's forkserver outlives the command for an instant) are
    re-parented to this process, so that waiting for them adds their CPU time to ours."""
    global _SUBREAPER
    if _SUBREAPER or not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    _SUBREAPER = True


def _children_of(pids: set[int]) -> set[int]:
    out = set()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry.name}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid in pids:
            out.add(int(entry.name))
    return out


def _hwm_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def tree_run(cmd: Sequence[str], cwd: Path | None = None, env: dict | None = None) -> TreeRun:
    """Run ``cmd`` and wait for it and every process it left: wall time, CPU of the whole tree
    (``getrusage(RUSAGE_CHILDREN)`` before and after, this process being the subreaper of the
    tree), peak RSS of the largest process and the sum of the peaks of all of them."""
    _become_subreaper()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    peaks: dict[int, float] = {}
    done = threading.Event()
    start = time.perf_counter()
    child = subprocess.Popen(list(map(str, cmd)), cwd=cwd or ROOT, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)

    def sample() -> None:
        while not done.wait(0.1):
            tree = {child.pid}
            frontier = {child.pid}
            while frontier:
                frontier = _children_of(frontier) - tree
                tree |= frontier
            for pid in tree:
                peaks[pid] = max(peaks.get(pid, 0.0), _hwm_mb(pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    # Read stderr to its end first: a child that writes more than a pipe holds would
    # otherwise wait for us while we wait for it.
    err = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
    if child.stderr:
        child.stderr.close()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    # peak RSS of this run's processes only: each one's own rusage as it is reaped (the
    # RUSAGE_CHILDREN maximum is the largest child of the whole bench, an earlier run's too)
    maxrss = [usage.ru_maxrss]
    root_rss = usage.ru_maxrss
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the orphans the command left (a forkserver …)
        try:
            pid, _, orphan = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            time.sleep(0.02)
        else:
            maxrss.append(orphan.ru_maxrss)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    unit = 2**20 if sys.platform == "darwin" else 2**10
    rss = max(max(maxrss) / unit, max(peaks.values(), default=0.0))
    others = max([*(v for pid, v in peaks.items() if pid != child.pid), *(m / unit for m in maxrss[1:])],
                 default=0.0)
    return TreeRun(wall, cpu, rss, sum(peaks.values()), os.waitstatus_to_exitcode(status), err,
                   max(root_rss / unit, peaks.get(child.pid, 0.0)), others)


def lexconsolida_cmd(argv: Sequence[str], checkout: Path | None = None) -> tuple[list[str], dict]:
    """The command line and environment of ``python -m lexconsolida ARGV`` from this checkout
    (or from ``checkout``, another one: an older commit measured beside this one)."""
    env = {**os.environ, "PYTHONPATH": str(checkout or ROOT)}
    return [sys.executable, "-m", "lexconsolida", *map(str, argv)], env


def compile_checkout(checkout: Path) -> None:
    """Bytecode for another checkout's package (see :func:`compile_package`), and one run there
    that fills its compiled-pattern cache. Its output goes to a file of its own, never to
    ``os.devnull``: an older checkout may write atomically by renaming over the target — over
    the device itself, as root."""
    import tempfile  # noqa: PLC0415 - only here

    compileall.compile_dir(str(checkout / "lexconsolida"), quiet=1)
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    sample = ROOT / "statutes" / "xx-municipio-de-exemplo" / "lei-100-2020" / "texto.txt"
    with tempfile.TemporaryDirectory(prefix="lexconsolida-bench-") as tmp:
        subprocess.run([sys.executable, "-m", "lexconsolida", "parse", str(sample), "-o", str(Path(tmp) / "x.xml")],
                       cwd=checkout, env=env, capture_output=True, check=False)


def process(argv: Sequence[str], runs: int = MIN_RUNS, cwd: Path | None = None,
            expect: Sequence[int] = (0,), before: Callable[[int], None] | None = None,
            warmup: int = 1) -> ProcessRuns:
    """``python -m lexconsolida ARGV`` run ``runs`` times as a new process each time (plus
    ``warmup`` runs), with wall time, CPU time (user + system of the whole process tree, see
    :func:`tree_run`) and peak RSS.

    ``before(i)``, when given, runs (untimed) before run ``i`` (warm-up runs included), e.g.
    to change an input between runs."""
    compile_package()
    cmd, env = lexconsolida_cmd(argv)
    walls, cpus, rss = [], [], 0.0
    for i in range(max(runs, MIN_RUNS) + warmup):
        if before is not None:
            before(i)
        run = tree_run(cmd, cwd, env)
        if run.returncode not in expect:
            raise RuntimeError(f"{' '.join(cmd[2:])}: saída {run.returncode}: {run.stderr.strip()[:300]}")
        if i < warmup:
            continue  # warm-up: file-system caches, bytecode
        walls.append(run.wall)
        cpus.append(run.cpu)
        rss = max(rss, run.rss_mb)
    return ProcessRuns(Stats(tuple(walls)), Stats(tuple(cpus)), rss)


def process_once(argv: Sequence[str], cwd: Path | None = None,
                 expect: Sequence[int] = (0,)) -> ProcessRuns:
    """One run of ``python -m lexconsolida ARGV`` (for a step that cannot be repeated cheaply,
    such as a first build): its wall time, CPU time (whole tree) and peak RSS, printed as one run."""
    compile_package()
    cmd, env = lexconsolida_cmd(argv)
    run = tree_run(cmd, cwd, env)
    if run.returncode not in expect:
        raise RuntimeError(f"{' '.join(cmd[2:])}: saída {run.returncode}: {run.stderr.strip()[:300]}")
    return ProcessRuns(Stats((run.wall,)), Stats((run.cpu,)), run.rss_mb)


def load() -> str:
    """'carga 10,8 / 11,9 / 11,6 em 2 núcleos' (load average of 1, 5 and 15 minutes)."""
    one, five, fifteen = os.getloadavg()
    return (f"carga {one:.1f} / {five:.1f} / {fifteen:.1f} em {os.cpu_count()} núcleos"
            .replace(".", ","))


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
