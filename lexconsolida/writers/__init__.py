"""Writers: Norma → bytes, by format name. All are deterministic (same tree, same bytes)."""

from __future__ import annotations

import importlib

from lexconsolida.errors import UsageError

WRITERS: dict[str, str] = {
    "xml": "lexconsolida.writers.lexml:write",
    "lexml": "lexconsolida.writers.lexml:write",
    "txt": "lexconsolida.writers.text:write",
    "md": "lexconsolida.writers.markdown:write",
    "html": "lexconsolida.writers.html:write",
    "docx": "lexconsolida.writers.docx:write",
    "akn": "lexconsolida.writers.akn:write",
}


def get_writer(name: str):
    try:
        target = WRITERS[name]
    except KeyError:
        known = ", ".join(sorted(WRITERS))
        raise UsageError(f"formato de saída desconhecido: {name!r} (conhecidos: {known})") from None
    module, func = target.split(":")
    return getattr(importlib.import_module(module), func)


def write(norma, fmt: str, **options) -> bytes:
    return get_writer(fmt)(norma, **options)
