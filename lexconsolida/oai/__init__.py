"""The acervo as a LexML Brasil data provider (OAI-PMH): the ``oai_lexml`` and ``oai_dc``
records of every act (:mod:`.records`), their datestamps and deletions (:mod:`.ledger`), the
OAI-PMH server on the ``oaipmh`` library (:mod:`.provider`), its web application
(:mod:`.app`) and the static export (:mod:`.export`). See ``docs/lexml-oai.md``."""
