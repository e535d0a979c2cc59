"""The project's own error types.

Every error a user can provoke is a :class:`LexError` whose message is in Portuguese and names
the file and line (or the dispositivo). The CLI maps them to exit codes: :class:`InputError`
(unreadable or malformed input, bad usage) exits 2; :class:`CheckError` exits 1. A whole-acervo
run that published but kept some acts from its last good run exits :data:`EXIT_KEPT` (4).

A defect of the program is an :class:`InternalError` (exit 3), never a LexError: it is not the
user's input that is wrong, and tests (fuzzers above all) must be able to tell the two apart.
"""

from __future__ import annotations

from pathlib import Path

EXIT_KEPT = 4
"""Exit code of a whole-acervo run (``acervo``, ``provedor registrar``) that finished and
published, but with acts it could not read (a ``norma.toml`` that does not parse, a text that
cannot be read): those acts keep what the last good run published — their pages, with a notice,
and their LexML records —, are listed on standard error with file and line, and the run exits
with this code so that a scheduler sees it (docs/acervo.md, "Execução agendada")."""


class LexError(Exception):
    """Base error. ``str(err)`` is the full Portuguese message, location first."""

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        path: str | Path | None = None,
        line: int | None = None,
        where: str | None = None,
    ) -> None:
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.where = where
        super().__init__(self.__str__())

    def __str__(self) -> str:
        loc = []
        if self.path:
            loc.append(self.path if self.line is None else f"{self.path}, linha {self.line}")
        elif self.line is not None:
            loc.append(f"linha {self.line}")
        if self.where:
            loc.append(f"dispositivo {self.where}")
        return f"{': '.join(loc)}: {self.message}" if loc else self.message


class InputError(LexError):
    """The input cannot be read or is not a legal act (exit 2)."""


class UsageError(LexError):
    """The command line is wrong (exit 2)."""


class CheckError(LexError):
    """Structural checks found errors (exit 1)."""

    exit_code = 1


class AmendmentError(LexError):
    """An amending instruction cannot be applied mechanically (exit 2)."""


class FormError(LexError):
    """A form cannot be issued: missing or invalid case data (exit 2)."""


class InternalError(Exception):
    """A bug of lexconsolida (exit 3): never reported as bad input."""

    exit_code = 3

    def __init__(self, message: str, *, path: str | Path | None = None) -> None:
        self.message = message
        self.path = str(path) if path is not None else None
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = f" ao processar {self.path}" if self.path else ""
        return f"erro interno do lexconsolida{where} (defeito do programa, não dos dados): {self.message}"
