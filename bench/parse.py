"""Benchmark of ``parse``: text → LexML bytes, in process and as a whole CLI process.

Run from the repository root::

    python bench/parse.py [--repeat 7] [--no-process] [--bluebell PYTHON] [--instrucoes] [FILE ...]

Inputs: the CF/88 as plain text (the LexML samples of the Constitution, 1988 and the 2015
compilation, read with the LexML reader and written with the plain-text writer) and each seed
(real OCR of scanned PDFs); or the FILEs given. The shared folder is ``$LEXCONSOLIDA_SHARED`` or
``../shared`` beside the repository.

How it is run (printed too): every figure is *warm* — in process after one untimed run (modules
imported, patterns compiled); processes are new ones, after the package's bytecode and its
compiled-pattern cache exist (as an installed program has them after its first run) and after
one untimed run (files in the system's cache). Medians and spread of ≥ 5 runs, CPU time beside
wall time (``bench/measure.py``); the machine is shared, so the load is printed.

Figures:
- in process: text reader + LexML writer, characters per second from the CPU-time median;
- process: ``python -m lexconsolida parse FILE -o OUT.xml``, wall-time median and peak RSS;
- time per rule of the reader's pipeline on each input;
- a generated act of 20 MB made of one-line articles (``bench/textgen.py``; most numbered from
  10,000 on), the shape that ran 25 minutes at 50 MB: the whole ``parse`` process under a time
  budget, every article read;
- side by side with bluebell (Laws.Africa's Akoma Ntoso parser, its Rust core
  ``bluebell-akn-rs``), when a Python with it is given (``--bluebell PYTHON`` or
  ``$LEXCONSOLIDA_BLUEBELL_PYTHON``: a bench-only environment, never a dependency of the
  project; it needs Python ≥ 3.12): the CF/88 2015 text parsed by us and, converted to bluebell's
  own markup, by bluebell — whole processes in pairs (order alternating), CPU-time medians and
  their ratio, and in process. What is compared is said in the output: our reader takes the
  text as printed and writes LexML; bluebell takes a markup whose keywords and indentation
  already say the structure (written from our tree of the same text, so the same units) and
  writes Akoma Ntoso. The counts of units in both outputs are printed beside. With
  ``--instrucoes`` (and valgrind), the instructions each process executes, a count the load of
  the machine does not move.
Targets: CF/88 ≥ 5,000,000 characters/s in process; the OCR seed 004 ≥ 2,000,000; the whole
``parse`` process on the CF/88 under 0.35 s and under 100 MB resident, and at or below
bluebell-rs's process (CPU, medians of the pairs) when it is there; the 20 MB act: whole process
under 15 s of CPU, every article read.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from measure import (  # noqa: E402
    ROOT as _ROOT, SHARED, Timing, Verdicts, compile_package, peak_rss_mb, process, process_once, repeat,
)
from textgen import one_line_articles  # noqa: E402

from lexconsolida.gcpause import gc_paused  # noqa: E402
from lexconsolida.model import Agrupador, Kind, Norma  # noqa: E402
from lexconsolida.readers import get_reader  # noqa: E402
from lexconsolida.readers.text.decode import decode_text  # noqa: E402
from lexconsolida.writers import get_writer  # noqa: E402

CF88_DIR = SHARED / "anchors" / "lexml" / "examples" / "cf1988"
CF88_XMLS = [("CF/88 1988 (texto)", CF88_DIR / "CON1988--19881005.LexML.xml"),
             ("CF/88 2015 (texto)", CF88_DIR / "CON1988--20150303.LexML.xml")]
TARGET_CF88 = 5_000_000
TARGET_OCR = 2_000_000
TARGET_PROCESS_S = 0.35
TARGET_RSS_MB = 100
BIG_SIZE = 20_000_000
TARGET_BIG_CPU_S = 15.0
"""The 20 MB act of one-line articles: the whole process under this much CPU (at ~4 M
characters/s a realistic 50 MB law takes 13 s; this one is simpler, and the budget leaves room
for a busy machine). It ran 118 s at 16 MB before issue 29."""
BLUEBELL_ENV = "LEXCONSOLIDA_BLUEBELL_PYTHON"


@dataclass(slots=True)
class Row:
    name: str
    path: Path
    data: bytes
    chars: int
    timing: Timing | None = None
    process_wall: float | None = None
    process_rss: float | None = None
    error: str | None = None

    @property
    def rate(self) -> float | None:
        return self.chars / self.timing.cpu.median if self.timing else None


def cf88_text(xml: Path) -> bytes:
    """The CF/88 as plain text in the official layout: LexML reader, then the text writer."""
    norma = get_reader("lexml")(xml.read_bytes(), path=str(xml)).norma
    return get_writer("txt")(norma)


def parse_in_process(data: bytes, path: str) -> bytes:
    """What ``lexconsolida parse`` does, without the process: text reader + LexML writer."""
    return get_writer("xml")(get_reader("text")(data, path=path).norma)


def rule_times(data: bytes, path: str) -> list[tuple[str, float]]:
    """Seconds per rule of the reader's pipeline (one run)."""
    from lexconsolida.readers.text import PIPELINE
    from lexconsolida.readers.text.state import TextState

    state = TextState(path, data)
    times = []
    with gc_paused():  # as read() runs the pipeline
        for entry in PIPELINE:
            name, rule = entry if isinstance(entry, tuple) else (entry.__name__, entry)
            start = time.perf_counter()
            rule(state)
            times.append((name, time.perf_counter() - start))
    return times


def inputs(args, folder: Path) -> list[Row]:
    found: list[tuple[str, Path, bytes]] = []
    if args.files:
        found = [(f.name, f, f.read_bytes()) for f in args.files]
    else:
        for name, xml in CF88_XMLS:
            text = cf88_text(xml)
            path = folder / f"{xml.stem}.txt"
            path.write_bytes(text)
            found.append((name, path, text))
        found += [(seed.name[:20], seed, seed.read_bytes())
                  for seed in sorted((SHARED / "seeds").glob("*.txt"))]
    return [Row(name, path, data, len(decode_text(data)[0])) for name, path, data in found]


def measure(row: Row, args, folder: Path) -> None:
    try:
        row.timing, _ = repeat(lambda: parse_in_process(row.data, str(row.path)), args.repeat)
        if not args.no_process:
            runs = process(["parse", row.path, "-o", folder / "saida.xml"], args.repeat)
            row.process_wall, row.process_rss = runs.wall.median, runs.rss_mb
    except Exception as err:  # a benchmark reports failures, it does not stop at the first
        row.error = f"{type(err).__name__}: {err}"


def _n(value: float | None, fmt: str) -> str:
    return "—" if value is None else format(value, fmt).replace(",", ".")


def print_table(rows: list[Row]) -> None:
    head = ("entrada", "caracteres", "em processo", "(de–a)", "caract./s (CPU)",
            "processo (s)", "RSS MB")
    body = [(r.name, _n(r.chars, ","),
             _n(r.timing and r.timing.wall.median, ".4f"),
             "—" if not r.timing else f"{r.timing.wall.low:.4f}–{r.timing.wall.high:.4f}",
             _n(r.rate, ",.0f"), _n(r.process_wall, ".3f"), _n(r.process_rss, ".1f"))
            for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    line = "  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths)))
    print(line)
    print("-" * len(line))
    for b in body:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(b, widths))))
    for r in rows:
        if r.error:
            print(f"ERRO em {r.name}: {r.error}")


def print_rules(rows: list[Row]) -> None:
    per_input = [(r.name, rule_times(r.data, str(r.path))) for r in rows]
    print("\nTempo por regra do leitor (ms, uma execução):")
    names = [rule for rule, _ in per_input[0][1]]
    width = max(len(n) for n in names + ["regra"])
    print("regra".ljust(width) + "".join(f"{name[:16]:>18}" for name, _ in per_input))
    for i, rule in enumerate(names):
        print(rule.ljust(width) + "".join(f"{times[i][1] * 1000:>18.2f}" for _, times in per_input))


# -- side by side with bluebell-akn -----------------------------------------------------------

BLUEBELL_INPUT = "CF/88 2015"
"""The input compared with bluebell (each bluebell run of the pure-Python 3.x takes ~1 s)."""
BLUEBELL_FRBR = "/akn/br/act/constituicao/1988-10-05/1"
_BLUEBELL_HIER = {
    "parte": "PART", "livro": "BOOK", "titulo": "TITLE", "subtitulo": "SUBTITLE",
    "capitulo": "CHAPTER", "secao": "SECTION", "subsecao": "SUBSECTION",
    Kind.ARTIGO: "ARTICLE", Kind.PARAGRAFO: "PARAGRAPH", Kind.INCISO: "POINT",
    Kind.ALINEA: "POINT", Kind.ITEM: "POINT",
}
"""Our units as bluebell's hierarchical keywords (the mapping of our own AKN writer)."""
_BLUEBELL_INLINE = re.compile(r"\\|([*/_{])\1+")
"""What bluebell would read as markup inside a line: a backslash, '**', '//', '__', '{{'."""


def _bluebell_text(text: str, line_start: bool = True) -> str:
    """Our text as bluebell content: its markup characters escaped ('\\x' is 'x')."""
    text = _BLUEBELL_INLINE.sub(lambda m: "".join("\\" + c for c in m.group(0)), text)
    # a line starting with a capital could start with a keyword ('PARA', 'P', 'BODY'): escaped
    return "\\" + text if line_start and text[:1].isascii() and text[:1].isupper() else text


def bluebell_markup(norma: Norma) -> str:
    """``norma`` in bluebell's markup: keywords for the units, indentation for nesting."""
    out: list[str] = []

    def lines(text: str, depth: int) -> None:
        out.extend("  " * depth + _bluebell_text(line) for line in text.split("\n") if line.strip())

    def unit(node, depth: int) -> None:
        pad = "  " * depth
        if isinstance(node, Agrupador):
            head = _BLUEBELL_HIER[node.kind.value]
            num = f" {node.rotulo.split(' ', 1)[-1]}" if node.rotulo else ""
            name = f" - {_bluebell_text(node.nome, line_start=False)}" if node.nome else ""
            out.append(f"{pad}{head}{num}{name}")
            for c in node.children:
                unit(c, depth + 1)
            return
        if node.kind is Kind.CAPUT:  # the caput's text and incisos sit right in the article
            lines(node.text, depth)
            for c in node.children:
                unit(c, depth)
            return
        if node.kind is Kind.OMISSIS:
            out.append(f"{pad}{_bluebell_text(node.text or '(...)')}")
            return
        num = (node.rotulo or "").removeprefix("Art. ")  # AKN's num of an article: '5º-A'
        out.append(f"{pad}{_BLUEBELL_HIER[node.kind]} {num}".rstrip())
        lines(node.text, depth + 1)
        for alt in node.alteracoes:
            out.append(f"{pad}  QUOTE")
            for c in alt.children:
                unit(c, depth + 2)
        for c in node.children:
            unit(c, depth + 1)

    first = next((n.lines[0] for n in norma.walk() if n.lines), None)
    before = [d.text for d in norma.documentos if first is None or (d.lines or (0,))[0] < first]
    after = [d.text for d in norma.documentos if first is not None and (d.lines or (0,))[0] >= first]
    opening = [part for part in (norma.epigrafe, norma.ementa) if part] + before
    if opening:
        out.append("PREFACE")
        for part in opening:
            lines(part, 1)
    if norma.preambulo:
        out.append("PREAMBLE")
        for part in norma.preambulo:
            lines(part, 1)
    out.append("BODY")
    for node in norma.articulacao:
        unit(node, 1)
    closing = list(norma.fecho) + [s.name for s in norma.assinaturas] + after + list(norma.anexos)
    if closing:
        out.append("CONCLUSIONS")
        for part in closing:
            lines(part, 1)
    return "\n".join(out) + "\n"


def _our_units(norma: Norma) -> tuple[int, int, int]:
    """(artigos, parágrafos, incisos + alíneas + itens) of ``norma``."""
    kinds = [d.kind for d in norma.dispositivos()]
    return (kinds.count(Kind.ARTIGO), kinds.count(Kind.PARAGRAFO),
            sum(kinds.count(k) for k in (Kind.INCISO, Kind.ALINEA, Kind.ITEM)))


def _akn_units(xml: bytes) -> tuple[int, int, int]:
    from lxml import etree

    root = etree.fromstring(xml)
    return tuple(len(root.xpath(f"//*[local-name()='{tag}']"))  # type: ignore[return-value]
                 for tag in ("article", "paragraph", "point"))


_BLUEBELL_SCRIPT = """
import json, sys, time
from bluebell import parser
def parse(text):
    return parser.parse_to_xml_bytes(text, "act", sys.argv[3])
text = open(sys.argv[1], encoding="utf-8").read()
if sys.argv[4] == "processo":
    open(sys.argv[2], "wb").write(parse(text))
else:
    parse(text)
    times = []
    for _ in range(int(sys.argv[4])):
        t = time.process_time(); parse(text); times.append(time.process_time() - t)
    try:
        import _bluebell_rs  # the Rust core (bluebell-akn-rs): parse_to_xml_bytes uses it when present
        rust = True
    except ImportError:
        rust = False
    from importlib import metadata
    print(json.dumps({"tempos": times, "rust": rust, "versao": metadata.version("bluebell-akn")}))
"""


@dataclass(slots=True)
class SideBySide:
    ours_cpu: list[float]
    theirs_cpu: list[float]
    ours_wall: list[float]
    theirs_wall: list[float]

    @property
    def ratio(self) -> float:
        """Our CPU-time median over bluebell's (≤ 1: at or below it)."""
        return statistics.median(self.ours_cpu) / statistics.median(self.theirs_cpu)


def _child(cmd: list[str], env: dict | None = None) -> tuple[float, float]:
    """(wall, CPU) of one process."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(cmd[:4])}…: {err.strip()[-300:]}")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def _instructions(cmd: list[str], env: dict | None = None) -> int | None:
    """Instructions a process executes (valgrind's cachegrind, no cache simulation)."""
    if shutil.which("valgrind") is None:
        return None
    proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           *cmd], capture_output=True, env=env)
    m = re.search(rb"I\s+refs:\s+([\d,]+)", proc.stderr)
    return int(m.group(1).replace(b",", b"")) if m else None


def side_by_side(rows: list[Row], runs: int, python: str | None, folder: Path,
                 instructions: bool = False) -> SideBySide | None:
    """Our ``parse`` and bluebell's, same document, whole processes in alternating pairs and in
    process (see the module's docstring). None when no bluebell is given."""
    if not python:
        print(f"\nbluebell-akn não instalado: comparação lado a lado omitida (indique o Python de um "
              f"ambiente só do banco com bluebell-akn-rs em ${BLUEBELL_ENV} ou --bluebell PYTHON; ex.: "
              "python3.12 -m venv /tmp/bluebell && /tmp/bluebell/bin/pip install bluebell-akn bluebell-akn-rs).")
        return None
    if not Path(python).exists():
        print(f"\nbluebell-akn não instalado: {python} não existe; comparação lado a lado omitida.")
        return None
    row = next((r for r in rows if r.name.startswith(BLUEBELL_INPUT)), None)
    if row is None:
        print(f"\nbluebell-akn: a entrada {BLUEBELL_INPUT} não está entre as medidas; comparação omitida.")
        return None
    script = folder / "bluebell_parse.py"
    script.write_text(_BLUEBELL_SCRIPT, encoding="utf-8")
    norma = get_reader("text")(row.data, path=str(row.path)).norma
    markup = folder / "cf88.bluebell"
    markup.write_text(bluebell_markup(norma), encoding="utf-8")
    akn, xml = folder / "saida.akn.xml", folder / "saida.xml"
    theirs_cmd = [python, str(script), str(markup), str(akn), BLUEBELL_FRBR, "processo"]
    ours_cmd = [sys.executable, "-m", "lexconsolida", "parse", str(row.path), "-o", str(xml)]
    ours_env = {**os.environ, "PYTHONPATH": str(_ROOT)}
    compile_package()
    try:
        _child(theirs_cmd)  # warm-up, and the output whose units are counted
    except RuntimeError as err:
        print(f"\nbluebell-akn: não foi possível rodar ({err}); comparação omitida.")
        return None
    _child(ours_cmd, ours_env)
    result = SideBySide([], [], [], [])
    for i in range(max(runs, 5)):
        pair = ((ours_cmd, ours_env, result.ours_wall, result.ours_cpu),
                (theirs_cmd, None, result.theirs_wall, result.theirs_cpu))
        for cmd, env, walls, cpus in pair[:: 1 if i % 2 == 0 else -1]:
            wall, cpu = _child(cmd, env)
            walls.append(wall)
            cpus.append(cpu)
    inside = json.loads(subprocess.run([python, str(script), str(markup), str(akn), BLUEBELL_FRBR, str(max(runs, 5))],
                                       capture_output=True, check=True).stdout)
    mine, theirs = statistics.median(result.ours_cpu), statistics.median(result.theirs_cpu)
    ratios = sorted(o / t for o, t in zip(result.ours_cpu, result.theirs_cpu))
    core = "núcleo em Rust, bluebell-akn-rs" if inside["rust"] else "puro Python: sem bluebell-akn-rs"
    print(f"\nLado a lado com bluebell-akn {inside['versao']} ({core}), {row.name}, {len(result.ours_cpu)} pares de "
          "processos alternados (quentes: bytecode e padrões compilados; carga " f"{os.getloadavg()[0]:.1f}):")
    print("  o que se compara: lexconsolida lê o texto como impresso (rótulos reconhecidos no texto) e")
    print("  escreve LexML; bluebell lê a sua marcação (palavras-chave e recuo já dizem a estrutura,")
    print("  gerada da nossa árvore do mesmo texto) e escreve Akoma Ntoso; cada um num processo novo,")
    print("  do início do Python ao arquivo gravado.")
    print(f"  processo lexconsolida: CPU {mine:.3f} s (de {min(result.ours_cpu):.3f} a {max(result.ours_cpu):.3f}), "
          f"parede {statistics.median(result.ours_wall):.3f} s")
    print(f"  processo bluebell:     CPU {theirs:.3f} s (de {min(result.theirs_cpu):.3f} a "
          f"{max(result.theirs_cpu):.3f}), parede {statistics.median(result.theirs_wall):.3f} s")
    print(f"  razão lexconsolida / bluebell (CPU): {result.ratio:.2f} (medianas); por par, de {ratios[0]:.2f} a "
          f"{ratios[-1]:.2f}, mediana {statistics.median(ratios):.2f}")
    theirs_in = statistics.median(inside["tempos"])
    ours_in = row.timing.cpu.median if row.timing else None
    print(f"  em processo (CPU, mediana): lexconsolida {_n(ours_in, '.4f')} s, "
          f"{_n(row.rate, ',.0f')} caract./s do texto ({_n(row.chars, ',')} caracteres); bluebell "
          f"{theirs_in:.4f} s, {_n(len(markup.read_text('utf-8')) / theirs_in, ',.0f')} caract./s da marcação")
    if instructions:
        ours_i, theirs_i = _instructions(ours_cmd, ours_env), _instructions(theirs_cmd)
        if ours_i and theirs_i:
            print(f"  instruções executadas (valgrind; não dependem da carga): lexconsolida {ours_i:,}, "
                  f"bluebell {theirs_i:,} (razão {ours_i / theirs_i:.2f})".replace(",", "."))
    ours_n, theirs_n = _our_units(norma), _akn_units(akn.read_bytes())
    print(f"  unidades (artigos, parágrafos, incisos+alíneas+itens): lexconsolida {ours_n}, "
          f"bluebell {theirs_n}{'' if ours_n == theirs_n else ' — DIFERENTES: a comparação não é do mesmo documento'}")
    return result


@dataclass(slots=True)
class Big:
    chars: int
    articles: int
    read: int
    cpu: float
    wall: float
    rss_mb: float


def big_act(folder: Path) -> Big:
    """The whole ``parse`` process on a generated 20 MB act of one-line articles (one run: it
    is the budget of a hang, not a rate)."""
    data = one_line_articles(BIG_SIZE)
    src, out = folder / "lei-20mb.txt", folder / "lei-20mb.xml"
    src.write_bytes(data)
    articles = data.count(b"\nArt. ")
    compile_package()
    runs = process_once(["parse", src, "-o", out])
    read = len(re.findall(rb"<Artigo ", out.read_bytes()))
    big = Big(len(data.decode("utf-8")), articles, read, runs.cpu.median, runs.wall.median, runs.rss_mb)
    print(f"\nAto gerado de {big.chars:,} caracteres, {big.articles:,} artigos de uma linha (do art. 10.000 em diante "
          f"são {max(0, big.articles - 9_999):,}), processo 'parse' inteiro, uma execução: CPU {big.cpu:.2f} s, "
          f"parede {big.wall:.2f} s, {big.rss_mb:.0f} MB; artigos no LexML: {big.read:,}".replace(",", "."))
    return big


def verdicts(rows: list[Row], big: Big | None = None, pair: SideBySide | None = None) -> Verdicts:
    v = Verdicts("parse (texto → LexML)")
    for r in rows:
        if r.error or r.rate is None:
            v.rows.append((r.name, "erro", "—", False))
            continue
        if r.name.startswith("CF/88"):
            v.check(f"{r.name}, em processo", r.rate, TARGET_CF88, "caract./s", at_least=True, digits=0)
            if r.process_wall is not None:
                v.check(f"{r.name}, processo inteiro", r.process_wall, TARGET_PROCESS_S)
                v.check(f"{r.name}, RSS do processo", r.process_rss, TARGET_RSS_MB, "MB", digits=1)
        elif r.name.startswith("004"):
            v.check(f"{r.name} (OCR), em processo", r.rate, TARGET_OCR, "caract./s", at_least=True, digits=0)
    if pair is not None:
        v.check("CF/88 2015, processo ÷ bluebell-rs (CPU)", pair.ratio, 1.0, "×", digits=2, at_most=True)
    if big is not None:
        v.check("ato de 20 MB, processo inteiro (CPU)", big.cpu, TARGET_BIG_CPU_S, digits=2)
        v.check("ato de 20 MB, artigos lidos", big.read, big.articles, "", at_least=True, digits=0)
    return v


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Vazão de 'parse' (texto → LexML).")
    parser.add_argument("files", nargs="*", type=Path, help="arquivos de texto (padrão: CF/88 e sementes)")
    parser.add_argument("--repeat", type=int, default=7, help="execuções de cada medida (mínimo 5)")
    parser.add_argument("--no-process", action="store_true", help="não medir o processo da CLI")
    parser.add_argument("--bluebell", metavar="PYTHON", default=os.environ.get(BLUEBELL_ENV),
                        help=f"Python de um ambiente com bluebell-akn(-rs), para a comparação (padrão: ${BLUEBELL_ENV})")
    parser.add_argument("--instrucoes", action="store_true",
                        help="conta também as instruções dos dois processos (valgrind; uns 30 s)")
    parser.add_argument("--sem-20mb", action="store_true", help="não medir o ato gerado de 20 MB")
    args = parser.parse_args(argv)
    print(f"carga da máquina: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min); 2 núcleos compartilhados")
    big = pair = None
    with tempfile.TemporaryDirectory(prefix="lexconsolida-bench-") as tmp:
        rows = inputs(args, Path(tmp))
        for row in rows:
            measure(row, args, Path(tmp))
        print_table(rows)
        print_rules(rows)
        if not args.files and not args.sem_20mb and not args.no_process:
            big = big_act(Path(tmp))
        pair = side_by_side(rows, args.repeat, args.bluebell, Path(tmp), args.instrucoes)
    print(f"\nRSS máximo deste processo de medida: {peak_rss_mb():.0f} MB")
    return verdicts(rows, big, pair).done()


if __name__ == "__main__":
    sys.exit(main())
