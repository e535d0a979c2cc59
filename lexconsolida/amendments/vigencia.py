"""The amending act's own vigência, as a problem of its recognition when it cannot be dated.

The changes an act makes count from its vigência (:func:`lexconsolida.model.clauses.act_vigencia`
reads its clause: the publication, a later date, a period after the publication, deferred
effects). A clause that cannot be dated — a condition ('após a regulamentação', 'a partir da
disponibilização …'), some articles with a vigência or effects of their own, a period counted
from a publication the text does not date, two clauses that disagree — leaves no date to apply
the changes at: the act is held back (``vigencia-indeterminada``) until a person gives the
vigência (``vigencia`` in its ``norma.toml``) and records the decision; never applied at its
publication as if the clause said so.
"""

from __future__ import annotations

from lexconsolida.amendments.model import Problem
from lexconsolida.model import Norma
from lexconsolida.model.clauses import act_vigencia


def vigencia_problems(norma: Norma, has_operations: bool) -> list[Problem]:
    """[the blocking problem] when ``norma`` changes other norms and its vigência cannot be
    dated; else []."""
    if not has_operations:
        return []
    year = int(norma.data[:4]) if norma.data else None
    found = act_vigencia(norma.artigos(), norma.publicacao, norma.data, year)
    if found is None or found[0].code != "vigencia-indeterminada":
        return []
    result, article = found
    return [Problem(
        "vigencia-indeterminada", f"{result.message}: as alterações deste ato não têm data para valer; informe a "
        "vigência no norma.toml e registre a decisão", " ".join(article.head_text.split())[:300],
        article.lines[0] if article.lines else None, article.id)]
