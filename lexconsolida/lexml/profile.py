"""Which LexML schema a Norma fits: ``lexml-br-rigido`` (LC 95 structure) or ``lexml-flexivel``.

The rigid profile is preferred: it is the only one whose content models accept the alteration
markers (``abreAspas``, ``fechaAspas``, ``notaAlteracao`` on the quoted units, Omissis inside
a quoted article). A Norma fits it when

- every dispositivo and omissis id matches the rigid schema's own id patterns (read from the
  shipped ``lexml-br-rigido.xsd``, so a schema fix upstream is picked up by replacing the file);
- agrupadores nest as the rigid schema says (Parte → Livro → Título → Subtítulo/Capítulo →
  Seção → Subseção), each with its artigos before its sub-agrupadores;
- artigos hold a Caput then Parágrafos; Caput and Parágrafo hold Incisos; Incisos hold
  Alíneas; Alíneas hold Itens (inside quoted blocks also Alíneas under Caput/Parágrafo and
  Itens under Incisos, plus Omissis where the schema allows).

About the rigid ``idAgregador`` pattern (see ``docs/lexml.md``): it rejects an id with a
``tit`` component not followed by ``stt`` (``tit2_cap1``), but no element of the schema uses
that type — agrupadores take their ``id`` from ``corereq`` (plain ``xsd:ID``) — so a validator
accepts such ids, and so do we: agrupador ids are only required to be unique, as the schema
really checks. The dead pattern is not enforced.

>>> from lexconsolida.model import Agrupador, AgrupadorKind
>>> rigid_violation(Norma(articulacao=[Agrupador(AgrupadorKind.SUBSECAO, "sub1")]))
'subseção no topo da articulação'
"""

from __future__ import annotations

import re
from functools import cache

from lxml import etree

from lexconsolida import patterns

from lexconsolida.errors import UsageError
from lexconsolida.lexml.schemas import SCHEMAS
from lexconsolida.lexml.xml_safe import safe_parser
from lexconsolida.model import Agrupador, AgrupadorKind, Alteracao, Dispositivo, Kind, Norma

RIGIDO = "lexml-rigido"
FLEXIVEL = "lexml-flexivel"
PROFILES = (RIGIDO, FLEXIVEL)

_XSD = "{http://www.w3.org/2001/XMLSchema}"

# Rigid content models of agrupadores: allowed child kinds, in the order they must appear.
_RIGID_AGRUPADOR_CHILDREN: dict[AgrupadorKind, tuple[str, ...]] = {
    AgrupadorKind.PARTE: ("artigo", "livro"),
    AgrupadorKind.LIVRO: ("artigo", "titulo"),
    AgrupadorKind.TITULO: ("artigo", "capitulo", "subtitulo"),
    AgrupadorKind.SUBTITULO: ("artigo", "capitulo"),
    AgrupadorKind.CAPITULO: ("artigo", "secao"),
    AgrupadorKind.SECAO: ("artigo", "subsecao"),
    AgrupadorKind.SUBSECAO: ("artigo",),
}
# Rigid content models of dispositivos (outside quoted blocks).
_RIGID_CHILDREN: dict[Kind, frozenset[Kind]] = {
    Kind.CAPUT: frozenset({Kind.INCISO}),
    Kind.PARAGRAFO: frozenset({Kind.INCISO}),
    Kind.INCISO: frozenset({Kind.ALINEA}),
    Kind.ALINEA: frozenset({Kind.ITEM}),
    Kind.ITEM: frozenset(),
}
# ... and inside quoted blocks ("EmAlteracao" types).
_RIGID_CHILDREN_ALT: dict[Kind, frozenset[Kind]] = {
    Kind.CAPUT: frozenset({Kind.INCISO, Kind.ALINEA, Kind.OMISSIS}),
    Kind.PARAGRAFO: frozenset({Kind.INCISO, Kind.ALINEA, Kind.OMISSIS}),
    Kind.INCISO: frozenset({Kind.ALINEA, Kind.ITEM, Kind.OMISSIS}),
    Kind.ALINEA: frozenset({Kind.ITEM, Kind.OMISSIS}),
    Kind.ITEM: frozenset(),
    Kind.OMISSIS: frozenset(),
}


@cache
def _rigid_id_sources() -> dict[str, list[str]]:
    """The rigid schema's id patterns ('idArtigo', 'idOmissis', 'idAgregador'), as written in it."""
    doc = etree.parse(str(SCHEMAS[RIGIDO]), safe_parser())
    out: dict[str, list[str]] = {}
    for st in doc.iter(f"{_XSD}simpleType"):
        name = st.get("name")
        pats = [p.get("value") for p in st.iter(f"{_XSD}pattern")]
        if name in ("idArtigo", "idOmissis", "idAgregador") and pats:
            out[name] = pats
    return out


def rigid_id_patterns() -> dict[str, list[re.Pattern]]:
    """The rigid schema's id patterns, compiled."""
    return {name: [re.compile(p) for p in pats] for name, pats in _rigid_id_sources().items()}


@cache
def _rigid_id_pattern(kind: str) -> re.Pattern:
    """The patterns of ``kind`` as one alternation: one match per id instead of one per pattern
    (compiled through :mod:`lexconsolida.patterns`: the alternation is long)."""
    return patterns.compile("|".join(f"(?:{p})" for p in _rigid_id_sources()[kind]))


def _id_ok(kind: str, xml_id: str) -> bool:
    return _rigid_id_pattern(kind).fullmatch(xml_id) is not None


def _kind_name(node: Agrupador | Dispositivo) -> str:
    return node.kind.value


def _check_agrupador_children(
    parent: Agrupador, children: list, in_alt: bool
) -> str | None:
    order = _RIGID_AGRUPADOR_CHILDREN[parent.kind]
    rank = 0
    prev_omissis = False
    for c in children:
        name = _kind_name(c)
        if name == "omissis" and in_alt:
            # Omissis: among the artigos, or once right after a sub-agrupador.
            if rank > 0 and prev_omissis:
                return f"omissis repetido em {parent.id}"
            prev_omissis = True
            continue
        prev_omissis = False
        if name not in order:
            return f"{name} não pode estar em {parent.kind.value} ({parent.id}) no esquema rígido"
        r = order.index(name)
        if r < rank or (in_alt and r == 0 and rank > 0):
            return f"ordem de {name} em {parent.id} não segue o esquema rígido"
        rank = r
    return None


def _check_node(node, prefix: str, in_alt: bool) -> str | None:
    xml_id = prefix + node.id
    if isinstance(node, Agrupador):
        err = _check_agrupador_children(node, node.children, in_alt)
        if err:
            return err
    else:
        err = _check_dispositivo(node, xml_id, in_alt)
        if err:
            return err
        for alt in node.alteracoes:
            err = _check_alteracao(alt, prefix)
            if err:
                return err
    artigo_id = _rigid_id_pattern("idArtigo").fullmatch
    for c in node.children:
        # a leaf dispositivo (most of them) has only its id to check: inline, not a call per unit
        if type(c) is Dispositivo and not c.children and not c.alteracoes and c.kind is not Kind.OMISSIS \
                and c.kind is not Kind.ARTIGO:
            if artigo_id(prefix + c.id) is None:
                return f"id {prefix + c.id!r} recusado pelo esquema rígido"
            continue
        err = _check_node(c, prefix, in_alt)
        if err:
            return err
    return None


def _check_dispositivo(d: Dispositivo, xml_id: str, in_alt: bool) -> str | None:
    if d.kind is Kind.OMISSIS:
        if not in_alt:
            return f"omissis fora de bloco de alteração ({xml_id})"
        return None if _id_ok("idOmissis", xml_id) else f"id {xml_id!r} recusado pelo esquema rígido"
    if not _id_ok("idArtigo", xml_id):
        return f"id {xml_id!r} recusado pelo esquema rígido"
    if not d.children and d.kind is not Kind.ARTIGO:
        return None  # a leaf (most units): no content model to check
    kinds = [c.kind for c in d.children]
    if d.kind is Kind.ARTIGO:
        if not kinds or kinds[0] is not Kind.CAPUT:
            return f"artigo {xml_id} sem caput"
        allowed = {Kind.PARAGRAFO, Kind.OMISSIS} if in_alt else {Kind.PARAGRAFO}
        bad = [k for k in kinds[1:] if k not in allowed]
        return f"{bad[0].value} diretamente no artigo {xml_id}" if bad else None
    table = _RIGID_CHILDREN_ALT if in_alt else _RIGID_CHILDREN
    bad = [k for k in kinds if k not in table[d.kind]]
    if bad:
        return f"{bad[0].value} dentro de {d.kind.value} ({xml_id}) não segue a LC 95"
    return None


_RIGID_ALT_TOP = {"artigo", "paragrafo", "inciso", "alinea", "item", "omissis"} | {
    k.value for k in AgrupadorKind
}


def _check_alteracao(alt: Alteracao, prefix: str) -> str | None:
    alt_prefix = prefix + alt.id + "_"
    if not alt.children:
        return f"bloco de alteração vazio ({alt.id})"
    for c in alt.children:
        if _kind_name(c) not in _RIGID_ALT_TOP or _kind_name(c) == "caput":
            return f"{_kind_name(c)} no topo do bloco {alt.id}"
        err = _check_node(c, alt_prefix, True)
        if err:
            return err
    return None


def rigid_violation(norma: Norma) -> str | None:
    """Why ``norma`` cannot be written in the rigid profile (Portuguese), or None if it can."""
    for node in norma.articulacao:
        if isinstance(node, Agrupador) and node.kind is AgrupadorKind.SUBSECAO:
            return "subseção no topo da articulação"
        err = _check_node(node, "", False)
        if err:
            return err
    return None


def choose_profile(norma: Norma, requested: str = "auto") -> str:
    """'lexml-rigido' when ``norma`` fits it (or was asked for and fits), else 'lexml-flexivel'."""
    aliases = {"auto": "auto", "rigido": RIGIDO, "flexivel": FLEXIVEL, RIGIDO: RIGIDO, FLEXIVEL: FLEXIVEL}
    if requested not in aliases:
        raise UsageError(f"perfil LexML desconhecido: {requested!r} (use auto, rigido ou flexivel)")
    req = aliases[requested]
    if req == FLEXIVEL:
        return FLEXIVEL
    why = rigid_violation(norma)
    if why is None:
        return RIGIDO
    if req == RIGIDO:
        raise UsageError(f"a norma não cabe no perfil LexML rígido: {why}")
    return FLEXIVEL
