"""A folder of cached per-act results, keyed by content.

A key is a hash of everything the result depends on: the act's source bytes (text and
``norma.toml``, decisions included), the acervo's index of citable acts and the code version
(:func:`lexconsolida.manifest.code_key`). A result is a pickle written atomically; a
missing or unreadable entry is simply recomputed. Entries no key reaches any more are removed
by :meth:`Cache.prune`.
"""

from __future__ import annotations

import pickle
from pathlib import Path

from lexconsolida.io import atomic_write


class Cache:
    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.used: set[Path] = set()
        self.hits = 0
        self.misses = 0

    def _path(self, kind: str, key: str) -> Path:
        assert self.folder is not None
        return self.folder / kind / key[:2] / f"{key}.pickle"

    def get(self, kind: str, key: str):
        if self.folder is None:
            self.misses += 1
            return None
        path = self._path(kind, key)
        self.used.add(path)
        try:
            value = pickle.loads(path.read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, kind: str, key: str, value) -> None:
        if self.folder is None:
            return
        path = self._path(kind, key)
        self.used.add(path)
        atomic_write(path, pickle.dumps(value, protocol=5))

    def get_bytes(self, kind: str, key: str) -> bytes | None:
        """The raw bytes kept under ``key`` (None when absent), marked used."""
        if self.folder is None:
            return None
        path = self._path(kind, key)
        self.used.add(path)
        try:
            return path.read_bytes()
        except OSError:
            return None

    def put_bytes(self, kind: str, key: str, data: bytes) -> None:
        if self.folder is None:
            return
        path = self._path(kind, key)
        self.used.add(path)
        atomic_write(path, data)

    def keep(self, kind: str, key: str) -> None:
        """Mark an entry used by this run without reading it (another stage reads it)."""
        if self.folder is not None:
            self.used.add(self._path(kind, key))

    def prune(self) -> int:
        """Remove entries not used by this run; returns how many."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        n = 0
        for p in self.folder.rglob("*.pickle"):
            if p not in self.used:
                p.unlink()
                n += 1
        return n
