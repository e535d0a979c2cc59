"""The pages of the site, each as (relative path, content key, producer).

A :class:`Page` is planned cheaply (its key says everything it is made from) and rendered only
when the output set finds its key changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markupsafe import Markup

from lexconsolida.manifest import content_key
from lexconsolida.model import Norma
from lexconsolida.model.dates import format_long
from lexconsolida.model.urn import slug
from lexconsolida.site import jsonld
from lexconsolida.site.links import Resolver
from lexconsolida.site.model import SiteAct
from lexconsolida.site.relations import groups_for
from lexconsolida.model.formal import with_formal_parts
from lexconsolida.transforms.pointintime import at
from lexconsolida.writers.html import templates
from lexconsolida.writers.html.blocks import page_blocos
from lexconsolida.writers.html.links import Linker
from lexconsolida.writers.html.view import VIEW_NOTICES, act_info, titulo_ato, view_title

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
        # nor the catalogue of the corpus (what citations can resolve to) changed.
        linked = remember(f"links:{act.path}", content_key(act.key, resolver.catalog_key),
                          lambda: self._linked_key())
        self.status = act.facts.status()
        self.key = content_key(base_key, site.key(), act.key, self.dates, linked,
                               groups_for(act, links, resolver, act.path), self.status.label,
                               self.edicoes)

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
        tabs = [("Texto vigente", f"{back}index.html"), ("Texto compilado", f"{back}compilado.html")]
        tabs += [(_short(d), f"{'' if back else 'versoes/'}{d}.html") for d in self.dates]
        return [{"rotulo": r, "href": h, "atual": h.rsplit("/", 1)[-1] == current} for r, h in tabs]

    def _page(self, path: str, page_dir: str, view: str, date: str | None) -> Page:
        def render() -> str:
            norma = at(self.act.norma, date) if date else with_formal_parts(self.act.norma)
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
        info = act_info(act.norma, localidade=local, orgao=act.orgao,
                        texto_disponivel=act.texto_disponivel, motivo=act.motivo_indisponivel,
                        fonte_html=markdown_inline(act.fonte) if act.fonte else None,
                        view=view, shown=norma)
        return templates.render(
            "norma.html", norma=norma, view=view, site=self.site, root=root_of(page_dir),
            css_inline=None, page_title=f"{titulo} — {titulo_texto}", current=None,
            nivel_base=3, titulo=titulo, titulo_texto=titulo_texto, aviso_visao=aviso,
            ato=info, abas=tabs, relacoes=relacoes, rich=linker.html,
            blocos=page_blocos(linker.html), edicoes=self.edicoes,
            # structured data (schema.org/Legislation), on the page of the text in force only
            dados_estruturados=jsonld.for_page(act, self.status, f"{act.path}/index.html")
            if view == "vigente" and date is None else None,
        )


TYPE_ORDER = ["lei orgânica", "emenda à lei orgânica", "lei complementar", "lei", "decreto",
              "resolução", "portaria"]
DRAFTS = "Proposições e textos em elaboração (sem valor normativo)"


def _type_rank(tipo: str) -> tuple:
    t = tipo.lower()
    if tipo == DRAFTS:
        return (len(TYPE_ORDER) + 1, t)
    return (TYPE_ORDER.index(t) if t in TYPE_ORDER else len(TYPE_ORDER), t)


def _numero_key(act: SiteAct) -> tuple:
    digits = "".join(c for c in act.facts.numero or "" if c.isdigit())
    return (act.facts.data or "", int(digits) if digits else 0, act.path)


def index_groups(acts: list[SiteAct], root: str = "") -> list[dict]:
    """Acts by municipality, type and year (newest first) for the index page."""
    by_place: dict[str, dict] = {}
    for act in acts:
        m = act.municipio
        mid = f"m-{m.slug}" if m else "m-outras"
        place = by_place.setdefault(mid, {"id": mid, "nome": m.titulo if m else "Outras normas",
                                          "tipos": {}})
        # Drafts are never listed among the acts: they have their own group, after them.
        tipo = (act.facts.tipo or "Outros atos") if act.facts.status().normative else DRAFTS
        tid = f"{mid}-{slug(tipo).replace('.', '-') or 'outros'}"
        t = place["tipos"].setdefault(tipo, {"id": tid, "nome": tipo, "anos": {}})
        ano = (act.facts.data or "")[:4] or "Sem data"
        t["anos"].setdefault(ano, []).append(act)
    out = []
    for place in sorted(by_place.values(), key=lambda p: (p["id"] == "m-outras", p["nome"])):
        tipos = []
        for tipo in sorted(place["tipos"], key=_type_rank):
            t = place["tipos"][tipo]
            anos = []
            for ano in sorted(t["anos"], reverse=True):
                atos = sorted(t["anos"][ano], key=_numero_key, reverse=True)
                anos.append({"ano": ano, "atos": [_index_entry(a, root) for a in atos]})
            tipos.append({"id": t["id"], "nome": tipo, "anos": anos})
        out.append({"id": place["id"], "nome": place["nome"], "tipos": tipos})
    return out


def _index_entry(act: SiteAct, root: str) -> dict:
    n = act.facts
    status = n.status()
    return {
        "href": f"{root}{act.path}/index.html",
        "titulo": n.titulo,
        "ementa": n.ementa,
        "situacao": None if status.code == "vigente" else status.label,
        "indisponivel": not act.texto_disponivel,
    }


def index_page(acts: list[SiteAct], site: SiteInfo, base_key: str) -> Page:
    groups = index_groups(acts)
    key = content_key(base_key, site.key(), groups)
    return Page("index.html", key, lambda: templates.render(
        "indice.html", site=site, root="", css_inline=None, page_title=site.nome,
        current="indice", municipios=groups, total=len(acts)))


def search_page(site: SiteInfo, base_key: str) -> Page:
    return Page("busca.html", content_key(base_key, site.key(), "busca"), lambda: templates.render(
        "busca.html", site=site, root="", css_inline=None, page_title=f"Busca — {site.nome}",
        current="busca"))


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
