"""Audit of a consolidation drafted by hand (LC 95/1998, art. 13): every dispositivo traced to
its source dispositivo(s), every difference judged as a § 2º change (with the inciso) or a
change of scope § 1º forbids; report for the procuradoria (HTML, DOCX, JSON).

``table`` reads what the user declares (terms, index, discards, fusions); ``sources`` takes the
acts in force at the date; ``trace`` aligns; ``judge`` and ``engine`` decide; ``report`` and
``docx`` write. Documented for users in ``docs/auditoria.md``.
"""

from __future__ import annotations

from pathlib import Path

from lexconsolida import api
from lexconsolida.audit import correspondence
from lexconsolida.audit import table as table_mod
from lexconsolida.audit.docx import to_docx
from lexconsolida.audit.engine import audit
from lexconsolida.audit.model import Audit, Finding, Row
from lexconsolida.audit.report import to_html, to_json
from lexconsolida.audit.sources import load_sources
from lexconsolida.corpus.locate import require_text
from lexconsolida.errors import UsageError

FORMATS = ("html", "docx", "json")
FILE_NAMES = {"html": "auditoria.html", "docx": "auditoria.docx", "json": "auditoria.json"}


def audit_paths(consolidacao: str, fontes: list[str], *, em: str | None = None,
                spec: str | None = None, acervo: str | None = None,
                correspondencia: str | None = None) -> Audit:
    """The audit of the consolidation named by ``consolidacao`` (file, URN or act folder)
    against ``fontes`` (or the table's ``[[fontes]]``), each as in force at its date; the
    drafter's correspondence CSV, when given, checked against the trace."""
    table = table_mod.load(spec)
    if not fontes and not table.fontes:
        raise UsageError("indique as normas de origem (FONTE …) ou uma tabela com [[fontes]] (--spec)")
    corpus = api.corpus(acervo)
    consolidated = require_text(api.locate(consolidacao, corpus)).norma
    sources = load_sources(list(fontes), corpus, em, table)
    declared = correspondence.read(correspondencia) if correspondencia else None
    result = audit(consolidated, sources, table, date=em, declared=declared)
    if not consolidated.epigrafe and not consolidated.ementa:  # a bare draft: say which file
        result.consolidacao = f"{result.consolidacao} ({Path(consolidacao).name})"
    return result


def render(result: Audit, fmt: str, **options) -> bytes:
    """The report in ``fmt`` ('html', 'docx', 'json'), deterministic."""
    if fmt == "json":
        return to_json(result)
    if fmt == "html":
        return to_html(result)
    if fmt == "docx":
        return to_docx(result, **options)
    raise UsageError(f"formato de relatório desconhecido: {fmt!r} (use: {', '.join(FORMATS)})")


__all__ = ["Audit", "FILE_NAMES", "FORMATS", "Finding", "Row", "audit", "audit_paths", "render"]
