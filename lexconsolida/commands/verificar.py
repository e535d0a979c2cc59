"""`lexconsolida verificar EDICAO.pdf`: signature, integrity, attached LexML against the acervo."""

from __future__ import annotations

import json
from pathlib import Path

from lexconsolida.diario.verify import verify

DESCRIPTION = (
    "Confere uma edição do diário oficial: a assinatura digital (íntegra, cobrindo o arquivo "
    "inteiro; a cadeia contra as raízes dadas com --confiar), os anexos (LexML de cada ato e a "
    "descrição da edição, com o código de verificação), o rodapé de cada página, e se cada ato "
    "publicado é o mesmo texto do acervo (e do site). Sai com 1 se algo não confere. Confira "
    "também no validador do ITI (https://validar.iti.gov.br)."
)


def add_arguments(parser) -> None:
    parser.add_argument("pdf", metavar="EDICAO.pdf", help="o PDF da edição")
    parser.add_argument("--acervo", metavar="PASTA", help="acervo para comparar os atos (padrão: statutes/)")
    parser.add_argument("--confiar", metavar="RAIZ.pem", action="append", default=[],
                        help="certificado raiz confiável (PEM ou DER); repita para vários")
    parser.add_argument("--json", action="store_true", help="relatório em JSON")


def run(args) -> int:
    result = verify(args.pdf, acervo=args.acervo, trust=[Path(p) for p in args.confiar])
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        print(result.text(), end="")
    return 0 if result.ok else 1
