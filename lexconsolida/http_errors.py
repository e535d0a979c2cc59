"""Error pages of the project's web applications (the LexML provider, the review desk), in
Portuguese: a page the clerk or the harvester's operator can read, never Starlette's bare
"Not Found" / "Internal Server Error".

``Starlette(routes, exception_handlers=handlers())`` puts them in place: an HTTP error (404,
405, 400 …) is a small pt-BR page with its status; any other exception — a defect, or a file
that vanished while a page was open — is a 500 page that says so in Portuguese (the traceback
stays in the server's log, for the maintainers). :func:`error_page` makes one page, for a
handler that knows better what went wrong.
"""

from __future__ import annotations

from html import escape
from http import HTTPStatus

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse

TITLES = {
    400: "Pedido inválido",
    401: "Acesso não autorizado",
    403: "Acesso negado",
    404: "Página não encontrada",
    405: "Método não permitido",
    413: "Pedido grande demais",
    500: "Erro interno",
    503: "Serviço indisponível",
}
DETAILS = {
    404: "O endereço pedido não existe neste servidor. Confira o endereço, ou volte à página inicial.",
    405: "Este endereço não aceita esse tipo de pedido.",
    500: ("Aconteceu um erro inesperado ao montar esta página (um defeito do programa, ou um arquivo "
          "do acervo que mudou ou sumiu enquanto a página estava aberta). Tente de novo; se o erro "
          "continuar, avise quem mantém o sistema, com o endereço da página e a hora."),
}


def error_page(status: int, detail: str | None = None, *, title: str | None = None,
               home: str = "/") -> HTMLResponse:
    """A complete pt-BR HTML page for ``status``."""
    title = title or TITLES.get(status, "Erro")
    text = detail or DETAILS.get(status, "O pedido não pôde ser atendido.")
    body = (
        '<!DOCTYPE html>\n<html lang="pt-BR">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)} ({status})</title>\n"
        "<style>body{font-family:sans-serif;max-width:40em;margin:3em auto;padding:0 1em;line-height:1.5}"
        "h1{font-size:1.4em}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{escape(title)}</h1>\n<p>{escape(text)}</p>\n"
        f'<p><a href="{escape(home, quote=True)}">Voltar ao início</a></p>\n'
        f"<p><small>Código HTTP {status}.</small></p>\n</main>\n</body>\n</html>\n"
    )
    return HTMLResponse(body, status_code=status)


async def _http_error(request: Request, exc: Exception) -> HTMLResponse:
    status = getattr(exc, "status_code", 500)
    # Starlette's own details are English ("Not Found"): the page says it in Portuguese
    detail = getattr(exc, "detail", None)
    own = detail if isinstance(detail, str) and detail and detail != _english(status) else None
    return error_page(status, own, home=str(request.scope.get("root_path") or "") + "/")


async def _server_error(request: Request, exc: Exception) -> HTMLResponse:
    return error_page(500, home=str(request.scope.get("root_path") or "") + "/")


def _english(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


def handlers() -> dict:
    """``exception_handlers`` for a Starlette application: every error page in Portuguese."""
    return {HTTPException: _http_error, Exception: _server_error}
