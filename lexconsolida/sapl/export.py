"""``lexconsolida sapl exportar``: plan, read the SAPL, write the difference (see the modules).

:func:`export` is the whole run: the SAPL's tables, the acts' normas and texts already there,
the plan (:mod:`lexconsolida.sapl.plan`) with the câmara's own compilations left out, then the
writes (:mod:`lexconsolida.sapl.sync`): normas, each act's text in dependency order, the
relations. Simulating, the same run reads the SAPL and lists every write without making it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from lexconsolida.sapl.client import Client
from lexconsolida.sapl.plan import Plan, Relation, Source, plan
from lexconsolida.sapl.sync import Exporter, Report, positions
from lexconsolida.sapl.tables import Tables


@dataclass(slots=True)
class Result:
    plan: Plan
    report: Report
    requests: int
    seconds: float


def export(client: Client, sources: list[Source], relations: list[Relation], *, veiculo: str | None = None,
           publish: bool = False, simulate: bool = False,
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
    ex.read_rows(final)
    by_ta = final.by_ta()
    where: dict[str, dict] = defaultdict(dict)
    for key, row in ex.rows.items():
        where[ex.row_ta[row["id"]]][key] = row
    pos = {}
    for ta, rows in by_ta.items():
        taken = {r["ordem"] for r in where.get(ta, {}).values()}
        pos.update(positions(rows, where.get(ta, {}), taken))
    planned = {r.key for r in final.rows}
    ex.write_normas(final)
    units: dict[str, list] = defaultdict(list)
    for r in final.rows:
        units[r.unit].append(r)
    for i, urn in enumerate(final.order):
        if progress is not None:
            progress(i, len(final.order), f"{final.acts[urn].label} ({client.requests} requisições)")
        before = len(ex.report.writes)
        ex.act(final, urn, units.get(urn, []), pos, planned)
        made = ex.report.writes[before:]
        if made and log is not None:
            c = {v: sum(1 for w in made if w.verb == v) for v in ("criar", "alterar", "apagar")}
            log(f"{final.acts[urn].label}: {c['criar']} criados, {c['alterar']} alterados, {c['apagar']} apagados")
    ex.write_relations(final)
    return Result(final, ex.report, client.requests, client.seconds)
