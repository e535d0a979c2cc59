"""The site's view of citations, over the project's recogniser (:mod:`lexconsolida.citations`).

:func:`find_citations` gives, for each citation in a text, its span, the dispositivo it names
(one LexML id: the first when the text names several, "arts. 5º e 6º") and the other act it
names, if any. Citations with no article ("o inciso II" alone) carry no fragment: the site
cannot tell which article they mean, so they stay plain text.

>>> [(c.fragment, c.act) for c in find_citations("nos termos do art. 5º, § 2º, desta Lei")]
[('art5_par2', None)]
>>> c, = find_citations("o inciso II do art. 6º da Lei nº 4,100, de 07 de agosto de 2019")
>>> c.fragment, c.act.tipo, c.act.numero, c.act.ano
('art6_cpt_inc2', 'lei', '4100', 2019)
>>> [(c.fragment, c.act and c.act.numero) for c in find_citations("o art. 3º e a Lei nº 9.503/97")]
[('art3', None), (None, '9503')]
>>> c, = find_citations("conforme a Lei Federal n° 9.503/97")
>>> c.fragment, c.act.esfera, c.act.ano
(None, 'federal', 1997)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexconsolida import citations as recogniser
from lexconsolida.citations import ActRef

_KEYS = ("art", "lei", "decreto", "resolu", "portaria", "emenda", "constitui", "código", "codigo",
         "parágrafo", "paragrafo", "§", "inciso", "alínea", "alinea", "consolida")
"""Words without which the recogniser finds nothing: skips it for most texts."""

__all__ = ["ActRef", "Citation", "find_citations"]


@dataclass(slots=True, frozen=True)
class Citation:
    start: int
    end: int
    fragment: str | None
    """LexML id of the cited dispositivo ('art5_par2'), None when an act as a whole is cited."""
    act: ActRef | None
    """The other act cited; None for the citing act itself ('desta Lei', or no act named)."""


_AND = re.compile(r",?\s+e\s+(?:d[oa]s?\s+|[ao]s?\s+)?$")
"""'… art. 3º e da Lei Federal nº …': two citations joined by 'e', not 'art. 3º of that Lei'."""


def _split_conjunction(text: str, c) -> list[Citation] | None:
    """A dispositivo citation glued to an act by 'e' as two citations; None if not glued so."""
    for a in recogniser.find_acts(text[c.start:c.end]):
        glue = _AND.search(text, c.start, c.start + a.start)
        if glue:
            return [Citation(c.start, glue.start(), c.ids[0], None),
                    Citation(c.start + a.start, c.start + a.end, None, a.act)]
    return None


def find_citations(text: str) -> list[Citation]:
    """Every citation of a dispositivo or of an act in ``text``, in order."""
    if not text:
        return []
    low = text.lower()
    if not any(k in low for k in _KEYS):
        return []
    out: list[Citation] = []
    for c in recogniser.find(text):
        if c.incompleto or (not c.ids and c.act is None):
            continue
        if c.ids and c.act is not None and not c.proprio:
            split = _split_conjunction(text, c)
            if split:
                out.extend(split)
                continue
        act = None if c.proprio else c.act
        out.append(Citation(c.start, c.end, c.ids[0] if c.ids else None, act))
    return out
