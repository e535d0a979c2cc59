"""`lexconsolida compile NORMA [--at DATE] [--to xml|txt|md|html|docx] [--view vigente|compilado] [-o OUT]`.

The text of a norm in force on a date. A corpus act (URN or folder) is compiled with every
amending act of the corpus applied; a file is taken with the history it carries (LexML written
by ``amend``). Problems that stopped an amending act are printed on standard error. The work is
:func:`lexconsolida.api.act_at`.
"""

from __future__ import annotations

import sys

from lexconsolida import api
from lexconsolida.commands import emit
from lexconsolida.model.dates import format_long
from lexconsolida.model.status import status_of
from lexconsolida.errors import UsageError
from lexconsolida.commands.arguments import iso_date

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
    parser.add_argument("--at", dest="at", metavar="DATA", type=iso_date, help="data (AAAA-MM-DD); padrão: hoje")
    parser.add_argument("--to", dest="to", choices=FORMATS, default="xml",
                        help="formato de saída (padrão: xml, LexML)")
    parser.add_argument("--view", choices=("vigente", "compilado"), default="vigente",
                        help="só o texto vigente (padrão) ou o texto compilado com as notas")
    parser.add_argument("-o", "--output", metavar="SAIDA", help="arquivo de saída")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")


def run(args) -> int:
    if args.to in BINARY and not args.output:
        raise UsageError(f"o formato {args.to} é binário: indique o arquivo de saída com -o")
    when = args.at or api.today()
    result = api.act_at(args.norma, when, view=args.view, acervo=args.acervo)
    for line in api.describe(result.problems):
        print(line, file=sys.stderr)
    status = status_of(result.norma, on=when)
    day = format_long(when) + ("" if args.at else " (hoje)")
    # never 'em vigor' over a revoked or stale text: the status the output itself prints
    note = (f"texto em vigor em {day}" if status.code == "vigente"
            else f"texto em {day} — {status.detail or status.label}")
    if not args.output:
        print(f"lexconsolida compile: {note}", file=sys.stderr)  # stdout carries the text
    emit(api.render(result.norma, args.to, publishing=result.publishing, view=args.view),
         args.output, note if args.output else None)
    return 0
