"""Consolidation proper: many acts (each as in force on its date) → one new act.

Pure: :func:`consolidate` reads the source trees and builds a new Norma, never changing them.
Loading the sources from the corpus (point in time, amendment problems) is ``sources.py``'s job.
"""

from __future__ import annotations

import re

from lexconsolida.consolidation import annexes
from lexconsolida.consolidation.final import add_final_clauses, epigrafe, final_clause_kind
from lexconsolida.consolidation.model import Consolidation, Row, SourceAct
from lexconsolida.consolidation.renumber import Moves, Renumbering, in_force, renumber_article
from lexconsolida.consolidation.rewrite import apply_edits, rewrite_citations
from lexconsolida.consolidation.spec import Section, Spec
from lexconsolida.errors import InputError
from lexconsolida.model import Agrupador, AgrupadorKind, Dispositivo, Kind, LexId, Norma, Number
from lexconsolida.model.numbering import int_to_roman


def label_path(index: dict, node_id: str) -> str:
    """How a unit is cited: 'art. 3º, II, a)', 'art. 5º, § 1º', 'art. 8º, caput'."""
    parts = []
    lineage = LexId(node_id).lineage
    for lid in lineage:
        u = index.get(str(lid))
        if u is None or isinstance(u, Agrupador):
            continue
        if u.kind is Kind.CAPUT:
            if lid is lineage[-1]:
                parts.append("caput")
            continue
        label = u.rotulo or u.id
        if u.kind is Kind.ARTIGO:
            label = label.replace("Art.", "art.")
        elif label == "Parágrafo único":
            label = "parágrafo único"
        parts.append(label)
    return ", ".join(parts) or node_id


def source_rotulo(src: SourceAct, d: Dispositivo, index: dict) -> str:
    """'art. 3º, II, a)' for a source unit."""
    return label_path(index, d.id)


def _agrupador(kind: str, number: int, nome: str, new_id: str) -> Agrupador:
    word = AgrupadorKind(kind).word
    return Agrupador(AgrupadorKind(kind), new_id, rotulo=f"{word} {int_to_roman(number)}",
                     number=Number(number), nome=nome)


class _Builder:
    """Places articles, renumbers them, and keeps the correspondence."""

    def __init__(self, spec: Spec, sources: list[SourceAct]):
        self.spec = spec
        self.sources = {s.alias: s for s in sources}
        self.next_article = 1
        self.renum: dict[str, Renumbering] = {s.alias: Renumbering() for s in sources}
        self.struck: dict[str, dict[str, str]] = {s.alias: s.struck for s in sources}
        """Per source, units struck by a court on the spec's date (never carried as valid)."""
        self.placed: dict[tuple[str, str], str] = {}
        """(alias, article id) → where it was placed (for 'placed twice' errors)."""
        self.final_clauses: list[tuple[SourceAct, Dispositivo, str]] = []
        self.set_aside: dict[tuple[str, str], tuple[str, str, str | None]] = {}
        """(alias, article id) → (status, reason, 'alias:destination id' for fusions)."""
        for f in spec.fusoes:
            for sel in f.origem:
                alias, arts = self.select(sel)
                for a in arts:
                    self.set_aside[(alias, a.id)] = ("fundido", f.motivo, f.destino)
        for d in spec.descartes:
            for sel in d.artigos:
                alias, arts = self.select(sel)
                for a in arts:
                    self.set_aside[(alias, a.id)] = ("descartado", d.motivo, None)
        self.moves = Moves()
        self.move_reasons: dict[tuple[str, str], tuple[str, str]] = {}
        """(alias, unit id) moved → (its motive, destination 'alias:id')."""
        for m in spec.deslocamentos:
            src_alias, unit = self.unit(m.origem)
            dst_alias, dest = self.unit(m.destino)
            if unit.kind is Kind.ARTIGO:
                raise InputError(f"deslocamento de {m.origem!r}: artigos se colocam pela "
                                 "[[estrutura]]; desloque parágrafos, incisos, alíneas ou itens",
                                 path=spec.path)
            self.moves.out_of.add((src_alias, unit.id))
            self.moves.into.setdefault((dst_alias, dest.id), []).append((src_alias, unit))
            self.move_reasons[(src_alias, unit.id)] = (m.motivo, m.destino)

    def unit(self, ref: str) -> tuple[str, Dispositivo]:
        """The source unit named 'alias:id'."""
        alias, uid = ref.split(":", 1)
        found = self.sources[alias].norma.find(uid) if alias in self.sources else None
        if not isinstance(found, Dispositivo):
            raise InputError(f"a fonte {alias!r} não tem o dispositivo {uid!r} ({ref!r})",
                             path=self.spec.path)
        return alias, found

    def place(self, alias: str, article: Dispositivo, where: str) -> Dispositivo | None:
        key = (alias, article.id)
        if key in self.placed:
            raise InputError(
                f"o {article.rotulo or article.id} da fonte {alias!r} foi colocado duas vezes "
                f"na estrutura ({self.placed[key]} e {where})", path=self.spec.path,
            )
        self.placed[key] = where
        if key in self.set_aside:
            return None
        if not in_force(article):
            return None
        if article.id in self.struck.get(alias, {}):
            return None  # declared unconstitutional on the spec's date: listed in the rows as such
        kind = final_clause_kind(article)
        if kind:
            self.final_clauses.append((self.sources[alias], article, kind))
            return None
        new = renumber_article(article, self.next_article, self.renum[alias], alias,
                               self.moves, self.renum, self.struck)
        self.next_article += 1
        return new

    def select(self, selector: str) -> tuple[str, list[Dispositivo]]:
        alias, sel = selector.split(":", 1)
        norma = self.sources[alias].norma
        arts = list(norma.artigos())
        if sel == "*":
            return alias, arts
        ids = [a.id for a in arts]
        if "-" in sel and sel.count("art") == 2:
            start, end = (s.strip() for s in sel.split("-", 1)) if sel.count("-") == 1 else _split_range(sel)
            for x in (start, end):
                if x not in ids:
                    raise InputError(f"a fonte {alias!r} não tem o artigo {x!r} (seleção {selector!r})",
                                     path=self.spec.path)
            i, j = ids.index(start), ids.index(end)
            if j < i:
                raise InputError(f"intervalo invertido na seleção {selector!r}", path=self.spec.path)
            return alias, arts[i: j + 1]
        if sel not in ids:
            raise InputError(f"a fonte {alias!r} não tem o artigo {sel!r} (seleção {selector!r})",
                             path=self.spec.path)
        return alias, [arts[ids.index(sel)]]


def _split_range(sel: str) -> tuple[str, str]:
    m = re.match(r"^(art[0-9-]+?)\s*-\s*(art[0-9-]+)$", sel)
    if not m:
        raise ValueError(sel)
    return m.group(1), m.group(2)


def _build_outline(b: _Builder, sections: list[Section], parent_id: str, counters: dict) -> list:
    out: list = []
    for s in sections:
        key = (parent_id, s.tipo)
        counters[key] = counters.get(key, 0) + 1
        gid = str(LexId(parent_id).child(s.tipo, Number(counters[key])))
        g = _agrupador(s.tipo, counters[key], s.nome, gid)
        for selector in s.artigos:
            alias, arts = b.select(selector)
            for a in arts:
                new = b.place(alias, a, f"'{s.nome}'")
                if new is not None:
                    g.children.append(new)
        g.children.extend(_build_outline(b, s.children, gid, counters))
        out.append(g)
    return out


def _source_order(b: _Builder, sources: list[SourceAct]) -> list:
    out: list = []
    counters: dict = {}

    def copy(nodes, parent_id: str, target: list):
        for n in nodes:
            if isinstance(n, Agrupador):
                key = (parent_id, str(n.kind))
                counters[key] = counters.get(key, 0) + 1
                gid = str(LexId(parent_id).child(str(n.kind), Number(counters[key])))
                g = _agrupador(str(n.kind), counters[key], n.nome or "", gid)
                copy(n.children, gid, g.children)
                if g.children:
                    target.append(g)
            elif n.kind is Kind.ARTIGO:
                new = b.place(alias, n, "ordem das fontes")
                if new is not None:
                    target.append(new)

    for src in sources:
        alias = src.alias
        copy(src.norma.articulacao, "", out)
    return out


def consolidate(spec: Spec, sources: list[SourceAct]) -> Consolidation:
    """Merge ``sources`` per ``spec`` into one renumbered act with its correspondence table."""
    for s in sources:
        if s.problems:
            raise InputError(
                f"a fonte {s.alias!r} ({s.label}) tem alterações não resolvidas: "
                + "; ".join(s.problems)
                + ". Registre a decisão no acervo (norma.toml, [[decisoes]]) antes de consolidar.",
                path=spec.path,
            )
    b = _Builder(spec, sources)
    body = _build_outline(b, spec.estrutura, "", {}) if spec.estrutura else _source_order(b, sources)
    if spec.estrutura:
        _check_all_placed(b, sources, spec)

    norma = Norma(
        tipo=spec.norma.get("tipo"), numero=spec.norma.get("numero"), data=spec.norma.get("data"),
        epigrafe=spec.norma.get("epigrafe") or epigrafe(spec.norma),
        ementa=spec.norma.get("ementa"), localidade=spec.norma.get("localidade"),
        urn=spec.norma.get("urn"), articulacao=body, estado="consolidacao",
    )
    for (alias, uid), (_, dest) in b.move_reasons.items():
        if uid not in b.renum[alias].mapping:
            raise InputError(f"o destino do deslocamento de {alias}:{uid} ({dest}) não entrou na "
                             "consolidação", path=spec.path)
    edits, broken = rewrite_citations(norma, b.renum, sources)
    norma.annexes, annex_rows, became = annexes.carry(sources)
    broken += annexes.rewrite_mentions(norma, b.renum, sources, became, edits)
    edits += apply_edits(norma, spec, b.renum)
    final_ids = add_final_clauses(norma, spec, sources)
    rows = _rows(b, sources, norma, final_ids) + annex_rows
    return Consolidation(spec, norma, rows, edits, sources,
                         findings={"broken_citations": broken})


def _check_all_placed(b: _Builder, sources: list[SourceAct], spec: Spec) -> None:
    for s in sources:
        for a in s.norma.artigos():
            key = (s.alias, a.id)
            if key not in b.placed and key not in b.set_aside and in_force(a) and a.id not in s.struck:
                kind = final_clause_kind(a)
                if kind:
                    b.placed[key] = "cláusulas finais"
                    b.final_clauses.append((s, a, kind))
    missing = [
        f"{s.alias}:{a.id}" for s in sources for a in s.norma.artigos()
        if (s.alias, a.id) not in b.placed and (s.alias, a.id) not in b.set_aside
        and in_force(a) and a.id not in s.struck and final_clause_kind(a) is None
    ]
    if missing:
        shown = ", ".join(missing[:12]) + (" …" if len(missing) > 12 else "")
        raise InputError(
            f"{len(missing)} artigo(s) em vigor não colocado(s) na estrutura: {shown}. "
            "Inclua-os em [[estrutura]] (ou use a ordem das fontes, sem [[estrutura]]).",
            path=spec.path,
        )


def _rows(b: _Builder, sources: list[SourceAct], norma: Norma,
          final_ids: dict[str, str]) -> list[Row]:
    new_index = norma.index()
    merged = {(s.alias, a.id): kind for s, a, kind in b.final_clauses}
    rows: list[Row] = []
    for s in sources:
        index = s.norma.index()
        ren = b.renum[s.alias]
        dropped = {d.id: d.reason for d in ren.dropped}
        for art in s.norma.artigos():
            for d in art.walk():
                label = f"{s.label}, {source_rotulo(s, d, index)}"
                text = d.text
                if d.id in ren.mapping:
                    nid = ren.mapping[d.id]
                    nd = new_index.get(nid)
                    moved = b.move_reasons.get((s.alias, d.id))
                    rows.append(Row(s.alias, label, d.id, d.rotulo, text, "incluido", nid,
                                    nd.rotulo if nd else None, nd.text if nd else None,
                                    f"deslocado para {moved[1]}: {moved[0]}" if moved else None))
                elif (s.alias, art.id) in b.set_aside:
                    status, reason, dest = b.set_aside[(s.alias, art.id)]
                    nid = None
                    if dest:
                        dalias, did = dest.split(":", 1)
                        nid = b.renum[dalias].mapping.get(did)
                        if nid is None:
                            raise InputError(f"o destino da fusão {dest!r} não está na consolidação",
                                             path=b.spec.path)
                    rows.append(Row(s.alias, label, d.id, d.rotulo, text, status, nid,
                                    new_index[nid].rotulo if nid in new_index else None, None, reason))
                elif (s.alias, art.id) in merged:
                    kind = merged[(s.alias, art.id)]
                    nid = final_ids.get(kind)
                    reason = ("cláusula de vigência do ato de origem, substituída pela da consolidação"
                              if kind == "vigencia" else
                              "cláusula de revogação genérica do ato de origem, substituída pela "
                              "revogação expressa dos atos consolidados (LC 95, art. 9º)")
                    rows.append(Row(s.alias, label, d.id, d.rotulo, text, "fundido", nid,
                                    new_index[nid].rotulo if nid in new_index else None, None, reason))
                else:
                    reason = dropped.get(d.id) or s.struck.get(d.id)
                    if reason is None:
                        reason = (f"{art.situacao}" if not in_force(art) else
                                  "não incluído na estrutura da consolidação")
                        if not in_force(art) and art.history and art.history[-1].event.act_label:
                            reason = f"{art.situacao} ({art.history[-1].event.nota()})"
                    rows.append(Row(s.alias, label, d.id, d.rotulo, text, "descartado", reason=reason))
    return rows
