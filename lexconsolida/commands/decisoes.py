"""`lexconsolida decisoes ACERVO`: the review desk's queue and decisions from the command line."""

from __future__ import annotations

import getpass
import json
import sys
from pathlib import Path

from lexconsolida.acervo.work import default_executor
from lexconsolida.corpus import ledger
from lexconsolida.corpus.records import Decisao
from lexconsolida.errors import InputError, UsageError
from lexconsolida.review import queue
from lexconsolida.review.desk import Desk, DeskError, now
from lexconsolida.review.readings import ChoiceError, as_written, chosen_operation
from lexconsolida.commands.arguments import positive

DESCRIPTION = (
    "Sem opções, lista a fila de revisão do ACERVO (a mesma da mesa de revisão): cada item com o "
    "seu identificador, o ato, o dispositivo, o problema e a situação. Com --registrar ITEM, grava "
    "uma decisão no decisoes.toml do ato (quem, quando, por quê e o hash do texto da instrução) e a "
    "aplica; com --aprovar ITEM, aprova uma proposta (regra de duas pessoas); com --migrar, move "
    "para o decisoes.toml as decisões ainda escritas no norma.toml. Veja docs/revisao.md."
)
KINDS = {"aplicar": "aprovar a leitura da ferramenta", "ignorar": "rejeitar", "nao-textual": "não textual",
         "adiar": "adiar", "operacoes": "outra leitura (com --tipo, --dispositivo, --texto)"}


def add_arguments(parser) -> None:
    parser.add_argument("acervo", metavar="ACERVO", help="pasta do acervo (formato statutes/)")
    parser.add_argument("--estado", choices=list(queue.STATUSES), default=None,
                        help="lista só os itens nesta situação (padrão: os em aberto)")
    parser.add_argument("--codigo", metavar="CÓDIGO", default=None, help="lista só os itens deste problema")
    parser.add_argument("--ato", metavar="TEXTO", default=None, help="lista só os itens cujo ato contém TEXTO")
    parser.add_argument("--json", action="store_true", help="a lista em JSON")
    parser.add_argument("--registrar", metavar="ITEM", default=None,
                        help="registra uma decisão para ITEM (o identificador que a lista mostra)")
    parser.add_argument("--aprovar", metavar="ITEM", default=None,
                        help="aprova a proposta registrada para ITEM (outra pessoa a propôs)")
    parser.add_argument("--decisao", choices=list(KINDS), default=None, help="com --registrar: a decisão")
    parser.add_argument("--nota", metavar="TEXTO", default=None,
                        help="a justificativa (obrigatória, exceto para aprovar a leitura da ferramenta)")
    parser.add_argument("--usuario", metavar="NOME", default=None,
                        help="quem decide (padrão: o login do sistema)")
    parser.add_argument("--norma", metavar="URN", default=None,
                        help="a norma alterada, quando o item não a identifica ou alcança várias")
    parser.add_argument("--tipo", choices=["redacao", "inclusao", "revogacao"], default=None,
                        help="com --decisao operacoes: a operação")
    parser.add_argument("--dispositivo", metavar="ID", default="",
                        help="com operacoes: o dispositivo (inclusão: onde o novo fica); com nao-textual: "
                             "o dispositivo que recebe a nota")
    parser.add_argument("--rotulo", metavar="RÓTULO", default="", help="com operacoes/inclusao: o rótulo do novo")
    parser.add_argument("--texto", metavar="TEXTO", default="", help="com operacoes: o texto")
    parser.add_argument("--migrar", action="store_true",
                        help="move as [[decisoes]] dos norma.toml do acervo para os decisoes.toml e sai")
    parser.add_argument("--cache", metavar="PASTA", default=None,
                        help="cache do acervo (o de 'lexconsolida acervo ACERVO -o LISTA' é LISTA/.cache)")
    parser.add_argument("--processos", metavar="N", type=positive, default=None,
                        help="processos na leitura do acervo (padrão: 2)")


def run(args) -> int:
    if args.migrar:
        return _migrate(args)
    executor = default_executor(args.processos)
    try:
        desk = Desk(args.acervo, cache_dir=args.cache, executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    user = args.usuario or getpass.getuser()
    if args.aprovar:
        item = _item(desk, args.aprovar)
        try:
            saved = desk.approve(item, user, expected=None)
        except DeskError as err:
            raise UsageError(err.message) from None
        print(f"aprovada: {item.id} (proposta de {saved.responsavel}, aprovada por {user})")
        return 0
    if args.registrar:
        return _record(desk, args, user)
    items = queue.select(desk.items, status=args.estado, code=args.codigo, act=args.ato, sort="impacto")
    if args.json:
        rows = [{"item": i.id, "ato": i.act_label, "dispositivo": i.where, "linha": i.line, "codigo": i.code,
                 "motivo": i.headline, "mensagem": i.message, "normas": i.target_labels, "impacto": i.impact,
                 "situacao": i.status, "responsavel": i.entry.responsavel if i.entry else None}
                for i in items]
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1) + "\n")
        return 0
    for i in items:
        where = i.where or "ato"
        line = f", linha {i.line}" if i.line else ""
        alvo = "; ".join(i.target_labels) or "norma não identificada"
        print(f"{i.id}\n    {i.act_label} ({where}{line}) → {alvo}\n    [{i.status_label}] {i.headline} "
              f"(impacto {i.impact})")
    print(f"{len(items)} item(ns)", file=sys.stderr)
    return 0


def _item(desk: Desk, item_id: str):
    item = desk.item(item_id.strip("/"))
    if item is None:
        raise InputError(f"item não encontrado na fila: {item_id} (liste com: lexconsolida decisoes ACERVO)")
    return item


def _record(desk: Desk, args, user: str) -> int:
    item = _item(desk, args.registrar)
    if args.decisao is None:
        raise UsageError("--registrar precisa de --decisao (" + ", ".join(KINDS) + ")")
    nota = " ".join((args.nota or "").split()) or None
    if args.decisao != "aplicar" and not nota:
        raise UsageError("escreva a justificativa com --nota: ela fica no registro com o seu nome")
    detail = desk.detail(item, args.norma)
    ops = []
    alvo = None
    if args.decisao == "aplicar":
        proposed = next((r for r in detail.readings if r.default), None)
        if proposed is None or proposed.preview is None or not proposed.preview.applies:
            raise UsageError("a ferramenta não tem leitura aplicável para este item: decida de outro modo")
    elif args.decisao == "operacoes":
        if detail.target is None:
            raise UsageError("indique a norma alterada com --norma")
        try:
            op = chosen_operation(args.tipo or "", detail.target, detail.target_label or "", args.dispositivo,
                                  args.rotulo, args.texto, {u.id for u in detail.units})
        except ChoiceError as err:
            raise UsageError(str(err)) from None
        ops = as_written([op])
    elif args.decisao == "nao-textual" and detail.target:
        if args.dispositivo and args.dispositivo not in {u.id for u in detail.units}:
            raise UsageError(f"{args.dispositivo} não existe no texto da norma nessa data")
        alvo = f"{detail.target}!{args.dispositivo}" if args.dispositivo else detail.target
    estado = "proposta" if desk.two_person(detail.act) and args.decisao != "adiar" else "aprovada"
    decisao = Decisao(item.code, args.decisao, item.where, nota, user, now(), ops, alvo, estado,
                      texto_hash=detail.digest)
    saved = desk.record(item, decisao, expected=None)
    again = desk.item(item.id)
    after = again.status_label if again is not None else "resolvido"
    print(f"registrada: {item.id}: {KINDS[saved.decisao]}" + (" (proposta: aguarda aprovação)"
                                                               if saved.estado == "proposta" else "")
          + f"; item agora: {after}")
    print(f"registro: {detail.act.folder / ledger.LEDGER}", file=sys.stderr)
    return 0


def _migrate(args) -> int:
    root = Path(args.acervo)
    if not root.is_dir():
        raise InputError("pasta do acervo não encontrada", path=root)
    moved = 0
    for toml in sorted(root.glob("*/*/norma.toml")):
        m = ledger.migrate(toml.parent)
        if m.entries:
            moved += m.entries
            print(f"{m.entries} decisão(ões) movida(s) para {toml.parent / ledger.LEDGER}")
    print(f"{moved} decisão(ões) migrada(s)")
    return 0

