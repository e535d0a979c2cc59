"""The review desk in a real browser (Playwright driving Debian's chromium) against the real
server (``lexconsolida mesa``, a subprocess, with a users file: the two-person rule), on the
fictional acervo of ``tests/mesa_support.py``, as a câmara's staff would:

- Maria proposes, João approves; withdrawing needs a second person too; the history shows every
  entry, with names; a revert restores what was in force;
- an own reading of a whole article with its incisos, previewed live, then recorded: the text
  compiled after it is the preview's;
- a renumbering with the inclusion that depends on it;
- the procuradoria's read-only role; the pages at 375 px; accessibility (axe-core).

Every wait is on the page's state (a locator, an expectation), never on time."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import tomllib

import pytest

from lexconsolida.review.auth import add_user
from tests.conftest import ROOT
from tests.mesa_support import ITEM_EMENTA, ITEM_FAILURE, ITEM_OUTSIDE, MUN, make_acervo
from tests.test_browser_site import ARGS, CHROMIUM

SHOTS = ROOT / "output" / "screenshots"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium não instalado"),
]


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mesa-navegador")
    acervo = make_acervo(tmp)
    users = tmp / "usuarios.toml"
    add_user(users, "maria", "senha-da-maria", "revisor", "Maria Souza")
    add_user(users, "joao", "senha-do-joao", "revisor", "João Lima")
    add_user(users, "procuradoria", "senha-da-proc", "leitura", "Procuradoria-Geral")
    out = tmp / "mesa.txt"
    with open(out, "w") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "lexconsolida", "mesa", str(acervo), "--porta", "0",
                                 "--usuarios", str(users), "--processos", "1", "--sem-cache"], cwd=ROOT,
                                stdout=stdout, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 180
        base = None
        while time.monotonic() < deadline and proc.poll() is None:
            m = re.search(r"mesa de revisão: (http://127\.0\.0\.1:\d+)/", out.read_text(encoding="utf-8"))
            if m:
                base = m.group(1)
                break
            time.sleep(0.2)  # the server's start, before any page: its output is the state waited on
        assert base, "a mesa não iniciou"
        yield {"base": base, "acervo": acervo / MUN}
    finally:
        proc.terminate()
        proc.wait(timeout=30)


STATE_TIMEOUT_MS = 180_000
"""How long a wait on a state may take before it is a failure (Playwright's 30 s failed under load)."""


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def expect():
    expect = pytest.importorskip("playwright.sync_api").expect
    expect.set_options(timeout=STATE_TIMEOUT_MS)  # waits are on states; under load they come later
    return expect


def _person(browser, desk, user, password, width=1280):
    ctx = browser.new_context(viewport={"width": width, "height": 900}, locale="pt-BR", base_url=desk["base"])
    ctx.set_default_timeout(STATE_TIMEOUT_MS)  # waits are on states; under load they come later
    page = ctx.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("dialog", lambda d: page.errors.append(f"diálogo aberto: {d.message}"))
    page.goto("/entrar")
    page.fill("#usuario", user)
    page.fill("#senha", password)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))
    return ctx, page


def _entries(desk, pasta: str) -> list[dict]:
    path = desk["acervo"] / pasta / "decisoes.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["registro"] if path.exists() else []


def _approve(page, expect, item: str, who: str) -> None:
    page.goto(f"/item/{item}")
    page.click(f"button:has-text('Aprovar a proposta de {who}')")
    expect(page.locator("p.ok")).to_contain_text("aprovada")


def test_propose_approve_withdraw_and_revert_two_people_and_the_history(browser, desk, expect):
    maria_ctx, maria = _person(browser, desk, "maria", "senha-da-maria")
    joao_ctx, joao = _person(browser, desk, "joao", "senha-do-joao")
    maria.goto(f"/item/{ITEM_OUTSIDE}")
    maria.click("details#rejeitar > summary")
    maria.fill("textarea#nota-rej", "A Lei nº 999/2001 não é do acervo desta câmara.")
    maria.click("details#rejeitar button.principal")
    expect(maria.locator("#resultado")).to_have_text("Resultado da sua decisão, antes de gravar")
    maria.click("button:has-text('Confirmar e registrar')")
    expect(maria.locator("p.ok")).to_contain_text("aguarda a aprovação de outra pessoa")
    expect(maria.locator("button:has-text('Aprovar a proposta de Maria Souza')")).to_be_disabled()
    SHOTS.mkdir(parents=True, exist_ok=True)
    maria.screenshot(path=str(SHOTS / "mesa-proposta.png"), full_page=True)
    _approve(joao, expect, ITEM_OUTSIDE, "Maria Souza")
    expect(joao.locator("p.situacao-item .estado")).to_have_text("decidida")
    # withdrawing the approved decision is a proposal too
    joao.click("details#retirar > summary")
    joao.fill("textarea#nota-retirar", "A Lei nº 999/2001 foi incluída no acervo.")
    joao.click("details#retirar button[type=submit]")
    expect(joao.locator("p.ok")).to_contain_text("Retirada registrada")
    expect(joao.locator(".em-vigor")).to_be_visible()  # still in force until approved
    _approve(maria, expect, ITEM_OUTSIDE, "João Lima")
    expect(maria.locator("p.situacao-item .estado")).to_have_text("pendente")
    # the history: every entry, with who and when
    history = maria.locator("ol.historico > li")
    expect(history).to_have_count(4)
    text = " ".join(history.all_inner_texts())
    assert "Maria Souza (maria)" in text and "João Lima (joao)" in text and "retirada da decisão em vigor" in text
    # a revert is a new entry: the withdrawal reverted brings the decision back, once approved
    entry3 = maria.locator("li#entrada-3")
    entry3.locator("summary:has-text('Reverter esta entrada')").click()
    entry3.locator("textarea").fill("A inclusão da Lei nº 999 foi desfeita.")
    entry3.locator("button:has-text('Registrar a reversão')").click()
    expect(maria.locator("p.ok")).to_contain_text("Reversão registrada")
    _approve(joao, expect, ITEM_OUTSIDE, "Maria Souza")
    expect(joao.locator("p.situacao-item .estado")).to_have_text("decidida")
    expect(joao.locator("ol.historico > li")).to_have_count(6)
    joao.screenshot(path=str(SHOTS / "mesa-historico.png"), full_page=True)
    events = [e["evento"] for e in _entries(desk, "lei-50-2017")]
    assert events == ["decisao", "aprovacao", "retirada", "aprovacao", "decisao", "aprovacao"]
    assert maria.errors == [] and joao.errors == []
    maria_ctx.close()
    joao_ctx.close()


def test_an_own_reading_of_a_whole_article_with_incisos(browser, desk, expect):
    maria_ctx, maria = _person(browser, desk, "maria", "senha-da-maria")
    maria.goto(f"/item/{ITEM_FAILURE}")
    maria.click("details#outra > summary")
    maria.select_option("select#tipo_1", "redacao")
    maria.select_option("select#unidade_1", "art2")
    article = ("Art. 2º O horário de funcionamento do comércio será:\nI - das 8h às 20h, nos dias úteis;\n"
               "II - das 8h às 14h, aos sábados;\nIII - das 9h às 13h, aos domingos, nos meses de dezembro;\n"
               "IV - das 10h às 16h, nos feriados municipais.")
    maria.fill("textarea#texto_1", article)
    maria.fill("textarea#nota-outra", "O art. 2º revoga um inciso IX que não existe: a lei quis o novo inciso IV.")
    live = maria.locator("details#outra .previa-viva")
    expect(live).to_contain_text("das 10h às 16h, nos feriados municipais")  # the live preview, as filled
    expect(live).to_contain_text("Com esta decisão, a alteração se aplica")
    expect(maria.locator("details#outra input[name=previa]")).not_to_have_value("")
    maria.screenshot(path=str(SHOTS / "mesa-outra-leitura.png"), full_page=True)
    maria.click("details#outra button.principal")
    expect(maria.locator("p.ok")).to_contain_text("aguarda a aprovação")
    joao_ctx, joao = _person(browser, desk, "joao", "senha-do-joao")
    _approve(joao, expect, ITEM_FAILURE, "Maria Souza")
    joao.goto(f"/ato/{MUN}/lei-10-2010")
    expect(joao.locator(".texto-vigente")).to_contain_text("das 10h às 16h, nos feriados municipais")
    (entry, _) = _entries(desk, "lei-30-2015")
    assert [o["alvo"].split("!")[1] for o in entry["decisao"]["operacoes"]] == [
        "art2", "art2_cpt_inc1", "art2_cpt_inc2", "art2_cpt_inc3", "art2_cpt_inc4"]
    assert maria.errors == [] and joao.errors == []
    maria_ctx.close()
    joao_ctx.close()


def test_a_renumbering_with_the_inclusion_that_depends_on_it(browser, desk, expect):
    maria_ctx, maria = _person(browser, desk, "maria", "senha-da-maria")
    maria.goto(f"/item/{ITEM_EMENTA}")
    maria.click("details#outra > summary")
    maria.select_option("select#tipo_1", "renumeracao")
    maria.select_option("select#unidade_1", "art3_par1u")
    maria.fill("input#novo_rotulo_1", "§ 1º")
    maria.click("details#outra button.mais-linha")  # one more row (the page comes back with it)
    expect(maria.locator("select#tipo_2")).to_be_visible()
    maria.select_option("select#tipo_2", "inclusao")
    maria.select_option("select#unidade_2", "art3")
    maria.fill("input#rotulo_2", "§ 2º")
    maria.fill("textarea#texto_2", "Os feriados municipais são fixados por decreto.")
    maria.fill("textarea#nota-outra", "A Lei nº 80 renumera o parágrafo único do art. 3º e acrescenta o § 2º.")
    live = maria.locator("details#outra .previa-viva")
    expect(live).to_contain_text("Os feriados municipais são fixados por decreto.")
    expect(live).to_contain_text("renumeração de art. 3º, parágrafo único → art. 3º, § 1º")
    expect(maria.locator("details#outra input[name=previa]")).not_to_have_value("")
    maria.click("details#outra button.principal")
    expect(maria.locator("p.ok")).to_contain_text("aguarda a aprovação")
    joao_ctx, joao = _person(browser, desk, "joao", "senha-do-joao")
    _approve(joao, expect, ITEM_EMENTA, "Maria Souza")
    joao.goto(f"/ato/{MUN}/lei-10-2010")
    text = joao.locator(".texto-vigente")
    expect(text).to_contain_text("§ 1º O Poder Executivo publicará o calendário anualmente.")
    expect(text).to_contain_text("§ 2º Os feriados municipais são fixados por decreto.")
    maria_ctx.close()
    joao_ctx.close()


def test_read_only_phone_width_and_accessibility(browser, desk, expect):
    from axe_playwright_python.sync_playwright import Axe  # test extra: axe-core shipped in the package

    ctx, page = _person(browser, desk, "procuradoria", "senha-da-proc", width=375)
    for url in ("/", f"/item/{ITEM_FAILURE}", f"/ato/{MUN}/lei-10-2010"):
        page.goto(url)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 375, (url, wide)  # nothing wider than a phone
    page.goto(f"/item/{ITEM_EMENTA}")
    assert page.locator("form[action$='/decidir']").count() == 0 and "somente leitura" in page.content()
    page.screenshot(path=str(SHOTS / "mesa-375.png"), full_page=True)
    axe = Axe()
    for url in ("/", f"/item/{ITEM_EMENTA}"):
        page.goto(url)
        results = axe.run(page)
        serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert serious == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in serious]
    assert page.errors == []
    ctx.close()
