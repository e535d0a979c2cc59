"""Per-act work of the acervo: read, check, recognise, relations found in the text.

:func:`analyse` is a pure function of one act folder and the acervo's
:class:`~lexconsolida.corpus.index.ActIndex` (run in worker processes). It returns an
:class:`ActResult`, small and picklable: the act's identity, how its text was read, the
findings of the checks, and — for an act that amends, adds to, revokes or regulates others —
the operations recognised (with the decisions in its ``norma.toml`` applied), the problems
still open and the relations they make.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import re
import zlib
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexconsolida.acervo.cache import Cache
from lexconsolida.amendments import Recognition, grammar, phrases, recognise
from lexconsolida.amendments.decisions import LATER_CODES
from lexconsolida.amendments.through import AMBIGUOUS
from lexconsolida.check import check
from lexconsolida.citations import ActRef, find, find_acts
from lexconsolida.corpus.index import ActIndex
from lexconsolida.corpus.records import LEDGER, Act, load_act, load_municipio
from lexconsolida.corpus.store import Corpus
from lexconsolida.errors import LexError
from lexconsolida.history import recognise_act
from lexconsolida.manifest import content_key
from lexconsolida.model.operations import OpKind
from lexconsolida.model.urn import Urn

FOUND_KINDS = ("altera", "acrescenta", "revoga", "revoga-dispositivos", "regulamenta")
"""Kinds of relations found in texts: nova redação or renumeração; inclusão; revogação of the
whole act; revogação of dispositivos; regulamentação (no change to the text)."""
OP_RELATION: dict[OpKind, str] = {
    OpKind.REDACAO: "altera", OpKind.RENUMERACAO: "altera", OpKind.INCLUSAO: "acrescenta",
    OpKind.REVOGACAO: "revoga-dispositivos", OpKind.REVOGACAO_TOTAL: "revoga", OpKind.NOTA: "altera",
    OpKind.PENDENTE: "altera", OpKind.SUBSTITUICAO: "altera", OpKind.CELULA: "altera",
    OpKind.LINHA_INCLUSAO: "altera", OpKind.LINHA_REVOGACAO: "altera", OpKind.TABELA_REDACAO: "altera",
    OpKind.ANEXO_REDACAO: "altera", OpKind.ANEXO_REVOGACAO: "revoga-dispositivos", OpKind.LINHA_REDACAO: "altera"}
"""The relation an operation of each kind says the act has with its target (every kind: a test
checks, since a missing one was an internal error of the whole act's analysis)."""
AMENDING_KINDS = ("altera", "acrescenta", "revoga", "revoga-dispositivos")
"""Relations whose source changes the target's text or status (applied in the history)."""
DECLARED_KIND = {"altera": "altera", "acrescenta": "altera", "revoga-dispositivos": "altera",
                 "revoga": "revoga", "regulamenta": "regulamenta"}
"""How a found kind is declared in ``[[relacoes]]`` (which knows altera, revoga, regulamenta)."""

_EMENTA_VERB = re.compile(
    r"\b(?P<v>altera|alteram|modifica|d[áa]\s+nova\s+reda[çc][ãa]o|acrescenta|acresce|inclui|introduz"
    r"|revoga|regulamenta)\w*", re.IGNORECASE)
_VERB_KIND = {"altera": "altera", "alteram": "altera", "modifica": "altera", "acrescenta": "acrescenta",
              "acresce": "acrescenta", "inclui": "acrescenta", "introduz": "altera",
              "revoga": "revoga", "regulamenta": "regulamenta"}


@dataclass(slots=True, frozen=True)
class Relation:
    """A relation of one act to another: found in its text, or declared in its norma.toml."""

    tipo: str
    """One of :data:`FOUND_KINDS` (found), or of ``[[relacoes]]`` (declared)."""
    fonte: str
    """URN of the act that makes it."""
    alvo: str
    """URN of the target (a URN made from the citation when it is outside the acervo)."""
    alvo_rotulo: str
    no_acervo: bool
    origem: str
    """'instrução' (an instruction recognised in an article), 'ementa' or 'declarada'."""
    dispositivo: str | None = None
    linha: int | None = None
    texto: str = ""


@dataclass(slots=True, frozen=True)
class Instrucao:
    """One operation or open problem of an amending act, as the work list shows it."""

    alvo: str | None
    tipo: str
    """Operation kind ('redacao' …) or the problem's code."""
    mensagem: str
    dispositivo: str | None
    linha: int | None
    texto: str
    bloqueia: bool = False
    unidade: str | None = None
    """For an operation: the unit it changes in its target ('art5_par1'), for the review desk's
    words (:func:`lexconsolida.review.words.headline`)."""


@dataclass(slots=True)
class ActResult:
    pasta: str
    """Folder relative to the acervo root ('ba-feira-de-santana/lei-2217-2001')."""
    urn: str
    rotulo: str
    tipo: str
    ano: str | None
    vigencia: str | None
    """Date from which the act's changes count (vigência, else publicação, else data)."""
    ementa: str | None
    texto: bool
    """The acervo has a text for it."""
    recusa: str | None = None
    """Why the reader refused the text."""
    avisos_leitura: int = 0
    verificacoes: dict[str, int] = field(default_factory=dict)
    """Findings of the structural checks, by code."""
    dispositivos: int = 0
    relacoes: list[Relation] = field(default_factory=list)
    operacoes: list[Instrucao] = field(default_factory=list)
    problemas: list[Instrucao] = field(default_factory=list)
    """Open problems of the recognition (after the recorded decisions)."""
    decididos: int = 0
    """Problems answered by a recorded decision."""
    resolvidos: list[str] = field(default_factory=list)
    """Codes of the problems answered by a recorded decision."""
    sem_problema: list[tuple[str, str | None, str | None, int | None]] = field(default_factory=list)
    """Recorded decisions that matched no problem of the recognition: (code, dispositivo, file,
    line); those on problems the histories report are checked there."""
    duvidas_importacao: list[dict] = field(default_factory=list)
    erros_internos: list[str] = field(default_factory=list)
    """Bugs met on this act (reported for the maintainers; the rest of the acervo goes on)."""
    usa_indice: bool = False
    """The result depends on the acervo's index (citations of other acts were resolved)."""
    depende_de: list[tuple[str, str]] = field(default_factory=list)
    """(text file, SHA-256) of the amending acts whose text decided where an instruction goes
    (``amendments.through``): a cached result is redone when one of them changes."""


@dataclass(slots=True, frozen=True)
class Traced:
    """A result with what it read besides its key's sources: the questions asked of the index
    and the other acts read, with their answers (:class:`TracingIndex`), and their digest (part
    of the key the site and the work list see: a result recomputed because an answer changed
    has another key)."""

    trace: tuple
    digest: str
    result: Any

    @classmethod
    def of(cls, trace: dict, result: Any) -> Traced:
        items = tuple(trace.items())
        return cls(items, content_key(items), result)


@functools.lru_cache(maxsize=64)
def _municipio(folder: Path, mtime: int):
    """The municipality of a folder, read once per worker process (``mtime``: a changed file
    is read again)."""
    return load_municipio(folder)


@dataclass(slots=True, frozen=True)
class Context:
    """What every per-act task of an acervo needs and is the same for all of them: sent once per
    worker (:meth:`lexconsolida.acervo.work.Runner.share`), never with each task."""

    root: str
    index: ActIndex
    municipios: dict
    """Folder name → :class:`~lexconsolida.corpus.records.Municipio` (as the whole load read it)."""
    cache: str | None = None
    """The run's cache folder (shared storage on a cluster): each act's text as read is kept
    there (:data:`READ`), so no stage, nor the site, parses it again; and each amending act's
    recognition (:data:`RECOGNITION`)."""
    read_keys: dict = field(default_factory=dict)
    """URN → the key of the act's text as read (:func:`text_key`): the text kept under it
    (:data:`READ`), and the recognition (:data:`RECOGNITION`)."""
    code: str = ""
    """The program's code key (part of every key)."""
    source_keys: dict = field(default_factory=dict)
    """URN → the key of all the act's sources, its decisions included: what a result that read
    the act depends on (:class:`TracingIndex`)."""

    def recognitions(self) -> Recognitions:
        """The recognitions of this worker process (one store per run: its memo serves every
        task of the run)."""
        store = _STORES.get(id(self.read_keys))
        if store is None or store.keys is not self.read_keys:  # the store holds its keys: no id reused
            _STORES.clear()  # one run at a time in a worker
            store = _STORES[id(self.read_keys)] = Recognitions(self.cache, self.code, self.read_keys)
        return store

    def corpus(self, acts: Sequence[str | Act], trace: dict | None = None) -> tuple[Corpus, list[Act]]:
        """:func:`act_corpus` of ``acts`` with this run's cache, keys and recognitions."""
        return act_corpus(Path(self.root), acts, self.index, self.municipios, self.cache, self.read_keys,
                          trace=trace, recognitions=self.recognitions(), source_keys=self.source_keys)


_STORES: dict = {}


RECOGNITION = "reconhecimento"
"""Cache kind of an amending act's recognition (:func:`lexconsolida.amendments.recognise`, before
its decisions), with the answers of the citations it resolved."""


def text_key(code: str, municipio: str, norma_toml: str, texto: str, act: Act) -> str:
    """The key of an act's text as read (:data:`READ`) and of its recognition
    (:data:`RECOGNITION`): its text and metadata (``norma.toml``, ``municipio.toml``, SHA-256
    each) and its efficacy events (from its ledger, carried by the text as read) — never its
    decisions, applied after the recognition (a decision recorded neither reads nor recognises
    the act again). With the program's code (the reader and the grammar included)."""
    return content_key("texto", code, municipio, norma_toml, texto, repr(act.eficacia))


class Recognitions:
    """Recognitions of amending acts, computed once per act per run and kept in the acervo's
    cache (shared storage on a cluster): the analysis, the histories, the redirections through
    amending acts (:mod:`lexconsolida.amendments.through`), a decision's update and the review
    desk all take them from here (:func:`lexconsolida.history.raw_recognition`).

    An entry is kept under the act's :func:`text_key` with the citations its recognition
    resolved and their answers; it serves while every citation still resolves to the same act
    (a new act that answers one of them has the act recognised again — only that act)."""

    KEEP = 512

    def __init__(self, cache: str | None, code: str, keys: dict) -> None:
        self.cache = Cache(Path(cache)) if cache else None
        self.code = code
        self.keys = keys
        self.memo: OrderedDict[str, tuple] = OrderedDict()
        self.computed = 0
        """Recognitions computed by this store (tests, benches)."""

    def raw(self, corpus: Corpus, act: Act, norma) -> Recognition:
        def resolve(ref):
            return corpus.resolve(ref, act.urn)

        key = self.keys.get(act.urn)
        entry = self._entry(key) if key else None
        if entry is not None and all(resolve(ref) == answer for ref, answer in entry[0]):
            return pickle.loads(entry[1])
        answers: dict = {}

        def traced(ref):
            answer = answers[ref] = resolve(ref)
            return answer

        rec = recognise(norma, traced)
        self.computed += 1
        if key:
            entry = (tuple(answers.items()), pickle.dumps(rec, protocol=5))
            self._remember(key, entry)
            if self.cache is not None:
                self.cache.put_bytes(RECOGNITION, key, pickle.dumps(entry, protocol=5))
        return rec

    def _entry(self, key: str) -> tuple | None:
        hit = self.memo.get(key)
        if hit is not None:
            self.memo.move_to_end(key)
            return hit
        data = self.cache.get_bytes(RECOGNITION, key) if self.cache is not None else None
        if data is None:
            return None
        try:
            hit = pickle.loads(data)
        except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            return None
        self._remember(key, hit)
        return hit

    def _remember(self, key: str, entry: tuple) -> None:
        self.memo[key] = entry
        while len(self.memo) > self.KEEP:
            self.memo.popitem(last=False)


class TracingIndex:
    """An :class:`~lexconsolida.corpus.index.ActIndex` that writes down every question asked of
    it, with its answer (``trace``): what a result computed with it depends on. The same
    questions asked of another index (the acervo after acts were added, removed or changed)
    give the same answers exactly when the result would be the same (:func:`still_valid`)."""

    __slots__ = ("index", "trace")

    def __init__(self, index: ActIndex, trace: dict) -> None:
        self.index = index
        self.trace = trace

    def __getattr__(self, name: str):
        return getattr(self.index, name)

    @property
    def size(self) -> int:
        return self.index.size

    def entry(self, urn: str):
        out = self.trace[("e", urn)] = self.index.entry(urn)
        return out

    def resolve(self, ref, near: str | None = None) -> str | None:
        out = self.trace[("r", ref, near)] = self.index.resolve(ref, near)
        return out

    def resolve_name(self, name: str, near: str | None = None) -> str | None:
        out = self.trace[("n", name, near)] = self.index.resolve_name(name, near)
        return out

    def named_in(self, text: str, near: str | None = None) -> list[tuple[int, int, str]]:
        out = self.index.named_in(text, near)
        self.trace[("t", text, near)] = tuple(out)
        return out


def still_valid(trace: Sequence[tuple], index: ActIndex, keys: dict) -> bool:
    """Whether every question of ``trace`` (:class:`TracingIndex`; ``("a", urn)``: another act
    read, with the key of its sources) has the same answer now."""
    for question, answer in trace:
        kind = question[0]
        now: object
        if kind == "r":
            now = index.resolve(question[1], question[2])
        elif kind == "a":
            now = keys.get(question[1])
        elif kind == "e":
            now = index.entry(question[1])
        elif kind == "n":
            now = index.resolve_name(question[1], question[2])
        elif kind == "t":
            now = tuple(index.named_in(question[1], question[2]))
        else:
            return False
        if now != answer:
            return False
    return True


READ = "leitura"
"""Cache kind of an act's text as read (a zlib-compressed pickle of its Norma and the reader's
diagnostics), under the key of the act's sources (:func:`lexconsolida.acervo.pipeline.build`)."""


def keep_read(cache: str | None, key: str | None, norma, diagnostics: list) -> None:
    """Keep ``norma`` (just read) and what the reader said of it in the cache under ``key``."""
    if cache and key:
        Cache(Path(cache)).put_bytes(READ, key, zlib.compress(pickle.dumps((norma, diagnostics), protocol=5), 1))


def cached_entry(cache: str | None, key: str | None) -> tuple | None:
    """(Norma, diagnostics) :func:`keep_read` kept, or None."""
    if not cache or not key:
        return None
    data = Cache(Path(cache)).get_bytes(READ, key)
    if data is None:
        return None
    try:
        return pickle.loads(zlib.decompress(data))
    except (zlib.error, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None


def cached_read(cache: str | None, key: str | None):
    """The Norma :func:`keep_read` kept, or None."""
    entry = cached_entry(cache, key)
    return entry[0] if entry is not None else None


class TaskCorpus(Corpus):
    """The corpus of one task: its acts read once per run — from the acervo's cache of texts
    as read when another task (or an earlier run) read them, else parsed and kept there —,
    recognised once per run (``recognitions``), and, with a ``trace``, every other act it
    loads written down with the key of its sources (what a result computed here depends on)."""

    __slots__ = ("cache", "read_keys", "known", "recognitions", "trace", "source_keys", "parent")

    def __init__(self, root: Path, cache: str | None = None, read_keys: dict | None = None,
                 known: dict | None = None, recognitions: Recognitions | None = None,
                 trace: dict | None = None, source_keys: dict | None = None) -> None:
        Corpus.__init__(self, root)
        self.cache = cache
        self.read_keys = read_keys or {}
        self.known = known or {}
        """The acervo's municipalities as the whole load read them (where their texts are)."""
        self.recognitions = recognitions
        self.trace = trace
        self.source_keys = source_keys or {}
        """URN → the key of each act's sources (its decisions included), for the trace."""
        self.parent: Corpus | None = None
        """A corpus of the same acervo in this process (the whole acervo of a review desk): texts
        it has read are taken from it, and texts read here are given to it."""

    def read(self, urn: str):
        if self.parent is None:
            return Corpus.read(self, urn)
        act = self.get(urn)
        if act.urn not in self._texts and act.urn in self.parent._texts:
            self._texts[act.urn] = self.parent._texts[act.urn]
            self._diagnostics.setdefault(act.urn, self.parent._diagnostics.get(act.urn, []))
        out = Corpus.read(self, urn)
        if act.urn in self._texts:
            self.parent._texts.setdefault(act.urn, self._texts[act.urn])
            self.parent._diagnostics.setdefault(act.urn, self._diagnostics.get(act.urn, []))
        return out

    def read_shared(self, urn: str):
        if self.parent is None:
            return Corpus.read_shared(self, urn)
        act = self.get(urn)
        if act.urn not in self._shared and act.urn in self.parent._shared:
            self._shared[act.urn] = self.parent._shared[act.urn]
            self._diagnostics.setdefault(act.urn, self.parent._diagnostics.get(act.urn, []))
        out = Corpus.read_shared(self, urn)
        self.parent._shared.setdefault(act.urn, out)
        self.parent._diagnostics.setdefault(act.urn, self._diagnostics.get(act.urn, []))
        return out

    def loaded(self, urn: str) -> Act | None:
        """As :meth:`Corpus.loaded`, with the municipality as the whole load read it (a
        ``[fonte_textos]`` included: the act's text is found)."""
        if urn in self.acts:
            return self.acts[urn]
        entry = self._index.entry(urn) if self._index is not None else None
        if entry is not None and entry.pasta:
            mun = entry.pasta.split("/", 1)[0]
            if mun not in self.municipios and mun in self.known:
                self.municipios[mun] = self.known[mun]
            if mun in self.municipios and (self.root / entry.pasta).is_dir():
                act = load_act(self.root / entry.pasta, mun, self.municipios[mun].textos)
                self.acts[act.urn] = act
                self._traced(act.urn)
                return act
        other = Corpus.loaded(self, urn)
        if other is not None:
            self._traced(other.urn)
        return other

    def _traced(self, urn: str) -> None:
        if self.trace is not None:
            self.trace[("a", urn)] = self.source_keys.get(urn)

    def _read_uncached(self, act: Act):
        key = self.read_keys.get(act.urn) if act.texto is not None else None
        entry = cached_entry(self.cache, key)
        if entry is not None:
            norma, self._diagnostics[act.urn] = entry
            return norma
        norma = Corpus._read_uncached(self, act)
        keep_read(self.cache, key, norma, self._diagnostics.get(act.urn, []))
        return norma


def act_corpus(root: Path, folders: Sequence[str | Act], index: ActIndex,
               municipios: dict | None = None, cache: str | None = None,
               read_keys: dict | None = None, *, trace: dict | None = None,
               recognitions: Recognitions | None = None,
               source_keys: dict | None = None, parent: Corpus | None = None) -> tuple[TaskCorpus, list[Act]]:
    """A corpus of just ``folders`` (relative to ``root``; or the acts' records, already read by
    the whole load: then no ``norma.toml`` is parsed again) that resolves citations with the
    whole acervo's ``index``; with ``cache`` and ``read_keys``, texts are read through the
    acervo's cache of texts as read (:class:`TaskCorpus`); with ``recognitions``, amending acts
    are recognised through it; with ``trace``, every question asked of the index and every other
    act loaded is written down there (:class:`TracingIndex`), with its key in ``source_keys``."""
    corpus = TaskCorpus(root, cache, read_keys, municipios, recognitions, trace, source_keys)
    corpus.parent = parent
    acts = []
    for rel in folders:
        if isinstance(rel, Act):
            act, mun = rel, rel.municipio
            folder = None
        else:
            folder = root / rel
            mun = folder.parent.name
            act = None
        if mun not in corpus.municipios:
            corpus.municipios[mun] = (municipios[mun] if municipios and mun in municipios else _municipio(
                root / mun, (root / mun / "municipio.toml").stat().st_mtime_ns))
        if act is None:
            assert folder is not None
            act = load_act(folder, mun)
        corpus.acts[act.urn] = act
        acts.append(act)
    corpus.pin_index(TracingIndex(index, trace) if trace is not None else index)  # type: ignore[arg-type]
    return corpus, acts


def pasta_of(act: str | Act) -> str:
    """An act's folder relative to the acervo ('ba-feira/lei-1-2020')."""
    return act if isinstance(act, str) else f"{act.municipio}/{act.folder.name}"


def analyse(root: str, pasta: str | Act, index: ActIndex, municipios: dict | None = None,
            cache: str | None = None, read_keys: dict | None = None, *, trace: dict | None = None,
            recognitions: Recognitions | None = None, source_keys: dict | None = None,
            parent: Corpus | None = None) -> ActResult:
    """Read, check and recognise the act in ``root/pasta`` (or the act of that record); with
    ``cache`` and ``read_keys``, texts are read through the cache (:class:`TaskCorpus`);
    ``trace``, ``recognitions``, ``source_keys`` and ``parent``: see :func:`act_corpus`."""
    corpus, (act,) = act_corpus(Path(root), [pasta], index, municipios, cache, read_keys, trace=trace,
                                recognitions=recognitions, source_keys=source_keys, parent=parent)
    res = ActResult(pasta_of(pasta), act.urn, act.label, act.tipo, _year(act), act.in_force_from, act.ementa,
                    act.texto is not None,
                    duvidas_importacao=list((act.data_toml.get("importacao") or {}).get("duvidas", [])))
    if act.texto is None:
        res.sem_problema = [(d.problema, d.dispositivo, d.arquivo, d.linha) for d in act.decisoes
                            if d.problema not in LATER_CODES]
        return res
    try:
        norma = corpus.read_shared(act.urn)  # read only here; recognition takes its own copy
    except LexError as err:
        res.recusa = getattr(err, "message", str(err))
        _ementa_relations(corpus, act, res)  # what the ementa announces is not lost with the text
        return res
    res.avisos_leitura = sum(1 for d in corpus.diagnostics(act.urn) if d.severity.value != "info")
    res.dispositivos = sum(1 for _ in norma.dispositivos())
    def recognition() -> None:
        if _may_amend(norma):
            _recognition(corpus, act, res)
        else:  # no instruction at all: a decision here answers nothing (but a later problem)
            res.sem_problema = [(d.problema, d.dispositivo, d.arquivo, d.linha) for d in act.decisoes
                                if d.problema not in LATER_CODES]

    for stage, run in (("verificação", lambda: _checks(norma, res)),
                       ("reconhecimento das alterações", recognition),
                       ("relações da ementa", lambda: _ementa_relations(corpus, act, res))):
        try:
            run()
        except LexError:
            raise
        except Exception as err:  # a bug: reported as one, for this act only, never as bad input
            res.erros_internos.append(f"{stage}: {type(err).__name__}: {err}")
    return res


def _checks(norma, res: ActResult) -> None:
    res.verificacoes = dict(sorted(Counter(d.code for d in check(norma)).items()))


def _year(act: Act) -> str | None:
    d = act.data or Urn.parse(act.urn).data
    return d[:4] if d else None


def _may_amend(norma) -> bool:
    """Whether the act has an instruction: a formula, or a shape of the instruction grammar
    ('…, revogadas as disposições em contrário, especialmente a Lei nº …')."""
    return any(_instruction(d.text) for d in norma.dispositivos() if d.text)


_INSTRUCTION: dict[str, bool] = {}
"""Short texts already scanned in this process, with the answer: the final clauses every act
prints ('Revogam-se as disposições em contrário.', 'Esta Lei entra em vigor …') are scanned by
the formulas and the grammar once per worker, not once per act."""
_INSTRUCTION_TEXT = 240
_INSTRUCTION_KEEP = 50_000


def _instruction(text: str) -> bool:
    """Whether ``text`` is an instruction by a formula or by the grammar (remembered when short)."""
    hit = _INSTRUCTION.get(text)
    if hit is not None:
        return hit
    found = bool(phrases.classify(text)) or grammar.parse(text) is not None
    if len(text) <= _INSTRUCTION_TEXT:
        if len(_INSTRUCTION) >= _INSTRUCTION_KEEP:
            _INSTRUCTION.clear()
        _INSTRUCTION[text] = found
    return found


def _recognition(corpus: Corpus, act: Act, res: ActResult) -> None:
    res.usa_indice = True
    decided = recognise_act(corpus, act)
    rec = decided.recognition
    res.decididos = len(decided.resolved)
    res.resolvidos = sorted({p.code for p, _ in decided.resolved})
    res.sem_problema = [(d.problema, d.dispositivo, d.arquivo, d.linha) for d in decided.unused]
    seen: set[tuple[str, str]] = set()
    for op in rec.operations:
        kind = OP_RELATION[op.kind]
        res.operacoes.append(Instrucao(op.target_urn, op.kind, op.describe(), op.where, op.line, op.source,
                                       unidade=op.target_id))
        if op.target_urn and (kind, op.target_urn) not in seen:
            seen.add((kind, op.target_urn))
            res.relacoes.append(Relation(kind, act.urn, op.target_urn, op.target_label, op.in_corpus, "instrução",
                                      op.where, op.line, op.source))
    cited = {o.via for o in rec.operations if o.via} | {p.target_urn for p in rec.problems
                                                          if p.code == AMBIGUOUS and p.target_urn}
    for urn in sorted(cited):
        other = corpus.loaded(urn)
        if other is not None and other.texto is not None:
            res.depende_de.append((str(other.texto), hashlib.sha256(other.texto.read_bytes()).hexdigest()))
            ledger = other.folder / LEDGER  # its decisions decide its operations, hence where this act's go
            res.depende_de.append((str(ledger), hashlib.sha256(ledger.read_bytes()).hexdigest()
                                   if ledger.is_file() else ""))
    for p in rec.problems:
        res.problemas.append(Instrucao(None, p.code, p.message, p.where, p.line, p.source, p.blocking))


_RELATIVE = re.compile(r"\bque\s+$|\bque\s+(?:a|o|as|os)\s+$", re.IGNORECASE)
_LIST_GAP = re.compile(r"^(?:\s*,\s*|\s+e\s+|\s*,?\s*\w+\s*,?\s*(?:e\s+)?)$", re.IGNORECASE)
_AGENT = re.compile(r"\b(?:pel[oa]s?|por)\s+$", re.IGNORECASE)


def _verb_kind(ementa: str, verb: re.Match) -> str | None:
    """The relation a verb of the ementa makes; None for a verb of a relative clause that
    describes another act ('… da Lei nº 41, que altera a Lei nº 1.612 …')."""
    if _RELATIVE.search(ementa[max(0, verb.start() - 12):verb.start()]):
        return None
    word = re.sub(r"\s+", " ", verb.group("v").lower())
    return "altera" if word.startswith("d") else _VERB_KIND[word.split(" ")[0]]


def _context(before: str) -> bool:
    """An act cited as the agent of something ('com redação dada pela Lei nº 28',
    'alterada pela Lei nº …', 'criado pelo Decreto nº …'), not as the target."""
    return bool(phrases.CONTEXT_BEFORE_ACT.search(before) or _AGENT.search(before[-12:]))


def _outside_urn(own: str, ref) -> str:
    """A URN for an act outside the acervo, from its citation (municipal, of the citing act's
    municipality, unless the citation says federal or state)."""
    if ref.urn:
        return ref.urn
    u = Urn.parse(own)
    loc, aut = u.localidade, "municipal"
    if ref.esfera == "federal":
        loc, aut = "br", "federal"
    elif ref.esfera == "estadual":
        loc, aut = ";".join(u.localidade.split(";")[:2]), "estadual"
    date = ref.data or (str(ref.ano) if ref.ano else None)
    return str(Urn(loc, aut, ref.tipo, ";".join(p for p in (date, ref.numero) if p) or "s.n"))


def _ementa_relations(corpus: Corpus, act: Act, res: ActResult) -> None:
    """'Altera a Lei nº …', 'Regulamenta a Lei nº …' in the ementa: a relation to each act it
    names after the verb, unless the articles already made one to that act."""
    ementa = act.ementa or ""
    verbs = list(_EMENTA_VERB.finditer(ementa))
    if not verbs:
        return
    res.usa_indice = True
    have = {r.alvo for r in res.relacoes}
    outside = {r.alvo_rotulo for r in res.relacoes if not r.no_acervo}
    spans: list[tuple[int, int, str | None]] = []
    for i, v in enumerate(verbs):
        kind = _verb_kind(ementa, v)
        if i and spans[-1][2] is None and _LIST_GAP.match(ementa[verbs[i - 1].end():v.start()]):
            kind = None  # '… que altera, modifica e dá nova redação à Lei …': still the relative clause
        spans.append((v.end(), verbs[i + 1].start() if i + 1 < len(verbs) else len(ementa), kind))
    cited: list[tuple[int, ActRef, bool]] = []
    for c in find(ementa):
        if c.act is not None and not c.proprio:
            cited.append((c.start, c.act, bool(c.ids)))
    for c in find_acts(ementa):
        if c.act is not None:
            cited.append((c.start, c.act, False))
    named = [(s, urn) for s, _, urn in corpus.index.named_in(ementa, act.urn)]
    out: dict[str, Relation] = {}
    for start, end, kind in spans:
        if kind is None:
            continue
        for pos, ref, partial in cited:
            if not (start <= pos < end) or _context(ementa[:pos]):
                continue
            urn = corpus.resolve(ref, act.urn)
            k = "revoga-dispositivos" if kind == "revoga" and partial else kind
            if urn is None:
                if ref.label() in outside:
                    continue
                key = _outside_urn(act.urn, ref)
                out.setdefault(key, Relation(k, act.urn, key, ref.label(), False, "ementa", None, None, ementa))
            elif urn not in have and urn != act.urn:
                out.setdefault(urn, Relation(k, act.urn, urn, corpus.acts[urn].label if urn in corpus.acts else ref.label(),
                                          True, "ementa", None, None, ementa))
        for pos, urn in named:
            if start <= pos < end and urn not in have and urn != act.urn and not _context(ementa[:pos]):
                out.setdefault(urn, Relation(kind, act.urn, urn, urn, True, "ementa", None, None, ementa))
    res.relacoes.extend(out[k] for k in sorted(out))
