"""The corpus (``statutes/``): acts with their relations, events and decisions.

>>> from lexconsolida.corpus import load   # doctest: +SKIP
>>> corpus = load("statutes")              # doctest: +SKIP
>>> corpus.get("urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217").label  # doctest: +SKIP
'Lei nº 2.217, de 5 de janeiro de 2001'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from lexconsolida.corpus.roots import acervo_of, default_root

if TYPE_CHECKING:
    from lexconsolida.corpus.records import Act, Decisao, DecisaoOperacao, Evento, Municipio, Relacao
    from lexconsolida.corpus.store import Corpus, load

__all__ = ["Act", "Corpus", "Decisao", "DecisaoOperacao", "Evento", "Municipio", "Relacao",
           "acervo_of", "default_root", "load"]

_LAZY = {"Act": "records", "Decisao": "records", "DecisaoOperacao": "records", "Evento": "records",
         "Municipio": "records", "Relacao": "records", "Corpus": "store", "load": "store"}


def __getattr__(name: str):
    """The corpus' records and loader, imported when first used: ``import
    lexconsolida.corpus.roots`` (where is the acervo?) must not import the loader, which brings
    the citation patterns — a tenth of a ``parse`` process of a plain file."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'lexconsolida.corpus' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"lexconsolida.corpus.{module}"), name)
    globals()[name] = value
    return value
