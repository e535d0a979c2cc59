"""`lexconsolida sapl`: SAPL (Interlegis), where the câmaras keep their laws.

``exportar`` writes an act (with its amending acts) or a whole municipality into a SAPL's
texto articulado, every wording with the act that gave it; ``importar`` reads a SAPL's normas
and compilations into an acervo; ``auditar`` compares a SAPL's compilations with what
lexconsolida gets by applying the same amending acts. See docs/sapl.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from lexconsolida.errors import UsageError
from lexconsolida.progress import Progress

MANY = 10
"""A note that applies to more acts than this is printed once, with the count."""

DESCRIPTION = (
    "Integração com o SAPL (Interlegis). 'exportar' grava no texto articulado do SAPL o histórico "
    "compilado de um ato (com os atos que o alteram) ou de todo o município: cada redação com o ato e "
    "o dispositivo que a deu, a vigência e a publicação; uma segunda exportação não grava nada. "
    "'importar' traz as normas e as compilações de um SAPL para um acervo. 'auditar' compara a "
    "compilação feita à mão no SAPL com a que o lexconsolida obtém aplicando os mesmos atos "
    "alteradores, e grava o relatório (HTML e DOCX). O endereço do SAPL e o token vêm das variáveis "
    "LEXCONSOLIDA_SAPL_URL e LEXCONSOLIDA_SAPL_TOKEN, ou de --conexao ARQUIVO (fora do acervo), nunca "
    "da linha de comando. Veja docs/sapl.md."
)


def _connection_option(p) -> None:
    p.add_argument("--conexao", metavar="ARQUIVO", default=None,
                   help="TOML com url e token do SAPL, fora do acervo e legível só por você (chmod 600); "
                        "sem ele, as variáveis LEXCONSOLIDA_SAPL_URL e LEXCONSOLIDA_SAPL_TOKEN")


def _scope_options(p) -> None:
    p.add_argument("alvo", metavar="ALVO",
                   help="um ato (URN ou pasta com norma.toml), a pasta de um município, ou a pasta do acervo")
    p.add_argument("--acervo", metavar="PASTA", default=None, help="o acervo, quando ALVO é uma URN")
    p.add_argument("--municipio", metavar="NOME", default=None,
                   help="o município (pasta, ex.: ba-feira-de-santana), quando o acervo tem vários")
    p.add_argument("--cache", metavar="PASTA", default=None,
                   help="cache do acervo, para um município inteiro (o de 'lexconsolida acervo' é LISTA/.cache)")


def add_arguments(parser) -> None:
    sub = parser.add_subparsers(dest="acao", metavar="AÇÃO", parser_class=type(parser), required=True)
    e = sub.add_parser("exportar", help="grava no SAPL o histórico compilado de um ato ou de um município",
                       description="Grava no SAPL, pela API REST: a norma jurídica, a publicação, o texto "
                                   "articulado e cada redação de cada dispositivo (com o bloco de alteração do "
                                   "ato que a deu), e as normas relacionadas. Sem mudança no acervo, não grava "
                                   "nada. Experimente antes com --simular.")
    _scope_options(e)
    _connection_option(e)
    e.add_argument("--simular", action="store_true",
                   help="lê o SAPL e lista o que seria gravado, sem gravar nada")
    e.add_argument("--veiculo", metavar="SIGLA", default=None,
                   help="o veículo de publicação dos atos (padrão: o único cadastrado no SAPL)")
    e.add_argument("--publicar", action="store_true",
                   help="os textos novos ficam públicos e travados; sem isto, ficam 'Em edição' para conferência")
    e.add_argument("--conexoes", metavar="N", type=int, default=1,
                   help="atos gravados ao mesmo tempo (padrão: 1; um SAPL com vários processos aguenta mais)")
    i = sub.add_parser("importar", help="traz as normas e as compilações de um SAPL para um acervo",
                       description="Lê do SAPL (anonimamente, quando não há token) as normas jurídicas, os "
                                   "vínculos entre elas e os textos articulados, e grava um ato por norma no "
                                   "acervo: norma.toml, o texto como publicado (texto.xml) e a compilação como "
                                   "a câmara a registrou (compilacao-sapl.xml).")
    i.add_argument("-o", "--output", metavar="ACERVO", required=True, help="a pasta do acervo")
    i.add_argument("--municipio", metavar="NOME", required=True,
                   help="a pasta do município no acervo: uf-nome (ex.: ba-feira-de-santana)")
    i.add_argument("--nome", metavar="NOME", default=None,
                   help="o nome do município como se escreve (padrão: o da Casa Legislativa no SAPL)")
    _connection_option(i)
    a = sub.add_parser("auditar", help="compara a compilação do SAPL com a aplicação dos atos alteradores",
                       description="Para cada ato e cada data em que o texto muda, lista os dispositivos cujo "
                                   "texto em vigor no SAPL difere do que o lexconsolida obtém aplicando os atos "
                                   "alteradores do acervo, com a instrução que explica a diferença. Grava "
                                   "auditoria.html e auditoria.docx. Sai com 1 se houver diferença.")
    _scope_options(a)
    _connection_option(a)
    a.add_argument("-o", "--output", metavar="PASTA", required=True, help="pasta do relatório")


def run(args) -> int:
    if args.acao == "exportar":
        return _exportar(args)
    if args.acao == "importar":
        return _importar(args)
    return _auditar(args)


def _scope(args) -> tuple[str, str | None, str | None, Path | None]:
    """('ato', spec, acervo, root) or ('municipio', root, name, root): what ALVO names, and the
    acervo's folder (the connection file must not be inside it)."""
    p = Path(args.alvo)
    if args.alvo.startswith("urn:") or (p.is_dir() and (p / "norma.toml").is_file()):
        root = Path(args.acervo) if args.acervo else (p.resolve().parent.parent if p.is_dir() else None)
        return "ato", args.alvo, args.acervo, root
    if p.is_dir() and (p / "municipio.toml").is_file():
        if args.municipio and args.municipio != p.name:
            raise UsageError(f"ALVO é a pasta do município {p.name}, e --municipio diz {args.municipio}")
        return "municipio", str(p.parent), p.name, p.parent
    if p.is_dir():
        return "municipio", str(p), args.municipio, p
    raise UsageError(f"{args.alvo}: não é um ato (URN ou pasta com norma.toml), um município nem um acervo")


def _sources(args, progress):
    from lexconsolida.sapl import sources  # noqa: PLC0415 - the acervo pipeline, only when used

    kind, where, name, _root = _scope(args)
    if kind == "ato":
        return sources.one_act(where, name)
    srcs, rels, _view = sources.municipality(where, name, cache=args.cache, progress=progress)
    return srcs, rels


def _acervos(args) -> tuple[Path, ...]:
    root = _scope(args)[3]
    return (root,) if root else ()


def _client(args, acervos: tuple, need_token: bool):
    from lexconsolida.sapl.client import Client  # noqa: PLC0415 - httpx2, only for this command
    from lexconsolida.sapl.connection import connection  # noqa: PLC0415 - idem

    conn = connection(args.conexao, acervos=tuple(Path(a) for a in acervos if a), need_token=need_token)
    return Client(conn.url, conn.token)


def _exportar(args) -> int:
    from lexconsolida.sapl.export import export  # noqa: PLC0415 - httpx2 and the plan, only here

    progress = Progress("exportando para o SAPL")
    client = _client(args, _acervos(args), need_token=not args.simular)  # before reading the acervo
    print("lendo o acervo (cada ato com o seu histórico) …", file=sys.stderr, flush=True)
    srcs, rels = _sources(args, progress)
    progress.done()
    with client:
        def log(line: str) -> None:
            progress.done()
            print(line, file=sys.stderr, flush=True)

        clock = time.perf_counter()
        result = export(client, srcs, rels, veiculo=args.veiculo, publish=args.publicar,
                        simulate=args.simular, workers=max(1, args.conexoes), progress=progress, log=log)
        wall = time.perf_counter() - clock
    progress.done()
    rep, plan = result.report, result.plan
    if args.simular:
        for w in rep.writes:
            fields = f" ({', '.join(w.fields)})" if w.verb == "alterar" and w.fields else ""
            print(f"{w.verb:7} {w.what}{fields}")
    said: dict[str, list[str]] = {}
    for urn in plan.order + sorted(set(plan.acts) - set(plan.order)):
        label = plan.acts[urn].label
        if urn in rep.foreign:
            said.setdefault(rep.foreign[urn], []).append(label)
        elif urn in plan.refused:
            said.setdefault(f"texto não exportado: {plan.refused[urn]}", []).append(label)
        for note in plan.notes.get(urn, []):
            said.setdefault(note, []).append(label)
    for note, labels in said.items():
        if len(labels) <= MANY:
            for label in labels:
                print(f"{label}: {note}", file=sys.stderr)
        else:  # the same for hundreds of acts: once, with a few of them
            print(f"{len(labels)} atos ({'; '.join(labels[:3])} e outros): {note}", file=sys.stderr)
    for m in rep.relations_missing:
        print(f"vínculo não gravado: {m}", file=sys.stderr)
    levels = {lvl: [n for n in result.notices if n.level == lvl] for lvl in ("danger", "warning")}
    for lvl, name in (("danger", "erro"), ("warning", "alerta")):
        counts: dict[str, int] = {}
        for n in levels[lvl]:
            counts[n.message] = counts.get(n.message, 0) + 1
        for message, k in sorted(counts.items(), key=lambda kv: -kv[1]):
            print(f"verificador do SAPL, {name}: {message} ({k} dispositivo(s))", file=sys.stderr)
    print(f"verificador do SAPL{' (no estado simulado)' if args.simular else ''}: {len(levels['danger'])} erro(s), "
          f"{len(levels['warning'])} alerta(s) nos textos exportados", file=sys.stderr)
    verb = "seriam" if args.simular else "foram"
    print(f"{len(plan.acts)} atos, {len(plan.rows)} dispositivos no plano; {verb} criados {rep.count('criar')}, "
          f"alterados {rep.count('alterar')} e apagados {rep.count('apagar')} registros no SAPL "
          f"({result.requests} requisições, {wall:.1f} s)", file=sys.stderr)
    return 0


def _importar(args) -> int:
    from lexconsolida.sapl.importer import import_sapl, place  # noqa: PLC0415 - only here
    from lexconsolida.sapl.remote import Remote  # noqa: PLC0415 - idem

    dest = Path(args.output)
    progress = Progress("importando do SAPL")
    with _client(args, (dest,), need_token=False) as client:
        nome, loc = place(dest, args.municipio, args.nome or _casa(client))
        remote = Remote.load(client, loc)
        summary = import_sapl(remote, dest, args.municipio, nome, site=client.site, progress=progress)
    progress.done()
    for name in summary.mantidos:
        print(f"{name}: não foi tocado (o ato não veio deste SAPL)", file=sys.stderr)
    print(f"{summary.normas} normas ({summary.textos} com texto articulado) em {summary.folder}; "
          f"{summary.escritos} arquivos gravados", file=sys.stderr)
    return 0


def _casa(client) -> str | None:
    rows = client.list("base/casalegislativa", "lendo a Casa Legislativa do SAPL")
    return (rows[0].get("municipio") or None) if rows else None


def _auditar(args) -> int:
    from lexconsolida.sapl.audit import audit, write_report  # noqa: PLC0415 - only here

    progress = Progress("auditando o SAPL")
    client = _client(args, _acervos(args), need_token=False)
    srcs, _rels = _sources(args, progress)
    with client:
        result = audit(client, srcs, progress=progress)
    progress.done()
    written = write_report(result, Path(args.output))
    for path in written:
        print(f"gravado: {path}", file=sys.stderr)
    n = sum(len(a.differences) for a in result.acts)
    print(f"{len(result.acts)} compilações do SAPL comparadas; {n} diferença(s) em "
          f"{sum(1 for a in result.acts if a.differences)} ato(s)", file=sys.stderr)
    for line in result.missing:
        print(line, file=sys.stderr)
    return 1 if n else 0
