"""Readers: bytes → :class:`ReadResult` (a Norma plus diagnostics), by format name.

Registry after pandoc's ``Readers.hs``: a name maps to ``module:function``; the function has
the signature ``read(data: bytes, *, path: str | None = None, **options) -> ReadResult``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lexconsolida.registry import lookup
from lexconsolida.io import read_bytes
from lexconsolida.model import Diagnostic, Norma, Severity

READERS: dict[str, str] = {
    "text": "lexconsolida.readers.text:read",
    "lexml": "lexconsolida.readers.lexml:read",
    "docx": "lexconsolida.readers.docx:read",
    "markdown": "lexconsolida.readers.markdown:read",
    "pdf": "lexconsolida.readers.pdf:read",
}

SUFFIXES = {".txt": "text", ".text": "text", ".xml": "lexml", ".docx": "docx", ".md": "markdown", ".pdf": "pdf"}


@dataclass(slots=True)
class ReadResult:
    norma: Norma
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


def get_reader(name: str):
    return lookup(READERS, name, "formato de entrada")


def format_of(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    return SUFFIXES.get(suffix, "text")


def read_file(path: str | Path, fmt: str | None = None, **options) -> ReadResult:
    """Read a file with the reader for ``fmt`` (default: by its suffix)."""
    data = read_bytes(path)
    return get_reader(fmt or format_of(path))(data, path=str(path), **options)
