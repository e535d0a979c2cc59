"""A SAPL compilation read back: its rows keyed as :mod:`lexconsolida.sapl.plan` keys them, and
the texto articulado as a lexconsolida :class:`~lexconsolida.model.Norma` with its history.

A unit is a chain of rows (``dispositivo_substituido`` → ``dispositivo_subsequente``); its
LexML id comes from its newest row's type and numbers and from its parent's id (an artigo's
id stands alone, an inciso of an artigo goes under its caput, as LexML has it), so a
compilation made by hand in SAPL and one lexconsolida exported get the same ids for the same
units. Each row is one wording, from ``inicio_vigencia``; the act that gave it is the norma of
its ``ta_publicado`` ('inclusão' when it replaces nothing, 'revogação' when SAPL marks it
revoked, 'renumeração' when only the rótulo changed, 'redação' otherwise).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Event, Kind, Norma, Situacao, Version
from lexconsolida.model.ids import PREFIX_OF_KIND
from lexconsolida.model.numbering import Number, int_to_letter, label_for
from lexconsolida.sapl.labels import UNICO, component_of
from lexconsolida.sapl.plan import ORIGINAL, Key, block_key, unit_key
from lexconsolida.sapl.tables import BLOCK_CSS, ROOT_CSS, Tables

AGRUPADORES = {k.value for k in AgrupadorKind}
DISPOSITIVOS = {"artigo", "caput", "paragrafo", "inciso", "alinea", "item"}


@dataclass(slots=True)
class Chain:
    """One unit: its rows, oldest wording first."""

    rows: list[dict]
    kind: str | None
    uid: str = ""
    parent: "Chain | None" = None
    children: list["Chain"] = field(default_factory=list)

    @property
    def last(self) -> dict:
        return self.rows[-1]


def chains(rows: list[dict], tables: Tables) -> list[Chain]:
    """The units of one texto articulado's rows (``ta`` = its id), in reading order."""
    by_id = {r["id"]: r for r in rows}
    prev = {r["id"]: r.get("dispositivo_substituido") for r in rows}
    nxt = {r["id"]: r.get("dispositivo_subsequente") for r in rows}
    head: dict[int, int] = {}
    out: list[Chain] = []
    for r in sorted(rows, key=lambda r: r["ordem"]):
        if r["id"] in head:
            continue
        first = r["id"]
        seen = {first}
        while prev.get(first) in by_id and prev[first] not in seen:  # walk back to the original
            first = prev[first]
            seen.add(first)
        members, cur = [], first
        while cur in by_id and cur not in head:
            head[cur] = first
            members.append(by_id[cur])
            cur = nxt.get(cur)
        if r["id"] not in head:  # a row the links do not reach: a unit of its own
            head[r["id"]] = r["id"]
            members = [r]
        members.sort(key=lambda m: (m["inicio_vigencia"] or "", m["ordem"]))
        out.append(Chain(members, tables.kind_of(members[-1]["tipo_dispositivo"])))
    chain_of = {row["id"]: c for c in out for row in c.rows}
    for c in out:
        pai = c.last.get("dispositivo_pai")
        c.parent = chain_of.get(pai) if pai is not None else None
        if c.parent is not None:
            c.parent.children.append(c)
    for c in out:  # ids from the top down
        if c.parent is None:
            _ids(c, "")
    return out


def _numbers(row: dict) -> tuple[int, ...]:
    return tuple(row.get(f"dispositivo{i}") or 0 for i in range(6))


def _ids(c: Chain, parent_uid: str, parent_kind: str | None = None) -> None:
    kind = c.kind
    nums = _numbers(c.last)
    only = bool(UNICO.search(c.last.get("rotulo") or ""))
    if kind == ROOT_CSS and c.parent is None:
        c.uid = ""
    elif kind == BLOCK_CSS:
        c.uid = f"bloco:{parent_uid}:{nums[0]}"
    elif kind == "artigo":
        c.uid = component_of("art", nums, only=only)
    elif kind in AGRUPADORES:
        comp = component_of(PREFIX_OF_KIND[kind], nums, only=only)
        c.uid = f"{parent_uid}_{comp}" if parent_kind in AGRUPADORES and parent_uid else comp
    elif kind == "caput":
        c.uid = f"{parent_uid}_cpt"
    elif kind in DISPOSITIVOS:
        comp = component_of(PREFIX_OF_KIND[kind], nums, only=only)
        base = parent_uid + "_cpt" if parent_kind == "artigo" and kind in ("inciso", "alinea") else parent_uid
        c.uid = f"{base}_{comp}" if base else comp
    else:  # a type LexML has no name for (ementa, anexo, texto não estruturado …)
        c.uid = f"sapl{c.rows[0]['id']}"
    for child in c.children:
        _ids(child, c.uid, kind)


def keys(rows: list[dict], tables: Tables, act_of_ta: Callable[[int], str], urn: str) -> dict[int, Key]:
    """Row id → its key (:mod:`lexconsolida.sapl.plan`): units by (act, id, act of the wording),
    blocks by (act, host unit, number). ``act_of_ta``: the act URN of a texto articulado id."""
    out: dict[int, Key] = {}
    for c in chains(rows, tables):
        if c.kind == BLOCK_CSS:
            host = c.parent.uid if c.parent is not None else ""
            for row in c.rows:
                out[row["id"]] = block_key(urn, host, _numbers(row)[0])
            continue
        seen: dict[str, int] = defaultdict(int)
        for row in c.rows:
            ta = row.get("ta_publicado")
            version = ORIGINAL if ta is None else act_of_ta(ta)
            seen[version] += 1
            if seen[version] > 1:
                version = f"{version}#{seen[version]}"
            out[row["id"]] = unit_key(urn, c.uid, version)
    return out


# --- a texto articulado as a Norma ------------------------------------------------------------

@dataclass(slots=True)
class Acts:
    """How the rows' acts are named: a texto articulado id → (URN, label, vigência)."""

    urn: Callable[[int], str | None]
    label: Callable[[int], str | None]


def to_norma(rows: list[dict], tables: Tables, acts: Acts, meta: Norma) -> Norma:
    """The texto articulado as a Norma: ``meta``'s metadata, the units of ``rows`` with their
    wordings as the câmara recorded them (a unit's history when it has more than its
    original)."""
    top: list = []
    for c in chains(rows, tables):
        if c.parent is None:
            if c.kind == ROOT_CSS:
                top.extend(n for ch in c.children if (n := _node(ch, acts)) is not None)
            else:
                n = _node(c, acts)
                if n is not None:
                    top.append(n)
    meta.articulacao = top
    return meta


def _node(c: Chain, acts: Acts) -> Agrupador | Dispositivo | None:
    kind = c.kind
    node: Agrupador | Dispositivo
    if kind in AGRUPADORES:
        versions = _versions(c, acts, agrupador=True)
        node = Agrupador(AgrupadorKind(kind), c.uid, rotulo=c.last.get("rotulo") or None,
                         rotulo_printed=c.last.get("rotulo") or None, number=row_number(c.last),
                         nome=(versions[-1].text or None) if versions else None)
        node.situacao = versions[-1].situacao if versions else Situacao.VIGENTE
        node.history = versions if _has_history(versions) else []
    elif kind in DISPOSITIVOS:
        d = Dispositivo(Kind(kind), c.uid, rotulo=row_label(kind, c.last), rotulo_printed=c.last.get("rotulo") or None,
                        number=row_number(c.last) if kind not in ("caput",) else None)
        if kind != "artigo":
            versions = _versions(c, acts)
            d.text = versions[-1].text if versions else ""
            d.situacao = versions[-1].situacao if versions else Situacao.VIGENTE
            d.history = versions if _has_history(versions) else []
        node = d
    else:
        return None
    for child in c.children:
        n = _node(child, acts)
        if n is not None:
            node.children.append(n)  # type: ignore[arg-type]  # an agrupador holds both kinds
    if isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO:
        _article(node, c, acts)
    return node


def _article(node: Dispositivo, c: Chain, acts: Acts) -> None:
    """An artigo's wordings live on its caput (lexconsolida's rule): the caput's versions
    carry the artigo's rótulo at their date, and an artigo included by an act whose caput
    says nothing of it gets the inclusion on its caput."""
    cap = node.caput
    if cap is None:
        return
    node.situacao = cap.situacao
    labels = [(r.get("inicio_vigencia") or "", row_label("artigo", r)) for r in c.rows]
    for v in cap.history:
        when = v.start or ""
        v.rotulo = next((lab for start, lab in reversed(labels) if start <= when), labels[0][1])
    if not cap.history and (len(c.rows) > 1 or c.rows[0].get("ta_publicado")):
        cap.history = [Version(cap.text, _event(c.rows[0], None, acts), c.rows[0].get("inicio_vigencia"), None,
                               cap.situacao, node.rotulo)]


def _has_history(versions: list[Version]) -> bool:
    return len(versions) > 1 or (bool(versions) and versions[0].event.kind != "original")


def _versions(c: Chain, acts: Acts, agrupador: bool = False) -> list[Version]:
    out: list[Version] = []
    prev_row: dict | None = None
    for row in c.rows:
        revoked = bool(row.get("dispositivo_de_revogacao"))
        text = row.get("texto") or ""
        if revoked and out:
            text = out[-1].text  # lexconsolida keeps a revoked unit's last wording
        ev = _event(row, prev_row, acts)
        start = row.get("inicio_vigencia") if ev.kind != "original" else None
        if out:
            out[-1].end = row.get("inicio_vigencia")
        out.append(Version(text, ev, start, None, Situacao.REVOGADO if revoked else Situacao.VIGENTE,
                           None if agrupador else row_label(c.kind or "", row)))
        prev_row = row
    return out


def _event(row: dict, prev: dict | None, acts: Acts) -> Event:
    ta = row.get("ta_publicado")
    if ta is None:
        return Event("original")
    if row.get("dispositivo_de_revogacao"):
        kind = "revogacao"
    elif prev is None:
        kind = "inclusao"
    elif (prev.get("texto") or "") == (row.get("texto") or "") and prev.get("rotulo") != row.get("rotulo"):
        kind = "renumeracao"
    else:
        kind = "redacao"
    return Event(kind, acts.urn(ta), acts.label(ta), row.get("inicio_vigencia"))


def row_number(row: dict) -> Number | None:
    nums = _numbers(row)
    if not nums[0]:
        return None
    return Number(nums[0], tuple(int_to_letter(n).upper() for n in nums[1:] if n))


def row_label(kind: str, row: dict) -> str | None:
    """lexconsolida's normalised rótulo of a SAPL row ('Art. 1º', not SAPL's 'Art. 1º.')."""
    if kind == "caput" or kind not in DISPOSITIVOS:
        return None
    nums = _numbers(row)
    try:
        if kind == "paragrafo" and nums[0] == 0:
            return label_for(kind, None, unico=True)
        return label_for(kind, row_number(row))
    except ValueError:
        return (row.get("rotulo") or "").strip() or None
