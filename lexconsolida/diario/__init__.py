"""The municipality's official gazette (Diário Oficial eletrônico): numbered editions of acts.

An edition gathers acts of the acervo in the sections ``municipio.toml`` defines
(:mod:`.settings`), takes its number from a register that never reuses nor skips one
(:mod:`.register`), is printed as PDF/A-3b with the LexML of each act attached
(:mod:`.render`), signed in PAdES with the city hall's certificate (:mod:`.sign`), and can be
checked by anyone (:mod:`.verify`). :mod:`.publish` is the crash-safe order of all that;
:mod:`.records` is what the site and the feeds read of a published edition. See
``docs/diario-oficial.md``.
"""
