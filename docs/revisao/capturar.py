"""Takes the screenshots of docs/revisao.md from the review desk itself (Playwright driving Debian's
chromium), at 1280 px and at 375 px (a phone):

- on the fictional acervo of the tests (``tests/mesa_support.py``), with a users file (two
  people): a proposal, its approval, the history of an item, an own reading with its live
  preview, a renumbering, the act page, the read-only role;
- on a copy of the imported Feira de Santana acervo (``--feira PASTA``, optional): the queue and
  an item of a real municipality.

    python docs/revisao/capturar.py [--feira /tmp/feira-importada]

Nothing here is run by the tests; the images are looked at before they are committed."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from lexconsolida.review.auth import add_user  # noqa: E402
from lexconsolida.review.identity import system_login  # noqa: E402
from tests.mesa_support import ITEM_EMENTA, ITEM_FAILURE, ITEM_OUTSIDE, MUN, make_acervo  # noqa: E402
from tests.test_browser_site import ARGS, CHROMIUM  # noqa: E402

OUT = ROOT / "docs" / "revisao"


def serve(acervo: Path, users: Path | None, log: Path, env: dict | None = None) -> tuple[subprocess.Popen, str]:
    argv = [sys.executable, "-m", "lexconsolida", "mesa", str(acervo), "--porta", "0", "--processos", "2"]
    if users is not None:
        argv += ["--usuarios", str(users)]
    with open(log, "w") as out:
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL,
                                env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    while proc.poll() is None:
        m = re.search(r"mesa de revisão: (http://[^/]+)/", log.read_text(encoding="utf-8"))
        if m:
            return proc, m.group(1)
        time.sleep(0.5)
    raise SystemExit("a mesa não iniciou")


def person(browser, base, user, password, width=1280):
    ctx = browser.new_context(viewport={"width": width, "height": 900}, locale="pt-BR", base_url=base,
                              device_scale_factor=1)
    page = ctx.new_page()
    page.goto("/entrar")
    page.fill("#usuario", user)
    page.fill("#senha", password)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))
    return ctx, page


def fictional(browser, expect, tmp: Path) -> None:
    acervo = make_acervo(tmp)
    users = tmp / "usuarios.toml"
    add_user(users, "maria", "senha-da-maria", "revisor", "Maria Souza")
    add_user(users, "joao", "senha-do-joao", "revisor", "João Lima")
    add_user(users, "procuradoria", "senha-da-proc", "leitura", "Procuradoria-Geral")
    proc, base = serve(acervo, users, tmp / "mesa.txt")
    try:
        _, maria = person(browser, base, "maria", "senha-da-maria")
        _, joao = person(browser, base, "joao", "senha-do-joao")
        # an own reading of a whole article, with its live preview
        maria.goto(f"/item/{ITEM_FAILURE}")
        maria.click("details#outra > summary")
        maria.select_option("select#unidade_1", "art2")
        maria.fill("textarea#texto_1", "Art. 2º O horário de funcionamento do comércio será:\n"
                                       "I - das 8h às 20h, nos dias úteis;\nII - das 8h às 14h, aos sábados;\n"
                                       "III - das 9h às 13h, aos domingos, nos meses de dezembro;\n"
                                       "IV - das 10h às 16h, nos feriados municipais.")
        maria.fill("textarea#nota-outra", "O art. 2º revoga um inciso IX que não existe: a lei quis o inciso IV.")
        expect(maria.locator("details#outra .previa-viva")).to_contain_text("nos feriados municipais")
        maria.locator("details#outra").screenshot(path=str(OUT / "outra.png"))
        maria.click("details#outra button.principal")
        expect(maria.locator("p.ok")).to_contain_text("aguarda a aprovação")
        maria.locator("section:has(h2#registro)").screenshot(path=str(OUT / "proposta.png"))
        joao.goto(f"/item/{ITEM_FAILURE}")
        joao.click("button:has-text('Aprovar a proposta de Maria Souza')")
        expect(joao.locator("p.ok")).to_contain_text("aprovada")
        # withdraw (a second person approves), then revert
        maria.goto(f"/item/{ITEM_OUTSIDE}")
        maria.click("details#rejeitar > summary")
        maria.fill("textarea#nota-rej", "A Lei nº 999/2001 não é do acervo desta câmara.")
        maria.click("details#rejeitar button.principal")
        expect(maria.locator("#resultado")).to_be_visible()
        maria.locator("section.candidato").screenshot(path=str(OUT / "confirmar.png"))
        maria.click("button:has-text('Confirmar e registrar')")
        joao.goto(f"/item/{ITEM_OUTSIDE}")
        joao.click("button:has-text('Aprovar a proposta de Maria Souza')")
        expect(joao.locator("p.ok")).to_be_visible()
        joao.click("details#retirar > summary")
        joao.fill("textarea#nota-retirar", "A Lei nº 999/2001 foi incluída no acervo.")
        joao.click("details#retirar button[type=submit]")
        expect(joao.locator("p.ok")).to_be_visible()
        maria.goto(f"/item/{ITEM_OUTSIDE}")
        maria.click("button:has-text('Aprovar a proposta de João Lima')")
        expect(maria.locator("ol.historico > li")).to_have_count(4)
        maria.locator("section:has(h2#registro)").screenshot(path=str(OUT / "historico.png"))
        # the act page, its history of amendments and efficacy events
        maria.goto(f"/ato/{MUN}/lei-10-2010")
        maria.screenshot(path=str(OUT / "ato.png"))
        # a renumbering with what depends on it
        maria.goto(f"/item/{ITEM_EMENTA}")
        maria.click("details#outra > summary")
        maria.select_option("select#tipo_1", "renumeracao")
        maria.select_option("select#unidade_1", "art3_par1u")
        maria.fill("input#novo_rotulo_1", "§ 1º")
        maria.click("details#outra button.mais-linha")
        expect(maria.locator("select#tipo_2")).to_be_visible()
        maria.select_option("select#tipo_2", "inclusao")
        maria.select_option("select#unidade_2", "art3")
        maria.fill("input#rotulo_2", "§ 2º")
        maria.fill("textarea#texto_2", "Os feriados municipais são fixados por decreto.")
        maria.fill("textarea#nota-outra", "A Lei nº 80 renumera o parágrafo único e acrescenta o § 2º.")
        expect(maria.locator("details#outra .previa-viva")).to_contain_text("fixados por decreto")
        maria.locator("details#outra .previa-viva").screenshot(path=str(OUT / "renumeracao.png"))
        # the procuradoria, read only, on a phone
        _, proc_page = person(browser, base, "procuradoria", "senha-da-proc", width=375)
        proc_page.goto(f"/item/{ITEM_OUTSIDE}")
        proc_page.screenshot(path=str(OUT / "item-375.png"))
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def feira(browser, expect, source: Path, tmp: Path) -> None:
    acervo = tmp / "feira"
    shutil.copytree(source, acervo)
    (acervo / "ba-feira-de-santana" / "revisao.toml").write_text(f'[logins]\n"{system_login()}" = "Ana Paula Lima"\n',
                                                                 encoding="utf-8")
    proc, base = serve(acervo, None, tmp / "feira.txt")
    try:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR", base_url=base)
        ctx.set_default_timeout(600_000)  # an item on a much-amended norm, computed the first time
        page = ctx.new_page()
        page.goto("/")
        page.screenshot(path=str(OUT / "fila.png"))
        page.goto("/?codigo=subunidades-nao-trazidas&ordem=ato")
        hrefs = [a.get_attribute("href") for a in page.locator("table.fila a.abrir").all()]
        for href in hrefs:  # an item whose readings fit on a screen or two
            page.goto(href)
            expect(page.locator("h2#leituras")).to_be_visible()
            box = page.locator("section:has(h2#leituras)").bounding_box()
            if box is not None and box["height"] < 1600 and page.locator("article.leitura").count() >= 2:
                break
        page.screenshot(path=str(OUT / "item.png"), full_page=False)
        page.locator("section:has(h2#leituras)").screenshot(path=str(OUT / "leitura.png"))
        phone = browser.new_context(viewport={"width": 375, "height": 800}, locale="pt-BR", base_url=base).new_page()
        phone.goto("/")
        phone.screenshot(path=str(OUT / "fila-375-filtros.png"))
        phone.locator("h2#itens").scroll_into_view_if_needed()
        phone.evaluate("window.scrollBy(0, -10)")
        phone.screenshot(path=str(OUT / "fila-375.png"))
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--feira", default=None, help="um acervo de Feira de Santana já importado (é copiado)")
    parser.add_argument("--so-feira", action="store_true", help="só as capturas de Feira de Santana")
    args = parser.parse_args()
    from playwright.sync_api import expect, sync_playwright  # the test extra, only for the screenshots

    tmp = Path(tempfile.mkdtemp(prefix="capturas-mesa-"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        if not args.so_feira:
            fictional(browser, expect, tmp / "ficticio")
        if args.feira:
            feira(browser, expect, Path(args.feira), tmp)
        browser.close()
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"capturas em {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
