"""Benchmark: the gazette site of a 1,000-act acervo, as ``lexconsolida site`` builds it.

The acervo is generated as files in a temporary folder (``municipio.toml``, and per act
``norma.toml`` + ``texto.txt``), as a real run reads it: five municipalities, laws and decrees
of ~50 articles with citations of their own articles and of other acts, and one act in four an
amending law (``[[relacoes]] altera``) whose instructions the site applies. Every figure is a
whole process (``python -m lexconsolida site --acervo … -o …``), so it includes starting up
and loading the corpus (see ``bench/measure.py``):

- first build (empty output folder; one run unless ``--first-runs``);
- rerun with nothing changed (median and spread of ≥ 5 runs);
- rerun after one act changed: before each run a word of one article of a different act is
  changed in its ``texto.txt`` (median and spread of ≥ 5 runs);
- peak resident memory of the processes.

Targets (issue 16), on the project machine (2 cores): first build < 20 s, one act changed
< 3 s, nothing changed < 1 s, peak RSS < 300 MB.

    python bench/site.py [--acts 1000] [--articles 50] [--runs 5] [--first-runs 1] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from measure import Verdicts, once, process, process_once  # noqa: E402

TARGET_FIRST_S = 20.0
TARGET_ONE_S = 3.0
TARGET_NONE_S = 1.0
TARGET_RSS_MB = 300.0
PLACES = 5
WORDS = ("município secretaria fiscalização licença alvará taxa multa prazo recurso notificação "
         "vistoria feira mercado banca transporte passageiro veículo condutor permissão tarifa "
         "serviço público obra calçada praça iluminação horário cadastro registro documento "
         "certidão contribuinte imposto penalidade infração regulamento").split()
MONTHS = ("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
          "dezembro").split()


def _roman(n: int) -> str:
    out = ""
    for value, sym in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + sym, n - value
    return out


def _ord(n: int) -> str:
    return f"{n}º" if n < 10 else str(n)


def _long(iso: str) -> str:
    y, m, d = iso.split("-")
    day = "1º" if d == "01" else str(int(d))
    return f"{day} de {MONTHS[int(m) - 1]} de {y}"


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    return words[0].capitalize() + " " + " ".join(words[1:])


def _act_text(rng: random.Random, articles: int, cited: list[tuple[str, str, str]]) -> str:
    """Chapters of ten articles; incisos, alíneas, parágrafos; citations."""
    lines: list[str] = []
    for a in range(1, articles + 1):
        if a % 10 == 1:
            lines += ["", f"CAPÍTULO {_roman(a // 10 + 1)}",
                      " ".join(rng.choice(WORDS) for _ in range(3)).upper(), ""]
        caput = _sentence(rng, rng.randint(12, 30))
        if a % 10 == 0:
            caput += f", nos termos do art. {_ord(rng.randint(1, articles))}"
        elif a % 17 == 0 and cited:
            tipo, numero, data = rng.choice(cited)
            caput += f", conforme a {tipo} nº {numero}, de {_long(data)}"
        incisos = rng.choice((0, 0, 1, 3))
        lines.append(f"Art. {_ord(a)} {caput}{':' if incisos else '.'}")
        for i in range(1, incisos + 1):
            alineas = rng.choice((0, 0, 2))
            end = ":" if alineas else (";" if i < incisos else ".")
            lines.append(f"{_roman(i)} – {_sentence(rng, 8).lower()}{end}")
            for j in range(alineas):
                lines.append(f"{'abc'[j]}) {_sentence(rng, 6).lower()}{';' if j < alineas - 1 else ';'}")
        pars = rng.choice((0, 0, 1, 2))
        if pars == 1:
            lines.append(f"Parágrafo único. {_sentence(rng, 15)}.")
        for k in range(1, pars + 1 if pars > 1 else 1):
            lines.append(f"§ {k}º {_sentence(rng, 15)}.")
        lines.append("")
    return "\n".join(lines).strip() + "\n"


def _toml(tipo: str, numero: str, data: str, urn: str, ementa: str, altera: str | None) -> str:
    out = (f'tipo = "{tipo}"\nnumero = "{numero}"\ndata = "{data}"\nurn = "{urn}"\n'
           f'ementa = "{ementa}"\ntexto = "texto.txt"\n')
    if altera:
        out += f'\n[[relacoes]]\ntipo = "altera"\nalvos = ["{altera}"]\n'
    return out


def write_acervo(root: Path, acts: int, articles: int, seed: int = 7) -> list[Path]:
    """``acts`` acts in ``root`` (three in four laws and decrees, one in four amending laws);
    returns the text files of the amended-or-not base acts, for the one-changed runs."""
    rng = random.Random(seed)
    amenders = acts // 4
    base = acts - amenders
    texts: list[Path] = []
    made: list[tuple[str, str, str, str, int]] = []  # (tipo, numero, data, place, articles)
    for k in range(1, PLACES + 1):
        (root / f"sp-cidade-{k}").mkdir(parents=True)
        (root / f"sp-cidade-{k}" / "municipio.toml").write_text(
            f'nome = "Cidade {k}"\nuf = "SP"\nuf_nome = "São Paulo"\n'
            f'localidade_urn = "br;sao.paulo;cidade.{k}"\n', "utf-8")
    for i in range(base):
        k = i % PLACES + 1
        tipo = "Lei" if i % 4 else "Decreto"
        numero = str(1000 + i)
        year = 1990 + (i * 30) // base
        data = f"{year}-{1 + i % 12:02d}-{1 + i % 28:02d}"
        urn = f"urn:lex:br;sao.paulo;cidade.{k}:municipal:{tipo.lower()}:{data};{numero}"
        cited = [(t, n, d) for t, n, d, place, _ in made[-20:] if place == str(k)]
        folder = root / f"sp-cidade-{k}" / f"{tipo.lower()}-{numero}-{year}"
        folder.mkdir()
        (folder / "texto.txt").write_text(_act_text(rng, articles, cited), "utf-8")
        (folder / "norma.toml").write_text(
            _toml(tipo, numero, data, urn, _sentence(rng, 12) + ".", None), "utf-8")
        texts.append(folder / "texto.txt")
        made.append((tipo, numero, data, str(k), articles))
        if i % 3 == 1 and amenders > 0:
            amenders -= 1
            a_numero, a_year = str(5000 + i), year + 1
            a_data = f"{a_year}-03-01"
            a_urn = f"urn:lex:br;sao.paulo;cidade.{k}:municipal:lei:{a_data};{a_numero}"
            lines = []
            targets = sorted(rng.sample(range(1, articles + 1), 3))
            for n, art in enumerate(targets, 1):
                lines += [f"Art. {_ord(n)} O art. {_ord(art)} da {tipo} nº {numero}, de {_long(data)}, "
                          "passa a vigorar com a seguinte redação:", "",
                          f"\"Art. {_ord(art)} {_sentence(rng, 20)}.\"", ""]
            lines.append(f"Art. {_ord(len(targets) + 1)} Esta Lei entra em vigor na data de sua "
                         "publicação.")
            afolder = root / f"sp-cidade-{k}" / f"lei-{a_numero}-{a_year}"
            afolder.mkdir()
            (afolder / "texto.txt").write_text("\n".join(lines) + "\n", "utf-8")
            (afolder / "norma.toml").write_text(
                _toml("Lei", a_numero, a_data, a_urn, f"Altera a {tipo} nº {numero}.", urn), "utf-8")
    return texts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=1000)
    parser.add_argument("--articles", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--first-runs", type=int, default=1,
                        help="primeiras construções (cada uma numa pasta vazia; padrão 1)")
    parser.add_argument("--keep", metavar="PASTA", help="gera acervo e site nesta pasta e os mantém")
    args = parser.parse_args()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-site-"))
    acervo, out = work / "acervo", work / "site"
    verdicts = Verdicts(f"site de {args.acts} atos")
    try:
        shutil.rmtree(acervo, ignore_errors=True)
        wall, _, texts = once(lambda: write_acervo(acervo, args.acts, args.articles))
        chars = sum(len(t.read_text("utf-8")) for t in acervo.rglob("texto.txt"))
        print(f"acervo gerado em {wall:.1f} s: {args.acts} atos (~{args.articles} artigos; "
              f"{args.acts // 4} atos alteradores), {chars:,} caracteres de texto".replace(",", "."))
        argv = ["site", "--acervo", acervo, "-o", out]
        first_runs = []
        for _ in range(max(1, args.first_runs)):
            shutil.rmtree(out, ignore_errors=True)
            first_runs.append(process_once(argv))
        walls = sorted(r.wall.median for r in first_runs)
        first = walls[len(walls) // 2]
        print(f"primeira construção: {first:.2f} s ({len(walls)} execução(ões): "
              f"{', '.join(f'{w:.2f}' for w in walls)}); CPU "
              f"{first_runs[0].cpu.median:.2f} s; RSS {max(r.rss_mb for r in first_runs):.0f} MB")
        none = process(argv, runs=args.runs)
        print(f"sem mudanças (inclui carregar o acervo): {none.wall.fmt()}; CPU "
              f"{none.cpu.median:.3f} s; RSS {none.rss_mb:.0f} MB")
        rng = random.Random(11)

        def change_one(i: int) -> None:
            path = texts[(i * 37) % len(texts)]
            text = path.read_text("utf-8")
            word = rng.choice(WORDS)
            at = text.index("Art. 2º ") + len("Art. 2º ")
            path.write_text(f"{text[:at]}{word.capitalize()} {text[at:]}", "utf-8")

        one = process(argv, runs=args.runs, before=change_one)
        print(f"um ato alterado (inclui carregar o acervo): {one.wall.fmt()}; CPU "
              f"{one.cpu.median:.3f} s; RSS {one.rss_mb:.0f} MB")
        rss = max([none.rss_mb, one.rss_mb] + [r.rss_mb for r in first_runs])
        verdicts.check("primeira construção", first, TARGET_FIRST_S, digits=2)
        verdicts.check("um ato alterado (mediana)", one.wall.median, TARGET_ONE_S, digits=2)
        verdicts.check("sem mudanças (mediana)", none.wall.median, TARGET_NONE_S, digits=2)
        verdicts.check("pico de memória residente", rss, TARGET_RSS_MB, "MB", digits=0)
        # On a shared machine the wall time is inflated by the others' load: the same targets
        # against CPU time (user + system of the process) say what the program itself costs.
        verdicts.check("primeira construção (CPU)", first_runs[0].cpu.median, TARGET_FIRST_S,
                       digits=2)
        verdicts.check("um ato alterado (CPU, mediana)", one.cpu.median, TARGET_ONE_S, digits=2)
        verdicts.check("sem mudanças (CPU, mediana)", none.cpu.median, TARGET_NONE_S, digits=2)
        print(f"carga da máquina (load average de 1 min): {os.getloadavg()[0]:.1f} em "
              f"{os.cpu_count()} núcleos")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return verdicts.done()


if __name__ == "__main__":
    raise SystemExit(main())
