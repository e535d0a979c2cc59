"""The review desk (``lexconsolida mesa``) through its HTTP interface, on a small fictional
acervo (``tests/mesa_support.py``): the queue, one item, every kind of decision with its ledger
entry and the recomputed result, conflicts, the two-person rule, login, CSRF, escaping, the
read-only role, and the same decisions from the command line."""

from __future__ import annotations

import shutil
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from lexconsolida.corpus import ledger
from lexconsolida.corpus.records import Decisao, DecisaoOperacao
from lexconsolida.review.app import create_app, load_access
from lexconsolida.review.auth import add_user, hash_password, verify_password
from lexconsolida.review.desk import Desk
from tests.conftest import run_cli
from tests.mesa_support import (
    ITEM_EMENTA, ITEM_FAILURE, ITEM_NO_OPS, ITEM_NON_TEXTUAL, ITEM_OUTSIDE, L10, MUN, csrf_of, hidden, make_acervo,
)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return make_acervo(tmp_path_factory.mktemp("mesa-modelo"))


@pytest.fixture
def acervo(template, tmp_path):
    root = tmp_path / "acervo"
    shutil.copytree(template, root)
    return root


def _client(root, users=None, *, host="127.0.0.1", name="ana"):
    desk = Desk(root)
    app = create_app(desk, load_access(users, host, name))
    return desk, TestClient(app, base_url="http://127.0.0.1:8024", follow_redirects=False)


def _ledger(root, act: str) -> list:
    path = root / MUN / act / "decisoes.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["decisoes"] if path.exists() else []


def _decide(client, item: str, **fields):
    """Post a decision as a person does without the script: the result is shown first, then
    confirmed."""
    page = client.get(f"/item/{item}").text
    form = {"csrf": csrf_of(page), "versao": hidden(page, "versao"), "texto_hash": hidden(page, "texto_hash"),
            "alvo": hidden(page, "alvo", f"/item/{item}/decidir"), **fields}
    first = client.post(f"/item/{item}/decidir", data=form)
    assert first.status_code == 200, first.text
    assert "Resultado da sua decisão, antes de gravar" in first.text
    token = hidden(first.text, "previa", f"/item/{item}/decidir")
    assert token
    return client.post(f"/item/{item}/decidir", data={**form, "previa": token}), first.text


def test_queue_lists_every_pending_item_with_counts_filters_and_impact(acervo):
    _, c = _client(acervo)
    page = c.get("/")
    assert page.status_code == 200 and float(page.headers["Server-Timing"].split("dur=")[1]) >= 0
    html = page.text
    assert "5 itens" in html and "5 pendente(s)" in html
    for item in (ITEM_FAILURE, ITEM_NON_TEXTUAL, ITEM_EMENTA, ITEM_NO_OPS, ITEM_OUTSIDE):
        assert f'href="/item/{item}"' in html
    assert "A operação não se aplica ao texto da norma nessa data" in html  # plain Portuguese reasons
    # sorted by impact: Lei 10's items (five acts depend on it) before the act outside the acervo
    assert html.index(ITEM_FAILURE) < html.index(ITEM_OUTSIDE)
    only = c.get("/?grupo=base").text
    assert "1 item" in only and ITEM_OUTSIDE in only and ITEM_FAILURE not in only
    by_code = c.get("/?codigo=alteracao-nao-textual").text
    assert ITEM_NON_TEXTUAL in by_code and ITEM_EMENTA not in by_code
    assert ITEM_EMENTA in c.get("/?ato=lei+80").text and ITEM_FAILURE not in c.get("/?ato=lei+80").text
    assert "Nenhum item" in c.get("/?ano=1990").text


def test_item_shows_the_sentence_in_its_article_the_units_on_that_date_and_the_reading(acervo):
    _, c = _client(acervo)
    html = c.get(f"/item/{ITEM_NON_TEXTUAL}").text
    assert ("<mark>Art. 1º Os valores das multas previstas na Lei nº 10, de 10 de março de 2010, ficam acrescidos"
            in html)
    html = c.get(f"/item/{ITEM_EMENTA}").text
    assert "<mark>Dá nova redação ao art. 3º da Lei nº 15, de 3 de abril de 2011.</mark>" in html
    assert "Leitura da ferramenta" in html and "Aprovar esta leitura" in html
    # the quadro: word level, the unit as it stood and as it would be
    assert "<ins>" in html and "calendário" in html
    # the target's units on the day before: art. 3 and its parágrafo único, nothing of later acts
    assert "Art. 3º, Parágrafo único" in html
    # the precision gates' findings on the tool's reading: the new wording of the whole art. 3º
    # does not bring the parágrafo único in force, which waits for a person
    assert "O que os portões de precisão dizem desta leitura" in html
    assert "<code>subunidades-nao-trazidas</code>" in html and "segura a aplicação" in html
    # the act's text is escaped where it is shown, never markup
    assert "&lt;i&gt;calendário&lt;/i&gt;" in html and "<i>calendário</i>" not in html


def test_approve_the_tools_reading_records_who_when_and_the_hash_and_applies_it(acervo):
    desk, c = _client(acervo)
    resp, _ = _decide(c, ITEM_EMENTA, acao="aprovar", leitura="proposta", nota="")
    assert resp.status_code == 303
    (entry,) = _ledger(acervo, "lei-80-2020")
    assert (entry["problema"], entry["decisao"], entry["responsavel"], entry["estado"]) == \
        ("ementa-divergente", "aplicar", "ana", "aprovada")
    assert entry["texto_hash"].startswith("sha256:") and "T" in entry["data"]
    # the target is settled; the precision gate the preview showed (the new wording of the whole
    # art. 3º does not bring its parágrafo único) is a question of its own, next in the queue
    h = desk.ac.histories[L10]
    assert next(s for s in h.steps if s.ato.endswith(";80")).situacao == "pendente"
    (gate,) = [i for i in desk.items if i.act.endswith(";80") and i.code == "subunidades-nao-trazidas"]
    resp, _ = _decide(c, gate.id, acao="aprovar", leitura="proposta", nota="")
    assert resp.status_code == 303
    assert [e["problema"] for e in _ledger(acervo, "lei-80-2020")] == ["ementa-divergente", "subunidades-nao-trazidas"]
    h = desk.ac.histories[L10]
    assert next(s for s in h.steps if s.ato.endswith(";80")).situacao == "aplicada"
    act = c.get(f"/ato/{MUN}/lei-10-2010").text
    assert "oficial e o &lt;i&gt;calendário&lt;/i&gt; municipal" in act  # the recomputed act shows the change


def test_a_whole_new_wording_that_leaves_a_unit_behind_offers_the_reading_that_revokes_it(acervo):
    desk, c = _client(acervo)
    _decide(c, ITEM_EMENTA, acao="aprovar", leitura="proposta", nota="")
    (gate,) = [i for i in desk.items if i.act.endswith(";80") and i.code == "subunidades-nao-trazidas"]
    html = c.get(f"/item/{gate.id}").text
    assert "A nova redação substitui o dispositivo inteiro: Art. 3º, Parágrafo único ficam revogados" in html
    resp, shown = _decide(c, gate.id, acao="aprovar", leitura="inteira",
                          nota="sem linha pontilhada, a nova redação substitui o artigo inteiro")
    assert resp.status_code == 303
    entry = _ledger(acervo, "lei-80-2020")[-1]
    assert (entry["problema"], entry["decisao"]) == ("subunidades-nao-trazidas", "operacoes")
    assert [o["tipo"] for o in entry["operacoes"]] == ["redacao", "revogacao"]
    h = desk.ac.histories[L10]
    assert next(s for s in h.steps if s.ato.endswith(";80")).situacao == "aplicada"
    par = h.norma.find("art3_par1u")
    assert par is not None and par.situacao.value == "revogado"  # what the person chose, applied


def test_reject_needs_a_justification_and_drops_the_instruction(acervo):
    desk, c = _client(acervo)
    page = c.get(f"/item/{ITEM_FAILURE}").text
    refused = c.post(f"/item/{ITEM_FAILURE}/decidir", data={"csrf": csrf_of(page), "acao": "rejeitar", "nota": " "})
    assert refused.status_code == 422 and "escreva a justificativa" in refused.text
    assert _ledger(acervo, "lei-30-2015") == []
    resp, shown = _decide(c, ITEM_FAILURE, acao="rejeitar", nota="O inciso IX não existe: erro de digitação do ato.")
    assert resp.status_code == 303
    (entry,) = _ledger(acervo, "lei-30-2015")
    assert (entry["decisao"], entry["dispositivo"], entry["nota"]) == ("ignorar", "art2",
                                                                     "O inciso IX não existe: erro de digitação do ato.")
    step = next(s for s in desk.ac.histories[L10].steps if s.ato.endswith(";30"))
    assert step.situacao == "aplicada"  # the rest of Lei 30 now applies
    assert desk.item(ITEM_FAILURE).status == "decidida" and "1 decidida(s)" in c.get("/").text


def test_non_textual_then_choose_another_for_the_failure_that_surfaces(acervo):
    desk, c = _client(acervo)
    resp, _ = _decide(c, ITEM_NON_TEXTUAL, acao="nao-textual", alvo_nota="art2",
                      nota="Multas acrescidas de 50% pelo art. 1º da Lei nº 70/2019.")
    assert resp.status_code == 303
    (entry,) = _ledger(acervo, "lei-70-2019")
    assert entry["decisao"] == "nao-textual" and entry["alvo"] == f"{L10}!art2"
    # with art. 1 decided, Lei 70 is applied — and its art. 3, which adds an inciso II that exists, fails
    failure = f"{MUN}/lei-70-2019/art3/falha-na-aplicacao"
    item = desk.item(failure)
    assert item is not None and item.status == "pendente"
    html = c.get(f"/item/{failure}").text
    assert "Ler como nova redação" in html  # the other reading the tool can offer
    resp, shown = _decide(c, failure, acao="outra", tipo="inclusao", unidade="art2", rotulo="IV",
                          texto="das 9h às 13h, aos domingos.", nota="O ato chama de II o inciso que acrescenta: é o IV.")
    assert "Art. 2º, IV" in shown and "acrescido" in shown  # the result, shown before it is saved
    assert resp.status_code == 303
    entries = {e["dispositivo"]: e for e in _ledger(acervo, "lei-70-2019")}
    op = entries["art3"]["operacoes"][0]
    assert (entries["art3"]["decisao"], op["tipo"], op["alvo"], op["rotulo"]) == \
        ("operacoes", "inclusao", f"{L10}!art2_cpt_inc4", "IV")
    step = next(s for s in desk.ac.histories[L10].steps if s.ato.endswith(";70"))
    assert step.situacao == "aplicada"
    text = c.get(f"/ato/{MUN}/lei-10-2010").text
    assert "das 9h às 13h, aos domingos." in text


def test_choose_another_offers_only_units_of_that_date(acervo):
    _, c = _client(acervo)
    page = c.get(f"/item/{ITEM_EMENTA}").text
    form = {"csrf": csrf_of(page), "acao": "outra", "tipo": "redacao", "unidade": "art9", "texto": "x", "nota": "y",
            "alvo": L10}
    resp = c.post(f"/item/{ITEM_EMENTA}/decidir", data=form)
    assert resp.status_code == 422 and "escolha um dispositivo que existe" in resp.text
    assert 'value="art9"' not in page and 'value="art3_par1u"' in page


def test_defer_keeps_the_item_in_the_queue_with_its_reason(acervo):
    desk, c = _client(acervo)
    resp, _ = _decide(c, ITEM_OUTSIDE, acao="adiar", nota="Pedir o texto da Lei nº 999/2001 à Câmara.")
    assert resp.status_code == 303
    assert desk.item(ITEM_OUTSIDE).status == "adiada"
    assert "1 adiada(s)" in c.get("/").text and ITEM_OUTSIDE in c.get("/?estado=adiada").text


def test_a_second_reviewer_sees_a_conflict_and_the_first_decision_is_kept(acervo):
    desk, first = _client(acervo, name="ana")
    second = TestClient(first.app, base_url="http://127.0.0.1:8024", follow_redirects=False)
    stale = second.get(f"/item/{ITEM_OUTSIDE}").text  # opened before the first decides
    resp, _ = _decide(first, ITEM_OUTSIDE, acao="rejeitar", nota="A Lei nº 999 não é do acervo desta câmara.")
    assert resp.status_code == 303
    form = {"csrf": csrf_of(stale), "versao": hidden(stale, "versao"), "acao": "adiar", "nota": "Esperar o texto."}
    again = second.post(f"/item/{ITEM_OUTSIDE}/decidir", data=form)
    token = hidden(again.text, "previa", f"/item/{ITEM_OUTSIDE}/decidir")
    conflict = second.post(f"/item/{ITEM_OUTSIDE}/decidir", data={**form, "previa": token})
    assert conflict.status_code == 409
    assert "Conflito: outra pessoa decidiu este item" in conflict.text
    assert "A Lei nº 999 não é do acervo desta câmara." in conflict.text and "não gravada" in conflict.text
    (entry,) = _ledger(acervo, "lei-50-2017")
    assert entry["decisao"] == "ignorar"  # never overwritten


@pytest.fixture
def users(tmp_path):
    path = tmp_path / "usuarios.toml"
    add_user(path, "maria", "senha-da-maria", "revisor", "Maria <Souza>")
    add_user(path, "joao", "senha-do-joao", "revisor")
    add_user(path, "procuradoria", "senha-da-proc", "leitura")
    return path


def _login(client, user, password):
    page = client.get("/entrar")
    return client.post("/entrar", data={"usuario": user, "senha": password, "volta": "/",
                                        "csrf": csrf_of(page.text)})


def test_login_required_with_a_users_file_and_away_from_loopback(acervo, users):
    with pytest.raises(Exception, match="exige login"):
        load_access(None, "0.0.0.0", "ana")
    _, c = _client(acervo, users, host="0.0.0.0")
    assert c.get("/").status_code == 303 and c.get("/").headers["location"].startswith("/entrar")
    assert _login(c, "maria", "errada").status_code == 401
    resp = _login(c, "maria", "senha-da-maria")
    assert resp.status_code == 303
    cookie = resp.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    page = c.get("/").text
    assert "Maria &lt;Souza&gt;" in page  # escaped
    stored = tomllib.loads(users.read_text(encoding="utf-8"))["usuarios"][0]["senha"]
    assert stored.startswith("scrypt$") and "senha-da-maria" not in users.read_text(encoding="utf-8")
    assert verify_password("senha-da-maria", stored) and not verify_password("outra", stored)
    assert hash_password("x") != hash_password("x")  # salted


def test_every_post_needs_the_csrf_token(acervo):
    _, c = _client(acervo)
    page = c.get(f"/item/{ITEM_OUTSIDE}").text
    for data in ({"acao": "adiar", "nota": "x"}, {"acao": "adiar", "nota": "x", "csrf": "forjado"}):
        resp = c.post(f"/item/{ITEM_OUTSIDE}/decidir", data=data)
        assert resp.status_code == 403 and "CSRF" in resp.text
    other = c.post(f"/item/{ITEM_OUTSIDE}/decidir", data={"acao": "adiar", "nota": "x", "csrf": csrf_of(page)},
                   headers={"Origin": "http://malicioso.example"})
    assert other.status_code == 403
    assert _ledger(acervo, "lei-50-2017") == []
    # every form of the item page carries the token
    forms = page.count("<form")
    assert forms >= 5 and page.count('name="csrf"') >= forms - 1  # the GET form choosing a norm has none


def test_two_person_rule_and_the_read_only_role(acervo, users):
    mun = acervo / MUN / "municipio.toml"
    mun.write_text(mun.read_text(encoding="utf-8") + "\n[revisao]\nduas_pessoas = true\n", encoding="utf-8")
    desk, maria = _client(acervo, users)
    joao = TestClient(maria.app, base_url="http://127.0.0.1:8024", follow_redirects=False)
    proc = TestClient(maria.app, base_url="http://127.0.0.1:8024", follow_redirects=False)
    _login(maria, "maria", "senha-da-maria")
    _login(joao, "joao", "senha-do-joao")
    _login(proc, "procuradoria", "senha-da-proc")
    resp, _ = _decide(maria, ITEM_OUTSIDE, acao="rejeitar", nota="<script>alert(1)</script> fora do acervo")
    assert resp.status_code == 303
    (entry,) = _ledger(acervo, "lei-50-2017")
    assert (entry["estado"], entry["responsavel"]) == ("proposta", "maria")
    assert desk.item(ITEM_OUTSIDE).status == "proposta"
    page = maria.get(f"/item/{ITEM_OUTSIDE}").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page
    assert "Você propôs esta decisão" in page and "disabled" in page
    own = maria.post(f"/item/{ITEM_OUTSIDE}/aprovar", data={"csrf": csrf_of(page), "versao": hidden(page, "versao")})
    assert own.status_code == 403 and "regra de duas pessoas" in own.text
    assert _ledger(acervo, "lei-50-2017")[0]["estado"] == "proposta"
    # the procuradoria reads, and cannot decide
    read = proc.get(f"/item/{ITEM_OUTSIDE}").text
    assert f'action="/item/{ITEM_OUTSIDE}/aprovar"' not in read and 'id="outro-modo"' not in read
    assert "somente leitura" in read
    denied = proc.post(f"/item/{ITEM_OUTSIDE}/aprovar", data={"csrf": csrf_of(read), "versao": ""})
    assert denied.status_code == 403 and "somente leitura" in denied.text
    page = joao.get(f"/item/{ITEM_OUTSIDE}").text
    ok = joao.post(f"/item/{ITEM_OUTSIDE}/aprovar", data={"csrf": csrf_of(page), "versao": hidden(page, "versao")})
    assert ok.status_code == 303
    (entry,) = _ledger(acervo, "lei-50-2017")
    assert (entry["estado"], entry["responsavel"], entry["aprovada_por"]) == ("aprovada", "maria", "joao")
    assert desk.item(ITEM_OUTSIDE).status == "decidida"


def test_a_changed_instruction_reopens_its_decision(acervo):
    desk, c = _client(acervo)
    resp, _ = _decide(c, ITEM_EMENTA, acao="aprovar", leitura="proposta", nota="")
    assert resp.status_code == 303 and desk.item(ITEM_EMENTA).status == "decidida"
    text = next((acervo / MUN / "lei-80-2020").glob("texto.*"))
    text.write_text(text.read_text(encoding="utf-8").replace("calendário oficial", "calendário estadual"),
                    encoding="utf-8")
    desk.refresh([next(u for u in desk.ac.acts if u.endswith(";80"))])
    item = desk.item(ITEM_EMENTA)
    assert item is not None and item.status == "reaberta"
    step = next(s for s in desk.ac.histories[L10].steps if s.ato.endswith(";80"))
    assert step.situacao == "pendente"


def test_the_same_decisions_from_the_command_line(acervo):
    r = run_cli("decisoes", acervo, "--processos", "1")
    assert r.returncode == 0 and ITEM_OUTSIDE in r.stdout.decode()
    r = run_cli("decisoes", acervo, "--processos", "1", "--registrar", ITEM_OUTSIDE, "--decisao", "adiar",
                "--usuario", "carlos")
    assert r.returncode == 2 and "--nota" in r.stderr.decode()
    r = run_cli("decisoes", acervo, "--processos", "1", "--registrar", ITEM_NO_OPS, "--decisao", "ignorar",
                "--usuario", "carlos", "--nota", "A Lei nº 80 só cita a Lei nº 15 na ementa.")
    assert r.returncode == 0, r.stderr.decode()
    assert "registrada" in r.stdout.decode()
    (entry,) = _ledger(acervo, "lei-80-2020")
    assert (entry["problema"], entry["decisao"], entry["responsavel"]) == ("relacao-sem-operacoes", "ignorar", "carlos")
    r = run_cli("decisoes", acervo, "--processos", "1", "--json", "--estado", "decidida")
    assert r.returncode == 0 and ITEM_NO_OPS in r.stdout.decode()
    # the work list agrees: the relation is settled
    out = acervo.parent / "lista"
    r = run_cli("acervo", acervo, "-o", out, "--processos", "1")
    assert r.returncode == 0 and "relacao-sem-operacoes" not in (out / "lista.json").read_text(encoding="utf-8") \
        .split('"alteracoes"')[0]


def test_ledger_writes_are_canonical_and_migrate_norma_toml(acervo):
    folder = acervo / MUN / "lei-50-2017"
    toml = folder / "norma.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n# decidido à mão\n[[decisoes]]\nproblema = "alvo-fora-do-acervo"\n'
                    'dispositivo = "art1"\ndecisao = "adiar"\nnota = "à mão"\n', encoding="utf-8")
    desk, c = _client(acervo)
    assert desk.item(ITEM_OUTSIDE).status == "adiada"
    resp, _ = _decide(c, ITEM_OUTSIDE, acao="rejeitar", nota="Decidido na mesa.")
    assert resp.status_code == 303
    assert "[[decisoes]]" not in toml.read_text(encoding="utf-8") and "decidido à mão" not in toml.read_text(encoding="utf-8")
    entries = _ledger(acervo, "lei-50-2017")
    assert [e["nota"] for e in entries] == ["Decidido na mesa."]
    text = (folder / "decisoes.toml").read_text(encoding="utf-8")
    assert text == ledger.dumps(ledger.read(folder))  # what is on disk is the canonical form


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40)
_decision = st.builds(
    Decisao, problema=st.sampled_from(["alvo-ambiguo", "falha-na-aplicacao", "codigo-novo-de-um-portao"]),
    decisao=st.sampled_from(["aplicar", "ignorar", "nao-textual", "adiar"]),
    dispositivo=st.one_of(st.none(), st.sampled_from(["art1", "art2_par1u", "art10_cpt_inc3"])),
    nota=st.one_of(st.none(), _text), responsavel=st.one_of(st.none(), _text),
    data=st.sampled_from([None, "2026-12-02", "2026-12-02T10:31:05-03:00"]),
    operacoes=st.lists(st.builds(DecisaoOperacao, tipo=st.sampled_from(["redacao", "nota"]),
                                 alvo=st.just("urn:lex:br;x:municipal:lei:2020-01-01;1!art1"), texto=_text,
                                 rotulo=st.none()), max_size=2),
    estado=st.sampled_from([None, "proposta", "aprovada"]))


@settings(max_examples=60, deadline=None)
@given(st.lists(_decision, max_size=4, unique_by=lambda d: (d.problema, d.dispositivo)))
def test_the_ledger_reads_back_what_it_writes(tmp_path_factory, decisions):
    """Any text (quotes, line breaks, accents) in any field: what the ledger writes reads back
    the same, and writing it again gives the same bytes."""
    folder = tmp_path_factory.mktemp("livro")
    text = ledger.dumps(decisions)
    (folder / "decisoes.toml").write_text(text, encoding="utf-8")
    back = ledger.read(folder)
    strip = [(d.problema, d.decisao, d.dispositivo, d.nota, d.responsavel, d.data, d.estado,
              [(o.tipo, o.alvo, o.texto) for o in d.operacoes]) for d in back]
    want = [(d.problema, d.decisao, d.dispositivo, d.nota, d.responsavel, d.data, d.estado,
             [(o.tipo, o.alvo, o.texto) for o in d.operacoes]) for d in decisions]
    assert sorted(strip, key=repr) == sorted(want, key=repr)
    assert ledger.dumps(back) == text


def test_the_background_memo_holds_every_amending_act_and_forgets_a_changed_one(acervo):
    desk, c = _client(acervo)
    desk.warm().join(timeout=120)
    amending = {st.ato for h in desk.ac.histories.values() for st in h.steps}
    assert amending and amending <= set(desk._decided)
    resp, _ = _decide(c, ITEM_OUTSIDE, acao="adiar", nota="Esperar o texto da Lei nº 999.")
    assert resp.status_code == 303
    lei50 = next(u for u in desk.ac.acts if u.endswith(";50"))
    assert desk._stamps[lei50] == 1  # its recognition was dropped when its ledger changed


def test_the_whole_rewrite_reading_revokes_what_the_new_wording_leaves_behind_incisos_too():
    from dataclasses import replace

    from lexconsolida.amendments.model import Operation
    from lexconsolida.model import Event
    from lexconsolida.readers.text import read
    from lexconsolida.review.readings import whole_rewrite

    base = read("LEI Nº 1, DE 2 DE JANEIRO DE 2001\n\nDispõe sobre feiras.\n\nArt. 1º Feiras aos domingos.\n"
                "Art. 2º São deveres do feirante:\nI - manter a banca limpa;\nII - respeitar o horário.\n"
                "Parágrafo único. O fiscal confere.\n".encode(), path="b.txt").norma
    op = Operation("redacao", base.urn, base.label, "art2", unit_kind="artigo", text="O feirante usa crachá.")
    reading = whole_rewrite(base, [op], Event("redacao", "urn:x", "Lei nº 9", "2021-01-01"))
    assert reading is not None and reading.key == "inteira"
    assert [(o.kind, o.target_id) for o in reading.operations[1:]] == [
        ("revogacao", "art2_cpt_inc1"), ("revogacao", "art2_cpt_inc2"), ("revogacao", "art2_par1u")]
    # nothing left behind, no second reading
    assert whole_rewrite(base, [replace(op, target_id="art1")], Event("redacao", "urn:x", "Lei nº 9", "2021-01-01")) is None
