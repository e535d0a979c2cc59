"""Record a real SAPL's answers for the contract tests: ``python -m tests.sapl_record``.

Needs a SAPL that can be thrown away (it is written to: the câmara's tables when empty, then
the example municipality of ``statutes/``), its address and a token of a user with the
permissions of docs/sapl.md::

    LEXCONSOLIDA_SAPL_URL=http://127.0.0.1:8000 LEXCONSOLIDA_SAPL_TOKEN=… python -m tests.sapl_record

It exports ``statutes/xx-municipio-de-exemplo`` (a copy) into the SAPL, then records every GET
that a second export, the read back of each compilation, the import and the audit make, and the
answers to two requests SAPL refuses (a write without a token, a dispositivo without its
required fields), into ``tests/fixtures/sapl/gravacao.json``. The contract tests replay them
(``tests/sapl_support.Replay``). Record again when SAPL's API or the example's texts change.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import httpx2

from lexconsolida.sapl import sources
from lexconsolida.sapl.audit import audit
from lexconsolida.sapl.client import Client
from lexconsolida.sapl.export import export
from lexconsolida.sapl.importer import import_sapl, place
from lexconsolida.sapl.remote import Remote
from tests.sapl_support import EXAMPLE, RECORDING, request_key, setup_camara

ROOT = Path(__file__).resolve().parents[1]


class Recorder(httpx2.BaseTransport):
    """The real transport, keeping every GET's answer."""

    def __init__(self) -> None:
        self.inner = httpx2.HTTPTransport()
        self.answers: dict[str, dict] = {}

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        response = self.inner.handle_request(request)
        if request.method == "GET":
            response.read()
            self.answers[request_key("GET", str(request.url))] = {"status": response.status_code,
                                                                  "json": _stable(response.json())}
        return response


VOLATILE = ("created", "modified", "data_ultima_atualizacao")
"""When SAPL saved a row: left out, so that recording again changes only what changed."""


def _stable(data):
    if isinstance(data, list):
        return [_stable(x) for x in data]
    if isinstance(data, dict):
        return {k: _stable(v) for k, v in data.items() if k not in VOLATILE}
    return data


def main() -> int:
    url, token = os.environ.get("LEXCONSOLIDA_SAPL_URL"), os.environ.get("LEXCONSOLIDA_SAPL_TOKEN")
    if not url or not token:
        print("defina LEXCONSOLIDA_SAPL_URL e LEXCONSOLIDA_SAPL_TOKEN (um SAPL descartável)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="lexconsolida-sapl-") as tmp:
        acervo = Path(tmp) / "acervo"
        shutil.copytree(ROOT / "statutes" / EXAMPLE, acervo / EXAMPLE)
        srcs, rels, _ = sources.municipality(acervo, EXAMPLE)
        with Client(url, token) as client:
            setup_camara(client)
            first = export(client, srcs, rels)
            print(f"exportado: {first.report.count('criar')} criados, {first.report.count('alterar')} alterados",
                  file=sys.stderr)
            about = client._http.get("version").json()
            version = {k: about.get(k) for k in ("name", "version")}
        rec = Recorder()
        with Client(url, token, transport=rec) as client:
            again = export(client, srcs, rels, simulate=True)
            assert not again.report.writes, "a segunda exportação gravaria algo: o SAPL não está como exportado"
            dest = Path(tmp) / "importado"
            (dest / EXAMPLE).mkdir(parents=True)
            shutil.copy(acervo / EXAMPLE / "municipio.toml", dest / EXAMPLE / "municipio.toml")
            nome, loc = place(dest, EXAMPLE, None)
            remote = Remote.load(client, loc)
            for n in remote.normas.values():
                remote.compilation(n)
            import_sapl(remote, dest, EXAMPLE, nome, site=client.site)
            audit(client, srcs)
            client.list("base/casalegislativa", "gravando")
        answers = dict(rec.answers)
        with httpx2.Client(base_url=url.rstrip("/") + "/api/", timeout=60) as anon:
            r = anon.post("norma/tiponormajuridica/", json={"sigla": "X", "descricao": "X"})
            answers["ERRO POST sem token"] = {"status": r.status_code, "json": r.json()}
        with httpx2.Client(base_url=url.rstrip("/") + "/api/", timeout=60,
                           headers={"Authorization": f"Token {token}"}) as authed:
            r = authed.post("compilacao/dispositivo/", json={"rotulo": "Art. 1º."})
            answers["ERRO POST campos faltando"] = {"status": r.status_code, "json": r.json()}
    RECORDING.mkdir(parents=True, exist_ok=True)
    out = RECORDING / "gravacao.json"
    data = {"_meta": {"status": 200, "json": {"sapl": version, "gravado_por": "python -m tests.sapl_record",
                                              "municipio": EXAMPLE}}} | dict(sorted(answers.items()))
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"gravado: {out} ({len(answers)} respostas)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
