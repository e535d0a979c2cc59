"""A small client of SAPL's REST API (``/api/<app>/<model>/``), on httpx2.

SAPL (Interlegis) builds one Django REST Framework ``ModelViewSet`` per model
(``drfautoapi``): list with filters by any field (``?ta=12``), ``get_all=true`` to skip its
pagination, ``POST`` to create, ``PATCH`` to change, ``DELETE``. Authentication is DRF's token
(``Authorization: Token …``); most lists of ``norma`` and ``compilacao`` are readable without it.

Every failure is a :class:`SaplError` in Portuguese that says what was being done (the act and
the unit, given by the caller in ``what``), the HTTP status and SAPL's own message. The client
counts its requests by method, for the progress lines and the bench.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import httpx2

from lexconsolida.errors import LexError

TIMEOUT = 120.0
"""Seconds a request may take: SAPL saves a dispositivo slowly (its model inspects the call
stack on every save), and a busy server queues."""
RETRIES = 3
"""Times a read (GET) is retried after a dropped connection or a 502/503/504. Writes are never
retried: a POST whose answer was lost may have been made, and the next run finds it."""


class SaplError(LexError):
    """A request to the SAPL failed (exit 2): the message names what was being written."""


def api_root(url: str) -> str:
    """``url`` (the SAPL's address, with or without ``/api``) as the API's root, ending in '/'."""
    url = url.strip().rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise SaplError(f"endereço do SAPL inválido: {url!r} (use http://… ou https://…)")
    if not url.endswith("/api"):
        url += "/api"
    return url + "/"


class Client:
    """One SAPL's API. ``token`` None: anonymous (reads only what SAPL shows to anyone)."""

    def __init__(self, url: str, token: str | None = None, *,
                 transport: httpx2.BaseTransport | None = None) -> None:
        self.root = api_root(url)
        self.site = self.root.removesuffix("api/")
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token.strip()}"
        self.anonymous = not token
        self._http = httpx2.Client(base_url=self.root, headers=headers, timeout=TIMEOUT,
                                   transport=transport, follow_redirects=False)
        self.counts: Counter[str] = Counter()
        self._lock = threading.Lock()
        self.seconds = 0.0
        self.on_request: Callable[[str, str], None] | None = None

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def requests(self) -> int:
        return sum(self.counts.values())

    @property
    def writes(self) -> int:
        return self.counts["POST"] + self.counts["PATCH"] + self.counts["DELETE"]

    def _request(self, method: str, path: str, what: str, **kw) -> Any:
        attempts = RETRIES if method == "GET" else 1
        for attempt in range(attempts):
            failure: str | None
            clock = time.perf_counter()
            try:
                response = self._http.request(method, path, **kw)
            except httpx2.TimeoutException:
                failure = f"o SAPL não respondeu em {TIMEOUT:.0f} s"
            except httpx2.HTTPError as err:
                failure = f"não foi possível falar com o SAPL em {self.site} ({type(err).__name__}: {err})"
            else:
                failure = None
            finally:
                with self._lock:
                    self.seconds += time.perf_counter() - clock
                    self.counts[method] += 1
                if self.on_request is not None:
                    self.on_request(method, path)
            if failure is None and response.status_code in (502, 503, 504) and attempt + 1 < attempts:
                failure = f"HTTP {response.status_code}"
            if failure is None:
                return self._answer(method, path, what, response)
            if attempt + 1 < attempts:
                time.sleep(0.5 * (attempt + 1))
                continue
            raise SaplError(f"{what}: {failure}")
        raise AssertionError("unreachable")  # pragma: no cover

    def _answer(self, method: str, path: str, what: str, response: httpx2.Response) -> Any:
        status = response.status_code
        if status == 204:
            return None
        if 200 <= status < 300:
            try:
                return response.json()
            except ValueError:
                raise SaplError(f"{what}: o SAPL respondeu {method} {path} com algo que não é JSON "
                                f"(é mesmo o endereço de um SAPL? {self.site})") from None
        detail = _detail(response)
        if status in (401, 403):
            who = "sem token (anônimo)" if self.anonymous else "com este token"
            raise SaplError(f"{what}: o SAPL recusou {method} {path} {who} (HTTP {status}: {detail}); "
                            "o usuário do token precisa das permissões listadas em docs/sapl.md")
        if status == 404:
            raise SaplError(f"{what}: {path} não existe neste SAPL (HTTP 404): a versão do SAPL tem a API REST?")
        if status >= 500:
            raise SaplError(f"{what}: erro interno do SAPL em {method} {path} (HTTP {status}); "
                            "o que foi gravado antes continua no SAPL e a próxima execução retoma daqui")
        raise SaplError(f"{what}: o SAPL recusou {method} {path} (HTTP {status}): {detail}")

    # --- reading -------------------------------------------------------------------------

    def list(self, endpoint: str, what: str, **filters) -> list[dict]:
        """Every row of ``model`` ('compilacao/dispositivo') matching ``filters``, all pages."""
        params = {k: _param(v) for k, v in filters.items()}
        data = self._request("GET", f"{endpoint}/", what, params=params | {"get_all": "true"})
        if isinstance(data, list):
            return data
        rows = list(data.get("results", []))  # a SAPL without get_all: follow the pages
        page = 1
        while (data.get("pagination") or {}).get("next_page"):
            page += 1
            data = self._request("GET", f"{endpoint}/", what, params=params | {"page": page, "page_size": 100})
            rows.extend(data.get("results", []))
        return rows

    def get(self, model: str, pk: int, what: str) -> dict:
        return self._request("GET", f"{model}/{pk}/", what)

    # --- writing -------------------------------------------------------------------------

    def create(self, model: str, fields: dict, what: str) -> dict:
        return self._request("POST", f"{model}/", what, json=fields)

    def update(self, model: str, pk: int, fields: dict, what: str) -> dict:
        return self._request("PATCH", f"{model}/{pk}/", what, json=fields)

    def delete(self, model: str, pk: int, what: str) -> None:
        self._request("DELETE", f"{model}/{pk}/", what)


def _param(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _detail(response: httpx2.Response) -> str:
    """SAPL's reason, short: DRF's ``detail`` or its field errors ('numero: …')."""
    try:
        data = response.json()
    except ValueError:
        text = " ".join(response.text.split())
        return text[:200] or response.reason_phrase
    if isinstance(data, dict):
        if "detail" in data:
            return str(data["detail"])
        parts = []
        for field, errs in data.items():
            errs = errs if isinstance(errs, list) else [errs]
            parts.append(f"{field}: {'; '.join(str(e) for e in errs)}")
        return " | ".join(parts)[:500]
    return json.dumps(data, ensure_ascii=False)[:500]
