"""File input and output at the edges: safe reading with Portuguese errors, atomic writes."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from lexconsolida.errors import InputError

MAX_INPUT_BYTES = 64 * 1024 * 1024


def read_bytes(path: str | Path) -> bytes:
    """The bytes of an input file, or an :class:`InputError` saying why not."""
    p = Path(path)
    if not p.exists():
        raise InputError("arquivo não encontrado", path=p)
    if p.is_dir():
        raise InputError("é um diretório, não um arquivo", path=p)
    try:
        size = p.stat().st_size
        if size > MAX_INPUT_BYTES:
            raise InputError(f"arquivo grande demais ({size} bytes)", path=p)
        return p.read_bytes()
    except PermissionError:
        raise InputError("sem permissão de leitura", path=p) from None
    except OSError as err:
        raise InputError(f"não foi possível ler o arquivo ({err.strerror})", path=p) from None


def contained(base: str | Path, relative: str, *, source: str | Path, key: str) -> Path:
    """``base / relative``, refused unless it stays inside ``base``.

    ``relative`` comes from data (a TOML key): an absolute path, a '..' component or a symbolic
    link that leads out of ``base`` is an :class:`InputError` naming ``source`` and ``key``.
    """
    text = str(relative)
    pure = Path(text)
    if not text or pure.is_absolute() or text.startswith(("/", "\\")) or ".." in pure.parts \
            or ".." in text.replace("\\", "/").split("/") or (len(text) > 1 and text[1] == ":"):
        raise InputError(f"'{key}' deve ser um caminho relativo dentro de {Path(base).as_posix()}/ "
                         f"(sem '..' nem caminho absoluto): {text!r}", path=source)
    target = Path(base) / pure
    if not target.resolve().is_relative_to(Path(base).resolve()):
        raise InputError(f"'{key}' leva para fora de {Path(base).as_posix()}/ (link simbólico): "
                         f"{text!r}", path=source)
    return target


def atomic_write(path: str | Path, data: bytes | str) -> Path:
    """Write ``data`` to ``path`` all at once: a temp file in the same folder, then rename.

    A reader of ``path`` sees either the old file or the new one, never a partial write; on
    error nothing is left behind.
    """
    p = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return p
