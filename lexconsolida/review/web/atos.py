"""An act's page: its history as compiled now, its open items, its text in force, and its
efficacy events — recorded, proposed, approved, withdrawn through the same ledger and rule as
every decision."""

from __future__ import annotations

from datetime import date

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from lexconsolida.corpus import ledger
from lexconsolida.errors import LexError
from lexconsolida.model.efficacy import KINDS
from lexconsolida.model.efficacy_events import Decision, Efficacy, check_date
from lexconsolida.review import service
from lexconsolida.review.acts import act_view
from lexconsolida.review.web.base import Web, route


def efficacy_from_form(fields: dict[str, str]) -> Efficacy:
    """An efficacy event from the desk's form (ValueError in Portuguese for a bad date or kind)."""
    def text(key: str) -> str | None:
        value = " ".join((fields.get(key) or "").split())
        return value or None

    kind = text("tipo") or ""
    if kind not in KINDS:
        raise ValueError(f"escolha o tipo do evento ({', '.join(KINDS)})")
    decision = None
    if text("decisao_tipo") or text("decisao_numero") or text("decisao_data"):
        link = text("decisao_link")
        if link and not link.startswith(("https://", "http://")):
            raise ValueError("o endereço da decisão deve começar com https:// ou http://")
        decision = Decision(text("decisao_tipo") or "", text("decisao_numero"), text("decisao_orgao"),
                            check_date(text("decisao_data")), text("decisao_relator"), link)
    units = tuple(u.strip() for u in (fields.get("dispositivos") or "").replace(";", ",").split(",") if u.strip())
    if not text("nota") and kind in ("interpretacao-conforme",):
        raise ValueError("escreva na nota a leitura que o tribunal fixou")
    return Efficacy(kind, decision, units, check_date(text("inicio")), check_date(text("fim")), text("nota"),
                    text("fonte"), recorded=date.today().isoformat())


def _act(web: Web, request: Request):
    pasta = request.path_params["pasta"]
    return next((a for a in web.desk.ac.acts.values() if a.pasta == pasta), None)


def _page(web: Web, request: Request, res, status: int = 200, **ctx) -> Response:
    desk = web.desk
    act = desk.ac.corpus.acts[res.urn]
    view = act_view(desk, res.urn, request.query_params.get("passo"))
    folded = desk.ledger(act)
    return web.page(request, "ato.html", status, v=view, registro=folded, regra=desk.rule(act),
                    versao_eficacia=folded.efficacy_version(), **ctx)


def ato(web: Web, request: Request, form: FormData | None) -> Response:
    if (r := web.guard(request, None)) is not None:
        return r
    res = _act(web, request)
    if res is None:
        return web.refuse(request, "ato não encontrado no acervo", 404)
    ok = {"eficacia": "Evento de eficácia registrado.", "removido": "Retirada do evento registrada.",
          "aprovada": "Proposta aprovada e aplicada.", "descartada": "Proposta descartada."}
    return _page(web, request, res, aviso=ok.get(request.query_params.get("ok", "")))


def eficacia(web: Web, request: Request, form: FormData | None) -> Response:
    """Record an efficacy event of the act (a court's decision …): checked against its text
    first; the form comes back with the reasons when it does not fit."""
    if (r := web.guard(request, form, decide=True)) is not None:
        return r
    res = _act(web, request)
    if res is None:
        return web.refuse(request, "ato não encontrado no acervo", 404)
    fields = {k: str(v) for k, v in (form or {}).items()}
    try:
        ev = efficacy_from_form(fields)
        service.record_efficacy(web.desk, res.urn, ev, web.actor(request), replace_id=fields.get("substituir") or None,
                                nota=fields.get("justificativa") or None, expected=fields.get("versao") or None)
    except ledger.Conflict:
        return _page(web, request, res, 409, erro_eficacia="outra pessoa registrou um evento de eficácia deste ato "
                                                           "enquanto você preenchia: releia e registre de novo",
                     campos=fields)
    except (ValueError, LexError) as err:
        return _page(web, request, res, 422, erro_eficacia=str(getattr(err, "message", err)), campos=fields)
    return web.redirect(request, f"/ato/{res.pasta}?ok=eficacia#eficacia")


def eficacia_remover(web: Web, request: Request, form: FormData | None) -> Response:
    if (r := web.guard(request, form, decide=True)) is not None:
        return r
    res = _act(web, request)
    if res is None:
        return web.refuse(request, "ato não encontrado no acervo", 404)
    fields = {k: str(v) for k, v in (form or {}).items()}
    try:
        service.remove_efficacy(web.desk, res.urn, fields.get("id", ""), web.actor(request), fields.get("nota", ""),
                                expected=fields.get("versao") or None)
    except ledger.Conflict:
        return _page(web, request, res, 409, erro_eficacia="os eventos deste ato mudaram: releia e tente de novo")
    except LexError as err:
        return _page(web, request, res, 422, erro_eficacia=err.message)
    return web.redirect(request, f"/ato/{res.pasta}?ok=removido#eficacia")


def proposta(web: Web, request: Request, form: FormData | None) -> Response:
    """Approve or discard a proposal of the act's ledger (its efficacy events)."""
    if (r := web.guard(request, form, decide=True)) is not None:
        return r
    res = _act(web, request)
    if res is None:
        return web.refuse(request, "ato não encontrado no acervo", 404)
    fields = {k: str(v) for k, v in (form or {}).items()}
    try:
        n = int(fields.get("entrada", "0"))
        if fields.get("acao") == "descartar":
            service.discard(web.desk, res.urn, n, web.actor(request), fields.get("nota", ""), expected=None)
            ok = "descartada"
        else:
            service.approve(web.desk, res.urn, n, web.actor(request), expected=None)
            ok = "aprovada"
    except ValueError:
        return _page(web, request, res, 422, erro_eficacia="entrada do registro inválida")
    except LexError as err:
        return _page(web, request, res, 403 if "duas pessoas" in err.message else 422, erro_eficacia=err.message)
    return web.redirect(request, f"/ato/{res.pasta}?ok={ok}#eficacia")


def routes(web: Web) -> list:
    return [
        route(web, "/ato/{pasta:path}/eficacia/remover", eficacia_remover, ("POST",)),
        route(web, "/ato/{pasta:path}/eficacia", eficacia, ("POST",)),
        route(web, "/ato/{pasta:path}/proposta", proposta, ("POST",)),
        route(web, "/ato/{pasta:path}", ato),
    ]
