"""The per-act map of the acervo, on any ``concurrent.futures.Executor``.

Per-act work (read, check, recognise) is a pure function of its arguments, so it runs the same
in this process (``executor=None``), on a :class:`~concurrent.futures.ProcessPoolExecutor`
(the default of the commands: both cores of a small machine) or on a Dask cluster, whose
``Client.get_executor()`` has the same interface::

    from dask.distributed import Client, LocalCluster
    with Client(LocalCluster(n_workers=4)) as client:
        result = build(acervo, out, executor=client.get_executor())

Work is sent in batches (one task per batch, not per act) and results come back in order.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

DEFAULT_WORKERS = 2
BATCH = 64


def _batch(fn: Callable, items: list[tuple]) -> list:
    return [fn(*args) for args in items]


def run_map(fn: Callable, items: Sequence[tuple], executor: Executor | None = None,
            batch: int = BATCH) -> list:
    """``[fn(*args) for args in items]``, on ``executor`` when given (in batches)."""
    items = list(items)
    if executor is None or len(items) <= 1:
        return [fn(*args) for args in items]
    futures = [executor.submit(_batch, fn, items[i:i + batch]) for i in range(0, len(items), batch)]
    out: list = []
    for f in futures:
        out.extend(f.result())
    return out


def default_executor(workers: int | None = None) -> Executor | None:
    """A process pool of ``workers`` (default 2, or ``LEXCONSOLIDA_PROCESSOS``); None for 1."""
    n = workers if workers is not None else int(os.environ.get("LEXCONSOLIDA_PROCESSOS", DEFAULT_WORKERS))
    if n <= 1:
        return None
    return ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("forkserver"))
