"""`lexconsolida consolidate SPEC.toml -o DIR`: many acts → one, with correspondence table
and review report (LC 95/1998, arts. 13–14)."""

from __future__ import annotations

import sys
from lexconsolida.consolidation import consolidate_spec
from lexconsolida.commands.arguments import iso_date

DESCRIPTION = (
    "Lê a especificação (TOML; veja docs/consolidacao.md), toma cada norma de origem como "
    "vigente na data pedida, renumera, atualiza remissões, aplica as edições listadas, escreve "
    "as cláusulas de vigência e de revogação e grava em DIR: norma.xml (LexML), norma.txt, "
    "norma.docx, norma.html, correspondencia.csv/.html e revisao.html/.json. Nada é gravado "
    "quando a especificação tem erro."
)


def add_arguments(parser) -> None:
    parser.add_argument("spec", metavar="SPEC.toml", help="especificação da consolidação")
    parser.add_argument("-o", "--output", metavar="DIR", default="output/consolidacao",
                        help="pasta de saída (padrão: output/consolidacao)")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")
    parser.add_argument("--data", metavar="AAAA-MM-DD", type=iso_date,
                        help="data padrão das fontes sem 'em' (padrão: hoje)")


def run(args) -> int:
    result, files = consolidate_spec(args.spec, args.output, acervo=args.acervo, today=args.data)
    counts = {k: sum(1 for r in result.rows if r.status == k) for k in ("incluido", "fundido", "descartado")}
    arts = sum(1 for _ in result.norma.artigos())
    print(f"{args.spec}: {len(result.sources)} normas consolidadas em {arts} artigos", file=sys.stderr)
    print(f"  dispositivos de origem: {len(result.rows)} ({counts['incluido']} incluídos, "
          f"{counts['fundido']} fundidos, {counts['descartado']} descartados)", file=sys.stderr)
    print(f"  edições aplicadas: {len(result.edits)}; remissões quebradas: "
          f"{len(result.findings.get('broken_citations', []))}; conflitos: "
          f"{len(result.findings.get('conflicts', []))}", file=sys.stderr)
    for p in files:
        print(p)
    return 0
