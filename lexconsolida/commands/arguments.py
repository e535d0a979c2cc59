"""Types of the command line's arguments: a value that is wrong is a usage error (exit 2,
Portuguese, naming the option) when the command line is read, never a failure deep inside a
command ("erro interno", exit 3) nor an English message from a library.

argparse calls a type with the text and turns :class:`argparse.ArgumentTypeError` into
"argumento --porta: …" (exit 2, see ``cli._Parser``).
"""

from __future__ import annotations

import argparse
from datetime import date


def iso_date(text: str) -> str:
    """'AAAA-MM-DD' that is a real day of the calendar ('2024-02-30' is not)."""
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"data inválida: {text!r} (use AAAA-MM-DD, um dia que existe)") from None


def port(text: str) -> int:
    """A TCP port: 0 (any free one) to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"porta inválida: {text!r} (um número de 0 a 65535)") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"porta inválida: {value} (de 0 a 65535; 0 = uma livre)")
    return value


def positive(text: str) -> int:
    """An integer ≥ 1 (processes, a batch's size, a count)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"número inválido: {text!r} (um inteiro ≥ 1)") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"número inválido: {value} (um inteiro ≥ 1)")
    return value
