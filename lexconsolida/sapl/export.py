"""``lexconsolida sapl exportar``: plan, read the SAPL, write the difference (see the modules).

:func:`export` is the whole run: the SAPL's tables, the acts' normas and texts already there,
the plan (:mod:`lexconsolida.sapl.plan`) with the câmara's own compilations left out, then the
writes (:mod:`lexconsolida.sapl.sync`): normas, each act's text — an act after the acts its
wordings hang from, several at a time with ``workers`` — and the relations. The final state is
checked with SAPL's own rules (:mod:`lexconsolida.sapl.checker`). Simulating, the same run reads
the SAPL and lists every write without making it.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from lexconsolida.sapl.checker import Notice, check
from lexconsolida.sapl.client import Client
from lexconsolida.sapl.plan import Plan, Relation, Row, Source, plan
from lexconsolida.sapl.sync import Exporter, Report, positions
from lexconsolida.sapl.tables import Tables


@dataclass(slots=True)
class Result:
    plan: Plan
    report: Report
    requests: int
    seconds: float
    notices: list[Notice] = field(default_factory=list)
    """What SAPL's checker says of the exported texts, as the export left them."""


def export(client: Client, sources: list[Source], relations: list[Relation], *, veiculo: str | None = None,
           publish: bool = False, simulate: bool = False, workers: int = 1,
           progress: Callable[[int, int, str], None] | None = None,
           log: Callable[[str], None] | None = None) -> Result:
    """Write ``sources`` (and their ``relations``) into the SAPL of ``client``."""
    tables = Tables.load(client)
    needs_veiculo = any(s.act.publicacao for s in sources)
    vehicle = tables.veiculo(veiculo) if needs_veiculo else None
    draft = plan(sources, tables, relations=relations, veiculo=vehicle, publish=publish)
    ex = Exporter(client, tables, simulate=simulate, progress=progress, log=log)
    ex.read_acts({urn: a.norma for urn, a in draft.acts.items()})
    final = plan(sources, tables, relations=relations, veiculo=vehicle, publish=publish,
                 keep_out=ex.report.foreign) if ex.report.foreign else draft
    ex.read_rows()
    if log is not None:
        log(f"o SAPL já tem {len(ex.normas)} das {len(final.acts)} normas e {len(ex.rows)} dispositivos de "
            f"{len(ex.tas)} textos articulados exportados antes; o plano tem {len(final.rows)} dispositivos")
    where: dict[str, dict] = defaultdict(dict)
    for key, row in ex.rows.items():
        where[ex.row_ta[row["id"]]][key] = row
    pos = {}
    for ta, rows in final.by_ta().items():
        taken = {r["ordem"] for r in where.get(ta, {}).values()}
        pos.update(positions(rows, where.get(ta, {}), taken))
    planned = {r.key for r in final.rows}
    ex.write_normas(final, workers)
    units: dict[str, list[Row]] = defaultdict(list)
    for r in final.rows:
        units[r.unit].append(r)
    done = [0]
    lock = threading.Lock()

    def one(urn: str) -> None:
        before = len(ex.report.writes)
        ex.act(final, urn, units.get(urn, []), pos, planned)
        with lock:
            done[0] += 1
            if progress is not None:
                progress(done[0], len(final.order), f"{final.acts[urn].label} ({client.requests} requisições)")
        made = [w for w in ex.report.writes[before:] if w.act == urn]
        if made and log is not None and not simulate:
            c = {v: sum(1 for w in made if w.verb == v) for v in ("criar", "alterar", "apagar")}
            log(f"{final.acts[urn].label}: {c['criar']} criados, {c['alterar']} alterados, {c['apagar']} apagados")

    _in_order(final.order, _dependencies(final, units), one, workers)
    ex.write_relations(final)
    ours = {ta["id"] for urn, ta in ex.tas.items() if urn in final.acts and final.acts[urn].ta is not None}
    state = {r["id"]: r for r in ex.rows.values()}
    mine = {i for i, r in state.items() if r.get("ta") in ours}
    notices = check(state, tables.tipos, {p["id"]: p for p in ex.pubs.values()})
    notices = [n for n in notices if n.row in mine]
    return Result(final, ex.report, client.requests, client.seconds, notices)


def _dependencies(p: Plan, units: dict[str, list[Row]]) -> dict[str, set[str]]:
    """The acts an act's writes name: the amending acts whose texts, blocks and publications
    its wordings hang from."""
    out: dict[str, set[str]] = {}
    for urn in p.order:
        deps: set[str] = set()
        for r in units.get(urn, []):
            deps.update(a for a in (r.ta, r.acts.get("ta_publicado"), r.acts.get("publicacao")) if a)
            vig = r.refs.get("dispositivo_vigencia")
            if vig:
                deps.add(vig[1])
        deps.discard(urn)
        out[urn] = deps & set(p.order)
    return out


def _in_order(order: list[str], deps: dict[str, set[str]], fn: Callable[[str], None], workers: int) -> None:
    """``fn`` on every act of ``order``, each after its dependencies, ``workers`` at a time; the
    first failure stops the scheduling (the acts already running finish) and is raised."""
    if workers <= 1:
        for urn in order:
            fn(urn)
        return
    finished: set[str] = set()
    pending = list(order)
    running: dict[Future, str] = {}
    error: BaseException | None = None
    with ThreadPoolExecutor(max_workers=workers) as pool:
        while pending or running:
            if error is None:
                ready = [u for u in pending if deps.get(u, set()) <= finished]
                for urn in ready[: max(0, workers - len(running))]:
                    pending.remove(urn)
                    running[pool.submit(fn, urn)] = urn
            if not running:
                if pending and error is None:  # a cycle: the rest in order
                    urn = pending.pop(0)
                    running[pool.submit(fn, urn)] = urn
                    continue
                break
            done_set, _ = wait(running, return_when=FIRST_COMPLETED)
            for f in done_set:
                urn = running.pop(f)
                exc = f.exception()
                if exc is not None and error is None:
                    error = exc
                finished.add(urn)
    if error is not None:
        raise error
