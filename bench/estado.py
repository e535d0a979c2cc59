"""Benchmark: a generated state — many municipalities, ~100,000 acts — built in one command
(``lexconsolida acervo ESTADO -o LISTAS --site SITES --por-municipio --executor …``), as a
consortium of câmaras or a state court of accounts would run it on a Dask cluster.

The state is generated as files (``--municipios`` × ``--atos``; a folder of state laws besides,
the global table): laws and decrees of 4 to 12 articles with incisos and parágrafos, citations of
earlier acts of the same municipality and of the state's laws, and one act in four an amending
law ("O art. 3º da Lei nº …, de …, passa a vigorar com a seguinte redação:") whose instruction
the histories apply. Each figure is the whole process tree (``measure.tree_run``): CPU of every
process, wall time, the peak resident memory of the client (the command's own process: with a
local cluster, the scheduler too) and of the largest other process (a worker), the machine's load.

With ``--comparar EXECUTOR`` the same cold run is made on that executor too (into other folders;
the order alternates with ``--pares``), the outputs are compared byte for byte, and the ratio of
the CPU per act is printed. Targets (issue 37): completes; client peak < 1 GB; worker peak
< 1.5 GB; Dask's CPU per act within 1.2× the pool's; the same bytes.

    python bench/estado.py [--municipios 100] [--atos 1000] [--executor dask-local:2]
                           [--comparar processos] [--pares 1] [--pasta DIR] [--manter]
"""

from __future__ import annotations

import argparse
import filecmp
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import Stats, TreeRun, Verdicts, compile_package, lexconsolida_cmd, load, tree_run  # noqa: E402

TARGET_CLIENT_MB = 1024.0
TARGET_WORKER_MB = 1536.0
TARGET_RATIO = 1.2
STATE_LAWS = 200
WORDS = ("município secretaria fiscalização licença alvará taxa multa prazo recurso notificação "
         "vistoria feira mercado banca transporte passageiro veículo condutor permissão tarifa "
         "serviço público obra calçada praça iluminação horário cadastro registro documento "
         "certidão contribuinte imposto penalidade infração regulamento").split()
MONTHS = ("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
          "dezembro").split()
ROMAN = ("", "I", "II", "III", "IV", "V", "VI")


def _long(iso: str) -> str:
    y, m, d = iso.split("-")
    return f"{'1º' if d == '01' else int(d)} de {MONTHS[int(m) - 1]} de {y}"


def _ord(n: int) -> str:
    return f"{n}º" if n < 10 else f"{n}"


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    return words[0].capitalize() + " " + " ".join(words[1:])


def _number(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def _text(rng: random.Random, head: str, ementa: str, articles: int, cites: list[str]) -> str:
    lines = [head, "", ementa, "", "O PREFEITO MUNICIPAL faz saber que a Câmara Municipal aprovou e ele "
             "sanciona a seguinte Lei:", ""]
    for a in range(1, articles + 1):
        caput = _sentence(rng, rng.randint(10, 24))
        if cites and a == 2:
            caput += f", nos termos da {rng.choice(cites)}"
        elif a % 5 == 0:
            caput += f", observado o art. {_ord(rng.randint(1, articles))}"
        incisos = rng.choice((0, 0, 2, 3))
        lines.append(f"Art. {_ord(a)} {caput}{':' if incisos else '.'}")
        for i in range(1, incisos + 1):
            lines.append(f"{ROMAN[i]} – {_sentence(rng, 7).lower()}{';' if i < incisos else '.'}")
        if rng.random() < 0.3:
            lines.append(f"Parágrafo único. {_sentence(rng, 12)}.")
        lines.append("")
    lines.append(f"Art. {_ord(articles + 1)} Esta Lei entra em vigor na data de sua publicação.")
    return "\n".join(lines) + "\n"


def _toml(tipo: str, numero: str, data: str, urn: str, ementa: str) -> str:
    return (f'tipo = "{tipo}"\nnumero = "{numero}"\ndata = "{data}"\nurn = "{urn}"\n'
            f'ementa = "{ementa}"\ntexto = "texto.txt"\n')


def _write(folder: Path, toml: str, text: str) -> None:
    folder.mkdir()
    (folder / "norma.toml").write_text(toml, "utf-8")
    (folder / "texto.txt").write_text(text, "utf-8")


def generate(root: Path, municipios: int, atos: int, seed: int = 37) -> int:
    """The state's folders in ``root``; returns how many acts. Municipality sizes vary from half
    to one and a half times ``atos`` (as real ones do: the largest set a worker's memory)."""
    rng = random.Random(seed)
    state = root / "ba-estado"
    state.mkdir(parents=True)
    (state / "municipio.toml").write_text('nome = "Bahia"\nuf = "BA"\nlocalidade_urn = "br;bahia"\n', "utf-8")
    laws = []
    for i in range(STATE_LAWS):
        numero, data = str(10000 + i), f"{1990 + i % 30}-{1 + i % 12:02d}-{1 + i % 28:02d}"
        urn = f"urn:lex:br;bahia:estadual:lei:{data};{numero}"
        ementa = f"Dispõe sobre {_sentence(rng, 4).lower()} no Estado."
        _write(state / f"lei-{numero}-{data[:4]}", _toml("Lei", numero, data, urn, ementa),
               _text(rng, f"LEI Nº {_number(int(numero))}, DE {_long(data).upper()}", ementa, rng.randint(3, 8), []))
        laws.append(f"Lei Estadual nº {_number(int(numero))}, de {_long(data)}")
    total = STATE_LAWS
    for k in range(1, municipios + 1):
        folder = root / f"ba-cidade-{k:03d}"
        folder.mkdir()
        (folder / "municipio.toml").write_text(
            f'nome = "Cidade {k}"\nuf = "BA"\nuf_nome = "Bahia"\nlocalidade_urn = "br;bahia;cidade.{k}"\n', "utf-8")
        n = max(4, int(atos * (0.5 + (k * 7919 % 101) / 100)))
        made: list[tuple[str, str, str, int]] = []  # (tipo, numero, data, articles) of the base acts
        for i in range(n):
            year = 1990 + (i * 30) // n
            data = f"{year}-{1 + i % 12:02d}-{1 + i % 28:02d}"
            numero = str(100 + i)
            if i % 4 == 3 and made:  # an amending law
                tipo_b, numero_b, data_b, arts_b = rng.choice(made[-50:])
                label_b = f"{tipo_b} nº {_number(int(numero_b))}, de {_long(data_b)}"
                art = rng.randint(1, arts_b)
                ementa = f"Altera a {label_b}."
                text = "\n".join([f"LEI Nº {_number(int(numero))}, DE {_long(data).upper()}", "", ementa, "",
                                  f"Art. 1º O art. {_ord(art)} da {label_b}, passa a vigorar com a seguinte redação:",
                                  "", f"“Art. {_ord(art)} {_sentence(rng, 18)}.” (NR)", "",
                                  "Art. 2º Esta Lei entra em vigor na data de sua publicação.", ""])
                urn = f"urn:lex:br;bahia;cidade.{k}:municipal:lei:{data};{numero}"
                _write(folder / f"lei-{numero}-{year}", _toml("Lei", numero, data, urn, ementa), text)
                continue
            tipo = "Lei" if i % 5 else "Decreto"
            articles = rng.randint(4, 12)
            cites = [f"{t} nº {_number(int(nu))}, de {_long(d)}" for t, nu, d, _ in made[-20:]]
            if i % 7 == 0:
                cites = [rng.choice(laws)]
            ementa = f"Dispõe sobre {_sentence(rng, 5).lower()}."
            urn = f"urn:lex:br;bahia;cidade.{k}:municipal:{tipo.lower()}:{data};{numero}"
            _write(folder / f"{tipo.lower()}-{numero}-{year}", _toml(tipo, numero, data, urn, ementa),
                   _text(rng, f"{tipo.upper()} Nº {_number(int(numero))}, DE {_long(data).upper()}", ementa,
                         articles, cites))
            made.append((tipo, numero, data, articles))
        total += n
    return total


def same_bytes(a: Path, b: Path) -> list[str]:
    files_a = {p.relative_to(a) for p in a.rglob("*") if p.is_file() and ".cache" not in p.parts}
    files_b = {p.relative_to(b) for p in b.rglob("*") if p.is_file() and ".cache" not in p.parts}
    common = sorted(str(p) for p in files_a & files_b)
    _, mismatch, errors = filecmp.cmpfiles(a, b, common, shallow=False)
    return sorted(str(p) for p in files_a ^ files_b) + mismatch + errors


def run(root: Path, out: Path, executor: str) -> TreeRun:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    cmd, env = lexconsolida_cmd(["acervo", root, "-o", out / "listas", "--site", out / "sites", "--por-municipio",
                                 "--executor", executor])
    result = tree_run(cmd, env=env)
    if result.returncode != 0:
        raise SystemExit(f"{executor}: saída {result.returncode}: {result.stderr.strip()[-1500:]}")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--municipios", type=int, default=100)
    parser.add_argument("--atos", type=int, default=1000, help="atos por município, em média")
    parser.add_argument("--executor", default="dask-local:2")
    parser.add_argument("--comparar", metavar="EXECUTOR", default=None)
    parser.add_argument("--pares", type=int, default=1)
    parser.add_argument("--pasta", help="pasta de trabalho (o estado gerado é reaproveitado se já estiver lá)")
    parser.add_argument("--manter", action="store_true", help="não apaga a pasta de trabalho")
    args = parser.parse_args()
    work = Path(args.pasta) if args.pasta else Path(tempfile.mkdtemp(prefix="bench-estado-"))
    root = work / "estado"
    try:
        if not (root / "ba-estado").is_dir():
            start = time.perf_counter()
            shutil.rmtree(root, ignore_errors=True)
            n = generate(root, args.municipios, args.atos)
            print(f"estado gerado em {time.perf_counter() - start:.0f} s: {n} atos em {args.municipios} municípios "
                  f"e a pasta do estado ({STATE_LAWS} leis estaduais)", flush=True)
        acts = sum(1 for _ in root.glob("*/*/norma.toml"))
        compile_package()
        executors = [args.executor] + ([args.comparar] if args.comparar else [])
        runs: dict[str, list[TreeRun]] = {e: [] for e in executors}
        for i in range(max(1, args.pares)):
            for e in (executors if i % 2 == 0 else executors[::-1]):
                print(f"— {e}: acervo --site --por-municipio (frio); {load()}", flush=True)
                r = run(root, work / f"saida-{executors.index(e)}", e)
                runs[e].append(r)
                print(f"  parede {r.wall:.0f} s, CPU da árvore {r.cpu:.0f} s ({1000 * r.cpu / acts:.1f} ms por ato), "
                      f"cliente {r.rss_root_mb:.0f} MB, maior outro processo {r.rss_others_mb:.0f} MB; {load()}",
                      flush=True)
        v = Verdicts(f"estado gerado: {acts} atos, {args.municipios} municípios ({args.executor})")
        main_runs = runs[args.executor]
        if args.municipios * args.atos >= 100_000:
            v.check("completa (atos)", acts, 100_000, "atos", at_least=True, digits=0)
        v.check("cliente, pico de memória", max(r.rss_root_mb for r in main_runs), TARGET_CLIENT_MB, "MB", digits=0)
        v.check("worker, pico de memória", max(r.rss_others_mb for r in main_runs), TARGET_WORKER_MB, "MB", digits=0)
        cpu = Stats(tuple(r.cpu for r in main_runs))
        print(f"{args.executor}: CPU por ato {1000 * cpu.median / acts:.2f} ms; CPU {cpu.fmt(1)}")
        if args.comparar:
            other = Stats(tuple(r.cpu for r in runs[args.comparar]))
            ratio = cpu.median / other.median
            print(f"{args.comparar}: CPU por ato {1000 * other.median / acts:.2f} ms; CPU {other.fmt(1)}")
            print(f"{args.executor} ÷ {args.comparar}, CPU: {ratio:.3f}×")
            v.check(f"{args.executor} ÷ {args.comparar}, CPU por ato", ratio, TARGET_RATIO, "×", at_most=True, digits=3)
            differ = same_bytes(work / "saida-0", work / "saida-1")
            print("mesmos bytes: " + ("sim" if not differ else f"NÃO — {len(differ)}, ex.: {differ[:5]}"))
            v.check("arquivos diferentes", len(differ), 0, "", at_most=True, digits=0)
        print(f"(máquina compartilhada) {load()}")
        return v.done()
    finally:
        if not args.manter and not args.pasta:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
