"""`lexconsolida forms`: issue notice forms (DOCX + HTML) and keep their register."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lexconsolida.errors import UsageError
from lexconsolida.forms.kinds import KINDS

DESCRIPTION = (
    "Emite o formulário TIPO para o caso em CASO.toml, ou um por linha de casos.csv (tudo ou "
    "nada), com a base legal citada da própria lei, a multa calculada, os prazos com data final "
    "e os meios de entrega. Cada formulário recebe um número sequencial por município, tipo e "
    "ano no registro (SQLite), que nunca é reutilizado. Tipos: " + ", ".join(KINDS) + "."
)

DEFAULT_OUT = Path("output") / "formularios"


def add_arguments(parser) -> None:
    parser.add_argument("kind", metavar="TIPO", nargs="?", choices=list(KINDS), help="tipo de formulário")
    parser.add_argument("--data", metavar="CASO", help="caso (.toml) ou lote de casos (.csv)")
    parser.add_argument("-o", "--output", metavar="DIR", default=str(DEFAULT_OUT),
                        help=f"pasta de saída (padrão: {DEFAULT_OUT})")
    parser.add_argument("--municipio", metavar="DIR", help="pasta do município em statutes/ (com municipio.toml)")
    parser.add_argument("--norma", metavar="NORMA", help="lei a aplicar (padrão: a de [fiscalizacao] norma)")
    parser.add_argument("--registro", metavar="ARQ", help="registro SQLite (padrão: output/registro.sqlite)")
    parser.add_argument("--listar", action="store_true", help="mostra o registro de formulários emitidos")
    parser.add_argument("--json", action="store_true", help="com --listar: saída em JSON")
    parser.add_argument("--cancelar", metavar="NÚMERO", help="cancela um formulário emitido (ex.: AI-2025/000001)")
    parser.add_argument("--motivo", metavar="TEXTO", help="motivo do cancelamento (obrigatório com --cancelar)")


def _register(args):
    from lexconsolida.forms.register import DEFAULT_PATH, Register

    return Register(args.registro or DEFAULT_PATH)


def _municipio_name(args) -> str | None:
    if not args.municipio:
        return None
    from lexconsolida.forms.settings import load_settings

    s = load_settings(args.municipio)
    return f"{s.nome}-{s.uf}"


def _list(args) -> int:
    with _register(args) as reg:
        entries = reg.entries(_municipio_name(args))
    if args.json:
        rows = [{"municipio": e.municipio, "numero": e.numero, "tipo": e.tipo, "situacao": e.situacao,
                 "emitido_em": e.emitido_em, "origem": e.origem, "sha256_docx": e.sha256_docx,
                 "sha256_html": e.sha256_html, "arquivos": e.arquivos, "cancelado_em": e.cancelado_em,
                 "motivo_cancelamento": e.motivo_cancelamento, "dados": e.dados} for e in entries]
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return 0
    if not entries:
        print("registro vazio")
        return 0
    for e in entries:
        status = "emitido" if e.situacao == "emitido" else f"CANCELADO em {e.cancelado_em}: {e.motivo_cancelamento}"
        print(f"{e.municipio}\t{e.numero}\t{e.tipo}\t{e.emitido_em}\t{status}\t{e.origem}")
    print(f"{len(entries)} formulário(s)")
    return 0


def _cancel(args) -> int:
    if not args.motivo:
        raise UsageError("--cancelar exige --motivo \"…\"")
    with _register(args) as reg:
        entry = reg.cancel(args.cancelar, args.motivo, _municipio_name(args))
    print(f"{entry.numero} cancelado em {entry.cancelado_em}: {entry.motivo_cancelamento}")
    return 0


def _issue(args) -> int:
    from lexconsolida.forms.cases import load_cases
    from lexconsolida.forms.infractions import extract
    from lexconsolida.forms.issue import Context, issue_batch, spec_for
    from lexconsolida.forms.settings import load_settings
    from lexconsolida.forms.source import load_norma

    if not args.kind or not args.data:
        raise UsageError("informe TIPO e --data CASO.toml|casos.csv (ou use --listar / --cancelar)")
    if not args.municipio:
        raise UsageError("informe --municipio (a pasta do município em statutes/, com municipio.toml)")
    settings = load_settings(args.municipio)
    spec_for(args.kind, settings)
    cases = load_cases(args.data)
    norma = load_norma(args.norma or settings.norma_path)
    ctx = Context(settings, norma, extract(norma))
    with _register(args) as reg:
        issued = issue_batch(args.kind, cases, ctx, args.output, reg)
    for item in issued:
        print(f"{item.numero}\t" + "\t".join(str(p) for p in item.arquivos))
    print(f"{len(issued)} formulário(s) emitido(s) em {args.output}")
    return 0


def run(args) -> int:
    if args.listar:
        return _list(args)
    if args.cancelar:
        return _cancel(args)
    return _issue(args)
