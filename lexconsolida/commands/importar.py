"""`lexconsolida importar PASTA -o ACERVO --municipio uf-nome`: a folder of acts → an acervo."""

from __future__ import annotations

from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.work import SPEC_HELP, runner_from_spec
from lexconsolida.commands.arguments import positive

DESCRIPTION = (
    "Cria (ou atualiza) no ACERVO a pasta do município com um ato por arquivo: o texto como "
    "recebido e o norma.toml preenchido a partir do texto (tipo, número, data, ementa, autor, "
    "data de publicação), com cada dúvida registrada. Importar de novo não muda nada que não "
    "mudou e mantém o que uma pessoa corrigiu ou decidiu no norma.toml."
)


def add_arguments(parser) -> None:
    parser.add_argument("pasta", metavar="PASTA", help="pasta com os atos (subpastas incluídas)")
    parser.add_argument("-o", "--output", metavar="ACERVO", required=True,
                        help="pasta do acervo (criada se não existir)")
    parser.add_argument("--municipio", metavar="UF-NOME", required=True,
                        help="pasta do município no acervo, ex.: ba-feira-de-santana")
    parser.add_argument("--processos", metavar="N", type=positive, default=None,
                        help="processos em paralelo nesta máquina (padrão: 2; 1 = sem paralelismo)")
    parser.add_argument("--executor", metavar="ONDE", default=None, help=SPEC_HELP)
    parser.add_argument("--contato", metavar="EMAIL", default=None,
                        help="e-mail de contato do provedor LexML do município (gravado no municipio.toml "
                             "como [lexml] email; sem ele, vale o e-mail de [orgaos.camara] ou "
                             "[orgaos.prefeitura]; veja docs/lexml-oai.md)")


def run(args) -> int:
    with runner_from_spec(args.executor, args.processos) as runner:
        report = import_folder(args.pasta, args.output, args.municipio, executor=runner,
                               contato=args.contato)
    print(f"importação: {report.atos} atos em {report.municipio} ({report.novos} novos, "
          f"{report.atualizados} atualizados, {report.sem_mudanca} sem mudança); "
          f"{len(report.recusados)} arquivo(s) recusado(s); {len(report.nao_utilizados)} número(s) não "
          "utilizado(s) (arquivo que diz 'ato inexistente', não importado)")
    for r in report.recusados:
        print(f"recusado: {r.origem}: {r.motivo}")
    if report.duvidas:
        print("dúvidas registradas nos norma.toml: "
              + ", ".join(f"{k} {v}" for k, v in sorted(report.duvidas.items())))
    if report.contato_nota:
        print(report.contato_nota)
    if report.contato is not None:
        print(f"contato do provedor LexML: {report.contato[0]} ({report.contato[1]} do municipio.toml)")
    else:
        print("contato do provedor LexML: nenhum — informe-o com 'lexconsolida importar … --contato EMAIL' "
              "(ou [lexml] email no municipio.toml) antes de 'lexconsolida provedor servir'")
    return 0
