"""Regular expressions compiled once per installation, not once per process.

Python compiles a regular expression in Python code (``re._parser``, ``re._compiler``): the
reader's and the LexML writer's patterns cost a short command like ``parse`` about a tenth of
its time, paid again by every process. :func:`compile` is ``re.compile`` with a cache of the
compiler's output kept beside the package's bytecode (``__pycache__``), with the same rules as
bytecode: written when bytecode is (not under ``PYTHONDONTWRITEBYTECODE``, not in a read-only
install), keyed by the exact Python build, and never trusted blindly —

- an entry is made only when the pattern it rebuilds is equal to what ``re.compile`` gives
  (``Pattern.__eq__`` compares the pattern, the flags and the compiled code);
- a cache written by another Python build (version, ``_sre.MAGIC``, code size) is ignored;
- anything unexpected (a damaged file, a Python whose ``re`` internals differ) falls back to
  ``re.compile``: the cache can make a process faster, never different.

The benches fill it before timing (``bench/measure.py::compile_package``), as ``compileall``
fills ``__pycache__``: one ``parse`` run with bytecode writing on.
"""

from __future__ import annotations

import atexit
import marshal
import os
import re
import sys
from pathlib import Path

_BUILD: tuple | None
try:  # CPython's regular expression engine; elsewhere the cache is simply off
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]  # CPython's, not in the stubs
    _BUILD = (sys.version, getattr(_sre, "MAGIC", None), getattr(_sre, "CODESIZE", None))
except ImportError:  # pragma: no cover - not CPython
    _BUILD = None

CACHE = Path(__file__).resolve().parent / "__pycache__" / f"patterns.{sys.implementation.cache_tag}.marshal"
"""Where the compiled patterns are kept (beside the package's bytecode)."""

_table: dict | None = None
_new: dict = {}


def _load() -> dict:
    global _table
    _table = {}
    if _BUILD is None or sys.version_info[:2] not in ((3, 11), (3, 12), (3, 13)):
        return _table
    try:
        with open(CACHE, "rb") as f:
            build, table = marshal.loads(f.read())  # marshal.load(f) reads in small pieces: 20× slower
        if build == _BUILD and isinstance(table, dict):
            _table = table
    except Exception:  # noqa: BLE001 - no cache, or not this build's: compile as usual
        pass
    if not sys.dont_write_bytecode:
        atexit.register(save)
    return _table


def compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern:
    """``re.compile(pattern, flags)``, from the cache when this Python build made it before."""
    flags = int(flags)
    table = _table if _table is not None else _load()
    key = (pattern, flags)
    args = table.get(key)
    if args is not None:
        try:
            return _sre.compile(pattern, *args)
        except Exception:  # noqa: BLE001 - an entry this build cannot take: compile as usual
            table.pop(key, None)
    compiled = re.compile(pattern, flags)
    if _BUILD is not None and table is not None and sys.version_info[:2] in ((3, 11), (3, 12), (3, 13)):
        _remember(key, compiled)
    return compiled


def _remember(key: tuple[str, int], compiled: re.Pattern) -> None:
    """Keep what the compiler made for ``key``, if rebuilding it gives ``compiled`` exactly."""
    pattern, flags = key
    try:
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        args = (int(flags | parsed.state.flags), [int(c) for c in code], parsed.state.groups - 1,
                groupindex, tuple(indexgroup))
        if _sre.compile(pattern, *args) != compiled:
            return
    except Exception:  # noqa: BLE001 - internals not as expected: this pattern is not cached
        return
    assert _table is not None
    _table[key] = _new[key] = args


def save() -> None:
    """Write the cache when this process compiled patterns it did not hold (atomically; a
    folder that cannot be written is left alone, as Python does with bytecode)."""
    if not _new or _table is None:
        return
    tmp = CACHE.with_name(f"{CACHE.name}.{os.getpid()}.tmp")
    try:
        CACHE.parent.mkdir(exist_ok=True)
        with open(tmp, "wb") as f:
            marshal.dump((_BUILD, _table), f)
        os.replace(tmp, CACHE)
        _new.clear()
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
