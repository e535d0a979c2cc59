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
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lexconsolida.acervo.analysis import (
    AMENDING_KINDS, READ, RECOGNITION, ActResult, Context, Instrucao, Recognitions, Relation, TaskCorpus, Traced,
    act_corpus, analyse, pasta_of, still_valid, text_key,
)
from lexconsolida.acervo.cache import Cache
from lexconsolida.acervo.importer import REPORT
from lexconsolida.acervo.work import Runner, as_runner
from lexconsolida.corpus import Corpus, load
from lexconsolida.corpus.index import ActIndex, IndexEntry
from lexconsolida.amendments.codes import gate_codes, known
from lexconsolida.amendments.decisions import APPLY_CODES, LATER_CODES, Decided, current, instruction_digest
from lexconsolida.corpus.records import LEDGER, Act, DecisionIssue, load_act, load_municipio, read_toml
from lexconsolida.corpus.store import resolve_relations
from lexconsolida.errors import InputError, LexError
from lexconsolida.amendments import gates
from lexconsolida.history import _order, act_report, event_of, history, recognise_act, recognition_memo
from lexconsolida.manifest import code_key, content_key
from lexconsolida.model import Event, Norma, Situacao
from lexconsolida.model import status as st
from lexconsolida.transforms.pointintime import at

APPLIED, PENDING, IGNORED = "aplicada", "pendente", "ignorada"

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
    decisao: str | None = None
    """The code of the recorded decision that settled this step (it is not pending because of
    it): 'relacao-sem-operacoes', 'texto-base-indisponivel'."""


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
    broken: list[tuple[str, str]] = field(default_factory=list)
    """Act folders left out because their norma.toml (or decision ledger) cannot be read:
    (folder, Portuguese message with file and line). The rest of the acervo goes on."""
    decision_issues: dict[str, list[DecisionIssue]] = field(default_factory=dict)
    """URN → what is wrong with the act's recorded decisions (invalid entry, unknown problem
    code, decision that matches no problem), with file and line."""
    keys: dict[str, str] = field(default_factory=dict)
    """URN → the content key of the act's analysis (its sources, and the index when its result
    depends on it); with :attr:`history_keys`, what the site keys an act's pages by."""
    history_keys: dict[str, str] = field(default_factory=dict)
    """URN of an amended act → the content key of its history."""
    read_keys: dict[str, str] = field(default_factory=dict)
    """URN → the key its text as read is cached under (:data:`lexconsolida.acervo.analysis.READ`;
    :func:`lexconsolida.acervo.analysis.text_key`), and its recognition."""
    source_keys: dict[str, str] = field(default_factory=dict)
    """URN → the key of all its sources, its decisions included (:func:`act_keys`)."""
    cache_dir: str | None = None
    municipio: str | None = None
    """Set on the view of one municipality (:meth:`only`)."""
    code: str = ""
    """The program's code key of the run."""

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

    def steps_of(self, urn: str) -> list[st.Step]:
        """What each amending act of the acervo gave on ``urn``, as the status reads it
        (:class:`~lexconsolida.model.status.Step`): applied, pending review (with the number of
        instructions, and whether it revokes the act), without text, or ignored."""
        h = self.histories.get(urn)
        if h is None:
            return []
        revoking = {r.fonte for r in self.relations if r.alvo == urn and r.tipo == "revoga"}
        unit_revoking = {r.fonte for r in self.relations if r.alvo == urn and r.tipo == "revoga-dispositivos"}
        out = []
        for step in h.steps:
            act = self.corpus.acts.get(step.ato)
            if act is None:
                continue
            if step.situacao == APPLIED:
                state = st.APPLIED
            elif step.situacao == PENDING:
                state = st.PENDING
            elif act.texto is None:
                state = st.WITHOUT_TEXT
            else:
                state = st.IGNORED
            items = len({p.dispositivo or p.mensagem for p in step.problemas if p.bloqueia}) or 1
            out.append(st.Step(act.urn, act.label, act.in_force_from, state,
                               items if state == st.PENDING else step.operacoes,
                               step.revoga or step.ato in revoking, step.ato in unit_revoking))
        return out

    def status_facts(self, urn: str) -> tuple[list[st.Step], Event | None]:
        """What the status of ``urn`` is made of (:func:`mark_status`): its amending acts' steps
        and the whole-act revocation (None when not revoked). Small and picklable: the site's
        workers mark the acts they read with it, and it keys the act's pages."""
        revocation = None
        h = self.histories.get(urn)
        if h is not None and h.revogado_por:
            act = self.corpus.acts.get(h.revogado_por)
            if act is not None:
                revocation = Event(st.REVOCATION, act.urn, act.label, h.revogado_em)
        return self.steps_of(urn), revocation

    def missing_text(self, urn: str) -> str | None:
        """Why the acervo has no text of ``urn`` — 'o acervo só tem os dados deste ato', 'o
        texto-fonte deste ato traz só a epígrafe e a ementa' —, None when it has one (a text the
        reader refused is a text: :attr:`ActResult.recusa` says why it is not published). The
        status, the work list and the LexML records read the same answer."""
        res = self.acts.get(urn)
        act = self.corpus.acts.get(urn)
        if act is None or act.texto is None or (res is not None and not res.texto):
            return "o acervo só tem os dados deste ato"
        if res is not None and not res.recusa and not res.dispositivos:
            return "o texto-fonte deste ato traz só a epígrafe e a ementa"
        return None

    def marked(self, urn: str, norma: Norma) -> Norma:
        """``norma`` (the act ``urn``'s text, or its metadata when the acervo lacks the text)
        with its status facts: the amending acts whose changes it lacks (pending review, or
        without text) and the whole-act revocation."""
        return mark_status(norma, *self.status_facts(urn))

    def norma(self, urn: str) -> Norma:
        """The act with every applicable amendment applied (its history), its status marked."""
        h = self.histories.get(urn)
        if h is not None and h.norma is not None:
            return self.marked(urn, h.norma)
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


def mark_status(norma: Norma, steps: list[st.Step], revocation: Event | None) -> Norma:
    """``norma`` (in place; also returned) with the facts of its status
    (:meth:`Acervo.status_facts`): a whole-act event per amending act whose changes it lacks,
    and the revocation."""
    st.mark(norma, steps)
    if revocation is not None and not any(e.kind == st.REVOCATION for e in norma.events):
        norma.events.append(revocation)
        norma.situacao = Situacao.REVOGADO
    return norma


def require_acervo(root: Path) -> None:
    """``root`` is an acervo (a folder of municipality folders, each with ``municipio.toml``);
    a folder of acts as received, never imported, is refused with what to run first."""
    if not root.is_dir():
        raise InputError("pasta do acervo não encontrada", path=root)
    if (root / "municipio.toml").is_file():
        raise InputError(f"é a pasta de um município; indique a pasta do acervo, acima dela ({root.parent})",
                         path=root)
    if not any((d / "municipio.toml").is_file() for d in root.iterdir() if d.is_dir()):
        raise InputError("não é um acervo importado (nenhuma pasta de município com municipio.toml): se a pasta "
                         "tem os atos como recebidos, importe-os antes com 'lexconsolida importar PASTA -o ACERVO "
                         "--municipio uf-nome' e rode 'lexconsolida acervo ACERVO' (docs/importacao.md)", path=root)


def build(root: str | Path, *, executor: Executor | Runner | Any = None,
          cache_dir: str | Path | None = None, municipio: str | None = None,
          others: Sequence[IndexEntry] = ()) -> Acervo:
    """Analyse the whole acervo in ``root`` (see the module's docstring); a folder that is not
    an acervo is an :class:`~lexconsolida.errors.InputError` (:func:`require_acervo`).

    ``executor``: where the per-act work runs (:func:`lexconsolida.acervo.work.as_runner`: a
    runner, any ``concurrent.futures.Executor``, a Dask ``Client``; None: this process).

    Every result is cached under the key of what it reads, and no more (see the module's
    docstring): an act's analysis under its sources (:func:`act_keys`), with the questions it
    asked of the index and the other acts it read (:class:`~lexconsolida.acervo.analysis.Traced`);
    a history under its target's and its amending acts' sources, with the same. A result whose
    questions still have the same answers is taken from the cache: a new act redoes only itself
    and the results whose citations it answers.

    ``municipio``: build only that municipality's folder (a shard of a state, see
    :mod:`lexconsolida.acervo.estado`): its acts analysed and compiled, its citations resolved
    with its own acts and ``others`` (the index entries of the acts of no municipality — the
    state's, the Union's); an act of another folder it names is read for its label and status,
    never compiled here. The result is the view of that municipality (:meth:`Acervo.only`)."""
    clock = time.perf_counter()
    timings: dict[str, float] = {}
    root = Path(root).absolute()  # workers (a Dask cluster's too) read the acts by these paths
    require_acervo(root)
    runner = as_runner(executor)
    cache = Cache(Path(cache_dir) if cache_dir else None)
    code = code_key()
    state_key = content_key("estado", code, str(root.resolve()), municipio)
    state = cache.get("estado", state_key) or {"atos": {}, "hashes": {}}
    before = (len(state["atos"]), len(state["hashes"]))
    loaded = load(root, memo=state["atos"] if cache.folder else None, tolerant=True,
                  only=[municipio] if municipio else None, others=others)
    index = loaded.index
    hashes = state["hashes"] if cache.folder else None
    mun_sha = {m: _sha(root / m / "municipio.toml", hashes) for m in loaded.municipios}
    urns = sorted(loaded.acts)
    base: dict[str, str] = {}
    tkeys: dict[str, str] = {}
    for urn in urns:
        base[urn], tkey = act_keys(code, mun_sha, loaded.acts[urn], hashes)
        if tkey:
            tkeys[urn] = tkey
    corpus = whole_corpus(loaded, cache, tkeys, base,
                          Recognitions(str(cache.folder) if cache.folder else None, code, tkeys))
    keys: dict[str, str] = {}
    results: dict[str, ActResult] = {}
    todo: list[str] = []
    for urn in urns:
        hit = cache.get("analise", base[urn])
        if isinstance(hit, Traced) and still_valid(hit.trace, index, base):
            results[urn] = hit.result
            keys[urn] = content_key(base[urn], hit.digest)
        else:  # not cached, or something it read (a citation's answer, another act) changed
            todo.append(urn)
    timings["carga"] = time.perf_counter() - clock
    context = Context(str(root), index, corpus.municipios, str(cache.folder) if cache.folder else None,
                      tkeys, code, base)
    shared = runner.share(context) if todo else None
    fresh = runner.map(_analyse, [(corpus.acts[u],) for u in todo], shared, name="analise")
    for tkey in tkeys.values():
        cache.keep(READ, tkey)  # read by the site
        cache.keep(RECOGNITION, tkey)  # read by the histories, the desk, the next run
    for urn, traced in zip(todo, fresh):
        results[urn] = traced.result
        keys[urn] = content_key(base[urn], traced.digest)
        cache.put("analise", base[urn], traced)
    if municipio is not None:  # the acts of other folders it names: their label and status
        _named_elsewhere(root, corpus, results, keys, base, tkeys, code, cache, context, hashes)
    timings["atos"] = time.perf_counter() - clock - timings["carga"]
    relations, ignored = _relations(corpus, results, municipio)
    amended = _amended(relations)
    if municipio is not None:  # another folder's act is compiled in its own folder's run
        amended = {t: srcs for t, srcs in amended.items() if corpus.acts[t].municipio == municipio}
    histories: dict[str, TargetHistory] = {}
    todo_h: list[tuple[str, str]] = []
    history_keys: dict[str, str] = {}
    for target in sorted(amended):
        hbase = history_key(code, target, amended[target], base, results)
        hit = cache.get("historia", hbase)
        if isinstance(hit, Traced) and still_valid(hit.trace, index, base):
            histories[target] = hit.result
            history_keys[target] = content_key(hbase, hit.digest)
        else:
            todo_h.append((target, hbase))
    if todo_h and shared is None:
        shared = runner.share(context)
    fresh_h = runner.map(_history, [(corpus.acts[t], [corpus.acts[s] for s in amended[t]], results[t].recusa,
                                     {_pasta(corpus, s): results[s].recusa for s in amended[t] if results[s].recusa})
                                    for t, _ in todo_h], shared, name="historia")
    for (target, hbase), traced in zip(todo_h, fresh_h):
        h = traced.result
        h.steps.sort(key=lambda st: (results[st.ato].vigencia or "", st.ato))  # order of vigência
        histories[target] = h
        history_keys[target] = content_key(hbase, traced.digest)
        cache.put("historia", hbase, traced)
    if (len(state["atos"]), len(state["hashes"])) != before or cache.misses:
        cache.put("estado", state_key, state)
    else:
        cache.get("estado", state_key)  # kept (marked used) for the next run
    cache.prune()
    timings["historias"] = time.perf_counter() - clock - timings["carga"] - timings["atos"]
    refused, unused = _import_reports(root, corpus)
    return Acervo(root, corpus, results, relations, ignored, histories, refused, unused,
                  cache.hits, cache.misses, timings, todo, [t for t, _ in todo_h], list(corpus.broken),
                  decision_issues(corpus, results, histories),
                  keys=keys, history_keys=history_keys, read_keys=tkeys, source_keys=base,
                  cache_dir=str(cache.folder) if cache.folder else None, municipio=municipio, code=code)


def _named_elsewhere(root: Path, corpus: TaskCorpus, results: dict[str, ActResult], keys: dict[str, str],
                     base: dict[str, str], tkeys: dict[str, str], code: str, cache: Cache, context: Context,
                     hashes: dict | None) -> None:
    """Load and analyse (from the cache when it can) the acts of other folders that the
    municipality's acts name — found in their texts or declared —, for their labels and status
    in its lists: an act of the state or the Union it regulates, say."""
    named = {r.alvo for res in results.values() for r in res.relacoes if r.no_acervo}
    named |= {alvo for u in results for rel in corpus.acts[u].relacoes for alvo in rel.alvos}
    municipios: dict = {}
    for urn in sorted(named - set(corpus.acts)):
        entry = corpus.index.entry(urn)
        if entry is None or not entry.pasta:
            continue
        mun = entry.pasta.split("/", 1)[0]
        if mun not in municipios:
            municipios[mun] = load_municipio(root / mun)
        try:
            act = load_act(root / entry.pasta, mun, municipios[mun].textos)
        except InputError:
            continue  # its own folder's run says what is wrong with it
        corpus.acts[act.urn] = act
        base[act.urn], tkey = act_keys(code, {mun: _sha(root / mun / "municipio.toml", hashes)}, act, hashes)
        if tkey:
            tkeys[act.urn] = tkey
            cache.keep(READ, tkey)
            cache.keep(RECOGNITION, tkey)
        hit = cache.get("analise", base[act.urn])
        if isinstance(hit, Traced) and still_valid(hit.trace, corpus.index, base):
            traced = hit
        else:
            traced = _analyse(context, act)
            cache.put("analise", base[act.urn], traced)
        results[act.urn] = traced.result
        keys[act.urn] = content_key(base[act.urn], traced.digest)


def act_keys(code: str, mun_sha: dict[str, str], act: Act, hashes: dict | None = None) -> tuple[str, str | None]:
    """(the key of the act's sources — ``municipio.toml``, ``norma.toml``, text, ledger —, the
    key of its text as read and its recognition, None without a text:
    :func:`lexconsolida.acervo.analysis.text_key`). ``hashes``: see :func:`_sha`."""
    toml, text = _sha(act.folder / "norma.toml", hashes), _sha(act.texto, hashes)
    mun = mun_sha.get(act.municipio, "")
    sources = content_key("analise", code, mun, toml, text, _sha(act.folder / LEDGER, hashes))
    return sources, (text_key(code, mun, toml, text, act) if act.texto is not None else None)


def history_key(code: str, target: str, sources: list[str], base: dict[str, str],
                results: dict[str, ActResult]) -> str:
    """What a history reads besides its questions to the index (:class:`Traced`): its target's
    and its amending acts' sources, and which of their texts the reader refused."""
    return content_key("historia", code, base[target], results[target].recusa,
                       [(s, base[s], results[s].recusa) for s in sources])


def whole_corpus(loaded: Corpus, cache: Cache, keys: dict[str, str], sources: dict[str, str],
                 recognitions: Recognitions) -> TaskCorpus:
    """The whole acervo's corpus (``loaded``) reading texts through the cache (under ``keys``)
    and recognising through ``recognitions``: the review desk and a decision's update read and
    recognise nothing the run already did."""
    corpus = TaskCorpus(loaded.root, str(cache.folder) if cache.folder else None, keys, loaded.municipios,
                        recognitions, None, sources)
    corpus.municipios, corpus.acts, corpus.broken = loaded.municipios, loaded.acts, loaded.broken
    if loaded._index_pinned:  # a shard: its index answers with the acts of other folders too
        corpus.pin_index(loaded.index)
    return corpus


def _analyse(ctx: Context, act) -> Traced:
    """One act's analysis as a task: the act's record, the shared context (index,
    municipalities, cache); with the questions it asked of the index."""
    trace: dict = {}
    res = analyse(ctx.root, act, ctx.index, ctx.municipios, ctx.cache, ctx.read_keys, trace=trace,
                  recognitions=ctx.recognitions(), source_keys=ctx.source_keys)
    return Traced.of(trace, res)


def _history(ctx: Context, target, sources: list, refused: str | None,
             refused_sources: dict[str, str]) -> Traced:
    """One amended act's history as a task (see :func:`_analyse`)."""
    trace: dict = {}
    h = history_of(ctx.root, target, sources, refused, ctx.index, refused_sources,
                   municipios=ctx.municipios, cache=ctx.cache, read_keys=ctx.read_keys, trace=trace,
                   recognitions=ctx.recognitions(), source_keys=ctx.source_keys)
    return Traced.of(trace, h)


def decision_issues(corpus: Corpus, results: dict[str, ActResult],
                    histories: dict[str, TargetHistory]) -> dict[str, list[DecisionIssue]]:
    """Per act, what is wrong with its recorded decisions: entries that cannot be read, codes
    no problem has, decisions that match no problem of the act (a typo, or a problem that is
    gone). Codes known from :mod:`lexconsolida.amendments.codes` or seen in this run count."""
    seen = {p.tipo for r in results.values() for p in r.problemas} | {c for r in results.values() for c in r.resolvidos}
    later: set[tuple[str, str]] = set()  # (act, code) of the problems the histories report
    for h in histories.values():
        for step in h.steps:
            later |= {(step.ato, p.tipo) for p in step.problemas}
            if step.decisao:
                later.add((step.ato, step.decisao))
    seen |= {code for _, code in later}
    later |= {(r.fonte, "alvo-fora-do-acervo") for res in results.values() for r in res.relacoes if not r.no_acervo}
    out: dict[str, list[DecisionIssue]] = {}
    for urn in sorted(results):
        act = corpus.acts.get(urn)
        if act is None:
            continue
        issues = list(act.decisoes_invalidas)
        # a decision on a precision gate is answered where the gates run (the histories)
        unmatched = [u for u in results[urn].sem_problema if u[0] not in gate_codes()]
        unmatched += [(d.problema, d.dispositivo, d.arquivo, d.linha) for d in act.decisoes
                      if d.problema in LATER_CODES and d.problema not in APPLY_CODES
                      and (urn, d.problema) not in later]
        for code, where, arquivo, linha in unmatched:
            at = f" (dispositivo {where})" if where else ""
            if not known(code, seen):
                issues.append(DecisionIssue(
                    "codigo-desconhecido", f"código de problema desconhecido: {code!r}{at} — confira a grafia "
                    "(os códigos estão em docs/alteracoes.md); a decisão não foi aplicada", arquivo or "", linha))
            else:
                issues.append(DecisionIssue(
                    "decisao-sem-problema", f"decisão sem problema correspondente: {code!r}{at} — o problema "
                    "deixou de existir ou o dispositivo está errado; a decisão não foi aplicada", arquivo or "", linha))
        if issues:
            out[urn] = sorted(issues, key=lambda i: (i.arquivo, i.linha or 0))
    return out


def update(ac: Acervo, changed: list[str], *,
           recognised: Callable[[Act], Decided] | None = None) -> tuple[list[str], list[str]]:
    """Bring ``ac`` up to date after the files of the acts ``changed`` (URNs) changed — a
    decision recorded, say —, in this process: those acts (and the acts whose recognition read
    their decisions, ``ActResult.depende_de``) analysed again, the relations redone, and the
    history of every act they amend (or amended) compiled again. Texts as read and the other
    acts' recognitions come from the acervo's cache (a decision recognises at most the act it
    was recorded on), and what is redone goes back into it, under the same keys a run of
    :func:`build` uses. Returns (acts analysed, histories compiled). ``recognised``: a memo of
    recognitions for the histories (the caller drops the entries of the changed acts)."""
    corpus = ac.corpus
    cache = Cache(Path(ac.cache_dir) if ac.cache_dir else None)
    store: Recognitions | None = getattr(corpus, "recognitions", None)
    if recognised is None:  # one memo for every history redone (and the quick path's report)
        recognised = recognition_memo(corpus)
    keyed = bool(ac.code)  # built by build(): its keys are kept up to date
    folders = set()
    for urn in changed:
        act = corpus.acts[urn]
        fresh = load_act(act.folder, act.municipio, corpus.municipios[act.municipio].textos)
        resolve_relations(corpus, fresh)
        if ActIndex.of([fresh]).entries != ActIndex.of([act]).entries:
            corpus._index = None  # what citations resolve to changed: the index is made again
        corpus.acts[urn] = fresh
        corpus.forget(urn)
        folders.add(str(act.folder))
        if keyed:
            mun = {fresh.municipio: _sha(ac.root / fresh.municipio / "municipio.toml")}
            ac.source_keys[urn], tkey = act_keys(ac.code, mun, fresh)
            if tkey:
                ac.read_keys[urn] = tkey
            else:
                ac.read_keys.pop(urn, None)
    redo = set(changed) | {u for u, r in ac.acts.items()
                           if any(str(Path(f).parent) in folders for f, _ in r.depende_de)}
    before = _amended(ac.relations)
    for urn in sorted(redo):
        trace: dict = {}
        ac.acts[urn] = analyse(str(ac.root), corpus.acts[urn], corpus.index, corpus.municipios, ac.cache_dir,
                               ac.read_keys, trace=trace, recognitions=store, source_keys=ac.source_keys,
                               parent=corpus)
        if keyed:
            traced = Traced.of(trace, ac.acts[urn])
            ac.keys[urn] = content_key(ac.source_keys[urn], traced.digest)
            cache.put("analise", ac.source_keys[urn], traced)
    ac.relations, ac.ignored_relations = _relations(corpus, ac.acts)
    amended = _amended(ac.relations)
    targets = sorted({t for m in (before, amended) for t, srcs in m.items() if redo & set(srcs)}
                     | (redo & set(amended)))  # an amended act whose own text changed: its history too
    for target in targets:
        if target not in amended:
            ac.histories.pop(target, None)
            ac.history_keys.pop(target, None)
            continue
        srcs = amended[target]
        old = ac.histories.get(target)
        hbase = history_key(ac.code, target, srcs, ac.source_keys, ac.acts) if keyed else ""
        if old is not None and len(redo) == 1 and set(srcs) == set(before.get(target, ())):
            quick = _unapplied_step(ac, target, next(iter(redo)), old, recognised)
            if quick is not None:
                ac.histories[target] = quick
                if keyed:  # the text is the same; the step says what changed
                    ac.history_keys[target] = content_key(hbase, "passo", repr(quick.steps))
                continue
        trace = {}
        h = history_of(str(ac.root), corpus.acts[target], [corpus.acts[s] for s in srcs],
                       ac.acts[target].recusa, corpus.index,
                       {_pasta(corpus, s): r for s in srcs if (r := ac.acts[s].recusa)}, recognised,
                       municipios=corpus.municipios, cache=ac.cache_dir, read_keys=ac.read_keys, trace=trace,
                       recognitions=store, source_keys=ac.source_keys, parent=corpus)
        h.steps.sort(key=lambda st: (ac.acts[st.ato].vigencia or "", st.ato))
        ac.histories[target] = h
        if keyed:
            traced = Traced.of(trace, h)
            ac.history_keys[target] = content_key(hbase, traced.digest)
            cache.put("historia", hbase, traced)
    ac.decision_issues = decision_issues(corpus, ac.acts, ac.histories)
    ac.redone, ac.redone_histories = sorted(redo), targets
    if not keyed:
        # Not built by build(): a site made from it keys each act by its tree (nothing stale
        # is taken for current).
        ac.keys, ac.history_keys, ac.read_keys, ac.source_keys = {}, {}, {}, {}
    return sorted(redo), targets


def _pasta(corpus: Corpus, urn: str) -> str:
    return corpus.acts[urn].folder.relative_to(corpus.root).as_posix()


def _relations(corpus: Corpus, results: dict[str, ActResult],
               municipio: str | None = None) -> tuple[list[Relation], list[IgnoredRelation]]:
    """Relations in force: declared ones win over found ones, act by act (those of the acts of
    ``municipio``, when given)."""
    out: list[Relation] = []
    ignored: list[IgnoredRelation] = []
    for urn in sorted(results):
        act, res = corpus.acts[urn], results[urn]
        if municipio is not None and act.municipio != municipio:
            continue
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


def amending_acts(ac: Acervo, target: str) -> list[str]:
    """URNs of the acts whose steps ``target``'s history has (:func:`history_of`): the acts of the
    acervo that change it, less those whose text the reader refused. The review desk previews a
    decision on one of them through the same history."""
    return [s for s in _amended(ac.relations).get(target, []) if not ac.acts[s].recusa]


def _amended(relations: list[Relation]) -> dict[str, list[str]]:
    """Target URN → the acts that change it (in the acervo), in URN order."""
    out: dict[str, set[str]] = {}
    for r in relations:
        if r.no_acervo and r.tipo in AMENDING_KINDS + ("altera", "revoga"):
            out.setdefault(r.alvo, set()).add(r.fonte)
    return {t: sorted(s) for t, s in out.items()}


def history_of(root: str, target: str | Act, sources: list[str | Act], refused: str | None,
               index: ActIndex, refused_sources: dict[str, str] | None = None,
               recognised: Callable[[Act], Decided] | None = None, *,
               municipios: dict | None = None, cache: str | None = None,
               read_keys: dict | None = None, trace: dict | None = None,
               recognitions: Recognitions | None = None, source_keys: dict | None = None,
               parent: Corpus | None = None) -> TargetHistory:
    """The target's amending acts applied in order of vigência (a pure function, run in a
    worker): each step applied, pending a decision or ignored, with the reason.

    ``refused``: why the reader refused the target's text; ``refused_sources``: the same for
    amending acts (folder → reason), which are then left out, with the reason. ``recognised``:
    a memo of the amending acts' recognitions (:func:`lexconsolida.history.history`).
    ``target`` and ``sources`` are folders or the acts' records (then no norma.toml is read);
    ``municipios``, ``cache``, ``read_keys``, ``trace``, ``recognitions``, ``source_keys`` and
    ``parent``: see :func:`lexconsolida.acervo.analysis.act_corpus`."""
    corpus, acts = act_corpus(Path(root), [target, *sources], index, municipios, cache, read_keys, trace=trace,
                              recognitions=recognitions, source_keys=source_keys, parent=parent)
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
            if step.situacao == IGNORED and step.operacoes == 0 and act.texto is not None:
                step = _base_missing(corpus, act, tact, step)
            out.steps.append(step)
            if step.revoga and out.revogado_em is None:
                out.revogado_por, out.revogado_em = act.urn, act.in_force_from
        return out
    try:
        hist = history(corpus, tact.urn, amending=amending, tolerant=True, recognised=recognised)
    except LexError as err:
        out.steps = [Step(a.urn, PENDING, f"erro ao aplicar: {err}") for a in sorted(amending, key=_order)]
        return out
    out.norma = hist.norma
    for rep in hist.reports:
        step = _step_of(corpus, tact, rep)
        out.steps.append(step)
        if step.situacao == APPLIED and step.revoga and out.revogado_em is None:
            out.revogado_por, out.revogado_em = rep.act.urn, rep.act.in_force_from
    return out


def _step_of(corpus: Corpus, target, rep) -> Step:
    """One amending act's step in the target's history, from its report."""
    blocking = [p for p in rep.problems if p.blocking]
    probs = [Instrucao(None, p.code, p.message, p.where, p.line, p.source, p.blocking) for p in rep.problems]
    revokes = any(o.kind == "revogacao_total" for o in rep.operations)
    if rep.applied:
        return Step(rep.act.urn, APPLIED, None, len(rep.operations), probs, revokes)
    if blocking:
        return Step(rep.act.urn, PENDING, blocking[0].message, len(rep.operations), probs)
    if any(p.code == "relacao-sem-operacoes" for p in rep.problems):
        return _without_operations(corpus, rep.act, target, probs)
    why = next((p.message for p in rep.problems), "nenhuma operação sobre este ato")
    return Step(rep.act.urn, IGNORED, why, 0, probs)


def _unapplied_step(ac: Acervo, target: str, source: str, old: TargetHistory,
                    recognised: Callable[[Act], Decided] | None) -> TargetHistory | None:
    """``old`` with the step of ``source`` (URNs) redone, when that act was not applied to the
    target and still is not (its other instructions still wait, say): the target's text does not
    change, so nothing else does. None when the history must be compiled again."""
    if old.norma is None:
        return None
    whole = ac.corpus
    corpus, (tact, act) = act_corpus(ac.root, [whole.acts[target], whole.acts[source]], whole.index, whole.municipios,
                                     ac.cache_dir, ac.read_keys, recognitions=getattr(whole, "recognitions", None),
                                     source_keys=ac.source_keys, parent=whole)
    before = next((s for s in old.steps if s.ato == act.urn), None)
    if before is None or before.situacao == APPLIED or act.texto is None or not act.normative:
        return None
    report = act_report(corpus, act, tact, recognised)
    if report.applied:
        return None
    step = _step_of(corpus, tact, report)
    return replace(old, steps=[step if s.ato == act.urn else s for s in old.steps])


NO_OPERATIONS = "relacao-sem-operacoes"


def _settled(corpus: Corpus, act, code: str, target):
    """The recorded decision that settles ``act``'s problem ``code`` on ``target`` without an
    operation (``ignorar`` or ``nao-textual``, in force, taken on the act's present text)."""
    for d in act.decisoes:
        if d.problema != code or not d.in_force or d.decisao not in ("ignorar", "nao-textual"):
            continue
        if d.alvo and _work(d.alvo) != _work(target.urn):
            continue
        if d.texto_hash is not None and act.texto is not None:
            try:
                norma = corpus.read_shared(act.urn)
            except LexError:
                continue
            if not current(d, lambda where: instruction_digest(norma, where)):
                continue
        return d
    return None


def _work(urn: str) -> str:
    return urn.split("!", 1)[0].split("@", 1)[0].lower()


def _without_operations(corpus: Corpus, act, target, probs: list[Instrucao]) -> Step:
    """An act related to the target (by its ementa, or declared) with no instruction on it:
    a change the recogniser may have missed, so a person decides — unless one already did
    (``[[decisoes]]`` with ``problema = "relacao-sem-operacoes"``: ``ignorar``)."""
    decided = _settled(corpus, act, NO_OPERATIONS, target)
    if decided is not None:
        what = " (alteração não textual)" if decided.decisao == "nao-textual" else ""
        return Step(act.urn, IGNORED, f"decisão registrada{what}: {decided.nota or decided.decisao}", 0, [],
                    decisao=NO_OPERATIONS)
    why = (f"{act.label} se relaciona com {target.label} (ementa ou [[relacoes]]), mas nenhuma instrução "
           "reconhecida no texto o altera: confira se há alteração a aplicar ou registre a decisão de ignorar")
    probs = [p for p in probs if p.tipo != NO_OPERATIONS]
    return Step(act.urn, PENDING, why, 0, [Instrucao(None, NO_OPERATIONS, why, None, None, "", True), *probs])


BASE_MISSING = "texto-base-indisponivel"


def _base_missing(corpus: Corpus, act, target, step: Step) -> Step:
    """An amending act whose target's text is not here: a pending item for a person (get the
    text, or record that the change stays unapplied here), unless already decided."""
    decided = _settled(corpus, act, BASE_MISSING, target)
    if decided is not None:
        return replace(step, motivo=f"{step.motivo}; decisão registrada: {decided.nota or 'ignorar'}",
                       decisao=BASE_MISSING)
    why = (f"{step.motivo}: a alteração de {act.label} em {target.label} não pode ser aplicada; "
           "inclua o texto da norma no acervo, ou registre que ela fica sem aplicação aqui")
    return replace(step, motivo=why, problemas=[*step.problemas, Instrucao(target.urn, BASE_MISSING, why, None,
                                                                           None, "", True)])


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
        held = [p for p in gates.check(gates.Context(None, target.urn, ops, event_of(act), corpus.read(act.urn),
                                                     rec.problems)) if p.blocking]
        if held:
            return Step(act.urn, PENDING, held[0].message, len(ops),
                        [Instrucao(None, p.code, p.message, p.where, p.line, p.source, True) for p in held])
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
