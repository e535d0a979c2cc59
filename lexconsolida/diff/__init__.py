"""Diff of two texts of a norm: alignment by dispositivo, word-level changes, reports.

>>> from lexconsolida.diff import compare, write
>>> report = compare(old_norma, new_norma)        # doctest: +SKIP
>>> html = write(report, "html")                  # doctest: +SKIP

Writers by name (``html``, ``docx`` — the table "Redação atual | Redação proposta" —,
``docx-alteracoes`` — the redline with tracked changes —, ``json``, ``txt``), as the other
registries.
"""

from __future__ import annotations


from lexconsolida.diff.json_report import apply_ops
from lexconsolida.diff.report import DiffReport, Pair, compare
from lexconsolida.registry import lookup

WRITERS: dict[str, str] = {
    "html": "lexconsolida.diff.html:write",
    "docx": "lexconsolida.diff.quadro_docx:write",
    "docx-alteracoes": "lexconsolida.diff.docx:write",
    "json": "lexconsolida.diff.json_report:write",
    "txt": "lexconsolida.diff.text:write",
}


def get_writer(name: str):
    return lookup(WRITERS, name, "formato de relatório")


def write(report: DiffReport, fmt: str, **options) -> bytes:
    """The report as bytes in format ``fmt`` (deterministic)."""
    return get_writer(fmt)(report, **options)


__all__ = ["DiffReport", "Pair", "WRITERS", "apply_ops", "compare", "get_writer", "write"]
