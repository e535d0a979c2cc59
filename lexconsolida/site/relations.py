"""Relations between the acts of the site: what each act alters, revokes, regulates, and by whom.

Relations come from two places: those an act declares (``[[relacoes]]`` in norma.toml, or the
corpus loader) and those its history implies (each Version made by another act). Each act's
page lists both directions: "Alterado por / Revogado por / Regulamentado por / Consolidado
por" and "Altera / Revoga / Regulamenta / Consolida".
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from lexconsolida.model import LexId, Norma, Urn
from lexconsolida.model.numbering import AGRUPADOR_NAMES, int_to_letter, int_to_roman
from lexconsolida.site.links import Resolver
from lexconsolida.site.model import SiteAct, SiteCorpus
from lexconsolida.writers.html.links import relative_href
from lexconsolida.writers.html.view import titulo_ato

INCOMING = {"altera": "Alterado por", "revoga": "Revogado por",
            "regulamenta": "Regulamentado por", "consolida": "Consolidado por"}
OUTGOING = {"altera": "Altera", "revoga": "Revoga",
            "regulamenta": "Regulamenta", "consolida": "Consolida"}
ORDER = ("revoga", "altera", "consolida", "regulamenta")
PROPOSED_INCOMING = {"altera": "Alteração proposta por", "revoga": "Revogação proposta por",
                     "regulamenta": "Regulamentação proposta por",
                     "consolida": "Consolidação proposta por"}
PROPOSED_OUTGOING = {"altera": "Propõe alterar", "revoga": "Propõe revogar",
                     "regulamenta": "Propõe regulamentar", "consolida": "Propõe consolidar"}
"""Relations declared by a document without normative value (a minuta that would revoke acts):
proposals, never shown as what happened."""


def _proposed(urn: str, resolver: Resolver) -> bool:
    act = resolver.act_for_urn(urn)
    return act is not None and not act.facts.status().normative


@dataclass(slots=True)
class Link:
    """One relation as the graph holds it (one per kind, source and target)."""

    tipo: str
    source: str
    target: str
    via: set[str] = field(default_factory=set)
    """Dispositivos of the source act that make the change ('art31')."""
    changed: set[str] = field(default_factory=set)
    """Dispositivos of the target act it changed."""
    label: str | None = None
    """How the history names the source act, when it is outside the corpus."""
    notas: list[str] = field(default_factory=list)
    """Notes of the declared relation ('Efeito condicionado à aprovação da minuta')."""


_TABLE_PARTS = {"anx": "Anexo", "tab": "tabela", "lin": "linha", "txt": "parágrafo"}


@lru_cache(maxsize=65536)
def id_label(node_id: str) -> str:
    """A readable citation of a LexML id: 'art5_par1' → 'art. 5º, § 1º'; the ids of annexes and
    tables too ('anx2_tab1' → 'Anexo II, tabela 1').

    >>> id_label("art20_cpt_inc3_ali2"), id_label("art12_par1u"), id_label("cap2_sec1")
    ('art. 20, inciso III, alínea b', 'art. 12, parágrafo único', 'capítulo II, seção I')
    >>> id_label("anx2_tab1"), id_label("art5_cpt_tab1")
    ('Anexo II, tabela 1', 'art. 5º, tabela 1')
    """
    try:
        comps = LexId.parse(node_id).components
    except ValueError:
        return node_id
    out = []
    for c in comps:
        if c[:3] in _TABLE_PARTS:  # an annex, a table, a row (docs/tabelas.md): not a dispositivo's id
            num = c[3:]
            out.append(f"{_TABLE_PARTS[c[:3]]} {int_to_roman(int(num)) if c[:3] == 'anx' and num.isdigit() else num}")
            continue
        lid = LexId(c)
        n = lid.number
        if lid.kind == "caput" or n is None:
            continue
        suf = n.suffix_text
        ordinal = f"{n.value}º{suf}" if n.value < 10 else f"{n.value}{suf}"
        if lid.kind == "artigo":
            out.append(f"art. {ordinal}")
        elif lid.kind == "paragrafo":
            out.append("parágrafo único" if lid.is_unico else f"§ {ordinal}")
        elif lid.kind == "inciso":
            out.append(f"inciso {int_to_roman(n.value)}{suf}")
        elif lid.kind == "alinea":
            out.append(f"alínea {int_to_letter(n.value)}{suf.lower()}")
        elif lid.kind == "item":
            out.append(f"item {n.value}{suf}")
        else:
            name = AGRUPADOR_NAMES.get(lid.kind, lid.kind).lower()
            out.append(f"{name} {int_to_roman(n.value)}{suf}")
    return ", ".join(out) or node_id


def build_graph(corpus: SiteCorpus) -> list[Link]:
    """Every relation between acts, declared or implied, merged by (kind, source, target)."""
    merged: dict[tuple[str, str, str], Link] = {}
    for act in corpus.acts:
        for rel in act.relations:
            target, _, frag = rel.target.partition("!")
            link = merged.setdefault((rel.tipo, rel.source, target), Link(rel.tipo, rel.source, target))
            if rel.dispositivo:
                link.via.add(rel.dispositivo)
            if rel.nota and rel.nota not in link.notas:
                link.notas.append(rel.nota)
            if frag:
                link.changed.add(frag)
        for tipo, source, changed, label in act.facts.history:
            link = merged.setdefault((tipo, source, act.urn), Link(tipo, source, act.urn))
            link.changed.update(changed)
            link.label = link.label or label
    return sorted(merged.values(), key=lambda k: (k.tipo, k.source, k.target))


def _name(urn: str, resolver: Resolver, label: str | None) -> str:
    act = resolver.act_for_urn(urn)
    if act is not None:
        return act.facts.titulo
    if label:
        return label
    try:
        u = Urn.parse(urn)
        return titulo_ato(Norma(tipo=u.tipo.replace(".", " ").capitalize(), numero=u.numero, data=u.data))
    except ValueError:
        return urn


def _detail(ids: set[str], prefix: str, notas: list[str] = ()) -> str | None:
    parts = []
    if ids:
        labels = [id_label(i) for i in sorted(ids, key=_id_order)]
        if len(labels) > 6:
            labels = labels[:6] + [f"e mais {len(ids) - 6}"]
        parts.append(f"{prefix} {'; '.join(labels)}")
    parts += notas
    return f"({'. '.join(p.rstrip('.') for p in parts)})" if parts else None


def _id_order(node_id: str) -> tuple[list[tuple[str, tuple[int, ...]]], str]:
    """Document order of ids: each part a (kind, numbers) pair, so 'art5-1' (an article added
    after art. 5º) and 'art5_par1' (its paragraph) compare without mixing kinds and numbers.
    The id itself breaks ties ('art2_par1u' and 'art2_par1', the parágrafo único renumbered § 1º,
    share a place): the ids come from a set, and a tie left to its order changed the page from
    one run to the next."""
    return ([(c[:3], tuple(int(x) if x.isdigit() else 0 for x in c[3:].rstrip("u").split("-") if x))
             for c in node_id.split("_")], node_id)


def index_graph(graph: list[Link]) -> dict[str, list[Link]]:
    """URN → the links that touch that act (as source or target), in graph order."""
    out: dict[str, list[Link]] = defaultdict(list)
    for link in graph:
        out[link.target].append(link)
        if link.source != link.target:
            out[link.source].append(link)
    return out


def groups_for(act: SiteAct, links: list[Link], resolver: Resolver, page_dir: str) -> list[dict]:
    """The 'Relações com outros atos' groups of an act's page, in a fixed order.

    ``links`` are the links touching the act (:func:`index_graph`).
    """
    incoming: dict[str, list[dict]] = defaultdict(list)
    outgoing: dict[str, list[dict]] = defaultdict(list)
    for link in links:
        proposed = _proposed(link.source, resolver)
        if link.target == act.urn:
            key = f"{link.tipo}:proposta" if proposed else link.tipo
            other = resolver.act_for_urn(link.source)
            frag = sorted(link.via, key=_id_order)[0] if link.via else None
            href = _href(other, frag, resolver, page_dir)
            incoming[key].append({
                "texto": _name(link.source, resolver, link.label), "href": href,
                "detalhe": _detail(link.changed, "dispositivos atingidos:", link.notas)
                if link.changed or link.notas else _detail(link.via, "por meio do", [])})
        if link.source == act.urn:
            other = resolver.act_for_urn(link.target)
            outgoing[f"{link.tipo}:proposta" if proposed else link.tipo].append({
                "texto": _name(link.target, resolver, None),
                "href": _href(other, None, resolver, page_dir),
                "detalhe": _detail(link.via, "por meio do", link.notas)})
    out = []
    sides: tuple[tuple[dict[str, list[dict]], dict[str, str], dict[str, str]], ...] = (
        (incoming, INCOMING, PROPOSED_INCOMING), (outgoing, OUTGOING, PROPOSED_OUTGOING))
    for side, titles, proposals in sides:
        for tipo in ORDER:
            if side.get(tipo):
                out.append({"titulo": titles[tipo], "itens": side[tipo]})
        for tipo in ORDER:
            if side.get(f"{tipo}:proposta"):
                out.append({"titulo": proposals[tipo], "itens": side[f"{tipo}:proposta"]})
    return out


def _href(act: SiteAct | None, frag: str | None, resolver: Resolver, page_dir: str) -> str | None:
    if act is None:
        return None
    href = relative_href(page_dir, f"{act.path}/index.html")
    frag = resolver.fragment_in(act, frag)
    return f"{href}#{frag}" if frag else href
