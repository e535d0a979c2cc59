"""The official-gazette website for the whole corpus (``lexconsolida site``).

>>> from lexconsolida.site import build_site, SiteCorpus, SiteAct   # doctest: +SKIP
>>> build_site(SiteCorpus([SiteAct(norma, "mt-x/lei-1-2020")]), "output/site")  # doctest: +SKIP

The pages are rendered with the HTML writer's templates, blocks and links
(:mod:`lexconsolida.writers.html`); the site adds the corpus: acts, relations, versions, search.
"""

from __future__ import annotations

from lexconsolida.site.builder import SiteReport, build_site
from lexconsolida.site.model import Municipio, Relation, SiteAct, SiteCorpus, act_path

__all__ = ["Municipio", "Relation", "SiteAct", "SiteCorpus", "SiteReport", "act_path", "build_site"]
