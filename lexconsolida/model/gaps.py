"""Gaps in the numbering of a text: units the source skips ('Art. 17' then 'Art. 19').

A published text must not jump silently: every output marks the place of a missing unit
("[Art. 18 não consta do texto-fonte]"), so a reader knows the source, not the publisher,
lacks it. Numbers are the printed ones; a repeated label stands for the next unit (as its id does), and
a unit with a letter ('Art. 5º-A') never opens a gap.

>>> from lexconsolida.model.nodes import Dispositivo, Kind, Norma
>>> from lexconsolida.model.numbering import Number
>>> arts = [Dispositivo(Kind.ARTIGO, f"art{n}", f"Art. {n}", number=Number(n)) for n in (8, 9, 11, 14)]
>>> gaps(Norma(articulacao=arts))
{'art11': ['Art. 10'], 'art14': ['Art. 12', 'Art. 13']}
>>> notice("Art. 10")
'[Art. 10 não consta do texto-fonte]'
"""

from __future__ import annotations

from lexconsolida.model.nodes import Agrupador, Dispositivo, Kind, Norma
from lexconsolida.model.numbering import int_to_letter, int_to_roman

_KINDS = (Kind.PARAGRAFO, Kind.INCISO, Kind.ALINEA, Kind.ITEM)


def rotulo_of(kind: Kind, value: int) -> str:
    """The normalised rótulo of unit number ``value``: 'Art. 18', '§ 3º', 'X', 'c)', '2.'."""
    if kind is Kind.ARTIGO:
        return f"Art. {value}{'º' if value < 10 else ''}"
    if kind is Kind.PARAGRAFO:
        return f"§ {value}{'º' if value < 10 else ''}"
    if kind is Kind.INCISO:
        return int_to_roman(value)
    if kind is Kind.ALINEA:
        return f"{int_to_letter(value)})"
    return f"{value}."


def label_of(kind: Kind, value: int) -> str:
    """How a missing unit is named: 'Art. 18', '§ 3º', 'Inciso X', 'Alínea c)', 'Item 2.'."""
    prefix = {Kind.INCISO: "Inciso ", Kind.ALINEA: "Alínea ", Kind.ITEM: "Item "}.get(kind, "")
    return prefix + rotulo_of(kind, value)


def notice(label: str) -> str:
    return f"[{label} não consta do texto-fonte]"


def _groups(norma: Norma):
    yield [a for a in norma.artigos()]
    for d in norma.dispositivos():
        by_kind: dict[Kind, list[Dispositivo]] = {}
        for c in d.children:
            if c.kind in _KINDS:
                by_kind.setdefault(c.kind, []).append(c)
        yield from by_kind.values()


def gaps(norma: Norma) -> dict[str, list[str]]:
    """Id of the unit that follows a gap → labels of the units missing before it."""
    out: dict[str, list[str]] = {}
    for group in _groups(norma):
        prev = None
        for d in group:
            n = d.number
            if n is None or d.unico:
                continue
            if prev is not None and n.value <= prev and not n.suffixes:
                prev += 1  # a repeated label stands for the next unit (its id says so)
                continue
            if prev is not None and not n.suffixes and n.value > prev + 1 and n.value - prev <= 50:
                out[d.id] = [label_of(d.kind, v) for v in range(prev + 1, n.value)]
            prev = max(prev or 0, n.value)
    return out


def gap_lines(missing: list[str]) -> list[str]:
    """One notice per missing unit; a long run as one line ('[Arts. 12 a 20 …]')."""
    if len(missing) <= 3:
        return [notice(m) for m in missing]
    return [f"[{missing[0]} a {missing[-1].split(' ', 1)[-1]} não constam do texto-fonte]"]


END_OF_SOURCE = "[O texto-fonte termina aqui, sem fecho nem assinaturas: o texto está incompleto]"
"""Printed after the last article of a norm whose source ends without fecho."""

__all__ = ["END_OF_SOURCE", "gaps", "gap_lines", "label_of", "notice", "Agrupador"]
