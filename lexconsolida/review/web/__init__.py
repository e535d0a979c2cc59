"""The review desk as a web application: Starlette (ASGI), served by uvicorn with a thread pool.

Laid out as small well-known apps are: routes by area (:mod:`.fila` the queue, :mod:`.itens`
one item and its decisions, :mod:`.atos` an act and its efficacy events, :mod:`.entrada`
login), what they share in :mod:`.base` (templates, sessions, guards, security headers), who
may come in in :mod:`.access`; the decisions themselves are :mod:`lexconsolida.review.service`'s,
apart from HTTP, so that the command line records through the same functions. Pages work as
plain HTML forms; a small script adds keyboard shortcuts and the live preview (without it,
everything still works, the preview in one more step). No build step, no CDN.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from lexconsolida import http_errors
from lexconsolida.review.desk import Desk
from lexconsolida.review.web import atos, entrada, fila, itens
from lexconsolida.review.web.access import Access, load_access
from lexconsolida.review.web.base import Guard, Web

STATIC = {"mesa.css": "text/css; charset=utf-8", "mesa.js": "text/javascript; charset=utf-8"}


def create_app(desk: Desk, access: Access) -> Starlette:
    """The desk's application (wrapped in :class:`~lexconsolida.review.web.base.Guard`)."""
    web = Web(desk, access)

    async def estatico(request: Request) -> Response:
        name = request.path_params["nome"]
        if name not in STATIC:
            return http_errors.error_page(404)
        resp = Response((web.static_dir / name).read_bytes(), media_type=STATIC[name])
        resp.headers["Cache-Control"] = "no-cache"
        return resp

    routes = [*fila.routes(web), *itens.routes(web), *atos.routes(web), *entrada.routes(web),
              Route("/estatico/{nome}", estatico)]
    # every error page in Portuguese: a 404 or 405 of Starlette's, and any exception (a defect, or
    # an act's folder that vanished while the desk was open) a pt-BR 500 page, never a bare
    # "Internal Server Error" (the traceback stays in the server's log)
    app = Starlette(routes=routes, exception_handlers=http_errors.handlers())
    app.state.desk = desk
    app.state.web = web
    app.add_middleware(Guard, access=access)
    return app


__all__ = ["Access", "create_app", "load_access"]
