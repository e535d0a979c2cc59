"""`lexconsolida mesa ACERVO`: the review desk, a web application for the câmara's staff."""

from __future__ import annotations

import argparse
import getpass
import hashlib
import os
import socket
import sys
from pathlib import Path

import uvicorn

from lexconsolida.acervo.work import default_executor
from lexconsolida.errors import UsageError
from lexconsolida.review.app import create_app, load_access
from lexconsolida.review.auth import add_user
from lexconsolida.review.desk import Desk
from lexconsolida.review.identity import declared_system_user, system_login
from lexconsolida.commands.arguments import port, positive

DESCRIPTION = (
    "Abre a mesa de revisão do ACERVO: uma aplicação web, no navegador, com a fila de tudo o que a "
    "ferramenta não aplica sozinha (instruções à espera de decisão, atos cuja norma alterada não tem "
    "texto, aplicações que falharam), cada item com a instrução destacada no seu artigo, os "
    "dispositivos da norma na data, as leituras propostas e o resultado antes de gravar. Cada "
    "decisão é uma nova entrada no livro de registro do ato (decisoes.toml: quem, quando, por quê, "
    "sobre que texto), e toda mudança no que se aplica pede uma segunda pessoa, salvo o modo de uma "
    "pessoa escolhido no municipio.toml. Em 127.0.0.1, sem --usuarios, a pessoa é o login do sistema "
    "declarado em [logins] do revisao.toml; em outro endereço, ou com --usuarios, exige login. Veja "
    "docs/revisao.md."
)


def add_arguments(parser) -> None:
    parser.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    parser.add_argument("--endereco", metavar="IP", default="127.0.0.1",
                        help="endereço em que servir (padrão: 127.0.0.1, só este computador)")
    parser.add_argument("--porta", metavar="N", type=port, default=8024, help="porta (padrão: 8024; 0 = uma livre)")
    parser.add_argument("--usuarios", metavar="ARQUIVO", default=None,
                        help="arquivo de usuários (TOML, senhas com scrypt): exige login")
    parser.add_argument("--usuario", metavar="NOME", default=None, help=argparse.SUPPRESS)  # gone: explained when used
    parser.add_argument("--servidor", metavar="NOME", action="append", default=[],
                        help="outro nome pelo qual a mesa é acessada (o de um proxy reverso, ex.: "
                             "revisao.camara.gov.br); pode repetir. Pedidos a nomes não declarados são recusados")
    parser.add_argument("--certificado", metavar="ARQUIVO", default=None,
                        help="serve com TLS (HTTPS): o certificado (PEM); com --chave")
    parser.add_argument("--chave", metavar="ARQUIVO", default=None, help="com --certificado: a chave privada (PEM)")
    parser.add_argument("--atras-de-proxy", action="store_true",
                        help="a mesa está atrás de um proxy reverso nesta máquina (127.0.0.1), que informa o "
                             "endereço de quem acessa e o HTTPS (X-Forwarded-For, X-Forwarded-Proto)")
    parser.add_argument("--cache", metavar="PASTA", default=None,
                        help="cache do acervo (padrão: uma pasta em ~/.cache/lexconsolida; o de 'lexconsolida "
                             "acervo ACERVO -o LISTA' é LISTA/.cache)")
    parser.add_argument("--sem-cache", action="store_true", help="lê o acervo inteiro, sem cache")
    parser.add_argument("--processos", metavar="N", type=positive, default=None,
                        help="processos na primeira leitura do acervo (padrão: 2)")
    parser.add_argument("--adicionar-usuario", metavar="NOME", default=None,
                        help="acrescenta (ou troca a senha de) NOME no arquivo --usuarios e sai; a senha vem "
                             "da entrada padrão")
    parser.add_argument("--papel", choices=["revisor", "leitura"], default="revisor",
                        help="com --adicionar-usuario: revisor (decide) ou leitura (só consulta)")
    parser.add_argument("--nome-completo", metavar="NOME", default=None,
                        help="com --adicionar-usuario: o nome completo, que o registro grava com o login")


def _password() -> str:
    if sys.stdin.isatty():
        first = getpass.getpass("senha: ")
        if getpass.getpass("repita a senha: ") != first:
            raise UsageError("as senhas não conferem")
        return first
    return sys.stdin.readline().rstrip("\n")


def run(args) -> int:
    if args.adicionar_usuario:
        if not args.usuarios:
            raise UsageError("--adicionar-usuario precisa de --usuarios ARQUIVO")
        add_user(Path(args.usuarios), args.adicionar_usuario, _password(), args.papel, args.nome_completo)
        print(f"usuário {args.adicionar_usuario} ({args.papel}) gravado em {args.usuarios}")
        return 0
    return serve(args)


def default_cache(root: Path) -> Path:
    """Where the desk keeps its cache of ``root`` when none is named: the user's cache folder."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:16]
    return base / "lexconsolida" / f"mesa-{digest}"


def serve(args) -> int:
    if args.usuario is not None:
        raise UsageError("--usuario não existe mais: sem --usuarios, a pessoa é o login do sistema, declarado em "
                         "[logins] do revisao.toml do município (docs/revisao.md); com --usuarios, cada um entra "
                         "com o seu usuário e senha")
    if bool(args.certificado) != bool(args.chave):
        raise UsageError("--certificado e --chave vão juntos")
    root = Path(args.acervo)
    local = None
    if args.usuarios is None:
        login = system_login()
        municipios = sorted(p.name for p in root.iterdir() if (p / "municipio.toml").is_file()) if root.is_dir() else []
        local = declared_system_user(root, login, municipios)
        if local is None:
            raise UsageError(f"sem --usuarios, a mesa precisa saber quem a usa: o login do sistema {login!r} não está "
                             "declarado em [logins] do revisao.toml do município (login = \"Nome Completo\"); declare-o, "
                             "ou use --usuarios ARQUIVO")
        if not local.can_decide:
            print(f"aviso: {local.shown} tem papel somente leitura", file=sys.stderr)
    access = load_access(Path(args.usuarios) if args.usuarios else None, args.endereco, local, servers=args.servidor)
    family = socket.AF_INET6 if ":" in args.endereco else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.endereco, args.porta))
        sock.listen(128)  # connections wait in the queue while the acervo is read
    except OSError as err:
        raise UsageError(f"não foi possível usar {args.endereco}:{args.porta} ({err.strerror}); "
                         "escolha outra porta com --porta") from None
    print("lendo o acervo…", file=sys.stderr, flush=True)
    cache = None if args.sem_cache else (args.cache or default_cache(root))
    executor = default_executor(args.processos)
    try:
        desk = Desk(args.acervo, cache_dir=cache, executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    for folder, message in sorted(desk.damaged.items()):
        print(f"erro: registro de decisões danificado em {folder}: {message} — os itens desse ato não podem ser "
              "decididos até que o arquivo seja restaurado", file=sys.stderr, flush=True)
    desk.warm()  # the amending acts recognised in the background, for the first decisions
    desk.watch()  # ledgers changed by another desk or by 'lexconsolida decisoes'
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    scheme = "https" if args.certificado else "http"
    print(f"mesa de revisão: {scheme}://{shown}:{port}/ ({len(desk.open_items)} itens em aberto; Ctrl+C encerra)",
          flush=True)
    config = uvicorn.Config(create_app(desk, access), log_level="warning", access_log=False, lifespan="off",
                            ssl_certfile=args.certificado, ssl_keyfile=args.chave,
                            proxy_headers=args.atras_de_proxy, forwarded_allow_ips="127.0.0.1",
                            timeout_keep_alive=10)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
