"""`lexconsolida acervo ACERVO -o PASTA`: the whole acervo compiled, and its work list."""

from __future__ import annotations

import sys
from pathlib import Path

from lexconsolida.acervo import worklist
from lexconsolida.acervo.pipeline import build
from lexconsolida.acervo.work import SPEC_HELP, runner_from_spec
from lexconsolida.corpus.records import LEDGER
from lexconsolida.errors import EXIT_KEPT, InputError
from lexconsolida.commands.arguments import positive

DESCRIPTION = (
    "Lê e verifica todos os atos do ACERVO, encontra nos textos as relações entre eles (altera, "
    "acrescenta, revoga, regulamenta), aplica em ordem de vigência as alterações de cada ato e "
    "grava em PASTA a lista de trabalho: atos por tipo e ano, em vigor, revogados, sem texto, "
    "recusados; alterações aplicadas, pendentes de decisão e ignoradas; a fila de decisões. "
    "Com --site, gera também o site do diário oficial de todo o acervo. Uma nova execução só "
    "refaz o que mudou."
)


def add_arguments(parser) -> None:
    parser.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    parser.add_argument("-o", "--output", metavar="PASTA", required=True,
                        help="pasta da lista de trabalho (lista.json, index.html …)")
    parser.add_argument("--site", metavar="PASTA", default=None,
                        help="gera também o site do diário oficial nesta pasta")
    parser.add_argument("--processos", metavar="N", type=positive, default=None,
                        help="processos em paralelo nesta máquina (padrão: 2; 1 = sem paralelismo)")
    parser.add_argument("--executor", metavar="ONDE", default=None, help=SPEC_HELP)
    parser.add_argument("--por-municipio", action="store_true",
                        help="um estado: a lista de trabalho (e o site) de cada município em "
                             "PASTA/<município>/, com um índice de todos em PASTA/index.html")
    parser.add_argument("--sem-cache", action="store_true",
                        help="refaz tudo (sem usar nem gravar PASTA/.cache)")


def run(args) -> int:
    out = Path(args.output)
    with runner_from_spec(args.executor, args.processos) as runner:
        return _run(args, out, runner)


def _run(args, out: Path, executor) -> int:
    if args.por_municipio:
        return _state(args, out, executor)
    ac = build(args.acervo, executor=executor, cache_dir=None if args.sem_cache else out / ".cache")
    damaged = [(folder, message) for folder, message in ac.broken if LEDGER in message]
    if damaged:  # its decisions unknown: nothing is written rather than the act's items and pages lost
        for folder, message in damaged:
            print(f"erro: registro de decisões danificado em {folder}: {message}", file=sys.stderr)
        raise InputError(f"{len(damaged)} livro(s) de registro de decisões danificado(s): nada foi gravado. Restaure "
                         "o arquivo (git) e rode de novo")
    d = worklist.write(ac, out)
    r = d["resumo"]
    print(f"acervo: {r['atos']} atos ({r['em_vigor']} em vigor, {r['revogados']} revogados, "
          f"{r['com_alteracoes_pendentes']} com alterações pendentes, {r['texto_indisponivel']} sem texto, "
          f"{r['texto_recusado']} com texto recusado"
          + "".join(f", {v} {k}" for k, v in r["outras_situacoes"].items()) + ")")
    rel = ", ".join(f"{k} {v}" for k, v in r["relacoes"].items()) or "nenhuma"
    print(f"relações: {rel}; {r['relacoes_fora_do_acervo']} com alvo fora do acervo")
    alt = r["alteracoes"]
    print(f"alterações: {alt.get('aplicada', 0)} aplicadas, {alt.get('pendente', 0)} pendentes de decisão, "
          f"{alt.get('ignorada', 0)} ignoradas; {r['decisoes_pendentes']} decisões na fila")
    if r["erros_internos"]:
        print(f"aviso: {r['erros_internos']} erro(s) interno(s) (veja a lista de trabalho)", file=sys.stderr)
    print(f"lista de trabalho: {out / 'index.html'}")
    if args.site:
        from lexconsolida.acervo.gazette import build_gazette  # heavy (the site builder): only with --site
        from lexconsolida.commands.site import default_pages_dir  # with the site builder above

        report = build_gazette(ac, args.site, docs_dir=default_pages_dir(), executor=executor)
        print(f"site: {report.acts} atos, {report.pages} páginas em {report.out}")
        return kept_acts(ac.broken, report.unread)
    return kept_acts(ac.broken, [])


def kept_acts(broken: list[tuple[str, str]], kept_pages: list[str]) -> int:
    """List on standard error the acts this run could not read (each with its file and line)
    and those published as in the last good run; :data:`EXIT_KEPT` when there is any, else 0.
    A scheduled run never drops an act quietly (docs/acervo.md, "Execução agendada")."""
    unreadable = {folder for folder, _ in broken} | {folder.split("/", 1)[-1] for folder, _ in broken}
    for folder, message in broken:
        print(f"aviso: ato ilegível, mantido como na última execução boa: {message}", file=sys.stderr)
    others = [p for p in kept_pages if p not in unreadable]
    for path in others:
        print(f"aviso: páginas de {path} mantidas como na última execução boa (o texto não pôde ser "
              "lido: veja a lista de trabalho)", file=sys.stderr)
    if broken or others:
        print(f"lexconsolida acervo: {len(broken) + len(others)} ato(s) mantido(s) da última execução "
              f"boa: corrija-os e rode de novo (saída {EXIT_KEPT})", file=sys.stderr)
        return EXIT_KEPT
    return 0


def _state(args, out: Path, executor) -> int:
    from lexconsolida.acervo.estado import run_state  # the site builder comes with it
    from lexconsolida.commands.site import default_pages_dir  # with the site builder above

    unread: list[str] = []

    def on_site(mun, report) -> None:
        print(f"site de {mun}: {report['atos']} atos, {report['paginas']} páginas em {Path(args.site) / mun}")
        unread.extend(f"{mun}/{path}" for path in report["nao_lidos"])

    d = run_state(args.acervo, out, sites=args.site, docs_dir=default_pages_dir() if args.site else None,
                  executor=executor, on_site=on_site, cached=not args.sem_cache)
    for m in d["municipios"]:
        r = m["resumo"]
        print(f"{m['pasta']}: {r['atos']} atos ({r['em_vigor']} em vigor, {r['revogados']} revogados, "
              f"{r['texto_indisponivel']} sem texto); {r['decisoes_pendentes']} decisões na fila")
    t = d["total"]
    print(f"estado: {len(d['municipios'])} municípios, {t['atos']} atos; {t['decisoes_pendentes']} decisões "
          "na fila")
    if t["erros_internos"]:
        print(f"aviso: {t['erros_internos']} erro(s) interno(s) (veja as listas de trabalho)", file=sys.stderr)
    print(f"listas de trabalho: {out / 'index.html'}")
    if args.site:
        print(f"sites: {Path(args.site) / 'index.html'}")
    return kept_acts([(folder, message) for folder, message in d["ilegiveis"]], unread)
