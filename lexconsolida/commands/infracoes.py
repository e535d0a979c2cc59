"""`lexconsolida infracoes NORMA [--json]`: the infraction catalog of a law."""

from __future__ import annotations

import sys
from lexconsolida.forms.catalog_io import to_json, to_text
from lexconsolida.forms.infractions import extract
from lexconsolida.forms.source import load_norma
from lexconsolida.io import atomic_write

DESCRIPTION = (
    "Extrai da lei as infrações que ela define (parágrafos ou incisos com 'Infração:', "
    "'Penalidade:', 'Medida administrativa:'), a tabela de multas por classe e as regras "
    "especiais (reincidência, multa em dobro, suspensão), e lista o que não foi possível "
    "classificar. NORMA é um arquivo (.txt, .xml, .docx) ou a pasta de um ato de um acervo (com as "
    "alterações do acervo aplicadas), de qualquer pasta de onde se rode."
)


def add_arguments(parser) -> None:
    parser.add_argument("norma", metavar="NORMA", help="arquivo da lei ou pasta do ato")
    parser.add_argument("--acervo", metavar="PASTA",
                        help="pasta do acervo (padrão: a que contém a pasta do ato; senão $LEXCONSOLIDA_STATUTES "
                             "ou statutes/)")
    parser.add_argument("--json", action="store_true", help="saída em JSON")
    parser.add_argument("-o", "--output", metavar="SAÍDA", help="gravar em arquivo em vez da tela")


def run(args) -> int:

    catalog = extract(load_norma(args.norma, acervo=args.acervo))
    text = to_json(catalog) if args.json else to_text(catalog)
    if args.output:
        atomic_write(args.output, text)
    else:
        sys.stdout.write(text)
    return 0
