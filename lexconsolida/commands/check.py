"""`lexconsolida check FILE`: structural checks, a readable Portuguese report or JSON."""

from __future__ import annotations

import sys

from lexconsolida.check import CHECKS
from lexconsolida.corpus.locate import locate, require_text, try_corpus
from lexconsolida.reports import act_report, report_json, report_text

DESCRIPTION = (
    "Lê a norma (texto, DOCX ou LexML) e verifica a estrutura: ordem e lacunas da numeração, "
    "rótulos repetidos, 'Parágrafo único' acompanhado, '§ 1º' isolado, alínea fora de inciso, "
    "ordinal indevido ('Art. 10º'), remissões internas que não levam a nada. Inclui as anomalias "
    "encontradas na leitura. Sai com 1 quando há erros. ARQUIVO também pode ser a URN ou a "
    "pasta de um ato do acervo: verifica o texto do ato como foi lido (a estrutura publicada, "
    "sem aplicar as alterações; para o texto alterado, gere-o com compile e verifique o arquivo)."
)

def add_arguments(parser) -> None:
    parser.add_argument("file", metavar="ARQUIVO",
                        help="norma em .txt, .docx, .md ou .xml (LexML), ou URN ou pasta de um ato do acervo")
    parser.add_argument("--json", action="store_true", help="relatório em JSON")
    parser.add_argument("--from", dest="fmt", choices=["text", "lexml", "docx", "markdown", "pdf"],
                        help="formato de entrada (padrão: pela extensão)")
    parser.add_argument("--desligar", action="append", default=[], metavar="VERIFICAÇÃO",
                        choices=[name for name, _ in CHECKS],
                        help="não rodar esta verificação (pode repetir)")
    parser.add_argument("--detalhes", action="store_true",
                        help="listar também cada linha de ruído removida e cada reparo de OCR")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")

def run(args) -> int:
    found = require_text(locate(args.file, try_corpus(args.acervo), fmt=args.fmt))
    report = act_report(args.file, found.norma, found.diagnostics, disabled=args.desligar,
                        detalhes=args.detalhes)
    if args.json:
        sys.stdout.buffer.write(report_json(report))
    else:
        sys.stdout.write(report_text(report))
    sys.stdout.flush()
    return 1 if report["erros"] else 0
