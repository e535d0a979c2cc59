"""The provider as a web application (ASGI, Starlette): ``GET`` or ``POST`` at the root path.

The same framework as the review desk (``lexconsolida mesa``): :func:`create_app` gives a
Starlette application that can be served on its own (``lexconsolida provedor servir``) or
mounted in the desk's (``Mount("/oai", app=create_app(provider))``).
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from lexconsolida.http_errors import handlers
from lexconsolida.oai.provider import Provider

MEDIA_TYPE = "text/xml; charset=utf-8"


def create_app(provider: Provider) -> Starlette:
    async def endpoint(request: Request) -> Response:
        pairs = parse_qsl(request.url.query, keep_blank_values=True)
        if request.method == "POST":
            body = (await request.body()).decode("utf-8", "replace")
            pairs += parse_qsl(body, keep_blank_values=True)
        # The pairs are checked (control characters, lengths) by the provider before anything
        # of them is echoed: a bad argument is an OAI-PMH error, never an HTTP 500.
        data = await run_in_threadpool(provider.handle, pairs)
        return Response(data, media_type=MEDIA_TYPE)

    return Starlette(routes=[Route("/", endpoint, methods=["GET", "POST"])], exception_handlers=handlers())
