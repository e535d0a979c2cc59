"""`lexconsolida check FILE`: structural checks, a readable Portuguese report or JSON."""

from __future__ import annotations

import json
import sys

from lexconsolida.check import CHECKS, check, counts
from lexconsolida.corpus.locate import locate, require_text, try_corpus
from lexconsolida.model import Severity

DESCRIPTION = (
    "Lê a norma (texto, DOCX ou LexML) e verifica a estrutura: ordem e lacunas da numeração, "
    "rótulos repetidos, 'Parágrafo único' acompanhado, '§ 1º' isolado, alínea fora de inciso, "
    "ordinal indevido ('Art. 10º'), remissões internas que não levam a nada. Inclui as anomalias "
    "encontradas na leitura. Sai com 1 quando há erros. ARQUIVO também pode ser a URN ou a "
    "pasta de um ato do acervo: verifica o texto do ato como foi lido (a estrutura publicada, "
    "sem aplicar as alterações; para o texto alterado, gere-o com compile e verifique o arquivo)."
)

#: Reader diagnostics that are logs, not findings: summarised as counts.
LOG_CODES = {"furniture", "repair", "join", "hyphenation", "encoding"}


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
    norma = found.norma
    findings = check(norma, args.desligar)
    logs = [d for d in found.diagnostics if d.code in LOG_CODES]
    anomalies = [d for d in found.diagnostics if d.code not in LOG_CODES]
    # A reader anomaly on the same line or unit as a check finding says the same thing in the
    # reader's words: keep the check's (it is the same for every input format).
    lines = {d.line for d in findings if d.line is not None}
    wheres = {d.where for d in findings if d.where}
    anomalies = [d for d in anomalies if d.line not in lines and d.where not in wheres]
    everything = findings + anomalies
    errors = sum(1 for d in everything if d.severity is Severity.ERROR)
    warnings = sum(1 for d in everything if d.severity is Severity.WARNING)
    if args.json:
        out = {
            "arquivo": args.file,
            "norma": {"titulo": norma.titulo, "urn": norma.urn, "tipo": norma.tipo,
                      "numero": norma.numero, "data": norma.data},
            "contagens": counts(norma),
            "erros": errors,
            "avisos": warnings,
            "verificacoes": [d.to_dict() for d in findings],
            "anomalias_da_leitura": [d.to_dict() for d in anomalies],
            "registro_da_leitura": {
                "linhas_removidas": sum(1 for d in logs if d.code == "furniture"),
                "reparos": sum(1 for d in logs if d.code == "repair"),
                **({"itens": [d.to_dict() for d in logs]} if args.detalhes else {}),
            },
        }
        json.dump(out, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        _print_report(args, norma, findings, anomalies, logs, errors, warnings)
    return 1 if errors else 0


def _print_report(args, norma, findings, anomalies, logs, errors, warnings) -> None:
    c = counts(norma)
    w = sys.stdout.write
    w(f"{args.file}: {norma.titulo}\n")
    w(f"  {c['artigo']} artigos, {c['paragrafo']} parágrafos ({c['paragrafos_unicos']} únicos), "
      f"{c['inciso']} incisos, {c['alinea']} alíneas, {c['item']} itens; "
      f"{c['agrupadores']} agrupadores\n")
    removed = sum(1 for d in logs if d.code == "furniture")
    repairs = sum(1 for d in logs if d.code == "repair")
    if removed or repairs:
        w(f"  leitura: {removed} linha(s) de cabeçalho/rodapé/ruído removida(s), "
          f"{repairs} reparo(s) de OCR (veja --detalhes ou parse --report)\n")
    if args.detalhes:
        for d in logs:
            w(f"    {d.format()}\n")
    for title, items in (("Verificações", findings), ("Anomalias da leitura", anomalies)):
        if items:
            w(f"\n{title}:\n")
            for d in sorted(items, key=lambda d: (d.line or 0)):
                loc = f"linha {d.line}" if d.line else "documento"
                where = f" [{d.where}]" if d.where else ""
                w(f"  {str(d.severity):5} {loc}{where}: {d.message}\n")
    w(f"\nResultado: {errors} erro(s), {warnings} aviso(s).\n")
