"""LexML element names of the model's units, and what a LexML reader derives from an id.

Shared by the LexML writer and reader (and anyone who maps the model to LexML tags), so the
two directions cannot drift apart.
"""

from __future__ import annotations


from lexconsolida import patterns
from lexconsolida.model import Kind, Number

TAG_OF_KIND = {
    Kind.ARTIGO: "Artigo", Kind.CAPUT: "Caput", Kind.PARAGRAFO: "Paragrafo",
    Kind.INCISO: "Inciso", Kind.ALINEA: "Alinea", Kind.ITEM: "Item", Kind.OMISSIS: "Omissis",
}
TAG_OF_AGRUPADOR = {
    "parte": "Parte", "livro": "Livro", "titulo": "Titulo", "subtitulo": "Subtitulo",
    "capitulo": "Capitulo", "secao": "Secao", "subsecao": "Subsecao",
}


VALID_ID = patterns.compile(r"(?:[a-z]{3}(?:\d+(?:-\d+)*)?u?_)*[a-z]{3}(\d+(?:-\d+)*)?u?\Z")
"""A LexML id as :class:`~lexconsolida.model.ids.LexId` accepts it, the number of its last
component in group 1."""


def derived_number(kind: str, node_id: str, unico: bool = False):
    """The number a reader derives from an id (None for caput, omissis, Parágrafo único)."""
    if kind in ("caput", "omissis") or unico:
        return None
    m = VALID_ID.match(node_id)  # what LexId.parse(node_id).number says, in one match
    return Number.from_id_part(m.group(1)) if m is not None and m.group(1) else None
