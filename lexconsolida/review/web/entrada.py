"""Login and logout: the users file's passwords, throttled per user and per address without
making anyone wait (:mod:`lexconsolida.review.throttle`), the same answer and the same work for
a user that does not exist."""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from lexconsolida.review.auth import check_login
from lexconsolida.review.web.base import COOKIE, PRE_COOKIE, Web, route


def _safe_back(path: str | None) -> str:
    """A local path to return to after login (never another site)."""
    if not path or not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"
    return path


def _pre(request: Request) -> tuple[str, bool]:
    """The login form's CSRF token: a random value in a cookie of its own, and its HMAC in the
    form (a page of another site cannot log a person in as someone else)."""
    pre = request.cookies.get(PRE_COOKIE)
    return (pre or secrets.token_urlsafe(24)), not pre


def _mac(web: Web, pre: str) -> str:
    return hmac.new(web.server_key, pre.encode(), hashlib.sha256).hexdigest()


def entrar(web: Web, request: Request, form: FormData | None) -> Response:
    request.state.session = web.sessions.get(request.cookies.get(COOKIE))
    if form is None:
        if not web.access.login:
            return RedirectResponse("/", status_code=303)
        pre, fresh = _pre(request)
        resp = web.page(request, "entrar.html", volta=_safe_back(request.query_params.get("volta")), erro=None,
                        csrf_entrada=_mac(web, pre))
        if fresh:
            resp.set_cookie(PRE_COOKIE, pre, httponly=True, samesite="strict", path="/entrar",
                            secure=web.access.secure or request.url.scheme == "https")
        return resp
    nome, senha = str(form.get("usuario", "")), str(form.get("senha", ""))
    back = _safe_back(str(form.get("volta", "/")))
    pre = request.cookies.get(PRE_COOKIE) or ""
    if not pre or not hmac.compare_digest(_mac(web, pre), str(form.get("csrf", ""))):
        return web.page(request, "entrar.html", 403, volta=back, csrf_entrada="",
                        erro="formulário de entrada sem o código de segurança válido: recarregue a página")
    address = request.client.host if request.client else "?"
    wait = web.throttle.wait(nome, address)
    if wait > 0:
        minutes = max(1, math.ceil(wait / 60))
        resp = web.page(request, "entrar.html", 429, volta=back, csrf_entrada=_mac(web, pre),
                        erro=f"muitas tentativas erradas: entrar com este usuário, ou deste endereço, está suspenso "
                             f"por {minutes} minuto(s). Os outros usuários continuam entrando normalmente.")
        resp.headers["Retry-After"] = str(math.ceil(wait))
        return resp
    user = check_login(web.access.users, nome, senha)
    if user is None:
        web.throttle.failure(nome, address)
        return web.page(request, "entrar.html", 401, volta=back, erro="usuário ou senha incorretos",
                        csrf_entrada=_mac(web, pre))
    web.throttle.success(nome, address)
    s = web.sessions.open(user)
    request.state.session = s
    done = RedirectResponse(back, status_code=303)
    done.set_cookie(COOKIE, s.token, httponly=True, samesite="strict", path="/", secure=web.access.secure or request.url.scheme == "https")
    return done


def sair(web: Web, request: Request, form: FormData | None) -> Response:
    if (r := web.guard(request, form)) is not None:
        return r
    web.sessions.close(request.cookies.get(COOKIE))
    resp = RedirectResponse("/entrar" if web.access.login else "/", status_code=303)
    resp.delete_cookie(COOKIE, path="/")
    return resp


def routes(web: Web) -> list:
    return [route(web, "/entrar", entrar, ("GET", "POST")), route(web, "/sair", sair, ("POST",))]
