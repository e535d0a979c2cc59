"""What every page of the review desk shares: the templates, the session, the guards, the
security headers, and the way a route runs.

Routes are plain functions ``(web, request, form) → Response`` run in the server's thread pool
(:func:`route`): one slow page (a decision recompiling a history) never holds up another, and
nothing in a request sleeps. Pages are rendered from ``data/templates/mesa/`` (one template per
page, partials for what pages share) with the project's Jinja2 policy (autoescape, strict
names).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from lexconsolida.corpus import journal
from lexconsolida.corpus.ledger import DESK, Actor
from lexconsolida.errors import LexError
from lexconsolida.amendments.model import KIND_NAMES
from lexconsolida.model.efficacy import KINDS
from lexconsolida.review import queue, words
from lexconsolida.review.auth import ROLES, Session, Sessions, User, csrf_ok
from lexconsolida.review.desk import Desk
from lexconsolida.review.identity import ONE_PERSON_NOTICE, actor_of, rule_for
from lexconsolida.review.own import ROW_KINDS, SUBUNITS
from lexconsolida.review.service import ACTIONS
from lexconsolida.review.throttle import Throttle
from lexconsolida.review.web.access import Access
from lexconsolida.templating import TEMPLATE_DIRS, make_environment

COOKIE = "mesa_sessao"
PRE_COOKIE = "mesa_entrada"
DECISION_LABELS = {"aplicar": "aprovada a leitura da ferramenta", "operacoes": "outra leitura (operações escritas)",
                   "nao-textual": "alteração não textual", "ignorar": "rejeitada (não se aplica)",
                   "adiar": "adiada"}
HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}


def _env():
    folders = [str(d) for d in TEMPLATE_DIRS if d.is_dir()]
    env = make_environment(folders)
    env.globals.update(STATUSES=queue.STATUSES, GROUPS=queue.GROUPS, AGES=queue.AGES, ACTIONS=ACTIONS,
                       DECISION_LABELS=DECISION_LABELS, ROLES=ROLES, EFFICACY_KINDS=KINDS, ROW_KINDS=ROW_KINDS,
                       SUBUNITS=SUBUNITS, EVENTS=journal.EVENTS, IDENTIFICATION=journal.IDENTIFICATION,
                       OP_NAMES=KIND_NAMES)
    env.filters["cita"] = words.cite_unit
    env.filters["quando"] = words.when
    env.filters["humano"] = words.humanize
    env.globals["cabecalho"] = queue.headline
    env.globals["cabecalho_codigo"] = words.problem_headline
    env.globals["situacao"] = queue.status_label
    return env


class Web:
    """The desk's web side: the desk, who may use it, sessions, login throttling, templates."""

    def __init__(self, desk: Desk, access: Access) -> None:
        self.desk = desk
        self.access = access
        self.env = _env()
        self.sessions = Sessions()
        self.throttle = Throttle()
        self._rules: tuple[float, dict[str, str]] = (-1e9, {})
        self.server_key = secrets.token_bytes(32)
        self.static_dir = Path(TEMPLATE_DIRS[0]) / "mesa"
        muns = sorted(desk.ac.corpus.municipios.values(), key=lambda m: m.folder)
        self.title = (f"Mesa de revisão — {muns[0].nome}-{muns[0].uf}" if len(muns) == 1
                      else "Mesa de revisão")

    # --- sessions and people ------------------------------------------------------------------
    def session_of(self, request: Request) -> Session | None:
        s = self.sessions.get(request.cookies.get(COOKIE))
        if s is None and not self.access.login and self.access.local_user is not None:
            s = self.sessions.open(self.access.local_user)
            request.state.new_cookie = s.token
        return s

    def actor(self, request: Request) -> Actor:
        user: User = request.state.session.user
        return actor_of(user, DESK, "senha" if self.access.login else "login do sistema")

    # --- pages --------------------------------------------------------------------------------
    def notices(self) -> dict:
        """What every page says at its top: the one-person mode where chosen, damaged ledgers, acts
        left out, and the one count of open items."""
        desk = self.desk
        now = time.monotonic()
        if now - self._rules[0] > 2.0:  # read again every 2 s: a change counts without a restart
            rules = {}
            for m in sorted(desk.ac.corpus.municipios):
                try:
                    rules[m] = rule_for(desk.root, m)
                except LexError:  # a broken municipio.toml is the acervo's error, shown elsewhere
                    rules[m] = journal.TWO
            self._rules = (now, rules)
        rules = self._rules[1]
        one = [m for m, r in rules.items() if r == journal.ONE]
        return {"uma_pessoa": one, "aviso_uma_pessoa": ONE_PERSON_NOTICE, "danificados": sorted(desk.damaged.items()),
                "deixados": desk.left_out, "em_aberto": len(desk.open_items),
                "propostas": sum(1 for i in desk.items if i.proposal is not None)}

    def page(self, request: Request, name: str, status: int = 200, **ctx) -> Response:
        s = getattr(request.state, "session", None)
        body = self.env.get_template(f"mesa/{name}").render(
            titulo_mesa=self.title, sessao=s, usuario=s.user if s else None, login=self.access.login,
            csrf=s.csrf if s else "", request_path=request.url.path, **self.notices(), **ctx)
        return self.finish(request, HTMLResponse(body, status_code=status))

    def finish(self, request: Request, resp: Response) -> Response:
        token = getattr(request.state, "new_cookie", None)
        if token:
            resp.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/", secure=self.access.secure or request.url.scheme == "https")
        return resp

    def refuse(self, request: Request, message: str, status: int) -> Response:
        return self.page(request, "erro.html", status, mensagem=message)

    def redirect(self, request: Request, where: str) -> Response:
        return self.finish(request, RedirectResponse(where, status_code=303))

    # --- guards -------------------------------------------------------------------------------
    def guard(self, request: Request, form: FormData | None, *, decide: bool = False) -> Response | None:
        """The session (or a response: the login page, a refusal). A POST needs the session's
        CSRF token; ``decide``: a role that records (not read-only)."""
        s = self.session_of(request)
        request.state.session = s
        if s is None:
            return RedirectResponse("/entrar?" + urlencode({"volta": str(request.url.path)}), status_code=303)
        if form is not None:
            if not csrf_ok(s, str(form.get("csrf") or "")):
                return self.refuse(request, "formulário sem o código de segurança válido (CSRF): recarregue a página "
                                            "e tente de novo", 403)
            if decide and not s.user.can_decide:
                return self.refuse(request, "seu usuário é somente leitura: não pode registrar decisões", 403)
        return None


Handler = Callable[[Web, Request, FormData | None], Response]


def route(web: Web, path: str, handler: Handler, methods: tuple[str, ...] = ("GET",)) -> Route:
    """A Starlette route running ``handler`` in the thread pool (the form read first)."""

    async def endpoint(request: Request) -> Response:
        form = await request.form() if request.method == "POST" else None
        return await run_in_threadpool(handler, web, request, form)

    return Route(path, endpoint, methods=list(methods))


class Guard:
    """ASGI middleware, before any route: requests addressed to a host the desk is not (DNS
    rebinding) are refused, and so are forms posted from another origin; every answer carries
    the security headers."""

    def __init__(self, app, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host")
        refusal = None
        if not self.access.host_ok(host):
            refusal = (421, "endereço não reconhecido por esta mesa de revisão (Host): acesse-a pelo endereço "
                            "que o comando 'lexconsolida mesa' mostrou")
        elif scope["method"] not in ("GET", "HEAD"):
            origin = headers.get("origin")
            fetch_site = headers.get("sec-fetch-site")
            if origin is not None and not self._same(origin, host or "", scope):
                refusal = (403, "pedido de outra origem recusado")
            elif fetch_site is not None and fetch_site not in ("same-origin", "none"):
                refusal = (403, "pedido de outro site recusado")
        if refusal is not None:
            status, message = refusal
            body = (f"<!DOCTYPE html><html lang=\"pt-BR\"><meta charset=\"utf-8\"><title>Recusado</title>"
                    f"<p>{message}</p></html>").encode("utf-8")
            await send({"type": "http.response.start", "status": status,
                        "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode())]
                        + [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]})
            await send({"type": "http.response.body", "body": body})
            return

        async def with_headers(message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k.lower().encode(), v.encode()) for k, v in HEADERS.items() if k.lower().encode() not in present]
            await send(message)

        await self.app(scope, receive, with_headers)

    def _same(self, origin: str, host: str, scope) -> bool:
        scheme = "https" if scope.get("scheme") == "https" or self.access.secure else "http"
        if origin == "null":
            return False
        try:
            o_scheme, rest = origin.split("://", 1)
        except ValueError:
            return False
        return rest.lower() == host.lower() and self.access.host_ok(rest) and o_scheme in (scheme, "http", "https")


__all__ = ["COOKIE", "DECISION_LABELS", "Guard", "HEADERS", "PRE_COOKIE", "Web", "route"]
