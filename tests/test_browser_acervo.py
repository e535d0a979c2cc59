"""The work list of the fictional acervo in a real browser (Playwright driving Debian's
chromium): it renders, its sections are there, and every link resolves — to a page that loads
and, for a line link, to the line it names."""

from __future__ import annotations

import functools
import http.server
import threading
from urllib.parse import urljoin

import pytest

from lexconsolida.acervo import worklist
from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.pipeline import build
from tests.conftest import ROOT
from tests import test_browser_site as site_tests
from tests.test_browser_site import CHROMIUM, _QuietHandler

ATOS = ROOT / "tests" / "fixtures" / "acervo-ficticio" / "atos"
browser = site_tests.browser  # the site tests' chromium fixtures (console errors, failed requests)
page = site_tests.page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium não instalado"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lista")
    import_folder(ATOS, tmp / "acervo", "mg-serra-ficticia")
    # one pending amendment, so the queue and a line link are on the page
    text = tmp / "acervo" / "mg-serra-ficticia" / "lei-30-2015" / "texto.txt"
    text.write_text(text.read_text(encoding="utf-8").replace("inciso III do art. 2º", "inciso IX do art. 2º"),
                    encoding="utf-8")
    worklist.write(build(tmp / "acervo"), tmp / "lista")
    handler = functools.partial(_QuietHandler, directory=str(tmp / "lista"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


def test_work_list_renders_with_its_sections(server, page):
    page.goto(f"{server}/index.html")
    assert page.locator("h1").inner_text() == "Lista de trabalho do acervo — Serra Fictícia-MG"
    headings = page.locator("h2").all_inner_texts()
    # the queue is the review desk's (one count everywhere): the failed application, and the act
    # that amends a law the acervo does not have
    for h in ("Resumo", "Atos por tipo e ano", "Fila de decisões (2)", "Alterações pendentes de decisão (1)",
              "Alterações aplicadas (3)", "Atos revogados", "Recusados (1)", "Dúvidas da importação"):
        assert h in headings, headings
    rows = page.locator("#decisoes ~ table tbody tr").all_inner_texts()
    assert len(rows) == 2 and any("falha-na-aplicacao" in r for r in rows) \
        and any("alvo-fora-do-acervo" in r for r in rows)
    assert page.errors == []
    ROOT.joinpath("output", "screenshots").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ROOT / "output" / "screenshots" / "lista-de-trabalho.png"), full_page=True)


def test_every_link_resolves(server, page):
    """Crawl from the two lists: every page loads; every '#L<n>' lands on its line."""
    pages: dict[str, set[str]] = {}
    todo = [f"{server}/index.html", f"{server}/atos.html"]
    while todo:
        url = todo.pop()
        base, _, fragment = url.partition("#")
        if base in pages:
            pages[base].add(fragment)
            continue
        pages[base] = {fragment}
        response = page.goto(base)
        assert response is not None and response.ok, base
        for href in page.locator("a[href]").evaluate_all("els => els.map(e => e.getAttribute('href'))"):
            target = urljoin(base, href)
            if target.startswith(server):
                todo.append(target)
    line_links = 0
    for base, fragments in sorted(pages.items()):
        for fragment in sorted(f for f in fragments if f):
            page.goto(f"{base}#{fragment}")
            assert page.evaluate("document.querySelector(':target') && document.querySelector(':target').id") \
                == fragment, f"{base}#{fragment}"
            line_links += fragment.startswith("L")
    assert len(pages) > 5 and line_links >= 1
    assert page.errors == []
