"""`lexconsolida provedor`: the acervo as a LexML Brasil data provider (OAI-PMH).

``validar`` (records as the LexML harvester checks them), ``servir`` (the OAI-PMH endpoint),
``exportar`` (the records as files) and ``registrar`` (the provider's ledger of datestamps and
deletions). See docs/lexml-oai.md.
"""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

from lexconsolida.acervo.pipeline import build
from lexconsolida.acervo.work import default_executor
from lexconsolida.errors import EXIT_KEPT, UsageError
from lexconsolida.io import read_bytes
from lexconsolida.lexml import oai as vocab
from lexconsolida.oai.records import Catalog, catalog
from lexconsolida.commands.arguments import port, positive

DESCRIPTION = (
    "O acervo como provedor de dados do LexML Brasil (OAI-PMH, formato oai_lexml): um registro por "
    "ato, com a URN, a epígrafe, a ementa, os endereços das páginas e as relações (altera, revoga, "
    "regulamenta). 'validar' confere os registros como o coletor do LexML (esquema oai_lexml.xsd, "
    "URNs, perfil do publicador) e lista os inválidos com o motivo; 'servir' abre o provedor "
    "OAI-PMH; 'exportar' grava os registros como arquivos; 'registrar' atualiza o registro de datas "
    "e exclusões (lexml-oai.toml). O município precisa de [lexml] id_publicador e [site] url no "
    "municipio.toml. Veja docs/lexml-oai.md."
)


def _acervo_options(p) -> None:
    p.add_argument("--publicacao", metavar="PASTA", default=None,
                   help="a saída do 'lexconsolida build' (lexml/, docx/, pdf/): os arquivos que existirem "
                        "entram nos registros como Items ([lexml] url_arquivos)")
    p.add_argument("--cache", metavar="PASTA", default=None,
                   help="cache do acervo (o de 'lexconsolida acervo ACERVO -o LISTA' é LISTA/.cache)")
    p.add_argument("--processos", metavar="N", type=positive, default=None,
                   help="processos na leitura do acervo (padrão: 2)")


def add_arguments(parser) -> None:
    sub = parser.add_subparsers(dest="acao", metavar="AÇÃO", parser_class=type(parser), required=True)
    v = sub.add_parser("validar", help="lista os registros que o coletor do LexML recusaria, com o motivo",
                       description="Confere cada registro como o coletor do LexML: esquema oai_lexml.xsd, "
                                   "URNs estruturalmente válidas e núcleos permitidos pelo perfil do "
                                   "publicador. ALVO é uma pasta de acervo ou arquivos XML de registros "
                                   "oai_lexml. Sai com 1 se algum registro for inválido.")
    v.add_argument("alvos", nargs="+", metavar="ALVO", help="pasta do acervo, ou arquivos .xml de registros")
    v.add_argument("--perfil", metavar="ARQUIVO", default=None,
                   help="o perfil do provedor enviado pela equipe do LexML (lexml_nbconfig.xml); para um "
                        "acervo, substitui o do municipio.toml")
    v.add_argument("--json", action="store_true", help="o resultado em JSON")
    _acervo_options(v)
    s = sub.add_parser("servir", help="abre o provedor OAI-PMH do acervo",
                       description="Serve o acervo por OAI-PMH 2.0 (Identify, ListMetadataFormats, ListSets, "
                                   "ListIdentifiers, ListRecords, GetRecord; formatos oai_lexml e oai_dc).")
    s.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    s.add_argument("--endereco", metavar="IP", default="127.0.0.1",
                   help="endereço em que servir (padrão: 127.0.0.1, só este computador)")
    s.add_argument("--porta", metavar="N", type=port, default=8028, help="porta (padrão: 8028; 0 = uma livre)")
    s.add_argument("--url-base", metavar="URL", default=None,
                   help="o endereço público do provedor, como os coletores o chamam (padrão: o local)")
    s.add_argument("--lote", metavar="N", type=positive, default=100,
                   help="registros por página de ListRecords/ListIdentifiers (padrão: 100)")
    _acervo_options(s)
    e = sub.add_parser("exportar", help="grava os registros como arquivos (para quem não tem servidor)",
                       description="Grava cada registro oai_lexml (e oai_dc) como arquivo, com um índice.")
    e.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    e.add_argument("-o", "--output", metavar="PASTA", required=True, help="pasta de saída")
    _acervo_options(e)
    r = sub.add_parser("registrar", help="atualiza o registro de datas e exclusões do provedor (lexml-oai.toml)",
                       description="Grava em cada município o lexml-oai.toml: a data (datestamp) de cada "
                                   "registro — mantida se o registro não mudou; a data deste registro se é "
                                   "novo ou mudou — e os registros cujo ato saiu do acervo (excluídos).")
    r.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    r.add_argument("--data", metavar="AAAA-MM-DDThh:mm:ssZ", default=None,
                   help="a data a dar aos registros novos e alterados (padrão: agora, em UTC)")
    _acervo_options(r)


def load_catalog(folder: str, args) -> Catalog:
    root = Path(folder)
    if not root.is_dir():
        raise UsageError(f"a pasta do acervo não existe: {folder}")
    executor = default_executor(args.processos)
    try:
        ac = build(root, executor=executor, cache_dir=args.cache)
    finally:
        if executor is not None:
            executor.shutdown()
    profile = vocab.read_profile(args.perfil) if getattr(args, "perfil", None) else None
    return catalog(ac, output=args.publicacao, profile=profile)


def run(args) -> int:
    if args.acao == "validar":
        return _validar(args)
    if args.acao == "servir":
        return _servir(args)
    if args.acao == "exportar":
        from lexconsolida.oai.export import export  # only this action writes files
        cat = load_catalog(args.acervo, args)
        rep = export(cat, args.output)
        _notes(cat)
        print(f"gravado: {rep.out}/ ({rep.records} registros, {rep.deleted} excluídos, "
              f"{len(cat.invalid)} inválidos não exportados)", file=sys.stderr)
        return 1 if cat.invalid else 0
    from lexconsolida.oai.ledger import register  # only this action writes the ledger
    cat = load_catalog(args.acervo, args)
    kept = 0
    for reg in register(cat, Path(args.acervo), args.data):
        held = f", {reg.retidos} não encontrados e mantidos (nunca excluídos)" if reg.retidos else ""
        print(f"gravado: {reg.arquivo} ({reg.novos} novos, {reg.alterados} alterados, "
              f"{reg.excluidos} excluídos, {reg.mantidos} sem mudança{held})", file=sys.stderr)
        kept += reg.retidos
    _unreadable(cat)
    return EXIT_KEPT if cat.unreadable or kept else 0


def _unreadable(cat: Catalog) -> None:
    """The acts that could not be read, each with its file and line: their records stay as the
    harvester last took them (never deleted) until they are fixed."""
    for _, message in cat.unreadable:
        print(f"aviso: ato ilegível, registro mantido como o coletor o tomou: {message}", file=sys.stderr)


def _notes(cat: Catalog) -> None:
    _unreadable(cat)
    for note in cat.ledger_notes:
        print(f"aviso: {note}", file=sys.stderr)


def _validar(args) -> int:
    files = [a for a in args.alvos if Path(a).is_file()]
    folders = [a for a in args.alvos if not Path(a).is_file()]
    if files and folders:
        raise UsageError("dê uma pasta de acervo ou arquivos de registros, não os dois")
    if len(folders) > 1:
        raise UsageError("dê uma pasta de acervo por vez")
    if files:
        profile = vocab.read_profile(args.perfil) if args.perfil else None
        results = {f: vocab.validate_record(read_bytes(f), profile, Path(f).stem) for f in files}
        if args.json:
            print(json.dumps({f: [{"codigo": x.codigo, "mensagem": x.mensagem, "aviso": x.aviso} for x in r]
                              for f, r in results.items()}, ensure_ascii=False, indent=1))
        else:
            for f, r in results.items():
                bad = vocab.errors(r)
                print(f"{f}: {'inválido' if bad else 'válido'}")
                for x in r:
                    print(f"  {'aviso' if x.aviso else 'erro'} [{x.codigo}] {x.mensagem}")
        return 1 if any(vocab.errors(r) for r in results.values()) else 0
    cat = load_catalog(folders[0], args)
    if args.json:
        print(json.dumps(summary(cat), ensure_ascii=False, indent=1))
    else:
        _print_summary(cat)
        _unreadable(cat)
    return 1 if cat.invalid or cat.unreadable else 0


def summary(cat: Catalog) -> dict:
    live = [r for r in cat.records if not r.deleted]
    return {
        "registros_validos": len(live),
        "registros_excluidos": len(cat.records) - len(live),
        "registros_invalidos": [{"identificador": r.identifier, "pasta": r.pasta,
                                 "motivos": [f"[{f.codigo}] {f.mensagem}" for f in fs]} for r, fs in cat.invalid],
        "atos_nao_publicados": [{"urn": o.ato, "motivo": o.motivo} for o in cat.not_published],
        "relacoes_conhecidas": cat.relations_known,
        "relacoes_emitidas": cat.relations_emitted,
        "relacoes_omitidas": [{"ato": o.ato, "alvo": o.alvo, "motivo": o.motivo} for o in cat.omitted_relations],
        "avisos": [{"identificador": i, "mensagem": f.mensagem} for i, f in cat.warnings],
        "registro_do_provedor": cat.ledger_notes,
        "perfis": {k: p.profile.origem for k, p in cat.publishers.items()},
    }


def _print_summary(cat: Catalog) -> None:
    s = summary(cat)
    print(f"{s['registros_validos']} registros válidos, {len(s['registros_invalidos'])} inválidos, "
          f"{s['registros_excluidos']} excluídos; {len(s['atos_nao_publicados'])} atos não publicados; "
          f"relações: {s['relacoes_conhecidas']} no acervo, {s['relacoes_emitidas']} nos registros, "
          f"{len(s['relacoes_omitidas'])} omitidas")
    for mun, origem in s["perfis"].items():
        print(f"perfil de {mun}: {origem}")
    for r in s["registros_invalidos"]:
        print(f"inválido: {r['identificador']} ({r['pasta']})")
        for m in r["motivos"]:
            print(f"  {m}")
    for o in s["relacoes_omitidas"]:
        print(f"relação omitida: {o['ato']} → {o['alvo']}: {o['motivo']}")
    reasons: dict[str, int] = {}
    for o in s["atos_nao_publicados"]:
        reasons[o["motivo"]] = reasons.get(o["motivo"], 0) + 1
    for why, n in sorted(reasons.items()):
        print(f"não publicados ({n}): {why}")
    seen = set()
    for w in s["avisos"]:
        if w["mensagem"] not in seen:
            seen.add(w["mensagem"])
            print(f"aviso: {w['mensagem']}")
    for note in s["registro_do_provedor"]:
        print(f"aviso: {note}")


def _servir(args) -> int:
    import uvicorn  # the web server, only for this action

    from lexconsolida.oai.app import create_app  # the web application, only for this action
    from lexconsolida.oai.provider import Provider  # the OAI-PMH server, only for this action

    if args.lote < 1:
        raise UsageError("--lote deve ser pelo menos 1")
    family = socket.AF_INET6 if ":" in args.endereco else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.endereco, args.porta))
        sock.listen(128)  # harvesters wait in the queue while the acervo is read
    except OSError as err:
        raise UsageError(f"não foi possível usar {args.endereco}:{args.porta} ({err.strerror}); "
                         "escolha outra porta com --porta") from None
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print("lendo o acervo…", file=sys.stderr, flush=True)
    cat = load_catalog(args.acervo, args)
    _notes(cat)
    base = args.url_base or f"http://{shown}:{port}/"
    provider = Provider(cat, base, args.lote)
    live = sum(1 for r in cat.records if not r.deleted)
    print(f"provedor OAI-PMH: {base} ({live} registros, {len(cat.invalid)} inválidos fora do ar — veja "
          f"'lexconsolida provedor validar'; Ctrl+C encerra)", flush=True)
    config = uvicorn.Config(create_app(provider), log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
    return 0
