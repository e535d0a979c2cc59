"""The search page in a real browser (Playwright driving Debian's chromium): every hit says the
status of its act, acts in force come first, results go past 50 in pages, and each filter choice
says how many hits it gives (issue 36).

The corpus is made for it: twelve revoked laws and eight laws in force, all about a "conselho",
five dispositivos each — 100 hits, two pages. The revoked laws are the *newer* ones, so a
ranking by date alone would put them first: only the status ranking puts the laws in force
ahead. Every wait is on the page's state (a text, a count), never on time.
"""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from lexconsolida.model import Dispositivo, Event, Kind, Norma, Situacao
from lexconsolida.model.numbering import Number
from lexconsolida.site import build_site
from lexconsolida.site.model import Municipio, SiteAct, SiteCorpus
from tests.test_browser_site import ARGS, CHROMIUM, SCREENSHOTS, _QuietHandler

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium não instalado"),
]

PLACE = "br;sao.paulo;vila.exemplo"
VILA = Municipio("sp-vila-exemplo", "Vila Exemplo", "SP")
IN_FORCE = 8
REVOKED = 12


def _law(n: int, year: int, revoked_by: int | None) -> SiteAct:
    urn = f"urn:lex:{PLACE}:municipal:lei:{year}-03-01;{n}"
    arts = []
    for i in range(1, 6):
        cpt = Dispositivo(Kind.CAPUT, f"art{i}_cpt", None,
                          text=f"O Conselho Municipal da Mulher exerce a competência {i} desta Lei nº {n}.")
        arts.append(Dispositivo(Kind.ARTIGO, f"art{i}", f"Art. {i}º", children=[cpt], number=Number(i)))
    norma = Norma(tipo="Lei", numero=str(n), data=f"{year}-03-01", urn=urn, vigencia=f"{year}-03-01",
                  ementa=f"Dispõe sobre a composição nº {n}.", articulacao=arts)
    if revoked_by is not None:
        norma.situacao = Situacao.REVOGADO
        norma.events = [Event("revogacao", f"urn:lex:{PLACE}:municipal:lei:2020-01-01;{revoked_by}",
                              f"Lei nº {revoked_by}, de 1º de janeiro de 2020", "2020-01-01")]
    return SiteAct(norma, f"sp-vila-exemplo/lei-{n}-{year}", VILA)


def _corpus() -> SiteCorpus:
    acts = [_law(100 + i, 2000 + i, None) for i in range(IN_FORCE)]
    acts += [_law(200 + i, 2010 + i, 999) for i in range(REVOKED)]
    return SiteCorpus(acts, nome="Diário Oficial de Vila Exemplo")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    site = tmp_path_factory.mktemp("busca")
    build_site(_corpus(), site)
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(params=[(1100, 800), (375, 740)], ids=["desktop", "375px"])
def page(browser, request):
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR")
    pg = context.new_page()
    pg.errors = []
    pg.width = width
    pg.on("console", lambda m: pg.errors.append(f"console: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(f"pageerror: {e}"))
    pg.on("requestfailed", lambda r: pg.errors.append(f"requestfailed: {r.url}"))
    pg.on("response", lambda r: pg.errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    yield pg
    context.close()


def _hits(page) -> list[tuple[str, str, str]]:
    """(link text, status tag text, status tag class) of every hit shown."""
    return page.eval_on_selector_all("#resultados > li", """items => items.map(li => {
        const tag = li.querySelector('.situacao-resultado');
        return [li.querySelector('a').textContent, tag ? tag.textContent : '', tag ? tag.className : ''];
    })""")


def _wait_status(page, text: str) -> None:
    page.wait_for_function("t => document.getElementById('situacao-busca').textContent.includes(t)", arg=text)


def test_revoked_marked_in_force_first_and_page_two(server, page):
    page.goto(f"{server}/busca.html")
    page.fill("#q", "conselho mulher")
    page.press("#q", "Enter")
    _wait_status(page, "página 1 de 2")
    assert page.locator("#situacao-busca").inner_text() == (
        "100 dispositivos encontrados em 20 atos; página 1 de 2, do 1º ao 50º.")
    hits = _hits(page)
    assert len(hits) == 50
    # every hit says its act's status; the 40 hits of the laws in force come first, newest law first
    assert all(tag for _, tag, _ in hits)
    assert [tag for _, tag, _ in hits[:40]] == ["em vigor"] * 40
    assert hits[0][0].startswith("Lei nº 107, de 1º de março de 2007")
    assert hits[39][0].startswith("Lei nº 100, de 1º de março de 2000")
    assert [tag for _, tag, _ in hits[40:]] == ["revogada"] * 10
    assert all("situacao-revogada" in cls for _, _, cls in hits[40:])
    assert hits[40][0].startswith("Lei nº 211, de 1º de março de 2021")  # newest revoked law
    # each filter choice says how many hits it gives
    options = page.eval_on_selector_all("#situacao option", "os => os.map(o => o.textContent)")
    assert "revogada (60)" in options and "em vigor (40)" in options and "todas (100)" in options
    if page.width == 375:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "busca-375.png"), full_page=False)
    # page 2: the next 50, all of revoked laws, and the address says which page
    page.click("#paginas-busca a[rel=next]")
    _wait_status(page, "página 2 de 2")
    assert page.locator("#situacao-busca").inner_text() == (
        "100 dispositivos encontrados em 20 atos; página 2 de 2, do 51º ao 100º.")
    hits = _hits(page)
    assert len(hits) == 50 and {tag for _, tag, _ in hits} == {"revogada"}
    assert "pagina=2" in page.url
    assert page.evaluate("document.getElementById('resultados').start") == 51
    # the address of page 2 opens page 2
    page.goto(page.url)
    _wait_status(page, "página 2 de 2")
    assert len(_hits(page)) == 50
    # back goes to page 1
    page.go_back()
    _wait_status(page, "página 1 de 2")
    assert _hits(page)[0][1] == "em vigor"
    if page.width == 1100:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "busca-desktop.png"), full_page=False)
    assert page.errors == []


def test_a_filter_narrows_and_its_count_is_the_result(server, page):
    page.goto(f"{server}/busca.html?q=conselho&situacao=vigente")
    _wait_status(page, "40 dispositivos encontrados")
    assert page.locator("#situacao-busca").inner_text() == "40 dispositivos encontrados em 8 atos."
    assert page.locator("#paginas-busca").is_hidden()
    assert {tag for _, tag, _ in _hits(page)} == {"em vigor"}
    # without words, a status lists the acts themselves, in the same order
    page.goto(f"{server}/busca.html?situacao=revogada")
    _wait_status(page, "12 atos encontrados")
    hits = _hits(page)
    assert [tag for _, tag, _ in hits] == ["revogada"] * 12
    assert hits[0][0] == "Lei nº 211, de 1º de março de 2021"
    assert page.errors == []
