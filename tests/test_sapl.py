"""SAPL integration without a SAPL: its rules (rótulos, ordem, uniqueness, checker) and the
contract with its API, on answers recorded from a real SAPL (``tests/fixtures/sapl``, made by
``python -m tests.sapl_record``; record again when the example's texts or SAPL's API change).

The live end-to-end test is ``tests/test_sapl_e2e.py``.
"""

from __future__ import annotations

import os
import shutil
import stat
from datetime import date, timedelta

import httpx2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexconsolida.api import act_at
from lexconsolida.errors import UsageError
from lexconsolida.readers import read_file
from lexconsolida.sapl import sources
from lexconsolida.sapl.audit import audit, write_report
from lexconsolida.sapl.checker import DANGER, check
from lexconsolida.sapl.client import Client, SaplError
from lexconsolida.sapl.compare import change_dates, differences, units_at
from lexconsolida.sapl.connection import TOKEN_VAR, URL_VAR, connection
from lexconsolida.sapl.export import export
from lexconsolida.sapl.importer import import_sapl, place
from lexconsolida.sapl.labels import Tipo, component_of, numbers_of_component, rotulo
from lexconsolida.sapl.plan import REVOKED_TEXT, plan
from lexconsolida.sapl.remote import Remote
from lexconsolida.sapl.sync import positions
from lexconsolida.sapl.tables import Tables
from lexconsolida.transforms.pointintime import at, vigente
from tests.conftest import GOLDEN, STATUTES, check_golden, run_cli
from tests.sapl_support import EXAMPLE, FakeSapl, Replay, load_recording

URL = "http://sapl.gravado.invalid"
DISP_PATH = "compilacao/dispositivo/"
RECORDING = load_recording()


def _client(replay: Replay, token: str | None = "gravacao") -> Client:
    return Client(URL, token, transport=replay.transport())


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    """The example municipality (a copy: the pipeline writes nothing, but tests must not touch
    statutes/) as an export takes it: every act with its history, and the relations."""
    root = tmp_path_factory.mktemp("acervo")
    shutil.copytree(STATUTES / EXAMPLE, root / EXAMPLE)
    srcs, rels, _ = sources.municipality(root, EXAMPLE)
    return root, srcs, rels


@pytest.fixture(scope="module")
def tables():
    with _client(Replay(RECORDING)) as c:
        return Tables.load(c)


# --- SAPL's rules, as lexconsolida writes them -----------------------------------------------

@pytest.mark.parametrize("kind, numbers, expected", [
    ("artigo", (1,), "Art. 1º."), ("artigo", (9,), "Art. 9º."), ("artigo", (10,), "Art. 10."),
    ("artigo", (7, 1), "Art. 7º-A."), ("paragrafo", (0,), "Parágrafo único"), ("paragrafo", (2,), "§ 2º"),
    ("paragrafo", (10,), "§ 10"), ("inciso", (4,), "IV"), ("inciso", (2, 1), "II-A"), ("alinea", (2,), "b)"),
    ("item", (3,), "3"), ("capitulo", (2,), "CAPÍTULO II"), ("caput", (1,), ""),
])
def test_rotulos_are_saples_standard(tables, kind, numbers, expected):
    """The rótulos SAPL's rotulo_padrao gives with the types a new SAPL has (its checker's
    'Rótulo Diferente do Padrão' compares with it): 'Art. 1º.' and 'Art. 10.', with the dot; a
    variation in capital letters, as the law writes it ('II-A', where SAPL's default says 'II-1')."""
    assert rotulo(tables.unit_tipo(kind), numbers, letters=True) == expected


def test_recorded_rotulos_are_the_standard(tables):
    """Every dispositivo SAPL returned carries the standard rótulo of its type and numbers."""
    rows = [r for k, v in RECORDING.items() if k.startswith("GET compilacao/dispositivo/?get_all=true&ta=")
            for r in v["json"]]
    assert len(rows) > 100
    for r in rows:
        numbers = tuple(r[f"dispositivo{i}"] for i in range(6))
        assert rotulo(tables.tipos[r["tipo_dispositivo"]], numbers) == r["rotulo"], r


@given(prefix=st.sampled_from(["art", "par", "inc", "ali", "ite", "cap", "sec"]),
       nums=st.lists(st.integers(1, 40), min_size=1, max_size=3))
def test_id_components_and_sapl_numbers_round_trip(prefix, nums):
    comp = prefix + "-".join(map(str, nums))
    assert component_of(prefix, numbers_of_component(comp)) == comp
    assert numbers_of_component("par1u") == (0,) and component_of("par", (0,)) == "par1u"


@settings(max_examples=200, deadline=None)
@given(current=st.lists(st.one_of(st.none(), st.integers(1, 60)), min_size=1, max_size=25))
def test_positions_keep_order_and_never_collide(current):
    """Rows keep their ordem where they still are in reading order; the others get free
    numbers; the result follows the reading order and no two rows ever share an ordem, nor
    one another row holds now (SAPL's unique (ta, ordem))."""
    from lexconsolida.sapl.plan import Row

    existing = {}
    seen: set[int] = set()
    rows = []
    for i, c in enumerate(current):
        key = ("d", "urn", f"u{i}", "")
        rows.append(Row(key, "urn", "urn", "", {}, {}, {}, position=i + 1))
        if c is not None and c * 1000 not in seen:
            seen.add(c * 1000)
            existing[key] = {"ordem": c * 1000}
    taken = {r["ordem"] for r in existing.values()} | {999_000}  # a row to be deleted holds one too
    out = positions(rows, existing, taken)
    values = [out[r.key] for r in rows]
    assert values == sorted(values) and len(set(values)) == len(values)
    for r in rows:
        if out[r.key] in taken:
            assert existing.get(r.key, {}).get("ordem") == out[r.key]


# --- the plan ---------------------------------------------------------------------------

def test_plan_respects_saples_rules(example, tables):
    """Each row names only planned rows; wordings chain both ways with the replaced one ending
    the day before; a new wording hangs from a block of its amending act; a block never holds
    two dispositivos of one type and number (SAPL's uniqueness ignores the parent: HTTP 500)."""
    _root, srcs, rels = example
    p = plan(srcs, tables, relations=rels, veiculo=tables.veiculo(None))
    keys = {r.key: r for r in p.rows}
    assert len(keys) == len(p.rows)
    blocks: dict = {}
    for r in p.rows:
        for field_name, ref in r.refs.items():
            assert ref is None or ref in keys, (r.what, field_name, ref)
        assert r.refs["dispositivo_vigencia"] is not None
        nxt = r.refs["dispositivo_subsequente"]
        if nxt is not None:
            assert keys[nxt].refs["dispositivo_substituido"] == r.key
            day = date.fromisoformat(keys[nxt].fields["inicio_vigencia"]) - timedelta(days=1)
            assert r.fields["fim_vigencia"] == day.isoformat()
        if r.acts["ta_publicado"]:
            block = r.refs["dispositivo_atualizador"]
            assert block is not None and block[0] == "b" and block[1] == r.acts["ta_publicado"]
            same = (r.ta, r.fields["tipo_dispositivo"], *(r.fields[f"dispositivo{i}"] for i in range(6)))
            assert same not in blocks.setdefault(block, set()), r.what
            blocks[block].add(same)
        if r.fields["dispositivo_de_revogacao"]:
            assert r.fields["texto"] == REVOKED_TEXT
    assert len(blocks) >= 4 and not p.refused


# --- the contract with SAPL's API (recorded answers) ----------------------------------------

def test_export_again_writes_nothing(example):
    """The SAPL as the first export left it (recorded) is found again field by field: a second
    export makes no write, and SAPL's checker finds no error or alert."""
    _root, srcs, rels = example
    replay = Replay(RECORDING)
    with _client(replay) as c:
        result = export(c, srcs, rels)
    assert not replay.missing, replay.missing
    assert not result.report.writes and not replay.writes
    assert not result.notices
    assert len(result.plan.rows) == sum(len(v["json"]) for k, v in RECORDING.items()
                                        if k.startswith("GET compilacao/dispositivo/?get_all=true&ta="))


def test_a_changed_act_updates_only_what_changed(tmp_path):
    """One word of the Lei nº 100 corrected in the acervo: the export (simulated on the SAPL as
    recorded) changes that dispositivo's text, and nothing else."""
    shutil.copytree(STATUTES / EXAMPLE, tmp_path / EXAMPLE)
    text = tmp_path / EXAMPLE / "lei-100-2020" / "texto.txt"
    text.write_text(text.read_text(encoding="utf-8").replace("é de interesse público", "é de interesse coletivo"),
                    encoding="utf-8")
    srcs, rels, _ = sources.municipality(tmp_path, EXAMPLE)
    with _client(Replay(RECORDING)) as c:
        result = export(c, srcs, rels, simulate=True)
    assert [(w.verb, w.what, w.fields) for w in result.report.writes] == [
        ("alterar", "Lei nº 100, de 10 de março de 2020, art2_cpt", ("texto",))]


def test_a_new_unit_goes_between_its_neighbours(tmp_path):
    """A paragraph added to an article: one row created, in a free ordem between its
    neighbours (no other row moved), and the simulated result passes SAPL's checker."""
    shutil.copytree(STATUTES / EXAMPLE, tmp_path / EXAMPLE)
    text = tmp_path / EXAMPLE / "lei-100-2020" / "texto.txt"
    text.write_text(text.read_text(encoding="utf-8").replace(
        "outorgada pelo Poder Executivo.\n",
        "outorgada pelo Poder Executivo.\nParágrafo único. A permissão é pessoal e intransferível.\n", 1), encoding="utf-8")
    srcs, rels, _ = sources.municipality(tmp_path, EXAMPLE)
    with _client(Replay(RECORDING)) as c:
        result = export(c, srcs, rels, simulate=True)
    assert [(w.verb, w.what) for w in result.report.writes] == [
        ("criar", "Lei nº 100, de 10 de março de 2020, art2_par1u")]
    assert not result.notices


def test_a_text_without_all_its_changes_says_so(tmp_path, tables):
    """The acervo lacks the text of the Lei nº 135 (it altered the Lei nº 100): the Lei nº 100
    goes to SAPL without that change, and its texto articulado says so."""
    shutil.copytree(STATUTES / EXAMPLE, tmp_path / EXAMPLE)
    toml = tmp_path / EXAMPLE / "lei-135-2022" / "norma.toml"
    toml.write_text("texto_disponivel = false\n" + toml.read_text(encoding="utf-8"), encoding="utf-8")
    srcs, rels, _ = sources.municipality(tmp_path, EXAMPLE)
    p = plan(srcs, tables, relations=rels, veiculo=tables.veiculo(None))
    lei100 = next(s for s in srcs if s.act.numero == "100")
    assert "ATENÇÃO: o texto não tem as alterações de Lei nº 135, de 20 de junho de 2022" in p.acts[lei100.act.urn].ta["observacao"]
    assert any("não tem as alterações de Lei nº 135" in n for n in p.notes[lei100.act.urn])


def test_compilations_read_back_equal_the_compiled_text(example):
    """Read back from SAPL (anonymously), each act's text in force is lexconsolida's at every
    date either text changes."""
    _root, srcs, _ = example
    with _client(Replay(RECORDING), token=None) as c:
        remote = Remote.load(c, "br;estado.ficticio;exemplo")
        by_urn = {n.urn: n for n in remote.normas.values()}
        compared = 0
        for s in srcs:
            theirs = remote.compilation(by_urn[s.act.urn])
            dates = change_dates(s.norma) | change_dates(theirs)
            assert not differences(s.norma, theirs, dates), s.act.label
            compared += sum(len(units_at(s.norma, d)) for d in dates)
    lei100 = next(s for s in srcs if s.act.numero == "100")
    assert len(change_dates(lei100.norma)) >= 3 and compared > 150


def test_checker_rules_on_recorded_rows(tables):
    rows = {r["id"]: r for k, v in RECORDING.items() if k.startswith("GET compilacao/dispositivo/?get_all=true&ta=")
            for r in v["json"]}
    pubs = {p["id"]: p for p in RECORDING["GET compilacao/publicacao/?get_all=true&ta__in=1,2,3,4,5"]["json"]}
    assert check(rows, tables.tipos, pubs) == []
    changed = next(r for r in rows.values() if r["dispositivo_substituido"])
    broken = {**rows, changed["id"]: {**changed, "dispositivo_atualizador": None, "dispositivo_vigencia": None}}
    messages = {(n.level, n.message) for n in check(broken, tables.tipos, pubs)}
    assert (DANGER, "Dispositivo sem definição de Dispositivo de Vigência.") in messages
    assert (DANGER, "Dispositivo está substituindo outro mas não foi informado o Dispositivo Atualizador.") in messages


def test_audit_reports_exactly_the_unit_edited_by_hand(example, tmp_path, update_golden):
    _root, srcs, _ = example
    rows = RECORDING["GET compilacao/dispositivo/?get_all=true&ta=3"]["json"]
    edited = next(r for r in rows if r["texto"].startswith("A permissão vale por três anos"))
    replay = Replay(RECORDING, edits={edited["id"]: {"texto": edited["texto"].replace("três", "quatro")}})
    with _client(replay, token=None) as c:
        result = audit(c, srcs)
    found = [(a.label, f.uid) for a in result.acts for f in a.differences]
    assert found == [("Lei nº 100, de 10 de março de 2020", "art5")]  # an artigo with its caput
    finding = result.acts[[a.label for a in result.acts].index(found[0][0])].differences[0]
    assert finding.since == "2021-08-06" and finding.until is None
    assert "Lei nº 120" in finding.source and "passa a vigorar" in finding.instruction
    assert "não reproduz a redação" in finding.explanation
    html_path, docx_path = write_report(result, tmp_path)
    check_golden(GOLDEN / "sapl" / "auditoria.html", html_path.read_text(encoding="utf-8"), update_golden)
    assert docx_path.read_bytes() == write_report(result, tmp_path / "again")[1].read_bytes()  # same bytes


def test_import_gives_back_the_texts(example, tmp_path):
    """Imported from SAPL, each act's text as published is the acervo's, the compilation as
    recorded is lexconsolida's at every date, and the imported acervo, compiled again, gives
    the same texts; the vínculos become [[relacoes]]."""
    root, srcs, _ = example
    dest = tmp_path / "importado"
    (dest / EXAMPLE).mkdir(parents=True)
    shutil.copy(root / EXAMPLE / "municipio.toml", dest / EXAMPLE)
    with _client(Replay(RECORDING), token=None) as c:
        nome, loc = place(dest, EXAMPLE, None)
        summary = import_sapl(Remote.load(c, loc), dest, EXAMPLE, nome, site=URL)
    assert summary.normas == summary.textos == len(srcs)
    for s in srcs:
        folder = dest / EXAMPLE / s.act.folder.name
        compiled = read_file(folder / "compilacao-sapl.xml").norma
        assert not differences(s.norma, compiled), s.act.label
        original = read_file(folder / "texto.xml").norma
        start = s.act.in_force_from
        want = units_at(vigente(at(s.norma, start)), start)
        got = units_at(original, start)
        assert {k: (u.label, u.body) for k, u in got.items()} == {k: (u.label, u.body) for k, u in want.items()}
    # the imported acervo applies the imported amending acts as the original acervo did
    for s in srcs:
        again = act_at(str(dest / EXAMPLE / s.act.folder.name))
        assert all(r.applied for r in again.history.reports), s.act.label
        assert not differences(s.norma, again.norma), s.act.label
    toml = (dest / EXAMPLE / "lei-120-2021" / "norma.toml").read_text(encoding="utf-8")
    assert 'tipo = "altera"' in toml and "lei:2020-03-10;100" in toml
    # again: nothing rewritten; a folder a person owns is left alone
    mine = dest / EXAMPLE / "lei-135-2022" / "norma.toml"
    mine.write_text(mine.read_text(encoding="utf-8").replace('fonte = "SAPL ', 'fonte = "Diário Oficial; antes SAPL '),
                    encoding="utf-8")
    with _client(Replay(RECORDING), token=None) as c:
        again = import_sapl(Remote.load(c, loc), dest, EXAMPLE, nome, site=URL)
    assert again.escritos == 0 and again.mantidos == ["lei-135-2022"]


def test_a_failed_request_leaves_the_sapl_as_it_was(example):
    """SAPL refuses a dispositivo of the Lei nº 100 (HTTP 500): the error names the act and the
    unit, and every row, publicação and texto articulado this run wrote for that act is deleted,
    newest first; the acts written before it stay whole (the next run resumes there)."""
    _root, srcs, rels = example

    def refuse(method, model, body):
        return method == "POST" and model == "compilacao/dispositivo/" and "vale por três anos" in body.get("texto", "")

    fake = FakeSapl(RECORDING, fail=refuse)
    with Client(URL, "t", transport=httpx2.MockTransport(fake)) as c:
        with pytest.raises(SaplError) as err:
            export(c, srcs, rels)
    message = str(err.value)
    assert message.startswith("Lei nº 100, de 10 de março de 2020, art5_cpt (redacao: Lei nº 120")
    assert "foi desfeito: o SAPL está como antes dela" in message
    lei100 = next(s for s in srcs if s.act.numero == "100")
    tas = fake.rows["compilacao/textoarticulado/"].values()
    assert lei100.act.urn not in [t["observacao"].split("(")[1].split(")")[0] for t in tas]
    created = [m for m, p in fake.log if m == "POST"]
    assert created and all(r.get("ta") in {t["id"] for t in tas} for r in fake.rows[DISP_PATH].values())
    assert len(fake.rows["norma/normajuridica/"]) == len(srcs)


# --- the client and the connection -----------------------------------------------------------

def test_refusals_come_in_portuguese():
    def answer(request):
        body = request.content.decode()
        key = "ERRO POST sem token" if "tiponormajuridica" in str(request.url) else "ERRO POST campos faltando"
        assert body
        return httpx2.Response(RECORDING[key]["status"], json=RECORDING[key]["json"])

    with Client(URL, None, transport=httpx2.MockTransport(answer)) as c:
        with pytest.raises(SaplError, match=r"sem token \(anônimo\) \(HTTP 401: As credenciais"):
            c.create("norma/tiponormajuridica", {"sigla": "X"}, "Lei nº 1: norma jurídica")
        with pytest.raises(SaplError, match=r"Lei nº 1, art1: o SAPL recusou .* inicio_vigencia: Este campo é obrigatório"):
            c.create("compilacao/dispositivo", {}, "Lei nº 1, art1")


def test_a_dead_sapl_is_named():
    def down(request):
        raise httpx2.ConnectError("conexão recusada", request=request)

    with Client(URL, "t", transport=httpx2.MockTransport(down)) as c:
        with pytest.raises(SaplError, match="não foi possível falar com o SAPL"):
            c.list("norma/normajuridica", "lendo as normas")
        assert c.counts["GET"] == 3  # a read is tried again; a write never is


def test_connection_from_environment_or_a_private_file(tmp_path):
    assert connection(environ={URL_VAR: "http://x", TOKEN_VAR: "abc"}).token == "abc"
    with pytest.raises(UsageError, match="LEXCONSOLIDA_SAPL_URL"):
        connection(environ={})
    with pytest.raises(UsageError, match="pede um token"):
        connection(environ={URL_VAR: "http://x"}, need_token=True)
    acervo = tmp_path / "acervo"
    acervo.mkdir()
    inside = acervo / "sapl.toml"
    inside.write_text('url = "http://x"\ntoken = "abc"\n', encoding="utf-8")
    os.chmod(inside, 0o600)
    with pytest.raises(UsageError, match="dentro do acervo"):
        connection(str(inside), acervos=(acervo,), environ={})
    outside = tmp_path / "sapl.toml"
    outside.write_text('url = "http://x"\ntoken = "abc"\n', encoding="utf-8")
    os.chmod(outside, 0o644)
    with pytest.raises(UsageError, match="chmod 600"):
        connection(str(outside), acervos=(acervo,), environ={})
    os.chmod(outside, stat.S_IRUSR | stat.S_IWUSR)
    assert connection(str(outside), acervos=(acervo,), environ={}).url == "http://x"


def test_exportar_without_a_sapl_says_how(monkeypatch):
    for var in [k for k in os.environ if k.startswith("LEXCONSOLIDA_SAPL")]:
        monkeypatch.delenv(var)
    proc = run_cli("sapl", "exportar", str(STATUTES / EXAMPLE / "lei-100-2020"))
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "informe o SAPL: a variável de ambiente LEXCONSOLIDA_SAPL_URL" in err


def test_empty_type_tables_are_said_in_portuguese(example):
    """A new SAPL has no TipoNormaJuridica: the export stops before writing, saying where the
    câmara fills it."""
    _root, srcs, rels = example
    empty = dict(RECORDING)
    empty["GET norma/tiponormajuridica/?get_all=true"] = {"status": 200, "json": []}
    replay = Replay(empty)
    with _client(replay) as c, pytest.raises(SaplError, match="tabela de tipos de norma jurídica do SAPL está vazia"):
        export(c, srcs, rels)
    assert not replay.writes


def test_a_type_the_camara_lacks_holds_only_its_acts(example):
    """Without 'Decreto' among the SAPL's types, the Decreto nº 12 is not exported (and says
    why); the leis are planned as before."""
    _root, srcs, rels = example
    partial = dict(RECORDING)
    key = "GET norma/tiponormajuridica/?get_all=true"
    partial[key] = {"status": 200, "json": [t for t in RECORDING[key]["json"] if t["equivalente_lexml"] != "decreto"]}
    with _client(Replay(partial)) as c:
        tables = Tables.load(c)
    p = plan(srcs, tables, relations=rels, veiculo=tables.veiculo(None))
    decreto = next(s.act.urn for s in srcs if s.act.tipo == "Decreto")
    assert "o SAPL não tem tipo de norma para 'Decreto'" in p.refused[decreto]
    assert {r.ta for r in p.rows} == {s.act.urn for s in srcs} - {decreto}
    assert all(decreto not in (r.fonte, r.alvo) for r in p.relations)


def test_rotulo_rule_reads_the_types_of_the_sapl():
    """A câmara that changed its article type (no ordinal, no final dot) gets its own rótulos."""
    tipo = Tipo(1, "Artigo", "artigo", "Art. ", "", 0, ("1", "A", "1", "1", "1", "1"), ("", "-", "-", "-", "-", "-"))
    assert rotulo(tipo, (1,)) == "Art. 1" and rotulo(tipo, (5, 2)) == "Art. 5-B"
    inciso = Tipo(2, "Inciso", "inciso indent", "", "", 0, ("I", "1", "1", "1", "1", "1"), ("", "-", "-", "-", "-", "-"))
    assert rotulo(inciso, (2, 1)) == "II-1" and rotulo(inciso, (2, 1), letters=True) == "II-A"
