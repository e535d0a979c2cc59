"""One item: its page (the instruction, the target on that date, the readings with their exact
preview, the record and its history), and every decision on it — through
:mod:`lexconsolida.review.service`, as the command line does."""

from __future__ import annotations

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from lexconsolida.acervo.items import Item
from lexconsolida.corpus import ledger
from lexconsolida.errors import LexError
from lexconsolida.review import queue, service
from lexconsolida.review.service import ROWS, Choice, NeedsConfirmation, choice_from_form
from lexconsolida.review.web.base import Web, route

MESSAGES = {
    "registrada": "Decisão registrada e aplicada: o resultado abaixo já a considera.",
    "proposta": "Proposta registrada: aguarda a aprovação de outra pessoa (regra de duas pessoas).",
    "aprovada": "Proposta aprovada e aplicada.",
    "descartada": "Proposta descartada: nada do que se aplica mudou.",
    "retirada": "Retirada registrada.",
    "revertida": "Reversão registrada.",
}


def _item(web: Web, request: Request) -> Item | None:
    return web.desk.item(request.path_params["item"])


def _fields(form: FormData | None) -> dict[str, str]:
    return {k: str(v) for k, v in form.items()} if form is not None else {}


def _rows_shown(fields: dict[str, str]) -> int:
    used = [n for n in range(1, 100) if fields.get(f"tipo_{n}") or fields.get(f"unidade_{n}")
            or fields.get(f"texto_{n}")]
    wanted = max(used, default=1) + (1 if fields.get("mais") else 0)
    return max(1, min(wanted, 30))


def item_page(web: Web, request: Request, item: Item, *, status: int = 200, candidate=None,
              message: str | None = None, error: str | None = None, conflict=None,
              fields: dict | None = None) -> Response:
    fields = fields or {}
    target = request.query_params.get("alvo") or fields.get("alvo") or None
    desk = web.desk
    detail = desk.detail(item, target)
    prev, nxt = desk.neighbours(item, queue.select(desk.items))
    tokens = {r.key: Choice("aprovar", None, detail.target, r.key).token(item, detail.target)
              for r in detail.readings}
    return web.page(request, "item.html", status, d=detail, item=item, anterior=prev, proximo=nxt,
                    candidato=candidate, aviso=message, erro=error, conflito=conflict, campos=fields,
                    tokens=tokens, linhas=_rows_shown(fields), max_linhas=ROWS,
                    decisao_de=lambda e: service.entry_decision(desk, item.act, e))


def show(web: Web, request: Request, form: FormData | None) -> Response:
    if (r := web.guard(request, None)) is not None:
        return r
    item = _item(web, request)
    if item is None:
        return web.refuse(request, "item não encontrado (talvez já decidido: volte à fila)", 404)
    return item_page(web, request, item, message=MESSAGES.get(request.query_params.get("ok", "")))


def _after(web: Web, request: Request, item: Item, ok: str) -> Response:
    again = web.desk.item(item.id)
    where = f"/item/{item.id}?ok={ok}" if again is not None else f"/?feito={item.id}"
    return web.redirect(request, where)


def decidir(web: Web, request: Request, form: FormData | None) -> Response:
    if (r := web.guard(request, form, decide=True)) is not None:
        return r
    item = _item(web, request)
    if item is None:
        return web.refuse(request, "item não encontrado (talvez já decidido por outra pessoa: volte à fila)", 404)
    fields = _fields(form)
    choice = choice_from_form(fields)
    actor = web.actor(request)
    if fields.get("mais"):  # one more operation row (without the script)
        return item_page(web, request, item, fields=fields)
    token = fields.get("previa", "")
    if "so_previa" in fields:
        token = "-"  # never a token: show the result first
    try:
        entry = service.decide(web.desk, item, choice, actor, expected=fields.get("versao", ""), token=token)
    except NeedsConfirmation as need:
        p = need.proposal
        return item_page(web, request, item, candidate={"decisao": p.decisao, "previa": p.preview, "token": p.token,
                                                         "efeito": p.takes_effect, "regra": p.rule},
                         fields=fields)
    except ledger.Conflict as c:
        return item_page(web, request, item, status=409, conflict={"atual": c.current, "sua": choice}, fields=fields)
    except LexError as err:
        return item_page(web, request, item, status=422, error=err.message, fields=fields)
    return _after(web, request, item, "proposta" if entry.estado == "proposta" else "registrada")


def previa(web: Web, request: Request, form: FormData | None) -> Response:
    """The live preview of the form as it stands (the script's request): a fragment, from the
    same function the decision uses."""
    if (r := web.guard(request, form)) is not None:
        return r
    item = _item(web, request)
    if item is None:
        return PlainTextResponse("item não encontrado", status_code=404)
    fields = _fields(form)
    choice = choice_from_form({**fields, "nota": fields.get("nota") or "(prévia)"})
    real = choice_from_form(fields)
    try:
        p = service.prepare(web.desk, item, choice, web.actor(request))
    except LexError as err:
        return web.page(request, "previa.html", previa=None, erro=err.message, token="", efeito=None)
    return web.page(request, "previa.html", previa=p.preview, erro=None, token=real.token(item, p.detail.target),
                    efeito=p.takes_effect)


def _entry_action(web: Web, request: Request, form: FormData | None, action: str) -> Response:
    if (r := web.guard(request, form, decide=True)) is not None:
        return r
    item = _item(web, request)
    if item is None:
        return web.refuse(request, "item não encontrado", 404)
    fields = _fields(form)
    actor = web.actor(request)
    try:
        n = int(fields.get("entrada", "0") or 0)
        versao = fields.get("versao", "")
        nota = fields.get("nota", "")
        if action == "aprovar":
            service.approve(web.desk, item.act, n, actor, expected=versao, nota=nota.strip() or None)
        elif action == "descartar":
            service.discard(web.desk, item.act, n, actor, nota, expected=versao)
        elif action == "retirar":
            service.withdraw(web.desk, item, actor, nota, expected=versao)
        elif action == "reverter":
            service.revert(web.desk, item.act, n, actor, nota, expected=versao)
    except ledger.Conflict as c:
        return item_page(web, request, item, status=409, conflict={"atual": c.current, "sua": None})
    except ValueError:
        return item_page(web, request, item, status=422, error="entrada do registro inválida: recarregue a página")
    except LexError as err:
        status = 403 if "duas pessoas" in err.message else 422
        return item_page(web, request, item, status=status, error=err.message)
    ok = {"aprovar": "aprovada", "descartar": "descartada", "retirar": "retirada", "reverter": "revertida"}[action]
    return _after(web, request, item, ok)


def aprovar(web: Web, request: Request, form: FormData | None) -> Response:
    return _entry_action(web, request, form, "aprovar")


def descartar(web: Web, request: Request, form: FormData | None) -> Response:
    return _entry_action(web, request, form, "descartar")


def retirar(web: Web, request: Request, form: FormData | None) -> Response:
    return _entry_action(web, request, form, "retirar")


def reverter(web: Web, request: Request, form: FormData | None) -> Response:
    return _entry_action(web, request, form, "reverter")


def routes(web: Web) -> list:
    return [
        route(web, "/item/{item:path}/decidir", decidir, ("POST",)),
        route(web, "/item/{item:path}/previa", previa, ("POST",)),
        route(web, "/item/{item:path}/aprovar", aprovar, ("POST",)),
        route(web, "/item/{item:path}/descartar", descartar, ("POST",)),
        route(web, "/item/{item:path}/retirar", retirar, ("POST",)),
        route(web, "/item/{item:path}/reverter", reverter, ("POST",)),
        route(web, "/item/{item:path}", show),
    ]
