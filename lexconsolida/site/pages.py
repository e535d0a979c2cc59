"""The pages of the site, each as (relative path, content key, producer).

A :class:`Page` is planned cheaply (its key says everything it is made from) and rendered only
when the output set finds its key changed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import lxml.html
from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from lexconsolida.manifest import content_key
from lexconsolida.model import Norma
from lexconsolida.model.dates import format_long
from lexconsolida.model.urn import slug
from lexconsolida.site import jsonld
from lexconsolida.site.links import Resolver
from lexconsolida.site.model import WHY_UNAVAILABLE, SiteAct
from lexconsolida.site.relations import groups_for
from lexconsolida.model.formal import with_formal_parts
from lexconsolida.model.status import LABELS, ORDER, acts_phrase, reference_date
from lexconsolida.transforms.pointintime import at
from lexconsolida.writers.html import templates
from lexconsolida.writers.html.blocks import page_blocos
from lexconsolida.writers.html.links import Linker
from lexconsolida.writers.html.view import VIEW_NOTICES, act_info, decisoes_eficacia, titulo_ato, view_title

GENERATOR = "lexconsolida-site/1"
"""Layout version of the site; with the code's hash, part of every page's key."""

_MD = MarkdownIt("commonmark", {"html": False, "typographer": False})


def markdown(text: str) -> Markup:
    """Markdown to HTML; raw HTML in the source is escaped, never passed through."""
    return Markup(_MD.render(text))


def markdown_inline(text: str) -> Markup:
    return Markup(_MD.renderInline(text))


@dataclass(slots=True)
class Page:
    path: str
    """Relative to the site root ('mt-pedra-preta/lei-846-2015/index.html')."""
    key: str
    render: Callable[[], str | bytes]


@dataclass(slots=True)
class SiteInfo:
    """What every page's header needs."""

    nome: str
    paginas: list[dict]
    """Editorial pages: ``{"titulo": …, "href": …}``."""

    def key(self) -> tuple:
        return (self.nome, [(p["titulo"], p["href"]) for p in self.paginas])


def root_of(page_dir: str) -> str:
    depth = len([p for p in page_dir.split("/") if p])
    return "../" * depth


def _prime(linker: Linker, norma: Norma) -> None:
    """Resolve every text the templates will link, so the linker's results enter the key."""
    for text in (norma.ementa, *norma.preambulo):
        linker(text)
    for node in norma.walk():
        linker(getattr(node, "text", None))
        for v in node.history:
            linker(v.text)
            linker(v.event.nota())
    for doc in norma.documentos:
        for line in doc.text.split("\n"):
            linker(line)


def _short(iso: str) -> str:
    try:
        return f"Em {format_long(iso)}"
    except ValueError:
        return iso


class ActPages:
    """The pages of one act: text in force, compiled text, one per version.

    The act's texts are linked once (at the act's folder) to build the key shared by all its
    pages; each page is then rendered with its own linker only when its key changed.
    """

    def __init__(self, act: SiteAct, resolver: Resolver, links: list, site: SiteInfo,
                 base_key: str, remember: Callable[[str, str, Callable[[], str]], str],
                 edicoes: list[dict] | None = None) -> None:
        self.act = act
        self.edicoes = edicoes or []
        """The gazette editions that published the act (links on its pages)."""
        self.resolver = resolver
        self.links = links
        self.site = site
        self.dates = list(act.facts.dates)
        self.found: dict = {}
        """Citations of each text, shared by all the act's pages."""
        self._linker: Linker | None = None
        # Linking every text is the costly part of the key: remembered while neither the act
        # nor the answers to its citations changed (Resolver.linking_key).
        linked = remember(f"links:{act.path}", resolver.linking_key(act), lambda: self._linked_key())
        self.status = act.facts.status()
        self.key = content_key(base_key, site.key(), act.key, self.dates, linked,
                               groups_for(act, links, resolver, act.path), self.status.label,
                               self.status.detail, self.status.notice, self.edicoes,
                               [d for d in self.dates if d <= reference_date()])

    def _linked_key(self) -> str:
        linker = self._main_linker()
        _prime(linker, self.act.norma)
        return content_key(linker.resolved())

    def _main_linker(self) -> Linker:
        """The linker of the pages in the act's folder (text in force and compiled text)."""
        if self._linker is None:
            self._linker = Linker(self.resolver, self.act, self.act.path, found=self.found)
        return self._linker

    def pages(self) -> Iterator[Page]:
        p = self.act.path
        yield self._page(f"{p}/index.html", p, "vigente", None)
        if self.act.texto_disponivel and self.status.normative:
            yield self._page(f"{p}/compilado.html", p, "compilado", None)
            for d in self.dates:
                yield self._page(f"{p}/versoes/{d}.html", f"{p}/versoes", "vigente", d)

    def _tabs(self, page_dir: str, current: str) -> list[dict]:
        if not self.act.texto_disponivel or not self.status.normative:
            return []
        back = "../" if page_dir.endswith("/versoes") else ""
        tabs = [(view_title(self.act.norma, "vigente"), f"{back}index.html"),
                ("Texto compilado", f"{back}compilado.html")]
        tabs += [(_short(d), f"{'' if back else 'versoes/'}{d}.html") for d in self.dates]
        return [{"rotulo": r, "href": h, "atual": h.rsplit("/", 1)[-1] == current} for r, h in tabs]

    def _page(self, path: str, page_dir: str, view: str, date: str | None) -> Page:
        def render() -> str:
            norma = at(self.act.norma, date) if date else with_formal_parts(self.act.norma)
            if not date and norma.eficacia:  # the text of today: its court decisions as of today
                norma = replace(norma, as_of=reference_date())
            if date:
                ids = frozenset(n.id for n in norma.walk())
                linker = Linker(self.resolver, self.act, page_dir, ids, found=self.found)
            else:
                linker = self._main_linker()
            relacoes = groups_for(self.act, self.links, self.resolver, page_dir)
            tabs = self._tabs(page_dir, path.rsplit("/", 1)[-1])
            return self._render(norma, view, date, page_dir, linker, relacoes, tabs)

        return Page(path, content_key(self.key, path, view, date), render)

    def _render(self, norma, view, date, page_dir, linker, relacoes, tabs) -> str:
        act = self.act
        titulo = titulo_ato(act.norma)
        if date:
            titulo_texto = f"Texto em vigor em {format_long(date)}"
            aviso = ("Versão histórica: o texto como estava em vigor nesta data. "
                     "Para o texto atual, veja o texto vigente.")
        else:
            titulo_texto, aviso = view_title(act.norma, view), VIEW_NOTICES.get(view)
        local = f"Município de {act.municipio.titulo}" if act.municipio else None
        # the status notice says why a text is missing in the standard cases; another reason is said below
        motivo = None if act.motivo_indisponivel in WHY_UNAVAILABLE else act.motivo_indisponivel
        info = act_info(act.norma, localidade=local, orgao=act.orgao,
                        texto_disponivel=act.texto_disponivel, motivo=motivo,
                        fonte_html=markdown_inline(act.fonte) if act.fonte else None,
                        view=view, shown=norma)
        return templates.render(
            "norma.html", norma=norma, view=view, site=self.site, root=root_of(page_dir),
            css_inline=None, page_title=f"{titulo} — {titulo_texto}", current=None,
            nivel_base=3, titulo=titulo, titulo_texto=titulo_texto, aviso_visao=aviso,
            ato=info, abas=tabs, relacoes=relacoes, rich=linker.html, eficacia=decisoes_eficacia(norma),
            blocos=page_blocos(linker.html), edicoes=self.edicoes,
            # structured data (schema.org/Legislation), on the page of the text in force only
            dados_estruturados=jsonld.for_page(act, self.status, f"{act.path}/index.html")
            if view == "vigente" and date is None else None,
        )


TYPE_ORDER = ["lei orgânica", "emenda à lei orgânica", "lei complementar", "lei", "decreto",
              "resolução", "portaria"]
DRAFTS = "Proposições e textos em elaboração (sem valor normativo)"
UNDATED = "sem data"
"""The year group of the acts whose date the acervo does not know (listed after the years)."""
PER_PAGE = 300
"""Acts on one page of the list of a type and year (a longer year is split into pages): with
ementas, ~60 KB of HTML, well under the 200 KB a page of the index may weigh."""


def _type_rank(tipo: str) -> tuple:
    t = tipo.lower()
    if tipo == DRAFTS:
        return (len(TYPE_ORDER) + 1, t)
    return (TYPE_ORDER.index(t) if t in TYPE_ORDER else len(TYPE_ORDER), t)


def _numero_key(act: SiteAct) -> tuple:
    digits = "".join(c for c in act.facts.numero or "" if c.isdigit())
    return (act.facts.data or "", int(digits) if digits else 0, act.path)


def _year_rank(ano: str) -> tuple:
    """Newest year first, the undated last."""
    return (ano == UNDATED, "" if ano == UNDATED else "".join(chr(0x10FFFF - ord(c)) for c in ano))


def index_groups(acts: list[SiteAct], root: str = "") -> list[dict]:
    """Acts by municipality, type and year (newest first, the undated last), each year split
    into pages of :data:`PER_PAGE` acts, with the counts: what the index and the year pages
    print. The counts by status are by each act's main status (:data:`ORDER`): a partition,
    whose numbers add up to the municipality's total."""
    by_place: dict[str, dict] = {}
    for act in acts:
        m = act.municipio
        mid = f"m-{m.slug}" if m else "m-outras"
        place = by_place.setdefault(mid, {"id": mid, "slug": m.slug if m else "outras",
                                          "nome": m.titulo if m else "Outras normas",
                                          "tipos": {}, "situacoes": {}})
        status = act.facts.status()
        # Drafts are never listed among the acts: they have their own group, after them.
        tipo = (act.facts.tipo or "Outros atos") if status.normative else DRAFTS
        tid = f"{mid}-proposicoes" if tipo == DRAFTS else f"{mid}-{slug(tipo).replace('.', '-') or 'outros'}"
        t = place["tipos"].setdefault(tipo, {"id": tid, "nome": tipo, "anos": {}})
        ano = (act.facts.data or "")[:4] or UNDATED
        t["anos"].setdefault(ano, []).append(act)
        # by the main status only: every act counted once, so the counts add up to the total
        place["situacoes"][status.code] = place["situacoes"].get(status.code, 0) + 1
    out = []
    for place in sorted(by_place.values(), key=lambda p: (p["id"] == "m-outras", p["nome"])):
        tipos = []
        for tipo in sorted(place["tipos"], key=_type_rank):
            t = place["tipos"][tipo]
            anos = []
            for ano in sorted(t["anos"], key=_year_rank):
                atos = sorted(t["anos"][ano], key=_numero_key, reverse=True)
                base = f"indice/{place['slug']}/{t['id'].removeprefix(place['id'] + '-')}-" \
                       f"{'sem-data' if ano == UNDATED else ano}"
                chunks = [atos[i:i + PER_PAGE] for i in range(0, len(atos), PER_PAGE)]
                paginas = [{"path": f"{base}.html" if i == 0 else f"{base}-{i + 1}.html",
                            "atos": chunk} for i, chunk in enumerate(chunks)]
                anos.append({"ano": ano, "total": len(atos), "paginas": paginas})
            tipos.append({"id": t["id"], "nome": tipo, "total": sum(a["total"] for a in anos),
                          "anos": anos})
        situacoes = [{"codigo": c, "rotulo": LABELS[c], "total": place["situacoes"][c]}
                     for c in ORDER if c in place["situacoes"]]
        out.append({"id": place["id"], "nome": place["nome"], "slug": place["slug"],
                    "total": sum(t["total"] for t in tipos), "tipos": tipos,
                    "situacoes": situacoes})
    return out


def _index_entry(act: SiteAct, root: str) -> dict:
    n = act.facts
    status = n.status()
    return {
        "href": f"{root}{act.path}/index.html",
        "titulo": n.titulo,
        "ementa": n.ementa,
        "situacao": None if status.code == "vigente" else status.label,
        # a text held back (not published) that the status does not call missing
        "indisponivel": not act.texto_disponivel and status.unavailable is None,
    }


def milhar(n: int) -> str:
    """'5.055' (pt-BR thousands)."""
    return f"{n:,}".replace(",", ".")


def _summary(groups: list[dict]) -> list[dict]:
    """The index's view of the groups: counts and links, no acts."""
    return [{**{k: v for k, v in m.items() if k != "tipos"},
             "tipos": [{**{k: v for k, v in t.items() if k != "anos"},
                        "anos": [{"ano": a["ano"], "total": a["total"],
                                  "href": a["paginas"][0]["path"]} for a in t["anos"]]}
                       for t in m["tipos"]]}
            for m in groups]


def index_pages(acts: list[SiteAct], site: SiteInfo, base_key: str) -> list[Page]:
    """The index (municipalities, types and years with their counts, and the acts by status)
    and one page per type and year (split when long), each well under 200 KB."""
    groups = index_groups(acts)
    summary = _summary(groups)
    pages = [Page("index.html", content_key(base_key, site.key(), summary), lambda: templates.render(
        "indice.html", site=site, root="", css_inline=None, page_title=site.nome,
        current="indice", municipios=summary, total=len(acts), milhar=milhar))]
    for m in groups:
        for t in m["tipos"]:
            for a in t["anos"]:
                for i, pagina in enumerate(a["paginas"]):
                    page_dir = pagina["path"].rsplit("/", 1)[0]
                    root = root_of(page_dir)
                    entries = [_index_entry(act, root) for act in pagina["atos"]]
                    nav = [{"rotulo": str(j + 1), "href": pg["path"].rsplit("/", 1)[1],
                            "atual": j == i} for j, pg in enumerate(a["paginas"])] \
                        if len(a["paginas"]) > 1 else []
                    years = [{"ano": y["ano"], "href": root + y["paginas"][0]["path"],
                              "atual": y["ano"] == a["ano"]} for y in t["anos"]]
                    ano = a["ano"]
                    heading = f"{t['nome']} — {ano}" if ano != UNDATED else f"{t['nome']} — sem data"
                    info = {"municipio": m["nome"], "tipo": t["nome"], "titulo": heading,
                            "total": a["total"], "primeiro": i * PER_PAGE + 1,
                            "ultimo": i * PER_PAGE + len(entries), "anos": years, "paginas": nav,
                            "atos": entries}
                    pages.append(Page(pagina["path"], content_key(base_key, site.key(), info),
                                      functools.partial(_year_page, site, root, info)))
    return pages


def _year_page(site: SiteInfo, root: str, info: dict) -> str:
    return templates.render("ano.html", site=site, root=root, css_inline=None,
                            page_title=f"{info['titulo']} — {info['municipio']} — {site.nome}",
                            current=None, lista=info, milhar=milhar)


_KEPT = re.compile(r"<!--lc:mantida-->.*?<!--/lc:mantida-->\n?", re.S)


_NOTE_OF = r"\((?:Redação dada|Incluíd[oa]|Acrescid[oa]|Acrescentad[oa]|Revogad[oa]|Renumerad[oa]|Suprimid[oa])[^()]*?"
"""The start of a note that says which act gave a unit its wording ('(Redação dada pela …')."""


def shows_changes_of(label: str, text: str) -> bool:
    """Whether a published text (a page's or a document's text) carries the changes of the act
    ``label`` ('Lei nº 20, de 5 de abril de 2021'): a note of a unit's wording names it, or the
    sentence that says which text it is lists it among the alterations it has ('Texto compilado
    …, com as alterações da Lei nº 20, de …' — not among those it lacks)."""
    if re.search(_NOTE_OF + re.escape(label), text):
        return True
    has = re.search(r"com as alterações (.*?)(?:, sem as alterações|, nem as|\.\s)", text, re.S)
    number = label.partition(" nº ")[2]
    return bool(has and number and f"nº {number}" in has.group(1))


def kept_notice(facts, shown: str | None = None) -> str:
    """What a kept page says on top: it may be out of date, which act is pending, and — from
    the page's own text ``shown`` (None: not known) — whether the page already carries that
    act's changes (as they were read when the page was made) or not: the notice says exactly
    what the page holds."""
    if facts.held:
        acts = "; ".join(facts.held)
        one = len(facts.held) == 1
        verb = "não pôde ser aplicada" if one else "não puderam ser aplicadas"
        head = (f"Atenção: este texto pode estar desatualizado. {acts} {verb} a este ato e "
                f"{'está pendente' if one else 'estão pendentes'} de revisão; "
                "o texto abaixo é o publicado antes disso")
        if shown is None:
            return head + "."
        inside = [a for a in facts.held if shows_changes_of(a, shown)]
        outside = [a for a in facts.held if a not in inside]
        if not inside:
            return head + f", sem as alterações {acts_phrase(outside)}."
        with_ = f"já com as alterações {acts_phrase(inside)}, como eram lidas quando foi publicado"
        if not outside:
            return head + f", {with_}."
        return head + f", {with_}, e sem as {acts_phrase(outside)}."
    return ("Atenção: este texto pode estar desatualizado. O texto deste ato no acervo mudou e "
            "não pôde ser lido; o texto abaixo é o publicado antes dessa mudança.")


def page_text(html: str) -> str:
    """The text of a page as a reader sees it (for :func:`kept_notice`)."""
    return " ".join(lxml.html.document_fromstring(html).text_content().split())


def strip_kept_notice(html: str) -> str:
    return _KEPT.sub("", html)


def with_kept_notice(html: str, notice: str) -> str:
    """A kept page (the last good one of an act that could not be rebuilt) with ``notice``
    right under its title: a kept page is never silent."""
    html = strip_kept_notice(html)
    block = (f'<!--lc:mantida--><p class="aviso-mantido" role="note">{escape(notice)}</p>'
             "<!--/lc:mantida-->\n")
    at = html.find("</h1>")
    at = at + len("</h1>\n") if at >= 0 else html.find(">", html.find("<main")) + 1
    return html[:at] + block + html[at:]


SEARCH_FILTERS = [(c, LABELS[c]) for c in ORDER]
"""The status filter of the search page: every status, in the order of importance."""


def search_page(site: SiteInfo, base_key: str) -> Page:
    return Page("busca.html", content_key(base_key, site.key(), "busca", SEARCH_FILTERS),
                lambda: templates.render(
                    "busca.html", site=site, root="", css_inline=None,
                    page_title=f"Busca — {site.nome}", current="busca", situacoes=SEARCH_FILTERS))


def editorial_page(href: str, source: str, site: SiteInfo, base_key: str) -> Page:
    """A Markdown page ('sobre.md' → 'sobre.html'); its first '# ' heading is the h1."""
    title = next((ln[2:].strip() for ln in source.splitlines() if ln.startswith("# ")), href)
    body = markdown(source)
    if not str(body).lstrip().startswith("<h1>"):
        body = Markup("<h1>{}</h1>\n").format(title) + body
    key = content_key(base_key, site.key(), href, source)
    return Page(href, key, lambda: templates.render(
        "pagina.html", site=site, root="", css_inline=None, page_title=f"{title} — {site.nome}",
        current=href, corpo=body))
