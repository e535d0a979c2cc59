"""The built site in a real browser (Playwright driving Debian's chromium, never a download).

Serves the site of the fictional corpus over http.server on 127.0.0.1, then: follows a
permalink and lands on the dispositivo; follows a citation to another act; searches a word and
follows the result; checks the skip link is the first stop of the keyboard; no console error,
no failed request, no broken link; saves screenshots of an act page and of its compiled view in
``output/screenshots/``.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

from lexconsolida.site import build_site
from tests.linkcheck import check_site
from tests.site_sample import fictional_corpus
from tests.conftest import ROOT

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = ROOT / "output" / "screenshots"
LEI = "sp-vila-exemplo/lei-100-2020"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium não instalado"),
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep the test output clean
        pass


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    build_site(fictional_corpus(), site, docs_dir=ROOT / "docs" / "site")
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield site, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


STATE_TIMEOUT_MS = 180_000
"""How long a wait on a page's state may take before it is a failure (Playwright's default, 30 s,
failed under load: CI shares two cores with the whole suite)."""


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 800}, locale="pt-BR")
    # Every wait is on a state (a selector, a condition, a load); on a loaded machine reaching it
    # takes longer, never a different path: the limit is for a state that never comes.
    context.set_default_timeout(STATE_TIMEOUT_MS)
    pg = context.new_page()
    pg.errors = []
    pg.on("console", lambda m: pg.errors.append(f"console: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(f"pageerror: {e}"))
    pg.on("requestfailed", lambda r: pg.errors.append(f"requestfailed: {r.url}"))
    pg.on("response", lambda r: pg.errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    yield pg
    context.close()


def _in_viewport(page, element_id: str) -> bool:
    return page.evaluate(
        """id => { const r = document.getElementById(id).getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight; }""", element_id)


def test_permalink_lands_on_the_dispositivo(server, page):
    _, base = server
    page.goto(f"{base}/{LEI}/index.html#art3_cpt_inc2_ali2_ite2")
    assert page.evaluate("document.querySelector(':target').id") == "art3_cpt_inc2_ali2_ite2"
    assert _in_viewport(page, "art3_cpt_inc2_ali2_ite2")
    page.click("a.rotulo[href='#art4_par1u']")
    assert page.url.endswith("#art4_par1u")
    assert _in_viewport(page, "art4_par1u")
    assert page.errors == []


def test_citation_link_goes_to_the_cited_act(server, page):
    _, base = server
    page.goto(f"{base}/sp-vila-exemplo/decreto-15-2021/index.html")
    page.click("a.cit")
    page.wait_for_load_state()
    assert page.url == f"{base}/{LEI}/index.html#art1"
    assert page.evaluate("document.querySelector(':target').id") == "art1"
    assert page.locator("h1").inner_text() == "Lei nº 100, de 4 de maio de 2020"
    assert page.errors == []


def test_search_finds_a_dispositivo_by_a_word(server, page):
    _, base = server
    page.goto(f"{base}/busca.html")
    page.fill("#q", "Contrastante")
    page.press("#q", "Enter")
    page.wait_for_selector("#resultados li")
    assert page.locator("#situacao-busca").inner_text() == "1 dispositivo encontrado."
    link = page.locator("#resultados li a").first
    assert link.get_attribute("href") == f"{LEI}/index.html#art3_cpt_inc2_ali2_ite2"
    assert "Art. 3º, inciso II, alínea b, item 2" in link.inner_text()
    link.click()
    page.wait_for_load_state()
    assert page.evaluate("document.querySelector(':target').id") == "art3_cpt_inc2_ali2_ite2"
    page.goto(f"{base}/busca.html?q=tax%20BANCA")
    page.wait_for_selector("#resultados li")
    assert page.locator("#resultados li").count() >= 1
    page.goto(f"{base}/busca.html?q=inexistentepalavra")
    page.wait_for_function("document.getElementById('situacao-busca').textContent.length > 10")
    assert page.locator("#situacao-busca").inner_text() == "Nenhum dispositivo encontrado."
    assert page.errors == []


def test_keyboard_starts_at_the_skip_link(server, page):
    _, base = server
    page.goto(f"{base}/{LEI}/index.html")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Pular para o conteúdo"
    page.keyboard.press("Enter")
    assert page.url.endswith("#conteudo")
    assert page.errors == []


def test_every_page_loads_cleanly_and_no_link_is_broken(server, page):
    site, base = server
    assert check_site(site) == []
    for html in sorted(site.rglob("*.html")):
        page.goto(f"{base}/{html.relative_to(site).as_posix()}")
        assert page.title()
    assert page.errors == []


def test_print_layout_hides_navigation_and_keeps_articles_whole(server, page):
    _, base = server
    page.goto(f"{base}/{LEI}/compilado.html")
    page.emulate_media(media="print")
    style = page.evaluate("""() => ({
        nav: getComputedStyle(document.querySelector('.topo')).display,
        sumario: getComputedStyle(document.querySelector('nav.sumario')).display,
        abas: getComputedStyle(document.querySelector('nav.abas')).display,
        artigo: getComputedStyle(document.querySelector('.artigo')).breakInside,
        rodape: getComputedStyle(document.querySelector('.rodape')).display })""")
    assert style == {"nav": "none", "sumario": "none", "abas": "none", "artigo": "avoid",
                     "rodape": "block"}
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    (SCREENSHOTS / "ato-compilado-impressao.pdf").write_bytes(pdf)
    assert page.errors == []


def test_screenshots_of_an_act_and_its_compiled_view(server, page):
    _, base = server
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, url in [("ato-vigente", "index.html"), ("ato-compilado", "compilado.html")]:
        page.goto(f"{base}/{LEI}/{url}")
        target = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(target), full_page=True)
        assert target.stat().st_size > 10_000
    page.goto(f"{base}/busca.html?q=fiscaliza%C3%A7%C3%A3o")
    page.wait_for_selector("#resultados li")
    page.screenshot(path=str(SCREENSHOTS / "busca.png"), full_page=True)
    assert page.errors == []


def _results(page, base: str, query: str) -> list[str]:
    from urllib.parse import quote

    page.goto(f"{base}/busca.html?q={quote(query)}")
    page.wait_for_function("document.getElementById('situacao-busca').textContent.length > 10"
                           " && document.getElementById('situacao-busca').textContent !== 'Buscando…'")
    return [a.get_attribute("href") for a in page.locator("#resultados li a").all()]


def test_search_understands_legal_citations_and_highlights_hits(server, page):
    """Issue 12: 'art 55 § 13' / '§ 13 do art. 55' find that dispositivo; hits are marked."""
    _, base = server
    for query in ("inciso II do art. 3º", "art 3 inc II", "art. 3º, inciso II"):
        hrefs = _results(page, base, query)
        assert hrefs and hrefs[0] == f"{LEI}/index.html#art3_cpt_inc2", (query, hrefs)
        assert all("#art3_cpt_inc2" in h for h in hrefs)  # the inciso and what it holds
    assert _results(page, base, "parágrafo único do art. 4º") == [f"{LEI}/index.html#art4_par1u"]
    assert _results(page, base, "art 4 parágrafo único") == [f"{LEI}/index.html#art4_par1u"]
    hrefs = _results(page, base, "alínea b do inciso II do art. 3º contrastante")
    assert hrefs == [f"{LEI}/index.html#art3_cpt_inc2_ali2_ite2"]
    assert page.locator("#resultados .trecho mark").first.inner_text().lower().startswith("contrastante")
    assert page.locator("#resultados a mark").first.inner_text() == "Art. 3º, inciso II, alínea b, item 2"
    assert _results(page, base, "art. 3º-A") == [f"{sp}/index.html#art3-1" for sp in (LEI,)]
    # a plain word search marks the word in the excerpt
    _results(page, base, "banca")
    assert page.locator("#resultados .trecho mark").first.inner_text().lower() == "banca"
    assert page.errors == []
