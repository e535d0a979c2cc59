"""The review desk as a web application: Starlette (ASGI), served by uvicorn.

Pages are rendered on the server from Jinja2 templates (``data/templates/mesa/``, the project's
environment policy: autoescape, strict names) and work as plain HTML forms; a small script adds
keyboard shortcuts and the live preview (progressive enhancement: without it, every action
still works, the preview in one more step). No build step, no CDN: the CSS and the script are
package data served by the app.

Access: on a loopback address without a users file, the person is the one named on the command
line (``--usuario``, else the system login); anywhere else, or with ``--usuarios``, a login.
Every form carries the session's CSRF token; a POST without it, or from another origin, is
refused. A read-only user (papel ``leitura``) sees everything and can decide nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from lexconsolida.corpus import ledger
from lexconsolida.corpus.records import Decisao
from lexconsolida.errors import LexError
from lexconsolida.model.ids import citation_parts
from lexconsolida.review import queue
from lexconsolida.review.acts import act_view
from lexconsolida.review.auth import ROLES, Sessions, User, csrf_ok, load_users, verify_password
from lexconsolida.review.desk import Desk, DeskError, now
from lexconsolida.review.queue import GROUPS, STATUSES, Item
from lexconsolida.review.readings import ChoiceError, as_written, chosen_operation
from lexconsolida.templating import TEMPLATE_DIRS, make_environment

COOKIE = "mesa_sessao"
PRE_COOKIE = "mesa_entrada"
STATIC = {"mesa.css": "text/css; charset=utf-8", "mesa.js": "text/javascript; charset=utf-8"}
ACTIONS = {
    "aprovar": "aprovar a leitura",
    "outra": "escolher outra leitura",
    "nao-textual": "marcar como alteração não textual",
    "rejeitar": "rejeitar (o ato não se aplica aqui)",
    "adiar": "adiar",
}
DECISION_OF = {"aprovar": "aplicar", "outra": "operacoes", "nao-textual": "nao-textual", "rejeitar": "ignorar",
               "adiar": "adiar"}
DECISION_LABELS = {"aplicar": "aprovada a leitura da ferramenta", "operacoes": "outra leitura (operações escritas)",
                   "nao-textual": "alteração não textual", "ignorar": "rejeitada (não se aplica)",
                   "adiar": "adiada"}


@dataclass(slots=True)
class Access:
    login: bool
    """Whether a login is required (a users file, or an address other than loopback)."""
    users: dict[str, tuple[User, str]]
    local_user: User | None = None
    """Without login: the person using the desk."""


def _env():
    folders = [str(d) for d in TEMPLATE_DIRS if d.is_dir()]
    env = make_environment(folders)
    env.globals.update(STATUSES=STATUSES, GROUPS=GROUPS, ACTIONS=ACTIONS, DECISION_LABELS=DECISION_LABELS,
                       ROLES=ROLES)
    env.filters["cita"] = cite
    return env


def cite(where: str | None) -> str:
    """'art1_par1u' as legal text names it: 'art. 1º, parágrafo único' ('ato inteiro' for None)."""
    if not where:
        return "ato inteiro"
    try:
        return ", ".join(citation_parts(where))
    except (ValueError, KeyError):
        return where


def proposal_token(item_id: str, target: str | None, fields: dict[str, str]) -> str:
    """The digest of a proposed decision: the preview shown for exactly these fields (the
    form returns it, and the decision is saved only when it matches)."""
    keys = ("acao", "leitura", "tipo", "unidade", "rotulo", "texto", "nota", "alvo_nota")
    text = "\x1f".join([item_id, target or ""] + [" ".join(fields.get(k, "").split()) for k in keys])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def create_app(desk: Desk, access: Access) -> Starlette:
    env = _env()
    sessions = Sessions()
    server_key = secrets.token_bytes(32)
    static_dir = Path(TEMPLATE_DIRS[0]) / "mesa"
    mun = next(iter(desk.ac.corpus.municipios.values()), None)
    title = f"Mesa de revisão — {mun.nome}-{mun.uf}" if mun is not None else "Mesa de revisão"

    def session_of(request: Request):
        s = sessions.get(request.cookies.get(COOKIE))
        if s is None and not access.login and access.local_user is not None:
            s = sessions.open(access.local_user)
            request.state.new_cookie = s.token
        return s

    def page(request: Request, name: str, status: int = 200, **ctx) -> Response:
        s = request.state.session
        body = env.get_template(f"mesa/{name}").render(
            titulo_mesa=title, sessao=s, usuario=s.user if s else None, login=access.login,
            csrf=s.csrf if s else "", request_path=request.url.path, **ctx)
        resp = HTMLResponse(body, status_code=status)
        return _cookie(request, resp)

    def _cookie(request: Request, resp: Response) -> Response:
        token = getattr(request.state, "new_cookie", None)
        if token:
            resp.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        resp.headers["Content-Security-Policy"] = ("default-src 'self'; script-src 'self'; style-src 'self'; "
                                                   "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'")
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "same-origin"
        resp.headers["Cache-Control"] = "no-store"
        return resp

    async def guard(request: Request, *, post: bool = False, decide: bool = False):
        """The session (or a response: the login page, a refusal)."""
        s = session_of(request)
        request.state.session = s
        if s is None:
            return RedirectResponse("/entrar?" + urlencode({"volta": str(request.url.path)}), status_code=303)
        if post:
            form = await request.form()
            request.state.form = {k: str(v) for k, v in form.items()}
            origin = request.headers.get("origin")
            if origin and origin != f"{request.url.scheme}://{request.url.netloc}":
                return _refuse(request, "pedido de outra origem recusado", 403)
            if not csrf_ok(s, request.state.form.get("csrf")):
                return _refuse(request, "formulário sem o código de segurança válido (CSRF): recarregue a página "
                                        "e tente de novo", 403)
            if decide and not s.user.can_decide:
                return _refuse(request, "seu usuário é somente leitura: não pode registrar decisões", 403)
        return None

    def _refuse(request: Request, message: str, status: int) -> Response:
        return page(request, "erro.html", status, mensagem=message)

    # --- the queue ----------------------------------------------------------------------------
    async def fila(request: Request) -> Response:
        started = time.perf_counter()
        if (r := await guard(request)) is not None:
            return r
        q = request.query_params
        filters = {k: q.get(k) or None for k in ("estado", "codigo", "grupo", "ano", "ato")}
        ordem = q.get("ordem") or "impacto"
        with desk.lock:
            items = desk.items
            shown = queue.select(items, status=filters["estado"], code=filters["codigo"], group=filters["grupo"],
                                 year=filters["ano"], act=filters["ato"], sort=ordem)
            counts = queue.counts(items)
        resp = page(request, "fila.html", itens=shown[:500], total=len(shown), filtros=filters, ordem=ordem,
                    contagens=counts, cabecalho=queue.headline, query=str(request.url.query))
        resp.headers["Server-Timing"] = f"fila;dur={(time.perf_counter() - started) * 1000:.1f}"
        return resp

    # --- one item -----------------------------------------------------------------------------
    def _item(request: Request) -> Item | None:
        return desk.item(request.path_params["item"])

    def _item_page(request: Request, item: Item, *, status: int = 200, candidate=None, message: str | None = None,
                   error: str | None = None, conflict=None, fields: dict | None = None) -> Response:
        target = request.query_params.get("alvo") or (fields or {}).get("alvo")
        detail = desk.detail(item, target)
        prev, nxt = desk.neighbours(item, queue.select(desk.items))
        entry = queue.entry_for(detail.act.decisoes, item.code, item.where)
        readings_tokens = {r.key: proposal_token(item.id, detail.target, {"acao": "aprovar", "leitura": r.key})
                           for r in detail.readings}
        return page(request, "item.html", status, d=detail, item=item, anterior=prev, proximo=nxt, registro=entry,
                    duas_pessoas=desk.two_person(detail.act), candidato=candidate, aviso=message, erro=error,
                    conflito=conflict, campos=fields or {}, tokens=readings_tokens,
                    versao=ledger.version(entry) if entry is not None and ledger.key_of(entry) == item.key else "")

    async def item_page(request: Request) -> Response:
        if (r := await guard(request)) is not None:
            return r
        item = _item(request)
        if item is None:
            return _refuse(request, "item não encontrado (talvez já decidido: volte à fila)", 404)
        msg = {"registrada": "Decisão registrada e aplicada: o resultado abaixo já a considera.",
               "proposta": "Proposta registrada: aguarda a aprovação de outra pessoa (regra de duas pessoas).",
               "aprovada": "Proposta aprovada e aplicada."}.get(request.query_params.get("ok", ""))
        return _item_page(request, item, message=msg)

    def _decision(item: Item, detail, fields: dict[str, str], user: User, two_person: bool) -> Decisao:
        acao = fields.get("acao", "")
        if acao not in ACTIONS:
            raise DeskError("ação desconhecida")
        nota = " ".join(fields.get("nota", "").split()) or None
        reading = next((r for r in detail.readings if r.key == fields.get("leitura")), None)
        default = acao == "aprovar" and reading is not None and reading.default
        if not default and not nota:
            raise DeskError("escreva a justificativa: ela fica no registro, com o seu nome")
        ops = []
        alvo = None
        if acao == "aprovar":
            if reading is None:
                raise DeskError("leitura não encontrada: recarregue a página")
            if reading.preview is not None and not reading.preview.applies:
                raise DeskError("esta leitura não se aplica ao texto da norma nessa data; escolha outra")
            if not reading.default:
                ops = reading.written
        elif acao == "outra":
            if detail.target is None:
                raise DeskError("escolha primeiro a norma alterada")
            op = chosen_operation(fields.get("tipo", ""), detail.target, detail.target_label or detail.target,
                                  fields.get("unidade", ""), fields.get("rotulo", ""), fields.get("texto", ""),
                                  {u.id for u in detail.units})
            ops = as_written([op])
        elif acao == "nao-textual":
            unit = fields.get("alvo_nota", "")
            if unit and unit not in {u.id for u in detail.units}:
                raise DeskError("o dispositivo escolhido não existe no texto da norma nessa data")
            if detail.target:
                alvo = f"{detail.target}!{unit}" if unit else detail.target
        kind = "operacoes" if acao == "aprovar" and not default else DECISION_OF[acao]
        estado = "proposta" if two_person and kind != "adiar" else "aprovada"
        return Decisao(item.code, kind, item.where, nota, user.nome, now(), ops, alvo, estado,
                       texto_hash=fields.get("texto_hash") or detail.digest)

    async def decidir(request: Request) -> Response:
        if (r := await guard(request, post=True, decide=True)) is not None:
            return r
        item = _item(request)
        if item is None:
            return _refuse(request, "item não encontrado (talvez já decidido por outra pessoa: volte à fila)", 404)
        fields = request.state.form
        user = request.state.session.user
        with desk.lock:
            detail = desk.detail(item, fields.get("alvo") or None)
            try:
                decisao = _decision(item, detail, fields, user, desk.two_person(detail.act))
            except (DeskError, ChoiceError) as err:
                return _item_page(request, item, status=422, error=str(getattr(err, "message", err)), fields=fields)
            token = proposal_token(item.id, detail.target, fields)
            if fields.get("previa") != token or "so_previa" in fields:
                # the result is shown before anything is saved: confirm it
                cand = desk.preview(item, detail.target, decisao) if detail.target else None
                return _item_page(request, item, candidate={"decisao": decisao, "previa": cand, "token": token},
                                  fields=fields)
            try:
                saved = desk.record(item, decisao, expected=fields.get("versao", ""))
            except ledger.Conflict as c:
                return _item_page(request, item, status=409, conflict={"atual": c.current, "sua": decisao},
                                  fields=fields)
        ok = "proposta" if saved.estado == "proposta" else "registrada"
        return _after(item, ok)

    def _after(item: Item, ok: str) -> Response:
        again = desk.item(item.id)
        where = f"/item/{item.id}?ok={ok}" if again is not None else f"/?feito={item.id}"
        return RedirectResponse(where, status_code=303)

    async def previa(request: Request) -> Response:
        """The live preview of the form as it stands (the script's request): a fragment."""
        if (r := await guard(request, post=True)) is not None:
            return r
        item = _item(request)
        if item is None:
            return PlainTextResponse("item não encontrado", status_code=404)
        fields = request.state.form
        with desk.lock:
            detail = desk.detail(item, fields.get("alvo") or None)
            user = request.state.session.user
            try:
                decisao = _decision(item, detail, {**fields, "nota": fields.get("nota") or "(prévia)"}, user, False)
            except (DeskError, ChoiceError) as err:
                return page(request, "previa.html", 200, previa=None, erro=str(getattr(err, "message", err)), token="")
            cand = desk.preview(item, detail.target, decisao) if detail.target else None
        return page(request, "previa.html", previa=cand, erro=None, token=proposal_token(item.id, detail.target, fields))

    async def aprovar(request: Request) -> Response:
        if (r := await guard(request, post=True, decide=True)) is not None:
            return r
        item = _item(request)
        if item is None:
            return _refuse(request, "item não encontrado", 404)
        try:
            desk.approve(item, request.state.session.user.nome, expected=request.state.form.get("versao", ""))
        except DeskError as err:
            return _item_page(request, item, status=403, error=err.message)
        except ledger.Conflict as c:
            return _item_page(request, item, status=409, conflict={"atual": c.current, "sua": None})
        return _after(item, "aprovada")

    # --- an act -------------------------------------------------------------------------------
    async def ato(request: Request) -> Response:
        if (r := await guard(request)) is not None:
            return r
        pasta = request.path_params["pasta"]
        with desk.lock:
            res = next((a for a in desk.ac.acts.values() if a.pasta == pasta), None)
            if res is None:
                return _refuse(request, "ato não encontrado no acervo", 404)
            view = act_view(desk, res.urn, request.query_params.get("passo"))
        return page(request, "ato.html", v=view)

    # --- login --------------------------------------------------------------------------------
    def login_token(request: Request) -> tuple[str, bool]:
        """The login form's CSRF token: a random value in a cookie of its own, and its HMAC in
        the form (a page of another site cannot log a person in as someone else)."""
        pre = request.cookies.get(PRE_COOKIE)
        fresh = not pre
        return (pre or secrets.token_urlsafe(24)), fresh

    def login_csrf(pre: str) -> str:
        return hmac.new(server_key, pre.encode(), hashlib.sha256).hexdigest()

    async def entrar(request: Request) -> Response:
        request.state.session = sessions.get(request.cookies.get(COOKIE))
        if request.method == "GET":
            if not access.login:
                return RedirectResponse("/", status_code=303)
            pre, fresh = login_token(request)
            resp = page(request, "entrar.html", volta=_safe_back(request.query_params.get("volta")), erro=None,
                        csrf_entrada=login_csrf(pre))
            if fresh:
                resp.set_cookie(PRE_COOKIE, pre, httponly=True, samesite="strict", path="/entrar")
            return resp
        form = await request.form()
        nome, senha = str(form.get("usuario", "")), str(form.get("senha", ""))
        back = _safe_back(str(form.get("volta", "/")))
        pre = request.cookies.get(PRE_COOKIE) or ""
        if not pre or not hmac.compare_digest(login_csrf(pre), str(form.get("csrf", ""))):
            return page(request, "entrar.html", 403, volta=back, csrf_entrada="",
                        erro="formulário de entrada sem o código de segurança válido: recarregue a página")
        found = access.users.get(nome)
        if found is None or not verify_password(senha, found[1]):
            time.sleep(0.5)
            return page(request, "entrar.html", 401, volta=back, erro="usuário ou senha incorretos",
                        csrf_entrada=login_csrf(pre))
        s = sessions.open(found[0])
        request.state.session = s
        done = RedirectResponse(back, status_code=303)
        done.set_cookie(COOKIE, s.token, httponly=True, samesite="strict", path="/")
        return done

    async def sair(request: Request) -> Response:
        if (r := await guard(request, post=True)) is not None:
            return r
        sessions.close(request.cookies.get(COOKIE))
        resp = RedirectResponse("/entrar" if access.login else "/", status_code=303)
        resp.delete_cookie(COOKIE, path="/")
        return resp

    async def estatico(request: Request) -> Response:
        name = request.path_params["nome"]
        if name not in STATIC:
            return PlainTextResponse("não encontrado", status_code=404)
        resp = Response((static_dir / name).read_bytes(), media_type=STATIC[name])
        resp.headers["X-Content-Type-Options"] = "nosniff"
        return resp

    routes = [
        Route("/", fila),
        Route("/item/{item:path}/decidir", decidir, methods=["POST"]),
        Route("/item/{item:path}/previa", previa, methods=["POST"]),
        Route("/item/{item:path}/aprovar", aprovar, methods=["POST"]),
        Route("/item/{item:path}", item_page),
        Route("/ato/{pasta:path}", ato),
        Route("/entrar", entrar, methods=["GET", "POST"]),
        Route("/sair", sair, methods=["POST"]),
        Route("/estatico/{nome}", estatico),
    ]
    app = Starlette(routes=routes)
    app.state.desk = desk
    return app


def _safe_back(path: str | None) -> str:
    """A local path to return to after login (never another site)."""
    if not path or not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"
    return path


def load_access(users_file: Path | None, host: str, local_name: str | None) -> Access:
    """Login is required away from loopback, or whenever a users file is given."""
    loopback = host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")
    if users_file is None:
        if not loopback:
            raise LexError("para servir a mesa em outro endereço que não 127.0.0.1, indique o arquivo de usuários "
                           "(--usuarios ARQUIVO): o acesso exige login")
        return Access(False, {}, User(local_name or "revisor", "revisor"))
    return Access(True, load_users(users_file))


__all__ = ["Access", "create_app", "load_access", "proposal_token"]
