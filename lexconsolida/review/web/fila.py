"""The queue: filters, counts, and one decision with one reason for several items of one kind."""

from __future__ import annotations

import time

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from lexconsolida.errors import LexError
from lexconsolida.review import queue, service
from lexconsolida.review.web.base import Web, route

FILTERS = ("estado", "codigo", "grupo", "ano", "ato", "idade", "origem")
SHOWN = 200
"""Rows on one page of the queue (the filters narrow it; the count is always the whole)."""


def fila(web: Web, request: Request, form: FormData | None) -> Response:
    started = time.perf_counter()
    if (r := web.guard(request, None)) is not None:
        return r
    q = request.query_params
    filters = {k: q.get(k) or None for k in FILTERS}
    ordem = q.get("ordem") or "impacto"
    items = web.desk.items
    shown = queue.select(items, status=filters["estado"], code=filters["codigo"], group=filters["grupo"],
                         year=filters["ano"], act=filters["ato"], age=filters["idade"], origin=filters["origem"],
                         sort=ordem)
    lote = bool(filters["codigo"]) and (filters["estado"] in (None, "pendente", "reaberta", "adiada"))
    resp = web.page(request, "fila.html", itens=shown[:SHOWN], total=len(shown), filtros=filters, ordem=ordem,
                    contagens=queue.counts(items), query=str(request.url.query), lote=lote,
                    feito=q.get("feito"), resultado=None)
    resp.headers["Server-Timing"] = f"fila;dur={(time.perf_counter() - started) * 1000:.1f}"
    return resp


def lote(web: Web, request: Request, form: FormData | None) -> Response:
    """One decision, one reason, on the items ticked (all of one problem)."""
    if (r := web.guard(request, form, decide=True)) is not None:
        return r
    assert form is not None
    ids = [str(v) for v in form.getlist("itens")]
    items = [web.desk.item(i) for i in ids]
    found = [i for i in items if i is not None]
    if not found:
        return web.refuse(request, "marque os itens a decidir", 422)
    changed = [i for i in found if str(form.get(f"estado:{i.id}", i.status)) != i.status]
    todo = [i for i in found if i not in changed]
    try:
        versions = {i.id: web.desk.detail(i).version for i in todo}
        done = service.bulk(web.desk, todo, str(form.get("acao", "")), str(form.get("nota", "")).strip(),
                            web.actor(request), versions)
    except LexError as err:
        return web.refuse(request, err.message, 422)
    # each row: the item, the entry recorded (a proposal under the two-person rule, or in force),
    # or why nothing was recorded
    rows = [(it, None, res) if isinstance(res, str) else (it, res, None) for it, res in done]
    rows += [(it, None, "mudou desde que a fila foi aberta: nada gravado; decida-o na página do item") for it in changed]
    return web.page(request, "lote.html", linhas=rows, acao=str(form.get("acao", "")), nota=str(form.get("nota", "")))


def routes(web: Web) -> list:
    return [route(web, "/", fila), route(web, "/lote", lote, ("POST",))]
