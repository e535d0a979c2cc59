"""The whole acervo: every act read and checked, relations found, every amendment applied.

:func:`build` runs, for an acervo folder (the ``statutes/`` layout):

1. per act, in parallel (:func:`lexconsolida.acervo.analysis.analyse`): read, check,
   recognise the amending instructions with the decisions recorded, find the relations;
2. the relations in force: those an act declares in ``[[relacoes]]`` win over those found in
   its text (found ones it does not declare are listed as ignored, with the reason); a target
   outside the acervo is "alvo fora do acervo";
3. per amended act, in parallel (:func:`history_of`): its amending acts applied in order of
   vigência — chains of acts amending the same act included — each one applied, pending a
   decision (with its problems) or ignored (with the reason);
4. the result (:class:`Acervo`): every act's status, the text of any act on any date
   (:meth:`Acervo.text_at`), and the decisions queue.

Both maps are cached by content (:mod:`lexconsolida.acervo.cache`): after one act changes, only
it and the acts it amends (or that amend it) are redone.
"""

from __future__ import annotations

import hashlib
import time
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lexconsolida.acervo.analysis import (
    AMENDING_KINDS, READ, ActResult, Context, Instrucao, Relation, act_corpus, analyse, pasta_of,
)
from lexconsolida.acervo.cache import Cache
from lexconsolida.acervo.importer import REPORT
from lexconsolida.acervo.work import Runner, as_runner
from lexconsolida.corpus import Corpus, load
from lexconsolida.corpus.index import ActIndex
from lexconsolida.corpus.records import Act, read_toml
from lexconsolida.errors import LexError
from lexconsolida.history import _order, history, recognise_act
from lexconsolida.manifest import code_key, content_key
from lexconsolida.model import Norma, Situacao
from lexconsolida.transforms.pointintime import at

APPLIED, PENDING, IGNORED = "aplicada", "pendente", "ignorada"
USES_INDEX = "depende-do-indice"
"""Cached in place of an act's result when the result depends on the acervo's index (it
resolved citations): the result itself is then cached under a key that includes the index, so
a change to another act's metadata redoes only the acts that cite others."""


@dataclass(slots=True)
class Step:
    """One amending act on one target, in the target's history."""

    ato: str
    """URN of the amending act."""
    situacao: str
    """'aplicada', 'pendente' (needs a decision) or 'ignorada'."""
    motivo: str | None = None
    operacoes: int = 0
    problemas: list[Instrucao] = field(default_factory=list)
    revoga: bool = False
    """The step revokes the whole target."""


@dataclass(slots=True)
class TargetHistory:
    urn: str
    steps: list[Step] = field(default_factory=list)
    norma: Norma | None = None
    """The target with the applied steps (None when its text is unavailable or refused)."""
    revogado_por: str | None = None
    revogado_em: str | None = None


@dataclass(slots=True)
class IgnoredRelation:
    relacao: Relation
    fonte: str
    motivo: str


@dataclass(slots=True)
class Acervo:
    root: Path
    corpus: Corpus
    acts: dict[str, ActResult]
    """URN → per-act result."""
    relations: list[Relation]
    ignored_relations: list[IgnoredRelation]
    histories: dict[str, TargetHistory]
    refused_sources: list[dict] = field(default_factory=list)
    """Files the import refused ({'municipio', 'origem', 'motivo'})."""
    unused_numbers: list[dict] = field(default_factory=list)
    """Files the import left out because they stand for a number never used ({'municipio', 'origem'})."""
    cache_hits: int = 0
    cache_misses: int = 0
    timings: dict[str, float] = field(default_factory=dict)
    """Seconds per stage ('carga', 'atos', 'historias')."""
    redone: list[str] = field(default_factory=list)
    """URNs of the acts analysed in this run (not taken from the cache)."""
    redone_histories: list[str] = field(default_factory=list)
    """URNs of the amended acts whose history was compiled in this run."""
    keys: dict[str, str] = field(default_factory=dict)
    """URN → the content key of the act's analysis (its sources, and the index when its result
    depends on it); with :attr:`history_keys`, what the site keys an act's pages by."""
    history_keys: dict[str, str] = field(default_factory=dict)
    """URN of an amended act → the content key of its history."""
    read_keys: dict[str, str] = field(default_factory=dict)
    """URN → the key its text as read is cached under (:data:`lexconsolida.acervo.analysis.READ`)."""
    cache_dir: str | None = None
    municipio: str | None = None
    """Set on the view of one municipality (:meth:`only`)."""

    def mine(self, res: ActResult) -> bool:
        """True when the act belongs to this acervo's municipality (every act, when it is not
        the view of one)."""
        return self.municipio is None or res.pasta.split("/", 1)[0] == self.municipio

    def municipalities(self) -> list[str]:
        """The municipalities' folders, in order."""
        return sorted(self.corpus.municipios)

    def only(self, municipio: str) -> Acervo:
        """The view of one municipality: its acts, their relations and histories, and the acts
        of elsewhere they name (to label them; never listed as its own). Work list and site of
        each municipality of a state are made from these views."""
        corpus = self.corpus
        own = {u for u, r in self.acts.items() if r.pasta.split("/", 1)[0] == municipio}
        relations = [r for r in self.relations if r.fonte in own]
        ignored = [i for i in self.ignored_relations if i.fonte in own]
        histories = {t: h for t, h in self.histories.items() if t in own}
        named = own | {s.ato for h in histories.values() for s in h.steps} | {
            r.alvo for r in relations if r.no_acervo and r.alvo in self.acts}
        view = Corpus(corpus.root, {municipio: corpus.municipios[municipio]},
                      {u: corpus.acts[u] for u in named if u in corpus.acts})
        return replace(self, corpus=view, acts={u: self.acts[u] for u in sorted(named)},
                       relations=relations, ignored_relations=ignored, histories=histories,
                       refused_sources=[x for x in self.refused_sources if x["municipio"] == municipio],
                       unused_numbers=[x for x in self.unused_numbers if x["municipio"] == municipio],
                       municipio=municipio)

    def revoked(self, urn: str, when: str | None = None) -> bool:
        h = self.histories.get(urn)
        if h is None or h.revogado_em is None:
            return False
        return when is None or h.revogado_em <= when

    def norma(self, urn: str) -> Norma:
        """The act with every applicable amendment applied (its history)."""
        h = self.histories.get(urn)
        if h is not None and h.norma is not None:
            return h.norma
        return self.corpus.read(urn)

    def text_at(self, urn: str, when: str) -> Norma:
        """The act as it stood on ``when`` (AAAA-MM-DD)."""
        out = at(self.norma(urn), when)
        if self.revoked(urn, when):
            out.situacao = Situacao.REVOGADO
        return out

    def in_force(self, when: str) -> list[str]:
        """URNs of the acts in force on ``when``: already in force and not revoked."""
        return sorted(u for u, r in self.acts.items()
                      if (r.vigencia or "") <= when and not self.revoked(u, when))


def _sha(path: Path | None, memo: dict | None = None) -> str:
    """SHA-256 of a file ('' when absent); ``memo`` (path → (stamp, hash)) spares reading
    files whose size and modification time did not change."""
    if path is None or not path.is_file():
        return ""
    if memo is None:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    st = path.stat()
    stamp = (st.st_mtime_ns, st.st_size)
    hit = memo.get(str(path))
    if hit is not None and hit[0] == stamp:
        return hit[1]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    memo[str(path)] = (stamp, digest)
    return digest


def build(root: str | Path, *, executor: Executor | Runner | Any = None,
          cache_dir: str | Path | None = None) -> Acervo:
    """Analyse the whole acervo in ``root`` (see the module's docstring).

    ``executor``: where the per-act work runs (:func:`lexconsolida.acervo.work.as_runner`: a
    runner, any ``concurrent.futures.Executor``, a Dask ``Client``; None: this process)."""
    clock = time.perf_counter()
    timings: dict[str, float] = {}
    root = Path(root).absolute()  # workers (a Dask cluster's too) read the acts by these paths
    runner = as_runner(executor)
    cache = Cache(Path(cache_dir) if cache_dir else None)
    code = code_key()
    state_key = content_key("estado", code, str(root.resolve()))
    state = cache.get("estado", state_key) or {"atos": {}, "hashes": {}}
    before = (len(state["atos"]), len(state["hashes"]))
    corpus = load(root, memo=state["atos"] if cache.folder else None)
    index = corpus.index
    idx_digest = index.digest()
    hashes = state["hashes"] if cache.folder else None
    mun_sha = {m: _sha(root / m / "municipio.toml", hashes) for m in corpus.municipios}
    urns = sorted(corpus.acts)
    keys: dict[str, str] = {}
    results: dict[str, ActResult] = {}
    todo: list[str] = []
    base: dict[str, str] = {}
    for urn in urns:
        act = corpus.acts[urn]
        base[urn] = keys[urn] = content_key("analise", code, mun_sha[act.municipio],
                                            _sha(act.folder / "norma.toml", hashes), _sha(act.texto, hashes))
        hit = cache.get("analise", base[urn])
        if hit == USES_INDEX:  # the result depends on which acts the acervo has
            keys[urn] = content_key(base[urn], idx_digest)
            hit = cache.get("analise-indice", keys[urn])
        if hit is not None and not any(_sha(Path(f), hashes) != h for f, h in hit.depende_de):
            results[urn] = hit
        else:  # not cached, or an amending act it cites (amendments.through) changed
            todo.append(urn)
    timings["carga"] = time.perf_counter() - clock
    context = Context(str(root), index, corpus.municipios, str(cache.folder) if cache.folder else None,
                      {u: base[u] for u in urns if corpus.acts[u].texto is not None})
    shared = runner.share(context) if todo else None
    fresh = runner.map(_analyse, [(corpus.acts[u],) for u in todo], shared, name="analise")
    for urn in urns:
        if corpus.acts[urn].texto is not None:
            cache.keep(READ, base[urn])  # read by the site
    for urn, res in zip(todo, fresh):
        results[urn] = res
        if res.usa_indice:
            cache.put("analise", base[urn], USES_INDEX)
            keys[urn] = content_key(base[urn], idx_digest)
            cache.put("analise-indice", keys[urn], res)
        else:
            cache.put("analise", base[urn], res)
    timings["atos"] = time.perf_counter() - clock - timings["carga"]
    relations, ignored = _relations(corpus, results)
    amended = _amended(relations)
    histories: dict[str, TargetHistory] = {}
    todo_h: list[tuple[str, str]] = []
    history_keys: dict[str, str] = {}
    for target in sorted(amended):
        sources = amended[target]
        hkey = history_keys[target] = content_key("historia", code, idx_digest, keys[target],
                                                  [(s, keys[s]) for s in sources])
        hit = cache.get("historia", hkey)
        if hit is not None:
            histories[target] = hit
        else:
            todo_h.append((target, hkey))
    if todo_h and shared is None:
        shared = runner.share(context)
    fresh_h = runner.map(_history, [(corpus.acts[t], [corpus.acts[s] for s in amended[t]], results[t].recusa,
                                     {_pasta(corpus, s): results[s].recusa for s in amended[t] if results[s].recusa})
                                    for t, _ in todo_h], shared, name="historia")
    for (target, hkey), h in zip(todo_h, fresh_h):
        h.steps.sort(key=lambda st: (results[st.ato].vigencia or "", st.ato))  # order of vigência
        histories[target] = h
        cache.put("historia", hkey, h)
    if (len(state["atos"]), len(state["hashes"])) != before or cache.misses:
        cache.put("estado", state_key, state)
    else:
        cache.get("estado", state_key)  # kept (marked used) for the next run
    cache.prune()
    timings["historias"] = time.perf_counter() - clock - timings["carga"] - timings["atos"]
    refused, unused = _import_reports(root, corpus)
    return Acervo(root, corpus, results, relations, ignored, histories, refused, unused,
                  cache.hits, cache.misses, timings, todo, [t for t, _ in todo_h], keys, history_keys,
                  base, str(cache.folder) if cache.folder else None)


def _analyse(ctx: Context, act) -> ActResult:
    """One act's analysis as a task: the act's record, the shared context (index,
    municipalities, cache)."""
    return analyse(ctx.root, act, ctx.index, ctx.municipios, ctx.cache, ctx.read_keys)


def _history(ctx: Context, target, sources: list, refused: str | None,
             refused_sources: dict[str, str]) -> TargetHistory:
    """One amended act's history as a task (see :func:`_analyse`)."""
    return history_of(ctx.root, target, sources, refused, ctx.index, refused_sources, ctx.municipios,
                      ctx.cache, ctx.read_keys)


def _pasta(corpus: Corpus, urn: str) -> str:
    return corpus.acts[urn].folder.relative_to(corpus.root).as_posix()


def _relations(corpus: Corpus, results: dict[str, ActResult]) -> tuple[list[Relation], list[IgnoredRelation]]:
    """Relations in force: declared ones win over found ones, act by act."""
    out: list[Relation] = []
    ignored: list[IgnoredRelation] = []
    for urn in sorted(results):
        act, res = corpus.acts[urn], results[urn]
        declared = [(r, alvo) for r in act.relacoes for alvo in r.alvos]
        for r, alvo in declared:
            inside = alvo in corpus.acts
            out.append(Relation(r.tipo, urn, alvo, corpus.acts[alvo].label if inside else alvo, inside,
                                "declarada", r.dispositivo, None, r.nota or ""))
        targets = {alvo for _, alvo in declared}
        for f in res.relacoes:
            if declared:
                if f.alvo not in targets:
                    ignored.append(IgnoredRelation(f, urn, "o norma.toml deste ato declara as suas "
                                                   "relações ([[relacoes]]), e não esta"))
                continue
            if f.alvo == urn:
                continue
            out.append(replace(f, no_acervo=f.no_acervo and f.alvo in corpus.acts))
    return out, ignored


def _amended(relations: list[Relation]) -> dict[str, list[str]]:
    """Target URN → the acts that change it (in the acervo), in URN order."""
    out: dict[str, set[str]] = {}
    for r in relations:
        if r.no_acervo and r.tipo in AMENDING_KINDS + ("altera", "revoga"):
            out.setdefault(r.alvo, set()).add(r.fonte)
    return {t: sorted(s) for t, s in out.items()}


def history_of(root: str, target: str | Act, sources: list[str | Act], refused: str | None,
               index: ActIndex, refused_sources: dict[str, str] | None = None,
               municipios: dict | None = None, cache: str | None = None,
               read_keys: dict | None = None) -> TargetHistory:
    """The target's amending acts applied in order of vigência (a pure function, run in a
    worker): each step applied, pending a decision or ignored, with the reason.

    ``refused``: why the reader refused the target's text; ``refused_sources``: the same for
    amending acts (folder → reason), which are then left out, with the reason."""
    corpus, acts = act_corpus(Path(root), [target, *sources], index, municipios, cache, read_keys)
    tact = acts[0]
    out = TargetHistory(tact.urn)
    refused_sources = refused_sources or {}
    folders = [pasta_of(s) for s in sources]
    unread = [(a, refused_sources[s]) for a, s in zip(acts[1:], folders) if s in refused_sources]
    amending = [a for a, s in zip(acts[1:], folders) if s not in refused_sources]
    for act, why in sorted(unread, key=lambda x: _order(x[0])):
        out.steps.append(Step(act.urn, PENDING, f"o texto do ato alterador foi recusado pelo leitor: {why}", 0,
                              [Instrucao(None, "texto-recusado", f"o texto foi recusado pelo leitor: {why}",
                                         None, None, "", True)]))
    if tact.texto is None or refused:
        why = ("o texto do ato alterado não está no acervo" if tact.texto is None
               else f"o texto do ato alterado foi recusado pelo leitor: {refused}")
        for act in sorted(amending, key=_order):
            step = _revocation_only(corpus, act, tact, why)
            out.steps.append(step)
            if step.revoga and out.revogado_em is None:
                out.revogado_por, out.revogado_em = act.urn, act.in_force_from
        return out
    try:
        hist = history(corpus, tact.urn, amending=amending, tolerant=True)
    except LexError as err:
        out.steps = [Step(a.urn, PENDING, f"erro ao aplicar: {err}") for a in sorted(amending, key=_order)]
        return out
    out.norma = hist.norma
    for rep in hist.reports:
        blocking = [p for p in rep.problems if p.blocking]
        probs = [Instrucao(None, p.code, p.message, p.where, p.line, p.source, p.blocking) for p in rep.problems]
        revokes = any(o.kind == "revogacao_total" for o in rep.operations)
        if rep.applied:
            out.steps.append(Step(rep.act.urn, APPLIED, None, len(rep.operations), probs, revokes))
            if revokes and out.revogado_em is None:
                out.revogado_por, out.revogado_em = rep.act.urn, rep.act.in_force_from
        elif blocking:
            out.steps.append(Step(rep.act.urn, PENDING, blocking[0].message, len(rep.operations), probs))
        elif any(p.code == "relacao-sem-operacoes" for p in rep.problems):
            out.steps.append(_without_operations(rep.act, tact, probs))
        else:
            why = next((p.message for p in rep.problems), "nenhuma operação sobre este ato")
            out.steps.append(Step(rep.act.urn, IGNORED, why, 0, probs))
    return out


NO_OPERATIONS = "relacao-sem-operacoes"


def _without_operations(act, target, probs: list[Instrucao]) -> Step:
    """An act related to the target (by its ementa, or declared) with no instruction on it:
    a change the recogniser may have missed, so a person decides — unless one already did
    (``[[decisoes]]`` with ``problema = "relacao-sem-operacoes"``: ``ignorar``)."""
    decided = next((d for d in act.decisoes if d.problema == NO_OPERATIONS and d.decisao == "ignorar"), None)
    if decided is not None:
        return Step(act.urn, IGNORED, f"decisão registrada: {decided.nota or 'ignorar'}", 0, [])
    why = (f"{act.label} se relaciona com {target.label} (ementa ou [[relacoes]]), mas nenhuma instrução "
           "reconhecida no texto o altera: confira se há alteração a aplicar ou registre a decisão de ignorar")
    probs = [p for p in probs if p.tipo != NO_OPERATIONS]
    return Step(act.urn, PENDING, why, 0, [Instrucao(None, NO_OPERATIONS, why, None, None, "", True), *probs])


def _revocation_only(corpus: Corpus, act, target, why: str) -> Step:
    """Without the target's text only a whole-act revocation can be applied."""
    if act.texto is None:
        return Step(act.urn, IGNORED, "o texto do ato alterador não está no acervo")
    try:
        rec = recognise_act(corpus, act).recognition
    except LexError as err:
        return Step(act.urn, PENDING, f"texto do ato alterador recusado: {err}")
    ops = [o for o in rec.operations if o.target_urn == target.urn]
    if any(o.kind == "revogacao_total" for o in ops) and not rec.blocking_for(target.urn):
        return Step(act.urn, APPLIED, None, 1, [], True)
    return Step(act.urn, IGNORED, why, 0)


def _import_reports(root: Path, corpus: Corpus) -> tuple[list[dict], list[dict]]:
    """From each municipality's import report: the files it refused ({'municipio', 'origem',
    'motivo'}) and those it left out as numbers never used ({'municipio', 'origem'})."""
    refused: list[dict] = []
    unused: list[dict] = []
    for mun in sorted(corpus.municipios):
        path = root / mun / REPORT
        if not path.is_file():
            continue
        report = read_toml(path)
        refused += [{"municipio": mun, "origem": r.get("origem", ""), "motivo": r.get("motivo", "")}
                    for r in report.get("recusados", [])]
        unused += [{"municipio": mun, "origem": o} for o in report.get("numeros_nao_utilizados", [])]
    return refused, unused
