"""Where the per-act work of an acervo runs: in this process, on a pool of processes, or on a
Dask cluster of one machine or many.

The work (read, check, recognise, compile, render) is made of pure functions of their
arguments, so it gives the same bytes wherever it runs. A :class:`Runner` runs maps of them:

- :class:`Serial` — in this process (``--executor processos:1``);
- :class:`Pool` — on a :class:`concurrent.futures.Executor` (the commands' default: a
  :class:`~concurrent.futures.ProcessPoolExecutor` of 2 processes, both cores of a small
  machine; any other executor works too);
- :class:`DaskRunner` — on a Dask cluster (``--executor dask://HOST:PORT``, or a
  ``dask.distributed.Client`` in Python; see ``docs/escala.md``).

What every task needs and is the same for all of them (the acervo's index of citable acts, its
municipalities) is **shared**: :meth:`Runner.share` sends it once per worker — scattered to
every Dask worker (``broadcast``), or written once to a file that each pool process reads the
first time it meets its digest — and each task carries only its own act. Tasks are sent in
batches (one task per batch) with explicit, unique keys (never hashed by Dask: the arguments
of a batch are not tokenized), and results come back in order.

In Python, ``build(acervo, executor=…)`` takes a runner, any ``Executor``, a Dask ``Client``
or its ``get_executor()``::

    from dask.distributed import Client
    with Client("tcp://10.0.0.1:8786") as client:
        result = build(acervo, out, executor=client)
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import re
import shutil
import signal
import tempfile
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing import forkserver, resource_tracker
from pathlib import Path
from typing import Any

from lexconsolida.errors import UsageError
from lexconsolida.manifest import code_key

DEFAULT_WORKERS = 2
BATCH = 64
ENV_EXECUTOR = "LEXCONSOLIDA_EXECUTOR"
"""The executor when the command line names none ('processos:4', 'dask://host:8786')."""
ENV_WORKERS = "LEXCONSOLIDA_PROCESSOS"


@dataclass(frozen=True, slots=True)
class Shared:
    """A value every task of a pool's map needs: tasks carry this handle, and each process
    reads the value from ``path`` the first time it meets ``digest`` (Dask passes the scattered
    value itself; serial runs and threads the value)."""

    digest: str
    path: str


_WORKER_SHARED: OrderedDict[str, Any] = OrderedDict()
"""Shared values read by this worker process, by digest (the last few)."""
_WORKER_KEEP = 4
SHARED_READS = 0
"""How many shared values this process has read from their files (tests: once per worker)."""


def resolve(handle: Any) -> Any:
    """The shared value of ``handle`` in a worker (the value itself when it is none)."""
    if not isinstance(handle, Shared):
        return handle
    global SHARED_READS
    hit = _WORKER_SHARED.get(handle.digest)
    if hit is None:
        SHARED_READS += 1
        hit = pickle.loads(Path(handle.path).read_bytes())
        _WORKER_SHARED[handle.digest] = hit
        while len(_WORKER_SHARED) > _WORKER_KEEP:
            _WORKER_SHARED.popitem(last=False)
    else:
        _WORKER_SHARED.move_to_end(handle.digest)
    return hit


def _batch(fn: Callable, shared: Any, items: list[tuple]) -> list:
    if shared is None:
        return [fn(*args) for args in items]
    value = resolve(shared)
    return [fn(value, *args) for args in items]


class Runner:
    """Runs maps of pure functions (see the module's docstring)."""

    workers = 1
    description = "neste processo"

    def share(self, value: Any) -> Any:
        """A handle to ``value`` that tasks of :meth:`map` receive as their first argument."""
        return value

    def map(self, fn: Callable, items: Sequence[tuple], shared: Any = None,
            batch: int = BATCH, name: str = "tarefa") -> list:
        """``[fn(*args) for args in items]`` — or ``fn(shared_value, *args)`` when a handle
        from :meth:`share` is given (None: no shared value) — in order."""
        raise NotImplementedError

    def close(self) -> None:
        """Release what this runner started (processes, a local cluster, shared files)."""

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Serial(Runner):
    def map(self, fn, items, shared=None, batch=BATCH, name="tarefa") -> list:
        return _batch(fn, shared, list(items))


class Pool(Runner):
    """A :class:`concurrent.futures.Executor`: batches of ``BATCH`` items; shared values
    through a file each process reads once (threads share memory and take the value)."""

    def __init__(self, executor: Executor, workers: int | None = None, owned: bool = False) -> None:
        self.executor = executor
        self.owned = owned
        self.workers: int = workers or getattr(executor, "_max_workers", None) or DEFAULT_WORKERS
        self.threads = isinstance(executor, ThreadPoolExecutor)
        self.description = (f"{self.workers} {'threads' if self.threads else 'processos'}"
                            if isinstance(executor, (ProcessPoolExecutor, ThreadPoolExecutor))
                            else type(executor).__name__)
        self._folder: Path | None = None
        self._files: dict[str, Shared] = {}

    def share(self, value: Any) -> Any:
        if self.threads:
            return value
        data = pickle.dumps(value, protocol=5)
        digest = hashlib.sha256(data).hexdigest()
        handle = self._files.get(digest)
        if handle is None:
            if self._folder is None:
                self._folder = Path(tempfile.mkdtemp(prefix="lexconsolida-compartilhado-"))
            path = self._folder / f"{digest}.pickle"
            path.write_bytes(data)
            handle = self._files[digest] = Shared(digest, str(path))
        return handle

    def map(self, fn, items, shared=None, batch=BATCH, name="tarefa") -> list:
        items = list(items)
        if len(items) <= 1:
            return _batch(fn, shared, items)
        futures = [self.executor.submit(_batch, fn, shared, items[i:i + batch])
                   for i in range(0, len(items), batch)]
        out: list = []
        for f in futures:
            out.extend(f.result())
        return out

    def close(self) -> None:
        if self.owned:  # after a Ctrl-C or a failure, the batches not started are dropped
            self.executor.shutdown(cancel_futures=True)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
            self._files.clear()


class DaskRunner(Runner):
    """A Dask ``Client``: shared values scattered to every worker once; one task per batch,
    with a unique key (``pure=False``: Dask never hashes a batch's arguments)."""

    def __init__(self, client: Any, cluster: Any = None, owned: bool = False) -> None:
        self.client = client
        self.cluster = cluster
        self.owned = owned
        try:
            n = len(client.scheduler_info().get("workers", {}))
        except Exception:  # noqa: BLE001 — a count for the message only
            n = 0
        self.workers = max(1, n)
        self.description = f"Dask em {client.scheduler.address} ({n} workers)"
        self._scattered: dict[str, Any] = {}
        self._check_code()

    def _check_code(self) -> None:
        """Every worker must run this very program: its bytes are part of every key and of
        every output (a worker with another version would write other bytes)."""
        mine = code_key()
        try:
            theirs = self.client.run(code_key)
        except Exception as err:  # noqa: BLE001 — anything a worker raises: it cannot run the work
            raise UsageError(f"os workers do cluster Dask não conseguem rodar o lexconsolida: {err}") from None
        other = sorted(w for w, k in theirs.items() if k != mine)
        if other:
            raise UsageError(f"{len(other)} worker(s) do cluster Dask com outra versão do lexconsolida "
                             f"(ex.: {other[0]}): instale nos workers a mesma versão deste computador")

    def share(self, value: Any) -> Any:
        data = pickle.dumps(value, protocol=5)
        digest = hashlib.sha256(data).hexdigest()
        future = self._scattered.get(digest)
        if future is None:
            # In a list: Dask scatters a dict (or any collection) item by item.
            (future,) = self.client.scatter([value], broadcast=True, hash=False)
            self._scattered[digest] = future
        return future

    def map(self, fn, items, shared=None, batch=BATCH, name="tarefa") -> list:
        items = list(items)
        if not items:
            return []
        run = uuid.uuid4().hex[:12]
        futures = [self.client.submit(_batch, fn, shared, items[i:i + batch], pure=False,
                                      key=f"lexconsolida-{name}-{run}-{i // batch}")
                   for i in range(0, len(items), batch)]
        out: list = []
        for f in futures:  # in order, each released once read: results do not pile up
            out.extend(f.result())
            f.release()
        return out

    def close(self) -> None:
        for future in self._scattered.values():
            future.release()
        self._scattered.clear()
        if self.owned:
            self.client.close()
            if self.cluster is not None:
                self.cluster.close()


def as_runner(executor: Any) -> Runner:
    """A runner for what a caller passes as ``executor`` (not owned: the caller closes it):
    None (this process), a runner, a ``concurrent.futures.Executor``, a Dask ``Client`` or
    the ``ClientExecutor`` of ``client.get_executor()``."""
    if executor is None:
        return Serial()
    if isinstance(executor, Runner):
        return executor
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if client is not None and type(executor).__name__ == "ClientExecutor":
        return DaskRunner(client)
    if type(executor).__name__ == "Client" and hasattr(executor, "scatter"):
        return DaskRunner(executor)
    if isinstance(executor, Executor):
        return Pool(executor)
    raise TypeError(f"executor não suportado: {type(executor).__name__}")


def run_map(fn: Callable, items: Sequence[tuple], executor: Any = None,
            batch: int = BATCH) -> list:
    """``[fn(*args) for args in items]``, on ``executor`` when given (in batches)."""
    return as_runner(executor).map(fn, items, batch=batch)


SPEC_HELP = ("onde o trabalho roda: 'processos' (padrão, 2 processos nesta máquina), "
             "'processos:N', 'dask://HOST:PORTA' (o agendador de um cluster Dask; veja "
             "docs/escala.md) ou 'dask-local:N' (um cluster Dask de N processos nesta máquina)")


def runner_from_spec(spec: str | None = None, workers: int | None = None) -> Runner:
    """The runner a command line names (owned: close it). ``spec``: 'processos',
    'processos:N', 'dask://HOST:PORT', 'dask-local' or 'dask-local:N'; default
    ``$LEXCONSOLIDA_EXECUTOR``, else a pool of ``workers`` processes (default 2, or
    ``$LEXCONSOLIDA_PROCESSOS``)."""
    spec = (spec or os.environ.get(ENV_EXECUTOR) or "processos").strip()
    kind, _, arg = spec.partition(":")
    if spec.startswith("dask://") or spec.startswith("tcp://"):
        address = "tcp://" + _scheduler_address(spec)
        Client, _ = _dask(spec)
        try:
            client = Client(address, timeout="30s")
        except (OSError, ValueError) as err:
            raise UsageError(f"não foi possível conectar ao agendador Dask em {address}: {err}") from None
        return DaskRunner(client, owned=True)
    n = _count(arg, spec) if arg else workers
    if kind == "processos":
        n = n if n is not None else int(os.environ.get(ENV_WORKERS, DEFAULT_WORKERS))
        if n <= 1:
            return Serial()
        return Pool(process_pool(n), n, owned=True)
    if kind == "dask-local":
        Client, LocalCluster = _dask(spec)
        cluster = LocalCluster(n_workers=n or DEFAULT_WORKERS, threads_per_worker=1, processes=True,
                               dashboard_address=None,
                               scheduler_kwargs={"dashboard_address": ":0"})
        return DaskRunner(Client(cluster), cluster, owned=True)
    raise UsageError(f"executor desconhecido: {spec!r} ({SPEC_HELP})")


_HOST = re.compile(r"\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")


def _scheduler_address(spec: str) -> str:
    """'HOST:PORT' of 'dask://HOST:PORT' (an IPv6 host in brackets), or a usage error: an
    address mistyped on the command line is the user's, never a program's defect."""
    rest = spec.split("://", 1)[1]
    host, sep, number = rest.rpartition(":")
    if not sep or not _HOST.fullmatch(host) or not number.isdigit() or not 0 < int(number) <= 65535:
        raise UsageError(f"endereço do agendador Dask inválido: {spec!r} (use dask://HOST:PORTA, por exemplo "
                         "dask://10.0.0.1:8786; um endereço IPv6 entre colchetes: dask://[::1]:8786)")
    return f"{host}:{int(number)}"


def _count(arg: str, spec: str) -> int:
    if not arg.isdigit() or int(arg) < 1:
        raise UsageError(f"número de processos inválido em {spec!r}: use um inteiro ≥ 1")
    return int(arg)


def _dask(spec: str):
    try:
        # Optional and heavy: only when a Dask executor is named.
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise UsageError(f"o executor {spec!r} precisa do Dask: instale com "
                         "'pip install lexconsolida[dask]'") from None
    return Client, LocalCluster


def default_executor(workers: int | None = None) -> Executor | None:
    """A process pool of ``workers`` (default 2, or ``LEXCONSOLIDA_PROCESSOS``); None for 1."""
    n = workers if workers is not None else int(os.environ.get(ENV_WORKERS, DEFAULT_WORKERS))
    if n <= 1:
        return None
    return process_pool(n)


def _worker_ignores_ctrl_c() -> None:
    """A pool process leaves Ctrl-C to the command: the terminal sends SIGINT to the whole
    process group, and each worker would print its own English traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(n: int) -> ProcessPoolExecutor:
    """The commands' pool of ``n`` processes (forkserver: no copy of the parent's state).

    The fork server (a new interpreter) is started here, with Ctrl-C blocked: started lazily,
    at the first task, a Ctrl-C during its start-up printed Python's own fatal error in
    English. It preloads :mod:`lexconsolida.acervo.pool_worker`, so that it and every worker it
    forks ignore Ctrl-C from their first instruction (a worker interrupted before its
    initializer printed a traceback)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["__main__", "lexconsolida.acervo.pool_worker"])
    resource_tracker.ensure_running()  # first: it unblocks SIGINT after starting its process
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    return ProcessPoolExecutor(max_workers=n, mp_context=context, initializer=_worker_ignores_ctrl_c)
