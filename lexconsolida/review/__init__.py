"""The review desk (``lexconsolida mesa``): every amendment the tool cannot settle alone, decided
by a person in the browser, recorded in the acervo and applied.

- :mod:`~lexconsolida.review.queue` — the pending items of an acervo (instructions waiting for
  a decision, acts whose base text is missing, failed applications and gates), with their
  status in the decision ledger and their impact;
- :mod:`~lexconsolida.review.readings` — one item: the sentence in its article, the target's
  units on that date, the proposed readings and a person's choice, each previewed as a quadro;
- :mod:`~lexconsolida.review.desk` — the acervo in memory, decisions recorded in the ledger
  (:mod:`lexconsolida.corpus.ledger`) and applied incrementally;
- :mod:`~lexconsolida.review.auth` — users, passwords (scrypt), sessions and CSRF tokens;
- :mod:`~lexconsolida.review.app` — the web application (Starlette, served by uvicorn).
"""
