"""SAPL (Interlegis), where most Brazilian câmaras keep their laws: lexconsolida's compiled
history written into SAPL's texto articulado, a SAPL's compilations read back into an acervo,
and a câmara's hand-made compilation audited against the amending acts (``lexconsolida sapl``,
docs/sapl.md).

- :mod:`~lexconsolida.sapl.client` — SAPL's REST API (httpx2), errors in Portuguese;
- :mod:`~lexconsolida.sapl.connection` — the address and token, from the environment or a file;
- :mod:`~lexconsolida.sapl.tables` — the SAPL's own type tables, matched by meaning;
- :mod:`~lexconsolida.sapl.labels` — SAPL's numbering and standard rótulos;
- :mod:`~lexconsolida.sapl.plan` — the rows an act and its history become;
- :mod:`~lexconsolida.sapl.read` — SAPL rows back to keys and to a Norma with its history;
- :mod:`~lexconsolida.sapl.sync`, :mod:`~lexconsolida.sapl.export` — the idempotent export;
- :mod:`~lexconsolida.sapl.remote` — a SAPL's normas and compilations;
- :mod:`~lexconsolida.sapl.compare` — two compilations' texts in force, date by date.
"""
