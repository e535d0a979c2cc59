"""The gazette's editions on the site: a page per edition (PDF, SHA-256, code, acts), the list
of editions, the PDFs, and two Atom feeds (editions; acts published in them).

Everything here is keyed by the editions' descriptions and PDF hashes, so the site stays
incremental; feeds are dated by the newest edition (never by the clock): same editions, same
bytes. Each act page links to the editions that published it (:func:`act_links`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from datetime import datetime, timezone

from lxml import etree

from lexconsolida.diario.records import PublishedEdition, VoidedEdition
from lexconsolida.lexml.xml_safe import xml_text
from lexconsolida.manifest import content_key
from lexconsolida.model.dates import format_long
from lexconsolida.site.model import SiteAct
from lexconsolida.site.pages import Page, SiteInfo, root_of
from lexconsolida.writers.html import templates

INDEX = "diario/index.html"
MENU = {"titulo": "Diário oficial", "href": INDEX}
FEED_EDITIONS = "diario/edicoes.atom"
FEED_ACTS = "diario/atos.atom"


def republication(act: dict, ed: PublishedEdition, editions: list[PublishedEdition],
                  publicacao: str | None) -> str | None:
    """Why the edition ``ed`` republishes ``act`` (an entry of its description) — 'republicação;
    publicado antes em 15 de setembro de 2023', '…; publicado antes no Diário … nº 1, de
    1/12/2026' — or None when it is the act's first publication. From the description (editions
    published since it says so), else from the other editions that carry the act, else from the
    act's own publication date (``publicacao``) before the edition's: a page never shows two
    publication dates without saying which came first."""
    before = act.get("publicacao_anterior")
    if before:
        return f"republicação; publicado antes em {format_long(before)}"
    earlier = [e for e in editions if e.sort_key() < ed.sort_key()
               and any(a.get("urn") == act.get("urn") for a in e.descricao.get("atos", []))]
    if earlier:
        return f"republicação; publicado antes no {earlier[-1].titulo}"
    if publicacao and publicacao < ed.descricao["data"]:
        return f"republicação; publicado antes em {format_long(publicacao)}"
    if act.get("republicacao"):
        return "republicação"
    return None


def act_links(editions: list[PublishedEdition], acts: list[SiteAct] | None = None) -> dict[str, list[dict]]:
    """URN → the editions that published the act, for its page (href from the site root), each
    saying whether it is a republication and why (:func:`republication`)."""
    published = {a.urn: a.facts.publicacao for a in acts or ()}
    ordered = sorted(editions, key=PublishedEdition.sort_key)
    out: dict[str, list[dict]] = {}
    for ed in ordered:
        for act in ed.descricao.get("atos", []):
            if not act.get("urn"):  # an extract has no act page
                continue
            out.setdefault(act["urn"], []).append({
                "href": ed.href, "titulo": ed.titulo, "pagina": act.get("pagina"),
                "republicacao": republication(act, ed, ordered, published.get(act["urn"]))})
    return out


def _acts_of(ed: PublishedEdition, by_urn: dict[str, SiteAct], root: str,
             editions: list[PublishedEdition]) -> list[dict]:
    out = []
    for act in ed.descricao.get("atos", []):
        site_act = by_urn.get(act["urn"])
        out.append({"titulo": act["titulo"], "secao": act.get("secao"), "pagina": act.get("pagina"),
                    "href": f"{root}{site_act.path}/index.html" if site_act else None,
                    "sha256": act.get("sha256"), "anexo": act.get("anexo"),
                    "republicacao": republication(act, ed, editions,
                                                  site_act.facts.publicacao if site_act else None)
                    if act.get("urn") else None})
    return out


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB".replace(".", ",") if n < 1024 * 1024 else f"{n / 1048576:.1f} MB".replace(".", ",")


def pages(editions: list[PublishedEdition], acts: list[SiteAct], site: SiteInfo,
          base_key: str, voided: list[VoidedEdition] | None = None) -> Iterator[Page]:
    """The list of editions (and of the voided numbers, each with its reason), one page per
    edition, and the feeds (nothing when there is neither an edition nor a voided number)."""
    voided = voided or []
    if not editions and not voided:
        return
    by_urn = {a.urn: a for a in acts}
    oldest_first = sorted(editions, key=PublishedEdition.sort_key)
    newest_first = oldest_first[::-1]
    names = {ed.descricao.get("diario") for ed in editions} | {v.diario for v in voided}
    short = len(names) == 1  # one gazette: its name once, in the caption; each row its number and date
    diario = next(iter(names)) if short else None

    def title(t: str) -> str:
        return t.split(" — ", 1)[1] if short and " — " in t else t

    rows: list[dict[str, Any]] = [{"href": ed.href.removeprefix("diario/"), "titulo": title(ed.titulo), "pdf": ed.pdf_href.removeprefix("diario/"), "tamanho": _size(ed.size),
             "codigo": ed.descricao.get("codigo"), "atos": len(ed.descricao.get("atos", [])),
             "municipio": ed.municipio, "inutilizada": False, "ordem": ed.sort_key()} for ed in newest_first]
    void_rows: list[dict[str, Any]] = [{"titulo": title(v.titulo), "motivo": v.motivo_publico, "inutilizada": True, "ordem": v.sort_key(),
                  "em": format_long(v.inutilizada_em[:10]) if v.inutilizada_em else None}
                 for v in voided]
    # a voided number in its place in the sequence: the list shows every number, none skipped silently
    table = sorted(rows + void_rows, key=lambda r: r["ordem"], reverse=True)
    for r in table:
        del r["ordem"]
    yield Page(INDEX, content_key(base_key, site.key(), diario, table), lambda: templates.render(
        "diario.html", site=site, root=root_of("diario"), css_inline=None, current=INDEX,
        page_title=f"Edições do diário oficial — {site.nome}", edicoes=table,
        inutilizadas=[r for r in table if r.get("inutilizada")], diario=diario,
        feeds={"edicoes": FEED_EDITIONS.removeprefix("diario/"), "atos": FEED_ACTS.removeprefix("diario/")}
        if editions else None))
    if not editions:
        return
    for ed in editions:
        root = root_of(ed.site_dir)
        atos = _acts_of(ed, by_urn, root, oldest_first)
        yield Page(ed.href, content_key(base_key, site.key(), ed.descricao, ed.sha256, atos),
                   _edition_page(ed, atos, site, root))
    yield Page(FEED_EDITIONS, content_key(base_key, "feed", [e.descricao for e in editions]),
               lambda: feed_editions(newest_first, by_urn))
    yield Page(FEED_ACTS, content_key(base_key, "feed-atos", [e.descricao for e in editions],
                                      [(u, a.facts.publicacao) for u, a in sorted(by_urn.items())
                                       if any(u == x.get("urn") for e in editions for x in e.descricao.get("atos", []))]),
               lambda: feed_acts(newest_first, by_urn))


def _edition_page(ed: PublishedEdition, atos: list[dict], site: SiteInfo, root: str) -> Callable[[], str]:
    d = ed.descricao
    secoes: dict[str, list[dict]] = {}
    for a in atos:
        secoes.setdefault(a["secao"] or "", []).append(a)
    return lambda: templates.render(
        "edicao.html", site=site, root=root, css_inline=None, current=None,
        page_title=f"{ed.titulo} — {site.nome}", edicao=ed, d=d, secoes=secoes,
        pdf=f"{ed.stem}.pdf", tamanho=_size(ed.size), indice=f"{root}{INDEX}",
        data_longa=format_long(d["data"]))


def _updated(ed: PublishedEdition) -> datetime:
    return datetime.fromisoformat(ed.descricao["data"]).replace(tzinfo=timezone.utc)



ATOM = "http://www.w3.org/2005/Atom"


def _el(parent, tag: str, text: str | None = None, **attrib):

    node = etree.SubElement(parent, f"{{{ATOM}}}{tag}", {k: v for k, v in attrib.items() if v is not None})
    if text is not None:
        node.text = xml_text(text)
    return node


def _feed(title: str, feed_id: str, self_href: str, newest: PublishedEdition):
    """An Atom feed (RFC 4287) built with lxml (every text escaped by the serialiser). feedgen,
    the usual library, was measured and left: its 1.0.0 drops rel, type and length of every
    entry link, so a PDF enclosure came out as a second 'alternate' link."""
    feed = etree.Element(f"{{{ATOM}}}feed", nsmap={None: ATOM})
    feed.set("{http://www.w3.org/XML/1998/namespace}lang", "pt-BR")
    _el(feed, "id", feed_id)
    _el(feed, "title", title)
    _el(feed, "updated", _updated(newest).isoformat())
    author = _el(feed, "author")
    _el(author, "name", newest.descricao.get("diario", "Diário oficial"))
    _el(feed, "link", href=self_href.rsplit("/", 1)[-1], rel="self", type="application/atom+xml")
    _el(feed, "link", href="index.html", rel="alternate", type="text/html")
    _el(feed, "generator", "lexconsolida")
    return feed


def _entry(feed, entry_id: str, title: str, when: datetime, summary: str):
    entry = _el(feed, "entry")
    _el(entry, "id", entry_id)
    _el(entry, "title", title)
    _el(entry, "updated", when.isoformat())
    _el(entry, "published", when.isoformat())
    _el(entry, "summary", summary)
    return entry


def _bytes(feed) -> bytes:

    return etree.tostring(feed, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def feed_editions(newest_first: list[PublishedEdition], by_urn: dict[str, SiteAct]) -> bytes:
    """Atom: one entry per edition, newest first (link to its page and, as enclosure, the PDF)."""
    feed = _feed("Edições do diário oficial", "urn:lexconsolida:diario:edicoes", FEED_EDITIONS, newest_first[0])
    for ed in newest_first:
        d = ed.descricao
        titles = "; ".join(a["titulo"] for a in d.get("atos", []))
        entry = _entry(feed, f"urn:lexconsolida:diario:{ed.municipio}:{ed.stem}", ed.titulo, _updated(ed),
                       f"{len(d.get('atos', []))} ato(s): {titles}. Código de verificação {d.get('codigo')}; "
                       f"SHA-256 do PDF {ed.sha256}.")
        _el(entry, "link", href=ed.href.removeprefix("diario/"), rel="alternate", type="text/html")
        _el(entry, "link", href=ed.pdf_href.removeprefix("diario/"), rel="enclosure", type="application/pdf",
            length=str(ed.size))
    return _bytes(feed)


def feed_acts(newest_first: list[PublishedEdition], by_urn: dict[str, SiteAct]) -> bytes:
    """Atom: one entry per act published in an edition, newest edition first."""
    feed = _feed("Atos publicados no diário oficial", "urn:lexconsolida:diario:atos", FEED_ACTS, newest_first[0])
    for ed in newest_first:
        for act in ed.descricao.get("atos", []):
            site_act = by_urn.get(act["urn"])
            ementa = (site_act.facts.ementa if site_act is not None else None) or ""
            entry_id = (f"{act['urn']}#{ed.stem}" if act.get("urn")
                        else f"urn:lexconsolida:diario:{ed.municipio}:{ed.stem}:{act['anexo']}")
            again = republication(act, ed, newest_first[::-1],
                                  site_act.facts.publicacao if site_act is not None else None) if act.get("urn") else None
            entry = _entry(feed, entry_id,
                           act["titulo"] + (f" ({again})" if again else ""), _updated(ed),
                           (f"{ementa} " if ementa else "") + f"Publicado no {ed.titulo}"
                           + (f", página {act['pagina']}" if act.get("pagina") else "") + ".")
            href = f"../{site_act.path}/index.html" if site_act else ed.href.removeprefix("diario/")
            _el(entry, "link", href=href, rel="alternate", type="text/html")
            _el(entry, "link", href=ed.href.removeprefix("diario/"), rel="related", type="text/html")
    return _bytes(feed)
