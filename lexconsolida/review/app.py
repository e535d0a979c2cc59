"""The review desk's web application (kept as the entry point other modules import):
:func:`create_app` and :func:`load_access` live in :mod:`lexconsolida.review.web`."""

from __future__ import annotations

from lexconsolida.review.web import create_app
from lexconsolida.review.web.access import Access, load_access
from lexconsolida.review.web.atos import efficacy_from_form

__all__ = ["Access", "create_app", "efficacy_from_form", "load_access"]
