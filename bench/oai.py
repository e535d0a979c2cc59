"""Benchmark: the whole Feira de Santana acervo as a LexML data provider.

Imports ../shared/acervos/feira-de-santana-ba into a temporary folder (never into ../shared),
makes the municipality a LexML publisher (a test publisher id and site address), compiles the
acervo (relations found in the texts), builds the ``oai_lexml`` records and prints:

- records (valid, invalid, acts not published) and the relations: those the acervo found
  (distinct source, LexML kind, target), those emitted in the records and those left out, by
  reason — emitted + left out must equal found;
- the whole harvest through the real server (``lexconsolida provedor servir`` on 127.0.0.1)
  with an independent client (oaipmh-scythe): every record of ``ListRecords`` (oai_lexml),
  page after page with resumption tokens, repeated for median and spread; the server's peak
  memory; each harvested record validated against oai_lexml.xsd once.

Targets (2 cores): harvesting all of it < 30 s; relations emitted + left out = found.

    python bench/oai.py [--repeticoes 5] [--lote 100] [--processos 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from measure import MIN_RUNS, SHARED, Stats, Verdicts  # noqa: E402
from oaipmh_scythe import Scythe  # noqa: E402
from oaipmh_scythe.config import HTTPConfig  # noqa: E402

from lexconsolida.acervo.importer import import_folder  # noqa: E402
from lexconsolida.acervo.pipeline import build  # noqa: E402
from lexconsolida.acervo.work import default_executor  # noqa: E402
from lexconsolida.lexml import oai as vocab  # noqa: E402
from lexconsolida.lexml.schemas import schema  # noqa: E402
from lexconsolida.oai.records import catalog  # noqa: E402
from tests.oai_support import served, set_up_publisher  # noqa: E402

FEIRA = SHARED / "acervos" / "feira-de-santana-ba"
MUN = "ba-feira-de-santana"


def harvest(url: str) -> list:
    with Scythe(url, http_config=HTTPConfig(timeout=120)) as client:
        return list(client.list_records(metadata_prefix="oai_lexml"))


def server_rss_mb(pid: int) -> float:
    """Peak memory of the server process (VmHWM)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    return next((int(x.split()[1]) / 1024 for x in status.splitlines() if x.startswith("VmHWM:")), 0.0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeticoes", type=int, default=MIN_RUNS)
    ap.add_argument("--lote", type=int, default=100)
    ap.add_argument("--processos", type=int, default=2)
    args = ap.parse_args()
    if not FEIRA.is_dir():
        print(f"acervo de Feira de Santana ausente ({FEIRA}): nada a medir")
        return 0
    print(f"carga da máquina antes: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    with tempfile.TemporaryDirectory(prefix="bench-oai-") as tmp:
        root = Path(tmp) / "acervo"
        cache = Path(tmp) / "cache"
        executor = default_executor(args.processos)
        clock = time.perf_counter()
        try:
            import_folder(FEIRA, root, MUN, executor=executor)
            set_up_publisher(root / MUN, 12345)
            ac = build(root, executor=executor, cache_dir=cache)
        finally:
            if executor is not None:
                executor.shutdown()
        prep = time.perf_counter() - clock
        clock = time.perf_counter()
        cat = catalog(ac)
        records_time = time.perf_counter() - clock
        found = {(r.fonte, vocab.RELATION_KINDS.get(r.tipo, r.tipo), vocab.record_urn(r.alvo.split("!")[0]))
                 for r in ac.relations if r.alvo.split("!")[0] != r.fonte}
        by_kind = Counter(k for _, k, _ in found)
        print(f"importação + acervo compilado: {prep:.1f} s; registros: {records_time:.2f} s")
        print(f"atos no acervo: {len(ac.acts)}; registros válidos: {sum(not r.deleted for r in cat.records)}; "
              f"inválidos: {len(cat.invalid)}; atos não publicados: {len(cat.not_published)}")
        print(f"relações que o acervo achou (fonte, tipo LexML, alvo distintos): {len(found)} "
              f"({', '.join(f'{k}: {n}' for k, n in sorted(by_kind.items()))})")
        print(f"  conhecidas pelo catálogo: {cat.relations_known}; emitidas nos registros: {cat.relations_emitted}; "
              f"omitidas: {len(cat.omitted_relations)}")
        reasons = Counter(o.motivo.split(":")[0] if "perfil" not in o.motivo else "fora do perfil do publicador"
                          for o in cat.omitted_relations)
        for why, n in reasons.most_common():
            print(f"    omitidas ({n}): {why}")
        for o in cat.omitted_relations[:10]:
            print(f"      {o.ato} → {o.alvo}: {o.motivo}")
        inside = sum(1 for f, _, a in found if a in {vocab.record_urn(u) for u in ac.acts})
        print(f"  das achadas, com alvo no acervo: {inside}; fora do acervo: {len(found) - inside}")
        times = []
        with served(root, "--lote", str(args.lote), "--processos", str(args.processos),
                    "--cache", str(cache), timeout=900) as url:
            records = harvest(url)  # warm-up, and the one validated
            for _ in range(args.repeticoes):
                clock = time.perf_counter()
                got = harvest(url)
                times.append(time.perf_counter() - clock)
                assert len(got) == len(records)
            rss = server_rss_mb(url.pid)
        xsd = schema("oai_lexml")
        emitted = invalid = 0
        for rec in records:
            lexml = rec.xml.find(f".//{{{vocab.NS}}}LexML")
            invalid += not xsd.validate(lexml)
            emitted += len(lexml.findall(f"{{{vocab.NS}}}Relacionamento"))
        stats = Stats(tuple(times))
        pages = -(-len(records) // args.lote)
        print(f"colheita inteira (ListRecords oai_lexml, {len(records)} registros, {pages} páginas de {args.lote}): "
              f"{stats.fmt(2)}")
        print(f"registros colhidos inválidos no XSD: {invalid}; relações nos registros colhidos: {emitted}; "
              f"memória de pico do servidor: {rss:.0f} MB")
        print(f"carga da máquina depois: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
        v = Verdicts("provedor LexML do acervo de Feira de Santana (2 núcleos)")
        v.check("colheita inteira (mediana)", stats.median, 30.0)
        v.check("registros colhidos = registros válidos", float(len(records) == sum(not r.deleted for r in cat.records)),
                1.0, "", at_least=True, digits=0)
        v.check("registros colhidos inválidos", float(invalid), 1.0, "", digits=0)
        v.check("emitidas + omitidas = achadas", float(cat.relations_emitted + len(cat.omitted_relations) == len(found)
                                                        and emitted == cat.relations_emitted), 1.0, "", at_least=True, digits=0)
        return v.done()


if __name__ == "__main__":
    raise SystemExit(main())
