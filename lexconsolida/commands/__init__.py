"""One module per CLI command (see ``lexconsolida.cli``), and what they share."""

from __future__ import annotations

import sys

from lexconsolida.io import atomic_write


def emit(data: bytes | str, output: str | None, note: str | None = None) -> None:
    """``data`` written atomically to ``output`` (then 'gravado: …' on stderr, with ``note``),
    or to stdout when there is no ``output``."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if output:
        atomic_write(output, data)
        print(f"gravado: {output}" + (f" ({note})" if note else ""), file=sys.stderr)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
