"""LexML element names of the model's units, and what a LexML reader derives from an id.

Shared by the LexML writer and reader (and anyone who maps the model to LexML tags), so the
two directions cannot drift apart.
"""

from __future__ import annotations

from lexconsolida.model import Kind
from lexconsolida.model.ids import LexId

TAG_OF_KIND = {
    Kind.ARTIGO: "Artigo", Kind.CAPUT: "Caput", Kind.PARAGRAFO: "Paragrafo",
    Kind.INCISO: "Inciso", Kind.ALINEA: "Alinea", Kind.ITEM: "Item", Kind.OMISSIS: "Omissis",
}
TAG_OF_AGRUPADOR = {
    "parte": "Parte", "livro": "Livro", "titulo": "Titulo", "subtitulo": "Subtitulo",
    "capitulo": "Capitulo", "secao": "Secao", "subsecao": "Subsecao",
}


def derived_number(kind: str, node_id: str, unico: bool = False):
    """The number a reader derives from an id (None for caput, omissis, Parágrafo único)."""
    if kind in ("caput", "omissis") or unico:
        return None
    try:
        return LexId.parse(node_id).number
    except ValueError:
        return None
