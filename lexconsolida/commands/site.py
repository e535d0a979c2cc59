"""`lexconsolida site [-o output/site] [--acervo statutes] [--paginas docs/site]`.

Builds the gazette site for the whole corpus: an index by municipality, type and year; per act
its text in force, its compiled text and one page per version; search; editorial pages from
Markdown. Incremental: pages whose content did not change are not written again. Exit 1 when
an act's text or the history of its amendments cannot be read or applied: that act keeps its
last good pages, and the site is swapped into place only when complete.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lexconsolida.corpus import default_root
from lexconsolida.progress import Progress
from lexconsolida.site import build_site
from lexconsolida.site.source import load_site

DESCRIPTION = (
    "Gera o site estático do diário oficial a partir do acervo (statutes/): índice por "
    "município, tipo e ano; para cada ato o texto vigente, o texto compilado e uma página por "
    "versão; busca; páginas editoriais em Markdown (docs/site/). Só reescreve as páginas que "
    "mudaram."
)


def add_arguments(parser) -> None:
    parser.add_argument("-o", "--output", metavar="PASTA", default="output/site",
                        help="pasta do site (padrão: output/site)")
    parser.add_argument("--acervo", metavar="PASTA", default=None,
                        help="pasta do acervo (padrão: statutes/)")
    parser.add_argument("--paginas", metavar="PASTA", default=None,
                        help="páginas editoriais em Markdown (padrão: docs/site/)")


def default_pages_dir() -> Path | None:
    """``docs/site`` of the current folder, else of the repository; None if neither exists."""
    for base in (Path.cwd(), Path(__file__).resolve().parents[2]):
        if (base / "docs" / "site").is_dir():
            return base / "docs" / "site"
    return None


def run(args) -> int:
    loaded = load_site(args.acervo or default_root())
    progress = Progress("site")
    pages = Path(args.paginas) if args.paginas else default_pages_dir()
    report = build_site(loaded.corpus, args.output, docs_dir=pages, progress=progress)
    progress.done()
    # After the build: what reading each act said is then known (memoised for unchanged acts,
    # which are not read again).
    for problem in loaded.problems:
        print(f"erro: {problem}", file=sys.stderr)
    for warning in loaded.warnings:
        print(f"aviso: {warning}", file=sys.stderr)
    print(f"site: {report.acts} atos, {report.pages} páginas em {report.out} "
          f"({report.written} arquivos gravados, {report.skipped} sem mudança"
          f"{f', {report.removed} removidos' if report.removed else ''})")
    if loaded.problems:
        kept = f" (páginas anteriores mantidas: {', '.join(report.kept)})" if report.kept else ""
        print(f"site: {len(loaded.problems)} ato(s) não atualizado(s){kept}; corrija o acervo "
              "e gere de novo", file=sys.stderr)
        return 1
    return 0
