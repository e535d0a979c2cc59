"""``sitemap.xml`` of the site, so that general search engines find every
act's page (sitemaps.org protocol 0.9).

A sitemap needs absolute addresses: only acts of a municipality with ``[site] url`` in its
``municipio.toml`` are listed (the page of the text in force of each normative act, and the
site's index); without any, no sitemap is written. No ``lastmod``: the build's clock is not a
date of the page, and the acts' own dates are not when the page changed.
"""

from __future__ import annotations

from urllib.parse import quote

from lxml import etree

from lexconsolida.site.model import SiteAct

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urls(acts: list[SiteAct]) -> list[str]:
    out: list[str] = []
    out += sorted({a.municipio.url for a in acts if a.municipio is not None and a.municipio.url})
    for act in acts:
        base = act.municipio.url if act.municipio is not None else None
        if base and act.facts.status().normative:
            out.append(base + quote(f"{act.path}/index.html"))
    return out


def sitemap_xml(acts: list[SiteAct]) -> bytes | None:
    found = urls(acts)
    if not found:
        return None
    root = etree.Element(f"{{{NS}}}urlset", nsmap={None: NS})
    for u in found:
        etree.SubElement(etree.SubElement(root, f"{{{NS}}}url"), f"{{{NS}}}loc").text = u
    etree.indent(root, space="  ")
    return etree.tostring(root, encoding="UTF-8", xml_declaration=True) + b"\n"

