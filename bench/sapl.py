"""Benchmark: a whole municipality exported into a SAPL (issue 38) — Feira de Santana by default.

Needs a SAPL that can be thrown away (docs/sapl.md says how to build one) in
``LEXCONSOLIDA_SAPL_URL`` and ``LEXCONSOLIDA_SAPL_TOKEN``; without them it prints one line and
exits 0. ``LEXCONSOLIDA_SAPL_USUARIO``/``_SENHA`` (a user who sees SAPL's checker page) add SAPL's
own checker on a sample of the texts.

- first export (the SAPL without the municipality's acts): ``lexconsolida sapl exportar
  MUNICIPIO --conexoes N``, one run — wall and CPU time of the process tree, its peak memory,
  requests and records written, and what SAPL's checker rules say of the exported texts;
- the same export again, ``--repeticoes`` times: nothing to write (median and spread);
- the text in force of a sample of acts (every amended act, and as many others), read back from
  the SAPL anonymously, against the compiled text at every date either changes.

Targets: the second export writes nothing; no checker error; no text difference; the second export
under 10 minutes of wall time; at most 1.5 requests per dispositivo written by the first.

    python bench/sapl.py [--acervo ACERVO --municipio ba-feira-de-santana] [--cache DIR]
                         [--conexoes 3] [--repeticoes 3] [--amostra 60] [--sem-primeira]

Without ``--acervo``, the Feira acervo of ../shared is imported into a temporary folder first
(and its pipeline run, as ``bench/acervo.py`` does).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from measure import SHARED, Stats, Verdicts, compile_package, lexconsolida_cmd, load, tree_run  # noqa: E402

TARGET_AGAIN_WALL = 600.0
TARGET_REQUESTS_PER_ROW = 1.5
MUN = "ba-feira-de-santana"
SUMMARY = re.compile(r"(\d+) atos, (\d+) dispositivos no plano; (?:foram|seriam) criados (\d+), alterados (\d+) "
                     r"e apagados (\d+) registros no SAPL \((\d+) requisições")
CHECK = re.compile(r"verificador do SAPL[^:]*: (\d+) erro\(s\), (\d+) alerta\(s\)")


def exportar(target: Path, cache: Path | None, conexoes: int) -> tuple[object, dict]:
    argv = ["sapl", "exportar", target, "--conexoes", str(conexoes)]
    if cache is not None:
        argv += ["--cache", cache]
    cmd, env = lexconsolida_cmd(argv)
    run = tree_run(cmd, env=env)
    if run.returncode != 0:
        raise SystemExit(f"exportar: saída {run.returncode}: {run.stderr.strip()[-1500:]}")
    m, c = SUMMARY.search(run.stderr), CHECK.search(run.stderr)
    if m is None or c is None:
        raise SystemExit(f"exportar: resumo não encontrado: {run.stderr.strip()[-800:]}")
    figures = dict(zip(("atos", "dispositivos", "criados", "alterados", "apagados", "requisicoes"),
                       map(int, m.groups())))
    figures |= {"erros": int(c.group(1)), "alertas": int(c.group(2))}
    figures["alertas_por_tipo"] = re.findall(r"verificador do SAPL, alerta: (.+) \((\d+) dispositivo", run.stderr)
    return run, figures


def import_feira(work: Path) -> tuple[Path, Path]:
    src = SHARED / "acervos" / "feira-de-santana-ba"
    for argv in (["importar", src, "-o", work / "acervo", "--municipio", MUN],
                 ["acervo", work / "acervo", "-o", work / "lista"]):
        cmd, env = lexconsolida_cmd(argv)
        run = tree_run(cmd, env=env)
        if run.returncode != 0:
            raise SystemExit(f"{argv[0]}: saída {run.returncode}: {run.stderr.strip()[-800:]}")
        print(f"  {argv[0]}: parede {run.wall:.0f} s, CPU {run.cpu:.0f} s", flush=True)
    return work / "acervo", work / "lista" / ".cache"


def sample_texts(acervo: Path, municipio: str, cache: Path | None, size: int) -> tuple[int, int, int]:
    """(acts compared, unit-dates compared, differences) on every amended act and ``size`` others."""
    from lexconsolida.sapl import sources
    from lexconsolida.sapl.client import Client
    from lexconsolida.sapl.compare import change_dates, differences, units_at
    from lexconsolida.sapl.remote import Remote

    srcs, _rels, view = sources.municipality(acervo, municipio, cache=cache)
    amended = [s for s in srcs if s.norma is not None and any(h for _, h in s.norma.histories())]
    others = [s for s in srcs if s.norma is not None and s not in amended]
    random.Random(38).shuffle(others)
    chosen = amended + others[:size]
    urns = {(s.act.tipo, (s.act.numero or "").replace(".", ""), int(s.act.data[:4])): s.act.urn
            for s in srcs if s.act.data}
    with Client(os.environ["LEXCONSOLIDA_SAPL_URL"]) as anon:  # read as anyone reads it
        remote = Remote.load(anon, None, lambda t, n, a, d: urns.get((t, (n or "").replace(".", ""), a)))
        by_urn = {n.urn: n for n in remote.normas.values()}
        units = diffs = 0
        for s in chosen:
            theirs = remote.compilation(by_urn[s.act.urn])
            if theirs is None:
                diffs += 1
                continue
            dates = change_dates(s.norma) | change_dates(theirs)
            units += sum(len(units_at(s.norma, d)) for d in dates)
            diffs += len(differences(s.norma, theirs, dates))
    return len(chosen), units, diffs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--acervo", default=None, help="acervo já importado (padrão: importa o de Feira)")
    parser.add_argument("--municipio", default=MUN)
    parser.add_argument("--cache", default=None, help="cache do acervo (o de 'lexconsolida acervo')")
    parser.add_argument("--conexoes", type=int, default=3)
    parser.add_argument("--repeticoes", type=int, default=3)
    parser.add_argument("--amostra", type=int, default=60)
    parser.add_argument("--sem-primeira", action="store_true",
                        help="o município já está no SAPL: só as reexportações e a amostra")
    args = parser.parse_args()
    if not (os.environ.get("LEXCONSOLIDA_SAPL_URL") and os.environ.get("LEXCONSOLIDA_SAPL_TOKEN")):
        print("bench/sapl.py: pulado — sem SAPL (defina LEXCONSOLIDA_SAPL_URL e LEXCONSOLIDA_SAPL_TOKEN de um SAPL "
              "descartável; docs/sapl.md)")
        return 0
    compile_package()
    with tempfile.TemporaryDirectory(prefix="lexconsolida-bench-sapl-") as tmp:
        if args.acervo:
            acervo, cache = Path(args.acervo), Path(args.cache) if args.cache else None
        else:
            print("importando o acervo de Feira de Santana …", flush=True)
            acervo, cache = import_feira(Path(tmp))
        target = acervo / args.municipio
        from lexconsolida.sapl.client import Client
        from tests.sapl_support import setup_camara

        with Client(os.environ["LEXCONSOLIDA_SAPL_URL"], os.environ["LEXCONSOLIDA_SAPL_TOKEN"]) as c:
            setup_camara(c)
        v = Verdicts("SAPL: um município inteiro")
        print(f"SAPL {os.environ['LEXCONSOLIDA_SAPL_URL']}, {args.conexoes} conexões; {load()}", flush=True)
        if not args.sem_primeira:
            run, first = exportar(target, cache, args.conexoes)
            print(f"  primeira exportação: parede {run.wall:.0f} s, CPU {run.cpu:.0f} s, RSS {run.rss_mb:.0f} MB; "
                  f"{first['atos']} atos, {first['dispositivos']} dispositivos; {first['criados']} criados, "
                  f"{first['alterados']} alterados; {first['requisicoes']} requisições "
                  f"({first['requisicoes'] / max(run.wall, 1e-9):.1f}/s); verificador: {first['erros']} erros, "
                  f"{first['alertas']} alertas {first['alertas_por_tipo']}; {load()}", flush=True)
            v.check("requisições por dispositivo (primeira)", first["requisicoes"] / max(first["dispositivos"], 1),
                    TARGET_REQUESTS_PER_ROW, "", at_most=True, digits=2)
            v.check("erros do verificador (primeira)", first["erros"], 0, "", at_most=True, digits=0)
        walls, cpus, writes, errors = [], [], 0, 0
        for _ in range(args.repeticoes):
            run, again = exportar(target, cache, args.conexoes)
            walls.append(run.wall)
            cpus.append(run.cpu)
            writes += again["criados"] + again["alterados"] + again["apagados"]
            errors = max(errors, again["erros"])
            print(f"  de novo: parede {run.wall:.0f} s, CPU {run.cpu:.0f} s, {again['requisicoes']} requisições, "
                  f"{again['criados'] + again['alterados'] + again['apagados']} gravações; {load()}", flush=True)
        print(f"  de novo, parede: {Stats(tuple(walls)).fmt(0)}; CPU: {Stats(tuple(cpus)).fmt(0)}", flush=True)
        v.check("gravações nas reexportações", writes, 0, "", at_most=True, digits=0)
        v.check("reexportação (parede, mediana)", Stats(tuple(walls)).median, TARGET_AGAIN_WALL, "s", digits=0)
        v.check("erros do verificador (reexportação)", errors, 0, "", at_most=True, digits=0)
        acts, units, diffs = sample_texts(acervo, args.municipio, cache, args.amostra)
        print(f"  amostra: {acts} atos, {units} dispositivos-data comparados, {diffs} diferenças", flush=True)
        v.check("diferenças de texto em vigor (amostra)", diffs, 0, "", at_most=True, digits=0)
    return v.done()


if __name__ == "__main__":
    raise SystemExit(main())
