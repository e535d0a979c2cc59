"""Benchmark: the whole Feira de Santana acervo (../shared/acervos/feira-de-santana-ba).

Import (5,440 text files → statutes/ layout) + read + check + relations + every amendment
applied + work list, then the gazette site of all acts; then a rebuild after one act changed
(repeated, median and spread). Prints counts (acts, relations by kind, amendments applied /
pending / ignored, refusals), times and peak resident memory, with the targets on the project
machine (2 cores): pipeline without site < 90 s; with site < 3 min; one-act rebuild < 10 s;
peak memory < 1.5 GB (the main process plus its two workers).

    python bench/acervo.py [--acervo ../shared/acervos/feira-de-santana-ba] [--out DIR]
                           [--repeticoes 5] [--sem-site] [--processos 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lexconsolida.acervo import worklist  # noqa: E402
from lexconsolida.acervo.gazette import build_gazette  # noqa: E402
from lexconsolida.acervo.importer import import_folder  # noqa: E402
from lexconsolida.acervo.pipeline import build  # noqa: E402
from lexconsolida.acervo.work import default_executor  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {"pipeline": 90.0, "com_site": 180.0, "reconstrucao": 10.0, "memoria_mb": 1536.0}


def timed(label: str, fn):
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    elapsed = time.perf_counter() - start
    print(f"{label}: {elapsed:.2f} s (CPU deste processo {time.process_time() - cpu:.2f} s)", flush=True)
    return result, elapsed


def verdict(ok: bool) -> str:
    return "OK" if ok else "FALHOU"


WORKERS: dict[int, tuple[float, float]] = {}
"""pid → (peak resident MB, CPU seconds) of each worker process seen."""


def sample_workers(executor) -> None:
    """Peak memory (VmHWM) and CPU time of the pool's workers, read from /proc while they
    live (forkserver workers are not this process' children, so getrusage misses them)."""
    tick = os.sysconf("SC_CLK_TCK")
    for pid in list(getattr(executor, "_processes", None) or {}):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        hwm = next((int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmHWM:")), 0.0)
        WORKERS[pid] = (hwm, (int(stat[11]) + int(stat[12])) / tick)


def peak_mb() -> tuple[float, float]:
    """(this process, the largest worker) peak resident memory in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = max([m for m, _ in WORKERS.values()] + [resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024])
    return own, child


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acervo", default=str(ROOT.parent / "shared" / "acervos" / "feira-de-santana-ba"))
    parser.add_argument("--out", help="pasta de trabalho (padrão: temporária, apagada no fim)")
    parser.add_argument("--repeticoes", type=int, default=5, help="reconstruções após mudar um ato")
    parser.add_argument("--processos", type=int, default=2)
    parser.add_argument("--sem-site", action="store_true")
    args = parser.parse_args()
    src = Path(args.acervo)
    if not src.is_dir():
        print(f"acervo não encontrado: {src}", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="bench-acervo-"))
    shutil.rmtree(out / "acervo", ignore_errors=True)
    shutil.rmtree(out / "lista", ignore_errors=True)
    shutil.rmtree(out / "site", ignore_errors=True)
    executor = default_executor(args.processos)
    try:
        report, t_imp = timed("importação", lambda: import_folder(src, out / "acervo", "ba-feira-de-santana",
                                                                  executor=executor))
        print(f"  {report.atos} atos, {len(report.recusados)} arquivos recusados; dúvidas: "
              + ", ".join(f"{k} {v}" for k, v in sorted(report.duvidas.items())))
        ac, t_build = timed("leitura + verificação + relações + alterações",
                            lambda: build(out / "acervo", executor=executor, cache_dir=out / "lista" / ".cache"))
        print("  etapas: " + ", ".join(f"{k} {v:.2f} s" for k, v in ac.timings.items()))
        d, t_list = timed("lista de trabalho", lambda: worklist.write(ac, out / "lista"))
        r = d["resumo"]
        print(f"  atos: {r['atos']} ({r['em_vigor']} em vigor, {r['revogados']} revogados, "
              f"{r['texto_indisponivel']} sem texto, {r['texto_recusado']} com texto recusado)")
        print("  relações: " + ", ".join(f"{k} {v}" for k, v in r["relacoes"].items())
              + f"; {r['relacoes_fora_do_acervo']} com alvo fora do acervo; {r['relacoes_ignoradas']} ignoradas")
        alt = r["alteracoes"]
        print(f"  alterações (ato alterador × ato alterado): {alt.get('aplicada', 0)} aplicadas, "
              f"{alt.get('pendente', 0)} pendentes de decisão, {alt.get('ignorada', 0)} ignoradas; "
              f"{r['atos_alterados']} atos alterados; {r['decisoes_pendentes']} decisões na fila; "
              f"{r['erros_internos']} erros internos")
        pipeline = t_imp + t_build + t_list
        sample_workers(executor)
        cpu_workers = sum(c for _, c in WORKERS.values())
        print(f"  CPU dos processos auxiliares até aqui: {cpu_workers:.1f} s; CPU deste processo: "
              f"{time.process_time():.1f} s (a máquina é compartilhada: o tempo de relógio inclui espera)")
        t_site = 0.0
        if not args.sem_site:
            site, t_site = timed("site do diário oficial", lambda: build_gazette(ac, out / "site"))
            print(f"  {site.acts} atos, {site.pages} páginas")
        times = []
        changed = _amending_text(ac)
        original = changed.read_bytes()
        for i in range(args.repeticoes):
            changed.write_bytes(original + b"\n" * (i % 2 + 1))
            start = time.perf_counter()
            again = build(out / "acervo", executor=executor, cache_dir=out / "lista" / ".cache")
            worklist.write(again, out / "lista")
            times.append(time.perf_counter() - start)
            print(f"  reconstrução {i + 1}: {times[-1]:.2f} s ({again.cache_misses} resultados refeitos)",
                  flush=True)
        changed.write_bytes(original)
    finally:
        if executor is not None:
            sample_workers(executor)
            executor.shutdown()
        if not args.out:
            shutil.rmtree(out, ignore_errors=True)
    own, child = peak_mb()
    total = own + child * (args.processos if args.processos > 1 else 0)
    med = statistics.median(times) if times else 0.0
    spread = (max(times) - min(times)) if times else 0.0
    print()
    print(f"pipeline sem site (importação + leitura + relações + alterações + lista): {pipeline:.2f} s "
          f"— meta < {TARGETS['pipeline']:.0f} s: {verdict(pipeline < TARGETS['pipeline'])}")
    if not args.sem_site:
        print(f"com o site: {pipeline + t_site:.2f} s — meta < {TARGETS['com_site']:.0f} s: "
              f"{verdict(pipeline + t_site < TARGETS['com_site'])}")
    print(f"reconstrução após mudar um ato ({changed.parent.name}): mediana {med:.2f} s, "
          f"variação {spread:.2f} s em {len(times)} execuções — meta < {TARGETS['reconstrucao']:.0f} s: "
          f"{verdict(med < TARGETS['reconstrucao'])}")
    print(f"memória residente de pico: processo principal {own:.0f} MB, maior processo auxiliar "
          f"{child:.0f} MB, soma estimada {total:.0f} MB — meta < {TARGETS['memoria_mb']:.0f} MB: "
          f"{verdict(total < TARGETS['memoria_mb'])}")
    return 0


def _amending_text(ac) -> Path:
    """The text of an amending act that was applied to another (the rebuild redoes it and the
    history of the act it amends)."""
    for urn in sorted(ac.histories):
        for step in ac.histories[urn].steps:
            if step.situacao == "aplicada":
                return ac.corpus.acts[step.ato].texto
    return ac.corpus.acts[sorted(ac.acts)[0]].texto


if __name__ == "__main__":
    raise SystemExit(main())
