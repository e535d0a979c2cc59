"""The review desk (``lexconsolida mesa``) through its HTTP interface, on a small fictional
acervo (``tests/mesa_support.py``): the queue and its one count, one item and its exact preview,
every kind of decision as ledger entries, the two-person rule on every change (adding, replacing,
withdrawing, reverting), the history of an item, a person's own reading of a whole article and a
renumbering, the structural checks, conflicts, the read-only role, escaping."""

from __future__ import annotations

import shutil
import tomllib

import pytest
from starlette.testclient import TestClient

from lexconsolida.corpus import ledger
from lexconsolida.review.app import create_app, load_access
from lexconsolida.review.auth import User, add_user, hash_password, verify_password
from lexconsolida.review.desk import Desk
from tests.mesa_support import (
    ITEM_EMENTA, ITEM_FAILURE, ITEM_NO_OPS, ITEM_NON_TEXTUAL, ITEM_OUTSIDE, L10, MUN, configure, csrf_of, decide,
    entry_action, hidden, login, make_acervo,
)

BASE = "http://127.0.0.1:8024"


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return make_acervo(tmp_path_factory.mktemp("mesa-modelo"))


@pytest.fixture
def acervo(template, tmp_path):
    root = tmp_path / "acervo"
    shutil.copytree(template, root)
    return root


@pytest.fixture
def users(tmp_path):
    path = tmp_path / "usuarios.toml"
    add_user(path, "maria", "senha-da-maria", "revisor", "Maria <Souza>")
    add_user(path, "joao", "senha-do-joao", "revisor", "João Lima")
    add_user(path, "procuradoria", "senha-da-proc", "leitura", "Procuradoria-Geral")
    return path


def _local(root, *, one_person=True):
    """The desk on this computer, without login: Ana, declared in municipio.toml."""
    configure(root, one_person=one_person, logins={"ana": "Ana Lima"})
    desk = Desk(root)
    app = create_app(desk, load_access(None, "127.0.0.1", User("ana", "revisor", "Ana Lima")))
    return desk, TestClient(app, base_url=BASE, follow_redirects=False)


def _team(root, users):
    """The desk for a team (two-person rule, the default): Maria, João and the procuradoria."""
    desk = Desk(root)
    app = create_app(desk, load_access(users, "127.0.0.1"))
    clients = {}
    for name, password in (("maria", "senha-da-maria"), ("joao", "senha-do-joao"), ("procuradoria", "senha-da-proc")):
        c = TestClient(app, base_url=BASE, follow_redirects=False)
        assert login(c, name, password).status_code == 303
        clients[name] = c
    return desk, clients


def _entries(root, act: str) -> list[dict]:
    path = root / MUN / act / "decisoes.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["registro"] if path.exists() else []


def _step(desk, act_suffix: str) -> str:
    return next(s for s in desk.ac.histories[L10].steps if s.ato.endswith(act_suffix)).situacao


# --- the queue ----------------------------------------------------------------------------------

def test_queue_lists_every_pending_item_with_counts_filters_and_impact(acervo):
    desk, c = _local(acervo)
    page = c.get("/")
    assert page.status_code == 200 and float(page.headers["Server-Timing"].split("dur=")[1]) >= 0
    html = page.text
    assert "5 itens" in html and "5 pendente(s)" in html and '<strong id="em-aberto">5</strong> itens em aberto' in html
    for item in (ITEM_FAILURE, ITEM_NON_TEXTUAL, ITEM_EMENTA, ITEM_NO_OPS, ITEM_OUTSIDE):
        assert f'href="/item/{item}"' in html
    # headlines say the problem, with the instruction's reading as its subject
    assert "A revogação do art. 2º, inciso IX não se aplica ao texto da norma nessa data" in html \
        or "não se aplica ao texto da norma nessa data" in html
    assert html.index(ITEM_FAILURE) < html.index(ITEM_OUTSIDE)  # by impact
    only = c.get("/?grupo=base").text
    assert "1 item" in only and ITEM_OUTSIDE in only and ITEM_FAILURE not in only
    by_code = c.get("/?codigo=alteracao-nao-textual").text
    assert ITEM_NON_TEXTUAL in by_code and ITEM_EMENTA not in by_code
    assert ITEM_EMENTA in c.get("/?ato=lei+80").text and ITEM_FAILURE not in c.get("/?ato=lei+80").text
    assert "Nenhum item" in c.get("/?ano=1990").text
    # by age of the act (all of them are 5 to 20 years old, or younger)
    ages = c.get("/?idade=mais20").text
    assert "Nenhum item" in ages
    # no internal ids in the queue's words
    assert "art2_cpt" not in html and "_par1u" not in html


def test_item_shows_the_sentence_in_its_article_the_units_on_that_date_and_the_exact_result(acervo):
    _, c = _local(acervo)
    html = c.get(f"/item/{ITEM_NON_TEXTUAL}").text
    assert ("<mark>Art. 1º Os valores das multas previstas na Lei nº 10, de 10 de março de 2010, ficam acrescidos"
            in html)
    html = c.get(f"/item/{ITEM_EMENTA}").text
    assert "<mark>Dá nova redação ao art. 3º da Lei nº 15, de 3 de abril de 2011.</mark>" in html
    assert "Leitura da ferramenta" in html and "Aprovar esta leitura" in html
    assert "<ins>" in html and "calendário" in html
    assert "Art. 3º, Parágrafo único" in html
    # the tool's reading, approved, would still wait for the gate: the page says so, and why
    assert "Com esta decisão, a alteração ainda não se aplica" in html
    assert "<code>subunidades-nao-trazidas</code>" in html and "segura a aplicação" in html
    # the reading that revokes what the new wording leaves behind applies at once
    assert "A nova redação substitui o dispositivo inteiro" in html
    assert "Com esta decisão, a alteração se aplica" in html
    assert "&lt;i&gt;calendário&lt;/i&gt;" in html and "<i>calendário</i>" not in html
    assert "5 de maio de 2020" in html  # dates as people read them


# --- the ledger: every change an entry, two people for every change -------------------------------

def test_two_person_rule_propose_approve_withdraw_and_revert_with_the_history(acervo, users):
    desk, cs = _team(acervo, users)
    maria, joao = cs["maria"], cs["joao"]
    resp, _ = decide(maria, ITEM_FAILURE, acao="rejeitar", nota="O inciso IX não existe: erro de digitação do ato.")
    assert resp.status_code == 303 and "ok=proposta" in resp.headers["location"]
    (proposal,) = _entries(acervo, "lei-30-2015")
    assert (proposal["evento"], proposal["estado"], proposal["login"], proposal["nome"], proposal["via"],
            proposal["regra"]) == ("decisao", "proposta", "maria", "Maria <Souza>", "mesa", "duas pessoas")
    assert proposal["decisao"]["decisao"] == "ignorar" and proposal["hash"].startswith("sha256:")
    assert "T" in proposal["quando"] and proposal["decisao"]["alvo_hash"].startswith("sha256:")
    assert _step(desk, ";30") == "pendente"  # a proposal changes nothing applied
    assert desk.item(ITEM_FAILURE).status == "proposta"
    page = maria.get(f"/item/{ITEM_FAILURE}").text
    assert "Você fez esta proposta" in page and "disabled" in page
    own = entry_action(maria, ITEM_FAILURE, "aprovar")
    assert own.status_code == 403 and "regra de duas pessoas" in own.text
    ok = entry_action(joao, ITEM_FAILURE, "aprovar")
    assert ok.status_code == 303
    assert _step(desk, ";30") == "aplicada" and desk.item(ITEM_FAILURE).status == "decidida"
    # withdrawing an approved decision needs a second person too
    resp = entry_action(maria, ITEM_FAILURE, "retirar", nota="O ato foi republicado: a instrução vale.")
    assert resp.status_code == 303
    assert _step(desk, ";30") == "aplicada"  # still in force until approved
    assert entry_action(maria, ITEM_FAILURE, "aprovar").status_code == 403
    assert entry_action(joao, ITEM_FAILURE, "aprovar").status_code == 303
    assert _step(desk, ";30") == "pendente" and desk.item(ITEM_FAILURE).status == "pendente"
    # the history shows every entry; a revert is a new entry that restores what was in force
    page = joao.get(f"/item/{ITEM_FAILURE}").text
    assert "Histórico deste item (4 entradas)" in page
    for who in ("Maria &lt;Souza&gt; (maria)", "João Lima (joao)"):
        assert who in page
    before = (acervo / MUN / "lei-30-2015" / "decisoes.toml").read_text(encoding="utf-8")
    resp = entry_action(joao, ITEM_FAILURE, "reverter", entrada="3", nota="A retirada foi um engano.")
    assert resp.status_code == 303
    entries = _entries(acervo, "lei-30-2015")
    assert [e["evento"] for e in entries] == ["decisao", "aprovacao", "retirada", "aprovacao", "decisao"]
    assert entries[-1]["reverte"] == 3 and entries[-1]["estado"] == "proposta"
    assert entry_action(maria, ITEM_FAILURE, "aprovar").status_code == 303
    assert _step(desk, ";30") == "aplicada" and desk.item(ITEM_FAILURE).status == "decidida"
    # nothing was ever rewritten: each write only added to the end
    text = (acervo / MUN / "lei-30-2015" / "decisoes.toml").read_text(encoding="utf-8")
    assert len(tomllib.loads(text)["registro"]) == 6 and text.startswith(before.rsplit("# fim do livro", 1)[0])


def test_a_bulk_decision_is_a_proposal_per_item_and_says_so(acervo, users):
    """One reason for the items of one problem, from the queue: under the two-person rule each
    becomes a proposal in its act's ledger, and the page says it waits — never "registrado"."""
    desk, cs = _team(acervo, users)
    maria = cs["maria"]
    queue = maria.get("/?codigo=relacao-sem-operacoes").text
    assert 'action="/lote"' in queue
    form = {"csrf": csrf_of(queue), "itens": [ITEM_NO_OPS], f"estado:{ITEM_NO_OPS}": "pendente",
            "acao": "rejeitar", "nota": "não é norma: a ementa só cita a Lei nº 15"}
    page = maria.post("/lote", data=form)
    assert page.status_code == 200, page.text
    assert "proposta registrada (entrada 1): aguarda a aprovação de outra pessoa" in page.text
    assert "registrado, em vigor" not in page.text
    (entry,) = [e for e in _entries(acervo, "lei-80-2020") if e["problema"] == "relacao-sem-operacoes"]
    assert (entry["estado"], entry["login"], entry["nota"]) == (
        "proposta", "maria", "não é norma: a ementa só cita a Lei nº 15")
    assert desk.item(ITEM_NO_OPS).status == "proposta"
    # items of two problems are refused, and nothing is written
    form = {**form, "itens": [ITEM_EMENTA, ITEM_OUTSIDE], f"estado:{ITEM_EMENTA}": "pendente",
            f"estado:{ITEM_OUTSIDE}": "pendente"}
    refused = maria.post("/lote", data=form)
    assert refused.status_code == 422 and "só itens do mesmo problema" in refused.text
    assert all(e["problema"] == "relacao-sem-operacoes" for e in _entries(acervo, "lei-80-2020"))
    assert not (acervo / MUN / "lei-50-2017" / "decisoes.toml").exists()
    # the read-only role cannot
    proc = cs["procuradoria"]
    resp = proc.post("/lote", data={**form, "csrf": csrf_of(proc.get("/?codigo=ementa-divergente").text)})
    assert resp.status_code == 403 and "somente leitura" in resp.text


def test_a_proposal_to_replace_an_approved_decision_changes_nothing_until_approved(acervo, users):
    desk, cs = _team(acervo, users)
    decide(cs["maria"], ITEM_FAILURE, acao="rejeitar", nota="O inciso IX não existe.")
    entry_action(cs["joao"], ITEM_FAILURE, "aprovar")
    assert _step(desk, ";30") == "aplicada"
    resp, _ = decide(cs["maria"], ITEM_FAILURE, acao="adiar", nota="Rever com a procuradoria.")
    assert resp.status_code == 303
    assert _step(desk, ";30") == "aplicada"  # the approved decision stands
    item = desk.item(ITEM_FAILURE)
    assert item.status == "decidida" and item.proposal is not None and item.proposal.decisao == "adiar"
    # the proposer can take it back (nothing applied changes)
    assert entry_action(cs["maria"], ITEM_FAILURE, "descartar", nota="Engano.").status_code == 303
    assert desk.item(ITEM_FAILURE).proposal is None and _step(desk, ";30") == "aplicada"


def test_one_person_mode_is_explicit_and_on_every_page_and_entry(acervo):
    desk, c = _local(acervo, one_person=True)
    for url in ("/", f"/item/{ITEM_EMENTA}", f"/ato/{MUN}/lei-10-2010"):
        assert "Modo de uma pessoa" in c.get(url).text
    resp, _ = decide(c, ITEM_OUTSIDE, acao="rejeitar", nota="A Lei nº 999 não é do acervo.")
    assert resp.status_code == 303
    (entry,) = _entries(acervo, "lei-50-2017")
    assert (entry["estado"], entry["regra"], entry["login"], entry["identificacao"]) == (
        "em vigor", "uma pessoa", "ana", "login do sistema")
    assert desk.item(ITEM_OUTSIDE).status == "decidida"


def test_a_deferral_of_an_open_item_needs_no_second_person(acervo, users):
    desk, cs = _team(acervo, users)
    resp, _ = decide(cs["maria"], ITEM_OUTSIDE, acao="adiar", nota="Pedir o texto da Lei nº 999/2001 à Câmara.")
    assert resp.status_code == 303
    assert desk.item(ITEM_OUTSIDE).status == "adiada"
    assert _entries(acervo, "lei-50-2017")[0]["estado"] == "em vigor"


def test_approve_the_tools_reading_then_the_gate_that_surfaces(acervo):
    desk, c = _local(acervo)
    resp, _ = decide(c, ITEM_EMENTA, acao="aprovar", leitura="proposta", nota="")
    assert resp.status_code == 303
    assert _step(desk, ";80") == "pendente"
    (gate,) = [i for i in desk.items if i.act.endswith(";80") and i.code == "subunidades-nao-trazidas"]
    assert gate.open
    resp, shown = decide(c, gate.id, acao="aprovar", leitura="inteira",
                         nota="sem linha pontilhada, a nova redação substitui o artigo inteiro")
    assert resp.status_code == 303
    assert _step(desk, ";80") == "aplicada"
    par = desk.ac.histories[L10].norma.find("art3_par1u")
    assert par is not None and par.situacao.value == "revogado"
    assert "oficial e o &lt;i&gt;calendário&lt;/i&gt; municipal" in c.get(f"/ato/{MUN}/lei-10-2010").text


# --- a person's own reading -----------------------------------------------------------------------

def test_an_own_reading_of_a_whole_article_with_incisos_and_a_paragraph(acervo):
    desk, c = _local(acervo)
    text = ("Art. 3º Os feriados do comércio são:\nI - os nacionais;\nII - os municipais, fixados em decreto.\n"
            "Parágrafo único. O Poder Executivo publicará o calendário até 31 de janeiro.")
    resp, shown = decide(c, ITEM_EMENTA, acao="outra", tipo_1="redacao", unidade_1="art3", texto_1=text,
                         nota="O ato reescreve o art. 3º da Lei nº 10 com incisos.")
    assert resp.status_code == 303, shown
    assert "Com esta decisão, a alteração se aplica" in shown
    norma = desk.ac.histories[L10].norma
    assert norma.find("art3_cpt_inc1").text.startswith("os nacionais")
    assert norma.find("art3_cpt_inc2") is not None
    assert norma.find("art3_par1u").text.endswith("até 31 de janeiro.")
    (entry,) = _entries(acervo, "lei-80-2020")
    kinds = [(o["tipo"], o["alvo"].split("!")[1]) for o in entry["decisao"]["operacoes"]]
    assert kinds == [("redacao", "art3"), ("inclusao", "art3_cpt_inc1"), ("inclusao", "art3_cpt_inc2"),
                     ("redacao", "art3_par1u")]


def test_an_own_reading_keeps_or_drops_the_units_it_does_not_bring(acervo):
    desk, c = _local(acervo)
    resp, shown = decide(c, ITEM_EMENTA, acao="outra", tipo_1="redacao", unidade_1="art3",
                         texto_1="Art. 3º Os feriados seguem o calendário oficial e o municipal.",
                         subunidades_1="revogar", nota="A nova redação substitui o artigo inteiro.")
    assert resp.status_code == 303, shown
    assert "Unidades em vigor que o texto não traz: art. 3º, parágrafo único" in shown
    assert desk.ac.histories[L10].norma.find("art3_par1u").situacao.value == "revogado"


def test_an_own_reading_is_checked_as_any_text_a_caput_announcing_a_list_needs_one(acervo):
    desk, c = _local(acervo)
    page = c.get(f"/item/{ITEM_EMENTA}").text
    form = {"csrf": csrf_of(page), "versao": "", "alvo": L10, "acao": "outra", "tipo_1": "redacao",
            "unidade_1": "art3", "texto_1": "Art. 3º Os feriados são:", "nota": "x"}
    refused = c.post(f"/item/{ITEM_EMENTA}/decidir", data=form)
    assert refused.status_code == 422
    assert "o caput do art. 3º termina com “:” e não traz a lista que anuncia" in refused.text
    assert _entries(acervo, "lei-80-2020") == []
    # keeping the units in force is another reading, and then the text is whole
    twice = c.post(f"/item/{ITEM_EMENTA}/decidir", data={**form, "texto_1": "Art. 3º Os feriados são:\nI - os nacionais;\nI - outro."})
    assert twice.status_code == 422


def test_a_renumbering_with_what_depends_on_it(acervo):
    """'O parágrafo único do art. 3º passa a ser o § 1º, e acrescenta-se o § 2º': one decision,
    two operations, the second on the number the first gives."""
    desk, c = _local(acervo)
    resp, shown = decide(c, ITEM_EMENTA, acao="outra", tipo_1="renumeracao", unidade_1="art3_par1u",
                         novo_rotulo_1="§ 1º", tipo_2="inclusao", unidade_2="art3", rotulo_2="§ 2º",
                         texto_2="Os feriados municipais são fixados em decreto.",
                         nota="A lei renumera o parágrafo único e acrescenta o § 2º.")
    assert resp.status_code == 303, shown
    norma = desk.ac.histories[L10].norma
    assert norma.find("art3_par1") is not None and norma.find("art3_par1").rotulo == "§ 1º"
    assert norma.find("art3_par2").text.startswith("Os feriados municipais")
    (entry,) = _entries(acervo, "lei-80-2020")
    ops = entry["decisao"]["operacoes"]
    assert (ops[0]["tipo"], ops[0]["novo"], ops[0]["novo_rotulo"]) == ("renumeracao", "art3_par1", "§ 1º")


def test_more_rows_without_the_script(acervo):
    _, c = _local(acervo)
    page = c.get(f"/item/{ITEM_EMENTA}").text
    assert 'name="tipo_1"' in page and 'name="tipo_2"' not in page
    more = c.post(f"/item/{ITEM_EMENTA}/decidir", data={"csrf": csrf_of(page), "acao": "outra", "alvo": L10,
                                                         "tipo_1": "redacao", "mais": "1", "nota": ""})
    assert more.status_code == 200 and 'name="tipo_2"' in more.text


# --- conflicts, roles, security --------------------------------------------------------------------

def test_a_second_reviewer_sees_a_conflict_and_the_first_decision_is_kept(acervo):
    desk, first = _local(acervo)
    second = TestClient(first.app, base_url=BASE, follow_redirects=False)
    stale = second.get(f"/item/{ITEM_OUTSIDE}").text
    resp, _ = decide(first, ITEM_OUTSIDE, acao="rejeitar", nota="A Lei nº 999 não é do acervo desta câmara.")
    assert resp.status_code == 303
    action = f"/item/{ITEM_OUTSIDE}/decidir"
    form = {"csrf": csrf_of(stale), "versao": hidden(stale, "versao", action), "acao": "adiar", "nota": "Esperar."}
    again = second.post(action, data=form)
    conflict = second.post(action, data={**form, "previa": hidden(again.text, "previa", action)})
    assert conflict.status_code == 409
    assert "Conflito: outra pessoa decidiu este item" in conflict.text
    assert "A Lei nº 999 não é do acervo desta câmara." in conflict.text and "não gravada" in conflict.text
    assert [e["decisao"]["decisao"] for e in _entries(acervo, "lei-50-2017")] == ["ignorar"]


def test_login_required_with_a_users_file_and_away_from_loopback(acervo, users):
    with pytest.raises(Exception, match="exige login"):
        load_access(None, "0.0.0.0", User("ana", "revisor"))
    desk = Desk(acervo)
    c = TestClient(create_app(desk, load_access(users, "0.0.0.0")), base_url=BASE, follow_redirects=False)
    assert c.get("/").status_code == 303 and c.get("/").headers["location"].startswith("/entrar")
    assert login(c, "maria", "errada").status_code == 401
    resp = login(c, "maria", "senha-da-maria")
    assert resp.status_code == 303
    cookie = resp.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    assert "Maria &lt;Souza&gt;" in c.get("/").text  # the full name, escaped
    stored = tomllib.loads(users.read_text(encoding="utf-8"))["usuarios"][0]["senha"]
    assert stored.startswith("scrypt$") and "senha-da-maria" not in users.read_text(encoding="utf-8")
    assert verify_password("senha-da-maria", stored) and not verify_password("outra", stored)
    assert hash_password("x") != hash_password("x")  # salted


def test_every_post_needs_the_csrf_token_and_the_desks_own_origin(acervo):
    _, c = _local(acervo)
    page = c.get(f"/item/{ITEM_OUTSIDE}").text
    for data in ({"acao": "adiar", "nota": "x"}, {"acao": "adiar", "nota": "x", "csrf": "forjado"}):
        resp = c.post(f"/item/{ITEM_OUTSIDE}/decidir", data=data)
        assert resp.status_code == 403 and "CSRF" in resp.text
    other = c.post(f"/item/{ITEM_OUTSIDE}/decidir", data={"acao": "adiar", "nota": "x", "csrf": csrf_of(page)},
                   headers={"Origin": "http://malicioso.example"})
    assert other.status_code == 403
    cross = c.post(f"/item/{ITEM_OUTSIDE}/decidir", data={"acao": "adiar", "nota": "x", "csrf": csrf_of(page)},
                   headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
    assert _entries(acervo, "lei-50-2017") == []
    forms = page.count("<form")
    assert forms >= 5 and page.count('name="csrf"') >= forms - 1  # the GET form choosing a norm has none


@pytest.mark.parametrize("host", ["malicioso.example", "malicioso.example:8024", "127.0.0.1.nip.io:8024", ""])
def test_dns_rebinding_a_foreign_host_is_refused_in_the_no_login_mode(acervo, host):
    """A page of another site whose name points to 127.0.0.1 reaches the desk with its own name
    in Host: refused before anything, reading or writing."""
    _, c = _local(acervo)
    page = c.get(f"/item/{ITEM_OUTSIDE}").text
    assert c.get("/", headers={"Host": host}).status_code == 421
    resp = c.post(f"/item/{ITEM_OUTSIDE}/decidir", headers={"Host": host},
                  data={"acao": "adiar", "nota": "x", "csrf": csrf_of(page)})
    assert resp.status_code == 421 and _entries(acervo, "lei-50-2017") == []
    assert c.get("/", headers={"Host": "localhost:8024"}).status_code == 200


def test_login_throttling_per_user_and_address_never_blocks_the_others(acervo, users):
    desk = Desk(acervo)
    app = create_app(desk, load_access(users, "127.0.0.1"))
    attacker = TestClient(app, base_url=BASE, follow_redirects=False)
    for _ in range(5):
        assert login(attacker, "maria", "chute").status_code == 401
    locked = login(attacker, "maria", "senha-da-maria")  # even the right password, while locked
    assert locked.status_code == 429 and "suspenso" in locked.text and int(locked.headers["Retry-After"]) > 0
    # another user logs in at once (the attacker's address is not locked by five failures)
    other = TestClient(app, base_url=BASE, follow_redirects=False)
    assert login(other, "joao", "senha-do-joao").status_code == 303
    # an unknown name gets the same answer as a wrong password
    ghost = login(TestClient(app, base_url=BASE, follow_redirects=False), "ninguem", "x")
    assert ghost.status_code == 401 and "usuário ou senha incorretos" in ghost.text


def test_the_read_only_role_reads_and_records_nothing(acervo, users):
    _, cs = _team(acervo, users)
    decide(cs["maria"], ITEM_OUTSIDE, acao="rejeitar", nota="<script>alert(1)</script> fora do acervo")
    read = cs["procuradoria"].get(f"/item/{ITEM_OUTSIDE}").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in read and "<script>alert(1)" not in read
    assert f'action="/item/{ITEM_OUTSIDE}/aprovar"' not in read and 'id="outro-modo"' not in read
    assert "somente leitura" in read
    denied = cs["procuradoria"].post(f"/item/{ITEM_OUTSIDE}/aprovar", data={"csrf": csrf_of(read), "entrada": "1"})
    assert denied.status_code == 403 and "somente leitura" in denied.text


# --- the content a decision was taken on ---------------------------------------------------------

def test_a_changed_instruction_reopens_its_decision(acervo):
    desk, c = _local(acervo)
    resp, _ = decide(c, ITEM_EMENTA, acao="aprovar", leitura="proposta", nota="")
    assert resp.status_code == 303 and desk.item(ITEM_EMENTA).status == "decidida"
    text = next((acervo / MUN / "lei-80-2020").glob("texto.*"))
    text.write_text(text.read_text(encoding="utf-8").replace("calendário oficial", "calendário estadual"),
                    encoding="utf-8")
    desk.refresh([next(u for u in desk.ac.acts if u.endswith(";80"))])
    item = desk.item(ITEM_EMENTA)
    assert item is not None and item.status == "reaberta"


def test_a_changed_target_text_reopens_the_decision_with_that_reason(acervo):
    """The decision on Lei 30 was taken on art. 2º of Lei 10 as Lei 20 had worded it; when that
    text changes (Lei 20's text corrected), the decision no longer counts: back to the queue,
    with the reason."""
    desk, c = _local(acervo)
    resp, _ = decide(c, ITEM_FAILURE, acao="rejeitar", nota="O inciso IX não existe.")
    assert resp.status_code == 303 and _step(desk, ";30") == "aplicada"
    text = next((acervo / MUN / "lei-20-2012").glob("texto.*"))
    text.write_text(text.read_text(encoding="utf-8").replace("das 8h às 20h", "das 7h às 20h"), encoding="utf-8")
    desk.refresh([next(u for u in desk.ac.acts if u.endswith(";20"))])
    item = desk.item(ITEM_FAILURE)
    assert item is not None and item.status == "reaberta" and _step(desk, ";30") == "pendente"
    assert any("foi tomada sobre outro texto de art2" in m for m in item.messages)
    page = c.get(f"/item/{ITEM_FAILURE}").text
    assert "foi tomada sobre outro texto de art. 2º" in page  # the reason, in the law's words


# --- the same decisions elsewhere ---------------------------------------------------------------

def test_the_desk_sees_a_ledger_changed_elsewhere(acervo):
    desk, c = _local(acervo)
    assert desk.check_changes() == []
    folder = acervo / MUN / "lei-50-2017"
    ledger.record(folder, ledger_decision(), ledger.Actor("bruno", "Bruno Reis", ledger.CLI, "login do sistema"),
                  rule="uma pessoa", expected="")
    assert desk.check_changes() == [next(u for u in desk.ac.acts if u.endswith(";50"))]
    assert desk.item(ITEM_OUTSIDE).status == "adiada"
    assert "adiada" in c.get(f"/item/{ITEM_OUTSIDE}").text


def ledger_decision():
    from lexconsolida.corpus.records import Decisao

    return Decisao("alvo-fora-do-acervo", "adiar", "art1", "Pedir o texto da Lei nº 999.")


def test_the_ledger_text_is_the_canonical_journal(acervo):
    _, c = _local(acervo)
    decide(c, ITEM_OUTSIDE, acao="rejeitar", nota="Decidido na mesa.")
    folder = acervo / MUN / "lei-50-2017"
    text = (folder / "decisoes.toml").read_text(encoding="utf-8")
    from lexconsolida.corpus import journal

    assert text == journal.dumps([e.table for e in ledger.state(folder).entries])


# --- error pages ------------------------------------------------------------------------------

def test_an_item_whose_act_folder_vanished_answers_a_portuguese_page(acervo):
    """An act's folder removed while the desk is open (a git checkout, a clerk's move): the item's
    page is the project's pt-BR error page (lexconsolida.http_errors), not Starlette's bare
    "Internal Server Error"; an unknown address is a pt-BR 404."""
    configure(acervo, one_person=True, logins={"ana": "Ana Lima"})
    app = create_app(Desk(acervo), load_access(None, "127.0.0.1", User("ana", "revisor", "Ana Lima")))
    c = TestClient(app, base_url=BASE, follow_redirects=False, raise_server_exceptions=False)
    assert c.get("/").status_code == 200
    shutil.rmtree(acervo / MUN / ITEM_NON_TEXTUAL.split("/")[1])
    resp = c.get(f"/item/{ITEM_NON_TEXTUAL}")
    assert resp.status_code == 500 and resp.headers["content-type"].startswith("text/html")
    assert '<html lang="pt-BR">' in resp.text and "<h1>Erro interno</h1>" in resp.text
    assert "um arquivo do acervo que mudou ou sumiu" in resp.text
    assert "Internal Server Error" not in resp.text and "Traceback" not in resp.text
    resp = c.get("/nao/existe")
    assert resp.status_code == 404 and "<h1>Página não encontrada</h1>" in resp.text
    assert "Not Found" not in resp.text
