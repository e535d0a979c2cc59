"""`lexconsolida mesa ACERVO`: the review desk, a local web application."""

from __future__ import annotations

import getpass
import socket
import sys
from pathlib import Path

import uvicorn

from lexconsolida.acervo.work import default_executor
from lexconsolida.errors import UsageError
from lexconsolida.review.app import create_app, load_access
from lexconsolida.review.auth import add_user
from lexconsolida.review.desk import Desk
from lexconsolida.commands.arguments import port, positive

DESCRIPTION = (
    "Abre a mesa de revisão do ACERVO: uma aplicação web local, no navegador, com a fila de tudo "
    "o que a ferramenta não aplica sozinha (instruções à espera de decisão, atos cuja norma alterada "
    "não tem texto, aplicações que falharam), cada item com a instrução destacada no seu artigo, os "
    "dispositivos da norma na data, as leituras propostas e o resultado antes de gravar. As decisões "
    "ficam no decisoes.toml de cada ato alterador (quem, quando, por quê) e são aplicadas na hora. "
    "Em 127.0.0.1 não pede login (a pessoa é --usuario, ou o login do sistema); em outro endereço, "
    "ou com --usuarios, exige login. Veja docs/revisao.md."
)


def add_arguments(parser) -> None:
    parser.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    parser.add_argument("--endereco", metavar="IP", default="127.0.0.1",
                        help="endereço em que servir (padrão: 127.0.0.1, só este computador)")
    parser.add_argument("--porta", metavar="N", type=port, default=8024, help="porta (padrão: 8024; 0 = uma livre)")
    parser.add_argument("--usuarios", metavar="ARQUIVO", default=None,
                        help="arquivo de usuários (TOML, senhas com scrypt): exige login")
    parser.add_argument("--usuario", metavar="NOME", default=None,
                        help="sem login (127.0.0.1): o nome registrado nas decisões (padrão: o login do sistema)")
    parser.add_argument("--cache", metavar="PASTA", default=None,
                        help="cache do acervo (o de 'lexconsolida acervo ACERVO -o LISTA' é LISTA/.cache)")
    parser.add_argument("--processos", metavar="N", type=positive, default=None,
                        help="processos na primeira leitura do acervo (padrão: 2)")
    parser.add_argument("--adicionar-usuario", metavar="NOME", default=None,
                        help="acrescenta (ou troca a senha de) NOME no arquivo --usuarios e sai; a senha vem "
                             "da entrada padrão")
    parser.add_argument("--papel", choices=["revisor", "leitura"], default="revisor",
                        help="com --adicionar-usuario: revisor (decide) ou leitura (só consulta)")
    parser.add_argument("--nome-completo", metavar="NOME", default=None,
                        help="com --adicionar-usuario: o nome mostrado")


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


def serve(args) -> int:
    access = load_access(Path(args.usuarios) if args.usuarios else None, args.endereco,
                         args.usuario or getpass.getuser())
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
    executor = default_executor(args.processos)
    try:
        desk = Desk(args.acervo, cache_dir=args.cache, executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    desk.warm()  # the amending acts recognised in the background, for the first decisions
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    open_items = sum(1 for i in desk.items if i.status != "decidida")
    print(f"mesa de revisão: http://{shown}:{port}/ ({open_items} itens em aberto; Ctrl+C encerra)", flush=True)
    config = uvicorn.Config(create_app(desk, access), log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
    return 0
