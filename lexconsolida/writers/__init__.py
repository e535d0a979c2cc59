"""Writers: Norma → bytes, by format name. All are deterministic (same tree, same bytes)."""

from __future__ import annotations


from lexconsolida.registry import lookup

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
    return lookup(WRITERS, name, "formato de saída")


def write(norma, fmt: str, **options) -> bytes:
    return get_writer(fmt)(norma, **options)
