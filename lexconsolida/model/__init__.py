"""The document model (pure dataclasses; no lxml here)."""

from lexconsolida.model.diagnostics import Diagnostic, Severity
from lexconsolida.model.ids import LexId
from lexconsolida.model.nodes import (
    Agrupador,
    AgrupadorKind,
    Alteracao,
    Dispositivo,
    Documento,
    Event,
    Kind,
    Norma,
    Provenance,
    Signature,
    Situacao,
    Version,
)
from lexconsolida.model.numbering import Number, label_for
from lexconsolida.model.urn import Urn

__all__ = [
    "Agrupador", "AgrupadorKind", "Alteracao", "Diagnostic", "Dispositivo", "Documento",
    "Event", "Kind", "LexId", "Norma", "Number", "Provenance", "Severity", "Signature",
    "Situacao", "Urn", "Version", "label_for",
]
