"""The audit proper: trace, then judge every consolidated dispositivo and every source
dispositivo left behind. Pure: reads the trees, never changes them."""

from __future__ import annotations

import re

from lexconsolida.audit.judge import Resolver, compare_texts, justified, penalty_context, skeleton
from lexconsolida.audit.model import (MATERIA_NOVA, MERITO, PERDA, PERMITIDO, SEM_ALTERACAO, Audit,
                                      Finding, Row, SourceRef)
from lexconsolida.audit.sources import AuditSource, act_key
from lexconsolida.audit.table import Table
from lexconsolida.audit.trace import SEP, Trace, trace
from lexconsolida.citations import find_acts, find_dispositivos
from lexconsolida.amendments.phrases import classify
from lexconsolida.audit.correspondence import check
from lexconsolida.diff.align import ADDED, MERGED, MIN_PIECE_WORDS, REMOVED, SPLIT, shingles, words
from lexconsolida.diff.tokens import word_diff
from lexconsolida.diff.units import Unit
from lexconsolida.model import Dispositivo, Kind, Norma
from lexconsolida.model.clauses import VIGENCIA, final_clause_kind

_REVOKES = re.compile(r"^\s*(?:ficam?\s+revogad[oa]s?|revogam-se|revoga-se)\b", re.I)


class _Selector:
    """'alias:id' (with its sub-units), 'alias:artA-artB', 'alias:*' over the source units."""

    def __init__(self, trace_: Trace, moved: set[str] | frozenset[str] = frozenset()):
        self.moved = moved
        self.articles: dict[str, list[str]] = {}
        for u in trace_.old:
            alias, uid = Trace.split(u.id)
            if u.kind == "artigo":
                self.articles.setdefault(alias, []).append(uid)

    def covers(self, selector: str, alias: str, uid: str) -> bool:
        s_alias, _, sel = selector.partition(":")
        if s_alias != alias or any(f"{alias}:{uid}" == m or uid.startswith(m.partition(":")[2] + "_")
                                   for m in self.moved if m.startswith(alias + ":")):
            return False  # moved elsewhere by the spec: not what the fusion or discard set aside
        sel = sel.strip()
        if sel == "*":
            return True
        art = uid.split("_")[0]
        m = re.fullmatch(r"(art[\w-]*?)\s*-\s*(art[\w-]+)", sel)
        if m and m.group(1) != sel:
            arts = self.articles.get(alias, [])
            if m.group(1) in arts and m.group(2) in arts:
                return art in arts[arts.index(m.group(1)): arts.index(m.group(2)) + 1]
        return uid == sel or uid.startswith(sel + "_") or uid == sel.removesuffix("_cpt")


def _ref(src: AuditSource, u: Unit) -> SourceRef:
    return SourceRef(src.alias, src.label, _cite(u), Trace.split(u.id)[1], u.body)


def audit(consolidated: Norma, sources: list[AuditSource], table: Table, *,
          date: str | None = None, declared: dict | None = None) -> Audit:
    """Every dispositivo of ``consolidated`` traced and judged against ``sources``; the
    drafter's correspondence table (``declared``), when given, checked against the trace."""
    tr = trace(consolidated, sources)
    by_alias = {s.alias: s for s in sources}
    old_ids = {u.id for u in tr.old}
    new_ids = {u.id for u in tr.new}
    resolver = Resolver(sources, tr.new_of, new_ids, old_ids)
    selector = _Selector(tr, table.moved)
    article_text = _article_texts(tr.old)
    related: set | None = set().union(*(s.related for s in sources)) if sources else set()
    if any(not s.norma.numero for s in sources):
        related = None  # a source without a number: its revocation cannot be checked
    new_index = consolidated.index()
    revoked_here = _expressly_revoked(tr.new, resolver)
    rows_by_new: dict[int, Row] = {}
    losses: list[Row] = []

    def compare(olds: list[int], news: list[int], joined: bool) -> tuple[list[Finding], tuple]:
        o_units = [tr.old[i] for i in olds]
        nu = tr.new[news[0]]
        new_text = " ".join(tr.new[n].body.strip() for n in news)
        old_text = " ".join(u.body.strip() for u in o_units)
        cites = []
        offset = 0
        for u in o_units:
            alias, uid = Trace.split(u.id)
            for c in resolver.old_cites(u.body.strip(), alias, uid):
                cites.append(type(c)(c.start + offset, c.end + offset, c.text, c.target))
            offset += len(u.body.strip()) + 1
        penalty = any(penalty_context(article_text.get(_article_of(u.id), "")) for u in o_units)
        offset, shifted = 0, []
        for n in news:  # citations of each piece, at their place in the joined text
            body = tr.new[n].body.strip()
            shifted += [type(c)(c.start + offset, c.end + offset, c.text, c.target)
                        for c in resolver.new_cites(body, tr.new[n].id)]
            offset += len(body) + 1
        found = compare_texts(old_text, new_text, table=table, old_cites=cites, new_cites=shifted,
                              penalty=penalty, joined=joined)
        return found, word_diff(old_text, nu.body if len(news) == 1 else new_text)

    for m in tr.matches:
        if m.status == REMOVED:
            continue
        if m.status == ADDED:
            n = m.new[0]
            rows_by_new[n] = _added(tr.new[n], new_index, resolver, related)
            continue
        if m.status == SPLIT:
            o = m.old[0]
            src = by_alias[Trace.split(tr.old[o].id)[0]]
            whole, ops = compare([o], list(m.new), joined=True)  # judged on the pieces joined
            split = Finding("I", "divisao", "", "", f"dispositivo de origem desdobrado em {len(m.new)} dispositivos")
            for k, n in enumerate(m.new):
                rows_by_new[n] = _row(tr.new[n], [_ref(src, tr.old[o])], [split, *whole] if k == 0 else [split],
                                      ops if k == 0 else ())
            continue
        n = m.new[0]
        merge = m.status == MERGED
        refs = [_ref(by_alias[Trace.split(tr.old[o].id)[0]], tr.old[o]) for o in m.old]
        if _vigencia(tr.new[n], new_index) and all(_source_final_clause(tr.old[o], by_alias) for o in m.old):
            rows_by_new[n] = _row(tr.new[n], refs, [_VIGENCIA_FINDING], ())
            continue
        found, ops = compare(list(m.old), [n], merge)
        found += _struck_findings([tr.old[o] for o in m.old], by_alias)
        if merge:
            found.insert(0, Finding("III", "fusao", "", "", f"fusão de {len(m.old)} dispositivos de origem"))
        elif _relabelled(tr.old[m.old[0]], tr.new[n]):
            found.insert(0, Finding("II", "renumeracao", refs[0].dispositivo, _cite(tr.new[n]),
                                    "nova colocação ou numeração"))
        rows_by_new[n] = _row(tr.new[n], refs, found, ops)

    removed = [m.old[0] for m in tr.matches if m.status == REMOVED]
    removed_set = {tr.old[o].id for o in removed}
    new_shingles = [shingles(words(u.body)) for u in tr.new]
    skeletons: dict[int, str] = {}

    def new_skeleton(i: int) -> str:
        if i not in skeletons:
            skeletons[i] = skeleton(tr.new[i].body)
        return skeletons[i]
    judged: dict[str, tuple | None] = {}
    for o in removed:
        u = tr.old[o]
        if not u.body.strip():
            continue  # a mere container
        alias, uid = Trace.split(u.id)
        src = by_alias[alias]
        finding = _loss_reason(u, alias, uid, table, selector, revoked_here, related, new_shingles, tr,
                               src.norma.find(uid), new_skeleton, src.struck.get(uid))
        reason = (finding.inciso, finding.tipo, finding.motivo) if finding else None
        judged[u.id] = reason
        if u.parent in judged and judged[u.parent] == reason:
            continue  # judged with its parent, for the same reason
        under = _descendants(tr.old, o, removed_set)
        text = u.body + ("" if not under else f" (e {under} dispositivo(s) subordinado(s))")
        row = Row(None, "—", text, [_ref(src, u)], [finding] if finding else [],
                  PERMITIDO if finding and finding.permitted else PERDA, kind=u.kind)
        losses.append(row)
    rows = [rows_by_new[i] for i in sorted(rows_by_new)] + losses
    notes = [f"{s.label}: {n}" for s in sources for n in s.notes]
    notes += [f"{s.label}: sem número nos metadados — a revogação formal desta fonte não foi conferida"
              for s in sources if not s.norma.numero]
    revoked = _revoked_acts(consolidated)
    not_revoked = [s.label for s in sources
                   if s.norma.numero and act_key(s.norma.numero, s.norma.data) not in revoked]
    result = Audit(_title(consolidated), date or (sources[0].em if sources else ""),
                   [(s.alias, s.label, s.urn) for s in sources], rows, tr.agrupadores, notes, not_revoked)
    if declared is not None:
        result.table_check = check(declared, tr.new_of, new_ids)
    return result


def _revoked_acts(norma: Norma) -> set:
    """(number, year) of every act a revocation article of ``norma`` names."""
    out = set()
    for art in norma.artigos():
        if not _REVOKES.match(art.head_text or ""):
            continue
        for d in art.walk():
            for c in find_acts(d.text or ""):
                if c.act is not None and c.act.numero:
                    out.add(_key(c.act))
    return out


def _title(norma: Norma) -> str:
    """The consolidation as the report names it: its epígrafe, or its type and ementa (a draft
    has no number yet)."""
    if norma.epigrafe:
        return norma.epigrafe
    ementa = (norma.ementa or "").strip()
    if ementa:
        return f"{norma.label} ({ementa[:200]}{'…' if len(ementa) > 200 else ''})"
    return norma.label


def _cite(u: Unit) -> str:
    """'art. 3º, parágrafo único, I': how the procuradoria cites a unit."""
    return u.cite.replace("Art.", "art.").replace("Parágrafo único", "parágrafo único")


def _relabelled(o: Unit, n: Unit) -> bool:
    return _cite(o) != _cite(n)


def _article_of(uid: str) -> str:
    alias, rest = Trace.split(uid)
    return f"{alias}{SEP}{rest.split('_')[0]}"


def _article_texts(units: list[Unit]) -> dict[str, str]:
    out: dict[str, list[str]] = {}
    for u in units:
        out.setdefault(_article_of(u.id), []).append(u.body)
    return {k: " ".join(v) for k, v in out.items()}


def _verdict(found: list[Finding]) -> str:
    if any(not f.permitted for f in found):
        return MERITO
    return PERMITIDO if found else SEM_ALTERACAO


def _row(u: Unit, refs: list[SourceRef], found: list[Finding], ops) -> Row:
    return Row(u.id, _cite(u), u.body, refs, found, _verdict(found), tuple(ops), u.kind)


def _descendants(units: list[Unit], o: int, removed: set[str]) -> int:
    prefix = units[o].id + "_"
    return sum(1 for u in units[o + 1:] if u.id.startswith(prefix) and u.id in removed)


def _article_node(index: dict, uid: str):
    node = index.get(uid.split("_")[0])
    return node if isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO else None


def _added(u: Unit, index: dict, resolver: Resolver, related: set | None) -> Row:
    """A consolidated dispositivo with no source: the consolidation's own final clauses, a
    revocation it declares, an empty container, or new matter."""
    art = _article_node(index, u.id)
    head = art.head_text if art is not None else ""
    if not u.body.strip():
        return _row(u, [], [Finding("I", "divisao", "", "", "dispositivo sem texto próprio (estrutura)")], ())
    if _vigencia(u, index):
        return _row(u, [], [_VIGENCIA_FINDING], ())
    if art is not None and _REVOKES.match(head):
        text = u.body
        acts = find_acts(text)
        cites = [c for c in find_dispositivos(text) if c.act is not None]
        foreign = [c.text for c in acts if related is not None and c.act is not None
                   and _key(c.act) not in related]
        if foreign:
            return _row(u, [], [Finding(None, "objeto", "", ", ".join(foreign),
                                        "revoga ato que não está entre as fontes da consolidação")], ())
        if not _only_revocation(text, acts + cites):
            return _row(u, [], [Finding(None, "condicao", "", u.body,
                                        "a cláusula de revogação diz mais do que quais atos revoga")], ())
        if cites:
            return _row(u, [], [Finding("XI", "descarte", "", u.body,
                                        "revogação expressa de dispositivo de ato consolidado",
                                        justificado=False)], ())
        return _row(u, [], [Finding(None, "clausula-final", "", "",
                                    "revogação formal das leis consolidadas (LC 95, art. 13, § 1º, e art. 9º)")], ())
    return Row(u.id, _cite(u), u.body, [], [], MATERIA_NOVA, (), u.kind)


_VIGENCIA_FINDING = Finding(None, "clausula-final", "", "",
                            "cláusula de vigência da consolidação (LC 95, art. 8º)")


def _source_final_clause(u: Unit, by_alias: dict) -> bool:
    """Whether ``u`` is a source's own vigência or generic revocation article."""
    alias, uid = Trace.split(u.id)
    node = by_alias[alias].norma.find(uid)
    return isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO and final_clause_kind(node) is not None


def _vigencia(u: Unit, index: dict) -> bool:
    """Whether ``u`` is the consolidation's own vigência article."""
    art = _article_node(index, u.id)
    return (art is not None and u.id == art.id and len(art.children) == 1
            and bool(VIGENCIA.search(art.head_text)) and len(art.head_text) < 300)


_REVOCATION_WORDS = frozenset(
    "a o as os e fica ficam revogado revogada revogados revogadas revoga se revogam expressamente "
    "seguintes seguinte atos ato leis lei decretos decreto dispositivos dispositivo disposições "
    "todas todos suas seus alterações posteriores bem como do da dos das de nº n º".split())


def _only_revocation(text: str, citations) -> bool:
    """Whether a revocation clause says nothing but which acts (or dispositivos) it revokes."""
    spans = sorted((c.start, c.end) for c in citations)
    rest, pos = [], 0
    for start, end in spans:
        if start >= pos:
            rest.append(text[pos:start])
            pos = end
    rest.append(text[pos:])
    return all(w in _REVOCATION_WORDS for w in re.findall(r"\w+", " ".join(rest).lower()))


def _expressly_revoked(new: list[Unit], resolver: Resolver) -> set[tuple[str, str]]:
    """(alias, id) of source dispositivos a revocation clause of the consolidation names."""
    out: set[tuple[str, str]] = set()
    body = {u.id: u.body for u in new}
    for u in new:
        if not _REVOKES.match(u.body) and not (u.parent and _REVOKES.match(body.get(u.parent, ""))):
            continue
        for c in find_dispositivos(u.body):
            alias = resolver.source_alias(c.act) if c.act is not None else None
            if alias:
                out.update((alias, i) for i in c.ids)
    return out


def _struck_findings(olds: list[Unit], by_alias: dict[str, AuditSource]) -> list[Finding]:
    """A consolidated dispositivo made of a source unit a court struck: carried as valid, which
    a consolidation may never do (the struck unit may only be left out, LC 95/1998, art. 13,
    § 2º, IX)."""
    out = []
    for u in olds:
        alias, uid = Trace.split(u.id)
        why = by_alias[alias].struck.get(uid)
        if why is not None:
            out.append(Finding(None, "inconstitucional", u.body, "", f"o dispositivo de origem não vale: {why}"))
    return out


def _loss_reason(u: Unit, alias: str, uid: str, table: Table, selector: _Selector,
                 revoked_here: set, related: set | None, new_shingles, tr: Trace,
                 node, new_skeletons, struck: str | None = None) -> Finding | None:
    for f in table.fusoes:
        if any(selector.covers(s, alias, uid) for s in f.origem):
            return Finding("III", "fusao", u.body, f.destino, f.motivo)
    declared = next((d for d in table.descartes if any(selector.covers(s, alias, uid) for s in d.selectors)), None)
    expressly = any((alias, i) == (alias, uid) or uid.startswith(i + "_") for a, i in revoked_here if a == alias)
    if declared is not None:
        return Finding(declared.inciso, "descarte", u.body, "", declared.motivo,
                       justificado=justified(declared.motivo, declared.fonte))
    if struck is not None:  # the decision recorded in the acervo is the source § 3º asks for
        return Finding("IX", "descarte", u.body, "", f"{struck} — supressão de dispositivo declarado "
                       "inconstitucional (decisão registrada no acervo)", justificado=True)
    if expressly:
        return Finding("XI", "descarte", u.body, "", "revogado expressamente pela consolidação",
                       justificado=False)
    if isinstance(node, Dispositivo) and node.kind is Kind.ARTIGO and final_clause_kind(node):
        return Finding(None, "clausula-final", u.body, "",
                       "cláusula final do ato de origem, substituída pelas da consolidação")
    if _is_instruction(u.body, node) and related is not None and _amends_a_source(u.body, related):
        return Finding(None, "instrucao-cumprida", u.body, "",
                       "instrução de alteração: a nova redação já está no texto compilado da norma alterada")
    ws = words(u.body)
    if len(ws) >= 3:  # a provision repeated: the same words kept elsewhere (short ones: all of them)
        sh = shingles(ws)
        key = skeleton(u.body)
        long_enough = len(ws) >= MIN_PIECE_WORDS
        for i, other in enumerate(new_shingles):
            if (long_enough and other and len(sh & other) / len(sh) >= 0.9) or new_skeletons(i) == key:
                return Finding("III", "fusao", u.body, _cite(tr.new[i]),
                               f"disposição repetida, mantida em {_cite(tr.new[i])}")
    return None


def _is_instruction(text: str, node) -> bool:
    """An amending instruction ('passa a vigorar com a seguinte redação', 'Dê-se aos incisos …'),
    as the amendment recogniser reads one."""
    return bool(getattr(node, "alteracoes", None)) or classify(text) is not None


def _amends_a_source(text: str, related: set) -> bool:
    return any(c.act is not None and _key(c.act) in related for c in find_acts(text))


def _key(act) -> tuple[str, int | None]:
    """An act cited, as :func:`act_key` keys the sources: (number digits, year)."""
    return act_key(act.numero, str(act.ano) if act.ano else None)
