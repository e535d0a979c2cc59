"""`lexconsolida check FILE`: structural checks, a readable Portuguese report or JSON."""

from __future__ import annotations

import sys
from pathlib import Path

from lexconsolida.check import CHECKS
from lexconsolida.corpus.locate import locate, require_text, try_corpus
from lexconsolida.errors import InputError
from lexconsolida.history import decision_issues
from lexconsolida.reports import act_report, report_json, report_text

DESCRIPTION = (
    "Lê a norma (texto, DOCX ou LexML) e verifica a estrutura: ordem e lacunas da numeração, "
    "rótulos repetidos, 'Parágrafo único' acompanhado, '§ 1º' isolado, alínea fora de inciso, "
    "ordinal indevido ('Art. 10º'), remissões internas que não levam a nada. Inclui as anomalias "
    "encontradas na leitura. Sai com 1 quando há erros. ARQUIVO também pode ser a URN ou a "
    "pasta de um ato do acervo: verifica o texto do ato como foi lido (a estrutura publicada, "
    "sem aplicar as alterações; para o texto alterado, gere-o com compile e verifique o arquivo) e "
    "as decisões registradas para ele (valor inválido, código desconhecido, decisão sem problema)."
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
    corpus = try_corpus(args.acervo, tolerant=True)
    if corpus is not None:
        target = Path(args.file).resolve()
        for folder, message in corpus.broken:
            if (corpus.root / folder).resolve() in (target, target.parent):
                raise InputError(message)  # the act asked for is the one that cannot be read
        if corpus.broken:
            print(f"aviso: {len(corpus.broken)} ato(s) do acervo deixado(s) de fora, com norma.toml ilegível "
                  f"(o primeiro: {corpus.broken[0][1]})", file=sys.stderr)
    found = require_text(locate(args.file, corpus, fmt=args.fmt))
    decisoes = (decision_issues(found.corpus, found.act)
                if found.act is not None and found.corpus is not None else None)
    report = act_report(args.file, found.norma, found.diagnostics, disabled=args.desligar,
                        detalhes=args.detalhes, decisoes=decisoes)
    if args.json:
        sys.stdout.buffer.write(report_json(report))
    else:
        sys.stdout.write(report_text(report))
    sys.stdout.flush()
    return 1 if report["erros"] else 0
