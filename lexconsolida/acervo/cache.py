"""A folder of cached per-act results, keyed by content.

A key is a hash of everything the result depends on: the act's source bytes (text and
``norma.toml``, decisions included), the acervo's index of citable acts and the code version
(:func:`lexconsolida.manifest.code_key`). A result is a pickle written atomically; a
missing or unreadable entry is simply recomputed. Entries no key reaches any more are removed
by :meth:`Cache.prune`.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from lexconsolida.io import atomic_write


class Cache:
    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._root = str(folder) if folder is not None else ""
        self.used: set[str] = set()
        """Paths of the entries this run used (strings: a whole acervo makes ~10⁵ of them)."""
        self.hits = 0
        self.misses = 0

    def _path(self, kind: str, key: str) -> str:
        assert self.folder is not None
        return os.path.join(self._root, kind, key[:2], key + ".pickle")

    def get(self, kind: str, key: str):
        if self.folder is None:
            self.misses += 1
            return None
        path = self._path(kind, key)
        self.used.add(path)
        try:
            with open(path, "rb") as f:
                value = pickle.loads(f.read())
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
        atomic_write(Path(path), pickle.dumps(value, protocol=5))

    def get_bytes(self, kind: str, key: str) -> bytes | None:
        """The raw bytes kept under ``key`` (None when absent), marked used."""
        if self.folder is None:
            return None
        path = self._path(kind, key)
        self.used.add(path)
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def put_bytes(self, kind: str, key: str, data: bytes) -> None:
        if self.folder is None:
            return
        path = self._path(kind, key)
        self.used.add(path)
        atomic_write(Path(path), data)

    def keep(self, kind: str, key: str) -> None:
        """Mark an entry used by this run without reading it (another stage reads it)."""
        if self.folder is not None:
            self.used.add(self._path(kind, key))

    def prune(self) -> int:
        """Remove entries not used by this run; returns how many."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        n = 0
        for dirpath, _, files in os.walk(self._root):
            for name in files:
                path = os.path.join(dirpath, name)
                if name.endswith(".pickle") and path not in self.used:
                    os.unlink(path)
                    n += 1
        return n
