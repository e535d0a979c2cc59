"""`lexconsolida diff OLD NEW`: the quadro comparativo of two texts of a norm."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

from lexconsolida.commands import emit
from lexconsolida.corpus.locate import locate, require_text, try_corpus
from lexconsolida.diff import WRITERS, compare, write
from lexconsolida.diff.report import STATUS_LABELS
from lexconsolida.diff.table import read_table
from lexconsolida.diff.text import render
from lexconsolida.diff.tokens import ENGINES
from lexconsolida.errors import UsageError

DESCRIPTION = (
    "Compara dois textos de uma norma dispositivo a dispositivo — também quando renumerados, "
    "movidos, desmembrados ou fundidos — e mostra as mudanças palavra a palavra. Saídas: HTML "
    "(quadro comparativo), DOCX (tabela 'Redação atual | Redação proposta', com timbre e páginas "
    "numeradas), DOCX com controle de alterações (--to docx-alteracoes: 'Aceitar todas' dá o "
    "texto novo), "
    "JSON (pares e operações) e texto para o terminal. ANTIGO e NOVO podem ser arquivos (.txt, "
    ".xml LexML, .docx, .md) ou URNs ou pastas de atos do acervo (o texto do ato como publicado; "
    "para o texto alterado, gere-o com compile). Com --middle, o ato alterador aparece numa "
    "coluna do meio ('Alteração')."
)

SUFFIX_FORMATS = {".html": "html", ".htm": "html", ".docx": "docx", ".json": "json", ".txt": "txt"}


def add_arguments(parser) -> None:
    parser.add_argument("old", metavar="ANTIGO", help="texto anterior (.txt, .xml LexML, …, URN ou pasta do acervo)")
    parser.add_argument("new", metavar="NOVO", help="texto novo (arquivo, URN ou pasta do acervo)")
    parser.add_argument("--to", choices=sorted(WRITERS),
                        help="formato do relatório (padrão: pela extensão de -o, ou txt)")
    parser.add_argument("-o", "--output", metavar="SAÍDA", help="arquivo de saída (padrão: tela)")
    parser.add_argument("--middle", metavar="ALTERADOR",
                        help="ato alterador, mostrado como coluna 'Alteração'")
    parser.add_argument("--tabela", metavar="TABELA",
                        help="tabela de correspondência (CSV da consolidação ou JSON id→id)")
    parser.add_argument("--justificativa", action="store_true",
                        help="no DOCX em tabela, uma coluna 'Justificativa' em branco para preencher")
    parser.add_argument("--autor", default=None, help="autor das alterações no DOCX (padrão: lexconsolida)")
    parser.add_argument("--data", default=None,
                        help="data das alterações no DOCX, AAAA-MM-DD (padrão: a data do texto novo — a da "
                             "alteração mais recente no seu histórico, ou a do ato; nunca a de hoje)")
    parser.add_argument("--motor", choices=sorted(ENGINES), default=None,
                        help="implementação do diff-match-patch (padrão: fast)")
    parser.add_argument("--todas", action="store_true",
                        help="todas as linhas, também as inalteradas (padrão: no terminal e no DOCX em "
                             "tabela, só as alteradas, com um dispositivo vizinho de cada lado; no "
                             "HTML, o filtro 'somente alterações' vem marcado)")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")


def output_format(args) -> str:
    if args.to:
        return args.to
    if args.output:
        fmt = SUFFIX_FORMATS.get(Path(args.output).suffix.lower())
        if fmt is None:
            raise UsageError(f"não sei o formato de {args.output!r}: use --to")
        return fmt
    return "txt"


def _letterhead(found) -> dict:
    """The municipality's letterhead settings when the text is an act of the acervo."""
    if found.act is None or found.corpus is None:
        return {}
    mun = found.corpus.municipios[found.act.municipio]
    return {"municipio": mun.data, "municipio_dir": found.corpus.root / mun.folder}


def run(args) -> int:
    fmt = output_format(args)
    if fmt.startswith("docx") and not args.output and sys.stdout.isatty():
        raise UsageError("DOCX não vai para o terminal: use -o ARQUIVO.docx")
    if args.data:
        try:
            date.fromisoformat(args.data)
        except ValueError:
            raise UsageError(f"data inválida: {args.data!r} (use AAAA-MM-DD)") from None
    corpus = try_corpus(args.acervo)
    old_found = require_text(locate(args.old, corpus))
    new_found = require_text(locate(args.new, corpus))
    old, new = old_found.norma, new_found.norma
    middle = require_text(locate(args.middle, corpus)).norma if args.middle else None
    table = read_table(args.tabela) if args.tabela else None
    report = compare(old, new, middle=middle, table=table, engine=args.motor, date=args.data)
    if fmt == "txt":
        color = not args.output and sys.stdout.isatty()
        data = render(report, color=color, all_rows=args.todas).encode("utf-8")
    else:
        data = write(report, fmt, author=args.autor, justificativa=args.justificativa, all_rows=args.todas,
                     date=args.data,
                     **_letterhead(new_found if new_found.act else old_found))
    counts = "; ".join(f"{STATUS_LABELS[s]}: {n}" for s, n in report.counts().items() if n)
    emit(data, args.output, counts or "nenhuma linha")
    return 0
