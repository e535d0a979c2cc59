"""`lexconsolida auditar CONSOLIDACAO FONTE... [--em DATA] [--spec TABELA] [-o DIR] [--to FMT]`:
audit of a consolidation drafted by hand against its sources (LC 95/1998, art. 13)."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

from lexconsolida import api
from lexconsolida.audit import FILE_NAMES, FORMATS, audit_paths, render
from lexconsolida.commands import emit
from lexconsolida.errors import UsageError
from lexconsolida.io import atomic_write
from lexconsolida.commands.arguments import iso_date

DESCRIPTION = (
    "Rastreia cada dispositivo da consolidação até o(s) dispositivo(s) de origem — também "
    "renumerados, deslocados, desdobrados ou fundidos — nas normas de origem vigentes na data, e "
    "julga cada diferença: alteração admitida pelo § 2º do art. 13 da LC 95/1998 (com o inciso) "
    "ou alteração de mérito, perda de dispositivo, matéria nova, remissão que passou a apontar "
    "para outro dispositivo. Órgãos (IV), terminologia (VIII) e o índice de atualização das multas "
    "(VI) vêm da tabela (--spec; veja docs/auditoria.md), nunca adivinhados; uma especificação de "
    "consolidação também serve de tabela, e suas [[fontes]] valem quando FONTE é omitida. Grava "
    "em DIR auditoria.html, auditoria.docx (papel timbrado, paisagem) e auditoria.json; com --to, "
    "só o formato pedido (sem -o, para a tela). Sai com código 1 quando há alteração de mérito, "
    "perda, matéria nova ou supressão sem justificativa."
)


def add_arguments(parser) -> None:
    parser.add_argument("consolidacao", metavar="CONSOLIDACAO",
                        help="a consolidação (arquivo .txt, .xml LexML, .docx, .md; URN ou pasta do acervo)")
    parser.add_argument("fontes", metavar="FONTE", nargs="*",
                        help="normas de origem (URNs, pastas do acervo ou arquivos)")
    parser.add_argument("--em", metavar="AAAA-MM-DD", type=iso_date,
                        help="data em que as fontes são tomadas em vigor (padrão: a de cada fonte na "
                             "tabela, ou hoje)")
    parser.add_argument("--spec", metavar="TABELA.toml",
                        help="tabela de termos, índices, supressões e fusões (ou a especificação da consolidação)")
    parser.add_argument("--tabela", metavar="CORRESPONDENCIA.csv",
                        help="tabela de correspondência do redator (a correspondencia.csv de consolidate), "
                             "conferida com o rastreio (nunca usada para alinhar)")
    parser.add_argument("-o", "--output", metavar="DIR", help="pasta de saída")
    parser.add_argument("--to", choices=FORMATS, help="só este formato (sem -o: para a tela)")
    parser.add_argument("--acervo", metavar="PASTA", help="pasta do acervo (padrão: statutes/)")
    parser.add_argument("--orgao", metavar="ORGAO",
                        help="papel timbrado do DOCX: órgão do municipio.toml (padrão: prefeitura)")


def _letterhead(names: list[str], acervo: str | None, orgao: str | None) -> dict:
    """Letterhead options for the DOCX: the municipality of the first of ``names`` (the
    consolidation, then its sources) that is a corpus act."""
    corpus = api.corpus(acervo)
    if corpus is None:
        return {}
    for name in names:
        act = corpus.find(name)
        if act is not None and act.municipio in corpus.municipios:
            pub = api.publishing(corpus, act)
            return {"municipio": pub.municipio, "municipio_dir": pub.municipio_dir, "orgao": orgao}
    return {}


def run(args) -> int:
    if args.em:
        try:
            date.fromisoformat(args.em)
        except ValueError:
            raise UsageError(f"data inválida: {args.em!r} (use AAAA-MM-DD)") from None
    if args.to == "docx" and not args.output and sys.stdout.isatty():
        raise UsageError("DOCX não vai para o terminal: use -o PASTA")
    result = audit_paths(args.consolidacao, args.fontes, em=args.em, spec=args.spec, acervo=args.acervo,
                         correspondencia=args.tabela)
    options = _letterhead([args.consolidacao, *args.fontes, *(u for _, _, u in result.fontes if u)],
                          args.acervo, args.orgao)
    formats = [args.to] if args.to else list(FORMATS)
    c = result.counts()
    note = (f"{len(result.rows)} linhas: {c['sem-alteracao']} sem alteração, {c['permitido']} permitidas, "
            f"{c['merito']} de mérito, {c['perda']} perdas, {c['materia-nova']} de matéria nova; "
            f"{len(result.unjustified())} sem justificativa (§ 3º)"
            + ("" if result.table_check is None else
               f"; tabela de correspondência: {len(result.table_mismatches)} divergência(s) em "
               f"{result.table_check.checked}"))
    if args.output:
        data = {fmt: render(result, fmt, **options) for fmt in formats}  # all built before any write
        for fmt in formats:
            path = atomic_write(Path(args.output) / FILE_NAMES[fmt], data[fmt])
            print(path)
        print(f"auditoria: {note}", file=sys.stderr)
    else:
        if len(formats) > 1:
            formats = ["json"]
        emit(render(result, formats[0], **options), None)
        print(f"auditoria: {note}", file=sys.stderr)
    return 0 if result.only_allowed else 1
