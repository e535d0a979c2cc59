"""schema.org/Legislation on each act's page, so that general search engines find the acts by
number, date and URN (JSON-LD in the page's ``head``; the template block ``dados_estruturados``
of ``norma.html``).

Only what the act's data say: name, type, number (``legislationIdentifier`` is the LexML URN),
dates, jurisdiction, legal force by the same status the page prints, the ementa; a proposição
(no normative value) gets none. The JSON is escaped for a ``<script>`` element: ``<``, ``>``
and ``&`` as ``\\u`` escapes, so no text of an act can close the element.
"""

from __future__ import annotations

import json

from markupsafe import Markup

from lexconsolida.model.status import Status
from lexconsolida.site.model import SiteAct

LEGAL_FORCE = {"vigente": "InForce", "revogada": "NotInForce", "vigencia-futura": "NotInForce"}


def legislation(act: SiteAct, status: Status, url: str | None = None) -> dict | None:
    """The schema.org ``Legislation`` of ``act`` (None for a document without normative value)."""
    if not status.normative:
        return None
    norma = act.norma
    out: dict = {"@context": "https://schema.org", "@type": "Legislation",
                 "name": norma.label, "legislationType": norma.tipo}
    if norma.urn:
        out["legislationIdentifier"] = norma.urn
    if norma.numero:
        out["identifier"] = norma.numero
    if norma.data:
        out["legislationDate"] = norma.data
    if norma.publicacao:
        out["datePublished"] = norma.publicacao
    if norma.ementa:
        out["description"] = " ".join(norma.ementa.split())
    if act.municipio is not None:
        out["legislationJurisdiction"] = f"Município de {act.municipio.titulo}"
    if status.code in LEGAL_FORCE:
        out["legislationLegalForce"] = LEGAL_FORCE[status.code]
    out["inLanguage"] = "pt-BR"
    if url:
        out["url"] = url
    return out


def script_json(data: dict) -> Markup:
    """``data`` as JSON safe inside ``<script type="application/ld+json">``."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=False, separators=(",", ":"))
    return Markup(text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e"))


def for_page(act: SiteAct, status: Status, page: str) -> Markup | None:
    """The JSON-LD of the act's page ``page`` ('<pasta>/index.html'), or None."""
    base = act.municipio.url if act.municipio is not None else None
    data = legislation(act, status, f"{base}{page}" if base else None)
    return script_json(data) if data else None
