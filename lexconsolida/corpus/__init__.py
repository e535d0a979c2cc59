"""The corpus (``statutes/``): acts with their relations, events and decisions.

>>> from lexconsolida.corpus import load   # doctest: +SKIP
>>> corpus = load("statutes")              # doctest: +SKIP
>>> corpus.get("urn:lex:br;bahia;feira.santana:municipal:lei:2001-01-05;2217").label  # doctest: +SKIP
'Lei nº 2.217, de 5 de janeiro de 2001'
"""

from lexconsolida.corpus.records import Act, Decisao, DecisaoOperacao, Evento, Municipio, Relacao
from lexconsolida.corpus.store import Corpus, acervo_of, default_root, load

__all__ = ["Act", "Corpus", "Decisao", "DecisaoOperacao", "Evento", "Municipio", "Relacao",
           "acervo_of", "default_root", "load"]
