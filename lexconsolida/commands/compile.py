"""`lexconsolida compile NORMA [--at DATE] [--to xml|txt|md|html|docx] [--view vigente|compilado] [-o OUT]`.

The text of a norm in force on a date. A corpus act (URN or folder) is compiled with every
amending act of the corpus applied (``lexconsolida.corpus.history``); a file is taken with the
history it carries (LexML written by ``amend``). Problems that stopped an amending act are
printed on standard error.
"""

from __future__ import annotations

import sys
from datetime import date

from lexconsolida.commands import accepted, emit
from lexconsolida.corpus.history import history
from lexconsolida.corpus.locate import locate, try_corpus
from lexconsolida.errors import UsageError
from lexconsolida.transforms.pointintime import at, vigente
from lexconsolida.writers import get_writer

DESCRIPTION = (
    "Compila a norma com todas as alterações do acervo e dá o texto em vigor na data pedida "
    "(padrão: hoje). --view compilado mostra as redações anteriores riscadas com as notas "
    "(Redação dada pela…, Incluído pela…, Revogado pela…), como os textos compilados do Planalto. "
    "NORMA é uma URN ou pasta do acervo, ou um arquivo (.txt, .xml LexML, .docx)."
)
FORMATS = ("xml", "txt", "md", "html", "docx", "akn")
BINARY = {"docx"}


def add_arguments(parser) -> None:
    parser.add_argument("norma", metavar="NORMA", help="URN, pasta do acervo ou arquivo da norma")
    parser.add_argument("--at", dest="at", metavar="DATA", help="data (AAAA-MM-DD); padrão: hoje")
    parser.add_argument("--to", dest="to", choices=FORMATS, default="xml",
                        help="formato de saída (padrão: xml, LexML)")
    parser.add_argument("--view", choices=("vigente", "compilado"), default="vigente",
                        help="só o texto vigente (padrão) ou o texto compilado com as notas")
    parser.add_argument("-o", "--output", metavar="SAIDA", help="arquivo de saída")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")


def compiled(spec: str, when: str, view: str, acervo: str | None = None):
    """(Norma at ``when`` in ``view``, open problems, located) — the command's work, as API."""
    corpus = try_corpus(acervo)
    found = locate(spec, corpus)
    problems = []
    norma = found.norma
    if found.act is not None:
        h = history(found.corpus, found.act.urn)
        norma, problems = h.norma, h.open_problems
    norma = at(norma, when)
    if view == "vigente":
        norma = vigente(norma)
    return norma, problems, found


def run(args) -> int:
    if args.to in BINARY and not args.output:
        raise UsageError(f"o formato {args.to} é binário: indique o arquivo de saída com -o")
    when = args.at or date.today().isoformat()
    norma, problems, found = compiled(args.norma, when, args.view, args.acervo)
    for act, p in problems:
        print(f"{act.label}: {p.describe()}", file=sys.stderr)
    writer = _writer(args.to)
    options = {"view": args.view}
    if args.to == "docx" and found.act is not None:
        mun = found.corpus.municipios[found.act.municipio]
        options.update(municipio=mun.data, orgao=found.act.orgao,
                       municipio_dir=found.corpus.root / mun.folder)
    emit(writer(norma, **accepted(writer, options)), args.output)
    return 0


def _writer(fmt: str):
    try:
        return get_writer(fmt)
    except ModuleNotFoundError:
        raise UsageError(f"o formato de saída {fmt!r} ainda não está disponível nesta versão") from None


