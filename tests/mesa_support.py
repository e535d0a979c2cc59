"""A small acervo for the review desk's tests: the fictional municipality of
``tests/fixtures/acervo-ficticio`` plus the acts of ``tests/fixtures/mesa`` (written for the
tests), imported into a temporary folder. Its open items:

- ``lei-30-2015/art2/falha-na-aplicacao`` — revokes an inciso IX that Lei 10 does not have;
- ``lei-70-2019/art1/alteracao-nao-textual`` — fines raised by half, no new wording (and its
  art. 3 adds an inciso II that exists: a failure that surfaces once art. 1 is decided);
- ``lei-80-2020/ato/ementa-divergente`` — the ementa cites Lei 15, the article amends Lei 10;
- ``lei-80-2020/ato/relacao-sem-operacoes`` — so nothing amends Lei 15;
- ``lei-50-2017/art1/alvo-fora-do-acervo`` — amends a Lei 999 the acervo does not have.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from lexconsolida.acervo.importer import import_folder
from tests.conftest import ROOT

ATOS = ROOT / "tests" / "fixtures" / "acervo-ficticio" / "atos"
MESA = ROOT / "tests" / "fixtures" / "mesa"
MUN = "mg-serra-ficticia"
L10 = "urn:lex:br;minas.gerais;serra.ficticia:municipal:lei:2010-03-10;10"

ITEM_FAILURE = f"{MUN}/lei-30-2015/art2/falha-na-aplicacao"
ITEM_NON_TEXTUAL = f"{MUN}/lei-70-2019/art1/alteracao-nao-textual"
ITEM_EMENTA = f"{MUN}/lei-80-2020/ato/ementa-divergente"
ITEM_NO_OPS = f"{MUN}/lei-80-2020/ato/relacao-sem-operacoes"
ITEM_OUTSIDE = f"{MUN}/lei-50-2017/art1/alvo-fora-do-acervo"


_AS_LOGIN = ("import sys; from lexconsolida.review import identity; login = sys.argv.pop(1); "
             "identity.system_login = lambda: login; from lexconsolida.cli import main; "
             "raise SystemExit(main(sys.argv[1:]))")


def as_login(login: str) -> list[str]:
    """The command that runs ``lexconsolida`` as the system login ``login`` (the tests' several
    people on one machine). The real system login comes from the operating system's user id,
    never from LOGNAME or USER (:func:`lexconsolida.review.identity.system_login`), which a test
    cannot change; so the process's own function is replaced, before any command loads."""
    return [sys.executable, "-c", _AS_LOGIN, login]


def make_acervo(tmp: Path) -> Path:
    """The acervo folder (its municipality inside), imported from the fixtures."""
    src = tmp / "atos"
    src.mkdir(parents=True)
    for f in list(ATOS.glob("*.txt")) + list(MESA.glob("*.txt")):
        shutil.copy(f, src / f.name)
    lei30 = src / "lei-30-2015.txt"
    lei30.write_text(lei30.read_text(encoding="utf-8").replace("inciso III do art. 2º", "inciso IX do art. 2º"),
                     encoding="utf-8")
    import_folder(src, tmp / "acervo", MUN)
    return tmp / "acervo"


def csrf_of(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "formulário sem token CSRF"
    return m.group(1)


def hidden(html: str, name: str, form_action: str | None = None) -> str:
    """The value of a hidden input (in the form posting to ``form_action``, when given)."""
    if form_action is not None:
        start = html.index(f'action="{form_action}"')
        html = html[start:html.index("</form>", start)]
    m = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert m, f"campo {name} ausente"
    return m.group(1)


def configure(acervo: Path, *, one_person: bool = False, logins: dict[str, str] | None = None) -> None:
    """The fictional municipality's review config (``revisao.toml``): the rule, declared logins."""
    text = "duas_pessoas = false\n" if one_person else ""
    if logins:
        text += "\n[logins]\n" + "".join(f'{k} = "{v}"\n' for k, v in logins.items())
    (acervo / MUN / "revisao.toml").write_text(text, encoding="utf-8")


def login(client, user: str, password: str):
    page = client.get("/entrar")
    return client.post("/entrar", data={"usuario": user, "senha": password, "volta": "/", "csrf": csrf_of(page.text)})


def decide(client, item: str, **fields):
    """Post a decision as a person does without the script: the result is shown first, then
    confirmed. Returns (the confirmation's response, the page that showed the result)."""
    page = client.get(f"/item/{item}").text
    action = f"/item/{item}/decidir"
    form = {"csrf": csrf_of(page), "versao": hidden(page, "versao", action), "alvo": hidden(page, "alvo", action),
            **fields}
    first = client.post(action, data=form)
    assert first.status_code == 200, first.text
    assert "Resultado da sua decisão, antes de gravar" in first.text
    token = hidden(first.text, "previa", action)
    assert token
    return client.post(action, data={**form, "previa": token}), first.text


def entry_action(client, item: str, action: str, **fields):
    """Approve, discard, withdraw or revert on the item's page (the form's hidden fields as shown)."""
    page = client.get(f"/item/{item}").text
    url = f"/item/{item}/{action}"
    form = {"csrf": csrf_of(page), "versao": hidden(page, "versao", url)}
    if action in ("aprovar", "descartar"):
        form["entrada"] = hidden(page, "entrada", url)
    return client.post(url, data={**form, **fields})
