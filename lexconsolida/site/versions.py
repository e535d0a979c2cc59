"""Versions of an act by date, for the site's "one page per version" (pure functions).

An act's versions start at its own date (or vigência) and at every date on which one of its
dispositivos got a new wording, was included or revoked (``Version.start``, see
:mod:`lexconsolida.model.history`). :func:`text_at` gives the tree in force on a date,
following the history convention: the wording in force on D is the last Version starting on
or before D; a unit none of whose Versions has started yet did not exist on D.
"""

from __future__ import annotations

from dataclasses import replace

from lexconsolida.model import Agrupador, Dispositivo, Norma


def change_dates(norma: Norma) -> list[str]:
    """Sorted distinct dates on which a dispositivo of the act changed."""
    dates = {v.start for n in norma.walk() for v in n.history if v.start}
    start = norma.vigencia or norma.data
    return sorted(d for d in dates if not start or d > start)


def version_dates(norma: Norma) -> list[str]:
    """Dates of the act's versions, oldest first; empty when it was never changed."""
    changes = change_dates(norma)
    if not changes:
        return []
    start = norma.vigencia or norma.data
    return ([start] if start else []) + changes


def _in_force(node: Agrupador | Dispositivo, date: str) -> int | None:
    """Index of the Version in force on ``date``; None if the unit did not exist yet."""
    found = None
    for i, v in enumerate(node.history):
        if (v.start or "") <= date:
            found = i
    return found


def _node_at(node: Agrupador | Dispositivo, date: str) -> Agrupador | Dispositivo | None:
    children = [c for c in (_node_at(c, date) for c in node.children) if c is not None]
    if not node.history:
        return replace(node, children=children)
    i = _in_force(node, date)
    if i is None:
        return None
    v = node.history[i]
    changes = {"children": children, "history": list(node.history[: i + 1]), "situacao": v.situacao}
    if isinstance(node, Dispositivo):
        changes["text"] = v.text
        changes["rotulo"] = v.rotulo or node.rotulo
    return replace(node, **changes)


def text_at(norma: Norma, date: str) -> Norma:
    """The act as in force on ``date`` (ISO), with each unit's history cut at that date."""
    nodes = [n for n in (_node_at(n, date) for n in norma.articulacao) if n is not None]
    return replace(norma, articulacao=nodes)
