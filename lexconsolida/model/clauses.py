"""An act's own final clauses (LC 95/1998, arts. 8º and 9º): the vigência article and the
generic revocation ('revogam-se as disposições em contrário'). The consolidation replaces the
sources' ones with its own; the audit of a consolidation recognises them on both sides."""

from __future__ import annotations

import re

from lexconsolida import patterns
from lexconsolida.model.nodes import Dispositivo, Kind

VIGENCIA = patterns.compile(r"\b(entra(rá|m)?|entrarão|estará|estarão)\s+em\s+vigor\b", re.IGNORECASE)
REVOGACAO_GERAL = patterns.compile(
    r"^\s*(revogam-se|revoga-se|ficam?\s+revogad[ao]s?)\b.*(disposi[çc][õo]es|em\s+contr[áa]rio)",
    re.IGNORECASE,
)


def final_clause_kind(article: Dispositivo) -> str | None:
    """'vigencia' or 'revogacao' when the article is an act's own final clause."""
    text = article.head_text
    has_more = any(c.kind is not Kind.CAPUT for c in article.children) or (
        article.caput is not None and article.caput.children
    )
    if has_more or len(text) > 300:
        return None
    if VIGENCIA.search(text):
        return "vigencia"
    if REVOGACAO_GERAL.search(text):
        return "revogacao"
    return None
