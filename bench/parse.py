"""Benchmark of ``parse``: text → LexML bytes, in process and as a whole CLI process.

Run from the repository root::

    python bench/parse.py [--repeat 7] [--no-process] [FILE ...]

Inputs: the CF/88 as plain text (the LexML samples of the Constitution, 1988 and the 2015
compilation, read with the LexML reader and written with the plain-text writer) and each seed
(real OCR of scanned PDFs); or the FILEs given. The shared folder is ``$LEXCONSOLIDA_SHARED`` or
``../shared`` beside the repository.

Figures (see ``bench/measure.py``: medians and spread of ≥ 5 runs, CPU time beside wall time,
resident memory of the process):
- in process: text reader + LexML writer, characters per second from the CPU-time median;
- process: ``python -m lexconsolida parse FILE -o OUT.xml``, wall-time median and peak RSS;
- time per rule of the reader's pipeline on each input;
- side by side with bluebell-akn (Laws.Africa's Akoma Ntoso parser), when it is installed
  (``pip install bluebell-akn``; never a dependency of the project): the CF/88 2015 text is
  parsed by us and, converted to bluebell's own markup, by bluebell, in paired runs (the order
  alternating), CPU-time medians and their ratio. What is compared is said in the output: our
  reader takes the text as printed and writes LexML; bluebell takes a markup whose keywords and
  indentation already say the structure (written from our tree of the same text, so the same
  units) and writes Akoma Ntoso. The counts of units in both outputs are printed beside.
Targets (issue 16): CF/88 ≥ 5,000,000 characters/s in process; the OCR seed 004 ≥ 2,000,000;
the whole ``parse`` process on the CF/88 under 0.35 s and under 100 MB resident.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from measure import SHARED, Timing, Verdicts, peak_rss_mb, process, repeat  # noqa: E402

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


def side_by_side(rows: list[Row], runs: int) -> None:
    """Paired CPU-time runs of our parse and bluebell's on the same document (see the docstring)."""
    try:  # optional: bluebell-akn is never a dependency of the project
        from bluebell.parser import AkomaNtosoParser
        from cobalt import FrbrUri
    except ImportError:
        print("\nbluebell-akn não instalado: comparação lado a lado omitida (pip install bluebell-akn).")
        return
    from importlib import metadata

    from lxml import etree

    row = next((r for r in rows if r.name.startswith(BLUEBELL_INPUT)), None)
    if row is None:
        print(f"\nbluebell-akn: a entrada {BLUEBELL_INPUT} não está entre as medidas; comparação omitida.")
        return
    package = Path(sys.modules["bluebell"].__file__ or "").parent
    native = any(package.rglob("*.so")) or any(package.rglob("*.pyd"))
    norma = get_reader("text")(row.data, path=str(row.path)).norma
    markup = bluebell_markup(norma)
    frbr = FrbrUri.parse(BLUEBELL_FRBR)

    def ours() -> bytes:
        return parse_in_process(row.data, str(row.path))

    def theirs() -> bytes:
        parser = AkomaNtosoParser(frbr)
        return etree.tostring(parser.parse_to_xml(markup, "act"), encoding="UTF-8")

    akn = theirs()  # warm-up, and the output whose units are counted
    ours()
    mine_cpu: list[float] = []
    their_cpu: list[float] = []
    for i in range(max(runs, 5)):
        for fn, into in ((ours, mine_cpu), (theirs, their_cpu))[:: 1 if i % 2 == 0 else -1]:
            start = time.process_time()
            fn()
            into.append(time.process_time() - start)
    mine, theirs_m = statistics.median(mine_cpu), statistics.median(their_cpu)
    ratios = sorted(t / m for m, t in zip(mine_cpu, their_cpu))
    print(f"\nLado a lado com bluebell-akn {metadata.version('bluebell-akn')} "
          f"({'com extensão compilada' if native else 'puro Python'}), {row.name}, "
          f"{len(mine_cpu)} pares de execuções alternadas, tempo de CPU:")
    print("  o que se compara: lexconsolida lê o texto como impresso (rótulos reconhecidos no texto) e")
    print("  escreve LexML; bluebell lê a sua marcação (palavras-chave e recuo já dizem a estrutura,")
    print("  gerada da nossa árvore do mesmo texto) e escreve Akoma Ntoso.")
    print(f"  lexconsolida: {mine:.4f} s (de {min(mine_cpu):.4f} a {max(mine_cpu):.4f}), "
          f"{_n(row.chars / mine, ',.0f')} caract./s do texto ({_n(row.chars, ',')} caracteres)")
    print(f"  bluebell:     {theirs_m:.4f} s (de {min(their_cpu):.4f} a {max(their_cpu):.4f}), "
          f"{_n(len(markup) / theirs_m, ',.0f')} caract./s da marcação ({_n(len(markup), ',')} caracteres)")
    print(f"  razão bluebell / lexconsolida: {theirs_m / mine:.2f} (medianas); por par, de "
          f"{ratios[0]:.2f} a {ratios[-1]:.2f}, mediana {statistics.median(ratios):.2f}")
    ours_n, theirs_n = _our_units(norma), _akn_units(akn)
    print(f"  unidades (artigos, parágrafos, incisos+alíneas+itens): lexconsolida {ours_n}, "
          f"bluebell {theirs_n}{'' if ours_n == theirs_n else ' — DIFERENTES: a comparação não é do mesmo documento'}")


def verdicts(rows: list[Row]) -> Verdicts:
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
    return v


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Vazão de 'parse' (texto → LexML).")
    parser.add_argument("files", nargs="*", type=Path, help="arquivos de texto (padrão: CF/88 e sementes)")
    parser.add_argument("--repeat", type=int, default=7, help="execuções de cada medida (mínimo 5)")
    parser.add_argument("--no-process", action="store_true", help="não medir o processo da CLI")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="lexconsolida-bench-") as tmp:
        rows = inputs(args, Path(tmp))
        for row in rows:
            measure(row, args, Path(tmp))
        print_table(rows)
        print_rules(rows)
        side_by_side(rows, args.repeat)
    print(f"\nRSS máximo deste processo de medida: {peak_rss_mb():.0f} MB")
    return verdicts(rows).done()


if __name__ == "__main__":
    sys.exit(main())
