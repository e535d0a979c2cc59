"""`lexconsolida decisoes ACERVO`: the review desk's queue and decisions from the command line —
the same items, the same identities, the same checks and the same ledger as the desk
(:mod:`lexconsolida.review.service`)."""

from __future__ import annotations

import getpass
import json
import sys
import tomllib
from pathlib import Path

from lexconsolida.acervo.work import default_executor
from lexconsolida.corpus import ledger
from lexconsolida.corpus.ledger import Actor
from lexconsolida.errors import InputError, LexError, UsageError
from lexconsolida.io import read_bytes
from lexconsolida.review import queue, service, words
from lexconsolida.review.desk import Desk
from lexconsolida.review.identity import cli_actor
from lexconsolida.review.own import DROP, KEEP, ROW_KINDS, Row
from lexconsolida.review.service import Choice
from lexconsolida.commands.arguments import positive

DESCRIPTION = (
    "Sem opções, lista a fila de revisão do ACERVO (a mesma da mesa de revisão, com a mesma contagem de "
    "itens em aberto): cada item com o seu identificador, o ato, o dispositivo, o problema e a "
    "situação. Com --registrar ITEM, grava uma decisão no livro de registro do ato (decisoes.toml) e a "
    "aplica; pela regra de duas pessoas, fica como proposta até --aprovar. --historico ITEM mostra cada "
    "entrada do item; --retirar, --descartar e --reverter registram novas entradas. Quem registra é "
    "identificado como na mesa: --usuarios ARQUIVO (a senha é pedida) ou o login do sistema declarado "
    "em [logins] do revisao.toml do município; um nome qualquer é recusado. Veja docs/revisao.md."
)
KINDS = {"aplicar": "aprovar a leitura da ferramenta (ou a oferecida com --leitura)", "ignorar": "rejeitar",
         "nao-textual": "não textual", "adiar": "adiar",
         "operacoes": "outra leitura (com --tipo, --dispositivo, --texto; ou --operacoes ARQUIVO)"}
ACTION_OF = {"aplicar": "aprovar", "ignorar": "rejeitar", "operacoes": "outra", "nao-textual": "nao-textual",
             "adiar": "adiar"}


def add_arguments(parser) -> None:
    parser.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    parser.add_argument("--estado", choices=list(queue.STATUSES), default=None,
                        help="lista só os itens nesta situação (padrão: os em aberto)")
    parser.add_argument("--codigo", metavar="CÓDIGO", default=None, help="lista só os itens deste problema")
    parser.add_argument("--ato", metavar="TEXTO", default=None, help="lista só os itens cujo ato contém TEXTO")
    parser.add_argument("--json", action="store_true", help="a lista (ou o histórico) em JSON")
    g = parser.add_argument_group("decidir")
    g.add_argument("--registrar", metavar="ITEM", nargs="+", default=None,
                   help="registra uma decisão para ITEM (o identificador que a lista mostra); vários itens do "
                        "mesmo problema com ignorar, adiar ou nao-textual: a mesma decisão e justificativa para cada")
    g.add_argument("--decisao", choices=list(KINDS), default=None, help="com --registrar: a decisão")
    g.add_argument("--leitura", metavar="CHAVE", default=None,
                   help="com --decisao aplicar: a leitura oferecida (proposta, trocada, parcial, inteira)")
    g.add_argument("--nota", metavar="TEXTO", default=None,
                   help="a justificativa (obrigatória, exceto para aprovar a leitura da ferramenta)")
    g.add_argument("--norma", metavar="URN", default=None,
                   help="a norma alterada, quando o item não a identifica ou alcança várias")
    g.add_argument("--tipo", choices=list(ROW_KINDS), default=None, help="com --decisao operacoes: a operação")
    g.add_argument("--dispositivo", metavar="ID", default="",
                   help="com operacoes: o dispositivo (inclusão: onde o novo fica); com nao-textual: o que "
                        "recebe a nota")
    g.add_argument("--rotulo", metavar="RÓTULO", default="", help="com operacoes/inclusao: o rótulo do novo")
    g.add_argument("--novo-rotulo", metavar="RÓTULO", default="", help="com operacoes/renumeracao: o novo rótulo")
    g.add_argument("--texto", metavar="TEXTO", default="",
                   help="com operacoes: o texto (várias linhas: o dispositivo e as suas unidades)")
    g.add_argument("--texto-arquivo", metavar="ARQUIVO", default=None,
                   help="com operacoes: o texto, lido de ARQUIVO (um artigo inteiro com incisos e parágrafos)")
    g.add_argument("--subunidades", choices=[KEEP, DROP], default=KEEP,
                   help="com nova redação: o que acontece às unidades em vigor que o texto não traz")
    g.add_argument("--operacoes", metavar="ARQUIVO", default=None,
                   help="com operacoes: várias operações, em ordem, num arquivo TOML ([[operacao]] com tipo, "
                        "dispositivo, rotulo, novo_rotulo, texto, subunidades)")
    g.add_argument("--aprovar", metavar="ITEM", default=None, help="aprova a proposta que espera em ITEM")
    g.add_argument("--descartar", metavar="ITEM", default=None, help="descarta a proposta que espera em ITEM")
    g.add_argument("--retirar", metavar="ITEM", default=None, help="retira a decisão em vigor em ITEM (com --nota)")
    g.add_argument("--reverter", metavar="ITEM", default=None,
                   help="reverte uma entrada de ITEM (com --entrada N e --nota): uma nova entrada traz de volta o "
                        "que valia antes dela")
    g.add_argument("--entrada", metavar="N", type=int, default=None, help="com --reverter: o número da entrada")
    g.add_argument("--historico", metavar="ITEM", default=None, help="mostra cada entrada do registro de ITEM")
    i = parser.add_argument_group("quem registra")
    i.add_argument("--usuarios", metavar="ARQUIVO", default=None,
                   help="o arquivo de usuários da mesa: registra como --usuario (a senha é pedida, ou lida da "
                        "entrada padrão)")
    i.add_argument("--usuario", metavar="LOGIN", default=None,
                   help="com --usuarios: o seu login (padrão: o login do sistema); sem --usuarios, só o login "
                        "do sistema, declarado em [logins] do revisao.toml do município")
    parser.add_argument("--migrar", action="store_true",
                        help="passa os registros de decisões do formato anterior para o livro de registro e sai")
    parser.add_argument("--cache", metavar="PASTA", default=None,
                        help="cache do acervo (o de 'lexconsolida acervo ACERVO -o LISTA' é LISTA/.cache)")
    parser.add_argument("--processos", metavar="N", type=positive, default=None,
                        help="processos na leitura do acervo (padrão: 2)")


def _password(login: str) -> str:
    if sys.stdin.isatty():
        return getpass.getpass(f"senha de {login}: ")
    return sys.stdin.readline().rstrip("\n")


def _writing(args) -> bool:
    return any((args.registrar, args.aprovar, args.descartar, args.retirar, args.reverter))


def run(args) -> int:
    if args.migrar:
        return _migrate(args)
    root = Path(args.acervo)
    executor = default_executor(args.processos)
    try:
        desk = Desk(root, cache_dir=args.cache, executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    if desk.damaged:
        folder, message = sorted(desk.damaged.items())[0]
        more = f" (e mais {len(desk.damaged) - 1} registro(s) danificado(s))" if len(desk.damaged) > 1 else ""
        raise InputError(f"registro de decisões danificado em {folder}: {message}{more}; a fila não pode ser "
                         "mostrada inteira: restaure o arquivo (git) e rode de novo")
    if args.historico:
        return _history(desk, args)
    if _writing(args):
        item_id = (args.registrar or [args.aprovar or args.descartar or args.retirar or args.reverter])[0]
        actor = cli_actor(root, _item(desk, item_id).pasta.split("/", 1)[0],
                          users_file=Path(args.usuarios) if args.usuarios else None, usuario=args.usuario,
                          password=_password)
        try:
            return _write(desk, args, actor)
        except ledger.Conflict:
            raise InputError("conflito: o registro do item mudou enquanto o acervo era lido (outra pessoa decidiu): "
                             "rode de novo para ver o registro atual") from None
    items = queue.select(desk.items, status=args.estado, code=args.codigo, act=args.ato, sort="impacto")
    if args.json:
        rows = [{"item": i.id, "ato": i.act_label, "dispositivo": i.where, "linha": i.line, "codigo": i.code,
                 "motivo": queue.headline(i), "mensagem": i.message, "normas": i.target_labels, "impacto": i.impact,
                 "situacao": i.status, "responsavel": i.entry.responsavel if i.entry else None,
                 "proposta_de": i.proposal.responsavel if i.proposal else None} for i in items]
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1) + "\n")
        return 0
    for i in items:
        line = f", linha {i.line}" if i.line else ""
        alvo = "; ".join(i.target_labels) or "norma não identificada"
        print(f"{i.id}\n    {i.act_label} ({words.cite_unit(i.where)}{line}) → {alvo}\n"
              f"    [{queue.status_label(i)}] {queue.headline(i)} (impacto {i.impact})")
    print(f"{len(items)} item(ns); {len(desk.open_items)} em aberto no acervo", file=sys.stderr)
    return 0


def _item(desk: Desk, item_id: str):
    item = desk.item(item_id.strip("/"))
    if item is None:
        raise InputError(f"item não encontrado na fila: {item_id} (liste com: lexconsolida decisoes ACERVO)")
    return item


def _rows(args) -> list[Row]:
    if args.operacoes:
        path = Path(args.operacoes)
        try:
            table = tomllib.loads(read_bytes(path).decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            raise InputError(f"arquivo de operações inválido: {err}", path=path) from None
        rows = []
        for n, r in enumerate(table.get("operacao", []), 1):
            if not isinstance(r, dict) or r.get("tipo") not in ROW_KINDS:
                raise InputError(f"[[operacao]] nº {n}: 'tipo' deve ser um de {', '.join(ROW_KINDS)}", path=path)
            rows.append(Row(r["tipo"], str(r.get("dispositivo", "")), str(r.get("rotulo", "")), str(r.get("texto", "")),
                            str(r.get("novo_rotulo", "")), str(r.get("subunidades", KEEP))))
        return rows
    text = args.texto
    if args.texto_arquivo:
        text = read_bytes(Path(args.texto_arquivo)).decode("utf-8")
    return [Row(args.tipo or "", args.dispositivo, args.rotulo, text, args.novo_rotulo, args.subunidades)]


def _choice(args) -> Choice:
    if args.decisao is None:
        raise UsageError("--registrar precisa de --decisao (" + ", ".join(KINDS) + ")")
    acao = ACTION_OF[args.decisao]
    nota = " ".join((args.nota or "").split()) or None
    if acao == "outra":
        if args.tipo is None and not args.operacoes:
            raise UsageError("--decisao operacoes precisa de --tipo (ou de --operacoes ARQUIVO)")
        return Choice(acao, nota, args.norma, rows=_rows(args))
    if acao == "aprovar":
        return Choice(acao, nota, args.norma, leitura=args.leitura or "proposta")
    return Choice(acao, nota, args.norma, alvo_nota=args.dispositivo or None if acao == "nao-textual" else None)


def _write(desk: Desk, args, actor: Actor) -> int:
    if args.registrar:
        items = [_item(desk, i) for i in args.registrar]
        choice = _choice(args)
        if len(items) > 1:
            done = service.bulk(desk, items, choice.acao, choice.nota or "", actor,
                                {i.id: desk.detail(i).version for i in items})
            failed = 0
            for it, res in done:
                if isinstance(res, str):
                    failed += 1
                    print(f"não gravado: {it.id}: {res}", file=sys.stderr)
                else:
                    print(f"registrada: {it.id} (entrada nº {res.n}{', proposta' if res.estado == 'proposta' else ''})")
            return 2 if failed else 0
        (item,) = items
        try:
            detail = desk.detail(item, args.norma)
            entry = service.decide(desk, item, choice, actor, expected=detail.version)
        except LexError as err:
            raise UsageError(err.message) from None
        again = desk.item(item.id)
        after = queue.status_label(again) if again is not None else "resolvido"
        what = "proposta registrada (aguarda a aprovação de outra pessoa)" if entry.estado == "proposta" else "registrada"
        print(f"{what}: {item.id}: {KINDS[args.decisao]} — entrada nº {entry.n} de {item.pasta}/{ledger.LEDGER}; "
              f"item agora: {after}")
        return 0
    item = _item(desk, args.aprovar or args.descartar or args.retirar or args.reverter)
    detail = desk.detail(item, args.norma)
    try:
        if args.aprovar or args.descartar:
            if detail.pending is None:
                raise UsageError("não há proposta pendente neste item")
            if args.aprovar:
                entry = service.approve(desk, item.act, detail.pending.n, actor, expected=detail.version,
                                        nota=args.nota)
                print(f"aprovada: {item.id} (proposta nº {detail.pending.n} de {detail.pending.who}, aprovada por "
                      f"{actor.shown}; entrada nº {entry.n})")
            else:
                entry = service.discard(desk, item.act, detail.pending.n, actor, args.nota or "", expected=detail.version)
                print(f"descartada: {item.id} (proposta nº {detail.pending.n}; entrada nº {entry.n})")
        elif args.retirar:
            entry = service.withdraw(desk, item, actor, args.nota or "", expected=detail.version)
            print(f"retirada {'proposta' if entry.estado == 'proposta' else 'registrada'}: {item.id} "
                  f"(entrada nº {entry.n})")
        else:
            if args.entrada is None:
                raise UsageError("--reverter precisa de --entrada N (veja os números com --historico ITEM)")
            entry = service.revert(desk, item.act, args.entrada, actor, args.nota or "", expected=detail.version)
            print(f"reversão {'proposta' if entry.estado == 'proposta' else 'registrada'}: {item.id} "
                  f"(entrada nº {entry.n}, reverte a nº {args.entrada})")
    except LexError as err:
        raise UsageError(err.message) from None
    return 0


def _history(desk: Desk, args) -> int:
    item = _item(desk, args.historico)
    detail = desk.detail(item)
    entries = detail.history
    if args.json:
        sys.stdout.write(json.dumps([e.table for e in entries], ensure_ascii=False, indent=1, default=str) + "\n")
        return 0
    print(f"{item.id} — {queue.headline(item)} [{queue.status_label(item)}]")
    for e in entries:
        dec = service.entry_decision(desk, item.act, e)
        what = f": {dec.decisao}" if dec is not None else ""
        extra = "".join(f"; {k} nº {e.get(k)}" for k in ("aprova", "descarta", "substitui", "reverte") if e.get(k))
        print(f"  nº {e.n} {e.evento}{what}{' (proposta)' if e.estado == 'proposta' else ''} — {e.who}, "
              f"{words.when(e.quando)} ({e.get('via', 'mesa')}; {e.regra}){extra}")
        if e.nota:
            print(f"      por quê: {e.nota}")
    if not entries:
        print("  nenhuma entrada no registro")
    return 0


def _migrate(args) -> int:
    root = Path(args.acervo)
    if not root.is_dir():
        raise InputError("pasta do acervo não encontrada", path=root)
    moved = 0
    folders = sorted({p.parent for p in root.glob("*/*/norma.toml")})
    for folder in folders:
        m = ledger.migrate(folder)
        if m.entries:
            moved += m.entries
            print(f"{m.entries} entrada(s) no livro de registro {folder / ledger.LEDGER}")
    print(f"{moved} entrada(s) migrada(s)")
    return 0
