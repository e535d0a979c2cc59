"""Diagnostics: what a reader repaired, removed or found irregular, with line numbers.

Conservation rule: every character of an input is either in the tree or in a diagnostic of
kind ``furniture`` (a removed line, ``text`` holding it verbatim) or ``repair`` (``before`` →
``after``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum


class Severity(str, Enum):
    ERROR = "erro"
    WARNING = "aviso"
    INFO = "info"

    def __str__(self) -> str:
        return self.value


@dataclass(slots=True, frozen=True)
class Diagnostic:
    code: str
    """Stable machine code: 'furniture', 'repair', 'gap', 'duplicate-label', 'encoding' …"""
    message: str
    """Portuguese sentence for the user."""
    severity: Severity = Severity.INFO
    line: int | None = None
    """1-based source line."""
    where: str | None = None
    """Dispositivo or agrupador id, or None for the document."""
    before: str | None = None
    """For repairs: the text as printed."""
    after: str | None = None
    """For repairs: the text as repaired."""
    text: str | None = None
    """For removed furniture: the whole removed line, verbatim."""
    page: int | None = None
    """1-based page of a paged source (PDF); ``line`` is then the line on that page."""

    def to_dict(self) -> dict:
        d = asdict(self)
        d["severity"] = str(self.severity)
        return {k: v for k, v in d.items() if v is not None}

    def format(self, path: str | None = None) -> str:
        loc = path or ""
        if self.page is not None:
            loc += f"{', ' if loc else ''}página {self.page}"
        if self.line is not None:
            loc += f"{', ' if loc else ''}linha {self.line}"
        if self.where:
            loc += f"{' ' if loc else ''}({self.where})"
        return f"{loc}: {self.severity}: {self.message}" if loc else f"{self.severity}: {self.message}"
