"""Incremental output: a content-key manifest so an unchanged page is not rendered again.

Every output file is written with a key (a hash of everything it is made from). The manifest
(``.manifest.json`` in the output folder) maps each file to its key; on the next run a file
whose key is unchanged and which still exists is skipped without rendering. Files the previous
run wrote and this one no longer produces are removed (only those: nothing else in the folder
is touched). Every file is written atomically.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexconsolida.io import atomic_write

MANIFEST = ".manifest.json"


@lru_cache(maxsize=1)
def code_key() -> str:
    """Hash of the package's code and data, so outputs are redone when the program changes."""
    h = hashlib.sha256()
    pkg = Path(__file__).resolve().parent  # the package (this module is at its top level)
    for f in sorted(pkg.rglob("*")):
        if f.is_file() and "__pycache__" not in f.parts:
            h.update(f.relative_to(pkg).as_posix().encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def content_key(*parts: object) -> str:
    """A stable hash of ``parts`` (strings, numbers, and lists/tuples/dicts of them)."""
    data = json.dumps(parts, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


class OutputSet:
    """The files of one output folder, written only when their key changed."""

    def __init__(self, root: Path, manifest: str = MANIFEST, staging: Path | None = None) -> None:
        """With ``staging``, nothing in ``root`` changes before :meth:`finish`: new files are
        written into ``staging`` (a folder beside ``root``) and moved into place by
        :meth:`finish`, each by an atomic rename, the manifest last; stale files are removed
        only then. A run that fails before ``finish`` leaves ``root`` as it was, and the cost
        is that of the files that changed, not of copying the folder."""
        self.root = Path(root)
        self.staging = Path(staging) if staging is not None else None
        self.manifest_path = self.root / manifest
        self.old: dict[str, str] = {}
        self.old_memo: dict[str, list] = {}
        self._load()
        self.new: dict[str, str] = {}
        self.memo: dict[str, list] = {}
        self.written: list[str] = []
        self.skipped = 0
        self.removed: list[str] = []

    def _load(self) -> None:
        try:
            data = json.loads(self.manifest_path.read_text("utf-8"))
        except (OSError, ValueError):
            return
        if not isinstance(data, dict):
            return
        files, memo = data.get("arquivos"), data.get("memo")
        if isinstance(files, dict):
            self.old = {str(k): str(v) for k, v in files.items()}
        if isinstance(memo, dict):
            self.old_memo = {str(k): v for k, v in memo.items() if isinstance(v, list) and len(v) == 2}

    def remember(self, name: str, key: str, compute: Callable[[], Any]) -> Any:
        """A value computed from inputs hashed as ``key``, reused from the previous run when
        ``key`` is unchanged (for costly parts of content keys, or facts worth not reading a
        source again for); any JSON value."""
        old = self.old_memo.get(name)
        value = old[1] if old and old[0] == key else compute()
        self.memo[name] = [key, value]
        return value

    def fresh(self, rel: str, key: str) -> bool:
        """True when ``rel`` was written with ``key`` and is still there (then it is kept)."""
        if self.old.get(rel) == key and (self.root / rel).is_file():
            self.new[rel] = key
            self.skipped += 1
            return True
        return False

    def put(self, rel: str, key: str, produce: Callable[[], bytes | str]) -> None:
        """Write ``produce()`` to ``rel`` unless it is fresh."""
        if self.fresh(rel, key):
            return
        atomic_write((self.staging or self.root) / rel, produce())
        self.new[rel] = key
        self.written.append(rel)

    def adopt(self, rel: str, key: str) -> None:
        """``rel`` was written (into the staging folder, or the root without one) by someone
        else — a worker process: record it as :meth:`put` would."""
        self.new[rel] = key
        self.written.append(rel)

    def keep_group(self, prefix: str, key: str) -> bool:
        """Keep every file under ``prefix`` from the previous run if the group's key matches.

        The group's key is recorded under ``prefix`` itself. Returns False (keeping nothing)
        when the key changed or a file of the group is missing.
        """
        if self.old.get(prefix) != key:
            return False
        group = {r: k for r, k in self.old.items() if r.startswith(prefix) and r != prefix}
        if not all((self.root / r).is_file() for r in group):
            return False
        self.new.update(group)
        self.new[prefix] = key
        self.skipped += len(group)
        return True

    def keep_previous(self, prefix: str) -> int:
        """Keep every file the previous run wrote under ``prefix`` (and still there), whatever
        its key: the last good pages of an act that could not be rebuilt. Returns how many."""
        kept = {r: k for r, k in self.old.items()
                if r.startswith(prefix) and (self.root / r).is_file()}
        self.new.update(kept)
        self.skipped += len(kept)
        return len(kept)

    def record_group(self, prefix: str, key: str) -> None:
        self.new[prefix] = key

    def finish(self) -> None:
        """Remove what the previous run wrote and this one did not; save the manifest (with
        ``staging``: move the new files into place first)."""
        if self.staging is not None:
            for rel in self.written:
                target = self.root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(self.staging / rel, target)
        for rel in sorted(set(self.old) - set(self.new)):
            path = self.root / rel
            if path.is_file():
                path.unlink()
                self.removed.append(rel)
                self._prune(path.parent)
        if not self.removed and self.new == self.old and self.memo == self.old_memo \
                and self.manifest_path.is_file():
            return  # a run that changed nothing rewrites nothing, not even the manifest
        data = {"arquivos": dict(sorted(self.new.items())), "memo": dict(sorted(self.memo.items()))}
        text = (json.dumps(data, ensure_ascii=False, indent=0) + "\n").encode("utf-8")
        try:
            unchanged = self.manifest_path.read_bytes() == text
        except OSError:
            unchanged = False
        if not unchanged:  # a run that changed nothing rewrites nothing, not even the manifest
            atomic_write(self.manifest_path, text)

    def _prune(self, folder: Path) -> None:
        while folder != self.root and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent
