"""Bench: every amending act of a whole acervo, dry-run against its target in the same acervo.

Run from the repository root::

    python bench/acervo_amend.py [--acervo PASTA] [--repeat 5] [--workers 2] [--list silent,decision]

The acervo is ``../shared/acervos/feira-de-santana-ba`` (or ``$LEXCONSOLIDA_SHARED``): a flat
collection with ``indice.csv`` (5,440 real acts of one municipality). For each act:

1. it is read with the text reader (refusals are counted by reason);
2. its instructions are recognised (:func:`lexconsolida.amendments.recognise`), cited acts
   resolved by type, number and year against the index (a citation without year takes the
   only act with that type and number, else the latest one not after the amending act);
3. an independent scan (:mod:`lexconsolida.amendments.coverage`) lists its amending
   dispositivos and the change formulas (:mod:`lexconsolida.amendments.vocabulary` is *not*
   used for this count: a plain verb scan is).

An instruction that cites a unit of an amending act which is text that act carried to another
norm ("o § 2º do art. 1º da Lei B", B's art. 1º having added that § 2º to Lei A) is then
applied to that other norm (:func:`lexconsolida.amendments.through.redirect`, as in the acervo):
its pair is (act, A), and the output says how many operations went so.

Then every amending act whose target is in the acervo is dry-run against that target, the acts
of one target in date order (an applied act's operations are applied before the next one is
tried, so a later act sees the units an earlier one included). Each such (act, target) pair is:

- **aplicado**: operations on the target, no blocking problem, every precision gate passed,
  every operation applicable, and the verification of the result passed — the one path that
  applies without a person (:func:`lexconsolida.transforms.gated.apply_gated`, as the acervo's
  histories and ``amend`` do);
- **pede decisão**: a blocking problem, a gate that fails, an operation the target refuses or a
  verification that fails (each named);
- **silencioso**: an amending dispositivo with neither operation nor problem, or no operation
  and no problem at all (target: 0);
- **recusado**: the act or the target could not be read.

The report also counts, for each gate of :mod:`lexconsolida.amendments.gates`, the pairs it
holds back, those it alone holds back, and its notices on pairs applied.

Targets: silencioso = 0; aplicado ≥ 80 % of the pairs whose target is readable — a target file
of the acervo with no article ("ATO INEXISTENTE, NUMERAÇÃO NÃO UTILIZADA": the number was never
used, or the text is not there) is no target in the acervo, and its pairs are counted apart as
*recusado*. The share over all pairs, those included, is printed too. Timing: median and spread
of ``--repeat`` whole runs, and the resident memory of the process (workers included).

A problem counts against a pair only when it concerns that target (``Problem.concerns``): a
problem of an instruction to another norm holds back that norm, not this one; a problem whose
norm is unknown holds back every target of the act.
"""

from __future__ import annotations

import argparse
import collections
import csv
import os
import re
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SHARED = Path(os.environ.get("LEXCONSOLIDA_SHARED", ROOT.parent / "shared")).resolve()
DEFAULT = SHARED / "acervos" / "feira-de-santana-ba"
TARGET_APPLIED = 0.80
CATEGORY_TIPO = {"leis-ordinarias": "lei", "leis-complementares": "lei.complementar",
                 "decretos": "decreto", "decretos-legislativos": "decreto.legislativo"}
_FILE = re.compile(r"-(?P<num>\d+)-(?P<ano>\d{4})\.txt$")


@dataclass(slots=True, frozen=True)
class Entry:
    rel: str
    tipo: str
    numero: str
    ano: int


def load_index(root: Path) -> list[Entry]:
    out = []
    with open(root / "indice.csv", encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            rel = row["arquivo"]
            m = _FILE.search(rel)
            tipo = CATEGORY_TIPO.get(rel.split("/")[0])
            if m and tipo:
                out.append(Entry(rel, tipo, m.group("num").lstrip("0") or "0", int(m.group("ano"))))
    return out


class Resolver:
    """ActRef → 'acervo:REL' for an act of the acervo (``None``: outside it)."""

    def __init__(self, entries: list[Entry]) -> None:
        self.by_key: dict[tuple[str, str], list[Entry]] = collections.defaultdict(list)
        for e in entries:
            self.by_key[(e.tipo, e.numero)].append(e)

    def __call__(self, ref, year: int | None = None) -> str | None:
        if ref.urn or ref.esfera in ("federal", "estadual") or not ref.numero:
            return None
        cands = self.by_key.get((ref.tipo, ref.numero), [])
        if ref.ano:
            cands = [e for e in cands if e.ano == ref.ano]
        elif len(cands) > 1 and year is not None:
            before = [e for e in cands if e.ano <= year]
            cands = [max(before, key=lambda e: e.ano)] if before else []
        return f"acervo:{cands[0].rel}" if len(cands) == 1 else None


# --- stage 1: one act ------------------------------------------------------------------------

@dataclass(slots=True)
class ActResult:
    rel: str
    refused: str | None = None
    date: str | None = None
    """From when the act's changes count: its vigência, else publication, else signature date
    (as :func:`lexconsolida.transforms.pointintime.in_force_from`: the text reader reads the
    vigência clause and the publication line)."""
    label: str = ""
    amending_units: int = 0
    units_with_ops: int = 0
    unaccounted: list[tuple[str, int | None]] = field(default_factory=list)
    net: int = 0
    """Amending dispositivos the recogniser missed and the coverage net reported."""
    ops: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    title_conflict: bool = False
    ids: frozenset[str] = frozenset()
    """Ids of the act's own dispositivos (for instructions that cite an amending act)."""
    redirected: int = 0
    """Operations that cite a unit of an amending act which is text it carried to another norm."""
    norma: object = None
    """The act as read (for the precision gates), kept for acts with operations."""


_WORKER: dict = {}


def _init(root: str, entries: list[Entry]) -> None:
    _WORKER["root"] = Path(root)
    _WORKER["resolver"] = Resolver(entries)
    _WORKER["year"] = {e.rel: e.ano for e in entries}


def survey_act(rel: str) -> ActResult:
    from lexconsolida.amendments import recognise
    from lexconsolida.amendments.coverage import amending_units, unaccounted, where_of
    from lexconsolida.errors import LexError
    from lexconsolida.readers import read_file

    res = ActResult(rel)
    try:
        result = read_file(_WORKER["root"] / rel)
    except LexError as err:
        res.refused = err.message.split(":")[0][:70]
        return res
    norma = result.norma
    res.title_conflict = any(d.code == "data-divergente" for d in result.diagnostics)
    res.date = norma.vigencia or norma.publicacao or norma.data
    res.label = norma.label if norma.tipo and norma.numero else rel
    year = _WORKER["year"].get(rel)
    resolver = _WORKER["resolver"]
    rec = recognise(norma, lambda ref: resolver(ref, year))
    units = amending_units(norma)
    res.amending_units = len(units)
    where_ops = {o.where for o in rec.operations}
    res.units_with_ops = sum(1 for d in units if where_of(d) in where_ops)
    res.unaccounted = [(d.id, d.lines[0] if d.lines else None) for d in unaccounted(norma, rec)]
    res.net = sum(1 for p in rec.problems if p.code == "instrucao-nao-reconhecida")
    res.ops = rec.operations
    res.problems = rec.problems
    res.targets = sorted({o.target_urn for o in rec.operations if o.in_corpus and o.target_urn})
    res.ids = frozenset(d.id for d in norma.dispositivos())
    if rec.operations:
        res.norma = norma
    return res


def through_amending_acts(acts: list[ActResult]) -> None:
    """Operations citing a unit of an amending act that is text it carried to another norm go
    to that norm (:func:`lexconsolida.amendments.through.redirect`, as in the acervo): the pair
    counted is (act, the norm actually changed)."""
    from lexconsolida.amendments import Recognition
    from lexconsolida.amendments.through import AmendingText, redirect

    by_urn = {f"acervo:{a.rel}": a for a in acts if not a.refused}

    def lookup(urn: str) -> AmendingText | None:
        b = by_urn.get(urn)
        return AmendingText(b.ids, b.ops, b.label) if b is not None else None

    for a in acts:
        if a.refused or not a.ops:
            continue
        rec = Recognition(f"acervo:{a.rel}", a.label, list(a.ops), list(a.problems))
        a.redirected = redirect(rec, lookup)
        if a.redirected or len(rec.problems) != len(a.problems):
            a.ops, a.problems = rec.operations, rec.problems
            a.targets = sorted({o.target_urn for o in a.ops if o.in_corpus and o.target_urn})


# --- stage 2: one target and the acts that amend it -------------------------------------------

@dataclass(slots=True)
class PairResult:
    act: str
    target: str
    status: str
    why: str = ""
    gates: tuple[str, ...] = ()
    """Codes of the precision gates that held the pair back (blocking)."""
    notices: tuple[str, ...] = ()
    """Codes of the gates' notices on a pair applied."""
    gates_only: bool = False
    """Held back by gates alone (no blocking problem of recognition, no refusal of the base)."""
    messages: tuple[str, ...] = ()
    """The gates' problems, as ``amend --dry-run`` prints them."""


def dry_run_target(job: tuple[str, list[ActResult], list[str]]) -> list[PairResult]:
    """The acts of one target in date order (:func:`run_target`), the target read from the acervo."""
    from lexconsolida.errors import LexError
    from lexconsolida.readers import read_file

    target, acts, amended_on = job
    rel = target.removeprefix("acervo:")
    try:
        base = read_file(_WORKER["root"] / rel).norma
    except LexError as err:
        return [PairResult(a.rel, rel, "recusado", f"alvo ilegível: {err.message[:60]}") for a in acts]
    return run_target(target, acts, base, amended_on)[0]


def changes_text(a: ActResult, target: str) -> bool:
    """Whether ``a`` changes ``target``'s text (the acervo's histories: an 'altera' relation):
    an operation other than a whole revocation, or a question about the target (a table, a
    part) — an act that only revokes it does not."""
    return (any(o.target_urn == target and o.kind != "revogacao_total" for o in a.ops)
            or any(p.blocking and p.concerns([target]) for p in a.problems))


def run_target(target: str, acts: list[ActResult], base, amended_on: list[str] | None = None):
    """The acts of one target in date order, each through the one path that applies operations
    without a person (:func:`lexconsolida.transforms.gated.apply_gated`: the precision gates,
    the application, the verification); an act applied is the base of the next. Returns the
    pairs and the target with every act applied."""
    from lexconsolida.errors import AmendmentError, LexError
    from lexconsolida.model import Event
    from lexconsolida.transforms.gated import apply_gated

    rel = target.removeprefix("acervo:")
    out = []
    pending: list[tuple[str, list]] = []
    dates = [a.date for a in acts if a.date]
    if amended_on is None:  # ``amended_on``: the dates of every act changing the target, paired with it or not
        amended_on = [a.date for a in acts if a.date and changes_text(a, target)]
    undated = [(a.label, [o for o in a.ops if o.target_urn == target]) for a in acts if not a.date]
    for a in sorted(acts, key=lambda a: (a.date or "", a.rel)):
        ops = [o for o in a.ops if o.target_urn == target]
        # a problem of an instruction to another norm does not hold this one back
        blocking = [p for p in a.problems if p.blocking and p.concerns([target])]
        event = Event("redacao", f"acervo:{a.rel}", a.label, a.date)
        if a.unaccounted:
            out.append(PairResult(a.rel, rel, "silencioso", f"{len(a.unaccounted)} dispositivo(s) sem operação"))
            continue
        if not ops:
            status = "pede decisão" if blocking else "silencioso"
            out.append(PairResult(a.rel, rel, status, "nenhuma operação sobre o alvo"))
            continue
        try:
            g = apply_gated(base, ops, event, target_urn=target, act=a.norma, problems=a.problems,
                            earlier_pending=pending, other_dates=dates, amended_on=amended_on,
                            undated=[u for u in undated if u[0] != a.label], stopped=bool(blocking))
        except (AmendmentError, LexError) as err:
            out.append(PairResult(a.rel, rel, "pede decisão", f"erro ao aplicar: {err.message[:60]}"))
            pending.append((a.label, ops))
            continue
        held = tuple(dict.fromkeys(p.code for p in g.blocking))
        if "alvo-sem-artigos" in held:
            out.append(PairResult(a.rel, rel, "recusado", "o alvo no acervo não tem artigos (ato inexistente ou só "
                                  "a epígrafe)", held))
            continue
        if not g.applied:
            why = "; ".join([p.code for p in blocking][:3] + list(held[:3])
                            + [f"recusada pela base ({e.message[:70]})" for _, e in g.refused][:2])
            out.append(PairResult(a.rel, rel, "pede decisão", why, held, gates_only=not blocking and not g.refused,
                                  messages=tuple(p.describe() for p in g.problems)))
            pending.append((a.label, ops))
            continue
        base = g.norma
        out.append(PairResult(a.rel, rel, "aplicado", notices=tuple(dict.fromkeys(p.code for p in g.problems)),
                              messages=tuple(p.describe() for p in g.problems)))
    return out, base


# --- the run ---------------------------------------------------------------------------------

def run_once(root: Path, workers: int) -> tuple[list[ActResult], list[PairResult]]:
    entries = load_index(root)
    with ProcessPoolExecutor(workers, initializer=_init, initargs=(str(root), entries)) as ex:
        acts = list(ex.map(survey_act, [e.rel for e in entries], chunksize=40))
        through_amending_acts(acts)
        by_target: dict[str, list[ActResult]] = collections.defaultdict(list)
        for a in acts:
            for t in a.targets:
                if t != f"acervo:{a.rel}":
                    by_target[t].append(a)
        changing: dict[str, list[str]] = collections.defaultdict(list)
        for a in acts:
            if a.date:
                for t in {o.target_urn for o in a.ops} | {p.target_urn for p in a.problems if p.target_urn}:
                    if t and t != f"acervo:{a.rel}" and changes_text(a, t):
                        changing[t].append(a.date)
        jobs = [(t, tacts, changing.get(t, [])) for t, tacts in sorted(by_target.items())]
        pairs = [p for chunk in ex.map(dry_run_target, jobs, chunksize=4) for p in chunk]
    return acts, pairs


def _rss_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024


def report(acts: list[ActResult], pairs: list[PairResult], listing: set[str]) -> bool:
    out = print
    refused = collections.Counter(a.refused for a in acts if a.refused)
    out(f"atos lidos: {sum(1 for a in acts if not a.refused)} de {len(acts)}; recusados: {sum(refused.values())}")
    for why, n in refused.most_common():
        out(f"  {n:5d}  {why}")
    conflicts = sum(1 for a in acts if a.title_conflict)
    out(f"títulos com data diferente do fecho (regras em docs/leitura.md): {conflicts}")
    amending = [a for a in acts if a.amending_units or a.ops]
    units = sum(a.amending_units for a in amending)
    with_ops = sum(a.units_with_ops for a in amending)
    out(f"atos alteradores (varredura independente ou operações): {len(amending)}")
    out(f"dispositivos alteradores (varredura independente): {units}; com operação reconhecida: "
        f"{with_ops} ({with_ops / max(units, 1):.1%}); só com problema: {units - with_ops}")
    out(f"  dos quais só a rede de segurança viu (instrucao-nao-reconhecida): {sum(a.net for a in acts)}")
    out(f"operações reconhecidas: {sum(len(a.ops) for a in acts)}; "
        f"problemas: {sum(len(a.problems) for a in acts)}")
    out(f"operações que citam texto levado por um ato alterador a outra norma, aplicadas a esta: "
        f"{sum(a.redirected for a in acts)} (em {sum(1 for a in acts if a.redirected)} atos)")
    codes = collections.Counter(p.code for a in acts for p in a.problems)
    out("problemas por código: " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    silent_units = [(a.rel, i, ln) for a in acts for i, ln in a.unaccounted]
    out(f"dispositivos alteradores sem operação nem problema: {len(silent_units)}")
    for rel, i, ln in silent_units[:20]:
        out(f"  {rel}:{ln} {i}")
    status = collections.Counter(p.status for p in pairs)
    total = len(pairs)
    out(f"pares (ato alterador, alvo no acervo): {total} ({len({p.act for p in pairs})} atos, "
        f"{len({p.target for p in pairs})} alvos)")
    for s in ("aplicado", "pede decisão", "silencioso", "recusado"):
        out(f"  {s:13s} {status[s]:5d}  {status[s] / max(total, 1):.1%}")
    why = collections.Counter(p.why.split(";")[0].split(" (")[0].split(":")[0] for p in pairs
                              if p.status == "pede decisão")
    out("  pede decisão, primeiro motivo: " + ", ".join(f"{w} {n}" for w, n in why.most_common(12)))
    from lexconsolida.amendments.gates import GATES
    held = collections.Counter(c for p in pairs for c in p.gates)
    alone = collections.Counter(p.gates[0] for p in pairs if len(p.gates) == 1 and p.gates_only)
    notices = collections.Counter(c for p in pairs for c in p.notices)
    out("portões de precisão (pares retidos por portão; só por ele; avisos em pares aplicados):")
    for g in GATES:
        out(f"  {g.code:34s} {held[g.code]:4d} {alone[g.code]:4d} {notices[g.code]:4d}  {g.title}")
    for p in pairs:
        if p.status in listing:
            out(f"  [{p.status}] {p.act} → {p.target}: {p.why}")
    readable = total - status["recusado"]
    applied = status["aplicado"] / max(readable, 1)
    out(f"  aplicado entre os pares com alvo legível: {applied:.1%} ({status['aplicado']} de {readable}); "
        f"entre todos os pares: {status['aplicado'] / max(total, 1):.1%} ({status['aplicado']} de {total})")
    ok_silent = status["silencioso"] == 0 and not silent_units
    ok_applied = applied >= TARGET_APPLIED
    out(f"meta silencioso = 0: {'OK' if ok_silent else 'FALHOU'}")
    out(f"meta aplicado ≥ {TARGET_APPLIED:.0%} dos pares com alvo legível (alvo sem artigos no acervo não conta): "
        f"{'OK' if ok_applied else 'FALHOU'} ({applied:.1%})")
    return ok_silent and ok_applied


def formula_counts(root: Path) -> None:
    """How often each formula of the vocabulary occurs in the acervo (lines outside quotes),
    with the acts it occurs in: the figures of the table in docs/alteracoes.md."""
    from lexconsolida.amendments.vocabulary import FORMULAS as ALL, GRAMMAR_FORMULAS

    FORMULAS = ALL + GRAMMAR_FORMULAS  # the grammar's terminals too (counted as words, not shapes)
    rxs = [re.compile(f.pattern, re.IGNORECASE) for f in FORMULAS]
    hits = [0] * len(FORMULAS)
    acts = [set() for _ in FORMULAS]
    for e in load_index(root):
        for line in (root / e.rel).read_text(encoding="utf-8").splitlines():
            s = line.strip()
            if not s or s[0] in "\"“":
                continue
            for i, rx in enumerate(rxs):
                n = len(rx.findall(s))
                if n:
                    hits[i] += n
                    acts[i].add(e.rel)
    print("| operação | fórmula | ocorrências | atos | exemplo (escrito para a tabela) |")
    print("|---|---|---|---|---|")
    for f, n, a in zip(FORMULAS, hits, acts):
        print(f"| `{f.kind}` | {f.name} | {n} | {len(a)} | {f.example} |")


TARGET_RECOGNITION_S = 5.0


def _read_amending(rel: str):
    """The act ``rel`` read, when it is an amending act (an amending dispositivo by the
    independent scan, or an instruction the recogniser reads); None otherwise."""
    from lexconsolida.amendments import phrases
    from lexconsolida.amendments.coverage import amending_units
    from lexconsolida.errors import LexError
    from lexconsolida.readers import read_file
    try:
        norma = read_file(_WORKER["root"] / rel).norma
    except LexError:
        return None
    if amending_units(norma) or any(phrases.classify(d.text) for d in norma.dispositivos() if d.text):
        return rel, norma
    return None


def recognition_time(root: Path, workers: int, repeat: int) -> bool:
    """Recognition alone, in one process: every amending act of the acervo (read beforehand, in
    ``workers`` processes) recognised ``repeat`` times, with the resolver of the bench."""
    from lexconsolida.amendments import recognise

    entries = load_index(root)
    with ProcessPoolExecutor(workers, initializer=_init, initargs=(str(root), entries)) as ex:
        acts = [a for a in ex.map(_read_amending, [e.rel for e in entries], chunksize=40) if a is not None]
    _init(str(root), entries)
    resolver, years = _WORKER["resolver"], _WORKER["year"]
    wall, cpu = [], []
    for _ in range(max(repeat, 1)):
        t, c = time.perf_counter(), time.process_time()
        for rel, norma in acts:
            year = years.get(rel)
            recognise(norma, lambda ref, year=year: resolver(ref, year))
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    med = statistics.median(cpu)
    ok = med < TARGET_RECOGNITION_S
    print(f"reconhecimento dos {len(acts)} atos alteradores do acervo, num processo: CPU mediana {med:.2f} s "
          f"(de {min(cpu):.2f} a {max(cpu):.2f}); parede mediana {statistics.median(wall):.2f} s (de {min(wall):.2f} "
          f"a {max(wall):.2f}); {len(wall)} execuções; carga {os.getloadavg()[0]:.1f}")
    print(f"meta < {TARGET_RECOGNITION_S:.0f} s (tempo de CPU do processo; a parede depende da carga da máquina): "
          f"{'OK' if ok else 'FALHOU'}")
    return ok


def grammar_share(root: Path, workers: int) -> None:
    """How much of the acervo's amending language the grammar reads and applies (issue 34): the
    sentences of every amending act (items included) read, ambiguous or unread; the acts the
    grammar's pipeline recognises whole (:data:`recognition.ACTIVE`) and those whose sentences
    of :data:`recognition.SENTENCE_ACTIVE` it takes from the formula families; and the share of
    the operations that come from the grammar's semantics."""
    from lexconsolida.amendments import recognition
    from lexconsolida.amendments.reading import sentences
    from lexconsolida.model.instructions import Reading

    entries = load_index(root)
    with ProcessPoolExecutor(workers, initializer=_init, initargs=(str(root), entries)) as ex:
        acts = [a for a in ex.map(_read_amending, [e.rel for e in entries], chunksize=40) if a is not None]
    _init(str(root), entries)
    resolver, years = _WORKER["resolver"], _WORKER["year"]
    by_reading: collections.Counter[str] = collections.Counter()
    whole = hybrid = ops_all = ops_grammar = 0
    for rel, norma in acts:
        found = sentences(norma)
        every = [x for s in found for x in (s, *s.items)]
        by_reading.update(str(x.reading.reading) for x in every)
        year = years.get(rel)
        rec = recognition.recognise(norma, lambda ref, year=year: resolver(ref, year))
        ops_all += len(rec.operations)
        if all(recognition._active(s) for s in found):
            whole += 1
            ops_grammar += len(rec.operations)
            continue
        mine = [s for s in found if recognition._sentence_active(s)]
        wheres = {s.where for s in mine} | {i.where for s in mine for i in s.items}
        hybrid += bool(mine)
        ops_grammar += sum(1 for o in rec.operations if o.where in wheres)
    total = sum(by_reading.values())
    read = by_reading.get(str(Reading.READ), 0)
    print(f"{len(acts)} atos alteradores; frases (itens incluídos): {total}, lidas pela gramática {read} "
          f"({100 * read / max(total, 1):.1f} %), {dict(by_reading)}")
    print(f"atos reconhecidos inteiros pela gramática: {whole}; atos das famílias com frases da gramática: {hybrid}")
    print(f"operações: {ops_all}, da gramática {ops_grammar} ({100 * ops_grammar / max(ops_all, 1):.1f} %)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--acervo", type=Path, default=DEFAULT)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--list", default="", help="situações a listar: silencioso,decisão,recusado")
    ap.add_argument("--formulas", action="store_true", help="só conta as fórmulas do vocabulário no acervo")
    ap.add_argument("--reconhecimento", action="store_true",
                    help="só mede o reconhecimento dos atos alteradores, num processo (meta < 5 s)")
    ap.add_argument("--gramatica", action="store_true",
                    help="só mede a parte das frases e das operações que a gramática das instruções lê")
    args = ap.parse_args(argv)
    if not (args.acervo / "indice.csv").is_file():
        print(f"acervo não encontrado: {args.acervo}", file=sys.stderr)
        return 2
    if args.formulas:
        formula_counts(args.acervo)
        return 0
    if args.gramatica:
        grammar_share(args.acervo, args.workers)
        return 0
    if args.reconhecimento:
        return 0 if recognition_time(args.acervo, args.workers, args.repeat) else 1
    times = []
    for _ in range(max(args.repeat, 1)):
        t = time.perf_counter()
        acts, pairs = run_once(args.acervo, args.workers)
        times.append(time.perf_counter() - t)
    listing = {s.strip() for s in args.list.split(",") if s.strip()}
    listing = {"pede decisão" if s.startswith("decis") else s for s in listing}
    ok = report(acts, pairs, listing)
    spread = (max(times) - min(times)) if len(times) > 1 else 0.0
    print(f"tempo: mediana {statistics.median(times):.2f} s, amplitude {spread:.2f} s ({len(times)} execuções, "
          f"{args.workers} processos); memória residente máx.: {_rss_mb():.0f} MB")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
