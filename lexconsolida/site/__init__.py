"""The official-gazette website for the whole corpus (``lexconsolida site``).

>>> from lexconsolida.site import build_site, SiteCorpus, SiteAct   # doctest: +SKIP
>>> build_site(SiteCorpus([SiteAct(norma, "mt-x/lei-1-2020")]), "output/site")  # doctest: +SKIP

The names below are loaded on first use (PEP 562), so that ``lexconsolida.writers.html`` can
import the site's templates and view helpers without importing the site builder, which itself
uses the HTML writer.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "SiteReport": "lexconsolida.site.builder",
    "build_site": "lexconsolida.site.builder",
    "Municipio": "lexconsolida.site.model",
    "Relation": "lexconsolida.site.model",
    "SiteAct": "lexconsolida.site.model",
    "SiteCorpus": "lexconsolida.site.model",
    "act_path": "lexconsolida.site.model",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lexconsolida.site' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
