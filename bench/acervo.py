"""Benchmark: the whole Feira de Santana acervo (../shared/acervos/feira-de-santana-ba), as a
municipality runs it — every figure a whole process tree (``python -m lexconsolida …``):

- import (5,440 text files → the statutes/ layout): ``importar``, cold;
- acervo cold: ``acervo ACERVO -o LISTA`` with an empty LISTA (read, check, relations, every
  amendment applied, the work list);
- site cold: ``acervo ACERVO -o LISTA --site SITE`` with the acervo in cache and SITE empty
  (what the site costs through the command a municipality runs);
- no change: the same command again (warm: nothing to redo, nothing rewritten);
- a recorded decision: one ``[[decisoes]]`` added to an amending act's norma.toml, then
  ``acervo ACERVO -o LISTA`` (the acervo updated);
- one act changed: a blank line added to an amending act's text, then ``acervo … --site``.

Each figure is the median of several runs with its spread (``--completas N`` repeats the
cold runs in fresh folders; the warm ones run ≥ 5 times), CPU time of the whole tree (the
pool's workers, a Dask cluster's nannies and workers: ``measure.tree_run``) beside wall time,
peak resident memory of the largest process and the sum of the tree's peaks, and the machine's
load. ``--executor`` runs the commands on another executor ('dask-local:2', 'dask://HOST:PORT');
``--comparar dask-local:2`` runs the cold steps on the pool and on that executor alternately,
compares the outputs byte for byte and prints the ratio of the medians (issue 30: Dask within
1.2× the pool's time and memory).

Targets on the project machine (2 cores; issues 29 and 30): acervo cold < 45 s of CPU; site
cold < 60 s of CPU; peak < 500 MB (largest process); no change < 5 s of CPU; a recorded decision
→ acervo updated < 1 s; wall: acervo < 90 s, with the site < 3 min, one act changed < 10 s.
Exit 1 when a target is missed.

    python bench/acervo.py [--acervo DIR] [--out DIR] [--completas 3] [--repeticoes 5]
                           [--executor processos] [--comparar dask-local:2] [--sem-site]
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import (  # noqa: E402
    MIN_RUNS, ROOT, SHARED, Stats, TreeRun, Verdicts, compile_checkout, compile_package, lexconsolida_cmd, load,
    tree_run,
)

TARGET_ACERVO_CPU = 45.0
TARGET_SITE_CPU = 60.0
TARGET_RSS_MB = 500.0
TARGET_NONE_CPU = 5.0
TARGET_DECISION_S = 1.0
TARGET_ACERVO_WALL = 90.0
TARGET_TOTAL_WALL = 180.0
TARGET_ONE_WALL = 10.0
TARGET_NEW_RATIO = 3.0
TARGET_LC1_CPU = 1.0
TARGET_COLD_RATIO = 0.8
MUN = "ba-feira-de-santana"


@dataclass(slots=True)
class Series:
    """Runs of one step."""

    label: str
    runs: list[TreeRun] = field(default_factory=list)
    loads: list[str] = field(default_factory=list)

    def add(self, run: TreeRun) -> None:
        self.runs.append(run)
        self.loads.append(load())

    @property
    def wall(self) -> Stats:
        return Stats(tuple(r.wall for r in self.runs))

    @property
    def cpu(self) -> Stats:
        return Stats(tuple(r.cpu for r in self.runs))

    @property
    def rss(self) -> float:
        return max(r.rss_mb for r in self.runs)

    @property
    def rss_tree(self) -> float:
        return max(r.rss_tree_mb for r in self.runs)

    def line(self) -> str:
        return (f"{self.label}: parede {self.wall.fmt(2)}; CPU da árvore {self.cpu.fmt(2)}; "
                f"RSS maior processo {self.rss:.0f} MB, soma da árvore {self.rss_tree:.0f} MB; "
                f"{self.loads[-1] if self.loads else ''}")


def run(argv: list, series: Series, expect: tuple[int, ...] = (0,), checkout: Path | None = None) -> TreeRun:
    cmd, env = lexconsolida_cmd(argv, checkout)
    result = tree_run(cmd, cwd=checkout, env=env)
    if result.returncode not in expect:
        raise SystemExit(f"{' '.join(map(str, argv))}: saída {result.returncode}: {result.stderr.strip()[-800:]}")
    series.add(result)
    print(f"  {series.label}: parede {result.wall:.2f} s, CPU {result.cpu:.2f} s, RSS {result.rss_mb:.0f} MB "
          f"(árvore {result.rss_tree_mb:.0f} MB); {load()}", flush=True)
    return result


def executor_args(executor: str | None) -> list[str]:
    return ["--executor", executor] if executor else []


def cold(src: Path, work: Path, executor: str | None, site: bool, s: dict[str, Series]) -> None:
    """One cold run in ``work`` (emptied first): import, acervo, site."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    ex = executor_args(executor)
    run(["importar", src, "-o", work / "acervo", "--municipio", MUN, *ex], s["importacao"])
    run(["acervo", work / "acervo", "-o", work / "lista", *ex], s["acervo"])
    if site:
        run(["acervo", work / "acervo", "-o", work / "lista", "--site", work / "site", *ex], s["site"])


def _amending(work: Path) -> Path:
    """The folder of the first act the work list shows applied to another."""
    import json

    d = json.loads((work / "lista" / "lista.json").read_text("utf-8"))
    applied = next(a for a in d["alteracoes"] if a["situacao"] == "aplicada")
    return work / "acervo" / applied["ato_pasta"]


def _pending(work: Path) -> tuple[Path, dict]:
    """The norma.toml of the first act in the decisions queue, and its entry."""
    import json

    d = json.loads((work / "lista" / "lista.json").read_text("utf-8"))
    q = d["decisoes"][0]
    return work / "acervo" / q["arquivo"], q


def warm(work: Path, executor: str | None, site: bool, runs: int, s: dict[str, Series]) -> None:
    ex = executor_args(executor)
    argv = ["acervo", work / "acervo", "-o", work / "lista", *(["--site", work / "site"] if site else []), *ex]
    run(argv, Series("aquecimento"))
    for _ in range(max(runs, MIN_RUNS)):
        run(argv, s["nada"])
    toml, q = _pending(work)
    # the act's ledger (decisoes.toml beside its norma.toml) may not exist before its first decision
    original = toml.read_bytes() if toml.exists() else None
    try:
        for i in range(max(runs, MIN_RUNS)):
            entry = (f'\n[[decisoes]]\nproblema = "{q["codigo"]}"\n'
                     + (f'dispositivo = "{q["dispositivo"]}"\n' if q["dispositivo"] else "")
                     + f'decisao = "ignorar"\nnota = "decisão de teste {i}"\n')
            toml.write_bytes((original or b"") + entry.encode("utf-8"))
            run(["acervo", work / "acervo", "-o", work / "lista", *ex], s["decisao"])
    finally:
        if original is None:
            toml.unlink(missing_ok=True)
        else:
            toml.write_bytes(original)
    for i in range(max(runs, MIN_RUNS)):
        folder = new_act(work, i)
        try:
            run(argv, s["novo"])
        finally:
            shutil.rmtree(folder)
        run(argv, Series("restauração"))
    ledger, q = lc1_item(work)
    original = ledger.read_bytes() if ledger.exists() else None
    try:
        for i in range(max(runs, MIN_RUNS)):
            ledger.write_bytes((original or b"") + _decision_entry(q, i))
            run(["acervo", work / "acervo", "-o", work / "lista", *ex], s["lc1"])
    finally:
        if original is None:
            ledger.unlink(missing_ok=True)
        else:
            ledger.write_bytes(original)
    run(argv, Series("restauração"))
    text = next(p for p in _amending(work).iterdir() if p.name.startswith("texto"))
    original = text.read_bytes()
    try:
        for i in range(max(runs, MIN_RUNS)):
            text.write_bytes(original + b"\n" * (i % 2 + 1))
            run(argv, s["um"])
    finally:
        text.write_bytes(original)
        run(argv, Series("restauração"))


LC1 = "urn:lex:br;bahia;feira.santana:municipal:lei.complementar:1994;1"
"""The Lei Complementar nº 1/1994 of Feira de Santana: 30 amending acts, the most amended act."""


def new_act(work: Path, i: int) -> Path:
    """A new 3-article law in the acervo (as 'importar' writes one), citing an act already
    there; a different one on each run. Returns its folder."""
    import json

    d = json.loads((work / "lista" / "lista.json").read_text("utf-8"))
    cited = next(a for a in d["atos"] if a["tipo"] == "Lei" and a["situacao"] == "em vigor" and a["ano"] == "2001")
    numero = 90001 + i
    folder = work / "acervo" / MUN / f"lei-{numero}-2021"
    folder.mkdir()
    urn = f"urn:lex:br;bahia;feira.santana:municipal:lei:2021-03-0{1 + i % 9};{numero}"
    label = cited["rotulo"]
    (folder / "norma.toml").write_text(
        f'tipo = "Lei"\nnumero = "{numero}"\ndata = "2021-03-0{1 + i % 9}"\nurn = "{urn}"\n'
        f'ementa = "Institui a Semana Municipal do Cooperativismo {i}."\ntexto = "texto.txt"\n', "utf-8")
    (folder / "texto.txt").write_text(
        f"LEI Nº {numero}, DE {1 + i % 9} DE MARÇO DE 2021\n\nInstitui a Semana Municipal do Cooperativismo {i}."
        "\n\nO PREFEITO MUNICIPAL DE FEIRA DE SANTANA, Estado da Bahia, faço saber que a Câmara Municipal "
        "aprovou e eu sanciono a seguinte Lei:\n\n"
        f"Art. 1º Fica instituída a Semana Municipal do Cooperativismo, nos termos da {label}.\n\n"
        "Art. 2º A Semana será realizada anualmente na primeira semana de julho.\n\n"
        "Art. 3º Esta Lei entra em vigor na data de sua publicação.\n\n"
        f"Feira de Santana, {1 + i % 9} de março de 2021.\n", "utf-8")
    return folder


def lc1_item(work: Path) -> tuple[Path, dict]:
    """The ledger of an amending act of the LC nº 1/1994 held by one open item, and that item:
    its decision ('ignorar') makes the act applicable, and the LC's history is compiled again
    (the act with most operations among them: the worst case)."""
    import json
    from collections import Counter

    d = json.loads((work / "lista" / "lista.json").read_text("utf-8"))
    ops = {a["ato_pasta"]: a["operacoes"] for a in d["alteracoes"] if a["alvo"] == LC1 and a["situacao"] == "pendente"}
    items = Counter(q["pasta"] for q in d["decisoes"])
    held = [q for q in d["decisoes"] if q["pasta"] in ops and ops[q["pasta"]] and items[q["pasta"]] == 1]
    q = max(held, key=lambda q: (ops[q["pasta"]], q["pasta"]))
    return work / "acervo" / q["arquivo"], q


def _decision_entry(q: dict, i: int) -> bytes:
    return (f'\n[[decisoes]]\nproblema = "{q["codigo"]}"\n'
            + (f'dispositivo = "{q["dispositivo"]}"\n' if q["dispositivo"] else "")
            + f'decisao = "ignorar"\nnota = "decisão de teste {i}"\n').encode("utf-8")


def decision_in_process(work: Path, runs: int) -> tuple[Stats, Stats]:
    """CPU of the decision itself, as the review desk applies it once written in the act's
    ledger (:meth:`lexconsolida.review.desk.Desk.refresh`: the act analysed again, the LC's
    history compiled again — :func:`lexconsolida.acervo.pipeline.update`), in this process, the
    acervo built from the cache first: a decision on an amending act of the LC nº 1/1994.
    (the first decision, and the next ones)."""
    import time

    sys.path.insert(0, str(ROOT))
    from lexconsolida.acervo.pipeline import build
    from lexconsolida.review.desk import Desk

    desk = Desk(work / "acervo", acervo=build(work / "acervo", cache_dir=work / "lista" / ".cache"))
    ledger, q = lc1_item(work)
    urn = next(u for u, r in desk.ac.acts.items() if r.pasta == q["pasta"])
    original = ledger.read_bytes() if ledger.exists() else None
    cpus = []
    try:
        for i in range(max(runs, MIN_RUNS) + 1):
            ledger.write_bytes((original or b"") + _decision_entry(q, i))
            start = time.process_time()
            desk.refresh([urn])
            cpus.append(time.process_time() - start)
    finally:
        if original is None:
            ledger.unlink(missing_ok=True)
        else:
            ledger.write_bytes(original)
    return Stats(tuple(cpus[:1])), Stats(tuple(cpus[1:]))


def same_bytes(a: Path, b: Path) -> list[str]:
    """Files that differ (or exist on one side only) between two output folders, caches aside."""
    files_a = {p.relative_to(a) for p in a.rglob("*") if p.is_file() and ".cache" not in p.parts}
    files_b = {p.relative_to(b) for p in b.rglob("*") if p.is_file() and ".cache" not in p.parts}
    diff = sorted(str(p) for p in files_a ^ files_b)
    common = sorted(str(p) for p in files_a & files_b)
    _, mismatch, errors = filecmp.cmpfiles(a, b, common, shallow=False)
    return diff + mismatch + errors


def paired(src: Path, out: Path, other: Path, pairs: int) -> tuple[Series, Series, Stats]:
    """Cold ``acervo ACERVO -o LISTA --site SITE`` (empty LISTA and SITE, the acervo imported
    once by each checkout's own importer) of this checkout and of ``other`` (an older commit's
    worktree), alternating which runs first: both series and the ratio of each pair's CPU."""
    compile_checkout(other)
    mine, theirs = Series("este checkout: acervo --site frio"), Series(f"{other}: acervo --site frio")
    sides = {"este": (None, mine), "outro": (other, theirs)}
    for name, (checkout, _) in sides.items():
        shutil.rmtree(out / name, ignore_errors=True)
        (out / name).mkdir(parents=True)
        run(["importar", src, "-o", out / name / "acervo", "--municipio", MUN], Series(f"importação ({name})"),
            checkout=checkout)
    for i in range(pairs):
        for name in (("este", "outro") if i % 2 == 0 else ("outro", "este")):
            checkout, series_ = sides[name]
            shutil.rmtree(out / name / "lista", ignore_errors=True)
            shutil.rmtree(out / name / "site", ignore_errors=True)
            run(["acervo", out / name / "acervo", "-o", out / name / "lista", "--site", out / name / "site"],
                series_, checkout=checkout)
        print(f"  par {i + 1}: {mine.runs[-1].cpu / theirs.runs[-1].cpu:.3f}× a CPU do outro", flush=True)
    ratios = Stats(tuple(a.cpu / b.cpu for a, b in zip(mine.runs, theirs.runs)))
    return mine, theirs, ratios


def summary(work: Path) -> str:
    import json

    r = json.loads((work / "lista" / "lista.json").read_text("utf-8"))["resumo"]
    alt = r["alteracoes"]
    return (f"{r['atos']} atos ({r['em_vigor']} em vigor, {r['revogados']} revogados, {r['texto_indisponivel']} "
            f"sem texto); relações {r['relacoes']}; alterações {alt.get('aplicada', 0)} aplicadas, "
            f"{alt.get('pendente', 0)} pendentes, {alt.get('ignorada', 0)} ignoradas; "
            f"{r['decisoes_pendentes']} decisões na fila; {r['erros_internos']} erros internos")


def series(prefix: str = "") -> dict[str, Series]:
    names = {"importacao": "importação (fria)", "acervo": "acervo frio (sem o site)",
             "site": "acervo --site com o site frio (acervo em cache)", "nada": "acervo --site sem mudança",
             "decisao": "decisão registrada → acervo atualizado", "um": "um ato alterado → acervo --site",
             "novo": "um ato novo → acervo --site",
             "lc1": "decisão num ato que altera a LC nº 1/1994 → acervo atualizado"}
    return {k: Series(prefix + v) for k, v in names.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acervo", default=str(SHARED / "acervos" / "feira-de-santana-ba"))
    parser.add_argument("--out", help="pasta de trabalho (padrão: temporária, apagada no fim)")
    parser.add_argument("--completas", type=int, default=3, help="execuções frias completas (padrão 3)")
    parser.add_argument("--repeticoes", type=int, default=MIN_RUNS, help="execuções de cada passo quente (≥ 5)")
    parser.add_argument("--executor", default=None, help="executor dos comandos (padrão: processos)")
    parser.add_argument("--comparar", metavar="EXECUTOR", default=None,
                        help="roda os passos frios também neste executor, alternando, e compara")
    parser.add_argument("--sem-site", action="store_true")
    parser.add_argument("--sem-quentes", action="store_true", help="só os passos frios")
    parser.add_argument("--outro", metavar="CHECKOUT", default=None,
                        help="outro checkout (a worktree de um commit anterior): acervo --site frio dos dois em "
                             "pares alternados, e a razão da CPU")
    parser.add_argument("--pares", type=int, default=MIN_RUNS, help="pares com --outro (padrão 5)")
    parser.add_argument("--so-pares", action="store_true", help="com --outro, só os pares")
    args = parser.parse_args()
    src = Path(args.acervo)
    if not src.is_dir():
        print(f"acervo não encontrado: {src} (benchmark pulado)", file=sys.stderr)
        return 0
    compile_package()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="bench-acervo-"))
    site = not args.sem_site
    main_s = series()
    other_s = series(f"[{args.comparar}] ") if args.comparar else None
    print(f"executor: {args.executor or 'processos (2)'}; {load()}", flush=True)
    pair = None
    try:
        if args.outro:
            print(f"— pares alternados com {args.outro}", flush=True)
            pair = paired(src, out / "pares", Path(args.outro).resolve(), max(1, args.pares))
            if args.so_pares:
                args.completas, args.sem_quentes = 0, True
        for i in range(args.completas):
            print(f"— execução fria {i + 1}", flush=True)
            cold(src, out / "a", args.executor, site, main_s)
            if other_s is not None:
                cold(src, out / "b", args.comparar, site, other_s)
                differ = same_bytes(out / "a", out / "b")
                print(f"  mesmos bytes ({args.executor or 'processos'} × {args.comparar}): "
                      + ("sim" if not differ else f"NÃO — {len(differ)} arquivo(s), ex.: {differ[:5]}"), flush=True)
                if differ:
                    return 1
        if args.completas:
            print("resumo: " + summary(out / "a"))
        inproc = None
        if not args.sem_quentes:
            print("— execuções quentes", flush=True)
            warm(out / "a", args.executor, site, args.repeticoes, main_s)
            first, inproc = decision_in_process(out / "a", args.repeticoes)
            print(f"decisão num ato que altera a LC nº 1/1994, em processo (Desk.refresh → pipeline.update): "
                  f"CPU da primeira {first.median:.3f} s, das seguintes {inproc.fmt(3)}")
    finally:
        if not args.out:
            shutil.rmtree(out, ignore_errors=True)
    print()
    for s in [*main_s.values(), *(other_s.values() if other_s else [])]:
        if s.runs:
            print(s.line())
    v = Verdicts(f"acervo inteiro de Feira de Santana ({args.executor or 'processos'}; 2 núcleos)")
    if pair is not None:
        mine, theirs, ratios = pair
        print(mine.line())
        print(theirs.line())
        print(f"razão da CPU, par a par: {ratios.fmt(3, '×')}; razão das medianas "
              f"{mine.cpu.median / theirs.cpu.median:.3f}×")
        v.check("acervo --site frio ÷ o outro checkout, CPU (mediana dos pares)", ratios.median, TARGET_COLD_RATIO,
                "×", at_most=True, digits=3)
    if not main_s["acervo"].runs:
        return v.done()
    v.check("acervo frio, CPU da árvore (mediana)", main_s["acervo"].cpu.median, TARGET_ACERVO_CPU, digits=2)
    v.check("acervo frio, parede (mediana)", main_s["acervo"].wall.median, TARGET_ACERVO_WALL, digits=2)
    if site:
        v.check("site frio via acervo --site, CPU da árvore (mediana)", main_s["site"].cpu.median,
                TARGET_SITE_CPU, digits=2)
        total = Stats(tuple(a.wall + b.wall for a, b in zip(main_s["acervo"].runs, main_s["site"].runs)))
        v.check("acervo + site frios, parede (mediana)", total.median, TARGET_TOTAL_WALL, digits=2)
    rss = max(s.rss for s in main_s.values() if s.runs)
    v.check("pico de memória (maior processo)", rss, TARGET_RSS_MB, "MB", digits=0)
    if not args.sem_quentes:
        v.check("sem mudança, CPU da árvore (mediana)", main_s["nada"].cpu.median, TARGET_NONE_CPU, digits=2)
        v.check("decisão registrada → acervo atualizado, parede (mediana)", main_s["decisao"].wall.median,
                TARGET_DECISION_S, digits=2)
        v.check("um ato alterado, parede (mediana)", main_s["um"].wall.median, TARGET_ONE_WALL, digits=2)
        if site:
            v.check("um ato novo ÷ sem mudança, CPU da árvore (medianas)",
                    main_s["novo"].cpu.median / main_s["nada"].cpu.median, TARGET_NEW_RATIO, "×", at_most=True,
                    digits=2)
        if inproc is not None:
            v.check("decisão num ato que altera a LC nº 1/1994, em processo, CPU (mediana)", inproc.median,
                    TARGET_LC1_CPU, digits=3)
    if other_s is not None:
        for key in ("acervo", "site"):
            if not other_s[key].runs:
                continue
            ratio = other_s[key].wall.median / main_s[key].wall.median
            cpu_ratio = other_s[key].cpu.median / main_s[key].cpu.median
            mem_ratio = other_s[key].rss_tree / main_s[key].rss_tree
            print(f"{args.comparar} ÷ {args.executor or 'processos'} ({main_s[key].label}): parede {ratio:.2f}×, "
                  f"CPU {cpu_ratio:.2f}×, memória (soma da árvore) {mem_ratio:.2f}×")
            v.check(f"{args.comparar} ÷ pool, parede: {key}", ratio, 1.2, "×", digits=2)
            v.check(f"{args.comparar} ÷ pool, memória: {key}", mem_ratio, 1.2, "×", digits=2)
    print("(máquina compartilhada: o tempo de parede inclui a espera por CPU; o CPU da árvore é o custo "
          f"do programa) — {load()}")
    return v.done()


if __name__ == "__main__":
    raise SystemExit(main())
