"""Benchmark: the whole Feira de Santana acervo (../shared/acervos/feira-de-santana-ba).

Import (5,440 text files → statutes/ layout) + read + check + relations + every amendment
applied + work list, then the gazette site of all acts; then a rebuild after one act changed
(repeated: median and spread). Prints counts (acts, relations by kind, amendments applied /
pending / ignored, refusals), wall and CPU times (the workers' CPU read from /proc) and peak
resident memory (this process and each worker), with the targets on the project machine
(2 cores): pipeline without site < 90 s; with site < 3 min; one-act rebuild < 10 s; peak
memory < 1.5 GB (this process plus its two workers). Exit 1 when a target is missed.

The first build is timed once per complete run (``--completas N`` repeats the whole thing
in fresh folders, for a median); the rebuild is repeated ``--repeticoes`` times (≥ 5).

    python bench/acervo.py [--acervo DIR] [--out DIR] [--completas 1] [--repeticoes 5]
                           [--sem-site] [--processos 2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from measure import MIN_RUNS, SHARED, Stats, Verdicts, once, peak_rss_mb  # noqa: E402

from lexconsolida.acervo import worklist  # noqa: E402
from lexconsolida.acervo.gazette import build_gazette  # noqa: E402
from lexconsolida.acervo.importer import import_folder  # noqa: E402
from lexconsolida.acervo.pipeline import build  # noqa: E402
from lexconsolida.acervo.work import default_executor  # noqa: E402

WORKERS: dict[int, tuple[float, float]] = {}
"""pid → (peak resident MB, CPU seconds) of each worker process seen."""


def sample_workers(executor) -> None:
    """Peak memory (VmHWM) and CPU time of the pool's workers, read from /proc while they live
    (forkserver workers are not this process' children, so getrusage does not count them)."""
    tick = os.sysconf("SC_CLK_TCK")
    for pid in list(getattr(executor, "_processes", None) or {}):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        hwm = next((int(x.split()[1]) / 1024 for x in status.splitlines() if x.startswith("VmHWM:")), 0.0)
        WORKERS[pid] = (hwm, (int(stat[11]) + int(stat[12])) / tick)


def workers_cpu() -> float:
    return sum(c for _, c in WORKERS.values())


def step(label: str, executor, fn):
    """(wall, CPU of this process + workers, result) of one step, printed."""
    sample_workers(executor)
    before = workers_cpu()
    wall, cpu, result = once(fn)
    sample_workers(executor)
    cpu_all = cpu + workers_cpu() - before
    print(f"{label}: {wall:.2f} s (CPU {cpu_all:.2f} s, deste processo {cpu:.2f} s)", flush=True)
    return wall, cpu_all, result


def complete(src: Path, out: Path, executor, site: bool) -> dict:
    """One complete run in ``out`` (emptied first): times and the work list's summary."""
    for name in ("acervo", "lista", "site"):
        shutil.rmtree(out / name, ignore_errors=True)
    t: dict[str, tuple[float, float]] = {}
    w, c, report = step("importação", executor,
                        lambda: import_folder(src, out / "acervo", "ba-feira-de-santana", executor=executor))
    t["importacao"] = (w, c)
    print(f"  {report.atos} atos, {len(report.recusados)} arquivos recusados; dúvidas: "
          + ", ".join(f"{k} {v}" for k, v in sorted(report.duvidas.items())))
    w, c, ac = step("leitura + verificação + relações + alterações", executor,
                    lambda: build(out / "acervo", executor=executor, cache_dir=out / "lista" / ".cache"))
    t["acervo"] = (w, c)
    print("  etapas (relógio): " + ", ".join(f"{k} {v:.2f} s" for k, v in ac.timings.items()))
    w, c, d = step("lista de trabalho", executor, lambda: worklist.write(ac, out / "lista"))
    t["lista"] = (w, c)
    if site:
        w, c, rep = step("site do diário oficial", executor, lambda: build_gazette(ac, out / "site", executor=executor))
        t["site"] = (w, c)
        print(f"  {rep.acts} atos, {rep.pages} páginas")
    return {"tempos": t, "resumo": d["resumo"], "acervo": ac}


def rebuilds(out: Path, ac, executor, runs: int) -> Stats:
    """Rebuild (analysis + histories + work list) after one amending act's text changed."""
    changed = _amending_text(ac)
    original = changed.read_bytes()
    times = []
    try:
        for i in range(max(runs, MIN_RUNS)):
            changed.write_bytes(original + b"\n" * (i % 2 + 1))
            start = time.perf_counter()
            again = build(out / "acervo", executor=executor, cache_dir=out / "lista" / ".cache")
            worklist.write(again, out / "lista")
            times.append(time.perf_counter() - start)
            print(f"  reconstrução {i + 1}: {times[-1]:.2f} s (refeitos: {len(again.redone)} ato(s) e "
                  f"{len(again.redone_histories)} compilação(ões) — {changed.parent.name} e o que ele altera)",
                  flush=True)
    finally:
        changed.write_bytes(original)
    return Stats(tuple(times))


def _amending_text(ac) -> Path:
    for urn in sorted(ac.histories):
        for s in ac.histories[urn].steps:
            if s.situacao == "aplicada":
                return ac.corpus.acts[s.ato].texto
    return ac.corpus.acts[sorted(ac.acts)[0]].texto


def print_counts(r: dict) -> None:
    print(f"atos: {r['atos']} ({r['em_vigor']} em vigor, {r['revogados']} revogados, "
          f"{r['texto_indisponivel']} sem texto, {r['texto_recusado']} com texto recusado pelo leitor, "
          f"{r['arquivos_recusados_na_importacao']} arquivos recusados na importação)")
    print("relações encontradas: " + ", ".join(f"{k} {v}" for k, v in r["relacoes"].items())
          + f"; {r['relacoes_fora_do_acervo']} com alvo fora do acervo; {r['relacoes_ignoradas']} ignoradas")
    alt = r["alteracoes"]
    print(f"alterações (ato alterador × ato alterado): {alt.get('aplicada', 0)} aplicadas, "
          f"{alt.get('pendente', 0)} pendentes de decisão, {alt.get('ignorada', 0)} ignoradas, em "
          f"{r['atos_alterados']} atos alterados; {r['decisoes_pendentes']} decisões na fila; "
          f"{r['erros_internos']} erros internos")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acervo", default=str(SHARED / "acervos" / "feira-de-santana-ba"))
    parser.add_argument("--out", help="pasta de trabalho (padrão: temporária, apagada no fim)")
    parser.add_argument("--completas", type=int, default=1, help="execuções completas (padrão 1)")
    parser.add_argument("--repeticoes", type=int, default=MIN_RUNS, help="reconstruções após mudar um ato (≥ 5)")
    parser.add_argument("--processos", type=int, default=2)
    parser.add_argument("--sem-site", action="store_true")
    args = parser.parse_args()
    src = Path(args.acervo)
    if not src.is_dir():
        print(f"acervo não encontrado: {src} (benchmark pulado)", file=sys.stderr)
        return 0
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="bench-acervo-"))
    executor = default_executor(args.processos)
    runs = []
    try:
        for i in range(max(1, args.completas)):
            print(f"— execução completa {i + 1}")
            runs.append(complete(src, out, executor, not args.sem_site))
        print("— reconstrução após mudar um ato")
        rebuild = rebuilds(out, runs[-1]["acervo"], executor, args.repeticoes)
        sample_workers(executor)
    finally:
        if executor is not None:
            executor.shutdown()
        if not args.out:
            shutil.rmtree(out, ignore_errors=True)
    print()
    print_counts(runs[-1]["resumo"])
    pipe = Stats(tuple(sum(r["tempos"][k][0] for k in ("importacao", "acervo", "lista")) for r in runs))
    pipe_cpu = Stats(tuple(sum(r["tempos"][k][1] for k in ("importacao", "acervo", "lista")) for r in runs))
    print(f"pipeline sem site: {pipe.fmt(2)}; CPU (todos os processos) {pipe_cpu.median:.2f} s")
    v = Verdicts("acervo inteiro de Feira de Santana (2 núcleos)")
    v.check("importação + leitura + relações + alterações + lista", pipe.median, 90.0, digits=2)
    if not args.sem_site:
        total = Stats(tuple(sum(w for w, _ in r["tempos"].values()) for r in runs))
        print(f"com o site: {total.fmt(2)}")
        v.check("com o site", total.median, 180.0, digits=2)
    print(f"reconstrução após mudar um ato: {rebuild.fmt(2)}")
    v.check("reconstrução após mudar um ato (mediana)", rebuild.median, 10.0, digits=2)
    own = peak_rss_mb()
    worker = max((m for m, _ in WORKERS.values()), default=0.0)
    total_mb = own + worker * (args.processos if args.processos > 1 else 0)
    print(f"memória residente de pico: este processo {own:.0f} MB, maior processo auxiliar {worker:.0f} MB")
    v.check("memória de pico (este processo + auxiliares)", total_mb, 1536.0, "MB", digits=0)
    print("(máquina compartilhada: o tempo de relógio inclui a espera por CPU; veja o CPU ao lado)")
    return v.done()


if __name__ == "__main__":
    raise SystemExit(main())
