"""File input and output at the edges: safe reading with Portuguese errors, atomic writes."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from lexconsolida.errors import InputError, LexError

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


class OutputError(LexError):
    """An output cannot be written (no permission, read-only or full disk, a folder in the
    way): exit 2, one Portuguese line naming the path, nothing left half-written."""


_WRITE_REASONS = {
    errno.EACCES: "sem permissão para gravar",
    errno.EPERM: "sem permissão para gravar",
    errno.EROFS: "o disco ou a pasta é somente leitura",
    errno.ENOSPC: "disco cheio",
    errno.EDQUOT: "cota de disco esgotada",
    errno.EISDIR: "é uma pasta, não um arquivo",
    errno.ENOTDIR: "parte do caminho é um arquivo, não uma pasta",
    errno.ENAMETOOLONG: "nome de arquivo longo demais",
    errno.ENOENT: "pasta não encontrada",
    errno.EEXIST: "já existe um arquivo com esse nome no caminho",
}


def write_failure(err: OSError, path: str | Path | None = None, verb: str = "gravar") -> OutputError:
    """The Portuguese :class:`OutputError` for an OSError raised while writing ``path`` (or,
    ``verb='acessar'``, while using a file in a way not known to be a write)."""
    if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):
        verb = "gravar"
    reason = (_WRITE_REASONS.get(err.errno) if err.errno is not None else None) or (err.strerror or str(err))
    where = path if path is not None else (err.filename or None)
    return OutputError(f"não foi possível {verb}: {reason}", path=where)


def sqlite_failure(err: Exception, path: str | Path | None = None) -> OutputError | None:
    """The Portuguese :class:`OutputError` for an SQLite error that is the disk's or the
    permissions' fault (None for any other: a damaged file, a bug)."""
    text = str(err).lower()
    for marker, reason in (("full", "disco cheio"),
                           ("readonly", "o arquivo ou a pasta é somente leitura"),
                           ("read-only", "o arquivo ou a pasta é somente leitura"),
                           ("unable to open", "não foi possível abrir o arquivo (pasta inexistente, "
                                              "somente leitura ou sem permissão)"),
                           ("disk i/o", "erro de leitura ou gravação no disco")):
        if marker in text:
            return OutputError(f"não foi possível gravar o registro: {reason}", path=path)
    return None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def atomic_write(path: str | Path, data: bytes | str, *, durable: bool = False) -> Path:
    """Write ``data`` to ``path`` all at once: a temp file in the same folder, then rename.

    A reader of ``path`` sees either the old file or the new one, never a partial write; on
    error nothing is left behind, and a failure of the disk or of permissions is an
    :class:`OutputError` naming ``path``. ``durable``: the file and the rename are flushed to
    the disk before returning (a record that must survive a power cut, not only a killed
    process).
    """
    p = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if p.is_dir():
        raise OutputError("não foi possível gravar: é uma pasta, não um arquivo", path=p)
    if p.exists() and not p.is_file():
        # a device or a pipe ('-o /dev/null', a FIFO a script reads): written through, never
        # replaced by a regular file (a rename over /dev/null, as root, breaks the machine)
        try:
            with open(p, "wb") as f:
                f.write(data)
        except OSError as err:
            raise write_failure(err, p) from None
        return p
    tmp = None
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
        try:
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o644)
        os.replace(tmp, p)
        tmp = None
        if durable:
            dfd = os.open(p.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
    except OSError as err:
        raise write_failure(err, p) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return p
