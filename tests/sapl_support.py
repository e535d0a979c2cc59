"""What the SAPL tests share: a SAPL's responses replayed from a recording, the câmara's tables
a fresh SAPL needs, and SAPL's own checker page read as a logged-in user.

The recording (``tests/fixtures/sapl/``) is made from a real SAPL by ``python -m
tests.sapl_record`` (see that module and docs/sapl.md): every GET the export, the read back and
the import make, answered by SAPL, plus the answers to requests SAPL refuses.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import httpx2

RECORDING = Path(__file__).parent / "fixtures" / "sapl"
EXAMPLE = "xx-municipio-de-exemplo"

TIPOS_NORMA = [("LEI", "Lei", "lei"), ("LC", "Lei Complementar", "lei.complementar"), ("DEC", "Decreto", "decreto"),
               ("DL", "Decreto Legislativo", "decreto.legislativo"), ("RES", "Resolução", "resolucao"),
               ("ELO", "Emenda à Lei Orgânica", "emenda.lei.organica"), ("LO", "Lei Orgânica", "lei.organica")]
"""The types of norma a câmara registers before an export (SAPL starts with none)."""


def request_key(method: str, url: str) -> str:
    """'GET compilacao/dispositivo/?get_all=true&ta=3': the API path and the sorted query."""
    parts = urlsplit(url)
    path = parts.path.split("/api/", 1)[-1]
    query = "&".join(f"{k}={v}" for k, v in sorted(parse_qsl(parts.query)))
    return f"{method} {path}" + (f"?{query}" if query else "")


def load_recording(folder: Path = RECORDING) -> dict[str, dict]:
    """request key → {'status': …, 'json': …} of every recorded answer."""
    out: dict[str, dict] = {}
    for path in sorted(folder.glob("*.json")):
        out.update(json.loads(path.read_text(encoding="utf-8")))
    return out


class Replay:
    """A transport that answers the recorded GETs and refuses (and counts) every write."""

    def __init__(self, recording: dict[str, dict], edits: dict[int, dict] | None = None) -> None:
        self.recording = recording
        self.edits = edits or {}
        """Dispositivo id → fields changed 'by hand' in the answers (the audit's test)."""
        self.writes: Counter[str] = Counter()
        self.missing: list[str] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        key = request_key(request.method, str(request.url))
        if request.method != "GET":
            self.writes[key] += 1
            return httpx2.Response(599, json={"detail": "a gravação não escreve"})
        hit = self.recording.get(key)
        if hit is None:
            self.missing.append(key)
            return httpx2.Response(404, json={"detail": f"não gravado: {key}"})
        data = hit["json"]
        if self.edits and isinstance(data, list):
            data = [({**r, **self.edits[r["id"]]} if isinstance(r, dict) and r.get("id") in self.edits
                     and "dispositivo0" in r else r) for r in data]
        return httpx2.Response(hit["status"], json=data)

    def transport(self) -> httpx2.MockTransport:
        return httpx2.MockTransport(self)


class FakeSapl:
    """An empty SAPL with the recorded type tables, that keeps what is written to it (ids in
    order) and answers a write with HTTP 500 when ``fail(method, path, body)`` says so."""

    TABLES = ("compilacao/tipodispositivo/", "compilacao/tipopublicacao/", "compilacao/tipotextoarticulado/",
              "compilacao/veiculopublicacao/", "contenttypes/contenttype/", "norma/tiponormajuridica/",
              "norma/tipovinculonormajuridica/")

    def __init__(self, recording: dict[str, dict], fail=None) -> None:
        self.recording = recording
        self.fail = fail
        self.rows: dict[str, dict[int, dict]] = {}
        self.log: list[tuple[str, str]] = []
        self.next_id = 1000

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        key = request_key(request.method, str(request.url))
        path = key.split(" ", 1)[1].split("?", 1)[0]
        self.log.append((request.method, path))
        if request.method == "GET":
            if path in self.TABLES:
                return httpx2.Response(200, json=self.recording[key]["json"])
            return httpx2.Response(200, json=list(self.rows.get(path, {}).values()))
        model, _, pk = path.rstrip("/").partition("/")[2].partition("/")
        model = path.split("/")[0] + "/" + model + "/"
        body = json.loads(request.content or b"{}")
        if self.fail is not None and self.fail(request.method, model, body):
            return httpx2.Response(500, text="<h1>Server Error (500)</h1>")
        table = self.rows.setdefault(model, {})
        if request.method == "POST":
            self.next_id += 1
            table[self.next_id] = {**body, "id": self.next_id}
            return httpx2.Response(201, json=table[self.next_id])
        if request.method == "PATCH":
            table[int(pk)].update(body)
            return httpx2.Response(200, json=table[int(pk)])
        table.pop(int(pk), None)
        return httpx2.Response(204)


def setup_camara(client) -> None:
    """The tables a câmara fills before the first export, when the SAPL has none (types of
    norma with their LexML names, the municipal gazette as publication vehicle)."""
    have = {t.get("equivalente_lexml") for t in client.list("norma/tiponormajuridica", "preparando o SAPL")}
    for sigla, descricao, lexml in TIPOS_NORMA:
        if lexml not in have:
            client.create("norma/tiponormajuridica", {"sigla": sigla, "descricao": descricao,
                                                      "equivalente_lexml": lexml}, "preparando o SAPL")
    if not client.list("compilacao/veiculopublicacao", "preparando o SAPL"):
        client.create("compilacao/veiculopublicacao", {"sigla": "DOM", "nome": "Diário Oficial do Município"},
                      "preparando o SAPL")


def sapl_checker(url: str, user: str, password: str, ta_ids: list[int]) -> dict[int, Counter]:
    """SAPL's own consistency checker (``/ta/<id>/text/notifications``, errors and alerts), as a
    logged-in user sees it: texto articulado id → Counter of (level, message)."""
    base = url.rstrip("/").removesuffix("/api")
    out: dict[int, Counter] = {}
    with httpx2.Client(base_url=base, timeout=300, follow_redirects=True) as c:
        page = c.get("/login/")
        token = _csrf(page.text)
        c.post("/login/", data={"csrfmiddlewaretoken": token, "username": user, "password": password, "next": "/"},
               headers={"Referer": f"{base}/login/"})
        for ta in ta_ids:
            page = c.get(f"/ta/{ta}/text/notifications")
            page = c.post(f"/ta/{ta}/text/notifications",
                          data={"csrfmiddlewaretoken": _csrf(page.text), "type_notificacoes": ["warning", "danger"]},
                          headers={"Referer": f"{base}/ta/{ta}/text/notifications"})
            if "table-notificacoes" not in page.text:
                raise AssertionError(f"a página do verificador do SAPL não abriu para o texto articulado {ta} "
                                     "(usuário e senha?)")
            found = re.findall(r'class="text-(warning|danger)"[^>]*>\s*(?:<u>)?([^<]*)', page.text)
            out[ta] = Counter((level, " ".join(msg.split())) for level, msg in found)
    return out


def _csrf(html: str) -> str:
    m = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if m is None:
        raise AssertionError("a página do SAPL não tem o formulário esperado")
    return m.group(1)
