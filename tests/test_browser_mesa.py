"""The review desk in a real browser (Playwright driving Debian's chromium) against the real
server (``lexconsolida mesa``, a subprocess) on a copy of the shared Feira de Santana acervo,
imported into a temporary folder (never into ../shared).

In order, as a câmara's staff would: login (and a wrong password, a form without its CSRF
token); the queue; four decisions — approve the tool's reading, choose another, non-textual,
reject (this one with the keyboard only) —, each in the ledger with its user and reason and the
recomputed act showing the change; two reviewers on one item (conflict); the two-person rule;
the procuradoria's read-only role; escaping; the pages' accessibility (axe-core, shipped by the
axe-playwright-python package, and the accessibility tree)."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import tomllib

import pytest

from lexconsolida.acervo.importer import import_folder
from lexconsolida.acervo.work import default_executor
from lexconsolida.review.auth import add_user
from tests.conftest import ROOT, SHARED
from tests.test_browser_site import ARGS, CHROMIUM

FEIRA = SHARED / "acervos" / "feira-de-santana-ba"
MUN = "ba-feira-de-santana"
SHOTS = ROOT / "output" / "screenshots"

pytestmark = [
    pytest.mark.shared,
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium não instalado"),
]


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mesa-feira")
    executor = default_executor(2)
    try:
        import_folder(FEIRA, tmp / "acervo", MUN, executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    users = tmp / "usuarios.toml"
    add_user(users, "maria", "senha-da-maria", "revisor", "Maria Souza")
    add_user(users, "joao", "senha-do-joao", "revisor", "João Lima")
    add_user(users, "procuradoria", "senha-da-proc", "leitura", "Procuradoria")
    out = tmp / "mesa.txt"
    with open(out, "w") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "lexconsolida", "mesa", str(tmp / "acervo"), "--porta", "0",
                                 "--usuarios", str(users), "--processos", "2"], cwd=ROOT, stdout=stdout,
                                stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 600
        base = None
        while time.monotonic() < deadline and proc.poll() is None:
            m = re.search(r"mesa de revisão: (http://127\.0\.0\.1:\d+)/", out.read_text(encoding="utf-8"))
            if m:
                base = m.group(1)
                break
            time.sleep(0.5)
        assert base, "a mesa não iniciou"
        yield {"base": base, "acervo": tmp / "acervo" / MUN}
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


def _context(browser, desk, user=None, password=None):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR", base_url=desk["base"])
    ctx.set_default_timeout(STATE_TIMEOUT_MS)  # waits are on states; under load they come later
    page = ctx.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("dialog", lambda d: page.errors.append(f"diálogo aberto: {d.message}"))
    if user:
        page.goto("/entrar")
        page.fill("#usuario", user)
        page.fill("#senha", password)
        page.click("button[type=submit]")
        page.wait_for_url(re.compile(r"/$"))
    return ctx, page


def _ledger(desk, pasta):
    path = desk["acervo"] / pasta / "decisoes.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["decisoes"] if path.exists() else []


def _items(page, query):
    page.goto(f"/?{query}")
    found = [a.get_attribute("href") for a in page.locator("table.fila a.abrir").all()]
    assert found, (page.url, page.locator("h1, h2").all_inner_texts())
    return found


def _first(page, queries, wanted, without=None):
    """The first item of the queue (filtered by each of ``queries`` in turn) whose page has
    ``wanted`` (and not ``without``)."""
    for query in [queries] if isinstance(queries, str) else queries:
        for href in _items(page, query)[:80]:
            page.goto(href)
            if page.locator(wanted).count() and not (without and page.locator(without).count()):
                return href
    pytest.fail(f"nenhum item de {queries} com {wanted}")


def _wait_value(field):
    """Until the (hidden) field has a value: Playwright's own wait on the element's state (the
    page's policy forbids evaluating strings, so no wait_for_function; and no sleeping loop)."""
    from playwright.sync_api import expect

    expect(field).to_have_value(re.compile(r"."), timeout=STATE_TIMEOUT_MS)


def _applied_and_shown(page, target, act_label, quadro=True):
    """The target's page: the act's step applied, and the quadro of what it changed."""
    page.goto(target)
    row = page.locator("table.passos tr", has=page.locator(f"a:text-is('{act_label}')")).first
    assert "aplicada" in row.inner_text()
    if not quadro:
        return
    if row.locator("a:has-text('ver o que mudou')").count():
        row.locator("a:has-text('ver o que mudou')").click()
    assert act_label in page.locator("h3#quadro").inner_text()
    assert page.locator("tr.quadro-passo table.quadro tbody tr").count() >= 1 or \
        "foi revogada por inteiro" in page.locator("tr.quadro-passo").inner_text()


def _confirm(page):
    """The result is shown before saving: confirm it."""
    page.wait_for_selector("text=Resultado da sua decisão, antes de gravar")
    page.click("button:has-text('Confirmar e registrar')")
    page.wait_for_selector("p.ok")


def _step(page, target_href, act_label):
    page.goto(target_href)
    return page.locator("table.passos tr", has=page.locator(f"a:text-is('{act_label}')")).first.inner_text()


def test_login_wrong_password_and_csrf(browser, desk):
    ctx, page = _context(browser, desk)
    page.goto("/")
    assert "/entrar" in page.url
    page.fill("#usuario", "maria")
    page.fill("#senha", "errada")
    page.click("button[type=submit]")
    assert page.locator("p.erro").inner_text() == "usuário ou senha incorretos"
    page.fill("#usuario", "maria")
    page.fill("#senha", "senha-da-maria")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))
    cookie = next(c for c in ctx.cookies() if c["name"] == "mesa_sessao")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    href = _items(page, "codigo=relacao-sem-operacoes")[0]
    resp = page.request.post(f"{href}/decidir", form={"acao": "adiar", "nota": "sem token"})
    assert resp.status == 403 and "CSRF" in resp.text()
    assert [e for e in page.errors if "status of 401" not in e] == []  # the wrong password's page
    ctx.close()


def test_queue_and_item_pages_as_a_clerk_sees_them(browser, desk):
    ctx, page = _context(browser, desk, "maria", "senha-da-maria")
    assert page.locator("h1").inner_text() == "Fila de revisão"
    assert int(re.search(r"(\d+) itens", page.locator("#itens").inner_text()).group(1)) > 100
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "mesa-fila.png"))
    page.click("table.fila a.abrir >> nth=0")
    assert page.locator("h2#instrucao").count() == 1 and page.locator("ol.texto-ato").count() == 1
    page.screenshot(path=str(SHOTS / "mesa-item.png"), full_page=True)
    assert page.errors == []
    ctx.close()


def test_four_decisions_in_the_ledger_with_user_reason_and_the_recomputed_acts(browser, desk):
    ctx, page = _context(browser, desk, "maria", "senha-da-maria")
    done = []
    # 1. approve the tool's reading (no justification needed)
    href = _first(page, ["codigo=ementa-divergente", "codigo=alvo-sem-texto", "codigo=alvo-ambiguo"], "#form-aprovar",
                  without="text=O ato tem mais")
    target = page.locator("#alvo-ato").get_attribute("href")
    act_label = page.locator("h2#instrucao a").inner_text()
    page.click("#form-aprovar button[type=submit]")
    page.wait_for_selector("p.ok")
    done.append((href, "aplicar", None))
    _applied_and_shown(page, target, act_label)  # the recomputed act shows the change
    # 2. choose another reading: a new wording of a unit that exists on that date
    href = _first(page, "codigo=falha-na-aplicacao", "details#outra")
    page.click("details#outra > summary")
    page.check("input[name=tipo][value=redacao]")
    unit = page.locator("select#unidade option[value^='art']").first.get_attribute("value")
    page.select_option("select#unidade", unit)
    page.fill("textarea#texto", "Redação escolhida na revisão.")
    page.fill("textarea#nota-outra", "A instrução dá nova redação ao dispositivo, que já existia.")
    # the live preview of exactly these choices, before saving
    _wait_value(page.locator("details#outra input[name=previa]"))
    assert "Redação escolhida na revisão." in page.locator("details#outra .previa-viva").inner_text()
    page.click("details#outra button.principal")
    page.wait_for_selector("p.ok")  # the live preview already showed the result: saved at once
    done.append((href, "operacoes", "A instrução dá nova redação ao dispositivo, que já existia."))
    # 3. non-textual, with a note on a unit
    href = _first(page, "codigo=alteracao-nao-textual", "details#nao-textual select#alvo_nota",
                  without="text=O ato tem mais")
    target = page.locator("#alvo-ato").get_attribute("href")
    act_label = page.locator("h2#instrucao a").inner_text()
    page.click("details#nao-textual > summary")
    unit = page.locator("select#alvo_nota option").nth(1).get_attribute("value")
    page.select_option("select#alvo_nota", unit)
    note = 'Valores alterados sem nova redação <script>alert("x")</script>'
    page.fill("textarea#nota-nt", note)
    page.click("details#nao-textual button.principal")
    _confirm(page)
    done.append((href, "nao-textual", note))
    assert note in page.locator("section:has(h2#registro) dl.registro").inner_text()  # shown as text
    _applied_and_shown(page, target, act_label, quadro=False)  # a note: the wording does not change
    # 4. reject, with the keyboard only
    page.goto("/?codigo=relacao-sem-operacoes")
    page.keyboard.press("j")
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused and focused.startswith("/item/")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/item/"))
    href = "/" + page.url.split("/", 3)[3]
    target = page.locator("#alvo-ato").get_attribute("href")
    act_label = page.locator("h2#instrucao a").inner_text()
    page.keyboard.press("r")
    assert page.evaluate("document.activeElement.id") == "nota-rej"
    page.keyboard.type("A ementa só menciona a norma; nenhuma instrução a altera.")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Registrar"
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Resultado da sua decisão, antes de gravar")
    for _ in range(400):  # Tab to the confirmation button
        if page.evaluate("document.activeElement.textContent") == "Confirmar e registrar":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("p.ok")
    done.append((href, "ignorar", "A ementa só menciona a norma; nenhuma instrução a altera."))
    assert "ignorada" in _step(page, target, act_label) and "decisão registrada" in _step(page, target, act_label)
    # the ledger holds the four, with the user and the reason
    for href, kind, note in done:
        pasta, where, code = href.split("/")[3], href.split("/")[4], href.split("/")[5]
        entry = next(e for e in _ledger(desk, pasta) if e["problema"] == code
                     and e.get("dispositivo", "ato") == where)
        assert (entry["decisao"], entry["responsavel"], entry["estado"]) == (kind, "maria", "aprovada")
        assert entry.get("nota") == note and entry["texto_hash"].startswith("sha256:")
    assert page.errors == []
    ctx.close()


def test_conflict_two_person_rule_and_read_only(browser, desk):
    maria_ctx, maria = _context(browser, desk, "maria", "senha-da-maria")
    joao_ctx, joao = _context(browser, desk, "joao", "senha-do-joao")
    href = _items(maria, "codigo=relacao-sem-operacoes")[0]
    joao.goto(href)  # João opens the item; Maria decides it first
    maria.goto(href)
    maria.click("details#adiar > summary")
    maria.fill("textarea#nota-adiar", "Aguardar parecer da procuradoria.")
    maria.click("details#adiar button.principal")
    _confirm(maria)
    joao.click("details#rejeitar > summary")
    joao.fill("textarea#nota-rej", "Não se aplica.")
    joao.click("details#rejeitar button.principal")
    joao.click("button:has-text('Confirmar e registrar')")
    assert "Conflito: outra pessoa decidiu este item" in joao.locator("section.conflito").inner_text()
    assert "Aguardar parecer da procuradoria." in joao.locator("section.conflito").inner_text()
    pasta = href.split("/")[3]
    assert [e["decisao"] for e in _ledger(desk, pasta) if e["problema"] == "relacao-sem-operacoes"] == ["adiar"]
    # the two-person rule, switched on in municipio.toml (read at each decision)
    mun = desk["acervo"] / "municipio.toml"
    mun.write_text(mun.read_text(encoding="utf-8") + "\n[revisao]\nduas_pessoas = true\n", encoding="utf-8")
    href = _items(maria, "codigo=relacao-sem-operacoes")[0]
    maria.goto(href)
    maria.click("details#rejeitar > summary")
    maria.fill("textarea#nota-rej", "Relação só na ementa.")
    maria.click("details#rejeitar button.principal")
    _confirm(maria)
    assert "aguarda a aprovação de outra pessoa" in maria.locator("p.ok").inner_text()
    assert maria.locator("button:has-text('Aprovar a proposta de maria')").is_disabled()
    maria_ctx.close()
    joao.goto(href)
    joao.click("button:has-text('Aprovar a proposta de maria')")
    joao.wait_for_selector("p.ok")
    entry = next(e for e in _ledger(desk, href.split("/")[3]) if e["problema"] == "relacao-sem-operacoes")
    assert (entry["estado"], entry["responsavel"], entry["aprovada_por"]) == ("aprovada", "maria", "joao")
    joao_ctx.close()
    proc_ctx, proc = _context(browser, desk, "procuradoria", "senha-da-proc")
    proc.goto(href)
    assert proc.locator("form[action$='/decidir']").count() == 0 and "somente leitura" in proc.content()
    csrf = proc.locator("input[name=csrf]").first.get_attribute("value")
    resp = proc.request.post(f"{href}/decidir", form={"csrf": csrf, "acao": "adiar", "nota": "x"})
    assert resp.status == 403
    proc_ctx.close()


def test_accessibility_axe_and_the_tree(browser, desk):
    from axe_playwright_python.sync_playwright import Axe  # test extra: axe-core shipped in the package

    ctx, page = _context(browser, desk, "maria", "senha-da-maria")
    axe = Axe()
    for url in ("/", _items(page, "codigo=falha-na-aplicacao")[0]):
        page.goto(url)
        results = axe.run(page)
        serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert serious == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in serious]
    tree = page.locator("body").aria_snapshot()  # the accessibility tree, as a screen reader gets it
    names = re.findall(r'- heading "([^"]+)" \[level=\d\]', tree)
    assert names[0] == page.locator("h1").inner_text() and "A norma alterada" in names
    assert "Leituras propostas" in names and "Registro" in names
    unlabeled = page.evaluate("""() => [...document.querySelectorAll('select, textarea, input:not([type=hidden])')]
        .filter(e => !(e.labels && e.labels.length) && !e.closest('label') && !e.getAttribute('aria-label'))
        .map(e => e.name)""")
    assert unlabeled == []
    ctx.close()
